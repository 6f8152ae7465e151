//! The shop's settings as the database keeps them (one JSON document, every field with a
//! default, so an empty settings table gives a working German shop), and the shipping they set.
//! The rules a change must keep are in [`crate::settings::rules`].

pub mod rules;

use crate::Money;
use serde::{Deserialize, Serialize};

/// Longest delivery-time text (characters).
pub const MAX_DELIVERY_TIME: usize = 100;

/// A delivery time as given (trimmed, plain text); `None` when it is too long.
pub fn clean_delivery_time(text: &str) -> Option<String> {
    crate::text::one_line(text, MAX_DELIVERY_TIME)
}

/// Site settings, grouped as spec §3 groups them. Missing values take these
/// defaults, so an empty settings table gives a working German shop.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct SiteSettings {
    pub site: SiteInfo,
    pub theme: ThemeOptions,
    pub header: HeaderSettings,
    pub shop: ShopSettings,
    pub tracking: TrackingSettings,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct SiteInfo {
    pub name: String,
    pub description: String,
    pub language: String,
    pub currency: String,
    pub front_page: String,
    /// WordPress's "Suchmaschinen davon abhalten, diese Website zu indexieren" (`blog_public`
    /// 0): every page says `noindex, nofollow`, `robots.txt` disallows all, and there are no
    /// sitemaps. For a shop still being set up.
    pub discourage_search_engines: bool,
}

impl Default for SiteInfo {
    fn default() -> Self {
        SiteInfo {
            name: "Laden".into(),
            description: crate::i18n::t("An online shop"),
            language: "de_DE".into(),
            currency: "EUR".into(),
            front_page: "startseite".into(),
            discourage_search_engines: false,
        }
    }
}

/// Spec §3 "Global theme options".
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default, rename_all = "camelCase")]
pub struct ThemeOptions {
    /// The theme's name prefix (ids like `<prefix>-wc-header-reviews`).
    pub prefix: String,
    /// `None`: the default smooth behaviour applies.
    pub smooth_scroll: Option<bool>,
    /// The spinner is active only when this is "1" or unset.
    pub quantity_field: Option<String>,
    /// `data-step-max` of every quantity spinner: the largest step a held
    /// button grows to (spec §9 "Quantity spinner"); `None`: no limit.
    pub quantity_step_max: Option<f64>,
    /// A footer fixed to the bottom of the window, with a spacer of its height after it.
    pub fixed_footer: bool,
}

impl Default for ThemeOptions {
    fn default() -> Self {
        ThemeOptions {
            prefix: "laden".into(),
            smooth_scroll: None,
            quantity_field: None,
            quantity_step_max: None,
            fixed_footer: false,
        }
    }
}

/// Spec §3 "Header settings".
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default, rename_all = "camelCase")]
pub struct HeaderSettings {
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
    /// Whether the behavior (sticky or fixed) also applies at the tablet and
    /// mobile bands; off, the header scrolls with the page there and the
    /// reviews link does not scroll (spec §2 "Reviews link").
    pub behavior_tablet: bool,
    pub behavior_mobile: bool,
    /// The header cart link's target: `#` opens the mini-cart overlay, a URL navigates.
    pub cart_link: String,
}

