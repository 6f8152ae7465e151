//! Grundpreis (PAngV §4–§5): the price per reference amount (1 kg, 1 l, 1 m, 1 piece, or
//! 100 g / 100 ml where a shop chooses it) shown next to every price of goods sold by weight,
//! volume or length. Amounts are kept in thousandths of their unit, so 0,75 l is exact.

use crate::Money;

/// The units a product's content is given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Gram,
    Kilogram,
    Millilitre,
    Litre,
    Metre,
    Piece,
}

impl Unit {
    /// The unit as stored and exchanged (Germanized's `_unit` values): `g`, `kg`, `ml`, `l`, `m`, `Stück`.
    pub fn parse(s: &str) -> Option<Unit> {
        match s.trim().to_lowercase().as_str() {
            "g" => Some(Unit::Gram),
            "kg" => Some(Unit::Kilogram),
            "ml" => Some(Unit::Millilitre),
            "l" => Some(Unit::Litre),
            "m" => Some(Unit::Metre),
            "stück" | "stk" | "stk." | "piece" => Some(Unit::Piece),
            _ => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Unit::Gram => "g",
            Unit::Kilogram => "kg",
            Unit::Millilitre => "ml",
            Unit::Litre => "l",
            Unit::Metre => "m",
            Unit::Piece => "Stück",
        }
    }

    /// UN/ECE Recommendation 20 code, as schema.org's `unitCode` wants it.
    pub fn unece(self) -> &'static str {
        match self {
            Unit::Gram => "GRM",
            Unit::Kilogram => "KGM",
            Unit::Millilitre => "MLT",
            Unit::Litre => "LTR",
            Unit::Metre => "MTR",
            Unit::Piece => "H87",
        }
    }

    /// The reference amount the law asks for (PAngV §5: 1 kg, 1 l, 1 m; one piece), in thousandths of this unit.
    pub fn default_base(self) -> i64 {
        match self {
            Unit::Gram | Unit::Millilitre => 1_000_000,
            Unit::Kilogram | Unit::Litre | Unit::Metre | Unit::Piece => 1_000,
        }
    }
}

/// Largest amount accepted (a million units), in thousandths.
const MAX_AMOUNT: i64 = 1_000_000_000;

/// Parses an amount as people and CSVs write it (`250`, `0,75`, `0.75`, `1.5`): positive, at most
/// three decimals, in thousandths. `None` for anything else.
pub fn parse_amount(input: &str) -> Option<i64> {
    let s = input.trim();
    if s.is_empty() || s.matches([',', '.']).count() > 1 {
        return None;
    }
    let (int, frac) = s.split_once([',', '.']).unwrap_or((s, ""));
    if int.is_empty() && frac.is_empty()
        || frac.len() > 3
        || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let thousandths: i64 = format!("{frac:0<3}").parse().ok()?;
    let total = whole.checked_mul(1000)?.checked_add(thousandths)?;
    (total > 0 && total <= MAX_AMOUNT).then_some(total)
}

/// An amount in thousandths, written the German way: `250`, `0,75`, `1,5`.
pub fn format_amount(thousandths: i64) -> String {
    let whole = thousandths / 1000;
    let frac = thousandths % 1000;
    if frac == 0 {
        whole.to_string()
    } else {
        format!("{whole},{}", format!("{frac:03}").trim_end_matches('0'))
    }
}

/// An amount in thousandths as exchanged in CSVs, meta data and schema.org: `250`, `0.75`.
pub fn exchange_amount(thousandths: i64) -> String {
    format_amount(thousandths).replace(',', ".")
}

/// What a product says about its content: unit, content and (optionally) the reference amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitPricing {
    pub unit: Unit,
    /// The product's content, in thousandths of `unit` (250 g → 250_000).
    pub content: i64,
    /// The reference amount, in thousandths of `unit` (1 kg given in grams → 1_000_000).
    pub base: i64,
}

