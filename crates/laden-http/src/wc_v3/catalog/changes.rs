//! A `wc/v3` product or variation body read into the store's changes.

use super::*;
use laden_domain::pricing::{deposit, price_label};
use laden_domain::{food, product_safety, special_goods};

/// The writable product fields of `body`; everything else is ignored.
pub(super) async fn product_changes(
    state: &AppState,
    body: &Value,
    variation: bool,
) -> ApiResult<ProductChanges> {
    let mut i = Input::new(body)?;
    let mut ch = ProductChanges {
        name: i.string("name"),
        ..Default::default()
    };
    if !variation {
        ch.slug = i.string("slug");
        ch.kind = i
            .one_of("type", &["simple", "variable", "grouped", "external"])
            .and_then(|k| ProductKind::parse(&k));
        ch.featured = i.boolean("featured");
        ch.catalog_visibility = i
            .one_of(
                "catalog_visibility",
                &["visible", "catalog", "search", "hidden"],
            )
            .and_then(|v| laden_store::CatalogVisibility::parse(&v));
        ch.short_description = i.string("short_description");
        ch.categories = i.id_refs("categories");
    }
    let statuses: &[&str] = if variation {
        &["draft", "pending", "private", "publish"]
    } else {
        PRODUCT_STATUSES
    };
    ch.status = i.one_of("status", statuses);
    ch.description = i.string("description");
    ch.sku = if i.is_null("sku") {
        Some(None)
    } else {
        i.string("sku").map(Some)
    };
    ch.regular_price = i.price("regular_price");
    ch.sale_price = i.price("sale_price");
    // The shop's classes by WooCommerce's slugs (a variation may name its product's: `parent`);
    // an unknown class is refused, as WooCommerce's schema does, rather than taxed at 19 %.
    if let Some(slug) = i.string("tax_class") {
        match TaxClass::from_slug(&slug) {
            Some(class) => ch.tax_class = Some(class),
            None if variation && slug == "parent" => ch.tax_class_of_parent = true,
            None => {
                let mut slugs: Vec<&str> = vec!["standard"];
                slugs.extend(
                    TaxClass::ALL
                        .iter()
                        .map(|c| c.woo_slug())
                        .filter(|s| !s.is_empty()),
                );
                if variation {
                    slugs.push("parent");
                }
                i.problem(
                    "tax_class",
                    crate::extract::not_one_of("tax_class", slugs.join(", ")),
                );
            }
        }
    }
    ch.stock_status = i.one_of("stock_status", STOCK_STATUSES);
    ch.low_stock_amount = i.nullable_int("low_stock_amount");
    ch.menu_order = i.int("menu_order");
    ch.stock = stock_change(&mut i);
    let shop = state.store.settings().await?.shop;
    // The shipping class by its slug (or name), WooCommerce's `shipping_class`; empty for none
    // (a variation's: its product's).
    if let Some(named) = i.string("shipping_class") {
        match named.trim() {
            "" => ch.details.shipping_class = Some(String::new()),
            named => match laden_domain::shipping::classes::named(&shop.shipping_classes, named) {
                Some(c) => ch.details.shipping_class = Some(c.slug.clone()),
                None => i.problem(
                    "shipping_class",
                    t(laden_domain::shipping::classes::UNKNOWN_CLASS),
                ),
            },
        }
    }
    read_meta(&mut i, &mut ch, &shop, variation);
    let image_refs = image_refs(&mut i, &state.config.site_url, variation);
    let mut by_id = Vec::new();
    ch.attributes = attributes(&mut i, variation, &mut by_id);
    let tag_names = crate::wc_v3::product_types::read(&mut i, &mut ch, variation);
    i.finish()?;
    if let Some(list) = ch.attributes.as_mut() {
        for (at, id) in by_id {
            list[at].name = state.store.attribute_name(id).await?.ok_or_else(|| {
                let id = id.to_string();
                ApiError::param(
                    "attributes",
                    tf("There is no attribute with the id %s.", &[&id]),
                )
            })?;
        }
    }
    if !tag_names.is_empty() {
        let made = state
            .store
            .ensure_tag_names(tag_names.iter().map(String::as_str))
            .await?;
        ch.tags.get_or_insert_with(Vec::new).extend(made);
    }
    if let Some(refs) = image_refs {
        let ids = image_ids(state, refs).await?;
        ch.image_id = Some(ids.first().copied());
        if !variation {
            ch.gallery = Some(ids.iter().skip(1).copied().collect());
        }
    }
    Ok(ch)
}

