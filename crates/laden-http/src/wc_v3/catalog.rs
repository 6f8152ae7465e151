//! `wc/v3/products`, `…/variations` and `products/categories`.

use super::{can_read, coded, crud, money, path_id, Input};
use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::extract::{not_one_of, Paging, ParamCheck, Params};
use crate::wire::wc::*;
use crate::wire::Catalog;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::{t, tf};
use laden_domain::TaxClass;
use laden_store::{
    AdminProductQuery, AdminSort, Attribute, Category, CategoryChanges, GalleryItem, Product,
    ProductChanges, ProductKind, SortDirection, StockChange, StoreError, PRODUCT_STATUSES,
    STOCK_STATUSES,
};
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/products",
            get(list_products).post(crud::create::<Products>),
        )
        .route("/products/batch", crud::batches::<Products>())
        .route(
            "/products/categories",
            get(list_categories).post(crud::create::<Categories>),
        )
        .route("/products/categories/batch", crud::batches::<Categories>())
        .route("/products/categories/{id}", crud::deletable::<Categories>())
        .route("/products/{id}", crud::deletable::<Products>())
        .route(
            "/products/{id}/variations",
            get(list_variations).post(crud::create::<Variations>),
        )
        .route(
            "/products/{id}/variations/batch",
            crud::batches::<Variations>(),
        )
        .route(
            "/products/{id}/variations/{vid}",
            crud::deletable::<Variations>(),
        )
}

fn product_missing() -> ApiError {
    coded(
        StatusCode::NOT_FOUND,
        "woocommerce_rest_product_invalid_id",
        "Invalid ID.",
    )
}
fn variation_missing() -> ApiError {
    coded(
        StatusCode::NOT_FOUND,
        "woocommerce_rest_product_variation_invalid_id",
        "Invalid ID.",
    )
}
fn category_missing() -> ApiError {
    coded(
        StatusCode::NOT_FOUND,
        "woocommerce_rest_term_invalid",
        "Resource does not exist.",
    )
}

/// Store refusals in WooCommerce's words for products.
fn product_error(e: StoreError, missing: fn() -> ApiError) -> ApiError {
    match e {
        StoreError::NotFound(_) => missing(),
        StoreError::Conflict(_) => coded(
            StatusCode::CONFLICT,
            "laden_stock_conflict",
            "The stock has changed in the meantime. Please reload and try again.",
        ),
        other => other.into(),
    }
}

// ---------------------------------------------------------------- JSON out

async fn catalog_for(
    state: &AppState,
    products: &[Product],
) -> ApiResult<(
    std::collections::BTreeMap<i64, laden_store::Media>,
    Vec<Category>,
)> {
    let mut ids: Vec<i64> = Vec::new();
    for p in products {
        ids.extend(p.image_id);
        ids.extend(p.gallery.iter().filter_map(|g| match g {
            GalleryItem::Image { media_id } => Some(*media_id),
            _ => None,
        }));
    }
    Ok((
        state.store.media_by_ids(&ids).await?,
        state.store.categories().await?,
    ))
}

fn image_ref(cat: &Catalog<'_>, id: i64, position: usize) -> Option<WcImage> {
    let img = cat.image(id)?;
    Some(WcImage {
        id,
        src: img.src,
        name: img.name,
        alt: img.alt,
        position: position as i64,
    })
}

fn stock_fields(p: &Product) -> WcStock {
    WcStock {
        manage_stock: p.stock.is_some(),
        stock_quantity: p.stock,
        stock_status: p.stock_status.clone(),
        backorders: p.details.backorders.as_str(),
        low_stock_amount: p.low_stock_amount,
    }
}

