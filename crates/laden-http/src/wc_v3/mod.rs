//! WooCommerce's admin REST API (`wc/v3`), for shop staff and their tools
//! (ERP and marketplace connectors, `@woocommerce/woocommerce-rest-api`).
//!
//! Field names, types, pagination headers and error codes follow
//! WooCommerce's documentation. Unknown and read-only fields in a write are
//! ignored, never applied. Every route needs `manage_woocommerce`
//! (shop managers and administrators).

mod catalog;
mod coupons;
pub(crate) mod crud;
mod order_amounts;
mod orders;
mod product_types;
mod refunds;
mod settings;
mod setup;
mod shipping;
mod shipping_classes;
mod shop;

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Paging, Params};
use crate::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Router;
use laden_domain::i18n::{t, tf};
use laden_domain::Money;
use serde::Serialize;
use serde_json::{json, Map, Value};

pub const ROUTES: &[(&str, &[&str])] = &[
    ("/products", &["GET", "POST"]),
    ("/products/batch", &["POST", "PUT", "PATCH"]),
    (
        "/products/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    (
        "/products/(?P<product_id>[\\d]+)/variations",
        &["GET", "POST"],
    ),
    (
        "/products/(?P<product_id>[\\d]+)/variations/batch",
        &["POST", "PUT", "PATCH"],
    ),
    (
        "/products/(?P<product_id>[\\d]+)/variations/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/products/categories", &["GET", "POST"]),
    ("/products/categories/batch", &["POST", "PUT", "PATCH"]),
    (
        "/products/categories/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/products/attributes", &["GET"]),
    ("/products/attributes/(?P<id>[\\d]+)", &["GET"]),
    (
        "/products/attributes/(?P<attribute_id>[\\d]+)/terms",
        &["GET"],
    ),
    (
        "/products/attributes/(?P<attribute_id>[\\d]+)/terms/(?P<id>[\\d]+)",
        &["GET"],
    ),
    ("/products/shipping_classes", &["GET", "POST"]),
    (
        "/products/shipping_classes/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/products/tags", &["GET"]),
    ("/products/tags/(?P<id>[\\d]+)", &["GET"]),
    ("/products/reviews", &["GET", "POST"]),
    (
        "/products/reviews/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/orders", &["GET"]),
    ("/orders/(?P<id>[\\d]+)", &["GET", "POST", "PUT", "PATCH"]),
    ("/orders/(?P<order_id>[\\d]+)/notes", &["GET", "POST"]),
    (
        "/orders/(?P<order_id>[\\d]+)/notes/(?P<id>[\\d]+)",
        &["GET", "DELETE"],
    ),
    ("/orders/(?P<order_id>[\\d]+)/refunds", &["GET", "POST"]),
    (
        "/orders/(?P<order_id>[\\d]+)/refunds/(?P<id>[\\d]+)",
        &["GET", "DELETE"],
    ),
    ("/coupons", &["GET", "POST"]),
    (
        "/coupons/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/customers", &["GET", "POST"]),
    (
        "/customers/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH"],
    ),
    ("/payment_gateways", &["GET"]),
    ("/payment_gateways/(?P<id>[\\w-]+)", &["GET"]),
    ("/taxes/classes", &["GET"]),
    ("/taxes", &["GET"]),
    ("/taxes/(?P<id>[\\d]+)", &["GET"]),
    ("/data/currencies/current", &["GET"]),
    ("/data/countries", &["GET"]),
    ("/data/countries/(?P<location>[\\w-]+)", &["GET"]),
    ("/settings", &["GET"]),
    ("/settings/(?P<group_id>[\\w-]+)", &["GET"]),
    ("/settings/(?P<group_id>[\\w-]+)/(?P<id>[\\w-]+)", &["GET"]),
    ("/shipping/zones", &["GET"]),
    ("/shipping/zones/(?P<id>[\\d]+)", &["GET"]),
    ("/shipping/zones/(?P<id>[\\d]+)/locations", &["GET"]),
    ("/shipping/zones/(?P<zone_id>[\\d]+)/methods", &["GET"]),
    (
        "/shipping/zones/(?P<zone_id>[\\d]+)/methods/(?P<instance_id>[\\d]+)",
        &["GET"],
    ),
    ("/shipping_methods", &["GET"]),
    ("/shipping_methods/(?P<id>[\\w-]+)", &["GET"]),
    ("/reports/sales", &["GET"]),
    ("/reports/top_sellers", &["GET"]),
    ("/system_status", &["GET"]),
];

