//! This instance's caches of pages and Store API answers, kept in step with the content-change
//! log that every instance shares (`laden_store::changes`), and the figures `/metrics` shows.
//!
//! A change committed in this process is seen by its very next request (the store counts its
//! committed changes, and a new count makes the caches re-read the log). A change made through
//! another instance is seen within [`POLL_INTERVAL`].

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use laden_render::{Cached, TaggedCache};
use laden_store::{Changes, Scope, Store};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the change log is read when this instance wrote nothing: the longest a change
/// made through another instance can go unseen here.
pub const POLL_INTERVAL: Duration = Duration::from_millis(200);
/// How often this instance forgets old log rows.
const PRUNE_INTERVAL: Duration = Duration::from_secs(300);
/// Cached pages and API answers, each.
const CAPACITY: usize = 4096;

pub struct Caches {
    pub html: TaggedCache,
    pub api: TaggedCache,
    pub metrics: crate::metrics::Metrics,
    /// The content version both caches are valid at.
    seen: AtomicI64,
    /// The store's count of changes committed in this process that the last read of the log covered.
    synced_writes: AtomicU64,
    /// Milliseconds since `started` of the last read of the log (`u64::MAX`: never).
    last_poll: AtomicU64,
    last_prune: AtomicU64,
    started: Instant,
    polling: tokio::sync::Mutex<()>,
}

impl Caches {
    pub fn new() -> Arc<Caches> {
        Arc::new(Caches {
            html: TaggedCache::new(CAPACITY),
            api: TaggedCache::new(CAPACITY),
            metrics: crate::metrics::Metrics::default(),
            seen: AtomicI64::new(0),
            synced_writes: AtomicU64::new(0),
            last_poll: AtomicU64::new(u64::MAX),
            last_prune: AtomicU64::new(0),
            started: Instant::now(),
            polling: tokio::sync::Mutex::new(()),
        })
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX - 1)
    }

    fn fresh(&self, store: &Store) -> bool {
        let last = self.last_poll.load(Ordering::Acquire);
        last != u64::MAX
            && store.committed_changes() == self.synced_writes.load(Ordering::Acquire)
            && self.now_ms().saturating_sub(last) < POLL_INTERVAL.as_millis() as u64
    }

    /// The content version the caches are valid at, after applying any newer changes.
    pub async fn sync(&self, store: &Store) -> i64 {
        if !self.fresh(store) {
            let _one_reader = self.polling.lock().await;
            if !self.fresh(store) {
                self.read_log(store).await;
            }
        }
        self.seen.load(Ordering::Acquire)
    }

    async fn read_log(&self, store: &Store) {
        // Read before the log: a change committed meanwhile makes the next request read again.
        let writes = store.committed_changes();
        let seen = self.seen.load(Ordering::Acquire);
        match store.changes_since(seen).await {
            Ok(Changes::None) => {}
            Ok(Changes::Scopes { version, scopes }) => self.apply(version, &scopes),
            Ok(Changes::Everything { version }) => self.apply(version, &[Scope::All]),
            Err(e) => {
                // Serve what is cached; the next request tries again.
                tracing::warn!(error = %e, "reading the content-change log failed");
                return;
            }
        }
        self.synced_writes.store(writes, Ordering::Release);
        let now = self.now_ms();
        self.last_poll.store(now, Ordering::Release);
        if now.saturating_sub(self.last_prune.load(Ordering::Acquire)) >= PRUNE_INTERVAL.as_millis() as u64 {
            self.last_prune.store(now, Ordering::Release);
            if let Err(e) = store.prune_changes().await {
                tracing::warn!(error = %e, "pruning the content-change log failed");
            }
        }
    }

    fn apply(&self, version: i64, scopes: &[Scope]) {
        let html = self.html.apply(version, scopes);
        let api = self.api.apply(version, scopes);
        self.metrics.dropped(html, api);
        self.seen.store(version, Ordering::Release);
    }
}

/// A 304 for a request that already holds this entry: its `If-None-Match` names the entry's tag
/// or, without `If-None-Match`, its `If-Modified-Since` is not before the entry was built.
pub fn not_modified(req: &HeaderMap, entry: &Cached) -> Option<Response> {
    let fresh = match req.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) {
        Some(tags) => tags.split(',').map(str::trim).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == entry.etag),
        None => req
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| httpdate::parse_http_date(v).ok())
            .is_some_and(|since| entry.modified.duration_since(since).map_or(true, |d| d.as_secs() == 0)),
    };
    if !fresh {
        return None;
    }
    let mut res = StatusCode::NOT_MODIFIED.into_response();
    validators(res.headers_mut(), entry);
    Some(res)
}

/// `ETag` and `Last-Modified` of an entry.
pub fn validators(h: &mut HeaderMap, entry: &Cached) {
    if let Ok(v) = HeaderValue::from_str(&entry.etag) {
        h.insert(header::ETAG, v);
    }
    if let Ok(v) = HeaderValue::from_str(&httpdate::fmt_http_date(entry.modified)) {
        h.insert(header::LAST_MODIFIED, v);
    }
}
