//! The shop's one HTTP client for addresses that users or staff name (a moved shop's pictures;
//! later webhooks). Every address passes `laden_domain::outbound`: http(s) only, and only to
//! public addresses unless the administrator allows the host. Names are resolved by the
//! client's own resolver, which refuses a name that points inward and hands the client exactly
//! the addresses it checked (no second lookup a rebinding name could answer differently);
//! addresses written as IPs are checked before the request and on every redirect. Each fetch
//! has a time limit and a size limit, read as the body streams in.

use laden_domain::i18n::{t, tf};
use laden_domain::outbound::{check_address, check_url, Refusal};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Redirects followed before giving up.
pub const MAX_REDIRECTS: usize = 5;

/// How the client is set up.
#[derive(Debug, Clone)]
pub struct OutboundConfig {
    /// Hosts (names or addresses) the administrator allows although they are not public.
    pub allowed_hosts: Vec<String>,
    /// The largest body taken, in bytes.
    pub max_bytes: usize,
    /// The whole request's time limit.
    pub timeout: Duration,
}

impl Default for OutboundConfig {
    fn default() -> Self {
        OutboundConfig {
            allowed_hosts: Vec::new(),
            max_bytes: 16 * 1024 * 1024,
            timeout: Duration::from_secs(30),
        }
    }
}

/// Why a fetch brought nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    /// The address, or one it led to, is not fetched (`laden_domain::outbound`).
    Refused(Refusal),
    /// More than [`MAX_REDIRECTS`] redirects.
    Redirects,
    /// Larger than the limit.
    TooLarge,
    /// The server answered with this status.
    Status(u16),
    /// No answer within the time limit.
    Timeout,
    /// The name is unknown or the server cannot be reached.
    Unreachable,
}

impl FetchError {
    /// What it means, in German.
    pub fn message(&self) -> String {
        match self {
            FetchError::Refused(r) => t(r.msgid()),
            FetchError::Redirects => t("Too many redirects."),
            FetchError::TooLarge => t("The file is larger than the upload limit."),
            FetchError::Status(code) => tf("The server answered with status %d.", &[code]),
            FetchError::Timeout => t("The server did not answer in time."),
            FetchError::Unreachable => t("The server cannot be reached."),
        }
    }
}

impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

/// A refusal carried through the client's error chain, to be told apart from other failures.
#[derive(Debug)]
struct Refused(Refusal);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.msgid())
    }
}

impl std::error::Error for Refused {}

/// Resolves names and lets through only the addresses the rule allows for that name.
struct GuardedResolver {
    allowed: Arc<Vec<String>>,
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allowed = self.allowed.clone();
        let host = name.as_str().to_ascii_lowercase();
        Box::pin(async move {
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            // Every address the name has must be allowed: a name with one public and one
            // private address could be answered either way on the next lookup.
            for a in &found {
                check_address(&host, a.ip(), &allowed).map_err(Refused)?;
            }
            let addrs: reqwest::dns::Addrs = Box::new(found.into_iter());
            Ok(addrs)
        })
    }
}

/// The guarded client (cheap to clone: one connection pool).
#[derive(Clone)]
pub struct Outbound {
    client: reqwest::Client,
    allowed: Arc<Vec<String>>,
    max_bytes: usize,
}

impl Outbound {
    pub fn new(config: OutboundConfig) -> Result<Outbound, String> {
        let allowed = Arc::new(config.allowed_hosts);
        let on_redirect = allowed.clone();
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("Laden/", env!("CARGO_PKG_VERSION")))
            .dns_resolver(Arc::new(GuardedResolver {
                allowed: allowed.clone(),
            }))
            .redirect(reqwest::redirect::Policy::custom(move |attempt| {
                if attempt.previous().len() >= MAX_REDIRECTS {
                    return attempt.error("too many redirects");
                }
                match check_url(attempt.url().as_str(), &on_redirect) {
                    Ok(_) => attempt.follow(),
                    Err(r) => attempt.error(Refused(r)),
                }
            }))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Outbound {
            client,
            allowed,
            max_bytes: config.max_bytes,
        })
    }

    /// The body at `url`, if the rule lets it be fetched and it comes whole within the limits.
    pub async fn get(&self, url: &str) -> Result<Vec<u8>, FetchError> {
        check_url(url, &self.allowed).map_err(FetchError::Refused)?;
        let mut res = self
            .client
            .get(url.trim())
            .send()
            .await
            .map_err(|e| classify(&e))?;
        if !res.status().is_success() {
            return Err(FetchError::Status(res.status().as_u16()));
        }
        if res
            .content_length()
            .is_some_and(|n| n > self.max_bytes as u64)
        {
            return Err(FetchError::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = res.chunk().await.map_err(|e| classify(&e))? {
            if body.len() + chunk.len() > self.max_bytes {
                return Err(FetchError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

/// Tells a refusal (from the resolver or the redirect policy) from a timeout or a failure.
fn classify(e: &reqwest::Error) -> FetchError {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if let Some(Refused(r)) = err.downcast_ref::<Refused>() {
            return FetchError::Refused(r.clone());
        }
        source = err.source();
    }
    if e.is_redirect() {
        FetchError::Redirects
    } else if e.is_timeout() {
        FetchError::Timeout
    } else {
        FetchError::Unreachable
    }
}
