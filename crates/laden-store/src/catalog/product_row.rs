//! A product written whole: its row with the prices and search terms derived from it, then its
//! categories, tags, attribute terms and grouped links. The admin's save and the importer both
//! write through here, so a new column is bound in one place.

use crate::db::Tx;
use crate::error::Result;
use crate::models::Product;
use crate::{now, on_tx};
use laden_domain::Money;

/// Whose SEO texts the row takes: the writer's (the admin's save), or its own (the importer,
/// which has none, so a re-import keeps what staff wrote).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seo {
    Written,
    Kept,
}

/// Writes `p` over its row (`p.id` must exist). The caller records the change.
pub(crate) async fn write(tx: &mut Tx, p: &Product, seo: Seo) -> Result<()> {
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
    let (search_name, search_body) = crate::search::product_terms(p);
    let written = |text: &str| (seo == Seo::Written).then(|| text.to_owned());
    on_tx!(tx, c => {
        sqlx::query(
            "UPDATE products SET kind = $2, name = $3, slug = $4, sku = $5, status = $6, featured = $7, short_description = $8, \
             description = $9, regular_price = $10, sale_price = $11, price = $12, max_price = $12, tax_class = $13, stock = $14, \
             stock_status = $15, low_stock_amount = $16, image_id = $17, gallery = $18, attributes = $19, menu_order = $20, \
             seo_title = COALESCE($21, seo_title), seo_description = COALESCE($22, seo_description), attached_media = $23, \
             attached_media_type = $25, attached_media_poster = $26, attached_media_enabled = $27, unit = $28, unit_content = $29, \
             unit_base = $30, delivery_time = $31, catalog_visibility = $32, search_name = $33, search_body = $34, \
             search_indexed = TRUE, updated_at = $24, details = $35, sale_from = $36, sale_to = $37, parent_id = $38 WHERE id = $1",
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
        .bind(&search_name)
        .bind(&search_body)
        .bind(&details)
        .bind(p.sale_from)
        .bind(p.sale_to)
        .bind(p.parent_id)
        .execute(&mut *c)
        .await?;
        sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(p.id).execute(&mut *c).await?;
        for cat in &p.category_ids {
            sqlx::query("INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(p.id)
                .bind(*cat)
                .execute(&mut *c)
                .await?;
        }
        sqlx::query("DELETE FROM product_tags WHERE product_id = $1").bind(p.id).execute(&mut *c).await?;
        for tag in &p.tag_ids {
            sqlx::query("INSERT INTO product_tags (product_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(p.id)
                .bind(*tag)
                .execute(&mut *c)
                .await?;
        }
    });
    crate::attribute_terms::write(tx, p.id, p.kind, &p.attributes).await?;
    crate::product_links::refresh_grouped(tx, &[p.id]).await
}
