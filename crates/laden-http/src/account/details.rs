//! The account's details (WooCommerce's "Kontodetails"): the name the account shows, and a new
//! password, given with the current one. A wrong current password counts as a failed login; a
//! new password ends every other session of the account and is told to its address by mail.

use super::login::{count_failure, login_throttled};
use super::register::{MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS};
use super::*;

/// Where the form is; WooCommerce's `/my-account/edit-account/` leads here.
pub(crate) const DETAILS_PATH: &str = "/mein-konto/konto-details/";

/// The nonce action that ties a posted form to the session that was shown it.
const NONCE: &str = "save-account-details";

/// The longest display name taken, in characters.
const MAX_NAME_CHARS: usize = 100;

/// The field a refusal is about: it carries the error and the focus.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Current,
    New,
}

/// A refusal of the form: its status, the field and the text.
type Refusal = (StatusCode, Field, String);

fn form_page(
    state: &AppState,
    session: &Session,
    status: StatusCode,
    notice: Option<Result<&str, (Option<Field>, &str)>>,
    name: &str,
) -> Response {
    let (message, refused) = match notice {
        Some(Ok(text)) => (
            format!(
                "<p class=\"notice\" role=\"status\" id=\"account_notice\">{}</p>",
                esc(text)
            ),
            None,
        ),
        Some(Err((field, text))) => (
            format!(
                "<p class=\"notice notice--error\" role=\"alert\" id=\"account_notice\">{}</p>",
                esc(text)
            ),
            field,
        ),
        None => (String::new(), None),
    };
    let marked = |field: Field| {
        if refused == Some(field) {
            " aria-invalid=\"true\" aria-describedby=\"account_notice\" autofocus"
        } else {
            ""
        }
    };
    let email = esc(&session.user.email);
    let body = format!(
        "{message}<form method=\"post\" action=\"{DETAILS_PATH}\" class=\"login-form\">\
         <input type=\"hidden\" name=\"_wpnonce\" value=\"{nonce}\">\
         <input type=\"text\" name=\"username\" autocomplete=\"username\" value=\"{email}\" hidden>\
         <p>{l_email} <strong>{email}</strong></p>\
         <p><label for=\"account_display_name\">{l_name}</label><input type=\"text\" name=\"account_display_name\" id=\"account_display_name\" autocomplete=\"nickname\" maxlength=\"{MAX_NAME_CHARS}\" value=\"{name}\" required{m_name}></p>\
         <fieldset><legend>{l_change}</legend>\
         <p><label for=\"password_current\">{l_current}</label><input type=\"password\" name=\"password_current\" id=\"password_current\" autocomplete=\"current-password\"{m_current}></p>\
         <p><label for=\"password_1\">{l_new}</label><input type=\"password\" name=\"password_1\" id=\"password_1\" autocomplete=\"new-password\" minlength=\"{MIN_PASSWORD_CHARS}\"{m_new}></p>\
         <p><label for=\"password_2\">{l_again}</label><input type=\"password\" name=\"password_2\" id=\"password_2\" autocomplete=\"new-password\" minlength=\"{MIN_PASSWORD_CHARS}\"></p>\
         </fieldset><p><button type=\"submit\" class=\"button\">{l_save}</button></p></form>{back}",
        nonce = esc(&state.nonce(NONCE, Some(session))),
        l_email = esc(&t("Email address:")),
        l_name = esc(&t("Display name")),
        name = esc(name),
        m_name = marked(Field::Name),
        l_change = esc(&t("Change password")),
        l_current = esc(&t("Current password (leave blank to leave unchanged)")),
        m_current = marked(Field::Current),
        l_new = esc(&tf("New password (at least %d characters)", &[&MIN_PASSWORD_CHARS])),
        m_new = marked(Field::New),
        l_again = esc(&t("Re-enter new password")),
        l_save = esc(&t("Save changes")),
        back = to_account(),
    );
    page(state, status, &t("Account details"), &body)
}

