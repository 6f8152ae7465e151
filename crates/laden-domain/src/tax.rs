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
}

impl TaxClass {
    /// Every class, standard first.
    pub const ALL: [TaxClass; 2] = [TaxClass::Standard, TaxClass::Reduced];

    pub const fn rate_percent(self) -> i64 {
        match self {
            TaxClass::Standard => 19,
            TaxClass::Reduced => 7,
        }
    }

    /// WooCommerce's slugs: "" is standard, "reduced-rate" is reduced. German
    /// exports say "ermäßigter Steuersatz".
    pub fn from_woo(slug: &str) -> TaxClass {
        let s = slug.trim().to_lowercase();
        if s.contains("reduced") || s.contains("ermäßigt") || s.contains("ermaessigt") || s == "7"
        {
            TaxClass::Reduced
        } else {
            TaxClass::Standard
        }
    }

    pub const fn woo_slug(self) -> &'static str {
        match self {
            TaxClass::Standard => "",
            TaxClass::Reduced => "reduced-rate",
        }
    }

    pub fn parse(s: &str) -> Option<TaxClass> {
        match s {
            "standard" => Some(TaxClass::Standard),
            "reduced" => Some(TaxClass::Reduced),
            _ => None,
        }
    }

    pub const fn as_str(self) -> &'static str {
        match self {
            TaxClass::Standard => "standard",
            TaxClass::Reduced => "reduced",
        }
    }
}
