//! `/metrics` in the Prometheus text format: the caches' hits, misses and drops, render times,
//! shed and failed renders. Not public: it answers only with `Authorization: Bearer <token>`
//! when the shop is started with `LADEN_METRICS_TOKEN`, and is a 404 otherwise.

use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::atomic::Ordering;
use std::time::Duration;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheLabels {
    cache: &'static str,
    result: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheName {
    cache: &'static str,
}

pub struct Metrics {
    lookups: Family<CacheLabels, Counter>,
    drops: Family<CacheName, Counter>,
    render: Histogram,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            lookups: Family::default(),
            drops: Family::default(),
            // 1 ms … ~2 s
            render: Histogram::new(exponential_buckets(0.001, 2.0, 12)),
        }
    }
}

/// Which cache a lookup was in.
#[derive(Clone, Copy)]
pub enum Cache {
    Html,
    Api,
}

impl Cache {
    fn name(self) -> &'static str {
        match self {
            Cache::Html => "html",
            Cache::Api => "api",
        }
    }
}

impl Metrics {
    pub fn lookup(&self, cache: Cache, hit: bool) {
        self.lookups
            .get_or_create(&CacheLabels {
                cache: cache.name(),
                result: if hit { "hit" } else { "miss" },
            })
            .inc();
    }

    pub fn dropped(&self, html: usize, api: usize) {
        self.drops
            .get_or_create(&CacheName { cache: "html" })
            .inc_by(html as u64);
        self.drops
            .get_or_create(&CacheName { cache: "api" })
            .inc_by(api as u64);
    }

    pub fn rendered(&self, took: Duration) {
        self.render.observe(took.as_secs_f64());
    }
}

/// The exposition text.
fn exposition(state: &AppState) -> Result<String, std::fmt::Error> {
    let m = &state.caches.metrics;
    let mut registry = Registry::with_prefix("laden");
    registry.register(
        "cache_lookups",
        "Cache lookups by cache (html, api) and result (hit, miss)",
        m.lookups.clone(),
    );
    registry.register(
        "cache_dropped_entries",
        "Cache entries dropped by content changes",
        m.drops.clone(),
    );
    let entries = Family::<CacheName, Gauge>::default();
    entries
        .get_or_create(&CacheName { cache: "html" })
        .set(state.caches.html.len() as i64);
    entries
        .get_or_create(&CacheName { cache: "api" })
        .set(state.caches.api.len() as i64);
    registry.register("cache_entries", "Entries in the cache", entries);
    registry.register_with_unit(
        "render_duration",
        "Server renders of pages, queue wait included",
        prometheus_client::registry::Unit::Seconds,
        m.render.clone(),
    );
    if let Some(r) = &state.renderer {
        let shed: Counter = Counter::default();
        shed.inc_by(r.stats.shed.load(Ordering::Relaxed));
        registry.register(
            "render_shed",
            "Renders shed to the client-rendered page (queue full or waited too long)",
            shed,
        );
        let failed: Counter = Counter::default();
        failed.inc_by(r.stats.failed.load(Ordering::Relaxed));
        registry.register("render_failed", "Renders that failed", failed);
    }
    let mut out = String::new();
    prometheus_client::encoding::text::encode(&mut out, &registry)?;
    Ok(out)
}

pub async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(token) = state
        .config
        .metrics_token
        .as_deref()
        .filter(|t| !t.is_empty())
    else {
        return crate::error::ApiError::NoRoute.into_response();
    };
    // Bytes, not text: a token may hold any UTF-8.
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.as_bytes().strip_prefix(b"Bearer "))
        .unwrap_or(b"");
    if !crate::auth::constant_eq(given, token.as_bytes()) {
        let mut res = (StatusCode::UNAUTHORIZED, "").into_response();
        res.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Bearer realm=\"metrics\""),
        );
        return res;
    }
    match exposition(&state) {
        Ok(text) => {
            let mut res = text.into_response();
            res.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
            );
            res.headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            res
        }
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}
