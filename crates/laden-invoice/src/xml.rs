//! The invoice as UN/CEFACT Cross Industry Invoice (D16B) in the Factur-X / ZUGFeRD 2
//! "EN 16931" profile: the XML a PDF carries as `factur-x.xml`. Element order follows the
//! Factur-X 1.0.7 EN 16931 schema; the tests validate against it.

use laden_domain::i18n::t;
use laden_domain::invoice::{Category, InvoiceDoc, InvoiceKind, Party};
use laden_domain::xml::Xml;
use laden_domain::Money;

/// The profile's guideline id (BT-24).
pub const GUIDELINE: &str = "urn:cen.eu:en16931:2017";

/// What the CII adds to the writer: amounts and its two date forms.
trait CiiXml {
    fn amount(&mut self, name: &str, m: Money);
    fn date(&mut self, name: &str, unix: i64, qualified: bool);
    fn day(&mut self, name: &str, day: (i64, u32, u32), qualified: bool);
}

impl CiiXml for Xml {
    fn amount(&mut self, name: &str, m: Money) {
        self.text(name, &m.to_decimal_string());
    }

    fn date(&mut self, name: &str, unix: i64, qualified: bool) {
        let day = laden_domain::dates::german_ymd(unix);
        self.day(name, day, qualified);
    }

    /// A calendar day, `(year, month, day)`.
    fn day(&mut self, name: &str, (y, m, d): (i64, u32, u32), qualified: bool) {
        self.open(name);
        let tag = if qualified {
            "qdt:DateTimeString"
        } else {
            "udt:DateTimeString"
        };
        self.attr_text(tag, "format=\"102\"", &format!("{y:04}{m:02}{d:02}"));
        self.close(name);
    }
}

fn party(x: &mut Xml, tag: &str, p: &Party) {
    x.wrap(tag, |x| {
        // BR-CO-26: a seller without a VAT id is named by its tax number (BT-29).
        if p.vat_id.is_empty() && !p.tax_number.is_empty() {
            x.text("ram:ID", &p.tax_number);
        }
        let name = if p.company.is_empty() {
            &p.name
        } else {
            &p.company
        };
        x.text("ram:Name", name);
        if !p.company.is_empty() && !p.name.is_empty() {
            x.wrap("ram:DefinedTradeContact", |x| {
                x.text("ram:PersonName", &p.name)
            });
        }
        x.wrap("ram:PostalTradeAddress", |x| {
            if !p.postcode.is_empty() {
                x.text("ram:PostcodeCode", &p.postcode);
            }
            if !p.street.is_empty() {
                x.text("ram:LineOne", &p.street);
            }
            if !p.street2.is_empty() {
                x.text("ram:LineTwo", &p.street2);
            }
            if !p.city.is_empty() {
                x.text("ram:CityName", &p.city);
            }
            x.text("ram:CountryID", &p.country);
        });
        if !p.email.is_empty() {
            x.wrap("ram:URIUniversalCommunication", |x| {
                x.attr_text("ram:URIID", "schemeID=\"EM\"", &p.email)
            });
        }
        if !p.tax_number.is_empty() {
            x.wrap("ram:SpecifiedTaxRegistration", |x| {
                x.attr_text("ram:ID", "schemeID=\"FC\"", &p.tax_number)
            });
        }
        if !p.vat_id.is_empty() {
            x.wrap("ram:SpecifiedTaxRegistration", |x| {
                x.attr_text("ram:ID", "schemeID=\"VA\"", &p.vat_id)
            });
        }
    });
}

fn exemption(x: &mut Xml, c: Category) {
    match c {
        Category::E => x.text(
            "ram:ExemptionReason",
            &t("Small business under section 19 UStG"),
        ),
        Category::AE => x.text("ram:ExemptionReason", &t("Reverse charge")),
        Category::K => x.text("ram:ExemptionReason", &t("Tax-free intra-community supply")),
        Category::G => x.text("ram:ExemptionReason", &t("Tax-free export supply")),
        Category::Margin => x.text(
            "ram:ExemptionReason",
            &t("Second-hand goods/special arrangement"),
        ),
        _ => {}
    }
}

