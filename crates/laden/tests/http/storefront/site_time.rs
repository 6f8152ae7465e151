//! Dates in the site's time zone (Europe/Berlin), as WordPress and WooCommerce give and take
//! them, over HTTP on SQLite and PostgreSQL: every local field (`date`, `date_created`,
//! `date_expires`, …) is German time beside its UTC `_gmt` twin; a date without a zone is read
//! on the site's clock (or UTC with `dates_are_gmt=true`); reports count German days.

use crate::common;

use common::{body, both_databases, execute, TestApp};
use laden_domain::dates::{iso, parse_iso};
use laden_domain::TaxClass;
use serde_json::json;

/// 23:30 UTC on 30 November 2026: half past midnight on 1 December in Germany (CET, +1).
const WINTER_NIGHT: &str = "2026-11-30T23:30:00";
/// 21:15 UTC on 1 July 2026: a quarter past eleven at night in Germany (CEST, +2).
const SUMMER_EVENING: &str = "2026-07-01T21:15:00";

fn unix(utc: &str) -> i64 {
    parse_iso(utc).unwrap()
}

#[both_databases]
async fn local_fields_are_german_time_beside_utc(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let id = app
        .simple("Tee", "TEE-1", 1000, TaxClass::Reduced, Some(10))
        .await;
    let token = app.cart_with(id, 1).await;
    let placed = app.checkout(&token, "bacs").await;
    let order = placed["order_id"].as_i64().unwrap();
    let night = unix(WINTER_NIGHT);
    execute(
        &app.store,
        &format!("UPDATE orders SET created_at = {night}, updated_at = {night} WHERE id = {order}"),
    )
    .await;
    let evening = unix(SUMMER_EVENING);
    execute(
        &app.store,
        &format!(
            "UPDATE products SET created_at = {evening}, updated_at = {evening} WHERE id = {id}"
        ),
    )
    .await;

    // The order: placed on 1 December in Germany, 30 November in UTC.
    let (status, o) = app.wc_get(&m, &format!("/orders/{order}")).await;
    assert_eq!(status, 200, "{o}");
    assert_eq!(
        (o["date_created"].as_str(), o["date_created_gmt"].as_str()),
        (Some("2026-12-01T00:30:00"), Some(WINTER_NIGHT))
    );
    assert_eq!(o["date_modified"], "2026-12-01T00:30:00");
    let (_, list) = app.wc_get(&m, "/orders").await;
    assert_eq!(list[0]["date_created"], "2026-12-01T00:30:00");
    // What the shopper's order page and the admin show (its date part) is the German day.
    let key = placed["order_key"].as_str().unwrap().to_owned();
    let store_order = body(
        app.get(&format!("/wp-json/wc/store/v1/order/{order}?key={key}"))
            .await,
    )
    .await;
    assert_eq!(
        store_order["date_created"], "2026-12-01T00:30:00",
        "{store_order}"
    );

    // A product in summer time: two hours ahead.
    let (_, p) = app.wc_get(&m, &format!("/products/{id}")).await;
    assert_eq!(
        (p["date_created"].as_str(), p["date_created_gmt"].as_str()),
        (Some("2026-07-01T23:15:00"), Some(SUMMER_EVENING))
    );
    assert_eq!(
        (p["date_modified"].as_str(), p["date_modified_gmt"].as_str()),
        (Some("2026-07-01T23:15:00"), Some(SUMMER_EVENING))
    );

    // A page (wp/v2): `date` and `modified` German, their `_gmt` twins UTC.
    let editor = app.staff("editor").await;
    let page = app.page(&editor, "Über uns", "publish").await;
    execute(
        &app.store,
        &format!("UPDATE pages SET created_at = {night}, updated_at = {evening} WHERE id = {page}"),
    )
    .await;
    let wp = app.get_as(&editor, &format!("/wp/v2/pages/{page}")).await;
    assert_eq!(
        [
            &wp["date"],
            &wp["date_gmt"],
            &wp["modified"],
            &wp["modified_gmt"]
        ],
        [
            "2026-12-01T00:30:00",
            WINTER_NIGHT,
            "2026-07-01T23:15:00",
            SUMMER_EVENING
        ]
    );

    // The site says which zone it is in, and its offset now (1 in winter, 2 in summer).
    let index = body(app.get("/wp-json/").await).await;
    assert_eq!(index["timezone_string"], "Europe/Berlin");
    let now = laden_domain::dates::now();
    assert_eq!(
        index["gmt_offset"],
        laden_domain::dates::berlin_offset(now) / 3600
    );
}

