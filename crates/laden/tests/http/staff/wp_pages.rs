//! WordPress's pages (`wp/v2/pages`) over HTTP, on SQLite and PostgreSQL: create, list,
//! update, delete, pagination, checks, revisions, and previews of drafts and unsaved layouts.

use crate::common;

use common::{assert_wp_error, body, both_databases, Fetch, TestApp};
use laden_domain::TaxClass;
use reqwest::Method;
use serde_json::json;

#[both_databases]
async fn pages_list_create_update_delete(app: TestApp) {
    let editor = app.staff("editor").await;
    let customer = app.staff("customer").await;

    // Create: editors only (401 for visitors, 403 for customers).
    let new = json!({ "title": "Über uns", "status": "publish", "content": "<p onclick=\"x()\">Hallo</p><script>x()</script>" });
    let v = app
        .call(Method::POST, "/wp/v2/pages", None, Some(new.clone()))
        .await
        .1;
    assert_wp_error(&v, "rest_cannot_create", 401);
    let v = app.post_as(&customer, "/wp/v2/pages", new.clone()).await;
    assert_wp_error(&v, "rest_cannot_create", 403);
    let res = app
        .send_as(&editor, Method::POST, "/wp/v2/pages", &new)
        .await;
    assert_eq!(res.status(), 201);
    let page = body(res).await;
    let id = page["id"].as_i64().unwrap();
    assert_eq!(page["slug"], "ueber-uns");
    assert_eq!(page["title"]["raw"], "Über uns");
    assert_eq!(page["type"], "page");
    assert_eq!(page["link"], "https://shop.example.de/ueber-uns/");
    let html = page["content"]["rendered"].as_str().unwrap();
    assert!(
        html.contains("Hallo") && !html.contains("onclick") && !html.contains("<script"),
        "{html}"
    );
    assert!(page["date"].as_str().unwrap().len() == 19);
    // The page is live on the shop.
    assert_eq!(app.get("/ueber-uns/").await.status(), 200);

    // A second page with the same title gets its own slug; a draft stays private.
    let draft = app
        .post_as(&editor, "/wp/v2/pages", json!({ "title": "Über uns" }))
        .await;
    assert_eq!(draft["slug"], "ueber-uns-2");
    assert_eq!(draft["status"], "draft");
    let draft_id = draft["id"].as_i64().unwrap();
    let v = app
        .call(Method::GET, &format!("/wp/v2/pages/{draft_id}"), None, None)
        .await
        .1;
    assert_wp_error(&v, "rest_forbidden", 401);
    let v = app
        .call(Method::GET, "/wp/v2/pages?status=draft", None, None)
        .await
        .1;
    assert_wp_error(&v, "rest_forbidden_status", 401);
    let list = app
        .get_as(&editor, "/wp/v2/pages?status=draft&context=edit")
        .await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(list[0]["content"]["raw"].is_string());
    // Reserved shop routes cannot be taken by a page.
    let v = app
        .post_as(
            &editor,
            "/wp/v2/pages",
            json!({ "title": "Kasse", "slug": "kasse" }),
        )
        .await;
    assert_eq!(v["slug"], "kasse-2");

    // Update by PUT, PATCH, and POST with X-HTTP-Method-Override: same result, same checks.
    for (method, over, title) in [
        (Method::PUT, None, "Eins"),
        (Method::PATCH, None, "Zwei"),
        (Method::POST, Some("PATCH"), "Drei"),
        (Method::POST, None, "Vier"),
    ] {
        let mut req = app
            .rest(method.clone(), &format!("/wp/v2/pages/{id}"), Some(&editor))
            .json(&json!({ "title": title }));
        if let Some(o) = over {
            req = req.header("x-http-method-override", o);
        }
        let res = req.go().await;
        assert_eq!(res.status(), 200, "{method} {over:?}");
        assert_eq!(body(res).await["title"]["raw"], title);
    }
    let v = app
        .rest(Method::POST, &format!("/wp/v2/pages/{id}"), None)
        .header("x-http-method-override", "PUT")
        .json(&json!({ "title": "x" }))
        .json_of()
        .await;
    assert_wp_error(&v, "rest_cannot_edit", 401);
    let res = app
        .rest(Method::GET, &format!("/wp/v2/pages/{id}"), Some(&editor))
        .header("x-http-method-override", "DELETE")
        .go()
        .await;
    assert_eq!(res.status(), 405);
    // Page-builder JSON is accepted as the layout.
    let layout = json!({ "version": 1, "sections": [{ "id": "a", "columns": [{ "widgets": [{ "type": "heading", "text": "Hallo & Tschüss", "level": 2 }] }] }] });
    let v = app
        .call(
            Method::PATCH,
            &format!("/wp/v2/pages/{id}"),
            Some(&editor),
            Some(json!({ "laden_layout": layout })),
        )
        .await
        .1;
    assert_eq!(
        v["content"]["rendered"].as_str().unwrap().trim(),
        "<h2>Hallo &amp; Tschüss</h2>"
    );
    assert_eq!(v["laden_layout"], layout);
    // Bad input changes nothing.
    let v = app
        .call(
            Method::PATCH,
            &format!("/wp/v2/pages/{id}"),
            Some(&editor),
            Some(json!({ "title": "Neu", "status": "weg" })),
        )
        .await
        .1;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert_eq!(
        app.call(Method::GET, &format!("/wp/v2/pages/{id}"), None, None)
            .await
            .1["title"]["rendered"],
        "Vier"
    );
    let v = app
        .put_as(&editor, "/wp/v2/pages/999999", json!({ "title": "x" }))
        .await;
    assert_wp_error(&v, "rest_post_invalid_id", 404);

    // Delete: without force to the trash; with force gone, answered as WordPress does.
    let v = app
        .delete_as(&customer, &format!("/wp/v2/pages/{draft_id}"))
        .await;
    assert_wp_error(&v, "rest_cannot_delete", 403);
    let v = app
        .delete_as(&editor, &format!("/wp/v2/pages/{draft_id}"))
        .await;
    assert_eq!(v["status"], "trash");
    let v = app
        .delete_as(&editor, &format!("/wp/v2/pages/{draft_id}"))
        .await;
    assert_wp_error(&v, "rest_already_trashed", 410);
    let v = app
        .delete_as(&editor, &format!("/wp/v2/pages/{id}?force=true"))
        .await;
    assert_eq!(v["deleted"], true);
    assert_eq!(v["previous"]["id"], id);
    assert_eq!(v["previous"]["title"]["raw"], "Vier");
    let v = app
        .call(Method::GET, &format!("/wp/v2/pages/{id}"), None, None)
        .await
        .1;
    assert_wp_error(&v, "rest_post_invalid_id", 404);
    assert_eq!(app.get("/ueber-uns/").await.status(), 404);
}

