//! Stripe: PaymentIntents created by the server from the order's total, cards (3-D Secure
//! completed by Stripe.js in the page) and SEPA direct debits (the mandate taken by a
//! SetupIntent that Stripe.js confirms), refunds, and signed webhooks.
//!
//! Only calls that Stripe's API and the test server `make test` starts (localstripe) both
//! understand are used: a card reaches the server as a token (Stripe.js `createToken`), which
//! becomes a customer's card and the PaymentIntent's payment method; every write carries an
//! `Idempotency-Key` of the order and attempt, so a retried call never charges twice.

use crate::ProviderError;
use hmac::{Hmac, Mac};
use laden_domain::payment::Outcome;
use serde::Deserialize;
use std::time::Duration;

/// Stripe's API, where no test server is named.
pub const API_BASE: &str = "https://api.stripe.com";
/// How old a webhook's signature may be (Stripe's libraries' default): older is a replay.
pub const WEBHOOK_TOLERANCE_SECS: i64 = 300;
/// The time limit of each call: then the shopper reads a German message, and the next try
/// repeats the idempotency key.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest wait for a connection to Stripe, within the call's time limit.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The shop's Stripe account.
#[derive(Debug, Clone)]
pub struct StripeConfig {
    pub secret_key: String,
    pub publishable_key: String,
    /// The webhook endpoint's signing secret (`whsec_…`); without it webhooks are refused.
    pub webhook_secret: String,
    /// `https://api.stripe.com`, or a test server.
    pub api_base: String,
    pub timeout: Duration,
}

impl StripeConfig {
    /// Test mode: the keys Stripe gives for testing (`sk_test_…`), in which no money moves.
    pub fn test_mode(&self) -> bool {
        self.secret_key.starts_with("sk_test_") || self.secret_key.starts_with("rk_test_")
    }

    /// Where the browser loads Stripe.js from: Stripe's own, or the test server's stand-in.
    pub fn js_url(&self) -> String {
        if self.api_base.trim_end_matches('/') == API_BASE {
            "https://js.stripe.com/v3/".to_owned()
        } else {
            format!("{}/js.stripe.com/v3/", self.api_base.trim_end_matches('/'))
        }
    }
}

/// A PaymentIntent as Laden reads it.
#[derive(Debug, Clone, Deserialize)]
pub struct PaymentIntent {
    pub id: String,
    pub status: String,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub metadata: std::collections::HashMap<String, String>,
    #[serde(default)]
    pub last_payment_error: Option<PaymentError>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentError {
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub decline_code: Option<String>,
}

impl PaymentIntent {
    /// What the intent's state means for the order.
    pub fn outcome(&self) -> Outcome {
        outcome(&self.status, self.last_payment_error.is_some())
    }

