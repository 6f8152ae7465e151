//! Every collection parameter of WooCommerce's Store API works as there, on SQLite and
//! PostgreSQL: products (each filter and sort), the term lists (categories, tags, an attribute's
//! terms) and reviews. What Laden keeps no data for is refused naming the parameter, never
//! ignored.

use crate::common;

use super::{list, names, names_in_order};
use common::{assert_wp_error, body, both_databases, TestApp};

/// A small shop: categories two deep, tags, a variable product, a grouped and an external one.
async fn shop(app: &TestApp) {
    let csv = "Type,SKU,Name,Regular price,Categories,Tags,Parent,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Grouped products,External URL\n\
               simple,P-1,Arabica,9.90,Kaffee,Bio,,,,,,\n\
               simple,P-2,Espresso Casa,12.90,Kaffee > Espresso,\"Bio, Fair\",,,,,,\n\
               simple,P-3,Filter Kenia,10.90,Kaffee > Filter,Fair,,,,,,\n\
               simple,P-4,Sencha,8.90,Tee,Bio,,,,,,\n\
               variable,P-5,Becher,,Zubehör,,,Farbe,\"Weiß, Schwarz\",1,,\n\
               variation,P-5-W,Becher,14.50,,,P-5,Farbe,Weiß,,,\n\
               variation,P-5-S,Becher,15.50,,,P-5,Farbe,Schwarz,,,\n\
               grouped,P-6,Probierset,,Kaffee,,,,,,\"P-1, P-3\",\n\
               external,P-7,Siebträger,899.00,Zubehör,,,,,,,https://hersteller.example/\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
}

async fn ids_of(app: &TestApp, skus: &[&str]) -> Vec<i64> {
    let mut out = Vec::new();
    for sku in skus {
        out.push(app.id_by_sku(sku).await);
    }
    out
}

