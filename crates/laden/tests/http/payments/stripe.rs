//! Stripe against localstripe, on SQLite and PostgreSQL: a card paid, 3-D Secure passed and
//! failed, a declined card tried again on the same order, SEPA direct debit, the webhook (signed,
//! forged, stale, replayed, before and after the return, on two instances at once), refunds
//! through Stripe and one Stripe refuses, the hold time running out, Stripe not answering.

use crate::common;

use common::stripe::{authenticate, card_token, confirm_sepa, detail};
use common::{assert_wp_error, body, both_databases, invoice::note_texts, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

/// A shop with Stripe and an espresso (12,90 €, 10 in stock) in a new cart.
async fn shop_with_cart(app: &TestApp) -> (i64, String) {
    let id = app
        .simple(
            "Espresso Casa",
            "E-CASA",
            1290,
            TaxClass::Standard,
            Some(10),
        )
        .await;
    let token = app.new_cart().await;
    assert_eq!(app.add_item(&token, id, 2).await.status(), 201);
    (id, token)
}

/// Stripe's test cards: paid at once, asking for 3-D Secure, declined when charged.
const CARD: &str = "4242424242424242";
const CARD_3DS: &str = "4000002500003155";
const CARD_DECLINED: &str = "4000000000000341";

/// The checkout with a card of `number`, as the page sends it after Stripe.js made its token.
async fn pay_by_card(app: &TestApp, cart: &str, number: &str) -> reqwest::Response {
    app.post(
        "/checkout",
        Some(cart),
        card_checkout(&card_token(number).await),
    )
    .await
}

fn card_checkout(token: &str) -> Value {
    json!({
        "billing_address": common::billing(),
        "payment_method": "stripe",
        "payment_data": [{ "key": "stripe_source", "value": token }],
    })
}

async fn status(app: &TestApp, order: i64) -> String {
    app.order(order).await.status
}

async fn confirmations(app: &TestApp, order: i64) -> i64 {
    app.count(&format!(
        "SELECT COUNT(*) FROM mails WHERE kind = 'order_confirmation' AND order_id = {order}"
    ))
    .await
}

/// How many times the order became paid (its status-change notes to „In Bearbeitung“).
async fn paid_notes(app: &TestApp, order: i64) -> usize {
    note_texts(app, order)
        .await
        .iter()
        .filter(|n| n.contains("„In Bearbeitung“") && n.contains("geändert"))
        .count()
}

async fn wait_for_status(app: &TestApp, order: i64, want: &str) {
    for _ in 0..50 {
        if status(app, order).await == want {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("order {order} is {}, not {want}", status(app, order).await);
}

#[both_databases]
async fn a_card_pays_the_order_once(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let (product, cart) = shop_with_cart(&app).await;
    let res = pay_by_card(&app, &cart, CARD).await;
    assert_eq!(res.status(), 201);
    let v = body(res).await;
    assert_eq!(v["payment_result"]["payment_status"], "success");
    assert_eq!(v["status"], "processing");
    assert_eq!(v["payment_method"], "stripe");
    let id = v["order_id"].as_i64().unwrap();
    let order = app.order(id).await;
    assert!(
        order.transaction_id.starts_with("pi_"),
        "{}",
        order.transaction_id
    );
    assert!(order.paid_at.is_some());
    assert_eq!(app.stock(product).await, Some(8));
    // Stripe holds the payment of the order's total, made by the server, with the order named.
    let pi =
        common::stripe::api_get(&format!("/v1/payment_intents/{}", order.transaction_id)).await;
    assert_eq!(pi["amount"], order.total);
    assert_eq!(order.total, 2 * 1290 + 490, "goods and shipping");
    assert_eq!(pi["currency"], "eur");
    assert_eq!(pi["metadata"]["order_id"], id.to_string());
    assert_eq!(pi["status"], "succeeded");
    // Stripe's webhook follows a second later: paid once, confirmed once.
    for _ in 0..40 {
        if app.count("SELECT COUNT(*) FROM payment_events WHERE kind = 'payment_intent.succeeded' AND order_id IS NOT NULL").await > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(paid_notes(&app, id).await, 1);
    assert_eq!(confirmations(&app, id).await, 1);
    // wc/v3 reads as on a WooCommerce shop with the Stripe plugin.
    let admin = app.staff("administrator").await;
    let wc = app.get_as(&admin, &format!("/wc/v3/orders/{id}")).await;
    assert_eq!(wc["payment_method"], "stripe");
    assert_eq!(wc["transaction_id"], order.transaction_id);
    assert_eq!(wc["payment_method_title"], "Kreditkarte");
    let gateways = app.get_as(&admin, "/wc/v3/payment_gateways").await;
    let ids: Vec<&str> = gateways
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    assert!(
        ids.contains(&"stripe") && ids.contains(&"stripe_sepa"),
        "{ids:?}"
    );
}

#[both_databases]
async fn three_d_secure_passed_failed_and_tried_again(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let (product, cart) = shop_with_cart(&app).await;
    // The card asks for 3-D Secure: the order waits, the page completes it.
    let v = body(pay_by_card(&app, &cart, CARD_3DS).await).await;
    assert_eq!(v["payment_result"]["payment_status"], "pending", "{v}");
    let id = v["order_id"].as_i64().unwrap();
    let key = v["order_key"].as_str().unwrap().to_owned();
    assert_eq!(status(&app, id).await, "pending");
    assert_eq!(app.stock(product).await, Some(8), "held while it waits");
    let secret = detail(&v["payment_result"], "stripe_client_secret").to_owned();
    assert!(secret.contains("_secret_"));
    // The browser's word is not enough: before the shopper authenticates, nothing is paid.
    let early = body(app.payment_check(id, &key).await).await;
    assert_eq!(early["payment_result"]["payment_status"], "pending");
    assert_eq!(status(&app, id).await, "pending");
    // The authentication fails: the order has failed, its stock still held for another try.
    authenticate(&secret, false).await;
    let res = app.payment_check(id, &key).await;
    assert_eq!(res.status(), 402);
    let e = body(res).await;
    assert_wp_error(&e, "woocommerce_rest_checkout_process_payment_error", 402);
    assert_eq!(e["data"]["order_id"], id);
    assert!(e["message"].as_str().unwrap().contains("3-D Secure"), "{e}");
    assert_eq!(status(&app, id).await, "failed");
    assert_eq!(app.stock(product).await, Some(8));
    assert_eq!(confirmations(&app, id).await, 0);
    // Tried again on the same order with the same card: authenticated this time.
    let again = app
        .post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "billing_email": "anna@example.de", "payment_method": "stripe",
                    "payment_data": [{ "key": "stripe_source", "value": card_token(CARD_3DS).await }] }),
        )
        .await;
    assert_eq!(again.status(), 200);
    let again = body(again).await;
    assert_eq!(again["payment_result"]["payment_status"], "pending");
    authenticate(
        detail(&again["payment_result"], "stripe_client_secret"),
        true,
    )
    .await;
    let done = body(app.payment_check(id, &key).await).await;
    assert_eq!(
        done["payment_result"]["payment_status"], "success",
        "{done}"
    );
    assert_eq!(done["status"], "processing");
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 1);
    assert_eq!(
        app.stock(product).await,
        Some(8),
        "one hold for both attempts"
    );
    assert_eq!(app.order(id).await.payment_attempts, 2);
    assert_eq!(confirmations(&app, id).await, 1);
    // A key that is not the order's is no way in.
    let res = app.payment_check(id, "wc_order_wrong").await;
    assert_eq!(res.status(), 404);
}

