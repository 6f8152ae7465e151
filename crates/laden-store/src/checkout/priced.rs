//! A cart priced for its order, without the database: each line as sold (Grundpreis, delivery
//! time, tax rate, purchase note, unit price), the totals under the shop's tax regime, and what
//! an invoice issued with the order is made from.

use super::{initial_status, CheckoutInput};
use crate::models::Product;
use crate::now;
use laden_domain::settings::ShopSettings;
use laden_domain::supply::Supply;
use laden_domain::totals::{CartLine, Totals};

/// A cart priced for its order: the lines as sold, their coupons and the totals.
pub(super) struct Priced {
    pub(super) lines: Vec<(Product, i64)>,
    /// The variations' variable products among the lines.
    pub(super) parents: Vec<Product>,
    pub(super) cart_lines: Vec<CartLine>,
    pub(super) sold: Vec<SoldAs>,
    pub(super) coupons: Vec<crate::Coupon>,
    pub(super) totals: Totals,
    pub(super) supply: Supply,
    /// The shipping methods offered and the one taken.
    pub(super) shipping: laden_domain::shipping::Choice,
}

impl Priced {
    /// What the lines ask the shopper to agree to (a variation's with its parent's).
    pub(super) fn special_goods(&self) -> laden_domain::special_goods::Demands {
        let special: Vec<(String, laden_domain::special_goods::Special)> = self
            .lines
            .iter()
            .map(|(p, _)| (p.name.clone(), p.special(parent_of(p, &self.parents))))
            .collect();
        laden_domain::special_goods::Demands::of(
            special
                .iter()
                .map(|(name, s)| laden_domain::special_goods::Line { name, special: s }),
        )
    }

    /// The totals under the shop's tax regime: a small business's without VAT (§19 UStG); a
    /// tax-free supply's (an export, an intra-community supply) net, its lines' unit prices net
    /// too.
    pub(super) fn tax_regime(mut self, shop: &ShopSettings) -> Self {
        if shop.small_business {
            self.totals = self.totals.without_vat();
        } else if !self.supply.taxed() && self.cart_lines.len() == self.sold.len() {
            let (units, net) = self.totals.reverse_charged(&self.cart_lines);
            for (line, unit) in self.sold.iter_mut().zip(units) {
                line.unit_price = unit.price.cents();
                line.deposit_charged = unit.deposit.cents();
            }
            self.totals = net;
        }
        self
    }
}

/// The product of a line's parent (a variation's variable product) among `parents`.
pub(super) fn parent_of<'a>(p: &Product, parents: &'a [Product]) -> Option<&'a Product> {
    p.parent_id
        .and_then(|id| parents.iter().find(|x| x.id == id))
}

/// Each line as sold: its Grundpreis, delivery time (the product's, else its delivery
/// `country`'s), tax rate, purchase note, unit price and deposit, as the shopper saw them (a
/// variation's with its parent's).
pub(super) fn sold_as(
    lines: &[(Product, i64)],
    parents: &[Product],
    shop: &ShopSettings,
    country: &str,
    tax_free: bool,
    rates: &laden_domain::vat_rates::Rates,
) -> Vec<SoldAs> {
    lines
        .iter()
        .map(|(p, _)| {
            let parent = parent_of(p, parents);
            let unit_pricing = match (p.unit_pricing(parent), p.price) {
                (Some(u), Some(price)) => serde_json::json!({ "price": u.reference_price(price).cents(), "base": u.base_label(), "content": u.content_label() }),
                _ => serde_json::Value::Null,
            };
            let stated = p.delivery(parent);
            let own = stated.to(&country.to_ascii_uppercase());
            let delivery_time = if own.is_empty() { shop.delivery_time_for(country).to_owned() } else { own.to_owned() };
            // A small business (§19 UStG) charges no VAT, nor does a tax-free supply.
            let margin = p.margin_scheme(parent);
            let tax_rate = if shop.small_business || tax_free { laden_domain::VatRate::ZERO } else { p.cart_line(1, None, margin).map_or(laden_domain::VatRate::ZERO, |l| l.taxed_at(rates).rate()) };
            // A variation without a note of its own shows its parent's.
            let purchase_note = match (&p.details.purchase_note, parent) {
                (own, Some(parent)) if own.is_empty() => parent.details.purchase_note.clone(),
                (own, _) => own.clone(),
            };
            let unit_price = p.price.map_or(0, |m| m.cents());
            let mut deposit = p.deposit(parent, &shop.deposit_types);
            if let Some(d) = deposit.as_mut() {
                p.deposit_at(d, rates, margin);
            }
            let deposit_charged = deposit.as_ref().map_or(0, |d| d.per_item().cents());
            let service = p.details.is_virtual || p.details.downloadable;
            SoldAs { unit_pricing, delivery_time, tax_rate, purchase_note, unit_price, deposit, deposit_charged, margin, service }
        })
        .collect()
}

