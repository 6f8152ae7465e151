//! The storage port and its one sqlx implementation.
//!
//! Every query is written once, in portable SQL with `$n` parameters; the
//! [`on_db!`] and [`on_tx!`] macros expand it against the concrete SQLite or
//! PostgreSQL driver, so rows decode with each database's native types.

mod db;
mod decode;
pub mod error;
pub mod models;
mod row;

mod accounts;
mod cart;
mod catalog;
pub mod changes;
mod checkout;
mod content;
pub mod coupons;
pub mod demo;
pub mod import;
mod import_jobs;
mod kept;
pub mod layout;
mod lookup;
pub mod mail;
pub mod media;
mod old_slugs;
mod orders;
pub mod pages;
pub mod rate;
mod reviews;
mod sitemap;

// The rooms' modules under their short names, so code reads `crate::invoices::…` wherever it
// lives; `downloads` and `invoices` are public, as before the rooms.
use accounts::{app_passwords, customers, resets, users};
use catalog::{
    attribute_terms, categories, facets, product_changes, product_links, product_row, products,
    search,
};
pub use orders::{downloads, invoices, payments};
use orders::{refunds, reports, withdrawal};

pub use app_passwords::AppPassword;
pub use attribute_terms::{AttributeFacet, ShopAttribute, ShopAttributeTerm, TermOrder};
pub use cart::{AddItem, CartItemView, CartView, VariationChoice};
pub use catalog::{ProductQuery, ProductSort, ReviewQuery, ReviewSort};
pub use categories::CategoryChanges;
pub use changes::{Changes, PEER_CHANGE_DELAY};
pub use checkout::CheckoutInput;
pub use content::NewMenuItem;
pub use coupons::{Coupon, CouponChanges, CouponRefusal, CouponType, OrderCoupon};
pub use customers::{Customer, CustomerChanges};
pub use db::{DateRange, Db, Store};
pub use error::{Missing, StoreError};
pub use facets::ListingCounts;
pub use import_jobs::ImportJob;
pub use invoices::Invoice;
pub use laden_domain::address::Address;
pub use laden_domain::content::Scope;
pub use mail::{Mail, MailKind};
pub use models::*;
pub use old_slugs::SlugOf;
pub use orders::{
    order_status_label, ItemProduct, OrderChanges, OrderNote, OrderQuery, ORDER_SORTS,
    ORDER_STATUSES, PAID_STATUSES, REPORTED_STATUSES,
};
pub use product_changes::{DetailsChange, ProductChanges, StockChange};
pub use products::{AdminProductQuery, AdminSort, SortDirection, PRODUCT_STATUSES, STOCK_STATUSES};
pub use rate::{Limit, Rate};
pub use refunds::{Refund, RefundInput, RefundLine, RefundLineInput};
pub use reports::{DayTotals, TopSeller};
pub use resets::PASSWORD_RESET_LIFETIME;
pub use reviews::{AdminReview, ReviewChanges, REVIEW_STATUSES};
pub use sitemap::SitemapEntry;
pub use users::{NewAdmin, Throttle, User, ROLES, UNCONFIRMED_LIFETIME};
pub use withdrawal::{withdrawal_closed, MAX_STATEMENT as MAX_WITHDRAWAL_STATEMENT};
/// Failed-login limits.
pub mod users_throttle {
    pub use crate::users::{FAILURE_WINDOW, LOCK_AFTER, SLOW_AFTER};
}

impl Store {
    /// Periodic clean-up, safe to run on every instance at once: expired rate-limit
    /// counters and customer accounts never confirmed.
    pub async fn housekeeping(&self) -> error::Result<()> {
        self.sweep_rate_limits().await?;
        self.delete_expired_registrations().await?;
        self.prune_changes().await?;
        Ok(())
    }
}

pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// A random URL-safe token of `bytes` random bytes.
pub fn random_token(bytes: usize) -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf)
}