fn product_json(cat: &Catalog<'_>, p: &Product, variations: &[i64]) -> WcProduct {
    let mut images: Vec<i64> = p.image_id.into_iter().collect();
    for g in &p.gallery {
        if let GalleryItem::Image { media_id } = g {
            if !images.contains(media_id) {
                images.push(*media_id);
            }
        }
    }
    let categories = p
        .category_ids
        .iter()
        .filter_map(|id| cat.categories.iter().find(|c| c.id == *id))
        .map(|c| WcCategoryRef {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
        })
        .collect();
    let slug = p.slug.clone().unwrap_or_default();
    let variable = p.kind == ProductKind::Variable;
    let mut meta = Vec::new();
    if !p.seo_title.is_empty() {
        meta.push(WcMeta::new(1, "_yoast_wpseo_title", p.seo_title.clone()));
    }
    if !p.seo_description.is_empty() {
        meta.push(WcMeta::new(
            2,
            "_yoast_wpseo_metadesc",
            p.seo_description.clone(),
        ));
    }
    meta.extend(attached_meta(p));
    // Grundpreis as Germanized keeps it: unit, content ("unit_product") and reference amount ("unit_base").
    if !p.unit.unit.is_empty() {
        meta.push(WcMeta::new(7, UNIT, p.unit.unit.clone()));
    }
    if let Some(c) = p.unit.content {
        meta.push(WcMeta::new(
            8,
            UNIT_PRODUCT,
            laden_domain::unit_price::exchange_amount(c),
        ));
    }
    if let Some(b) = p.unit.base {
        meta.push(WcMeta::new(
            9,
            UNIT_BASE,
            laden_domain::unit_price::exchange_amount(b),
        ));
    }
    if !p.delivery_time.is_empty() {
        meta.push(WcMeta::new(10, DELIVERY_TIME, p.delivery_time.clone()));
    }
    WcProduct {
        id: p.id,
        name: p.name.clone(),
        permalink: cat.product_link(&slug),
        slug,
        date_created: crate::dates::iso(p.created_at),
        date_created_gmt: crate::dates::iso(p.created_at),
        date_modified: crate::dates::iso(p.updated_at),
        date_modified_gmt: crate::dates::iso(p.updated_at),
        kind: p.kind.as_str(),
        status: p.status.clone(),
        featured: p.featured,
        catalog_visibility: p.catalog_visibility.as_str(),
        description: p.description.clone(),
        short_description: p.short_description.clone(),
        sku: p.sku.clone().unwrap_or_default(),
        price: money(p.price),
        regular_price: if variable {
            String::new()
        } else {
            money(p.regular_price)
        },
        sale_price: if variable {
            String::new()
        } else {
            money(p.sale_price)
        },
        on_sale: p.on_sale(),
        purchasable: p.price.is_some() && p.status == "publish" && p.kind.purchasable(),
        total_sales: p.total_sales,
        is_virtual: p.details.is_virtual,
        downloadable: p.details.downloadable,
        tax_status: p.details.tax_status.as_str(),
        tax_class: p.tax_class.woo_slug(),
        reviews_allowed: p.details.reviews_allowed,
        average_rating: format!("{:.2}", p.average_rating()),
        rating_count: p.rating_count,
        parent_id: 0,
        categories,
        images: images
            .iter()
            .enumerate()
            .filter_map(|(i, id)| image_ref(cat, *id, i))
            .collect(),
        attributes: p
            .attributes
            .iter()
            .enumerate()
            .map(|(i, a)| WcAttribute {
                id: 0,
                name: a.name.clone(),
                position: i as i64,
                visible: a.visible,
                variation: a.variation,
                options: a.options.clone(),
            })
            .collect(),
        default_attributes: Vec::new(),
        variations: variations.to_vec(),
        menu_order: p.menu_order,
        meta_data: meta,
        stock: stock_fields(p),
        goods: super::product_types::goods(p),
        links: super::product_types::links(p),
    }
}

/// A meta value as text: strings as they are, numbers written out, null as empty; `None` otherwise.
fn meta_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Null => Some(String::new()),
        _ => None,
    }
}

/// Germanized's Grundpreis meta keys.
const UNIT: &str = "_unit";
const UNIT_PRODUCT: &str = "_unit_product";
const UNIT_BASE: &str = "_unit_base";
/// The Lieferzeit as text.
const DELIVERY_TIME: &str = "laden_delivery_time";
const ATTACHED: &str = "laden_attached_media";
const ATTACHED_TYPE: &str = "laden_attached_media_type";
const ATTACHED_POSTER: &str = "laden_attached_media_poster";
const ATTACHED_ENABLED: &str = "laden_attached_media_enabled";

