//! WordPress's REST shapes (`wp/v2`) that Laden answers and takes: the site settings (WordPress's
//! own and Laden's `laden_…`, as plugins register theirs), typed both ways.

use crate::extract::Problem;
use laden_domain::settings::SiteSettings;
use laden_domain::Money;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A shipping zone as `laden_shipping_zones` lists it (prices as decimal text, "4.90").
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ZoneOut {
    pub name: String,
    pub countries: Vec<String>,
    pub cost: String,
    pub free_from: Option<String>,
    /// The zone's Lieferzeit for products that state none; empty: the shop's.
    pub delivery_time: String,
    /// Its weight bands and further methods.
    pub methods: MethodsWire,
}

/// A zone's weight bands and further methods, both ways (`laden_shipping_zones.N.methods`,
/// `laden_shipping_methods`); prices as decimal text ("12.90").
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default)]
pub struct MethodsWire {
    pub weight_bands: Vec<WeightBandWire>,
    pub extra: Vec<ExtraMethodWire>,
    /// What the standard rate adds per shipping class (slug → decimal text).
    pub class_costs: BTreeMap<String, String>,
    /// What it adds for goods of no class (WooCommerce's `no_class_cost`; empty: nothing).
    pub no_class_cost: String,
    /// Only the dearest class's cost (WooCommerce's `type: order`), not each class's.
    pub class_per_order: bool,
}

/// Up to `up_to_grams` the standard rate costs `cost`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default)]
pub struct WeightBandWire {
    pub up_to_grams: i64,
    pub cost: String,
}

/// A further method: `flat_rate` (title, cost) or `local_pickup` (title, opening hours).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default)]
pub struct ExtraMethodWire {
    pub kind: String,
    pub title: String,
    pub cost: String,
    pub hours: String,
    /// A flat rate's: what it adds per shipping class (slug → decimal text) and for goods of no
    /// class (empty: nothing), and how.
    pub class_costs: BTreeMap<String, String>,
    pub no_class_cost: String,
    pub class_per_order: bool,
}

/// A shipping class as `laden_shipping_classes` lists and takes it (a new one without `id` or
/// `slug`: both are given to it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(default)]
pub struct ShippingClassWire {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub description: String,
}

impl ShippingClassWire {
    pub fn of(c: &laden_domain::shipping::ShippingClass) -> ShippingClassWire {
        ShippingClassWire {
            id: c.id,
            slug: c.slug.clone(),
            name: c.name.clone(),
            description: c.description.clone(),
        }
    }
}

/// Class costs as the wire carries them (slug → decimal text).
fn class_costs_out(c: &laden_domain::shipping::ClassCosts) -> BTreeMap<String, String> {
    c.costs
        .iter()
        .map(|(slug, cents)| (slug.clone(), decimal(*cents)))
        .collect()
}

/// The cost for goods of no class as the wire carries it (empty: none).
fn no_class_cost_out(c: &laden_domain::shipping::ClassCosts) -> String {
    c.none.map(decimal).unwrap_or_default()
}

/// Class costs as the wire gives them; `Err` names the first that is no price by its path.
fn class_costs_in(
    costs: &BTreeMap<String, String>,
    none: &str,
    per_order: bool,
    at: &str,
) -> Result<laden_domain::shipping::ClassCosts, String> {
    let costs = costs
        .iter()
        .map(|(slug, text)| {
            Money::parse_decimal(text.trim())
                .map(|m| (slug.clone(), m.cents()))
                .ok_or_else(|| format!("{at}class_costs.{slug}"))
        })
        .collect::<Result<_, String>>()?;
    let none = match none.trim() {
        "" => None,
        text => Some(
            Money::parse_decimal(text)
                .ok_or_else(|| format!("{at}no_class_cost"))?
                .cents(),
        ),
    };
    Ok(laden_domain::shipping::ClassCosts {
        costs,
        none,
        per_order,
    })
}

