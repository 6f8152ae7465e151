use super::*;
use crate::totals::compute_with_discounts;
use crate::{CartLine, Discount, TaxClass};

/// A whole-percent rate as the tables write it.
pub(crate) fn pc(rate: VatRate) -> i64 {
    rate.hundredths() / 100
}

pub(crate) fn cart_line(cents: i64, qty: u32, class: TaxClass, taxed: bool) -> CartLine {
    CartLine {
        unit_price: Money::from_cents(cents),
        quantity: qty,
        tax_class: class,
        vat_rate: class.rate(),
        needs_shipping: true,
        taxed,
        shipping_taxed: taxed,
        deposit: Money::ZERO,
    }
}

/// The totals the checkout charges for `lines` with `discounts`: 4,90 € shipping, never free.
fn charged(lines: &[CartLine], discounts: &[Discount]) -> crate::Totals {
    let ship = Money::from_cents(490);
    compute_with_discounts(lines, ship, discounts)
}

/// A document with nothing on it, for tests that set what they need.
pub(crate) fn any_doc() -> InvoiceDoc {
    InvoiceDoc {
        kind: InvoiceKind::Invoice,
        number: "RE-1".into(),
        issued_at: 0,
        delivered_at: 0,
        delivered_in_month: false,
        order_id: 1,
        order_created_at: 0,
        cancels: None,
        seller: Party::default(),
        buyer: Party::default(),
        ship_to: None,
        lines: Vec::new(),
        charges: Vec::new(),
        allowances: Vec::new(),
        taxes: Vec::new(),
        line_net_total: Money::ZERO,
        charge_total: Money::ZERO,
        allowance_total: Money::ZERO,
        net_total: Money::ZERO,
        vat_total: Money::ZERO,
        gross_total: Money::ZERO,
        payment: Payment::default(),
        notes: Vec::new(),
        currency: "EUR".into(),
        partial: false,
        reason: String::new(),
        taxed_in: String::new(),
    }
}

/// An order as the checkout would total it, made into an invoice.
pub(crate) fn invoice(
    lines: &[CartLine],
    discounts: &[Discount],
    small_business: bool,
    rc: bool,
) -> InvoiceDoc {
    let mut totals = charged(lines, discounts);
    if small_business {
        totals = totals.without_vat();
    }
    invoice_of(&totals, sold(lines, small_business), small_business, rc)
}

/// The invoice of `sold` lines charged `totals`.
fn invoice_of(
    totals: &crate::Totals,
    sold: Vec<SoldLine>,
    small_business: bool,
    rc: bool,
) -> InvoiceDoc {
    let supply = if rc {
        Supply::IntraCommunity
    } else {
        Supply::Domestic
    };
    invoice_with(totals, sold, small_business, supply)
}

/// The invoice of `sold` lines charged `totals`, the sale taxed as `supply`.
fn invoice_with(
    totals: &crate::Totals,
    sold: Vec<SoldLine>,
    small_business: bool,
    supply: Supply,
) -> InvoiceDoc {
    build(input_with(totals, sold, small_business, supply))
}

/// What [`invoice_with`] builds from.
fn input_with(
    totals: &crate::Totals,
    sold: Vec<SoldLine>,
    small_business: bool,
    supply: Supply,
) -> InvoiceInput {
    InvoiceInput {
        kind: InvoiceKind::Invoice,
        number: "RE-2026-00001".into(),
        issued_at: 1_795_292_100,
        order_id: 7,
        order_created_at: 1_795_292_000,
        cancels: None,
        seller: Party::seller(
            "Laden",
            "Rösterei Laden GmbH\nKarl-Liebknecht-Straße 12\n04107 Leipzig",
            "a@b.de",
            "DE123456789",
            "",
        ),
        buyer: Party::default(),
        ship_to: None,
        delivered_in_month: false,
        lines: sold,
        coupon_codes: vec!["HERBST".into()],
        discount: totals.discount,
        shipping: totals.shipping,
        shipping_method: String::new(),
        taxes: totals.vat.clone(),
        total: totals.total,
        small_business,
        supply,
        payment: Payment::default(),
    }
}