#[both_databases]
async fn a_declined_card_then_another_method_for_the_same_order(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let (product, cart) = shop_with_cart(&app).await;
    let res = pay_by_card(&app, &cart, CARD_DECLINED).await;
    assert_eq!(res.status(), 402);
    let e = body(res).await;
    assert_wp_error(&e, "woocommerce_rest_checkout_process_payment_error", 402);
    assert_eq!(e["message"], "Die Zahlung wurde abgelehnt. Bitte versuchen Sie es noch einmal oder wählen Sie eine andere Zahlungsart.");
    let id = e["data"]["order_id"].as_i64().unwrap();
    let key = e["data"]["order_key"].as_str().unwrap().to_owned();
    assert_eq!(status(&app, id).await, "failed");
    assert!(note_texts(&app, id)
        .await
        .iter()
        .any(|n| n.starts_with("Zahlung fehlgeschlagen")));
    // The double click: the cart's order again, no second payment.
    let repeat = pay_by_card(&app, &cart, CARD).await;
    let (code, repeat) = (repeat.status(), body(repeat).await);
    assert_eq!(code, 200, "{repeat}");
    assert_eq!(repeat["order_id"], id);
    assert_eq!(app.order(id).await.payment_attempts, 1);
    // A card without a token is refused before anything is asked of Stripe.
    let res = app
        .post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "payment_method": "stripe" }),
        )
        .await;
    assert_eq!(res.status(), 400);
    assert!(body(res).await["data"]["params"]["payment_data"].is_string());
    // Another method for the same order: Vorkasse, confirmed as if placed with it.
    let res = app
        .post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "payment_method": "bacs" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let v = body(res).await;
    assert_eq!(v["status"], "on-hold");
    assert_eq!(v["payment_method"], "bacs");
    assert_eq!(app.stock(product).await, Some(8));
    assert_eq!(confirmations(&app, id).await, 1);
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 1);
    // Now it no longer waits for an online payment.
    let res = app
        .post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "payment_method": "stripe",
            "payment_data": [{ "key": "stripe_source", "value": card_token(CARD).await }] }),
        )
        .await;
    assert_eq!(res.status(), 409);
    assert_wp_error(&body(res).await, "laden_order_not_awaiting_payment", 409);
}