pub fn router() -> Router<AppState> {
    catalog::router()
        .merge(orders::router())
        .merge(refunds::router())
        .merge(shop::router())
        .merge(coupons::router())
        .merge(setup::router())
        .merge(settings::router())
        .merge(shipping::router())
        .merge(shipping_classes::router())
}

/// Capabilities: reading, and each kind of write, as WooCommerce names its refusals.
pub(crate) fn can_read(who: &crate::auth::Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")
}
pub(crate) fn can_create(who: &crate::auth::Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_create")
}
pub(crate) fn can_edit(who: &crate::auth::Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_edit")
}
pub(crate) fn can_delete(who: &crate::auth::Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_delete")
}
pub(crate) fn can_batch(who: &crate::auth::Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_batch")
}

/// A request from someone who may read `wc/v3` (`manage_woocommerce`), else
/// `woocommerce_rest_cannot_view`.
pub(crate) struct Reader;

impl FromRequestParts<AppState> for Reader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let who = match Identity::from_request_parts(parts, state).await {
            Ok(who) => who,
            Err(never) => match never {},
        };
        can_read(&who)?;
        Ok(Reader)
    }
}

/// A list request from a reader: its query (an unreadable one is refused first), then the
/// reader's capability, then the page it asks for (`page`, `per_page`), in the order the
/// handlers checked them before.
pub(crate) struct StaffList {
    pub params: Params,
    pub paging: Paging,
}

impl FromRequestParts<AppState> for StaffList {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Self> {
        let params = Params::from_request_parts(parts, state).await?;
        Reader::from_request_parts(parts, state).await?;
        let paging = params.pagination()?;
        Ok(StaffList { params, paging })
    }
}

impl StaffList {
    /// This page of a list of `total` at `path`, with its paging headers.
    pub fn answer(
        &self,
        state: &AppState,
        path: &str,
        total: i64,
        body: impl Serialize,
    ) -> Response {
        self.paging.answer(state, path, &self.params, total, body)
    }

    /// This page of a list held whole in memory, at `path`.
    pub fn page_of<T: Serialize>(&self, state: &AppState, path: &str, all: &[T]) -> Response {
        let body = &all[self.paging.window(all.len())];
        self.answer(state, path, all.len() as i64, body)
    }
}

/// A label kept in a table (settings, shipping methods) in German; a debug build (every test)
/// fails on one the catalogue lacks, which the catalogue scan cannot see.
pub(crate) fn label(msgid: &str) -> String {
    debug_assert!(
        laden_domain::i18n::known(msgid),
        "no German entry for {msgid:?}"
    );
    t(msgid)
}

/// A path id: digits only, else the resource's "invalid ID" answer.
pub(crate) fn path_id(raw: &str, missing: fn() -> ApiError) -> ApiResult<i64> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(missing)
}

pub(crate) fn coded(status: StatusCode, code: &'static str, msgid: &str) -> ApiError {
    ApiError::Coded {
        status,
        code,
        message: t(msgid),
    }
}

/// WooCommerce's 404 for an id that names nothing (also a malformed one): its code and message.
pub(crate) fn invalid_id(code: &'static str, msgid: &str) -> ApiError {
    coded(StatusCode::NOT_FOUND, code, msgid)
}

