//! Any delivery country the shop chooses, over HTTP on SQLite and PostgreSQL: the setting
//! (`wp/v2/settings`, `wc/v3`), the cart and the checkout taking the chosen countries only, and
//! each country's postcode format from the data set.

use crate::common;

use common::{assert_wp_error, body, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn the_shop_delivers_where_it_chooses_with_each_countrys_postcodes(app: TestApp) {
    let admin = app.staff("administrator").await;
    let id = app
        .simple("Mühle", "MUEHLE", 2380, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    body(app.add_item(&token, id, 1).await).await;
    // Sweden is not among a new shop's countries.
    assert_wp_error(&app.ship_to(&token, "SE").await, "rest_invalid_param", 400);

    // The shop adds Sweden, the United Kingdom and Hong Kong (codes in any case, once each).
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_delivery_countries": ["DE", "at", "SE", "GB", "HK", "DE"] }),
        )
        .await;
    assert_eq!(
        s["laden_delivery_countries"],
        json!(["DE", "AT", "SE", "GB", "HK"]),
        "{s}"
    );
    let general = app
        .get_as(
            &admin,
            "/wc/v3/settings/general/woocommerce_specific_allowed_countries",
        )
        .await;
    assert_eq!(
        general["value"],
        json!(["DE", "AT", "SE", "GB", "HK"]),
        "{general}"
    );
    assert_eq!(general["options"]["SE"], "Schweden", "{general}");

    // Sweden is in the EU: German VAT for a consumer below the threshold.
    let cart = app.ship_to(&token, "SE").await;
    assert_eq!(cart["shipping_address"]["country"], "SE", "{cart}");
    assert_eq!(cart["items"][0]["prices"]["price"], "2380", "{cart}");
    // The United Kingdom: an export, priced net.
    let cart = app.ship_to(&token, "gb").await;
    assert_eq!(cart["items"][0]["prices"]["price"], "2000", "{cart}");
    // Switzerland is no longer delivered to.
    assert_wp_error(&app.ship_to(&token, "CH").await, "rest_invalid_param", 400);

    // Postcodes by each country's format: refused with the field named, nothing ordered.
    for (country, postcode) in [
        ("SE", "1145"),
        ("GB", "12345"),
        ("AT", "10115"),
        ("HK", "999077"),
        ("GB", ""),
    ] {
        let address = common::billing_in(country, postcode);
        let res = app
            .post(
                "/checkout",
                Some(&token),
                json!({ "billing_address": address, "payment_method": "bacs" }),
            )
            .await;
        assert_eq!(res.status(), 400, "{country} {postcode}");
        let v = body(res).await;
        assert!(
            v["data"]["params"]["billing_address.postcode"].is_string(),
            "{country} {postcode}: {v}"
        );
    }
    // A country the shop does not deliver to.
    let res = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("CH", "8001"), "payment_method": "bacs" }),
        )
        .await;
    let v = body(res).await;
    assert_eq!(
        v["data"]["params"]["billing_address.country"], "In dieses Land liefern wir leider nicht.",
        "{v}"
    );
    assert_eq!(app.store.order_count().await.unwrap(), 0);

    // Hong Kong has no postcodes: an address without one is complete.
    let placed = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("HK", ""), "payment_method": "bacs" }),
        )
        .await;
    let order = app
        .order(placed["order_id"].as_i64().expect("placed"))
        .await;
    assert_eq!(order.total, 2000 + order.shipping_total, "{order:?}");
    // A British postcode of the data set's format, in any case.
    let token = app.new_cart().await;
    body(app.add_item(&token, id, 1).await).await;
    let placed = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing_in("GB", "sw1a 1aa"), "payment_method": "bacs" }),
        )
        .await;
    assert!(placed["order_id"].is_i64(), "{placed}");

    // Zones name delivery countries only; dropping a country a zone names is refused.
    let zones = json!([{ "name": "Skandinavien", "countries": ["SE", "DK"], "cost": "9.90" }]);
    let (status, v) = app
        .change_settings(&admin, json!({ "laden_shipping_zones": zones }))
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["laden_shipping_zones.0.countries"].is_string(),
        "{v}"
    );
    let zones = json!([{ "name": "Skandinavien", "countries": ["SE"], "cost": "9.90" }]);
    app.save_settings(&admin, json!({ "laden_shipping_zones": zones }))
        .await;
    let (status, v) = app
        .change_settings(&admin, json!({ "laden_delivery_countries": ["DE", "AT"] }))
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["laden_shipping_zones.0.countries"].is_string(),
        "{v}"
    );
    // Bad lists: none, an unknown code, a name.
    for bad in [
        json!([]),
        json!(["DE", "XX"]),
        json!(["Deutschland"]),
        json!("DE"),
    ] {
        let (status, v) = app
            .change_settings(&admin, json!({ "laden_delivery_countries": bad }))
            .await;
        assert_eq!(status, 400, "{bad}: {v}");
    }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        s["laden_delivery_countries"],
        json!(["DE", "AT", "SE", "GB", "HK"])
    );

    // The checkout offers the chosen countries in the shop's order, with their formats.
    let html = app.html("/kasse/", None).await;
    let se = html.find("\"SE\",\"Schweden\"").expect("Sweden offered");
    let gb = html
        .find("\"GB\",\"Vereinigtes Königreich\"")
        .expect("the UK offered");
    assert!(se < gb);
    assert!(!html.contains("\"CH\",\"Schweiz\""));
    assert!(html.contains("\"HK\":null"), "Hong Kong without postcodes");
}