/// Stock: an absolute value, a compare-and-swap (`stock_quantity_expected`), or a delta.
fn stock_change(i: &mut Input<'_>) -> Option<StockChange> {
    let manage = i.boolean("manage_stock");
    let quantity = i.int("stock_quantity");
    let expected = i.int("stock_quantity_expected");
    let delta = i.int("stock_quantity_delta");
    match (manage, quantity, expected, delta) {
        (Some(false), ..) => Some(StockChange::Unmanaged),
        (_, Some(_), _, Some(_)) => {
            i.problem(
                "stock_quantity_delta",
                tf(
                    "Send either %1$s or %2$s, not both.",
                    &[&"stock_quantity", &"stock_quantity_delta"],
                ),
            );
            None
        }
        (_, Some(new), Some(expected), None) => Some(StockChange::Swap { expected, new }),
        (_, Some(n), None, None) => Some(StockChange::Set(n)),
        (_, None, _, Some(d)) => Some(StockChange::Delta(d)),
        (Some(true), None, _, None) => Some(StockChange::Delta(0)),
        _ => None,
    }
}

/// The `meta_data` entries a product takes: Grundpreis, delivery time, SEO texts and the attached
/// media; a bad value is named as `meta_data.{key}`.
fn read_meta(
    i: &mut Input<'_>,
    ch: &mut ProductChanges,
    shop: &laden_domain::settings::ShopSettings,
    variation: bool,
) {
    if let Some(Value::Array(list)) = i.raw("meta_data") {
        let mut bad = Vec::new();
        let mut food_bad = Vec::new();
        for m in list {
            let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
            match (m.get("key").and_then(Value::as_str), m.get("value")) {
                (Some(UNIT), Some(v)) => match meta_text(v)
                    .as_deref()
                    .and_then(laden_store::ProductUnit::unit_code)
                {
                    Some(u) => ch.unit.unit = Some(u),
                    None => bad.push(UNIT),
                },
                (Some(key @ (UNIT_PRODUCT | UNIT_BASE)), Some(v)) => {
                    match (
                        meta_text(v)
                            .as_deref()
                            .and_then(laden_store::ProductUnit::amount),
                        key,
                    ) {
                        (Some(a), UNIT_PRODUCT) => ch.unit.content = Some(a),
                        (Some(a), _) => ch.unit.base = Some(a),
                        (None, _) => bad.push(key),
                    }
                }
                (Some(DELIVERY_TIME), Some(v)) => match v {
                    Value::Null => ch.delivery_time = Some(String::new()),
                    Value::String(s) => match laden_store::clean_delivery_time(s) {
                        Some(d) => ch.delivery_time = Some(d),
                        None => bad.push(DELIVERY_TIME),
                    },
                    _ => bad.push(DELIVERY_TIME),
                },
                (Some(DELIVERY_TIMES), Some(v)) => match delivery_times(v) {
                    Some(times) => ch.details.delivery_times = Some(times),
                    None => bad.push(DELIVERY_TIMES),
                },
                (Some(DEFECT_DESCRIPTION), Some(v)) => {
                    match meta_text(v)
                        .as_deref()
                        .and_then(special_goods::clean_defect)
                    {
                        Some(d) => ch.details.defect_description = Some(d),
                        None => bad.push(DEFECT_DESCRIPTION),
                    }
                }
                (Some(USED_GOOD), Some(v)) => match meta_flag(v) {
                    Some(used) => ch.details.used_good = Some(used),
                    None => bad.push(USED_GOOD),
                },
                (Some(PHOTOVOLTAIC), Some(v)) => match meta_flag(v) {
                    Some(on) => ch.details.photovoltaic = Some(on),
                    None => bad.push(PHOTOVOLTAIC),
                },
                (Some(MARGIN_SCHEME), Some(v)) => match meta_flag(v) {
                    Some(on) => ch.details.margin_scheme = Some(on),
                    None => bad.push(MARGIN_SCHEME),
                },
                (Some(MIN_AGE), Some(v)) => match meta_text(v).as_deref().map(str::trim) {
                    Some("") => ch.details.min_age = Some(0),
                    Some(n) => match n.parse().ok().and_then(special_goods::min_age) {
                        Some(age) => ch.details.min_age = Some(age),
                        None => bad.push(MIN_AGE),
                    },
                    None => bad.push(MIN_AGE),
                },
                // Product safety (GPSR) is the product's: its variations take it.
                (Some(key @ (MANUFACTURER | SAFETY_INFORMATION)), Some(_)) if variation => {
                    bad.push(key)
                }
                (Some(MANUFACTURER), Some(v)) => match meta_text(v).as_deref().map(str::trim) {
                    Some("") => ch.details.manufacturer = Some(String::new()),
                    // By its slug or its name.
                    Some(named) => match product_safety::named(&shop.manufacturers, named) {
                        Some(m) => ch.details.manufacturer = Some(m.slug.clone()),
                        None => bad.push(MANUFACTURER),
                    },
                    None => bad.push(MANUFACTURER),
                },
                // A deposit type by its slug or name; empty or null for none.
                (Some(DEPOSIT_TYPE), Some(v)) => match meta_text(v).as_deref().map(str::trim) {
                    Some("") => ch.details.deposit_type = Some(String::new()),
                    Some(named) => match deposit::named(&shop.deposit_types, named) {
                        Some(d) => ch.details.deposit_type = Some(d.slug.clone()),
                        None => bad.push(DEPOSIT_TYPE),
                    },
                    None => bad.push(DEPOSIT_TYPE),
                },
                (Some(DEPOSIT_QUANTITY), Some(v)) => {
                    let quantity = match v {
                        Value::Null => Some(1),
                        v => meta_text(v).as_deref().and_then(deposit::parse_quantity),
                    };
                    match quantity {
                        Some(q) => ch.details.deposit_quantity = Some(q),
                        None => bad.push(DEPOSIT_QUANTITY),
                    }
                }
                // A sale price label by its slug or name; empty or null for none chosen.
                (Some(key @ (SALE_LABEL | SALE_REGULAR_LABEL)), Some(v)) => {
                    let slug = meta_text(v).and_then(|t| shop.price_labels.slug_for(&t));
                    match (slug, key) {
                        (Some(s), SALE_LABEL) => ch.details.sale_label = Some(s),
                        (Some(s), _) => ch.details.sale_regular_label = Some(s),
                        (None, _) => bad.push(key),
                    }
                }
                (Some(SAFETY_INFORMATION), Some(v)) => {
                    match meta_text(v).as_deref().map(product_safety::clean_safety) {
                        Some(Ok(text)) => ch.details.safety_information = Some(text),
                        _ => bad.push(SAFETY_INFORMATION),
                    }
                }
                (Some(name), Some(v)) if food::key(name).is_some() => {
                    if let Err(problem) = read_food(&mut ch.details.food, name, v, variation) {
                        food_bad.push(problem);
                    }
                }
                (Some("_yoast_wpseo_title"), Some(v)) => ch.seo_title = Some(text(v)),
                (Some("_yoast_wpseo_metadesc"), Some(v)) => ch.seo_description = Some(text(v)),
                (Some(ATTACHED), Some(v)) => ch.attached.html = Some(text(v)),
                (Some(ATTACHED_TYPE), Some(v)) => ch.attached.kind = Some(text(v)),
                (Some(ATTACHED_POSTER), Some(v)) => match poster(v) {
                    Some(p) => ch.attached.poster = Some(p),
                    None => bad.push(ATTACHED_POSTER),
                },
                (Some(ATTACHED_ENABLED), Some(v)) => match meta_flag(v) {
                    Some(on) => ch.attached.enabled = Some(on),
                    None => bad.push(ATTACHED_ENABLED),
                },
                _ => {}
            }
        }
        for key in bad {
            let message = match key {
                DEFECT_DESCRIPTION => {
                    t("The defect description may be at most 1000 characters long.")
                }
                MIN_AGE => t("The minimum age must be a whole number from 0 to 21."),
                MANUFACTURER | SAFETY_INFORMATION if variation => {
                    t("A variation takes its product's manufacturer and safety information.")
                }
                MANUFACTURER => {
                    t("There is no such manufacturer: add it in the shop's settings first.")
                }
                SAFETY_INFORMATION => {
                    t("Warnings and safety information take at most 2,000 characters.")
                }
                DELIVERY_TIMES => t(laden_domain::delivery::PROBLEM),
                DEPOSIT_TYPE => t(deposit::UNKNOWN_TYPE),
                DEPOSIT_QUANTITY => t(deposit::QUANTITY_PROBLEM),
                SALE_LABEL | SALE_REGULAR_LABEL => t(price_label::UNKNOWN_LABEL),
                _ => t("Invalid value."),
            };
            i.problem(&format!("meta_data.{key}"), message);
        }
        for (key, message) in food_bad {
            i.problem(&format!("meta_data.{key}"), t(message));
        }
    }
}