fn exemption_code(x: &mut Xml, c: Category) {
    match c {
        Category::AE => x.text("ram:ExemptionReasonCode", "VATEX-EU-AE"),
        Category::K => x.text("ram:ExemptionReasonCode", "VATEX-EU-IC"),
        Category::G => x.text("ram:ExemptionReasonCode", "VATEX-EU-G"),
        // The margin scheme for second-hand goods (Art. 313 of Directive 2006/112/EC).
        Category::Margin => x.text("ram:ExemptionReasonCode", "VATEX-EU-F"),
        _ => {}
    }
}

/// The category and rate of a line, charge or allowance (`ram:CategoryTradeTax` and the like).
fn category_tax(x: &mut Xml, tag: &str, c: Category, rate: laden_domain::VatRate) {
    x.wrap(tag, |x| {
        x.text("ram:TypeCode", "VAT");
        x.text("ram:CategoryCode", c.code());
        x.text("ram:RateApplicablePercent", &rate.decimal());
    });
}

/// A net unit price to four decimals (a line's net need not divide by its quantity).
/// The net price of one unit to four decimals; a line taken back (negative quantity and net)
/// still has a positive price (BR-27).
fn unit_price(net: Money, qty: i64) -> String {
    if qty == 0 {
        return net.to_decimal_string();
    }
    let (net, qty) = if qty < 0 {
        (-i128::from(net.cents()), -i128::from(qty))
    } else {
        (i128::from(net.cents()), i128::from(qty))
    };
    let scaled = (net * 100 * 2 + qty) / (2 * qty);
    let sign = if scaled < 0 { "-" } else { "" };
    let a = scaled.unsigned_abs();
    format!("{sign}{}.{:04}", a / 10_000, a % 10_000)
}

fn payment_means_code(method: &str, has_iban: bool) -> &'static str {
    laden_domain::payment::Method::parse(method)
        .unwrap_or(laden_domain::payment::Method::Bacs)
        .means_code(has_iban)
}

/// The invoice's Cross Industry Invoice XML.
pub fn cii(doc: &InvoiceDoc) -> String {
    let mut x = Xml::with_capacity(8 * 1024);
    x.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.raw("<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\" xmlns:qdt=\"urn:un:unece:uncefact:data:standard:QualifiedDataType:100\" xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\" xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\">");
    x.wrap("rsm:ExchangedDocumentContext", |x| {
        x.wrap("ram:GuidelineSpecifiedDocumentContextParameter", |x| {
            x.text("ram:ID", GUIDELINE)
        });
    });
    x.wrap("rsm:ExchangedDocument", |x| {
        x.text("ram:ID", &doc.number);
        // 380 commercial invoice; a cancellation is a credit note (381) naming the invoice.
        x.text(
            "ram:TypeCode",
            match doc.kind {
                InvoiceKind::Invoice => "380",
                InvoiceKind::Cancellation => "381",
            },
        );
        x.date("ram:IssueDateTime", doc.issued_at, false);
        for note in &doc.notes {
            x.wrap("ram:IncludedNote", |x| x.text("ram:Content", note));
        }
    });
    x.wrap("rsm:SupplyChainTradeTransaction", |x| {
        for l in &doc.lines {
            line_item(x, l);
        }
        x.wrap("ram:ApplicableHeaderTradeAgreement", |x| {
            party(x, "ram:SellerTradeParty", &doc.seller);
            party(x, "ram:BuyerTradeParty", &doc.buyer);
            x.wrap("ram:SellerOrderReferencedDocument", |x| {
                x.text("ram:IssuerAssignedID", &doc.order_id.to_string())
            });
        });
        x.wrap("ram:ApplicableHeaderTradeDelivery", |x| delivery(x, doc));
        x.wrap("ram:ApplicableHeaderTradeSettlement", |x| {
            settlement(x, doc)
        });
    });
    x.0.push_str("</rsm:CrossIndustryInvoice>\n");
    x.0
}

