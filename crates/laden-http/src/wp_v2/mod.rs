//! `wp/v2`: pages, media, users/me and settings in WordPress's shapes.

use crate::auth::{capabilities, Identity};
use crate::dates::{german_iso, iso};
use crate::documents::esc;
use crate::error::{ApiError, ApiResult};
use crate::extract::{JsonBody, Paging, Params};
use crate::wire::cart::Empty;
use crate::wire::wp::{
    WpContent, WpField, WpMedia, WpMediaDetails, WpMediaSize, WpPage, WpRendered, WpRevision,
    WpSource,
};
use crate::AppState;
use axum::body::Body;
use axum::extract::{FromRequest, FromRequestParts, Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_store::media::{missing_sizes, MediaEntry};
use laden_store::pages::{PageChange, PageOrder, PageQuery, PAGE_STATUSES};
use laden_store::{Page, StoreError};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

mod media;
mod pages;
mod settings;
mod users;

use media::*;
use pages::*;
use settings::*;
use users::*;

/// Routes and their methods, for the index at `/wp-json/`.
pub const ROUTES: &[(&str, &[&str])] = &[
    ("/pages", &["GET", "POST"]),
    (
        "/pages/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/media", &["GET", "POST"]),
    (
        "/media/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/media/(?P<id>[\\d]+)/post-process", &["POST"]),
    ("/users", &["POST"]),
    ("/users/me", &["GET"]),
    ("/settings", &["GET", "POST", "PUT", "PATCH"]),
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/pages", get(list_pages).post(create_page))
        .route(
            "/pages/{id}",
            get(get_page)
                .post(update_page)
                .put(update_page)
                .patch(update_page)
                .delete(delete_page),
        )
        .route("/pages/{id}/revisions", get(list_revisions))
        .route("/pages/{id}/revisions/{rid}", get(get_revision))
        .route(
            "/media",
            get(list_media)
                .post(upload)
                .layer(axum::extract::DefaultBodyLimit::disable()),
        )
        .route(
            "/media/{id}",
            get(get_media)
                .post(update_media)
                .put(update_media)
                .patch(update_media)
                .delete(delete_media),
        )
        .route("/media/{id}/post-process", post(post_process))
        .route("/users", post(create_user))
        .route("/users/me", get(users_me))
        .route(
            "/settings",
            get(get_settings)
                .post(update_settings)
                .put(update_settings)
                .patch(update_settings),
        )
}

/// `context`: `view` (default), `embed` or `edit`; `edit` needs `cap`.
fn context(params: &Params, who: &Identity, cap: &str) -> ApiResult<bool> {
    match params.get("context").unwrap_or("view") {
        "view" | "embed" => Ok(false),
        "edit" => who.require(cap, "rest_forbidden_context").map(|_| true),
        _ => Err(ApiError::param(
            "context",
            crate::extract::not_one_of("context", "view, embed, edit"),
        )),
    }
}

fn order_desc(params: &Params) -> ApiResult<bool> {
    match params.get("order") {
        None | Some("desc") => Ok(true),
        Some("asc") => Ok(false),
        Some(_) => Err(ApiError::param(
            "order",
            crate::extract::not_one_of("order", "asc, desc"),
        )),
    }
}

fn id_of(raw: &str) -> ApiResult<i64> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or(ApiError::NoRoute)
}

/// The `{id}` of a `wp/v2` path: a positive number, or no route at all (WordPress's routes take
/// `(?P<id>[\d]+)`).
pub(super) struct PostId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for PostId {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::NoRoute)?;
        id_of(&raw).map(PostId)
    }
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::PostNotFound,
        // Another editor saved the page after this one loaded it.
        StoreError::Conflict(_) => ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_page_changed",
            message: t("Someone else has changed this page in the meantime. Reload it to see their changes; nothing of yours was saved."),
        },
        other => other.into(),
    }
}

fn string_field(body: &Value, name: &str) -> ApiResult<Option<String>> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Object(o)) => match o.get("raw") {
            Some(Value::String(s)) => Ok(Some(s.clone())),
            _ => Err(ApiError::param(
                name,
                tf("%s is not of type string.", &[&name]),
            )),
        },
        Some(_) => Err(ApiError::param(
            name,
            tf("%s is not of type string.", &[&name]),
        )),
    }
}

fn force(params: &Params) -> ApiResult<bool> {
    match params.get("force") {
        None | Some("false") | Some("0") | Some("") => Ok(false),
        Some("true") | Some("1") => Ok(true),
        Some(_) => Err(ApiError::param(
            "force",
            tf("%s is not of type boolean.", &[&"force"]),
        )),
    }
}
