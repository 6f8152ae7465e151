//! Rows decoded into models, in one place: the catalogue, the cart, the checkout and the admin
//! read products and pictures with the same columns and the same decoder.

use crate::error::{Result, StoreError};
use crate::models::*;
use crate::row::Cols;
use laden_domain::{Money, TaxClass};

/// A changed address as its JSON column (cleaned), or `None` where the change keeps it.
pub(crate) fn address_column(
    address: Option<&laden_domain::address::Address>,
) -> Result<Option<String>> {
    Ok(address
        .map(|a| serde_json::to_string(&a.cleaned()))
        .transpose()?)
}

/// A product's own row by its id (`$1`).
pub(crate) fn product_by_id_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| format!("SELECT {PRODUCT_COLS} FROM products WHERE id = $1"))
}

/// The published variations of product `$1`, in their menu order.
pub(crate) fn variations_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| format!("SELECT {PRODUCT_COLS} FROM products WHERE parent_id = $1 AND kind = 'variation' AND status = 'publish' ORDER BY menu_order, id"))
}

pub(crate) const PRODUCT_COLS: &str = "id, parent_id, kind, name, slug, sku, status, featured, short_description, \
    description, regular_price, sale_price, price, max_price, tax_class, stock, stock_status, low_stock_amount, \
    image_id, gallery, attributes, attached_media, attached_media_type, attached_media_poster, \
    attached_media_enabled, menu_order, rating_sum, rating_count, total_sales, seo_title, seo_description, created_at, updated_at, unit, unit_content, unit_base, delivery_time, catalog_visibility, details, sale_from, sale_to";

pub(crate) fn product_from_row(r: &impl Cols) -> Result<Product> {
    let kind = r.text("kind")?;
    Ok(Product {
        id: r.i64("id")?,
        parent_id: r.opt_i64("parent_id")?,
        kind: ProductKind::parse(&kind)
            .ok_or_else(|| StoreError::Data(format!("product kind {kind}")))?,
        name: r.text("name")?,
        slug: r.opt_text("slug")?,
        sku: r.opt_text("sku")?,
        status: r.text("status")?,
        featured: r.flag("featured")?,
        catalog_visibility: CatalogVisibility::parse(&r.text("catalog_visibility")?)
            .unwrap_or_default(),
        short_description: r.text("short_description")?,
        description: r.text("description")?,
        regular_price: r.opt_i64("regular_price")?.map(Money::from_cents),
        sale_price: r.opt_i64("sale_price")?.map(Money::from_cents),
        price: r.opt_i64("price")?.map(Money::from_cents),
        max_price: r.opt_i64("max_price")?.map(Money::from_cents),
        tax_class: TaxClass::parse(&r.text("tax_class")?).unwrap_or(TaxClass::Standard),
        stock: r.opt_i64("stock")?,
        stock_status: r.text("stock_status")?,
        low_stock_amount: r.opt_i64("low_stock_amount")?,
        image_id: r.opt_i64("image_id")?,
        gallery: r.json("gallery")?,
        attributes: r.json("attributes")?,
        attached: AttachedMedia {
            html: r.text("attached_media")?,
            kind: r.text("attached_media_type")?,
            poster: r.opt_i64("attached_media_poster")?,
            enabled: r.flag("attached_media_enabled")?,
        },
        menu_order: r.i64("menu_order")?,
        rating_sum: r.i64("rating_sum")?,
        rating_count: r.i64("rating_count")?,
        total_sales: r.i64("total_sales")?,
        seo_title: r.text("seo_title")?,
        seo_description: r.text("seo_description")?,
        created_at: r.i64("created_at")?,
        updated_at: r.i64("updated_at")?,
        category_ids: Vec::new(),
        unit: ProductUnit {
            unit: r.text("unit")?,
            content: r.opt_i64("unit_content")?,
            base: r.opt_i64("unit_base")?,
        },
        delivery_time: r.text("delivery_time")?,
        details: r.json("details")?,
        sale_from: r.opt_i64("sale_from")?,
        sale_to: r.opt_i64("sale_to")?,
        tag_ids: Vec::new(),
        tags: Vec::new(),
        lowest_price: None,
    })
}

pub(crate) fn media_from_row(r: &impl Cols) -> Result<Media> {
    Ok(Media {
        id: r.i64("id")?,
        file: r.text("file")?,
        mime: r.text("mime")?,
        width: r.i64("width")?,
        height: r.i64("height")?,
        alt: r.text("alt")?,
        title: r.text("title")?,
        caption: r.text("caption")?,
        sizes: r.json("sizes")?,
    })
}

