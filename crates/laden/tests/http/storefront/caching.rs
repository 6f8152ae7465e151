//! The page and Store API caches: a change drops exactly the cached answers that show it,
//! validators answer 304, and `/metrics` reports hits and misses to whoever holds the token.

use crate::common;

use common::{both_databases, checkout_body, decoded, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

/// `X-Cache` of a GET: "HIT" or "MISS".
async fn cache_state(app: &TestApp, path: &str) -> (String, String) {
    let res = app.get(path).await;
    assert_eq!(res.status(), 200, "{path}");
    let state = res
        .headers()
        .get("x-cache")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (state, res.text().await.unwrap())
}

async fn buy(app: &TestApp, id: i64, qty: i64) {
    let token = app.cart_with(id, qty).await;
    let res = app.post("/checkout", Some(&token), checkout_body()).await;
    assert_eq!(res.status(), 201, "{}", res.text().await.unwrap());
}

#[both_databases]
async fn a_change_drops_exactly_what_shows_it(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let a = espresso_casa(&app, 50).await;
    let b = app
        .simple("Sencha Uji", "T-UJI", 890, TaxClass::Reduced, Some(2))
        .await;
    let only_a = format!("/wp-json/wc/store/v1/products?include={a}");
    let only_b = format!("/wp-json/wc/store/v1/products?include={b}");
    let one_a = format!("/wp-json/wc/store/v1/products/{a}");
    let one_b = format!("/wp-json/wc/store/v1/products/{b}");
    let urls = [
        "/produkt/espresso-casa/",
        "/produkt/sencha-uji/",
        "/shop/",
        "/produkt-kategorie/tee/",
        &only_a,
        &only_b,
        &one_a,
        &one_b,
    ];
    let all_cached = || async {
        for url in urls {
            cache_state(&app, url).await;
            assert_eq!(cache_state(&app, url).await.0, "HIT", "{url} is cached");
        }
    };
    all_cached().await;

    // A rename: the product's page and every listing that shows it; nothing else.
    let manager = app.staff("shop_manager").await;
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{a}"),
            json!({ "name": "Espresso Casa Oro" }),
        )
        .await;
    assert_eq!(status, 200);
    let (state, html) = cache_state(&app, "/produkt/espresso-casa/").await;
    assert_eq!(state, "MISS");
    assert!(html.contains(">Espresso Casa Oro</h1>"));
    for url in ["/shop/", "/produkt-kategorie/tee/", &only_a, &one_a] {
        let (state, body) = cache_state(&app, url).await;
        assert_eq!(state, "MISS", "{url} shows the renamed product");
        assert!(body.contains("Espresso Casa Oro"), "{url}");
    }
    for url in ["/produkt/sencha-uji/", &only_b, &one_b] {
        assert_eq!(
            cache_state(&app, url).await.0,
            "HIT",
            "{url} does not show the renamed product"
        );
    }

    // A new price can reorder any listing: all listings go, other products' pages stay.
    all_cached().await;
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{a}"),
            json!({ "regular_price": "13.90" }),
        )
        .await;
    assert_eq!(status, 200);
    for url in [
        "/produkt/espresso-casa/",
        "/shop/",
        "/produkt-kategorie/tee/",
        &only_a,
        &only_b,
        &one_a,
    ] {
        assert_eq!(cache_state(&app, url).await.0, "MISS", "{url}");
    }
    for url in ["/produkt/sencha-uji/", &one_b] {
        assert_eq!(
            cache_state(&app, url).await.0,
            "HIT",
            "{url} is one other product"
        );
    }

    // A sale changes the stock the Store API shows, not the cached HTML (which reads live
    // stock after hydration) and not other products.
    all_cached().await;
    buy(&app, b, 1).await;
    let (state, body) = cache_state(&app, &only_b).await;
    assert_eq!(state, "MISS");
    let list: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        list[0]["extensions"]["laden"]["stock_quantity"], 1,
        "the answer shows the stock after the sale"
    );
    let (state, body) = cache_state(&app, &one_b).await;
    assert_eq!(state, "MISS");
    let one: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        one["extensions"]["laden"]["stock_quantity"], 1,
        "the product's own answer shows the stock after the sale"
    );
    for url in [
        "/produkt/sencha-uji/",
        "/produkt/espresso-casa/",
        "/shop/",
        &only_a,
        &one_a,
    ] {
        assert_eq!(cache_state(&app, url).await.0, "HIT", "{url}");
    }

    // Selling out shows on the product's page and the listings that show it.
    buy(&app, b, 1).await;
    let (state, html) = cache_state(&app, "/produkt/sencha-uji/").await;
    assert_eq!(state, "MISS");
    assert!(
        html.contains("\"is_in_stock\":false"),
        "the page shows the product sold out"
    );
    assert_eq!(cache_state(&app, "/produkt-kategorie/tee/").await.0, "MISS");
    assert_eq!(cache_state(&app, "/produkt/espresso-casa/").await.0, "HIT");

    // Settings show on every page: everything goes.
    all_cached().await;
    let mut settings = app.store.settings().await.unwrap();
    settings.site.description = "Frisch geröstet".into();
    app.store.save_settings(&settings).await.unwrap();
    for url in urls {
        assert_eq!(cache_state(&app, url).await.0, "MISS", "{url}");
    }
}

