//! The cart, checkout, withdrawal and order-received documents.

use super::*;
use crate::wire::page::{BankData, CheckoutView, OrderPayView, OrderView, PaymentMethod};
use std::collections::BTreeMap;

pub(super) async fn cart(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        Ok(simple_doc(View::Cart, t("Cart"), "/warenkorb/"))
    })
    .await
}

/// The checkout's choices: the payment methods a shopper may choose now, what Stripe.js needs
/// when one of them is Stripe's, and the shop's delivery countries with their postcode formats.
async fn payment_choice(
    state: &AppState,
) -> crate::error::ApiResult<(
    Vec<PaymentMethod>,
    Option<crate::wire::page::StripeCheckout>,
    (Vec<(String, String)>, BTreeMap<String, Option<String>>),
)> {
    let settings = state.store.settings().await?;
    let offered = crate::payments::offered(state, &settings.shop.payment_methods);
    let stripe = state
        .stripe
        .as_ref()
        .filter(|_| offered.iter().any(|m| m.online()))
        .map(|s| crate::wire::page::StripeCheckout {
            publishable_key: s.config().publishable_key.clone(),
            js_url: s.config().js_url(),
            mandate_text: crate::payments::mandate_text(&settings.site.name),
            mandate_id: crate::payments::MANDATE.to_owned(),
        });
    let methods = offered
        .iter()
        .map(|m| PaymentMethod {
            id: m.as_str().to_owned(),
            title: laden_domain::payment::title(m.as_str()),
        })
        .collect();
    let countries = (
        settings.shop.delivery_countries_de(),
        settings.shop.delivery_postcodes(),
    );
    Ok((methods, stripe, countries))
}

pub(super) async fn checkout(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    respond(&state, &headers, &uri, async {
        let (payment_methods, stripe, (countries, postcodes)) = payment_choice(&state).await?;
        let view = CheckoutView {
            countries,
            postcodes,
            payment_methods,
            stripe,
        };
        let doc = simple_doc(View::Checkout(view), t("Checkout"), CHECKOUT_PATH);
        Ok(doc)
    })
    .await
}

/// The order `id` of the link's `key` (the shopper's proof without an account); any other is
/// a 404 that tells nothing.
async fn keyed_order(
    state: &AppState,
    id: &str,
    key: &str,
) -> crate::error::ApiResult<laden_store::PlacedOrder> {
    let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
    state
        .store
        .order_with_key(id, key)
        .await
        .map_err(or_missing(ApiError::ProductNotFound))
}

/// `/kasse/order-pay/{id}/?pay_for_order=true&key=…`: an order placed before, paid now (after
/// a failed or abandoned payment), with any method the shop offers. The key proves it is the
/// shopper's; an order that no longer needs paying says so and links to itself.
pub(super) async fn order_pay(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> Response {
    let key = query_map(&uri).get("key").cloned().unwrap_or_default();
    respond(&state, &headers, &uri, async {
        let order = keyed_order(&state, &id, &key).await?;
        let id = order.id;
        let (payment_methods, stripe, _) = payment_choice(&state).await?;
        let view = View::OrderPay(Box::new(OrderPayView {
            payable: crate::payments::needs_payment(&order),
            received_url: crate::payments::received_url(&state, &order),
            order: wire::StoreOrder::from(&order),
            payment_methods,
            stripe,
        }));
        let mut doc = simple_doc(view, t("Pay for order"), &format!("{ORDER_PAY_PATH}{id}/"));
        doc.cacheable = false;
        Ok(doc)
    })
    .await
}

/// The withdrawal button's page (§356a BGB): reachable from every page's footer, for guests too.
pub(super) async fn withdrawal(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    respond(&state, &headers, &uri, async {
        let mut doc = simple_doc(
            View::Withdrawal,
            t("Withdraw from contract"),
            WITHDRAWAL_PATH,
        );
        doc.noindex = false;
        Ok(doc)
    })
    .await
}

pub(super) async fn order_received(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> Response {
    let key = query_map(&uri).get("key").cloned().unwrap_or_default();
    respond(&state, &headers, &uri, async {
        let order = keyed_order(&state, &id, &key).await?;
        let id = order.id;
        // Vorkasse: where to transfer the money, as in the order confirmation.
        let bank = if order.payment_method == "bacs" {
            let s = state.store.settings().await?.shop;
            Some(BankData {
                holder: s.bank_account_holder,
                bank: s.bank_name,
                iban: s.bank_iban,
                bic: s.bank_bic,
            })
        } else {
            None
        };
        let view = View::Order(Box::new(OrderView {
            order: wire::StoreOrder::from(&order),
            bank,
        }));
        let mut doc = simple_doc(
            view,
            t("Order received"),
            &format!("/bestellung-erhalten/{id}/"),
        );
        doc.cacheable = false;
        Ok(doc)
    })
    .await
}
