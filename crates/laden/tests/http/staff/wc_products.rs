//! WooCommerce's products (`wc/v3/products`) over HTTP, on SQLite and PostgreSQL: create, list,
//! change, delete, variable products and batch, stock deltas and compare-and-swap, and the media
//! variations carry.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

#[both_databases]
async fn products_are_created_listed_changed_and_deleted(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let img1 = app.upload_jpeg(&m, "bohne.jpg").await;
    let img2 = app.upload_jpeg(&m, "tasse.jpg").await;
    let (s, cat) = app
        .wc_post(&m, "/products/categories", json!({ "name": "Röstkaffee" }))
        .await;
    assert_eq!(s, 201, "{cat}");
    assert_eq!(cat["slug"], "roestkaffee");
    let cat_id = cat["id"].as_i64().unwrap();

    let (s, p) = app.wc_post(&m, "/products", json!({
            "name": "Hausmischung", "type": "simple", "regular_price": "12.90", "sale_price": "10.90", "sku": "HAUS-1",
            "description": "<p onclick=\"x()\">Kräftig</p><script>x()</script>", "manage_stock": true, "stock_quantity": 7,
            "categories": [{ "id": cat_id }], "images": [{ "id": img1 }, { "id": img2 }],
            "meta_data": [{ "key": "_yoast_wpseo_title", "value": "Hausmischung kaufen" }],
            // Read-only and unknown fields: ignored, never applied.
            "price": "0.01", "total_sales": 500, "date_created": "2001-01-01T00:00:00", "average_rating": "5.00", "permalink": "https://evil.example/", "bogus": true
        }))
    .await;
    assert_eq!(s, 201, "{p}");
    let id = p["id"].as_i64().unwrap();
    // As WooCommerce: a create naming an id is refused.
    let (s, e) = app
        .wc_post(&m, "/products", json!({ "id": 999, "name": "Kopie" }))
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "woocommerce_rest_product_exists", 400);
    assert_eq!(p["price"], "10.90");
    assert_eq!(p["regular_price"], "12.90");
    assert_eq!(p["on_sale"], true);
    assert_eq!(p["total_sales"], 0);
    assert_eq!(p["status"], "publish");
    assert_eq!(p["slug"], "hausmischung");
    assert_eq!(
        p["permalink"],
        "https://shop.example.de/produkt/hausmischung/"
    );
    assert_eq!(p["description"], "<p>Kräftig</p>");
    assert_eq!(p["stock_quantity"], 7);
    assert_eq!(p["manage_stock"], true);
    assert_eq!(p["categories"][0]["name"], "Röstkaffee");
    assert_eq!(
        p["images"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["id"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        vec![img1, img2]
    );
    assert_eq!(p["meta_data"][0]["value"], "Hausmischung kaufen");
    assert!(!p["date_created"].as_str().unwrap().starts_with("2001"));
    // The shop sees it at once.
    let shop = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
            .await,
    )
    .await;
    assert_eq!(shop["name"], "Hausmischung");
    assert_eq!(shop["prices"]["price"], "1090");

    // A second product, a draft; list filters and pagination headers.
    let (s, _) = app.wc_post(&m, "/products", json!({ "name": "Entkoffeiniert", "status": "draft", "regular_price": "9.50", "sku": "ENT-1" })).await;
    assert_eq!(s, 201);
    let list = |q: &'static str| {
        let app = &app;
        let m = &m;
        async move { app.fetch_as(m, &format!("/wc/v3/products{q}")).await }
    };
    let res = list("?per_page=1").await;
    assert_eq!(res.headers()["x-wp-total"], "2");
    assert_eq!(res.headers()["x-wp-totalpages"], "2");
    assert!(res.headers()["link"]
        .to_str()
        .unwrap()
        .contains("rel=\"next\""));
    assert_eq!(body(list("?status=draft").await).await[0]["sku"], "ENT-1");
    assert_eq!(
        body(list("?sku=HAUS-1").await)
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(body(list("?search=haus").await).await[0]["id"], id);
    assert_eq!(
        body(list(Box::leak(format!("?category={cat_id}").into_boxed_str())).await)
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        body(list("?stock_status=outofstock").await)
            .await
            .as_array()
            .unwrap()
            .len(),
        0
    );
    for bad in [
        "?per_page=-1",
        "?per_page=1000000",
        "?page=-5",
        "?status=verkauft",
        "?stock_status=viel",
        "?category=abc",
        "?type=grouped",
    ] {
        let res = list(bad).await;
        assert_eq!(res.status(), 400, "{bad}");
        assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    }

    // Partial update: only what is sent changes.
    let (s, p) = app
        .wc_put(
            &m,
            &format!("/products/{id}"),
            json!({ "name": "Hausmischung Nr. 1", "sale_price": "" }),
        )
        .await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(p["name"], "Hausmischung Nr. 1");
    assert_eq!(
        p["slug"], "hausmischung",
        "the slug stays when only the name changes"
    );
    assert_eq!(p["price"], "12.90");
    assert_eq!(p["on_sale"], false);
    assert_eq!(p["stock_quantity"], 7);
    assert_eq!(p["images"].as_array().unwrap().len(), 2);

    // Bad input: every problem named, nothing changed.
    let (s, e) = app.wc_put(&m, &format!("/products/{id}"), json!({ "name": "Neu", "regular_price": "zwölf", "stock_quantity": "viele", "featured": "vielleicht", "status": "verkauft", "categories": [{ "id": 424242 }] }))
    .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "rest_invalid_param", 400);
    for field in ["regular_price", "stock_quantity", "featured", "status"] {
        assert!(e["data"]["params"].get(field).is_some(), "{field}: {e}");
    }
    let (s, e) = app
        .wc_put(
            &m,
            &format!("/products/{id}"),
            json!({ "categories": [{ "id": 424242 }], "images": [{ "id": 777777 }] }),
        )
        .await;
    assert_eq!(s, 400, "{e}");
    let (s, e) = app
        .wc_put(
            &m,
            &format!("/products/{id}"),
            json!({ "images": [{ "src": "https://evil.example/x.jpg" }] }),
        )
        .await;
    assert_eq!(s, 400, "{e}");
    let (s, e) = app
        .wc_put(&m, &format!("/products/{id}"), json!({ "sku": "ENT-1" }))
        .await;
    assert_eq!(s, 400, "duplicate SKU: {e}");
    let (s, e) = app
        .wc_put(
            &m,
            &format!("/products/{id}"),
            json!({ "sale_price": "15.00" }),
        )
        .await;
    assert_eq!(s, 400, "sale above regular: {e}");
    let (_, p) = app.wc_get(&m, &format!("/products/{id}")).await;
    assert_eq!(p["name"], "Hausmischung Nr. 1");
    assert_eq!(p["sku"], "HAUS-1");
    assert_eq!(p["price"], "12.90");
    assert_eq!(p["categories"].as_array().unwrap().len(), 1);
    // An image by this shop's upload address works like an id.
    let (s, p2) = app
        .wc_put(
            &m,
            &format!("/products/{id}"),
            json!({ "images": [{ "src": p["images"][1]["src"] }] }),
        )
        .await;
    assert_eq!(s, 200, "{p2}");
    assert_eq!(p2["images"][0]["id"], img2);
    let (s, e) = app.wc_get(&m, "/products/424242").await;
    assert_eq!(s, 404);
    assert_wp_error(&e, "woocommerce_rest_product_invalid_id", 404);
    let res = app
        .rest(Method::PUT, &format!("/wc/v3/products/{id}"), Some(&m))
        .header("content-type", "application/json")
        .body("{kaputt")
        .go()
        .await;
    assert_wp_error(&body(res).await, "rest_invalid_json", 400);

    // Delete: to the trash (hidden from the shop), then for good.
    let (s, p) = app.wc_delete(&m, &format!("/products/{id}")).await;
    assert_eq!((s, p["status"].as_str()), (200, Some("trash")));
    assert_eq!(
        app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
            .await
            .status(),
        404
    );
    assert_eq!(
        body(list("").await).await.as_array().unwrap().len(),
        1,
        "trash is not listed by default"
    );
    assert_eq!(
        body(list("?status=trash").await)
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let (s, e) = app.wc_delete(&m, &format!("/products/{id}")).await;
    assert_eq!(s, 410, "{e}");
    let (s, p) = app
        .wc_delete(&m, &format!("/products/{id}?force=true"))
        .await;
    assert_eq!((s, p["id"].as_i64()), (200, Some(id)));
    assert_eq!(app.wc_get(&m, &format!("/products/{id}")).await.0, 404);
}

