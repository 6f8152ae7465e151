use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// An amount of euros in integer cents. The only money type on the server.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `self × n`, or `None` on overflow.
    pub fn times(self, n: u32) -> Option<Money> {
        self.0.checked_mul(i64::from(n)).map(Money)
    }

    /// Parses a decimal amount as written in WooCommerce CSVs or by people:
    /// `12.5`, `12,50`, `1.234,56`, `1234.56`. At most two decimals.
    pub fn parse_decimal(input: &str) -> Option<Money> {
        let s = input.trim().trim_end_matches('€').trim();
        if s.is_empty() {
            return None;
        }
        let (negative, s) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        // The last separator followed by 1–2 digits is the decimal separator.
        let last_sep = s.rfind([',', '.']);
        let (int_part, frac_part) = match last_sep {
            Some(i) if s.len() - i - 1 <= 2 && s.len() - i > 1 => (&s[..i], &s[i + 1..]),
            _ => (s, ""),
        };
        let int_digits: String = int_part
            .chars()
            .filter(|c| *c != '.' && *c != ',' && *c != ' ')
            .collect();
        if int_digits.is_empty() && frac_part.is_empty() {
            return None;
        }
        if !int_digits.chars().all(|c| c.is_ascii_digit())
            || !frac_part.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        let euros: i64 = if int_digits.is_empty() {
            0
        } else {
            int_digits.parse().ok()?
        };
        let cents: i64 = match frac_part.len() {
            0 => 0,
            1 => frac_part.parse::<i64>().ok()? * 10,
            _ => frac_part.parse().ok()?,
        };
        let total = euros.checked_mul(100)?.checked_add(cents)?;
        Some(Money(if negative { -total } else { total }))
    }

    /// German display form: `1.234,56 €`.
    pub fn format_de(self) -> String {
        let negative = self.0 < 0;
        let abs = self.0.unsigned_abs();
        let euros = abs / 100;
        let cents = abs % 100;
        let grouped = crate::text::grouped(euros);
        format!(
            "{}{grouped},{cents:02}\u{a0}€",
            if negative { "-" } else { "" }
        )
    }

    /// Plain decimal with a dot, as schema.org and feeds expect: `1234.56`.
    pub fn to_decimal_string(self) -> String {
        let abs = self.0.unsigned_abs();
        format!(
            "{}{}.{:02}",
            if self.0 < 0 { "-" } else { "" },
            abs / 100,
            abs % 100
        )
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_de())
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        self.0 += rhs.0;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0 - rhs.0)
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_german() {
        let cases = [
            (0, "0,00\u{a0}€"),
            (5, "0,05\u{a0}€"),
            (1299, "12,99\u{a0}€"),
            (123_456, "1.234,56\u{a0}€"),
            (100_000_000, "1.000.000,00\u{a0}€"),
            (-250, "-2,50\u{a0}€"),
        ];
        for (cents, want) in cases {
            assert_eq!(Money::from_cents(cents).format_de(), want, "{cents}");
        }
    }

    #[test]
    fn parses_decimals() {
        let cases = [
            ("12.5", Some(1250)),
            ("12,50", Some(1250)),
            ("1.234,56", Some(123_456)),
            ("1,234.56", Some(123_456)),
            ("1234", Some(123_400)),
            ("0.99", Some(99)),
            ("9,9 €", Some(990)),
            ("", None),
            ("abc", None),
            ("1.2.3,4x", None),
        ];
        for (input, want) in cases {
            assert_eq!(
                Money::parse_decimal(input).map(Money::cents),
                want,
                "{input}"
            );
        }
    }

    #[test]
    fn decimal_string() {
        assert_eq!(Money::from_cents(123_456).to_decimal_string(), "1234.56");
        assert_eq!(Money::from_cents(7).to_decimal_string(), "0.07");
    }
}
