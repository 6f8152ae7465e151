//! An order's amounts as WooCommerce answers them: line items net with their VAT beside
//! (before and after the coupons), a shipping line, and one tax line a VAT rate. Laden keeps
//! orders gross; `laden_domain::invoice::net_breakdown` works the nets out as the invoice does,
//! so the lines' and shipping's VAT add up to the order's `total_tax` and nets plus VAT to
//! its `total`, to the cent.

use super::setup::{rate_id, rate_name};
use crate::error::ApiResult;
use crate::wire::wc::{
    WcFeeLine, WcItemMeta, WcLineImage, WcLineItem, WcLineTax, WcMeta, WcShippingLine, WcTaxLine,
};
use crate::wire::Catalog;
use crate::AppState;
use laden_domain::i18n::t;
use laden_domain::invoice::{net_breakdown, Charged, NetBreakdown};
use laden_domain::{Money, TaxClass, VatRate};
use laden_store::{ItemProduct, Media, PlacedOrder, StoreError};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// What the lines of some orders show of their products as they are now (WooCommerce reads
/// them at answering too): the picture and a variation's product's name, in two queries.
pub(super) struct LineProducts<'a> {
    site_url: &'a str,
    products: HashMap<i64, ItemProduct>,
    media: BTreeMap<i64, Media>,
    /// The shop's own member-state rates (`PUT taxes/{id}`), so a line charged at one is named
    /// by its class and rate row as a line at the table's rate is.
    own_rates: Vec<laden_domain::vat_rates::OwnRate>,
}

impl<'a> LineProducts<'a> {
    pub(super) async fn load(state: &'a AppState, orders: &[PlacedOrder]) -> ApiResult<Self> {
        let mut ids: Vec<i64> = orders
            .iter()
            .flat_map(|o| o.items.iter().map(|i| i.product_id))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let products = state.store.item_products(&ids).await?;
        let pictures: Vec<i64> = products.values().filter_map(|p| p.image_id).collect();
        Ok(LineProducts {
            site_url: &state.config.site_url,
            media: state.store.media_by_ids(&pictures).await?,
            products,
            own_rates: state.store.settings().await?.shop.vat_rates,
        })
    }

    /// The full-size picture, as WooCommerce's `image` (id 0 and no address for none).
    fn image(&self, product_id: i64) -> WcLineImage {
        let catalog = Catalog::plain(self.site_url, &self.media, &[]);
        self.products
            .get(&product_id)
            .and_then(|p| p.image_id)
            .and_then(|id| Some((id, catalog.image(id)?.src)))
            .map_or(
                WcLineImage {
                    id: 0,
                    src: String::new(),
                },
                |(id, src)| WcLineImage { id, src },
            )
    }

    fn parent_name(&self, product_id: i64) -> Option<String> {
        self.products.get(&product_id)?.parent_name.clone()
    }
}

/// The order's amounts in WooCommerce's shape.
pub(super) struct Amounts {
    pub line_items: Vec<WcLineItem>,
    pub fee_lines: Vec<WcFeeLine>,
    pub tax_lines: Vec<WcTaxLine>,
    pub shipping_lines: Vec<WcShippingLine>,
    pub shipping_total: String,
    pub shipping_tax: String,
    pub cart_tax: String,
}

pub(super) fn amounts(order: &PlacedOrder, products: &LineProducts<'_>) -> ApiResult<Amounts> {
    let lines = order.sold_lines();
    let taxes = order.vat_lines().map_err(StoreError::from)?;
    let supply = order.supply();
    let net = net_breakdown(&Charged {
        lines: &lines,
        discount: Money::from_cents(order.discount_total),
        shipping: Money::from_cents(order.shipping_total),
        taxes: &taxes,
        // The order's VAT lines say what was charged (none for a small business).
        small_business: false,
        supply: &supply,
    });
    let cart_tax = net.lines.iter().map(|l| l.total_vat).sum::<Money>();
    let place = Place::of(&supply, &products.own_rates);
    Ok(Amounts {
        line_items: line_items(order, &net, products, &place),
        fee_lines: fee_lines(order, &lines, &net, &place),
        tax_lines: tax_lines(&net, &place),
        shipping_lines: shipping_lines(order, &net, &place),
        shipping_total: net.shipping_net.to_decimal_string(),
        shipping_tax: net.shipping_vat.to_decimal_string(),
        cart_tax: cart_tax.to_decimal_string(),
    })
}