#[both_databases]
async fn variable_products_and_variations_with_batch(app: TestApp) {
    let m = app.staff("administrator").await;
    let (s, p) = app
        .wc_post(
            &m,
            "/products",
            json!({ "name": "Espresso", "type": "variable", "attributes": [
            { "name": "Größe", "options": ["250 g", "1 kg"], "variation": true, "visible": true },
            { "name": "Mahlgrad", "options": ["Bohne", "Fein"], "variation": true }
        ] }),
        )
        .await;
    assert_eq!(s, 201, "{p}");
    let parent = p["id"].as_i64().unwrap();
    // Generated variations in one batch; one entry is wrong and fails alone.
    let mut create = Vec::new();
    for (size, price) in [("250 g", "8.90"), ("1 kg", "29.90")] {
        for grind in ["Bohne", "Fein"] {
            create.push(json!({ "regular_price": price, "manage_stock": true, "stock_quantity": 5, "sku": format!("ESP-{size}-{grind}").replace(' ', ""),
                "attributes": [{ "name": "Größe", "option": size }, { "name": "mahlgrad", "option": grind }] }));
        }
    }
    create.push(
        json!({ "regular_price": "1.00", "attributes": [{ "name": "Farbe", "option": "Rot" }] }),
    );
    let (s, b) = app
        .wc_post(
            &m,
            &format!("/products/{parent}/variations/batch"),
            json!({ "create": create }),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let created = b["create"].as_array().unwrap();
    assert_eq!(created.len(), 5);
    assert!(
        created[..4].iter().all(|v| v["id"].as_i64().unwrap() > 0),
        "{b}"
    );
    assert_eq!(
        created[1]["attributes"][1],
        json!({ "id": 0, "name": "Mahlgrad", "option": "Fein" })
    );
    assert_eq!(created[4]["id"], 0);
    assert_eq!(created[4]["error"]["code"], "rest_invalid_param");
    assert_eq!(created[4]["error"]["data"]["status"], 400);
    let ids: Vec<i64> = created[..4]
        .iter()
        .map(|v| v["id"].as_i64().unwrap())
        .collect();

    let (_, p) = app.wc_get(&m, &format!("/products/{parent}")).await;
    assert_eq!(p["variations"], json!(ids));
    assert_eq!(p["price"], "8.90");
    let shop = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{parent}"))
            .await,
    )
    .await;
    assert_eq!(shop["prices"]["price_range"]["max_amount"], "2990");
    assert_eq!(shop["variations"].as_array().unwrap().len(), 4);

    let res = app
        .fetch_as(
            &m,
            &format!("/wc/v3/products/{parent}/variations?per_page=3"),
        )
        .await;
    assert_eq!(res.headers()["x-wp-total"], "4");
    assert_eq!(body(res).await.as_array().unwrap().len(), 3);
    // The variations list checks its filters as the products list does.
    let path = |q: &str| format!("/products/{parent}/variations?{q}");
    let (s, all) = app
        .wc_get(&m, &path("status=any&stock_status=instock"))
        .await;
    assert_eq!((s, all.as_array().unwrap().len()), (200, 4));
    let (s, e) = app
        .wc_get(&m, &path("status=verkauft&stock_status=viel"))
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "rest_invalid_param", 400);
    assert_eq!(
        e["data"]["params"].as_object().map(|p| p.len()),
        Some(2),
        "{e}"
    );

    // Update one, delete one (force required), batch update and delete.
    let (s, v) = app
        .wc_put(
            &m,
            &format!("/products/{parent}/variations/{}", ids[0]),
            json!({ "sale_price": "7.90" }),
        )
        .await;
    assert_eq!((s, v["price"].as_str()), (200, Some("7.90")));
    let (s, e) = app
        .wc_delete(&m, &format!("/products/{parent}/variations/{}", ids[3]))
        .await;
    assert_eq!(s, 501);
    assert_wp_error(&e, "woocommerce_rest_trash_not_supported", 501);
    let (s, b) = app.wc_post(&m, &format!("/products/{parent}/variations/batch"), json!({ "update": [{ "id": ids[1], "regular_price": "9.50" }, { "id": 999999, "regular_price": "1.00" }], "delete": [ids[3]] }))
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["update"][0]["regular_price"], "9.50");
    assert_eq!(
        b["update"][1]["error"]["code"],
        "woocommerce_rest_product_variation_invalid_id"
    );
    assert_eq!(b["delete"][0]["id"], ids[3]);
    let (_, p) = app.wc_get(&m, &format!("/products/{parent}")).await;
    assert_eq!(p["variations"].as_array().unwrap().len(), 3);
    // A variation is not reachable under another product or as a product.
    let (other, _, _) = app.variable().await;
    assert_eq!(
        app.wc_get(&m, &format!("/products/{other}/variations/{}", ids[0]))
            .await
            .0,
        404
    );
    assert_eq!(
        app.wc_get(&m, &format!("/products/{}", ids[0])).await.0,
        404
    );
    // The type cannot change while variations exist.
    let (s, _) = app
        .wc_put(
            &m,
            &format!("/products/{parent}"),
            json!({ "type": "simple" }),
        )
        .await;
    assert_eq!(s, 400);

    // Product batch: create, update, delete; more than 100 objects are refused whole.
    let (s, b) = app.wc_post(&m, "/products/batch", json!({ "create": [{ "name": "Filter", "regular_price": "4.00" }, { "regular_price": "4.00" }], "update": [{ "id": parent, "featured": true }], "delete": [] }))
    .await;
    assert_eq!(s, 200, "{b}");
    assert!(b["create"][0]["id"].as_i64().unwrap() > 0);
    assert_eq!(b["create"][1]["error"]["code"], "rest_invalid_param");
    assert_eq!(b["update"][0]["featured"], true);
    let too_many: Vec<Value> = (0..101)
        .map(|i| json!({ "name": format!("P{i}") }))
        .collect();
    let (s, e) = app
        .wc_post(&m, "/products/batch", json!({ "create": too_many }))
        .await;
    assert_eq!(s, 413);
    assert_wp_error(&e, "woocommerce_rest_request_entity_too_large", 413);
    let res = app.fetch_as(&m, "/wc/v3/products?search=P1").await;
    assert_eq!(
        res.headers()["x-wp-total"],
        "0",
        "nothing of a refused batch was written"
    );
}

