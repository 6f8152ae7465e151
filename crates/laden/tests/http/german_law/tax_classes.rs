//! The shop's VAT classes over HTTP on SQLite and PostgreSQL: standard (19 %), reduced (7 %) and
//! WooCommerce's third, the zero rate (0 %, e.g. solar modules for a home, § 12 (3) UStG). A
//! WooCommerce CSV's `zero-rate` (or a German export's „Nullsatz“) imports as the zero rate, not
//! as 19 %; goods at the zero rate carry no VAT in the cart, the order, `wc/v3` and the invoice
//! (EN 16931 category Z); `wc/v3` refuses a class the shop does not have, and a variation
//! follows its product's class unless given one of its own.

use crate::common;

use common::{assert_wp_error, body, both_databases, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

const CSV: &str = "Type,SKU,Name,Published,In stock?,Stock,Regular price,Tax class
simple,PV-1,Solarmodul 430 W,1,1,10,23.80,zero-rate
simple,PV-2,Stromspeicher 5 kWh,1,1,10,2500.00,Nullsatz
simple,K-1,Solarkabel 6 mm²,1,1,10,11.90,
simple,B-1,Handbuch Photovoltaik,1,1,10,10.70,reduced-rate
";

#[both_databases]
async fn zero_rate_goods_are_sold_without_vat(app: TestApp) {
    common::invoice::seller(&app, "order").await;
    app.import_csv(CSV.as_bytes()).await;
    let class_of = |sku: &'static str| {
        let app = &app;
        async move {
            app.store
                .product(app.id_by_sku(sku).await)
                .await
                .unwrap()
                .tax_class
        }
    };
    assert_eq!(class_of("PV-1").await, TaxClass::Zero);
    assert_eq!(class_of("PV-2").await, TaxClass::Zero);
    assert_eq!(class_of("K-1").await, TaxClass::Standard);
    assert_eq!(class_of("B-1").await, TaxClass::Reduced);
    let (module, cable) = (app.id_by_sku("PV-1").await, app.id_by_sku("K-1").await);

    // wc/v3 names the class by WooCommerce's slug; one the shop lacks is refused, unchanged.
    let m = app.staff("shop_manager").await;
    let (_, p) = app.wc_get(&m, &format!("/products/{module}")).await;
    assert_eq!(p["tax_class"], "zero-rate", "{p}");
    let (status, e) = app
        .wc_put(
            &m,
            &format!("/products/{cable}"),
            json!({ "tax_class": "luxury-rate", "regular_price": "9.90" }),
        )
        .await;
    assert_eq!(status, 400, "{e}");
    assert_wp_error(&e, "rest_invalid_param", 400);
    assert_eq!(
        e["data"]["params"]["tax_class"],
        "tax_class ist keiner von standard, reduced-rate, zero-rate."
    );
    let (_, p) = app.wc_get(&m, &format!("/products/{cable}")).await;
    assert_eq!(
        (&p["tax_class"], &p["regular_price"]),
        (&json!(""), &json!("11.90"))
    );
    // The CSV export writes the class back as WooCommerce's slug.
    let csv = app.export_csv().await;
    let row = csv.lines().find(|l| l.contains(",PV-2,")).unwrap();
    assert!(row.contains(",zero-rate,"), "{row}");

    // The cart: 23,80 € at 0 % and 11,90 € at 19 %, with 4,90 € shipping (under 50 €) split
    // by the goods' shares (3,26 € at 0 %, 1,64 € at 19 %). Only the cable's share holds VAT:
    // 19 % of 13,54 € gross is 2,16 €.
    let token = app.cart_with(module, 1).await;
    let cart = body(app.add_item(&token, cable, 1).await).await;
    let t = &cart["totals"];
    assert_eq!(t["total_price"], "4060", "{t}");
    assert_eq!(t["total_tax"], "216", "{t}");
    assert_eq!(
        t["tax_lines"],
        json!([{ "name": "MwSt. 19 %", "price": "216", "rate": "19%" }]),
        "{t}"
    );

    // The order and its invoice: the module at 0 % in EN 16931's category Z, valid.
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().unwrap();
    let order = app.order(id).await;
    assert_eq!(order.total, 4060);
    let (_, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    let line = |i: usize| {
        let l = &o["line_items"][i];
        (
            l["name"].clone(),
            l["tax_class"].clone(),
            l["total_tax"].clone(),
        )
    };
    assert_eq!(
        line(0),
        (json!("Solarmodul 430 W"), json!("zero-rate"), json!("0.00")),
        "{o}"
    );
    assert_eq!(
        line(1),
        (json!("Solarkabel 6 mm²"), json!(""), json!("1.90"))
    );
    assert_eq!(o["total_tax"], "2.16", "{o}");
    // As WooCommerce hides zero taxes, the order's tax lines hold only the 19 % rate: the
    // cable's 1,90 € and its shipping share's 0,26 €.
    let rates: Vec<(&Value, &Value, &Value)> = o["tax_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                &l["rate_percent"],
                &l["tax_total"],
                &l["shipping_tax_total"],
            )
        })
        .collect();
    assert_eq!(rates, [(&json!(19), &json!("1.90"), &json!("0.26"))], "{o}");
    let invoice = order.invoices[0].id;
    let res = common::invoice::customer_pdf(&app, invoice, &order.key).await;
    assert_eq!(res.status(), 200);
    let read = common::invoice::check(&[res.bytes().await.unwrap().to_vec()]);
    common::invoice::assert_valid(&read[0]);
    let taxes = &read[0]["taxes"];
    assert_eq!(
        taxes["0"],
        json!({ "category": "Z", "basis": 2706, "vat": 0 }),
        "{taxes}"
    );
    assert_eq!(taxes["19"]["vat"], 216, "{taxes}");
    assert_eq!(read[0]["tax_total"], 216);
}

