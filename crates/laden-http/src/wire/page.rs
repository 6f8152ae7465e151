//! The page data: what every document inlines as `<script id="__LADEN_DATA__">` for the server
//! render and the browser's hydration. The shared part (site, menus, breadcrumbs) and one view
//! per route, tagged by `route`. [`SiteData`] is the browser's view of the settings, built from
//! them; the settings' own JSON (the database row, `wp/v2/settings`) is another shape.

use super::cart::{StoreCategory, StoreOrder};
use super::store::{Card, GallerySlide, Image, StoreProduct, StoreReview, VariationDetail};
use laden_store::SiteSettings;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// Spec §3 "Global theme options".
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ThemeData {
    /// The theme's name prefix (ids like `<prefix>-wc-header-reviews`).
    pub prefix: String,
    /// `null`: the default smooth behaviour applies.
    pub smooth_scroll: Option<bool>,
    /// The spinner is active only when this is "1" or unset.
    pub quantity_field: Option<String>,
    /// The largest step a held spinner button grows to; `null`: no limit.
    pub quantity_step_max: Option<f64>,
    pub fixed_footer: bool,
}

/// Spec §3 "Header settings".
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HeaderData {
    pub breakpoint: i64,
    pub template: String,
    pub sticky_template: String,
    /// `fixed`, `sticky` or empty.
    pub behavior: String,
    /// `top` or `bottom`.
    pub position: String,
    pub offset: i64,
    /// May contain `desktop`, `tablet`, `mobile`.
    pub overlap: String,
    /// Whether the behavior also applies at the tablet and mobile bands.
    pub behavior_tablet: bool,
    pub behavior_mobile: bool,
    /// `#` opens the mini-cart overlay; a URL navigates.
    pub cart_link: String,
}

/// A checkbox of the checkout, in order (`terms` always, required).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CheckboxData {
    pub id: &'static str,
    pub required: bool,
}

/// What the storefront needs of the shop's settings.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ShopData {
    pub lightbox: bool,
    pub gallery_vertical: bool,
    pub sticky_summary: bool,
    /// The home country's shipping rate and free-shipping threshold, in cents.
    pub shipping_flat: i64,
    pub free_shipping_from: Option<i64>,
    pub shipping_page: String,
    pub terms_page: String,
    pub revocation_page: String,
    pub privacy_page: String,
    pub imprint_page: String,
    /// The shop's postal address (lines), as the imprint gives it: where pickup is.
    pub address: String,
    /// Empty when the shipping page covers payment too.
    pub payments_page: String,
    /// The accessibility statement; empty when the shop has none.
    pub accessibility_page: String,
    /// The withdrawal button's page (§356a BGB).
    pub withdrawal_page: &'static str,
    /// Lieferzeit for products that state none ("2–4 Werktage").
    pub delivery_time: String,
    /// Kleinunternehmer (§19 UStG): no VAT charged or shown.
    pub small_business: bool,
    /// Businesses from other EU countries with a VAT id are charged without VAT (the setting, and
    /// the shop's own VAT id).
    pub reverse_charge: bool,
    /// The shop delivers outside the EU, where its sales are tax-free exports charged net (the
    /// product page says so); never for a small business, which charges no VAT anywhere.
    pub exports: bool,
    /// A sale to another member state taxed there keeps its net price and takes that state's
    /// VAT on top (the shop's „feste Bruttopreise“ off; the product page says so).
    pub eu_net_prices: bool,
    /// Whether shoppers may order without an account.
    pub guest_checkout: bool,
    /// The checkout button's text ("Zahlungspflichtig bestellen").
    pub order_button_text: String,
    pub checkboxes: Vec<CheckboxData>,
}

