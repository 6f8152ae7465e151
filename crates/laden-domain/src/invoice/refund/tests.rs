use super::*;
use crate::invoice::tests::{assert_adds_up, cart_line, invoice, pc};
use crate::{Discount, TaxClass};

fn m(cents: i64) -> Money {
    Money::from_cents(cents)
}

/// 2 × 11,90 € at 19 %, 1 × 10,70 € at 7 %, 4,90 € shipping; 10 % coupon when `coupon`.
fn mixed(coupon: bool) -> InvoiceDoc {
    let discounts: &[Discount] = if coupon {
        &[Discount::Percent(1000)]
    } else {
        &[]
    };
    invoice(
        &[
            cart_line(1190, 2, TaxClass::Standard, true),
            cart_line(1070, 1, TaxClass::Reduced, true),
        ],
        discounts,
        false,
        false,
    )
}

#[test]
fn lines_paid_after_coupons() {
    for (gross, discount, want) in [
        (vec![1000, 3000], 400, vec![900, 2700]),
        (vec![1000, 1000, 1000], 100, vec![966, 967, 967]),
        (vec![2380, 1070], 0, vec![2380, 1070]),
        (vec![], 0, vec![]),
    ] {
        let gross: Vec<Money> = gross.into_iter().map(m).collect();
        let got: Vec<i64> = paid_per_line(&gross, m(discount))
            .iter()
            .map(|x| x.cents())
            .collect();
        assert_eq!(got, want, "{gross:?} less {discount}");
        assert_eq!(
            got.iter().sum::<i64>(),
            gross.iter().map(|g| g.cents()).sum::<i64>() - discount
        );
    }
}

#[test]
fn default_line_refunds() {
    // (paid, of units, quantity now, units before, refunded before, want)
    for (paid, of, qty, units_before, before, want) in [
        (2380, 2, 1, 0, 0, 1190),
        (2380, 2, 2, 0, 0, 2380),
        (1000, 3, 1, 0, 0, 333),
        (1000, 3, 1, 1, 333, 333),
        (1000, 3, 1, 2, 666, 334), // the last unit takes what is left
        (1000, 3, 2, 0, 900, 100), // never more than is left
        (1000, 3, 0, 0, 0, 0),
        (1000, 0, 1, 0, 0, 0),
    ] {
        assert_eq!(
            line_refund(m(paid), of, qty, units_before, m(before)).cents(),
            want,
            "{qty} of {of} paid {paid}, {before} back before"
        );
    }
}

#[test]
fn a_line_refunded_is_cancelled_at_its_rate() {
    let original = mixed(false);
    let doc = partial_cancellation(
        &original,
        "ST-1".into(),
        original.issued_at + 60,
        &[RefundedLine {
            position: 1,
            quantity: 1,
            gross: m(1190),
        }],
        Money::ZERO,
        " defekt ",
    )
    .expect("a cancellation");
    assert!(doc.partial);
    assert_eq!(doc.kind, InvoiceKind::Cancellation);
    assert_eq!(doc.reason, "defekt");
    assert_eq!(
        doc.cancels,
        Some(("RE-2026-00001".into(), original.issued_at))
    );
    assert_eq!(doc.lines.len(), 1);
    assert_eq!(doc.lines[0].name, "Ware 0");
    assert_eq!(doc.lines[0].quantity, 1);
    assert_eq!(doc.lines[0].unit_gross, m(1190));
    assert!(doc.charges.is_empty() && doc.allowances.is_empty());
    // 11,90 € holds 1,90 € VAT at 19 %.
    assert_adds_up(&doc, 1190, &[(19, 190)]);
}

