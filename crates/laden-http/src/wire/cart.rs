//! The Store API's cart, its coupons, an order and a category, typed: what `GET /cart`,
//! `/cart/coupons`, `/order/{id}` and `/products/categories` answer (WooCommerce's shapes, every
//! amount in cents as a string, with Laden's additions under `extensions.laden`). The order
//! received page carries the same [`StoreOrder`] in its page data.

use super::store::{Currency, DepositInfo, Image, PriceRange, SpecialGoods, UnitPrice};
use laden_domain::VatRate;
use serde::Serialize;
use serde_json::Value;

/// An object with no fields (`{}`), where WooCommerce answers one.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Empty {}

pub use laden_domain::address::Address;

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct QuantityLimits {
    pub minimum: i64,
    pub maximum: i64,
    pub multiple_of: i64,
    pub editable: bool,
}

/// Prices with six decimals, as WooCommerce adds them to a cart item.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RawPrices {
    pub precision: i64,
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ItemPrices {
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
    pub price_range: Option<PriceRange>,
    pub raw_prices: RawPrices,
    #[serde(flatten)]
    pub currency: Currency,
}

/// A cart line's totals: net, and the VAT apart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LineTotals {
    pub line_subtotal: String,
    pub line_subtotal_tax: String,
    pub line_total: String,
    pub line_total_tax: String,
    #[serde(flatten)]
    pub currency: Currency,
}

/// One chosen attribute of a variation in the cart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ItemVariation {
    pub attribute: String,
    pub value: String,
}

/// Laden's additions to a cart line (`extensions.laden`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenCartItem {
    pub tax_rate: laden_domain::VatRate,
    /// The line's gross total in cents (the Store API's totals are net).
    pub line_total_gross: String,
    pub unit_price: Option<UnitPrice>,
    /// Lieferzeit as the product states it (empty: the shop's default).
    pub delivery_time: String,
    /// A variation's product (0: none), and the product's cross-sells (the cart suggests them).
    pub parent: i64,
    pub cross_sell_ids: Vec<i64>,
    /// Downloadable: the checkout offers the waiver for digital content.
    pub downloadable: bool,
    /// Defects, used goods, minimum age: the checkout asks the shopper to agree to them.
    pub special: SpecialGoods,
    /// The deposit on each item, beside the price (null: none).
    pub deposit: Option<DepositInfo>,
    /// Said in place of "inkl. MwSt." (goods under the margin scheme, § 25a UStG; null: none).
    pub tax_notice: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartItemExtensions {
    pub laden: LadenCartItem,
}

/// A line of the cart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartItem {
    pub key: String,
    pub id: i64,
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'simple' | 'variable' | 'variation'"))]
    pub kind: &'static str,
    pub quantity: u32,
    pub quantity_limits: QuantityLimits,
    pub name: String,
    pub short_description: String,
    pub description: String,
    pub sku: String,
    pub low_stock_remaining: Option<i64>,
    pub backorders_allowed: bool,
    pub show_backorder_badge: bool,
    pub sold_individually: bool,
    pub permalink: String,
    pub images: Vec<Image>,
    pub variation: Vec<ItemVariation>,
    pub item_data: Vec<Value>,
    pub prices: ItemPrices,
    pub totals: LineTotals,
    pub catalog_visibility: &'static str,
    pub extensions: CartItemExtensions,
}

/// A fee's amount, net with its VAT apart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FeeTotals {
    pub total: String,
    pub total_tax: String,
    #[serde(flatten)]
    pub currency: Currency,
}

/// A fee of a cart or an order (WooCommerce's `fees`): Laden's are the deposits (Pfand), one for
/// each line whose goods carry one.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Fee {
    pub key: String,
    pub name: String,
    pub totals: FeeTotals,
}

/// One VAT rate's tax (`"MwSt. 19 %"`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct TaxLine {
    pub name: String,
    pub price: String,
    pub rate: String,
}

impl TaxLine {
    pub fn new(rate: VatRate, vat_cents: i64) -> TaxLine {
        TaxLine {
            name: format!("MwSt. {} %", rate.german()),
            price: vat_cents.to_string(),
            rate: format!("{}%", rate.decimal()),
        }
    }
}

