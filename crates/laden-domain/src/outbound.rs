//! Where the shop may fetch from when a user or staff names the address (a moved shop's
//! pictures, later webhooks): http(s) only, no credentials in the address, and only public
//! addresses — never loopback, private, link-local (cloud metadata at 169.254.169.254),
//! shared, multicast, documentation or reserved ones, in IPv4 or IPv6 (mapped and NAT64 forms
//! too) — unless the administrator allows the host. The rule is checked after the name is
//! resolved and on every redirect (`laden-outbound`), so a name that points inward, or a
//! redirect to one, is refused before a connection is made (no SSRF through the shop).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address is not fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Not `http` or `https`.
    Scheme,
    /// A user name or password in the address.
    Credentials,
    /// Not an address at all.
    Malformed,
    /// The host is, or resolves to, an address that is not public.
    Address(IpAddr),
}

impl Refusal {
    /// The catalogue id of the German message.
    pub fn msgid(&self) -> &'static str {
        match self {
            Refusal::Scheme => "Only http and https addresses are fetched.",
            Refusal::Credentials => "Addresses with a user name or password are not fetched.",
            Refusal::Malformed => "This is not a web address.",
            Refusal::Address(_) => {
                "The address leads into a private network or to this machine; it is not fetched."
            }
        }
    }
}

/// Whether `ip` is a public unicast address the shop may connect to.
pub fn public_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        // 0.0.0.0/8 ("this network"), 100.64.0.0/10 (carrier-grade NAT), 192.0.0.0/24 (IETF
        // protocol assignments), 198.18.0.0/15 (benchmarking), 240.0.0.0/4 (reserved).
        || a == 0
        || (a == 100 && (64..=127).contains(&b))
        || (a == 192 && b == 0 && c == 0)
        || (a == 198 && (18..=19).contains(&b))
        || a >= 240)
}

fn public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return public_v4(v4);
    }
    let s = ip.segments();
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0, 0, 0, 0] {
        let [x, y] = [s[6], s[7]];
        return public_v4(Ipv4Addr::new(
            (x >> 8) as u8,
            x as u8,
            (y >> 8) as u8,
            y as u8,
        ));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        // fc00::/7 unique local, fe80::/10 link-local, 2001:db8::/32 documentation,
        // ::/96 IPv4-compatible (deprecated), 100::/64 discard.
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] == 0x2001 && s[1] == 0x0db8)
        || s[0..6] == [0, 0, 0, 0, 0, 0]
        || (s[0] == 0x100 && s[1..4] == [0, 0, 0]))
}

/// The scheme, credentials and host of an address as written, before any name is resolved:
/// the host (lower case, without brackets) to resolve, or why it is refused. A host written as
/// an IP address is checked here, unless `allowed`.
pub fn check_url(url: &str, allowed: &[String]) -> Result<String, Refusal> {
    let url = url.trim();
    let (scheme, rest) = url.split_once("://").ok_or(Refusal::Malformed)?;
    if !matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
        return Err(Refusal::Scheme);
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(Refusal::Credentials);
    }
    let host = if let Some(bracketed) = authority.strip_prefix('[') {
        bracketed.split(']').next().unwrap_or("")
    } else {
        authority.rsplit_once(':').map_or(authority, |(h, _)| h)
    }
    .to_ascii_lowercase();
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(Refusal::Malformed);
    }
    if let Ok(ip) = host.parse::<IpAddr>() {
        check_address(&host, ip, allowed)?;
    }
    Ok(host)
}

/// Whether `host` may be reached at `ip` (an address it resolved to, or its own literal).
pub fn check_address(host: &str, ip: IpAddr, allowed: &[String]) -> Result<(), Refusal> {
    if public_address(ip) || host_allowed(host, allowed) {
        Ok(())
    } else {
        Err(Refusal::Address(ip))
    }
}

/// Whether the administrator allowed `host` (by name or address, any case).
pub fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    allowed.iter().any(|a| {
        a.trim()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .eq_ignore_ascii_case(host)
    })
}

