//! Goods German law treats apart, over HTTP on SQLite and PostgreSQL: defects (B-Ware, § 476 (1)
//! BGB), used goods with a one-year limitation period (§ 476 (2) BGB) and a minimum age. The
//! shop states them (wc/v3 under Germanized's meta keys, the CSV), the product and the cart say
//! them, and no order is placed until the shopper has agreed to each in a checkbox of its own;
//! the order and its confirmation keep what was agreed.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, TestApp};
use laden_http::mail::preview;
use laden_store::import::Importer;
use serde_json::{json, Value};

fn meta(v: &Value, key: &str) -> Value {
    common::meta(v, key).unwrap_or(Value::Null)
}

const DEFECTS: &str = "Ich wurde darauf hingewiesen, dass die folgenden Artikel Mängel aufweisen, und nehme diese ausdrücklich an: Kaffeemühle (B-Ware): Delle an der Seite";

#[both_databases]
async fn goods_the_law_treats_apart_need_the_shoppers_express_agreement(app: TestApp) {
    let admin = app.staff("administrator").await;
    let create = |name: &str, sku: &str, meta: Value| json!({ "name": name, "sku": sku, "regular_price": "49.90", "manage_stock": true, "stock_quantity": 5, "meta_data": meta });

    // Values out of bounds are refused, each named, in German, and nothing is made.
    for (bad, field, message) in [
        (
            json!([{ "key": "_min_age", "value": "30" }]),
            "meta_data._min_age",
            "Das Mindestalter muss eine ganze Zahl von 0 bis 21 sein.",
        ),
        (
            json!([{ "key": "_min_age", "value": "achtzehn" }]),
            "meta_data._min_age",
            "Das Mindestalter muss eine ganze Zahl von 0 bis 21 sein.",
        ),
        (
            json!([{ "key": "_min_age", "value": -1 }]),
            "meta_data._min_age",
            "Das Mindestalter muss eine ganze Zahl von 0 bis 21 sein.",
        ),
        (
            json!([{ "key": "_defect_description", "value": "x".repeat(1001) }]),
            "meta_data._defect_description",
            "Die Mängelbeschreibung darf höchstens 1000 Zeichen lang sein.",
        ),
        (
            json!([{ "key": "_is_used_good", "value": "vielleicht" }]),
            "meta_data._is_used_good",
            "Ungültiger Wert.",
        ),
    ] {
        let (status, v) = app
            .wc_post(&admin, "/products", create("Falsch", "F-1", bad.clone()))
            .await;
        assert_eq!(status, 400, "{bad}: {v}");
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert_eq!(v["data"]["params"][field], message, "{bad}: {v}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM products").await, 0);

    // The shop states them under Germanized's keys; the defects are kept as one line.
    let (status, mill) = app
        .wc_post(
            &admin,
            "/products",
            create(
                "Kaffeemühle (B-Ware)",
                "M-B",
                json!([{ "key": "_defect_description", "value": "  Delle\n an der   Seite " }]),
            ),
        )
        .await;
    assert_eq!(status, 201, "{mill}");
    assert_eq!(meta(&mill, "_defect_description"), "Delle an der Seite");
    let (_, rum) = app
        .wc_post(
            &admin,
            "/products",
            create("Rum", "R-18", json!([{ "key": "_min_age", "value": 18 }])),
        )
        .await;
    assert_eq!(meta(&rum, "_min_age"), "18");
    let (_, wine) = app
        .wc_post(
            &admin,
            "/products",
            create(
                "Rotwein",
                "W-16",
                json!([{ "key": "_min_age", "value": "16" }]),
            ),
        )
        .await;
    let (_, pot) = app
        .wc_post(
            &admin,
            "/products",
            create(
                "Kanne",
                "K-U",
                json!([{ "key": "_is_used_good", "value": "yes" }]),
            ),
        )
        .await;
    assert_eq!(meta(&pot, "_is_used_good"), "yes");
    let (_, cup) = app
        .wc_post(&admin, "/products", create("Tasse", "T-1", json!([])))
        .await;
    for key in ["_defect_description", "_is_used_good", "_min_age"] {
        assert_eq!(
            meta(&cup, key),
            Value::Null,
            "{key}: a plain product states none"
        );
    }
    let id = |v: &Value| v["id"].as_i64().unwrap();

    // The Store API and the product page tell the shopper before buying.
    let v = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{}", id(&mill)))
            .await,
    )
    .await;
    assert_eq!(
        v["extensions"]["laden"]["special"],
        json!({ "defect_description": "Delle an der Seite", "used_good": false, "min_age": 0, "photovoltaic": false })
    );
    let html = app
        .html(
            &format!("/produkt/{}/", mill["slug"].as_str().unwrap()),
            None,
        )
        .await;
    assert!(html.contains(r#""special":{"defect_description":"Delle an der Seite","used_good":false,"min_age":0,"photovoltaic":false}"#), "the product page has the defects");
    let html = app
        .html(
            &format!("/produkt/{}/", rum["slug"].as_str().unwrap()),
            None,
        )
        .await;
    assert!(
            html.contains(r#""special":{"defect_description":"","used_good":false,"min_age":18,"photovoltaic":false}"#),
            "the product page has the age"
        );

    // A cart of plain goods has none of these checkboxes to tick.
    let token = app.cart_with(id(&cup), 1).await;
    let (status, v) = app
        .check_out_ticking(&token, &["terms", "age_verification"])
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["extensions.laden.checkboxes"].is_string(),
        "{v}"
    );

    // A cart of all of them: each checkbox is asked for, and nothing is ordered without them.
    let token = app.cart_with(id(&mill), 1).await;
    for p in [&rum, &wine, &pot, &cup] {
        assert_eq!(app.add_item(&token, id(p), 1).await.status(), 201);
    }
    let cart = app.cart(&token).await;
    assert_eq!(
        cart["items"][1]["extensions"]["laden"]["special"]["min_age"],
        18
    );
    assert_eq!(
        cart["items"][3]["extensions"]["laden"]["special"]["used_good"],
        true
    );
    let (status, v) = app.check_out_ticking(&token, &["terms"]).await;
    assert_eq!(status, 400, "{v}");
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(
        v["data"]["params"],
        json!({
            "defective_copy": "Bitte bestätigen Sie, dass Sie die Mängel der Artikel annehmen.",
            "used_goods_warranty": "Bitte stimmen Sie der einjährigen Verjährungsfrist für die gebrauchten Artikel zu.",
            "age_verification": "Bitte bestätigen Sie Ihr Alter.",
        })
    );
    let (status, v) = app
        .check_out_ticking(&token, &["terms", "defective_copy", "used_goods_warranty"])
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"],
        json!({ "age_verification": "Bitte bestätigen Sie Ihr Alter." })
    );
    // Refused for its address too, the checkout names the missing agreements in the same
    // answer, so a client learns every problem at once.
    let mut nameless = billing();
    nameless["last_name"] = json!("");
    let res = app
            .post(
                "/checkout",
                Some(&token),
                json!({ "billing_address": nameless, "payment_method": "cod",
                        "extensions": { "laden": { "checkboxes": ["terms", "defective_copy", "used_goods_warranty"] } } }),
            )
            .await;
    assert_eq!(res.status(), 400);
    let params = &body(res).await["data"]["params"];
    assert!(params["billing_address.last_name"].is_string(), "{params}");
    assert_eq!(
        params["age_verification"],
        "Bitte bestätigen Sie Ihr Alter."
    );
    assert_eq!(params.as_object().unwrap().len(), 2, "{params}");
    assert_eq!(app.store.order_count().await.unwrap(), 0);
    assert_eq!(app.stock(id(&mill)).await, Some(5));

    let (status, v) = app
        .check_out_ticking(
            &token,
            &[
                "terms",
                "defective_copy",
                "used_goods_warranty",
                "age_verification",
            ],
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let order = app.order(v["order_id"].as_i64().unwrap()).await;
    let kept = common::agreements(&order);
    assert_eq!(
            kept[1..],
            [
                ("defective_copy", DEFECTS),
                ("used_goods_warranty", "Ich bin ausdrücklich damit einverstanden, dass Mängelansprüche bei diesen gebrauchten Artikeln nach einem Jahr verjähren: Kanne"),
                ("age_verification", "Ich bestätige, dass ich mindestens 18 Jahre alt bin."),
            ]
        );
    // The confirmation, on a durable medium, says what was agreed.
    let mails = app.store.order_mails(order.id).await.unwrap();
    let p = preview(&app.state, &mails[0]).await.unwrap();
    assert!(p.text.contains(DEFECTS), "{}", p.text);
    assert!(
        p.text
            .contains("Ich bestätige, dass ich mindestens 18 Jahre alt bin."),
        "{}",
        p.text
    );

    // A product that is no longer B-Ware asks for nothing more.
    let change = json!([{ "key": "_defect_description", "value": "" }]);
    let (status, v) = app.put_meta(&admin, id(&mill), change).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(meta(&v, "_defect_description"), Value::Null);
    let token = app.cart_with(id(&mill), 1).await;
    let (status, v) = app.check_out_ticking(&token, &["terms"]).await;
    assert_eq!(status, 201, "{v}");
}

#[both_databases]
async fn the_order_checks_the_agreements_against_the_cart_as_it_takes_it(app: TestApp) {
    let admin = app.staff("administrator").await;
    let (_, cup) = app
        .wc_post(
            &admin,
            "/products",
            json!({ "name": "Tasse", "regular_price": "9.00" }),
        )
        .await;
    let (_, rum) = app
            .wc_post(&admin, "/products", json!({ "name": "Rum", "regular_price": "29.00", "meta_data": [{ "key": "_min_age", "value": "18" }] }))
            .await;
    // The shopper's checkout page read a cart of a cup; rum joins it (another tab) before the
    // order is placed with what that page asked for.
    let token = app.cart_with(cup["id"].as_i64().unwrap(), 1).await;
    assert_eq!(
        app.add_item(&token, rum["id"].as_i64().unwrap(), 1)
            .await
            .status(),
        201
    );
    let mut input = laden_store::CheckoutInput::parse(
        serde_json::from_value(billing()).unwrap(),
        None,
        "cod",
        "",
        json!({}),
        "",
        &["DE".to_owned()],
    )
    .unwrap();
    input.ticked = vec!["terms".into()];
    let refused = app.store.place_order(&token, input.clone()).await;
    match refused {
        Err(laden_store::StoreError::Invalid(problems)) => assert_eq!(
            problems,
            [(
                "age_verification".to_owned(),
                "Bitte bestätigen Sie Ihr Alter.".to_owned()
            )]
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(app.store.order_count().await.unwrap(), 0);
    // Agreed for the cart as it is, the order goes through and keeps the agreement.
    input.ticked.push("age_verification".into());
    let placed = app.store.place_order(&token, input).await.unwrap();
    let order = app.order(placed.id).await;
    assert_eq!(order.items.len(), 2);
    assert_eq!(order.legal[0]["id"], "age_verification");
    assert_eq!(
        order.legal[0]["text"],
        "Ich bestätige, dass ich mindestens 18 Jahre alt bin."
    );
}

#[both_databases]
async fn the_csv_carries_defects_used_goods_and_ages_both_ways(app: TestApp) {
    let import = |csv: &'static str| {
        let store = app.store.clone();
        let uploads = app.uploads.clone();
        async move {
            Importer::new(&store, uploads.clone(), uploads, "import")
                .import_bytes(csv.as_bytes(), &mut |_, _| {})
                .await
                .unwrap()
        }
    };
    let report = import("Type,SKU,Name,Regular price,Meta: _defect_description,Meta: _is_used_good,Meta: _min_age\n\
            simple,M-B,Kaffeemühle (B-Ware),49.90,Delle an der Seite,no,\n\
            simple,K-U,Kanne,19.90,,yes,\n\
            simple,R-18,Rum,29.90,,,18\n\
            simple,F-1,Falsch,9.90,,,40\n").await;
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(
        format!("{:?}", report.errors[0])
            .contains("Das Mindestalter muss eine ganze Zahl von 0 bis 21 sein."),
        "{:?}",
        report.errors
    );
    let details = |sku: &'static str| {
        let store = app.store.clone();
        async move {
            let id = store.product_id_by_sku(sku).await.unwrap().unwrap();
            store.product(id).await.unwrap().details
        }
    };
    let d = details("M-B").await;
    assert_eq!(
        (d.defect_description.as_str(), d.used_good, d.min_age),
        ("Delle an der Seite", false, 0)
    );
    let d = details("K-U").await;
    assert_eq!(
        (d.defect_description.as_str(), d.used_good, d.min_age),
        ("", true, 0)
    );
    assert_eq!(details("R-18").await.min_age, 18);

    // The export writes them back under the same columns.
    let csv = app.export_csv().await;
    let mut lines = csv.lines();
    let header: Vec<&str> = lines
        .next()
        .unwrap()
        .trim_start_matches('\u{feff}')
        .split(',')
        .collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (defect, used, age) = (
        col("Meta: _defect_description"),
        col("Meta: _is_used_good"),
        col("Meta: _min_age"),
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| {
            l.split(',')
                .map(|c| c.trim_matches('"').to_owned())
                .collect()
        })
        .collect();
    let row = |sku: &str| {
        rows.iter()
            .find(|r| r.iter().any(|c| c == sku))
            .unwrap()
            .clone()
    };
    assert_eq!(row("M-B")[defect], "Delle an der Seite");
    assert_eq!(row("K-U")[used], "yes");
    assert_eq!(row("R-18")[age], "18");
    assert_eq!(row("M-B")[age], "");
}

#[both_databases]
async fn a_variation_answers_what_it_states_itself_and_takes_the_rest_from_its_product(
    app: TestApp,
) {
    let admin = app.staff("administrator").await;
    let (parent, small, _) = app.variable().await;
    let change = json!([{ "key": "_min_age", "value": "16" }]);
    let (status, v) = app.put_meta(&admin, parent, change).await;
    assert_eq!(status, 200, "{v}");
    let own = json!({ "meta_data": [
            { "key": "_defect_description", "value": "Dose verbeult" },
            { "key": "laden_delivery_time", "value": "5–7 Werktage" },
        ] });
    let path = format!("/products/{parent}/variations/{small}");
    let (status, v) = app.wc_put(&admin, &path, own).await;
    assert_eq!(status, 200, "{v}");
    // wc/v3 answers a variation's own fields (the admin's editor writes back what it reads).
    let (_, v) = app.wc_get(&admin, &path).await;
    assert_eq!(meta(&v, "_defect_description"), "Dose verbeult");
    assert_eq!(meta(&v, "laden_delivery_time"), "5–7 Werktage");
    assert_eq!(
        meta(&v, "_min_age"),
        Value::Null,
        "the age is the product's"
    );
    // In the cart, the variation has its defects and its product's age.
    let token = app.cart_with(small, 1).await;
    let cart = app.cart(&token).await;
    assert_eq!(
        cart["items"][0]["extensions"]["laden"]["special"],
        json!({ "defect_description": "Dose verbeult", "used_good": false, "min_age": 16, "photovoltaic": false })
    );
    let (status, v) = app
        .check_out_ticking(&token, &["terms", "defective_copy"])
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"],
        json!({ "age_verification": "Bitte bestätigen Sie Ihr Alter." })
    );
}
