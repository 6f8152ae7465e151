//! The product CSV export, in WooCommerce's columns (what its importer and [`crate::import`] read).

use crate::db::Store;
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::{Result, StoreError};
use crate::models::*;
use crate::on_db;
use laden_domain::pricing::unit_price;
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
    "Meta: laden_delivery_time_countries",
    // WooCommerce's further fields, in the shop's kg and cm.
    "Tax status",
    "Backorders allowed?",
    "Sold individually?",
    "Weight (kg)",
    "Length (cm)",
    "Width (cm)",
    "Height (cm)",
    "Shipping class",
    "Allow customer reviews?",
    "Purchase note",
    "Date sale price starts",
    "Date sale price ends",
    "Tags",
    "Grouped products",
    "Upsells",
    "Cross-sells",
    "External URL",
    "Button text",
    "Download limit",
    "Download expiry days",
    // Goods the law treats apart, as Germanized keeps them.
    "Meta: _defect_description",
    "Meta: _is_used_good",
    "Meta: _min_age",
    "Meta: _photovoltaic_system",
    "Meta: _differential_taxation",
    // Product safety (GPSR).
    "Meta: _manufacturer_slug",
    "Meta: laden_safety_information",
    // The deposit (Pfand), as Germanized keeps it.
    "Meta: _deposit_type",
    "Meta: _deposit_quantity",
    // The sale price labels, as Germanized keeps them.
    "Meta: _sale_price_label",
    "Meta: _sale_price_regular_label",
];

/// WooCommerce's `Type` cell: the kind, then `downloadable` and `virtual` where they apply.
fn type_cell(p: &Product) -> String {
    let mut words = vec![p.kind.as_str()];
    if p.details.downloadable {
        words.push("downloadable");
    }
    if p.details.is_virtual {
        words.push("virtual");
    }
    words.join(", ")
}

/// A moment as WooCommerce's export writes dates: German wall-clock time, `2026-12-01 00:00:00`.
fn local_date(unix: i64) -> String {
    laden_domain::dates::german_iso(unix).replacen('T', " ", 1)
}

fn flag(b: bool) -> String {
    if b { "1" } else { "0" }.to_owned()
}

impl Store {
    /// Every product but the trashed ones, in WooCommerce's product CSV (a variable product
    /// before its variations).
    pub async fn export_products_csv(&self, uploads_url: &str) -> Result<Vec<u8>> {
        let sql = format!("SELECT {PRODUCT_COLS} FROM products WHERE status <> 'trash' ORDER BY COALESCE(parent_id, id), parent_id IS NOT NULL, menu_order, id");
        let mut products = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_details(&mut products).await?;
        // What the shop has since removed is none (an import would refuse the row).
        let shop = self.settings().await?.shop;
        for p in &mut products {
            p.details.forget_removed(&shop);
        }
        let categories = self.categories().await?;
        let mut media_ids: Vec<i64> = Vec::new();
        for p in &products {
            media_ids.extend(image_ids(p));
        }
        let media = self.media_by_ids(&media_ids).await?;
        let sheet = Sheet {
            skus: products.iter().map(|p| (p.id, p.sku.clone())).collect(),
            attr_columns: products
                .iter()
                .map(|p| p.attributes.len())
                .max()
                .unwrap_or(0),
            download_columns: products
                .iter()
                .map(|p| p.details.downloads.len())
                .max()
                .unwrap_or(0),
            categories: &categories,
            shipping_classes: &shop.shipping_classes,
            media: &media,
            uploads_url,
        };
        let mut out = csv::Writer::from_writer(Vec::new());
        let data = |e: csv::Error| StoreError::Data(e.to_string());
        out.write_record(sheet.header()).map_err(data)?;
        for p in &products {
            out.write_record(sheet.row(p)).map_err(data)?;
        }
        out.into_inner()
            .map_err(|e| StoreError::Data(e.to_string()))
    }
}

/// A product's images: its own, then its gallery's, each once.
fn image_ids(p: &Product) -> Vec<i64> {
    let mut images: Vec<i64> = p.image_id.into_iter().collect();
    for g in &p.gallery {
        if let GalleryItem::Image { media_id } = g {
            if !images.contains(media_id) {
                images.push(*media_id);
            }
        }
    }
    images
}

/// What the export's rows are written with: the other products' SKUs (links name products by
/// them), the categories, the images and how many download and attribute columns there are.
struct Sheet<'a> {
    skus: std::collections::HashMap<i64, Option<String>>,
    attr_columns: usize,
    download_columns: usize,
    categories: &'a [Category],
    shipping_classes: &'a [laden_domain::shipping::ShippingClass],
    media: &'a std::collections::BTreeMap<i64, Media>,
    uploads_url: &'a str,
}

