//! Deposits (Pfand): a refundable amount charged with goods on top of their price, such as the
//! deposit on beverage packaging (§ 31 VerpackG: at least 0,25 € on single-use bottles and cans),
//! on a crate, a gas cylinder or a car battery (§ 29 BattG).
//!
//! - **Shown beside the price, never in it** (§ 7 PAngV): "zzgl. 0,25 € Pfand". The price and
//!   the Grundpreis stay without it.
//! - **Single-use or reusable** (§ 32 VerpackG): a shop selling beverages in deposit packaging
//!   says which it is ("Einweg", "Mehrweg") where it offers them.
//! - **Part of what is paid for the goods**: the deposit carries the goods' VAT rate (UStAE
//!   10.1 (8)); coupons take nothing off it and it does not count towards free shipping.
//!
//! The shop keeps its deposit types once (`ShopSettings::deposit_types`, as Germanized keeps its
//! `product_deposit_type` terms with an amount and a packaging type); a product names one by its
//! slug with how many of it one item holds (a crate of 20 bottles: 20). A variation states its
//! own or takes its product's.

use crate::i18n::{t, tf};
use crate::Money;
use serde::{Deserialize, Serialize};

/// Most deposit types a shop may keep.
pub const MAX_TYPES: usize = 100;
/// The longest name of a deposit type, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// The highest deposit of one unit, in cents (a gas cylinder's is some tens of euros).
pub const MAX_AMOUNT_CENTS: i64 = 10_000;
/// Most units of a deposit type one item may hold (a crate's bottles, a pallet's cases).
pub const MAX_QUANTITY: u32 = 1000;

/// The refusal of a quantity [`parse_quantity`] does not take (a catalogue id).
pub const QUANTITY_PROBLEM: &str = "The deposit quantity must be a whole number from 1 to 1,000.";
/// The refusal of a deposit type the shop does not keep (a catalogue id).
pub const UNKNOWN_TYPE: &str =
    "There is no such deposit type: add it in the shop's settings first.";

/// Single-use or reusable packaging (Germanized's `deposit_packaging_type`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Packaging {
    #[default]
    Disposable,
    Reusable,
}

impl Packaging {
    pub const ALL: [Packaging; 2] = [Packaging::Disposable, Packaging::Reusable];

    /// Germanized's slug.
    pub fn as_str(self) -> &'static str {
        match self {
            Packaging::Disposable => "disposable",
            Packaging::Reusable => "reusable",
        }
    }

    pub fn parse(text: &str) -> Option<Packaging> {
        Packaging::ALL
            .into_iter()
            .find(|p| p.as_str() == text.trim())
    }

    /// The word § 32 VerpackG asks for: "Einweg" or "Mehrweg".
    pub fn label(self) -> String {
        match self {
            Packaging::Disposable => t("Single-use"),
            Packaging::Reusable => t("Reusable"),
        }
    }
}

/// A deposit type as the shop keeps it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct DepositType {
    /// Made from the name (`text::slugify`); what products name.
    pub slug: String,
    pub name: String,
    pub packaging: Packaging,
    /// The deposit of one unit, gross (as the shop's prices are).
    pub amount_cents: i64,
}

impl DepositType {
    /// A deposit type as entered: its name trimmed, its slug made from it.
    pub fn entered(name: &str, packaging: Packaging, amount_cents: i64) -> DepositType {
        let name = crate::text::one_line(name, usize::MAX).unwrap_or_default();
        DepositType {
            slug: crate::text::slugify(&name),
            name,
            packaging,
            amount_cents,
        }
    }

    /// Keeps the slug the type had, so the products naming it still do after its name is
    /// corrected; an empty or unusable one leaves the new.
    pub fn keeping(mut self, slug: &str) -> DepositType {
        let kept = crate::text::slugify(slug);
        if !kept.is_empty() {
            self.slug = kept;
        }
        self
    }
}