/// A food information entry (LMIV), checked as it is taken; the whole is checked with the
/// product. A variation takes its product's.
fn read_food(
    taken: &mut Vec<(&'static str, String)>,
    key: &str,
    v: &Value,
    variation: bool,
) -> Result<(), (&'static str, &'static str)> {
    // `read_meta` calls this only for a food key.
    let key = food::key(key).unwrap_or(food::IS_FOOD);
    if variation {
        return Err((key, "A variation takes its product's food information."));
    }
    let value = match v {
        // A list of allergens may come as an array of names.
        Value::Array(items) => items
            .iter()
            .filter_map(meta_text)
            .collect::<Vec<_>>()
            .join(","),
        Value::Bool(on) => if *on { "yes" } else { "no" }.to_owned(),
        other => meta_text(other).ok_or((key, "Invalid value."))?,
    };
    food::Food::default()
        .set(key, &value)
        .map_err(|m| (key, m))?;
    taken.push((key, value));
    Ok(())
}

/// An attached media poster: a media id (as number or text), or empty, 0 or null for none
/// (`Some(None)`); `None` when it is neither.
fn poster(v: &Value) -> Option<Option<i64>> {
    match v {
        Value::Null => Some(None),
        Value::Number(n) => Some(n.as_i64().filter(|id| *id > 0)),
        Value::String(s) if s.trim().is_empty() || s.trim() == "0" => Some(None),
        Value::String(s) => match s.trim().parse::<i64>() {
            Ok(id) if id > 0 => Some(Some(id)),
            _ => None,
        },
        Value::Object(o) => Some(o.get("id").and_then(Value::as_i64).filter(|id| *id > 0)),
        _ => None,
    }
}

/// The Lieferzeit by country: an object of country codes and texts, the same as text
/// (`AT: 7–10 Werktage | CH: …`), or null for none; `None` when it is neither or names a country
/// the shop does not deliver to.
fn delivery_times(v: &Value) -> Option<laden_domain::delivery::ByCountry> {
    let raw = match v {
        Value::Null => Default::default(),
        Value::String(s) => laden_domain::delivery::parse_text(s)?,
        other => serde_json::from_value(other.clone()).ok()?,
    };
    laden_domain::delivery::clean(&raw).ok()
}

/// A WooCommerce meta boolean: "yes"/"no", "1"/"0", true/false or 1/0.
fn meta_flag(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if matches!(s.as_str(), "yes" | "1" | "true") => Some(true),
        Value::String(s) if matches!(s.as_str(), "no" | "0" | "false" | "") => Some(false),
        Value::Number(n) => Some(n.as_i64() == Some(1)),
        _ => None,
    }
}

