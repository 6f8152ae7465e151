//! What listings filter, sort and count by stays true as the catalogue changes (issue 65): after
//! price changes, sales starting and ending, stock going to zero, variations added and removed
//! and category moves, on SQLite and PostgreSQL, every filtered Store API list, the search and
//! the categories' counts equal a plain recomputation from the products as wc/v3 shows them.

use crate::common;

use common::{both_databases, Login, TestApp};
use laden_domain::catalog::search::{found, index_terms, query_terms, Named};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A listed product as the recomputation reads it.
#[derive(Debug)]
struct Listed {
    id: i64,
    name: String,
    /// Its price, or its variations' lowest and highest.
    low: Option<i64>,
    high: Option<i64>,
    on_sale: bool,
    in_stock: bool,
    categories: Vec<i64>,
    /// What the search reads: the SKU and descriptions, as kept terms.
    body: String,
}

fn cents(price: &Value) -> Option<i64> {
    let text = price.as_str().filter(|s| !s.is_empty())?;
    let (euros, rest) = text.split_once('.').unwrap_or((text, "0"));
    let rest = format!("{rest:0<2}");
    Some(euros.parse::<i64>().expect("euros") * 100 + rest[..2].parse::<i64>().expect("cents"))
}

/// The published products, read one by one through wc/v3 (variations too), and the categories'
/// parents.
async fn catalogue(
    app: &TestApp,
    m: &Login,
) -> (Vec<Listed>, BTreeMap<i64, (Option<i64>, String)>) {
    let (status, products) = app.wc_get(m, "/products?per_page=100").await;
    assert_eq!(status, 200, "{products}");
    let mut out = Vec::new();
    for p in products.as_array().expect("a list") {
        if p["status"] != "publish" {
            continue;
        }
        let id = p["id"].as_i64().expect("an id");
        let (mut low, mut high, mut on_sale, mut in_stock) = (
            cents(&p["price"]),
            cents(&p["price"]),
            p["on_sale"] == true,
            p["stock_status"] == "instock",
        );
        if p["type"] == "variable" {
            let (status, variations) = app
                .wc_get(m, &format!("/products/{id}/variations?per_page=100"))
                .await;
            assert_eq!(status, 200, "{variations}");
            let published: Vec<&Value> = variations
                .as_array()
                .expect("a list")
                .iter()
                .filter(|v| v["status"] == "publish")
                .collect();
            let prices: Vec<i64> = published
                .iter()
                .filter_map(|v| cents(&v["price"]))
                .collect();
            low = prices.iter().min().copied();
            high = prices.iter().max().copied();
            on_sale = published.iter().any(|v| v["on_sale"] == true);
            in_stock = published.iter().any(|v| v["stock_status"] == "instock");
        }
        out.push(Listed {
            id,
            name: p["name"].as_str().expect("a name").to_owned(),
            low,
            high,
            on_sale,
            in_stock,
            body: index_terms(&format!(
                "{} {} {}",
                p["short_description"].as_str().unwrap_or_default(),
                p["description"].as_str().unwrap_or_default(),
                p["sku"].as_str().unwrap_or_default()
            )),
            categories: p["categories"]
                .as_array()
                .expect("categories")
                .iter()
                .map(|c| c["id"].as_i64().expect("an id"))
                .collect(),
        });
    }
    let (status, cats) = app.wc_get(m, "/products/categories?per_page=100").await;
    assert_eq!(status, 200, "{cats}");
    let parents = cats
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| {
            let parent = c["parent"].as_i64().expect("a parent");
            let name = c["name"].as_str().expect("a name").to_owned();
            (
                c["id"].as_i64().expect("an id"),
                ((parent > 0).then_some(parent), name),
            )
        })
        .collect();
    (out, parents)
}

/// Whether `category` is `cat` or lies above it.
fn holds(parents: &BTreeMap<i64, (Option<i64>, String)>, category: i64, cat: i64) -> bool {
    let mut cur = Some(cat);
    while let Some(c) = cur {
        if c == category {
            return true;
        }
        cur = parents.get(&c).and_then(|p| p.0);
    }
    false
}

/// The ids a Store API list answers, sorted (or in its order, with `ordered`).
async fn ids(app: &TestApp, query: &str, ordered: bool) -> Vec<i64> {
    let (mut out, total) = listed(app, query).await;
    if !query.contains("page=") {
        assert_eq!(total, out.len() as i64, "the count of {query}");
    }
    if !ordered {
        out.sort_unstable();
    }
    out
}