#[both_databases]
async fn dates_sent_are_read_on_the_site_clock_unless_they_say_otherwise(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let expiry = |v: &serde_json::Value| {
        (
            v["date_expires"].as_str().map(str::to_owned),
            v["date_expires_gmt"].as_str().map(str::to_owned),
        )
    };
    let pair = |local: &str, gmt: &str| (Some(local.to_owned()), Some(gmt.to_owned()));
    // A coupon ending at German midnight: 23:00 UTC the day before.
    let (status, c) = app
        .wc_post(
            &m,
            "/coupons",
            json!({ "code": "winter", "amount": "5", "date_expires": "2027-01-01T00:00:00" }),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    assert_eq!(
        expiry(&c),
        pair("2027-01-01T00:00:00", "2026-12-31T23:00:00")
    );
    let id = c["id"].as_i64().unwrap();
    // The `_gmt` twin is UTC; a date naming its zone is that moment.
    for (sent, local, gmt) in [
        (
            json!({ "date_expires_gmt": "2027-01-01T00:00:00" }),
            "2027-01-01T01:00:00",
            "2027-01-01T00:00:00",
        ),
        (
            json!({ "date_expires": "2027-07-01T00:00:00+02:00" }),
            "2027-07-01T00:00:00",
            "2027-06-30T22:00:00",
        ),
        (
            json!({ "date_expires": "2027-07-01T12:00:00Z" }),
            "2027-07-01T14:00:00",
            "2027-07-01T12:00:00",
        ),
    ] {
        let (status, c) = app
            .wc_put(&m, &format!("/coupons/{id}"), sent.clone())
            .await;
        assert_eq!(status, 200, "{sent} {c}");
        assert_eq!(expiry(&c), pair(local, gmt), "{sent}");
    }
    let (status, c) = app
        .wc_put(
            &m,
            &format!("/coupons/{id}"),
            json!({ "date_expires": null }),
        )
        .await;
    assert_eq!((status, expiry(&c)), (200, (None, None)));
    let (status, e) = app
        .wc_put(
            &m,
            &format!("/coupons/{id}"),
            json!({ "date_expires": "2027-01-01T00:00:00+25:00" }),
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["data"]["params"]["date_expires"].is_string(), "{e}");

    // Order filters: an order placed now, and a mark an hour and a half earlier, written
    // three ways. German wall-clock time read as such finds it; UTC wall-clock time read
    // on the German clock is an hour or two earlier still, so it finds it too, but the
    // same UTC time a little after the order does not, unless it says it is UTC.
    let product = app
        .simple("Tee", "TEE-1", 1000, TaxClass::Reduced, Some(10))
        .await;
    let token = app.cart_with(product, 1).await;
    let order = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    let placed = app.order(order).await.created_at;
    let found = |query: String| {
        let (app, m) = (&app, &m);
        async move {
            let (status, list) = app.wc_get(m, &format!("/orders?{query}")).await;
            assert_eq!(status, 200, "{query}: {list}");
            list.as_array().unwrap().len()
        }
    };
    let before = placed - 5400;
    let german = laden_domain::dates::german_iso(before);
    assert_eq!(found(format!("after={german}")).await, 1);
    assert_eq!(found(format!("before={german}")).await, 0);
    assert_eq!(
        found(format!("after={}&dates_are_gmt=true", iso(before))).await,
        1
    );
    assert_eq!(found(format!("after={}Z", iso(before))).await, 1);
    // A minute after the order, in UTC: after it, whichever way it says so ...
    let later = iso(placed + 60);
    assert_eq!(found(format!("after={later}&dates_are_gmt=true")).await, 0);
    assert_eq!(found(format!("after={later}%2B00:00")).await, 0);
    assert_eq!(found(format!("before={later}Z")).await, 1);
    // ... but read as German time it is an hour or two before the order.
    assert_eq!(found(format!("after={later}")).await, 1);
    let (status, e) = app
        .wc_get(
            &m,
            "/orders?after=2026-12-01T00:00:00&dates_are_gmt=vielleicht",
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["data"]["params"]["dates_are_gmt"].is_string(), "{e}");
}

#[both_databases]
async fn reports_count_german_days(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let id = app
        .simple("Tee", "TEE-1", 1000, TaxClass::Reduced, Some(10))
        .await;
    let token = app.cart_with(id, 2).await;
    let order = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    let night = unix(WINTER_NIGHT);
    execute(
        &app.store,
        &format!("UPDATE orders SET created_at = {night} WHERE id = {order}"),
    )
    .await;

    // Half past midnight in Germany is 1 December's sale, not 30 November's.
    let sales = |from: &str, to: &str| {
        let (app, m) = (&app, &m);
        let path = format!("/reports/sales?date_min={from}&date_max={to}");
        async move {
            let (status, v) = app.wc_get(m, &path).await;
            assert_eq!(status, 200, "{v}");
            v[0].clone()
        }
    };
    let report = sales("2026-11-30", "2026-12-01").await;
    assert_eq!(report["total_orders"], 1);
    assert_eq!(report["totals"]["2026-11-30"]["orders"], 0, "{report}");
    assert_eq!(report["totals"]["2026-12-01"]["orders"], 1, "{report}");
    assert_eq!(report["totals"]["2026-12-01"]["items"], 2, "{report}");
    assert_eq!(sales("2026-11-30", "2026-11-30").await["total_orders"], 0);
    assert_eq!(sales("2026-12-01", "2026-12-01").await["total_orders"], 1);
    let top = |day: &str| {
        let (app, m) = (&app, &m);
        let path = format!("/reports/top_sellers?date_min={day}&date_max={day}");
        async move { app.wc_get(m, &path).await.1 }
    };
    assert_eq!(top("2026-12-01").await[0]["quantity"], 2);
    assert_eq!(top("2026-11-30").await, json!([]));
}