impl MethodsWire {
    pub fn of(m: &laden_domain::shipping::ZoneMethods) -> MethodsWire {
        use laden_domain::shipping::Extra;
        MethodsWire {
            weight_bands: m
                .weight_bands
                .iter()
                .map(|b| WeightBandWire {
                    up_to_grams: b.up_to_grams,
                    cost: decimal(b.cost_cents),
                })
                .collect(),
            extra: m
                .extra
                .iter()
                .map(|e| match e {
                    Extra::FlatRate {
                        title,
                        cost_cents,
                        class_costs,
                    } => ExtraMethodWire {
                        kind: "flat_rate".into(),
                        title: title.clone(),
                        cost: decimal(*cost_cents),
                        hours: String::new(),
                        class_costs: class_costs_out(class_costs),
                        no_class_cost: no_class_cost_out(class_costs),
                        class_per_order: class_costs.per_order,
                    },
                    Extra::LocalPickup { title, hours } => ExtraMethodWire {
                        kind: "local_pickup".into(),
                        title: title.clone(),
                        cost: decimal(0),
                        hours: hours.clone(),
                        class_costs: BTreeMap::new(),
                        no_class_cost: String::new(),
                        class_per_order: false,
                    },
                })
                .collect(),
            class_costs: class_costs_out(&m.class_costs),
            no_class_cost: no_class_cost_out(&m.class_costs),
            class_per_order: m.class_costs.per_order,
        }
    }

    /// The methods it gives; `Err` names the first field that is no price or kind (its path
    /// under the methods, as `extra.1.cost`). The rest is the domain's to check.
    pub fn methods(&self) -> Result<laden_domain::shipping::ZoneMethods, String> {
        use laden_domain::shipping::{Extra, WeightBand, ZoneMethods};
        let price = |text: &str, path: String| {
            Money::parse_decimal(text.trim())
                .map(|m| m.cents())
                .ok_or(path)
        };
        let weight_bands = (0..)
            .zip(&self.weight_bands)
            .map(|(i, b)| {
                Ok(WeightBand {
                    up_to_grams: b.up_to_grams,
                    cost_cents: price(&b.cost, format!("weight_bands.{i}.cost"))?,
                })
            })
            .collect::<Result<_, String>>()?;
        let extra = (0..)
            .zip(&self.extra)
            .map(|(i, e)| match e.kind.as_str() {
                "flat_rate" => Ok(Extra::FlatRate {
                    title: e.title.trim().to_owned(),
                    cost_cents: price(&e.cost, format!("extra.{i}.cost"))?,
                    class_costs: class_costs_in(
                        &e.class_costs,
                        &e.no_class_cost,
                        e.class_per_order,
                        &format!("extra.{i}."),
                    )?,
                }),
                "local_pickup" => Ok(Extra::LocalPickup {
                    title: e.title.trim().to_owned(),
                    hours: e.hours.trim().to_owned(),
                }),
                _ => Err(format!("extra.{i}.kind")),
            })
            .collect::<Result<_, String>>()?;
        Ok(ZoneMethods {
            weight_bands,
            extra,
            class_costs: class_costs_in(
                &self.class_costs,
                &self.no_class_cost,
                self.class_per_order,
                "",
            )?,
        })
    }
}

