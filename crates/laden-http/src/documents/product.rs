//! The product page and the quick view (one product's data, gallery and variations).

use super::*;
use crate::wire::page::{ProductView, QuickView};

/// A product with everything its page and its quick view show.
pub(super) struct ProductDetail {
    product: laden_store::Product,
    variations: Vec<laden_store::Product>,
    /// A grouped product's products and the upsells.
    grouped: Vec<laden_store::Product>,
    upsells: Vec<laden_store::Product>,
    categories: Vec<laden_store::Category>,
    media: std::collections::BTreeMap<i64, laden_store::Media>,
    settings: laden_store::SiteSettings,
}

impl ProductDetail {
    async fn load(
        state: &AppState,
        product: laden_store::Product,
    ) -> Result<ProductDetail, ApiError> {
        let categories = state.store.categories().await?;
        let variations = if product.kind == ProductKind::Variable {
            state.store.variations(product.id).await?
        } else {
            Vec::new()
        };
        let mut ids: Vec<i64> = product.image_id.into_iter().collect();
        for g in &product.gallery {
            match g {
                laden_store::GalleryItem::Image { media_id } => ids.push(*media_id),
                laden_store::GalleryItem::Video { poster, .. }
                | laden_store::GalleryItem::Iframe { poster, .. } => ids.extend(*poster),
            }
        }
        for v in &variations {
            ids.extend(v.image_id);
            ids.extend(v.attached.poster);
        }
        let grouped = if product.kind == ProductKind::Grouped {
            state
                .store
                .products_by_ids(&product.details.children)
                .await?
        } else {
            Vec::new()
        };
        let upsells = state
            .store
            .products_by_ids(&product.details.upsell_ids)
            .await?;
        ids.extend(grouped.iter().chain(&upsells).filter_map(|p| p.image_id));
        let media = state.store.media_by_ids(&ids).await?;
        let settings = state.store.settings().await?;
        Ok(ProductDetail {
            product,
            variations,
            grouped,
            upsells,
            categories,
            media,
            settings,
        })
    }

    fn catalog<'a>(&'a self, state: &'a AppState) -> Catalog<'a> {
        Catalog {
            manufacturers: Some(&self.settings.shop.manufacturers),
            deposit_types: &self.settings.shop.deposit_types,
            price_labels: &self.settings.shop.price_labels,
            ..Catalog::plain(&state.config.site_url, &self.media, &self.categories)
        }
    }

    /// The gallery and the variations as the product components take them.
    fn gallery_and_variations(
        &self,
        state: &AppState,
    ) -> (Vec<wire::GallerySlide>, Vec<wire::VariationDetail>) {
        let cat = self.catalog(state);
        let prefix = &self.settings.theme.prefix;
        let variations = self
            .variations
            .iter()
            .map(|v| cat.variation_detail(v, Some(&self.product), prefix))
            .collect();
        (cat.gallery(&self.product), variations)
    }
}

/// `GET /wp-json/laden/v1/products/{id}/quick-view`: what a quick-view modal shows.
pub(crate) async fn quick_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
    let product = state
        .store
        .product(id)
        .await
        .map_err(or_missing(ApiError::ProductNotFound))?;
    if product.status != "publish" || product.kind == ProductKind::Variation {
        return Err(ApiError::ProductNotFound);
    }
    let detail = ProductDetail::load(&state, product).await?;
    let product = detail
        .catalog(&state)
        .product(&detail.product, &detail.variations, None);
    let (gallery, variations) = detail.gallery_and_variations(&state);
    let view = QuickView {
        product,
        gallery,
        variations,
        permalink: super::paths::product(detail.product.slug.as_deref().unwrap_or_default()),
    };
    let mut res = axum::Json(view).into_response();
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=60"),
    );
    Ok(res)
}

/// The URL parameter that carries a variation attribute's choice (`attribute_groesse=250 g`).
pub(super) fn attribute_param(name: &str) -> String {
    format!("attribute_{}", laden_domain::text::slugify(name))
}

