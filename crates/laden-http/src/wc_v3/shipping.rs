//! `wc/v3/shipping/zones` (with their `locations` and `methods`) and `wc/v3/shipping_methods`,
//! read-only, as the shop's shipping settings make them: zone 0 is every delivery country no
//! other zone names (the shop's one rate), zones 1, 2, … are the shop's zones in their order.
//! Each zone has a flat rate and, where it has a threshold, free shipping from an order value.
//! Amounts are what the shopper pays, VAT included.

use super::{invalid_id, label, money, path_id, Reader};
use crate::error::{ApiError, ApiResult};
use crate::wire::wc_setup::{
    WcSetting, WcSettingValue, WcShippingMethod, WcShippingZone, WcZoneLocation, WcZoneMethod,
};
use crate::AppState;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::t;
use laden_domain::Money;
use laden_store::ShopSettings;
use std::collections::BTreeMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/shipping/zones", get(list_zones))
        .route("/shipping/zones/{id}", get(get_zone))
        .route("/shipping/zones/{id}/locations", get(list_locations))
        .route("/shipping/zones/{id}/methods", get(list_methods))
        .route("/shipping/zones/{id}/methods/{instance}", get(get_method))
        .route("/shipping_methods", get(list_kinds))
        .route("/shipping_methods/{id}", get(get_kind))
}

/// A zone as the settings hold it: its countries (none for zone 0: all others) and its rule.
struct Zone {
    id: i64,
    name: String,
    countries: Vec<String>,
    flat_cents: i64,
    free_from_cents: Option<i64>,
}

/// Zone 0 (every other country, the shop's one rate), then the shop's zones.
fn zones(shop: &ShopSettings) -> Vec<Zone> {
    let rest = Zone {
        id: 0,
        // The name the cart gives its rate.
        name: t("Other delivery countries"),
        countries: Vec::new(),
        flat_cents: shop.shipping_flat_cents,
        free_from_cents: shop.free_shipping_from_cents,
    };
    let own = (1..).zip(&shop.shipping_zones).map(|(id, z)| Zone {
        id,
        name: z.name.clone(),
        countries: z.countries.clone(),
        flat_cents: z.flat_cents,
        free_from_cents: z.free_from_cents,
    });
    std::iter::once(rest).chain(own).collect()
}

fn zone_missing() -> ApiError {
    invalid_id(
        "woocommerce_rest_shipping_zone_invalid",
        "Invalid resource ID.",
    )
}

fn method_missing() -> ApiError {
    invalid_id(
        "woocommerce_rest_shipping_zone_method_invalid",
        "Resource does not exist.",
    )
}

/// The zone a path names (`0` is a zone too).
async fn zone_of(state: &AppState, raw: &str) -> ApiResult<Zone> {
    let id = match raw {
        "0" => 0,
        _ => path_id(raw, zone_missing)?,
    };
    let shop = state.store.settings().await?.shop;
    zones(&shop)
        .into_iter()
        .find(|z| z.id == id)
        .ok_or_else(zone_missing)
}

fn zone_json(z: &Zone) -> WcShippingZone {
    WcShippingZone {
        id: z.id,
        name: z.name.clone(),
        order: z.id,
    }
}

async fn list_zones(
    State(state): State<AppState>,
    _: Reader,
) -> ApiResult<Json<Vec<WcShippingZone>>> {
    let shop = state.store.settings().await?.shop;
    Ok(Json(zones(&shop).iter().map(zone_json).collect()))
}

async fn get_zone(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<WcShippingZone>> {
    Ok(Json(zone_json(&zone_of(&state, &id).await?)))
}

async fn list_locations(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcZoneLocation>>> {
    let zone = zone_of(&state, &id).await?;
    let location = |code: &String| WcZoneLocation {
        code: code.clone(),
        kind: "country",
    };
    Ok(Json(zone.countries.iter().map(location).collect()))
}

/// The two kinds of method Laden has: (id, title, description) as catalogue ids.
const KINDS: [(&str, &str, &str); 2] = [
    (
        "flat_rate",
        "Flat rate",
        "A fixed shipping price per order, VAT included.",
    ),
    (
        "free_shipping",
        "Free shipping",
        "No shipping costs from an order value on.",
    ),
];

fn kind_json((id, title, description): (&'static str, &str, &str)) -> WcShippingMethod {
    WcShippingMethod {
        id,
        title: label(title),
        description: label(description),
    }
}

async fn list_kinds(_: Reader) -> Json<Vec<WcShippingMethod>> {
    Json(KINDS.map(kind_json).to_vec())
}

async fn get_kind(_: Reader, Path(id): Path<String>) -> ApiResult<Json<WcShippingMethod>> {
    let found = KINDS.into_iter().find(|(kind, _, _)| *kind == id);
    found.map(kind_json).map(Json).ok_or_else(|| {
        invalid_id(
            "woocommerce_rest_shipping_method_invalid",
            "Resource does not exist.",
        )
    })
}

/// A text field of a method's settings.
fn field(id: &'static str, name: &str, description: &str, value: String) -> WcSetting {
    WcSetting {
        id,
        label: label(name),
        description: if description.is_empty() {
            String::new()
        } else {
            label(description)
        },
        kind: "text",
        default: WcSettingValue::Text(String::new()),
        value: WcSettingValue::Text(value),
        tip: String::new(),
        placeholder: String::new(),
        options: None,
        group_id: None,
    }
}

/// A zone's methods: the flat rate (instance `2·zone + 1`) and, with a threshold, free
/// shipping (`2·zone + 2`), so an instance id names one method of one zone.
fn methods(z: &Zone) -> Vec<WcZoneMethod> {
    let method = |n: i64, (id, title, description): (&'static str, &str, &str), settings| {
        let instance_id = 2 * z.id + n;
        WcZoneMethod {
            id: instance_id,
            instance_id,
            title: label(title),
            order: n,
            enabled: true,
            method_id: id,
            method_title: label(title),
            method_description: label(description),
            settings,
        }
    };
    let title = |kind: &str| field("title", "Method title", "", label(kind));
    let mut out = vec![method(
        1,
        KINDS[0],
        BTreeMap::from([
            ("title", title(KINDS[0].1)),
            (
                "cost",
                field(
                    "cost",
                    "Cost",
                    "VAT included.",
                    money(Some(Money::from_cents(z.flat_cents))),
                ),
            ),
        ]),
    )];
    if let Some(from) = z.free_from_cents {
        let mut requires = field(
            "requires",
            "Free shipping requires",
            "",
            "min_amount".into(),
        );
        requires.kind = "select";
        requires.options = Some(BTreeMap::from([(
            "min_amount".to_owned(),
            label("A minimum order amount"),
        )]));
        let amount = field(
            "min_amount",
            "Minimum order amount",
            "",
            money(Some(Money::from_cents(from))),
        );
        out.push(method(
            2,
            KINDS[1],
            BTreeMap::from([
                ("title", title(KINDS[1].1)),
                ("requires", requires),
                ("min_amount", amount),
            ]),
        ));
    }
    out
}

async fn list_methods(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcZoneMethod>>> {
    Ok(Json(methods(&zone_of(&state, &id).await?)))
}

async fn get_method(
    State(state): State<AppState>,
    _: Reader,
    Path((id, instance)): Path<(String, String)>,
) -> ApiResult<Json<WcZoneMethod>> {
    let zone = zone_of(&state, &id).await?;
    let instance = path_id(&instance, method_missing)?;
    let found = methods(&zone)
        .into_iter()
        .find(|m| m.instance_id == instance);
    Ok(Json(found.ok_or_else(method_missing)?))
}
