//! `wp/v2` over HTTP: pages, media uploads, users/me and settings.

#![allow(clippy::unwrap_used)]

mod common;

use common::{assert_wp_error, body, files_below, jpeg, page_data, Backend, Fetch, TestApp};
use reqwest::Method;
use serde_json::{json, Value};

both_databases!(pages_list_create_update_delete, |db: Backend| async move {
    let app = TestApp::start(db).await;
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
});

both_databases!(pages_paginate_like_wordpress, |db: Backend| async move {
    let app = TestApp::start(db).await;
    for i in 0..25 {
        app.store
            .upsert_page(
                &format!("seite-{i:02}"),
                &format!("Seite {i:02}"),
                "",
                &json!({ "version": 1, "sections": [] }),
            )
            .await
            .unwrap();
    }
    let res = app
        .client
        .get(app.url("/wp-json/wp/v2/pages?orderby=slug&order=asc&page=2"))
        .header("host", "evil.example")
        .go()
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
});

fn multipart(bytes: Vec<u8>, name: &str, mime: &str) -> reqwest::multipart::Form {
    reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str(mime)
                .unwrap(),
        )
        .text("alt_text", "Eine Tasse Kaffee")
}

both_databases!(media_upload_contract, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let editor = app.staff("editor").await;

    // Visitors may not upload.
    let v = app
        .rest(Method::POST, "/wp/v2/media", None)
        .multipart(multipart(jpeg(40, 40), "a.jpg", "image/jpeg"))
        .json_of()
        .await;
    assert_wp_error(&v, "rest_cannot_create", 401);

    // Multipart: stored under a server-chosen name, all sizes in JPEG and WebP.
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .multipart(multipart(
            jpeg(1200, 800),
            "../../Mein Foto!.JPG",
            "image/jpeg",
        ))
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let id: i64 = res.headers()["x-wp-upload-attachment-id"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let m = body(res).await;
    assert_eq!(m["id"], id);
    assert_eq!(m["alt_text"], "Eine Tasse Kaffee");
    assert_eq!(m["mime_type"], "image/jpeg");
    assert_eq!(m["missing_image_sizes"], json!([]));
    let file = m["media_details"]["file"].as_str().unwrap();
    assert!(
        file.ends_with("/mein-foto.jpg") && !file.contains(".."),
        "{file}"
    );
    assert!(m["source_url"]
        .as_str()
        .unwrap()
        .starts_with("https://shop.example.de/uploads/"));
    for (size, w, h) in [
        ("thumbnail", 150, 150),
        ("medium", 300, 200),
        ("medium_large", 768, 512),
        ("large", 1024, 683),
        ("full", 1200, 800),
    ] {
        let s = &m["media_details"]["sizes"][size];
        assert_eq!(
            (s["width"].as_i64(), s["height"].as_i64()),
            (Some(w), Some(h)),
            "{size}: {s}"
        );
    }
    let webp = m["media_details"]["sizes"]["medium"]["sources"]["image/webp"]["source_url"]
        .as_str()
        .unwrap();
    let path = webp.trim_start_matches("https://shop.example.de");
    let res = app.get(path).await;
    assert_eq!(res.status(), 200);
    assert_eq!(&res.bytes().await.unwrap()[8..12], b"WEBP");
    assert_eq!(files_below(&app.uploads).len(), 1 + 4 * 2);

    // Raw body with Content-Disposition, as WordPress takes it; a big image gets a scaled copy.
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .header("content-type", "image/jpeg")
        .header("content-disposition", "attachment; filename=\"gross.jpg\"")
        .body(jpeg(3000, 1500))
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let big = body(res).await;
    assert_eq!(big["media_details"]["width"], 2560);
    assert_eq!(big["media_details"]["original_image"], "gross.jpg");
    assert!(big["source_url"]
        .as_str()
        .unwrap()
        .ends_with("gross-scaled.jpg"));
    let big_id = big["id"].as_i64().unwrap();

    // GIF and PNG are images too.
    let mut gif = Vec::new();
    image::RgbImage::from_pixel(20, 10, image::Rgb([200, 10, 10]))
        .write_to(&mut std::io::Cursor::new(&mut gif), image::ImageFormat::Gif)
        .unwrap();
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .multipart(multipart(gif, "punkt.gif", "image/gif"))
        .go()
        .await;
    assert_eq!(res.status(), 201);
    assert_eq!(body(res).await["mime_type"], "image/gif");

    // Refused, leaving no row and no file behind.
    let before_files = files_below(&app.uploads);
    let before_total = app.get("/wp-json/wp/v2/media").await.headers()["x-wp-total"]
        .to_str()
        .unwrap()
        .to_owned();
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>".to_vec();
    let html = b"<!doctype html><script>alert(1)</script>".to_vec();
    let php = b"<?php system($_GET['c']); ?>".to_vec();
    for (bytes, name, mime, code) in [
        (
            svg,
            "bild.svg",
            "image/svg+xml",
            "rest_upload_sideload_error",
        ),
        (
            html.clone(),
            "bild.jpg",
            "image/jpeg",
            "rest_upload_sideload_error",
        ),
        (php, "shell.php", "image/jpeg", "rest_upload_sideload_error"),
        (
            jpeg(20, 20),
            "bild.png",
            "image/png",
            "rest_upload_sideload_error",
        ),
        (
            jpeg(20, 20),
            "bild.html",
            "text/html",
            "rest_upload_sideload_error",
        ),
        (
            png_bomb(),
            "bombe.png",
            "image/png",
            "rest_upload_sideload_error",
        ),
        (
            b"\xFF\xD8\xFF\xE0 truncated".to_vec(),
            "kaputt.jpg",
            "image/jpeg",
            "rest_upload_sideload_error",
        ),
    ] {
        let res = app
            .rest(Method::POST, "/wp/v2/media", Some(&editor))
            .multipart(multipart(bytes, name, mime))
            .go()
            .await;
        assert_eq!(res.status(), 400, "{name}");
        assert!(res.headers().get("x-wp-upload-attachment-id").is_none());
        let v = body(res).await;
        assert_wp_error(&v, code, 400);
    }
    let v = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .header("content-type", "image/jpeg")
        .body(jpeg(20, 20))
        .json_of()
        .await;
    assert_wp_error(&v, "rest_upload_no_content_disposition", 400);
    let v = app
        .call(Method::POST, "/wp/v2/media", Some(&editor), None)
        .await
        .1;
    assert_wp_error(&v, "rest_upload_no_data", 400);

    // Over the limit (2 MiB in tests): 413, by Content-Length before reading, and for a chunked body while reading.
    let huge = vec![0xFFu8; 3 * 1024 * 1024];
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .header("content-disposition", "attachment; filename=x.jpg")
        .body(huge.clone())
        .go()
        .await;
    assert_eq!(res.status(), 413);
    // The refused body is never read, so the connection must not be reused for another request.
    assert_eq!(res.headers()["connection"], "close");
    assert_wp_error(&body(res).await, "rest_upload_file_too_big", 413);
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        huge.chunks(64 * 1024).map(|c| Ok(c.to_vec())).collect();
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .header("content-disposition", "attachment; filename=x.jpg")
        .body(reqwest::Body::wrap_stream(futures::stream::iter(chunks)))
        .send()
        .await;
    // The server may answer and close before the client has sent everything.
    if let Ok(res) = res {
        assert_eq!(res.status(), 413);
        assert_eq!(res.headers()["connection"], "close");
    }
    assert_eq!(files_below(&app.uploads), before_files);
    assert_eq!(
        app.get("/wp-json/wp/v2/media").await.headers()["x-wp-total"]
            .to_str()
            .unwrap(),
        before_total
    );

    // Update texts; delete needs force (no trash for media) and removes rows and files.
    let v = app
        .rest(Method::POST, &format!("/wp/v2/media/{id}"), Some(&editor))
        .json(&json!({ "title": "Kaffee & Kuchen", "caption": "<b>Fein</b><script>x</script>" }))
        .json_of()
        .await;
    assert_eq!(v["title"]["raw"], "Kaffee & Kuchen");
    assert_eq!(v["title"]["rendered"], "Kaffee &amp; Kuchen");
    assert_eq!(v["caption"]["raw"], "<b>Fein</b>");
    let v = app.delete_as(&editor, &format!("/wp/v2/media/{id}")).await;
    assert_wp_error(&v, "rest_trash_not_supported", 501);
    let v = app
        .delete_as(&editor, &format!("/wp/v2/media/{big_id}?force=true"))
        .await;
    assert_eq!(v["deleted"], true);
    assert_eq!(v["previous"]["id"], big_id);
    assert!(
        files_below(&app.uploads)
            .iter()
            .all(|f| !f.contains("gross")),
        "{:?}",
        files_below(&app.uploads)
    );
    let v = app
        .call(Method::GET, &format!("/wp/v2/media/{big_id}"), None, None)
        .await
        .1;
    assert_wp_error(&v, "rest_post_invalid_id", 404);
});

