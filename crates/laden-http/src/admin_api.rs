//! Laden's own admin routes below `/wp-json/laden/v1`: the dashboard's
//! figures, and the product CSV import (a job with progress, shared by every
//! instance through the database) and export in WooCommerce's format.

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::extract::BodyBytes;
use crate::wire::laden::{Dashboard, DashboardToday, ImportJobOut, LowStock, MenuItemOut, MenuOut};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
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
        // The CSV's 20 MiB limit is the handler's own (`BodyBytes<MAX_IMPORT_BYTES>`).
        .route("/laden/v1/product-import", post(start_import))
        .route("/laden/v1/product-import/{id}", get(import_status))
        .route("/laden/v1/product-export", get(export))
        .route("/laden/v1/menus", get(list_menus))
        .route(
            "/laden/v1/menus/{location}",
            get(get_menu).put(save_menu).post(save_menu),
        )
}

/// The theme's menu locations and their names' catalogue ids.
const MENU_LOCATIONS: &[(&str, &str)] = &[("primary", "Main menu"), ("footer", "Footer")];
/// Deepest nesting the header's dropdowns show.
const MENU_MAX_DEPTH: usize = 3;
const MENU_MAX_ITEMS: usize = 200;

/// A menu location with its menu (a location without one has the location's name and no items).
async fn menu_out(state: &AppState, location: &str, label_id: &str) -> ApiResult<MenuOut> {
    let menu = state.store.menu(location).await?;
    let label = t(label_id);
    Ok(MenuOut {
        location: location.to_owned(),
        name: menu
            .as_ref()
            .map_or_else(|| label.clone(), |m| m.name.clone()),
        label,
        items: menu.map_or_else(Vec::new, |m| {
            m.items.iter().map(MenuItemOut::from).collect()
        }),
    })
}

async fn list_menus(State(state): State<AppState>, who: Identity) -> ApiResult<Json<Vec<MenuOut>>> {
    who.require("edit_theme_options", "rest_cannot_view")?;
    let mut out = Vec::new();
    for (location, label) in MENU_LOCATIONS {
        out.push(menu_out(&state, location, label).await?);
    }
    Ok(Json(out))
}

fn menu_location(raw: &str) -> ApiResult<(&'static str, &'static str)> {
    MENU_LOCATIONS
        .iter()
        .find(|(l, _)| *l == raw)
        .copied()
        .ok_or_else(|| ApiError::Coded {
            status: StatusCode::NOT_FOUND,
            code: "rest_menu_location_invalid",
            message: t("Invalid menu location."),
        })
}

async fn get_menu(
    State(state): State<AppState>,
    who: Identity,
    Path(location): Path<String>,
) -> ApiResult<Json<MenuOut>> {
    who.require("edit_theme_options", "rest_cannot_view")?;
    let (location, label) = menu_location(&location)?;
    Ok(Json(menu_out(&state, location, label).await?))
}

