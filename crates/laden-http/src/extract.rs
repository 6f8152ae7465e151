//! Request extractors that answer bad input with WordPress-shaped errors.

use crate::error::ApiError;
use crate::i18n::{t, tf};
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use std::collections::HashMap;

/// A JSON body as a value; malformed JSON is `rest_invalid_json`.
pub struct JsonBody(pub serde_json::Value);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::InvalidJson
            }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(JsonBody(serde_json::Value::Object(serde_json::Map::new())));
        }
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|_| ApiError::InvalidJson)?;
        if !value.is_object() {
            return Err(ApiError::InvalidJson);
        }
        Ok(JsonBody(value))
    }
}

/// The request's cart (`Cart-Token`: 20 to 128 letters, digits, `-` or `_`), or a new token
/// when it names none or a malformed one (`is_new`: nothing is stored under it yet).
pub struct CartToken {
    pub token: String,
    pub is_new: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for CartToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let given = parts
            .headers
            .get("cart-token")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|t| {
                (20..=128).contains(&t.len())
                    && t.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            });
        Ok(match given {
            Some(t) => CartToken {
                token: t.to_owned(),
                is_new: false,
            },
            None => CartToken {
                token: laden_store::random_token(24),
                is_new: true,
            },
        })
    }
}

/// Query parameters; a repeated name keeps its last value, as PHP does.
pub struct Params(pub HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let q = parts.uri.query().unwrap_or("");
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(q).map_err(|_| {
            ApiError::InvalidParams(vec![(
                "query".into(),
                t("The query string cannot be read."),
            )])
        })?;
        Ok(Params(pairs.into_iter().collect()))
    }
}

impl Params {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// An integer parameter within bounds, or `rest_invalid_param` naming it.
    pub fn int(&self, key: &str, default: i64, min: i64, max: i64) -> Result<i64, ApiError> {
        match self.get(key) {
            None => Ok(default),
            Some(raw) => match raw.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(ApiError::InvalidParams(vec![(
                    key.to_owned(),
                    if max == i64::MAX {
                        tf(
                            "%1$s must be a whole number of at least %2$d.",
                            &[&key, &min],
                        )
                    } else {
                        tf(
                            "%1$s must be between %2$d and %3$d (inclusive).",
                            &[&key, &min, &max],
                        )
                    },
                )])),
            },
        }
    }

    /// WordPress pagination: `page` ≥ 1, `per_page` 1–100 (default 10).
    pub fn pagination(&self) -> Result<(i64, i64), ApiError> {
        let page = self.int("page", 1, 1, i64::MAX);
        let per_page = self.int("per_page", 10, 1, 100);
        match (page, per_page) {
            (Ok(p), Ok(pp)) => Ok((p, pp)),
            (Err(ApiError::InvalidParams(mut a)), Err(ApiError::InvalidParams(b))) => {
                a.extend(b);
                Err(ApiError::InvalidParams(a))
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
        }
    }
}
