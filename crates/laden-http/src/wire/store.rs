//! The Store API's product shapes, typed: what `GET /wc/store/v1/products` answers, what a
//! product page and a card carry in the page data. The browser's types are generated from these
//! (`web/src/generated/wire.ts`, see [`super::typescript`]).

use laden_domain::pricing::{deposit, price_label};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// One size of a picture.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImageSize {
    pub src: String,
    pub width: i64,
    pub height: i64,
}

/// A picture from the media library with its sizes (WooCommerce's image object, with
/// `srcset_webp`, `large` and `medium` added for Laden's `<picture>`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Image {
    pub id: i64,
    pub src: String,
    pub thumbnail: String,
    pub srcset: String,
    /// The WebP sub-sizes (empty when there are none).
    pub srcset_webp: String,
    pub sizes: String,
    pub name: String,
    pub alt: String,
    pub width: i64,
    pub height: i64,
    pub caption: String,
    pub large: ImageSize,
    pub medium: ImageSize,
}

/// A picture as a product card shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CardImage {
    pub srcset: String,
    pub srcset_webp: String,
    pub medium: ImageSize,
}

impl From<Image> for CardImage {
    fn from(i: Image) -> Self {
        CardImage {
            srcset: i.srcset,
            srcset_webp: i.srcset_webp,
            medium: i.medium,
        }
    }
}

/// The currency fields WooCommerce adds to every money object (EUR, German format).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Currency {
    pub currency_code: &'static str,
    pub currency_symbol: &'static str,
    pub currency_minor_unit: i64,
    pub currency_decimal_separator: &'static str,
    pub currency_thousand_separator: &'static str,
    pub currency_prefix: &'static str,
    pub currency_suffix: &'static str,
}

pub const EUR: Currency = Currency {
    currency_code: "EUR",
    currency_symbol: "€",
    currency_minor_unit: 2,
    currency_decimal_separator: ",",
    currency_thousand_separator: ".",
    currency_prefix: "",
    currency_suffix: " €",
};

/// A variable product's lowest and highest price, in cents as strings.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PriceRange {
    pub min_amount: String,
    pub max_amount: String,
}

/// A product's prices, in cents as strings (the Store API's form).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Prices {
    pub price: String,
    pub regular_price: String,
    pub sale_price: String,
    pub price_range: Option<PriceRange>,
    #[serde(flatten)]
    pub currency: Currency,
}

