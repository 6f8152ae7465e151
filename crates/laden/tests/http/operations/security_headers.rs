//! Security headers over HTTP: every response says `nosniff` and its referrer policy, HSTS
//! behind TLS, and HTML carries a Content-Security-Policy without `unsafe-inline` scripts: the
//! page's one inline script (the consent probe) and the administrator's analytics snippet (run
//! by the consent banner) are allowed by their hashes.

use crate::common;

use base64::Engine;
use common::{both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::json;
use sha2::Digest;

fn header(res: &reqwest::Response, name: &str) -> String {
    res.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[both_databases]
async fn every_response_carries_the_security_headers(app: TestApp) {
    for path in [
        "/",
        "/shop/",
        "/mein-konto/",
        "/wp-login.php",
        "/gibt-es-nicht/",
        "/wp-json/",
        "/wp-json/wc/store/v1/cart",
        "/healthz",
    ] {
        let res = app.get(path).await;
        assert_eq!(header(&res, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(
            header(&res, "referrer-policy"),
            "strict-origin-when-cross-origin",
            "{path}"
        );
        // The test shop's address is https: browsers are told to stay there.
        assert_eq!(
            header(&res, "strict-transport-security"),
            "max-age=31536000",
            "{path}"
        );
        let html = header(&res, "content-type").starts_with("text/html");
        let csp = header(&res, "content-security-policy");
        if html {
            assert!(
                csp.contains("frame-ancestors 'self'") && csp.contains("object-src 'none'"),
                "{path}: {csp}"
            );
            // Every inline script the page carries (the consent probe, the module loader) is allowed by its hash, and nothing else inline.
            let body = res.text().await.unwrap();
            let inline: Vec<&str> = body
                .split("<script>")
                .skip(1)
                .map(|s| s.split("</script>").next().unwrap_or(""))
                .collect();
            let hashes: Vec<String> = inline
                .iter()
                .map(|s| {
                    format!(
                        "'sha256-{}'",
                        base64::engine::general_purpose::STANDARD
                            .encode(sha2::Sha256::digest(s.as_bytes()))
                    )
                })
                .collect();
            let script_src = csp
                .split(';')
                .map(str::trim)
                .find(|d| d.starts_with("script-src "))
                .unwrap_or_default()
                .to_owned();
            assert!(
                script_src.starts_with("script-src 'self' 'sha256-")
                    && !script_src.contains("unsafe-inline"),
                "{path}: {csp}"
            );
            for h in &hashes {
                assert!(
                    script_src.contains(h.as_str()),
                    "{path}: inline script {h} not allowed by {script_src}"
                );
            }
            if path == "/" || path == "/shop/" {
                assert_eq!(
                        inline.len(),
                        2,
                        "{path}: the consent probe, first in the head, and the module loader, last in the body"
                    );
                assert!(body.contains("<head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><script>"), "{path}");
            }
        } else {
            assert!(csp.is_empty(), "{path}: JSON needs no policy");
        }
    }

    // An analytics snippet is allowed by its hash, on every page at once (the cache follows the settings).
    let admin = app.staff("administrator").await;
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/wp/v2/settings",
            &json!({ "laden_analytics_snippet": "window.stats = 1;" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let csp = header(&app.get("/").await, "content-security-policy");
    // printf 'window.stats = 1;' | openssl dgst -sha256 -binary | base64
    assert!(
        csp.contains(" 'sha256-OKVDiCuFLIwVYLDMYJ0RuMpiBEckX6doHxxsGuec07U=';"),
        "{csp}"
    );
}

#[both_databases]
async fn cross_site_posts_are_refused(app: TestApp) {
    let id = app
        .simple("Espresso", "E-X", 990, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    let host = app.base.trim_start_matches("http://").to_owned();
    // A form on another website posting text/plain "JSON" to the Store API, and a login form.
    let cross = |path: &str| {
        app.client
            .post(app.url(path))
            .header("origin", "https://evil.example")
            .header("content-type", "text/plain")
    };
    let res = cross("/wp-json/wc/store/v1/cart/add-item")
        .header("Cart-Token", &token)
        .body(format!("{{\"id\":{id},\"quantity\":1}}"))
        .go()
        .await;
    assert_eq!(res.status(), 403);
    common::assert_wp_error(&res.json().await.unwrap(), "laden_cross_site_request", 403);
    let res = cross("/wp-login.php")
        .header("content-type", "application/x-www-form-urlencoded")
        .body("log=admin&pwd=x")
        .go()
        .await;
    assert_eq!(res.status(), 403);
    assert!(res.headers().get("set-cookie").is_none());
    let res = app
        .client
        .post(app.url("/wp-json/laden/v1/withdrawal"))
        .header("origin", "null")
        .json(&json!({}))
        .go()
        .await;
    assert_eq!(res.status(), 403, "an opaque origin is not the shop");
    let cart = app
        .rest(Method::GET, "/wc/store/v1/cart", None)
        .header("Cart-Token", &token)
        .json_of()
        .await;
    assert_eq!(cart["items_count"], 0, "nothing changed");

    // The shop's own pages (by its address or the host they were reached at), tools without Origin, and reads pass.
    for origin in [
        Some("https://shop.example.de".to_owned()),
        Some(format!("http://{host}")),
        None,
    ] {
        let mut req = app
            .client
            .post(app.url("/wp-json/wc/store/v1/cart/add-item"))
            .header("Cart-Token", &token)
            .json(&json!({ "id": id, "quantity": 1 }));
        if let Some(o) = &origin {
            req = req.header("origin", o);
        }
        assert_eq!(req.go().await.status(), 201, "{origin:?}");
    }
    assert_eq!(
        app.client
            .get(app.url("/wp-json/wc/store/v1/products"))
            .header("origin", "https://evil.example")
            .go()
            .await
            .status(),
        200
    );
}
