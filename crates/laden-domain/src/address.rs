//! Postal addresses and the countries the shop delivers to: the rules a checkout, a customer
//! record and the cart's delivery country share (pure; the HTTP layer words the messages).

use crate::{Email, Phone, Postcode};
use serde::{Deserialize, Serialize};

/// The countries a new shop delivers to, in the order its checkout offers them (the shop then
/// chooses its own: `crate::settings::ShopSettings::delivery_countries`).
pub const DEFAULT_COUNTRIES: &[&str] = &[
    "DE", "AT", "CH", "LU", "NL", "BE", "FR", "DK", "PL", "CZ", "IT",
];

/// A postal address, as the Store API and `wc/v3` read and answer it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default)]
pub struct Address {
    pub first_name: String,
    pub last_name: String,
    pub company: String,
    pub address_1: String,
    pub address_2: String,
    pub city: String,
    pub state: String,
    pub postcode: String,
    pub country: String,
    pub email: String,
    pub phone: String,
}

impl Address {
    pub fn is_blank(&self) -> bool {
        self.first_name.trim().is_empty()
            && self.last_name.trim().is_empty()
            && self.address_1.trim().is_empty()
    }

    pub fn trimmed(&self) -> Address {
        let t = |s: &str| {
            s.trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(200)
                .collect::<String>()
        };
        Address {
            first_name: t(&self.first_name),
            last_name: t(&self.last_name),
            company: t(&self.company),
            address_1: t(&self.address_1),
            address_2: t(&self.address_2),
            city: t(&self.city),
            state: t(&self.state),
            postcode: t(&self.postcode),
            country: t(&self.country).to_uppercase(),
            email: t(&self.email),
            phone: t(&self.phone),
        }
    }

    /// Format problems of the fields that are filled in (staff may keep an
    /// address incomplete): country (one of `countries`, the shop's), postcode, e-mail, phone.
    pub fn format_problems(&self, prefix: &str, countries: &[String]) -> Vec<(String, String)> {
        let a = self.trimmed();
        let mut out = Vec::new();
        if !a.country.is_empty() && !countries.contains(&a.country) {
            out.push((
                format!("{prefix}.country"),
                "We do not deliver to this country.".into(),
            ));
        }
        if !a.postcode.is_empty()
            && !a.country.is_empty()
            && Postcode::parse(&a.country, &a.postcode).is_none()
        {
            out.push((
                format!("{prefix}.postcode"),
                "Please enter a valid postcode.".into(),
            ));
        }
        if !a.email.is_empty() && Email::parse(&a.email).is_none() {
            out.push((
                format!("{prefix}.email"),
                "Please enter a valid email address.".into(),
            ));
        }
        if !a.phone.is_empty() && Phone::parse(&a.phone).is_none() {
            out.push((
                format!("{prefix}.phone"),
                "Please enter a valid phone number.".into(),
            ));
        }
        out
    }

    /// The address with every field trimmed and stripped of control characters.
    pub fn cleaned(&self) -> Address {
        self.trimmed()
    }

