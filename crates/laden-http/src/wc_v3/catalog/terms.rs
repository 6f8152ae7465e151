//! `wc/v3/products/attributes` (with their `terms`) and `wc/v3/products/tags`: read-only. The
//! shop's attributes and terms are made from the products' attributes as they are written, and
//! tags by name on a product write or an import.

use super::*;
use crate::extract::term_params;
use axum::Json;
use laden_store::{ShopAttribute, ShopAttributeTerm, Tag, TermOrder};

fn attribute_json(a: &ShopAttribute) -> WcProductAttribute {
    WcProductAttribute {
        id: a.id,
        name: a.name.clone(),
        slug: format!("pa_{}", a.slug),
        kind: "select",
        order_by: "menu_order",
        has_archives: false,
    }
}

fn term_json(t: &ShopAttributeTerm) -> WcTerm {
    WcTerm {
        id: t.id,
        name: t.name.clone(),
        slug: t.slug.clone(),
        description: String::new(),
        menu_order: Some(0),
        count: t.count,
    }
}

fn tag_json(t: &Tag) -> WcTerm {
    WcTerm {
        id: t.id,
        name: t.name.clone(),
        slug: t.slug.clone(),
        description: t.description.clone(),
        menu_order: None,
        count: t.count,
    }
}

fn attribute_missing() -> ApiError {
    invalid_id(
        "woocommerce_rest_attribute_invalid",
        "Resource does not exist.",
    )
}

fn taxonomy_missing() -> ApiError {
    invalid_id(
        "woocommerce_rest_taxonomy_invalid",
        "Attribute does not exist.",
    )
}

fn term_missing() -> ApiError {
    invalid_id("woocommerce_rest_term_invalid", "Resource does not exist.")
}

/// The attribute a path names (`{id}` of `attributes/{id}…`); `missing` when there is none.
async fn attribute(
    state: &AppState,
    raw: &str,
    missing: fn() -> ApiError,
) -> ApiResult<ShopAttribute> {
    let id = path_id(raw, missing)?;
    match state.store.shop_attribute(id).await {
        Err(StoreError::NotFound(_)) => Err(missing()),
        other => Ok(other?),
    }
}

/// `GET products/attributes`: every attribute a product offers, by name (not paged, as in
/// WooCommerce).
pub(super) async fn list_attributes(
    State(state): State<AppState>,
    _: Reader,
) -> ApiResult<Json<Vec<WcProductAttribute>>> {
    let list = state.store.shop_attributes().await?;
    Ok(Json(list.iter().map(attribute_json).collect()))
}

/// `GET products/attributes/{id}`.
pub(super) async fn get_attribute(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcProductAttribute>> {
    let a = attribute(&state, &id, attribute_missing).await?;
    Ok(Json(attribute_json(&a)))
}

/// The terms of the attribute a path names, in the order `params` ask for.
async fn terms_of(
    state: &AppState,
    raw: &str,
    order: TermOrder,
    descending: bool,
    hide_empty: bool,
) -> ApiResult<Vec<ShopAttributeTerm>> {
    let a = attribute(state, raw, taxonomy_missing).await?;
    Ok(state
        .store
        .shop_attribute_terms(&a, order, descending, hide_empty)
        .await?)
}

/// `GET products/attributes/{id}/terms`: paged; `orderby` (`name`, `slug`, `count`), `order`,
/// `hide_empty` and `search`.
pub(super) async fn list_terms(
    State(state): State<AppState>,
    Path(id): Path<String>,
    list: StaffList,
) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&list.params);
    let (order, descending, hide_empty) = term_params(&mut check);
    check.finish()?;
    let search = Search::of(&list.params);
    let mut all = terms_of(&state, &id, order, descending, hide_empty).await?;
    all.retain(|t| search.keeps(&t.name, &t.slug));
    let path = format!("/wc/v3/products/attributes/{id}/terms");
    let terms: Vec<WcTerm> = all.iter().map(term_json).collect();
    Ok(list.page_of(&state, &path, &terms))
}

/// `GET products/attributes/{id}/terms/{term}`.
pub(super) async fn get_term(
    State(state): State<AppState>,
    _: Reader,
    Path((id, term)): Path<(String, String)>,
) -> ApiResult<Json<WcTerm>> {
    let term = path_id(&term, term_missing)?;
    let all = terms_of(&state, &id, TermOrder::Name, false, false).await?;
    let found = all.iter().find(|t| t.id == term).ok_or_else(term_missing)?;
    Ok(Json(term_json(found)))
}

/// `GET products/tags`: paged, by name; `search` and `hide_empty`.
pub(super) async fn list_tags(
    State(state): State<AppState>,
    list: StaffList,
) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&list.params);
    let hide_empty = check.boolean("hide_empty").unwrap_or(false);
    check.finish()?;
    let search = Search::of(&list.params);
    let mut all = state.store.tags().await?;
    all.retain(|t| (!hide_empty || t.count > 0) && search.keeps(&t.name, &t.slug));
    let tags: Vec<WcTerm> = all.iter().map(tag_json).collect();
    Ok(list.page_of(&state, "/wc/v3/products/tags", &tags))
}

/// `GET products/tags/{id}`.
pub(super) async fn get_tag(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcTerm>> {
    let id = path_id(&id, term_missing)?;
    match state.store.tag(id).await {
        Ok(tag) => Ok(Json(tag_json(&tag))),
        Err(StoreError::NotFound(_)) => Err(term_missing()),
        Err(e) => Err(e.into()),
    }
}