/// Checks one item (and its children) and turns it into what the store keeps; problems are named by path (`items.0.children.1.target`).
async fn check_item(
    state: &AppState,
    v: &Value,
    path: String,
    depth: usize,
    count: &mut usize,
    problems: &mut Vec<(String, String)>,
) -> Option<laden_store::NewMenuItem> {
    *count += 1;
    let text = |k: &str| {
        v.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let (title, kind, target) = (text("title"), text("kind"), text("target"));
    if title.is_empty() || title.chars().count() > 100 {
        problems.push((
            format!("{path}.title"),
            t("Please enter a title (at most 100 characters)."),
        ));
    }
    let target_ok = match kind.as_str() {
        "page" => state
            .store
            .page_by_slug(&target)
            .await
            .is_ok_and(|p| p.status == "publish"),
        "category" => state.store.category_by_slug(&target).await.is_ok(),
        "product" => state.store.product_by_slug(&target).await.is_ok(),
        "custom" => {
            (target.starts_with('/') && !target.starts_with("//"))
                || target.starts_with("https://")
                || target.starts_with("http://")
        }
        "anchor" => {
            let frag = target.rsplit_once('#');
            frag.is_some_and(|(before, id)| {
                (before.is_empty() || before.starts_with('/'))
                    && !id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
            })
        }
        _ => {
            problems.push((
                format!("{path}.kind"),
                crate::extract::not_one_of("kind", "page, category, product, custom, anchor"),
            ));
            true
        }
    };
    if !target_ok || target.chars().any(char::is_whitespace) {
        problems.push((
            format!("{path}.target"),
            t("This link target does not exist or is not a valid address."),
        ));
    }
    let children = match v.get("children") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) if depth + 1 < MENU_MAX_DEPTH || list.is_empty() => {
            let mut out = Vec::new();
            for (i, c) in list.iter().enumerate() {
                if let Some(item) = Box::pin(check_item(
                    state,
                    c,
                    format!("{path}.children.{i}"),
                    depth + 1,
                    count,
                    problems,
                ))
                .await
                {
                    out.push(item);
                }
            }
            out
        }
        Some(Value::Array(_)) => {
            problems.push((
                format!("{path}.children"),
                tf(
                    "Menus can be nested at most %d levels deep.",
                    &[&MENU_MAX_DEPTH],
                ),
            ));
            Vec::new()
        }
        Some(_) => {
            problems.push((
                format!("{path}.children"),
                tf("%s is not of type array.", &[&"children"]),
            ));
            Vec::new()
        }
    };
    Some(laden_store::NewMenuItem {
        title,
        kind,
        target,
        children,
    })
}

/// Replaces a menu; the whole tree is checked first, so a bad item changes nothing.
async fn save_menu(
    State(state): State<AppState>,
    who: Identity,
    Path(location): Path<String>,
    crate::extract::JsonBody(body): crate::extract::JsonBody,
) -> ApiResult<Json<MenuOut>> {
    who.require("edit_theme_options", "rest_cannot_edit")?;
    let (location, label) = menu_location(&location)?;
    let Some(list) = body.get("items").and_then(Value::as_array) else {
        return Err(ApiError::param(
            "items",
            tf("%s is not of type array.", &[&"items"]),
        ));
    };
    let mut problems = Vec::new();
    let mut count = 0;
    let mut items = Vec::new();
    for (i, v) in list.iter().enumerate() {
        if let Some(item) = check_item(
            &state,
            v,
            format!("items.{i}"),
            0,
            &mut count,
            &mut problems,
        )
        .await
        {
            items.push(item);
        }
    }
    if count > MENU_MAX_ITEMS {
        problems.push((
            "items".into(),
            tf("A menu can have at most %d entries.", &[&MENU_MAX_ITEMS]),
        ));
    }
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    let name = body
        .get("name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(label);
    state.store.replace_menu(location, name, &items).await?;
    Ok(Json(menu_out(&state, location, label).await?))
}

fn staff(who: &Identity) -> ApiResult<&laden_store::User> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_view")
}

/// Today's paid orders and revenue (the German day), and products at or below their low-stock amount.
async fn dashboard(State(state): State<AppState>, who: Identity) -> ApiResult<Json<Dashboard>> {
    staff(&who)?;
    let today = laden_domain::dates::german_today();
    let (start, end) = (
        laden_domain::dates::german_day_start(today),
        laden_domain::dates::german_day_start(today + 1),
    );
    let days = state.store.sales_by_day(start, end).await?;
    let d = days.values().next().cloned().unwrap_or_default();
    // Products without their own threshold use the shop's.
    let shop = state.store.settings().await?.shop;
    let low = state.store.low_stock(shop.low_stock_amount, 10).await?;
    Ok(Json(Dashboard {
        invoices_blocked: shop.invoices_blocked(),
        today: DashboardToday {
            orders: d.orders,
            revenue: Money::from_cents(d.sales).to_decimal_string(),
            items: d.items,
        },
        low_stock: low
            .into_iter()
            .map(|p| LowStock {
                id: p.id,
                parent_id: p.parent_id.unwrap_or(0),
                name: p.name,
                sku: p.sku,
                stock_quantity: p.stock.unwrap_or(0),
            })
            .collect(),
    }))
}

