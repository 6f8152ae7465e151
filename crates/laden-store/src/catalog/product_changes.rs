//! The rules a product or variation change keeps, without the database: names, prices, stock,
//! attributes, slug and attached media. [`crate::products`] checks what needs the database (SKU
//! taken, images and categories that exist) and calls these in the fields' order, so problems
//! are reported in the order the form shows them.

use crate::error::{Result, StoreError};
use crate::import::sanitize_embed;
use crate::models::*;
use laden_domain::i18n::{t, tf};
use laden_domain::text::slugify;
use laden_domain::{Money, TaxClass};

/// How a write changes stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    /// Stock is not tracked for this product.
    Unmanaged,
    /// Tracked, set to this quantity (an explicit value the client chose).
    Set(i64),
    /// Tracked, changed by this many units relative to the current stock.
    Delta(i64),
    /// Tracked, set to `new` only if it is still `expected`.
    Swap { expected: i64, new: i64 },
}

/// A partial change of a product or variation; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct ProductChanges {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub kind: Option<ProductKind>,
    pub status: Option<String>,
    pub featured: Option<bool>,
    pub catalog_visibility: Option<CatalogVisibility>,
    pub description: Option<String>,
    pub short_description: Option<String>,
    pub sku: Option<Option<String>>,
    pub regular_price: Option<Option<Money>>,
    pub sale_price: Option<Option<Money>>,
    pub tax_class: Option<TaxClass>,
    /// A variation takes its product's tax class (WooCommerce's `parent`); so does a variation
    /// created without one.
    pub tax_class_of_parent: bool,
    pub stock: Option<StockChange>,
    pub stock_status: Option<String>,
    pub low_stock_amount: Option<Option<i64>>,
    pub image_id: Option<Option<i64>>,
    /// Gallery images by media id (other gallery slides such as videos are kept after them).
    pub gallery: Option<Vec<i64>>,
    pub attributes: Option<Vec<Attribute>>,
    pub menu_order: Option<i64>,
    pub categories: Option<Vec<i64>>,
    pub seo_title: Option<String>,
    pub seo_description: Option<String>,
    /// Attached media (spec §3): shown instead of the first gallery image when the variation is chosen.
    pub attached: AttachedChange,
    /// Grundpreis data; `None` fields stay as they are.
    pub unit: UnitChange,
    /// Lieferzeit (checked at the edge); empty: the parent's or the shop's default.
    pub delivery_time: Option<String>,
    /// WooCommerce's further fields; `None` fields stay as they are.
    pub details: DetailsChange,
    pub tags: Option<Vec<i64>>,
    /// The sale's first and last second (`Some(None)` clears).
    pub sale_from: Option<Option<i64>>,
    pub sale_to: Option<Option<i64>>,
}