/// The cart's gross amounts (`totals.extensions.laden`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenCartTotals {
    pub total_items_gross: String,
    pub total_shipping_gross: String,
    pub total_discount_gross: String,
    /// The deposits (Pfand), gross.
    pub total_fees_gross: String,
    /// Why the cart charges no VAT where it is a tax-free supply (a delivery outside the EU, goods
    /// to a business in another member state with its VAT id: every amount net), in German;
    /// none otherwise.
    pub tax_free_notice: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartTotalsExtensions {
    pub laden: LadenCartTotals,
}

/// The cart's totals: goods before discounts, discount, shipping, each net with its VAT apart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartTotals {
    pub total_items: String,
    pub total_items_tax: String,
    pub total_fees: String,
    pub total_fees_tax: String,
    pub total_discount: String,
    pub total_discount_tax: String,
    pub total_shipping: String,
    pub total_shipping_tax: String,
    pub total_price: String,
    pub total_tax: String,
    pub tax_lines: Vec<TaxLine>,
    pub extensions: CartTotalsExtensions,
    #[serde(flatten)]
    pub currency: Currency,
}

/// Where a cart ships to (only the country decides its costs).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Destination {
    pub country: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ShippingRate {
    pub rate_id: String,
    pub name: String,
    pub description: String,
    pub delivery_time: String,
    pub price: String,
    pub taxes: String,
    pub method_id: &'static str,
    pub instance_id: i64,
    pub meta_data: Vec<Value>,
    pub selected: bool,
    #[serde(flatten)]
    pub currency: Currency,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PackageItem {
    pub key: String,
    pub name: String,
    pub quantity: u32,
}

/// The one shipment a cart makes, with its rate.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ShippingPackage {
    pub package_id: i64,
    pub name: String,
    pub destination: Destination,
    pub items: Vec<PackageItem>,
    pub shipping_rates: Vec<ShippingRate>,
}

/// A coupon's discount, net with its VAT apart.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CouponTotals {
    pub total_discount: String,
    pub total_discount_tax: String,
    #[serde(flatten)]
    pub currency: Currency,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenCartCoupon {
    pub total_discount_gross: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartCouponExtensions {
    pub laden: LadenCartCoupon,
}

/// A coupon that applies to the cart (`GET /cart/coupons`, and the cart's `coupons`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CartCoupon {
    pub code: String,
    #[cfg_attr(test, ts(type = "'percent' | 'fixed_cart'"))]
    pub discount_type: &'static str,
    pub totals: CouponTotals,
    pub extensions: CartCouponExtensions,
}

