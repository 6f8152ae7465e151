//! Several shipping methods per zone, over HTTP on SQLite and PostgreSQL: the settings
//! (`wp/v2/settings`), the Store API cart's `shipping_rates` with `select-shipping-rate`, the
//! order keeping the method (`wc/v3` shipping lines), `wc/v3` zone methods, weight bands, and
//! local pickup taxed where the shop is.

use crate::common;

use common::{assert_wp_error, body, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

/// The cart's rates as (rate id, gross price, selected), and the shipping it charges (gross).
pub(super) fn rates(cart: &Value) -> (Vec<(String, i64, bool)>, String) {
    let list = cart["shipping_rates"][0]["shipping_rates"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let gross = |r: &Value| {
        let cents = |k: &str| {
            r[k].as_str()
                .and_then(|v| v.parse::<i64>().ok())
                .unwrap_or(-1)
        };
        cents("price") + cents("taxes")
    };
    (
        list.iter()
            .map(|r| {
                (
                    r["rate_id"].as_str().unwrap_or("").to_owned(),
                    gross(r),
                    r["selected"] == true,
                )
            })
            .collect(),
        cart["totals"]["extensions"]["laden"]["total_shipping_gross"]
            .as_str()
            .unwrap_or("")
            .to_owned(),
    )
}

pub(super) fn rate(id: &str, gross: i64, selected: bool) -> (String, i64, bool) {
    (id.to_owned(), gross, selected)
}

#[both_databases]
async fn a_zone_offers_several_methods_and_the_order_keeps_the_one_chosen(app: TestApp) {
    let admin = app.staff("administrator").await;
    let methods = json!({
        "weight_bands": [],
        "extra": [
            { "kind": "flat_rate", "title": "Express", "cost": "12.90" },
            { "kind": "local_pickup", "title": "Abholung im Laden", "hours": "Mo–Fr 10–18 Uhr" },
        ],
    });
    let zones = json!([
        { "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": "50.00", "methods": methods },
        { "name": "Nachbarn", "countries": ["AT"], "cost": "9.90", "free_from": null,
          "methods": { "weight_bands": [
              { "up_to_grams": 2000, "cost": "9.90" },
              { "up_to_grams": 10000, "cost": "19.90" },
          ] } },
    ]);
    let s = app
        .save_settings(&admin, json!({ "laden_shipping_zones": zones }))
        .await;
    // Answered as sent, every field given (pickup costs nothing).
    let mut answered = methods.clone();
    answered["extra"][0]["hours"] = "".into();
    answered["extra"][1]["cost"] = "0.00".into();
    // No shipping classes: nothing added for them.
    for path in ["", "/extra/0", "/extra/1"] {
        let m = answered.pointer_mut(path).unwrap();
        m["class_costs"] = json!({});
        m["no_class_cost"] = "".into();
        m["class_per_order"] = false.into();
    }
    assert_eq!(s["laden_shipping_zones"][0]["methods"], answered, "{s}");

    let mill = app
        .simple("Mühle", "MUEHLE", 2380, TaxClass::Standard, Some(50))
        .await;
    let (status, _) = app
        .wc_put(
            &admin,
            &format!("/products/{mill}"),
            json!({ "weight": "1.5" }),
        )
        .await;
    assert_eq!(status, 200);
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, mill, 1).await).await;
    // Below the threshold: the standard rate, Express and pickup; the cheapest delivery is
    // taken, not pickup (it asks the shopper to come).
    assert_eq!(
        rates(&cart),
        (
            vec![
                rate("flat_rate:101", 490, true),
                rate("flat_rate:103", 1290, false),
                rate("local_pickup:104", 0, false),
            ],
            "490".to_owned()
        )
    );
    let express = &cart["shipping_rates"][0]["shipping_rates"][1];
    assert_eq!(
        (
            express["name"].as_str(),
            express["method_id"].as_str(),
            express["instance_id"].as_i64()
        ),
        (Some("Express"), Some("flat_rate"), Some(103))
    );
    // Its VAT follows the goods' 19 %: 12,90 € contains 2,06 €.
    assert_eq!(
        (express["price"].as_str(), express["taxes"].as_str()),
        (Some("1084"), Some("206"))
    );
    let standard = &cart["shipping_rates"][0]["shipping_rates"][0];
    assert_eq!(standard["name"], "Versandpauschale");

    // The shopper chooses Express; a rate the zone does not offer is refused, changing nothing.
    let cart = app
        .post_json(
            "/cart/select-shipping-rate",
            Some(&token),
            json!({ "package_id": 0, "rate_id": "flat_rate:103" }),
        )
        .await;
    assert_eq!(rates(&cart).1, "1290", "{cart}");
    assert_eq!(cart["totals"]["total_price"], "3670");
    for bad in ["free_shipping:102", "flat_rate:201", "", "local_pickup:4"] {
        let v = app
            .post_json(
                "/cart/select-shipping-rate",
                Some(&token),
                json!({ "rate_id": bad }),
            )
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert_eq!(
            v["data"]["params"]["rate_id"],
            "Diese Versandart wird für diesen Warenkorb nicht angeboten.",
            "{v}"
        );
    }
    assert_eq!(rates(&app.cart(&token).await).1, "1290");

    // Austria's zone prices by weight: 1,5 kg is 9,90 €, 3 kg (two mills) 19,90 €; the chosen
    // Express is not offered there, so the cheapest is taken again.
    let cart = app.ship_to(&token, "AT").await;
    assert_eq!(
        rates(&cart),
        (vec![rate("flat_rate:201", 990, true)], "990".to_owned())
    );
    let key = cart["items"][0]["key"].as_str().unwrap().to_owned();
    let cart = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": key, "quantity": 2 }),
        )
        .await;
    assert_eq!(
        rates(&cart),
        (vec![rate("flat_rate:201", 1990, true)], "1990".to_owned())
    );
    // 8 mills (12 kg) weigh more than any band: no method, and the order is refused in German.
    let cart = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": key, "quantity": 8 }),
        )
        .await;
    assert_eq!(rates(&cart).0, Vec::new());
    let v = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("AT", "1010"), "payment_method": "bacs" }),
        )
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(v.to_string().contains("keine Versandart"), "{v}");

    // Back in Germany, pickup chosen: no shipping cost; the order keeps the method.
    app.post_json(
        "/cart/update-item",
        Some(&token),
        json!({ "key": key, "quantity": 1 }),
    )
    .await;
    app.ship_to(&token, "DE").await;
    let cart = app
        .post_json(
            "/cart/select-shipping-rate",
            Some(&token),
            json!({ "rate_id": "local_pickup:104" }),
        )
        .await;
    assert_eq!(rates(&cart).1, "0");
    assert_eq!(cart["totals"]["total_price"], "2380");
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().expect("placed");
    let order = app.order(id).await;
    assert_eq!(
        (
            order.shipping_method.as_str(),
            order.shipping_method_title.as_str(),
            order.total
        ),
        ("local_pickup:104", "Abholung im Laden", 2380)
    );
    // The order received page and the confirmation mail name it.
    let received = common::invoice::store_order(&app, &order).await;
    assert_eq!(
        received["extensions"]["laden"]["shipping_method"], "Abholung im Laden",
        "{received}"
    );
    let mails = app.store.order_mails(id).await.unwrap();
    let mail = laden_http::mail::preview(&app.state, &mails[0])
        .await
        .unwrap();
    assert!(
        mail.text
            .contains("Versand: Kostenlos\n  Abholung im Laden\n"),
        "{}",
        mail.text
    );
    let (_, wc) = app.wc_get(&admin, &format!("/orders/{id}")).await;
    let line = &wc["shipping_lines"][0];
    assert_eq!(
        (
            line["method_id"].as_str(),
            line["instance_id"].as_str(),
            line["method_title"].as_str(),
            line["total"].as_str()
        ),
        (
            Some("local_pickup"),
            Some("104"),
            Some("Abholung im Laden"),
            Some("0.00")
        ),
        "{wc}"
    );

    // wc/v3 lists the zone's methods with these instance ids.
    let (status, list) = app.wc_get(&admin, "/shipping/zones/1/methods").await;
    assert_eq!(status, 200);
    let got: Vec<(i64, &str, &str)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["instance_id"].as_i64().unwrap(),
                m["method_id"].as_str().unwrap(),
                m["title"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (101, "flat_rate", "Versandpauschale"),
            (102, "free_shipping", "Kostenloser Versand"),
            (103, "flat_rate", "Express"),
            (104, "local_pickup", "Abholung im Laden"),
        ]
    );
    assert_eq!(list[3]["settings"]["hours"]["value"], "Mo–Fr 10–18 Uhr");
}

