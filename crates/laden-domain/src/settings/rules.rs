//! What a change of the shop's settings must keep: each rule takes a value as staff entered it
//! and gives the value to keep, or why it is refused (a gettext id; the HTTP layer names the
//! field and translates). The legal pages' rule (a published page) needs the store and is the
//! HTTP layer's.

use crate::settings::{clean_delivery_time, MAX_ORDER_BUTTON_TEXT};
use crate::{bic_valid, iban_grouped, iban_valid, Email, Money};

/// Why a value is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// A message without placeholders.
    Text(&'static str),
    /// A message whose `%s` is the field's name.
    Named(&'static str),
    /// Not one of these values (`%1$s is not one of %2$s.`, listed with `, `).
    NotOneOf(&'static [&'static str]),
    /// Not a whole number in this range (`%1$s must be between %2$d and %3$d (inclusive).`).
    Range(i64, i64),
}

pub type Rule<T> = Result<T, Why>;

/// The header templates the theme draws (spec §3 "Header settings").
pub const HEADER_TEMPLATES: &[&str] = &["default", "centered", "split"];
pub const STICKY_TEMPLATES: &[&str] = &["", "default", "centered", "compact"];
pub const HEADER_BEHAVIORS: &[&str] = &["", "fixed", "sticky"];
pub const HEADER_POSITIONS: &[&str] = &["top", "bottom"];

/// The bands a header may overlap the content at.
pub const OVERLAP_BANDS: &[&str] = &["desktop", "tablet", "mobile"];
/// The theme's quantity-field switch.
pub const QUANTITY_FIELD: &[&str] = &["1", "0"];

/// One of `allowed`.
pub fn one_of(v: &str, allowed: &'static [&'static str]) -> Rule<String> {
    if allowed.contains(&v) {
        Ok(v.to_owned())
    } else {
        Err(Why::NotOneOf(allowed))
    }
}

/// A whole number within `min..=max`.
pub fn in_range(n: i64, min: i64, max: i64) -> Rule<i64> {
    if (min..=max).contains(&n) {
        Ok(n)
    } else {
        Err(Why::Range(min, max))
    }
}

/// The header cart link: `#` (the mini cart) or a path on this site.
pub fn cart_link(v: &str) -> Rule<String> {
    let link = v.trim();
    let on_site = link.starts_with('/') && !link.starts_with("//");
    if link == "#" || on_site {
        Ok(link.to_owned())
    } else {
        Err(Why::Text("The cart link must be # or a path on this site."))
    }
}

/// An extra tracking parameter's name (standing in for `utm_campaign` …): letters, digits,
/// `-` and `_`, at most 40.
pub fn tracking_param(v: &str) -> Rule<String> {
    let v = v.trim();
    if v.len() <= 40
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        Ok(v.to_owned())
    } else {
        Err(Why::Text(
            "Only letters, digits, - and _ are allowed (at most 40).",
        ))
    }
}

/// The first-party analytics snippet: JavaScript of at most 10,000 characters that cannot end
/// its `<script>` element.
pub fn analytics_snippet(code: &str) -> Rule<String> {
    if code.chars().count() > 10_000 || code.to_ascii_lowercase().contains("</script") {
        Err(Why::Text(
            "The snippet must be JavaScript of at most 10,000 characters.",
        ))
    } else {
        Ok(code.trim().to_owned())
    }
}

/// The analytics script's address: empty, a path on this site, or an https address.
pub fn analytics_script(src: &str) -> Rule<String> {
    let src = src.trim();
    let ok = src.is_empty()
        || (src.starts_with('/') && !src.starts_with("//"))
        || src.starts_with("https://");
    if ok
        && !src
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '<')
    {
        Ok(src.to_owned())
    } else {
        Err(Why::Text(
            "The analytics script must be a path on this site or an https address.",
        ))
    }
}

/// The bands the header overlaps the content at: any of `desktop tablet mobile`, kept
/// space-separated.
pub fn header_overlap(v: &str) -> Rule<String> {
    let devices: Vec<&str> = v.split([' ', ',']).filter(|d| !d.is_empty()).collect();
    if devices.iter().all(|d| OVERLAP_BANDS.contains(d)) {
        Ok(devices.join(" "))
    } else {
        Err(Why::NotOneOf(OVERLAP_BANDS))
    }
}

