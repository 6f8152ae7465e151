//! The product CSV export, in WooCommerce's columns (what its importer and [`crate::import`] read).

use crate::db::Store;
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::{Result, StoreError};
use crate::models::*;
use crate::on_db;
use laden_domain::Money;

/// WooCommerce's product CSV columns, as its exporter writes them (and the importer reads).
const EXPORT_HEADERS: &[&str] = &[
    "ID",
    "Type",
    "SKU",
    "Name",
    "Published",
    "Is featured?",
    "Visibility in catalog",
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
                p.catalog_visibility.as_str().to_owned(),
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
