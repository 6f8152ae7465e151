//! The customer's orders in the account, over HTTP on SQLite and PostgreSQL: the orders placed
//! with the account's address (in any case) and no one else's, a page of ten at a time, and one
//! order as its confirmation told it, with its status, bank details while it waits for a transfer,
//! refunds, invoices and addresses. WooCommerce's old account links lead there.

use crate::common;

use common::invoice::{checkout, espresso, order, seller};
use common::{both_databases, checkout_body, Login, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::json;

const ORDERS: &str = "/mein-konto/bestellungen/";

/// An order of `items` placed with `email` and paid by `method`.
async fn order_as(
    app: &TestApp,
    email: &str,
    method: &str,
    items: &[(i64, i64)],
) -> laden_store::PlacedOrder {
    let mut b = checkout_body();
    b["billing_address"]["email"] = json!(email);
    b["payment_method"] = json!(method);
    let (status, v) = checkout(app, items, None, b).await;
    assert_eq!(status, 201, "{v}");
    app.order(v["order_id"].as_i64().unwrap()).await
}

/// A page as `who` (or a visitor): its status and HTML, amounts with a plain space before the
/// euro sign (they are written with a no-break space).
async fn page_of(app: &TestApp, path: &str, who: Option<&Login>) -> (u16, String) {
    let (status, html) = app.page_as(who.map(|w| w.cookie.as_str()), path).await;
    (status, html.replace('\u{a0}', " "))
}

#[both_databases]
async fn the_account_shows_its_own_orders_and_each_order(app: TestApp) {
    seller(&app, "paid").await;
    let espresso = espresso(&app).await;
    let customer = app.staff("customer").await;
    let email = format!("{}@example.de", customer.login);

    // A visitor gets the login form, which leads back here.
    let (status, html) = page_of(&app, ORDERS, None).await;
    assert_eq!(status, 200);
    assert!(html.contains("name=\"pwd\""), "{html}");
    assert!(
        html.contains(&format!("name=\"redirect_to\" value=\"{ORDERS}\"")),
        "{html}"
    );
    // No order yet.
    let (status, html) = page_of(&app, ORDERS, Some(&customer)).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Sie haben noch keine Bestellung aufgegeben."),
        "{html}"
    );
    let account = page_of(&app, "/mein-konto/", Some(&customer)).await.1;
    assert!(
        account.contains(&format!("<a href=\"{ORDERS}\">Bestellungen</a>")),
        "{account}"
    );

    // The address typed in capitals is still the account's; someone else's order is not.
    let mine = order_as(&app, &email.to_uppercase(), "bacs", &[(espresso, 2)]).await;
    let other = order(&app, &[(espresso, 1)], "invoice", None).await;
    let (_, html) = page_of(&app, ORDERS, Some(&customer)).await;
    let mine_path = format!("{ORDERS}{}/", mine.id);
    let other_path = format!("{ORDERS}{}/", other.id);
    for part in [
        "<th scope=\"col\">Bestellung</th><th scope=\"col\">Datum</th><th scope=\"col\">Status</th><th scope=\"col\">Gesamtsumme</th>".to_owned(),
        format!("<a href=\"{mine_path}\">Bestellung {}</a>", mine.id),
        // Each cell names its column, for narrow screens that hide the heads.
        "<td data-title=\"Status\">In Wartestellung</td>".to_owned(),
        "<td data-title=\"Gesamtsumme\">28,70 € für 2 Artikel</td>".to_owned(),
    ] {
        assert!(html.contains(&part), "{part}: {html}");
    }
    assert!(!html.contains(&other_path), "{html}");

    // The order: its status, lines, totals, how to pay it and its addresses.
    let (status, html) = page_of(&app, &mine_path, Some(&customer)).await;
    assert_eq!(status, 200, "{html}");
    for part in [
        format!("<h1>Bestellung {}</h1>", mine.id),
        format!("Bestellung {} wurde am ", mine.id),
        "aufgegeben und ist zurzeit: In Wartestellung.".to_owned(),
        "<tr><th scope=\"row\">2 × Espresso".to_owned(),
        "<td>23,80 €</td>".to_owned(),
        "<tr><th scope=\"row\">Gesamtsumme</th><td>28,70 €</td></tr>".to_owned(),
        "<th scope=\"row\">Zahlungsart</th><td>Vorkasse (Überweisung)</td>".to_owned(),
        "<h2>Unsere Bankverbindung</h2>".to_owned(),
        "<th scope=\"row\">IBAN</th>".to_owned(),
        "<h2>Rechnungsadresse</h2><address>Anna Muster<br>".to_owned(),
    ] {
        assert!(html.contains(&part), "{part}: {html}");
    }
    assert!(!html.contains("Erstattung"), "{html}");

    // Someone else's order and an order that does not exist get the same answer.
    let (status, theirs) = page_of(&app, &other_path, Some(&customer)).await;
    assert_eq!(status, 404);
    assert!(theirs.contains("Bestellung nicht gefunden"), "{theirs}");
    assert!(!theirs.contains("Espresso"), "{theirs}");
    let (status, none) = page_of(&app, &format!("{ORDERS}999999/"), Some(&customer)).await;
    assert_eq!((status, none), (404, theirs));
    assert_eq!(
        page_of(&app, &format!("{ORDERS}abc/"), Some(&customer))
            .await
            .0,
        404
    );
    // A visitor asking for it logs in first, and comes back to it.
    let (status, html) = page_of(&app, &mine_path, None).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&format!("name=\"redirect_to\" value=\"{mine_path}\"")),
        "{html}"
    );
    assert!(!html.contains("Espresso"), "{html}");

    // Paid, then one espresso refunded: no bank details any more, the refund and the invoice show.
    let manager = app.staff("shop_manager").await;
    app.set_order_status(&manager, mine.id, "processing").await;
    let (status, v) = app
        .call(
            Method::POST,
            &format!("/wc/v3/orders/{}/refunds", mine.id),
            Some(&manager),
            Some(json!({ "amount": "11.90", "reason": "Bruch", "api_refund": false })),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let paid = app.order(mine.id).await;
    let (_, html) = page_of(&app, &mine_path, Some(&customer)).await;
    for part in [
        "aufgegeben und ist zurzeit: In Bearbeitung.".to_owned(),
        "<h2>Erstattungen</h2>".to_owned(),
        "<small>Bruch</small></th><td>−11,90 €</td>".to_owned(),
        "<tr><th scope=\"row\">Gesamtsumme nach Erstattungen</th><td>16,80 €</td></tr>".to_owned(),
        format!("Rechnung {}", paid.invoices[0].number),
    ] {
        assert!(html.contains(&part), "{part}: {html}");
    }
    assert!(!html.contains("Unsere Bankverbindung"), "{html}");
}

