//! German-market pricing over HTTP on SQLite and PostgreSQL: the Grundpreis (PAngV) from
//! import to every answer that carries a price.

use crate::common;

use common::{assert_wp_error, body, both_databases, meta, page_data, TestApp};
use laden_domain::TaxClass;
use laden_store::import::Importer;
use serde_json::{json, Value};

/// Germanized's meta columns: a 250 g coffee, a variable tea by weight (each variation its own
/// content, unit from the parent), olive oil per 100 ml, and a mug without a unit.
const CSV: &str = "ID,Type,SKU,Name,Published,Tax class,In stock?,Stock,Sale price,Regular price,Categories,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _unit,Meta: _unit_product,Meta: _unit_base
1,simple,K-250,Espresso Casa,1,reduced-rate,1,10,,11.90,Kaffee,,,,,,g,250,
2,variable,T-1,Sencha,1,reduced-rate,1,,,,Tee,,Größe,\"50 g, 1 kg\",1,1,g,,
3,variation,T-1-50,,1,parent,1,5,,4.99,,T-1,Größe,50 g,,,,50,
4,variation,T-1-1000,,1,parent,1,5,,59.00,,T-1,Größe,1 kg,,,,1000,
5,simple,OEL,Olivenöl,1,reduced-rate,1,10,,12.99,Küche,,,,,,ml,750,100
6,simple,TASSE,Tasse,1,,1,10,,9.00,Küche,,,,,,,,
7,simple,BAD-1,Falsche Einheit,1,,1,10,,9.00,Küche,,,,,,oz,250,
8,simple,BAD-2,Falsche Menge,1,,1,10,,9.00,Küche,,,,,,g,\"-3\",
";

