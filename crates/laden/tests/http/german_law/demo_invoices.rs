//! The demo shop's own invoices, as a new owner's shop issues them: every kind of order the
//! demo can take (mixed VAT rates with shipping and a deposit, a refund, a cancellation, a
//! business abroad by reverse charge, a small business under § 19 UStG) read back by the
//! official EN 16931 Schematron and the Factur-X schema, not a fixture shop's.

use crate::common;

use common::invoice::{checked_invoices, checkout, order};
use common::{both_databases, checkout_body, TestApp};
use serde_json::json;

#[both_databases]
async fn the_demo_shops_invoices_pass_en_16931(app: TestApp) {
    app.demo_catalogue().await;
    let manager = app.staff("shop_manager").await;
    let shop = app.store.settings().await.unwrap().shop;
    assert!(
        !shop.invoices_blocked(),
        "the demo names its tax number and VAT ID"
    );
    let sku = |s: &'static str| app.id_by_sku(s);
    // Roasted coffee at 7 %, a hand filter and a bottle of cold brew (with its deposit) at 19 %,
    // shipping split between the rates; invoiced when paid (Rechnung: at once).
    let (coffee, filter, bottle) = (
        sku("LAD-1002").await,
        sku("LAD-1046").await,
        sku("LAD-1084").await,
    );
    let mixed = order(
        &app,
        &[(coffee, 1), (filter, 1), (bottle, 2)],
        "invoice",
        None,
    )
    .await;
    assert_eq!(mixed.invoices.len(), 1, "invoiced when paid");
    // A refund of one bottle: a Teilstornorechnung.
    let path = format!("/orders/{}/refunds", mixed.id);
    let (status, v) = app
        .wc_post(
            &manager,
            &path,
            json!({ "api_refund": false, "line_items": [{ "id": 3, "quantity": 1 }] }),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    // Vorkasse paid, then cancelled: the invoice and its Stornorechnung.
    let tea = sku("LAD-1025").await;
    let paid = order(&app, &[(tea, 2)], "bacs", None).await;
    app.set_order_status(&manager, paid.id, "processing").await;
    app.set_order_status(&manager, paid.id, "cancelled").await;
    // A business in Austria with its VAT ID, by reverse charge.
    app.set(|s| s.shop.reverse_charge = true).await;
    let mut b = checkout_body();
    b["billing_address"]["country"] = json!("AT");
    b["billing_address"]["postcode"] = json!("1010");
    b["billing_address"]["company"] = json!("Kaffeehaus Wien GmbH");
    b["extensions"]["laden"]["vat_id"] = json!("ATU12345678");
    let (status, v) = checkout(&app, &[(coffee, 2), (filter, 1)], None, b).await;
    assert_eq!(status, 201, "{v}");
    assert!(
        app.order(v["order_id"].as_i64().unwrap())
            .await
            .reverse_charge
    );
    // The same shop as a small business under § 19 UStG (its tax number stays).
    app.set(|s| {
        s.shop.reverse_charge = false;
        s.shop.small_business = true;
    })
    .await;
    let small = order(&app, &[(coffee, 1), (filter, 1)], "invoice", None).await;
    assert_eq!(small.tax_total, 0);

    let invoices = app.store.invoices_between(0, i64::MAX).await.unwrap();
    let kinds: Vec<&str> = invoices.iter().map(|i| i.kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "invoice",
            "cancellation",
            "invoice",
            "cancellation",
            "invoice",
            "invoice"
        ],
        "invoice and partial cancellation, invoice and cancellation, reverse charge, § 19"
    );
    let checked = checked_invoices(&app, &manager, invoices.iter().map(|i| i.id)).await;
    for c in &checked {
        let text = c["text"].as_str().unwrap();
        assert!(
            text.contains("DE314159262") || text.contains("231/151/00213"),
            "the seller's tax id: {text}"
        );
    }
    // The mixed order: both rates, shipping and the deposit in the 19 % part.
    let rates: Vec<&String> = checked[0]["taxes"].as_object().unwrap().keys().collect();
    assert_eq!(rates, ["19", "7"], "{}", checked[0]);
    assert_eq!(checked[0]["grand_total"], mixed.total);
    // Goods to a business in Austria: a tax-free intra-community supply, said so on the PDF.
    assert_eq!(checked[4]["taxes"]["0"]["category"], "K", "{}", checked[4]);
    assert!(
        checked[4]["text"]
            .as_str()
            .unwrap()
            .contains("Alle Preise in Euro, ohne Umsatzsteuer."),
        "{}",
        checked[4]
    );
    assert_eq!(checked[5]["taxes"]["0"]["category"], "E", "{}", checked[5]);
}

/// The demo is what a new owner sees first, and must be right for a German roastery: coffee (its
/// extract too), tea and sweets at 7 %, a drink ready to drink at 19 %; goods sold by weight or
/// volume with their Grundpreis; prices as a shop writes them; no voucher sold as taxed goods;
/// the shop's first product on sale, sold-out states on another.
#[both_databases]
async fn the_demo_catalogue_is_taxed_and_priced_as_a_german_roastery(app: TestApp) {
    app.demo_catalogue().await;
    let mut listed = Vec::new();
    for page in 1..=2 {
        let res = app
            .get(&format!(
                "/wp-json/wc/store/v1/products?per_page=100&page={page}&orderby=id&order=asc"
            ))
            .await;
        listed.extend(common::body(res).await.as_array().unwrap().clone());
    }
    assert!(listed.len() > 100, "{}", listed.len());
    for p in &listed {
        let name = p["name"].as_str().unwrap();
        let stored = app.store.product(p["id"].as_i64().unwrap()).await.unwrap();
        let categories: Vec<&str> = p["categories"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        let food = [
            "Espresso",
            "Single Origin",
            "Blends",
            "Filterkaffee",
            "Hell geröstet",
            "Mittel geröstet",
            "Entkoffeiniert",
            "Cold Brew",
            "Japan",
            "China",
            "Schwarztee",
            "Kräutertee",
            "Oolong",
            "Weißer Tee",
            "Schokolade",
            "Gebäck",
            "Sets",
        ];
        let is_food = categories.iter().any(|c| food.contains(c));
        let want = if name == "Cold Brew Flasche" || !is_food && !name.starts_with("E-Book") {
            laden_domain::TaxClass::Standard
        } else {
            laden_domain::TaxClass::Reduced
        };
        if p["type"] != "grouped" {
            assert_eq!(stored.tax_class, want, "{name} in {categories:?}");
        }
        assert!(
            !name.contains("Gutschein"),
            "a voucher sold as goods: {name}"
        );
        if is_food && !categories.contains(&"Sets") {
            assert!(
                p["extensions"]["laden"]["unit_price"].is_object(),
                "{name}: Grundpreis"
            );
        }
        for key in ["price", "regular_price"] {
            let cents: i64 = p["prices"][key].as_str().unwrap().parse().unwrap_or(0);
            assert!(
                cents == 0 || cents % 10 == 0,
                "{name}: {key} {cents}, a price no shop writes"
            );
        }
    }
    // The first product (the home page leads to it) can be bought; one other is sold out whole.
    assert_eq!(listed[0]["name"], "Espresso Etiopia Guji");
    assert_eq!(listed[0]["is_in_stock"], true);
    let sold_out: Vec<&str> = listed
        .iter()
        .filter(|p| p["type"] == "variable" && p["is_in_stock"] == false)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(sold_out, ["Espresso Casa"]);
}
