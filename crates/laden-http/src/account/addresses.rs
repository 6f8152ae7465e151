//! The account's addresses (WooCommerce's "Adressen"): the billing and shipping address the
//! checkout starts with, kept in the customer record of the account's e-mail address, which
//! every order of the address updates too. The billing address's e-mail is the account's.

use super::*;
use laden_domain::address::Address;

/// Where the form is; WooCommerce's `/my-account/edit-address/` leads here.
pub(crate) const ADDRESSES_PATH: &str = "/mein-konto/adressen/";

/// The nonce action that ties a posted form to the session that was shown it.
const NONCE: &str = "save-addresses";

/// The fields of one address as the form asks them: name, label, `autocomplete`, required.
const FIELDS: &[(&str, &str, &str, bool)] = &[
    ("first_name", "First name", "given-name", true),
    ("last_name", "Last name", "family-name", true),
    ("company", "Company (optional)", "organization", false),
    (
        "address_1",
        "Street and house number",
        "address-line1",
        true,
    ),
    (
        "address_2",
        "Address supplement (optional)",
        "address-line2",
        false,
    ),
    ("postcode", "Postcode", "postal-code", true),
    ("city", "Town / City", "address-level2", true),
];

/// Field problems by form name (`billing.city`), each a catalogue message.
type Problems = Vec<(String, String)>;

fn field_value<'a>(a: &'a Address, name: &str) -> &'a str {
    match name {
        "first_name" => &a.first_name,
        "last_name" => &a.last_name,
        "company" => &a.company,
        "address_1" => &a.address_1,
        "address_2" => &a.address_2,
        "postcode" => &a.postcode,
        "city" => &a.city,
        "country" => &a.country,
        "phone" => &a.phone,
        _ => "",
    }
}

/// The address `prefix` (`billing`, `shipping`) as posted.
fn posted(form: &Form, prefix: &str) -> Address {
    let f = |name: &str| {
        form.get(&format!("{prefix}.{name}"))
            .cloned()
            .unwrap_or_default()
    };
    Address {
        first_name: f("first_name"),
        last_name: f("last_name"),
        company: f("company"),
        address_1: f("address_1"),
        address_2: f("address_2"),
        postcode: f("postcode"),
        city: f("city"),
        country: f("country"),
        phone: f("phone"),
        ..Address::default()
    }
    .cleaned()
}

/// One address's fieldset; a field with a problem carries it (`aria-invalid`, its text beside).
/// `first` is the form's first refused field, which takes the focus.
fn fieldset(
    prefix: &str,
    legend: &str,
    (a, countries): (&Address, &[(String, String)]),
    problems: &Problems,
    first: &str,
) -> String {
    let attrs = |name: &str| -> (String, String) {
        let id = format!("{prefix}_{name}");
        match problems
            .iter()
            .find(|(f, _)| *f == format!("{prefix}.{name}"))
        {
            Some((field, text)) => (
                format!(
                    " aria-invalid=\"true\" aria-describedby=\"{id}-error\"{}",
                    if field == first { " autofocus" } else { "" }
                ),
                format!(
                    "<span class=\"field__error\" id=\"{id}-error\">{}</span>",
                    esc(&t(text))
                ),
            ),
            None => (String::new(), String::new()),
        }
    };
    let mut out = format!("<fieldset><legend>{}</legend>", esc(legend));
    let mut fields: Vec<(&str, &str, &str, bool)> = FIELDS.to_vec();
    if prefix == "billing" {
        fields.push(("phone", "Phone (optional)", "tel", false));
    }
    for (name, label, auto, required) in fields {
        let (marked, error) = attrs(name);
        let kind = if name == "phone" { "tel" } else { "text" };
        out.push_str(&format!(
            "<p><label for=\"{prefix}_{name}\">{}</label><input type=\"{kind}\" name=\"{prefix}.{name}\" id=\"{prefix}_{name}\" autocomplete=\"{prefix} {auto}\" value=\"{}\"{}{marked}>{error}</p>",
            esc(&t(label)),
            esc(field_value(a, name)),
            if required && prefix == "billing" { " required" } else { "" },
        ));
    }
    let (marked, error) = attrs("country");
    let chosen = if a.country.is_empty() {
        "DE"
    } else {
        a.country.as_str()
    };
    let options: String = countries
        .iter()
        .map(|(code, name)| {
            format!(
                "<option value=\"{code}\"{}>{}</option>",
                if *code == chosen { " selected" } else { "" },
                esc(name)
            )
        })
        .collect();
    out.push_str(&format!(
        "<p><label for=\"{prefix}_country\">{}</label><select name=\"{prefix}.country\" id=\"{prefix}_country\" autocomplete=\"{prefix} country\"{marked}>{options}</select>{error}</p></fieldset>",
        esc(&t("Country"))
    ));
    out
}

