//! Making invoices, timed: places N orders (not timed), then issues each one's invoice (number
//! from the series' counter, document kept, in its own transaction) and makes and keeps its
//! PDF/A-3 with the EN 16931 XML, one after another, as the shop does on the first download.
//!
//! `cargo run --release -p laden --example invoices -- DB_URL [N]`, `DB_URL` a fresh
//! `sqlite:///tmp/x.db` or an empty PostgreSQL database (`bench/invoices.sh` runs both).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use laden_domain::{Money, Quantity, TaxClass};
use laden_store::import::NewProduct;
use laden_store::{AddItem, Address, CheckoutInput, ProductKind, Store};
use std::time::Instant;

fn address() -> Address {
    Address {
        first_name: "Anna".into(),
        last_name: "Muster".into(),
        address_1: "Hauptstraße 5".into(),
        city: "Leipzig".into(),
        postcode: "04109".into(),
        country: "DE".into(),
        email: "anna@example.de".into(),
        ..Address::default()
    }
}

async fn product(store: &Store, sku: &str, cents: i64, tax: TaxClass) -> i64 {
    store
        .save_product(&NewProduct {
            kind: ProductKind::Simple,
            name: format!("Kaffee {sku}, 1 kg, ganze Bohne"),
            sku: Some(sku.into()),
            status: "publish".into(),
            regular: Some(Money::from_cents(cents)),
            tax_class: tax,
            stock: None,
            stock_status: "instock".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .0
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let url = args.get(1).expect("DB_URL");
    let n: usize = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let store = Store::open(url).await.unwrap();
    let mut s = store.settings().await.unwrap();
    s.site.name = "Rösterei Laden".into();
    s.shop.address = "Rösterei Laden GmbH\nKarl-Liebknecht-Straße 12\n04107 Leipzig".into();
    s.shop.vat_id = "DE123456789".into();
    s.shop.email = "hallo@roesterei-laden.example".into();
    s.shop.bank_iban = "DE89 3704 0044 0532 0130 00".into();
    s.shop.invoice_moment = "never".into();
    store.save_settings(&s).await.unwrap();
    let espresso = product(&store, "E-1", 1190, TaxClass::Standard).await;
    let tea = product(&store, "T-1", 1070, TaxClass::Reduced).await;

    let started = Instant::now();
    let mut orders = Vec::with_capacity(n);
    for i in 0..n {
        let token = format!("bench-{i}");
        for (id, qty) in [(espresso, 1 + (i % 3) as i64), (tea, 1)] {
            let item = AddItem {
                product_id: id,
                quantity: Quantity::new(qty).unwrap(),
                variation: Vec::new(),
            };
            store.add_to_cart(&token, item, false).await.unwrap();
        }
        let countries = ["DE".to_owned()];
        let input = CheckoutInput::parse(
            address(),
            None,
            "invoice",
            "",
            serde_json::json!({}),
            "",
            &countries,
        )
        .unwrap();
        orders.push(store.place_order(&token, input).await.unwrap().id);
    }
    println!(
        "{n} orders placed in {:.1} s (not part of the figure)",
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let mut bytes = 0usize;
    for id in &orders {
        let invoice = store.issue_invoice(*id).await.unwrap().expect("issued");
        let (_, doc, _) = store.invoice(invoice).await.unwrap();
        let pdf = laden_invoice::pdf(&doc).unwrap();
        bytes += pdf.len();
        store.keep_invoice_pdf(invoice, &pdf).await.unwrap();
    }
    let secs = started.elapsed().as_secs_f64();
    let last = store
        .invoice(store.order(*orders.last().unwrap()).await.unwrap().invoices[0].id)
        .await
        .unwrap()
        .0;
    println!(
        "{n} invoices issued, rendered (PDF/A-3 + EN 16931 XML) and kept in {secs:.2} s: {:.2} ms each, {:.1} KB per PDF, last number {}",
        secs * 1000.0 / n as f64,
        bytes as f64 / n as f64 / 1024.0,
        last.number
    );
}
