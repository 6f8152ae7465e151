//! What the Store API's writes take: the cart's items and coupons, the customer's addresses and
//! the checkout, parsed by [`crate::extract::Body`]. A field that does not fit is a 400 naming it;
//! the rules behind the values (quantities, addresses, checkboxes) stay in the domain and the
//! legal module, which name their own fields.

use crate::extract::Problem;
use laden_domain::address::Address;
use laden_domain::quantity::serde_json_like::Value as QtyValue;
use laden_store::VariationChoice;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::collections::BTreeMap;

/// A positive id, as a number or its text (WooCommerce takes both).
#[derive(Debug, Clone, Copy)]
pub struct Id(pub i64);

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = match Value::deserialize(d)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        match id {
            Some(id) if id > 0 => Ok(Id(id)),
            _ => Err(Problem::new("%s must be a positive whole number.").into_error()),
        }
    }
}

/// A quantity as sent; the domain's `Quantity` decides whether it is one.
#[derive(Debug, Clone)]
pub struct QuantityIn(pub QtyValue);

impl Default for QuantityIn {
    fn default() -> Self {
        QuantityIn(QtyValue::Int(1))
    }
}

impl<'de> Deserialize<'de> for QuantityIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(QuantityIn(match Value::deserialize(d)? {
            Value::Number(n) => match n.as_i64() {
                Some(i) => QtyValue::Int(i),
                None => QtyValue::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => QtyValue::Text(s),
            _ => QtyValue::Other,
        }))
    }
}

/// A cart item's key: required, not empty.
#[derive(Debug, Clone)]
pub struct Key(pub String);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if !s.is_empty() => Ok(Key(s)),
            _ => Err(Problem::new("%s is a required parameter.").into_error()),
        }
    }
}

/// A coupon code: required, trimmed.
#[derive(Debug, Clone)]
pub struct CouponCode(pub String);

impl<'de> Deserialize<'de> for CouponCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) if !s.trim().is_empty() => Ok(CouponCode(s.trim().to_owned())),
            _ => Err(Problem::new("Please enter a coupon code.").into_error()),
        }
    }
}

/// A variation's chosen attributes, `[{attribute, value}]`.
#[derive(Debug, Clone, Default)]
pub struct Variation(pub Vec<VariationChoice>);

impl<'de> Deserialize<'de> for Variation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Variation::default()),
            v => serde_json::from_value(v)
                .map(Variation)
                .map_err(|_| Problem::new("%s must be a list of {attribute, value}.").into_error()),
        }
    }
}

/// A postal address as far as the shopper gave it: every value text (a number is taken as its
/// text, null as empty); unknown fields are ignored.
#[derive(Debug, Clone, Default)]
pub struct AddressIn(pub Address);

impl<'de> Deserialize<'de> for AddressIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let Value::Object(fields) = Value::deserialize(d)? else {
            return Err(Problem::new("Invalid address.").into_error());
        };
        let mut text = serde_json::Map::new();
        for (k, v) in fields {
            let s = match v {
                Value::String(s) => s,
                Value::Number(n) => n.to_string(),
                Value::Null => String::new(),
                _ => return Err(Problem::at("Invalid value.", &k).into_error()),
            };
            text.insert(k, Value::String(s));
        }
        serde_json::from_value(Value::Object(text))
            .map(AddressIn)
            .map_err(|_| Problem::new("Invalid address.").into_error())
    }
}

/// `POST /cart/add-item`.
#[derive(Debug, Deserialize)]
pub struct AddItemIn {
    pub id: Id,
    #[serde(default)]
    pub quantity: QuantityIn,
    #[serde(default)]
    pub variation: Variation,
}

/// `POST /cart/update-item`.
#[derive(Debug, Deserialize)]
pub struct UpdateItemIn {
    pub key: Key,
    #[serde(default)]
    pub quantity: QuantityIn,
}

/// `PUT /cart/items/{key}`.
#[derive(Debug, Deserialize)]
pub struct ItemQuantityIn {
    #[serde(default)]
    pub quantity: QuantityIn,
}

/// `POST /cart/remove-item`.
#[derive(Debug, Deserialize)]
pub struct RemoveItemIn {
    pub key: Key,
}

/// `POST /cart/apply-coupon`, `/cart/remove-coupon`.
#[derive(Debug, Deserialize)]
pub struct CouponIn {
    #[serde(default = "no_code")]
    pub code: CouponCode,
}

/// A missing code is refused as an empty one is (in German, not as a missing parameter).
fn no_code() -> CouponCode {
    CouponCode(String::new())
}

/// `POST /cart/select-shipping-rate`: the rate chosen (for the one package a Laden cart has;
/// its `package_id` is not needed).
#[derive(Debug, Deserialize)]
pub struct SelectRateIn {
    pub rate_id: String,
}

