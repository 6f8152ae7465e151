//! The catalogue: listing products (`ProductQuery`, here), the products themselves and their
//! changes, links, categories, tags, attribute terms, search terms and the CSV export.

pub(crate) mod attribute_terms;
pub(crate) mod categories;
pub(crate) mod export;
pub(crate) mod product_changes;
pub(crate) mod product_links;
pub(crate) mod product_row;
pub(crate) mod products;
pub(crate) mod search;
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
use laden_domain::catalog::STOCK_STATUSES;
use laden_domain::{Money, VisibilityFilter};
use std::collections::{BTreeMap, HashMap};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductSort {
    Date,
    Price,
    Popularity,
    Rating,
    MenuOrder,
    Title,
    Slug,
}

impl ProductSort {
    pub fn parse(s: &str) -> Option<ProductSort> {
        Some(match s {
            "date" => ProductSort::Date,
            "price" => ProductSort::Price,
            "popularity" => ProductSort::Popularity,
            "rating" => ProductSort::Rating,
            "menu_order" => ProductSort::MenuOrder,
            "title" => ProductSort::Title,
            "slug" => ProductSort::Slug,
            _ => return None,
        })
    }
    fn column(self) -> &'static str {
        match self {
            ProductSort::Date => "created_at",
            ProductSort::Price => "price",
            ProductSort::Popularity => "total_sales",
            ProductSort::Rating => {
                "(CASE WHEN rating_count = 0 THEN 0 ELSE rating_sum * 1000 / rating_count END)"
            }
            ProductSort::MenuOrder => "menu_order",
            ProductSort::Title => "name",
            ProductSort::Slug => "slug",
        }
    }
}

/// A validated product listing request.
#[derive(Debug, Clone)]
pub struct ProductQuery {
    pub page: i64,
    pub per_page: i64,
    /// Category ids, already expanded to their descendants (see [`ProductQuery::in_categories`]).
    pub categories: Vec<i64>,
    pub search: Option<String>,
    pub sort: ProductSort,
    pub descending: bool,
    pub include: Vec<i64>,
    pub exclude: Vec<i64>,
    pub on_sale: Option<bool>,
    /// Which catalogue visibilities the list admits (by default as the shop shows them).
    pub visibility: VisibilityFilter,
    pub featured: Option<bool>,
    /// Products with one of these SKUs, or with a variation that has one.
    pub skus: Vec<String>,
    /// Price bounds in cents: a product whose price range reaches into [min, max].
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    /// `instock`, `outofstock`, `onbackorder` (checked by the caller).
    pub stock_status: Vec<String>,
    /// With a search: products whose name holds every word first, then `sort`.
    pub by_relevance: bool,
    /// Products with any of these tags.
    pub tags: Vec<i64>,
    /// Attribute filters, all of them (or any, with `any_attribute`).
    pub attributes: Vec<laden_domain::AttributeChoice>,
    pub any_attribute: bool,
}

impl ProductQuery {
    /// Limits the query to `roots` and all their descendants within `all`
    /// (the caller's category list, so it is not read again). Unknown ids match nothing.
    pub fn in_categories(mut self, all: &[Category], roots: &[i64]) -> Self {
        self.categories = descendants(all, roots);
        if self.categories.is_empty() && !roots.is_empty() {
            self.categories = vec![0];
        }
        self
    }
}

impl Default for ProductQuery {
    fn default() -> Self {
        ProductQuery {
            page: 1,
            per_page: 10,
            categories: Vec::new(),
            search: None,
            sort: ProductSort::MenuOrder,
            descending: false,
            include: Vec::new(),
            exclude: Vec::new(),
            on_sale: None,
            visibility: VisibilityFilter::Shop,
            featured: None,
            skus: Vec::new(),
            min_price: None,
            max_price: None,
            stock_status: Vec::new(),
            by_relevance: false,
            tags: Vec::new(),
            attributes: Vec::new(),
            any_attribute: false,
        }
    }
}

