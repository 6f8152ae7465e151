//! WordPress's users and settings (`wp/v2/users/me`, `wp/v2/settings`) over HTTP, on SQLite and
//! PostgreSQL: the shop's settings, shipping, stock, legal pages, payment methods, address and VAT
//! id, and shipping zones.

use crate::common;

use common::{assert_wp_error, body, both_databases, page_data, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

#[both_databases]
async fn users_me_and_settings(app: TestApp) {
    let editor = app.staff("editor").await;
    let admin = app.staff("administrator").await;
    let v = app.get_as(&editor, "/wp/v2/settings").await;
    assert_wp_error(&v, "rest_forbidden", 403);
    let v = app.call(Method::GET, "/wp/v2/settings", None, None).await.1;
    assert_wp_error(&v, "rest_forbidden", 401);
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(s["language"], "de_DE");
    assert_eq!(s["timezone"], "Europe/Berlin");
    let s = app
        .save_settings(&admin, json!({ "title": "Kaffee & Co.", "unknown": 1 }))
        .await;
    assert_eq!(s["title"], "Kaffee & Co.");
    assert_eq!(
        body(app.get("/wp-json/").await).await["name"],
        "Kaffee & Co."
    );
    let change = json!({ "laden_shop_lightbox": false, "laden_gallery_vertical": true, "laden_header_cart_link": "/warenkorb/" });
    let s = app.save_settings(&admin, change.clone()).await;
    assert_saved(&s, &change);
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_quantity_field": "0", "laden_quantity_step_max": 5 }),
        )
        .await;
    assert_eq!(
        (
            s["laden_quantity_field"].as_str(),
            s["laden_quantity_step_max"].as_f64()
        ),
        (Some("0"), Some(5.0))
    );
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_quantity_field": null, "laden_quantity_step_max": null }),
        )
        .await;
    assert_eq!(
        (&s["laden_quantity_field"], &s["laden_quantity_step_max"]),
        (&Value::Null, &Value::Null),
        "null unsets both"
    );
    let header = json!({
        "laden_header_behavior": "fixed", "laden_header_position": "bottom", "laden_header_offset": 120, "laden_header_breakpoint": 767,
        "laden_header_overlap": "desktop,mobile", "laden_header_template": "centered", "laden_header_sticky_template": "compact",
        "laden_header_behavior_tablet": false, "laden_header_behavior_mobile": false, "laden_smooth_scroll": false, "laden_fixed_footer": true,
    });
    let s = app.save_settings(&admin, header.clone()).await;
    for (k, v) in header.as_object().unwrap() {
        let expected = if k == "laden_header_overlap" {
            json!("desktop mobile")
        } else {
            v.clone()
        };
        assert_eq!(s[k], expected, "{k}");
    }
    // The shop's pages carry them in their inlined data (the header element's data is rendered from it).
    let html = app.html("/", None).await;
    let site = page_data(&html);
    assert_eq!(site["site"]["header"]["behavior"], "fixed");
    assert_eq!(site["site"]["header"]["position"], "bottom");
    assert_eq!(site["site"]["header"]["overlap"], "desktop mobile");
    assert_eq!(site["site"]["header"]["behaviorTablet"], false);
    assert_eq!(site["site"]["theme"]["fixedFooter"], true);
    let change = json!({ "laden_tracking_allow": false, "laden_tracking_needs_marketing_consent": false, "laden_analytics_script": "/assets/demo-analytics.js" });
    let s = app.save_settings(&admin, change.clone()).await;
    assert_saved(&s, &change);
    for bad in [
        json!({ "laden_analytics_script": "javascript:alert(1)" }),
        json!({ "laden_tracking_campaign_param": "a b" }),
        json!({ "laden_analytics_snippet": "x</script><script>alert(1)" }),
        json!({ "laden_tracking_promo": 1 }),
        json!({ "laden_analytics_script": "//evil.example/x.js" }),
        json!({ "laden_analytics_script": "http://evil.example/x.js" }),
        json!({ "laden_tracking_allow": "ja" }),
        json!({ "laden_header_behavior": "floating" }),
        json!({ "laden_header_position": "left" }),
        json!({ "laden_header_overlap": "desktop watch" }),
        json!({ "laden_header_offset": -5 }),
        json!({ "laden_header_breakpoint": "991" }),
        json!({ "laden_smooth_scroll": "yes" }),
        json!({ "laden_header_template": "<script>" }),
        json!({ "laden_shop_lightbox": "ja" }),
        json!({ "laden_header_cart_link": "https://evil.example/" }),
        json!({ "laden_header_cart_link": "//evil.example/" }),
        json!({ "laden_quantity_field": "ja" }),
        json!({ "laden_quantity_step_max": 0 }),
        json!({ "laden_quantity_step_max": "5" }),
        json!({ "laden_quantity_field": "1", "laden_quantity_step_max": -1 }),
    ] {
        let v = app.save_settings(&admin, bad.clone()).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
    }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        s["laden_header_cart_link"], "/warenkorb/",
        "a refused change changes nothing"
    );
    assert_eq!(
        s["laden_quantity_field"],
        Value::Null,
        "a refused change changes nothing, not even its valid fields"
    );
    let me = app.get_as(&admin, "/wp/v2/users/me?context=edit").await;
    assert_eq!(me["roles"], json!(["administrator"]));
    assert_eq!(me["capabilities"]["manage_options"], true);
}

