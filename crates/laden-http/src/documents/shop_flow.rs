//! The cart, checkout, withdrawal and order-received documents.

use super::*;

pub(super) async fn cart(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        Ok(simple_doc("cart", t("Cart"), "/warenkorb/"))
    })
    .await
}

pub(super) async fn checkout(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    respond(&state, &headers, &uri, async {
        let mut doc = simple_doc("checkout", t("Checkout"), "/kasse/");
        doc.data
            .insert("countries".into(), json!(laden_store::checkout_countries()));
        let methods = state.store.settings().await?.shop.payment_methods;
        doc.data.insert(
            "paymentMethods".into(),
            json!(methods
                .iter()
                .map(|m| json!({ "id": m, "title": crate::wire::payment_title(m) }))
                .collect::<Vec<_>>()),
        );
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
        let mut doc = simple_doc("withdrawal", t("Withdraw from contract"), WITHDRAWAL_PATH);
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
        let order = state.store.order_with_key(id, &key).await.map_err(or_missing(ApiError::ProductNotFound))?;
        let mut doc = simple_doc("order", t("Order received"), &format!("/bestellung-erhalten/{id}/"));
        doc.cacheable = false;
        doc.data.insert("order".into(), order_json(&order));
        // Vorkasse: where to transfer the money, as in the order confirmation.
        if order.payment_method == "bacs" {
            let s = state.store.settings().await?.shop;
            doc.data.insert("bank".into(), json!({ "holder": s.bank_account_holder, "bank": s.bank_name, "iban": s.bank_iban, "bic": s.bank_bic }));
        }
        Ok(doc)
    })
    .await
}
