//! The VAT rates of the EU member states for Laden's tax classes: what a sale taxed in its
//! destination charges (One-Stop-Shop, § 3c UStG). Data with its source and date; a shop whose
//! rates change before a release brings them sets its own per country and class (`wc/v3/taxes`,
//! kept in the settings' `vat_rates`), which go before these.
//!
//! Each class maps to one rate per member state: `standard` to the standard rate; `reduced`
//! (7 % in Germany: foodstuffs, books) to the member state's first reduced rate of at least 5 %
//! (the super-reduced rates below it apply to narrow lists), where it has one, else its standard
//! rate (Denmark); `zero` to 0 %.

use crate::{CartLine, Money, TaxClass, VatRate};
use std::collections::BTreeMap;

/// Where the rates below come from.
pub const SOURCE: &str = "European Commission, \"VAT rates applied in the Member States of the European Union\" (situation at 1 January 2025), with the changes in force since: Estonia 24 % (1 July 2025), Romania 21 % and 11 % (1 August 2025)";

/// The day the rates below are in force from (the latest change they include).
pub const AS_OF: &str = "2025-08-01";

/// One member state's rates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rates {
    /// ISO 3166-1 code (Greece as GR, as addresses write it).
    pub country: &'static str,
    pub standard: VatRate,
    pub reduced: VatRate,
    /// The home rates (standard, reduced) whose net price a sale here keeps, where the shop
    /// keeps net prices across member states („feste Bruttopreise“ off): the gross follows this
    /// member state's rate. `None`: the gross price stays and the VAT it contains changes.
    pub net_kept_from: Option<(VatRate, VatRate)>,
}

impl Rates {
    /// The rate of `class` in this member state.
    pub fn rate(&self, class: TaxClass) -> VatRate {
        match class {
            TaxClass::Standard => self.standard,
            TaxClass::Reduced => self.reduced,
            TaxClass::Zero => VatRate::ZERO,
        }
    }

    /// These rates where the sale keeps the net price of `home`'s (the gross price follows the
    /// rate): nothing changes where the rates are `home`'s own.
    pub fn keeping_net_of(self, home: &Rates) -> Rates {
        Rates {
            net_kept_from: (self.country != home.country).then_some((home.standard, home.reduced)),
            ..self
        }
    }

    /// What a price of `class`, gross at home, costs here: the same, unless the net is kept
    /// ([`Rates::keeping_net_of`]), then that net with this member state's VAT on it.
    pub fn price(&self, home_gross: Money, class: TaxClass) -> Money {
        match self.net_kept_from {
            None => home_gross,
            Some((standard, reduced)) => {
                let from = match class {
                    TaxClass::Standard => standard,
                    TaxClass::Reduced => reduced,
                    TaxClass::Zero => VatRate::ZERO,
                };
                regross(home_gross, from, self.rate(class))
            }
        }
    }

    /// What shipping costing `home_cost` (gross at home) costs here: the same unless the net is
    /// kept, then each share of it (split over the goods' home rates as the totals split it,
    /// `lines` at home rates) with its net kept at its class's rate here.
    pub fn shipping_price(&self, home_cost: Money, lines: &[CartLine]) -> Money {
        if self.net_kept_from.is_none() {
            return home_cost;
        }
        let mut shares: BTreeMap<VatRate, Money> = BTreeMap::new();
        let mut class_of: BTreeMap<VatRate, TaxClass> = BTreeMap::new();
        for l in lines.iter().filter(|l| l.needs_shipping) {
            *shares.entry(l.shipping_rate()).or_default() += l.total();
            let class = if l.shipping_rate().is_zero() {
                TaxClass::Zero
            } else {
                l.tax_class
            };
            class_of.insert(l.shipping_rate(), class);
        }
        let parts = crate::totals::split(home_cost, &shares);
        if parts.is_empty() {
            return home_cost;
        }
        parts
            .iter()
            .map(|(rate, &part)| self.price(part, class_of.get(rate).copied().unwrap_or_default()))
            .sum()
    }
}

/// A gross price at rate `from` with its net kept and taxed at `to`: `gross` × (1 + to) /
/// (1 + from), rounded half away from zero (1,19 € at 19 % is 1,20 € at 20 %).
pub fn regross(gross: Money, from: VatRate, to: VatRate) -> Money {
    if from == to {
        return gross;
    }
    let num = i128::from(gross.cents()) * i128::from(10_000 + to.hundredths());
    let den = i128::from(10_000 + from.hundredths());
    let half = if num >= 0 { den / 2 } else { -(den / 2) };
    Money::from_cents(i64::try_from((num + half) / den).unwrap_or(i64::MAX / 4))
}

const fn r(country: &'static str, standard: i64, reduced: i64) -> Rates {
    Rates {
        country,
        standard: VatRate::from_hundredths(standard),
        reduced: VatRate::from_hundredths(reduced),
        net_kept_from: None,
    }
}

