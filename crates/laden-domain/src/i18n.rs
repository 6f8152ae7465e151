//! The server's side of the German catalogue (`web/src/lib/i18n/de.po`), the
//! same file the browser bundle compiles in. It is compiled into the binary (no I/O), so every
//! crate that words something a visitor or the shop's staff read (answers, mails, invoices,
//! order notes) takes it from here.

use std::collections::HashMap;
use std::sync::OnceLock;

const CATALOGUE: &str = include_str!("../../../web/src/lib/i18n/de.po");

/// Parses the subset of gettext `.po` we use: `msgid`/`msgstr` pairs of
/// quoted, possibly continued strings, with `\"`, `\\` and `\n` escapes.
pub fn parse_po(src: &str) -> HashMap<String, String> {
    fn unquote(s: &str) -> String {
        let inner = s
            .trim()
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or("");
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some('t') => out.push('\t'),
                    Some(other) => out.push(other),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    }
    let mut map = HashMap::new();
    let (mut id, mut text, mut field) = (String::new(), String::new(), 0u8);
    let mut flush = |id: &mut String, text: &mut String| {
        if !id.is_empty() && !text.is_empty() {
            map.insert(std::mem::take(id), std::mem::take(text));
        }
        id.clear();
        text.clear();
    };
    for line in src.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("msgid ") {
            flush(&mut id, &mut text);
            id = unquote(rest);
            field = 1;
        } else if let Some(rest) = line.strip_prefix("msgstr ") {
            text = unquote(rest);
            field = 2;
        } else if line.starts_with('"') {
            match field {
                1 => id.push_str(&unquote(line)),
                2 => text.push_str(&unquote(line)),
                _ => {}
            }
        }
    }
    flush(&mut id, &mut text);
    map
}

fn catalogue() -> &'static HashMap<String, String> {
    static MAP: OnceLock<HashMap<String, String>> = OnceLock::new();
    MAP.get_or_init(|| parse_po(CATALOGUE))
}

/// The German text for `msgid`, or the msgid itself if it is missing.
pub fn t(msgid: &str) -> String {
    catalogue()
        .get(msgid)
        .cloned()
        .unwrap_or_else(|| msgid.to_owned())
}

/// Whether the catalogue has a German entry for `msgid` (for tests of labels kept in tables).
pub fn known(msgid: &str) -> bool {
    catalogue().contains_key(msgid)
}

