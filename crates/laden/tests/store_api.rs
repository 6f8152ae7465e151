//! The Store API over HTTP, on SQLite and on PostgreSQL.

#![allow(clippy::unwrap_used)]

mod common;

use common::{assert_wp_error, billing, body, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

both_databases!(
    lists_products_with_wordpress_pagination,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        for i in 0..5 {
            app.simple(
                &format!("Espresso {i}"),
                &format!("E-{i}"),
                1000 + i,
                TaxClass::Standard,
                Some(5),
            )
            .await;
        }
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/products?per_page=2&page=2"))
            .header("Host", "evil.example")
            .go()
            .await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["x-wp-total"], "5");
        assert_eq!(res.headers()["x-wp-totalpages"], "3");
        let link = res.headers()["link"].to_str().unwrap().to_owned();
        assert!(link.contains("<https://shop.example.de/wp-json/wc/store/v1/products?per_page=2&page=1>; rel=\"prev\""), "{link}");
        assert!(link.contains("<https://shop.example.de/wp-json/wc/store/v1/products?per_page=2&page=3>; rel=\"next\""), "{link}");
        assert!(!link.contains("evil.example"));
        let list = body(res).await;
        assert_eq!(list.as_array().unwrap().len(), 2);
        let p = &list[0];
        assert_eq!(p["prices"]["currency_code"], "EUR");
        assert_eq!(p["prices"]["currency_minor_unit"], 2);
        assert_eq!(p["prices"]["currency_symbol"], "€");
        assert!(p["prices"]["price"].is_string());

        let sorted = body(
            app.get("/wp-json/wc/store/v1/products?orderby=price&order=desc&per_page=5")
                .await,
        )
        .await;
        assert_eq!(sorted[0]["prices"]["price"], "1004");
        let searched = body(
            app.get("/wp-json/wc/store/v1/products?search=espresso%203")
                .await,
        )
        .await;
        assert_eq!(searched.as_array().unwrap().len(), 1);
        let by_cat = body(
            app.get("/wp-json/wc/store/v1/products?category=kaffee&per_page=100")
                .await,
        )
        .await;
        assert_eq!(
            by_cat.as_array().unwrap().len(),
            5,
            "a parent category includes its children"
        );

        for (query, param) in [
            ("per_page=0", "per_page"),
            ("per_page=1000", "per_page"),
            ("page=-5", "page"),
            ("orderby=colour", "orderby"),
            ("per_page=abc", "per_page"),
        ] {
            let res = app
                .get(&format!("/wp-json/wc/store/v1/products?{query}"))
                .await;
            assert_eq!(res.status(), 400, "{query}");
            let v = body(res).await;
            assert_wp_error(&v, "rest_invalid_param", 400);
            assert!(v["data"]["params"][param].is_string(), "{query}: {v}");
        }
    }
);

// A new visitor's first add-item is answered without reading the cart back: the answer must be
// exactly the cart a later read shows (and stay so for a variation, which is read back).
both_databases!(
    a_first_add_answers_the_cart_as_stored,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
            let more = body(app.post("/cart/add-item", Some(&token), add.clone()).await).await;
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
);

// Parallel adds to one cart never make it hold more than the stock.
both_databases!(
    parallel_adds_stay_within_the_stock,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
);

/// A PostgreSQL server that dropped its connections (a restart, a failover) costs no request an
/// error: a pooled connection idle for a while is checked before it is used (`db::PING_AFTER_IDLE`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_connections_dropped_while_idle_are_replaced() {
    let app = TestApp::start(Backend::Postgres).await;
    app.simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, Some(5))
        .await;
    // A search is never answered from the cache: every request reads the database.
    let path = "/wp-json/wc/store/v1/products?search=Espresso";
    let opened = (0..6).map(|_| app.get(path));
    assert!(futures::future::join_all(opened)
        .await
        .iter()
        .all(|r| r.status() == 200));
    let mut admin = <sqlx::PgConnection as sqlx::Connection>::connect(&app.db_url)
        .await
        .unwrap();
    let dropped: Vec<(bool,)> =
        sqlx::query_as("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
            .fetch_all(&mut admin)
            .await
            .unwrap();
    assert!(!dropped.is_empty(), "the server held pooled connections");
    tokio::time::sleep(std::time::Duration::from_millis(2200)).await;
    for _ in 0..8 {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "a dropped connection was used");
    }
}

