//! Invoices over HTTP: the customer's download (`/rechnung/{id}?key=…`, the order's key as
//! the order-received page and the account carry it), staff's download, month list, ZIP and
//! CSV for the tax adviser (`/wp-json/laden/v1/invoices…`, `manage_woocommerce`), and "issue
//! the invoice now" for an order. A PDF is made from the invoice's kept document the first
//! time it is asked for and kept from then on, so every download is the same file.

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::wire::laden::InvoiceOut;
use crate::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::i18n::t;
use laden_domain::invoice::{InvoiceDoc, InvoiceKind};
use laden_domain::Money;
use laden_store::Invoice;
use serde::Deserialize;
use std::io::Write;

/// Routes below `/wp-json`.
pub fn rest_router() -> Router<AppState> {
    Router::new()
        .route("/laden/v1/invoices", get(list))
        .route("/laden/v1/invoices/export.csv", get(export_csv))
        .route("/laden/v1/invoices/export.zip", get(export_zip))
        .route("/laden/v1/invoices/zm.csv", get(zm_csv))
        .route("/laden/v1/invoices/oss.csv", get(oss_csv))
        .route("/laden/v1/invoices/{id}/pdf", get(staff_pdf))
        .route("/laden/v1/orders/{id}/invoice", post(issue_now))
}

/// The customer's download.
pub fn document_router() -> Router<AppState> {
    Router::new().route("/rechnung/{id}", get(customer_pdf))
}

/// Where staff and API clients download an invoice.
pub fn staff_url(id: i64) -> String {
    format!("/wp-json/laden/v1/invoices/{id}/pdf")
}

/// Where the customer downloads an invoice of the order with `key`.
pub fn customer_url(id: i64, key: &str) -> String {
    format!("/rechnung/{id}?key={key}")
}

pub fn out(i: &Invoice) -> InvoiceOut {
    InvoiceOut {
        id: i.id,
        order_id: i.order_id,
        kind: i.kind.as_str().to_owned(),
        number: i.number.clone(),
        cancels: i.cancels,
        partial: i.partial,
        cancelled: i.cancelled,
        date: laden_domain::dates::german_iso(i.issued_at),
        total: Money::from_cents(i.total).to_decimal_string(),
        total_tax: Money::from_cents(i.tax_total).to_decimal_string(),
        pdf: staff_url(i.id),
    }
}

/// The invoice's PDF: kept, or made now and kept (the first one written stays).
pub async fn pdf_of(state: &AppState, id: i64) -> ApiResult<(Invoice, Vec<u8>)> {
    let (invoice, doc, pdf) = state.store.invoice(id).await?;
    let pdf = kept_or_made(state, id, doc, pdf).await?;
    Ok((invoice, pdf))
}

/// `pdf` when kept; else made from `doc`, kept, and the kept one (another request may have
/// written it first) returned.
async fn kept_or_made(
    state: &AppState,
    id: i64,
    doc: InvoiceDoc,
    pdf: Option<Vec<u8>>,
) -> ApiResult<Vec<u8>> {
    if let Some(pdf) = pdf {
        return Ok(pdf);
    }
    let made = render(doc).await?;
    state.store.keep_invoice_pdf(id, &made).await?;
    let (_, _, kept) = state.store.invoice(id).await?;
    Ok(kept.unwrap_or(made))
}

/// Renders off the async workers (a few milliseconds of CPU).
async fn render(doc: InvoiceDoc) -> ApiResult<Vec<u8>> {
    tokio::task::spawn_blocking(move || laden_invoice::pdf(&doc))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?
        .map_err(|e| ApiError::Internal(e.to_string()))
}

/// `Rechnung-RE-2026-00001.pdf`.
pub fn file_name(i: &Invoice) -> String {
    let safe: String = i
        .number
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("{}-{safe}.pdf", i.title())
}

fn attachment(bytes: Vec<u8>, content_type: &'static str, name: &str) -> Response {
    let mut res = (StatusCode::OK, bytes).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    h.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    res
}