/// `GET /wp/v2/settings`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpSettings {
    pub title: String,
    pub description: String,
    pub url: String,
    pub email: &'static str,
    pub timezone: &'static str,
    pub date_format: &'static str,
    pub time_format: &'static str,
    pub start_of_week: i64,
    pub language: &'static str,
    pub use_smilies: bool,
    pub default_category: i64,
    pub default_post_format: &'static str,
    pub posts_per_page: i64,
    pub show_on_front: &'static str,
    pub page_on_front: i64,
    pub page_for_posts: i64,
    pub default_ping_status: &'static str,
    pub default_comment_status: &'static str,
    pub site_logo: Option<i64>,
    pub site_icon: i64,
    pub laden_shop_lightbox: bool,
    pub laden_gallery_vertical: bool,
    pub laden_header_cart_link: String,
    pub laden_quantity_field: Option<String>,
    pub laden_quantity_step_max: Option<f64>,
    pub laden_smooth_scroll: Option<bool>,
    pub laden_fixed_footer: bool,
    pub laden_header_breakpoint: i64,
    pub laden_header_template: String,
    pub laden_header_sticky_template: String,
    pub laden_header_behavior: String,
    pub laden_header_position: String,
    pub laden_header_offset: i64,
    pub laden_header_overlap: String,
    pub laden_header_behavior_tablet: bool,
    pub laden_header_behavior_mobile: bool,
    pub laden_tracking_allow: bool,
    pub laden_tracking_needs_marketing_consent: bool,
    pub laden_analytics_script: String,
    pub laden_analytics_snippet: String,
    pub laden_tracking_promo: bool,
    pub laden_tracking_campaign_param: String,
    pub laden_tracking_term_param: String,
    pub laden_tracking_content_param: String,
    pub laden_sticky_summary: bool,
    pub laden_shipping_flat: String,
    pub laden_shipping_free_from: Option<String>,
    pub laden_low_stock_amount: i64,
    pub laden_hold_stock_minutes: i64,
    pub laden_delivery_time: String,
    pub laden_page_shipping: String,
    pub laden_page_terms: String,
    pub laden_page_revocation: String,
    pub laden_page_privacy: String,
    pub laden_page_imprint: String,
    pub laden_page_payments: String,
    pub laden_page_accessibility: String,
    pub laden_small_business: bool,
    pub laden_reverse_charge: bool,
    /// „An OSS teilnehmen“: EU consumers pay their own country's VAT from the first sale.
    pub laden_oss: bool,
    /// „Feste Bruttopreise“: true keeps the gross price across member states, false the net.
    pub laden_oss_fixed_gross_prices: bool,
    pub laden_guest_checkout: bool,
    /// WordPress's `blog_public` turned round: search engines are asked not to index the shop.
    pub laden_discourage_search_engines: bool,
    pub laden_order_button_text: String,
    pub laden_checkbox_parcel_delivery: bool,
    pub laden_checkbox_digital_waiver: bool,
    pub laden_shop_email: String,
    pub laden_bank_account_holder: String,
    pub laden_bank_name: String,
    pub laden_bank_iban: String,
    pub laden_bank_bic: String,
    pub laden_shop_address: String,
    pub laden_shop_vat_id: String,
    pub laden_shop_tax_number: String,
    pub laden_payment_methods: Vec<String>,
    /// When invoices are issued: `order`, `paid`, `completed` or `never`.
    pub laden_invoice_moment: String,
    pub laden_invoice_number_format: String,
    pub laden_cancellation_number_format: String,
    pub laden_invoice_due_days: i64,
    /// Read only: invoices are meant but none is issued, for want of a tax number or VAT ID.
    pub laden_invoices_blocked: bool,
    /// The countries the shop sells and delivers to (ISO 3166-1 codes, the checkout's order).
    pub laden_delivery_countries: Vec<String>,
    pub laden_shipping_zones: Vec<ZoneOut>,
    /// The weight bands and further methods of every delivery country in no zone.
    pub laden_shipping_methods: MethodsWire,
    /// The shipping classes products name.
    pub laden_shipping_classes: Vec<ShippingClassWire>,
    /// The manufacturers products name (GPSR).
    pub laden_manufacturers: Vec<ManufacturerOut>,
    /// The deposit types products name (Pfand).
    pub laden_deposit_types: Vec<DepositTypeOut>,
    /// The sale price labels products choose from, and the defaults by slug (empty: none).
    pub laden_price_labels: Vec<PriceLabelOut>,
    pub laden_default_sale_price_label: String,
    pub laden_default_sale_price_regular_label: String,
}

/// A sale price label as `laden_price_labels` lists it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PriceLabelOut {
    /// What a product's `_sale_price_label` names (made from the first name; kept when renamed).
    pub slug: String,
    pub name: String,
}

/// A deposit type as `laden_deposit_types` lists it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DepositTypeOut {
    /// What a product's `_deposit_type` names (made from the first name; kept when renamed).
    pub slug: String,
    pub name: String,
    #[cfg_attr(test, ts(type = "'disposable' | 'reusable'"))]
    pub packaging: &'static str,
    /// One unit's deposit, as decimal text ("0.25").
    pub amount: String,
}

/// A manufacturer as `laden_manufacturers` lists it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ManufacturerOut {
    /// What a product's `_manufacturer_slug` names (made from the first name; kept when renamed).
    pub slug: String,
    pub name: String,
    pub address: String,
    pub eu_person: String,
}

fn decimal(cents: i64) -> String {
    Money::from_cents(cents).to_decimal_string()
}

