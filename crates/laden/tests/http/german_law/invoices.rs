//! Invoices (issue 30): issued at the moment the shop chooses, numbered without gaps across
//! instances, cancelled by a Stornorechnung, downloaded by customers and staff, exported for
//! the tax adviser. Every PDF is read back by `scripts/check-invoice.py` (the Factur-X
//! reference library: XSD and EN 16931 Schematron, pypdf for text and XMP).

use crate::common;

use common::invoice::{
    assert_valid, check, checkout, customer_pdf, espresso, mixed_shop, note_texts, order, seller,
    staff_pdf, staff_pdfs, store_order, year,
};
use common::{body, both_databases, checkout_body, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use laden_store::MailKind;
use reqwest::Method;
use serde_json::{json, Value};

#[both_databases]
async fn an_invoice_with_the_order_adds_up_and_is_downloaded(app: TestApp) {
    seller(&app, "order").await;
    let (espresso, tea, manager) = mixed_shop(&app).await;
    // 2 × 11,90 (19 %) + 1 × 10,70 (7 %) − 10 % + 4,90 shipping, by transfer (Vorkasse).
    let o = order(&app, &[(espresso, 2), (tea, 1)], "bacs", Some("herbst")).await;
    assert_eq!(o.invoices.len(), 1, "issued with the order");
    let inv = &o.invoices[0];
    assert_eq!(inv.number, format!("RE-{}-00001", year()));
    assert_eq!((inv.total, inv.tax_total), (o.total, o.tax_total));

    // The customer downloads it with the order's key; a wrong or missing key finds nothing.
    let res = customer_pdf(&app, inv.id, &o.key).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    assert_eq!(
        res.headers()["content-disposition"].to_str().unwrap(),
        format!("attachment; filename=\"Rechnung-RE-{}-00001.pdf\"", year())
    );
    let pdf = res.bytes().await.unwrap().to_vec();
    for bad in [
        format!("/rechnung/{}?key=wc_order_falsch", inv.id),
        format!("/rechnung/{}", inv.id),
        "/rechnung/99999?key=x".into(),
        "/rechnung/abc".into(),
    ] {
        let res = app.get(&bad).await;
        assert_eq!(res.status(), 404, "{bad}");
        assert!(res
            .text()
            .await
            .unwrap()
            .contains("Diese Rechnung gibt es nicht"));
    }
    // Staff download the same file; visitors and customers may not.
    let res = staff_pdf(&app, Some(&manager), inv.id).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.bytes().await.unwrap().to_vec(),
        pdf,
        "the kept PDF, byte for byte"
    );
    assert_eq!(staff_pdf(&app, None, inv.id).await.status(), 401);
    let customer = app.staff("customer").await;
    assert_eq!(staff_pdf(&app, Some(&customer), inv.id).await.status(), 403);

    let c = &check(std::slice::from_ref(&pdf))[0];
    assert_valid(c);
    assert_eq!(c["type_code"], "380");
    assert_eq!(c["number"], inv.number.as_str());
    assert_eq!(c["grand_total"], o.total, "XML total is the order's");
    assert_eq!(c["tax_total"], o.tax_total);
    assert_eq!(c["due"], o.total, "Vorkasse: not yet paid");
    let taxes: Vec<(i64, i64)> = serde_json::from_value::<Vec<Value>>(o.taxes.clone())
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["rate_percent"].as_i64().unwrap(),
                t["vat"].as_i64().unwrap(),
            )
        })
        .collect();
    for (rate, vat) in &taxes {
        assert_eq!(c["taxes"][rate.to_string()]["vat"], *vat, "VAT at {rate} %");
    }
    let text = c["text"].as_str().unwrap().replace('\u{a0}', " ");
    let total = laden_domain::Money::from_cents(o.total)
        .format_de()
        .replace('\u{a0}', " ");
    for expected in [
        format!("Rechnung RE-{}-00001", year()),
        "Rösterei Test GmbH".into(),
        "USt-IdNr.: DE123456789".into(),
        "Anna Muster".into(),
        "Tee „Morgenrot“".into(),
        "Gutschein herbst".into(),
        "Versand".into(),
        format!("Rechnungsbetrag {total}"),
        "Umsatzsteuer 19 %".into(),
        "Umsatzsteuer 7 %".into(),
        "IBAN: DE89 3704 0044 0532 0130 00".into(),
    ] {
        assert!(text.contains(&expected), "PDF lacks {expected:?}:\n{text}");
    }

    // The order confirmation carries it; wc/v3 links it.
    let mails = app.store.order_mails(o.id).await.unwrap();
    assert_eq!(
        (mails[0].kind, mails[0].invoice_id),
        (MailKind::OrderConfirmation, Some(inv.id))
    );
    let p = laden_http::mail::preview(&app.state, &mails[0])
        .await
        .unwrap();
    let (name, attached) = p.invoice.expect("the invoice is attached");
    assert_eq!(
        (name.as_str(), attached),
        (
            format!("Rechnung-RE-{}-00001.pdf", year()).as_str(),
            pdf.clone()
        )
    );
    assert!(p.text.contains("finden Sie als PDF im Anhang"));
    let w = app
        .get_as(&manager, &format!("/wc/v3/orders/{}", o.id))
        .await;
    let meta = |k: &str| common::meta(&w, k);
    assert_eq!(meta("_laden_invoice_number"), Some(json!(inv.number)));
    assert_eq!(
        meta("_laden_invoice_pdf"),
        Some(json!(format!(
            "https://shop.example.de/wp-json/laden/v1/invoices/{}/pdf",
            inv.id
        )))
    );
    assert_eq!(w["laden_invoices"][0]["number"], inv.number.as_str());
    let list = app.get_as(&manager, "/wc/v3/orders").await;
    assert!(
        list[0]["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["key"] == "_laden_invoice_number"),
        "lists carry it too"
    );
    // The order received page's data names the customer's link.
    let seen = store_order(&app, &o).await;
    assert_eq!(
        seen["extensions"]["laden"]["invoices"][0]["url"],
        format!("/rechnung/{}?key={}", inv.id, o.key),
        "{seen}"
    );
}

