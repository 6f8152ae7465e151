//! Invoices (§14 UStG) as a document: what an invoice says, worked out from an order as sold.
//!
//! The shop sells at gross prices; an invoice must state, per VAT rate, the net amount
//! (Entgelt) and the VAT, and an EN 16931 invoice adds up in net amounts: the lines' nets plus
//! the charges (shipping) minus the allowances (coupons) are each rate's taxable amount. The
//! order's stored VAT per rate stays as charged; the nets are derived from it so every sum
//! agrees to the cent with what the customer paid.

mod net;
pub mod number;
pub mod oss;
pub mod refund;
mod shares;
pub mod vat_id;
pub mod zm;

pub use net::{net_breakdown, NetBreakdown, NetLine, RateVat};
use shares::{apportion, parts, rate_shares, Parts};

use crate::i18n::{t, tf};
use crate::pricing::deposit::Deposit;
use crate::supply::Supply;
use crate::{Money, VatLine, VatRate};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceKind {
    Invoice,
    /// Stornorechnung: cancels an invoice in full.
    Cancellation,
}

impl InvoiceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            InvoiceKind::Invoice => "invoice",
            InvoiceKind::Cancellation => "cancellation",
        }
    }

    pub fn parse(s: &str) -> Option<InvoiceKind> {
        match s {
            "invoice" => Some(InvoiceKind::Invoice),
            "cancellation" => Some(InvoiceKind::Cancellation),
            _ => None,
        }
    }

    /// The German title.
    pub fn title(self) -> String {
        match self {
            InvoiceKind::Invoice => t("Invoice"),
            InvoiceKind::Cancellation => t("Cancellation invoice"),
        }
    }
}

/// Most days an invoice may give to pay (the settings refuse more).
pub const MAX_DUE_DAYS: i64 = 365;

/// When a shop issues the invoice.
pub const INVOICE_MOMENTS: &[&str] = &["order", "paid", "completed", "never"];

/// A seller or buyer as the invoice names them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Party {
    pub name: String,
    pub company: String,
    pub street: String,
    pub street2: String,
    pub postcode: String,
    pub city: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub email: String,
    /// USt-IdNr.
    pub vat_id: String,
    /// Steuernummer (the seller's, when it has no VAT id or names both).
    pub tax_number: String,
}

impl Party {
    /// The shop as seller: its postal address is lines of text (name, street, postcode and city),
    /// as the imprint shows it; a line starting with four or five digits is the postcode's.
    pub fn seller(
        site_name: &str,
        address: &str,
        email: &str,
        vat_id: &str,
        tax_number: &str,
    ) -> Party {
        let lines: Vec<&str> = address
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let is_town = |l: &str| {
            let digits = l.chars().take_while(char::is_ascii_digit).count();
            (4..=5).contains(&digits) && l[digits..].starts_with(' ')
        };
        let town = lines.iter().position(|l| is_town(l));
        let (postcode, city) = town
            .and_then(|i| lines[i].split_once(' '))
            .map_or((String::new(), String::new()), |(p, c)| {
                (p.to_owned(), c.trim().to_owned())
            });
        let mut rest = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != town)
            .map(|(_, l)| *l);
        let name = match lines.len() {
            n if n >= 3 => rest.next().unwrap_or(site_name).to_owned(),
            _ => site_name.to_owned(),
        };
        let street = rest.next().unwrap_or_default().to_owned();
        let street2 = rest.collect::<Vec<_>>().join(", ");
        Party {
            name,
            company: String::new(),
            street,
            street2,
            postcode,
            city,
            country: crate::settings::HOME_COUNTRY.to_owned(),
            email: email.trim().to_owned(),
            vat_id: vat_id.trim().to_owned(),
            tax_number: tax_number.trim().to_owned(),
        }
    }

    /// The buyer from an order's billing address.
    pub fn buyer(a: &crate::address::Address, vat_id: &str) -> Party {
        Party {
            name: format!("{} {}", a.first_name.trim(), a.last_name.trim())
                .trim()
                .to_owned(),
            company: a.company.trim().to_owned(),
            street: a.address_1.trim().to_owned(),
            street2: a.address_2.trim().to_owned(),
            postcode: a.postcode.trim().to_owned(),
            city: a.city.trim().to_owned(),
            country: a.country.trim().to_owned(),
            email: a.email.trim().to_owned(),
            vat_id: vat_id.trim().to_owned(),
            tax_number: String::new(),
        }
    }

    /// The lines of a postal address block.
    pub fn address_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for l in [&self.company, &self.name, &self.street, &self.street2] {
            if !l.is_empty() {
                out.push(l.clone());
            }
        }
        out.push(format!("{} {}", self.postcode, self.city).trim().to_owned());
        if !self.country.is_empty() && self.country != crate::settings::HOME_COUNTRY {
            out.push(crate::country::name(&self.country));
        }
        out
    }
}

