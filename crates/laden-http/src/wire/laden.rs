//! Laden's own `laden/v1` answers that the browser reads typed.

use serde::Serialize;

/// An invoice or cancellation invoice (`/laden/v1/invoices`, and `laden_invoices` on a
/// `wc/v3` order).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct InvoiceOut {
    pub id: i64,
    pub order_id: i64,
    /// `invoice` or `cancellation`.
    pub kind: String,
    pub number: String,
    /// The invoice a cancellation cancels (in full, or in part for a refund).
    pub cancels: Option<i64>,
    /// A partial cancellation (Teilstornorechnung) of a refund.
    pub partial: bool,
    /// Whether cancellations have cancelled all of this invoice.
    pub cancelled: bool,
    /// Issue date, German time (`2026-11-26T10:15:00`).
    pub date: String,
    /// Gross and VAT as decimal text, as WooCommerce writes amounts.
    pub total: String,
    pub total_tax: String,
    /// Where staff download the PDF.
    pub pdf: String,
}

/// `/laden/v1/dashboard`: the admin's start screen.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Dashboard {
    pub today: DashboardToday,
    /// Invoices are meant but none is issued, for want of a tax number or VAT ID.
    pub invoices_blocked: bool,
    /// Invoices are issued and goods delivered outside the EU without the shop's VAT ID, which
    /// export e-invoices need (EN 16931 BR-G-02).
    pub exports_need_vat_id: bool,
    /// Up to ten products and variations at or below their low-stock threshold.
    pub low_stock: Vec<LowStock>,
    /// The year's distance sales to consumers in other EU countries against the One-Stop-Shop
    /// threshold.
    pub oss: OssThreshold,
}

/// Distance sales to consumers in other EU countries (net, decimal text) against the yearly
/// threshold of § 3c UStG, above which each is taxed in its destination.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OssThreshold {
    pub this_year: String,
    pub last_year: String,
    pub threshold: String,
    /// This year's share of the threshold, in percent (rounded down).
    pub percent: i64,
    /// The share from which the admin warns (`OSS_WARNING_PERCENT`).
    pub warn_percent: i64,
    /// Near it (80 %), not yet passed: the admin warns.
    pub warn: bool,
    /// Passed, this year or last: these sales are taxed in their destination from now on.
    pub passed: bool,
}

/// Today's orders (German day), their revenue (decimal text) and the units sold.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct DashboardToday {
    pub orders: i64,
    pub revenue: String,
    pub items: i64,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LowStock {
    pub id: i64,
    /// The variable product of a variation; 0 for a product.
    pub parent_id: i64,
    pub name: String,
    pub sku: Option<String>,
    pub stock_quantity: i64,
}

/// `/laden/v1/product-import/{id}`: a CSV import's progress, and its report once done.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportJobOut {
    pub id: String,
    #[cfg_attr(test, ts(type = "'running' | 'done' | 'failed'"))]
    pub status: String,
    pub done: i64,
    pub total: i64,
    pub report: Option<ImportReportOut>,
    /// Why a failed import stopped.
    pub error: Option<String>,
}

/// What an import did: rows read, products created and updated, the rows it refused or warned of.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportReportOut {
    pub rows: i64,
    pub created: i64,
    pub updated: i64,
    pub errors: Vec<ImportRowIssue>,
    pub warnings: Vec<ImportRowIssue>,
}

/// A row's problem: its line in the file (the header is line 1) and a German message.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ImportRowIssue {
    pub line: i64,
    pub message: String,
}

/// `/laden/v1/menus`: a menu location, its label and the menu's entries.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuOut {
    pub location: String,
    pub label: String,
    pub name: String,
    pub items: Vec<MenuItemOut>,
}

/// A menu entry: `kind` is `page`, `category`, `product`, `custom` or `anchor`; `target` the slug,
/// the address or the `#id`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct MenuItemOut {
    pub id: i64,
    pub title: String,
    pub kind: String,
    pub target: String,
    pub children: Vec<MenuItemOut>,
}

impl From<&laden_store::MenuItem> for MenuItemOut {
    fn from(i: &laden_store::MenuItem) -> Self {
        MenuItemOut {
            id: i.id,
            title: i.title.clone(),
            kind: i.kind.clone(),
            target: i.target.clone(),
            children: i.children.iter().map(MenuItemOut::from).collect(),
        }
    }
}

/// The visitor's session as the checkout asks for it (`GET /laden/v1/session`, never cached: pages
/// are cached without per-visitor state): whether logged in, the account's name, and the addresses
/// its last order was placed with, for the checkout to fill in (the billing address at least with
/// the account's e-mail address).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct VisitorSession {
    pub logged_in: bool,
    pub name: Option<String>,
    pub billing: Option<laden_domain::address::Address>,
    pub shipping: Option<laden_domain::address::Address>,
}

/// `/laden/v1/payments`: how each payment provider is set up on this instance, for the
/// settings screen (its keys come from the environment, never from the database).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PaymentProvidersOut {
    pub stripe: ProviderStatusOut,
}

/// One provider's set-up: keys present, test or live mode, where its webhooks go, and when the
/// last one was heard.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ProviderStatusOut {
    /// Its keys are set on this instance, so its methods may be offered.
    pub configured: bool,
    /// `test` (no money moves) or `live`; empty while not configured.
    pub mode: String,
    /// The payment methods it brings (gateway ids).
    pub methods: Vec<String>,
    /// The address to enter in the provider's dashboard as the webhook endpoint.
    pub webhook_url: String,
    /// Whether the webhook's signing secret is set (without it webhooks are refused).
    pub webhook_secret_set: bool,
    /// When the provider's last verified webhook arrived (German time, `2026-12-05T12:40:00`).
    pub last_webhook: Option<String>,
}
