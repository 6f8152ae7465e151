//! Sale price labels (Germanized's „Preisauszeichnungen“): the words a reduced price is shown
//! with. One stands before the struck-through price and says what it was („UVP“ for the
//! manufacturer's recommended retail price, „Alter Preis“ for the shop's own earlier price), one
//! before the price asked now („Neuer Preis“). Without a label the struck price is read to a
//! screen reader as „Ursprünglicher Preis“ and nothing is shown.
//!
//! The shop keeps its labels once (`ShopSettings::price_labels`, as Germanized keeps its
//! `product_price_label` terms) with one default for each place; a product names its own by
//! slug (Germanized's `_sale_price_label` for the struck price, `_sale_price_regular_label` for
//! the new one), a variation its own or its product's.

use crate::i18n::t;
use crate::text::NameProblem;
use serde::{Deserialize, Serialize};

/// Most price labels a shop may keep.
pub const MAX_LABELS: usize = 50;
/// The longest label, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The refusal of a label the shop does not keep (a catalogue id).
pub const UNKNOWN_LABEL: &str =
    "There is no such price label: add it in the shop's settings first.";

/// A label as the shop keeps it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct PriceLabel {
    /// Made from the name (`text::slugify`) and kept when it is renamed; what products name.
    pub slug: String,
    pub name: String,
}

impl PriceLabel {
    /// A label as entered: its name trimmed, its slug made from it, or `keep` where it had one.
    pub fn entered(name: &str, keep: &str) -> PriceLabel {
        let name = crate::text::one_line(name, usize::MAX).unwrap_or_default();
        let kept = crate::text::slugify(keep);
        PriceLabel {
            slug: if kept.is_empty() {
                crate::text::slugify(&name)
            } else {
                kept
            },
            name,
        }
    }
}

/// Which labels are chosen, by slug (empty: none chosen here): the struck price's and the
/// new price's. A product's, or the shop's defaults.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct SaleLabels {
    /// Before the struck-through (regular) price: Germanized's `_sale_price_label`.
    pub strike: String,
    /// Before the reduced price: Germanized's `_sale_price_regular_label`.
    pub sale: String,
}

impl SaleLabels {
    pub fn is_empty(&self) -> bool {
        self.strike.is_empty() && self.sale.is_empty()
    }
}

/// The words shown before the two prices of an offer (`None`: no label there).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shown {
    pub strike: Option<String>,
    pub sale: Option<String>,
}

impl Shown {
    pub fn is_empty(&self) -> bool {
        self.strike.is_none() && self.sale.is_none()
    }
}

/// The shop's labels and which of them an offer shows when its product chooses none.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct PriceLabels {
    pub labels: Vec<PriceLabel>,
    pub defaults: SaleLabels,
}

/// No labels at all (for answers that show no prices).
pub static NONE: PriceLabels = PriceLabels {
    labels: Vec::new(),
    defaults: SaleLabels {
        strike: String::new(),
        sale: String::new(),
    },
};

/// The labels a new shop has, as Germanized installs them; none is shown until the shop or a
/// product chooses one.
pub fn default_labels() -> PriceLabels {
    let labels = ["Old price", "New price", "RRP"]
        .into_iter()
        .map(|id| PriceLabel::entered(&t(id), ""))
        .collect();
    PriceLabels {
        labels,
        defaults: SaleLabels::default(),
    }
}

impl PriceLabels {
    /// The label `slug` names (none for an empty or unknown slug).
    pub fn find(&self, slug: &str) -> Option<&PriceLabel> {
        crate::text::by_slug(&self.labels, slug, |l| &l.slug)
    }

    /// The label a person names, by its slug or its name (in any case and spacing).
    pub fn named(&self, text: &str) -> Option<&PriceLabel> {
        crate::text::named(&self.labels, text, |l| (&l.slug, &l.name))
    }

