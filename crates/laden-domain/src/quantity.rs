use serde::Serialize;

/// A whole number of items a shopper may put in a cart: 1 ..= MAX.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Quantity(u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QuantityError {
    #[error("quantity is not a number")]
    NotANumber,
    #[error("quantity is not a whole number")]
    Fractional,
    #[error("quantity must be at least 1")]
    TooSmall,
    #[error("quantity is too large")]
    TooLarge,
}

impl Quantity {
    /// No household orders ten thousand of one thing through a shop front.
    pub const MAX: u32 = 9_999;

    pub fn new(n: i64) -> Result<Self, QuantityError> {
        if n < 1 {
            return Err(QuantityError::TooSmall);
        }
        if n > i64::from(Self::MAX) {
            return Err(QuantityError::TooLarge);
        }
        u32::try_from(n)
            .map(Quantity)
            .map_err(|_| QuantityError::TooLarge)
    }

    /// Accepts a JSON number or a numeric string, as WooCommerce clients send both.
    pub fn from_json(value: &serde_json_like::Value) -> Result<Self, QuantityError> {
        match value {
            serde_json_like::Value::Int(n) => Self::new(*n),
            serde_json_like::Value::Float(f) => {
                if f.fract() != 0.0 {
                    Err(QuantityError::Fractional)
                } else if *f < 1.0 {
                    Err(QuantityError::TooSmall)
                } else if *f > f64::from(Self::MAX) {
                    Err(QuantityError::TooLarge)
                } else {
                    Self::new(*f as i64)
                }
            }
            // Text is a whole number in ASCII digits and nothing else: "1.000" means a thousand
            // to a German and one to a program, "1e3" and "١" are not what a shopper types.
            serde_json_like::Value::Text(s) => {
                let s = s.trim();
                let digits = s.strip_prefix('-').unwrap_or(s);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    let looks_fractional = s.split_once('.').is_some_and(|(a, b)| {
                        !a.is_empty()
                            && a.bytes().all(|c| c.is_ascii_digit())
                            && b.bytes().all(|c| c.is_ascii_digit())
                            && b.bytes().any(|c| c != b'0')
                    });
                    return Err(if looks_fractional {
                        QuantityError::Fractional
                    } else {
                        QuantityError::NotANumber
                    });
                }
                match s.parse::<i64>() {
                    Ok(n) => Self::new(n),
                    Err(_) if s.starts_with('-') => Err(QuantityError::TooSmall),
                    Err(_) => Err(QuantityError::TooLarge),
                }
            }
            serde_json_like::Value::Other => Err(QuantityError::NotANumber),
        }
    }

    pub const fn get(self) -> u32 {
        self.0
    }
}

/// The few JSON shapes a quantity can arrive in, so the domain needs no JSON crate.
pub mod serde_json_like {
    #[derive(Debug, Clone, PartialEq)]
    pub enum Value {
        Int(i64),
        Float(f64),
        Text(String),
        Other,
    }
}

#[cfg(test)]
mod tests {
    use super::serde_json_like::Value;
    use super::*;

    #[test]
    fn parses_table() {
        let cases: Vec<(Value, Result<u32, QuantityError>)> = vec![
            (Value::Int(1), Ok(1)),
            (Value::Int(3), Ok(3)),
            (Value::Int(0), Err(QuantityError::TooSmall)),
            (Value::Int(-2), Err(QuantityError::TooSmall)),
            (Value::Int(10_000), Err(QuantityError::TooLarge)),
            (Value::Float(2.0), Ok(2)),
            (Value::Float(1.5), Err(QuantityError::Fractional)),
            (Value::Text("4".into()), Ok(4)),
            (Value::Text(" 2 ".into()), Ok(2)),
            (Value::Text("2.5".into()), Err(QuantityError::Fractional)),
            (Value::Text("zwei".into()), Err(QuantityError::NotANumber)),
            (Value::Text("-1".into()), Err(QuantityError::TooSmall)),
            (Value::Text("0".into()), Err(QuantityError::TooSmall)),
            (Value::Text("1.000".into()), Err(QuantityError::NotANumber)),
            (Value::Text("2.0".into()), Err(QuantityError::NotANumber)),
            (Value::Text("1e3".into()), Err(QuantityError::NotANumber)),
            (Value::Text("NaN".into()), Err(QuantityError::NotANumber)),
            (Value::Text("١".into()), Err(QuantityError::NotANumber)),
            (Value::Text("+1".into()), Err(QuantityError::NotANumber)),
            (Value::Text("".into()), Err(QuantityError::NotANumber)),
            (Value::Text("-".into()), Err(QuantityError::NotANumber)),
            (
                Value::Text("99999999999999999999".into()),
                Err(QuantityError::TooLarge),
            ),
            (
                Value::Text("-99999999999999999999".into()),
                Err(QuantityError::TooSmall),
            ),
            (Value::Other, Err(QuantityError::NotANumber)),
        ];
        for (input, want) in cases {
            assert_eq!(
                Quantity::from_json(&input).map(Quantity::get),
                want,
                "{input:?}"
            );
        }
    }
}
