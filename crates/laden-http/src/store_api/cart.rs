//! The cart, checkout and the order received.

use super::*;

pub(super) fn with_cart_headers(
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
pub(super) async fn cart_body(
    state: &AppState,
    cart: &laden_store::CartView,
) -> ApiResult<StoreCart> {
    let ids: Vec<i64> = cart
        .items
        .iter()
        .filter_map(|i| i.product.image_id)
        .collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
    let mut body = cat.cart(cart);
    // The methods the checkout offers: an online one only where its provider is set up.
    body.payment_methods = crate::payments::offered(state, &cart.payment_methods)
        .into_iter()
        .map(|m| m.as_str().to_owned())
        .collect();
    Ok(body)
}

pub(super) async fn cart_response(
    state: &AppState,
    token: &str,
    status: StatusCode,
    cart: laden_store::CartView,
) -> ApiResult<Response> {
    let body = cart_body(state, &cart).await?;
    Ok(with_cart_headers(state, token, status, body))
}

pub(super) async fn get_cart(
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
pub(super) async fn get_cart_items(
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

pub(super) fn quantity(q: QuantityIn) -> ApiResult<Quantity> {
    Quantity::from_json(&q.0).map_err(ApiError::Quantity)
}

pub(super) async fn add_item(
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
pub(super) async fn put_cart_item(
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
pub(super) async fn delete_cart_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Path(key): Path<String>,
) -> ApiResult<Response> {
    let cart = state.store.remove_cart_item(&token, &key).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

pub(super) async fn update_item(
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

pub(super) async fn remove_item(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<RemoveItemIn>,
) -> ApiResult<Response> {
    let cart = state.store.remove_cart_item(&token, &body.key.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

pub(super) async fn apply_coupon(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CouponIn>,
) -> ApiResult<Response> {
    let cart = state.store.apply_coupon(&token, &body.code.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

pub(super) async fn remove_coupon(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CouponIn>,
) -> ApiResult<Response> {
    let cart = state.store.remove_coupon(&token, &body.code.0).await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

pub(super) async fn get_cart_coupons(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
) -> ApiResult<Response> {
    let cart = state.store.cart(&token).await?;
    let coupons = crate::wire::cart_coupons(&cart);
    Ok(with_cart_headers(&state, &token, StatusCode::OK, coupons))
}

/// `cart/update-customer`: the shopper's addresses as far as they are known;
/// the cart keeps the delivery country (the shipping address's, else the
/// billing address's) and a business's VAT id (`extensions.laden.vat_id`) and
/// answers with totals for them. Nothing else is kept: the checkout takes the
/// full addresses.
pub(super) async fn update_customer(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<CustomerIn>,
) -> ApiResult<Response> {
    let country = |a: Option<AddressIn>| a.map(|a| a.0.country).filter(|c| !c.trim().is_empty());
    let shipping = country(body.shipping_address);
    let billing = country(body.billing_address);
    let vat_id = body.extensions.laden.vat_id;
    let cart = match (shipping.or(billing), vat_id) {
        (None, None) => state.store.cart(&token).await?,
        (country, vat_id) => {
            state
                .store
                .set_cart_buyer(&token, country.as_deref(), vat_id.as_deref())
                .await?
        }
    };
    cart_response(&state, &token, StatusCode::OK, cart).await
}

/// `POST /cart/select-shipping-rate`: the shipping method for the cart's one package, among
/// those its delivery country's zone offers for what it holds.
pub(super) async fn select_shipping_rate(
    State(state): State<AppState>,
    CartToken { token, .. }: CartToken,
    Body(body): Body<SelectRateIn>,
) -> ApiResult<Response> {
    let cart = state
        .store
        .select_shipping_rate(&token, body.rate_id.trim())
        .await?;
    cart_response(&state, &token, StatusCode::OK, cart).await
}

/// Order-attribution extension data (WooCommerce's schema: every value a
/// string or null, anything else a clear 400). Known fields only, cleaned like
/// `sanitize_text_field` and capped; the device type comes from the request's
/// user agent. Stored only when at least one value is left, as WooCommerce does.
pub(super) fn attribution(given: Option<Attribution>, headers: &HeaderMap) -> Value {
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
pub(super) fn idempotency_key(headers: &HeaderMap) -> ApiResult<Option<String>> {
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
        None => Err(ApiError::param(
            "Idempotency-Key",
            t("The Idempotency-Key must be 1 to 255 visible ASCII characters."),
        )),
    }
}

pub(super) async fn checkout(
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
    // Every problem at once: the addresses', the payment's and the checkboxes'.
    let vat_id = body.extensions.laden.vat_id.clone().unwrap_or_default();
    let parsed = CheckoutInput::parse(
        billing,
        shipping,
        &payment,
        &note,
        attribution,
        &vat_id,
        &settings.shop.delivery_countries,
    );
    let (ticked, mandate) =
        crate::payments::mandate(&body.extensions.laden.checkboxes.0, &payment, &settings);
    let mut payment_problems = crate::payments::problems(
        &state,
        &settings.shop.payment_methods,
        &payment,
        &body.payment_data,
    );
    if let Err(problem) = &mandate {
        payment_problems.push(problem.clone());
    }
    // The waiver for digital content is offered with downloads in the cart, whatever the shop's
    // setting: the cart is read for it only when the shopper ticked it. The checkboxes of goods
    // the law treats apart are checked by the order's transaction against the lines it takes.
    let ticked = &ticked;
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
        (Ok(mut input), Ok(mut legal)) if payment_problems.is_empty() => {
            if let (Ok(Some(text)), Value::Array(kept)) = (&mandate, &mut legal) {
                kept.push(json!({ "id": crate::payments::MANDATE, "text": text, "pages": [] }));
            }
            input.legal = legal;
            input.idempotency_key = idempotency_key;
            input.ticked = ticked.clone();
            input
        }
        (parsed, legal) => {
            let mut problems: Vec<(String, String)> = parsed
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|(f, m)| (f, laden_domain::i18n::t(&m)))
                .collect();
            problems.extend(payment_problems);
            match legal {
                Err(ApiError::InvalidParams(more)) => problems.extend(more),
                Err(other) => return Err(other),
                Ok(_) => {}
            }
            // And the agreements the cart's goods ask for, so one answer names every problem
            // (the order's transaction checks them again against the lines it takes).
            problems.extend(unagreed(&state, &token, ticked).await?);
            return Err(ApiError::InvalidParams(problems));
        }
    };
    let order = state.store.place_order(&token, input).await?;
    if !order.repeated {
        state.wake_mailer();
    }
    let payment_result =
        crate::payments::after_checkout(&state, &order, &body.payment_data).await?;
    let order = if order.repeated {
        order
    } else {
        state.store.order(order.id).await?
    };
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
        "payment_result": payment_result,
        "extensions": {},
    });
    let status = if order.repeated {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok(with_cart_headers(&state, &token, status, body))
}

/// What the cart's goods ask the shopper to agree to and `ticked` leaves out (German messages by
/// checkbox id); read only for a checkout already refused for other problems.
async fn unagreed(
    state: &AppState,
    token: &str,
    ticked: &[String],
) -> ApiResult<Vec<(String, String)>> {
    use laden_domain::special_goods::{Demands, Line};
    let cart = state.store.cart(token).await?;
    let lines = cart.items.iter().map(|i| Line {
        name: &i.product.name,
        special: &i.special,
    });
    Ok(Demands::of(lines).agreed(ticked).err().unwrap_or_default())
}

pub(super) async fn get_order(
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
