//! What a mail and the customer's account page say about an order, written once: blocks of
//! headings, paragraphs, label/value tables, links and addresses, and the parts an order is told
//! in (its lines, its totals, how it is paid, the bank details for a transfer, its addresses).
//! `mail::template` renders the blocks to a mail's HTML and text; [`page_html`] to a shop page.

use crate::dates::german_local_date;
use crate::documents::esc;
use laden_domain::i18n::{t, tf};
use laden_domain::supply::Supply;
use laden_domain::Money;
use laden_store::{PlacedOrder, SiteSettings};

/// One block of a mail or an account page, rendered to mail HTML, to text or to page HTML alike.
pub(crate) enum Block {
    Heading(String),
    Para(String),
    /// Label/value rows; a label may carry a second, smaller line.
    Table(Vec<(String, String, String)>),
    Link(String, String),
    /// A postal address, one line each.
    Address(String),
}

pub(crate) fn money(cents: i64) -> String {
    Money::from_cents(cents).format_de()
}

pub(crate) fn address_lines(a: &laden_store::Address) -> String {
    let mut lines = vec![format!("{} {}", a.first_name, a.last_name)
        .trim()
        .to_owned()];
    for l in [&a.company, &a.address_1, &a.address_2] {
        if !l.trim().is_empty() {
            lines.push(l.clone());
        }
    }
    lines.push(format!("{} {}", a.postcode, a.city).trim().to_owned());
    lines.push(laden_domain::country::name(&a.country));
    lines.retain(|l| !l.is_empty());
    lines.join("\n")
}

pub(crate) fn items_table(o: &PlacedOrder, delivery_default: &str) -> Block {
    Block::Table(
        o.items
            .iter()
            .map(|i| {
                // The variation's options as sold, an "any" one as the shopper chose it.
                let mut sub: Vec<String> = i
                    .variation
                    .iter()
                    .map(|(attribute, value)| format!("{attribute}: {value}"))
                    .collect();
                if let (Some(price), Some(base)) = (
                    i.unit_pricing.get("price").and_then(|v| v.as_i64()),
                    i.unit_pricing.get("base").and_then(|v| v.as_str()),
                ) {
                    sub.push(format!("({} / {base})", money(price)));
                }
                let delivery = if i.delivery_time.is_empty() {
                    delivery_default
                } else {
                    i.delivery_time.as_str()
                };
                if !delivery.is_empty() {
                    sub.push(tf("Delivery time: %s", &[&delivery]));
                }
                if i.margin {
                    sub.push(laden_domain::tax::margin_scheme_notice());
                }
                if let Some(d) = i.deposit_as_sold.as_ref().filter(|_| i.deposit > 0) {
                    sub.push(d.notice_at(laden_domain::Money::from_cents(i.deposit)));
                }
                (
                    format!("{} × {}", i.quantity, i.name),
                    sub.join(" · "),
                    money(i.line_total),
                )
            })
            .collect(),
    )
}

pub(crate) fn totals_table(o: &PlacedOrder, s: &SiteSettings) -> Block {
    let mut rows = vec![(t("Subtotal"), String::new(), money(o.items_total))];
    for c in &o.coupons {
        rows.push((
            tf("Coupon: %s", &[&c.code]),
            String::new(),
            format!("−{}", money(c.discount)),
        ));
    }
    if o.deposit_total > 0 {
        rows.push((t("Deposit"), String::new(), money(o.deposit_total)));
    }
    // The method chosen beneath the label, as the items' details are.
    rows.push((
        t("Shipping"),
        o.shipping_method_title.trim().to_owned(),
        if o.shipping_total == 0 {
            t("Free")
        } else {
            money(o.shipping_total)
        },
    ));
    rows.push((t("Total"), String::new(), money(o.total)));
    if s.shop.small_business {
        rows.push((
            t("No VAT is charged under §19 UStG (small business)."),
            String::new(),
            String::new(),
        ));
    } else if let Some(lines) = o.taxes.as_array() {
        for l in lines {
            let rate = l
                .get("rate_percent")
                .and_then(|v| serde_json::from_value::<laden_domain::VatRate>(v.clone()).ok())
                .unwrap_or_default()
                .german();
            let vat = l.get("vat").and_then(|v| v.as_i64()).unwrap_or(0);
            rows.push((tf("incl. VAT %s %", &[&rate]), String::new(), money(vat)));
        }
    }
    Block::Table(rows)
}

/// An order's lines and totals, how it is paid and, for a business customer, its VAT id and why a
/// reverse-charge order carries no VAT.
pub(crate) fn order_summary(order: &PlacedOrder, s: &SiteSettings) -> Vec<Block> {
    let mut blocks = vec![
        items_table(order, &s.shop.delivery_time),
        totals_table(order, s),
        Block::Table(vec![(
            t("Payment method"),
            String::new(),
            laden_domain::payment::title(&order.payment_method),
        )]),
    ];
    if !order.vat_id.is_empty() {
        blocks.push(Block::Para(tf("VAT ID: %s", &[&order.vat_id])));
    }
    if let Some(notice) = tax_free_notice(order) {
        blocks.push(Block::Para(t(notice)));
    }
    blocks
}

