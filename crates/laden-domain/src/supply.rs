//! Where a sale of goods is taxed, by where the goods go and who buys them: in Germany, in an EU
//! consumer's own country (One-Stop-Shop, § 3c UStG), not at all as an intra-community supply
//! to a business (§ 4 Nr. 1b, § 6a UStG) or as an export (§ 4 Nr. 1a, § 6 UStG). One rule, used
//! by the cart, the checkout and the invoice alike, so an order is never taxed for another
//! country than its delivery address.

use crate::invoice::vat_id::{country_of, in_eu};

/// The yearly total of a shop's distance sales to consumers in other EU countries, net, up to
/// which they may be taxed as German sales (§ 3c (4) UStG, Art. 59c VAT Directive).
pub const OSS_THRESHOLD_CENTS: i64 = 1_000_000;

/// Share of the threshold at which the admin warns that it will soon be passed (in percent).
pub const OSS_WARNING_PERCENT: i64 = 80;

/// How a sale is taxed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Supply {
    /// German VAT at German rates: a delivery within Germany, or to an EU consumer while the
    /// shop stays below the threshold and has not opted in.
    Domestic,
    /// The VAT of the EU consumer's country (ISO code), at that country's rates (One-Stop-Shop).
    Destination(String),
    /// Tax-free intra-community supply to a business with a VAT id of another member state
    /// (§ 4 Nr. 1b, § 6a UStG; EN 16931 category K, VATEX-EU-IC).
    IntraCommunity,
    /// Tax-free export to a country outside the EU (§ 4 Nr. 1a, § 6 UStG; EN 16931 category G).
    Export,
}

impl Supply {
    /// Whether any VAT is charged.
    pub fn taxed(&self) -> bool {
        matches!(self, Supply::Domestic | Supply::Destination(_))
    }

    /// How an order keeps it: `domestic`, `destination:AT`, `intra_community` or `export`.
    pub fn code(&self) -> String {
        match self {
            Supply::Domestic => "domestic".to_owned(),
            Supply::Destination(country) => format!("destination:{country}"),
            Supply::IntraCommunity => "intra_community".to_owned(),
            Supply::Export => "export".to_owned(),
        }
    }

    /// The supply an order kept ([`Supply::code`]); anything else (an order of an older release)
    /// is a domestic one.
    pub fn parse(code: &str) -> Supply {
        match code {
            "intra_community" => Supply::IntraCommunity,
            "export" => Supply::Export,
            _ => match code.strip_prefix("destination:") {
                Some(c) if c.len() == 2 => Supply::Destination(c.to_ascii_uppercase()),
                _ => Supply::Domestic,
            },
        }
    }
}

/// Where a shop stands against the One-Stop-Shop threshold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OssStanding {
    /// The shop taxes every EU distance sale in its destination, whatever its sales („an OSS
    /// teilnehmen“, § 3c (4) sentence 2 UStG).
    pub opted_in: bool,
    /// Its EU distance sales to consumers in the previous calendar year, net cents.
    pub last_year_cents: i64,
    /// Those of the current year before this sale, net cents.
    pub this_year_cents: i64,
}

impl OssStanding {
    /// Whether a distance sale of `sale_cents` (net) is taxed in its destination: the shop opted
    /// in, passed the threshold last year, or passes it this year with this very sale (from that
    /// sale on, § 3c (4) UStG).
    pub fn destination_taxed(&self, sale_cents: i64) -> bool {
        self.opted_in
            || self.last_year_cents > OSS_THRESHOLD_CENTS
            || self.this_year_cents.saturating_add(sale_cents) > OSS_THRESHOLD_CENTS
    }

    /// Whether the admin warns that the threshold is near: the shop has not opted in, passed it
    /// neither last year nor yet this year, and this year's sales reached the warning share.
    pub fn warn(&self) -> bool {
        !self.opted_in
            && self.last_year_cents <= OSS_THRESHOLD_CENTS
            && self.this_year_cents <= OSS_THRESHOLD_CENTS
            && self.this_year_cents * 100 >= OSS_THRESHOLD_CENTS * OSS_WARNING_PERCENT
    }
}

/// A sale as the rule sees it.
#[derive(Debug, Clone, Copy)]
pub struct Sale<'a> {
    /// The shop's own country (where the goods are dispatched from), ISO code.
    pub shop_country: &'a str,
    /// Where the goods go, ISO code.
    pub delivery_country: &'a str,
    /// The buyer's VAT id as given (empty for a consumer); only a well-formed id of an EU member
    /// state other than the shop's makes a business buyer in another member state.
    pub vat_id: &'a str,
    /// The sale's goods and shipping, net cents (for the threshold).
    pub net_cents: i64,
}

/// Whether goods sent from `shop_country` to `delivery_country` leave the EU: a tax-free export
/// whoever buys them, known as soon as the cart knows where it goes.
pub fn exported(shop_country: &str, delivery_country: &str) -> bool {
    let to = delivery_country.trim();
    !to.eq_ignore_ascii_case(shop_country) && !in_eu(&to.to_ascii_uppercase())
}