#[both_databases]
async fn every_products_parameter_filters_as_woocommerce(app: TestApp) {
    shop(&app).await;
    let [arabica, espresso, filter, sencha, becher, set, siebtraeger] =
        ids_of(&app, &["P-1", "P-2", "P-3", "P-4", "P-5", "P-6", "P-7"]).await[..]
    else {
        unreachable!()
    };
    let [weiss, schwarz] = ids_of(&app, &["P-5-W", "P-5-S"]).await[..] else {
        unreachable!()
    };
    // Created a day apart, the newest last; Sencha changed since.
    for (i, id) in [arabica, espresso, filter, sencha, becher, set, siebtraeger]
        .iter()
        .enumerate()
    {
        let day = 1_767_225_600 + i64::try_from(i).unwrap() * 86_400; // 2026-01-01 00:00 UTC
        common::execute(
            &app.store,
            &format!("UPDATE products SET created_at = {day}, updated_at = {day} WHERE id = {id}"),
        )
        .await;
    }
    common::execute(
        &app.store,
        &format!("UPDATE products SET updated_at = 1790000000 WHERE id = {sencha}"),
    )
    .await;
    // Average ratings 4.5 (rounds to 5), 3.4 (3) and 2.
    for (id, ratings) in [
        (espresso, &[5, 4][..]),
        (filter, &[3, 4, 3, 3, 4]),
        (sencha, &[2]),
    ] {
        for r in ratings {
            app.store
                .add_review(id, *r, "Anna", "Gut.", 1_767_225_600)
                .await
                .unwrap();
        }
    }

    let all = [
        "Arabica",
        "Becher",
        "Espresso Casa",
        "Filter Kenia",
        "Probierset",
        "Sencha",
        "Siebträger",
    ];
    for (query, want) in [
        ("context=view", &all[..]),
        ("slug=arabica,sencha", &["Arabica", "Sencha"]),
        ("type=variable", &["Becher"]),
        ("type=grouped", &["Probierset"]),
        ("type=external", &["Siebträger"]),
        (
            "type=simple",
            &["Arabica", "Espresso Casa", "Filter Kenia", "Sencha"],
        ),
        ("type=variation", &["Becher – Schwarz", "Becher – Weiß"]),
        (
            &format!("type=variation&parent={becher}"),
            &["Becher – Schwarz", "Becher – Weiß"],
        ),
        (&format!("type=variation&parent_exclude={becher}"), &[]),
        (
            &format!("parent=0&exclude={siebtraeger}"),
            &[
                "Arabica",
                "Becher",
                "Espresso Casa",
                "Filter Kenia",
                "Probierset",
                "Sencha",
            ],
        ),
        // Created after/before (German time unless the column is *_gmt).
        (
            "after=2026-01-05T00:00:00",
            &["Becher", "Probierset", "Siebträger"],
        ),
        ("before=2026-01-02T00:00:00", &["Arabica"]),
        (
            "after=2026-01-05T00:00:00&date_column=date_gmt",
            &["Probierset", "Siebträger"],
        ),
        (
            "after=2026-06-01T00:00:00&date_column=modified",
            &["Sencha"],
        ),
        (
            "before=2026-01-02T00:00:00&date_column=modified_gmt",
            &["Arabica"],
        ),
        // Categories: below the named one too, unless asked otherwise; none of them; each.
        (
            "category=kaffee",
            &["Arabica", "Espresso Casa", "Filter Kenia", "Probierset"],
        ),
        (
            "category=kaffee&taxonomy_include_children[product_cat]=false",
            &["Arabica", "Probierset"],
        ),
        (
            "category=kaffee&category_operator=not_in",
            &["Becher", "Sencha", "Siebträger"],
        ),
        (
            "category=kaffee,espresso&category_operator=and",
            &["Espresso Casa"],
        ),
        (
            "category=tee,zubehoer&category_operator=in",
            &["Becher", "Sencha", "Siebträger"],
        ),
        // Tags: any, none, all.
        ("tag=bio", &["Arabica", "Espresso Casa", "Sencha"]),
        ("tag=bio,fair&tag_operator=and", &["Espresso Casa"]),
        (
            "tag=fair&tag_operator=not_in",
            &["Arabica", "Becher", "Probierset", "Sencha", "Siebträger"],
        ),
        // Average rating, rounded as WooCommerce's rated-N terms.
        ("rating=5", &["Espresso Casa"]),
        ("rating=2,3", &["Filter Kenia", "Sencha"]),
        // Sharing a category or a tag with Espresso Casa (Espresso, Bio, Fair), itself left out.
        (
            &format!("related={espresso}"),
            &["Arabica", "Filter Kenia", "Sencha"],
        ),
    ] {
        assert_eq!(names(&app, query).await, list(want), "{query}");
    }

    // The sorts WooCommerce knows, each with its direction.
    for (query, want) in [
        (
            "orderby=date",
            &[
                "Siebträger",
                "Probierset",
                "Becher",
                "Sencha",
                "Filter Kenia",
                "Espresso Casa",
                "Arabica",
            ][..],
        ),
        (
            "orderby=date&order=asc&per_page=2",
            &["Arabica", "Espresso Casa"],
        ),
        ("orderby=modified&per_page=2", &["Sencha", "Siebträger"]),
        (
            "orderby=id&order=asc&per_page=3",
            &["Arabica", "Espresso Casa", "Filter Kenia"],
        ),
        (
            &format!("orderby=include&include={sencha},{arabica},{becher}"),
            &["Sencha", "Arabica", "Becher"],
        ),
        (
            "orderby=comment_count&per_page=3",
            &["Filter Kenia", "Espresso Casa", "Sencha"],
        ),
        (
            "orderby=title&order=desc&per_page=2",
            &["Siebträger", "Sencha"],
        ),
        ("orderby=slug&per_page=2&order=asc", &["Arabica", "Becher"]),
        // Offset: rows skipped, whatever the page says.
        (
            "orderby=id&order=asc&per_page=2&offset=3",
            &["Sencha", "Becher"],
        ),
        (
            "orderby=id&order=asc&per_page=2&offset=3&page=3",
            &["Sencha", "Becher"],
        ),
    ] {
        assert_eq!(names_in_order(&app, query).await, want, "{query}");
    }
    // A variation is answered as one, with its product's name and its own price.
    let res = app
        .get(&format!(
            "/wp-json/wc/store/v1/products?type=variation&include={schwarz}"
        ))
        .await;
    let found = body(res).await;
    assert_eq!(found[0]["id"], schwarz, "{found}");
    assert_eq!(found[0]["type"], "variation");
    assert_eq!(found[0]["prices"]["price"], "1550");

    // Bad values, and what Laden keeps nothing for: refused naming each, all at once.
    for (query, params) in [
        ("orderby=preis", &["orderby"][..]),
        ("type=bundle", &["type"]),
        ("context=embed", &["context"]),
        (
            "date_column=published&after=gestern",
            &["date_column", "after"],
        ),
        ("rating=6", &["rating"]),
        ("offset=-1", &["offset"]),
        ("related=abc", &["related"]),
        ("parent=x&parent_exclude=1,y", &["parent", "parent_exclude"]),
        (
            "category=kaffee&category_operator=or",
            &["category_operator"],
        ),
        ("tag=bio&tag_operator=xor", &["tag_operator"]),
        (
            "taxonomy_include_children[product_cat]=vielleicht",
            &["taxonomy_include_children[product_cat]"],
        ),
        ("brand=hersteller", &["brand"]),
        (
            "brand_operator=in&_unstable_tax_product_brand=3",
            &["brand_operator", "_unstable_tax_product_brand"],
        ),
    ] {
        let e = app.refused_products_query(query).await;
        for param in params {
            let message = e["data"]["params"][param].as_str().unwrap_or_default();
            assert!(!message.is_empty(), "{query}: {param} in {e}");
        }
    }
    // A related product the shop does not show is WooCommerce's 404.
    for id in [999_999, weiss] {
        let res = app
            .get(&format!("/wp-json/wc/store/v1/products?related={id}"))
            .await;
        assert_eq!(res.status(), 404, "related={id}");
        assert_wp_error(&body(res).await, "woocommerce_rest_product_not_found", 404);
    }
}