pub(super) async fn product_doc(
    state: &AppState,
    slug: &str,
    query: &BTreeMap<String, String>,
) -> Result<Doc, ApiError> {
    let found = state
        .store
        .product_by_slug(slug)
        .await
        .map_err(map_missing)?;
    let (reviews, _) = state.store.reviews(Some(found.id), 1, 50).await?;
    let detail = ProductDetail::load(state, found).await?;
    let (product, variations, categories) =
        (&detail.product, &detail.variations, &detail.categories);
    let cat = detail.catalog(state);
    let store_product = cat.product(product, variations, None);
    let mut doc = Doc::new(View::NotFound, product.name.clone());
    // Its variations' changes are recorded on it too; a grouped product's page and the upsells
    // show other products.
    doc.scopes = std::iter::once(product.id)
        .chain(detail.grouped.iter().chain(&detail.upsells).map(|p| p.id))
        .map(Scope::Product)
        .collect();
    let path = super::paths::product(slug);
    doc.canonical = path.clone();
    doc.og_type = "product";
    doc.description = if product.seo_description.is_empty() {
        plain(
            if product.short_description.is_empty() {
                &product.description
            } else {
                &product.short_description
            },
            160,
        )
    } else {
        product.seo_description.clone()
    };
    doc.head_title = product.seo_title.clone();
    doc.og_image = store_product.images.first().map(|i| i.src.clone());
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (t("Shop"), "/shop/".into())];
    if let Some(first) = product.category_ids.first() {
        for tc in category_trail(categories, *first) {
            doc.breadcrumbs
                .push((tc.name.clone(), format!("/produkt-kategorie/{}/", tc.slug)));
        }
    }
    doc.breadcrumbs.push((product.name.clone(), path.clone()));
    let url = format!("{}{path}", state.config.site_url);
    doc.json_ld.push(product_ld(
        product,
        variations,
        &store_product,
        &doc.description,
        &url,
    ));
    // A shared link with a chosen variation renders in that state: only known options count.
    let attribute_params: BTreeMap<String, String> = product
        .attributes
        .iter()
        .filter(|a| a.variation)
        .map(|a| (a.name.clone(), attribute_param(&a.name)))
        .collect();
    let initial_choice: BTreeMap<String, String> = product
        .attributes
        .iter()
        .filter(|a| a.variation)
        .filter_map(|a| {
            query
                .get(&attribute_param(&a.name))
                .filter(|v| a.options.contains(v))
                .map(|v| (a.name.clone(), v.clone()))
        })
        .collect();
    let (gallery, variations) = detail.gallery_and_variations(state);
    // The gallery's first slide is the largest paint when it is an image (not a video), unless
    // a chosen variation shows its own image first.
    if initial_choice.is_empty() {
        doc.preload_image = match gallery.first() {
            Some(wire::GallerySlide::Image { image }) => Some(image.clone()),
            _ => None,
        };
    }
    doc.view = View::Product(Box::new(ProductView {
        product: store_product,
        gallery,
        variations,
        reviews: reviews.iter().map(|r| cat.review(r, None)).collect(),
        attribute_params,
        initial_choice,
        grouped: detail
            .grouped
            .iter()
            .map(|p| cat.product(p, &[], None))
            .collect(),
        upsells: detail
            .upsells
            .iter()
            .map(|p| wire::Card::from(cat.product(p, &[], None)))
            .collect(),
    }));
    Ok(doc)
}