#[both_databases]
async fn a_variation_sale_drops_its_parents_answer(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let (parent, small, _) = app.variable().await;
    let path = format!("/wp-json/wc/store/v1/products/{parent}");
    cache_state(&app, &path).await;
    assert_eq!(cache_state(&app, &path).await.0, "HIT");
    buy(&app, small, 10).await;
    let (state, body) = cache_state(&app, &path).await;
    assert_eq!(
        state, "MISS",
        "the sale of a variation changes its parent's answer"
    );
    let product: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        product["is_in_stock"], false,
        "both variations are now sold out"
    );
}

#[both_databases]
async fn validators_answer_not_modified(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let (id, paths) = cached_answers_of_a_product(&app).await;
    for path in paths {
        let res = app.get(&path).await;
        assert_eq!(res.status(), 200);
        let etag = res.headers()["etag"].to_str().unwrap().to_owned();
        let modified = res.headers()["last-modified"].to_str().unwrap().to_owned();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "a strong tag: {etag}"
        );
        let again = app.get_with(&path, &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(again.headers()["etag"], etag.as_str());
        assert!(again.bytes().await.unwrap().is_empty());
        let again = app
            .get_with(&path, &[("If-Modified-Since", &modified)])
            .await;
        assert_eq!(again.status(), 304, "{path}: If-Modified-Since");
        // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
        let again = app
            .get_with(
                &path,
                &[
                    ("If-None-Match", "\"anders\""),
                    ("If-Modified-Since", &modified),
                ],
            )
            .await;
        assert_eq!(again.status(), 200, "{path}");
        let earlier = httpdate::fmt_http_date(
            httpdate::parse_http_date(&modified).unwrap() - std::time::Duration::from_secs(3600),
        );
        let again = app
            .get_with(&path, &[("If-Modified-Since", &earlier)])
            .await;
        assert_eq!(again.status(), 200, "{path}: modified since an hour before");
    }
    // A changed page has another tag.
    let res = app.get("/produkt/espresso-casa/").await;
    let etag = res.headers()["etag"].to_str().unwrap().to_owned();
    let manager = app.staff("shop_manager").await;
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{id}"),
            json!({ "name": "Espresso Casa Oro" }),
        )
        .await;
    assert_eq!(status, 200);
    let res = app
        .get_with("/produkt/espresso-casa/", &[("If-None-Match", &etag)])
        .await;
    assert_eq!(res.status(), 200);
    assert_ne!(res.headers()["etag"], etag.as_str());
}

