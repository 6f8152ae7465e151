//! WordPress's RSS 2.0 feeds of the shop's products (`laden_domain::links::feed`): `/feed/` (and
//! `/feed/rss2/`), WooCommerce's `/shop/feed/` and a category's `/produkt-kategorie/{slug}/feed/`,
//! each with the ten newest products the shop lists there. Every page's head names the shop's
//! feed, a category's page its own (`documents::meta_tags`).

use crate::documents::{self, paths};
use crate::error::ApiResult;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::t;
use laden_domain::links::feed::{self, Channel, Item};
use laden_store::{Category, ProductQuery, ProductSort};

pub fn router() -> Router<AppState> {
    Router::new()
        .route(paths::FEED, get(shop))
        .route("/feed/rss2/", get(shop))
        .route("/shop/feed/", get(shop))
        .route("/produkt-kategorie/{slug}/feed/", get(category))
}

/// The shop's feed: its newest products.
async fn shop(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let site = state.store.settings().await?.site;
    let title = format!("{} – {}", site.name, t("Products"));
    answer(&state, &headers, title, site.description, paths::SHOP, None).await
}

/// A category's feed: the newest products listed in it or below it; a category there is none of
/// is the German 404 page.
async fn category(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
    uri: Uri,
) -> ApiResult<Response> {
    let all = state.store.categories().await?;
    let Some(c) = all.iter().find(|c| c.slug == slug) else {
        return Ok(documents::not_found(&state, &headers, &uri).await);
    };
    let site = state.store.settings().await?.site;
    let title = format!("{} – {}", site.name, c.name);
    answer(
        &state,
        &headers,
        title,
        site.description,
        &paths::category(&c.slug),
        Some((&all, c.id)),
    )
    .await
}

/// The feed of the listing at `page` (in `category`, of the shop's categories, or the shop's),
/// with `Last-Modified`, and a 304 to a reader that already has it.
async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    title: String,
    description: String,
    page: &str,
    category: Option<(&[Category], i64)>,
) -> ApiResult<Response> {
    let site = state.config.site_url.trim_end_matches('/');
    let mut q = ProductQuery {
        per_page: feed::ITEMS,
        sort: ProductSort::Date,
        descending: true,
        ..ProductQuery::default()
    };
    let all = match category {
        Some((all, id)) => {
            q = q.in_categories(all, &[id]);
            all.to_vec()
        }
        None => state.store.categories().await?,
    };
    let (products, _) = state.store.list_products(&q).await?;
    let items: Vec<Item> = products
        .iter()
        .map(|p| Item {
            title: p.name.clone(),
            link: format!(
                "{site}{}",
                paths::product(p.slug.as_deref().unwrap_or_default())
            ),
            guid: format!("{site}/?post_type=product&p={}", p.id),
            published: p.created_at,
            categories: p
                .category_ids
                .iter()
                .filter_map(|id| all.iter().find(|c| c.id == *id))
                .map(|c| c.name.clone())
                .collect(),
            description: p.short_description.clone(),
        })
        .collect();
    let channel = Channel {
        title,
        link: format!("{site}{page}"),
        self_link: format!("{site}{page}feed/"),
        description,
        last_build: products.iter().map(|p| p.updated_at).max(),
    };
    // HTTP dates, as the page cache's validators (`caches::not_modified`) read and write them.
    let modified = channel
        .last_build
        .map(|t| std::time::UNIX_EPOCH + std::time::Duration::from_secs(t.max(0) as u64));
    let known = headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| httpdate::parse_http_date(v).ok());
    if let (Some(m), Some(since)) = (modified, known) {
        if since >= m {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
    }
    let mut res = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/rss+xml; charset=UTF-8"),
            ),
            // Polled by readers: a quarter of an hour's staleness is nothing to them.
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=900"),
            ),
        ],
        feed::rss_xml(&channel, &items),
    )
        .into_response();
    if let Some(v) = modified.and_then(|m| HeaderValue::from_str(&httpdate::fmt_http_date(m)).ok())
    {
        res.headers_mut().insert(header::LAST_MODIFIED, v);
    }
    Ok(res)
}
