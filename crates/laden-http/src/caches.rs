//! This instance's caches of pages and Store API answers, kept in step with the content-change
//! log that every instance shares (`laden_store::changes`), and the figures `/metrics` shows.
//!
//! A change committed in this process is seen by its very next request (the store counts its
//! committed changes, and a new count makes the caches re-read the log). A change made through
//! another instance is seen within [`POLL_INTERVAL`].

use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use laden_render::{Cached, TaggedCache};
use laden_store::{Changes, Scope, Store};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the change log is read when this instance wrote nothing: the longest a change
/// made through another instance can go unseen here (the store keeps its settings as long).
pub const POLL_INTERVAL: Duration = laden_store::PEER_CHANGE_DELAY;
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
    /// The version of the last change of everything (settings, menus …): what depends on the
    /// settings alone (the Content-Security-Policy) is rebuilt only when it moves, not on a sale.
    site_version: AtomicI64,
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
            site_version: AtomicI64::new(0),
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
        let changed = match store.changes_since(seen).await {
            Ok(Changes::None) => None,
            Ok(Changes::Scopes { version, scopes }) => Some((version, scopes)),
            Ok(Changes::Everything { version }) => Some((version, vec![Scope::All])),
            Err(e) => {
                // Serve what is cached; the next request tries again.
                tracing::warn!(error = %e, "reading the content-change log failed");
                return;
            }
        };
        if let Some((version, scopes)) = changed {
            // The store's kept rows go with the pages: a page rendered next must not read a row
            // kept from before the change.
            store.note_peer_changes();
            self.apply(version, &scopes);
        }
        self.synced_writes.store(writes, Ordering::Release);
        let now = self.now_ms();
        self.last_poll.store(now, Ordering::Release);
        if now.saturating_sub(self.last_prune.load(Ordering::Acquire))
            >= PRUNE_INTERVAL.as_millis() as u64
        {
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
        if scopes.contains(&Scope::All) {
            self.site_version.store(version, Ordering::Release);
        }
        self.seen.store(version, Ordering::Release);
    }

    /// The version of the last change of everything, after [`Caches::sync`].
    pub fn site_version(&self) -> i64 {
        self.site_version.load(Ordering::Acquire)
    }
}

/// A 304 for a request that already holds this entry: its `If-None-Match` names the entry's tag
/// or, without `If-None-Match`, its `If-Modified-Since` is not before the entry was built.
pub fn not_modified(req: &HeaderMap, entry: &Cached) -> Option<Response> {
    let fresh = match req.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) {
        Some(tags) => tags
            .split(',')
            .map(str::trim)
            .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == entry.etag),
        None => req
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| httpdate::parse_http_date(v).ok())
            .is_some_and(|since| {
                entry
                    .modified
                    .duration_since(since)
                    .map_or(true, |d| d.as_secs() == 0)
            }),
    };
    if !fresh {
        return None;
    }
    let mut res = StatusCode::NOT_MODIFIED.into_response();
    validators(res.headers_mut(), entry);
    Some(res)
}

/// A cached (or just cached) entry: a 304 when the client holds it, else the body in the coding
/// the request prefers; always with the validators and `X-Cache` (`hit`: served from the cache).
pub fn cached_response(
    req: &HeaderMap,
    entry: &Cached,
    content_type: &'static str,
    hit: bool,
) -> Response {
    let mut res =
        not_modified(req, entry).unwrap_or_else(|| entry_response(req, entry, content_type));
    res.headers_mut().insert(
        HeaderName::from_static("x-cache"),
        HeaderValue::from_static(if hit { "HIT" } else { "MISS" }),
    );
    res
}

