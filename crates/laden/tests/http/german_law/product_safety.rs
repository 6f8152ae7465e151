//! Product safety information (GPSR, Regulation (EU) 2023/988, Art. 19), over HTTP on SQLite and
//! PostgreSQL: the shop keeps its manufacturers with their postal and electronic addresses and,
//! for one outside the EU, the responsible person there (`wp/v2/settings`
//! `laden_manufacturers`); a product names one by `_manufacturer_slug` and states its warnings in
//! `laden_safety_information`; the product's Store API answer and its page give them, and a
//! changed address reaches pages already in the cache. Bad input is refused, each field named
//! in German, and changes nothing.

use crate::common;

use common::{assert_wp_error, body, both_databases, meta, refused, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

fn acme(address: &str) -> Value {
    json!({
        "name": "Acme Toys Ltd",
        "address": format!("{address}\n  safety@acme.example  "),
        "eu_person": "Acme Europe GmbH\nHauptstraße 1\n04109 Leipzig"
    })
}

#[both_databases]
async fn a_products_page_names_its_manufacturer_and_warnings(db: Backend) {
    // Rendered and cached pages: a changed address must reach a page already in the cache.
    let app = TestApp::start_with(db, true).await;
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;

    // The settings refuse a manufacturer without a name or address, or twice, by path.
    for (list, field, message) in [
            (
                json!([{ "name": " ", "address": "x" }]),
                "laden_manufacturers.0.name",
                "Bitte geben Sie den Namen des Herstellers an (höchstens 100 Zeichen).",
            ),
            (
                json!([{ "name": "Müller", "address": "" }]),
                "laden_manufacturers.0.address",
                "Bitte geben Sie die Post- und die elektronische Adresse des Herstellers an (höchstens 500 Zeichen).",
            ),
            (
                json!([acme("1 Main Street"), { "name": "ACME toys  ltd", "address": "y" }]),
                "laden_manufacturers.1.name",
                "Ein anderer Hersteller trägt diesen Namen.",
            ),
            (
                json!([{ "name": "Müller", "address": "x", "eu_person": "e".repeat(501) }]),
                "laden_manufacturers.0.eu_person",
                "Höchstens 500 Zeichen.",
            ),
        ] {
            let (status, v) = app
                .change_settings(&admin, json!({ "laden_manufacturers": list }))
                .await;
            assert_eq!(status, 400, "{list}: {v}");
            assert_wp_error(&v, "rest_invalid_param", 400);
            assert_eq!(v["data"]["params"][field], message, "{list}: {v}");
        }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(s["laden_manufacturers"], json!([]), "nothing saved");
    // Shop managers do not change the shop's settings.
    let (status, _) = app
        .change_settings(&manager, json!({ "laden_manufacturers": [acme("x")] }))
        .await;
    assert_eq!(status, 403);

    let s = app
        .save_settings(
            &admin,
            json!({ "laden_manufacturers": [acme("1 Main Street\r\n\r\nSpringfield, USA")] }),
        )
        .await;
    assert_eq!(
        s["laden_manufacturers"],
        json!([{
            "slug": "acme-toys-ltd",
            "name": "Acme Toys Ltd",
            "address": "1 Main Street\nSpringfield, USA\nsafety@acme.example",
            "eu_person": "Acme Europe GmbH\nHauptstraße 1\n04109 Leipzig"
        }]),
        "{s}"
    );

    // A product names a manufacturer the shop keeps, by slug or name; another is refused.
    let id = app
        .simple("Holzeisenbahn", "TOY-1", 3990, TaxClass::Standard, Some(5))
        .await;
    let put = |meta: Value| app.put_meta(&manager, id, meta);
    for (meta, field, message) in [
        (
            json!([{ "key": "_manufacturer_slug", "value": "wer-anders" }]),
            "meta_data._manufacturer_slug",
            "Diesen Hersteller gibt es nicht: Legen Sie ihn zuerst in den Einstellungen an.",
        ),
        (
            json!([{ "key": "laden_safety_information", "value": "x".repeat(2001) }]),
            "meta_data.laden_safety_information",
            "Warn- und Sicherheitshinweise dürfen höchstens 2.000 Zeichen lang sein.",
        ),
    ] {
        let (status, v) = put(meta.clone()).await;
        assert_eq!(status, 400, "{meta}: {v}");
        assert_eq!(v["data"]["params"][field], message, "{v}");
    }
    let (status, p) = put(json!([
            { "key": "_manufacturer_slug", "value": "Acme Toys Ltd" },
            { "key": "laden_safety_information", "value": " Achtung: Nicht für Kinder unter 36 Monaten geeignet. \n Erstickungsgefahr durch verschluckbare Kleinteile. " }
        ]))
        .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_manufacturer_slug"), Some(json!("acme-toys-ltd")));
    assert_eq!(
            meta(&p, "laden_safety_information"),
            Some(json!("Achtung: Nicht für Kinder unter 36 Monaten geeignet.\nErstickungsgefahr durch verschluckbare Kleinteile."))
        );

    // The product's Store API answer gives it all; the listing leaves it to the product.
    let sp = app.store_product(id).await;
    let safety = &sp["extensions"]["laden"]["safety"];
    assert_eq!(safety["manufacturer"]["name"], "Acme Toys Ltd", "{sp}");
    assert_eq!(
        safety["manufacturer"]["address"],
        "1 Main Street\nSpringfield, USA\nsafety@acme.example"
    );
    assert_eq!(
        safety["manufacturer"]["eu_person"],
        "Acme Europe GmbH\nHauptstraße 1\n04109 Leipzig"
    );
    assert!(safety["information"]
        .as_str()
        .unwrap()
        .starts_with("Achtung: Nicht für Kinder"));
    let list = body(app.get("/wp-json/wc/store/v1/products").await).await;
    assert!(
        list[0]["extensions"]["laden"].get("safety").is_none(),
        "{list}"
    );

    // The product's page says it in the server's HTML, in a tab of its own.
    let page = format!("/produkt/{}/", sp["slug"].as_str().unwrap());
    let html = app.html(&page, None).await;
    assert!(html.contains(r#"id="tab-safety""#), "the tab");
    let line = |text: &str| format!(r#"<span class="product-safety__line">{text}</span>"#);
    for text in [
        "<dt>Hersteller</dt>".to_owned(),
        line("Acme Toys Ltd"),
        line("Springfield, USA"),
        line("safety@acme.example"),
        "<dt>Verantwortliche Person in der EU</dt>".to_owned(),
        line("Acme Europe GmbH"),
        "<dt>Warn- und Sicherheitshinweise</dt>".to_owned(),
        line("Erstickungsgefahr durch verschluckbare Kleinteile."),
    ] {
        assert!(html.contains(&text), "{text}");
    }

    // The manufacturer moves and its name is corrected, listed with its slug as the admin sends
    // it back: the product still names it, and the page, cached before, says the new.
    let mut moved = acme("7 New Road\nShelbyville, USA");
    moved["slug"] = json!("acme-toys-ltd");
    moved["name"] = json!("Acme Toys Limited");
    let s = app
        .save_settings(&admin, json!({ "laden_manufacturers": [moved] }))
        .await;
    assert_eq!(s["laden_manufacturers"][0]["slug"], "acme-toys-ltd", "{s}");
    let html = app.html(&page, None).await;
    assert!(html.contains(&line("Shelbyville, USA")));
    assert!(html.contains(&line("Acme Toys Limited")));
    assert!(!html.contains("Springfield, USA"));
    // So does the product's Store API answer, cached before too.
    let sp = app.store_product(id).await;
    assert_eq!(
        sp["extensions"]["laden"]["safety"]["manufacturer"]["name"], "Acme Toys Limited",
        "{sp}"
    );

    // A variation takes its product's: its own is refused.
    let (parent, small, _) = app.variable().await;
    let (status, v) = app
        .wc_put(
            &manager,
            &format!("/products/{parent}/variations/{small}"),
            json!({ "meta_data": [{ "key": "_manufacturer_slug", "value": "acme-toys-ltd" }] }),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"]["meta_data._manufacturer_slug"],
        "Eine Variante übernimmt Hersteller und Sicherheitshinweise ihres Produkts."
    );
    let change = json!([{ "key": "_manufacturer_slug", "value": "acme-toys-ltd" }]);
    let (status, _) = app.put_meta(&manager, parent, change).await;
    assert_eq!(status, 200);
    let sv = app.store_product(small).await;
    assert_eq!(
        sv["extensions"]["laden"]["safety"]["manufacturer"]["name"], "Acme Toys Limited",
        "{sv}"
    );

    // The CSV carries them both ways: exported under their meta columns, imported by slug or
    // name; a manufacturer the shop does not keep is refused, the row named.
    let csv = app.export_csv().await;
    let header = csv.lines().next().unwrap();
    assert!(
        header.contains(",Meta: _manufacturer_slug,Meta: laden_safety_information,"),
        "{header}"
    );
    assert!(csv.contains(",acme-toys-ltd,"), "{csv}");
    let report = app
        .import_report(
            "Type,SKU,Name,Regular price,Meta: _manufacturer_slug,Meta: laden_safety_information\n\
                 simple,TOY-2,Kreisel,9.90,Acme Toys Limited,Nicht für Kinder unter 3 Jahren.\n\
                 simple,TOY-3,Jojo,4.90,Niemand GmbH,\n"
                .as_bytes(),
        )
        .await;
    common::assert_one_refused(&report, 3, "Diesen Hersteller gibt es nicht");
    let top = app.product_by_sku("TOY-2").await;
    assert_eq!(top.details.manufacturer, "acme-toys-ltd");
    assert_eq!(
        top.details.safety_information,
        "Nicht für Kinder unter 3 Jahren."
    );
    // A variation row takes its product's too: one stating either is refused, the column it
    // filled in named, and no variation is made of it.
    let report = app
            .import_report(
                "Type,SKU,Name,Parent,Regular price,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _manufacturer_slug,Meta: laden_safety_information\n\
                 variable,TOY-V,Kreiselset,,,Farbe,\"Rot, Blau, Grün\",1,0,acme-toys-ltd,Verschluckbare Kleinteile.\n\
                 variation,TOY-V-R,,TOY-V,5.90,Farbe,Rot,,,,Nicht für Kinder.\n\
                 variation,TOY-V-B,,TOY-V,5.90,Farbe,Blau,,,Acme Toys Limited,\n\
                 variation,TOY-V-G,,TOY-V,5.90,Farbe,Grün,,,,\n"
                    .as_bytes(),
            )
            .await;
    assert_eq!(report.created, 2, "{report:?}");
    assert_eq!(
            refused(&report),
            [
                (
                    3,
                    "laden_safety_information: Eine Variante übernimmt Hersteller und Sicherheitshinweise ihres Produkts."
                ),
                (
                    4,
                    "_manufacturer_slug: Eine Variante übernimmt Hersteller und Sicherheitshinweise ihres Produkts."
                ),
            ],
            "{report:?}"
        );
    let green = app.store_product(app.id_by_sku("TOY-V-G").await).await;
    assert_eq!(
        green["extensions"]["laden"]["safety"]["information"], "Verschluckbare Kleinteile.",
        "{green}"
    );

    // A manufacturer the shop removes is named by no product any more: not in wc/v3 (so the
    // editor's next save is not refused at it), nor in the CSV, nor on the page.
    app.save_settings(&admin, json!({ "laden_manufacturers": [] }))
        .await;
    let (_, p) = app.wc_get(&manager, &format!("/products/{id}")).await;
    assert_eq!(meta(&p, "_manufacturer_slug"), None, "{p}");
    let (status, v) = app
        .wc_put(
            &manager,
            &format!("/products/{id}"),
            json!({ "regular_price": "41.90", "meta_data": p["meta_data"].clone() }),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let csv = app.export_csv().await;
    assert!(!csv.contains("acme-toys-ltd"), "{csv}");
    let html = app.html(&page, None).await;
    assert!(!html.contains("<dt>Hersteller</dt>"));

    // Without a manufacturer or warnings a product says nothing of it.
    let (_, p) = put(json!([
        { "key": "_manufacturer_slug", "value": "" },
        { "key": "laden_safety_information", "value": "" }
    ]))
    .await;
    assert_eq!(meta(&p, "_manufacturer_slug"), None);
    let sp = app.store_product(id).await;
    assert!(sp["extensions"]["laden"].get("safety").is_none());
    let html = app.html(&page, None).await;
    assert!(!html.contains("Produktsicherheit") && !html.contains("tab-safety"));
}
