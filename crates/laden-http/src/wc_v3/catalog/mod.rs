//! `wc/v3/products`, `…/variations`, `products/categories`, `products/attributes` (with their
//! terms) and `products/tags`.

use super::{coded, crud, invalid_id, money, path_id, Input, Reader, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::extract::{not_one_of, ParamCheck, Params};
use crate::wire::wc::*;
use crate::wire::Catalog;
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::{t, tf};
use laden_domain::TaxClass;
use laden_store::{
    AdminProductQuery, AdminSort, Attribute, Category, CategoryChanges, GalleryItem, Product,
    ProductChanges, ProductKind, SortDirection, StockChange, StoreError, PRODUCT_STATUSES,
    STOCK_STATUSES,
};
use serde_json::{json, Value};

mod categories;
mod changes;
mod json;
mod products;
mod terms;
mod variations;

use categories::*;
use changes::*;
use json::*;
pub(crate) use products::sort_param;
use products::*;
use terms::*;
use variations::*;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/products",
            get(list_products).post(crud::create::<Products>),
        )
        .route("/products/batch", crud::batches::<Products>())
        .route(
            "/products/categories",
            get(list_categories).post(crud::create::<Categories>),
        )
        .route("/products/categories/batch", crud::batches::<Categories>())
        .route("/products/categories/{id}", crud::deletable::<Categories>())
        .route("/products/attributes", get(list_attributes))
        .route("/products/attributes/{id}", get(get_attribute))
        .route("/products/attributes/{id}/terms", get(list_terms))
        .route("/products/attributes/{id}/terms/{term}", get(get_term))
        .route("/products/tags", get(list_tags))
        .route("/products/tags/{id}", get(get_tag))
        .route("/products/{id}", crud::deletable::<Products>())
        .route(
            "/products/{id}/variations",
            get(list_variations).post(crud::create::<Variations>),
        )
        .route(
            "/products/{id}/variations/batch",
            crud::batches::<Variations>(),
        )
        .route(
            "/products/{id}/variations/{vid}",
            crud::deletable::<Variations>(),
        )
}

/// A list's `search` parameter (trimmed, lower-cased; nothing when empty), as the staff's term
/// lists (categories, attribute terms, tags) match it: in the name or the slug.
pub(super) struct Search(Option<String>);

impl Search {
    pub(super) fn of(params: &Params) -> Search {
        Search(
            params
                .get("search")
                .map(|s| s.trim().to_lowercase())
                .filter(|s| !s.is_empty()),
        )
    }

    pub(super) fn keeps(&self, name: &str, slug: &str) -> bool {
        self.0
            .as_deref()
            .is_none_or(|s| name.to_lowercase().contains(s) || slug.contains(s))
    }
}

fn product_missing() -> ApiError {
    invalid_id("woocommerce_rest_product_invalid_id", "Invalid ID.")
}
fn variation_missing() -> ApiError {
    invalid_id(
        "woocommerce_rest_product_variation_invalid_id",
        "Invalid ID.",
    )
}
fn category_missing() -> ApiError {
    invalid_id("woocommerce_rest_term_invalid", "Resource does not exist.")
}

/// Store refusals in WooCommerce's words for products.
fn product_error(e: StoreError, missing: fn() -> ApiError) -> ApiError {
    match e {
        StoreError::NotFound(_) => missing(),
        StoreError::Conflict(_) => coded(
            StatusCode::CONFLICT,
            "laden_stock_conflict",
            "The stock has changed in the meantime. Please reload and try again.",
        ),
        other => other.into(),
    }
}
