//! What a moved WordPress shop's links and subscriptions need to keep working: its old
//! permalinks (`permalinks`), its XML sitemaps (`sitemap`), its RSS feeds (`feed`) and its
//! pictures' addresses (`uploads`).

pub mod feed;
pub mod permalinks;
pub mod sitemap;
pub mod uploads;