#[both_databases]
async fn a_variation_follows_its_products_class_unless_it_has_its_own(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (status, p) = app
            .wc_post(&m, "/products", json!({
                "name": "Wechselrichter", "type": "variable", "tax_class": "reduced-rate",
                "attributes": [{ "name": "Leistung", "options": ["600 W", "800 W"], "variation": true, "visible": true }]
            }))
            .await;
    assert_eq!(status, 201, "{p}");
    let parent = p["id"].as_i64().unwrap();
    let variations = format!("/products/{parent}/variations");
    let create = |power: &'static str, extra: Value| {
        let (app, m, variations) = (&app, &m, &variations);
        async move {
            let mut body = json!({ "regular_price": "199.00", "attributes": [{ "name": "Leistung", "option": power }] });
            body.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            let (status, v) = app.wc_post(m, variations, body).await;
            assert_eq!(status, 201, "{v}");
            v["id"].as_i64().unwrap()
        }
    };
    let class = |id: i64| {
        let (app, m, variations) = (&app, &m, &variations);
        async move {
            let (_, v) = app.wc_get(m, &format!("{variations}/{id}")).await;
            v["tax_class"].as_str().unwrap().to_owned()
        }
    };
    // A class sent to a product or variation: the status and the answer.
    let put = |path: String, class: &'static str| {
        let (app, m) = (&app, &m);
        async move { app.wc_put(m, &path, json!({ "tax_class": class })).await }
    };
    let product = format!("/products/{parent}");

    // Made without a class: its product's. Made with one: its own.
    let small = create("600 W", json!({})).await;
    let large = create("800 W", json!({ "tax_class": "standard" })).await;
    assert_eq!(class(small).await, "reduced-rate");
    assert_eq!(class(large).await, "");

    // The product moves to the zero rate: the variation that had its class follows.
    assert_eq!(put(product.clone(), "zero-rate").await.0, 200);
    assert_eq!(class(small).await, "zero-rate");
    assert_eq!(class(large).await, "");
    // `parent` gives a variation its product's class back; a product has no parent's.
    assert_eq!(put(format!("{variations}/{large}"), "parent").await.0, 200);
    assert_eq!(class(large).await, "zero-rate");
    let (status, e) = put(format!("{variations}/{large}"), "luxury-rate").await;
    assert_eq!(status, 400, "{e}");
    assert_eq!(
        e["data"]["params"]["tax_class"],
        "tax_class ist keiner von standard, reduced-rate, zero-rate, parent."
    );
    let (status, e) = put(product, "parent").await;
    assert_eq!(status, 400, "{e}");
    assert_eq!(class(large).await, "zero-rate");

    // The variation is sold at its class: no VAT in the cart.
    let token = app.cart_with(small, 1).await;
    let cart = app.cart(&token).await;
    assert_eq!(cart["totals"]["total_tax"], "0", "{cart}");
    assert_eq!(cart["totals"]["tax_lines"], json!([]));
}