/// What an invoice issued with the order is made from: all of it what this checkout writes.
pub(super) fn invoice_sale<'a>(
    order_id: i64,
    input: &'a CheckoutInput,
    priced: &'a Priced,
) -> crate::invoices::Sale<'a> {
    crate::invoices::Sale {
        order_id,
        created_at: now(),
        status: initial_status(&input.payment_method),
        payment_method: &input.payment_method,
        billing: &input.billing,
        shipping: &input.shipping,
        needs_shipping: priced.lines.iter().any(|(p, _)| !p.details.is_virtual),
        vat_id: &input.vat_id,
        supply: priced.supply.clone(),
        lines: laden_domain::invoice::SoldLine::with_deposits(
            priced
                .lines
                .iter()
                .zip(&priced.sold)
                .map(|((p, qty), sold)| {
                    (
                        laden_domain::invoice::SoldLine {
                            name: p.name.clone(),
                            sku: p.sku.clone().unwrap_or_default(),
                            // As the order item keeps them (`decode::item_from_row`).
                            options: match p.parent_id {
                                Some(_) => crate::models::sold_options(p.attributes.clone()),
                                None => Vec::new(),
                            },
                            quantity: *qty,
                            unit_gross: laden_domain::Money::from_cents(sold.unit_price),
                            gross: laden_domain::Money::from_cents(sold.unit_price * qty),
                            rate: sold.tax_rate,
                            deposit: false,
                            margin: sold.margin,
                            service: sold.service,
                        },
                        sold.deposit
                            .as_ref()
                            .map(|d| (laden_domain::Money::from_cents(sold.deposit_charged), d)),
                    )
                }),
        ),
        coupon_codes: priced.coupons.iter().map(|c| c.code.clone()).collect(),
        discount: priced.totals.discount,
        shipping_total: priced.totals.shipping,
        shipping_method: priced
            .shipping
            .chosen
            .as_ref()
            .map_or("", |r| r.title.as_str()),
        taxes: priced.totals.vat.clone(),
        total: priced.totals.total,
    }
}

/// An order line as the shopper saw it: Grundpreis, Lieferzeit, rate, note, price and deposit.
pub(super) struct SoldAs {
    /// The unit price charged (without VAT for a reverse-charge supply).
    pub(super) unit_price: i64,
    pub(super) unit_pricing: serde_json::Value,
    pub(super) delivery_time: String,
    pub(super) tax_rate: laden_domain::VatRate,
    pub(super) purchase_note: String,
    /// The deposit on each item: its type as it is now, and the amount charged (net for a
    /// reverse-charge supply).
    pub(super) deposit: Option<laden_domain::pricing::deposit::Deposit>,
    pub(super) deposit_charged: i64,
    /// Sold under the margin scheme (§ 25a UStG).
    pub(super) margin: bool,
    /// A service (a virtual or downloadable product), not goods.
    pub(super) service: bool,
}
