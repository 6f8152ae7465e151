//! The listed products in memory, read once per catalogue version: what a listing's counts
//! need of each (its visibility, stock status, whether on sale, its price range and its
//! categories). A shop or category listing with a price range no one asked for yet is then
//! counted from memory instead of reading the products it holds again (at 100,000 products, a
//! price range holds some 28,000). Filters the index does not hold (a search, tags, dates, …)
//! are counted by the database as before (`answers`).

use crate::catalog::listing::{LISTED_KINDS, ON_SALE};
use crate::db::Store;
use crate::error::Result;
use crate::on_db;
use crate::row::Cols;
use crate::ProductQuery;
use futures::TryStreamExt;
use laden_domain::catalog::{CatalogVisibility, STOCK_STATUSES};
use std::sync::Arc;

/// One listed product.
#[derive(Debug)]
struct Entry {
    id: i64,
    /// Its price and the top of its range (`COALESCE(max_price, price)`), as the filter compares.
    price: Option<i64>,
    top: Option<i64>,
    /// Index into `CatalogVisibility::ALL`, `u8::MAX` for a value outside it.
    visibility: u8,
    /// One of `STOCK_STATUSES`, or "" for a value outside them.
    stock: &'static str,
    on_sale: bool,
    /// Its categories: `categories[start..end]` of the index.
    start: u32,
    end: u32,
}

/// The published products a listing may hold, by id.
#[derive(Debug, Default)]
pub(crate) struct ListingIndex {
    entries: Vec<Entry>,
    /// The entries' categories, one run per entry.
    categories: Vec<i64>,
}

impl ListingIndex {
    /// Whether `q` asks for nothing but what the index holds: the default kinds, a visibility,
    /// categories (any of them) and price bounds; its stock, sale and attribute choices already
    /// taken out (the caller counts them). Every field is named, so that a filter added to
    /// `ProductQuery` must be placed here before it compiles, instead of being ignored.
    pub(crate) fn answers(q: &ProductQuery) -> bool {
        let ProductQuery {
            // The page and the order count nothing.
            page: _,
            per_page: _,
            offset: _,
            sort: _,
            descending: _,
            by_relevance: _,
            // What the index holds.
            categories: _,
            visibility: _,
            min_price: _,
            max_price: _,
            // What it does not.
            categories_excluded,
            categories_all,
            search,
            include,
            exclude,
            slugs,
            kinds,
            parents,
            parents_excluded,
            dates,
            on_sale,
            featured,
            skus,
            stock_status,
            tags,
            tags_excluded,
            tags_all,
            ratings,
            related_to,
            attributes,
            any_attribute,
        } = q;
        kinds.is_empty()
            && slugs.is_empty()
            && skus.is_empty()
            && categories_excluded.is_empty()
            && categories_all.is_empty()
            && search.as_deref().is_none_or(|s| s.trim().is_empty())
            && include.is_empty()
            && exclude.is_empty()
            && parents.is_empty()
            && parents_excluded.is_empty()
            && *dates == crate::db::DateRange::default()
            && on_sale.is_none()
            && featured.is_none()
            && stock_status.is_empty()
            && ratings.is_empty()
            && tags.is_empty()
            && tags_excluded.is_empty()
            && tags_all.is_empty()
            && related_to.is_none()
            && attributes.is_empty()
            && !any_attribute
    }

    /// Each product `q` holds (as `list_filter` would find them, `q` being one the index
    /// `answers`, its stock and sale choices left to `each`): its id, stock status and whether
    /// it is on sale.
    pub(crate) fn each(&self, q: &ProductQuery, mut each: impl FnMut(i64, &str, bool)) {
        let admitted = q.visibility.admits(false);
        let every_visibility = admitted.len() >= CatalogVisibility::ALL.len();
        let admits: Vec<bool> = CatalogVisibility::ALL
            .iter()
            .map(|v| admitted.contains(v))
            .collect();
        let mut wanted = q.categories.clone();
        wanted.sort_unstable();
        for e in &self.entries {
            if !every_visibility
                && !admits
                    .get(usize::from(e.visibility))
                    .copied()
                    .unwrap_or(false)
            {
                continue;
            }
            if let Some(min) = q.min_price {
                if e.top.is_none_or(|top| top < min) {
                    continue;
                }
            }
            if let Some(max) = q.max_price {
                if e.price.is_none_or(|price| price > max) {
                    continue;
                }
            }
            if !wanted.is_empty() {
                let own = &self.categories[e.start as usize..e.end as usize];
                if !own.iter().any(|c| wanted.binary_search(c).is_ok()) {
                    continue;
                }
            }
            each(e.id, e.stock, e.on_sale);
        }
    }
}

impl Store {
    /// The listing index at `version`: kept until the catalogue changes.
    pub(crate) async fn listing_index(&self, version: i64) -> Result<Arc<ListingIndex>> {
        if let Some(index) = self.kept.listing_index.get(version, &()) {
            return Ok(index);
        }
        let mut index = ListingIndex::default();
        let products = format!(
            "SELECT id, catalog_visibility, stock_status, price, COALESCE(max_price, price) AS top, \
             {ON_SALE} AS on_sale FROM products WHERE kind IN ({LISTED_KINDS}) AND status = 'publish' ORDER BY id"
        );
        let categories = format!(
            "SELECT pc.product_id, pc.category_id FROM product_categories pc JOIN products p ON p.id = pc.product_id \
             WHERE p.kind IN ({LISTED_KINDS}) AND p.status = 'publish' ORDER BY pc.product_id, pc.category_id"
        );
        on_db!(&self.db, p => {
            let mut rows = sqlx::query(&products).fetch(p);
            while let Some(r) = rows.try_next().await? {
                let visibility = r.text("catalog_visibility")?;
                let stock = r.text("stock_status")?;
                index.entries.push(Entry {
                    id: r.i64("id")?,
                    price: r.opt_i64("price")?,
                    top: r.opt_i64("top")?,
                    visibility: CatalogVisibility::ALL
                        .iter()
                        .position(|v| v.as_str() == visibility)
                        .and_then(|i| u8::try_from(i).ok())
                        .unwrap_or(u8::MAX),
                    stock: STOCK_STATUSES.iter().find(|s| **s == stock).copied().unwrap_or(""),
                    on_sale: r.flag("on_sale")?,
                    start: 0,
                    end: 0,
                });
            }
            drop(rows);
            // Both lists are in the products' order: each entry takes its run of categories.
            let mut at = 0usize;
            let mut rows = sqlx::query(&categories).fetch(p);
            while let Some(r) = rows.try_next().await? {
                let (product, category) = (r.i64("product_id")?, r.i64("category_id")?);
                while at < index.entries.len() && index.entries[at].id < product {
                    at += 1;
                }
                let Some(entry) = index.entries.get_mut(at) else { break };
                if entry.id != product {
                    // A product published since the first read: the next version reads it.
                    continue;
                }
                let n = u32::try_from(index.categories.len()).unwrap_or(u32::MAX);
                if entry.end == 0 {
                    entry.start = n;
                }
                index.categories.push(category);
                entry.end = n.saturating_add(1);
            }
        });
        index.entries.shrink_to_fit();
        index.categories.shrink_to_fit();
        let index = Arc::new(index);
        self.kept.listing_index.put(version, (), index.clone());
        Ok(index)
    }
}