/// Why an order charged no VAT, where it is a tax-free supply (catalogue id): goods to a
/// business in another member state, only downloads to one (reverse charge), an export.
pub(crate) fn tax_free_notice(order: &PlacedOrder) -> Option<&'static str> {
    supply_notice(&order.supply(), order.needs_shipping)
}

/// Why a sale of `supply` charges no VAT (catalogue id), where it is tax-free; `goods`: whether
/// any of it is shipped (else an intra-community sale is of services only, reverse-charged).
pub(crate) fn supply_notice(supply: &Supply, goods: bool) -> Option<&'static str> {
    match supply {
        Supply::IntraCommunity if goods => {
            Some("Tax-free intra-community supply: the amounts are without VAT.")
        }
        Supply::IntraCommunity => {
            Some("Reverse charge: the recipient owes the VAT. The amounts are without VAT.")
        }
        Supply::Export => Some("Tax-free export: the amounts are without German VAT."),
        Supply::Domestic | Supply::Destination(_) => None,
    }
}

/// Where to transfer the total of an order paid in advance (Vorkasse), with the reference.
pub(crate) fn bank_details(order: &PlacedOrder, s: &SiteSettings) -> Vec<Block> {
    let mut rows = Vec::new();
    for (label, value) in [
        ("Account holder", &s.shop.bank_account_holder),
        ("Bank", &s.shop.bank_name),
        ("IBAN", &s.shop.bank_iban),
        ("BIC", &s.shop.bank_bic),
    ] {
        if !value.trim().is_empty() {
            rows.push((t(label), String::new(), value.clone()));
        }
    }
    rows.push((t("Amount"), String::new(), money(order.total)));
    rows.push((
        t("Reference"),
        String::new(),
        tf("Order %s", &[&order.id.to_string()]),
    ));
    vec![
        Block::Heading(t("Our bank details")),
        Block::Para(t("Please transfer the total to our account, quoting the order number. We ship as soon as the payment has arrived.")),
        Block::Table(rows),
    ]
}

/// The billing address and, for an order with goods to ship, the shipping address.
pub(crate) fn addresses(order: &PlacedOrder) -> Vec<Block> {
    let mut blocks = vec![
        Block::Heading(t("Billing address")),
        Block::Address(address_lines(&order.billing)),
    ];
    // An order of only virtual goods ships nothing: it has no shipping address.
    if order.needs_shipping {
        blocks.push(Block::Heading(t("Shipping address")));
        blocks.push(Block::Address(address_lines(&order.shipping)));
    }
    blocks
}

/// The order's refunds, each with its date and reason, and what the order comes to after them.
pub(crate) fn refunds_table(order: &PlacedOrder) -> Option<Block> {
    if order.refunds.is_empty() {
        return None;
    }
    let mut rows: Vec<(String, String, String)> = order
        .refunds
        .iter()
        .map(|r| {
            (
                tf("Refund of %s", &[&german_local_date(r.created_at)]),
                r.reason.clone(),
                format!("−{}", money(r.amount)),
            )
        })
        .collect();
    let refunded: i64 = order.refunds.iter().map(|r| r.amount).sum();
    rows.push((
        t("Total after refunds"),
        String::new(),
        money(order.total - refunded),
    ));
    Some(Block::Table(rows))
}

/// Blocks as part of a shop page: headings at the page's second level, tables with the label as
/// each row's header (WCAG 1.3.1), addresses as `<address>`.
pub(crate) fn page_html(blocks: &[Block]) -> String {
    let mut h = String::with_capacity(2048);
    for b in blocks {
        match b {
            Block::Heading(s) => h.push_str(&format!("<h2>{}</h2>", esc(s))),
            Block::Para(s) => h.push_str(&format!("<p>{}</p>", esc(s).replace('\n', "<br>"))),
            Block::Address(s) => h.push_str(&format!(
                "<address>{}</address>",
                esc(s).replace('\n', "<br>")
            )),
            Block::Table(rows) => {
                h.push_str("<table class=\"order-table\"><tbody>");
                for (label, sub, value) in rows {
                    let sub = if sub.is_empty() {
                        String::new()
                    } else {
                        format!("<br><small>{}</small>", esc(sub))
                    };
                    h.push_str(&format!(
                        "<tr><th scope=\"row\">{}{sub}</th><td>{}</td></tr>",
                        esc(label),
                        esc(value)
                    ));
                }
                h.push_str("</tbody></table>");
            }
            Block::Link(label, url) => h.push_str(&format!(
                "<p><a href=\"{}\">{}</a></p>",
                esc(url),
                esc(label)
            )),
        }
    }
    h
}
