//! Laden's own admin routes below `/wp-json/laden/v1`: the dashboard's
//! figures, and the product CSV import (a job with progress, shared by every
//! instance through the database) and export in WooCommerce's format.

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::i18n::t;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::Money;
use laden_store::StoreError;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Largest CSV accepted by the admin import.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;
/// How often a running import writes its progress.
const PROGRESS_EVERY_MS: u64 = 200;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/laden/v1/dashboard", get(dashboard))
        .route("/laden/v1/product-import", post(start_import).layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES)))
        .route("/laden/v1/product-import/{id}", get(import_status))
        .route("/laden/v1/product-export", get(export))
}

fn staff(who: &Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Today's paid orders and revenue (UTC day), and products at or below their low-stock amount.
async fn dashboard(State(state): State<AppState>, who: Identity) -> ApiResult<Json<Value>> {
    staff(&who)?;
    let today = unix_now().div_euclid(86_400) * 86_400;
    let days = state.store.sales_by_day(today, today + 86_400).await?;
    let d = days.values().next().cloned().unwrap_or_default();
    // Products without their own threshold use the shop's.
    let threshold = state.store.settings().await?.shop.low_stock_amount;
    let low = state.store.low_stock(threshold, 10).await?;
    Ok(Json(json!({
        "today": { "orders": d.orders, "revenue": Money::from_cents(d.sales).to_decimal_string(), "items": d.items },
        "low_stock": low.iter().map(|p| json!({ "id": p.id, "parent_id": p.parent_id.unwrap_or(0), "name": p.name, "sku": p.sku, "stock_quantity": p.stock })).collect::<Vec<_>>(),
    })))
}

/// Starts an import of the request body (a WooCommerce product CSV): 202 with the job's id.
async fn start_import(State(state): State<AppState>, who: Identity, body: Bytes) -> ApiResult<Response> {
    let user = who.require("manage_woocommerce", "woocommerce_rest_cannot_create")?.clone();
    if body.is_empty() {
        return Err(ApiError::InvalidParams(vec![("file".into(), t("Please choose a CSV file."))]));
    }
    if std::str::from_utf8(&body).is_err() {
        return Err(ApiError::InvalidParams(vec![("file".into(), t("The file is not UTF-8 text. Please export the CSV as UTF-8."))]));
    }
    let id = state.store.create_import_job(user.id).await?;
    let job = id.clone();
    tokio::spawn(async move {
        let done = Arc::new(AtomicI64::new(0));
        let total = Arc::new(AtomicI64::new(0));
        let finished = Arc::new(tokio::sync::Notify::new());
        // Progress goes to the database at most every PROGRESS_EVERY_MS, so any instance can answer.
        let ticker = {
            let (store, job, done, total, finished) = (state.store.clone(), job.clone(), done.clone(), total.clone(), finished.clone());
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        () = finished.notified() => break,
                        () = tokio::time::sleep(std::time::Duration::from_millis(PROGRESS_EVERY_MS)) => {
                            let _ = store.update_import_job(&job, "running", done.load(Ordering::Relaxed), total.load(Ordering::Relaxed), "").await;
                        }
                    }
                }
            })
        };
        let folder = {
            let (y, m, _) = crate::dates::ymd(unix_now());
            format!("{y:04}/{m:02}")
        };
        let mut importer = laden_store::import::Importer::new(&state.store, std::env::temp_dir(), state.config.uploads_dir.clone(), &folder);
        importer.local_files = false;
        importer.uploads_url = Some(format!("{}/uploads/", state.config.site_url));
        let (d, tt) = (done.clone(), total.clone());
        let result = importer
            .import_bytes(&body, &mut |n, of| {
                d.store(n as i64, Ordering::Relaxed);
                tt.store(of as i64, Ordering::Relaxed);
            })
            .await;
        finished.notify_one();
        let _ = ticker.await;
        let (status, report) = match result {
            Ok(report) => ("done", serde_json::to_string(&report).unwrap_or_default()),
            Err(StoreError::Invalid(list)) => ("failed", list.into_iter().map(|(_, m)| m).collect::<Vec<_>>().join(" ")),
            Err(e) => {
                tracing::error!(error = %e, "product import failed");
                ("failed", t("Sorry, an internal error occurred."))
            }
        };
        let n = total.load(Ordering::Relaxed);
        if let Err(e) = state.store.update_import_job(&job, status, if status == "done" { n } else { done.load(Ordering::Relaxed) }, n, &report).await {
            tracing::error!(error = %e, "import job could not be finished");
        }
    });
    let mut res = (StatusCode::ACCEPTED, Json(json!({ "id": id, "status": "running" }))).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

async fn import_status(State(state): State<AppState>, who: Identity, Path(id): Path<String>) -> ApiResult<Response> {
    staff(&who)?;
    let job = state.store.import_job(&id).await.map_err(|e| match e {
        StoreError::NotFound => ApiError::Coded { status: StatusCode::NOT_FOUND, code: "laden_import_invalid_id", message: t("Invalid ID.") },
        other => other.into(),
    })?;
    let report: Value = if job.status == "done" { serde_json::from_str(&job.report).unwrap_or(Value::Null) } else { Value::Null };
    let error = if job.status == "failed" { json!(job.report) } else { Value::Null };
    let mut res = Json(json!({ "id": job.id, "status": job.status, "done": job.done, "total": job.total, "report": report, "error": error })).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Every product as a WooCommerce product CSV (UTF-8 with BOM, as WooCommerce's exporter writes it).
async fn export(State(state): State<AppState>, who: Identity) -> ApiResult<Response> {
    staff(&who)?;
    let mut csv = b"\xef\xbb\xbf".to_vec();
    csv.extend(state.store.export_products_csv(&format!("{}/uploads/", state.config.site_url)).await?);
    let (y, m, d) = crate::dates::ymd(unix_now());
    let name = format!("attachment; filename=\"produkte-{y:04}-{m:02}-{d:02}.csv\"");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&name).unwrap_or(HeaderValue::from_static("attachment"))),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        csv,
    )
        .into_response())
}