/// A Store API list's ids in its order and its total (`query` with its own `per_page`, or 100).
async fn listed(app: &TestApp, query: &str) -> (Vec<i64>, i64) {
    let per_page = if query.contains("per_page=") {
        ""
    } else {
        "per_page=100&"
    };
    let res = app
        .get(&format!("/wp-json/wc/store/v1/products?{per_page}{query}"))
        .await;
    assert_eq!(res.status(), 200, "{query}");
    let total: i64 = res
        .headers()
        .get("x-wp-total")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("X-WP-Total");
    let ids = common::body(res)
        .await
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| p["id"].as_i64().expect("an id"))
        .collect();
    (ids, total)
}

/// Every filter, sort and count the listings offer, against the recomputation: `moment` names
/// the change just made.
async fn agree(app: &TestApp, m: &Login, moment: &str) {
    let (all, parents) = catalogue(app, m).await;
    let pick = |keep: &dyn Fn(&Listed) -> bool| -> Vec<i64> {
        let mut v: Vec<i64> = all.iter().filter(|p| keep(p)).map(|p| p.id).collect();
        v.sort_unstable();
        v
    };
    // A product whose price range reaches into the bounds.
    let reaches = |p: &Listed, min: i64, max: i64| {
        p.low.is_some_and(|low| low <= max) && p.high.or(p.low).is_some_and(|high| high >= min)
    };
    let cases: Vec<(String, Vec<i64>)> = vec![
        (String::new(), pick(&|_| true)),
        (
            "min_price=1000".into(),
            pick(&|p| reaches(p, 1000, i64::MAX)),
        ),
        ("max_price=1000".into(), pick(&|p| reaches(p, 0, 1000))),
        (
            "min_price=1300&max_price=2500".into(),
            pick(&|p| reaches(p, 1300, 2500)),
        ),
        ("on_sale=true".into(), pick(&|p| p.on_sale)),
        ("on_sale=false".into(), pick(&|p| !p.on_sale)),
        ("stock_status=instock".into(), pick(&|p| p.in_stock)),
        ("stock_status=outofstock".into(), pick(&|p| !p.in_stock)),
        (
            "on_sale=true&stock_status=instock&min_price=500".into(),
            pick(&|p| p.on_sale && p.in_stock && reaches(p, 500, i64::MAX)),
        ),
    ];
    let mut cases = cases;
    for &cat in parents.keys() {
        cases.push((
            format!("category={cat}"),
            pick(&|p| p.categories.iter().any(|c| holds(&parents, cat, *c))),
        ));
    }
    for (query, want) in &cases {
        assert_eq!(&ids(app, query, false).await, want, "{moment}: ?{query}");
    }
    // By price, low to high: the lowest price of each, then the id.
    let mut by_price: Vec<&Listed> = all.iter().filter(|p| p.low.is_some()).collect();
    by_price.sort_by_key(|p| (p.low, p.id));
    let want: Vec<i64> = by_price.iter().map(|p| p.id).collect();
    let mut got = ids(app, "orderby=price&order=asc", true).await;
    got.retain(|id| want.contains(id));
    assert_eq!(got, want, "{moment}: by price");
    // Page by page, the same products as at once.
    let mut paged = Vec::new();
    for page in 1..=all.len().div_ceil(2) {
        paged.extend(ids(app, &format!("per_page=2&page={page}&orderby=price"), true).await);
    }
    assert_eq!(
        paged,
        ids(app, "orderby=price", true).await,
        "{moment}: pages"
    );
    // Every order the listing index keeps, each way, alone and with the filters it holds, whole
    // and page by page: its answer (ids in order, and the total) equals the database's
    // (`after=2000-01-01T00:00:00` keeps every product but is no filter the index holds).
    let tag_ids: Vec<String> = app
        .store
        .tags()
        .await
        .expect("the tags")
        .iter()
        .map(|t| t.id.to_string())
        .collect();
    let first_category = parents.keys().next().copied().unwrap_or(0);
    let mut filters: Vec<String> = vec![
        String::new(),
        "on_sale=true".into(),
        "stock_status=instock&min_price=600&max_price=2500".into(),
        "featured=true".into(),
        "featured=false&on_sale=false".into(),
        format!("category={first_category}&category_operator=not_in"),
        "exclude=1,2&include=1,2,3,4,5,6,7,8,9,10".into(),
        "rating=4,5".into(),
        "attributes[0][attribute]=mahlwerk&attributes[0][slug]=stahl".into(),
        "type=variable".into(),
    ];
    for tag in &tag_ids {
        filters.push(format!("tag={tag}"));
        filters.push(format!("tag={tag}&tag_operator=not_in"));
    }
    filters.push(format!("tag={}&tag_operator=and", tag_ids.join(",")));
    for filter in &filters {
        for orderby in [
            "menu_order",
            "price",
            "date",
            "modified",
            "popularity",
            "rating",
            "comment_count",
            "id",
        ] {
            for order in ["asc", "desc"] {
                let query = format!("{filter}&orderby={orderby}&order={order}");
                let by_index = listed(app, &query).await;
                let by_database = listed(app, &format!("{query}&after=2000-01-01T00:00:00")).await;
                assert_eq!(by_index, by_database, "{moment}: ?{query}");
            }
        }
        for (page, offset) in [
            ("per_page=2&page=2", ""),
            ("per_page=3", "&offset=2"),
            ("per_page=2&page=40", ""),
        ] {
            let query = format!("{filter}&{page}{offset}&orderby=price");
            let by_index = listed(app, &query).await;
            let by_database = listed(app, &format!("{query}&after=2000-01-01T00:00:00")).await;
            assert_eq!(by_index, by_database, "{moment}: ?{query}");
        }
    }
    // A search is found by the text index and then filtered, ordered (by relevance unless an
    // order is asked for) and paged by the listing index: as the database alone would.
    for query in [
        "search=Kaffee",
        "search=kaffee%20espresso&orderby=price&order=desc",
        "search=Kaffee&on_sale=false&orderby=popularity",
        "search=Kaffee&per_page=1&page=2",
        "search=M%C3%BChle&stock_status=instock",
        // A word a category or tag names beside one none does: two lookups, joined in memory.
        "search=kaffee%20bio",
        "search=Bio&orderby=price",
    ] {
        let by_index = listed(app, query).await;
        let by_database = listed(app, &format!("{query}&after=2000-01-01T00:00:00")).await;
        assert_eq!(by_index, by_database, "{moment}: ?{query}");
    }
    // The search: every word found in the name (a word or a compound's part it begins), a
    // category (or one above) or the rest, as the domain's rule decides it.
    for query in ["Kaffee", "Mühle", "kaffee espresso", "Bio"] {
        let want = pick(&|p| {
            let taxonomy: Vec<Named> = parents
                .iter()
                .filter(|(id, _)| p.categories.iter().any(|c| holds(&parents, **id, *c)))
                .map(|(_, (_, name))| Named::of(name))
                .collect();
            query_terms(query)
                .iter()
                .all(|t| found(&Named::of(&p.name), &taxonomy, &p.body, t).is_some())
        });
        assert!(
            !want.is_empty() || query == "Bio",
            "{moment}: {query} finds something"
        );
        assert_eq!(
            ids(app, &format!("search={query}"), false).await,
            want,
            "{moment}: {query}"
        );
    }
    // The listing's counts beside its filters (kept until the catalogue changes): the total,
    // and what "only in stock" and "only on sale" would leave, the other choice kept; for the
    // whole shop, within price bounds and within each category. These are counted from the
    // listing index kept in memory; each is counted by the database too (`exclude: [0]` leaves
    // out no product, but is no filter the index answers), and the two must agree.
    let count = |keep: &dyn Fn(&Listed) -> bool| all.iter().filter(|p| keep(p)).count() as i64;
    let categories = app.store.categories().await.expect("the categories");
    let mut listings: Vec<(Option<i64>, Option<i64>, Option<i64>)> = vec![
        (None, None, None),
        (Some(1300), Some(2500), None),
        (None, Some(1000), None),
        (Some(1000), None, None),
    ];
    for &cat in parents.keys() {
        listings.push((None, None, Some(cat)));
        listings.push((Some(500), Some(2000), Some(cat)));
    }
    for (min, max, cat) in listings {
        let held = |p: &Listed| {
            (min.is_none() && max.is_none()
                || reaches(p, min.unwrap_or(i64::MIN), max.unwrap_or(i64::MAX)))
                && cat.is_none_or(|cat| p.categories.iter().any(|c| holds(&parents, cat, *c)))
        };
        for on_sale in [None, Some(true)] {
            let mut q = laden_store::ProductQuery {
                on_sale,
                min_price: min,
                max_price: max,
                ..Default::default()
            };
            if let Some(cat) = cat {
                q = q.in_categories(&categories, &[cat]);
            }
            let counts = app.store.listing_counts(&q).await.expect("the counts");
            let sale_ok = |p: &Listed| on_sale.is_none() || p.on_sale;
            assert_eq!(
                (counts.total, counts.in_stock, counts.on_sale),
                (
                    count(&|p| held(p) && sale_ok(p)),
                    count(&|p| held(p) && p.in_stock && sale_ok(p)),
                    count(&|p| held(p) && p.on_sale)
                ),
                "{moment}: the counts of {q:?}"
            );
            let by_database = laden_store::ProductQuery {
                exclude: vec![0],
                ..q.clone()
            };
            assert_eq!(
                app.store
                    .listing_counts(&by_database)
                    .await
                    .expect("the counts"),
                counts,
                "{moment}: the index and the database count {q:?} alike"
            );
        }
    }
    // The categories' counts: published products in each or below it.
    let res = app
        .get("/wp-json/wc/store/v1/products/categories?per_page=100")
        .await;
    let counted: BTreeMap<i64, i64> = common::body(res)
        .await
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| {
            (
                c["id"].as_i64().expect("an id"),
                c["count"].as_i64().expect("a count"),
            )
        })
        .collect();
    for &cat in parents.keys() {
        let want = all
            .iter()
            .filter(|p| p.categories.iter().any(|c| holds(&parents, cat, *c)))
            .count() as i64;
        assert_eq!(
            counted.get(&cat).copied().unwrap_or(0),
            want,
            "{moment}: count of {cat}"
        );
    }
}

