//! WordPress's `/robots.txt` and XML sitemaps (`/wp-sitemap.xml` and its files, written by
//! `laden_domain::links::sitemap` from `Store::sitemap_entries`), and the sitemap addresses SEO
//! plug-ins used (`/sitemap.xml`, `/sitemap_index.xml`) sent there, so a moved shop's search
//! consoles keep finding its pages.

use crate::documents::paths;
use crate::error::ApiResult;
use crate::AppState;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use laden_domain::links::sitemap::{self, Part, Url};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(to_index))
        .route("/sitemap_index.xml", get(to_index))
}

fn answer(content_type: &'static str, body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            // Read by crawlers now and then: an hour's staleness is nothing to them.
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        body,
    )
        .into_response()
}

async fn robots(State(state): State<AppState>) -> ApiResult<Response> {
    let site = state.config.site_url.trim_end_matches('/');
    let public = !state.store.settings().await?.site.discourage_search_engines;
    Ok(answer(
        "text/plain; charset=utf-8",
        sitemap::robots_txt(site, public),
    ))
}

async fn to_index() -> Response {
    (
        StatusCode::MOVED_PERMANENTLY,
        [(
            header::LOCATION,
            HeaderValue::from_static("/wp-sitemap.xml"),
        )],
    )
        .into_response()
}

/// The files of each part, the pages' counting the shop page.
/// The sitemap index (`/wp-sitemap.xml`) or one of its files; `None` for a path that is none, a
/// page past the last, or any of them while the shop discourages search engines (the caller's
/// 404, as WordPress has no sitemaps then).
pub(crate) async fn document(state: &AppState, path: &str) -> ApiResult<Option<Response>> {
    if state.store.settings().await?.site.discourage_search_engines {
        return Ok(None);
    }
    if path == "/wp-sitemap.xml" {
        return index(state).await.map(Some);
    }
    file(state, path).await
}

async fn index(state: &AppState) -> ApiResult<Response> {
    let site = state.config.site_url.trim_end_matches('/');
    let parts: Vec<(Part, i64)> = state
        .store
        .sitemap_counts()
        .await?
        .into_iter()
        .map(|(part, n)| (part, sitemap::pages_for(n + i64::from(part == Part::Pages))))
        .collect();
    Ok(answer(
        "application/xml; charset=UTF-8",
        sitemap::index_xml(site, &parts),
    ))
}

/// A sitemap file (`/wp-sitemap-posts-product-2.xml`), or `None` for a path that is none, or a
/// page past the last (the caller's 404).
async fn file(state: &AppState, path: &str) -> ApiResult<Option<Response>> {
    let Some((part, page)) = sitemap::parse_path(path) else {
        return Ok(None);
    };
    let site = state.config.site_url.trim_end_matches('/');
    let mut urls: Vec<Url> = Vec::new();
    // The shop page leads the pages' first file; the rows fill the rest.
    if part == Part::Pages && page == 1 {
        urls.push(Url {
            // The shop's page, which WordPress lists with the pages (it is one there).
            loc: format!("{site}{}", paths::SHOP),
            lastmod: None,
        });
    }
    let (offset, limit) = sitemap::rows(part, page);
    let entries = state
        .store
        .sitemap_entries_from(part, offset, limit)
        .await?;
    if entries.is_empty() && urls.is_empty() {
        return Ok(None);
    }
    let front = state.store.settings().await?.site.front_page;
    urls.extend(entries.into_iter().map(|e| Url {
        loc: match part {
            Part::Pages if e.slug == front => format!("{site}/"),
            Part::Pages => format!("{site}/{}/", e.slug),
            Part::Products => format!("{site}{}", paths::product(&e.slug)),
            Part::Categories => format!("{site}{}", paths::category(&e.slug)),
            Part::Tags => format!("{site}{}", paths::tag(&e.slug)),
        },
        lastmod: e.updated_at,
    }));
    Ok(Some(answer(
        "application/xml; charset=UTF-8",
        sitemap::urlset_xml(&urls),
    )))
}
