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
