//! Taking the money: the step after an order is placed (or when the shopper pays an order
//! again), the shopper's return from the provider's step in the page, and the providers'
//! webhooks. Offline methods (Vorkasse, Rechnung, Nachnahme) need no step. An online method's
//! provider (`laden_payments`) is asked, the order records its word once
//! (`laden_store::payments`), and only the provider's own word, read by the server, makes an
//! order paid. A provider added later (PayPal, Klarna, Mollie) adds a module beside `stripe`
//! with the same three steps: `start`, `check` (the return) and its webhook.

pub(crate) mod stripe;

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::wire::laden::{PaymentProvidersOut, ProviderStatusOut};
use crate::wire::store_in::PaymentData;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_domain::payment::{Method, Outcome, Provider};
use laden_payments::ProviderError;
use laden_store::payments::{PaymentWord, Recorded};
use laden_store::PlacedOrder;
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/laden/v1/orders/{id}/payment", post(stripe::check))
        .route("/laden/v1/payments/stripe/webhook", post(stripe::webhook))
        .route("/laden/v1/payments", get(providers))
}

/// How each provider is set up on this instance (administrators): the settings screen shows
/// it beside the methods, so staff see why an online method is not offered and which webhook
/// address to give the provider.
async fn providers(
    State(state): State<AppState>,
    who: Identity,
) -> ApiResult<Json<PaymentProvidersOut>> {
    who.require("manage_options", "rest_forbidden")?;
    let config = state.config.stripe.as_ref();
    let heard = state.store.last_webhook(Provider::Stripe).await?;
    Ok(Json(PaymentProvidersOut {
        stripe: ProviderStatusOut {
            configured: state.stripe.is_some(),
            mode: config
                .map(|c| if c.test_mode() { "test" } else { "live" })
                .unwrap_or_default()
                .to_owned(),
            methods: Method::ALL
                .iter()
                .filter(|m| m.provider() == Some(Provider::Stripe))
                .map(|m| m.as_str().to_owned())
                .collect(),
            webhook_url: format!(
                "{}/wp-json/laden/v1/payments/stripe/webhook",
                state.config.site_url
            ),
            webhook_secret_set: config.is_some_and(|c| !c.webhook_secret.is_empty()),
            last_webhook: heard.map(laden_domain::dates::german_iso),
        },
    }))
}

/// The methods a shopper may choose now: the shop's, an online one only when its provider is
/// set up on this instance.
pub(crate) fn offered(state: &AppState, shop_methods: &[String]) -> Vec<Method> {
    shop_methods
        .iter()
        .filter_map(|m| Method::parse(m))
        .filter(|m| match m.provider() {
            None => true,
            Some(Provider::Stripe) => state.stripe.is_some(),
        })
        .collect()
}

/// What the checkout needs before it places an order with a known `method` (an unknown one is
/// `CheckoutInput::parse`'s to refuse): the method offered, and what its provider needs from
/// the browser (a card's token). Every problem at once.
pub(crate) fn problems(
    state: &AppState,
    shop_methods: &[String],
    method: &str,
    data: &PaymentData,
) -> Vec<(String, String)> {
    let Some(m) = Method::parse(method) else {
        return Vec::new();
    };
    if !offered(state, shop_methods).contains(&m) {
        return vec![(
            "payment_method".into(),
            t("Please choose a payment method."),
        )];
    }
    match m {
        Method::Stripe if data.get(stripe::TOKEN).is_none() => {
            vec![("payment_data".into(), t("Please enter your card details."))]
        }
        _ => Vec::new(),
    }
}

/// The checkbox of a direct debit's mandate: required with SEPA debit, recorded with its text.
pub(crate) const MANDATE: &str = "sepa_mandate";

/// The mandate's text as the checkout shows it and the order records it.
pub(crate) fn mandate_text(shop: &str) -> String {
    tf(
        "I authorise %1$s and Stripe, our payment service provider, to collect payments from my account by direct debit. At the same time I instruct my bank to honour the direct debits drawn on my account by %1$s. Note: I can demand a refund of the amount debited within eight weeks, starting with the date of the debit. The conditions agreed with my bank apply.",
        &[&shop],
    )
}

