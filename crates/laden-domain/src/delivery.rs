//! A product's Lieferzeit per delivery country (Germanized's country-specific delivery times,
//! German legal list 4): a product or variation may state, beside its own default, the delivery
//! time of some countries (made to order abroad, sent from another warehouse). Which one a line
//! shows for a country is decided here; a product that states none for it takes its zone's, then
//! the shop's (`ShopSettings::delivery_time_for`).

use std::collections::BTreeMap;

/// What is wrong with delivery times [`clean`] or [`parse_text`] refuses (a catalogue id).
pub const PROBLEM: &str = "Delivery times by country: one entry per country by its ISO code, such as “AT: 7–10 Werktage | CH: 10–14 Werktage”, each at most 100 characters.";

/// The delivery times a product states for some countries, by ISO 3166-1 alpha-2 code.
pub type ByCountry = BTreeMap<String, String>;

/// The delivery times a product or variation states, its product's taken in: a default and the
/// times of some countries. Empty where it states none (its zone's, then the shop's apply).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stated {
    pub default: String,
    pub by_country: ByCountry,
}

impl Stated {
    /// What a product (`own` default, `own_countries`) states, a variation with its product's
    /// (`parent`): its own times by country and its own default; a variation without a default of
    /// its own adds its product's times for the countries it names none for, and takes its
    /// product's default. A variation's own default beats its product's country values: what it
    /// says of itself is about it, what its product says is about the product.
    pub fn of(own: &str, own_countries: &ByCountry, parent: Option<(&str, &ByCountry)>) -> Stated {
        let mut stated = Stated {
            default: default_of(own, parent.map(|(d, _)| d)).to_owned(),
            by_country: own_countries.clone(),
        };
        if let Some((_, countries)) = parent.filter(|_| own.is_empty()) {
            for (c, t) in countries {
                stated
                    .by_country
                    .entry(c.clone())
                    .or_insert_with(|| t.clone());
            }
        }
        stated
    }

    /// For deliveries to `country` (an upper-case code): its time for the country, else its
    /// default; empty when it states neither.
    pub fn to(&self, country: &str) -> &str {
        self.by_country.get(country).unwrap_or(&self.default)
    }
}

/// The default a product (`own`) or a variation with its product's (`parent`) states: its own,
/// else its product's; [`Stated::default`] without building the rest.
pub fn default_of<'a>(own: &'a str, parent: Option<&'a str>) -> &'a str {
    match parent {
        Some(p) if own.is_empty() => p,
        _ => own,
    }
}

/// The delivery times a product is given, checked: each key an ISO 3166-1 country (any case;
/// one the shop does not deliver to yet keeps its time for when it does), each value one line of at most 100 characters; an empty value drops
/// its country. `Err` names the first country that is not taken.
pub fn clean(raw: &BTreeMap<String, String>) -> Result<ByCountry, String> {
    let mut out = ByCountry::new();
    for (code, text) in raw {
        let country = code.trim().to_ascii_uppercase();
        if crate::country::get(&country).is_none() {
            return Err(code.clone());
        }
        if text.trim().is_empty() {
            continue;
        }
        let text = crate::settings::clean_delivery_time(text).ok_or_else(|| code.clone())?;
        out.insert(country, text);
    }
    Ok(out)
}

