use super::*;
use crate::invoice::tests::pc;

#[test]
fn reverse_charge_leaves_out_the_vat() {
    let lines = [
        line(1190, 2, TaxClass::Standard),
        line(1070, 1, TaxClass::Reduced),
    ];
    let t = compute_with_discounts(&lines, SHIP, &[Discount::Percent(1000)]);
    let (units, rc) = t.reverse_charged(&lines);
    assert_eq!(
        units.iter().map(|u| u.price.cents()).collect::<Vec<_>>(),
        [1000, 1000]
    );
    assert_eq!(rc.items.cents(), 3000);
    assert_eq!(rc.discount, t.discount - t.discount_vat);
    assert_eq!(rc.shipping, t.shipping - t.shipping_vat);
    assert_eq!(rc.total, rc.items - rc.discount + rc.shipping);
    assert!(rc.vat.is_empty() && rc.vat_total == Money::ZERO);
    // What the customer pays is the gross total less the VAT, give or take rounding per line.
    assert!(
        (rc.total.cents() - (t.total - t.vat_total).cents()).abs() <= 2,
        "{rc:?} {t:?}"
    );
}

#[test]
fn small_business_charges_no_vat() {
    let t = compute(
        &[
            line(1190, 2, TaxClass::Standard),
            line(1070, 1, TaxClass::Reduced),
        ],
        SHIP,
    )
    .without_vat();
    assert_eq!(
        (t.items.cents(), t.shipping.cents(), t.total.cents()),
        (3450, 490, 3940),
        "prices stay as they are"
    );
    assert_eq!(
        (t.vat_total, t.shipping_vat, t.vat.len()),
        (Money::ZERO, Money::ZERO, 0)
    );
}

/// The standard rate of the tests' shop (the threshold is the shipping rule's, `shipping`).
const SHIP: Money = Money::from_cents(490);

fn line(cents: i64, qty: u32, tax: TaxClass) -> CartLine {
    CartLine {
        unit_price: Money::from_cents(cents),
        quantity: qty,
        tax_class: tax,
        vat_rate: tax.rate(),
        needs_shipping: true,
        taxed: true,
        shipping_taxed: true,
        deposit: Money::ZERO,
    }
}

/// The VAT lines as (rate, gross, VAT) in cents.
fn vat_lines(t: &Totals) -> Vec<(i64, i64, i64)> {
    t.vat
        .iter()
        .map(|v| (pc(v.rate_percent), v.gross.cents(), v.vat.cents()))
        .collect()
}

/// A line of `qty` items at `cents` carrying `deposit` cents each.
fn with_deposit(cents: i64, qty: u32, tax: TaxClass, deposit: i64) -> CartLine {
    CartLine {
        deposit: Money::from_cents(deposit),
        ..line(cents, qty, tax)
    }
}

