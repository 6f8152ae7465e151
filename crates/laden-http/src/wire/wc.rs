//! WooCommerce's admin REST shapes (`wc/v3`) as Laden answers them: products and variations,
//! categories, reviews, orders with their notes and e-mails, coupons, customers. Amounts are
//! decimal text ("12.90"), as WooCommerce writes them. Writes are read by `wc_v3::Input` into
//! the store's typed `…Changes` (every problem at once, with WooCommerce's lenient booleans).

use super::cart::Address;
use serde::Serialize;
use serde_json::Value;

/// A `meta_data` entry.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcMeta {
    pub id: i64,
    pub key: String,
    pub value: Value,
}

impl WcMeta {
    pub fn new(id: i64, key: impl Into<String>, value: impl Into<Value>) -> WcMeta {
        WcMeta {
            id,
            key: key.into(),
            value: value.into(),
        }
    }
}

/// A picture of the media library, as a product names it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcImage {
    pub id: i64,
    pub src: String,
    pub name: String,
    pub alt: String,
    pub position: i64,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCategoryRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcAttribute {
    pub id: i64,
    pub name: String,
    pub position: i64,
    pub visible: bool,
    pub variation: bool,
    pub options: Vec<String>,
}

/// A variation's value of one attribute.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcAttributeChoice {
    pub id: i64,
    pub name: String,
    pub option: String,
}

/// The stock fields of a product or variation.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcStock {
    pub manage_stock: bool,
    pub stock_quantity: Option<i64>,
    pub stock_status: String,
    #[cfg_attr(test, ts(type = "'no' | 'notify' | 'yes'"))]
    pub backorders: &'static str,
    pub low_stock_amount: Option<i64>,
}

/// A downloadable file.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcDownload {
    pub id: String,
    pub name: String,
    pub file: String,
}

/// Dimensions in cm, as decimal strings (empty: not given).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcDimensions {
    pub length: String,
    pub width: String,
    pub height: String,
}

/// The goods' fields a product and a variation share.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcGoods {
    pub downloads: Vec<WcDownload>,
    /// `-1`: unlimited.
    pub download_limit: i64,
    /// Days; `-1`: never.
    pub download_expiry: i64,
    /// In kg.
    pub weight: String,
    pub dimensions: WcDimensions,
    pub shipping_required: bool,
    /// Its shipping class's slug and id among the shop's (`""` and 0: none; a variation's own).
    pub shipping_class: String,
    pub shipping_class_id: i64,
    pub date_on_sale_from: Option<String>,
    pub date_on_sale_from_gmt: Option<String>,
    pub date_on_sale_to: Option<String>,
    pub date_on_sale_to_gmt: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTagRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

/// What a product (not a variation) adds: its type's fields and its links to others.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcLinks {
    pub external_url: String,
    pub button_text: String,
    pub purchase_note: String,
    pub sold_individually: bool,
    pub grouped_products: Vec<i64>,
    pub upsell_ids: Vec<i64>,
    pub cross_sell_ids: Vec<i64>,
    pub tags: Vec<WcTagRef>,
}

/// `GET /wc/v3/products/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcProduct {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub permalink: String,
    pub date_created: String,
    pub date_created_gmt: String,
    pub date_modified: String,
    pub date_modified_gmt: String,
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'simple' | 'variable' | 'grouped' | 'external'"))]
    pub kind: &'static str,
    pub status: String,
    pub featured: bool,
    #[cfg_attr(test, ts(type = "'visible' | 'catalog' | 'search' | 'hidden'"))]
    pub catalog_visibility: &'static str,
    pub description: String,
    pub short_description: String,
    pub sku: String,
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
    pub on_sale: bool,
    pub purchasable: bool,
    pub total_sales: i64,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloadable: bool,
    pub tax_status: &'static str,
    pub tax_class: &'static str,
    pub reviews_allowed: bool,
    pub average_rating: String,
    pub rating_count: i64,
    pub parent_id: i64,
    pub categories: Vec<WcCategoryRef>,
    pub images: Vec<WcImage>,
    pub attributes: Vec<WcAttribute>,
    pub default_attributes: Vec<Value>,
    pub variations: Vec<i64>,
    pub menu_order: i64,
    pub meta_data: Vec<WcMeta>,
    #[serde(flatten)]
    pub stock: WcStock,
    #[serde(flatten)]
    pub goods: WcGoods,
    #[serde(flatten)]
    pub links: WcLinks,
}

