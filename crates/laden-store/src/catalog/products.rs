//! Products and variations as shop staff and their tools change them (wc/v3 and the admin
//! screens).
//!
//! Every write is one transaction that locks the row it changes, so a change
//! never writes back values read before another writer's commit; stock in
//! particular changes only when the request asks for it, as a delta or a
//! compare-and-swap (woocommerce#16780). The rules a change must keep are in
//! [`crate::product_changes`].
use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Missing;
use crate::error::{invalid, Result, StoreError};
use crate::lookup::{exists, unique_slug};
use crate::models::*;
use crate::product_changes::{self as rules, Problems, ProductChanges};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::i18n::{t, tf};

/// Product statuses staff can set (WordPress post statuses).
pub const PRODUCT_STATUSES: &[&str] = &["draft", "pending", "private", "publish"];
/// Stock statuses (WooCommerce).
pub const STOCK_STATUSES: &[&str] = &["instock", "outofstock", "onbackorder"];

/// Staff listing filters (any status, drafts included; trash only when asked for).
#[derive(Debug, Clone, Default)]
pub struct AdminProductQuery {
    pub page: i64,
    pub per_page: i64,
    pub search: Option<String>,
    pub sku: Option<String>,
    pub category: Option<i64>,
    /// `None`: every status but trash.
    pub status: Option<String>,
    pub stock_status: Option<String>,
    pub kind: Option<ProductKind>,
    /// `Some`: the variations of this product; `None`: products (no variations).
    pub parent: Option<i64>,
    pub include: Vec<i64>,
    pub exclude: Vec<i64>,
    /// When the product was created and last changed (its stock too).
    pub dates: crate::DateRange,
    /// wc/v3's `orderby` (`None`: newest first; variations by menu order) and `order`.
    pub sort: Option<(AdminSort, SortDirection)>,
}

/// wc/v3's `orderby` values for products.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminSort {
    Date,
    Id,
    Include,
    Title,
    Slug,
    Price,
    Popularity,
    Rating,
    MenuOrder,
    Modified,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortDirection {
    Asc,
    Desc,
}

impl AdminSort {
    pub const NAMES: &'static str =
        "date, id, include, title, slug, price, popularity, rating, menu_order, modified";

    pub fn parse(s: &str) -> Option<AdminSort> {
        Some(match s {
            "date" => AdminSort::Date,
            "id" => AdminSort::Id,
            "include" => AdminSort::Include,
            "title" => AdminSort::Title,
            "slug" => AdminSort::Slug,
            "price" => AdminSort::Price,
            "popularity" => AdminSort::Popularity,
            "rating" => AdminSort::Rating,
            "menu_order" => AdminSort::MenuOrder,
            "modified" => AdminSort::Modified,
            _ => return None,
        })
    }

    /// The ORDER BY clause (column names only, never input), ties broken by id; orders take it
    /// too (their sorts are `ORDER_SORTS`, columns both tables have).
    pub(crate) fn clause(self, dir: SortDirection, include: &[i64]) -> String {
        let d = match dir {
            SortDirection::Asc => "ASC",
            SortDirection::Desc => "DESC",
        };
        let key = match self {
            AdminSort::Date => "created_at".to_owned(),
            AdminSort::Id => "id".to_owned(),
            AdminSort::Include if !include.is_empty() => {
                let cases: Vec<String> = include
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("WHEN {id} THEN {i}"))
                    .collect();
                return format!("CASE id {} END, id", cases.join(" "));
            }
            AdminSort::Include => "id".to_owned(),
            AdminSort::Title => "LOWER(name)".to_owned(),
            AdminSort::Slug => "slug".to_owned(),
            AdminSort::Price => "COALESCE(price, 0)".to_owned(),
            AdminSort::Popularity => "total_sales".to_owned(),
            AdminSort::Rating => {
                "CASE WHEN rating_count = 0 THEN 0 ELSE rating_sum * 1000 / rating_count END"
                    .to_owned()
            }
            AdminSort::MenuOrder => "menu_order".to_owned(),
            AdminSort::Modified => "updated_at".to_owned(),
        };
        format!("{key} {d}, id {d}")
    }
}

