//! The One-Stop-Shop return (§ 18j UStG): per member state of consumption and VAT rate, the
//! quarter's taxable amounts and the VAT on them, from the invoices issued in it that charged a
//! member state's VAT (`InvoiceDoc::taxed_in`), cancellations and partial refunds taken off.
//! Written as a CSV with the figures the BZSt's OSS form asks for, in German decimals.

use super::{Category, InvoiceDoc, InvoiceKind};
use crate::{Money, VatRate};
use std::collections::BTreeMap;

/// One line of the return: a member state, a rate, the net amount and the VAT on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OssRow {
    pub country: String,
    pub rate: VatRate,
    pub basis: Money,
    pub vat: Money,
}

/// The return's lines from the period's documents, by member state and rate (highest first);
/// lines that come to nothing (an invoice cancelled in the same quarter) are left out.
pub fn rows<'a>(docs: impl IntoIterator<Item = &'a InvoiceDoc>) -> Vec<OssRow> {
    let mut sums: BTreeMap<(String, std::cmp::Reverse<VatRate>), (i64, i64)> = BTreeMap::new();
    for doc in docs {
        if doc.taxed_in.is_empty() {
            continue;
        }
        let sign = if doc.kind == InvoiceKind::Cancellation {
            -1
        } else {
            1
        };
        for part in doc.taxes.iter().filter(|p| p.category == Category::S) {
            let e = sums
                .entry((doc.taxed_in.clone(), std::cmp::Reverse(part.rate)))
                .or_default();
            e.0 += sign * part.basis.cents();
            e.1 += sign * part.vat.cents();
        }
    }
    sums.into_iter()
        .filter(|(_, (basis, vat))| *basis != 0 || *vat != 0)
        .map(|((country, rate), (basis, vat))| OssRow {
            country,
            rate: rate.0,
            basis: Money::from_cents(basis),
            vat: Money::from_cents(vat),
        })
        .collect()
}

/// The return as a `;`-separated CSV with decimal commas, as German spreadsheets read it.
pub fn csv(rows: &[OssRow]) -> String {
    let de = |m: Money| m.to_decimal_string().replace('.', ",");
    let mut out = String::from("Land;Steuersatz;Bemessungsgrundlage;Steuerbetrag\n");
    for r in rows {
        out.push_str(&format!(
            "{};{};{};{}\n",
            r.country,
            r.rate.german(),
            de(r.basis),
            de(r.vat)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invoice::TaxPart;

    fn doc(kind: InvoiceKind, taxed_in: &str, taxes: &[(i64, Category, i64, i64)]) -> InvoiceDoc {
        let mut d = crate::invoice::tests::any_doc();
        d.kind = kind;
        d.taxed_in = taxed_in.into();
        d.taxes = taxes
            .iter()
            .map(|&(rate, category, basis, vat)| TaxPart {
                rate: VatRate::from_hundredths(rate),
                category,
                basis: Money::from_cents(basis),
                vat: Money::from_cents(vat),
                gross: Money::from_cents(basis + vat),
            })
            .collect();
        d
    }

    #[test]
    fn the_quarter_sums_each_member_states_rates_and_takes_cancellations_off() {
        use Category::*;
        use InvoiceKind::*;
        let docs = [
            doc(Invoice, "AT", &[(2000, S, 2266, 453), (1000, S, 1110, 111)]),
            doc(Invoice, "AT", &[(2000, S, 1000, 200)]),
            doc(Invoice, "FR", &[(550, S, 1000, 55)]),
            // German VAT (below the threshold) and tax-free supplies are not in the return.
            doc(Invoice, "", &[(1900, S, 1000, 190)]),
            doc(Invoice, "", &[(0, K, 1000, 0)]),
            // A partial refund on the Austrian 10 %, and a French invoice cancelled whole.
            doc(Cancellation, "AT", &[(1000, S, 110, 11)]),
            doc(Invoice, "FR", &[(2000, S, 500, 100)]),
            doc(Cancellation, "FR", &[(2000, S, 500, 100)]),
        ];
        let got: Vec<(String, i64, i64, i64)> = rows(&docs)
            .into_iter()
            .map(|r| {
                (
                    r.country,
                    r.rate.hundredths(),
                    r.basis.cents(),
                    r.vat.cents(),
                )
            })
            .collect();
        let want = [
            ("AT", 2000, 3266, 653),
            ("AT", 1000, 1000, 100),
            ("FR", 550, 1000, 55),
        ];
        assert_eq!(
            got,
            want.map(|(c, r, b, v)| (c.to_owned(), r, b, v)).to_vec()
        );
        assert_eq!(
            csv(&rows(&docs)),
            "Land;Steuersatz;Bemessungsgrundlage;Steuerbetrag\nAT;20;32,66;6,53\nAT;10;10,00;1,00\nFR;5,5;10,00;0,55\n"
        );
    }
}
