#![allow(clippy::unwrap_used)]

use super::*;

#[test]
fn nutrients_are_rounded_as_the_guidance_asks() {
    use Nutrient::*;
    let cases: &[(Nutrient, u32, &str)] = &[
        (EnergyKj, 1_046_000, "1.046 kJ"),
        (EnergyKj, 1_045_500, "1.046 kJ"),
        (EnergyKcal, 250_400, "250 kcal"),
        (EnergyKcal, 0, "0 kcal"),
        (Fat, 12_600, "13 g"),
        (Fat, 10_000, "10 g"),
        (Fat, 3_450, "3,5 g"),
        (Fat, 500, "0,5 g"),
        (Fat, 499, "<0,5 g"),
        (Fat, 0, "0 g"),
        (Protein, 9_940, "9,9 g"),
        (Saturates, 2_040, "2,0 g"),
        (Saturates, 100, "0,1 g"),
        (Saturates, 99, "<0,1 g"),
        (Saturates, 15_500, "16 g"),
        (Salt, 1_260, "1,3 g"),
        (Salt, 1_000, "1,0 g"),
        (Salt, 999, "1,0 g"),
        (Salt, 994, "0,99 g"),
        (Fat, 9_960, "10 g"),
        (Fat, 9_949, "9,9 g"),
        (Saturates, 9_950, "10 g"),
        (Salt, 130, "0,13 g"),
        (Salt, 13, "0,01 g"),
        (Salt, 12, "<0,01 g"),
        (Salt, 0, "0 g"),
        (Sugars, 56_000, "56 g"),
    ];
    for (n, v, want) in cases {
        assert_eq!(n.display(*v), *want, "{n:?} {v}");
    }
}

#[test]
fn values_are_taken_and_given_back() {
    let mut f = Food::default();
    for (key, value) in [
        (IS_FOOD, "yes"),
        (DESCRIPTION, "  Vollmilch-\nSchokolade "),
        (INGREDIENTS, "Zucker, KAKAOBUTTER, VOLLMILCHPULVER"),
        (ALLERGENS, "Milch, soybeans; Glutenhaltiges Getreide, milk"),
        (REFERENCE, "100 ml"),
        ("laden_nutrient_fat", "31,5"),
        ("laden_nutrient_energy_kj", "2252"),
        (ALCOHOL, "12,5"),
        (DISTRIBUTOR, "Laden GmbH\n  \n Musterweg 1 \n12345 Berlin"),
    ] {
        assert_eq!(f.set(key, value), Ok(true), "{key}");
    }
    assert!(f.is_food);
    assert_eq!(f.description, "Vollmilch- Schokolade");
    assert_eq!(
        f.allergens,
        [Allergen::Gluten, Allergen::Soybeans, Allergen::Milk]
    );
    assert_eq!(f.reference, Reference::Millilitres);
    assert_eq!(f.nutrients[&Nutrient::Fat], 31_500);
    assert_eq!(f.alcohol, Some(125));
    assert_eq!(f.distributor, "Laden GmbH\nMusterweg 1\n12345 Berlin");
    let cases = [
        (IS_FOOD, "yes"),
        (ALLERGENS, "gluten, soybeans, milk"),
        (REFERENCE, "100ml"),
        ("laden_nutrient_fat", "31.5"),
        ("laden_nutrient_energy_kj", "2252"),
        ("laden_nutrient_salt", ""),
        (ALCOHOL, "12.5"),
        (INGREDIENTS, "Zucker, KAKAOBUTTER, VOLLMILCHPULVER"),
        (ORIGIN, ""),
    ];
    for (key, want) in cases {
        assert_eq!(f.get(key), want, "{key}");
    }
    // What `get` gives back, `set` takes to the same.
    let mut again = Food::default();
    for key in KEYS {
        assert_eq!(again.set(key, &f.get(key)), Ok(true), "{key}");
    }
    assert_eq!(again, f);
    // Empty clears; other keys are not the food's.
    assert_eq!(f.set("laden_nutrient_fat", " "), Ok(true));
    assert!(!f.nutrients.contains_key(&Nutrient::Fat));
    assert_eq!(f.set(ALCOHOL, ""), Ok(true));
    assert_eq!(f.alcohol, None);
    assert_eq!(f.set("_min_age", "18"), Ok(false));
    assert_eq!(key(ALLERGENS), Some(ALLERGENS));
    assert_eq!(key("_min_age"), None);
    // The nutrients' keys stand in KEYS in the declaration's order.
    assert_eq!(KEYS[5..14], Nutrient::ALL.map(Nutrient::key));
}

