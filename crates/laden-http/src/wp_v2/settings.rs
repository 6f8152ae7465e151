//! `wp/v2/settings`: WordPress's site settings and Laden's own (`laden_…`), for administrators.

use super::*;
use crate::extract::Body;
use crate::wire::wp::{SettingsIn, Whole, WpSettings, WpText};
use laden_domain::pricing::deposit::{self, DepositType, Packaging};
use laden_domain::pricing::price_label::{self, PriceLabel, PriceLabels};
use laden_domain::product_safety::{manufacturer_problems, Manufacturer};
use laden_domain::settings::rules::*;
use laden_domain::settings::SiteSettings;

pub(super) async fn get_settings(
    State(state): State<AppState>,
    who: Identity,
) -> ApiResult<Json<WpSettings>> {
    who.require("manage_options", "rest_forbidden")?;
    let s = state.store.settings().await?;
    Ok(Json(WpSettings::new(&state.config.site_url, &s)))
}

/// A refused value, named by its field, in German.
fn refused(field: &str, why: Why) -> ApiError {
    let message = match why {
        Why::Text(msgid) => t(msgid),
        Why::Named(msgid) => tf(msgid, &[&field]),
        Why::NotOneOf(allowed) => crate::extract::not_one_of(field, allowed.join(", ")),
        Why::Range(min, max) => tf(
            "%1$s must be between %2$d and %3$d (inclusive).",
            &[&field, &min, &max],
        ),
    };
    ApiError::param(field, message)
}

/// Applies `rule` to a sent value and keeps the result in `target`; nothing when not sent.
fn keep<I, T>(
    field: &str,
    sent: Option<I>,
    target: &mut T,
    rule: impl FnOnce(I) -> Rule<T>,
) -> ApiResult<()> {
    if let Some(v) = sent {
        *target = rule(v).map_err(|why| refused(field, why))?;
    }
    Ok(())
}

fn whole(v: Whole, min: i64, max: i64) -> Rule<i64> {
    v.0.map_err(|()| Why::Range(min, max))
        .and_then(|n| in_range(n, min, max))
}

pub(super) async fn update_settings(
    State(state): State<AppState>,
    who: Identity,
    Body(body): Body<SettingsIn>,
) -> ApiResult<Json<WpSettings>> {
    who.require("manage_options", "rest_forbidden")?;
    // Code on every page, as WordPress lets only `unfiltered_html` users add it.
    if body.laden_analytics_snippet.is_some() {
        who.require("unfiltered_html", "rest_forbidden")?;
    }
    let mut s = state.store.settings().await?;
    let pages = [
        ("laden_page_shipping", body.laden_page_shipping.clone()),
        ("laden_page_terms", body.laden_page_terms.clone()),
        ("laden_page_revocation", body.laden_page_revocation.clone()),
        ("laden_page_privacy", body.laden_page_privacy.clone()),
        ("laden_page_imprint", body.laden_page_imprint.clone()),
        ("laden_page_payments", body.laden_page_payments.clone()),
        (
            "laden_page_accessibility",
            body.laden_page_accessibility.clone(),
        ),
    ];
    let classes_before = laden_domain::shipping::classes::slugs(&s.shop.shipping_classes);
    apply_settings(&mut s, body)?;
    for (field, sent) in pages {
        if let Some(WpText(slug)) = sent {
            let slug = slug.trim().trim_matches('/').to_owned();
            // A page the shop already names is kept as it is: a new shop (no demo, no pages
            // yet) saves its other settings, and the admin's form sends every field.
            if slug == *legal_page(&mut s.shop, field) {
                continue;
            }
            let published = !slug.is_empty()
                && state
                    .store
                    .page_by_slug(&slug)
                    .await
                    .map(|p| p.status == "publish")
                    .unwrap_or(false);
            // Optional: the shipping page may cover payment too, and a shop may have no
            // accessibility statement yet (micro-enterprises are exempt, BFSG § 3 (3)).
            let optional = slug.is_empty()
                && matches!(field, "laden_page_payments" | "laden_page_accessibility");
            if !published && !optional {
                return Err(ApiError::param(
                    field,
                    t("There is no published page with this address."),
                ));
            }
            *legal_page(&mut s.shop, field) = slug;
        }
    }
    state.store.save_settings(&s).await?;
    // A class removed leaves its products.
    let kept = laden_domain::shipping::classes::slugs(&s.shop.shipping_classes);
    if classes_before.iter().any(|c| !kept.contains(c)) {
        state.store.drop_shipping_classes(&kept).await?;
    }
    Ok(Json(WpSettings::new(&state.config.site_url, &s)))
}

