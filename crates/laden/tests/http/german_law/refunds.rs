//! Refunds (issue 30, item 4): `wc/v3/orders/{id}/refunds` per item or as an amount, each
//! cancelling its part of the invoice with a partial cancellation invoice (Teilstornorechnung);
//! a later cancellation cancels only the rest; units go back to stock once. Every PDF is read
//! back by `scripts/check-invoice.py`.

use crate::common;

use common::invoice::{
    checked_invoices, espresso, mixed_shop, note_texts, order, seller, store_order, year,
};
use common::{both_databases, Login, TestApp};
use laden_store::MailKind;
use reqwest::Method;
use serde_json::{json, Value};

async fn refund(app: &TestApp, who: &Login, order: i64, payload: Value) -> (u16, Value) {
    let path = format!("/wc/v3/orders/{order}/refunds");
    app.call(Method::POST, &path, Some(who), Some(payload))
        .await
}

/// The PDFs of an order's invoices, as staff download them, read back.
async fn checked(app: &TestApp, who: &Login, o: &laden_store::PlacedOrder) -> Vec<Value> {
    checked_invoices(app, who, o.invoices.iter().map(|i| i.id)).await
}

#[both_databases]
async fn refunds_per_item_and_amount_cancel_their_part_of_the_invoice(app: TestApp) {
    seller(&app, "order").await;
    let (espresso, tea, manager) = mixed_shop(&app).await;
    // 2 × 11,90 (19 %) + 1 × 10,70 (7 %) − 10 % + 4,90 shipping = 35,95.
    let o = order(&app, &[(espresso, 2), (tea, 1)], "bacs", Some("herbst")).await;
    assert_eq!(o.total, 3595);
    let y = year();

    // Refused, with nothing changed: the payment method cannot pay back by itself, lines the
    // order does not have, more units than sold, more money than paid, nothing at all.
    let (status, v) = refund(&app, &manager, o.id, json!({ "amount": "5.00" })).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("woocommerce_rest_cannot_create_order_refund")),
        "{v}"
    );
    assert!(v["message"]
        .as_str()
        .unwrap()
        .contains("\"api_refund\": false"));
    for (payload, field) in [
        (
            json!({ "line_items": [{ "id": 9, "quantity": 1 }] }),
            "line_items.0.id",
        ),
        (
            json!({ "line_items": [{ "id": 1, "quantity": 3 }] }),
            "line_items.0.quantity",
        ),
        (
            json!({ "line_items": [{ "id": 2, "quantity": 1, "refund_total": "10.71" }] }),
            "line_items.0.refund_total",
        ),
        (json!({ "amount": "35.96" }), "amount"),
        (json!({ "amount": "0.00" }), "amount"),
        (json!({}), "amount"),
        (
            json!({ "amount": "1.00", "line_items": [{ "id": 1, "quantity": 1 }] }),
            "amount",
        ),
        (json!({ "amount": "zehn" }), "amount"),
        (
            json!({ "line_items": [{ "id": 2, "refund_total": "1.00", "refund_tax": [{ "id": 1, "refund_total": "-0.19" }] }] }),
            "line_items.0.refund_tax.0.refund_total",
        ),
        (
            json!({ "line_items": [{ "id": 2, "refund_tax": ["0.19"] }] }),
            "line_items.0.refund_tax.0",
        ),
    ] {
        let mut payload = payload;
        payload["api_refund"] = json!(false);
        let (status, v) = refund(&app, &manager, o.id, payload.clone()).await;
        assert_eq!(
            (status, v["code"].as_str()),
            (400, Some("rest_invalid_param")),
            "{payload}: {v}"
        );
        assert!(v["data"]["params"][field].is_string(), "{payload}: {v}");
    }
    let unchanged = app.order(o.id).await;
    assert!(unchanged.refunds.is_empty());
    assert_eq!(unchanged.invoices.len(), 1);
    assert_eq!(app.stock(espresso).await, Some(48));
    let customer = app.staff("customer").await;
    let (status, _) = refund(
        &app,
        &customer,
        o.id,
        json!({ "amount": "1.00", "api_refund": false }),
    )
    .await;
    assert_eq!(status, 403);

    // One espresso back (broken): what it was paid after the coupon, 10,71 €, back in stock.
    let (status, r1) = refund(
            &app,
            &manager,
            o.id,
            json!({ "api_refund": false, "reason": "Bruch beim Versand", "line_items": [{ "id": 1, "quantity": 1 }] }),
        )
        .await;
    assert_eq!(status, 201, "{r1}");
    assert_eq!(r1["amount"], "10.71");
    assert_eq!(r1["reason"], "Bruch beim Versand");
    assert_eq!(r1["refunded_payment"], false);
    assert_eq!(r1["laden_restocked"], true);
    assert_eq!(r1["line_items"][0]["id"], 1);
    assert_eq!(r1["line_items"][0]["quantity"], -1);
    assert_eq!(r1["line_items"][0]["total"], "-10.71");
    assert_eq!(r1["line_items"][0]["refund_total"], 10.71);
    assert_eq!(r1["laden_invoice"]["number"], format!("ST-{y}-00001"));
    assert_eq!(r1["laden_invoice"]["partial"], true);
    assert_eq!(app.stock(espresso).await, Some(49));

    // Money back without goods (WooCommerce's net plus taxes): 4,20 + 0,80 on the tea.
    let (status, r2) = refund(
            &app,
            &manager,
            o.id,
            json!({ "api_refund": false, "line_items": [{ "id": 2, "refund_total": "4.20", "refund_tax": [{ "id": 1, "refund_total": "0.80" }] }] }),
        )
        .await;
    assert_eq!(status, 201, "{r2}");
    assert_eq!(r2["amount"], "5.00");
    assert_eq!(r2["line_items"][0]["quantity"], 0);
    // And an amount tied to no line (shipping), split over the rates.
    let (status, r3) = refund(
        &app,
        &manager,
        o.id,
        json!({ "api_refund": false, "amount": "4.90" }),
    )
    .await;
    assert_eq!(status, 201, "{r3}");
    assert!(r3["line_items"].as_array().unwrap().is_empty());
    assert_eq!(app.stock(tea).await, Some(49), "no units came back");

    // The order lists its refunds, newest first, and stays open.
    let wc = app
        .get_as(&manager, &format!("/wc/v3/orders/{}", o.id))
        .await;
    assert_eq!(wc["status"], o.status.as_str());
    let totals: Vec<&str> = wc["refunds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["total"].as_str().unwrap())
        .collect();
    assert_eq!(totals, ["-4.90", "-5.00", "-10.71"]);
    let list = app
        .get_as(&manager, &format!("/wc/v3/orders/{}/refunds", o.id))
        .await;
    assert_eq!(list.as_array().unwrap().len(), 3);
    // The customer's order (Store API) counts the money given back.
    let mine = store_order(&app, &app.order(o.id).await).await;
    assert_eq!(mine["totals"]["total_refund"], "2061");
    assert_eq!(list[2]["id"], r1["id"]);
    let one = app
        .get_as(
            &manager,
            &format!("/wc/v3/orders/{}/refunds/{}", o.id, r1["id"]),
        )
        .await;
    assert_eq!(one, r1);
    // Kept: a refund with its cancellation invoice is not deleted.
    let (status, v) = app
        .call(
            Method::DELETE,
            &format!("/wc/v3/orders/{}/refunds/{}?force=true", o.id, r1["id"]),
            Some(&manager),
            None,
        )
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (409, Some("laden_refund_kept"))
    );
    let (status, v) = app
        .call(
            Method::GET,
            &format!("/wc/v3/orders/{}/refunds/999999", o.id),
            Some(&manager),
            None,
        )
        .await;
    assert_eq!(status, 404, "{v}");

    // Cancelling the order now cancels only what the refunds left: 35,95 − 20,61 = 15,34.
    app.set_order_status(&manager, o.id, "cancelled").await;
    assert_eq!(
        app.stock(espresso).await,
        Some(50),
        "the other espresso, once"
    );
    assert_eq!(app.stock(tea).await, Some(50));
    let o = app.order(o.id).await;
    let docs: Vec<(String, bool, bool, i64)> = o
        .invoices
        .iter()
        .map(|i| (i.number.clone(), i.partial, i.cancelled, i.total))
        .collect();
    assert_eq!(
        docs,
        [
            (format!("RE-{y}-00001"), false, true, 3595),
            (format!("ST-{y}-00001"), true, false, 1071),
            (format!("ST-{y}-00002"), true, false, 500),
            (format!("ST-{y}-00003"), true, false, 490),
            (format!("ST-{y}-00004"), false, false, 1534),
        ]
    );
    let c = checked(&app, &manager, &o).await;
    let totals: Vec<i64> = c
        .iter()
        .map(|c| c["grand_total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [3595, 1071, 500, 490, 1534]);
    for (i, c) in c.iter().enumerate().skip(1) {
        assert_eq!(
            (c["type_code"].as_str(), c["references"].as_str()),
            (Some("381"), Some(format!("RE-{y}-00001").as_str())),
            "document {i}"
        );
    }
    // VAT given back per rate adds up to the invoice's: nothing is cancelled twice.
    for rate in ["19", "7"] {
        let of = |c: &Value| c["taxes"][rate]["vat"].as_i64().unwrap_or(0);
        assert_eq!(
            of(&c[0]),
            c[1..].iter().map(of).sum::<i64>(),
            "VAT at {rate} %"
        );
    }
    let text = |i: usize| c[i]["text"].as_str().unwrap().replace('\u{a0}', " ");
    // Invoiced with the order, before shipping: the delivery is stated as the month
    // (§31 (4) UStDV), on the invoice and on what cancels it.
    let month = laden_domain::dates::german_month(laden_domain::dates::now());
    for i in 0..c.len() {
        assert!(
            text(i).contains(&format!("Liefer-/Leistungszeitraum {month}")),
            "{}",
            text(i)
        );
    }
    assert!(
        text(1).contains(&format!("Teilstornorechnung ST-{y}-00001"))
            && text(1).contains("Espresso")
            && text(1).contains("Grund: Bruch beim Versand")
            && text(1).contains("Rechnungsbetrag -10,71 €"),
        "{}",
        text(1)
    );
    assert!(
        text(2).contains("Erstattung zu Pos. 2: Tee „Morgenrot“"),
        "{}",
        text(2)
    );
    assert!(
        text(4).contains(&format!("Stornorechnung ST-{y}-00004"))
            && text(4).contains(&format!("Bereits storniert (ST-{y}-00001): Espresso"))
            && text(4).contains("Rechnungsbetrag -15,34 €"),
        "{}",
        text(4)
    );

    // Each cancellation went to the customer; the order's notes tell the story.
    let mails = app.store.order_mails(o.id).await.unwrap();
    let invoice_mails: Vec<&laden_store::mail::Mail> = mails
        .iter()
        .filter(|m| m.kind == MailKind::Invoice)
        .collect();
    assert_eq!(invoice_mails.len(), 4);
    let p = laden_http::mail::preview(&app.state, invoice_mails[0])
        .await
        .unwrap();
    assert_eq!(
        p.subject,
        format!(
            "Teilstornorechnung ST-{y}-00001 zu Ihrer Bestellung Nr. {}",
            o.id
        )
    );
    let notes = note_texts(&app, o.id).await;
    for want in [
        "10,71 € erstattet: Bruch beim Versand".to_owned(),
        "Bestand wiederhergestellt: Espresso (48→49).".to_owned(),
        format!("Teilstornorechnung ST-{y}-00001 zur Rechnung RE-{y}-00001 erstellt."),
        format!("Stornorechnung ST-{y}-00004 zur Rechnung RE-{y}-00001 erstellt."),
    ] {
        assert!(notes.contains(&want), "{want} in {notes:?}");
    }

    // A closed order takes no refund.
    let (status, v) = refund(
        &app,
        &manager,
        o.id,
        json!({ "api_refund": false, "amount": "1.00" }),
    )
    .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("woocommerce_rest_cannot_create_order_refund"))
    );
}

