//! `wc/v3/products/shipping_classes`: list, read, create, change and delete (for good only, as
//! WooCommerce's terms) the shop's shipping classes, which its settings keep. A deleted class
//! leaves its products; flat rates forget what they charged for it.

use super::{coded, crud, invalid_id, Input, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::wire::wc::WcTerm;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::t;
use laden_domain::shipping::{classes, ShippingClass};
use serde_json::Value;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/products/shipping_classes",
            get(list).post(crud::create::<Classes>),
        )
        .route(
            "/products/shipping_classes/{id}",
            crud::deletable::<Classes>(),
        )
}

fn missing() -> ApiError {
    invalid_id("woocommerce_rest_term_invalid", "Resource does not exist.")
}

fn class_json(c: &ShippingClass, count: i64) -> WcTerm {
    WcTerm {
        id: c.id,
        name: c.name.clone(),
        slug: c.slug.clone(),
        description: c.description.clone(),
        menu_order: None,
        count,
    }
}

/// The shop's classes as answered, with how many products name each.
async fn all(state: &AppState) -> ApiResult<Vec<WcTerm>> {
    let list = state.store.settings().await?.shop.shipping_classes;
    let counts = state.store.shipping_class_counts().await?;
    Ok(list
        .iter()
        .map(|c| class_json(c, counts.get(&c.slug).copied().unwrap_or(0)))
        .collect())
}

/// `GET products/shipping_classes`: paged, in the shop's order; `search`.
async fn list(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let search = super::catalog::Search::of(&list.params);
    let mut found = all(&state).await?;
    found.retain(|c| search.keeps(&c.name, &c.slug));
    Ok(list.page_of(&state, "/wc/v3/products/shipping_classes", &found))
}

/// `wc/v3/products/shipping_classes/{id}`.
struct Classes;

impl crud::Resource for Classes {
    type Out = WcTerm;
    type Scope = ();

    const MISSING: fn() -> ApiError = missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcTerm> {
        all(state)
            .await?
            .into_iter()
            .find(|c| c.id == id)
            .ok_or_else(missing)
    }

    /// `name` (required for a new class), `slug` (a new class's; made from its name when
    /// none), `description`.
    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let mut i = Input::new(body)?;
        let name = i.string("name");
        let slug = i.string("slug");
        let description = i.string("description");
        i.finish()?;
        let mut s = state.store.settings().await?;
        let before = s.shop.shipping_classes.clone();
        let mut list = before.clone();
        match id {
            None => list.push(ShippingClass::entered(
                0,
                name.as_deref().unwrap_or(""),
                description.as_deref().unwrap_or(""),
                slug.as_deref().unwrap_or(""),
            )),
            Some(id) => {
                let c = list.iter_mut().find(|c| c.id == id).ok_or_else(missing)?;
                *c = ShippingClass::entered(
                    id,
                    name.as_deref().unwrap_or(&c.name),
                    description.as_deref().unwrap_or(&c.description),
                    &c.slug,
                );
            }
        }
        let list = classes::settle(list, &before).map_err(|problems| {
            // Named by the field, as WooCommerce names a term's (`name`, `description`).
            let fields = problems
                .into_iter()
                .map(|(path, msg)| {
                    let field = path.rsplit('.').next().unwrap_or("name");
                    let field = if field == "id" || path.is_empty() {
                        "name"
                    } else {
                        field
                    };
                    (field.to_owned(), t(msg))
                })
                .collect();
            ApiError::InvalidParams(fields)
        })?;
        // A new class is the list's last.
        let id = id.unwrap_or_else(|| list.last().map_or(0, |c| c.id));
        s.shop.shipping_classes = list;
        state.store.save_settings(&s).await?;
        Ok(id)
    }
}

impl crud::Deletable for Classes {
    type Deleted = WcTerm;

    async fn delete(state: &AppState, _: &(), id: i64, force: bool) -> ApiResult<WcTerm> {
        if !force {
            return Err(coded(
                StatusCode::NOT_IMPLEMENTED,
                "woocommerce_rest_trash_not_supported",
                "Resource does not support trashing.",
            ));
        }
        let before = <Classes as crud::Resource>::read(state, &(), id).await?;
        let mut s = state.store.settings().await?;
        let mut kept = s.shop.shipping_classes.clone();
        kept.retain(|c| c.id != id);
        s.shop.set_shipping_classes(kept);
        state.store.save_settings(&s).await?;
        state
            .store
            .drop_shipping_classes(&classes::slugs(&s.shop.shipping_classes))
            .await?;
        Ok(before)
    }
}
