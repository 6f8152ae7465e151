//! The Zusammenfassende Meldung (§ 18a UStG): per buyer VAT id, the period's tax-free
//! intra-community supplies of goods (kind L) and the services whose VAT the buyer owes (kind S),
//! from the invoices issued in the period (§ 18a (8): the period of the invoice), cancellations
//! and partial refunds taken off. Written as the CSV the BZSt's ZM form imports (CSV version 3.0,
//! UTF-8; one column for country code and VAT number, the amount in whole euros, the kind).

use super::{Category, InvoiceDoc, InvoiceKind};
use std::collections::BTreeMap;

/// What a line of the report declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ZmKind {
    /// Innergemeinschaftliche Lieferung (category K).
    Goods,
    /// Sonstige Leistung, the buyer owing the VAT (category AE).
    Services,
}

impl ZmKind {
    /// The form's letter: `L` or `S`.
    pub fn code(self) -> &'static str {
        match self {
            ZmKind::Goods => "L",
            ZmKind::Services => "S",
        }
    }
}

/// One line of the report: the buyer's VAT id (with its country code), the kind, the net sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZmRow {
    pub vat_id: String,
    pub kind: ZmKind,
    pub cents: i64,
}

impl ZmRow {
    /// The amount as the form takes it: whole euros, rounded half away from zero.
    pub fn euros(&self) -> i64 {
        let (abs, sign) = (self.cents.abs(), self.cents.signum());
        sign * ((abs + 50) / 100)
    }
}

/// The report's lines from the period's invoice documents, by VAT id and kind; lines that come
/// to nothing (an invoice cancelled in the same period) are left out.
pub fn rows<'a>(docs: impl IntoIterator<Item = &'a InvoiceDoc>) -> Vec<ZmRow> {
    let mut sums: BTreeMap<(String, ZmKind), i64> = BTreeMap::new();
    for doc in docs {
        let vat_id = doc.buyer.vat_id.trim();
        if vat_id.is_empty() {
            continue;
        }
        let sign = if doc.kind == InvoiceKind::Cancellation {
            -1
        } else {
            1
        };
        for part in &doc.taxes {
            let kind = match part.category {
                Category::K => ZmKind::Goods,
                Category::AE => ZmKind::Services,
                _ => continue,
            };
            *sums.entry((vat_id.to_owned(), kind)).or_default() += sign * part.basis.cents();
        }
    }
    sums.into_iter()
        .filter(|(_, cents)| *cents != 0)
        .map(|((vat_id, kind), cents)| ZmRow {
            vat_id,
            kind,
            cents,
        })
        .collect()
}

/// The import's column names, in German as the form has them.
const HEADER: &str = "Länderkennzeichen und USt-IdNr.,Betrag (EUR),Art der Leistung";

/// The CSV the BZSt's import reads: its version lines, a header, one line per row.
pub fn csv(rows: &[ZmRow]) -> String {
    let mut out = format!("#v3.0\n#ve3.2.0\n{HEADER}\n");
    for r in rows {
        out.push_str(&format!("{},{},{}\n", r.vat_id, r.euros(), r.kind.code()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invoice::{Party, TaxPart};
    use crate::{Money, VatRate};

    fn doc(kind: InvoiceKind, vat_id: &str, parts: &[(Category, i64)]) -> InvoiceDoc {
        InvoiceDoc {
            kind,
            buyer: Party {
                vat_id: vat_id.into(),
                ..Party::default()
            },
            taxes: parts
                .iter()
                .map(|(category, basis)| TaxPart {
                    rate: if *category == Category::S {
                        VatRate::percent(19)
                    } else {
                        VatRate::ZERO
                    },
                    category: *category,
                    basis: Money::from_cents(*basis),
                    vat: Money::ZERO,
                    gross: Money::from_cents(*basis),
                })
                .collect(),
            ..crate::invoice::tests::any_doc()
        }
    }

    #[test]
    fn sums_goods_and_services_per_vat_id_less_cancellations() {
        use Category::*;
        use InvoiceKind::*;
        let docs = [
            doc(Invoice, "ATU12345678", &[(K, 10_000), (AE, 1_000)]),
            doc(Invoice, "ATU12345678", &[(K, 2_550)]),
            // A partial refund of the first: 30 € of goods back.
            doc(Cancellation, "ATU12345678", &[(K, 3_000)]),
            doc(Invoice, "FRAB123456789", &[(K, 4_949)]),
            // Taxed at home (no intra-community supply), a consumer, an export: not declared.
            doc(Invoice, "NL123456789B01", &[(S, 9_000)]),
            doc(Invoice, "", &[(K, 9_000)]),
            doc(Invoice, "", &[(G, 9_000)]),
            // Invoiced and cancelled within the period: nothing to declare.
            doc(Invoice, "ELXX0000000", &[(K, 500)]),
            doc(Cancellation, "ELXX0000000", &[(K, 500)]),
        ];
        let rows = rows(&docs);
        let seen: Vec<(&str, &str, i64, i64)> = rows
            .iter()
            .map(|r| (r.vat_id.as_str(), r.kind.code(), r.cents, r.euros()))
            .collect();
        assert_eq!(
            seen,
            [
                ("ATU12345678", "L", 9_550, 96),
                ("ATU12345678", "S", 1_000, 10),
                ("FRAB123456789", "L", 4_949, 49),
            ]
        );
        assert_eq!(
            csv(&rows),
            "#v3.0\n#ve3.2.0\nLänderkennzeichen und USt-IdNr.,Betrag (EUR),Art der Leistung\n\
             ATU12345678,96,L\nATU12345678,10,S\nFRAB123456789,49,L\n"
        );
    }

    #[test]
    fn whole_euros_round_half_away_from_zero() {
        for (cents, euros) in [
            (0, 0),
            (49, 0),
            (50, 1),
            (149, 1),
            (150, 2),
            (-49, 0),
            (-50, -1),
            (-250, -3),
        ] {
            let row = ZmRow {
                vat_id: String::new(),
                kind: ZmKind::Goods,
                cents,
            };
            assert_eq!(row.euros(), euros, "{cents}");
        }
    }
}
