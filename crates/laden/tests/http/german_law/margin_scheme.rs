//! The margin scheme for second-hand goods (Differenzbesteuerung, § 25a UStG) over HTTP on SQLite
//! and PostgreSQL. A product marked so (Germanized's `_differential_taxation`, in `wc/v3` and the
//! CSV; a variation is when its product is) shows no VAT: its price says so in place of "inkl.
//! MwSt." (Store API `extensions.laden.tax_notice`, the page's HTML), the cart's VAT lines leave
//! it out with its share of shipping, the order keeps the line as sold, and the invoice lists it
//! in EN 16931 category E (VATEX-EU-F) with the words § 14a (6) UStG asks for.

use crate::common;

use common::invoice::{assert_valid, check, seller, staff_pdf, store_order};
use common::{both_databases, meta, Backend, TestApp};
use laden_domain::TaxClass;
use laden_http::mail::preview;
use serde_json::{json, Value};

const NOTICE: &str = "differenzbesteuert nach § 25a UStG, MwSt. nicht ausweisbar";

#[both_databases]
async fn goods_under_the_margin_scheme_show_no_vat(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    seller(&app, "order").await;
    let manager = app.staff("shop_manager").await;
    let grinder = app
        .simple(
            "Kaffeemühle (gebraucht)",
            "G-1",
            2900,
            TaxClass::Standard,
            Some(3),
        )
        .await;
    let beans = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(50))
        .await;

    // Marked through wc/v3 under Germanized's key, read back; a value that is no flag is refused.
    let (status, v) = app
        .put_meta(
            &manager,
            grinder,
            json!([{ "key": "_differential_taxation", "value": "vielleicht" }]),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["meta_data._differential_taxation"].is_string(),
        "{v}"
    );
    let (status, p) = app
        .put_meta(
            &manager,
            grinder,
            json!([{ "key": "_differential_taxation", "value": "yes" }]),
        )
        .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_differential_taxation"), Some(json!("yes")));

    // Its price says so in place of "inkl. MwSt.", already in the page's HTML.
    let sp = app.store_product(grinder).await;
    let laden = &sp["extensions"]["laden"];
    assert_eq!(
        (&laden["tax_notice"], &laden["tax_rate"]),
        (&json!(NOTICE), &json!(0)),
        "{sp}"
    );
    let other = app.store_product(beans).await;
    assert_eq!(other["extensions"]["laden"]["tax_notice"], Value::Null);
    let html = app
        .html(&format!("/produkt/{}/", sp["slug"].as_str().unwrap()), None)
        .await;
    assert!(html.contains(NOTICE), "the notice in the product's page");

    // The cart: 29,00 € under the margin scheme and 11,90 € at 19 %, 4,90 € shipping split by
    // the goods (3,47 € to the grinder, 1,43 € to the coffee). Only the coffee and its share
    // of shipping hold VAT: 19 % of 13,33 € is 2,13 €.
    let token = app.cart_with(grinder, 1).await;
    assert_eq!(app.add_item(&token, beans, 1).await.status(), 201);
    let cart = app.cart(&token).await;
    let t = &cart["totals"];
    assert_eq!(t["total_price"], "4580", "{t}");
    assert_eq!(
        t["tax_lines"],
        json!([{ "name": "MwSt. 19 %", "price": "213", "rate": "19%" }]),
        "{t}"
    );
    let line = &cart["items"][0];
    assert_eq!(
        (
            &line["totals"]["line_total_tax"],
            &line["extensions"]["laden"]["tax_rate"],
            &line["extensions"]["laden"]["tax_notice"]
        ),
        (&json!("0"), &json!(0), &json!(NOTICE)),
        "{line}"
    );

    // The order keeps the line as sold, without VAT; wc/v3 answers it so.
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().unwrap();
    let o = app.order(id).await;
    assert_eq!((o.total, o.tax_total), (4580, 213));
    assert_eq!(
        o.items
            .iter()
            .map(|i| (i.margin, i.tax_rate.hundredths()))
            .collect::<Vec<_>>(),
        [(true, 0), (false, 1900)]
    );
    // The confirmation says it beside the line, once.
    let mails = app.store.order_mails(id).await.unwrap();
    let mail = preview(&app.state, &mails[0]).await.unwrap();
    assert_eq!(mail.text.matches(NOTICE).count(), 1, "{}", mail.text);
    let seen = store_order(&app, &o).await;
    assert_eq!(
        seen["items"][0]["extensions"]["laden"]["tax_notice"], NOTICE,
        "{seen}"
    );
    assert_eq!(
        seen["items"][1]["extensions"]["laden"]["tax_notice"],
        Value::Null
    );
    let (_, wc) = app.wc_get(&manager, &format!("/orders/{id}")).await;
    assert_eq!(wc["line_items"][0]["total_tax"], "0.00", "{wc}");
    assert_eq!(wc["total_tax"], "2.13");

    // The invoice: the line in category E with the exemption the margin scheme is, the
    // words § 14a (6) UStG asks for, and everything adding up as EN 16931 checks.
    let res = staff_pdf(&app, Some(&manager), o.invoices[0].id).await;
    assert_eq!(res.status(), 200);
    let read = check(&[res.bytes().await.unwrap().to_vec()]);
    assert_valid(&read[0]);
    assert_eq!(read[0]["grand_total"], 4580);
    assert_eq!(read[0]["tax_total"], 213);
    let taxes = &read[0]["taxes"];
    assert_eq!(taxes["0"]["category"], "E", "{taxes}");
    assert_eq!(taxes["0"]["vat"], 0);
    assert_eq!(taxes["19"]["vat"], 213);
    assert!(
        read[0]["notes"]
            .as_array()
            .unwrap()
            .contains(&json!("Gebrauchtgegenstände/Sonderregelung (§ 25a UStG).")),
        "{}",
        read[0]["notes"]
    );
    let text = read[0]["text"].as_str().unwrap();
    assert!(text.contains("§ 25a"), "the line's rate column says so");
}

