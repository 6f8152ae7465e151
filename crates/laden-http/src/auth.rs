//! Who is asking: login sessions (cookie → database), WordPress-style nonces
//! bound to an action and the session, roles and their capabilities.

use crate::error::ApiError;
use crate::AppState;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use laden_store::User;
use sha2::{Digest, Sha256};

/// The login cookie's name.
pub const COOKIE: &str = "laden_logged_in";

/// A hint for the browser that the visitor is staff, so that the admin bar is
/// fetched (cached HTML never holds per-visitor state). Readable by scripts
/// and worth nothing on its own: the bar asks `users/me` with a nonce.
pub const STAFF_HINT_COOKIE: &str = "laden_staff";
/// Session lifetimes: a normal login, and one with "Angemeldet bleiben".
pub const SESSION_SECS: i64 = 2 * 86_400;
pub const REMEMBER_SECS: i64 = 14 * 86_400;
/// A nonce tick is 12 hours; a nonce is valid in its tick and the next.
pub const NONCE_TICK_SECS: u64 = 43_200;

/// The editor's capabilities (WordPress's `editor` role: pages, media and posts), then `$extra`.
macro_rules! editor_and {
    ($($extra:literal),* $(,)?) => {
        &[
            "read",
            "edit_pages",
            "edit_others_pages",
            "edit_published_pages",
            "publish_pages",
            "delete_pages",
            "delete_published_pages",
            "upload_files",
            "edit_posts",
            $($extra),*
        ]
    };
}

/// What a role may do, as WordPress and WooCommerce name the capabilities.
pub fn capabilities(role: &str) -> &'static [&'static str] {
    match role {
        "administrator" => editor_and!(
            "manage_options",
            "list_users",
            "create_users",
            "edit_users",
            "edit_theme_options",
            "manage_woocommerce",
            "view_woocommerce_reports",
            "unfiltered_html",
        ),
        "shop_manager" => editor_and!(
            "list_users",
            "manage_woocommerce",
            "view_woocommerce_reports"
        ),
        "editor" => editor_and!(),
        "customer" => &["read"],
        _ => &[],
    }
}

/// The session behind a request, if its cookie names a live one.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    /// Hash of the cookie's secret, as stored.
    pub token_hash: String,
}

/// The rights a REST request runs with.
#[derive(Debug, Clone, Default)]
pub struct Identity {
    /// Set only when the login cookie is valid *and* a valid `wp_rest` nonce came with it,
    /// or when an application password signed the request.
    pub user: Option<User>,
    /// The application password (uuid) that signed this request, if one did.
    pub app_password: Option<String>,
}

impl Identity {
    pub fn can(&self, cap: &str) -> bool {
        self.user
            .as_ref()
            .is_some_and(|u| capabilities(&u.role).contains(&cap))
    }

    /// `Ok` when the user may `cap`; otherwise WordPress's 401 (no user) or 403.
    pub fn require(&self, cap: &str, code: &'static str) -> Result<&User, ApiError> {
        match &self.user {
            Some(u) if capabilities(&u.role).contains(&cap) => Ok(u),
            Some(_) => Err(ApiError::Forbidden {
                code,
                logged_in: true,
            }),
            None => Err(ApiError::Forbidden {
                code,
                logged_in: false,
            }),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Identity {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Identity>()
            .cloned()
            .unwrap_or_default())
    }
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn cookie_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then_some(v)
        })
}

fn current_tick() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / NONCE_TICK_SECS)
}

impl AppState {
    /// The live session named by the request's login cookie.
    pub async fn session(&self, headers: &HeaderMap) -> Result<Option<Session>, ApiError> {
        let Some(token) = cookie_value(headers, COOKIE).filter(|t| !t.is_empty() && t.len() <= 128)
        else {
            return Ok(None);
        };
        let token_hash = hash_token(token);
        Ok(self
            .store
            .session_user(&token_hash)
            .await?
            .map(|user| Session { user, token_hash }))
    }

    fn nonce_at(&self, tick: u64, action: &str, session: Option<&Session>) -> String {
        let (uid, token) = session.map_or((0, ""), |s| (s.user.id, s.token_hash.as_str()));
        self.sign(&format!("{tick}|{action}|{uid}|{token}"), 5)
    }

    /// A nonce for `action`, bound to the session (or to "no session").
    pub fn nonce(&self, action: &str, session: Option<&Session>) -> String {
        self.nonce_at(current_tick(), action, session)
    }

    /// Whether `nonce` was made for `action` and this session in this tick or the one before.
    pub fn verify_nonce(&self, nonce: &str, action: &str, session: Option<&Session>) -> bool {
        let tick = current_tick();
        [tick, tick.saturating_sub(1)].iter().any(|t| {
            let expected = self.nonce_at(*t, action, session);
            !expected.is_empty() && constant_eq(expected.as_bytes(), nonce.as_bytes())
        })
    }

