//! Two instances of the real binary on one PostgreSQL database, sharing a media folder,
//! behind nginx on loopback (round robin): nothing an instance keeps in memory may matter.

use crate::common;

use common::process::{free_port, serve_with, Server};
use common::{body, Backend, Fetch, TestApp, PASSWORD};
use laden_domain::TaxClass;
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Nginx(Child);

impl Drop for Nginx {
    /// SIGTERM (nginx's fast shutdown) stops the workers too; SIGKILL would leave them behind.
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill")
            .arg("-TERM")
            .arg(self.0.id().to_string())
            .status();
        let _ = self.0.wait();
    }
}

fn nginx_binary() -> String {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .map_or_else(|| "nginx".to_owned(), |p| (*p).to_owned())
}

/// nginx in the foreground on `port`, alternating between the upstreams, naming the one
/// that answered in `X-Upstream`.
async fn nginx(dir: &std::path::Path, port: u16, upstreams: &[&str]) -> Nginx {
    let servers: String = upstreams.iter().map(|u| format!("server {u};\n")).collect();
    let conf = format!(
        "worker_processes 1;\ndaemon off;\npid {dir}/nginx.pid;\nerror_log {dir}/nginx-error.log;\nevents {{ worker_connections 256; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {dir}/body;\n  proxy_temp_path {dir}/proxy;\n  fastcgi_temp_path {dir}/fastcgi;\n  uwsgi_temp_path {dir}/uwsgi;\n  scgi_temp_path {dir}/scgi;\n\
         upstream laden {{\n{servers}  keepalive 8;\n}}\n\
         server {{\n  listen 127.0.0.1:{port};\n  client_max_body_size 20m;\n  location / {{\n    proxy_pass http://laden;\n    proxy_http_version 1.1;\n    proxy_set_header Connection \"\";\n\
         proxy_set_header Host $host:$server_port;\n    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n    proxy_set_header X-Forwarded-Proto $scheme;\n    add_header X-Upstream $upstream_addr always;\n  }}\n}}\n}}\n",
        dir = dir.display()
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).unwrap();
    let child = Command::new(nginx_binary())
        .arg("-e")
        .arg(dir.join("nginx-error.log"))
        .arg("-c")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let proxy = Nginx(child);
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "nginx did not start: {}",
            std::fs::read_to_string(dir.join("nginx-error.log")).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    proxy
}

/// Logs in at `base` and fetches a REST nonce there: (cookie, nonce).
async fn login(client: &reqwest::Client, base: &str, log: &str) -> (String, String) {
    let res = client
        .post(format!("{base}/wp-login.php"))
        .form(&[("log", log), ("pwd", PASSWORD)])
        .go()
        .await;
    assert_eq!(res.status(), 302);
    let cookie = common::cookie_of(&res);
    (cookie.clone(), nonce(client, base, &cookie).await)
}

async fn nonce(client: &reqwest::Client, base: &str, cookie: &str) -> String {
    let res = client
        .get(format!("{base}/wp-admin/admin-ajax.php?action=rest-nonce"))
        .header("cookie", cookie)
        .go()
        .await;
    assert_eq!(res.status(), 200);
    res.text().await.unwrap()
}

