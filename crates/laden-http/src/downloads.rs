//! `GET /download/{token}`: a paid order's file. The token is the link's secret (random,
//! 192 bits); each use counts against the product's download limit and the link ends with
//! its expiry. A file on another server is a redirect to it; a file below the shop's uploads
//! is sent as an attachment.

use crate::AppState;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::t;
use laden_store::downloads::DownloadRefusal;
use tower::ServiceExt;

pub fn router() -> Router<AppState> {
    Router::new().route("/download/{token}", get(download))
}

async fn download(
    State(state): State<AppState>,
    Path(token): Path<String>,
    req: Request,
) -> Response {
    let used = match state.store.use_download(&token, crate::dates::now()).await {
        Ok(used) => used,
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let mut res = match used {
        Err(why) => refusal(why),
        Ok(file) => match file.file.strip_prefix("/uploads/") {
            Some(rest) => {
                let path = state.config.uploads_dir.join(rest);
                match tower_http::services::ServeFile::new(&path)
                    .oneshot(req)
                    .await
                {
                    Ok(res) if res.status().is_success() => {
                        let mut res = res.into_response();
                        let name = rest.rsplit('/').next().unwrap_or("download");
                        if let Ok(v) = HeaderValue::from_str(&format!(
                            "attachment; filename*=UTF-8''{}",
                            utf8_percent(name)
                        )) {
                            res.headers_mut().insert(header::CONTENT_DISPOSITION, v);
                        }
                        res
                    }
                    _ => {
                        tracing::warn!(file = %file.file, "download file missing");
                        page(
                            StatusCode::NOT_FOUND,
                            &t("The file is not available. Please contact us."),
                        )
                    }
                }
            }
            None => Redirect::to(&file.file).into_response(),
        },
    };
    let headers = res.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    res
}

fn refusal(why: DownloadRefusal) -> Response {
    match why {
        DownloadRefusal::Unknown => page(
            StatusCode::NOT_FOUND,
            &t("This download link is not valid."),
        ),
        DownloadRefusal::Expired => page(StatusCode::GONE, &t("This download link has expired.")),
        DownloadRefusal::UsedUp => page(
            StatusCode::FORBIDDEN,
            &t("The download limit of this file is used up."),
        ),
    }
}

/// A small German page saying why there is no file.
fn page(status: StatusCode, message: &str) -> Response {
    notice_page(status, &t("Download"), message)
}

/// A small German page with a title and a message (no file to send).
pub(crate) fn notice_page(status: StatusCode, title: &str, message: &str) -> Response {
    let body = format!(
        "<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title></head><body><main><h1>{title}</h1><p>{message}</p><p><a href=\"/mein-konto/\">{account}</a></p></main></body></html>",
        title = crate::documents::esc(title),
        message = crate::documents::esc(message),
        account = crate::documents::esc(&t("My account")),
    );
    (status, Html(body)).into_response()
}

/// RFC 5987 encoding of a file name.
fn utf8_percent(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
