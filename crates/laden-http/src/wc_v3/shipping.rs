//! `wc/v3/shipping/zones` (with their `locations` and `methods`) and `wc/v3/shipping_methods`,
//! read-only, as the shop's shipping settings make them: zone 0 is every delivery country no
//! other zone names (the shop's one rate), zones 1, 2, … are the shop's zones in their order.
//! Each zone has its standard flat rate, free shipping from an order value where it has a
//! threshold, and its further methods (flat rates, local pickup); instance ids as
//! `laden_domain::shipping` numbers them. Amounts are what the shopper pays, VAT included.

use super::{invalid_id, label, money, path_id, Reader};
use crate::error::{ApiError, ApiResult};
use crate::wire::wc_setup::{
    WcSetting, WcSettingValue, WcShippingMethod, WcShippingZone, WcZoneLocation, WcZoneMethod,
};
use crate::AppState;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use laden_domain::i18n::{t, tf};
use laden_domain::shipping::ShippingClass;
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
    methods: laden_domain::shipping::ZoneMethods,
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
        methods: shop.shipping_methods.clone(),
    };
    let own = (1..).zip(&shop.shipping_zones).map(|(id, z)| Zone {
        id,
        name: z.name.clone(),
        countries: z.countries.clone(),
        flat_cents: z.flat_cents,
        free_from_cents: z.free_from_cents,
        methods: z.methods.clone(),
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

/// The zone a path names (`0` is a zone too), with the shop's shipping classes.
async fn zone_of(state: &AppState, raw: &str) -> ApiResult<(Zone, Vec<ShippingClass>)> {
    let id = match raw {
        "0" => 0,
        _ => path_id(raw, zone_missing)?,
    };
    let shop = state.store.settings().await?.shop;
    let zone = zones(&shop)
        .into_iter()
        .find(|z| z.id == id)
        .ok_or_else(zone_missing)?;
    Ok((zone, shop.shipping_classes))
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
    Ok(Json(zone_json(&zone_of(&state, &id).await?.0)))
}

async fn list_locations(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcZoneLocation>>> {
    let (zone, _) = zone_of(&state, &id).await?;
    let location = |code: &String| WcZoneLocation {
        code: code.clone(),
        kind: "country",
    };
    Ok(Json(zone.countries.iter().map(location).collect()))
}

/// The kinds of method Laden has: (id, title, description) as catalogue ids.
const KINDS: [(&str, &str, &str); 3] = [
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
    (
        "local_pickup",
        "Local pickup",
        "The customer collects the order at the shop: no shipping costs, no delivery address.",
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
fn field(id: &str, name: &str, description: &str, value: String) -> WcSetting {
    WcSetting {
        id: id.to_owned(),
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

/// A zone's methods as `laden_domain::shipping` numbers them: the standard flat rate, free
/// shipping where the zone has a threshold, then its further methods.
fn methods(z: &Zone, classes: &[ShippingClass]) -> Vec<WcZoneMethod> {
    use laden_domain::shipping::Kind;
    let zone = laden_domain::shipping::Zone {
        number: z.id,
        flat: Money::from_cents(z.flat_cents),
        free_from: z.free_from_cents.map(Money::from_cents),
        methods: &z.methods,
    };
    (1..)
        .zip(zone.methods())
        .map(|(order, m)| {
            let (id, kind_title, description) = match m.kind {
                Kind::FlatRate => KINDS[0],
                Kind::FreeShipping => KINDS[1],
                Kind::LocalPickup => KINDS[2],
            };
            let mut settings = BTreeMap::from([(
                "title".to_owned(),
                field(
                    "title",
                    "Method title",
                    "",
                    laden_domain::shipping::title_of(&m),
                ),
            )]);
            match m.kind {
                Kind::FlatRate => {
                    settings.insert(
                        "cost".to_owned(),
                        field("cost", "Cost", "VAT included.", money(Some(m.cost))),
                    );
                    if let Some(costs) = m.class_costs {
                        class_settings(&mut settings, costs, classes);
                    }
                }
                Kind::FreeShipping => {
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
                    settings.insert("requires".to_owned(), requires);
                    settings.insert(
                        "min_amount".to_owned(),
                        field(
                            "min_amount",
                            "Minimum order amount",
                            "",
                            money(zone.free_from),
                        ),
                    );
                }
                Kind::LocalPickup => {
                    settings.insert(
                        "hours".to_owned(),
                        field("hours", "Opening hours", "", m.hours.to_owned()),
                    );
                }
            }
            WcZoneMethod {
                id: m.instance,
                instance_id: m.instance,
                title: laden_domain::shipping::title_of(&m),
                order,
                enabled: true,
                method_id: id,
                method_title: label(kind_title),
                method_description: label(description),
                settings,
            }
        })
        .collect()
}

/// A flat rate's costs per shipping class as WooCommerce's flat rate lists them: a
/// `class_cost_{id}` field for each of the shop's classes (empty: nothing added), `no_class_cost`
/// for goods of none, and `type`,
/// whether each class found is charged or only the dearest.
fn class_settings(
    settings: &mut BTreeMap<String, WcSetting>,
    costs: &laden_domain::shipping::ClassCosts,
    classes: &[ShippingClass],
) {
    for c in classes {
        let id = format!("class_cost_{}", c.id);
        let cost = costs
            .costs
            .get(&c.slug)
            .map(|cents| Money::from_cents(*cents));
        let mut f = field(&id, "Shipping class costs", "VAT included.", money(cost));
        f.label = tf("“%s” shipping class cost", &[&c.name]);
        settings.insert(id, f);
    }
    let none = costs.none.map(Money::from_cents);
    settings.insert(
        "no_class_cost".to_owned(),
        field(
            "no_class_cost",
            "No shipping class cost",
            "VAT included.",
            money(none),
        ),
    );
    let mut kind = field(
        "type",
        "Calculation type",
        "",
        if costs.per_order { "order" } else { "class" }.to_owned(),
    );
    kind.kind = "select";
    kind.default = WcSettingValue::Text("class".to_owned());
    kind.options = Some(BTreeMap::from([
        (
            "class".to_owned(),
            label("Per class: Charge shipping for each shipping class individually"),
        ),
        (
            "order".to_owned(),
            label("Per order: Charge shipping for the most expensive shipping class"),
        ),
    ]));
    settings.insert("type".to_owned(), kind);
}

async fn list_methods(
    State(state): State<AppState>,
    _: Reader,
    Path(id): Path<String>,
) -> ApiResult<Json<Vec<WcZoneMethod>>> {
    let (zone, classes) = zone_of(&state, &id).await?;
    Ok(Json(methods(&zone, &classes)))
}

async fn get_method(
    State(state): State<AppState>,
    _: Reader,
    Path((id, instance)): Path<(String, String)>,
) -> ApiResult<Json<WcZoneMethod>> {
    let (zone, classes) = zone_of(&state, &id).await?;
    let instance = path_id(&instance, method_missing)?;
    let found = methods(&zone, &classes)
        .into_iter()
        .find(|m| m.instance_id == instance);
    Ok(Json(found.ok_or_else(method_missing)?))
}