/// The setting a legal page's field names.
fn legal_page<'a>(shop: &'a mut laden_store::ShopSettings, field: &str) -> &'a mut String {
    match field {
        "laden_page_shipping" => &mut shop.shipping_page,
        "laden_page_terms" => &mut shop.terms_page,
        "laden_page_revocation" => &mut shop.revocation_page,
        "laden_page_privacy" => &mut shop.privacy_page,
        "laden_page_imprint" => &mut shop.imprint_page,
        "laden_page_accessibility" => &mut shop.accessibility_page,
        _ => &mut shop.payments_page,
    }
}

/// Applies every sent value but the legal pages, each through its rule (`settings::rules`).
fn apply_settings(s: &mut SiteSettings, mut b: SettingsIn) -> ApiResult<()> {
    let text = |v: WpText| v.0.trim().to_owned();
    if let Some(v) = b.title.take() {
        s.site.name = text(v);
    }
    if let Some(v) = b.description.take() {
        s.site.description = text(v);
    }
    apply_switches(s, &mut b);
    apply_header(&mut s.header, &mut b)?;
    apply_tracking(&mut s.tracking, &mut b)?;
    apply_theme(&mut s.theme, &mut b)?;
    apply_selling(&mut s.shop, &mut b)?;
    apply_business(&mut s.shop, &mut b)
}

/// The on/off settings of every area.
fn apply_switches(s: &mut SiteSettings, b: &mut SettingsIn) {
    for (sent, target) in [
        (b.laden_shop_lightbox.take(), &mut s.shop.lightbox),
        (
            b.laden_gallery_vertical.take(),
            &mut s.shop.gallery_vertical,
        ),
        (
            b.laden_header_behavior_tablet.take(),
            &mut s.header.behavior_tablet,
        ),
        (
            b.laden_header_behavior_mobile.take(),
            &mut s.header.behavior_mobile,
        ),
        (b.laden_fixed_footer.take(), &mut s.theme.fixed_footer),
        (
            b.laden_tracking_allow.take(),
            &mut s.tracking.allow_tracking,
        ),
        (
            b.laden_tracking_needs_marketing_consent.take(),
            &mut s.tracking.needs_marketing_consent,
        ),
        (b.laden_tracking_promo.take(), &mut s.tracking.promo),
        (b.laden_sticky_summary.take(), &mut s.shop.sticky_summary),
        (b.laden_small_business.take(), &mut s.shop.small_business),
        (b.laden_reverse_charge.take(), &mut s.shop.reverse_charge),
        (b.laden_oss.take(), &mut s.shop.oss),
        (
            b.laden_oss_fixed_gross_prices.take(),
            &mut s.shop.fixed_gross_prices,
        ),
        (b.laden_guest_checkout.take(), &mut s.shop.guest_checkout),
        (
            b.laden_discourage_search_engines.take(),
            &mut s.site.discourage_search_engines,
        ),
        (
            b.laden_checkbox_parcel_delivery.take(),
            &mut s.shop.checkbox_parcel_delivery,
        ),
        (
            b.laden_checkbox_digital_waiver.take(),
            &mut s.shop.checkbox_digital_waiver,
        ),
    ] {
        if let Some(v) = sent {
            *target = v;
        }
    }
}

