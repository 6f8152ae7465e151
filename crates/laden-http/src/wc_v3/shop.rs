//! `wc/v3/products/reviews` (moderation), `customers`, `reports/sales`, `reports/top_sellers`
//! and `system_status`.

use super::{coded, crud, invalid_id, money, Input, Reader, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::extract::{not_one_of, Paging, ParamCheck, Params};
use crate::wire::wc::{WcCustomer, WcDeletion, WcReview, WcTopSeller};
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::tf;
use laden_domain::Money;
use laden_store::{
    AdminReview, Customer, CustomerChanges, ReviewChanges, StoreError, REVIEW_STATUSES,
};
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/products/reviews",
            get(list_reviews).post(crud::create::<Reviews>),
        )
        .route("/products/reviews/{id}", crud::deletable::<Reviews>())
        .route(
            "/customers",
            get(list_customers).post(crud::create::<Customers>),
        )
        .route("/customers/{id}", crud::object::<Customers>())
        .route("/reports/sales", get(sales_report))
        .route("/reports/top_sellers", get(top_sellers))
        .route("/system_status", get(system_status))
}

// ---------------------------------------------------------------- reviews

fn review_missing() -> ApiError {
    invalid_id("woocommerce_rest_review_invalid_id", "Invalid review ID.")
}

fn review_json(r: &AdminReview) -> WcReview {
    WcReview {
        id: r.id,
        date_created: crate::dates::german_iso(r.created_at),
        date_created_gmt: crate::dates::iso(r.created_at),
        product_id: r.product_id,
        product_name: r.product_name.clone(),
        status: r.status.clone(),
        reviewer: r.author.clone(),
        reviewer_email: r.email.clone(),
        review: r.content.clone(),
        rating: r.rating,
        verified: r.verified,
    }
}

fn review_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => review_missing(),
        other => other.into(),
    }
}

async fn list_reviews(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let Paging { page, per_page } = list.paging;
    let mut check = ParamCheck::new(&list.params);
    let status = check.text("status");
    if let Some(s) = status.filter(|s| *s != "all" && !REVIEW_STATUSES.contains(s)) {
        let allowed = format!("all, {}", REVIEW_STATUSES.join(", "));
        check.problem("status", not_one_of(s, &allowed));
    }
    let product = check.integer("product");
    check.finish()?;
    let (reviews, total) = state
        .store
        .admin_reviews(status, product, page, per_page)
        .await?;
    let body: Vec<WcReview> = reviews.iter().map(review_json).collect();
    Ok(list.answer(&state, "/wc/v3/products/reviews", total, body))
}

fn review_changes(body: &Value) -> ApiResult<ReviewChanges> {
    let mut i = Input::new(body)?;
    // WooCommerce's `unspam`/`untrash` restore a review to pending moderation.
    let status = i
        .one_of(
            "status",
            &["approved", "hold", "spam", "unspam", "trash", "untrash"],
        )
        .map(|s| match s.as_str() {
            "unspam" | "untrash" => "hold".to_owned(),
            _ => s,
        });
    let ch = ReviewChanges {
        product_id: i.int("product_id"),
        status,
        author: i.string("reviewer"),
        email: i.string("reviewer_email"),
        content: i.string("review"),
        rating: i.int("rating"),
        verified: i.boolean("verified"),
    };
    i.finish()?;
    Ok(ch)
}

/// `wc/v3/products/reviews` (moderation).
pub(super) struct Reviews;

impl crud::Resource for Reviews {
    type Out = WcReview;
    type Scope = ();

    const MISSING: fn() -> ApiError = review_missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcReview> {
        let review = state.store.admin_review(id).await.map_err(review_error)?;
        Ok(review_json(&review))
    }

    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let ch = review_changes(body)?;
        state.store.save_review(id, &ch).await.map_err(review_error)
    }
}

impl crud::Deletable for Reviews {
    type Deleted = WcDeletion<WcReview>;

    /// Without `force` a review goes to the trash (WordPress's comment trash); with it, it is gone.
    async fn delete(
        state: &AppState,
        _: &(),
        id: i64,
        force: bool,
    ) -> ApiResult<WcDeletion<WcReview>> {
        use crud::Resource;
        let before = Self::read(state, &(), id).await?;
        if force {
            state.store.delete_review(id).await.map_err(review_error)?;
            return Ok(WcDeletion::Deleted {
                deleted: true,
                previous: before,
            });
        }
        if before.status == "trash" {
            return Err(coded(
                StatusCode::GONE,
                "woocommerce_rest_already_trashed",
                "The review has already been deleted.",
            ));
        }
        let ch = ReviewChanges {
            status: Some("trash".into()),
            ..Default::default()
        };
        state
            .store
            .save_review(Some(id), &ch)
            .await
            .map_err(review_error)?;
        Ok(WcDeletion::Trashed(Self::read(state, &(), id).await?))
    }
}