/// The `WHERE` part of a product list (published simple and variable products matching `q`,
/// its search's words resolved by [`Store::search_terms`]), the values it binds in order, and
/// the search's ranking to put before the order.
pub(crate) fn list_filter(
    q: &ProductQuery,
    search: &[crate::search::SearchTerm],
) -> (String, Vec<String>, String) {
    let mut filter = String::from(
        "kind IN ('simple', 'variable', 'grouped', 'external') AND status = 'publish'",
    );
    let mut args: Vec<String> = Vec::new();
    if !q.categories.is_empty() {
        let list: Vec<String> = q.categories.iter().map(i64::to_string).collect();
        filter.push_str(&format!(
            " AND id IN (SELECT product_id FROM product_categories WHERE category_id IN ({}))",
            if list.is_empty() {
                "0".to_owned()
            } else {
                list.join(",")
            }
        ));
    }
    if !q.include.is_empty() {
        let list: Vec<String> = q.include.iter().map(i64::to_string).collect();
        filter.push_str(&format!(" AND id IN ({})", list.join(",")));
    }
    if let Some(on_sale) = q.on_sale {
        filter.push_str(if on_sale {
                " AND (price = sale_price OR id IN (SELECT parent_id FROM products WHERE kind = 'variation' AND price = sale_price))"
            } else {
                " AND (sale_price IS NULL OR price <> sale_price)"
            });
    }
    if !q.tags.is_empty() {
        let list: Vec<String> = q.tags.iter().map(i64::to_string).collect();
        filter.push_str(&format!(
            " AND id IN (SELECT product_id FROM product_tags WHERE tag_id IN ({}))",
            list.join(",")
        ));
    }
    let searching = q.search.as_deref().is_some_and(|s| !s.trim().is_empty());
    let admitted = q.visibility.admits(searching);
    if admitted.len() < CatalogVisibility::ALL.len() {
        let list: Vec<String> = admitted
            .iter()
            .map(|v| format!("'{}'", v.as_str()))
            .collect();
        filter.push_str(&format!(
            " AND catalog_visibility IN ({})",
            if list.is_empty() {
                "''".to_owned()
            } else {
                list.join(",")
            }
        ));
    }
    if !q.exclude.is_empty() {
        let list: Vec<String> = q.exclude.iter().map(i64::to_string).collect();
        filter.push_str(&format!(" AND id NOT IN ({})", list.join(",")));
    }
    if let Some(featured) = q.featured {
        filter.push_str(if featured {
            " AND featured = TRUE"
        } else {
            " AND featured = FALSE"
        });
    }
    if !q.skus.is_empty() {
        let mut marks = Vec::new();
        for sku in &q.skus {
            args.push(sku.clone());
            marks.push(format!("${}", args.len()));
        }
        let marks = marks.join(",");
        filter.push_str(&format!(
                " AND (sku IN ({marks}) OR id IN (SELECT parent_id FROM products WHERE kind = 'variation' AND sku IN ({marks})))"
            ));
    }
    if let Some(min) = q.min_price {
        filter.push_str(&format!(" AND COALESCE(max_price, price) >= {min}"));
    }
    if let Some(max) = q.max_price {
        filter.push_str(&format!(" AND price <= {max}"));
    }
    let statuses: Vec<String> = STOCK_STATUSES
        .iter()
        .filter(|s| q.stock_status.iter().any(|w| w == *s))
        .map(|s| format!("'{s}'"))
        .collect();
    if !q.stock_status.is_empty() {
        filter.push_str(&format!(
            " AND stock_status IN ({})",
            if statuses.is_empty() {
                "''".to_owned()
            } else {
                statuses.join(",")
            }
        ));
    }
    filter.push_str(&crate::attribute_terms::filter(
        &q.attributes,
        q.any_attribute,
        &mut args,
    ));
    let mut rank = String::new();
    if searching {
        let (where_part, rank_part) = crate::search::filter(search, &mut args);
        filter.push_str(&where_part);
        if q.by_relevance {
            rank = rank_part;
        }
    }
    (filter, args, rank)
}

