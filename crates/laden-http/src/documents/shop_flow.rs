//! The cart, checkout, withdrawal and order-received documents.

use super::*;
use crate::wire::page::{BankData, CheckoutView, OrderView, PaymentMethod};

pub(super) async fn cart(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        Ok(simple_doc(View::Cart, t("Cart"), "/warenkorb/"))
    })
    .await
}

pub(super) async fn checkout(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    respond(&state, &headers, &uri, async {
        let settings = state.store.settings().await?;
        let offered = crate::payments::offered(&state, &settings.shop.payment_methods);
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
        let view = CheckoutView {
            countries: laden_domain::address::countries_de(),
            payment_methods: offered
                .iter()
                .map(|m| PaymentMethod {
                    id: m.as_str().to_owned(),
                    title: laden_domain::payment::title(m.as_str()),
                })
                .collect(),
            stripe,
        };
        let doc = simple_doc(View::Checkout(view), t("Checkout"), CHECKOUT_PATH);
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
        let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
        let order = state
            .store
            .order_with_key(id, &key)
            .await
            .map_err(or_missing(ApiError::ProductNotFound))?;
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
