//! What a shopper meets: the Store API, cart, checkout, catalogue, search and pages.

mod any_choices;
mod caching;
mod cart;
mod catalogue;
mod checkout;
mod coupons;
mod delivery_countries;
mod documents;
mod feeds;
mod listing_lookups;
mod old_links;
mod product_types;
mod search;
mod shipping_classes;
mod shipping_methods;
mod site_time;
mod sitemaps;
mod store_api;
mod store_api_params;

use crate::common;

use common::{body, Login, TestApp};
use reqwest::Method;
use serde_json::Value;

async fn change(app: &TestApp, who: &Login, id: i64, payload: Value) -> Value {
    let res = app
        .send_as(who, Method::PUT, &format!("/wc/v3/products/{id}"), &payload)
        .await;
    assert_eq!(res.status(), 200, "{payload}");
    body(res).await
}

/// The names a Store API product list answers, sorted.
async fn names(app: &TestApp, query: &str) -> Vec<String> {
    let mut out = names_in_order(app, &format!("per_page=100&{query}")).await;
    out.sort();
    out
}

/// The names a Store API product list answers, in its order.
async fn names_in_order(app: &TestApp, query: &str) -> Vec<String> {
    let res = app
        .get(&format!("/wp-json/wc/store/v1/products?{query}"))
        .await;
    let status = res.status();
    let v = body(res).await;
    assert_eq!(status, 200, "{query}: {v}");
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

fn list(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}