#[test]
fn bad_values_are_refused_and_change_nothing() {
    let mut f = Food::default();
    f.set("laden_nutrient_fat", "3").unwrap();
    let before = f.clone();
    let cases = [
        ("laden_nutrient_fat", "-1"),
        ("laden_nutrient_fat", "101"),
        ("laden_nutrient_fat", "3,1234"),
        ("laden_nutrient_fat", "viel"),
        ("laden_nutrient_energy_kj", "4000,5"),
        ("laden_nutrient_energy_kcal", "1001"),
        (ALLERGENS, "Milch, Erdbeeren"),
        (REFERENCE, "100 Stück"),
        (ALCOHOL, "12,55"),
        (ALCOHOL, "101"),
        (IS_FOOD, "vielleicht"),
        (ORIGIN, &"x".repeat(201)),
        (INGREDIENTS, &"x".repeat(2001)),
    ];
    for (key, value) in cases {
        assert!(f.set(key, value).is_err(), "{key} {value}");
        assert_eq!(f, before, "{key} {value}");
    }
    // Zero is a value, however written, and energy may be large.
    for zero in ["0", "0,0", "0.000", " 00 "] {
        f.nutrients.remove(&Nutrient::Sugars);
        assert_eq!(f.set("laden_nutrient_sugars", zero), Ok(true), "{zero}");
        assert_eq!(f.nutrients.get(&Nutrient::Sugars), Some(&0), "{zero}");
    }
    for bad in ["0,0000", "0,0,0", ",", "0-0"] {
        assert!(f.set("laden_nutrient_sugars", bad).is_err(), "{bad}");
    }
    assert_eq!(f.set("laden_nutrient_energy_kj", "3700"), Ok(true));
    assert_eq!(f.set(ORIGIN, &"x".repeat(200)), Ok(true));
}

#[test]
fn allergens_are_named_by_slug_german_name_or_short_name() {
    let cases = [
        ("milk", Some(Allergen::Milk)),
        ("Milch", Some(Allergen::Milk)),
        ("Milch (einschließlich Laktose)", Some(Allergen::Milk)),
        ("SOJA", Some(Allergen::Soybeans)),
        ("Erdnüsse", Some(Allergen::Peanuts)),
        ("Schalenfrüchte", Some(Allergen::Nuts)),
        ("Schwefeldioxid und Sulphite", Some(Allergen::Sulphites)),
        ("Sulfite", Some(Allergen::Sulphites)),
        ("sesame", Some(Allergen::Sesame)),
        ("Erdbeeren", None),
        ("", None),
    ];
    for (text, want) in cases {
        assert_eq!(Allergen::named(text), want, "{text}");
    }
    for a in Allergen::ALL {
        assert_eq!(Allergen::named(a.slug()), Some(a));
        assert_eq!(Allergen::named(&crate::i18n::t(a.label())), Some(a));
    }
}

fn declared(values: &[(Nutrient, u32)]) -> Food {
    Food {
        is_food: true,
        nutrients: values.iter().copied().collect(),
        ..Food::default()
    }
}

const CHOCOLATE: [(Nutrient, u32); 9] = [
    (Nutrient::EnergyKj, 2_252_000),
    (Nutrient::EnergyKcal, 539_000),
    (Nutrient::Fat, 31_500),
    (Nutrient::Saturates, 19_000),
    (Nutrient::Carbohydrate, 56_000),
    (Nutrient::Sugars, 55_400),
    (Nutrient::Fibre, 2_100),
    (Nutrient::Protein, 6_300),
    (Nutrient::Salt, 240),
];