/// The header: cart link, behaviour, position, layouts, overlap, breakpoint and offset.
fn apply_header(
    h: &mut laden_domain::settings::HeaderSettings,
    b: &mut SettingsIn,
) -> ApiResult<()> {
    keep(
        "laden_header_cart_link",
        b.laden_header_cart_link.take(),
        &mut h.cart_link,
        |v| cart_link(&v.0),
    )?;
    keep(
        "laden_header_behavior",
        b.laden_header_behavior.take(),
        &mut h.behavior,
        |v| one_of(&v.0, HEADER_BEHAVIORS),
    )?;
    keep(
        "laden_header_position",
        b.laden_header_position.take(),
        &mut h.position,
        |v| one_of(&v.0, HEADER_POSITIONS),
    )?;
    keep(
        "laden_header_template",
        b.laden_header_template.take(),
        &mut h.template,
        |v| one_of(&v.0, HEADER_TEMPLATES),
    )?;
    keep(
        "laden_header_sticky_template",
        b.laden_header_sticky_template.take(),
        &mut h.sticky_template,
        |v| one_of(&v.0, STICKY_TEMPLATES),
    )?;
    keep(
        "laden_header_overlap",
        b.laden_header_overlap.take(),
        &mut h.overlap,
        |v| header_overlap(&v.0),
    )?;
    keep(
        "laden_header_breakpoint",
        b.laden_header_breakpoint.take(),
        &mut h.breakpoint,
        |v| whole(v, 0, 4000),
    )?;
    keep(
        "laden_header_offset",
        b.laden_header_offset.take(),
        &mut h.offset,
        |v| whole(v, 0, 10_000),
    )?;
    Ok(())
}

/// Order attribution and the analytics snippet.
fn apply_tracking(
    tr: &mut laden_domain::settings::TrackingSettings,
    b: &mut SettingsIn,
) -> ApiResult<()> {
    keep(
        "laden_tracking_campaign_param",
        b.laden_tracking_campaign_param.take(),
        &mut tr.campaign_param,
        |v| tracking_param(&v.0),
    )?;
    keep(
        "laden_tracking_term_param",
        b.laden_tracking_term_param.take(),
        &mut tr.term_param,
        |v| tracking_param(&v.0),
    )?;
    keep(
        "laden_tracking_content_param",
        b.laden_tracking_content_param.take(),
        &mut tr.content_param,
        |v| tracking_param(&v.0),
    )?;
    keep(
        "laden_analytics_snippet",
        b.laden_analytics_snippet.take(),
        &mut tr.analytics_snippet,
        |v| analytics_snippet(&v.0),
    )?;
    keep(
        "laden_analytics_script",
        b.laden_analytics_script.take(),
        &mut tr.analytics_script,
        |v| analytics_script(&v.0),
    )?;
    Ok(())
}

/// The theme: smooth scrolling and the quantity field.
fn apply_theme(
    theme: &mut laden_domain::settings::ThemeOptions,
    b: &mut SettingsIn,
) -> ApiResult<()> {
    // Unset (null) means the theme's default smooth behaviour.
    keep(
        "laden_smooth_scroll",
        b.laden_smooth_scroll.take(),
        &mut theme.smooth_scroll,
        Ok,
    )?;
    // The theme's quantity-field switch; null unsets it (the spinner is then on).
    keep(
        "laden_quantity_field",
        b.laden_quantity_field.take(),
        &mut theme.quantity_field,
        |v| v.map(|v| one_of(&v, QUANTITY_FIELD)).transpose(),
    )?;
    keep(
        "laden_quantity_step_max",
        b.laden_quantity_step_max.take(),
        &mut theme.quantity_step_max,
        |v| {
            v.map(|n| {
                n.0.map_err(|()| Why::Range(1, 1_000_000))
                    .and_then(quantity_step_max)
            })
            .transpose()
        },
    )?;
    Ok(())
}

