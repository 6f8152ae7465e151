//! Invoice number formats: `RE-{YYYY}-{00000}` is the prefix `RE-`, the year, a dash and a
//! counter of at least five digits. The counter counts per *series*: the format with its date
//! parts filled in, so a format with `{YYYY}` starts again at 1 every year, one without never.

/// The shop's default formats.
pub const DEFAULT_INVOICE_FORMAT: &str = "RE-{YYYY}-{00000}";
pub const DEFAULT_CANCELLATION_FORMAT: &str = "ST-{YYYY}-{00000}";

/// Longest format, in characters.
pub const MAX_FORMAT_LEN: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part<'a> {
    Text(&'a str),
    Year4,
    Year2,
    Month,
    /// The counter, at least this many digits (zero-padded).
    Counter(usize),
}

fn parts(format: &str) -> Option<Vec<Part<'_>>> {
    let mut out = Vec::new();
    let mut rest = format;
    while !rest.is_empty() {
        match rest.find('{') {
            Some(0) => {
                let end = rest.find('}')?;
                let token = &rest[1..end];
                out.push(match token {
                    "YYYY" => Part::Year4,
                    "YY" => Part::Year2,
                    "MM" => Part::Month,
                    t if !t.is_empty() && t.len() <= 10 && t.bytes().all(|b| b == b'0') => {
                        Part::Counter(t.len())
                    }
                    _ => return None,
                });
                rest = &rest[end + 1..];
            }
            Some(i) => {
                out.push(Part::Text(&rest[..i]));
                rest = &rest[i..];
            }
            None => {
                out.push(Part::Text(rest));
                rest = "";
            }
        }
    }
    Some(out)
}

/// Whether the counter stands apart from other digits, so no two series can write the same
/// number (`R{0}` and `R1{0}` would both write `R11`).
fn counter_delimited(parts: &[Part<'_>]) -> bool {
    let Some(i) = parts.iter().position(|p| matches!(p, Part::Counter(_))) else {
        return false;
    };
    let before = i.checked_sub(1).map(|j| parts[j]);
    let after = parts.get(i + 1).copied();
    let digit_end = |p: Option<Part<'_>>| match p {
        None => false,
        Some(Part::Text(t)) => t.ends_with(|c: char| c.is_ascii_digit()),
        Some(_) => true,
    };
    let digit_start = |p: Option<Part<'_>>| match p {
        None => false,
        Some(Part::Text(t)) => t.starts_with(|c: char| c.is_ascii_digit()),
        Some(_) => true,
    };
    !digit_end(before) && !digit_start(after)
}

/// Whether `format` can number invoices: one counter with no digits right beside it, date
/// parts known, the rest letters, digits and `-/_.`, at most [`MAX_FORMAT_LEN`] characters.
pub fn format_valid(format: &str) -> bool {
    let Some(parts) = parts(format) else {
        return false;
    };
    counter_delimited(&parts)
        && format.chars().count() <= MAX_FORMAT_LEN
        && parts
            .iter()
            .filter(|p| matches!(p, Part::Counter(_)))
            .count()
            == 1
        && parts.iter().all(|p| match p {
            Part::Text(t) => t
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-/_.".contains(c)),
            _ => true,
        })
}

fn fill(format: &str, year: i64, month: u32, counter: Option<u64>) -> Option<String> {
    let mut out = String::new();
    for p in parts(format)? {
        match p {
            Part::Text(t) => out.push_str(t),
            Part::Year4 => out.push_str(&format!("{year:04}")),
            Part::Year2 => out.push_str(&format!("{:02}", year.rem_euclid(100))),
            Part::Month => out.push_str(&format!("{month:02}")),
            Part::Counter(width) => match counter {
                Some(n) => out.push_str(&format!("{n:0width$}")),
                None => out.push_str("{n}"),
            },
        }
    }
    Some(out)
}

/// The series a number issued in `year`/`month` counts in: the format with its dates filled in.
pub fn series(format: &str, year: i64, month: u32) -> Option<String> {
    format_valid(format).then(|| fill(format, year, month, None))?
}

/// The `n`-th number of the series.
pub fn render(format: &str, year: i64, month: u32, n: u64) -> Option<String> {
    format_valid(format).then(|| fill(format, year, month, Some(n)))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        for (format, valid) in [
            ("RE-{YYYY}-{00000}", true),
            ("{0}", true),
            ("R{YY}{MM}/{0000}", true),
            ("R1{000}", false),
            ("R{000}1", false),
            ("R{YYYY}{000}", false),
            ("{000}-{YY}", true),
            ("RE-{YYYY}", false),
            ("RE-{000}-{000}", false),
            ("RE-{YYYY-{000}", false),
            ("RE {000}", false),
            ("RE-{DD}-{000}", false),
            ("RE-{00000000000}", false),
            ("RECHNUNGSNUMMER-DES-SHOPS-{YYYY}-{MM}-{0000}", false),
        ] {
            assert_eq!(format_valid(format), valid, "{format}");
        }
    }

    #[test]
    fn numbers_and_series() {
        for (format, y, m, n, number, series_) in [
            (
                "RE-{YYYY}-{00000}",
                2026,
                11,
                1,
                "RE-2026-00001",
                "RE-2026-{n}",
            ),
            (
                "RE-{YYYY}-{00000}",
                2027,
                1,
                123_456,
                "RE-2027-123456",
                "RE-2027-{n}",
            ),
            ("R{YY}{MM}/{0000}", 2026, 3, 42, "R2603/0042", "R2603/{n}"),
            ("{0}", 2026, 3, 7, "7", "{n}"),
        ] {
            assert_eq!(render(format, y, m, n).as_deref(), Some(number));
            assert_eq!(series(format, y, m).as_deref(), Some(series_));
        }
        assert_eq!(render("RE-{YYYY}", 2026, 1, 1), None);
    }
}