    /// Field problems as (field path, English message id of the catalogue); the country must be
    /// one of `countries` (the shop's delivery countries), the postcode of its format, and
    /// empty only where the country has none.
    pub fn problems(
        &self,
        prefix: &str,
        billing: bool,
        countries: &[String],
        out: &mut Vec<(String, String)>,
    ) {
        let has_postcode = crate::country::get(&self.country).is_none_or(|c| c.has_postcode);
        let mut need = |field: &str, value: &str, msg: &str| {
            if value.is_empty() {
                out.push((format!("{prefix}.{field}"), msg.to_owned()));
            }
        };
        need(
            "first_name",
            &self.first_name,
            "Please enter your first name.",
        );
        need("last_name", &self.last_name, "Please enter your last name.");
        need(
            "address_1",
            &self.address_1,
            "Please enter your street and house number.",
        );
        need("city", &self.city, "Please enter your town or city.");
        if has_postcode {
            need("postcode", &self.postcode, "Please enter your postcode.");
        }
        need("country", &self.country, "Please choose your country.");
        if !self.country.is_empty()
            && !countries
                .iter()
                .any(|c| c.eq_ignore_ascii_case(&self.country))
        {
            out.push((
                format!("{prefix}.country"),
                "We do not deliver to this country.".into(),
            ));
        }
        if (!self.postcode.is_empty() || !has_postcode)
            && Postcode::parse(&self.country, &self.postcode).is_none()
        {
            out.push((
                format!("{prefix}.postcode"),
                "Please enter a valid postcode.".into(),
            ));
        }
        if billing {
            if self.email.is_empty() {
                out.push((
                    format!("{prefix}.email"),
                    "Please enter your email address.".into(),
                ));
            } else if Email::parse(&self.email).is_none() {
                out.push((
                    format!("{prefix}.email"),
                    "Please enter a valid email address.".into(),
                ));
            }
        }
        if !self.phone.is_empty() && Phone::parse(&self.phone).is_none() {
            out.push((
                format!("{prefix}.phone"),
                "Please enter a valid phone number.".into(),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop() -> Vec<String> {
        ["DE", "AT", "HK"].map(String::from).to_vec()
    }

    fn address(country: &str, postcode: &str, email: &str, phone: &str) -> Address {
        Address {
            first_name: "Anna".into(),
            last_name: "Berg".into(),
            address_1: "Hauptstr. 1".into(),
            city: "Berlin".into(),
            country: country.into(),
            postcode: postcode.into(),
            email: email.into(),
            phone: phone.into(),
            ..Address::default()
        }
    }

    #[test]
    fn format_problems_name_each_bad_field() {
        let cases: [(Address, &[&str]); 6] = [
            (address("DE", "10115", "a@b.de", ""), &[]),
            (address("US", "", "", ""), &["billing.country"]),
            (address("AT", "10115", "", ""), &["billing.postcode"]),
            (address("DE", "1011", "", ""), &["billing.postcode"]),
            (address("DE", "", "kein-at", ""), &["billing.email"]),
            (address("", "", "", ""), &[]),
        ];
        for (a, want) in cases {
            let got: Vec<String> = a
                .format_problems("billing", &shop())
                .into_iter()
                .map(|(f, _)| f)
                .collect();
            assert_eq!(
                got,
                want.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "{a:?}"
            );
        }
    }

    #[test]
    fn checkout_problems_ask_for_what_is_missing() {
        let mut out = Vec::new();
        Address::default().problems("billing_address", true, &shop(), &mut out);
        let fields: Vec<&str> = out.iter().map(|(f, _)| f.as_str()).collect();
        for f in [
            "first_name",
            "last_name",
            "address_1",
            "city",
            "postcode",
            "country",
            "email",
        ] {
            assert!(
                fields.contains(&format!("billing_address.{f}").as_str()),
                "{f}: {fields:?}"
            );
        }
        let mut out = Vec::new();
        address("AT", "1010", "", "").problems("shipping_address", false, &shop(), &mut out);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn the_shops_countries_and_their_postcodes() {
        let fields = |a: Address| {
            let mut out = Vec::new();
            a.problems("shipping_address", false, &shop(), &mut out);
            out.into_iter().map(|(f, _)| f).collect::<Vec<_>>()
        };
        // A country the shop does not deliver to, though ISO knows it.
        assert_eq!(
            fields(address("SE", "114 55", "", "")),
            ["shipping_address.country"]
        );
        // Hong Kong has no postcodes: none is asked for, and one given is wrong.
        assert!(fields(address("HK", "", "", "")).is_empty());
        assert_eq!(
            fields(address("HK", "999077", "", "")),
            ["shipping_address.postcode"]
        );
        // Austria's are four digits.
        assert_eq!(
            fields(address("AT", "10115", "", "")),
            ["shipping_address.postcode"]
        );
        assert_eq!(
            fields(address("AT", "", "", "")),
            ["shipping_address.postcode"]
        );
    }

    #[test]
    fn trimmed_cleans_and_uppercases_the_country() {
        let a = Address {
            first_name: "  Anna\u{7}  ".into(),
            country: " de ".into(),
            ..Address::default()
        }
        .trimmed();
        assert_eq!((a.first_name.as_str(), a.country.as_str()), ("Anna", "DE"));
        assert!(Address::default().is_blank());
    }

    #[test]
    fn countries_by_their_german_names() {
        for (code, want) in [
            ("DE", "Deutschland"),
            ("at", "Österreich"),
            ("CZ", "Tschechien"),
            ("SE", "Schweden"),
            ("XX", "XX"),
        ] {
            assert_eq!(crate::country::name(code), want);
        }
        for code in DEFAULT_COUNTRIES {
            assert!(crate::country::get(code).is_some(), "{code}");
        }
    }
}
