//! German legal requirements over HTTP on SQLite and PostgreSQL: the checkout's
//! checkboxes and what the order records, the small-business rule, e-mails
//! (rendering, outbox, SMTP, retries), the withdrawal button and the lowest
//! price before a reduction.

#![allow(clippy::unwrap_used)]

mod common;

use common::{assert_wp_error, billing, body, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use laden_http::mail::{deliver_due, preview, MailTransport};
use laden_http::{AppState, HttpConfig};
use laden_store::{Db, MailKind};
use reqwest::Method;
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

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

both_databases!(
    checkout_checkboxes_are_checked_and_recorded,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
            let v = body(
                app.post("/checkout", Some(&token), with(bad.clone(), billing()))
                    .await,
            )
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
        let v = app.post_as(&m, "/wp/v2/settings", json!({ "laden_order_button_text": "Jetzt kaufen", "laden_checkbox_parcel_delivery": false, "laden_checkbox_digital_waiver": true })).await;
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
);

both_databases!(
    small_business_charges_and_shows_no_vat,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
        assert_eq!(order.items[0].tax_rate, 0);
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
);

both_databases!(
    order_confirmation_is_rendered_and_written_to_the_outbox,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        legal_pages(&app).await;
        app.set(|s| {
            s.site.name = "Rösterei Test".into();
            s.shop.email = "hallo@roesterei.example".into();
            s.shop.bank_account_holder = "Rösterei Test GmbH".into();
            s.shop.bank_iban = "DE89 3704 0044 0532 0130 00".into();
            s.shop.bank_bic = "COBADEFF370".into();
            s.shop.address = "Hauptstraße 1\n04109 Leipzig".into();
        })
        .await;
        // The espresso is sold by weight: 250 g, so 11,90 € make 47,60 € per kilogram.
        let (_, espresso) = cart_with_espresso(&app).await;
        let m = app.staff("shop_manager").await;
        let meta = json!({ "meta_data": [{ "key": "_unit", "value": "g" }, { "key": "_unit_product", "value": "250" }] });
        assert_eq!(
            app.send_as(
                &m,
                Method::PUT,
                &format!("/wc/v3/products/{espresso}"),
                &meta
            )
            .await
            .status(),
            200
        );
        let order_id = place(&app, "bacs").await;
        let order = app.order(order_id).await;
        assert_eq!(
            order.items[0].unit_pricing,
            json!({ "price": 4760, "base": "1 kg", "content": "250 g" }),
            "the order line keeps its Grundpreis"
        );
        let queued = mails(&app, order_id).await;
        assert_eq!(queued.len(), 1);
        assert_eq!(
            (
                queued[0].kind,
                queued[0].status.as_str(),
                queued[0].recipient.as_str()
            ),
            (MailKind::OrderConfirmation, "pending", "anna@example.de")
        );

        let p = preview(&app.state, &queued[0]).await.unwrap();
        assert_eq!(
            p.subject,
            format!("Ihre Bestellung Nr. {order_id} bei Rösterei Test")
        );
        // Amounts keep their currency on the same line (no-break space).
        assert!(p.text.contains("11,90\u{a0}€"));
        let text = p.text.replace('\u{a0}', " ");
        for expected in [
            "Hallo Anna,".to_owned(),
            format!("wir haben Ihre Bestellung Nr. {order_id} vom"),
            "1 × Espresso: 11,90 €".into(),
            "(47,60 € / 1 kg) · Lieferzeit: 2–4 Werktage".into(),
            "Versand: 4,90 €".into(),
            "Gesamtsumme: 16,80 €".into(),
            "enthaltene MwSt. 19 %: 2,68 €".into(),
            "Unsere Bankverbindung".into(),
            "Kontoinhaber: Rösterei Test GmbH".into(),
            "IBAN: DE89 3704 0044 0532 0130 00".into(),
            "BIC: COBADEFF370".into(),
            "Betrag: 16,80 €".into(),
            format!("Verwendungszweck: Bestellung {order_id}"),
            "Hauptstraße 5".into(),
            "✓ Ich habe die AGB und die Widerrufsbelehrung gelesen und akzeptiere sie.".into(),
            "Vertrag widerrufen: https://shop.example.de/vertrag-widerrufen/".into(),
            "AGB: https://shop.example.de/agb/".into(),
            "Hauptstraße 1".into(),
        ] {
            assert!(text.contains(&expected), "text lacks {expected:?}:\n{text}");
        }
        assert!(
            p.html.contains("<html lang=\"de\">")
                && p.html.contains("Unsere Bankverbindung")
                && p.html.contains("Rösterei Test GmbH")
        );
        assert!(!p.html.contains("<script"), "nothing executable");
        let names: Vec<&str> = p.attachments.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["AGB.html", "Widerrufsbelehrung.html"]);
        assert!(
            p.attachments[0].1.contains("§ 1 Geltungsbereich")
                && p.attachments[0].1.contains("Fassung 1, Stand"),
            "{}",
            p.attachments[0].1
        );

        // Without SMTP the mail becomes a file in the outbox, once.
        assert_eq!(deliver_due(&app.state).await, 1);
        assert_eq!(deliver_due(&app.state).await, 0);
        let outbox = app.uploads.with_file_name("outbox");
        let file = outbox.join(format!("{:08}-order_confirmation.eml", queued[0].id));
        let raw =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(raw.contains("To: anna@example.de"), "{raw}");
        assert!(
            raw.contains("hallo@roesterei.example"),
            "sender is the shop's address"
        );
        assert!(
            raw.contains("multipart/mixed")
                && raw.contains("multipart/alternative")
                && raw.contains("text/plain")
                && raw.contains("text/html")
        );
        assert!(
            raw.contains("filename=\"AGB.html\"")
                && raw.contains("filename=\"Widerrufsbelehrung.html\""),
            "{raw}"
        );
        let sent = &mails(&app, order_id).await[0];
        assert_eq!(sent.status, "sent");
        assert!(sent.sent_at.is_some());
        assert_eq!(
            std::fs::read_dir(&outbox).unwrap().count(),
            1,
            "no temporary files left"
        );
    }
);