/// One line of the order as sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoldLine {
    pub name: String,
    pub sku: String,
    /// A variation's attributes as sold (its "any" ones as the shopper chose them): part of
    /// what the goods are (§14 (4) Nr. 5 UStG), written under the name.
    pub options: Vec<(String, String)>,
    pub quantity: i64,
    /// Gross unit price and line total as charged.
    pub unit_gross: Money,
    pub gross: Money,
    /// VAT rate in percent (0 for goods without VAT, and for every line of a small business).
    pub rate: VatRate,
    /// A deposit's own line (Pfand, after its goods' line): coupons take nothing off it.
    pub deposit: bool,
    /// Sold under the margin scheme for second-hand goods (§ 25a UStG): its VAT, on the dealer's
    /// margin, is not shown (rate 0 here, EN 16931 category E, "Gebrauchtgegenstände/Sonderregelung").
    pub margin: bool,
    /// A service rather than goods (a download: an electronic service): in a supply to a
    /// business in another member state the customer owes its VAT (reverse charge, category AE)
    /// where goods are a tax-free intra-community supply (category K).
    pub service: bool,
}

impl SoldLine {
    /// Goods lines in their order, then a line for each one's deposit (`per_item` charged on
    /// each of its items): the goods keep their positions (the n-th line is the order's n-th
    /// item), as refunds and WooCommerce's line ids count them.
    pub fn with_deposits<'a>(
        lines: impl IntoIterator<Item = (SoldLine, Option<(Money, &'a Deposit)>)>,
    ) -> Vec<SoldLine> {
        let mut goods = Vec::new();
        let mut deposits = Vec::new();
        for (line, deposit) in lines {
            if let Some((per_item, d)) = deposit.filter(|(m, _)| *m > Money::ZERO) {
                deposits.push(SoldLine {
                    name: Deposit::line_name(&line.name),
                    sku: String::new(),
                    options: vec![(t("Deposit type"), format!("{} ({})", d.name, d.detail()))],
                    quantity: line.quantity,
                    unit_gross: per_item,
                    gross: Money::from_cents(per_item.cents().saturating_mul(line.quantity)),
                    rate: line.rate,
                    deposit: true,
                    margin: line.margin,
                    service: line.service,
                });
            }
            goods.push(line);
        }
        goods.extend(deposits);
        goods
    }
}

/// How the invoice is to be paid.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Payment {
    /// The order's payment method (`laden_domain::payment::Method`'s ids).
    pub method: String,
    /// Whether the shop had received the payment when it issued the invoice.
    pub paid: bool,
    /// When the amount is due (`bacs`, `invoice`).
    pub due_at: Option<i64>,
    pub account_holder: String,
    pub bank_name: String,
    pub iban: String,
    pub bic: String,
}

