//! Every country of ISO 3166-1 with its German name and its postcode rule, from a maintained
//! data set rather than a hand-written list: the `keshvar` crate, generated from the data of
//! Ruby's `countries` gem (names from Unicode CLDR, postcode formats from Google's address data).
//! A new release of the crate brings changed countries, names and formats with `cargo update`.
//! Which of them the shop delivers to is its own setting
//! (`crate::settings::ShopSettings::delivery_countries`).

use std::sync::LazyLock;

/// One country as the shop uses it.
#[derive(Debug)]
pub struct Country {
    /// ISO 3166-1 alpha-2, upper case.
    pub code: &'static str,
    /// The German short name (CLDR), e.g. „Österreich“.
    pub name: &'static str,
    /// Whether addresses there carry a postcode.
    pub has_postcode: bool,
    /// The postcode's format as the data set gives it (a regular expression, unanchored);
    /// `None` where it gives none (any postcode of at most [`MAX_POSTCODE`] characters is taken).
    pub postcode_format: Option<&'static str>,
    /// The same, anchored and compiled.
    postcode: Option<regex_lite::Regex>,
}

/// The longest postcode taken where a country's format is not known.
pub const MAX_POSTCODE: usize = 12;

static ALL: LazyLock<Vec<Country>> = LazyLock::new(|| {
    let mut all: Vec<Country> = keshvar::SUPPORTED_ALPHA2_LIST
        .iter()
        .map(|alpha2| {
            let c = alpha2.to_country();
            // The crate names a code only as a new `String`; the list is made once and kept for
            // the process's life, so each code is kept as a `&'static str` too.
            let code: &'static str = alpha2.to_string().leak();
            let name = c
                .translations()
                .get("de")
                .copied()
                .unwrap_or_else(|| c.iso_short_name());
            let format = c.postal_code_format().filter(|_| c.postal_code());
            let postcode = format.and_then(|f| regex_lite::Regex::new(&format!("^(?:{f})$")).ok());
            Country {
                code,
                name,
                has_postcode: c.postal_code(),
                postcode_format: postcode.as_ref().and(format),
                postcode,
            }
        })
        .collect();
    all.sort_by_cached_key(|c| sort_key(c.name));
    all
});

/// Every country, in German alphabetical order („Österreich“ among the O).
pub fn all() -> &'static [Country] {
    &ALL
}

/// The country of `code` (either case), if ISO 3166-1 knows it.
pub fn get(code: &str) -> Option<&'static Country> {
    let code = code.trim();
    ALL.iter().find(|c| c.code.eq_ignore_ascii_case(code))
}

/// The German name of `code`; the code itself for one the data set does not know.
pub fn name(code: &str) -> String {
    get(code).map_or_else(|| code.to_owned(), |c| c.name.to_owned())
}

impl Country {
    /// Whether `input` (trimmed, any case) is a postcode of this country: its format where the
    /// data set gives one, else at most [`MAX_POSTCODE`] characters; none at all for a country
    /// without postcodes, which takes an empty one.
    pub fn postcode_ok(&self, input: &str) -> bool {
        let s = input.trim();
        if !self.has_postcode {
            return s.is_empty();
        }
        match &self.postcode {
            Some(re) => re.is_match(&s.to_uppercase()),
            None => !s.is_empty() && s.chars().count() <= MAX_POSTCODE,
        }
    }
}

/// How German lists order names: letters with diacritics among their base letters, case aside.
fn sort_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars().flat_map(char::to_lowercase) {
        match ch {
            'ä' | 'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' => out.push('a'),
            'ç' | 'č' | 'ć' => out.push('c'),
            'é' | 'è' | 'ê' | 'ë' | 'ē' => out.push('e'),
            'í' | 'ì' | 'î' | 'ï' => out.push('i'),
            'ñ' => out.push('n'),
            'ö' | 'ó' | 'ò' | 'ô' | 'õ' | 'ø' => out.push('o'),
            'ü' | 'ú' | 'ù' | 'û' => out.push('u'),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_iso_country_with_a_german_name() {
        assert!(all().len() >= 245, "{}", all().len());
        for (code, want) in [
            ("DE", "Deutschland"),
            ("AT", "Österreich"),
            ("CH", "Schweiz"),
            ("GB", "Vereinigtes Königreich"),
            ("SE", "Schweden"),
            ("ES", "Spanien"),
            ("us", "Vereinigte Staaten"),
        ] {
            assert_eq!(get(code).map(|c| c.name), Some(want), "{code}");
        }
        assert!(get("XX").is_none());
        assert!(get("").is_none());
        assert_eq!(name("XX"), "XX");
    }

    #[test]
    fn in_german_order() {
        let names: Vec<&str> = all().iter().map(|c| c.name).collect();
        let at = |n: &str| names.iter().position(|x| *x == n).expect(n);
        assert!(at("Norwegen") < at("Österreich") && at("Österreich") < at("Pakistan"));
        assert!(at("Ägypten") < at("Albanien"));
    }

    #[test]
    fn postcodes_by_country() {
        let cases = [
            ("DE", "10115", true),
            ("DE", "1011", false),
            ("DE", "1011A", false),
            ("AT", "1010", true),
            ("AT", "10100", false),
            ("CH", "8001", true),
            ("NL", "1012 AB", true),
            ("NL", "1012ab", true),
            ("NL", "ABCD", false),
            ("PL", "00-950", true),
            ("PL", "00950", false),
            ("SE", "114 55", true),
            ("GB", "SW1A 1AA", true),
            ("GB", "sw1a 1aa", true),
            ("GB", "12345", false),
            ("US", "10001", true),
            ("US", "10001-1234", true),
            ("CZ", "110 00", true),
            // No postcodes in Hong Kong: an empty one is right, any other wrong.
            ("HK", "", true),
            ("HK", "999077", false),
            ("DE", "", false),
        ];
        for (code, input, ok) in cases {
            assert_eq!(
                get(code).expect(code).postcode_ok(input),
                ok,
                "{code} {input:?}"
            );
        }
    }
}
