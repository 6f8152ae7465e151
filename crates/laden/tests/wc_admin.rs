//! WooCommerce's admin REST API (`wc/v3`) over real HTTP, on SQLite and PostgreSQL:
//! every route, role checks, application passwords, batch, pagination,
//! refused writes, stock deltas and compare-and-swap, order status and stock.

#![allow(clippy::unwrap_used)]

mod common;

use common::{assert_wp_error, billing, body, Backend, Fetch, Login, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

both_databases!(
    products_are_created_listed_changed_and_deleted,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("shop_manager").await;
        let img1 = app.upload_jpeg(&m, "bohne.jpg").await;
        let img2 = app.upload_jpeg(&m, "tasse.jpg").await;
        let (s, cat) = app
            .wc(
                &m,
                Method::POST,
                "/products/categories",
                Some(json!({ "name": "Röstkaffee" })),
            )
            .await;
        assert_eq!(s, 201, "{cat}");
        assert_eq!(cat["slug"], "roestkaffee");
        let cat_id = cat["id"].as_i64().unwrap();

        let (s, p) = app.wc(&m,
        Method::POST,
        "/products",
        Some(json!({
            "name": "Hausmischung", "type": "simple", "regular_price": "12.90", "sale_price": "10.90", "sku": "HAUS-1",
            "description": "<p onclick=\"x()\">Kräftig</p><script>x()</script>", "manage_stock": true, "stock_quantity": 7,
            "categories": [{ "id": cat_id }], "images": [{ "id": img1 }, { "id": img2 }],
            "meta_data": [{ "key": "_yoast_wpseo_title", "value": "Hausmischung kaufen" }],
            // Read-only and unknown fields: ignored, never applied.
            "price": "0.01", "total_sales": 500, "date_created": "2001-01-01T00:00:00", "average_rating": "5.00", "permalink": "https://evil.example/", "bogus": true
        })),
    )
    .await;
        assert_eq!(s, 201, "{p}");
        let id = p["id"].as_i64().unwrap();
        // As WooCommerce: a create naming an id is refused.
        let (s, e) = app
            .wc(
                &m,
                Method::POST,
                "/products",
                Some(json!({ "id": 999, "name": "Kopie" })),
            )
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
        let (s, _) = app.wc(&m, Method::POST, "/products", Some(json!({ "name": "Entkoffeiniert", "status": "draft", "regular_price": "9.50", "sku": "ENT-1" }))).await;
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
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "name": "Hausmischung Nr. 1", "sale_price": "" })),
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
        let (s, e) = app.wc(&m,
        Method::PUT,
        &format!("/products/{id}"),
        Some(json!({ "name": "Neu", "regular_price": "zwölf", "stock_quantity": "viele", "featured": "vielleicht", "status": "verkauft", "categories": [{ "id": 424242 }] })),
    )
    .await;
        assert_eq!(s, 400);
        assert_wp_error(&e, "rest_invalid_param", 400);
        for field in ["regular_price", "stock_quantity", "featured", "status"] {
            assert!(e["data"]["params"].get(field).is_some(), "{field}: {e}");
        }
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "categories": [{ "id": 424242 }], "images": [{ "id": 777777 }] })),
            )
            .await;
        assert_eq!(s, 400, "{e}");
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "images": [{ "src": "https://evil.example/x.jpg" }] })),
            )
            .await;
        assert_eq!(s, 400, "{e}");
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "sku": "ENT-1" })),
            )
            .await;
        assert_eq!(s, 400, "duplicate SKU: {e}");
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "sale_price": "15.00" })),
            )
            .await;
        assert_eq!(s, 400, "sale above regular: {e}");
        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{id}"), None)
            .await;
        assert_eq!(p["name"], "Hausmischung Nr. 1");
        assert_eq!(p["sku"], "HAUS-1");
        assert_eq!(p["price"], "12.90");
        assert_eq!(p["categories"].as_array().unwrap().len(), 1);
        // An image by this shop's upload address works like an id.
        let (s, p2) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{id}"),
                Some(json!({ "images": [{ "src": p["images"][1]["src"] }] })),
            )
            .await;
        assert_eq!(s, 200, "{p2}");
        assert_eq!(p2["images"][0]["id"], img2);
        let (s, e) = app.wc(&m, Method::GET, "/products/424242", None).await;
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
        let (s, p) = app
            .wc(&m, Method::DELETE, &format!("/products/{id}"), None)
            .await;
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
        let (s, e) = app
            .wc(&m, Method::DELETE, &format!("/products/{id}"), None)
            .await;
        assert_eq!(s, 410, "{e}");
        let (s, p) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/{id}?force=true"),
                None,
            )
            .await;
        assert_eq!((s, p["id"].as_i64()), (200, Some(id)));
        assert_eq!(
            app.wc(&m, Method::GET, &format!("/products/{id}"), None)
                .await
                .0,
            404
        );
    }
);