/// One invoice line (BG-25): its position, product, net unit price, quantity, tax and net total.
fn line_item(x: &mut Xml, l: &laden_domain::invoice::DocLine) {
    x.wrap("ram:IncludedSupplyChainTradeLineItem", |x| {
        x.wrap("ram:AssociatedDocumentLineDocument", |x| {
            x.text("ram:LineID", &l.position.to_string())
        });
        x.wrap("ram:SpecifiedTradeProduct", |x| {
            if !l.sku.is_empty() {
                x.text("ram:SellerAssignedID", &l.sku);
            }
            x.text("ram:Name", &l.name);
            // BG-32: the item's attributes (a variation's size, colour, …).
            for (attribute, value) in &l.options {
                x.wrap("ram:ApplicableProductCharacteristic", |x| {
                    x.text("ram:Description", attribute);
                    x.text("ram:Value", value);
                });
            }
        });
        x.wrap("ram:SpecifiedLineTradeAgreement", |x| {
            x.wrap("ram:NetPriceProductTradePrice", |x| {
                x.text("ram:ChargeAmount", &unit_price(l.net, l.quantity))
            });
        });
        x.wrap("ram:SpecifiedLineTradeDelivery", |x| {
            // H87: piece.
            x.attr_text(
                "ram:BilledQuantity",
                "unitCode=\"H87\"",
                &l.quantity.to_string(),
            )
        });
        x.wrap("ram:SpecifiedLineTradeSettlement", |x| {
            category_tax(x, "ram:ApplicableTradeTax", l.category, l.rate);
            x.wrap("ram:SpecifiedTradeSettlementLineMonetarySummation", |x| {
                x.amount("ram:LineTotalAmount", l.net)
            });
        });
    });
}

/// Where and when the goods were delivered (`ram:ApplicableHeaderTradeDelivery`).
fn delivery(x: &mut Xml, doc: &InvoiceDoc) {
    // Goods not yet shipped name where they go (the buyer's address when the same), as
    // the delivery has no date yet; so does an intra-community supply, whose deliver-to country
    // EN 16931 asks for (BR-IC-12).
    let intra_community = doc.taxes.iter().any(|t| t.category == Category::K);
    let same = (doc.delivered_in_month || intra_community).then(|| laden_domain::invoice::Party {
        vat_id: String::new(),
        tax_number: String::new(),
        email: String::new(),
        ..doc.buyer.clone()
    });
    if let Some(to) = doc.ship_to.as_ref().or(same.as_ref()) {
        party(x, "ram:ShipToTradeParty", to);
    }
    // Goods not yet shipped state the month as the invoicing period (BG-14) instead.
    if !doc.delivered_in_month {
        x.wrap("ram:ActualDeliverySupplyChainEvent", |x| {
            x.date("ram:OccurrenceDateTime", doc.delivered_at, false)
        });
    }
}

