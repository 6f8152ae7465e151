//! The page-builder document: sections → columns → widgets, checked against
//! the widget schemas before anything is stored. A document that fails is
//! refused whole with every problem named by its path
//! (`sections.0.columns.1.widgets.2.level`); one that passes is returned
//! normalised: known fields only, text HTML through ammonia, video sources
//! only from the embed allow-list or the site itself.

use serde_json::{Map, Value};

/// The document format this build writes.
pub const LAYOUT_VERSION: i64 = 1;
/// The largest stored document (JSON bytes).
pub const MAX_LAYOUT_BYTES: usize = 512 * 1024;
const MAX_SECTIONS: usize = 100;
const MAX_COLUMNS: usize = 6;
const MAX_WIDGETS: usize = 50;

/// One problem: (path, English message id of the catalogue).
pub type Problem = (String, String);

/// The type of one widget field.
#[derive(Clone, Copy)]
enum Kind {
    /// Plain text of at most this many characters.
    Text(usize),
    /// HTML (sanitised) of at most this many characters.
    Html(usize),
    Int(i64, i64),
    Bool,
    OneOf(&'static [&'static str]),
    /// A media-library id.
    Media,
    /// A link: a path on the site, an `#anchor`, an http(s) or mailto/tel address.
    Link,
    /// An anchor name for `id` attributes.
    Anchor,
    /// A video: an allow-listed embed, a path on the site or an http(s) video file.
    Video,
    /// Product ids.
    Ids(usize),
    /// A list of objects with their own fields.
    Items(&'static [F], usize),
    /// Carousel settings (an object of the CAROUSEL fields).
    Carousel,
}

