//! `wc/v3/orders` answers an order's amounts as WooCommerce keeps them, over HTTP on SQLite and
//! PostgreSQL: line items net with their VAT beside (before and after coupons), a shipping line,
//! one tax line a rate (its `rate_id` the rate of `GET taxes`), so a connector that adds up
//! WooCommerce's fields gets what the customer paid, to the cent; what changed since a
//! connector's last run (dates, ids, products); when an order was paid and completed
//! (`date_paid`, `date_completed`, `set_paid`); and `reports/top_sellers`.

use crate::common;

use common::{both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

/// An espresso at 11,90 € (19 %) and a tea at 10,70 € (7 %), `stock` of each: their ids.
async fn espresso_and_sencha(app: &TestApp, stock: i64) -> (i64, i64) {
    let espresso = app
        .simple("Espresso", "ESP", 1190, TaxClass::Standard, Some(stock))
        .await;
    let tea = app
        .simple("Sencha", "SEN", 1070, TaxClass::Reduced, Some(stock))
        .await;
    (espresso, tea)
}

/// "12.34" → 1234.
fn cents(v: &Value) -> i64 {
    let s = v.as_str().unwrap_or_else(|| panic!("not an amount: {v}"));
    laden_domain::Money::parse_decimal(s).unwrap().cents()
}

/// WooCommerce's sums: the lines' and shipping's nets and VAT are the order's total, and their
/// VAT its `total_tax`, as the tax lines say too.
fn assert_adds_up(o: &Value) {
    let lines = o["line_items"].as_array().unwrap();
    let sum = |key: &str| lines.iter().map(|l| cents(&l[key])).sum::<i64>();
    let (shipping, shipping_tax) = (cents(&o["shipping_total"]), cents(&o["shipping_tax"]));
    assert_eq!(
        sum("total") + sum("total_tax") + shipping + shipping_tax,
        cents(&o["total"]),
        "{o}"
    );
    assert_eq!(sum("total_tax"), cents(&o["cart_tax"]), "{o}");
    assert_eq!(
        cents(&o["cart_tax"]) + shipping_tax,
        cents(&o["total_tax"]),
        "{o}"
    );
    let taxes = o["tax_lines"].as_array().unwrap();
    let tax_sum = |key: &str| taxes.iter().map(|t| cents(&t[key])).sum::<i64>();
    assert_eq!(tax_sum("tax_total"), cents(&o["cart_tax"]), "{o}");
    assert_eq!(tax_sum("shipping_tax_total"), shipping_tax, "{o}");
    // The coupons: what the subtotals hold beyond the totals, net.
    assert_eq!(
        sum("subtotal") - sum("total"),
        cents(&o["discount_total"]),
        "{o}"
    );
}

#[both_databases]
async fn orders_answer_net_amounts_with_the_vat_beside(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (espresso, tea) = espresso_and_sencha(&app, 50).await;

    // One line at 19 % and the flat rate: 11,90 = 10,00 + 1,90; 4,90 = 4,12 + 0,78.
    let token = app.cart_with(espresso, 1).await;
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().unwrap();
    let (status, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    assert_eq!(status, 200, "{o}");
    assert_eq!(o["number"], id.to_string());
    let line = &o["line_items"][0];
    assert_eq!(
        (
            &line["subtotal"],
            &line["subtotal_tax"],
            &line["total"],
            &line["total_tax"],
            &line["tax_class"],
            &line["price"],
        ),
        (
            &json!("10.00"),
            &json!("1.90"),
            &json!("10.00"),
            &json!("1.90"),
            &json!(""),
            &json!(10.0)
        ),
        "{line}"
    );
    assert_eq!(
        line["taxes"],
        json!([{ "id": 1, "total": "1.90", "subtotal": "1.90" }])
    );
    assert_eq!(
        (&o["shipping_total"], &o["shipping_tax"]),
        (&json!("4.12"), &json!("0.78"))
    );
    let ship = &o["shipping_lines"][0];
    assert_eq!(ship["method_id"], "flat_rate");
    assert_eq!(ship["method_title"], "Versandpauschale");
    assert_eq!(
        (&ship["total"], &ship["total_tax"]),
        (&json!("4.12"), &json!("0.78"))
    );
    assert_eq!(
        o["tax_lines"],
        json!([{
            "id": 1, "rate_code": "UST.-1", "rate_id": 1, "label": "USt.", "compound": false,
            "tax_total": "1.90", "shipping_tax_total": "0.78", "rate_percent": 19, "meta_data": []
        }])
    );
    assert_eq!(o["total"], "16.80");
    assert_adds_up(&o);
    // The tax line's rate is the one `GET taxes` lists under its id.
    let (_, rate) = app.wc_get(&m, "/taxes/1").await;
    assert_eq!(rate["rate"], "19.0000");

    // Two rates, a 10 % coupon, free shipping from 50 €: each line's total is its subtotal
    // less its share of the coupon, and the sums still hold.
    let (status, c) = app
        .wc_post(
            &m,
            "/coupons",
            json!({ "code": "zehn", "discount_type": "percent", "amount": "10" }),
        )
        .await;
    assert_eq!(status, 201, "{c}");
    let token = app.cart_with(espresso, 3).await;
    let res = app
        .post(
            "/cart/add-item",
            Some(&token),
            json!({ "id": tea, "quantity": 2 }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let res = app
        .post(
            "/cart/apply-coupon",
            Some(&token),
            json!({ "code": "zehn" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().unwrap();
    let (_, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    let lines: Vec<(&Value, &Value, &Value, &Value, &Value)> = o["line_items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                &l["subtotal"],
                &l["subtotal_tax"],
                &l["total"],
                &l["total_tax"],
                &l["tax_class"],
            )
        })
        .collect();
    let j = |s: &str| json!(s);
    assert_eq!(
        lines,
        [
            (&j("30.00"), &j("5.70"), &j("27.00"), &j("5.13"), &j("")),
            (
                &j("20.00"),
                &j("1.40"),
                &j("18.00"),
                &j("1.26"),
                &j("reduced-rate")
            ),
        ],
        "{o}"
    );
    assert_eq!(o["line_items"][1]["taxes"][0]["id"], 2);
    assert_eq!(o["line_items"][1]["price"], json!(9.0));
    assert_eq!(o["shipping_lines"][0]["method_id"], "free_shipping");
    assert_eq!(o["shipping_total"], "0.00");
    assert_eq!(o["tax_lines"].as_array().unwrap().len(), 2);
    assert_eq!(o["tax_lines"][1]["rate_id"], 2);
    assert_eq!(o["discount_total"], "5.00");
    assert_adds_up(&o);

    // The list answers the same amounts.
    let (_, list) = app.wc_get(&m, "/orders").await;
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == id)
        .unwrap();
    assert_eq!(listed["line_items"], o["line_items"]);
    assert_eq!(listed["tax_lines"], o["tax_lines"]);
}

/// The ids a `wc/v3` list (`path` with its query) answers, in its order.
async fn listed(app: &TestApp, who: &common::Login, path: &str) -> Vec<i64> {
    let (status, list) = app.wc_get(who, path).await;
    assert_eq!(status, 200, "{path}: {list}");
    list.as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_i64().unwrap())
        .collect()
}

/// The same ids, sorted.
async fn ids(app: &TestApp, who: &common::Login, path: &str) -> Vec<i64> {
    let mut ids = listed(app, who, path).await;
    ids.sort_unstable();
    ids
}

#[both_databases]
async fn a_connector_fetches_what_changed_since_its_last_run(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (a, b) = espresso_and_sencha(&app, 10).await;
    let token = app.cart_with(b, 1).await;
    let first = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    // The connector's last run: a second after all of that, and a second before what follows
    // (times are whole seconds; each bound is excluded).
    let second_passes = || tokio::time::sleep(std::time::Duration::from_millis(1100));
    second_passes().await;
    // Written as WooCommerce reads a date without a zone: the site's (German) time.
    let mark = laden_domain::dates::german_iso(laden_domain::dates::now());
    second_passes().await;

    // Since then: a sale of A (its stock moved) and the first order completed.
    let token = app.cart_with(a, 2).await;
    let second = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    let (status, _) = app
        .wc_put(
            &m,
            &format!("/orders/{first}"),
            json!({ "status": "completed" }),
        )
        .await;
    assert_eq!(status, 200);

    let q = |path: &str, key: &str| format!("{path}?{key}={mark}");
    let mut both = vec![first, second];
    both.sort_unstable();
    assert_eq!(ids(&app, &m, &q("/orders", "modified_after")).await, both);
    assert_eq!(ids(&app, &m, &q("/orders", "after")).await, [second]);
    assert_eq!(ids(&app, &m, &q("/orders", "before")).await, [first]);
    assert!(ids(&app, &m, &q("/orders", "modified_before"))
        .await
        .is_empty());
    // A sale changes its product (stock, sales): the connector sees the new stock.
    assert_eq!(ids(&app, &m, &q("/products", "modified_after")).await, [a]);
    let (_, changed) = app.wc_get(&m, &q("/products", "modified_after")).await;
    assert_eq!(changed[0]["stock_quantity"], 8);
    let mut products = vec![a, b];
    products.sort_unstable();
    assert_eq!(ids(&app, &m, &q("/products", "before")).await, products);
    assert!(ids(&app, &m, &q("/products", "after")).await.is_empty());

    // By id (in the order asked for), by exclusion, by the product an order holds.
    let path = format!("/orders?include={second},{first}&orderby=include&order=asc");
    assert_eq!(listed(&app, &m, &path).await, [second, first]);
    let path = format!("/orders?exclude={first}");
    assert_eq!(ids(&app, &m, &path).await, [second]);
    assert_eq!(
        ids(&app, &m, &format!("/orders?product={a}")).await,
        [second]
    );
    assert_eq!(
        ids(&app, &m, &format!("/orders?product={b}")).await,
        [first]
    );
    assert_eq!(ids(&app, &m, &format!("/products?exclude={a}")).await, [b]);
    let (status, _) = app.wc_get(&m, "/orders?include=eins").await;
    assert_eq!(status, 400);

    // A date that is none: named, nothing listed.
    let (status, e) = app.wc_get(&m, "/products?modified_after=gestern").await;
    assert_eq!(status, 400);
    common::assert_wp_error(&e, "rest_invalid_param", 400);
    assert!(e["data"]["params"]["modified_after"].is_string(), "{e}");
}

#[both_databases]
async fn top_sellers_count_the_units_of_paid_orders(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (a, b) = espresso_and_sencha(&app, 50).await;
    for (id, units) in [(a, 2), (b, 1), (a, 1)] {
        let token = app.cart_with(id, units).await;
        app.checkout(&token, "invoice").await;
    }
    // A cancelled order sold nothing.
    let token = app.cart_with(b, 5).await;
    let cancelled = app.checkout(&token, "invoice").await["order_id"]
        .as_i64()
        .unwrap();
    let path = format!("/orders/{cancelled}");
    let (status, _) = app
        .wc_put(&m, &path, json!({ "status": "cancelled" }))
        .await;
    assert_eq!(status, 200);

    let (status, top) = app.wc_get(&m, "/reports/top_sellers?period=week").await;
    assert_eq!(status, 200, "{top}");
    assert_eq!(
        top,
        json!([
            { "title": "Espresso", "product_id": a, "quantity": 3 },
            { "title": "Sencha", "product_id": b, "quantity": 1 }
        ])
    );
    let (_, one) = app.wc_get(&m, "/reports/top_sellers?limit=1").await;
    assert_eq!(one, json!([top[0]]));
    // Last month holds none of it.
    let (_, earlier) = app
        .wc_get(&m, "/reports/top_sellers?period=last_month")
        .await;
    assert_eq!(earlier, json!([]));
    for bad in ["limit=0", "period=decade"] {
        let path = format!("/reports/top_sellers?{bad}");
        let (status, e) = app.wc_get(&m, &path).await;
        assert_eq!(status, 400, "{bad}: {e}");
        common::assert_wp_error(&e, "rest_invalid_param", 400);
    }
    let customer = app.staff("customer").await;
    let (status, _) = app.wc_get(&customer, "/reports/top_sellers").await;
    assert_eq!(status, 403);
}

#[both_databases]
async fn orders_tell_when_they_were_paid_and_completed(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (espresso, _) = espresso_and_sencha(&app, 10).await;
    let get = |id: i64| {
        let (app, m) = (&app, &m);
        async move {
            let (status, o) = app.wc_get(m, &format!("/orders/{id}")).await;
            assert_eq!(status, 200, "{o}");
            o
        }
    };
    let set = |id: i64, status: &'static str| {
        let (app, m) = (&app, &m);
        async move {
            let path = format!("/orders/{id}");
            let (code, o) = app.wc_put(m, &path, json!({ "status": status })).await;
            assert_eq!(code, 200, "{o}");
            o
        }
    };
    let dates = |o: &Value| {
        [
            "date_paid",
            "date_paid_gmt",
            "date_completed",
            "date_completed_gmt",
        ]
        .map(|k| o[k].as_str().map(str::to_owned))
    };
    // Each local date is the German time of its UTC twin.
    let german = |gmt: &Option<String>| {
        gmt.as_deref()
            .and_then(laden_domain::dates::parse_iso)
            .map(laden_domain::dates::german_iso)
    };
    let second_passes = || tokio::time::sleep(std::time::Duration::from_millis(1100));

    // Cash on delivery is processing, so paid, from the start; Vorkasse waits on hold.
    let token = app.cart_with(espresso, 1).await;
    let cod = app.checkout(&token, "cod").await["order_id"]
        .as_i64()
        .unwrap();
    let o = get(cod).await;
    assert_eq!(o["date_paid_gmt"], o["date_created_gmt"], "{o}");
    assert_eq!(o["date_completed"], Value::Null);
    let token = app.cart_with(espresso, 1).await;
    let bacs = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    assert_eq!(dates(&get(bacs).await), [None, None, None, None]);

    // The transfer arrives (on hold → processing): paid now.
    second_passes().await;
    let o = set(bacs, "processing").await;
    let [paid, paid_gmt, completed, _] = dates(&o);
    assert!(
        paid_gmt.is_some() && paid_gmt != o["date_created_gmt"].as_str().map(str::to_owned),
        "{o}"
    );
    assert_eq!(paid, german(&paid_gmt));
    assert_eq!(completed, None);

    // Completed later: the payment's date stays; back to processing and completed again, the
    // completion is the last one.
    second_passes().await;
    let o = set(bacs, "completed").await;
    let [_, still_paid, completed, completed_gmt] = dates(&o);
    assert_eq!(still_paid, paid_gmt);
    assert_eq!(completed, german(&completed_gmt));
    assert!(completed_gmt > paid_gmt, "{o}");
    let o = set(bacs, "processing").await;
    assert_eq!(dates(&o)[3], completed_gmt, "the completion is kept: {o}");
    second_passes().await;
    let o = set(bacs, "completed").await;
    let [_, still_paid, _, again] = dates(&o);
    assert_eq!(still_paid, paid_gmt);
    assert!(again > completed_gmt, "{o}");
    // In the list as in the order.
    let (_, list) = app.wc_get(&m, &format!("/orders?include={bacs}")).await;
    assert_eq!(dates(&list[0]), dates(&o));

    // Cancelled before it was paid: never paid.
    let token = app.cart_with(espresso, 1).await;
    let unpaid = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    assert_eq!(
        dates(&set(unpaid, "cancelled").await),
        [None, None, None, None]
    );

    // `set_paid` (WooCommerce's payment_complete): an order waiting for its payment becomes
    // processing and paid; a completed one stays as it is.
    let token = app.cart_with(espresso, 1).await;
    let waiting = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();
    let paid_now = json!({ "set_paid": true });
    let (code, o) = app
        .wc_put(&m, &format!("/orders/{waiting}"), paid_now.clone())
        .await;
    assert_eq!(
        (code, o["status"].as_str()),
        (200, Some("processing")),
        "{o}"
    );
    assert!(o["date_paid"].is_string(), "{o}");
    let (code, o) = app.wc_put(&m, &format!("/orders/{bacs}"), paid_now).await;
    assert_eq!(
        (code, o["status"].as_str()),
        (200, Some("completed")),
        "{o}"
    );
    assert_eq!(dates(&o)[1], paid_gmt);
    let (code, e) = app
        .wc_put(
            &m,
            &format!("/orders/{waiting}"),
            json!({ "set_paid": "vielleicht" }),
        )
        .await;
    assert_eq!(code, 400);
    assert!(e["data"]["params"]["set_paid"].is_string(), "{e}");
}

#[both_databases]
async fn orders_carry_every_field_a_connector_reads(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (espresso, _) = espresso_and_sencha(&app, 5).await;
    let token = app.cart_with(espresso, 1).await;
    let ua = "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0";
    let order = json!({ "billing_address": common::billing(), "payment_method": "bacs",
            "extensions": { "woocommerce/order-attribution": { "source_type": "typein", "utm_source": "(direct)", "user_agent": ua } } });
    let placed = app.post_json("/checkout", Some(&token), order).await;
    let id = placed["order_id"].as_i64().unwrap();
    let path = format!("/orders/{id}");
    let (status, o) = app.wc_get(&m, &path).await;
    assert_eq!(status, 200);
    // Every field of WooCommerce's order schema a connector iterates or reads is there.
    for (field, want) in [
        ("parent_id", json!(0)),
        ("created_via", json!("store-api")),
        ("currency_symbol", json!("€")),
        ("transaction_id", json!("")),
        ("customer_ip_address", json!("")),
        ("customer_user_agent", json!(ua)),
        ("cart_hash", json!("")),
        ("fee_lines", json!([])),
        // Vorkasse: on hold until the transfer, which WooCommerce counts as not awaiting payment.
        ("needs_payment", json!(false)),
        ("is_editable", json!(true)),
    ] {
        assert_eq!(o[field], want, "{field}: {o}");
    }
    // needs_payment and is_editable follow the status, as WooCommerce's do.
    for (status_to, needs_payment, editable) in [
        ("pending", true, true),
        ("processing", false, false),
        ("failed", true, false),
        ("completed", false, false),
    ] {
        let (s, o) = app.wc_put(&m, &path, json!({ "status": status_to })).await;
        assert_eq!(s, 200, "{o}");
        assert_eq!(
            (o["needs_payment"].as_bool(), o["is_editable"].as_bool()),
            (Some(needs_payment), Some(editable)),
            "{status_to}"
        );
    }
    // The list answers the same fields.
    let (_, list) = app.wc_get(&m, "/orders").await;
    assert_eq!(list[0]["fee_lines"], json!([]));
    assert_eq!(list[0]["created_via"], "store-api");
}

#[both_databases]
async fn a_line_shows_its_products_picture_and_a_variation_its_products_name(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (espresso, _) = espresso_and_sencha(&app, 50).await;
    let (sencha, small, _) = app.variable().await;
    let tin = app.upload_jpeg(&m, "sencha-dose.jpg").await;
    let (status, v) = app
        .wc_put(
            &m,
            &format!("/products/{sencha}"),
            json!({ "images": [{ "id": tin }] }),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let token = app.cart_with(small, 1).await;
    assert_eq!(app.add_item(&token, espresso, 1).await.status(), 201);
    let id = app.checkout(&token, "bacs").await["order_id"]
        .as_i64()
        .unwrap();

    let line_of = |o: &Value, i: usize| o["line_items"][i].clone();
    let (_, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    // The variation has no picture of its own: its product's, full size, and its name.
    let tea = line_of(&o, 0);
    assert_eq!(tea["variation_id"], small, "{tea}");
    assert_eq!(tea["parent_name"], "Sencha", "{tea}");
    assert_eq!(tea["image"]["id"], tin, "{tea}");
    let src = tea["image"]["src"].as_str().unwrap();
    let path = src
        .strip_prefix(app.state.config.site_url.as_str())
        .unwrap_or_else(|| panic!("on the site: {src}"));
    assert!(
        path.starts_with("/uploads/") && path.ends_with("sencha-dose.jpg"),
        "{src}"
    );
    assert_eq!(app.get(path).await.status(), 200, "{src}");
    // A product of its own has no parent name; without a picture, id 0 and no address.
    let coffee = line_of(&o, 1);
    assert_eq!(coffee["parent_name"], Value::Null, "{coffee}");
    assert_eq!(coffee["image"], json!({ "id": 0, "src": "" }));

    // WooCommerce reads the product as it is now: the variation's own picture, once it has one,
    // in the list as in the single answer.
    let cup = app.upload_jpeg(&m, "sencha-tasse.jpg").await;
    let (status, v) = app
        .wc_put(
            &m,
            &format!("/products/{sencha}/variations/{small}"),
            json!({ "image": { "id": cup } }),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let (_, list) = app.wc_get(&m, &format!("/orders?include={id}")).await;
    let tea = line_of(&list[0], 0);
    assert_eq!(tea["image"]["id"], cup, "{tea}");
    assert!(tea["image"]["src"]
        .as_str()
        .unwrap()
        .ends_with("sencha-tasse.jpg"));
    assert_eq!(tea["parent_name"], "Sencha");

    // A product deleted since leaves its line as sold, without a picture or parent name.
    let (status, v) = app
        .wc_delete(&m, &format!("/products/{sencha}?force=true"))
        .await;
    assert_eq!(status, 200, "{v}");
    let (status, o) = app.wc_get(&m, &format!("/orders/{id}")).await;
    assert_eq!(status, 200, "{o}");
    let tea = line_of(&o, 0);
    assert_eq!(tea["variation_id"], small, "{tea}");
    assert!(tea["name"].as_str().unwrap().starts_with("Sencha"), "{tea}");
    assert_eq!(tea["parent_name"], Value::Null, "{tea}");
    assert_eq!(tea["image"], json!({ "id": 0, "src": "" }), "{tea}");
}