/// The administrator's allowed hosts from a comma-separated list.
pub fn allowed_hosts(list: &str) -> Vec<String> {
    list.split(',')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses() {
        for (ip, public) in [
            ("8.8.8.8", true),
            ("93.184.216.34", true),
            ("2a00:1450:4001:80b::2004", true),
            ("127.0.0.1", false),
            ("127.8.9.10", false),
            ("0.0.0.0", false),
            ("0.1.2.3", false),
            ("10.1.2.3", false),
            ("172.16.0.1", false),
            ("172.31.255.255", false),
            ("172.32.0.1", true),
            ("192.168.1.1", false),
            ("169.254.169.254", false),
            ("100.64.0.1", false),
            ("100.127.255.255", false),
            ("100.128.0.1", true),
            ("192.0.0.8", false),
            ("192.0.2.1", false),
            ("198.18.0.1", false),
            ("198.51.100.2", false),
            ("203.0.113.9", false),
            ("224.0.0.1", false),
            ("240.0.0.1", false),
            ("255.255.255.255", false),
            ("::1", false),
            ("::", false),
            ("fc00::1", false),
            ("fd12:3456::1", false),
            ("fe80::1", false),
            ("ff02::1", false),
            ("2001:db8::1", false),
            ("::ffff:127.0.0.1", false),
            ("::ffff:10.0.0.1", false),
            ("::ffff:8.8.8.8", true),
            ("64:ff9b::7f00:1", false),
            ("64:ff9b::a9fe:a9fe", false),
            ("64:ff9b::808:808", true),
            ("::127.0.0.1", false),
            ("100::1", false),
        ] {
            let addr: IpAddr = ip.parse().unwrap_or_else(|_| panic!("{ip}"));
            assert_eq!(public_address(addr), public, "{ip}");
        }
    }

    #[test]
    fn addresses_as_written() {
        let none: &[String] = &[];
        let mine = vec!["127.0.0.1".to_owned(), "bilder.intern".to_owned()];
        let loopback = Refusal::Address(
            "127.0.0.1"
                .parse()
                .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        );
        for (url, allowed, want) in [
            (
                "https://alter-shop.de/wp-content/uploads/a.jpg",
                none,
                Ok("alter-shop.de"),
            ),
            ("HTTP://Alter-Shop.DE:8080/a.jpg", none, Ok("alter-shop.de")),
            ("https://[2a00:1450::1]/a.jpg", none, Ok("2a00:1450::1")),
            ("ftp://alter-shop.de/a.jpg", none, Err(Refusal::Scheme)),
            ("file:///etc/passwd", none, Err(Refusal::Scheme)),
            ("javascript:alert(1)", none, Err(Refusal::Malformed)),
            ("/uploads/a.jpg", none, Err(Refusal::Malformed)),
            (
                "https://user:pw@alter-shop.de/a.jpg",
                none,
                Err(Refusal::Credentials),
            ),
            ("http://127.0.0.1:9000/a.jpg", none, Err(loopback.clone())),
            ("http://127.0.0.1:9000/a.jpg", &mine[..], Ok("127.0.0.1")),
            (
                "http://[::1]/a.jpg",
                none,
                Err(Refusal::Address(
                    "::1".parse().unwrap_or(IpAddr::V6(Ipv6Addr::LOCALHOST)),
                )),
            ),
            (
                "http://169.254.169.254/latest/meta-data/",
                none,
                Err(Refusal::Address(
                    "169.254.169.254"
                        .parse()
                        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
                )),
            ),
            ("http://bilder.intern/a.jpg", none, Ok("bilder.intern")),
            ("https:///a.jpg", none, Err(Refusal::Malformed)),
        ] {
            assert_eq!(check_url(url, allowed), want.map(str::to_owned), "{url}");
        }
        // A name is checked by what it resolves to.
        let private: IpAddr = "10.0.0.5"
            .parse()
            .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert!(check_address("bilder.intern", private, none).is_err());
        assert!(check_address("bilder.intern", private, &mine).is_ok());
        assert_eq!(
            allowed_hosts(" 127.0.0.1, Bilder.Intern ,,"),
            ["127.0.0.1", "bilder.intern"]
        );
        for r in [
            Refusal::Scheme,
            Refusal::Credentials,
            Refusal::Malformed,
            loopback,
        ] {
            assert!(crate::i18n::known(r.msgid()), "{r:?}");
        }
    }
}