/// What an invoice is made from: the order as sold and the shop as it was.
#[derive(Debug, Clone)]
pub struct InvoiceInput {
    pub kind: InvoiceKind,
    pub number: String,
    pub issued_at: i64,
    pub order_id: i64,
    pub order_created_at: i64,
    /// A cancellation's invoice: its number and issue time.
    pub cancels: Option<(String, i64)>,
    pub seller: Party,
    pub buyer: Party,
    pub ship_to: Option<Party>,
    /// Goods not yet shipped: the delivery is stated as the month of issue (§31 (4) UStDV).
    pub delivered_in_month: bool,
    pub lines: Vec<SoldLine>,
    /// Coupons' codes and their gross discount in all.
    pub coupon_codes: Vec<String>,
    pub discount: Money,
    pub shipping: Money,
    /// The shipping method's title as chosen (empty: none recorded).
    pub shipping_method: String,
    /// The order's VAT per rate, as charged.
    pub taxes: Vec<VatLine>,
    pub total: Money,
    pub small_business: bool,
    /// How the sale is taxed: a tax-free intra-community supply or export charges no VAT.
    pub supply: Supply,
    pub payment: Payment,
}

/// What the checkout charged for an order: its lines, the coupons' gross discount, shipping
/// (gross) and the VAT per rate as stored; what an invoice and WooCommerce's net amounts are
/// worked out from.
#[derive(Debug, Clone, Copy)]
pub struct Charged<'a> {
    pub lines: &'a [SoldLine],
    pub discount: Money,
    pub shipping: Money,
    pub taxes: &'a [VatLine],
    /// A small business (§19 UStG) charges no VAT, whatever the order's rates say.
    pub small_business: bool,
    /// How the sale is taxed (the categories of what it charged without VAT).
    pub supply: &'a Supply,
}

impl InvoiceInput {
    fn charged(&self) -> Charged<'_> {
        Charged {
            lines: &self.lines,
            discount: self.discount,
            shipping: self.shipping,
            taxes: &self.taxes,
            small_business: self.small_business,
            supply: &self.supply,
        }
    }
}

/// What a document calls the shipping charge: „Versand: Express“ with the method chosen,
/// „Versand“ without one.
pub fn shipping_label(method: &str) -> String {
    let method = method.trim();
    if method.is_empty() {
        t("Shipping")
    } else {
        tf("Shipping: %s", &[&method])
    }
}

/// EN 16931's VAT category of a rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Category {
    /// Standard or reduced rate.
    S,
    /// Zero rate (goods the shop sells without VAT).
    Z,
    /// Exempt: a small business (§19 UStG).
    E,
    /// Reverse charge within the EU: a service to a business in another member state.
    AE,
    /// Tax-free intra-community supply of goods to a business in another member state
    /// (§ 4 Nr. 1b, § 6a UStG; exemption VATEX-EU-IC).
    K,
    /// Tax-free export of goods out of the EU (§ 4 Nr. 1a, § 6 UStG; exemption VATEX-EU-G).
    G,
    /// Exempt from showing VAT: the margin scheme for second-hand goods (§ 25a UStG; EN 16931
    /// category E with the exemption VATEX-EU-F).
    Margin,
}

impl Category {
    pub fn code(self) -> &'static str {
        match self {
            Category::S => "S",
            Category::Z => "Z",
            Category::E | Category::Margin => "E",
            Category::AE => "AE",
            Category::K => "K",
            Category::G => "G",
        }
    }
}

/// The notes an invoice must carry for its exemptions (catalogue ids; the German text is kept
/// in the document as issued).
pub const SMALL_BUSINESS_NOTE: &str = "No VAT is charged under section 19 UStG.";
pub const REVERSE_CHARGE_NOTE: &str = "Reverse charge: VAT liability of the recipient.";
/// What § 14a (3) UStG has an invoice for an intra-community supply of goods say.
pub const INTRA_COMMUNITY_NOTE: &str =
    "Tax-free intra-community supply (section 4 no. 1b, section 6a UStG).";