/// Deposits beside the goods: at their goods' rates, untouched by coupons, not counted towards
/// free shipping, and not moving shipping's VAT.
#[test]
fn deposits_are_charged_beside_the_goods() {
    let free_from_50 = SHIP;
    // (lines, coupons, items, discount, deposit, deposit VAT, shipping, shipping VAT, total,
    //  VAT lines as (rate, gross, vat))
    type Case = (Vec<CartLine>, Vec<Discount>, [i64; 8], Vec<(i64, i64, i64)>);
    let cases: Vec<Case> = vec![
        // Six bottles of water at 0,99 € with 0,25 € each: 1,50 € deposit, its VAT 0,24 €.
        (
            vec![with_deposit(99 * 6, 1, TaxClass::Standard, 150)],
            vec![],
            [594, 0, 150, 24, 490, 78, 1234, 0],
            vec![(19, 1234, 197)],
        ),
        // Two crates: the deposit counts per item.
        (
            vec![with_deposit(1299, 2, TaxClass::Standard, 310)],
            vec![],
            [2598, 0, 620, 99, 490, 78, 3708, 0],
            vec![(19, 3708, 592)],
        ),
        // Goods of 48 € and 6 € deposit stay below the 50 € for free shipping.
        (
            vec![with_deposit(1200, 4, TaxClass::Standard, 150)],
            vec![],
            [4800, 0, 600, 96, 490, 78, 5890, 0],
            vec![(19, 5890, 940)],
        ),
        // 10 % off takes 1,19 € off the goods and nothing off the deposit.
        (
            vec![with_deposit(1190, 1, TaxClass::Standard, 25)],
            vec![Discount::Percent(1000)],
            [1190, 119, 25, 4, 490, 78, 1586, 0],
            vec![(19, 1586, 253)],
        ),
        // A fixed coupon larger than the goods leaves the deposit to pay.
        (
            vec![with_deposit(500, 1, TaxClass::Standard, 25)],
            vec![Discount::FixedCart(Money::from_cents(1000))],
            [500, 500, 25, 4, 490, 78, 515, 0],
            vec![(19, 515, 82)],
        ),
        // Milk at 7 % beside juice at 19 %: each deposit at its goods' rate; shipping's VAT
        // follows the goods alone (1,29 : 2,49), as without deposits.
        (
            vec![
                with_deposit(129, 1, TaxClass::Reduced, 15),
                with_deposit(249, 1, TaxClass::Standard, 25),
            ],
            vec![],
            [378, 0, 40, 5, 490, 63, 908, 0],
            vec![(19, 597, 95), (7, 311, 20)],
        ),
    ];
    for (
        lines,
        coupons,
        [items, discount, deposit, deposit_vat, shipping, shipping_vat, total, _],
        vat,
    ) in cases
    {
        let t = compute_with_discounts(&lines, free_from_50, &coupons);
        assert_eq!(
            [
                t.items.cents(),
                t.discount.cents(),
                t.deposit.cents(),
                t.deposit_vat.cents(),
                t.shipping.cents(),
                t.shipping_vat.cents(),
                t.total.cents(),
            ],
            [
                items,
                discount,
                deposit,
                deposit_vat,
                shipping,
                shipping_vat,
                total
            ],
            "{lines:?} {coupons:?}"
        );
        assert_eq!(vat_lines(&t), vat, "{lines:?}");
        let gross: i64 = t.vat.iter().map(|v| v.gross.cents()).sum();
        assert_eq!(
            gross,
            t.total.cents(),
            "the rates' gross add up to the total"
        );
        // Without the deposits, everything else is as it was.
        let bare: Vec<CartLine> = lines
            .iter()
            .map(|l| CartLine {
                deposit: Money::ZERO,
                ..l.clone()
            })
            .collect();
        let b = compute_with_discounts(&bare, free_from_50, &coupons);
        assert_eq!(
            (b.discount, b.shipping, b.shipping_vat, b.total + t.deposit),
            (t.discount, t.shipping, t.shipping_vat, t.total)
        );
    }
}

/// A small business charges deposits without VAT; a reverse-charge supply charges them net,
/// rounded per item like the prices.
#[test]
fn deposits_follow_the_tax_regime() {
    let lines = [
        with_deposit(594, 2, TaxClass::Standard, 150),
        with_deposit(129, 1, TaxClass::Reduced, 15),
    ];
    let t = compute(&lines, SHIP);
    let sb = t.clone().without_vat();
    assert_eq!(
        (sb.deposit.cents(), sb.deposit_vat, sb.total),
        (315, Money::ZERO, t.total)
    );
    let (net, rc) = t.reverse_charged(&lines);
    assert_eq!(
        net.iter()
            .map(|n| (n.price.cents(), n.deposit.cents()))
            .collect::<Vec<_>>(),
        // 5,94 € → 4,99 €; 1,50 € → 1,26 €; 1,29 € → 1,21 €; 0,15 € → 0,14 €
        [(499, 126), (121, 14)]
    );
    assert_eq!(
        (rc.deposit.cents(), rc.deposit_vat),
        (2 * 126 + 14, Money::ZERO)
    );
    assert_eq!(rc.total, rc.items - rc.discount + rc.deposit + rc.shipping);
}

#[test]
fn standard_rate_only() {
    let t = compute(&[line(1190, 2, TaxClass::Standard)], SHIP);
    assert_eq!(t.items.cents(), 2380);
    assert_eq!(t.shipping.cents(), 490);
    assert_eq!(t.total.cents(), 2870);
    assert_eq!(t.vat.len(), 1);
    assert_eq!(t.vat[0].rate_percent, VatRate::percent(19));
    // 2870 * 19 / 119 = 458.24 → 458
    assert_eq!(t.vat[0].vat.cents(), 458);
    assert_eq!(t.shipping_vat.cents(), 78);
}

