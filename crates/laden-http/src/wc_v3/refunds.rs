//! `wc/v3/orders/{id}/refunds`: WooCommerce's order refunds. A refund through the payment
//! provider (`api_refund`, true unless sent false) of an order paid with Stripe is paid back by
//! Stripe first and recorded with Stripe's refund id; the offline methods (Vorkasse, Rechnung,
//! Nachnahme) cannot pay money back by themselves, so, as WooCommerce answers for such gateways,
//! it is refused there and staff record the refund they made themselves. A refund cannot be deleted: its
//! partial cancellation invoice is issued and kept (GoBD).

use super::{can_create, can_delete, invalid_id, path_id, Input, Reader};
use crate::auth::Identity;
use crate::error::{or_missing, ApiError, ApiResult};
use crate::extract::{JsonBody, Params};
use crate::wire::wc::{WcMeta, WcRefund, WcRefundLine};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_domain::Money;
use laden_store::{PlacedOrder, Refund, RefundInput, RefundLineInput, StoreError};
use serde_json::Value;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/orders/{id}/refunds", get(list).post(create))
        .route("/orders/{id}/refunds/{refund}", get(read).delete(delete))
}

fn order_missing() -> ApiError {
    invalid_id("woocommerce_rest_invalid_order_id", "Invalid order ID.")
}

fn refund_missing() -> ApiError {
    invalid_id("woocommerce_rest_invalid_id", "Invalid resource ID.")
}

async fn order_of(state: &AppState, raw: &str) -> ApiResult<PlacedOrder> {
    let id = path_id(raw, order_missing)?;
    state
        .store
        .order(id)
        .await
        .map_err(or_missing(order_missing()))
}

/// A refund as WooCommerce answers it, with its partial cancellation invoice.
fn refund_json(order: &PlacedOrder, r: &Refund) -> WcRefund {
    let money = |cents: i64| Money::from_cents(cents).to_decimal_string();
    let line_items = r
        .lines
        .iter()
        .filter_map(|l| {
            let (item, deposit) = order.line_of(l.position)?;
            Some(WcRefundLine {
                id: i64::from(l.position),
                name: if deposit {
                    laden_domain::pricing::deposit::Deposit::line_name(&item.name)
                } else {
                    item.name.clone()
                },
                product_id: item.parent_id.unwrap_or(item.product_id),
                variation_id: if item.parent_id.is_some() {
                    item.product_id
                } else {
                    0
                },
                quantity: -l.quantity,
                sku: if deposit {
                    String::new()
                } else {
                    item.sku.clone()
                },
                subtotal: money(-l.total),
                total: money(-l.total),
                refund_total: l.total as f64 / 100.0,
                meta_data: vec![WcMeta::new(1, "_refunded_item_id", l.position)],
            })
        })
        .collect();
    WcRefund {
        id: r.id,
        date_created: crate::dates::german_iso(r.created_at),
        date_created_gmt: crate::dates::iso(r.created_at),
        amount: money(r.amount),
        reason: r.reason.clone(),
        refunded_by: r.refunded_by,
        refunded_payment: false,
        meta_data: Vec::new(),
        line_items,
        laden_restocked: r.restocked,
        laden_invoice: order
            .invoices
            .iter()
            .find(|i| i.refund_id == Some(r.id))
            .map(crate::invoices::out),
    }
}

