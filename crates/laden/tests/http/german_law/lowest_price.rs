//! The lowest price of the 30 days before a reduction (§ 11 PAngV) over HTTP, on SQLite and
//! PostgreSQL.

use crate::common;

use common::{body, both_databases, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

/// Moves a product's whole price history `days` into the past (the history is written by the database).
async fn age_history(app: &TestApp, product: i64, days: i64) {
    let ago = days * 86_400;
    common::execute(
        &app.store,
        &format!("UPDATE price_history SET since = since - {ago} WHERE product_id = {product}"),
    )
    .await;
}

#[both_databases]
async fn lowest_price_of_30_days_before_a_reduction(app: TestApp) {
    let id = app
        .simple("Mühle", "M-1", 4000, TaxClass::Standard, Some(5))
        .await;
    let m = app.staff("shop_manager").await;
    let lowest = |v: &Value| v["extensions"]["laden"]["lowest_price"].clone();
    let product = || async {
        body(
            app.get(&format!("/wp-json/wc/store/v1/products/{id}"))
                .await,
        )
        .await
    };
    assert_eq!(
        lowest(&product().await),
        Value::Null,
        "not on sale: nothing to show"
    );

    // 40,00 € for 60 days, 35,00 € for a week 40 days ago (outside the window), then 40,00 € again.
    age_history(&app, id, 60).await;
    let put = |body: Value| {
        let app = &app;
        let m = &m;
        async move {
            let (status, _) = app.wc_put(m, &format!("/products/{id}"), body).await;
            assert_eq!(status, 200);
        }
    };
    put(json!({ "sale_price": "35.00" })).await;
    age_history(&app, id, 40).await; // everything so far is 40 days older …
    put(json!({ "sale_price": "" })).await;
    age_history(&app, id, 33).await; // … the 35,00 € ended 33 days ago.
                                     // Now reduced to 30,00 €: the lowest price of the 30 days before is 40,00 €.
    put(json!({ "sale_price": "30.00" })).await;
    let v = product().await;
    assert_eq!(v["prices"]["price"], "3000");
    assert_eq!(lowest(&v), json!(4000));

    // A week later the price goes further down to 25,00 €: the 30,00 € of the last week counts.
    age_history(&app, id, 7).await;
    put(json!({ "sale_price": "25.00" })).await;
    assert_eq!(lowest(&product().await), json!(3000));
    let html = app.html("/produkt/muehle/", None).await;
    assert!(
        html.contains(r#""lowest_price":3000"#),
        "the product page's data carries it"
    );
    // Search engines read the struck price beside it; a sale with an end date, its last day.
    let offer = &common::product_ld(&html)["offers"];
    assert_eq!(offer["price"], "25.00", "{offer}");
    assert_eq!(
        offer["priceSpecification"]
            .as_array()
            .unwrap()
            .last()
            .unwrap(),
        &json!({
            "@type": "UnitPriceSpecification",
            "priceType": "https://schema.org/StrikethroughPrice",
            "price": "40.00",
            "priceCurrency": "EUR",
            "valueAddedTaxIncluded": true,
        }),
        "{offer}"
    );
    assert_eq!(offer.get("priceValidUntil"), None, "an open sale");
    put(json!({ "date_on_sale_to": "2099-06-30" })).await;
    let html = app.html("/produkt/muehle/", None).await;
    assert_eq!(
        common::product_ld(&html)["offers"]["priceValidUntil"],
        "2099-06-30"
    );

    // A variation on sale carries its own in the variation data the product form uses.
    let (parent, v50, _) = app.variable().await;
    age_history(&app, v50, 10).await; // sold at its regular price for ten days first
    let path = format!("/wc/v3/products/{parent}/variations/{v50}");
    let res = app
        .send_as(&m, Method::PUT, &path, &json!({ "sale_price": "1.00" }))
        .await;
    assert_eq!(res.status(), 200);
    let qv = body(
        app.get(&format!("/wp-json/laden/v1/products/{parent}/quick-view"))
            .await,
    )
    .await;
    let variation = qv["variations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["variation_id"] == v50)
        .unwrap()
        .clone();
    let regular = variation["display_regular_price"].as_i64().unwrap();
    assert_eq!(
        (
            variation["display_price"].as_i64(),
            variation["lowest_price"].as_i64()
        ),
        (Some(100), Some(regular)),
        "{variation}"
    );
    let other = qv["variations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["variation_id"] != v50)
        .unwrap()
        .clone();
    assert_eq!(other["lowest_price"], Value::Null, "not on sale");
}
