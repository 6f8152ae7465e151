//! The catalogue's taxonomies: categories, tags, and the attributes with their terms.

use super::*;

pub(super) async fn list_categories(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::StoreCategory>>> {
    let categories = state.store.categories().await?;
    let ids: Vec<i64> = categories.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    Ok(Json(
        categories
            .iter()
            .map(|c| cat.category(c))
            .collect::<Vec<_>>(),
    ))
}

pub(super) async fn list_tags(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::StoreCategory>>> {
    let tags = state.store.tags().await?;
    let media = std::collections::BTreeMap::new();
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &[],
    };
    Ok(Json(tags.iter().map(|t| cat.tag(t)).collect()))
}

/// The shop's attributes (WooCommerce's global attributes, `pa_<slug>`), by name.
pub(super) async fn list_attributes(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::store::StoreAttribute>>> {
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

/// An attribute's terms: `orderby` (`name`, `slug`, `count`), `order` and `hide_empty`, each
/// checked.
pub(super) async fn list_attribute_terms(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Json<Vec<crate::wire::store::StoreTerm>>> {
    use laden_store::TermOrder;
    let mut problems = Vec::new();
    let order = match params.get("orderby").map(str::trim) {
        None | Some("") | Some("name") => TermOrder::Name,
        Some("slug") => TermOrder::Slug,
        Some("count") => TermOrder::Count,
        Some(_) => {
            problems.push((
                "orderby".to_owned(),
                crate::extract::not_one_of("orderby", "name, slug, count"),
            ));
            TermOrder::Name
        }
    };
    let descending = match params.get("order").map(str::trim) {
        None | Some("") | Some("asc") => false,
        Some("desc") => true,
        Some(_) => {
            problems.push((
                "order".to_owned(),
                crate::extract::not_one_of("order", "asc, desc"),
            ));
            false
        }
    };
    let hide_empty = match params.get("hide_empty").map(str::trim) {
        None | Some("") | Some("false" | "0") => false,
        Some("true" | "1") => true,
        Some(_) => {
            problems.push((
                "hide_empty".to_owned(),
                tf("%s is not of type boolean.", &[&"hide_empty"]),
            ));
            false
        }
    };
    let attribute = state.store.shop_attribute(attribute_id(&id)?).await?;
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    let terms = state
        .store
        .shop_attribute_terms(&attribute, order, descending, hide_empty)
        .await?;
    Ok(Json(terms.iter().map(Into::into).collect()))
}
