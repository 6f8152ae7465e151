//! WooCommerce's categories, reviews and customers (`wc/v3`) over HTTP, on SQLite and PostgreSQL,
//! and the status report.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn categories_reviews_customers_and_status(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (_, a) = app
        .wc_post(&m, "/products/categories", json!({ "name": "Tee" }))
        .await;
    let (s, b) = app
        .wc_post(
            &m,
            "/products/categories",
            json!({ "name": "Grüntee", "parent": a["id"] }),
        )
        .await;
    assert_eq!(s, 201);
    let (s, c) = app
        .wc_post(
            &m,
            "/products/categories",
            json!({ "name": "Sencha", "parent": b["id"], "menu_order": 3 }),
        )
        .await;
    assert_eq!((s, c["menu_order"].as_i64()), (201, Some(3)));
    let (a, b, c) = (
        a["id"].as_i64().unwrap(),
        b["id"].as_i64().unwrap(),
        c["id"].as_i64().unwrap(),
    );
    let (s, e) = app
        .wc_put(
            &m,
            &format!("/products/categories/{a}"),
            json!({ "parent": c }),
        )
        .await;
    assert_eq!(s, 400, "a cycle is refused: {e}");
    let (s, e) = app
        .wc_put(
            &m,
            &format!("/products/categories/{c}"),
            json!({ "slug": "gruentee" }),
        )
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "term_exists", 400);
    let (s, e) = app
        .wc_delete(&m, &format!("/products/categories/{b}"))
        .await;
    assert_eq!(s, 501, "{e}");
    let (s, _) = app
        .wc_delete(&m, &format!("/products/categories/{b}?force=true"))
        .await;
    assert_eq!(s, 200);
    let (_, moved) = app.wc_get(&m, &format!("/products/categories/{c}")).await;
    assert_eq!(
        moved["parent"], a,
        "children move up to the deleted category's parent"
    );
    let (s, bt) = app
        .wc_post(
            &m,
            "/products/categories/batch",
            json!({ "update": [{ "id": c, "menu_order": 1 }, { "id": a, "menu_order": 2 }] }),
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
    let (s, r1) = app.wc_post(&m, "/products/reviews", json!({ "product_id": pid, "review": "Schön <script>x</script>", "reviewer": "Jana", "reviewer_email": "jana@example.de", "rating": 5, "status": "hold" })).await;
    assert_eq!(s, 201, "{r1}");
    assert!(
        r1["review"].as_str().unwrap().starts_with("Schön")
            && !r1["review"].as_str().unwrap().contains("<script"),
        "{r1}"
    );
    let (_, r2) = app
        .wc_post(
            &m,
            "/products/reviews",
            json!({ "product_id": pid, "review": "Geht so", "reviewer": "Olaf", "rating": 2 }),
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
    let (_, p) = app.wc_get(&m, &format!("/products/{pid}")).await;
    assert_eq!(
        (p["average_rating"].as_str(), p["rating_count"].as_i64()),
        (Some("2.00"), Some(1))
    );
    let (s, r1b) = app
        .wc_put(
            &m,
            &format!("/products/reviews/{}", r1["id"]),
            json!({ "status": "approved" }),
        )
        .await;
    assert_eq!((s, r1b["status"].as_str()), (200, Some("approved")));
    assert_eq!(shop().await.as_array().unwrap().len(), 2);
    let (_, p) = app.wc_get(&m, &format!("/products/{pid}")).await;
    assert_eq!(p["average_rating"], "3.50");
    app.wc_put(
        &m,
        &format!("/products/reviews/{}", r2["id"]),
        json!({ "status": "spam" }),
    )
    .await;
    let (_, held) = app.wc_get(&m, "/products/reviews?status=spam").await;
    assert_eq!(held.as_array().unwrap().len(), 1);
    // "unspam" returns a review to moderation, not to the shop.
    let (_, r2b) = app
        .wc_put(
            &m,
            &format!("/products/reviews/{}", r2["id"]),
            json!({ "status": "unspam" }),
        )
        .await;
    assert_eq!(r2b["status"], "hold");
    app.wc_put(
        &m,
        &format!("/products/reviews/{}", r2["id"]),
        json!({ "status": "spam" }),
    )
    .await;
    let (_, p) = app.wc_get(&m, &format!("/products/{pid}")).await;
    assert_eq!(p["average_rating"], "5.00");
    let (s, _) = app
        .wc_put(
            &m,
            &format!("/products/reviews/{}", r2["id"]),
            json!({ "rating": 9 }),
        )
        .await;
    assert_eq!(s, 400);
    let (s, t) = app
        .wc_delete(&m, &format!("/products/reviews/{}", r1["id"]))
        .await;
    assert_eq!((s, t["status"].as_str()), (200, Some("trash")));
    let (s, d) = app
        .wc_delete(&m, &format!("/products/reviews/{}?force=true", r1["id"]))
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
    let (_, list) = app.wc_get(&m, "/customers?search=anna").await;
    assert_eq!(list[0]["email"], "anna@example.de");
    assert_eq!(list[0]["orders_count"], 1);
    assert_eq!(list[0]["total_spent"], "16.90");
    let (s, c) = app
        .wc_post(
            &m,
            "/customers",
            json!({ "email": "Bernd@Example.de", "first_name": "Bernd", "role": "administrator" }),
        )
        .await;
    assert_eq!(
        (s, c["email"].as_str(), c["role"].as_str()),
        (201, Some("bernd@example.de"), Some("customer"))
    );
    let (s, e) = app
        .wc_post(&m, "/customers", json!({ "email": "anna@example.de" }))
        .await;
    assert_eq!(s, 400);
    assert_wp_error(&e, "registration-error-email-exists", 400);
    let (s, _) = app
        .wc_post(&m, "/customers", json!({ "email": "kein-at-zeichen" }))
        .await;
    assert_eq!(s, 400);
    let (s, c2) = app
        .wc_put(
            &m,
            &format!("/customers/{}", c["id"]),
            json!({ "billing": { "city": "Dresden" }, "orders_count": 99 }),
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
    let (s, e) = app.wc_put(&m, &format!("/customers/{}", c["id"]), json!({ "first_name": "Bernhard", "billing": { "city": "Dresden", "postcode": "123", "country": "DE", "phone": "12" }, "shipping": { "country": "US" } })).await;
    assert_eq!(s, 400, "{e}");
    for key in ["billing.postcode", "billing.phone", "shipping.country"] {
        assert!(e["data"]["params"][key].is_string(), "{key}: {e}");
    }
    let (_, again) = app.wc_get(&m, &format!("/customers/{}", c["id"])).await;
    assert_eq!(
        (
            again["first_name"].as_str(),
            again["billing"]["postcode"].as_str()
        ),
        (Some("Bernd"), Some(""))
    );
    // A customer's orders: `customer` filters the order list, and each order names its customer.
    let anna = list[0]["id"].as_i64().unwrap();
    let (_, orders) = app.wc_get(&m, &format!("/orders?customer={anna}")).await;
    assert_eq!(
        (
            orders.as_array().unwrap().len(),
            orders[0]["customer_id"].as_i64()
        ),
        (1, Some(anna))
    );
    let (_, none) = app
        .wc_get(&m, &format!("/orders?customer={}", c["id"]))
        .await;
    assert_eq!(none.as_array().unwrap().len(), 0);
    let (s, e) = app.wc_get(&m, "/orders?customer=abc").await;
    assert_eq!(s, 400, "{e}");
    assert_wp_error(&e, "rest_invalid_param", 400);

    let (s, st) = app.wc_get(&m, "/system_status").await;
    assert_eq!(s, 200);
    assert_eq!(st["settings"]["currency"], "EUR");
    assert_eq!(st["environment"]["site_url"], "https://shop.example.de");
}
