//! Shopper contact data, checked as spec §5 says ("Generic checks").

use serde::Serialize;

/// An e-mail address whose domain ends in a top-level domain of 2–63 letters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Option<Email> {
        let s = input.trim();
        if s.len() > 254 || s.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return None;
        }
        let (local, domain) = s.rsplit_once('@')?;
        if local.is_empty() || local.contains('@') || domain.is_empty() {
            return None;
        }
        let (host, tld) = domain.rsplit_once('.')?;
        let tld_ok =
            (2..=63).contains(&tld.chars().count()) && tld.chars().all(|c| c.is_alphabetic());
        let host_ok = !host.is_empty()
            && host.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        (tld_ok && host_ok).then(|| Email(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A phone number of 6–15 digits with an optional leading '+'. Spaces and the
/// usual separators (`-`, `/`, `(`, `)`, `.`) may be typed and are not counted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Phone(String);

impl Phone {
    pub fn parse(input: &str) -> Option<Phone> {
        let s = input.trim();
        let (plus, rest) = match s.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let mut digits = String::with_capacity(rest.len());
        for c in rest.chars() {
            match c {
                '0'..='9' => digits.push(c),
                ' ' | '-' | '/' | '(' | ')' | '.' => {}
                _ => return None,
            }
        }
        if !(6..=15).contains(&digits.len()) {
            return None;
        }
        Some(Phone(if plus { format!("+{digits}") } else { digits }))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A postcode of its country's format (`crate::country`); empty in a country without postcodes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Postcode(String);

impl Postcode {
    /// `None` for a country ISO 3166-1 does not know or a postcode not of its format.
    pub fn parse(country: &str, input: &str) -> Option<Postcode> {
        let s = input.trim();
        crate::country::get(country)?
            .postcode_ok(s)
            .then(|| Postcode(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_table() {
        let cases = [
            ("anna@example.de", true),
            ("anna.muster+shop@mail.example.com", true),
            ("a@b.co", true),
            ("anna@example.d", false),
            ("anna@example.123", false),
            ("anna@example", false),
            ("anna example@x.de", false),
            ("@example.de", false),
            ("anna@@example.de", false),
            ("anna@-x.de", false),
            ("", false),
        ];
        for (input, ok) in cases {
            assert_eq!(Email::parse(input).is_some(), ok, "{input}");
        }
        let long_tld = format!("a@b.{}", "x".repeat(63));
        assert!(Email::parse(&long_tld).is_some());
        let too_long_tld = format!("a@b.{}", "x".repeat(64));
        assert!(Email::parse(&too_long_tld).is_none());
    }

    #[test]
    fn phone_table() {
        let cases = [
            ("+49 30 1234567", Some("+49301234567")),
            ("0170/1234567", Some("01701234567")),
            ("123456", Some("123456")),
            ("12345", None),
            ("+1234567890123456", None),
            ("0170 ABC", None),
            ("++49123456", None),
        ];
        for (input, want) in cases {
            assert_eq!(
                Phone::parse(input).map(|p| p.as_str().to_owned()),
                want.map(str::to_owned),
                "{input}"
            );
        }
    }

    #[test]
    fn postcode_table() {
        for (country, input, ok) in [
            ("DE", "10115", true),
            ("DE", "1011", false),
            ("DE", "1011a", false),
            ("AT", "1010", true),
            ("XX", "1010", false),
        ] {
            assert_eq!(
                Postcode::parse(country, input).is_some(),
                ok,
                "{country} {input}"
            );
        }
    }
}
