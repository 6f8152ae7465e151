//! Food information a distance seller must give before the purchase (LMIV, Regulation (EU)
//! 1169/2011, Art. 14 (1) with Art. 9): the food's name, its ingredients, the allergens of
//! Annex II, the net quantity and drained weight, the alcohol content above 1.2 % vol, the food
//! business operator, the place of origin and the nutrition declaration of Art. 30 (1) per
//! 100 g or 100 ml, rounded as the Commission's guidance on tolerances (2012) asks.
//!
//! A product states it in WooCommerce meta (Germanized's keys where Germanized keeps the same
//! value, Laden's for the allergens and nutrients, which Germanized keeps as terms of its own);
//! every key is also a CSV column `Meta: <key>`. A variation takes its product's.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[cfg(test)]
mod tests;

/// The 14 substances or products causing allergies or intolerances of Annex II.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Allergen {
    Gluten,
    Crustaceans,
    Eggs,
    Fish,
    Peanuts,
    Soybeans,
    Milk,
    Nuts,
    Celery,
    Mustard,
    Sesame,
    Sulphites,
    Lupin,
    Molluscs,
}

impl Allergen {
    /// In the order of Annex II.
    pub const ALL: [Allergen; 14] = [
        Allergen::Gluten,
        Allergen::Crustaceans,
        Allergen::Eggs,
        Allergen::Fish,
        Allergen::Peanuts,
        Allergen::Soybeans,
        Allergen::Milk,
        Allergen::Nuts,
        Allergen::Celery,
        Allergen::Mustard,
        Allergen::Sesame,
        Allergen::Sulphites,
        Allergen::Lupin,
        Allergen::Molluscs,
    ];

    /// What meta data, the CSV and the admin's form name it by.
    pub fn slug(self) -> &'static str {
        match self {
            Allergen::Gluten => "gluten",
            Allergen::Crustaceans => "crustaceans",
            Allergen::Eggs => "eggs",
            Allergen::Fish => "fish",
            Allergen::Peanuts => "peanuts",
            Allergen::Soybeans => "soybeans",
            Allergen::Milk => "milk",
            Allergen::Nuts => "nuts",
            Allergen::Celery => "celery",
            Allergen::Mustard => "mustard",
            Allergen::Sesame => "sesame",
            Allergen::Sulphites => "sulphites",
            Allergen::Lupin => "lupin",
            Allergen::Molluscs => "molluscs",
        }
    }

    /// Its name in Annex II, as a catalogue msgid.
    pub fn label(self) -> &'static str {
        match self {
            Allergen::Gluten => "Cereals containing gluten",
            Allergen::Crustaceans => "Crustaceans",
            Allergen::Eggs => "Eggs",
            Allergen::Fish => "Fish",
            Allergen::Peanuts => "Peanuts",
            Allergen::Soybeans => "Soybeans",
            Allergen::Milk => "Milk (including lactose)",
            Allergen::Nuts => "Nuts",
            Allergen::Celery => "Celery",
            Allergen::Mustard => "Mustard",
            Allergen::Sesame => "Sesame seeds",
            Allergen::Sulphites => "Sulphur dioxide and sulphites",
            Allergen::Lupin => "Lupin",
            Allergen::Molluscs => "Molluscs",
        }
    }

    /// The allergen a person names: by its slug, or its German name or the usual short one
    /// (in any case and spacing).
    pub fn named(text: &str) -> Option<Allergen> {
        let wanted = crate::text::slugify(text);
        Allergen::ALL.into_iter().find(|a| {
            a.slug() == wanted
                || crate::text::slugify(&crate::i18n::t(a.label())) == wanted
                || a.short_german() == wanted
        })
    }

    /// The short German name a label uses („Milch“, „Soja“), slugified.
    fn short_german(self) -> &'static str {
        match self {
            Allergen::Gluten => "gluten",
            Allergen::Crustaceans => "krebstiere",
            Allergen::Eggs => "eier",
            Allergen::Fish => "fisch",
            Allergen::Peanuts => "erdnuesse",
            Allergen::Soybeans => "soja",
            Allergen::Milk => "milch",
            Allergen::Nuts => "schalenfruechte",
            Allergen::Celery => "sellerie",
            Allergen::Mustard => "senf",
            Allergen::Sesame => "sesam",
            Allergen::Sulphites => "sulfite",
            Allergen::Lupin => "lupinen",
            Allergen::Molluscs => "weichtiere",
        }
    }
}

