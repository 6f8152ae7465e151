//! Goods German law treats apart, and what the checkout must have the shopper agree to for them
//! (Germanized's `defective_copy`, `used_goods_warranty` and `age_verification` checkboxes):
//!
//! - **Goods with defects** (B-Ware): a consumer sale may deviate from what goods of the kind
//!   normally are only when the shopper was told of the deviation before ordering and agreed to
//!   it expressly and separately (§ 476 (1) BGB). The checkout names each defect in a checkbox of
//!   its own that must be ticked.
//! - **Used goods** with a one-year limitation period for claims for defects: the same express,
//!   separate agreement (§ 476 (2) BGB).
//! - **Goods with a minimum age** (alcohol, tobacco, media under the JuSchG): the shopper
//!   confirms being old enough for the highest age in the cart.
//! - **Photovoltaic systems at the zero rate** (§ 12 (3) UStG, Germanized's
//!   `photovoltaic_systems`): solar modules, their inverters and storage are sold without VAT
//!   to the operator of a system installed on or near a dwelling or a building serving the
//!   common good. The shop may rely on the buyer's statement, so the checkout has the shopper
//!   confirm it for every such product sold at the zero rate.

use crate::i18n::{t, tf};

/// The longest defect description, in characters.
pub const MAX_DEFECT_CHARS: usize = 1000;
/// The highest minimum age a product can state.
pub const MAX_MIN_AGE: u8 = 21;

/// What a product (a variation with its parent) is, as the law treats it apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Special {
    /// Its defects as the shop describes them (empty: none).
    pub defect: String,
    /// Used goods with the shortened (one-year) limitation period.
    pub used: bool,
    /// The age a buyer must have reached (0: none).
    pub min_age: u8,
    /// A photovoltaic system (or part of one) sold at the zero rate: the buyer confirms that
    /// § 12 (3) UStG applies.
    pub photovoltaic: bool,
}

impl Special {
    /// A variation's: its own defects, else its parent's; used or age-restricted when either is.
    pub fn of(own: &Special, parent: Option<&Special>) -> Special {
        let Some(parent) = parent else {
            return own.clone();
        };
        Special {
            defect: if own.defect.is_empty() {
                parent.defect.clone()
            } else {
                own.defect.clone()
            },
            used: own.used || parent.used,
            min_age: own.min_age.max(parent.min_age),
            photovoltaic: own.photovoltaic || parent.photovoltaic,
        }
    }

    /// As sold at `class`: the buyer confirms the zero rate's conditions for a photovoltaic
    /// system only where it is sold at the zero rate (at another, nothing is asked).
    pub fn sold_at(mut self, class: crate::TaxClass) -> Special {
        self.photovoltaic &= class == crate::TaxClass::Zero;
        self
    }
}

/// A defect description as the shop enters it: trimmed, its whitespace runs made single
/// spaces (it is shown inline and quoted in a checkbox); `None` when it is too long.
pub fn clean_defect(text: &str) -> Option<String> {
    crate::text::one_line(text, MAX_DEFECT_CHARS)
}

/// A minimum age as sent (0 for none); `None` when it is out of 0..=21.
pub fn min_age(n: i64) -> Option<u8> {
    u8::try_from(n).ok().filter(|a| *a <= MAX_MIN_AGE)
}

/// One line of the cart, as far as the checkboxes care.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    pub name: &'a str,
    pub special: &'a Special,
}

/// What the cart asks the shopper to agree to: the defective lines (name and defects), the used
/// ones (names), the highest minimum age, the photovoltaic systems at the zero rate (names).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Demands {
    pub defects: Vec<(String, String)>,
    pub used: Vec<String>,
    pub min_age: u8,
    pub photovoltaic: Vec<String>,
}

impl Demands {
    /// From the cart's lines, each name once (two variations of one product count once).
    pub fn of<'a>(lines: impl IntoIterator<Item = Line<'a>>) -> Demands {
        let mut d = Demands::default();
        for l in lines {
            let s = l.special;
            if !s.defect.is_empty() && !d.defects.iter().any(|(n, x)| n == l.name && *x == s.defect)
            {
                d.defects.push((l.name.to_owned(), s.defect.clone()));
            }
            if s.used && !d.used.iter().any(|n| n == l.name) {
                d.used.push(l.name.to_owned());
            }
            d.min_age = d.min_age.max(s.min_age);
            if s.photovoltaic && !d.photovoltaic.iter().any(|n| n == l.name) {
                d.photovoltaic.push(l.name.to_owned());
            }
        }
        d
    }

    /// The checkboxes these goods add, in order, each to be ticked, with its text.
    pub fn checkboxes(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if !self.defects.is_empty() {
            let list = self
                .defects
                .iter()
                .map(|(name, defect)| format!("{name}: {defect}"))
                .collect::<Vec<_>>()
                .join("; ");
            out.push((
                DEFECTIVE_COPY,
                tf("I have been told that these goods have defects and I expressly accept them: %s", &[&list]),
            ));
        }
        if !self.used.is_empty() {
            out.push((
                USED_GOODS_WARRANTY,
                tf("I expressly agree that claims for defects in these used goods become time-barred after one year: %s", &[&self.used.join("; ")]),
            ));
        }
        if self.min_age > 0 {
            out.push((
                AGE_VERIFICATION,
                tf(
                    "I confirm that I am at least %s years old.",
                    &[&self.min_age],
                ),
            ));
        }
        if !self.photovoltaic.is_empty() {
            out.push((
                PHOTOVOLTAIC_SYSTEMS,
                tf("I confirm that I am the operator of the photovoltaic system and that it is installed on or near a dwelling, a flat or a public or other building used for activities serving the common good (zero rate under section 12 (3) UStG): %s", &[&self.photovoltaic.join("; ")]),
            ));
        }
        out
    }
}