both_databases!(
    variable_products_and_variations_with_batch,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("administrator").await;
        let (s, p) = app
            .wc(
                &m,
                Method::POST,
                "/products",
                Some(
                    json!({ "name": "Espresso", "type": "variable", "attributes": [
            { "name": "Größe", "options": ["250 g", "1 kg"], "variation": true, "visible": true },
            { "name": "Mahlgrad", "options": ["Bohne", "Fein"], "variation": true }
        ] }),
                ),
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
        create.push(json!({ "regular_price": "1.00", "attributes": [{ "name": "Farbe", "option": "Rot" }] }));
        let (s, b) = app
            .wc(
                &m,
                Method::POST,
                &format!("/products/{parent}/variations/batch"),
                Some(json!({ "create": create })),
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

        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{parent}"), None)
            .await;
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
            .wc(
                &m,
                Method::GET,
                &path("status=any&stock_status=instock"),
                None,
            )
            .await;
        assert_eq!((s, all.as_array().unwrap().len()), (200, 4));
        let (s, e) = app
            .wc(
                &m,
                Method::GET,
                &path("status=verkauft&stock_status=viel"),
                None,
            )
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
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{parent}/variations/{}", ids[0]),
                Some(json!({ "sale_price": "7.90" })),
            )
            .await;
        assert_eq!((s, v["price"].as_str()), (200, Some("7.90")));
        let (s, e) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/{parent}/variations/{}", ids[3]),
                None,
            )
            .await;
        assert_eq!(s, 501);
        assert_wp_error(&e, "woocommerce_rest_trash_not_supported", 501);
        let (s, b) = app.wc(&m,
        Method::POST,
        &format!("/products/{parent}/variations/batch"),
        Some(json!({ "update": [{ "id": ids[1], "regular_price": "9.50" }, { "id": 999999, "regular_price": "1.00" }], "delete": [ids[3]] })),
    )
    .await;
        assert_eq!(s, 200, "{b}");
        assert_eq!(b["update"][0]["regular_price"], "9.50");
        assert_eq!(
            b["update"][1]["error"]["code"],
            "woocommerce_rest_product_variation_invalid_id"
        );
        assert_eq!(b["delete"][0]["id"], ids[3]);
        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{parent}"), None)
            .await;
        assert_eq!(p["variations"].as_array().unwrap().len(), 3);
        // A variation is not reachable under another product or as a product.
        let (other, _, _) = app.variable().await;
        assert_eq!(
            app.wc(
                &m,
                Method::GET,
                &format!("/products/{other}/variations/{}", ids[0]),
                None
            )
            .await
            .0,
            404
        );
        assert_eq!(
            app.wc(&m, Method::GET, &format!("/products/{}", ids[0]), None)
                .await
                .0,
            404
        );
        // The type cannot change while variations exist.
        let (s, _) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/{parent}"),
                Some(json!({ "type": "simple" })),
            )
            .await;
        assert_eq!(s, 400);

        // Product batch: create, update, delete; more than 100 objects are refused whole.
        let (s, b) = app.wc(&m,
        Method::POST,
        "/products/batch",
        Some(json!({ "create": [{ "name": "Filter", "regular_price": "4.00" }, { "regular_price": "4.00" }], "update": [{ "id": parent, "featured": true }], "delete": [] })),
    )
    .await;
        assert_eq!(s, 200, "{b}");
        assert!(b["create"][0]["id"].as_i64().unwrap() > 0);
        assert_eq!(b["create"][1]["error"]["code"], "rest_invalid_param");
        assert_eq!(b["update"][0]["featured"], true);
        let too_many: Vec<Value> = (0..101)
            .map(|i| json!({ "name": format!("P{i}") }))
            .collect();
        let (s, e) = app
            .wc(
                &m,
                Method::POST,
                "/products/batch",
                Some(json!({ "create": too_many })),
            )
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
);

both_databases!(
    stock_changes_are_deltas_or_compare_and_swap,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("shop_manager").await;
        let id = app
            .simple("Kanne", "KANNE", 2500, TaxClass::Standard, Some(10))
            .await;
        let path = format!("/products/{id}");

        // A shopper buys 3 after the manager loaded the product (stock 10).
        let (_, loaded) = app.wc(&m, Method::GET, &path, None).await;
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
        let (s, p) = app.wc(&m, Method::PUT, &path, Some(stale)).await;
        assert_eq!(s, 200, "{p}");
        assert_eq!(
            (p["name"].as_str(), p["stock_quantity"].as_i64()),
            (Some("Teekanne"), Some(7))
        );

        // Compare-and-swap against the value the manager saw: refused, nothing changes.
        let (s, e) = app.wc(&m,
            Method::PUT,
            &path,
            Some(json!({ "stock_quantity": 20, "stock_quantity_expected": 10, "name": "Anders" })),
        )
        .await;
        assert_eq!(s, 409);
        assert_wp_error(&e, "laden_stock_conflict", 409);
        let (_, p) = app.wc(&m, Method::GET, &path, None).await;
        assert_eq!(
            (p["name"].as_str(), p["stock_quantity"].as_i64()),
            (Some("Teekanne"), Some(7))
        );
        let (s, p) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity": 20, "stock_quantity_expected": 7 })),
            )
            .await;
        assert_eq!((s, p["stock_quantity"].as_i64()), (200, Some(20)));

        // Deltas: goods received, goods lost; never below zero.
        let (_, p) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity_delta": 5 })),
            )
            .await;
        assert_eq!(p["stock_quantity"], 25);
        let (_, p) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity_delta": -25 })),
            )
            .await;
        assert_eq!(
            (p["stock_quantity"].as_i64(), p["stock_status"].as_str()),
            (Some(0), Some("outofstock"))
        );
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity_delta": -1 })),
            )
            .await;
        assert_eq!(s, 400, "{e}");
        let (s, _) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity": -3 })),
            )
            .await;
        assert_eq!(s, 400);
        let (s, _) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "stock_quantity": 3, "stock_quantity_delta": 1 })),
            )
            .await;
        assert_eq!(s, 400);
        assert_eq!(app.stock(id).await, Some(0));
        // Concurrent deltas all count.
        let (_, _) = app
            .wc(&m, Method::PUT, &path, Some(json!({ "stock_quantity": 0 })))
            .await;
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
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "manage_stock": false })),
            )
            .await;
        assert_eq!(
            (p["manage_stock"].as_bool(), p["stock_quantity"].is_null()),
            (Some(false), true)
        );
    }
);

