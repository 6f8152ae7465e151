//! `wc/v3/orders` and their notes: the staff view of orders, with order
//! attribution as WooCommerce exposes it.

use super::order_amounts::LineProducts;
use super::{
    can_create, can_delete, can_edit, coded, invalid_id, path_id, Input, Reader, StaffList,
};
use crate::auth::Identity;
use crate::error::{or_missing, ApiError, ApiResult};
use crate::extract::{not_one_of, JsonBody, Paging, ParamCheck, Params};
use crate::wire::wc::{WcCouponLine, WcMail, WcMeta, WcNote, WcOrder, WcOrderRefund, WcWithdrawal};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::attribution::{origin, FIELDS};
use laden_domain::i18n::tf;
use laden_domain::Money;
use laden_store::{OrderChanges, OrderNote, OrderQuery, PlacedOrder, ORDER_STATUSES};
use serde_json::Value;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/orders", get(list_orders))
        .route(
            "/orders/{id}",
            get(get_order)
                .post(update_order)
                .put(update_order)
                .patch(update_order),
        )
        .route("/orders/{id}/notes", get(list_notes).post(create_note))
        .route(
            "/orders/{id}/notes/{note}",
            get(get_note).delete(delete_note),
        )
}

fn order_missing() -> ApiError {
    invalid_id("woocommerce_rest_shop_order_invalid_id", "Invalid ID.")
}

/// The statuses in which an order waits for its payment (WooCommerce's
/// `woocommerce_valid_order_statuses_for_payment_complete`): `set_paid` makes them processing.
const AWAITING_PAYMENT: &[&str] = &["pending", "on-hold", "failed", "cancelled"];

fn note_missing() -> ApiError {
    invalid_id("woocommerce_rest_order_invalid_id", "Invalid resource ID.")
}

fn statuses() -> Vec<&'static str> {
    ORDER_STATUSES.iter().map(|(s, _)| *s).collect()
}

async fn list_orders(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let (params, Paging { page, per_page }) = (&list.params, list.paging);
    let statuses: Vec<String> = match params.get("status").map(str::trim) {
        None | Some("") | Some("any") => Vec::new(),
        Some(list) => {
            let wanted: Vec<String> = list
                .split(',')
                .map(|s| s.trim().trim_start_matches("wc-").to_owned())
                .collect();
            if let Some(bad) = wanted.iter().find(|s| !statuses().contains(&s.as_str())) {
                return Err(ApiError::param(
                    "status",
                    crate::extract::not_one_of(bad, format!("any, {}", statuses().join(", "))),
                ));
            }
            wanted
        }
    };
    let mut check = ParamCheck::new(params);
    let dates = check.date_range();
    let (include, exclude) = (check.integers("include"), check.integers("exclude"));
    let product = check.integer("product");
    let customer = check.integer("customer");
    if customer.is_some_and(|id| id < 0) {
        check.problem("customer", tf("%s is not of type integer.", &[&"customer"]));
    }
    let sort = super::catalog::sort_param(&mut check);
    if sort.is_some_and(|(s, _)| !laden_store::ORDER_SORTS.contains(&s)) {
        check.problem(
            "orderby",
            not_one_of("orderby", "date, id, include, modified"),
        );
    }
    check.finish()?;
    let q = OrderQuery {
        statuses,
        dates,
        include,
        exclude,
        product,
        search: params.get("search").map(str::to_owned),
        customer,
        email: None,
        page,
        per_page,
        sort,
    };
    let (orders, total) = state.store.list_orders(&q).await?;
    let site = &state.config.site_url;
    let products = LineProducts::load(&state, &orders).await?;
    let body = orders
        .iter()
        .map(|o| order_json(o, site, &products))
        .collect::<ApiResult<Vec<WcOrder>>>()?;
    Ok(list.answer(&state, "/wc/v3/orders", total, body))
}