/// How `sale` is taxed, given where the shop stands against the threshold.
pub fn supply(sale: &Sale<'_>, oss: &OssStanding) -> Supply {
    let to = sale.delivery_country.trim().to_ascii_uppercase();
    if to.eq_ignore_ascii_case(sale.shop_country) {
        return Supply::Domestic;
    }
    if exported(sale.shop_country, &to) {
        return Supply::Export;
    }
    let business = country_of(sale.vat_id)
        .is_some_and(|c| in_eu(c) && !c.eq_ignore_ascii_case(sale.shop_country));
    if business {
        Supply::IntraCommunity
    } else if oss.destination_taxed(sale.net_cents) {
        Supply::Destination(to)
    } else {
        Supply::Domestic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: i64 = OSS_THRESHOLD_CENTS;

    fn standing(opted_in: bool, last_year_cents: i64, this_year_cents: i64) -> OssStanding {
        OssStanding {
            opted_in,
            last_year_cents,
            this_year_cents,
        }
    }

    #[test]
    fn kept_and_read_back() {
        for supply in [
            Supply::Domestic,
            Supply::Destination("AT".into()),
            Supply::IntraCommunity,
            Supply::Export,
        ] {
            assert_eq!(Supply::parse(&supply.code()), supply);
        }
        for (code, want) in [
            ("", Supply::Domestic),
            ("destination:", Supply::Domestic),
            ("destination:fr", Supply::Destination("FR".into())),
            ("reverse_charge", Supply::Domestic),
        ] {
            assert_eq!(Supply::parse(code), want, "{code}");
        }
    }

    #[test]
    fn country_buyer_and_threshold() {
        let below = standing(false, 0, 0);
        let opted = standing(true, 0, 0);
        let over_last_year = standing(false, T + 1, 0);
        let dest = |c: &str| Supply::Destination(c.into());
        for (to, vat_id, oss, net, want) in [
            // Within Germany: German VAT, whoever buys.
            ("DE", "", below, 5_000, Supply::Domestic),
            ("DE", "ATU12345678", opted, 5_000, Supply::Domestic),
            ("de", "", opted, 5_000, Supply::Domestic),
            // An Austrian consumer: German VAT below the threshold, Austrian above or opted in.
            ("AT", "", below, 5_000, Supply::Domestic),
            ("AT", "", opted, 5_000, dest("AT")),
            ("AT", "", over_last_year, 5_000, dest("AT")),
            // Exactly the threshold is not passing it; the sale that passes it is taxed abroad.
            (
                "AT",
                "",
                standing(false, T, T - 5_000),
                5_000,
                Supply::Domestic,
            ),
            ("AT", "", standing(false, 0, T - 5_000), 5_001, dest("AT")),
            // A French business with its VAT id: tax-free intra-community supply.
            ("FR", "FRAB123456789", below, 5_000, Supply::IntraCommunity),
            ("FR", "FRAB123456789", opted, 5_000, Supply::IntraCommunity),
            // An id of another member state than the delivery's still makes a business buyer.
            ("FR", "ATU12345678", below, 5_000, Supply::IntraCommunity),
            // A German id is no id of another member state; a malformed id is none at all.
            ("FR", "DE123456789", opted, 5_000, dest("FR")),
            ("FR", "FR12", opted, 5_000, dest("FR")),
            // Outside the EU: an export, with or without an id.
            ("CH", "", opted, 5_000, Supply::Export),
            ("CH", "CHE123456789", below, 5_000, Supply::Export),
            ("GB", "", below, 5_000, Supply::Export),
            ("NO", "", below, 5_000, Supply::Export),
            ("US", "", below, 5_000, Supply::Export),
        ] {
            let sale = Sale {
                shop_country: "DE",
                delivery_country: to,
                vat_id,
                net_cents: net,
            };
            // The cart knows an export from the country alone.
            assert_eq!(exported("DE", to), want == Supply::Export, "{to}");
            assert_eq!(supply(&sale, &oss), want, "{to} {vat_id:?} {oss:?} {net}");
        }
    }

    #[test]
    fn only_domestic_and_destination_sales_carry_vat() {
        assert!(Supply::Domestic.taxed());
        assert!(Supply::Destination("AT".into()).taxed());
        assert!(!Supply::IntraCommunity.taxed());
        assert!(!Supply::Export.taxed());
    }

    #[test]
    fn the_admin_warns_before_the_threshold() {
        for (oss, warn) in [
            (standing(false, 0, 0), false),
            (standing(false, 0, T * 79 / 100), false),
            (standing(false, 0, T * 80 / 100), true),
            (standing(false, 0, T), true),
            // Passed: no longer a warning, destination taxation applies.
            (standing(false, 0, T + 1), false),
            (standing(false, T + 1, T / 2), false),
            (standing(true, 0, T * 90 / 100), false),
        ] {
            assert_eq!(oss.warn(), warn, "{oss:?}");
        }
    }
}