both_databases!(unknown_things_are_404_json, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let v = body(app.get("/wp-json/wc/store/v1/products/999999").await).await;
    assert_wp_error(&v, "woocommerce_rest_product_invalid_id", 404);
    assert_eq!(v["message"], "Dieses Produkt gibt es nicht.");
    let v = body(app.get("/wp-json/wc/store/v1/nothing").await).await;
    assert_wp_error(&v, "rest_no_route", 404);
    let res = app
        .client
        .delete(app.url("/wp-json/wc/store/v1/products"))
        .go()
        .await;
    assert_eq!(res.status(), 404);
    let health = body(app.get("/healthz").await).await;
    assert_eq!(health["status"], "ok");
});

both_databases!(
    cart_flow_and_bad_input_change_nothing,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
        let cart = body(app.post("/cart/add-item", Some(&token), json!({ "id": parent, "quantity": 1, "variation": [{ "attribute": "Größe", "value": "50 g" }] })).await).await;
        assert_eq!(cart["items_count"], 3);
        assert!(cart["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| i["id"] == v50));
        // Without a choice, or a choice that does not exist, or an out-of-stock one.
        let v = body(app.add_item(&token, parent, 1).await).await;
        assert_wp_error(&v, "woocommerce_rest_missing_variation_data", 400);
        let v = body(app.post("/cart/add-item", Some(&token), json!({ "id": parent, "quantity": 1, "variation": [{ "attribute": "Größe", "value": "5 kg" }] })).await).await;
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
        let v = body(
            app.post(
                "/cart/update-item",
                Some(&token),
                json!({ "key": key, "quantity": 5 }),
            )
            .await,
        )
        .await;
        assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);
        let v = body(
            app.post(
                "/cart/update-item",
                Some(&token),
                json!({ "key": "nope", "quantity": 1 }),
            )
            .await,
        )
        .await;
        assert_wp_error(&v, "woocommerce_rest_cart_invalid_key", 409);

        // Nothing above changed the cart.
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &token)
            .go()
            .await;
        let cart = body(res).await;
        assert_eq!(cart["items_count"], 3);

        let cart = body(
            app.post(
                "/cart/update-item",
                Some(&token),
                json!({ "key": key, "quantity": 4 }),
            )
            .await,
        )
        .await;
        assert_eq!(cart["items_count"], 5);
        let cart = body(
            app.post("/cart/remove-item", Some(&token), json!({ "key": key }))
                .await,
        )
        .await;
        assert_eq!(cart["items_count"], 1);
        // Another visitor's token sees an empty cart.
        let other = app.new_cart().await;
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &other)
            .go()
            .await;
        assert_eq!(body(res).await["items_count"], 0);
    }
);

both_databases!(totals_with_both_vat_rates, |db: Backend| async move {
    let app = TestApp::start(db).await;
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
});