both_databases!(
    two_instances_deliver_each_mail_once,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let mut orders = Vec::new();
        for _ in 0..6 {
            orders.push(place(&app, "cod").await);
        }
        // A second instance on the same database, writing to the same outbox.
        let other = state_with(
            &app,
            MailTransport::Outbox(app.uploads.with_file_name("outbox")),
        );
        let (a, b) = tokio::join!(deliver_due(&app.state), deliver_due(&other));
        assert_eq!(a + b, 6, "every mail once: {a} + {b}");
        let files = std::fs::read_dir(app.uploads.with_file_name("outbox"))
            .unwrap()
            .count();
        assert_eq!(files, 6);
        for id in orders {
            let m = &mails(&app, id).await[0];
            assert_eq!((m.status.as_str(), m.attempts), ("sent", 1));
        }
    }
);

/// A minimal SMTP server that accepts every message and hands over what it received.
async fn fake_smtp() -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let (r, mut w) = sock.into_split();
                let mut lines = BufReader::new(r).lines();
                w.write_all(b"220 test ESMTP\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(d) = data.as_mut() {
                        if line == "." {
                            tx.send(data.take().unwrap()).unwrap();
                            w.write_all(b"250 OK queued\r\n").await.unwrap();
                        } else {
                            d.push_str(&line);
                            d.push('\n');
                        }
                        continue;
                    }
                    let verb = line.split(' ').next().unwrap_or("").to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250-test\r\n250 8BITMIME\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            w.write_all(b"221 bye\r\n").await.unwrap();
                            return;
                        }
                        _ => b"250 OK\r\n",
                    };
                    w.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, rx)
}

