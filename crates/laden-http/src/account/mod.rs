//! Customer and staff accounts: logging in and out at `/wp-login.php` (WordPress's form fields,
//! `login`), registering with a confirmation link (`register`), a forgotten password (`reset`),
//! the German account page
//! `/mein-konto/`, and `admin-ajax.php?action=rest-nonce`.

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

mod addresses;
mod details;
mod login;
mod orders;
mod register;
mod reset;

pub(crate) use addresses::ADDRESSES_PATH;
pub(crate) use details::DETAILS_PATH;
pub(crate) use login::logout_link;
use login::{login_form, login_get, login_page, login_post};
pub(crate) use orders::{order_path, ORDERS_PATH};
pub(crate) use register::confirmation_link;
use register::{confirm, register, registration_form, resend, resend_form};
use reset::{lost_password_get, lost_password_post};
pub(crate) use reset::{reset_hours, reset_link, LOST_PASSWORD_PATH};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/wp-login.php", get(login_get).post(login_post))
        .route("/mein-konto/", get(account))
        .route(orders::ORDERS_PATH, get(orders::orders))
        .route("/mein-konto/bestellungen/{id}/", get(orders::order))
        .route(
            addresses::ADDRESSES_PATH,
            get(addresses::addresses_get).post(addresses::addresses_post),
        )
        .route(
            details::DETAILS_PATH,
            get(details::details_get).post(details::details_post),
        )
        .route("/mein-konto/registrieren/", axum::routing::post(register))
        .route("/mein-konto/bestaetigen/", get(confirm).post(resend))
        .route(
            LOST_PASSWORD_PATH,
            get(lost_password_get).post(lost_password_post),
        )
        .route(
            "/wp-admin/admin-ajax.php",
            get(admin_ajax).post(admin_ajax_post),
        )
}

type Form = HashMap<String, String>;
/// A posted form's body (`application/x-www-form-urlencoded`), at most 1 MiB.
type FormBody = BodyBytes<REQUEST_LIMIT>;

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

/// The session, or the login form that leads back to `back` once logged in.
async fn signed_in(state: &AppState, headers: &HeaderMap, back: &str) -> Result<Session, Response> {
    match state.session(headers).await {
        Ok(Some(session)) => Ok(session),
        Ok(None) => Err(login_page(state, StatusCode::OK, None, "", back, "")),
        Err(e) => Err(e.into_response()),
    }
}

/// A link back to the account's overview, under an account page's content.
fn to_account() -> String {
    format!(
        "<p><a href=\"/mein-konto/\">{}</a></p>",
        esc(&t("Back to my account"))
    )
}

/// The answer to a saved account form: 303 to its page with the saved notice (`?gespeichert=1`),
/// shown again by a GET, so reloading the page sends nothing twice.
fn saved(path: &str) -> Response {
    (
        StatusCode::SEE_OTHER,
        [
            (header::LOCATION, format!("{path}?gespeichert=1")),
            (header::CACHE_CONTROL, "no-store, private".to_owned()),
        ],
    )
        .into_response()
}

/// A form refused for too many attempts: 429 with the wait in `Retry-After` (at least a second).
fn refused(state: &AppState, title: &str, message: &str, retry_after: i64) -> Response {
    let mut res = page(
        state,
        StatusCode::TOO_MANY_REQUESTS,
        title,
        &format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>",
            esc(message)
        ),
    );
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry_after.max(1)));
    res
}

/// A table: the column heads as text, and each row's cells as HTML, escaped by the caller. Each
/// cell also names its column (`data-title`), which narrow screens show where they hide the heads.
fn table(heads: &[String], rows: &[Vec<String>]) -> String {
    let heads: Vec<String> = heads.iter().map(|h| esc(h)).collect();
    let head: String = heads
        .iter()
        .map(|h| format!("<th scope=\"col\">{h}</th>"))
        .collect();
    let body: String = rows
        .iter()
        .map(|row| {
            let cells: String = row
                .iter()
                .enumerate()
                .map(|(i, c)| match heads.get(i) {
                    Some(h) => format!("<td data-title=\"{h}\">{c}</td>"),
                    None => format!("<td>{c}</td>"),
                })
                .collect();
            format!("<tr>{cells}</tr>")
        })
        .collect();
    format!(
        "<table class=\"cart-table\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
}

/// A titled section with one [`table`], or nothing for no rows.
fn table_section(id: &str, title: &str, heads: &[String], rows: Vec<Vec<String>>) -> String {
    if rows.is_empty() {
        return String::new();
    }
    format!(
        "<section aria-labelledby=\"{id}-title\"><h2 id=\"{id}-title\">{}</h2>{}</section>",
        esc(title),
        table(heads, &rows),
    )
}

/// The account's downloads: each file of its paid orders with its link, the downloads left
/// and until when.
fn downloads_table(list: &[(i64, laden_store::downloads::DownloadGrant)]) -> String {
    let rows = list
        .iter()
        .map(|(order, g)| {
            vec![
                esc(&g.product_name),
                format!(
                    "<a href=\"{}\" download>{}</a>",
                    esc(&crate::wire::download_path(&g.token)),
                    esc(&g.name)
                ),
                esc(&tf("Order %s", &[order])),
                g.remaining
                    .map_or_else(|| esc(&t("Unlimited")), |n| n.to_string()),
                g.expires_at.map_or_else(
                    || esc(&t("Never")),
                    |e| esc(&crate::dates::german_local_date(e)),
                ),
            ]
        })
        .collect();
    table_section(
        "downloads",
        &t("Downloads"),
        &[
            t("Product"),
            t("File"),
            t("Order"),
            t("Downloads remaining"),
            t("Expires"),
        ],
        rows,
    )
}

/// The account's invoices and cancellation invoices, each a PDF to download.
fn invoices_table(list: &[(laden_store::Invoice, String)]) -> String {
    let rows = list
        .iter()
        .map(|(i, key)| {
            vec![
                format!(
                    "<a href=\"{}\" download>{} {}</a>",
                    esc(&crate::invoices::customer_url(i.id, key)),
                    esc(&i.title()),
                    esc(&i.number)
                ),
                esc(&crate::dates::german_local_date(i.issued_at)),
                esc(&tf("Order %s", &[&i.order_id.to_string()])),
                esc(&laden_domain::Money::from_cents(i.total).format_de()),
            ]
        })
        .collect();
    table_section(
        "invoices",
        &t("Invoices"),
        &[t("Invoice"), t("Date"), t("Order"), t("Total")],
        rows,
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
                "<p>{}</p><nav aria-label=\"{}\"><ul class=\"account-nav\"><li><a href=\"{ORDERS_PATH}\">{}</a></li>\
                 <li><a href=\"{ADDRESSES_PATH}\">{}</a></li><li><a href=\"{DETAILS_PATH}\">{}</a></li></ul></nav>\
                 {invoices}{downloads}<p><a class=\"button\" href=\"{}\">{}</a></p>",
                esc(&tf("Hello %s!", &[&session.user.display_name])),
                esc(&t("My account")),
                esc(&t("Orders")),
                esc(&t("Addresses")),
                esc(&t("Account details")),
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
    BodyBytes(body): FormBody,
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