/// The images a body names (a variation's `image`, a product's `images`), each from the media
/// library: an id, or a file under this shop's uploads (looked up once the body is read).
/// `None` when the body leaves the images as they are.
fn image_refs(i: &mut Input<'_>, site_url: &str, variation: bool) -> Option<Vec<Value>> {
    let uploads = format!("{site_url}/uploads/");
    let resolve = |i: &mut Input<'_>, key: &str, v: &Value| -> Option<Value> {
        if let Some(id) = v.get("id").and_then(Value::as_i64).filter(|id| *id > 0) {
            return Some(json!(id));
        }
        match v.get("src").and_then(Value::as_str) {
            Some(src) if src.starts_with(&uploads) => Some(json!(src[uploads.len()..].to_owned())),
            _ => {
                i.problem(key, tf("%s: images must come from the media library (an id or one of this shop's upload addresses).", &[&key]));
                None
            }
        }
    };
    let mut image_refs: Option<Vec<Value>> = None;
    if variation {
        if i.is_null("image") {
            image_refs = Some(Vec::new());
        } else if let Some(img) = i.raw("image") {
            image_refs = Some(resolve(i, "image", img).into_iter().collect());
        }
    } else if let Some(list) = i.raw("images") {
        match list.as_array() {
            Some(a) => {
                image_refs = Some(a.iter().filter_map(|v| resolve(i, "images", v)).collect())
            }
            None => i.problem("images", tf("%s is not of type array.", &[&"images"])),
        }
    }
    image_refs
}