/// `GET /wc/v3/products/{id}/variations/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcVariation {
    pub id: i64,
    pub parent_id: i64,
    pub date_created: String,
    pub date_created_gmt: String,
    pub date_modified: String,
    pub date_modified_gmt: String,
    pub description: String,
    pub permalink: String,
    pub sku: String,
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
    pub on_sale: bool,
    pub status: String,
    pub purchasable: bool,
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloadable: bool,
    pub tax_status: &'static str,
    pub tax_class: &'static str,
    pub image: Option<WcImage>,
    pub attributes: Vec<WcAttributeChoice>,
    pub menu_order: i64,
    pub meta_data: Vec<WcMeta>,
    #[serde(flatten)]
    pub stock: WcStock,
    #[serde(flatten)]
    pub goods: WcGoods,
}

/// `GET /wc/v3/products/categories/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCategory {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub parent: i64,
    pub description: String,
    pub display: &'static str,
    pub image: Option<WcImage>,
    pub menu_order: i64,
    pub count: i64,
}

/// `GET /wc/v3/products/attributes/{id}`: one of the shop's attributes (WooCommerce's global
/// attribute `pa_<slug>`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcProductAttribute {
    pub id: i64,
    pub name: String,
    pub slug: String,
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'select'"))]
    pub kind: &'static str,
    #[cfg_attr(test, ts(type = "'menu_order'"))]
    pub order_by: &'static str,
    pub has_archives: bool,
}

/// `GET /wc/v3/products/attributes/{id}/terms/{id}` and `GET /wc/v3/products/tags/{id}`: a
/// term with its published products' count.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTerm {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Attribute terms only (tags have no order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub menu_order: Option<i64>,
    pub count: i64,
}

/// `GET /wc/v3/products/reviews/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcReview {
    pub id: i64,
    pub date_created: String,
    pub date_created_gmt: String,
    pub product_id: i64,
    pub product_name: String,
    #[cfg_attr(test, ts(type = "'approved' | 'hold' | 'spam' | 'trash'"))]
    pub status: String,
    pub reviewer: String,
    pub reviewer_email: String,
    pub review: String,
    pub rating: i64,
    pub verified: bool,
}

/// What deleting answers where a resource has a trash: the object as it now is (trashed), or,
/// deleted for good, WooCommerce's `{deleted: true, previous}`.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum WcDeletion<T> {
    Trashed(T),
    Deleted { deleted: bool, previous: T },
}

/// `GET /wc/v3/customers/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCustomer {
    pub id: i64,
    pub date_created: String,
    pub date_created_gmt: String,
    pub date_modified: String,
    pub date_modified_gmt: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: &'static str,
    pub username: &'static str,
    pub billing: Address,
    pub shipping: Address,
    pub is_paying_customer: bool,
    pub orders_count: i64,
    pub total_spent: String,
    pub avatar_url: &'static str,
    pub meta_data: Vec<WcMeta>,
}

/// `GET /wc/v3/coupons/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCoupon {
    pub id: i64,
    pub code: String,
    pub amount: String,
    pub status: String,
    pub date_created: String,
    pub date_created_gmt: String,
    pub date_modified: String,
    pub date_modified_gmt: String,
    #[cfg_attr(test, ts(type = "'percent' | 'fixed_cart'"))]
    pub discount_type: &'static str,
    pub description: String,
    pub date_expires: Option<String>,
    pub date_expires_gmt: Option<String>,
    pub usage_count: i64,
    pub individual_use: bool,
    pub product_ids: Vec<i64>,
    pub excluded_product_ids: Vec<i64>,
    pub usage_limit: Option<i64>,
    pub usage_limit_per_user: Option<i64>,
    pub limit_usage_to_x_items: Option<i64>,
    pub free_shipping: bool,
    pub product_categories: Vec<i64>,
    pub excluded_product_categories: Vec<i64>,
    pub exclude_sale_items: bool,
    pub minimum_amount: String,
    pub maximum_amount: &'static str,
    pub email_restrictions: Vec<String>,
    pub used_by: Vec<String>,
    pub meta_data: Vec<WcMeta>,
}

/// A redeemed coupon on an order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCouponLine {
    pub id: i64,
    pub code: String,
    pub discount: String,
    pub discount_tax: String,
}