impl Store {
    /// Products (or one product's variations) for staff, with the total count.
    pub async fn admin_products(&self, q: &AdminProductQuery) -> Result<(Vec<Product>, i64)> {
        let mut wheres: Vec<String> = Vec::new();
        let mut binds: Vec<String> = Vec::new();
        let bind = |v: String, binds: &mut Vec<String>| {
            binds.push(v);
            format!("${}", binds.len())
        };
        match q.parent {
            Some(parent) => wheres.push(format!("parent_id = {parent} AND kind = 'variation'")),
            None => wheres.push("kind <> 'variation'".into()),
        }
        if let Some(kind) = q.kind {
            wheres.push(format!("kind = '{}'", kind.as_str()));
        }
        match q.status.as_deref() {
            None | Some("any") => wheres.push("status <> 'trash'".into()),
            Some(s) => {
                let m = bind(s.to_owned(), &mut binds);
                wheres.push(format!("status = {m}"));
            }
        }
        if let Some(s) = &q.stock_status {
            let m = bind(s.clone(), &mut binds);
            wheres.push(format!("stock_status = {m}"));
        }
        if let Some(sku) = &q.sku {
            let marks: Vec<String> = sku
                .split(',')
                .map(|s| bind(s.trim().to_owned(), &mut binds))
                .collect();
            wheres.push(format!("sku IN ({})", marks.join(", ")));
        }
        if let Some(cat) = q.category {
            wheres.push(format!(
                "id IN (SELECT product_id FROM product_categories WHERE category_id = {cat})"
            ));
        }
        if !q.include.is_empty() {
            let list: Vec<String> = q.include.iter().map(i64::to_string).collect();
            wheres.push(format!("id IN ({})", list.join(",")));
        }
        if !q.exclude.is_empty() {
            let list: Vec<String> = q.exclude.iter().map(i64::to_string).collect();
            wheres.push(format!("id NOT IN ({})", list.join(",")));
        }
        let dates = q.dates.conditions(&mut binds);
        wheres.extend(dates);
        if let Some(s) = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            let pattern = crate::db::like_pattern(s);
            let m = bind(pattern, &mut binds);
            wheres.push(format!(
                "(LOWER(name) LIKE {m} ESCAPE '\\' OR LOWER(sku) LIKE {m} ESCAPE '\\')"
            ));
        }
        let filter = wheres.join(" AND ");
        let order = match (q.sort, q.parent) {
            (Some((sort, dir)), _) => sort.clause(dir, &q.include),
            (None, Some(_)) => "menu_order, id".to_owned(),
            (None, None) => "created_at DESC, id DESC".to_owned(),
        };
        self.product_page(&filter, &order, &binds, q.page, q.per_page)
            .await
    }

    /// Ids of every variation of `parent`, any status, in menu order.
    pub async fn variation_ids(
        &self,
        parents: &[i64],
    ) -> Result<std::collections::HashMap<i64, Vec<i64>>> {
        let mut out: std::collections::HashMap<i64, Vec<i64>> = std::collections::HashMap::new();
        if parents.is_empty() {
            return Ok(out);
        }
        let list: Vec<String> = parents.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT id, parent_id FROM products WHERE kind = 'variation' AND status <> 'trash' AND parent_id IN ({}) ORDER BY menu_order, id",
            list.join(",")
        );
        let pairs: Vec<(i64, i64)> = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(|r| Ok((r.i64("parent_id")?, r.i64("id")?))).collect::<Result<Vec<_>>>()?
        });
        for (parent, id) in pairs {
            out.entry(parent).or_default().push(id);
        }
        Ok(out)
    }

    /// Creates a simple or variable product (`parent` `None`) or a variation of `parent`.
    pub async fn create_product(
        &self,
        parent: Option<i64>,
        changes: &ProductChanges,
    ) -> Result<i64> {
        let mut tx = self.begin().await?;
        let parent_row = match parent {
            Some(pid) => {
                let p = lock_product(&mut tx, pid)
                    .await?
                    .ok_or(StoreError::NotFound(Missing::Product))?;
                if p.kind != ProductKind::Variable {
                    return Err(invalid(
                        "parent_id",
                        &t("Only variable products have variations."),
                    ));
                }
                Some(p)
            }
            None => None,
        };
        let kind = match parent {
            Some(_) => ProductKind::Variation,
            None => changes.kind.unwrap_or(ProductKind::Simple),
        };
        if kind == ProductKind::Variation && parent.is_none() {
            return Err(invalid(
                "type",
                &t("A variation is created under its product."),
            ));
        }
        let name = match (&changes.name, &parent_row) {
            (Some(n), _) if !n.trim().is_empty() => n.trim().to_owned(),
            (_, Some(p)) => p.name.clone(),
            _ => return Err(invalid("name", &t("Please give a name."))),
        };
        let t = now();
        let id = on_tx!(&mut tx, c => {
            sqlx::query(
                "INSERT INTO products (parent_id, kind, name, status, created_at, updated_at) VALUES ($1, $2, $3, 'publish', $4, $4) RETURNING id",
            )
            .bind(parent)
            .bind(kind.as_str())
            .bind(&name)
            .bind(t)
            .fetch_one(&mut *c)
            .await?
            .i64("id")?
        });
        let mut fresh = lock_product(&mut tx, id)
            .await?
            .ok_or(StoreError::NotFound(Missing::Product))?;
        if changes.status.is_none() && kind != ProductKind::Variation {
            // WooCommerce's default for a new product.
            fresh.status = "publish".into();
        }
        apply(&mut tx, &mut fresh, changes, parent_row.as_ref(), true).await?;
        finish(&mut tx, &fresh, None).await?;
        if let Some(pid) = parent {
            crate::product_links::refresh_variable(&mut tx, pid).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Changes a product or variation; `parent` must match for variations.
    pub async fn update_product(
        &self,
        id: i64,
        parent: Option<i64>,
        changes: &ProductChanges,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        let mut current = lock_product(&mut tx, id)
            .await?
            .ok_or(StoreError::NotFound(Missing::Product))?;
        if current.parent_id != parent
            || (parent.is_none() && current.kind == ProductKind::Variation)
        {
            return Err(StoreError::NotFound(Missing::Product));
        }
        let parent_row = match parent {
            Some(pid) => Some(
                lock_product(&mut tx, pid)
                    .await?
                    .ok_or(StoreError::NotFound(Missing::Product))?,
            ),
            None => None,
        };
        let before = current.clone();
        apply(&mut tx, &mut current, changes, parent_row.as_ref(), false).await?;
        if current.kind == ProductKind::Variable && current.tax_class != before.tax_class {
            // The variations that had their product's class follow it (WooCommerce's `parent`);
            // one given a class of its own keeps it.
            on_tx!(&mut tx, c => {
                sqlx::query("UPDATE products SET tax_class = $1 WHERE parent_id = $2 AND tax_class = $3")
                    .bind(current.tax_class.as_str())
                    .bind(id)
                    .bind(before.tax_class.as_str())
                    .execute(&mut *c)
                    .await?;
            });
        }
        finish(&mut tx, &current, Some(&before)).await?;
        let refresh = parent.or((current.kind == ProductKind::Variable).then_some(id));
        if let Some(pid) = refresh {
            crate::product_links::refresh_variable(&mut tx, pid).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Moves a product to the trash, or deletes it (and its variations) for good.
    pub async fn delete_product(&self, id: i64, parent: Option<i64>, force: bool) -> Result<()> {
        let mut tx = self.begin().await?;
        let current = lock_product(&mut tx, id)
            .await?
            .ok_or(StoreError::NotFound(Missing::Product))?;
        if current.parent_id != parent
            || (parent.is_none() && current.kind == ProductKind::Variation)
        {
            return Err(StoreError::NotFound(Missing::Product));
        }
        on_tx!(&mut tx, c => {
            if force {
                sqlx::query("DELETE FROM products WHERE id = $1").bind(id).execute(&mut *c).await?;
            } else {
                sqlx::query("UPDATE products SET status = 'trash', updated_at = $2 WHERE id = $1").bind(id).bind(now()).execute(&mut *c).await?;
            }
        });
        crate::changes::record(
            &mut tx,
            &laden_domain::content::product_edit_scopes(id, parent, true),
        )
        .await?;
        if let Some(pid) = parent {
            crate::product_links::refresh_variable(&mut tx, pid).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Reads a product row and locks it for this transaction.
async fn lock_product(tx: &mut Tx, id: i64) -> Result<Option<Product>> {
    let lock = tx.lock_suffix();
    let sql = format!("SELECT {PRODUCT_COLS} FROM products WHERE id = $1{lock}");
    let mut product = on_tx!(tx, c => {
        match sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await? {
            Some(r) => product_from_row(&r)?,
            None => return Ok(None),
        }
    });
    product.category_ids = on_tx!(tx, c => {
        sqlx::query("SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY category_id")
            .bind(id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| r.i64("category_id"))
            .collect::<Result<Vec<_>>>()?
    });
    product.tag_ids = on_tx!(tx, c => {
        sqlx::query("SELECT tag_id FROM product_tags WHERE product_id = $1 ORDER BY tag_id")
            .bind(id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| r.i64("tag_id"))
            .collect::<Result<Vec<_>>>()?
    });
    Ok(Some(product))
}

/// Applies `ch` to `p` (read under lock), checking references inside the transaction; the
/// rules themselves are in [`crate::product_changes`]. Problems are collected, in the fields'
/// order, and refused together.
async fn apply(
    tx: &mut Tx,
    p: &mut Product,
    ch: &ProductChanges,
    parent: Option<&Product>,
    creating: bool,
) -> Result<()> {
    let mut problems = Problems::new();
    rules::apply_name(p, ch, &mut problems);
    if let Some(kind) = ch.kind.filter(|k| !creating && *k != p.kind) {
        let has_variations = on_tx!(tx, c => sqlx::query("SELECT 1 AS one FROM products WHERE parent_id = $1").bind(p.id).fetch_optional(&mut *c).await?.is_some());
        rules::apply_kind(p, kind, has_variations, &mut problems);
    }
    rules::apply_details(p, ch);
    if let Err((key, message)) = p.details.food.check() {
        problems.push((format!("meta_data.{key}"), t(message)));
    }
    if let Some(parent) = parent {
        if ch.tax_class_of_parent || (creating && ch.tax_class.is_none()) {
            p.tax_class = parent.tax_class;
        }
    }
    if let Some(sku) = &ch.sku {
        let sku = rules::clean_sku(sku.as_deref());
        if let Some(s) = &sku {
            let other = on_tx!(tx, c => sqlx::query("SELECT id FROM products WHERE sku = $1").bind(s).fetch_optional(&mut *c).await?.map(|r| r.i64("id")).transpose()?);
            if other.is_some_and(|o| o != p.id) {
                problems.push(("sku".into(), t("This SKU is already taken.")));
            }
        }
        p.sku = sku;
    }
    rules::apply_prices(p, ch, &mut problems);
    rules::apply_stock(p, ch, &mut problems)?;
    check_images(tx, p, ch, &mut problems).await?;
    for id in ch.details.linked_ids() {
        if id == p.id || !exists(tx, "products", id).await? {
            problems.push((
                "grouped_products".into(),
                tf("Product %s does not exist (or is this one itself).", &[&id]),
            ));
        }
    }
    if let Some(tags) = &ch.tags {
        for id in tags {
            if !exists(tx, "tags", *id).await? {
                problems.push(("tags".into(), tf("Tag %s does not exist.", &[&id])));
            }
        }
        let mut tags = tags.clone();
        tags.sort_unstable();
        tags.dedup();
        p.tag_ids = tags;
    }
    if let Some(attrs) = &ch.attributes {
        p.attributes = match parent {
            Some(parent) => rules::variation_attributes(parent, attrs, &mut problems),
            None => rules::product_attributes(attrs, &mut problems),
        };
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    if p.kind != ProductKind::Variation {
        let base = rules::wanted_slug(p, ch.slug.as_deref(), creating);
        let slug = unique_slug(tx, "products", &base, p.id).await?;
        if !creating {
            let old = p.slug.as_deref().unwrap_or_default();
            crate::old_slugs::remember(tx, crate::SlugOf::Product, p.id, old, &slug).await?;
        }
        p.slug = Some(slug);
    }
    rules::apply_attached(p, &ch.attached, &mut problems);
    if let Some(Some(id)) = ch.attached.poster {
        if !exists(tx, "media", id).await? {
            problems.push((
                "meta_data.laden_attached_media_poster".into(),
                tf("Image %s is not in the media library.", &[&id]),
            ));
        }
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    Ok(())
}

/// The product image, the gallery and the categories: each must exist.
async fn check_images(
    tx: &mut Tx,
    p: &mut Product,
    ch: &ProductChanges,
    problems: &mut Problems,
) -> Result<()> {
    let missing_image = |id: i64| {
        (
            "images".to_owned(),
            tf("Image %s is not in the media library.", &[&id]),
        )
    };
    if let Some(img) = ch.image_id {
        if let Some(id) = img {
            if !exists(tx, "media", id).await? {
                problems.push(missing_image(id));
            }
        }
        p.image_id = img;
    }
    if let Some(ids) = &ch.gallery {
        for id in ids {
            if !exists(tx, "media", *id).await? {
                problems.push(missing_image(*id));
            }
        }
        rules::set_gallery(p, ids);
    }
    if let Some(cats) = &ch.categories {
        for id in cats {
            if !exists(tx, "categories", *id).await? {
                problems.push((
                    "categories".into(),
                    tf("Category %s does not exist.", &[&id]),
                ));
            }
        }
        let mut cats = cats.clone();
        cats.sort_unstable();
        cats.dedup();
        p.category_ids = cats;
    }
    Ok(())
}

/// Whether an edit can change which listings hold the product, or their order.
fn listing_changed(before: &Product, after: &Product) -> bool {
    before.status != after.status
        || before.category_ids != after.category_ids
        || before.regular_price != after.regular_price
        || before.sale_price != after.sale_price
        || before.featured != after.featured
        || before.catalog_visibility != after.catalog_visibility
        || before.menu_order != after.menu_order
        || before.stock_status != after.stock_status
        || before.tag_ids != after.tag_ids
        || before.sale_from != after.sale_from
        || before.sale_to != after.sale_to
        || before.attributes != after.attributes
}

/// Writes the whole (locked, merged) row back with derived prices, and records the change:
/// the product (and its parent), and the listings when the edit can change them (`before`:
/// the row before the edit; none for a new product).
async fn finish(tx: &mut Tx, p: &Product, before: Option<&Product>) -> Result<()> {
    crate::product_row::write(tx, p, crate::product_row::Seo::Written).await?;
    let membership = before.is_none_or(|b| listing_changed(b, p));
    crate::changes::record(
        tx,
        &laden_domain::content::product_edit_scopes(p.id, p.parent_id, membership),
    )
    .await
}