    /// What an offer shows: for each place the first of the variation's own, its product's and
    /// the shop's default that names a label the shop keeps. A label since removed counts as
    /// none chosen.
    pub fn shown(&self, own: &SaleLabels, parent: Option<&SaleLabels>) -> Shown {
        let pick = |of: fn(&SaleLabels) -> &str| {
            [Some(own), parent, Some(&self.defaults)]
                .into_iter()
                .flatten()
                .find_map(|s| self.find(of(s)))
                .map(|l| l.name.clone())
        };
        Shown {
            strike: pick(|s| &s.strike),
            sale: pick(|s| &s.sale),
        }
    }

    /// The slug of the label a person names by its slug or name (`""` for an empty text: none
    /// chosen); `None` for a label the shop does not keep.
    pub fn slug_for(&self, text: &str) -> Option<String> {
        match text.trim() {
            "" => Some(String::new()),
            named => self.named(named).map(|l| l.slug.clone()),
        }
    }

    /// `chosen` without the labels the shop no longer keeps (none chosen there).
    pub fn kept(&self, chosen: &SaleLabels) -> SaleLabels {
        let keep = |slug: &str| match self.find(slug) {
            Some(_) => slug.to_owned(),
            None => String::new(),
        };
        SaleLabels {
            strike: keep(&chosen.strike),
            sale: keep(&chosen.sale),
        }
    }

    /// Clears a default whose label the shop no longer keeps (none is shown there).
    pub fn forget_unlisted_defaults(&mut self) {
        self.defaults = self.kept(&self.defaults);
    }

