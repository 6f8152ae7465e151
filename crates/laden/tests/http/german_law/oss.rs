//! The One-Stop-Shop threshold (§ 3c UStG): the admin counts the year's distance sales to
//! consumers in other EU countries and warns before the 10,000 € are passed.

use crate::common;
use common::invoice::checkout;
use common::{both_databases, checkout_body, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

/// Orders `items` delivered to `country` (a consumer, paid by invoice); the order's id.
async fn order_to(app: &TestApp, items: &[(i64, i64)], country: &str, postcode: &str) -> i64 {
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!(country);
    b["billing_address"]["postcode"] = json!(postcode);
    let (status, v) = checkout(app, items, None, b).await;
    assert_eq!(status, 201, "{v}");
    v["order_id"].as_i64().expect("an order id")
}

#[both_databases]
async fn the_dashboard_counts_eu_distance_sales_against_the_threshold(app: TestApp) {
    // A roaster of 9.520 € (8.000 € net).
    let roaster = app
        .simple("Röster", "R-1", 952_000, TaxClass::Standard, Some(10))
        .await;
    let manager = app.staff("shop_manager").await;
    let oss = |d: &Value| d["oss"].clone();
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(
        oss(&dash),
        json!({ "this_year": "0.00", "last_year": "0.00", "threshold": "10000.00", "percent": 0, "warn_percent": 80, "warn": false, "passed": false })
    );

    // Germany and Switzerland are no EU distance sales; Austria is: the roaster, net (shipping
    // is free at this price), 80 % of the threshold.
    order_to(&app, &[(roaster, 1)], "DE", "04109").await;
    order_to(&app, &[(roaster, 1)], "CH", "8001").await;
    let austria = order_to(&app, &[(roaster, 1)], "AT", "1010").await;
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(
        oss(&dash),
        json!({ "this_year": "8000.00", "last_year": "0.00", "threshold": "10000.00", "percent": 80, "warn_percent": 80, "warn": true, "passed": false }),
        "{dash}"
    );
    // A refund of 1.190 € gross takes its 1.000 € net off; a second restores the figure below.
    let admin = app.staff("administrator").await;
    let path = format!("/wc/v3/orders/{austria}/refunds");
    let refund = |amount: &'static str| {
        app.call(
            reqwest::Method::POST,
            &path,
            Some(&admin),
            Some(json!({ "amount": amount, "api_refund": false })),
        )
    };
    let (status, v) = refund("1190.00").await;
    assert_eq!(status, 201, "{v}");
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(
        (&dash["oss"]["this_year"], &dash["oss"]["percent"]),
        (&json!("7000.00"), &json!(70)),
        "{dash}"
    );
    // The rest refunded: the order is refunded and counts no more.
    let (status, v) = refund("8330.00").await;
    assert_eq!(status, 201, "{v}");
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(dash["oss"]["this_year"], "0.00", "{dash}");
    // The Austrian sale again, for what follows.
    order_to(&app, &[(roaster, 1)], "AT", "1010").await;

    // Goods to a French business with its VAT id are an intra-community supply, not a distance
    // sale.
    app.set(|s| {
        s.shop.reverse_charge = true;
        s.shop.vat_id = "DE123456789".into();
    })
    .await;
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!("FR");
    b["billing_address"]["postcode"] = json!("69001");
    b["billing_address"]["company"] = json!("Brûlerie SARL");
    b["extensions"]["laden"]["vat_id"] = json!("FRAB123456789");
    let (status, v) = checkout(&app, &[(roaster, 1)], None, b).await;
    assert_eq!(status, 201, "{v}");
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(dash["oss"]["this_year"], "8000.00", "{dash}");

    // A second one to a consumer passes it, and is taxed in France already (§ 3c (4) UStG: from
    // the sale that passes it): 9.520 € contain 20 %, 7.933,33 € net. No longer a warning.
    let passing = order_to(&app, &[(roaster, 1)], "FR", "69001").await;
    let o = app.order(passing).await;
    assert_eq!(
        (o.supply.as_str(), o.total - o.tax_total),
        ("destination:FR", 793_333)
    );
    let dash = app.get_as(&manager, "/laden/v1/dashboard").await;
    assert_eq!(
        (
            &dash["oss"]["this_year"],
            &dash["oss"]["warn"],
            &dash["oss"]["passed"]
        ),
        (&json!("15933.33"), &json!(false), &json!(true)),
        "{dash}"
    );
}

