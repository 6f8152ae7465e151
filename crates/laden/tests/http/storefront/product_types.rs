//! WooCommerce's product types over HTTP, on SQLite and PostgreSQL: the plugin's own sample CSV
//! imports whole and the Store API and wc/v3 serve it as WooCommerce does (grouped, external,
//! virtual and downloadable products, weights and dimensions, catalogue visibility); tags;
//! sold individually; backorders; scheduled sales starting and ending by themselves.

use crate::common;

use common::{assert_wp_error, body, both_databases, checkout_body, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::{json, Value};

async fn products(app: &TestApp, query: &str) -> Vec<Value> {
    let res = app
        .get(&format!(
            "/wp-json/wc/store/v1/products?per_page=100&{query}"
        ))
        .await;
    assert_eq!(res.status(), 200, "{query}");
    body(res).await.as_array().unwrap().clone()
}

fn by_name<'a>(list: &'a [Value], name: &str) -> &'a Value {
    list.iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} not in the list"))
}

#[both_databases]
async fn woocommerces_sample_csv_imports_whole_and_is_served_as_woocommerce_serves_it(
    app: TestApp,
) {
    let report = app.import_report(common::WOO_SAMPLE).await;
    assert_eq!(report.rows, 25);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.created, 25);
    // Its pictures are on WooCommerce's server: each is named as skipped, nothing fetched.
    assert!(report
        .warnings
        .iter()
        .all(|w| w.message.contains("übersprungen")));

    let list = products(&app, "").await;
    // 18 products and 7 variations; "Hoodie with Pocket" is hidden from the catalogue.
    assert_eq!(list.len(), 17);
    assert!(list.iter().all(|p| p["name"] != "Hoodie with Pocket"));
    let pocket = products(&app, "catalog_visibility=hidden").await;
    assert_eq!(pocket.len(), 1);
    assert_eq!(pocket[0]["name"], "Hoodie with Pocket");

    // Grouped: its children by SKU, their price range, not itself for sale.
    let group = by_name(&list, "Logo Collection");
    assert_eq!(group["type"], "grouped");
    let children = [
        app.id_by_sku("woo-hoodie-with-logo").await,
        app.id_by_sku("woo-tshirt").await,
        app.id_by_sku("woo-beanie").await,
    ];
    assert_eq!(
        group["extensions"]["laden"]["grouped_products"],
        json!(children)
    );
    assert_eq!(group["prices"]["price_range"]["min_amount"], "1800");
    assert_eq!(group["prices"]["price_range"]["max_amount"], "4500");
    assert_eq!(group["is_purchasable"], false);
    assert_eq!(group["add_to_cart"]["text"], "Produkte ansehen");

    // A child's new price reaches the group's range (and its cached answer).
    let m = app.staff("shop_manager").await;
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{}", children[1]),
            &json!({ "regular_price": "12.00" }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let group_url = format!("/wp-json/wc/store/v1/products/{}", group["id"]);
    let again = body(app.get(&group_url).await).await;
    assert_eq!(again["prices"]["price_range"]["min_amount"], "1200");
    assert_eq!(again["prices"]["price_range"]["max_amount"], "4500");

    // External: its button and address, never in a cart.
    let pennant = by_name(&list, "WordPress Pennant");
    assert_eq!(pennant["type"], "external");
    assert_eq!(pennant["is_purchasable"], false);
    assert_eq!(
        pennant["add_to_cart"]["url"],
        "https://mercantile.wordpress.org/product/wordpress-pennant/"
    );
    assert_eq!(
        pennant["add_to_cart"]["text"],
        "Buy on the WordPress swag store!"
    );
    assert_eq!(pennant["prices"]["price"], "1105");
    let token = app.new_cart().await;
    for id in [
        pennant["id"].as_i64().unwrap(),
        group["id"].as_i64().unwrap(),
    ] {
        let res = app.add_item(&token, id, 1).await;
        assert_eq!(res.status(), 400);
        assert_wp_error(
            &body(res).await,
            "woocommerce_rest_cart_product_is_not_purchasable",
            400,
        );
    }

    // Virtual and downloadable: a cart of only the album has no shipping.
    let album = by_name(&list, "Album");
    assert_eq!(album["extensions"]["laden"]["virtual"], true);
    assert_eq!(album["extensions"]["laden"]["downloadable"], true);
    let res = app.add_item(&token, album["id"].as_i64().unwrap(), 1).await;
    assert_eq!(res.status(), 201);
    let cart = body(res).await;
    assert_eq!(cart["needs_shipping"], false, "{cart}");
    assert_eq!(cart["totals"]["total_shipping"], "0");
    assert_eq!(cart["totals"]["total_price"], "1500");
    // A parcel beside it (below the free-shipping threshold) brings shipping back.
    let belt = by_name(&list, "T-Shirt");
    let res = app.add_item(&token, belt["id"].as_i64().unwrap(), 1).await;
    let cart = body(res).await;
    assert_eq!(cart["needs_shipping"], true);
    assert_ne!(cart["totals"]["total_shipping"], "0");

    // Featured as the file says.
    let featured: Vec<String> = products(&app, "featured=true")
        .await
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    for name in [
        "Awesome V-Neck T-Shirt",
        "Cap",
        "Sunglasses",
        "Hoodie with Zipper",
    ] {
        assert!(featured.iter().any(|f| f == name), "{name} in {featured:?}");
    }
    assert_eq!(featured.len(), 4, "the hidden featured hoodie stays hidden");

    // wc/v3: weight and dimensions in the shop's kg and cm (the file's lbs and inches).
    let hoodie = app.id_by_sku("woo-hoodie-with-logo").await;
    let res = app.fetch_as(&m, &format!("/wc/v3/products/{hoodie}")).await;
    let p = body(res).await;
    assert_eq!(p["weight"], "0.907", "2 lbs");
    assert_eq!(
        p["dimensions"],
        json!({ "length": "25.4", "width": "15.2", "height": "7.6" })
    );
    assert_eq!(p["shipping_required"], true);
    let album_id = album["id"].as_i64().unwrap();
    let res = app
        .fetch_as(&m, &format!("/wc/v3/products/{album_id}"))
        .await;
    let p = body(res).await;
    assert_eq!(p["virtual"], true);
    assert_eq!(p["downloadable"], true);
    assert_eq!(p["download_limit"], 1);
    assert_eq!(p["download_expiry"], 1);
    assert_eq!(p["downloads"][0]["name"], "Single 1");
    assert_eq!(p["downloads"].as_array().unwrap().len(), 2);
    assert_eq!(p["shipping_required"], false);

    // The V-neck's variations name only a colour: any size matches.
    let vneck = by_name(&list, "Awesome V-Neck T-Shirt");
    assert_eq!(vneck["type"], "variable");
    assert_eq!(vneck["variations"].as_array().unwrap().len(), 3);

    // Importing the same file again changes nothing: every row is an update.
    let again = app.import_report(common::WOO_SAMPLE).await;
    assert!(again.errors.is_empty(), "{:?}", again.errors);
    assert_eq!((again.created, again.updated), (0, 25));
    assert_eq!(products(&app, "").await.len(), 17);
}

