use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use laden_domain::i18n::{t, tf};
use laden_domain::QuantityError;
use laden_store::{Missing, StoreError};
use serde_json::json;

/// Every error the API answers with. One status mapping; every body is
/// WordPress-shaped `{code, message, data:{status, …}}`; causes are logged, never sent.
#[derive(Debug)]
pub enum ApiError {
    InvalidJson,
    /// Named parameters with German messages.
    InvalidParams(Vec<(String, String)>),
    NoRoute,
    ProductNotFound,
    NotPurchasable,
    VariationRequired,
    InvalidVariation,
    Quantity(QuantityError),
    OutOfStock {
        name: String,
        available: i64,
    },
    SoldIndividually {
        name: String,
    },
    UnknownCartItem,
    EmptyCart,
    OrderNotFound,
    Conflict,
    TooLarge,
    InvalidMethodOverride,
    /// Not allowed: 401 for visitors, 403 for logged-in users (WordPress's rule).
    Forbidden {
        code: &'static str,
        logged_in: bool,
    },
    InvalidNonce,
    /// HTTP Basic with a login and an application password that do not belong together.
    InvalidAppPassword,
    NotLoggedIn,
    PostNotFound,
    TrashNotSupported,
    AlreadyTrashed,
    /// An upload refused for its content; the message is already German.
    UploadInvalid {
        code: &'static str,
        message: String,
    },
    UploadTooLarge,
    /// Making sub-sizes failed; the attachment exists and can be post-processed.
    SubsizesFailed,
    /// A WooCommerce error with its own code; the message is already German.
    Coded {
        status: StatusCode,
        code: &'static str,
        message: String,
    },
    /// Over a rate limit (`throttle`); answered with `Retry-After`.
    TooManyRequests {
        retry_after: i64,
    },
    /// The payment of an order placed (or being paid) did not go through: the order stays,
    /// awaiting its payment, and `data` names it so the shopper can try again or choose
    /// another method (WooCommerce's `woocommerce_rest_checkout_process_payment_error`).
    Payment {
        /// 402 for a decline, 503/504 for a provider that did not answer.
        status: StatusCode,
        message: String,
        order_id: i64,
        order_key: String,
    },
    Internal(String),
}

impl ApiError {
    /// `rest_invalid_param` for one parameter or field, with its German message.
    pub fn param(name: &str, message: String) -> ApiError {
        ApiError::InvalidParams(vec![(name.to_owned(), message)])
    }

