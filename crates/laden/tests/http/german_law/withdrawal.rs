//! The withdrawal button (§ 356a BGB) over HTTP, on SQLite and PostgreSQL: two steps for guests.

use crate::common;

use super::{mails, place};
use common::{assert_wp_error, body, both_databases, Fetch, TestApp};
use laden_http::mail::{deliver_due, preview};
use laden_store::MailKind;
use reqwest::Method;
use serde_json::{json, Value};

#[both_databases]
async fn withdrawal_button_two_steps_for_guests(app: TestApp) {
    app.set(|s| s.shop.email = "shop@example.de".into()).await;
    let order_id = place(&app, "bacs").await;
    let number = order_id.to_string();
    let post = |path: &'static str, payload: Value| {
        let app = &app;
        async move {
            let res = app.rest(Method::POST, path, None).json(&payload).go().await;
            let status = res.status().as_u16();
            (status, body(res).await)
        }
    };

    // Step one: both fields needed; a wrong e-mail or number finds nothing (the same answer).
    let (s, v) = post(
        "/laden/v1/withdrawal/lookup",
        json!({ "order": "", "email": "kaputt" }),
    )
    .await;
    assert_eq!(s, 400);
    assert!(
        v["data"]["params"]["order"].is_string() && v["data"]["params"]["email"].is_string(),
        "{v}"
    );
    for (order, email) in [
        (number.as_str(), "jemand@example.de"),
        ("999999", "anna@example.de"),
        ("abc", "anna@example.de"),
    ] {
        let (s, v) = post(
            "/laden/v1/withdrawal/lookup",
            json!({ "order": order, "email": email }),
        )
        .await;
        assert_eq!(s, 404, "{order} {email}");
        assert_wp_error(&v, "laden_withdrawal_order_not_found", 404);
        assert_eq!(v["message"], "Wir haben keine Bestellung mit dieser Nummer und E-Mail-Adresse gefunden. Bitte prüfen Sie beide Angaben.");
    }
    let (s, v) = post(
        "/laden/v1/withdrawal/lookup",
        json!({ "order": format!("#{number}"), "email": "ANNA@example.de " }),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["order_number"], number);
    assert_eq!(v["items"], json!([{ "name": "Espresso", "quantity": 1 }]));
    assert_eq!(v["withdrawn_at"], Value::Null);
    assert!(
        app.order(order_id).await.withdrawn_at.is_none(),
        "looking up changes nothing"
    );

    // Step two needs the explicit confirmation.
    let (s, v) = post(
        "/laden/v1/withdrawal",
        json!({ "order": number, "email": "anna@example.de" }),
    )
    .await;
    assert_eq!(s, 400);
    assert!(v["data"]["params"]["confirm"].is_string());
    let (s, v) = post("/laden/v1/withdrawal", json!({ "order": number, "email": "anna@example.de", "confirm": true, "statement": "Passt leider nicht." })).await;
    assert_eq!(s, 201, "{v}");
    assert_eq!(v["message"], "Ihr Widerruf ist bei uns eingegangen. Wir haben Ihnen eine Eingangsbestätigung per E-Mail geschickt.");
    assert!(v["withdrawn_at"].is_string());

    // Once only.
    let (s, v) = post(
        "/laden/v1/withdrawal",
        json!({ "order": number, "email": "anna@example.de", "confirm": true }),
    )
    .await;
    assert_eq!(s, 409);
    assert_wp_error(&v, "laden_already_withdrawn", 409);
    let (s, _) = post(
        "/laden/v1/withdrawal/lookup",
        json!({ "order": number, "email": "anna@example.de" }),
    )
    .await;
    assert_eq!(s, 409);

    // The order records it; the receipt (customer) and the notice (shop) are queued with it.
    let order = app.order(order_id).await;
    assert!(order.withdrawn_at.is_some());
    let queued = mails(&app, order_id).await;
    let kinds: Vec<(MailKind, &str)> = queued
        .iter()
        .map(|m| (m.kind, m.recipient.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            (MailKind::OrderConfirmation, "anna@example.de"),
            (MailKind::WithdrawalReceipt, "anna@example.de"),
            (MailKind::WithdrawalNotice, "shop@example.de")
        ]
    );
    let receipt = preview(&app.state, &queued[1]).await.unwrap();
    assert_eq!(
        receipt.subject,
        format!("Eingangsbestätigung Ihres Widerrufs zu Bestellung Nr. {number}")
    );
    assert!(
        receipt
            .text
            .contains("wir bestätigen den Eingang Ihres Widerrufs")
            && receipt.text.contains("Passt leider nicht.")
            && receipt.text.contains("1 × Espresso"),
        "{}",
        receipt.text
    );
    let notice = preview(&app.state, &queued[2]).await.unwrap();
    assert!(
        notice
            .text
            .contains("Anna Muster (anna@example.de) hat den Vertrag"),
        "{}",
        notice.text
    );
    assert_eq!(deliver_due(&app.state).await, 3);

    // Staff see the withdrawal, its statement and the note.
    let m = app.staff("shop_manager").await;
    let v = app.get_as(&m, &format!("/wc/v3/orders/{order_id}")).await;
    assert!(v["laden_withdrawal"]["date"].is_string());
    assert_eq!(v["laden_withdrawal"]["statement"], "Passt leider nicht.");
    let notes = app
        .get_as(&m, &format!("/wc/v3/orders/{order_id}/notes"))
        .await;
    assert!(
        notes
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["note"].as_str().unwrap().contains("Widerrufsbutton")),
        "{notes}"
    );

    // A cancelled order has nothing left to withdraw from.
    let other = place(&app, "cod").await;
    app.set_order_status(&m, other, "cancelled").await;
    let (s, v) = post(
        "/laden/v1/withdrawal",
        json!({ "order": other.to_string(), "email": "anna@example.de", "confirm": true }),
    )
    .await;
    assert_eq!(s, 409);
    assert_wp_error(&v, "laden_withdrawal_not_possible", 409);

    // The page is there for everyone.
    let res = app.get("/vertrag-widerrufen/").await;
    assert_eq!(res.status(), 200);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains(r#""route":"withdrawal""#));
}