#[both_databases]
async fn tags_are_imported_listed_and_filter_products(app: TestApp) {
    let csv = "Type,SKU,Name,Regular price,Tags\n\
               simple,T-1,Kaffee Bio,10,\"Bio, Fair gehandelt\"\n\
               simple,T-2,Tee Bio,8,Bio\n\
               simple,T-3,Kakao,6,\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let tags = body(app.get("/wp-json/wc/store/v1/products/tags").await).await;
    let bio = tags
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["slug"] == "bio")
        .unwrap()
        .clone();
    assert_eq!(bio["count"], 2);
    assert!(bio["permalink"]
        .as_str()
        .unwrap()
        .ends_with("/produkt-schlagwort/bio/"));
    let names = |list: Vec<Value>| {
        let mut v: Vec<String> = list
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        names(products(&app, "tag=bio").await),
        ["Kaffee Bio", "Tee Bio"]
    );
    assert_eq!(
        names(products(&app, &format!("tag={}", bio["id"])).await),
        ["Kaffee Bio", "Tee Bio"]
    );
    assert_eq!(
        names(products(&app, "tag=fair-gehandelt").await),
        ["Kaffee Bio"]
    );
    assert!(products(&app, "tag=unbekannt").await.is_empty());
    let kaffee = by_name(&products(&app, "").await, "Kaffee Bio").clone();
    let tag_names: Vec<&str> = kaffee["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(tag_names, ["Bio", "Fair gehandelt"]);

    // Staff set a product's tags through wc/v3; the cached list follows.
    let m = app.staff("shop_manager").await;
    let kakao = app.id_by_sku("T-3").await;
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{kakao}"),
            &json!({ "tags": [{ "id": bio["id"] }] }),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(body(res).await["tags"][0]["slug"], "bio");
    assert_eq!(
        names(products(&app, "tag=bio").await),
        ["Kaffee Bio", "Kakao", "Tee Bio"]
    );
    let (status, _) = app
        .wc_put(
            &m,
            &format!("/products/{kakao}"),
            json!({ "tags": [{ "id": 999_999 }] }),
        )
        .await;
    assert_eq!(status, 400);
    // By name (the admin's tag field): an existing tag is reused by its slug, a new one made.
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{kakao}"),
            &json!({ "tags": [{ "name": "bio" }, { "name": "Geschenkidee" }] }),
        )
        .await;
    assert_eq!(res.status(), 200);
    let slugs: Vec<String> = body(res).await["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["slug"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(slugs, ["bio", "geschenkidee"]);
    // Sending the tags again replaces them: a tag left out is gone.
    let (s, v) = app
        .wc_put(
            &m,
            &format!("/products/{kakao}"),
            json!({ "tags": [{ "name": "Geschenkidee" }] }),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(v["tags"].as_array().map(Vec::len), Some(1), "{v}");
    assert_eq!(v["tags"][0]["slug"], "geschenkidee");
    let all = body(app.get("/wp-json/wc/store/v1/products/tags").await).await;
    assert_eq!(
        all.as_array()
            .unwrap()
            .iter()
            .filter(|t| t["slug"] == "bio")
            .count(),
        1,
        "{all}"
    );
    assert_eq!(names(products(&app, "tag=geschenkidee").await), ["Kakao"]);
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{kakao}"),
            &json!({ "tags": [{ "slug": "ohne-namen" }] }),
        )
        .await;
    assert_eq!(res.status(), 400);
    let v = body(res).await;
    assert!(v["data"]["params"]["tags"].is_string(), "{v}");
}