impl Default for HeaderSettings {
    fn default() -> Self {
        HeaderSettings {
            breakpoint: 991,
            template: "default".into(),
            sticky_template: String::new(),
            behavior: "sticky".into(),
            position: "top".into(),
            offset: 0,
            overlap: String::new(),
            behavior_tablet: true,
            behavior_mobile: true,
            cart_link: "#".into(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct ShopSettings {
    pub lightbox: bool,
    /// Product gallery thumbnails in a vertical column (5 visible) instead of a row (7).
    pub gallery_vertical: bool,
    pub sticky_summary: bool,
    pub shipping_flat_cents: i64,
    pub free_shipping_from_cents: Option<i64>,
    /// Low-stock threshold when a product sets none.
    pub low_stock_amount: i64,
    /// How long an order awaiting its online payment keeps its stock, in minutes
    /// (WooCommerce's „Lagerbestand halten“); then it is cancelled.
    pub hold_stock_minutes: i64,
    pub shipping_page: String,
    pub terms_page: String,
    pub revocation_page: String,
    pub privacy_page: String,
    pub imprint_page: String,
    /// The Barrierefreiheitserklärung (BFSG § 14): empty until the shop has one.
    pub accessibility_page: String,
    /// The shop's postal address as it appears in the imprint and on documents (lines).
    pub address: String,
    /// USt-IdNr., e.g. `DE123456789`; empty when the shop has none.
    pub vat_id: String,
    /// Payment methods offered at checkout, in this order (of `bacs`, `invoice`, `cod`, `stripe`,
    /// `stripe_sepa`; an online one only while its provider is set up).
    pub payment_methods: Vec<String>,
    /// Lieferzeit for products that state none.
    pub delivery_time: String,
    /// The countries the shop sells and delivers to (ISO 3166-1 codes, in the order the
    /// checkout offers them; WooCommerce's „Verkauf an bestimmte Länder“).
    pub delivery_countries: Vec<String>,
    /// Shipping zones, checked in order; a delivery country in none of them
    /// pays `shipping_flat_cents` / `free_shipping_from_cents` (the rate for
    /// "all other delivery countries").
    pub shipping_zones: Vec<ShippingZone>,
    /// The further methods and weight bands of every delivery country in no zone (zone 0).
    pub shipping_methods: crate::shipping::ZoneMethods,
    /// The shipping classes products name („Sperrgut“), which flat rates may charge extra for.
    pub shipping_classes: Vec<crate::shipping::ShippingClass>,
    /// Zahlungsarten page; empty when the shipping page covers payment too.
    pub payments_page: String,
    /// Kleinunternehmer (§19 UStG): no VAT is charged or shown; the notice says so.
    pub small_business: bool,
    /// The checkout button's text (§312j BGB: it must say that ordering obliges to pay).
    pub order_button_text: String,
    /// Whether shoppers may order without an account (off: only logged-in, confirmed accounts).
    pub guest_checkout: bool,
    /// Optional checkboxes offered at checkout.
    pub checkbox_parcel_delivery: bool,
    pub checkbox_digital_waiver: bool,
    /// The shop's e-mail address: sender and reply address of its e-mails.
    pub email: String,
    /// Bank account for Vorkasse (bank transfer).
    pub bank_account_holder: String,
    pub bank_name: String,
    pub bank_iban: String,
    pub bank_bic: String,
    /// When the shop issues invoices (§14 UStG): `order`, `paid`, `completed` or `never`.
    pub invoice_moment: String,
    /// Invoice and cancellation numbers (`crate::invoice::number`).
    pub invoice_number_format: String,
    pub cancellation_number_format: String,
    /// Days an invoice gives to pay (Vorkasse, Rechnung).
    pub invoice_due_days: i64,
    /// Steuernummer, printed beside or instead of the VAT id.
    pub tax_number: String,
    /// Reverse charge: a business in another EU country with its VAT id pays no VAT (§13b UStG).
    pub reverse_charge: bool,
    /// „An OSS teilnehmen“: every distance sale to a consumer in another member state is taxed
    /// in its destination at once, whatever the year's sales (§ 3c (4) sentence 2 UStG; without
    /// it, only once they pass the threshold).
    pub oss: bool,
    /// „Feste Bruttopreise“ (on by default, as in Germanized): a sale taxed in another member
    /// state keeps the gross price and contains that state's VAT; off, it keeps the net price
    /// and the gross follows the rate (12,00 € in Austria for 11,90 € at home).
    pub fixed_gross_prices: bool,
    /// Rates the shop set itself for member states and classes, before the built-in table's
    /// (`laden_domain::vat_rates`): a rate that changed before a release brings it.
    pub vat_rates: Vec<crate::vat_rates::OwnRate>,
    /// The manufacturers products name, with the addresses the GPSR asks an offer to give.
    pub manufacturers: Vec<crate::product_safety::Manufacturer>,
    /// The deposit types (Pfand) products name: a name, single-use or reusable, an amount.
    pub deposit_types: Vec<crate::pricing::deposit::DepositType>,
    /// The sale price labels products choose from („UVP“, „Alter Preis“), with the defaults.
    pub price_labels: crate::pricing::price_label::PriceLabels,
}

/// A named group of delivery countries with its own flat rate and free-shipping threshold.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ShippingZone {
    pub name: String,
    /// ISO 3166-1 alpha-2 codes, each of the shop's delivery countries and in at most one zone.
    pub countries: Vec<String>,
    pub flat_cents: i64,
    pub free_from_cents: Option<i64>,
    /// The Lieferzeit in these countries for products that state none (Germanized's delivery
    /// times per country); empty: the shop's.
    #[serde(default)]
    pub delivery_time: String,
    /// Its weight bands and further methods (Express, pickup) beside the flat rate and free
    /// shipping.
    #[serde(default)]
    pub methods: crate::shipping::ZoneMethods,
}

/// Why a shop that means to issue invoices issues none, and why its settings cannot turn
/// invoices on: the catalogue id of the message staff read.
pub const INVOICES_NEED_TAX_ID: &str =
    "Invoices must name the shop's tax number or VAT ID (section 14 (4) UStG): please enter one, or choose to issue no invoices.";

/// The catalogue id of the checkout button's text unless the shop sets another (§312j Abs. 3 BGB).
pub const DEFAULT_ORDER_BUTTON_TEXT: &str = "Place order with obligation to pay";

/// The longest order button text, in characters (the admin's field says the same).
pub const MAX_ORDER_BUTTON_TEXT: usize = 60;

/// The country a cart is priced for before the shopper names one: the shop's home.
pub const HOME_COUNTRY: &str = "DE";

/// Most zones a shop may define.
pub const MAX_SHIPPING_ZONES: usize = 20;

/// Checks a list of zones, each of whose countries must be one of `countries` (the shop's
/// delivery countries); problems as (field path, English message id).
pub fn shipping_zone_problems(
    zones: &[ShippingZone],
    countries: &[String],
    classes: &[crate::shipping::ShippingClass],
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if zones.len() > MAX_SHIPPING_ZONES {
        out.push((
            String::new(),
            "At most 20 shipping zones are possible.".to_owned(),
        ));
        return out;
    }
    let mut seen: Vec<&str> = Vec::new();
    for (i, z) in zones.iter().enumerate() {
        let name = z.name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            out.push((
                format!("{i}.name"),
                "Please name the zone (at most 100 characters).".to_owned(),
            ));
        }
        if z.countries.is_empty() {
            out.push((
                format!("{i}.countries"),
                "Please choose at least one country.".to_owned(),
            ));
        }
        for c in &z.countries {
            if !countries.contains(c) {
                out.push((
                    format!("{i}.countries"),
                    "We do not deliver to this country.".to_owned(),
                ));
            } else if seen.contains(&c.as_str()) {
                out.push((
                    format!("{i}.countries"),
                    "A country can belong to one zone only.".to_owned(),
                ));
            } else {
                seen.push(c);
            }
        }
        for (path, msg) in crate::shipping::problems(&z.methods, classes) {
            out.push((format!("{i}.{path}"), msg.to_owned()));
        }
        if z.delivery_time.chars().count() > MAX_DELIVERY_TIME {
            out.push((
                format!("{i}.delivery_time"),
                "Please enter a delivery time of at most 100 characters.".to_owned(),
            ));
        }
        if !(0..=100_000_000).contains(&z.flat_cents)
            || z.free_from_cents
                .is_some_and(|f| !(0..=100_000_000).contains(&f))
        {
            out.push((
                format!("{i}.cost"),
                "Please enter a price such as 12,90.".to_owned(),
            ));
        }
    }
    out
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings {
            lightbox: true,
            gallery_vertical: false,
            sticky_summary: true,
            shipping_flat_cents: 490,
            free_shipping_from_cents: Some(5000),
            low_stock_amount: 5,
            hold_stock_minutes: crate::payment::DEFAULT_HOLD_MINUTES,
            shipping_page: "versand-und-zahlung".into(),
            terms_page: "agb".into(),
            revocation_page: "widerrufsbelehrung".into(),
            privacy_page: "datenschutz".into(),
            imprint_page: "impressum".into(),
            accessibility_page: String::new(),
            address: String::new(),
            vat_id: String::new(),
            payment_methods: vec!["bacs".into(), "invoice".into(), "cod".into()],
            delivery_time: "2–4 Werktage".into(),
            delivery_countries: crate::address::DEFAULT_COUNTRIES
                .iter()
                .map(|c| (*c).to_owned())
                .collect(),
            // No zones: the one rate applies to every delivery country until the shop adds zones.
            shipping_zones: Vec::new(),
            shipping_methods: Default::default(),
            shipping_classes: Vec::new(),
            payments_page: String::new(),
            small_business: false,
            order_button_text: crate::i18n::t(DEFAULT_ORDER_BUTTON_TEXT),
            guest_checkout: true,
            checkbox_parcel_delivery: false,
            checkbox_digital_waiver: false,
            email: String::new(),
            bank_account_holder: String::new(),
            bank_name: String::new(),
            bank_iban: String::new(),
            bank_bic: String::new(),
            invoice_moment: "paid".into(),
            invoice_number_format: crate::invoice::number::DEFAULT_INVOICE_FORMAT.into(),
            cancellation_number_format: crate::invoice::number::DEFAULT_CANCELLATION_FORMAT.into(),
            invoice_due_days: 14,
            tax_number: String::new(),
            reverse_charge: false,
            oss: false,
            fixed_gross_prices: true,
            vat_rates: Vec::new(),
            manufacturers: Vec::new(),
            deposit_types: crate::pricing::deposit::default_types(),
            price_labels: crate::pricing::price_label::default_labels(),
        }
    }
}

impl ShopSettings {
    /// Whether the shop delivers to `country` (either case).
    pub fn delivers_to(&self, country: &str) -> bool {
        self.delivery_countries
            .iter()
            .any(|c| c.eq_ignore_ascii_case(country.trim()))
    }