/// `POST /cart/update-customer`: the addresses as far as they are known.
#[derive(Debug, Deserialize)]
pub struct CustomerIn {
    #[serde(default)]
    pub billing_address: Option<AddressIn>,
    #[serde(default)]
    pub shipping_address: Option<AddressIn>,
    #[serde(default)]
    pub extensions: CustomerExtensions,
}

/// `cart/update-customer`'s `extensions`.
#[derive(Debug, Default, Deserialize)]
pub struct CustomerExtensions {
    #[serde(default)]
    pub laden: LadenCustomer,
}

#[derive(Debug, Default, Deserialize)]
pub struct LadenCustomer {
    /// A business customer's VAT id as typed so far (empty: none): with the shop's reverse
    /// charge, the cart prices goods to a business in another member state net.
    #[serde(default)]
    pub vat_id: Option<String>,
}

/// One order-attribution value: text or null (WooCommerce's schema).
#[derive(Debug, Clone)]
pub struct AttributionValue(pub Option<String>);

impl<'de> Deserialize<'de> for AttributionValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(AttributionValue(None)),
            Value::String(s) => Ok(AttributionValue(Some(s))),
            _ => Err(Problem::new("Must be text or null.").into_error()),
        }
    }
}

/// The order attribution's fields (`extensions["woocommerce/order-attribution"]`).
#[derive(Debug, Clone, Default)]
pub struct Attribution(pub BTreeMap<String, AttributionValue>);

impl<'de> Deserialize<'de> for Attribution {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        if !v.is_object() {
            return Err(Problem::new("Invalid order attribution data.").into_error());
        }
        // Each value's own problem names it (`….utm_source`).
        serde_json::from_value::<BTreeMap<String, Value>>(v)
            .map_err(|_| Problem::new("Invalid order attribution data.").into_error())?
            .into_iter()
            .map(|(k, v)| match v {
                Value::Null => Ok((k, AttributionValue(None))),
                Value::String(s) => Ok((k, AttributionValue(Some(s)))),
                _ => Err(Problem::at("Must be text or null.", &k).into_error()),
            })
            .collect::<Result<_, D::Error>>()
            .map(Attribution)
    }
}

/// The checkbox names a shopper ticked (`extensions.laden.checkboxes`).
#[derive(Debug, Clone, Default)]
pub struct Checkboxes(pub Vec<String>);

impl<'de> Deserialize<'de> for Checkboxes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::Null => Ok(Checkboxes::default()),
            v => serde_json::from_value(v)
                .map(Checkboxes)
                .map_err(|_| Problem::new("Must be a list of checkbox names.").into_error()),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct LadenCheckout {
    #[serde(default)]
    pub checkboxes: Checkboxes,
    /// A business customer's VAT id (USt-IdNr.), checked for the billing country.
    #[serde(default)]
    pub vat_id: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct CheckoutExtensions {
    #[serde(default, rename = "woocommerce/order-attribution")]
    pub attribution: Option<Attribution>,
    #[serde(default)]
    pub laden: LadenCheckout,
}

/// `POST /checkout`.
#[derive(Debug, Deserialize)]
pub struct CheckoutIn {
    #[serde(default)]
    pub billing_address: Option<AddressIn>,
    #[serde(default)]
    pub shipping_address: Option<AddressIn>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub customer_note: Option<String>,
    /// What the payment method's script collected (`[{key, value}]`): a Stripe.js token.
    #[serde(default)]
    pub payment_data: PaymentData,
    #[serde(default)]
    pub extensions: CheckoutExtensions,
}

/// `POST /checkout/{id}`: paying an order placed before (a failed or unfinished payment tried
/// again, or another method chosen), as WooCommerce's Store API takes it.
#[derive(Debug, Deserialize)]
pub struct CheckoutOrderIn {
    #[serde(default)]
    pub key: Option<String>,
    #[serde(default)]
    pub billing_email: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub payment_data: PaymentData,
    #[serde(default)]
    pub extensions: CheckoutExtensions,
}

/// WooCommerce's `payment_data`: a list of `{key, value}`, values text (or a flag or number,
/// taken as text).
#[derive(Debug, Clone, Default)]
pub struct PaymentData(pub Vec<(String, String)>);

impl PaymentData {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }
}

impl<'de> Deserialize<'de> for PaymentData {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bad = || Problem::new("Must be a list of {key, value} pairs.").into_error();
        let list = match Value::deserialize(d)? {
            Value::Null => return Ok(PaymentData::default()),
            Value::Array(list) => list,
            _ => return Err(bad()),
        };
        list.into_iter()
            .map(|entry| {
                let key = entry.get("key").and_then(Value::as_str).ok_or_else(bad)?;
                let value = match entry.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(Value::Bool(b)) => b.to_string(),
                    Some(Value::Number(n)) => n.to_string(),
                    None | Some(Value::Null) => String::new(),
                    Some(_) => return Err(bad()),
                };
                Ok((key.to_owned(), value))
            })
            .collect::<Result<_, D::Error>>()
            .map(PaymentData)
    }
}