both_databases!(
    order_status_changes_restore_stock_and_write_notes,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("shop_manager").await;
        let id = app
            .simple("Mühle", "MUEHLE", 4900, TaxClass::Standard, Some(2))
            .await;
        let token = app.new_cart().await;
        app.add_item(&token, id, 2).await;
        let placed = app.checkout(&token, "cod").await;
        let order = placed["order_id"].as_i64().unwrap();
        assert_eq!(app.stock(id).await, Some(0));
        let path = format!("/orders/{order}");

        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "status": "verschickt" })),
            )
            .await;
        assert_eq!(s, 400);
        assert_wp_error(&e, "rest_invalid_param", 400);
        // Read-only order fields are ignored.
        let (_, before) = app.wc(&m, Method::GET, &path, None).await;
        let (s, o) = app.wc(&m, Method::PUT, &path, Some(json!({ "status": "cancelled", "total": "0.01", "line_items": [], "order_key": "x" }))).await;
        assert_eq!(s, 200, "{o}");
        assert_eq!(o["status"], "cancelled");
        assert_eq!(o["status_label"], "Storniert");
        assert_eq!(o["total"], before["total"]);
        assert_eq!(o["total"], "98.00");
        assert_eq!(o["line_items"].as_array().unwrap().len(), 1);
        assert_eq!(
            app.stock(id).await,
            Some(2),
            "cancelling puts the items back"
        );
        // Addresses and the customer note can be corrected; the rest of the address stays.
        let (s, o) = app.wc(&m, Method::PUT, &path, Some(json!({ "billing": { "city": "Dresden", "first_name": "Anna", "last_name": "Muster", "email": "anna@example.de" }, "customer_note": "Bitte klingeln" }))).await;
        assert_eq!(
            (
                s,
                o["billing"]["city"].as_str(),
                o["customer_note"].as_str()
            ),
            (200, Some("Dresden"), Some("Bitte klingeln"))
        );
        assert_eq!(o["shipping"]["city"], "Leipzig");
        // Again: no second restock.
        app.wc(
            &m,
            Method::PUT,
            &path,
            Some(json!({ "status": "refunded" })),
        )
        .await;
        assert_eq!(app.stock(id).await, Some(2));

        // Someone else buys the two; reopening the order is refused and changes nothing.
        let other = app.new_cart().await;
        app.add_item(&other, id, 2).await;
        assert!(app
            .post(
                "/checkout",
                Some(&other),
                json!({ "billing_address": billing(), "payment_method": "cod" })
            )
            .await
            .status()
            .is_success());
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "status": "processing" })),
            )
            .await;
        assert_eq!(s, 409, "{e}");
        assert_wp_error(&e, "woocommerce_rest_product_out_of_stock", 409);
        let (_, o) = app.wc(&m, Method::GET, &path, None).await;
        assert_eq!(o["status"], "refunded");
        assert_eq!(app.stock(id).await, Some(0));
        // With stock back, reopening takes it again.
        app.wc(
            &m,
            Method::PUT,
            &format!("/products/{id}"),
            Some(json!({ "stock_quantity_delta": 3 })),
        )
        .await;
        let (s, o) = app
            .wc(
                &m,
                Method::PUT,
                &path,
                Some(json!({ "status": "processing" })),
            )
            .await;
        assert_eq!((s, o["status"].as_str()), (200, Some("processing")));
        assert_eq!(app.stock(id).await, Some(1));

        // Notes: the shop's own, and the manager's.
        let (s, n) = app
            .wc(
                &m,
                Method::POST,
                &format!("{path}/notes"),
                Some(json!({ "note": "Paket <b>heute</b> abgeholt", "customer_note": true })),
            )
            .await;
        assert_eq!(s, 201, "{n}");
        assert_eq!(n["customer_note"], true);
        let (s, e) = app
            .wc(
                &m,
                Method::POST,
                &format!("{path}/notes"),
                Some(json!({ "note": "  " })),
            )
            .await;
        assert_eq!(s, 400, "{e}");
        let (_, notes) = app
            .wc(&m, Method::GET, &format!("{path}/notes"), None)
            .await;
        let texts: Vec<&str> = notes
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["note"].as_str().unwrap())
            .collect();
        assert_eq!(texts[0], "Paket <b>heute</b> abgeholt");
        assert!(
            texts
                .iter()
                .any(|t| t.contains("„In Bearbeitung“ auf „Storniert“")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Bestand wiederhergestellt: Mühle (0→2)")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Bestand reduziert: Mühle (3→1)")),
            "{texts:?}"
        );
        let note_id = n["id"].as_i64().unwrap();
        assert_eq!(
            app.wc(&m, Method::DELETE, &format!("{path}/notes/{note_id}"), None)
                .await
                .0,
            501
        );
        assert_eq!(
            app.wc(
                &m,
                Method::DELETE,
                &format!("{path}/notes/{note_id}?force=true"),
                None
            )
            .await
            .0,
            200
        );
        assert_eq!(
            app.wc(&m, Method::GET, &format!("{path}/notes/{note_id}"), None)
                .await
                .0,
            404
        );
        let (s, e) = app.wc(&m, Method::GET, "/orders/99999", None).await;
        assert_eq!(s, 404);
        assert_wp_error(&e, "woocommerce_rest_shop_order_invalid_id", 404);

        // The sales report counts paid orders per day.
        let (s, r) = app
            .wc(&m, Method::GET, "/reports/sales?period=week", None)
            .await;
        assert_eq!(s, 200, "{r}");
        assert_eq!(r[0]["totals_grouped_by"], "day");
        assert_eq!(r[0]["total_orders"], 2);
        assert_eq!(r[0]["total_items"], 4);
        assert_eq!(r[0]["totals"].as_object().unwrap().len(), 7);
        assert_eq!(r[0]["total_sales"], "196.00");
        let (s, _) = app
            .wc(&m, Method::GET, "/reports/sales?period=decade", None)
            .await;
        assert_eq!(s, 400);
        let (s, r) = app
            .wc(
                &m,
                Method::GET,
                "/reports/sales?date_min=2020-01-01&date_max=2020-01-31",
                None,
            )
            .await;
        assert_eq!((s, r[0]["total_orders"].as_i64()), (200, Some(0)));
    }
);

