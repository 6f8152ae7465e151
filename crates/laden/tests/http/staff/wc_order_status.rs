//! WooCommerce's order status (`wc/v3/orders`) over HTTP, on SQLite and PostgreSQL: a status
//! change restores or takes stock and writes the order's notes.

use crate::common;

use common::{assert_wp_error, billing, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn order_status_changes_restore_stock_and_write_notes(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let id = app
        .simple("Mühle", "MUEHLE", 4900, TaxClass::Standard, Some(2))
        .await;
    let token = app.new_cart().await;
    app.add_item(&token, id, 2).await;
    let placed = app.checkout(&token, "cod").await;
    let order = placed["order_id"].as_i64().unwrap();
    assert_eq!(app.stock(id).await, Some(0));
    let path = format!("/orders/{order}");

    let (s, e) = app
        .wc_put(&m, &path, json!({ "status": "verschickt" }))
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "rest_invalid_param", 400);
    // Read-only order fields are ignored.
    let (_, before) = app.wc_get(&m, &path).await;
    let (s, o) = app
        .wc_put(
            &m,
            &path,
            json!({ "status": "cancelled", "total": "0.01", "line_items": [], "order_key": "x" }),
        )
        .await;
    assert_eq!(s, 200, "{o}");
    assert_eq!(o["status"], "cancelled");
    assert_eq!(o["status_label"], "Storniert");
    assert_eq!(o["total"], before["total"]);
    assert_eq!(o["total"], "98.00");
    assert_eq!(o["line_items"].as_array().unwrap().len(), 1);
    assert_eq!(
        app.stock(id).await,
        Some(2),
        "cancelling puts the items back"
    );
    // Addresses and the customer note can be corrected; the rest of the address stays.
    let (s, o) = app.wc_put(&m, &path, json!({ "billing": { "city": "Dresden", "first_name": "Anna", "last_name": "Muster", "email": "anna@example.de" }, "customer_note": "Bitte klingeln" })).await;
    assert_eq!(
        (
            s,
            o["billing"]["city"].as_str(),
            o["customer_note"].as_str()
        ),
        (200, Some("Dresden"), Some("Bitte klingeln"))
    );
    assert_eq!(o["shipping"]["city"], "Leipzig");
    // Again: no second restock.
    app.wc_put(&m, &path, json!({ "status": "refunded" })).await;
    assert_eq!(app.stock(id).await, Some(2));

    // Someone else buys the two; reopening the order is refused and changes nothing.
    let other = app.new_cart().await;
    app.add_item(&other, id, 2).await;
    assert!(app
        .post(
            "/checkout",
            Some(&other),
            json!({ "billing_address": billing(), "payment_method": "cod" })
        )
        .await
        .status()
        .is_success());
    let (s, e) = app
        .wc_put(&m, &path, json!({ "status": "processing" }))
        .await;
    assert_eq!(s, 409, "{e}");
    assert_wp_error(&e, "woocommerce_rest_product_out_of_stock", 409);
    let (_, o) = app.wc_get(&m, &path).await;
    assert_eq!(o["status"], "refunded");
    assert_eq!(app.stock(id).await, Some(0));
    // With stock back, reopening takes it again.
    app.wc_put(
        &m,
        &format!("/products/{id}"),
        json!({ "stock_quantity_delta": 3 }),
    )
    .await;
    let (s, o) = app
        .wc_put(&m, &path, json!({ "status": "processing" }))
        .await;
    assert_eq!((s, o["status"].as_str()), (200, Some("processing")));
    assert_eq!(app.stock(id).await, Some(1));

    // Notes: the shop's own, and the manager's.
    let (s, n) = app
        .wc_post(
            &m,
            &format!("{path}/notes"),
            json!({ "note": "Paket <b>heute</b> abgeholt", "customer_note": true }),
        )
        .await;
    assert_eq!(s, 201, "{n}");
    assert_eq!(n["customer_note"], true);
    let (s, e) = app
        .wc_post(&m, &format!("{path}/notes"), json!({ "note": "  " }))
        .await;
    assert_eq!(s, 400, "{e}");
    let (_, notes) = app.wc_get(&m, &format!("{path}/notes")).await;
    let texts: Vec<&str> = notes
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["note"].as_str().unwrap())
        .collect();
    assert_eq!(texts[0], "Paket <b>heute</b> abgeholt");
    assert!(
        texts
            .iter()
            .any(|t| t.contains("„In Bearbeitung“ auf „Storniert“")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Bestand wiederhergestellt: Mühle (0→2)")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Bestand reduziert: Mühle (3→1)")),
        "{texts:?}"
    );
    let note_id = n["id"].as_i64().unwrap();
    assert_eq!(
        app.wc_delete(&m, &format!("{path}/notes/{note_id}"))
            .await
            .0,
        501
    );
    assert_eq!(
        app.wc_delete(&m, &format!("{path}/notes/{note_id}?force=true"))
            .await
            .0,
        200
    );
    assert_eq!(
        app.wc_get(&m, &format!("{path}/notes/{note_id}")).await.0,
        404
    );
    let (s, e) = app.wc_get(&m, "/orders/99999").await;
    assert_eq!(s, 404);
    assert_wp_error(&e, "woocommerce_rest_shop_order_invalid_id", 404);

    // The sales report counts paid orders per day.
    let (s, r) = app.wc_get(&m, "/reports/sales?period=week").await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r[0]["totals_grouped_by"], "day");
    assert_eq!(r[0]["total_orders"], 2);
    assert_eq!(r[0]["total_items"], 4);
    assert_eq!(r[0]["totals"].as_object().unwrap().len(), 7);
    assert_eq!(r[0]["total_sales"], "196.00");
    let (s, _) = app.wc_get(&m, "/reports/sales?period=decade").await;
    assert_eq!(s, 400);
    let (s, r) = app
        .wc_get(&m, "/reports/sales?date_min=2020-01-01&date_max=2020-01-31")
        .await;
    assert_eq!((s, r[0]["total_orders"].as_i64()), (200, Some(0)));
}