/// Grundpreis (PAngV): the price per reference amount in cents (a range for a variable
/// product), e.g. 4760 per "1 kg".
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct UnitPrice {
    pub price: i64,
    pub max_price: i64,
    pub base: String,
    /// The product's content ("250 g"); empty for a variable product's range.
    pub content: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CategoryRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub link: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Term {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProductAttribute {
    pub id: i64,
    pub name: String,
    pub taxonomy: Option<String>,
    pub has_variations: bool,
    pub terms: Vec<Term>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AttributeValue {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VariationRef {
    pub id: i64,
    pub attributes: Vec<AttributeValue>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StockAvailability {
    pub text: String,
    pub class: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AddToCart {
    pub text: String,
    pub description: String,
    pub url: String,
    pub single_text: String,
    pub minimum: i64,
    pub maximum: i64,
    pub multiple_of: i64,
}

/// What German law treats apart in a product as sold (a variation's with its parent's): the
/// page and the cart show it, the checkout has the shopper agree to it.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SpecialGoods {
    /// Defects the shopper must accept expressly (empty: none).
    pub defect_description: String,
    /// Used goods with a one-year limitation period for claims for defects.
    pub used_good: bool,
    /// The age a buyer must have reached (0: none).
    pub min_age: u8,
    /// A photovoltaic system sold at the zero rate: the buyer confirms § 12 (3) UStG applies.
    pub photovoltaic: bool,
}

/// The deposit (Pfand) charged beside an item's price (§ 7 PAngV), worded by the server.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DepositInfo {
    /// On each item, in cents (one unit's times the units).
    pub amount: i64,
    /// One unit's deposit in cents, and how many units an item holds.
    pub unit_amount: i64,
    pub units: u32,
    /// The deposit type's name.
    pub name: String,
    #[cfg_attr(test, ts(type = "'disposable' | 'reusable'"))]
    pub packaging: &'static str,
    /// "zzgl. 1,50 € Pfand (6 × 0,25 €, Einweg)", to show beside the price.
    pub notice: String,
}

impl DepositInfo {
    /// `deposit` with `amount` charged on each item (its own, or net for a reverse-charge supply).
    pub fn charged(deposit: &deposit::Deposit, amount: i64) -> DepositInfo {
        DepositInfo {
            amount,
            unit_amount: deposit.amount.cents(),
            units: deposit.units,
            name: deposit.name.clone(),
            packaging: deposit.packaging.as_str(),
            notice: deposit.notice_at(laden_domain::Money::from_cents(amount)),
        }
    }
}

impl From<&deposit::Deposit> for DepositInfo {
    fn from(d: &deposit::Deposit) -> Self {
        DepositInfo::charged(d, d.per_item().cents())
    }
}

/// The words shown before a reduced offer's two prices („UVP“, „Neuer Preis“), chosen by the
/// product or the shop; shown only while the offer is on sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SaleLabelsInfo {
    /// Before the struck-through price (null: none, read as „Ursprünglicher Preis“).
    pub strike: Option<String>,
    /// Before the price asked now (null: none).
    pub sale: Option<String>,
}

impl SaleLabelsInfo {
    /// None when neither place has a label.
    pub fn of(shown: price_label::Shown) -> Option<SaleLabelsInfo> {
        (!shown.is_empty()).then_some(SaleLabelsInfo {
            strike: shown.strike,
            sale: shown.sale,
        })
    }
}

/// What the GPSR asks a product's offer to say (Art. 19): who made it, with addresses, and its
/// warnings. Given on a single product's page and answer, not in listings.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProductSafety {
    /// The manufacturer the product names (null: none named).
    pub manufacturer: Option<ManufacturerInfo>,
    /// Warnings and safety information, as lines of text (empty: none).
    pub information: String,
}

/// What the LMIV asks a food's offer to say (Art. 14 (1)), worded by the server: the
/// particulars, then the nutrition declaration. Given on a single product's page and answer.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FoodInfo {
    /// Name, ingredients, allergens, alcohol, quantities, origin, operator (those stated).
    pub particulars: Vec<FoodRow>,
    /// The nutrition declaration (null: none).
    pub nutrition: Option<Nutrition>,
}

/// A particular of a food: its German label and value (lines of text).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FoodRow {
    pub label: String,
    pub value: String,
}

/// The nutrition declaration as its table shows it, rounded as the guidance asks.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Nutrition {
    /// „Durchschnittliche Nährwerte pro 100 g“.
    pub caption: String,
    pub rows: Vec<NutritionRow>,
}

/// A row of the nutrition table.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NutritionRow {
    pub label: String,
    /// „2.252 kJ / 539 kcal“, „3,5 g“, „<0,5 g“.
    pub value: String,
    /// A part of the row above („davon …“).
    pub part: bool,
}

impl From<&laden_domain::food::Food> for FoodInfo {
    fn from(f: &laden_domain::food::Food) -> Self {
        use laden_domain::i18n::t;
        let rows: Vec<NutritionRow> = f
            .nutrition_rows()
            .into_iter()
            .map(|(label, value, part)| NutritionRow {
                label: t(label),
                value,
                part,
            })
            .collect();
        FoodInfo {
            particulars: f
                .info_rows()
                .into_iter()
                .map(|(label, value)| FoodRow {
                    label: t(label),
                    value,
                })
                .collect(),
            nutrition: (!rows.is_empty()).then(|| Nutrition {
                caption: t(f.reference.caption()),
                rows,
            }),
        }
    }
}

