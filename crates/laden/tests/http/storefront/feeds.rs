//! WordPress's RSS 2.0 feeds of the shop's products, over HTTP on SQLite and PostgreSQL: `/feed/`
//! (and WooCommerce's `/shop/feed/`) lists the ten newest products the shop lists, a category's
//! feed those in it or below it, every page's head names the feeds, and a reader that has the
//! newest is told nothing changed.

use crate::common;

use common::{both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

/// The text of each `<tag>` of an XML document, in order.
fn texts(xml: &str, tag: &str) -> Vec<String> {
    xml.split(&format!("<{tag}>"))
        .skip(1)
        .map(|s| s.split(&format!("</{tag}>")).next().unwrap().to_owned())
        .collect()
}

/// The feed at `path`: checked to be RSS 2.0 and returned with its `Last-Modified`.
async fn feed(app: &TestApp, path: &str) -> (String, String) {
    let res = app.get(path).await;
    assert_eq!(res.status(), 200, "{path}");
    assert_eq!(
        res.headers()["content-type"],
        "application/rss+xml; charset=UTF-8",
        "{path}"
    );
    let modified = res.headers()["last-modified"].to_str().unwrap().to_owned();
    let xml = res.text().await.unwrap();
    assert!(
        xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""),
        "{xml}"
    );
    (xml, modified)
}