    /// Checks the labels; problems as (field path under `laden_price_labels`, English message
    /// id). The defaults are checked as they are named ([`Self::slug_for`]) and kept
    /// ([`Self::forget_unlisted_defaults`]).
    pub fn problems(&self) -> Vec<(String, String)> {
        if self.labels.len() > MAX_LABELS {
            return vec![(
                String::new(),
                "At most 50 price labels are possible.".to_owned(),
            )];
        }
        let mut out = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for (i, l) in self.labels.iter().enumerate() {
            let problem = match crate::text::entry_name(&mut seen, &l.slug, &l.name, MAX_NAME_CHARS)
            {
                Ok(()) => continue,
                Err(NameProblem::Missing) => "Please name the price label (at most 40 characters).",
                Err(NameProblem::Taken) => "Another price label has this name.",
            };
            out.push((format!("{i}.name"), problem.to_owned()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop(defaults: (&str, &str)) -> PriceLabels {
        PriceLabels {
            labels: vec![
                PriceLabel::entered("Alter Preis", ""),
                PriceLabel::entered("Neuer Preis", ""),
                PriceLabel::entered("UVP", ""),
            ],
            defaults: chosen(defaults),
        }
    }

    fn chosen((strike, sale): (&str, &str)) -> SaleLabels {
        SaleLabels {
            strike: strike.into(),
            sale: sale.into(),
        }
    }

    #[test]
    fn an_offer_shows_its_own_then_its_products_then_the_shops_labels() {
        type Case = (
            (&'static str, &'static str),
            (&'static str, &'static str),
            Option<(&'static str, &'static str)>,
            (Option<&'static str>, Option<&'static str>),
        );
        let cases: [Case; 7] = [
            // defaults, own, parent → shown
            (("", ""), ("", ""), None, (None, None)),
            (
                ("alter-preis", ""),
                ("", ""),
                None,
                (Some("Alter Preis"), None),
            ),
            (
                ("alter-preis", "neuer-preis"),
                ("uvp", ""),
                None,
                (Some("UVP"), Some("Neuer Preis")),
            ),
            (
                ("", ""),
                ("", ""),
                Some(("uvp", "neuer-preis")),
                (Some("UVP"), Some("Neuer Preis")),
            ),
            (
                ("alter-preis", ""),
                ("", "neuer-preis"),
                Some(("uvp", "")),
                (Some("UVP"), Some("Neuer Preis")),
            ),
            // A label the shop removed counts as none chosen: the next one along is shown.
            (
                ("alter-preis", ""),
                ("statt", ""),
                Some(("geloescht", "")),
                (Some("Alter Preis"), None),
            ),
            (("weg", "weg"), ("", ""), None, (None, None)),
        ];
        for (defaults, own, parent, (strike, sale)) in cases {
            let labels = shop(defaults);
            let parent = parent.map(chosen);
            let shown = labels.shown(&chosen(own), parent.as_ref());
            assert_eq!(
                (shown.strike.as_deref(), shown.sale.as_deref()),
                (strike, sale),
                "{defaults:?} {own:?} {parent:?}"
            );
        }
    }

    #[test]
    fn labels_are_named_by_slug_or_name() {
        let labels = shop(("", ""));
        for (text, want, slug) in [
            ("uvp", Some("uvp"), Some("uvp")),
            ("  alter PREIS ", Some("alter-preis"), Some("alter-preis")),
            ("Neuer Preis", Some("neuer-preis"), Some("neuer-preis")),
            ("Statt", None, None),
            // Nothing named: none chosen, which is no unknown label.
            ("", None, Some("")),
            ("  ", None, Some("")),
        ] {
            assert_eq!(labels.named(text).map(|l| l.slug.as_str()), want, "{text}");
            assert_eq!(labels.slug_for(text).as_deref(), slug, "{text}");
        }
    }

    #[test]
    fn labels_and_defaults_the_shop_no_longer_keeps_are_left_out() {
        let labels = shop(("", ""));
        for (chosen_, kept) in [
            (("uvp", "neuer-preis"), ("uvp", "neuer-preis")),
            (("statt", "neuer-preis"), ("", "neuer-preis")),
            (("", "weg"), ("", "")),
        ] {
            assert_eq!(labels.kept(&chosen(chosen_)), chosen(kept), "{chosen_:?}");
            // As defaults: one whose label is gone is forgotten.
            let mut shop_ = shop(chosen_);
            shop_.forget_unlisted_defaults();
            assert_eq!(shop_.defaults, chosen(kept), "defaults {chosen_:?}");
        }
    }

    #[test]
    fn a_renamed_label_keeps_its_slug() {
        let renamed = PriceLabel::entered(" Unverbindliche Preisempfehlung ", "uvp");
        assert_eq!(renamed.slug, "uvp");
        assert_eq!(renamed.name, "Unverbindliche Preisempfehlung");
        assert_eq!(PriceLabel::entered("Statt-Preis", "").slug, "statt-preis");
    }

    #[test]
    fn the_list_is_checked() {
        let mut labels = shop(("uvp", ""));
        labels
            .labels
            .push(PriceLabel::entered("ALTER preis", "zwei"));
        labels.labels.push(PriceLabel::entered(" ", ""));
        labels
            .labels
            .push(PriceLabel::entered(&"x".repeat(MAX_NAME_CHARS + 1), ""));
        let problems: Vec<(String, String)> = labels.problems();
        let paths: Vec<&str> = problems.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["3.name", "4.name", "5.name"]);
        assert_eq!(problems[0].1, "Another price label has this name.");
        assert!(crate::i18n::known(UNKNOWN_LABEL));
        for (_, id) in &problems {
            assert!(crate::i18n::known(id), "{id}");
        }
        assert!(shop(("uvp", "neuer-preis")).problems().is_empty());
        assert!(default_labels().problems().is_empty());
        let many = PriceLabels {
            labels: (0..=MAX_LABELS)
                .map(|i| PriceLabel::entered(&format!("L{i}"), ""))
                .collect(),
            defaults: SaleLabels::default(),
        };
        assert_eq!(many.problems().len(), 1);
    }

    #[test]
    fn a_new_shop_has_germanizeds_labels_and_shows_none() {
        let labels = default_labels();
        let names: Vec<&str> = labels.labels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["Alter Preis", "Neuer Preis", "UVP"]);
        assert!(labels.shown(&SaleLabels::default(), None).is_empty());
    }
}
