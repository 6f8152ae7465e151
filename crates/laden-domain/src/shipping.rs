//! A zone's shipping methods and what they cost a parcel, as WooCommerce core has them: the
//! zone's standard flat rate (by weight where the shop gives weight bands), free shipping from
//! an order value, and the zone's further methods, more flat rates (Express) and local pickup
//! („Abholung im Laden“: no cost, no delivery address). Which methods a parcel is offered, and
//! which one a cart takes, is decided here; the settings hold the methods
//! ([`crate::settings::ShopSettings::shipping_zone`]).

use crate::Money;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

pub mod classes;
pub use classes::{ClassCosts, ShippingClass};

/// Most further methods a zone may have.
pub const MAX_EXTRA_METHODS: usize = 10;
/// Most weight bands a zone's standard rate may have.
pub const MAX_WEIGHT_BANDS: usize = 20;
/// Instance ids of a zone's methods: `zone · INSTANCES_PER_ZONE + n` (zone 0: all other
/// countries), so an id names one method of one zone.
pub const INSTANCES_PER_ZONE: i64 = 100;

/// A zone's methods beside its standard flat rate and free shipping threshold (which the zone
/// has always had): weight bands for the standard rate, and further methods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZoneMethods {
    /// The standard rate by the parcel's weight, ascending: the first band the weight fits
    /// sets the cost; a parcel heavier than the last band is not offered the standard rate.
    /// Empty: the zone's flat cost whatever the weight.
    #[serde(default)]
    pub weight_bands: Vec<WeightBand>,
    /// Further methods, offered in this order after the standard rate and free shipping.
    #[serde(default)]
    pub extra: Vec<Extra>,
    /// What the standard rate adds for the parcel's shipping classes.
    #[serde(default, skip_serializing_if = "ClassCosts::is_empty")]
    pub class_costs: ClassCosts,
}

impl ZoneMethods {
    /// Drops what its flat rates add for classes the shop no longer keeps.
    pub fn forget_unlisted_classes(&mut self, classes: &[ShippingClass]) {
        self.class_costs = self.class_costs.kept(classes);
        for e in &mut self.extra {
            if let Extra::FlatRate { class_costs, .. } = e {
                *class_costs = class_costs.kept(classes);
            }
        }
    }
}

/// Up to `up_to_grams` (inclusive) the standard rate costs `cost_cents` (gross).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeightBand {
    pub up_to_grams: i64,
    pub cost_cents: i64,
}

/// A further method of a zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Extra {
    /// Another flat rate with its own title and cost (gross), e.g. „Express“, and what it adds
    /// for the parcel's shipping classes.
    FlatRate {
        title: String,
        cost_cents: i64,
        #[serde(default, skip_serializing_if = "ClassCosts::is_empty")]
        class_costs: ClassCosts,
    },
    /// The shopper collects the goods at the shop's address (its opening hours shown): no
    /// shipping cost, no delivery address, and the goods are handed over in Germany.
    LocalPickup { title: String, hours: String },
}

/// WooCommerce's method ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    FlatRate,
    FreeShipping,
    LocalPickup,
}

impl Kind {
    /// WooCommerce's `method_id`.
    pub fn id(self) -> &'static str {
        match self {
            Kind::FlatRate => "flat_rate",
            Kind::FreeShipping => "free_shipping",
            Kind::LocalPickup => "local_pickup",
        }
    }
}

/// What the shipped goods of a cart weigh and which shipping classes they carry (slugs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Load {
    pub grams: i64,
    pub classes: BTreeSet<String>,
    /// Some goods are of no shipping class.
    pub unclassed: bool,
}

impl Load {
    /// Adds `quantity` shipped items weighing `grams` each, of shipping class `class` (empty:
    /// none).
    pub fn add(&mut self, grams: i64, quantity: i64, class: &str) {
        self.grams += grams * quantity;
        if class.is_empty() {
            self.unclassed = true;
        } else {
            self.classes.insert(class.to_owned());
        }
    }
}

