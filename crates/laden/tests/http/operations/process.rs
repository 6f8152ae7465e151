//! The `laden` binary as an operator meets it: stopped gracefully, killed mid-checkout,
//! backed up and restored. Each test runs the real executable on SQLite and PostgreSQL.

use crate::common;

use common::process::{exits_within, laden, serve, signal};
use common::{billing, body, both_databases, count, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::json;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[both_databases]
async fn graceful_shutdown_is_bounded(app: TestApp) {
    let data = common::tempdir::TempDir::new();

    // A request in flight finishes; new connections are refused; the process ends.
    let mut server = serve(&app.db_url, &data.0, 5).await;
    let slow = tokio::spawn(reqwest::get(format!(
        "{}/wp-json/laden-test/v1/sleep?ms=1500",
        server.base
    )));
    tokio::time::sleep(Duration::from_millis(300)).await;
    signal(&server.child, "TERM");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let fresh = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();
    let refused = fresh.get(format!("{}/healthz", server.base)).send().await;
    assert!(
        refused.is_err(),
        "a new connection after the signal is refused: {refused:?}"
    );
    let res = slow.await.unwrap().unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(body(res).await["slept"], 1500);
    exits_within(&mut server.child, Duration::from_secs(5)).await;

    // A request longer than the grace period does not hold the process: it ends after ~2 s.
    let mut server = serve(&app.db_url, &data.0, 2).await;
    let stuck = tokio::spawn(reqwest::get(format!(
        "{}/wp-json/laden-test/v1/sleep?ms=20000",
        server.base
    )));
    tokio::time::sleep(Duration::from_millis(300)).await;
    signal(&server.child, "TERM");
    let took = exits_within(&mut server.child, Duration::from_secs(6)).await;
    assert!(
        took >= Duration::from_millis(1500),
        "the grace period was given: {took:?}"
    );
    assert!(
        stuck.await.unwrap().is_err(),
        "the cut-off request gets no answer"
    );
}

#[both_databases]
async fn kill_9_during_checkouts_loses_no_confirmed_order(app: TestApp) {
    let stock = 100_000;
    let id = app
        .simple("Bohnen", "B-1", 1290, TaxClass::Reduced, Some(stock))
        .await;
    let other = app
        .simple("Tee", "T-1", 690, TaxClass::Reduced, Some(stock))
        .await;
    // Carts made beforehand (through the in-process server on the same database).
    let mut carts = Vec::new();
    for i in 0..400 {
        let token = app.new_cart().await;
        app.post(
            "/cart/add-item",
            Some(&token),
            json!({ "id": id, "quantity": 1 + i % 3 }),
        )
        .await;
        app.add_item(&token, other, 1).await;
        carts.push(token);
    }
    let data = common::tempdir::TempDir::new();
    let mut server = serve(&app.db_url, &data.0, 5).await;
    let queue = Arc::new(Mutex::new(carts));
    let confirmed = Arc::new(Mutex::new(Vec::<(i64, String)>::new()));
    let client = reqwest::Client::new();
    let workers: Vec<_> = (0..8)
        .map(|_| {
            let (queue, confirmed, client, base) = (
                queue.clone(),
                confirmed.clone(),
                client.clone(),
                server.base.clone(),
            );
            tokio::spawn(async move {
                loop {
                    let Some(token) = queue.lock().unwrap().pop() else {
                        return;
                    };
                    let res = client
                        .post(format!("{base}/wp-json/wc/store/v1/checkout"))
                        .header("Cart-Token", &token)
                        .json(&common::checkout_body())
                        .send()
                        .await;
                    let Ok(res) = res else { return };
                    if res.status() != 201 {
                        return;
                    }
                    let Ok(v) = res.json::<serde_json::Value>().await else {
                        return;
                    };
                    confirmed.lock().unwrap().push((
                        v["order_id"].as_i64().unwrap(),
                        v["order_key"].as_str().unwrap().to_owned(),
                    ));
                }
            })
        })
        .collect();
    // Kill the server hard while checkouts are running.
    let started = Instant::now();
    while confirmed.lock().unwrap().len() < 40 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "checkouts are too slow"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    for w in workers {
        w.await.unwrap();
    }
    let confirmed = confirmed.lock().unwrap().clone();
    assert!(
        !queue.lock().unwrap().is_empty(),
        "the kill came while carts were still waiting"
    );

    let server = serve(&app.db_url, &data.0, 5).await;
    let store = laden_store::Store::open(&app.db_url).await.unwrap();
    // Every order confirmed to a client is there, whole.
    for (order_id, key) in &confirmed {
        let res = reqwest::get(format!(
            "{}/wp-json/wc/store/v1/order/{order_id}?key={key}",
            server.base
        ))
        .await
        .unwrap();
        assert_eq!(res.status(), 200, "order {order_id}");
        assert_eq!(
            body(res).await["items"].as_array().unwrap().len(),
            2,
            "order {order_id}"
        );
    }
    // No order is half-written, stock matches what the orders took, each order has its mail.
    let orders = count(&store, "SELECT COUNT(*) FROM orders").await;
    assert!(orders >= confirmed.len() as i64);
    assert_eq!(count(&store, "SELECT COUNT(*) FROM orders o WHERE (SELECT COUNT(*) FROM order_items i WHERE i.order_id = o.id) <> 2").await, 0);
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM mails WHERE kind = 'order_confirmation'"
        )
        .await,
        orders
    );
    assert_eq!(
        count(
            &store,
            "SELECT COUNT(*) FROM carts WHERE order_id IS NOT NULL"
        )
        .await,
        orders
    );
    for product in [id, other] {
        let sold = count(&store, &format!("SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items WHERE product_id = {product}")).await;
        assert_eq!(app.stock(product).await, Some(stock - sold));
        assert_eq!(store.product(product).await.unwrap().total_sales, sold);
    }
    // And the shop sells on.
    let token = app.new_cart().await;
    app.add_item(&token, id, 1).await;
    let res = reqwest::Client::new()
        .post(format!("{}/wp-json/wc/store/v1/checkout", server.base))
        .header("Cart-Token", &token)
        .json(&common::checkout_body())
        .go()
        .await;
    assert_eq!(res.status(), 201);
}

