use laden_domain::address::Address;
use laden_domain::i18n::t;
use laden_domain::pricing::{deposit, price_label, unit_price};
pub use laden_domain::{CatalogVisibility, VisibilityFilter};
use laden_domain::{Money, TaxClass};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct MediaSize {
    pub file: String,
    pub width: i64,
    pub height: i64,
    pub mime: String,
    /// The same size as WebP, below uploads (absent for older rows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webp: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Media {
    pub id: i64,
    /// Path below the uploads directory, e.g. `2026/11/kaffee.jpg`.
    pub file: String,
    pub mime: String,
    pub width: i64,
    pub height: i64,
    pub alt: String,
    pub title: String,
    pub caption: String,
    /// Sub-sizes by name: `thumbnail` (150), `medium` (300), `medium_large` (768), `large` (1024).
    pub sizes: BTreeMap<String, MediaSize>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Category {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub image_id: Option<i64>,
    pub position: i64,
    /// Published products in this category and its descendants.
    pub count: i64,
}

/// One slide of a product gallery.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum GalleryItem {
    Image {
        media_id: i64,
    },
    /// A self-hosted video file.
    Video {
        src: String,
        #[serde(default)]
        poster: Option<i64>,
        #[serde(default)]
        autoplay: bool,
    },
    /// An embedded player (allow-listed hosts only).
    Iframe {
        src: String,
        #[serde(default)]
        poster: Option<i64>,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Attribute {
    pub name: String,
    /// A parent's options; a variation's one value, or none for "any".
    pub options: Vec<String>,
    #[serde(default)]
    pub variation: bool,
    #[serde(default = "yes")]
    pub visible: bool,
}

fn yes() -> bool {
    true
}

/// A variation's attributes as sold, each with its one value (its "any" ones as the shopper
/// chose them; one still without a value is left out).
pub(crate) fn sold_options(attributes: Vec<Attribute>) -> Vec<(String, String)> {
    attributes
        .into_iter()
        .filter_map(|a| Some((a.name, a.options.into_iter().next()?)))
        .collect()
}

/// Media attached to a variation (spec §3 `<prefix>_attached_media*`).
#[derive(Debug, Clone, Serialize, Default, PartialEq)]
pub struct AttachedMedia {
    pub html: String,
    pub kind: String,
    pub poster: Option<i64>,
    pub enabled: bool,
}

#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ProductKind {
    #[default]
    Simple,
    Variable,
    Variation,
    /// A set of other products, listed with their own quantities and added to the cart together.
    Grouped,
    /// Sold elsewhere: a button to its external URL, never in a cart.
    External,
}

impl ProductKind {
    pub fn parse(s: &str) -> Option<ProductKind> {
        match s {
            "simple" => Some(ProductKind::Simple),
            "variable" => Some(ProductKind::Variable),
            "variation" => Some(ProductKind::Variation),
            "grouped" => Some(ProductKind::Grouped),
            "external" => Some(ProductKind::External),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Simple => "simple",
            ProductKind::Variable => "variable",
            ProductKind::Variation => "variation",
            ProductKind::Grouped => "grouped",
            ProductKind::External => "external",
        }
    }
    /// Whether a cart can hold this product itself (a grouped product adds its children, an
    /// external one is bought elsewhere, a variable one through a variation).
    pub fn purchasable(self) -> bool {
        matches!(self, ProductKind::Simple | ProductKind::Variation)
    }
}

/// One file of a downloadable product.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct DownloadFile {
    /// Stable within the product (WooCommerce's download id).
    pub id: String,
    pub name: String,
    /// An http(s) URL, or a path below the shop's uploads (`/uploads/…`).
    pub file: String,
}