/// Where an order was taxed: Germany, or the member state whose VAT it charged (One-Stop-Shop),
/// with that place's rates, to name a line's class and rate row by the rate it kept.
struct Place<'a> {
    country: Option<String>,
    rates: laden_domain::vat_rates::Rates,
    own: &'a [laden_domain::vat_rates::OwnRate],
}

impl<'a> Place<'a> {
    fn of(
        supply: &laden_domain::supply::Supply,
        own: &'a [laden_domain::vat_rates::OwnRate],
    ) -> Place<'a> {
        Place {
            country: match supply {
                laden_domain::supply::Supply::Destination(c) => Some(c.clone()),
                _ => None,
            },
            rates: laden_domain::vat_rates::for_supply(supply, own),
            own,
        }
    }

    /// The class a line's kept rate is of there: goods sold without VAT read as `zero-rate`, a
    /// rate no class has (any more) as standard.
    fn class(&self, rate: VatRate) -> &'static str {
        TaxClass::ALL
            .into_iter()
            .find(|&c| self.rates.rate(c) == rate)
            .or_else(|| TaxClass::of_rate(rate))
            .unwrap_or_default()
            .woo_slug()
    }

    fn rate_id(&self, rate: VatRate) -> Option<i64> {
        rate_id(self.country.as_deref(), rate, self.own)
    }
}

/// A line's or shipping's VAT at `rate`, by the rate's id (none where there is no VAT).
fn taxes_at(place: &Place<'_>, rate: VatRate, total: Money, subtotal: Money) -> Vec<WcLineTax> {
    place
        .rate_id(rate)
        .filter(|_| total != Money::ZERO || subtotal != Money::ZERO)
        .map(|id| WcLineTax {
            id,
            total: total.to_decimal_string(),
            subtotal: subtotal.to_decimal_string(),
        })
        .into_iter()
        .collect()
}

fn line_items(
    order: &PlacedOrder,
    net: &NetBreakdown,
    products: &LineProducts<'_>,
    place: &Place<'_>,
) -> Vec<WcLineItem> {
    order
        .items
        .iter()
        .zip(&net.lines)
        .zip(1..)
        .map(|((it, n), id)| WcLineItem {
            id,
            name: it.name.clone(),
            parent_name: products.parent_name(it.product_id),
            image: products.image(it.product_id),
            product_id: it.parent_id.unwrap_or(it.product_id),
            variation_id: if it.parent_id.is_some() {
                it.product_id
            } else {
                0
            },
            quantity: it.quantity,
            // A line keeps its rate, not its product's class (which may have changed since).
            tax_class: place.class(it.tax_rate),
            subtotal: n.subtotal.to_decimal_string(),
            subtotal_tax: n.subtotal_vat.to_decimal_string(),
            total: n.total.to_decimal_string(),
            total_tax: n.total_vat.to_decimal_string(),
            taxes: taxes_at(place, n.rate, n.total_vat, n.subtotal_vat),
            sku: it.sku.clone(),
            price: n.total.cents() as f64 / 100.0 / it.quantity.max(1) as f64,
            laden_unit_price: serde_json::to_value(&it.unit_pricing)
                .unwrap_or(serde_json::Value::Null),
            laden_delivery_time: it.delivery_time.clone(),
            meta_data: it
                .variation
                .iter()
                .zip(1..)
                .map(|((attribute, value), n)| WcItemMeta {
                    id: id * 100 + n,
                    key: laden_domain::text::slugify(attribute),
                    value: value.clone(),
                    display_key: attribute.clone(),
                    display_value: value.clone(),
                })
                .collect(),
        })
        .collect()
}