#[both_databases]
async fn paid_cancelled_reopened_and_withdrawn_orders_get_their_documents(app: TestApp) {
    seller(&app, "paid").await;
    let espresso = espresso(&app).await;
    let manager = app.staff("shop_manager").await;
    let status = |id: i64, s: &'static str| app.set_order_status(&manager, id, s);
    // Vorkasse waits on hold: no invoice before the money is there.
    let o = order(&app, &[(espresso, 1)], "bacs", None).await;
    assert!(o.invoices.is_empty());
    let o = status(o.id, "processing").await;
    let y = year();
    assert_eq!(
        o.invoices
            .iter()
            .map(|i| i.number.as_str())
            .collect::<Vec<_>>(),
        [format!("RE-{y}-00001")]
    );
    // Cancelled: a Stornorechnung of its own series names the invoice.
    let o = status(o.id, "cancelled").await;
    let numbers: Vec<(&str, Option<i64>, bool)> = o
        .invoices
        .iter()
        .map(|i| (i.number.as_str(), i.cancels, i.cancelled))
        .collect();
    let first = o.invoices[0].id;
    assert_eq!(
        numbers,
        [
            (format!("RE-{y}-00001").as_str(), None, true),
            (format!("ST-{y}-00001").as_str(), Some(first), false)
        ]
    );
    // Reopened and paid again: a new invoice, the next number.
    let o = status(o.id, "processing").await;
    assert_eq!(o.invoices.last().unwrap().number, format!("RE-{y}-00002"));
    // Withdrawn: cancelled again, the cancellation goes with the receipt.
    let res = app
        .client
        .post(app.url("/wp-json/laden/v1/withdrawal"))
        .json(&json!({ "order": o.id.to_string(), "email": "anna@example.de", "confirm": true }))
        .go()
        .await;
    assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    let o = app.order(o.id).await;
    assert_eq!(o.invoices.last().unwrap().number, format!("ST-{y}-00002"));
    let notes = note_texts(&app, o.id).await;
    assert!(
        notes
            .iter()
            .any(|n| n
                == &format!("Stornorechnung ST-{y}-00002 zur Rechnung RE-{y}-00002 erstellt.")),
        "{notes:?}"
    );
    let mails = app.store.order_mails(o.id).await.unwrap();
    let kinds: Vec<(MailKind, bool)> = mails
        .iter()
        .map(|m| (m.kind, m.invoice_id.is_some()))
        .collect();
    assert_eq!(
        kinds,
        [
            (MailKind::OrderConfirmation, false),
            (MailKind::Invoice, true),
            (MailKind::Invoice, true),
            (MailKind::Invoice, true),
            (MailKind::WithdrawalReceipt, true),
            (MailKind::WithdrawalNotice, false),
        ]
    );
    let p = laden_http::mail::preview(&app.state, &mails[2])
        .await
        .unwrap();
    assert_eq!(
        p.subject,
        format!(
            "Stornorechnung ST-{y}-00001 zu Ihrer Bestellung Nr. {}",
            o.id
        )
    );

    // Every document reads back valid; the cancellation is a credit note naming its invoice.
    let pdfs = staff_pdfs(&app, &manager, o.invoices.iter().map(|i| i.id)).await;
    let checked = check(&pdfs);
    for c in &checked {
        assert_valid(c);
        assert_eq!(c["grand_total"], o.total);
    }
    assert_eq!(checked[0]["due"], 0, "paid by transfer before the invoice");
    assert_eq!(
        (
            checked[1]["type_code"].as_str(),
            checked[1]["references"].as_str()
        ),
        (Some("381"), Some(format!("RE-{y}-00001").as_str()))
    );
    let storno = checked[1]["text"].as_str().unwrap().replace('\u{a0}', " ");
    assert!(
        storno.contains(&format!("Stornorechnung ST-{y}-00001"))
            && storno.contains("Rechnungsbetrag -16,80 €")
            && storno.contains("Zur Rechnung RE-"),
        "{storno}"
    );

    // The month for the tax adviser: list, CSV and ZIP.
    let now = laden_domain::dates::now();
    let (yy, mm, _) = laden_domain::dates::german_ymd(now);
    let month = format!("{yy:04}-{mm:02}");
    let list = app
        .get_as(&manager, &format!("/laden/v1/invoices?month={month}"))
        .await;
    assert_eq!(list.as_array().unwrap().len(), 4);
    assert_eq!(list[1]["kind"], "cancellation");
    let res = app
        .fetch_as(
            &manager,
            &format!("/laden/v1/invoices/export.csv?month={month}"),
        )
        .await;
    assert_eq!(res.status(), 200);
    let csv = res.text().await.unwrap();
    let rows: Vec<&str> = csv.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(rows.len(), 5, "{csv}");
    assert!(rows[0].starts_with("Rechnungsnummer;Art;Rechnungsdatum;Bestellnummer"));
    assert!(
        rows[1].starts_with(&format!("RE-{y}-00001;Rechnung;"))
            && rows[1].ends_with(";14,12;2,68;0,00;0,00;0,00;0,00;0,00;2,68;16,80;bacs"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].contains(&format!("ST-{y}-00001;Stornorechnung;"))
            && rows[2].contains(&format!(";RE-{y}-00001;"))
            && rows[2].ends_with(";-14,12;-2,68;0,00;0,00;0,00;0,00;0,00;-2,68;-16,80;bacs"),
        "{}",
        rows[2]
    );
    let res = app
        .fetch_as(
            &manager,
            &format!("/laden/v1/invoices/export.zip?month={month}"),
        )
        .await;
    assert_eq!(res.headers()["content-type"], "application/zip");
    let zip = res.bytes().await.unwrap().to_vec();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
    let names: Vec<String> = (0..archive.len())
        .map(|i| archive.by_index(i).unwrap().name().unwrap().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            format!("Rechnung-RE-{y}-00001.pdf"),
            format!("Stornorechnung-ST-{y}-00001.pdf"),
            format!("Rechnung-RE-{y}-00002.pdf"),
            format!("Stornorechnung-ST-{y}-00002.pdf"),
            format!("Rechnungen-{month}.csv"),
        ]
    );
    let mut first_pdf = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_index(0).unwrap(), &mut first_pdf).unwrap();
    assert_eq!(first_pdf, pdfs[0], "the archive holds the kept files");
    let bad = app
        .get_as(&manager, "/laden/v1/invoices?month=2026-13")
        .await;
    common::assert_wp_error(&bad, "rest_invalid_param", 400);
}

