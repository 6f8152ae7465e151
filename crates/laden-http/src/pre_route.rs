//! What WordPress does to a request before routing it: the plain-permalink form
//! `/?rest_route=/…`, a REST route's trailing slash, and `X-HTTP-Method-Override`.

use crate::error::ApiError;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// `/?rest_route=/wc/store/v1/products&per_page=2` → `/wp-json/wc/store/v1/products?per_page=2`.
pub fn rest_route_uri(uri: &Uri) -> Option<Uri> {
    if uri.path() != "/" && uri.path() != "/index.php" {
        return None;
    }
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(uri.query()?).ok()?;
    let route = pairs.iter().find(|(k, _)| k == "rest_route")?.1.clone();
    let rest: Vec<&(String, String)> = pairs.iter().filter(|(k, _)| k != "rest_route").collect();
    let query = serde_urlencoded::to_string(&rest).ok()?;
    let path = format!("/wp-json/{}", route.trim_start_matches('/'));
    let target = if query.is_empty() {
        path
    } else {
        format!("{path}?{query}")
    };
    target.parse().ok()
}

/// `/wp-json/wc/v3/products/?page=2` → `/wp-json/wc/v3/products?page=2`: WordPress takes a REST
/// route with or without its trailing slash (`rest_api_loaded` untrailingslashes it). The
/// index, `/wp-json/`, keeps its own.
pub fn untrailed_rest_uri(uri: &Uri) -> Option<Uri> {
    let path = uri.path();
    let route = path.strip_prefix("/wp-json/")?;
    if route.is_empty() || !route.ends_with('/') {
        return None;
    }
    let trimmed = path.trim_end_matches('/');
    let target = match uri.query() {
        Some(q) => format!("{trimmed}?{q}"),
        None => trimmed.to_owned(),
    };
    target.parse().ok()
}

/// The method a REST request asks for: POST may name PATCH, PUT or DELETE in
/// `X-HTTP-Method-Override`; any other use of the header is refused.
pub fn overridden_method(
    method: &Method,
    header: Option<&HeaderValue>,
) -> Result<Option<Method>, ()> {
    let Some(value) = header else { return Ok(None) };
    let wanted = value.to_str().map_err(|_| ())?.trim().to_ascii_uppercase();
    match (method, wanted.as_str()) {
        (&Method::POST, "PATCH") => Ok(Some(Method::PATCH)),
        (&Method::POST, "PUT") => Ok(Some(Method::PUT)),
        (&Method::POST, "DELETE") => Ok(Some(Method::DELETE)),
        _ => Err(()),
    }
}

pub async fn pre_route(mut req: Request, next: Next) -> Response {
    if let Some(uri) = rest_route_uri(req.uri()) {
        *req.uri_mut() = uri;
    }
    if let Some(uri) = untrailed_rest_uri(req.uri()) {
        *req.uri_mut() = uri;
    }
    if req.uri().path().starts_with("/wp-json") {
        match overridden_method(req.method(), req.headers().get("x-http-method-override")) {
            Ok(Some(m)) => *req.method_mut() = m,
            Ok(None) => {}
            Err(()) => return ApiError::InvalidMethodOverride.into_response(),
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each input rewritten by `rewrite` as the table wants (`None`: left as it is).
    fn rewrites(rewrite: fn(&Uri) -> Option<Uri>, cases: &[(&str, Option<&str>)]) {
        for (input, want) in cases {
            let uri: Uri = input.parse().unwrap_or_default();
            assert_eq!(
                rewrite(&uri).map(|u| u.to_string()),
                want.map(str::to_owned),
                "{input}"
            );
        }
    }

    #[test]
    fn rest_route_table() {
        let cases = [
            (
                "/?rest_route=/wc/store/v1/products&per_page=2",
                Some("/wp-json/wc/store/v1/products?per_page=2"),
            ),
            (
                "/?rest_route=%2Fwp%2Fv2%2Fpages",
                Some("/wp-json/wp/v2/pages"),
            ),
            ("/index.php?rest_route=/", Some("/wp-json/")),
            ("/?s=kaffee", None),
            ("/shop/?rest_route=/x", None),
        ];
        rewrites(rest_route_uri, &cases);
    }

    #[test]
    fn trailing_slash_table() {
        let cases = [
            (
                "/wp-json/wc/v3/products/?per_page=2",
                Some("/wp-json/wc/v3/products?per_page=2"),
            ),
            ("/wp-json/wp/v2/pages/7/", Some("/wp-json/wp/v2/pages/7")),
            ("/wp-json/wc/v3//", Some("/wp-json/wc/v3")),
            ("/wp-json/wc/v3/products", None),
            ("/wp-json/", None),
            ("/wp-json", None),
            ("/shop/", None),
            ("/wp-jsonx/a/", None),
        ];
        rewrites(untrailed_rest_uri, &cases);
    }

    #[test]
    fn method_override_table() {
        let h = |s: &'static str| HeaderValue::from_static(s);
        assert_eq!(
            overridden_method(&Method::POST, Some(&h("DELETE"))),
            Ok(Some(Method::DELETE))
        );
        assert_eq!(
            overridden_method(&Method::POST, Some(&h("patch"))),
            Ok(Some(Method::PATCH))
        );
        assert_eq!(
            overridden_method(&Method::POST, Some(&h("PUT"))),
            Ok(Some(Method::PUT))
        );
        assert_eq!(overridden_method(&Method::POST, None), Ok(None));
        assert_eq!(overridden_method(&Method::GET, Some(&h("DELETE"))), Err(()));
        assert_eq!(overridden_method(&Method::POST, Some(&h("GET"))), Err(()));
        assert_eq!(overridden_method(&Method::POST, Some(&h("TRACE"))), Err(()));
    }
}
