//! Logging in and out: `/wp-login.php` (WordPress's form fields), the German
//! account page `/mein-konto/`, and `admin-ajax.php?action=rest-nonce`.

use crate::auth::{hash_token, Session, REMEMBER_SECS, SESSION_SECS};
use crate::documents::esc;
use crate::extract::{BodyBytes, REQUEST_LIMIT};
use crate::throttle::{self, ClientAddr};
use crate::AppState;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::{t, tf};
use laden_store::{Rate, Throttle};
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/wp-login.php", get(login_get).post(login_post))
        .route("/mein-konto/", get(account))
        .route("/mein-konto/registrieren/", axum::routing::post(register))
        .route("/mein-konto/bestaetigen/", get(confirm).post(resend))
        .route(
            "/wp-admin/admin-ajax.php",
            get(admin_ajax).post(admin_ajax_post),
        )
}

type Form = HashMap<String, String>;

fn parse_form(body: &[u8]) -> Form {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(body)
        .map(|v| v.into_iter().collect())
        .unwrap_or_default()
}

/// The form's e-mail address as typed, without the spaces around it.
fn form_email(form: &Form) -> String {
    form.get("email")
        .map(|s| s.trim().to_owned())
        .unwrap_or_default()
}

/// A same-origin target for `redirect_to`, or `None`.
fn safe_redirect(state: &AppState, target: &str) -> Option<String> {
    let target = target.trim();
    let site = state.config.site_url.as_str();
    let path = if let Some(rest) = target.strip_prefix(site) {
        if rest.is_empty() {
            "/"
        } else {
            rest
        }
    } else {
        target
    };
    let ok = path.starts_with('/')
        && !path.starts_with("//")
        && !path.starts_with("/\\")
        && !path.chars().any(|c| c.is_control() || c == '\\');
    ok.then(|| path.to_owned())
}

/// A small German page in the shop's styles, never cached.
pub(crate) fn page(state: &AppState, status: StatusCode, title: &str, body: &str) -> Response {
    let links: String = state
        .assets
        .styles
        .iter()
        .map(|s| format!("<link rel=\"stylesheet\" href=\"{}\">", esc(s)))
        .collect();
    let styles = format!("{}{links}", state.assets.inline_styles);
    let html = format!(
        "<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex, nofollow\">{favicon}<title>{title}</title>{styles}</head>\
         <body class=\"account-page\"><main id=\"content\" class=\"container account\"><h1>{title}</h1>{body}\
         <p><a href=\"/\">{back}</a></p></main></body></html>",
        title = esc(title),
        back = esc(&t("Back to the shop")),
        favicon = crate::documents::FAVICON,
    );
    let mut res = (status, Html(html)).into_response();
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store, private"),
    );
    res
}

/// The login form; `message` is an error (`Err`) or a notice (`Ok`).
fn login_form(
    state: &AppState,
    status: StatusCode,
    message: Option<Result<&str, &str>>,
    log: &str,
    redirect_to: &str,
) -> Response {
    login_page(state, status, message, log, redirect_to, "")
}

/// The login form followed by `after` (HTML, e.g. the registration form).
fn login_page(
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
         <p><button type=\"submit\" class=\"button\">{l_submit}</button></p></form>{after}",
        l_user = esc(&t("Username or email address")),
        l_pass = esc(&t("Password")),
        l_remember = esc(&t("Remember me")),
        l_submit = esc(&t("Log in")),
        log = esc(log),
        redirect = esc(redirect_to),
        user_marked = marked(log.is_empty()),
        pass_marked = marked(!log.is_empty()),
    );
    page(state, status, &t("Log in"), &body)
}

async fn login_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    if q.get("action").map(String::as_str) == Some("logout") {
        return logout(&state, &headers, q.get("_wpnonce").map(String::as_str)).await;
    }
    let redirect = q
        .get("redirect_to")
        .and_then(|r| safe_redirect(&state, r))
        .unwrap_or_default();
    login_form(&state, StatusCode::OK, None, "", &redirect)
}