/// A field: name, kind, required.
type F = (&'static str, Kind, bool);

const PRODUCT_SOURCES: &[&str] = &["category", "on_sale", "newest", "ids"];

const CAROUSEL: &[F] = &[
    ("slides_to_show", Kind::Int(1, 6), false),
    ("slides_to_show_tablet", Kind::Int(1, 6), false),
    ("slides_to_show_mobile", Kind::Int(1, 6), false),
    ("slides_to_scroll", Kind::Int(1, 6), false),
    ("autoplay", Kind::Bool, false),
    ("autoplay_speed", Kind::Int(1000, 30000), false),
    ("loop", Kind::Bool, false),
    ("arrows", Kind::Bool, false),
    ("dots", Kind::Bool, false),
];

const PRODUCTS: &[F] = &[
    ("title", Kind::Text(200), false),
    ("source", Kind::OneOf(PRODUCT_SOURCES), true),
    ("category", Kind::Text(200), false),
    ("ids", Kind::Ids(50), false),
    ("limit", Kind::Int(1, 24), false),
];

/// The widgets and their fields. Every widget may also carry an `id` (anchor) and a `css_class`.
const WIDGETS: &[(&str, &[F])] = &[
    (
        "heading",
        &[
            ("text", Kind::Text(500), true),
            ("level", Kind::Int(1, 6), false),
            ("align", Kind::OneOf(&["left", "center", "right"]), false),
        ],
    ),
    ("text", &[("html", Kind::Html(50_000), true)]),
    (
        "image",
        &[
            ("media", Kind::Media, true),
            ("alt", Kind::Text(300), false),
            ("caption", Kind::Text(300), false),
            ("href", Kind::Link, false),
        ],
    ),
    (
        "button",
        &[
            ("text", Kind::Text(100), true),
            ("href", Kind::Link, true),
            (
                "style",
                Kind::OneOf(&["primary", "secondary", "ghost"]),
                false,
            ),
        ],
    ),
    ("spacer", &[("height", Kind::Int(0, 400), false)]),
    (
        "video",
        &[
            ("src", Kind::Video, true),
            ("poster", Kind::Media, false),
            ("title", Kind::Text(200), false),
            ("autoplay", Kind::Bool, false),
        ],
    ),
    (
        "icon_list",
        &[(
            "items",
            Kind::Items(
                &[
                    (
                        "icon",
                        Kind::OneOf(&[
                            "check", "star", "truck", "leaf", "heart", "phone", "mail", "clock",
                            "info",
                        ]),
                        false,
                    ),
                    ("text", Kind::Text(300), true),
                    ("href", Kind::Link, false),
                ],
                50,
            ),
            true,
        )],
    ),
    (
        "tabs",
        &[
            ("mode", Kind::OneOf(&["tabs", "accordion"]), false),
            (
                "items",
                Kind::Items(
                    &[
                        ("title", Kind::Text(200), true),
                        ("html", Kind::Html(20_000), false),
                    ],
                    20,
                ),
                true,
            ),
        ],
    ),
    ("product_grid", PRODUCTS),
    (
        "product_carousel",
        &[
            PRODUCTS[0],
            PRODUCTS[1],
            PRODUCTS[2],
            PRODUCTS[3],
            PRODUCTS[4],
            ("carousel", Kind::Carousel, false),
        ],
    ),
    (
        "image_carousel",
        &[
            (
                "images",
                Kind::Items(
                    &[
                        ("media", Kind::Media, true),
                        ("caption", Kind::Text(300), false),
                        ("href", Kind::Link, false),
                    ],
                    50,
                ),
                true,
            ),
            ("carousel", Kind::Carousel, false),
        ],
    ),
    (
        "testimonial_carousel",
        &[
            (
                "items",
                Kind::Items(
                    &[
                        ("quote", Kind::Text(1000), true),
                        ("name", Kind::Text(100), true),
                        ("role", Kind::Text(100), false),
                        ("media", Kind::Media, false),
                    ],
                    30,
                ),
                true,
            ),
            ("carousel", Kind::Carousel, false),
        ],
    ),
    (
        "portfolio",
        &[
            (
                "items",
                Kind::Items(
                    &[
                        ("media", Kind::Media, true),
                        ("title", Kind::Text(200), true),
                        ("category", Kind::Text(100), false),
                        ("href", Kind::Link, false),
                    ],
                    100,
                ),
                true,
            ),
            ("filterable", Kind::Bool, false),
            ("columns", Kind::Int(1, 6), false),
        ],
    ),
    (
        "image_comparison",
        &[
            ("before", Kind::Media, true),
            ("after", Kind::Media, true),
            ("before_label", Kind::Text(100), false),
            ("after_label", Kind::Text(100), false),
            ("start", Kind::Int(0, 100), false),
        ],
    ),
    ("anchor", &[("anchor", Kind::Anchor, true)]),
    ("menu_anchor", &[("anchor", Kind::Anchor, true)]),
];

/// The widget types the builder knows, in palette order.
pub fn widget_types() -> impl Iterator<Item = &'static str> {
    WIDGETS.iter().map(|(t, _)| *t)
}