/// Attribution as WooCommerce exposes it: `meta_data` entries `_wc_order_attribution_<field>`.
fn attribution_meta(attribution: &Value) -> Vec<WcMeta> {
    FIELDS
        .iter()
        .chain(std::iter::once(&"device_type"))
        .filter_map(|f| attribution.get(*f).and_then(Value::as_str).map(|v| (f, v)))
        .zip(1..)
        .map(|((f, v), id)| WcMeta::new(id, format!("_wc_order_attribution_{f}"), v))
        .collect()
}

async fn order_out(state: &AppState, id: i64) -> ApiResult<WcOrder> {
    let order = state
        .store
        .order(id)
        .await
        .map_err(or_missing(order_missing()))?;
    let products = LineProducts::load(state, std::slice::from_ref(&order)).await?;
    let mut out = order_json(&order, &state.config.site_url, &products)?;
    // Laden's own: the withdrawal's statement and the order's e-mails with their delivery state.
    if let Some(withdrawal) = out.laden_withdrawal.as_mut() {
        withdrawal.statement = Some(
            state
                .store
                .withdrawal_statement(order.id)
                .await?
                .unwrap_or_default(),
        );
    }
    let mails = state.store.order_mails(order.id).await?;
    out.laden_mails = Some(
        mails
            .iter()
            .map(|m| WcMail {
                id: m.id,
                kind: m.kind.as_str(),
                recipient: m.recipient.clone(),
                status: m.status.clone(),
                attempts: m.attempts,
                last_error: m.last_error.clone(),
                date_created: crate::dates::german_iso(m.created_at),
                date_sent: m.sent_at.map(crate::dates::german_iso),
            })
            .collect(),
    );
    out.laden_invoices = Some(order.invoices.iter().map(crate::invoices::out).collect());
    Ok(out)
}

/// A business customer's VAT id (`_billing_vat_id`) and reverse charge, as EU VAT plug-ins keep them.
fn business_meta(order: &PlacedOrder) -> Vec<WcMeta> {
    let mut meta = Vec::new();
    if !order.vat_id.is_empty() {
        meta.push(WcMeta::new(9101, "_billing_vat_id", order.vat_id.clone()));
    }
    if order.reverse_charge {
        meta.push(WcMeta::new(9102, "_laden_reverse_charge", "yes"));
    }
    // How the order was taxed where it charged no German VAT: `intra_community`, `export`.
    if order.supply() != laden_domain::supply::Supply::Domestic {
        meta.push(WcMeta::new(9103, "_laden_tax_supply", order.supply.clone()));
    }
    meta
}

/// The invoices as `meta_data`, as WooCommerce's invoice plug-ins show theirs: the number and
/// download link of the invoice in force, and every invoice and cancellation with its link.
fn invoice_meta(site: &str, invoices: &[laden_store::Invoice]) -> Vec<WcMeta> {
    let site = site.trim_end_matches('/');
    let mut meta = Vec::new();
    let current = invoices
        .iter()
        .rev()
        .find(|i| i.kind == laden_domain::invoice::InvoiceKind::Invoice && !i.cancelled);
    if let Some(i) = current {
        meta.push(WcMeta::new(9001, "_laden_invoice_number", i.number.clone()));
        meta.push(WcMeta::new(
            9002,
            "_laden_invoice_pdf",
            format!("{site}{}", crate::invoices::staff_url(i.id)),
        ));
    }
    if !invoices.is_empty() {
        let list: Vec<Value> = invoices
            .iter()
            .map(|i| {
                serde_json::json!({
                    "number": i.number,
                    "kind": i.kind.as_str(),
                    "date": crate::dates::german_iso(i.issued_at),
                    "pdf": format!("{site}{}", crate::invoices::staff_url(i.id)),
                })
            })
            .collect();
        meta.push(WcMeta::new(9003, "_laden_invoices", Value::Array(list)));
    }
    meta
}

