//! Catalogue administration: products, variations and categories as shop
//! staff and their tools change them (wc/v3 and the admin screens).
//!
//! Every write is one transaction that locks the row it changes, so a change
//! never writes back values read before another writer's commit; stock in
//! particular changes only when the request asks for it, as a delta or a
//! compare-and-swap (woocommerce#16780).

use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::import::sanitize_embed;
use crate::models::*;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::text::slugify;
use laden_domain::{Money, TaxClass};

/// Product statuses staff can set (WordPress post statuses).
pub const PRODUCT_STATUSES: &[&str] = &["draft", "pending", "private", "publish"];
/// Stock statuses (WooCommerce).
pub const STOCK_STATUSES: &[&str] = &["instock", "outofstock", "onbackorder"];

/// How a write changes stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    /// Stock is not tracked for this product.
    Unmanaged,
    /// Tracked, set to this quantity (an explicit value the client chose).
    Set(i64),
    /// Tracked, changed by this many units relative to the current stock.
    Delta(i64),
    /// Tracked, set to `new` only if it is still `expected`.
    Swap { expected: i64, new: i64 },
}

/// A partial change of a product or variation; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct ProductChanges {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub kind: Option<ProductKind>,
    pub status: Option<String>,
    pub featured: Option<bool>,
    pub description: Option<String>,
    pub short_description: Option<String>,
    pub sku: Option<Option<String>>,
    pub regular_price: Option<Option<Money>>,
    pub sale_price: Option<Option<Money>>,
    pub tax_class: Option<TaxClass>,
    pub stock: Option<StockChange>,
    pub stock_status: Option<String>,
    pub low_stock_amount: Option<Option<i64>>,
    pub image_id: Option<Option<i64>>,
    /// Gallery images by media id (other gallery slides such as videos are kept after them).
    pub gallery: Option<Vec<i64>>,
    pub attributes: Option<Vec<Attribute>>,
    pub menu_order: Option<i64>,
    pub categories: Option<Vec<i64>>,
    pub seo_title: Option<String>,
    pub seo_description: Option<String>,
    /// Attached media (spec §3): shown instead of the first gallery image when the variation is chosen.
    pub attached: AttachedChange,
    /// Grundpreis data; `None` fields stay as they are.
    pub unit: UnitChange,
    /// Lieferzeit (checked at the edge); empty: the parent's or the shop's default.
    pub delivery_time: Option<String>,
}

/// A change to a product's unit, content or reference amount (thousandths); `Some(None)` clears.
#[derive(Debug, Clone, Default)]
pub struct UnitChange {
    /// A unit code (`g`, `kg`, `ml`, `l`, `m`, `Stück`) or empty.
    pub unit: Option<String>,
    pub content: Option<Option<i64>>,
    pub base: Option<Option<i64>>,
}

/// A change to a product's attached media; `None` fields stay as they are.
#[derive(Debug, Clone, Default)]
pub struct AttachedChange {
    /// A video or iframe as HTML, or a plain URL; sanitised like imported media.
    pub html: Option<String>,
    /// `video`, `iframe` or empty.
    pub kind: Option<String>,
    pub poster: Option<Option<i64>>,
    pub enabled: Option<bool>,
}