#[both_databases]
async fn grundpreis_from_import_to_every_price(app: TestApp) {
    let dir = app.uploads.parent().unwrap().to_owned();
    let report = Importer::new(&app.store, dir.clone(), app.uploads.clone(), "import")
        .import_bytes(CSV.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    let mut bad: Vec<usize> = report.errors.iter().map(|e| e.line).collect();
    bad.sort_unstable();
    assert_eq!(
        bad,
        vec![8, 9],
        "unknown unit and negative content are refused, nothing saved: {report:?}"
    );
    assert!(app
        .store
        .product_id_by_sku("BAD-1")
        .await
        .unwrap()
        .is_none());
    let id = |sku: &'static str| {
        let store = app.store.clone();
        async move { store.product_id_by_sku(sku).await.unwrap().unwrap() }
    };
    let unit = |p: &Value| p["extensions"]["laden"]["unit_price"].clone();

    // Store API: the price per reference amount, in cents, with German labels. A variable
    // product: the range over its variations (99,80 € and 59,00 € per kg). A variation takes its
    // parent's unit with its own content.
    let units = [
        (
            "K-250",
            json!({ "price": 4760, "max_price": 4760, "base": "1 kg", "content": "250 g" }),
        ),
        (
            "OEL",
            json!({ "price": 173, "max_price": 173, "base": "100 ml", "content": "750 ml" }),
        ),
        ("TASSE", Value::Null),
        (
            "T-1",
            json!({ "price": 5900, "max_price": 9980, "base": "1 kg", "content": "" }),
        ),
        (
            "T-1-50",
            json!({ "price": 9980, "max_price": 9980, "base": "1 kg", "content": "50 g" }),
        ),
    ];
    for (sku, expected) in &units {
        let product = app.store_product(id(sku).await).await;
        assert_eq!(&unit(&product), expected, "{sku}");
    }
    let tea_id = id("T-1").await;

    // The export writes the same columns, and importing it again keeps every Grundpreis.
    let exported = app.export_csv().await;
    assert!(
        exported
            .lines()
            .next()
            .unwrap()
            .contains("Position,Meta: _unit,Meta: _unit_product,Meta: _unit_base"),
        "{exported}"
    );
    assert!(
        exported
            .lines()
            .any(|l| l.contains("K-250") && l.contains(",g,250,")),
        "{exported}"
    );
    assert!(
        exported
            .lines()
            .any(|l| l.contains("OEL") && l.contains(",ml,750,100")),
        "{exported}"
    );
    let again = Importer::new(&app.store, dir.clone(), app.uploads.clone(), "import")
        .import_bytes(exported.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    assert!(again.errors.is_empty(), "{again:?}");
    for (sku, expected) in &units {
        let again = app.store_product(id(sku).await).await;
        assert_eq!(&unit(&again), expected, "{sku} imported again");
    }

    // The product page: variation data for the form, and the unit price in the JSON-LD offer.
    let html = app.html("/produkt/espresso-casa/", None).await;
    let product_ld = common::product_ld(&html);
    let spec = &product_ld["offers"]["priceSpecification"];
    assert_eq!(spec[0]["price"], "11.90", "{spec}");
    assert_eq!(spec[1]["price"], "47.60", "{spec}");
    assert_eq!(
        spec[1]["referenceQuantity"],
        json!({ "@type": "QuantitativeValue", "value": "1", "unitCode": "KGM", "valueReference": { "@type": "QuantitativeValue", "value": "250", "unitCode": "GRM" } })
    );
    let tea_html = app.html("/produkt/sencha/", None).await;
    let tea_data = page_data(&tea_html);
    assert!(
        tea_data["variations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|v| v["unit_price"]
                == json!({ "base": "1 kg", "content": "50 g", "max_price": 9980, "price": 9980 })),
        "variation data carries its unit price"
    );

    // The cart: each line with its unit price.
    let token = app.new_cart().await;
    let cart = app.post_json("/cart/add-item", Some(&token), json!({ "id": tea_id, "quantity": 2, "variation": [{ "attribute": "Größe", "value": "1 kg" }] })).await;
    assert_eq!(
        cart["items"][0]["extensions"]["laden"]["unit_price"],
        json!({ "price": 5900, "max_price": 5900, "base": "1 kg", "content": "1 kg" })
    );
    let cart = app
        .post_json(
            "/cart/add-item",
            Some(&token),
            json!({ "id": id("TASSE").await, "quantity": 1 }),
        )
        .await;
    assert_eq!(
        cart["items"][1]["extensions"]["laden"]["unit_price"],
        Value::Null
    );

    // wc/v3 speaks Germanized's meta keys: read, changed, refused when wrong (nothing changes).
    let manager = app.staff("shop_manager").await;
    let path = format!("/wc/v3/products/{}", id("K-250").await);
    let p = app.get_as(&manager, &path).await;
    assert_eq!(
        (
            meta(&p, "_unit"),
            meta(&p, "_unit_product"),
            meta(&p, "_unit_base")
        ),
        (Some(json!("g")), Some(json!("250")), None)
    );
    let p = app.put_as(&manager, &path, json!({ "meta_data": [{ "key": "_unit_product", "value": "500" }, { "key": "_unit_base", "value": "100" }] })).await;
    assert_eq!(
        (meta(&p, "_unit_product"), meta(&p, "_unit_base")),
        (Some(json!("500")), Some(json!("100")))
    );
    let coffee = body(
        app.get(&path.replace("/wc/v3/", "/wp-json/wc/store/v1/"))
            .await,
    )
    .await;
    assert_eq!(
        unit(&coffee),
        json!({ "price": 238, "max_price": 238, "base": "100 g", "content": "500 g" })
    );
    for bad in [
        json!({ "key": "_unit", "value": "Unze" }),
        json!({ "key": "_unit_product", "value": "0" }),
        json!({ "key": "_unit_base", "value": "1,2345" }),
    ] {
        let change = json!({ "name": "Umbenannt", "meta_data": [bad] });
        let v = app.put_as(&manager, &path, change).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
    }
    let coffee = body(
        app.get(&path.replace("/wc/v3/", "/wp-json/wc/store/v1/"))
            .await,
    )
    .await;
    assert_eq!(
        (coffee["name"].as_str(), unit(&coffee)["base"].as_str()),
        (Some("Espresso Casa"), Some("100 g"))
    );
    // Cleared: no unit price any more.
    let change = json!({ "meta_data": [{ "key": "_unit", "value": "" }] });
    let p = app.put_as(&manager, &path, change).await;
    assert_eq!(meta(&p, "_unit"), None);
    let coffee = body(
        app.get(&path.replace("/wc/v3/", "/wp-json/wc/store/v1/"))
            .await,
    )
    .await;
    assert_eq!(unit(&coffee), Value::Null);
}

/// Lieferzeit: a product's own, a variation's own or its parent's, else the shop's default.
const DELIVERY_CSV: &str = "ID,Type,SKU,Name,Published,In stock?,Stock,Regular price,Categories,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: laden_delivery_time
1,simple,SOFORT,Tasse,1,1,5,9.00,Küche,,,,,,  sofort   lieferbar 
2,simple,STANDARD,Teller,1,1,5,12.00,Küche,,,,,,
3,variable,MUEHLE,Mühle,1,1,,,Küche,,Farbe,\"Rot, Blau\",1,1,5–7 Werktage
4,variation,MUEHLE-R,,1,1,5,49.00,,MUEHLE,Farbe,Rot,,,
5,variation,MUEHLE-B,,1,1,5,49.00,,MUEHLE,Farbe,Blau,,,1–2 Werktage
";

async fn product(app: &TestApp, id: i64) -> Value {
    app.store_product(id).await
}

#[both_databases]
async fn lieferzeit_from_product_variation_or_shop(app: TestApp) {
    let dir = app.uploads.parent().unwrap().to_owned();
    let long = format!(
        "{}\n6,simple,LANG,Lang,1,1,5,1.00,Küche,,,,,,{}\n",
        DELIVERY_CSV.lines().next().unwrap(),
        "x".repeat(101)
    );
    let report = Importer::new(&app.store, dir.clone(), app.uploads.clone(), "import")
        .import_bytes(DELIVERY_CSV.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    assert!(report.errors.is_empty(), "{report:?}");
    let too_long = Importer::new(&app.store, dir, app.uploads.clone(), "import")
        .import_bytes(long.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    assert_eq!(too_long.errors.len(), 1, "{too_long:?}");
    let id = |sku: &'static str| {
        let store = app.store.clone();
        async move { store.product_id_by_sku(sku).await.unwrap().unwrap() }
    };
    let own = |p: &Value| p["extensions"]["laden"]["delivery_time"].clone();
    assert_eq!(
        own(&product(&app, id("SOFORT").await).await),
        "sofort lieferbar"
    );
    assert_eq!(own(&product(&app, id("STANDARD").await).await), "");
    assert_eq!(
        own(&product(&app, id("MUEHLE-R").await).await),
        "5–7 Werktage",
        "a variation without its own takes its parent's"
    );
    assert_eq!(
        own(&product(&app, id("MUEHLE-B").await).await),
        "1–2 Werktage"
    );
    assert!(app.store.product_id_by_sku("LANG").await.unwrap().is_none());

    // The shop's default: a setting (administrators), never empty, at most 100 characters.
    let admin = app.staff("administrator").await;
    let settings = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(settings["laden_delivery_time"], "2–4 Werktage");
    for bad in [json!(""), json!("x".repeat(101)), json!(5)] {
        let v = app
            .save_settings(
                &admin,
                json!({ "title": "Geändert", "laden_delivery_time": bad }),
            )
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
    }
    let v = app
        .save_settings(&admin, json!({ "laden_delivery_time": " 3–4  Werktage " }))
        .await;
    assert_eq!(
        (v["laden_delivery_time"].as_str(), v["title"].as_str()),
        (
            Some("3–4 Werktage"),
            Some(settings["title"].as_str().unwrap())
        )
    );
    // Pages carry it for products without their own.
    let html = app.html("/produkt/teller/", None).await;
    assert!(
        html.contains("\"deliveryTime\":\"3–4 Werktage\""),
        "the site data carries the default"
    );
    let mill = app.html("/produkt/muehle/", None).await;
    assert!(
        mill.contains("\"delivery_time\":\"1–2 Werktage\"")
            && mill.contains("\"delivery_time\":\"5–7 Werktage\""),
        "variation data carries each one's own"
    );

    // Cart lines carry the product's own.
    let token = app.new_cart().await;
    let cart = app.post_json("/cart/add-item", Some(&token), json!({ "id": id("MUEHLE").await, "quantity": 1, "variation": [{ "attribute": "Farbe", "value": "Rot" }] })).await;
    assert_eq!(
        cart["items"][0]["extensions"]["laden"]["delivery_time"],
        "5–7 Werktage"
    );

    // wc/v3: read and written as meta data; too long is refused and nothing changes.
    let path = format!("/wc/v3/products/{}", id("STANDARD").await);
    let change = json!({ "meta_data": [{ "key": "laden_delivery_time", "value": "7 Werktage" }] });
    let p = app.put_as(&admin, &path, change).await;
    assert!(
        p["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["key"] == "laden_delivery_time" && m["value"] == "7 Werktage"),
        "{p}"
    );
    let v = app.put_as(&admin, &path, json!({ "name": "Anders", "meta_data": [{ "key": "laden_delivery_time", "value": "x".repeat(101) }] })).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    let teller = product(&app, id("STANDARD").await).await;
    assert_eq!(
        (teller["name"].as_str(), own(&teller)),
        (Some("Teller"), json!("7 Werktage"))
    );
}

/// Lieferzeit per country (Germanized's delivery times per country): a shipping zone names the
/// one of its countries, which products that state none take in the cart, the checkout's order
/// and its mail; a product's own stays its own.
/// The Lieferzeit each of a cart's lines shows, in order (empty: the shop's default).
fn times(cart: &Value) -> Vec<String> {
    cart["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            i["extensions"]["laden"]["delivery_time"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect()
}

#[both_databases]
async fn a_zone_names_the_delivery_time_of_its_countries(app: TestApp) {
    let admin = app.staff("administrator").await;
    let zone = |delivery_time: Value| {
        json!({ "laden_shipping_zones": [
            { "name": "Nachbarn", "countries": ["AT", "NL"], "cost": "9.90", "free_from": null, "delivery_time": delivery_time },
            { "name": "Schweiz", "countries": ["CH"], "cost": "19.90", "free_from": null }
        ] })
    };
    // Too long, or not text: refused at the zone's field, nothing saved.
    for bad in [json!("x".repeat(101)), json!(5)] {
        let (status, v) = app.change_settings(&admin, zone(bad)).await;
        assert_eq!(status, 400, "{v}");
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(
            v["data"]["params"]["laden_shipping_zones.0.delivery_time"].is_string(),
            "{v}"
        );
    }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(s["laden_shipping_zones"], json!([]));
    let s = app
        .save_settings(&admin, zone(json!("  4–6   Werktage ")))
        .await;
    assert_eq!(
        s["laden_shipping_zones"],
        json!([
            { "name": "Nachbarn", "countries": ["AT", "NL"], "cost": "9.90", "free_from": null, "delivery_time": "4–6 Werktage", "methods": { "weight_bands": [], "extra": [], "class_costs": {}, "no_class_cost": "", "class_per_order": false } },
            { "name": "Schweiz", "countries": ["CH"], "cost": "19.90", "free_from": null, "delivery_time": "", "methods": { "weight_bands": [], "extra": [], "class_costs": {}, "no_class_cost": "", "class_per_order": false } }
        ])
    );

    let plain = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(20))
        .await;
    let own = app
        .simple("Mühle", "M-1", 4990, TaxClass::Standard, Some(20))
        .await;
    let m = app.staff("shop_manager").await;
    let change = json!([{ "key": "laden_delivery_time", "value": "sofort lieferbar" }]);
    let (status, _) = app.put_meta(&m, own, change).await;
    assert_eq!(status, 200);

    let token = app.cart_with(plain, 1).await;
    assert_eq!(app.add_item(&token, own, 1).await.status(), 201);
    // Germany (in no zone): the shop's default, which the page data carries, and the product's own.
    assert_eq!(times(&app.cart(&token).await), ["", "sofort lieferbar"]);
    for (country, want) in [
        ("AT", "4–6 Werktage"),
        ("NL", "4–6 Werktage"),
        // A zone without one: the shop's.
        ("CH", ""),
    ] {
        let cart = app.ship_to(&token, country).await;
        assert_eq!(times(&cart), [want, "sofort lieferbar"], "{country}");
    }

    // The order keeps the delivery country's, and its confirmation says it.
    let address = common::billing_in("AT", "1010");
    let v = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": address, "payment_method": "invoice" }),
        )
        .await;
    let id = v["order_id"].as_i64().unwrap_or_else(|| panic!("{v}"));
    let order = app.order(id).await;
    let sold: Vec<&str> = order
        .items
        .iter()
        .map(|i| i.delivery_time.as_str())
        .collect();
    assert_eq!(sold, ["4–6 Werktage", "sofort lieferbar"]);
    let v = app.get_as(&m, &format!("/wc/v3/orders/{id}")).await;
    assert_eq!(v["line_items"][0]["laden_delivery_time"], "4–6 Werktage");
    let queued = app.store.order_mails(id).await.unwrap();
    let mail = laden_http::mail::preview(&app.state, &queued[0])
        .await
        .unwrap();
    assert!(
        mail.text.contains("Lieferzeit: 4–6 Werktage"),
        "{}",
        mail.text
    );

    // Delivered to Germany, the same goods take the shop's default.
    let token = app.cart_with(plain, 1).await;
    let v = app.checkout(&token, "invoice").await;
    let id = v["order_id"].as_i64().unwrap_or_else(|| panic!("{v}"));
    assert_eq!(app.order(id).await.items[0].delivery_time, "2–4 Werktage");
}

#[both_databases]
async fn a_product_names_the_delivery_time_of_some_countries(app: TestApp) {
    let admin = app.staff("administrator").await;
    app.save_settings(&admin, json!({ "laden_shipping_zones": [
            { "name": "Nachbarn", "countries": ["AT", "NL"], "cost": "9.90", "free_from": null, "delivery_time": "4–6 Werktage" }
        ] }))
    .await;
    let m = app.staff("shop_manager").await;
    let mill = app
        .simple("Mühle", "M-1", 4990, TaxClass::Standard, Some(20))
        .await;
    let (sencha, small, _) = app.variable().await;
    const KEY: &str = "laden_delivery_time_countries";

    // A code that names no country, an entry without a country, a text too long: refused at
    // the field, nothing saved. (A country the shop does not deliver to yet keeps its time for
    // when it does.)
    for bad in [
        json!({ "XX": "3 Wochen" }),
        json!("10–14 Werktage"),
        json!({ "CH": "x".repeat(101) }),
        json!(["CH"]),
    ] {
        let (status, v) = app
            .put_meta(&m, mill, json!([{ "key": KEY, "value": bad }]))
            .await;
        assert_eq!(status, 400, "{bad}: {v}");
        assert_wp_error(&v, "rest_invalid_param", 400);
        let message = &v["data"]["params"][format!("meta_data.{KEY}")];
        assert!(
            message
                .as_str()
                .unwrap()
                .starts_with("Lieferzeiten je Land: "),
            "{v}"
        );
    }
    let (_, v) = app.wc_get(&m, &format!("/products/{mill}")).await;
    assert!(
        !v["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["key"] == KEY),
        "{v}"
    );
    // The mill: its own default, and Switzerland's (as an object, codes in any case); the tea
    // (a variable product) Austria's, as the CSV's text, which its variations take.
    let change = json!([
        { "key": "laden_delivery_time", "value": "sofort lieferbar" },
        { "key": KEY, "value": { "ch": " 10–14  Werktage " } }
    ]);
    let (status, v) = app.put_meta(&m, mill, change).await;
    assert_eq!(status, 200, "{v}");
    let meta = |v: &Value| {
        v["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["key"] == KEY)
            .map(|e| e["value"].clone())
    };
    assert_eq!(meta(&v), Some(json!({ "CH": "10–14 Werktage" })));
    let change = json!([{ "key": KEY, "value": "AT: 7–10 Werktage" }]);
    let (status, v) = app.put_meta(&m, sencha, change).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(meta(&v), Some(json!({ "AT": "7–10 Werktage" })));

    let token = app.cart_with(mill, 1).await;
    assert_eq!(app.add_item(&token, small, 1).await.status(), 201);
    for (country, want) in [
        // The mill's own default; the tea states none for Germany (the shop's default).
        ("DE", ["sofort lieferbar", ""]),
        // The tea's for Austria beats the zone's; the mill's own default beats the zone's too.
        ("AT", ["sofort lieferbar", "7–10 Werktage"]),
        // The Netherlands: the mill's own, the zone's for the tea.
        ("NL", ["sofort lieferbar", "4–6 Werktage"]),
        // Switzerland: the mill's for it.
        ("CH", ["10–14 Werktage", ""]),
    ] {
        let cart = app.ship_to(&token, country).await;
        assert_eq!(times(&cart), want, "{country}");
    }
    // The order keeps what its country's lines said.
    let v = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("CH", "8001"), "payment_method": "invoice" }),
        )
        .await;
    let id = v["order_id"].as_i64().unwrap_or_else(|| panic!("{v}"));
    let sold: Vec<String> = app
        .order(id)
        .await
        .items
        .iter()
        .map(|i| i.delivery_time.clone())
        .collect();
    assert_eq!(sold, ["10–14 Werktage", "2–4 Werktage"]);

    // The CSV carries them both ways; a country the shop does not deliver to is refused, the
    // row named.
    let csv = app.export_csv().await;
    let header = csv.lines().next().unwrap();
    assert!(
        header.contains(",Meta: laden_delivery_time,Meta: laden_delivery_time_countries,"),
        "{header}"
    );
    assert!(
        csv.contains(",sofort lieferbar,CH: 10–14 Werktage,"),
        "{csv}"
    );
    let report = app
        .import_report(
            "Type,SKU,Name,Regular price,Meta: laden_delivery_time_countries\n\
             simple,DT-1,Kanne,29.90,AT: 1 Woche | CH: 2 Wochen\n\
             simple,DT-2,Tasse,9.90,XX: 3 Wochen\n"
                .as_bytes(),
        )
        .await;
    common::assert_one_refused(&report, 3, "Lieferzeiten je Land");
    let pot = app.product_by_sku("DT-1").await;
    assert_eq!(
        laden_domain::delivery::to_text(&pot.details.delivery_times),
        "AT: 1 Woche | CH: 2 Wochen"
    );
}