/// `force=true` (WordPress also takes `1`).
pub(crate) fn force(params: &crate::extract::Params) -> bool {
    matches!(params.get("force"), Some("true" | "1"))
}

/// Prices as WooCommerce writes them: decimal strings, "" when unset.
pub(crate) fn money(m: Option<Money>) -> String {
    m.map(Money::to_decimal_string).unwrap_or_default()
}

/// Reads the writable fields of a request body, collecting every type error
/// (each named by its field) so one answer lists them all.
pub(crate) struct Input<'a> {
    obj: &'a Map<String, Value>,
    problems: Vec<(String, String)>,
}

impl<'a> Input<'a> {
    pub fn new(v: &'a Value) -> ApiResult<Input<'a>> {
        v.as_object()
            .map(|obj| Input {
                obj,
                problems: Vec::new(),
            })
            .ok_or(ApiError::InvalidJson)
    }

    fn present(&self, key: &str) -> Option<&'a Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    pub fn problem(&mut self, key: &str, message: String) {
        self.problems.push((key.to_owned(), message));
    }

    pub fn raw(&self, key: &str) -> Option<&'a Value> {
        self.present(key)
    }

    pub fn is_null(&self, key: &str) -> bool {
        self.obj.get(key).is_some_and(Value::is_null)
    }

    /// A date field with its `_gmt` twin, as WordPress pairs them: `key` is German time (the
    /// site's), `key_gmt` UTC, and a date naming its zone is that moment. `None`: neither
    /// given; `Some(None)`: cleared (`null` or `""`).
    pub fn moment(&mut self, key: &str) -> Option<Option<i64>> {
        use crate::dates::Clock;
        let gmt = format!("{key}_gmt");
        let (raw, clock) = match (self.raw(key), self.raw(&gmt)) {
            (Some(v), _) => (v, Clock::German),
            (None, Some(v)) => (v, Clock::Utc),
            (None, None) if self.is_null(key) || self.is_null(&gmt) => return Some(None),
            (None, None) => return None,
        };
        match raw.as_str() {
            Some("") => Some(None),
            Some(s) => match crate::dates::parse_moment(s, clock) {
                Some(t) => Some(Some(t)),
                None => {
                    self.problem(
                        key,
                        tf("%s must be a date such as 2026-12-01T00:00:00.", &[&key]),
                    );
                    None
                }
            },
            None => {
                self.problem(key, tf("%s is not of type string.", &[&key]));
                None
            }
        }
    }

    pub fn string(&mut self, key: &str) -> Option<String> {
        match self.present(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => {
                self.problem(key, tf("%s is not of type string.", &[&key]));
                None
            }
        }
    }

    pub fn boolean(&mut self, key: &str) -> Option<bool> {
        match self.present(key)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) if matches!(s.as_str(), "true" | "1") => Some(true),
            Value::String(s) if matches!(s.as_str(), "false" | "0" | "") => Some(false),
            Value::Number(n) if n.as_i64() == Some(1) => Some(true),
            Value::Number(n) if n.as_i64() == Some(0) => Some(false),
            _ => {
                self.problem(key, tf("%s is not of type boolean.", &[&key]));
                None
            }
        }
    }

    pub fn int(&mut self, key: &str) -> Option<i64> {
        let v = self.present(key)?;
        let n = match v {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        if n.is_none() {
            self.problem(key, tf("%s is not of type integer.", &[&key]));
        }
        n
    }

    /// An integer, or `null` to unset it.
    pub fn nullable_int(&mut self, key: &str) -> Option<Option<i64>> {
        if self.is_null(key) || self.obj.get(key).is_some_and(|v| v.as_str() == Some("")) {
            return Some(None);
        }
        self.int(key).map(Some)
    }

    /// A price: "12.50" (or a number); "" or null unsets it. Negative prices are refused.
    pub fn price(&mut self, key: &str) -> Option<Option<Money>> {
        let v = self.obj.get(key)?;
        let text = match v {
            Value::Null => return Some(None),
            Value::String(s) if s.trim().is_empty() => return Some(None),
            Value::String(s) => s.trim().to_owned(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        match Money::parse_decimal(&text) {
            Some(m) if m.cents() >= 0 => Some(Some(m)),
            _ => {
                self.problem(key, tf("%s must be a price such as 12.50.", &[&key]));
                None
            }
        }
    }

    /// A string that must be one of `allowed`.
    pub fn one_of(&mut self, key: &str, allowed: &[&str]) -> Option<String> {
        let s = self.string(key)?;
        if allowed.contains(&s.as_str()) {
            Some(s)
        } else {
            self.problem(key, crate::extract::not_one_of(key, allowed.join(", ")));
            None
        }
    }

    /// `[{id: 1}, …]` → ids.
    pub fn id_refs(&mut self, key: &str) -> Option<Vec<i64>> {
        let list = self.present(key)?;
        let ids: Option<Vec<i64>> = list.as_array().and_then(|a| {
            a.iter()
                .map(|o| o.get("id").and_then(Value::as_i64))
                .collect()
        });
        if ids.is_none() {
            self.problem(key, tf("%s must be a list of objects with an id.", &[&key]));
        }
        ids
    }

    /// An address object (WooCommerce's billing/shipping fields, all strings).
    pub fn address(&mut self, key: &str) -> Option<laden_store::Address> {
        let v = self.present(key)?;
        match serde_json::from_value::<laden_store::Address>(v.clone()) {
            Ok(a) => Some(a),
            Err(_) => {
                self.problem(key, tf("%s must be an address object of strings.", &[&key]));
                None
            }
        }
    }

    /// Fails with every collected problem, or passes.
    pub fn finish(self) -> ApiResult<()> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(ApiError::InvalidParams(self.problems))
        }
    }
}