    /// Why the last attempt failed, in German (when it did).
    pub fn failure_message(&self) -> Option<String> {
        let e = self.last_payment_error.as_ref()?;
        let code = e
            .decline_code
            .as_deref()
            .or(e.code.as_deref())
            .unwrap_or("");
        Some(laden_domain::i18n::t(crate::decline_msgid(code)))
    }
}

/// A Stripe PaymentIntent's status as an outcome: `requires_payment_method` after an attempt
/// (an error is kept) is a failure, before one the shopper still has to act.
pub fn outcome(status: &str, has_error: bool) -> Outcome {
    match status {
        "succeeded" => Outcome::Paid,
        "processing" => Outcome::Clearing,
        "canceled" => Outcome::Failed,
        "requires_payment_method" if has_error => Outcome::Failed,
        _ => Outcome::NeedsAction,
    }
}

/// A SetupIntent: the mandate for a direct debit, confirmed by Stripe.js in the browser.
#[derive(Debug, Clone, Deserialize)]
pub struct SetupIntent {
    pub id: String,
    pub status: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub payment_method: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Customer {
    pub id: String,
    #[serde(default)]
    pub default_source: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Refund {
    pub id: String,
    pub status: String,
    pub amount: i64,
}

/// What a payment is for: the order, in the provider's metadata.
#[derive(Debug, Clone)]
pub struct OrderRef {
    pub id: i64,
    pub number: String,
    /// The idempotency key's stem: the order and the attempt (`laden-order-12-attempt-2`).
    pub attempt_key: String,
}

/// The client.
#[derive(Debug, Clone)]
pub struct Stripe {
    cfg: StripeConfig,
    http: reqwest::Client,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    decline_code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

impl Stripe {
    pub fn new(cfg: StripeConfig) -> Result<Stripe, ProviderError> {
        let http = reqwest::Client::builder()
            .timeout(cfg.timeout)
            .connect_timeout(cfg.timeout.min(CONNECT_TIMEOUT))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("Laden/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| ProviderError::Unexpected(e.to_string()))?;
        Ok(Stripe { cfg, http })
    }

    pub fn config(&self) -> &StripeConfig {
        &self.cfg
    }

    /// A customer holding the card of a Stripe.js token (`tok_…`), its default source the
    /// card the PaymentIntent charges.
    pub async fn customer_with_card(
        &self,
        token: &str,
        email: &str,
        order: &OrderRef,
    ) -> Result<Customer, ProviderError> {
        let form = vec![
            ("source".to_owned(), token.to_owned()),
            ("email".to_owned(), email.to_owned()),
            ("metadata[order_id]".to_owned(), order.id.to_string()),
        ];
        self.post(
            "/v1/customers",
            form,
            Some(&format!("{}-customer", order.attempt_key)),
        )
        .await
    }

    /// A customer for a direct debit's mandate.
    pub async fn customer(&self, email: &str, order: &OrderRef) -> Result<Customer, ProviderError> {
        let form = vec![
            ("email".to_owned(), email.to_owned()),
            ("metadata[order_id]".to_owned(), order.id.to_string()),
        ];
        self.post(
            "/v1/customers",
            form,
            Some(&format!("{}-customer", order.attempt_key)),
        )
        .await
    }

    /// A SetupIntent for a SEPA direct debit mandate, confirmed by Stripe.js in the browser.
    pub async fn sepa_setup(
        &self,
        customer: &str,
        order: &OrderRef,
    ) -> Result<SetupIntent, ProviderError> {
        let mut form = vec![
            ("customer".to_owned(), customer.to_owned()),
            (
                "payment_method_types[0]".to_owned(),
                "sepa_debit".to_owned(),
            ),
        ];
        form.extend(metadata(order));
        self.post(
            "/v1/setup_intents",
            form,
            Some(&format!("{}-setup", order.attempt_key)),
        )
        .await
    }

    pub async fn setup_intent(&self, id: &str) -> Result<SetupIntent, ProviderError> {
        self.get(&format!("/v1/setup_intents/{}", path_id(id)?))
            .await
    }

    /// The order's PaymentIntent, for `amount` cents in EUR (the order's total, computed by the
    /// server), charging `payment_method` of `customer`; created unconfirmed, so its id is
    /// kept with the order before any money moves.
    pub async fn create_intent(
        &self,
        amount: i64,
        customer: &str,
        payment_method: &str,
        method_type: &str,
        order: &OrderRef,
    ) -> Result<PaymentIntent, ProviderError> {
        let mut form = vec![
            ("amount".to_owned(), amount.to_string()),
            ("currency".to_owned(), "eur".to_owned()),
            ("customer".to_owned(), customer.to_owned()),
            ("payment_method".to_owned(), payment_method.to_owned()),
            ("payment_method_types[0]".to_owned(), method_type.to_owned()),
        ];
        form.extend(metadata(order));
        self.post("/v1/payment_intents", form, Some(&order.attempt_key))
            .await
    }

    /// Confirms the intent: paid, clearing, in need of the shopper (3-D Secure), or declined
    /// (the intent, read back, then says why).
    pub async fn confirm(
        &self,
        id: &str,
        order: &OrderRef,
    ) -> Result<PaymentIntent, ProviderError> {
        let path = format!("/v1/payment_intents/{}/confirm", path_id(id)?);
        match self
            .post::<PaymentIntent>(
                &path,
                Vec::new(),
                Some(&format!("{}-confirm", order.attempt_key)),
            )
            .await
        {
            Err(ProviderError::Declined { .. }) => self.intent(id).await,
            other => other,
        }
    }

    /// The intent as Stripe has it now: the only word Laden takes for a payment.
    pub async fn intent(&self, id: &str) -> Result<PaymentIntent, ProviderError> {
        self.get(&format!("/v1/payment_intents/{}", path_id(id)?))
            .await
    }

    /// Refunds `amount` cents of the intent's payment; `key` makes a repeated call the same
    /// refund.
    pub async fn refund(
        &self,
        intent: &str,
        amount: i64,
        key: &str,
    ) -> Result<Refund, ProviderError> {
        let form = vec![
            ("payment_intent".to_owned(), intent.to_owned()),
            ("amount".to_owned(), amount.to_string()),
        ];
        self.post("/v1/refunds", form, Some(key)).await
    }

    async fn post<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        form: Vec<(String, String)>,
        idempotency_key: Option<&str>,
    ) -> Result<T, ProviderError> {
        let mut req = self
            .http
            .post(format!("{}{path}", self.cfg.api_base.trim_end_matches('/')))
            .bearer_auth(&self.cfg.secret_key)
            .form(&form);
        if let Some(key) = idempotency_key {
            req = req.header("Idempotency-Key", key);
        }
        answer(req.send().await).await
    }

    async fn get<T: for<'de> Deserialize<'de>>(&self, path: &str) -> Result<T, ProviderError> {
        let req = self
            .http
            .get(format!("{}{path}", self.cfg.api_base.trim_end_matches('/')))
            .bearer_auth(&self.cfg.secret_key);
        answer(req.send().await).await
    }
}

/// The order in a payment's metadata (Stripe's dashboard shows it; webhooks find the order by
/// the intent's id, not by this).
fn metadata(order: &OrderRef) -> Vec<(String, String)> {
    vec![
        ("metadata[order_id]".to_owned(), order.id.to_string()),
        ("metadata[order_number]".to_owned(), order.number.clone()),
    ]
}

/// An id as a path segment: Stripe's ids are letters, digits and `_`.
fn path_id(id: &str) -> Result<&str, ProviderError> {
    if !id.is_empty()
        && id.len() <= 255
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        Ok(id)
    } else {
        Err(ProviderError::Unexpected(format!(
            "not a Stripe id: {id:?}"
        )))
    }
}

async fn answer<T: for<'de> Deserialize<'de>>(
    sent: Result<reqwest::Response, reqwest::Error>,
) -> Result<T, ProviderError> {
    let res = sent.map_err(|e| {
        if e.is_timeout() {
            ProviderError::Timeout
        } else {
            ProviderError::Unreachable
        }
    })?;
    let status = res.status();
    let body = res.bytes().await.map_err(|e| {
        if e.is_timeout() {
            ProviderError::Timeout
        } else {
            ProviderError::Unreachable
        }
    })?;
    if status.is_success() {
        return serde_json::from_slice(&body).map_err(|e| ProviderError::Unexpected(e.to_string()));
    }
    Err(error_of(status.as_u16(), &body))
}

/// Stripe's error answer: a card error (402, or one with a decline code) is a decline the
/// shopper may answer with another try; the rest a refusal.
fn error_of(status: u16, body: &[u8]) -> ProviderError {
    let Ok(ErrorBody { error }) = serde_json::from_slice::<ErrorBody>(body) else {
        return if status >= 500 {
            ProviderError::Unreachable
        } else {
            ProviderError::Unexpected(format!("status {status}"))
        };
    };
    let code = error
        .decline_code
        .clone()
        .or(error.code.clone())
        .unwrap_or_default();
    if status == 402 || error.kind.as_deref() == Some("card_error") {
        return ProviderError::Declined {
            message: laden_domain::i18n::t(crate::decline_msgid(&code)),
            code,
        };
    }
    if status >= 500 {
        return ProviderError::Unreachable;
    }
    let code = if status == 401 {
        "authentication".to_owned()
    } else {
        code
    };
    ProviderError::Refused {
        status,
        code,
        detail: error.message.unwrap_or_default(),
    }
}

/// Why a webhook was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureError {
    /// No `Stripe-Signature` header, or one without `t=` and `v1=`.
    Missing,
    /// No `v1` signature matches the payload under the endpoint's secret.
    Forged,
    /// Signed longer ago (or further ahead) than the tolerance: a replay.
    Stale,
}

/// Checks a webhook's `Stripe-Signature` header (`t=…,v1=…[,v1=…]`): HMAC-SHA256 of
/// `"{t}.{payload}"` under the endpoint's secret, compared in constant time, signed within
/// `WEBHOOK_TOLERANCE_SECS` of `now`.
pub fn verify_signature(
    header: Option<&str>,
    payload: &[u8],
    secret: &str,
    now: i64,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => timestamp = v.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.extend(hex::decode(v).ok()),
            _ => {}
        }
    }
    let t = timestamp.ok_or(SignatureError::Missing)?;
    if signatures.is_empty() || secret.is_empty() {
        return Err(SignatureError::Missing);
    }
    let matches = signatures.iter().any(|sig| {
        let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()) else {
            return false;
        };
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        mac.verify_slice(sig).is_ok()
    });
    if !matches {
        return Err(SignatureError::Forged);
    }
    if (now - t).abs() > WEBHOOK_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    Ok(())
}

