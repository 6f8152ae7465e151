//! Forgotten passwords at `/mein-konto/passwort-vergessen/`: asking for a link (by login name or
//! e-mail address, and the same answer for any), the link from the mail, and the new password.
//! The link's key is an HMAC of the account, its current password hash and the moment the link
//! was made: nothing secret is stored, and a link stops working once the password has changed.

use super::register::{throttled_form, Throttled, MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};
use super::*;
use laden_store::{User, PASSWORD_RESET_LIFETIME};

/// Where the form is; old addresses lead here.
pub(crate) const LOST_PASSWORD_PATH: &str = "/mein-konto/passwort-vergessen/";

/// Requests for a link: their name in the client's rate buckets and their limit.
const REQUEST: Throttled = ("lost-password", throttle::PASSWORD_RESETS);

/// A reset link is sent at most this often per account.
pub const RESET_AFTER_SECS: i64 = 5 * 60;

/// The key of a link made at `issued` for `user`, whose password hash is `stamp`.
fn reset_key(state: &AppState, user: &User, stamp: &str, issued: i64) -> String {
    let message = format!(
        "password-reset|{}|{}|{stamp}|{issued}",
        user.id,
        user.email.to_lowercase()
    );
    state.sign(&message, 16)
}

/// The link a reset mail made at `issued` carries, for `user` whose password hash is `stamp`.
pub(crate) fn reset_link(state: &AppState, user: &User, stamp: &str, issued: i64) -> String {
    format!(
        "{}{LOST_PASSWORD_PATH}?user={}&time={issued}&key={}",
        state.config.site_url,
        user.id,
        reset_key(state, user, stamp, issued)
    )
}

/// How long a link is valid, in hours, as the texts say it.
pub(crate) fn reset_hours() -> i64 {
    PASSWORD_RESET_LIFETIME / 3600
}

/// What a reset link (`user`, `time`, `key`) is worth.
enum Link {
    Valid(User),
    Invalid,
    Expired,
}

async fn check_link(state: &AppState, q: &Form) -> Link {
    let id: i64 = q.get("user").and_then(|v| v.parse().ok()).unwrap_or(0);
    let issued: i64 = q.get("time").and_then(|v| v.parse().ok()).unwrap_or(0);
    let key = q.get("key").map(String::as_str).unwrap_or("");
    let Ok((user, stamp)) = state.store.user_with_stamp(id).await else {
        return Link::Invalid;
    };
    let want = reset_key(state, &user, &stamp, issued);
    if key.is_empty() || !crate::auth::constant_eq(want.as_bytes(), key.as_bytes()) {
        return Link::Invalid;
    }
    if issued + PASSWORD_RESET_LIFETIME < crate::dates::now() {
        return Link::Expired;
    }
    Link::Valid(user)
}

/// A notice the forms' fields can point at: an error (`alert`) or a confirmation (`status`).
fn notice(error: bool, text: &str) -> String {
    let (class, role) = if error {
        ("notice notice--error", "alert")
    } else {
        ("notice", "status")
    };
    format!(
        "<p class=\"{class}\" role=\"{role}\" id=\"reset_notice\">{}</p>",
        esc(text)
    )
}

/// The form that asks for a link; after a refusal its field carries the error and the focus.
fn request_form(error: Option<&str>) -> String {
    let marked = if error.is_some() {
        " aria-invalid=\"true\" aria-describedby=\"reset_notice\" autofocus"
    } else {
        ""
    };
    format!(
        "{message}<p>{intro}</p><form method=\"post\" action=\"{LOST_PASSWORD_PATH}\" class=\"login-form\">\
         <p><label for=\"user_login\">{label}</label><input type=\"text\" name=\"user_login\" id=\"user_login\" autocomplete=\"username\" required{marked}></p>\
         <p><button type=\"submit\" class=\"button\">{submit}</button></p></form>",
        message = error.map(|e| notice(true, e)).unwrap_or_default(),
        intro = esc(&t("Lost your password? Please enter your username or email address. You will receive a link to create a new password via email.")),
        label = esc(&t("Username or email address")),
        submit = esc(&t("Reset password")),
    )
}