#[both_databases]
async fn shop_settings_shipping_stock_and_legal_pages(app: TestApp) {
    let admin = app.staff("administrator").await;
    app.empty_page("liefern", "Lieferung").await;
    let s = app.save_settings(&admin, json!({ "laden_shipping_flat": "3.90", "laden_shipping_free_from": "40.00", "laden_low_stock_amount": 3, "laden_sticky_summary": false, "laden_page_shipping": "/liefern/" })).await;
    assert_eq!(
        (
            s["laden_shipping_flat"].as_str(),
            s["laden_shipping_free_from"].as_str()
        ),
        (Some("3.90"), Some("40.00"))
    );
    assert_eq!(
        (
            s["laden_low_stock_amount"].as_i64(),
            s["laden_sticky_summary"].as_bool(),
            s["laden_page_shipping"].as_str()
        ),
        (Some(3), Some(false), Some("liefern"))
    );
    // The cart charges the new rate.
    let id = app
        .simple("Tasse", "TASSE", 1000, TaxClass::Standard, None)
        .await;
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 1).await).await;
    assert_eq!(cart["totals"]["total_price"], "1390");
    // Never free; then bad values: refused, nothing changed.
    let s = app
        .save_settings(&admin, json!({ "laden_shipping_free_from": null }))
        .await;
    assert!(s["laden_shipping_free_from"].is_null());
    for bad in [
        json!({ "laden_shipping_flat": "-1" }),
        json!({ "laden_shipping_flat": "viel", "title": "Neu" }),
        json!({ "laden_low_stock_amount": -2 }),
        json!({ "laden_page_terms": "gibt-es-nicht" }),
        json!({ "laden_page_accessibility": "gibt-es-nicht" }),
    ] {
        let v = app.save_settings(&admin, bad.clone()).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
    }
    // The accessibility statement is optional, and a published page when named; the page
    // data links it in the footer.
    app.empty_page("barrierefreiheit", "Barrierefreiheitserklärung")
        .await;
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_page_accessibility": "barrierefreiheit" }),
        )
        .await;
    assert_eq!(s["laden_page_accessibility"], "barrierefreiheit");
    let html = app.html("/liefern/", None).await;
    assert!(
        html.contains(r#""accessibilityPage":"/barrierefreiheit/""#),
        "page data names the statement"
    );
    let s = app
        .save_settings(&admin, json!({ "laden_page_accessibility": "" }))
        .await;
    assert_eq!(s["laden_page_accessibility"], "");
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        (
            s["laden_shipping_flat"].as_str(),
            s["laden_page_terms"].as_str()
        ),
        (Some("3.90"), Some("agb"))
    );
    assert_ne!(s["title"], "Neu");
    // A new shop has no legal pages yet: the pages it already names (its defaults, none
    // published) are kept as they are, so the admin's form, which sends every field, saves.
    let s = app
        .save_settings(
            &admin,
            json!({ "laden_page_terms": "agb", "laden_low_stock_amount": 4 }),
        )
        .await;
    assert_eq!(
        (
            s["laden_page_terms"].as_str(),
            s["laden_low_stock_amount"].as_i64()
        ),
        (Some("agb"), Some(4))
    );
}