async fn login_post(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    Query(q): Query<Form>,
    BodyBytes(body): BodyBytes<REQUEST_LIMIT>,
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
async fn login_throttled(state: &AppState, address_bucket: &str, log: &str) -> Option<Response> {
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
    if let Ok(Rate::Limited { retry_after }) = state
        .store
        .hit(address_bucket, throttle::LOGIN_FAILURES)
        .await
    {
        return too_many(state, retry_after);
    }
    match state.store.record_login_failure(log).await {
        Ok(Throttle::Locked(secs)) => too_many(state, secs),
        Ok(_) => login_form(
            state,
            StatusCode::OK,
            Some(Err(&t("The username or password is incorrect."))),
            log,
            redirect,
        ),
        Err(e) => crate::error::ApiError::from(e).into_response(),
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
    let minutes = crate::error::minutes(secs);
    let mut res = page(
        state,
        StatusCode::TOO_MANY_REQUESTS,
        &t("Log in"),
        &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>",
            esc(&tf(
                "Too many failed login attempts. Please try again in %d minutes.",
                &[&minutes]
            ))
        ),
    );
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
    res
}

async fn logout(state: &AppState, headers: &HeaderMap, nonce: Option<&str>) -> Response {
    let session = state.session(headers).await.ok().flatten();
    let Some(session) = session else {
        let mut res = (
            StatusCode::FOUND,
            [(header::LOCATION, "/mein-konto/?loggedout=true")],
        )
            .into_response();
        res.headers_mut()
            .insert(header::SET_COOKIE, state.clear_cookie());
        res.headers_mut()
            .append(header::SET_COOKIE, state.clear_staff_hint_cookie());
        return res;
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

/// The account's downloads: each file of its paid orders with its link, the downloads left
/// and until when.
fn downloads_table(list: &[(i64, laden_store::downloads::DownloadGrant)]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let rows: String = list
        .iter()
        .map(|(order, g)| {
            format!(
                "<tr><td>{}</td><td><a href=\"{}\" download>{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&g.product_name),
                esc(&crate::wire::download_path(&g.token)),
                esc(&g.name),
                esc(&tf("Order %s", &[order])),
                g.remaining.map_or_else(|| esc(&t("Unlimited")), |n| n.to_string()),
                g.expires_at.map_or_else(|| esc(&t("Never")), |e| esc(&crate::dates::german_local_date(e))),
            )
        })
        .collect();
    format!(
        "<section aria-labelledby=\"downloads-title\"><h2 id=\"downloads-title\">{}</h2><table class=\"cart-table\">\
         <thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\
         <tbody>{rows}</tbody></table></section>",
        esc(&t("Downloads")),
        esc(&t("Product")),
        esc(&t("File")),
        esc(&t("Order")),
        esc(&t("Downloads remaining")),
        esc(&t("Expires")),
    )
}

/// The account's invoices and cancellation invoices, each a PDF to download.
fn invoices_table(list: &[(laden_store::Invoice, String)]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let rows: String = list
        .iter()
        .map(|(i, key)| {
            format!(
                "<tr><td><a href=\"{}\" download>{} {}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&crate::invoices::customer_url(i.id, key)),
                esc(&i.title()),
                esc(&i.number),
                esc(&crate::dates::german_local_date(i.issued_at)),
                esc(&tf("Order %s", &[&i.order_id.to_string()])),
                esc(&laden_domain::Money::from_cents(i.total).format_de()),
            )
        })
        .collect();
    format!(
        "<section aria-labelledby=\"invoices-title\"><h2 id=\"invoices-title\">{}</h2><table class=\"cart-table\">\
         <thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead>\
         <tbody>{rows}</tbody></table></section>",
        esc(&t("Invoices")),
        esc(&t("Invoice")),
        esc(&t("Date")),
        esc(&t("Order")),
        esc(&t("Total")),
    )
}

async fn account(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    match state.session(&headers).await {
        Ok(Some(session)) => {
            let downloads = match state.store.customer_downloads(&session.user.email).await {
                Ok(list) => downloads_table(&list),
                Err(e) => return crate::error::ApiError::from(e).into_response(),
            };
            let invoices = match state.store.customer_invoices(&session.user.email).await {
                Ok(list) => invoices_table(&list),
                Err(e) => return crate::error::ApiError::from(e).into_response(),
            };
            let body = format!(
                "<p>{}</p>{invoices}{downloads}<p><a class=\"button\" href=\"{}\">{}</a></p>",
                esc(&tf("Hello %s!", &[&session.user.display_name])),
                esc(&logout_link(&state, &session)),
                esc(&t("Log out")),
            );
            page(&state, StatusCode::OK, &t("My account"), &body)
        }
        Ok(None) => {
            let notice = q
                .contains_key("loggedout")
                .then(|| t("You are now logged out."));
            let registration = registration_form(&state, "", None).await;
            login_page(
                &state,
                StatusCode::OK,
                notice.as_deref().map(Ok),
                "",
                "/mein-konto/",
                &registration,
            )
        }
        Err(e) => e.into_response(),
    }
}

/// How long a confirmation link is valid (then the account is deleted).
pub const CONFIRMATION_SECS: i64 = laden_store::UNCONFIRMED_LIFETIME;

/// A new account's password length, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
pub const MAX_PASSWORD_CHARS: usize = 200;

/// The confirmation link is sent again at most this often per account.
pub const RESEND_AFTER_SECS: i64 = 10 * 60;

/// The key in an account's confirmation link: an HMAC of the account with the shop secret,
/// so nothing secret is stored and the link stops working if the address changes.
pub(crate) fn confirmation_key(state: &AppState, user: &laden_store::User) -> String {
    use hmac::{Hmac, Mac};
    let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(state.config.secret.as_bytes()) else {
        return String::new();
    };
    mac.update(
        format!(
            "account-confirmation|{}|{}|{}",
            user.id,
            user.email.to_lowercase(),
            user.created_at
        )
        .as_bytes(),
    );
    hex::encode(&mac.finalize().into_bytes()[..16])
}

pub(crate) fn confirmation_link(state: &AppState, user: &laden_store::User) -> String {
    format!(
        "{}/mein-konto/bestaetigen/?user={}&key={}",
        state.config.site_url,
        user.id,
        confirmation_key(state, user)
    )
}

fn resend_form(email: &str) -> String {
    format!(
        "<form method=\"post\" action=\"/mein-konto/bestaetigen/\" class=\"login-form\"><input type=\"hidden\" name=\"email\" value=\"{}\">\
         <p><button type=\"submit\" class=\"button\">{}</button></p></form>",
        esc(email),
        esc(&t("Send the confirmation link again")),
    )
}

/// The registration form for new customers (shown below the login form).
/// A field of the registration form a refusal names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RegField {
    Email,
    Password,
    Privacy,
}

/// The registration form; after a refusal its field carries the error and has the focus (WCAG 3.3.1).
async fn registration_form(
    state: &AppState,
    email: &str,
    error: Option<(RegField, &str)>,
) -> String {
    let privacy = state
        .store
        .settings()
        .await
        .map(|s| format!("/{}/", s.shop.privacy_page))
        .unwrap_or_else(|_| "/datenschutz/".into());
    let message = error
        .map(|(_, e)| {
            format!(
                "<p class=\"notice notice--error\" role=\"alert\" id=\"reg_error\">{}</p>",
                esc(e)
            )
        })
        .unwrap_or_default();
    let marked = |field: RegField| {
        if error.is_some_and(|(f, _)| f == field) {
            " aria-invalid=\"true\" aria-describedby=\"reg_error\" autofocus"
        } else {
            ""
        }
    };
    format!(
        "<section id=\"registrieren\" class=\"register\"><h2>{h}</h2>{message}<form method=\"post\" action=\"/mein-konto/registrieren/\" class=\"login-form\">\
         <p><label for=\"reg_email\">{l_email}</label><input type=\"email\" name=\"email\" id=\"reg_email\" autocomplete=\"email\" value=\"{email}\" required{m_email}></p>\
         <p><label for=\"reg_password\">{l_pass}</label><input type=\"password\" name=\"password\" id=\"reg_password\" autocomplete=\"new-password\" minlength=\"{min}\" required{m_pass}></p>\
         <p><label><input type=\"checkbox\" name=\"privacy\" value=\"1\" required{m_privacy}> {l_privacy}</label></p>\
         <p><button type=\"submit\" class=\"button\">{l_submit}</button></p></form></section>",
        h = esc(&t("Create an account")),
        l_email = esc(&t("Email address")),
        l_pass = esc(&t("Password (at least 8 characters)")),
        min = MIN_PASSWORD_CHARS,
        l_privacy = esc(&t("I have read the %s.")).replacen("%s", &format!("<a href=\"{}\">{}</a>", esc(&privacy), esc(&t("privacy policy"))), 1),
        l_submit = esc(&t("Register")),
        email = esc(email),
        m_email = marked(RegField::Email),
        m_pass = marked(RegField::Password),
        m_privacy = marked(RegField::Privacy),
    )
}

/// Registration: the account is created unconfirmed and the confirmation link is mailed.
/// Whether the address already has an account is not told (the answer is the same).
async fn register(
    State(state): State<AppState>,
    client: ClientAddr,
    BodyBytes(body): BodyBytes<REQUEST_LIMIT>,
) -> Response {
    if let Some(refused) = over_limit(
        &state,
        &client,
        "register",
        throttle::REGISTRATIONS,
        &t("Create an account"),
    )
    .await
    {
        return refused;
    }
    let form = parse_form(&body);
    let email = form_email(&form);
    let password = form.get("password").cloned().unwrap_or_default();
    let problem = if laden_domain::Email::parse(&email).is_none() {
        Some((RegField::Email, t("Please enter a valid email address.")))
    } else if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&password.chars().count()) {
        Some((
            RegField::Password,
            t("Please choose a password of at least 8 characters."),
        ))
    } else if form.get("privacy").is_none_or(|v| v.is_empty()) {
        Some((
            RegField::Privacy,
            t("Please confirm that you have read the privacy policy."),
        ))
    } else {
        None
    };
    if let Some((field, problem)) = problem {
        let registration = registration_form(&state, &email, Some((field, &problem))).await;
        return login_page(
            &state,
            StatusCode::BAD_REQUEST,
            None,
            "",
            "/mein-konto/",
            &registration,
        );
    }
    match state.store.register_customer(&email, &password).await {
        Ok(_) => state.wake_mailer(),
        // Already registered: an unconfirmed account gets its link again (at most every 10 minutes).
        Err(laden_store::StoreError::Conflict(_)) => {
            if let Ok(true) = state
                .store
                .resend_confirmation(&email, RESEND_AFTER_SECS)
                .await
            {
                state.wake_mailer();
            }
        }
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    }
    page(&state, StatusCode::OK, &t("Almost done"), &format!(
        "<p class=\"notice\" role=\"status\">{}</p>",
        esc(&tf("We have sent a confirmation link to %s. Please open it to activate your account; until then you cannot log in.", &[&email])),
    ))
}

/// Counts one attempt of `action` from this client; over `limit`, the refusal page (429).
async fn over_limit(
    state: &AppState,
    client: &ClientAddr,
    action: &str,
    limit: laden_store::Limit,
    title: &str,
) -> Option<Response> {
    let retry_after = match state.store.hit(&client.bucket(action), limit).await {
        Ok(Rate::Allowed) => return None,
        Ok(Rate::Limited { retry_after }) => retry_after,
        Err(e) => return Some(crate::error::ApiError::from(e).into_response()),
    };
    let mut res = page(
        state,
        StatusCode::TOO_MANY_REQUESTS,
        title,
        &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>",
            esc(&tf(
                "Too many attempts. Please try again in %d minutes.",
                &[&crate::error::minutes(retry_after)]
            ))
        ),
    );
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
    Some(res)
}