#[both_databases]
async fn metrics_only_with_the_token(db: Backend) {
    // Off unless configured.
    let app = TestApp::start(db).await;
    let res = app.get("/metrics").await;
    assert_eq!(res.status(), 404);
    drop(app);

    let app = TestApp::start_configured(db, true, |c| {
        c.metrics_token = Some("Prometheus-Schlüssel-1".into())
    })
    .await;
    espresso_casa(&app, 5).await;
    for _ in 0..3 {
        app.get("/produkt/espresso-casa/").await;
        app.get("/wp-json/wc/store/v1/products").await;
    }
    let res = app.get("/metrics").await;
    assert_eq!(res.status(), 401);
    assert!(res.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .starts_with("Bearer"));
    let res = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth("falsch")
        .go()
        .await;
    assert_eq!(res.status(), 401);
    let res = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth("Prometheus-Schlüssel-1")
        .go()
        .await;
    assert_eq!(res.status(), 200);
    let text = res.text().await.unwrap();
    for line in [
        "laden_cache_lookups_total{cache=\"html\",result=\"hit\"} 2",
        "laden_cache_lookups_total{cache=\"html\",result=\"miss\"} 1",
        "laden_cache_lookups_total{cache=\"api\",result=\"hit\"} 2",
        "laden_cache_lookups_total{cache=\"api\",result=\"miss\"} 1",
        "laden_cache_entries{cache=\"html\"} 1",
        "laden_render_duration_seconds_count 1",
        "laden_render_shed_total 0",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
    }
}