/// What an invoice for goods exported out of the EU says (§ 4 Nr. 1a, § 6 UStG).
pub const EXPORT_NOTE: &str = "Tax-free export supply (section 4 no. 1a, section 6 UStG).";
/// What § 14a (6) UStG has an invoice for goods sold under the margin scheme say.
pub const MARGIN_NOTE: &str = "Second-hand goods/special arrangement (section 25a UStG).";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocLine {
    pub position: u32,
    pub name: String,
    pub sku: String,
    /// The variation's attributes as sold (none on documents issued before they were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(String, String)>,
    pub quantity: i64,
    pub unit_gross: Money,
    pub gross: Money,
    /// The line's net amount; the lines of a rate add up to that rate's goods net.
    pub net: Money,
    pub rate: VatRate,
    pub category: Category,
}

/// A charge (shipping) or allowance (coupons) at one rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocPart {
    pub reason: String,
    pub rate: VatRate,
    pub category: Category,
    pub gross: Money,
    pub net: Money,
}

/// One rate's sums: `basis` (net) + `vat` = `gross`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxPart {
    pub rate: VatRate,
    pub category: Category,
    pub basis: Money,
    pub vat: Money,
    pub gross: Money,
}

/// An invoice as issued: kept unchanged, the PDF and the XML are made from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceDoc {
    pub kind: InvoiceKind,
    pub number: String,
    pub issued_at: i64,
    /// The delivery date stated (BT-72): the issue date; or, when `delivered_in_month`, a day of
    /// the delivery period stated, its calendar month (BG-14, §31 (4) UStDV), for goods that had
    /// not shipped when the invoice was issued.
    pub delivered_at: i64,
    #[serde(default)]
    pub delivered_in_month: bool,
    pub order_id: i64,
    pub order_created_at: i64,
    pub cancels: Option<(String, i64)>,
    pub seller: Party,
    pub buyer: Party,
    pub ship_to: Option<Party>,
    pub lines: Vec<DocLine>,
    pub charges: Vec<DocPart>,
    pub allowances: Vec<DocPart>,
    pub taxes: Vec<TaxPart>,
    /// Sum of the lines' nets.
    pub line_net_total: Money,
    pub charge_total: Money,
    pub allowance_total: Money,
    pub net_total: Money,
    pub vat_total: Money,
    pub gross_total: Money,
    pub payment: Payment,
    pub notes: Vec<String>,
    pub currency: String,
    /// A cancellation of some lines or an amount only (a partial refund), not of the whole invoice.
    #[serde(default)]
    pub partial: bool,
    /// Why the refund was made, as staff gave it.
    #[serde(default)]
    pub reason: String,
    /// The member state whose VAT the document charges under the One-Stop-Shop (ISO code;
    /// empty: German VAT, or none), for the OSS return (`oss.rs`); a cancellation keeps its
    /// invoice's.
    #[serde(default)]
    pub taxed_in: String,
}

impl InvoiceDoc {
    /// The document's German title.
    pub fn title(&self) -> String {
        if self.partial {
            t("Partial cancellation invoice")
        } else {
            self.kind.title()
        }
    }
}

