//! What one address may try, and how often: failed logins, registrations, re-sent
//! confirmation links and withdrawal lookups. The counters live in the database
//! (`laden_store::rate`), so several instances share them.

use crate::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use laden_store::Limit;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The proxies trusted by default: a reverse proxy on the same machine.
pub const LOOPBACK: [IpAddr; 2] = [
    IpAddr::V4(Ipv4Addr::LOCALHOST),
    IpAddr::V6(Ipv6Addr::LOCALHOST),
];

/// Failed logins per address: 20 in 15 minutes. An office behind one address stays
/// usable; a password guesser gets 80 guesses an hour instead of thousands.
pub const LOGIN_FAILURES: Limit = Limit::per_minutes(20, 15);
/// Customer registrations per address: 10 an hour (each sends an e-mail).
pub const REGISTRATIONS: Limit = Limit::per_minutes(10, 60);
/// Requests to send a confirmation link again, per address: 10 an hour.
pub const CONFIRMATION_RESENDS: Limit = Limit::per_minutes(10, 60);
/// Requests for a password-reset link, per address: 10 an hour (each may send an e-mail).
pub const PASSWORD_RESETS: Limit = Limit::per_minutes(10, 60);
/// Withdrawal lookups naming no order (wrong number or e-mail), per address: 10 in
/// 15 minutes, so order numbers and addresses cannot be tried out.
pub const WITHDRAWAL_MISSES: Limit = Limit::per_minutes(10, 15);

/// The client's address: the peer, or, when the peer is a trusted proxy, the
/// address the proxies recorded in `X-Forwarded-For`.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub Option<IpAddr>);

impl ClientAddr {
    /// The counter's name for `action` from this client. IPv6 clients are counted per
    /// /64 network, since one subscriber gets a whole /64.
    pub fn bucket(&self, action: &str) -> String {
        match self.0 {
            Some(IpAddr::V4(a)) => format!("{action}:{a}"),
            Some(IpAddr::V6(a)) => {
                let s = a.segments();
                format!("{action}:{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
            None => format!("{action}:unknown"),
        }
    }
}

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let forwarded = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok());
        Ok(ClientAddr(client_addr(
            peer,
            forwarded,
            &state.config.trusted_proxies,
        )))
    }
}

/// Walks `X-Forwarded-For` from the right (the entry the nearest proxy added) past the
/// trusted proxies; the first address not trusted is the client. Entries further left
/// were written by the client itself and prove nothing.
pub fn client_addr(
    peer: Option<IpAddr>,
    forwarded: Option<&str>,
    trusted: &[IpAddr],
) -> Option<IpAddr> {
    let peer = peer?;
    let is_trusted = |a: &IpAddr| trusted.contains(&canonical(*a));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let mut client = peer;
    for entry in forwarded
        .unwrap_or("")
        .rsplit(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let Ok(addr) = entry.parse::<IpAddr>() else {
            break;
        };
        client = canonical(addr);
        if !is_trusted(&client) {
            break;
        }
    }
    Some(client)
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) is that IPv4 address.
fn canonical(a: IpAddr) -> IpAddr {
    match a {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(a, IpAddr::V4),
        v4 => v4,
    }
}

/// Parses `LADEN_TRUSTED_PROXIES`: addresses separated by commas or spaces.
pub fn parse_proxies(list: &str) -> Result<Vec<IpAddr>, String> {
    list.split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<IpAddr>().map(canonical).map_err(|_| s.to_owned()))
        .collect()
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn the_client_behind_trusted_proxies() {
        let trusted = [ip("127.0.0.1"), ip("10.0.0.2")];
        // (peer, X-Forwarded-For, client)
        let cases: &[(&str, Option<&str>, &str)] = &[
            ("203.0.113.9", None, "203.0.113.9"),
            // An untrusted peer cannot name another address.
            ("203.0.113.9", Some("198.51.100.1"), "203.0.113.9"),
            ("127.0.0.1", None, "127.0.0.1"),
            ("127.0.0.1", Some("198.51.100.1"), "198.51.100.1"),
            // The client wrote the left entries; the proxy appended the real address.
            ("127.0.0.1", Some("1.1.1.1, 198.51.100.1"), "198.51.100.1"),
            // Two proxies in a row.
            ("127.0.0.1", Some("198.51.100.1, 10.0.0.2"), "198.51.100.1"),
            // Garbage stops the walk at the last address known good.
            ("127.0.0.1", Some("198.51.100.1, nonsense"), "127.0.0.1"),
            ("127.0.0.1", Some("::ffff:198.51.100.7"), "198.51.100.7"),
            ("::ffff:127.0.0.1", Some("198.51.100.1"), "198.51.100.1"),
            ("127.0.0.1", Some("2001:db8::1"), "2001:db8::1"),
        ];
        for (peer, xff, want) in cases {
            assert_eq!(
                client_addr(Some(ip(peer)), *xff, &trusted),
                Some(ip(want)),
                "peer {peer}, forwarded {xff:?}"
            );
        }
        assert_eq!(client_addr(None, Some("198.51.100.1"), &trusted), None);
    }

    #[test]
    fn buckets_group_ipv6_networks() {
        assert_eq!(
            ClientAddr(Some(ip("203.0.113.9"))).bucket("login"),
            "login:203.0.113.9"
        );
        assert_eq!(
            ClientAddr(Some(ip("2001:db8:1:2:3:4:5:6"))).bucket("login"),
            ClientAddr(Some(ip("2001:db8:1:2::ffff"))).bucket("login")
        );
        assert_ne!(
            ClientAddr(Some(ip("2001:db8:1:2::1"))).bucket("login"),
            ClientAddr(Some(ip("2001:db8:1:3::1"))).bucket("login")
        );
        assert_eq!(ClientAddr(None).bucket("login"), "login:unknown");
    }

    #[test]
    fn proxies_from_the_environment() {
        assert_eq!(
            parse_proxies("127.0.0.1, ::1 10.0.0.2").unwrap(),
            vec![ip("127.0.0.1"), ip("::1"), ip("10.0.0.2")]
        );
        assert_eq!(parse_proxies("").unwrap(), Vec::<IpAddr>::new());
        assert_eq!(parse_proxies("10.0.0.0/8").unwrap_err(), "10.0.0.0/8");
    }
}
