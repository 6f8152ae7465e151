use serde::Serialize;

/// A stock-keeping unit: 1–64 printable characters without spaces at the ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Sku(String);

impl Sku {
    pub fn parse(input: &str) -> Option<Sku> {
        let s = input.trim();
        if s.is_empty() || s.chars().count() > 64 || s.chars().any(char::is_control) {
            return None;
        }
        Some(Sku(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        for (input, ok) in [
            ("KAF-001", true),
            ("  T-2 ", true),
            ("", false),
            ("   ", false),
            ("a\u{0}b", false),
        ] {
            assert_eq!(Sku::parse(input).is_some(), ok, "{input:?}");
        }
        assert_eq!(
            Sku::parse("  T-2 ").map(|s| s.as_str().to_owned()),
            Some("T-2".to_owned())
        );
    }
}
