//! What a cart line is and what a cart may hold: the cart's types, a line's key and view, the
//! variation an add-item names, the stock limit and the totals. No database access here; the
//! store's cart methods (`cart/mod.rs`) load and write.

use crate::error::{Missing, Result, StoreError};
use crate::models::{Product, ProductKind, HOME_COUNTRY};
use laden_domain::pricing::deposit;
use laden_domain::supply::Supply;
use laden_domain::totals::{net_of, CartLine, Totals};
use laden_domain::Quantity;
use serde::Serialize;

/// One attribute choice sent with add-item: `{attribute, value}`.
#[derive(Debug, Clone, serde::Deserialize, Serialize)]
pub struct VariationChoice {
    pub attribute: String,
    pub value: String,
}

pub struct AddItem {
    pub product_id: i64,
    pub quantity: Quantity,
    pub variation: Vec<VariationChoice>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CartItemView {
    pub key: String,
    pub quantity: u32,
    pub product: Product,
    /// The chosen attribute values of a variation, in the parent's attribute order.
    pub variation: Vec<VariationChoice>,
    /// The parent's slug, for links (variations have none of their own).
    pub permalink_slug: Option<String>,
    /// Grundpreis data in force (a variation's with its parent's unit).
    #[serde(skip)]
    pub unit_pricing: Option<laden_domain::UnitPricing>,
    /// The delivery time the product states (a variation's, else its parent's), else its delivery
    /// country's zone's; empty: the shop's default.
    pub delivery_time: String,
    /// The delivery times it states for some countries (`Product::delivery_times`): the one of
    /// the delivery country comes before the above.
    #[serde(skip)]
    pub delivery_times: laden_domain::delivery::ByCountry,
    /// The product's cross-sells (a variation's parent's).
    pub cross_sell_ids: Vec<i64>,
    /// Downloadable (or a variation of a downloadable product): the digital waiver applies.
    pub downloadable: bool,
    /// Defects, used goods, minimum age: what the checkout has the shopper agree to.
    #[serde(skip)]
    pub special: laden_domain::special_goods::Special,
    /// The deposit the product states (a variation's, else its parent's), and what it charges
    /// on each item among the shop's deposit types (set with the totals).
    #[serde(skip)]
    pub deposit_stated: deposit::ProductDeposit,
    pub deposit: Option<deposit::Deposit>,
    /// What one item weighs in the parcel (`Product::shipped_grams`).
    #[serde(skip)]
    pub grams: i64,
    /// The shipping class it is sent in (`Product::shipped_class`; empty: none).
    #[serde(skip)]
    pub shipping_class: String,
    /// Sold under the margin scheme (§ 25a UStG): no VAT shown on it (a variation's product's).
    pub margin: bool,
    /// The rates the cart is taxed at: the German ones, or its destination's (One-Stop-Shop;
    /// set with the totals).
    #[serde(skip)]
    pub rates: laden_domain::vat_rates::Rates,
}

impl CartItemView {
    /// The item as a line of the totals: its quantity, its deposit, the margin scheme, the
    /// cart's rates.
    pub fn line(&self) -> Option<CartLine> {
        self.product
            .cart_line(self.quantity, self.deposit.as_ref(), self.margin)
            .map(|l| l.taxed_at(&self.rates))
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CartView {
    pub token: String,
    pub revision: i64,
    pub items: Vec<CartItemView>,
    pub totals: Totals,
    /// The payment methods the shop offers (read with the shipping rule, one settings read).
    pub payment_methods: Vec<String>,
    /// The delivery country the totals are for (the shop's home until the shopper names one).
    pub shipping_country: String,
    /// The zone's methods offered for what the cart holds, and the one it takes.
    #[serde(skip)]
    pub shipping: laden_domain::shipping::Choice,
    /// The coupons that apply now, in the order applied; `totals.discounts` follows it.
    pub coupons: Vec<crate::Coupon>,
    /// How the cart is taxed: priced net where its supply is tax-free (an export, § 4 Nr. 1a,
    /// § 6 UStG; goods to a business in another member state, § 4 Nr. 1b, § 6a UStG): every
    /// price, the items' included, without the VAT it contains.
    #[serde(skip)]
    pub supply: Supply,
}

impl CartView {
    /// The cart priced as a tax-free `supply`: each line's unit price (its regular and sale price
    /// too) and deposit without their VAT, the totals as the order will charge them
    /// (`Totals::reverse_charged`, the checkout's own rule), so what the cart shows is what the
    /// order costs.
    pub(super) fn tax_free(mut self, supply: Supply) -> Self {
        let priced: Vec<(usize, CartLine)> = self
            .items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| item.line().map(|l| (i, l)))
            .collect();
        let lines: Vec<CartLine> = priced.iter().map(|(_, l)| l.clone()).collect();
        let (units, totals) = self.totals.reverse_charged(&lines);
        for ((i, line), unit) in priced.iter().zip(units) {
            let rate = line.rate();
            let item = &mut self.items[*i];
            let p = &mut item.product;
            p.price = Some(unit.price);
            p.regular_price = p.regular_price.map(|m| net_of(m, rate));
            p.sale_price = p.sale_price.map(|m| net_of(m, rate));
            if let Some(d) = item.deposit.as_mut() {
                // Per unit where that adds up to the line's net deposit, else as one amount.
                let per_unit = net_of(d.amount, rate);
                if per_unit.cents() * i64::from(d.units) == unit.deposit.cents() {
                    d.amount = per_unit;
                } else {
                    d.amount = unit.deposit;
                    d.units = 1;
                }
            }
        }
        self.totals = totals;
        self.supply = supply;
        self
    }

    pub fn items_count(&self) -> u32 {
        self.items.iter().map(|i| i.quantity).sum()
    }
}

/// A cart item's key: stable per product, opaque to clients (32 hex digits, like WooCommerce's).
/// A cart line's key: its product and, for a variation with "any" attributes, the values chosen
/// for them (two sizes of one "any size" variation are two lines, as in WooCommerce).
pub(super) fn item_key(product_id: i64, any: &[(String, String)]) -> String {
    fn fnv(seed: u64, data: &[u8]) -> u64 {
        let mut h = seed;
        for b in data {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    }
    let mut data = format!("laden-cart-item:{product_id}");
    for (attribute, value) in any {
        data.push_str(&format!("\u{1f}{attribute}\u{1e}{value}"));
    }
    format!(
        "{:016x}{:016x}",
        fnv(0xcbf2_9ce4_8422_2325, data.as_bytes()),
        fnv(0x8422_2325_cbf2_9ce4, data.as_bytes())
    )
}

/// The values chosen for a variation's "any" attributes, as a cart line keeps them (JSON
/// `[[attribute, value], …]`, empty for none).
pub(super) fn any_json(any: &[(String, String)]) -> Result<String> {
    Ok(if any.is_empty() {
        String::new()
    } else {
        serde_json::to_string(any)?
    })
}

/// A variation as sold on a cart line: its "any" attributes given the values the line keeps
/// (`any_json`), so the cart, the order and its documents name them.
pub(crate) fn with_choices(mut product: Product, kept: &str) -> Result<Product> {
    if kept.is_empty() {
        return Ok(product);
    }
    let any: Vec<(String, String)> = serde_json::from_str(kept)?;
    for (name, value) in any {
        match product.attributes.iter_mut().find(|a| a.name == name) {
            Some(a) => a.options = vec![value],
            None => product.attributes.push(crate::models::Attribute {
                name,
                options: vec![value],
                variation: true,
                visible: true,
            }),
        }
    }
    Ok(product)
}

/// The values `item` chooses for the "any" attributes of `variation` (those of `parent`'s
/// variation attributes it gives no value), spelt as `parent` offers them; a choice missing or
/// not offered names no variation (as a choice no variation matches).
pub(super) fn any_of(
    variation: &Product,
    parent: &Product,
    item: &AddItem,
) -> Result<Vec<(String, String)>> {
    let own: Vec<(&str, Option<&str>)> = parent
        .attributes
        .iter()
        .filter(|a| a.variation)
        .map(|a| {
            let value = variation
                .attributes
                .iter()
                .find(|v| v.name == a.name)
                .and_then(|v| v.options.first())
                .map(String::as_str);
            (a.name.as_str(), value)
        })
        .collect();
    let offered: Vec<(&str, &[String])> = parent
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.options.as_slice()))
        .collect();
    let choices: Vec<(&str, &str)> = item
        .variation
        .iter()
        .map(|c| (c.attribute.as_str(), c.value.as_str()))
        .collect();
    laden_domain::variation::any_choices(&own, &offered, &choices)
        .ok_or(StoreError::InvalidVariation)
}

/// Finds the variation whose attributes match the choices; an empty variation value means "any"
/// (the rule: [`laden_domain::variation::matches`]).
fn match_variation<'a>(
    variations: &'a [Product],
    choices: &[VariationChoice],
) -> Option<&'a Product> {
    let chosen: Vec<(&str, &str)> = choices
        .iter()
        .map(|c| (c.attribute.as_str(), c.value.as_str()))
        .collect();
    variations.iter().find(|v| {
        laden_domain::variation::matches(
            v.attributes
                .iter()
                .map(|a| (a.name.as_str(), a.options.first().map(String::as_str))),
            &chosen,
        )
    })
}

