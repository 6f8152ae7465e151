//! Product lists for shoppers: the shop's listings and the Store API's `products` with
//! WooCommerce's parameters (`ProductQuery`), the SQL they become (`list_filter`) and pages of
//! them. Ids and enumerated values are written into the SQL (numbers, and words from fixed
//! lists); anything a client types (SKUs, slugs, search words, dates) is bound.

use crate::catalog::listing_index::{ListingIndex, Page};
use crate::db::{DateRange, ListPage, Store};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Result;
use crate::models::*;
use crate::search::{Ranking, Search, TextFound};
use crate::{list_page, on_db};
use laden_domain::catalog::{TermOperator, STOCK_STATUSES};
use laden_domain::VisibilityFilter;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductSort {
    Date,
    Modified,
    Id,
    /// In the order of the query's `include` list.
    Include,
    Price,
    Popularity,
    Rating,
    /// By the number of reviews (WooCommerce's `comment_count`).
    CommentCount,
    MenuOrder,
    Title,
    Slug,
}

impl ProductSort {
    /// WooCommerce's Store API `orderby` values.
    pub const NAMES: &'static [&'static str] = &[
        "date",
        "modified",
        "id",
        "include",
        "title",
        "slug",
        "price",
        "popularity",
        "rating",
        "menu_order",
        "comment_count",
    ];

    pub fn parse(s: &str) -> Option<ProductSort> {
        Some(match s {
            "date" => ProductSort::Date,
            "modified" => ProductSort::Modified,
            "id" => ProductSort::Id,
            "include" => ProductSort::Include,
            "price" => ProductSort::Price,
            "popularity" => ProductSort::Popularity,
            "rating" => ProductSort::Rating,
            "comment_count" => ProductSort::CommentCount,
            "menu_order" => ProductSort::MenuOrder,
            "title" => ProductSort::Title,
            "slug" => ProductSort::Slug,
            _ => return None,
        })
    }

    /// The `ORDER BY` key, `include` naming the order of [`ProductSort::Include`].
    fn key(self, include: &[i64]) -> String {
        match self {
            ProductSort::Date => "created_at".to_owned(),
            ProductSort::Modified => "updated_at".to_owned(),
            ProductSort::Id => "id".to_owned(),
            ProductSort::Include if !include.is_empty() => {
                let cases: Vec<String> = include
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("WHEN {id} THEN {i}"))
                    .collect();
                format!("(CASE id {} END)", cases.join(" "))
            }
            ProductSort::Include => "id".to_owned(),
            ProductSort::Price => "price".to_owned(),
            ProductSort::Popularity => "total_sales".to_owned(),
            ProductSort::Rating => {
                "(CASE WHEN rating_count = 0 THEN 0 ELSE rating_sum * 1000 / rating_count END)"
                    .to_owned()
            }
            ProductSort::CommentCount => "rating_count".to_owned(),
            ProductSort::MenuOrder => "menu_order".to_owned(),
            ProductSort::Title => "name".to_owned(),
            ProductSort::Slug => "slug".to_owned(),
        }
    }
}

