//! `wc/v3` products, variations and their pictures as WooCommerce answers them.

use super::*;
use laden_domain::pricing::unit_price;

/// What answering products takes beside them: their pictures and the categories.
pub(super) struct Lookups<'a> {
    site_url: &'a str,
    media: std::collections::BTreeMap<i64, laden_store::Media>,
    categories: Vec<Category>,
    /// The shop's settings: a product naming a manufacturer, deposit type or sale price label
    /// the shop no longer keeps names none.
    shop: laden_domain::settings::ShopSettings,
}

impl<'a> Lookups<'a> {
    pub(super) async fn load(state: &'a AppState, products: &[Product]) -> ApiResult<Lookups<'a>> {
        let mut ids: Vec<i64> = Vec::new();
        for p in products {
            ids.extend(p.image_id);
            ids.extend(p.gallery.iter().filter_map(|g| match g {
                GalleryItem::Image { media_id } => Some(*media_id),
                _ => None,
            }));
        }
        let shop = state.store.settings().await?.shop;
        Ok(Lookups {
            site_url: &state.config.site_url,
            media: state.store.media_by_ids(&ids).await?,
            categories: state.store.categories().await?,
            shop,
        })
    }

    pub(super) fn catalog(&self) -> Catalog<'_> {
        Catalog::plain(self.site_url, &self.media, &self.categories)
    }
}

pub(super) fn image_ref(cat: &Catalog<'_>, id: i64, position: usize) -> Option<WcImage> {
    let img = cat.image(id)?;
    Some(WcImage {
        id,
        src: img.src,
        name: img.name,
        alt: img.alt,
        position: position as i64,
    })
}

pub(super) fn stock_fields(p: &Product) -> WcStock {
    WcStock {
        manage_stock: p.stock.is_some(),
        stock_quantity: p.stock,
        stock_status: p.stock_status.clone(),
        backorders: p.details.backorders.as_str(),
        low_stock_amount: p.low_stock_amount,
    }
}

pub(super) fn product_json(look: &Lookups<'_>, p: &Product, variations: &[i64]) -> WcProduct {
    let cat = &look.catalog();
    let mut images: Vec<i64> = p.image_id.into_iter().collect();
    for g in &p.gallery {
        if let GalleryItem::Image { media_id } = g {
            if !images.contains(media_id) {
                images.push(*media_id);
            }
        }
    }
    let categories = p
        .category_ids
        .iter()
        .filter_map(|id| cat.categories.iter().find(|c| c.id == *id))
        .map(|c| WcCategoryRef {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
        })
        .collect();
    let slug = p.slug.clone().unwrap_or_default();
    let variable = p.kind == ProductKind::Variable;
    let mut meta = Vec::new();
    if !p.seo_title.is_empty() {
        meta.push(WcMeta::new(1, "_yoast_wpseo_title", p.seo_title.clone()));
    }
    if !p.seo_description.is_empty() {
        meta.push(WcMeta::new(
            2,
            "_yoast_wpseo_metadesc",
            p.seo_description.clone(),
        ));
    }
    meta.extend(attached_meta(p));
    meta.extend(german_market_meta(p, look));
    WcProduct {
        id: p.id,
        name: p.name.clone(),
        permalink: cat.product_link(&slug),
        slug,
        date_created: crate::dates::german_iso(p.created_at),
        date_created_gmt: crate::dates::iso(p.created_at),
        date_modified: crate::dates::german_iso(p.updated_at),
        date_modified_gmt: crate::dates::iso(p.updated_at),
        kind: p.kind.as_str(),
        status: p.status.clone(),
        featured: p.featured,
        catalog_visibility: p.catalog_visibility.as_str(),
        description: p.description.clone(),
        short_description: p.short_description.clone(),
        sku: p.sku.clone().unwrap_or_default(),
        price: money(p.price),
        regular_price: if variable {
            String::new()
        } else {
            money(p.regular_price)
        },
        sale_price: if variable {
            String::new()
        } else {
            money(p.sale_price)
        },
        on_sale: p.on_sale(),
        purchasable: p.price.is_some() && p.status == "publish" && p.kind.purchasable(),
        total_sales: p.total_sales,
        is_virtual: p.details.is_virtual,
        downloadable: p.details.downloadable,
        tax_status: p.details.tax_status.as_str(),
        tax_class: p.tax_class.woo_slug(),
        reviews_allowed: p.details.reviews_allowed,
        average_rating: format!("{:.2}", p.average_rating()),
        rating_count: p.rating_count,
        parent_id: 0,
        categories,
        images: images
            .iter()
            .enumerate()
            .filter_map(|(i, id)| image_ref(cat, *id, i))
            .collect(),
        attributes: p
            .attributes
            .iter()
            .enumerate()
            .map(|(i, a)| WcAttribute {
                id: 0,
                name: a.name.clone(),
                position: i as i64,
                visible: a.visible,
                variation: a.variation,
                options: a.options.clone(),
            })
            .collect(),
        default_attributes: Vec::new(),
        variations: variations.to_vec(),
        menu_order: p.menu_order,
        meta_data: meta,
        stock: stock_fields(p),
        goods: crate::wc_v3::product_types::goods(p, &look.shop.shipping_classes),
        links: crate::wc_v3::product_types::links(p),
    }
}