/// Whether the shopper has nothing left to do for the order's payment.
pub(crate) fn shopper_done(order: &PlacedOrder) -> bool {
    laden_domain::payment::OrderStatus::parse(&order.status).is_some_and(|s| s.shopper_done())
}

/// Whether the shopper may pay the order now (WooCommerce's `needs_payment`): awaiting a first
/// or another try, with something to pay.
pub(crate) fn needs_payment(order: &PlacedOrder) -> bool {
    laden_domain::payment::OrderStatus::parse(&order.status).is_some_and(|s| s.needs_payment())
        && order.total > 0
}

/// Where the shopper pays an order that waits for its payment (WooCommerce's
/// `get_checkout_payment_url`, the `order-pay` endpoint below the checkout).
pub(crate) fn pay_url(site_url: &str, order: &PlacedOrder) -> String {
    format!("{site_url}{}", pay_path(order))
}

/// `pay_url` within the site.
pub(crate) fn pay_path(order: &PlacedOrder) -> String {
    format!(
        "{}{}/?pay_for_order=true&key={}",
        crate::documents::ORDER_PAY_PATH,
        order.id,
        order.key
    )
}

/// The Store API's `payment_result` of a payment begun or done.
pub(crate) fn result(status: &str, details: &[(&str, &str)], redirect: &str) -> Value {
    json!({
        "payment_status": status,
        "payment_details": details.iter().map(|(k, v)| json!({"key": k, "value": v})).collect::<Vec<_>>(),
        "redirect_url": redirect,
    })
}

/// Where the shopper reads the order once it is placed.
pub(crate) fn received_url(state: &AppState, order: &PlacedOrder) -> String {
    format!(
        "{}/bestellung-erhalten/{}/?key={}",
        state.config.site_url, order.id, order.key
    )
}

/// Takes the payment of order `order` (its attempt `attempt`) with its method: offline
/// methods at once; an online one through its provider, which may ask the shopper for a step
/// in the page (`pending`, with what the page needs). A decline leaves the order awaiting its
/// payment and answers `ApiError::Payment`, which names the order for the next try.
pub(crate) async fn take(
    state: &AppState,
    order: &PlacedOrder,
    attempt: i64,
    data: &PaymentData,
) -> ApiResult<Value> {
    match Method::parse(&order.payment_method).and_then(Method::provider) {
        None => Ok(result("success", &[], &received_url(state, order))),
        Some(Provider::Stripe) => stripe::start(state, order, attempt, data).await,
    }
}

/// Records what a provider says of an order's payment (the shopper's return or the first
/// answer), and answers the shopper: paid or clearing goes to the order, a failure is an error
/// naming the order, a step still to take is `pending`.
pub(crate) async fn answer(
    state: &AppState,
    order: &PlacedOrder,
    transaction_id: &str,
    outcome: Outcome,
    reason: Option<String>,
    pending: &[(&str, &str)],
) -> ApiResult<Value> {
    let provider = Method::parse(&order.payment_method)
        .and_then(Method::provider)
        .ok_or_else(|| ApiError::Internal(format!("order {} is paid offline", order.id)))?;
    let word = PaymentWord {
        provider,
        event: None,
        transaction_id,
        order: Some(order.id),
        outcome,
        amount: None,
        note: payment_note(outcome, transaction_id, reason.as_deref()),
    };
    if outcome != Outcome::NeedsAction {
        state.store.record_payment(word).await?;
        state.wake_mailer();
    }
    match outcome {
        Outcome::Paid | Outcome::Clearing => {
            Ok(result("success", &[], &received_url(state, order)))
        }
        Outcome::NeedsAction => Ok(result("pending", pending, &received_url(state, order))),
        Outcome::Failed => Err(declined(
            order,
            reason.unwrap_or_else(|| t(laden_payments::decline_msgid(""))),
        )),
    }
}