const CONFIRMATION: &str = "Ich bestätige, dass ich Betreiber der Photovoltaikanlage bin und dass sie auf oder in der Nähe von Privatwohnungen, Wohnungen sowie öffentlichen und anderen Gebäuden, die für dem Gemeinwohl dienende Tätigkeiten genutzt werden, installiert wird (Nullsteuersatz nach § 12 Abs. 3 UStG): ";

#[both_databases]
async fn photovoltaic_systems_at_the_zero_rate_ask_the_buyer_to_confirm_the_conditions(
    db: Backend,
) {
    // Rendered pages: the product page's notice is in the server's HTML.
    let app = TestApp::start_with(db, true).await;
    // Germanized's `_photovoltaic_system`, from the CSV and through wc/v3.
    app.import_csv(
            "Type,SKU,Name,Published,In stock?,Stock,Regular price,Tax class,Meta: _photovoltaic_system\n\
             simple,PV-1,Solarmodul 430 W,1,1,10,89.00,zero-rate,yes\n\
             simple,PV-9,Solarmodul fürs Gewerbe,1,1,10,105.91,,1\n\
             simple,K-1,Solarkabel,1,1,10,11.90,,\n"
                .as_bytes(),
        )
        .await;
    let (module, commercial, cable) = (
        app.id_by_sku("PV-1").await,
        app.id_by_sku("PV-9").await,
        app.id_by_sku("K-1").await,
    );
    let m = app.staff("shop_manager").await;
    let (_, p) = app.wc_get(&m, &format!("/products/{module}")).await;
    assert_eq!(common::meta(&p, "_photovoltaic_system"), Some(json!("yes")));
    let (_, p) = app.wc_get(&m, &format!("/products/{cable}")).await;
    assert_eq!(common::meta(&p, "_photovoltaic_system"), None);
    let csv = app.export_csv().await;
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains(",Meta: _photovoltaic_system,"),
        "{csv}"
    );
    assert!(
        csv.lines()
            .any(|l| l.contains(",PV-1,") && l.contains(",zero-rate,") && l.contains(",yes,")),
        "{csv}"
    );

    // At the zero rate the page and the Store API say so; at 19 % there is nothing to confirm.
    let special = |id: i64| {
        let app = &app;
        async move {
            body(
                app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
                    .await,
            )
            .await["extensions"]["laden"]["special"]["photovoltaic"]
                .clone()
        }
    };
    assert_eq!(special(module).await, true);
    assert_eq!(special(commercial).await, false);
    assert_eq!(special(cable).await, false);
    // The product page says it only where the zero rate applies.
    let notice = "Nullsteuersatz für Photovoltaikanlagen (§ 12 Abs. 3 UStG)";
    for (id, shown) in [(module, true), (commercial, false)] {
        let slug = app.store.product(id).await.unwrap().slug.unwrap();
        let html = app.html(&format!("/produkt/{slug}/"), None).await;
        assert!(html.contains("product__summary"), "{slug}: rendered");
        assert_eq!(html.contains(notice), shown, "{slug}");
    }

    // Without the confirmation nothing is ordered; the error names the checkbox in German.
    let token = app.cart_with(module, 2).await;
    assert_eq!(app.add_item(&token, cable, 1).await.status(), 201);
    let (status, v) = app.check_out_ticking(&token, &["terms"]).await;
    assert_eq!(status, 400, "{v}");
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(
        v["data"]["params"],
        json!({ "photovoltaic_systems": "Bitte bestätigen Sie, dass der Nullsteuersatz für Photovoltaikanlagen für Sie gilt." })
    );
    assert_eq!(app.store.order_count().await.unwrap(), 0);
    assert_eq!(app.stock(module).await, Some(10));

    // Confirmed: the order keeps the text naming the module, at 0 %.
    let (status, v) = app
        .check_out_ticking(&token, &["terms", "photovoltaic_systems"])
        .await;
    assert_eq!(status, 201, "{v}");
    let order = app.order(v["order_id"].as_i64().unwrap()).await;
    let kept = common::agreements(&order);
    let text = format!("{CONFIRMATION}Solarmodul 430 W");
    assert_eq!(kept[1..], [("photovoltaic_systems", text.as_str())]);
    assert_eq!(order.items[0].tax_rate, laden_domain::VatRate::ZERO);
    assert_eq!(order.items[1].tax_rate, laden_domain::VatRate::percent(19));

    // The module sold at 19 % asks for no confirmation, and one cannot be given for it.
    let token = app.cart_with(commercial, 1).await;
    let (status, v) = app
        .check_out_ticking(&token, &["terms", "photovoltaic_systems"])
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(v["data"]["params"]["extensions.laden.checkboxes"].is_string());
    let (status, v) = app.check_out_ticking(&token, &["terms"]).await;
    assert_eq!(status, 201, "{v}");
}