/// The product's schema.org `Product` (JSON-LD): its offer (a variable product's price range as
/// an `AggregateOffer`), availability, images and rating.
fn product_ld(
    product: &laden_store::Product,
    variations: &[laden_store::Product],
    store_product: &wire::StoreProduct,
    description: &str,
    url: &str,
) -> serde_json::Value {
    let availability = if store_product.is_in_stock {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let offer = if product.kind == ProductKind::Variable {
        let prices: Vec<i64> = variations
            .iter()
            .filter_map(|v| v.price.map(|m| m.cents()))
            .collect();
        json!({
            "@type": "AggregateOffer",
            "lowPrice": laden_domain::Money::from_cents(prices.iter().copied().min().unwrap_or(0)).to_decimal_string(),
            "highPrice": laden_domain::Money::from_cents(prices.iter().copied().max().unwrap_or(0)).to_decimal_string(),
            "offerCount": prices.len(),
            "priceCurrency": "EUR",
            "availability": availability,
            "url": url,
        })
    } else {
        let mut offer = json!({
            "@type": "Offer",
            "price": product.price.unwrap_or_default().to_decimal_string(),
            "priceCurrency": "EUR",
            "availability": availability,
            "url": url,
            "priceSpecification": unit_price_ld(product, None),
        });
        sale_ld(&mut offer, product);
        offer
    };
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": description,
        "sku": product.sku.clone().unwrap_or_default(),
        "image": store_product.images.iter().map(|i| i.src.as_str()).collect::<Vec<_>>(),
        "url": url,
        "offers": offer,
    });
    if product.rating_count > 0 {
        ld["aggregateRating"] = json!({ "@type": "AggregateRating", "ratingValue": format!("{:.2}", product.average_rating()), "reviewCount": product.rating_count, "bestRating": 5, "worstRating": 1 });
    }
    ld
}

/// A reduced offer as Google reads one: the struck-through regular price beside the price
/// (`priceType` StrikethroughPrice) and, for a sale with an end, its last day as
/// `priceValidUntil` (as WooCommerce gives it).
fn sale_ld(offer: &mut Value, product: &laden_store::Product) {
    let (Some(price), Some(regular)) = (product.price, product.regular_price) else {
        return;
    };
    if regular <= price {
        return;
    }
    let mut specs = match offer["priceSpecification"].take() {
        Value::Array(list) => list,
        one => vec![one],
    };
    specs.push(json!({
        "@type": "UnitPriceSpecification",
        "priceType": "https://schema.org/StrikethroughPrice",
        "price": regular.to_decimal_string(),
        "priceCurrency": "EUR",
        "valueAddedTaxIncluded": true,
    }));
    offer["priceSpecification"] = Value::Array(specs);
    if let Some(to) = product.sale_to {
        let day: String = laden_domain::dates::german_iso(to)
            .chars()
            .take(10)
            .collect();
        offer["priceValidUntil"] = Value::String(day);
    }
}

/// The offer's price specification; with a Grundpreis also the price per reference amount
/// (`referenceQuantity`, with the content as its `valueReference`: Google's unit pricing measure
/// and base measure).
pub(super) fn unit_price_ld(
    product: &laden_store::Product,
    parent: Option<&laden_store::Product>,
) -> Value {
    let price = product.price.unwrap_or_default();
    let plain = json!({ "@type": "UnitPriceSpecification", "price": price.to_decimal_string(), "priceCurrency": "EUR", "valueAddedTaxIncluded": true });
    let Some(u) = product.unit_pricing(parent) else {
        return plain;
    };
    let (base, base_code) = u.reference_quantity();
    let (content, content_code) = u.content_quantity();
    json!([plain, {
        "@type": "UnitPriceSpecification",
        "price": u.reference_price(price).to_decimal_string(),
        "priceCurrency": "EUR",
        "valueAddedTaxIncluded": true,
        "referenceQuantity": {
            "@type": "QuantitativeValue",
            "value": base,
            "unitCode": base_code,
            "valueReference": { "@type": "QuantitativeValue", "value": content, "unitCode": content_code },
        },
    }])
}

pub(super) async fn product(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    let query = query_map(&uri);
    respond(&state, &headers, &uri, product_doc(&state, &slug, &query)).await
}
