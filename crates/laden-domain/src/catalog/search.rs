//! German product search without a search engine. Text is folded (lower case, `ß` → `ss`,
//! umlauts → their base vowel, and the spellings of foreign keyboards with them: `ue`, `oe`,
//! `ae` → `u`, `o`, `a`) and each word stemmed with the Snowball German stemmer, so `Tassen`
//! finds "Tasse", `Kaffeemuehle` and `Kaffeemühle` find each other and `Strasse` finds
//! "Straße". German names goods in compounds, so a name also keeps the parts its words end in
//! (`Handmühle` keeps `muhle`): a query word finds a product named with it as a part too, as
//! WooCommerce's plain `LIKE '%…%'` did, but never in the middle of a syllable (`Eis` does not
//! find "Reise" or "Preis").
//!
//! What a query word finds, best first ([`Found`]): a name with the whole word; a name with a
//! word it begins or a compound part it begins; a category or tag of that name; the rest
//! (descriptions, SKU), where only a word's beginning counts. A product keeps its terms as
//! space-separated text, which each database's own text index holds term by term (SQLite's
//! FTS5, PostgreSQL's GIN over a `tsvector`; see `laden-store`'s `search.rs`), so SQLite and
//! PostgreSQL find the same products in the same order, by lookups.

use rust_stemmers::{Algorithm, Stemmer};
use std::sync::OnceLock;

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::German))
}

/// A query word shorter than this finds no compound part (only words it begins): two letters
/// begin too many parts to mean anything.
pub const MIN_PART: usize = 3;

/// The shortest first part of a compound: at least two letters with a vowel, one syllable.
const MIN_HEAD: usize = 2;

/// Kept terms are cut to this many letters (see [`index_terms`]).
const MAX_TERM: usize = 100;

/// Words longer than this keep no parts (a run of letters, not a German word).
const MAX_WORD: usize = 40;

/// Lower case, `ß` → `ss`, `ä`/`ö`/`ü` and `ae`/`oe`/`ue` (not `que`) → `a`/`o`/`u`, accented
/// vowels to theirs. Both sides of a search are folded alike, so a word the rule changes in
/// passing (`Feuer` → `feur`) still finds itself.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut before, mut last) = (' ', ' ');
    for c in text.chars().flat_map(char::to_lowercase) {
        let transliterated =
            c == 'e' && matches!(last, 'a' | 'o' | 'u') && !(last == 'u' && before == 'q');
        (before, last) = (last, c);
        if transliterated {
            continue;
        }
        match c {
            'ß' => out.push_str("ss"),
            'ä' | 'à' | 'á' | 'â' => out.push('a'),
            'ö' | 'ò' | 'ó' | 'ô' => out.push('o'),
            'ü' | 'ù' | 'ú' | 'û' => out.push('u'),
            'é' | 'è' | 'ê' | 'ë' => out.push('e'),
            'ï' | 'î' | 'í' => out.push('i'),
            'ç' => out.push('c'),
            'ñ' => out.push('n'),
            c => out.push(c),
        }
    }
    out
}

/// The folded words of a text (letters and digits; HTML tags are left out).
fn words(text: &str) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                plain.push(' ');
            }
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    fold(&plain)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A word's stem (of its folded form).
pub fn stem(word: &str) -> String {
    stemmer().stem(&fold(word)).into_owned()
}

/// Padded, space-separated terms (a term is found by its start), or empty.
fn padded(terms: &[String]) -> String {
    if terms.is_empty() {
        String::new()
    } else {
        format!(" {} ", terms.join(" "))
    }
}

/// What a product keeps to be found: each word folded and its stem, space-separated, with a
/// space before the first and after the last.
pub fn index_terms(text: &str) -> String {
    let mut terms: Vec<String> = Vec::new();
    for w in words(text) {
        // A query word is at most 40 letters and finds a term it begins: a longer run (a link,
        // a code) is kept by its beginning, so no term outgrows a text index's entry.
        let w: String = w.chars().take(MAX_TERM).collect();
        let s = stemmer().stem(&w).into_owned();
        if s != w && !terms.contains(&s) {
            terms.push(s);
        }
        if !terms.contains(&w) {
            terms.push(w);
        }
    }
    padded(&terms)
}

