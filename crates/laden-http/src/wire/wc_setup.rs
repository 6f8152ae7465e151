//! What a WooCommerce tool reads when it is set up against the shop (`wc/v3`): the payment
//! methods, VAT classes and rates, currency, delivery countries, shipping zones with their
//! methods, and the settings groups `general` and `tax`. Read-only; amounts are decimal text
//! ("4.90"), as WooCommerce writes them.

use serde::Serialize;
use std::collections::BTreeMap;

/// `GET /wc/v3/payment_gateways/{id}`: one of the shop's payment methods.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcPaymentGateway {
    pub id: String,
    pub title: String,
    pub description: String,
    pub order: i64,
    pub enabled: bool,
    pub method_title: String,
    pub method_description: String,
    pub method_supports: Vec<&'static str>,
}

/// `GET /wc/v3/taxes/classes`: a VAT class.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTaxClass {
    pub slug: &'static str,
    pub name: String,
}

/// `GET /wc/v3/data/currencies/current`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCurrency {
    pub code: &'static str,
    pub name: String,
    pub symbol: &'static str,
}

/// `GET /wc/v3/taxes/{id}`: a VAT rate (Laden charges German VAT on every delivery, so a rate
/// names no country).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcTaxRate {
    pub id: i64,
    pub country: String,
    pub state: String,
    pub postcode: String,
    pub city: String,
    pub postcodes: Vec<String>,
    pub cities: Vec<String>,
    /// Percent with four decimals ("19.0000").
    pub rate: String,
    pub name: String,
    pub priority: i64,
    pub compound: bool,
    /// Whether the rate also applies to shipping.
    pub shipping: bool,
    pub order: i64,
    /// The VAT class's slug (`standard`, `reduced-rate`).
    pub class: &'static str,
}

/// A region of a country (Laden's delivery countries list none).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcState {
    pub code: String,
    pub name: String,
}

/// `GET /wc/v3/data/countries/{code}`: a delivery country.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcCountry {
    pub code: &'static str,
    pub name: String,
    pub states: Vec<WcState>,
}

/// `GET /wc/v3/shipping/zones/{id}`: a shipping zone; zone 0 holds every delivery country no
/// other zone names.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcShippingZone {
    pub id: i64,
    pub name: String,
    pub order: i64,
}

/// `GET /wc/v3/shipping/zones/{id}/locations`: a country of a zone.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcZoneLocation {
    pub code: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
}

/// A setting's value: text, or a list (a multiselect's).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(untagged)]
pub enum WcSettingValue {
    Text(String),
    List(Vec<String>),
}

/// `GET /wc/v3/settings/{group}/{id}`: a setting, or a field of a shipping method's settings.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcSetting {
    pub id: String,
    pub label: String,
    pub description: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub default: WcSettingValue,
    pub value: WcSettingValue,
    pub tip: String,
    pub placeholder: String,
    /// A select's choices: value → German label.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub options: Option<BTreeMap<String, String>>,
    /// The group, for a setting of `settings/{group}` (none for a method's field).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub group_id: Option<&'static str>,
}

/// `GET /wc/v3/settings`: a settings group.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcSettingGroup {
    pub id: &'static str,
    pub label: String,
    pub description: String,
    pub parent_id: &'static str,
    pub sub_groups: Vec<&'static str>,
}

/// `GET /wc/v3/shipping_methods/{id}`: a kind of shipping method.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcShippingMethod {
    pub id: &'static str,
    pub title: String,
    pub description: String,
}

/// `GET /wc/v3/shipping/zones/{zone}/methods/{id}`: a method of a zone, with its settings
/// (`cost` for the flat rate, `min_amount` for free shipping).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct WcZoneMethod {
    pub id: i64,
    pub instance_id: i64,
    pub title: String,
    pub order: i64,
    pub enabled: bool,
    pub method_id: &'static str,
    pub method_title: String,
    pub method_description: String,
    pub settings: BTreeMap<String, WcSetting>,
}
