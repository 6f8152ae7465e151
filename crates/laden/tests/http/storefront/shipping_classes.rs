//! Shipping classes, over HTTP on SQLite and PostgreSQL: the shop's classes through
//! `wc/v3/products/shipping_classes` and `wp/v2/settings`, a product's class through `wc/v3` and
//! the CSV, and what a flat rate adds for them in the Store API cart and the order.

use super::shipping_methods::{rate, rates};
use crate::common;

use common::{assert_wp_error, body, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn a_flat_rate_charges_extra_for_bulky_goods(app: TestApp) {
    let admin = app.staff("administrator").await;
    // Two classes through wc/v3, as a connector would make them.
    let (status, bulky) = app
        .wc_post(
            &admin,
            "/products/shipping_classes",
            json!({ "name": "Sperrgut", "description": "Über 120 cm" }),
        )
        .await;
    assert_eq!(status, 201, "{bulky}");
    assert_eq!(
        (bulky["slug"].as_str(), bulky["count"].as_i64()),
        (Some("sperrgut"), Some(0))
    );
    let bulky_id = bulky["id"].as_i64().unwrap();
    let (_, fragile) = app
        .wc_post(
            &admin,
            "/products/shipping_classes",
            json!({ "name": "Zerbrechlich" }),
        )
        .await;
    let fragile_id = fragile["id"].as_i64().unwrap();
    assert_ne!(bulky_id, fragile_id);
    // Bad input changes nothing: no name, a name taken.
    for bad in [json!({ "name": " " }), json!({ "name": "sperrgut" })] {
        let (status, v) = app.wc_post(&admin, "/products/shipping_classes", bad).await;
        assert_eq!(status, 400, "{v}");
        assert!(v["data"]["params"]["name"].is_string(), "{v}");
    }

    // The German zone's standard rate adds 15 € for bulky goods and 3 € for fragile ones, for
    // each class in the parcel; Express adds 25 € for bulky goods. A cost for a class the shop
    // does not keep is refused.
    let zone = |costs: serde_json::Value| {
        json!([{ "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": "100.00",
          "methods": { "class_costs": costs, "extra": [
            { "kind": "flat_rate", "title": "Express", "cost": "12.90",
              "class_costs": { "sperrgut": "25.00" }, "no_class_cost": "2.00" },
          ] } }])
    };
    let (status, v) = app
        .change_settings(
            &admin,
            json!({ "laden_shipping_zones": zone(json!({ "moebel": "5.00" })) }),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"]["laden_shipping_zones.0.class_costs.moebel"],
        "Diese Versandklasse gibt es nicht: Legen Sie sie zuerst in den Versandeinstellungen des Shops an.",
        "{v}"
    );
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_shipping_zones": zone(json!({ "sperrgut": "15.00", "zerbrechlich": "3" })) }),
        )
        .await;
    assert_eq!(
        s["laden_shipping_zones"][0]["methods"]["class_costs"],
        json!({ "sperrgut": "15.00", "zerbrechlich": "3.00" }),
        "{s}"
    );

    // A shelf in the bulky class (by name, as the CSV gives it; wc/v3 takes the slug too).
    let shelf = app
        .simple("Regal", "REGAL", 8900, TaxClass::Standard, Some(20))
        .await;
    let vase = app
        .simple("Vase", "VASE", 2900, TaxClass::Standard, Some(20))
        .await;
    let (status, p) = app
        .wc_put(
            &admin,
            &format!("/products/{shelf}"),
            json!({ "shipping_class": "Sperrgut" }),
        )
        .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(
        (
            p["shipping_class"].as_str(),
            p["shipping_class_id"].as_i64()
        ),
        (Some("sperrgut"), Some(bulky_id))
    );
    let (status, v) = app
        .wc_put(
            &admin,
            &format!("/products/{vase}"),
            json!({ "shipping_class": "glas" }),
        )
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(status, 400);
    app.wc_put(
        &admin,
        &format!("/products/{vase}"),
        json!({ "shipping_class": "zerbrechlich" }),
    )
    .await;
    let (_, listed) = app.wc_get(&admin, "/products/shipping_classes").await;
    let counts: Vec<(&str, i64)> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["slug"].as_str().unwrap(), c["count"].as_i64().unwrap()))
        .collect();
    assert_eq!(counts, vec![("sperrgut", 1), ("zerbrechlich", 1)]);

    // The cart: the shelf alone costs 4,90 + 15 €; Express 12,90 + 25 €.
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, shelf, 1).await).await;
    assert_eq!(
        rates(&cart),
        (
            vec![
                rate("flat_rate:101", 1990, true),
                rate("flat_rate:103", 3790, false)
            ],
            "1990".to_owned()
        ),
        "{cart}"
    );
    // With the vase (goods 118 €): free shipping from 100 € costs nothing, classes or not; the
    // standard rate adds both classes (4,90 + 15 + 3 €).
    let cart = body(app.add_item(&token, vase, 1).await).await;
    assert_eq!(
        rates(&cart).0,
        vec![
            rate("flat_rate:101", 2290, false),
            rate("free_shipping:102", 0, true),
            rate("flat_rate:103", 3790, false)
        ]
    );
    // Charged only for the dearest class when the rate says so.
    let mut per_order = zone(json!({ "sperrgut": "15.00", "zerbrechlich": "3.00" }));
    per_order[0]["methods"]["class_per_order"] = true.into();
    app.save_settings(&admin, json!({ "laden_shipping_zones": per_order }))
        .await;
    assert_eq!(
        rates(&app.cart(&token).await).0[0],
        rate("flat_rate:101", 1990, false)
    );
    // wc/v3 lists the costs as WooCommerce's flat rate does.
    let (_, methods) = app.wc_get(&admin, "/shipping/zones/1/methods").await;
    let settings = &methods[0]["settings"];
    assert_eq!(
        (
            settings[format!("class_cost_{bulky_id}")]["value"].as_str(),
            settings[format!("class_cost_{fragile_id}")]["value"].as_str(),
            settings["type"]["value"].as_str(),
        ),
        (Some("15.00"), Some("3.00"), Some("order")),
        "{methods}"
    );
    assert_eq!(
        (
            methods[0]["settings"]["no_class_cost"]["value"].as_str(),
            methods[2]["settings"]["no_class_cost"]["value"].as_str()
        ),
        (Some(""), Some("2.00")),
        "{methods}"
    );

    // The order keeps what the standard rate cost with the classes.
    app.post_json(
        "/cart/select-shipping-rate",
        Some(&token),
        json!({ "rate_id": "flat_rate:101" }),
    )
    .await;
    let placed = app.checkout(&token, "bacs").await;
    let order = app
        .order(placed["order_id"].as_i64().expect("placed"))
        .await;
    assert_eq!(
        (order.shipping_method.as_str(), order.total),
        ("flat_rate:101", 8900 + 2900 + 1990)
    );

    // Goods of no class: Express adds its 2 € for them (beside the shelf's 25 €); the standard
    // rate has no such cost.
    let candle = app
        .simple("Kerze", "KERZE", 990, TaxClass::Standard, Some(20))
        .await;
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, candle, 1).await).await;
    assert_eq!(
        rates(&cart).0,
        vec![
            rate("flat_rate:101", 490, true),
            rate("flat_rate:103", 1490, false)
        ],
        "{cart}"
    );
    let cart = body(app.add_item(&token, shelf, 1).await).await;
    assert_eq!(
        rates(&cart).0,
        vec![
            rate("flat_rate:101", 1990, true),
            rate("flat_rate:103", 3990, false)
        ],
        "{cart}"
    );

    // The CSV names the class by its name, and takes it back.
    let csv = app.export_csv().await;
    let header = csv.lines().next().unwrap();
    assert!(header.contains(",Shipping class,"), "{header}");
    assert!(common::csv_row(&csv, "REGAL").contains(",Sperrgut,"));

    // Renamed, the class keeps its slug and its products; deleted (for good only), its products
    // and flat rates forget it.
    let (_, renamed) = app
        .wc_put(
            &admin,
            &format!("/products/shipping_classes/{bulky_id}"),
            json!({ "name": "Übergröße" }),
        )
        .await;
    assert_eq!(
        (
            renamed["name"].as_str(),
            renamed["slug"].as_str(),
            renamed["count"].as_i64()
        ),
        (Some("Übergröße"), Some("sperrgut"), Some(1))
    );
    let (status, v) = app
        .wc_delete(&admin, &format!("/products/shipping_classes/{bulky_id}"))
        .await;
    assert_eq!(status, 501, "{v}");
    let (status, _) = app
        .wc_delete(
            &admin,
            &format!("/products/shipping_classes/{bulky_id}?force=true"),
        )
        .await;
    assert_eq!(status, 200);
    let (_, p) = app.wc_get(&admin, &format!("/products/{shelf}")).await;
    assert_eq!(
        (
            p["shipping_class"].as_str(),
            p["shipping_class_id"].as_i64()
        ),
        (Some(""), Some(0))
    );
    let (_, s) = app.wc_get(&admin, "/shipping/zones/1/methods").await;
    assert!(
        s[0]["settings"]
            .get(format!("class_cost_{bulky_id}"))
            .is_none(),
        "{s}"
    );
    let settings = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        settings["laden_shipping_zones"][0]["methods"]["class_costs"],
        json!({ "zerbrechlich": "3.00" })
    );
    // A class made again with the old name does not inherit the shelf.
    let (_, again) = app
        .wc_post(
            &admin,
            "/products/shipping_classes",
            json!({ "name": "Sperrgut" }),
        )
        .await;
    assert_eq!(again["count"], 0, "{again}");
    assert!(again["id"].as_i64().unwrap() > fragile_id);
}