#[both_databases]
async fn pickup_is_taxed_where_the_shop_is(app: TestApp) {
    let admin = app.staff("administrator").await;
    // A Swiss buyer collecting in the shop: no export, German VAT (the goods are handed over
    // in Germany); delivered, the same cart is a tax-free export.
    let pickup = json!({ "extra": [{ "kind": "local_pickup", "title": "Abholung", "hours": "" }] });
    app.save_settings(
        &admin,
        json!({
            "laden_shipping_flat": "14.90",
            "laden_shipping_methods": pickup,
        }),
    )
    .await;
    let mill = app
        .simple("Mühle", "MUEHLE", 2380, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    body(app.add_item(&token, mill, 1).await).await;
    let cart = app.ship_to(&token, "CH").await;
    assert_eq!(
        rates(&cart).0,
        vec![
            rate("flat_rate:1", 1252, true),
            rate("local_pickup:3", 0, false)
        ]
    );
    assert_eq!(cart["totals"]["total_tax"], "0", "an export: {cart}");
    let cart = app
        .post_json(
            "/cart/select-shipping-rate",
            Some(&token),
            json!({ "rate_id": "local_pickup:3" }),
        )
        .await;
    assert_eq!(
        (
            cart["totals"]["total_price"].as_str(),
            cart["totals"]["total_tax"].as_str()
        ),
        (Some("2380"), Some("380")),
        "{cart}"
    );
    let placed = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("CH", "8001"), "payment_method": "bacs" }),
        )
        .await;
    let order = app
        .order(placed["order_id"].as_i64().expect("placed"))
        .await;
    assert_eq!(
        (order.total, order.tax_total, order.supply.as_str()),
        (2380, 380, "domestic"),
        "{order:?}"
    );

    // Bad methods are named by their paths and change nothing.
    let v = app
        .post_as(&admin, "/wp/v2/settings", json!({
            "laden_shipping_methods": { "weight_bands": [{ "up_to_grams": 0, "cost": "1.00" }],
                                        "extra": [{ "kind": "flat_rate", "title": "", "cost": "2.00" }] }
        }))
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    let params = &v["data"]["params"];
    assert!(
        params
            .get("laden_shipping_methods.weight_bands.0.up_to_grams")
            .is_some(),
        "{v}"
    );
    assert!(
        params.get("laden_shipping_methods.extra.0.title").is_some(),
        "{v}"
    );
    let (_, s) = app.wc_get(&admin, "/shipping/zones/0/methods").await;
    // Unchanged: the standard rate, free shipping from 50 € (a new shop's), and pickup.
    assert_eq!(s.as_array().map(Vec::len), Some(3), "{s}");
}