/// The delivery times as one line of text, as the CSV export writes them and staff type them:
/// `AT: 7–10 Werktage | CH: 10–14 Werktage`.
pub fn to_text(times: &ByCountry) -> String {
    times
        .iter()
        .map(|(c, t)| format!("{c}: {t}"))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The delivery times in a CSV cell or a text meta value, in the form of [`to_text`]; empty for
/// none. Unchecked (see [`clean`]); `None` when an entry names no country.
pub fn parse_text(cell: &str) -> Option<BTreeMap<String, String>> {
    cell.split('|')
        .filter(|entry| !entry.trim().is_empty())
        .map(|entry| {
            let (code, text) = entry.split_once(':')?;
            Some((code.trim().to_owned(), text.trim().to_owned()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> ByCountry {
        pairs
            .iter()
            .map(|(c, t)| ((*c).to_owned(), (*t).to_owned()))
            .collect()
    }

    #[test]
    fn a_line_shows_the_most_specific_time_stated() {
        let at = map(&[("AT", "7–10 Werktage")]);
        let ch = map(&[("CH", "10–14 Werktage")]);
        let none = ByCountry::new();
        for (own, own_countries, parent, country, want) in [
            // A product: its country's, else its default, else none (the zone's or shop's).
            ("2–3 Werktage", &at, None, "AT", "7–10 Werktage"),
            ("2–3 Werktage", &at, None, "DE", "2–3 Werktage"),
            ("", &at, None, "DE", ""),
            ("", &none, None, "AT", ""),
            // A variation: its own first, then its product's.
            ("", &none, Some(("1 Woche", &at)), "AT", "7–10 Werktage"),
            ("", &none, Some(("1 Woche", &at)), "DE", "1 Woche"),
            ("3 Tage", &none, Some(("1 Woche", &at)), "AT", "3 Tage"),
            ("", &ch, Some(("1 Woche", &at)), "CH", "10–14 Werktage"),
            ("", &ch, Some(("1 Woche", &at)), "AT", "7–10 Werktage"),
            ("", &ch, Some(("", &none)), "DE", ""),
        ] {
            assert_eq!(
                Stated::of(own, own_countries, parent).to(country),
                want,
                "{own:?} {own_countries:?} {parent:?} {country}"
            );
        }
    }

    #[test]
    fn a_variation_carries_its_products_times_only_without_a_default_of_its_own() {
        let at = map(&[("AT", "7–10 Werktage")]);
        let ch = map(&[("CH", "10–14 Werktage"), ("AT", "5 Tage")]);
        let parent = Some(("1 Woche", &at));
        assert_eq!(
            Stated::of("", &ch, parent),
            Stated {
                default: "1 Woche".into(),
                by_country: ch.clone(),
            },
            "its own AT beats its product's"
        );
        let ch_only = map(&[("CH", "10–14 Werktage")]);
        assert_eq!(
            Stated::of("", &ch_only, parent).by_country,
            map(&[("AT", "7–10 Werktage"), ("CH", "10–14 Werktage")])
        );
        assert_eq!(
            Stated::of("3 Tage", &ch_only, parent),
            Stated {
                default: "3 Tage".into(),
                by_country: ch_only.clone(),
            }
        );
        assert_eq!(Stated::of("", &ByCountry::new(), None), Stated::default());
    }

    #[test]
    fn the_default_is_its_own_else_its_products() {
        for (own, parent, want) in [
            ("3 Tage", None, "3 Tage"),
            ("", None, ""),
            ("3 Tage", Some("1 Woche"), "3 Tage"),
            ("", Some("1 Woche"), "1 Woche"),
            ("", Some(""), ""),
        ] {
            assert_eq!(default_of(own, parent), want, "{own:?} {parent:?}");
        }
    }

    #[test]
    fn times_as_text_and_back() {
        let both = map(&[("AT", "7–10 Werktage"), ("CH", "10–14 Werktage")]);
        assert_eq!(to_text(&both), "AT: 7–10 Werktage | CH: 10–14 Werktage");
        assert_eq!(to_text(&ByCountry::new()), "");
        for (cell, want) in [
            ("AT: 7–10 Werktage | CH: 10–14 Werktage", Some(both.clone())),
            (
                " ch:10–14 Werktage|AT :7–10 Werktage |",
                Some(map(&[("ch", "10–14 Werktage"), ("AT", "7–10 Werktage")])),
            ),
            ("AT: ab 10:00 Uhr", Some(map(&[("AT", "ab 10:00 Uhr")]))),
            ("", Some(ByCountry::new())),
            ("7–10 Werktage", None),
            ("AT 7 Tage | CH: 9 Tage", None),
        ] {
            assert_eq!(parse_text(cell), want, "{cell:?}");
        }
    }

    #[test]
    fn given_times_are_checked_per_country() {
        for (raw, want) in [
            (
                map(&[("at", " 7–10   Werktage "), ("CH", "  ")]),
                Ok(map(&[("AT", "7–10 Werktage")])),
            ),
            (map(&[]), Ok(map(&[]))),
            (map(&[("XX", "3 Wochen")]), Err("XX".to_owned())),
            (
                map(&[("Österreich", "1 Woche")]),
                Err("Österreich".to_owned()),
            ),
            (map(&[("AT", &"x".repeat(101))]), Err("AT".to_owned())),
            (
                map(&[("AT", "eine\nWoche")]),
                Ok(map(&[("AT", "eine Woche")])),
            ),
        ] {
            assert_eq!(clean(&raw), want, "{raw:?}");
        }
    }
}