fn state_with(app: &TestApp, transport: MailTransport) -> AppState {
    let mut cfg = HttpConfig::new(
        app.site_url.clone(),
        app.uploads.clone(),
        common::web_dir(),
        "test-secret".into(),
    );
    cfg.mail = transport;
    AppState::new(app.store.clone(), cfg, None)
}

both_databases!(
    smtp_delivery_is_retried_and_never_touches_the_order,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let order_id = place(&app, "cod").await;
        // A server that is down: the mail waits for the next attempt, the order stays as it is.
        let closed = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let down = state_with(
            &app,
            MailTransport::Smtp(format!("smtp://127.0.0.1:{closed}")),
        );
        assert_eq!(deliver_due(&down).await, 0);
        let m = &mails(&app, order_id).await[0];
        assert_eq!((m.status.as_str(), m.attempts), ("pending", 1));
        assert!(m.last_error.contains("SMTP"), "{}", m.last_error);
        assert!(
            m.next_attempt_at >= m.created_at + 55,
            "back-off of a minute"
        );
        assert_eq!(deliver_due(&down).await, 0, "not due again yet");
        assert_eq!(mails(&app, order_id).await[0].attempts, 1);
        let order = app.order(order_id).await;
        assert_eq!(order.status, "processing");

        // The server is back: the retry delivers the message.
        let (port, mut received) = fake_smtp().await;
        let up = state_with(
            &app,
            MailTransport::Smtp(format!("smtp://127.0.0.1:{port}")),
        );
        app.store.retry_mails_now().await.unwrap();
        assert_eq!(deliver_due(&up).await, 1);
        let data = received.recv().await.unwrap();
        assert!(
            data.contains("To: anna@example.de") && data.contains("multipart/alternative"),
            "{data}"
        );
        assert_eq!(mails(&app, order_id).await[0].status, "sent");

        // A mail that never goes through is given up after every back-off step, and says why.
        let second = place(&app, "cod").await;
        for _ in 0..laden_store::mail::RETRY_DELAYS.len() + 1 {
            app.store.retry_mails_now().await.unwrap();
            deliver_due(&down).await;
        }
        let m = &mails(&app, second).await[0];
        assert_eq!(
            (m.status.as_str(), m.attempts),
            ("failed", laden_store::mail::RETRY_DELAYS.len() as i64 + 1)
        );
        assert!(!m.last_error.is_empty());
        app.store.retry_mails_now().await.unwrap();
        assert_eq!(
            deliver_due(&up).await,
            0,
            "a failed mail is not retried by itself"
        );
    }
);

both_databases!(
    withdrawal_button_two_steps_for_guests,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
        let res = app
            .send_as(
                &m,
                Method::PUT,
                &format!("/wc/v3/orders/{other}"),
                &json!({ "status": "cancelled" }),
            )
            .await;
        assert_eq!(res.status(), 200);
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
);

both_databases!(shipping_notice_when_completed, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let order_id = place(&app, "cod").await;
    let m = app.staff("shop_manager").await;
    for _ in 0..2 {
        let res = app
            .send_as(
                &m,
                Method::PUT,
                &format!("/wc/v3/orders/{order_id}"),
                &json!({ "status": "completed" }),
            )
            .await;
        assert_eq!(res.status(), 200);
    }
    let queued = mails(&app, order_id).await;
    let kinds: Vec<MailKind> = queued.iter().map(|m| m.kind).collect();
    assert_eq!(
        kinds,
        [MailKind::OrderConfirmation, MailKind::ShippingNotice],
        "one notice per completion"
    );
    let p = preview(&app.state, &queued[1]).await.unwrap();
    assert_eq!(
        p.subject,
        format!("Ihre Bestellung Nr. {order_id} wurde versandt")
    );
    assert!(
        p.text.contains("Ihre Bestellung ist unterwegs") && p.text.contains("Hauptstraße 5"),
        "{}",
        p.text
    );
});

