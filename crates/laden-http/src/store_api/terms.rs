//! The catalogue's taxonomies: categories, tags, and the attributes with their terms.

use super::*;
use crate::extract::{term_params, ParamCheck};

pub(super) async fn list_categories(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::StoreCategory>>> {
    let categories = state.store.categories().await?;
    let ids: Vec<i64> = categories.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &categories);
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
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
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

/// An attribute's terms, ordered and filtered by [`term_params`].
pub(super) async fn list_attribute_terms(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Json<Vec<crate::wire::store::StoreTerm>>> {
    let mut check = ParamCheck::new(&params);
    let (order, descending, hide_empty) = term_params(&mut check);
    let attribute = state.store.shop_attribute(attribute_id(&id)?).await?;
    check.finish()?;
    let terms = state
        .store
        .shop_attribute_terms(&attribute, order, descending, hide_empty)
        .await?;
    Ok(Json(terms.iter().map(Into::into).collect()))
}
