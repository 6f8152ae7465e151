//! The account's orders (WooCommerce's "Bestellungen" and "Bestellung ansehen"): every order placed
//! with the account's e-mail address, newest first and a page at a time, and one order as its
//! confirmation told it, with its status, refunds, invoices and downloads. Another address's order
//! is not found, whether it exists or not.

use super::*;
use crate::blocks::{addresses, bank_details, order_summary, page_html, refunds_table, Block};
use crate::dates::german_local_date;
use axum::extract::Path;
use laden_store::{order_status_label, OrderQuery, PlacedOrder};

/// The list's address; an order's is beneath it ([`order_path`]).
pub(crate) const ORDERS_PATH: &str = "/mein-konto/bestellungen/";

/// Orders on one page of the list.
const PER_PAGE: i64 = 10;

/// Statuses in which an order paid by transfer still waits for the money.
const AWAITING_PAYMENT: &[&str] = &["pending", "on-hold"];

pub(crate) fn order_path(id: i64) -> String {
    format!("{ORDERS_PATH}{id}/")
}

fn not_found(state: &AppState) -> Response {
    page(
        state,
        StatusCode::NOT_FOUND,
        &t("Order not found"),
        &format!(
            "<p>{}</p><p><a href=\"{ORDERS_PATH}\">{}</a></p>",
            esc(&t("Your account has no order with this number.")),
            esc(&t("All my orders"))
        ),
    )
}

/// `/mein-konto/bestellungen/?seite=N`: the account's orders, newest first.
pub(super) async fn orders(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    let page_no = q
        .get("seite")
        .and_then(|p| p.parse::<i64>().ok())
        .unwrap_or(1);
    let back = if page_no > 1 {
        format!("{ORDERS_PATH}?seite={page_no}")
    } else {
        ORDERS_PATH.to_owned()
    };
    let session = match signed_in(&state, &headers, &back).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    if page_no < 1 {
        return not_found(&state);
    }
    let query = OrderQuery {
        email: Some(session.user.email.clone()),
        page: page_no,
        per_page: PER_PAGE,
        ..OrderQuery::default()
    };
    let (list, total) = match state.store.list_orders(&query).await {
        Ok(found) => found,
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let pages = (total + PER_PAGE - 1) / PER_PAGE;
    if page_no > pages.max(1) {
        return not_found(&state);
    }
    let body = if list.is_empty() {
        format!(
            "<p>{}</p><p><a class=\"button\" href=\"{}\">{}</a></p>",
            esc(&t("You have not placed an order yet.")),
            crate::documents::paths::SHOP,
            esc(&t("Browse products"))
        )
    } else {
        orders_table(&list) + &pagination(page_no, pages)
    };
    page(
        &state,
        StatusCode::OK,
        &t("Orders"),
        &(body + &to_account()),
    )
}

fn orders_table(list: &[PlacedOrder]) -> String {
    let rows: Vec<Vec<String>> = list
        .iter()
        .map(|o| {
            let items: i64 = o.items.iter().map(|i| i.quantity).sum();
            vec![
                format!(
                    "<a href=\"{}\">{}</a>",
                    order_path(o.id),
                    esc(&tf("Order %s", &[&o.id]))
                ),
                esc(&german_local_date(o.created_at)),
                if crate::payments::needs_payment(o) {
                    format!(
                        "{} <a href=\"{}\">{}</a>",
                        esc(&order_status_label(&o.status)),
                        esc(&crate::payments::pay_path(o)),
                        esc(&t("Pay now"))
                    )
                } else {
                    esc(&order_status_label(&o.status))
                },
                esc(&tf(
                    "%1$s for %2$s item(s)",
                    &[
                        &laden_domain::Money::from_cents(o.total).format_de(),
                        &items,
                    ],
                )),
            ]
        })
        .collect();
    table(&[t("Order"), t("Date"), t("Status"), t("Total")], &rows)
}

/// Links to the newer and the older orders, where there are any.
fn pagination(page_no: i64, pages: i64) -> String {
    let mut links = Vec::new();
    if page_no > 1 {
        let href = if page_no == 2 {
            ORDERS_PATH.to_owned()
        } else {
            format!("{ORDERS_PATH}?seite={}", page_no - 1)
        };
        links.push(format!(
            "<a href=\"{href}\" rel=\"prev\">{}</a>",
            esc(&t("Newer orders"))
        ));
    }
    if page_no < pages {
        links.push(format!(
            "<a href=\"{ORDERS_PATH}?seite={}\" rel=\"next\">{}</a>",
            page_no + 1,
            esc(&t("Older orders"))
        ));
    }
    if links.is_empty() {
        return String::new();
    }
    format!(
        "<nav class=\"pagination\" aria-label=\"{}\">{}</nav>",
        esc(&t("Pages of the orders")),
        links.join(" ")
    )
}

/// `/mein-konto/bestellungen/{id}/`: one of the account's orders.
pub(super) async fn order(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let back = match id.parse::<i64>() {
        Ok(n) if n > 0 => order_path(n),
        _ => ORDERS_PATH.to_owned(),
    };
    let session = match signed_in(&state, &headers, &back).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    let Ok(id) = id.parse::<i64>() else {
        return not_found(&state);
    };
    let order = match state.store.order(id).await {
        Ok(o) if same_address(&o.billing.email, &session.user.email) => o,
        Ok(_) | Err(laden_store::StoreError::NotFound(_)) => return not_found(&state),
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let settings = match state.store.settings().await {
        Ok(s) => s,
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    page(
        &state,
        StatusCode::OK,
        &tf("Order %s", &[&order.id]),
        &order_body(&order, &settings),
    )
}

/// Whether an order's address is the account's, in any case (as the list finds them).
fn same_address(order: &str, account: &str) -> bool {
    order.trim().to_lowercase() == account.trim().to_lowercase()
}

fn order_body(order: &PlacedOrder, s: &laden_store::SiteSettings) -> String {
    let mut blocks = vec![Block::Para(tf(
        "Order %1$s was placed on %2$s and is currently: %3$s.",
        &[
            &order.id,
            &german_local_date(order.created_at),
            &order_status_label(&order.status),
        ],
    ))];
    if crate::payments::needs_payment(order) {
        blocks.push(Block::Para(t("This order has not been paid yet.")));
        blocks.push(Block::Link(t("Pay now"), crate::payments::pay_path(order)));
    }
    if let Some(at) = order.withdrawn_at {
        blocks.push(Block::Para(tf(
            "You withdrew from this contract on %s.",
            &[&german_local_date(at)],
        )));
    }
    blocks.push(Block::Heading(t("Order details")));
    blocks.extend(order_summary(order, s));
    if let Some(refunds) = refunds_table(order) {
        blocks.push(Block::Heading(t("Refunds")));
        blocks.push(refunds);
    }
    if order.payment_method == "bacs" && AWAITING_PAYMENT.contains(&order.status.as_str()) {
        blocks.extend(bank_details(order, s));
    }
    blocks.extend(addresses(order));
    let invoices: Vec<_> = order
        .invoices
        .iter()
        .map(|i| (i.clone(), order.key.clone()))
        .collect();
    let downloads: Vec<_> = order
        .downloads
        .iter()
        .map(|g| (order.id, g.clone()))
        .collect();
    format!(
        "{}{}{}<p><a href=\"{ORDERS_PATH}\">{}</a></p>",
        page_html(&blocks),
        invoices_table(&invoices),
        downloads_table(&downloads),
        esc(&t("All my orders")),
    )
}
