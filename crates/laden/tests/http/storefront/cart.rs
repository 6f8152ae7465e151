//! The Store API's cart over HTTP, on SQLite and PostgreSQL: the first add, parallel adds within
//! the stock, bad input that changes nothing, and totals at both VAT rates.

use crate::common;

use common::{assert_wp_error, body, both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

// A new visitor's first add-item is answered without reading the cart back: the answer must be
// exactly the cart a later read shows (and stay so for a variation, which is read back).
#[both_databases]
async fn a_first_add_answers_the_cart_as_stored(app: TestApp) {
    let id = app
        .simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, Some(4))
        .await;
    let (parent, _v50, _v100) = app.variable().await;
    let cases = [
        json!({ "id": id, "quantity": 2 }),
        json!({ "id": parent, "quantity": 1, "variation": [{ "attribute": "Größe", "value": "50 g" }] }),
    ];
    for add in cases {
        let res = app.post("/cart/add-item", None, add.clone()).await;
        assert_eq!(res.status(), 201, "{add}");
        let token = res.headers()["cart-token"].to_str().unwrap().to_owned();
        let added = body(res).await;
        assert_eq!(added["items"].as_array().unwrap().len(), 1, "{added}");
        let read = app.cart(&token).await;
        assert_eq!(added, read, "{add}");
        // The next add goes to the same cart.
        let more = app
            .post_json("/cart/add-item", Some(&token), add.clone())
            .await;
        assert_eq!(
            more["items_count"],
            added["items_count"].as_u64().unwrap() * 2,
            "{more}"
        );
    }
    // A refused first add makes no cart: its token reads as an empty cart.
    let res = app
        .post("/cart/add-item", None, json!({ "id": id, "quantity": 5 }))
        .await;
    assert_eq!(res.status(), 409);
    assert_wp_error(
        &body(res).await,
        "woocommerce_rest_product_out_of_stock",
        409,
    );
    let carts: i64 = app.count("SELECT COUNT(*) FROM carts").await;
    assert_eq!(carts, 2, "only the two carts above");
}

// Parallel adds to one cart never make it hold more than the stock.
#[both_databases]
async fn parallel_adds_stay_within_the_stock(app: TestApp) {
    let id = app
        .simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    let adds = (0..12).map(|_| app.add_item(&token, id, 1));
    let answers = futures::future::join_all(adds).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        5,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 409),
        "{statuses:?}"
    );
    // Every refusal, whether the check before writing or the guarded write caught it, names the stock.
    for res in answers.into_iter().filter(|r| r.status() == 409) {
        let v = body(res).await;
        assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);
        assert_eq!(
            v["message"],
            "Nicht genug auf Lager: von „Espresso Casa“ sind nur noch 5 verfügbar."
        );
    }
    let cart = app.cart(&token).await;
    assert_eq!(cart["items_count"], 5);
    // Every write counted the cart's revision once (in the same call as the item), no refusal did.
    assert_eq!(app.store.cart(&token).await.unwrap().revision, 5);
}