    /// The shop's delivery countries with their German names, in its order.
    pub fn delivery_countries_de(&self) -> Vec<(String, String)> {
        self.delivery_countries
            .iter()
            .map(|c| (c.clone(), crate::country::name(c)))
            .collect()
    }

    /// Each delivery country's postcode format (`crate::country::Country::postcode_format`;
    /// empty: any; `None`: the country has no postcodes).
    pub fn delivery_postcodes(&self) -> std::collections::BTreeMap<String, Option<String>> {
        self.delivery_countries
            .iter()
            .filter_map(|code| crate::country::get(code))
            .map(|c| {
                let format = c
                    .has_postcode
                    .then(|| c.postcode_format.unwrap_or("").to_owned());
                (c.code.to_owned(), format)
            })
            .collect()
    }

    /// Whether any of the shop's delivery countries is an export destination (outside the EU),
    /// where prices are net: the product page says so.
    pub fn delivers_abroad_tax_free(&self) -> bool {
        !self.small_business
            && self
                .delivery_countries
                .iter()
                .any(|c| crate::supply::exported(HOME_COUNTRY, c))
    }

    /// Whether a sale to another member state taxed there changes its gross price: the shop
    /// keeps net prices („feste Bruttopreise“ off) and delivers to another member state (the
    /// product page says so); never for a small business, which charges no VAT anywhere.
    pub fn reprices_eu_sales(&self) -> bool {
        !self.small_business
            && !self.fixed_gross_prices
            && self
                .delivery_countries
                .iter()
                .any(|c| !c.eq_ignore_ascii_case(HOME_COUNTRY) && crate::invoice::vat_id::in_eu(c))
    }

