//! The listing index read from the database and kept current: read whole once, then moved
//! along the content-change log a few products at a time (see the module above).

use super::{Entry, ListingIndex, Read, Spelling, LISTED};
use crate::catalog::listing::{LISTED_KINDS, ON_SALE};
use crate::changes::Changes;
use crate::db::{Db, Store};
use crate::error::Result;
use crate::on_db;
use crate::row::Cols;
use futures::TryStreamExt;
use laden_domain::catalog::search::Named;
use laden_domain::catalog::{CatalogVisibility, STOCK_STATUSES};
use laden_domain::content::Scope;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Above this many products named by the changes since the index's version, it is read afresh.
const REREAD_ABOVE: usize = 4000;

/// What the store keeps of the index: the index, and a turn for whoever brings it up to date
/// (one reader of the database at a time; the others wait and find it current).
#[derive(Debug, Default)]
pub(crate) struct KeptIndex {
    index: std::sync::RwLock<Option<ListingIndex>>,
    refresh: tokio::sync::Mutex<()>,
}

impl KeptIndex {
    fn version(&self) -> Option<i64> {
        self.index
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .map(|ix| ix.version)
    }
}

impl Store {
    /// `f` over the listing index as the database stands now (every change committed before
    /// this call, through any instance, is in it).
    pub(crate) async fn with_listing_index<R>(
        &self,
        f: impl FnOnce(&ListingIndex) -> R,
    ) -> Result<R> {
        let now = self.content_version().await?;
        if self.kept.listing_index.version() != Some(now) {
            self.bring_listing_index_to(now).await?;
        }
        let held = self
            .kept
            .listing_index
            .index
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match held.as_ref() {
            Some(index) => Ok(f(index)),
            None => Err(crate::error::StoreError::Data(
                "the listing index was not read".into(),
            )),
        }
    }

    /// Brings the index to content version `now` at least: the products the changes since its
    /// version name are read again, or (a change of everything, a gap in the log, none held
    /// yet) the whole index.
    async fn bring_listing_index_to(&self, now: i64) -> Result<()> {
        let _turn = self.kept.listing_index.refresh.lock().await;
        let held = self.kept.listing_index.version();
        let Some(held) = held.filter(|v| *v <= now) else {
            return self.read_listing_index().await;
        };
        if held == now {
            return Ok(());
        }
        let (version, scopes) = match self.changes_since(held).await? {
            Changes::None => return Ok(()),
            Changes::Everything { .. } => return self.read_listing_index().await,
            Changes::Scopes { version, scopes } => (version, scopes),
        };
        let mut ids = BTreeSet::new();
        let mut catalog = false;
        for scope in &scopes {
            match scope {
                Scope::All => return self.read_listing_index().await,
                Scope::Catalog => catalog = true,
                Scope::Product(id) | Scope::Stock(id) => {
                    ids.insert(*id);
                }
            }
        }
        // Every change of what listings hold names its products (`changes::record`'s callers);
        // one that names none is read whole rather than trusted.
        if catalog && ids.is_empty() || ids.len() > REREAD_ABOVE {
            return self.read_listing_index().await;
        }
        if ids.is_empty() {
            self.move_listing_index(version, &[], Vec::new());
            return Ok(());
        }
        // A variation's change changes its product's range and sale: the parents are read too.
        let listed: Vec<i64> = ids.iter().copied().collect();
        let parents: Vec<i64> = on_db!(&self.db, p => {
            sqlx::query(&format!(
                "SELECT DISTINCT parent_id FROM products WHERE id IN ({}) AND parent_id IS NOT NULL",
                id_list(&listed)
            ))
            .fetch_all(p)
            .await?
            .iter()
            .map(|r| r.i64("parent_id"))
            .collect::<Result<_>>()?
        });
        ids.extend(parents);
        let ids: Vec<i64> = ids.into_iter().collect();
        let read = self.read_entries(Some(&ids)).await?;
        self.move_listing_index(version, &ids, read);
        Ok(())
    }

    fn move_listing_index(&self, version: i64, ids: &[i64], read: Vec<Read>) {
        let mut held = self
            .kept
            .listing_index
            .index
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(index) = held.as_mut() {
            index.update(version, ids, read);
        }
    }

    /// Reads the whole index (the version first: a change committed during the read is read
    /// again by the next use).
    async fn read_listing_index(&self) -> Result<()> {
        let version = self.content_version().await?;
        let read = self.read_entries(None).await?;
        let index = ListingIndex::new(version, matches!(self.db, Db::Postgres(_)), read);
        *self
            .kept
            .listing_index
            .index
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(index);
        Ok(())
    }

