//! Rows read from the database and kept in memory for a moment: the site settings, and the
//! product rows and media that every add-to-cart reads.
//!
//! A kept value is used until a content change is committed in this process (every write of
//! settings, products, stock or media is one, see `changes::record`) or seen in the change log
//! (`Store::note_peer_changes`, called by the HTTP layer's caches as they drop pages), and never
//! longer than [`PEER_CHANGE_DELAY`], so a change made through another instance arrives here no
//! later than its pages do, even where no page is served. A page rendered after a change never
//! reads a row kept from before it.

use crate::models::{Media, Product, SiteSettings};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::RwLock;
use std::time::Instant;

/// The longest a change made through another instance may go unseen by this one: how often a
/// serving instance reads the log (`caches` in the HTTP layer) and how long rows read are kept in
/// memory (`kept.rs`: settings, products, variations, pictures). One figure, so a page and the
/// cart beside it change together.
pub const PEER_CHANGE_DELAY: std::time::Duration = std::time::Duration::from_millis(200);

/// Values by key, each with the store's count of committed changes when it was read.
#[derive(Debug)]
pub(crate) struct Kept<K, V> {
    entries: RwLock<HashMap<K, Entry<V>>>,
    /// At this many entries the next one starts the map afresh (the kept set is a working set,
    /// refilled within one [`PEER_CHANGE_DELAY`]).
    capacity: usize,
}

#[derive(Debug)]
struct Entry<V> {
    writes: u64,
    read_at: Instant,
    value: V,
}

impl<K: Eq + Hash, V: Clone> Kept<K, V> {
    pub(crate) fn new(capacity: usize) -> Self {
        Kept {
            entries: RwLock::new(HashMap::new()),
            capacity: capacity.max(1),
        }
    }

    /// The value kept for `key`, if it was read at `writes` committed changes and not longer
    /// than [`PEER_CHANGE_DELAY`] ago.
    pub(crate) fn get(&self, key: &K, writes: u64) -> Option<V> {
        let entries = self.entries.read().ok()?;
        entries
            .get(key)
            .filter(|e| e.writes == writes && e.read_at.elapsed() < PEER_CHANGE_DELAY)
            .map(|e| e.value.clone())
    }

    /// The value kept for `key`, or the one `read` answers, then kept. `generation` is the
    /// store's, taken before anything is read (see [`Kept::put`]).
    pub(crate) async fn get_or_read(
        &self,
        key: K,
        generation: u64,
        read: impl std::future::Future<Output = crate::error::Result<V>>,
    ) -> crate::error::Result<V> {
        if let Some(value) = self.get(&key, generation) {
            return Ok(value);
        }
        let read_at = Instant::now();
        let value = read.await?;
        self.put(key, generation, read_at, value.clone());
        Ok(value)
    }

    /// Keeps `value`, read at `read_at` (taken before the read began) when the store had
    /// committed `writes` changes (counted before the read, too: a change committed during the
    /// read makes the value stale at once).
    pub(crate) fn put(&self, key: K, writes: u64, read_at: Instant, value: V) {
        if let Ok(mut entries) = self.entries.write() {
            if entries.len() >= self.capacity && !entries.contains_key(&key) {
                entries.clear();
            }
            entries.insert(
                key,
                Entry {
                    writes,
                    read_at,
                    value,
                },
            );
        }
    }
}

/// Values by key kept for as long as the database's version of what they show stays where it
/// was when they were read (the categories with their counts, a listing's counts; by
/// `catalog_version`). The version is read from the database each time, so a change through
/// any instance shows at once.
#[derive(Debug)]
pub(crate) struct KeptAt<K, V> {
    entries: RwLock<(i64, HashMap<K, V>)>,
    /// At this many entries the next one starts the map afresh.
    capacity: usize,
}