/// The largest step a held spinner button grows to: 1 to 1,000,000.
pub fn quantity_step_max(n: f64) -> Rule<f64> {
    if (1.0..=1_000_000.0).contains(&n) {
        Ok(n)
    } else {
        Err(Why::Range(1, 1_000_000))
    }
}

/// A price as decimal text ("4.90", "4,90"), in cents, at most 1,000,000.00.
pub fn price(text: &str) -> Rule<i64> {
    match Money::parse_decimal(text.trim()) {
        Some(m) if (0..=100_000_000).contains(&m.cents()) => Ok(m.cents()),
        _ => Err(Why::Named("%s must be a price such as 12.50.")),
    }
}

/// The Lieferzeit shown for products that state none: plain text, not empty, at most 100.
pub fn delivery_time(v: &str) -> Rule<String> {
    match clean_delivery_time(v) {
        Some(d) if !d.is_empty() => Ok(d),
        _ => Err(Why::Text(
            "Please enter a delivery time of at most 100 characters.",
        )),
    }
}

/// The checkout button's text (§312j BGB: it must say that ordering obliges to pay).
pub fn order_button_text(v: &str) -> Rule<String> {
    let text = v.trim();
    if text.is_empty()
        || text.chars().count() > MAX_ORDER_BUTTON_TEXT
        || text.chars().any(char::is_control)
    {
        Err(Why::Text("Please enter the button's text (at most 60 characters), e.g. \"Zahlungspflichtig bestellen\"."))
    } else {
        Ok(text.to_owned())
    }
}

/// The shop's e-mail address: empty or valid.
pub fn shop_email(v: &str) -> Rule<String> {
    let email = v.trim();
    if email.is_empty() || Email::parse(email).is_some() {
        Ok(email.to_owned())
    } else {
        Err(Why::Text("Please enter a valid email address."))
    }
}

/// A short line of text (the bank's or the account holder's name): at most `max` characters,
/// no control characters.
pub fn short_text(v: &str, max: usize) -> Rule<String> {
    if v.chars().count() > max || v.chars().any(char::is_control) {
        Err(Why::Text("The text is too long."))
    } else {
        Ok(v.trim().to_owned())
    }
}

/// Without white space, in capitals.
fn compact(v: &str) -> String {
    v.chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase()
}

/// An IBAN (empty: none), kept in groups of four.
pub fn iban(v: &str) -> Rule<String> {
    let iban = compact(v);
    if iban.is_empty() || iban_valid(&iban) {
        Ok(iban_grouped(&iban))
    } else {
        Err(Why::Text("Please enter a valid IBAN."))
    }
}

/// A BIC (empty: none).
pub fn bic(v: &str) -> Rule<String> {
    let bic = compact(v);
    if bic.is_empty() || bic_valid(&bic) {
        Ok(bic)
    } else {
        Err(Why::Text("Please enter a valid BIC."))
    }
}

/// The shop's postal address (lines): at most 500 characters.
pub fn shop_address(v: &str) -> Rule<String> {
    if v.chars().count() > 500 {
        Err(Why::Text("The address may have at most 500 characters."))
    } else {
        Ok(v.trim().to_owned())
    }
}

/// A VAT id (USt-IdNr.): empty, or a country prefix and 2–12 letters or digits; a German one
/// is `DE` and nine digits.
pub fn vat_id(v: &str) -> Rule<String> {
    let vat = compact(v);
    let ok = vat.is_empty()
        || (vat.len() >= 4
            && vat.len() <= 14
            && vat.is_ascii()
            && vat[..2].chars().all(|c| c.is_ascii_uppercase())
            && vat[2..].chars().all(|c| c.is_ascii_alphanumeric()));
    let german =
        !vat.starts_with("DE") || (vat.len() == 11 && vat[2..].chars().all(|c| c.is_ascii_digit()));
    if ok && german {
        Ok(vat)
    } else {
        Err(Why::Text("Please enter a VAT ID such as DE123456789."))
    }
}

/// An invoice or cancellation number format (`RE-{YYYY}-{00000}`).
pub fn invoice_number_format(v: &str) -> Rule<String> {
    let v = v.trim();
    if crate::invoice::number::format_valid(v) {
        Ok(v.to_owned())
    } else {
        Err(Why::Text(
            "Please enter a number format with one counter, such as RE-{YYYY}-{00000}.",
        ))
    }
}

