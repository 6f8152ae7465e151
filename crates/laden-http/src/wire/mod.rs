//! JSON shapes of WooCommerce's Store API, built from store models at this one edge.

use laden_domain::Money;
use laden_store::{
    CartView, Category, GalleryItem, Media, PlacedOrder, Product, ProductKind, Review,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub mod cart;
pub mod laden;
pub mod page;
pub mod store;
pub mod store_in;
#[cfg(test)]
mod typescript;
pub mod wc;
pub mod wp;

use cart::*;
pub use cart::{StoreCart, StoreCategory, StoreOrder};
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
}

impl Catalog<'_> {
    pub fn upload_url(&self, file: &str) -> String {
        format!("{}/uploads/{}", self.site_url, file)
    }

    /// A picture of the media library with its sizes.
    pub fn image(&self, id: i64) -> Option<Image> {
        let m = self.media.get(&id)?;
        let src = self.upload_url(&m.file);
        let thumb = m
            .sizes
            .get("thumbnail")
            .map_or_else(|| src.clone(), |s| self.upload_url(&s.file));
        let mut srcset: Vec<String> = m
            .sizes
            .iter()
            .filter(|(k, _)| *k != "thumbnail")
            .map(|(_, s)| format!("{} {}w", self.upload_url(&s.file), s.width))
            .collect();
        srcset.push(format!("{src} {}w", m.width));
        // The same sub-sizes as WebP, where made (the original stays JPEG/PNG: the fallback has it).
        let srcset_webp: Vec<String> = m
            .sizes
            .iter()
            .filter(|(k, _)| *k != "thumbnail")
            .filter_map(|(_, s)| {
                Some(format!(
                    "{} {}w",
                    self.upload_url(s.webp.as_deref()?),
                    s.width
                ))
            })
            .collect();
        let size = |name: &str| {
            m.sizes.get(name).map(|s| ImageSize {
                src: self.upload_url(&s.file),
                width: s.width,
                height: s.height,
            })
        };
        let original = || ImageSize {
            src: src.clone(),
            width: m.width,
            height: m.height,
        };
        let large = size("large").unwrap_or_else(original);
        let medium = size("medium_large")
            .or_else(|| size("medium"))
            .unwrap_or_else(original);
        Some(Image {
            id: m.id,
            src: src.clone(),
            thumbnail: thumb,
            srcset: srcset.join(", "),
            srcset_webp: srcset_webp.join(", "),
            sizes: format!("(max-width: {0}px) 100vw, {0}px", m.width.min(768)),
            name: m.title.clone(),
            alt: m.alt.clone(),
            width: m.width,
            height: m.height,
            caption: m.caption.clone(),
            large,
            medium,
        })
    }

    /// [`Catalog::image`] as JSON.
    pub fn image_json(&self, id: i64) -> Option<Value> {
        self.image(id).map(|i| value(&i))
    }

    pub fn category_link(&self, slug: &str) -> String {
        format!("{}/produkt-kategorie/{}/", self.site_url, slug)
    }

    pub fn product_link(&self, slug: &str) -> String {
        format!("{}/produkt/{}/", self.site_url, slug)
    }

    fn prices(p: &Product, variations: &[Product]) -> store::Prices {
        let range = if p.kind == ProductKind::Grouped {
            match (p.price, p.max_price) {
                (Some(min), Some(max)) => Some(store::PriceRange {
                    min_amount: min.cents().to_string(),
                    max_amount: max.cents().to_string(),
                }),
                _ => None,
            }
        } else if p.kind == ProductKind::Variable {
            let prices: Vec<i64> = variations
                .iter()
                .filter_map(|v| v.price.map(Money::cents))
                .collect();
            match (prices.iter().min(), prices.iter().max()) {
                (Some(min), Some(max)) => Some(store::PriceRange {
                    min_amount: min.to_string(),
                    max_amount: max.to_string(),
                }),
                _ => None,
            }
        } else {
            None
        };
        store::Prices {
            price: cents(p.price),
            regular_price: cents(p.regular_price.or(p.price)),
            sale_price: cents(p.price),
            price_range: range,
            currency: store::EUR,
        }
    }

    /// Grundpreis for a product: its own, a variation's (with its parent's unit), or a variable
    /// product's range over its variations when they share a reference amount.
    pub fn unit_price(
        p: &Product,
        variations: &[Product],
        parent: Option<&Product>,
    ) -> Option<UnitPrice> {
        if p.kind != ProductKind::Variable {
            return unit_price(p.unit_pricing(parent), p.price);
        }
        let priced: Vec<(i64, String)> = variations
            .iter()
            .filter_map(|v| {
                let u = v.unit_pricing(Some(p))?;
                Some((u.reference_price(v.price?).cents(), u.base_label()))
            })
            .collect();
        let first = priced.first()?;
        if priced.iter().any(|(_, base)| *base != first.1) {
            return None;
        }
        Some(UnitPrice {
            price: priced.iter().map(|(c, _)| *c).min().unwrap_or(0),
            max_price: priced.iter().map(|(c, _)| *c).max().unwrap_or(0),
            base: first.1.clone(),
            content: String::new(),
        })
    }

    /// A product as `GET /wc/store/v1/products/{id}` answers.
    pub fn product(
        &self,
        p: &Product,
        variations: &[Product],
        parent: Option<&Product>,
    ) -> StoreProduct {
        use store::{
            AddToCart, AttributeValue, CategoryRef, LadenProduct, ProductAttribute,
            ProductExtensions, Term, VariationRef,
        };
        let slug = parent
            .and_then(|pp| pp.slug.clone())
            .or_else(|| p.slug.clone())
            .unwrap_or_default();
        let variable = p.kind == ProductKind::Variable;
        let d = &p.details;
        let on_sale = if variable {
            variations.iter().any(Product::on_sale)
        } else {
            p.on_sale()
        };
        let in_stock = if variable {
            variations.iter().any(Product::in_stock)
        } else {
            p.in_stock()
        };
        let first_option =
            |a: &laden_store::Attribute| a.options.first().cloned().unwrap_or_default();
        let attributes = p
            .attributes
            .iter()
            .filter(|a| a.visible || a.variation)
            .map(|a| ProductAttribute {
                id: 0,
                name: a.name.clone(),
                taxonomy: None,
                has_variations: a.variation,
                terms: a
                    .options
                    .iter()
                    .map(|o| Term {
                        id: 0,
                        name: o.clone(),
                        slug: laden_domain::text::slugify(o),
                    })
                    .collect(),
            })
            .collect();
        let variation_refs = variations
            .iter()
            .map(|v| VariationRef {
                id: v.id,
                attributes: v
                    .attributes
                    .iter()
                    .map(|a| AttributeValue {
                        name: a.name.clone(),
                        value: first_option(a),
                    })
                    .collect(),
            })
            .collect();
        let max = p
            .stock
            .filter(|_| !variable && !d.backorders.allowed())
            .map_or(9999, |s| s.clamp(0, 9999));
        let max = if d.sold_individually { max.min(1) } else { max };
        let low_stock = p
            .stock
            .filter(|s| *s > 0 && *s <= p.low_stock_amount.unwrap_or(5));
        let variation = if p.kind == ProductKind::Variation {
            p.attributes
                .iter()
                .map(|a| format!("{}: {}", a.name, first_option(a)))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            String::new()
        };
        StoreProduct {
            id: p.id,
            name: p.name.clone(),
            slug: slug.clone(),
            parent: p.parent_id.unwrap_or(0),
            kind: p.kind.as_str(),
            variation,
            permalink: self.product_link(&slug),
            sku: p.sku.clone().unwrap_or_default(),
            short_description: p.short_description.clone(),
            description: p.description.clone(),
            on_sale,
            prices: Self::prices(p, variations),
            price_html: String::new(),
            average_rating: format!("{:.2}", p.average_rating()),
            review_count: p.rating_count,
            images: p
                .picture_ids()
                .iter()
                .filter_map(|id| self.image(*id))
                .collect(),
            categories: p
                .category_ids
                .iter()
                .filter_map(|id| self.categories.iter().find(|c| c.id == *id))
                .map(|c| CategoryRef {
                    id: c.id,
                    name: c.name.clone(),
                    slug: c.slug.clone(),
                    link: self.category_link(&c.slug),
                })
                .collect(),
            tags: p
                .tags
                .iter()
                .map(|t| Term {
                    id: t.id,
                    name: t.name.clone(),
                    slug: t.slug.clone(),
                })
                .collect(),
            brands: Vec::new(),
            attributes,
            variations: variation_refs,
            has_options: variable,
            is_purchasable: p.price.is_some()
                && p.status == "publish"
                && (variable || p.kind.purchasable()),
            is_in_stock: in_stock,
            is_on_backorder: p.stock_status == "onbackorder",
            low_stock_remaining: low_stock,
            stock_availability: Self::availability(p, in_stock),
            sold_individually: d.sold_individually,
            add_to_cart: AddToCart {
                text: match p.kind {
                    ProductKind::External if !d.button_text.is_empty() => d.button_text.clone(),
                    ProductKind::External => laden_domain::i18n::t("Buy product"),
                    ProductKind::Grouped => laden_domain::i18n::t("View products"),
                    ProductKind::Variable => laden_domain::i18n::t("Select options"),
                    _ => laden_domain::i18n::t("Add to cart"),
                },
                description: String::new(),
                url: if p.kind == ProductKind::External {
                    d.external_url.clone()
                } else {
                    self.product_link(&slug)
                },
                single_text: laden_domain::i18n::t("Add to cart"),
                minimum: 1,
                maximum: max,
                multiple_of: 1,
            },
            extensions: ProductExtensions {
                laden: LadenProduct {
                    tax_class: p.tax_class.as_str(),
                    tax_rate: p.tax_class.rate_percent(),
                    featured: p.featured,
                    stock_quantity: p.stock,
                    unit_price: Self::unit_price(p, variations, parent),
                    delivery_time: p.own_delivery_time(parent).to_owned(),
                    lowest_price: p.lowest_price.map(Money::cents),
                    is_virtual: d.is_virtual,
                    downloadable: d.downloadable,
                    backorders: d.backorders.as_str(),
                    weight_g: d.weight_g,
                    dimensions_mm: [d.length_mm, d.width_mm, d.height_mm]
                        .iter()
                        .any(Option::is_some)
                        .then_some([d.length_mm, d.width_mm, d.height_mm]),
                    grouped_products: d.children.clone(),
                    upsell_ids: d.upsell_ids.clone(),
                    cross_sell_ids: d.cross_sell_ids.clone(),
                    sale_from: p.sale_from,
                    sale_to: p.sale_to,
                },
            },
        }
    }

    /// The stock line: "Lieferbar auf Nachbestellung" for a product on backorder whose shop
    /// tells (WooCommerce shows it with `notify`, and Laden with `yes` too: a German shopper
    /// must know the goods are not on hand).
    fn availability(p: &Product, in_stock: bool) -> store::StockAvailability {
        if p.stock_status == "onbackorder" {
            return store::StockAvailability {
                text: laden_domain::i18n::t("Available on backorder"),
                class: "available-on-backorder",
            };
        }
        store::StockAvailability {
            text: String::new(),
            class: if in_stock { "in-stock" } else { "out-of-stock" },
        }
    }

    /// [`Catalog::product`] as JSON.
    pub fn product_json(
        &self,
        p: &Product,
        variations: &[Product],
        parent: Option<&Product>,
    ) -> Value {
        value(&self.product(p, variations, parent))
    }

    /// Gallery slides with their media resolved, for the product page.
    pub fn gallery(&self, p: &Product) -> Vec<GallerySlide> {
        let mut out = Vec::new();
        let mut seen_main = false;
        for item in &p.gallery {
            match item {
                GalleryItem::Image { media_id } => {
                    if let Some(image) = self.image(*media_id) {
                        seen_main |= Some(*media_id) == p.image_id;
                        out.push(GallerySlide::Image { image });
                    }
                }
                GalleryItem::Video {
                    src,
                    poster,
                    autoplay,
                } => out.push(GallerySlide::Video {
                    src: src.clone(),
                    autoplay: *autoplay,
                    poster: poster.and_then(|id| self.image(id)),
                }),
                GalleryItem::Iframe { src, poster } => out.push(GallerySlide::Iframe {
                    src: src.clone(),
                    poster: poster.and_then(|id| self.image(id)),
                }),
            }
        }
        if !seen_main {
            if let Some(image) = p.image_id.and_then(|id| self.image(id)) {
                out.insert(0, GallerySlide::Image { image });
            }
        }
        out
    }

    /// Variation data as the variations form needs it (spec §3 "Product variation").
    pub fn variation_detail(
        &self,
        v: &Product,
        parent: Option<&Product>,
        prefix: &str,
    ) -> VariationDetail {
        let attached = BTreeMap::from([
            (format!("{prefix}_attached_media"), json!(v.attached.html)),
            (
                format!("{prefix}_attached_media_type"),
                json!(v.attached.kind),
            ),
            (
                format!("{prefix}_attached_media_poster"),
                v.attached
                    .poster
                    .and_then(|id| self.image_json(id))
                    .unwrap_or(Value::Null),
            ),
            (
                format!("{prefix}_attached_media_enabled"),
                json!(v.attached.enabled),
            ),
        ]);
        VariationDetail {
            variation_id: v.id,
            sku: v.sku.clone().unwrap_or_default(),
            attributes: v
                .attributes
                .iter()
                .map(|a| {
                    (
                        a.name.clone(),
                        a.options.first().cloned().unwrap_or_default(),
                    )
                })
                .collect(),
            is_in_stock: v.in_stock(),
            is_purchasable: v.price.is_some(),
            display_price: v.price.map_or(0, Money::cents),
            display_regular_price: v.regular_price.or(v.price).map_or(0, Money::cents),
            max_qty: v.stock.map_or(9999, |s| s.clamp(0, 9999)),
            min_qty: 1,
            image_id: v.image_id.unwrap_or(0),
            image: v.image_id.and_then(|id| self.image(id)),
            low_stock_remaining: v
                .stock
                .filter(|s| *s > 0 && *s <= v.low_stock_amount.unwrap_or(5)),
            unit_price: unit_price(v.unit_pricing(parent), v.price),
            delivery_time: v.own_delivery_time(parent).to_owned(),
            lowest_price: v.lowest_price.map(Money::cents),
            attached,
        }
    }

    pub fn review(&self, r: &Review, product: Option<&Product>) -> StoreReview {
        let date = crate::dates::iso(r.created_at);
        StoreReview {
            id: r.id,
            date_created: date.clone(),
            formatted_date_created: crate::dates::german_date(r.created_at),
            date_created_gmt: date,
            product_id: r.product_id,
            product_name: product.map(|p| p.name.clone()).unwrap_or_default(),
            product_permalink: product
                .and_then(|p| p.slug.as_deref())
                .map(|s| self.product_link(s))
                .unwrap_or_default(),
            product_image: product
                .and_then(|p| p.image_id)
                .and_then(|id| self.image(id)),
            reviewer: r.author.clone(),
            review: format!("<p>{}</p>", r.content),
            rating: r.rating,
            verified: r.verified,
            reviewer_avatar_urls: BTreeMap::new(),
        }
    }
}