/// A validated product listing request.
#[derive(Debug, Clone)]
pub struct ProductQuery {
    pub page: i64,
    pub per_page: i64,
    /// Rows skipped before the first (WooCommerce's `offset`: the page then moves nothing).
    pub offset: Option<i64>,
    /// Category ids, already expanded to their descendants (see [`ProductQuery::in_categories`]):
    /// products in any of them.
    pub categories: Vec<i64>,
    /// Products in none of these (expanded like `categories`).
    pub categories_excluded: Vec<i64>,
    /// Products in each of these groups (a named category with what lies below it).
    pub categories_all: Vec<Vec<i64>>,
    pub search: Option<String>,
    pub sort: ProductSort,
    pub descending: bool,
    pub include: Vec<i64>,
    pub exclude: Vec<i64>,
    /// Products (or variations) with one of these slugs.
    pub slugs: Vec<String>,
    /// Only these kinds (WooCommerce's `type`): `Variation` lists variations. Empty: the
    /// products a shop lists, with variations too where slugs are asked for.
    pub kinds: Vec<ProductKind>,
    /// Rows whose parent is one of these (0: rows without one) / none of these.
    pub parents: Vec<i64>,
    pub parents_excluded: Vec<i64>,
    /// When the product was created and last changed.
    pub dates: DateRange,
    pub on_sale: Option<bool>,
    /// Which catalogue visibilities the list admits (by default as the shop shows them).
    pub visibility: VisibilityFilter,
    pub featured: Option<bool>,
    /// Products or variations with one of these SKUs.
    pub skus: Vec<String>,
    /// Price bounds in cents: a product whose price range reaches into [min, max].
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    /// `instock`, `outofstock`, `onbackorder` (checked by the caller).
    pub stock_status: Vec<String>,
    /// With a search: products ranked by where its words were found, then `sort`.
    pub by_relevance: bool,
    /// Products with any of these tags / none of them / all of them.
    pub tags: Vec<i64>,
    pub tags_excluded: Vec<i64>,
    pub tags_all: Vec<i64>,
    /// Average ratings, rounded as WooCommerce's `rated-N` terms (1–5).
    pub ratings: Vec<i64>,
    /// Products sharing a category or a tag with this one (itself left out).
    pub related_to: Option<i64>,
    /// Attribute filters, all of them (or any, with `any_attribute`).
    pub attributes: Vec<laden_domain::AttributeChoice>,
    pub any_attribute: bool,
}

impl ProductQuery {
    /// Limits the query to `roots` and all their descendants within `all`
    /// (the caller's category list, so it is not read again). Unknown ids match nothing.
    pub fn in_categories(self, all: &[Category], roots: &[i64]) -> Self {
        self.with_categories(all, roots, TermOperator::In, true)
    }

    /// WooCommerce's category filter: products in any of `roots`, in none, or in each of them;
    /// with `children`, a category stands for everything below it too (`all` is the caller's
    /// category list). Unknown ids match nothing.
    pub fn with_categories(
        mut self,
        all: &[Category],
        roots: &[i64],
        operator: TermOperator,
        children: bool,
    ) -> Self {
        let expand = |roots: &[i64]| {
            if children {
                descendants(all, roots)
            } else {
                roots
                    .iter()
                    .copied()
                    .filter(|id| all.iter().any(|c| c.id == *id))
                    .collect()
            }
        };
        match operator {
            TermOperator::In => self.categories = matching(expand(roots), roots),
            TermOperator::NotIn => self.categories_excluded = expand(roots),
            TermOperator::And => {
                self.categories_all = roots
                    .iter()
                    .map(|root| matching(expand(&[*root]), &[*root]))
                    .collect()
            }
        }
        self
    }

    /// WooCommerce's tag filter: products with any of `ids`, none or all of them (unknown ids,
    /// `0`, match nothing).
    pub fn with_tags(mut self, ids: Vec<i64>, operator: TermOperator) -> Self {
        match operator {
            TermOperator::In => self.tags = ids,
            TermOperator::NotIn => self.tags_excluded = ids,
            TermOperator::And => self.tags_all = ids,
        }
        self
    }
}

/// Ids to filter by: none found for roots that were asked for is `[0]`, which matches nothing.
fn matching(found: Vec<i64>, roots: &[i64]) -> Vec<i64> {
    if found.is_empty() && !roots.is_empty() {
        vec![0]
    } else {
        found
    }
}

