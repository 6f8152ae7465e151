//! `wc/v3/settings`: the groups `general` (where the shop sells, its currency and how prices are
//! written) and `tax` (prices include VAT and are shown with it), read-only, as WooCommerce's
//! options name them, so a connector or the WooCommerce app formats prices as the shop does.
//! The admin's settings change them.

use super::{invalid_id, label, Reader};
use crate::error::ApiResult;
use crate::wire::wc_setup::{WcSetting, WcSettingGroup, WcSettingValue};
use crate::AppState;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::settings::HOME_COUNTRY;
use laden_store::ShopSettings;
use std::collections::BTreeMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/settings", get(list_groups))
        .route("/settings/{group}", get(list_settings))
        .route("/settings/{group}/{id}", get(get_setting))
}

/// A group: its id, its label's catalogue id, and its settings with the shop's values.
struct Group {
    id: &'static str,
    label: &'static str,
    rows: fn(&ShopSettings) -> Vec<Row>,
}

const GROUPS: [Group; 2] = [
    Group {
        id: "general",
        label: "General",
        rows: general,
    },
    Group {
        id: "tax",
        label: "Tax",
        rows: tax,
    },
];

async fn list_groups(_: Reader) -> Json<Vec<WcSettingGroup>> {
    let group = |g: &Group| WcSettingGroup {
        id: g.id,
        label: label(g.label),
        description: String::new(),
        parent_id: "",
        sub_groups: Vec::new(),
    };
    Json(GROUPS.iter().map(group).collect())
}

/// What a setting is: its option name, label, form type and WooCommerce's default.
struct Def {
    id: &'static str,
    label: &'static str,
    kind: &'static str,
    default: &'static str,
}

const fn def(
    id: &'static str,
    label: &'static str,
    kind: &'static str,
    default: &'static str,
) -> Def {
    Def {
        id,
        label,
        kind,
        default,
    }
}

/// A select's choices: value → German label.
fn choices(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), label(v)))
        .collect()
}

fn yes(on: bool) -> WcSettingValue {
    WcSettingValue::Text(if on { "yes" } else { "no" }.to_owned())
}

fn text(v: &str) -> WcSettingValue {
    WcSettingValue::Text(v.to_owned())
}

/// A setting with its value and, for a select, its choices.
type Row = (Def, WcSettingValue, Option<BTreeMap<String, String>>);

/// `general`, in WooCommerce's order.
fn general(shop: &ShopSettings) -> Vec<Row> {
    // WooCommerce offers every country to choose from.
    let countries = || -> BTreeMap<String, String> {
        laden_domain::country::all()
            .iter()
            .map(|c| (c.code.to_owned(), c.name.to_owned()))
            .collect()
    };
    let delivery = WcSettingValue::List(shop.delivery_countries.clone());
    vec![
        (
            def("woocommerce_default_country", "Country", "select", "US:CA"),
            text(HOME_COUNTRY),
            Some(countries()),
        ),
        (
            def(
                "woocommerce_allowed_countries",
                "Selling location(s)",
                "select",
                "all",
            ),
            text("specific"),
            Some(choices(&[
                ("all", "Sell to all countries"),
                ("all_except", "Sell to all countries, except for…"),
                ("specific", "Sell to specific countries"),
            ])),
        ),
        (
            def(
                "woocommerce_specific_allowed_countries",
                "Sell to specific countries",
                "multiselect",
                "",
            ),
            delivery,
            Some(countries()),
        ),
        (
            def(
                "woocommerce_ship_to_countries",
                "Shipping location(s)",
                "select",
                "",
            ),
            text(""),
            Some(choices(&[
                ("", "Ship to all countries you sell to"),
                ("all", "Ship to all countries"),
                ("specific", "Ship to specific countries only"),
                ("disabled", "Disable shipping & shipping calculations"),
            ])),
        ),
        (
            def("woocommerce_calc_taxes", "Enable taxes", "checkbox", "no"),
            // A small business (§ 19 UStG) charges no VAT.
            yes(!shop.small_business),
            None,
        ),
        (
            def(
                "woocommerce_enable_coupons",
                "Enable coupons",
                "checkbox",
                "yes",
            ),
            yes(true),
            None,
        ),
        (
            def("woocommerce_currency", "Currency", "select", "USD"),
            text("EUR"),
            Some(choices(&[("EUR", "Euro (€)")])),
        ),
        (
            def(
                "woocommerce_currency_pos",
                "Currency position",
                "select",
                "left",
            ),
            text("right_space"),
            Some(choices(&[
                ("left", "Left"),
                ("right", "Right"),
                ("left_space", "Left with space"),
                ("right_space", "Right with space"),
            ])),
        ),
        (
            def(
                "woocommerce_price_thousand_sep",
                "Thousand separator",
                "text",
                ",",
            ),
            text("."),
            None,
        ),
        (
            def(
                "woocommerce_price_decimal_sep",
                "Decimal separator",
                "text",
                ".",
            ),
            text(","),
            None,
        ),
        (
            def(
                "woocommerce_price_num_decimals",
                "Number of decimals",
                "number",
                "2",
            ),
            text("2"),
            None,
        ),
    ]
}