#[test]
fn mixed_rates_split_shipping() {
    let t = compute(
        &[
            line(1070, 1, TaxClass::Reduced),
            line(1190, 1, TaxClass::Standard),
        ],
        SHIP,
    );
    assert_eq!(t.items.cents(), 2260);
    assert_eq!(t.total.cents(), 2750);
    let gross: i64 = t.vat.iter().map(|v| v.gross.cents()).sum();
    assert_eq!(gross, t.total.cents(), "rate parts add up to the total");
    let r19 = t
        .vat
        .iter()
        .find(|v| v.rate_percent == VatRate::percent(19))
        .map(|v| v.vat.cents());
    let r7 = t
        .vat
        .iter()
        .find(|v| v.rate_percent == VatRate::percent(7))
        .map(|v| v.vat.cents());
    // 19 %: 1190 + 259 (490·1190/2260 = 258, plus the 1-cent remainder) = 1449 → 231.35 → 231
    assert_eq!(r19, Some(231));
    // 7 %: 1070 + 231 = 1301 → 85.11 → 85
    assert_eq!(r7, Some(85));
    assert_eq!(t.vat_total.cents(), 316);
}

#[test]
fn virtual_goods_ship_nothing_and_untaxed_goods_carry_no_vat() {
    let with = |cents, tax, needs_shipping, taxed| CartLine {
        needs_shipping,
        taxed,
        shipping_taxed: taxed,
        ..line(cents, 1, tax)
    };
    // Tax status `shipping`: the goods carry no VAT, their shipping does.
    let shipping_only = |cents, tax| CartLine {
        taxed: false,
        ..line(cents, 1, tax)
    };
    // (lines, shipping, total, VAT lines as (rate, gross, vat), shipping VAT)
    let cases = [
        // Only virtual goods: no shipping at all.
        (
            vec![with(1500, TaxClass::Reduced, false, true)],
            0,
            1500,
            vec![(7, 1500, 98)],
            0,
        ),
        // A parcel beside it: shipping, its VAT following the shipped goods (19 %) only.
        (
            vec![
                with(1500, TaxClass::Reduced, false, true),
                with(1190, TaxClass::Standard, true, true),
            ],
            490,
            3180,
            vec![(19, 1680, 268), (7, 1500, 98)],
            78,
        ),
        // Goods without VAT (tax status none): no VAT line; their shipping share carries none.
        (
            vec![with(1000, TaxClass::Standard, true, false)],
            490,
            1490,
            vec![],
            0,
        ),
        // Tax status shipping: the goods carry none, the whole shipping 19 % (490·19/119 = 78).
        (
            vec![shipping_only(1000, TaxClass::Standard)],
            490,
            1490,
            vec![(19, 490, 78)],
            78,
        ),
        // Beside taxed goods at 7 %: shipping split by value, 1000:1070 → 253 at 7 %, 236 at
        // 19 % plus the cent left over.
        (
            vec![
                shipping_only(1000, TaxClass::Standard),
                with(1070, TaxClass::Reduced, true, true),
            ],
            490,
            2560,
            vec![(19, 237, 38), (7, 1323, 87)],
            38 + 17,
        ),
        // Beside goods without any VAT: only the shipping-status goods' share is taxed.
        (
            vec![
                shipping_only(1000, TaxClass::Standard),
                with(1000, TaxClass::Standard, true, false),
            ],
            490,
            2490,
            vec![(19, 245, 39)],
            39,
        ),
    ];
    for (lines, shipping, total, vat, shipping_vat) in cases {
        let t = compute(&lines, SHIP);
        assert_eq!(
            (t.shipping.cents(), t.total.cents()),
            (shipping, total),
            "{lines:?}"
        );
        assert_eq!(vat_lines(&t), vat, "{lines:?}");
        assert_eq!(t.shipping_vat.cents(), shipping_vat, "{lines:?}");
    }
}

/// Free shipping (the shipping rule's, `shipping::Choice`) charges nothing; the goods' VAT is
/// then theirs alone.
#[test]
fn free_shipping_charges_nothing() {
    let t = compute(&[line(2500, 2, TaxClass::Reduced)], Money::ZERO);
    assert_eq!((t.shipping, t.shipping_vat), (Money::ZERO, Money::ZERO));
    assert_eq!(t.total.cents(), 5000);
    assert_eq!(t.vat[0].vat.cents(), 327); // 5000·7/107 = 327.1
}