/// The link from the confirmation mail.
async fn confirm(State(state): State<AppState>, Query(q): Query<Form>) -> Response {
    let id: i64 = q.get("user").and_then(|v| v.parse().ok()).unwrap_or(0);
    let key = q.get("key").map(String::as_str).unwrap_or("");
    let user = state.store.user(id).await.ok();
    let valid = user.as_ref().is_some_and(|u| {
        let want = confirmation_key(&state, u);
        crate::auth::constant_eq(want.as_bytes(), key.as_bytes())
    });
    let Some(user) = user.filter(|_| valid) else {
        return page(&state, StatusCode::NOT_FOUND, &t("Confirm your e-mail address"), &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>",
            esc(&t("This confirmation link is not valid. Please use the link from the latest e-mail.")),
        ));
    };
    if user.confirmed_at.is_none() && user.created_at + CONFIRMATION_SECS < crate::dates::now() {
        // The account is deleted with the link's expiry: registering again starts afresh.
        return page(&state, StatusCode::GONE, &t("Confirm your e-mail address"), &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{} <a href=\"/mein-konto/#registrieren\">{}</a></p>",
            esc(&t("This confirmation link has expired.")),
            esc(&t("Please register again.")),
        ));
    }
    if let Err(e) = state.store.confirm_user(user.id).await {
        return crate::error::ApiError::from(e).into_response();
    }
    login_form(
        &state,
        StatusCode::OK,
        Some(Ok(&t(
            "Thank you: your e-mail address is confirmed. You can log in now.",
        ))),
        &user.email,
        "/mein-konto/",
    )
}

