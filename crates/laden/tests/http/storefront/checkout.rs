//! The Store API's checkout over HTTP, on SQLite and PostgreSQL: validation, idempotency, two
//! hundred checkouts for ten units, order attribution, and the orders staff list with
//! WooCommerce's filters.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn checkout_validates_places_and_is_idempotent(app: TestApp) {
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
    assert_eq!(app.cart(&token).await["items_count"], 0);
    let cart = body(app.add_item(&token, id, 1).await).await;
    assert_eq!(cart["items_count"], 1);
    let second = app.post_json("/checkout", Some(&token), order).await;
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

#[both_databases]
async fn two_hundred_checkouts_for_ten_units(app: TestApp) {
    let id = app
        .simple("Letzte Dosen", "LAST-10", 990, TaxClass::Reduced, Some(10))
        .await;
    let mut tokens = Vec::new();
    for _ in 0..200 {
        tokens.push(app.cart_with(id, 1).await);
    }
    let results = app.check_out_at_once(&tokens).await;
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

#[both_databases]
async fn order_attribution_is_checked_cleaned_and_shown_to_staff(app: TestApp) {
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

#[both_databases]
async fn staff_list_orders_with_woocommerce_filters(app: TestApp) {
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
        let placed = app
            .post_json(
                "/checkout",
                Some(&token),
                json!({ "billing_address": address, "payment_method": "cod" }),
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

/// The session as the checkout asks for it, as `cookie` (or a visitor).
async fn session_of(app: &TestApp, cookie: Option<&str>) -> serde_json::Value {
    let mut req = app.client.get(app.url("/wp-json/laden/v1/session"));
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let res = req.go().await;
    assert_eq!(res.headers()["cache-control"], "no-store, private");
    res.json().await.unwrap()
}

#[both_databases]
async fn a_customers_checkout_starts_with_the_last_orders_addresses(app: TestApp) {
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Standard, Some(50))
        .await;
    let customer = app.staff("customer").await;
    let email = format!("{}@example.de", customer.login);
    // A visitor has none; a new account only its e-mail address.
    assert_eq!(
        session_of(&app, None).await,
        json!({ "logged_in": false, "name": null, "billing": null, "shipping": null })
    );
    let first = session_of(&app, Some(&customer.cookie)).await;
    assert_eq!(first["logged_in"], true);
    assert_eq!(first["billing"]["email"], email.as_str());
    assert_eq!(first["billing"]["address_1"], "");
    assert_eq!(first["shipping"], serde_json::Value::Null);

    // After an order (its address typed in capitals) shipped elsewhere: both addresses, as given.
    let token = app.cart_with(id, 1).await;
    let mut b = billing();
    b["email"] = json!(email.to_uppercase());
    let shipping = json!({ "first_name": "Bernd", "last_name": "Muster", "address_1": "Ringstraße 3", "postcode": "1010", "city": "Wien", "country": "AT" });
    let res = app
        .client
        .post(app.url("/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", &token)
        .header("cookie", &customer.cookie)
        .json(&json!({ "billing_address": b, "shipping_address": shipping, "payment_method": "cod", "extensions": { "laden": { "checkboxes": ["terms"] } } }))
        .go()
        .await;
    assert_eq!(res.status(), 201, "{}", body(res).await);
    let after = session_of(&app, Some(&customer.cookie)).await;
    for (field, want) in [
        ("first_name", "Anna"),
        ("address_1", "Hauptstraße 5"),
        ("postcode", "04109"),
        ("country", "DE"),
        ("phone", "+49 341 1234567"),
    ] {
        assert_eq!(after["billing"][field], want, "{field}: {after}");
    }
    assert_eq!(
        after["billing"]["email"].as_str().unwrap().to_lowercase(),
        email
    );
    assert_eq!(after["shipping"]["address_1"], "Ringstraße 3", "{after}");
    assert_eq!(after["shipping"]["country"], "AT", "{after}");
    // Someone else's session sees none of it.
    let other = app.staff("customer").await;
    assert_eq!(
        session_of(&app, Some(&other.cookie)).await["billing"]["address_1"],
        ""
    );
}