/// The cart's lines as the order sells them: the goods, then the deposits on them.
fn sold(lines: &[CartLine], small_business: bool) -> Vec<SoldLine> {
    let rate = |l: &CartLine| {
        if small_business {
            VatRate::ZERO
        } else {
            l.rate()
        }
    };
    let deposit = crate::pricing::deposit::Deposit {
        name: "Einwegpfand".into(),
        packaging: crate::pricing::deposit::Packaging::Disposable,
        amount: Money::from_cents(25),
        units: 1,
    };
    SoldLine::with_deposits(lines.iter().enumerate().map(|(i, l)| {
        (
            SoldLine {
                name: format!("Ware {i}"),
                sku: format!("SKU-{i}"),
                options: Vec::new(),
                quantity: i64::from(l.quantity),
                unit_gross: l.unit_price,
                gross: l.total(),
                rate: rate(l),
                deposit: false,
                margin: false,
                service: false,
            },
            Some((l.deposit, &deposit)),
        )
    }))
}

/// Every sum EN 16931 checks, and the order's own figures.
pub(crate) fn assert_adds_up(doc: &InvoiceDoc, total: i64, vat: &[(i64, i64)]) {
    assert_eq!(doc.gross_total.cents(), total, "gross total");
    assert_eq!(doc.net_total + doc.vat_total, doc.gross_total);
    assert_eq!(
        doc.line_net_total + doc.charge_total - doc.allowance_total,
        doc.net_total,
        "BR-CO-13"
    );
    for t in &doc.taxes {
        let lines: Money = doc
            .lines
            .iter()
            .filter(|l| (l.rate, l.category) == (t.rate, t.category))
            .map(|l| l.net)
            .sum();
        let charges: Money = doc
            .charges
            .iter()
            .filter(|c| (c.rate, c.category) == (t.rate, t.category))
            .map(|c| c.net)
            .sum();
        let allowances: Money = doc
            .allowances
            .iter()
            .filter(|c| (c.rate, c.category) == (t.rate, t.category))
            .map(|c| c.net)
            .sum();
        assert_eq!(
            lines + charges - allowances,
            t.basis,
            "BR-S-8 at {} %",
            t.rate.decimal()
        );
        assert_eq!(t.basis + t.vat, t.gross, "rate {}", t.rate.decimal());
    }
    let got: Vec<(i64, i64)> = doc
        .taxes
        .iter()
        .map(|t| (pc(t.rate), t.vat.cents()))
        .collect();
    assert_eq!(got, vat);
}