/// The given categories and all their descendants.
pub(crate) fn descendants(all: &[Category], roots: &[i64]) -> Vec<i64> {
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

impl Default for ProductQuery {
    fn default() -> Self {
        ProductQuery {
            page: 1,
            per_page: 10,
            offset: None,
            categories: Vec::new(),
            categories_excluded: Vec::new(),
            categories_all: Vec::new(),
            search: None,
            sort: ProductSort::MenuOrder,
            descending: false,
            include: Vec::new(),
            exclude: Vec::new(),
            slugs: Vec::new(),
            kinds: Vec::new(),
            parents: Vec::new(),
            parents_excluded: Vec::new(),
            dates: DateRange::default(),
            on_sale: None,
            visibility: VisibilityFilter::Shop,
            featured: None,
            skus: Vec::new(),
            min_price: None,
            max_price: None,
            stock_status: Vec::new(),
            by_relevance: false,
            tags: Vec::new(),
            tags_excluded: Vec::new(),
            tags_all: Vec::new(),
            ratings: Vec::new(),
            related_to: None,
            attributes: Vec::new(),
            any_attribute: false,
        }
    }
}

/// The kinds a listing holds unless it names others (or slugs or SKUs, which name variations too).
pub(crate) const LISTED_KINDS: &str = "'simple','variable','grouped','external'";

/// On sale: at its sale price, or (a variable product) with a published variation at its own.
/// Never NULL, so that a product is either on sale or not.
pub(crate) const ON_SALE: &str = "(COALESCE(price = sale_price, FALSE) OR id IN (SELECT parent_id FROM products \
    WHERE kind = 'variation' AND status = 'publish' AND parent_id IS NOT NULL AND price = sale_price))";

/// Whether `q` searches (a query of blanks does not).
pub(crate) fn searching(q: &ProductQuery) -> bool {
    q.search.as_deref().is_some_and(|s| !s.trim().is_empty())
}

/// The order of `q`'s list: the search's ranking first, then the sort, then the id.
fn order_of(q: &ProductQuery, rank: &Ranking) -> String {
    let dir = if q.descending { "DESC" } else { "ASC" };
    format!("{}{} {dir}, id {dir}", rank.order, q.sort.key(&q.include))
}

/// The page of `q` over the products, as the database finds it (its ids first, then their rows).
fn products_page<'a>(q: &ProductQuery, filter: &'a str, order: &'a str) -> ListPage<'a> {
    ListPage {
        cols: PRODUCT_COLS,
        table: "products",
        filter,
        order,
        page: q.page,
        per_page: q.per_page,
        offset: q.offset,
        ids_first: true,
    }
}

/// `1,2,3` for `IN (…)` (ids are numbers: written out, not bound).
fn id_list(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// `id IN (SELECT product_id FROM {table} WHERE {column} IN (…))`: the products with any of `ids`.
fn having(table: &str, column: &str, ids: &[i64]) -> String {
    format!(
        "id IN (SELECT product_id FROM {table} WHERE {column} IN ({}))",
        id_list(ids)
    )
}

/// Binds `value` and answers its placeholder.
fn bind(args: &mut Vec<String>, value: String) -> String {
    args.push(value);
    format!("${}", args.len())
}

/// The `WHERE` part of a product list (published products matching `q`, its search's words
/// resolved by [`Store::search_terms`]), the values it binds in order, and the search's ranking
/// to put before the order.
pub(crate) fn list_filter(q: &ProductQuery, search: &Search) -> (String, Vec<String>, Ranking) {
    let mut args: Vec<String> = Vec::new();
    let mut and: Vec<String> = Vec::new();
    let kinds: String = if !q.kinds.is_empty() {
        q.kinds
            .iter()
            .map(|k| format!("'{}'", k.as_str()))
            .collect::<Vec<_>>()
            .join(",")
    } else if !q.slugs.is_empty() || !q.skus.is_empty() {
        // As WooCommerce, a slug or an SKU may name a variation too: it is answered itself.
        format!("{LISTED_KINDS},'variation'")
    } else {
        LISTED_KINDS.to_owned()
    };
    and.push(format!("kind IN ({kinds})"));
    and.push("status = 'publish'".to_owned());
    if !q.categories.is_empty() {
        and.push(having("product_categories", "category_id", &q.categories));
    }
    if !q.categories_excluded.is_empty() {
        and.push(format!(
            "NOT {}",
            having("product_categories", "category_id", &q.categories_excluded)
        ));
    }
    for group in &q.categories_all {
        and.push(having("product_categories", "category_id", group));
    }
    if !q.include.is_empty() {
        and.push(format!("id IN ({})", id_list(&q.include)));
    }
    if !q.exclude.is_empty() {
        and.push(format!("id NOT IN ({})", id_list(&q.exclude)));
    }
    if !q.parents.is_empty() {
        and.push(format!(
            "COALESCE(parent_id, 0) IN ({})",
            id_list(&q.parents)
        ));
    }
    if !q.parents_excluded.is_empty() {
        and.push(format!(
            "COALESCE(parent_id, 0) NOT IN ({})",
            id_list(&q.parents_excluded)
        ));
    }
    if !q.slugs.is_empty() {
        let marks: Vec<String> = q.slugs.iter().map(|s| bind(&mut args, s.clone())).collect();
        and.push(format!("slug IN ({})", marks.join(",")));
    }
    and.extend(q.dates.conditions(&mut args));
    if let Some(on_sale) = q.on_sale {
        and.push(if on_sale {
            ON_SALE.to_owned()
        } else {
            format!("NOT {ON_SALE}")
        });
    }
    if !q.tags.is_empty() {
        and.push(having("product_tags", "tag_id", &q.tags));
    }
    if !q.tags_excluded.is_empty() {
        and.push(format!(
            "NOT {}",
            having("product_tags", "tag_id", &q.tags_excluded)
        ));
    }
    for tag in &q.tags_all {
        and.push(having("product_tags", "tag_id", &[*tag]));
    }
    let searching = searching(q);
    let admitted = q.visibility.admits(searching);
    if admitted.len() < CatalogVisibility::ALL.len() {
        let list: Vec<String> = admitted
            .iter()
            .map(|v| format!("'{}'", v.as_str()))
            .collect();
        and.push(format!(
            "catalog_visibility IN ({})",
            if list.is_empty() {
                "''".to_owned()
            } else {
                list.join(",")
            }
        ));
    }
    if let Some(featured) = q.featured {
        and.push(format!(
            "featured = {}",
            if featured { "TRUE" } else { "FALSE" }
        ));
    }
    if !q.skus.is_empty() {
        let marks: Vec<String> = q.skus.iter().map(|s| bind(&mut args, s.clone())).collect();
        and.push(format!("sku IN ({})", marks.join(",")));
    }
    if let Some(min) = q.min_price {
        and.push(format!("COALESCE(max_price, price) >= {min}"));
    }
    if let Some(max) = q.max_price {
        and.push(format!("price <= {max}"));
    }
    if !q.stock_status.is_empty() {
        let statuses: Vec<String> = STOCK_STATUSES
            .iter()
            .filter(|s| q.stock_status.iter().any(|w| w == *s))
            .map(|s| format!("'{s}'"))
            .collect();
        and.push(format!(
            "stock_status IN ({})",
            if statuses.is_empty() {
                "''".to_owned()
            } else {
                statuses.join(",")
            }
        ));
    }
    if !q.ratings.is_empty() {
        // PHP's round(), half up, of the average: WooCommerce's `rated-N` term.
        and.push(format!(
            "rating_count > 0 AND (2 * rating_sum + rating_count) / (2 * rating_count) IN ({})",
            id_list(&q.ratings)
        ));
    }
    if let Some(r) = q.related_to {
        and.push(format!(
            "id <> {r} AND (id IN (SELECT product_id FROM product_categories WHERE category_id IN \
             (SELECT category_id FROM product_categories WHERE product_id = {r})) OR id IN \
             (SELECT product_id FROM product_tags WHERE tag_id IN \
             (SELECT tag_id FROM product_tags WHERE product_id = {r})))"
        ));
    }
    let mut filter = and.join(" AND ");
    filter.push_str(&crate::attribute_terms::filter(
        &q.attributes,
        q.any_attribute,
        &mut args,
    ));
    let mut rank = Ranking::default();
    if searching {
        let (where_part, ranking) = crate::search::filter(search, &mut args);
        filter.push_str(&where_part);
        if q.by_relevance {
            rank = ranking;
        }
    }
    (filter, args, rank)
}

impl Store {
    /// Published products matching `q`, and the total count.
    pub async fn list_products(&self, q: &ProductQuery) -> Result<(Vec<Product>, i64)> {
        if let Some(page) = self.indexed_page(q, true).await? {
            return Ok((self.products_in_order(&page.ids).await?, page.total));
        }
        let search = self.search_terms(q.search.as_deref()).await?;
        let (filter, args, rank) = list_filter(q, &search);
        let order = order_of(q, &rank);
        let list = products_page(q, &filter, &order);
        let (mut products, total) = list_page!(&self.db, list, &args, &rank.args, product_from_row);
        self.attach_details(&mut products).await?;
        Ok((products, total))
    }

    /// The page of published products matching `q`, without their count (for a listing that
    /// has its count from [`Store::listing_counts`]).
    pub async fn product_page_rows(&self, q: &ProductQuery) -> Result<Vec<Product>> {
        if let Some(page) = self.indexed_page(q, false).await? {
            return self.products_in_order(&page.ids).await;
        }
        let search = self.search_terms(q.search.as_deref()).await?;
        let (filter, args, rank) = list_filter(q, &search);
        let order = order_of(q, &rank);
        let sql = products_page(q, &filter, &order).list_sql();
        let mut products = on_db!(&self.db, p => {
            let mut list = sqlx::query(&sql);
            for b in args.iter().chain(&rank.args) {
                list = list.bind(b);
            }
            list.fetch_all(p).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_details(&mut products).await?;
        Ok(products)
    }

    /// The page of `q` from the listing index, where it answers `q` (a search found first by
    /// the database's text index, then filtered, ordered and counted there).
    async fn indexed_page(&self, q: &ProductQuery, total: bool) -> Result<Option<Page>> {
        if ListingIndex::answers(q) {
            return Ok(Some(
                self.with_listing_index(|index| index.page(q, total))
                    .await?,
            ));
        }
        if !ListingIndex::answers_found(q) {
            return Ok(None);
        }
        let (search, found) = self.search_found(q).await?;
        Ok(Some(
            self.with_listing_index(|index| {
                let ranked = index.found(&search, &found, q.by_relevance);
                index.page_found(q, &ranked)
            })
            .await?,
        ))
    }

    /// What `q`'s search finds in the text index (its other filters aside, which the listing
    /// index applies): the search's words, and each lookup's products by id
    /// ([`Store::text_found`]; [`ListingIndex::found`] joins them and ranks what they find).
    pub(crate) async fn search_found(&self, q: &ProductQuery) -> Result<(Search, Vec<TextFound>)> {
        let search = self.search_terms(q.search.as_deref()).await?;
        let found = self.text_found(&search).await?;
        Ok((search, found))
    }

    /// The published products `ids` (a page the listing index found) in that order, with their
    /// details. One the index still held but unpublished since is left out.
    async fn products_in_order(&self, ids: &[i64]) -> Result<Vec<Product>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT {PRODUCT_COLS} FROM products WHERE id IN ({}) AND status = 'publish'",
            id_list(ids)
        );
        let mut products = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        let at: std::collections::HashMap<i64, usize> =
            ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        products.sort_by_key(|p| at.get(&p.id).copied().unwrap_or(usize::MAX));
        self.attach_details(&mut products).await?;
        Ok(products)
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
            offset: None,
            ids_first: true,
        };
        let (mut products, total) = list_page!(&self.db, list, binds, product_from_row);
        self.attach_details(&mut products).await?;
        Ok((products, total))
    }
}