/// The deposits as fee lines: the sold lines after the goods (`PlacedOrder::sold_lines`), each
/// with the id of its place among them, and its deposit type as sold in `meta_data`.
fn fee_lines(
    order: &PlacedOrder,
    lines: &[laden_domain::invoice::SoldLine],
    net: &NetBreakdown,
    place: &Place<'_>,
) -> Vec<WcFeeLine> {
    lines
        .iter()
        .zip(&net.lines)
        .zip(1..)
        .skip(order.items.len())
        .filter_map(|((l, n), id)| {
            let (item, _) = order.line_of(u32::try_from(id).ok()?)?;
            let d = item.deposit_as_sold.as_ref()?;
            let meta = [
                ("laden_deposit_type", Value::from(d.name.clone())),
                ("laden_deposit_packaging", Value::from(d.packaging.as_str())),
                (
                    "laden_deposit_amount",
                    Value::from(d.amount.to_decimal_string()),
                ),
                ("laden_deposit_units", Value::from(d.units)),
            ];
            Some(WcFeeLine {
                id,
                name: l.name.clone(),
                tax_class: place.class(l.rate),
                tax_status: "taxable",
                amount: n.total.to_decimal_string(),
                total: n.total.to_decimal_string(),
                total_tax: n.total_vat.to_decimal_string(),
                taxes: taxes_at(place, n.rate, n.total_vat, n.subtotal_vat),
                meta_data: meta
                    .into_iter()
                    .zip(1..)
                    .map(|((key, value), m)| WcMeta::new(id * 100 + m, key, value))
                    .collect(),
                laden_quantity: item.quantity,
            })
        })
        .collect()
}

fn tax_lines(net: &NetBreakdown, place: &Place<'_>) -> Vec<WcTaxLine> {
    let (label, rate_code) = rate_name();
    net.rates
        .iter()
        .zip(1..)
        .map(|(r, id)| WcTaxLine {
            id,
            rate_code: rate_code.clone(),
            rate_id: place.rate_id(r.rate).unwrap_or(0),
            label: label.clone(),
            compound: false,
            tax_total: r.goods_vat.to_decimal_string(),
            shipping_tax_total: r.shipping_vat.to_decimal_string(),
            rate_percent: r.rate,
            meta_data: Vec::new(),
        })
        .collect()
}

/// Shipping as one line: the flat rate, or free shipping where the order paid none; none for an
/// order with nothing to ship.
fn shipping_lines(
    order: &PlacedOrder,
    net: &NetBreakdown,
    place: &Place<'_>,
) -> Vec<WcShippingLine> {
    if !order.needs_shipping && order.shipping_total == 0 {
        return Vec::new();
    }
    // The method chosen (`local_pickup:104`), or for an order placed before methods were
    // chosen, the one its cost tells.
    let (method_id, instance_id, title) = match order.shipping_method.split_once(':') {
        Some((id, instance)) => (
            id.to_owned(),
            instance.to_owned(),
            order.shipping_method_title.clone(),
        ),
        None if order.shipping_total == 0 => {
            ("free_shipping".into(), "0".into(), t("Free shipping"))
        }
        None => ("flat_rate".into(), "0".into(), t("Flat rate")),
    };
    let taxes = net
        .rates
        .iter()
        .filter(|r| r.shipping_vat != Money::ZERO)
        .flat_map(|r| taxes_at(place, r.rate, r.shipping_vat, r.shipping_vat))
        .collect();
    vec![WcShippingLine {
        id: 1,
        method_title: title,
        method_id,
        instance_id,
        total: net.shipping_net.to_decimal_string(),
        total_tax: net.shipping_vat.to_decimal_string(),
        taxes,
        meta_data: Vec::new(),
    }]
}