both_databases!(
    media_subsizes_can_be_completed_later,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let editor = app.staff("editor").await;
        let admin = app.staff("administrator").await;

        // The test hook: only administrators may set it.
        let res = app
            .send_as(
                &editor,
                Method::PUT,
                "/laden-test/v1/subsize-failures",
                &json!({ "count": 2 }),
            )
            .await;
        assert_eq!(res.status(), 403);
        let res = app
            .send_as(
                &admin,
                Method::PUT,
                "/laden-test/v1/subsize-failures",
                &json!({ "count": 2 }),
            )
            .await;
        assert_eq!(res.status(), 200);

        let res = app
            .rest(Method::POST, "/wp/v2/media", Some(&editor))
            .multipart(multipart(jpeg(900, 600), "spaeter.jpg", "image/jpeg"))
            .go()
            .await;
        assert_eq!(res.status(), 500);
        let id: i64 = res.headers()["x-wp-upload-attachment-id"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_wp_error(&body(res).await, "rest_upload_image_subsizes", 500);
        let m = app
            .get_as(&editor, &format!("/wp/v2/media/{id}?context=edit"))
            .await;
        assert_eq!(
            m["missing_image_sizes"],
            json!(["thumbnail", "medium", "medium_large"])
        );
        assert_eq!(
            files_below(&app.uploads).len(),
            1,
            "only the original is kept"
        );

        let pp = format!("/wp/v2/media/{id}/post-process");
        let v = app
            .post_as(&editor, &pp, json!({ "action": "other" }))
            .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        let v = app
            .call(
                Method::POST,
                &pp,
                None,
                Some(json!({ "action": "create-image-subsizes" })),
            )
            .await
            .1;
        assert_wp_error(&v, "rest_cannot_edit", 401);
        let res = app
            .send_as(
                &editor,
                Method::POST,
                &pp,
                &json!({ "action": "create-image-subsizes" }),
            )
            .await;
        assert_eq!(res.status(), 500, "second planned failure");
        let res = app
            .send_as(
                &editor,
                Method::POST,
                &pp,
                &json!({ "action": "create-image-subsizes" }),
            )
            .await;
        assert_eq!(res.status(), 200);
        let m = body(res).await;
        assert_eq!(m["missing_image_sizes"], json!([]));
        assert_eq!(m["media_details"]["sizes"]["medium"]["width"], 300);
        assert_eq!(files_below(&app.uploads).len(), 1 + 3 * 2);
        let v = app
            .post_as(
                &editor,
                "/wp/v2/media/424242/post-process",
                json!({ "action": "create-image-subsizes" }),
            )
            .await;
        assert_wp_error(&v, "rest_post_invalid_id", 404);
    }
);