/// A manufacturer as a product's page shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ManufacturerInfo {
    pub name: String,
    /// Postal and electronic address, as lines of text.
    pub address: String,
    /// The responsible person in the EU, as lines of text (empty: none).
    pub eu_person: String,
}

impl From<laden_domain::special_goods::Special> for SpecialGoods {
    fn from(s: laden_domain::special_goods::Special) -> Self {
        SpecialGoods {
            defect_description: s.defect,
            used_good: s.used,
            min_age: s.min_age,
            photovoltaic: s.photovoltaic,
        }
    }
}

/// Laden's additions to a product (`extensions.laden`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LadenProduct {
    pub tax_class: &'static str,
    pub tax_rate: laden_domain::VatRate,
    pub featured: bool,
    pub stock_quantity: Option<i64>,
    pub unit_price: Option<UnitPrice>,
    /// Lieferzeit as the product states it (empty: the shop's default).
    pub delivery_time: String,
    pub special: SpecialGoods,
    /// The deposit on each item (a variable product's own, else the one all its variations
    /// share); null: none.
    pub deposit: Option<DepositInfo>,
    /// What is said in place of "inkl. MwSt." (goods under the margin scheme, § 25a UStG);
    /// null: "inkl. MwSt.".
    pub tax_notice: Option<String>,
    /// Product safety (GPSR): on a single product's answer, where the product states any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub safety: Option<ProductSafety>,
    /// Food information (LMIV): on a single product's answer, where the product is a food.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub food: Option<FoodInfo>,
    /// On sale: the lowest price of the 30 days before the reduction (cents).
    pub lowest_price: Option<i64>,
    /// The words before the struck and the reduced price; null: none chosen.
    pub sale_labels: Option<SaleLabelsInfo>,
    /// No shipping (WooCommerce `virtual`).
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloadable: bool,
    /// `no`, `notify`, `yes`.
    pub backorders: &'static str,
    /// Weight in grams and dimensions in millimetres (length, width, height), where given.
    pub weight_g: Option<i64>,
    pub dimensions_mm: Option<[Option<i64>; 3]>,
    /// A grouped product's products, upsells and cross-sells, by id.
    pub grouped_products: Vec<i64>,
    pub upsell_ids: Vec<i64>,
    pub cross_sell_ids: Vec<i64>,
    /// Seconds: when a scheduled sale starts and ends.
    pub sale_from: Option<i64>,
    pub sale_to: Option<i64>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProductExtensions {
    pub laden: LadenProduct,
}

/// A product as `GET /wc/store/v1/products/{id}` answers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreProduct {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub parent: i64,
    #[serde(rename = "type")]
    #[cfg_attr(
        test,
        ts(type = "'simple' | 'variable' | 'variation' | 'grouped' | 'external'")
    )]
    pub kind: &'static str,
    pub variation: String,
    pub permalink: String,
    pub sku: String,
    pub short_description: String,
    pub description: String,
    pub on_sale: bool,
    pub prices: Prices,
    pub price_html: String,
    pub average_rating: String,
    pub review_count: i64,
    pub images: Vec<Image>,
    pub categories: Vec<CategoryRef>,
    pub tags: Vec<Term>,
    pub brands: Vec<Term>,
    pub attributes: Vec<ProductAttribute>,
    pub variations: Vec<VariationRef>,
    pub has_options: bool,
    pub is_purchasable: bool,
    pub is_in_stock: bool,
    pub is_on_backorder: bool,
    pub low_stock_remaining: Option<i64>,
    pub stock_availability: StockAvailability,
    pub sold_individually: bool,
    pub add_to_cart: AddToCart,
    pub extensions: ProductExtensions,
}