impl WpSettings {
    pub fn new(site_url: &str, s: &SiteSettings) -> WpSettings {
        WpSettings {
            title: s.site.name.clone(),
            description: s.site.description.clone(),
            url: site_url.to_owned(),
            email: "",
            timezone: "Europe/Berlin",
            date_format: "j. F Y",
            time_format: "H:i",
            start_of_week: 1,
            language: "de_DE",
            use_smilies: false,
            default_category: 0,
            default_post_format: "0",
            posts_per_page: 10,
            show_on_front: "page",
            page_on_front: 0,
            page_for_posts: 0,
            default_ping_status: "closed",
            default_comment_status: "closed",
            site_logo: None,
            site_icon: 0,
            laden_shop_lightbox: s.shop.lightbox,
            laden_gallery_vertical: s.shop.gallery_vertical,
            laden_header_cart_link: s.header.cart_link.clone(),
            laden_quantity_field: s.theme.quantity_field.clone(),
            laden_quantity_step_max: s.theme.quantity_step_max,
            laden_smooth_scroll: s.theme.smooth_scroll,
            laden_fixed_footer: s.theme.fixed_footer,
            laden_header_breakpoint: s.header.breakpoint,
            laden_header_template: s.header.template.clone(),
            laden_header_sticky_template: s.header.sticky_template.clone(),
            laden_header_behavior: s.header.behavior.clone(),
            laden_header_position: s.header.position.clone(),
            laden_header_offset: s.header.offset,
            laden_header_overlap: s.header.overlap.clone(),
            laden_header_behavior_tablet: s.header.behavior_tablet,
            laden_header_behavior_mobile: s.header.behavior_mobile,
            laden_tracking_allow: s.tracking.allow_tracking,
            laden_tracking_needs_marketing_consent: s.tracking.needs_marketing_consent,
            laden_analytics_script: s.tracking.analytics_script.clone(),
            laden_analytics_snippet: s.tracking.analytics_snippet.clone(),
            laden_tracking_promo: s.tracking.promo,
            laden_tracking_campaign_param: s.tracking.campaign_param.clone(),
            laden_tracking_term_param: s.tracking.term_param.clone(),
            laden_tracking_content_param: s.tracking.content_param.clone(),
            laden_sticky_summary: s.shop.sticky_summary,
            laden_shipping_flat: decimal(s.shop.shipping_flat_cents),
            laden_shipping_free_from: s.shop.free_shipping_from_cents.map(decimal),
            laden_low_stock_amount: s.shop.low_stock_amount,
            laden_hold_stock_minutes: s.shop.hold_stock_minutes,
            laden_delivery_time: s.shop.delivery_time.clone(),
            laden_page_shipping: s.shop.shipping_page.clone(),
            laden_page_terms: s.shop.terms_page.clone(),
            laden_page_revocation: s.shop.revocation_page.clone(),
            laden_page_privacy: s.shop.privacy_page.clone(),
            laden_page_imprint: s.shop.imprint_page.clone(),
            laden_page_payments: s.shop.payments_page.clone(),
            laden_page_accessibility: s.shop.accessibility_page.clone(),
            laden_small_business: s.shop.small_business,
            laden_reverse_charge: s.shop.reverse_charge,
            laden_oss: s.shop.oss,
            laden_oss_fixed_gross_prices: s.shop.fixed_gross_prices,
            laden_guest_checkout: s.shop.guest_checkout,
            laden_discourage_search_engines: s.site.discourage_search_engines,
            laden_order_button_text: s.shop.order_button_text.clone(),
            laden_checkbox_parcel_delivery: s.shop.checkbox_parcel_delivery,
            laden_checkbox_digital_waiver: s.shop.checkbox_digital_waiver,
            laden_shop_email: s.shop.email.clone(),
            laden_bank_account_holder: s.shop.bank_account_holder.clone(),
            laden_bank_name: s.shop.bank_name.clone(),
            laden_bank_iban: s.shop.bank_iban.clone(),
            laden_bank_bic: s.shop.bank_bic.clone(),
            laden_shop_address: s.shop.address.clone(),
            laden_shop_vat_id: s.shop.vat_id.clone(),
            laden_shop_tax_number: s.shop.tax_number.clone(),
            laden_invoice_moment: s.shop.invoice_moment.clone(),
            laden_invoice_number_format: s.shop.invoice_number_format.clone(),
            laden_cancellation_number_format: s.shop.cancellation_number_format.clone(),
            laden_invoice_due_days: s.shop.invoice_due_days,
            laden_invoices_blocked: s.shop.invoices_blocked(),
            laden_payment_methods: s.shop.payment_methods.clone(),
            laden_delivery_countries: s.shop.delivery_countries.clone(),
            laden_shipping_zones: s
                .shop
                .shipping_zones
                .iter()
                .map(|z| ZoneOut {
                    name: z.name.clone(),
                    countries: z.countries.clone(),
                    cost: decimal(z.flat_cents),
                    free_from: z.free_from_cents.map(decimal),
                    delivery_time: z.delivery_time.clone(),
                    methods: MethodsWire::of(&z.methods),
                })
                .collect(),
            laden_shipping_methods: MethodsWire::of(&s.shop.shipping_methods),
            laden_shipping_classes: s
                .shop
                .shipping_classes
                .iter()
                .map(ShippingClassWire::of)
                .collect(),
            laden_manufacturers: s
                .shop
                .manufacturers
                .iter()
                .map(|m| ManufacturerOut {
                    slug: m.slug.clone(),
                    name: m.name.clone(),
                    address: m.address.clone(),
                    eu_person: m.eu_person.clone(),
                })
                .collect(),
            laden_deposit_types: s
                .shop
                .deposit_types
                .iter()
                .map(|d| DepositTypeOut {
                    slug: d.slug.clone(),
                    name: d.name.clone(),
                    packaging: d.packaging.as_str(),
                    amount: decimal(d.amount_cents),
                })
                .collect(),
            laden_price_labels: s
                .shop
                .price_labels
                .labels
                .iter()
                .map(|l| PriceLabelOut {
                    slug: l.slug.clone(),
                    name: l.name.clone(),
                })
                .collect(),
            laden_default_sale_price_label: s.shop.price_labels.defaults.strike.clone(),
            laden_default_sale_price_regular_label: s.shop.price_labels.defaults.sale.clone(),
        }
    }
}

