use serde::{Deserialize, Serialize};

/// A VAT rate in hundredths of a percent (1900 = 19 %, 550 = 5.5 %): member states' rates have
/// fractions (France's 5.5 %, Ireland's 13.5 %, Finland's 25.5 %). On the wire it is the
/// percentage as a JSON number (`19`, `5.5`), as WooCommerce writes `rate_percent`; it has no
/// `Display`, so each place says whether it writes for machines ([`VatRate::decimal`]) or for
/// people ([`VatRate::german`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "number"))]
pub struct VatRate(i64);

impl VatRate {
    pub const ZERO: VatRate = VatRate(0);

    /// A whole-percent rate.
    pub const fn percent(p: i64) -> VatRate {
        VatRate(p * 100)
    }

    pub const fn from_hundredths(h: i64) -> VatRate {
        VatRate(h)
    }

    /// The rate in hundredths of a percent (as stored).
    pub const fn hundredths(self) -> i64 {
        self.0
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// `19`, `5.5`, `13.5`: XML, CSV and API strings.
    pub fn decimal(self) -> String {
        let (whole, frac) = (self.0 / 100, (self.0 % 100).abs());
        match frac {
            0 => whole.to_string(),
            f if f % 10 == 0 => format!("{whole}.{}", f / 10),
            f => format!("{whole}.{f:02}"),
        }
    }

    /// `19`, `5,5`: for text people read (followed by „ %“).
    pub fn german(self) -> String {
        self.decimal().replace('.', ",")
    }

    /// A rate as written: `19`, `19.0000` (WooCommerce's tax table), `5.5`, `5,5`; at most two
    /// decimals that are not zero, not negative, below 100 %.
    pub fn parse(s: &str) -> Option<VatRate> {
        let s = s.trim().trim_end_matches('%').trim().replace(',', ".");
        let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let frac = frac.trim_end_matches('0');
        if frac.len() > 2 || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let frac: i64 = format!("{frac:0<2}").parse().ok()?;
        (whole < 100).then_some(VatRate(whole * 100 + frac))
    }
}

impl Serialize for VatRate {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 100 == 0 {
            s.serialize_i64(self.0 / 100)
        } else {
            #[allow(clippy::cast_precision_loss)]
            s.serialize_f64(self.0 as f64 / 100.0)
        }
    }
}

impl<'de> Deserialize<'de> for VatRate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let percent = f64::deserialize(d)?;
        if !(0.0..100.0).contains(&percent) {
            return Err(serde::de::Error::custom(
                "a VAT rate is a percentage from 0 to 100",
            ));
        }
        #[allow(clippy::cast_possible_truncation)]
        Ok(VatRate((percent * 100.0).round() as i64))
    }
}

/// German VAT classes. Prices are entered and shown gross ("inkl. MwSt.").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum TaxClass {
    /// 19 %
    #[default]
    Standard,
    /// 7 % (food, books, …)
    Reduced,
    /// 0 %: goods supplied at the zero rate, such as solar modules and their storage for a
    /// home (§ 12 (3) UStG); WooCommerce's "Zero rate" class.
    Zero,
}

impl TaxClass {
    /// Every class, standard first.
    pub const ALL: [TaxClass; 3] = [TaxClass::Standard, TaxClass::Reduced, TaxClass::Zero];

    /// The German rate of the class.
    pub const fn rate(self) -> VatRate {
        match self {
            TaxClass::Standard => VatRate::percent(19),
            TaxClass::Reduced => VatRate::percent(7),
            TaxClass::Zero => VatRate::ZERO,
        }
    }

    /// The class charging `rate` in Germany, if one does.
    pub fn of_rate(rate: VatRate) -> Option<TaxClass> {
        TaxClass::ALL.into_iter().find(|c| c.rate() == rate)
    }

    /// A class as a WooCommerce CSV names it, leniently as WooCommerce's importer reads it: ""
    /// and any class the shop does not have are standard; "reduced-rate" and "zero-rate" (and
    /// German exports' „Ermäßigter Steuersatz“ and „Nullsatz“) are the others.
    pub fn from_woo(slug: &str) -> TaxClass {
        let s = slug.trim().to_lowercase();
        if s.contains("reduced") || s.contains("ermäßigt") || s.contains("ermaessigt") || s == "7"
        {
            TaxClass::Reduced
        } else if s.contains("zero") || s.starts_with("null") || s == "0" {
            TaxClass::Zero
        } else {
            TaxClass::Standard
        }
    }

