//! Registration at `/mein-konto/registrieren/`, the confirmation link and sending it again.

use super::*;

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
    let message = format!(
        "account-confirmation|{}|{}|{}",
        user.id,
        user.email.to_lowercase(),
        user.created_at
    );
    state.sign(&message, 16)
}

pub(crate) fn confirmation_link(state: &AppState, user: &laden_store::User) -> String {
    format!(
        "{}/mein-konto/bestaetigen/?user={}&key={}",
        state.config.site_url,
        user.id,
        confirmation_key(state, user)
    )
}

pub(super) fn resend_form(email: &str) -> String {
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
pub(super) enum RegField {
    Email,
    Password,
    Privacy,
}

/// The registration form; after a refusal its field carries the error and has the focus (WCAG 3.3.1).
pub(super) async fn registration_form(
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
pub(super) async fn register(
    State(state): State<AppState>,
    client: ClientAddr,
    BodyBytes(body): FormBody,
) -> Response {
    let title = t("Create an account");
    let (form, email) = match throttled_form(&state, &client, REGISTER, &title, &body).await {
        Ok(form) => form,
        Err(refused) => return refused,
    };
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

/// A throttled form: its name in the client's rate buckets and its limit.
pub(super) type Throttled = (&'static str, laden_store::Limit);
const REGISTER: Throttled = ("register", throttle::REGISTRATIONS);
const RESEND: Throttled = ("resend", throttle::CONFIRMATION_RESENDS);

/// Counts one attempt at the form from this client and reads it: the form and its e-mail
/// address; over the form's limit, the refusal page (429) titled `title` instead.
pub(super) async fn throttled_form(
    state: &AppState,
    client: &ClientAddr,
    (action, limit): Throttled,
    title: &str,
    body: &[u8],
) -> Result<(Form, String), Response> {
    let retry_after = match state.store.hit(&client.bucket(action), limit).await {
        Ok(Rate::Allowed) => {
            let form = parse_form(body);
            let email = form_email(&form);
            return Ok((form, email));
        }
        Ok(Rate::Limited { retry_after }) => retry_after,
        Err(e) => return Err(crate::error::ApiError::from(e).into_response()),
    };
    Err(refused(
        state,
        title,
        &tf(
            "Too many attempts. Please try again in %d minutes.",
            &[&crate::error::minutes(retry_after)],
        ),
        retry_after,
    ))
}

/// The link from the confirmation mail.
pub(super) async fn confirm(State(state): State<AppState>, Query(q): Query<Form>) -> Response {
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
pub(super) async fn resend(
    State(state): State<AppState>,
    client: ClientAddr,
    BodyBytes(body): FormBody,
) -> Response {
    let title = t("Confirm your e-mail address");
    let (_, email) = match throttled_form(&state, &client, RESEND, &title, &body).await {
        Ok(form) => form,
        Err(refused) => return refused,
    };
    match state
        .store
        .resend_confirmation(&email, RESEND_AFTER_SECS)
        .await
    {
        Ok(true) => state.wake_mailer(),
        Ok(false) => {}
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    }
    page(&state, StatusCode::OK, &title, &format!(
        "<p class=\"notice\" role=\"status\">{}</p>",
        esc(&t("If this address has an account waiting for confirmation, we have sent the link again.")),
    ))
}
