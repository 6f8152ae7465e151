//! `wc/v3/products/{id}/variations`: the list and the resource, scoped by the variable parent.

use super::*;

pub(super) async fn variable_parent(state: &AppState, raw: &str) -> ApiResult<Product> {
    let p = product_row(state, path_id(raw, product_missing)?).await?;
    Ok(p)
}

pub(super) async fn list_variations(
    State(state): State<AppState>,
    Path(id): Path<String>,
    list: StaffList,
) -> ApiResult<Response> {
    let parent = variable_parent(&state, &id).await?;
    let q = product_query(&list, |_, q| q.parent = Some(parent.id))?;
    let (variations, total) = state.store.admin_products(&q).await?;
    let look = Lookups::load(&state, &variations).await?;
    let slug = parent.slug.clone().unwrap_or_default();
    let body: Vec<WcVariation> = variations
        .iter()
        .map(|v| variation_json(&look, v, &slug))
        .collect();
    let path = format!("/wc/v3/products/{}/variations", parent.id);
    Ok(list.answer(&state, &path, total, body))
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

    const MISSING: fn() -> ApiError = variation_missing;

    async fn read(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        id: i64,
    ) -> ApiResult<WcVariation> {
        variation_out(state, *parent, id).await
    }

    async fn save(
        state: &AppState,
        VariableParent(parent): &VariableParent,
        id: Option<i64>,
        body: &Value,
    ) -> ApiResult<i64> {
        let ch = product_changes(state, body, true).await?;
        match id {
            None => state.store.create_product(Some(*parent), &ch).await,
            Some(id) => state
                .store
                .update_product(id, Some(*parent), &ch)
                .await
                .map(|()| id),
        }
        .map_err(|e| {
            product_error(
                e,
                if id.is_some() {
                    variation_missing
                } else {
                    product_missing
                },
            )
        })
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