/// The attached-media types the gallery can show.
pub const ATTACHED_MEDIA_TYPES: &[&str] = &["", "video", "iframe"];

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

    /// The ORDER BY clause (column names only, never input), ties broken by id.
    fn clause(self, dir: SortDirection, include: &[i64]) -> String {
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

fn invalid(field: &str, msg: &str) -> StoreError {
    StoreError::Invalid(vec![(field.to_owned(), msg.to_owned())])
}

/// A new category or a change to one.
#[derive(Debug, Clone, Default)]
pub struct CategoryChanges {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub parent: Option<Option<i64>>,
    pub description: Option<String>,
    pub image_id: Option<Option<i64>>,
    pub menu_order: Option<i64>,
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
            None => wheres.push("kind IN ('simple', 'variable')".into()),
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
        let offset = (q.page - 1).max(0) * q.per_page;
        let list_sql = format!("SELECT {PRODUCT_COLS} FROM products WHERE {filter} ORDER BY {order} LIMIT {} OFFSET {offset}", q.per_page);
        let count_sql = format!("SELECT COUNT(*) AS n FROM products WHERE {filter}");
        let (mut products, total) = on_db!(&self.db, p => {
            let mut list = sqlx::query(&list_sql);
            let mut count = sqlx::query(&count_sql);
            for b in &binds {
                list = list.bind(b);
                count = count.bind(b);
            }
            let rows = list.fetch_all(p).await?;
            let products = rows.iter().map(product_from_row).collect::<Result<Vec<_>>>()?;
            (products, count.fetch_one(p).await?.i64("n")?)
        });
        self.attach_details(&mut products).await?;
        Ok((products, total))
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
                        "Varianten gibt es nur bei variablen Produkten.",
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
                "Eine Variante wird unter ihrem Produkt angelegt.",
            ));
        }
        let name = match (&changes.name, &parent_row) {
            (Some(n), _) if !n.trim().is_empty() => n.trim().to_owned(),
            (_, Some(p)) => p.name.clone(),
            _ => return Err(invalid("name", "Bitte einen Namen angeben.")),
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
        tx.commit().await?;
        if let Some(pid) = parent {
            self.refresh_variable(pid).await?;
        }
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
        finish(&mut tx, &current, Some(&before)).await?;
        tx.commit().await?;
        let refresh = parent.or((current.kind == ProductKind::Variable).then_some(id));
        if let Some(pid) = refresh {
            self.refresh_variable(pid).await?;
        }
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
        tx.commit().await?;
        if let Some(pid) = parent {
            self.refresh_variable(pid).await?;
        }
        Ok(())
    }

    /// A category by id.
    pub async fn category(&self, id: i64) -> Result<Category> {
        self.categories()
            .await?
            .into_iter()
            .find(|c| c.id == id)
            .ok_or(StoreError::NotFound(Missing::Category))
    }

    pub async fn create_category(&self, changes: &CategoryChanges) -> Result<i64> {
        let name = changes
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| invalid("name", "Bitte einen Namen angeben."))?;
        let mut tx = self.begin().await?;
        let id = on_tx!(&mut tx, c => {
            sqlx::query("INSERT INTO categories (name, slug, position) VALUES ($1, $2, (SELECT COUNT(*) FROM categories)) RETURNING id")
                .bind(name)
                .bind(format!("neu-{}", crate::random_token(6).to_lowercase()))
                .fetch_one(&mut *c)
                .await?
                .i64("id")?
        });
        let mut with_slug = changes.clone();
        if with_slug.slug.is_none() {
            with_slug.slug = Some(name.to_owned());
        }
        write_category(&mut tx, id, &with_slug).await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn update_category(&self, id: i64, changes: &CategoryChanges) -> Result<()> {
        let mut tx = self.begin().await?;
        write_category(&mut tx, id, changes).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes a category; its children move up to its parent, its products lose it.
    pub async fn delete_category(&self, id: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            let row = sqlx::query("SELECT parent_id FROM categories WHERE id = $1").bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Category))?;
            let parent = row.opt_i64("parent_id")?;
            sqlx::query("UPDATE categories SET parent_id = $2 WHERE parent_id = $1").bind(id).bind(parent).execute(&mut *c).await?;
            sqlx::query("DELETE FROM categories WHERE id = $1").bind(id).execute(&mut *c).await?;
        });
        // Categories show in menus, sidebars and breadcrumbs everywhere.
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
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
    Ok(Some(product))
}

async fn exists(tx: &mut Tx, table: &str, id: i64) -> Result<bool> {
    let sql = format!("SELECT 1 AS one FROM {table} WHERE id = $1");
    Ok(on_tx!(tx, c => sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.is_some()))
}