#[test]
fn coupons_lower_goods_and_vat() {
    let pct = |h| Discount::Percent(h);
    let fixed = |c| Discount::FixedCart(Money::from_cents(c));
    // (lines, coupons, per-coupon amounts, shipping, total, VAT total)
    type Case = (Vec<CartLine>, Vec<Discount>, Vec<i64>, i64, i64, i64);
    let cases: Vec<Case> = vec![
        // 10 % of 23,80 € = 2,38 €; 21,42 € + 4,90 € shipping = 26,32 €; 19 % of that: 4,20 €.
        (
            vec![line(1190, 2, TaxClass::Standard)],
            vec![pct(1000)],
            vec![238],
            490,
            2632,
            420,
        ),
        // 12,5 % of 10,70 € = 1,3375 → 1,34 €.
        (
            vec![line(1070, 1, TaxClass::Reduced)],
            vec![pct(1250)],
            vec![134],
            490,
            1426,
            93,
        ),
        // A fixed 5 € off; two coupons never take more than the goods.
        (
            vec![line(1070, 1, TaxClass::Reduced)],
            vec![fixed(500)],
            vec![500],
            490,
            1060,
            69,
        ),
        (
            vec![line(1070, 1, TaxClass::Reduced)],
            vec![fixed(800), fixed(800)],
            vec![800, 270],
            490,
            490,
            32,
        ),
        (
            vec![line(1070, 1, TaxClass::Reduced)],
            vec![pct(10_000)],
            vec![1070],
            490,
            490,
            32,
        ),
        // Free shipping is measured after the discount: 52 € − 10 % = 46,80 € pays shipping.
        (
            vec![line(2600, 2, TaxClass::Reduced)],
            vec![pct(1000)],
            vec![520],
            490,
            5170,
            338,
        ),
        // Nonsense is clamped: a negative fixed amount takes nothing, over 100 % takes all.
        (
            vec![line(1070, 1, TaxClass::Reduced)],
            vec![fixed(-300), pct(20_000)],
            vec![0, 1070],
            490,
            490,
            32,
        ),
    ];
    for (lines, coupons, amounts, shipping, total, vat) in cases {
        let t = compute_with_discounts(&lines, SHIP, &coupons);
        let label = format!("{coupons:?}");
        assert_eq!(
            t.discounts.iter().map(|m| m.cents()).collect::<Vec<_>>(),
            amounts,
            "{label}"
        );
        assert_eq!(t.discount.cents(), amounts.iter().sum::<i64>(), "{label}");
        assert_eq!(
            (t.shipping.cents(), t.total.cents(), t.vat_total.cents()),
            (shipping, total, vat),
            "{label}"
        );
        let gross: i64 = t.vat.iter().map(|v| v.gross.cents()).sum();
        assert_eq!(
            gross,
            t.total.cents(),
            "rate parts add up to the total: {label}"
        );
    }
}

#[test]
fn a_discount_is_shared_by_the_rates() {
    // 10,70 € at 7 % and 11,90 € at 19 %; 5 € off splits 2,37 € / 2,63 € (the remainder to 19 %).
    let t = compute_with_discounts(
        &[
            line(1070, 1, TaxClass::Reduced),
            line(1190, 1, TaxClass::Standard),
        ],
        SHIP,
        &[Discount::FixedCart(Money::from_cents(500))],
    );
    assert_eq!(t.total.cents(), 2260 - 500 + 490);
    let goods7 = t
        .vat
        .iter()
        .find(|v| v.rate_percent == VatRate::percent(7))
        .map(|v| v.gross.cents())
        .unwrap_or(0);
    assert!(goods7 < 1070 && goods7 > 1070 - 500, "{goods7}");
    // The VAT in the discount is what the goods' VAT fell by.
    let without = compute(
        &[
            line(1070, 1, TaxClass::Reduced),
            line(1190, 1, TaxClass::Standard),
        ],
        SHIP,
    );
    assert!(t.discount_vat.cents() > 0);
    assert!(t.vat_total < without.vat_total);
    assert_eq!(
        t.vat_total + t.discount_vat,
        without.vat_total,
        "VAT before = VAT after + the discount's VAT (shipping unchanged)"
    );
    let two = compute_with_discounts(
        &[line(1070, 1, TaxClass::Reduced)],
        SHIP,
        &[
            Discount::FixedCart(Money::from_cents(300)),
            Discount::Percent(1000),
        ],
    );
    let parts = two.discount_parts();
    assert_eq!(
        parts.iter().map(|p| p.0.cents()).collect::<Vec<_>>(),
        vec![300, 107]
    );
    assert_eq!(parts.iter().map(|p| p.1).sum::<Money>(), two.discount_vat);
}

#[test]
fn empty_cart_costs_nothing() {
    let t = compute(&[], SHIP);
    assert_eq!(t.total, Money::ZERO);
    assert!(t.vat.is_empty());
}