/// A product as its card shows it: listings and product widgets carry their products in the
/// page data in this form only, with the first picture only (a category page's HTML would
/// otherwise carry every product's description, variations and pictures).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Card {
    pub id: i64,
    pub name: String,
    pub permalink: String,
    #[serde(rename = "type")]
    #[cfg_attr(
        test,
        ts(type = "'simple' | 'variable' | 'variation' | 'grouped' | 'external'")
    )]
    pub kind: &'static str,
    pub on_sale: bool,
    pub is_in_stock: bool,
    pub prices: Prices,
    pub average_rating: String,
    pub review_count: i64,
    pub extensions: ProductExtensions,
    pub images: Vec<CardImage>,
}

impl From<StoreProduct> for Card {
    fn from(p: StoreProduct) -> Self {
        Card {
            id: p.id,
            name: p.name,
            permalink: p.permalink,
            kind: p.kind,
            on_sale: p.on_sale,
            is_in_stock: p.is_in_stock,
            prices: p.prices,
            average_rating: p.average_rating,
            review_count: p.review_count,
            extensions: p.extensions,
            images: p.images.into_iter().take(1).map(CardImage::from).collect(),
        }
    }
}

/// One slide of a product page's gallery.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum GallerySlide {
    Image {
        image: Image,
    },
    Video {
        src: String,
        autoplay: bool,
        poster: Option<Image>,
    },
    Iframe {
        src: String,
        poster: Option<Image>,
    },
}

/// A variation as the variations form needs it (spec §3 "Product variation"), with the theme's
/// attached-media fields (`{prefix}_attached_media…`) beside.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VariationDetail {
    pub variation_id: i64,
    pub sku: String,
    pub attributes: BTreeMap<String, String>,
    pub is_in_stock: bool,
    pub is_purchasable: bool,
    pub display_price: i64,
    pub display_regular_price: i64,
    pub max_qty: i64,
    pub min_qty: i64,
    pub image_id: i64,
    pub image: Option<Image>,
    pub low_stock_remaining: Option<i64>,
    pub unit_price: Option<UnitPrice>,
    pub delivery_time: String,
    pub special: SpecialGoods,
    pub deposit: Option<DepositInfo>,
    pub tax_notice: Option<String>,
    pub lowest_price: Option<i64>,
    pub sale_labels: Option<SaleLabelsInfo>,
    /// The attached-media fields, named after the theme's prefix.
    #[serde(flatten)]
    pub attached: BTreeMap<String, Value>,
}