both_databases!(
    checkout_validates_places_and_is_idempotent,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple(
                "Espresso Casa",
                "E-CASA",
                1290,
                TaxClass::Standard,
                Some(10),
            )
            .await;
        let token = app.new_cart().await;
        app.add_item(&token, id, 2).await;

        let res = app.post("/checkout", Some(&token), json!({ "billing_address": { "first_name": "", "email": "kaputt@", "postcode": "123", "country": "DE", "phone": "12" }, "payment_method": "paypal" })).await;
        assert_eq!(res.status(), 400);
        let v = body(res).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        for field in [
            "billing_address.first_name",
            "billing_address.last_name",
            "billing_address.address_1",
            "billing_address.city",
            "billing_address.postcode",
            "billing_address.email",
            "billing_address.phone",
            "payment_method",
        ] {
            assert!(
                v["data"]["params"][field].is_string(),
                "{field} missing in {v}"
            );
        }
        assert_eq!(
            v["data"]["params"]["billing_address.email"],
            "Bitte geben Sie eine gültige E-Mail-Adresse ein."
        );
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("Rechnungsadresse: Vorname"),
            "{v}"
        );
        assert_eq!(app.store.order_count().await.unwrap(), 0);
        assert_eq!(app.stock(id).await, Some(10));

        let order = json!({ "billing_address": billing(), "payment_method": "bacs", "customer_note": "Bitte klingeln", "extensions": { "woocommerce/order-attribution": { "source_type": "typein", "utm_source": "(direct)", "session_pages": "3" } } });
        let res = app.post("/checkout", Some(&token), order.clone()).await;
        assert_eq!(res.status(), 201);
        let placed = body(res).await;
        let order_id = placed["order_id"].as_i64().unwrap();
        assert_eq!(placed["status"], "on-hold");
        let key = placed["order_key"].as_str().unwrap().to_owned();
        assert!(key.starts_with("wc_order_"));
        assert_eq!(
            placed["payment_result"]["redirect_url"],
            format!("https://shop.example.de/bestellung-erhalten/{order_id}/?key={key}")
        );
        assert_eq!(app.stock(id).await, Some(8));

        // The same cart again, at once and later: the same order.
        let (a, b) = tokio::join!(
            app.post("/checkout", Some(&token), order.clone()),
            app.post("/checkout", Some(&token), order.clone())
        );
        for res in [a, b] {
            assert_eq!(res.status(), 200);
            assert_eq!(body(res).await["order_id"], order_id);
        }
        assert_eq!(app.store.order_count().await.unwrap(), 1);
        assert_eq!(app.stock(id).await, Some(8));

        let got = body(
            app.get(&format!("/wp-json/wc/store/v1/order/{order_id}?key={key}"))
                .await,
        )
        .await;
        assert_eq!(got["totals"]["total_price"], "3070");
        assert_eq!(got["billing_address"]["email"], "anna@example.de");
        assert_eq!(got["payment_method_title"], "Vorkasse (Überweisung)");
        assert_eq!(got["needs_shipping"], true, "parcels are shipped");
        let v = body(
            app.get(&format!(
                "/wp-json/wc/store/v1/order/{order_id}?key=wc_order_falsch"
            ))
            .await,
        )
        .await;
        assert_wp_error(&v, "woocommerce_rest_invalid_order", 404);

        // After the order the cart reads empty, and using it again starts over.
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &token)
            .go()
            .await;
        assert_eq!(body(res).await["items_count"], 0);
        let cart = body(app.add_item(&token, id, 1).await).await;
        assert_eq!(cart["items_count"], 1);
        let second = body(app.post("/checkout", Some(&token), order).await).await;
        assert_ne!(second["order_id"], order_id);
        assert_eq!(app.store.order_count().await.unwrap(), 2);
        // Both orders belong to one customer, found by e-mail whatever its case.
        assert_eq!(
            app.store.customer_totals("Anna@Example.de").await.unwrap(),
            Some((2, 3070 + 1780))
        );

        // An empty or unknown cart cannot check out.
        let fresh = app.new_cart().await;
        let v = app.checkout(&fresh, "cod").await;
        assert_wp_error(&v, "woocommerce_rest_cart_empty", 400);
    }
);