/// Spec §3 "Order attribution", §5 "Tracker configuration".
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TrackingData {
    pub allow_tracking: bool,
    /// Cookie lifetime in months (× 30 days).
    pub lifetime: f64,
    /// Session length in minutes.
    pub session: f64,
    pub prefix: String,
    pub base64: bool,
    pub needs_marketing_consent: bool,
    pub analytics_script: String,
    pub analytics_snippet: String,
    pub promo: bool,
    pub campaign_param: String,
    pub term_param: String,
    pub content_param: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SiteData {
    pub name: String,
    pub description: String,
    pub url: String,
    pub language: String,
    pub currency: String,
    pub theme: ThemeData,
    pub header: HeaderData,
    pub shop: ShopData,
    pub tracking: TrackingData,
}

/// A page's path (`/agb/`), or empty for an unset page.
fn page_path(slug: &str) -> String {
    if slug.is_empty() {
        String::new()
    } else {
        format!("/{slug}/")
    }
}

impl SiteData {
    pub fn new(site_url: &str, s: &SiteSettings) -> SiteData {
        let home = s.shop.shipping_zone(laden_store::HOME_COUNTRY).1;
        SiteData {
            name: s.site.name.clone(),
            description: s.site.description.clone(),
            url: site_url.to_owned(),
            language: s.site.language.clone(),
            currency: s.site.currency.clone(),
            theme: ThemeData {
                prefix: s.theme.prefix.clone(),
                smooth_scroll: s.theme.smooth_scroll,
                quantity_field: s.theme.quantity_field.clone(),
                quantity_step_max: s.theme.quantity_step_max,
                fixed_footer: s.theme.fixed_footer,
            },
            header: HeaderData {
                breakpoint: s.header.breakpoint,
                template: s.header.template.clone(),
                sticky_template: s.header.sticky_template.clone(),
                behavior: s.header.behavior.clone(),
                position: s.header.position.clone(),
                offset: s.header.offset,
                overlap: s.header.overlap.clone(),
                behavior_tablet: s.header.behavior_tablet,
                behavior_mobile: s.header.behavior_mobile,
                cart_link: s.header.cart_link.clone(),
            },
            shop: ShopData {
                lightbox: s.shop.lightbox,
                gallery_vertical: s.shop.gallery_vertical,
                sticky_summary: s.shop.sticky_summary,
                shipping_flat: home.flat.cents(),
                free_shipping_from: home.free_from.map(|m| m.cents()),
                // Required pages always name one (the settings refuse an empty slug).
                shipping_page: format!("/{}/", s.shop.shipping_page),
                terms_page: format!("/{}/", s.shop.terms_page),
                revocation_page: format!("/{}/", s.shop.revocation_page),
                privacy_page: format!("/{}/", s.shop.privacy_page),
                imprint_page: format!("/{}/", s.shop.imprint_page),
                address: s.shop.address.clone(),
                payments_page: page_path(&s.shop.payments_page),
                accessibility_page: page_path(&s.shop.accessibility_page),
                withdrawal_page: crate::documents::WITHDRAWAL_PATH,
                delivery_time: s.shop.delivery_time.clone(),
                small_business: s.shop.small_business,
                reverse_charge: s.shop.sells_tax_free_to_eu_businesses(),
                exports: s.shop.delivers_abroad_tax_free(),
                eu_net_prices: s.shop.reprices_eu_sales(),
                guest_checkout: s.shop.guest_checkout,
                order_button_text: s.shop.order_button_text.clone(),
                checkboxes: crate::legal::checkboxes(s, false)
                    .iter()
                    .map(|c| CheckboxData {
                        id: c.id,
                        required: c.required,
                    })
                    .collect(),
            },
            tracking: TrackingData {
                allow_tracking: s.tracking.allow_tracking,
                lifetime: s.tracking.lifetime,
                session: s.tracking.session,
                prefix: s.tracking.prefix.clone(),
                base64: s.tracking.base64,
                needs_marketing_consent: s.tracking.needs_marketing_consent,
                analytics_script: s.tracking.analytics_script.clone(),
                analytics_snippet: s.tracking.analytics_snippet.clone(),
                promo: s.tracking.promo,
                campaign_param: s.tracking.campaign_param.clone(),
                term_param: s.tracking.term_param.clone(),
                content_param: s.tracking.content_param.clone(),
            },
        }
    }
}

/// A menu entry with its link resolved (`href`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuItemData {
    pub id: i64,
    pub title: String,
    #[cfg_attr(
        test,
        ts(type = "'page' | 'category' | 'product' | 'anchor' | 'custom'")
    )]
    pub kind: String,
    pub href: String,
    pub children: Vec<MenuItemData>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Menus {
    pub primary: Vec<MenuItemData>,
    pub footer: Vec<MenuItemData>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Crumb {
    pub name: String,
    pub url: String,
}

/// A branch of the category tree a listing's sidebar shows.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CategoryNode {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub count: i64,
    pub href: String,
    pub children: Vec<CategoryNode>,
}