    /// The zone that delivers to `country` (by name; `None`: all other countries) with its
    /// methods: zone 1, 2, … the shop's zones in their order, 0 every other country.
    pub fn shipping_zone(&self, country: &str) -> (Option<&str>, crate::shipping::Zone<'_>) {
        match (1..)
            .zip(&self.shipping_zones)
            .find(|(_, z)| z.countries.iter().any(|c| c.eq_ignore_ascii_case(country)))
        {
            Some((number, z)) => (
                Some(z.name.as_str()),
                crate::shipping::Zone {
                    number,
                    flat: Money::from_cents(z.flat_cents),
                    free_from: z.free_from_cents.map(Money::from_cents),
                    methods: &z.methods,
                },
            ),
            None => (
                None,
                crate::shipping::Zone {
                    number: 0,
                    flat: Money::from_cents(self.shipping_flat_cents),
                    free_from: self.free_shipping_from_cents.map(Money::from_cents),
                    methods: &self.shipping_methods,
                },
            ),
        }
    }

    /// Whether the shop means to issue invoices but cannot: every invoice must name the seller's
    /// tax number or VAT ID (§ 14 (4) Nr. 2 UStG; EN 16931 BR-CO-26, BR-S-02), and the shop has
    /// neither. It then issues none (an invoice without them only looks valid), and staff are
    /// told why ([`INVOICES_NEED_TAX_ID`]).
    pub fn invoices_blocked(&self) -> bool {
        self.invoice_moment != "never" && !self.has_tax_id()
    }

    /// Keeps `classes` as the shop's shipping classes; every flat rate forgets what it charged
    /// for a class no longer among them (the zones' and the other countries').
    pub fn set_shipping_classes(&mut self, classes: Vec<crate::shipping::ShippingClass>) {
        self.shipping_classes = classes;
        self.shipping_methods
            .forget_unlisted_classes(&self.shipping_classes);
        for z in &mut self.shipping_zones {
            z.methods.forget_unlisted_classes(&self.shipping_classes);
        }
    }

