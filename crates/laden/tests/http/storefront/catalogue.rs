//! WooCommerce's catalogue rules over HTTP, on SQLite and PostgreSQL: catalogue visibility and
//! featured products as wc/v3 sets them, and the Store API's product filters (`sku`, `featured`,
//! `on_sale`, `min_price`, `max_price`, `stock_status`, `catalog_visibility`, `include`,
//! `exclude`), each checked; the CSV's visibility; wc/v3's attributes, terms and tags.

use crate::common;

use super::{change, list, names};
use common::{assert_wp_error, body, both_databases, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::json;

#[both_databases]
async fn catalogue_visibility_and_featured_decide_where_products_show(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let everywhere = app
        .simple("Alpha", "A-1", 1000, TaxClass::Standard, Some(5))
        .await;
    let shop_only = app
        .simple("Beta", "B-1", 1100, TaxClass::Standard, Some(5))
        .await;
    let search_only = app
        .simple("Gamma", "G-1", 1200, TaxClass::Standard, Some(5))
        .await;
    let hidden = app
        .simple("Delta", "D-1", 1300, TaxClass::Standard, Some(5))
        .await;
    // Before any change the list is cached; every change below must reach it.
    assert_eq!(
        names(&app, "").await,
        list(&["Alpha", "Beta", "Delta", "Gamma"])
    );

    let p = change(&app, &m, everywhere, json!({ "featured": true })).await;
    assert_eq!(p["featured"], true);
    assert_eq!(p["catalog_visibility"], "visible");
    for (id, v) in [
        (shop_only, "catalog"),
        (search_only, "search"),
        (hidden, "hidden"),
    ] {
        let p = change(&app, &m, id, json!({ "catalog_visibility": v })).await;
        assert_eq!(p["catalog_visibility"], v);
    }
    let res = app
        .send_as(
            &m,
            Method::PUT,
            &format!("/wc/v3/products/{hidden}"),
            &json!({ "catalog_visibility": "secret" }),
        )
        .await;
    assert_eq!(res.status(), 400);
    let v = body(res).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(v["data"]["params"]["catalog_visibility"].is_string(), "{v}");

    // As the shop shows them: listings leave out search-only and hidden products, a search
    // leaves out shop-only and hidden ones.
    assert_eq!(names(&app, "").await, list(&["Alpha", "Beta"]));
    assert_eq!(names(&app, "search=kurz").await, list(&["Alpha", "Gamma"]));
    // WooCommerce's `catalog_visibility` parameter.
    for (value, want) in [
        ("any", &["Alpha", "Beta", "Delta", "Gamma"][..]),
        ("visible", &["Alpha"][..]),
        ("catalog", &["Alpha", "Beta"][..]),
        ("search", &["Alpha", "Gamma"][..]),
        ("hidden", &["Delta"][..]),
    ] {
        assert_eq!(
            names(&app, &format!("catalog_visibility={value}")).await,
            list(want),
            "catalog_visibility={value}"
        );
    }
    assert_eq!(names(&app, "featured=true").await, list(&["Alpha"]));
    assert_eq!(names(&app, "featured=false").await, list(&["Beta"]));

    // A hidden product's own page stays reachable; the shop's listings do not show it.
    let page = app.get("/shop/").await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Alpha") && html.contains("Beta"));
    assert!(
        !html.contains("Delta") && !html.contains("Gamma"),
        "hidden products listed"
    );
    let category = app.html("/produkt-kategorie/kaffee/", None).await;
    assert!(
        !category.contains("Delta"),
        "a hidden product in its category"
    );
    let product = app.get("/produkt/delta/").await;
    assert_eq!(product.status(), 200);

    // The staff's list shows every product, whatever its visibility.
    let res = app.fetch_as(&m, "/wc/v3/products?per_page=100").await;
    assert_eq!(body(res).await.as_array().unwrap().len(), 4);
}

#[both_databases]
async fn store_api_product_filters_as_woocommerce(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let a = app
        .simple("Arabica", "K-ARA", 990, TaxClass::Standard, Some(5))
        .await;
    let _b = app
        .simple("Robusta", "K-ROB", 1490, TaxClass::Standard, Some(0))
        .await;
    let c = app
        .simple("Mokka", "K-MOK", 2490, TaxClass::Standard, Some(5))
        .await;
    let (_tea, _v50, _v100) = app.variable().await; // Sencha, 8,90–15,90 €
    change(&app, &m, c, json!({ "sale_price": "19.90" })).await;

    assert_eq!(
        names(&app, "sku=K-ARA,K-MOK").await,
        list(&["Arabica", "Mokka"])
    );
    assert_eq!(
        names(&app, "sku=TEE-SENCHA-100,K-ARA").await,
        list(&["Arabica", "Sencha – 100 g"]),
        "a variation's SKU finds the variation, as in WooCommerce"
    );
    assert_eq!(names(&app, "sku=NOPE").await, list(&[]));
    assert_eq!(names(&app, "on_sale=true").await, list(&["Mokka"]));
    // Prices in cents; a variable product's range counts where it reaches into the bounds.
    assert_eq!(
        names(&app, "min_price=1000&max_price=1500").await,
        list(&["Robusta", "Sencha"])
    );
    assert_eq!(names(&app, "min_price=1600").await, list(&["Mokka"]));
    assert_eq!(names(&app, "max_price=900").await, list(&["Sencha"]));
    assert_eq!(
        names(&app, "stock_status=outofstock").await,
        list(&["Robusta"])
    );
    assert_eq!(
        names(&app, "stock_status=instock,onbackorder").await,
        list(&["Arabica", "Mokka", "Sencha"])
    );
    assert_eq!(
        names(&app, &format!("exclude={a},{c}")).await,
        list(&["Robusta", "Sencha"])
    );
    assert_eq!(
        names(&app, &format!("include={a}")).await,
        list(&["Arabica"])
    );

    // The same filtered query twice: the second is answered from the cache.
    let url = "/wp-json/wc/store/v1/products?stock_status=instock&min_price=1000";
    let first = app.get(url).await;
    assert_eq!(first.headers()["x-cache"], "MISS");
    let second = app.get(url).await;
    assert_eq!(second.headers()["x-cache"], "HIT");

    for (query, param) in [
        ("featured=yes", "featured"),
        ("on_sale=maybe", "on_sale"),
        ("min_price=12.50", "min_price"),
        ("max_price=-1", "max_price"),
        ("stock_status=sold", "stock_status"),
        ("catalog_visibility=public", "catalog_visibility"),
        ("include=1,x", "include"),
        ("exclude=abc", "exclude"),
    ] {
        let v = app.refused_products_query(query).await;
        let message = v["data"]["params"][param].as_str().unwrap_or_default();
        assert!(message.contains(param), "{query}: {v}");
    }
}

#[both_databases]
async fn csv_import_and_export_carry_the_catalogue_visibility(app: TestApp) {
    let csv = "Type,SKU,Name,Published,Is featured?,Visibility in catalog,Regular price\n\
                   simple,V-1,Versteckt,1,0,hidden,5\n\
                   simple,V-2,Nur im Shop,1,1,Shop only,6\n\
                   simple,V-3,Überall,1,0,,7\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(names(&app, "").await, list(&["Nur im Shop", "Überall"]));
    assert_eq!(names(&app, "featured=true").await, list(&["Nur im Shop"]));
    assert_eq!(
        names(&app, "catalog_visibility=hidden").await,
        list(&["Versteckt"])
    );

    let bad = "Type,SKU,Name,Visibility in catalog,Regular price\nsimple,V-4,Falsch,geheim,5\n";
    let report = app.import_report(bad.as_bytes()).await;
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(report.errors[0].message.contains("geheim"));

    let text = app.export_csv().await;
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "Visibility in catalog")
        .unwrap();
    let hidden_row = text.lines().find(|l| l.contains("V-1")).unwrap();
    assert_eq!(
        hidden_row.split(',').nth(col),
        Some("hidden"),
        "{hidden_row}"
    );
}