#[both_databases]
async fn product_images_come_as_webp_with_the_first_preloaded(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    let id = espresso_casa(&app, 5).await;
    let manager = app.staff("shop_manager").await;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(common::jpeg(1200, 900))
            .file_name("bohnen.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    );
    let res = app
        .rest(reqwest::Method::POST, "/wp/v2/media", Some(&manager))
        .multipart(form)
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let media = common::body(res).await["id"].as_i64().unwrap();
    let (status, _) = app
        .wc_put(
            &manager,
            &format!("/products/{id}"),
            json!({ "images": [{ "id": media }] }),
        )
        .await;
    assert_eq!(status, 200);

    // Every size but the thumbnail in WebP beside the JPEG srcset, each file served as WebP.
    let list = common::body(
        app.get(&format!("/wp-json/wc/store/v1/products?include={id}"))
            .await,
    )
    .await;
    let image = &list[0]["images"][0];
    let webp: Vec<&str> = image["srcset_webp"].as_str().unwrap().split(", ").collect();
    let jpeg: Vec<&str> = image["srcset"].as_str().unwrap().split(", ").collect();
    assert_eq!(
        webp.len() + 1,
        jpeg.len(),
        "the original stays in the JPEG srcset only: {webp:?} {jpeg:?}"
    );
    for candidate in &webp {
        let (url, width) = candidate.split_once(' ').unwrap();
        assert!(
            url.ends_with(".webp") && width.ends_with('w'),
            "{candidate}"
        );
        assert!(
            jpeg.iter().any(|j| j.ends_with(&format!(" {width}"))),
            "a JPEG of the same width: {candidate}"
        );
        let res = app.get(url.trim_start_matches(&app.site_url)).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/webp");
    }

    // The product page preloads it: the largest paint starts with the HTML.
    let html = app.html("/produkt/espresso-casa/", None).await;
    let head = &html[..html.find("</head>").unwrap()];
    let link = head
        .split("<link ")
        .find(|l| l.starts_with("rel=\"preload\" as=\"image\""))
        .unwrap_or_else(|| panic!("no image preload in {head}"));
    assert!(
        link.contains("fetchpriority=\"high\"") && link.contains("type=\"image/webp\""),
        "{link}"
    );
    assert!(
        webp.iter().all(|w| link.contains(w)),
        "the WebP srcset: {link}"
    );
    assert!(
        link.contains("imagesizes=\"(max-width: 767px) 100vw, 50vw\""),
        "{link}"
    );

    // Other pages (a listing) preload no image.
    let html = app.html("/shop/", None).await;
    assert!(!html[..html.find("</head>").unwrap()].contains("as=\"image\""));
}

#[both_databases]
async fn cached_answers_are_compressed_once_in_the_coding_asked_for(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    for path in cached_answers_of_a_product(&app).await.1 {
        let plain = app.get(&path).await;
        assert!(
            plain.headers().get("content-encoding").is_none(),
            "{path}: no Accept-Encoding, no coding"
        );
        let plain = plain.bytes().await.unwrap();
        for coding in ["br", "gzip"] {
            for round in 0..2 {
                let res = app
                    .get_with(
                        &path,
                        &[("Accept-Encoding", &format!("{coding}, identity;q=0.5"))],
                    )
                    .await;
                assert_eq!(res.status(), 200);
                assert_eq!(
                    res.headers()["content-encoding"],
                    coding,
                    "{path} round {round}"
                );
                assert_eq!(res.headers()["vary"], "accept-encoding");
                let raw = res.bytes().await.unwrap();
                assert!(raw.len() < plain.len(), "{path}: {coding} is smaller");
                assert_eq!(
                    decoded(coding, &raw),
                    plain.to_vec(),
                    "{path}: {coding} decodes once to the page"
                );
            }
        }
        // A client that refuses both gets the body as it is.
        let res = app
            .get_with(&path, &[("Accept-Encoding", "br;q=0, gzip;q=0")])
            .await;
        assert!(res.headers().get("content-encoding").is_none());
        assert_eq!(res.bytes().await.unwrap(), plain);
    }
}

#[both_databases]
async fn a_page_the_server_could_not_render_is_not_cached(db: Backend) {
    // A renderer that fails every page: the visitor gets the shell with the data (the browser
    // renders it), and the next visitor gets a new try, not the cached shell.
    let failing = laden_render::Renderer::from_source(
        "globalThis.renderPage = () => { throw new Error('kaputt'); };".into(),
        laden_render::RendererConfig {
            threads: 1,
            ..Default::default()
        },
    )
    .unwrap();
    let app = TestApp::start_full(db, Some(failing), |_| {}).await;
    espresso_casa(&app, 5).await;
    for _ in 0..2 {
        let res = app.get("/produkt/espresso-casa/").await;
        assert_eq!(res.status(), 200);
        assert!(
            res.headers().get("x-cache").is_none(),
            "not served from or put in the cache"
        );
        assert_eq!(res.headers()["cache-control"], "private, no-store");
        let html = res.text().await.unwrap();
        assert!(html.contains("<div id=\"app\"></div>"), "the shell");
        assert!(
            html.contains("\"name\":\"Espresso Casa\""),
            "with the page's data"
        );
    }
    assert!(app.state.caches.html.is_empty());
}

// A change another instance made, once this instance's caches read it from the log, is also what
// its store's kept rows answer: pages rendered after it must not show settings kept from before
// (they would stay cached). The settings are read here less than PEER_CHANGE_DELAY (200 ms)
// before they are asked again, so only the log read can make them fresh; a slower machine only
// lets the kept copy expire, which passes too.
#[both_databases]
async fn kept_settings_follow_the_change_log(app: TestApp) {
    let peer = laden_store::Store::open(&app.db_url).await.unwrap();
    app.state.caches.sync(&app.store).await;
    // The caches' last read of the log is now older than their poll interval; the settings are kept anew.
    tokio::time::sleep(laden_store::PEER_CHANGE_DELAY + std::time::Duration::from_millis(20)).await;
    let before = app.store.settings().await.unwrap();
    let mut changed = before.clone();
    changed.site.name = "Rösterei am Hafen".into();
    peer.save_settings(&changed).await.unwrap();
    app.state.caches.sync(&app.store).await;
    assert_eq!(
        app.store.settings().await.unwrap().site.name,
        "Rösterei am Hafen"
    );
}

/// The headers of an answer as name → values, without those that differ by request.
fn comparable(res: &reqwest::Response) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut out = std::collections::BTreeMap::<String, Vec<String>>::new();
    for (k, v) in res.headers() {
        if !["date", "x-request-id", "x-cache"].contains(&k.as_str()) {
            out.entry(k.as_str().to_owned())
                .or_default()
                .push(v.to_str().unwrap().to_owned());
        }
    }
    out
}

