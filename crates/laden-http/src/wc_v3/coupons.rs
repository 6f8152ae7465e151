//! `wc/v3/coupons`: list, read, create, update, delete (force only: coupons have no trash here).

use super::{coded, crud, invalid_id, Input, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::extract::Paging;
use crate::wire::wc::WcCoupon;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use laden_domain::Money;
use laden_store::{Coupon, CouponChanges, CouponType, StoreError};
use serde_json::Value;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/coupons", get(list).post(crud::create::<Coupons>))
        .route("/coupons/{id}", crud::deletable::<Coupons>())
}

fn missing() -> ApiError {
    invalid_id("woocommerce_rest_shop_coupon_invalid_id", "Invalid ID.")
}

/// Amounts as WooCommerce writes them: "10.00" (percent or euros).
fn amount_text(c: &Coupon) -> String {
    Money::from_cents(c.amount).to_decimal_string()
}

fn coupon_json(c: &Coupon) -> WcCoupon {
    WcCoupon {
        id: c.id,
        code: c.code.clone(),
        amount: amount_text(c),
        status: c.status.clone(),
        date_created: crate::dates::german_iso(c.created_at),
        date_created_gmt: crate::dates::iso(c.created_at),
        date_modified: crate::dates::german_iso(c.updated_at),
        date_modified_gmt: crate::dates::iso(c.updated_at),
        discount_type: c.discount_type.as_str(),
        description: c.description.clone(),
        date_expires: c.date_expires.map(crate::dates::german_iso),
        date_expires_gmt: c.date_expires.map(crate::dates::iso),
        usage_count: c.usage_count,
        individual_use: false,
        product_ids: Vec::new(),
        excluded_product_ids: Vec::new(),
        usage_limit: c.usage_limit,
        usage_limit_per_user: None,
        limit_usage_to_x_items: None,
        free_shipping: c.free_shipping,
        product_categories: Vec::new(),
        excluded_product_categories: Vec::new(),
        exclude_sale_items: false,
        minimum_amount: c.minimum_amount.map_or_else(
            || "0.00".to_owned(),
            |m| Money::from_cents(m).to_decimal_string(),
        ),
        maximum_amount: "0.00",
        email_restrictions: Vec::new(),
        used_by: Vec::new(),
        meta_data: Vec::new(),
    }
}

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
    ch.free_shipping = input.boolean("free_shipping");
    ch.status = input.one_of("status", laden_store::coupons::COUPON_STATUSES);
    ch.date_expires = input.moment("date_expires");
    input.finish()?;
    Ok(ch)
}

async fn list(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let (params, Paging { page, per_page }) = (&list.params, list.paging);
    let (coupons, total) = state
        .store
        .coupons(page, per_page, params.get("search").or(params.get("code")))
        .await?;
    let body: Vec<WcCoupon> = coupons.iter().map(coupon_json).collect();
    Ok(list.answer(&state, "/wc/v3/coupons", total, body))
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

/// `wc/v3/coupons`.
pub(super) struct Coupons;

impl crud::Resource for Coupons {
    type Out = WcCoupon;
    type Scope = ();

    const MISSING: fn() -> ApiError = missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcCoupon> {
        let coupon = state.store.coupon(id).await.map_err(not_found)?;
        Ok(coupon_json(&coupon))
    }

    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let ch = changes(body)?;
        state.store.save_coupon(id, &ch).await.map_err(not_found)
    }
}

impl crud::Deletable for Coupons {
    type Deleted = WcCoupon;

    async fn delete(state: &AppState, _: &(), id: i64, force: bool) -> ApiResult<WcCoupon> {
        if !force {
            return Err(coded(
                StatusCode::NOT_IMPLEMENTED,
                "woocommerce_rest_trash_not_supported",
                "Coupons do not support trashing. Set \"force=true\" to delete.",
            ));
        }
        let coupon = state.store.delete_coupon(id).await.map_err(not_found)?;
        Ok(coupon_json(&coupon))
    }
}