/// A product review as the Store API answers it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreReview {
    pub id: i64,
    pub date_created: String,
    pub formatted_date_created: String,
    pub date_created_gmt: String,
    pub product_id: i64,
    pub product_name: String,
    pub product_permalink: String,
    pub product_image: Option<Image>,
    pub reviewer: String,
    pub review: String,
    pub rating: i64,
    pub verified: bool,
    pub reviewer_avatar_urls: BTreeMap<String, String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(id: i64) -> Image {
        let size = |w: i64| ImageSize {
            src: format!("/u/{id}-{w}.jpg"),
            width: w,
            height: w,
        };
        Image {
            id,
            src: format!("/u/{id}.jpg"),
            thumbnail: format!("/u/{id}-150.jpg"),
            srcset: format!("/u/{id}-300.jpg 300w"),
            srcset_webp: format!("/u/{id}-300.webp 300w"),
            sizes: String::new(),
            name: format!("Bild {id}"),
            alt: String::new(),
            width: 1200,
            height: 1200,
            caption: String::new(),
            large: size(1024),
            medium: size(300),
        }
    }

    #[test]
    fn a_card_keeps_what_it_shows_and_its_first_picture() {
        let product = StoreProduct {
            id: 7,
            name: "Espresso".into(),
            slug: "espresso".into(),
            parent: 0,
            kind: "simple",
            variation: String::new(),
            permalink: "/produkt/espresso/".into(),
            sku: "E-1".into(),
            short_description: "<p>Kurz</p>".into(),
            description: "<p>Lang</p>".into(),
            on_sale: false,
            prices: Prices {
                price: "1290".into(),
                regular_price: "1290".into(),
                sale_price: "1290".into(),
                price_range: None,
                currency: EUR,
            },
            price_html: String::new(),
            average_rating: "0.00".into(),
            review_count: 0,
            images: vec![image(1), image(2)],
            categories: Vec::new(),
            tags: Vec::new(),
            brands: Vec::new(),
            attributes: Vec::new(),
            variations: Vec::new(),
            has_options: false,
            is_purchasable: true,
            is_in_stock: true,
            is_on_backorder: false,
            low_stock_remaining: None,
            stock_availability: StockAvailability {
                text: String::new(),
                class: "in-stock",
            },
            sold_individually: false,
            add_to_cart: AddToCart {
                text: String::new(),
                description: String::new(),
                url: String::new(),
                single_text: String::new(),
                minimum: 1,
                maximum: 9999,
                multiple_of: 1,
            },
            extensions: ProductExtensions {
                laden: LadenProduct {
                    tax_class: "standard",
                    tax_rate: laden_domain::VatRate::percent(19),
                    featured: false,
                    stock_quantity: None,
                    unit_price: None,
                    delivery_time: String::new(),
                    special: SpecialGoods::default(),
                    deposit: None,
                    tax_notice: None,
                    safety: None,
                    food: None,
                    lowest_price: None,
                    sale_labels: None,
                    is_virtual: false,
                    downloadable: false,
                    backorders: "no",
                    weight_g: None,
                    dimensions_mm: None,
                    grouped_products: Vec::new(),
                    upsell_ids: Vec::new(),
                    cross_sell_ids: Vec::new(),
                    sale_from: None,
                    sale_to: None,
                },
            },
        };
        let mut empty = product.clone();
        empty.images.clear();
        let card = serde_json::to_value(Card::from(product)).unwrap_or_default();
        assert_eq!(card["images"].as_array().map(Vec::len), Some(1));
        assert_eq!(
            card["images"][0],
            serde_json::json!({ "srcset": "/u/1-300.jpg 300w", "srcset_webp": "/u/1-300.webp 300w", "medium": { "src": "/u/1-300.jpg", "width": 300, "height": 300 } })
        );
        assert_eq!(card["type"], "simple");
        assert_eq!(card["prices"]["currency_code"], "EUR");
        for gone in [
            "description",
            "short_description",
            "sku",
            "variations",
            "attributes",
        ] {
            assert!(card.get(gone).is_none(), "{gone}");
        }
        let card = serde_json::to_value(Card::from(empty)).unwrap_or_default();
        assert_eq!(card["images"], serde_json::json!([]), "no picture: none");
    }
}

/// An attribute as `GET /wc/store/v1/products/attributes` answers it (WooCommerce's global
/// attribute: `taxonomy` is `pa_<slug>`; `count` is its number of terms).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreAttribute {
    pub id: i64,
    pub name: String,
    pub taxonomy: String,
    #[serde(rename = "type")]
    #[cfg_attr(test, ts(type = "'select'"))]
    pub kind: &'static str,
    #[cfg_attr(test, ts(type = "'menu_order'"))]
    pub order: &'static str,
    pub has_archives: bool,
    pub count: i64,
}

impl From<&laden_store::ShopAttribute> for StoreAttribute {
    fn from(a: &laden_store::ShopAttribute) -> Self {
        StoreAttribute {
            id: a.id,
            name: a.name.clone(),
            taxonomy: format!("pa_{}", a.slug),
            kind: "select",
            order: "menu_order",
            has_archives: false,
            count: a.count,
        }
    }
}

/// A term as `GET /wc/store/v1/products/attributes/{id}/terms` answers it (`count`: published
/// products offering it).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StoreTerm {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub parent: i64,
    pub count: i64,
}

impl From<&laden_store::ShopAttributeTerm> for StoreTerm {
    fn from(t: &laden_store::ShopAttributeTerm) -> Self {
        StoreTerm {
            id: t.id,
            name: t.name.clone(),
            slug: t.slug.clone(),
            description: String::new(),
            parent: 0,
            count: t.count,
        }
    }
}