#[both_databases]
async fn invoicing_on_completion_attaches_the_invoice_to_the_shipping_notice(app: TestApp) {
    seller(&app, "completed").await;
    let espresso = espresso(&app).await;
    let o = order(&app, &[(espresso, 1)], "invoice", None).await;
    assert!(o.invoices.is_empty(), "processing is not completed");
    let manager = app.staff("shop_manager").await;
    let o = app.set_order_status(&manager, o.id, "completed").await;
    assert_eq!(o.invoices.len(), 1);
    let mails = app.store.order_mails(o.id).await.unwrap();
    let kinds: Vec<(MailKind, Option<i64>)> =
        mails.iter().map(|m| (m.kind, m.invoice_id)).collect();
    assert_eq!(
        kinds,
        [
            (MailKind::OrderConfirmation, None),
            (MailKind::ShippingNotice, Some(o.invoices[0].id))
        ],
        "no invoice mail of its own: the shipping notice carries it"
    );
    let p = laden_http::mail::preview(&app.state, &mails[1])
        .await
        .unwrap();
    assert_eq!(
        p.invoice.map(|(name, _)| name),
        Some(format!("Rechnung-{}.pdf", o.invoices[0].number))
    );
}

#[both_databases]
async fn the_account_lists_the_customers_invoices(app: TestApp) {
    seller(&app, "order").await;
    let espresso = espresso(&app).await;
    let customer = app.staff("customer").await;
    let mut b = checkout_body();
    b["billing_address"]["email"] = json!(format!("{}@example.de", customer.login));
    let (status, v) = checkout(&app, &[(espresso, 1)], None, b).await;
    assert_eq!(status, 201, "{v}");
    let mine = app.order(v["order_id"].as_i64().unwrap()).await;
    // Someone else's order stays out of the list.
    let other = order(&app, &[(espresso, 1)], "invoice", None).await;
    let page = app.html("/mein-konto/", Some(&customer.cookie)).await;
    let link = format!("/rechnung/{}?key={}", mine.invoices[0].id, mine.key);
    assert!(
        page.contains(&link.replace('&', "&amp;")) || page.contains(&link),
        "{page}"
    );
    assert!(
        page.contains(&format!("Rechnung {}", mine.invoices[0].number)),
        "{page}"
    );
    assert!(!page.contains(&other.invoices[0].number), "{page}");
    for part in [
        "<section aria-labelledby=\"invoices-title\"><h2 id=\"invoices-title\">Rechnungen</h2><table class=\"cart-table\"><thead><tr><th scope=\"col\">Rechnung</th>",
        "<th scope=\"col\">Gesamtsumme</th></tr></thead><tbody><tr><td data-title=\"Rechnung\"><a href=",
    ] {
        assert!(page.contains(part), "{part}: {page}");
    }
}