/// The nutrients of the declaration, in the order of Annex XV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Nutrient {
    EnergyKj,
    EnergyKcal,
    Fat,
    Saturates,
    Carbohydrate,
    Sugars,
    Fibre,
    Protein,
    Salt,
}

impl Nutrient {
    pub const ALL: [Nutrient; 9] = [
        Nutrient::EnergyKj,
        Nutrient::EnergyKcal,
        Nutrient::Fat,
        Nutrient::Saturates,
        Nutrient::Carbohydrate,
        Nutrient::Sugars,
        Nutrient::Fibre,
        Nutrient::Protein,
        Nutrient::Salt,
    ];

    /// Its meta key (and CSV column `Meta: <key>`).
    pub fn key(self) -> &'static str {
        match self {
            Nutrient::EnergyKj => "laden_nutrient_energy_kj",
            Nutrient::EnergyKcal => "laden_nutrient_energy_kcal",
            Nutrient::Fat => "laden_nutrient_fat",
            Nutrient::Saturates => "laden_nutrient_saturates",
            Nutrient::Carbohydrate => "laden_nutrient_carbohydrate",
            Nutrient::Sugars => "laden_nutrient_sugars",
            Nutrient::Fibre => "laden_nutrient_fibre",
            Nutrient::Protein => "laden_nutrient_protein",
            Nutrient::Salt => "laden_nutrient_salt",
        }
    }

    /// Its row in the table, as a catalogue msgid (energy's two values share one row).
    pub fn label(self) -> &'static str {
        match self {
            Nutrient::EnergyKj | Nutrient::EnergyKcal => "Energy",
            Nutrient::Fat => "Fat",
            Nutrient::Saturates => "of which saturates",
            Nutrient::Carbohydrate => "Carbohydrate",
            Nutrient::Sugars => "of which sugars",
            Nutrient::Fibre => "Fibre",
            Nutrient::Protein => "Protein",
            Nutrient::Salt => "Salt",
        }
    }

    /// A part of the nutrient above it („davon“).
    pub fn is_part(self) -> bool {
        matches!(self, Nutrient::Saturates | Nutrient::Sugars)
    }

    /// Art. 30 (1) asks for all but fibre once any is declared.
    pub fn mandatory(self) -> bool {
        self != Nutrient::Fibre
    }

    fn unit(self) -> &'static str {
        match self {
            Nutrient::EnergyKj => "kJ",
            Nutrient::EnergyKcal => "kcal",
            _ => "g",
        }
    }

    /// `thousandths` of the unit as the table shows them (the guidance's rounding): energy
    /// in whole units; fat, carbohydrate, sugars, fibre and protein in whole grams from 10 g,
    /// to 0,1 g from 0,5 g, below as „<0,5 g“; saturates likewise down to 0,1 g; salt to
    /// 0,1 g from 1 g, to 0,01 g from 0,0125 g, below as „<0,01 g“; none at all is „0 g“.
    pub fn display(self, thousandths: u32) -> String {
        let unit = self.unit();
        let x = thousandths;
        // (below this: „<“ the shown border, that border in thousandths, its places)
        let (low, border, places) = match self {
            Nutrient::EnergyKj | Nutrient::EnergyKcal => (0, 0, 0),
            // The places go by the value rounded: 9,96 g is „10 g“, not „10,0 g“.
            Nutrient::Salt => (13, 10, if x >= 995 { 1 } else { 2 }),
            Nutrient::Saturates => (100, 100, if x >= 9_950 { 0 } else { 1 }),
            _ => (500, 500, if x >= 9_950 { 0 } else { 1 }),
        };
        if x > 0 && x < low {
            let shown = if self == Nutrient::Salt { 2 } else { 1 };
            return format!("<{} {unit}", german(border, shown));
        }
        if x == 0 && self != Nutrient::EnergyKj && self != Nutrient::EnergyKcal {
            return format!("0 {unit}");
        }
        format!("{} {unit}", german(x, places))
    }
}