// ---------------------------------------------------------------- customers

fn customer_missing() -> ApiError {
    invalid_id("woocommerce_rest_invalid_id", "Invalid resource ID.")
}

fn customer_json(c: &Customer) -> WcCustomer {
    WcCustomer {
        id: c.id,
        date_created: crate::dates::german_iso(c.created_at),
        date_created_gmt: crate::dates::iso(c.created_at),
        date_modified: crate::dates::german_iso(c.updated_at),
        date_modified_gmt: crate::dates::iso(c.updated_at),
        email: c.email.clone(),
        first_name: c.first_name.clone(),
        last_name: c.last_name.clone(),
        role: "customer",
        username: "",
        billing: c.billing.clone(),
        shipping: c.shipping.clone(),
        is_paying_customer: c.order_count > 0,
        orders_count: c.order_count,
        total_spent: money(Some(Money::from_cents(c.total_spent))),
        avatar_url: "",
        meta_data: Vec::new(),
    }
}

fn customer_changes(body: &Value) -> ApiResult<CustomerChanges> {
    let mut i = Input::new(body)?;
    let ch = CustomerChanges {
        email: i.string("email"),
        first_name: i.string("first_name"),
        last_name: i.string("last_name"),
        billing: i.address("billing"),
        shipping: i.address("shipping"),
    };
    i.finish()?;
    Ok(ch)
}

fn customer_error(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => customer_missing(),
        StoreError::Conflict(_) => coded(
            StatusCode::BAD_REQUEST,
            "registration-error-email-exists",
            "An account is already registered with this e-mail address.",
        ),
        other => other.into(),
    }
}

async fn list_customers(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let (params, Paging { page, per_page }) = (&list.params, list.paging);
    let (customers, total) = state
        .store
        .customers(params.get("search"), params.get("email"), page, per_page)
        .await?;
    let body: Vec<WcCustomer> = customers.iter().map(customer_json).collect();
    Ok(list.answer(&state, "/wc/v3/customers", total, body))
}

/// `wc/v3/customers` (no deletion here: a customer's orders keep their addresses).
pub(super) struct Customers;

impl crud::Resource for Customers {
    type Out = WcCustomer;
    type Scope = ();

    const MISSING: fn() -> ApiError = customer_missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcCustomer> {
        let customer = state.store.customer(id).await.map_err(customer_error)?;
        Ok(customer_json(&customer))
    }

    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let ch = customer_changes(body)?;
        state
            .store
            .save_customer(id, &ch)
            .await
            .map_err(customer_error)
    }
}

// ---------------------------------------------------------------- reports

/// `period` (week, month, last_month, year) or `date_min`/`date_max` (YYYY-MM-DD) → [from, to) in Unix days.
fn report_days(params: &Params, today: i64) -> ApiResult<(i64, i64)> {
    let day = |key: &str| -> ApiResult<Option<i64>> {
        match params.get(key).filter(|v| !v.is_empty()) {
            None => Ok(None),
            Some(v) => crate::dates::parse_iso(v)
                .filter(|_| v.len() == 10)
                .map(|t| Some(t.div_euclid(86_400)))
                .ok_or_else(|| ApiError::param(key, tf("Invalid date for %s.", &[&key]))),
        }
    };
    let (min, max) = (day("date_min")?, day("date_max")?);
    if min.is_some() || max.is_some() {
        let from = min.unwrap_or(today);
        let to = max.unwrap_or(today);
        if to < from || to - from > 3660 {
            return Err(ApiError::param(
                "date_max",
                tf("Invalid date for %s.", &[&"date_max"]),
            ));
        }
        return Ok((from, to + 1));
    }
    let (y, m, _) = crate::dates::ymd(today * 86_400);
    Ok(match params.get("period").unwrap_or("week") {
        "week" => (today - 6, today + 1),
        "month" => (crate::dates::day_number(y, m, 1), today + 1),
        "last_month" => {
            let (ly, lm) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
            (
                crate::dates::day_number(ly, lm, 1),
                crate::dates::day_number(y, m, 1),
            )
        }
        "year" => (crate::dates::day_number(y, 1, 1), today + 1),
        other => {
            return Err(ApiError::param(
                "period",
                crate::extract::not_one_of(other, "week, month, last_month, year"),
            ));
        }
    })
}

