//! Writing an imported product (and the other writes the importer and the demo seeder make).

use super::{invalid, sanitize_embed, slugify};
use crate::db::Store;
use crate::error::Result;
use crate::models::{Attribute, GalleryItem, ProductKind};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
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
        let mut leaves = Vec::new();
        for path in cell.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let mut parent: Option<i64> = None;
            for name in path.split('>').map(str::trim).filter(|s| !s.is_empty()) {
                parent = Some(self.ensure_category(name, parent).await?);
            }
            if let Some(id) = parent {
                leaves.push(id);
            }
        }
        Ok(leaves)
    }

    async fn ensure_category(&self, name: &str, parent: Option<i64>) -> Result<i64> {
        let existing = on_db!(&self.db, p => {
            let row = match parent {
                Some(pid) => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id = $2").bind(name).bind(pid).fetch_optional(p).await?,
                None => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id IS NULL").bind(name).fetch_optional(p).await?,
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
            let taken = on_db!(&self.db, p => sqlx::query("SELECT id FROM categories WHERE slug = $1").bind(&slug).fetch_optional(p).await?.is_some());
            if !taken {
                break;
            }
            n += 1;
            slug = format!("{base}-{n}");
        }
        on_db!(&self.db, p => {
            let row = sqlx::query(
                "INSERT INTO categories (parent_id, name, slug, position) VALUES ($1, $2, $3, (SELECT COUNT(*) FROM categories)) RETURNING id",
            )
            .bind(parent)
            .bind(name)
            .bind(&slug)
            .fetch_one(p)
            .await?;
            row.i64("id")
        })
    }

    async fn unique_product_slug(&self, name: &str, own_id: Option<i64>) -> Result<String> {
        let base = slugify(name);
        let base = if base.is_empty() {
            "produkt".to_owned()
        } else {
            base
        };
        let mut slug = base.clone();
        let mut n = 1;
        loop {
            let other = on_db!(&self.db, p => {
                sqlx::query("SELECT id FROM products WHERE slug = $1").bind(&slug).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()?
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

    /// Inserts a product, or updates the one with the same SKU. Returns (id, created).
    pub async fn save_product(&self, p: &NewProduct) -> Result<(i64, bool)> {
        let existing = match &p.sku {
            Some(sku) => self.product_id_by_sku(sku).await?,
            None => None,
        };
        let slug = if p.kind == ProductKind::Variation {
            None
        } else {
            Some(self.unique_product_slug(&p.name, existing).await?)
        };
        let (sale, price) =
            laden_domain::product_rules::prices(p.regular, p.sale, p.sale_from, p.sale_to, now());
        let details = serde_json::to_string(&p.details)?;
        let gallery = serde_json::to_string(&p.gallery)?;
        let attributes = serde_json::to_string(&p.attributes)?;
        let mut attached = p.attached.clone().unwrap_or_default();
        attached.html = sanitize_embed(&attached.html);
        // Every writer gets safe HTML, whoever calls (importer, admin API, tests).
        let short_description = ammonia::clean(&p.short_description);
        let description = ammonia::clean(&p.description);
        let (search_name, search_body) =
            crate::search::terms(&p.name, &short_description, &description, p.sku.as_deref());
        let t = now();
        let mut tx = self.begin().await?;
        // One bind sequence for both statements: $1…$32 are the product's fields.
        macro_rules! bind_fields {
            ($q:expr) => {
                $q.bind(p.parent_id)
                    .bind(p.kind.as_str())
                    .bind(&p.name)
                    .bind(&slug)
                    .bind(&p.sku)
                    .bind(&p.status)
                    .bind(p.featured)
                    .bind(&short_description)
                    .bind(&description)
                    .bind(p.regular.map(Money::cents))
                    .bind(sale.map(Money::cents))
                    .bind(price.map(Money::cents))
                    .bind(p.tax_class.as_str())
                    .bind(p.stock)
                    .bind(&p.stock_status)
                    .bind(p.low_stock)
                    .bind(p.image_id)
                    .bind(&gallery)
                    .bind(&attributes)
                    .bind(&attached.html)
                    .bind(&attached.kind)
                    .bind(attached.poster)
                    .bind(attached.enabled)
                    .bind(p.menu_order)
                    .bind(t)
                    .bind(&p.unit.unit)
                    .bind(p.unit.content)
                    .bind(p.unit.base)
                    .bind(&p.delivery_time)
                    .bind(p.catalog_visibility.as_str())
                    .bind(&search_name)
                    .bind(&search_body)
                    .bind(&details)
                    .bind(p.sale_from)
                    .bind(p.sale_to)
            };
        }
        let id = on_tx!(&mut tx, c => {
            let id = match existing {
                Some(id) => {
                    bind_fields!(sqlx::query(
                        "UPDATE products SET parent_id = $1, kind = $2, name = $3, slug = $4, sku = $5, status = $6, featured = $7, \
                         short_description = $8, description = $9, regular_price = $10, sale_price = $11, price = $12, max_price = $12, \
                         tax_class = $13, stock = $14, stock_status = $15, low_stock_amount = $16, image_id = $17, gallery = $18, \
                         attributes = $19, attached_media = $20, attached_media_type = $21, attached_media_poster = $22, \
                         attached_media_enabled = $23, menu_order = $24, updated_at = $25, unit = $26, unit_content = $27, unit_base = $28, \
                         delivery_time = $29, catalog_visibility = $30, search_name = $31, search_body = $32, search_indexed = TRUE, \
                         details = $33, sale_from = $34, sale_to = $35 WHERE id = $36",
                    ))
                    .bind(id)
                    .execute(&mut *c)
                    .await?;
                    sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(id).execute(&mut *c).await?;
                    sqlx::query("DELETE FROM product_tags WHERE product_id = $1").bind(id).execute(&mut *c).await?;
                    id
                }
                None => bind_fields!(sqlx::query(
                    "INSERT INTO products (parent_id, kind, name, slug, sku, status, featured, short_description, description, \
                     regular_price, sale_price, price, max_price, tax_class, stock, stock_status, low_stock_amount, image_id, gallery, \
                     attributes, attached_media, attached_media_type, attached_media_poster, attached_media_enabled, menu_order, \
                     created_at, updated_at, unit, unit_content, unit_base, delivery_time, catalog_visibility, search_name, search_body, \
                     search_indexed, details, sale_from, sale_to) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, \
                     $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25, $26, $27, $28, $29, $30, $31, $32, TRUE, $33, $34, $35) RETURNING id",
                ))
                .fetch_one(&mut *c)
                .await?
                .i64("id")?,
            };
            for cat in &p.categories {
                sqlx::query("INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                    .bind(id)
                    .bind(*cat)
                    .execute(&mut *c)
                    .await?;
            }
            for tag in &p.tag_ids {
                sqlx::query("INSERT INTO product_tags (product_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                    .bind(id)
                    .bind(*tag)
                    .execute(&mut *c)
                    .await?;
            }
            id
        });
        crate::attribute_terms::write(&mut tx, id, p.kind, &p.attributes).await?;
        crate::product_links::refresh_grouped(&mut tx, &[id]).await?;
        crate::changes::record(&mut tx, &[crate::Scope::Product(id), crate::Scope::Catalog])
            .await?;
        tx.commit().await?;
        Ok((id, existing.is_none()))
    }

    /// Derives a variable product's price range, stock status and variation
    /// attributes from its variations.
    pub async fn refresh_variable(&self, parent_id: i64) -> Result<()> {
        let parent = self.product(parent_id).await?;
        let variations = self.variations(parent_id).await?;
        let prices: Vec<i64> = variations
            .iter()
            .filter_map(|v| v.price.map(Money::cents))
            .collect();
        let in_stock = variations.iter().any(|v| v.in_stock());
        let attributes: Vec<Attribute> = parent
            .attributes
            .iter()
            .map(|a| Attribute {
                variation: variations.iter().any(|v| {
                    v.attributes
                        .iter()
                        .any(|va| va.name.eq_ignore_ascii_case(&a.name))
                }),
                ..a.clone()
            })
            .collect();
        on_db!(&self.db, p => {
            sqlx::query("UPDATE products SET price = $2, max_price = $3, stock_status = $4, attributes = $5 WHERE id = $1")
                .bind(parent_id)
                .bind(prices.iter().min().copied())
                .bind(prices.iter().max().copied())
                .bind(if in_stock { "instock" } else { "outofstock" })
                .bind(serde_json::to_string(&attributes)?)
                .execute(p)
                .await?;
        });
        if attributes != parent.attributes {
            let mut tx = self.begin().await?;
            crate::attribute_terms::write(&mut tx, parent_id, parent.kind, &attributes).await?;
            tx.commit().await?;
        }
        // Its price range orders listings; its stock status shows on its page.
        self.content_changed(&[crate::Scope::Product(parent_id), crate::Scope::Catalog])
            .await
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
            .bind(crate::escape_text(content))
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
