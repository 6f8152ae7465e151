//! `/wp-login.php`: the login form, its throttles, starting a session and logging out.

use super::*;

/// The login form; `message` is an error (`Err`) or a notice (`Ok`).
pub(super) fn login_form(
    state: &AppState,
    status: StatusCode,
    message: Option<Result<&str, &str>>,
    log: &str,
    redirect_to: &str,
) -> Response {
    login_page(state, status, message, log, redirect_to, "")
}

/// The login form followed by `after` (HTML, e.g. the registration form).
pub(super) fn login_page(
    state: &AppState,
    status: StatusCode,
    message: Option<Result<&str, &str>>,
    log: &str,
    redirect_to: &str,
    after: &str,
) -> Response {
    let error = match message {
        Some(Err(e)) => format!(
            "<p class=\"notice notice--error\" role=\"alert\" id=\"login_error\">{}</p>",
            esc(e)
        ),
        Some(Ok(n)) => format!("<p class=\"notice\" role=\"status\">{}</p>", esc(n)),
        None => String::new(),
    };
    // After refused credentials both fields carry the error (WCAG 3.3.1) and the one to retype
    // has the focus: the password once a name was given, as WordPress does.
    let refused = matches!(message, Some(Err(_)));
    let marked = |focus: bool| match (refused, focus) {
        (false, _) => "",
        (true, false) => " aria-invalid=\"true\" aria-describedby=\"login_error\"",
        (true, true) => " aria-invalid=\"true\" aria-describedby=\"login_error\" autofocus",
    };
    let body = format!(
        "{error}<form method=\"post\" action=\"/wp-login.php\" class=\"login-form\">\
         <p><label for=\"user_login\">{l_user}</label><input type=\"text\" name=\"log\" id=\"user_login\" autocomplete=\"username\" value=\"{log}\" required{user_marked}></p>\
         <p><label for=\"user_pass\">{l_pass}</label><input type=\"password\" name=\"pwd\" id=\"user_pass\" autocomplete=\"current-password\" required{pass_marked}></p>\
         <p><label><input type=\"checkbox\" name=\"rememberme\" value=\"forever\"> {l_remember}</label></p>\
         <input type=\"hidden\" name=\"redirect_to\" value=\"{redirect}\">\
         <p><button type=\"submit\" class=\"button\">{l_submit}</button></p></form>\
         <p class=\"login-form__lost\"><a href=\"{LOST_PASSWORD_PATH}\">{l_lost}</a></p>{after}",
        l_user = esc(&t("Username or email address")),
        l_pass = esc(&t("Password")),
        l_remember = esc(&t("Remember me")),
        l_submit = esc(&t("Log in")),
        l_lost = esc(&t("Lost your password?")),
        log = esc(log),
        redirect = esc(redirect_to),
        user_marked = marked(log.is_empty()),
        pass_marked = marked(!log.is_empty()),
    );
    page(state, status, &t("Log in"), &body)
}

pub(super) async fn login_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    match q.get("action").map(String::as_str) {
        Some("logout") => {
            return logout(&state, &headers, q.get("_wpnonce").map(String::as_str)).await
        }
        // WordPress's own form for a forgotten password.
        Some("lostpassword" | "retrievepassword") => {
            return axum::response::Redirect::to(LOST_PASSWORD_PATH).into_response()
        }
        _ => {}
    }
    let redirect = q
        .get("redirect_to")
        .and_then(|r| safe_redirect(&state, r))
        .unwrap_or_default();
    login_form(&state, StatusCode::OK, None, "", &redirect)
}

pub(super) async fn login_post(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Query(q): Query<Form>,
    BodyBytes(body): FormBody,
) -> Response {
    let form = parse_form(&body);
    if q.get("action").or(form.get("action")).map(String::as_str) == Some("logout") {
        return logout(
            &state,
            &headers,
            form.get("_wpnonce")
                .or(q.get("_wpnonce"))
                .map(String::as_str),
        )
        .await;
    }
    let log = form
        .get("log")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    let pwd = form.get("pwd").cloned().unwrap_or_default();
    let redirect = form
        .get("redirect_to")
        .and_then(|r| safe_redirect(&state, r))
        .unwrap_or_default();
    if log.is_empty() || pwd.is_empty() {
        return login_form(
            &state,
            StatusCode::BAD_REQUEST,
            Some(Err(&t("Please enter your username and password."))),
            &log,
            &redirect,
        );
    }
    // Failures are limited per login (below) and per address: guessing across many
    // logins from one address is stopped too.
    let address_bucket = client.bucket("login");
    if let Some(refused) = login_throttled(&state, &address_bucket, &log).await {
        return refused;
    }
    let user = match state.store.authenticate(&log, &pwd).await {
        Ok(u) => u,
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let Some(user) = user else {
        return login_failed(&state, &address_bucket, &log, &redirect).await;
    };
    // Double opt-in: no login before the e-mail address is confirmed.
    if user.confirmed_at.is_none() {
        // Shown like a wrong password (WordPress answers its login errors with 200).
        return page(&state, StatusCode::OK, &t("Log in"), &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>{}",
            esc(&t("Please confirm your e-mail address first: we sent you a link when you registered.")),
            resend_form(&user.email),
        ));
    }
    if let Err(e) = state.store.clear_login_failures(&log).await {
        return crate::error::ApiError::from(e).into_response();
    }
    let remember = form.get("rememberme").is_some_and(|v| !v.is_empty());
    start_session(&state, &headers, &user, remember, redirect).await
}