/// What the zone's methods are priced by: the goods after discounts (gross), the parcel's
/// weight and shipping classes, whether anything is shipped at all, and whether a coupon grants
/// free shipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parcel<'a> {
    pub goods: Money,
    pub weight_grams: i64,
    pub classes: &'a BTreeSet<String>,
    /// Some goods are of no shipping class.
    pub unclassed: bool,
    pub ships: bool,
    /// A coupon of the cart allows free shipping (WooCommerce's `free_shipping`): the zone's
    /// free shipping is offered whatever the goods cost, also in a zone without a threshold.
    pub free_by_coupon: bool,
}

/// A method of a zone as the settings define it, before any parcel: its instance id, kind,
/// title (a catalogue id for the two standard ones, the shop's own text for further ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method<'a> {
    pub instance: i64,
    pub kind: Kind,
    pub title: &'a str,
    /// Whether `title` is a catalogue id to translate (the standard methods' names).
    pub catalogue_title: bool,
    /// Its cost before any parcel (gross): the standard rate's flat cost (weight bands may set
    /// another), a further flat rate's, nothing for free shipping and pickup.
    pub cost: Money,
    pub hours: &'a str,
    /// A flat rate's costs by shipping class; `None` for the other kinds.
    pub class_costs: Option<&'a ClassCosts>,
}

/// A method offered for a parcel with its cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rate {
    /// WooCommerce's rate id, `method_id:instance_id` (`flat_rate:101`).
    pub id: String,
    pub kind: Kind,
    pub instance: i64,
    pub title: String,
    /// Gross.
    pub cost: Money,
    /// For local pickup: the opening hours (the address is the shop's); empty otherwise.
    pub hours: String,
    /// What the cart would charge for it and the VAT that contains, as the cart is taxed
    /// (net for a tax-free supply; its VAT follows the goods' rates): set by the cart, `cost`
    /// and nothing until then.
    #[serde(default)]
    pub charged: Money,
    #[serde(default)]
    pub vat: Money,
}

impl Rate {
    /// Whether the shopper collects the goods (no delivery address; taxed where the shop is).
    pub fn pickup(&self) -> bool {
        self.kind == Kind::LocalPickup
    }
}

/// The longest title of a further method, in characters.
pub const MAX_TITLE_CHARS: usize = 100;

/// The catalogue ids of the standard methods' titles.
pub const STANDARD_TITLE: &str = "Flat rate";
pub const FREE_TITLE: &str = "Free shipping";

/// A zone: its standard flat cost and free-shipping threshold (gross) and its further methods,
/// with the zone's number (0: every other delivery country).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone<'a> {
    pub number: i64,
    pub flat: Money,
    pub free_from: Option<Money>,
    pub methods: &'a ZoneMethods,
}

