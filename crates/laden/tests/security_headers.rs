//! Security headers over HTTP: every response says `nosniff` and its referrer policy, HSTS
//! behind TLS, and HTML carries a Content-Security-Policy without inline scripts — except the
//! administrator's analytics snippet, by its hash, as the consent banner runs it.

#![allow(clippy::unwrap_used)]

mod common;

use common::{Backend, TestApp};
use reqwest::Method;
use serde_json::json;

fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers().get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
}

both_databases!(every_response_carries_the_security_headers, |db: Backend| async move {
    let app = TestApp::start(db).await;
    for path in ["/", "/shop/", "/mein-konto/", "/wp-login.php", "/gibt-es-nicht/", "/wp-json/", "/wp-json/wc/store/v1/cart", "/healthz"] {
        let res = app.get(path).await;
        assert_eq!(header(&res, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(&res, "referrer-policy"), "strict-origin-when-cross-origin", "{path}");
        // The test shop's address is https: browsers are told to stay there.
        assert_eq!(header(&res, "strict-transport-security"), "max-age=31536000", "{path}");
        let html = header(&res, "content-type").starts_with("text/html");
        let csp = header(&res, "content-security-policy");
        if html {
            assert!(csp.contains("script-src 'self';") && csp.contains("frame-ancestors 'self'") && csp.contains("object-src 'none'"), "{path}: {csp}");
        } else {
            assert!(csp.is_empty(), "{path}: JSON needs no policy");
        }
    }

    // An analytics snippet is allowed by its hash, on every page at once (the cache follows the settings).
    let admin = app.staff("administrator").await;
    let res = app.rest(Method::POST, "/wp/v2/settings", Some(&admin)).json(&json!({ "laden_analytics_snippet": "window.stats = 1;" })).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let csp = header(&app.get("/").await, "content-security-policy");
    // printf 'window.stats = 1;' | openssl dgst -sha256 -binary | base64
    assert!(csp.contains("script-src 'self' 'sha256-OKVDiCuFLIwVYLDMYJ0RuMpiBEckX6doHxxsGuec07U=';"), "{csp}");
});
