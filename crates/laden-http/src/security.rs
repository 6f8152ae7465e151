//! Security headers on every response: `nosniff`, the referrer policy, HSTS behind
//! TLS, and a Content-Security-Policy for HTML. Scripts run only from the shop
//! itself, plus the analytics the administrator configured (its origin, or the
//! SHA-256 of its first-party snippet); the data islands are JSON and never run.

use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use laden_store::SiteSettings;
use sha2::Digest;

/// The origin (`https://host[:port]`) of an https address, or `None`.
fn https_origin(url: &str) -> Option<String> {
    let rest = url.strip_prefix("https://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']')))
    .then(|| format!("https://{host}"))
}

/// The one inline script of a page, first in its head: marks `<html class="consent-undecided">`
/// for a visitor without a `wp_consent_statistics` or `wp_consent_marketing` cookie (the web app's
/// `hasDecided`). The consent banner is in the cached HTML for everyone and shows only under that
/// class until the app takes over, so it is painted with the page instead of after hydration,
/// and never flashes for a visitor who has decided (or has no JavaScript).
pub const CONSENT_PROBE: &str = r"document.cookie.match(/(?:^|;\s*)wp_consent_(?:statistics|marketing)=/)||document.documentElement.classList.add('consent-undecided')";

/// The other inline script of a page, last in its body: asks for the app's modules only after the
/// first paint. The page is complete HTML and needs none of them to be seen; fetched with the
/// document (the preload scanner finds `<script src>` and `modulepreload` at once) ~75 KB of
/// scripts share the phone's link with the document and its images, and the text or image that
/// is the largest paint waits for them. They are added (the entry and every chunk of its route,
/// from `__LADEN_MODULES__`, so they load in parallel and hydration starts one round trip after
/// the paint) when the browser reports the first contentful paint as shown on screen (the Paint
/// Timing entry `first-contentful-paint`, not merely `first-paint`, which a background can be
/// before any text is; a frame's rendering step, `requestAnimationFrame`, comes before it, and under load even
/// the next frame's can), at the latest after 3 s. At once when there is nothing to paint first
/// (the server sent the empty shell: the browser renders the page) or the tab is hidden (no
/// frames; also when it is hidden before the paint). A browser without Paint Timing asks 50 ms
/// after the second frame.
pub const MODULE_LOADER: &str = r"(function(d){var l=d.getElementById('__LADEN_MODULES__'),u=l?JSON.parse(l.textContent):[],a=d.getElementById('app'),n=0;function go(){if(n++)return;u.forEach(function(s,i){var e=d.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=s}else{e.type='module';e.src=s}d.head.appendChild(e)})}if(!a||!a.firstChild||d.visibilityState=='hidden')return go();d.addEventListener('visibilitychange',go);try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')>=0){new PerformanceObserver(function(l){l.getEntries().some(function(e){return e.name=='first-contentful-paint'})&&setTimeout(go)}).observe({type:'paint',buffered:true});setTimeout(go,3e3);return}}catch(e){}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,50)})})})(document)";

/// `'sha256-…'` of an inline script, as `script-src` names it.
fn script_hash(script: &str) -> String {
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script.as_bytes()))
    )
}

/// The policy for the shop's pages under these settings.
pub fn content_security_policy(settings: Option<&SiteSettings>) -> String {
    let mut scripts = vec![
        "'self'".to_owned(),
        script_hash(CONSENT_PROBE),
        script_hash(MODULE_LOADER),
    ];
    let mut connect = vec!["'self'".to_owned()];
    if let Some(s) = settings {
        if let Some(origin) = https_origin(&s.tracking.analytics_script) {
            scripts.push(origin.clone());
            connect.push(origin);
        }
        let snippet = s.tracking.analytics_snippet.as_str();
        if !snippet.is_empty() {
            scripts.push(script_hash(snippet));
        }
    }
    [
        "default-src 'self'".to_owned(),
        format!("script-src {}", scripts.join(" ")),
        format!("connect-src {}", connect.join(" ")),
        // React's style attributes and the header's breakpoint rules are inline styles.
        "style-src 'self' 'unsafe-inline'".to_owned(),
        "img-src 'self' data: blob: https:".to_owned(),
        "media-src 'self' https:".to_owned(),
        "font-src 'self' data:".to_owned(),
        // Video embeds and gallery iframes (https only), and the editor's own preview frame.
        "frame-src 'self' https:".to_owned(),
        "frame-ancestors 'self'".to_owned(),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'self'".to_owned(),
    ]
    .join("; ")
}

