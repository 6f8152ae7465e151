//! Writing an imported product (and the other writes the importer and the demo seeder make).

use super::{invalid, sanitize_embed, slugify};
use crate::db::{Store, Tx};
use crate::error::Result;
use crate::models::{Attribute, GalleryItem, Product, ProductKind};
use crate::row::Cols;
use crate::{on_db, on_tx};
use laden_domain::i18n::t;
use laden_domain::{CatalogVisibility, Money, TaxClass};

#[derive(Debug, Clone, Default)]
pub struct NewProduct {
    pub parent_id: Option<i64>,
    pub kind: ProductKind,
    pub name: String,
    pub sku: Option<String>,
    pub status: String,
    pub featured: bool,
    pub catalog_visibility: CatalogVisibility,
    pub short_description: String,
    pub description: String,
    pub regular: Option<Money>,
    pub sale: Option<Money>,
    pub tax_class: TaxClass,
    pub stock: Option<i64>,
    pub stock_status: String,
    pub low_stock: Option<i64>,
    pub image_id: Option<i64>,
    pub gallery: Vec<GalleryItem>,
    pub attributes: Vec<Attribute>,
    pub attached: Option<crate::models::AttachedMedia>,
    pub menu_order: i64,
    pub categories: Vec<i64>,
    /// Grundpreis data (checked by `ProductUnit::parse`).
    pub unit: crate::models::ProductUnit,
    /// Lieferzeit (checked by `clean_delivery_time`); empty: the parent's or the shop's default.
    pub delivery_time: String,
    pub details: crate::models::ProductDetails,
    pub sale_from: Option<i64>,
    pub sale_to: Option<i64>,
    pub tag_ids: Vec<i64>,
}

impl Store {
    pub async fn product_id_by_sku(&self, sku: &str) -> Result<Option<i64>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM products WHERE sku = $1").bind(sku).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()
        })
    }

    /// Creates the categories of a WooCommerce `Categories` cell ("A > B, C") and returns the leaf ids.
    pub async fn ensure_category_paths(&self, cell: &str) -> Result<Vec<i64>> {
        let mut tx = self.begin().await?;
        let ids = category_paths(&mut tx, cell).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// Inserts a product, or updates the one with the same SKU. Returns (id, created).
    pub async fn save_product(&self, p: &NewProduct) -> Result<(i64, bool)> {
        let mut tx = self.begin().await?;
        let (id, created) = write_product(&mut tx, p).await?;
        crate::changes::record(&mut tx, &[crate::Scope::Product(id), crate::Scope::Catalog])
            .await?;
        tx.commit().await?;
        Ok((id, created))
    }

    /// Derives a variable product's price range, stock status and variation attributes from
    /// its variations, in a transaction of its own (see `product_links::refresh_variable`).
    pub async fn refresh_variable(&self, parent_id: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        crate::product_links::refresh_variable(&mut tx, parent_id).await?;
        tx.commit().await
    }

    /// Adds an approved review and updates the product's rating.
    pub async fn add_review(
        &self,
        product_id: i64,
        rating: i64,
        author: &str,
        content: &str,
        created_at: i64,
    ) -> Result<i64> {
        if !(1..=5).contains(&rating) {
            return Err(invalid("rating", &t("The rating must be from 1 to 5.")));
        }
        let mut tx = self.begin().await?;
        let id = on_tx!(&mut tx, c => {
            let id = sqlx::query(
                "INSERT INTO reviews (product_id, rating, author, content, approved, verified, created_at) VALUES ($1, $2, $3, $4, TRUE, TRUE, $5) RETURNING id",
            )
            .bind(product_id)
            .bind(rating)
            .bind(laden_domain::text::sanitize_text_field(author))
            .bind(laden_domain::text::escape_markup(content))
            .bind(created_at)
            .fetch_one(&mut *c)
            .await?
            .i64("id")?;
            sqlx::query("UPDATE products SET rating_sum = rating_sum + $2, rating_count = rating_count + 1 WHERE id = $1")
                .bind(product_id)
                .bind(rating)
                .execute(&mut *c)
                .await?;
            id
        });
        // The rating shows on the product and orders listings sorted by rating.
        crate::changes::record(
            &mut tx,
            &[crate::Scope::Product(product_id), crate::Scope::Catalog],
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }
}

/// The leaf ids of a WooCommerce `Categories` cell ("A > B, C"), made where missing, in the
/// caller's transaction.
pub(crate) async fn category_paths(tx: &mut Tx, cell: &str) -> Result<Vec<i64>> {
    let mut leaves = Vec::new();
    for path in cell.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let mut parent: Option<i64> = None;
        for name in path.split('>').map(str::trim).filter(|s| !s.is_empty()) {
            parent = Some(ensure_category(tx, name, parent).await?);
        }
        if let Some(id) = parent {
            leaves.push(id);
        }
    }
    Ok(leaves)
}