#[both_databases]
async fn small_businesses_and_zero_rated_goods_invoice_without_vat(app: TestApp) {
    seller(&app, "order").await;
    app.set(|s| {
        s.shop.small_business = true;
        s.shop.vat_id = String::new();
        s.shop.tax_number = "231/123/45678".into();
    })
    .await;
    let espresso = espresso(&app).await;
    let o = order(&app, &[(espresso, 3)], "invoice", None).await;
    let res = customer_pdf(&app, o.invoices[0].id, &o.key).await;
    let c = &check(&[res.bytes().await.unwrap().to_vec()])[0];
    assert_valid(c);
    assert_eq!(c["tax_total"], 0);
    assert_eq!(c["grand_total"], 1190 * 3 + 490);
    assert_eq!(c["taxes"]["0"]["category"], "E");
    assert_eq!(
        c["notes"],
        json!(["Gemäß § 19 UStG wird keine Umsatzsteuer berechnet."])
    );
    let text = c["text"].as_str().unwrap();
    assert!(
        text.contains("Steuernummer: 231/123/45678") && text.contains("Zahlbar ohne Abzug bis zum"),
        "{text}"
    );
}

#[both_databases]
async fn numbers_have_no_gaps_under_parallel_orders_on_two_instances(db: Backend) {
    let a = TestApp::start(db).await;
    let b = a.peer().await;
    seller(&a, "order").await;
    // 45 in stock, 50 orders: the five refused take no number.
    let id = a
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(45))
        .await;
    let mut carts = Vec::new();
    for i in 0..50 {
        let app = if i % 2 == 0 { &a } else { &b };
        let token = app.new_cart().await;
        assert_eq!(app.add_item(&token, id, 1).await.status(), 201);
        carts.push((i % 2, token));
    }
    let placed = futures::future::join_all(carts.iter().map(|(which, token)| {
        let app = if *which == 0 { &a } else { &b };
        async move {
            let res = app.post("/checkout", Some(token), checkout_body()).await;
            let status = res.status().as_u16();
            if status >= 500 {
                panic!("{}", res.text().await.unwrap());
            }
            status
        }
    }))
    .await;
    assert_eq!(
        placed.iter().filter(|s| **s == 201).count(),
        45,
        "{placed:?}"
    );
    let (from, to) = (0, i64::MAX);
    let all = a.store.invoices_between(from, to).await.unwrap();
    let mut numbers: Vec<String> = all.iter().map(|i| i.number.clone()).collect();
    numbers.sort();
    let want: Vec<String> = (1..=45).map(|n| format!("RE-{}-{n:05}", year())).collect();
    assert_eq!(numbers, want, "1 to 45, each once");
    let mut orders: Vec<i64> = all.iter().map(|i| i.order_id).collect();
    orders.sort_unstable();
    orders.dedup();
    assert_eq!(orders.len(), 45, "one invoice per order");
}

#[both_databases]
async fn invoice_settings_are_checked(app: TestApp) {
    let admin = app.staff("administrator").await;
    for (key, bad) in [
        ("laden_invoice_moment", json!("gestern")),
        ("laden_invoice_number_format", json!("RE-{YYYY}")),
        ("laden_cancellation_number_format", json!("ST1{000}")),
        ("laden_invoice_due_days", json!(400)),
        ("laden_shop_tax_number", json!("12")),
    ] {
        let res = app
                .send_as(&admin, Method::POST, "/wp/v2/settings", &json!({ key: bad, "laden_invoice_moment": if key == "laden_invoice_moment" { bad.clone() } else { json!("order") } })).await;
        let v = body(res).await;
        common::assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(v["data"]["params"].get(key).is_some(), "{key} named: {v}");
    }
    assert_eq!(
        app.store.settings().await.unwrap().shop.invoice_moment,
        "paid",
        "nothing saved"
    );
    // Invoices need the seller's tax number or VAT ID: not turned on without one.
    let res = app
            .send_as(&admin, Method::POST, "/wp/v2/settings", &json!({ "laden_invoice_moment": "completed", "laden_invoice_number_format": "R{YY}/{0000}", "laden_invoice_due_days": 30 })).await;
    let v = body(res).await;
    common::assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(
        v["data"]["params"]["laden_invoice_moment"]
            .as_str()
            .unwrap()
            .contains("Steuernummer oder die USt-IdNr."),
        "{v}"
    );
    let res = app
            .send_as(&admin, Method::POST, "/wp/v2/settings", &json!({ "laden_invoice_moment": "completed", "laden_invoice_number_format": "R{YY}/{0000}", "laden_invoice_due_days": 30, "laden_shop_tax_number": "231/151/00213" })).await;
    assert_eq!(res.status(), 200);
    let v = body(res).await;
    assert_eq!(
        (
            v["laden_invoice_moment"].as_str(),
            v["laden_invoice_number_format"].as_str(),
            v["laden_invoice_due_days"].as_i64(),
            v["laden_invoices_blocked"].as_bool()
        ),
        (
            Some("completed"),
            Some("R{YY}/{0000}"),
            Some(30),
            Some(false)
        )
    );
    // Invoices with the tax number alone, and deliveries to Switzerland (the default countries):
    // the export invoices lack the VAT ID EN 16931 asks for (BR-G-02), which the dashboard says;
    // with the VAT ID, or delivering within the EU only, it does not.
    let dashboard = app.get_as(&admin, "/laden/v1/dashboard").await;
    assert_eq!(dashboard["exports_need_vat_id"], true, "{dashboard}");
    let eu_only = json!({ "laden_delivery_countries": ["DE", "AT"] });
    app.save_settings(&admin, eu_only).await;
    let dashboard = app.get_as(&admin, "/laden/v1/dashboard").await;
    assert_eq!(dashboard["exports_need_vat_id"], false, "{dashboard}");
    let with_id =
        json!({ "laden_delivery_countries": ["DE", "CH"], "laden_shop_vat_id": "DE136695976" });
    app.save_settings(&admin, with_id).await;
    let dashboard = app.get_as(&admin, "/laden/v1/dashboard").await;
    assert_eq!(dashboard["exports_need_vat_id"], false, "{dashboard}");
}

