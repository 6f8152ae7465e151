//! `wp/v2/users`: the signed-in user (`me`) and new accounts made by administrators.

use super::*;

pub(super) async fn users_me(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let Some(user) = &who.user else {
        return Err(ApiError::NotLoggedIn);
    };
    let edit = match params.get("context").unwrap_or("view") {
        "view" | "embed" => false,
        "edit" => true,
        _ => {
            return Err(ApiError::param(
                "context",
                crate::extract::not_one_of("context", "view, embed, edit"),
            ))
        }
    };
    Ok(Json(user_json(&state, user, edit)).into_response())
}

pub(super) fn user_json(state: &AppState, user: &laden_store::User, edit: bool) -> Value {
    let mut v = json!({
        "id": user.id,
        "name": user.display_name,
        "url": "",
        "description": "",
        "link": format!("{}/mein-konto/", state.config.site_url),
        "slug": laden_domain::text::slugify(&user.login),
        "avatar_urls": {},
        "meta": [],
    });
    if edit {
        let caps: Map<String, Value> = capabilities(&user.role)
            .iter()
            .map(|c| ((*c).to_owned(), json!(true)))
            .chain([(user.role.clone(), json!(true))])
            .collect();
        v["username"] = json!(user.login);
        v["email"] = json!(user.email);
        v["first_name"] = json!("");
        v["last_name"] = json!("");
        v["nickname"] = json!(user.login);
        v["locale"] = json!("de_DE");
        v["registered_date"] = json!(format!("{}+00:00", iso(user.created_at)));
        v["roles"] = json!([user.role]);
        v["capabilities"] = Value::Object(caps);
        v["extra_capabilities"] = json!({ user.role.clone(): true });
    }
    v
}

/// `POST /wp/v2/users`: an administrator creates an account (staff or customer).
pub(super) async fn create_user(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("create_users", "rest_cannot_create_user")?;
    let text = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let (login, email, password) = (
        text("username"),
        text("email"),
        body.get("password")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
    );
    let role = match body.get("roles") {
        None | Some(Value::Null) => "customer".to_owned(),
        Some(Value::Array(list)) if list.len() == 1 => {
            list[0].as_str().unwrap_or_default().to_owned()
        }
        Some(_) => String::new(),
    };
    let mut problems = Vec::new();
    if login.is_empty() || login.len() > 60 || login.chars().any(|c| c.is_control()) {
        problems.push((
            "username".to_owned(),
            t("Please enter a user name (at most 60 characters)."),
        ));
    }
    if laden_domain::Email::parse(&email).is_none() {
        problems.push(("email".to_owned(), t("Please enter a valid email address.")));
    }
    if password.chars().count() < 12 {
        problems.push((
            "password".to_owned(),
            t("The password needs at least 12 characters."),
        ));
    }
    if !laden_store::ROLES.contains(&role.as_str()) {
        problems.push((
            "roles".to_owned(),
            crate::extract::not_one_of("roles", laden_store::ROLES.join(", ")),
        ));
    }
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    let user = state
        .store
        .create_user(&login, &email, &password, &role)
        .await
        .map_err(|e| match e {
            laden_store::StoreError::Conflict(_) => ApiError::Coded {
                status: StatusCode::BAD_REQUEST,
                code: "existing_user_login",
                message: t("Sorry, that username or email address is already used."),
            },
            other => other.into(),
        })?;
    Ok((StatusCode::CREATED, Json(user_json(&state, &user, true))).into_response())
}
