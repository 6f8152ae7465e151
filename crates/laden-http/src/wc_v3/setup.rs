//! What a tool reads when it is set up against the shop (ERP and marketplace connectors map
//! their payment methods, tax classes and currency to the shop's): `payment_gateways`,
//! `taxes/classes` and `data/currencies/current`. Read-only: the admin's settings change them.

use super::{invalid_id, Reader};
use crate::error::{ApiError, ApiResult};
use crate::wire::wc::{WcCurrency, WcPaymentGateway, WcTaxClass};
use crate::AppState;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::t;
use laden_domain::settings_rules::PAYMENT_METHODS;
use laden_domain::TaxClass;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment_gateways", get(list_gateways))
        .route("/payment_gateways/{id}", get(get_gateway))
        .route("/taxes/classes", get(tax_classes))
        .route("/data/currencies/current", get(current_currency))
}

/// Every payment method Laden has: the enabled ones first, in the order the checkout offers
/// them, then the others.
async fn gateways(state: &AppState) -> ApiResult<Vec<WcPaymentGateway>> {
    let enabled = state.store.settings().await?.shop.payment_methods;
    let mut ids: Vec<&str> = enabled.iter().map(String::as_str).collect();
    ids.extend(
        PAYMENT_METHODS
            .iter()
            .filter(|m| !enabled.iter().any(|e| e == *m)),
    );
    Ok(ids
        .iter()
        .enumerate()
        .map(|(order, id)| {
            let title = crate::wire::payment_title(id);
            WcPaymentGateway {
                id: (*id).to_owned(),
                title: title.clone(),
                description: String::new(),
                order: order as i64,
                enabled: enabled.iter().any(|e| e == id),
                method_title: title,
                method_description: String::new(),
                method_supports: vec!["products"],
            }
        })
        .collect())
}

async fn list_gateways(
    State(state): State<AppState>,
    _: Reader,
) -> ApiResult<Json<Vec<WcPaymentGateway>>> {
    Ok(Json(gateways(&state).await?))
}

async fn get_gateway(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcPaymentGateway>> {
    let missing = || -> ApiError {
        invalid_id(
            "woocommerce_rest_payment_gateway_invalid",
            "Resource does not exist.",
        )
    };
    let found = gateways(&state).await?.into_iter().find(|g| g.id == id);
    Ok(Json(found.ok_or_else(missing)?))
}

/// The VAT classes a product can have (WooCommerce's slugs; `standard` for its empty one).
async fn tax_classes(_: Reader) -> ApiResult<Json<Vec<WcTaxClass>>> {
    let class = |c: TaxClass, name: &str| WcTaxClass {
        slug: match c.woo_slug() {
            "" => "standard",
            slug => slug,
        },
        name: t(name),
    };
    Ok(Json(vec![
        class(TaxClass::Standard, "Standard rate"),
        class(TaxClass::Reduced, "Reduced rate"),
    ]))
}

/// The shop's currency: prices are euros (one `Money` type in cents throughout).
async fn current_currency(_: Reader) -> ApiResult<Json<WcCurrency>> {
    Ok(Json(WcCurrency {
        code: "EUR",
        name: t("Euro"),
        symbol: "€",
    }))
}