/// § 14 (4) Nr. 2 UStG: no invoice without the seller's tax number or VAT ID. A shop without
/// either (a new shop, an upgrade) issues none, says why to staff, and cannot lose the last one
/// while it issues invoices.
#[both_databases]
async fn a_shop_without_tax_number_or_vat_id_issues_no_invoice(app: TestApp) {
    seller(&app, "order").await;
    app.set(|s| s.shop.vat_id = String::new()).await;
    let admin = app.staff("administrator").await;
    let espresso = espresso(&app).await;
    let o = order(&app, &[(espresso, 1)], "invoice", None).await;
    assert!(o.invoices.is_empty(), "none that only looks valid");
    let dashboard = app.get_as(&admin, "/laden/v1/dashboard").await;
    assert_eq!(dashboard["invoices_blocked"], true, "{dashboard}");
    let settings = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(settings["laden_invoices_blocked"], true);
    // Staff cannot make one by hand either.
    let res = app
        .send_as(
            &admin,
            Method::POST,
            &format!("/laden/v1/orders/{}/invoice", o.id),
            &json!({}),
        )
        .await;
    assert_eq!(res.status(), 409);
    common::assert_wp_error(&body(res).await, "laden_invoice_needs_tax_id", 409);
    // The shop's other settings still save; with a tax number, invoices are issued again.
    let saved = app
        .save_settings(&admin, json!({ "laden_delivery_time": "3–5 Werktage" }))
        .await;
    assert_eq!(saved["laden_invoices_blocked"], true);
    let saved = app
        .save_settings(&admin, json!({ "laden_shop_tax_number": "231/151/00213" }))
        .await;
    assert_eq!(saved["laden_invoices_blocked"], false);
    let o = order(&app, &[(espresso, 1)], "invoice", None).await;
    assert_eq!(o.invoices.len(), 1);
    let dashboard = app.get_as(&admin, "/laden/v1/dashboard").await;
    assert_eq!(dashboard["invoices_blocked"], false);
    // The last tax id is not taken away while invoices are issued; without invoices it may go.
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/wp/v2/settings",
            &json!({ "laden_shop_tax_number": "" }),
        )
        .await;
    let v = body(res).await;
    common::assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(
        v["data"]["params"].get("laden_shop_tax_number").is_some(),
        "{v}"
    );
    let saved = app
        .save_settings(
            &admin,
            json!({ "laden_invoice_moment": "never", "laden_shop_tax_number": "" }),
        )
        .await;
    assert_eq!(
        (
            saved["laden_invoice_moment"].as_str(),
            saved["laden_invoices_blocked"].as_bool()
        ),
        (Some("never"), Some(false))
    );
    let res = app
        .send_as(
            &admin,
            Method::POST,
            "/wp/v2/settings",
            &json!({ "laden_invoice_moment": "paid" }),
        )
        .await;
    assert_eq!(res.status(), 400);
}

/// A checkout from a business in `country` with `vat_id` (and `company`, when given).
async fn business_order(
    app: &TestApp,
    items: &[(i64, i64)],
    country: &str,
    postcode: &str,
    company: &str,
    vat_id: &str,
) -> (u16, Value) {
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!(country);
    b["billing_address"]["postcode"] = json!(postcode);
    b["billing_address"]["company"] = json!(company);
    b["extensions"]["laden"]["vat_id"] = json!(vat_id);
    checkout(app, items, None, b).await
}