impl<K: Eq + Hash, V: Clone> KeptAt<K, V> {
    pub(crate) fn new(capacity: usize) -> Self {
        KeptAt {
            entries: RwLock::new((i64::MIN, HashMap::new())),
            capacity: capacity.max(1),
        }
    }

    /// The value of `key` read at `version`, if that is the version kept.
    pub(crate) fn get(&self, version: i64, key: &K) -> Option<V> {
        let kept = self.entries.read().ok()?;
        if kept.0 != version {
            return None;
        }
        kept.1.get(key).cloned()
    }

    /// Keeps `value`, read after the database stood at `version`; values of another version go.
    pub(crate) fn put(&self, version: i64, key: K, value: V) {
        if let Ok(mut kept) = self.entries.write() {
            if kept.0 != version || (kept.1.len() >= self.capacity && !kept.1.contains_key(&key)) {
                kept.1.clear();
                kept.0 = version;
            }
            kept.1.insert(key, value);
        }
    }
}

/// What the store keeps.
#[derive(Debug)]
pub(crate) struct KeptRows {
    /// The categories with their product counts, at the catalogue's version.
    pub(crate) categories: KeptAt<(), Vec<crate::models::Category>>,
    /// Listings' counts and facets by their filter, at the catalogue's version.
    pub(crate) listing_counts: KeptAt<String, crate::facets::ListingCounts>,
    /// What listings filter, sort and count by of every listed product, kept current from the
    /// change log (`catalog/listing_index`).
    pub(crate) listing_index: crate::catalog::listing_index::KeptIndex,
    pub(crate) settings: Kept<(), SiteSettings>,
    /// Products' own rows (`catalog::product_by_id_sql`), as add-to-cart reads them.
    pub(crate) products: Kept<i64, Product>,
    /// A variable product's published variations, by the product.
    pub(crate) variations: Kept<i64, Vec<Product>>,
    pub(crate) media: Kept<i64, Media>,
}

impl Default for KeptRows {
    fn default() -> Self {
        KeptRows {
            categories: KeptAt::new(1),
            listing_counts: KeptAt::new(512),
            listing_index: Default::default(),
            settings: Kept::new(1),
            products: Kept::new(4096),
            variations: Kept::new(1024),
            media: Kept::new(4096),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_until_a_change_or_the_delay() {
        let kept: Kept<i64, &str> = Kept::new(2);
        let now = Instant::now();
        kept.put(1, 7, now, "eins");
        assert_eq!(kept.get(&1, 7), Some("eins"));
        assert_eq!(kept.get(&1, 8), None, "a change committed since the read");
        assert_eq!(kept.get(&2, 7), None);
        let old = now
            .checked_sub(PEER_CHANGE_DELAY)
            .expect("a monotonic clock this far along");
        kept.put(2, 7, old, "zwei");
        assert_eq!(kept.get(&2, 7), None, "read one delay ago");
        // The map is full (1 and 2): a third key starts it afresh.
        kept.put(3, 7, now, "drei");
        assert_eq!((kept.get(&1, 7), kept.get(&3, 7)), (None, Some("drei")));
    }

    #[test]
    fn kept_at_a_version_until_it_moves() {
        let kept: KeptAt<i64, &str> = KeptAt::new(2);
        assert_eq!(kept.get(0, &1), None, "nothing read yet");
        kept.put(4, 1, "eins");
        kept.put(4, 2, "zwei");
        assert_eq!(
            (kept.get(4, &1), kept.get(4, &2)),
            (Some("eins"), Some("zwei"))
        );
        assert_eq!(kept.get(5, &1), None, "the catalogue changed since");
        kept.put(5, 1, "eins, neu");
        assert_eq!(
            (kept.get(5, &1), kept.get(5, &2)),
            (Some("eins, neu"), None)
        );
        // Full: a third key starts the map afresh.
        kept.put(5, 2, "zwei");
        kept.put(5, 3, "drei");
        assert_eq!((kept.get(5, &1), kept.get(5, &3)), (None, Some("drei")));
    }
}