async fn form_page(
    state: &AppState,
    session: &Session,
    status: StatusCode,
    notice: Option<Result<&str, &str>>,
    (billing, shipping): (&Address, &Address),
    problems: &Problems,
) -> Response {
    let message = match notice {
        Some(Ok(text)) => format!("<p class=\"notice\" role=\"status\">{}</p>", esc(text)),
        Some(Err(text)) => format!(
            "<p class=\"notice notice--error\" role=\"alert\">{}</p>",
            esc(text)
        ),
        None => String::new(),
    };
    let countries = match state.store.settings().await {
        Ok(s) => s.shop.delivery_countries_de(),
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    // The focus goes to the first refused field as the form shows them, not as they were checked.
    let order: Vec<String> = ["billing", "shipping"]
        .iter()
        .flat_map(|prefix| {
            FIELDS
                .iter()
                .map(|(name, ..)| *name)
                .chain(["phone", "country"])
                .map(move |name| format!("{prefix}.{name}"))
        })
        .collect();
    let first = order
        .iter()
        .find(|f| problems.iter().any(|(p, _)| p == *f))
        .map_or("", String::as_str);
    let body = format!(
        "{message}<p>{intro}</p><form method=\"post\" action=\"{ADDRESSES_PATH}\" class=\"login-form\">\
         <input type=\"hidden\" name=\"_wpnonce\" value=\"{nonce}\">{billing}\
         <p>{ship_intro}</p>{shipping}\
         <p><button type=\"submit\" class=\"button\">{save}</button></p></form>{back}",
        intro = esc(&t("The checkout starts with these addresses. Each order you place keeps its own.")),
        nonce = esc(&state.nonce(NONCE, Some(session))),
        billing = fieldset("billing", &t("Billing address"), (billing, &countries), problems, first),
        ship_intro = esc(&t("Leave the shipping address empty to have orders delivered to the billing address.")),
        shipping = fieldset("shipping", &t("Shipping address"), (shipping, &countries), problems, first),
        save = esc(&t("Save addresses")),
        back = to_account(),
    );
    page(state, status, &t("Addresses"), &body)
}

pub(super) async fn addresses_get(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<Form>,
) -> Response {
    let session = match signed_in(&state, &headers, ADDRESSES_PATH).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    let (billing, shipping) = match state.store.customer_by_email(&session.user.email).await {
        Ok(found) => found.map(|c| (c.billing, c.shipping)).unwrap_or_default(),
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let saved = q
        .contains_key("gespeichert")
        .then(|| t("Your addresses have been saved."));
    form_page(
        &state,
        &session,
        StatusCode::OK,
        saved.as_deref().map(Ok),
        (&billing, &shipping),
        &Vec::new(),
    )
    .await
}

pub(super) async fn addresses_post(
    State(state): State<AppState>,
    headers: HeaderMap,
    BodyBytes(body): FormBody,
) -> Response {
    let session = match signed_in(&state, &headers, ADDRESSES_PATH).await {
        Ok(s) => s,
        Err(res) => return res,
    };
    let form = parse_form(&body);
    let billing = Address {
        email: session.user.email.clone(),
        ..posted(&form, "billing")
    };
    let shipping = posted(&form, "shipping");
    let nonce = form.get("_wpnonce").map(String::as_str).unwrap_or("");
    if !state.verify_nonce(nonce, NONCE, Some(&session)) {
        let stale = t("This form has expired. Please check your entries and save again.");
        let both = (&billing, &shipping);
        return form_page(
            &state,
            &session,
            StatusCode::FORBIDDEN,
            Some(Err(&stale)),
            both,
            &Vec::new(),
        )
        .await;
    }
    let countries = match state.store.settings().await {
        Ok(s) => s.shop.delivery_countries,
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let mut problems = Vec::new();
    billing.problems("billing", true, &countries, &mut problems);
    // An empty shipping address: orders go to the billing address.
    let shipping_given = FIELDS
        .iter()
        .any(|(name, ..)| !field_value(&shipping, name).is_empty());
    if shipping_given {
        shipping.problems("shipping", false, &countries, &mut problems);
    }
    if !problems.is_empty() {
        let refused = t("Please correct the marked fields.");
        let both = (&billing, &shipping);
        return form_page(
            &state,
            &session,
            StatusCode::BAD_REQUEST,
            Some(Err(&refused)),
            both,
            &problems,
        )
        .await;
    }
    let shipping = if shipping_given {
        shipping
    } else {
        Address::default()
    };
    if let Err(e) = state
        .store
        .save_customer_addresses(&session.user.email, &billing, &shipping)
        .await
    {
        return crate::error::ApiError::from(e).into_response();
    }
    saved(ADDRESSES_PATH)
}