#[both_databases]
async fn tax_status_shipping_taxes_the_shipping_only(app: TestApp) {
    let m = app.staff("shop_manager").await;
    // 10,00 € of goods without VAT whose shipping (4,90 €) carries 19 % (WooCommerce's
    // tax status `shipping`); with status `none` the shipping carries none either.
    let gift = app
        .simple("Gutschein-Karte", "G-1", 1000, TaxClass::Standard, Some(10))
        .await;
    for (status, tax) in [("shipping", "78"), ("none", "0"), ("taxable", "238")] {
        let res = app
            .send_as(
                &m,
                Method::PUT,
                &format!("/wc/v3/products/{gift}"),
                &json!({ "tax_status": status }),
            )
            .await;
        assert_eq!(res.status(), 200);
        let token = app.new_cart().await;
        let cart = body(app.add_item(&token, gift, 1).await).await;
        let totals = &cart["totals"];
        assert_eq!(totals["total_price"], "1490", "{status}: {totals}");
        assert_eq!(totals["total_tax"], tax, "{status}: {totals}");
        let shipping_tax = if status == "none" { "0" } else { "78" };
        assert_eq!(
            totals["total_shipping_tax"], shipping_tax,
            "{status}: {totals}"
        );
    }
}

#[both_databases]
async fn sold_individually_and_backorders_rule_the_cart(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let single = app
        .simple("Einzelstück", "E-1", 5000, TaxClass::Standard, Some(10))
        .await;
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{single}"),
            &json!({ "sold_individually": true }),
        )
        .await;
    assert_eq!(body(res).await["sold_individually"], true);
    let p = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{single}"))
            .await,
    )
    .await;
    assert_eq!(p["sold_individually"], true);
    assert_eq!(p["add_to_cart"]["maximum"], 1);
    let token = app.new_cart().await;
    let res = app.add_item(&token, single, 2).await;
    assert_eq!(res.status(), 400);
    let e = body(res).await;
    assert_wp_error(&e, "woocommerce_rest_cart_product_sold_individually", 400);
    assert!(
        e["message"].as_str().unwrap().contains("Einzelstück"),
        "{e}"
    );
    let res = app.add_item(&token, single, 1).await;
    assert_eq!(res.status(), 201);
    let res = app.add_item(&token, single, 1).await;
    assert_eq!(res.status(), 400, "a second one is refused");

    // Backorders: none on hand, sold all the same, the stock never below zero.
    let later = app
        .simple("Nachschub", "N-1", 1200, TaxClass::Standard, Some(1))
        .await;
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{later}"),
            &json!({ "backorders": "notify", "stock_quantity": 0 }),
        )
        .await;
    let p = body(res).await;
    assert_eq!(
        (p["backorders"].as_str(), p["stock_status"].as_str()),
        (Some("notify"), Some("onbackorder"))
    );
    let p = body(
        app.get(&format!("/wp-json/wc/store/v1/products/{later}"))
            .await,
    )
    .await;
    assert_eq!(p["is_in_stock"], true);
    assert_eq!(p["is_on_backorder"], true);
    assert_eq!(
        p["stock_availability"]["text"],
        "Lieferbar auf Nachbestellung"
    );
    let buyer = app.new_cart().await;
    let res = app.add_item(&buyer, later, 3).await;
    assert_eq!(res.status(), 201);
    let res = app.post("/checkout", Some(&buyer), checkout_body()).await;
    assert_eq!(res.status(), 201);
    assert_eq!(app.stock(later).await, Some(0));
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{later}"),
            &json!({ "backorders": "maybe" }),
        )
        .await;
    assert_eq!(res.status(), 400);
    assert_wp_error(&body(res).await, "rest_invalid_param", 400);
}