async fn list(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcRefund>>> {
    let order = order_of(&state, &id).await?;
    // Newest first, as WooCommerce lists them.
    Ok(Json(
        order
            .refunds
            .iter()
            .rev()
            .map(|r| refund_json(&order, r))
            .collect(),
    ))
}

async fn read(
    State(state): State<AppState>,
    _: Reader,
    Path((id, refund)): Path<(String, String)>,
) -> ApiResult<Json<WcRefund>> {
    let order = order_of(&state, &id).await?;
    let refund_id = path_id(&refund, refund_missing)?;
    order
        .refunds
        .iter()
        .find(|r| r.id == refund_id)
        .map(|r| Json(refund_json(&order, r)))
        .ok_or_else(refund_missing)
}

/// `line_items: [{id, quantity, refund_total, refund_tax: [{id, refund_total}]}]`: the order
/// line's id, units taken back, and the money given back for it, net plus its taxes as
/// WooCommerce clients send it (or gross in `refund_total` alone); without either, what the
/// units were paid.
fn refund_lines(i: &mut Input<'_>) -> Vec<RefundLineInput> {
    let Some(raw) = i.raw("line_items") else {
        return Vec::new();
    };
    let Some(list) = raw.as_array() else {
        i.problem(
            "line_items",
            tf("%s is not of type array.", &[&"line_items"]),
        );
        return Vec::new();
    };
    let mut out = Vec::new();
    for (n, v) in list.iter().enumerate() {
        let Some(mut line) = Input::new(v).ok() else {
            i.problem(
                &format!("line_items.{n}"),
                tf("%s is not of type object.", &[&format!("line_items[{n}]")]),
            );
            continue;
        };
        let id = line.int("id");
        let quantity = line.int("quantity").unwrap_or(0);
        let net = line.price("refund_total").flatten();
        let taxes: Option<i64> = match line.raw("refund_tax") {
            None => None,
            Some(Value::Array(list)) => {
                // Each tax's `refund_total` is read as any price is (`Input::price`).
                let mut sum = 0;
                for (k, tax) in list.iter().enumerate() {
                    let Ok(mut t) = Input::new(tax) else {
                        line.problem(
                            &format!("refund_tax.{k}"),
                            tf("%s is not of type object.", &[&format!("refund_tax[{k}]")]),
                        );
                        continue;
                    };
                    sum += t.price("refund_total").flatten().map_or(0, Money::cents);
                    if let Err(ApiError::InvalidParams(p)) = t.finish() {
                        for (field, message) in p {
                            line.problem(&format!("refund_tax.{k}.{field}"), message);
                        }
                    }
                }
                Some(sum)
            }
            Some(_) => {
                line.problem(
                    "refund_tax",
                    tf("%s is not of type array.", &[&"refund_tax"]),
                );
                None
            }
        };
        let problems = match line.finish() {
            Err(ApiError::InvalidParams(p)) => p,
            _ => Vec::new(),
        };
        for (field, message) in problems {
            i.problem(&format!("line_items.{n}.{field}"), message);
        }
        let Some(id) = id else {
            i.problem(
                &format!("line_items.{n}.id"),
                tf("%s is a required parameter.", &[&"id"]),
            );
            continue;
        };
        let total = match (net, taxes) {
            (Some(net), Some(tax)) => Some(net.cents() + tax),
            (Some(gross), None) => Some(gross.cents()),
            (None, Some(tax)) => Some(tax),
            (None, None) => None,
        };
        out.push(RefundLineInput {
            position: id,
            quantity,
            total,
        });
    }
    out
}

async fn create(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    let user = can_create(&who)?.clone();
    let order = order_of(&state, &id).await?;
    let mut i = Input::new(&body)?;
    let amount = i.price("amount").flatten();
    let reason = i.string("reason").unwrap_or_default();
    let refunded_by = i.int("refunded_by").unwrap_or(user.id);
    let api_refund = i.boolean("api_refund").unwrap_or(true);
    let restock = i.boolean("api_restock").unwrap_or(true);
    let lines = refund_lines(&mut i);
    i.finish()?;
    let through_provider = crate::payments::refundable(&state, &order);
    if api_refund && !through_provider {
        return Err(ApiError::Coded {
            status: StatusCode::BAD_REQUEST,
            code: "woocommerce_rest_cannot_create_order_refund",
            message: tf(
                "The payment method %s cannot pay money back by itself. Pay the refund back yourself and send \"api_refund\": false to record it.",
                &[&laden_domain::payment::title(&order.payment_method)],
            ),
        });
    }
    let mut input = RefundInput {
        amount: amount.map(Money::cents),
        reason,
        refunded_by,
        lines,
        restock,
        transaction_id: String::new(),
    };
    let refused = |e: StoreError| match e {
        StoreError::NotFound(_) => order_missing(),
        StoreError::Conflict(message) => ApiError::Coded {
            status: StatusCode::BAD_REQUEST,
            code: "woocommerce_rest_cannot_create_order_refund",
            message,
        },
        other => other.into(),
    };
    if api_refund {
        // Checked first, paid back by the provider, then recorded: a refund the provider
        // refuses is not recorded, and one retried is the same refund at the provider.
        let (cents, before) = state
            .store
            .refund_amount(order.id, &input)
            .await
            .map_err(refused)?;
        input.transaction_id =
            crate::payments::stripe::refund(&state, &order, cents, before).await?;
        input.amount = Some(cents);
    }
    let refund = state
        .store
        .create_refund(order.id, &input, &user.display_name)
        .await
        .map_err(refused)?;
    state.wake_mailer();
    let order = order_of(&state, &order.id.to_string()).await?;
    Ok((StatusCode::CREATED, Json(refund_json(&order, &refund))).into_response())
}

async fn delete(
    State(state): State<AppState>,
    who: Identity,
    Path((id, refund)): Path<(String, String)>,
    _params: Params,
) -> ApiResult<Json<WcRefund>> {
    can_delete(&who)?;
    let order = order_of(&state, &id).await?;
    let refund_id = path_id(&refund, refund_missing)?;
    if !order.refunds.iter().any(|r| r.id == refund_id) {
        return Err(refund_missing());
    }
    Err(ApiError::Coded {
        status: StatusCode::CONFLICT,
        code: "laden_refund_kept",
        message: t("A refund is kept with its cancellation invoice and cannot be deleted."),
    })
}