#[test]
fn mixed_rates_with_shipping() {
    let doc = invoice(
        &[
            cart_line(1190, 2, TaxClass::Standard, true),
            cart_line(1070, 1, TaxClass::Reduced, true),
        ],
        &[],
        false,
        false,
    );
    // 23,80 + 10,70 + 4,90 shipping split 3,38 / 1,52: VAT 27,18 × 19/119 and 12,22 × 7/107.
    assert_adds_up(&doc, 3940, &[(19, 434), (7, 80)]);
    assert_eq!(
        doc.lines.iter().map(|l| l.position).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(doc.lines[0].net.cents(), 2000);
    assert_eq!(doc.lines[1].net.cents(), 1000);
    assert_eq!(
        doc.charges.iter().map(|c| c.gross.cents()).sum::<i64>(),
        490
    );
    assert!(doc.taxes.iter().all(|t| t.category == Category::S));
}

#[test]
fn coupons_lower_each_rate() {
    let doc = invoice(
        &[
            cart_line(1999, 3, TaxClass::Standard, true),
            cart_line(849, 2, TaxClass::Reduced, true),
            cart_line(1, 1, TaxClass::Standard, true),
        ],
        &[Discount::Percent(1000)],
        false,
        false,
    );
    let t = charged(
        &[
            cart_line(1999, 3, TaxClass::Standard, true),
            cart_line(849, 2, TaxClass::Reduced, true),
            cart_line(1, 1, TaxClass::Standard, true),
        ],
        &[Discount::Percent(1000)],
    );
    let vat: Vec<(i64, i64)> = t
        .vat
        .iter()
        .map(|v| (pc(v.rate_percent), v.vat.cents()))
        .collect();
    assert_adds_up(&doc, t.total.cents(), &vat);
    assert_eq!(
        doc.allowances.iter().map(|a| a.gross.cents()).sum::<i64>(),
        t.discount.cents()
    );
    assert_eq!(doc.allowances[0].reason, "Gutschein HERBST");
}

/// The shipping charge is called by the method chosen („Versand: Express“), or plainly
/// „Versand“ where the order recorded none.
#[test]
fn the_shipping_charge_names_the_method() {
    for (method, want) in [
        ("", "Versand"),
        ("  ", "Versand"),
        ("Express", "Versand: Express"),
        (" Abholung im Laden ", "Versand: Abholung im Laden"),
    ] {
        assert_eq!(super::shipping_label(method), want, "{method:?}");
    }
    let lines = [cart_line(1999, 1, TaxClass::Standard, true)];
    let t = charged(&lines, &[]);
    assert!(t.shipping > Money::ZERO);
    let input = input_with(&t, sold(&lines, false), false, Supply::Domestic);
    assert_eq!(build(input.clone()).charges[0].reason, "Versand");
    let doc = build(InvoiceInput {
        shipping_method: "Express".into(),
        ..input
    });
    assert!(
        doc.charges.iter().all(|c| c.reason == "Versand: Express"),
        "{:?}",
        doc.charges
    );
}

#[test]
fn small_business_is_exempt() {
    let doc = invoice(
        &[
            cart_line(1190, 2, TaxClass::Standard, true),
            cart_line(1070, 1, TaxClass::Reduced, true),
        ],
        &[],
        true,
        false,
    );
    assert_adds_up(&doc, 3940, &[(0, 0)]);
    assert_eq!(doc.taxes[0].category, Category::E);
    assert_eq!(doc.notes, [t(SMALL_BUSINESS_NOTE)]);
    assert_eq!(doc.charges[0].net.cents(), 490);
}

#[test]
fn goods_without_vat_are_zero_rated() {
    let doc = invoice(
        &[
            cart_line(1190, 1, TaxClass::Standard, true),
            cart_line(500, 1, TaxClass::Standard, false),
        ],
        &[],
        false,
        false,
    );
    let rates: Vec<(i64, Category)> = doc.taxes.iter().map(|t| (pc(t.rate), t.category)).collect();
    assert_eq!(rates, [(19, Category::S), (0, Category::Z)]);
    assert_eq!(doc.gross_total.cents(), 1190 + 500 + 490);
    assert_eq!(doc.net_total + doc.vat_total, doc.gross_total);
}

#[test]
fn goods_to_an_eu_business_are_an_intra_community_supply() {
    let doc = invoice(
        &[cart_line(1000, 2, TaxClass::Standard, false)],
        &[],
        false,
        true,
    );
    assert_eq!(doc.taxes[0].category, Category::K);
    assert_eq!(doc.vat_total, Money::ZERO);
    assert_eq!(doc.notes, [t(INTRA_COMMUNITY_NOTE)]);
}

/// A tax-free sale's lines as the checkout sells them: net, at rate 0 (goods, a download, goods
/// under the margin scheme), with 4,90 € shipping charged net.
fn tax_free(supply: Supply) -> InvoiceDoc {
    let line = |name: &str, cents: i64, qty: i64, margin: bool, service: bool| SoldLine {
        name: name.into(),
        sku: String::new(),
        options: Vec::new(),
        quantity: qty,
        unit_gross: Money::from_cents(cents),
        gross: Money::from_cents(cents * qty),
        rate: VatRate::ZERO,
        deposit: false,
        margin,
        service,
    };
    let lines = vec![
        line("Mühle", 4_000, 2, false, false),
        line("E-Book", 1_000, 1, false, true),
        line("Gebrauchte Kanne", 3_000, 1, true, false),
    ];
    let totals = crate::Totals {
        items: Money::from_cents(12_000),
        discount: Money::ZERO,
        discounts: Vec::new(),
        discount_vat: Money::ZERO,
        shipping: Money::from_cents(490),
        shipping_vat: Money::ZERO,
        deposit: Money::ZERO,
        deposit_vat: Money::ZERO,
        vat: Vec::new(),
        vat_total: Money::ZERO,
        total: Money::from_cents(12_490),
    };
    invoice_with(&totals, lines, false, supply)
}

#[test]
fn intra_community_goods_are_k_downloads_ae() {
    let doc = tax_free(Supply::IntraCommunity);
    let parts: Vec<(Category, i64)> = doc
        .taxes
        .iter()
        .map(|t| (t.category, t.basis.cents()))
        .collect();
    // The download (AE), the goods (K) and the used kettle under § 25a (E), shipping shared by
    // the goods shipped (80 : 30), none of it on the download.
    assert_eq!(
        parts,
        [
            (Category::AE, 1_000),
            (Category::K, 8_356),
            (Category::Margin, 3_134)
        ]
    );
    let lines: Vec<Category> = doc.lines.iter().map(|l| l.category).collect();
    assert_eq!(lines, [Category::K, Category::AE, Category::Margin]);
    let charges: Vec<(Category, i64)> = doc
        .charges
        .iter()
        .map(|c| (c.category, c.net.cents()))
        .collect();
    assert_eq!(charges, [(Category::K, 356), (Category::Margin, 134)]);
    assert_eq!(doc.vat_total, Money::ZERO);
    assert_eq!(
        doc.notes,
        [
            t(MARGIN_NOTE),
            t(INTRA_COMMUNITY_NOTE),
            t(REVERSE_CHARGE_NOTE)
        ]
    );
    assert_adds_up(&doc, 12_490, &[(0, 0), (0, 0), (0, 0)]);
}

#[test]
fn an_export_is_g_throughout() {
    let doc = tax_free(Supply::Export);
    let parts: Vec<(Category, i64)> = doc
        .taxes
        .iter()
        .map(|t| (t.category, t.basis.cents()))
        .collect();
    assert_eq!(parts, [(Category::G, 12_490)]);
    assert!(doc.lines.iter().all(|l| l.category == Category::G));
    assert_eq!(doc.charges[0].category, Category::G);
    assert_eq!(doc.notes, [t(EXPORT_NOTE)]);
    assert_adds_up(&doc, 12_490, &[(0, 0)]);
}

#[test]
fn category_by_rate_buyer_and_supply() {
    use super::shares::category;
    let (ic, ex, de) = (Supply::IntraCommunity, Supply::Export, Supply::Domestic);
    let at = Supply::Destination("AT".into());
    // (rate, margin, service, small business, supply) → category
    for (rate, margin, service, sb, supply, want) in [
        (19, false, false, false, &de, Category::S),
        (20, false, false, false, &at, Category::S),
        (0, false, false, false, &de, Category::Z),
        (0, false, false, false, &at, Category::Z),
        (0, true, false, false, &de, Category::Margin),
        (0, false, false, true, &de, Category::E),
        (0, false, false, true, &ex, Category::E),
        (0, false, false, false, &ic, Category::K),
        (0, false, true, false, &ic, Category::AE),
        (0, true, false, false, &ic, Category::Margin),
        (0, false, false, false, &ex, Category::G),
        (0, false, true, false, &ex, Category::G),
        (0, true, false, false, &ex, Category::G),
    ] {
        assert_eq!(
            category(VatRate::percent(rate), margin, service, sb, supply),
            want,
            "{rate} {margin} {service} {sb} {supply:?}"
        );
    }
}

#[test]
fn apportion_adds_up() {
    for (amount, weights, want) in [
        (100, vec![1, 1, 1], vec![34, 33, 33]),
        (1000, vec![2380, 1070], vec![690, 310]),
        (5, vec![0, 0], vec![5, 0]),
        (0, vec![10], vec![0]),
    ] {
        let w: Vec<Money> = weights.into_iter().map(Money::from_cents).collect();
        let got: Vec<i64> = apportion(Money::from_cents(amount), &w)
            .iter()
            .map(|m| m.cents())
            .collect();
        assert_eq!(got, want);
    }
}

#[test]
fn seller_from_the_imprint_address() {
    let s = Party::seller(
        "Laden",
        "Rösterei Laden GmbH\nKarl-Liebknecht-Straße 12\n04107 Leipzig",
        "hallo@x.de",
        "DE123456789",
        "231/123/45678",
    );
    assert_eq!(
        (
            s.name.as_str(),
            s.street.as_str(),
            s.postcode.as_str(),
            s.city.as_str(),
            s.country.as_str()
        ),
        (
            "Rösterei Laden GmbH",
            "Karl-Liebknecht-Straße 12",
            "04107",
            "Leipzig",
            "DE"
        )
    );
    let s = Party::seller("Laden", "Hauptstr. 1\n1010 Wien", "", "", "");
    assert_eq!(
        (s.name.as_str(), s.street.as_str(), s.postcode.as_str()),
        ("Laden", "Hauptstr. 1", "1010")
    );
}

#[test]
fn payment_texts() {
    let mut doc = invoice(
        &[cart_line(1190, 1, TaxClass::Standard, true)],
        &[],
        false,
        false,
    );
    doc.payment = Payment {
        method: "bacs".into(),
        paid: false,
        due_at: Some(1_795_292_100 + 14 * 86_400),
        account_holder: "Rösterei Laden GmbH".into(),
        bank_name: "Commerzbank".into(),
        iban: "DE89 3704 0044 0532 0130 00".into(),
        bic: "COBADEFF370".into(),
    };
    let text = payment_text(&doc).join("\n");
    assert!(text.contains("bis zum 5. Dezember 2026"), "{text}");
    assert!(text.contains("IBAN: DE89 3704 0044 0532 0130 00"), "{text}");
    doc.payment.paid = true;
    assert!(payment_text(&doc)[0].contains("dankend erhalten"));
    // Online methods by their German names: paid, or a debit on its way.
    for (method, paid, want) in [
        (
            "stripe",
            true,
            "Zahlungsart: Kreditkarte. Den Rechnungsbetrag haben wir dankend erhalten.",
        ),
        (
            "stripe_sepa",
            true,
            "Zahlungsart: SEPA-Lastschrift. Den Rechnungsbetrag haben wir dankend erhalten.",
        ),
        (
            "stripe_sepa",
            false,
            "Zahlungsart: SEPA-Lastschrift. Der Rechnungsbetrag wird von Ihrem Konto abgebucht.",
        ),
    ] {
        let mut online = doc.clone();
        online.payment = Payment {
            method: method.into(),
            paid,
            ..Payment::default()
        };
        assert_eq!(
            payment_text(&online),
            vec![want.to_owned()],
            "{method} {paid}"
        );
    }
    doc.kind = InvoiceKind::Cancellation;
    doc.cancels = Some(("RE-2026-00001".into(), 0));
    assert!(payment_text(&doc)[0].contains("hebt die Rechnung RE-2026-00001 auf"));
}

/// Deposits are lines of their own after their goods, at the goods' rate: the invoice adds up to
/// what the cart charged, and the coupon's allowance and WooCommerce's line totals take nothing
/// off a deposit.
#[test]
fn deposits_are_lines_of_their_own() {
    let with_deposit = |cents, qty, class, deposit| CartLine {
        deposit: Money::from_cents(deposit),
        ..cart_line(cents, qty, class, true)
    };
    let lines = [
        with_deposit(594, 2, TaxClass::Standard, 150),
        with_deposit(129, 3, TaxClass::Reduced, 15),
        cart_line(1190, 1, TaxClass::Standard, true),
    ];
    let coupon = [Discount::Percent(1000)];
    let doc = invoice(&lines, &coupon, false, false);
    let t = charged(&lines, &coupon);
    let vat: Vec<(i64, i64)> = t
        .vat
        .iter()
        .map(|v| (pc(v.rate_percent), v.vat.cents()))
        .collect();
    assert_adds_up(&doc, t.total.cents(), &vat);
    assert_eq!(
        doc.lines
            .iter()
            .map(|l| (l.name.as_str(), l.quantity, l.gross.cents(), pc(l.rate)))
            .collect::<Vec<_>>(),
        [
            ("Ware 0", 2, 1188, 19),
            ("Ware 1", 3, 387, 7),
            ("Ware 2", 1, 1190, 19),
            ("Pfand für Ware 0", 2, 300, 19),
            ("Pfand für Ware 1", 3, 45, 7),
        ]
    );
    assert_eq!(
        doc.allowances.iter().map(|a| a.gross.cents()).sum::<i64>(),
        t.discount.cents(),
        "10 % of the goods (27,65 €), not of their deposits"
    );
    assert_eq!(t.discount.cents(), 277);
    assert_eq!(
        doc.lines[3].options,
        [("Pfandart".to_owned(), "Einwegpfand (Einweg)".to_owned())]
    );
    assert_eq!(
        doc.lines.iter().map(|l| l.position).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );

    // WooCommerce's net amounts: a deposit's line total is its subtotal (no coupon cut).
    let sold = sold(&lines, false);
    let taxes = t.vat.clone();
    let nets = net_breakdown(&Charged {
        lines: &sold,
        discount: t.discount,
        shipping: t.shipping,
        taxes: &taxes,
        small_business: false,
        supply: &Supply::Domestic,
    });
    for (line, net) in sold.iter().zip(&nets.lines) {
        if line.deposit {
            assert_eq!(
                (net.total, net.total_vat),
                (net.subtotal, net.subtotal_vat),
                "{}",
                line.name
            );
        } else {
            assert!(net.total < net.subtotal, "{}", line.name);
        }
    }
    let vat_of_lines: Money = nets.lines.iter().map(|l| l.total_vat).sum();
    assert_eq!(vat_of_lines + nets.shipping_vat, t.vat_total);
}

/// Goods sold under the margin scheme (§ 25a UStG) beside goods at 19 % and at the zero rate:
/// their lines show no VAT (EN 16931 category E, VATEX-EU-F) and the invoice says
/// "Gebrauchtgegenstände/Sonderregelung" (§ 14a (6) UStG); its sums still add up.
#[test]
fn margin_scheme_goods_show_no_vat() {
    // In the cart, a line under the margin scheme carries no VAT, nor does its share of shipping.
    let untaxed =
        |cents, qty| cart_line(cents, qty, TaxClass::Standard, true).under_margin_scheme(true);
    let lines = [
        untaxed(4900, 1),
        cart_line(1190, 2, TaxClass::Standard, true),
        cart_line(2380, 1, TaxClass::Zero, true),
    ];
    let coupon = [Discount::Percent(1000)];
    let t = charged(&lines, &coupon);
    let mut lines_sold = sold(&lines, false);
    lines_sold[0].margin = true;
    let doc = invoice_of(&t, lines_sold.clone(), false, false);
    assert_eq!(t.vat.len(), 1, "only the 19 % goods hold VAT");
    // WooCommerce's net amounts: none of the VAT is the margin scheme's line's.
    let nets = net_breakdown(&Charged {
        lines: &lines_sold,
        discount: t.discount,
        shipping: t.shipping,
        taxes: &t.vat,
        small_business: false,
        supply: &Supply::Domestic,
    });
    assert_eq!(nets.lines[0].total_vat, Money::ZERO);
    let vat_of_lines: Money = nets.lines.iter().map(|l| l.total_vat).sum();
    assert_eq!(vat_of_lines + nets.shipping_vat, t.vat_total);
    assert_adds_up(
        &doc,
        t.total.cents(),
        &[(19, t.vat_total.cents()), (0, 0), (0, 0)],
    );
    assert_eq!(
        doc.lines.iter().map(|l| l.category).collect::<Vec<_>>(),
        [Category::Margin, Category::S, Category::Z]
    );
    // The goods without VAT are two parts: the margin scheme's and the zero rate's, each with
    // its share of the coupon and of shipping.
    let parts: Vec<(Category, i64)> = doc.taxes.iter().map(|p| (p.category, pc(p.rate))).collect();
    assert_eq!(
        parts,
        [(Category::S, 19), (Category::Z, 0), (Category::Margin, 0)]
    );
    assert!(doc
        .taxes
        .iter()
        .filter(|p| p.category == Category::Margin)
        .all(|p| p.vat == Money::ZERO));
    assert!(doc
        .allowances
        .iter()
        .any(|a| a.category == Category::Margin));
    assert!(doc.charges.iter().any(|c| c.category == Category::Margin));
    assert_eq!(
        doc.notes,
        ["Gebrauchtgegenstände/Sonderregelung (§ 25a UStG)."]
    );

    // Only goods under the margin scheme: one part, theirs, with all of the shipping.
    let only = [untaxed(4900, 1)];
    let t = charged(&only, &[]);
    let mut only_sold = sold(&only, false);
    only_sold[0].margin = true;
    let doc = invoice_of(&t, only_sold, false, false);
    assert_adds_up(&doc, t.total.cents(), &[(0, 0)]);
    assert_eq!(
        doc.taxes
            .iter()
            .map(|p| (p.category, p.gross.cents()))
            .collect::<Vec<_>>(),
        [(Category::Margin, 4900 + 490)]
    );
}