fn run(cmd: &mut Command) -> (bool, String) {
    let out = cmd.output().unwrap();
    (
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[both_databases]
async fn backup_and_restore_round_trip(app: TestApp) {
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Reduced, Some(20))
        .await;
    let token = app.new_cart().await;
    app.add_item(&token, id, 2).await;
    let order = app.checkout(&token, "invoice").await;
    let data = common::tempdir::TempDir::new();
    std::fs::create_dir_all(data.0.join("uploads/2026/11")).unwrap();
    std::fs::write(data.0.join("uploads/2026/11/bohne.jpg"), b"jpeg bytes").unwrap();
    std::fs::write(data.0.join("secret"), "geheim-123").unwrap();
    let backups = common::tempdir::TempDir::new();
    let folder = backups.0.join("sicherung");

    // Backup while the shop runs.
    let server = serve(&app.db_url, &data.0, 5).await;
    let (ok, out) = run(laden(&app.db_url, &data.0).arg("backup").arg(&folder));
    assert!(ok, "{out}");
    assert!(out.contains("Sicherung geschrieben"), "{out}");
    let (ok, out) = run(laden(&app.db_url, &data.0).arg("backup").arg(&folder));
    assert!(
        !ok && out.contains("not empty"),
        "never over an existing backup: {out}"
    );
    drop(server);

    // Things change after the backup …
    let token = app.new_cart().await;
    app.add_item(&token, id, 5).await;
    assert_eq!(
        app.post(
            "/checkout",
            Some(&token),
            json!({ "billing_address": billing(), "payment_method": "invoice" })
        )
        .await
        .status(),
        201
    );
    std::fs::remove_file(data.0.join("uploads/2026/11/bohne.jpg")).unwrap();
    assert_eq!(app.stock(id).await, Some(13));
    app.store.close().await;

    // … a restore over a shop with data needs --force …
    let (ok, out) = run(laden(&app.db_url, &data.0).arg("restore").arg(&folder));
    assert!(!ok && out.contains("--force"), "{out}");
    // … and brings the state of the backup back.
    let (ok, out) = run(laden(&app.db_url, &data.0)
        .arg("restore")
        .arg("--force")
        .arg(&folder));
    assert!(ok, "{out}");
    let store = laden_store::Store::open(&app.db_url).await.unwrap();
    assert_eq!(store.order_count().await.unwrap(), 1);
    assert_eq!(store.product(id).await.unwrap().stock, Some(18));
    let restored = store
        .order(order["order_id"].as_i64().unwrap())
        .await
        .unwrap();
    assert_eq!(restored.key, order["order_key"].as_str().unwrap());
    assert_eq!(
        std::fs::read(data.0.join("uploads/2026/11/bohne.jpg")).unwrap(),
        b"jpeg bytes"
    );
    assert_eq!(
        std::fs::read_to_string(data.0.join("secret")).unwrap(),
        "geheim-123"
    );
    store.close().await;

    // The restored shop serves the order again.
    let server = serve(&app.db_url, &data.0, 5).await;
    let res = reqwest::get(format!(
        "{}/wp-json/wc/store/v1/order/{}?key={}",
        server.base,
        order["order_id"],
        order["order_key"].as_str().unwrap()
    ))
    .await
    .unwrap();
    assert_eq!(res.status(), 200);
}

// The request log is complete by default: every request a line, cache hits and 304s included
// (they are answered before the trace layer, `laden-http`'s `hit.rs`), each with its request id
// and status, and the lines still queued for the log's writer thread are written at shutdown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_is_logged() {
    let app = TestApp::start(Backend::Sqlite).await;
    let data = common::tempdir::TempDir::new();
    let port = common::process::free_port();
    let stdout = data.0.join("stdout.log");
    let child = laden(&app.db_url, &data.0)
        .arg("serve")
        .env("LADEN_ADDR", format!("127.0.0.1:{port}"))
        .env("LADEN_LOG", "info")
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed when dropped, should an assertion fail before it is stopped.
    let mut server = common::process::Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let base = server.base.clone();
    let client = reqwest::Client::new();
    let started = Instant::now();
    while client.get(format!("{base}/healthz")).send().await.is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "laden did not start"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let get = |path: &str, id: &str| {
        client
            .get(format!("{base}{path}"))
            .header("x-request-id", id)
    };
    let miss = get("/shop/", "log-miss").go().await;
    assert_eq!(miss.headers()["x-cache"], "MISS");
    let hit = get("/shop/", "log-hit").go().await;
    assert_eq!(hit.headers()["x-cache"], "HIT");
    let etag = hit.headers()["etag"].clone();
    let res = get("/shop/", "log-304")
        .header("if-none-match", etag)
        .go()
        .await;
    assert_eq!(res.status(), 304);
    let res = get("/wp-json/wc/store/v1/products", "log-api").go().await;
    assert_eq!(res.status(), 200);
    let res = get("/gibt-es-nicht/", "log-404").go().await;
    assert_eq!(res.status(), 404);
    signal(&server.child, "TERM");
    exits_within(&mut server.child, Duration::from_secs(10)).await;
    let log = std::fs::read_to_string(&stdout).unwrap();
    for (id, path, status) in [
        ("log-miss", "/shop/", 200),
        ("log-hit", "/shop/", 200),
        ("log-304", "/shop/", 304),
        ("log-api", "/wp-json/wc/store/v1/products", 200),
        ("log-404", "/gibt-es-nicht/", 404),
    ] {
        let lines: Vec<&str> = log
            .lines()
            .filter(|l| {
                l.contains(&format!("request_id={id}")) && l.contains("finished processing request")
            })
            .collect();
        assert_eq!(lines.len(), 1, "one line for {id}:\n{log}");
        assert!(lines[0].contains(&format!("path={path}")), "{}", lines[0]);
        assert!(
            lines[0].contains(&format!("status={status}")),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains("method=GET"), "{}", lines[0]);
        assert!(lines[0].contains("latency="), "{}", lines[0]);
    }
}