/// A cached entry as a 200: its body in the coding the request prefers, with the validators.
fn entry_response(req: &HeaderMap, entry: &Cached, content_type: &'static str) -> Response {
    let (body, coding) = encoded_body(req, entry);
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Some(coding) = coding {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    validators(h, entry);
    res
}

/// `ETag` and `Last-Modified` of an entry.
pub fn validators(h: &mut HeaderMap, entry: &Cached) {
    if let Ok(v) = HeaderValue::from_str(&entry.etag) {
        h.insert(header::ETAG, v);
    }
    if let Ok(v) = HeaderValue::from_maybe_shared(entry.last_modified.clone()) {
        h.insert(header::LAST_MODIFIED, v);
    }
}

/// A compressed body the client accepts, best first: brotli, then gzip (RFC 9110 12.5.3:
/// `q=0` refuses a coding; `*` stands for any coding not named).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Br,
    Gzip,
}

pub fn preferred_coding(accept_encoding: Option<&str>) -> Option<Coding> {
    let header = accept_encoding?;
    let mut weights: Vec<(String, f32)> = Vec::new();
    for part in header.split(',') {
        let mut bits = part.split(';');
        let name = bits.next().unwrap_or("").trim().to_ascii_lowercase();
        if name.is_empty() {
            continue;
        }
        let q = bits
            .filter_map(|p| p.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        weights.push((name, q));
    }
    let weight = |name: &str| {
        weights
            .iter()
            .find(|(n, _)| n == name)
            .or_else(|| weights.iter().find(|(n, _)| n == "*"))
            .map_or(0.0, |(_, q)| *q)
    };
    let (br, gzip) = (weight("br"), weight("gzip").max(weight("x-gzip")));
    if br > 0.0 && br >= gzip {
        Some(Coding::Br)
    } else if gzip > 0.0 {
        Some(Coding::Gzip)
    } else {
        None
    }
}

/// The entry's body in the coding the request prefers (compressed once, then kept with the
/// entry), with its `Content-Encoding`; small bodies go as they are.
pub fn encoded_body(req: &HeaderMap, entry: &Cached) -> (bytes::Bytes, Option<&'static str>) {
    /// Below this a compressed body saves less than its headers cost.
    const MIN_BYTES: usize = 1024;
    if entry.body.len() < MIN_BYTES {
        return (entry.body.clone(), None);
    }
    match preferred_coding(
        req.get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok()),
    ) {
        Some(Coding::Br) => (
            entry.br.get_or_init(|| brotli_bytes(&entry.body)).clone(),
            Some("br"),
        ),
        Some(Coding::Gzip) => (
            entry.gzip.get_or_init(|| gzip_bytes(&entry.body)).clone(),
            Some("gzip"),
        ),
        None => (entry.body.clone(), None),
    }
}

fn gzip_bytes(body: &[u8]) -> bytes::Bytes {
    use std::io::Write;
    let mut enc = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::new(6),
    );
    // Writing to a Vec cannot fail.
    let _ = enc.write_all(body);
    bytes::Bytes::from(enc.finish().unwrap_or_default())
}

fn brotli_bytes(body: &[u8]) -> bytes::Bytes {
    let mut out = Vec::with_capacity(body.len() / 4);
    // Quality 9 of 11: near the best size, made once per entry.
    let params = brotli::enc::BrotliEncoderParams {
        quality: 9,
        lgwin: 22,
        ..Default::default()
    };
    let _ = brotli::BrotliCompress(&mut std::io::Cursor::new(body), &mut out, &params);
    bytes::Bytes::from(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_coding_a_client_gets() {
        let table = [
            (None, None),
            (Some(""), None),
            (Some("gzip"), Some(Coding::Gzip)),
            (Some("gzip, deflate, br, zstd"), Some(Coding::Br)),
            (Some("br;q=0.5, gzip"), Some(Coding::Gzip)),
            (Some("br;q=0, gzip;q=0"), None),
            (Some("identity"), None),
            (Some("*"), Some(Coding::Br)),
            (Some("*;q=0.1, br;q=0"), Some(Coding::Gzip)),
            (Some("GZIP;Q=1"), Some(Coding::Gzip)),
            (Some("x-gzip"), Some(Coding::Gzip)),
            (Some("deflate"), None),
        ];
        for (header, want) in table {
            assert_eq!(preferred_coding(header), want, "{header:?}");
        }
    }
}