async fn ensure_category(tx: &mut Tx, name: &str, parent: Option<i64>) -> Result<i64> {
    let existing = on_tx!(tx, c => {
        let row = match parent {
            Some(pid) => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id = $2").bind(name).bind(pid).fetch_optional(&mut *c).await?,
            None => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id IS NULL").bind(name).fetch_optional(&mut *c).await?,
        };
        row.map(|r| r.i64("id")).transpose()?
    });
    if let Some(id) = existing {
        return Ok(id);
    }
    let base = slugify(name);
    let mut slug = base.clone();
    let mut n = 1;
    loop {
        let taken = on_tx!(tx, c => sqlx::query("SELECT id FROM categories WHERE slug = $1").bind(&slug).fetch_optional(&mut *c).await?.is_some());
        if !taken {
            break;
        }
        n += 1;
        slug = format!("{base}-{n}");
    }
    on_tx!(tx, c => {
        let row = sqlx::query(
            "INSERT INTO categories (parent_id, name, slug, position) VALUES ($1, $2, $3, (SELECT COUNT(*) FROM categories)) RETURNING id",
        )
        .bind(parent)
        .bind(name)
        .bind(&slug)
        .fetch_one(&mut *c)
        .await?;
        row.i64("id")
    })
}

async fn id_by_sku(tx: &mut Tx, sku: &str) -> Result<Option<i64>> {
    on_tx!(tx, c => {
        sqlx::query("SELECT id FROM products WHERE sku = $1").bind(sku).fetch_optional(&mut *c).await?.map(|r| r.i64("id")).transpose()
    })
}

async fn unique_product_slug(tx: &mut Tx, name: &str, own_id: Option<i64>) -> Result<String> {
    let base = slugify(name);
    let base = if base.is_empty() {
        "produkt".to_owned()
    } else {
        base
    };
    let mut slug = base.clone();
    let mut n = 1;
    loop {
        let other = on_tx!(tx, c => {
            sqlx::query("SELECT id FROM products WHERE slug = $1").bind(&slug).fetch_optional(&mut *c).await?.map(|r| r.i64("id")).transpose()?
        });
        match other {
            None => return Ok(slug),
            Some(id) if Some(id) == own_id => return Ok(slug),
            Some(_) => {
                n += 1;
                slug = format!("{base}-{n}");
            }
        }
    }
}

/// Inserts a product, or updates the one with the same SKU, in the caller's transaction (which
/// records the change). Returns (id, created).
pub(crate) async fn write_product(tx: &mut Tx, p: &NewProduct) -> Result<(i64, bool)> {
    let existing = match &p.sku {
        Some(sku) => id_by_sku(tx, sku).await?,
        None => None,
    };
    let slug = if p.kind == ProductKind::Variation {
        None
    } else {
        Some(unique_product_slug(tx, &p.name, existing).await?)
    };
    let mut attached = p.attached.clone().unwrap_or_default();
    attached.html = sanitize_embed(&attached.html);
    let row = Product {
        id: existing.unwrap_or(0),
        parent_id: p.parent_id,
        kind: p.kind,
        name: p.name.clone(),
        slug,
        sku: p.sku.clone(),
        status: p.status.clone(),
        featured: p.featured,
        catalog_visibility: p.catalog_visibility,
        // Every writer gets safe HTML, whoever calls (importer, admin API, tests).
        short_description: ammonia::clean(&p.short_description),
        description: ammonia::clean(&p.description),
        regular_price: p.regular,
        sale_price: p.sale,
        tax_class: p.tax_class,
        stock: p.stock,
        stock_status: p.stock_status.clone(),
        low_stock_amount: p.low_stock,
        image_id: p.image_id,
        gallery: p.gallery.clone(),
        attributes: p.attributes.clone(),
        attached,
        menu_order: p.menu_order,
        category_ids: p.categories.clone(),
        unit: p.unit.clone(),
        delivery_time: p.delivery_time.clone(),
        details: p.details.clone(),
        sale_from: p.sale_from,
        sale_to: p.sale_to,
        tag_ids: p.tag_ids.clone(),
        ..Product::default()
    };
    let id = crate::product_row::write(tx, &row, crate::product_row::Seo::Kept).await?;
    Ok((id, existing.is_none()))
}