/// An order line.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcLineItem {
    pub id: i64,
    pub name: String,
    /// A variation's product's name as it is now (null for a product of its own).
    pub parent_name: Option<String>,
    /// The product's picture as it is now (a variation without one, its product's).
    pub image: WcLineImage,
    pub product_id: i64,
    pub variation_id: i64,
    pub quantity: i64,
    /// The VAT class's slug (`""` standard, `reduced-rate`), by the rate the line was sold at.
    pub tax_class: &'static str,
    /// Net before the coupons, and its VAT.
    pub subtotal: String,
    pub subtotal_tax: String,
    /// Net after the coupons, and its VAT (WooCommerce keeps line amounts net).
    pub total: String,
    pub total_tax: String,
    /// The VAT by rate (`id`: the rate of `GET taxes`).
    pub taxes: Vec<WcLineTax>,
    pub sku: String,
    /// The net unit price after the coupons (`total / quantity`), a number as in WooCommerce.
    pub price: f64,
    /// The Grundpreis as sold, `{price, base, content}`, as the order keeps it (null: none).
    #[cfg_attr(
        test,
        ts(type = "{ price: number, base: string, content: string } | null")
    )]
    pub laden_unit_price: Value,
    pub laden_delivery_time: String,
    /// A variation's options as sold (its "any" ones as the shopper chose them), as WooCommerce
    /// keeps them on the line: `key` the attribute's slug, `display_key` its name.
    pub meta_data: Vec<WcItemMeta>,
}

/// An order line's picture, full size, as WooCommerce answers it (id 0, src empty: none).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcLineImage {
    pub id: i64,
    pub src: String,
}

/// One `meta_data` entry of an order line, with the names WooCommerce shows.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcItemMeta {
    pub id: i64,
    pub key: String,
    pub value: String,
    pub display_key: String,
    pub display_value: String,
}

/// A line's VAT at one rate.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcLineTax {
    pub id: i64,
    pub total: String,
    pub subtotal: String,
}

/// An order's shipping (net, with its VAT beside).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcShippingLine {
    pub id: i64,
    pub method_title: String,
    pub method_id: String,
    pub instance_id: String,
    pub total: String,
    pub total_tax: String,
    pub taxes: Vec<WcLineTax>,
    pub meta_data: Vec<WcMeta>,
}

/// A fee line: the deposit (Pfand) on one line's goods, net with its VAT. Its `id` follows the
/// line items' (as WooCommerce's order items share one count), and a refund names it so.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcFeeLine {
    pub id: i64,
    pub name: String,
    pub tax_class: &'static str,
    pub tax_status: &'static str,
    /// The fee as charged, net (WooCommerce's `amount`, what `total` is before any discount).
    pub amount: String,
    pub total: String,
    pub total_tax: String,
    pub taxes: Vec<WcLineTax>,
    pub meta_data: Vec<WcMeta>,
    /// The items of the goods it is on: how many a refund of this line can give back.
    pub laden_quantity: i64,
}

/// An order's VAT at one rate: of the goods and of shipping.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTaxLine {
    pub id: i64,
    pub rate_code: String,
    pub rate_id: i64,
    pub label: String,
    pub compound: bool,
    pub tax_total: String,
    pub shipping_tax_total: String,
    pub rate_percent: laden_domain::VatRate,
    pub meta_data: Vec<WcMeta>,
}

/// The customer's withdrawal from the contract (§356a BGB).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcWithdrawal {
    pub date: String,
    /// The customer's statement (only on a single order's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub statement: Option<String>,
}

/// An e-mail the shop sent (or is sending) about an order, with its delivery state.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcMail {
    pub id: i64,
    #[cfg_attr(
        test,
        ts(
            type = "'order_confirmation' | 'shipping_notice' | 'withdrawal_receipt' | 'withdrawal_notice' | 'account_confirmation' | 'invoice' | 'password_reset' | 'password_changed'"
        )
    )]
    pub kind: &'static str,
    pub recipient: String,
    pub status: String,
    pub attempts: i64,
    pub last_error: String,
    pub date_created: String,
    pub date_sent: Option<String>,
}

/// A refund as its order lists it: the total negative, as WooCommerce writes it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcOrderRefund {
    pub id: i64,
    pub reason: String,
    pub total: String,
}

/// What a refund gave back of one order line (quantity and amounts negative, as WooCommerce
/// writes a refund's items); `id` is the order line's.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcRefundLine {
    pub id: i64,
    pub name: String,
    pub product_id: i64,
    pub variation_id: i64,
    pub quantity: i64,
    pub sku: String,
    pub subtotal: String,
    pub total: String,
    /// Gross given back, positive.
    pub refund_total: f64,
    pub meta_data: Vec<WcMeta>,
}