#[test]
fn vat_by_line_adds_up_to_the_vat_of_each_rate() {
    /// A case's name, its lines as (gross cents, rate) and each line's VAT in cents.
    type Case<'a> = (&'a str, &'a [(i64, i64)], &'a [i64]);
    let cases: &[Case] = &[
        ("no lines", &[], &[]),
        ("one line rounds half up", &[(25, 19)], &[4]),
        (
            "three 0,15 € deposits hold 0,07 €, not 3 × 0,02 €",
            &[(15, 19), (15, 19), (15, 19)],
            &[3, 2, 2],
        ),
        (
            "the cent goes to the largest fraction",
            &[(10, 19), (15, 19), (20, 19)],
            &[2, 2, 3],
        ),
        (
            "rates are rounded apart",
            &[(15, 19), (15, 7), (15, 19), (15, 7), (15, 19)],
            &[3, 1, 2, 1, 2],
        ),
        ("no VAT", &[(25, 0), (40, 0)], &[0, 0]),
        ("nothing", &[(0, 19)], &[0]),
    ];
    for (name, lines, want) in cases {
        let lines: Vec<(Money, VatRate)> = lines
            .iter()
            .map(|&(c, r)| (Money::from_cents(c), VatRate::percent(r)))
            .collect();
        let got: Vec<i64> = vat_by_line(&lines).iter().map(|m| m.cents()).collect();
        assert_eq!(&got, want, "{name}");
        for rate in [0, 7, 19].map(VatRate::percent) {
            let of: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].1 == rate).collect();
            let sum: Money = of.iter().map(|&i| lines[i].0).sum();
            let vat: i64 = of.iter().map(|&i| got[i]).sum();
            assert_eq!(
                vat,
                contained_vat(sum, rate).cents(),
                "{name}: rate {}",
                rate.decimal()
            );
        }
    }
}

#[test]
fn goods_vat_by_line_adds_up_to_the_totals_item_vat() {
    /// A case's name, its lines as (gross cents, rate), the total to reach and each line's VAT.
    type Case<'a> = (&'a str, &'a [(i64, i64)], i64, &'a [i64]);
    let cases: &[Case] = &[
        (
            "as the rates round it",
            &[(1190, 19), (1070, 7)],
            260,
            &[190, 70],
        ),
        (
            "a cent more on the largest taxed line",
            &[(1190, 19), (2140, 7)],
            331,
            &[190, 141],
        ),
        (
            "a cent less, the largest first",
            &[(1190, 19), (2140, 7)],
            329,
            &[190, 139],
        ),
        (
            "two cents more go one a line",
            &[(1190, 19), (2140, 7)],
            332,
            &[191, 141],
        ),
        (
            "untaxed lines keep none",
            &[(500, 0), (119, 19)],
            20,
            &[0, 20],
        ),
        ("never below nothing", &[(5, 19), (1, 19)], -3, &[0, 0]),
        ("no taxed line to take it", &[(500, 0)], 1, &[0]),
        ("no lines", &[], 0, &[]),
    ];
    for (name, lines, total, want) in cases {
        let lines: Vec<(Money, VatRate)> = lines
            .iter()
            .map(|&(c, r)| (Money::from_cents(c), VatRate::percent(r)))
            .collect();
        let got: Vec<i64> = goods_vat_by_line(&lines, Money::from_cents(*total))
            .iter()
            .map(|m| m.cents())
            .collect();
        assert_eq!(&got, want, "{name}");
    }
}

#[test]
fn the_lines_vat_adds_up_to_the_item_vat_of_totals_with_shipping_and_deposits() {
    // Three small items at 19 % with a deposit, shipping and a coupon: the totals round each
    // rate's goods, shipping and deposits together, yet the lines' VAT adds up to items_vat.
    let line = |cents: i64, class: TaxClass, deposit: i64| CartLine {
        unit_price: Money::from_cents(cents),
        quantity: 1,
        tax_class: class,
        vat_rate: class.rate(),
        needs_shipping: true,
        taxed: true,
        shipping_taxed: true,
        deposit: Money::from_cents(deposit),
    };
    for lines in [
        vec![
            line(3, TaxClass::Standard, 0),
            line(3, TaxClass::Standard, 0),
        ],
        vec![
            line(1999, TaxClass::Standard, 25),
            line(349, TaxClass::Reduced, 0),
            line(1, TaxClass::Reduced, 15),
        ],
    ] {
        let rule = Money::from_cents(3);
        let t = compute_with_discounts(&lines, rule, &[Discount::Percent(333)]);
        let goods: Vec<(Money, VatRate)> = lines.iter().map(|l| (l.total(), l.rate())).collect();
        let vat = goods_vat_by_line(&goods, t.items_vat());
        assert_eq!(
            vat.iter().copied().sum::<Money>(),
            t.items_vat(),
            "{lines:?}"
        );
    }
}
