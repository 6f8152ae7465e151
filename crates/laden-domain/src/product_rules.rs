//! Rules of WooCommerce's product fields that need no database: backorders, tax status, the
//! sale's dates, weights and dimensions in the shop's units (kg, cm), and what a cart may hold.

use serde::{Deserialize, Serialize};

/// Whether a product whose kept stock is used up may still be ordered (WooCommerce `backorders`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backorders {
    #[default]
    No,
    /// Allowed, and the shopper is told ("Lieferbar auf Nachbestellung").
    Notify,
    Yes,
}

impl Backorders {
    /// WooCommerce's API words and its CSV cells (`0`, `1`, `notify`).
    pub fn parse(s: &str) -> Option<Backorders> {
        match s.trim().to_ascii_lowercase().as_str() {
            "no" | "0" | "" | "nein" => Some(Backorders::No),
            "notify" | "benachrichtigen" => Some(Backorders::Notify),
            "yes" | "1" | "ja" => Some(Backorders::Yes),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Backorders::No => "no",
            Backorders::Notify => "notify",
            Backorders::Yes => "yes",
        }
    }
    pub fn allowed(self) -> bool {
        self != Backorders::No
    }
}

/// Whether VAT applies to the product (WooCommerce `tax_status`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaxStatus {
    #[default]
    Taxable,
    /// Only its shipping is taxed.
    Shipping,
    None,
}

impl TaxStatus {
    pub fn parse(s: &str) -> Option<TaxStatus> {
        match s.trim().to_ascii_lowercase().as_str() {
            "taxable" | "" => Some(TaxStatus::Taxable),
            "shipping" => Some(TaxStatus::Shipping),
            "none" => Some(TaxStatus::None),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            TaxStatus::Taxable => "taxable",
            TaxStatus::Shipping => "shipping",
            TaxStatus::None => "none",
        }
    }
    /// Whether the goods' price contains VAT.
    pub fn goods_taxed(self) -> bool {
        self == TaxStatus::Taxable
    }
    /// Whether the shipping of the goods carries VAT (WooCommerce's `is_shipping_taxable`).
    pub fn shipping_taxed(self) -> bool {
        self != TaxStatus::None
    }
}

/// Whether a sale with these dates (seconds; `to` is the last second it runs) runs at `now`.
/// No dates: always.
pub fn sale_active(now: i64, from: Option<i64>, to: Option<i64>) -> bool {
    from.is_none_or(|f| f <= now) && to.is_none_or(|t| now <= t)
}

/// The sale price kept (only below the regular price) and the price that applies at `now`:
/// the sale price while its dates run, else the regular one.
pub fn prices(
    regular: Option<crate::Money>,
    sale: Option<crate::Money>,
    from: Option<i64>,
    to: Option<i64>,
    now: i64,
) -> (Option<crate::Money>, Option<crate::Money>) {
    let kept = sale.filter(|s| regular.is_some_and(|r| *s < r));
    match kept {
        Some(s) if sale_active(now, from, to) => (kept, Some(s)),
        _ => (kept, regular),
    }
}

/// The stock status a kept stock of `stock` units means, with the backorder rule.
pub fn stock_status_for(stock: i64, backorders: Backorders) -> &'static str {
    if stock > 0 {
        "instock"
    } else if backorders.allowed() {
        "onbackorder"
    } else {
        "outofstock"
    }
}

/// How many of a product one cart line may hold: `available` (the stock, or unlimited), one
/// when it is sold individually.
pub fn line_limit(available: i64, sold_individually: bool) -> i64 {
    if sold_individually {
        available.min(1)
    } else {
        available
    }
}

/// An external product's address: an absolute http(s) URL without spaces or quotes.
pub fn clean_external_url(url: &str) -> Option<String> {
    let u = url.trim();
    let lower = u.to_ascii_lowercase();
    let scheme = lower.starts_with("https://") || lower.starts_with("http://");
    let plain = !u
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\'));
    (scheme && plain && u.len() > "https://".len() && u.len() <= 2000).then(|| u.to_owned())
}

/// A downloadable file: an http(s) URL (the shopper is sent there) or a path below the shop's
/// uploads (`/uploads/…`, served by the shop), never one that climbs out of it.
pub fn clean_download_file(file: &str) -> Option<String> {
    let f = file.trim();
    if let Some(rest) = f.strip_prefix("/uploads/") {
        let safe = !rest.is_empty()
            && rest
                .split('/')
                .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
            && !rest.chars().any(|c| c.is_control() || c == '\\');
        return safe.then(|| f.to_owned());
    }
    clean_external_url(f)
}

/// WooCommerce's folder for files that are sold (`wp-content/uploads/woocommerce_uploads`,
/// closed to the web by its `.htaccess`): below the shop's uploads, served only through a paid
/// order's download links.
pub const PRIVATE_UPLOADS_DIR: &str = "woocommerce_uploads";