impl Sheet<'_> {
    fn header(&self) -> Vec<String> {
        let mut header: Vec<String> = EXPORT_HEADERS.iter().map(|h| (*h).to_owned()).collect();
        // Food information (LMIV), a column a key.
        header.extend(
            laden_domain::food::KEYS
                .iter()
                .map(|k| format!("Meta: {k}")),
        );
        for n in 1..=self.download_columns {
            header.extend([
                format!("Download {n} ID"),
                format!("Download {n} name"),
                format!("Download {n} URL"),
            ]);
        }
        for n in 1..=self.attr_columns {
            header.extend([
                format!("Attribute {n} name"),
                format!("Attribute {n} value(s)"),
                format!("Attribute {n} visible"),
            ]);
        }
        header
    }

    /// A category as its path of names (`Kaffee > Espresso`).
    fn category_path(&self, id: i64) -> String {
        let mut names = Vec::new();
        let mut cur = Some(id);
        while let Some(c) = cur.and_then(|c| self.categories.iter().find(|x| x.id == c)) {
            names.push(c.name.clone());
            cur = c.parent_id;
            if names.len() > 32 {
                break;
            }
        }
        names.reverse();
        names.join(" > ")
    }

    /// A product linked to by its SKU, else as `id:N` (the importer reads both).
    fn reference(&self, id: i64) -> String {
        self.skus
            .get(&id)
            .cloned()
            .flatten()
            .unwrap_or_else(|| format!("id:{id}"))
    }

    fn references(&self, ids: &[i64]) -> String {
        ids.iter()
            .map(|id| self.reference(*id))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn row(&self, p: &Product) -> Vec<String> {
        let mut row = self.product_cells(p);
        row.extend(self.goods_cells(p));
        let d = &p.details;
        for n in 0..self.download_columns {
            match d.downloads.get(n) {
                Some(f) => row.extend([f.id.clone(), f.name.clone(), f.file.clone()]),
                None => row.extend([String::new(), String::new(), String::new()]),
            }
        }
        for n in 0..self.attr_columns {
            match p.attributes.get(n) {
                Some(a) => row.extend([
                    a.name.clone(),
                    a.options.join(", "),
                    if a.visible { "1" } else { "0" }.to_owned(),
                ]),
                None => row.extend([String::new(), String::new(), String::new()]),
            }
        }
        row
    }

    /// The columns from ID to the delivery time.
    fn product_cells(&self, p: &Product) -> Vec<String> {
        let money = |m: Option<Money>| m.map(Money::to_decimal_string).unwrap_or_default();
        let image_urls: Vec<String> = image_ids(p)
            .iter()
            .filter_map(|id| self.media.get(id))
            .map(|m| format!("{}{}", self.uploads_url, m.file))
            .collect();
        vec![
            p.id.to_string(),
            type_cell(p),
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
                .map(|c| self.category_path(*c))
                .collect::<Vec<_>>()
                .join(", "),
            image_urls.join(", "),
            p.parent_id
                .map(|pid| self.reference(pid))
                .unwrap_or_default(),
            p.menu_order.to_string(),
            p.unit.unit.clone(),
            p.unit
                .content
                .map(unit_price::exchange_amount)
                .unwrap_or_default(),
            p.unit
                .base
                .map(unit_price::exchange_amount)
                .unwrap_or_default(),
            p.delivery_time.clone(),
            laden_domain::delivery::to_text(&p.details.delivery_times),
        ]
    }

    /// The columns from the tax status to the download expiry (WooCommerce's goods and links).
    fn goods_cells(&self, p: &Product) -> Vec<String> {
        let d = &p.details;
        let decimal = |v: Option<i64>, f: fn(i64) -> String| v.map(f).unwrap_or_default();
        let count = |v: Option<i64>| v.map_or_else(|| "-1".to_owned(), |n| n.to_string());
        vec![
            d.tax_status.as_str().to_owned(),
            match d.backorders {
                laden_domain::Backorders::No => "0",
                laden_domain::Backorders::Notify => "notify",
                laden_domain::Backorders::Yes => "1",
            }
            .to_owned(),
            flag(d.sold_individually),
            decimal(d.weight_g, laden_domain::product_rules::kg_text),
            decimal(d.length_mm, laden_domain::product_rules::cm_text),
            decimal(d.width_mm, laden_domain::product_rules::cm_text),
            decimal(d.height_mm, laden_domain::product_rules::cm_text),
            // By its name, as WooCommerce exports it.
            laden_domain::shipping::classes::find(self.shipping_classes, &d.shipping_class)
                .map(|c| c.name.clone())
                .unwrap_or_default(),
            flag(d.reviews_allowed),
            d.purchase_note.clone(),
            p.sale_from.map(local_date).unwrap_or_default(),
            p.sale_to.map(local_date).unwrap_or_default(),
            p.tags
                .iter()
                .map(|t| t.name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            self.references(&d.children),
            self.references(&d.upsell_ids),
            self.references(&d.cross_sell_ids),
            d.external_url.clone(),
            d.button_text.clone(),
            count(d.download_limit),
            count(d.download_expiry),
            d.defect_description.clone(),
            if d.used_good { "yes" } else { "" }.to_owned(),
            if d.min_age > 0 {
                d.min_age.to_string()
            } else {
                String::new()
            },
            if d.photovoltaic { "yes" } else { "" }.to_owned(),
            if d.margin_scheme { "yes" } else { "" }.to_owned(),
            d.manufacturer.clone(),
            d.safety_information.clone(),
            d.deposit.kind.clone(),
            if d.deposit.is_empty() {
                String::new()
            } else {
                d.deposit.quantity.max(1).to_string()
            },
            d.sale_labels.strike.clone(),
            d.sale_labels.sale.clone(),
        ]
        .into_iter()
        .chain(laden_domain::food::KEYS.iter().map(|k| d.food.get(k)))
        .collect()
    }
}
