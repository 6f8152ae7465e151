//! German legal requirements at the HTTP edge: the checkout's checkboxes (what
//! the order records as accepted, with the legal pages' versions) and the
//! withdrawal button's two steps (§356a BGB).

use crate::dates::{german_local_date, iso};
use crate::error::{ApiError, ApiResult};
use crate::extract::JsonBody;
use crate::throttle::{self, ClientAddr};
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_domain::special_goods;
use laden_store::{PlacedOrder, Rate, SiteSettings, StoreError};
use serde_json::{json, Value};

/// One of the checkout's checkboxes: its id and whether it must be ticked (its text: `checkbox_text`).
pub struct Checkbox {
    pub id: &'static str,
    pub required: bool,
}

/// The checkboxes the checkout shows, in order: the terms always, the optional ones as the shop
/// sets; the waiver for digital content also when the cart holds downloads (`digital`).
pub fn checkboxes(s: &SiteSettings, digital: bool) -> Vec<Checkbox> {
    let mut out = vec![Checkbox {
        id: "terms",
        required: true,
    }];
    if s.shop.checkbox_parcel_delivery {
        out.push(Checkbox {
            id: "parcel_delivery",
            required: false,
        });
    }
    if s.shop.checkbox_digital_waiver || digital {
        out.push(Checkbox {
            id: "digital_waiver",
            required: false,
        });
    }
    out
}

/// A checkbox's German text, exactly as the checkout shows it.
fn checkbox_text(id: &str) -> String {
    match id {
        "terms" => tf("I have read and accept the %1$s and the %2$s.", &[&t("terms and conditions"), &t("cancellation policy")]),
        "parcel_delivery" => t("Yes, my e-mail address may be passed to the parcel service so that it can tell me about the delivery. It is passed on for this purpose only; I can withdraw this consent at any time."),
        _ => t("For digital content: I expressly agree that you begin performing the contract before the withdrawal period ends. I know that I thereby lose my right of withdrawal."),
    }
}

/// `extensions.laden.checkboxes` (the ids the shopper ticked) checked against the
/// shop's checkboxes (and the waiver for digital content when `digital`); the record the order
/// keeps: each accepted checkbox with its text and, for the terms, the versions of the AGB and
/// Widerrufsbelehrung pages. The checkboxes of goods the law treats apart are left to the order's
/// transaction, which checks them against the cart's lines as it takes them
/// (`CheckoutInput::ticked`).
pub async fn accepted(
    state: &AppState,
    ticked: &[String],
    s: &SiteSettings,
    digital: bool,
) -> ApiResult<Value> {
    let ticked: Vec<&str> = ticked
        .iter()
        .map(String::as_str)
        .filter(|id| !special_goods::IDS.contains(id))
        .collect();
    let offered = checkboxes(s, digital);
    if let Some(unknown) = ticked
        .iter()
        .find(|id| !offered.iter().any(|c| c.id == **id))
    {
        return Err(ApiError::param(
            "extensions.laden.checkboxes",
            tf("Unknown checkbox: %s", &[unknown]),
        ));
    }
    let missing: Vec<(String, String)> = offered
        .iter()
        .filter(|c| c.required && !ticked.contains(&c.id))
        .map(|c| (c.id.to_owned(), t("Please read and accept the terms and conditions and the cancellation policy to proceed with your order.")))
        .collect();
    if !missing.is_empty() {
        return Err(ApiError::InvalidParams(missing));
    }
    let mut record = Vec::new();
    for c in offered.iter().filter(|c| ticked.contains(&c.id)) {
        let mut pages = Vec::new();
        if c.id == "terms" {
            for slug in [&s.shop.terms_page, &s.shop.revocation_page] {
                match state.store.page_by_slug(slug).await {
                    Ok(p) => pages
                        .push(json!({ "slug": p.slug, "title": p.title, "revision": p.revision })),
                    Err(StoreError::NotFound(_)) => {
                        pages.push(json!({ "slug": slug, "title": "", "revision": null }))
                    }
                    Err(e) => return Err(e.into()),
                }
            }
        }
        record.push(json!({ "id": c.id, "text": checkbox_text(c.id), "pages": pages }));
    }
    Ok(Value::Array(record))
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/laden/v1/withdrawal/lookup", post(lookup))
        .route("/laden/v1/withdrawal", post(withdraw))
        .route("/laden/v1/session", axum::routing::get(session))
}

fn field<'a>(body: &'a Value, name: &str) -> &'a str {
    body.get(name).and_then(Value::as_str).unwrap_or("").trim()
}

fn identify_problems(body: &Value) -> ApiResult<()> {
    let mut problems = Vec::new();
    if field(body, "order").is_empty() {
        problems.push(("order".to_owned(), t("Please enter your order number.")));
    }
    if laden_domain::Email::parse(field(body, "email")).is_none() {
        problems.push(("email".to_owned(), t("Please enter a valid email address.")));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::InvalidParams(problems))
    }
}

fn not_found() -> ApiError {
    ApiError::Coded {
        status: StatusCode::NOT_FOUND,
        code: "laden_withdrawal_order_not_found",
        message: t("We found no order with this number and e-mail address. Please check both."),
    }
}

