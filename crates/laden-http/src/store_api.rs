//! `wc/store/v1`: WooCommerce's Store API contract.

use crate::error::{or_missing, ApiError, ApiResult};
use crate::extract::{Body, CartToken, Params};
use crate::i18n::{t, tf};
use crate::metrics::Cache;
use crate::wire::store_in::*;
use crate::wire::{Catalog, StoreCart, StoreOrder};
use crate::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
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
    ("/cart/apply-coupon", &["POST"]),
    ("/cart/remove-coupon", &["POST"]),
    ("/cart/coupons", &["GET"]),
    ("/checkout", &["POST"]),
    ("/order/(?P<id>[\\d]+)", &["GET"]),
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/products", get(list_products))
        .route("/products/categories", get(list_categories))
        .route("/products/tags", get(list_tags))
        .route("/products/reviews", get(list_reviews))
        .route("/products/{id}", get(get_product))
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
        .route("/cart/apply-coupon", post(apply_coupon))
        .route("/cart/remove-coupon", post(remove_coupon))
        .route("/cart/coupons", get(get_cart_coupons))
        .route("/checkout", post(checkout))
        .route("/order/{id}", get(get_order))
}

/// `X-WP-Total`, `X-WP-TotalPages` and `Link` (absolute, from the site URL).
pub fn paginated(
    state: &AppState,
    path: &str,
    params: &Params,
    page: i64,
    per_page: i64,
    total: i64,
    body: impl serde::Serialize,
) -> Response {
    let mut headers = HeaderMap::new();
    for (name, value) in page_headers(state, path, params, page, per_page, total) {
        if let Ok(v) = HeaderValue::from_str(&value) {
            headers.insert(name, v);
        }
    }
    (headers, Json(body)).into_response()
}