#[test]
fn a_declaration_holds_together() {
    assert_eq!(Food::default().check(), Ok(()));
    assert_eq!(declared(&CHOCOLATE).check(), Ok(()));
    // Fibre may be left out; any mandatory one may not.
    assert_eq!(
        declared(
            &CHOCOLATE[..8]
                .iter()
                .filter(|(n, _)| *n != Nutrient::Fibre)
                .copied()
                .chain([(Nutrient::Salt, 240)])
                .collect::<Vec<_>>()
        )
        .check(),
        Ok(())
    );
    let only_fat = declared(&[(Nutrient::Fat, 3_000)]);
    assert_eq!(only_fat.check().unwrap_err().0, "laden_nutrient_energy_kj");
    // A product that is no food shows nothing, and keeps what it has unchecked.
    let unmarked = Food {
        is_food: false,
        ..only_fat
    };
    assert_eq!(unmarked.check(), Ok(()));
    let mut no_salt = declared(&CHOCOLATE);
    no_salt.nutrients.remove(&Nutrient::Salt);
    assert_eq!(no_salt.check().unwrap_err().0, "laden_nutrient_salt");
    let mut too_saturated = declared(&CHOCOLATE);
    too_saturated.nutrients.insert(Nutrient::Saturates, 31_600);
    assert_eq!(
        too_saturated.check(),
        Err(("laden_nutrient_saturates", "Saturates cannot exceed fat."))
    );
    let mut too_sweet = declared(&CHOCOLATE);
    too_sweet.nutrients.insert(Nutrient::Sugars, 56_001);
    assert_eq!(too_sweet.check().unwrap_err().0, "laden_nutrient_sugars");
}

#[test]
fn the_table_lists_the_declaration_in_annex_xv_order() {
    let rows = declared(&CHOCOLATE).nutrition_rows();
    let shown: Vec<(&str, &str, bool)> =
        rows.iter().map(|(l, v, p)| (*l, v.as_str(), *p)).collect();
    assert_eq!(
        shown,
        [
            ("Energy", "2.252 kJ / 539 kcal", false),
            ("Fat", "32 g", false),
            ("of which saturates", "19 g", true),
            ("Carbohydrate", "56 g", false),
            ("of which sugars", "55 g", true),
            ("Fibre", "2,1 g", false),
            ("Protein", "6,3 g", false),
            ("Salt", "0,24 g", false),
        ]
    );
    assert!(Food::default().nutrition_rows().is_empty());
}

#[test]
fn alcohol_is_shown_in_percent_by_volume() {
    let cases = [
        (Some(125), Some("12,5 % vol")),
        (Some(50), Some("5 % vol")),
        (Some(0), Some("0 % vol")),
        (None, None),
    ];
    for (alcohol, want) in cases {
        let f = Food {
            alcohol,
            ..Food::default()
        };
        assert_eq!(f.alcohol_text().as_deref(), want);
    }
}

#[test]
fn every_label_and_message_is_in_the_catalogue() {
    let labels = Allergen::ALL
        .map(Allergen::label)
        .into_iter()
        .chain(Nutrient::ALL.map(Nutrient::label))
        .chain([Reference::Grams.caption(), Reference::Millilitres.caption()])
        .chain(INFO_LABELS);
    for msgid in labels {
        assert!(crate::i18n::known(msgid), "{msgid}");
    }
    let mut f = Food::default();
    for key in KEYS {
        if let Err(m) = f.set(key, &"x".repeat(2001)) {
            assert!(crate::i18n::known(m), "{m}");
        }
    }
}

#[test]
fn the_page_lists_what_is_stated_in_german() {
    let mut f = Food::default();
    for (key, value) in [
        (DESCRIPTION, "Vollmilchschokolade"),
        (ALLERGENS, "milk, nuts"),
        (ALCOHOL, "0,5"),
        (DISTRIBUTOR, "Laden GmbH\nMusterweg 1"),
    ] {
        f.set(key, value).unwrap();
    }
    assert_eq!(
        f.info_rows(),
        [
            ("Name of the food", "Vollmilchschokolade".to_owned()),
            (
                "Allergens",
                "Milch (einschließlich Laktose), Schalenfrüchte".to_owned()
            ),
            ("Alcohol content", "0,5 % vol".to_owned()),
            (
                "Food business operator",
                "Laden GmbH\nMusterweg 1".to_owned()
            ),
        ]
    );
    assert!(Food::default().info_rows().is_empty());
}

/// The admin's form sends the keys and slugs its tables name (`web/src/features/admin/model/
/// choices.ts`): each must be one the server takes, and the server's all be there.
#[test]
fn the_admins_tables_name_the_servers_keys_and_allergens() {
    const CHOICES: &str = include_str!("../../../../web/src/features/admin/model/choices.ts");
    let named = |s: &str| CHOICES.contains(&format!("['{s}', "));
    for k in KEYS
        .iter()
        .filter(|k| !matches!(**k, IS_FOOD | ALLERGENS | REFERENCE))
    {
        assert!(named(k), "{k}");
    }
    for a in Allergen::ALL {
        assert!(named(a.slug()), "{}", a.slug());
    }
}
