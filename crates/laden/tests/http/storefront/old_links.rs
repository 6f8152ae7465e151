//! A shop moved from WooCommerce keeps its old links, over HTTP on SQLite and PostgreSQL: where
//! a page would be missing, WooCommerce's English and German permalinks, nested category paths,
//! a product under the shop base and WordPress's plain links (`?p=`, `?page_id=`, `?product=`)
//! answer 301 to the thing's page here, the query kept; what the shop does not have stays a 404.

use crate::common;

use common::{both_databases, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn a_moved_shops_old_links_lead_to_its_pages(app: TestApp) {
    let id = app
        .simple("Espresso Bohne", "ESP-1", 1290, TaxClass::Standard, Some(5))
        .await;
    let slug = app.store.product(id).await.unwrap().slug.unwrap();
    app.store.ensure_tags("Bio").await.unwrap();
    let editor = app.staff("editor").await;
    let page = app.page(&editor, "Über uns", "publish").await;
    let product = format!("/produkt/{slug}/");
    let moved = [
        // WooCommerce's English and German bases, the shop base with categories.
        (format!("/product/{slug}/"), product.clone()),
        (
            format!("/product/{slug}/?utm_source=newsletter"),
            format!("{product}?utm_source=newsletter"),
        ),
        (format!("/shop/kaffee/espresso/{slug}/"), product.clone()),
        (format!("/produkt/kaffee/{slug}/"), product.clone()),
        // Nested and English category paths, with their pages.
        (
            "/produkt-kategorie/kaffee/espresso/".into(),
            "/produkt-kategorie/espresso/".into(),
        ),
        (
            "/product-category/kaffee/espresso/page/2/".into(),
            "/produkt-kategorie/espresso/page/2/".into(),
        ),
        (
            "/product-category/tee/".into(),
            "/produkt-kategorie/tee/".into(),
        ),
        (
            "/product-tag/bio/".into(),
            "/produkt-schlagwort/bio/".into(),
        ),
        // WooCommerce's own pages under their English slugs.
        ("/cart/".into(), "/warenkorb/".into()),
        ("/checkout/".into(), "/kasse/".into()),
        ("/my-account/".into(), "/mein-konto/".into()),
        // WordPress's plain links.
        (format!("/?p={id}"), product.clone()),
        (
            format!("/?post_type=product&p={id}&utm_medium=email"),
            format!("{product}?utm_medium=email"),
        ),
        (format!("/?product={slug}"), product.clone()),
        (
            "/?product_cat=espresso&paged=2".into(),
            "/produkt-kategorie/espresso/page/2/".into(),
        ),
        (format!("/?page_id={page}"), "/ueber-uns/".into()),
        // WordPress's search, as Google's sitelinks search box and old links ask it.
        (
            "/?s=Espresso+Bohne&post_type=product&utm_source=google".into(),
            "/shop/?s=Espresso+Bohne&utm_source=google".into(),
        ),
    ];
    for (old, new) in &moved {
        let res = app.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], new.as_str(), "{old}");
        // Where it leads is the page itself (a listing's page 2 needs more products than
        // these, and sends back to the first).
        if !new.contains("/page/") {
            assert_eq!(app.get(new).await.status(), 200, "{old} → {new}");
        }
    }

    // WooCommerce's add-to-cart links, on any page, lead to the cart page, which adds the
    // product with the visitor's cart (in the browser, where the cart is); not kept by anyone.
    for page in [product.as_str(), "/", "/shop/", "/product/alt/"] {
        let res = app
            .get(&format!("{page}?add-to-cart={id}&quantity=2"))
            .await;
        assert_eq!(res.status(), 302, "{page}");
        assert_eq!(
            res.headers()["location"],
            format!("/warenkorb/?add-to-cart={id}&quantity=2").as_str()
        );
        assert_eq!(res.headers()["cache-control"], "no-store");
    }
    let res = app.get(&format!("/warenkorb/?add-to-cart={id}")).await;
    assert_eq!(res.status(), 200);

    // What the shop does not have stays missing; the shop's own pages are untouched.
    for missing in [
        "/product/gibt-es-nicht/",
        "/product-category/kaffee/gibt-es-nicht/",
        "/product-tag/gibt-es-nicht/",
        "/?p=999999",
        "/?page_id=999999",
        "/?product=gibt-es-nicht",
        "/irgendwo/ganz/anders/",
    ] {
        assert_eq!(app.get(missing).await.status(), 404, "{missing}");
    }
    assert_eq!(
        app.get("/?utm_source=newsletter").await.status(),
        app.get("/").await.status()
    );
    assert_eq!(app.get(&product).await.status(), 200);
    // A draft is not given away by its old id.
    let draft = app.page(&editor, "Entwurf", "draft").await;
    assert_eq!(app.get(&format!("/?page_id={draft}")).await.status(), 404);
    // A page the shop has under an old slug wins over the redirect.
    app.post_as(
        &editor,
        "/wp/v2/pages",
        json!({ "title": "Cart", "status": "publish" }),
    )
    .await;
    assert_eq!(app.get("/cart/").await.status(), 200);
}