/// Attached media as meta_data (the keys of the CSV import), when there is any.
fn attached_meta(p: &Product) -> Vec<WcMeta> {
    let a = &p.attached;
    if a.html.is_empty() && a.poster.is_none() && !a.enabled {
        return Vec::new();
    }
    vec![
        WcMeta::new(3, ATTACHED, a.html.clone()),
        WcMeta::new(4, ATTACHED_TYPE, a.kind.clone()),
        WcMeta::new(
            5,
            ATTACHED_POSTER,
            a.poster.map(|id| id.to_string()).unwrap_or_default(),
        ),
        WcMeta::new(6, ATTACHED_ENABLED, if a.enabled { "yes" } else { "no" }),
    ]
}

fn variation_json(cat: &Catalog<'_>, v: &Product, parent_slug: &str) -> WcVariation {
    WcVariation {
        id: v.id,
        parent_id: v.parent_id.unwrap_or(0),
        date_created: crate::dates::iso(v.created_at),
        date_created_gmt: crate::dates::iso(v.created_at),
        date_modified: crate::dates::iso(v.updated_at),
        date_modified_gmt: crate::dates::iso(v.updated_at),
        description: v.description.clone(),
        permalink: cat.product_link(parent_slug),
        sku: v.sku.clone().unwrap_or_default(),
        price: money(v.price),
        regular_price: money(v.regular_price),
        sale_price: money(v.sale_price),
        on_sale: v.on_sale(),
        status: v.status.clone(),
        purchasable: v.price.is_some() && v.status == "publish",
        is_virtual: v.details.is_virtual,
        downloadable: v.details.downloadable,
        tax_status: v.details.tax_status.as_str(),
        tax_class: v.tax_class.woo_slug(),
        image: v.image_id.and_then(|id| image_ref(cat, id, 0)),
        attributes: v
            .attributes
            .iter()
            .map(|a| WcAttributeChoice {
                id: 0,
                name: a.name.clone(),
                option: a.options.first().cloned().unwrap_or_default(),
            })
            .collect(),
        menu_order: v.menu_order,
        meta_data: attached_meta(v),
        stock: stock_fields(v),
        goods: super::product_types::goods(v),
    }
}

async fn products_out(state: &AppState, products: &[Product]) -> ApiResult<Vec<WcProduct>> {
    let (media, categories) = catalog_for(state, products).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    let parents: Vec<i64> = products
        .iter()
        .filter(|p| p.kind == ProductKind::Variable)
        .map(|p| p.id)
        .collect();
    let variations = state.store.variation_ids(&parents).await?;
    Ok(products
        .iter()
        .map(|p| product_json(&cat, p, variations.get(&p.id).map_or(&[], Vec::as_slice)))
        .collect())
}

async fn product_out(state: &AppState, id: i64) -> ApiResult<WcProduct> {
    let p = state
        .store
        .product(id)
        .await
        .map_err(|e| product_error(e, product_missing))?;
    if p.kind == ProductKind::Variation {
        return Err(product_missing());
    }
    Ok(products_out(state, std::slice::from_ref(&p))
        .await?
        .remove(0))
}

async fn variation_out(state: &AppState, parent: i64, id: i64) -> ApiResult<WcVariation> {
    let v = state
        .store
        .product(id)
        .await
        .map_err(|e| product_error(e, variation_missing))?;
    if v.parent_id != Some(parent) {
        return Err(variation_missing());
    }
    let parent = state
        .store
        .product(parent)
        .await
        .map_err(|e| product_error(e, product_missing))?;
    let (media, categories) = catalog_for(state, std::slice::from_ref(&v)).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    Ok(variation_json(
        &cat,
        &v,
        parent.slug.as_deref().unwrap_or_default(),
    ))
}

// ---------------------------------------------------------------- JSON in