    /// The listed products (those of `ids`, or all), a row at a time, with their categories,
    /// tags and attribute terms.
    async fn read_entries(&self, ids: Option<&[i64]>) -> Result<Vec<Read>> {
        let only = ids.map_or(String::new(), |ids| {
            format!(" AND id IN ({})", id_list(ids))
        });
        let listed = format!("kind IN ({LISTED_KINDS}) AND status = 'publish'{only}");
        let products = format!(
            "SELECT id, kind, catalog_visibility, stock_status, featured, price, \
             COALESCE(max_price, price) AS top, {ON_SALE} AS on_sale, menu_order, total_sales, \
             rating_sum, rating_count, created_at, updated_at, search_name, search_parts \
             FROM products WHERE {listed}"
        );
        let linked = |table: &str, column: &str| {
            format!(
                "SELECT product_id, {column} AS linked FROM {table} \
                 WHERE product_id IN (SELECT id FROM products WHERE {listed})"
            )
        };
        let categories = linked("product_categories", "category_id");
        let tags = linked("product_tags", "tag_id");
        let terms = format!(
            "SELECT product_id, attribute, attribute_name, term, term_name FROM product_attribute_terms \
             WHERE product_id IN (SELECT id FROM products WHERE {listed})"
        );
        let mut entries: Vec<Entry> = Vec::new();
        let mut of_category: HashMap<i64, Vec<i64>> = HashMap::new();
        let mut of_tag: HashMap<i64, Vec<i64>> = HashMap::new();
        let mut of_terms: HashMap<i64, Vec<Spelling>> = HashMap::new();
        // A catalogue spells few terms, each for many products: one copy each while read.
        let mut spellings: HashSet<Spelling> = HashSet::new();
        on_db!(&self.db, p => {
            let mut rows = sqlx::query(&products).fetch(p);
            while let Some(r) = rows.try_next().await? {
                let kind = r.text("kind")?;
                let visibility = r.text("catalog_visibility")?;
                let stock = r.text("stock_status")?;
                entries.push(Entry {
                    id: r.i64("id")?,
                    kind: LISTED
                        .iter()
                        .position(|k| k.as_str() == kind)
                        .map_or(u8::MAX, |i| i as u8),
                    visibility: CatalogVisibility::ALL
                        .iter()
                        .position(|v| v.as_str() == visibility)
                        .map_or(u8::MAX, |i| i as u8),
                    stock: STOCK_STATUSES
                        .iter()
                        .position(|s| *s == stock)
                        .map_or(u8::MAX, |i| i as u8),
                    on_sale: r.flag("on_sale")?,
                    featured: r.flag("featured")?,
                    price: r.opt_i64("price")?,
                    top: r.opt_i64("top")?,
                    menu_order: r.i64("menu_order")?,
                    total_sales: r.i64("total_sales")?,
                    rating_sum: r.i64("rating_sum")?,
                    rating_count: r.i64("rating_count")?,
                    created_at: r.i64("created_at")?,
                    updated_at: r.i64("updated_at")?,
                    categories: Box::default(),
                    tags: Box::default(),
                    terms: Box::default(),
                    name: Named {
                        terms: r.text("search_name")?,
                        parts: r.text("search_parts")?,
                    },
                });
            }
            drop(rows);
            for (sql, into) in [(&categories, &mut of_category), (&tags, &mut of_tag)] {
                let mut rows = sqlx::query(sql).fetch(p);
                while let Some(r) = rows.try_next().await? {
                    into.entry(r.i64("product_id")?).or_default().push(r.i64("linked")?);
                }
            }
            let mut rows = sqlx::query(&terms).fetch(p);
            while let Some(r) = rows.try_next().await? {
                let spelled = (
                    r.text("attribute")?,
                    r.text("attribute_name")?,
                    r.text("term")?,
                    r.text("term_name")?,
                );
                let spelling = match spellings.get(&spelled) {
                    Some(s) => s.clone(),
                    None => {
                        let s = Spelling::new(spelled);
                        spellings.insert(s.clone());
                        s
                    }
                };
                of_terms.entry(r.i64("product_id")?).or_default().push(spelling);
            }
        });
        let sorted = |v: Option<Vec<i64>>| -> Box<[i64]> {
            let mut v = v.unwrap_or_default();
            v.sort_unstable();
            v.dedup();
            v.into_boxed_slice()
        };
        Ok(entries
            .into_iter()
            .map(|mut entry| {
                entry.categories = sorted(of_category.remove(&entry.id));
                entry.tags = sorted(of_tag.remove(&entry.id));
                let terms = of_terms.remove(&entry.id).unwrap_or_default();
                Read { entry, terms }
            })
            .collect())
    }
}

/// `1,2,3` for `IN (…)` (ids are numbers: written out, not bound).
fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}