/// WooCommerce's product fields that no query needs, kept as one typed JSON document
/// (WooCommerce keeps them in post meta).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct ProductDetails {
    /// No shipping: a cart of only virtual items has no shipping costs and no shipping address.
    #[serde(rename = "virtual")]
    pub is_virtual: bool,
    pub downloadable: bool,
    pub downloads: Vec<DownloadFile>,
    /// Downloads per file and order; `None`: unlimited.
    pub download_limit: Option<i64>,
    /// Days a download link lasts from the purchase; `None`: for ever.
    pub download_expiry: Option<i64>,
    /// An external product's shop and its button's text.
    pub external_url: String,
    pub button_text: String,
    pub weight_g: Option<i64>,
    /// Its shipping class among the shop's, by slug (empty: none; a variation without one takes
    /// its product's). Left out of the stored document when none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub shipping_class: String,
    pub length_mm: Option<i64>,
    pub width_mm: Option<i64>,
    pub height_mm: Option<i64>,
    /// Shown to the buyer in the order confirmation.
    pub purchase_note: String,
    /// At most one in a cart.
    pub sold_individually: bool,
    pub backorders: laden_domain::Backorders,
    pub tax_status: laden_domain::TaxStatus,
    /// A grouped product's products, in their order.
    pub children: Vec<i64>,
    pub upsell_ids: Vec<i64>,
    pub cross_sell_ids: Vec<i64>,
    pub reviews_allowed: bool,
    /// Defects the shopper must accept expressly (B-Ware; empty: none), § 476 (1) BGB.
    pub defect_description: String,
    /// Used goods whose claims for defects become time-barred after one year, § 476 (2) BGB.
    pub used_good: bool,
    /// The age a buyer must have reached (0: none).
    pub min_age: u8,
    /// A photovoltaic system or part of one (Germanized's `_photovoltaic_system`): sold at the
    /// zero rate, the buyer confirms § 12 (3) UStG applies.
    pub photovoltaic: bool,
    /// The manufacturer's slug among the shop's (`ShopSettings::manufacturers`; empty: none).
    pub manufacturer: String,
    /// Warnings and safety information the goods carry (GPSR Art. 19 (d); empty: none).
    pub safety_information: String,
    /// Food information (LMIV): the product's; a variation takes its product's. Left out of
    /// the stored document when empty, as for most products.
    #[serde(skip_serializing_if = "laden_domain::food::Food::is_empty")]
    pub food: laden_domain::food::Food,
    /// Sold under the margin scheme for second-hand goods (§ 25a UStG; Germanized's
    /// `_differential_taxation`): no VAT is shown on it. A variation is when its product is.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub margin_scheme: bool,
    /// The deposit (Pfand) on each item: a type among the shop's and how many of it; a variation
    /// without one takes its product's. Left out of the stored document when none.
    #[serde(skip_serializing_if = "deposit::ProductDeposit::is_empty")]
    pub deposit: deposit::ProductDeposit,
    /// The sale price labels it chooses among the shop's (Germanized's `_sale_price_label` and
    /// `_sale_price_regular_label`); a variation without one takes its product's, a product
    /// without one the shop's default. Left out of the stored document when none.
    #[serde(skip_serializing_if = "price_label::SaleLabels::is_empty")]
    pub sale_labels: price_label::SaleLabels,
    /// Its Lieferzeit for some delivery countries, beside its own default
    /// (`laden_domain::delivery`; `laden_delivery_time_countries`). Left out when none.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub delivery_times: laden_domain::delivery::ByCountry,
}

impl Default for ProductDetails {
    fn default() -> Self {
        ProductDetails {
            is_virtual: false,
            downloadable: false,
            downloads: Vec::new(),
            download_limit: None,
            download_expiry: None,
            external_url: String::new(),
            button_text: String::new(),
            weight_g: None,
            shipping_class: String::new(),
            length_mm: None,
            width_mm: None,
            height_mm: None,
            purchase_note: String::new(),
            sold_individually: false,
            backorders: laden_domain::Backorders::No,
            tax_status: laden_domain::TaxStatus::Taxable,
            children: Vec::new(),
            upsell_ids: Vec::new(),
            cross_sell_ids: Vec::new(),
            reviews_allowed: true,
            defect_description: String::new(),
            used_good: false,
            min_age: 0,
            photovoltaic: false,
            manufacturer: String::new(),
            safety_information: String::new(),
            food: laden_domain::food::Food::default(),
            deposit: deposit::ProductDeposit::default(),
            margin_scheme: false,
            sale_labels: price_label::SaleLabels::default(),
            delivery_times: Default::default(),
        }
    }
}