/// The writable product fields of `body`; everything else is ignored.
async fn product_changes(
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
    ch.tax_class = i.string("tax_class").map(|s| {
        if s.is_empty() || s == "standard" {
            TaxClass::Standard
        } else {
            TaxClass::from_woo(&s)
        }
    });
    ch.stock_status = i.one_of("stock_status", STOCK_STATUSES);
    ch.low_stock_amount = i.nullable_int("low_stock_amount");
    ch.menu_order = i.int("menu_order");
    // Stock: an absolute value, a compare-and-swap (`stock_quantity_expected`), or a delta.
    let manage = i.boolean("manage_stock");
    let quantity = i.int("stock_quantity");
    let expected = i.int("stock_quantity_expected");
    let delta = i.int("stock_quantity_delta");
    ch.stock = match (manage, quantity, expected, delta) {
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
    };
    if let Some(Value::Array(list)) = i.raw("meta_data") {
        let mut bad = Vec::new();
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
                (Some("_yoast_wpseo_title"), Some(v)) => ch.seo_title = Some(text(v)),
                (Some("_yoast_wpseo_metadesc"), Some(v)) => ch.seo_description = Some(text(v)),
                (Some(ATTACHED), Some(v)) => ch.attached.html = Some(text(v)),
                (Some(ATTACHED_TYPE), Some(v)) => ch.attached.kind = Some(text(v)),
                // The poster: a media id (as number or text), or empty/0/null for none.
                (Some(ATTACHED_POSTER), Some(v)) => {
                    ch.attached.poster = match v {
                        Value::Null => Some(None),
                        Value::Number(n) => Some(n.as_i64().filter(|id| *id > 0)),
                        Value::String(s) if s.trim().is_empty() || s.trim() == "0" => Some(None),
                        Value::String(s) => match s.trim().parse::<i64>() {
                            Ok(id) if id > 0 => Some(Some(id)),
                            _ => {
                                bad.push(ATTACHED_POSTER);
                                None
                            }
                        },
                        Value::Object(o) => {
                            Some(o.get("id").and_then(Value::as_i64).filter(|id| *id > 0))
                        }
                        _ => {
                            bad.push(ATTACHED_POSTER);
                            None
                        }
                    }
                }
                // WooCommerce meta booleans: "yes"/"no", "1"/"0" or true/false.
                (Some(ATTACHED_ENABLED), Some(v)) => {
                    ch.attached.enabled = match v {
                        Value::Bool(b) => Some(*b),
                        Value::String(s) if matches!(s.as_str(), "yes" | "1" | "true") => {
                            Some(true)
                        }
                        Value::String(s) if matches!(s.as_str(), "no" | "0" | "false" | "") => {
                            Some(false)
                        }
                        Value::Number(n) => Some(n.as_i64() == Some(1)),
                        _ => {
                            bad.push(ATTACHED_ENABLED);
                            None
                        }
                    }
                }
                _ => {}
            }
        }
        for key in bad {
            i.problem(&format!("meta_data.{key}"), t("Invalid value."));
        }
    }
    // Images: from the media library, by id or by one of this shop's upload URLs.
    let uploads = format!("{}/uploads/", state.config.site_url);
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
            image_refs = Some(resolve(&mut i, "image", img).into_iter().collect());
        }
    } else if let Some(list) = i.raw("images") {
        match list.as_array() {
            Some(a) => {
                image_refs = Some(
                    a.iter()
                        .filter_map(|v| resolve(&mut i, "images", v))
                        .collect(),
                )
            }
            None => i.problem("images", tf("%s is not of type array.", &[&"images"])),
        }
    }
    // Attributes: a product's list of {name, options, visible, variation}, a variation's {name, option}.
    if let Some(list) = i.raw("attributes") {
        match list.as_array() {
            Some(a) => {
                let mut attrs = Vec::new();
                for v in a {
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
                            Some(Value::String(s)) => {
                                s.split('|').map(|x| x.trim().to_owned()).collect()
                            }
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
                ch.attributes = Some(attrs);
            }
            None => i.problem(
                "attributes",
                tf("%s is not of type array.", &[&"attributes"]),
            ),
        }
    }
    let tag_names = super::product_types::read(&mut i, &mut ch, variation);
    i.finish()?;
    if !tag_names.is_empty() {
        let made = state
            .store
            .ensure_tag_names(tag_names.iter().map(String::as_str))
            .await?;
        ch.tags.get_or_insert_with(Vec::new).extend(made);
    }
    if let Some(refs) = image_refs {
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
        ch.image_id = Some(ids.first().copied());
        if !variation {
            ch.gallery = Some(ids.iter().skip(1).copied().collect());
        }
    }
    Ok(ch)
}