/// The product add-item names, as sold: a variable product's variation (one of `variations`,
/// its published ones) chosen by the item's attributes.
pub(super) fn purchasable(
    product: Product,
    variations: &[Product],
    item: &AddItem,
) -> Result<Product> {
    if product.status != "publish" {
        return Err(StoreError::NotFound(Missing::Product));
    }
    let product = match product.kind {
        ProductKind::Variable => {
            if item.variation.is_empty() {
                return Err(StoreError::VariationRequired);
            }
            match_variation(variations, &item.variation)
                .cloned()
                .ok_or(StoreError::InvalidVariation)?
        }
        // A grouped product's children are added one by one; an external one is sold elsewhere.
        ProductKind::Grouped | ProductKind::External => {
            return Err(StoreError::NotPurchasable(product.id))
        }
        ProductKind::Simple | ProductKind::Variation => product,
    };
    if product.price.is_none() {
        return Err(StoreError::NotPurchasable(product.id));
    }
    Ok(product)
}

/// One line of a cart: the product as sold (a variation with its parent among `parents`).
pub(super) fn item_view(
    key: String,
    qty: i64,
    product: Product,
    parents: &[Product],
    parent_slug: Option<String>,
) -> CartItemView {
    let parent = product
        .parent_id
        .and_then(|pid| parents.iter().find(|p| p.id == pid));
    let unit_pricing = product.unit_pricing(parent);
    let laden_domain::delivery::Stated {
        default: delivery_time,
        by_country: delivery_times,
    } = product.delivery(parent);
    let cross_sell_ids = parent
        .map_or(&product.details.cross_sell_ids, |p| {
            &p.details.cross_sell_ids
        })
        .clone();
    let downloadable =
        product.details.downloadable || parent.is_some_and(|p| p.details.downloadable);
    let special = product.special(parent);
    let margin = product.margin_scheme(parent);
    let deposit_stated =
        deposit::ProductDeposit::of(&product.details.deposit, parent.map(|p| &p.details.deposit))
            .clone();
    let variation = parent
        .map(|parent| {
            parent
                .attributes
                .iter()
                .filter(|a| a.variation)
                .filter_map(|a| {
                    let own = product.attributes.iter().find(|v| v.name == a.name)?;
                    Some(VariationChoice {
                        attribute: a.name.clone(),
                        value: own.options.first().cloned().unwrap_or_default(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let permalink_slug = parent_slug.or_else(|| product.slug.clone());
    let grams = product.shipped_grams(parent);
    let shipping_class = product.shipped_class(parent).to_owned();
    CartItemView {
        key,
        quantity: u32::try_from(qty).unwrap_or(0),
        product,
        variation,
        permalink_slug,
        unit_pricing,
        delivery_time,
        delivery_times,
        cross_sell_ids,
        downloadable,
        special,
        deposit_stated,
        deposit: None,
        grams,
        shipping_class,
        margin,
        rates: laden_domain::vat_rates::german(),
    }
}

/// How much of `product` can be sold: none when it is marked out of stock, its stock when
/// stock is kept, else no limit.
/// A product that takes backorders has no limit.
fn available(product: &Product) -> i64 {
    if product.stock_status == "outofstock" {
        0
    } else if product.details.backorders.allowed() {
        i64::MAX
    } else {
        product.stock.unwrap_or(i64::MAX).max(0)
    }
}

/// Checks that a cart may hold `wanted` of `product`; answers the most it may hold (one of a
/// product sold individually).
pub(super) fn allowed(product: &Product, wanted: i64) -> Result<i64> {
    let limit = laden_domain::product_rules::line_limit(
        available(product).min(i64::from(Quantity::MAX)),
        product.details.sold_individually,
    );
    if wanted > limit {
        return Err(too_many(product));
    }
    Ok(limit)
}

/// The refusal of more of `product` than [`allowed`] gives: what the stock holds, or the
/// largest quantity a cart line takes when the stock is larger.
pub(super) fn too_many(product: &Product) -> StoreError {
    match available(product) {
        n if n > 0 && product.details.sold_individually => StoreError::SoldIndividually {
            name: product.name.clone(),
        },
        n if n < i64::from(Quantity::MAX) => StoreError::OutOfStock {
            product_id: product.id,
            name: product.name.clone(),
            available: n,
        },
        _ => StoreError::Quantity(laden_domain::QuantityError::TooLarge),
    }
}

pub(super) fn lines_of(items: &[CartItemView]) -> Vec<CartLine> {
    items.iter().filter_map(CartItemView::line).collect()
}

/// The cart's totals with its coupons (all of which apply), each line's deposit among the
/// shop's deposit `types`, taxed at `rates` (`supply`'s).
#[allow(clippy::too_many_arguments)]
pub(super) fn view(
    token: &str,
    revision: i64,
    mut items: Vec<CartItemView>,
    shipping: laden_domain::Money,
    coupons: Vec<crate::Coupon>,
    types: &[deposit::DepositType],
    supply: Supply,
    rates: laden_domain::vat_rates::Rates,
) -> CartView {
    let mut home = Vec::new();
    for item in &mut items {
        item.deposit = deposit::Deposit::of(types, &item.deposit_stated);
        // Its line at home rates: the shipping's shares are split as there.
        home.extend(
            item.product
                .cart_line(item.quantity, item.deposit.as_ref(), item.margin),
        );
        item.rates = rates;
        // Where the shop keeps net prices, the destination's VAT goes on the home net.
        item.product.price_at(&rates, item.margin);
        if let Some(d) = item.deposit.as_mut() {
            item.product.deposit_at(d, &rates, item.margin);
        }
    }
    let shipping = rates.shipping_price(shipping, &home);
    let lines = lines_of(&items);
    let discounts: Vec<laden_domain::Discount> =
        coupons.iter().map(crate::Coupon::discount).collect();
    let totals = laden_domain::totals::compute_with_discounts(&lines, shipping, &discounts);
    CartView {
        token: token.to_owned(),
        revision,
        items,
        totals,
        payment_methods: Vec::new(),
        shipping_country: HOME_COUNTRY.to_owned(),
        shipping: Default::default(),
        coupons,
        supply,
    }
}

/// What the shipped lines weigh (a line without a weight counts none) and the shipping classes
/// they are sent in (virtual goods are not sent).
pub(super) fn parcel_load(items: &[CartItemView]) -> laden_domain::shipping::Load {
    let mut load = laden_domain::shipping::Load::default();
    for i in items.iter().filter(|i| !i.product.details.is_virtual) {
        load.add(i.grams, i64::from(i.quantity), &i.shipping_class);
    }
    load
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::Attribute;

    fn variation(id: i64, attrs: &[(&str, &str)]) -> Product {
        Product {
            id,
            parent_id: Some(1),
            kind: ProductKind::Variation,
            name: String::new(),
            slug: None,
            sku: None,
            status: "publish".into(),
            featured: false,
            catalog_visibility: Default::default(),
            short_description: String::new(),
            description: String::new(),
            regular_price: None,
            sale_price: None,
            price: None,
            max_price: None,
            tax_class: laden_domain::TaxClass::Standard,
            stock: None,
            stock_status: "instock".into(),
            low_stock_amount: None,
            image_id: None,
            gallery: Vec::new(),
            attributes: attrs
                .iter()
                .map(|(n, v)| Attribute {
                    name: (*n).into(),
                    options: if v.is_empty() {
                        vec![]
                    } else {
                        vec![(*v).into()]
                    },
                    variation: true,
                    visible: true,
                })
                .collect(),
            attached: Default::default(),
            menu_order: 0,
            rating_count: 0,
            rating_sum: 0,
            total_sales: 0,
            seo_title: String::new(),
            seo_description: String::new(),
            created_at: 0,
            updated_at: 0,
            category_ids: Vec::new(),
            unit: Default::default(),
            delivery_time: String::new(),
            lowest_price: None,
            ..Product::default()
        }
    }

    fn choose(pairs: &[(&str, &str)]) -> Vec<VariationChoice> {
        pairs
            .iter()
            .map(|(a, v)| VariationChoice {
                attribute: (*a).into(),
                value: (*v).into(),
            })
            .collect()
    }

    #[test]
    fn matches_variations() {
        let vs = vec![
            variation(10, &[("Größe", "250 g"), ("Mahlgrad", "Ganze Bohne")]),
            variation(11, &[("Größe", "1 kg"), ("Mahlgrad", "")]),
        ];
        let cases: Vec<(Vec<VariationChoice>, Option<i64>)> = vec![
            (
                choose(&[("Größe", "250 g"), ("Mahlgrad", "Ganze Bohne")]),
                Some(10),
            ),
            (
                choose(&[
                    ("attribute_pa_groesse", "1 kg"),
                    ("pa_mahlgrad", "Espresso"),
                ]),
                Some(11),
            ),
            (
                choose(&[("groesse", "250 g"), ("mahlgrad", "ganze bohne")]),
                Some(10),
            ),
            (
                choose(&[("Größe", "500 g"), ("Mahlgrad", "Ganze Bohne")]),
                None,
            ),
            (choose(&[("Größe", "1 kg")]), None),
        ];
        for (choice, want) in cases {
            assert_eq!(
                match_variation(&vs, &choice).map(|v| v.id),
                want,
                "{choice:?}"
            );
        }
    }

    #[test]
    fn item_keys_are_stable_and_distinct() {
        assert_eq!(item_key(5, &[]), item_key(5, &[]));
        assert_ne!(item_key(5, &[]), item_key(6, &[]));
        assert_eq!(item_key(5, &[]).len(), 32);
        let size = |v: &str| vec![("Size".to_owned(), v.to_owned())];
        assert_eq!(item_key(5, &size("Large")), item_key(5, &size("Large")));
        assert_ne!(item_key(5, &size("Large")), item_key(5, &size("Small")));
        assert_ne!(item_key(5, &size("Large")), item_key(5, &[]));
    }

    /// What a cart may hold of a product, and the refusal past it, by its stock.
    #[test]
    fn allowed_follows_the_stock() {
        let max = i64::from(Quantity::MAX);
        // (stock status, stock, wanted, the limit or the refusal's figure: Some(n) = "only n", None = too large a quantity)
        type Limit = std::result::Result<i64, Option<i64>>;
        let cases: [(&str, Option<i64>, i64, Limit); 9] = [
            ("instock", None, 1, Ok(max)),
            ("instock", None, max, Ok(max)),
            ("instock", None, max + 1, Err(None)),
            ("instock", Some(5), 5, Ok(5)),
            ("instock", Some(5), 6, Err(Some(5))),
            ("instock", Some(-2), 1, Err(Some(0))),
            ("outofstock", Some(5), 1, Err(Some(0))),
            ("onbackorder", Some(20_000), max + 1, Err(None)),
            ("instock", Some(20_000), 12_000, Err(None)),
        ];
        for (status, stock, wanted, expected) in cases {
            let mut p = variation(7, &[]);
            p.stock_status = status.into();
            p.stock = stock;
            let got = allowed(&p, wanted).map_err(|e| match e {
                StoreError::OutOfStock {
                    available,
                    product_id: 7,
                    ..
                } => Some(available),
                StoreError::Quantity(laden_domain::QuantityError::TooLarge) => None,
                other => panic!("{other:?}"),
            });
            assert_eq!(got, expected, "{status} {stock:?} {wanted}");
        }
    }
}