/// WordPress text: a string, or an object with its `raw` text (as the edit context answers).
#[derive(Debug, Clone)]
pub struct WpText(pub String);

impl<'de> Deserialize<'de> for WpText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(WpText(s)),
            Value::Object(o) => match o.get("raw") {
                Some(Value::String(s)) => Ok(WpText(s.clone())),
                _ => Err(Problem::new("%s is not of type string.").into_error()),
            },
            _ => Err(Problem::new("%s is not of type string.").into_error()),
        }
    }
}

/// A number that must be whole; anything else is refused by its range rule (`Err(())`).
#[derive(Debug, Clone, Copy)]
pub struct Whole(pub Result<i64, ()>);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Whole(Value::deserialize(d)?.as_i64().ok_or(())))
    }
}

/// A number of any kind; anything else is refused by its range rule (`Err(())`).
#[derive(Debug, Clone, Copy)]
pub struct Number(pub Result<f64, ()>);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Number(Value::deserialize(d)?.as_f64().ok_or(())))
    }
}

/// A price as decimal text or a number ("4.90", 4.9); anything else is empty text, which the
/// price rule refuses.
#[derive(Debug, Clone)]
pub struct PriceText(pub String);

impl<'de> Deserialize<'de> for PriceText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(PriceText(match Value::deserialize(d)? {
            Value::String(t) => t.trim().to_owned(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        }))
    }
}

/// A list of codes as sent (payment methods, delivery countries): a list; an entry that is not
/// text is kept as empty text, which the rule refuses.
#[derive(Debug, Clone)]
pub struct MethodList(pub Vec<String>);

impl<'de> Deserialize<'de> for MethodList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Array(list) => Ok(MethodList(
                list.iter()
                    .map(|v| v.as_str().unwrap_or("").to_owned())
                    .collect(),
            )),
            _ => Err(Problem::new("%s is not of type array.").into_error()),
        }
    }
}