fn refusal(order: &PlacedOrder) -> Option<ApiError> {
    if let Some(at) = order.withdrawn_at {
        return Some(ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_already_withdrawn",
            message: tf(
                "You withdrew from this order on %s already.",
                &[&german_local_date(at)],
            ),
        });
    }
    if laden_store::withdrawal_closed(&order.status) {
        return Some(ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_withdrawal_not_possible",
            message: t("This order was cancelled or refunded; there is nothing to withdraw from."),
        });
    }
    None
}

fn summary(o: &PlacedOrder) -> Value {
    json!({
        "order_number": o.id.to_string(),
        "date_created": iso(o.created_at),
        "date_label": german_local_date(o.created_at),
        "total": o.total,
        "items": o.items.iter().map(|i| json!({ "name": i.name, "quantity": i.quantity })).collect::<Vec<_>>(),
        "withdrawn_at": o.withdrawn_at.map(iso),
    })
}

/// Whether the visitor is logged in, and for an account the addresses to fill the checkout with
/// (the checkout asks; pages are cached without per-visitor state). Never cached.
async fn session(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    let session = state.session(&headers).await?;
    let body = match session {
        None => crate::wire::laden::VisitorSession {
            logged_in: false,
            name: None,
            billing: None,
            shipping: None,
        },
        Some(s) => {
            let (billing, shipping) = match state.store.customer_by_email(&s.user.email).await? {
                Some(c) => (
                    c.billing,
                    Some(c.shipping).filter(|a| !a.address_1.is_empty()),
                ),
                None => (laden_domain::address::Address::default(), None),
            };
            // The account's address where the last order's is missing.
            let billing = laden_domain::address::Address {
                email: if billing.email.is_empty() {
                    s.user.email.clone()
                } else {
                    billing.email
                },
                ..billing
            };
            crate::wire::laden::VisitorSession {
                logged_in: true,
                name: Some(s.user.display_name),
                billing: Some(billing),
                shipping,
            }
        }
    };
    let mut res = Json(body).into_response();
    res.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store, private"),
    );
    Ok(res)
}

/// Refuses a client that named too many orders that do not exist (429).
async fn not_over_miss_limit(state: &AppState, client: &ClientAddr) -> ApiResult<()> {
    match state
        .store
        .at_limit(&client.bucket("withdrawal"), throttle::WITHDRAWAL_MISSES)
        .await?
    {
        Rate::Allowed => Ok(()),
        Rate::Limited { retry_after } => Err(ApiError::TooManyRequests { retry_after }),
    }
}

/// Counts a lookup that named no order; the answer is the 404 (or 429 once over the limit).
async fn missed(state: &AppState, client: &ClientAddr) -> ApiError {
    match state
        .store
        .hit(&client.bucket("withdrawal"), throttle::WITHDRAWAL_MISSES)
        .await
    {
        Ok(Rate::Allowed) => not_found(),
        Ok(Rate::Limited { retry_after }) => ApiError::TooManyRequests { retry_after },
        Err(e) => e.into(),
    }
}

/// Step one: the customer names the order (number and e-mail) and sees which it is.
async fn lookup(
    State(state): State<AppState>,
    client: ClientAddr,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    identify_problems(&body)?;
    not_over_miss_limit(&state, &client).await?;
    let order = match state
        .store
        .order_for_withdrawal(field(&body, "order"), field(&body, "email"))
        .await
    {
        Ok(order) => order,
        Err(StoreError::NotFound(_)) => return Err(missed(&state, &client).await),
        Err(other) => return Err(other.into()),
    };
    if let Some(refused) = refusal(&order) {
        return Err(refused);
    }
    Ok(Json(summary(&order)).into_response())
}

/// Step two: the customer confirms; the order records the withdrawal and the receipt is queued.
async fn withdraw(
    State(state): State<AppState>,
    client: ClientAddr,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    identify_problems(&body)?;
    not_over_miss_limit(&state, &client).await?;
    if body.get("confirm") != Some(&Value::Bool(true)) {
        return Err(ApiError::param(
            "confirm",
            t("Please confirm the withdrawal."),
        ));
    }
    let statement = field(&body, "statement");
    if statement.chars().count() > laden_store::MAX_WITHDRAWAL_STATEMENT {
        return Err(ApiError::param("statement", t("The text is too long.")));
    }
    let shop_email = state.store.settings().await?.shop.email;
    let order = state
        .store
        .withdraw(
            field(&body, "order"),
            field(&body, "email"),
            statement,
            &shop_email,
        )
        .await;
    let order = match order {
        Ok(o) => o,
        Err(StoreError::NotFound(_)) => return Err(missed(&state, &client).await),
        Err(StoreError::Conflict(_)) => {
            let order = state
                .store
                .order_for_withdrawal(field(&body, "order"), field(&body, "email"))
                .await?;
            return Err(refusal(&order).unwrap_or(ApiError::Conflict));
        }
        Err(e) => return Err(e.into()),
    };
    state.wake_mailer();
    let mut v = summary(&order);
    v["message"] = json!(t(
        "Your withdrawal has been received. We have sent you a confirmation by e-mail."
    ));
    Ok((StatusCode::CREATED, Json(v)).into_response())
}
