//! Who may do what in `wc/v3` (every route checks the role), and the admin's own screens over
//! HTTP: import, export, the dashboard and the menu editor, on SQLite and PostgreSQL.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, Fetch, Login, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::json;

#[both_databases]
async fn every_route_checks_the_role(app: TestApp) {
    let editor = app.staff("editor").await;
    let customer = app.staff("customer").await;
    // Each route and what it refuses: woocommerce_rest_cannot_{view, create, edit, …}.
    let routes: &[(Method, &str, &str)] = &[
        (Method::GET, "/products", "view"),
        (Method::POST, "/products", "create"),
        (Method::GET, "/products/1", "view"),
        (Method::PUT, "/products/1", "edit"),
        (Method::DELETE, "/products/1", "delete"),
        (Method::POST, "/products/batch", "batch"),
        (Method::GET, "/products/1/variations", "view"),
        (Method::POST, "/products/1/variations", "create"),
        (Method::PUT, "/products/1/variations/2", "edit"),
        (Method::DELETE, "/products/1/variations/2", "delete"),
        (Method::POST, "/products/1/variations/batch", "batch"),
        (Method::GET, "/products/categories", "view"),
        (Method::POST, "/products/categories", "create"),
        (Method::PUT, "/products/categories/1", "edit"),
        (Method::DELETE, "/products/categories/1", "delete"),
        (Method::POST, "/products/categories/batch", "batch"),
        (Method::GET, "/products/reviews", "view"),
        (Method::PUT, "/products/reviews/1", "edit"),
        (Method::GET, "/orders", "view"),
        (Method::GET, "/orders/1", "view"),
        (Method::PUT, "/orders/1", "edit"),
        (Method::GET, "/orders/1/notes", "view"),
        (Method::POST, "/orders/1/notes", "create"),
        (Method::GET, "/customers", "view"),
        (Method::POST, "/customers", "create"),
        (Method::GET, "/reports/sales", "view"),
        (Method::GET, "/system_status", "view"),
    ];
    for (method, path, refused) in routes {
        let code = &format!("woocommerce_rest_cannot_{refused}");
        for (who, status) in [(Some(&editor), 403), (Some(&customer), 403), (None, 401)] {
            let res = app
                .rest(method.clone(), &format!("/wc/v3{path}"), who)
                .json(&json!({ "name": "x" }))
                .go()
                .await;
            assert_eq!(res.status().as_u16(), status, "{method} {path}");
            assert_wp_error(&body(res).await, code, u64::from(status));
        }
    }
    // Every route is announced in the index.
    let index = body(app.get("/wp-json/").await).await;
    for route in [
        "/wc/v3/products/(?P<product_id>[\\d]+)/variations/batch",
        "/wc/v3/reports/sales",
        "/wc/v3/orders/(?P<order_id>[\\d]+)/notes",
    ] {
        assert!(index["routes"].get(route).is_some(), "{route}");
    }

    // A tool with an application password (HTTP Basic) writes like the manager it belongs to.
    use base64::Engine;
    let manager = app.staff("shop_manager").await;
    let created = app
        .post_as(
            &manager,
            "/wp/v2/users/me/application-passwords",
            json!({ "name": "ERP" }),
        )
        .await;
    let password = created["password"].as_str().unwrap();
    let auth = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{}:{password}", manager.login))
    );
    let res = app
        .client
        .post(app.url("/wp-json/wc/v3/products"))
        .header("authorization", &auth)
        .json(&json!({ "name": "Aus dem ERP", "regular_price": "3.00" }))
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let bad = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD
            .encode(format!("{}:falsch falsch falsch", manager.login))
    );
    let res = app
        .get_with("/wp-json/wc/v3/products", &[("authorization", &bad)])
        .await;
    assert_eq!(res.status(), 401);
    // Cookie without nonce: a visitor.
    let res = app
        .get_with("/wp-json/wc/v3/products", &[("cookie", &manager.cookie)])
        .await;
    assert_eq!(res.status(), 401);
}

