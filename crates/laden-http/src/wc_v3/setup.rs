//! What a tool reads when it is set up against the shop (ERP and marketplace connectors map
//! their payment methods, VAT, currency and countries to the shop's): `payment_gateways`,
//! `taxes/classes`, `taxes` (the rates), `data/currencies/current` and `data/countries`.
//! Read-only but for the member states' rates (`PUT taxes/{id}`): the admin's settings change
//! the rest.

use super::{invalid_id, Reader, StaffList};
use crate::error::{ApiError, ApiResult};
use crate::extract::ParamCheck;
use crate::wire::wc_setup::{WcCountry, WcCurrency, WcPaymentGateway, WcTaxClass, WcTaxRate};
use crate::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::t;
use laden_domain::payment::Method;
use laden_domain::vat_rates::{self, OwnRate};
use laden_domain::TaxClass;
use laden_domain::VatRate;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment_gateways", get(list_gateways))
        .route("/payment_gateways/{id}", get(get_gateway))
        .route("/taxes/classes", get(tax_classes))
        .route("/taxes", get(list_tax_rates))
        .route("/taxes/{id}", get(get_tax_rate).put(update_tax_rate))
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

/// The id of the rate `GET taxes` lists for a VAT rate: the row of `country` (a member state
/// whose VAT an order charged, One-Stop-Shop) with that rate, the shop's `own` rates going
/// before the table's as they do there; else the German class's (1, 2, 3); none for a rate no
/// class has.
pub(super) fn rate_id(country: Option<&str>, rate: VatRate, own: &[OwnRate]) -> Option<i64> {
    let member = country.and_then(|c| {
        let there = vat_rates::for_supply(
            &laden_domain::supply::Supply::Destination(c.to_owned()),
            own,
        );
        eu_rows()
            .find(|&(_, r, class)| r.country == c && there.rate(class) == rate)
            .map(|(id, _, _)| id)
    });
    member.or_else(|| {
        let class = TaxClass::of_rate(rate)?;
        (1..)
            .zip(TaxClass::ALL)
            .find(|(_, c)| *c == class)
            .map(|(id, _)| id)
    })
}

/// The member states' rows after the German ones: two a member state (standard, reduced) in
/// the table's order, ids from 4; Germany's are the classes' own (1 to 3).
fn eu_rows() -> impl Iterator<Item = (i64, vat_rates::Rates, TaxClass)> {
    vat_rates::all()
        .iter()
        .filter(|r| r.country != laden_domain::settings::HOME_COUNTRY)
        .zip((4..).step_by(2))
        .flat_map(|(r, id)| {
            [
                (id, *r, TaxClass::Standard),
                (id + 1, *r, TaxClass::Reduced),
            ]
        })
}

/// A rate's name (`USt.`) and WooCommerce's code for it (`USt.` upper-cased, its priority 1).
pub(super) fn rate_name() -> (String, String) {
    let name = t("VAT");
    let code = format!("{}-1", name.to_uppercase());
    (name, code)
}

/// The VAT rates: one a class for every sale taxed in Germany (ids 1 to 3; a rate names no
/// country, shipping is taxed at the standard rate), then each other member state's standard
/// and reduced rate, which its consumers pay under the One-Stop-Shop (the shop's own rates
/// before the table's; shipping follows the goods' rates there).
fn tax_rates(own: &[OwnRate]) -> Vec<WcTaxRate> {
    let row = |id: i64, country: &str, class: TaxClass, rate: VatRate, shipping: bool| WcTaxRate {
        id,
        country: country.to_owned(),
        state: String::new(),
        postcode: String::new(),
        city: String::new(),
        postcodes: Vec::new(),
        cities: Vec::new(),
        rate: format!(
            "{}.{:02}00",
            rate.hundredths() / 100,
            rate.hundredths() % 100
        ),
        name: rate_name().0,
        priority: 1,
        compound: false,
        shipping,
        order: id - 1,
        class: class_of(class).0,
    };
    let mut rows: Vec<WcTaxRate> = (1..)
        .zip(TaxClass::ALL)
        .map(|(id, c)| row(id, "", c, c.rate(), c == TaxClass::Standard))
        .collect();
    for (id, r, class) in eu_rows() {
        let destination = laden_domain::supply::Supply::Destination(r.country.to_owned());
        let rate = vat_rates::for_supply(&destination, own).rate(class);
        rows.push(row(id, r.country, class, rate, true));
    }
    rows
}

/// `GET taxes`: paged; `class` keeps one class's rates.
async fn list_tax_rates(State(state): State<AppState>, list: StaffList) -> ApiResult<Response> {
    let mut check = ParamCheck::new(&list.params);
    let slugs = TaxClass::ALL.map(|c| class_of(c).0);
    let class = check.one_of("class", &slugs);
    check.finish()?;
    let own = state.store.settings().await?.shop.vat_rates;
    let mut rates = tax_rates(&own);
    rates.retain(|r| class.as_deref().is_none_or(|c| r.class == c));
    Ok(list.page_of(&state, "/wc/v3/taxes", &rates))
}

async fn get_tax_rate(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcTaxRate>> {
    let missing = || invalid_id("woocommerce_rest_invalid_id", "Invalid resource ID.");
    let id = super::path_id(&id, missing)?;
    let own = state.store.settings().await?.shop.vat_rates;
    let found = tax_rates(&own).into_iter().find(|r| r.id == id);
    Ok(Json(found.ok_or_else(missing)?))
}

/// `PUT taxes/{id}` with `rate`: a member state's rate as the shop sets it (a change in force
/// before a release brings it), kept in the settings before the built-in table's; the table's
/// own value again drops it. The German rates are the law's and stay as they are.
async fn update_tax_rate(
    State(state): State<AppState>,
    who: crate::auth::Identity,
    Path(id): Path<String>,
    crate::extract::JsonBody(body): crate::extract::JsonBody,
) -> ApiResult<Json<WcTaxRate>> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_edit")?;
    let missing = || invalid_id("woocommerce_rest_invalid_id", "Invalid resource ID.");
    let id = super::path_id(&id, missing)?;
    let Some((_, table, class)) = eu_rows().find(|&(i, _, _)| i == id) else {
        return Err(if (1..=3).contains(&id) {
            ApiError::InvalidParams(vec![(
                "rate".into(),
                t("The German VAT rates are set by law."),
            )])
        } else {
            missing()
        });
    };
    let rate = match body.get("rate") {
        Some(serde_json::Value::String(s)) => VatRate::parse(s),
        Some(serde_json::Value::Number(n)) => {
            n.as_f64().and_then(|f| VatRate::parse(&f.to_string()))
        }
        _ => None,
    }
    .filter(|r| !r.is_zero())
    .ok_or_else(|| {
        ApiError::InvalidParams(vec![(
            "rate".into(),
            t("A VAT rate is a percentage above 0 and below 100, with at most two decimals."),
        )])
    })?;
    let mut s = state.store.settings().await?;
    s.shop
        .vat_rates
        .retain(|o| !(o.country == table.country && o.class == class));
    if rate != table.rate(class) {
        s.shop.vat_rates.push(OwnRate {
            country: table.country.to_owned(),
            class,
            rate,
        });
    }
    state.store.save_settings(&s).await?;
    let found = tax_rates(&s.shop.vat_rates)
        .into_iter()
        .find(|r| r.id == id);
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

/// Every country, as WooCommerce's `data/countries` lists them (not only those the shop
/// delivers to), with their German names in German order.
fn countries() -> Vec<WcCountry> {
    laden_domain::country::all()
        .iter()
        .map(|c| WcCountry {
            code: c.code,
            name: c.name.to_owned(),
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