/// A Steuernummer (empty: none): digits with `/` or spaces, as the tax office writes it.
pub fn tax_number(v: &str) -> Rule<String> {
    let v = v.trim();
    let digits = v.chars().filter(char::is_ascii_digit).count();
    if v.is_empty()
        || ((10..=13).contains(&digits)
            && v.chars()
                .all(|c| c.is_ascii_digit() || c == '/' || c == ' '))
    {
        Ok(v.to_owned())
    } else {
        Err(Why::Text(
            "Please enter a tax number such as 231/123/45678.",
        ))
    }
}

/// The payment methods offered, in order: at least one, each known, each once.
pub fn payment_methods(list: &[String]) -> Rule<Vec<String>> {
    // Any of `payment::Method` (the online ones are offered only once their provider is set up:
    // `laden_http::payments`).
    if list.is_empty()
        || list
            .iter()
            .any(|m| crate::payment::Method::parse(m).is_none())
    {
        return Err(Why::Text(
            "Please offer at least one of the payment methods bacs, invoice, cod, stripe and stripe_sepa.",
        ));
    }
    let mut unique: Vec<String> = Vec::new();
    for m in list {
        if !unique.contains(m) {
            unique.push(m.clone());
        }
    }
    Ok(unique)
}

/// The countries the shop delivers to, in the order given: at least one, each an ISO 3166-1
/// code (`crate::country`, either case), each once; at most [`MAX_DELIVERY_COUNTRIES`].
pub fn delivery_countries(list: &[String]) -> Rule<Vec<String>> {
    let codes: Option<Vec<String>> = list
        .iter()
        .map(|c| crate::country::get(c).map(|c| c.code.to_owned()))
        .collect();
    let Some(codes) = codes.filter(|c| !c.is_empty() && c.len() <= MAX_DELIVERY_COUNTRIES) else {
        return Err(Why::Text(
            "Please choose at least one delivery country, each by its ISO code such as AT.",
        ));
    };
    let mut unique: Vec<String> = Vec::with_capacity(codes.len());
    for c in codes {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    Ok(unique)
}

/// Most countries a shop delivers to: every country ISO 3166-1 knows.
pub const MAX_DELIVERY_COUNTRIES: usize = 300;

#[cfg(test)]
mod tests {
    use super::*;

    fn t(msg: &'static str) -> Why {
        Why::Text(msg)
    }

    #[test]
    fn text_rules() {
        type Case = (fn(&str) -> Rule<String>, &'static str, Rule<&'static str>);
        let link = t("The cart link must be # or a path on this site.");
        let param = t("Only letters, digits, - and _ are allowed (at most 40).");
        let script = t("The analytics script must be a path on this site or an https address.");
        let snippet = t("The snippet must be JavaScript of at most 10,000 characters.");
        let vat = t("Please enter a VAT ID such as DE123456789.");
        let long_param = "a".repeat(41);
        let cases: Vec<Case> = vec![
            (cart_link, "#", Ok("#")),
            (cart_link, " /warenkorb/ ", Ok("/warenkorb/")),
            (cart_link, "//evil.example/", Err(link.clone())),
            (cart_link, "https://evil.example/", Err(link)),
            (tracking_param, " kampagne_1 ", Ok("kampagne_1")),
            (tracking_param, "", Ok("")),
            (tracking_param, "a b", Err(param.clone())),
            (tracking_param, Box::leak(long_param.into_boxed_str()), Err(param)),
            (analytics_script, "", Ok("")),
            (analytics_script, "/js/a.js", Ok("/js/a.js")),
            (analytics_script, "https://stats.example/s.js", Ok("https://stats.example/s.js")),
            (analytics_script, "http://stats.example/s.js", Err(script.clone())),
            (analytics_script, "//stats.example/s.js", Err(script.clone())),
            (analytics_script, "/a.js\" onload=\"x", Err(script)),
            (analytics_snippet, " console.log(1) ", Ok("console.log(1)")),
            (analytics_snippet, "a</SCRIPT>b", Err(snippet)),
            (header_overlap, "desktop, mobile", Ok("desktop mobile")),
            (header_overlap, "", Ok("")),
            (header_overlap, "desktop phone", Err(Why::NotOneOf(OVERLAP_BANDS))),
            (|v| one_of(v, QUANTITY_FIELD), "1", Ok("1")),
            (|v| one_of(v, QUANTITY_FIELD), "2", Err(Why::NotOneOf(QUANTITY_FIELD))),
            (delivery_time, " 2–4   Werktage ", Ok("2–4 Werktage")),
            (delivery_time, "  ", Err(t("Please enter a delivery time of at most 100 characters."))),
            (order_button_text, " Jetzt kaufen ", Ok("Jetzt kaufen")),
            (order_button_text, "", Err(t("Please enter the button's text (at most 60 characters), e.g. \"Zahlungspflichtig bestellen\"."))),
            (shop_email, "", Ok("")),
            (shop_email, " shop@example.de ", Ok("shop@example.de")),
            (shop_email, "shop@", Err(t("Please enter a valid email address."))),
            (iban, "de89 3704 0044 0532 0130 00", Ok("DE89 3704 0044 0532 0130 00")),
            (iban, "", Ok("")),
            (iban, "DE00 3704 0044 0532 0130 00", Err(t("Please enter a valid IBAN."))),
            (bic, "deutdedb110", Ok("DEUTDEDB110")),
            (bic, "X", Err(t("Please enter a valid BIC."))),
            (shop_address, " Hauptstraße 5\n04109 Leipzig ", Ok("Hauptstraße 5\n04109 Leipzig")),
            (invoice_number_format, " RE-{YYYY}-{00000} ", Ok("RE-{YYYY}-{00000}")),
            (invoice_number_format, "RE-{YYYY}", Err(t("Please enter a number format with one counter, such as RE-{YYYY}-{00000}."))),
            (tax_number, "231/123/45678", Ok("231/123/45678")),
            (tax_number, "", Ok("")),
            (tax_number, "12/34", Err(t("Please enter a tax number such as 231/123/45678."))),
            (vat_id, "de 123 456 789", Ok("DE123456789")),
            (vat_id, "ATU12345678", Ok("ATU12345678")),
            (vat_id, "", Ok("")),
            (vat_id, "DE12345", Err(vat.clone())),
            (vat_id, "D1234", Err(vat.clone())),
            (vat_id, "DEÄ2345678", Err(vat)),
            (|v| one_of(v, HEADER_TEMPLATES), "split", Ok("split")),
            (|v| one_of(v, HEADER_TEMPLATES), "wide", Err(Why::NotOneOf(HEADER_TEMPLATES))),
            (|v| one_of(v, HEADER_BEHAVIORS), "", Ok("")),
            (|v| one_of(v, HEADER_POSITIONS), "left", Err(Why::NotOneOf(HEADER_POSITIONS))),
            (|v| short_text(v, 6), " Bank ", Ok("Bank")),
            (|v| short_text(v, 6), "Sparkasse", Err(t("The text is too long."))),
        ];
        for (rule, input, want) in cases {
            assert_eq!(rule(input), want.map(str::to_owned), "{input:?}");
        }
    }

    #[test]
    fn number_rules() {
        assert_eq!(in_range(0, 0, 4000), Ok(0));
        assert_eq!(in_range(-1, 0, 4000), Err(Why::Range(0, 4000)));
        assert_eq!(in_range(4001, 0, 4000), Err(Why::Range(0, 4000)));
        assert_eq!(quantity_step_max(1.0), Ok(1.0));
        assert_eq!(quantity_step_max(0.5), Err(Why::Range(1, 1_000_000)));
        let bad_price = Err(Why::Named("%s must be a price such as 12.50."));
        for (text, want) in [
            ("4.90", Ok(490)),
            ("4,90", Ok(490)),
            (" 0 ", Ok(0)),
            ("1000000.00", Ok(100_000_000)),
            ("1000000.01", bad_price.clone()),
            ("-1", bad_price.clone()),
            ("zwölf", bad_price),
        ] {
            assert_eq!(price(text), want, "{text}");
        }
    }

    #[test]
    fn payment_method_rule() {
        let m = |l: &[&str]| l.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let refused = Err(t(
            "Please offer at least one of the payment methods bacs, invoice, cod, stripe and stripe_sepa.",
        ));
        assert_eq!(
            payment_methods(&m(&["cod", "bacs", "cod"])),
            Ok(m(&["cod", "bacs"]))
        );
        assert_eq!(payment_methods(&m(&[])), refused);
        assert_eq!(payment_methods(&m(&["paypal"])), refused);
    }

    #[test]
    fn delivery_countries_are_iso_codes_once_each() {
        let m = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            delivery_countries(&m(&["de", "SE", "DE", " gb "])),
            Ok(m(&["DE", "SE", "GB"]))
        );
        for bad in [&[][..], &["DE", "XX"][..], &["Deutschland"][..]] {
            assert!(delivery_countries(&m(bad)).is_err(), "{bad:?}");
        }
    }
}
