//! What a moved WordPress shop's links and subscriptions need to keep working: its old
//! permalinks (`permalinks`), its XML sitemaps (`sitemap`) and its RSS feeds (`feed`).

pub mod feed;
pub mod permalinks;
pub mod sitemap;