/// Moves a product's whole price history `days` into the past (the history is written by the database).
async fn age_history(app: &TestApp, product: i64, days: i64) {
    let sql = "UPDATE price_history SET since = since - $1 WHERE product_id = $2";
    match &app.store.db {
        Db::Sqlite(p) => sqlx::query(sql)
            .bind(days * 86_400)
            .bind(product)
            .execute(p)
            .await
            .map(|_| ())
            .unwrap(),
        Db::Postgres(p) => sqlx::query(sql)
            .bind(days * 86_400)
            .bind(product)
            .execute(p)
            .await
            .map(|_| ())
            .unwrap(),
    }
}

both_databases!(
    lowest_price_of_30_days_before_a_reduction,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Mühle", "M-1", 4000, TaxClass::Standard, Some(5))
            .await;
        let m = app.staff("shop_manager").await;
        let lowest = |v: &Value| v["extensions"]["laden"]["lowest_price"].clone();
        let product = || async {
            body(
                app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
                    .await,
            )
            .await
        };
        assert_eq!(
            lowest(&product().await),
            Value::Null,
            "not on sale: nothing to show"
        );

        // 40,00 € for 60 days, 35,00 € for a week 40 days ago (outside the window), then 40,00 € again.
        age_history(&app, id, 60).await;
        let put = |body: Value| {
            let app = &app;
            let m = &m;
            async move {
                let res = app
                    .send_as(m, Method::PUT, &format!("/wc/v3/products/{id}"), &body)
                    .await;
                assert_eq!(res.status(), 200);
            }
        };
        put(json!({ "sale_price": "35.00" })).await;
        age_history(&app, id, 40).await; // everything so far is 40 days older …
        put(json!({ "sale_price": "" })).await;
        age_history(&app, id, 33).await; // … the 35,00 € ended 33 days ago.
                                         // Now reduced to 30,00 €: the lowest price of the 30 days before is 40,00 €.
        put(json!({ "sale_price": "30.00" })).await;
        let v = product().await;
        assert_eq!(v["prices"]["price"], "3000");
        assert_eq!(lowest(&v), json!(4000));

        // A week later the price goes further down to 25,00 €: the 30,00 € of the last week counts.
        age_history(&app, id, 7).await;
        put(json!({ "sale_price": "25.00" })).await;
        assert_eq!(lowest(&product().await), json!(3000));
        let html = app.html("/produkt/muehle/", None).await;
        assert!(
            html.contains(r#""lowest_price":3000"#),
            "the product page's data carries it"
        );
        // Search engines read the struck price beside it; a sale with an end date, its last day.
        let offer = &common::product_ld(&html)["offers"];
        assert_eq!(offer["price"], "25.00", "{offer}");
        assert_eq!(
            offer["priceSpecification"]
                .as_array()
                .unwrap()
                .last()
                .unwrap(),
            &json!({
                "@type": "UnitPriceSpecification",
                "priceType": "https://schema.org/StrikethroughPrice",
                "price": "40.00",
                "priceCurrency": "EUR",
                "valueAddedTaxIncluded": true,
            }),
            "{offer}"
        );
        assert_eq!(offer.get("priceValidUntil"), None, "an open sale");
        put(json!({ "date_on_sale_to": "2099-06-30" })).await;
        let html = app.html("/produkt/muehle/", None).await;
        assert_eq!(
            common::product_ld(&html)["offers"]["priceValidUntil"],
            "2099-06-30"
        );

        // A variation on sale carries its own in the variation data the product form uses.
        let (parent, v50, _) = app.variable().await;
        age_history(&app, v50, 10).await; // sold at its regular price for ten days first
        let path = format!("/wc/v3/products/{parent}/variations/{v50}");
        let res = app
            .send_as(&m, Method::PUT, &path, &json!({ "sale_price": "1.00" }))
            .await;
        assert_eq!(res.status(), 200);
        let qv = body(
            app.get(&format!("/wp-json/laden/v1/products/{parent}/quick-view"))
                .await,
        )
        .await;
        let variation = qv["variations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["variation_id"] == v50)
            .unwrap()
            .clone();
        let regular = variation["display_regular_price"].as_i64().unwrap();
        assert_eq!(
            (
                variation["display_price"].as_i64(),
                variation["lowest_price"].as_i64()
            ),
            (Some(100), Some(regular)),
            "{variation}"
        );
        let other = qv["variations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["variation_id"] != v50)
            .unwrap()
            .clone();
        assert_eq!(other["lowest_price"], Value::Null, "not on sale");
    }
);

async fn form(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> (u16, String, Option<String>) {
    let res = app.client.post(app.url(path)).form(fields).go().await;
    let status = res.status().as_u16();
    let cookie = res
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, res.text().await.unwrap(), cookie)
}

both_databases!(
    customer_accounts_need_double_opt_in,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let page = app.html("/mein-konto/", None).await;
        assert!(
            page.contains(r#"action="/mein-konto/registrieren/""#)
                && page.contains("Kundenkonto anlegen")
                && page.contains(r#"href="/datenschutz/""#),
            "{page}"
        );

        // Refused input changes nothing and is named in German.
        let users = app.store.user_count().await.unwrap();
        // The refused field carries the error (aria-invalid, aria-describedby) and has the focus.
        for (fields, message, field) in [
            (
                vec![("email", "neu@example.de"), ("password", "lang-genug-1")],
                "Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben.",
                r#"name="privacy""#,
            ),
            (
                vec![
                    ("email", "neu@example.de"),
                    ("password", "kurz"),
                    ("privacy", "1"),
                ],
                "Bitte wählen Sie ein Passwort mit mindestens 8 Zeichen.",
                r#"id="reg_password""#,
            ),
            (
                vec![
                    ("email", "kein-at"),
                    ("password", "lang-genug-1"),
                    ("privacy", "1"),
                ],
                "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
                r#"id="reg_email""#,
            ),
        ] {
            let (status, html, _) = form(&app, "/mein-konto/registrieren/", &fields).await;
            assert_eq!(status, 400);
            assert!(
                html.contains(&format!(r#"id="reg_error">{message}</p>"#)),
                "{message}: {html}"
            );
            let marked: Vec<&str> = html
                .split("<input ")
                .filter(|i| i.contains(r#"aria-describedby="reg_error""#))
                .collect();
            assert_eq!(marked.len(), 1, "{html}");
            assert!(
                marked[0].contains(field)
                    && marked[0].contains(r#"aria-invalid="true""#)
                    && marked[0].contains("autofocus"),
                "{field}: {html}"
            );
        }
        assert_eq!(app.store.user_count().await.unwrap(), users);

        let (status, html, cookie) = form(
            &app,
            "/mein-konto/registrieren/",
            &[
                ("email", "Neu@Example.de"),
                ("password", "lang-genug-1"),
                ("privacy", "1"),
            ],
        )
        .await;
        assert_eq!(status, 200);
        assert!(
            html.contains("Wir haben einen Bestätigungslink an Neu@Example.de geschickt."),
            "{html}"
        );
        assert!(cookie.is_none(), "no session before confirmation");
        let user = app
            .store
            .authenticate("neu@example.de", "lang-genug-1")
            .await
            .unwrap()
            .unwrap();
        assert_eq!((user.role.as_str(), user.confirmed_at), ("customer", None));

        // No login before the address is confirmed.
        let (status, html, cookie) = form(
            &app,
            "/wp-login.php",
            &[("log", "neu@example.de"), ("pwd", "lang-genug-1")],
        )
        .await;
        assert_eq!(status, 200);
        assert!(
            html.contains("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse")
                && html.contains("Bestätigungslink erneut senden"),
            "{html}"
        );
        assert!(cookie.is_none());

        // The mail carries the link; a wrong key is refused, the right one confirms.
        let queued = app.store.user_mails(user.id).await.unwrap();
        assert_eq!(queued.len(), 1);
        assert_eq!(
            (queued[0].kind, queued[0].recipient.as_str()),
            (MailKind::AccountConfirmation, "neu@example.de")
        );
        let p = preview(&app.state, &queued[0]).await.unwrap();
        assert!(
            p.subject
                .starts_with("Bitte bestätigen Sie Ihr Kundenkonto bei"),
            "{}",
            p.subject
        );
        let link = p
            .text
            .lines()
            .find_map(|l| l.strip_prefix("E-Mail-Adresse bestätigen: "))
            .unwrap_or_else(|| panic!("{}", p.text))
            .to_owned();
        let path = link.strip_prefix("https://shop.example.de").unwrap();
        assert!(path.starts_with(&format!("/mein-konto/bestaetigen/?user={}&key=", user.id)));
        let wrong = format!("{}0", &path[..path.len() - 1]);
        let wrong = if wrong == path {
            format!("{}1", &path[..path.len() - 1])
        } else {
            wrong
        };
        assert_eq!(app.get(&wrong).await.status(), 404);
        assert_eq!(deliver_due(&app.state).await, 1);
        let res = app.get(path).await;
        assert_eq!(res.status(), 200);
        assert!(res
            .text()
            .await
            .unwrap()
            .contains("Ihre E-Mail-Adresse ist bestätigt"));
        let (status, _, cookie) = form(
            &app,
            "/wp-login.php",
            &[("log", "neu@example.de"), ("pwd", "lang-genug-1")],
        )
        .await;
        assert_eq!(status, 302);
        assert!(cookie.is_some());

        // Registering the address again says the same and sends nothing new.
        let (status, html, _) = form(
            &app,
            "/mein-konto/registrieren/",
            &[
                ("email", "neu@example.de"),
                ("password", "anderes-passwort"),
                ("privacy", "1"),
            ],
        )
        .await;
        assert_eq!(status, 200);
        assert!(html.contains("Wir haben einen Bestätigungslink"));
        assert_eq!(app.store.user_mails(user.id).await.unwrap().len(), 1);

        // "Send again" for an unconfirmed account, at most every 10 minutes; an expired link asks to register again.
        form(
            &app,
            "/mein-konto/registrieren/",
            &[
                ("email", "spaet@example.de"),
                ("password", "lang-genug-1"),
                ("privacy", "1"),
            ],
        )
        .await;
        let late = app
            .store
            .authenticate("spaet@example.de", "lang-genug-1")
            .await
            .unwrap()
            .unwrap();
        let (status, _, _) = form(
            &app,
            "/mein-konto/bestaetigen/",
            &[("email", "spaet@example.de")],
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            app.store.user_mails(late.id).await.unwrap().len(),
            1,
            "not again within 10 minutes"
        );
        let sql = "UPDATE users SET created_at = created_at - 8 * 86400 WHERE id = $1";
        match &app.store.db {
            Db::Sqlite(p) => sqlx::query(sql)
                .bind(late.id)
                .execute(p)
                .await
                .map(|_| ())
                .unwrap(),
            Db::Postgres(p) => sqlx::query(sql)
                .bind(late.id)
                .execute(p)
                .await
                .map(|_| ())
                .unwrap(),
        }
        let p = preview(&app.state, &app.store.user_mails(late.id).await.unwrap()[0])
            .await
            .unwrap();
        let link = p
            .text
            .lines()
            .find_map(|l| l.strip_prefix("E-Mail-Adresse bestätigen: "))
            .unwrap()
            .to_owned();
        let res = app
            .get(link.strip_prefix("https://shop.example.de").unwrap())
            .await;
        assert_eq!(res.status(), 410);
        let html = res.text().await.unwrap();
        assert!(
            html.contains("abgelaufen") && html.contains("Bitte registrieren Sie sich erneut"),
            "{html}"
        );
        assert!(app
            .store
            .user(late.id)
            .await
            .unwrap()
            .confirmed_at
            .is_none());
    }
);

both_databases!(guest_checkout_can_be_turned_off, |db: Backend| async move {
    let app = TestApp::start(db).await;
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
});