#[test]
fn an_amount_is_split_over_the_rates() {
    let original = mixed(false);
    // Goods 23,80 € (19 %) and 10,70 € (7 %), shipping split between them: 10 € back.
    let weights: Vec<Money> = original.taxes.iter().map(|t| t.gross).collect();
    let doc = partial_cancellation(&original, "ST-2".into(), 1, &[], m(1000), "")
        .expect("a cancellation");
    assert_eq!(doc.lines.len(), 2);
    assert!(doc
        .lines
        .iter()
        .all(|l| l.quantity == 1 && l.sku.is_empty()));
    let split: Vec<Money> = doc.lines.iter().map(|l| l.gross).collect();
    assert_eq!(split, apportion(m(1000), &weights));
    let vat: Vec<(i64, i64)> = doc
        .taxes
        .iter()
        .map(|t| (pc(t.rate), contained_vat(t.gross, t.rate).cents()))
        .collect();
    assert_adds_up(&doc, 1000, &vat);
    // Money without a line or amount is no cancellation.
    assert!(partial_cancellation(&original, "ST-3".into(), 1, &[], Money::ZERO, "").is_none());
    let nothing = RefundedLine {
        position: 1,
        quantity: 1,
        gross: Money::ZERO,
    };
    assert!(
        partial_cancellation(&original, "ST-3".into(), 1, &[nothing], Money::ZERO, "").is_none()
    );
}

#[test]
fn money_back_on_a_line_without_goods_names_the_line() {
    let original = mixed(true);
    let doc = partial_cancellation(
        &original,
        "ST-4".into(),
        1,
        &[RefundedLine {
            position: 2,
            quantity: 0,
            gross: m(200),
        }],
        Money::ZERO,
        "",
    )
    .expect("a cancellation");
    assert_eq!(doc.lines[0].quantity, 1);
    assert_eq!(doc.lines[0].rate, VatRate::percent(7));
    assert_eq!(
        doc.lines[0].name,
        tf("Refund on line %1$d: %2$s", &[&2, &"Ware 1"])
    );
    assert_adds_up(&doc, 200, &[(7, 13)]);
}

#[test]
fn the_rest_is_cancelled_after_partial_cancellations() {
    for coupon in [false, true] {
        let original = mixed(coupon);
        let first = partial_cancellation(
            &original,
            "ST-1".into(),
            2,
            &[RefundedLine {
                position: 1,
                quantity: 1,
                gross: m(1071),
            }],
            Money::ZERO,
            "",
        )
        .expect("first");
        let second =
            partial_cancellation(&original, "ST-2".into(), 3, &[], m(490), "").expect("second");
        let rest = remainder(
            &original,
            &[first.clone(), second.clone()],
            "ST-3".into(),
            4,
        )
        .expect("something is left");
        assert!(!rest.partial);
        let left = original.gross_total - first.gross_total - second.gross_total;
        let vat: Vec<(i64, i64)> = original
            .taxes
            .iter()
            .map(|t| {
                let back: Money = first
                    .taxes
                    .iter()
                    .chain(&second.taxes)
                    .filter(|p| p.rate == t.rate)
                    .map(|p| p.vat)
                    .sum();
                (pc(t.rate), (t.vat - back).cents())
            })
            .collect();
        assert_adds_up(&rest, left.cents(), &vat);
        // The lines the partial cancellations took are listed as negative lines naming them.
        let taken: Vec<&DocLine> = rest.lines.iter().filter(|l| l.quantity < 0).collect();
        assert_eq!(taken.len(), first.lines.len() + second.lines.len());
        assert!(taken[0].name.contains("ST-1") && taken[0].gross == m(-1071));
        assert_eq!(
            rest.lines.iter().map(|l| l.position).collect::<Vec<_>>(),
            (1..=u32::try_from(rest.lines.len()).expect("few")).collect::<Vec<_>>()
        );
        // Refunded in full: nothing is left to cancel.
        let all = partial_cancellation(&original, "ST-4".into(), 5, &[], original.gross_total, "")
            .expect("all");
        assert!(remainder(&original, &[all], "ST-5".into(), 6).is_none());
        // No partial cancellation: the whole invoice.
        let whole = remainder(&original, &[], "ST-6".into(), 7).expect("whole");
        assert_eq!(whole.lines, original.lines);
        assert_eq!(whole.taxes, original.taxes);
        assert_eq!(whole.gross_total, original.gross_total);
    }
}