#[both_databases]
async fn an_unpaid_order_is_paid_later_from_its_pay_page(db: Backend) {
    let app = TestApp::with_stripe_rendering(db, true).await;
    let admin = app.staff("administrator").await;
    let customer = app.staff("customer").await;
    let email = format!("{}@example.de", customer.login);
    let (_, cart) = shop_with_cart(&app).await;
    let mut checkout = card_checkout(&card_token(CARD_DECLINED).await);
    checkout["billing_address"]["email"] = json!(email);
    let e = body(app.post("/checkout", Some(&cart), checkout).await).await;
    let id = e["data"]["order_id"].as_i64().unwrap();
    let key = e["data"]["order_key"].as_str().unwrap().to_owned();
    let pay_path = format!("/kasse/order-pay/{id}/?pay_for_order=true&key={key}");
    // Connectors and the order's pages name where it is paid, as WooCommerce's `payment_url`.
    let (_, wc) = app.wc_get(&admin, &format!("/orders/{id}")).await;
    assert_eq!(wc["needs_payment"], true);
    assert_eq!(wc["payment_url"], format!("{}{pay_path}", app.site_url));
    let store = body(
        app.client
            .get(app.url(&format!("/wp-json/wc/store/v1/order/{id}?key={key}")))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(store["needs_payment"], true, "{store}");
    assert_eq!(store["extensions"]["laden"]["pay_url"], pay_path, "{store}");
    let (_, list) = app
        .page_as(Some(&customer.cookie), "/mein-konto/bestellungen/")
        .await;
    assert!(
        list.contains(&format!(
            "<a href=\"{}\">Jetzt bezahlen</a>",
            pay_path.replace('&', "&amp;")
        )),
        "{list}"
    );
    let (_, detail) = app
        .page_as(
            Some(&customer.cookie),
            &format!("/mein-konto/bestellungen/{id}/"),
        )
        .await;
    assert!(
        detail.contains("Diese Bestellung ist noch nicht bezahlt."),
        "{detail}"
    );

    // The pay page: the order with the shop's methods, Stripe let in; only with the order's key.
    let res = app.get(&pay_path).await;
    assert_eq!(res.status(), 200);
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(csp.contains(common::stripe::server().await), "{csp}");
    let html = res.text().await.unwrap();
    for part in [
        // Rendered on the server too.
        "<h1>Für Bestellung bezahlen</h1>",
        "\"route\":\"orderPay\"",
        "\"payable\":true",
        common::stripe::PUBLISHABLE,
        "noindex",
    ] {
        assert!(html.contains(part), "{part}: {html}");
    }
    let wrong = app
        .get(&format!(
            "/kasse/order-pay/{id}/?pay_for_order=true&key=wc_order_wrong"
        ))
        .await;
    assert_eq!(wrong.status(), 404);
    assert!(!wrong.text().await.unwrap().contains("Espresso Casa"));

    // Paid from there with another card: the same order, paid once; the page then says so.
    let res = app
        .post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "billing_email": email, "payment_method": "stripe",
                "payment_data": [{ "key": "stripe_source", "value": card_token(CARD).await }] }),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(status(&app, id).await, "processing");
    let html = app.get(&pay_path).await.text().await.unwrap();
    assert!(html.contains("\"payable\":false"), "{html}");
    let (_, wc) = app.wc_get(&admin, &format!("/orders/{id}")).await;
    assert_eq!(wc["needs_payment"], false);
    let (_, detail) = app
        .page_as(
            Some(&customer.cookie),
            &format!("/mein-konto/bestellungen/{id}/"),
        )
        .await;
    assert!(!detail.contains("Jetzt bezahlen"), "{detail}");
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 1);
}