/// The order's note of what a provider said of payment `transaction_id`: received, submitted
/// (a debit clearing), or failed and why; nothing while the shopper still has to act.
pub(crate) fn payment_note(
    outcome: Outcome,
    transaction_id: &str,
    reason: Option<&str>,
) -> Option<String> {
    match outcome {
        Outcome::Paid => Some(tf("Payment received (%s).", &[&transaction_id])),
        Outcome::Clearing => Some(tf(
            "Direct debit submitted (%s); the order waits until it clears.",
            &[&transaction_id],
        )),
        Outcome::Failed => {
            let reason = reason.map_or_else(|| t(laden_payments::decline_msgid("")), str::to_owned);
            Some(tf("Payment failed: %s", &[&reason]))
        }
        Outcome::NeedsAction => None,
    }
}

/// The answer to a payment that did not go through.
pub(crate) fn declined(order: &PlacedOrder, message: String) -> ApiError {
    ApiError::Payment {
        status: StatusCode::PAYMENT_REQUIRED,
        message,
        order_id: order.id,
        order_key: order.key.clone(),
    }
}

/// A provider's error as the shopper's answer: a decline is recorded as the attempt's failure;
/// a provider that did not answer leaves the order as it is (whether it acted is unknown: the
/// next try asks it first).
pub(crate) async fn provider_failed(
    state: &AppState,
    order: &PlacedOrder,
    transaction_id: &str,
    e: ProviderError,
) -> ApiError {
    match &e {
        // Recorded as the attempt's failure; `answer` of a failure is always the decline.
        ProviderError::Declined { message, .. } => answer(
            state,
            order,
            transaction_id,
            Outcome::Failed,
            Some(message.clone()),
            &[],
        )
        .await
        .err()
        .unwrap_or_else(|| declined(order, message.clone())),
        ProviderError::Timeout => {
            tracing::warn!(order = order.id, "payment provider timed out");
            ApiError::Payment {
                status: StatusCode::GATEWAY_TIMEOUT,
                message: e.message(),
                order_id: order.id,
                order_key: order.key.clone(),
            }
        }
        other => {
            tracing::warn!(order = order.id, error = %other, "payment provider failed");
            ApiError::Payment {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: e.message(),
                order_id: order.id,
                order_key: order.key.clone(),
            }
        }
    }
}

/// Whether the order's payment can be refunded through its provider (a Stripe payment made).
pub(crate) fn refundable(state: &AppState, order: &PlacedOrder) -> bool {
    Method::parse(&order.payment_method).and_then(Method::provider) == Some(Provider::Stripe)
        && state.stripe.is_some()
        && order.transaction_id.starts_with("pi_")
}

/// A provider's answer, or its error as the shopper's answer (`provider_failed`).
pub(crate) async fn or_failed<T>(
    state: &AppState,
    order: &PlacedOrder,
    transaction_id: &str,
    answer: Result<T, ProviderError>,
) -> ApiResult<T> {
    match answer {
        Ok(v) => Ok(v),
        Err(e) => Err(provider_failed(state, order, transaction_id, e).await),
    }
}

/// What became of a webhook's word, for its answer.
pub(crate) fn recorded_json(r: &Recorded) -> Value {
    match r {
        Recorded::Replayed => json!({ "received": true, "replayed": true }),
        Recorded::UnknownOrder => json!({ "received": true, "order": null }),
        Recorded::Order {
            id,
            status,
            changed,
        } => {
            json!({ "received": true, "order": id, "status": status, "changed": changed })
        }
    }
}

/// The mandate's text the shopper accepted (`None` for a method that is no debit), or the
/// problem of a debit chosen without it.
pub(crate) type MandateAccepted = Result<Option<String>, (String, String)>;