/// The form for the new password, carrying the link's parts.
fn password_form(q: &Form, error: Option<&str>) -> String {
    let marked = if error.is_some() {
        " aria-invalid=\"true\" aria-describedby=\"reset_notice\" autofocus"
    } else {
        ""
    };
    let hidden = |name: &str| {
        format!(
            "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
            esc(q.get(name).map(String::as_str).unwrap_or(""))
        )
    };
    format!(
        "{message}<form method=\"post\" action=\"{LOST_PASSWORD_PATH}\" class=\"login-form\">{user}{time}{key}\
         <p><label for=\"password_1\">{l_new}</label><input type=\"password\" name=\"password_1\" id=\"password_1\" autocomplete=\"new-password\" minlength=\"{min}\" required{marked}></p>\
         <p><label for=\"password_2\">{l_again}</label><input type=\"password\" name=\"password_2\" id=\"password_2\" autocomplete=\"new-password\" minlength=\"{min}\" required></p>\
         <p><button type=\"submit\" class=\"button\">{submit}</button></p></form>",
        message = error.map(|e| notice(true, e)).unwrap_or_default(),
        user = hidden("user"),
        time = hidden("time"),
        key = hidden("key"),
        l_new = esc(&tf("New password (at least %d characters)", &[&MIN_PASSWORD_CHARS])),
        l_again = esc(&t("Re-enter new password")),
        min = MIN_PASSWORD_CHARS,
        submit = esc(&t("Save password")),
    )
}

/// A link that is not (or no longer) good: said, with the way to ask for a new one.
fn bad_link(state: &AppState, link: &Link) -> Response {
    let (status, text) = match link {
        Link::Expired => (StatusCode::GONE, t("This link to reset your password has expired.")),
        _ => (
            StatusCode::NOT_FOUND,
            t("This link to reset your password is not valid. Please use the link from the latest e-mail."),
        ),
    };
    let body = format!(
        "{}<p><a href=\"{LOST_PASSWORD_PATH}\">{}</a></p>",
        notice(true, &text),
        esc(&t("Request a new link")),
    );
    page(state, status, &t("Lost password"), &body)
}

pub(super) async fn lost_password_get(
    State(state): State<AppState>,
    Query(q): Query<Form>,
) -> Response {
    if !q.contains_key("key") {
        return page(
            &state,
            StatusCode::OK,
            &t("Lost password"),
            &request_form(None),
        );
    }
    match check_link(&state, &q).await {
        Link::Valid(_) => page(
            &state,
            StatusCode::OK,
            &t("Set a new password"),
            &password_form(&q, None),
        ),
        other => bad_link(&state, &other),
    }
}

pub(super) async fn lost_password_post(
    State(state): State<AppState>,
    client: ClientAddr,
    BodyBytes(body): FormBody,
) -> Response {
    let form = parse_form(&body);
    if form.contains_key("key") {
        return set_password(&state, &form).await;
    }
    let title = t("Lost password");
    let (form, _) = match throttled_form(&state, &client, REQUEST, &title, &body).await {
        Ok(form) => form,
        Err(refused) => return refused,
    };
    let log = form
        .get("user_login")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default();
    if log.is_empty() {
        let form = request_form(Some(&t("Please enter your username or email address.")));
        return page(&state, StatusCode::BAD_REQUEST, &title, &form);
    }
    match state
        .store
        .request_password_reset(&log, RESET_AFTER_SECS)
        .await
    {
        Ok(true) => state.wake_mailer(),
        Ok(false) => {}
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    }
    page(&state, StatusCode::OK, &title, &notice(
        false,
        &tf("If an account exists for this username or email address, we have sent it a link to create a new password. The link is valid for %d hours.", &[&reset_hours()]),
    ))
}

/// The new password from the link's form: checked, saved, every session of the account ended.
async fn set_password(state: &AppState, form: &Form) -> Response {
    let user = match check_link(state, form).await {
        Link::Valid(user) => user,
        other => return bad_link(state, &other),
    };
    let password = form.get("password_1").cloned().unwrap_or_default();
    let problem = if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&password.chars().count())
    {
        Some(t("Please choose a password of at least 8 characters."))
    } else if form.get("password_2") != Some(&password) {
        Some(t("The two passwords do not match."))
    } else {
        None
    };
    if let Some(problem) = problem {
        let body = password_form(form, Some(&problem));
        return page(
            state,
            StatusCode::BAD_REQUEST,
            &t("Set a new password"),
            &body,
        );
    }
    if let Err(e) = state.store.reset_password(&user, &password).await {
        return crate::error::ApiError::from(e).into_response();
    }
    login_form(
        state,
        StatusCode::OK,
        Some(Ok(&t(
            "Your password has been changed. You can log in now.",
        ))),
        &user.email,
        "/mein-konto/",
    )
}