/// Applies `ch` to `p` (read under lock), checking references inside the transaction.
async fn apply(
    tx: &mut Tx,
    p: &mut Product,
    ch: &ProductChanges,
    parent: Option<&Product>,
    creating: bool,
) -> Result<()> {
    let mut problems: Vec<(String, String)> = Vec::new();
    if let Some(name) = &ch.name {
        if name.trim().is_empty() {
            problems.push(("name".into(), "Bitte einen Namen angeben.".into()));
        } else {
            p.name = name.trim().to_owned();
        }
    }
    if let Some(kind) = ch.kind {
        if !creating && kind != p.kind {
            let has_variations = on_tx!(tx, c => sqlx::query("SELECT 1 AS one FROM products WHERE parent_id = $1").bind(p.id).fetch_optional(&mut *c).await?.is_some());
            if p.kind == ProductKind::Variation || kind == ProductKind::Variation || has_variations
            {
                problems.push((
                    "type".into(),
                    "Der Produkttyp kann nicht mehr geändert werden, solange es Varianten gibt."
                        .into(),
                ));
            } else {
                p.kind = kind;
            }
        }
    }
    if let Some(status) = &ch.status {
        p.status = status.clone();
    }
    if let Some(f) = ch.featured {
        p.featured = f;
    }
    if let Some(d) = &ch.description {
        p.description = ammonia::clean(d);
    }
    if let Some(d) = &ch.short_description {
        p.short_description = ammonia::clean(d);
    }
    if let Some(t) = &ch.seo_title {
        p.seo_title = t.trim().to_owned();
    }
    if let Some(t) = &ch.seo_description {
        p.seo_description = t.trim().to_owned();
    }
    if let Some(u) = &ch.unit.unit {
        p.unit.unit = u.clone();
    }
    if let Some(c) = ch.unit.content {
        p.unit.content = c;
    }
    if let Some(b) = ch.unit.base {
        p.unit.base = b;
    }
    if let Some(d) = &ch.delivery_time {
        p.delivery_time = d.clone();
    }
    if let Some(sku) = &ch.sku {
        let sku = sku
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned);
        if let Some(s) = &sku {
            let other = on_tx!(tx, c => sqlx::query("SELECT id FROM products WHERE sku = $1").bind(s).fetch_optional(&mut *c).await?.map(|r| r.i64("id")).transpose()?);
            if other.is_some_and(|o| o != p.id) {
                problems.push((
                    "sku".into(),
                    "Diese Artikelnummer (SKU) ist bereits vergeben.".into(),
                ));
            }
        }
        p.sku = sku;
    }
    if let Some(r) = ch.regular_price {
        p.regular_price = r;
    }
    if let Some(s) = ch.sale_price {
        p.sale_price = s;
    }
    if let (Some(s), Some(r)) = (p.sale_price, p.regular_price) {
        if s >= r && (ch.sale_price.is_some() || ch.regular_price.is_some()) {
            problems.push((
                "sale_price".into(),
                "Der Angebotspreis muss unter dem regulären Preis liegen.".into(),
            ));
        }
    }
    if p.sale_price.is_some() && p.regular_price.is_none() {
        problems.push((
            "sale_price".into(),
            "Ein Angebotspreis braucht einen regulären Preis.".into(),
        ));
    }
    if let Some(tc) = ch.tax_class {
        p.tax_class = tc;
    }
    if let Some(l) = ch.low_stock_amount {
        p.low_stock_amount = l;
    }
    if let Some(m) = ch.menu_order {
        p.menu_order = m;
    }
    if let Some(stock) = ch.stock {
        let current = p.stock;
        let next = match stock {
            StockChange::Unmanaged => None,
            StockChange::Set(n) => Some(n),
            StockChange::Delta(d) => Some(current.unwrap_or(0).saturating_add(d)),
            StockChange::Swap { expected, new } => {
                if current != Some(expected) {
                    return Err(StoreError::Conflict(format!(
                        "stock is {current:?}, not {expected}"
                    )));
                }
                Some(new)
            }
        };
        match next {
            Some(n) if n < 0 => problems.push((
                "stock_quantity".into(),
                "Der Bestand kann nicht negativ werden.".into(),
            )),
            _ => p.stock = next,
        }
    }
    if let Some(s) = &ch.stock_status {
        p.stock_status = s.clone();
    }
    // Tracked stock decides the status, except that backorders stay allowed.
    if let Some(n) = p.stock {
        if p.stock_status != "onbackorder" || n > 0 {
            p.stock_status = if n > 0 { "instock" } else { "outofstock" }.into();
        }
    }
    if let Some(img) = ch.image_id {
        if let Some(id) = img {
            if !exists(tx, "media", id).await? {
                problems.push((
                    "images".into(),
                    format!("Das Bild {id} gibt es nicht in der Mediathek."),
                ));
            }
        }
        p.image_id = img;
    }
    if let Some(ids) = &ch.gallery {
        for id in ids {
            if !exists(tx, "media", *id).await? {
                problems.push((
                    "images".into(),
                    format!("Das Bild {id} gibt es nicht in der Mediathek."),
                ));
            }
        }
        let others: Vec<GalleryItem> = p
            .gallery
            .iter()
            .filter(|g| !matches!(g, GalleryItem::Image { .. }))
            .cloned()
            .collect();
        p.gallery = ids
            .iter()
            .map(|id| GalleryItem::Image { media_id: *id })
            .chain(others)
            .collect();
    }
    if let Some(cats) = &ch.categories {
        for id in cats {
            if !exists(tx, "categories", *id).await? {
                problems.push((
                    "categories".into(),
                    format!("Die Kategorie {id} gibt es nicht."),
                ));
            }
        }
        let mut cats = cats.clone();
        cats.sort_unstable();
        cats.dedup();
        p.category_ids = cats;
    }
    if let Some(attrs) = &ch.attributes {
        match parent {
            Some(parent) => {
                // A variation's attributes: one option of each of the parent's attributes ("" = any).
                let mut own = Vec::new();
                for a in attrs {
                    let Some(pa) = parent
                        .attributes
                        .iter()
                        .find(|pa| pa.name.eq_ignore_ascii_case(a.name.trim()))
                    else {
                        problems.push((
                            "attributes".into(),
                            format!("Das Produkt hat kein Merkmal „{}“.", a.name.trim()),
                        ));
                        continue;
                    };
                    let option = a.options.first().map(|o| o.trim()).unwrap_or("");
                    let chosen = pa.options.iter().find(|o| o.eq_ignore_ascii_case(option));
                    if !option.is_empty() && chosen.is_none() {
                        problems.push((
                            "attributes".into(),
                            format!("„{option}“ ist keine Ausprägung von „{}“.", pa.name),
                        ));
                        continue;
                    }
                    own.push(Attribute {
                        name: pa.name.clone(),
                        options: chosen.cloned().into_iter().collect(),
                        variation: true,
                        visible: true,
                    });
                }
                p.attributes = own;
            }
            None => {
                let mut seen: Vec<String> = Vec::new();
                let mut list = Vec::new();
                for a in attrs {
                    let name = a.name.trim().to_owned();
                    if name.is_empty() || seen.iter().any(|s| s.eq_ignore_ascii_case(&name)) {
                        problems.push((
                            "attributes".into(),
                            "Jedes Merkmal braucht einen eigenen Namen.".into(),
                        ));
                        continue;
                    }
                    seen.push(name.clone());
                    let options: Vec<String> = a
                        .options
                        .iter()
                        .map(|o| o.trim().to_owned())
                        .filter(|o| !o.is_empty())
                        .collect();
                    list.push(Attribute {
                        name,
                        options,
                        variation: a.variation,
                        visible: a.visible,
                    });
                }
                p.attributes = list;
            }
        }
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    if p.kind != ProductKind::Variation {
        let wanted = ch
            .slug
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(slugify)
            .filter(|s| !s.is_empty());
        let base = match (wanted, &p.slug, creating) {
            (Some(w), _, _) => w,
            (None, Some(existing), false) => existing.clone(),
            _ => slugify(&p.name),
        };
        p.slug = Some(unique_slug(tx, "products", &base, p.id).await?);
    }
    let a = &ch.attached;
    if let Some(html) = &a.html {
        if html.len() > 10_000 {
            problems.push((
                "meta_data.laden_attached_media".into(),
                "Die eingebundenen Medien sind zu lang (höchstens 10.000 Zeichen).".into(),
            ));
        }
        p.attached.html = html.trim().to_owned();
        if !p.attached.html.is_empty() && sanitize_embed(&p.attached.html).is_empty() {
            problems.push(("meta_data.laden_attached_media".into(), "Möglich sind Videodateien, Adressen dieser Website und Einbettungen von YouTube oder Vimeo.".into()));
        }
    }
    if let Some(kind) = &a.kind {
        if ATTACHED_MEDIA_TYPES.contains(&kind.trim()) {
            p.attached.kind = kind.trim().to_owned();
        } else {
            problems.push((
                "meta_data.laden_attached_media_type".into(),
                "Die Art der Medien muss video oder iframe sein.".into(),
            ));
        }
    }
    if let Some(poster) = a.poster {
        if let Some(id) = poster {
            if !exists(tx, "media", id).await? {
                problems.push((
                    "meta_data.laden_attached_media_poster".into(),
                    format!("Das Bild {id} gibt es nicht in der Mediathek."),
                ));
            }
        }
        p.attached.poster = poster;
    }
    if let Some(e) = a.enabled {
        p.attached.enabled = e;
    }
    p.attached.html = sanitize_embed(&p.attached.html);
    if p.attached.enabled && !p.attached.html.is_empty() && p.attached.kind.is_empty() {
        // A bare `<iframe>` or `<video>` names its own type.
        p.attached.kind = if p.attached.html.contains("<iframe") {
            "iframe"
        } else {
            "video"
        }
        .into();
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    Ok(())
}

/// `base`, or `base-2`, `base-3`… whichever no other row of `table` uses.
async fn unique_slug(tx: &mut Tx, table: &str, base: &str, own_id: i64) -> Result<String> {
    let base = if base.is_empty() {
        "produkt".to_owned()
    } else {
        base.to_owned()
    };
    let sql = format!("SELECT id FROM {table} WHERE slug = $1 AND id <> $2");
    let mut slug = base.clone();
    let mut n = 1;
    loop {
        let taken = on_tx!(tx, c => sqlx::query(&sql).bind(&slug).bind(own_id).fetch_optional(&mut *c).await?.is_some());
        if !taken {
            return Ok(slug);
        }
        n += 1;
        slug = format!("{base}-{n}");
    }
}

/// Whether an edit can change which listings hold the product, or their order.
fn listing_changed(before: &Product, after: &Product) -> bool {
    before.status != after.status
        || before.category_ids != after.category_ids
        || before.regular_price != after.regular_price
        || before.sale_price != after.sale_price
        || before.featured != after.featured
        || before.menu_order != after.menu_order
        || before.stock_status != after.stock_status
}

/// Writes the whole (locked, merged) row back with derived prices, and records the change:
/// the product (and its parent), and the listings when the edit can change them (`before`:
/// the row before the edit; none for a new product).
async fn finish(tx: &mut Tx, p: &Product, before: Option<&Product>) -> Result<()> {
    let sale = p
        .sale_price
        .filter(|s| p.regular_price.is_some_and(|r| *s < r));
    let price = sale.or(p.regular_price);
    let gallery = serde_json::to_string(&p.gallery)?;
    let attributes = serde_json::to_string(&p.attributes)?;
    on_tx!(tx, c => {
        sqlx::query(
            "UPDATE products SET kind = $2, name = $3, slug = $4, sku = $5, status = $6, featured = $7, short_description = $8, \
             description = $9, regular_price = $10, sale_price = $11, price = $12, max_price = $12, tax_class = $13, stock = $14, \
             stock_status = $15, low_stock_amount = $16, image_id = $17, gallery = $18, attributes = $19, menu_order = $20, \
             seo_title = $21, seo_description = $22, attached_media = $23, attached_media_type = $25, attached_media_poster = $26, \
             attached_media_enabled = $27, unit = $28, unit_content = $29, unit_base = $30, delivery_time = $31, updated_at = $24 WHERE id = $1",
        )
        .bind(p.id)
        .bind(p.kind.as_str())
        .bind(&p.name)
        .bind(&p.slug)
        .bind(&p.sku)
        .bind(&p.status)
        .bind(p.featured)
        .bind(&p.short_description)
        .bind(&p.description)
        .bind(p.regular_price.map(Money::cents))
        .bind(sale.map(Money::cents))
        .bind(price.map(Money::cents))
        .bind(p.tax_class.as_str())
        .bind(p.stock)
        .bind(&p.stock_status)
        .bind(p.low_stock_amount)
        .bind(p.image_id)
        .bind(&gallery)
        .bind(&attributes)
        .bind(p.menu_order)
        .bind(&p.seo_title)
        .bind(&p.seo_description)
        .bind(&p.attached.html)
        .bind(now())
        .bind(&p.attached.kind)
        .bind(p.attached.poster)
        .bind(p.attached.enabled)
        .bind(&p.unit.unit)
        .bind(p.unit.content)
        .bind(p.unit.base)
        .bind(&p.delivery_time)
        .execute(&mut *c)
        .await?;
        sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(p.id).execute(&mut *c).await?;
        for cat in &p.category_ids {
            sqlx::query("INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2)").bind(p.id).bind(*cat).execute(&mut *c).await?;
        }
    });
    let membership = before.is_none_or(|b| listing_changed(b, p));
    crate::changes::record(
        tx,
        &laden_domain::content::product_edit_scopes(p.id, p.parent_id, membership),
    )
    .await
}

async fn write_category(tx: &mut Tx, id: i64, ch: &CategoryChanges) -> Result<()> {
    let lock = tx.lock_suffix();
    let sql = format!("SELECT id, parent_id, name, slug, description, image_id, position FROM categories WHERE id = $1{lock}");
    let (mut name, mut slug, mut parent, mut description, mut image, mut position) = on_tx!(tx, c => {
        let r = sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Category))?;
        (r.text("name")?, r.text("slug")?, r.opt_i64("parent_id")?, r.text("description")?, r.opt_i64("image_id")?, r.i64("position")?)
    });
    let mut problems: Vec<(String, String)> = Vec::new();
    if let Some(n) = &ch.name {
        if n.trim().is_empty() {
            problems.push(("name".into(), "Bitte einen Namen angeben.".into()));
        }
        name = n.trim().to_owned();
    }
    if let Some(d) = &ch.description {
        description = ammonia::clean(d);
    }
    if let Some(m) = ch.menu_order {
        position = m;
    }
    if let Some(img) = ch.image_id {
        if let Some(m) = img {
            if !exists(tx, "media", m).await? {
                problems.push((
                    "image".into(),
                    format!("Das Bild {m} gibt es nicht in der Mediathek."),
                ));
            }
        }
        image = img;
    }
    if let Some(new_parent) = ch.parent {
        if let Some(np) = new_parent {
            // The new parent must exist and must not be the category itself or below it.
            let mut cur = Some(np);
            let mut depth = 0;
            while let Some(c) = cur {
                if c == id {
                    problems.push((
                        "parent".into(),
                        "Eine Kategorie kann nicht unter sich selbst liegen.".into(),
                    ));
                    break;
                }
                let row = on_tx!(tx, conn => sqlx::query("SELECT parent_id FROM categories WHERE id = $1").bind(c).fetch_optional(&mut *conn).await?.map(|r| r.opt_i64("parent_id")).transpose()?);
                match row {
                    Some(next) => cur = next,
                    None => {
                        problems
                            .push(("parent".into(), format!("Die Kategorie {c} gibt es nicht.")));
                        break;
                    }
                }
                depth += 1;
                if depth > 64 {
                    break;
                }
            }
        }
        parent = new_parent;
    }
    if let Some(s) = &ch.slug {
        let wanted = slugify(s.trim());
        if wanted.is_empty() {
            problems.push(("slug".into(), "Bitte eine Titelform (Slug) angeben.".into()));
        } else {
            let taken = on_tx!(tx, c => sqlx::query("SELECT id FROM categories WHERE slug = $1 AND id <> $2").bind(&wanted).bind(id).fetch_optional(&mut *c).await?.is_some());
            if taken && ch.name.is_some() && ch.slug.as_deref() == ch.name.as_deref() {
                // Slug derived from the name: make it unique.
                slug = unique_slug(tx, "categories", &wanted, id).await?;
            } else if taken {
                return Err(StoreError::Conflict("term_exists".into()));
            } else {
                slug = wanted;
            }
        }
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    on_tx!(tx, c => {
        sqlx::query("UPDATE categories SET name = $2, slug = $3, parent_id = $4, description = $5, image_id = $6, position = $7 WHERE id = $1")
            .bind(id)
            .bind(&name)
            .bind(&slug)
            .bind(parent)
            .bind(&description)
            .bind(image)
            .bind(position)
            .execute(&mut *c)
            .await?;
    });
    // Categories show in menus, sidebars and breadcrumbs everywhere.
    crate::changes::record(tx, &[crate::Scope::All]).await
}