#[both_databases]
async fn pages_paginate_like_wordpress(app: TestApp) {
    for i in 0..25 {
        app.empty_page(&format!("seite-{i:02}"), &format!("Seite {i:02}"))
            .await;
    }
    let res = app
        .get_with(
            "/wp-json/wp/v2/pages?orderby=slug&order=asc&page=2",
            &[("host", "evil.example")],
        )
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["x-wp-total"], "25");
    assert_eq!(res.headers()["x-wp-totalpages"], "3");
    let link = res.headers()["link"].to_str().unwrap().to_owned();
    assert!(link.contains("<https://shop.example.de/wp-json/wp/v2/pages?order=asc&orderby=slug&page=1>; rel=\"prev\""), "{link}");
    assert!(link.contains("<https://shop.example.de/wp-json/wp/v2/pages?order=asc&orderby=slug&page=3>; rel=\"next\""), "{link}");
    let list = body(res).await;
    assert_eq!(list.as_array().unwrap().len(), 10, "default per_page is 10");
    assert_eq!(list[0]["slug"], "seite-10");
    let list = body(app.get("/wp-json/wp/v2/pages?per_page=100").await).await;
    assert_eq!(list.as_array().unwrap().len(), 25);
    let list = body(app.get("/wp-json/wp/v2/pages?search=seite%2007").await).await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    for (query, param) in [
        ("per_page=0", "per_page"),
        ("per_page=1000", "per_page"),
        ("page=-5", "page"),
        ("orderby=rand", "orderby"),
        ("order=up", "order"),
        ("context=all", "context"),
        ("page=4", "page"),
    ] {
        let v = body(app.get(&format!("/wp-json/wp/v2/pages?{query}")).await).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(v["data"]["params"].get(param).is_some(), "{query}: {v}");
        assert!(
            v["message"].as_str().unwrap().starts_with("Ungültige"),
            "{v}"
        );
    }
    let v = body(app.get("/wp-json/wp/v2/nothing").await).await;
    assert_wp_error(&v, "rest_no_route", 404);
    for path in [
        "/wp-json/wp/v2/pages/abc",
        "/wp-json/wp/v2/pages/0",
        "/wp-json/wp/v2/media/-3",
    ] {
        let v = body(app.get(path).await).await;
        assert_wp_error(&v, "rest_no_route", 404);
    }
    // A path that names no id is no route, before its body is read.
    let res = app
        .client
        .post(app.url("/wp-json/wp/v2/media/x1"))
        .body("{")
        .go()
        .await;
    assert_wp_error(&body(res).await, "rest_no_route", 404);
    // The index lists every namespace and every wp/v2 route.
    let index = body(app.get("/wp-json/").await).await;
    assert_eq!(
        index["namespaces"],
        json!(["wp/v2", "wc/store/v1", "wc/v3"])
    );
    assert_eq!(
        index["routes"]["/wp/v2/media/(?P<id>[\\d]+)/post-process"]["methods"],
        json!(["POST"])
    );
}

