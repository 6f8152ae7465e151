//! WordPress's media (`wp/v2/media`) over HTTP, on SQLite and PostgreSQL: the upload
//! contract, refused images, sub-sizes made later, and the list's parameters.

use crate::common;

use common::{assert_wp_error, body, both_databases, files_below, jpeg, Fetch, TestApp};
use reqwest::Method;
use serde_json::json;

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

#[both_databases]
async fn media_upload_contract(app: TestApp) {
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
    let id = attachment_id(&res);
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
    // A multipart body without a file, or broken off before its closing boundary: no data either,
    // and nothing is kept.
    let before = app.get_as(&editor, "/wp/v2/media").await;
    let head = "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n";
    let mut broken_off = head.as_bytes().to_vec();
    broken_off.extend_from_slice(&jpeg(20, 20)[..64]);
    for body in [
        b"--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nTasse\r\n--B--\r\n".to_vec(),
        broken_off,
    ] {
        let v = app
            .rest(Method::POST, "/wp/v2/media", Some(&editor))
            .header("content-type", "multipart/form-data; boundary=B")
            .body(body)
            .json_of()
            .await;
        assert_wp_error(&v, "rest_upload_no_data", 400);
    }
    assert_eq!(app.get_as(&editor, "/wp/v2/media").await, before);

    // Over the limit (2 MiB in tests): 413, by Content-Length before reading, and for a chunked body while reading.
    let huge = vec![0xFFu8; 3 * 1024 * 1024];
    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .header("content-disposition", "attachment; filename=x.jpg")
        .body(huge.clone())
        .go()
        .await;
    assert_eq!(res.status(), 413);
    // The refused body is not read before the answer, so the connection must not be reused.
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
}

#[both_databases]
async fn media_subsizes_can_be_completed_later(app: TestApp) {
    let editor = app.staff("editor").await;
    let admin = app.staff("administrator").await;

    // The test hook: only administrators may set it.
    for (who, status) in [(&editor, 403), (&admin, 200)] {
        let (got, _) = app
            .call(
                Method::PUT,
                "/laden-test/v1/subsize-failures",
                Some(who),
                Some(json!({ "count": 2 })),
            )
            .await;
        assert_eq!(got, status);
    }

    let res = app
        .rest(Method::POST, "/wp/v2/media", Some(&editor))
        .multipart(multipart(jpeg(900, 600), "spaeter.jpg", "image/jpeg"))
        .go()
        .await;
    assert_eq!(res.status(), 500);
    let id = attachment_id(&res);
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
    let subsizes = json!({ "action": "create-image-subsizes" });
    let post_process = || app.send_as(&editor, Method::POST, &pp, &subsizes);
    let res = post_process().await;
    assert_eq!(res.status(), 500, "second planned failure");
    let res = post_process().await;
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

#[both_databases]
async fn media_list_checks_its_parameters(app: TestApp) {
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
}

/// A refused upload's answer must reach the client: closing while it still sends would reset the
/// connection and lose the answer (it did, for one upload in ten to fourteen, before the server
/// drained what a handler leaves of a body unread). A hundred of each: declared too large,
/// chunked too large (413), and a visitor's upload within the limit (401).
#[both_databases]
async fn a_refused_upload_is_answered_not_reset(app: TestApp) {
    let editor = app.staff("editor").await;
    let huge = vec![0xFFu8; 3 * 1024 * 1024];
    let within = vec![0xFFu8; 3 * 512 * 1024];
    for round in 0..300 {
        let who = if round % 3 == 2 { None } else { Some(&editor) };
        let req = app
            .rest(Method::POST, "/wp/v2/media", who)
            .header("content-disposition", "attachment; filename=x.jpg");
        let req = match round % 3 {
            0 => req.body(huge.clone()),
            1 => {
                let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
                    huge.chunks(64 * 1024).map(|c| Ok(c.to_vec())).collect();
                req.body(reqwest::Body::wrap_stream(futures::stream::iter(chunks)))
            }
            _ => req.body(within.clone()),
        };
        let res = req
            .send()
            .await
            .unwrap_or_else(|e| panic!("round {round}: {e:?}"));
        if who.is_none() {
            assert_wp_error(&body(res).await, "rest_cannot_create", 401);
            continue;
        }
        assert_eq!(res.status(), 413, "round {round}");
        assert_eq!(res.headers()["connection"], "close");
        assert_wp_error(&body(res).await, "rest_upload_file_too_big", 413);
    }
    assert!(
        files_below(&app.uploads).is_empty(),
        "{:?}",
        files_below(&app.uploads)
    );
}

/// The attachment an upload made, as its `X-WP-Upload-Attachment-ID` header names it.
fn attachment_id(res: &reqwest::Response) -> i64 {
    let header = res.headers()["x-wp-upload-attachment-id"].to_str().unwrap();
    header.parse().unwrap()
}