both_databases!(
    categories_reviews_customers_and_status,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("shop_manager").await;
        let (_, a) = app
            .wc(
                &m,
                Method::POST,
                "/products/categories",
                Some(json!({ "name": "Tee" })),
            )
            .await;
        let (s, b) = app
            .wc(
                &m,
                Method::POST,
                "/products/categories",
                Some(json!({ "name": "Grüntee", "parent": a["id"] })),
            )
            .await;
        assert_eq!(s, 201);
        let (s, c) = app
            .wc(
                &m,
                Method::POST,
                "/products/categories",
                Some(json!({ "name": "Sencha", "parent": b["id"], "menu_order": 3 })),
            )
            .await;
        assert_eq!((s, c["menu_order"].as_i64()), (201, Some(3)));
        let (a, b, c) = (
            a["id"].as_i64().unwrap(),
            b["id"].as_i64().unwrap(),
            c["id"].as_i64().unwrap(),
        );
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/categories/{a}"),
                Some(json!({ "parent": c })),
            )
            .await;
        assert_eq!(s, 400, "a cycle is refused: {e}");
        let (s, e) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/categories/{c}"),
                Some(json!({ "slug": "gruentee" })),
            )
            .await;
        assert_eq!(s, 400);
        assert_wp_error(&e, "term_exists", 400);
        let (s, e) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/categories/{b}"),
                None,
            )
            .await;
        assert_eq!(s, 501, "{e}");
        let (s, _) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/categories/{b}?force=true"),
                None,
            )
            .await;
        assert_eq!(s, 200);
        let (_, moved) = app
            .wc(&m, Method::GET, &format!("/products/categories/{c}"), None)
            .await;
        assert_eq!(
            moved["parent"], a,
            "children move up to the deleted category's parent"
        );
        let (s, bt) = app.wc(&m,
            Method::POST,
            "/products/categories/batch",
            Some(json!({ "update": [{ "id": c, "menu_order": 1 }, { "id": a, "menu_order": 2 }] })),
        )
        .await;
        assert_eq!((s, bt["update"][0]["menu_order"].as_i64()), (200, Some(1)));
        let res = app
            .fetch_as(&m, &format!("/wc/v3/products/categories?parent={a}"))
            .await;
        assert_eq!(res.headers()["x-wp-total"], "1");

        // Reviews: moderation decides what the shop shows, and the rating follows.
        let pid = app
            .simple("Tasse", "TASSE", 1200, TaxClass::Standard, None)
            .await;
        let (s, r1) = app.wc(&m, Method::POST, "/products/reviews", Some(json!({ "product_id": pid, "review": "Schön <script>x</script>", "reviewer": "Jana", "reviewer_email": "jana@example.de", "rating": 5, "status": "hold" }))).await;
        assert_eq!(s, 201, "{r1}");
        assert!(
            r1["review"].as_str().unwrap().starts_with("Schön")
                && !r1["review"].as_str().unwrap().contains("<script"),
            "{r1}"
        );
        let (_, r2) = app.wc(&m,
            Method::POST,
            "/products/reviews",
            Some(
                json!({ "product_id": pid, "review": "Geht so", "reviewer": "Olaf", "rating": 2 }),
            ),
        )
        .await;
        assert_eq!(r2["status"], "approved");
        let shop = || async {
            body(
                app.get(&format!(
                    "/wp-json/wc/store/v1/products/reviews?product_id={pid}"
                ))
                .await,
            )
            .await
        };
        assert_eq!(shop().await.as_array().unwrap().len(), 1);
        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{pid}"), None)
            .await;
        assert_eq!(
            (p["average_rating"].as_str(), p["rating_count"].as_i64()),
            (Some("2.00"), Some(1))
        );
        let (s, r1b) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/reviews/{}", r1["id"]),
                Some(json!({ "status": "approved" })),
            )
            .await;
        assert_eq!((s, r1b["status"].as_str()), (200, Some("approved")));
        assert_eq!(shop().await.as_array().unwrap().len(), 2);
        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{pid}"), None)
            .await;
        assert_eq!(p["average_rating"], "3.50");
        app.wc(
            &m,
            Method::PUT,
            &format!("/products/reviews/{}", r2["id"]),
            Some(json!({ "status": "spam" })),
        )
        .await;
        let (_, held) = app
            .wc(&m, Method::GET, "/products/reviews?status=spam", None)
            .await;
        assert_eq!(held.as_array().unwrap().len(), 1);
        // "unspam" returns a review to moderation, not to the shop.
        let (_, r2b) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/reviews/{}", r2["id"]),
                Some(json!({ "status": "unspam" })),
            )
            .await;
        assert_eq!(r2b["status"], "hold");
        app.wc(
            &m,
            Method::PUT,
            &format!("/products/reviews/{}", r2["id"]),
            Some(json!({ "status": "spam" })),
        )
        .await;
        let (_, p) = app
            .wc(&m, Method::GET, &format!("/products/{pid}"), None)
            .await;
        assert_eq!(p["average_rating"], "5.00");
        let (s, _) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/products/reviews/{}", r2["id"]),
                Some(json!({ "rating": 9 })),
            )
            .await;
        assert_eq!(s, 400);
        let (s, t) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/reviews/{}", r1["id"]),
                None,
            )
            .await;
        assert_eq!((s, t["status"].as_str()), (200, Some("trash")));
        let (s, d) = app
            .wc(
                &m,
                Method::DELETE,
                &format!("/products/reviews/{}?force=true", r1["id"]),
                None,
            )
            .await;
        assert_eq!((s, d["deleted"].as_bool()), (200, Some(true)));
        assert_eq!(shop().await.as_array().unwrap().len(), 0);

        // Customers come from orders, and can be added and edited.
        let token = app.new_cart().await;
        app.add_item(&token, pid, 1).await;
        app.post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "cod" }),
        )
        .await;
        let (_, list) = app
            .wc(&m, Method::GET, "/customers?search=anna", None)
            .await;
        assert_eq!(list[0]["email"], "anna@example.de");
        assert_eq!(list[0]["orders_count"], 1);
        assert_eq!(list[0]["total_spent"], "16.90");
        let (s, c) = app.wc(&m, Method::POST, "/customers", Some(json!({ "email": "Bernd@Example.de", "first_name": "Bernd", "role": "administrator" }))).await;
        assert_eq!(
            (s, c["email"].as_str(), c["role"].as_str()),
            (201, Some("bernd@example.de"), Some("customer"))
        );
        let (s, e) = app
            .wc(
                &m,
                Method::POST,
                "/customers",
                Some(json!({ "email": "anna@example.de" })),
            )
            .await;
        assert_eq!(s, 400);
        assert_wp_error(&e, "registration-error-email-exists", 400);
        let (s, _) = app
            .wc(
                &m,
                Method::POST,
                "/customers",
                Some(json!({ "email": "kein-at-zeichen" })),
            )
            .await;
        assert_eq!(s, 400);
        let (s, c2) = app
            .wc(
                &m,
                Method::PUT,
                &format!("/customers/{}", c["id"]),
                Some(json!({ "billing": { "city": "Dresden" }, "orders_count": 99 })),
            )
            .await;
        assert_eq!(
            (
                s,
                c2["billing"]["city"].as_str(),
                c2["orders_count"].as_i64()
            ),
            (200, Some("Dresden"), Some(0))
        );
        // Addresses are checked where filled in (staff may keep them incomplete); a refused change changes nothing.
        let (s, e) = app.wc(&m, Method::PUT, &format!("/customers/{}", c["id"]), Some(json!({ "first_name": "Bernhard", "billing": { "city": "Dresden", "postcode": "123", "country": "DE", "phone": "12" }, "shipping": { "country": "US" } }))).await;
        assert_eq!(s, 400, "{e}");
        for key in ["billing.postcode", "billing.phone", "shipping.country"] {
            assert!(e["data"]["params"][key].is_string(), "{key}: {e}");
        }
        let (_, again) = app
            .wc(&m, Method::GET, &format!("/customers/{}", c["id"]), None)
            .await;
        assert_eq!(
            (
                again["first_name"].as_str(),
                again["billing"]["postcode"].as_str()
            ),
            (Some("Bernd"), Some(""))
        );
        // A customer's orders: `customer` filters the order list, and each order names its customer.
        let anna = list[0]["id"].as_i64().unwrap();
        let (_, orders) = app
            .wc(&m, Method::GET, &format!("/orders?customer={anna}"), None)
            .await;
        assert_eq!(
            (
                orders.as_array().unwrap().len(),
                orders[0]["customer_id"].as_i64()
            ),
            (1, Some(anna))
        );
        let (_, none) = app
            .wc(
                &m,
                Method::GET,
                &format!("/orders?customer={}", c["id"]),
                None,
            )
            .await;
        assert_eq!(none.as_array().unwrap().len(), 0);
        let (s, e) = app.wc(&m, Method::GET, "/orders?customer=abc", None).await;
        assert_eq!(s, 400, "{e}");
        assert_wp_error(&e, "rest_invalid_param", 400);

        let (s, st) = app.wc(&m, Method::GET, "/system_status", None).await;
        assert_eq!(s, 200);
        assert_eq!(st["settings"]["currency"], "EUR");
        assert_eq!(st["environment"]["site_url"], "https://shop.example.de");
    }
);

