//! VAT identification numbers of the EU member states (the formats VIES documents): whether a
//! business customer's USt-IdNr. is well formed for its country, and when an order to them is
//! a reverse-charge supply. The format says nothing about whether the number is registered:
//! that only VIES can say, which a shop checks on its own.

/// Each member state's country code in VAT ids (Greece writes `EL`), its ISO code and the
/// forms its numbers take: `#` a digit, `@` a letter, `?` a letter or digit, `%` a letter or
/// `+`/`*`, anything else itself.
const FORMATS: &[(&str, &str, &[&str])] = &[
    ("AT", "AT", &["U########"]),
    ("BE", "BE", &["0#########", "1#########"]),
    ("BG", "BG", &["#########", "##########"]),
    ("CY", "CY", &["########@"]),
    ("CZ", "CZ", &["########", "#########", "##########"]),
    ("DE", "DE", &["#########"]),
    ("DK", "DK", &["########"]),
    ("EE", "EE", &["#########"]),
    ("EL", "GR", &["#########"]),
    ("ES", "ES", &["?#######?"]),
    ("FI", "FI", &["########"]),
    ("FR", "FR", &["??#########"]),
    ("HR", "HR", &["###########"]),
    ("HU", "HU", &["########"]),
    ("IE", "IE", &["#######@", "#######@@", "#%#####@"]),
    ("IT", "IT", &["###########"]),
    ("LT", "LT", &["#########", "############"]),
    ("LU", "LU", &["########"]),
    ("LV", "LV", &["###########"]),
    ("MT", "MT", &["########"]),
    ("NL", "NL", &["#########B##"]),
    ("PL", "PL", &["##########"]),
    ("PT", "PT", &["#########"]),
    (
        "RO",
        "RO",
        &[
            "##",
            "###",
            "####",
            "#####",
            "######",
            "#######",
            "########",
            "#########",
            "##########",
        ],
    ),
    ("SE", "SE", &["##########01"]),
    ("SI", "SI", &["########"]),
    ("SK", "SK", &["##########"]),
    ("XI", "XI", &["#########", "############"]),
];

fn fits(body: &str, form: &str) -> bool {
    body.len() == form.len()
        && body.chars().zip(form.chars()).all(|(c, f)| match f {
            '#' => c.is_ascii_digit(),
            '@' => c.is_ascii_uppercase(),
            '?' => c.is_ascii_uppercase() || c.is_ascii_digit(),
            '%' => c.is_ascii_uppercase() || c == '+' || c == '*',
            lit => c == lit,
        })
}

/// The number written as VIES writes it: upper case, without spaces, dots or dashes.
pub fn normalize(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '.' | '-' | '/'))
        .flat_map(char::to_uppercase)
        .collect()
}

/// The ISO country code a well-formed VAT id belongs to, else `None`.
pub fn country_of(vat_id: &str) -> Option<&'static str> {
    let v = normalize(vat_id);
    let prefix = v.get(..2)?;
    let body = &v[2..];
    FORMATS
        .iter()
        .find(|(p, _, forms)| *p == prefix && forms.iter().any(|f| fits(body, f)))
        .map(|(_, iso, _)| *iso)
}

/// Whether `vat_id` is a well-formed VAT id of the billing country `country` (ISO code).
pub fn valid_for(vat_id: &str, country: &str) -> bool {
    country_of(vat_id).is_some_and(|c| c.eq_ignore_ascii_case(country))
}

/// The EU member states' ISO codes.
pub fn eu_member_states() -> impl Iterator<Item = &'static str> {
    FORMATS
        .iter()
        .filter(|(p, _, _)| *p != "XI")
        .map(|(_, iso, _)| *iso)
}

/// Whether `country` is an EU member state.
pub fn in_eu(country: &str) -> bool {
    FORMATS
        .iter()
        .any(|(p, iso, _)| *p != "XI" && iso.eq_ignore_ascii_case(country))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_per_country() {
        for (id, country) in [
            ("ATU12345678", Some("AT")),
            ("atu 123 456 78", Some("AT")),
            ("AT12345678", None),
            ("BE0123456789", Some("BE")),
            ("BE2123456789", None),
            ("DE123456789", Some("DE")),
            ("DE 123.456.789", Some("DE")),
            ("DE12345678", None),
            ("EL123456789", Some("GR")),
            ("GR123456789", None),
            ("ESX1234567Z", Some("ES")),
            ("FRAB123456789", Some("FR")),
            ("IE1234567T", Some("IE")),
            ("IE1234567TW", Some("IE")),
            ("IE1+23456W", Some("IE")),
            ("NL123456789B01", Some("NL")),
            ("NL123456789001", None),
            ("PL1234567890", Some("PL")),
            ("RO12", Some("RO")),
            ("SE123456789001", Some("SE")),
            ("CHE123456789", None),
            ("", None),
            ("D", None),
        ] {
            assert_eq!(country_of(id), country, "{id}");
        }
    }
}
