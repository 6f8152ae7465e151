//! Server-rendered documents through the real React bundle (built by `make test`).

use crate::common;

use common::{both_databases, decoded, page_data, Backend, TestApp};
use laden_domain::TaxClass;

#[both_databases]
async fn product_page_is_complete_before_scripts(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    app.simple(
        "Espresso Casa",
        "E-CASA",
        123_490,
        TaxClass::Standard,
        Some(3),
    )
    .await;
    app.store
        .add_review(
            app.id_by_sku("E-CASA").await,
            4,
            "Anna",
            "Gut",
            1_700_000_000,
        )
        .await
        .unwrap();
    let res = app.get("/produkt/espresso-casa/").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
    let etag = res.headers()["etag"].to_str().unwrap().to_owned();
    let html = res.text().await.unwrap();
    assert!(
        html.starts_with("<!doctype html><html lang=\"de\">"),
        "{}",
        &html[..80]
    );
    let body = &html[html.find("<div id=\"app\">").unwrap()
        ..html.find("<script id=\"__LADEN_DATA__\"").unwrap()];
    assert!(body.contains(">Espresso Casa</h1>"), "server-rendered name");
    assert!(
        body.contains("1.234,90\u{a0}€"),
        "server-rendered German price"
    );
    assert!(body.contains("inkl. MwSt."));
    assert!(body.contains("zzgl. Versandkosten"));
    assert!(html.contains("<title>Espresso Casa – Laden</title>"));
    assert!(html.contains(
        "<link rel=\"canonical\" href=\"https://shop.example.de/produkt/espresso-casa/\">"
    ));
    assert!(html.contains("<meta property=\"og:type\" content=\"product\">"));
    assert!(html.contains("\"@type\":\"Product\""));
    assert!(html.contains("\"price\":\"1234.90\""));
    assert!(html.contains("\"@type\":\"AggregateRating\""));
    assert!(html.contains("\"@type\":\"BreadcrumbList\""));

    // A cache hit answers 304 to a matching validator.
    let res = app
        .get_with("/produkt/espresso-casa/", &[("If-None-Match", &etag)])
        .await;
    assert_eq!(res.status(), 304);

    // A content change shows at once: the cache is keyed by content version.
    app.simple(
        "Espresso Casa Neu",
        "E-CASA",
        123_490,
        TaxClass::Standard,
        Some(3),
    )
    .await;
    let html = app.html("/produkt/espresso-casa-neu/", None).await;
    assert!(html.contains(">Espresso Casa Neu</h1>"));
    let res = app
        .get_with("/produkt/espresso-casa-neu/", &[("If-None-Match", &etag)])
        .await;
    assert_eq!(res.status(), 200);

    // The SEO title and description set in the admin (wc/v3 meta) go into the head.
    let manager = app.staff("shop_manager").await;
    let id = app.id_by_sku("E-CASA").await;
    let meta = serde_json::json!([{ "key": "_yoast_wpseo_title", "value": "Espresso Casa online kaufen" }, { "key": "_yoast_wpseo_metadesc", "value": "Kräftig & <mild>" }]);
    let (status, _) = app.put_meta(&manager, id, meta).await;
    assert_eq!(status, 200);
    let html = app.html("/produkt/espresso-casa-neu/", None).await;
    assert!(
        html.contains("<title>Espresso Casa online kaufen</title>"),
        "{}",
        &html[..600]
    );
    assert!(html.contains("<meta name=\"description\" content=\"Kräftig &amp; &lt;mild&gt;\">"));
    assert!(
        html.contains(">Espresso Casa Neu</h1>"),
        "the page heading stays the product name"
    );
}

#[both_databases]
async fn listing_pages_and_errors(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    app.simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, Some(0))
        .await;
    let html = app.html("/produkt-kategorie/kaffee/", None).await;
    assert!(html.contains(">Espresso Casa</h3>"));
    assert!(html.contains("Ausverkauft"), "out-of-stock badge");
    assert!(html.contains("12,90\u{a0}€"));
    // The inlined data holds what the cards show, not the whole product (description, SKU …).
    let data = page_data(&html);
    let mut fields: Vec<&str> = data["products"][0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "average_rating",
            "extensions",
            "id",
            "images",
            "is_in_stock",
            "name",
            "on_sale",
            "permalink",
            "prices",
            "review_count",
            "type"
        ]
    );

    let res = app.get("/produkt/gibt-es-nicht/").await;
    assert_eq!(res.status(), 404);
    let html = res.text().await.unwrap();
    assert!(html.contains("Seite nicht gefunden"));
    assert!(html.contains("noindex"));
    let res = app.get("/shop").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/shop/");
    let res = app.get("/produkt-kategorie/kaffee?orderby=price").await;
    assert_eq!(res.status(), 301);
    assert_eq!(
        res.headers()["location"],
        "/produkt-kategorie/kaffee/?orderby=price"
    );

    for encoding in ["br", "gzip"] {
        let res = app
            .get_with("/shop/", &[("Accept-Encoding", encoding)])
            .await;
        assert_eq!(res.headers()["content-encoding"], encoding);
    }
    let html = app.html("/warenkorb/", None).await;
    // The heading takes the focus when a removed line takes its button along.
    assert!(
        html.contains("<h1 tabindex=\"-1\">Warenkorb</h1>"),
        "{html}"
    );
    let html = app.html("/kasse/", None).await;
    assert!(html.contains("Zahlungspflichtig bestellen"));
    assert!(html.contains("Deutschland"));
}