pub(super) async fn details_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    let session = match signed_in(&state, &headers, DETAILS_PATH).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    let saved = q
        .contains_key("gespeichert")
        .then(|| t("Your account details have been saved."));
    let name = session.user.display_name.clone();
    form_page(
        &state,
        &session,
        StatusCode::OK,
        saved.as_deref().map(Ok),
        &name,
    )
}

pub(super) async fn details_post(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    BodyBytes(body): FormBody,
) -> Response {
    let session = match signed_in(&state, &headers, DETAILS_PATH).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    let form = parse_form(&body);
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    let name = field("account_display_name").trim().to_owned();
    // Not the form this session was shown (a forged or a day-old one): nothing is saved.
    if !state.verify_nonce(&field("_wpnonce"), NONCE, Some(&session)) {
        let stale = t("This form has expired. Please check your entries and save again.");
        return form_page(
            &state,
            &session,
            StatusCode::FORBIDDEN,
            Some(Err((None, &stale))),
            &name,
        );
    }
    let password = match new_password(&state, &client, &session, &form, &name).await {
        Ok(p) => p,
        Err(Checked::Refused((status, field, text))) => {
            return form_page(
                &state,
                &session,
                status,
                Some(Err((Some(field), &text))),
                &name,
            )
        }
        Err(Checked::Answer(res)) => return *res,
    };
    if let Err(e) = state
        .store
        .update_account(
            &session.user,
            &name,
            password.as_deref(),
            &session.token_hash,
        )
        .await
    {
        return crate::error::ApiError::from(e).into_response();
    }
    if password.is_some() {
        state.wake_mailer();
    }
    saved(DETAILS_PATH)
}

/// Why the form's fields are not taken: a refusal to show at its field, or an answer of its
/// own (too many wrong passwords, a failed store).
enum Checked {
    Refused(Refusal),
    Answer(Box<Response>),
}

/// The display name checked, and the new password if one is asked for: `None` when the three
/// password fields are empty.
async fn new_password(
    state: &AppState,
    client: &ClientAddr,
    session: &Session,
    form: &Form,
    name: &str,
) -> Result<Option<String>, Checked> {
    let refuse = |status, field, text: String| Err(Checked::Refused((status, field, text)));
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return refuse(
            StatusCode::BAD_REQUEST,
            Field::Name,
            tf(
                "Please enter a display name of at most %d characters.",
                &[&MAX_NAME_CHARS],
            ),
        );
    }
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    let (current, one, two) = (
        field("password_current"),
        field("password_1"),
        field("password_2"),
    );
    if current.is_empty() && one.is_empty() && two.is_empty() {
        return Ok(None);
    }
    if current.is_empty() {
        return refuse(
            StatusCode::BAD_REQUEST,
            Field::Current,
            t("Please enter your current password."),
        );
    }
    let login = &session.user.login;
    let address_bucket = client.bucket("login");
    if let Some(refused) = login_throttled(state, &address_bucket, login).await {
        return Err(Checked::Answer(Box::new(refused)));
    }
    let right = match state.store.authenticate(login, &current).await {
        Ok(found) => found.is_some_and(|u| u.id == session.user.id),
        Err(e) => {
            let res = crate::error::ApiError::from(e).into_response();
            return Err(Checked::Answer(Box::new(res)));
        }
    };
    if !right {
        if let Some(refused) = count_failure(state, &address_bucket, login).await {
            return Err(Checked::Answer(Box::new(refused)));
        }
        return refuse(
            StatusCode::BAD_REQUEST,
            Field::Current,
            t("Your current password is incorrect."),
        );
    }
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&one.chars().count()) {
        return refuse(
            StatusCode::BAD_REQUEST,
            Field::New,
            t("Please choose a password of at least 8 characters."),
        );
    }
    if one != two {
        return refuse(
            StatusCode::BAD_REQUEST,
            Field::New,
            t("The two passwords do not match."),
        );
    }
    Ok(Some(one))
}