#[both_databases]
async fn wc_v3_lists_attributes_terms_and_tags_and_takes_attributes_by_id(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let (status, tasse) = app
            .wc_post(&m, "/products", json!({
                "name": "Tasse", "type": "variable", "status": "publish",
                "attributes": [
                    { "name": "Farbe", "options": ["Schwarz", "Grün"], "visible": true, "variation": true },
                    { "name": "Größe", "options": ["S", "M"], "visible": true, "variation": true }
                ],
                "tags": [{ "name": "Bio" }, { "name": "Fair gehandelt" }]
            }))
            .await;
    assert_eq!(status, 201, "{tasse}");

    // The shop's attributes as WooCommerce's admin API lists them, with ids.
    let (status, attrs) = app.wc_get(&m, "/products/attributes").await;
    assert_eq!(status, 200, "{attrs}");
    let farbe = attrs
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Farbe")
        .unwrap()
        .clone();
    assert_eq!(
        (
            &farbe["slug"],
            &farbe["type"],
            &farbe["order_by"],
            &farbe["has_archives"]
        ),
        (
            &json!("pa_farbe"),
            &json!("select"),
            &json!("menu_order"),
            &json!(false)
        )
    );
    let id = farbe["id"].as_i64().unwrap();
    assert!(id > 0);
    let (status, one) = app.wc_get(&m, &format!("/products/attributes/{id}")).await;
    assert_eq!((status, &one), (200, &farbe));
    let (status, e) = app.wc_get(&m, "/products/attributes/999999").await;
    assert_eq!(status, 404);
    assert_wp_error(&e, "woocommerce_rest_attribute_invalid", 404);

    // Its terms: paged, ordered, each checked.
    let res = app
        .fetch_as(
            &m,
            &format!("/wc/v3/products/attributes/{id}/terms?per_page=1&page=2"),
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["x-wp-total"], "2");
    assert_eq!(res.headers()["x-wp-totalpages"], "2");
    let page = body(res).await;
    assert_eq!(page.as_array().unwrap().len(), 1);
    assert_eq!(
        (&page[0]["name"], &page[0]["count"]),
        (&json!("Schwarz"), &json!(1))
    );
    let schwarz = page[0]["id"].as_i64().unwrap();
    let (_, terms) = app
        .wc_get(
            &m,
            &format!("/products/attributes/{id}/terms?orderby=slug&order=desc"),
        )
        .await;
    let slugs: Vec<&str> = terms
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["slug"].as_str().unwrap())
        .collect();
    assert_eq!(slugs, ["schwarz", "gruen"]);
    let (status, term) = app
        .wc_get(&m, &format!("/products/attributes/{id}/terms/{schwarz}"))
        .await;
    assert_eq!((status, &term["name"]), (200, &json!("Schwarz")));
    for (path, code) in [
        (
            format!("/products/attributes/{id}/terms/999999"),
            "woocommerce_rest_term_invalid",
        ),
        (
            "/products/attributes/999999/terms".to_owned(),
            "woocommerce_rest_taxonomy_invalid",
        ),
    ] {
        let (status, e) = app.wc_get(&m, &path).await;
        assert_eq!(status, 404, "{path}");
        assert_wp_error(&e, code, 404);
    }
    let (status, e) = app
        .wc_get(
            &m,
            &format!("/products/attributes/{id}/terms?orderby=preis&hide_empty=vielleicht"),
        )
        .await;
    assert_eq!(status, 400);
    assert!(e["data"]["params"].get("orderby").is_some(), "{e}");
    assert!(e["data"]["params"].get("hide_empty").is_some(), "{e}");

    // A product and a variation name the shop's attribute by id (WooCommerce's own example
    // does); an id that is no attribute is refused and nothing is written.
    let (status, becher) = app
            .wc_post(&m, "/products", json!({
                "name": "Becher", "type": "variable",
                "attributes": [{ "id": id, "options": ["Schwarz"], "visible": true, "variation": true }]
            }))
            .await;
    assert_eq!(status, 201, "{becher}");
    // Named by the shop's attribute, and answered as the product's own (id 0) as before.
    assert_eq!(
        becher["attributes"][0],
        json!({ "id": 0, "name": "Farbe", "position": 0, "visible": true, "variation": true, "options": ["Schwarz"] })
    );
    let becher = becher["id"].as_i64().unwrap();
    let (status, v) = app
        .wc_post(
            &m,
            &format!("/products/{becher}/variations"),
            json!({
                "regular_price": "9.90", "attributes": [{ "id": id, "option": "Schwarz" }]
            }),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(
        v["attributes"],
        json!([{ "id": 0, "name": "Farbe", "option": "Schwarz" }])
    );
    let products = app.count("SELECT COUNT(*) FROM products").await;
    let (status, e) = app
        .wc_post(
            &m,
            "/products",
            json!({
                "name": "Kanne", "attributes": [{ "id": 999999, "options": ["Rot"] }]
            }),
        )
        .await;
    assert_eq!(status, 400);
    assert_wp_error(&e, "rest_invalid_param", 400);
    assert_eq!(
        e["data"]["params"]["attributes"],
        "Es gibt kein Merkmal mit der ID 999999."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM products").await, products);

    // Tags: paged, by name, searchable; `hide_empty` leaves out a tag only a draft has.
    let (status, draft) = app
        .wc_post(
            &m,
            "/products",
            json!({
                "name": "Kanne", "status": "draft", "tags": [{ "name": "Neu" }]
            }),
        )
        .await;
    assert_eq!(status, 201, "{draft}");
    let (_, shown) = app.wc_get(&m, "/products/tags?hide_empty=true").await;
    assert_eq!(shown.as_array().unwrap().len(), 2, "{shown}");
    let (_, all) = app.wc_get(&m, "/products/tags?per_page=2&page=2").await;
    assert_eq!(all[0]["name"], "Neu", "{all}");
    // A page far past the end is an empty page, not an overflow.
    for path in [
        "/products/tags",
        "/products/categories",
        "/products/attributes/{id}/terms",
        "/products/reviews",
        "/coupons",
    ] {
        let path = format!(
            "{}?page=9223372036854775807",
            path.replace("{id}", &id.to_string())
        );
        let (status, page) = app.wc_get(&m, &path).await;
        assert_eq!((status, page), (200, json!([])), "{path}");
    }
    let (status, tags) = app.wc_get(&m, "/products/tags").await;
    assert_eq!(status, 200, "{tags}");
    let names: Vec<&str> = tags
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bio", "Fair gehandelt", "Neu"]);
    assert_eq!(
        (&tags[0]["slug"], &tags[0]["count"]),
        (&json!("bio"), &json!(1))
    );
    let (_, found) = app.wc_get(&m, "/products/tags?search=fair").await;
    assert_eq!(found.as_array().unwrap().len(), 1);
    let tag = found[0]["id"].as_i64().unwrap();
    let (status, one) = app.wc_get(&m, &format!("/products/tags/{tag}")).await;
    assert_eq!((status, &one), (200, &found[0]));
    let (status, e) = app.wc_get(&m, "/products/tags/999999").await;
    assert_eq!(status, 404);
    assert_wp_error(&e, "woocommerce_rest_term_invalid", 404);

    // Staff only; and the index names the routes.
    let (status, e) = app
        .call(Method::GET, "/wc/v3/products/attributes", None, None)
        .await;
    assert_eq!(status, 401);
    assert_wp_error(&e, "woocommerce_rest_cannot_view", 401);
    let index = body(app.get("/wp-json/").await).await;
    assert!(index["routes"]
        .get("/wc/v3/products/attributes/(?P<attribute_id>[\\d]+)/terms")
        .is_some());
    assert!(index["routes"].get("/wc/v3/products/tags").is_some());
    for (path, ns, route) in [
        ("/wp-json/wc/v3", "wc/v3", "/wc/v3/products/attributes"),
        ("/wp-json/wc/v3/", "wc/v3", "/wc/v3/products/tags"),
        ("/?rest_route=/wc/v3", "wc/v3", "/wc/v3/orders"),
        ("/wp-json/wp/v2", "wp/v2", "/wp/v2/pages"),
        ("/wp-json/wc/store/v1", "wc/store/v1", "/wc/store/v1/cart"),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let index = body(res).await;
        assert_eq!(index["namespace"], ns, "{path}");
        let routes = index["routes"].as_object().unwrap();
        assert!(routes.contains_key(route), "{path}: {index}");
        assert!(
            routes.keys().all(|r| r.starts_with(&format!("/{ns}/"))),
            "{path}"
        );
    }
    // A route with a trailing slash is the route (WordPress untrailingslashes it).
    let res = app.get("/wp-json/wc/store/v1/products/?per_page=1").await;
    assert_eq!(res.status(), 200);
    assert_eq!(body(res).await.as_array().unwrap().len(), 1);
    let (status, tags) = app.wc_get(&m, "/products/tags/").await;
    assert_eq!((status, tags.as_array().map(Vec::len)), (200, Some(3)));
}