#[both_databases]
async fn payment_methods_address_and_vat_id(app: TestApp) {
    let admin = app.staff("administrator").await;
    let s = app.save_settings(&admin, json!({ "laden_payment_methods": ["invoice", "bacs", "invoice"], "laden_shop_address": "Kaffeerösterei Laden GmbH\nHauptstraße 5\n04109 Leipzig", "laden_shop_vat_id": "de 123 456 789" })).await;
    assert_eq!(s["laden_payment_methods"], json!(["invoice", "bacs"]));
    assert_eq!(s["laden_shop_vat_id"], "DE123456789");
    assert!(s["laden_shop_address"]
        .as_str()
        .unwrap()
        .contains("04109 Leipzig"));
    for bad in [
        json!({ "laden_payment_methods": [] }),
        json!({ "laden_payment_methods": ["paypal"] }),
        json!({ "laden_payment_methods": "bacs" }),
        json!({ "laden_shop_vat_id": "DE12" }),
        json!({ "laden_shop_vat_id": "123456789" }),
    ] {
        assert_wp_error(
            &app.save_settings(&admin, bad).await,
            "rest_invalid_param",
            400,
        );
    }
    // The cart offers, and the checkout accepts, only the methods the shop offers.
    let id = app
        .simple("Tasse", "TASSE", 1000, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 1).await).await;
    assert_eq!(cart["payment_methods"], json!(["invoice", "bacs"]));
    let res = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing(), "payment_method": "cod" }),
        )
        .await;
    assert_eq!(res.status(), 400);
    assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    assert_eq!(app.stock(id).await, Some(5), "nothing was sold");
    let res = app
        .post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": common::billing(), "payment_method": "invoice" }),
        )
        .await;
    assert!(res.status().is_success());
}