async fn cart_count(client: &reqwest::Client, base: &str, token: &str) -> Value {
    client
        .get(format!("{base}/wp-json/wc/store/v1/cart"))
        .header("Cart-Token", token)
        .json_of()
        .await["items_count"]
        .clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_nginx_share_everything_through_the_database() {
    let app = TestApp::start(Backend::Postgres).await;
    let id = app
        .simple(
            "Röstkaffee Hausmarke",
            "R-1",
            1490,
            TaxClass::Reduced,
            Some(100),
        )
        .await;
    let manager = app.user("shop_manager").await;
    let shared = common::tempdir::TempDir::new();
    let proxy_dir = common::tempdir::TempDir::new();
    let proxy_port = free_port();
    let site = format!("http://127.0.0.1:{proxy_port}");
    let env = [
        ("LADEN_SITE_URL", site.as_str()),
        ("LADEN_SECRET", "geteiltes-geheimnis-fuer-alle-instanzen"),
    ];
    let a = serve_with(&app.db_url, &shared.0, 5, &env).await;
    let b = serve_with(&app.db_url, &shared.0, 5, &env).await;
    let upstream = |s: &Server| s.base.trim_start_matches("http://").to_owned();
    let (ua, ub) = (upstream(&a), upstream(&b));
    let _proxy = nginx(&proxy_dir.0, proxy_port, &[&ua, &ub]).await;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    // A cart begun on one instance continues on the other.
    let res = client
        .get(format!("{}/wp-json/wc/store/v1/cart", a.base))
        .go()
        .await;
    let token = res.headers()["cart-token"].to_str().unwrap().to_owned();
    let add = |base: String, qty: i64| {
        let (client, token) = (client.clone(), token.clone());
        async move {
            client
                .post(format!("{base}/wp-json/wc/store/v1/cart/add-item"))
                .header("Cart-Token", token)
                .json(&json!({ "id": id, "quantity": qty }))
                .go()
                .await
        }
    };
    assert_eq!(add(a.base.clone(), 1).await.status(), 201);
    assert_eq!(add(b.base.clone(), 2).await.status(), 201);
    assert_eq!(cart_count(&client, &a.base, &token).await, 3);

    // Through the proxy, requests alternate between the instances and the cart is one.
    let mut seen = std::collections::HashSet::new();
    for _ in 0..4 {
        let res = client
            .get(format!("{site}/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", &token)
            .go()
            .await;
        seen.insert(res.headers()["x-upstream"].to_str().unwrap().to_owned());
        assert_eq!(body(res).await["items_count"], 3);
    }
    assert_eq!(
        seen,
        [ua.clone(), ub.clone()].into_iter().collect(),
        "both instances answered"
    );
    let res = client
        .post(format!("{site}/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", &token)
        .json(&common::checkout_body())
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let order = body(res).await;
    assert!(
        order["payment_result"]["redirect_url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{site}/bestellung-erhalten/")),
        "{order}"
    );
    // The repeated checkout on the other instance answers with the same order.
    let again = client
        .post(format!("{site}/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", &token)
        .json(&common::checkout_body())
        .go()
        .await;
    assert_eq!(again.status(), 200);
    assert_eq!(body(again).await["order_id"], order["order_id"]);
    assert_eq!(app.stock(id).await, Some(97));

    // A login on one instance is valid on the other (sessions live in the database).
    let (cookie, nonce_a) = login(&client, &a.base, &manager).await;
    let me = client
        .get(format!("{}/wp-json/wp/v2/users/me", b.base))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce_a)
        .go()
        .await;
    assert_eq!(
        me.status(),
        200,
        "a nonce made by one instance is valid on the other"
    );
    let nonce_b = nonce(&client, &b.base, &cookie).await;

    // The HTML cache of one instance follows a change made through the other.
    let permalink = client
        .get(format!("{}/wp-json/wc/store/v1/products/{id}", b.base))
        .json_of()
        .await["permalink"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = permalink.trim_start_matches(&site).to_owned();
    for _ in 0..2 {
        let html = client.get(format!("{}{path}", b.base)).text_of().await;
        assert!(html.contains("Röstkaffee Hausmarke"));
    }
    let res = client
        .put(format!("{}/wp-json/wc/v3/products/{id}", a.base))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce_a)
        .json(&json!({ "name": "Röstkaffee Herbstlese" }))
        .go()
        .await;
    assert_eq!(res.status(), 200);
    // B reads the shared change log at least every PEER_CHANGE_DELAY (200 ms) while it serves;
    // two seconds leave room for a loaded machine.
    let mut html = String::new();
    for _ in 0..40 {
        html = client.get(format!("{}{path}", b.base)).text_of().await;
        if html.contains("Röstkaffee Herbstlese") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        html.contains("Röstkaffee Herbstlese") && !html.contains("Röstkaffee Hausmarke"),
        "instance B still serves the old page"
    );

    // The settings B prices a cart by (kept in memory) follow a change made elsewhere as soon as
    // its pages do: here the small-business rule, made through a third connection to the database.
    let res = add(b.base.clone(), 1).await;
    assert_eq!(res.status(), 201, "the ordered cart starts over");
    assert_ne!(body(res).await["totals"]["total_tax"], "0");
    let mut settings = app.store.settings().await.unwrap();
    settings.shop.small_business = true;
    app.store.save_settings(&settings).await.unwrap();
    let mut tax = Value::Null;
    for _ in 0..40 {
        let res = client
            .get(format!("{}/wp-json/wc/store/v1/cart", b.base))
            .header("Cart-Token", &token)
            .go()
            .await;
        tax = body(res).await["totals"]["total_tax"].clone();
        if tax == "0" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(tax, "0", "instance B still prices the cart with VAT");

    // So does the stock B checks an add-item against (the product row it keeps): sold out on A,
    // refused on B.
    let res = client
        .put(format!("{}/wp-json/wc/v3/products/{id}", a.base))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce_a)
        .json(&json!({ "stock_quantity": 0 }))
        .go()
        .await;
    assert_eq!(res.status(), 200);
    let mut status = 0;
    for _ in 0..40 {
        status = add(b.base.clone(), 1).await.status().as_u16();
        if status == 409 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(status, 409, "instance B still sells what A sold out");

    // Media written by one instance is served by the other.
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(common::jpeg(64, 48))
            .file_name("bohne.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    );
    let res = client
        .post(format!("{}/wp-json/wp/v2/media", b.base))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce_b)
        .multipart(form)
        .go()
        .await;
    assert_eq!(res.status(), 201);
    let url = body(res).await["source_url"].as_str().unwrap().to_owned();
    let media_path = url.trim_start_matches(&site).to_owned();
    let res = client.get(format!("{}{media_path}", a.base)).go().await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/jpeg");
    // And through the proxy, from either.
    for _ in 0..2 {
        assert_eq!(
            client
                .get(format!("{site}{media_path}"))
                .go()
                .await
                .status(),
            200
        );
    }
}