#[both_databases]
async fn admin_screens_import_export_and_dashboard(app: TestApp) {
    // The admin frame: visitors log in first, editors are refused, managers get it with a nonce.
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = no_redirects.get(app.url("/wp-admin/produkte/")).go().await;
    assert_eq!(res.status(), 302);
    assert_eq!(
        res.headers()["location"],
        "/wp-login.php?redirect_to=%2Fwp-admin%2Fprodukte%2F"
    );
    let editor = app.staff("editor").await;
    let res = app
        .get_with("/wp-admin/", &[("cookie", &editor.cookie)])
        .await;
    assert_eq!(res.status(), 403);
    assert!(res.text().await.unwrap().contains("nicht berechtigt"));
    let m = app.staff("shop_manager").await;
    let res = app
        .get_with("/wp-admin/bestellungen/", &[("cookie", &m.cookie)])
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    let html = res.text().await.unwrap();
    assert!(html.contains("\"route\":\"admin\""));
    assert!(html.contains("\"nonce\":\""));
    assert!(html.contains("noindex"));
    // admin-ajax.php is still its own route.
    let res = app
        .get_with(
            "/wp-admin/admin-ajax.php?action=rest-nonce",
            &[("cookie", &m.cookie)],
        )
        .await;
    assert_eq!(res.status(), 200);

    // CSV import as a job with progress; a bad row is reported, the others are written.
    let csv = "Type,SKU,Name,Regular price,Stock,Categories\nsimple,IMP-1,Import Eins,4.50,1,Import > Neu\nsimple,IMP-2,Import Zwei,kaputt,3,Import\nsimple,IMP-3,Import Drei,6.00,,Import\n";
    let start = |bytes: Vec<u8>, who: &Login| {
        app.rest(Method::POST, "/laden/v1/product-import", Some(who))
            .header("content-type", "text/csv")
            .body(bytes)
            .send()
    };
    let res = start(csv.as_bytes().to_vec(), &editor).await.unwrap();
    assert_eq!(res.status(), 403);
    let res = start(vec![0xff, 0xfe, 0x00], &m).await.unwrap();
    assert_eq!(res.status(), 400);
    // Over 20 MiB: refused in WordPress's shape before a job starts.
    let res = start(vec![b'a'; 20 * 1024 * 1024 + 1], &m).await.unwrap();
    assert_eq!(res.headers()["connection"], "close");
    assert_wp_error(&body(res).await, "rest_request_too_large", 413);
    let res = start(csv.as_bytes().to_vec(), &m).await.unwrap();
    assert_eq!(res.status(), 202);
    let job = app.ended_import(&m, res).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(
        (job["done"].as_i64(), job["total"].as_i64()),
        (Some(3), Some(3))
    );
    assert_eq!(job["report"]["created"], 2);
    assert_eq!(job["report"]["errors"][0]["line"], 3);
    assert!(app
        .store
        .product_id_by_sku("IMP-1")
        .await
        .unwrap()
        .is_some());
    assert!(app
        .store
        .product_id_by_sku("IMP-2")
        .await
        .unwrap()
        .is_none());
    let res = app
        .fetch_as(&m, "/laden/v1/product-import/gibt-es-nicht")
        .await;
    assert_eq!(res.status(), 404);

    // Export in WooCommerce's format, and the round trip: importing it changes nothing but updates.
    let res = app.fetch_as(&m, "/laden/v1/product-export").await;
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    let exported = res.bytes().await.unwrap().to_vec();
    let text = String::from_utf8(exported.clone()).unwrap();
    assert!(
        text.starts_with("\u{feff}ID,Type,SKU,Name,Published"),
        "{text}"
    );
    assert!(
        text.contains("IMP-1,Import Eins,1,0,visible,,,,1,1,,,4.50,Import > Neu"),
        "{text}"
    );
    let res = start(exported, &m).await.unwrap();
    let job = app.ended_import(&m, res).await;
    assert_eq!(
        (
            job["report"]["created"].as_i64(),
            job["report"]["updated"].as_i64()
        ),
        (Some(0), Some(2)),
        "{job}"
    );

    // Dashboard: today's paid orders and revenue, and low stock.
    let pid = app.store.product_id_by_sku("IMP-1").await.unwrap().unwrap();
    let dash = app.get_as(&m, "/laden/v1/dashboard").await;
    assert_eq!(dash["today"]["orders"], 0);
    assert!(
        dash["low_stock"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["id"] == pid),
        "{dash}"
    );
    let token = app.new_cart().await;
    app.post("/cart/add-item", Some(&token), json!({ "id": app.store.product_id_by_sku("IMP-3").await.unwrap().unwrap(), "quantity": 2 })).await;
    app.post(
        "/checkout",
        Some(&token),
        json!({ "billing_address": billing(), "payment_method": "cod" }),
    )
    .await;
    let dash = app.get_as(&m, "/laden/v1/dashboard").await;
    assert_eq!(dash["today"]["orders"], 1);
    assert_eq!(dash["today"]["items"], 2);
}