/// "Send the link again" (at most every 10 minutes; the same answer for any address).
async fn resend(
    State(state): State<AppState>,
    client: ClientAddr,
    BodyBytes(body): BodyBytes<REQUEST_LIMIT>,
) -> Response {
    if let Some(refused) = over_limit(
        &state,
        &client,
        "resend",
        throttle::CONFIRMATION_RESENDS,
        &t("Confirm your e-mail address"),
    )
    .await
    {
        return refused;
    }
    let form = parse_form(&body);
    let email = form_email(&form);
    match state
        .store
        .resend_confirmation(&email, RESEND_AFTER_SECS)
        .await
    {
        Ok(true) => state.wake_mailer(),
        Ok(false) => {}
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    }
    page(&state, StatusCode::OK, &t("Confirm your e-mail address"), &format!(
        "<p class=\"notice\" role=\"status\">{}</p>",
        esc(&t("If this address has an account waiting for confirmation, we have sent the link again.")),
    ))
}

/// `admin-ajax.php?action=rest-nonce`: a fresh `wp_rest` nonce as plain text
/// for a logged-in session. Visitors (and unknown actions) get WordPress's
/// answer for an unhandled request: `0` with status 400.
async fn admin_ajax(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    ajax(&state, &headers, q.get("action").map(String::as_str)).await
}

async fn admin_ajax_post(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
    BodyBytes(body): BodyBytes<REQUEST_LIMIT>,
) -> Response {
    let form = parse_form(&body);
    let action = q.get("action").or(form.get("action")).map(String::as_str);
    ajax(&state, &headers, action).await
}

async fn ajax(state: &AppState, headers: &HeaderMap, action: Option<&str>) -> Response {
    let session = state.session(headers).await.ok().flatten();
    let (status, text) = match (action, &session) {
        (Some("rest-nonce"), Some(s)) => (StatusCode::OK, state.nonce("wp_rest", Some(s))),
        _ => (StatusCode::BAD_REQUEST, "0".to_owned()),
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store, private"),
        ],
        text,
    )
        .into_response()
}