/// Whether a path below the uploads (percent-decoded, as the file server reads it) points into
/// the private folder: `.` and empty segments are skipped and `..` climbs, as a file system
/// would; the folder's name is matched without case (case-insensitive file systems).
pub fn is_private_upload(path: &str) -> bool {
    let mut segments: Vec<&str> = Vec::new();
    for seg in path.split(['/', '\\']) {
        match seg {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    segments
        .first()
        .is_some_and(|s| s.eq_ignore_ascii_case(PRIVATE_UPLOADS_DIR))
}

/// Units a weight is written in (WooCommerce's `woocommerce_weight_unit`).
fn grams_per(unit: &str) -> Option<f64> {
    match unit.trim().to_ascii_lowercase().as_str() {
        "kg" | "" => Some(1000.0),
        "g" => Some(1.0),
        "lbs" | "lb" => Some(453.592_37),
        "oz" => Some(28.349_523_125),
        _ => None,
    }
}

/// Units a length is written in (WooCommerce's `woocommerce_dimension_unit`).
fn millimetres_per(unit: &str) -> Option<f64> {
    match unit.trim().to_ascii_lowercase().as_str() {
        "cm" | "" => Some(10.0),
        "mm" => Some(1.0),
        "m" => Some(1000.0),
        "in" => Some(25.4),
        "yd" => Some(914.4),
        _ => None,
    }
}

/// A decimal as typed (`.5`, `1,5`, `24`), not negative; `Some(None)` for empty.
fn amount(text: &str) -> Option<Option<f64>> {
    let t = text.trim();
    if t.is_empty() {
        return Some(None);
    }
    let v: f64 = t.replace(',', ".").parse().ok()?;
    (v.is_finite() && (0.0..1e9).contains(&v)).then_some(Some(v))
}

/// A weight as typed in `unit`, in grams (rounded); `None` when it is no weight.
pub fn weight_grams(text: &str, unit: &str) -> Option<Option<i64>> {
    let per = grams_per(unit)?;
    Some(amount(text)?.map(|v| (v * per).round() as i64))
}

/// A length as typed in `unit`, in millimetres (rounded); `None` when it is no length.
pub fn length_mm(text: &str, unit: &str) -> Option<Option<i64>> {
    let per = millimetres_per(unit)?;
    Some(amount(text)?.map(|v| (v * per).round() as i64))
}

/// Grams as WooCommerce's API writes a weight in kg (`"0.227"`, `"2"`).
pub fn kg_text(grams: i64) -> String {
    decimal_text(grams, 1000)
}

/// Millimetres as WooCommerce's API writes a length in cm (`"61"`, `"2.5"`).
pub fn cm_text(mm: i64) -> String {
    decimal_text(mm, 10)
}

fn decimal_text(value: i64, per: i64) -> String {
    let whole = value / per;
    let frac = value % per;
    if frac == 0 {
        return whole.to_string();
    }
    let digits = per.to_string().len() - 1;
    let frac = format!("{frac:0digits$}");
    format!("{whole}.{}", frac.trim_end_matches('0'))
}

/// The unit a WooCommerce export header names: `Weight (lbs)` → `lbs`, `Length (in)` → `in`.
pub fn header_unit(header: &str) -> Option<&str> {
    let open = header.rfind('(')?;
    let close = header.rfind(')')?;
    (open < close).then(|| header[open + 1..close].trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backorders_and_tax_status_read_woocommerce_words_and_csv_cells() {
        let cases = [
            ("no", Some(Backorders::No)),
            ("0", Some(Backorders::No)),
            ("", Some(Backorders::No)),
            ("notify", Some(Backorders::Notify)),
            ("1", Some(Backorders::Yes)),
            ("yes", Some(Backorders::Yes)),
            ("maybe", None),
        ];
        for (text, want) in cases {
            assert_eq!(Backorders::parse(text), want, "{text}");
        }
        for b in [Backorders::No, Backorders::Notify, Backorders::Yes] {
            assert_eq!(Backorders::parse(b.as_str()), Some(b));
        }
        for (text, want) in [
            ("taxable", Some(TaxStatus::Taxable)),
            ("shipping", Some(TaxStatus::Shipping)),
            ("none", Some(TaxStatus::None)),
            ("", Some(TaxStatus::Taxable)),
            ("free", None),
        ] {
            assert_eq!(TaxStatus::parse(text), want, "{text}");
        }
    }

    #[test]
    fn a_sale_runs_between_its_dates() {
        // (now, from, to, running)
        let cases = [
            (100, None, None, true),
            (100, Some(100), None, true),
            (99, Some(100), None, false),
            (100, None, Some(100), true),
            (101, None, Some(100), false),
            (150, Some(100), Some(200), true),
            (201, Some(100), Some(200), false),
        ];
        for (now, from, to, want) in cases {
            assert_eq!(sale_active(now, from, to), want, "{now} {from:?} {to:?}");
        }
    }

    #[test]
    fn the_price_is_the_sale_price_while_the_sale_runs() {
        use crate::Money;
        let m = |c| Some(Money::from_cents(c));
        // (regular, sale, from, to, now, kept sale, price)
        let cases = [
            (m(1000), m(800), None, None, 50, m(800), m(800)),
            (m(1000), m(800), Some(100), None, 50, m(800), m(1000)),
            (m(1000), m(800), Some(100), Some(200), 150, m(800), m(800)),
            (m(1000), m(800), Some(100), Some(200), 201, m(800), m(1000)),
            (m(1000), m(1200), None, None, 50, None, m(1000)),
            (None, m(800), None, None, 50, None, None),
        ];
        for (regular, sale, from, to, now, kept, price) in cases {
            assert_eq!(
                prices(regular, sale, from, to, now),
                (kept, price),
                "{regular:?} {sale:?} {from:?} {to:?} {now}"
            );
        }
    }

    #[test]
    fn stock_status_follows_stock_and_backorders() {
        let cases = [
            (5, Backorders::No, "instock"),
            (0, Backorders::No, "outofstock"),
            (0, Backorders::Notify, "onbackorder"),
            (0, Backorders::Yes, "onbackorder"),
            (1, Backorders::Yes, "instock"),
        ];
        for (stock, b, want) in cases {
            assert_eq!(stock_status_for(stock, b), want, "{stock} {b:?}");
        }
        assert_eq!(line_limit(10, true), 1);
        assert_eq!(line_limit(0, true), 0);
        assert_eq!(line_limit(10, false), 10);
    }

    #[test]
    fn external_addresses_and_download_files_are_checked() {
        let cases = [
            (
                "https://mercantile.wordpress.org/product/x/",
                Some("https://mercantile.wordpress.org/product/x/"),
            ),
            ("  http://example.org/a  ", Some("http://example.org/a")),
            ("javascript:alert(1)", None),
            ("https://", None),
            ("https://a.b/x y", None),
            ("/uploads/files/album.zip", None),
        ];
        for (url, want) in cases {
            assert_eq!(clean_external_url(url).as_deref(), want, "{url}");
        }
        let files = [
            ("/uploads/files/album.zip", true),
            ("/uploads/../laden.db", false),
            ("/uploads/a//b", false),
            ("/etc/passwd", false),
            ("https://example.org/single.jpg", true),
            ("file:///etc/passwd", false),
        ];
        for (file, ok) in files {
            assert_eq!(clean_download_file(file).is_some(), ok, "{file}");
        }
    }

    #[test]
    fn weights_and_lengths_become_grams_and_millimetres() {
        let cases = [
            (".5", "lbs", Some(Some(227))),
            ("1,5", "kg", Some(Some(1500))),
            ("250", "g", Some(Some(250))),
            ("", "kg", Some(None)),
            ("-1", "kg", None),
            ("schwer", "kg", None),
            ("1", "stone", None),
        ];
        for (text, unit, want) in cases {
            assert_eq!(weight_grams(text, unit), want, "{text} {unit}");
        }
        assert_eq!(length_mm("24", "in"), Some(Some(610)));
        assert_eq!(length_mm("2.5", "cm"), Some(Some(25)));
        assert_eq!(kg_text(227), "0.227");
        assert_eq!(kg_text(2000), "2");
        assert_eq!(kg_text(1500), "1.5");
        assert_eq!(cm_text(610), "61");
        assert_eq!(cm_text(25), "2.5");
        assert_eq!(header_unit("Weight (lbs)"), Some("lbs"));
        assert_eq!(header_unit("Länge (cm)"), Some("cm"));
        assert_eq!(header_unit("Weight"), None);
    }

    #[test]
    fn private_uploads_are_recognised_however_written() {
        for (path, private) in [
            ("/woocommerce_uploads/buch.pdf", true),
            ("woocommerce_uploads/2026/11/buch.pdf", true),
            ("//woocommerce_uploads/buch.pdf", true),
            ("/./woocommerce_uploads/buch.pdf", true),
            ("/x/../woocommerce_uploads/buch.pdf", true),
            ("/WooCommerce_Uploads/buch.pdf", true),
            ("\\woocommerce_uploads\\buch.pdf", true),
            ("/woocommerce_uploads", true),
            ("/2026/11/woocommerce_uploads/buch.pdf", false),
            ("/woocommerce_uploads_public/buch.pdf", false),
            ("/demo/bild.jpg", false),
            ("/", false),
        ] {
            assert_eq!(is_private_upload(path), private, "{path}");
        }
    }
}
