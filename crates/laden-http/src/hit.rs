//! The cache-hit path: a `GET` of a page this instance has cached is answered before routing,
//! past the layers a hit does not need (timeout, compression, routing, the page's extractors and
//! the security and cross-site middleware), with the same answer they give: body in the coding
//! the client prefers or a 304, validators, `Cache-Control`, `X-Cache: HIT`, the
//! Content-Security-Policy, the common security headers and `X-Request-Id`. The request log line
//! is the one the trace layer writes for every other request (`request{method path request_id}:
//! finished processing request latency=… status=…`), so the log stays complete.
//!
//! Only pages are served here: the HTML cache holds what the document handlers stored under a
//! request's path and query, and those handlers answer `GET` the same for every visitor.
//! Everything else (a miss, another method, the REST API, assets) goes on to the application.

use crate::AppState;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method};
use axum::response::Response;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;

pub(crate) static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Wraps the whole application (see the module's text).
#[derive(Clone)]
pub(crate) struct HitFirst<S> {
    pub(crate) state: AppState,
    pub(crate) inner: S,
}

impl<S> tower::Service<Request> for HitFirst<S>
where
    S: tower::Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> Self::Future {
        // Only pages are cached here: the API, scripts and uploads go straight on, without a
        // look at the change log or the cache.
        let path = req.uri().path();
        if req.method() != Method::GET
            || ["/wp-json", "/assets/", "/uploads/"]
                .iter()
                .any(|p| path.starts_with(p))
        {
            return Box::pin(self.inner.call(req));
        }
        // The service that was made ready goes with this request; a clone stays for the next.
        let inner = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, inner);
        let state = self.state.clone();
        Box::pin(async move {
            let started = Instant::now();
            state.caches.sync(&state.store).await;
            let key = req
                .uri()
                .path_and_query()
                .map_or_else(|| req.uri().path(), |pq| pq.as_str());
            let Some(entry) = state.caches.html.get(key) else {
                return inner.call(req).await;
            };
            state
                .caches
                .metrics
                .lookup(crate::metrics::Cache::Html, true);
            let csp = state
                .csp_for_path(state.caches.site_version(), req.uri().path())
                .await;
            let mut res = crate::documents::cached_response(req.headers(), &entry, true);
            let id = request_id(req.headers());
            let h = res.headers_mut();
            h.insert(header::CONTENT_SECURITY_POLICY, csp);
            crate::security::common_headers(h, state.config.site_url.starts_with("https://"));
            h.insert(X_REQUEST_ID.clone(), id.clone());
            log(&req, &id, res.status().as_u16(), started);
            Ok(res)
        })
    }
}

/// The request's own `X-Request-Id`, or a new one (as `SetRequestIdLayer` does for the rest).
pub(crate) fn request_id(headers: &HeaderMap) -> HeaderValue {
    if let Some(id) = headers.get(&X_REQUEST_ID) {
        return id.clone();
    }
    let mut buf = [0u8; uuid::fmt::Hyphenated::LENGTH];
    let text = uuid::Uuid::new_v4().hyphenated().encode_lower(&mut buf);
    HeaderValue::from_str(text).unwrap_or_else(|_| HeaderValue::from_static("-"))
}

/// The trace layer's line for this request, in its span: nothing is formatted when the log
/// level leaves requests out.
fn log(req: &Request, id: &HeaderValue, status: u16, started: Instant) {
    let span = tracing::info_span!(
        "request",
        method = %req.method(),
        path = %req.uri().path(),
        request_id = %id.to_str().unwrap_or("-"),
    );
    let _in = span.enter();
    tracing::info!(
        latency = %format_args!("{} μs", started.elapsed().as_micros()),
        status,
        "finished processing request"
    );
}
