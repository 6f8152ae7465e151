//! `wc/v3/products/categories`.

use super::*;

pub(super) fn category_json(cat: &Catalog<'_>, c: &Category) -> WcCategory {
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

pub(super) async fn categories_out(
    state: &AppState,
    list: &[Category],
) -> ApiResult<Vec<WcCategory>> {
    let ids: Vec<i64> = list.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, list);
    Ok(list.iter().map(|c| category_json(&cat, c)).collect())
}

pub(super) fn category_changes(body: &Value) -> ApiResult<CategoryChanges> {
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

pub(super) fn category_error(e: StoreError) -> ApiError {
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

pub(super) async fn list_categories(
    State(state): State<AppState>,
    list: StaffList,
) -> ApiResult<Response> {
    let mut all = state.store.categories().await?;
    let search = Search::of(&list.params);
    all.retain(|c| search.keeps(&c.name, &c.slug));
    let mut check = ParamCheck::new(&list.params);
    let parent = check.integer("parent");
    check.finish()?;
    if let Some(p) = parent {
        all.retain(|c| c.parent_id.unwrap_or(0) == p);
    }
    if matches!(list.params.get("hide_empty"), Some("true" | "1")) {
        all.retain(|c| c.count > 0);
    }
    let body = categories_out(&state, &all[list.paging.window(all.len())]).await?;
    let total = all.len() as i64;
    Ok(list.answer(&state, "/wc/v3/products/categories", total, body))
}

pub(super) async fn category_out(state: &AppState, id: i64) -> ApiResult<WcCategory> {
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

    const MISSING: fn() -> ApiError = category_missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcCategory> {
        category_out(state, id).await
    }

    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let ch = category_changes(body)?;
        match id {
            None => state.store.create_category(&ch).await,
            Some(id) => state.store.update_category(id, &ch).await.map(|()| id),
        }
        .map_err(category_error)
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