/// The cart as `GET /wc/store/v1/cart` (and every cart write) answers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreCart {
    pub items: Vec<CartItem>,
    pub coupons: Vec<CartCoupon>,
    pub fees: Vec<Fee>,
    pub totals: CartTotals,
    pub shipping_address: Destination,
    pub billing_address: Empty,
    pub needs_payment: bool,
    pub needs_shipping: bool,
    pub payment_requirements: Vec<&'static str>,
    pub has_calculated_shipping: bool,
    pub shipping_rates: Vec<ShippingPackage>,
    pub items_count: u32,
    pub items_weight: i64,
    pub cross_sells: Vec<Value>,
    pub errors: Vec<Value>,
    pub payment_methods: Vec<String>,
    pub extensions: Empty,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderItemPrices {
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
    #[serde(flatten)]
    pub currency: Currency,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderLineTotals {
    pub line_total: String,
    pub line_total_tax: String,
    #[serde(flatten)]
    pub currency: Currency,
}

/// Laden's additions to an order line: what was stated when it was sold.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenOrderItem {
    pub tax_rate: laden_domain::VatRate,
    /// The Grundpreis as sold, `{price, base, content}`, as the order keeps it (null: none).
    pub unit_price: Value,
    pub delivery_time: String,
    /// The product's purchase note as sold (safe HTML; empty: none).
    pub purchase_note: String,
    /// The deposit charged on each item (null: none).
    pub deposit: Option<DepositInfo>,
    /// Sold under the margin scheme (§ 25a UStG): what is said in place of the VAT (null: none).
    pub tax_notice: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderItemExtensions {
    pub laden: LadenOrderItem,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderItem {
    pub id: i64,
    pub name: String,
    pub sku: String,
    /// A variation's options as sold (its "any" ones as chosen), as the Store API's cart lines.
    pub variation: Vec<ItemVariation>,
    pub quantity: i64,
    pub prices: OrderItemPrices,
    pub totals: OrderLineTotals,
    pub extensions: OrderItemExtensions,
}

/// A coupon the order redeemed.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderCoupon {
    pub code: String,
    pub totals: CouponTotals,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderTotals {
    pub subtotal: String,
    pub total_items: String,
    pub total_items_tax: String,
    pub total_discount: String,
    pub total_discount_tax: String,
    pub total_shipping: String,
    pub total_shipping_tax: String,
    pub total_fees: String,
    pub total_fees_tax: String,
    pub total_tax: String,
    pub total_refund: String,
    pub total_price: String,
    pub tax_lines: Vec<TaxLine>,
    #[serde(flatten)]
    pub currency: Currency,
}

/// Laden's additions to an order: the legal texts accepted, and a withdrawal (§356a BGB).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenOrder {
    /// The checkboxes accepted at checkout, as the order keeps them:
    /// `[{id, text, pages: [{slug, title, revision}]}]`.
    pub legal: Value,
    pub withdrawn_at: Option<String>,
    /// The files the order may download (once paid), with their links.
    pub downloads: Vec<OrderDownload>,
    /// Its invoices and cancellation invoices, with the customer's download links.
    pub invoices: Vec<OrderInvoice>,
    /// A business customer's VAT id; whether the order was charged without VAT (reverse charge).
    pub vat_id: String,
    pub reverse_charge: bool,
    /// Why the order charged no VAT, in German, where it is a tax-free supply (an
    /// intra-community supply, an export); `None` for an order taxed as usual.
    pub tax_free_notice: Option<String>,
    /// While the order awaits its payment (`needs_payment`): where the shopper pays it, within
    /// the site (the order-pay page of `wc/v3`'s `payment_url`).
    pub pay_url: Option<String>,
    /// The shipping method as chosen at checkout, by its title („Express“, „Abholung im
    /// Laden“); empty where the order recorded none.
    pub shipping_method: String,
}

/// An invoice of the order as its customer downloads it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderInvoice {
    pub number: String,
    /// `invoice` or `cancellation`.
    pub kind: String,
    /// "Rechnung" or "Stornorechnung".
    pub title: String,
    /// Issue date, German time.
    pub date: String,
    pub url: String,
}

/// One file of a paid order: its link, the downloads left and until when.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderDownload {
    pub product_id: i64,
    pub product_name: String,
    pub name: String,
    pub url: String,
    /// `None`: unlimited.
    pub downloads_remaining: Option<i64>,
    /// ISO date-time; `None`: never.
    pub access_expires: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderExtensions {
    pub laden: LadenOrder,
}

/// An order as `GET /wc/store/v1/order/{id}` answers it, and the order received page shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreOrder {
    pub id: i64,
    pub order_key: String,
    pub order_number: String,
    pub status: String,
    pub date_created: String,
    pub items: Vec<OrderItem>,
    pub coupons: Vec<OrderCoupon>,
    pub fees: Vec<Fee>,
    pub totals: OrderTotals,
    pub shipping_address: Address,
    pub billing_address: Address,
    pub payment_method: String,
    pub payment_method_title: String,
    pub customer_note: String,
    pub needs_payment: bool,
    pub needs_shipping: bool,
    pub payment_requirements: Vec<&'static str>,
    pub errors: Vec<Value>,
    pub extensions: OrderExtensions,
}

/// A product category as `GET /wc/store/v1/products/categories` answers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreCategory {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent: i64,
    pub count: i64,
    pub image: Option<Image>,
    pub review_count: i64,
    pub permalink: String,
}