/// Splits gross into (net, tax) at `rate` percent.
fn net_and_tax(gross: i64, rate: i64) -> (i64, i64) {
    let tax = (gross * rate + (100 + rate) / 2).div_euclid(100 + rate);
    (gross - tax, tax)
}

impl Catalog<'_> {
    /// The cart as the Store API answers it.
    pub fn cart(&self, cart: &CartView) -> StoreCart {
        let t = &cart.totals;
        // WooCommerce's item totals are before discounts; the discount and its VAT come apart.
        let items_tax = t.vat_total.cents() - t.shipping_vat.cents() + t.discount_vat.cents();
        let shipping_net = (t.shipping.cents() - t.shipping_vat.cents()).to_string();
        let shipping_rates = if cart.items.is_empty() {
            Vec::new()
        } else {
            vec![ShippingPackage {
                package_id: 0,
                name: laden_domain::i18n::t("Shipment"),
                destination: Destination {
                    country: cart.shipping_country.clone(),
                },
                items: cart
                    .items
                    .iter()
                    .map(|i| PackageItem {
                        key: i.key.clone(),
                        name: i.product.name.clone(),
                        quantity: i.quantity,
                    })
                    .collect(),
                shipping_rates: vec![ShippingRate {
                    rate_id: "flat_rate:0",
                    name: cart
                        .shipping_zone
                        .clone()
                        .unwrap_or_else(|| laden_domain::i18n::t("Other delivery countries")),
                    description: String::new(),
                    delivery_time: String::new(),
                    price: shipping_net.clone(),
                    taxes: t.shipping_vat.cents().to_string(),
                    method_id: "flat_rate",
                    instance_id: 0,
                    meta_data: Vec::new(),
                    selected: true,
                    currency: store::EUR,
                }],
            }]
        };
        StoreCart {
            items: cart.items.iter().map(|i| self.cart_item(i)).collect(),
            coupons: cart_coupons(cart),
            fees: Vec::new(),
            totals: CartTotals {
                total_items: (t.items.cents() - items_tax).to_string(),
                total_items_tax: items_tax.to_string(),
                total_fees: "0".into(),
                total_fees_tax: "0".into(),
                total_discount: (t.discount.cents() - t.discount_vat.cents()).to_string(),
                total_discount_tax: t.discount_vat.cents().to_string(),
                total_shipping: shipping_net,
                total_shipping_tax: t.shipping_vat.cents().to_string(),
                total_price: t.total.cents().to_string(),
                total_tax: t.vat_total.cents().to_string(),
                tax_lines: t
                    .vat
                    .iter()
                    .map(|v| TaxLine::new(v.rate_percent, v.vat.cents()))
                    .collect(),
                extensions: CartTotalsExtensions {
                    laden: LadenCartTotals {
                        total_items_gross: t.items.cents().to_string(),
                        total_shipping_gross: t.shipping.cents().to_string(),
                        total_discount_gross: t.discount.cents().to_string(),
                    },
                },
                currency: store::EUR,
            },
            shipping_address: Destination {
                country: cart.shipping_country.clone(),
            },
            billing_address: Empty {},
            needs_payment: !cart.items.is_empty(),
            needs_shipping: cart.items.iter().any(|i| !i.product.details.is_virtual),
            payment_requirements: vec!["products"],
            has_calculated_shipping: true,
            shipping_rates,
            items_count: cart.items_count(),
            items_weight: 0,
            cross_sells: Vec::new(),
            errors: Vec::new(),
            payment_methods: cart.payment_methods.clone(),
            extensions: Empty {},
        }
    }

    fn cart_item(&self, i: &laden_store::CartItemView) -> CartItem {
        let p = &i.product;
        let unit = p.price.map_or(0, Money::cents);
        let regular = p.regular_price.or(p.price).map_or(0, Money::cents);
        let gross = unit * i64::from(i.quantity);
        let (net, tax) = net_and_tax(gross, p.tax_class.rate_percent());
        CartItem {
            key: i.key.clone(),
            id: p.id,
            kind: p.kind.as_str(),
            quantity: i.quantity,
            quantity_limits: QuantityLimits {
                minimum: 1,
                maximum: match p.stock {
                    _ if p.details.sold_individually => 1,
                    Some(s) if !p.details.backorders.allowed() => s.clamp(0, 9999),
                    _ => 9999,
                },
                multiple_of: 1,
                editable: true,
            },
            name: p.name.clone(),
            short_description: p.short_description.clone(),
            description: String::new(),
            sku: p.sku.clone().unwrap_or_default(),
            low_stock_remaining: p
                .stock
                .filter(|s| *s > 0 && *s <= p.low_stock_amount.unwrap_or(5)),
            backorders_allowed: p.details.backorders.allowed(),
            show_backorder_badge: p.stock_status == "onbackorder",
            sold_individually: p.details.sold_individually,
            permalink: i
                .permalink_slug
                .as_deref()
                .map(|s| self.product_link(s))
                .unwrap_or_default(),
            images: p
                .image_id
                .and_then(|id| self.image(id))
                .into_iter()
                .collect(),
            variation: i
                .variation
                .iter()
                .map(|v| ItemVariation {
                    attribute: v.attribute.clone(),
                    value: v.value.clone(),
                })
                .collect(),
            item_data: Vec::new(),
            prices: ItemPrices {
                price: unit.to_string(),
                regular_price: cents(p.regular_price.or(p.price)),
                sale_price: unit.to_string(),
                price_range: None,
                raw_prices: RawPrices {
                    precision: 6,
                    price: (unit * 10_000).to_string(),
                    regular_price: (regular * 10_000).to_string(),
                    sale_price: (unit * 10_000).to_string(),
                },
                currency: store::EUR,
            },
            totals: LineTotals {
                line_subtotal: net.to_string(),
                line_subtotal_tax: tax.to_string(),
                line_total: net.to_string(),
                line_total_tax: tax.to_string(),
                currency: store::EUR,
            },
            catalog_visibility: p.catalog_visibility.as_str(),
            extensions: CartItemExtensions {
                laden: LadenCartItem {
                    tax_rate: p.tax_class.rate_percent(),
                    line_total_gross: gross.to_string(),
                    unit_price: unit_price(i.unit_pricing, p.price),
                    delivery_time: i.delivery_time.clone(),
                    parent: p.parent_id.unwrap_or(0),
                    cross_sell_ids: i.cross_sell_ids.clone(),
                    downloadable: i.downloadable,
                },
            },
        }
    }

    /// A category as the Store API answers it.
    pub fn category(&self, c: &Category) -> StoreCategory {
        StoreCategory {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
            description: c.description.clone(),
            parent: c.parent_id.unwrap_or(0),
            count: c.count,
            image: c.image_id.and_then(|id| self.image(id)),
            review_count: 0,
            permalink: self.category_link(&c.slug),
        }
    }

    /// A tag as `GET /wc/store/v1/products/tags` answers it (WooCommerce's term shape).
    pub fn tag(&self, t: &laden_store::Tag) -> StoreCategory {
        StoreCategory {
            id: t.id,
            name: t.name.clone(),
            slug: t.slug.clone(),
            description: t.description.clone(),
            parent: 0,
            count: t.count,
            image: None,
            review_count: 0,
            permalink: format!("{}/produkt-schlagwort/{}/", self.site_url, t.slug),
        }
    }
}