/// A meta value as text: strings as they are, numbers written out, null as empty; `None` otherwise.
pub(super) fn meta_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Null => Some(String::new()),
        _ => None,
    }
}

/// Germanized's Grundpreis meta keys.
pub(super) const UNIT: &str = "_unit";
pub(super) const UNIT_PRODUCT: &str = "_unit_product";
pub(super) const UNIT_BASE: &str = "_unit_base";
/// The Lieferzeit as text.
pub(super) const DELIVERY_TIME: &str = "laden_delivery_time";
/// The Lieferzeit by delivery country: an object of country codes and texts
/// (`{"AT": "7–10 Werktage"}`), or the same as the CSV column's text (`AT: 7–10 Werktage | …`).
pub(super) const DELIVERY_TIMES: &str = "laden_delivery_time_countries";
/// Germanized's keys for defects (B-Ware), used goods and the minimum age.
pub(super) const DEFECT_DESCRIPTION: &str = "_defect_description";
pub(super) const USED_GOOD: &str = "_is_used_good";
pub(super) const MIN_AGE: &str = "_min_age";
/// Germanized's key for a photovoltaic system (sold at the zero rate, § 12 (3) UStG).
pub(super) const PHOTOVOLTAIC: &str = "_photovoltaic_system";
/// Germanized's key for goods sold under the margin scheme (§ 25a UStG).
pub(super) const MARGIN_SCHEME: &str = "_differential_taxation";
/// Product safety (GPSR): the manufacturer by its slug (Germanized's key) and the warnings.
pub(super) const MANUFACTURER: &str = "_manufacturer_slug";
pub(super) const SAFETY_INFORMATION: &str = "laden_safety_information";
/// The deposit (Pfand) under Germanized's keys: the type's slug and its units per item.
pub(super) const DEPOSIT_TYPE: &str = "_deposit_type";
pub(super) const DEPOSIT_QUANTITY: &str = "_deposit_quantity";
/// The sale price labels under Germanized's keys: the struck price's and the new price's.
pub(super) const SALE_LABEL: &str = "_sale_price_label";
pub(super) const SALE_REGULAR_LABEL: &str = "_sale_price_regular_label";
pub(super) const ATTACHED: &str = "laden_attached_media";
pub(super) const ATTACHED_TYPE: &str = "laden_attached_media_type";
pub(super) const ATTACHED_POSTER: &str = "laden_attached_media_poster";
pub(super) const ATTACHED_ENABLED: &str = "laden_attached_media_enabled";