/// Present and null (`Some(None)`: unset the value) apart from absent (`None`: keep it).
fn nullable<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// `POST /wp/v2/settings`: only what is sent changes; null leaves a value as it is, except where
/// null unsets it (`laden_smooth_scroll`, `laden_quantity_field`, `laden_quantity_step_max`,
/// `laden_shipping_free_from`).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct SettingsIn {
    pub title: Option<WpText>,
    pub description: Option<WpText>,
    pub laden_shop_lightbox: Option<bool>,
    pub laden_gallery_vertical: Option<bool>,
    pub laden_header_behavior_tablet: Option<bool>,
    pub laden_header_behavior_mobile: Option<bool>,
    pub laden_fixed_footer: Option<bool>,
    pub laden_tracking_allow: Option<bool>,
    pub laden_tracking_needs_marketing_consent: Option<bool>,
    pub laden_tracking_promo: Option<bool>,
    pub laden_sticky_summary: Option<bool>,
    pub laden_small_business: Option<bool>,
    pub laden_reverse_charge: Option<bool>,
    pub laden_oss: Option<bool>,
    pub laden_oss_fixed_gross_prices: Option<bool>,
    pub laden_guest_checkout: Option<bool>,
    pub laden_discourage_search_engines: Option<bool>,
    pub laden_checkbox_parcel_delivery: Option<bool>,
    pub laden_checkbox_digital_waiver: Option<bool>,
    pub laden_header_cart_link: Option<WpText>,
    pub laden_tracking_campaign_param: Option<WpText>,
    pub laden_tracking_term_param: Option<WpText>,
    pub laden_tracking_content_param: Option<WpText>,
    pub laden_analytics_snippet: Option<WpText>,
    pub laden_analytics_script: Option<WpText>,
    pub laden_header_behavior: Option<WpText>,
    pub laden_header_position: Option<WpText>,
    pub laden_header_template: Option<WpText>,
    pub laden_header_sticky_template: Option<WpText>,
    pub laden_header_overlap: Option<WpText>,
    pub laden_header_breakpoint: Option<Whole>,
    pub laden_header_offset: Option<Whole>,
    #[serde(deserialize_with = "nullable")]
    pub laden_smooth_scroll: Option<Option<bool>>,
    #[serde(deserialize_with = "nullable")]
    pub laden_quantity_field: Option<Option<String>>,
    #[serde(deserialize_with = "nullable")]
    pub laden_quantity_step_max: Option<Option<Number>>,
    pub laden_shipping_flat: Option<PriceText>,
    #[serde(deserialize_with = "nullable")]
    pub laden_shipping_free_from: Option<Option<PriceText>>,
    pub laden_low_stock_amount: Option<Whole>,
    pub laden_hold_stock_minutes: Option<Whole>,
    pub laden_page_shipping: Option<WpText>,
    pub laden_page_terms: Option<WpText>,
    pub laden_page_revocation: Option<WpText>,
    pub laden_page_privacy: Option<WpText>,
    pub laden_page_imprint: Option<WpText>,
    pub laden_page_payments: Option<WpText>,
    pub laden_page_accessibility: Option<WpText>,
    pub laden_delivery_time: Option<WpText>,
    pub laden_order_button_text: Option<WpText>,
    pub laden_shop_email: Option<WpText>,
    pub laden_bank_account_holder: Option<WpText>,
    pub laden_bank_name: Option<WpText>,
    pub laden_bank_iban: Option<WpText>,
    pub laden_bank_bic: Option<WpText>,
    pub laden_shop_address: Option<WpText>,
    pub laden_shop_vat_id: Option<WpText>,
    pub laden_shop_tax_number: Option<WpText>,
    pub laden_payment_methods: Option<MethodList>,
    pub laden_invoice_moment: Option<WpText>,
    pub laden_invoice_number_format: Option<WpText>,
    pub laden_cancellation_number_format: Option<WpText>,
    pub laden_invoice_due_days: Option<Whole>,
    /// ISO 3166-1 codes (`laden_domain::settings::rules::delivery_countries`); each zone's
    /// countries must stay among them.
    pub laden_delivery_countries: Option<MethodList>,
    /// `[{name, countries, cost, free_from}]`, checked part by part (`shipping_zones`).
    pub laden_shipping_zones: Option<Value>,
    /// The weight bands and further methods of every delivery country in no zone.
    pub laden_shipping_methods: Option<MethodsWire>,
    /// The whole list of shipping classes: a listed one by its `id`, a new one without.
    pub laden_shipping_classes: Option<Vec<ShippingClassWire>>,
    /// `[{slug, name, address, eu_person}]`, checked part by part (`manufacturers`).
    pub laden_manufacturers: Option<Value>,
    /// `[{slug, name, packaging, amount}]`, checked part by part (`deposit_types`).
    pub laden_deposit_types: Option<Value>,
    /// `[{slug, name}]`, checked as a whole (`price_labels`).
    pub laden_price_labels: Option<Value>,
    /// A listed label by slug or name; empty for none.
    pub laden_default_sale_price_label: Option<WpText>,
    pub laden_default_sale_price_regular_label: Option<WpText>,
}

