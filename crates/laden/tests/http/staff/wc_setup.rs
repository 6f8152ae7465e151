//! What a WooCommerce tool reads when it is set up against the shop, over HTTP on SQLite and
//! PostgreSQL: `wc/v3/payment_gateways`, `taxes/classes`, `taxes`, `data/currencies/current`,
//! `data/countries`, `shipping/zones` (locations, methods), `shipping_methods` and `settings`,
//! each answering as the shop's settings say, staff only.

use crate::common;

use common::{assert_wp_error, both_databases, TestApp};
use reqwest::Method;
use serde_json::json;

/// Each path (below `wc/v3`) refuses a visitor (401) and a customer (403).
async fn staff_only(app: &TestApp, paths: &[&str]) {
    let customer = app.staff("customer").await;
    for path in paths {
        let (status, e) = app
            .call(Method::GET, &format!("/wc/v3{path}"), None, None)
            .await;
        assert_eq!(status, 401, "{path}");
        assert_wp_error(&e, "woocommerce_rest_cannot_view", 401);
        let (status, _) = app.wc_get(&customer, path).await;
        assert_eq!(status, 403, "{path}");
    }
}

#[both_databases]
async fn payment_gateways_tax_classes_and_currency_as_the_settings_say(app: TestApp) {
    let m = app.staff("shop_manager").await;
    app.set(|s| s.shop.payment_methods = vec!["invoice".into(), "bacs".into()])
        .await;

    // Every method Laden has: the checkout's, in its order, then the one switched off.
    let (status, list) = app.wc_get(&m, "/payment_gateways").await;
    assert_eq!(status, 200, "{list}");
    let summary: Vec<(&str, i64, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let id = g["id"].as_str().unwrap();
            (
                id,
                g["order"].as_i64().unwrap(),
                g["enabled"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("invoice", 0, true),
            ("bacs", 1, true),
            ("cod", 2, false),
            ("stripe", 3, false),
            ("stripe_sepa", 4, false)
        ]
    );
    assert_eq!(list[1]["title"], "Vorkasse (Überweisung)", "{list}");
    assert_eq!(list[1]["method_supports"], json!(["products"]));
    let (status, one) = app.wc_get(&m, "/payment_gateways/cod").await;
    assert_eq!((status, &one), (200, &list[2]));
    let (status, e) = app.wc_get(&m, "/payment_gateways/paypal").await;
    assert_eq!(status, 404);
    assert_wp_error(&e, "woocommerce_rest_payment_gateway_invalid", 404);

    let (status, classes) = app.wc_get(&m, "/taxes/classes").await;
    assert_eq!(status, 200);
    assert_eq!(
        classes,
        json!([
            { "slug": "standard", "name": "Regelsteuersatz" },
            { "slug": "reduced-rate", "name": "Ermäßigter Steuersatz" },
            { "slug": "zero-rate", "name": "Nullsatz" }
        ])
    );
    let (status, eur) = app.wc_get(&m, "/data/currencies/current").await;
    assert_eq!(
        (status, eur),
        (200, json!({ "code": "EUR", "name": "Euro", "symbol": "€" }))
    );

    // Staff only.
    staff_only(
        &app,
        &[
            "/payment_gateways",
            "/taxes/classes",
            "/data/currencies/current",
        ],
    )
    .await;
}

#[both_databases]
async fn shipping_zones_taxes_countries_and_settings_as_the_shop_has_them(app: TestApp) {
    let m = app.staff("shop_manager").await;
    app.set(|s| {
        s.shop.shipping_flat_cents = 490;
        s.shop.free_shipping_from_cents = Some(5000);
        s.shop.shipping_zones = vec![laden_domain::settings::ShippingZone {
            name: "Schweiz".into(),
            countries: vec!["CH".into()],
            flat_cents: 1290,
            free_from_cents: None,
            delivery_time: String::new(),
            methods: Default::default(),
        }];
    })
    .await;
    let get = |path: &'static str| app.wc_get(&m, path);

    // Zone 0 is every other delivery country, named as the cart names its rate.
    let (status, zones) = get("/shipping/zones").await;
    assert_eq!(status, 200, "{zones}");
    assert_eq!(
        zones,
        json!([
            { "id": 0, "name": "Übrige Lieferländer", "order": 0 },
            { "id": 1, "name": "Schweiz", "order": 1 }
        ])
    );
    assert_eq!(get("/shipping/zones/1").await, (200, zones[1].clone()));
    assert_eq!(
        get("/shipping/zones/1/locations").await,
        (200, json!([{ "code": "CH", "type": "country" }]))
    );
    assert_eq!(get("/shipping/zones/0/locations").await, (200, json!([])));
    let (status, rest) = get("/shipping/zones/0/methods").await;
    assert_eq!(status, 200, "{rest}");
    let methods = |list: &serde_json::Value| -> Vec<(i64, String, String)> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let s = &m["settings"];
                let amount = s["cost"]["value"]
                    .as_str()
                    .or(s["min_amount"]["value"].as_str())
                    .unwrap();
                (
                    m["instance_id"].as_i64().unwrap(),
                    m["method_id"].as_str().unwrap().to_owned(),
                    amount.to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(
        methods(&rest),
        [
            (1, "flat_rate".into(), "4.90".into()),
            (2, "free_shipping".into(), "50.00".into())
        ]
    );
    assert_eq!(rest[0]["title"], "Versandpauschale");
    assert_eq!(rest[1]["settings"]["requires"]["value"], "min_amount");
    let (_, swiss) = get("/shipping/zones/1/methods").await;
    assert_eq!(methods(&swiss), [(101, "flat_rate".into(), "12.90".into())]);
    assert_eq!(
        get("/shipping/zones/1/methods/101").await,
        (200, swiss[0].clone())
    );
    for (path, code) in [
        (
            "/shipping/zones/1/methods/102",
            "woocommerce_rest_shipping_zone_method_invalid",
        ),
        (
            "/shipping/zones/2",
            "woocommerce_rest_shipping_zone_invalid",
        ),
        (
            "/shipping/zones/2/methods",
            "woocommerce_rest_shipping_zone_invalid",
        ),
        (
            "/shipping_methods/table_rate",
            "woocommerce_rest_shipping_method_invalid",
        ),
        ("/taxes/58", "woocommerce_rest_invalid_id"),
        (
            "/data/countries/XX",
            "woocommerce_rest_data_invalid_location",
        ),
        ("/settings/shipping", "rest_setting_setting_group_invalid"),
        ("/settings/general/nope", "rest_setting_setting_invalid"),
    ] {
        let (status, e) = get(path).await;
        assert_eq!(status, 404, "{path}: {e}");
        assert_wp_error(&e, code, 404);
    }
    let (_, kinds) = get("/shipping_methods").await;
    assert_eq!(kinds[0]["id"], "flat_rate");
    assert_eq!(kinds[1]["title"], "Kostenloser Versand");
    assert_eq!(kinds[2]["id"], "local_pickup");
    assert_eq!(kinds.as_array().unwrap().len(), 3);

    // VAT: one rate a class for sales taxed in Germany, standard also on shipping; then each
    // other member state's standard and reduced rate (One-Stop-Shop), on shipping too as it
    // follows the goods there; `class` keeps one class's.
    let res = app.fetch_as(&m, "/wc/v3/taxes?per_page=100").await;
    assert_eq!(res.headers()["x-wp-total"], "55");
    let rates = common::body(res).await;
    let summary: Vec<(i64, &str, &str, &str, bool)> = rates
        .as_array()
        .unwrap()
        .iter()
        .take(6)
        .map(|r| {
            (
                r["id"].as_i64().unwrap(),
                r["country"].as_str().unwrap(),
                r["rate"].as_str().unwrap(),
                r["class"].as_str().unwrap(),
                r["shipping"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (1, "", "19.0000", "standard", true),
            (2, "", "7.0000", "reduced-rate", false),
            (3, "", "0.0000", "zero-rate", false),
            (4, "AT", "20.0000", "standard", true),
            (5, "AT", "10.0000", "reduced-rate", true),
            (6, "BE", "21.0000", "standard", true),
        ]
    );
    let (_, reduced) = get("/taxes?class=reduced-rate&per_page=100").await;
    assert_eq!(reduced.as_array().unwrap().len(), 27);
    assert_eq!((&reduced[0], &reduced[1]), (&rates[1], &rates[4]));
    assert_eq!(get("/taxes/2").await, (200, rates[1].clone()));
    let (_, zero) = get("/taxes?class=zero-rate").await;
    assert_eq!(zero, json!([rates[2]]));
    let (status, e) = get("/taxes?class=luxury-rate").await;
    assert_eq!(status, 400);
    assert_wp_error(&e, "rest_invalid_param", 400);

    // Every country, as WooCommerce lists them, with German names in German order.
    let (_, countries) = get("/data/countries").await;
    let countries = countries.as_array().unwrap();
    assert!(countries.len() >= 245, "{}", countries.len());
    let at = |code: &str| countries.iter().position(|c| c["code"] == code).unwrap();
    assert_eq!(
        countries[at("DE")],
        json!({ "code": "DE", "name": "Deutschland", "states": [] })
    );
    assert!(
        at("NO") < at("AT") && at("AT") < at("PK"),
        "Österreich among the O"
    );
    assert_eq!(get("/data/countries/at").await.1["name"], "Österreich");
    assert_eq!(get("/data/countries/se").await.1["name"], "Schweden");

    // Settings: how prices are written, where the shop sells, VAT included.
    let (_, groups) = get("/settings").await;
    let ids: Vec<&str> = groups
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["general", "tax"]);
    assert_eq!(groups[0]["label"], "Allgemein");
    let (status, general) = get("/settings/general").await;
    assert_eq!(status, 200, "{general}");
    let value = |list: &serde_json::Value, id: &str| {
        let found = list.as_array().unwrap().iter().find(|s| s["id"] == id);
        found.unwrap_or_else(|| panic!("{id}: {list}"))["value"].clone()
    };
    for (id, expected) in [
        ("woocommerce_currency", json!("EUR")),
        ("woocommerce_currency_pos", json!("right_space")),
        ("woocommerce_price_thousand_sep", json!(".")),
        ("woocommerce_price_decimal_sep", json!(",")),
        ("woocommerce_price_num_decimals", json!("2")),
        ("woocommerce_default_country", json!("DE")),
        ("woocommerce_allowed_countries", json!("specific")),
        (
            "woocommerce_specific_allowed_countries",
            json!(laden_domain::address::DEFAULT_COUNTRIES),
        ),
        ("woocommerce_calc_taxes", json!("yes")),
    ] {
        assert_eq!(value(&general, id), expected, "{id}");
    }
    let (_, currency) = get("/settings/general/woocommerce_currency").await;
    assert_eq!(currency["label"], "Währung");
    assert_eq!(currency["group_id"], "general");
    assert_eq!(currency["options"], json!({ "EUR": "Euro (€)" }));
    let (_, tax) = get("/settings/tax").await;
    assert_eq!(value(&tax, "woocommerce_prices_include_tax"), "yes");
    assert_eq!(value(&tax, "woocommerce_tax_display_shop"), "incl");
    // A small business (§ 19 UStG) charges no VAT.
    app.set(|s| s.shop.small_business = true).await;
    let (_, taxes) = get("/settings/general/woocommerce_calc_taxes").await;
    assert_eq!(taxes["value"], "no");

    // Staff only.
    staff_only(
        &app,
        &[
            "/shipping/zones",
            "/shipping/zones/0/methods",
            "/shipping_methods",
            "/taxes",
            "/data/countries",
            "/settings",
            "/settings/general",
        ],
    )
    .await;
}