    /// Whether the shop issues invoices and delivers outside the EU without a VAT id of its own:
    /// its export invoices (EN 16931 category G) then lack the seller's VAT id that BR-G-02
    /// asks for, so an e-invoice recipient's validation refuses them. The admin warns; the tax
    /// number alone is enough for § 14 (4) UStG, so nothing is refused.
    pub fn exports_need_vat_id(&self) -> bool {
        self.invoice_moment != "never"
            && self.vat_id.trim().is_empty()
            && self.has_tax_id()
            && self.delivers_abroad_tax_free()
    }

    /// Whether goods to a business in another member state with its VAT id are sold tax-free
    /// (and its services reverse-charged): the shop's setting, and only with a VAT id of its
    /// own, which § 14a (3) UStG and EN 16931 (BR-IC-02, BR-AE-02) ask the invoice to name.
    pub fn sells_tax_free_to_eu_businesses(&self) -> bool {
        self.reverse_charge && !self.small_business && !self.vat_id.trim().is_empty()
    }

    /// How this shop's sale of goods to `delivery_country` is taxed, the buyer naming
    /// `buyer_vat_id` (empty for a consumer): the one rule of `crate::supply` with what the shop
    /// applies. A small business charges no VAT anyway (§ 19 UStG) and so sells as at home; the
    /// business's id counts only where the shop sells tax-free to EU businesses. A consumer in
    /// another member state is taxed there once the shop takes part in the One-Stop-Shop or its
    /// `sales` (last year's, and this year's with this sale's own net, so the sale that passes
    /// the threshold is taxed there already; [`ShopSettings::oss_sales_matter`] says when they
    /// are needed) passed the threshold. The cart and the checkout both ask this, so what the cart
    /// shows is what the order charges.
    pub fn supply(
        &self,
        delivery_country: &str,
        buyer_vat_id: &str,
        sales: crate::supply::OssStanding,
    ) -> crate::supply::Supply {
        if self.small_business {
            return crate::supply::Supply::Domestic;
        }
        let sale = crate::supply::Sale {
            shop_country: HOME_COUNTRY,
            delivery_country,
            vat_id: if self.sells_tax_free_to_eu_businesses() {
                buyer_vat_id
            } else {
                ""
            },
            net_cents: 0,
        };
        let standing = crate::supply::OssStanding {
            opted_in: self.oss,
            ..sales
        };
        crate::supply::supply(&sale, &standing)
    }

    /// Whether [`ShopSettings::supply`] for this sale depends on the year's distance sales: a
    /// consumer (as the shop treats the buyer) in another member state, the shop neither a
    /// small business nor taking part in the One-Stop-Shop. Elsewhere the figures, two sums
    /// over the year's orders, need not be read.
    pub fn oss_sales_matter(&self, delivery_country: &str, buyer_vat_id: &str) -> bool {
        let none = crate::supply::OssStanding::default();
        let passed = crate::supply::OssStanding {
            last_year_cents: crate::supply::OSS_THRESHOLD_CENTS + 1,
            ..none
        };
        self.supply(delivery_country, buyer_vat_id, none)
            != self.supply(delivery_country, buyer_vat_id, passed)
    }

    /// The rates a sale of this `supply` is taxed at (`laden_domain::vat_rates::for_supply`
    /// with the shop's own), keeping the home net price where the gross prices are not fixed.
    pub fn rates_for(&self, supply: &crate::supply::Supply) -> crate::vat_rates::Rates {
        let rates = crate::vat_rates::for_supply(supply, &self.vat_rates);
        if self.fixed_gross_prices {
            rates
        } else {
            let home =
                crate::vat_rates::for_supply(&crate::supply::Supply::Domestic, &self.vat_rates);
            rates.keeping_net_of(&home)
        }
    }

    /// Whether the shop has a VAT ID or a tax number to print on its invoices.
    pub fn has_tax_id(&self) -> bool {
        !self.vat_id.trim().is_empty() || !self.tax_number.trim().is_empty()
    }