#[both_databases]
async fn scheduled_sales_start_and_end_by_themselves(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let id = app
        .simple("Adventskalender", "S-1", 3000, TaxClass::Standard, Some(10))
        .await;
    let now = laden_http::dates::now();
    let from = now + 3600;
    let to = now + 7200;
    let res = app
        .rest(Method::PUT, &format!("/wc/v3/products/{id}"), Some(&m))
        .json(&json!({
            "sale_price": "24.00",
            "date_on_sale_from_gmt": laden_http::dates::iso(from),
            "date_on_sale_to_gmt": laden_http::dates::iso(to),
        }))
        .go()
        .await;
    let p = body(res).await;
    assert_eq!(p["date_on_sale_from_gmt"], laden_http::dates::iso(from));
    // The local field is German time (WordPress's pair), as it is read.
    assert_eq!(p["date_on_sale_from"], laden_http::dates::german_iso(from));
    assert_eq!(p["price"], "30.00", "not yet");
    assert_eq!(p["on_sale"], false);
    let store_price = |p: &Value| p["prices"]["price"].as_str().unwrap().to_owned();
    let url = format!("/wp-json/wc/store/v1/products/{id}");
    assert_eq!(store_price(&body(app.get(&url).await).await), "3000");
    assert!(products(&app, "on_sale=true").await.is_empty());

    // The price's history: 30 € since yesterday (the test made it this second).
    common::execute(
        &app.store,
        &format!("UPDATE price_history SET since = since - 86400 WHERE product_id = {id}"),
    )
    .await;
    // The hour comes: the schedule gives the sale price, the cached answers follow.
    assert_eq!(app.store.apply_sale_schedule(from).await.unwrap(), 1);
    assert_eq!(
        app.store.apply_sale_schedule(from + 1).await.unwrap(),
        0,
        "once"
    );
    let p = body(app.get(&url).await).await;
    assert_eq!(store_price(&p), "2400");
    assert_eq!(p["on_sale"], true);
    assert_eq!(products(&app, "on_sale=true").await.len(), 1);
    // The 30-day lowest price is the real one before the sale.
    assert_eq!(p["extensions"]["laden"]["lowest_price"], 3000);

    // And it ends.
    assert_eq!(app.store.apply_sale_schedule(to + 1).await.unwrap(), 1);
    let p = body(app.get(&url).await).await;
    assert_eq!(store_price(&p), "3000");
    assert_eq!(p["on_sale"], false);

    // An end before the start is refused.
    let (status, _) = app.wc_put(&m, &format!("/products/{id}"), json!({ "date_on_sale_from_gmt": laden_http::dates::iso(to), "date_on_sale_to_gmt": laden_http::dates::iso(from) })).await;
    assert_eq!(status, 400);
}