#[derive(Deserialize)]
struct KeyQuery {
    #[serde(default)]
    key: String,
}

/// The customer's download: the invoice of an order whose key comes with it.
async fn customer_pdf(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<KeyQuery>,
) -> Response {
    let found = async {
        let id: i64 = id.parse().map_err(|_| ApiError::OrderNotFound)?;
        let (invoice, _, _) = state.store.invoice(id).await?;
        // The same answer for an unknown invoice and a wrong key.
        state
            .store
            .order_with_key(invoice.order_id, &q.key)
            .await
            .map_err(|_| ApiError::OrderNotFound)?;
        pdf_of(&state, id).await
    }
    .await;
    match found {
        Ok((invoice, pdf)) => attachment(pdf, "application/pdf", &file_name(&invoice)),
        Err(ApiError::OrderNotFound)
        | Err(ApiError::Coded {
            status: StatusCode::NOT_FOUND,
            ..
        }) => crate::downloads::notice_page(
            StatusCode::NOT_FOUND,
            &t("Invoice"),
            &t("This invoice does not exist, or the link is not complete."),
        ),
        Err(e) => e.into_response(),
    }
}

async fn staff_pdf(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let (invoice, pdf) = pdf_of(&state, id).await?;
    Ok(attachment(pdf, "application/pdf", &file_name(&invoice)))
}

async fn issue_now(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<i64>,
) -> ApiResult<(StatusCode, Json<Vec<InvoiceOut>>)> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_create")?;
    state.store.order(id).await?;
    if !state.store.settings().await?.shop.has_tax_id() {
        return Err(ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_invoice_needs_tax_id",
            message: t(laden_domain::settings::INVOICES_NEED_TAX_ID),
        });
    }
    let issued = state.store.issue_invoice(id).await?;
    let all = state.store.order_invoices(id).await?;
    let status = if issued.is_some() {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(all.iter().map(out).collect())))
}

#[derive(Deserialize)]
struct MonthQuery {
    #[serde(default)]
    month: String,
}

/// `2026-11` → the month's bounds in German time, and the text back.
fn month(q: &MonthQuery) -> ApiResult<(i64, i64, String)> {
    let bad = || ApiError::param("month", t("Please choose a month such as 2026-11."));
    match months(&q.month) {
        Some((y, first, last)) if first == last => bounds(y, first, last).ok_or_else(bad),
        _ => Err(bad()),
    }
}

/// `2026-11` or `2026-Q4` → the year and its first and last month.
fn months(text: &str) -> Option<(i64, u32, u32)> {
    let (y, rest) = text.trim().split_once('-')?;
    let y: i64 = y.parse().ok()?;
    match rest.strip_prefix(['Q', 'q']) {
        Some(n) => match n.parse::<u32>() {
            Ok(n @ 1..=4) => Some((y, n * 3 - 2, n * 3)),
            _ => None,
        },
        None => rest.parse().ok().map(|m| (y, m, m)),
    }
}

/// The German-time bounds of the months `first` to `last` of year `y`, and their label
/// (`2026-11` for one month, `2026-Q4` for a quarter).
fn bounds(y: i64, first: u32, last: u32) -> Option<(i64, i64, String)> {
    let (from, _) = laden_store::invoices::month_bounds(y, first)?;
    let (_, to) = laden_store::invoices::month_bounds(y, last)?;
    let label = if first == last {
        format!("{y:04}-{first:02}")
    } else {
        format!("{y:04}-Q{}", last / 3)
    };
    Some((from, to, label))
}

#[derive(Deserialize)]
struct PeriodQuery {
    #[serde(default)]
    period: String,
}

/// `2026-11` (a month) or `2026-Q4` (a quarter) → its bounds in German time, and the text back.
fn period(q: &PeriodQuery) -> ApiResult<(i64, i64, String)> {
    months(&q.period)
        .and_then(|(y, first, last)| bounds(y, first, last))
        .ok_or_else(|| {
            ApiError::param(
                "period",
                t("Please choose a month such as 2026-11 or a quarter such as 2026-Q4."),
            )
        })
}