impl ProductDetails {
    /// What the shop has since removed is none: a manufacturer or deposit type it no longer
    /// keeps, and sale price labels it no longer keeps (an import or a save would refuse them).
    pub fn forget_removed(&mut self, shop: &laden_domain::settings::ShopSettings) {
        if laden_domain::product_safety::find(&shop.manufacturers, &self.manufacturer).is_none() {
            self.manufacturer.clear();
        }
        if deposit::find(&shop.deposit_types, &self.deposit.kind).is_none() {
            self.deposit = deposit::ProductDeposit::default();
        }
        self.sale_labels = shop.price_labels.kept(&self.sale_labels);
        if laden_domain::shipping::classes::find(&shop.shipping_classes, &self.shipping_class)
            .is_none()
        {
            self.shipping_class.clear();
        }
    }
}

/// A tag as a product names it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct TagRef {
    pub id: i64,
    pub name: String,
    pub slug: String,
}

/// A product tag (WooCommerce `product_tag`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Tag {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Published products with this tag.
    pub count: i64,
}

/// A product or variation as stored (the default: a new, empty simple product).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Product {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub kind: ProductKind,
    pub name: String,
    pub slug: Option<String>,
    pub sku: Option<String>,
    pub status: String,
    pub featured: bool,
    /// Where the product shows: listings, search results, both or neither.
    pub catalog_visibility: CatalogVisibility,
    pub short_description: String,
    pub description: String,
    pub regular_price: Option<Money>,
    pub sale_price: Option<Money>,
    /// The active price; for a variable product the lowest variation price.
    pub price: Option<Money>,
    /// For a variable product the highest variation price.
    pub max_price: Option<Money>,
    pub tax_class: TaxClass,
    /// `None` when stock is not managed.
    pub stock: Option<i64>,
    pub stock_status: String,
    pub low_stock_amount: Option<i64>,
    pub image_id: Option<i64>,
    pub gallery: Vec<GalleryItem>,
    pub attributes: Vec<Attribute>,
    pub attached: AttachedMedia,
    pub menu_order: i64,
    pub rating_count: i64,
    pub rating_sum: i64,
    pub total_sales: i64,
    /// Search-engine title and description; empty: the name and short description.
    pub seo_title: String,
    pub seo_description: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub category_ids: Vec<i64>,
    /// Grundpreis data as stored; a variation without its own unit takes its parent's.
    pub unit: ProductUnit,
    /// Lieferzeit as the shop wrote it ("3–5 Werktage"); empty: the parent's, else the shop's default.
    pub delivery_time: String,
    /// WooCommerce's further fields (type flags, files, shipping data, links to other products).
    pub details: ProductDetails,
    /// The sale's first and last second; `None`: open.
    pub sale_from: Option<i64>,
    pub sale_to: Option<i64>,
    pub tag_ids: Vec<i64>,
    /// The tags' names and slugs, as read (writes go by `tag_ids`).
    pub tags: Vec<TagRef>,
    /// On sale: the lowest price of the 30 days before the current price took effect
    /// (Omnibus, §11 PAngV), from the price history; `None` when not on sale.
    pub lowest_price: Option<Money>,
}

/// A product's unit, content and reference amount as stored (amounts in thousandths of the unit).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ProductUnit {
    /// `g`, `kg`, `ml`, `l`, `m`, `Stück`, or empty.
    pub unit: String,
    pub content: Option<i64>,
    pub base: Option<i64>,
}