/// Whether a login is refused before its password is checked: too many failures from this
/// address, or for this login (which may also slow the answer down).
pub(super) async fn login_throttled(
    state: &AppState,
    address_bucket: &str,
    log: &str,
) -> Option<Response> {
    match state
        .store
        .at_limit(address_bucket, throttle::LOGIN_FAILURES)
        .await
    {
        Ok(Rate::Limited { retry_after }) => return Some(too_many(state, retry_after)),
        Ok(Rate::Allowed) => {}
        Err(e) => return Some(crate::error::ApiError::from(e).into_response()),
    }
    match state.store.login_throttle(log).await {
        Ok(Throttle::Locked(secs)) => Some(too_many(state, secs)),
        Ok(Throttle::Slow(ms)) => {
            tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
            None
        }
        Ok(Throttle::Open) => None,
        Err(e) => Some(crate::error::ApiError::from(e).into_response()),
    }
}

/// A wrong login or password: counted against the address and the login (which may lock it),
/// and the form shown again.
async fn login_failed(
    state: &AppState,
    address_bucket: &str,
    log: &str,
    redirect: &str,
) -> Response {
    if let Some(refused) = count_failure(state, address_bucket, log).await {
        return refused;
    }
    login_form(
        state,
        StatusCode::OK,
        Some(Err(&t("The username or password is incorrect."))),
        log,
        redirect,
    )
}

/// A wrong password for `log`, counted against the client's address and the login: the
/// refusal to answer with when either has reached its limit (or the store failed).
pub(super) async fn count_failure(
    state: &AppState,
    address_bucket: &str,
    log: &str,
) -> Option<Response> {
    if let Ok(Rate::Limited { retry_after }) = state
        .store
        .hit(address_bucket, throttle::LOGIN_FAILURES)
        .await
    {
        return Some(too_many(state, retry_after));
    }
    match state.store.record_login_failure(log).await {
        Ok(Throttle::Locked(secs)) => Some(too_many(state, secs)),
        Ok(_) => None,
        Err(e) => Some(crate::error::ApiError::from(e).into_response()),
    }
}

/// A login that passed: a new session (the old one, if any, ends), its cookies and the redirect.
async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    user: &laden_store::User,
    remember: bool,
    redirect: String,
) -> Response {
    // A login always starts a new session: the old one (if any) ends.
    if let Ok(Some(old)) = state.session(headers).await {
        let _ = state.store.end_session(&old.token_hash).await;
    }
    let token = laden_store::random_token(32);
    let ttl = if remember {
        REMEMBER_SECS
    } else {
        SESSION_SECS
    };
    if let Err(e) = state
        .store
        .create_session(&hash_token(&token), user.id, ttl)
        .await
    {
        return crate::error::ApiError::from(e).into_response();
    }
    tracing::info!(user = user.id, "login");
    let target = if redirect.is_empty() {
        "/mein-konto/".to_owned()
    } else {
        redirect
    };
    let mut res = (StatusCode::FOUND, [(header::LOCATION, target)]).into_response();
    res.headers_mut().insert(
        header::SET_COOKIE,
        state.session_cookie(&token, remember.then_some(ttl)),
    );
    let staff = crate::auth::capabilities(&user.role).contains(&"edit_pages");
    res.headers_mut().append(
        header::SET_COOKIE,
        if staff {
            state.staff_hint_cookie(remember.then_some(ttl))
        } else {
            state.clear_staff_hint_cookie()
        },
    );
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    res
}

fn too_many(state: &AppState, secs: i64) -> Response {
    refused(
        state,
        &t("Log in"),
        &tf(
            "Too many failed login attempts. Please try again in %d minutes.",
            &[&crate::error::minutes(secs)],
        ),
        secs,
    )
}

async fn logout(state: &AppState, headers: &HeaderMap, nonce: Option<&str>) -> Response {
    let session = state.session(headers).await.ok().flatten();
    let Some(session) = session else {
        return logged_out(state);
    };
    if !nonce.is_some_and(|n| state.verify_nonce(n, "log-out", Some(&session))) {
        // As WordPress does: no silent logout from a forged link; ask instead.
        let link = logout_link(state, &session);
        return page(
            state,
            StatusCode::FORBIDDEN,
            &t("Log out"),
            &format!(
                "<p>{}</p><p><a class=\"button\" href=\"{}\">{}</a></p>",
                esc(&t("Do you really want to log out?")),
                esc(&link),
                esc(&t("Log out"))
            ),
        );
    }
    if let Err(e) = state.store.end_session(&session.token_hash).await {
        return crate::error::ApiError::from(e).into_response();
    }
    logged_out(state)
}

/// Back to the account page, logged out: the session's and the staff hint's cookies cleared.
fn logged_out(state: &AppState) -> Response {
    let mut res = (
        StatusCode::FOUND,
        [(header::LOCATION, "/mein-konto/?loggedout=true")],
    )
        .into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, state.clear_cookie());
    res.headers_mut()
        .append(header::SET_COOKIE, state.clear_staff_hint_cookie());
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    res
}

pub(crate) fn logout_link(state: &AppState, session: &Session) -> String {
    format!(
        "/wp-login.php?action=logout&_wpnonce={}",
        state.nonce("log-out", Some(session))
    )
}
