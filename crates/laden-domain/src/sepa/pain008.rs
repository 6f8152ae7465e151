//! The shop's due debits as an ISO 20022 `pain.008.001.08` file (customer direct debit
//! initiation, SEPA Core), which the shop's bank takes by upload or EBICS: one payment block
//! (`PmtInf`) per collection date and sequence, each debit with its mandate. The tests validate
//! what this writes against the schema (`sepaxml`'s XSD).

use super::{sepa_text, Sequence};
use crate::money::Money;
use crate::xml::Xml;
use std::collections::BTreeMap;

const NAMESPACE: &str = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.08";

/// Who collects: the shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Creditor {
    pub name: String,
    /// Electronic form.
    pub iban: String,
    pub bic: Option<String>,
    pub creditor_id: String,
}

/// The debtor's postal address (the scheme asks for it where the debtor's bank is outside the
/// EEA; written whenever known).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Address {
    pub street: String,
    pub postcode: String,
    pub city: String,
    /// ISO 3166 alpha-2.
    pub country: String,
}

/// One debit: an order's amount under its mandate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Debit {
    /// The order's own reference, which the bank hands back with a return.
    pub end_to_end_id: String,
    pub amount: Money,
    pub mandate_reference: String,
    /// The day the shopper gave the mandate.
    pub signed: Day,
    pub sequence: Sequence,
    /// The collection date asked for.
    pub collection: Day,
    pub debtor_name: String,
    pub debtor_iban: String,
    pub debtor_bic: Option<String>,
    pub debtor_address: Option<Address>,
    /// What the debtor's statement says (`Bestellung 1042`).
    pub remittance: String,
}

/// A file of debits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    /// Unique per file (at most 35 characters).
    pub message_id: String,
    /// When it was made, ISO 8601 with its offset (`2026-12-07T16:00:00+01:00`).
    pub created: String,
    pub creditor: Creditor,
    pub debits: Vec<Debit>,
}

/// A calendar day, (year, month, day).
pub type Day = (i64, u32, u32);

fn ymd((y, m, d): Day) -> String {
    format!("{y:04}-{m:02}-{d:02}")
}

/// `NOTPROVIDED` where a bank is not named by BIC (the IBAN-only rule inside the EEA).
fn agent(x: &mut Xml, tag: &str, bic: Option<&str>) {
    x.wrap(tag, |x| {
        x.wrap("FinInstnId", |x| match bic {
            Some(bic) => x.text("BICFI", bic),
            None => x.wrap("Othr", |x| x.text("Id", "NOTPROVIDED")),
        })
    });
}

fn sum(debits: &[&Debit]) -> Money {
    Money::from_cents(debits.iter().map(|d| d.amount.cents()).sum())
}

/// The file for `batch` (empty blocks are not written; a batch without debits has none).
pub fn pain008(batch: &Batch) -> String {
    let mut blocks: BTreeMap<(Day, Sequence), Vec<&Debit>> = BTreeMap::new();
    for d in &batch.debits {
        blocks
            .entry((d.collection, d.sequence))
            .or_default()
            .push(d);
    }
    let all: Vec<&Debit> = batch.debits.iter().collect();
    let c = &batch.creditor;
    let mut x = Xml::with_capacity(2048 + 1024 * batch.debits.len());
    x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.raw(&format!("<Document xmlns=\"{NAMESPACE}\">"));
    x.wrap("CstmrDrctDbtInitn", |x| {
        x.wrap("GrpHdr", |x| {
            x.text("MsgId", &sepa_text(&batch.message_id, 35));
            x.text("CreDtTm", &batch.created);
            x.text("NbOfTxs", &all.len().to_string());
            x.text("CtrlSum", &sum(&all).to_decimal_string());
            x.wrap("InitgPty", |x| x.text("Nm", &sepa_text(&c.name, 70)));
        });
        for (n, ((day, sequence), debits)) in blocks.iter().enumerate() {
            x.wrap("PmtInf", |x| {
                x.text(
                    "PmtInfId",
                    &sepa_text(&format!("{}-{}", batch.message_id, n + 1), 35),
                );
                x.text("PmtMtd", "DD");
                x.text("NbOfTxs", &debits.len().to_string());
                x.text("CtrlSum", &sum(debits).to_decimal_string());
                x.wrap("PmtTpInf", |x| {
                    x.wrap("SvcLvl", |x| x.text("Cd", "SEPA"));
                    x.wrap("LclInstrm", |x| x.text("Cd", "CORE"));
                    x.text("SeqTp", sequence.code());
                });
                x.text("ReqdColltnDt", &ymd(*day));
                x.wrap("Cdtr", |x| x.text("Nm", &sepa_text(&c.name, 70)));
                x.wrap("CdtrAcct", |x| x.wrap("Id", |x| x.text("IBAN", &c.iban)));
                agent(x, "CdtrAgt", c.bic.as_deref());
                x.text("ChrgBr", "SLEV");
                x.wrap("CdtrSchmeId", |x| {
                    x.wrap("Id", |x| {
                        x.wrap("PrvtId", |x| {
                            x.wrap("Othr", |x| {
                                x.text("Id", &c.creditor_id);
                                x.wrap("SchmeNm", |x| x.text("Prtry", "SEPA"));
                            })
                        })
                    })
                });
                for d in debits {
                    transaction(x, d);
                }
            });
        }
    });
    x.raw("</Document>\n");
    x.into_string()
}

fn transaction(x: &mut Xml, d: &Debit) {
    x.wrap("DrctDbtTxInf", |x| {
        x.wrap("PmtId", |x| {
            x.text("EndToEndId", &sepa_text(&d.end_to_end_id, 35))
        });
        x.attr_text("InstdAmt", "Ccy=\"EUR\"", &d.amount.to_decimal_string());
        x.wrap("DrctDbtTx", |x| {
            x.wrap("MndtRltdInf", |x| {
                x.text("MndtId", &sepa_text(&d.mandate_reference, 35));
                x.text("DtOfSgntr", &ymd(d.signed));
            })
        });
        agent(x, "DbtrAgt", d.debtor_bic.as_deref());
        x.wrap("Dbtr", |x| {
            x.text("Nm", &sepa_text(&d.debtor_name, 70));
            if let Some(a) = &d.debtor_address {
                x.wrap("PstlAdr", |x| {
                    if !a.street.is_empty() {
                        x.text("StrtNm", &sepa_text(&a.street, 70));
                    }
                    if !a.postcode.is_empty() {
                        x.text("PstCd", &sepa_text(&a.postcode, 16));
                    }
                    if !a.city.is_empty() {
                        x.text("TwnNm", &sepa_text(&a.city, 35));
                    }
                    x.text("Ctry", &a.country);
                });
            }
        });
        x.wrap("DbtrAcct", |x| {
            x.wrap("Id", |x| x.text("IBAN", &d.debtor_iban))
        });
        x.wrap("RmtInf", |x| {
            x.text("Ustrd", &sepa_text(&d.remittance, 140))
        });
    });
}