    /// A class by its WooCommerce slug, strictly, as the REST API takes it: `standard` or ""
    /// (standard), `reduced-rate`, `zero-rate`; `None` for any other.
    pub fn from_slug(slug: &str) -> Option<TaxClass> {
        match slug {
            "" | "standard" => Some(TaxClass::Standard),
            _ => TaxClass::ALL
                .into_iter()
                .find(|c| !c.woo_slug().is_empty() && c.woo_slug() == slug),
        }
    }

    pub const fn woo_slug(self) -> &'static str {
        match self {
            TaxClass::Standard => "",
            TaxClass::Reduced => "reduced-rate",
            TaxClass::Zero => "zero-rate",
        }
    }

    pub fn parse(s: &str) -> Option<TaxClass> {
        match s {
            "standard" => Some(TaxClass::Standard),
            "reduced" => Some(TaxClass::Reduced),
            "zero" => Some(TaxClass::Zero),
            _ => None,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            TaxClass::Standard => "standard",
            TaxClass::Reduced => "reduced",
            TaxClass::Zero => "zero",
        }
    }
}

/// What is said beside the price of goods sold under the margin scheme for second-hand goods
/// (§ 25a UStG), in place of "inkl. MwSt.": the VAT on the dealer's margin may not be shown
/// (§ 14a (6) UStG).
pub fn margin_scheme_notice() -> String {
    crate::i18n::t("margin scheme under section 25a UStG, VAT not shown")
}

#[cfg(test)]
mod tests {
    use super::TaxClass::{self, *};
    use super::VatRate;

    #[test]
    fn a_csv_names_a_class_leniently() {
        for (cell, class) in [
            ("", Standard),
            ("standard", Standard),
            ("parent", Standard),
            ("luxury-rate", Standard),
            ("reduced-rate", Reduced),
            ("Ermäßigter Steuersatz", Reduced),
            ("7", Reduced),
            ("zero-rate", Zero),
            (" Zero rate ", Zero),
            ("Nullsatz", Zero),
            ("Null-Steuersatz", Zero),
            ("0", Zero),
        ] {
            assert_eq!(TaxClass::from_woo(cell), class, "{cell:?}");
        }
    }

    #[test]
    fn the_rest_api_takes_only_the_shops_slugs() {
        for (slug, class) in [
            ("", Some(Standard)),
            ("standard", Some(Standard)),
            ("reduced-rate", Some(Reduced)),
            ("zero-rate", Some(Zero)),
            ("Zero-rate", None),
            ("zero", None),
            ("luxury-rate", None),
        ] {
            assert_eq!(TaxClass::from_slug(slug), class, "{slug:?}");
        }
    }

    #[test]
    fn each_class_reads_back_from_its_stored_name_and_slug() {
        for class in TaxClass::ALL {
            assert_eq!(TaxClass::parse(class.as_str()), Some(class));
            assert_eq!(TaxClass::from_woo(class.woo_slug()), class);
            assert_eq!(TaxClass::from_slug(class.woo_slug()), Some(class));
        }
        assert_eq!(TaxClass::ALL.map(|c| c.rate().hundredths()), [1900, 700, 0]);
        for class in TaxClass::ALL {
            assert_eq!(TaxClass::of_rate(class.rate()), Some(class));
        }
        assert_eq!(TaxClass::of_rate(VatRate::percent(16)), None);
    }

    #[test]
    fn a_rate_is_written_and_read_with_its_fraction() {
        for (h, decimal, german) in [
            (1900, "19", "19"),
            (550, "5.5", "5,5"),
            (1350, "13.5", "13,5"),
            (2550, "25.5", "25,5"),
            (210, "2.1", "2,1"),
            (485, "4.85", "4,85"),
            (0, "0", "0"),
        ] {
            let r = VatRate::from_hundredths(h);
            assert_eq!(
                (r.decimal().as_str(), r.german().as_str()),
                (decimal, german)
            );
            assert_eq!(VatRate::parse(decimal), Some(r), "{decimal}");
            assert_eq!(VatRate::parse(german), Some(r), "{german}");
            let json = serde_json::to_string(&r).expect("serializes");
            assert_eq!(json, decimal);
            assert_eq!(
                serde_json::from_str::<VatRate>(&json).expect("reads back"),
                r
            );
        }
        assert_eq!(VatRate::parse("19.0000"), Some(VatRate::percent(19)));
        assert_eq!(VatRate::parse("7 %"), Some(VatRate::percent(7)));
        for bad in ["", "-1", "100", "5.555", "x", "1e2", ".5"] {
            assert_eq!(VatRate::parse(bad), None, "{bad:?}");
        }
        assert!(serde_json::from_str::<VatRate>("-1").is_err());
    }
}
