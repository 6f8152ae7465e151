//! Deposits (Pfand) over HTTP on SQLite and PostgreSQL. The shop keeps its deposit types
//! (`wp/v2/settings` `laden_deposit_types`: a name, single-use or reusable, an amount); a product
//! names one by `_deposit_type` with `_deposit_quantity` units per item (Germanized's keys). The
//! deposit is shown beside the price (§ 7 PAngV) in the Store API, the listing and the product's
//! page, and charged in the cart as a fee at the goods' VAT rate, untouched by coupons and not
//! counting towards free shipping; the order keeps it as sold, `wc/v3` answers it as fee lines,
//! the invoice lists it as lines of its own, and a refund can give it back. Bad input is refused,
//! each field named in German, and changes nothing.

use crate::common;

use common::invoice::{assert_valid, check, seller, staff_pdf, store_order};
use common::{assert_wp_error, body, both_databases, meta, refused, Backend, Login, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

/// The shop's deposit types after [`keep_types`]: the default single-use one renamed, a reusable
/// milk bottle and a beer crate.
fn types() -> Value {
    json!([
        { "slug": "einwegpfand", "name": "Einweg (PET und Dose)", "packaging": "disposable", "amount": "0.25" },
        { "name": "Milchflasche", "packaging": "reusable", "amount": "0,15" },
        { "name": "Bierkasten 20 × 0,5 l", "packaging": "reusable", "amount": "3.10" },
    ])
}

async fn keep_types(app: &TestApp, admin: &Login) -> Value {
    app.save_settings(admin, json!({ "laden_deposit_types": types() }))
        .await
}

/// A deposit as the Store API words it beside a price.
fn deposit(amount: i64, unit: i64, units: u32, name: &str, packaging: &str, notice: &str) -> Value {
    json!({
        "amount": amount, "unit_amount": unit, "units": units, "name": name,
        "packaging": packaging, "notice": notice
    })
}

fn water_deposit() -> Value {
    deposit(
        150,
        25,
        6,
        "Einweg (PET und Dose)",
        "disposable",
        "zzgl. 1,50\u{a0}€ Pfand (6 × 0,25\u{a0}€, Einweg)",
    )
}

#[both_databases]
async fn deposit_types_are_kept_and_checked(app: TestApp) {
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;

    // A new shop has the single-use deposit the law sets.
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        s["laden_deposit_types"],
        json!([{ "slug": "einwegpfand", "name": "Einwegpfand", "packaging": "disposable", "amount": "0.25" }]),
        "{s}"
    );

    // Refused by path, in German, nothing saved.
    for (list, field, message) in [
        (
            json!([{ "name": " ", "packaging": "reusable", "amount": "0.08" }]),
            "laden_deposit_types.0.name",
            "Bitte benennen Sie die Pfandart (höchstens 100 Zeichen).",
        ),
        (
            json!([
                { "name": "Mehrweg Glas", "packaging": "reusable", "amount": "0.08" },
                { "name": "mehrweg  GLAS", "packaging": "reusable", "amount": "0.15" }
            ]),
            "laden_deposit_types.1.name",
            "Eine andere Pfandart hat diesen Namen.",
        ),
        (
            json!([{ "name": "Kasten", "packaging": "reusable", "amount": "0" }]),
            "laden_deposit_types.0.amount",
            "Bitte geben Sie ein Pfand von 0,01 € bis 100,00 € ein.",
        ),
        (
            json!([{ "name": "Kasten", "packaging": "reusable", "amount": "100.01" }]),
            "laden_deposit_types.0.amount",
            "Bitte geben Sie ein Pfand von 0,01 € bis 100,00 € ein.",
        ),
        (
            json!([{ "name": "Kasten", "packaging": "reusable", "amount": "drei Euro" }]),
            "laden_deposit_types.0.amount",
            "Bitte geben Sie ein Pfand von 0,01 € bis 100,00 € ein.",
        ),
        (
            json!([{ "name": "Kasten", "packaging": "glass", "amount": "1.50" }]),
            "laden_deposit_types.0.packaging",
            "packaging ist keiner von disposable, reusable.",
        ),
        (
            json!([{ "name": "Kasten" }, "Flasche"]),
            "laden_deposit_types.1",
            "laden_deposit_types.1 ist kein Objekt.",
        ),
    ] {
        let (status, v) = app
            .change_settings(&admin, json!({ "laden_deposit_types": list }))
            .await;
        assert_eq!(status, 400, "{list}: {v}");
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert_eq!(v["data"]["params"][field], message, "{list}: {v}");
    }
    let s = app.get_as(&admin, "/wp/v2/settings").await;
    assert_eq!(
        s["laden_deposit_types"][0]["name"], "Einwegpfand",
        "nothing saved"
    );
    assert_eq!(s["laden_deposit_types"].as_array().unwrap().len(), 1);
    // Shop managers do not change the shop's settings.
    let (status, _) = app
        .change_settings(&manager, json!({ "laden_deposit_types": types() }))
        .await;
    assert_eq!(status, 403);

    // Kept: a renamed type keeps its slug (products naming it still do), a new one's is made
    // from its name, amounts come back as decimal text.
    let s = keep_types(&app, &admin).await;
    assert_eq!(
        s["laden_deposit_types"],
        json!([
            { "slug": "einwegpfand", "name": "Einweg (PET und Dose)", "packaging": "disposable", "amount": "0.25" },
            { "slug": "milchflasche", "name": "Milchflasche", "packaging": "reusable", "amount": "0.15" },
            { "slug": "bierkasten-20-0-5-l", "name": "Bierkasten 20 × 0,5 l", "packaging": "reusable", "amount": "3.10" },
        ]),
        "{s}"
    );
    // A shop without deposits keeps none.
    let s = app
        .save_settings(&admin, json!({ "laden_deposit_types": [] }))
        .await;
    assert_eq!(s["laden_deposit_types"], json!([]));
}