/// `tax`: prices are entered and shown with VAT.
fn tax(_: &ShopSettings) -> Vec<Row> {
    let display = || choices(&[("incl", "Including tax"), ("excl", "Excluding tax")]);
    vec![
        (
            def(
                "woocommerce_prices_include_tax",
                "Prices entered with tax",
                "radio",
                "no",
            ),
            yes(true),
            Some(choices(&[
                ("yes", "Yes, I will enter prices inclusive of tax"),
                ("no", "No, I will enter prices exclusive of tax"),
            ])),
        ),
        (
            def(
                "woocommerce_tax_based_on",
                "Calculate tax based on",
                "select",
                "shipping",
            ),
            // German VAT on every delivery, whatever the address.
            text("base"),
            Some(choices(&[
                ("shipping", "Customer shipping address"),
                ("billing", "Customer billing address"),
                ("base", "Shop base address"),
            ])),
        ),
        (
            def(
                "woocommerce_tax_display_shop",
                "Display prices in the shop",
                "select",
                "excl",
            ),
            text("incl"),
            Some(display()),
        ),
        (
            def(
                "woocommerce_tax_display_cart",
                "Display prices during cart and checkout",
                "select",
                "excl",
            ),
            text("incl"),
            Some(display()),
        ),
    ]
}

/// The settings of the group a path names, with the shop's values; an unknown group is
/// `rest_setting_setting_group_invalid`.
async fn group_settings(state: &AppState, raw: &str) -> ApiResult<Vec<WcSetting>> {
    let group = GROUPS.iter().find(|g| g.id == raw).ok_or_else(|| {
        invalid_id(
            "rest_setting_setting_group_invalid",
            "Invalid setting group.",
        )
    })?;
    let shop = state.store.settings().await?.shop;
    let setting = |(d, value, options): Row| WcSetting {
        id: d.id.to_owned(),
        label: label(d.label),
        description: String::new(),
        kind: d.kind,
        default: match d.kind {
            "multiselect" => WcSettingValue::List(Vec::new()),
            _ => text(d.default),
        },
        value,
        tip: String::new(),
        placeholder: String::new(),
        options,
        group_id: Some(group.id),
    };
    Ok((group.rows)(&shop).into_iter().map(setting).collect())
}

async fn list_settings(
    State(state): State<AppState>,
    _: Reader,
    Path(group): Path<String>,
) -> ApiResult<Json<Vec<WcSetting>>> {
    Ok(Json(group_settings(&state, &group).await?))
}

async fn get_setting(
    State(state): State<AppState>,
    _: Reader,
    Path((group, id)): Path<(String, String)>,
) -> ApiResult<Json<WcSetting>> {
    let found = group_settings(&state, &group)
        .await?
        .into_iter()
        .find(|s| s.id == id);
    found
        .map(Json)
        .ok_or_else(|| invalid_id("rest_setting_setting_invalid", "Invalid setting."))
}