impl UnitPricing {
    /// `base` defaults to the legal reference amount of the unit; content and base must be positive.
    pub fn new(unit: Unit, content: i64, base: Option<i64>) -> Option<UnitPricing> {
        let base = base.unwrap_or_else(|| unit.default_base());
        (content > 0 && content <= MAX_AMOUNT && base > 0 && base <= MAX_AMOUNT).then_some(
            UnitPricing {
                unit,
                content,
                base,
            },
        )
    }

    /// The price per reference amount, rounded half up to the cent.
    pub fn reference_price(&self, price: Money) -> Money {
        let num = i128::from(price.cents()) * i128::from(self.base);
        let den = i128::from(self.content);
        let rounded = (2 * num + den) / (2 * den);
        Money::from_cents(i64::try_from(rounded).unwrap_or(i64::MAX))
    }

    /// The reference amount as shown: `1 kg` (1000 g), `100 g`, `1 l`, `100 ml`, `1 Stück`.
    pub fn base_label(&self) -> String {
        Self::label(self.unit, self.base)
    }

    /// The content as shown: `250 g`, `0,75 l`, `1 kg`.
    pub fn content_label(&self) -> String {
        Self::label(self.unit, self.content)
    }

    /// The reference amount for schema.org's `referenceQuantity`: value (with a dot) and UN/ECE code.
    pub fn reference_quantity(&self) -> (String, &'static str) {
        Self::quantity(self.unit, self.base)
    }

    /// The content for schema.org's `valueReference`: value (with a dot) and UN/ECE code.
    pub fn content_quantity(&self) -> (String, &'static str) {
        Self::quantity(self.unit, self.content)
    }

    fn quantity(unit: Unit, amount: i64) -> (String, &'static str) {
        match unit {
            Unit::Gram if amount % 1_000_000 == 0 => {
                ((amount / 1_000_000).to_string(), Unit::Kilogram.unece())
            }
            Unit::Millilitre if amount % 1_000_000 == 0 => {
                ((amount / 1_000_000).to_string(), Unit::Litre.unece())
            }
            _ => (exchange_amount(amount), unit.unece()),
        }
    }

