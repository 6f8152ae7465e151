//! The Store API over HTTP, on SQLite and PostgreSQL: product lists with WordPress's pagination,
//! unknown things as JSON 404s, categories and reviews, plain permalinks, the route index, quick
//! view data, and a failing database as a logged 500.

use crate::common;

use common::{assert_wp_error, body, both_databases, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

#[both_databases]
async fn lists_products_with_wordpress_pagination(app: TestApp) {
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
        .get_with(
            "/wp-json/wc/store/v1/products?per_page=2&page=2",
            &[("Host", "evil.example")],
        )
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
        let v = app.refused_products_query(query).await;
        assert!(v["data"]["params"][param].is_string(), "{query}: {v}");
    }
}

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

#[both_databases]
async fn unknown_things_are_404_json(app: TestApp) {
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
}

#[both_databases]
async fn categories_and_reviews(app: TestApp) {
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
}

#[both_databases]
async fn plain_permalinks_and_method_override(app: TestApp) {
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
    assert_eq!(app.cart(&token).await["items_count"], 1);
}

#[both_databases]
async fn index_lists_routes_that_answer(app: TestApp) {
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
}

#[both_databases]
async fn quick_view_data(app: TestApp) {
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
}

#[both_databases]
async fn a_failing_database_is_a_logged_500_never_a_404(app: TestApp) {
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
            !v.to_string().contains("products_gone") && !v.to_string().contains("no such table"),
            "{v}"
        );
    }
    // A product that is not there is still a 404 when the database answers.
    common::execute(&app.store, "ALTER TABLE products_gone RENAME TO products").await;
    let res = app.get("/wp-json/wc/store/v1/products/999999").await;
    assert_eq!(res.status(), 404);
    assert_wp_error(&body(res).await, "woocommerce_rest_product_invalid_id", 404);
}