impl ProductUnit {
    /// Checks what an importer or the admin API was given (`unit`, content and reference amount as typed).
    pub fn parse(
        unit: &str,
        content: &str,
        base: &str,
    ) -> std::result::Result<ProductUnit, (&'static str, String)> {
        Ok(ProductUnit {
            unit: Self::unit_code(unit)
                .ok_or_else(|| ("unit", t("Unknown unit (g, kg, ml, l, m or piece).")))?,
            content: Self::amount(content).ok_or_else(|| ("unit_product", amount_problem()))?,
            base: Self::amount(base).ok_or_else(|| ("unit_base", amount_problem()))?,
        })
    }

    /// A unit as typed, as stored (`""` for none); `None` when it is not one of the units.
    pub fn unit_code(text: &str) -> Option<String> {
        if text.trim().is_empty() {
            return Some(String::new());
        }
        laden_domain::Unit::parse(text).map(|u| u.code().to_owned())
    }

    /// An amount as typed, in thousandths (`Some(None)` for empty); `None` when it is no positive amount.
    pub fn amount(text: &str) -> Option<Option<i64>> {
        if text.trim().is_empty() {
            return Some(None);
        }
        unit_price::parse_amount(text).map(Some)
    }
}

fn amount_problem() -> String {
    t("Please give a positive amount with at most three decimals.")
}

impl Product {
    /// What the law treats apart in this product as sold (a variation's with its parent's).
    pub fn special(&self, parent: Option<&Product>) -> laden_domain::special_goods::Special {
        let own = |p: &Product| laden_domain::special_goods::Special {
            defect: p.details.defect_description.clone(),
            used: p.details.used_good,
            min_age: p.details.min_age,
            photovoltaic: p.details.photovoltaic,
        };
        laden_domain::special_goods::Special::of(&own(self), parent.map(own).as_ref())
            .sold_at(self.tax_class)
    }

    /// Whether it is sold under the margin scheme (§ 25a UStG): it is, or its product is.
    pub fn margin_scheme(&self, parent: Option<&Product>) -> bool {
        self.details.margin_scheme || parent.is_some_and(|p| p.details.margin_scheme)
    }

    /// The sale price labels its offer shows among the shop's `labels` (a variation's own,
    /// else its product's, else the shop's defaults).
    pub fn sale_labels(
        &self,
        parent: Option<&Product>,
        labels: &price_label::PriceLabels,
    ) -> price_label::Shown {
        labels.shown(
            &self.details.sale_labels,
            parent.map(|p| &p.details.sale_labels),
        )
    }

    /// The deposit on each item among the shop's `types` (a variation's own, else its
    /// parent's); none when it states none or names a type the shop no longer keeps.
    pub fn deposit(
        &self,
        parent: Option<&Product>,
        types: &[deposit::DepositType],
    ) -> Option<deposit::Deposit> {
        let stated =
            deposit::ProductDeposit::of(&self.details.deposit, parent.map(|p| &p.details.deposit));
        deposit::Deposit::of(types, stated)
    }

    /// The delivery times this product or variation states, its parent's taken in
    /// (`laden_domain::delivery::Stated`; empty: its zone's or the shop's default applies).
    /// Its default of [`delivery`](Self::delivery) alone (what the product data sends), borrowed.
    pub fn delivery_default<'a>(&'a self, parent: Option<&'a Product>) -> &'a str {
        laden_domain::delivery::default_of(
            &self.delivery_time,
            parent.map(|p| p.delivery_time.as_str()),
        )
    }

    /// What one item weighs in a parcel, in grams: none when nothing is shipped (virtual), a
    /// variation without a weight of its own its parent's (as WooCommerce inherits it), a
    /// product without any none.
    pub fn shipped_grams(&self, parent: Option<&Product>) -> i64 {
        if self.details.is_virtual {
            return 0;
        }
        self.details
            .weight_g
            .or_else(|| parent.and_then(|p| p.details.weight_g))
            .unwrap_or(0)
    }

