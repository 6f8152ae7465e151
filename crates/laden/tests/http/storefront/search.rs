//! Finding products over HTTP, on SQLite and PostgreSQL: the German search (stems, folded
//! spellings) and the attribute filters with their term counts.

use crate::common;

use super::{change, list, names, names_in_order};
use common::{assert_wp_error, body, both_databases, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

#[both_databases]
async fn german_search_finds_stems_and_folded_spellings(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let mill = app
        .simple(
            "Kaffeemühle Handbetrieb",
            "S-1",
            4990,
            TaxClass::Standard,
            Some(5),
        )
        .await;
    let cup = app
        .simple(
            "Tasse aus Porzellan",
            "S-2",
            990,
            TaxClass::Standard,
            Some(5),
        )
        .await;
    let bag = app
        .simple("Versandbeutel", "S-3", 190, TaxClass::Standard, Some(5))
        .await;
    let cinnamon = app
        .simple("Zimtsterne", "S-4", 390, TaxClass::Reduced, Some(5))
        .await;
    let gift = app
        .simple("Geschenkbox", "S-5", 1990, TaxClass::Standard, Some(5))
        .await;
    change(
        &app,
        &m,
        bag,
        json!({ "description": "<p>Frei Haus an jede Straße.</p>" }),
    )
    .await;
    change(
        &app,
        &m,
        gift,
        json!({ "description": "<p>Mit Zimtsternen und einer Tasse.</p>" }),
    )
    .await;
    let _ = (mill, cup, cinnamon);

    let search = |q: &'static str| {
        let app = &app;
        async move { names_in_order(app, &format!("search={q}")).await }
    };
    // Name matches before description matches; each kind in the shop's order.
    assert_eq!(
        search("Tassen").await,
        ["Tasse aus Porzellan", "Geschenkbox"]
    );
    assert_eq!(search("Kaffeemuhle").await, ["Kaffeemühle Handbetrieb"]);
    assert_eq!(
        search("kaffeem%C3%BChle").await,
        ["Kaffeemühle Handbetrieb"]
    );
    assert_eq!(search("Strasse").await, ["Versandbeutel"]);
    assert_eq!(search("zimtstern").await, ["Zimtsterne", "Geschenkbox"]);
    assert_eq!(search("Porzellan%20Tasse").await, ["Tasse aus Porzellan"]);
    assert!(search("Teekanne").await.is_empty());
    assert!(
        search("%25%25").await.is_empty(),
        "punctuation finds nothing"
    );
    assert_eq!(
        search("S-3").await,
        ["Versandbeutel"],
        "the SKU is searched too"
    );

    // Rows written before the search columns are indexed when the store opens.
    common::execute(
        &app.store,
        "UPDATE products SET search_name = '', search_body = '', search_indexed = FALSE",
    )
    .await;
    assert!(search("Tassen").await.is_empty());
    let reopened = laden_store::Store::open(&app.db_url).await.unwrap();
    assert_eq!(
        common::count(
            &reopened,
            "SELECT COUNT(*) FROM products WHERE search_indexed = FALSE"
        )
        .await,
        0
    );
    assert_eq!(
        search("Tassen").await,
        ["Tasse aus Porzellan", "Geschenkbox"]
    );
}