// ---------------------------------------------------------------- products

async fn list_products(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    can_read(&who)?;
    let paging @ Paging { page, per_page } = params.pagination()?;
    let mut check = ParamCheck::new(&params);
    let mut all_statuses = vec!["any", "trash"];
    all_statuses.extend(PRODUCT_STATUSES);
    let status = check.one_of("status", &all_statuses);
    let stock_status = check.one_of("stock_status", STOCK_STATUSES);
    let kind = check
        .one_of("type", &["simple", "variable"])
        .and_then(|k| ProductKind::parse(&k));
    let category = check.integer("category");
    let include = check.integers("include");
    let sort = sort_param(&mut check);
    check.finish()?;
    let q = AdminProductQuery {
        page,
        per_page,
        search: params.get("search").map(str::to_owned),
        sku: params
            .get("sku")
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
        category,
        status,
        stock_status,
        kind,
        parent: None,
        include,
        sort,
    };
    let (products, total) = state.store.admin_products(&q).await?;
    let body = products_out(&state, &products).await?;
    Ok(paging.answer(&state, "/wc/v3/products", &params, total, body))
}

/// wc/v3's `orderby` and `order` (WooCommerce's defaults: `date`, `desc`); anything else is named.
pub(crate) fn sort_param(check: &mut ParamCheck) -> Option<(AdminSort, SortDirection)> {
    let orderby = check.text("orderby");
    let order = check.text("order");
    let sort = match orderby.map(|o| (o, AdminSort::parse(o))) {
        None => None,
        Some((_, Some(s))) => Some(s),
        Some((_, None)) => {
            check.problem("orderby", not_one_of("orderby", AdminSort::NAMES));
            None
        }
    };
    let dir = match order {
        None | Some("desc") => SortDirection::Desc,
        Some("asc") => SortDirection::Asc,
        Some(_) => {
            check.problem("order", not_one_of("order", "asc, desc"));
            SortDirection::Desc
        }
    };
    (sort.is_some() || order.is_some()).then(|| (sort.unwrap_or(AdminSort::Date), dir))
}

/// `wc/v3/products`.
pub(super) struct Products;

impl crud::Resource for Products {
    type Out = WcProduct;
    type Scope = ();

    fn missing() -> ApiError {
        product_missing()
    }

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcProduct> {
        product_out(state, id).await
    }

    async fn create(state: &AppState, _: &(), body: &Value) -> ApiResult<WcProduct> {
        if body
            .get("id")
            .and_then(Value::as_i64)
            .is_some_and(|n| n > 0)
        {
            return Err(coded(
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_product_exists",
                "Cannot create existing product.",
            ));
        }
        let ch = product_changes(state, body, false).await?;
        let id = state
            .store
            .create_product(None, &ch)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        product_out(state, id).await
    }

    async fn update(state: &AppState, _: &(), id: i64, body: &Value) -> ApiResult<WcProduct> {
        let ch = product_changes(state, body, false).await?;
        let current = state
            .store
            .product(id)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        if current.kind == ProductKind::Variation {
            return Err(product_missing());
        }
        state
            .store
            .update_product(id, None, &ch)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        product_out(state, id).await
    }
}

impl crud::Deletable for Products {
    type Deleted = WcProduct;

    async fn delete(state: &AppState, _: &(), id: i64, force: bool) -> ApiResult<WcProduct> {
        let before = product_out(state, id).await?;
        if !force && before.status == "trash" {
            return Err(coded(
                StatusCode::GONE,
                "woocommerce_rest_already_trashed",
                "The product has already been deleted.",
            ));
        }
        state
            .store
            .delete_product(id, None, force)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        if force {
            Ok(before)
        } else {
            product_out(state, id).await
        }
    }
}