/// A change to [`ProductDetails`]; `None` fields stay as they are. Values are checked at the
/// edge (URLs, files, amounts) except the product references, checked here.
#[derive(Debug, Clone, Default)]
pub struct DetailsChange {
    pub is_virtual: Option<bool>,
    pub downloadable: Option<bool>,
    pub downloads: Option<Vec<DownloadFile>>,
    pub download_limit: Option<Option<i64>>,
    pub download_expiry: Option<Option<i64>>,
    pub external_url: Option<String>,
    pub button_text: Option<String>,
    pub weight_g: Option<Option<i64>>,
    /// The shipping class's slug among the shop's (empty: none; checked at the edge).
    pub shipping_class: Option<String>,
    pub length_mm: Option<Option<i64>>,
    pub width_mm: Option<Option<i64>>,
    pub height_mm: Option<Option<i64>>,
    pub purchase_note: Option<String>,
    pub sold_individually: Option<bool>,
    pub backorders: Option<laden_domain::Backorders>,
    pub tax_status: Option<laden_domain::TaxStatus>,
    pub children: Option<Vec<i64>>,
    pub upsell_ids: Option<Vec<i64>>,
    pub cross_sell_ids: Option<Vec<i64>>,
    pub reviews_allowed: Option<bool>,
    pub defect_description: Option<String>,
    pub used_good: Option<bool>,
    pub min_age: Option<u8>,
    pub photovoltaic: Option<bool>,
    /// Sold under the margin scheme (§ 25a UStG).
    pub margin_scheme: Option<bool>,
    pub manufacturer: Option<String>,
    pub safety_information: Option<String>,
    /// Food information by its meta keys (`laden_domain::food::keys`), each value checked by
    /// `Food::set` at the edge; the whole is checked once applied.
    pub food: Vec<(&'static str, String)>,
    /// The deposit type's slug among the shop's (empty: none) and its units per item.
    pub deposit_type: Option<String>,
    pub deposit_quantity: Option<u32>,
    /// The sale price labels' slugs among the shop's (empty: none chosen): the struck price's
    /// and the new price's.
    pub sale_label: Option<String>,
    pub sale_regular_label: Option<String>,
    /// The Lieferzeit by delivery country, checked (`laden_domain::delivery::clean`); the whole
    /// set replaces the one before.
    pub delivery_times: Option<laden_domain::delivery::ByCountry>,
}

impl DetailsChange {
    /// The product ids the change links to (each must exist).
    pub(crate) fn linked_ids(&self) -> impl Iterator<Item = i64> + '_ {
        [&self.children, &self.upsell_ids, &self.cross_sell_ids]
            .into_iter()
            .flatten()
            .flatten()
            .copied()
    }

    pub(crate) fn apply(&self, d: &mut ProductDetails) {
        macro_rules! set {
            ($($field:ident),*) => {$(
                if let Some(v) = &self.$field {
                    d.$field = v.clone();
                }
            )*};
        }
        set!(
            is_virtual,
            downloadable,
            downloads,
            download_limit,
            download_expiry,
            external_url,
            button_text,
            weight_g,
            shipping_class,
            length_mm,
            width_mm,
            height_mm,
            sold_individually,
            backorders,
            tax_status,
            children,
            upsell_ids,
            cross_sell_ids,
            reviews_allowed,
            defect_description,
            used_good,
            min_age,
            photovoltaic,
            margin_scheme,
            manufacturer,
            safety_information,
            delivery_times
        );
        if let Some(note) = &self.purchase_note {
            d.purchase_note = ammonia::clean(note);
        }
        for (key, value) in &self.food {
            // Checked at the edge; a value that fails here changes nothing.
            let _ = d.food.set(key, value);
        }
        if let Some(kind) = &self.deposit_type {
            d.deposit.kind = kind.clone();
        }
        if let Some(quantity) = self.deposit_quantity {
            d.deposit.quantity = quantity;
        }
        if let Some(slug) = &self.sale_label {
            d.sale_labels.strike = slug.clone();
        }
        if let Some(slug) = &self.sale_regular_label {
            d.sale_labels.sale = slug.clone();
        }
    }
}

/// A change to a product's unit, content or reference amount (thousandths); `Some(None)` clears.
#[derive(Debug, Clone, Default)]
pub struct UnitChange {
    /// A unit code (`g`, `kg`, `ml`, `l`, `m`, `Stück`) or empty.
    pub unit: Option<String>,
    pub content: Option<Option<i64>>,
    pub base: Option<Option<i64>>,
}

/// A change to a product's attached media; `None` fields stay as they are.
#[derive(Debug, Clone, Default)]
pub struct AttachedChange {
    /// A video or iframe as HTML, or a plain URL; sanitised like imported media.
    pub html: Option<String>,
    /// `video`, `iframe` or empty.
    pub kind: Option<String>,
    pub poster: Option<Option<i64>>,
    pub enabled: Option<bool>,
}

/// The attached-media types the gallery can show.
pub const ATTACHED_MEDIA_TYPES: &[&str] = &["", "video", "iframe"];