/// Every member state, by code.
const TABLE: [Rates; 27] = [
    r("AT", 2000, 1000),
    r("BE", 2100, 600),
    r("BG", 2000, 900),
    r("CY", 1900, 500),
    r("CZ", 2100, 1200),
    r("DE", 1900, 700),
    r("DK", 2500, 2500),
    r("EE", 2400, 900),
    r("ES", 2100, 1000),
    r("FI", 2550, 1000),
    r("FR", 2000, 550),
    r("GR", 2400, 600),
    r("HR", 2500, 500),
    r("HU", 2700, 500),
    r("IE", 2300, 900),
    r("IT", 2200, 500),
    r("LT", 2100, 500),
    r("LU", 1700, 800),
    r("LV", 2100, 500),
    r("MT", 1800, 500),
    r("NL", 2100, 900),
    r("PL", 2300, 500),
    r("PT", 2300, 600),
    r("RO", 2100, 1100),
    r("SE", 2500, 600),
    r("SI", 2200, 500),
    r("SK", 2300, 500),
];

/// Every member state's rates, by code.
pub fn all() -> &'static [Rates] {
    &TABLE
}

/// A member state's rates (`None` outside the EU); Greece also as EL, its VAT-id prefix.
pub fn of(country: &str) -> Option<Rates> {
    let code = country.trim().to_ascii_uppercase();
    let code = if code == "EL" { "GR".to_owned() } else { code };
    TABLE.iter().find(|r| r.country == code).copied()
}

/// The German rates (the classes' own).
pub fn german() -> Rates {
    Rates {
        country: crate::settings::HOME_COUNTRY,
        standard: TaxClass::Standard.rate(),
        reduced: TaxClass::Reduced.rate(),
        net_kept_from: None,
    }
}

/// A rate the shop set itself for a member state and class, going before the table's.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OwnRate {
    pub country: String,
    pub class: TaxClass,
    pub rate: VatRate,
}

