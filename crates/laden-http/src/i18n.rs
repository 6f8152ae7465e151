//! The server's side of the German catalogue (`web/src/lib/i18n/de.po`), the
//! same file the browser bundle compiles in.

use std::collections::HashMap;
use std::sync::OnceLock;

const CATALOGUE: &str = include_str!("../../../web/src/lib/i18n/de.po");

/// Parses the subset of gettext `.po` we use: `msgid`/`msgstr` pairs of
/// quoted, possibly continued strings, with `\"`, `\\` and `\n` escapes.
pub fn parse_po(src: &str) -> HashMap<String, String> {
    fn unquote(s: &str) -> String {
        let inner = s.trim().strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or("");
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
    catalogue().get(msgid).cloned().unwrap_or_else(|| msgid.to_owned())
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
            (digits.parse::<usize>().unwrap_or(1).saturating_sub(1), digits.len() + 2)
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
        assert_eq!(t("Cannot create order from empty cart."), "Ihr Warenkorb ist leer.");
        assert_eq!(t("no such text"), "no such text");
        assert_eq!(
            tf("Not enough stock: only %1$d of \"%2$s\" available.", &[&3, &"Sencha"]),
            "Nicht genug auf Lager: von „Sencha“ sind nur noch 3 verfügbar."
        );
        assert_eq!(tf("Page %d", &[&2]), "Seite 2");
    }

    #[test]
    fn parses_continued_strings() {
        let m = parse_po("msgid \"a\"\n\"b\"\nmsgstr \"x\\\"y\"\n\"z\"\n");
        assert_eq!(m.get("ab").map(String::as_str), Some("x\"yz"));
    }
}
