//! Stripe's three steps. `start`: a card's token (Stripe.js `createToken`, so no card number
//! passes through Laden) becomes a customer's card and the order's PaymentIntent, created from
//! the order's total and confirmed; 3-D Secure is completed in the page (`confirmCardPayment`
//! with the intent's client secret). A SEPA debit begins with a SetupIntent that Stripe.js
//! confirms with the IBAN and the mandate. `check`: the shopper's return; the server reads the
//! intent from Stripe. `webhook`: Stripe's signed events, each handled once.

use super::{answer, declined, or_failed, recorded_json, result};
use crate::error::{ApiError, ApiResult};
use crate::extract::Body;
use crate::wire::store_in::PaymentData;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use laden_domain::i18n::{t, tf};
use laden_domain::payment::{Method, Outcome, Provider};
use laden_domain::Money;
use laden_payments::stripe::{verify_signature, Event, EventMeaning, OrderRef, PaymentIntent};
use laden_store::payments::PaymentWord;
use laden_store::PlacedOrder;
use serde::Deserialize;
use serde_json::{json, Value};

/// The `payment_data` key of a card's Stripe.js token (the WooCommerce Stripe plugin's).
pub(crate) const TOKEN: &str = "stripe_source";

fn stripe(state: &AppState) -> ApiResult<&laden_payments::stripe::Stripe> {
    state.stripe.as_ref().ok_or_else(|| ApiError::Coded {
        status: StatusCode::SERVICE_UNAVAILABLE,
        code: "laden_payment_unavailable",
        message: t(
            "This payment method is not available at the moment. Please choose another one.",
        ),
    })
}

fn order_ref(order: &PlacedOrder, attempt: i64) -> OrderRef {
    OrderRef {
        id: order.id,
        number: order.id.to_string(),
        attempt_key: format!("laden-order-{}-attempt-{attempt}", order.id),
    }
}

/// The page's step for an intent that needs the shopper (3-D Secure).
fn step(pi: &PaymentIntent) -> Vec<(&'static str, String)> {
    vec![
        (
            "stripe_client_secret",
            pi.client_secret.clone().unwrap_or_default(),
        ),
        ("stripe_intent", pi.id.clone()),
    ]
}

/// What the intent says, recorded for the order; refused when it is not this order's
/// payment of its total (never trusted, whoever sent it).
async fn settle(state: &AppState, order: &PlacedOrder, pi: &PaymentIntent) -> ApiResult<Value> {
    if pi.amount != order.total || !pi.currency.eq_ignore_ascii_case("eur") {
        tracing::warn!(order = order.id, intent = %pi.id, amount = pi.amount, "payment of another amount");
        return Err(ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_payment_mismatch",
            message: t("The payment does not match this order. Please contact us."),
        });
    }
    let pending = step(pi);
    let pending: Vec<(&str, &str)> = pending.iter().map(|(k, v)| (*k, v.as_str())).collect();
    answer(
        state,
        order,
        &pi.id,
        pi.outcome(),
        pi.failure_message(),
        &pending,
    )
    .await
}