both_databases!(
    two_hundred_checkouts_for_ten_units,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Letzte Dosen", "LAST-10", 990, TaxClass::Reduced, Some(10))
            .await;
        let mut tokens = Vec::new();
        for _ in 0..200 {
            let token = app.new_cart().await;
            let res = app.add_item(&token, id, 1).await;
            assert_eq!(res.status(), 201);
            tokens.push(token);
        }
        let order = json!({ "billing_address": billing(), "payment_method": "invoice" });
        let results = futures::future::join_all(
            tokens
                .iter()
                .map(|t| app.post("/checkout", Some(t), order.clone())),
        )
        .await;
        let mut placed = std::collections::HashSet::new();
        let mut refused = 0;
        for res in results {
            match res.status().as_u16() {
                201 => {
                    assert!(
                        placed.insert(body(res).await["order_id"].as_i64().unwrap()),
                        "each order once"
                    );
                }
                409 => {
                    let v = body(res).await;
                    assert_wp_error(&v, "woocommerce_rest_product_out_of_stock", 409);
                    assert!(
                        v["message"].as_str().unwrap().contains("ausverkauft"),
                        "{v}"
                    );
                    refused += 1;
                }
                other => panic!("unexpected status {other}: {}", res.text().await.unwrap()),
            }
        }
        assert_eq!((placed.len(), refused), (10, 190));
        assert_eq!(app.store.order_count().await.unwrap(), 10);
        assert_eq!(app.stock(id).await, Some(0));
        assert_eq!(
            app.store.product(id).await.unwrap().stock_status,
            "outofstock"
        );
        assert_eq!(app.store.product(id).await.unwrap().total_sales, 10);
    }
);

both_databases!(categories_and_reviews, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, None)
        .await;
    app.store
        .add_review(
            id,
            5,
            "Anna K.",
            "Sehr gut <script>x</script>",
            1_700_000_000,
        )
        .await
        .unwrap();
    app.store
        .add_review(id, 3, "Jonas M.", "Geht so", 1_700_100_000)
        .await
        .unwrap();
    let cats = body(app.get("/wp-json/wc/store/v1/products/categories").await).await;
    let kaffee = cats
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "kaffee")
        .unwrap();
    assert_eq!(kaffee["count"], 1);
    let espresso = cats
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["slug"] == "espresso")
        .unwrap();
    assert_eq!(espresso["parent"], kaffee["id"]);
    let res = app
        .get(&format!(
            "/wp-json/wc/store/v1/products/reviews?product_id={id}"
        ))
        .await;
    assert_eq!(res.headers()["x-wp-total"], "2");
    let reviews = body(res).await;
    assert_eq!(reviews[0]["reviewer"], "Jonas M.", "newest first");
    assert!(!reviews[1]["review"].as_str().unwrap().contains("<script>"));
    let product = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
            .await,
    )
    .await;
    assert_eq!(product["review_count"], 2);
    assert_eq!(product["average_rating"], "4.00");
    assert_eq!(
        product["short_description"], "<p>Kurz</p>",
        "descriptions are sanitised on write"
    );
});

both_databases!(
    plain_permalinks_and_method_override,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(9))
            .await;
        let res = app
            .get("/?rest_route=/wc/store/v1/products&per_page=1")
            .await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["x-wp-total"], "1");
        assert_eq!(body(res).await[0]["id"], id);
        assert_wp_error(
            &body(app.get("/?rest_route=/wc/store/v1/nothing").await).await,
            "rest_no_route",
            404,
        );

        let token = app.new_cart().await;
        let cart = body(app.add_item(&token, id, 1).await).await;
        let key = cart["items"][0]["key"].as_str().unwrap().to_owned();
        let items = app.url(&format!("/wp-json/wc/store/v1/cart/items/{key}"));
        // The real methods …
        let res = app
            .client
            .put(&items)
            .header("Cart-Token", &token)
            .json(&json!({ "quantity": 3 }))
            .go()
            .await;
        assert_eq!(body(res).await["items_count"], 3);
        // … and the same through POST with X-HTTP-Method-Override.
        let res = app
            .client
            .post(&items)
            .header("Cart-Token", &token)
            .header("X-HTTP-Method-Override", "PATCH")
            .json(&json!({ "quantity": 2 }))
            .go()
            .await;
        assert_eq!(body(res).await["items_count"], 2);
        let res = app
            .client
            .post(&items)
            .header("Cart-Token", &token)
            .header("X-HTTP-Method-Override", "DELETE")
            .go()
            .await;
        assert_eq!(res.status(), 200);
        assert_eq!(body(res).await["items_count"], 0);
        let res = app
            .client
            .delete(&items)
            .header("Cart-Token", &token)
            .go()
            .await;
        assert_wp_error(&body(res).await, "woocommerce_rest_cart_invalid_key", 409);

        // Any other use of the header is refused, and changes nothing.
        app.add_item(&token, id, 1).await;
        for (method, value) in [
            (reqwest::Method::GET, "DELETE"),
            (reqwest::Method::POST, "GET"),
            (reqwest::Method::PUT, "DELETE"),
            (reqwest::Method::POST, "TRACE"),
        ] {
            let res = app
                .client
                .request(method.clone(), &items)
                .header("Cart-Token", &token)
                .header("X-HTTP-Method-Override", value)
                .go()
                .await;
            assert_eq!(res.status(), 405, "{method} + {value}");
            assert_wp_error(&body(res).await, "rest_invalid_method_override", 405);
        }
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &token)
            .go()
            .await;
        assert_eq!(body(res).await["items_count"], 1);
    }
);