#[both_databases]
async fn shipping_zones_price_the_delivery_country(app: TestApp) {
    let admin = app.staff("administrator").await;
    let zones = json!([
        { "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": "50.00" },
        { "name": "EU", "countries": ["at", "NL"], "cost": "9,90", "free_from": "" },
    ]);
    let s = app.save_settings(&admin, json!({ "laden_shipping_flat": "14.90", "laden_shipping_free_from": null, "laden_shipping_zones": zones })).await;
    assert_eq!(
        s["laden_shipping_zones"][1],
        // Sent without a delivery time of its own, the zone has the shop's (empty).
        json!({ "name": "EU", "countries": ["AT", "NL"], "cost": "9.90", "free_from": null, "delivery_time": "",
                "methods": { "weight_bands": [], "extra": [], "class_costs": {}, "no_class_cost": "", "class_per_order": false } }),
        "{s}"
    );

    let id = app
        .simple("Mühle", "MUEHLE", 2000, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 1).await).await;
    let shipping = |c: &serde_json::Value| {
        (
            c["shipping_address"]["country"].as_str().map(str::to_owned),
            c["totals"]["extensions"]["laden"]["total_shipping_gross"]
                .as_str()
                .map(str::to_owned),
            // The rate taken: its instance id names the zone (`1xx` the first, `1` the others').
            c["shipping_rates"][0]["shipping_rates"]
                .as_array()
                .and_then(|r| r.iter().find(|r| r["selected"] == true))
                .and_then(|r| r["rate_id"].as_str())
                .map(str::to_owned),
        )
    };
    let s =
        |a: &str, b: &str, c: &str| (Some(a.to_owned()), Some(b.to_owned()), Some(c.to_owned()));
    // Before the shopper names a country, the cart is priced for Germany.
    assert_eq!(shipping(&cart), s("DE", "490", "flat_rate:101"));
    let cart = app.ship_to(&token, "AT").await;
    assert_eq!(shipping(&cart), s("AT", "990", "flat_rate:201"));
    assert_eq!(cart["totals"]["total_price"], "2990");
    // The billing country counts when no shipping country is given; a country in no zone pays the
    // rate for the others: 14,90 €, for Switzerland (a tax-free export) without its 19 % VAT.
    let cart = app.post_json("/cart/update-customer", Some(&token), json!({ "billing_address": { "country": "CH", "first_name": "Heidi" }, "shipping_address": { "country": "" } })).await;
    assert_eq!(shipping(&cart), s("CH", "1252", "flat_rate:1"));
    // A country the shop does not deliver to: refused, the cart keeps its country.
    let v = app.ship_to(&token, "US").await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(
        shipping(&app.cart(&token).await),
        s("CH", "1252", "flat_rate:1")
    );

    // The order charges the shipping of its delivery address, whatever the cart showed.
    let addr = common::billing_in("AT", "1010");
    let placed = app
        .post_json(
            "/checkout",
            Some(&token),
            json!({ "billing_address": addr, "payment_method": "bacs" }),
        )
        .await;
    let order = app.order(placed["order_id"].as_i64().unwrap()).await;
    assert_eq!(
        (order.shipping_total, order.total),
        (990, 2990),
        "gross shipping of the AT zone: {order:?}"
    );
    // Free from 50 € in Germany.
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 3).await).await;
    assert_eq!(shipping(&cart), s("DE", "0", "free_shipping:102"));

    // Bad zone lists: refused with the path, nothing changed.
    for (bad, path) in [
        (
            json!([{ "name": "A", "countries": ["DE"], "cost": "1" }, { "name": "B", "countries": ["DE"], "cost": "2" }]),
            "laden_shipping_zones.1.countries",
        ),
        (
            json!([{ "name": "", "countries": ["DE"], "cost": "1" }]),
            "laden_shipping_zones.0.name",
        ),
        (
            json!([{ "name": "A", "countries": ["US"], "cost": "1" }]),
            "laden_shipping_zones.0.countries",
        ),
        (
            json!([{ "name": "A", "countries": ["DE"], "cost": "viel" }]),
            "laden_shipping_zones.0.cost",
        ),
        (
            json!([{ "name": "A", "countries": ["DE"] }]),
            "laden_shipping_zones.0.cost",
        ),
        (
            json!([{ "name": "A", "countries": "DE", "cost": "1" }]),
            "laden_shipping_zones.0.countries",
        ),
        (json!({ "name": "A" }), "laden_shipping_zones"),
    ] {
        let v = app
            .save_settings(
                &admin,
                json!({ "laden_shipping_zones": bad, "laden_shipping_flat": "1.00" }),
            )
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(v["data"]["params"][path].is_string(), "{path}: {v}");
    }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        (
            s["laden_shipping_flat"].as_str(),
            s["laden_shipping_zones"].as_array().map(Vec::len)
        ),
        (Some("14.90"), Some(2))
    );
}

/// Checks that the settings `s` answer each field of `change` as it was sent.
fn assert_saved(s: &Value, change: &Value) {
    for (k, v) in change.as_object().unwrap() {
        assert_eq!(&s[k], v, "{k}");
    }
}
