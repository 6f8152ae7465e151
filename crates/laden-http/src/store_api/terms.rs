//! The catalogue's taxonomies: categories, tags, and the attributes with their terms, listed
//! with the parameters of WooCommerce's terms routes (`laden_domain::catalog::term_list`).

use super::*;
use crate::extract::ParamCheck;
use laden_domain::catalog::term_list::{TermQuery, TermRow, TermSort};

/// WooCommerce's term list parameters (its Store API `AbstractTermsRoute`), each checked:
/// `context`, `page`, `per_page` (0 or none: all), `search`, `include`, `exclude`, `order`,
/// `orderby` (among `sorts`), `hide_empty` (default on) and, for categories, `parent`.
fn term_query(check: &mut ParamCheck, sorts: &[&str], hierarchical: bool) -> TermQuery {
    check.one_of("context", &["view", "edit"]);
    let at_least =
        |check: &mut ParamCheck, key: &str, min: i64, default: i64| match check.integer(key) {
            Some(n) if n >= min => n,
            Some(_) => {
                check.problem(
                    key,
                    tf(
                        "%1$s must be a whole number of at least %2$d.",
                        &[&key, &min],
                    ),
                );
                default
            }
            None => default,
        };
    let page = at_least(check, "page", 1, 1);
    let per_page = at_least(check, "per_page", 0, 0);
    let parent = check
        .text("parent")
        .map(|_| at_least(check, "parent", 0, 0));
    TermQuery {
        page,
        per_page,
        search: check.text("search").map(str::to_owned),
        include: check.integers("include"),
        exclude: check.integers("exclude"),
        descending: check.one_of("order", &["asc", "desc"]).as_deref() == Some("desc"),
        sort: check
            .one_of("orderby", sorts)
            .and_then(|s| TermSort::parse(&s))
            .unwrap_or_default(),
        hide_empty: check.boolean("hide_empty").unwrap_or(true),
        // WordPress reads `parent` for hierarchical taxonomies only.
        parent: parent.filter(|_| hierarchical),
    }
}

/// The chosen terms of `rows` as their answers, paged as WooCommerce pages them (headers only
/// when `per_page` cuts the list).
fn term_page<T: serde::Serialize>(
    state: &AppState,
    path: &str,
    params: &Params,
    q: &TermQuery,
    rows: &[TermRow],
    answer: impl Fn(usize) -> T,
) -> Response {
    let (chosen, total) = q.select(rows);
    let body: Vec<T> = chosen.into_iter().map(answer).collect();
    if q.per_page > 0 {
        let paging = Paging {
            page: q.page,
            per_page: q.per_page,
        };
        let total = i64::try_from(total).unwrap_or(i64::MAX);
        paging.answer(state, path, params, total, body)
    } else {
        Json(body).into_response()
    }
}

pub(super) async fn list_categories(
    State(state): State<AppState>,
    params: Params,
) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&params);
    let q = term_query(&mut check, &["name", "slug", "count"], true);
    check.finish()?;
    let categories = state.store.categories().await?;
    let ids: Vec<i64> = categories.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &categories);
    let rows: Vec<TermRow> = categories
        .iter()
        .map(|c| TermRow {
            id: c.id,
            name: &c.name,
            slug: &c.slug,
            count: c.count,
            parent: c.parent_id.unwrap_or(0),
            menu_order: c.position,
        })
        .collect();
    Ok(term_page(
        &state,
        "/wc/store/v1/products/categories",
        &params,
        &q,
        &rows,
        |i| cat.category(&categories[i]),
    ))
}

pub(super) async fn list_tags(
    State(state): State<AppState>,
    params: Params,
) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&params);
    let q = term_query(&mut check, &["name", "slug", "count"], false);
    check.finish()?;
    let tags = state.store.tags().await?;
    let media = std::collections::BTreeMap::new();
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
    let rows: Vec<TermRow> = tags
        .iter()
        .map(|t| TermRow {
            id: t.id,
            name: &t.name,
            slug: &t.slug,
            count: t.count,
            parent: 0,
            menu_order: 0,
        })
        .collect();
    Ok(term_page(
        &state,
        "/wc/store/v1/products/tags",
        &params,
        &q,
        &rows,
        |i| cat.tag(&tags[i]),
    ))
}

/// The shop's attributes (WooCommerce's global attributes, `pa_<slug>`), by name.
pub(super) async fn list_attributes(
    State(state): State<AppState>,
    params: Params,
) -> ApiResult<Json<Vec<crate::wire::store::StoreAttribute>>> {
    let mut check = ParamCheck::new(&params);
    check.one_of("context", &["view", "edit"]);
    check.finish()?;
    let list = state.store.shop_attributes().await?;
    Ok(Json(list.iter().map(Into::into).collect()))
}

/// An attribute's id from the path: anything but digits is no route (WordPress's pattern).
fn attribute_id(raw: &str) -> ApiResult<i64> {
    if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::NoRoute);
    }
    raw.parse().map_err(|_| ApiError::NoRoute)
}

pub(super) async fn get_attribute(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<crate::wire::store::StoreAttribute>> {
    let attribute = state.store.shop_attribute(attribute_id(&id)?).await?;
    Ok(Json((&attribute).into()))
}

/// An attribute's terms with WooCommerce's term list parameters (`menu_order`: the order the
/// terms were made in, as Laden keeps no order of its own for them).
pub(super) async fn list_attribute_terms(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&params);
    let q = term_query(&mut check, &["name", "slug", "count", "menu_order"], false);
    let attribute = state.store.shop_attribute(attribute_id(&id)?).await?;
    check.finish()?;
    let terms = state
        .store
        .shop_attribute_terms(&attribute, laden_store::TermOrder::Name, false, false)
        .await?;
    let rows: Vec<TermRow> = terms
        .iter()
        .map(|t| TermRow {
            id: t.id,
            name: &t.name,
            slug: &t.slug,
            count: t.count,
            parent: 0,
            menu_order: t.id,
        })
        .collect();
    let path = format!("/wc/store/v1/products/attributes/{}/terms", attribute.id);
    Ok(term_page(&state, &path, &params, &q, &rows, |i| {
        crate::wire::store::StoreTerm::from(&terms[i])
    }))
}