both_databases!(index_lists_routes_that_answer, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(9))
        .await;
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 1).await).await;
    let key = cart["items"][0]["key"].as_str().unwrap().to_owned();
    let index = body(app.get("/wp-json/").await).await;
    assert_eq!(index["url"], "https://shop.example.de");
    assert!(index["namespaces"]
        .as_array()
        .unwrap()
        .contains(&json!("wc/store/v1")));
    let routes = index["routes"].as_object().unwrap();
    assert!(routes.len() >= 12);
    for (route, info) in routes {
        let path = route
            .replace("(?P<id>[\\d]+)", &id.to_string())
            .replace("(?P<product_id>[\\d]+)", &id.to_string())
            .replace("(?P<attribute_id>[\\d]+)", &id.to_string())
            .replace("(?P<order_id>[\\d]+)", "1")
            .replace("(?P<key>[\\w-]{32})", &key)
            .replace("(?P<user_id>(?:[\\d]+|me))", "me")
            .replace(
                "(?P<uuid>[\\w\\-]+)",
                "00000000-0000-4000-8000-000000000000",
            );
        for method in info["methods"].as_array().unwrap() {
            let method: reqwest::Method = method.as_str().unwrap().parse().unwrap();
            let res = app
                .client
                .request(method.clone(), app.url(&format!("/wp-json{path}")))
                .header("Cart-Token", &token)
                .json(&json!({}))
                .go()
                .await;
            let status = res.status();
            let v: Value = res.json().await.unwrap_or(Value::Null);
            assert_ne!(
                v["code"], "rest_no_route",
                "{method} {path} is listed but not routed"
            );
            assert!(status != 405, "{method} {path}");
        }
    }
});

both_databases!(quick_view_data, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let (parent, _, _) = app.variable().await;
    let v = body(
        app.get(&format!("/wp-json/laden/v1/products/{parent}/quick-view"))
            .await,
    )
    .await;
    assert_eq!(v["product"]["id"], parent);
    assert_eq!(v["product"]["name"], "Sencha");
    assert_eq!(v["variations"].as_array().unwrap().len(), 2);
    assert!(v["variations"][0]["display_price"].is_number());
    assert!(v["gallery"].is_array());
    assert_eq!(v["permalink"], "/produkt/sencha/");
    for bad in ["999999", "abc"] {
        let res = app
            .get(&format!("/wp-json/laden/v1/products/{bad}/quick-view"))
            .await;
        assert_eq!(res.status(), 404);
    }
});

