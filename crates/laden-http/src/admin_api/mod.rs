//! Laden's own admin routes below `/wp-json/laden/v1`: the dashboard's figures and the menus
//! here; the product CSV import and export in `import.rs`.

use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::wire::laden::{
    Dashboard, DashboardToday, ImportJobOut, LowStock, MenuItemOut, MenuOut, OssThreshold,
};
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

mod import;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/laden/v1/dashboard", get(dashboard))
        // The CSV's 20 MiB limit is the handler's own (`BodyBytes<MAX_IMPORT_BYTES>`).
        .route("/laden/v1/product-import", post(import::start_import))
        .route(
            "/laden/v1/product-import/pictures",
            post(import::upload_pictures),
        )
        .route("/laden/v1/product-import/{id}", get(import::import_status))
        .route("/laden/v1/product-export", get(import::export))
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

/// This year's and last year's EU distance sales against the One-Stop-Shop threshold; `passed`
/// also when the shop takes part in the One-Stop-Shop (its consumers abroad pay their VAT).
async fn oss_threshold(state: &AppState) -> ApiResult<OssThreshold> {
    use laden_domain::supply::{OssStanding, OSS_THRESHOLD_CENTS, OSS_WARNING_PERCENT};
    let sales = state.store.oss_sales().await?;
    let standing = OssStanding {
        opted_in: state.store.settings().await?.shop.oss,
        ..sales
    };
    let sales = [sales.this_year_cents, sales.last_year_cents];
    let money = |c: i64| Money::from_cents(c).to_decimal_string();
    Ok(OssThreshold {
        this_year: money(sales[0]),
        last_year: money(sales[1]),
        threshold: money(OSS_THRESHOLD_CENTS),
        percent: sales[0] * 100 / OSS_THRESHOLD_CENTS,
        warn_percent: OSS_WARNING_PERCENT,
        warn: standing.warn(),
        passed: standing.destination_taxed(0),
    })
}

/// Today's paid orders and revenue (the German day), products at or below their low-stock
/// amount, and the EU distance sales against the One-Stop-Shop threshold.
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
    let oss = oss_threshold(&state).await?;
    Ok(Json(Dashboard {
        oss,
        invoices_blocked: shop.invoices_blocked(),
        exports_need_vat_id: shop.exports_need_vat_id(),
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