fn has_vowel(letters: &[char]) -> bool {
    letters
        .iter()
        .any(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y'))
}

/// The parts a name's compounds may end in: for each word, every ending that follows at least
/// a syllable (two letters with a vowel) and is one itself (three letters or more with a
/// vowel). `Handmühle` keeps `dmuhle` … `muhle` … `hle`; a query word finds a part it begins.
pub fn compound_parts(text: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for w in words(text) {
        let letters: Vec<char> = w.chars().collect();
        if letters.len() < MIN_HEAD + MIN_PART || letters.len() > MAX_WORD {
            continue;
        }
        for at in MIN_HEAD..=letters.len() - MIN_PART {
            let (head, tail) = letters.split_at(at);
            if has_vowel(head) && has_vowel(tail) {
                let part: String = tail.iter().collect();
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
        }
    }
    padded(&parts)
}

/// What a query looks for: one stem per word (at most eight words, each at most 40 characters).
pub fn query_terms(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words(query).into_iter().take(8) {
        let w: String = w.chars().take(40).collect();
        let s = stemmer().stem(&w).into_owned();
        // A stem is never longer than its word; an empty one (a lone suffix) searches the word.
        let s = if s.is_empty() { w } else { s };
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// Whether a query term may find compound parts (see [`MIN_PART`]).
pub fn finds_parts(term: &str) -> bool {
    term.chars().count() >= MIN_PART
}

/// Where a query term was found, best first: the order of a search's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Found {
    /// A word of the name, whole (or its stem).
    Name = 0,
    /// The beginning of a word of the name, or of one of its compound parts.
    NamePart = 1,
    /// The name of one of the product's categories or tags (whole or part).
    Taxonomy = 2,
    /// The beginning of a word of the rest: descriptions, SKU.
    Body = 3,
}

/// A name as a search reads it: its terms ([`index_terms`]) and parts ([`compound_parts`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Named {
    pub terms: String,
    pub parts: String,
}

impl Named {
    pub fn of(name: &str) -> Named {
        Named {
            terms: index_terms(name),
            parts: compound_parts(name),
        }
    }

    /// Whether `term` is a whole word of the name (`Some(Found::Name)`), begins one or one of
    /// its parts (`Some(Found::NamePart)`), or neither.
    pub fn finds(&self, term: &str) -> Option<Found> {
        match begins(&self.terms, term) {
            Some(true) => Some(Found::Name),
            Some(false) => Some(Found::NamePart),
            None if finds_parts(term) && begins(&self.parts, term).is_some() => {
                Some(Found::NamePart)
            }
            None => None,
        }
    }
}

/// Whether `term` begins one of the padded terms `kept` (`Some`), and whether it is one of them
/// whole (`Some(true)`), without building the padded term to look for (a search ranks every
/// product it finds by this).
fn begins(kept: &str, term: &str) -> Option<bool> {
    if term.is_empty() {
        return None;
    }
    let bytes = kept.as_bytes();
    let mut begun = None;
    for (at, _) in kept.match_indices(term) {
        if at > 0 && bytes[at - 1] == b' ' {
            if bytes.get(at + term.len()) == Some(&b' ') {
                return Some(true);
            }
            begun = Some(false);
        }
    }
    begun
}

/// Where a product with this name, these category and tag names and this rest was found for
/// `term`, as the text index decides it (for tests and for lists filtered in memory).
pub fn found(name: &Named, taxonomy: &[Named], body: &str, term: &str) -> Option<Found> {
    name.finds(term)
        .or_else(|| {
            taxonomy
                .iter()
                .any(|t| t.finds(term).is_some())
                .then_some(Found::Taxonomy)
        })
        .or_else(|| body.contains(&format!(" {term}")).then_some(Found::Body))
}

/// Whether kept terms match every term of a query (a word's beginning), as the text index's
/// prefix lookup decides it.
pub fn matches(terms: &str, query: &[String]) -> bool {
    !query.is_empty() && query.iter().all(|q| terms.contains(&format!(" {q}")))
}

#[cfg(test)]
mod tests;
