//! German product search without a search engine: text is folded (lower case, `ß` → `ss`,
//! umlauts → their base vowel) and each word stemmed with the Snowball German stemmer, so
//! `Tassen` finds "Tasse", `Kaffeemuhle` and `Kaffeemühle` find each other and `Strasse` finds
//! "Straße". A product keeps the result as space-separated terms (its name apart from the rest,
//! to rank name matches first); a query matches where each of its words' stems begins one of the
//! terms. Both databases answer the same `LIKE` on those columns, so SQLite and PostgreSQL find
//! the same products in the same order.

use rust_stemmers::{Algorithm, Stemmer};
use std::sync::OnceLock;

fn stemmer() -> &'static Stemmer {
    static STEMMER: OnceLock<Stemmer> = OnceLock::new();
    STEMMER.get_or_init(|| Stemmer::create(Algorithm::German))
}

/// Lower case, `ß` → `ss`, `ä`/`ö`/`ü` → `a`/`o`/`u` (and accented vowels to theirs).
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
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

/// What a product keeps to be found: each word folded and its stem, space-separated, with a
/// space before the first (so `LIKE '% term%'` finds a term's start).
pub fn index_terms(text: &str) -> String {
    let mut terms: Vec<String> = Vec::new();
    for w in words(text) {
        let s = stemmer().stem(&w).into_owned();
        if s != w && !terms.contains(&s) {
            terms.push(s);
        }
        if !terms.contains(&w) {
            terms.push(w);
        }
    }
    if terms.is_empty() {
        String::new()
    } else {
        format!(" {} ", terms.join(" "))
    }
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

/// `% term%` for `LIKE … ESCAPE '\'` on the kept terms (terms hold only letters and digits).
pub fn like_term(term: &str) -> String {
    format!("% {term}%")
}

/// Whether kept terms match a query's terms, as the database's `LIKE` decides it (for tests
/// and for lists filtered in memory).
pub fn matches(terms: &str, query: &[String]) -> bool {
    !query.is_empty() && query.iter().all(|q| terms.contains(&format!(" {q}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finds(product_text: &str, query: &str) -> bool {
        matches(&index_terms(product_text), &query_terms(query))
    }

    #[test]
    fn folding() {
        for (input, want) in [
            ("Straße", "strasse"),
            ("Kaffeemühle", "kaffeemuhle"),
            ("ÖL Äpfel Übel", "ol apfel ubel"),
            ("Café crème", "cafe creme"),
        ] {
            assert_eq!(fold(input), want, "{input}");
        }
    }

    #[test]
    fn german_words_find_each_other() {
        for (product, query, found) in [
            ("Tasse aus Porzellan", "Tassen", true),
            ("Tassen-Set", "Tasse", true),
            ("Kaffeemühle Handbetrieb", "Kaffeemuhle", true),
            ("Kaffeemuhle", "Kaffeemühle", true),
            ("Lieferung frei Haus an jede Straße", "Strasse", true),
            ("Strasse", "Straße", true),
            ("Espresso Bohnen", "bohne", true),
            ("Espresso Bohnen", "espr", true),
            ("Espresso Bohnen", "espresso tee", false),
            ("Grüner Tee", "Kaffee", false),
            ("<p>Mit <strong>Zimt</strong></p>", "zimt", true),
            ("<p class=\"zimt\">Nelken</p>", "zimt", false),
            ("Earl Grey", "", false),
        ] {
            assert_eq!(finds(product, query), found, "{product} ~ {query}");
        }
    }

    #[test]
    fn terms_are_unique_and_padded() {
        let t = index_terms("Tasse Tasse TASSEN");
        assert!(t.starts_with(' ') && t.ends_with(' '), "{t:?}");
        assert_eq!(t.matches(" tass ").count(), 1, "{t:?}");
        assert_eq!(index_terms("  "), "");
        assert_eq!(query_terms("a b c d e f g h i j").len(), 8);
        assert!(query_terms("%_'").is_empty(), "punctuation is no term");
    }
}