/// The term lists: categories, tags and an attribute's terms, with `search`, `include`,
/// `exclude`, `orderby`, `order`, `hide_empty` (on by default), `parent` and pages.
#[both_databases]
async fn term_lists_take_woocommerces_parameters(app: TestApp) {
    shop(&app).await;
    let csv = "Type,SKU,Name,Regular price,Categories,Published,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible\n\
               simple,Q-1,Entwurf,5,Leer,0,,,\n\
               simple,Q-2,Tasse,9,Zubehör,1,Farbe,Blau,1\n";
    assert!(app.import_report(csv.as_bytes()).await.errors.is_empty());
    let terms = |path: String| {
        let app = &app;
        async move {
            let res = app
                .get(&format!("/wp-json/wc/store/v1/products/{path}"))
                .await;
            assert_eq!(res.status(), 200, "{path}");
            let total = res
                .headers()
                .get("x-wp-total")
                .map(|v| v.to_str().unwrap().to_owned());
            let names = body(res)
                .await
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["name"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>();
            (names, total)
        }
    };
    let cats = body(
        app.get("/wp-json/wc/store/v1/products/categories?hide_empty=false")
            .await,
    )
    .await;
    let id_of = |name: &str| {
        cats.as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (kaffee, tee) = (id_of("Kaffee"), id_of("Tee"));
    for (query, want, total) in [
        // The category of a draft alone is empty: hidden unless asked for.
        (
            "categories",
            &["Espresso", "Filter", "Kaffee", "Tee", "Zubehör"][..],
            None,
        ),
        (
            "categories?hide_empty=false",
            &["Espresso", "Filter", "Kaffee", "Leer", "Tee", "Zubehör"],
            None,
        ),
        ("categories?parent=0", &["Kaffee", "Tee", "Zubehör"], None),
        (
            &format!("categories?parent={kaffee}"),
            &["Espresso", "Filter"],
            None,
        ),
        ("categories?search=ZUBEH", &["Zubehör"], None),
        ("categories?search=zubehoer", &["Zubehör"], None),
        (
            &format!("categories?include={tee},{kaffee}"),
            &["Kaffee", "Tee"],
            None,
        ),
        (
            &format!("categories?exclude={kaffee}&parent=0"),
            &["Tee", "Zubehör"],
            None,
        ),
        (
            "categories?orderby=count&order=desc&per_page=2",
            &["Kaffee", "Zubehör"],
            Some("5"),
        ),
        ("categories?per_page=2&page=3", &["Zubehör"], Some("5")),
        (
            "categories?orderby=slug&order=desc&per_page=1",
            &["Zubehör"],
            Some("5"),
        ),
        ("tags", &["Bio", "Fair"], None),
        ("tags?orderby=count&order=desc", &["Bio", "Fair"], None),
        ("tags?search=fa", &["Fair"], None),
        ("tags?per_page=1&page=2", &["Fair"], Some("2")),
    ] {
        assert_eq!(
            terms(query.to_owned()).await,
            (
                want.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(),
                total.map(str::to_owned)
            ),
            "{query}"
        );
    }
    let attrs = body(app.get("/wp-json/wc/store/v1/products/attributes").await).await;
    let farbe = attrs[0]["id"].as_i64().unwrap();
    for (query, want) in [
        ("", &["Blau", "Schwarz", "Weiß"][..]),
        // The order the terms were made in: Blau came later.
        ("?orderby=menu_order", &["Schwarz", "Weiß", "Blau"]),
        ("?orderby=name&order=desc", &["Weiß", "Schwarz", "Blau"]),
        ("?search=schw", &["Schwarz"]),
        ("?per_page=1&page=2", &["Schwarz"]),
    ] {
        assert_eq!(
            terms(format!("attributes/{farbe}/terms{query}")).await.0,
            want,
            "{query}"
        );
    }
    for path in [
        "categories?orderby=menu_order".to_owned(),
        "categories?per_page=-1".to_owned(),
        "tags?hide_empty=vielleicht".to_owned(),
        "categories?context=embed".to_owned(),
        format!("attributes/{farbe}/terms?orderby=preis"),
        "attributes?context=embed".to_owned(),
    ] {
        let res = app
            .get(&format!("/wp-json/wc/store/v1/products/{path}"))
            .await;
        assert_eq!(res.status(), 400, "{path}");
        assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    }
}

/// Reviews by product and category (together: the reviews of either), ordered and offset as
/// WooCommerce's `products/reviews` takes them.
#[both_databases]
async fn reviews_take_woocommerces_parameters(app: TestApp) {
    shop(&app).await;
    let [arabica, espresso, sencha] = ids_of(&app, &["P-1", "P-2", "P-4"]).await[..] else {
        unreachable!()
    };
    let day = 86_400;
    for (id, rating, who, at) in [
        (arabica, 4, "Anna", 1),
        (espresso, 5, "Ben", 2),
        (sencha, 2, "Cem", 3),
        (espresso, 3, "Dora", 4),
    ] {
        app.store
            .add_review(id, rating, who, "Text", 1_767_225_600 + at * day)
            .await
            .unwrap();
    }
    let espresso_cat = body(
        app.get("/wp-json/wc/store/v1/products/categories?search=espresso")
            .await,
    )
    .await[0]["id"]
        .as_i64()
        .unwrap();
    let kaffee = body(
        app.get("/wp-json/wc/store/v1/products/categories?search=kaffee")
            .await,
    )
    .await[0]["id"]
        .as_i64()
        .unwrap();
    let reviewers = |query: String| {
        let app = &app;
        async move {
            let res = app
                .get(&format!("/wp-json/wc/store/v1/products/reviews?{query}"))
                .await;
            assert_eq!(res.status(), 200, "{query}");
            let v = body(res).await;
            v.as_array()
                .unwrap()
                .iter()
                .map(|r| r["reviewer"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    for (query, want) in [
        (String::new(), &["Dora", "Cem", "Ben", "Anna"][..]),
        ("order=asc".to_owned(), &["Anna", "Ben", "Cem", "Dora"]),
        ("orderby=rating".to_owned(), &["Ben", "Anna", "Dora", "Cem"]),
        ("orderby=rating&order=asc&per_page=1".to_owned(), &["Cem"]),
        (
            "orderby=id&order=asc&offset=1&per_page=2".to_owned(),
            &["Ben", "Cem"],
        ),
        (format!("product_id={arabica},{sencha}"), &["Cem", "Anna"]),
        (format!("category_id={espresso_cat}"), &["Dora", "Ben"]),
        // A category counts what lies below it; with products, either's reviews.
        (format!("category_id={kaffee}"), &["Dora", "Ben", "Anna"]),
        (
            format!("category_id={espresso_cat}&product_id={sencha}"),
            &["Dora", "Cem", "Ben"],
        ),
        ("product_id=999999".to_owned(), &[]),
    ] {
        assert_eq!(reviewers(query.clone()).await, want, "{query}");
    }
    // Each review names its own product.
    let v = body(
        app.get("/wp-json/wc/store/v1/products/reviews?order=asc")
            .await,
    )
    .await;
    assert_eq!(v[0]["product_name"], "Arabica");
    assert_eq!(v[1]["product_name"], "Espresso Casa");
    for query in [
        "orderby=author",
        "offset=-2",
        "product_id=x",
        "category_id=1,b",
        "order=up",
    ] {
        let res = app
            .get(&format!("/wp-json/wc/store/v1/products/reviews?{query}"))
            .await;
        assert_eq!(res.status(), 400, "{query}");
        assert_wp_error(&body(res).await, "rest_invalid_param", 400);
    }
}