/// The documents of the invoices issued in a month or quarter (`?period=2026-11|2026-Q4`), for
/// staff who may see them, with the period's label.
async fn period_documents(
    state: &AppState,
    who: &Identity,
    q: &PeriodQuery,
) -> ApiResult<(Vec<laden_domain::invoice::InvoiceDoc>, String)> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let (from, to, label) = period(q)?;
    let list = state
        .store
        .invoice_documents_between(from, to, false)
        .await?;
    Ok((list.into_iter().map(|(_, doc, _)| doc).collect(), label))
}

/// The Zusammenfassende Meldung of a month or quarter: the CSV the BZSt's form imports, from the
/// invoices issued in it (`laden_domain::invoice::zm`).
async fn zm_csv(
    State(state): State<AppState>,
    who: Identity,
    Query(q): Query<PeriodQuery>,
) -> ApiResult<Response> {
    let (docs, label) = period_documents(&state, &who, &q).await?;
    let rows = laden_domain::invoice::zm::rows(&docs);
    Ok(attachment(
        laden_domain::invoice::zm::csv(&rows).into_bytes(),
        "text/csv; charset=utf-8",
        &format!("ZM-{label}.csv"),
    ))
}

/// The One-Stop-Shop return of a quarter (or a month): per member state and rate the taxable
/// amounts and VAT of the invoices issued in it that charged a member state's VAT
/// (`laden_domain::invoice::oss`).
async fn oss_csv(
    State(state): State<AppState>,
    who: Identity,
    Query(q): Query<PeriodQuery>,
) -> ApiResult<Response> {
    let (docs, label) = period_documents(&state, &who, &q).await?;
    let rows = laden_domain::invoice::oss::rows(&docs);
    let mut body = "\u{feff}".as_bytes().to_vec();
    body.extend_from_slice(laden_domain::invoice::oss::csv(&rows).as_bytes());
    Ok(attachment(
        body,
        "text/csv; charset=utf-8",
        &format!("OSS-{label}.csv"),
    ))
}

async fn list(
    State(state): State<AppState>,
    who: Identity,
    Query(q): Query<MonthQuery>,
) -> ApiResult<Json<Vec<InvoiceOut>>> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let (from, to, _) = month(&q)?;
    let list = state.store.invoices_between(from, to).await?;
    Ok(Json(list.iter().map(out).collect()))
}

/// German decimal text for the CSV: `1234,56`, negative for a cancellation.
fn csv_amount(kind: InvoiceKind, cents: i64) -> String {
    let signed = if kind == InvoiceKind::Cancellation {
        -cents
    } else {
        cents
    };
    Money::from_cents(signed)
        .to_decimal_string()
        .replace('.', ",")
}

