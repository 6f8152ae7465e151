//! Sale price labels (Germanized's „Preisauszeichnungen“) over HTTP on SQLite and PostgreSQL. The
//! shop keeps its labels (`wp/v2/settings` `laden_price_labels`, a new shop with Germanized's
//! „Alter Preis“, „Neuer Preis“ and „UVP“) and one default for each place; a product chooses its
//! own under Germanized's keys (`_sale_price_label` before the struck price,
//! `_sale_price_regular_label` before the new one; by slug or name, in `wc/v3` and the CSV), a
//! variation its own or its product's. The Store API words them (`extensions.laden.sale_labels`),
//! the page shows them in its HTML while the product is on sale.

use crate::common;

use common::{both_databases, meta, refused, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

fn labels(strike: Option<&str>, sale: Option<&str>) -> Value {
    json!({ "strike": strike, "sale": sale })
}

#[both_databases]
async fn labels_are_kept_chosen_and_shown(db: Backend) {
    // With the server's rendering, so the page's HTML holds the prices.
    let app = TestApp::start_with(db, true).await;
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;

    // A new shop has Germanized's labels and shows none.
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        s["laden_price_labels"],
        json!([
            { "slug": "alter-preis", "name": "Alter Preis" },
            { "slug": "neuer-preis", "name": "Neuer Preis" },
            { "slug": "uvp", "name": "UVP" },
        ]),
        "{s}"
    );
    assert_eq!(s["laden_default_sale_price_label"], "");

    // Refused by path, in German, nothing saved.
    for (change, field, message) in [
            (
                json!({ "laden_price_labels": [{ "name": "UVP" }, { "name": " uvp " }] }),
                "laden_price_labels.1.name",
                "Eine andere Preisauszeichnung hat diesen Namen.",
            ),
            (
                json!({ "laden_price_labels": [{ "name": "x".repeat(41) }] }),
                "laden_price_labels.0.name",
                "Bitte benennen Sie die Preisauszeichnung (höchstens 40 Zeichen).",
            ),
            (
                json!({ "laden_default_sale_price_label": "Statt" }),
                "laden_default_sale_price_label",
                "Diese Preisauszeichnung gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an.",
            ),
        ] {
            let (status, v) = app
                .change_settings(&admin, change)
                .await;
            assert_eq!(status, 400, "{v}");
            assert_eq!(v["data"]["params"][field], message, "{v}");
        }
    assert_eq!(app.get_as(&admin, "/wp/v2/settings").await, s);

    // UVP renamed (it keeps its slug), „Statt“ added, „Alter Preis“ the default before a
    // struck price, chosen by its name.
    let change = json!({
                "laden_price_labels": [
                    { "slug": "alter-preis", "name": "Alter Preis" },
                    { "slug": "neuer-preis", "name": "Neuer Preis" },
                    { "slug": "uvp", "name": "UVP des Herstellers" },
                    { "name": "Statt" },
                ],
                "laden_default_sale_price_label": "alter PREIS",
    });
    let s = app.save_settings(&admin, change).await;
    assert_eq!(s["laden_price_labels"][2]["slug"], "uvp", "{s}");
    assert_eq!(s["laden_price_labels"][3]["slug"], "statt", "{s}");
    assert_eq!(s["laden_default_sale_price_label"], "alter-preis");

    let mill = app
        .simple("Handmühle", "M-1", 4900, TaxClass::Standard, Some(5))
        .await;
    let sale_labels = |id: i64| {
        let app = &app;
        async move { app.store_product(id).await["extensions"]["laden"]["sale_labels"].clone() }
    };
    // The shop's default, while on sale and before.
    assert_eq!(sale_labels(mill).await, labels(Some("Alter Preis"), None));
    let (status, p) = app
        .wc_put(
            &manager,
            &format!("/products/{mill}"),
            json!({ "sale_price": "39.00" }),
        )
        .await;
    assert_eq!(status, 200, "{p}");

    // The product's own, by name or slug; one the shop lacks is refused at its key.
    let (status, v) = app
        .put_meta(
            &manager,
            mill,
            json!([{ "key": "_sale_price_regular_label", "value": "Sonderpreis" }]),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"]["meta_data._sale_price_regular_label"],
        "Diese Preisauszeichnung gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an."
    );
    let (status, p) = app
        .put_meta(
            &manager,
            mill,
            json!([
                { "key": "_sale_price_label", "value": "UVP des Herstellers" },
                { "key": "_sale_price_regular_label", "value": "neuer-preis" },
            ]),
        )
        .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_sale_price_label"), Some(json!("uvp")));
    assert_eq!(
        meta(&p, "_sale_price_regular_label"),
        Some(json!("neuer-preis"))
    );
    let sp = app.store_product(mill).await;
    assert_eq!(
        sp["extensions"]["laden"]["sale_labels"],
        labels(Some("UVP des Herstellers"), Some("Neuer Preis"))
    );

    // The page says them before its prices, in the server's HTML: the struck price's label
    // inside the struck price, so it is read with it.
    let page = format!("/produkt/{}/", sp["slug"].as_str().unwrap());
    let html = app.html(&page, None).await;
    assert!(
        html.contains(
            r#"<del><span class="price__label">UVP des Herstellers<!-- -->: </span>49,00"#
        ),
        "the struck price's label"
    );
    assert!(
        html.contains(r#"<span class="price__label">Neuer Preis<!-- -->: </span>39,00"#),
        "{html}"
    );
    assert!(!html.contains("Ursprünglicher Preis"));
    // The product's listing card says them too.
    let list = common::body(
        app.get(&format!("/wp-json/wc/store/v1/products?include={mill}"))
            .await,
    )
    .await;
    assert_eq!(
        list[0]["extensions"]["laden"]["sale_labels"],
        labels(Some("UVP des Herstellers"), Some("Neuer Preis"))
    );

    // A label the shop removes is chosen by no product: the default takes its place, and
    // wc/v3 leaves the key out (so the editor's next save is not refused at it). A default
    // whose label is removed is none.
    let change = json!({
                "laden_price_labels": [
                    { "slug": "alter-preis", "name": "Alter Preis" },
                    { "slug": "statt", "name": "Statt" },
                ],
                "laden_default_sale_price_regular_label": "statt",
    });
    let s = app.save_settings(&admin, change).await;
    assert_eq!(
        (
            &s["laden_default_sale_price_label"],
            &s["laden_default_sale_price_regular_label"]
        ),
        (&json!("alter-preis"), &json!("statt")),
        "{s}"
    );
    assert_eq!(
        sale_labels(mill).await,
        labels(Some("Alter Preis"), Some("Statt"))
    );
    let (_, p) = app.wc_get(&manager, &format!("/products/{mill}")).await;
    assert_eq!(meta(&p, "_sale_price_label"), None, "{p}");
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_price_labels": [{ "slug": "statt", "name": "Statt" }] }),
        )
        .await;
    assert_eq!(s["laden_default_sale_price_label"], "", "{s}");
    assert_eq!(sale_labels(mill).await, labels(None, Some("Statt")));

    // Off sale, the page shows no label (and no struck price).
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{mill}"),
            json!({ "sale_price": "" }),
        )
        .await;
    assert_eq!(status, 200);
    let html = app.html(&page, None).await;
    assert!(
        !html.contains(r#"class="price__label""#),
        "a label off sale"
    );
}

