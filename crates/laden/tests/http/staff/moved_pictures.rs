//! A moved shop arrives with its pictures: WooCommerce's own export names each by its address on
//! the old shop, and the importer finds it in a copy of the old uploads folder (command line) or
//! a ZIP of it (admin), by the path after `uploads/`; or downloads it, only where the guard lets
//! it (`laden_domain::outbound`, `laden-outbound`), naming every picture refused in the row's
//! report while the row imports all the same.

use crate::common;

use common::{body, both_databases, Login, TestApp, WOO_SAMPLE};
use laden_outbound::{Outbound, OutboundConfig};
use reqwest::Method;
use std::io::Write;
use std::time::Duration;

/// A small JPEG, different for each `seed`.
fn jpeg(seed: u8) -> Vec<u8> {
    let img = image::RgbImage::from_fn(24, 16, |x, y| {
        image::Rgb([seed, (x * 10) as u8, (y * 12) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

/// The picture addresses of WooCommerce's sample CSV, as paths below `uploads/`.
fn sample_pictures() -> Vec<String> {
    let text = String::from_utf8_lossy(WOO_SAMPLE);
    let mut found: Vec<String> = text
        .split([',', '"', '\n'])
        .map(str::trim)
        .filter_map(|cell| cell.split("/wp-content/uploads/").nth(1))
        .map(str::to_owned)
        .collect();
    found.sort();
    found.dedup();
    found
}

fn images_of(p: &laden_store::Product) -> usize {
    p.picture_ids().len()
}

#[both_databases]
async fn woocommerces_export_finds_its_pictures_in_the_old_uploads_folder(app: TestApp) {
    // The 22 pictures, and the addresses of the downloadable products' files (no pictures).
    let pictures = sample_pictures();
    assert!(
        pictures.contains(&"2017/12/hoodie-2.jpg".to_owned()) && pictures.len() >= 22,
        "{pictures:?}"
    );
    let old = common::tempdir::TempDir::new();
    for (i, rel) in pictures.iter().enumerate() {
        let path = old.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, jpeg(i as u8)).unwrap();
    }
    let mut importer = laden_store::import::Importer::new(
        &app.store,
        app.uploads.join("no-csv-folder"),
        app.uploads.clone(),
        "import",
    );
    importer.old_uploads = Some(old.0.clone());
    let report = importer
        .import_bytes(WOO_SAMPLE, &mut |_, _| {})
        .await
        .unwrap();
    let about_pictures: Vec<&str> = report
        .warnings
        .iter()
        .map(|w| w.message.as_str())
        .filter(|m| m.starts_with("Bild"))
        .collect();
    assert!(about_pictures.is_empty(), "{about_pictures:?}");
    let hoodie = app.product_by_sku("woo-hoodie").await;
    assert!(images_of(&hoodie) >= 2, "{:?}", hoodie.picture_ids());
    assert_eq!(
        app.count("SELECT COUNT(*) AS n FROM media").await,
        22,
        "each picture once"
    );

    // Without the folder, nothing is fetched from the web: each picture is named in its row.
    let again = laden_store::import::Importer::new(
        &app.store,
        app.uploads.join("no-csv-folder"),
        app.uploads.clone(),
        "import",
    )
    .import_bytes(WOO_SAMPLE, &mut |_, _| {})
    .await
    .unwrap();
    assert!(again.errors.is_empty(), "{:?}", again.errors);
    assert!(
        again.warnings.iter().any(|w| w.message
            == "Bild „https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/hoodie-2.jpg“ übersprungen: bitte eine Kopie des Upload-Ordners des alten Shops angeben oder Downloads erlauben."),
        "{:?}",
        again.warnings
    );
}

/// A ZIP of `entries` (path, bytes).
fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        out.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        out.write_all(bytes).unwrap();
    }
    out.finish().unwrap().into_inner()
}

async fn upload_zip(app: &TestApp, who: &Login, bytes: Vec<u8>) -> reqwest::Response {
    app.rest(Method::POST, "/laden/v1/product-import/pictures", Some(who))
        .header("content-type", "application/zip")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

#[both_databases]
async fn the_admin_takes_a_zip_of_the_old_uploads_folder(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let editor = app.staff("editor").await;
    let archive = zip_of(&[
        ("wp-content/uploads/2024/05/tasse.jpg", jpeg(1)),
        ("wp-content/uploads/2024/05/tasse-300x200.jpg", jpeg(2)),
        (
            "wp-content/uploads/2024/05/shell.php",
            b"<?php system($_GET[c]);".to_vec(),
        ),
        ("../../ausserhalb.jpg", jpeg(3)),
        ("__MACOSX/wp-content/uploads/2024/05/._tasse.jpg", jpeg(4)),
    ]);
    assert_eq!(
        upload_zip(&app, &editor, archive.clone()).await.status(),
        403
    );
    let res = upload_zip(&app, &m, b"kein zip".to_vec()).await;
    assert_eq!(res.status(), 400);
    common::assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    let res = upload_zip(&app, &m, archive).await;
    assert_eq!(res.status(), 201);
    let up = body(res).await;
    assert_eq!(up["pictures"], 2, "pictures only, inside the folder: {up}");
    let id = up["id"].as_str().unwrap().to_owned();
    let folder = app.uploads.with_file_name("import-pictures").join(&id);
    assert!(folder.join("2024/05/tasse.jpg").is_file());
    assert!(!folder.join("2024/05/shell.php").exists());

    let csv = "Type,SKU,Name,Regular price,Images\n\
               simple,Z-1,Tasse,9.90,https://alter-shop.de/wp-content/uploads/2024/05/tasse.jpg\n\
               simple,Z-2,Becher,7.90,http://127.0.0.1/wp-content/uploads/2024/05/becher.jpg\n";
    let start = |query: String| {
        app.rest(
            Method::POST,
            &format!("/laden/v1/product-import{query}"),
            Some(&m),
        )
        .header("content-type", "text/csv")
        .body(csv)
        .send()
    };
    let res = start("?pictures=gibt-es-nicht".into()).await.unwrap();
    assert_eq!(res.status(), 400);
    let res = start("?pictures=../../uploads".into()).await.unwrap();
    assert_eq!(res.status(), 400);
    let res = start(format!("?pictures={id}&download=1")).await.unwrap();
    assert_eq!(
        res.status(),
        202,
        "{}",
        res.text().await.unwrap_or_default()
    );
    let job = app.ended_import(&m, res).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["report"]["created"], 2, "{job}");
    let tasse = app.product_by_sku("Z-1").await;
    assert_eq!(images_of(&tasse), 1);
    // Not in the ZIP, and downloads reach no private address unless allowed: named in its row.
    let becher = app.product_by_sku("Z-2").await;
    assert_eq!(images_of(&becher), 0);
    let warnings = job["report"]["warnings"].to_string();
    assert!(
        warnings.contains("becher.jpg") && warnings.contains("nicht geladen"),
        "{warnings}"
    );
    assert!(!folder.exists(), "the pictures were for this import");
}

/// An old shop's server, on this machine: pictures, a page that is none, one too large, a
/// redirect to the cloud's metadata address, a redirect loop, a missing one and a slow one.
async fn old_shop() -> (String, tokio::task::JoinHandle<()>) {
    use axum::response::{IntoResponse, Redirect};
    use axum::routing::get;
    let app = axum::Router::new()
        .route(
            "/wp-content/uploads/2024/05/bild.jpg",
            get(|| async { ([("content-type", "image/jpeg")], jpeg(9)) }),
        )
        .route(
            "/wp-content/uploads/2024/05/seite.jpg",
            get(|| async { ([("content-type", "image/jpeg")], "<html>kein Bild</html>") }),
        )
        .route(
            "/wp-content/uploads/2024/05/riesig.jpg",
            get(|| async { vec![0xffu8; 100 * 1024] }),
        )
        .route(
            "/wp-content/uploads/2024/05/weiter.jpg",
            get(|| async {
                Redirect::temporary("http://169.254.169.254/latest/meta-data/").into_response()
            }),
        )
        .route(
            "/wp-content/uploads/2024/05/kreis.jpg",
            get(|| async { Redirect::temporary("/wp-content/uploads/2024/05/kreis.jpg") }),
        )
        .route(
            "/wp-content/uploads/2024/05/langsam.jpg",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                jpeg(1)
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let server = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    (base, server)
}

#[both_databases]
async fn downloads_reach_only_where_the_guard_lets_them(app: TestApp) {
    let (base, server) = old_shop().await;
    let guarded = |allowed: &[&str]| {
        Outbound::new(OutboundConfig {
            allowed_hosts: allowed.iter().map(|h| (*h).to_owned()).collect(),
            max_bytes: 64 * 1024,
            timeout: Duration::from_secs(1),
        })
        .unwrap()
    };
    let row = |sku: &str, file: &str| {
        format!("simple,{sku},Produkt {sku},5.00,{base}/wp-content/uploads/2024/05/{file}\n")
    };
    let mut csv = String::from("Type,SKU,Name,Regular price,Images\n");
    for (sku, file) in [
        ("D-1", "bild.jpg"),
        ("D-2", "seite.jpg"),
        ("D-3", "riesig.jpg"),
        ("D-4", "weiter.jpg"),
        ("D-5", "kreis.jpg"),
        ("D-6", "fehlt.jpg"),
        ("D-7", "langsam.jpg"),
    ] {
        csv.push_str(&row(sku, file));
    }
    csv.push_str("simple,D-8,Metadaten,5.00,http://169.254.169.254/latest/meta-data/iam.jpg\n");
    csv.push_str("simple,D-9,Datei,5.00,file:///etc/passwd\n");
    let mut importer = laden_store::import::Importer::new(
        &app.store,
        app.uploads.join("no-csv-folder"),
        app.uploads.clone(),
        "import",
    );
    // The test's own server is on loopback: allowed by name, as an administrator would.
    importer.fetch = Some(guarded(&["127.0.0.1"]));
    let report = importer
        .import_bytes(csv.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!(report.created, 9, "every row imports, pictures or not");
    let said = |line: usize| -> String {
        report
            .warnings
            .iter()
            .filter(|w| w.line == line)
            .map(|w| w.message.clone())
            .collect::<Vec<_>>()
            .join(" | ")
    };
    assert_eq!(said(2), "", "downloaded");
    assert_eq!(images_of(&app.product_by_sku("D-1").await), 1);
    for (line, part) in [
        (3, "Dateityp darf leider nicht"),
        (4, "größer als die Obergrenze"),
        (5, "privates Netz"),
        (6, "Zu viele Weiterleitungen"),
        (7, "Status 404"),
        (8, "nicht rechtzeitig"),
        (9, "privates Netz"),
        (10, "Nur Adressen mit http und https"),
    ] {
        let text = said(line);
        assert!(text.contains(part), "line {line}: {text}");
    }
    for sku in ["D-2", "D-3", "D-4", "D-5", "D-6", "D-7", "D-8", "D-9"] {
        assert_eq!(images_of(&app.product_by_sku(sku).await), 0, "{sku}");
    }

    // Unless the administrator allows it, this machine and its names are never reached.
    let client = guarded(&[]);
    for url in [
        format!("{base}/wp-content/uploads/2024/05/bild.jpg"),
        format!(
            "{}/wp-content/uploads/2024/05/bild.jpg",
            base.replace("127.0.0.1", "localhost")
        ),
    ] {
        let refused = client.get(&url).await.unwrap_err();
        assert!(
            matches!(refused, laden_outbound::FetchError::Refused(_)),
            "{url}: {refused:?}"
        );
    }
    server.abort();
}
