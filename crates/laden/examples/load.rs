//! A bounded load test: shoppers browse, fill carts and check out against a running shop for a
//! fixed time, then the errors (which must be 0) and latency percentiles per step are printed.
//!
//! `cargo run --release -p laden --example load -- BASE_URL ADMIN_LOGIN ADMIN_PASSWORD [SECONDS] [SHOPPERS] [mix|orders] [invoice|bacs|card]`
//!
//! `card`: each order is paid by card through Stripe's test server named by `LOAD_STRIPE`
//! (localstripe; the shop runs with its keys): a card token from the test server, as Stripe.js
//! makes one in the browser, then the checkout, which creates and confirms the PaymentIntent.
//! `LOAD_INVOICES=never` turns off the invoice a paid order gets (the shop's default: when paid).
//! (`bench/load.sh` starts the shop and runs this; see BENCHMARKS.md).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Default)]
struct Tally {
    latencies: BTreeMap<&'static str, Vec<u32>>,
    errors: BTreeMap<String, u64>,
    orders: u64,
}

type Shared = Arc<Mutex<Tally>>;

async fn timed(
    tally: &Shared,
    step: &'static str,
    req: reqwest::RequestBuilder,
    ok: &[u16],
) -> Option<reqwest::Response> {
    let started = Instant::now();
    let res = req.send().await;
    let micros = u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX);
    let mut t = tally.lock().unwrap();
    match res {
        Ok(r) if ok.contains(&r.status().as_u16()) => {
            t.latencies.entry(step).or_default().push(micros);
            Some(r)
        }
        Ok(r) => {
            *t.errors
                .entry(format!("{step}: HTTP {}", r.status().as_u16()))
                .or_default() += 1;
            None
        }
        Err(e) => {
            *t.errors
                .entry(format!(
                    "{step}: {}",
                    if e.is_timeout() {
                        "timeout"
                    } else {
                        "connection"
                    }
                ))
                .or_default() += 1;
            None
        }
    }
}