#[both_databases]
async fn stock_changes_are_deltas_or_compare_and_swap(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let id = app
        .simple("Kanne", "KANNE", 2500, TaxClass::Standard, Some(10))
        .await;
    let path = format!("/products/{id}");

    // A shopper buys 3 after the manager loaded the product (stock 10).
    let (_, loaded) = app.wc_get(&m, &path).await;
    assert_eq!(loaded["stock_quantity"], 10);
    let token = app.new_cart().await;
    app.add_item(&token, id, 3).await;
    let placed = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "cod" }),
        )
        .await;
    assert!(placed.status().is_success());
    assert_eq!(app.stock(id).await, Some(7));

    // Saving other fields never writes the stale stock back (woocommerce#16780).
    let mut stale = loaded.clone();
    stale["name"] = json!("Teekanne");
    stale.as_object_mut().unwrap().remove("stock_quantity");
    let (s, p) = app.wc_put(&m, &path, stale).await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(
        (p["name"].as_str(), p["stock_quantity"].as_i64()),
        (Some("Teekanne"), Some(7))
    );

    // Compare-and-swap against the value the manager saw: refused, nothing changes.
    let (s, e) = app
        .wc_put(
            &m,
            &path,
            json!({ "stock_quantity": 20, "stock_quantity_expected": 10, "name": "Anders" }),
        )
        .await;
    assert_eq!(s, 409);
    assert_wp_error(&e, "laden_stock_conflict", 409);
    let (_, p) = app.wc_get(&m, &path).await;
    assert_eq!(
        (p["name"].as_str(), p["stock_quantity"].as_i64()),
        (Some("Teekanne"), Some(7))
    );
    let (s, p) = app
        .wc_put(
            &m,
            &path,
            json!({ "stock_quantity": 20, "stock_quantity_expected": 7 }),
        )
        .await;
    assert_eq!((s, p["stock_quantity"].as_i64()), (200, Some(20)));

    // Deltas: goods received, goods lost; never below zero.
    let (_, p) = app
        .wc_put(&m, &path, json!({ "stock_quantity_delta": 5 }))
        .await;
    assert_eq!(p["stock_quantity"], 25);
    let (_, p) = app
        .wc_put(&m, &path, json!({ "stock_quantity_delta": -25 }))
        .await;
    assert_eq!(
        (p["stock_quantity"].as_i64(), p["stock_status"].as_str()),
        (Some(0), Some("outofstock"))
    );
    let (s, e) = app
        .wc_put(&m, &path, json!({ "stock_quantity_delta": -1 }))
        .await;
    assert_eq!(s, 400, "{e}");
    let (s, _) = app.wc_put(&m, &path, json!({ "stock_quantity": -3 })).await;
    assert_eq!(s, 400);
    let (s, _) = app
        .wc_put(
            &m,
            &path,
            json!({ "stock_quantity": 3, "stock_quantity_delta": 1 }),
        )
        .await;
    assert_eq!(s, 400);
    assert_eq!(app.stock(id).await, Some(0));
    // Concurrent deltas all count.
    let (_, _) = app.wc_put(&m, &path, json!({ "stock_quantity": 0 })).await;
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let req = app
            .rest(Method::PUT, &format!("/wc/v3{path}"), Some(&m))
            .json(&json!({ "stock_quantity_delta": 2 }));
        tasks.push(tokio::spawn(
            async move { req.go().await.status().as_u16() },
        ));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    assert_eq!(app.stock(id).await, Some(20));
    let (_, p) = app
        .wc_put(&m, &path, json!({ "manage_stock": false }))
        .await;
    assert_eq!(
        (p["manage_stock"].as_bool(), p["stock_quantity"].is_null()),
        (Some(false), true)
    );
}