/// The deposit types a new shop has: the single-use deposit the law sets (§ 31 (1) VerpackG).
/// The shop adds its reusable ones, whose amounts differ by bottle and crate.
pub fn default_types() -> Vec<DepositType> {
    vec![DepositType {
        slug: "einwegpfand".into(),
        name: t("Single-use deposit"),
        packaging: Packaging::Disposable,
        amount_cents: 25,
    }]
}

/// Checks a list of deposit types; problems as (field path, English message id).
pub fn type_problems(list: &[DepositType]) -> Vec<(String, String)> {
    if list.len() > MAX_TYPES {
        return vec![(
            String::new(),
            "At most 100 deposit types are possible.".to_owned(),
        )];
    }
    let mut out = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (i, d) in list.iter().enumerate() {
        match crate::text::entry_name(&mut seen, &d.slug, &d.name, MAX_NAME_CHARS) {
            Ok(()) => {}
            Err(crate::text::NameProblem::Missing) => out.push((
                format!("{i}.name"),
                "Please name the deposit type (at most 100 characters).".to_owned(),
            )),
            Err(crate::text::NameProblem::Taken) => out.push((
                format!("{i}.name"),
                "Another deposit type has this name.".to_owned(),
            )),
        }
        if !(1..=MAX_AMOUNT_CENTS).contains(&d.amount_cents) {
            out.push((
                format!("{i}.amount"),
                "Please enter a deposit from 0,01 € to 100,00 €.".to_owned(),
            ));
        }
    }
    out
}

/// The deposit type `slug` names among `list`.
pub fn find<'a>(list: &'a [DepositType], slug: &str) -> Option<&'a DepositType> {
    crate::text::by_slug(list, slug, |d| &d.slug)
}

/// The deposit type a person names, by its slug or its name (in any case and spacing).
pub fn named<'a>(list: &'a [DepositType], text: &str) -> Option<&'a DepositType> {
    crate::text::named(list, text, |d| (&d.slug, &d.name))
}

/// How many units of its deposit type one item holds, as typed (empty: one); `None` when it is
/// no whole number from 1 to 1000.
pub fn parse_quantity(text: &str) -> Option<u32> {
    match text.trim() {
        "" => Some(1),
        n => n
            .parse::<u32>()
            .ok()
            .filter(|q| (1..=MAX_QUANTITY).contains(q)),
    }
}

/// The deposit a product states: a deposit type's slug (empty: none) and how many of its units
/// one item holds (Germanized's `_deposit_type` and `_deposit_quantity`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductDeposit {
    #[serde(rename = "type")]
    pub kind: String,
    pub quantity: u32,
}

impl Default for ProductDeposit {
    fn default() -> Self {
        ProductDeposit {
            kind: String::new(),
            quantity: 1,
        }
    }
}

impl ProductDeposit {
    pub fn is_empty(&self) -> bool {
        self.kind.is_empty()
    }

    /// A variation's: its own when it names a type, else its product's.
    pub fn of<'a>(
        own: &'a ProductDeposit,
        parent: Option<&'a ProductDeposit>,
    ) -> &'a ProductDeposit {
        match parent {
            Some(parent) if own.is_empty() => parent,
            _ => own,
        }
    }
}

/// The deposit charged on each item of a line: its type as it was then and how many units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deposit {
    pub name: String,
    pub packaging: Packaging,
    /// One unit's deposit (gross; net for a reverse-charge supply).
    pub amount: Money,
    pub units: u32,
}

impl Deposit {
    /// What `stated` charges among the shop's `types`; none when it names no type the shop keeps.
    pub fn of(types: &[DepositType], stated: &ProductDeposit) -> Option<Deposit> {
        let kind = find(types, &stated.kind)?;
        Some(Deposit {
            name: kind.name.clone(),
            packaging: kind.packaging,
            amount: Money::from_cents(kind.amount_cents),
            units: stated.quantity.max(1),
        })
    }