/// Two espressos (11,90 €) and a tea (10,70 €) charged without VAT: 10 € each, shipping net.
fn assert_charged_net(order: &laden_store::PlacedOrder) {
    assert_eq!(
        common::invoice::charged(order),
        [(1000, 2000, 0), (1000, 1000, 0)]
    );
    assert_eq!(order.total, 3000 + order.shipping_total);
}

#[both_databases]
async fn businesses_abroad_with_a_vat_id_buy_without_vat(app: TestApp) {
    seller(&app, "order").await;
    let espresso = espresso(&app).await;
    let tea = app
        .simple("Tee", "T-1", 1070, TaxClass::Reduced, Some(50))
        .await;
    let items = [(espresso, 2), (tea, 1)];
    // Checked before anything is written: the id must belong to the billing country, and
    // name a company.
    for (vat, company, field) in [
        ("ATU123", "Kaffeehaus GmbH", "vat_id"),
        ("DE123456789", "Kaffeehaus GmbH", "vat_id"),
        ("ATU12345678", "", "billing_address.company"),
    ] {
        let (status, v) = business_order(&app, &items, "AT", "1010", company, vat).await;
        assert_eq!(status, 400, "{v}");
        assert!(v["data"]["params"].get(field).is_some(), "{field}: {v}");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) AS n FROM orders").await,
        0,
        "nothing ordered"
    );

    // Without the shop's reverse charge: VAT as usual, the buyer's id on the invoice.
    let (status, v) = business_order(
        &app,
        &items,
        "AT",
        "1010",
        "Kaffeehaus GmbH",
        "atu 1234 5678",
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let o = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (o.vat_id.as_str(), o.reverse_charge),
        ("ATU12345678", false)
    );
    assert!(o.tax_total > 0);

    // With it: the customer pays the net amounts and owes the VAT.
    app.set(|s| s.shop.reverse_charge = true).await;
    let (status, v) =
        business_order(&app, &items, "AT", "1010", "Kaffeehaus GmbH", "ATU12345678").await;
    assert_eq!(status, 201, "{v}");
    let rc = app.order(v["order_id"].as_i64().unwrap()).await;
    assert!(rc.reverse_charge);
    assert_eq!(rc.tax_total, 0);
    assert_charged_net(&rc);
    assert_eq!(
        rc.shipping_total,
        490 - o.shipping_tax,
        "shipping without its VAT"
    );
    let seen = store_order(&app, &rc).await;
    assert_eq!(
        seen["totals"]["total_price"],
        rc.total.to_string(),
        "{seen}"
    );
    assert_eq!(
        (
            seen["extensions"]["laden"]["reverse_charge"].as_bool(),
            seen["extensions"]["laden"]["vat_id"].as_str()
        ),
        (Some(true), Some("ATU12345678"))
    );
    // A business at home still pays VAT.
    let (status, v) = business_order(
        &app,
        &items,
        "DE",
        "04109",
        "Kaffeehaus GmbH",
        "DE123456789",
    )
    .await;
    assert_eq!(status, 201, "{v}");
    assert!(
        !app.order(v["order_id"].as_i64().unwrap())
            .await
            .reverse_charge
    );

    let mut pdfs = Vec::new();
    for order in [&o, &rc] {
        let res = customer_pdf(&app, order.invoices[0].id, &order.key).await;
        pdfs.push(res.bytes().await.unwrap().to_vec());
    }
    let checked = check(&pdfs);
    for c in &checked {
        assert_valid(c);
        assert!(
            c["text"]
                .as_str()
                .unwrap()
                .contains("USt-IdNr. Kunde ATU12345678"),
            "{c}"
        );
    }
    assert_eq!(checked[0]["taxes"]["19"]["category"], "S");
    // Goods to a business in another member state: a tax-free intra-community supply (§ 6a UStG).
    assert_eq!(checked[1]["taxes"]["0"]["category"], "K");
    assert_eq!(
        (
            checked[1]["grand_total"].as_i64(),
            checked[1]["tax_total"].as_i64()
        ),
        (Some(rc.total), Some(0))
    );
    assert!(checked[1]["notes"][0]
        .as_str()
        .unwrap()
        .starts_with("Steuerfreie innergemeinschaftliche Lieferung"));
    let manager = app.staff("shop_manager").await;
    let w = app
        .get_as(&manager, &format!("/wc/v3/orders/{}", rc.id))
        .await;
    let keys: Vec<&str> = w["meta_data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["key"].as_str().unwrap())
        .collect();
    assert!(
        keys.contains(&"_billing_vat_id") && keys.contains(&"_laden_reverse_charge"),
        "{keys:?}"
    );
}