#[both_databases]
async fn attribute_filters_narrow_lists_and_count_their_terms(app: TestApp) {
    let csv = "Type,SKU,Name,Regular price,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible\n\
                   simple,A-1,Tasse Weiß,10,Farbe,Weiß,1,Material,Porzellan,1\n\
                   simple,A-2,Tasse Schwarz,11,Farbe,Schwarz,1,Material,Porzellan,1\n\
                   simple,A-3,Glas Sand,12,Farbe,\"Sand, Weiß\",1,Material,Glas,1\n\
                   simple,A-4,Becher,13,Farbe,Weiß,0,,,\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let q = |s: &str| format!("attributes[0][attribute]=pa_farbe&attributes[0][slug]={s}");
    assert_eq!(
        names(&app, &q("weiss")).await,
        list(&["Glas Sand", "Tasse Weiß"]),
        "a hidden attribute does not count"
    );
    assert_eq!(
        names(&app, &q("weiss,schwarz")).await,
        list(&["Glas Sand", "Tasse Schwarz", "Tasse Weiß"])
    );
    assert_eq!(
            names(&app, "attributes[0][attribute]=farbe&attributes[0][slug][]=weiss&attributes[0][slug][]=sand&attributes[0][operator]=and").await,
            list(&["Glas Sand"])
        );
    assert_eq!(
        names(
            &app,
            &format!("{}&attributes[0][operator]=not_in", q("weiss"))
        )
        .await,
        list(&["Becher", "Tasse Schwarz"])
    );
    let two = format!(
        "{}&attributes[1][attribute]=material&attributes[1][slug]=glas",
        q("weiss")
    );
    assert_eq!(names(&app, &two).await, list(&["Glas Sand"]));
    assert_eq!(
        names(&app, &format!("{two}&attribute_relation=in")).await,
        list(&["Glas Sand", "Tasse Weiß"])
    );
    for (bad, param) in [
        (
            format!("{}&attributes[0][operator]=or", q("weiss")),
            "attributes[0][operator]",
        ),
        (
            "attributes[0][attribute]=farbe&attributes[0][term_id]=999999".to_owned(),
            "attributes[0][term_id]",
        ),
        (
            "attributes[0][attribute]=farbe&attributes[0][term_id]=weiss".to_owned(),
            "attributes[0][term_id]",
        ),
        (
            "attributes[0][slug]=weiss".to_owned(),
            "attributes[0][attribute]",
        ),
        (
            format!("{}&attribute_relation=xor", q("weiss")),
            "attribute_relation",
        ),
    ] {
        let e = app.refused_products_query(&bad).await;
        assert!(e["data"]["params"].get(param).is_some(), "{bad}: {e}");
    }

    // The attributes as WooCommerce's Store API lists them, with ids; their terms with
    // counts; and the filter by term id names the same products as by slug.
    let attrs = body(app.get("/wp-json/wc/store/v1/products/attributes").await).await;
    let farbe = attrs
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["taxonomy"] == "pa_farbe")
        .unwrap_or_else(|| panic!("{attrs}"))
        .clone();
    assert_eq!(
        (&farbe["name"], &farbe["type"], &farbe["count"]),
        (&json!("Farbe"), &json!("select"), &json!(3)),
        "{farbe}"
    );
    let id = farbe["id"].as_i64().unwrap();
    let one = body(
        app.get(&format!("/wp-json/wc/store/v1/products/attributes/{id}"))
            .await,
    )
    .await;
    assert_eq!(one, farbe);
    let terms = body(
        app.get(&format!(
            "/wp-json/wc/store/v1/products/attributes/{id}/terms"
        ))
        .await,
    )
    .await;
    let named: Vec<(String, i64)> = terms
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["slug"].as_str().unwrap().to_owned(),
                t["count"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        named,
        [
            ("sand".to_owned(), 1),
            ("schwarz".to_owned(), 1),
            ("weiss".to_owned(), 2)
        ],
        "by name; the hidden attribute's product does not count"
    );
    let by_count = body(
        app.get(&format!(
            "/wp-json/wc/store/v1/products/attributes/{id}/terms?orderby=count&order=desc"
        ))
        .await,
    )
    .await;
    assert_eq!(by_count[0]["slug"], "weiss");
    let weiss = terms[2]["id"].as_i64().unwrap();
    let schwarz = terms[1]["id"].as_i64().unwrap();
    assert_eq!(
        names(
            &app,
            &format!("attributes[0][attribute]=pa_farbe&attributes[0][term_id]={weiss},{schwarz}")
        )
        .await,
        list(&["Glas Sand", "Tasse Schwarz", "Tasse Weiß"])
    );
    // A term of another attribute is not one of this one's.
    let material = attrs
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["taxonomy"] == "pa_material")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let glas = body(
        app.get(&format!(
            "/wp-json/wc/store/v1/products/attributes/{material}/terms"
        ))
        .await,
    )
    .await[0]["id"]
        .as_i64()
        .unwrap();
    let res = app
            .get(&format!(
                "/wp-json/wc/store/v1/products?attributes[0][attribute]=farbe&attributes[0][term_id]={glas}"
            ))
            .await;
    assert_eq!(res.status(), 400);
    for (path, status, code) in [
        (
            "/wp-json/wc/store/v1/products/attributes/999999",
            404,
            "woocommerce_rest_taxonomy_invalid",
        ),
        (
            "/wp-json/wc/store/v1/products/attributes/999999/terms",
            404,
            "woocommerce_rest_taxonomy_invalid",
        ),
        (
            "/wp-json/wc/store/v1/products/attributes/farbe",
            404,
            "rest_no_route",
        ),
    ] {
        let res = app.get(path).await;
        assert_eq!(res.status().as_u16(), status, "{path}");
        assert_wp_error(&body(res).await, code, u64::from(status));
    }
    let res = app
        .get(&format!(
            "/wp-json/wc/store/v1/products/attributes/{id}/terms?orderby=preis"
        ))
        .await;
    assert_eq!(res.status(), 400);
    // The listing's facets: each term with what choosing it would leave, counted with the
    // other attributes' choices but not its own.
    let facets = |q: laden_store::ProductQuery| {
        let store = app.store.clone();
        async move { store.listing_counts(&q).await.unwrap().facets }
    };
    let all = facets(laden_store::ProductQuery::default()).await;
    let farbe = all.iter().find(|f| f.attribute == "farbe").unwrap();
    assert_eq!(farbe.name, "Farbe");
    assert_eq!(
        farbe.terms,
        [
            ("sand".to_owned(), "Sand".to_owned(), 1),
            ("schwarz".to_owned(), "Schwarz".to_owned(), 1),
            ("weiss".to_owned(), "Weiß".to_owned(), 2)
        ]
    );
    let chosen = laden_store::ProductQuery {
        attributes: laden_domain::catalog::attribute_choices([("filter_material", "glas")]),
        ..Default::default()
    };
    let narrowed = facets(chosen).await;
    let farbe = narrowed.iter().find(|f| f.attribute == "farbe").unwrap();
    assert_eq!(
        farbe
            .terms
            .iter()
            .map(|t| (t.0.as_str(), t.2))
            .collect::<Vec<_>>(),
        [("sand", 1), ("weiss", 1)]
    );
    let material = narrowed.iter().find(|f| f.attribute == "material").unwrap();
    assert_eq!(
        material
            .terms
            .iter()
            .map(|t| (t.0.as_str(), t.2))
            .collect::<Vec<_>>(),
        [("glas", 1), ("porzellan", 2)],
        "its own choice aside"
    );

    // A changed attribute reaches the cached list.
    let m = app.staff("shop_manager").await;
    let schwarz = app.id_by_sku("A-2").await;
    let (status, _) = app
        .wc_put(
            &m,
            &format!("/products/{schwarz}"),
            json!({ "attributes": [{ "name": "Farbe", "options": ["Weiß"], "visible": true }] }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        names(&app, &q("weiss")).await,
        list(&["Glas Sand", "Tasse Schwarz", "Tasse Weiß"])
    );
}