const CSV: &str = "Type,SKU,Name,Published,In stock?,Stock,Regular price,Sale price,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _sale_price_label,Meta: _sale_price_regular_label
simple,L-1,Mahlwerk,1,1,5,59.00,49.00,,,,,,UVP,Neuer Preis
variable,L-2,Kanne,1,1,,,,,Größe,\"1 l, 2 l\",1,0,uvp,
variation,L-2-1,,1,1,5,30.00,25.00,L-2,Größe,1 l,,,,
variation,L-2-2,,1,1,5,40.00,35.00,L-2,Größe,2 l,,,alter-preis,neuer-preis
simple,L-3,Filter,1,1,5,9.00,8.00,,,,,,Sonderpreis,
";

#[both_databases]
async fn labels_travel_through_the_csv_and_variations(app: TestApp) {
    let report = app.import_report(CSV.as_bytes()).await;
    assert_eq!(
            refused(&report),
            [(6, "_sale_price_label: Diese Preisauszeichnung gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an.")]
        );
    let sale_labels = |sku: &'static str| {
        let app = &app;
        async move {
            let id = app.id_by_sku(sku).await;
            app.store_product(id).await["extensions"]["laden"]["sale_labels"].clone()
        }
    };
    // By name or slug; a variation takes its product's or chooses its own.
    assert_eq!(
        sale_labels("L-1").await,
        labels(Some("UVP"), Some("Neuer Preis"))
    );
    assert_eq!(sale_labels("L-2").await, labels(Some("UVP"), None));
    assert_eq!(sale_labels("L-2-1").await, labels(Some("UVP"), None));
    assert_eq!(
        sale_labels("L-2-2").await,
        labels(Some("Alter Preis"), Some("Neuer Preis"))
    );
    // The product page's variations carry their own.
    let parent = app.store_product(app.id_by_sku("L-2").await).await;
    let html = app
        .html(
            &format!("/produkt/{}/", parent["slug"].as_str().unwrap()),
            None,
        )
        .await;
    assert!(
        html.contains(r#""sale_labels":{"strike":"Alter Preis","sale":"Neuer Preis"}"#),
        "{html}"
    );

    // The export writes the slugs as Germanized does, and imports again unchanged.
    let csv = app.export_csv().await;
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains(",Meta: _sale_price_label,Meta: _sale_price_regular_label"),
        "{csv}"
    );
    let row = |sku: &str| common::csv_row(&csv, sku);
    assert!(row("L-1").contains(",uvp,neuer-preis,"), "{}", row("L-1"));
    assert!(
        row("L-2-2").contains(",alter-preis,neuer-preis,"),
        "{}",
        row("L-2-2")
    );
    assert!(row("L-2-1").contains(",,,"), "{}", row("L-2-1"));
    let again = app.import_report(csv.as_bytes()).await;
    assert!(refused(&again).is_empty(), "{again:?}");
    assert_eq!(
        sale_labels("L-2-2").await,
        labels(Some("Alter Preis"), Some("Neuer Preis"))
    );

    // A label the shop removes is exported as none (an import would refuse it).
    let admin = app.staff("administrator").await;
    app.save_settings(
        &admin,
        json!({ "laden_price_labels": [
                { "slug": "alter-preis", "name": "Alter Preis" },
                { "slug": "neuer-preis", "name": "Neuer Preis" },
            ] }),
    )
    .await;
    let csv = app.export_csv().await;
    let row = common::csv_row(&csv, "L-1");
    assert!(row.contains(",,neuer-preis,"), "{row}");
    assert!(refused(&app.import_report(csv.as_bytes()).await).is_empty());
}