#[both_databases]
async fn the_orders_come_ten_to_a_page_and_old_links_lead_there(app: TestApp) {
    seller(&app, "paid").await;
    let espresso = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, None)
        .await;
    let customer = app.staff("customer").await;
    let email = format!("{}@example.de", customer.login);
    let mut ids = Vec::new();
    for _ in 0..11 {
        ids.push(order_as(&app, &email, "invoice", &[(espresso, 1)]).await.id);
    }
    let link = |id: i64| format!("<a href=\"{ORDERS}{id}/\">");
    // Newest first: the ten newest on the first page, the oldest on the second.
    let (_, first) = page_of(&app, ORDERS, Some(&customer)).await;
    for id in &ids[1..] {
        assert!(first.contains(&link(*id)), "{id}: {first}");
    }
    assert!(!first.contains(&link(ids[0])), "{first}");
    assert!(
        first.find(&link(ids[10])) < first.find(&link(ids[1])),
        "{first}"
    );
    assert!(
        first.contains(&format!(
            "<a href=\"{ORDERS}?seite=2\" rel=\"next\">Ältere Bestellungen</a>"
        )),
        "{first}"
    );
    assert!(!first.contains("rel=\"prev\""), "{first}");
    let (status, second) = page_of(&app, &format!("{ORDERS}?seite=2"), Some(&customer)).await;
    assert_eq!(status, 200);
    assert!(second.contains(&link(ids[0])), "{second}");
    assert!(
        second.contains(&format!(
            "<a href=\"{ORDERS}\" rel=\"prev\">Neuere Bestellungen</a>"
        )),
        "{second}"
    );
    assert!(!second.contains("rel=\"next\""), "{second}");
    for past in ["3", "0"] {
        let (status, _) = page_of(&app, &format!("{ORDERS}?seite={past}"), Some(&customer)).await;
        assert_eq!(status, 404, "seite={past}");
    }

    // WooCommerce's account links, under its English and German page slugs.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (old, new) in [
        ("/my-account/orders/".to_owned(), ORDERS.to_owned()),
        ("/mein-konto/orders/".to_owned(), ORDERS.to_owned()),
        (
            format!("/my-account/view-order/{}/", ids[3]),
            format!("{ORDERS}{}/", ids[3]),
        ),
    ] {
        let res = client.get(app.url(&old)).send().await.unwrap();
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], new.as_str(), "{old}");
    }
}
