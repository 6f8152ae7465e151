//! Stripe's stand-in: localstripe (PyPI), a stateful Stripe test server that signs its webhooks,
//! started once for the test binary on a free port (or the one `make test` started, named by
//! `LADEN_TEST_STRIPE`). Each shop registers its own webhook; localstripe sends every event to
//! every webhook, so a shop also hears of other shops' payments (which must change nothing).
//! The browser's part (Stripe.js: a card's token, 3-D Secure, the debit's mandate) is sent as
//! the stand-in's Stripe.js sends it.

use super::{Backend, TestApp};
use laden_payments::stripe::StripeConfig;
use serde_json::{json, Value};
use std::time::Duration;

pub const PUBLISHABLE: &str = "pk_test_laden";
pub const SECRET: &str = "sk_test_laden";

static SERVER: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// The test server's base address.
#[expect(
    clippy::zombie_processes,
    reason = "the shell ends localstripe and itself when this test process is gone"
)]
pub async fn server() -> &'static str {
    SERVER
        .get_or_init(|| async {
            if let Ok(base) = std::env::var("LADEN_TEST_STRIPE") {
                return base.trim_end_matches('/').to_owned();
            }
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            // It ends with this test process: the shell watches its parent.
            let script = format!(
                "python3 -m localstripe --port {port} --from-scratch >/dev/null 2>&1 & s=$!; \
                 while kill -0 {pid} 2>/dev/null; do sleep 1; done; kill $s",
                pid = std::process::id()
            );
            std::process::Command::new("sh")
                .arg("-c")
                .arg(script)
                .spawn()
                .expect("localstripe must be installed (make test installs it: pip install localstripe)");
            let base = format!("http://127.0.0.1:{port}");
            for _ in 0..100 {
                if reqwest::get(format!("{base}/js.stripe.com/v3/")).await.is_ok() {
                    return base;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            panic!("localstripe did not start on {base}");
        })
        .await
}

pub async fn config() -> StripeConfig {
    StripeConfig {
        secret_key: SECRET.into(),
        publishable_key: PUBLISHABLE.into(),
        webhook_secret: format!("whsec_{}", laden_store::random_token(12)),
        api_base: server().await.to_owned(),
        timeout: Duration::from_secs(10),
    }
}

impl TestApp {
    /// A shop with Stripe's methods offered, its webhook registered at the test server.
    pub async fn with_stripe(backend: Backend) -> TestApp {
        Self::with_stripe_rendering(backend, false).await
    }

    /// `with_stripe`, pages rendered on the server by the real bundle when `render`.
    pub async fn with_stripe_rendering(backend: Backend, render: bool) -> TestApp {
        let app = Self::with_stripe_unregistered(backend, render).await;
        let cfg = app.stripe_config();
        let id = laden_store::random_token(6).replace(['-', '_'], "x");
        let res = reqwest::Client::new()
            .post(format!("{}/_config/webhooks/{id}", server().await))
            .form(&[
                ("url", app.url("/wp-json/laden/v1/payments/stripe/webhook")),
                ("secret", cfg.webhook_secret.clone()),
            ])
            .send()
            .await
            .unwrap();
        assert!(
            res.status().is_success(),
            "webhook registration: {}",
            res.status()
        );
        app
    }

    /// A shop with Stripe's methods offered whose webhook is not registered at the test server:
    /// it hears of no payment, its own or another test's, unless a test sends one.
    pub async fn with_stripe_unregistered(backend: Backend, render: bool) -> TestApp {
        let cfg = config().await;
        let app =
            TestApp::start_configured(backend, render, |c| c.stripe = Some(cfg.clone())).await;
        app.set(|s| {
            s.shop.payment_methods = ["bacs", "invoice", "stripe", "stripe_sepa"]
                .map(String::from)
                .to_vec();
        })
        .await;
        app
    }

    pub fn stripe_config(&self) -> StripeConfig {
        self.state
            .config
            .stripe
            .clone()
            .expect("this shop has Stripe")
    }

    /// `POST /laden/v1/payments/stripe/webhook` with `event` signed as Stripe signs, at `at`.
    pub async fn stripe_event(&self, event: &Value, secret: &str, at: i64) -> reqwest::Response {
        let payload = event.to_string();
        let signature = laden_payments::stripe::sign(payload.as_bytes(), secret, at);
        self.client
            .post(self.url("/wp-json/laden/v1/payments/stripe/webhook"))
            .header("Stripe-Signature", signature)
            .header("Content-Type", "application/json")
            .body(payload)
            .send()
            .await
            .unwrap()
    }

    /// The shopper's return: `POST /laden/v1/orders/{id}/payment`.
    pub async fn payment_check(&self, id: i64, key: &str) -> reqwest::Response {
        self.client
            .post(self.url(&format!("/wp-json/laden/v1/orders/{id}/payment")))
            .json(&json!({ "key": key }))
            .send()
            .await
            .unwrap()
    }
}

/// A card's token, as Stripe.js `createToken` makes one.
pub async fn card_token(number: &str) -> String {
    let res = reqwest::Client::new()
        .post(format!("{}/v1/tokens", server().await))
        .form(&[
            ("card[number]", number),
            ("card[exp_month]", "12"),
            ("card[exp_year]", "2034"),
            ("card[cvc]", "123"),
            ("key", PUBLISHABLE),
        ])
        .send()
        .await
        .unwrap();
    let v: Value = res.json().await.unwrap();
    v["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no token: {v}"))
        .to_owned()
}

/// The shopper completes (or fails) 3-D Secure, as Stripe.js `confirmCardPayment` does.
pub async fn authenticate(client_secret: &str, success: bool) {
    let pi = client_secret.split("_secret_").next().unwrap();
    let res = reqwest::Client::new()
        .post(format!(
            "{}/v1/payment_intents/{pi}/_authenticate?success={success}",
            server().await
        ))
        .json(&json!({ "key": PUBLISHABLE, "client_secret": client_secret }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
}

/// The shopper gives the debit's mandate with `iban`, as Stripe.js `confirmSepaDebitSetup` does.
pub async fn confirm_sepa(setup_secret: &str, iban: &str) {
    let seti = setup_secret.split("_secret_").next().unwrap();
    let res = reqwest::Client::new()
        .post(format!(
            "{}/v1/setup_intents/{seti}/confirm",
            server().await
        ))
        .json(&json!({
            "key": PUBLISHABLE,
            "use_stripe_sdk": true,
            "client_secret": setup_secret,
            "payment_method_data": {
                "type": "sepa_debit",
                "sepa_debit": { "iban": iban },
                "billing_details": { "name": "Anna Muster", "email": "anna@example.de" },
            },
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
}

/// The Stripe API as the shop's secret key sees it (to read what Laden made there).
pub async fn api_get(path: &str) -> Value {
    reqwest::Client::new()
        .get(format!("{}{path}", server().await))
        .bearer_auth(SECRET)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// A payment detail of a Store API `payment_result`.
pub fn detail<'a>(result: &'a Value, key: &str) -> &'a str {
    result["payment_details"]
        .as_array()
        .and_then(|d| d.iter().find(|e| e["key"] == key))
        .and_then(|e| e["value"].as_str())
        .unwrap_or("")
}