fn id(v: &Value) -> i64 {
    v["id"].as_i64().unwrap_or_else(|| panic!("an id in {v}"))
}

#[both_databases]
async fn listings_stay_true_to_the_products_as_they_change(app: TestApp) {
    let m = app.staff("shop_manager").await;
    let post = |path: &'static str, body: Value| {
        let (app, m) = (&app, &m);
        async move {
            let (status, v) = app.wc_post(m, path, body).await;
            assert_eq!(status, 201, "{path}: {v}");
            v
        }
    };
    let kaffee = id(&post("/products/categories", json!({ "name": "Kaffee" })).await);
    let espresso = id(&post(
        "/products/categories",
        json!({ "name": "Espresso", "parent": kaffee }),
    )
    .await);
    let tee = id(&post("/products/categories", json!({ "name": "Tee" })).await);
    let tags = app
        .store
        .ensure_tag_names(["Neuheit", "Geschenkidee"])
        .await
        .expect("the tags");
    let (neu, gift) = (tags[0], tags[1]);
    let product = |name: &str, price: &str, sale: &str, stock: i64, cat: i64| {
        let tags: Vec<Value> = [neu, gift]
            .iter()
            .take(name.len() % 3)
            .map(|t| json!({ "id": t }))
            .collect();
        json!({ "name": name, "regular_price": price, "sale_price": sale, "manage_stock": true,
                "stock_quantity": stock, "categories": [{ "id": cat }], "tags": tags,
                "featured": name.len().is_multiple_of(2), "menu_order": name.len() % 4 })
    };
    let classic = id(&post(
        "/products",
        product("Espresso Classic", "12.90", "", 5, espresso),
    )
    .await);
    let filter = id(&post(
        "/products",
        product("Filterkaffee Mild", "8.50", "7.00", 9, kaffee),
    )
    .await);
    let sencha = id(&post("/products", product("Sencha Bio", "5.90", "", 0, tee)).await);
    let _becher = id(&post("/products", product("Kaffeebecher", "15.00", "", 3, tee)).await);
    let muhle = id(&post(
        "/products",
        json!({ "name": "Handmühle", "type": "variable", "categories": [{ "id": kaffee }],
                "attributes": [{ "name": "Mahlwerk", "options": ["Stahl", "Keramik"], "variation": true, "visible": true }] }),
    )
    .await);
    let variation = |price: &str, sale: &str, option: &str| {
        json!({ "regular_price": price, "sale_price": sale, "manage_stock": true, "stock_quantity": 4,
                "attributes": [{ "name": "Mahlwerk", "option": option }] })
    };
    let (status, stahl) = app
        .wc_post(
            &m,
            &format!("/products/{muhle}/variations"),
            variation("20.00", "", "Stahl"),
        )
        .await;
    assert_eq!(status, 201, "{stahl}");
    agree(&app, &m, "at first").await;
    // A second instance on the same database, its index read now and moved along the change
    // log by what the first instance changes.
    let peer = app.peer().await;
    agree(&peer, &m, "on a second instance, at first").await;

    // A price change moves a product across the bounds and the order.
    let put = |path: String, body: Value| {
        let (app, m) = (&app, &m);
        async move {
            let (status, v) = app.wc_put(m, &path, body).await;
            assert_eq!(status, 200, "{path}: {v}");
            v
        }
    };
    put(
        format!("/products/{classic}"),
        json!({ "regular_price": "24.00" }),
    )
    .await;
    agree(&app, &m, "after a price change").await;

    // A variation added on sale widens its product's range and puts it on sale.
    let (status, keramik) = app
        .wc_post(
            &m,
            &format!("/products/{muhle}/variations"),
            variation("35.00", "30.00", "Keramik"),
        )
        .await;
    assert_eq!(status, 201, "{keramik}");
    agree(&app, &m, "after a variation was added").await;

    // Sales that start and end by their dates.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a clock after 1970")
        .as_secs() as i64;
    let at = laden_domain::dates::iso;
    put(
        format!("/products/{sencha}"),
        json!({ "sale_price": "4.90", "date_on_sale_from_gmt": at(now + 3600) }),
    )
    .await;
    put(
        format!("/products/{filter}"),
        json!({ "date_on_sale_to_gmt": at(now + 7200) }),
    )
    .await;
    agree(&app, &m, "with sales scheduled").await;
    let later = now + 5400;
    assert_eq!(
        app.store
            .apply_sale_schedule(later)
            .await
            .expect("the schedule"),
        1
    );
    agree(&app, &m, "after a sale started").await;
    let later = now + 3 * 3600;
    assert_eq!(
        app.store
            .apply_sale_schedule(later)
            .await
            .expect("the schedule"),
        1
    );
    agree(&app, &m, "after a sale ended").await;

    // Stock going to zero, by a sale in the shop.
    put(
        format!("/products/{classic}"),
        json!({ "stock_quantity": 1 }),
    )
    .await;
    let cart = app.new_cart().await;
    app.add_item(&cart, classic, 1).await;
    let res = app
        .post("/checkout", Some(&cart), common::checkout_body())
        .await;
    assert_eq!(res.status(), 201, "{}", common::body(res).await);
    assert_eq!(app.stock(classic).await, Some(0));
    agree(&app, &m, "after the last one was sold").await;
    // A sale that leaves stock: its product's sales (the popularity order) move, nothing else.
    let cart = app.new_cart().await;
    app.add_item(&cart, filter, 2).await;
    let res = app
        .post("/checkout", Some(&cart), common::checkout_body())
        .await;
    assert_eq!(res.status(), 201, "{}", common::body(res).await);
    agree(&app, &m, "after a sale that left stock").await;
    agree(&peer, &m, "on a second instance, after the sales").await;
    // A change through the second instance shows on the first.
    let (status, v) = peer
        .wc_put(
            &m,
            &format!("/products/{filter}"),
            json!({ "regular_price": "3.10", "sale_price": "", "menu_order": 9 }),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    agree(&app, &m, "after a change through the second instance").await;

    // A variation removed, and the sale with it.
    let (status, v) = app
        .wc_delete(
            &m,
            &format!("/products/{muhle}/variations/{}?force=true", id(&keramik)),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    agree(&app, &m, "after a variation was removed").await;

    // Category moves: a product to another category, a category below another.
    put(
        format!("/products/{filter}"),
        json!({ "categories": [{ "id": tee }] }),
    )
    .await;
    agree(&app, &m, "after a product moved").await;
    put(
        format!("/products/categories/{tee}"),
        json!({ "parent": espresso }),
    )
    .await;
    agree(&app, &m, "after a category moved").await;
    let (status, v) = app.wc_delete(&m, &format!("/products/{sencha}")).await;
    assert_eq!(status, 200, "{v}");
    agree(&app, &m, "after a product went to the trash").await;
}