#[both_databases]
async fn a_renamed_product_category_or_page_keeps_its_old_link(db: Backend) {
    // Rendered, so pages are cached as in the shop.
    let app = TestApp::start_with(db, true).await;
    let m = app.staff("shop_manager").await;
    let editor = app.staff("editor").await;
    let id = app
        .simple("Espresso Bohne", "ESP-1", 1290, TaxClass::Standard, Some(5))
        .await;
    let moved = |old: &'static str, new: &'static str| {
        let app = &app;
        async move {
            let res = app.get(old).await;
            assert_eq!(res.status(), 301, "{old}");
            assert_eq!(res.headers()["location"], new, "{old}");
            assert_eq!(app.get(new).await.status(), 200, "{new}");
        }
    };
    let rename = |path: String, slug: &'static str| {
        let (app, m) = (&app, &m);
        async move {
            let (status, v) = app.wc_put(m, &path, json!({ "slug": slug })).await;
            assert_eq!(status, 200, "{v}");
        }
    };

    // A product renamed twice: both old links lead to it; renamed back, its first link is
    // live again and the second leads there.
    // (Its page was in the cache under the old link.)
    assert_eq!(app.get("/produkt/espresso-bohne/").await.status(), 200);
    assert_eq!(
        app.get("/produkt/espresso-bohne/").await.headers()["x-cache"],
        "HIT"
    );
    rename(format!("/products/{id}"), "espresso-classico").await;
    moved("/produkt/espresso-bohne/", "/produkt/espresso-classico/").await;
    moved(
        "/product/espresso-bohne/?ref=alt",
        "/produkt/espresso-classico/?ref=alt",
    )
    .await;
    rename(format!("/products/{id}"), "espresso-forte").await;
    moved("/produkt/espresso-bohne/", "/produkt/espresso-forte/").await;
    moved("/produkt/espresso-classico/", "/produkt/espresso-forte/").await;
    rename(format!("/products/{id}"), "espresso-bohne").await;
    assert_eq!(app.get("/produkt/espresso-bohne/").await.status(), 200);
    moved("/produkt/espresso-forte/", "/produkt/espresso-bohne/").await;
    // Once the product is gone from the shop, its old links are missing too.
    let (status, _) = app
        .wc_put(&m, &format!("/products/{id}"), json!({ "status": "draft" }))
        .await;
    assert_eq!(status, 200);
    assert_eq!(app.get("/produkt/espresso-forte/").await.status(), 404);

    // A category.
    let espresso = app.store.category_by_slug("espresso").await.unwrap().id;
    assert_eq!(app.get("/produkt-kategorie/espresso/").await.status(), 200);
    rename(
        format!("/products/categories/{espresso}"),
        "espresso-kaffee",
    )
    .await;
    moved(
        "/produkt-kategorie/espresso/",
        "/produkt-kategorie/espresso-kaffee/",
    )
    .await;
    moved(
        "/product-category/kaffee/espresso/",
        "/produkt-kategorie/espresso-kaffee/",
    )
    .await;

    // A page.
    let page = app.page(&editor, "Über uns", "publish").await;
    assert_eq!(app.get("/ueber-uns/").await.status(), 200);
    let v = app
        .post_as(
            &editor,
            &format!("/wp/v2/pages/{page}"),
            json!({ "slug": "wir" }),
        )
        .await;
    assert_eq!(v["slug"], "wir", "{v}");
    moved("/ueber-uns/", "/wir/").await;
    assert_eq!(app.get("/gab-es-nie/").await.status(), 404);
}

#[both_databases]
async fn a_shop_imported_from_woocommerce_keeps_its_plain_links_by_their_old_ids(app: TestApp) {
    app.import_csv(common::WOO_SAMPLE).await;
    let page_of = |sku: &'static str| {
        let app = &app;
        async move {
            let id = app.id_by_sku(sku).await;
            let slug = app.store.product(id).await.unwrap().slug.unwrap();
            (id, format!("/produkt/{slug}/"))
        }
    };
    let (_, tshirt) = page_of("woo-tshirt").await;
    let (vneck, vneck_page) = page_of("woo-vneck-tee").await;
    let red = app.id_by_sku("woo-vneck-tee-red").await;
    // The sample's IDs (T-Shirt 47, V-neck 44, its red variation 76) are not Laden's.
    assert_ne!((vneck, red), (44, 76));
    for (old, new) in [
        ("/?p=47", tshirt.clone()),
        (
            "/?post_type=product&p=44&utm_source=alt",
            format!("{vneck_page}?utm_source=alt"),
        ),
        // A variation's old link shows its product.
        ("/?p=76", vneck_page.clone()),
    ] {
        let res = app.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], new.as_str(), "{old}");
    }
    // Laden's own ids still answer where the old shop had no such ID.
    assert_eq!(
        app.get(&format!("/?p={red}")).await.headers()["location"],
        vneck_page.as_str()
    );

    // A later file names the V-neck by its old ID: the new variation joins it.
    let later = "ID,Type,SKU,Name,Published,Parent,\"Regular price\",\"Attribute 1 name\",\"Attribute 1 value(s)\",\"Attribute 1 visible\",\"Attribute 1 global\"\n\
                     91,variation,woo-vneck-tee-black,\"V-Neck T-Shirt - Black\",1,id:44,20,Color,Black,,1\n";
    app.import_csv(later.as_bytes()).await;
    let black = app.id_by_sku("woo-vneck-tee-black").await;
    assert_eq!(
        app.store.product(black).await.unwrap().parent_id,
        Some(vneck)
    );
    let res = app.get("/?p=91").await;
    assert_eq!(res.headers()["location"], vneck_page.as_str());
    // An old ID whose product is gone is missing, not another thing that has that id here.
    let m = app.staff("shop_manager").await;
    let tshirt_id = page_of("woo-tshirt").await.0;
    let (status, v) = app
        .wc_delete(&m, &format!("/products/{tshirt_id}?force=true"))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(app.get("/?p=47").await.status(), 404);
}
