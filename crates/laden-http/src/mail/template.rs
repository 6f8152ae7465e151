//! The one template every mail is written in: the blocks of `crate::blocks` rendered to HTML and
//! to plain text alike, and the parts only mails have (purchase notes, download links, the
//! shop's footer).

pub(super) use crate::blocks::Block;
use crate::documents::esc;
use laden_domain::i18n::{t, tf};
use laden_store::{PlacedOrder, SiteSettings};

pub(super) struct Rendered {
    pub(super) subject: String,
    pub(super) blocks: Vec<Block>,
    /// (file name, HTML document)
    pub(super) attachments: Vec<(String, String)>,
}

impl Rendered {
    /// A mail of `blocks` under `subject`, nothing attached.
    pub(super) fn without_attachments(subject: String, blocks: Vec<Block>) -> Rendered {
        Rendered {
            subject,
            blocks,
            attachments: Vec::new(),
        }
    }
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
            Block::Para(s) | Block::Address(s) => h.push_str(&format!(
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
            Block::Para(s) | Block::Address(s) => out.push_str(&format!("{s}\n\n")),
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