#[both_databases]
async fn goods_to_eu_businesses_are_tax_free_their_downloads_reverse_charged(app: TestApp) {
    seller(&app, "order").await;
    app.set(|s| s.shop.reverse_charge = true).await;
    let espresso = espresso(&app).await;
    let tea = app
        .simple("Tee", "T-1", 1070, TaxClass::Reduced, Some(50))
        .await;
    let manager = app.staff("shop_manager").await;
    let res = app
        .send_as(
            &manager,
            Method::POST,
            "/wc/v3/products",
            &json!({ "name": "Röstkurs (Video)", "regular_price": "11.90", "virtual": true, "downloadable": true }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let course = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    // The checkout tells the cart the VAT id as it is typed: goods to a French business are
    // priced net at once, with the reason; without the id, or delivered in Germany, gross.
    let token = app.cart_with(espresso, 2).await;
    let buyer = |country: &str, vat: &str| json!({ "shipping_address": { "country": country }, "extensions": { "laden": { "vat_id": vat } } });
    let notice = |c: &Value| c["totals"]["extensions"]["laden"]["tax_free_notice"].clone();
    let cart = app
        .post_json(
            "/cart/update-customer",
            Some(&token),
            buyer("FR", "fr ab 123456789"),
        )
        .await;
    assert_eq!(
        (&cart["totals"]["total_items"], &cart["totals"]["total_tax"], notice(&cart)),
        (
            &json!("2000"),
            &json!("0"),
            json!("Steuerfreie innergemeinschaftliche Lieferung: Die Beträge verstehen sich ohne Umsatzsteuer.")
        ),
        "{cart}"
    );
    for (country, vat) in [("FR", ""), ("DE", "FRAB123456789")] {
        let cart = app
            .post_json("/cart/update-customer", Some(&token), buyer(country, vat))
            .await;
        assert_eq!(
            (&cart["items"][0]["prices"]["price"], notice(&cart)),
            (&json!("1190"), Value::Null),
            "{country} {vat:?}"
        );
    }
    // The id stays with the cart when only the country changes.
    let cart = app.ship_to(&token, "FR").await;
    assert_eq!(cart["totals"]["total_items"], "2000", "{cart}");

    // Delivered in Germany, the same business's goods stay taxed (no intra-community supply).
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!("FR");
    b["billing_address"]["postcode"] = json!("69001");
    b["billing_address"]["company"] = json!("Brûlerie SARL");
    b["extensions"]["laden"]["vat_id"] = json!("FRAB123456789");
    b["shipping_address"] = common::billing();
    let (status, v) = checkout(&app, &[(espresso, 2), (tea, 1)], None, b).await;
    assert_eq!(status, 201, "{v}");
    let home = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (home.supply.as_str(), home.reverse_charge),
        ("domestic", false)
    );
    assert!(home.tax_total > 0);

    // A French business: the goods are a tax-free intra-community supply (K), its video course
    // a service whose VAT the business owes (AE); shipping goes with the goods.
    let (status, v) = business_order(
        &app,
        &[(espresso, 1), (course, 1)],
        "FR",
        "69001",
        "Brûlerie SARL",
        "FRAB123456789",
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let fr = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (fr.supply.as_str(), fr.reverse_charge, fr.tax_total),
        ("intra_community", true, 0)
    );
    // Only the course, to the same business: reverse charge alone.
    let (status, v) = business_order(
        &app,
        &[(course, 1)],
        "FR",
        "69001",
        "Brûlerie SARL",
        "FRAB123456789",
    )
    .await;
    assert_eq!(status, 201, "{v}");
    let fr_course = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(fr_course.supply, "intra_community");
    let seen = store_order(&app, &fr_course).await;
    assert_eq!(
        seen["extensions"]["laden"]["tax_free_notice"],
        "Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge): Die Beträge verstehen sich ohne Umsatzsteuer.",
        "{seen}"
    );

    // Each invoice passes EN 16931's Schematron (an intra-community supply names where the
    // goods went, BR-IC-12) and says why it charges no VAT.
    let mut pdfs = Vec::new();
    for order in [&fr, &fr_course] {
        let res = customer_pdf(&app, order.invoices[0].id, &order.key).await;
        pdfs.push(res.bytes().await.unwrap().to_vec());
    }
    let checked = check(&pdfs);
    for c in &checked {
        assert_valid(c);
        assert_eq!(c["tax_total"].as_i64(), Some(0), "{c}");
    }
    let text = checked[0]["text"].as_str().unwrap();
    assert!(
        text.contains("Steuerfreie innergemeinschaftliche Lieferung")
            && text.contains("Steuerschuldnerschaft des Leistungsempfängers")
            && text.contains("USt-IdNr. Kunde FRAB123456789"),
        "{text}"
    );
    assert_eq!(checked[1]["taxes"]["0"]["category"], "AE");
    let w = app
        .get_as(&manager, &format!("/wc/v3/orders/{}", fr.id))
        .await;
    assert!(
        w["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["key"] == "_laden_tax_supply" && m["value"] == "intra_community"),
        "{w}"
    );
    assert_eq!(w["total_tax"], "0.00");

    // The Zusammenfassende Meldung for the month and the quarter: the business's goods with
    // their shipping (10 € + 4,12 €) as L, its two courses as S; the order taxed at home is not
    // declared. As the BZSt's form imports it.
    let (yy, mm, _) = laden_domain::dates::german_ymd(laden_domain::dates::now());
    let want = "#v3.0\n#ve3.2.0\nLänderkennzeichen und USt-IdNr.,Betrag (EUR),Art der Leistung\n\
                FRAB123456789,14,L\nFRAB123456789,20,S\n";
    for period in [
        format!("{yy:04}-{mm:02}"),
        format!("{yy:04}-Q{}", mm.div_ceil(3)),
    ] {
        let res = app
            .fetch_as(
                &manager,
                &format!("/laden/v1/invoices/zm.csv?period={period}"),
            )
            .await;
        assert_eq!(res.status(), 200);
        assert!(
            res.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains(&format!("ZM-{period}.csv")),
            "{:?}",
            res.headers()
        );
        assert_eq!(res.text().await.unwrap(), want, "{period}");
    }
    // Another year's quarter declares nothing; a period that is none is named.
    let res = app
        .fetch_as(
            &manager,
            &format!("/laden/v1/invoices/zm.csv?period={}-Q1", yy - 1),
        )
        .await;
    assert_eq!(res.text().await.unwrap().lines().count(), 3);
    for bad in ["2026-Q5", "2026-13", "Q4", ""] {
        let v = app
            .get_as(&manager, &format!("/laden/v1/invoices/zm.csv?period={bad}"))
            .await;
        common::assert_wp_error(&v, "rest_invalid_param", 400);
    }
    // Staff only.
    let res = app
        .get("/wp-json/laden/v1/invoices/zm.csv?period=2026-Q4")
        .await;
    assert_eq!(res.status(), 401);
}

#[both_databases]
async fn exports_are_charged_without_german_vat_from_the_cart_on(app: TestApp) {
    seller(&app, "order").await;
    let espresso = espresso(&app).await;
    let tea = app
        .simple("Tee", "T-1", 1070, TaxClass::Reduced, Some(50))
        .await;
    let token = app.new_cart().await;
    assert_eq!(app.add_item(&token, espresso, 2).await.status(), 201);
    assert_eq!(app.add_item(&token, tea, 1).await.status(), 201);
    let notice = |c: &Value| c["totals"]["extensions"]["laden"]["tax_free_notice"].clone();
    let home = app.ship_to(&token, "DE").await;
    assert_eq!(
        (&home["totals"]["total_items_tax"], notice(&home)),
        (&json!("450"), Value::Null),
        "{home}"
    );

    // Switzerland is outside the EU: as soon as the cart knows, every amount is net, the items'
    // prices too, and it says why.
    let cart = app.ship_to(&token, "CH").await;
    let prices: Vec<&Value> = cart["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| &i["prices"]["price"])
        .collect();
    assert_eq!(prices, [&json!("1000"), &json!("1000")], "{cart}");
    let t = &cart["totals"];
    assert_eq!(
        (&t["total_items"], &t["total_items_tax"], &t["total_tax"]),
        (&json!("3000"), &json!("0"), &json!("0")),
        "{cart}"
    );
    assert_eq!(t["tax_lines"], json!([]));
    assert_eq!(
        notice(&cart),
        "Steuerfreie Ausfuhrlieferung: Die Beträge verstehen sich ohne deutsche Umsatzsteuer."
    );
    // Shipping (4,90 €) without the VAT it contains, shared by the goods' rates as at home
    // (19 % on 23,80 €, 7 % on 10,70 €): 64 ct, so 4,26 €.
    assert_eq!(t["extensions"]["laden"]["total_shipping_gross"], "426");
    assert_eq!(t["total_price"], "3426");

    // The order charges what the cart showed, as a tax-free export.
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!("CH");
    b["billing_address"]["postcode"] = json!("8001");
    let res = app.post("/checkout", Some(&token), b).await;
    assert_eq!(res.status(), 201);
    let v = body(res).await;
    let order = app.order(v["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (
            order.supply.as_str(),
            order.reverse_charge,
            order.tax_total,
            order.total
        ),
        ("export", false, 0, 3426)
    );
    assert_charged_net(&order);
    let seen = store_order(&app, &order).await;
    assert_eq!(
        seen["extensions"]["laden"]["tax_free_notice"],
        "Steuerfreie Ausfuhrlieferung: Die Beträge verstehen sich ohne deutsche Umsatzsteuer."
    );

    // Its invoice passes EN 16931's Schematron with category G and says why.
    let res = customer_pdf(&app, order.invoices[0].id, &order.key).await;
    let checked = check(&[res.bytes().await.unwrap().to_vec()]);
    assert_valid(&checked[0]);
    assert_eq!(checked[0]["tax_total"].as_i64(), Some(0));
    assert_eq!(checked[0]["taxes"]["0"]["category"], "G", "{}", checked[0]);
    let text = checked[0]["text"].as_str().unwrap();
    assert!(text.contains("Steuerfreie Ausfuhrlieferung"), "{text}");

    // A small business charges no VAT anywhere: its prices stay what they are.
    app.set(|s| s.shop.small_business = true).await;
    let token = app.cart_with(espresso, 1).await;
    let cart = app.ship_to(&token, "CH").await;
    assert_eq!(
        (&cart["items"][0]["prices"]["price"], notice(&cart)),
        (&json!("1190"), Value::Null)
    );
}
