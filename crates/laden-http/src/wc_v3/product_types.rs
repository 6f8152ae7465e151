//! WooCommerce's fields of the product types and their goods, both ways: virtual and
//! downloadable with their files, external URL and button, weight and dimensions (kg, cm),
//! purchase note, sold individually, backorders, tax status, grouped children, upsells,
//! cross-sells, tags and the sale's dates.

use super::Input;
use crate::wire::wc::{WcDimensions, WcDownload, WcGoods, WcLinks, WcTagRef};
use laden_domain::i18n::{t, tf};
use laden_domain::product_rules::{clean_download_file, clean_external_url, cm_text, kg_text};
use laden_domain::shipping::ShippingClass;
use laden_domain::{Backorders, TaxStatus};
use laden_store::{DetailsChange, DownloadFile, Product, ProductChanges};
use serde_json::Value;

/// WooCommerce's `-1` for "unlimited" / "never".
fn limit(n: Option<i64>) -> i64 {
    n.unwrap_or(-1)
}

/// The fields a product and a variation share.
pub(super) fn goods(p: &Product, classes: &[ShippingClass]) -> WcGoods {
    let d = &p.details;
    // A class the shop has since removed is none.
    let class = laden_domain::shipping::classes::find(classes, &d.shipping_class);
    // The local fields are German time, the `_gmt` ones UTC (as they are read).
    let date = |t: Option<i64>| t.map(crate::dates::german_iso);
    let gmt = |t: Option<i64>| t.map(crate::dates::iso);
    let text = |v: Option<i64>, f: fn(i64) -> String| v.map(f).unwrap_or_default();
    WcGoods {
        downloads: d
            .downloads
            .iter()
            .map(|f| WcDownload {
                id: f.id.clone(),
                name: f.name.clone(),
                file: f.file.clone(),
            })
            .collect(),
        download_limit: limit(d.download_limit),
        download_expiry: limit(d.download_expiry),
        weight: text(d.weight_g, kg_text),
        dimensions: WcDimensions {
            length: text(d.length_mm, cm_text),
            width: text(d.width_mm, cm_text),
            height: text(d.height_mm, cm_text),
        },
        shipping_required: !d.is_virtual,
        shipping_class: class.map(|c| c.slug.clone()).unwrap_or_default(),
        shipping_class_id: class.map_or(0, |c| c.id),
        date_on_sale_from: date(p.sale_from),
        date_on_sale_from_gmt: gmt(p.sale_from),
        date_on_sale_to: date(p.sale_to),
        date_on_sale_to_gmt: gmt(p.sale_to),
    }
}

/// What a product (not a variation) adds.
pub(super) fn links(p: &Product) -> WcLinks {
    let d = &p.details;
    WcLinks {
        external_url: d.external_url.clone(),
        button_text: d.button_text.clone(),
        purchase_note: d.purchase_note.clone(),
        sold_individually: d.sold_individually,
        grouped_products: d.children.clone(),
        upsell_ids: d.upsell_ids.clone(),
        cross_sell_ids: d.cross_sell_ids.clone(),
        tags: p
            .tags
            .iter()
            .map(|t| WcTagRef {
                id: t.id,
                name: t.name.clone(),
                slug: t.slug.clone(),
            })
            .collect(),
    }
}

/// Reads the type fields of a write into `ch`, every problem named by its field.
/// Reads the type fields into `ch`; answers the names of tags given by name only (WooCommerce
/// takes `{id}`; a `{name}` is made where missing, as its CSV importer does), to be resolved by
/// the caller.
pub(super) fn read(i: &mut Input<'_>, ch: &mut ProductChanges, variation: bool) -> Vec<String> {
    let d: &mut DetailsChange = &mut ch.details;
    d.is_virtual = i.boolean("virtual");
    d.downloadable = i.boolean("downloadable");
    d.download_limit = unlimited(i, "download_limit");
    d.download_expiry = unlimited(i, "download_expiry");
    d.backorders = i
        .one_of("backorders", &["no", "notify", "yes"])
        .and_then(|b| Backorders::parse(&b));
    d.tax_status = i
        .one_of("tax_status", &["taxable", "shipping", "none"])
        .and_then(|s| TaxStatus::parse(&s));
    d.weight_g = amount(i, "weight", |s| {
        laden_domain::product_rules::weight_grams(s, "kg")
    });
    if let Some(dims) = i.raw("dimensions") {
        match dims.as_object() {
            Some(o) => {
                for (key, slot) in [
                    ("length", &mut d.length_mm),
                    ("width", &mut d.width_mm),
                    ("height", &mut d.height_mm),
                ] {
                    let text = match o.get(key) {
                        None => continue,
                        Some(Value::String(s)) => s.clone(),
                        Some(Value::Number(n)) => n.to_string(),
                        Some(Value::Null) => String::new(),
                        Some(_) => "?".into(),
                    };
                    match laden_domain::product_rules::length_mm(&text, "cm") {
                        Some(v) => *slot = Some(v),
                        None => i.problem(
                            &format!("dimensions.{key}"),
                            tf("%s must be a length in cm such as 12.5.", &[&key]),
                        ),
                    }
                }
            }
            None => i.problem(
                "dimensions",
                tf("%s is not of type object.", &[&"dimensions"]),
            ),
        }
    }
    if let Some(list) = i.raw("downloads") {
        d.downloads = downloads(i, list);
    }
    ch.sale_from = i.moment("date_on_sale_from");
    ch.sale_to = i.moment("date_on_sale_to");
    if variation {
        return Vec::new();
    }
    let d: &mut DetailsChange = &mut ch.details;
    d.sold_individually = i.boolean("sold_individually");
    d.reviews_allowed = i.boolean("reviews_allowed");
    d.purchase_note = i.string("purchase_note");
    d.button_text = i.string("button_text").map(|s| s.trim().to_owned());
    if let Some(url) = i.string("external_url") {
        match url.trim() {
            "" => d.external_url = Some(String::new()),
            u => match clean_external_url(u) {
                Some(u) => d.external_url = Some(u),
                None => i.problem(
                    "external_url",
                    t("The external URL must be an http(s) address."),
                ),
            },
        }
    }
    d.children = ids(i, "grouped_products");
    d.upsell_ids = ids(i, "upsell_ids");
    d.cross_sell_ids = ids(i, "cross_sell_ids");
    let (ids, names) = tag_refs(i);
    ch.tags = ids;
    names
}

