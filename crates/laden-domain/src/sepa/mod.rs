//! SEPA Lastschrift without a provider (Germanized's „Lastschrift", gateway id `direct-debit`):
//! the shopper gives an account and a mandate at checkout, the shop collects the amount through
//! its own bank with a pain.008 file (`pain008`). What is checked here, without I/O: the
//! shopper's IBAN (the country's format and the check digits, by `iban_validate`, and that the
//! country takes part in SEPA), whether the debtor's bank must be named by BIC (outside the EEA),
//! the shop's creditor identifier (Gläubiger-Identifikationsnummer, ISO 7064 mod 97), the
//! mandate reference of an order, the banking days of the due date (TARGET2's calendar) and the
//! IBAN as everyone but the export sees it (masked).

pub mod pain008;

#[cfg(test)]
mod tests;

use crate::dates::{day_number, ymd};

/// The countries (by their IBANs' prefix) whose accounts a SEPA Core direct debit reaches: the
/// EU, the other EEA states, and Switzerland, the United Kingdom, Monaco, San Marino, the
/// Vatican, Andorra, Albania, Moldova, Montenegro and North Macedonia, and Gibraltar (the EPC's
/// list of the scheme's countries; territories such as the Channel Islands bank with GB or FR
/// IBANs).
pub const SEPA_COUNTRIES: [&str; 41] = [
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
    "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", // the EU
    "IS", "LI", "NO", // the rest of the EEA
    "CH", "GB", "MC", "SM", "VA", "AD", "AL", "MD", "ME", "MK", "GI",
];

/// The scheme's countries outside the EEA: a debit to them names the debtor's bank by BIC.
const OUTSIDE_EEA: [&str; 11] = [
    "CH", "GB", "MC", "SM", "VA", "AD", "AL", "MD", "ME", "MK", "GI",
];

/// Why an IBAN is refused (the catalogue id of each says it to the shopper).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IbanError {
    /// Not an IBAN at all, or not in its country's format.
    Format,
    /// Its check digits do not match: a digit mistyped.
    CheckDigits,
    /// A country outside SEPA.
    NotSepa,
}

impl IbanError {
    pub fn msgid(self) -> &'static str {
        match self {
            IbanError::Format => "Please enter a valid IBAN.",
            IbanError::CheckDigits => {
                "The IBAN's check digits do not match. Please check the IBAN for typing errors."
            }
            IbanError::NotSepa => "Direct debit is possible only from an account in the SEPA area.",
        }
    }
}

/// A code as typed, in its electronic form: upper case, without spaces.
fn compact(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The shopper's IBAN as typed (spaces, lower case) in its electronic form (`DE89…`), if it is a
/// valid IBAN of a SEPA country.
pub fn parse_iban(input: &str) -> Result<String, IbanError> {
    let electronic = compact(input);
    match electronic.parse::<iban::Iban>() {
        Ok(parsed) => {
            use iban::IbanLike;
            if SEPA_COUNTRIES.contains(&parsed.country_code()) {
                Ok(parsed.electronic_str().to_owned())
            } else {
                Err(IbanError::NotSepa)
            }
        }
        Err(iban::ParseIbanError::InvalidBaseIban {
            source: iban::ParseBaseIbanError::InvalidChecksum,
        }) => Err(IbanError::CheckDigits),
        Err(iban::ParseIbanError::UnknownCountry(base)) => {
            use iban::IbanLike;
            if SEPA_COUNTRIES.contains(&base.country_code()) {
                Err(IbanError::Format)
            } else {
                Err(IbanError::NotSepa)
            }
        }
        Err(_) => Err(IbanError::Format),
    }
}

/// Whether a debit from `iban` (electronic form) must name the debtor's bank by BIC: only for
/// the scheme's countries outside the EEA (inside it, the IBAN is enough since 2016).
pub fn bic_needed(iban: &str) -> bool {
    OUTSIDE_EEA.contains(&iban.get(..2).unwrap_or_default())
}

/// A BIC as typed, upper case without spaces, if well-formed (ISO 9362).
pub fn parse_bic(input: &str) -> Option<String> {
    let bic = compact(input);
    crate::bank::bic_valid(&bic).then_some(bic)
}

/// The IBAN as the account, the mails, the admin and the API show it: the country, the check
/// digits and the last four characters, the rest starred, in groups of four
/// (`DE89 **** **** **** **30 00`). Only the pain.008 export carries it whole.
pub fn mask_iban(iban: &str) -> String {
    let chars: Vec<char> = iban.chars().filter(|c| !c.is_whitespace()).collect();
    let keep_end = chars.len().saturating_sub(4).max(4);
    let masked: String = chars
        .iter()
        .enumerate()
        .map(|(i, c)| if i < 4 || i >= keep_end { *c } else { '*' })
        .collect();
    crate::bank::iban_grouped(&masked)
}

/// The shop's creditor identifier as typed, in its electronic form, if well-formed: the
/// country, two check digits, a three-character business code (`ZZZ` unless the shop has one)
/// and the national identifier, at most 35 characters (a German one is 18: `DE98ZZZ09999999999`),
/// the check digits computed over the national identifier and the country as for an IBAN (the
/// business code left out).
pub fn parse_creditor_id(input: &str) -> Option<String> {
    let id = compact(input);
    let b = id.as_bytes();
    if !(8..=35).contains(&b.len())
        || !b[..2].iter().all(u8::is_ascii_uppercase)
        || !b[2..4].iter().all(u8::is_ascii_digit)
        || !b.iter().all(u8::is_ascii_alphanumeric)
        || !SEPA_COUNTRIES.contains(&&id[..2])
        || (id.starts_with("DE") && b.len() != 18)
    {
        return None;
    }
    let check: u32 = id[2..4].parse().ok()?;
    let rest = crate::bank::mod97(&format!("{}{}00", &id[7..], &id[..2]))?;
    (98 - rest == check).then_some(id)
}

/// Whether a character may stand in a SEPA file's text (the EPC's basic Latin set).
fn sepa_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || " /-?:().,'+".contains(c)
}

