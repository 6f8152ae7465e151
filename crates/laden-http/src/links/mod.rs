//! What a moved WordPress shop's readers and search engines ask beside its pages
//! (`laden_domain::links`): `robots.txt` and the XML sitemaps (`sitemaps`), the RSS feeds (`feeds`).
//! Old permalinks are the documents' (`documents/legacy.rs`), since they answer where a page would.

pub(crate) mod feeds;
pub(crate) mod sitemaps;

use crate::AppState;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(sitemaps::router())
        .merge(feeds::router())
}