async fn get_order(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcOrder>> {
    Ok(Json(order_out(&state, path_id(&id, order_missing)?).await?))
}

/// Staff change status, customer note and addresses; totals, items and keys are read-only.
async fn update_order(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Json<WcOrder>> {
    let user = can_edit(&who)?.clone();
    let id = path_id(&id, order_missing)?;
    let mut i = Input::new(&body)?;
    let mut ch = OrderChanges {
        status: i.one_of("status", &statuses()),
        customer_note: i.string("customer_note"),
        billing: i.address("billing"),
        shipping: i.address("shipping"),
    };
    let set_paid = i.boolean("set_paid") == Some(true);
    i.finish()?;
    if set_paid {
        // WooCommerce's `payment_complete`: an order waiting for its payment becomes processing.
        let status = match ch.status.clone() {
            Some(s) => s,
            None => {
                state
                    .store
                    .order(id)
                    .await
                    .map_err(or_missing(order_missing()))?
                    .status
            }
        };
        if AWAITING_PAYMENT.contains(&status.as_str()) {
            ch.status = Some("processing".to_owned());
        }
    }
    state
        .store
        .update_order(id, &ch, &user.display_name)
        .await
        .map_err(or_missing(order_missing()))?;
    state.wake_mailer();
    Ok(Json(order_out(&state, id).await?))
}

fn note_json(n: &OrderNote) -> WcNote {
    WcNote {
        id: n.id,
        author: if n.author.is_empty() {
            "system".to_owned()
        } else {
            n.author.clone()
        },
        date_created: crate::dates::german_iso(n.created_at),
        date_created_gmt: crate::dates::iso(n.created_at),
        note: n.note.clone(),
        customer_note: n.customer_note,
    }
}

async fn notes_of(state: &AppState, raw: &str) -> ApiResult<(i64, Vec<OrderNote>)> {
    let id = path_id(raw, order_missing)?;
    state
        .store
        .order(id)
        .await
        .map_err(or_missing(order_missing()))?;
    Ok((id, state.store.order_notes(id).await?))
}

async fn list_notes(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcNote>>> {
    let (_, notes) = notes_of(&state, &id).await?;
    Ok(Json(notes.iter().map(note_json).collect()))
}

async fn get_note(
    State(state): State<AppState>,
    _: Reader,
    Path((id, note)): Path<(String, String)>,
) -> ApiResult<Json<WcNote>> {
    let (_, notes) = notes_of(&state, &id).await?;
    let note_id = path_id(&note, note_missing)?;
    notes
        .iter()
        .find(|n| n.id == note_id)
        .map(|n| Json(note_json(n)))
        .ok_or_else(note_missing)
}

async fn create_note(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    let user = can_create(&who)?.clone();
    let (order_id, _) = notes_of(&state, &id).await?;
    let mut i = Input::new(&body)?;
    let note = i.string("note");
    let customer_note = i.boolean("customer_note").unwrap_or(false);
    if note.as_deref().is_none_or(|n| n.trim().is_empty()) {
        i.problem("note", tf("%s is a required parameter.", &[&"note"]));
    }
    i.finish()?;
    let note_id = state
        .store
        .add_order_note(
            order_id,
            note.as_deref().unwrap_or_default(),
            customer_note,
            &user.display_name,
        )
        .await?;
    let notes = state.store.order_notes(order_id).await?;
    let created = notes
        .iter()
        .find(|n| n.id == note_id)
        .map(note_json)
        .ok_or_else(note_missing)?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

async fn delete_note(
    State(state): State<AppState>,
    who: Identity,
    Path((id, note)): Path<(String, String)>,
    params: Params,
) -> ApiResult<Json<WcNote>> {
    can_delete(&who)?;
    if !super::force(&params) {
        return Err(coded(
            StatusCode::NOT_IMPLEMENTED,
            "woocommerce_rest_trash_not_supported",
            "Order notes cannot be moved to the trash. Set \"force=true\" to delete.",
        ));
    }
    let (order_id, notes) = notes_of(&state, &id).await?;
    let note_id = path_id(&note, note_missing)?;
    let before = notes
        .iter()
        .find(|n| n.id == note_id)
        .map(note_json)
        .ok_or_else(note_missing)?;
    state
        .store
        .delete_order_note(order_id, note_id)
        .await
        .map_err(or_missing(note_missing()))?;
    Ok(Json(before))
}

fn order_json(order: &PlacedOrder, site: &str, products: &LineProducts<'_>) -> ApiResult<WcOrder> {
    let money = |cents: i64| Money::from_cents(cents).to_decimal_string();
    let amounts = super::order_amounts::amounts(order, products)?;
    let a = &order.attribution;
    let text = |k: &str| a.get(k).and_then(Value::as_str);
    let (msgid, source) = origin(text("source_type"), text("utm_source"));
    Ok(WcOrder {
        id: order.id,
        parent_id: 0,
        number: order.id.to_string(),
        status: order.status.clone(),
        currency: order.currency.clone(),
        currency_symbol: "€",
        order_key: order.key.clone(),
        created_via: "store-api",
        date_created: crate::dates::german_iso(order.created_at),
        date_created_gmt: crate::dates::iso(order.created_at),
        date_modified: crate::dates::german_iso(order.updated_at),
        date_modified_gmt: crate::dates::iso(order.updated_at),
        date_paid: order.paid_at.map(crate::dates::german_iso),
        date_paid_gmt: order.paid_at.map(crate::dates::iso),
        date_completed: order.completed_at.map(crate::dates::german_iso),
        date_completed_gmt: order.completed_at.map(crate::dates::iso),
        customer_id: order.customer_id.unwrap_or(0),
        prices_include_tax: true,
        // WooCommerce keeps discounts net, with their tax beside them.
        discount_total: money(order.discount_total - order.discount_tax),
        discount_tax: money(order.discount_tax),
        coupon_lines: order
            .coupons
            .iter()
            .zip(1..)
            .map(|(c, id)| WcCouponLine {
                id,
                code: c.code.clone(),
                discount: money(c.discount - c.discount_tax),
                discount_tax: money(c.discount_tax),
            })
            .collect(),
        total: money(order.total),
        total_tax: money(order.tax_total),
        shipping_total: amounts.shipping_total,
        shipping_tax: amounts.shipping_tax,
        cart_tax: amounts.cart_tax,
        billing: order.billing.clone(),
        shipping: order.shipping.clone(),
        payment_method: order.payment_method.clone(),
        payment_method_title: laden_domain::payment::title(&order.payment_method),
        transaction_id: order.transaction_id.clone(),
        customer_ip_address: String::new(),
        customer_user_agent: text("user_agent").unwrap_or_default().to_owned(),
        cart_hash: String::new(),
        needs_payment: crate::payments::needs_payment(order),
        payment_url: crate::payments::pay_url(site, order),
        is_editable: matches!(order.status.as_str(), "pending" | "on-hold"),
        customer_note: order.customer_note.clone(),
        status_label: laden_store::order_status_label(&order.status),
        line_items: amounts.line_items,
        tax_lines: amounts.tax_lines,
        shipping_lines: amounts.shipping_lines,
        fee_lines: amounts.fee_lines,
        refunds: order
            .refunds
            .iter()
            .rev()
            .map(|r| WcOrderRefund {
                id: r.id,
                reason: r.reason.clone(),
                total: money(-r.amount),
            })
            .collect(),
        meta_data: attribution_meta(a)
            .into_iter()
            .chain(business_meta(order))
            .chain(invoice_meta(site, &order.invoices))
            .collect(),
        origin: tf(msgid, &[&source]),
        // German market: what was accepted at checkout, and the withdrawal (§356a BGB).
        laden_legal: serde_json::to_value(&order.legal).unwrap_or(Value::Null),
        laden_withdrawal: order.withdrawn_at.map(|at| WcWithdrawal {
            date: crate::dates::german_iso(at),
            statement: None,
        }),
        laden_mails: None,
        laden_invoices: None,
    })
}