/// Attached media as meta_data (the keys of the CSV import), when there is any.
pub(super) fn attached_meta(p: &Product) -> Vec<WcMeta> {
    let a = &p.attached;
    if a.html.is_empty() && a.poster.is_none() && !a.enabled {
        return Vec::new();
    }
    vec![
        WcMeta::new(3, ATTACHED, a.html.clone()),
        WcMeta::new(4, ATTACHED_TYPE, a.kind.clone()),
        WcMeta::new(
            5,
            ATTACHED_POSTER,
            a.poster.map(|id| id.to_string()).unwrap_or_default(),
        ),
        WcMeta::new(6, ATTACHED_ENABLED, if a.enabled { "yes" } else { "no" }),
    ]
}

/// The German-market fields a product or variation states itself, as `meta_data`: the Grundpreis
/// as Germanized keeps it (unit, content "unit_product", reference amount "unit_base"), the
/// Lieferzeit, and goods the law treats apart under Germanized's keys. A variation answers its own
/// (the admin's editor reads them back, and writes them again as they were).
fn german_market_meta(p: &Product, look: &Lookups<'_>) -> Vec<WcMeta> {
    let mut meta = Vec::new();
    if !p.unit.unit.is_empty() {
        meta.push(WcMeta::new(7, UNIT, p.unit.unit.clone()));
    }
    if let Some(c) = p.unit.content {
        meta.push(WcMeta::new(8, UNIT_PRODUCT, unit_price::exchange_amount(c)));
    }
    if let Some(b) = p.unit.base {
        meta.push(WcMeta::new(9, UNIT_BASE, unit_price::exchange_amount(b)));
    }
    if !p.delivery_time.is_empty() {
        meta.push(WcMeta::new(10, DELIVERY_TIME, p.delivery_time.clone()));
    }
    if !p.details.delivery_times.is_empty() {
        let times = serde_json::to_value(&p.details.delivery_times).unwrap_or_default();
        meta.push(WcMeta::new(42, DELIVERY_TIMES, times));
    }
    // Goods the law treats apart, under Germanized's keys; what the shop has since removed is
    // none (a save would be refused at it).
    let mut d = p.details.clone();
    d.forget_removed(&look.shop);
    if !d.defect_description.is_empty() {
        meta.push(WcMeta::new(
            11,
            DEFECT_DESCRIPTION,
            d.defect_description.clone(),
        ));
    }
    if d.used_good {
        meta.push(WcMeta::new(12, USED_GOOD, "yes".to_owned()));
    }
    if d.min_age > 0 {
        meta.push(WcMeta::new(13, MIN_AGE, d.min_age.to_string()));
    }
    if d.photovoltaic {
        meta.push(WcMeta::new(16, PHOTOVOLTAIC, "yes".to_owned()));
    }
    if d.margin_scheme {
        meta.push(WcMeta::new(19, MARGIN_SCHEME, "yes".to_owned()));
    }
    if !d.manufacturer.is_empty() {
        meta.push(WcMeta::new(14, MANUFACTURER, d.manufacturer.clone()));
    }
    if !d.safety_information.is_empty() {
        meta.push(WcMeta::new(
            15,
            SAFETY_INFORMATION,
            d.safety_information.clone(),
        ));
    }
    if !d.deposit.kind.is_empty() {
        meta.push(WcMeta::new(17, DEPOSIT_TYPE, d.deposit.kind.clone()));
        meta.push(WcMeta::new(
            18,
            DEPOSIT_QUANTITY,
            d.deposit.quantity.max(1).to_string(),
        ));
    }
    // The sale price labels it chooses itself.
    let labels = d.sale_labels;
    for (n, key, slug) in [
        (40, SALE_LABEL, labels.strike),
        (41, SALE_REGULAR_LABEL, labels.sale),
    ] {
        if !slug.is_empty() {
            meta.push(WcMeta::new(n, key, slug));
        }
    }
    // Food information (LMIV), a key each, as the CSV gives it.
    for (n, key) in (20..).zip(laden_domain::food::KEYS) {
        let value = d.food.get(key);
        if !value.is_empty() {
            meta.push(WcMeta::new(n, key, value));
        }
    }
    meta
}