    /// Thousands of grams or millilitres read as kilograms or litres.
    fn label(unit: Unit, amount: i64) -> String {
        match unit {
            Unit::Gram if amount >= 1_000_000 && amount % 1_000_000 == 0 => {
                format!("{} kg", amount / 1_000_000)
            }
            Unit::Millilitre if amount >= 1_000_000 && amount % 1_000_000 == 0 => {
                format!("{} l", amount / 1_000_000)
            }
            _ => format!("{} {}", format_amount(amount), unit.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_parse_the_german_and_the_english_way() {
        for (input, expected) in [
            ("250", Some(250_000)),
            ("0,75", Some(750)),
            ("0.75", Some(750)),
            ("1,5", Some(1_500)),
            (" 12 ", Some(12_000)),
            (",5", Some(500)),
            ("0,001", Some(1)),
            ("0,0001", None),
            ("0", None),
            ("-1", None),
            ("1.000,5", None),
            ("abc", None),
            ("", None),
            ("1e3", None),
            ("1000001", None),
        ] {
            assert_eq!(parse_amount(input), expected, "{input:?}");
        }
    }

    #[test]
    fn units_parse_and_name_themselves() {
        for (input, unit, unece) in [
            ("g", Unit::Gram, "GRM"),
            ("KG", Unit::Kilogram, "KGM"),
            ("ml", Unit::Millilitre, "MLT"),
            ("l", Unit::Litre, "LTR"),
            ("m", Unit::Metre, "MTR"),
            ("Stück", Unit::Piece, "H87"),
            ("stk", Unit::Piece, "H87"),
        ] {
            let u = Unit::parse(input).unwrap_or_else(|| panic!("{input}"));
            assert_eq!((u, u.unece()), (unit, unece));
        }
        assert_eq!(Unit::parse("oz"), None);
        assert_eq!(Unit::parse(""), None);
    }

    #[test]
    fn reference_prices_round_half_up_to_the_cent() {
        let g = |content: i64, base: Option<i64>| {
            UnitPricing::new(Unit::Gram, content * 1000, base.map(|b| b * 1000))
                .unwrap_or_else(|| panic!("pricing"))
        };
        for (pricing, price, expected, base, content) in [
            // 250 g for 11,90 € → 47,60 € / 1 kg
            (g(250, None), 1190, 4760, "1 kg", "250 g"),
            // 500 g for 8,99 € → 17,98 € / 1 kg
            (g(500, None), 899, 1798, "1 kg", "500 g"),
            // 1 kg for 21,50 € → 21,50 € / 1 kg
            (g(1000, None), 2150, 2150, "1 kg", "1 kg"),
            // 125 g for 3,99 € per 100 g → 3,192 → 3,19 €
            (g(125, Some(100)), 399, 319, "100 g", "125 g"),
            // 75 g for 2,49 € per 100 g → 3,32 €
            (g(75, Some(100)), 249, 332, "100 g", "75 g"),
            // 3 g for 0,01 € per 1 kg → 3,333 → 3,33 €
            (g(3, None), 1, 333, "1 kg", "3 g"),
            // half a cent rounds up: 200 g for 0,01 € per 100 g → 0,005 → 0,01 €
            (g(200, Some(100)), 1, 1, "100 g", "200 g"),
        ] {
            assert_eq!(
                (
                    pricing.reference_price(Money::from_cents(price)).cents(),
                    pricing.base_label(),
                    pricing.content_label()
                ),
                (expected, base.to_owned(), content.to_owned())
            );
        }
        let litre = UnitPricing::new(Unit::Litre, 750, None).unwrap_or_else(|| panic!("pricing"));
        assert_eq!(
            (
                litre.reference_price(Money::from_cents(1299)).cents(),
                litre.base_label(),
                litre.content_label()
            ),
            (1732, "1 l".into(), "0,75 l".into())
        );
        let ml = UnitPricing::new(Unit::Millilitre, 330_000, Some(100_000))
            .unwrap_or_else(|| panic!("pricing"));
        assert_eq!(
            (
                ml.reference_price(Money::from_cents(189)).cents(),
                ml.base_label()
            ),
            (57, "100 ml".into())
        );
        assert_eq!(
            (litre.reference_quantity(), litre.content_quantity()),
            (("1".into(), "LTR"), ("0.75".into(), "LTR"))
        );
        assert_eq!(
            (ml.reference_quantity(), ml.content_quantity()),
            (("100".into(), "MLT"), ("330".into(), "MLT"))
        );
        let coffee =
            UnitPricing::new(Unit::Gram, 250_000, None).unwrap_or_else(|| panic!("pricing"));
        assert_eq!(
            (coffee.reference_quantity(), coffee.content_quantity()),
            (("1".into(), "KGM"), ("250".into(), "GRM"))
        );
        let pieces =
            UnitPricing::new(Unit::Piece, 6_000, None).unwrap_or_else(|| panic!("pricing"));
        assert_eq!(
            (
                pieces.reference_price(Money::from_cents(1000)).cents(),
                pieces.base_label(),
                pieces.content_label()
            ),
            (167, "1 Stück".into(), "6 Stück".into())
        );
    }

    #[test]
    fn nonsense_is_no_pricing() {
        assert_eq!(UnitPricing::new(Unit::Gram, 0, None), None);
        assert_eq!(UnitPricing::new(Unit::Gram, 250_000, Some(0)), None);
        assert_eq!(UnitPricing::new(Unit::Gram, -5, None), None);
        assert_eq!(UnitPricing::new(Unit::Gram, MAX_AMOUNT + 1, None), None);
    }
}