/// A text in the characters every SEPA bank takes: umlauts and `ß` written out (`Müller` →
/// `Mueller`), accents dropped, `&` as `+`, anything else as a space; cut to `max` characters.
pub fn sepa_text(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'Ä' => out.push_str("Ae"),
            'Ö' => out.push_str("Oe"),
            'Ü' => out.push_str("Ue"),
            'ß' => out.push_str("ss"),
            'à' | 'á' | 'â' | 'ã' | 'å' => out.push('a'),
            'è' | 'é' | 'ê' | 'ë' => out.push('e'),
            'ì' | 'í' | 'î' | 'ï' => out.push('i'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ø' => out.push('o'),
            'ù' | 'ú' | 'û' => out.push('u'),
            'À' | 'Á' | 'Â' | 'Ã' | 'Å' => out.push('A'),
            'È' | 'É' | 'Ê' | 'Ë' => out.push('E'),
            'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ø' => out.push('O'),
            'ç' => out.push('c'),
            'Ç' => out.push('C'),
            'ñ' => out.push('n'),
            'Ñ' => out.push('N'),
            '&' => out.push('+'),
            c if sepa_char(c) => out.push(c),
            _ => out.push(' '),
        }
    }
    let squeezed = out.split_whitespace().collect::<Vec<_>>().join(" ");
    squeezed
        .chars()
        .take(max)
        .collect::<String>()
        .trim_end()
        .to_owned()
}

/// The mandate reference of an order's debit (Germanized's `MANDAT{id}`, by the order's
/// number): unique per creditor as the scheme asks, at most 35 characters of the SEPA set.
pub fn mandate_reference(order_number: &str) -> String {
    let number: String = order_number
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    format!("MANDAT{number}").chars().take(35).collect()
}

/// How often a mandate has been used, as its debits say it: the first collection under a
/// mandate is `FRST`, every later one `RCUR` (pain.008's `SeqTp`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sequence {
    First,
    Recurring,
}

impl Sequence {
    /// The sequence of a collection under a mandate with `collected` earlier collections that
    /// the bank took (a returned first debit leaves the next one first again).
    pub fn of(collected: u32) -> Sequence {
        if collected == 0 {
            Sequence::First
        } else {
            Sequence::Recurring
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Sequence::First => "FRST",
            Sequence::Recurring => "RCUR",
        }
    }
}

/// Easter Sunday of `year` (Gregorian; the anonymous algorithm), as a day number.
fn easter(year: i64) -> i64 {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    day_number(year, month as u32, day as u32)
}

/// Whether the day (a day number) is a TARGET2 banking day, on which SEPA debits are settled:
/// Monday to Friday but New Year's Day, Good Friday, Easter Monday, 1 May, 25 and 26 December.
pub fn banking_day(day: i64) -> bool {
    // 1970-01-01 was a Thursday: 0 is Monday.
    let weekday = (day + 3).rem_euclid(7);
    if weekday >= 5 {
        return false;
    }
    let (y, m, d) = ymd(day * 86_400);
    let easter = easter(y);
    !matches!((m, d), (1, 1) | (5, 1) | (12, 25) | (12, 26))
        && day != easter - 2
        && day != easter + 1
}

/// The banking day `n` banking days after `day` (0: `day` itself if it is one, else the next).
pub fn banking_days_after(day: i64, n: u32) -> i64 {
    let mut at = day;
    if n == 0 {
        while !banking_day(at) {
            at += 1;
        }
        return at;
    }
    let mut left = n;
    while left > 0 {
        at += 1;
        if banking_day(at) {
            left -= 1;
        }
    }
    at
}

/// The day a debit is due: the shop's lead time in banking days after the day the order was
/// placed (German days, as day numbers). The pre-notification names it.
pub fn due_day(ordered: i64, lead_days: u32) -> i64 {
    banking_days_after(ordered, lead_days)
}

/// The collection date an export asks the bank for: the day due, or, where the file is made
/// too late for it, the first banking day a SEPA Core debit can still reach (one banking day
/// after the day of the export).
pub fn collection_day(due: i64, exported: i64) -> i64 {
    due.max(banking_days_after(exported, 1))
}
