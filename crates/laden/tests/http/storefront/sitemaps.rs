//! WordPress's `robots.txt` and XML sitemaps, over HTTP on SQLite and PostgreSQL: the index
//! names a file per kind, each file lists what the shop shows (published pages and the shop
//! page, products the catalogue shows, categories and tags that hold one), every link answers,
//! and the addresses SEO plug-ins used lead to the index.

use crate::common;

use common::{both_databases, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

/// The `<loc>`s of a sitemap document, in order.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| s.split("</loc>").next().unwrap().to_owned())
        .collect()
}

#[both_databases]
async fn sitemaps_list_what_the_shop_shows(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let site = app.site_url.trim_end_matches('/').to_owned();
    let shown = app
        .simple("Espresso Bohne", "ESP-1", 1290, TaxClass::Standard, Some(5))
        .await;
    let hidden = app
        .simple("Versteckt", "HID-1", 990, TaxClass::Standard, Some(5))
        .await;
    let draft = app
        .simple("Entwurf", "DRA-1", 990, TaxClass::Standard, Some(5))
        .await;
    for (id, change) in [
        (shown, json!({ "tags": [{ "name": "Bio" }] })),
        (hidden, json!({ "catalog_visibility": "hidden" })),
        (draft, json!({ "status": "draft" })),
    ] {
        let (status, v) = app.wc_put(&m, &format!("/products/{id}"), change).await;
        assert_eq!(status, 200, "{v}");
    }
    app.store.ensure_tags("Leer").await.unwrap();
    let editor = app.staff("editor").await;
    for (title, status) in [("Über uns", "publish"), ("Geheim", "draft")] {
        app.page(&editor, title, status).await;
    }

    // robots.txt names the sitemap.
    let res = app.get("/robots.txt").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let robots = res.text().await.unwrap();
    assert!(
        robots.starts_with("User-agent: *\nDisallow: /wp-admin/\n"),
        "{robots}"
    );
    assert!(
        robots.contains(&format!("\nSitemap: {site}/wp-sitemap.xml\n")),
        "{robots}"
    );

    // The index: one file per kind.
    let res = app.get("/wp-sitemap.xml").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/xml"));
    let index = res.text().await.unwrap();
    assert!(
        index.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex"),
        "{index}"
    );
    let files: Vec<String> = [
        "posts-page-1",
        "posts-product-1",
        "taxonomies-product_cat-1",
        "taxonomies-product_tag-1",
    ]
    .iter()
    .map(|f| format!("{site}/wp-sitemap-{f}.xml"))
    .collect();
    assert_eq!(locs(&index), files);

    let file = |name: &str| {
        let app = &app;
        let path = format!("/wp-sitemap-{name}.xml");
        async move {
            let res = app.get(&path).await;
            assert_eq!(res.status(), 200, "{path}");
            res.text().await.unwrap()
        }
    };
    // Products: the one the catalogue shows, with when it last changed; not the hidden one,
    // not the draft.
    let products = file("posts-product-1").await;
    assert_eq!(locs(&products), [format!("{site}/produkt/espresso-bohne/")]);
    assert!(products.contains("<lastmod>"), "{products}");
    // Pages: the shop page, then the published pages.
    assert_eq!(
        locs(&file("posts-page-1").await),
        [format!("{site}/shop/"), format!("{site}/ueber-uns/")]
    );
    // Categories and tags holding a published product; not the empty tag.
    let categories = locs(&file("taxonomies-product_cat-1").await);
    assert!(!categories.is_empty());
    assert!(
        categories
            .iter()
            .all(|c| c.starts_with(&format!("{site}/produkt-kategorie/"))),
        "{categories:?}"
    );
    assert_eq!(
        locs(&file("taxonomies-product_tag-1").await),
        [format!("{site}/produkt-schlagwort/bio/")]
    );

    // Every link answers.
    for url in locs(&file("posts-product-1").await)
        .into_iter()
        .chain(locs(&file("posts-page-1").await))
        .chain(categories)
    {
        let path = url.strip_prefix(&site).unwrap();
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }

    // Past the last file, or a kind there is none of: missing.
    for missing in [
        "/wp-sitemap-posts-product-2.xml",
        "/wp-sitemap-posts-post-1.xml",
        "/wp-sitemap-users-1.xml",
    ] {
        assert_eq!(app.get(missing).await.status(), 404, "{missing}");
    }
    // The addresses Yoast and others used lead to the index.
    for old in ["/sitemap.xml", "/sitemap_index.xml"] {
        let res = app.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], "/wp-sitemap.xml");
    }
}

#[both_databases]
async fn a_shop_being_set_up_discourages_search_engines_everywhere(db: Backend) {
    // Rendered and cached pages: the setting must reach pages already in the cache.
    let app = TestApp::start_with(db, true).await;
    let admin = app.staff("administrator").await;
    let id = app
        .simple("Espresso Bohne", "ESP-1", 1290, TaxClass::Standard, Some(5))
        .await;
    let (_, product) = app.wc_get(&admin, &format!("/products/{id}")).await;
    let page = format!("/produkt/{}/", product["slug"].as_str().unwrap());
    const NOFOLLOW: &str = r#"<meta name="robots" content="noindex, nofollow">"#;
    for path in ["/", page.as_str(), "/shop/"] {
        assert!(!app.html(path, None).await.contains(NOFOLLOW), "{path}");
    }
    assert_eq!(app.get("/wp-sitemap.xml").await.status(), 200);
    assert_eq!(
        app.get("/wp-sitemap-posts-product-1.xml").await.status(),
        200
    );

    let s = app
        .save_settings(&admin, json!({ "laden_discourage_search_engines": true }))
        .await;
    assert_eq!(s["laden_discourage_search_engines"], true, "{s}");
    for path in ["/", page.as_str(), "/shop/", "/shop/?s=Espresso"] {
        let html = app.html(path, None).await;
        assert!(html.contains(NOFOLLOW), "{path}");
        assert!(!html.contains("noindex, follow"), "{path}: one robots tag");
    }
    assert_eq!(
        app.get("/robots.txt").await.text().await.unwrap(),
        "User-agent: *\nDisallow: /\n"
    );
    for path in [
        "/wp-sitemap.xml",
        "/wp-sitemap-posts-product-1.xml",
        "/wp-sitemap-posts-page-1.xml",
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}: no sitemaps, as in WordPress");
        assert!(
            res.text().await.unwrap().contains("<html"),
            "{path}: the shop's 404 page"
        );
    }

    // Open for business: back as before.
    app.save_settings(&admin, json!({ "laden_discourage_search_engines": false }))
        .await;
    assert!(!app.html(&page, None).await.contains(NOFOLLOW));
    assert!(app
        .get("/robots.txt")
        .await
        .text()
        .await
        .unwrap()
        .contains("Sitemap: "));
    assert_eq!(app.get("/wp-sitemap.xml").await.status(), 200);
}