/// `thousandths` rounded half up to `places` decimals, with German separators: `1.046`, `3,5`.
fn german(thousandths: u32, places: u32) -> String {
    let step = 10u64.pow(3 - places);
    let rounded = (u64::from(thousandths) + step / 2) / step;
    let scale = 10u64.pow(places);
    let (whole, frac) = (rounded / scale, rounded % scale);
    let grouped = crate::text::grouped(whole);
    if places == 0 {
        grouped
    } else {
        format!("{grouped},{frac:0width$}", width = places as usize)
    }
}

/// What the declaration's values are given per.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reference {
    #[default]
    #[serde(rename = "100g")]
    Grams,
    #[serde(rename = "100ml")]
    Millilitres,
}

impl Reference {
    pub fn slug(self) -> &'static str {
        match self {
            Reference::Grams => "100g",
            Reference::Millilitres => "100ml",
        }
    }

    /// The table's caption, as a catalogue msgid.
    pub fn caption(self) -> &'static str {
        match self {
            Reference::Grams => "Average nutritional values per 100 g",
            Reference::Millilitres => "Average nutritional values per 100 ml",
        }
    }
}

/// A product's food information; empty: none stated.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Food {
    /// The product is a food: its page shows what follows (Germanized's `_is_food`).
    pub is_food: bool,
    /// The name of the food (its legal or customary name, Art. 17).
    pub description: String,
    /// The list of ingredients; allergens emphasised as on the pack (in capitals, say).
    pub ingredients: String,
    pub allergens: Vec<Allergen>,
    /// Thousandths of the nutrient's unit, per `reference`.
    pub nutrients: BTreeMap<Nutrient, u32>,
    pub reference: Reference,
    /// Tenths of a per cent by volume (12,5 % vol → 125).
    pub alcohol: Option<u32>,
    pub net_quantity: String,
    pub drained_weight: String,
    /// The food business operator: name and address.
    pub distributor: String,
    pub origin: String,
}

pub const IS_FOOD: &str = "_is_food";
pub const DESCRIPTION: &str = "_food_description";
pub const INGREDIENTS: &str = "_ingredients";
pub const ALLERGENS: &str = "laden_allergens";
pub const REFERENCE: &str = "_nutrient_reference_value";
pub const ALCOHOL: &str = "_alcohol_content";
pub const NET_QUANTITY: &str = "_net_filling_quantity";
pub const DRAINED_WEIGHT: &str = "_drained_weight";
pub const DISTRIBUTOR: &str = "_food_distributor";
pub const ORIGIN: &str = "_food_place_of_origin";

/// The labels of [`Food::info_rows`], in their order (catalogue msgids).
pub const INFO_LABELS: [&str; 8] = [
    "Name of the food",
    "Ingredients",
    "Allergens",
    "Alcohol content",
    "Net quantity",
    "Drained weight",
    "Place of origin",
    "Food business operator",
];

/// The texts' keys with their longest length in characters and whether they keep lines.
const TEXTS: [(&str, usize, bool); 6] = [
    (DESCRIPTION, 500, false),
    (INGREDIENTS, 2000, false),
    (NET_QUANTITY, 100, false),
    (DRAINED_WEIGHT, 100, false),
    (DISTRIBUTOR, 500, true),
    (ORIGIN, 200, false),
];

/// Every key, in the order the CSV's columns and the meta data give them (the nutrients' are
/// [`Nutrient::key`]'s, in [`Nutrient::ALL`]'s order).
pub const KEYS: [&str; 19] = [
    IS_FOOD,
    DESCRIPTION,
    INGREDIENTS,
    ALLERGENS,
    REFERENCE,
    "laden_nutrient_energy_kj",
    "laden_nutrient_energy_kcal",
    "laden_nutrient_fat",
    "laden_nutrient_saturates",
    "laden_nutrient_carbohydrate",
    "laden_nutrient_sugars",
    "laden_nutrient_fibre",
    "laden_nutrient_protein",
    "laden_nutrient_salt",
    ALCOHOL,
    NET_QUANTITY,
    DRAINED_WEIGHT,
    DISTRIBUTOR,
    ORIGIN,
];

/// The food information's key `name` is, if it is one.
pub fn key(name: &str) -> Option<&'static str> {
    KEYS.into_iter().find(|k| *k == name)
}