/// A signed Stripe event of `kind` for intent `pi` (amount in cents).
fn event(id: &str, kind: &str, pi: &str, amount: i64) -> Value {
    json!({ "id": id, "object": "event", "type": kind, "data": { "object": {
        "id": pi, "object": "payment_intent", "status": "succeeded", "amount": amount, "currency": "eur" } } })
}

#[both_databases]
async fn webhooks_are_signed_handled_once_and_paid_once_on_two_instances(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let secret = app.stripe_config().webhook_secret;
    let now = laden_http::dates::now();
    let (_, cart) = shop_with_cart(&app).await;
    let v = body(pay_by_card(&app, &cart, CARD_3DS).await).await;
    let id = v["order_id"].as_i64().unwrap();
    let key = v["order_key"].as_str().unwrap().to_owned();
    let order = app.order(id).await;
    let pi = order.transaction_id;
    let paid = event("evt_laden_1", "payment_intent.succeeded", &pi, order.total);
    // Missing, forged and stale signatures change nothing.
    let res = app
        .client
        .post(app.url("/wp-json/laden/v1/payments/stripe/webhook"))
        .body(paid.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    assert_wp_error(&body(res).await, "laden_webhook_signature", 400);
    for (signing, at) in [("whsec_forged", now), (secret.as_str(), now - 301)] {
        let res = app.stripe_event(&paid, signing, at).await;
        assert_eq!(res.status(), 400, "{signing} {at}");
    }
    assert_eq!(status(&app, id).await, "pending");
    // Of another amount than the order's: never paid.
    let res = app
        .stripe_event(
            &event("evt_laden_0", "payment_intent.succeeded", &pi, 1),
            &secret,
            now,
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(status(&app, id).await, "pending");
    assert!(note_texts(&app, id)
        .await
        .iter()
        .any(|n| n.contains("nicht als bezahlt markiert")));
    // The shopper authenticates; the webhook (second instance) and the return (first) come at once.
    authenticate(detail(&v["payment_result"], "stripe_client_secret"), true).await;
    let peer = app.peer_with_payments().await;
    let (hook, back) = tokio::join!(
        peer.stripe_event(&paid, &secret, now),
        app.payment_check(id, &key)
    );
    assert_eq!(hook.status(), 200);
    assert_eq!(back.status(), 200);
    assert_eq!(status(&app, id).await, "processing");
    assert_eq!(paid_notes(&app, id).await, 1);
    assert_eq!(confirmations(&app, id).await, 1);
    // The same event again: 200, nothing changes.
    let notes = note_texts(&app, id).await.len();
    let replay = body(app.stripe_event(&paid, &secret, now).await).await;
    assert_eq!(replay["replayed"], true);
    assert_eq!(note_texts(&app, id).await.len(), notes);
    // A payment no order of this shop has: 200 (or Stripe sends it for days), nothing changes.
    let other = body(
        app.stripe_event(
            &event("evt_laden_2", "payment_intent.succeeded", "pi_unknown", 100),
            &secret,
            now,
        )
        .await,
    )
    .await;
    assert_eq!(other["order"], Value::Null);
    // A refund made in Stripe's dashboard and a dispute become notes staff see.
    let refunded = json!({ "id": "evt_laden_3", "type": "charge.refunded", "data": { "object": { "id": "ch_1", "object": "charge", "payment_intent": pi, "amount_refunded": 500 } } });
    assert_eq!(
        app.stripe_event(&refunded, &secret, now).await.status(),
        200
    );
    let dispute = json!({ "id": "evt_laden_4", "type": "charge.dispute.created", "data": { "object": { "id": "dp_1", "object": "dispute", "payment_intent": pi, "amount": 2580, "reason": "fraudulent" } } });
    assert_eq!(app.stripe_event(&dispute, &secret, now).await.status(), 200);
    let notes = note_texts(&app, id).await;
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Stripe meldet eine Erstattung") && n.contains("5,00 €")),
        "{notes:?}"
    );
    assert!(
        notes.iter().any(
            |n| n.contains("widerspricht der Zahlung über 25,80 €") && n.contains("fraudulent")
        ),
        "{notes:?}"
    );
    // The admin sees when Stripe was last heard.
    let admin = app.staff("administrator").await;
    let status = app.get_as(&admin, "/laden/v1/payments").await;
    assert!(
        status["stripe"]["last_webhook"]
            .as_str()
            .is_some_and(|at| at.len() == 19 && at.contains('T')),
        "{status}"
    );
}

#[both_databases]
async fn the_webhook_before_the_return(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let secret = app.stripe_config().webhook_secret;
    let (_, cart) = shop_with_cart(&app).await;
    let v = body(pay_by_card(&app, &cart, CARD_3DS).await).await;
    let id = v["order_id"].as_i64().unwrap();
    let key = v["order_key"].as_str().unwrap().to_owned();
    authenticate(detail(&v["payment_result"], "stripe_client_secret"), true).await;
    let order = app.order(id).await;
    let hook = app
        .stripe_event(
            &event(
                "evt_first",
                "payment_intent.succeeded",
                &order.transaction_id,
                order.total,
            ),
            &secret,
            laden_http::dates::now(),
        )
        .await;
    assert_eq!(body(hook).await["changed"], true);
    let back = body(app.payment_check(id, &key).await).await;
    assert_eq!(back["payment_result"]["payment_status"], "success");
    assert_eq!(paid_notes(&app, id).await, 1);
}

#[both_databases]
async fn refunds_go_through_stripe_or_are_not_recorded(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let admin = app.staff("administrator").await;
    let (_, cart) = shop_with_cart(&app).await;
    let v = body(pay_by_card(&app, &cart, CARD).await).await;
    let id = v["order_id"].as_i64().unwrap();
    let refund = app
        .send_as(
            &admin,
            reqwest::Method::POST,
            &format!("/wc/v3/orders/{id}/refunds"),
            &json!({ "amount": "5.00", "reason": "Bruch", "api_refund": true }),
        )
        .await;
    assert_eq!(refund.status(), 201);
    let order = app.order(id).await;
    assert_eq!(order.refunds.len(), 1);
    assert_eq!(order.refunds[0].amount, 500);
    let notes = note_texts(&app, id).await;
    let via = notes
        .iter()
        .find(|n| n.contains("Zahlungsdienstleister zurückgezahlt"))
        .expect("refund note");
    let re = via.split('(').nth(1).unwrap().trim_end_matches(").");
    assert!(re.starts_with("re_"), "{via}");
    let at_stripe = common::stripe::api_get(&format!("/v1/refunds/{re}")).await;
    assert_eq!(at_stripe["amount"], 500);
    // A payment that failed at Stripe cannot be refunded there: refused, nothing recorded.
    let (_, cart) = shop_with_cart(&app).await;
    let e = body(pay_by_card(&app, &cart, CARD_DECLINED).await).await;
    let failed = e["data"]["order_id"].as_i64().unwrap();
    let res = app
        .send_as(
            &admin,
            reqwest::Method::PUT,
            &format!("/wc/v3/orders/{failed}"),
            &json!({ "status": "processing" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let res = app
        .send_as(
            &admin,
            reqwest::Method::POST,
            &format!("/wc/v3/orders/{failed}/refunds"),
            &json!({ "amount": "5.00", "api_refund": true }),
        )
        .await;
    assert_eq!(res.status(), 400);
    let e = body(res).await;
    assert_wp_error(&e, "woocommerce_rest_cannot_create_order_refund", 400);
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("Stripe hat nicht erstattet"),
        "{e}"
    );
    assert!(app.order(failed).await.refunds.is_empty());
    // An offline method's refund is still recorded only as staff made it themselves.
    let res = app
        .send_as(
            &admin,
            reqwest::Method::POST,
            &format!("/wc/v3/orders/{failed}/refunds"),
            &json!({ "amount": "5.00", "api_refund": false }),
        )
        .await;
    assert_eq!(res.status(), 201);
}

#[both_databases]
async fn sepa_debit_with_its_mandate(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    let (product, cart) = shop_with_cart(&app).await;
    let sepa = |ticked: Value| {
        json!({ "billing_address": common::billing(), "payment_method": "stripe_sepa",
        "extensions": { "laden": { "checkboxes": ticked } } })
    };
    let res = app
        .post("/checkout", Some(&cart), sepa(json!(["terms"])))
        .await;
    assert_eq!(res.status(), 400);
    assert_eq!(
        body(res).await["data"]["params"]["sepa_mandate"],
        "Bitte erteilen Sie das SEPA-Lastschriftmandat."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
    let v = body(
        app.post(
            "/checkout",
            Some(&cart),
            sepa(json!(["terms", "sepa_mandate"])),
        )
        .await,
    )
    .await;
    assert_eq!(v["payment_result"]["payment_status"], "pending", "{v}");
    let id = v["order_id"].as_i64().unwrap();
    let key = v["order_key"].as_str().unwrap().to_owned();
    let order = app.order(id).await;
    let mandate = common::agreements(&order)
        .into_iter()
        .find(|(id, _)| *id == "sepa_mandate")
        .map(|(_, text)| text.to_owned())
        .expect("the mandate is recorded");
    assert!(
        mandate.starts_with("Ich ermächtige") && mandate.contains("Stripe"),
        "{mandate}"
    );
    // The bank refuses the debit after it was submitted: on hold, then failed.
    confirm_sepa(
        detail(&v["payment_result"], "stripe_setup_secret"),
        "DE62370400440532013001",
    )
    .await;
    let back = body(app.payment_check(id, &key).await).await;
    assert_eq!(back["status"], "on-hold", "{back}");
    assert_eq!(confirmations(&app, id).await, 1);
    wait_for_status(&app, id, "failed").await;
    assert_eq!(app.stock(product).await, Some(8));
    // Tried again with a good account: the debit goes through.
    let again = body(
        app.post(
            &format!("/checkout/{id}"),
            None,
            json!({ "key": key, "payment_method": "stripe_sepa",
            "extensions": { "laden": { "checkboxes": ["sepa_mandate"] } } }),
        )
        .await,
    )
    .await;
    confirm_sepa(
        detail(&again["payment_result"], "stripe_setup_secret"),
        "DE89370400440532013000",
    )
    .await;
    let back = body(app.payment_check(id, &key).await).await;
    assert_eq!(
        back["payment_result"]["payment_status"], "success",
        "{back}"
    );
    wait_for_status(&app, id, "processing").await;
    let pi = common::stripe::api_get(&format!(
        "/v1/payment_intents/{}",
        app.order(id).await.transaction_id
    ))
    .await;
    assert_eq!(pi["amount"], app.order(id).await.total);
    assert!(
        pi["payment_method"].as_str().unwrap().starts_with("pm_"),
        "{pi}"
    );
}

#[both_databases]
async fn unpaid_orders_give_their_stock_back_after_the_hold_time(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    app.set(|s| s.shop.hold_stock_minutes = 30).await;
    let (product, cart) = shop_with_cart(&app).await;
    let v = body(pay_by_card(&app, &cart, CARD_3DS).await).await;
    let id = v["order_id"].as_i64().unwrap();
    assert_eq!(app.stock(product).await, Some(8));
    let now = laden_http::dates::now();
    assert_eq!(app.store.cancel_unpaid(now + 29 * 60).await.unwrap(), 0);
    assert_eq!(app.store.cancel_unpaid(now + 31 * 60).await.unwrap(), 1);
    assert_eq!(status(&app, id).await, "cancelled");
    assert_eq!(app.stock(product).await, Some(10));
    assert!(note_texts(&app, id)
        .await
        .iter()
        .any(|n| n == "Unbezahlte Bestellung storniert – Zeitlimit erreicht."));
    // A payment that still arrives is noted for staff to refund, not taken as the order's.
    authenticate(detail(&v["payment_result"], "stripe_client_secret"), true).await;
    let back = body(
        app.payment_check(id, v["order_key"].as_str().unwrap())
            .await,
    )
    .await;
    assert_eq!(back["status"], "cancelled");
    assert!(note_texts(&app, id)
        .await
        .iter()
        .any(|n| n.contains("obwohl sie „Storniert“ ist")));
    assert_eq!(app.store.cancel_unpaid(now + 600 * 60).await.unwrap(), 0);
}

#[both_databases]
async fn stripe_not_answering_leaves_a_clear_message_and_nothing_half_done(db: Backend) {
    // A server that takes the connection and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", silent.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = silent.accept().await {
            held.push(s);
        }
    });
    let mut cfg = common::stripe::config().await;
    cfg.api_base = base;
    cfg.timeout = std::time::Duration::from_secs(1);
    let app = TestApp::start_configured(db, false, |c| c.stripe = Some(cfg)).await;
    app.set(|s| s.shop.payment_methods = vec!["stripe".into(), "bacs".into()])
        .await;
    let (product, cart) = shop_with_cart(&app).await;
    let res = app
        .post("/checkout", Some(&cart), card_checkout("tok_whatever"))
        .await;
    assert_eq!(res.status(), 504);
    let e = body(res).await;
    assert_wp_error(&e, "woocommerce_rest_checkout_process_payment_error", 504);
    assert!(
        e["message"].as_str().unwrap().contains("nicht rechtzeitig"),
        "{e}"
    );
    let id = e["data"]["order_id"].as_i64().unwrap();
    // The order waits for its payment (or the hold time), nothing paid, nothing failed.
    assert_eq!(status(&app, id).await, "pending");
    assert_eq!(app.stock(product).await, Some(8));
    assert_eq!(confirmations(&app, id).await, 0);
}

#[both_databases]
async fn stripe_is_offered_only_where_it_is_set_up(db: Backend) {
    // Unregistered: localstripe sends every event to every webhook, so a registered shop could
    // hear of another test's payment before it is asked whether it has heard anything.
    let app = TestApp::with_stripe_unregistered(db, false).await;
    let admin = app.staff("administrator").await;
    let stripe_origin = common::stripe::server().await;
    // Only the checkout's policy lets Stripe.js in; its page carries the publishable key.
    let checkout = app.get("/kasse/").await;
    let csp = checkout.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        csp.contains("script-src 'self'") && csp.contains(stripe_origin),
        "{csp}"
    );
    let html = checkout.text().await.unwrap();
    assert!(
        html.contains(common::stripe::PUBLISHABLE),
        "the checkout names the key"
    );
    assert!(
        html.contains("Ich ermächtige"),
        "the mandate text is on the checkout"
    );
    let home = app.get("/").await;
    let csp = home.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!csp.contains(stripe_origin), "{csp}");
    // With Stripe's keys but no Stripe method offered, the checkout lets no Stripe in either.
    let offered = app.store.settings().await.unwrap().shop.payment_methods;
    app.set(|s| s.shop.payment_methods = vec!["bacs".into()])
        .await;
    let checkout = app.get("/kasse/").await;
    let csp = checkout.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!csp.contains(stripe_origin), "{csp}");
    app.set(|s| s.shop.payment_methods = offered).await;
    // The hold time is a setting, within a minute and a week.
    let (status, _) = app
        .change_settings(&admin, json!({ "laden_hold_stock_minutes": 45 }))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.store.settings().await.unwrap().shop.hold_stock_minutes,
        45
    );
    let (status, e) = app
        .change_settings(&admin, json!({ "laden_hold_stock_minutes": 0 }))
        .await;
    assert_eq!(status, 400, "{e}");
    assert!(
        e["data"]["params"]["laden_hold_stock_minutes"].is_string(),
        "{e}"
    );
    let gateways = app.get_as(&admin, "/wc/v3/payment_gateways").await;
    let stripe = gateways
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "stripe")
        .unwrap()
        .clone();
    assert_eq!(stripe["enabled"], true);
    // The settings screen shows the provider's set-up: test mode, the webhook address, not
    // heard yet; to administrators only.
    let providers = app.get_as(&admin, "/laden/v1/payments").await;
    assert_eq!(
        providers["stripe"],
        json!({
            "configured": true,
            "mode": "test",
            "methods": ["stripe", "stripe_sepa"],
            "webhook_url": format!("{}/wp-json/laden/v1/payments/stripe/webhook", app.site_url),
            "webhook_secret_set": true,
            "last_webhook": null,
        })
    );
    let manager = app.staff("shop_manager").await;
    let (code, e) = app
        .call(
            reqwest::Method::GET,
            "/laden/v1/payments",
            Some(&manager),
            None,
        )
        .await;
    assert_eq!(code, 403, "{e}");

    // The same shop's settings on an instance without Stripe's keys: not offered, not accepted.
    let plain = app.peer().await;
    let gateways = plain.get_as(&admin, "/wc/v3/payment_gateways").await;
    let stripe = gateways
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "stripe")
        .unwrap()
        .clone();
    assert_eq!(stripe["enabled"], false);
    let providers = plain.get_as(&admin, "/laden/v1/payments").await;
    assert_eq!(providers["stripe"]["configured"], false);
    assert_eq!(providers["stripe"]["mode"], "");
    assert_eq!(providers["stripe"]["webhook_secret_set"], false);
    let html = plain.get("/kasse/").await.text().await.unwrap();
    assert!(!html.contains(common::stripe::PUBLISHABLE));
    let (_, cart) = shop_with_cart(&plain).await;
    let methods = |v: Value| v["payment_methods"].clone();
    let listed = methods(
        body(
            plain
                .client
                .get(plain.url("/wp-json/wc/store/v1/cart"))
                .header("Cart-Token", &cart)
                .send()
                .await
                .unwrap(),
        )
        .await,
    );
    assert_eq!(
        listed,
        json!(["bacs", "invoice"]),
        "the cart lists what the checkout offers"
    );
    let listed = methods(
        body(
            app.client
                .get(app.url("/wp-json/wc/store/v1/cart"))
                .header("Cart-Token", &cart)
                .send()
                .await
                .unwrap(),
        )
        .await,
    );
    assert_eq!(listed, json!(["bacs", "invoice", "stripe", "stripe_sepa"]));
    let res = plain
        .post("/checkout", Some(&cart), card_checkout("tok_x"))
        .await;
    assert_eq!(res.status(), 400);
    assert!(body(res).await["data"]["params"]["payment_method"].is_string());
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, 0);
}