/// Begins attempt `attempt` of paying `order` with Stripe.
pub(crate) async fn start(
    state: &AppState,
    order: &PlacedOrder,
    attempt: i64,
    data: &PaymentData,
) -> ApiResult<Value> {
    let stripe = stripe(state)?;
    let oref = order_ref(order, attempt);
    // An earlier attempt's payment may have gone through although its answer was lost (a
    // timeout): Stripe is asked first, so an order is never charged twice.
    if order.transaction_id.starts_with("pi_") {
        let earlier = stripe.intent(&order.transaction_id).await;
        let earlier = or_failed(state, order, "", earlier).await?;
        if matches!(earlier.outcome(), Outcome::Paid | Outcome::Clearing) {
            return settle(state, order, &earlier).await;
        }
    }
    let email = &order.billing.email;
    match Method::parse(&order.payment_method) {
        Some(Method::StripeSepa) => {
            let customer = or_failed(state, order, "", stripe.customer(email, &oref).await).await?;
            let setup = or_failed(
                state,
                order,
                "",
                stripe.sepa_setup(&customer.id, &oref).await,
            )
            .await?;
            state
                .store
                .set_transaction(order.id, Provider::Stripe, attempt, &setup.id)
                .await?;
            let secret = setup.client_secret.unwrap_or_default();
            Ok(result(
                "pending",
                &[
                    ("stripe_setup_secret", secret.as_str()),
                    ("stripe_setup_intent", setup.id.as_str()),
                ],
                &super::received_url(state, order),
            ))
        }
        _ => {
            let token = data.get(TOKEN).unwrap_or("");
            let customer = or_failed(
                state,
                order,
                "",
                stripe.customer_with_card(token, email, &oref).await,
            )
            .await?;
            let Some(card) = customer.default_source.as_deref() else {
                return Err(declined(order, t("Please enter your card details.")));
            };
            charge(state, order, attempt, &customer.id, card, "card").await
        }
    }
}

/// The order's PaymentIntent for attempt `attempt`: created from the order's total, kept with
/// the order before any money moves, confirmed, and its state recorded.
async fn charge(
    state: &AppState,
    order: &PlacedOrder,
    attempt: i64,
    customer: &str,
    payment_method: &str,
    kind: &str,
) -> ApiResult<Value> {
    let stripe = stripe(state)?;
    let oref = order_ref(order, attempt);
    let created = stripe
        .create_intent(order.total, customer, payment_method, kind, &oref)
        .await;
    let pi = or_failed(state, order, "", created).await?;
    state
        .store
        .set_transaction(order.id, Provider::Stripe, attempt, &pi.id)
        .await?;
    let confirmed = stripe.confirm(&pi.id, &oref).await;
    let pi = or_failed(state, order, &pi.id, confirmed).await?;
    settle(state, order, &pi).await
}

#[derive(Debug, Deserialize)]
pub(crate) struct CheckIn {
    #[serde(default)]
    key: String,
}

/// `POST /laden/v1/orders/{id}/payment` `{key}`: the shopper is back from Stripe's step in the
/// page (3-D Secure done, or the debit's mandate confirmed). The server reads the payment from
/// Stripe; the browser's word counts for nothing.
pub(crate) async fn check(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<CheckIn>,
) -> ApiResult<Response> {
    let id: i64 = id.parse().map_err(|_| ApiError::OrderNotFound)?;
    let order = state
        .store
        .order_with_key(id, &body.key)
        .await
        .map_err(crate::error::or_missing(ApiError::OrderNotFound))?;
    let stripe = stripe(&state)?;
    let answer = if super::shopper_done(&order) {
        // The webhook came first: nothing left to do.
        result("success", &[], &super::received_url(&state, &order))
    } else if order.transaction_id.starts_with("seti_") {
        let setup = or_failed(
            &state,
            &order,
            "",
            stripe.setup_intent(&order.transaction_id).await,
        )
        .await?;
        let (Some(pm), Some(customer), "succeeded") = (
            setup.payment_method.as_deref(),
            setup.customer.as_deref(),
            setup.status.as_str(),
        ) else {
            return Err(declined(
                &order,
                t("The direct debit mandate was not confirmed. Please enter your IBAN and accept the mandate."),
            ));
        };
        charge(
            &state,
            &order,
            order.payment_attempts,
            customer,
            pm,
            "sepa_debit",
        )
        .await?
    } else if order.transaction_id.starts_with("pi_") {
        let pi = stripe.intent(&order.transaction_id).await;
        let pi = or_failed(&state, &order, &order.transaction_id, pi).await?;
        settle(&state, &order, &pi).await?
    } else {
        return Err(ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_no_payment",
            message: t("No payment has been started for this order."),
        });
    };
    let order = state.store.order(order.id).await?;
    let mut res = Json(json!({
        "order_id": order.id,
        "status": order.status,
        "payment_result": answer,
    }))
    .into_response();
    res.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(res)
}