fn is_anchor(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && s.len() <= 64
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn is_link(s: &str) -> bool {
    let s = s.trim();
    if s.is_empty()
        || s.chars()
            .any(|c| c.is_control() || c.is_whitespace() || matches!(c, '"' | '<' | '>' | '\\'))
    {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    (s.starts_with('/') && !s.starts_with("//"))
        || (s.starts_with('#') && is_anchor(&s[1..]))
        || ["https://", "http://", "mailto:", "tel:"]
            .iter()
            .any(|p| lower.starts_with(p))
}

fn is_video(s: &str) -> bool {
    !s.trim_start().starts_with('<') && !crate::import::sanitize_embed(s).is_empty()
}

struct Checker {
    problems: Vec<Problem>,
}

impl Checker {
    fn problem(&mut self, path: &str, msg: &str) {
        self.problems.push((path.to_owned(), msg.to_owned()));
    }

    fn value(&mut self, path: &str, kind: Kind, v: &Value) -> Option<Value> {
        let bad = |c: &mut Checker, msg: &str| {
            c.problem(path, msg);
            None
        };
        match kind {
            Kind::Text(max) | Kind::Html(max) => match v.as_str() {
                Some(s) if s.chars().count() > max => bad(self, "The text is too long."),
                Some(s) if matches!(kind, Kind::Html(_)) => Some(Value::String(ammonia::clean(s))),
                Some(s) => Some(Value::String(s.chars().filter(|c| !c.is_control() || *c == '\n').collect::<String>().trim().to_owned())),
                None => bad(self, "Must be text."),
            },
            Kind::Int(min, max) => match v.as_f64() {
                Some(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => Some(Value::from(n as i64)),
                _ => bad(self, "Must be a whole number in the allowed range."),
            },
            Kind::Bool => match v {
                Value::Bool(b) => Some(Value::Bool(*b)),
                _ => bad(self, "Must be true or false."),
            },
            Kind::OneOf(allowed) => match v.as_str() {
                Some(s) if allowed.contains(&s) => Some(Value::String(s.to_owned())),
                _ => bad(self, "Not one of the allowed values."),
            },
            Kind::Media => match v.as_i64() {
                Some(id) if id > 0 => Some(Value::from(id)),
                _ => bad(self, "Must be an image of the media library."),
            },
            Kind::Link => match v.as_str() {
                Some(s) if s.trim().is_empty() => Some(Value::String(String::new())),
                Some(s) if is_link(s) => Some(Value::String(s.trim().to_owned())),
                _ => bad(self, "Must be a path on this site, an #anchor or an http(s), mailto: or tel: address."),
            },
            Kind::Anchor => match v.as_str() {
                Some(s) if is_anchor(s.trim()) => Some(Value::String(s.trim().to_owned())),
                _ => bad(self, "Must be an anchor name: a letter, then letters, digits, - or _."),
            },
            Kind::Video => match v.as_str() {
                Some(s) if is_video(s) => Some(Value::String(s.trim().to_owned())),
                _ => bad(self, "Only YouTube or Vimeo embeds, video files or addresses on this site are possible."),
            },
            Kind::Ids(max) => match v.as_array() {
                Some(a) if a.len() > max => bad(self, "The list is too long."),
                Some(a) if a.iter().all(|x| x.as_i64().is_some_and(|id| id > 0)) => Some(Value::Array(a.clone())),
                _ => bad(self, "Must be a list of product ids."),
            },
            Kind::Items(fields, max) => match v.as_array() {
                Some(a) if a.len() > max => bad(self, "The list is too long."),
                Some(a) => Some(Value::Array(a.iter().enumerate().map(|(i, item)| self.object(&format!("{path}.{i}"), fields, item)).collect())),
                None => bad(self, "Must be a list."),
            },
            Kind::Carousel => Some(self.object(path, CAROUSEL, v)),
        }
    }

    /// The known fields of an object, each checked; missing required fields are problems.
    fn object(&mut self, path: &str, fields: &[F], v: &Value) -> Value {
        let Some(obj) = v.as_object() else {
            self.problem(path, "Must be an object.");
            return Value::Null;
        };
        let mut out = Map::new();
        for (name, kind, required) in fields {
            let at = if path.is_empty() {
                (*name).to_owned()
            } else {
                format!("{path}.{name}")
            };
            match obj.get(*name) {
                None | Some(Value::Null) if *required => {
                    self.problem(&at, "This field is required.")
                }
                None | Some(Value::Null) => {}
                Some(v) => {
                    if let Some(clean) = self.value(&at, *kind, v) {
                        out.insert((*name).to_owned(), clean);
                    }
                }
            }
        }
        Value::Object(out)
    }

    fn widget(&mut self, path: &str, v: &Value) -> Value {
        let Some(kind) = v.get("type").and_then(Value::as_str) else {
            self.problem(&format!("{path}.type"), "Unknown widget type.");
            return Value::Null;
        };
        let Some((_, fields)) = WIDGETS.iter().find(|(t, _)| *t == kind) else {
            self.problem(&format!("{path}.type"), "Unknown widget type.");
            return Value::Null;
        };
        let mut out = self.object(path, fields, v);
        if let Value::Object(m) = &mut out {
            m.insert("type".into(), Value::String(kind.to_owned()));
            if let Some(id) = v.get("id").filter(|x| !x.is_null()) {
                if let Some(id) = self.value(&format!("{path}.id"), Kind::Anchor, id) {
                    m.insert("id".into(), id);
                }
            }
        }
        out
    }
}

/// Checks a page-builder document; `Ok` holds it normalised, `Err` every problem.
pub fn validate(doc: &Value) -> Result<Value, Vec<Problem>> {
    let mut c = Checker {
        problems: Vec::new(),
    };
    if doc.to_string().len() > MAX_LAYOUT_BYTES {
        return Err(vec![(String::new(), "The page is too large.".into())]);
    }
    let Some(sections) = doc.get("sections").and_then(Value::as_array) else {
        return Err(vec![("sections".into(), "Must be a list.".into())]);
    };
    match doc.get("version") {
        None => {}
        Some(v) if v.as_i64() == Some(LAYOUT_VERSION) => {}
        Some(_) => c.problem("version", "This layout version is not known."),
    }
    if sections.len() > MAX_SECTIONS {
        c.problem("sections", "The list is too long.");
    }
    let mut anchors: Vec<String> = Vec::new();
    let mut out_sections = Vec::new();
    for (si, s) in sections.iter().enumerate().take(MAX_SECTIONS) {
        let sp = format!("sections.{si}");
        let mut sec = c.object(
            &sp,
            &[
                ("id", Kind::Anchor, false),
                ("layout", Kind::OneOf(&["boxed", "stretched"]), false),
            ],
            s,
        );
        let columns = s.get("columns").and_then(Value::as_array);
        match columns {
            Some(cols) if !cols.is_empty() && cols.len() <= MAX_COLUMNS => {
                let mut out_cols = Vec::new();
                for (ci, col) in cols.iter().enumerate() {
                    let cp = format!("{sp}.columns.{ci}");
                    let widgets = col.get("widgets").and_then(Value::as_array);
                    let mut out_col = c.object(&cp, &[("width", Kind::Int(1, 12), false)], col);
                    match widgets {
                        Some(ws) if ws.len() <= MAX_WIDGETS => {
                            let list: Vec<Value> = ws
                                .iter()
                                .enumerate()
                                .map(|(wi, w)| c.widget(&format!("{cp}.widgets.{wi}"), w))
                                .collect();
                            if let Value::Object(m) = &mut out_col {
                                m.insert("widgets".into(), Value::Array(list));
                            }
                        }
                        Some(_) => c.problem(&format!("{cp}.widgets"), "The list is too long."),
                        None => c.problem(&format!("{cp}.widgets"), "Must be a list."),
                    }
                    out_cols.push(out_col);
                }
                if let Value::Object(m) = &mut sec {
                    m.insert("columns".into(), Value::Array(out_cols));
                }
            }
            _ => c.problem(&format!("{sp}.columns"), "A section needs 1 to 6 columns."),
        }
        if let Some(id) = sec.get("id").and_then(Value::as_str) {
            if anchors.iter().any(|a| a == id) {
                c.problem(
                    &format!("{sp}.id"),
                    "This anchor is used twice on the page.",
                );
            }
            anchors.push(id.to_owned());
        }
        out_sections.push(sec);
    }
    if c.problems.is_empty() {
        Ok(serde_json::json!({ "version": LAYOUT_VERSION, "sections": out_sections }))
    } else {
        Err(c.problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn page(widgets: Value) -> Value {
        json!({ "version": 1, "sections": [{ "id": "start", "layout": "stretched", "columns": [{ "widgets": widgets }] }] })
    }

    #[test]
    fn every_widget_with_good_fields_passes_and_is_normalised() {
        let doc = page(json!([
            { "type": "heading", "text": "  Kaffee  ", "level": 2, "unknown": "weg" },
            { "type": "text", "html": "<p onclick=\"x()\">Hallo</p><script>alert(1)</script><iframe src=\"https://evil.example\"></iframe>" },
            { "type": "image", "media": 4, "alt": "Bohnen", "href": "/shop/" },
            { "type": "button", "text": "Zum Shop", "href": "/shop/", "style": "primary" },
            { "type": "spacer", "height": 40 },
            { "type": "video", "src": "https://www.youtube-nocookie.com/embed/abc", "poster": 3 },
            { "type": "icon_list", "items": [{ "icon": "truck", "text": "Versand in 2 Tagen" }, { "text": "Fair gehandelt", "href": "#fair" }] },
            { "type": "tabs", "mode": "accordion", "items": [{ "title": "Herkunft", "html": "<p>Peru</p>" }] },
            { "type": "product_grid", "source": "category", "category": "kaffee", "limit": 4 },
            { "type": "product_carousel", "source": "on_sale", "carousel": { "slides_to_show": 3, "autoplay": true, "autoplay_speed": 5000 } },
            { "type": "image_carousel", "images": [{ "media": 1 }, { "media": 2, "caption": "Röstung" }] },
            { "type": "testimonial_carousel", "items": [{ "quote": "Bester Kaffee", "name": "Anna" }] },
            { "type": "portfolio", "filterable": true, "items": [{ "media": 1, "title": "Laden", "category": "Räume" }] },
            { "type": "image_comparison", "before": 1, "after": 2, "start": 50 },
            { "type": "anchor", "anchor": "zeiten" },
            { "type": "menu_anchor", "anchor": "kontakt", "id": "w-9" },
        ]));
        let out = validate(&doc).unwrap_or_else(|p| panic!("{p:?}"));
        let w = &out["sections"][0]["columns"][0]["widgets"];
        assert_eq!(w.as_array().map(Vec::len), Some(16));
        assert_eq!(
            w[0],
            json!({ "type": "heading", "text": "Kaffee", "level": 2 }),
            "known fields only, trimmed"
        );
        assert_eq!(
            w[1]["html"], "<p>Hallo</p>",
            "ammonia: no handlers, scripts or iframes"
        );
        assert_eq!(w[15]["id"], "w-9");
        assert_eq!(out["sections"][0]["layout"], "stretched");
        assert_eq!(out["version"], 1);
        // Normalising twice changes nothing.
        assert_eq!(validate(&out).ok(), Some(out.clone()));
    }

    #[test]
    fn bad_documents_are_refused_naming_the_path() {
        let w = "sections.0.columns.0.widgets.0";
        let cases: Vec<(Value, String)> = vec![
            (
                page(json!([{ "type": "marquee", "text": "x" }])),
                format!("{w}.type"),
            ),
            (page(json!([{ "text": "ohne Typ" }])), format!("{w}.type")),
            (
                page(json!([{ "type": "heading", "text": 5 }])),
                format!("{w}.text"),
            ),
            (page(json!([{ "type": "heading" }])), format!("{w}.text")),
            (
                page(json!([{ "type": "heading", "text": "x", "level": 7 }])),
                format!("{w}.level"),
            ),
            (
                page(json!([{ "type": "heading", "text": "x", "level": 2.5 }])),
                format!("{w}.level"),
            ),
            (
                page(json!([{ "type": "heading", "text": "x".repeat(501) }])),
                format!("{w}.text"),
            ),
            (
                page(json!([{ "type": "button", "text": "x", "href": "javascript:alert(1)" }])),
                format!("{w}.href"),
            ),
            (
                page(json!([{ "type": "button", "text": "x", "href": "//evil.example/" }])),
                format!("{w}.href"),
            ),
            (
                page(json!([{ "type": "video", "src": "https://evil.example/embed" }])),
                format!("{w}.src"),
            ),
            (
                page(
                    json!([{ "type": "video", "src": "<iframe src=\"https://www.youtube.com/embed/a\"></iframe>" }]),
                ),
                format!("{w}.src"),
            ),
            (
                page(json!([{ "type": "image", "media": -1 }])),
                format!("{w}.media"),
            ),
            (
                page(json!([{ "type": "spacer", "height": "40" }])),
                format!("{w}.height"),
            ),
            (
                page(json!([{ "type": "icon_list", "items": [{ "icon": "skull", "text": "x" }] }])),
                format!("{w}.items.0.icon"),
            ),
            (
                page(json!([{ "type": "tabs", "items": "Herkunft" }])),
                format!("{w}.items"),
            ),
            (
                page(json!([{ "type": "product_grid", "source": "random" }])),
                format!("{w}.source"),
            ),
            (
                page(json!([{ "type": "product_grid", "source": "ids", "ids": ["1"] }])),
                format!("{w}.ids"),
            ),
            (
                page(
                    json!([{ "type": "product_carousel", "source": "newest", "carousel": { "slides_to_show": 9 } }]),
                ),
                format!("{w}.carousel.slides_to_show"),
            ),
            (
                page(json!([{ "type": "image_carousel", "images": [{ "caption": "ohne Bild" }] }])),
                format!("{w}.images.0.media"),
            ),
            (
                page(
                    json!([{ "type": "image_comparison", "before": 1, "after": 2, "start": 101 }]),
                ),
                format!("{w}.start"),
            ),
            (
                page(json!([{ "type": "anchor", "anchor": "1-zahl" }])),
                format!("{w}.anchor"),
            ),
            (
                page(json!([{ "type": "anchor", "anchor": "a b" }])),
                format!("{w}.anchor"),
            ),
            (
                page(json!("keine Liste")),
                "sections.0.columns.0.widgets".into(),
            ),
            (
                page(json!((0..51)
                    .map(|_| json!({ "type": "spacer" }))
                    .collect::<Vec<_>>())),
                "sections.0.columns.0.widgets".into(),
            ),
            (
                json!({ "sections": [{ "columns": [] }] }),
                "sections.0.columns".into(),
            ),
            (
                json!({ "sections": [{ "columns": (0..7).map(|_| json!({ "widgets": [] })).collect::<Vec<_>>() }] }),
                "sections.0.columns".into(),
            ),
            (
                json!({ "sections": [{ "layout": "full", "columns": [{ "widgets": [] }] }] }),
                "sections.0.layout".into(),
            ),
            (
                json!({ "sections": [{ "id": "a", "columns": [{ "widgets": [] }] }, { "id": "a", "columns": [{ "widgets": [] }] }] }),
                "sections.1.id".into(),
            ),
            (json!({ "version": 2, "sections": [] }), "version".into()),
            (json!({ "sections": "x" }), "sections".into()),
            (
                json!({ "sections": [{ "columns": [{ "widgets": [{ "type": "text", "html": "x".repeat(MAX_LAYOUT_BYTES) }] }] }] }),
                String::new(),
            ),
        ];
        for (doc, path) in cases {
            let problems = validate(&doc).expect_err(&path);
            assert!(
                problems.iter().any(|(p, _)| *p == path),
                "{path}: {problems:?}"
            );
        }
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let doc =
            page(json!([{ "type": "heading", "level": 9 }, { "type": "spacer", "height": -1 }]));
        let problems = validate(&doc).expect_err("refused");
        let paths: Vec<&str> = problems.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(
            paths,
            [
                "sections.0.columns.0.widgets.0.text",
                "sections.0.columns.0.widgets.0.level",
                "sections.0.columns.0.widgets.1.height"
            ]
        );
    }
}