/// The VAT lines of a Store API cart or order: (name, amount in cents).
fn tax_lines(v: &Value) -> Vec<(String, String)> {
    v["totals"]["tax_lines"]
        .as_array()
        .expect("tax lines")
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap_or_default().to_owned(),
                l["price"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[both_databases]
async fn under_the_one_stop_shop_eu_consumers_pay_their_countrys_vat_on_the_same_gross_price(
    app: TestApp,
) {
    common::invoice::seller(&app, "order").await;
    let (espresso, tea, manager) = common::invoice::mixed_shop(&app).await;
    // Two espressos (23,80 €) and a tea (10,70 €); shipping 4,90 € follows the goods' rates
    // (3,39 € and 1,51 €).
    let token = app.new_cart().await;
    for (id, qty) in [(espresso, 2), (tea, 1)] {
        assert_eq!(app.add_item(&token, id, qty).await.status(), 201);
    }
    let lines = |c: &Value| tax_lines(c);
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    // Below the threshold and not taking part: German VAT in Austria too.
    let at = app.ship_to(&token, "AT").await;
    assert_eq!(
        lines(&at),
        pairs(&[("MwSt. 19 %", "434"), ("MwSt. 7 %", "80")]),
        "{at}"
    );
    let total = at["totals"]["total_price"].clone();
    assert_eq!(total, "3940", "{at}");

    // Taking part: Austria's 20 % and 10 %, France's reduced rate with its fraction; the same
    // gross prices and total; Germany and Switzerland as before.
    let admin = app.staff("administrator").await;
    let settings = app
        .put_as(&admin, "/wp/v2/settings", json!({ "laden_oss": true }))
        .await;
    assert_eq!(settings["laden_oss"], true);
    let at = app.ship_to(&token, "AT").await;
    assert_eq!(
        lines(&at),
        pairs(&[("MwSt. 20 %", "453"), ("MwSt. 10 %", "111")]),
        "{at}"
    );
    assert_eq!(
        (
            &at["totals"]["total_price"],
            &at["items"][0]["prices"]["price"]
        ),
        (&total, &json!("1190"))
    );
    let fr = app.ship_to(&token, "FR").await;
    assert_eq!(
        lines(&fr),
        pairs(&[("MwSt. 20 %", "453"), ("MwSt. 5,5 %", "64")]),
        "{fr}"
    );
    let de = app.ship_to(&token, "DE").await;
    assert_eq!(
        lines(&de),
        pairs(&[("MwSt. 19 %", "434"), ("MwSt. 7 %", "80")]),
        "{de}"
    );
    let ch = app.ship_to(&token, "CH").await;
    assert_eq!(ch["totals"]["total_tax"], "0", "{ch}");

    // The Austrian order charges what the cart showed, keeps the rates and the place of supply,
    // and its invoice (S at 20 % and 10 %) passes EN 16931's Schematron.
    let order = app
        .order(order_to(&app, &[(espresso, 2), (tea, 1)], "AT", "1010").await)
        .await;
    assert_eq!(
        (order.supply.as_str(), order.total, order.tax_total),
        ("destination:AT", 3940, 564)
    );
    assert_eq!(
        order
            .items
            .iter()
            .map(|i| i.tax_rate.hundredths())
            .collect::<Vec<_>>(),
        [2000, 1000]
    );
    let checked = common::invoice::checked_invoices(&app, &manager, [order.invoices[0].id]).await;
    let taxes = &checked[0]["taxes"];
    assert_eq!(
        (
            &taxes["20"]["category"],
            &taxes["20"]["vat"],
            &taxes["10"]["category"],
            &taxes["10"]["vat"]
        ),
        (&json!("S"), &json!(453), &json!("S"), &json!(111)),
        "{taxes}"
    );
    // The tax adviser's list has the member state's rates in columns of their own.
    let month = &laden_domain::dates::german_iso(laden_domain::dates::now())[..7];
    let res = app
        .fetch_as(
            &manager,
            &format!("/laden/v1/invoices/export.csv?month={month}"),
        )
        .await;
    let csv = res.text().await.expect("a CSV");
    let header = csv
        .trim_start_matches('\u{feff}')
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned();
    assert!(
        header.contains(";USt. 7 %;Netto OSS;USt. OSS;Netto steuerfrei;"),
        "{header}"
    );
    assert!(
        csv.contains(";0,00;0,00;0,00;0,00;33,76;5,64;0,00;5,64;39,40;"),
        "{csv}"
    );
    // The quarter's OSS return: Austria's two rates with their nets and VAT.
    let (y, m, _) = laden_domain::dates::german_ymd(laden_domain::dates::now());
    let res = app
        .fetch_as(
            &manager,
            &format!("/laden/v1/invoices/oss.csv?period={y}-Q{}", m.div_ceil(3)),
        )
        .await;
    assert_eq!(res.status(), 200);
    let oss = res.text().await.expect("a CSV");
    assert_eq!(
        oss.trim_start_matches('\u{feff}'),
        "Land;Steuersatz;Bemessungsgrundlage;Steuerbetrag\nAT;20;22,66;4,53\nAT;10;11,10;1,11\n"
    );
    // wc/v3 names each line's class and the Austrian rate rows.
    let w = app
        .get_as(&manager, &format!("/wc/v3/orders/{}", order.id))
        .await;
    let rows = app.get_as(&manager, "/wc/v3/taxes?per_page=100").await;
    let row = |country: &str, class: &str| {
        rows.as_array()
            .expect("rates")
            .iter()
            .find(|r| r["country"] == country && r["class"] == class)
            .cloned()
            .unwrap_or_else(|| panic!("a row for {country} {class}: {rows}"))
    };
    let (at_standard, at_reduced) = (row("AT", "standard"), row("AT", "reduced-rate"));
    assert_eq!(
        (&at_standard["rate"], &at_reduced["rate"]),
        (&json!("20.0000"), &json!("10.0000"))
    );
    assert_eq!(row("FR", "reduced-rate")["rate"], "5.5000");
    assert_eq!(
        (
            &w["line_items"][1]["tax_class"],
            &w["line_items"][1]["taxes"][0]["id"]
        ),
        (&json!("reduced-rate"), &at_reduced["id"]),
        "{w}"
    );
    let percents: Vec<&Value> = w["tax_lines"]
        .as_array()
        .expect("tax lines")
        .iter()
        .map(|t| &t["rate_percent"])
        .collect();
    assert_eq!(percents, [&json!(20), &json!(10)], "{w}");

    // A rate that changed before a release brings it: the shop sets its own, and the cart uses
    // it; the German rates are the law's.
    let path = format!("/wc/v3/taxes/{}", at_reduced["id"]);
    let (status, v) = app
        .call(
            reqwest::Method::PUT,
            &path,
            Some(&manager),
            Some(json!({ "rate": "13" })),
        )
        .await;
    assert_eq!((status, &v["rate"]), (200, &json!("13.0000")), "{v}");
    let at = app.ship_to(&token, "AT").await;
    assert_eq!(
        lines(&at)[1],
        ("MwSt. 13 %".to_owned(), "140".to_owned()),
        "{at}"
    );
    // An order at the shop's own rate is named by its class and the Austrian row all the same.
    let own = order_to(&app, &[(espresso, 2), (tea, 1)], "AT", "1010").await;
    let w = app.get_as(&manager, &format!("/wc/v3/orders/{own}")).await;
    assert_eq!(
        (
            &w["line_items"][1]["tax_class"],
            &w["line_items"][1]["taxes"][0]["id"],
            &w["tax_lines"][1]["rate_percent"]
        ),
        (&json!("reduced-rate"), &at_reduced["id"], &json!(13)),
        "{w}"
    );
    for (id, rate) in [
        (json!(2), json!("8")),
        (at_reduced["id"].clone(), json!("120")),
        (at_reduced["id"].clone(), json!("5.555")),
    ] {
        let (status, v) = app
            .call(
                reqwest::Method::PUT,
                &format!("/wc/v3/taxes/{id}"),
                Some(&manager),
                Some(json!({ "rate": rate })),
            )
            .await;
        assert_eq!(
            (status, &v["code"]),
            (400, &json!("rest_invalid_param")),
            "{id} {rate}: {v}"
        );
    }
    let (status, v) = app
        .call(
            reqwest::Method::PUT,
            &path,
            Some(&manager),
            Some(json!({ "rate": "10.0000" })),
        )
        .await;
    assert_eq!((status, &v["rate"]), (200, &json!("10.0000")), "{v}");
    let stored = app.store.settings().await.expect("settings").shop.vat_rates;
    assert!(
        stored.is_empty(),
        "the table's own value drops the shop's: {stored:?}"
    );
}

#[both_databases]
async fn without_fixed_gross_prices_eu_consumers_pay_their_countrys_vat_on_the_same_net_price(
    app: TestApp,
) {
    common::invoice::seller(&app, "order").await;
    let (espresso, tea, manager) = common::invoice::mixed_shop(&app).await;
    let admin = app.staff("administrator").await;
    let settings = app
        .put_as(
            &admin,
            "/wp/v2/settings",
            json!({ "laden_oss": true, "laden_oss_fixed_gross_prices": false }),
        )
        .await;
    assert_eq!(
        settings["laden_oss_fixed_gross_prices"], false,
        "{settings}"
    );
    let token = app.new_cart().await;
    for (id, qty) in [(espresso, 2), (tea, 1)] {
        assert_eq!(app.add_item(&token, id, qty).await.status(), 201);
    }
    let prices = |c: &Value| -> Vec<Value> {
        c["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| i["prices"]["price"].clone())
            .collect()
    };
    // At home as ever: 11,90 € and 10,70 €, shipping 4,90 €.
    let de = app.ship_to(&token, "DE").await;
    assert_eq!(prices(&de), [json!("1190"), json!("1070")], "{de}");
    assert_eq!(de["totals"]["total_price"], "3940", "{de}");
    // Austria: the same nets (10,00 € each) with 20 % and 10 % on top; shipping's shares
    // (3,39 € at 19 %, 1,51 € at 7 %) keep their nets too (3,42 € + 1,55 €).
    let at = app.ship_to(&token, "AT").await;
    assert_eq!(prices(&at), [json!("1200"), json!("1100")], "{at}");
    assert_eq!(
        (
            &at["totals"]["extensions"]["laden"]["total_shipping_gross"],
            &at["totals"]["total_price"]
        ),
        (&json!("497"), &json!("3997")),
        "{at}"
    );
    assert_eq!(
        tax_lines(&at),
        [
            ("MwSt. 20 %".to_owned(), "457".to_owned()),
            ("MwSt. 10 %".to_owned(), "114".to_owned())
        ],
        "{at}"
    );
    // The net is Germany's: 39,40 € less its 5,14 € VAT is 34,26 €, as is 39,97 € less 5,71 €.
    let net = |c: &Value| {
        let cents = |k: &str| c["totals"][k].as_str().and_then(|v| v.parse::<i64>().ok());
        cents("total_price")
            .zip(cents("total_tax"))
            .map(|(p, t)| p - t)
    };
    assert_eq!((net(&de), net(&at)), (Some(3426), Some(3426)), "{de}");
    // Luxembourg's 17 % makes it cheaper.
    let lu = app.ship_to(&token, "LU").await;
    assert_eq!(prices(&lu)[0], "1170", "{lu}");

    // The order charges what the cart showed, line by line, and its invoice passes EN 16931.
    let order = app
        .order(order_to(&app, &[(espresso, 2), (tea, 1)], "AT", "1010").await)
        .await;
    assert_eq!(
        (order.total, order.tax_total, order.shipping_total),
        (3997, 571, 497)
    );
    assert_eq!(
        common::invoice::charged(&order),
        [(1200, 2400, 2000), (1100, 1100, 1000)]
    );
    let checked = common::invoice::checked_invoices(&app, &manager, [order.invoices[0].id]).await;
    let taxes = &checked[0]["taxes"];
    assert_eq!(
        (&taxes["20"]["vat"], &taxes["10"]["vat"]),
        (&json!(457), &json!(114)),
        "{taxes}"
    );
    // Goods under the margin scheme are taxed at home and keep their price; their share of the
    // shipping carries no VAT, and the order charges the shipping the cart showed.
    let grinder = app
        .simple(
            "Mühle (gebraucht)",
            "G-1",
            2900,
            TaxClass::Standard,
            Some(5),
        )
        .await;
    let (status, p) = app
        .put_meta(
            &manager,
            grinder,
            json!([{ "key": "_differential_taxation", "value": "yes" }]),
        )
        .await;
    assert_eq!(status, 200, "{p}");
    let used = app.new_cart().await;
    for (id, qty) in [(grinder, 1), (tea, 1)] {
        assert_eq!(app.add_item(&used, id, qty).await.status(), 201);
    }
    let cart = app.ship_to(&used, "AT").await;
    assert_eq!(prices(&cart), [json!("2900"), json!("1100")], "{cart}");
    let shown = (
        cart["totals"]["extensions"]["laden"]["total_shipping_gross"].clone(),
        cart["totals"]["total_price"].clone(),
    );
    // 4,90 € split 3,57 € (the grinder's share, no VAT) and 1,33 € at 7 %, which is 1,37 € at
    // 10 %: 4,94 €.
    assert_eq!(shown, (json!("494"), json!("4494")), "{cart}");
    let order = app
        .order(order_to(&app, &[(grinder, 1), (tea, 1)], "AT", "1010").await)
        .await;
    assert_eq!(
        (
            json!(order.shipping_total.to_string()),
            json!(order.total.to_string())
        ),
        shown,
        "{cart}"
    );

    // Back to fixed gross prices: Austria pays the German gross again.
    app.put_as(
        &admin,
        "/wp/v2/settings",
        json!({ "laden_oss_fixed_gross_prices": true }),
    )
    .await;
    let at = app.ship_to(&token, "AT").await;
    assert_eq!(prices(&at), [json!("1190"), json!("1070")], "{at}");
    assert_eq!(at["totals"]["total_price"], "3940", "{at}");
}