    fn parts(&self) -> (StatusCode, &'static str, String, serde_json::Value) {
        use ApiError::*;
        match self {
            InvalidJson => (
                StatusCode::BAD_REQUEST,
                "rest_invalid_json",
                t("Invalid JSON body passed."),
                json!({}),
            ),
            InvalidParams(list) => {
                let names: Vec<String> = list.iter().map(|(f, _)| field_label(f)).collect();
                let params: serde_json::Map<String, serde_json::Value> =
                    list.iter().map(|(f, m)| (f.clone(), json!(m))).collect();
                (
                    StatusCode::BAD_REQUEST,
                    "rest_invalid_param",
                    tf("Invalid parameter(s): %s", &[&names.join(", ")]),
                    json!({ "params": params, "details": list.iter().map(|(f, m)| json!({"field": f, "message": m})).collect::<Vec<_>>() }),
                )
            }
            NoRoute => (
                StatusCode::NOT_FOUND,
                "rest_no_route",
                t("No route was found matching the URL and request method."),
                json!({}),
            ),
            ProductNotFound => (
                StatusCode::NOT_FOUND,
                "woocommerce_rest_product_invalid_id",
                t("Invalid product ID."),
                json!({}),
            ),
            NotPurchasable => (
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_cart_product_is_not_purchasable",
                t("This product cannot be added to the cart."),
                json!({}),
            ),
            VariationRequired => (
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_missing_variation_data",
                t("Please choose product options before adding this product to the cart."),
                json!({}),
            ),
            InvalidVariation => (
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_invalid_variation_data",
                t("No matching variation was found for the chosen options."),
                json!({}),
            ),
            Quantity(q) => {
                let msg = match q {
                    QuantityError::TooLarge => t("The quantity is too large."),
                    _ => t("Please enter a whole number of at least 1."),
                };
                (
                    StatusCode::BAD_REQUEST,
                    "rest_invalid_param",
                    tf("Invalid parameter(s): %s", &[&"quantity"]),
                    json!({ "params": { "quantity": msg } }),
                )
            }
            OutOfStock { name, available } => {
                let msg = if *available <= 0 {
                    tf("\"%s\" is out of stock.", &[name])
                } else {
                    tf(
                        "Not enough stock: only %1$d of \"%2$s\" available.",
                        &[available, name],
                    )
                };
                (
                    StatusCode::CONFLICT,
                    "woocommerce_rest_product_out_of_stock",
                    msg,
                    json!({ "available": available }),
                )
            }
            SoldIndividually { name } => (
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_cart_product_sold_individually",
                tf("You cannot add another \"%s\" to your cart.", &[name]),
                json!({}),
            ),
            UnknownCartItem => (
                StatusCode::CONFLICT,
                "woocommerce_rest_cart_invalid_key",
                t("Cart item no longer exists or is invalid."),
                json!({}),
            ),
            EmptyCart => (
                StatusCode::BAD_REQUEST,
                "woocommerce_rest_cart_empty",
                t("Cannot create order from empty cart."),
                json!({}),
            ),
            OrderNotFound => (
                StatusCode::NOT_FOUND,
                "woocommerce_rest_invalid_order",
                t("Invalid order ID or key."),
                json!({}),
            ),
            Conflict => (
                StatusCode::CONFLICT,
                "laden_conflict",
                t("The request conflicts with the current state."),
                json!({}),
            ),
            TooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "rest_request_too_large",
                t("The request is too large."),
                json!({}),
            ),
            InvalidMethodOverride => (
                StatusCode::METHOD_NOT_ALLOWED,
                "rest_invalid_method_override",
                t("X-HTTP-Method-Override is only honoured on POST, for PATCH, PUT and DELETE."),
                json!({}),
            ),
            Forbidden { code, logged_in } => (
                if *logged_in {
                    StatusCode::FORBIDDEN
                } else {
                    StatusCode::UNAUTHORIZED
                },
                code,
                t("Sorry, you are not allowed to do that."),
                json!({}),
            ),
            InvalidNonce => (
                StatusCode::FORBIDDEN,
                "rest_cookie_invalid_nonce",
                t("Cookie check failed"),
                json!({}),
            ),
            InvalidAppPassword => (
                StatusCode::UNAUTHORIZED,
                "incorrect_password",
                t("The provided password is an invalid application password."),
                json!({}),
            ),
            NotLoggedIn => (
                StatusCode::UNAUTHORIZED,
                "rest_not_logged_in",
                t("You are not currently logged in."),
                json!({}),
            ),
            PostNotFound => (
                StatusCode::NOT_FOUND,
                "rest_post_invalid_id",
                t("Invalid post ID."),
                json!({}),
            ),
            TrashNotSupported => (
                StatusCode::NOT_IMPLEMENTED,
                "rest_trash_not_supported",
                t("Media cannot be moved to the trash. Set \"force=true\" to delete."),
                json!({}),
            ),
            AlreadyTrashed => (
                StatusCode::GONE,
                "rest_already_trashed",
                t("The post has already been deleted."),
                json!({}),
            ),
            UploadInvalid { code, message } => {
                (StatusCode::BAD_REQUEST, code, message.clone(), json!({}))
            }
            UploadTooLarge => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "rest_upload_file_too_big",
                t("The file is too large."),
                json!({}),
            ),
            SubsizesFailed => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "rest_upload_image_subsizes",
                t("The image sizes could not be created. The upload can be completed later."),
                json!({}),
            ),
            Coded {
                status,
                code,
                message,
            } => (*status, code, message.clone(), json!({})),
            TooManyRequests { retry_after } => (
                StatusCode::TOO_MANY_REQUESTS,
                "laden_too_many_requests",
                tf(
                    "Too many attempts. Please try again in %d minutes.",
                    &[&minutes(*retry_after)],
                ),
                json!({ "retry_after": retry_after }),
            ),
            Payment {
                status,
                message,
                order_id,
                order_key,
            } => (
                *status,
                "woocommerce_rest_checkout_process_payment_error",
                message.clone(),
                json!({
                    "order_id": order_id,
                    "order_key": order_key,
                    "payment_result": { "payment_status": "failure", "payment_details": [], "redirect_url": "" },
                }),
            ),
            Internal(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "laden_internal_error",
                t("Sorry, an internal error occurred."),
                json!({}),
            ),
        }
    }

    pub fn status(&self) -> StatusCode {
        self.parts().0
    }

    /// The WordPress-shaped body `{code, message, data: {status, …}}`.
    pub fn to_body(&self) -> serde_json::Value {
        let (status, code, message, mut data) = self.parts();
        if let Some(obj) = data.as_object_mut() {
            obj.insert("status".into(), json!(status.as_u16()));
        }
        json!({ "code": code, "message": message, "data": data })
    }
}

/// Whole minutes, rounded up, for a wait in seconds.
pub(crate) fn minutes(secs: i64) -> i64 {
    ((secs + 59) / 60).max(1)
}