/// `X-WP-Total`, `X-WP-TotalPages` and the `Link` to the previous and next pages.
fn page_headers(
    state: &AppState,
    path: &str,
    params: &Params,
    page: i64,
    per_page: i64,
    total: i64,
) -> Vec<(&'static str, String)> {
    let pages = if total == 0 {
        0
    } else {
        (total + per_page - 1) / per_page
    };
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

fn product_query(
    state_categories: &[laden_store::Category],
    tags: &[laden_store::Tag],
    params: &Params,
) -> ApiResult<ProductQuery> {
    let (page, per_page) = params.pagination()?;
    let mut q = ProductQuery {
        page,
        per_page,
        ..ProductQuery::default()
    };
    if let Some(orderby) = params.get("orderby") {
        q.sort = ProductSort::parse(orderby).ok_or_else(|| {
            ApiError::InvalidParams(vec![(
                "orderby".into(),
                tf(
                    "%1$s is not one of %2$s.",
                    &[
                        &"orderby",
                        &"date, price, popularity, rating, menu_order, title, slug",
                    ],
                ),
            )])
        })?;
    }
    // A search without an asked-for order ranks products named by every word first.
    q.by_relevance = params.get("orderby").is_none();
    q.descending = match params.get("order") {
        None => matches!(
            q.sort,
            ProductSort::Date | ProductSort::Popularity | ProductSort::Rating
        ),
        Some("asc") => false,
        Some("desc") => true,
        Some(_) => {
            return Err(ApiError::InvalidParams(vec![(
                "order".into(),
                tf("%1$s is not one of %2$s.", &[&"order", &"asc, desc"]),
            )]))
        }
    };
    if let Some(cats) = params.get("category").filter(|s| !s.is_empty()) {
        let roots: Vec<i64> = cats
            .split(',')
            .map(str::trim)
            .map(|c| {
                c.parse::<i64>()
                    .ok()
                    .or_else(|| state_categories.iter().find(|x| x.slug == c).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
        q = q.in_categories(state_categories, &roots);
    }
    // Tags by id or slug, as categories; an unknown one matches nothing.
    if let Some(list) = params.get("tag").filter(|s| !s.trim().is_empty()) {
        q.tags = list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .or_else(|| tags.iter().find(|x| x.slug == t).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
    }
    let mut problems: Vec<(String, String)> = Vec::new();
    filter_params(params, &mut q, &mut problems);
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    q.search = params.get("search").map(str::to_owned);
    Ok(q)
}

/// The Store API's product filters (WooCommerce's `wc/store/v1/products` parameters), each
/// checked: a value that does not fit is a problem naming the parameter, never ignored.
fn filter_params(params: &Params, q: &mut ProductQuery, problems: &mut Vec<(String, String)>) {
    use laden_domain::catalog::{list_values, parse_bool, parse_ids, parse_minor_units};
    let given = |key: &str| params.get(key).filter(|v| !v.trim().is_empty());
    let not_of_type = |key: &str, msgid: &str| (key.to_owned(), tf(msgid, &[&key]));
    for (key, list) in [("include", &mut q.include), ("exclude", &mut q.exclude)] {
        if let Some(v) = given(key) {
            match parse_ids(v) {
                Some(ids) => *list = ids,
                None => problems.push(not_of_type(key, "%s is not of type integer.")),
            }
        }
    }
    for (key, flag) in [("on_sale", &mut q.on_sale), ("featured", &mut q.featured)] {
        if let Some(v) = given(key) {
            match parse_bool(v) {
                Some(b) => *flag = Some(b),
                None => problems.push(not_of_type(key, "%s is not of type boolean.")),
            }
        }
    }
    for (key, bound) in [
        ("min_price", &mut q.min_price),
        ("max_price", &mut q.max_price),
    ] {
        if let Some(v) = given(key) {
            match parse_minor_units(v) {
                Some(n) => *bound = Some(n),
                None => problems.push(not_of_type(key, "%s is not of type integer.")),
            }
        }
    }
    if let Some(v) = given("sku") {
        q.skus = list_values(v).into_iter().map(str::to_owned).collect();
    }
    if let Some(v) = given("stock_status") {
        let wanted = list_values(v);
        match wanted
            .iter()
            .find(|w| !laden_domain::catalog::STOCK_STATUSES.contains(w))
        {
            Some(_) => problems.push((
                "stock_status".into(),
                tf(
                    "%1$s is not one of %2$s.",
                    &[
                        &"stock_status",
                        &laden_domain::catalog::STOCK_STATUSES.join(", "),
                    ],
                ),
            )),
            None => q.stock_status = wanted.into_iter().map(str::to_owned).collect(),
        }
    }
    attribute_params(params, q, problems);
    if let Some(v) = given("catalog_visibility") {
        match laden_domain::VisibilityFilter::parse(v.trim()) {
            Some(f) => q.visibility = f,
            None => problems.push((
                "catalog_visibility".into(),
                tf(
                    "%1$s is not one of %2$s.",
                    &[
                        &"catalog_visibility",
                        &"any, visible, catalog, search, hidden",
                    ],
                ),
            )),
        }
    }
}

/// WooCommerce's attribute filters: `attributes[0][attribute]=pa_farbe` with
/// `attributes[0][slug]=weiss,schwarz` (or `slug[]=…`) and `attributes[0][operator]` (`in`,
/// `and`, `not_in`), combined by `attribute_relation` (`and`, or `in` for any). Terms are named
/// by slug (Laden's attributes have no term ids: `term_id` is refused, naming it).
fn attribute_params(params: &Params, q: &mut ProductQuery, problems: &mut Vec<(String, String)>) {
    use laden_domain::catalog::{term_slugs, AttributeChoice, TermOperator, MAX_ATTRIBUTE_FILTERS};
    for n in 0..MAX_ATTRIBUTE_FILTERS {
        let key = |part: &str| format!("attributes[{n}][{part}]");
        let Some(attr) = params.get(&key("attribute")) else {
            if params.get(&key("slug")).is_some() {
                problems.push((
                    key("attribute"),
                    tf("%s is a required parameter.", &[&key("attribute")]),
                ));
            }
            continue;
        };
        if params.get(&key("term_id")).is_some() {
            problems.push((
                key("term_id"),
                tf(
                    "%1$s is not supported: name the terms by %2$s.",
                    &[&key("term_id"), &key("slug")],
                ),
            ));
            continue;
        }
        let operator = match TermOperator::parse(params.get(&key("operator")).unwrap_or("in")) {
            Some(o) => o,
            None => {
                problems.push((
                    key("operator"),
                    tf(
                        "%1$s is not one of %2$s.",
                        &[&key("operator"), &"in, and, not_in"],
                    ),
                ));
                continue;
            }
        };
        let attribute = laden_domain::text::slugify(attr.trim().trim_start_matches("pa_"));
        let terms = term_slugs(params.get(&key("slug")).unwrap_or(""));
        if attribute.is_empty() || terms.is_empty() {
            problems.push((
                key("slug"),
                tf("%s is a required parameter.", &[&key("slug")]),
            ));
            continue;
        }
        q.attributes.push(AttributeChoice {
            attribute,
            terms,
            operator,
        });
    }
    match params.get("attribute_relation").map(str::trim) {
        None | Some("") | Some("and") => q.any_attribute = false,
        Some("in" | "or") => q.any_attribute = true,
        Some(_) => problems.push((
            "attribute_relation".into(),
            tf(
                "%1$s is not one of %2$s.",
                &[&"attribute_relation", &"and, in"],
            ),
        )),
    }
}

/// The product list, from the cache when this query was answered since the products it shows
/// (or the listings) last changed. Searches and lists sorted by title are not cached: a renamed
/// product can enter or leave them.
async fn list_products(
    State(state): State<AppState>,
    headers: HeaderMap,
    params: Params,
) -> ApiResult<Response> {
    let version = state.caches.sync(&state.store).await;
    let cacheable =
        params.get("search").is_none_or(str::is_empty) && params.get("orderby") != Some("title");
    let mut pairs: Vec<(&String, &String)> = params.0.iter().collect();
    pairs.sort();
    let key = format!(
        "products?{}",
        serde_urlencoded::to_string(&pairs).unwrap_or_default()
    );
    if cacheable {
        if let Some(hit) = cache_hit(&state, &headers, &key) {
            return Ok(hit);
        }
    }
    let categories = state.store.categories().await?;
    let tags = if params.get("tag").is_some_and(|t| !t.trim().is_empty()) {
        state.store.tags().await?
    } else {
        Vec::new()
    };
    let q = product_query(&categories, &tags, &params)?;
    let (products, total) = state.store.list_products(&q).await?;
    let body = state.products_json(&products, &categories).await?;
    let extra = page_headers(
        &state,
        "/wc/store/v1/products",
        &params,
        q.page,
        q.per_page,
        total,
    );
    if !cacheable {
        return Ok(paginated(
            &state,
            "/wc/store/v1/products",
            &params,
            q.page,
            q.per_page,
            total,
            Value::Array(body),
        ));
    }
    let mut scopes = vec![Scope::Catalog];
    scopes.extend(
        products
            .iter()
            .flat_map(|p| [Scope::Product(p.id), Scope::Stock(p.id)]),
    );
    let entry = state
        .caches
        .api
        .put(version, &key, Value::Array(body).to_string(), extra, scopes);
    Ok(cached_json(&headers, &entry, false))
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

/// One product, from the cache when it was answered since the product, its variations or its
/// parent last changed (their stock included).
async fn get_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
    let version = state.caches.sync(&state.store).await;
    let key = format!("product/{id}");
    if let Some(hit) = cache_hit(&state, &headers, &key) {
        return Ok(hit);
    }
    let product = state
        .store
        .product(id)
        .await
        .map_err(or_missing(ApiError::ProductNotFound))?;
    if product.status != "publish" {
        return Err(ApiError::ProductNotFound);
    }
    let categories = state.store.categories().await?;
    let variations = if product.kind == ProductKind::Variable {
        state.store.variations(id).await?
    } else {
        Vec::new()
    };
    let parent = match product.parent_id {
        Some(pid) => Some(state.store.product(pid).await?),
        None => None,
    };
    let media = state.store.media_by_ids(&product.picture_ids()).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    let body = cat
        .product_json(&product, &variations, parent.as_ref())
        .to_string();
    let shown = std::iter::once(id)
        .chain(product.parent_id)
        .chain(variations.iter().map(|v| v.id));
    let scopes = shown
        .flat_map(|p| [Scope::Product(p), Scope::Stock(p)])
        .collect();
    let entry = state
        .caches
        .api
        .put(version, &key, body, Vec::new(), scopes);
    Ok(cached_json(&headers, &entry, false))
}

async fn list_categories(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::StoreCategory>>> {
    let categories = state.store.categories().await?;
    let ids: Vec<i64> = categories.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    Ok(Json(
        categories
            .iter()
            .map(|c| cat.category(c))
            .collect::<Vec<_>>(),
    ))
}

async fn list_tags(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<crate::wire::StoreCategory>>> {
    let tags = state.store.tags().await?;
    let media = std::collections::BTreeMap::new();
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &[],
    };
    Ok(Json(tags.iter().map(|t| cat.tag(t)).collect()))
}

async fn list_reviews(State(state): State<AppState>, params: Params) -> ApiResult<Response> {
    let (page, per_page) = params.pagination()?;
    let product_id = match params.get("product_id") {
        None | Some("") => None,
        Some(raw) => Some(raw.parse::<i64>().map_err(|_| {
            ApiError::InvalidParams(vec![(
                "product_id".into(),
                tf("%s is not of type integer.", &[&"product_id"]),
            )])
        })?),
    };
    let product = match product_id {
        Some(id) => Some(
            state
                .store
                .product(id)
                .await
                .map_err(or_missing(ApiError::ProductNotFound))?,
        ),
        None => None,
    };
    let (reviews, total) = state.store.reviews(product_id, page, per_page).await?;
    let media = state
        .store
        .media_by_ids(
            &product
                .as_ref()
                .and_then(|p| p.image_id)
                .into_iter()
                .collect::<Vec<_>>(),
        )
        .await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &[],
    };
    let body: Vec<Value> = reviews
        .iter()
        .map(|r| crate::wire::value(&cat.review(r, product.as_ref())))
        .collect();
    Ok(paginated(
        &state,
        "/wc/store/v1/products/reviews",
        &params,
        page,
        per_page,
        total,
        Value::Array(body),
    ))
}

fn with_cart_headers(
    state: &AppState,
    token: &str,
    status: StatusCode,
    body: impl serde::Serialize,
) -> Response {
    let mut res = (status, Json(body)).into_response();
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(token) {
        h.insert(HeaderName::from_static("cart-token"), v);
    }
    if let Ok(v) = HeaderValue::from_str(&state.store_nonce(token)) {
        h.insert(HeaderName::from_static("nonce"), v);
    }
    h.insert(
        axum::http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    );
    res
}

/// The Store API's cart object, with the pictures of its items.
async fn cart_body(state: &AppState, cart: &laden_store::CartView) -> ApiResult<StoreCart> {
    let ids: Vec<i64> = cart
        .items
        .iter()
        .filter_map(|i| i.product.image_id)
        .collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &[],
    };
    Ok(cat.cart(cart))
}

async fn cart_response(
    state: &AppState,
    token: &str,
    status: StatusCode,
    cart: laden_store::CartView,
) -> ApiResult<Response> {
    let body = cart_body(state, &cart).await?;
    Ok(with_cart_headers(state, token, status, body))
}

async fn get_cart(
    State(state): State<AppState>,
    CartToken { token, is_new }: CartToken,
) -> ApiResult<Response> {
    let cart = if is_new {
        state.store.new_cart(&token).await?
    } else {
        state.store.cart(&token).await?
    };
    cart_response(&state, &token, StatusCode::OK, cart).await
}

/// `GET /cart/items`: the cart's `items`, as the cart object has them.
async fn get_cart_items(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
) -> ApiResult<Response> {
    let cart = state.store.cart(&token).await?;
    let body = cart_body(&state, &cart).await?;
    Ok(with_cart_headers(
        &state,
        &token,
        StatusCode::OK,
        body.items,
    ))
}

fn quantity(q: QuantityIn) -> ApiResult<Quantity> {
    Quantity::from_json(&q.0).map_err(ApiError::Quantity)
}

async fn add_item(
    State(state): State<AppState>,
    CartToken { token, is_new }: CartToken,
    Body(body): Body<AddItemIn>,
) -> ApiResult<Response> {
    let quantity = quantity(body.quantity)?;
    let cart = state
        .store
        .add_to_cart(
            &token,
            laden_store::AddItem {
                product_id: body.id.0,
                quantity,
                variation: body.variation.0,
            },
            is_new,
        )
        .await?;
    cart_response(&state, &token, StatusCode::CREATED, cart).await
}

/// `PUT /cart/items/{key}` `{quantity}`: WooCommerce's REST form of update-item.
async fn put_cart_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Path(key): Path<String>,
    Body(body): Body<ItemQuantityIn>,
) -> ApiResult<Response> {
    let quantity = quantity(body.quantity)?;
    let cart = state.store.update_cart_item(&token, &key, quantity).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

/// `DELETE /cart/items/{key}`: WooCommerce's REST form of remove-item.
async fn delete_cart_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Path(key): Path<String>,
) -> ApiResult<Response> {
    let cart = state.store.remove_cart_item(&token, &key).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

async fn update_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<UpdateItemIn>,
) -> ApiResult<Response> {
    let quantity = quantity(body.quantity)?;
    let cart = state
        .store
        .update_cart_item(&token, &body.key.0, quantity)
        .await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

async fn remove_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<RemoveItemIn>,
) -> ApiResult<Response> {
    let cart = state.store.remove_cart_item(&token, &body.key.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

async fn apply_coupon(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CouponIn>,
) -> ApiResult<Response> {
    let cart = state.store.apply_coupon(&token, &body.code.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

async fn remove_coupon(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CouponIn>,
) -> ApiResult<Response> {
    let cart = state.store.remove_coupon(&token, &body.code.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

async fn get_cart_coupons(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
) -> ApiResult<Response> {
    let cart = state.store.cart(&token).await?;
    let coupons = crate::wire::cart_coupons(&cart);
    Ok(with_cart_headers(&state, &token, StatusCode::OK, coupons))
}

/// `cart/update-customer`: the shopper's addresses as far as they are known;
/// the cart keeps the delivery country (the shipping address's, else the
/// billing address's) and answers with totals for it. Nothing else is kept:
/// the checkout takes the full addresses.
async fn update_customer(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CustomerIn>,
) -> ApiResult<Response> {
    let country = |a: Option<AddressIn>| a.map(|a| a.0.country).filter(|c| !c.trim().is_empty());
    let shipping = country(body.shipping_address);
    let billing = country(body.billing_address);
    let cart = match shipping.or(billing) {
        Some(country) => state.store.set_cart_country(&token, &country).await?,
        None => state.store.cart(&token).await?,
    };
    cart_response(&state, &token, StatusCode::OK, cart).await
}

/// Order-attribution extension data (WooCommerce's schema: every value a
/// string or null, anything else a clear 400). Known fields only, cleaned like
/// `sanitize_text_field` and capped; the device type comes from the request's
/// user agent. Stored only when at least one value is left, as WooCommerce does.
fn attribution(given: Option<Attribution>, headers: &HeaderMap) -> Value {
    use laden_domain::attribution::{clean_value, DeviceType, FIELDS};
    let mut out = serde_json::Map::new();
    for (k, v) in given.unwrap_or_default().0 {
        if let (true, Some(clean)) = (
            FIELDS.contains(&k.as_str()),
            v.0.as_deref().and_then(clean_value),
        ) {
            out.insert(k, Value::String(clean));
        }
    }
    if !out.is_empty() {
        let ua = headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .or_else(|| out.get("user_agent").and_then(Value::as_str))
            .unwrap_or("");
        out.insert(
            "device_type".into(),
            Value::String(DeviceType::from_user_agent(ua).as_str().into()),
        );
    }
    Value::Object(out)
}

/// The optional `Idempotency-Key` header (IETF draft `httpapi-idempotency-key-header`):
/// 1–255 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> ApiResult<Option<String>> {
    let Some(value) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = value
        .to_str()
        .ok()
        .map(str::trim)
        .filter(|k| (1..=255).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()));
    match key {
        Some(k) => Ok(Some(k.to_owned())),
        None => Err(ApiError::InvalidParams(vec![(
            "Idempotency-Key".into(),
            t("The Idempotency-Key must be 1 to 255 visible ASCII characters."),
        )])),
    }
}

async fn checkout(
    State(state): State<AppState>,
    CartToken { token, is_new }: CartToken,
    headers: HeaderMap,
    Body(body): Body<CheckoutIn>,
) -> ApiResult<Response> {
    if is_new {
        return Err(ApiError::EmptyCart);
    }
    let billing = body.billing_address.unwrap_or_default().0;
    let shipping = body.shipping_address.map(|a| a.0);
    let payment = body.payment_method.unwrap_or_default();
    let note = body.customer_note.unwrap_or_default();
    let attribution = attribution(body.extensions.attribution, &headers);
    let idempotency_key = idempotency_key(&headers)?;
    let settings = state.store.settings().await?;
    if !settings.shop.guest_checkout && state.session(&headers).await?.is_none() {
        return Err(ApiError::Coded {
            status: StatusCode::UNAUTHORIZED,
            code: "laden_login_required",
            message: t("Please log in or create an account to order."),
        });
    }
    // Every problem at once: the addresses' and the checkboxes'.
    let parsed = CheckoutInput::parse(billing, shipping, &payment, &note, attribution);
    // The waiver for digital content is offered with downloads in the cart, whatever the shop's
    // setting: the cart is read for it only when the shopper ticked it.
    let ticked = &body.extensions.laden.checkboxes.0;
    let digital = ticked.iter().any(|c| c == "digital_waiver")
        && !settings.shop.checkbox_digital_waiver
        && state
            .store
            .cart(&token)
            .await?
            .items
            .iter()
            .any(|i| i.downloadable);
    let legal = crate::legal::accepted(&state, ticked, &settings, digital).await;
    let input = match (parsed, legal) {
        (Ok(mut input), Ok(legal)) => {
            input.legal = legal;
            input.idempotency_key = idempotency_key;
            input
        }
        (parsed, legal) => {
            let mut problems: Vec<(String, String)> = parsed
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|(f, m)| (f, crate::i18n::t(&m)))
                .collect();
            match legal {
                Err(ApiError::InvalidParams(more)) => problems.extend(more),
                Err(other) => return Err(other),
                Ok(_) => {}
            }
            return Err(ApiError::InvalidParams(problems));
        }
    };
    let order = state.store.place_order(&token, input).await?;
    if !order.repeated {
        state.wake_mailer();
    }
    let redirect = format!(
        "{}/bestellung-erhalten/{}/?key={}",
        state.config.site_url, order.id, order.key
    );
    let body = json!({
        "order_id": order.id,
        "status": order.status,
        "order_key": order.key,
        "order_number": order.id.to_string(),
        "customer_note": order.customer_note,
        "customer_id": 0,
        "billing_address": order.billing,
        "shipping_address": order.shipping,
        "payment_method": order.payment_method,
        "payment_result": { "payment_status": "success", "payment_details": [], "redirect_url": redirect },
        "extensions": {},
    });
    let status = if order.repeated {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok(with_cart_headers(&state, &token, status, body))
}

async fn get_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id: i64 = id.parse().map_err(|_| ApiError::OrderNotFound)?;
    let key = params.get("key").unwrap_or("");
    let order = state
        .store
        .order_with_key(id, key)
        .await
        .map_err(or_missing(ApiError::OrderNotFound))?;
    let mut res = Json(StoreOrder::from(&order)).into_response();
    res.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    );
    Ok(res)
}