/// The signature header Stripe would send for `payload` at `t` (for tests and the bench).
pub fn sign(payload: &[u8], secret: &str, t: i64) -> String {
    let mut mac =
        Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// A webhook event as Laden reads it.
#[derive(Debug, Clone, Deserialize)]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: serde_json::Value,
}

/// What an event means for an order.
#[derive(Debug, Clone, PartialEq)]
pub enum EventMeaning {
    /// The intent (id) reached this outcome; with the reason of a failure, in German.
    Payment {
        intent: String,
        outcome: Outcome,
        reason: Option<String>,
    },
    /// The payment of intent (id) was refunded at Stripe (in cents, all refunds so far).
    Refunded {
        intent: String,
        amount_refunded: i64,
    },
    /// The shopper's bank disputes the payment of intent (id): amount and reason.
    Disputed {
        intent: String,
        amount: i64,
        reason: String,
    },
    /// An event Laden does not act on.
    Ignored,
}

impl Event {
    pub fn meaning(&self) -> EventMeaning {
        let o = &self.data.object;
        let text = |k: &str| {
            o.get(k)
                .and_then(serde_json::Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        let cents = |k: &str| o.get(k).and_then(serde_json::Value::as_i64).unwrap_or(0);
        match self.kind.as_str() {
            "payment_intent.succeeded"
            | "payment_intent.processing"
            | "payment_intent.payment_failed"
            | "payment_intent.canceled" => {
                match serde_json::from_value::<PaymentIntent>(o.clone()) {
                    Ok(pi) => {
                        let outcome = match self.kind.as_str() {
                            "payment_intent.succeeded" => Outcome::Paid,
                            "payment_intent.processing" => Outcome::Clearing,
                            _ => Outcome::Failed,
                        };
                        EventMeaning::Payment {
                            reason: (outcome == Outcome::Failed)
                                .then(|| pi.failure_message())
                                .flatten(),
                            intent: pi.id,
                            outcome,
                        }
                    }
                    Err(_) => EventMeaning::Ignored,
                }
            }
            "charge.refunded" => EventMeaning::Refunded {
                intent: text("payment_intent"),
                amount_refunded: cents("amount_refunded"),
            },
            "charge.dispute.created" => EventMeaning::Disputed {
                intent: text("payment_intent"),
                amount: cents("amount"),
                reason: text("reason"),
            },
            _ => EventMeaning::Ignored,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_checked_as_stripe_signs_them() {
        let secret = "whsec_test";
        let payload = br#"{"id":"evt_1"}"#;
        let now = 1_800_000_000;
        let good = sign(payload, secret, now);
        type Case = (
            Option<String>,
            &'static [u8],
            i64,
            Result<(), SignatureError>,
        );
        let cases: &[Case] = &[
            (Some(good.clone()), payload, now, Ok(())),
            // Within the tolerance, either side.
            (Some(good.clone()), payload, now + 300, Ok(())),
            (Some(good.clone()), payload, now - 300, Ok(())),
            (
                Some(good.clone()),
                payload,
                now + 301,
                Err(SignatureError::Stale),
            ),
            // Another payload, another secret's signature, a second good one among bad.
            (
                Some(good.clone()),
                br#"{"id":"evt_2"}"#,
                now,
                Err(SignatureError::Forged),
            ),
            (
                Some(sign(payload, "whsec_other", now)),
                payload,
                now,
                Err(SignatureError::Forged),
            ),
            (
                Some(format!(
                    "t={now},v1=00ff,{}",
                    good.split(',').nth(1).unwrap_or("")
                )),
                payload,
                now,
                Ok(()),
            ),
            // The timestamp is signed: changing it breaks the signature.
            (
                Some(good.replacen(&format!("t={now}"), &format!("t={}", now + 1), 1)),
                payload,
                now,
                Err(SignatureError::Forged),
            ),
            (None, payload, now, Err(SignatureError::Missing)),
            (
                Some("v1=abc".into()),
                payload,
                now,
                Err(SignatureError::Missing),
            ),
            (
                Some(format!("t={now}")),
                payload,
                now,
                Err(SignatureError::Missing),
            ),
            (
                Some(format!("t={now},v0=abcd")),
                payload,
                now,
                Err(SignatureError::Missing),
            ),
        ];
        for (header, body, at, want) in cases {
            assert_eq!(
                verify_signature(header.as_deref(), body, secret, *at),
                *want,
                "{header:?}"
            );
        }
        assert_eq!(
            verify_signature(Some(&good), payload, "", now),
            Err(SignatureError::Missing)
        );
    }

    #[test]
    fn intent_states_as_outcomes() {
        for (status, error, want) in [
            ("succeeded", false, Outcome::Paid),
            ("processing", false, Outcome::Clearing),
            ("requires_action", false, Outcome::NeedsAction),
            ("requires_confirmation", false, Outcome::NeedsAction),
            ("requires_payment_method", false, Outcome::NeedsAction),
            ("requires_payment_method", true, Outcome::Failed),
            ("canceled", false, Outcome::Failed),
        ] {
            assert_eq!(outcome(status, error), want, "{status} {error}");
        }
    }

    #[test]
    fn errors_read_as_declines_or_refusals() {
        let declined = error_of(
            402,
            br#"{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds","message":"Your card has insufficient funds."}}"#,
        );
        assert!(
            matches!(&declined, ProviderError::Declined { code, .. } if code == "insufficient_funds")
        );
        assert_eq!(
            declined.message(),
            laden_domain::i18n::t("The card has insufficient funds.")
        );
        let refused = error_of(
            400,
            br#"{"error":{"type":"invalid_request_error","code":"charge_already_refunded","message":"Charge has already been refunded."}}"#,
        );
        assert!(
            matches!(&refused, ProviderError::Refused { status: 400, code, .. } if code == "charge_already_refunded")
        );
        assert!(
            matches!(error_of(401, br#"{"error":{"message":"Invalid API Key"}}"#), ProviderError::Refused { code, .. } if code == "authentication")
        );
        assert_eq!(error_of(503, b"<html>"), ProviderError::Unreachable);
        assert!(matches!(error_of(400, b"{}"), ProviderError::Unexpected(_)));
    }

    #[test]
    fn events_read_for_the_order() {
        let event = |kind: &str, object: serde_json::Value| Event {
            id: "evt_1".into(),
            kind: kind.into(),
            data: EventData { object },
        };
        let pi = serde_json::json!({"id": "pi_1", "status": "succeeded", "amount": 1200, "currency": "eur"});
        assert_eq!(
            event("payment_intent.succeeded", pi.clone()).meaning(),
            EventMeaning::Payment {
                intent: "pi_1".into(),
                outcome: Outcome::Paid,
                reason: None
            }
        );
        let failed = serde_json::json!({"id": "pi_2", "status": "requires_payment_method", "amount": 1200, "currency": "eur",
            "last_payment_error": {"code": "card_declined"}});
        assert!(matches!(
            event("payment_intent.payment_failed", failed).meaning(),
            EventMeaning::Payment {
                outcome: Outcome::Failed,
                reason: Some(_),
                ..
            }
        ));
        assert_eq!(
            event(
                "charge.refunded",
                serde_json::json!({"id": "ch_1", "payment_intent": "pi_1", "amount_refunded": 500})
            )
            .meaning(),
            EventMeaning::Refunded {
                intent: "pi_1".into(),
                amount_refunded: 500
            }
        );
        assert_eq!(
            event("charge.dispute.created", serde_json::json!({"id": "dp_1", "payment_intent": "pi_1", "amount": 1200, "reason": "fraudulent"})).meaning(),
            EventMeaning::Disputed { intent: "pi_1".into(), amount: 1200, reason: "fraudulent".into() }
        );
        assert_eq!(
            event("customer.created", pi).meaning(),
            EventMeaning::Ignored
        );
    }

    #[test]
    fn stripe_js_comes_from_stripe_or_the_test_server() {
        let mut cfg = StripeConfig {
            secret_key: "sk_test_1".into(),
            publishable_key: "pk_test_1".into(),
            webhook_secret: String::new(),
            api_base: API_BASE.into(),
            timeout: DEFAULT_TIMEOUT,
        };
        assert!(cfg.test_mode());
        assert_eq!(cfg.js_url(), "https://js.stripe.com/v3/");
        cfg.api_base = "http://127.0.0.1:8420/".into();
        assert_eq!(cfg.js_url(), "http://127.0.0.1:8420/js.stripe.com/v3/");
        cfg.secret_key = "sk_live_1".into();
        assert!(!cfg.test_mode());
    }
}