/// "billing_address.email" → "Rechnungsadresse: E-Mail-Adresse".
fn field_label(path: &str) -> String {
    path.split('.').map(t).collect::<Vec<_>>().join(": ")
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        let status = self.status();
        // A body refused for its size is not read to its end before the answer (the rest is at most
        // drained, see crate::unread_body): the connection cannot carry another request, so say so
        // (RFC 9112 §9.6) rather than let a client reuse a connection the server closes.
        let unread_body = matches!(self, ApiError::TooLarge | ApiError::UploadTooLarge);
        let retry_after = match self {
            ApiError::TooManyRequests { retry_after } => Some(retry_after.max(1)),
            _ => None,
        };
        let mut res = (status, Json(self.to_body())).into_response();
        if unread_body {
            res.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        if let Some(secs) = retry_after {
            res.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(secs),
            );
        }
        res
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound(what) => not_found(what),
            StoreError::NotPurchasable(_) => ApiError::NotPurchasable,
            StoreError::VariationRequired => ApiError::VariationRequired,
            StoreError::InvalidVariation => ApiError::InvalidVariation,
            StoreError::Quantity(q) => ApiError::Quantity(q),
            StoreError::OutOfStock {
                name, available, ..
            } => ApiError::OutOfStock { name, available },
            StoreError::SoldIndividually { name } => ApiError::SoldIndividually { name },
            StoreError::UnknownCartItem => ApiError::UnknownCartItem,
            StoreError::EmptyCart => ApiError::EmptyCart,
            StoreError::Invalid(list) => {
                ApiError::InvalidParams(list.into_iter().map(|(f, m)| (f, t(&m))).collect())
            }
            StoreError::Conflict(_) => ApiError::Conflict,
            StoreError::IdempotencyKeyReused => ApiError::Coded {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "laden_idempotency_key_reused",
                message: t("This Idempotency-Key was already used for another order."),
            },
            StoreError::Coupon {
                code,
                refusal,
                at_checkout,
            } => coupon_error(&code, refusal, at_checkout),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

/// `StoreError::NotFound` answered as `missing` (the dialect's own 404); every other store
/// error mapped as usual, so a failing database is a logged 500, never a 404.
pub(crate) fn or_missing(missing: ApiError) -> impl FnOnce(StoreError) -> ApiError {
    move |e| match e {
        StoreError::NotFound(_) => missing,
        other => other.into(),
    }
}

/// The 404 for a kind of thing, where a handler names no dialect's own.
fn not_found(what: Missing) -> ApiError {
    let (code, message) = match what {
        Missing::Product => return ApiError::ProductNotFound,
        Missing::Order => return ApiError::OrderNotFound,
        Missing::Page | Missing::Revision | Missing::Media => return ApiError::PostNotFound,
        Missing::Category => ("woocommerce_rest_term_invalid", "Resource does not exist."),
        Missing::OrderNote => ("woocommerce_rest_order_invalid_id", "Invalid resource ID."),
        Missing::Review => ("woocommerce_rest_review_invalid_id", "Invalid review ID."),
        Missing::Customer => ("woocommerce_rest_invalid_id", "Invalid resource ID."),
        Missing::Coupon => ("woocommerce_rest_shop_coupon_invalid_id", "Invalid ID."),
        Missing::User => ("rest_user_invalid_id", "Invalid user ID."),
        Missing::AppPassword => (
            "application_passwords_rest_not_found",
            "Could not find an application password with that id.",
        ),
        Missing::ImportJob => ("laden_import_invalid_id", "Invalid ID."),
        Missing::Tag => ("woocommerce_rest_term_invalid", "Resource does not exist."),
        Missing::Attribute => (
            "woocommerce_rest_taxonomy_invalid",
            "Attribute does not exist.",
        ),
        Missing::Invoice => ("laden_invoice_invalid_id", "Invalid ID."),
    };
    ApiError::Coded {
        status: StatusCode::NOT_FOUND,
        code,
        message: t(message),
    }
}

/// WooCommerce's coupon errors, in German: 400 when applying or removing, 409 when the checkout
/// found a coupon no longer valid (it has then left the cart).
fn coupon_error(code: &str, refusal: laden_store::CouponRefusal, at_checkout: bool) -> ApiError {
    use laden_store::CouponRefusal as R;
    let message = match refusal {
        R::Unknown => tf("Coupon \"%s\" does not exist!", &[&code]),
        R::Expired => tf("Coupon \"%s\" has expired.", &[&code]),
        R::UsedUp => tf(
            "Coupon \"%s\" has already been used as often as it may be.",
            &[&code],
        ),
        R::Minimum(m) => tf(
            "The minimum order value for coupon \"%1$s\" is %2$s.",
            &[&code, &m.format_de()],
        ),
        R::AlreadyApplied => tf("Coupon \"%s\" has already been applied.", &[&code]),
        R::NotApplied => tf("Coupon \"%s\" is not applied to the cart.", &[&code]),
    };
    let status = if at_checkout {
        StatusCode::CONFLICT
    } else {
        StatusCode::BAD_REQUEST
    };
    let code = if refusal == R::NotApplied {
        "woocommerce_rest_cart_coupon_invalid_code"
    } else {
        "woocommerce_rest_cart_coupon_error"
    };
    ApiError::Coded {
        status,
        code,
        message,
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