/// `tags` as `[{id}]` or `[{name}]`: the ids (when the list is given) and the names without an id.
fn tag_refs(i: &mut Input<'_>) -> (Option<Vec<i64>>, Vec<String>) {
    let Some(list) = i.raw("tags") else {
        return (None, Vec::new());
    };
    let mut ids = Vec::new();
    let mut names = Vec::new();
    let Some(items) = list.as_array() else {
        i.problem(
            "tags",
            tf(
                "%s must be a list of objects with an id or a name.",
                &[&"tags"],
            ),
        );
        return (None, names);
    };
    for v in items {
        match (
            v.get("id").and_then(Value::as_i64),
            v.get("name").and_then(Value::as_str),
        ) {
            (Some(id), _) if id > 0 => ids.push(id),
            (_, Some(name)) if !name.trim().is_empty() => names.push(name.trim().to_owned()),
            _ => {
                i.problem(
                    "tags",
                    tf(
                        "%s must be a list of objects with an id or a name.",
                        &[&"tags"],
                    ),
                );
                return (None, Vec::new());
            }
        }
    }
    (Some(ids), names)
}

/// A count where WooCommerce's `-1` (or null, or empty) means unlimited.
fn unlimited(i: &mut Input<'_>, key: &str) -> Option<Option<i64>> {
    match i.nullable_int(key)? {
        None | Some(-1) => Some(None),
        Some(n) if n >= 0 => Some(Some(n)),
        Some(_) => {
            i.problem(key, tf("%s must be -1 (unlimited) or more.", &[&key]));
            None
        }
    }
}

/// A weight as WooCommerce sends it (a decimal string in kg; empty clears).
fn amount(
    i: &mut Input<'_>,
    key: &str,
    parse: impl Fn(&str) -> Option<Option<i64>>,
) -> Option<Option<i64>> {
    if i.is_null(key) {
        return Some(None);
    }
    let text = i.string(key)?;
    let v = parse(&text);
    if v.is_none() {
        i.problem(key, tf("%s must be a weight in kg such as 0.25.", &[&key]));
    }
    v
}

/// A list of product ids.
fn ids(i: &mut Input<'_>, key: &str) -> Option<Vec<i64>> {
    let list = i.raw(key)?;
    match list
        .as_array()
        .map(|a| a.iter().map(Value::as_i64).collect::<Option<Vec<_>>>())
    {
        Some(Some(ids)) => Some(ids),
        _ => {
            i.problem(key, tf("%s is not of type array.", &[&key]));
            None
        }
    }
}

/// Downloads as `[{id?, name, file}]`: each file an http(s) URL or a path below `/uploads/`.
fn downloads(i: &mut Input<'_>, list: &Value) -> Option<Vec<DownloadFile>> {
    let Some(items) = list.as_array() else {
        i.problem("downloads", tf("%s is not of type array.", &[&"downloads"]));
        return None;
    };
    let mut out = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let text = |k: &str| {
            item.get(k)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        let Some(file) = clean_download_file(&text("file")) else {
            i.problem(
                &format!("downloads[{n}].file"),
                t("A download must be an https address or a path below /uploads/."),
            );
            continue;
        };
        let id = match text("id") {
            id if id.is_empty() => uuid_like(&file, n),
            id => id,
        };
        let name = match text("name") {
            name if name.is_empty() => file.rsplit('/').next().unwrap_or("Download").to_owned(),
            name => name,
        };
        out.push(DownloadFile { id, name, file });
    }
    Some(out)
}

/// A stable id for a file sent without one (WooCommerce makes an md5 of the URL; this is the
/// first 32 hex digits of a SHA-256 of the URL and its place).
fn uuid_like(file: &str, n: usize) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("{n}:{file}").as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}
