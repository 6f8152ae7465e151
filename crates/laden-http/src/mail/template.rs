//! The one template every mail is written in: blocks of headings, paragraphs,
//! label/value tables and links, rendered to HTML and to plain text alike, and
//! the parts several mails share (an order's lines, its totals, the shop's footer).

use crate::documents::esc;
use laden_domain::i18n::{t, tf};
use laden_domain::Money;
use laden_store::{PlacedOrder, SiteSettings};

/// One block of a mail, rendered to HTML and to text alike.
pub(super) enum Block {
    Heading(String),
    Para(String),
    /// Label/value rows; a label may carry a second, smaller line.
    Table(Vec<(String, String, String)>),
    Link(String, String),
}

pub(super) struct Rendered {
    pub(super) subject: String,
    pub(super) blocks: Vec<Block>,
    /// (file name, HTML document)
    pub(super) attachments: Vec<(String, String)>,
}

pub(super) fn money(cents: i64) -> String {
    Money::from_cents(cents).format_de()
}

pub(super) fn render_html(title: &str, blocks: &[Block], footer: &[String]) -> String {
    let mut h = String::with_capacity(4096);
    h.push_str("<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">");
    h.push_str(&format!("<title>{}</title></head>", esc(title)));
    h.push_str("<body style=\"margin:0;padding:24px;background:#f6f3ef;font-family:Arial,Helvetica,sans-serif;color:#2b2118;line-height:1.5\">");
    h.push_str("<div style=\"max-width:600px;margin:0 auto;background:#fff;padding:24px;border-radius:8px\">");
    for b in blocks {
        match b {
            Block::Heading(s) => h.push_str(&format!(
                "<h2 style=\"font-size:18px;margin:24px 0 8px\">{}</h2>",
                esc(s)
            )),
            Block::Para(s) => h.push_str(&format!(
                "<p style=\"margin:0 0 12px\">{}</p>",
                esc(s).replace('\n', "<br>")
            )),
            Block::Table(rows) => {
                h.push_str("<table role=\"presentation\" style=\"width:100%;border-collapse:collapse;margin:0 0 12px\">");
                for (label, sub, value) in rows {
                    h.push_str("<tr><td style=\"padding:6px 0;border-bottom:1px solid #eee\">");
                    h.push_str(&esc(label));
                    if !sub.is_empty() {
                        h.push_str(&format!(
                            "<br><small style=\"color:#6b5d50\">{}</small>",
                            esc(sub)
                        ));
                    }
                    h.push_str(&format!("</td><td style=\"padding:6px 0;border-bottom:1px solid #eee;text-align:right;white-space:nowrap\">{}</td></tr>", esc(value)));
                }
                h.push_str("</table>");
            }
            Block::Link(label, url) => h.push_str(&format!(
                "<p style=\"margin:0 0 12px\"><a href=\"{}\" style=\"color:#7a4a2b\">{}</a></p>",
                esc(url),
                esc(label)
            )),
        }
    }
    h.push_str("<hr style=\"border:0;border-top:1px solid #eee;margin:24px 0 12px\"><p style=\"font-size:12px;color:#6b5d50;margin:0\">");
    h.push_str(
        &footer
            .iter()
            .map(|l| esc(l))
            .collect::<Vec<_>>()
            .join("<br>"),
    );
    h.push_str("</p></div></body></html>");
    h
}

pub(super) fn render_text(blocks: &[Block], footer: &[String]) -> String {
    let mut out = String::with_capacity(2048);
    for b in blocks {
        match b {
            Block::Heading(s) => out.push_str(&format!(
                "\n{s}\n{}\n",
                "=".repeat(s.chars().count().min(60))
            )),
            Block::Para(s) => out.push_str(&format!("{s}\n\n")),
            Block::Table(rows) => {
                for (label, sub, value) in rows {
                    out.push_str(&format!("{label}: {value}\n"));
                    if !sub.is_empty() {
                        out.push_str(&format!("  {sub}\n"));
                    }
                }
                out.push('\n');
            }
            Block::Link(label, url) => out.push_str(&format!("{label}: {url}\n\n")),
        }
    }
    out.push_str("-- \n");
    out.push_str(&footer.join("\n"));
    out.push('\n');
    out
}

pub(super) fn address_lines(a: &laden_store::Address) -> String {
    let mut lines = vec![format!("{} {}", a.first_name, a.last_name)
        .trim()
        .to_owned()];
    for l in [&a.company, &a.address_1, &a.address_2] {
        if !l.trim().is_empty() {
            lines.push(l.clone());
        }
    }
    lines.push(format!("{} {}", a.postcode, a.city).trim().to_owned());
    lines.push(laden_domain::address::country_name(&a.country));
    lines.retain(|l| !l.is_empty());
    lines.join("\n")
}

pub(super) fn items_table(o: &PlacedOrder, delivery_default: &str) -> Block {
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

/// The products' purchase notes and the order's download links (once paid), for the mails
/// that confirm or complete an order.
pub(super) fn notes_and_downloads(o: &PlacedOrder, site: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let notes: Vec<(String, String, String)> = o
        .items
        .iter()
        .filter(|i| !i.purchase_note.trim().is_empty())
        .map(|i| {
            (
                i.name.clone(),
                String::new(),
                crate::documents::plain(&i.purchase_note, 2000),
            )
        })
        .collect();
    if !notes.is_empty() {
        blocks.push(Block::Heading(t("Notes on your products")));
        blocks.push(Block::Table(notes));
    }
    if !o.downloads.is_empty() {
        blocks.push(Block::Heading(t("Downloads")));
        for g in &o.downloads {
            blocks.push(Block::Link(
                format!("{} – {}", g.product_name, g.name),
                format!("{site}{}", crate::wire::download_path(&g.token)),
            ));
        }
    }
    blocks
}

pub(super) fn totals_table(o: &PlacedOrder, s: &SiteSettings) -> Block {
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
    rows.push((
        t("Shipping"),
        String::new(),
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
            let rate = l.get("rate_percent").and_then(|v| v.as_i64()).unwrap_or(0);
            let vat = l.get("vat").and_then(|v| v.as_i64()).unwrap_or(0);
            rows.push((tf("incl. VAT %s %", &[&rate]), String::new(), money(vat)));
        }
    }
    Block::Table(rows)
}

pub(super) fn footer(s: &SiteSettings, site_url: &str) -> Vec<String> {
    let mut lines = vec![s.site.name.clone()];
    lines.extend(
        s.shop
            .address
            .lines()
            .map(str::to_owned)
            .filter(|l| !l.trim().is_empty()),
    );
    if !s.shop.vat_id.is_empty() {
        lines.push(tf("VAT ID: %s", &[&s.shop.vat_id]));
    }
    if !s.shop.email.is_empty() {
        lines.push(s.shop.email.clone());
    }
    lines.push(site_url.to_owned());
    lines
}