#[both_databases]
async fn menus_are_edited_as_a_checked_tree(app: TestApp) {
    app.empty_page("kontakt", "Kontakt").await;
    app.simple("Tasse", "TASSE", 1200, TaxClass::Standard, None)
        .await;
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;
    let res = app.fetch_as(&manager, "/laden/v1/menus").await;
    assert_eq!(
        res.status(),
        403,
        "menus are theme options: administrators only"
    );
    let menus = app.get_as(&admin, "/laden/v1/menus").await;
    assert_eq!(
        menus
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["location"].as_str().unwrap())
            .collect::<Vec<_>>(),
        vec!["primary", "footer"]
    );

    let tree = json!({ "items": [
        { "title": "Shop", "kind": "custom", "target": "/shop/", "children": [
            { "title": "Kaffee", "kind": "category", "target": "kaffee", "children": [{ "title": "Tasse", "kind": "product", "target": "tasse" }] },
        ] },
        { "title": "Kontakt", "kind": "page", "target": "kontakt" },
        { "title": "Öffnungszeiten", "kind": "anchor", "target": "/kontakt/#zeiten" },
    ] });
    let res = app
        .send_as(&admin, Method::PUT, "/laden/v1/menus/primary", &tree)
        .await;
    assert_eq!(res.status(), 200);
    let saved = body(res).await;
    assert_eq!(
        saved["items"][0]["children"][0]["children"][0]["title"],
        "Tasse"
    );
    assert_eq!(saved["items"][2]["target"], "/kontakt/#zeiten");
    // The shop's pages carry the new menu at once.
    let html = app.html("/kontakt/", None).await;
    assert!(
        html.contains("\"href\":\"/kontakt/#zeiten\""),
        "the page data carries the new menu"
    );
    let menu = app.store.menu("primary").await.unwrap().unwrap();
    assert_eq!(menu.items.len(), 3);

    // Bad trees are refused whole, each problem named by its path.
    let bad = json!({ "items": [
        { "title": "", "kind": "page", "target": "gibt-es-nicht" },
        { "title": "X", "kind": "custom", "target": "javascript:alert(1)" },
        { "title": "Y", "kind": "zauber", "target": "/" },
        { "title": "Z", "kind": "anchor", "target": "kein-anker" },
        { "title": "Tief", "kind": "custom", "target": "/", "children": [{ "title": "2", "kind": "custom", "target": "/", "children": [{ "title": "3", "kind": "custom", "target": "/", "children": [{ "title": "4", "kind": "custom", "target": "/" }] }] }] },
    ] });
    let v = app
        .put_as(&admin, "/laden/v1/menus/primary", bad.clone())
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    for path in [
        "items.0.title",
        "items.0.target",
        "items.1.target",
        "items.2.kind",
        "items.3.target",
        "items.4.children.0.children.0.children",
    ] {
        assert!(v["data"]["params"].get(path).is_some(), "{path}: {v}");
    }
    assert_eq!(
        app.store
            .menu("primary")
            .await
            .unwrap()
            .unwrap()
            .items
            .len(),
        3,
        "nothing changed"
    );
    let res = app
        .send_as(&admin, Method::PUT, "/laden/v1/menus/seitenleiste", &tree)
        .await;
    assert_eq!(res.status(), 404);
}
