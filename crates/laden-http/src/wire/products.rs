//! The Store API's product shapes (`StoreProduct`, `Card`, pictures, prices, reviews) built from
//! the store's models.

use super::*;

impl Catalog<'_> {
    /// What the GPSR asks `p`'s offer to say, where this is a single product's answer and `p`
    /// states a manufacturer the shop keeps or warnings.
    fn safety(&self, p: &Product) -> Option<store::ProductSafety> {
        let manufacturer =
            laden_domain::product_safety::find(self.manufacturers?, &p.details.manufacturer).map(
                |m| store::ManufacturerInfo {
                    name: m.name.clone(),
                    address: m.address.clone(),
                    eu_person: m.eu_person.clone(),
                },
            );
        let information = p.details.safety_information.clone();
        (manufacturer.is_some() || !information.is_empty()).then_some(store::ProductSafety {
            manufacturer,
            information,
        })
    }

    /// What the LMIV asks `p`'s offer to say, where this is a single product's answer (as for
    /// the safety information) and `p` is a food.
    fn food(&self, p: &Product) -> Option<store::FoodInfo> {
        let food = &p.details.food;
        (self.manufacturers.is_some() && food.is_food).then(|| food.into())
    }

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

    /// The deposit beside a product's price: its own (a variation's with its parent's); for a
    /// variable product stating none, the one all its variations share.
    fn deposit(
        &self,
        p: &Product,
        variations: &[Product],
        parent: Option<&Product>,
    ) -> Option<store::DepositInfo> {
        let own = p.deposit(parent, self.deposit_types);
        let deposit = match own {
            None if p.kind == ProductKind::Variable && !variations.is_empty() => {
                let each: Vec<_> = variations
                    .iter()
                    .map(|v| v.deposit(Some(p), self.deposit_types))
                    .collect();
                each.windows(2)
                    .all(|w| w[0] == w[1])
                    .then(|| each.into_iter().next().flatten())
                    .flatten()
            }
            own => own,
        };
        deposit.as_ref().map(store::DepositInfo::from)
    }

    /// A product as `GET /wc/store/v1/products/{id}` answers.
    pub fn product(
        &self,
        p: &Product,
        variations: &[Product],
        parent: Option<&Product>,
    ) -> StoreProduct {
        use store::{CategoryRef, LadenProduct, ProductExtensions, Term};
        let slug = parent
            .and_then(|pp| pp.slug.clone())
            .or_else(|| p.slug.clone())
            .unwrap_or_default();
        let variable = p.kind == ProductKind::Variable;
        let margin = p.margin_scheme(parent);
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
            attributes: store_attributes(p),
            variations: variation_refs(variations),
            has_options: variable,
            is_purchasable: p.price.is_some()
                && p.status == "publish"
                && (variable || p.kind.purchasable()),
            is_in_stock: in_stock,
            is_on_backorder: p.stock_status == "onbackorder",
            low_stock_remaining: low_stock,
            stock_availability: Self::availability(p, in_stock),
            sold_individually: d.sold_individually,
            add_to_cart: self.add_to_cart(p, &slug),
            extensions: ProductExtensions {
                laden: LadenProduct {
                    tax_class: p.tax_class.as_str(),
                    featured: p.featured,
                    stock_quantity: p.stock,
                    unit_price: Self::unit_price(p, variations, parent),
                    delivery_time: p.delivery_default(parent).to_owned(),
                    special: p.special(parent).into(),
                    deposit: self.deposit(p, variations, parent),
                    tax_notice: margin_notice(margin),
                    tax_rate: if margin {
                        laden_domain::VatRate::ZERO
                    } else {
                        p.tax_class.rate()
                    },
                    safety: self.safety(parent.unwrap_or(p)),
                    food: self.food(parent.unwrap_or(p)),
                    lowest_price: p.lowest_price.map(Money::cents),
                    sale_labels: store::SaleLabelsInfo::of(
                        p.sale_labels(parent, self.price_labels),
                    ),
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

    /// The add-to-cart button: its text by product type (an external product's own), where it
    /// leads, and the most one cart line takes (the stock unless backorders are taken; one of
    /// a product sold individually).
    fn add_to_cart(&self, p: &Product, slug: &str) -> store::AddToCart {
        let d = &p.details;
        let max = p
            .stock
            .filter(|_| p.kind != ProductKind::Variable && !d.backorders.allowed())
            .map_or(9999, |s| s.clamp(0, 9999));
        store::AddToCart {
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
                self.product_link(slug)
            },
            single_text: laden_domain::i18n::t("Add to cart"),
            minimum: 1,
            maximum: if d.sold_individually { max.min(1) } else { max },
            multiple_of: 1,
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
            delivery_time: v.delivery_default(parent).to_owned(),
            special: v.special(parent).into(),
            deposit: v
                .deposit(parent, self.deposit_types)
                .as_ref()
                .map(store::DepositInfo::from),
            tax_notice: margin_notice(v.margin_scheme(parent)),
            lowest_price: v.lowest_price.map(Money::cents),
            sale_labels: store::SaleLabelsInfo::of(v.sale_labels(parent, self.price_labels)),
            attached,
        }
    }

    pub fn review(&self, r: &Review, product: Option<&Product>) -> StoreReview {
        StoreReview {
            id: r.id,
            date_created: crate::dates::german_iso(r.created_at),
            formatted_date_created: crate::dates::german_local_date(r.created_at),
            date_created_gmt: crate::dates::iso(r.created_at),
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

/// A product's attributes shown or used for variations, each with its terms.
fn store_attributes(p: &Product) -> Vec<store::ProductAttribute> {
    p.attributes
        .iter()
        .filter(|a| a.visible || a.variation)
        .map(|a| store::ProductAttribute {
            id: 0,
            name: a.name.clone(),
            taxonomy: None,
            has_variations: a.variation,
            terms: a
                .options
                .iter()
                .map(|o| store::Term {
                    id: 0,
                    name: o.clone(),
                    slug: laden_domain::text::slugify(o),
                })
                .collect(),
        })
        .collect()
}

/// A variable product's variations by id, each with its attribute values.
fn variation_refs(variations: &[Product]) -> Vec<store::VariationRef> {
    variations
        .iter()
        .map(|v| store::VariationRef {
            id: v.id,
            attributes: v
                .attributes
                .iter()
                .map(|a| store::AttributeValue {
                    name: a.name.clone(),
                    value: a.options.first().cloned().unwrap_or_default(),
                })
                .collect(),
        })
        .collect()
}

/// The notice in place of "inkl. MwSt." for goods sold under the margin scheme (§ 25a UStG).
pub(super) fn margin_notice(margin: bool) -> Option<String> {
    margin.then(laden_domain::tax::margin_scheme_notice)
}