both_databases!(every_route_checks_the_role, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let editor = app.staff("editor").await;
    let customer = app.staff("customer").await;
    let routes: &[(Method, &str, &str)] = &[
        (Method::GET, "/products", "woocommerce_rest_cannot_view"),
        (Method::POST, "/products", "woocommerce_rest_cannot_create"),
        (Method::GET, "/products/1", "woocommerce_rest_cannot_view"),
        (Method::PUT, "/products/1", "woocommerce_rest_cannot_edit"),
        (
            Method::DELETE,
            "/products/1",
            "woocommerce_rest_cannot_delete",
        ),
        (
            Method::POST,
            "/products/batch",
            "woocommerce_rest_cannot_batch",
        ),
        (
            Method::GET,
            "/products/1/variations",
            "woocommerce_rest_cannot_view",
        ),
        (
            Method::POST,
            "/products/1/variations",
            "woocommerce_rest_cannot_create",
        ),
        (
            Method::PUT,
            "/products/1/variations/2",
            "woocommerce_rest_cannot_edit",
        ),
        (
            Method::DELETE,
            "/products/1/variations/2",
            "woocommerce_rest_cannot_delete",
        ),
        (
            Method::POST,
            "/products/1/variations/batch",
            "woocommerce_rest_cannot_batch",
        ),
        (
            Method::GET,
            "/products/categories",
            "woocommerce_rest_cannot_view",
        ),
        (
            Method::POST,
            "/products/categories",
            "woocommerce_rest_cannot_create",
        ),
        (
            Method::PUT,
            "/products/categories/1",
            "woocommerce_rest_cannot_edit",
        ),
        (
            Method::DELETE,
            "/products/categories/1",
            "woocommerce_rest_cannot_delete",
        ),
        (
            Method::POST,
            "/products/categories/batch",
            "woocommerce_rest_cannot_batch",
        ),
        (
            Method::GET,
            "/products/reviews",
            "woocommerce_rest_cannot_view",
        ),
        (
            Method::PUT,
            "/products/reviews/1",
            "woocommerce_rest_cannot_edit",
        ),
        (Method::GET, "/orders", "woocommerce_rest_cannot_view"),
        (Method::GET, "/orders/1", "woocommerce_rest_cannot_view"),
        (Method::PUT, "/orders/1", "woocommerce_rest_cannot_edit"),
        (
            Method::GET,
            "/orders/1/notes",
            "woocommerce_rest_cannot_view",
        ),
        (
            Method::POST,
            "/orders/1/notes",
            "woocommerce_rest_cannot_create",
        ),
        (Method::GET, "/customers", "woocommerce_rest_cannot_view"),
        (Method::POST, "/customers", "woocommerce_rest_cannot_create"),
        (
            Method::GET,
            "/reports/sales",
            "woocommerce_rest_cannot_view",
        ),
        (
            Method::GET,
            "/system_status",
            "woocommerce_rest_cannot_view",
        ),
    ];
    for (method, path, code) in routes {
        for (who, status) in [(Some(&editor), 403), (Some(&customer), 403), (None, 401)] {
            let res = app
                .rest(method.clone(), &format!("/wc/v3{path}"), who)
                .json(&json!({ "name": "x" }))
                .go()
                .await;
            assert_eq!(res.status().as_u16(), status, "{method} {path}");
            assert_wp_error(&body(res).await, code, u64::from(status));
        }
    }
    // Every route is announced in the index.
    let index = body(app.get("/wp-json/").await).await;
    for route in [
        "/wc/v3/products/(?P<product_id>[\\d]+)/variations/batch",
        "/wc/v3/reports/sales",
        "/wc/v3/orders/(?P<order_id>[\\d]+)/notes",
    ] {
        assert!(index["routes"].get(route).is_some(), "{route}");
    }

    // A tool with an application password (HTTP Basic) writes like the manager it belongs to.
    use base64::Engine;
    let manager = app.staff("shop_manager").await;
    let created = app
        .post_as(
            &manager,
            "/wp/v2/users/me/application-passwords",
            json!({ "name": "ERP" }),
        )
        .await;
    let password = created["password"].as_str().unwrap();
    let auth = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{}:{password}", manager.login))
    );
    let res = app
        .client
        .post(app.url("/wp-json/wc/v3/products"))
        .header("authorization", &auth)
        .json(&json!({ "name": "Aus dem ERP", "regular_price": "3.00" }))
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let bad = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD
            .encode(format!("{}:falsch falsch falsch", manager.login))
    );
    let res = app
        .client
        .get(app.url("/wp-json/wc/v3/products"))
        .header("authorization", bad)
        .go()
        .await;
    assert_eq!(res.status(), 401);
    // Cookie without nonce: a visitor.
    let res = app
        .client
        .get(app.url("/wp-json/wc/v3/products"))
        .header("cookie", &manager.cookie)
        .go()
        .await;
    assert_eq!(res.status(), 401);
});

