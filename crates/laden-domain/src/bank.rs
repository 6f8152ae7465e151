//! Bank data for Vorkasse: the IBAN check (ISO 13616, mod 97) and its printed form.

/// Whether `iban` (upper case, no spaces) is a well-formed IBAN whose check digits match.
pub fn iban_valid(iban: &str) -> bool {
    let b = iban.as_bytes();
    if !(15..=34).contains(&b.len())
        || !b[..2].iter().all(u8::is_ascii_uppercase)
        || !b[2..4].iter().all(u8::is_ascii_digit)
    {
        return false;
    }
    if !b
        .iter()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        || (iban.starts_with("DE") && b.len() != 22)
    {
        return false;
    }
    // Move the first four characters to the end: the remainder by 97 must be 1.
    mod97(&format!("{}{}", &iban[4..], &iban[..4])) == Some(1)
}

/// ISO 7064's MOD 97-10 over `text`: letters as numbers (`A` = 10 … `Z` = 35), digits as
/// themselves, the remainder of the whole by 97 (`None` for any other character). IBANs and
/// SEPA creditor identifiers check their digits by it.
pub fn mod97(text: &str) -> Option<u32> {
    let mut rest: u32 = 0;
    for c in text.chars() {
        let v = c.to_digit(36)?;
        rest = if v >= 10 {
            (rest * 100 + v) % 97
        } else {
            (rest * 10 + v) % 97
        };
    }
    Some(rest)
}

/// Whether `bic` (upper case, no spaces) is a well-formed BIC (ISO 9362): four letters for
/// the bank, two for the country, two letters or digits for the place, optionally three for
/// the branch.
pub fn bic_valid(bic: &str) -> bool {
    let b = bic.as_bytes();
    (b.len() == 8 || b.len() == 11)
        && b[..6].iter().all(u8::is_ascii_uppercase)
        && b[6..]
            .iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// `DE89370400440532013000` → `DE89 3704 0044 0532 0130 00`.
pub fn iban_grouped(iban: &str) -> String {
    let chars: Vec<char> = iban.chars().filter(|c| !c.is_whitespace()).collect();
    chars
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iban_table() {
        for (iban, ok) in [
            ("DE89370400440532013000", true),
            ("DE89370400440532013001", false),
            ("DE8937040044053201300", false),
            ("AT611904300234573201", true),
            ("GB82WEST12345698765432", true),
            ("GB82WEST12345698765433", false),
            ("de89370400440532013000", false),
            ("", false),
            ("DE89 3704 0044 0532 0130 00", false),
        ] {
            assert_eq!(iban_valid(iban), ok, "{iban}");
        }
        assert_eq!(
            iban_grouped("DE89370400440532013000"),
            "DE89 3704 0044 0532 0130 00"
        );
        for (bic, ok) in [
            ("COBADEFF370", true),
            ("COBADEFF", true),
            ("MARKDEF1100", true),
            ("COBADEF", false),
            ("C0BADEFF", false),
            ("COBA1EFF", false),
            ("cobadeff", false),
            ("COBADEFF37", false),
            ("", false),
        ] {
            assert_eq!(bic_valid(bic), ok, "{bic}");
        }
        assert_eq!(iban_grouped(""), "");
    }
}
