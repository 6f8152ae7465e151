//! The catalogue: the products themselves (here) and their lists (`listing.rs`), changes,
//! links, categories, tags, attribute terms, search terms and the CSV export.

pub(crate) mod attribute_terms;
pub(crate) mod categories;
pub(crate) mod export;
pub(crate) mod facets;
pub(crate) mod listing;
pub(crate) mod listing_index;
pub(crate) mod product_changes;
pub(crate) mod product_links;
pub(crate) mod product_row;
pub(crate) mod products;
pub(crate) mod search;
pub(crate) mod shipping_classes;
pub(crate) mod tags;

use crate::db::{ListPage, Store};
use crate::decode::{
    media_from_row, product_by_id_sql, product_from_row, variations_sql, PRODUCT_COLS,
};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::*;
use crate::row::Cols;
use crate::{list_page, on_db};
use laden_domain::Money;
pub use listing::{ProductQuery, ProductSort};
use std::collections::{BTreeMap, HashMap};

impl Store {
    /// Fills what a product row lacks: its categories and, on sale, its lowest prior price.
    pub(crate) async fn attach_details(&self, products: &mut [Product]) -> Result<()> {
        if products.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = products.iter().map(|p| p.id.to_string()).collect();
        let sql = format!(
            "SELECT product_id, category_id FROM product_categories WHERE product_id IN ({}) ORDER BY category_id",
            ids.join(",")
        );
        let pairs: Vec<(i64, i64)> = on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).fetch_all(p).await?;
            rows.iter().map(|r| Ok((r.i64("product_id")?, r.i64("category_id")?))).collect::<Result<Vec<_>>>()?
        });
        let mut by_product: HashMap<i64, Vec<i64>> = HashMap::new();
        for (pid, cid) in pairs {
            by_product.entry(pid).or_default().push(cid);
        }
        for p in products.iter_mut() {
            p.category_ids = by_product.remove(&p.id).unwrap_or_default();
        }
        self.attach_tags(products).await?;
        self.attach_lowest_prices(products).await
    }

    /// Sets `lowest_price` of the products on sale from their price history.
    pub(crate) async fn attach_lowest_prices(&self, products: &mut [Product]) -> Result<()> {
        use laden_domain::pricing::price_history::{
            lowest_prior_price, PricePoint, LOWEST_PRICE_DAYS,
        };
        let on_sale: Vec<String> = products
            .iter()
            .filter(|p| p.on_sale())
            .map(|p| p.id.to_string())
            .collect();
        if on_sale.is_empty() {
            return Ok(());
        }
        let sql = format!("SELECT product_id, price, since FROM price_history WHERE product_id IN ({}) ORDER BY product_id, since, id", on_sale.join(","));
        let rows: Vec<(i64, i64, i64)> = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(|r| Ok((r.i64("product_id")?, r.i64("price")?, r.i64("since")?))).collect::<Result<Vec<_>>>()?
        });
        let mut history: HashMap<i64, Vec<PricePoint>> = HashMap::new();
        for (id, price, since) in rows {
            history.entry(id).or_default().push(PricePoint {
                price: Money::from_cents(price),
                since,
            });
        }
        for p in products.iter_mut().filter(|p| p.on_sale()) {
            p.lowest_price = history
                .get(&p.id)
                .and_then(|h| lowest_prior_price(h, LOWEST_PRICE_DAYS));
        }
        Ok(())
    }

    /// Any product row (simple, variable or variation) by id, published or not.
    pub async fn product(&self, id: i64) -> Result<Product> {
        let mut product = self.product_row(id).await?;
        self.attach_details(std::slice::from_mut(&mut product))
            .await?;
        Ok(product)
    }

    /// A product's own row, without its categories and lowest prior price: enough to sell it.
    pub(crate) async fn product_row(&self, id: i64) -> Result<Product> {
        on_db!(&self.db, p => {
            let row = sqlx::query(product_by_id_sql()).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Product))?;
            product_from_row(&row)
        })
    }

    /// A published product (not a variation) by its slug.
    pub async fn product_by_slug(&self, slug: &str) -> Result<Product> {
        let sql = format!(
            "SELECT {PRODUCT_COLS} FROM products WHERE slug = $1 AND status = 'publish' AND kind <> 'variation'"
        );
        let mut product = on_db!(&self.db, p => {
            let row = sqlx::query(&sql).bind(slug).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Product))?;
            product_from_row(&row)?
        });
        self.attach_details(std::slice::from_mut(&mut product))
            .await?;
        Ok(product)
    }

    /// The published variations of a variable product, in their menu order.
    pub async fn variations(&self, parent_id: i64) -> Result<Vec<Product>> {
        let mut list: Vec<Product> = on_db!(&self.db, p => {
            let rows = sqlx::query(variations_sql()).bind(parent_id).fetch_all(p).await?;
            rows.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_lowest_prices(&mut list).await?;
        Ok(list)
    }

    /// Variations of several parents at once, keyed by parent id.
    pub async fn variations_of(&self, parent_ids: &[i64]) -> Result<HashMap<i64, Vec<Product>>> {
        let mut out: HashMap<i64, Vec<Product>> = HashMap::new();
        if parent_ids.is_empty() {
            return Ok(out);
        }
        let list: Vec<String> = parent_ids.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT {PRODUCT_COLS} FROM products WHERE parent_id IN ({}) AND kind = 'variation' AND status = 'publish' ORDER BY menu_order, id",
            list.join(",")
        );
        let mut rows: Vec<Product> = on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).fetch_all(p).await?;
            rows.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_lowest_prices(&mut rows).await?;
        for v in rows {
            if let Some(parent) = v.parent_id {
                out.entry(parent).or_default().push(v);
            }
        }
        Ok(out)
    }

    /// Every category, ordered for display, with product counts including descendants.
    /// Counted over the whole catalogue once per change of it (`catalog_version`, which every
    /// write that can change a count moves in its own transaction) and kept until the next, so
    /// a page pays one small read for them at any size of catalogue, on every instance alike.
    pub async fn categories(&self) -> Result<Vec<Category>> {
        let version = self.catalog_version().await?;
        if let Some(kept) = self.kept.categories.get(version, &()) {
            return Ok(kept);
        }
        // Read after the version: a change committed meanwhile moves it, and the next call
        // counts again.
        let cats = self.count_categories().await?;
        self.kept.categories.put(version, (), cats.clone());
        Ok(cats)
    }

    /// The content version of the catalogue's last change (see [`Store::categories`]).
    pub(crate) async fn catalog_version(&self) -> Result<i64> {
        on_db!(&self.db, p => {
            let row = sqlx::query("SELECT catalog_version FROM site_state WHERE id = 1").fetch_one(p).await?;
            row.i64("catalog_version")
        })
    }

    /// The categories with their counts, read and counted afresh: the published products'
    /// categories are read in product order, a row at a time, and each product counted once in
    /// every category it is in or below (memory for the categories, not the products).
    async fn count_categories(&self) -> Result<Vec<Category>> {
        use futures::TryStreamExt;
        let mut cats = on_db!(&self.db, p => {
            sqlx::query(
                "SELECT id, parent_id, name, slug, description, image_id, position FROM categories ORDER BY position, name",
            )
            .fetch_all(p)
            .await?
            .iter()
            .map(|r| {
                Ok(Category {
                    id: r.i64("id")?,
                    parent_id: r.opt_i64("parent_id")?,
                    name: r.text("name")?,
                    slug: r.text("slug")?,
                    description: r.text("description")?,
                    image_id: r.opt_i64("image_id")?,
                    position: r.i64("position")?,
                    count: 0,
                })
            })
            .collect::<Result<Vec<_>>>()?
        });
        let parents: HashMap<i64, Option<i64>> = cats.iter().map(|c| (c.id, c.parent_id)).collect();
        let mut counts: HashMap<i64, i64> = HashMap::new();
        // One product's categories with those above them, each once.
        let mut holding: Vec<i64> = Vec::new();
        let mut flush = |holding: &mut Vec<i64>| {
            for c in holding.drain(..) {
                *counts.entry(c).or_default() += 1;
            }
        };
        let mut current: Option<i64> = None;
        let sql = "SELECT pc.product_id, pc.category_id FROM product_categories pc \
                   JOIN products pr ON pr.id = pc.product_id WHERE pr.status = 'publish' ORDER BY pc.product_id";
        on_db!(&self.db, p => {
            let mut rows = sqlx::query(sql).fetch(p);
            while let Some(r) = rows.try_next().await? {
                let (product, cat) = (r.i64("product_id")?, r.i64("category_id")?);
                if current != Some(product) {
                    flush(&mut holding);
                    current = Some(product);
                }
                let mut cur = Some(cat);
                // A bounded climb: a loop in the parents (which the store refuses) ends here.
                for _ in 0..32 {
                    let Some(c) = cur else { break };
                    if !holding.contains(&c) {
                        holding.push(c);
                    }
                    cur = parents.get(&c).copied().flatten();
                }
            }
        });
        flush(&mut holding);
        for c in &mut cats {
            c.count = counts.get(&c.id).copied().unwrap_or(0);
        }
        Ok(cats)
    }

    pub async fn category_by_slug(&self, slug: &str) -> Result<Category> {
        self.categories()
            .await?
            .into_iter()
            .find(|c| c.slug == slug)
            .ok_or(StoreError::NotFound(Missing::Category))
    }

    /// Media rows by id; missing ids are skipped. Kept for a moment (`kept.rs`): every cart
    /// answer shows its items' pictures.
    pub async fn media_by_ids(&self, ids: &[i64]) -> Result<BTreeMap<i64, Media>> {
        let mut out = BTreeMap::new();
        let generation = self.kept_generation();
        let mut missing: Vec<i64> = ids
            .iter()
            .copied()
            .filter(|id| match self.kept.media.get(id, generation) {
                Some(m) => {
                    out.insert(*id, m);
                    false
                }
                None => true,
            })
            .collect();
        missing.sort_unstable();
        missing.dedup();
        if missing.is_empty() {
            return Ok(out);
        }
        let list = crate::db::Ids(&missing);
        let sql = format!("SELECT id, file, mime, width, height, alt, title, caption, sizes FROM media WHERE id {}", list.filter());
        let read_at = std::time::Instant::now();
        let rows: Vec<Media> = on_db!(&self.db, p => {
            let rows = crate::db::bind_ids(sqlx::query(&sql), &list).fetch_all(p).await?;
            rows.iter().map(media_from_row).collect::<Result<Vec<_>>>()?
        });
        for m in rows {
            self.kept.media.put(m.id, generation, read_at, m.clone());
            out.insert(m.id, m);
        }
        Ok(out)
    }

    /// Approved reviews of a product, newest first, and their total.
    pub async fn reviews(
        &self,
        product_id: Option<i64>,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<Review>, i64)> {
        let q = ReviewQuery {
            products: product_id.into_iter().collect(),
            page,
            per_page,
            ..ReviewQuery::default()
        };
        self.review_list(&q).await
    }

    /// Approved reviews of published products as `q` asks, and their total.
    pub async fn review_list(&self, q: &ReviewQuery) -> Result<(Vec<Review>, i64)> {
        let mut filter =
            "approved = TRUE AND product_id IN (SELECT id FROM products WHERE status = 'publish')"
                .to_owned();
        // As WooCommerce: the products named and those of the categories named, together.
        let mut of = Vec::new();
        if !q.products.is_empty() {
            of.push(format!("product_id IN ({})", ids_sql(&q.products)));
        }
        if !q.categories.is_empty() {
            of.push(format!(
                "product_id IN (SELECT product_id FROM product_categories WHERE category_id IN ({}))",
                ids_sql(&q.categories)
            ));
        }
        if !of.is_empty() {
            filter.push_str(&format!(" AND ({})", of.join(" OR ")));
        }
        let dir = if q.descending { "DESC" } else { "ASC" };
        let key = match q.sort {
            ReviewSort::Date => "created_at",
            ReviewSort::Id => "id",
            ReviewSort::Rating => "rating",
            ReviewSort::Product => "product_id",
        };
        let order = format!("{key} {dir}, id {dir}");
        let page = ListPage {
            cols: "id, product_id, rating, author, content, verified, created_at",
            table: "reviews",
            filter: &filter,
            order: &order,
            page: q.page,
            per_page: q.per_page,
            offset: q.offset,
            ids_first: false,
        };
        let binds: Vec<i64> = Vec::new();
        Ok(list_page!(&self.db, page, &binds, review_from_row))
    }
}

