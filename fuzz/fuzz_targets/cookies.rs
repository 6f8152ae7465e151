//! Any Cookie header (sbjs_* tracking cookies, login and consent cookies, broken bytes):
//! pages and the REST API answer, never with a 5xx.
#![no_main]

mod common;

use axum::body::Body;
use axum::http::{header, HeaderValue, Request};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(cookie) = HeaderValue::from_bytes(data) else { return };
    for path in ["/wp-json/wc/store/v1/cart", "/wp-json/wp/v2/users/me", "/mein-konto/", "/wp-admin/admin-ajax.php?action=rest-nonce"] {
        let req = Request::get(path).header(header::COOKIE, cookie.clone()).body(Body::empty()).expect("request");
        common::must_not_fail(req);
    }
});