pub(super) fn variation_json(look: &Lookups<'_>, v: &Product, parent_slug: &str) -> WcVariation {
    let cat = &look.catalog();
    WcVariation {
        id: v.id,
        parent_id: v.parent_id.unwrap_or(0),
        date_created: crate::dates::german_iso(v.created_at),
        date_created_gmt: crate::dates::iso(v.created_at),
        date_modified: crate::dates::german_iso(v.updated_at),
        date_modified_gmt: crate::dates::iso(v.updated_at),
        description: v.description.clone(),
        permalink: cat.product_link(parent_slug),
        sku: v.sku.clone().unwrap_or_default(),
        price: money(v.price),
        regular_price: money(v.regular_price),
        sale_price: money(v.sale_price),
        on_sale: v.on_sale(),
        status: v.status.clone(),
        purchasable: v.price.is_some() && v.status == "publish",
        is_virtual: v.details.is_virtual,
        downloadable: v.details.downloadable,
        tax_status: v.details.tax_status.as_str(),
        tax_class: v.tax_class.woo_slug(),
        image: v.image_id.and_then(|id| image_ref(cat, id, 0)),
        attributes: v
            .attributes
            .iter()
            .map(|a| WcAttributeChoice {
                id: 0,
                name: a.name.clone(),
                option: a.options.first().cloned().unwrap_or_default(),
            })
            .collect(),
        menu_order: v.menu_order,
        meta_data: attached_meta(v)
            .into_iter()
            .chain(german_market_meta(v, look))
            .collect(),
        stock: stock_fields(v),
        goods: crate::wc_v3::product_types::goods(v, &look.shop.shipping_classes),
    }
}

pub(super) async fn products_out(
    state: &AppState,
    products: &[Product],
) -> ApiResult<Vec<WcProduct>> {
    let look = Lookups::load(state, products).await?;
    let parents: Vec<i64> = products
        .iter()
        .filter(|p| p.kind == ProductKind::Variable)
        .map(|p| p.id)
        .collect();
    let variations = state.store.variation_ids(&parents).await?;
    Ok(products
        .iter()
        .map(|p| product_json(&look, p, variations.get(&p.id).map_or(&[], Vec::as_slice)))
        .collect())
}

/// Product `id`, not a variation (a variation's id is not a product's: `product_missing`).
pub(super) async fn product_row(state: &AppState, id: i64) -> ApiResult<Product> {
    let p = state
        .store
        .product(id)
        .await
        .map_err(|e| product_error(e, product_missing))?;
    if p.kind == ProductKind::Variation {
        return Err(product_missing());
    }
    Ok(p)
}

pub(super) async fn product_out(state: &AppState, id: i64) -> ApiResult<WcProduct> {
    let p = product_row(state, id).await?;
    Ok(products_out(state, std::slice::from_ref(&p))
        .await?
        .remove(0))
}

pub(super) async fn variation_out(
    state: &AppState,
    parent: i64,
    id: i64,
) -> ApiResult<WcVariation> {
    let v = state
        .store
        .product(id)
        .await
        .map_err(|e| product_error(e, variation_missing))?;
    if v.parent_id != Some(parent) {
        return Err(variation_missing());
    }
    let parent = state
        .store
        .product(parent)
        .await
        .map_err(|e| product_error(e, product_missing))?;
    let look = Lookups::load(state, std::slice::from_ref(&v)).await?;
    Ok(variation_json(
        &look,
        &v,
        parent.slug.as_deref().unwrap_or_default(),
    ))
}