    /// A `Set-Cookie` value: `name=value` for the whole site, `SameSite=Lax`, `Secure` when the
    /// site runs on https, `HttpOnly` unless scripts read it, and `Max-Age` when given (0 clears).
    fn cookie(
        &self,
        name: &str,
        value: &str,
        http_only: bool,
        max_age: Option<i64>,
    ) -> HeaderValue {
        let http_only = if http_only { "; HttpOnly" } else { "" };
        let secure = if self.config.site_url.starts_with("https://") {
            "; Secure"
        } else {
            ""
        };
        let age = max_age
            .map(|a| format!("; Max-Age={a}"))
            .unwrap_or_default();
        HeaderValue::from_str(&format!(
            "{name}={value}; Path=/{http_only}; SameSite=Lax{secure}{age}"
        ))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
    }

    /// `Set-Cookie` starting a session.
    pub fn session_cookie(&self, token: &str, max_age: Option<i64>) -> HeaderValue {
        self.cookie(COOKIE, token, true, max_age)
    }

    /// The staff hint (see [`STAFF_HINT_COOKIE`]), living as long as the session.
    pub fn staff_hint_cookie(&self, max_age: Option<i64>) -> HeaderValue {
        self.cookie(STAFF_HINT_COOKIE, "1", false, max_age)
    }

    pub fn clear_staff_hint_cookie(&self) -> HeaderValue {
        self.cookie(STAFF_HINT_COOKIE, "", false, Some(0))
    }

    pub fn clear_cookie(&self) -> HeaderValue {
        self.cookie(COOKIE, "", true, Some(0))
    }
}

/// `Authorization: Basic` as (login, password).
fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    use base64::Engine;
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let encoded = value
        .strip_prefix("Basic ")
        .or_else(|| value.strip_prefix("basic "))?;
    let decoded = String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(encoded.trim())
            .ok()?,
    )
    .ok()?;
    let (login, password) = decoded.split_once(':')?;
    Some((login.to_owned(), password.to_owned()))
}

/// As WordPress: application passwords only over https, or on a local site.
pub fn app_passwords_available(site_url: &str) -> bool {
    site_url.starts_with("https://")
        || ["http://localhost", "http://127.0.0.1", "http://[::1]"]
            .iter()
            .any(|p| site_url.starts_with(p))
}

pub(crate) fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The nonce a request carries: `X-WP-Nonce`, else `_wpnonce` in the query.
fn request_nonce(req: &Request) -> Option<String> {
    if let Some(v) = req
        .headers()
        .get("x-wp-nonce")
        .and_then(|v| v.to_str().ok())
    {
        return Some(v.to_owned());
    }
    let q = req.uri().query()?;
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(q).ok()?;
    pairs
        .into_iter()
        .rev()
        .find(|(k, _)| k == "_wpnonce")
        .map(|(_, v)| v)
}

/// WordPress's cookie authentication for the REST API: a login cookie counts
/// only with a valid `wp_rest` nonce; without a nonce the request runs as a
/// visitor; a wrong or expired nonce is refused.
pub async fn rest_auth(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if let Some((login, password)) =
        basic_credentials(req.headers()).filter(|_| app_passwords_available(&state.config.site_url))
    {
        let secret: String = password.chars().filter(|c| !c.is_whitespace()).collect();
        let ip = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .unwrap_or("")
            .trim()
            .to_owned();
        let found = match state
            .store
            .app_password_user(&login, &hash_token(&secret), &ip)
            .await
        {
            Ok(f) => f,
            Err(e) => return ApiError::from(e).into_response(),
        };
        let Some((user, app)) = found else {
            let mut res = ApiError::InvalidAppPassword.into_response();
            res.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"WordPress\""),
            );
            return res;
        };
        req.extensions_mut().insert(Identity {
            user: Some(user),
            app_password: Some(app.uuid),
        });
        let mut res = next.run(req).await;
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store, private"),
        );
        return res;
    }
    let session = match state.session(req.headers()).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let mut identity = Identity::default();
    if let Some(session) = session {
        match request_nonce(&req) {
            None => {}
            Some(n) if state.verify_nonce(&n, "wp_rest", Some(&session)) => {
                identity.user = Some(session.user)
            }
            Some(_) => {
                let mut res = ApiError::InvalidNonce.into_response();
                res.headers_mut()
                    .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
                return res;
            }
        }
    }
    let logged_in = identity.user.is_some();
    req.extensions_mut().insert(identity);
    let mut res = next.run(req).await;
    if logged_in {
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store, private"),
        );
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_have_wordpress_capabilities() {
        for (role, cap, allowed) in [
            ("administrator", "manage_options", true),
            ("shop_manager", "manage_options", false),
            ("shop_manager", "manage_woocommerce", true),
            ("editor", "edit_pages", true),
            ("editor", "upload_files", true),
            ("editor", "manage_woocommerce", false),
            ("customer", "edit_pages", false),
            ("customer", "read", true),
            ("nobody", "read", false),
        ] {
            assert_eq!(capabilities(role).contains(&cap), allowed, "{role} {cap}");
        }
    }

    #[test]
    fn cookies_are_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; laden_logged_in=abc; b=2"),
        );
        assert_eq!(cookie_value(&h, COOKIE), Some("abc"));
        assert_eq!(cookie_value(&h, "c"), None);
    }
}