#[both_databases]
async fn the_margin_scheme_travels_through_the_csv_and_variations(app: TestApp) {
    let manager = app.staff("shop_manager").await;
    app.import_csv(
            "Type,SKU,Name,Published,In stock?,Stock,Regular price,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _differential_taxation
simple,U-1,Siebträger (gebraucht),1,1,1,129.00,,,,,,yes
variable,U-2,Kaffeetasse (Sammlerstück),1,1,,,,Farbe,\"Blau, Rot\",1,0,1
variation,U-2-B,,1,1,1,19.00,U-2,Farbe,Blau,,,
simple,N-1,Milchkännchen,1,1,5,14.90,,,,,,
"
            .as_bytes(),
        )
        .await;
    let notice = |id: i64| {
        let app = &app;
        async move { app.store_product(id).await["extensions"]["laden"]["tax_notice"].clone() }
    };
    assert_eq!(notice(app.id_by_sku("U-1").await).await, NOTICE);
    // A variation is when its product is.
    assert_eq!(notice(app.id_by_sku("U-2-B").await).await, NOTICE);
    assert_eq!(notice(app.id_by_sku("N-1").await).await, Value::Null);
    // The export writes it back as Germanized does.
    let csv = app.export_csv().await;
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains(",Meta: _differential_taxation,"),
        "{csv}"
    );
    let row = |sku: &str| common::csv_row(&csv, sku);
    assert!(row("U-1").contains(",yes,"), "{}", row("U-1"));
    assert!(!row("N-1").contains(",yes,"), "{}", row("N-1"));
    // Unmarked again, its price says "inkl. MwSt." again.
    let id = app.id_by_sku("U-1").await;
    let (status, _) = app
        .put_meta(
            &manager,
            id,
            json!([{ "key": "_differential_taxation", "value": "no" }]),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(notice(id).await, Value::Null);
}