/// Selling: shipping, stock, delivery time, the order button and the payment methods.
fn apply_selling(
    shop: &mut laden_domain::settings::ShopSettings,
    b: &mut SettingsIn,
) -> ApiResult<()> {
    // Shipping: a flat rate, and free shipping from an order value (null or empty: never free).
    keep(
        "laden_shipping_flat",
        b.laden_shipping_flat.take(),
        &mut shop.shipping_flat_cents,
        |v| price(&v.0),
    )?;
    keep(
        "laden_shipping_free_from",
        b.laden_shipping_free_from.take(),
        &mut shop.free_shipping_from_cents,
        |v| {
            v.filter(|p| !p.0.is_empty())
                .map(|p| price(&p.0))
                .transpose()
        },
    )?;
    keep(
        "laden_low_stock_amount",
        b.laden_low_stock_amount.take(),
        &mut shop.low_stock_amount,
        |v| whole(v, 0, 1_000_000),
    )?;
    keep(
        "laden_hold_stock_minutes",
        b.laden_hold_stock_minutes.take(),
        &mut shop.hold_stock_minutes,
        |v| whole(v, 1, laden_domain::payment::MAX_HOLD_MINUTES),
    )?;
    keep(
        "laden_delivery_time",
        b.laden_delivery_time.take(),
        &mut shop.delivery_time,
        |v| delivery_time(&v.0),
    )?;
    keep(
        "laden_order_button_text",
        b.laden_order_button_text.take(),
        &mut shop.order_button_text,
        |v| order_button_text(&v.0),
    )?;
    keep(
        "laden_payment_methods",
        b.laden_payment_methods.take(),
        &mut shop.payment_methods,
        |v| payment_methods(&v.0),
    )?;
    let countries_sent = b.laden_delivery_countries.is_some();
    keep(
        "laden_delivery_countries",
        b.laden_delivery_countries.take(),
        &mut shop.delivery_countries,
        |v| laden_domain::settings::rules::delivery_countries(&v.0),
    )?;
    // The classes first: the methods and zones sent with them may name them.
    if let Some(list) = b.laden_shipping_classes.take() {
        let classes = shipping_classes(&list, &shop.shipping_classes)?;
        shop.set_shipping_classes(classes);
    }
    if let Some(m) = b.laden_shipping_methods.take() {
        let methods = m.methods().map_err(|path| {
            ApiError::param(
                &format!("laden_shipping_methods.{path}"),
                t("Please enter a price such as 12,90."),
            )
        })?;
        let problems = laden_domain::shipping::problems(&methods, &shop.shipping_classes)
            .into_iter()
            .map(|(path, msg)| (path, msg.to_owned()))
            .collect();
        if let Some(e) = list_problems("laden_shipping_methods", problems) {
            return Err(e);
        }
        shop.shipping_methods = methods;
    }
    if let Some(v) = b.laden_shipping_zones.take().filter(|v| !v.is_null()) {
        shop.shipping_zones = shipping_zones(&v, &shop.delivery_countries, &shop.shipping_classes)?;
    } else if countries_sent {
        // The zones kept must still name only countries the shop delivers to.
        if let Some(e) = list_problems(
            "laden_shipping_zones",
            laden_store::shipping_zone_problems(
                &shop.shipping_zones,
                &shop.delivery_countries,
                &shop.shipping_classes,
            ),
        ) {
            return Err(e);
        }
    }
    if let Some(v) = b.laden_manufacturers.take().filter(|v| !v.is_null()) {
        shop.manufacturers = manufacturers(&v)?;
    }
    if let Some(v) = b.laden_deposit_types.take().filter(|v| !v.is_null()) {
        shop.deposit_types = deposit_types(&v)?;
    }
    price_labels(&mut shop.price_labels, b)?;
    Ok(())
}