impl<'a> Zone<'a> {
    /// Every method the zone has, whatever the parcel: the standard rate (instance `n·100+1`),
    /// free shipping where there is a threshold (`+2`), the further methods (`+3` on).
    pub fn methods(&self) -> Vec<Method<'a>> {
        self.methods_with(false)
    }

    /// [`methods`](Self::methods), with free shipping also without a threshold when
    /// `free_by_coupon`.
    fn methods_with(&self, free_by_coupon: bool) -> Vec<Method<'a>> {
        let base = self.number * INSTANCES_PER_ZONE;
        let mut out = vec![Method {
            instance: base + 1,
            kind: Kind::FlatRate,
            title: STANDARD_TITLE,
            catalogue_title: true,
            cost: self.flat,
            hours: "",
            class_costs: Some(&self.methods.class_costs),
        }];
        if self.free_from.is_some() || free_by_coupon {
            out.push(Method {
                instance: base + 2,
                kind: Kind::FreeShipping,
                title: FREE_TITLE,
                catalogue_title: true,
                cost: Money::ZERO,
                hours: "",
                class_costs: None,
            });
        }
        out.extend((base + 3..).zip(&self.methods.extra).map(|(instance, e)| {
            let (kind, title, cost, hours, class_costs) = match e {
                Extra::FlatRate {
                    title,
                    cost_cents,
                    class_costs,
                } => (
                    Kind::FlatRate,
                    title.as_str(),
                    Money::from_cents(*cost_cents),
                    "",
                    Some(class_costs),
                ),
                Extra::LocalPickup { title, hours } => (
                    Kind::LocalPickup,
                    title.as_str(),
                    Money::ZERO,
                    hours.as_str(),
                    None,
                ),
            };
            Method {
                instance,
                kind,
                title,
                catalogue_title: false,
                cost,
                hours,
                class_costs,
            }
        }));
        out
    }

    /// The standard rate's cost for a parcel of `grams`: the first weight band it fits, or the
    /// flat cost without bands; `None` when it is heavier than every band.
    pub fn standard_cost(&self, grams: i64) -> Option<Money> {
        if self.methods.weight_bands.is_empty() {
            return Some(self.flat);
        }
        self.methods
            .weight_bands
            .iter()
            .find(|b| grams <= b.up_to_grams)
            .map(|b| Money::from_cents(b.cost_cents))
    }

    /// The methods offered for `parcel`, in the zone's order, with their costs (a flat rate's
    /// with what it adds for the parcel's shipping classes; titles as `title` gives them): none
    /// when nothing is shipped.
    pub fn rates(&self, parcel: &Parcel<'_>, title: impl Fn(&Method<'_>) -> String) -> Vec<Rate> {
        if !parcel.ships {
            return Vec::new();
        }
        self.methods_with(parcel.free_by_coupon)
            .into_iter()
            .enumerate()
            .filter_map(|(i, m)| {
                let by_class = m
                    .class_costs
                    .map_or(Money::ZERO, |c| c.extra(parcel.classes, parcel.unclassed));
                let cost = match m.kind {
                    Kind::FlatRate if i == 0 => self.standard_cost(parcel.weight_grams)? + by_class,
                    Kind::FlatRate => m.cost + by_class,
                    Kind::FreeShipping
                        if !parcel.free_by_coupon && parcel.goods < self.free_from? =>
                    {
                        return None
                    }
                    _ => m.cost,
                };
                Some(Rate {
                    id: format!("{}:{}", m.kind.id(), m.instance),
                    kind: m.kind,
                    instance: m.instance,
                    title: title(&m),
                    cost,
                    hours: m.hours.to_owned(),
                    charged: cost,
                    vat: Money::ZERO,
                })
            })
            .collect()
    }
}

/// A method's title as the shopper reads it: the standard ones' from the catalogue, the
/// shop's own as written.
pub fn title_of(m: &Method<'_>) -> String {
    if m.catalogue_title {
        crate::i18n::t(m.title)
    } else {
        m.title.to_owned()
    }
}

/// The rate a cart takes: the one the shopper chose while it is offered, else the cheapest
/// delivery (the first of equals). Pickup is never taken for the shopper, though it costs
/// nothing: it asks them to come to the shop; only where nothing else is offered.
/// `None` when nothing is offered.
pub fn choose<'r>(rates: &'r [Rate], chosen: &str) -> Option<&'r Rate> {
    rates
        .iter()
        .find(|r| !chosen.is_empty() && r.id == chosen)
        .or_else(|| rates.iter().min_by_key(|r| (r.pickup(), r.cost)))
}

/// The methods a cart is offered and the one it takes ([`choose`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    pub rates: Vec<Rate>,
    pub chosen: Option<Rate>,
    /// Whether anything in the cart is shipped (or collected).
    pub ships: bool,
}

