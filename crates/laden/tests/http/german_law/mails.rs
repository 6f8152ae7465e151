//! The shop's e-mails over HTTP, on SQLite and PostgreSQL: the order confirmation rendered and
//! written to the outbox, each mail delivered once by two instances, SMTP retries that never
//! touch the order, and the shipping notice.

use crate::common;

use super::{cart_with_espresso, legal_pages, mails, place};
use common::invoice::seller;
use common::{both_databases, TestApp};
use laden_http::mail::{deliver_due, preview, MailTransport};
use laden_http::{AppState, HttpConfig};
use laden_store::MailKind;
use reqwest::Method;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[both_databases]
async fn order_confirmation_is_rendered_and_written_to_the_outbox(app: TestApp) {
    legal_pages(&app).await;
    seller(&app, "paid").await;
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
    let raw = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
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

#[both_databases]
async fn two_instances_deliver_each_mail_once(app: TestApp) {
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

#[both_databases]
async fn smtp_delivery_is_retried_and_never_touches_the_order(app: TestApp) {
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

#[both_databases]
async fn shipping_notice_when_completed(app: TestApp) {
    let order_id = place(&app, "cod").await;
    let m = app.staff("shop_manager").await;
    for _ in 0..2 {
        app.set_order_status(&m, order_id, "completed").await;
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
}