/// German compounds and the spellings of foreign keyboards, on SQLite and PostgreSQL alike: a
/// word finds the names it is a part of, ranked below names with the whole word and above
/// categories and tags, which rank above descriptions; the shop's search page and the header's
/// suggestions (the Store API in relevance order) answer the same.
#[both_databases]
async fn compounds_and_transliterations_rank_by_where_found(app: TestApp) {
    let csv = "Type,SKU,Name,Regular price,Categories,Tags,Description\n\
               simple,C-1,Handmühle Classic,69.90,Küche > Mühlen,,\n\
               simple,C-2,Elektrische Kegelmühle,149.00,Küche > Mühlen,,\n\
               simple,C-3,Pinsel für Mühlen,7.90,Zubehör,,\n\
               simple,C-4,Reinigungstabletten,7.90,Zubehör,,Für jede Kaffeemühle und Espressomaschine.\n\
               simple,C-5,Trinkschokolade,6.90,Süßes,,\n\
               simple,C-6,Zartbitter 70 %,3.90,Süßes > Schokolade,,\n\
               simple,C-7,Handmühle Reise,54.90,Küche > Mühlen,,\n\
               simple,C-8,Speiseeis Vanille,4.90,Süßes,,\n\
               simple,C-9,Bergkäse,8.90,Käse,,\n\
               simple,C-10,Gyokuro Yame,18.90,Tee > Grüntee,,\n\
               simple,C-11,Geschenkbox,29.90,Geschenke,,Mit Tee und Gebäck.\n\
               simple,C-12,Cantuccini,4.50,Süßes,Bio-Gebäck,\n";
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    // As the header's suggestions ask.
    let search = |q: &'static str| {
        let app = &app;
        async move { names_in_order(app, &format!("search={q}&per_page=6")).await }
    };
    for (query, want) in [
        // The whole word first, then compounds in the shop's order; a description's compound
        // is no match (only a word's beginning counts there).
        (
            "M%C3%BChle",
            &[
                "Pinsel für Mühlen",
                "Handmühle Classic",
                "Elektrische Kegelmühle",
                "Handmühle Reise",
            ][..],
        ),
        (
            "Muehle",
            &[
                "Pinsel für Mühlen",
                "Handmühle Classic",
                "Elektrische Kegelmühle",
                "Handmühle Reise",
            ],
        ),
        ("Kegelmuehle", &["Elektrische Kegelmühle"]),
        // A part of the name above a category's name.
        ("Schokolade", &["Trinkschokolade", "Zartbitter 70 %"]),
        // A category finds what lies below it.
        (
            "S%C3%BC%C3%9Fes",
            &[
                "Trinkschokolade",
                "Zartbitter 70 %",
                "Speiseeis Vanille",
                "Cantuccini",
            ],
        ),
        (
            "suesses",
            &[
                "Trinkschokolade",
                "Zartbitter 70 %",
                "Speiseeis Vanille",
                "Cantuccini",
            ],
        ),
        // Never in the middle of a syllable: „Eis“ is not in „Reise“.
        ("Eis", &["Speiseeis Vanille"]),
        ("Kaese", &["Bergkäse"]),
        // A category's compound, then a description's word.
        ("Tee", &["Gyokuro Yame", "Geschenkbox"]),
        // A tag's.
        ("Geb%C3%A4ck", &["Cantuccini", "Geschenkbox"]),
        // A description's word, from its beginning.
        ("Kaffeemuehle", &["Reinigungstabletten"]),
        // Two words: each found somewhere; names with both first.
        ("Handm%C3%BChle%20Reise", &["Handmühle Reise"]),
        (
            "M%C3%BChle%20K%C3%BCche",
            &[
                "Handmühle Classic",
                "Elektrische Kegelmühle",
                "Handmühle Reise",
            ],
        ),
    ] {
        assert_eq!(search(query).await, want, "{query}");
    }

    // The shop's search page lists the same, in the same order; none is "Keine Treffer".
    for (query, want) in [("Muehle", 4), ("Eis", 1)] {
        let data = common::page_data(&app.html(&format!("/shop/?s={query}"), None).await);
        let names: Vec<&str> = data["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, search(query).await, "{query}");
        assert_eq!(names.len(), want, "{query}");
    }
}