/// The problems of a change, by field, in German.
pub(crate) type Problems = Vec<(String, String)>;

pub(crate) fn apply_name(p: &mut Product, ch: &ProductChanges, problems: &mut Problems) {
    if let Some(name) = &ch.name {
        if name.trim().is_empty() {
            problems.push(("name".into(), t("Please give a name.")));
        } else {
            p.name = name.trim().to_owned();
        }
    }
}

/// A product's type can change only while neither it nor the new type involves variations.
pub(crate) fn apply_kind(
    p: &mut Product,
    kind: ProductKind,
    has_variations: bool,
    problems: &mut Problems,
) {
    if p.kind == ProductKind::Variation || kind == ProductKind::Variation || has_variations {
        problems.push((
            "type".into(),
            t("The product type cannot change while the product has variations."),
        ));
    } else {
        p.kind = kind;
    }
}

/// Fields taken as given (descriptions cleaned of unsafe HTML, SEO texts trimmed).
pub(crate) fn apply_details(p: &mut Product, ch: &ProductChanges) {
    if let Some(status) = &ch.status {
        p.status = status.clone();
    }
    if let Some(f) = ch.featured {
        p.featured = f;
    }
    if let Some(v) = ch.catalog_visibility {
        p.catalog_visibility = v;
    }
    if let Some(d) = &ch.description {
        p.description = ammonia::clean(d);
    }
    if let Some(d) = &ch.short_description {
        p.short_description = ammonia::clean(d);
    }
    if let Some(t) = &ch.seo_title {
        p.seo_title = t.trim().to_owned();
    }
    if let Some(t) = &ch.seo_description {
        p.seo_description = t.trim().to_owned();
    }
    if let Some(u) = &ch.unit.unit {
        p.unit.unit = u.clone();
    }
    if let Some(c) = ch.unit.content {
        p.unit.content = c;
    }
    if let Some(b) = ch.unit.base {
        p.unit.base = b;
    }
    if let Some(d) = &ch.delivery_time {
        p.delivery_time = d.clone();
    }
    if let Some(tc) = ch.tax_class {
        p.tax_class = tc;
    }
    if let Some(l) = ch.low_stock_amount {
        p.low_stock_amount = l;
    }
    if let Some(m) = ch.menu_order {
        p.menu_order = m;
    }
    ch.details.apply(&mut p.details);
    if let Some(f) = ch.sale_from {
        p.sale_from = f;
    }
    if let Some(t) = ch.sale_to {
        p.sale_to = t;
    }
}