// ---------------------------------------------------------------- variations

async fn variable_parent(state: &AppState, raw: &str) -> ApiResult<Product> {
    let id = path_id(raw, product_missing)?;
    let p = state
        .store
        .product(id)
        .await
        .map_err(|e| product_error(e, product_missing))?;
    if p.kind == ProductKind::Variation {
        return Err(product_missing());
    }
    Ok(p)
}

async fn list_variations(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    can_read(&who)?;
    let parent = variable_parent(&state, &id).await?;
    let paging @ Paging { page, per_page } = params.pagination()?;
    let mut check = ParamCheck::new(&params);
    let sort = sort_param(&mut check);
    check.finish()?;
    let q = AdminProductQuery {
        page,
        per_page,
        search: params.get("search").map(str::to_owned),
        sku: params
            .get("sku")
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
        status: params
            .get("status")
            .filter(|s| !s.is_empty() && *s != "any")
            .map(str::to_owned),
        stock_status: params
            .get("stock_status")
            .filter(|s| !s.is_empty())
            .map(str::to_owned),
        parent: Some(parent.id),
        sort,
        ..Default::default()
    };
    let (list, total) = state.store.admin_products(&q).await?;
    let (media, categories) = catalog_for(&state, &list).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    let slug = parent.slug.clone().unwrap_or_default();
    let body: Vec<WcVariation> = list
        .iter()
        .map(|v| variation_json(&cat, v, &slug))
        .collect();
    Ok(paging.answer(
        &state,
        &format!("/wc/v3/products/{}/variations", parent.id),
        &params,
        total,
        body,
    ))
}

/// The variable product a variation's path names (`products/{id}/variations/…`): its id.
pub(super) struct VariableParent(i64);

impl crud::Scope for VariableParent {
    async fn resolve(state: &AppState, path: &[String]) -> ApiResult<Self> {
        let raw = path.first().map_or("", String::as_str);
        Ok(VariableParent(variable_parent(state, raw).await?.id))
    }
}

/// `wc/v3/products/{id}/variations`: the scope is the variable parent's id.
pub(super) struct Variations;

impl crud::Resource for Variations {
    type Out = WcVariation;
    type Scope = VariableParent;

    fn missing() -> ApiError {
        variation_missing()
    }

    async fn read(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        id: i64,
    ) -> ApiResult<WcVariation> {
        variation_out(state, *parent, id).await
    }

    async fn create(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        body: &Value,
    ) -> ApiResult<WcVariation> {
        let ch = product_changes(state, body, true).await?;
        let id = state
            .store
            .create_product(Some(*parent), &ch)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        variation_out(state, *parent, id).await
    }

    async fn update(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        id: i64,
        body: &Value,
    ) -> ApiResult<WcVariation> {
        let ch = product_changes(state, body, true).await?;
        state
            .store
            .update_product(id, Some(*parent), &ch)
            .await
            .map_err(|e| product_error(e, variation_missing))?;
        variation_out(state, *parent, id).await
    }
}

impl crud::Deletable for Variations {
    type Deleted = WcVariation;

    async fn delete(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        id: i64,
        force: bool,
    ) -> ApiResult<WcVariation> {
        if !force {
            return Err(coded(
                StatusCode::NOT_IMPLEMENTED,
                "woocommerce_rest_trash_not_supported",
                "Variations cannot be moved to the trash. Set \"force=true\" to delete.",
            ));
        }
        let before = variation_out(state, *parent, id).await?;
        state
            .store
            .delete_product(id, Some(*parent), true)
            .await
            .map_err(|e| product_error(e, variation_missing))?;
        Ok(before)
    }
}

// ---------------------------------------------------------------- categories