/// WooCommerce's limit of objects in one batch request.
const BATCH_LIMIT: usize = 100;

/// A batch request: `{create: [...], update: [...], delete: [ids]}`.
pub(crate) struct Batch {
    pub create: Vec<Value>,
    pub update: Vec<Value>,
    pub delete: Vec<Value>,
}

impl Batch {
    pub fn parse(body: &Value) -> ApiResult<Batch> {
        let list = |key: &str| -> ApiResult<Vec<Value>> {
            match body.get(key) {
                None | Some(Value::Null) => Ok(Vec::new()),
                Some(Value::Array(a)) => Ok(a.clone()),
                Some(_) => Err(ApiError::param(
                    key,
                    tf("%s is not of type array.", &[&key]),
                )),
            }
        };
        let batch = Batch {
            create: list("create")?,
            update: list("update")?,
            delete: list("delete")?,
        };
        if batch.create.len() + batch.update.len() + batch.delete.len() > BATCH_LIMIT {
            return Err(ApiError::Coded {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                code: "woocommerce_rest_request_entity_too_large",
                message: tf(
                    "Unable to accept more than %s items for this request.",
                    &[&BATCH_LIMIT],
                ),
            });
        }
        Ok(batch)
    }

    /// The id of an update or delete entry (`{id}` or a bare number).
    pub fn id_of(v: &Value) -> i64 {
        v.as_i64()
            .or_else(|| v.get("id").and_then(Value::as_i64))
            .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
            .unwrap_or(0)
    }

    /// One entry of the answer: the object, or `{id, error}` as WooCommerce reports failures.
    pub fn entry(result: ApiResult<impl serde::Serialize>, id: i64) -> Value {
        match result {
            Ok(v) => crate::wire::value(&v),
            Err(e) => {
                if let ApiError::Internal(cause) = &e {
                    tracing::error!(%cause, "internal error in a batch entry");
                }
                json!({ "id": id, "error": e.to_body() })
            }
        }
    }
}
