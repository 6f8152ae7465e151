//! What a tool reads when it is set up against the shop (ERP and marketplace connectors map
//! their payment methods, VAT, currency and countries to the shop's): `payment_gateways`,
//! `taxes/classes`, `taxes` (the rates), `data/currencies/current` and `data/countries`.
//! Read-only: the admin's settings change them.

use super::{invalid_id, Reader, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::extract::ParamCheck;
use crate::wire::wc_setup::{WcCountry, WcCurrency, WcPaymentGateway, WcTaxClass, WcTaxRate};
use crate::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::address::countries_de;
use laden_domain::i18n::t;
use laden_domain::payment::Method;
use laden_domain::TaxClass;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment_gateways", get(list_gateways))
        .route("/payment_gateways/{id}", get(get_gateway))
        .route("/taxes/classes", get(tax_classes))
        .route("/taxes", get(list_tax_rates))
        .route("/taxes/{id}", get(get_tax_rate))
        .route("/data/currencies/current", get(current_currency))
        .route("/data/countries", get(list_countries))
        .route("/data/countries/{code}", get(get_country))
}

/// Every payment method Laden has: the enabled ones first (those the checkout offers, in its
/// order: an online one only while its provider is set up), then the others.
async fn gateways(state: &AppState) -> ApiResult<Vec<WcPaymentGateway>> {
    let shop = state.store.settings().await?.shop.payment_methods;
    let enabled: Vec<&str> = crate::payments::offered(state, &shop)
        .into_iter()
        .map(Method::as_str)
        .collect();
    let mut ids = enabled.clone();
    ids.extend(
        Method::ALL
            .iter()
            .map(|m| m.as_str())
            .filter(|m| !enabled.contains(m)),
    );
    Ok(ids
        .iter()
        .enumerate()
        .map(|(order, id)| {
            let title = laden_domain::payment::title(id);
            WcPaymentGateway {
                id: (*id).to_owned(),
                title: title.clone(),
                description: String::new(),
                order: order as i64,
                enabled: enabled.contains(id),
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

/// A VAT class's slug in `wc/v3` (`standard` for WooCommerce's empty one) and its name.
fn class_of(c: TaxClass) -> (&'static str, String) {
    match c {
        TaxClass::Standard => ("standard", t("Standard rate")),
        TaxClass::Reduced => (c.woo_slug(), t("Reduced rate")),
        TaxClass::Zero => (c.woo_slug(), t("Zero rate")),
    }
}

/// The VAT classes a product can have.
async fn tax_classes(_: Reader) -> ApiResult<Json<Vec<WcTaxClass>>> {
    let class = |c| {
        let (slug, name) = class_of(c);
        WcTaxClass { slug, name }
    };
    Ok(Json(TaxClass::ALL.map(class).to_vec()))
}

/// The id of the rate `GET taxes` lists for a VAT rate in percent (1, 2, 3 in the classes'
/// order); none for a rate no class has.
pub(super) fn rate_id(percent: i64) -> Option<i64> {
    let class = TaxClass::of_rate(percent)?;
    (1..)
        .zip(TaxClass::ALL)
        .find(|(_, c)| *c == class)
        .map(|(id, _)| id)
}

/// A rate's name (`USt.`) and WooCommerce's code for it (`USt.` upper-cased, its priority 1).
pub(super) fn rate_name() -> (String, String) {
    let name = t("VAT");
    let code = format!("{}-1", name.to_uppercase());
    (name, code)
}

/// The VAT rates, one a class (id 1, 2, 3 in the classes' order). Laden charges German VAT on
/// every delivery, so a rate names no country; shipping is taxed at the standard rate.
fn tax_rates() -> Vec<WcTaxRate> {
    (1..)
        .zip(TaxClass::ALL)
        .map(|(id, c)| WcTaxRate {
            id,
            country: String::new(),
            state: String::new(),
            postcode: String::new(),
            city: String::new(),
            postcodes: Vec::new(),
            cities: Vec::new(),
            rate: format!("{}.0000", c.rate_percent()),
            name: rate_name().0,
            priority: 1,
            compound: false,
            shipping: c == TaxClass::Standard,
            order: id - 1,
            class: class_of(c).0,
        })
        .collect()
}

/// `GET taxes`: paged; `class` keeps one class's rates.
async fn list_tax_rates(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&list.params);
    let slugs = TaxClass::ALL.map(|c| class_of(c).0);
    let class = check.one_of("class", &slugs);
    check.finish()?;
    let mut rates = tax_rates();
    rates.retain(|r| class.as_deref().is_none_or(|c| r.class == c));
    Ok(list.page_of(&state, "/wc/v3/taxes", &rates))
}

async fn get_tax_rate(_: Reader, Path(id): Path<String>) -> ApiResult<Json<WcTaxRate>> {
    let missing = || invalid_id("woocommerce_rest_invalid_id", "Invalid resource ID.");
    let id = super::path_id(&id, missing)?;
    let found = tax_rates().into_iter().find(|r| r.id == id);
    Ok(Json(found.ok_or_else(missing)?))
}

/// The shop's currency: prices are euros (one `Money` type in cents throughout).
async fn current_currency(_: Reader) -> ApiResult<Json<WcCurrency>> {
    Ok(Json(WcCurrency {
        code: "EUR",
        name: t("Euro"),
        symbol: "€",
    }))
}

/// The countries the shop delivers to, in the checkout's order, with their German names.
fn countries() -> Vec<WcCountry> {
    countries_de()
        .into_iter()
        .map(|(code, name)| WcCountry {
            code,
            name,
            states: Vec::new(),
        })
        .collect()
}

async fn list_countries(_: Reader) -> Json<Vec<WcCountry>> {
    Json(countries())
}

/// `GET data/countries/{code}` (the code in either case).
async fn get_country(_: Reader, Path(code): Path<String>) -> ApiResult<Json<WcCountry>> {
    let found = countries()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(&code));
    found.map(Json).ok_or_else(|| {
        invalid_id(
            "woocommerce_rest_data_invalid_location",
            "There are no locations matching these parameters.",
        )
    })
}