#[both_databases]
async fn downloads_come_with_payment_count_down_and_expire(app: TestApp) {
    std::fs::create_dir_all(app.uploads.join("woocommerce_uploads")).unwrap();
    std::fs::write(
        app.uploads.join("woocommerce_uploads/roesten.pdf"),
        b"%PDF-1.4 Kaffee",
    )
    .unwrap();
    let csv = "Type,SKU,Name,Regular price,Download limit,Download expiry days,Download 1 name,Download 1 URL,Download 2 name,Download 2 URL,Purchase note\n\
               \"simple, downloadable, virtual\",DL-1,E-Book Rösten,9.90,2,30,E-Book (PDF),/uploads/woocommerce_uploads/roesten.pdf,Hörbuch,https://cdn.example.org/hoerbuch.mp3,<p>Viel Spaß beim Rösten!</p>\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let id = app.id_by_sku("DL-1").await;

    // A cart without downloads has no waiver to tick (the shop's setting is off).
    let plain = app
        .simple("Tasse", "T-9", 900, TaxClass::Standard, Some(5))
        .await;
    let token = app.new_cart().await;
    app.add_item(&token, plain, 1).await;
    let mut waived = checkout_body();
    waived["extensions"]["laden"]["checkboxes"] = json!(["terms", "digital_waiver"]);
    let res = app.post("/checkout", Some(&token), waived.clone()).await;
    assert_eq!(res.status(), 400);
    assert_wp_error(&body(res).await, "rest_invalid_param", 400);

    // Paid at checkout (invoice): the links come with the order; with downloads in the cart
    // the waiver for digital content is offered, and the order keeps it.
    let token = app.new_cart().await;
    let cart = body(app.add_item(&token, id, 1).await).await;
    assert_eq!(
        cart["items"][0]["extensions"]["laden"]["downloadable"],
        true
    );
    let res = app.post("/checkout", Some(&token), waived).await;
    assert_eq!(res.status(), 201);
    let placed = body(res).await;
    let (order_id, key) = (
        placed["order_id"].as_i64().unwrap(),
        placed["order_key"].as_str().unwrap().to_owned(),
    );
    let res = app
        .get(&format!(
            "/wp-json/wc/store/v1/order/{order_id}?key={key}&billing_email=anna@example.de"
        ))
        .await;
    let order = body(res).await;
    let downloads = order["extensions"]["laden"]["downloads"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(downloads.len(), 2, "{order}");
    assert_eq!(downloads[0]["name"], "E-Book (PDF)");
    assert_eq!(downloads[0]["downloads_remaining"], 2);
    assert!(downloads[0]["access_expires"].is_string());
    assert_eq!(
        order["items"][0]["extensions"]["laden"]["purchase_note"],
        "<p>Viel Spaß beim Rösten!</p>"
    );
    assert_eq!(
        order["needs_shipping"], false,
        "an order of only virtual goods ships nothing"
    );
    assert_eq!(
        order["totals"]["total_shipping"], "0",
        "virtual only: no shipping"
    );
    let legal = order["extensions"]["laden"]["legal"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(legal[1]["id"], "digital_waiver", "{legal:?}");
    assert!(
        legal[1]["text"]
            .as_str()
            .unwrap()
            .contains("Widerrufsrecht"),
        "{legal:?}"
    );

    // The shop's own file comes as an attachment; the other server's by redirect.
    // The confirmation mail carries the purchase note and both links, absolute.
    let mail = app.store.order_mails(order_id).await.unwrap().remove(0);
    let text = laden_http::mail::preview(&app.state, &mail)
        .await
        .unwrap()
        .text;
    assert!(text.contains("Viel Spaß beim Rösten!"), "{text}");
    assert!(
        !text.contains("Lieferadresse"),
        "nothing to ship, no shipping address:\n{text}"
    );
    for d in &downloads {
        let url = format!("https://shop.example.de{}", d["url"].as_str().unwrap());
        assert!(text.contains(&url), "mail lacks {url}:\n{text}");
    }
    // The account of that address lists them.
    let who = "anna-kauft";
    app.store
        .create_user(who, "anna@example.de", common::PASSWORD, "customer")
        .await
        .unwrap();
    let login = app.login(who, common::PASSWORD).await;
    let account = app.html("/mein-konto/", Some(&login.cookie)).await;
    assert!(account.contains(">E-Book (PDF)</a>"), "{account}");
    // A labelled table with its column heads.
    for part in [
        "<section aria-labelledby=\"downloads-title\"><h2 id=\"downloads-title\">Downloads</h2><table class=\"cart-table\"><thead><tr><th scope=\"col\">Produkt</th>",
        "<th scope=\"col\">Verbleibende Downloads</th><th scope=\"col\">Gültig bis</th></tr></thead><tbody><tr><td data-title=\"Produkt\">",
    ] {
        assert!(account.contains(part), "{part}: {account}");
    }
    assert!(
        account.contains(downloads[1]["url"].as_str().unwrap()),
        "{account}"
    );
    let pdf = downloads[0]["url"].as_str().unwrap().to_owned();
    assert!(pdf.starts_with("/download/") && pdf.len() > 30, "{pdf}");
    let res = app.get(&pdf).await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment"));
    assert_eq!(res.headers()["cache-control"], "no-store");
    assert_eq!(res.bytes().await.unwrap().as_ref(), b"%PDF-1.4 Kaffee");
    // The private folder is closed to the web, however the address is written.
    for path in [
        "/uploads/woocommerce_uploads/roesten.pdf",
        "/uploads/%77oocommerce_uploads/roesten.pdf",
        "/uploads//woocommerce_uploads/roesten.pdf",
        "/uploads/./woocommerce_uploads/roesten.pdf",
        "/uploads/woocommerce_uploads%2froesten.pdf",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert_ne!(
            res.bytes().await.unwrap().as_ref(),
            b"%PDF-1.4 Kaffee",
            "{path}"
        );
    }
    let res = app.get(downloads[1]["url"].as_str().unwrap()).await;
    assert_eq!(res.status(), 303);
    assert_eq!(
        res.headers()["location"],
        "https://cdn.example.org/hoerbuch.mp3"
    );
    // Two downloads per file, then no more.
    assert_eq!(app.get(&pdf).await.status(), 200);
    let res = app.get(&pdf).await;
    assert_eq!(res.status(), 403);
    assert!(res.text().await.unwrap().contains("Download-Limit"));
    assert_eq!(app.get("/download/erfunden").await.status(), 404);

    // Expired links give nothing.
    common::execute(
        &app.store,
        &format!("UPDATE download_grants SET expires_at = 1 WHERE order_id = {order_id}"),
    )
    .await;
    assert_eq!(
        app.get(downloads[1]["url"].as_str().unwrap())
            .await
            .status(),
        410
    );

    // Vorkasse: nothing before the money is there; staff mark it paid, the links appear;
    // a cancelled order's links go.
    let token = app.new_cart().await;
    app.add_item(&token, id, 1).await;
    let mut bacs = checkout_body();
    bacs["payment_method"] = json!("bacs");
    let placed = app.post_json("/checkout", Some(&token), bacs).await;
    let second = placed["order_id"].as_i64().unwrap();
    assert!(app.store.order_downloads(second).await.unwrap().is_empty());
    let m = app.staff("shop_manager").await;
    for (status, files) in [("processing", 2), ("cancelled", 0)] {
        app.set_order_status(&m, second, status).await;
        assert_eq!(
            app.store.order_downloads(second).await.unwrap().len(),
            files,
            "{status}"
        );
    }
}

#[both_databases]
async fn the_export_imports_again_as_it_was(db: Backend) {
    let app = TestApp::start(db).await;
    let report = app.import_report(common::WOO_SAMPLE).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let m = app.staff("shop_manager").await;
    let cap = app.id_by_sku("woo-cap").await;
    let belt = app.id_by_sku("woo-belt").await;
    let res = app
        .rest(Method::PUT, &format!("/wc/v3/products/{cap}"), Some(&m))
        .json(&json!({
            "backorders": "notify", "sold_individually": true, "purchase_note": "<p>Danke!</p>",
            "sale_price": "10.00", "date_on_sale_from": "2030-01-01T00:00:00", "date_on_sale_to": "2030-01-31T23:59:59",
            "upsell_ids": [belt], "cross_sell_ids": [belt], "tax_status": "shipping",
        }))
        .go().await;
    assert_eq!(res.status(), 200, "{}", body(res).await);
    let csv = app.export_csv().await;

    let other = TestApp::start(db).await;
    let again = other.import_report(csv.as_bytes()).await;
    assert!(again.errors.is_empty(), "{:?}", again.errors);
    assert_eq!(again.created, 25);
    // Every product as it was: its type, fields and links (by SKU: the ids differ).
    let sku_of = |store: &laden_store::Store, ids: Vec<i64>| {
        let store = store.clone();
        async move {
            let mut out = Vec::new();
            for id in ids {
                out.push(store.product(id).await.unwrap().sku.unwrap_or_default());
            }
            out
        }
    };
    for sku in [
        "woo-cap",
        "woo-album",
        "logo-collection",
        "wp-pennant",
        "woo-hoodie-with-logo",
        "woo-vneck-tee",
    ] {
        let a = app.product_by_sku(sku).await;
        let b = other.product_by_sku(sku).await;
        assert_eq!(
            (a.kind, &a.name, a.price, a.sale_price),
            (b.kind, &b.name, b.price, b.sale_price),
            "{sku}"
        );
        assert_eq!((a.sale_from, a.sale_to), (b.sale_from, b.sale_to), "{sku}");
        // The links are compared by SKU below (the ids differ).
        let unlinked = |d: &laden_store::ProductDetails| laden_store::ProductDetails {
            children: Vec::new(),
            upsell_ids: Vec::new(),
            cross_sell_ids: Vec::new(),
            ..d.clone()
        };
        assert_eq!(unlinked(&a.details), unlinked(&b.details), "{sku}");
        assert_eq!(
            sku_of(&app.store, a.details.children.clone()).await,
            sku_of(&other.store, b.details.children.clone()).await,
            "{sku}"
        );
        assert_eq!(
            sku_of(&app.store, a.details.upsell_ids.clone()).await,
            sku_of(&other.store, b.details.upsell_ids.clone()).await,
            "{sku}"
        );
        assert_eq!(
            sku_of(&app.store, a.details.cross_sell_ids.clone()).await,
            sku_of(&other.store, b.details.cross_sell_ids.clone()).await,
            "{sku}"
        );
    }
    let cap = other.product_by_sku("woo-cap").await;
    assert_eq!(cap.details.backorders, laden_domain::Backorders::Notify);
    assert!(cap.details.sold_individually);
    assert_eq!(
        sku_of(&other.store, cap.details.upsell_ids.clone()).await,
        ["woo-belt"]
    );
}