both_databases!(
    admin_screens_import_export_and_dashboard,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        // The admin frame: visitors log in first, editors are refused, managers get it with a nonce.
        let no_redirects = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let res = no_redirects.get(app.url("/wp-admin/produkte/")).go().await;
        assert_eq!(res.status(), 302);
        assert_eq!(
            res.headers()["location"],
            "/wp-login.php?redirect_to=%2Fwp-admin%2Fprodukte%2F"
        );
        let editor = app.staff("editor").await;
        let res = app
            .client
            .get(app.url("/wp-admin/"))
            .header("cookie", &editor.cookie)
            .go()
            .await;
        assert_eq!(res.status(), 403);
        assert!(res.text().await.unwrap().contains("nicht berechtigt"));
        let m = app.staff("shop_manager").await;
        let res = app
            .client
            .get(app.url("/wp-admin/bestellungen/"))
            .header("cookie", &m.cookie)
            .go()
            .await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["cache-control"], "private, no-store");
        let html = res.text().await.unwrap();
        assert!(html.contains("\"route\":\"admin\""));
        assert!(html.contains("\"nonce\":\""));
        assert!(html.contains("noindex"));
        // admin-ajax.php is still its own route.
        let res = app
            .client
            .get(app.url("/wp-admin/admin-ajax.php?action=rest-nonce"))
            .header("cookie", &m.cookie)
            .go()
            .await;
        assert_eq!(res.status(), 200);

        // CSV import as a job with progress; a bad row is reported, the others are written.
        let csv = "Type,SKU,Name,Regular price,Stock,Categories\nsimple,IMP-1,Import Eins,4.50,1,Import > Neu\nsimple,IMP-2,Import Zwei,kaputt,3,Import\nsimple,IMP-3,Import Drei,6.00,,Import\n";
        let start = |bytes: Vec<u8>, who: &Login| {
            app.rest(Method::POST, "/laden/v1/product-import", Some(who))
                .header("content-type", "text/csv")
                .body(bytes)
                .send()
        };
        let res = start(csv.as_bytes().to_vec(), &editor).await.unwrap();
        assert_eq!(res.status(), 403);
        let res = start(vec![0xff, 0xfe, 0x00], &m).await.unwrap();
        assert_eq!(res.status(), 400);
        let res = start(csv.as_bytes().to_vec(), &m).await.unwrap();
        assert_eq!(res.status(), 202);
        let id = body(res).await["id"].as_str().unwrap().to_owned();
        let mut job = Value::Null;
        for _ in 0..100 {
            job = app
                .get_as(&m, &format!("/laden/v1/product-import/{id}"))
                .await;
            if job["status"] != "running" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(job["status"], "done", "{job}");
        assert_eq!(
            (job["done"].as_i64(), job["total"].as_i64()),
            (Some(3), Some(3))
        );
        assert_eq!(job["report"]["created"], 2);
        assert_eq!(job["report"]["errors"][0]["line"], 3);
        assert!(app
            .store
            .product_id_by_sku("IMP-1")
            .await
            .unwrap()
            .is_some());
        assert!(app
            .store
            .product_id_by_sku("IMP-2")
            .await
            .unwrap()
            .is_none());
        let res = app
            .fetch_as(&m, "/laden/v1/product-import/gibt-es-nicht")
            .await;
        assert_eq!(res.status(), 404);

        // Export in WooCommerce's format, and the round trip: importing it changes nothing but updates.
        let res = app.fetch_as(&m, "/laden/v1/product-export").await;
        assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
        let exported = res.bytes().await.unwrap().to_vec();
        let text = String::from_utf8(exported.clone()).unwrap();
        assert!(
            text.starts_with("\u{feff}ID,Type,SKU,Name,Published"),
            "{text}"
        );
        assert!(
            text.contains("IMP-1,Import Eins,1,0,visible,,,,1,1,,,4.50,Import > Neu"),
            "{text}"
        );
        let res = start(exported, &m).await.unwrap();
        let id = body(res).await["id"].as_str().unwrap().to_owned();
        for _ in 0..100 {
            job = app
                .get_as(&m, &format!("/laden/v1/product-import/{id}"))
                .await;
            if job["status"] != "running" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(
            (
                job["report"]["created"].as_i64(),
                job["report"]["updated"].as_i64()
            ),
            (Some(0), Some(2)),
            "{job}"
        );

        // Dashboard: today's paid orders and revenue, and low stock.
        let pid = app.store.product_id_by_sku("IMP-1").await.unwrap().unwrap();
        let dash = app.get_as(&m, "/laden/v1/dashboard").await;
        assert_eq!(dash["today"]["orders"], 0);
        assert!(
            dash["low_stock"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["id"] == pid),
            "{dash}"
        );
        let token = app.new_cart().await;
        app.post("/cart/add-item", Some(&token), json!({ "id": app.store.product_id_by_sku("IMP-3").await.unwrap().unwrap(), "quantity": 2 })).await;
        app.post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "cod" }),
        )
        .await;
        let dash = app.get_as(&m, "/laden/v1/dashboard").await;
        assert_eq!(dash["today"]["orders"], 1);
        assert_eq!(dash["today"]["items"], 2);
    }
);

