//! `wc/store/v1`: WooCommerce's Store API contract. Rooms: `products.rs` (lists, one product,
//! reviews), `terms.rs` (categories, tags, attributes and their terms), `cart.rs` (the cart,
//! checkout and orders); here the routes and what they share.

mod cart;
mod products;
mod terms;

use crate::error::{or_missing, ApiError, ApiResult};
use crate::extract::{Body, CartToken, Paging, Params};
use crate::metrics::Cache;
use crate::wire::store_in::*;
use crate::wire::{Catalog, StoreCart, StoreOrder};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_domain::Quantity;
use laden_render::Cached;
use laden_store::{CheckoutInput, ProductKind, ProductQuery, ProductSort, Scope};
use serde_json::{json, Value};

/// The namespace's routes and their methods, as the `/wp-json/` index lists them.
/// Kept beside the router; a test checks each one answers.
pub const ROUTES: &[(&str, &[&str])] = &[
    ("/products", &["GET"]),
    ("/products/categories", &["GET"]),
    ("/products/tags", &["GET"]),
    ("/products/attributes", &["GET"]),
    ("/products/attributes/(?P<id>[\\d]+)", &["GET"]),
    (
        "/products/attributes/(?P<attribute_id>[\\d]+)/terms",
        &["GET"],
    ),
    ("/products/reviews", &["GET"]),
    ("/products/(?P<id>[\\d]+)", &["GET"]),
    ("/cart", &["GET"]),
    ("/cart/items", &["GET"]),
    (
        "/cart/items/(?P<key>[\\w-]{32})",
        &["PUT", "PATCH", "DELETE"],
    ),
    ("/cart/add-item", &["POST"]),
    ("/cart/update-item", &["POST"]),
    ("/cart/remove-item", &["POST"]),
    ("/cart/update-customer", &["POST"]),
    ("/cart/select-shipping-rate", &["POST"]),
    ("/cart/apply-coupon", &["POST"]),
    ("/cart/remove-coupon", &["POST"]),
    ("/cart/coupons", &["GET"]),
    ("/checkout", &["POST"]),
    ("/checkout/(?P<id>[\\d]+)", &["POST"]),
    ("/order/(?P<id>[\\d]+)", &["GET"]),
];

pub fn router() -> Router<AppState> {
    use cart::*;
    Router::new()
        .route("/products", get(products::list_products))
        .route("/products/categories", get(terms::list_categories))
        .route("/products/tags", get(terms::list_tags))
        .route("/products/attributes", get(terms::list_attributes))
        .route("/products/attributes/{id}", get(terms::get_attribute))
        .route(
            "/products/attributes/{id}/terms",
            get(terms::list_attribute_terms),
        )
        .route("/products/reviews", get(products::list_reviews))
        .route("/products/{id}", get(products::get_product))
        .route("/cart", get(get_cart))
        .route("/cart/items", get(get_cart_items))
        .route(
            "/cart/items/{key}",
            axum::routing::put(put_cart_item)
                .patch(put_cart_item)
                .delete(delete_cart_item),
        )
        .route("/cart/add-item", post(add_item))
        .route("/cart/update-item", post(update_item))
        .route("/cart/remove-item", post(remove_item))
        .route("/cart/update-customer", post(update_customer))
        .route("/cart/select-shipping-rate", post(select_shipping_rate))
        .route("/cart/apply-coupon", post(apply_coupon))
        .route("/cart/remove-coupon", post(remove_coupon))
        .route("/cart/coupons", get(get_cart_coupons))
        .route("/checkout", post(checkout))
        .route("/checkout/{id}", post(crate::payments::pay_order))
        .route("/order/{id}", get(get_order))
}

impl Paging {
    /// This page of a list of `total` as the answer, with its paging headers.
    pub fn answer(
        self,
        state: &AppState,
        path: &str,
        params: &Params,
        total: i64,
        body: impl serde::Serialize,
    ) -> Response {
        let mut headers = HeaderMap::new();
        for (name, value) in self.headers(state, path, params, total) {
            if let Ok(v) = HeaderValue::from_str(&value) {
                headers.insert(name, v);
            }
        }
        (headers, Json(body)).into_response()
    }

    /// Where this page lies in a list of `len` items (empty past the end; never overflows, for
    /// any `page` the parameter allows).
    pub fn window(self, len: usize) -> std::ops::Range<usize> {
        let start = (self.page - 1).saturating_mul(self.per_page);
        let start = usize::try_from(start).unwrap_or(usize::MAX).min(len);
        start..start.saturating_add(self.per_page as usize).min(len)
    }

    /// How many pages a list of `total` has.
    pub fn pages(self, total: i64) -> i64 {
        (total + self.per_page - 1) / self.per_page
    }

    /// WordPress's check of a listing's `page`: past the last page (an empty list has one) it is
    /// refused, naming `page`.
    pub fn within(self, total: i64) -> Result<(), ApiError> {
        if self.page > self.pages(total).max(1) {
            return Err(ApiError::param(
                "page",
                laden_domain::i18n::t(
                    "The page number requested is larger than the number of pages available.",
                ),
            ));
        }
        Ok(())
    }

    /// `X-WP-Total`, `X-WP-TotalPages` and the `Link` (absolute, from the site URL) to the
    /// previous and next pages.
    pub fn headers(
        self,
        state: &AppState,
        path: &str,
        params: &Params,
        total: i64,
    ) -> Vec<(&'static str, String)> {
        let (page, pages) = (self.page, self.pages(total));
        let mut headers = vec![
            ("x-wp-total", total.to_string()),
            ("x-wp-totalpages", pages.to_string()),
        ];
        let mut links = Vec::new();
        let link_for = |p: i64| {
            let mut q: Vec<(String, String)> = params
                .0
                .iter()
                .filter(|(k, _)| k.as_str() != "page")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            q.sort();
            q.push(("page".into(), p.to_string()));
            let qs = serde_urlencoded::to_string(&q).unwrap_or_default();
            format!("{}/wp-json{path}?{qs}", state.config.site_url)
        };
        if page > 1 && page <= pages + 1 {
            links.push(format!("<{}>; rel=\"prev\"", link_for(page - 1)));
        }
        if page < pages {
            links.push(format!("<{}>; rel=\"next\"", link_for(page + 1)));
        }
        if !links.is_empty() {
            headers.push(("link", links.join(", ")));
        }
        headers
    }
}

/// The Store API answer cached under `key`, if any, counted as a hit or a miss.
fn cache_hit(state: &AppState, headers: &HeaderMap, key: &str) -> Option<Response> {
    let hit = state.caches.api.get(key);
    state.caches.metrics.lookup(Cache::Api, hit.is_some());
    hit.map(|entry| cached_json(headers, &entry, true))
}

/// A cached JSON answer with its pagination headers.
fn cached_json(req: &HeaderMap, entry: &Cached, hit: bool) -> Response {
    let mut res = crate::caches::cached_response(req, entry, "application/json", hit);
    let h = res.headers_mut();
    for (name, value) in &entry.headers {
        if let Ok(v) = HeaderValue::from_str(value) {
            h.insert(*name, v);
        }
    }
    res
}