#[both_databases]
async fn an_online_order_is_invoiced_once_paid_with_the_cards_means_code(db: Backend) {
    let app = TestApp::with_stripe(db).await;
    common::invoice::seller(&app, "order").await;
    let admin = app.staff("administrator").await;
    let (_, cart) = shop_with_cart(&app).await;
    let v = body(pay_by_card(&app, &cart, CARD_3DS).await).await;
    let id = v["order_id"].as_i64().unwrap();
    // Awaiting its payment it is no sale yet: no invoice, no confirmation.
    assert!(app.order(id).await.invoices.is_empty());
    authenticate(detail(&v["payment_result"], "stripe_client_secret"), true).await;
    let back = body(
        app.payment_check(id, v["order_key"].as_str().unwrap())
            .await,
    )
    .await;
    assert_eq!(back["status"], "processing");
    let invoices = app.order(id).await.invoices;
    assert_eq!(invoices.len(), 1);
    let read = common::invoice::checked_invoices(&app, &admin, [invoices[0].id]).await;
    assert_eq!(read[0]["means_code"], "54", "card payment (UNCL 4461)");
    let total = app.order(id).await.total;
    assert_eq!(read[0]["grand_total"], total);
    // Paid before it was invoiced: the XML says so (BT-113), nothing is left to pay (BT-115).
    assert_eq!(read[0]["prepaid"], total);
    assert_eq!(read[0]["due"], 0);
    assert_eq!(
        read[0]["payment_terms"],
        "Zahlungsart: Kreditkarte. Den Rechnungsbetrag haben wir dankend erhalten."
    );
}