/// A non-negative amount as people write it (`0`, `3,5`, `1046`), at most three decimals, in
/// thousandths; at most `max` thousandths.
fn amount(value: &str, max: u32) -> Option<u32> {
    let v = value.trim();
    // Zero as people write it (`0`, `0,0`, `0.000`): written like an amount, all of it zeros.
    if v.contains('0') && v.chars().all(|c| matches!(c, '0' | ',' | '.')) {
        return crate::pricing::unit_price::parse_amount(&format!("1{v}")).map(|_| 0);
    }
    let t = crate::pricing::unit_price::parse_amount(v)?;
    u32::try_from(t).ok().filter(|t| *t <= max)
}

/// A yes/no as meta data and the CSV write it.
fn flag(value: &str) -> Option<bool> {
    match value.trim().to_lowercase().as_str() {
        "yes" | "1" | "true" | "ja" => Some(true),
        "no" | "0" | "false" | "nein" | "" => Some(false),
        _ => None,
    }
}

impl Food {
    /// Nothing stated (a product's details leave it out).
    pub fn is_empty(&self) -> bool {
        *self == Food::default()
    }

    /// Takes `value` for `key`; empty clears. `Ok(false)`: not a food key. A bad value is
    /// refused with its message (a msgid) and changes nothing.
    pub fn set(&mut self, key: &str, value: &str) -> Result<bool, &'static str> {
        if let Some((_, max, keep_lines)) = TEXTS.iter().find(|(k, ..)| *k == key) {
            let text = if *keep_lines {
                Some(crate::text::lines(value)).filter(|t| t.chars().count() <= *max)
            } else {
                crate::text::one_line(value, *max)
            };
            let Some(text) = text else {
                return Err(match *max {
                    100 => "This text takes at most 100 characters.",
                    200 => "This text takes at most 200 characters.",
                    500 => "This text takes at most 500 characters.",
                    _ => "This text takes at most 2,000 characters.",
                });
            };
            *self.text_mut(key) = text;
            return Ok(true);
        }
        if let Some(n) = Nutrient::ALL.into_iter().find(|n| n.key() == key) {
            if value.trim().is_empty() {
                self.nutrients.remove(&n);
            } else {
                let max = match n {
                    Nutrient::EnergyKj => 4_000_000,
                    Nutrient::EnergyKcal => 1_000_000,
                    _ => 100_000,
                };
                let v = amount(value, max)
                    .ok_or("Give an amount from 0 to 100 g (energy up to 4,000 kJ or 1,000 kcal), with at most three decimals.")?;
                self.nutrients.insert(n, v);
            }
            return Ok(true);
        }
        match key {
            IS_FOOD => self.is_food = flag(value).ok_or("Invalid value.")?,
            ALLERGENS => {
                let mut list = Vec::new();
                for part in value.split([',', ';']).filter(|p| !p.trim().is_empty()) {
                    let a = Allergen::named(part)
                        .ok_or("There is no such allergen: name those of Annex II of the LMIV.")?;
                    if !list.contains(&a) {
                        list.push(a);
                    }
                }
                list.sort();
                self.allergens = list;
            }
            REFERENCE => {
                self.reference = match value.trim().replace(' ', "").to_lowercase().as_str() {
                    "" | "100g" => Reference::Grams,
                    "100ml" => Reference::Millilitres,
                    _ => return Err("The nutrients are given per 100g or per 100ml."),
                }
            }
            ALCOHOL => {
                self.alcohol = if value.trim().is_empty() {
                    None
                } else {
                    let v = amount(value, 100_000)
                        .filter(|v| v % 100 == 0)
                        .ok_or("Give the alcohol content in % vol, from 0 to 100 with at most one decimal.")?;
                    Some(v / 100)
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn text_mut(&mut self, key: &str) -> &mut String {
        match key {
            DESCRIPTION => &mut self.description,
            INGREDIENTS => &mut self.ingredients,
            NET_QUANTITY => &mut self.net_quantity,
            DRAINED_WEIGHT => &mut self.drained_weight,
            DISTRIBUTOR => &mut self.distributor,
            _ => &mut self.origin,
        }
    }

    /// The value of `key` as meta data and the CSV give it back (`set` takes it again); empty:
    /// none stated.
    pub fn get(&self, key: &str) -> String {
        if let Some(n) = Nutrient::ALL.into_iter().find(|n| n.key() == key) {
            return self
                .nutrients
                .get(&n)
                .map(|v| crate::pricing::unit_price::exchange_amount(i64::from(*v)))
                .unwrap_or_default();
        }
        match key {
            IS_FOOD => if self.is_food { "yes" } else { "" }.to_owned(),
            ALLERGENS => self
                .allergens
                .iter()
                .map(|a| a.slug())
                .collect::<Vec<_>>()
                .join(", "),
            REFERENCE if !self.nutrients.is_empty() => self.reference.slug().to_owned(),
            ALCOHOL => self
                .alcohol
                .map(|a| crate::pricing::unit_price::exchange_amount(i64::from(a) * 100))
                .unwrap_or_default(),
            DESCRIPTION => self.description.clone(),
            INGREDIENTS => self.ingredients.clone(),
            NET_QUANTITY => self.net_quantity.clone(),
            DRAINED_WEIGHT => self.drained_weight.clone(),
            DISTRIBUTOR => self.distributor.clone(),
            ORIGIN => self.origin.clone(),
            _ => String::new(),
        }
    }

    /// Whether the declaration of a food holds together: once one nutrient is stated, all of
    /// Art. 30 (1) are, and a part is no more than its whole (each value is at most 100 g
    /// already). A product that is no food shows none, so what it keeps is not checked (the
    /// admin's form hides the fields of a product unmarked, and keeps their values). `Err` names
    /// the key at fault and the message (a msgid).
    pub fn check(&self) -> Result<(), (&'static str, &'static str)> {
        if !self.is_food || self.nutrients.is_empty() {
            return Ok(());
        }
        if let Some(missing) = Nutrient::ALL
            .into_iter()
            .find(|n| n.mandatory() && !self.nutrients.contains_key(n))
        {
            return Err((
                missing.key(),
                "A nutrition declaration states energy in kJ and kcal, fat, saturates, carbohydrate, sugars, protein and salt.",
            ));
        }
        let v = |n: Nutrient| self.nutrients.get(&n).copied().unwrap_or(0);
        if v(Nutrient::Saturates) > v(Nutrient::Fat) {
            return Err((Nutrient::Saturates.key(), "Saturates cannot exceed fat."));
        }
        if v(Nutrient::Sugars) > v(Nutrient::Carbohydrate) {
            return Err((Nutrient::Sugars.key(), "Sugars cannot exceed carbohydrate."));
        }
        Ok(())
    }

    /// The declaration's rows as the page shows them: (label msgid, value, a part of the row
    /// above); energy is one row in kJ and kcal. Empty: no declaration.
    pub fn nutrition_rows(&self) -> Vec<(&'static str, String, bool)> {
        let mut rows = Vec::new();
        if let (Some(kj), Some(kcal)) = (
            self.nutrients.get(&Nutrient::EnergyKj),
            self.nutrients.get(&Nutrient::EnergyKcal),
        ) {
            rows.push((
                Nutrient::EnergyKj.label(),
                format!(
                    "{} / {}",
                    Nutrient::EnergyKj.display(*kj),
                    Nutrient::EnergyKcal.display(*kcal)
                ),
                false,
            ));
        }
        for (n, v) in &self.nutrients {
            if !matches!(n, Nutrient::EnergyKj | Nutrient::EnergyKcal) {
                rows.push((n.label(), n.display(*v), n.is_part()));
            }
        }
        rows
    }

    /// The particulars the page lists above the table, in German: (label msgid, value); those
    /// not stated are left out.
    pub fn info_rows(&self) -> Vec<(&'static str, String)> {
        let allergens = self
            .allergens
            .iter()
            .map(|a| crate::i18n::t(a.label()))
            .collect::<Vec<_>>()
            .join(", ");
        let values = [
            self.description.clone(),
            self.ingredients.clone(),
            allergens,
            self.alcohol_text().unwrap_or_default(),
            self.net_quantity.clone(),
            self.drained_weight.clone(),
            self.origin.clone(),
            self.distributor.clone(),
        ];
        INFO_LABELS
            .into_iter()
            .zip(values)
            .filter(|(_, v)| !v.is_empty())
            .collect()
    }

    /// The alcohol content as the page shows it: `12,5 % vol`.
    pub fn alcohol_text(&self) -> Option<String> {
        self.alcohol.map(|a| {
            let text = german(a * 100, 1);
            format!("{} % vol", text.strip_suffix(",0").unwrap_or(&text))
        })
    }
}