/// `POST /laden/v1/payments/stripe/webhook`: Stripe's events, signed with the endpoint's
/// secret. A missing, forged or stale signature is 400 and changes nothing; an event handled
/// before answers 200 and changes nothing; one for a payment no order has answers 200 (Stripe
/// would otherwise send it again for days) and is logged.
pub(crate) async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Response> {
    let stripe = stripe(&state)?;
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    if let Err(why) = verify_signature(
        signature,
        &body,
        &stripe.config().webhook_secret,
        crate::dates::now(),
    ) {
        tracing::warn!(?why, "Stripe webhook refused");
        return Err(ApiError::Coded {
            status: StatusCode::BAD_REQUEST,
            code: "laden_webhook_signature",
            message: t("The webhook's signature is missing, wrong or too old."),
        });
    }
    state.store.webhook_heard(Provider::Stripe).await?;
    let event: Event = serde_json::from_slice(&body).map_err(|_| ApiError::InvalidJson)?;
    let money = |cents: i64| Money::from_cents(cents).to_string();
    // What the event says of the payment (`None`: nothing for the order's status) and the note
    // staff read.
    let (intent, outcome, amount, note) = match event.meaning() {
        EventMeaning::Payment {
            intent,
            outcome,
            reason,
        } => {
            let amount = event.data.object.get("amount").and_then(Value::as_i64);
            let note = super::payment_note(outcome, &intent, reason.as_deref());
            (intent, Some(outcome), amount, note)
        }
        EventMeaning::Refunded {
            intent,
            amount_refunded,
        } => {
            let note = tf(
                "Stripe reports a refund: %s refunded of this payment in all.",
                &[&money(amount_refunded)],
            );
            (intent, None, None, Some(note))
        }
        EventMeaning::Disputed {
            intent,
            amount,
            reason,
        } => {
            let note = tf(
                "The buyer's bank disputes the payment of %1$s (reason: %2$s). Please answer the dispute in the Stripe dashboard.",
                &[&money(amount), &reason],
            );
            (intent, None, None, Some(note))
        }
        EventMeaning::Ignored => {
            return Ok(Json(json!({ "received": true, "ignored": true })).into_response());
        }
    };
    let word = PaymentWord {
        provider: Provider::Stripe,
        event: Some((&event.id, &event.kind)),
        transaction_id: &intent,
        order: None,
        outcome: outcome.unwrap_or(Outcome::NeedsAction),
        amount,
        note,
    };
    let recorded = match outcome {
        Some(_) => state.store.record_payment(word).await?,
        None => state.store.note_payment_event(word).await?,
    };
    if matches!(recorded, laden_store::payments::Recorded::UnknownOrder) {
        tracing::info!(event = %event.id, kind = %event.kind, "Stripe event for no order of this shop");
    }
    state.wake_mailer();
    Ok(Json(recorded_json(&recorded)).into_response())
}

/// Refunds `amount` cents of a Stripe order's payment; the refund's id. `seq` (the order's
/// refunds so far) makes the idempotency key: a retried refund is the same refund at Stripe.
pub(crate) async fn refund(
    state: &AppState,
    order: &PlacedOrder,
    amount: i64,
    seq: usize,
) -> ApiResult<String> {
    let stripe = stripe(state)?;
    let key = format!("laden-order-{}-refund-{seq}-{amount}", order.id);
    match stripe.refund(&order.transaction_id, amount, &key).await {
        Ok(r) => Ok(r.id),
        Err(e) => {
            tracing::warn!(order = order.id, error = %e, "Stripe refused a refund");
            Err(ApiError::Coded {
                status: StatusCode::BAD_REQUEST,
                code: "woocommerce_rest_cannot_create_order_refund",
                message: tf("Stripe did not refund: %s", &[&e.message()]),
            })
        }
    }
}