pub const DEFECTIVE_COPY: &str = "defective_copy";
pub const USED_GOODS_WARRANTY: &str = "used_goods_warranty";
pub const AGE_VERIFICATION: &str = "age_verification";
pub const PHOTOVOLTAIC_SYSTEMS: &str = "photovoltaic_systems";
/// A checkbox agreed to: its id and the text the shopper saw.
pub type Agreement = (&'static str, String);
/// A field and what is wrong with it, in German.
pub type Problem = (String, String);

/// The ids of the checkboxes these goods add.
pub const IDS: [&str; 4] = [
    DEFECTIVE_COPY,
    USED_GOODS_WARRANTY,
    AGE_VERIFICATION,
    PHOTOVOLTAIC_SYSTEMS,
];

impl Demands {
    /// The shopper's `ticked` checkboxes against what the cart asks for: every checkbox of these
    /// goods must be ticked, and none the cart does not ask for may be. The ticked ones with the
    /// texts agreed to, or every problem (field, German message).
    pub fn agreed(&self, ticked: &[String]) -> Result<Vec<Agreement>, Vec<Problem>> {
        let asked = self.checkboxes();
        let mut problems: Vec<(String, String)> = asked
            .iter()
            .filter(|(id, _)| !ticked.iter().any(|t| t == id))
            .map(|(id, _)| ((*id).to_owned(), unticked(id)))
            .collect();
        if let Some(extra) = ticked
            .iter()
            .find(|t| IDS.contains(&t.as_str()) && !asked.iter().any(|(id, _)| id == t))
        {
            problems.push((
                "extensions.laden.checkboxes".into(),
                tf("Unknown checkbox: %s", &[extra]),
            ));
        }
        if problems.is_empty() {
            Ok(asked)
        } else {
            Err(problems)
        }
    }
}

/// The message for a checkbox of these goods left unticked.
pub fn unticked(id: &str) -> String {
    match id {
        DEFECTIVE_COPY => t("Please confirm that you accept the defects of the goods."),
        USED_GOODS_WARRANTY => {
            t("Please agree to the one-year limitation period for the used goods.")
        }
        PHOTOVOLTAIC_SYSTEMS => {
            t("Please confirm that the zero rate for photovoltaic systems applies to you.")
        }
        _ => t("Please confirm your age."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn special(defect: &str, used: bool, min_age: u8) -> Special {
        Special {
            defect: defect.into(),
            used,
            min_age,
            photovoltaic: false,
        }
    }

    fn solar() -> Special {
        Special {
            photovoltaic: true,
            ..Special::default()
        }
    }

    #[test]
    fn a_variation_takes_what_its_parent_states() {
        let cases = [
            (special("", false, 0), None, special("", false, 0)),
            (
                special("Kratzer", false, 0),
                None,
                special("Kratzer", false, 0),
            ),
            (
                special("", false, 0),
                Some(special("Delle", true, 18)),
                special("Delle", true, 18),
            ),
            (
                special("Kratzer", false, 16),
                Some(special("Delle", false, 18)),
                special("Kratzer", false, 18),
            ),
            (
                special("", true, 18),
                Some(special("", false, 16)),
                special("", true, 18),
            ),
        ];
        for (own, parent, want) in cases {
            assert_eq!(
                Special::of(&own, parent.as_ref()),
                want,
                "{own:?} under {parent:?}"
            );
        }
        // A solar module's variation is one too.
        assert!(Special::of(&special("", false, 0), Some(&solar())).photovoltaic);
        assert!(Special::of(&solar(), None).photovoltaic);
    }

    #[test]
    fn defects_and_ages_are_checked() {
        assert_eq!(
            clean_defect("  Kratzer\n am   Deckel "),
            Some("Kratzer am Deckel".into())
        );
        assert_eq!(clean_defect(""), Some(String::new()));
        assert_eq!(
            clean_defect(&"ä".repeat(MAX_DEFECT_CHARS)).map(|s| s.chars().count()),
            Some(MAX_DEFECT_CHARS)
        );
        assert_eq!(clean_defect(&"ä".repeat(MAX_DEFECT_CHARS + 1)), None);
        for (n, want) in [
            (0, Some(0)),
            (16, Some(16)),
            (18, Some(18)),
            (21, Some(21)),
            (22, None),
            (-1, None),
            (300, None),
        ] {
            assert_eq!(min_age(n), want, "{n}");
        }
    }

    #[test]
    fn the_cart_asks_for_what_its_goods_need() {
        let plain = special("", false, 0);
        let dented = special("Delle an der Seite", false, 0);
        let used = special("", true, 0);
        let wine = special("", false, 16);
        let spirits = special("", false, 18);
        let lines = |list: &[(&'static str, &Special)]| {
            Demands::of(
                list.iter()
                    .map(|(name, s)| Line { name, special: s })
                    .collect::<Vec<_>>(),
            )
        };
        let none = lines(&[("Tasse", &plain)]);
        assert_eq!(none, Demands::default());
        assert!(none.checkboxes().is_empty());

        let d = lines(&[
            ("Mühle", &dented),
            ("Tasse", &plain),
            ("Mühle", &dented),
            ("Kanne", &used),
            ("Rotwein", &wine),
            ("Rum", &spirits),
        ]);
        assert_eq!(
            d.defects,
            vec![("Mühle".to_owned(), "Delle an der Seite".to_owned())]
        );
        assert_eq!(d.used, vec!["Kanne".to_owned()]);
        assert_eq!(d.min_age, 18);
        let boxes = d.checkboxes();
        let ids: Vec<&str> = boxes.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, [DEFECTIVE_COPY, USED_GOODS_WARRANTY, AGE_VERIFICATION]);
        assert_eq!(
            boxes[0].1,
            "Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: Mühle: Delle an der Seite"
        );
        assert_eq!(
            boxes[1].1,
            "Ich bin ausdrücklich damit einverstanden, dass Mängelansprüche bei diesen gebrauchten Artikeln nach einem Jahr verjähren: Kanne"
        );
        assert_eq!(
            boxes[2].1,
            "Ich bestätige, dass ich mindestens 18 Jahre alt bin."
        );

        // Solar modules and storage at the zero rate: one confirmation naming each product once.
        let (module, storage) = (solar(), solar());
        let d = lines(&[
            ("Solarmodul", &module),
            ("Tasse", &plain),
            ("Speicher", &storage),
            ("Solarmodul", &module),
        ]);
        assert_eq!(d.photovoltaic, ["Solarmodul", "Speicher"]);
        let boxes = d.checkboxes();
        assert_eq!(boxes.len(), 1);
        assert_eq!(boxes[0].0, PHOTOVOLTAIC_SYSTEMS);
        assert_eq!(
            boxes[0].1,
            "Ich bestätige, dass ich Betreiber der Photovoltaikanlage bin und dass sie auf oder in der Nähe von Privatwohnungen, Wohnungen sowie öffentlichen und anderen Gebäuden, die für dem Gemeinwohl dienende Tätigkeiten genutzt werden, installiert wird (Nullsteuersatz nach § 12 Abs. 3 UStG): Solarmodul; Speicher"
        );
        assert_eq!(
            d.agreed(&[]),
            Err(vec![(
                PHOTOVOLTAIC_SYSTEMS.to_owned(),
                "Bitte bestätigen Sie, dass der Nullsteuersatz für Photovoltaikanlagen für Sie gilt."
                    .to_owned()
            )])
        );
    }

    #[test]
    fn what_was_ticked_is_checked_against_what_the_cart_asks() {
        let rum = special("", false, 18);
        let d = Demands::of([Line {
            name: "Rum",
            special: &rum,
        }]);
        let ticks = |ids: &[&str]| ids.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            d.agreed(&ticks(&["terms", AGE_VERIFICATION])),
            Ok(vec![(
                AGE_VERIFICATION,
                "Ich bestätige, dass ich mindestens 18 Jahre alt bin.".to_owned()
            )])
        );
        assert_eq!(
            d.agreed(&ticks(&["terms"])),
            Err(vec![(
                AGE_VERIFICATION.to_owned(),
                "Bitte bestätigen Sie Ihr Alter.".to_owned()
            )])
        );
        // A checkbox the cart does not ask for is not one the shopper can tick.
        assert_eq!(
            Demands::default().agreed(&ticks(&["terms", DEFECTIVE_COPY])),
            Err(vec![(
                "extensions.laden.checkboxes".to_owned(),
                "Unbekannte Checkbox: defective_copy".to_owned()
            )])
        );
        assert_eq!(
            Demands::default().agreed(&ticks(&["terms", "digital_waiver"])),
            Ok(vec![])
        );
    }

    #[test]
    fn a_photovoltaic_system_asks_for_the_confirmation_only_at_the_zero_rate() {
        use crate::TaxClass;
        for (marked, class, asks) in [
            (true, TaxClass::Zero, true),
            (true, TaxClass::Standard, false),
            (true, TaxClass::Reduced, false),
            (false, TaxClass::Zero, false),
        ] {
            let s = Special {
                photovoltaic: marked,
                min_age: 18,
                ..Special::default()
            }
            .sold_at(class);
            assert_eq!(s.photovoltaic, asks, "{marked} {class:?}");
            assert_eq!(s.min_age, 18, "the rest stays");
        }
    }
}