/// The checkout's policy: the shop's, with Stripe's hosts (Stripe.js, its frames, its API; or
/// the test server's origin) where the shopper pays. No other page loads Stripe.js.
pub fn with_stripe(policy: &str, stripe: &laden_payments::stripe::StripeConfig) -> String {
    let own = origin_of(&stripe.js_url());
    let (scripts, frames, connect) = if stripe.api_base == laden_payments::stripe::API_BASE {
        (
            "https://js.stripe.com https://*.js.stripe.com".to_owned(),
            "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com".to_owned(),
            "https://api.stripe.com".to_owned(),
        )
    } else {
        (own.clone(), own.clone(), own)
    };
    policy
        .split("; ")
        .map(|d| match d.split_once(' ') {
            Some(("script-src", _)) => format!("{d} {scripts}"),
            Some(("frame-src", _)) => format!("{d} {frames}"),
            Some(("connect-src", _)) => format!("{d} {connect}"),
            _ => d.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// `scheme://host[:port]` of an address.
pub(crate) fn origin_of(url: &str) -> String {
    match url.find("://") {
        Some(i) => {
            let rest = &url[i + 3..];
            let host = rest.split(['/', '?', '#']).next().unwrap_or("");
            format!("{}://{host}", &url[..i])
        }
        None => url.to_owned(),
    }
}

impl AppState {
    /// The policy of the page at `path`: the checkout's and its order-pay pages' allow Stripe
    /// while the shop offers a Stripe method.
    pub(crate) async fn csp_for_path(&self, version: i64, path: &str) -> HeaderValue {
        let base = self.csp_for(version).await;
        if path != crate::documents::CHECKOUT_PATH
            && !path.starts_with(crate::documents::ORDER_PAY_PATH)
        {
            return base;
        }
        let offers_stripe = match self.store.settings().await {
            Ok(s) => crate::payments::offered(self, &s.shop.payment_methods)
                .iter()
                .any(|m| m.online()),
            Err(_) => false,
        };
        match (&self.stripe, offers_stripe) {
            (Some(stripe), true) => base
                .to_str()
                .ok()
                .and_then(|p| HeaderValue::from_str(&with_stripe(p, stripe.config())).ok())
                .unwrap_or(base),
            _ => base,
        }
    }

    /// The policy for the current settings, recomputed when `version` (the version of the last
    /// change of everything, `Caches::site_version`) moves.
    pub(crate) async fn csp_for(&self, version: i64) -> HeaderValue {
        if let Ok(cached) = self.csp.read() {
            if let Some((v, value)) = cached.as_ref() {
                if *v == version {
                    return value.clone();
                }
            }
        }
        let settings = self.store.settings().await.ok();
        let value = HeaderValue::from_str(&content_security_policy(settings.as_ref()))
            .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        if let Ok(mut cached) = self.csp.write() {
            *cached = Some((version, value.clone()));
        }
        value
    }
}

/// Adds the headers every response carries, and the default policy to HTML that has none.
pub async fn headers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    common_headers(h, state.config.site_url.starts_with("https://"));
    let html = h
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html && !h.contains_key(header::CONTENT_SECURITY_POLICY) {
        static PLAIN: std::sync::OnceLock<Option<HeaderValue>> = std::sync::OnceLock::new();
        if let Some(v) =
            PLAIN.get_or_init(|| HeaderValue::from_str(&content_security_policy(None)).ok())
        {
            h.insert(header::CONTENT_SECURITY_POLICY, v.clone());
        }
    }
    res
}

/// The headers every response carries: `nosniff`, the referrer policy and, for a shop behind
/// TLS, HSTS (also written by the cache-hit path, `crate::hit`, which does not pass `headers`).
pub(crate) fn common_headers(h: &mut HeaderMap, https: bool) {
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    if https {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
}

/// Whether a request's `Origin` is this shop: the configured site or the host the request
/// was sent to (the same origin however the shop is reached, e.g. `localhost`).
fn same_origin(origin: &str, host: Option<&str>, site_url: &str) -> bool {
    if origin.eq_ignore_ascii_case(&origin_of(site_url.trim_end_matches('/'))) {
        return true;
    }
    let origin_host = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"));
    matches!((origin_host, host), (Some(o), Some(h)) if !o.is_empty() && o.eq_ignore_ascii_case(h))
}

/// Refuses state-changing requests that a browser sent from another website (a cross-site
/// form or `text/plain` POST): their `Origin` is neither the shop's nor the request's host.
/// Requests without `Origin` (tools, servers) are not browsers' cross-site requests.
pub async fn refuse_cross_site(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let safe = matches!(
        *req.method(),
        axum::http::Method::GET | axum::http::Method::HEAD | axum::http::Method::OPTIONS
    );
    if !safe {
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let host = req
                .headers()
                .get(header::HOST)
                .and_then(|v| v.to_str().ok());
            let ok = origin
                .to_str()
                .is_ok_and(|o| same_origin(o, host, &state.config.site_url));
            if !ok {
                tracing::warn!(origin = ?origin, "cross-site request refused");
                return axum::response::IntoResponse::into_response(
                    crate::error::ApiError::Coded {
                        status: axum::http::StatusCode::FORBIDDEN,
                        code: "laden_cross_site_request",
                        message: laden_domain::i18n::t("Requests from other websites are refused."),
                    },
                );
            }
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_checkout_policy_adds_stripe_and_nothing_else() {
        use laden_payments::stripe::{StripeConfig, API_BASE, DEFAULT_TIMEOUT};
        let base = super::content_security_policy(None);
        let mut stripe = StripeConfig {
            secret_key: "sk_test_1".into(),
            publishable_key: "pk_test_1".into(),
            webhook_secret: String::new(),
            api_base: API_BASE.into(),
            timeout: DEFAULT_TIMEOUT,
        };
        let live = super::with_stripe(&base, &stripe);
        let directive = |policy: &str, name: &str| {
            policy
                .split("; ")
                .find(|d| d.starts_with(name))
                .unwrap_or_default()
                .to_owned()
        };
        assert!(directive(&live, "script-src ")
            .ends_with(" https://js.stripe.com https://*.js.stripe.com"));
        assert!(directive(&live, "connect-src ").ends_with(" https://api.stripe.com"));
        assert!(directive(&live, "frame-src ").contains("https://hooks.stripe.com"));
        assert_eq!(
            directive(&live, "default-src "),
            directive(&base, "default-src ")
        );
        assert_eq!(live.split("; ").count(), base.split("; ").count());
        stripe.api_base = "http://127.0.0.1:8420".into();
        let test = super::with_stripe(&base, &stripe);
        assert!(directive(&test, "script-src ").ends_with(" http://127.0.0.1:8420"));
        assert!(directive(&test, "connect-src ").ends_with(" http://127.0.0.1:8420"));
        assert_eq!(
            super::origin_of("https://shop.example.de/kasse/?a=1"),
            "https://shop.example.de"
        );
    }

    #[test]
    fn same_origin_table() {
        use super::same_origin;
        let site = "https://shop.example.de";
        for (origin, host, ok) in [
            ("https://shop.example.de", Some("127.0.0.1:8080"), true),
            ("https://SHOP.example.de", None, true),
            ("http://localhost:8080", Some("localhost:8080"), true),
            ("https://evil.example", Some("shop.example.de"), false),
            ("http://shop.example.de", Some("127.0.0.1:8080"), false),
            ("null", Some("shop.example.de"), false),
            (
                "https://shop.example.de.evil.example",
                Some("shop.example.de"),
                false,
            ),
            ("", Some(""), false),
        ] {
            assert_eq!(same_origin(origin, host, site), ok, "{origin} {host:?}");
        }
        assert!(
            same_origin(
                "https://shop.example.de",
                None,
                "https://shop.example.de/shop/"
            ),
            "a site in a folder"
        );
    }

    use super::*;

    #[test]
    fn policy_table() {
        let plain = content_security_policy(None);
        // The consent probe and the module loader, by their hashes:
        // printf '%s' "$CONSENT_PROBE" | openssl dgst -sha256 -binary | base64
        assert!(
            plain.contains(
                "script-src 'self' 'sha256-09iyvxF2M58yvoJS+XE+JURVIWhm+RzBcImyQgWC90U=' 'sha256-iiaUwj0vqDR8VGAbaoGLCxtRso6HuJMD+I6iS/1dDPo=';"
            ),
            "{plain}"
        );
        assert!(plain.contains("frame-ancestors 'self'") && plain.contains("object-src 'none'"));
        assert!(
            !plain.contains("unsafe-eval") && !plain.contains("script-src 'self' 'unsafe-inline'")
        );

        let mut s = SiteSettings::default();
        s.tracking.analytics_script = "https://stats.example.de:8443/js/script.js".into();
        let p = content_security_policy(Some(&s));
        assert!(p.contains("script-src 'self' 'sha256-09iyvxF2M58yvoJS+XE+JURVIWhm+RzBcImyQgWC90U=' 'sha256-iiaUwj0vqDR8VGAbaoGLCxtRso6HuJMD+I6iS/1dDPo=' https://stats.example.de:8443;"), "{p}");
        assert!(
            p.contains("connect-src 'self' https://stats.example.de:8443;"),
            "{p}"
        );

        s.tracking.analytics_script = "/assets/a.js".into();
        s.tracking.analytics_snippet = "console.log(1)".into();
        let p = content_security_policy(Some(&s));
        // printf 'console.log(1)' | openssl dgst -sha256 -binary | base64
        assert!(p.contains("script-src 'self' 'sha256-09iyvxF2M58yvoJS+XE+JURVIWhm+RzBcImyQgWC90U=' 'sha256-iiaUwj0vqDR8VGAbaoGLCxtRso6HuJMD+I6iS/1dDPo=' 'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"), "{p}");
        assert_eq!(https_origin("http://x.de/a.js"), None);
        assert_eq!(https_origin("https://x.de\"onload=/a.js"), None);
    }
}