/// The direct debit's mandate among the ticked checkboxes: the others, to check as usual, and
/// whether the mandate was accepted.
pub(crate) fn mandate(
    ticked: &[String],
    method: &str,
    settings: &laden_store::SiteSettings,
) -> (Vec<String>, MandateAccepted) {
    let others: Vec<String> = ticked.iter().filter(|c| *c != MANDATE).cloned().collect();
    if method != Method::StripeSepa.as_str() {
        return (others, Ok(None));
    }
    if !ticked.iter().any(|c| c == MANDATE) {
        return (
            others,
            Err((
                MANDATE.to_owned(),
                t("Please accept the SEPA direct debit mandate."),
            )),
        );
    }
    (others, Ok(Some(mandate_text(&settings.site.name))))
}

/// The payment step of a checkout that placed `order`: none for an offline method; an online
/// one takes its first attempt (begun with the order). A repeated checkout (a double click)
/// starts nothing: it answers what the first one began.
pub(crate) async fn after_checkout(
    state: &AppState,
    order: &PlacedOrder,
    data: &PaymentData,
) -> ApiResult<Value> {
    let method = Method::parse(&order.payment_method);
    match method {
        Some(m) if m.online() && !order.repeated => {
            take(state, order, order.payment_attempts, data).await
        }
        Some(m) if m.online() => Ok(result(
            if shopper_done(order) {
                "success"
            } else {
                "pending"
            },
            &[],
            &received_url(state, order),
        )),
        _ => Ok(result("success", &[], &received_url(state, order))),
    }
}

/// `POST /wc/store/v1/checkout/{id}`: pays an order placed before, as WooCommerce's Store API
/// does for its „Bestellung bezahlen“ page: the shopper whose payment failed tries again, or
/// chooses another method, for the same order and the same stock.
pub(crate) async fn pay_order(
    axum::extract::State(state): axum::extract::State<AppState>,
    axum::extract::Path(id): axum::extract::Path<String>,
    crate::extract::Body(body): crate::extract::Body<crate::wire::store_in::CheckoutOrderIn>,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let id: i64 = id.parse().map_err(|_| ApiError::OrderNotFound)?;
    let key = body.key.unwrap_or_default();
    let order = state
        .store
        .order_with_key(id, &key)
        .await
        .map_err(crate::error::or_missing(ApiError::OrderNotFound))?;
    // Without an account, the order's e-mail proves it is the shopper's (as WooCommerce asks).
    if let Some(email) = body
        .billing_email
        .as_deref()
        .filter(|e| !e.trim().is_empty())
    {
        if !email.trim().eq_ignore_ascii_case(&order.billing.email) {
            return Err(ApiError::OrderNotFound);
        }
    }
    let settings = state.store.settings().await?;
    let method = body
        .payment_method
        .unwrap_or_else(|| order.payment_method.clone());
    let (_, mandate) = mandate(&body.extensions.laden.checkboxes.0, &method, &settings);
    let mut problems = problems(
        &state,
        &settings.shop.payment_methods,
        &method,
        &body.payment_data,
    );
    if let Err(p) = &mandate {
        problems.push(p.clone());
    }
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    let Some(m) = Method::parse(&method) else {
        return Err(ApiError::param(
            "payment_method",
            t("Please choose a payment method."),
        ));
    };
    let attempt = state
        .store
        .begin_payment(order.id, &key, m)
        .await
        .map_err(|e| match e {
            laden_store::StoreError::Conflict(message) => ApiError::Coded {
                status: StatusCode::CONFLICT,
                code: "laden_order_not_awaiting_payment",
                message,
            },
            other => other.into(),
        })?;
    if let Ok(Some(text)) = &mandate {
        let note = tf("SEPA direct debit mandate given: %s", &[text]);
        state
            .store
            .add_order_note(order.id, &note, false, "")
            .await?;
    }
    state.wake_mailer();
    let payment_result = take(&state, &attempt.order, attempt.number, &body.payment_data).await?;
    let order = state.store.order(order.id).await?;
    Ok(axum::Json(json!({
        "order_id": order.id,
        "status": order.status,
        "order_key": order.key,
        "order_number": order.id.to_string(),
        "payment_method": order.payment_method,
        "payment_result": payment_result,
    }))
    .into_response())
}