both_databases!(
    order_attribution_is_checked_cleaned_and_shown_to_staff,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Espresso", "E-ATT", 1190, TaxClass::Standard, Some(20))
            .await;
        let token = app.new_cart().await;
        app.add_item(&token, id, 1).await;

        // Anything but text or null is a clear 400 and changes nothing.
        for bad in [
            json!({ "source_type": 5 }),
            json!({ "utm_source": ["a"] }),
            json!({ "referrer": { "x": 1 } }),
            json!("organic"),
        ] {
            let res = app.post("/checkout", Some(&token), json!({ "billing_address": billing(), "payment_method": "bacs", "extensions": { "woocommerce/order-attribution": bad } })).await;
            assert_wp_error(&body(res).await, "rest_invalid_param", 400);
        }
        assert_eq!(app.store.order_count().await.unwrap(), 0);

        let attribution = json!({
            "source_type": "organic", "utm_source": "google", "utm_medium": "organic", "referrer": "https://www.google.de/",
            "session_entry": "https://shop.example.de/?x=<script>alert(1)</script>", "session_pages": "4", "session_count": "2",
            "utm_campaign": null, "utm_term": "(none)", "user_agent": "x".repeat(500), "not_a_field": "ignored",
        });
        let res = app
        .client
        .post(app.url("/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", &token)
        .header("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")
        .json(&json!({ "billing_address": billing(), "payment_method": "bacs", "extensions": { "woocommerce/order-attribution": attribution, "laden": { "checkboxes": ["terms"] } } }))
        .go().await;
        assert_eq!(res.status(), 201);
        let order_id = body(res).await["order_id"].as_i64().unwrap();

        // Staff read it through wc/v3, as WooCommerce exposes it.
        let path = format!("/wc/v3/orders/{order_id}");
        let v = app.rest(reqwest::Method::GET, &path, None).json_of().await;
        assert_wp_error(&v, "woocommerce_rest_cannot_view", 401);
        let editor = app.staff("editor").await;
        let v = app
            .rest(reqwest::Method::GET, &path, Some(&editor))
            .json_of()
            .await;
        assert_wp_error(&v, "woocommerce_rest_cannot_view", 403);
        let manager = app.staff("shop_manager").await;
        let order = app
            .rest(reqwest::Method::GET, &path, Some(&manager))
            .json_of()
            .await;
        assert_eq!(order["origin"], "Organisch: Google");
        let meta: std::collections::BTreeMap<String, String> = order["meta_data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["key"].as_str().unwrap().to_owned(),
                    m["value"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        assert_eq!(meta["_wc_order_attribution_source_type"], "organic");
        assert_eq!(meta["_wc_order_attribution_device_type"], "Mobile");
        assert_eq!(
            meta["_wc_order_attribution_session_entry"], "https://shop.example.de/?x=alert(1)",
            "tags are stripped"
        );
        assert_eq!(
            meta["_wc_order_attribution_user_agent"].len(),
            200,
            "values are capped"
        );
        for gone in [
            "_wc_order_attribution_utm_campaign",
            "_wc_order_attribution_utm_term",
            "_wc_order_attribution_not_a_field",
        ] {
            assert!(!meta.contains_key(gone), "{gone}");
        }
        let v = app
            .rest(reqwest::Method::GET, "/wc/v3/orders/999999", Some(&manager))
            .json_of()
            .await;
        assert_wp_error(&v, "woocommerce_rest_shop_order_invalid_id", 404);

        // Without attribution the order still goes through; its origin is unknown.
        let token = app.new_cart().await;
        app.add_item(&token, id, 1).await;
        let plain = app.checkout(&token, "bacs").await;
        let order = app
            .rest(
                reqwest::Method::GET,
                &format!("/wc/v3/orders/{}", plain["order_id"]),
                Some(&manager),
            )
            .json_of()
            .await;
        assert_eq!(order["origin"], "Unbekannt");
        assert_eq!(order["meta_data"], json!([]));
    }
);

both_databases!(
    staff_list_orders_with_woocommerce_filters,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Tee", "T-LIST", 590, TaxClass::Reduced, Some(50))
            .await;
        let mut ids = Vec::new();
        for (first, email) in [
            ("Anna", "anna@example.de"),
            ("Bernd", "bernd@example.de"),
            ("Clara", "clara@example.de"),
        ] {
            let token = app.new_cart().await;
            app.add_item(&token, id, 1).await;
            let mut address = billing();
            address["first_name"] = json!(first);
            address["email"] = json!(email);
            let placed = body(
                app.post(
                    "/checkout",
                    Some(&token),
                    json!({ "billing_address": address, "payment_method": "cod" }),
                )
                .await,
            )
            .await;
            ids.push(placed["order_id"].as_i64().unwrap());
        }
        let manager = app.staff("shop_manager").await;
        let get = |q: &str| {
            app.rest(
                reqwest::Method::GET,
                &format!("/wc/v3/orders{q}"),
                Some(&manager),
            )
            .send()
        };

        let res = get("?per_page=2").await.unwrap();
        assert_eq!(res.headers()["x-wp-total"], "3");
        assert_eq!(res.headers()["x-wp-totalpages"], "2");
        assert!(res.headers()["link"]
            .to_str()
            .unwrap()
            .contains("rel=\"next\""));
        let first_page = body(res).await;
        let listed: Vec<i64> = first_page
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_i64().unwrap())
            .collect();
        assert_eq!(listed, vec![ids[2], ids[1]], "newest first");
        assert_eq!(first_page[0]["origin"], "Unbekannt");

        let found = body(get("?search=BERND").await.unwrap()).await;
        assert_eq!(found.as_array().unwrap().len(), 1);
        assert_eq!(found[0]["billing"]["first_name"], "Bernd");
        let status = first_page[0]["status"].as_str().unwrap().to_owned();
        assert_eq!(
            body(get(&format!("?status={status}")).await.unwrap())
                .await
                .as_array()
                .unwrap()
                .len(),
            3
        );
        assert_eq!(
            body(get("?status=completed,refunded").await.unwrap())
                .await
                .as_array()
                .unwrap()
                .len(),
            0
        );
        assert_eq!(
            body(
                get("?after=2000-01-01T00:00:00&before=2999-01-01T00:00:00")
                    .await
                    .unwrap()
            )
            .await
            .as_array()
            .unwrap()
            .len(),
            3
        );
        assert_eq!(
            body(get("?after=2999-01-01T00:00:00").await.unwrap())
                .await
                .as_array()
                .unwrap()
                .len(),
            0
        );
        for bad in [
            "?status=verschickt",
            "?after=gestern",
            "?per_page=0",
            "?per_page=101",
        ] {
            assert_wp_error(
                &body(get(bad).await.unwrap()).await,
                "rest_invalid_param",
                400,
            );
        }
        let editor = app.staff("editor").await;
        let v = app
            .rest(reqwest::Method::GET, "/wc/v3/orders", Some(&editor))
            .json_of()
            .await;
        assert_wp_error(&v, "woocommerce_rest_cannot_view", 403);
    }
);