impl Choice {
    /// The rates of `zone` for a cart of `lines` with `coupons` (free shipping measured after
    /// their discounts, or granted by one) whose shipped goods are `load`, and the one it takes
    /// given the shopper's `chosen` id.
    pub fn of(
        zone: &Zone<'_>,
        lines: &[crate::CartLine],
        coupons: &[crate::coupon::Coupon],
        load: &Load,
        chosen: &str,
        title: impl Fn(&Method<'_>) -> String,
    ) -> Choice {
        let discounts: Vec<crate::Discount> = coupons
            .iter()
            .map(crate::coupon::Coupon::discount)
            .collect();
        let t = crate::totals::compute_with_discounts(lines, Money::ZERO, &discounts);
        let ships = lines.iter().any(|l| l.needs_shipping);
        let parcel = Parcel {
            goods: t.items - t.discount,
            weight_grams: load.grams,
            classes: &load.classes,
            unclassed: load.unclassed,
            ships,
            free_by_coupon: coupons.iter().any(|c| c.free_shipping),
        };
        let rates = zone.rates(&parcel, title);
        let chosen = choose(&rates, chosen).cloned();
        Choice {
            rates,
            chosen,
            ships,
        }
    }

    /// What the totals charge for shipping: the chosen rate's cost (gross).
    pub fn cost(&self) -> Money {
        self.chosen.as_ref().map_or(Money::ZERO, |r| r.cost)
    }

    /// Whether the shopper collects the goods.
    pub fn pickup(&self) -> bool {
        self.chosen.as_ref().is_some_and(Rate::pickup)
    }

    /// Whether the cart ships but no method takes it (too heavy for every one): it cannot be
    /// ordered to this country.
    pub fn undeliverable(&self) -> bool {
        self.ships && self.chosen.is_none()
    }
}

/// What is wrong with a zone's methods, given the shop's shipping `classes`: (field path under
/// the zone, English message id).
pub fn problems(m: &ZoneMethods, classes: &[ShippingClass]) -> Vec<(String, &'static str)> {
    let mut out = m.class_costs.problems(classes);
    if m.weight_bands.len() > MAX_WEIGHT_BANDS {
        out.push(("weight_bands".to_owned(), BANDS_PROBLEM));
    }
    let mut last = 0;
    for (i, b) in m.weight_bands.iter().enumerate() {
        if b.up_to_grams <= last {
            out.push((format!("weight_bands.{i}.up_to_grams"), BANDS_PROBLEM));
        }
        if b.cost_cents < 0 {
            out.push((format!("weight_bands.{i}.cost"), BANDS_PROBLEM));
        }
        last = b.up_to_grams.max(last);
    }
    if m.extra.len() > MAX_EXTRA_METHODS {
        out.push((
            "extra".to_owned(),
            "At most 10 further shipping methods per zone are possible.",
        ));
    }
    let mut titles = std::collections::BTreeSet::new();
    for (i, e) in m.extra.iter().enumerate() {
        let (title, cost, hours) = match e {
            Extra::FlatRate {
                title,
                cost_cents,
                class_costs,
            } => {
                let at = |(path, msg)| (format!("extra.{i}.{path}"), msg);
                out.extend(class_costs.problems(classes).into_iter().map(at));
                (title, *cost_cents, "")
            }
            Extra::LocalPickup { title, hours } => (title, 0, hours.as_str()),
        };
        let t = title.trim();
        if t.is_empty() || t.chars().count() > MAX_TITLE_CHARS || !titles.insert(t.to_lowercase()) {
            out.push((format!("extra.{i}.title"), TITLE_PROBLEM));
        }
        if cost < 0 {
            out.push((
                format!("extra.{i}.cost"),
                "Please enter an amount of 0 or more.",
            ));
        }
        if hours.chars().count() > 200 {
            out.push((
                format!("extra.{i}.hours"),
                "Opening hours: at most 200 characters.",
            ));
        }
    }
    out
}

const BANDS_PROBLEM: &str =
    "Weight bands: at most 20, each heavier than the one before, with a cost of 0 or more.";
const TITLE_PROBLEM: &str = "Please name each method, once per zone (at most 100 characters).";

#[cfg(test)]
mod tests;