/// `{rendered}`, as WordPress answers a field it only renders.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpRendered {
    pub rendered: String,
}

/// A text field: rendered, and raw in the edit context.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpField {
    pub rendered: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub raw: Option<String>,
}

impl WpField {
    pub fn new(rendered: String, raw: &str, edit: bool) -> WpField {
        WpField {
            rendered,
            raw: edit.then(|| raw.to_owned()),
        }
    }
}

/// A post's content or excerpt.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpContent {
    pub rendered: String,
    pub protected: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub raw: Option<String>,
}

/// `GET /wp/v2/pages/{id}`; the layout and its revision number only in the edit context.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpPage {
    pub id: i64,
    pub date: String,
    pub date_gmt: String,
    pub guid: WpRendered,
    pub modified: String,
    pub modified_gmt: String,
    pub slug: String,
    pub status: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub link: String,
    pub title: WpField,
    pub content: WpContent,
    pub excerpt: WpContent,
    pub author: i64,
    pub parent: i64,
    pub menu_order: i64,
    pub comment_status: &'static str,
    pub ping_status: &'static str,
    pub template: &'static str,
    pub meta: super::cart::Empty,
    /// The page editor's layout (sections, columns, widgets).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub laden_layout: Option<Value>,
    /// The saved state an edit must start from (a stale one is refused).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub laden_revision: Option<i64>,
}

/// `GET /wp/v2/pages/{id}/revisions/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpRevision {
    pub id: i64,
    pub parent: i64,
    pub author: i64,
    pub date: String,
    pub date_gmt: String,
    pub modified: String,
    pub modified_gmt: String,
    pub slug: String,
    pub title: WpField,
    pub content: WpContent,
    pub laden_revision: i64,
    pub laden_status: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub laden_layout: Option<Value>,
}

/// One file of an image size (the JPEG, or its WebP copy).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpSource {
    pub file: String,
    pub source_url: String,
}

/// An image size of a library image.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpMediaSize {
    pub file: String,
    pub width: i64,
    pub height: i64,
    pub mime_type: String,
    pub source_url: String,
    /// By MIME type (`image/jpeg`, `image/webp`); not on `full`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub sources: Option<BTreeMap<String, WpSource>>,
}

/// An image's measures and sizes.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpMediaDetails {
    pub width: i64,
    pub height: i64,
    pub file: String,
    pub sizes: BTreeMap<String, WpMediaSize>,
    pub image_meta: super::cart::Empty,
    /// The upload as it came, where `full` is a scaled-down copy.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub original_image: Option<String>,
}

/// `GET /wp/v2/media/{id}`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WpMedia {
    pub id: i64,
    pub date: String,
    pub date_gmt: String,
    pub guid: WpRendered,
    pub modified: String,
    pub modified_gmt: String,
    pub slug: String,
    pub status: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub link: String,
    pub title: WpField,
    pub author: i64,
    pub comment_status: &'static str,
    pub ping_status: &'static str,
    pub template: &'static str,
    pub meta: super::cart::Empty,
    pub description: WpRendered,
    pub caption: WpField,
    pub alt_text: String,
    pub media_type: &'static str,
    pub mime_type: String,
    pub media_details: WpMediaDetails,
    pub post: Option<i64>,
    pub source_url: String,
    /// Sizes still to be made (edit context).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub missing_image_sizes: Option<Vec<String>>,
}