/// The media ids of the image references, in order.
async fn image_ids(state: &AppState, refs: Vec<Value>) -> ApiResult<Vec<i64>> {
    let mut ids = Vec::new();
    for r in refs {
        match r {
            Value::Number(n) => ids.extend(n.as_i64()),
            Value::String(file) => match state.store.media_id_by_file(&file).await? {
                Some(id) => ids.push(id),
                None => return Err(ApiError::param("images", tf("%s: images must come from the media library (an id or one of this shop's upload addresses).", &[&"images"]))),
            },
            _ => {}
        }
    }
    Ok(ids)
}

/// Attributes: a product's list of {name, options, visible, variation}, a variation's {name, option}.
/// An entry may name one of the shop's attributes by `id` instead (WooCommerce's global
/// attributes, `products/attributes`): its position and the id go to `by_id`, to be named from
/// the store.
fn attributes(
    i: &mut Input<'_>,
    variation: bool,
    by_id: &mut Vec<(usize, i64)>,
) -> Option<Vec<Attribute>> {
    let list = i.raw("attributes")?;
    let Some(a) = list.as_array() else {
        i.problem(
            "attributes",
            tf("%s is not of type array.", &[&"attributes"]),
        );
        return None;
    };
    let mut attrs = Vec::new();
    for (at, v) in a.iter().enumerate() {
        if let Some(id) = v.get("id").and_then(Value::as_i64).filter(|id| *id > 0) {
            by_id.push((at, id));
        }
        let name = v
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let options: Vec<String> = if variation {
            v.get("option")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .into_iter()
                .collect()
        } else {
            match v.get("options") {
                Some(Value::Array(o)) => o
                    .iter()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect(),
                Some(Value::String(s)) => s.split('|').map(|x| x.trim().to_owned()).collect(),
                _ => Vec::new(),
            }
        };
        let flag = |k: &str, d: bool| v.get(k).and_then(Value::as_bool).unwrap_or(d);
        attrs.push(Attribute {
            name,
            options,
            variation: flag("variation", variation),
            visible: flag("visible", true),
        });
    }
    Some(attrs)
}