#[both_databases]
async fn pages_are_checked_versioned_and_restorable(app: TestApp) {
    let editor = app.staff("editor").await;
    let admin = app.staff("administrator").await;
    let layout = |text: &str| json!({ "version": 1, "sections": [{ "id": "start", "layout": "stretched", "columns": [{ "widgets": [{ "type": "heading", "text": text, "level": 1 }] }] }] });
    let res = app
        .send_as(
            &editor,
            Method::POST,
            "/wp/v2/pages",
            &json!({ "title": "Aktion", "status": "draft", "laden_layout": layout("Eins") }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let page = body(res).await;
    let id = page["id"].as_i64().unwrap();
    assert_eq!(page["laden_revision"], 1);
    let path = format!("/wp/v2/pages/{id}");

    // Two editors load revision 1; the first saves, the second is told and nothing of theirs is written.
    let first = app
        .call(
            Method::PATCH,
            &path,
            Some(&editor),
            Some(json!({ "laden_layout": layout("Zwei"), "laden_revision": 1 })),
        )
        .await
        .1;
    assert_eq!(first["laden_revision"], 2, "{first}");
    let res = app.send_as(&admin, Method::PATCH, &path, &json!({ "title": "Überschrieben", "laden_layout": layout("Drei"), "laden_revision": 1 })).await;
    assert_eq!(res.status(), 409);
    let v = body(res).await;
    assert_wp_error(&v, "laden_page_changed", 409);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .starts_with("Jemand anderes hat diese Seite"),
        "{v}"
    );
    let now = app.get_as(&editor, &format!("{path}?context=edit")).await;
    assert_eq!(
        (
            now["title"]["raw"].as_str(),
            now["laden_layout"]["sections"][0]["columns"][0]["widgets"][0]["text"].as_str(),
            now["laden_revision"].as_i64()
        ),
        (Some("Aktion"), Some("Zwei"), Some(2))
    );
    // Concurrent saves from the same revision: exactly one wins.
    let save = |t: &'static str| {
        app.rest(Method::PATCH, &path, Some(&editor))
            .json(&json!({ "laden_layout": layout(t), "laden_revision": 2 }))
            .send()
    };
    let (a, b) = tokio::join!(save("A"), save("B"));
    let mut codes = [a.unwrap().status().as_u16(), b.unwrap().status().as_u16()];
    codes.sort_unstable();
    assert_eq!(codes, [200, 409]);
    let bad = app
        .call(
            Method::PATCH,
            &path,
            Some(&editor),
            Some(json!({ "title": "x", "laden_revision": "zwei" })),
        )
        .await
        .1;
    assert_wp_error(&bad, "rest_invalid_param", 400);

    // A page that fails the widget schemas is refused whole, naming the path; nothing is half-saved.
    let broken = json!({ "version": 1, "sections": [{ "columns": [{ "widgets": [
        { "type": "heading", "text": "Gut", "level": 2 },
        { "type": "video", "src": "https://evil.example/embed/1" },
        { "type": "marquee" },
    ] }] }] });
    let res = app
        .send_as(
            &editor,
            Method::PATCH,
            &path,
            &json!({ "title": "Halb", "laden_layout": broken }),
        )
        .await;
    assert_eq!(res.status(), 400);
    let v = body(res).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(
        v["data"]["params"]["laden_layout.sections.0.columns.0.widgets.1.src"].is_string(),
        "{v}"
    );
    assert_eq!(
        v["data"]["params"]["laden_layout.sections.0.columns.0.widgets.2.type"],
        "Unbekannter Widget-Typ."
    );
    let after = app.get_as(&editor, &format!("{path}?context=edit")).await;
    assert_eq!(
        (
            after["title"]["raw"].as_str(),
            after["laden_revision"].as_i64()
        ),
        (Some("Aktion"), Some(3))
    );
    // Text widgets are sanitised, unknown fields dropped.
    let messy = json!({ "sections": [{ "columns": [{ "widgets": [{ "type": "text", "html": "<p>Hi<img src=x onerror=alert(1)></p><iframe srcdoc='<script>x</script>'></iframe>", "onload": "x" }] }] }] });
    let v = app
        .call(
            Method::PATCH,
            &path,
            Some(&editor),
            Some(json!({ "laden_layout": messy })),
        )
        .await
        .1;
    let w = &v["laden_layout"]["sections"][0]["columns"][0]["widgets"][0];
    assert!(
        !w["html"].as_str().unwrap().contains("onerror")
            && !w["html"].as_str().unwrap().contains("iframe")
            && w.get("onload").is_none(),
        "{w}"
    );

    // Revisions: newest first; an earlier one restores through an ordinary save.
    let res = app
        .fetch_as(&editor, &format!("{path}/revisions?context=edit"))
        .await;
    assert_eq!(res.headers()["x-wp-total"], "4");
    let revs = body(res).await;
    assert_eq!(revs[0]["laden_revision"], 4);
    let oldest = revs.as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (oldest["laden_revision"].as_i64(), oldest["parent"].as_i64()),
        (Some(1), Some(id))
    );
    let one = app
        .get_as(
            &editor,
            &format!("{path}/revisions/{}?context=edit", oldest["id"]),
        )
        .await;
    assert_eq!(one["laden_layout"], layout("Eins"));
    let restored = app
        .call(
            Method::PATCH,
            &path,
            Some(&editor),
            Some(json!({ "laden_layout": one["laden_layout"], "laden_revision": 4 })),
        )
        .await
        .1;
    assert_eq!(
        (
            restored["laden_revision"].as_i64(),
            restored["laden_layout"].clone()
        ),
        (Some(5), layout("Eins"))
    );
    // Visitors and customers see no revisions; unknown ones are 404.
    let v = app
        .call(Method::GET, &format!("{path}/revisions"), None, None)
        .await
        .1;
    assert_wp_error(&v, "rest_cannot_read", 401);
    let v = app
        .get_as(&editor, &format!("{path}/revisions/999999"))
        .await;
    assert_wp_error(&v, "rest_post_invalid_id", 404);
}

