use laden_domain::content::Scope;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::SystemTime;

/// Answers by key (a URL), each naming the [`Scope`]s it shows. A content change drops exactly
/// the entries that show what it changed; everything else stays.
///
/// Entries are valid at the content version the caches were last brought to (see
/// [`TaggedCache::apply`]). An answer built from data read before a change that was applied
/// while it was being built is not stored: it could show the old content.
#[derive(Clone)]
pub struct TaggedCache {
    inner: Arc<RwLock<Inner>>,
    capacity: usize,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<String, Arc<Cached>>,
    /// The version of the last change that dropped anything.
    dropped_at: i64,
}

/// One cached answer.
#[derive(Debug)]
pub struct Cached {
    pub body: bytes::Bytes,
    /// A strong validator of the body (the same body gives the same tag on every instance).
    pub etag: String,
    /// When this instance built it (`Last-Modified`).
    pub modified: SystemTime,
    /// `modified` as an HTTP date, written once for every response that sends it.
    pub last_modified: bytes::Bytes,
    /// Extra response headers (`X-WP-Total` …).
    pub headers: Vec<(&'static str, String)>,
    pub scopes: Vec<Scope>,
    /// The body compressed, made once on the first request that accepts each encoding.
    pub gzip: OnceLock<bytes::Bytes>,
    pub br: OnceLock<bytes::Bytes>,
}

impl TaggedCache {
    pub fn new(capacity: usize) -> Self {
        TaggedCache {
            inner: Arc::default(),
            capacity: capacity.max(1),
        }
    }

    pub fn get(&self, key: &str) -> Option<Arc<Cached>> {
        self.inner.read().ok()?.entries.get(key).cloned()
    }

    /// Stores an answer built from data read at version `seen` or later. Returns the entry,
    /// stored or not.
    pub fn put(
        &self,
        seen: i64,
        key: &str,
        body: String,
        headers: Vec<(&'static str, String)>,
        scopes: Vec<Scope>,
    ) -> Arc<Cached> {
        let etag = format!("\"{:016x}{:08x}\"", fnv(body.as_bytes()), body.len());
        let modified = SystemTime::now();
        let entry = Arc::new(Cached {
            body: bytes::Bytes::from(body),
            etag,
            modified,
            last_modified: httpdate::fmt_http_date(modified).into(),
            headers,
            scopes,
            gzip: OnceLock::new(),
            br: OnceLock::new(),
        });
        if let Ok(mut inner) = self.inner.write() {
            if inner.dropped_at > seen {
                return entry;
            }
            if inner.entries.len() >= self.capacity && !inner.entries.contains_key(key) {
                // Full: drop an arbitrary half (cheap, and entries rebuild on demand).
                let drop: Vec<String> = inner
                    .entries
                    .keys()
                    .take(self.capacity / 2 + 1)
                    .cloned()
                    .collect();
                for k in &drop {
                    inner.entries.remove(k);
                }
            }
            inner.entries.insert(key.to_owned(), entry.clone());
        }
        entry
    }

    /// Applies the changes that brought the content to `version`: drops the entries that show
    /// any of `changes`. Returns how many were dropped.
    pub fn apply(&self, version: i64, changes: &[Scope]) -> usize {
        let Ok(mut inner) = self.inner.write() else {
            return 0;
        };
        let before = inner.entries.len();
        if changes.contains(&Scope::All) {
            inner.entries.clear();
        } else {
            inner.entries.retain(|_, e| {
                !e.scopes
                    .iter()
                    .any(|s| changes.iter().any(|c| s.touched_by(*c)))
            });
        }
        // Even when nothing was dropped, an answer being built may show a changed scope.
        inner.dropped_at = inner.dropped_at.max(version);
        before - inner.entries.len()
    }

    pub fn len(&self) -> usize {
        self.inner.read().map_or(0, |i| i.entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn fnv(s: &[u8]) -> u64 {
    s.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scope::*;

    fn cache() -> TaggedCache {
        let c = TaggedCache::new(100);
        c.put(1, "/produkt/a/", "a".into(), vec![], vec![Product(1)]);
        c.put(1, "/produkt/b/", "b".into(), vec![], vec![Product(2)]);
        c.put(
            1,
            "/shop/",
            "shop".into(),
            vec![],
            vec![Catalog, Product(1), Product(2)],
        );
        c.put(
            1,
            "/produkt-kategorie/x/",
            "x".into(),
            vec![],
            vec![Catalog, Product(2)],
        );
        c.put(
            1,
            "/api/products",
            "[]".into(),
            vec![],
            vec![Catalog, Product(1), Stock(1), Product(2), Stock(2)],
        );
        c.put(1, "/impressum/", "i".into(), vec![], vec![]);
        c
    }

    fn keys(c: &TaggedCache) -> Vec<String> {
        let mut k: Vec<String> = c
            .inner
            .read()
            .expect("cache lock")
            .entries
            .keys()
            .cloned()
            .collect();
        k.sort();
        k
    }

    #[test]
    fn a_change_drops_exactly_what_shows_it() {
        // (changes, what stays)
        let table: [(&[Scope], &[&str]); 6] = [
            (
                &[Product(1)],
                &["/impressum/", "/produkt-kategorie/x/", "/produkt/b/"],
            ),
            (
                &[Stock(1)],
                &[
                    "/impressum/",
                    "/produkt-kategorie/x/",
                    "/produkt/a/",
                    "/produkt/b/",
                    "/shop/",
                ],
            ),
            (&[Catalog], &["/impressum/", "/produkt/a/", "/produkt/b/"]),
            (
                &[Product(3)],
                &[
                    "/api/products",
                    "/impressum/",
                    "/produkt-kategorie/x/",
                    "/produkt/a/",
                    "/produkt/b/",
                    "/shop/",
                ],
            ),
            (&[All], &[]),
            (&[Product(2), Catalog], &["/impressum/", "/produkt/a/"]),
        ];
        for (changes, stays) in table {
            let c = cache();
            c.apply(2, changes);
            assert_eq!(
                keys(&c),
                stays.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "{changes:?}"
            );
        }
    }

    #[test]
    fn an_answer_built_before_a_change_is_not_kept() {
        let c = TaggedCache::new(10);
        c.apply(5, &[Product(9)]);
        c.put(4, "/old/", "stale".into(), vec![], vec![Product(1)]);
        assert!(c.get("/old/").is_none());
        c.put(5, "/new/", "fresh".into(), vec![], vec![Product(1)]);
        assert!(c.get("/new/").is_some());
    }

    #[test]
    fn the_same_body_has_the_same_tag() {
        let a = TaggedCache::new(10).put(1, "/x", "gleich".into(), vec![], vec![]);
        let b = TaggedCache::new(10).put(7, "/y", "gleich".into(), vec![], vec![]);
        let other = TaggedCache::new(10).put(1, "/x", "anders".into(), vec![], vec![]);
        assert_eq!(a.etag, b.etag);
        assert_ne!(a.etag, other.etag);
    }

    #[test]
    fn a_full_cache_makes_room() {
        let c = TaggedCache::new(4);
        for i in 0..10 {
            c.put(1, &format!("/{i}"), "x".into(), vec![], vec![]);
        }
        assert!(c.len() <= 4);
        assert!(c.get("/9").is_some());
    }
}