/// A content page and its page-builder layout. The layout is the document `laden-store`'s
/// `layout` module checks against the widget schemas; the web app types its widgets
/// (`features/page-builder`), product grids carry their products as [`Card`]s.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ContentPage {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub content: Value,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ContentView {
    pub page: ContentPage,
    /// The pictures the layout names, by media id.
    pub media: BTreeMap<String, Image>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub page: i64,
    pub total_pages: i64,
    pub total: i64,
    /// The listing's first page (`/shop/`, `/produkt-kategorie/kaffee/`).
    pub base: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ListingView {
    pub products: Vec<Card>,
    pub pagination: Pagination,
    pub categories: Vec<CategoryNode>,
    /// The category shown (`null` on `/shop/`).
    pub category: Option<StoreCategory>,
    pub orderby: String,
    /// The search words (`?s=`), empty when the list is not a search.
    pub search: String,
    pub filter: ListingFilterView,
}

/// The listing's filters as chosen, and how many products each checkbox would leave.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListingFilterView {
    /// Whole euros.
    pub min_price: Option<i64>,
    pub max_price: Option<i64>,
    pub in_stock: bool,
    pub on_sale: bool,
    pub in_stock_count: i64,
    pub on_sale_count: i64,
    /// The attribute filters: each attribute among the listed products with its terms.
    pub attributes: Vec<AttributeFilterView>,
}

/// One attribute's filter: its address parameter (`filter_<slug>`) and terms.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AttributeFilterView {
    pub slug: String,
    pub name: String,
    pub terms: Vec<AttributeTermView>,
}

/// A term, how many products choosing it would leave, and whether it is chosen.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AttributeTermView {
    pub slug: String,
    pub name: String,
    pub count: i64,
    pub selected: bool,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    pub product: StoreProduct,
    pub gallery: Vec<GallerySlide>,
    pub variations: Vec<VariationDetail>,
    pub reviews: Vec<StoreReview>,
    /// The URL parameter of each variation attribute (`attribute_groesse`).
    pub attribute_params: BTreeMap<String, String>,
    /// The choice a shared link carried (known options only).
    pub initial_choice: BTreeMap<String, String>,
    /// A grouped product's products, in its order.
    pub grouped: Vec<StoreProduct>,
    /// The upsells, as cards.
    pub upsells: Vec<Card>,
}

/// A payment method the checkout offers.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PaymentMethod {
    pub id: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CheckoutView {
    /// The shop's delivery countries, `[code, German name]`, in its order.
    pub countries: Vec<(String, String)>,
    /// Each delivery country's postcode format (a regular expression, unanchored, as the data
    /// set of `laden_domain::country` gives it; empty: any of at most 12 characters; null: the
    /// country has no postcodes), so the form checks as the server will.
    pub postcodes: BTreeMap<String, Option<String>>,
    pub payment_methods: Vec<PaymentMethod>,
    /// Stripe.js and the shop's publishable key, when a Stripe method is offered.
    pub stripe: Option<StripeCheckout>,
}