/// A product with stock enough for any run, made through wc/v3 as the shop's administrator.
async fn prepare(
    client: &reqwest::Client,
    base: &str,
    login: &str,
    password: &str,
) -> (i64, String) {
    let res = client
        .post(format!("{base}/wp-login.php"))
        .form(&[("log", login), ("pwd", password)])
        .send()
        .await
        .expect("login");
    assert_eq!(res.status(), 302, "the administrator's login failed");
    let cookie = res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let nonce = client
        .get(format!("{base}/wp-admin/admin-ajax.php?action=rest-nonce"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let offered = client
        .post(format!("{base}/wp-json/wp/v2/settings"))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce)
        .json(&json!({
            "laden_payment_methods": ["bacs", "invoice", "stripe"],
            // `LOAD_INVOICES=never`: no invoice is made when an order is paid, to tell the
            // payment's own cost from the invoice's.
            "laden_invoice_moment": std::env::var("LOAD_INVOICES").unwrap_or_else(|_| "paid".into()),
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(offered.status(), 200, "the payment methods were not set");
    let product: Value = client
        .post(format!("{base}/wp-json/wc/v3/products"))
        .header("cookie", &cookie)
        .header("x-wp-nonce", &nonce)
        .json(&json!({ "name": "Lasttest-Bohnen", "regular_price": "12.90", "manage_stock": true, "stock_quantity": 100_000_000, "tax_class": "reduced-rate" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = product["id"].as_i64().expect("product created");
    (id, product["permalink"].as_str().unwrap().to_owned())
}

/// `browse`: each shopper also reads the product page and the product list before each order;
/// without it, shoppers only order (cart, add-item, checkout): the order rate the shop sustains.
async fn shopper(run: Run) {
    let Run {
        client,
        base,
        product,
        page,
        until,
        tally,
        browse,
        payment,
    } = run;
    let billing = json!({ "first_name": "Lena", "last_name": "Last", "address_1": "Teststraße 1", "city": "Leipzig", "postcode": "04109", "country": "DE", "email": "last@example.de" });
    while Instant::now() < until {
        if browse {
            timed(&tally, "GET product page", client.get(&page), &[200]).await;
            timed(
                &tally,
                "GET products?per_page=20",
                client.get(format!("{base}/wp-json/wc/store/v1/products?per_page=20")),
                &[200],
            )
            .await;
        }
        let Some(res) = timed(
            &tally,
            "GET cart",
            client.get(format!("{base}/wp-json/wc/store/v1/cart")),
            &[200],
        )
        .await
        else {
            continue;
        };
        let Some(token) = res
            .headers()
            .get("cart-token")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
        else {
            continue;
        };
        let add = client
            .post(format!("{base}/wp-json/wc/store/v1/cart/add-item"))
            .header("Cart-Token", &token)
            .json(&json!({ "id": product, "quantity": 2 }));
        if timed(&tally, "POST add-item", add, &[201]).await.is_none() {
            continue;
        }
        let mut body = json!({ "billing_address": billing, "payment_method": payment.method(), "extensions": { "laden": { "checkboxes": ["terms"] } } });
        if let Payment::Card { stripe, key } = &payment {
            let made = client.post(format!("{stripe}/v1/tokens")).form(&[
                ("card[number]", "4242424242424242"),
                ("card[exp_month]", "12"),
                ("card[exp_year]", "2034"),
                ("card[cvc]", "123"),
                ("key", key.as_str()),
            ]);
            let Some(res) = timed(&tally, "POST stripe token (test server)", made, &[200]).await
            else {
                continue;
            };
            let token: Value = res.json().await.unwrap_or_default();
            body["payment_data"] = json!([{ "key": "stripe_source", "value": token["id"] }]);
        }
        let checkout = client
            .post(format!("{base}/wp-json/wc/store/v1/checkout"))
            .header("Cart-Token", &token)
            .json(&body);
        if timed(&tally, "POST checkout", checkout, &[201])
            .await
            .is_some()
        {
            tally.lock().unwrap().orders += 1;
        }
    }
}

/// What each shopper is given.
#[derive(Clone)]
struct Run {
    client: reqwest::Client,
    base: String,
    product: i64,
    page: String,
    until: Instant,
    tally: Shared,
    browse: bool,
    payment: Payment,
}

/// How the shoppers pay: offline, or by card through Stripe's test server.
#[derive(Clone)]
enum Payment {
    Offline(&'static str),
    Card { stripe: String, key: String },
}

impl Payment {
    fn method(&self) -> &'static str {
        match self {
            Payment::Offline(m) => m,
            Payment::Card { .. } => "stripe",
        }
    }
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (base, login, password) = (
        args.get(1)
            .expect("BASE_URL")
            .trim_end_matches('/')
            .to_owned(),
        args.get(2).expect("ADMIN_LOGIN"),
        args.get(3).expect("ADMIN_PASSWORD"),
    );
    let seconds: u64 = args
        .get(4)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60)
        .min(600);
    let shoppers: usize = args
        .get(5)
        .and_then(|s| s.parse().ok())
        .unwrap_or(16)
        .min(256);
    // `orders`: shoppers only order; anything else (default `mix`): they browse too.
    let browse = args.get(6).is_none_or(|m| m != "orders");
    let payment = match args.get(7).map(String::as_str) {
        None | Some("invoice") => Payment::Offline("invoice"),
        Some("bacs") => Payment::Offline("bacs"),
        Some("card") => Payment::Card {
            stripe: std::env::var("LOAD_STRIPE").expect("LOAD_STRIPE: Stripe's test server"),
            key: std::env::var("LOAD_STRIPE_PK").unwrap_or_else(|_| "pk_test_load".into()),
        },
        Some(other) => panic!("unknown payment {other}: invoice, bacs or card"),
    };
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let (product, page) = prepare(&client, &base, login, password).await;
    let tally: Shared = Arc::default();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..shoppers)
        .map(|_| {
            tokio::spawn(shopper(Run {
                client: client.clone(),
                base: base.clone(),
                product,
                page: page.clone(),
                until,
                tally: tally.clone(),
                browse,
                payment: payment.clone(),
            }))
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let t = tally.lock().unwrap();
    println!("{shoppers} shoppers for {elapsed:.1} s against {base}");
    println!("| step | requests | req/s | p50 ms | p90 ms | p99 ms | max ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut total = 0;
    for (step, lat) in &t.latencies {
        let mut sorted = lat.clone();
        sorted.sort_unstable();
        total += sorted.len();
        println!(
            "| {step} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} |",
            sorted.len(),
            sorted.len() as f64 / elapsed,
            percentile(&sorted, 0.5),
            percentile(&sorted, 0.9),
            percentile(&sorted, 0.99),
            percentile(&sorted, 1.0)
        );
    }
    let errors: u64 = t.errors.values().sum();
    println!(
        "requests: {total}, orders: {} ({:.0}/s), errors: {errors}",
        t.orders,
        t.orders as f64 / elapsed
    );
    for (what, n) in &t.errors {
        println!("  error {what}: {n}");
    }
    if errors > 0 {
        std::process::exit(1);
    }
}
