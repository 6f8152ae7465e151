//! Refunds on an invoice (§17 UStG: the taxable amount changes). A refund of some lines, or of
//! an amount, is cancelled by a partial cancellation invoice (Teilstornorechnung) that lists what
//! was refunded, each at the VAT rate it was sold at; cancelling the order later cancels only
//! what no refund has cancelled yet.

use super::{apportion, Category, DocLine, InvoiceDoc, InvoiceKind, TaxPart};
use crate::i18n::{t, tf};
use crate::totals::contained_vat;
use crate::{Money, VatRate};
use std::collections::BTreeMap;

/// What a refund gives back of one invoice line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundedLine {
    /// The line's position on the invoice (and in the order), from 1.
    pub position: u32,
    /// Units taken back (0 for money back without goods, e.g. a price reduction).
    pub quantity: i64,
    /// Gross amount refunded for the line.
    pub gross: Money,
}

/// What each line was paid, gross: its total less its share of the coupons (split over the
/// lines by their totals, to the cent).
pub fn paid_per_line(line_gross: &[Money], discount: Money) -> Vec<Money> {
    let shares = apportion(discount, line_gross);
    line_gross.iter().zip(shares).map(|(&g, d)| g - d).collect()
}

/// The default refund for `quantity` of a line's `of` units, of which `refunded_units` were
/// refunded before with `refunded` in all: its paid amount pro rata, and exactly what is left
/// when the last units go.
pub fn line_refund(
    paid: Money,
    of: i64,
    quantity: i64,
    refunded_units: i64,
    refunded: Money,
) -> Money {
    let left = paid - refunded;
    if of <= 0 || quantity <= 0 {
        return Money::ZERO;
    }
    if refunded_units + quantity >= of {
        return left;
    }
    let share = (i128::from(paid.cents()) * i128::from(quantity) * 2 + i128::from(of))
        / (2 * i128::from(of));
    Money::from_cents(i64::try_from(share).unwrap_or(0)).min(left)
}

/// One refunded part before the nets are worked out.
struct Part {
    rate: VatRate,
    category: Category,
    name: String,
    sku: String,
    options: Vec<(String, String)>,
    quantity: i64,
    unit_gross: Money,
    gross: Money,
}

/// The unit price shown for `gross` over `quantity` units: the line's own when it multiplies
/// up exactly, else the amount per unit to the cent.
fn unit_of(gross: Money, quantity: i64, sold_at: Money) -> Money {
    if quantity <= 0 {
        gross
    } else if sold_at.cents().checked_mul(quantity) == Some(gross.cents()) {
        sold_at
    } else {
        Money::from_cents((gross.cents() * 2 + quantity) / (2 * quantity))
    }
}