    /// The shipping class one item is sent in (a slug; empty: none): none when nothing is
    /// shipped, a variation without one of its own its parent's (WooCommerce's „wie
    /// übergeordnet“).
    pub fn shipped_class<'a>(&'a self, parent: Option<&'a Product>) -> &'a str {
        if self.details.is_virtual {
            return "";
        }
        match (self.details.shipping_class.as_str(), parent) {
            ("", Some(p)) => &p.details.shipping_class,
            (own, _) => own,
        }
    }

    pub fn delivery(&self, parent: Option<&Product>) -> laden_domain::delivery::Stated {
        laden_domain::delivery::Stated::of(
            &self.delivery_time,
            &self.details.delivery_times,
            parent.map(|p| (p.delivery_time.as_str(), &p.details.delivery_times)),
        )
    }

    /// The Grundpreis data in force: the product's own, a variation's content with its parent's
    /// unit and reference amount, or `None` when no unit and content are known.
    pub fn unit_pricing(&self, parent: Option<&Product>) -> Option<laden_domain::UnitPricing> {
        let own = &self.unit;
        let inherited = parent.map(|p| &p.unit);
        let unit = if own.unit.is_empty() {
            inherited.map(|u| u.unit.as_str()).unwrap_or("")
        } else {
            own.unit.as_str()
        };
        let content = own.content.or_else(|| inherited.and_then(|u| u.content))?;
        let base = own.base.or_else(|| {
            if own.unit.is_empty() {
                inherited.and_then(|u| u.base)
            } else {
                None
            }
        });
        laden_domain::UnitPricing::new(laden_domain::Unit::parse(unit)?, content, base)
    }