/// A SKU trimmed; empty is none.
pub(crate) fn clean_sku(sku: Option<&str>) -> Option<String> {
    sku.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// A sale price needs a regular price above it.
pub(crate) fn apply_prices(p: &mut Product, ch: &ProductChanges, problems: &mut Problems) {
    if let Some(r) = ch.regular_price {
        p.regular_price = r;
    }
    if let Some(s) = ch.sale_price {
        p.sale_price = s;
    }
    if let (Some(s), Some(r)) = (p.sale_price, p.regular_price) {
        if s >= r && (ch.sale_price.is_some() || ch.regular_price.is_some()) {
            problems.push((
                "sale_price".into(),
                t("The sale price must be below the regular price."),
            ));
        }
    }
    if let (Some(from), Some(to)) = (p.sale_from, p.sale_to) {
        if to < from {
            problems.push((
                "date_on_sale_to".into(),
                t("The sale ends before it begins."),
            ));
        }
    }
    if p.sale_price.is_some() && p.regular_price.is_none() {
        problems.push((
            "sale_price".into(),
            t("A sale price needs a regular price."),
        ));
    }
}

/// Stock as asked (set, delta, or compare-and-swap: a conflict when it changed meanwhile), never
/// negative; tracked stock decides the status, except that backorders stay allowed.
pub(crate) fn apply_stock(
    p: &mut Product,
    ch: &ProductChanges,
    problems: &mut Problems,
) -> Result<()> {
    if let Some(stock) = ch.stock {
        let current = p.stock;
        let next = match stock {
            StockChange::Unmanaged => None,
            StockChange::Set(n) => Some(n),
            StockChange::Delta(d) => Some(current.unwrap_or(0).saturating_add(d)),
            StockChange::Swap { expected, new } => {
                if current != Some(expected) {
                    return Err(StoreError::Conflict(format!(
                        "stock is {current:?}, not {expected}"
                    )));
                }
                Some(new)
            }
        };
        match next {
            Some(n) if n < 0 => {
                problems.push(("stock_quantity".into(), t("Stock cannot become negative.")))
            }
            _ => p.stock = next,
        }
    }
    if let Some(s) = &ch.stock_status {
        p.stock_status = s.clone();
    }
    if let Some(n) = p.stock {
        if p.stock_status != "onbackorder" || n > 0 {
            p.stock_status =
                laden_domain::product_rules::stock_status_for(n, p.details.backorders).into();
        }
    }
    Ok(())
}

/// The gallery's images in the order given; attached videos and the like stay after them.
pub(crate) fn set_gallery(p: &mut Product, ids: &[i64]) {
    let others: Vec<GalleryItem> = p
        .gallery
        .iter()
        .filter(|g| !matches!(g, GalleryItem::Image { .. }))
        .cloned()
        .collect();
    p.gallery = ids
        .iter()
        .map(|id| GalleryItem::Image { media_id: *id })
        .chain(others)
        .collect();
}

/// A variation's attributes: one option of each of the parent's attributes ("" = any), named
/// as the parent names them. A variation attribute of the parent it does not name is "any" of
/// it, as in WooCommerce (so the product keeps offering it).
pub(crate) fn variation_attributes(
    parent: &Product,
    attrs: &[Attribute],
    problems: &mut Problems,
) -> Vec<Attribute> {
    let mut own = Vec::new();
    for a in attrs {
        let Some(pa) = parent
            .attributes
            .iter()
            .find(|pa| pa.name.eq_ignore_ascii_case(a.name.trim()))
        else {
            problems.push((
                "attributes".into(),
                tf("The product has no attribute “%s”.", &[&a.name.trim()]),
            ));
            continue;
        };
        let option = a.options.first().map(|o| o.trim()).unwrap_or("");
        let chosen = pa.options.iter().find(|o| o.eq_ignore_ascii_case(option));
        if !option.is_empty() && chosen.is_none() {
            problems.push((
                "attributes".into(),
                tf("“%1$s” is not a value of “%2$s”.", &[&option, &pa.name]),
            ));
            continue;
        }
        own.push(Attribute {
            name: pa.name.clone(),
            options: chosen.cloned().into_iter().collect(),
            variation: true,
            visible: true,
        });
    }
    for pa in parent.attributes.iter().filter(|pa| pa.variation) {
        if !own.iter().any(|a| a.name == pa.name) {
            own.push(Attribute {
                name: pa.name.clone(),
                options: Vec::new(),
                variation: true,
                visible: true,
            });
        }
    }
    own
}

/// A product's attributes: each with a name of its own, options trimmed, empty ones dropped.
pub(crate) fn product_attributes(attrs: &[Attribute], problems: &mut Problems) -> Vec<Attribute> {
    let mut seen: Vec<String> = Vec::new();
    let mut list = Vec::new();
    for a in attrs {
        let name = a.name.trim().to_owned();
        if name.is_empty() || seen.iter().any(|s| s.eq_ignore_ascii_case(&name)) {
            problems.push((
                "attributes".into(),
                t("Every attribute needs a name of its own."),
            ));
            continue;
        }
        seen.push(name.clone());
        let options: Vec<String> = a
            .options
            .iter()
            .map(|o| o.trim().to_owned())
            .filter(|o| !o.is_empty())
            .collect();
        list.push(Attribute {
            name,
            options,
            variation: a.variation,
            visible: a.visible,
        });
    }
    list
}

/// The slug asked for, else the one the product has, else one from its name (before the
/// database makes it unique).
pub(crate) fn wanted_slug(p: &Product, wanted: Option<&str>, creating: bool) -> String {
    let wanted = wanted
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(slugify)
        .filter(|s| !s.is_empty());
    match (wanted, &p.slug, creating) {
        (Some(w), _, _) => w,
        (None, Some(existing), false) => existing.clone(),
        _ => slugify(&p.name),
    }
}

/// Attached media (spec §3): a video file, an address of this site, or a YouTube or Vimeo
/// embed, sanitised; a bare `<iframe>` or `<video>` names its own type. The poster is checked
/// by the caller.
pub(crate) fn apply_attached(p: &mut Product, a: &AttachedChange, problems: &mut Problems) {
    if let Some(html) = &a.html {
        if html.len() > 10_000 {
            problems.push((
                "meta_data.laden_attached_media".into(),
                t("The attached media are too long (at most 10,000 characters)."),
            ));
        }
        p.attached.html = html.trim().to_owned();
        if !p.attached.html.is_empty() && sanitize_embed(&p.attached.html).is_empty() {
            problems.push((
                "meta_data.laden_attached_media".into(),
                t("Possible are video files, addresses on this site and embeds from YouTube or Vimeo."),
            ));
        }
    }
    if let Some(kind) = &a.kind {
        if ATTACHED_MEDIA_TYPES.contains(&kind.trim()) {
            p.attached.kind = kind.trim().to_owned();
        } else {
            problems.push((
                "meta_data.laden_attached_media_type".into(),
                t("The media type must be video or iframe."),
            ));
        }
    }
    if let Some(poster) = a.poster {
        p.attached.poster = poster;
    }
    if let Some(e) = a.enabled {
        p.attached.enabled = e;
    }
    p.attached.html = sanitize_embed(&p.attached.html);
    if p.attached.enabled && !p.attached.html.is_empty() && p.attached.kind.is_empty() {
        p.attached.kind = if p.attached.html.contains("<iframe") {
            "iframe"
        } else {
            "video"
        }
        .into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(name: &str, options: &[&str]) -> Attribute {
        Attribute {
            name: name.into(),
            options: options.iter().map(|o| (*o).to_owned()).collect(),
            variation: true,
            visible: true,
        }
    }

    #[test]
    fn skus_are_trimmed_and_empty_is_none() {
        for (input, want) in [
            (None, None),
            (Some(""), None),
            (Some("  "), None),
            (Some(" K-1 "), Some("K-1")),
        ] {
            assert_eq!(clean_sku(input).as_deref(), want, "{input:?}");
        }
    }

    #[test]
    fn product_attributes_need_names_of_their_own() {
        let table: &[(&[Attribute], usize, usize)] = &[
            (&[], 0, 0),
            (&[attr("Größe", &[" S ", "", "M"])], 1, 0),
            (&[attr("Größe", &["S"]), attr("größe", &["M"])], 1, 1),
            (&[attr(" ", &["S"])], 0, 1),
        ];
        for (input, kept, refused) in table {
            let mut problems = Problems::new();
            let out = product_attributes(input, &mut problems);
            assert_eq!((out.len(), problems.len()), (*kept, *refused), "{input:?}");
        }
        let mut problems = Problems::new();
        let out = product_attributes(&[attr("Größe", &[" S ", "", "M"])], &mut problems);
        assert_eq!(out[0].options, ["S", "M"]);
    }

    #[test]
    fn variation_attributes_take_the_parents_names_and_options() {
        let parent = Product {
            attributes: vec![attr("Größe", &["250 g", "1 kg"])],
            ..Product::default()
        };
        let table: &[(&str, &str, Option<&str>, usize)] = &[
            ("größe", "1 KG", Some("1 kg"), 0),
            ("Größe", "", None, 0),
            ("Größe", "5 kg", None, 1),
            ("Farbe", "rot", None, 1),
        ];
        for (name, option, want, refused) in table {
            let mut problems = Problems::new();
            let out = variation_attributes(&parent, &[attr(name, &[option])], &mut problems);
            assert_eq!(problems.len(), *refused, "{name} {option}");
            if *refused == 0 {
                assert_eq!(out[0].name, "Größe");
                assert_eq!(out[0].options.first().map(String::as_str), *want);
            }
        }
    }

    #[test]
    fn stock_changes_never_go_negative_and_decide_the_status() {
        // stock, status, change → stock, status, refused
        type Case = (
            Option<i64>,
            &'static str,
            StockChange,
            Option<i64>,
            &'static str,
            bool,
        );
        let table: &[Case] = &[
            (
                Some(5),
                "instock",
                StockChange::Delta(-5),
                Some(0),
                "outofstock",
                false,
            ),
            (
                Some(5),
                "instock",
                StockChange::Delta(-6),
                Some(5),
                "instock",
                true,
            ),
            (
                None,
                "instock",
                StockChange::Set(3),
                Some(3),
                "instock",
                false,
            ),
            (
                Some(0),
                "onbackorder",
                StockChange::Set(0),
                Some(0),
                "onbackorder",
                false,
            ),
            (
                Some(2),
                "instock",
                StockChange::Unmanaged,
                None,
                "instock",
                false,
            ),
        ];
        for (stock, status, change, want, want_status, refused) in table {
            let mut p = Product {
                stock: *stock,
                stock_status: (*status).into(),
                ..Product::default()
            };
            let ch = ProductChanges {
                stock: Some(*change),
                ..ProductChanges::default()
            };
            let mut problems = Problems::new();
            apply_stock(&mut p, &ch, &mut problems).expect("no swap, no conflict");
            assert_eq!(
                (p.stock, p.stock_status.as_str(), !problems.is_empty()),
                (*want, *want_status, *refused),
                "{change:?}"
            );
        }
        let mut p = Product {
            stock: Some(4),
            ..Product::default()
        };
        let swap = ProductChanges {
            stock: Some(StockChange::Swap {
                expected: 5,
                new: 1,
            }),
            ..ProductChanges::default()
        };
        assert!(matches!(
            apply_stock(&mut p, &swap, &mut Problems::new()),
            Err(StoreError::Conflict(_))
        ));
    }

    #[test]
    fn a_sale_price_needs_a_higher_regular_price() {
        let table: &[(Option<i64>, Option<i64>, usize)] = &[
            (Some(1000), Some(900), 0),
            (Some(1000), Some(1000), 1),
            (None, Some(900), 1),
            (Some(1000), None, 0),
        ];
        for (regular, sale, refused) in table {
            let mut p = Product::default();
            let ch = ProductChanges {
                regular_price: Some(regular.map(Money::from_cents)),
                sale_price: Some(sale.map(Money::from_cents)),
                ..ProductChanges::default()
            };
            let mut problems = Problems::new();
            apply_prices(&mut p, &ch, &mut problems);
            assert_eq!(problems.len(), *refused, "{regular:?} {sale:?}");
        }
    }

    #[test]
    fn slugs_come_from_what_was_asked_else_what_is_else_the_name() {
        let p = Product {
            name: "Kaffee Größe".into(),
            slug: Some("alt".into()),
            ..Product::default()
        };
        assert_eq!(wanted_slug(&p, Some(" Neu Ä "), false), "neu-ae");
        assert_eq!(wanted_slug(&p, None, false), "alt");
        assert_eq!(wanted_slug(&p, Some("  "), false), "alt");
        assert_eq!(wanted_slug(&p, None, true), slugify("Kaffee Größe"));
    }
}
