//! Coupons over HTTP on SQLite and PostgreSQL: managed through wc/v3, applied through the
//! Store API, redeemed by the checkout exactly as often as they may be.

use crate::common;

use common::{answered, assert_wp_error, billing, body, both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

async fn apply(app: &TestApp, token: &str, code: &str) -> (u16, Value) {
    let res = app
        .post("/cart/apply-coupon", Some(token), json!({ "code": code }))
        .await;
    (res.status().as_u16(), body(res).await)
}

#[both_databases]
async fn coupons_are_managed_through_wc_v3(app: TestApp) {
    let manager = app.staff("shop_manager").await;
    let (s, c) = app.wc_post(&manager, "/coupons", json!({ "code": "Herbst10", "discount_type": "percent", "amount": "12.5", "description": "<b>Herbst</b>", "usage_count": 99 })).await;
    assert_eq!(s, 201, "{c}");
    assert_eq!(
        (
            c["code"].as_str(),
            c["amount"].as_str(),
            c["usage_count"].as_i64(),
            c["description"].as_str()
        ),
        (Some("herbst10"), Some("12.50"), Some(0), Some("Herbst"))
    );
    assert_eq!(c["usage_limit"], Value::Null);
    let id = c["id"].as_i64().unwrap();
    // Codes are unique whatever their case; problems are named per field.
    let (s, v) = app
        .wc_post(
            &manager,
            "/coupons",
            json!({ "code": "HERBST10", "amount": "5" }),
        )
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&v, "woocommerce_rest_coupon_code_already_exists", 400);
    let (_, v) = app.wc_post(&manager, "/coupons", json!({ "code": "X", "discount_type": "percent", "amount": "150", "usage_limit": "viele", "date_expires": "morgen" })).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    for field in ["usage_limit", "date_expires"] {
        assert!(v["data"]["params"][field].is_string(), "{field}: {v}");
    }
    let (_, v) = app
        .wc_post(
            &manager,
            "/coupons",
            json!({ "code": "X", "discount_type": "percent", "amount": "150" }),
        )
        .await;
    assert_eq!(
        v["data"]["params"]["amount"],
        "Ein Prozent-Gutschein gilt höchstens 100 %."
    );
    let (_, v) = app
        .wc_post(&manager, "/coupons", json!({ "code": "  ", "amount": "5" }))
        .await;
    assert_eq!(
        v["data"]["params"]["code"],
        "Bitte einen Gutscheincode angeben."
    );
    // Update, list with pagination headers, delete only with force.
    let (s, c) = app.wc_put(&manager, &format!("/coupons/{id}"), json!({ "usage_limit": 3, "minimum_amount": "20.00", "date_expires": "2030-01-01T00:00:00" })).await;
    assert_eq!(s, 200);
    assert_eq!(
        (
            c["usage_limit"].as_i64(),
            c["minimum_amount"].as_str(),
            c["date_expires"].as_str()
        ),
        (Some(3), Some("20.00"), Some("2030-01-01T00:00:00"))
    );
    let res = app.fetch_as(&manager, "/wc/v3/coupons?search=herbst").await;
    assert_eq!(res.headers()["x-wp-total"], "1");
    let (_, v) = app.wc_delete(&manager, &format!("/coupons/{id}")).await;
    assert_wp_error(&v, "woocommerce_rest_trash_not_supported", 501);
    let (s, _) = app
        .wc_delete(&manager, &format!("/coupons/{id}?force=true"))
        .await;
    assert_eq!(s, 200);
    let (_, v) = app.wc_get(&manager, &format!("/coupons/{id}")).await;
    assert_wp_error(&v, "woocommerce_rest_shop_coupon_invalid_id", 404);
    // Customers may not.
    let customer = app.staff("customer").await;
    let (s, _) = app
        .wc_post(
            &customer,
            "/coupons",
            json!({ "code": "frei", "amount": "100", "discount_type": "percent" }),
        )
        .await;
    assert_eq!(s, 403);
}