#[both_databases]
async fn variations_carry_attached_media(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let poster = app.upload_jpeg(&m, "poster.jpg").await;
    let (parent, small, _) = app.variable().await;
    let media = |html: &str, kind: &str, poster: Value, enabled: Value| {
        json!({ "meta_data": [
            { "key": "laden_attached_media", "value": html },
            { "key": "laden_attached_media_type", "value": kind },
            { "key": "laden_attached_media_poster", "value": poster },
            { "key": "laden_attached_media_enabled", "value": enabled },
        ] })
    };
    let path = format!("/products/{parent}/variations/{small}");
    let (s, v) = app
        .wc_put(
            &m,
            &path,
            media(
                "https://www.youtube-nocookie.com/embed/abc",
                "iframe",
                json!(poster.to_string()),
                json!("yes"),
            ),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let meta = |v: &Value, key: &str| common::meta(v, key).unwrap_or(Value::Null);
    assert_eq!(
        meta(&v, "laden_attached_media"),
        "https://www.youtube-nocookie.com/embed/abc"
    );
    assert_eq!(meta(&v, "laden_attached_media_poster"), poster.to_string());
    assert_eq!(meta(&v, "laden_attached_media_enabled"), "yes");
    // The product page's variation data carries it under the theme prefix (spec §3).
    let (_, product) = app.wc_get(&m, &format!("/products/{parent}")).await;
    let html = app
        .html(
            &format!("/produkt/{}/", product["slug"].as_str().unwrap()),
            None,
        )
        .await;
    assert!(
        html.contains("_attached_media_enabled\":true")
            && html.contains("youtube-nocookie.com/embed/abc"),
        "the page carries the media"
    );

    // A video file with a bare `<video>`: kept; the type follows the HTML when none is sent.
    let (s, v) = app
        .wc_put(
            &m,
            &path,
            media(
                "<video controls src=\"/uploads/film.mp4\" onplay=\"alert(1)\"></video>",
                "",
                json!(null),
                json!(true),
            ),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let html = meta(&v, "laden_attached_media");
    assert!(
        html.as_str().unwrap().contains("/uploads/film.mp4")
            && !html.as_str().unwrap().contains("onplay"),
        "{html}"
    );
    assert_eq!(
        (
            meta(&v, "laden_attached_media_type"),
            meta(&v, "laden_attached_media_poster")
        ),
        (json!("video"), json!(""))
    );

    // Refused, and nothing changed: unsafe sources, unknown types and posters.
    for (bad, key) in [
        (
            media("javascript:alert(1)", "video", json!(""), json!("yes")),
            "meta_data.laden_attached_media",
        ),
        (
            media(
                "https://evil.example/page",
                "iframe",
                json!(""),
                json!("yes"),
            ),
            "meta_data.laden_attached_media",
        ),
        (
            media("/uploads/a.mp4", "flash", json!(""), json!("yes")),
            "meta_data.laden_attached_media_type",
        ),
        (
            media("/uploads/a.mp4", "video", json!("999999"), json!("yes")),
            "meta_data.laden_attached_media_poster",
        ),
        (
            media("/uploads/a.mp4", "video", json!("viele"), json!("yes")),
            "meta_data.laden_attached_media_poster",
        ),
        (
            media("/uploads/a.mp4", "video", json!(""), json!([1])),
            "meta_data.laden_attached_media_enabled",
        ),
    ] {
        let (s, e) = app.wc_put(&m, &path, bad.clone()).await;
        assert_eq!(s, 400, "{bad}: {e}");
        assert!(e["data"]["params"][key].is_string(), "{key}: {e}");
    }
    let (_, v) = app.wc_get(&m, &path).await;
    assert!(
        meta(&v, "laden_attached_media")
            .as_str()
            .unwrap()
            .contains("/uploads/film.mp4"),
        "{v}"
    );
    // Switched off: the meta says so.
    let (_, v) = app
        .wc_put(
            &m,
            &path,
            json!({ "meta_data": [{ "key": "laden_attached_media_enabled", "value": "no" }] }),
        )
        .await;
    assert_eq!(meta(&v, "laden_attached_media_enabled"), "no");
}
