//! What German law asks of the shop: prices, checkout, mails, invoices, special goods.

mod checkout_rules;
mod demo_invoices;
mod deposit;
mod double_opt_in;
mod external_media;
mod food;
mod german_market;
mod invoices;
mod lowest_price;
mod mails;
mod margin_scheme;
mod oss;
mod product_safety;
mod refunds;
mod sale_labels;
mod special_goods;
mod tax_classes;
mod withdrawal;

use crate::common;

use common::TestApp;
use laden_domain::TaxClass;
use serde_json::json;

async fn legal_pages(app: &TestApp) {
    for (slug, title, text) in [
        ("agb", "AGB", "§ 1 Geltungsbereich"),
        (
            "widerrufsbelehrung",
            "Widerrufsbelehrung",
            "Sie haben das Recht, binnen vierzehn Tagen zu widerrufen.",
        ),
    ] {
        let content = json!({ "version": 1, "sections": [{ "columns": [{ "widgets": [{ "type": "heading", "text": title, "level": 1 }, { "type": "text", "html": format!("<p>{text}</p>") }] }] }] });
        app.store
            .upsert_page(slug, title, "", &content)
            .await
            .unwrap();
    }
}

/// A cart holding one espresso (11,90 €, 19 %), and its token.
async fn cart_with_espresso(app: &TestApp) -> (String, i64) {
    let id = match app.store.product_id_by_sku("E-1").await.unwrap() {
        Some(id) => id,
        None => {
            app.simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(50))
                .await
        }
    };
    (app.cart_with(id, 1).await, id)
}

async fn place(app: &TestApp, payment: &str) -> i64 {
    let (token, _) = cart_with_espresso(app).await;
    let v = app.checkout(&token, payment).await;
    v["order_id"].as_i64().unwrap_or_else(|| panic!("{v}"))
}

async fn mails(app: &TestApp, order: i64) -> Vec<laden_store::Mail> {
    app.store.order_mails(order).await.unwrap()
}