/// The business: its e-mail, bank, address, tax ids and invoices.
fn apply_business(
    shop: &mut laden_domain::settings::ShopSettings,
    b: &mut SettingsIn,
) -> ApiResult<()> {
    let (blocked_before, moment_before) = (shop.invoices_blocked(), shop.invoice_moment.clone());
    let sent = |name: &str, given: bool| given.then(|| name.to_owned());
    let touched: Vec<String> = [
        sent("laden_shop_vat_id", b.laden_shop_vat_id.is_some()),
        sent("laden_shop_tax_number", b.laden_shop_tax_number.is_some()),
    ]
    .into_iter()
    .flatten()
    .collect();
    keep(
        "laden_shop_email",
        b.laden_shop_email.take(),
        &mut shop.email,
        |v| shop_email(&v.0),
    )?;
    keep(
        "laden_bank_account_holder",
        b.laden_bank_account_holder.take(),
        &mut shop.bank_account_holder,
        |v| short_text(&v.0, 100),
    )?;
    keep(
        "laden_bank_name",
        b.laden_bank_name.take(),
        &mut shop.bank_name,
        |v| short_text(&v.0, 100),
    )?;
    keep(
        "laden_bank_iban",
        b.laden_bank_iban.take(),
        &mut shop.bank_iban,
        |v| iban(&v.0),
    )?;
    keep(
        "laden_bank_bic",
        b.laden_bank_bic.take(),
        &mut shop.bank_bic,
        |v| bic(&v.0),
    )?;
    keep(
        "laden_shop_address",
        b.laden_shop_address.take(),
        &mut shop.address,
        |v| shop_address(&v.0),
    )?;
    keep(
        "laden_shop_vat_id",
        b.laden_shop_vat_id.take(),
        &mut shop.vat_id,
        |v| vat_id(&v.0),
    )?;
    keep(
        "laden_shop_tax_number",
        b.laden_shop_tax_number.take(),
        &mut shop.tax_number,
        |v| tax_number(&v.0),
    )?;
    keep(
        "laden_invoice_moment",
        b.laden_invoice_moment.take(),
        &mut shop.invoice_moment,
        |v| one_of(&v.0, laden_domain::invoice::INVOICE_MOMENTS),
    )?;
    keep(
        "laden_invoice_number_format",
        b.laden_invoice_number_format.take(),
        &mut shop.invoice_number_format,
        |v| invoice_number_format(&v.0),
    )?;
    keep(
        "laden_cancellation_number_format",
        b.laden_cancellation_number_format.take(),
        &mut shop.cancellation_number_format,
        |v| invoice_number_format(&v.0),
    )?;
    keep(
        "laden_invoice_due_days",
        b.laden_invoice_due_days.take(),
        &mut shop.invoice_due_days,
        |v| whole(v, 0, laden_domain::invoice::MAX_DUE_DAYS),
    )?;
    // Invoices cannot be turned on, nor the last tax id taken away from a shop that issues
    // them; a shop already without (an upgrade, a new shop) keeps saving its other settings and
    // is told why in the dashboard.
    if shop.invoices_blocked() && (!blocked_before || shop.invoice_moment != moment_before) {
        let message = t(laden_domain::settings::INVOICES_NEED_TAX_ID);
        let fields = if shop.invoice_moment != moment_before || touched.is_empty() {
            vec!["laden_invoice_moment".to_owned()]
        } else {
            touched
        };
        return Err(ApiError::InvalidParams(
            fields.into_iter().map(|f| (f, message.clone())).collect(),
        ));
    }
    Ok(())
}

/// `laden_shipping_zones`: `[{name, countries, cost, free_from, delivery_time}]`, prices as
/// decimal text ("4.90"), `free_from` null or empty for never free, `delivery_time` empty or
/// absent for the shop's. Every
/// problem is named by its path (`laden_shipping_zones.1.countries`).
pub(super) fn shipping_zones(
    v: &Value,
    countries: &[String],
    classes: &[laden_domain::shipping::ShippingClass],
) -> ApiResult<Vec<laden_store::ShippingZone>> {
    let invalid_at =
        |path: String, msg: String| ApiError::param(&format!("laden_shipping_zones{path}"), msg);
    let Value::Array(list) = v else {
        return Err(invalid_at(
            String::new(),
            tf("%s is not of type array.", &[&"laden_shipping_zones"]),
        ));
    };
    let price = |i: usize, field: &str, v: Option<&Value>| -> ApiResult<Option<i64>> {
        cents(v).ok_or_else(|| {
            invalid_at(
                format!(".{i}.{field}"),
                t("Please enter a price such as 12,90."),
            )
        })
    };
    let mut zones = Vec::with_capacity(list.len());
    for (i, z) in list.iter().enumerate() {
        let Value::Object(_) = z else {
            return Err(invalid_at(
                format!(".{i}"),
                tf(
                    "%s is not of type object.",
                    &[&format!("laden_shipping_zones.{i}")],
                ),
            ));
        };
        let name = z
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned();
        let countries = match z.get("countries") {
            Some(Value::Array(c)) => c
                .iter()
                .map(|c| c.as_str().map(|c| c.trim().to_uppercase()))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        }
        .ok_or_else(|| {
            invalid_at(
                format!(".{i}.countries"),
                t("Please choose at least one country."),
            )
        })?;
        let flat_cents = price(i, "cost", z.get("cost"))?.ok_or_else(|| {
            invalid_at(
                format!(".{i}.cost"),
                t("Please enter a price such as 12,90."),
            )
        })?;
        let free_from_cents = price(i, "free_from", z.get("free_from"))?;
        let delivery_time = match z.get("delivery_time") {
            None | Some(Value::Null) => String::new(),
            // Kept as given (trimmed) or refused by the zone list's own check when too long.
            Some(Value::String(d)) => {
                laden_store::clean_delivery_time(d).unwrap_or_else(|| d.clone())
            }
            Some(_) => {
                return Err(invalid_at(
                    format!(".{i}.delivery_time"),
                    tf(
                        "%s is not of type string.",
                        &[&format!("laden_shipping_zones.{i}.delivery_time")],
                    ),
                ))
            }
        };
        let methods = match z.get("methods") {
            None | Some(Value::Null) => Default::default(),
            Some(m) => serde_json::from_value::<crate::wire::wp::MethodsWire>(m.clone())
                .map_err(|_| String::new())
                .and_then(|m| m.methods())
                .map_err(|path| {
                    // Named as the zone's own checks name its methods' fields.
                    let at = if path.is_empty() {
                        format!(".{i}.methods")
                    } else {
                        format!(".{i}.{path}")
                    };
                    invalid_at(at, t("Please enter a price such as 12,90."))
                })?,
        };
        zones.push(laden_store::ShippingZone {
            name,
            countries,
            flat_cents,
            free_from_cents,
            delivery_time,
            methods,
        });
    }
    match list_problems(
        "laden_shipping_zones",
        laden_store::shipping_zone_problems(&zones, countries, classes),
    ) {
        None => Ok(zones),
        Some(e) => Err(e),
    }
}