/// `1,2,3` for `IN (…)`.
fn ids_sql(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// How the Store API's reviews are ordered (WooCommerce's `orderby`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReviewSort {
    #[default]
    Date,
    Id,
    Rating,
    Product,
}

/// A list of reviews as the Store API asks for it.
#[derive(Debug, Clone)]
pub struct ReviewQuery {
    /// Reviews of these products, and of the products in these categories (already expanded to
    /// what lies below them); both empty: of every product.
    pub products: Vec<i64>,
    pub categories: Vec<i64>,
    pub page: i64,
    pub per_page: i64,
    /// Rows skipped instead of the page's.
    pub offset: Option<i64>,
    pub sort: ReviewSort,
    pub descending: bool,
}

impl ReviewQuery {
    /// Adds the reviews of the products in `roots` and below them (`all`: the shop's categories).
    pub fn in_categories(mut self, all: &[Category], roots: &[i64]) -> Self {
        self.categories = listing::descendants(all, roots);
        if self.categories.is_empty() && !roots.is_empty() {
            self.categories = vec![0];
        }
        self
    }
}

impl Default for ReviewQuery {
    fn default() -> Self {
        ReviewQuery {
            products: Vec::new(),
            categories: Vec::new(),
            page: 1,
            per_page: 10,
            offset: None,
            sort: ReviewSort::Date,
            descending: true,
        }
    }
}

fn review_from_row(r: &impl Cols) -> Result<Review> {
    Ok(Review {
        id: r.i64("id")?,
        product_id: r.i64("product_id")?,
        rating: r.i64("rating")?,
        author: r.text("author")?,
        content: r.text("content")?,
        verified: r.flag("verified")?,
        created_at: r.i64("created_at")?,
    })
}
