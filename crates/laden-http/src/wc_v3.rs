//! WooCommerce's admin REST API (`wc/v3`), for shop staff and their tools.
//! So far the order read that carries order attribution; the rest of the
//! namespace comes with the administration.

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::AppState;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::attribution::{origin, FIELDS};
use laden_domain::Money;
use laden_store::{OrderQuery, PlacedOrder, StoreError};
use crate::extract::Params;
use crate::i18n::tf;
use serde_json::{json, Value};

pub const ROUTES: &[(&str, &[&str])] = &[("/orders", &["GET"]), ("/orders/(?P<id>[\\d]+)", &["GET"])];

pub fn router() -> Router<AppState> {
    Router::new().route("/orders", get(list_orders)).route("/orders/{id}", get(get_order))
}

/// WooCommerce's order statuses (without the `wc-` prefix).
const STATUSES: &[&str] = &["pending", "processing", "on-hold", "completed", "cancelled", "refunded", "failed", "checkout-draft"];

async fn list_orders(State(state): State<AppState>, who: Identity, params: Params) -> ApiResult<Response> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let (page, per_page) = params.pagination()?;
    let statuses: Vec<String> = match params.get("status").map(str::trim) {
        None | Some("") | Some("any") => Vec::new(),
        Some(list) => {
            let wanted: Vec<String> = list.split(',').map(|s| s.trim().trim_start_matches("wc-").to_owned()).collect();
            if let Some(bad) = wanted.iter().find(|s| !STATUSES.contains(&s.as_str())) {
                return Err(ApiError::InvalidParams(vec![("status".into(), tf("%1$s is not one of %2$s.", &[&bad, &format!("any, {}", STATUSES.join(", "))]))]));
            }
            wanted
        }
    };
    let date = |key: &str| -> ApiResult<Option<i64>> {
        match params.get(key) {
            None | Some("") => Ok(None),
            Some(v) => crate::dates::parse_iso(v).map(Some).ok_or_else(|| ApiError::InvalidParams(vec![(key.into(), tf("Invalid date for %s.", &[&key]))])),
        }
    };
    let q = OrderQuery { statuses, after: date("after")?, before: date("before")?, search: params.get("search").map(str::to_owned), page, per_page };
    let (orders, total) = state.store.list_orders(&q).await?;
    let body = Value::Array(orders.iter().map(order_json).collect());
    Ok(crate::store_api::paginated(&state, "/wc/v3/orders", &params, page, per_page, total, body))
}

/// Attribution as WooCommerce exposes it: `meta_data` entries `_wc_order_attribution_<field>`.
fn attribution_meta(attribution: &Value) -> Vec<Value> {
    FIELDS
        .iter()
        .chain(std::iter::once(&"device_type"))
        .filter_map(|f| attribution.get(*f).and_then(Value::as_str).map(|v| (f, v)))
        .enumerate()
        .map(|(i, (f, v))| json!({ "id": i + 1, "key": format!("_wc_order_attribution_{f}"), "value": v }))
        .collect()
}

async fn get_order(State(state): State<AppState>, who: Identity, Path(id): Path<String>) -> ApiResult<Response> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let id: i64 = id.parse().map_err(|_| ApiError::OrderNotFound)?;
    let order = state.store.order(id).await.map_err(|e| match e {
        StoreError::NotFound => ApiError::OrderNotFound,
        other => other.into(),
    })?;
    Ok(Json(order_json(&order)).into_response())
}

fn order_json(order: &PlacedOrder) -> Value {
    let money = |cents: i64| Money::from_cents(cents).to_decimal_string();
    let a = &order.attribution;
    let text = |k: &str| a.get(k).and_then(Value::as_str);
    let (msgid, source) = origin(text("source_type"), text("utm_source"));
    let origin_text = tf(msgid, &[&source]);
    json!({
        "id": order.id,
        "status": order.status,
        "currency": order.currency,
        "order_key": order.key,
        "date_created": crate::dates::iso(order.created_at),
        "date_created_gmt": crate::dates::iso(order.created_at),
        "total": money(order.total),
        "total_tax": money(order.tax_total),
        "shipping_total": money(order.shipping_total),
        "shipping_tax": money(order.shipping_tax),
        "billing": order.billing,
        "shipping": order.shipping,
        "payment_method": order.payment_method,
        "customer_note": order.customer_note,
        "line_items": order.items.iter().enumerate().map(|(i, it)| json!({
            "id": i + 1,
            "name": it.name,
            "product_id": it.parent_id.unwrap_or(it.product_id),
            "variation_id": if it.parent_id.is_some() { it.product_id } else { 0 },
            "quantity": it.quantity,
            "sku": it.sku,
            "price": money(it.unit_price),
            "total": money(it.line_total),
        })).collect::<Vec<_>>(),
        "meta_data": attribution_meta(a),
        // WooCommerce's "Origin" column, in German.
        "origin": origin_text,
    })
}