#[both_databases]
async fn a_variation_without_a_weight_weighs_what_its_parent_does(app: TestApp) {
    let admin = app.staff("administrator").await;
    // Germany is priced by weight: up to 1 kg 5,00 €, up to 5 kg 15,00 €.
    let zones = json!([{ "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": null,
        "methods": { "weight_bands": [
            { "up_to_grams": 1000, "cost": "5.00" },
            { "up_to_grams": 5000, "cost": "15.00" },
        ] } }]);
    app.save_settings(&admin, json!({ "laden_shipping_zones": zones }))
        .await;
    let (parent, small, _) = app.variable().await;
    let (status, _) = app
        .wc_put(
            &admin,
            &format!("/products/{parent}"),
            json!({ "weight": "0.8" }),
        )
        .await;
    assert_eq!(status, 200);
    let token = app.new_cart().await;
    body(app.add_item(&token, small, 2).await).await;
    // Two variations at the parent's 0,8 kg: 1,6 kg, the second band.
    let cart = app.cart(&token).await;
    assert_eq!(
        rates(&cart),
        (vec![rate("flat_rate:101", 1500, true)], "1500".to_owned())
    );
    // Its own weight comes first: 2 × 0,3 kg fit the first band.
    let (status, _) = app
        .wc_put(
            &admin,
            &format!("/products/{parent}/variations/{small}"),
            json!({ "weight": "0.3" }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        rates(&app.cart(&token).await),
        (vec![rate("flat_rate:101", 500, true)], "500".to_owned())
    );
    // The same for the shipping class: the parent's bulky class adds 10 € to the variation's
    // parcel until the variation names its own (without a cost here).
    let mut zones = zones;
    zones[0]["methods"]["class_costs"] = json!({ "sperrgut": "10.00" });
    let classes = json!([{ "name": "Sperrgut" }, { "name": "Klein" }]);
    app.save_settings(
        &admin,
        json!({ "laden_shipping_classes": classes, "laden_shipping_zones": zones }),
    )
    .await;
    let (status, _) = app
        .wc_put(
            &admin,
            &format!("/products/{parent}"),
            json!({ "shipping_class": "sperrgut" }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(rates(&app.cart(&token).await).1, "1500");
    let (_, v) = app
        .wc_put(
            &admin,
            &format!("/products/{parent}/variations/{small}"),
            json!({ "shipping_class": "klein" }),
        )
        .await;
    assert_eq!(v["shipping_class"], "klein", "{v}");
    assert_eq!(rates(&app.cart(&token).await).1, "500");
}

#[both_databases]
async fn a_coupon_allowing_free_shipping_makes_the_delivery_free(app: TestApp) {
    let admin = app.staff("administrator").await;
    // Germany charges 4,90 € and has no threshold; Express beside it.
    let zones = json!([{ "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": null,
        "methods": { "extra": [{ "kind": "flat_rate", "title": "Express", "cost": "12.90" }] } }]);
    app.save_settings(&admin, json!({ "laden_shipping_zones": zones }))
        .await;
    // WooCommerce's coupon of nothing off but the shipping.
    let (status, c) = app
        .wc_post(
            &admin,
            "/coupons",
            json!({ "code": "VERSANDFREI", "discount_type": "fixed_cart", "amount": "0", "free_shipping": true }),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(c["free_shipping"], true);
    let (_, read) = app.wc_get(&admin, &format!("/coupons/{}", c["id"])).await;
    assert_eq!(read["free_shipping"], true);

    let mill = app
        .simple("Mühle", "MUEHLE", 2380, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    body(app.add_item(&token, mill, 1).await).await;
    assert_eq!(
        rates(&app.cart(&token).await).1,
        "490",
        "no free shipping without the coupon"
    );
    let (token, cart) = cart_with_coupon(&app, mill).await;
    assert_eq!(
        rates(&cart),
        (
            vec![
                rate("flat_rate:101", 490, false),
                rate("free_shipping:102", 0, true),
                rate("flat_rate:103", 1290, false),
            ],
            "0".to_owned()
        ),
        "{cart}"
    );
    assert_eq!(cart["totals"]["total_price"], "2380");
    let placed = app.checkout(&token, "bacs").await;
    let order = app
        .order(placed["order_id"].as_i64().expect("placed"))
        .await;
    assert_eq!(
        (
            order.shipping_method.as_str(),
            order.shipping_total,
            order.total
        ),
        ("free_shipping:102", 0, 2380)
    );

    // Switched off through wc/v3: the next cart pays for its shipping again.
    let (status, _) = app
        .wc_put(
            &admin,
            &format!("/coupons/{}", c["id"]),
            json!({ "free_shipping": false }),
        )
        .await;
    assert_eq!(status, 200);
    let (_, cart) = cart_with_coupon(&app, mill).await;
    assert_eq!(rates(&cart).1, "490", "{cart}");
}

/// A new cart holding one `product` with the coupon VERSANDFREI applied: its token and the cart.
async fn cart_with_coupon(app: &TestApp, product: i64) -> (String, Value) {
    let token = app.new_cart().await;
    body(app.add_item(&token, product, 1).await).await;
    let cart = app
        .post_json(
            "/cart/apply-coupon",
            Some(&token),
            json!({ "code": "versandfrei" }),
        )
        .await;
    (token, cart)
}