both_databases!(
    a_failing_database_is_a_logged_500_never_a_404,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let id = app
            .simple("Espresso", "E-1", 1000, TaxClass::Standard, Some(5))
            .await;
        // The tables are there, then they are not: every read of them fails.
        common::execute(&app.store, "ALTER TABLE products RENAME TO products_gone").await;
        common::execute(&app.store, "ALTER TABLE orders RENAME TO orders_gone").await;
        for path in [
            format!("/wp-json/wc/store/v1/products/{id}"),
            "/wp-json/wc/store/v1/order/1?key=wc_order_x".to_owned(),
        ] {
            let res = app.get(&path).await;
            assert_eq!(res.status(), 500, "{path}");
            assert!(res.headers().contains_key("x-request-id"), "{path}");
            let v = body(res).await;
            assert_wp_error(&v, "laden_internal_error", 500);
            // The cause is logged, never sent.
            assert!(
                !v.to_string().contains("products_gone")
                    && !v.to_string().contains("no such table"),
                "{v}"
            );
        }
        // A product that is not there is still a 404 when the database answers.
        common::execute(&app.store, "ALTER TABLE products_gone RENAME TO products").await;
        let res = app.get("/wp-json/wc/store/v1/products/999999").await;
        assert_eq!(res.status(), 404);
        assert_wp_error(&body(res).await, "woocommerce_rest_product_invalid_id", 404);
    }
);