    /// The deposit on one item: the unit's times the units.
    pub fn per_item(&self) -> Money {
        Money::from_cents(self.amount.cents().saturating_mul(i64::from(self.units)))
    }

    /// The notice beside the price: "zzgl. 1,50 € Pfand (6 × 0,25 €, Einweg)".
    pub fn notice(&self) -> String {
        self.notice_at(self.per_item())
    }

    /// The notice for `charged` on each item: the type's own words where that is its deposit;
    /// for another amount (net, for a reverse-charge supply), that amount and the packaging.
    pub fn notice_at(&self, charged: Money) -> String {
        let detail = match charged == self.per_item() {
            true => self.detail(),
            false => self.packaging.label(),
        };
        tf("plus %1$s deposit (%2$s)", &[&charged, &detail])
    }

    /// The units and the packaging: "6 × 0,25 €, Einweg", or "Einweg" for one unit.
    pub fn detail(&self) -> String {
        match self.units {
            1 => self.packaging.label(),
            n => format!("{n} × {}, {}", self.amount, self.packaging.label()),
        }
    }

    /// The name of the deposit's own line in a cart's fees, an order's and an invoice's:
    /// "Pfand für Mineralwasser".
    pub fn line_name(goods: &str) -> String {
        tf("Deposit for %s", &[&goods])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(name: &str, packaging: Packaging, cents: i64) -> DepositType {
        DepositType::entered(name, packaging, cents)
    }

    #[test]
    fn types_are_checked() {
        let ok = vec![
            kind("Einwegpfand", Packaging::Disposable, 25),
            kind("Bierkasten 20 × 0,5 l", Packaging::Reusable, 310),
        ];
        assert!(type_problems(&ok).is_empty(), "{:?}", type_problems(&ok));
        let cases: Vec<(Vec<DepositType>, &str)> = vec![
            (vec![kind("  ", Packaging::Disposable, 25)], "0.name"),
            (
                vec![kind(&"x".repeat(101), Packaging::Disposable, 25)],
                "0.name",
            ),
            (
                vec![
                    kind("Mehrweg Glas", Packaging::Reusable, 8),
                    kind("mehrweg  glas", Packaging::Reusable, 15),
                ],
                "1.name",
            ),
            (vec![kind("Null", Packaging::Disposable, 0)], "0.amount"),
            (vec![kind("Minus", Packaging::Disposable, -25)], "0.amount"),
            (
                vec![kind("Zu viel", Packaging::Reusable, 10_001)],
                "0.amount",
            ),
            (
                (0..101)
                    .map(|i| kind(&format!("Typ {i}"), Packaging::Reusable, 8))
                    .collect(),
                "",
            ),
        ];
        for (list, path) in cases {
            let problems = type_problems(&list);
            assert!(
                problems.iter().any(|(p, _)| p == path),
                "{path}: {problems:?}"
            );
        }
        // The highest deposit is allowed.
        assert!(type_problems(&[kind("Gasflasche", Packaging::Reusable, 10_000)]).is_empty());
    }

    #[test]
    fn a_type_keeps_its_slug_when_renamed() {
        let renamed = kind("Mehrweg Glas 0,33 l", Packaging::Reusable, 8).keeping("mehrweg-glas");
        assert_eq!(
            (renamed.slug.as_str(), renamed.name.as_str()),
            ("mehrweg-glas", "Mehrweg Glas 0,33 l")
        );
        let fresh = kind(" Kasten ", Packaging::Reusable, 150).keeping("  ");
        assert_eq!(
            (fresh.slug.as_str(), fresh.name.as_str()),
            ("kasten", "Kasten")
        );
    }

    #[test]
    fn types_are_found_by_slug_or_name() {
        let list = vec![
            kind("Einwegpfand", Packaging::Disposable, 25).keeping("einweg"),
            kind("Mehrweg Glas", Packaging::Reusable, 8),
        ];
        let cases = [
            ("einweg", Some("einweg")),
            ("Einwegpfand", Some("einweg")),
            ("EINWEGPFAND", Some("einweg")),
            ("mehrweg-glas", Some("mehrweg-glas")),
            ("  Mehrweg   Glas ", Some("mehrweg-glas")),
            ("Kasten", None),
            ("", None),
        ];
        for (text, want) in cases {
            assert_eq!(named(&list, text).map(|d| d.slug.as_str()), want, "{text}");
        }
        assert!(find(&list, "").is_none());
    }

    #[test]
    fn quantities_are_whole_numbers_from_one() {
        let cases = [
            ("", Some(1)),
            (" 6 ", Some(6)),
            ("1", Some(1)),
            ("1000", Some(1000)),
            ("1001", None),
            ("0", None),
            ("-1", None),
            ("2,5", None),
            ("sechs", None),
        ];
        for (text, want) in cases {
            assert_eq!(parse_quantity(text), want, "{text:?}");
        }
    }

    #[test]
    fn a_variation_states_its_own_or_takes_its_products() {
        let crate_of = |kind: &str, quantity| ProductDeposit {
            kind: kind.into(),
            quantity,
        };
        let parent = crate_of("mehrweg-glas", 20);
        let cases = [
            (crate_of("", 1), Some(&parent), ("mehrweg-glas", 20)),
            (crate_of("einweg", 6), Some(&parent), ("einweg", 6)),
            (crate_of("", 1), None, ("", 1)),
        ];
        for (own, parent, (kind, quantity)) in cases {
            let got = ProductDeposit::of(&own, parent);
            assert_eq!((got.kind.as_str(), got.quantity), (kind, quantity));
        }
    }

    #[test]
    fn what_a_line_is_charged_and_says() {
        let types = vec![
            kind("Einwegpfand", Packaging::Disposable, 25),
            kind("Mehrweg Glas", Packaging::Reusable, 8),
        ];
        let stated = |kind: &str, quantity| ProductDeposit {
            kind: kind.into(),
            quantity,
        };
        let six = Deposit::of(&types, &stated("einwegpfand", 6)).expect("a type the shop keeps");
        assert_eq!(six.per_item(), Money::from_cents(150));
        assert_eq!(
            six.notice(),
            "zzgl. 1,50\u{a0}€ Pfand (6 × 0,25\u{a0}€, Einweg)"
        );
        let one = Deposit::of(&types, &stated("mehrweg-glas", 1)).expect("a type the shop keeps");
        assert_eq!(one.notice(), "zzgl. 0,08\u{a0}€ Pfand (Mehrweg)");
        // Charged net (reverse charge): the amount charged, without the gross units.
        assert_eq!(
            six.notice_at(Money::from_cents(126)),
            "zzgl. 1,26\u{a0}€ Pfand (Einweg)"
        );
        assert_eq!(
            Deposit::line_name("Mineralwasser"),
            "Pfand für Mineralwasser"
        );
        // A type the shop no longer keeps, or none, charges nothing.
        assert_eq!(Deposit::of(&types, &stated("kasten", 1)), None);
        assert_eq!(Deposit::of(&types, &ProductDeposit::default()), None);
        // The stored quantity 0 of an older document counts as one.
        assert_eq!(
            Deposit::of(&types, &stated("einwegpfand", 0)).map(|d| d.per_item()),
            Some(Money::from_cents(25))
        );
    }

    #[test]
    fn packaging_is_named_as_the_law_asks() {
        assert_eq!(
            Packaging::ALL.map(|p| (p.as_str(), p.label())),
            [
                ("disposable", "Einweg".to_owned()),
                ("reusable", "Mehrweg".to_owned())
            ]
        );
        assert_eq!(Packaging::parse(" reusable "), Some(Packaging::Reusable));
        assert_eq!(Packaging::parse("Mehrweg"), None);
        assert_eq!(default_types()[0].name, "Einwegpfand");
    }
}