fn category_json(cat: &Catalog<'_>, c: &Category) -> WcCategory {
    WcCategory {
        id: c.id,
        name: c.name.clone(),
        slug: c.slug.clone(),
        parent: c.parent_id.unwrap_or(0),
        description: c.description.clone(),
        display: "default",
        image: c.image_id.and_then(|id| image_ref(cat, id, 0)),
        menu_order: c.position,
        count: c.count,
    }
}

async fn categories_out(state: &AppState, list: &[Category]) -> ApiResult<Vec<WcCategory>> {
    let ids: Vec<i64> = list.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: list,
    };
    Ok(list.iter().map(|c| category_json(&cat, c)).collect())
}

fn category_changes(body: &Value) -> ApiResult<CategoryChanges> {
    let mut i = Input::new(body)?;
    let ch = CategoryChanges {
        name: i.string("name"),
        slug: i.string("slug"),
        parent: i
            .raw("parent")
            .map(|_| i.int("parent").filter(|p| *p > 0))
            .or_else(|| i.is_null("parent").then_some(None)),
        description: i.string("description"),
        image_id: if i.is_null("image") {
            Some(None)
        } else {
            i.raw("image")
                .map(|v| v.get("id").and_then(Value::as_i64).filter(|n| *n > 0))
        },
        menu_order: i.int("menu_order"),
    };
    i.finish()?;
    Ok(ch)
}

fn category_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => category_missing(),
        StoreError::Conflict(_) => coded(
            StatusCode::BAD_REQUEST,
            "term_exists",
            "A term with the name provided already exists with this parent.",
        ),
        other => other.into(),
    }
}

async fn list_categories(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    can_read(&who)?;
    let paging @ Paging { page, per_page } = params.pagination()?;
    let mut all = state.store.categories().await?;
    if let Some(s) = params
        .get("search")
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let s = s.to_lowercase();
        all.retain(|c| c.name.to_lowercase().contains(&s) || c.slug.contains(&s));
    }
    let mut check = ParamCheck::new(&params);
    let parent = check.integer("parent");
    check.finish()?;
    if let Some(p) = parent {
        all.retain(|c| c.parent_id.unwrap_or(0) == p);
    }
    if matches!(params.get("hide_empty"), Some("true" | "1")) {
        all.retain(|c| c.count > 0);
    }
    let total = all.len() as i64;
    let start = ((page - 1) * per_page).min(total) as usize;
    let end = (start + per_page as usize).min(all.len());
    let body = categories_out(&state, &all[start..end]).await?;
    Ok(paging.answer(&state, "/wc/v3/products/categories", &params, total, body))
}

async fn category_out(state: &AppState, id: i64) -> ApiResult<WcCategory> {
    let c = state.store.category(id).await.map_err(category_error)?;
    Ok(categories_out(state, std::slice::from_ref(&c))
        .await?
        .remove(0))
}

/// `wc/v3/products/categories`.
pub(super) struct Categories;

impl crud::Resource for Categories {
    type Out = WcCategory;
    type Scope = ();

    fn missing() -> ApiError {
        category_missing()
    }

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcCategory> {
        category_out(state, id).await
    }

    async fn create(state: &AppState, _: &(), body: &Value) -> ApiResult<WcCategory> {
        let id = state
            .store
            .create_category(&category_changes(body)?)
            .await
            .map_err(category_error)?;
        category_out(state, id).await
    }

    async fn update(state: &AppState, _: &(), id: i64, body: &Value) -> ApiResult<WcCategory> {
        state
            .store
            .update_category(id, &category_changes(body)?)
            .await
            .map_err(category_error)?;
        category_out(state, id).await
    }
}

impl crud::Deletable for Categories {
    type Deleted = WcCategory;

    async fn delete(state: &AppState, _: &(), id: i64, force: bool) -> ApiResult<WcCategory> {
        if !force {
            return Err(coded(
                StatusCode::NOT_IMPLEMENTED,
                "woocommerce_rest_trash_not_supported",
                "Categories cannot be moved to the trash. Set \"force=true\" to delete.",
            ));
        }
        let before = category_out(state, id).await?;
        state
            .store
            .delete_category(id)
            .await
            .map_err(category_error)?;
        Ok(before)
    }
}