#[both_databases]
async fn a_deposit_is_shown_beside_the_price_and_charged_with_the_goods(db: Backend) {
    // Rendered pages: the deposit is in the server's HTML.
    let app = TestApp::start_with(db, true).await;
    seller(&app, "order").await;
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;
    keep_types(&app, &admin).await;
    let water = app
        .simple(
            "Mineralwasser still 6 × 1,5 l",
            "W-6",
            594,
            TaxClass::Standard,
            Some(50),
        )
        .await;
    let milk = app
        .simple("Frischmilch 1 l", "M-1", 129, TaxClass::Reduced, Some(50))
        .await;

    // A product names a type the shop keeps, by slug or name, with a whole number of units.
    let put = |id: i64, meta: Value| app.put_meta(&manager, id, meta);
    for (meta, field, message) in [
        (
            json!([{ "key": "_deposit_type", "value": "Pfandflasche" }]),
            "meta_data._deposit_type",
            "Diese Pfandart gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an.",
        ),
        (
            json!([
                { "key": "_deposit_type", "value": "einwegpfand" },
                { "key": "_deposit_quantity", "value": "0" }
            ]),
            "meta_data._deposit_quantity",
            "Die Pfandmenge muss eine ganze Zahl von 1 bis 1.000 sein.",
        ),
        (
            json!([{ "key": "_deposit_quantity", "value": "sechs" }]),
            "meta_data._deposit_quantity",
            "Die Pfandmenge muss eine ganze Zahl von 1 bis 1.000 sein.",
        ),
    ] {
        let (status, v) = put(water, meta.clone()).await;
        assert_eq!(status, 400, "{meta}: {v}");
        assert_eq!(v["data"]["params"][field], message, "{v}");
    }
    let sp = app.store_product(water).await;
    assert_eq!(
        sp["extensions"]["laden"]["deposit"],
        Value::Null,
        "nothing saved"
    );
    let (status, p) = put(
        water,
        json!([
            { "key": "_deposit_type", "value": "Einweg (PET und Dose)" },
            { "key": "_deposit_quantity", "value": 6 }
        ]),
    )
    .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_deposit_type"), Some(json!("einwegpfand")));
    assert_eq!(meta(&p, "_deposit_quantity"), Some(json!("6")));
    let (status, _) = put(
        milk,
        json!([{ "key": "_deposit_type", "value": "milchflasche" }]),
    )
    .await;
    assert_eq!(status, 200);

    // Beside the price: the single product, the listing's card, and the page's HTML.
    let sp = app.store_product(water).await;
    assert_eq!(
        sp["extensions"]["laden"]["deposit"],
        water_deposit(),
        "{sp}"
    );
    assert_eq!(sp["prices"]["price"], "594", "the price stays without it");
    let list = body(
        app.get("/wp-json/wc/store/v1/products?search=Frischmilch")
            .await,
    )
    .await;
    assert_eq!(
        list[0]["extensions"]["laden"]["deposit"],
        deposit(
            15,
            15,
            1,
            "Milchflasche",
            "reusable",
            "zzgl. 0,15\u{a0}€ Pfand (Mehrweg)"
        ),
        "{list}"
    );
    let html = app
        .html(&format!("/produkt/{}/", sp["slug"].as_str().unwrap()), None)
        .await;
    assert!(
            html.contains(
                "<span class=\"price__deposit\">zzgl. 1,50\u{a0}€ Pfand (6 × 0,25\u{a0}€, Einweg)</span>"
            ),
            "the notice in the product's page"
        );

    // The cart: 2 × 5,94 € water (19 %) with 2 × 1,50 € deposit, 3 × 1,29 € milk (7 %) with
    // 3 × 0,15 €. A 10 % coupon takes 1,58 € off the goods (15,75 €), nothing off the 3,45 €
    // deposit; shipping 4,90 € (goods under 50 €). Total 14,17 + 3,45 + 4,90 = 22,52 €.
    let (status, _) = app
        .wc_post(
            &manager,
            "/coupons",
            json!({ "code": "herbst", "discount_type": "percent", "amount": "10" }),
        )
        .await;
    assert_eq!(status, 201);
    let token = app.cart_with(water, 2).await;
    assert_eq!(app.add_item(&token, milk, 3).await.status(), 201);
    let res = app
        .post(
            "/cart/apply-coupon",
            Some(&token),
            json!({ "code": "herbst" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let cart = app.cart(&token).await;
    let t = &cart["totals"];
    assert_eq!(t["total_price"], "2252", "{t}");
    assert_eq!(t["extensions"]["laden"]["total_fees_gross"], "345", "{t}");
    assert_eq!(
        t["extensions"]["laden"]["total_discount_gross"], "158",
        "{t}"
    );
    // Deposit VAT: 3,00 € at 19 % holds 0,48 €, 0,45 € at 7 % holds 0,03 €.
    assert_eq!(
        (&t["total_fees"], &t["total_fees_tax"]),
        (&json!("294"), &json!("51"))
    );
    let parts: i64 = ["total_items_tax", "total_fees_tax", "total_shipping_tax"]
        .iter()
        .map(|k| t[k].as_str().unwrap().parse::<i64>().unwrap())
        .sum::<i64>()
        - t["total_discount_tax"]
            .as_str()
            .unwrap()
            .parse::<i64>()
            .unwrap();
    assert_eq!(parts.to_string(), t["total_tax"].as_str().unwrap(), "{t}");
    let fees: Vec<(&Value, &Value, &Value)> = cart["fees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (&f["name"], &f["totals"]["total"], &f["totals"]["total_tax"]))
        .collect();
    assert_eq!(
        fees,
        [
            (
                &json!("Pfand für Mineralwasser still 6 × 1,5 l"),
                &json!("252"),
                &json!("48")
            ),
            (
                &json!("Pfand für Frischmilch 1 l"),
                &json!("42"),
                &json!("3")
            ),
        ],
        "{cart}"
    );
    assert_eq!(
        cart["items"][0]["extensions"]["laden"]["deposit"],
        water_deposit()
    );
    // The line without it: its net and VAT make the goods' 11,88 €.
    let line = &cart["items"][0]["totals"];
    let cents = |k: &str| line[k].as_str().unwrap().parse::<i64>().unwrap();
    assert_eq!(
        cents("line_total") + cents("line_total_tax"),
        1188,
        "the line without it"
    );

    // The order keeps it as sold: per item, with the type as it was.
    let placed = app.checkout(&token, "bacs").await;
    let id = placed["order_id"].as_i64().unwrap();
    let o = app.order(id).await;
    assert_eq!((o.total, o.deposit_total, o.deposit_tax), (2252, 345, 51));
    assert_eq!(
        o.items
            .iter()
            .map(|i| (i.deposit, i.deposit_total()))
            .collect::<Vec<_>>(),
        [(150, 300), (15, 45)]
    );
    let seen = store_order(&app, &o).await;
    assert_eq!(seen["totals"]["total_fees"], "294", "{seen}");
    assert_eq!(
        seen["fees"][0]["name"],
        "Pfand für Mineralwasser still 6 × 1,5 l"
    );
    assert_eq!(
        seen["items"][0]["extensions"]["laden"]["deposit"],
        water_deposit()
    );
    // A type renamed later leaves the order as sold.
    app.set(|s| s.shop.deposit_types[0].name = "Einweg".into())
        .await;
    let seen = store_order(&app, &app.order(id).await).await;
    assert_eq!(
        seen["items"][0]["extensions"]["laden"]["deposit"],
        water_deposit()
    );

    // wc/v3: the deposits are fee lines after the line items, net with their VAT, and every
    // line's, fee's and shipping's VAT adds up to the order's.
    let (_, wc) = app.wc_get(&manager, &format!("/orders/{id}")).await;
    let fee_lines: Vec<(&Value, &Value, &Value, &Value)> = wc["fee_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (&f["id"], &f["name"], &f["total"], &f["total_tax"]))
        .collect();
    assert_eq!(
        fee_lines,
        [
            (
                &json!(3),
                &json!("Pfand für Mineralwasser still 6 × 1,5 l"),
                &json!("2.52"),
                &json!("0.48")
            ),
            (
                &json!(4),
                &json!("Pfand für Frischmilch 1 l"),
                &json!("0.42"),
                &json!("0.03")
            ),
        ],
        "{wc}"
    );
    assert_eq!(wc["fee_lines"][1]["tax_class"], "reduced-rate");
    let kept: Vec<(&Value, &Value)> = wc["fee_lines"][0]["meta_data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (&m["key"], &m["value"]))
        .collect();
    assert_eq!(
        kept,
        [
            (
                &json!("laden_deposit_type"),
                &json!("Einweg (PET und Dose)")
            ),
            (&json!("laden_deposit_packaging"), &json!("disposable")),
            (&json!("laden_deposit_amount"), &json!("0.25")),
            (&json!("laden_deposit_units"), &json!(6)),
        ],
        "the type as sold, renamed since"
    );
    let cents = |v: &Value| (v.as_str().unwrap().parse::<f64>().unwrap() * 100.0).round() as i64;
    let vat: i64 = wc["line_items"]
        .as_array()
        .unwrap()
        .iter()
        .chain(wc["fee_lines"].as_array().unwrap())
        .map(|l| cents(&l["total_tax"]))
        .sum::<i64>()
        + cents(&wc["shipping_tax"]);
    assert_eq!(vat, cents(&wc["total_tax"]), "{wc}");
    assert_eq!(
        cents(&wc["cart_tax"]) + cents(&wc["shipping_tax"]),
        cents(&wc["total_tax"])
    );

    // The invoice lists the deposits as lines of their own and adds up as EN 16931 checks.
    let res = staff_pdf(&app, Some(&manager), o.invoices[0].id).await;
    assert_eq!(res.status(), 200);
    let read = check(&[res.bytes().await.unwrap().to_vec()]);
    assert_valid(&read[0]);
    assert_eq!(read[0]["grand_total"], 2252);
    let names: Vec<&str> = read[0]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Mineralwasser still 6 × 1,5 l",
            "Frischmilch 1 l",
            "Pfand für Mineralwasser still 6 × 1,5 l",
            "Pfand für Frischmilch 1 l",
        ]
    );
    assert_eq!(
        read[0]["lines"][2]["characteristics"],
        json!([[
            "Pfandart",
            "Einweg (PET und Dose) (6 × 0,25\u{a0}€, Einweg)"
        ]])
    );
    let taxes = &read[0]["taxes"];
    assert_eq!(
        (&taxes["19"]["vat"], &taxes["7"]["vat"]),
        (&json!(277), &json!(34)),
        "{taxes}"
    );

    // The empties come back: the deposit of one pack is refunded by its fee line, at 19 %,
    // and no water goes back into stock.
    let (status, r) = app
            .call(
                Method::POST,
                &format!("/wc/v3/orders/{id}/refunds"),
                Some(&manager),
                Some(json!({ "api_refund": false, "reason": "Leergut", "line_items": [{ "id": 3, "quantity": 1 }] })),
            )
            .await;
    assert_eq!(status, 201, "{r}");
    assert_eq!(r["amount"], "1.50");
    assert_eq!(
        r["line_items"][0]["name"],
        "Pfand für Mineralwasser still 6 × 1,5 l"
    );
    assert_eq!(app.stock(water).await, Some(48));
    let o = app.order(id).await;
    let partial = o.invoices.last().unwrap();
    let res = staff_pdf(&app, Some(&manager), partial.id).await;
    let read = check(&[res.bytes().await.unwrap().to_vec()]);
    assert_valid(&read[0]);
    assert_eq!(read[0]["grand_total"], 150);
    assert_eq!(read[0]["taxes"]["19"]["vat"], 24);
    // No more than was charged: the other pack's deposit is all that is left of the line.
    let (status, v) = app
        .call(
            Method::POST,
            &format!("/wc/v3/orders/{id}/refunds"),
            Some(&manager),
            Some(json!({ "api_refund": false, "line_items": [{ "id": 3, "quantity": 2 }] })),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["line_items.0.quantity"].is_string(),
        "{v}"
    );
}

const CSV: &str = "Type,SKU,Name,Published,In stock?,Stock,Regular price,Tax class,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _deposit_type,Meta: _deposit_quantity
simple,W-6,Mineralwasser 6 × 1 l,1,1,20,4.49,,,,,,,Einwegpfand,6
simple,B-20,Pils 20 × 0.5 l,1,1,20,17.99,,,,,,,bierkasten-20-0-5-l,
variable,SAFT,Apfelsaft,1,1,,,reduced-rate,,Flasche,\"Glas, PET\",1,0,einwegpfand,
variation,SAFT-G,,1,1,10,2.49,parent,SAFT,Flasche,Glas,,,Milchflasche,1
variation,SAFT-P,,1,1,10,1.99,parent,SAFT,Flasche,PET,,,,
simple,X-1,Pfandlos,1,1,20,1.00,,,,,,,Pfandflasche,
simple,X-2,Nullpfand,1,1,20,1.00,,,,,,,einwegpfand,0
";

#[both_databases]
async fn deposits_travel_through_the_csv_and_variations(app: TestApp) {
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;
    keep_types(&app, &admin).await;
    let report = app.import_report(CSV.as_bytes()).await;
    // The type by name or slug; one the shop lacks and a quantity of 0 are refused at their
    // columns.
    assert_eq!(
            refused(&report),
            [
                (7, "_deposit_type: Diese Pfandart gibt es nicht: Legen Sie sie zuerst in den Shop-Einstellungen an."),
                (8, "_deposit_quantity: Die Pfandmenge muss eine ganze Zahl von 1 bis 1.000 sein."),
            ],
        );
    let water = app.id_by_sku("W-6").await;
    let beer = app.id_by_sku("B-20").await;
    let juice = app.id_by_sku("SAFT").await;
    let pet = app.id_by_sku("SAFT-P").await;
    let glass = app.id_by_sku("SAFT-G").await;
    let at = |id: i64| {
        let app = &app;
        async move { app.store_product(id).await["extensions"]["laden"]["deposit"].clone() }
    };
    assert_eq!(
        at(water).await["notice"],
        "zzgl. 1,50\u{a0}€ Pfand (6 × 0,25\u{a0}€, Einweg)"
    );
    assert_eq!(at(beer).await["amount"], 310);
    // A variation without its own takes its product's; one with its own charges that.
    assert_eq!(at(pet).await["name"], "Einweg (PET und Dose)");
    assert_eq!(at(glass).await["name"], "Milchflasche");
    // The variable product: its own beside the "ab" price.
    assert_eq!(at(juice).await["amount"], 25);

    // The cart charges the variation's.
    let token = app.new_cart().await;
    let res = app
            .post(
                "/cart/add-item",
                Some(&token),
                json!({ "id": juice, "quantity": 2, "variation": [{ "attribute": "Flasche", "value": "Glas" }] }),
            )
            .await;
    assert_eq!(res.status(), 201, "{}", body(res).await);
    let cart = app.cart(&token).await;
    assert_eq!(
        cart["totals"]["extensions"]["laden"]["total_fees_gross"], "30",
        "{cart}"
    );

    // The export writes the slug and the units; the file imports again to the same.
    let csv = app.export_csv().await;
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains(",Meta: _deposit_type,Meta: _deposit_quantity,"),
        "{csv}"
    );
    let row = |sku: &str| common::csv_row(&csv, sku);
    assert!(row("W-6").contains(",einwegpfand,6,"), "{}", row("W-6"));
    assert!(
        row("SAFT-G").contains(",milchflasche,1,"),
        "{}",
        row("SAFT-G")
    );
    assert!(!row("SAFT-P").contains("pfand") && !row("SAFT-P").contains("flasche,"));
    let again = app.import_report(csv.as_bytes()).await;
    assert!(refused(&again).is_empty(), "{again:?}");
    assert_eq!(at(water).await["amount"], 150);

    // A type the shop removes is named by no product any more: wc/v3 leaves it out (so the
    // editor's next save is not refused at it), the Store API shows none, the cart charges
    // none, and the export writes none.
    app.save_settings(
        &admin,
        json!({ "laden_deposit_types": [types()[0].clone(), types()[1].clone()] }),
    )
    .await;
    let (_, p) = app.wc_get(&manager, &format!("/products/{beer}")).await;
    assert_eq!(meta(&p, "_deposit_type"), None, "{p}");
    assert_eq!(at(beer).await, Value::Null);
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{beer}"),
            json!({ "regular_price": "18.49", "meta_data": p["meta_data"] }),
        )
        .await;
    assert_eq!(status, 200);
    let token = app.cart_with(beer, 1).await;
    assert_eq!(
        app.cart(&token).await["totals"]["extensions"]["laden"]["total_fees_gross"],
        "0"
    );
    let csv = app.export_csv().await;
    assert!(!csv.contains("bierkasten"), "{csv}");
}

#[both_databases]
async fn deposits_follow_the_tax_regime(app: TestApp) {
    seller(&app, "order").await;
    let manager = app.staff("shop_manager").await;
    let water = app
        .simple("Mineralwasser", "W-1", 99, TaxClass::Standard, Some(50))
        .await;
    let (status, _) = app
        .put_meta(
            &manager,
            water,
            json!([{ "key": "_deposit_type", "value": "einwegpfand" }]),
        )
        .await;
    assert_eq!(status, 200);

    // A small business (§ 19 UStG) charges the deposit without VAT.
    app.set(|s| s.shop.small_business = true).await;
    let token = app.cart_with(water, 4).await;
    let cart = app.cart(&token).await;
    assert_eq!(
        (
            &cart["totals"]["total_fees"],
            &cart["totals"]["total_fees_tax"]
        ),
        (&json!("100"), &json!("0"))
    );
    assert_eq!(cart["fees"][0]["totals"]["total_tax"], "0");
    assert_eq!(cart["totals"]["total_price"], (396 + 100 + 490).to_string());
    app.set(|s| s.shop.small_business = false).await;

    // A business abroad with its VAT id pays by reverse charge: the deposit net, rounded per
    // item as the price (0,25 € holds 0,04 € VAT: 0,21 €).
    app.set(|s| {
        s.shop.reverse_charge = true;
        s.shop.vat_id = "DE123456789".into();
    })
    .await;
    let mut b = common::checkout_body();
    b["billing_address"]["country"] = json!("AT");
    b["billing_address"]["postcode"] = json!("1010");
    b["billing_address"]["company"] = json!("Kaffeehaus GmbH");
    b["extensions"]["laden"]["vat_id"] = json!("ATU12345678");
    let (status, v) = common::invoice::checkout(&app, &[(water, 4)], None, b).await;
    assert_eq!(status, 201, "{v}");
    let o = app.order(v["order_id"].as_i64().unwrap()).await;
    assert!(o.reverse_charge);
    assert_eq!((o.items[0].unit_price, o.items[0].deposit), (83, 21));
    assert_eq!((o.deposit_total, o.deposit_tax, o.tax_total), (84, 0, 0));
    let seen = store_order(&app, &o).await;
    assert_eq!(
        seen["items"][0]["extensions"]["laden"]["deposit"]["notice"],
        "zzgl. 0,21\u{a0}€ Pfand (Einweg)",
        "the deposit charged, net"
    );
    assert_eq!(o.total, 4 * 83 + 84 + o.shipping_total);
    let res = staff_pdf(&app, Some(&manager), o.invoices[0].id).await;
    let read = check(&[res.bytes().await.unwrap().to_vec()]);
    assert_valid(&read[0]);
    assert_eq!(read[0]["grand_total"], o.total);
}

#[both_databases]
async fn the_fees_add_up_to_the_deposit_vat_of_the_totals(app: TestApp) {
    seller(&app, "order").await;
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;
    keep_types(&app, &admin).await;
    // Three milk bottles at 19 % (0,15 € each holds 0,0239 € VAT): 0,45 € together hold
    // 0,07 €, which rounding each fee alone would give as 3 × 0,02 €.
    let mut bottles = Vec::new();
    for n in 1..=3 {
        let id = app
            .simple(
                &format!("Kakao {n}"),
                &format!("K-{n}"),
                199,
                TaxClass::Standard,
                Some(9),
            )
            .await;
        let (status, _) = app
            .put_meta(
                &manager,
                id,
                json!([{ "key": "_deposit_type", "value": "milchflasche" }]),
            )
            .await;
        assert_eq!(status, 200);
        bottles.push(id);
    }
    let token = app.cart_with(bottles[0], 1).await;
    for &id in &bottles[1..] {
        assert_eq!(app.add_item(&token, id, 1).await.status(), 201);
    }
    let fee_taxes = |v: &Value| -> Vec<String> {
        v["fees"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["totals"]["total_tax"].as_str().unwrap().to_owned())
            .collect()
    };
    let cart = app.cart(&token).await;
    assert_eq!(
        (
            &cart["totals"]["total_fees"],
            &cart["totals"]["total_fees_tax"]
        ),
        (&json!("38"), &json!("7")),
        "{cart}"
    );
    assert_eq!(fee_taxes(&cart), ["3", "2", "2"], "{cart}");

    let placed = app.checkout(&token, "bacs").await;
    let o = app.order(placed["order_id"].as_i64().unwrap()).await;
    assert_eq!((o.deposit_total, o.deposit_tax), (45, 7));
    let seen = store_order(&app, &o).await;
    assert_eq!(seen["totals"]["total_fees_tax"], "7", "{seen}");
    assert_eq!(fee_taxes(&seen), ["3", "2", "2"], "{seen}");
}