/// `t` with printf-style arguments: `%s`/`%d` in order, or `%1$s` by position.
pub fn tf(msgid: &str, args: &[&dyn std::fmt::Display]) -> String {
    let text = t(msgid);
    let mut out = String::with_capacity(text.len() + 16);
    let mut next = 0;
    let mut rest = text.as_str();
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        let (index, consumed) = if !digits.is_empty() && after[digits.len()..].starts_with('$') {
            (
                digits.parse::<usize>().unwrap_or(1).saturating_sub(1),
                digits.len() + 2,
            )
        } else if after.starts_with('s') || after.starts_with('d') {
            next += 1;
            (next - 1, 1)
        } else {
            out.push('%');
            rest = after;
            continue;
        };
        if let Some(arg) = args.get(index) {
            out.push_str(&arg.to_string());
        }
        rest = &after[consumed.min(after.len())..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translates_and_formats() {
        assert_eq!(
            t("Cannot create order from empty cart."),
            "Ihr Warenkorb ist leer."
        );
        assert_eq!(t("no such text"), "no such text");
        assert_eq!(
            tf(
                "Not enough stock: only %1$d of \"%2$s\" available.",
                &[&3, &"Sencha"]
            ),
            "Nicht genug auf Lager: von „Sencha“ sind nur noch 3 verfügbar."
        );
        assert_eq!(tf("Page %d", &[&2]), "Seite 2");
    }

    /// Every literal passed to `t`, `tf`, `label`, `coded` or `invalid_id` in any crate has a
    /// German entry.
    #[test]
    fn every_message_is_in_the_catalogue() {
        fn literals(src: &str) -> Vec<String> {
            let mut out = Vec::new();
            for (call, nth) in [
                ("t(", 0usize),
                ("tf(", 0),
                ("label(", 0),
                ("coded(", 1),
                ("invalid_id(", 1),
            ] {
                let mut rest = src;
                while let Some(i) = rest.find(call) {
                    let before = rest[..i].chars().next_back();
                    rest = &rest[i + call.len()..];
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    // The first argument may start on the next line, as rustfmt breaks calls.
                    let mut body = rest.trim_start();
                    // `coded(StatusCode::…, "code", "msgid")`: past the status.
                    if call == "coded(" {
                        let Some((_, after)) = body
                            .strip_prefix("StatusCode::")
                            .and_then(|b| b.split_once(','))
                        else {
                            continue;
                        };
                        body = after.trim_start();
                    }
                    // The message is the `nth` argument; those before it are literal codes.
                    for _ in 0..nth {
                        body = body
                            .strip_prefix('"')
                            .and_then(|b| b.split_once('"'))
                            .and_then(|(_, after)| after.trim_start().strip_prefix(','))
                            .map_or("", str::trim_start);
                    }
                    match body.strip_prefix('"') {
                        Some(lit) => body = lit,
                        None => continue,
                    }
                    let mut lit = String::new();
                    let mut chars = body.chars();
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => lit.extend(chars.next()),
                            '"' => break,
                            c => lit.push(c),
                        }
                    }
                    out.push(lit);
                }
            }
            out
        }
        let mut missing = Vec::new();
        let mut seen = 0;
        for (path, src) in crate_sources() {
            if path.ends_with("i18n.rs") {
                continue;
            }
            for lit in literals(&src) {
                seen += 1;
                if !catalogue().contains_key(&lit) {
                    missing.push(format!("{}: {lit}", path.display()));
                }
            }
        }
        assert!(seen > 50, "the scan found only {seen} messages");
        assert!(
            missing.is_empty(),
            "messages without a German entry:\n{}",
            missing.join("\n")
        );
    }

    /// The source files of every crate (`crates/*/src`) and their text.
    fn crate_sources() -> Vec<(std::path::PathBuf, String)> {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the crates folder");
        let mut stack: Vec<_> = std::fs::read_dir(crates)
            .expect("the crates folder")
            .flatten()
            .map(|e| e.path().join("src"))
            .filter(|p| p.is_dir())
            .collect();
        let mut out = Vec::new();
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("source folder").flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    let src = std::fs::read_to_string(&p).expect("source file");
                    out.push((p, src));
                }
            }
        }
        out
    }

    /// The string literals of Rust source outside comments: (line, text, the code before it).
    fn string_literals(src: &str) -> Vec<(usize, String, String)> {
        let mut out = Vec::new();
        let mut before = String::new();
        for (n, line) in src.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                if c != '"' {
                    before.push(c);
                    continue;
                }
                let mut lit = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => lit.extend(chars.next()),
                        '"' => break,
                        c => lit.push(c),
                    }
                }
                out.push((n + 1, lit, before.trim_end().to_owned()));
                before.clear();
            }
            before.push(' ');
        }
        out
    }

    /// German that reaches a visitor, a customer or the staff comes from the catalogue: a
    /// message written in German straight into the code is not in `de.po`, so it is missed by
    /// whoever words the shop's text (and by a future second language). Found by its letters
    /// (umlauts, ß, German quotes) and by words a German message has and an English one has not.
    /// Left out: console output (`println!`), text in lower case only (what an importer's CSV or
    /// a tax class is matched against, not shown) and the data listed below.
    #[test]
    fn no_german_text_outside_the_catalogue() {
        const GERMAN_WORDS: &[&str] = &[
            "Bitte",
            "bitte",
            "nicht",
            "kein",
            "keine",
            "keinen",
            "ungültig",
            "Ungültig",
            "Ungültige",
            "Ungültiger",
            "Ungültiges",
            "Unbekannt",
            "Unbekannte",
            "Unbekannter",
            "muss",
            "darf",
            "gibt",
            "fehlt",
            "wird",
            "erwartet",
            "bereits",
            "braucht",
            "Zeile",
            "oder",
        ];
        /// Data in German on purpose: (file, literal, why).
        const ALLOWED: &[(&str, &str, &str)] = &[
            (
                "dates.rs",
                "März",
                "the German month names a date is written with",
            ),
            ("unit_price.rs", "Stück", "the unit's symbol, as \"kg\" is"),
            (
                "demo.rs",
                "Röstmaschine in unserer Rösterei",
                "the demo shop's content",
            ),
            ("demo.rs", "Unsere Rösterei", "the demo shop's content"),
            (
                "row.rs",
                "Länge (cm)",
                "a German CSV column name read by the import",
            ),
            (
                "zm.rs",
                "Länderkennzeichen und USt-IdNr.,Betrag (EUR),Art der Leistung",
                "the column names of the BZSt's ZM import",
            ),
        ];
        let german = |lit: &str| {
            lit.chars().any(|c| "äöüÄÖÜß„“".contains(c))
                || lit
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| GERMAN_WORDS.contains(&w))
        };
        let mut found = Vec::new();
        for (path, src) in crate_sources() {
            // Tests word what they check in German on purpose: `tests.rs` files and everything
            // from a file's `#[cfg(test)]` on are left out.
            if path.ends_with("i18n.rs") || path.ends_with("tests.rs") {
                continue;
            }
            let src = src.split("#[cfg(test)]").next().unwrap_or_default();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            for (line, lit, before) in string_literals(src) {
                let console = before.ends_with("println!(") || before.ends_with("eprintln!(");
                let matched_input = lit.chars().all(|c| !c.is_uppercase());
                let allowed = ALLOWED.iter().any(|(f, l, _)| *f == name && *l == lit);
                if german(&lit)
                    && !catalogue().contains_key(&lit)
                    && !console
                    && !matched_input
                    && !allowed
                {
                    found.push(format!("{}:{line}: {lit}", path.display()));
                }
            }
        }
        assert!(
            found.is_empty(),
            "German text outside the catalogue (give it an English msgid in de.po and call t/tf):\n{}",
            found.join("\n")
        );
    }

    #[test]
    fn parses_continued_strings() {
        let m = parse_po("msgid \"a\"\n\"b\"\nmsgstr \"x\\\"y\"\n\"z\"\n");
        assert_eq!(m.get("ab").map(String::as_str), Some("x\"yz"));
    }
}