/// `wc/v3/orders/{id}/refunds/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcRefund {
    pub id: i64,
    pub date_created: String,
    pub date_created_gmt: String,
    pub amount: String,
    pub reason: String,
    pub refunded_by: i64,
    /// Whether the payment provider paid it back (Laden's payment methods never do: staff pay
    /// it back themselves).
    pub refunded_payment: bool,
    pub meta_data: Vec<WcMeta>,
    pub line_items: Vec<WcRefundLine>,
    /// Whether its units went back to stock.
    pub laden_restocked: bool,
    /// Its partial cancellation invoice (Teilstornorechnung), when the order had an invoice.
    pub laden_invoice: Option<super::laden::InvoiceOut>,
}

/// `GET /wc/v3/orders/{id}`: WooCommerce's order with Laden's German additions.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcOrder {
    pub id: i64,
    /// Always 0: Laden's orders have no parent order.
    pub parent_id: i64,
    /// The order number as shown to the customer (the id).
    pub number: String,
    pub status: String,
    pub currency: String,
    pub currency_symbol: &'static str,
    pub order_key: String,
    /// `store-api`: every order comes from the shop's checkout (WooCommerce's word for it).
    pub created_via: &'static str,
    pub date_created: String,
    pub date_created_gmt: String,
    pub date_modified: String,
    pub date_modified_gmt: String,
    /// When it was paid (first reached processing or completed), and when it was completed:
    /// `null` until then.
    pub date_paid: Option<String>,
    pub date_paid_gmt: Option<String>,
    pub date_completed: Option<String>,
    pub date_completed_gmt: Option<String>,
    pub customer_id: i64,
    pub prices_include_tax: bool,
    pub discount_total: String,
    pub discount_tax: String,
    pub coupon_lines: Vec<WcCouponLine>,
    pub total: String,
    pub total_tax: String,
    /// Shipping net, and its VAT (as WooCommerce keeps it).
    pub shipping_total: String,
    pub shipping_tax: String,
    /// The goods' VAT after the coupons.
    pub cart_tax: String,
    pub billing: Address,
    pub shipping: Address,
    pub payment_method: String,
    pub payment_method_title: String,
    /// The payment provider's reference: empty, as Laden's methods are paid offline.
    pub transaction_id: String,
    /// Laden keeps no shopper's IP address (data minimisation); empty.
    pub customer_ip_address: String,
    /// The browser that ordered, as the order attribution recorded it (empty without).
    pub customer_user_agent: String,
    pub cart_hash: String,
    /// Waiting for payment (pending or failed) with something to pay, as WooCommerce's `needs_payment`.
    pub needs_payment: bool,
    /// Where the shopper pays it (WooCommerce's `payment_url`, the checkout's `order-pay` page).
    pub payment_url: String,
    /// Pending or on hold: its items may still be changed, as WooCommerce's `is_editable`.
    pub is_editable: bool,
    pub customer_note: String,
    /// The status's German name, for screens.
    pub status_label: String,
    pub line_items: Vec<WcLineItem>,
    pub tax_lines: Vec<WcTaxLine>,
    pub shipping_lines: Vec<WcShippingLine>,
    /// Fees: the deposits (Pfand), one for each line whose goods carry one.
    pub fee_lines: Vec<WcFeeLine>,
    pub refunds: Vec<WcOrderRefund>,
    pub meta_data: Vec<WcMeta>,
    /// WooCommerce's "Origin" column, in German.
    pub origin: String,
    /// What was accepted at checkout (checkbox, its text, the legal pages' versions), as kept.
    #[cfg_attr(
        test,
        ts(
            type = "Array<{ id: string, text: string, pages: Array<{ slug: string, title: string, revision: number | null }> }>"
        )
    )]
    pub laden_legal: Value,
    pub laden_withdrawal: Option<WcWithdrawal>,
    /// The order's e-mails (only on a single order's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub laden_mails: Option<Vec<WcMail>>,
    /// The order's invoices and cancellation invoices (only on a single order's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub laden_invoices: Option<Vec<super::laden::InvoiceOut>>,
}

/// `GET /wc/v3/reports/top_sellers`: a product and the units sold in the period.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTopSeller {
    pub title: String,
    pub product_id: i64,
    pub quantity: i64,
}

/// `GET /wc/v3/orders/{id}/notes/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcNote {
    pub id: i64,
    pub author: String,
    pub date_created: String,
    pub date_created_gmt: String,
    pub note: String,
    pub customer_note: bool,
}