/// Starts an import of the request body (a WooCommerce product CSV): 202 with the job's id.
async fn start_import(
    State(state): State<AppState>,
    who: Identity,
    BodyBytes(body): BodyBytes<MAX_IMPORT_BYTES>,
) -> ApiResult<Response> {
    let user = who
        .require("manage_woocommerce", "woocommerce_rest_cannot_create")?
        .clone();
    if body.is_empty() {
        return Err(ApiError::param("file", t("Please choose a CSV file.")));
    }
    if std::str::from_utf8(&body).is_err() {
        return Err(ApiError::param(
            "file",
            t("The file is not UTF-8 text. Please export the CSV as UTF-8."),
        ));
    }
    let id = state.store.create_import_job(user.id).await?;
    let job = id.clone();
    tokio::spawn(async move {
        let done = Arc::new(AtomicI64::new(0));
        let total = Arc::new(AtomicI64::new(0));
        let finished = Arc::new(tokio::sync::Notify::new());
        // Progress goes to the database at most every PROGRESS_EVERY_MS, so any instance can answer.
        let ticker = {
            let (store, job, done, total, finished) = (
                state.store.clone(),
                job.clone(),
                done.clone(),
                total.clone(),
                finished.clone(),
            );
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
            let (y, m, _) = crate::dates::german_ymd(crate::dates::now());
            format!("{y:04}/{m:02}")
        };
        let mut importer = laden_store::import::Importer::new(
            &state.store,
            std::env::temp_dir(),
            state.config.uploads_dir.clone(),
            &folder,
        );
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
            Err(StoreError::Invalid(list)) => (
                "failed",
                list.into_iter()
                    .map(|(_, m)| m)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Err(e) => {
                tracing::error!(error = %e, "product import failed");
                ("failed", t("Sorry, an internal error occurred."))
            }
        };
        let n = total.load(Ordering::Relaxed);
        if let Err(e) = state
            .store
            .update_import_job(
                &job,
                status,
                if status == "done" {
                    n
                } else {
                    done.load(Ordering::Relaxed)
                },
                n,
                &report,
            )
            .await
        {
            tracing::error!(error = %e, "import job could not be finished");
        }
    });
    let mut res = (
        StatusCode::ACCEPTED,
        Json(json!({ "id": id, "status": "running" })),
    )
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

async fn import_status(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    staff(&who)?;
    let job = state.store.import_job(&id).await.map_err(|e| match e {
        StoreError::NotFound(_) => ApiError::Coded {
            status: StatusCode::NOT_FOUND,
            code: "laden_import_invalid_id",
            message: t("Invalid ID."),
        },
        other => other.into(),
    })?;
    let failed = job.status == "failed";
    let out = ImportJobOut {
        report: (job.status == "done")
            .then(|| serde_json::from_str(&job.report).ok())
            .flatten(),
        error: failed.then_some(job.report),
        id: job.id,
        status: job.status,
        done: job.done,
        total: job.total,
    };
    let mut res = Json(out).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Every product as a WooCommerce product CSV (UTF-8 with BOM, as WooCommerce's exporter writes it).
async fn export(State(state): State<AppState>, who: Identity) -> ApiResult<Response> {
    staff(&who)?;
    let mut csv = b"\xef\xbb\xbf".to_vec();
    csv.extend(
        state
            .store
            .export_products_csv(&format!("{}/uploads/", state.config.site_url))
            .await?,
    );
    let (y, m, d) = crate::dates::german_ymd(crate::dates::now());
    let name = format!("attachment; filename=\"produkte-{y:04}-{m:02}-{d:02}.csv\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&name).unwrap_or(HeaderValue::from_static("attachment")),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        csv,
    )
        .into_response())
}