/// The rates a sale is taxed at: the destination's for one taxed there (One-Stop-Shop), the
/// German ones otherwise; the shop's own rates for that country go before the table's.
pub fn for_supply(supply: &crate::supply::Supply, own: &[OwnRate]) -> Rates {
    let base = match supply {
        crate::supply::Supply::Destination(c) => of(c).unwrap_or_else(german),
        _ => german(),
    };
    let own_rate = |class: TaxClass, default: VatRate| {
        own.iter()
            .find(|o| o.class == class && o.country.eq_ignore_ascii_case(base.country))
            .map_or(default, |o| o.rate)
    };
    Rates {
        standard: own_rate(TaxClass::Standard, base.standard),
        reduced: own_rate(TaxClass::Reduced, base.reduced),
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::supply::Supply;

    #[test]
    fn every_member_state_has_rates_and_germany_its_own() {
        let eu: Vec<&str> = crate::invoice::vat_id::eu_member_states().collect();
        assert_eq!(TABLE.len(), eu.len());
        for code in eu {
            let code = if code == "EL" { "GR" } else { code };
            let r = of(code).unwrap_or_else(|| panic!("{code} has rates"));
            assert!(r.standard >= VatRate::percent(15), "{code}: the EU minimum");
            assert!(
                r.reduced >= VatRate::percent(5) && r.reduced <= r.standard,
                "{code}"
            );
        }
        assert_eq!(of("DE"), Some(german()));
        assert_eq!(of("CH"), None);
        assert_eq!(of("el").map(|r| r.country), Some("GR"));
        // Codes in order, each once.
        assert!(TABLE.windows(2).all(|w| w[0].country < w[1].country));
    }

    #[test]
    fn a_sale_is_taxed_at_its_places_rates_with_the_shops_own_first() {
        use TaxClass::*;
        let at = Supply::Destination("AT".into());
        let fr = Supply::Destination("FR".into());
        let own = [OwnRate {
            country: "at".into(),
            class: Reduced,
            rate: VatRate::percent(13),
        }];
        for (supply, own, class, want) in [
            (&Supply::Domestic, &[][..], Standard, 1900),
            (&Supply::Domestic, &[][..], Reduced, 700),
            (&at, &[][..], Standard, 2000),
            (&at, &[][..], Reduced, 1000),
            (&at, &own[..], Reduced, 1300),
            (&at, &own[..], Standard, 2000),
            (&fr, &own[..], Reduced, 550),
            (&Supply::Destination("FI".into()), &[][..], Standard, 2550),
            (&at, &[][..], Zero, 0),
            (&Supply::Export, &[][..], Standard, 1900),
            (&Supply::Domestic, &own[..], Reduced, 700),
        ] {
            assert_eq!(
                for_supply(supply, own).rate(class).hundredths(),
                want,
                "{supply:?} {class:?}"
            );
        }
    }

    #[test]
    fn a_kept_net_price_takes_each_member_states_vat_on_top() {
        use TaxClass::*;
        let home = german();
        let at = of("AT").expect("a member state").keeping_net_of(&home);
        let fr = of("FR").expect("a member state").keeping_net_of(&home);
        let lu = of("LU").expect("a member state").keeping_net_of(&home);
        type Case = (Rates, TaxClass, i64, i64);
        let cases: [Case; 9] = [
            // 10,00 € net: 11,90 € at home, 12,00 € in Austria.
            (at, Standard, 1190, 1200),
            // 10,00 € net at 7 %: 11,00 € at Austria's 10 %.
            (at, Reduced, 1070, 1100),
            // 9,99 € gross is 8,394957… € net; at 20 %: 10,0739… €.
            (at, Standard, 999, 1007),
            (fr, Reduced, 1070, 1055),
            // Luxembourg's 17 % is below Germany's 19 %: cheaper there.
            (lu, Standard, 1190, 1170),
            (at, Zero, 500, 500),
            // The gross price kept: as at home.
            (of("AT").expect("a member state"), Standard, 1190, 1190),
            // Home rates keep their own price.
            (german().keeping_net_of(&home), Standard, 1190, 1190),
            (at, Standard, 0, 0),
        ];
        for (rates, class, gross, want) in cases {
            assert_eq!(
                rates.price(Money::from_cents(gross), class).cents(),
                want,
                "{} {class:?} {gross}",
                rates.country
            );
        }
        assert_eq!(
            regross(
                Money::from_cents(-1190),
                VatRate::percent(19),
                VatRate::percent(20)
            )
            .cents(),
            -1200
        );
    }

    #[test]
    fn kept_net_shipping_follows_the_goods_classes() {
        let line = |class: TaxClass, cents: i64, ships: bool| CartLine {
            unit_price: Money::from_cents(cents),
            quantity: 1,
            tax_class: class,
            vat_rate: class.rate(),
            needs_shipping: ships,
            taxed: true,
            shipping_taxed: true,
            deposit: Money::ZERO,
        };
        let at = of("AT").expect("a member state").keeping_net_of(&german());
        let cost = Money::from_cents(490);
        type Case = (Vec<CartLine>, i64);
        let cases: Vec<Case> = vec![
            // Coffee alone (7 %): 4,90 € is 4,5794 € net, 5,0374 € at Austria's 10 %.
            (vec![line(TaxClass::Reduced, 1000, true)], 504),
            (vec![line(TaxClass::Standard, 1000, true)], 494),
            // Half and half: 2,45 € at each rate, each share's net kept (2,47 € + 2,52 €).
            (
                vec![
                    line(TaxClass::Standard, 1000, true),
                    line(TaxClass::Reduced, 1000, true),
                ],
                499,
            ),
            // Goods that are not shipped have no share.
            (
                vec![
                    line(TaxClass::Standard, 1000, true),
                    line(TaxClass::Reduced, 1000, false),
                ],
                494,
            ),
            (vec![], 490),
        ];
        for (lines, want) in cases {
            assert_eq!(at.shipping_price(cost, &lines).cents(), want, "{lines:?}");
        }
        assert_eq!(
            of("AT")
                .expect("a member state")
                .shipping_price(cost, &[line(TaxClass::Reduced, 1000, true)]),
            cost
        );
    }
}

#[cfg(test)]
mod totals_tests {
    use super::*;
    use crate::totals::compute;
    use crate::{CartLine, Money};

    #[test]
    fn destination_rates_keep_the_gross_price_and_change_the_vat_it_contains() {
        let line = |class: TaxClass, cents: i64| CartLine {
            unit_price: Money::from_cents(cents),
            quantity: 2,
            tax_class: class,
            vat_rate: class.rate(),
            needs_shipping: true,
            taxed: true,
            shipping_taxed: true,
            deposit: Money::ZERO,
        };
        let rule = Money::from_cents(490);
        // Per country, each rate (hundredths): its goods with their share of shipping, and the
        // VAT that contains (cents); shipping follows the goods' rates.
        for (country, want) in [
            ("DE", vec![(1900, 2640, 422), (700, 2340, 153)]),
            ("AT", vec![(2000, 2640, 440), (1000, 2340, 213)]),
            // France's reduced rate has a fraction: 23,40 € contain 1,22 € at 5.5 %.
            ("FR", vec![(2000, 2640, 440), (550, 2340, 122)]),
            ("FI", vec![(2550, 2640, 536), (1000, 2340, 213)]),
        ] {
            let rates = of(country).unwrap_or_else(german);
            let lines: Vec<CartLine> = [
                line(TaxClass::Standard, 1190),
                line(TaxClass::Reduced, 1055),
            ]
            .into_iter()
            .map(|l| l.taxed_at(&rates))
            .collect();
            let t = compute(&lines, rule);
            assert_eq!(
                t.total.cents(),
                2380 + 2110 + 490,
                "{country}: the same gross"
            );
            let got: Vec<(i64, i64, i64)> = t
                .vat
                .iter()
                .map(|v| (v.rate_percent.hundredths(), v.gross.cents(), v.vat.cents()))
                .collect();
            assert_eq!(got, want, "{country}");
        }
    }
}
