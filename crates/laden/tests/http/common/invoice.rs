//! Invoice helpers shared by the invoice and refund tests: a seller with bank details, orders
//! placed through the Store API, and `scripts/check-invoice.py`'s reading of PDFs (the Factur-X
//! reference library: XSD and EN 16931 Schematron, pypdf for text and XMP).

use super::{body, checkout_body, Login, TestApp};
use reqwest::Method;
use serde_json::{json, Value};

pub async fn seller(app: &TestApp, moment: &str) {
    let moment = moment.to_owned();
    app.set(move |s| {
        s.site.name = "Rösterei Test".into();
        s.shop.email = "hallo@roesterei.example".into();
        s.shop.address = "Rösterei Test GmbH\nHauptstraße 1\n04109 Leipzig".into();
        s.shop.vat_id = "DE123456789".into();
        s.shop.bank_account_holder = "Rösterei Test GmbH".into();
        s.shop.bank_name = "Commerzbank".into();
        s.shop.bank_iban = "DE89 3704 0044 0532 0130 00".into();
        s.shop.bank_bic = "COBADEFF370".into();
        s.shop.invoice_moment = moment;
    })
    .await;
}

/// The year invoice numbers carry now (German time).
pub fn year() -> i64 {
    let now = laden_domain::dates::now();
    laden_domain::dates::german_ymd(now).0
}

/// A cart of `items` (product, quantity) checked out with `body`: the status and the answer.
pub async fn checkout(
    app: &TestApp,
    items: &[(i64, i64)],
    coupon: Option<&str>,
    payload: Value,
) -> (u16, Value) {
    let token = app.new_cart().await;
    for (id, qty) in items {
        assert_eq!(app.add_item(&token, *id, *qty).await.status(), 201);
    }
    if let Some(code) = coupon {
        let res = app
            .post("/cart/apply-coupon", Some(&token), json!({ "code": code }))
            .await;
        assert_eq!(res.status(), 200, "{}", body(res).await);
    }
    let res = app.post("/checkout", Some(&token), payload).await;
    (res.status().as_u16(), body(res).await)
}

/// Places an order of `items` paid by `method`, with `coupon` applied.
pub async fn order(
    app: &TestApp,
    items: &[(i64, i64)],
    method: &str,
    coupon: Option<&str>,
) -> laden_store::PlacedOrder {
    let mut b = checkout_body();
    b["payment_method"] = json!(method);
    let (status, v) = checkout(app, items, coupon, b).await;
    assert_eq!(status, 201, "{v}");
    app.store
        .order(v["order_id"].as_i64().unwrap())
        .await
        .unwrap()
}

/// Each of an order's lines as charged: (unit price, line total, VAT rate in hundredths).
pub fn charged(order: &laden_store::PlacedOrder) -> Vec<(i64, i64, i64)> {
    order
        .items
        .iter()
        .map(|i| (i.unit_price, i.line_total, i.tax_rate.hundredths()))
        .collect()
}

/// The Store API's order as the order received page reads it (key and billing e-mail).
pub async fn store_order(app: &TestApp, o: &laden_store::PlacedOrder) -> Value {
    let path = format!(
        "/wp-json/wc/store/v1/order/{}?key={}&billing_email=anna@example.de",
        o.id, o.key
    );
    body(app.get(&path).await).await
}

/// The checker's reading of each PDF.
pub fn check(pdfs: &[Vec<u8>]) -> Vec<Value> {
    let dir = super::tempdir::TempDir::new();
    let paths: Vec<String> = pdfs
        .iter()
        .enumerate()
        .map(|(i, pdf)| {
            let p = dir.0.join(format!("{i}.pdf"));
            std::fs::write(&p, pdf).unwrap();
            p.display().to_string()
        })
        .collect();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/check-invoice.py"
    );
    let out = std::process::Command::new("python3")
        .arg(script)
        .args(&paths)
        .output()
        .expect("python3 runs scripts/check-invoice.py (make test installs factur-x and saxonche)");
    assert!(
        out.status.success(),
        "check-invoice.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What every invoice must pass: schema, EN 16931 rules, PDF/A-3b with its XML.
pub fn assert_valid(c: &Value) {
    assert_eq!(c["attachment"], "factur-x.xml", "{c}");
    assert_eq!(c["xsd_valid"], true, "{c}");
    assert_eq!(c["schematron_errors"], json!([]), "EN 16931 rules: {c}");
    assert_eq!(c["pdfa"], json!([["part", "3"], ["conformance", "B"]]));
    assert_eq!(c["fx_level"], json!(["EN 16931"]));
    assert_eq!(c["associated_files"], 1);
}

pub async fn customer_pdf(app: &TestApp, invoice: i64, key: &str) -> reqwest::Response {
    app.get(&format!("/rechnung/{invoice}?key={key}")).await
}

pub async fn staff_pdf(app: &TestApp, who: Option<&Login>, invoice: i64) -> reqwest::Response {
    app.rest(
        Method::GET,
        &format!("/laden/v1/invoices/{invoice}/pdf"),
        who,
    )
    .send()
    .await
    .unwrap()
}

/// The PDFs of these invoices, as staff download them.
pub async fn staff_pdfs(
    app: &TestApp,
    who: &Login,
    ids: impl IntoIterator<Item = i64>,
) -> Vec<Vec<u8>> {
    let mut pdfs = Vec::new();
    for id in ids {
        let res = staff_pdf(app, Some(who), id).await;
        assert_eq!(res.status(), 200);
        pdfs.push(res.bytes().await.unwrap().to_vec());
    }
    pdfs
}

/// These invoices as staff download them, read back and each found valid ([`assert_valid`]).
pub async fn checked_invoices(
    app: &TestApp,
    who: &Login,
    ids: impl IntoIterator<Item = i64>,
) -> Vec<Value> {
    let out = check(&staff_pdfs(app, who, ids).await);
    for c in &out {
        assert_valid(c);
    }
    out
}

/// A new product: espresso (11,90 €, 19 %), 50 in stock.
pub async fn espresso(app: &TestApp) -> i64 {
    let standard = laden_domain::TaxClass::Standard;
    app.simple("Espresso", "E-1", 1190, standard, Some(50))
        .await
}

/// Espresso (11,90 €, 19 %) and tea (10,70 €, 7 %), 50 of each, a 10 % coupon `herbst`, and a
/// shop manager: `(espresso, tea, manager)`.
pub async fn mixed_shop(app: &TestApp) -> (i64, i64, Login) {
    let espresso = espresso(app).await;
    let tea = app
        .simple(
            "Tee „Morgenrot“",
            "T-1",
            1070,
            laden_domain::TaxClass::Reduced,
            Some(50),
        )
        .await;
    let manager = app.staff("shop_manager").await;
    let res = app
        .rest(Method::POST, "/wc/v3/coupons", Some(&manager))
        .json(&json!({ "code": "herbst", "discount_type": "percent", "amount": "10" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 201);
    (espresso, tea, manager)
}

/// The texts of order `id`'s notes, oldest first, with no-break spaces as plain ones.
pub async fn note_texts(app: &TestApp, id: i64) -> Vec<String> {
    let notes = app.store.order_notes(id).await.unwrap();
    notes
        .into_iter()
        .map(|n| n.note.replace('\u{a0}', " "))
        .collect()
}