/// What the checkout's Stripe.js needs: loaded only once a Stripe method is chosen.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StripeCheckout {
    pub publishable_key: String,
    /// Stripe.js (`https://js.stripe.com/v3/`, or the test server's stand-in).
    pub js_url: String,
    /// The SEPA direct debit mandate the shopper accepts (with the shop's name).
    pub mandate_text: String,
    /// The mandate's checkbox id, as the checkout sends it.
    pub mandate_id: String,
}

/// The shop's bank account for Vorkasse.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct BankData {
    pub holder: String,
    pub bank: String,
    pub iban: String,
    pub bic: String,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OrderView {
    pub order: StoreOrder,
    /// Only for Vorkasse: where to transfer the money.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub bank: Option<BankData>,
}

/// The order-pay page: an order placed before, paid now.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct OrderPayView {
    pub order: StoreOrder,
    /// The order still waits for its payment (else the page only says so).
    pub payable: bool,
    /// The order's page, where the shopper goes once it is paid.
    pub received_url: String,
    pub payment_methods: Vec<PaymentMethod>,
    pub stripe: Option<StripeCheckout>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StaffUser {
    pub id: i64,
    pub name: String,
    pub role: String,
}

/// What the administration's screens start from.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AdminData {
    /// A `wp_rest` nonce for the signed-in staff member.
    pub nonce: String,
    pub user: StaffUser,
    pub logout: String,
    /// The shop's delivery countries, `[code, German name]`, in its order.
    pub countries: Vec<(String, String)>,
    /// Their postcode formats, as [`CheckoutView::postcodes`].
    pub postcodes: BTreeMap<String, Option<String>>,
    /// Every country of ISO 3166-1, `[code, German name]`, in German order: what the shop may
    /// choose to deliver to.
    pub all_countries: Vec<(String, String)>,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AdminView {
    pub admin: AdminData,
}

/// What a route's page shows besides the shared part, tagged by the route's name.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "route")]
pub enum View {
    #[serde(rename = "home")]
    Home(ContentView),
    #[serde(rename = "page")]
    Page(ContentView),
    #[serde(rename = "shop")]
    Shop(ListingView),
    #[serde(rename = "category")]
    Category(ListingView),
    #[serde(rename = "product")]
    Product(Box<ProductView>),
    #[serde(rename = "cart")]
    Cart,
    #[serde(rename = "checkout")]
    Checkout(CheckoutView),
    #[serde(rename = "order")]
    Order(Box<OrderView>),
    #[serde(rename = "orderPay")]
    OrderPay(Box<OrderPayView>),
    #[serde(rename = "withdrawal")]
    Withdrawal,
    #[serde(rename = "notFound")]
    NotFound,
    #[serde(rename = "admin")]
    Admin(AdminView),
}

impl View {
    /// The route's name: its view chunk in the web app (`web/src/app/views`).
    pub fn route(&self) -> &'static str {
        match self {
            View::Home(_) => "home",
            View::Page(_) => "page",
            View::Shop(_) => "shop",
            View::Category(_) => "category",
            View::Product(_) => "product",
            View::Cart => "cart",
            View::Checkout(_) => "checkout",
            View::Order(_) => "order",
            View::OrderPay(_) => "orderPay",
            View::Withdrawal => "withdrawal",
            View::NotFound => "notFound",
            View::Admin(_) => "admin",
        }
    }
}

/// The page data of one document.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PageData {
    pub path: String,
    pub title: String,
    pub site: SiteData,
    pub menus: Menus,
    pub breadcrumbs: Vec<Crumb>,
    #[serde(flatten)]
    pub view: View,
}

/// What `GET /wp-json/laden/v1/products/{id}/quick-view` answers: the product page's data of
/// one product, for its quick-view modal.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct QuickView {
    pub product: StoreProduct,
    pub gallery: Vec<GallerySlide>,
    pub variations: Vec<VariationDetail>,
    /// The product page's path.
    pub permalink: String,
}

/// What `POST /wp-json/laden/v1/page-preview` answers: the editor's unsaved layout, checked and
/// resolved as the page route resolves it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PagePreview {
    pub content: Value,
    pub media: BTreeMap<String, Image>,
}
