//! HTML helpers every document uses: escaping, plain text from HTML, JSON inside a script tag.

use super::*;

pub(crate) fn plain(html: &str, max: usize) -> String {
    let text = ammonia::Builder::empty().clean(html).to_string();
    let text = text
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'");
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words.join(" ");
    if out.chars().count() > max {
        out = out
            .chars()
            .take(max - 1)
            .collect::<String>()
            .trim_end()
            .to_owned()
            + "…";
    }
    out
}

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON safe inside `<script>`.
pub(super) fn script_json(v: &Value) -> String {
    script_safe(&v.to_string())
}

/// JSON text made safe inside `<script>`: nothing in it can close the element or start a comment,
/// and JavaScript's line terminators are escaped.
pub(super) fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}