#[both_databases]
async fn shoppers_apply_and_remove_coupons(app: TestApp) {
    let manager = app.staff("shop_manager").await;
    let id = app
        .simple("Espresso", "E-1", 1070, TaxClass::Reduced, Some(50))
        .await;
    app.wc_post(
        &manager,
        "/coupons",
        json!({ "code": "zehn", "discount_type": "percent", "amount": "10" }),
    )
    .await;
    app.wc_post(&manager, "/coupons", json!({ "code": "fuenf", "discount_type": "fixed_cart", "amount": "5.00", "minimum_amount": "20.00" })).await;
    app.wc_post(&manager, "/coupons", json!({ "code": "alt", "discount_type": "fixed_cart", "amount": "1.00", "date_expires": "2020-01-01T00:00:00" })).await;
    let token = app.cart_with(id, 1).await;

    for (code, message) in [
        ("gibtsnicht", "Den Gutschein „gibtsnicht“ gibt es nicht."),
        ("alt", "Der Gutschein „alt“ ist abgelaufen."),
        (
            "fuenf",
            "Der Gutschein „fuenf“ gilt ab einem Bestellwert von 20,00\u{a0}€.",
        ),
    ] {
        let (s, v) = apply(&app, &token, code).await;
        assert_eq!(s, 400, "{code}");
        assert_wp_error(&v, "woocommerce_rest_cart_coupon_error", 400);
        assert_eq!(v["message"], message);
    }
    let (_, v) = answered(
        app.post("/cart/apply-coupon", Some(&token), json!({ "code": " " }))
            .await,
    )
    .await;
    assert_eq!(
        v["data"]["params"]["code"],
        "Bitte geben Sie einen Gutscheincode ein."
    );

    // 10 % of 10,70 € = 1,07 €; the codes' case does not matter.
    let (s, cart) = apply(&app, &token, " ZEHN ").await;
    assert_eq!(s, 200);
    assert_eq!(cart["coupons"][0]["code"], "zehn");
    assert_eq!(
        cart["coupons"][0]["extensions"]["laden"]["total_discount_gross"],
        "107"
    );
    assert_eq!(
        cart["totals"]["extensions"]["laden"]["total_discount_gross"],
        "107"
    );
    // 1,07 € gross is 1,00 € net and 0,07 € VAT.
    assert_eq!(
        (
            cart["totals"]["total_discount"].as_str(),
            cart["totals"]["total_discount_tax"].as_str()
        ),
        (Some("100"), Some("7"))
    );
    assert_eq!(
        cart["totals"]["total_price"],
        (1070 - 107 + 490).to_string()
    );
    let (s, v) = apply(&app, &token, "zehn").await;
    assert_eq!(s, 400);
    assert_eq!(v["message"], "Der Gutschein „zehn“ ist bereits eingelöst.");
    // Two coupons: with 2 × 10,70 € the fixed one reaches its minimum.
    app.add_item(&token, id, 1).await;
    let (s, cart) = apply(&app, &token, "fuenf").await;
    assert_eq!(s, 200, "{cart}");
    assert_eq!(cart["coupons"].as_array().unwrap().len(), 2);
    assert_eq!(
        cart["totals"]["extensions"]["laden"]["total_discount_gross"],
        (214 + 500).to_string()
    );
    // Back below the minimum: the coupon leaves the cart, as in WooCommerce.
    let key = cart["items"][0]["key"].as_str().unwrap().to_owned();
    let cart = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": key, "quantity": 1 }),
        )
        .await;
    assert_eq!(
        cart["coupons"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["code"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["zehn"]
    );
    let coupons = app
        .client
        .get(app.url("/wp-json/wc/store/v1/cart/coupons"))
        .header("Cart-Token", &token)
        .json_of()
        .await;
    assert_eq!(coupons.as_array().unwrap().len(), 1);
    // Removing.
    let res = app
        .post(
            "/cart/remove-coupon",
            Some(&token),
            json!({ "code": "fuenf" }),
        )
        .await;
    assert_wp_error(
        &body(res).await,
        "woocommerce_rest_cart_coupon_invalid_code",
        400,
    );
    let (s, _) = answered(
        app.post(
            "/cart/remove-coupon",
            Some(&token),
            json!({ "code": "ZEHN" }),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200);
    let (_, cart) = apply(&app, &token, "zehn").await;

    // The order keeps the coupon and its discount; the coupon counts one use.
    let res = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "invoice" }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let placed = body(res).await;
    let order = app.order(placed["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (
            order.items_total,
            order.discount_total,
            order.discount_tax,
            order.total
        ),
        (
            1070,
            107,
            7,
            cart["totals"]["total_price"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap()
        )
    );
    assert_eq!(
        order.coupons,
        vec![laden_store::OrderCoupon {
            code: "zehn".into(),
            discount: 107,
            discount_tax: 7
        }]
    );
    let (_, v) = app.wc_get(&manager, &format!("/orders/{}", order.id)).await;
    assert_eq!(
        (v["discount_total"].as_str(), v["discount_tax"].as_str()),
        (Some("1.00"), Some("0.07"))
    );
    assert_eq!(v["coupon_lines"][0]["code"], "zehn");
    let store_order = body(
        app.get(&format!(
            "/wp-json/wc/store/v1/order/{}?key={}",
            order.id, order.key
        ))
        .await,
    )
    .await;
    assert_eq!(store_order["coupons"][0]["code"], "zehn");
    assert_eq!(store_order["totals"]["total_discount"], "100");
    let coupon = app.store.coupon_by_code("zehn").await.unwrap().unwrap();
    assert_eq!(coupon.usage_count, 1);
    // The confirmation names it.
    let mails = app.store.order_mails(order.id).await.unwrap();
    let preview = laden_http::mail::preview(&app.state, &mails[0])
        .await
        .unwrap();
    assert!(
        preview.text.contains("Gutschein: zehn") && preview.text.contains("−1,07\u{a0}€"),
        "{}",
        preview.text
    );
}

#[both_databases]
async fn a_single_use_coupon_in_twenty_parallel_checkouts_is_redeemed_once(app: TestApp) {
    let manager = app.staff("shop_manager").await;
    let id = app
        .simple("Espresso", "E-1", 1070, TaxClass::Reduced, Some(500))
        .await;
    let (_, c) = app.wc_post(&manager, "/coupons", json!({ "code": "einmal", "discount_type": "fixed_cart", "amount": "5.00", "usage_limit": 1 })).await;
    let mut tokens = Vec::new();
    for _ in 0..20 {
        let token = app.cart_with(id, 1).await;
        assert_eq!(apply(&app, &token, "einmal").await.0, 200);
        tokens.push(token);
    }
    let results = app.check_out_at_once(&tokens).await;
    let mut placed = 0;
    for res in results {
        match res.status().as_u16() {
            201 => placed += 1,
            409 => {
                let v = body(res).await;
                assert_wp_error(&v, "woocommerce_rest_cart_coupon_error", 409);
                assert_eq!(
                    v["message"],
                    "Der Gutschein „einmal“ wurde bereits so oft eingelöst, wie er gilt."
                );
            }
            other => panic!("unexpected {other}: {}", res.text().await.unwrap()),
        }
    }
    assert_eq!(placed, 1);
    assert_eq!(
        app.store.order_count().await.unwrap(),
        1,
        "a refused checkout writes nothing"
    );
    assert_eq!(app.stock(id).await, Some(499));
    let (_, c2) = app.wc_get(&manager, &format!("/coupons/{}", c["id"])).await;
    assert_eq!(c2["usage_count"], 1);
    // The others' carts lost the coupon and order at the full price.
    let mut full_price = 0;
    for t in &tokens {
        let cart = app.cart(t).await;
        if cart["items_count"] == 0 {
            continue; // the winner's cart
        }
        assert_eq!(cart["coupons"].as_array().unwrap().len(), 0);
        let order = json!({ "billing_address": billing(), "payment_method": "invoice" });
        let res = app.post("/checkout", Some(t), order).await;
        assert_eq!(res.status(), 201);
        full_price += 1;
    }
    assert_eq!(full_price, 19);
    assert_eq!(app.store.order_count().await.unwrap(), 20);
}
