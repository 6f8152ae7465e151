//! `wp/v2/users/{me|id}/application-passwords`: WordPress's routes for
//! application passwords (created per user, shown once, revocable).

use crate::auth::{hash_token, Identity};
use crate::dates::iso;
use crate::error::{ApiError, ApiResult};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::t;
use laden_store::{AppPassword, StoreError, User};
use serde_json::{json, Value};

pub const ROUTES: &[(&str, &[&str])] = &[
    (
        "/users/(?P<user_id>(?:[\\d]+|me))/application-passwords",
        &["GET", "POST", "DELETE"],
    ),
    (
        "/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/introspect",
        &["GET"],
    ),
    (
        "/users/(?P<user_id>(?:[\\d]+|me))/application-passwords/(?P<uuid>[\\w\\-]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/users/{user}/application-passwords",
            get(list).post(create).delete(delete_all),
        )
        .route(
            "/users/{user}/application-passwords/introspect",
            get(introspect),
        )
        .route(
            "/users/{user}/application-passwords/{uuid}",
            get(one)
                .post(rename)
                .put(rename)
                .patch(rename)
                .delete(delete_one),
        )
}

/// The user whose passwords are meant: `me`, or another user for those who may edit users.
async fn owner(state: &AppState, who: &Identity, user: &str) -> ApiResult<User> {
    let Some(me) = &who.user else {
        return Err(ApiError::Forbidden {
            code: "rest_cannot_manage_application_passwords",
            logged_in: false,
        });
    };
    if user == "me" || user.parse::<i64>().ok() == Some(me.id) {
        return Ok(me.clone());
    }
    who.require("edit_users", "rest_cannot_manage_application_passwords")?;
    let id: i64 = user.parse().map_err(|_| ApiError::NoRoute)?;
    state.store.user(id).await.map_err(|e| match e {
        StoreError::NotFound(_) => ApiError::param("user_id", t("Invalid user ID.")),
        other => other.into(),
    })
}

fn view(a: &AppPassword) -> Value {
    json!({
        "uuid": a.uuid,
        "app_id": a.app_id,
        "name": a.name,
        "created": iso(a.created_at),
        "last_used": a.last_used.map(iso),
        "last_ip": a.last_ip,
    })
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::param(
            "uuid",
            t("Could not find an application password with that id."),
        ),
        other => other.into(),
    }
}

/// 24 letters and digits, as `wp_generate_password(24, false)`.
fn new_secret() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    (0..24)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

/// Shown as WordPress shows it: groups of four.
fn chunked(secret: &str) -> String {
    secret
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

fn name_of(body: &Value) -> ApiResult<Option<String>> {
    match body.get("name") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if !s.trim().is_empty() && s.chars().count() <= 200 => {
            Ok(Some(s.trim().chars().filter(|c| !c.is_control()).collect()))
        }
        Some(_) => Err(ApiError::param(
            "name",
            t("A name of at most 200 characters is required."),
        )),
    }
}

async fn list(
    State(state): State<AppState>,
    who: Identity,
    Path(user): Path<String>,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let all = state.store.app_passwords(owner.id).await?;
    Ok(Json(all.iter().map(view).collect::<Vec<_>>()).into_response())
}

async fn create(
    State(state): State<AppState>,
    who: Identity,
    Path(user): Path<String>,
    crate::extract::JsonBody(body): crate::extract::JsonBody,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let name = name_of(&body)?.ok_or_else(|| {
        ApiError::param("name", t("A name of at most 200 characters is required."))
    })?;
    let app_id = match body.get("app_id") {
        Some(Value::String(s)) if uuid::Uuid::parse_str(s).is_ok() => s.clone(),
        None | Some(Value::Null) => String::new(),
        Some(_) => return Err(ApiError::param("app_id", t("The app id must be a UUID."))),
    };
    let secret = new_secret();
    let uuid = uuid::Uuid::new_v4().to_string();
    let created = state
        .store
        .create_app_password(owner.id, &uuid, &name, &app_id, &hash_token(&secret))
        .await?;
    let mut v = view(&created);
    v["password"] = json!(chunked(&secret));
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

async fn one(
    State(state): State<AppState>,
    who: Identity,
    Path((user, uuid)): Path<(String, String)>,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    Ok(Json(view(
        &state
            .store
            .app_password(owner.id, &uuid)
            .await
            .map_err(not_found)?,
    ))
    .into_response())
}

async fn introspect(
    State(state): State<AppState>,
    who: Identity,
    Path(user): Path<String>,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let Some(uuid) = who
        .app_password
        .as_deref()
        .filter(|_| who.user.as_ref().is_some_and(|u| u.id == owner.id))
    else {
        return Err(ApiError::param(
            "uuid",
            t("The current request was not signed with an application password."),
        ));
    };
    Ok(Json(view(
        &state
            .store
            .app_password(owner.id, uuid)
            .await
            .map_err(not_found)?,
    ))
    .into_response())
}

async fn rename(
    State(state): State<AppState>,
    who: Identity,
    Path((user, uuid)): Path<(String, String)>,
    crate::extract::JsonBody(body): crate::extract::JsonBody,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let current = state
        .store
        .app_password(owner.id, &uuid)
        .await
        .map_err(not_found)?;
    let updated = match name_of(&body)? {
        Some(name) => state
            .store
            .rename_app_password(owner.id, &uuid, &name)
            .await
            .map_err(not_found)?,
        None => current,
    };
    Ok(Json(view(&updated)).into_response())
}

async fn delete_one(
    State(state): State<AppState>,
    who: Identity,
    Path((user, uuid)): Path<(String, String)>,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let gone = state
        .store
        .delete_app_password(owner.id, &uuid)
        .await
        .map_err(not_found)?;
    Ok(Json(json!({ "deleted": true, "previous": view(&gone) })).into_response())
}

async fn delete_all(
    State(state): State<AppState>,
    who: Identity,
    Path(user): Path<String>,
) -> ApiResult<Response> {
    let owner = owner(&state, &who, &user).await?;
    let count = state.store.delete_app_passwords(owner.id).await?;
    Ok(Json(json!({ "deleted": true, "count": count })).into_response())
}