/// The settlement (`ram:ApplicableHeaderTradeSettlement`): payment reference and means, the VAT
/// breakdown, the billing period, charges and allowances, payment terms and the totals.
fn settlement(x: &mut Xml, doc: &InvoiceDoc) {
    x.text("ram:PaymentReference", &doc.number);
    x.text("ram:InvoiceCurrencyCode", &doc.currency);
    let p = &doc.payment;
    x.wrap("ram:SpecifiedTradeSettlementPaymentMeans", |x| {
        payment_means(x, p)
    });
    for t in &doc.taxes {
        x.wrap("ram:ApplicableTradeTax", |x| {
            x.amount("ram:CalculatedAmount", t.vat);
            x.text("ram:TypeCode", "VAT");
            exemption(x, t.category);
            x.amount("ram:BasisAmount", t.basis);
            x.text("ram:CategoryCode", t.category.code());
            exemption_code(x, t.category);
            x.text("ram:RateApplicablePercent", &t.rate.decimal());
        });
    }
    if doc.delivered_in_month {
        let at = doc.delivered_at;
        let (y, m, _) = laden_domain::dates::german_ymd(at);
        x.wrap("ram:BillingSpecifiedPeriod", |x| {
            x.day("ram:StartDateTime", (y, m, 1), false);
            x.day(
                "ram:EndDateTime",
                (y, m, laden_domain::dates::days_in_month(y, m)),
                false,
            );
        });
    }
    for (parts, charge) in [(&doc.allowances, false), (&doc.charges, true)] {
        for c in parts {
            x.wrap("ram:SpecifiedTradeAllowanceCharge", |x| {
                x.wrap("ram:ChargeIndicator", |x| {
                    x.text("udt:Indicator", if charge { "true" } else { "false" })
                });
                x.amount("ram:ActualAmount", c.net);
                x.text("ram:Reason", &c.reason);
                category_tax(x, "ram:CategoryTradeTax", c.category, c.rate);
            });
        }
    }
    let prepaid = if p.paid && doc.kind == InvoiceKind::Invoice {
        doc.gross_total
    } else {
        Money::ZERO
    };
    x.wrap("ram:SpecifiedTradePaymentTerms", |x| {
        let text = laden_domain::invoice::payment_text(doc).join(" ");
        x.text("ram:Description", &text);
        if let (Some(due), false) = (p.due_at, p.paid) {
            x.date("ram:DueDateDateTime", due, false);
        }
    });
    x.wrap("ram:SpecifiedTradeSettlementHeaderMonetarySummation", |x| {
        summation(x, doc, prepaid)
    });
    if let Some((number, issued)) = &doc.cancels {
        x.wrap("ram:InvoiceReferencedDocument", |x| {
            x.text("ram:IssuerAssignedID", number);
            x.date("ram:FormattedIssueDateTime", *issued, true);
        });
    }
}

/// How the invoice is paid (BG-16): the means' code and, for a transfer, the shop's account.
fn payment_means(x: &mut Xml, p: &laden_domain::invoice::Payment) {
    let iban: String = p.iban.chars().filter(|c| !c.is_whitespace()).collect();
    x.text(
        "ram:TypeCode",
        payment_means_code(&p.method, !iban.is_empty()),
    );
    if !iban.is_empty() && p.method != "cod" {
        x.wrap("ram:PayeePartyCreditorFinancialAccount", |x| {
            x.text("ram:IBANID", &iban);
            if !p.account_holder.is_empty() {
                x.text("ram:AccountName", &p.account_holder);
            }
        });
        if !p.bic.is_empty() {
            x.wrap("ram:PayeeSpecifiedCreditorFinancialInstitution", |x| {
                x.text("ram:BICID", &p.bic)
            });
        }
    }
}

/// The document totals (BG-22).
fn summation(x: &mut Xml, doc: &InvoiceDoc, prepaid: Money) {
    x.amount("ram:LineTotalAmount", doc.line_net_total);
    x.amount("ram:ChargeTotalAmount", doc.charge_total);
    x.amount("ram:AllowanceTotalAmount", doc.allowance_total);
    x.amount("ram:TaxBasisTotalAmount", doc.net_total);
    x.attr_text(
        "ram:TaxTotalAmount",
        "currencyID=\"EUR\"",
        &doc.vat_total.to_decimal_string(),
    );
    x.amount("ram:GrandTotalAmount", doc.gross_total);
    x.amount("ram:TotalPrepaidAmount", prepaid);
    x.amount("ram:DuePayableAmount", doc.gross_total - prepaid);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_prices_to_four_decimals() {
        for (net, qty, want) in [
            (2000, 2, "10.0000"),
            (1000, 3, "3.3333"),
            (200, 3, "0.6667"),
            (5, 1, "0.0500"),
            (-2000, -2, "10.0000"),
        ] {
            assert_eq!(unit_price(Money::from_cents(net), qty), want);
        }
    }
}