// A cached page is answered before routing (crate `laden-http`, `hit.rs`): the answer must be the
// one the page's route gives, header for header, in every coding, as a 304, with the request id.
#[both_databases]
async fn a_hit_answers_as_the_page_route_does(db: Backend) {
    let app = TestApp::start_with(db, true).await;
    espresso_casa(&app, 50).await;
    for (i, coding) in [None, Some("gzip"), Some("br")].into_iter().enumerate() {
        let path = format!("/produkt/espresso-casa/?v={i}");
        let accept: Vec<(&str, &str)> =
            coding.map(|c| ("accept-encoding", c)).into_iter().collect();
        let miss = app.get_with(&path, &accept).await;
        let hit = app.get_with(&path, &accept).await;
        assert_eq!(miss.headers()["x-cache"], "MISS", "{coding:?}");
        assert_eq!(hit.headers()["x-cache"], "HIT", "{coding:?}");
        assert_eq!(comparable(&miss), comparable(&hit), "{coding:?}");
        assert_eq!(
            hit.headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            coding,
        );
        for h in [
            "content-security-policy",
            "x-content-type-options",
            "referrer-policy",
            "strict-transport-security",
            "etag",
            "last-modified",
        ] {
            assert!(hit.headers().contains_key(h), "{h} on a hit");
        }
        assert!(hit.headers()["x-request-id"].to_str().unwrap().len() >= 32);
        assert_ne!(
            miss.headers()["x-request-id"],
            hit.headers()["x-request-id"]
        );
        assert_eq!(miss.bytes().await.unwrap(), hit.bytes().await.unwrap());
    }

    // Revalidation from the cache: a 304 with the validators, the policy and the id.
    let path = "/produkt/espresso-casa/?v=0";
    let hit = app.get_with(path, &[]).await;
    let etag = hit.headers()["etag"].to_str().unwrap().to_owned();
    let since = hit.headers()["last-modified"].to_str().unwrap().to_owned();
    for validator in [
        ("if-none-match", etag.as_str()),
        ("if-modified-since", since.as_str()),
    ] {
        let res = app
            .get_with(path, &[validator, ("x-request-id", "pruefung-304")])
            .await;
        assert_eq!(res.status(), 304, "{validator:?}");
        assert_eq!(res.headers()["etag"], etag.as_str());
        assert_eq!(res.headers()["x-cache"], "HIT");
        assert_eq!(
            res.headers()["x-request-id"],
            "pruefung-304",
            "the caller's id is kept"
        );
        assert!(res.headers().contains_key("content-security-policy"));
        assert!(res.bytes().await.unwrap().is_empty());
    }
    // Another tag is no revalidation; a HEAD is answered by the route, without a body.
    let res = app.get_with(path, &[("if-none-match", "\"anders\"")]).await;
    assert_eq!(res.status(), 200);
    let head = app.client.head(app.url(path)).go().await;
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["etag"], etag.as_str());
    assert!(head.bytes().await.unwrap().is_empty());
}

// HTTP/1.1 pipelining: requests written at once on one connection are answered in order, the
// cached ones as well as the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pipelined_requests_are_answered_in_order() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::start_with(Backend::Sqlite, true).await;
    let addr = app.url("").trim_start_matches("http://").to_owned();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    tcp.write_all(
        b"GET /shop/ HTTP/1.1\r\nHost: x\r\n\r\nGET /shop/ HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /shop/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(20),
        tcp.read_to_end(&mut raw),
    )
    .await
    .unwrap()
    .unwrap();
    let text = String::from_utf8_lossy(&raw).to_lowercase();
    let answers: Vec<&str> = text.split("http/1.1 ").skip(1).collect();
    assert_eq!(answers.len(), 4, "four answers: {text:.400}");
    let cache: Vec<Option<&str>> = answers
        .iter()
        .map(|a| {
            a.lines()
                .find_map(|l| l.strip_prefix("x-cache: "))
                .map(str::trim)
        })
        .collect();
    assert!(
        answers.iter().all(|a| a.starts_with("200 ok")),
        "{text:.400}"
    );
    assert_eq!(cache, [Some("miss"), Some("hit"), None, Some("hit")]);
}

/// A new product "Espresso Casa" and the cached answers that show it: its page, the Store API
/// listing of it and the Store API product: its id and their paths.
async fn cached_answers_of_a_product(app: &TestApp) -> (i64, [String; 3]) {
    let id = espresso_casa(app, 5).await;
    let paths = [
        "/produkt/espresso-casa/".to_owned(),
        format!("/wp-json/wc/store/v1/products?include={id}"),
        format!("/wp-json/wc/store/v1/products/{id}"),
    ];
    (id, paths)
}

/// A new product "Espresso Casa" (12,90 €, 19 %) with `stock` in stock: its id.
async fn espresso_casa(app: &TestApp, stock: i64) -> i64 {
    let standard = TaxClass::Standard;
    app.simple("Espresso Casa", "E-CASA", 1290, standard, Some(stock))
        .await
}