/// The most top sellers a report lists unless `limit` says otherwise (WooCommerce's 12).
const TOP_SELLERS: i64 = 12;

/// Today as a day number, in German time (the site's, as WooCommerce's reports count days).
fn today() -> i64 {
    laden_domain::dates::german_today()
}

/// Days [from, to) as the moments they span in German time.
fn span(days: (i64, i64)) -> (i64, i64) {
    use laden_domain::dates::german_day_start;
    (german_day_start(days.0), german_day_start(days.1))
}

/// The products sold most in the period (`period` or `date_min`/`date_max`, as `reports/sales`
/// takes them), by units, paid orders only; `limit` 1–100.
async fn top_sellers(
    State(state): State<AppState>,
    _: Reader,
    params: Params,
) -> ApiResult<Json<Vec<WcTopSeller>>> {
    let (from, to) = span(report_days(&params, today())?);
    let limit = params.int("limit", TOP_SELLERS, 1, 100)?;
    let top = state.store.top_sellers(from, to, limit).await?;
    let seller = |t: &laden_store::TopSeller| WcTopSeller {
        title: t.name.clone(),
        product_id: t.product_id,
        quantity: t.quantity,
    };
    Ok(Json(top.iter().map(seller).collect()))
}

/// Sales totals per day, as WooCommerce's legacy sales report shapes them.
async fn sales_report(
    State(state): State<AppState>,
    _: Reader,
    params: Params,
) -> ApiResult<Json<Value>> {
    let (from, to) = report_days(&params, today())?;
    let (start, end) = span((from, to));
    let days = state.store.sales_by_day(start, end).await?;
    let refunded = state.store.refunded_between(start, end).await?;
    let m = |c: i64| Money::from_cents(c).to_decimal_string();
    let mut totals = serde_json::Map::new();
    let (mut sales, mut orders, mut items, mut tax, mut shipping, mut customers) =
        (0, 0, 0, 0, 0, 0);
    for d in from..to {
        let t = days.get(&d).cloned().unwrap_or_default();
        sales += t.sales;
        orders += t.orders;
        items += t.items;
        tax += t.tax;
        shipping += t.shipping;
        customers += t.customers;
        totals.insert(
            crate::dates::iso(d * 86_400)[..10].to_owned(),
            json!({ "sales": m(t.sales), "orders": t.orders, "items": t.items, "tax": m(t.tax), "shipping": m(t.shipping), "discount": "0.00", "customers": t.customers }),
        );
    }
    let span = (to - from).max(1);
    Ok(Json(json!([{
        "total_sales": m(sales),
        "net_sales": m(sales - tax - shipping),
        "average_sales": m(sales / span),
        "total_orders": orders,
        "total_items": items,
        "total_tax": m(tax),
        "total_shipping": m(shipping),
        "total_refunds": refunded as f64 / 100.0,
        "total_discount": "0.00",
        "totals_grouped_by": "day",
        "totals": totals,
        "total_customers": customers,
    }])))
}

/// A small, honest subset of WooCommerce's system status.
async fn system_status(State(state): State<AppState>, _: Reader) -> ApiResult<Json<Value>> {
    let site = &state.config.site_url;
    Ok(Json(json!({
        "environment": {
            "home_url": site,
            "site_url": site,
            "version": env!("CARGO_PKG_VERSION"),
            "server_info": format!("Laden/{}", env!("CARGO_PKG_VERSION")),
            "secure_connection": site.starts_with("https://"),
            "max_upload_size": state.config.max_upload_bytes,
            "default_timezone": "UTC",
            "language": "de_DE",
        },
        "database": { "engine": state.store.backend(), "wc_database_version": env!("CARGO_PKG_VERSION") },
        "active_plugins": [],
        "theme": { "name": "Laden", "version": env!("CARGO_PKG_VERSION") },
        "settings": {
            "api_enabled": true,
            "currency": "EUR",
            "currency_symbol": "€",
            "currency_position": "right_space",
            "thousand_separator": ".",
            "decimal_separator": ",",
            "number_of_decimals": 2,
            "taxonomies": { "simple": "simple", "variable": "variable" },
        },
    })))
}