both_databases!(
    menus_are_edited_as_a_checked_tree,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        app.store
            .upsert_page(
                "kontakt",
                "Kontakt",
                "",
                &json!({ "version": 1, "sections": [] }),
            )
            .await
            .unwrap();
        app.simple("Tasse", "TASSE", 1200, TaxClass::Standard, None)
            .await;
        let admin = app.staff("administrator").await;
        let manager = app.staff("shop_manager").await;
        let res = app.fetch_as(&manager, "/laden/v1/menus").await;
        assert_eq!(
            res.status(),
            403,
            "menus are theme options: administrators only"
        );
        let menus = app.get_as(&admin, "/laden/v1/menus").await;
        assert_eq!(
            menus
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["location"].as_str().unwrap())
                .collect::<Vec<_>>(),
            vec!["primary", "footer"]
        );

        let tree = json!({ "items": [
        { "title": "Shop", "kind": "custom", "target": "/shop/", "children": [
            { "title": "Kaffee", "kind": "category", "target": "kaffee", "children": [{ "title": "Tasse", "kind": "product", "target": "tasse" }] },
        ] },
        { "title": "Kontakt", "kind": "page", "target": "kontakt" },
        { "title": "Öffnungszeiten", "kind": "anchor", "target": "/kontakt/#zeiten" },
    ] });
        let res = app
            .send_as(&admin, Method::PUT, "/laden/v1/menus/primary", &tree)
            .await;
        assert_eq!(res.status(), 200);
        let saved = body(res).await;
        assert_eq!(
            saved["items"][0]["children"][0]["children"][0]["title"],
            "Tasse"
        );
        assert_eq!(saved["items"][2]["target"], "/kontakt/#zeiten");
        // The shop's pages carry the new menu at once.
        let html = app.html("/kontakt/", None).await;
        assert!(
            html.contains("\"href\":\"/kontakt/#zeiten\""),
            "the page data carries the new menu"
        );
        let menu = app.store.menu("primary").await.unwrap().unwrap();
        assert_eq!(menu.items.len(), 3);

        // Bad trees are refused whole, each problem named by its path.
        let bad = json!({ "items": [
        { "title": "", "kind": "page", "target": "gibt-es-nicht" },
        { "title": "X", "kind": "custom", "target": "javascript:alert(1)" },
        { "title": "Y", "kind": "zauber", "target": "/" },
        { "title": "Z", "kind": "anchor", "target": "kein-anker" },
        { "title": "Tief", "kind": "custom", "target": "/", "children": [{ "title": "2", "kind": "custom", "target": "/", "children": [{ "title": "3", "kind": "custom", "target": "/", "children": [{ "title": "4", "kind": "custom", "target": "/" }] }] }] },
    ] });
        let v = app
            .put_as(&admin, "/laden/v1/menus/primary", bad.clone())
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        for path in [
            "items.0.title",
            "items.0.target",
            "items.1.target",
            "items.2.kind",
            "items.3.target",
            "items.4.children.0.children.0.children",
        ] {
            assert!(v["data"]["params"].get(path).is_some(), "{path}: {v}");
        }
        assert_eq!(
            app.store
                .menu("primary")
                .await
                .unwrap()
                .unwrap()
                .items
                .len(),
            3,
            "nothing changed"
        );
        let res = app
            .send_as(&admin, Method::PUT, "/laden/v1/menus/seitenleiste", &tree)
            .await;
        assert_eq!(res.status(), 404);
    }
);

