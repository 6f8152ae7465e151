//! A product written whole: its row with the prices and search terms derived from it, then its
//! categories, tags, attribute terms and grouped links. The admin's save and the importer both
//! write through here, so a new column is bound in one place.

use crate::db::Tx;
use crate::error::Result;
use crate::models::Product;
use crate::row::Cols;
use crate::{now, on_tx};
use laden_domain::Money;

/// Whose SEO texts the row takes: the writer's (the admin's save), or its own (the importer,
/// which has none, so a re-import keeps what staff wrote).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seo {
    Written,
    Kept,
}

/// Writes `p`: a new row when `p.id` is 0 (as `Product::default()`), else over its row.
/// Answers the row's id. The caller records the change.
pub(crate) async fn write<'a>(tx: &mut Tx, p: &'a Product, seo: Seo) -> Result<i64> {
    let (sale, price) = laden_domain::product_rules::prices(
        p.regular_price,
        p.sale_price,
        p.sale_from,
        p.sale_to,
        now(),
    );
    let details = serde_json::to_string(&p.details)?;
    let gallery = serde_json::to_string(&p.gallery)?;
    let attributes = serde_json::to_string(&p.attributes)?;
    let search = crate::search::product_terms(p);
    let written = |text: &'a str| (seo == Seo::Written).then_some(text);
    // One bind sequence for both statements: $1…$38 are the row's fields.
    macro_rules! bind_fields {
        ($q:expr) => {
            $q.bind(p.kind.as_str())
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
                .bind(written(&p.seo_title))
                .bind(written(&p.seo_description))
                .bind(&p.attached.html)
                .bind(now())
                .bind(&p.attached.kind)
                .bind(p.attached.poster)
                .bind(p.attached.enabled)
                .bind(&p.unit.unit)
                .bind(p.unit.content)
                .bind(p.unit.base)
                .bind(&p.delivery_time)
                .bind(p.catalog_visibility.as_str())
                .bind(&search.name)
                .bind(&search.body)
                .bind(&details)
                .bind(p.sale_from)
                .bind(p.sale_to)
                .bind(p.parent_id)
                .bind(&search.parts)
        };
    }
    let id = on_tx!(tx, c => {
        let id = if p.id == 0 {
            bind_fields!(sqlx::query(
                "INSERT INTO products (kind, name, slug, sku, status, featured, short_description, description, regular_price, \
                 sale_price, price, max_price, tax_class, stock, stock_status, low_stock_amount, image_id, gallery, attributes, \
                 menu_order, seo_title, seo_description, attached_media, updated_at, created_at, attached_media_type, \
                 attached_media_poster, attached_media_enabled, unit, unit_content, unit_base, delivery_time, catalog_visibility, \
                 search_name, search_body, search_indexed, details, sale_from, sale_to, parent_id, search_parts, attributes_indexed) VALUES ($1, $2, $3, $4, $5, $6, \
                 $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16, $17, $18, $19, COALESCE($20, ''), COALESCE($21, ''), $22, $23, \
                 $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, TRUE, $34, $35, $36, $37, $38, TRUE) RETURNING id",
            ))
            .fetch_one(&mut *c)
            .await?
            .i64("id")?
        } else {
            bind_fields!(sqlx::query(
                "UPDATE products SET kind = $1, name = $2, slug = $3, sku = $4, status = $5, featured = $6, short_description = $7, \
                 description = $8, regular_price = $9, sale_price = $10, price = $11, max_price = $11, tax_class = $12, stock = $13, \
                 stock_status = $14, low_stock_amount = $15, image_id = $16, gallery = $17, attributes = $18, menu_order = $19, \
                 seo_title = COALESCE($20, seo_title), seo_description = COALESCE($21, seo_description), attached_media = $22, \
                 updated_at = $23, attached_media_type = $24, attached_media_poster = $25, attached_media_enabled = $26, unit = $27, \
                 unit_content = $28, unit_base = $29, delivery_time = $30, catalog_visibility = $31, search_name = $32, \
                 search_body = $33, search_indexed = TRUE, details = $34, sale_from = $35, sale_to = $36, parent_id = $37, \
                 search_parts = $38, attributes_indexed = TRUE WHERE id = $39",
            ))
            .bind(p.id)
            .execute(&mut *c)
            .await?;
            p.id
        };
        if p.id != 0 {
            sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("DELETE FROM product_tags WHERE product_id = $1").bind(id).execute(&mut *c).await?;
        }
        for cat in &p.category_ids {
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
    // The row is marked `attributes_indexed` above: its terms are written here, in the same
    // transaction.
    crate::attribute_terms::write(tx, id, p.kind, &p.attributes).await?;
    crate::product_links::refresh_grouped(tx, &[id]).await?;
    Ok(id)
}
