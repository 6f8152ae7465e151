//! JSON shapes of WooCommerce's Store API, built from store models at this one edge.

use laden_domain::{Money, VatRate};
use laden_store::{
    CartView, Category, GalleryItem, Media, PlacedOrder, Product, ProductKind, Review,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub mod cart;
pub mod laden;
mod orders;
pub mod page;
mod products;
pub mod store;
pub mod store_in;
#[cfg(test)]
mod typescript;
pub mod wc;
pub mod wc_setup;
pub mod wp;

use cart::*;
pub use cart::{StoreCart, StoreCategory, StoreOrder};
use laden_domain::pricing::{deposit, price_label};
pub use orders::{cart_coupons, download_path};
pub use store::{
    Card, GallerySlide, Image, ImageSize, StoreProduct, StoreReview, UnitPrice, VariationDetail,
};

/// The Grundpreis (cents per reference amount, German labels) for a price.
fn unit_price(
    pricing: Option<laden_domain::UnitPricing>,
    price: Option<Money>,
) -> Option<UnitPrice> {
    let (u, price) = (pricing?, price?);
    let cents = u.reference_price(price).cents();
    Some(UnitPrice {
        price: cents,
        max_price: cents,
        base: u.base_label(),
        content: u.content_label(),
    })
}

fn cents(m: Option<Money>) -> String {
    m.map_or_else(|| "0".to_owned(), |m| m.cents().to_string())
}

/// Serialises a wire shape into the page data's or an answer's JSON (they hold no maps with
/// non-string keys, so this cannot fail).
pub fn value<T: serde::Serialize>(shape: &T) -> Value {
    serde_json::to_value(shape).unwrap_or(Value::Null)
}

/// Everything product JSON needs besides the product: media, categories, URLs.
pub struct Catalog<'a> {
    pub site_url: &'a str,
    pub media: &'a BTreeMap<i64, Media>,
    pub categories: &'a [Category],
    /// The shop's manufacturers, where a single product's page or answer gives its product
    /// safety information (`None`: listings, which leave it to the product).
    pub manufacturers: Option<&'a [laden_domain::product_safety::Manufacturer]>,
    /// The shop's deposit types, for the deposit beside a product's price (`&[]` where no
    /// product is answered).
    pub deposit_types: &'a [deposit::DepositType],
    /// The shop's sale price labels, for the words before a reduced price (none where no
    /// product is answered).
    pub price_labels: &'a price_label::PriceLabels,
}

impl<'a> Catalog<'a> {
    /// For answers that give no product's safety information or deposit: pictures, links and
    /// the `categories` they name.
    pub fn plain(
        site_url: &'a str,
        media: &'a BTreeMap<i64, Media>,
        categories: &'a [Category],
    ) -> Self {
        Catalog {
            site_url,
            media,
            categories,
            manufacturers: None,
            deposit_types: &[],
            price_labels: &price_label::NONE,
        }
    }
}