    /// The Lieferzeit for deliveries to `country` of products that state none: their zone's, or
    /// the shop's. A product's own is its own everywhere (it is how long the goods take to make
    /// ready, which no destination shortens).
    pub fn delivery_time_for(&self, country: &str) -> &str {
        self.shipping_zones
            .iter()
            .find(|z| z.countries.iter().any(|c| c.eq_ignore_ascii_case(country)))
            .map(|z| z.delivery_time.as_str())
            .filter(|d| !d.is_empty())
            .unwrap_or(&self.delivery_time)
    }
}

/// Spec §3 "Order attribution", §5 "Tracker configuration", §9.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(default, rename_all = "camelCase")]
pub struct TrackingSettings {
    pub allow_tracking: bool,
    /// Cookie lifetime in months (× 30 days).
    pub lifetime: f64,
    /// Session length in minutes.
    pub session: f64,
    pub prefix: String,
    pub base64: bool,
    /// Attribution also needs the visitor's `marketing` consent (WP Consent API).
    pub needs_marketing_consent: bool,
    /// The shop's analytics script (a path on the site or an https URL),
    /// loaded only with `statistics` consent; empty: none.
    pub analytics_script: String,
    /// Or a first-party snippet (JavaScript an administrator enters), run
    /// under the same condition; at most 10,000 characters.
    pub analytics_snippet: String,
    /// Give each visitor a promo code (100000–999999) in `sbjs_promo`.
    pub promo: bool,
    /// Extra query parameters standing in for utm_campaign, utm_term and utm_content (empty: none).
    pub campaign_param: String,
    pub term_param: String,
    pub content_param: String,
}

impl Default for TrackingSettings {
    fn default() -> Self {
        TrackingSettings {
            allow_tracking: true,
            lifetime: 6.0,
            session: 30.0,
            prefix: "wc_order_attribution_".into(),
            base64: false,
            needs_marketing_consent: true,
            analytics_script: String::new(),
            analytics_snippet: String::new(),
            promo: false,
            campaign_param: String::new(),
            term_param: String::new(),
            content_param: String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(name: &str, countries: &[&str], flat: i64, free: Option<i64>) -> ShippingZone {
        ShippingZone {
            name: name.into(),
            countries: countries.iter().map(|c| (*c).to_owned()).collect(),
            flat_cents: flat,
            free_from_cents: free,
            delivery_time: String::new(),
            methods: Default::default(),
        }
    }

    #[test]
    fn invoices_need_the_sellers_tax_number_or_vat_id() {
        for (moment, vat_id, tax_number, blocked) in [
            ("paid", "", "", true),
            ("order", " ", "", true),
            ("completed", "", "", true),
            ("paid", "DE314159262", "", false),
            ("paid", "", "231/151/00213", false),
            ("never", "", "", false),
        ] {
            let shop = ShopSettings {
                invoice_moment: moment.into(),
                vat_id: vat_id.into(),
                tax_number: tax_number.into(),
                ..ShopSettings::default()
            };
            assert_eq!(
                shop.invoices_blocked(),
                blocked,
                "{moment} {vat_id:?} {tax_number:?}"
            );
        }
        assert!(crate::i18n::known(INVOICES_NEED_TAX_ID));
    }

    #[test]
    fn tax_free_sales_to_eu_businesses_need_the_shops_own_vat_id() {
        for (setting, vat_id, small_business, applies) in [
            (true, "DE314159262", false, true),
            (true, " ", false, false),
            (true, "", false, false),
            (false, "DE314159262", false, false),
            (true, "DE314159262", true, false),
        ] {
            let shop = ShopSettings {
                reverse_charge: setting,
                vat_id: vat_id.into(),
                small_business,
                ..ShopSettings::default()
            };
            assert_eq!(
                shop.sells_tax_free_to_eu_businesses(),
                applies,
                "{setting} {vat_id:?} {small_business}"
            );
        }
    }

    #[test]
    fn the_shops_sales_are_taxed_by_where_they_go_and_what_it_applies() {
        use crate::supply::{OssStanding, Supply};
        let shop = |reverse_charge: bool, vat_id: &str, small_business: bool| ShopSettings {
            reverse_charge,
            vat_id: vat_id.into(),
            small_business,
            ..ShopSettings::default()
        };
        let applies = shop(true, "DE314159262", false);
        for (s, to, buyer, want) in [
            (&applies, "DE", "", Supply::Domestic),
            (&applies, "AT", "", Supply::Domestic),
            (&applies, "FR", "FRAB123456789", Supply::IntraCommunity),
            (&applies, "CH", "", Supply::Export),
            // Without the setting or the shop's own id, the business buys as a consumer.
            (
                &shop(false, "DE314159262", false),
                "FR",
                "FRAB123456789",
                Supply::Domestic,
            ),
            (
                &shop(true, "", false),
                "FR",
                "FRAB123456789",
                Supply::Domestic,
            ),
            // A small business sells as at home, even out of the EU.
            (&shop(true, "DE314159262", true), "CH", "", Supply::Domestic),
            (
                &shop(true, "DE314159262", true),
                "FR",
                "FRAB123456789",
                Supply::Domestic,
            ),
        ] {
            assert_eq!(
                s.supply(to, buyer, OssStanding::default()),
                want,
                "{to} {buyer:?}"
            );
        }
    }

    #[test]
    fn eu_consumers_are_taxed_in_their_country_once_the_shop_takes_part_or_passed_the_threshold() {
        use crate::supply::{OssStanding, Supply, OSS_THRESHOLD_CENTS};
        let shop = |oss: bool, small_business: bool| ShopSettings {
            oss,
            small_business,
            reverse_charge: true,
            vat_id: "DE314159262".into(),
            ..ShopSettings::default()
        };
        let below = OssStanding {
            this_year_cents: OSS_THRESHOLD_CENTS - 1,
            ..OssStanding::default()
        };
        let passed = OssStanding {
            last_year_cents: OSS_THRESHOLD_CENTS + 1,
            ..OssStanding::default()
        };
        let at = Supply::Destination("AT".into());
        for (s, to, buyer, sales, want, matter) in [
            (shop(false, false), "AT", "", below, Supply::Domestic, true),
            (shop(false, false), "AT", "", passed, at.clone(), true),
            (shop(true, false), "AT", "", below, at.clone(), false),
            // A business with its id buys tax-free whatever the standing; Germany and exports too.
            (
                shop(true, false),
                "AT",
                "ATU13585627",
                below,
                Supply::IntraCommunity,
                false,
            ),
            (
                shop(false, false),
                "DE",
                "",
                passed,
                Supply::Domestic,
                false,
            ),
            (shop(false, false), "CH", "", passed, Supply::Export, false),
            // A small business charges no VAT anywhere.
            (shop(true, true), "AT", "", passed, Supply::Domestic, false),
        ] {
            assert_eq!(s.supply(to, buyer, sales), want, "{to} {buyer:?} {sales:?}");
            assert_eq!(s.oss_sales_matter(to, buyer), matter, "{to} {buyer:?}");
        }
    }

    /// The product page's note on net prices kept across member states: only where the shop
    /// keeps net prices, charges VAT and delivers to another member state.
    #[test]
    fn eu_sales_are_repriced_only_with_net_prices_kept() {
        let shop = |fixed_gross: bool, small: bool, countries: &[&str]| ShopSettings {
            fixed_gross_prices: fixed_gross,
            small_business: small,
            delivery_countries: countries.iter().map(|c| (*c).to_owned()).collect(),
            ..ShopSettings::default()
        };
        // (fixed gross prices, small business, delivery countries, repriced)
        type Case<'a> = (bool, bool, &'a [&'a str], bool);
        let cases: [Case; 6] = [
            (false, false, &["DE", "AT"], true),
            (false, false, &["de", "fr", "CH"], true),
            (true, false, &["DE", "AT"], false),
            (false, true, &["DE", "AT"], false),
            (false, false, &["DE", "CH", "GB"], false),
            (false, false, &["DE"], false),
        ];
        for (fixed_gross, small, countries, repriced) in cases {
            assert_eq!(
                shop(fixed_gross, small, countries).reprices_eu_sales(),
                repriced,
                "{fixed_gross} {small} {countries:?}"
            );
        }
    }

    /// BR-G-02: an export invoice names the seller's VAT id; a shop issuing invoices with only
    /// its tax number that delivers outside the EU is warned.
    #[test]
    fn exports_without_a_vat_id_are_warned_of() {
        let shop =
            |vat_id: &str, tax_number: &str, countries: &[&str], moment: &str, small: bool| {
                ShopSettings {
                    vat_id: vat_id.into(),
                    tax_number: tax_number.into(),
                    delivery_countries: countries.iter().map(|c| (*c).to_owned()).collect(),
                    invoice_moment: moment.into(),
                    small_business: small,
                    ..ShopSettings::default()
                }
            };
        // (VAT id, tax number, countries, invoices, small business, warned)
        let cases = [
            ("", "231/151/00213", &["DE", "CH"][..], "paid", false, true),
            (
                "",
                "231/151/00213",
                &["DE", "GB", "AT"][..],
                "order",
                false,
                true,
            ),
            (
                "DE123456789",
                "231/151/00213",
                &["DE", "CH"][..],
                "paid",
                false,
                false,
            ),
            (
                "",
                "231/151/00213",
                &["DE", "AT", "FR"][..],
                "paid",
                false,
                false,
            ),
            (
                "",
                "231/151/00213",
                &["DE", "CH"][..],
                "never",
                false,
                false,
            ),
            ("", "231/151/00213", &["DE", "CH"][..], "paid", true, false),
            // No tax id at all: no invoices are issued (`invoices_blocked` says so).
            ("", "", &["DE", "CH"][..], "paid", false, false),
        ];
        for (vat_id, tax_number, countries, moment, small, warned) in cases {
            assert_eq!(
                shop(vat_id, tax_number, countries, moment, small).exports_need_vat_id(),
                warned,
                "{vat_id:?} {tax_number:?} {countries:?} {moment} {small}"
            );
        }
    }

    #[test]
    fn a_zone_may_have_its_own_delivery_time() {
        let shop = ShopSettings {
            delivery_time: "2–4 Werktage".into(),
            shipping_zones: vec![
                ShippingZone {
                    delivery_time: "4–6 Werktage".into(),
                    ..zone("Nachbarn", &["AT", "NL"], 990, None)
                },
                zone("Schweiz", &["CH"], 1490, None),
            ],
            ..ShopSettings::default()
        };
        let cases: &[(&str, &str)] = &[
            ("AT", "4–6 Werktage"),
            ("nl", "4–6 Werktage"),
            // A zone without one, and a country in none, take the shop's.
            ("CH", "2–4 Werktage"),
            ("DE", "2–4 Werktage"),
            ("", "2–4 Werktage"),
        ];
        for (country, want) in cases {
            assert_eq!(shop.delivery_time_for(country), *want, "{country}");
        }
        let long = ShippingZone {
            delivery_time: "x".repeat(101),
            ..zone("A", &["AT"], 1, None)
        };
        assert_eq!(
            shipping_zone_problems(&[long], &ShopSettings::default().delivery_countries, &[])
                .into_iter()
                .map(|(p, _)| p)
                .collect::<Vec<_>>(),
            ["0.delivery_time"]
        );
    }

    #[test]
    fn shipping_follows_the_first_zone_naming_the_country() {
        let shop = ShopSettings {
            shipping_flat_cents: 1490,
            free_shipping_from_cents: None,
            shipping_zones: vec![
                zone("Deutschland", &["DE"], 490, Some(5000)),
                zone("EU", &["AT", "NL"], 990, Some(10000)),
            ],
            ..ShopSettings::default()
        };
        // (country, zone name, zone number, flat, free from)
        type Case<'a> = (&'a str, Option<&'a str>, i64, i64, Option<i64>);
        let cases: &[Case] = &[
            ("DE", Some("Deutschland"), 1, 490, Some(5000)),
            ("de", Some("Deutschland"), 1, 490, Some(5000)),
            ("NL", Some("EU"), 2, 990, Some(10000)),
            ("CH", None, 0, 1490, None),
            ("", None, 0, 1490, None),
        ];
        for (country, name, number, flat, free) in cases {
            let (z, zone) = shop.shipping_zone(country);
            assert_eq!(
                (
                    z,
                    zone.number,
                    zone.flat.cents(),
                    zone.free_from.map(|m| m.cents())
                ),
                (*name, *number, *flat, *free),
                "{country}"
            );
        }
    }

    #[test]
    fn zone_lists_are_checked() {
        let ok = vec![
            zone("Deutschland", &["DE"], 490, Some(5000)),
            zone("EU", &["AT", "NL"], 0, None),
        ];
        assert!(
            shipping_zone_problems(&ok, &ShopSettings::default().delivery_countries, &[])
                .is_empty()
        );
        let cases: Vec<(Vec<ShippingZone>, &str)> = vec![
            (vec![zone(" ", &["DE"], 490, None)], "0.name"),
            (vec![zone(&"x".repeat(101), &["DE"], 490, None)], "0.name"),
            (vec![zone("A", &[], 490, None)], "0.countries"),
            (vec![zone("A", &["US"], 490, None)], "0.countries"),
            (
                vec![
                    zone("A", &["DE"], 490, None),
                    zone("B", &["AT", "DE"], 490, None),
                ],
                "1.countries",
            ),
            (vec![zone("A", &["DE"], -1, None)], "0.cost"),
            (vec![zone("A", &["DE"], 1, Some(-5))], "0.cost"),
            (
                (0..21)
                    .map(|i| zone(&format!("Z{i}"), &["DE"], 1, None))
                    .collect(),
                "",
            ),
        ];
        for (zones, path) in cases {
            let problems =
                shipping_zone_problems(&zones, &ShopSettings::default().delivery_countries, &[]);
            assert!(
                problems.iter().any(|(p, _)| p == path),
                "{path}: {problems:?}"
            );
        }
    }
}