#[both_databases]
async fn cart_flow_and_bad_input_change_nothing(app: TestApp) {
    let id = app
        .simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, Some(4))
        .await;
    let (parent, v50, v100) = app.variable().await;
    let token = app.new_cart().await;

    let res = app
        .post(
            "/cart/add-item",
            Some(&token),
            json!({ "id": id, "quantity": 2, "price": 1 }),
        )
        .await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.headers()["cart-token"], token.as_str());
    let cart = body(res).await;
    assert_eq!(cart["items_count"], 2);
    assert_eq!(
        cart["items"][0]["prices"]["price"], "1290",
        "a client-sent price is ignored"
    );
    let key = cart["items"][0]["key"].as_str().unwrap().to_owned();

    // A variable product by its attributes.
    let cart = app.post_json("/cart/add-item", Some(&token), json!({ "id": parent, "quantity": 1, "variation": [{ "attribute": "Größe", "value": "50 g" }] })).await;
    assert_eq!(cart["items_count"], 3);
    assert!(cart["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|i| i["id"] == v50));
    // Without a choice, or a choice that does not exist, or an out-of-stock one.
    let v = body(app.add_item(&token, parent, 1).await).await;
    assert_wp_error(&v, "woocommerce_rest_missing_variation_data", 400);
    let v = app.post_json("/cart/add-item", Some(&token), json!({ "id": parent, "quantity": 1, "variation": [{ "attribute": "Größe", "value": "5 kg" }] })).await;
    assert_wp_error(&v, "woocommerce_rest_invalid_variation_data", 400);
    let v = body(app.add_item(&token, v100, 1).await).await;
    assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);

    for bad in [
        json!(0),
        json!(-1),
        json!(1.5),
        json!("abc"),
        json!(null),
        json!([1]),
    ] {
        let res = app.add_item(&token, id, bad.clone()).await;
        assert_eq!(res.status(), 400, "quantity {bad}");
        assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    }
    let v = body(app.add_item(&token, id, 3).await).await;
    assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("nur noch 4 verfügbar"),
        "{v}"
    );
    let v = body(app.add_item(&token, 424242, 1).await).await;
    assert_wp_error(&v, "woocommerce_rest_product_invalid_id", 404);
    let res = app
        .client
        .post(app.url("/wp-json/wc/store/v1/cart/add-item"))
        .header("Cart-Token", &token)
        .header("Content-Type", "application/json")
        .body("{\"id\": 1,")
        .go()
        .await;
    assert_eq!(res.status(), 400);
    assert_wp_error(&body(res).await, "rest_invalid_json", 400);
    // A body over 1 MiB is refused before it is parsed, in WordPress's shape.
    let padded = format!("{{\"id\": 1, \"pad\": \"{}\"}}", "x".repeat(1024 * 1024));
    let res = app
        .client
        .post(app.url("/wp-json/wc/store/v1/cart/add-item"))
        .header("Cart-Token", &token)
        .header("Content-Type", "application/json")
        .body(padded)
        .go()
        .await;
    assert_wp_error(&body(res).await, "rest_request_too_large", 413);
    let v = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": key, "quantity": 5 }),
        )
        .await;
    assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);
    let v = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": "nope", "quantity": 1 }),
        )
        .await;
    assert_wp_error(&v, "woocommerce_rest_cart_invalid_key", 409);

    // Nothing above changed the cart.
    let cart = app.cart(&token).await;
    assert_eq!(cart["items_count"], 3);

    let cart = app
        .post_json(
            "/cart/update-item",
            Some(&token),
            json!({ "key": key, "quantity": 4 }),
        )
        .await;
    assert_eq!(cart["items_count"], 5);
    let cart = app
        .post_json("/cart/remove-item", Some(&token), json!({ "key": key }))
        .await;
    assert_eq!(cart["items_count"], 1);
    // Another visitor's token sees an empty cart.
    let other = app.new_cart().await;
    assert_eq!(app.cart(&other).await["items_count"], 0);
}

#[both_databases]
async fn totals_with_both_vat_rates(app: TestApp) {
    let coffee = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, None)
        .await;
    let tea = app
        .simple("Sencha lose", "T-1", 1070, TaxClass::Reduced, None)
        .await;
    let token = app.new_cart().await;
    app.add_item(&token, coffee, 1).await;
    let cart = body(app.add_item(&token, tea, 1).await).await;
    let t = &cart["totals"];
    // 11,90 + 10,70 goods + 4,90 shipping (under 50 €), shipping VAT split by the goods' shares.
    assert_eq!(t["total_price"], "2750");
    assert_eq!(t["total_tax"], "316");
    let lines = t["tax_lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    let rate = |r: &str| {
        lines
            .iter()
            .find(|l| l["rate"] == r)
            .map(|l| l["price"].clone())
            .unwrap()
    };
    assert_eq!(rate("19%"), "231");
    assert_eq!(rate("7%"), "85");
    assert_eq!(t["currency_code"], "EUR");
    // From 50 € shipping is free.
    let cart = body(app.add_item(&token, coffee, 3).await).await;
    assert_eq!(cart["totals"]["total_shipping"], "0");
    assert_eq!(cart["totals"]["total_price"], (1190 * 4 + 1070).to_string());
}