/// The cart's coupons as the Store API lists them (`totals` net and tax, plus the gross amount).
pub fn cart_coupons(cart: &CartView) -> Vec<CartCoupon> {
    let parts = cart.totals.discount_parts();
    cart.coupons
        .iter()
        .zip(parts)
        .map(|(c, (gross, vat))| CartCoupon {
            code: c.code.clone(),
            discount_type: c.discount_type.as_str(),
            totals: CouponTotals {
                total_discount: (gross.cents() - vat.cents()).to_string(),
                total_discount_tax: vat.cents().to_string(),
                currency: store::EUR,
            },
            extensions: CartCouponExtensions {
                laden: LadenCartCoupon {
                    total_discount_gross: gross.cents().to_string(),
                },
            },
        })
        .collect()
}

pub fn payment_title(method: &str) -> String {
    laden_domain::i18n::t(match method {
        "bacs" => "Direct bank transfer",
        "invoice" => "Invoice",
        "cod" => "Cash on delivery",
        other => other,
    })
}

/// One VAT rate of an order, as the order keeps them.
#[derive(serde::Deserialize)]
struct KeptVat {
    rate_percent: i64,
    vat: i64,
}

/// A download link's path (the token is its secret).
pub fn download_path(token: &str) -> String {
    format!("/download/{token}")
}

