use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// Rendered HTML by URL, valid for one content version. A content change
/// bumps the version, and every entry of an older version is a miss.
#[derive(Clone, Default)]
pub struct HtmlCache {
    inner: Arc<RwLock<Inner>>,
    capacity: usize,
}

#[derive(Default)]
struct Inner {
    version: i64,
    entries: HashMap<String, Arc<CachedPage>>,
}

#[derive(Debug)]
pub struct CachedPage {
    pub html: bytes_like::Bytes,
    pub etag: String,
}

pub mod bytes_like {
    /// Shared immutable bytes.
    pub type Bytes = std::sync::Arc<str>;
}

impl HtmlCache {
    pub fn new(capacity: usize) -> Self {
        HtmlCache { inner: Arc::default(), capacity }
    }

    pub fn get(&self, version: i64, url: &str) -> Option<Arc<CachedPage>> {
        let inner = self.inner.read().ok()?;
        if inner.version != version {
            return None;
        }
        inner.entries.get(url).cloned()
    }

    pub fn put(&self, version: i64, url: &str, html: String) -> Arc<CachedPage> {
        let etag = format!("\"{:016x}-{version}\"", fnv(&html));
        let page = Arc::new(CachedPage { html: html.into(), etag });
        if let Ok(mut inner) = self.inner.write() {
            if inner.version != version {
                if version < inner.version {
                    return page;
                }
                inner.version = version;
                inner.entries.clear();
            }
            if inner.entries.len() >= self.capacity {
                inner.entries.clear();
            }
            inner.entries.insert(url.to_owned(), page.clone());
        }
        page
    }

    pub fn len(&self) -> usize {
        self.inner.read().map_or(0, |i| i.entries.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_version_invalidates() {
        let c = HtmlCache::new(10);
        c.put(1, "/a", "x".into());
        assert!(c.get(1, "/a").is_some());
        assert!(c.get(2, "/a").is_none());
        c.put(2, "/b", "y".into());
        assert!(c.get(2, "/a").is_none());
        assert_eq!(c.len(), 1);
        // A late writer of an older version does not evict newer entries.
        c.put(1, "/a", "old".into());
        assert!(c.get(2, "/b").is_some());
    }
}