/// Works an order out into an invoice.
pub fn build(input: InvoiceInput) -> InvoiceDoc {
    let sb = input.small_business;
    let Parts {
        nets,
        charges,
        allowances,
        taxes,
    } = parts(&input, &rate_shares(&input.charged()));
    // Lines in the order's order, numbered.
    let numbered: Vec<DocLine> = input
        .lines
        .iter()
        .zip(nets)
        .zip(1..)
        .map(|((l, (net, category)), position)| DocLine {
            position,
            name: l.name.clone(),
            sku: l.sku.clone(),
            options: l.options.clone(),
            quantity: l.quantity,
            unit_gross: l.unit_gross,
            gross: l.gross,
            net,
            rate: l.rate,
            category,
        })
        .collect();
    let sum = |it: &mut dyn Iterator<Item = Money>| it.fold(Money::ZERO, |a, b| a + b);
    let line_net_total = sum(&mut numbered.iter().map(|l| l.net));
    let charge_total = sum(&mut charges.iter().map(|c| c.net));
    let allowance_total = sum(&mut allowances.iter().map(|c| c.net));
    let vat_total = sum(&mut taxes.iter().map(|t| t.vat));
    let net_total = line_net_total + charge_total - allowance_total;
    let mut notes = Vec::new();
    let holds = |c: Category| taxes.iter().any(|t| t.category == c);
    if sb {
        notes.push(t(SMALL_BUSINESS_NOTE));
    } else if holds(Category::Margin) {
        notes.push(t(MARGIN_NOTE));
    }
    // One note per exemption the document holds (an intra-community supply may hold goods and
    // downloads, each with its own).
    for (category, note) in [
        (Category::K, INTRA_COMMUNITY_NOTE),
        (Category::AE, REVERSE_CHARGE_NOTE),
        (Category::G, EXPORT_NOTE),
    ] {
        if holds(category) {
            notes.push(t(note));
        }
    }
    InvoiceDoc {
        kind: input.kind,
        number: input.number,
        issued_at: input.issued_at,
        delivered_at: input.issued_at,
        delivered_in_month: input.delivered_in_month,
        order_id: input.order_id,
        order_created_at: input.order_created_at,
        cancels: input.cancels,
        seller: input.seller,
        buyer: input.buyer,
        ship_to: input.ship_to,
        taxed_in: match &input.supply {
            Supply::Destination(country) => country.clone(),
            _ => String::new(),
        },
        lines: numbered,
        charges,
        allowances,
        taxes,
        line_net_total,
        charge_total,
        allowance_total,
        net_total,
        vat_total,
        gross_total: net_total + vat_total,
        payment: input.payment,
        notes,
        currency: "EUR".into(),
        partial: false,
        reason: String::new(),
    }
}

/// What the payment section says, in German.
pub fn payment_text(doc: &InvoiceDoc) -> Vec<String> {
    let p = &doc.payment;
    let due = p
        .due_at
        .map(crate::dates::german_local_date)
        .unwrap_or_default();
    let cancelled = doc.cancels.as_ref().map_or("", |(n, _)| n.as_str());
    if doc.kind == InvoiceKind::Cancellation {
        let mut out = vec![if doc.partial {
            tf(
                "This partial cancellation invoice cancels the lines listed of invoice %1$s. We refund %2$s.",
                &[&cancelled, &doc.gross_total],
            )
        } else {
            tf(
                "This cancellation invoice cancels invoice %s. We refund any amounts already paid.",
                &[&cancelled],
            )
        }];
        if !doc.reason.trim().is_empty() {
            out.push(tf("Reason: %s", &[&doc.reason.trim()]));
        }
        return out;
    }
    let mut out = Vec::new();
    match p.method.as_str() {
        "bacs" if p.paid => out.push(t(
            "Payment: bank transfer in advance. We have received the amount, thank you.",
        )),
        "bacs" => {
            out.push(tf(
                "Payment: bank transfer in advance. Please transfer %1$s by %2$s, quoting invoice number %3$s.",
                &[&doc.gross_total, &due, &doc.number],
            ));
            if !p.iban.is_empty() {
                out.push(tf(
                    "Account holder: %1$s · IBAN: %2$s · BIC: %3$s · Bank: %4$s",
                    &[&p.account_holder, &p.iban, &p.bic, &p.bank_name],
                ));
            }
        }
        "invoice" => out.push(tf(
            "Payment: on invoice. Payable without deduction by %1$s, quoting invoice number %2$s.",
            &[&due, &doc.number],
        )),
        "cod" => out.push(t(
            "Payment: cash on delivery. The amount is paid on delivery.",
        )),
        online if crate::payment::Method::parse(online).is_some_and(|m| m.online()) => {
            let title = crate::payment::title(online);
            out.push(match (p.paid, online) {
                (true, _) => tf(
                    "Payment: %s. We have received the amount, thank you.",
                    &[&title],
                ),
                (false, "stripe_sepa") => tf(
                    "Payment: %s. The amount is debited from your account.",
                    &[&title],
                ),
                (false, _) => tf("Payment: %s", &[&title]),
            });
        }
        other => out.push(tf("Payment: %s", &[&other])),
    }
    out
}

#[cfg(test)]
pub(crate) mod tests;