impl From<&PlacedOrder> for StoreOrder {
    fn from(o: &PlacedOrder) -> Self {
        let items_tax: i64 = o.tax_total - o.shipping_tax + o.discount_tax;
        let taxes: Vec<KeptVat> = serde_json::from_value(o.taxes.clone()).unwrap_or_default();
        StoreOrder {
            id: o.id,
            order_key: o.key.clone(),
            order_number: o.id.to_string(),
            status: o.status.clone(),
            date_created: crate::dates::iso(o.created_at),
            items: o
                .items
                .iter()
                .map(|i| OrderItem {
                    id: i.product_id,
                    name: i.name.clone(),
                    sku: i.sku.clone(),
                    quantity: i.quantity,
                    prices: OrderItemPrices {
                        price: i.unit_price.to_string(),
                        regular_price: i.unit_price.to_string(),
                        sale_price: i.unit_price.to_string(),
                        currency: store::EUR,
                    },
                    totals: OrderLineTotals {
                        line_total: i.line_total.to_string(),
                        line_total_tax: net_and_tax(i.line_total, i.tax_rate).1.to_string(),
                        currency: store::EUR,
                    },
                    extensions: OrderItemExtensions {
                        laden: LadenOrderItem {
                            tax_rate: i.tax_rate,
                            unit_price: i.unit_pricing.clone(),
                            delivery_time: i.delivery_time.clone(),
                            purchase_note: i.purchase_note.clone(),
                        },
                    },
                })
                .collect(),
            coupons: o
                .coupons
                .iter()
                .map(|c| OrderCoupon {
                    code: c.code.clone(),
                    totals: CouponTotals {
                        total_discount: (c.discount - c.discount_tax).to_string(),
                        total_discount_tax: c.discount_tax.to_string(),
                        currency: store::EUR,
                    },
                })
                .collect(),
            fees: Vec::new(),
            totals: OrderTotals {
                subtotal: (o.items_total - items_tax).to_string(),
                total_items: (o.items_total - items_tax).to_string(),
                total_items_tax: items_tax.to_string(),
                total_discount: (o.discount_total - o.discount_tax).to_string(),
                total_discount_tax: o.discount_tax.to_string(),
                total_shipping: (o.shipping_total - o.shipping_tax).to_string(),
                total_shipping_tax: o.shipping_tax.to_string(),
                total_fees: "0".into(),
                total_fees_tax: "0".into(),
                total_tax: o.tax_total.to_string(),
                total_refund: o.refunds.iter().map(|r| r.amount).sum::<i64>().to_string(),
                total_price: o.total.to_string(),
                tax_lines: taxes
                    .iter()
                    .map(|v| TaxLine::new(v.rate_percent, v.vat))
                    .collect(),
                currency: store::EUR,
            },
            shipping_address: o.shipping.clone(),
            billing_address: o.billing.clone(),
            payment_method: o.payment_method.clone(),
            payment_method_title: payment_title(&o.payment_method),
            customer_note: o.customer_note.clone(),
            needs_payment: o.status == "on-hold",
            needs_shipping: o.needs_shipping,
            payment_requirements: vec!["products"],
            errors: Vec::new(),
            extensions: OrderExtensions {
                laden: LadenOrder {
                    legal: o.legal.clone(),
                    withdrawn_at: o.withdrawn_at.map(crate::dates::iso),
                    downloads: o
                        .downloads
                        .iter()
                        .map(|g| cart::OrderDownload {
                            product_id: g.product_id,
                            product_name: g.product_name.clone(),
                            name: g.name.clone(),
                            url: download_path(&g.token),
                            downloads_remaining: g.remaining,
                            access_expires: g.expires_at.map(crate::dates::iso),
                        })
                        .collect(),
                    invoices: o
                        .invoices
                        .iter()
                        .map(|i| cart::OrderInvoice {
                            number: i.number.clone(),
                            kind: i.kind.as_str().to_owned(),
                            title: i.title(),
                            date: crate::dates::german_iso(i.issued_at),
                            url: crate::invoices::customer_url(i.id, &o.key),
                        })
                        .collect(),
                    vat_id: o.vat_id.clone(),
                    reverse_charge: o.reverse_charge,
                },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::net_and_tax;

    #[test]
    fn splits_gross() {
        assert_eq!(net_and_tax(1190, 19), (1000, 190));
        assert_eq!(net_and_tax(1070, 7), (1000, 70));
        assert_eq!(net_and_tax(999, 19), (839, 160));
    }
}