both_databases!(variations_carry_attached_media, |db: Backend| async move {
    let app = TestApp::start(db).await;
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
        .wc(
            &m,
            Method::PUT,
            &path,
            Some(media(
                "https://www.youtube-nocookie.com/embed/abc",
                "iframe",
                json!(poster.to_string()),
                json!("yes"),
            )),
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
    let (_, product) = app
        .wc(&m, Method::GET, &format!("/products/{parent}"), None)
        .await;
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
        .wc(
            &m,
            Method::PUT,
            &path,
            Some(media(
                "<video controls src=\"/uploads/film.mp4\" onplay=\"alert(1)\"></video>",
                "",
                json!(null),
                json!(true),
            )),
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
        let (s, e) = app.wc(&m, Method::PUT, &path, Some(bad.clone())).await;
        assert_eq!(s, 400, "{bad}: {e}");
        assert!(e["data"]["params"][key].is_string(), "{key}: {e}");
    }
    let (_, v) = app.wc(&m, Method::GET, &path, None).await;
    assert!(
        meta(&v, "laden_attached_media")
            .as_str()
            .unwrap()
            .contains("/uploads/film.mp4"),
        "{v}"
    );
    // Switched off: the meta says so.
    let (_, v) = app
        .wc(
            &m,
            Method::PUT,
            &path,
            Some(
                json!({ "meta_data": [{ "key": "laden_attached_media_enabled", "value": "no" }] }),
            ),
        )
        .await;
    assert_eq!(meta(&v, "laden_attached_media_enabled"), "no");
});