#[both_databases]
async fn editors_preview_drafts_and_unsaved_layouts(app: TestApp) {
    let editor = app.staff("editor").await;
    let customer = app.staff("customer").await;
    let shop_manager = app.staff("shop_manager").await;

    // A page made in the editor starts as a draft: its own address shows it to staff who edit
    // pages (never cached, never indexed) and is a 404 for everyone else.
    let draft = app
        .post_as(
            &editor,
            "/wp/v2/pages",
            json!({ "title": "Neue Aktion", "status": "draft" }),
        )
        .await;
    assert_eq!(draft["slug"], "neue-aktion");
    let as_who = |who: Option<&common::Login>| {
        let mut req = app.client.get(app.url("/neue-aktion/?editor=1"));
        if let Some(l) = who {
            req = req.header("cookie", &l.cookie);
        }
        req.send()
    };
    assert_eq!(as_who(None).await.unwrap().status(), 404);
    assert_eq!(as_who(Some(&customer)).await.unwrap().status(), 404);
    let res = as_who(Some(&editor)).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    let html = res.text().await.unwrap();
    assert!(
        html.contains("Neue Aktion") && html.contains("noindex"),
        "{html}"
    );
    // A visitor asking after the editor still gets the 404 (nothing was cached).
    assert_eq!(as_who(None).await.unwrap().status(), 404);
    // Trashed pages are not previewed.
    app.call(
        Method::DELETE,
        &format!("/wp/v2/pages/{}", draft["id"]),
        Some(&editor),
        None,
    )
    .await;
    assert_eq!(as_who(Some(&editor)).await.unwrap().status(), 404);

    // The editor's unsaved document, resolved as the page route resolves it: grids get their products.
    let shoes = app
        .simple("Wanderschuh", "WS-1", 8990, TaxClass::Standard, Some(3))
        .await;
    let layout = json!({ "version": 1, "sections": [{ "columns": [{ "widgets": [
        { "type": "heading", "text": "Vorschau" },
        { "type": "product_grid", "source": "ids", "ids": [shoes], "products": [{ "name": "eingeschmuggelt" }] },
    ] }] }] });
    let v = app
        .call(
            Method::POST,
            "/laden/v1/page-preview",
            None,
            Some(json!({ "laden_layout": layout })),
        )
        .await
        .1;
    assert_wp_error(&v, "rest_forbidden", 401);
    let v = app
        .post_as(
            &customer,
            "/laden/v1/page-preview",
            json!({ "laden_layout": layout }),
        )
        .await;
    assert_wp_error(&v, "rest_forbidden", 403);
    let v = app
        .post_as(
            &shop_manager,
            "/laden/v1/page-preview",
            json!({ "laden_layout": layout }),
        )
        .await;
    let grid = &v["content"]["sections"][0]["columns"][0]["widgets"][1];
    assert_eq!(grid["products"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(grid["products"][0]["name"], "Wanderschuh");
    assert_eq!(grid["products"][0]["id"], shoes);
    // Bad documents: 400 naming the path, as a save would.
    let bad = json!({ "version": 1, "sections": [{ "columns": [{ "widgets": [{ "type": "heading", "text": 5 }] }] }] });
    let v = app
        .post_as(
            &editor,
            "/laden/v1/page-preview",
            json!({ "laden_layout": bad }),
        )
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(
        v["data"]["params"]
            .get("laden_layout.sections.0.columns.0.widgets.0.text")
            .is_some(),
        "{v}"
    );
    let v = app
        .post_as(
            &editor,
            "/laden/v1/page-preview",
            json!({ "title": "ohne Layout" }),
        )
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(v["data"]["params"].get("laden_layout").is_some(), "{v}");
}