/// The CSV import finds a class by name or slug, and adds one the shop does not keep yet (as
/// WooCommerce's importer adds the term); a name no class may have is refused.
#[both_databases]
async fn the_csv_names_a_product_s_shipping_class(app: TestApp) {
    let admin = app.staff("administrator").await;
    app.save_settings(
        &admin,
        json!({ "laden_shipping_classes": [{ "name": "Sperrgut" }, { "name": "Brief" }] }),
    )
    .await;
    let long = "x".repeat(61);
    let csv = format!(
        "Type,SKU,Name,Published,Regular price,Shipping class\n\
         simple,SOFA,Sofa,1,499,Sperrgut\n\
         simple,KARTE,Karte,1,2,brief\n\
         simple,TISCH,Tisch,1,199,Möbel\n\
         simple,STUHL,Stuhl,1,99,möbel\n\
         simple,LANG,Lang,1,9,{long}\n"
    );
    let report = app.import_report(csv.as_bytes()).await;
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(
        format!("{:?}", report.errors[0]).contains("60 Zeichen"),
        "{:?}",
        report.errors
    );
    // „Möbel“ is the shop's third class now, once, with both products in it.
    let (_, classes) = app.wc_get(&admin, "/products/shipping_classes").await;
    let names: Vec<(&str, i64)> = classes
        .as_array()
        .expect("classes")
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap_or_default(),
                c["count"].as_i64().unwrap_or(-1),
            )
        })
        .collect();
    assert_eq!(
        names,
        [("Sperrgut", 1), ("Brief", 1), ("Möbel", 2)],
        "{classes}"
    );
    let furniture = classes[2]["slug"].clone();
    for sku in ["TISCH", "STUHL"] {
        let (_, found) = app.wc_get(&admin, &format!("/products?sku={sku}")).await;
        assert_eq!(found[0]["shipping_class"], furniture, "{sku}");
    }
    let (_, found) = app.wc_get(&admin, "/products?sku=SOFA").await;
    assert_eq!(found[0]["shipping_class"], "sperrgut");
    let (_, found) = app.wc_get(&admin, "/products?sku=KARTE").await;
    assert_eq!(found[0]["shipping_class"], "brief");
    // Removed from the settings' list, the class leaves its products.
    app.save_settings(
        &admin,
        json!({ "laden_shipping_classes": [{ "id": 2, "name": "Brief" }] }),
    )
    .await;
    let (_, found) = app.wc_get(&admin, "/products?sku=SOFA").await;
    assert_eq!(found[0]["shipping_class"], "", "{found}");
    let (_, found) = app.wc_get(&admin, "/products?sku=KARTE").await;
    assert_eq!(found[0]["shipping_class"], "brief");
}
