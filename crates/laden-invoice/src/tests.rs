use super::*;
use laden_domain::invoice::{build, InvoiceInput, InvoiceKind, Party, Payment, SoldLine};
use laden_domain::totals::compute;
use laden_domain::{CartLine, Money, TaxClass};

/// A two-rate order with a long product name, as the checkout would total it.
pub fn sample(lines: usize) -> InvoiceDoc {
    let class = |i: usize| {
        if i.is_multiple_of(2) {
            TaxClass::Standard
        } else {
            TaxClass::Reduced
        }
    };
    let cart: Vec<CartLine> = (0..lines)
        .map(|i| CartLine {
            unit_price: Money::from_cents(1190 + i as i64 * 7),
            quantity: 1 + (i as u32 % 3),
            tax_class: class(i),
            vat_rate: class(i).rate(),
            needs_shipping: true,
            taxed: true,
            shipping_taxed: true,
            deposit: Money::ZERO,
        })
        .collect();
    let totals = compute(&cart, Money::from_cents(490));
    build(InvoiceInput {
        kind: InvoiceKind::Invoice,
        number: "RE-2026-00042".into(),
        issued_at: 1_795_292_100,
        order_id: 1234,
        order_created_at: 1_795_292_000,
        cancels: None,
        seller: Party::seller("Rösterei Laden", "Rösterei Laden GmbH\nKarl-Liebknecht-Straße 12\n04107 Leipzig", "hallo@roesterei-laden.example", "DE123456789", ""),
        buyer: Party {
            name: "Erika Mustermann".into(),
            company: "Müller & Söhne GmbH".into(),
            street: "Hauptstraße 5".into(),
            postcode: "1010".into(),
            city: "Wien".into(),
            country: "AT".into(),
            email: "erika@example.org".into(),
            vat_id: "ATU12345678".into(),
            ..Party::default()
        },
        ship_to: None,
        delivered_in_month: true,
        lines: cart
            .iter()
            .enumerate()
            .map(|(i, l)| SoldLine {
                name: if i == 0 { "Espresso „Sonnenaufgang“ – ganze Bohne, 1 kg, kräftig geröstet mit Noten von Zartbitterschokolade und Haselnuss".into() } else { format!("Artikel Nr. {i}") },
                sku: format!("SKU-{i}"),
                options: if i == 1 {
                    vec![("Größe".into(), "M".into()), ("Farbe".into(), "Rot".into())]
                } else {
                    Vec::new()
                },
                quantity: i64::from(l.quantity),
                unit_gross: l.unit_price,
                gross: l.total(),
                rate: l.rate(),
                deposit: false,
                margin: false,
                service: false,
            })
            .collect(),
        coupon_codes: Vec::new(),
        discount: totals.discount,
        shipping: totals.shipping,
        shipping_method: String::new(),
        taxes: totals.vat.clone(),
        total: totals.total,
        small_business: false,
        supply: laden_domain::supply::Supply::Domestic,
        payment: Payment {
            method: "bacs".into(),
            paid: false,
            due_at: Some(1_795_292_100 + 14 * 86_400),
            account_holder: "Rösterei Laden GmbH".into(),
            bank_name: "Commerzbank".into(),
            iban: "DE89 3704 0044 0532 0130 00".into(),
            bic: "COBADEFF370".into(),
        },
    })
}

#[test]
fn a_pdf_a_3_with_the_xml_and_its_xmp() {
    let doc = sample(3);
    let pdf = pdf(&doc).expect("pdf");
    assert!(pdf.starts_with(b"%PDF-1.7"));
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("factur-x.xml"));
    assert!(text.contains("/AFRelationship/Alternative"));
    assert!(
        text.contains("<pdfaid:part>3</pdfaid:part>"),
        "PDF/A-3 in the XMP"
    );
    assert!(text.contains("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>"));
    assert!(text.ends_with("%%EOF\n"));
    // A line's attributes as sold are its product's characteristics (BG-32), after its name.
    let xml = cii(&doc);
    let line = xml
        .find("<ram:Name>Artikel Nr. 1</ram:Name>")
        .expect("line 2");
    let size = xml
        .find("<ram:Description>Größe</ram:Description>")
        .expect("its size");
    assert!(
        line < size
            && xml[size..]
                .starts_with("<ram:Description>Größe</ram:Description><ram:Value>M</ram:Value>"),
        "{xml}"
    );
    assert_eq!(
        xml.matches("<ram:ApplicableProductCharacteristic>").count(),
        2
    );
    if let Ok(path) = std::env::var("LADEN_INVOICE_SAMPLE") {
        std::fs::write(&path, &pdf).expect("write sample");
        std::fs::write(format!("{path}.xml"), cii(&doc)).expect("write xml");
    }
}

#[test]
fn many_lines_run_onto_more_pages() {
    let doc = sample(60);
    let pdf = pdf(&doc).expect("pdf");
    let text = String::from_utf8_lossy(&pdf);
    let count: u32 = text
        .split("/Count ")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .expect("page count");
    assert!(count >= 2, "60 lines take more than one page: {count}");
}

#[test]
fn long_words_are_cut_to_the_width() {
    let lines = pdf::wrap(
        fonts::Face::Regular,
        10.0,
        "Kurz Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen",
        80.0,
    );
    assert!(lines.len() >= 3, "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| fonts::width(fonts::Face::Regular, 10.0, l) <= 80.0),
        "{lines:?}"
    );
    assert_eq!(
        lines.concat().replace(' ', ""),
        "KurzDonaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
    );
}

#[test]
fn goods_not_yet_shipped_state_the_month_as_the_delivery_period() {
    // Issued 21 November 2026, before shipping: the period is the month (§31 (4) UStDV).
    let mut doc = sample(2);
    let xml = crate::xml::cii(&doc);
    assert!(xml.contains(
        "<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format=\"102\">20261101</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format=\"102\">20261130</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>"
    ), "{xml}");
    assert!(!xml.contains("ActualDeliverySupplyChainEvent"));
    // Shipped: the day.
    doc.delivered_in_month = false;
    let xml = crate::xml::cii(&doc);
    assert!(!xml.contains("BillingSpecifiedPeriod"));
    assert!(xml.contains("<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format=\"102\">20261121</udt:DateTimeString>"), "{xml}");
}