pub(crate) const ORDER_COLS: &str = "id, order_key, status, currency, items_total, discount_total, discount_tax, shipping_total, shipping_tax, deposit_total, deposit_tax, tax_total, total, taxes, \
                          billing, shipping, payment_method, customer_note, attribution, customer_id, created_at, updated_at, paid_at, completed_at, legal, needs_shipping, vat_id, reverse_charge, supply, transaction_id, payment_attempts, shipping_method, shipping_method_title, \
                          (SELECT w.created_at FROM withdrawals w WHERE w.order_id = orders.id) AS withdrawn_at";
pub(crate) const ITEM_COLS: &str = "product_id, parent_id, name, sku, attributes, quantity, unit_price, line_total, tax_rate_hundredths, unit_pricing, delivery_time, purchase_note, deposit, deposit_as_sold, margin, service";

/// An order row without its items (they are added by the caller).
pub(crate) fn order_from_row(r: &impl Cols) -> Result<PlacedOrder> {
    Ok(PlacedOrder {
        id: r.i64("id")?,
        key: r.text("order_key")?,
        status: r.text("status")?,
        currency: r.text("currency")?,
        items_total: r.i64("items_total")?,
        discount_total: r.i64("discount_total")?,
        discount_tax: r.i64("discount_tax")?,
        coupons: Vec::new(),
        shipping_total: r.i64("shipping_total")?,
        shipping_tax: r.i64("shipping_tax")?,
        deposit_total: r.i64("deposit_total")?,
        deposit_tax: r.i64("deposit_tax")?,
        tax_total: r.i64("tax_total")?,
        total: r.i64("total")?,
        taxes: r.json("taxes")?,
        billing: r.json("billing")?,
        shipping: r.json("shipping")?,
        payment_method: r.text("payment_method")?,
        customer_note: r.text("customer_note")?,
        attribution: r.json("attribution")?,
        customer_id: r.opt_i64("customer_id")?,
        legal: r.json("legal")?,
        withdrawn_at: r.opt_i64("withdrawn_at")?,
        created_at: r.i64("created_at")?,
        updated_at: r.i64("updated_at")?,
        paid_at: r.opt_i64("paid_at")?,
        transaction_id: r.text("transaction_id")?,
        payment_attempts: r.i64("payment_attempts")?,
        completed_at: r.opt_i64("completed_at")?,
        items: Vec::new(),
        downloads: Vec::new(),
        invoices: Vec::new(),
        refunds: Vec::new(),
        needs_shipping: r.flag("needs_shipping")?,
        vat_id: r.text("vat_id")?,
        reverse_charge: r.flag("reverse_charge")?,
        supply: r.text("supply")?,
        shipping_method: r.text("shipping_method")?,
        shipping_method_title: r.text("shipping_method_title")?,
        repeated: false,
    })
}

pub(crate) fn item_from_row(i: &impl Cols) -> Result<OrderItem> {
    let parent_id = i.opt_i64("parent_id")?;
    // A variation's attributes as sold, its "any" ones with the values chosen (none for a
    // product of its own, whose attributes describe it rather than what was chosen).
    let variation = match parent_id {
        None => Vec::new(),
        Some(_) => match i.text("attributes")?.as_str() {
            "" => Vec::new(),
            text => crate::models::sold_options(serde_json::from_str(text)?),
        },
    };
    Ok(OrderItem {
        product_id: i.i64("product_id")?,
        parent_id,
        variation,
        name: i.text("name")?,
        sku: i.text("sku")?,
        quantity: i.i64("quantity")?,
        unit_price: i.i64("unit_price")?,
        line_total: i.i64("line_total")?,
        tax_rate: laden_domain::VatRate::from_hundredths(i.i64("tax_rate_hundredths")?),
        unit_pricing: match i.text("unit_pricing")?.as_str() {
            "" => serde_json::Value::Null,
            text => serde_json::from_str(text)?,
        },
        delivery_time: i.text("delivery_time")?,
        purchase_note: i.text("purchase_note")?,
        deposit: i.i64("deposit")?,
        deposit_as_sold: match i.text("deposit_as_sold")?.as_str() {
            "" => None,
            text => Some(serde_json::from_str(text)?),
        },
        margin: i.flag("margin")?,
        service: i.flag("service")?,
    })
}
