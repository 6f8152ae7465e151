//! German checkout rules over HTTP, on SQLite and PostgreSQL: the checkout's checkboxes and
//! what the order records, the small-business rule (§ 19 UStG), and a shop without guest
//! checkout.

use crate::common;

use super::{cart_with_espresso, legal_pages, mails};
use common::{assert_wp_error, billing, body, both_databases, Fetch, TestApp};
use laden_http::mail::preview;
use reqwest::Method;
use serde_json::{json, Value};

#[both_databases]
async fn checkout_checkboxes_are_checked_and_recorded(app: TestApp) {
    legal_pages(&app).await;
    app.set(|s| s.shop.checkbox_parcel_delivery = true).await;
    let (token, id) = cart_with_espresso(&app).await;
    let with = |boxes: Value, address: Value| json!({ "billing_address": address, "payment_method": "cod", "extensions": { "laden": { "checkboxes": boxes } } });

    // Without the terms: refused with the German message at the checkbox, together with the address's problems.
    let res = app
        .post(
            "/checkout",
            Some(&token),
            with(
                json!(["parcel_delivery"]),
                json!({ "first_name": "Anna", "country": "DE" }),
            ),
        )
        .await;
    assert_eq!(res.status(), 400);
    let v = body(res).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(v["data"]["params"]["terms"], "Bitte lesen und akzeptieren Sie die AGB und die Widerrufsbelehrung, um Ihre Bestellung abzuschließen.");
    assert!(
        v["data"]["params"]["billing_address.last_name"].is_string(),
        "{v}"
    );
    // Unknown or not offered checkboxes, and a wrong type: refused.
    for bad in [
        json!(["terms", "newsletter"]),
        json!(["terms", "digital_waiver"]),
        json!("terms"),
        json!([true]),
    ] {
        let v = app
            .post_json("/checkout", Some(&token), with(bad.clone(), billing()))
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(
            v["data"]["params"]["extensions.laden.checkboxes"].is_string(),
            "{bad}: {v}"
        );
    }
    // Nothing was ordered, nothing taken from stock, no mail queued.
    assert_eq!(app.store.order_count().await.unwrap(), 0);
    assert_eq!(app.stock(id).await, Some(50));

    let res = app
        .post(
            "/checkout",
            Some(&token),
            with(json!(["terms", "parcel_delivery"]), billing()),
        )
        .await;
    assert_eq!(res.status(), 201);
    let placed = body(res).await;
    let order_id = placed["order_id"].as_i64().unwrap();
    let order = app.order(order_id).await;
    assert_eq!(order.legal[0]["id"], "terms");
    assert_eq!(
        order.legal[0]["text"],
        "Ich habe die AGB und die Widerrufsbelehrung gelesen und akzeptiere sie."
    );
    assert_eq!(
        order.legal[0]["pages"],
        json!([{ "slug": "agb", "title": "AGB", "revision": 1 }, { "slug": "widerrufsbelehrung", "title": "Widerrufsbelehrung", "revision": 1 }])
    );
    assert_eq!(order.legal[1]["id"], "parcel_delivery");
    assert!(order.legal[1]["text"]
        .as_str()
        .unwrap()
        .starts_with("Ja, meine E-Mail-Adresse darf an den Paketdienst"));
    assert_eq!(order.legal.as_array().unwrap().len(), 2);
    // The line keeps the Lieferzeit as sold (the shop's default).
    assert_eq!(order.items[0].delivery_time, "2–4 Werktage");
    assert_eq!(
        order.items[0].unit_pricing,
        Value::Null,
        "no unit, no Grundpreis"
    );

    // A new version of the AGB does not change what this order accepted.
    legal_pages(&app).await;
    assert_eq!(
        app.order(order_id).await.legal[0]["pages"][0]["revision"],
        1
    );

    // Staff see it (wc/v3), with the queued confirmation.
    let m = app.staff("shop_manager").await;
    let v = app.get_as(&m, &format!("/wc/v3/orders/{order_id}")).await;
    assert_eq!(v["laden_legal"], order.legal);
    assert_eq!(v["laden_withdrawal"], Value::Null);
    assert_eq!(v["line_items"][0]["laden_delivery_time"], "2–4 Werktage");
    assert_eq!(v["laden_mails"][0]["kind"], "order_confirmation");
    assert_eq!(v["laden_mails"][0]["status"], "pending");
    assert_eq!(v["laden_mails"][0]["recipient"], "anna@example.de");

    // The button's text and the checkboxes are settings the checkout page receives.
    let m = app.staff("administrator").await;
    let v = app.save_settings(&m, json!({ "laden_order_button_text": "Jetzt kaufen", "laden_checkbox_parcel_delivery": false, "laden_checkbox_digital_waiver": true })).await;
    assert_eq!(
        (
            v["laden_order_button_text"].as_str(),
            v["laden_checkbox_digital_waiver"].as_bool()
        ),
        (Some("Jetzt kaufen"), Some(true))
    );
    for bad in [
        json!({ "laden_order_button_text": "" }),
        json!({ "laden_order_button_text": "x".repeat(61) }),
        json!({ "laden_bank_iban": "DE89370400440532013001" }),
        json!({ "laden_bank_bic": "12" }),
        json!({ "laden_shop_email": "kein" }),
    ] {
        let res = app.send_as(&m, Method::POST, "/wp/v2/settings", &bad).await;
        assert_eq!(res.status(), 400, "{bad}");
    }
    let html = app.html("/kasse/", None).await;
    assert!(
        html.contains(r#""orderButtonText":"Jetzt kaufen""#),
        "checkout data carries the button text"
    );
    assert!(html.contains(r#""checkboxes":[{"id":"terms","required":true},{"id":"digital_waiver","required":false}]"#), "checkout data carries the checkboxes");
}

#[both_databases]
async fn small_business_charges_and_shows_no_vat(app: TestApp) {
    app.set(|s| s.shop.small_business = true).await;
    let (token, _) = cart_with_espresso(&app).await;
    let cart = app
        .rest(Method::GET, "/wc/store/v1/cart", None)
        .header("Cart-Token", &token)
        .json_of()
        .await;
    assert_eq!(cart["totals"]["total_price"], "1680");
    assert_eq!(cart["totals"]["total_tax"], "0");
    assert_eq!(cart["totals"]["tax_lines"], json!([]));
    let v = app.checkout(&token, "bacs").await;
    let order = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (order.total, order.tax_total, order.shipping_tax),
        (1680, 0, 0)
    );
    assert_eq!(order.items[0].tax_rate, laden_domain::VatRate::ZERO);
    let mail = &mails(&app, order.id).await[0];
    let p = preview(&app.state, mail).await.unwrap();
    assert!(
        p.text
            .contains("Gemäß § 19 UStG wird keine Umsatzsteuer berechnet"),
        "{}",
        p.text
    );
    assert!(!p.text.contains("MwSt."), "{}", p.text);
    let html = app.html("/kasse/", None).await;
    assert!(html.contains(r#""smallBusiness":true"#));
}

#[both_databases]
async fn guest_checkout_can_be_turned_off(app: TestApp) {
    app.set(|s| s.shop.guest_checkout = false).await;
    let (token, id) = cart_with_espresso(&app).await;
    let res = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "cod" }),
        )
        .await;
    assert_eq!(res.status(), 401);
    let v = body(res).await;
    assert_wp_error(&v, "laden_login_required", 401);
    assert_eq!(
        v["message"],
        "Bitte melden Sie sich an oder legen Sie ein Kundenkonto an, um zu bestellen."
    );
    assert_eq!(app.store.order_count().await.unwrap(), 0);
    assert_eq!(app.stock(id).await, Some(50));
    let session = body(app.get("/wp-json/laden/v1/session").await).await;
    assert_eq!(session["logged_in"], false);

    // A logged-in customer orders.
    let customer = app.staff("customer").await;
    let session = app
        .client
        .get(app.url("/wp-json/laden/v1/session"))
        .header("cookie", &customer.cookie)
        .json_of()
        .await;
    assert_eq!(session["logged_in"], true);
    let res = app
        .client
        .post(app.url("/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", &token)
        .header("cookie", &customer.cookie)
        .json(&json!({ "billing_address": billing(), "payment_method": "cod", "extensions": { "laden": { "checkboxes": ["terms"] } } }))
        .go().await;
    assert_eq!(res.status(), 201);
    let html = app.html("/kasse/", None).await;
    assert!(html.contains(r#""guestCheckout":false"#));
}