#[both_databases]
async fn the_feeds_list_the_newest_products_the_shop_lists(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let site = app.site_url.trim_end_matches('/').to_owned();
    let shop = app.store.settings().await.unwrap().site.name;
    let mut ids = Vec::new();
    for i in 1..=12 {
        let id = app
            .simple(
                &format!("Bohne {i:02}"),
                &format!("B-{i}"),
                990,
                TaxClass::Standard,
                Some(5),
            )
            .await;
        ids.push(id);
    }
    // The newest two: one hidden from the catalogue, one a draft again. Neither is in a feed.
    for (id, change) in [
        (ids[11], json!({ "catalog_visibility": "hidden" })),
        (ids[10], json!({ "status": "draft" })),
    ] {
        let (status, v) = app.wc_put(&m, &format!("/products/{id}"), change).await;
        assert_eq!(status, 200, "{v}");
    }

    let (xml, modified) = feed(&app, "/feed/").await;
    let titles = texts(&xml, "title");
    assert_eq!(titles[0], format!("{shop} – Produkte"), "{xml}");
    // Ten items, newest first: „Bohne 10“ down to „Bohne 01“.
    let want: Vec<String> = (1..=10).rev().map(|i| format!("Bohne {i:02}")).collect();
    assert_eq!(titles[1..], want[..], "{xml}");
    assert!(
        xml.contains(&format!(
            "<atom:link href=\"{site}/shop/feed/\" rel=\"self\" type=\"application/rss+xml\"/>"
        )),
        "{xml}"
    );
    assert_eq!(texts(&xml, "link")[0], format!("{site}/shop/"));
    // Each item leads to the product's page, which answers, and has WordPress's guid.
    let links = texts(&xml, "link");
    assert_eq!(links.len(), 11);
    let page = app.get(links[1].strip_prefix(&site).unwrap()).await;
    assert_eq!(page.status(), 200, "{}", links[1]);
    assert!(
        xml.contains(&format!(
            "<guid isPermaLink=\"false\">{site}/?post_type=product&amp;p={}</guid>",
            ids[9]
        )),
        "{xml}"
    );
    let dates = texts(&xml, "pubDate");
    assert_eq!(dates.len(), 10);
    assert!(
        dates[0].ends_with(" +0000") && dates[0].len() == 31,
        "{}",
        dates[0]
    );
    assert!(
        modified.ends_with(" GMT") && modified.len() == 29,
        "{modified}"
    );
    // The short description, as the shop shows it: no handlers, no scripts.
    let description = &texts(&xml, "description")[1];
    assert_eq!(description, "&lt;p&gt;Kurz&lt;/p&gt;", "{xml}");
    assert!(!xml.contains("steal"), "{xml}");
    assert!(
        xml.contains("<category>Espresso</category><category>Tee</category>"),
        "{xml}"
    );

    // WooCommerce's product feed and `/feed/rss2/` are the same feed.
    for path in ["/shop/feed/", "/feed/rss2/"] {
        assert_eq!(feed(&app, path).await.0, xml, "{path}");
    }

    // A reader that has the newest is told nothing changed; a change makes it new again.
    let res = app
        .client
        .get(app.url("/feed/"))
        .header("if-modified-since", &modified)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 304);
    assert!(res.text().await.unwrap().is_empty());
    // One that has an older copy gets the feed.
    let res = app
        .client
        .get(app.url("/feed/"))
        .header("if-modified-since", "Thu, 01 Jan 1970 00:00:00 GMT")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    // A category's feed: what is in it or below it, nothing else.
    let (status, gifts) = app
        .wc_post(&m, "/products/categories", json!({ "name": "Geschenke" }))
        .await;
    assert_eq!(status, 201, "{gifts}");
    let (status, vouchers) = app
        .wc_post(
            &m,
            "/products/categories",
            json!({ "name": "Gutscheine", "parent": gifts["id"] }),
        )
        .await;
    assert_eq!(status, 201, "{vouchers}");
    let (status, v) = app
        .wc_put(
            &m,
            &format!("/products/{}", ids[2]),
            json!({ "categories": [{ "id": vouchers["id"] }] }),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let (xml, _) = feed(&app, "/produkt-kategorie/geschenke/feed/").await;
    assert_eq!(
        texts(&xml, "title"),
        [format!("{shop} – Geschenke"), "Bohne 03".to_owned()],
        "{xml}"
    );
    assert_eq!(
        texts(&xml, "link")[0],
        format!("{site}/produkt-kategorie/geschenke/")
    );
    // An empty category's feed is a feed without items.
    let (status, empty) = app
        .wc_post(&m, "/products/categories", json!({ "name": "Leer" }))
        .await;
    assert_eq!(status, 201, "{empty}");
    let res = app.get("/produkt-kategorie/leer/feed/").await;
    assert_eq!(res.status(), 200);
    assert!(!res.headers().contains_key("last-modified"));
    let xml = res.text().await.unwrap();
    assert!(!xml.contains("<item>"), "{xml}");
    // A category there is none of: the German 404 page.
    let res = app.get("/produkt-kategorie/gibt-es-nicht/feed/").await;
    assert_eq!(res.status(), 404);
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(res.text().await.unwrap().contains("Seite nicht gefunden"));

    // The feeds' old addresses lead to them, as the readers subscribed to them ask them.
    for (old, new) in [
        ("/?feed=rss2", "/feed/"),
        ("/?post_type=product&feed=rss2", "/feed/"),
        (
            "/?product_cat=geschenke&feed=rss2",
            "/produkt-kategorie/geschenke/feed/",
        ),
        (
            "/product-category/geschenke/feed/",
            "/produkt-kategorie/geschenke/feed/",
        ),
        (
            "/produkt-kategorie/geschenke/gutscheine/feed/",
            "/produkt-kategorie/gutscheine/feed/",
        ),
    ] {
        let res = app.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], new, "{old}");
    }
    assert_eq!(
        app.get("/?product_cat=gibt-es-nicht&feed=rss2")
            .await
            .status(),
        404
    );

    // Every page's head names the shop's feed; a category's page its own too.
    let html = app.get("/").await.text().await.unwrap();
    assert!(
        html.contains(&format!(
            "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{shop} » Feed\" href=\"{site}/feed/\">"
        )),
        "{html}"
    );
    let html = app
        .get("/produkt-kategorie/geschenke/")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        html.contains(&format!(
            "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{shop} » Geschenke Kategorie-Feed\" href=\"{site}/produkt-kategorie/geschenke/feed/\">"
        )),
        "{html}"
    );
}