impl Store {
    /// Published simple and variable products matching `q`, and the total count.
    pub async fn list_products(&self, q: &ProductQuery) -> Result<(Vec<Product>, i64)> {
        let search = self.search_terms(q.search.as_deref()).await?;
        let (filter, args, rank) = list_filter(q, &search);
        let order = format!(
            "{rank}{} {}, id {}",
            q.sort.column(),
            if q.descending { "DESC" } else { "ASC" },
            if q.descending { "DESC" } else { "ASC" }
        );
        self.product_page(&filter, &order, &args, q.page, q.per_page)
            .await
    }

    /// A page of products (`filter`, with its `binds`, and `order` over the products table) with
    /// their details, and the total the filter matches.
    pub(crate) async fn product_page(
        &self,
        filter: &str,
        order: &str,
        binds: &[String],
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<Product>, i64)> {
        let list = ListPage {
            cols: PRODUCT_COLS,
            table: "products",
            filter,
            order,
            page,
            per_page,
        };
        let (mut products, total) = list_page!(&self.db, list, binds, product_from_row);
        self.attach_details(&mut products).await?;
        Ok((products, total))
    }

    /// How many products `q` matches (its page and order aside): a count, no rows read.
    pub async fn count_products(&self, q: &ProductQuery) -> Result<i64> {
        let search = self.search_terms(q.search.as_deref()).await?;
        let (filter, args, _) = list_filter(q, &search);
        let sql = format!("SELECT COUNT(*) AS n FROM products WHERE {filter}");
        let n = on_db!(&self.db, p => {
            let mut count = sqlx::query(&sql);
            for a in &args {
                count = count.bind(a);
            }
            count.fetch_one(p).await?.i64("n")?
        });
        Ok(n)
    }

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
    pub async fn categories(&self) -> Result<Vec<Category>> {
        let (mut cats, direct) = on_db!(&self.db, p => {
            let rows = sqlx::query(
                "SELECT id, parent_id, name, slug, description, image_id, position FROM categories ORDER BY position, name",
            )
            .fetch_all(p)
            .await?;
            let cats = rows
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
                .collect::<Result<Vec<_>>>()?;
            let rows = sqlx::query(
                "SELECT pc.category_id, pc.product_id FROM product_categories pc \
                 JOIN products pr ON pr.id = pc.product_id WHERE pr.status = 'publish'",
            )
            .fetch_all(p)
            .await?;
            let direct = rows
                .iter()
                .map(|r| Ok((r.i64("category_id")?, r.i64("product_id")?)))
                .collect::<Result<Vec<_>>>()?;
            (cats, direct)
        });
        // Count distinct products per category subtree.
        let parents: HashMap<i64, Option<i64>> = cats.iter().map(|c| (c.id, c.parent_id)).collect();
        let mut members: HashMap<i64, std::collections::HashSet<i64>> = HashMap::new();
        for (cat, product) in direct {
            let mut cur = Some(cat);
            let mut guard = 0;
            while let Some(c) = cur {
                members.entry(c).or_default().insert(product);
                cur = parents.get(&c).copied().flatten();
                guard += 1;
                if guard > 32 {
                    break;
                }
            }
        }
        for c in &mut cats {
            c.count = members.get(&c.id).map_or(0, |s| s.len() as i64);
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
        let filter = if product_id.is_some() {
            "approved = TRUE AND product_id = $1"
        } else {
            "approved = TRUE"
        };
        let page = ListPage {
            cols: "id, product_id, rating, author, content, verified, created_at",
            table: "reviews",
            filter,
            order: "created_at DESC, id DESC",
            page,
            per_page,
        };
        let binds: Vec<i64> = product_id.into_iter().collect();
        Ok(list_page!(&self.db, page, &binds, review_from_row))
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

/// The given categories and all their descendants.
fn descendants(all: &[Category], roots: &[i64]) -> Vec<i64> {
    let mut out: Vec<i64> = roots
        .iter()
        .copied()
        .filter(|id| all.iter().any(|c| c.id == *id))
        .collect();
    let mut i = 0;
    while i < out.len() {
        let cur = out[i];
        for c in all {
            if c.parent_id == Some(cur) && !out.contains(&c.id) {
                out.push(c.id);
            }
        }
        i += 1;
    }
    out
}