both_databases!(users_me_and_settings, |db: Backend| async move {
    let app = TestApp::start(db).await;
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
        .post_as(
            &admin,
            "/wp/v2/settings",
            json!({ "title": "Kaffee & Co.", "unknown": 1 }),
        )
        .await;
    assert_eq!(s["title"], "Kaffee & Co.");
    assert_eq!(
        body(app.get("/wp-json/").await).await["name"],
        "Kaffee & Co."
    );
    let s = app.post_as(&admin, "/wp/v2/settings", json!({ "laden_shop_lightbox": false, "laden_gallery_vertical": true, "laden_header_cart_link": "/warenkorb/" })).await;
    assert_eq!(
        (
            s["laden_shop_lightbox"].as_bool(),
            s["laden_gallery_vertical"].as_bool(),
            s["laden_header_cart_link"].as_str()
        ),
        (Some(false), Some(true), Some("/warenkorb/"))
    );
    let s = app
        .post_as(
            &admin,
            "/wp/v2/settings",
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
        .post_as(
            &admin,
            "/wp/v2/settings",
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
    let s = app.post_as(&admin, "/wp/v2/settings", header.clone()).await;
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
    let s = app.post_as(&admin, "/wp/v2/settings", json!({ "laden_tracking_allow": false, "laden_tracking_needs_marketing_consent": false, "laden_analytics_script": "/assets/demo-analytics.js" })).await;
    assert_eq!(
        (
            s["laden_tracking_allow"].as_bool(),
            s["laden_tracking_needs_marketing_consent"].as_bool(),
            s["laden_analytics_script"].as_str()
        ),
        (Some(false), Some(false), Some("/assets/demo-analytics.js"))
    );
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
        let v = app.post_as(&admin, "/wp/v2/settings", bad.clone()).await;
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
});

/// A PNG header claiming 50,000 × 50,000 pixels (10 GB decoded).
fn png_bomb() -> Vec<u8> {
    fn crc32(data: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for b in data {
            crc ^= u32::from(*b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(50_000u32.to_be_bytes());
    ihdr.extend(50_000u32.to_be_bytes());
    ihdr.extend([8, 2, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(13u32.to_be_bytes());
    out.extend(&ihdr);
    out.extend(crc32(&ihdr).to_be_bytes());
    out.extend(0u32.to_be_bytes());
    out.extend(b"IEND");
    out.extend(crc32(b"IEND").to_be_bytes());
    out
}

both_databases!(
    shop_settings_shipping_stock_and_legal_pages,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let admin = app.staff("administrator").await;
        app.store
            .upsert_page(
                "liefern",
                "Lieferung",
                "",
                &json!({ "version": 1, "sections": [] }),
            )
            .await
            .unwrap();
        let post = |v: serde_json::Value| {
            app.rest(Method::POST, "/wp/v2/settings", Some(&admin))
                .json(&v)
                .send()
        };
        let s = body(post(json!({ "laden_shipping_flat": "3.90", "laden_shipping_free_from": "40.00", "laden_low_stock_amount": 3, "laden_sticky_summary": false, "laden_page_shipping": "/liefern/" })).await.unwrap()).await;
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
            .simple(
                "Tasse",
                "TASSE",
                1000,
                laden_domain::TaxClass::Standard,
                None,
            )
            .await;
        let token = app.new_cart().await;
        let cart = body(app.add_item(&token, id, 1).await).await;
        assert_eq!(cart["totals"]["total_price"], "1390");
        // Never free; then bad values: refused, nothing changed.
        let s = body(
            post(json!({ "laden_shipping_free_from": null }))
                .await
                .unwrap(),
        )
        .await;
        assert!(s["laden_shipping_free_from"].is_null());
        for bad in [
            json!({ "laden_shipping_flat": "-1" }),
            json!({ "laden_shipping_flat": "viel", "title": "Neu" }),
            json!({ "laden_low_stock_amount": -2 }),
            json!({ "laden_page_terms": "gibt-es-nicht" }),
            json!({ "laden_page_accessibility": "gibt-es-nicht" }),
        ] {
            let v = body(post(bad.clone()).await.unwrap()).await;
            assert_wp_error(&v, "rest_invalid_param", 400);
        }
        // The accessibility statement is optional, and a published page when named; the page
        // data links it in the footer.
        app.store
            .upsert_page(
                "barrierefreiheit",
                "Barrierefreiheitserklärung",
                "",
                &json!({ "version": 1, "sections": [] }),
            )
            .await
            .unwrap();
        let s = body(
            post(json!({ "laden_page_accessibility": "barrierefreiheit" }))
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(s["laden_page_accessibility"], "barrierefreiheit");
        let html = app.html("/liefern/", None).await;
        assert!(
            html.contains(r#""accessibilityPage":"/barrierefreiheit/""#),
            "page data names the statement"
        );
        let s = body(
            post(json!({ "laden_page_accessibility": "" }))
                .await
                .unwrap(),
        )
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
    }
);

both_databases!(
    payment_methods_address_and_vat_id,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let admin = app.staff("administrator").await;
        let post = |v: serde_json::Value| {
            app.rest(Method::POST, "/wp/v2/settings", Some(&admin))
                .json(&v)
                .send()
        };
        let s = body(post(json!({ "laden_payment_methods": ["invoice", "bacs", "invoice"], "laden_shop_address": "Kaffeerösterei Laden GmbH\nHauptstraße 5\n04109 Leipzig", "laden_shop_vat_id": "de 123 456 789" })).await.unwrap()).await;
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
                &body(post(bad).await.unwrap()).await,
                "rest_invalid_param",
                400,
            );
        }
        // The cart offers, and the checkout accepts, only the methods the shop offers.
        let id = app
            .simple(
                "Tasse",
                "TASSE",
                1000,
                laden_domain::TaxClass::Standard,
                Some(5),
            )
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
);

both_databases!(
    shipping_zones_price_the_delivery_country,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let admin = app.staff("administrator").await;
        let post = |v: serde_json::Value| {
            app.rest(Method::POST, "/wp/v2/settings", Some(&admin))
                .json(&v)
                .send()
        };
        let zones = json!([
            { "name": "Deutschland", "countries": ["DE"], "cost": "4.90", "free_from": "50.00" },
            { "name": "EU", "countries": ["at", "NL"], "cost": "9,90", "free_from": "" },
        ]);
        let s = body(post(json!({ "laden_shipping_flat": "14.90", "laden_shipping_free_from": null, "laden_shipping_zones": zones })).await.unwrap()).await;
        assert_eq!(
            s["laden_shipping_zones"][1],
            json!({ "name": "EU", "countries": ["AT", "NL"], "cost": "9.90", "free_from": null }),
            "{s}"
        );

        let id = app
            .simple(
                "Mühle",
                "MUEHLE",
                2000,
                laden_domain::TaxClass::Standard,
                Some(5),
            )
            .await;
        let token = app.new_cart().await;
        let cart = body(app.add_item(&token, id, 1).await).await;
        let shipping = |c: &serde_json::Value| {
            (
                c["shipping_address"]["country"].as_str().map(str::to_owned),
                c["totals"]["extensions"]["laden"]["total_shipping_gross"]
                    .as_str()
                    .map(str::to_owned),
                c["shipping_rates"][0]["shipping_rates"][0]["name"]
                    .as_str()
                    .map(str::to_owned),
            )
        };
        let s = |a: &str, b: &str, c: &str| {
            (Some(a.to_owned()), Some(b.to_owned()), Some(c.to_owned()))
        };
        // Before the shopper names a country, the cart is priced for Germany.
        assert_eq!(shipping(&cart), s("DE", "490", "Deutschland"));
        let cart = body(
            app.post(
                "/cart/update-customer",
                Some(&token),
                json!({ "shipping_address": { "country": "AT" } }),
            )
            .await,
        )
        .await;
        assert_eq!(shipping(&cart), s("AT", "990", "EU"));
        assert_eq!(cart["totals"]["total_price"], "2990");
        // The billing country counts when no shipping country is given; a country in no zone pays the rate for the others.
        let cart = body(app.post("/cart/update-customer", Some(&token), json!({ "billing_address": { "country": "CH", "first_name": "Heidi" }, "shipping_address": { "country": "" } })).await).await;
        assert_eq!(shipping(&cart), s("CH", "1490", "Übrige Lieferländer"));
        // A country the shop does not deliver to: refused, the cart keeps its country.
        let v = body(
            app.post(
                "/cart/update-customer",
                Some(&token),
                json!({ "shipping_address": { "country": "US" } }),
            )
            .await,
        )
        .await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        let res = app
            .client
            .get(app.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &token)
            .go()
            .await;
        assert_eq!(
            shipping(&body(res).await),
            s("CH", "1490", "Übrige Lieferländer")
        );

        // The order charges the shipping of its delivery address, whatever the cart showed.
        let mut addr = common::billing();
        addr["country"] = json!("AT");
        addr["postcode"] = json!("1010");
        let placed = body(
            app.post(
                "/checkout",
                Some(&token),
                json!({ "billing_address": addr, "payment_method": "bacs" }),
            )
            .await,
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
        assert_eq!(shipping(&cart), s("DE", "0", "Deutschland"));

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
            let v = body(
                post(json!({ "laden_shipping_zones": bad, "laden_shipping_flat": "1.00" }))
                    .await
                    .unwrap(),
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
);

both_databases!(
    pages_are_checked_versioned_and_restorable,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
);

both_databases!(
    editors_preview_drafts_and_unsaved_layouts,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
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
            .simple(
                "Wanderschuh",
                "WS-1",
                8990,
                laden_domain::TaxClass::Standard,
                Some(3),
            )
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
);

both_databases!(media_list_checks_its_parameters, |db: Backend| async move {
    let app = TestApp::start(db).await;
    let editor = app.staff("editor").await;
    // Every bad parameter is named in one answer.
    let v = app
        .get_as(&editor, "/wp/v2/media?orderby=rand&media_type=font")
        .await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(v["data"]["params"]["orderby"].is_string(), "{v}");
    assert!(v["data"]["params"]["media_type"].is_string(), "{v}");
    // Only images are kept: another media type lists nothing.
    let v = app.get_as(&editor, "/wp/v2/media?media_type=video").await;
    assert_eq!(v, json!([]));
    // A page past the last is refused, as WordPress does.
    let v = app.get_as(&editor, "/wp/v2/media?page=999").await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    assert!(v["data"]["params"]["page"].is_string(), "{v}");
});
