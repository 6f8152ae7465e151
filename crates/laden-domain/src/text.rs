//! Plain text from untrusted input.

/// Plain text made safe as HTML or XML 1.0 text or attribute value (review texts as stored,
/// feeds, sitemaps): `& < > " '` escaped, the control characters XML allows not even as
/// references dropped, everything else as typed (unlike `ammonia::clean_text`, spaces stay
/// spaces).
pub fn escape_markup(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && !matches!(c, '\n' | '\r' | '\t') => {}
            c => out.push(c),
        }
    }
    out
}

/// What WordPress's `sanitize_text_field` leaves of `raw`: no tags, no control characters,
/// whitespace collapsed to single spaces, trimmed. For names and labels that are never HTML.
pub fn sanitize_text_field(raw: &str) -> String {
    let mut no_tags = String::with_capacity(raw.len());
    let mut in_tag = false;
    for c in raw.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if in_tag => {}
            // Tabs and line breaks separate words like spaces; other control characters go.
            _ if c.is_whitespace() => no_tags.push(' '),
            _ if c.is_control() => {}
            _ => no_tags.push(c),
        }
    }
    no_tags.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` on one line (trimmed, each run of whitespace one space), for a short text shown inline;
/// `None` when that is longer than `max` characters.
pub fn one_line(text: &str, max: usize) -> Option<String> {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (line.chars().count() <= max).then_some(line)
}

/// Text of lines, each trimmed, empty ones dropped, with Unix line ends (an address, warnings).
pub fn lines(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A whole number with German thousands separators: `1.234.567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// The entry of `list` with `slug` (none for an empty slug); `slug_of` gives an entry's.
pub fn by_slug<'a, T>(list: &'a [T], slug: &str, slug_of: impl Fn(&T) -> &str) -> Option<&'a T> {
    list.iter().find(|e| !slug.is_empty() && slug_of(e) == slug)
}

/// The entry of `list` a person names, by its slug or its name in any case and spacing;
/// `key` gives an entry's `(slug, name)`.
pub fn named<'a, T>(list: &'a [T], text: &str, key: impl Fn(&T) -> (&str, &str)) -> Option<&'a T> {
    let wanted = slugify(text);
    by_slug(list, &wanted, |e| key(e).0).or_else(|| {
        list.iter()
            .find(|e| !wanted.is_empty() && slugify(key(e).1) == wanted)
    })
}

/// Why the name of a list's entry (a manufacturer, a deposit type) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Empty, or longer than allowed.
    Missing,
    /// An entry before it has this name or slug.
    Taken,
}

/// Checks the name of a list's entry, with its `slug`, against `seen` (the slugs and names, as
/// slugs, of the entries before it, to which it is added when it passes): a name at most
/// `max_chars` long that no entry before it has.
pub fn entry_name(
    seen: &mut Vec<String>,
    slug: &str,
    name: &str,
    max_chars: usize,
) -> Result<(), NameProblem> {
    let named = slugify(name);
    if name.is_empty() || named.is_empty() || name.chars().count() > max_chars {
        return Err(NameProblem::Missing);
    }
    if seen.iter().any(|s| s == slug || *s == named) {
        return Err(NameProblem::Taken);
    }
    seen.push(slug.to_owned());
    seen.push(named);
    Ok(())
}

pub fn slugify(s: &str) -> String {
    let mut out = String::new();
    for c in s.trim().to_lowercase().chars() {
        match c {
            'ä' => out.push_str("ae"),
            'ö' => out.push_str("oe"),
            'ü' => out.push_str("ue"),
            'ß' => out.push_str("ss"),
            'é' | 'è' | 'ê' => out.push('e'),
            'á' | 'à' | 'â' => out.push('a'),
            c if c.is_ascii_alphanumeric() => out.push(c),
            _ => {
                if !out.ends_with('-') && !out.is_empty() {
                    out.push('-');
                }
            }
        }
    }
    out.trim_end_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped_and_what_xml_forbids_dropped() {
        for (raw, want) in [
            ("Kaffee & Tee", "Kaffee &amp; Tee"),
            ("<script>x</script>", "&lt;script&gt;x&lt;/script&gt;"),
            (
                "<b a=\"1\">O'Neill</b>",
                "&lt;b a=&quot;1&quot;&gt;O&#39;Neill&lt;/b&gt;",
            ),
            ("", ""),
            ("Zeile\nzwei\tTab\r", "Zeile\nzwei\tTab\r"),
            ("Glocke\u{7}\u{0}\u{1b}", "Glocke"),
            ("Grüße ☕", "Grüße ☕"),
        ] {
            assert_eq!(escape_markup(raw), want, "{raw:?}");
        }
    }

    #[test]
    fn entries_are_named_by_slug_or_name_once() {
        let list = [("einweg", "Einwegpfand"), ("mehrweg-glas", "Mehrweg Glas")];
        let cases = [
            ("einweg", Some("einweg")),
            ("Einwegpfand", Some("einweg")),
            ("  MEHRWEG   glas ", Some("mehrweg-glas")),
            ("Kasten", None),
            ("", None),
        ];
        for (text, want) in cases {
            assert_eq!(
                named(&list, text, |e| (e.0, e.1)).map(|e| e.0),
                want,
                "{text}"
            );
        }
        assert_eq!(by_slug(&list, "", |e| e.0), None);

        let mut seen = Vec::new();
        let checked: Vec<Result<(), NameProblem>> = [
            ("einweg", "Einwegpfand", 20),
            ("einweg", "Einweg neu", 20),
            ("mehrweg", "EINWEGPFAND", 20),
            ("x", " ", 20),
            ("lang", "Ein sehr langer Name", 10),
            ("mehrweg", "Mehrweg", 20),
        ]
        .iter()
        .map(|(slug, name, max)| entry_name(&mut seen, slug, name, *max))
        .collect();
        assert_eq!(
            checked,
            [
                Ok(()),
                Err(NameProblem::Taken),
                Err(NameProblem::Taken),
                Err(NameProblem::Missing),
                Err(NameProblem::Missing),
                Ok(())
            ]
        );
    }

    #[test]
    fn slugs_are_lowercase_ascii_with_single_dashes() {
        let cases = [
            ("Kaffee & Tee", "kaffee-tee"),
            ("Süßes für Groß und Klein", "suesses-fuer-gross-und-klein"),
            ("Zartbitter 70 %", "zartbitter-70"),
            ("---", ""),
            ("Äpfel/Öl", "aepfel-oel"),
        ];
        for (raw, want) in cases {
            assert_eq!(slugify(raw), want, "{raw}");
        }
    }

    #[test]
    fn leaves_plain_text() {
        let cases = [
            ("Anna K.", "Anna K."),
            ("  Jonas\t\nM. ", "Jonas M."),
            ("<b onmouseover=alert(1)>Eve</b>", "Eve"),
            ("\"><img src=x onerror=alert(1)>", "\">"),
            ("a < b", "a"),
            ("Müller & Söhne", "Müller & Söhne"),
            ("zero\u{0}width\u{7}", "zerowidth"),
            ("<script>alert(1)</script>", "alert(1)"),
        ];
        for (raw, want) in cases {
            assert_eq!(sanitize_text_field(raw), want, "{raw:?}");
        }
    }
}
