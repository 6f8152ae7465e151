//! Any query string on the listing endpoints: a 200 or a WordPress-shaped 4xx, never a 5xx.
#![no_main]

mod common;

use axum::body::Body;
use axum::http::Request;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(query) = std::str::from_utf8(data) else { return };
    for path in ["/wp-json/wc/store/v1/products", "/wp-json/wc/store/v1/products/reviews", "/wp-json/wp/v2/pages", "/wp-json/wp/v2/media", "/", "/wp-login.php"] {
        let Ok(req) = Request::get(format!("{path}?{query}")).body(Body::empty()) else { return };
        common::must_not_fail(req);
    }
});