/// The month's list for the tax adviser: one row per invoice, `;`-separated with decimal
/// commas (as German spreadsheets read it), net and VAT per rate, cancellations negative.
fn csv_of<'a>(docs: impl Iterator<Item = &'a InvoiceDoc>) -> ApiResult<Vec<u8>> {
    let mut out = Vec::new();
    out.extend_from_slice("\u{feff}".as_bytes());
    let mut w = csv::WriterBuilder::new()
        .delimiter(b';')
        .from_writer(&mut out);
    w.write_record([
        "Rechnungsnummer",
        "Art",
        "Rechnungsdatum",
        "Bestellnummer",
        "Storniert Rechnung",
        "Kunde",
        "Land",
        "USt-IdNr. Kunde",
        "Netto 19 %",
        "USt. 19 %",
        "Netto 7 %",
        "USt. 7 %",
        "Netto OSS",
        "USt. OSS",
        "Netto steuerfrei",
        "USt. gesamt",
        "Brutto",
        "Zahlungsart",
    ])
    .map_err(|e| ApiError::Internal(e.to_string()))?;
    for doc in docs {
        // The German rates each in their own columns; a member state's (One-Stop-Shop) together.
        let german = [19, 7, 0].map(laden_domain::VatRate::percent);
        let part = |rate: Option<laden_domain::VatRate>, vat: bool| {
            doc.taxes
                .iter()
                .filter(|t| rate.map_or(!german.contains(&t.rate), |r| t.rate == r))
                .map(|t| if vat { t.vat.cents() } else { t.basis.cents() })
                .sum::<i64>()
        };
        let buyer = if doc.buyer.company.is_empty() {
            &doc.buyer.name
        } else {
            &doc.buyer.company
        };
        w.write_record([
            doc.number.as_str(),
            &doc.title(),
            &laden_domain::dates::german_iso(doc.issued_at)[..10],
            &doc.order_id.to_string(),
            doc.cancels.as_ref().map_or("", |(n, _)| n.as_str()),
            buyer,
            &doc.buyer.country,
            &doc.buyer.vat_id,
            &csv_amount(doc.kind, part(Some(german[0]), false)),
            &csv_amount(doc.kind, part(Some(german[0]), true)),
            &csv_amount(doc.kind, part(Some(german[1]), false)),
            &csv_amount(doc.kind, part(Some(german[1]), true)),
            &csv_amount(doc.kind, part(None, false)),
            &csv_amount(doc.kind, part(None, true)),
            &csv_amount(doc.kind, part(Some(german[2]), false)),
            &csv_amount(doc.kind, doc.vat_total.cents()),
            &csv_amount(doc.kind, doc.gross_total.cents()),
            &doc.payment.method,
        ])
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    }
    w.flush().map_err(|e| ApiError::Internal(e.to_string()))?;
    drop(w);
    Ok(out)
}

/// The month a staff request names (its label, `2026-11`) and its invoices with their
/// documents, and their PDFs where `pdfs`.
async fn staff_month(
    state: &AppState,
    who: &Identity,
    q: &MonthQuery,
    pdfs: bool,
) -> ApiResult<(String, Vec<(Invoice, InvoiceDoc, Option<Vec<u8>>)>)> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")?;
    let (from, to, label) = month(q)?;
    let list = state
        .store
        .invoice_documents_between(from, to, pdfs)
        .await?;
    Ok((label, list))
}

async fn export_csv(
    State(state): State<AppState>,
    who: Identity,
    Query(q): Query<MonthQuery>,
) -> ApiResult<Response> {
    let (label, list) = staff_month(&state, &who, &q, false).await?;
    let csv = csv_of(list.iter().map(|(_, doc, _)| doc))?;
    Ok(attachment(
        csv,
        "text/csv; charset=utf-8",
        &format!("Rechnungen-{label}.csv"),
    ))
}

/// The month's invoices as PDFs in one ZIP, with the CSV list beside them.
async fn export_zip(
    State(state): State<AppState>,
    who: Identity,
    Query(q): Query<MonthQuery>,
) -> ApiResult<Response> {
    let (label, list) = staff_month(&state, &who, &q, true).await?;
    let csv = csv_of(list.iter().map(|(_, doc, _)| doc))?;
    let mut files = Vec::with_capacity(list.len() + 1);
    for (invoice, doc, pdf) in list {
        let name = file_name(&invoice);
        files.push((name, kept_or_made(&state, invoice.id, doc, pdf).await?));
    }
    files.push((format!("Rechnungen-{label}.csv"), csv));
    let zip = tokio::task::spawn_blocking(move || zip_of(files))
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))??;
    Ok(attachment(
        zip,
        "application/zip",
        &format!("Rechnungen-{label}.zip"),
    ))
}

fn zip_of(files: Vec<(String, Vec<u8>)>) -> ApiResult<Vec<u8>> {
    let internal = |e: zip::result::ZipError| ApiError::Internal(e.to_string());
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        // PDFs compress their own streams; the CSV is small.
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        z.start_file(name, options).map_err(internal)?;
        z.write_all(&bytes)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
    }
    Ok(z.finish().map_err(internal)?.into_inner())
}