/// A list setting's problems (path in the list, English message id) as one 400 naming each
/// by its full path (`laden_manufacturers.1.address`); `None` when there are none.
fn list_problems(field: &str, problems: Vec<(String, String)>) -> Option<ApiError> {
    if problems.is_empty() {
        return None;
    }
    Some(ApiError::InvalidParams(
        problems
            .into_iter()
            .map(|(path, msg)| {
                (
                    if path.is_empty() {
                        field.to_owned()
                    } else {
                        format!("{field}.{path}")
                    },
                    t(&msg),
                )
            })
            .collect(),
    ))
}

/// An amount as decimal text ("4.90") or number, in cents: `Some(None)` when empty or null,
/// `None` when it is no amount.
fn cents(v: Option<&Value>) -> Option<Option<i64>> {
    let text = match v {
        None | Some(Value::Null) => return Some(None),
        Some(Value::String(t)) if t.trim().is_empty() => return Some(None),
        Some(Value::String(t)) => t.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => return None,
    };
    laden_domain::Money::parse_decimal(&text).map(|m| Some(m.cents()))
}

/// A list setting's entries, each an object; a 400 naming the first that is not.
fn objects<'a>(field: &str, v: &'a Value) -> ApiResult<&'a [Value]> {
    let Value::Array(list) = v else {
        return Err(ApiError::param(
            field,
            tf("%s is not of type array.", &[&field]),
        ));
    };
    if let Some(i) = list.iter().position(|m| !m.is_object()) {
        let at = format!("{field}.{i}");
        return Err(ApiError::param(
            &at,
            tf("%s is not of type object.", &[&at]),
        ));
    }
    Ok(list)
}

/// A text entry of a list setting's object (empty when missing or not text).
fn text_of<'a>(m: &'a Value, key: &str) -> &'a str {
    m.get(key).and_then(Value::as_str).unwrap_or("")
}

/// `laden_shipping_classes`: the whole list, a listed class by its `id` (keeping its slug), a new
/// one without (given an id after every one the shop had, and a slug from its name); every
/// problem named by its path (`laden_shipping_classes.1.name`).
pub(super) fn shipping_classes(
    list: &[crate::wire::wp::ShippingClassWire],
    before: &[laden_domain::shipping::ShippingClass],
) -> ApiResult<Vec<laden_domain::shipping::ShippingClass>> {
    use laden_domain::shipping::{classes, ShippingClass};
    let entered = list
        .iter()
        .map(|c| ShippingClass::entered(c.id, &c.name, &c.description, &c.slug))
        .collect();
    classes::settle(entered, before).map_err(|problems| {
        let problems = problems
            .into_iter()
            .map(|(path, msg)| (path, msg.to_owned()))
            .collect();
        list_problems("laden_shipping_classes", problems)
            .unwrap_or_else(|| ApiError::param("laden_shipping_classes", t("Invalid value.")))
    })
}