/// Nets and VAT per rate for `parts`: each rate's VAT is what its refunded gross contains, the
/// rate's net is apportioned over its parts by their gross.
fn priced(parts: Vec<Part>) -> (Vec<DocLine>, Vec<TaxPart>) {
    let mut rates: BTreeMap<(std::cmp::Reverse<VatRate>, &'static str), (Category, Money)> =
        BTreeMap::new();
    for p in &parts {
        let e = rates
            .entry((std::cmp::Reverse(p.rate), p.category.code()))
            .or_insert((p.category, Money::ZERO));
        e.1 += p.gross;
    }
    let mut nets = vec![Money::ZERO; parts.len()];
    let mut taxes = Vec::new();
    for (&(std::cmp::Reverse(rate), code), &(category, gross)) in &rates {
        let vat = if category == Category::S {
            contained_vat(gross, rate)
        } else {
            Money::ZERO
        };
        let basis = gross - vat;
        let at: Vec<usize> = (0..parts.len())
            .filter(|&i| parts[i].rate == rate && parts[i].category.code() == code)
            .collect();
        let weights: Vec<Money> = at.iter().map(|&i| parts[i].gross).collect();
        for (&i, net) in at.iter().zip(apportion(basis, &weights)) {
            nets[i] = net;
        }
        taxes.push(TaxPart {
            rate,
            category,
            basis,
            vat,
            gross,
        });
    }
    let lines = parts
        .into_iter()
        .zip(nets)
        .zip(1..)
        .map(|((p, net), position)| DocLine {
            position,
            unit_gross: p.unit_gross,
            name: p.name,
            sku: p.sku,
            options: p.options,
            quantity: p.quantity.max(1),
            gross: p.gross,
            net,
            rate: p.rate,
            category: p.category,
        })
        .collect();
    (lines, taxes)
}

fn sum(it: impl Iterator<Item = Money>) -> Money {
    it.fold(Money::ZERO, |a, b| a + b)
}

/// A document's totals from its lines, charges, allowances and VAT parts.
fn totals(doc: &mut InvoiceDoc) {
    doc.line_net_total = sum(doc.lines.iter().map(|l| l.net));
    doc.charge_total = sum(doc.charges.iter().map(|c| c.net));
    doc.allowance_total = sum(doc.allowances.iter().map(|c| c.net));
    doc.vat_total = sum(doc.taxes.iter().map(|t| t.vat));
    doc.net_total = doc.line_net_total + doc.charge_total - doc.allowance_total;
    doc.gross_total = doc.net_total + doc.vat_total;
}

/// The partial cancellation invoice of a refund on `original`: the refunded lines at their
/// rates, and `other` (money back not tied to a line, e.g. shipping) split over the invoice's
/// rates by their gross. `None` when the refund gives nothing back.
pub fn partial_cancellation(
    original: &InvoiceDoc,
    number: String,
    at: i64,
    lines: &[RefundedLine],
    other: Money,
    reason: &str,
) -> Option<InvoiceDoc> {
    let mut parts: Vec<Part> = Vec::new();
    for r in lines.iter().filter(|r| r.gross > Money::ZERO) {
        let Some(l) = original.lines.iter().find(|l| l.position == r.position) else {
            continue;
        };
        parts.push(Part {
            rate: l.rate,
            category: l.category,
            name: if r.quantity > 0 {
                l.name.clone()
            } else {
                tf("Refund on line %1$d: %2$s", &[&l.position, &l.name])
            },
            sku: l.sku.clone(),
            options: l.options.clone(),
            quantity: r.quantity,
            unit_gross: unit_of(r.gross, r.quantity, l.unit_gross),
            gross: r.gross,
        });
    }
    if other > Money::ZERO {
        let taxed: Vec<&TaxPart> = original
            .taxes
            .iter()
            .filter(|t| t.gross > Money::ZERO)
            .collect();
        let weights: Vec<Money> = taxed.iter().map(|t| t.gross).collect();
        for (tax, gross) in taxed.iter().zip(apportion(other, &weights)) {
            if gross > Money::ZERO {
                parts.push(Part {
                    rate: tax.rate,
                    category: tax.category,
                    name: t("Refund"),
                    sku: String::new(),
                    options: Vec::new(),
                    quantity: 0,
                    unit_gross: gross,
                    gross,
                });
            }
        }
    }
    if parts.is_empty() {
        return None;
    }
    let (lines, taxes) = priced(parts);
    let mut doc = InvoiceDoc {
        kind: InvoiceKind::Cancellation,
        number,
        issued_at: at,
        delivered_at: original.delivered_at,
        cancels: Some((original.number.clone(), original.issued_at)),
        lines,
        charges: Vec::new(),
        allowances: Vec::new(),
        taxes,
        partial: true,
        reason: reason.trim().to_owned(),
        ..original.clone()
    };
    totals(&mut doc);
    Some(doc)
}

/// The cancellation of what is left of `original` after its partial cancellations: every line,
/// charge and allowance of the invoice, less the lines those cancelled (listed as negative lines
/// naming their cancellation). `None` when nothing is left.
pub fn remainder(
    original: &InvoiceDoc,
    partials: &[InvoiceDoc],
    number: String,
    at: i64,
) -> Option<InvoiceDoc> {
    let mut doc = InvoiceDoc {
        kind: InvoiceKind::Cancellation,
        number,
        issued_at: at,
        cancels: Some((original.number.clone(), original.issued_at)),
        partial: false,
        reason: String::new(),
        ..original.clone()
    };
    let mut position = u32::try_from(doc.lines.len()).unwrap_or(u32::MAX);
    for p in partials {
        for l in &p.lines {
            position += 1;
            doc.lines.push(DocLine {
                position,
                name: tf("Already cancelled (%1$s): %2$s", &[&p.number, &l.name]),
                quantity: -l.quantity,
                gross: Money::from_cents(-l.gross.cents()),
                net: Money::from_cents(-l.net.cents()),
                ..l.clone()
            });
        }
        for pt in &p.taxes {
            match doc
                .taxes
                .iter_mut()
                .find(|t| t.rate == pt.rate && t.category == pt.category)
            {
                Some(t) => {
                    t.basis = t.basis - pt.basis;
                    t.vat = t.vat - pt.vat;
                    t.gross = t.gross - pt.gross;
                }
                None => doc.taxes.push(TaxPart {
                    basis: Money::from_cents(-pt.basis.cents()),
                    vat: Money::from_cents(-pt.vat.cents()),
                    gross: Money::from_cents(-pt.gross.cents()),
                    ..pt.clone()
                }),
            }
        }
    }
    totals(&mut doc);
    (doc.gross_total > Money::ZERO).then_some(doc)
}

#[cfg(test)]
mod tests;
