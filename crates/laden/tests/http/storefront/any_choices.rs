//! A variation with an "any" attribute (WooCommerce's own sample: the V-neck T-shirt's
//! variations name a colour and any size), over HTTP on SQLite and PostgreSQL: the shopper's
//! chosen value is kept on the cart line (two sizes are two lines), refused when missing or not
//! offered, and the order, its confirmation, the Store API's order and wc/v3's line `meta_data`
//! all say it, so the shop ships the size that was bought; its invoice names it under the item,
//! in the PDF and as the item's characteristic in the EN 16931 XML (§14 (4) Nr. 5 UStG).

use crate::common;

use common::{body, both_databases, TestApp};
use serde_json::{json, Value};

fn choice(colour: &str, size: &str) -> Value {
    json!([{ "attribute": "Color", "value": colour }, { "attribute": "Size", "value": size }])
}

#[both_databases]
async fn the_size_chosen_for_an_any_size_variation_is_kept_from_cart_to_order(app: TestApp) {
    common::invoice::seller(&app, "order").await;
    app.import_csv(common::WOO_SAMPLE).await;
    let vneck = app.id_by_sku("woo-vneck-tee").await;
    let red = app.id_by_sku("woo-vneck-tee-red").await;
    let add = |token: Option<String>, item: Value| {
        let app = &app;
        async move {
            let mut req = app
                .client
                .post(app.url("/wp-json/wc/store/v1/cart/add-item"))
                .json(&item);
            if let Some(t) = &token {
                req = req.header("Cart-Token", t);
            }
            let res = req.send().await.unwrap();
            let token = res
                .headers()
                .get("cart-token")
                .map(|v| v.to_str().unwrap().to_owned());
            (res.status().as_u16(), token, body(res).await)
        }
    };

    // Without a size, or with one the shirt is not made in: no variation, nothing in a cart.
    for bad in [
        json!([{ "attribute": "Color", "value": "Red" }]),
        choice("Red", "XXL"),
        choice("Red", " "),
    ] {
        let (status, _, v) = add(
            None,
            json!({ "id": vneck, "quantity": 1, "variation": bad }),
        )
        .await;
        assert_eq!(status, 400, "{bad}: {v}");
        assert_eq!(
            v["code"], "woocommerce_rest_invalid_variation_data",
            "{bad}: {v}"
        );
    }

    // Red in Large by the product, as the product page sends it; then Red in Small by the
    // variation's id, as WooCommerce's clients may: two lines, each naming its size.
    let (status, token, cart) = add(
        None,
        json!({ "id": vneck, "quantity": 2, "variation": choice("red", "large") }),
    )
    .await;
    assert_eq!(status, 201, "{cart}");
    let token = token.unwrap();
    assert_eq!(
        cart["items"][0]["variation"],
        json!([{ "attribute": "Color", "value": "Red" }, { "attribute": "Size", "value": "Large" }])
    );
    let (status, _, cart) = add(Some(token.clone()), json!({ "id": red, "quantity": 1, "variation": [{ "attribute": "attribute_size", "value": "Small" }] })).await;
    assert_eq!(status, 201, "{cart}");
    let items = cart["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{cart}");
    assert_eq!(
        items[1]["variation"][1],
        json!({ "attribute": "Size", "value": "Small" })
    );
    assert_ne!(items[0]["key"], items[1]["key"]);
    // The same size again adds to its line.
    let (_, _, cart) = add(
        Some(token.clone()),
        json!({ "id": vneck, "quantity": 1, "variation": choice("Red", "Large") }),
    )
    .await;
    assert_eq!(cart["items"].as_array().unwrap().len(), 2);
    assert_eq!(cart["items"][0]["quantity"], 3);
    // Read again, the cart still knows both sizes.
    let cart = app.cart(&token).await;
    assert_eq!(cart["items"][0]["variation"][1]["value"], "Large");
    assert_eq!(cart["items"][1]["variation"][1]["value"], "Small");

    let placed = app.checkout(&token, "cod").await;
    let id = placed["order_id"]
        .as_i64()
        .unwrap_or_else(|| panic!("{placed}"));
    let key = placed["order_key"].as_str().unwrap();

    // The order and everything made of it say the sizes.
    let order = app.order(id).await;
    let sizes: Vec<&str> = order
        .items
        .iter()
        .map(|i| i.variation[1].1.as_str())
        .collect();
    assert_eq!(sizes, ["Large", "Small"]);
    let v = body(
        app.get(&format!("/wp-json/wc/store/v1/order/{id}?key={key}"))
            .await,
    )
    .await;
    assert_eq!(
        v["items"][0]["variation"][1],
        json!({ "attribute": "Size", "value": "Large" }),
        "{v}"
    );
    let m = app.staff("shop_manager").await;
    let (_, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    let meta = &o["line_items"][1]["meta_data"];
    assert_eq!(meta[1]["key"], "size", "{o}");
    assert_eq!(meta[1]["value"], "Small");
    assert_eq!(meta[1]["display_key"], "Size");
    assert_eq!(meta[1]["display_value"], "Small");
    assert_eq!(o["line_items"][1]["variation_id"], red);
    let mails = app.store.order_mails(id).await.unwrap();
    let text = laden_http::mail::preview(&app.state, &mails[0])
        .await
        .unwrap()
        .text;
    assert!(text.contains("Color: Red · Size: Large"), "{text}");
    assert!(text.contains("Size: Small"), "{text}");

    // The invoice issued with the order names each line's colour and size.
    let invoice = order.invoices[0].id;
    let res = common::invoice::customer_pdf(&app, invoice, key).await;
    assert_eq!(res.status(), 200);
    let read = common::invoice::check(&[res.bytes().await.unwrap().to_vec()]);
    common::invoice::assert_valid(&read[0]);
    let lines = &read[0]["lines"];
    assert_eq!(
        lines[0]["characteristics"],
        json!([["Color", "Red"], ["Size", "Large"]]),
        "{lines}"
    );
    assert_eq!(lines[1]["characteristics"][1], json!(["Size", "Small"]));
    let text = read[0]["text"].as_str().unwrap();
    assert!(text.contains("Color: Red, Size: Large"), "{text}");
    assert!(text.contains("Color: Red, Size: Small"), "{text}");
}

#[both_databases]
async fn a_variation_made_through_wc_v3_without_an_attribute_takes_any_value_of_it(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (_, p) = app
            .wc_post(&m, "/products", json!({ "name": "Schürze", "type": "variable", "attributes": [
                { "name": "Farbe", "options": ["Rot"], "variation": true, "visible": true },
                { "name": "Größe", "options": ["S", "M", "L"], "variation": true, "visible": true }] }))
            .await;
    let id = p["id"].as_i64().unwrap();
    let (status, v) = app
            .wc_post(&m, &format!("/products/{id}/variations"), json!({ "regular_price": "24.90", "attributes": [{ "name": "Farbe", "option": "Rot" }] }))
            .await;
    assert_eq!(status, 201, "{v}");
    // As in WooCommerce the size stays one the shopper chooses: the product still offers it.
    let sp = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
            .await,
    )
    .await;
    assert_eq!(sp["attributes"][1]["name"], "Größe");
    assert_eq!(sp["attributes"][1]["has_variations"], true, "{sp}");
    let res = app
            .client
            .post(app.url("/wp-json/wc/store/v1/cart/add-item"))
            .json(&json!({ "id": id, "quantity": 1, "variation": [{ "attribute": "Farbe", "value": "Rot" }, { "attribute": "Größe", "value": "M" }] }))
            .send()
            .await
            .unwrap();
    assert_eq!(res.status(), 201);
    let cart = body(res).await;
    assert_eq!(
        cart["items"][0]["variation"][1],
        json!({ "attribute": "Größe", "value": "M" })
    );
}