/// `laden_manufacturers`: `[{slug, name, address, eu_person}]` (a new one's slug is made from its
/// name, a listed one keeps its own);
/// every problem named by its path (`laden_manufacturers.0.address`).
pub(super) fn manufacturers(v: &Value) -> ApiResult<Vec<Manufacturer>> {
    let field = "laden_manufacturers";
    let out: Vec<Manufacturer> = objects(field, v)?
        .iter()
        // A manufacturer listed before comes back with its slug, which it keeps.
        .map(|m| {
            Manufacturer::entered(
                text_of(m, "name"),
                text_of(m, "address"),
                text_of(m, "eu_person"),
            )
            .keeping(text_of(m, "slug"))
        })
        .collect();
    match list_problems(field, manufacturer_problems(&out)) {
        None => Ok(out),
        Some(e) => Err(e),
    }
}

/// `laden_deposit_types`: `[{slug, name, packaging, amount}]`, `packaging` `disposable` or
/// `reusable`, `amount` as decimal text ("0.25"); a new one's slug is made from its name, a
/// listed one keeps its own. Every problem is named by its path (`laden_deposit_types.0.amount`).
pub(super) fn deposit_types(v: &Value) -> ApiResult<Vec<DepositType>> {
    let field = "laden_deposit_types";
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (i, d) in objects(field, v)?.iter().enumerate() {
        let packaging = Packaging::parse(text_of(d, "packaging")).unwrap_or_else(|| {
            problems.push((
                format!("{i}.packaging"),
                crate::extract::not_one_of("packaging", "disposable, reusable"),
            ));
            Packaging::default()
        });
        // An amount that is none counts as 0, which the list's check refuses.
        let amount = cents(d.get("amount")).flatten().unwrap_or(0);
        out.push(
            DepositType::entered(text_of(d, "name"), packaging, amount).keeping(text_of(d, "slug")),
        );
    }
    let checked = deposit::type_problems(&out)
        .into_iter()
        .map(|(path, msg)| (path, t(&msg)));
    problems.extend(checked);
    if problems.is_empty() {
        return Ok(out);
    }
    Err(ApiError::InvalidParams(
        problems
            .into_iter()
            .map(|(path, msg)| (format!("{field}.{path}"), msg))
            .collect(),
    ))
}

/// `laden_price_labels`: `[{slug, name}]` (a new one's slug made from its name, a listed one
/// keeping its own), and the defaults `laden_default_sale_price_label` (before the struck
/// price) and `laden_default_sale_price_regular_label` (before the new one), each a listed
/// label by slug or name, or empty for none. A default whose label is no longer listed is none.
fn price_labels(labels: &mut PriceLabels, b: &mut SettingsIn) -> ApiResult<()> {
    let field = "laden_price_labels";
    if let Some(v) = b.laden_price_labels.take().filter(|v| !v.is_null()) {
        labels.labels = objects(field, &v)?
            .iter()
            .map(|l| PriceLabel::entered(text_of(l, "name"), text_of(l, "slug")))
            .collect();
    }
    let defaults = [
        (
            "laden_default_sale_price_label",
            b.laden_default_sale_price_label.take(),
            true,
        ),
        (
            "laden_default_sale_price_regular_label",
            b.laden_default_sale_price_regular_label.take(),
            false,
        ),
    ];
    for (name, given, strike) in defaults {
        let Some(WpText(text)) = given else { continue };
        let slug = labels
            .slug_for(&text)
            .ok_or_else(|| ApiError::param(name, t(price_label::UNKNOWN_LABEL)))?;
        *if strike {
            &mut labels.defaults.strike
        } else {
            &mut labels.defaults.sale
        } = slug;
    }
    labels.forget_unlisted_defaults();
    match list_problems(field, labels.problems()) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}
