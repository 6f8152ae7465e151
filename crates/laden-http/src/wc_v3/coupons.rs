//! `wc/v3/coupons`: list, read, create, update, delete (force only: coupons have no trash here).

use super::{can_create, can_delete, can_edit, can_read, coded, force, path_id, Input};
use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::extract::{JsonBody, Params};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::Money;
use laden_store::{Coupon, CouponChanges, CouponType, StoreError};
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/coupons", get(list).post(create))
        .route(
            "/coupons/{id}",
            get(read)
                .post(update)
                .put(update)
                .patch(update)
                .delete(delete),
        )
}

fn missing() -> ApiError {
    coded(
        StatusCode::NOT_FOUND,
        "woocommerce_rest_shop_coupon_invalid_id",
        "Invalid ID.",
    )
}

/// Amounts as WooCommerce writes them: "10.00" (percent or euros).
fn amount_text(c: &Coupon) -> String {
    Money::from_cents(c.amount).to_decimal_string()
}

pub(crate) fn coupon_json(c: &Coupon) -> Value {
    json!({
        "id": c.id,
        "code": c.code,
        "amount": amount_text(c),
        "status": c.status,
        "date_created": crate::dates::iso(c.created_at),
        "date_created_gmt": crate::dates::iso(c.created_at),
        "date_modified": crate::dates::iso(c.updated_at),
        "date_modified_gmt": crate::dates::iso(c.updated_at),
        "discount_type": c.discount_type.as_str(),
        "description": c.description,
        "date_expires": c.date_expires.map(crate::dates::iso),
        "date_expires_gmt": c.date_expires.map(crate::dates::iso),
        "usage_count": c.usage_count,
        "individual_use": false,
        "product_ids": [],
        "excluded_product_ids": [],
        "usage_limit": c.usage_limit,
        "usage_limit_per_user": null,
        "limit_usage_to_x_items": null,
        "free_shipping": false,
        "product_categories": [],
        "excluded_product_categories": [],
        "exclude_sale_items": false,
        "minimum_amount": c.minimum_amount.map_or_else(|| "0.00".to_owned(), |m| Money::from_cents(m).to_decimal_string()),
        "maximum_amount": "0.00",
        "email_restrictions": [],
        "used_by": [],
        "meta_data": [],
    })
}

/// The writable fields; unknown and read-only ones (`usage_count`, `used_by`, …) are ignored.
fn changes(body: &Value) -> ApiResult<CouponChanges> {
    let mut input = Input::new(body)?;
    let mut ch = CouponChanges {
        code: input.string("code"),
        description: input.string("description"),
        ..Default::default()
    };
    ch.discount_type = input
        .one_of("discount_type", &["percent", "fixed_cart"])
        .and_then(|t| CouponType::parse(&t));
    // Both kinds are written as decimals: "12.5" percent is 1250 hundredths, "5.00" euros 500 cents.
    ch.amount = match input.price("amount") {
        Some(Some(m)) => Some(m.cents()),
        Some(None) => Some(0),
        None => None,
    };
    ch.minimum_amount = input
        .price("minimum_amount")
        .map(|m| m.map(Money::cents).filter(|c| *c > 0));
    ch.usage_limit = input.nullable_int("usage_limit");
    ch.status = input.one_of("status", laden_store::coupons::COUPON_STATUSES);
    if input.is_null("date_expires")
        || input.raw("date_expires").and_then(Value::as_str) == Some("")
    {
        ch.date_expires = Some(None);
    } else if let Some(text) = input.string("date_expires") {
        match crate::dates::parse_iso(&text) {
            Some(t) => ch.date_expires = Some(Some(t)),
            None => input.problem(
                "date_expires",
                crate::i18n::tf("Invalid date for %s.", &[&"date_expires"]),
            ),
        }
    }
    input.finish()?;
    Ok(ch)
}

async fn list(State(state): State<AppState>, who: Identity, params: Params) -> ApiResult<Response> {
    can_read(&who)?;
    let (page, per_page) = params.pagination()?;
    let (coupons, total) = state
        .store
        .coupons(page, per_page, params.get("search").or(params.get("code")))
        .await?;
    let body = Value::Array(coupons.iter().map(coupon_json).collect());
    Ok(crate::store_api::paginated(
        &state,
        "/wc/v3/coupons",
        &params,
        page,
        per_page,
        total,
        body,
    ))
}

async fn read(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    can_read(&who)?;
    let coupon = state
        .store
        .coupon(path_id(&id, missing)?)
        .await
        .map_err(not_found)?;
    Ok(Json(coupon_json(&coupon)))
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => missing(),
        // The only conflict a coupon write has: its code is taken.
        StoreError::Conflict(_) => coded(
            StatusCode::BAD_REQUEST,
            "woocommerce_rest_coupon_code_already_exists",
            "The coupon code already exists",
        ),
        other => other.into(),
    }
}

async fn create(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    can_create(&who)?;
    let ch = changes(&body)?;
    let id = state
        .store
        .save_coupon(None, &ch)
        .await
        .map_err(not_found)?;
    Ok((
        StatusCode::CREATED,
        Json(coupon_json(&state.store.coupon(id).await?)),
    )
        .into_response())
}

async fn update(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Json<Value>> {
    can_edit(&who)?;
    let id = path_id(&id, missing)?;
    let ch = changes(&body)?;
    state
        .store
        .save_coupon(Some(id), &ch)
        .await
        .map_err(not_found)?;
    Ok(Json(coupon_json(&state.store.coupon(id).await?)))
}

async fn delete(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Json<Value>> {
    can_delete(&who)?;
    let id = path_id(&id, missing)?;
    if !force(&params) {
        return Err(coded(
            StatusCode::NOT_IMPLEMENTED,
            "woocommerce_rest_trash_not_supported",
            "Coupons do not support trashing. Set \"force=true\" to delete.",
        ));
    }
    let coupon = state.store.delete_coupon(id).await.map_err(not_found)?;
    Ok(Json(coupon_json(&coupon)))
}