#[both_databases]
async fn a_full_refund_closes_the_order_and_a_later_invoice_takes_earlier_refunds(app: TestApp) {
    seller(&app, "completed").await;
    let espresso = espresso(&app).await;
    let manager = app.staff("shop_manager").await;
    let y = year();
    // Invoiced on completion: a refund before it has no invoice to cancel yet…
    let o = order(&app, &[(espresso, 3)], "bacs", None).await;
    app.set_order_status(&manager, o.id, "processing").await;
    let (status, r) = refund(
            &app,
            &manager,
            o.id,
            json!({ "api_refund": false, "api_restock": false, "line_items": [{ "id": 1, "quantity": 1 }] }),
        )
        .await;
    assert_eq!(status, 201, "{r}");
    assert_eq!(r["amount"], "11.90");
    assert!(r["laden_invoice"].is_null());
    assert_eq!(app.stock(espresso).await, Some(47), "not restocked");
    // …so the invoice issued at completion comes with its partial cancellation.
    app.set_order_status(&manager, o.id, "completed").await;
    let o = app.order(o.id).await;
    let docs: Vec<(String, bool)> = o
        .invoices
        .iter()
        .map(|i| (i.number.clone(), i.partial))
        .collect();
    assert_eq!(
        docs,
        [
            (format!("RE-{y}-00001"), false),
            (format!("ST-{y}-00001"), true)
        ]
    );
    let c = checked(&app, &manager, &o).await;
    assert_eq!(c[0]["grand_total"], o.total);
    assert_eq!(c[1]["grand_total"], 1190);
    // Invoiced when shipped: the day of delivery.
    let shipped = c[0]["text"].as_str().unwrap();
    assert!(
        shipped.contains(&format!(
            "Liefer-/Leistungsdatum {}",
            laden_domain::dates::german_local_date(laden_domain::dates::now())
        )),
        "{shipped}"
    );
    // The invoice rides with the shipping notice, the partial cancellation has its own mail.
    let mails: Vec<(MailKind, Option<i64>)> = app
        .store
        .order_mails(o.id)
        .await
        .unwrap()
        .iter()
        .map(|m| (m.kind, m.invoice_id))
        .filter(|(_, i)| i.is_some())
        .collect();
    assert_eq!(
        mails,
        [
            (MailKind::Invoice, Some(o.invoices[1].id)),
            (MailKind::ShippingNotice, Some(o.invoices[0].id)),
        ]
    );

    // Refunding all that is left (lines default to what they were paid) refunds the order:
    // it closes, the units not restocked before go back, and nothing is left to cancel.
    let (status, r) = refund(
            &app,
            &manager,
            o.id,
            json!({ "api_refund": false, "amount": format!("{}.{:02}", (o.total - 1190) / 100, (o.total - 1190) % 100), "line_items": [{ "id": 1, "quantity": 2 }] }),
        )
        .await;
    assert_eq!(status, 201, "{r}");
    assert_eq!(r["line_items"][0]["total"], "-23.80");
    let o = app.order(o.id).await;
    assert_eq!(o.status, "refunded");
    assert_eq!(app.stock(espresso).await, Some(50), "each unit back once");
    let docs: Vec<(bool, bool)> = o
        .invoices
        .iter()
        .map(|i| (i.partial, i.cancelled))
        .collect();
    assert_eq!(
        docs,
        [(false, true), (true, false), (true, false)],
        "no cancellation of nothing"
    );
    let c = checked(&app, &manager, &o).await;
    assert_eq!(
        c[1]["grand_total"].as_i64().unwrap() + c[2]["grand_total"].as_i64().unwrap(),
        o.total
    );
    // The sales report counts the money given back.
    let report = app
        .get_as(&manager, "/wc/v3/reports/sales?period=week")
        .await;
    assert_eq!(
        report[0]["total_refunds"].as_f64().unwrap(),
        o.total as f64 / 100.0
    );
}