impl Store {
    /// The media row whose file (below uploads) is `file`.
    pub async fn media_id_by_file(&self, file: &str) -> Result<Option<i64>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM media WHERE file = $1").bind(file).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()
        })
    }
}

/// WooCommerce's product CSV columns, as its exporter writes them (and the importer reads).
const EXPORT_HEADERS: &[&str] = &[
    "ID",
    "Type",
    "SKU",
    "Name",
    "Published",
    "Is featured?",
    "Short description",
    "Description",
    "Tax class",
    "In stock?",
    "Stock",
    "Low stock amount",
    "Sale price",
    "Regular price",
    "Categories",
    "Images",
    "Parent",
    "Position",
    // Grundpreis as Germanized exports it.
    "Meta: _unit",
    "Meta: _unit_product",
    "Meta: _unit_base",
    "Meta: laden_delivery_time",
];

impl Store {
    /// Every product and variation (not trashed) as a WooCommerce product CSV;
    /// images are this shop's upload URLs (`uploads_url` ends with `/`).
    pub async fn export_products_csv(&self, uploads_url: &str) -> Result<Vec<u8>> {
        let sql = format!("SELECT {PRODUCT_COLS} FROM products WHERE status <> 'trash' ORDER BY COALESCE(parent_id, id), parent_id IS NOT NULL, menu_order, id");
        let mut products = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_details(&mut products).await?;
        let categories = self.categories().await?;
        let path_of = |id: i64| -> String {
            let mut names = Vec::new();
            let mut cur = Some(id);
            while let Some(c) = cur.and_then(|c| categories.iter().find(|x| x.id == c)) {
                names.push(c.name.clone());
                cur = c.parent_id;
                if names.len() > 32 {
                    break;
                }
            }
            names.reverse();
            names.join(" > ")
        };
        let mut media_ids: Vec<i64> = Vec::new();
        for p in &products {
            media_ids.extend(p.image_id);
            media_ids.extend(p.gallery.iter().filter_map(|g| match g {
                GalleryItem::Image { media_id } => Some(*media_id),
                _ => None,
            }));
        }
        let media = self.media_by_ids(&media_ids).await?;
        let skus: std::collections::HashMap<i64, Option<String>> =
            products.iter().map(|p| (p.id, p.sku.clone())).collect();
        let attr_columns = products
            .iter()
            .map(|p| p.attributes.len())
            .max()
            .unwrap_or(0);
        let mut out = csv::Writer::from_writer(Vec::new());
        let mut header: Vec<String> = EXPORT_HEADERS.iter().map(|h| (*h).to_owned()).collect();
        for n in 1..=attr_columns {
            header.extend([
                format!("Attribute {n} name"),
                format!("Attribute {n} value(s)"),
                format!("Attribute {n} visible"),
            ]);
        }
        out.write_record(&header)
            .map_err(|e| StoreError::Data(e.to_string()))?;
        let money = |m: Option<Money>| m.map(Money::to_decimal_string).unwrap_or_default();
        for p in &products {
            let mut images: Vec<i64> = p.image_id.into_iter().collect();
            for g in &p.gallery {
                if let GalleryItem::Image { media_id } = g {
                    if !images.contains(media_id) {
                        images.push(*media_id);
                    }
                }
            }
            let image_urls: Vec<String> = images
                .iter()
                .filter_map(|id| media.get(id))
                .map(|m| format!("{uploads_url}{}", m.file))
                .collect();
            let parent = match p.parent_id {
                Some(pid) => skus
                    .get(&pid)
                    .cloned()
                    .flatten()
                    .unwrap_or_else(|| format!("id:{pid}")),
                None => String::new(),
            };
            let mut row = vec![
                p.id.to_string(),
                p.kind.as_str().to_owned(),
                p.sku.clone().unwrap_or_default(),
                p.name.clone(),
                if p.status == "publish" { "1" } else { "0" }.to_owned(),
                if p.featured { "1" } else { "0" }.to_owned(),
                p.short_description.clone(),
                p.description.clone(),
                p.tax_class.woo_slug().to_owned(),
                match p.stock_status.as_str() {
                    "outofstock" => "0",
                    "onbackorder" => "backorder",
                    _ => "1",
                }
                .to_owned(),
                p.stock.map(|s| s.to_string()).unwrap_or_default(),
                p.low_stock_amount
                    .map(|s| s.to_string())
                    .unwrap_or_default(),
                if p.kind == ProductKind::Variable {
                    String::new()
                } else {
                    money(p.sale_price)
                },
                if p.kind == ProductKind::Variable {
                    String::new()
                } else {
                    money(p.regular_price)
                },
                p.category_ids
                    .iter()
                    .map(|c| path_of(*c))
                    .collect::<Vec<_>>()
                    .join(", "),
                image_urls.join(", "),
                parent,
                p.menu_order.to_string(),
                p.unit.unit.clone(),
                p.unit
                    .content
                    .map(laden_domain::unit_price::exchange_amount)
                    .unwrap_or_default(),
                p.unit
                    .base
                    .map(laden_domain::unit_price::exchange_amount)
                    .unwrap_or_default(),
                p.delivery_time.clone(),
            ];
            for n in 0..attr_columns {
                match p.attributes.get(n) {
                    Some(a) => row.extend([
                        a.name.clone(),
                        a.options.join(", "),
                        if a.visible { "1" } else { "0" }.to_owned(),
                    ]),
                    None => row.extend([String::new(), String::new(), String::new()]),
                }
            }
            out.write_record(&row)
                .map_err(|e| StoreError::Data(e.to_string()))?;
        }
        out.into_inner()
            .map_err(|e| StoreError::Data(e.to_string()))
    }
}