    /// The product's pictures in the order shown: its main image first, then the gallery's
    /// (videos left out).
    pub fn picture_ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self
            .gallery
            .iter()
            .filter_map(|g| match g {
                GalleryItem::Image { media_id } => Some(*media_id),
                _ => None,
            })
            .collect();
        if let Some(id) = self.image_id.filter(|id| !ids.contains(id)) {
            ids.insert(0, id);
        }
        ids
    }

    pub fn on_sale(&self) -> bool {
        // The price follows the sale's dates (the scheduler sets it): a sale price that does
        // not run now is stored, but not on sale.
        matches!((self.sale_price, self.regular_price, self.price), (Some(s), Some(r), Some(p)) if s < r && p == s)
    }
    /// The product as a line of the totals with its `deposit` (none without a price), sold
    /// under the margin scheme when `margin` (`margin_scheme`, which needs the parent).
    pub fn cart_line(
        &self,
        quantity: u32,
        deposit: Option<&deposit::Deposit>,
        margin: bool,
    ) -> Option<laden_domain::CartLine> {
        let line = laden_domain::CartLine {
            deposit: deposit.map_or(Money::ZERO, deposit::Deposit::per_item),
            unit_price: self.price?,
            quantity,
            tax_class: self.tax_class,
            vat_rate: self.tax_class.rate(),
            needs_shipping: !self.details.is_virtual,
            taxed: self.details.tax_status.goods_taxed(),
            shipping_taxed: self.details.tax_status.shipping_taxed(),
        };
        Some(line.under_margin_scheme(margin))
    }
    /// The product priced where `rates` tax it ([`laden_domain::vat_rates::Rates::price`]): its
    /// prices keep their home net where the shop keeps net prices across member states. Goods
    /// without VAT, and goods under the margin scheme (taxed at home), keep their prices.
    pub fn price_at(&mut self, rates: &laden_domain::vat_rates::Rates, margin: bool) {
        if rates.net_kept_from.is_none() || margin || !self.details.tax_status.goods_taxed() {
            return;
        }
        let class = self.tax_class;
        for price in [
            &mut self.price,
            &mut self.regular_price,
            &mut self.sale_price,
        ] {
            *price = price.map(|m| rates.price(m, class));
        }
    }
    /// A deposit on this product priced where `rates` tax it, as [`Product::price_at`] prices
    /// the product (a deposit is charged at its goods' rate).
    pub fn deposit_at(
        &self,
        deposit: &mut deposit::Deposit,
        rates: &laden_domain::vat_rates::Rates,
        margin: bool,
    ) {
        if !margin && self.details.tax_status.goods_taxed() {
            deposit.amount = rates.price(deposit.amount, self.tax_class);
        }
    }
    pub fn in_stock(&self) -> bool {
        self.stock_status != "outofstock"
            && (self.stock.is_none_or(|s| s > 0) || self.details.backorders.allowed())
    }
    pub fn average_rating(&self) -> f64 {
        if self.rating_count == 0 {
            0.0
        } else {
            self.rating_sum as f64 / self.rating_count as f64
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Review {
    pub id: i64,
    pub product_id: i64,
    pub rating: i64,
    pub author: String,
    pub content: String,
    pub verified: bool,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Page {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Page-builder JSON: `{version, sections:[{id, columns:[{widgets:[…]}]}]}`.
    pub content: serde_json::Value,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// Raised by every save; an editor's save names the revision it started from.
    pub revision: i64,
}

/// A saved state of a page (`wp/v2/pages/{id}/revisions`).
#[derive(Debug, Clone, Serialize)]
pub struct PageRevision {
    pub id: i64,
    pub page_id: i64,
    pub revision: i64,
    pub title: String,
    pub content: serde_json::Value,
    pub status: String,
    pub author_id: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct MenuItem {
    pub id: i64,
    pub title: String,
    /// `page`, `category`, `product`, `custom` or `anchor`.
    pub kind: String,
    /// Slug for page/category/product, URL for custom, `#id` for anchor.
    pub target: String,
    pub children: Vec<MenuItem>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Menu {
    pub location: String,
    pub name: String,
    pub items: Vec<MenuItem>,
}

pub use laden_domain::settings::*;

#[derive(Debug, Clone, Serialize)]
pub struct OrderItem {
    pub product_id: i64,
    pub parent_id: Option<i64>,
    /// A variation's attributes and the values sold (its "any" ones as the shopper chose them),
    /// in its order; empty for a product of its own.
    pub variation: Vec<(String, String)>,
    pub name: String,
    pub sku: String,
    pub quantity: i64,
    pub unit_price: i64,
    pub line_total: i64,
    pub tax_rate: laden_domain::VatRate,
    /// Grundpreis as sold, `{price, base, content}` (cents, German labels); null when none.
    pub unit_pricing: serde_json::Value,
    /// Lieferzeit as stated when sold.
    pub delivery_time: String,
    /// The product's purchase note as it was when sold (safe HTML).
    pub purchase_note: String,
    /// The deposit charged on each item (gross; net for a reverse-charge supply; 0: none) and
    /// its type as it was when sold.
    pub deposit: i64,
    pub deposit_as_sold: Option<deposit::Deposit>,
    /// Sold under the margin scheme (§ 25a UStG): no VAT shown (`tax_rate` 0).
    pub margin: bool,
    /// A service (a virtual or downloadable product) rather than goods.
    pub service: bool,
}

impl OrderItem {
    /// The deposit on all of the line's items.
    pub fn deposit_total(&self) -> i64 {
        self.deposit * self.quantity
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct PlacedOrder {
    pub id: i64,
    pub key: String,
    pub status: String,
    pub currency: String,
    /// Goods before discounts (gross).
    pub items_total: i64,
    /// Coupons' discount (gross) and the VAT it contained.
    pub discount_total: i64,
    pub discount_tax: i64,
    pub coupons: Vec<crate::OrderCoupon>,
    pub shipping_total: i64,
    pub shipping_tax: i64,
    /// The deposits on the goods (gross) and the VAT they contain.
    pub deposit_total: i64,
    pub deposit_tax: i64,
    pub tax_total: i64,
    pub total: i64,
    pub taxes: serde_json::Value,
    pub billing: Address,
    pub shipping: Address,
    pub payment_method: String,
    pub customer_note: String,
    /// Order attribution as stored: the known fields and `device_type`.
    pub attribution: serde_json::Value,
    /// The customer record (by e-mail) the order belongs to.
    pub customer_id: Option<i64>,
    /// Checkboxes accepted at checkout: `[{id, text, pages: [{slug, title, revision}]}]`.
    pub legal: serde_json::Value,
    /// When the customer withdrew from the contract (§356a BGB), if they did.
    pub withdrawn_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// When it first reached a paid status (`PAID_STATUSES`), and when it last became completed.
    pub paid_at: Option<i64>,
    /// The provider's id of the order's payment (a Stripe PaymentIntent); empty for offline methods.
    pub transaction_id: String,
    /// How many times the shopper began to pay it online (the current attempt's number).
    pub payment_attempts: i64,
    pub completed_at: Option<i64>,
    pub items: Vec<OrderItem>,
    /// The files the order may download (once paid).
    pub downloads: Vec<crate::downloads::DownloadGrant>,
    /// Its invoices and cancellation invoices, in the order issued.
    pub invoices: Vec<crate::invoices::Invoice>,
    /// Its refunds, oldest first.
    pub refunds: Vec<crate::refunds::Refund>,
    /// Whether the order holds goods to ship (not only virtual ones).
    pub needs_shipping: bool,
    /// The business customer's VAT id, and whether the order was charged without VAT as a
    /// supply to a business in another member state.
    pub vat_id: String,
    pub reverse_charge: bool,
    /// How it was taxed ([`laden_domain::supply::Supply::code`]; read with [`PlacedOrder::supply`]).
    pub supply: String,
    /// The shipping method it was placed with: WooCommerce's rate id (`local_pickup:104`) and
    /// its title as the shopper saw it; empty for an order with nothing to ship, or placed
    /// before methods were chosen.
    pub shipping_method: String,
    pub shipping_method_title: String,
    /// `true` when this answer repeats an order placed earlier for the same cart.
    pub repeated: bool,
}

impl PlacedOrder {
    /// How the order was taxed, by where its goods went and who bought them.
    pub fn supply(&self) -> laden_domain::supply::Supply {
        laden_domain::supply::Supply::parse(&self.supply)
    }

    /// The lines as sold (gross, with their VAT rate), for the invoice and the net amounts:
    /// the goods in the order's order (position n is the order's n-th item), then the deposits
    /// on them, a line each.
    pub fn sold_lines(&self) -> Vec<laden_domain::invoice::SoldLine> {
        laden_domain::invoice::SoldLine::with_deposits(self.items.iter().map(|i| {
            (
                laden_domain::invoice::SoldLine {
                    name: i.name.clone(),
                    sku: i.sku.clone(),
                    options: i.variation.clone(),
                    quantity: i.quantity,
                    unit_gross: Money::from_cents(i.unit_price),
                    gross: Money::from_cents(i.line_total),
                    rate: i.tax_rate,
                    deposit: false,
                    margin: i.margin,
                    service: i.service,
                },
                i.deposit_as_sold
                    .as_ref()
                    .filter(|_| i.deposit > 0)
                    .map(|d| (Money::from_cents(i.deposit), d)),
            )
        }))
    }

    /// The item a line of [`PlacedOrder::sold_lines`] is of, by its position from 1, and whether
    /// the line is that item's deposit rather than its goods.
    pub fn line_of(&self, position: u32) -> Option<(&OrderItem, bool)> {
        let at = usize::try_from(position).ok()?.checked_sub(1)?;
        match self.items.get(at) {
            Some(item) => Some((item, false)),
            None => self
                .items
                .iter()
                .filter(|i| i.deposit > 0 && i.deposit_as_sold.is_some())
                .nth(at - self.items.len())
                .map(|i| (i, true)),
        }
    }

    /// The VAT per rate as charged.
    pub fn vat_lines(&self) -> serde_json::Result<Vec<laden_domain::VatLine>> {
        serde_json::from_value(self.taxes.clone())
    }
}