#[tokio::test]
async fn without_a_renderer_the_shell_carries_the_data() {
    let app = TestApp::start_with(Backend::Sqlite, false).await;
    app.simple("Espresso Casa", "E-CASA", 1290, TaxClass::Standard, None)
        .await;
    let html = app.html("/produkt/espresso-casa/", None).await;
    assert!(html.contains("<div id=\"app\"></div>"));
    assert!(html.contains("\"route\":\"product\""));
    assert!(
        html.contains("\"@type\":\"Product\""),
        "the head is complete even then"
    );
}

#[both_databases]
async fn content_pages_assets_and_sell_out(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let content = serde_json::json!({ "version": 1, "sections": [{ "id": "angebote", "columns": [{ "widgets": [
        { "type": "heading", "text": "Willkommen", "level": 1 },
        { "type": "text", "html": "<p>Hallo<script>x()</script></p>" }
    ] }] }] });
    app.store
        .upsert_page("startseite", "Startseite", "Kaffee und Tee", &content)
        .await
        .unwrap();
    app.store
        .upsert_page("ueber-uns", "Über uns", "Wer wir sind", &content)
        .await
        .unwrap();

    let res = app.get("/").await;
    assert_eq!(res.status(), 200);
    assert!(
        res.headers()["x-request-id"].to_str().unwrap().len() >= 32,
        "every answer carries a request id"
    );
    let html = res.text().await.unwrap();
    assert!(
        html.contains("<section id=\"angebote\""),
        "sections keep their anchor ids"
    );
    assert!(
        html.contains("<p>Hallo</p>") && !html.contains("x()"),
        "page HTML is sanitised"
    );
    let res = app.get("/startseite/").await;
    assert_eq!(
        res.status(),
        301,
        "the front page's own slug redirects to /"
    );
    assert_eq!(res.headers()["location"], "/");
    // One h1: the layout's own level-1 heading stands for the page's title, which then is not
    // shown (a page without one shows its title: e2e/accessibility.spec.ts, the statement).
    let about = app.html("/ueber-uns/", None).await;
    assert!(
        about.contains("<h1 class=\"pb-heading\">Willkommen</h1>")
            && about.matches("<h1").count() == 1,
        "{about}"
    );

    // Hashed assets are cached for good. The app's modules are listed at the end of the
    // body, the entry first, and asked for by the loader after the first paint: none is in
    // the head for the preload scanner to fetch beside the document.
    let modules: Vec<String> = serde_json::from_str(
        html.split("<script id=\"__LADEN_MODULES__\" type=\"application/json\">")
            .nth(1)
            .unwrap()
            .split("</script>")
            .next()
            .unwrap(),
    )
    .unwrap();
    assert!(modules.len() > 1 && modules.iter().all(|m| m.starts_with("/assets/")));
    let script = modules[0].clone();
    assert!(
        !html.contains("<script type=\"module\"") && !html.contains("<link rel=\"modulepreload\"")
    );
    assert!(html.ends_with(&format!(
        "</script><script>{}</script></body></html>",
        laden_http::MODULE_LOADER
    )));
    let res = app.get(&script).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    // … and sent as the build compressed them (brotli 11, gzip 9), each decoding to the file.
    let plain = res.bytes().await.unwrap();
    for coding in ["br", "gzip"] {
        let res = app.get_with(&script, &[("Accept-Encoding", coding)]).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-encoding"], coding);
        assert_eq!(res.headers()["vary"], "accept-encoding");
        let raw = res.bytes().await.unwrap();
        let suffix = if coding == "br" { "br" } else { "gz" };
        let built =
            std::fs::read(common::web_dir().join(format!("client{script}.{suffix}"))).unwrap();
        assert_eq!(raw.to_vec(), built, "{coding}: the build's own copy");
        assert_eq!(
            decoded(coding, &raw),
            plain.to_vec(),
            "{coding} decodes to the script"
        );
    }

    // Selling the last unit refreshes the cached product page.
    let id = app
        .simple("Letzte Dose", "LAST-1", 990, TaxClass::Reduced, Some(1))
        .await;
    let before = app.html("/produkt/letzte-dose/", None).await;
    assert!(!before.contains("Ausverkauft"));
    let token = app.new_cart().await;
    app.post(
        "/cart/add-item",
        Some(&token),
        serde_json::json!({ "id": id, "quantity": 1 }),
    )
    .await;
    let res = app
        .post(
            "/checkout",
            Some(&token),
            serde_json::json!({ "billing_address": common::billing(), "payment_method": "cod" }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let after = app.html("/produkt/letzte-dose/", None).await;
    assert!(
        after.contains("Ausverkauft"),
        "the sold-out product shows it at once"
    );
}