#[both_databases]
async fn the_lines_vat_adds_up_to_the_items_vat(app: TestApp) {
    common::invoice::seller(&app, "order").await;
    // Three items at 1,99 € and 19 % each hold 0,3176 € VAT, rounded 0,32 €; together
    // 5,97 € hold 0,95 €. A client adding up the lines' VAT must get the items' VAT.
    let mut ids = Vec::new();
    for (n, class) in [
        TaxClass::Standard,
        TaxClass::Standard,
        TaxClass::Standard,
        TaxClass::Reduced,
    ]
    .into_iter()
    .enumerate()
    {
        ids.push(
            app.simple(
                &format!("Riegel {n}"),
                &format!("R-{n}"),
                199,
                class,
                Some(9),
            )
            .await,
        );
    }
    let token = app.cart_with(ids[0], 1).await;
    for &id in &ids[1..] {
        assert_eq!(app.add_item(&token, id, 1).await.status(), 201);
    }
    let line_vat = |v: &Value| -> Vec<i64> {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                i["totals"]["line_total_tax"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect()
    };
    let items_vat = |v: &Value| -> i64 {
        v["totals"]["total_items_tax"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap()
    };
    let cart = app.cart(&token).await;
    let lines = line_vat(&cart);
    assert_eq!(lines.iter().sum::<i64>(), items_vat(&cart), "{cart}");
    // Each line within a cent of its own VAT, the 7 % line its own.
    assert!(
        lines[..3].iter().all(|v| (31..=33).contains(v)),
        "{lines:?}"
    );
    assert_eq!(lines[3], 13, "{lines:?}");
    // Net and VAT of each line make its gross.
    for item in cart["items"].as_array().unwrap() {
        let net: i64 = item["totals"]["line_total"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        let tax: i64 = item["totals"]["line_total_tax"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(net + tax, 199, "{item}");
    }

    let placed = app.checkout(&token, "bacs").await;
    let o = app.order(placed["order_id"].as_i64().unwrap()).await;
    let seen = common::invoice::store_order(&app, &o).await;
    assert_eq!(
        line_vat(&seen).iter().sum::<i64>(),
        items_vat(&seen),
        "{seen}"
    );
    assert_eq!(line_vat(&seen), lines);
}
