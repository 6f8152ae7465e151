use serde::{Deserialize, Serialize};

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

    pub const fn rate_percent(self) -> i64 {
        match self {
            TaxClass::Standard => 19,
            TaxClass::Reduced => 7,
            TaxClass::Zero => 0,
        }
    }

    /// The class charging `percent`, if one does.
    pub fn of_rate(percent: i64) -> Option<TaxClass> {
        TaxClass::ALL
            .into_iter()
            .find(|c| c.rate_percent() == percent)
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
        assert_eq!(TaxClass::ALL.map(TaxClass::rate_percent), [19, 7, 0]);
        for class in TaxClass::ALL {
            assert_eq!(TaxClass::of_rate(class.rate_percent()), Some(class));
        }
        assert_eq!(TaxClass::of_rate(16), None);
    }
}
