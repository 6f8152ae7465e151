//! E-mails: rendering (German, HTML and plain text from one template) and
//! delivery of the queue the store keeps (`laden_store::mail`): through SMTP
//! when configured, else as `.eml` files in the outbox folder of the data
//! directory. A failed delivery stays queued and is retried with back-off; the
//! order it reports was committed before and is never touched by a failure.

use crate::dates::german_local_date;
use crate::documents::esc;
use crate::wire::payment_title;
use crate::AppState;
use laden_domain::i18n::{t, tf};
use laden_domain::Money;
use laden_store::{Mail, MailKind, PlacedOrder, SiteSettings};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where mails go.
#[derive(Debug, Clone)]
pub enum MailTransport {
    /// `smtp://`, `smtps://` URL as lettre reads it (user, password, `?tls=required`).
    Smtp(String),
    /// A folder: each mail becomes one `.eml` file.
    Outbox(PathBuf),
}

/// How often the worker looks for due mails when nothing wakes it.
pub const POLL: Duration = Duration::from_secs(5);

/// One block of a mail, rendered to HTML and to text alike.
enum Block {
    Heading(String),
    Para(String),
    /// Label/value rows; a label may carry a second, smaller line.
    Table(Vec<(String, String, String)>),
    Link(String, String),
}

struct Rendered {
    subject: String,
    blocks: Vec<Block>,
    /// (file name, HTML document)
    attachments: Vec<(String, String)>,
}

fn money(cents: i64) -> String {
    Money::from_cents(cents).format_de()
}

fn render_html(title: &str, blocks: &[Block], footer: &[String]) -> String {
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

fn render_text(blocks: &[Block], footer: &[String]) -> String {
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

fn address_lines(a: &laden_store::Address) -> String {
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

fn items_table(o: &PlacedOrder, delivery_default: &str) -> Block {
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
fn notes_and_downloads(o: &PlacedOrder, site: &str) -> Vec<Block> {
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

fn totals_table(o: &PlacedOrder, s: &SiteSettings) -> Block {
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

fn footer(s: &SiteSettings, site_url: &str) -> Vec<String> {
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

/// A legal page as an HTML document to attach: its headings and texts.
async fn page_attachment(state: &AppState, slug: &str) -> Option<(String, String)> {
    let page = match state.store.page_by_slug(slug).await {
        Ok(page) => page,
        Err(laden_store::StoreError::NotFound(_)) => return None,
        Err(e) => {
            tracing::error!(error = %e, slug, "legal page for the mail could not be read");
            return None;
        }
    };
    let mut body = format!("<h1>{}</h1>", esc(&page.title));
    for section in page
        .content
        .get("sections")
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
    {
        for column in section
            .get("columns")
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            for w in column
                .get("widgets")
                .and_then(|v| v.as_array())
                .into_iter()
                .flatten()
            {
                match w.get("type").and_then(|v| v.as_str()) {
                    Some("heading") => body.push_str(&format!(
                        "<h2>{}</h2>",
                        esc(w.get("text").and_then(|v| v.as_str()).unwrap_or(""))
                    )),
                    // Already cleaned by the layout checks (ammonia) when saved.
                    Some("text") => {
                        body.push_str(w.get("html").and_then(|v| v.as_str()).unwrap_or(""))
                    }
                    _ => {}
                }
            }
        }
    }
    let html = format!(
        "<!doctype html><html lang=\"de\"><head><meta charset=\"utf-8\"><title>{}</title></head><body>{body}<p>{}</p></body></html>",
        esc(&page.title),
        esc(&tf("Version %1$d, as of %2$s", &[&page.revision, &german_local_date(page.updated_at)])),
    );
    let name: String = page
        .title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    Some((format!("{name}.html"), html))
}

async fn render(state: &AppState, s: &SiteSettings, mail: &Mail) -> Result<Rendered, String> {
    match mail.kind {
        MailKind::AccountConfirmation => account_confirmation(state, s, mail).await,
        MailKind::OrderConfirmation => {
            order_confirmation(state, s, &order_of(state, mail).await?).await
        }
        MailKind::ShippingNotice => Ok(shipping_notice(
            s,
            &order_of(state, mail).await?,
            &state.config.site_url,
        )),
        MailKind::WithdrawalReceipt | MailKind::WithdrawalNotice => {
            withdrawal(state, s, &order_of(state, mail).await?, mail.kind).await
        }
        MailKind::Invoice => invoice_mail(state, &order_of(state, mail).await?, mail).await,
    }
}

/// An invoice or cancellation issued after the order, its PDF attached.
async fn invoice_mail(
    state: &AppState,
    order: &PlacedOrder,
    mail: &Mail,
) -> Result<Rendered, String> {
    let id = mail.invoice_id.ok_or("invoice mail without invoice")?;
    let (invoice, _, _) = state.store.invoice(id).await.map_err(|e| e.to_string())?;
    let number = order.id.to_string();
    let cancellation = invoice.kind == laden_domain::invoice::InvoiceKind::Cancellation;
    let (subject, heading, text) = if invoice.partial {
        (
            tf("Partial cancellation invoice %s for your order no. %s", &[&invoice.number, &number]),
            t("Your partial cancellation invoice"),
            tf("attached is the partial cancellation invoice %s for your order no. %s, for the amount we refund.", &[&invoice.number, &number]),
        )
    } else if cancellation {
        (
            tf("Cancellation invoice %s for your order no. %s", &[&invoice.number, &number]),
            t("Your cancellation invoice"),
            tf("attached is the cancellation invoice %s for your order no. %s. It cancels the invoice issued earlier.", &[&invoice.number, &number]),
        )
    } else {
        (
            tf(
                "Invoice %s for your order no. %s",
                &[&invoice.number, &number],
            ),
            t("Your invoice"),
            tf(
                "attached is the invoice %s for your order no. %s.",
                &[&invoice.number, &number],
            ),
        )
    };
    Ok(Rendered {
        subject,
        blocks: vec![Block::Heading(heading), hello(order), Block::Para(text)],
        attachments: Vec::new(),
    })
}

async fn order_of(state: &AppState, mail: &Mail) -> Result<PlacedOrder, String> {
    let id = mail.order_id.ok_or("mail without order")?;
    state
        .store
        .order(id)
        .await
        .map_err(|e| format!("order {id}: {e}"))
}

fn hello(order: &PlacedOrder) -> Block {
    Block::Para(tf("Hello %s,", &[&order.billing.first_name]))
}

async fn account_confirmation(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<Rendered, String> {
    let id = mail.user_id.ok_or("confirmation without account")?;
    let user = state
        .store
        .user(id)
        .await
        .map_err(|e| format!("account {id}: {e}"))?;
    let blocks = vec![
        Block::Heading(t("Please confirm your e-mail address")),
        Block::Para(tf("you have registered at %s with this e-mail address. Please open the link below to confirm it and activate your account. The link is valid for 7 days.", &[&s.site.name])),
        Block::Link(t("Confirm e-mail address"), crate::account::confirmation_link(state, &user)),
        Block::Para(t("If you did not register, ignore this e-mail: the account stays inactive.")),
    ];
    Ok(Rendered {
        subject: tf("Please confirm your account at %s", &[&s.site.name]),
        blocks,
        attachments: Vec::new(),
    })
}

async fn order_confirmation(
    state: &AppState,
    s: &SiteSettings,
    order: &PlacedOrder,
) -> Result<Rendered, String> {
    let site = state.config.site_url.as_str();
    let number = order.id.to_string();
    let mut blocks = vec![
        Block::Heading(t("Thank you for your order")),
        hello(order),
        Block::Para(tf(
            "we have received your order no. %1$s of %2$s. This e-mail confirms its contents.",
            &[&number, &german_local_date(order.created_at)],
        )),
        items_table(order, &s.shop.delivery_time),
        totals_table(order, s),
        Block::Table(vec![(
            t("Payment method"),
            String::new(),
            payment_title(&order.payment_method),
        )]),
    ];
    // A business customer: its VAT id, and why a reverse-charge order carries no VAT.
    if !order.vat_id.is_empty() {
        blocks.push(Block::Para(tf("VAT ID: %s", &[&order.vat_id])));
    }
    if order.reverse_charge {
        blocks.push(Block::Para(t(
            "Reverse charge: the recipient owes the VAT. The amounts are without VAT.",
        )));
    }
    blocks.extend(notes_and_downloads(order, site));
    if order.payment_method == "bacs" {
        blocks.push(Block::Heading(t("Our bank details")));
        blocks.push(Block::Para(t("Please transfer the total to our account, quoting the order number. We ship as soon as the payment has arrived.")));
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
        rows.push((t("Reference"), String::new(), tf("Order %s", &[&number])));
        blocks.push(Block::Table(rows));
    }
    blocks.push(Block::Heading(t("Billing address")));
    blocks.push(Block::Para(address_lines(&order.billing)));
    // An order of only virtual goods ships nothing: it has no shipping address.
    if order.needs_shipping {
        blocks.push(Block::Heading(t("Shipping address")));
        blocks.push(Block::Para(address_lines(&order.shipping)));
    }
    if let Some(accepted) = order.legal.as_array().filter(|a| !a.is_empty()) {
        blocks.push(Block::Heading(t("You confirmed")));
        for a in accepted {
            blocks.push(Block::Para(format!(
                "✓ {}",
                a.get("text").and_then(|v| v.as_str()).unwrap_or("")
            )));
        }
    }
    blocks.push(Block::Heading(t("Legal information")));
    blocks.push(Block::Para(t(
        "Our terms and conditions and the cancellation policy are attached to this e-mail.",
    )));
    for (label, slug) in [
        ("Terms and conditions", &s.shop.terms_page),
        ("Cancellation policy", &s.shop.revocation_page),
        ("Privacy policy", &s.shop.privacy_page),
    ] {
        blocks.push(Block::Link(t(label), format!("{site}/{slug}/")));
    }
    blocks.push(Block::Link(
        t("Withdraw from contract"),
        format!("{site}{}", crate::documents::WITHDRAWAL_PATH),
    ));
    let mut attachments = Vec::new();
    for slug in [&s.shop.terms_page, &s.shop.revocation_page] {
        match page_attachment(state, slug).await {
            Some(a) => attachments.push(a),
            None => {
                tracing::warn!(slug = %slug, "legal page missing: not attached to the order confirmation")
            }
        }
    }
    Ok(Rendered {
        subject: tf("Your order no. %1$s at %2$s", &[&number, &s.site.name]),
        blocks,
        attachments,
    })
}

fn shipping_notice(s: &SiteSettings, order: &PlacedOrder, site: &str) -> Rendered {
    let number = order.id.to_string();
    // An order of only virtual goods is completed, not shipped.
    let mut blocks = if order.needs_shipping {
        vec![
            Block::Heading(t("Your order is on its way")),
            hello(order),
            Block::Para(tf("we have shipped your order no. %s today.", &[&number])),
            items_table(order, &s.shop.delivery_time),
            Block::Heading(t("Shipping address")),
            Block::Para(address_lines(&order.shipping)),
        ]
    } else {
        vec![
            Block::Heading(t("Your order is complete")),
            hello(order),
            Block::Para(tf("we have completed your order no. %s today.", &[&number])),
            items_table(order, &s.shop.delivery_time),
        ]
    };
    // An order paid by transfer gets its download links here, with the completion.
    blocks.extend(notes_and_downloads(order, site));
    let subject = if order.needs_shipping {
        tf("Your order no. %s has been shipped", &[&number])
    } else {
        tf("Your order no. %s is complete", &[&number])
    };
    Rendered {
        subject,
        blocks,
        attachments: Vec::new(),
    }
}

/// The receipt to the customer, or (`WithdrawalNotice`) the notice to the shop.
async fn withdrawal(
    state: &AppState,
    s: &SiteSettings,
    order: &PlacedOrder,
    kind: MailKind,
) -> Result<Rendered, String> {
    let number = order.id.to_string();
    let at = order.withdrawn_at.ok_or("order not withdrawn")?;
    let statement = state
        .store
        .withdrawal_statement(order.id)
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    let when = crate::dates::german_datetime(at);
    let receipt = kind == MailKind::WithdrawalReceipt;
    let mut blocks = if receipt {
        vec![
            Block::Heading(t("We have received your withdrawal")),
            hello(order),
            Block::Para(tf("we confirm that we received your withdrawal from the contract for order no. %1$s of %2$s on %3$s.", &[&number, &german_local_date(order.created_at), &when])),
        ]
    } else {
        let name = format!("{} {}", order.billing.first_name, order.billing.last_name);
        vec![
            Block::Heading(tf("Withdrawal from order no. %s", &[&number])),
            Block::Para(tf(
                "%1$s (%2$s) withdrew from the contract for order no. %3$s on %4$s.",
                &[&name, &order.billing.email, &number, &when],
            )),
            Block::Link(
                t("Open the order"),
                format!("{}/wp-admin/bestellungen/{number}/", state.config.site_url),
            ),
        ]
    };
    if !statement.is_empty() {
        blocks.push(Block::Table(vec![(
            t("Statement"),
            String::new(),
            statement,
        )]));
    }
    blocks.push(items_table(order, &s.shop.delivery_time));
    if !receipt {
        return Ok(Rendered {
            subject: tf("Withdrawal from order no. %s", &[&number]),
            blocks,
            attachments: Vec::new(),
        });
    }
    blocks.push(Block::Para(t("Please send the goods back to us. We refund the payments we received within 14 days, using the means of payment you used.")));
    if !s.shop.address.trim().is_empty() {
        blocks.push(Block::Heading(t("Return address")));
        blocks.push(Block::Para(s.shop.address.trim().to_owned()));
    }
    Ok(Rendered {
        subject: tf("Receipt of your withdrawal from order no. %s", &[&number]),
        blocks,
        attachments: Vec::new(),
    })
}

/// The sender: the shop's address, else `shop@` the site's host.
fn sender(s: &SiteSettings, site_url: &str) -> Result<Mailbox, String> {
    let email = if s.shop.email.trim().is_empty() {
        let host = site_url
            .split("://")
            .nth(1)
            .unwrap_or("localhost")
            .split(['/', ':'])
            .next()
            .unwrap_or("localhost");
        let host = if host.contains('.') {
            host
        } else {
            "localhost.localdomain"
        };
        format!("shop@{host}")
    } else {
        s.shop.email.trim().to_owned()
    };
    let address = email.parse().map_err(|e| format!("sender {email}: {e}"))?;
    Ok(Mailbox::new(Some(s.site.name.clone()), address))
}

/// A mail as it will be sent, before MIME encoding.
#[derive(Debug, Clone)]
pub struct MailPreview {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// (file name, HTML document)
    pub attachments: Vec<(String, String)>,
    /// The invoice's PDF (file name, bytes), when the mail carries one.
    pub invoice: Option<(String, Vec<u8>)>,
}

/// Renders a queued mail (German, HTML and plain text) without sending it.
pub async fn preview(state: &AppState, mail: &Mail) -> Result<MailPreview, String> {
    let s = state.store.settings().await.map_err(|e| e.to_string())?;
    preview_with(state, &s, mail).await
}

async fn preview_with(
    state: &AppState,
    s: &SiteSettings,
    mail: &Mail,
) -> Result<MailPreview, String> {
    let mut r = render(state, s, mail).await?;
    let invoice = match mail.invoice_id {
        Some(id) => {
            let (invoice, pdf) = crate::invoices::pdf_of(state, id)
                .await
                .map_err(|e| format!("invoice {id}: {e:?}"))?;
            if mail.kind != MailKind::Invoice {
                r.blocks.push(Block::Para(tf(
                    "Your invoice %s is attached to this e-mail as a PDF.",
                    &[&invoice.number],
                )));
            }
            Some((crate::invoices::file_name(&invoice), pdf))
        }
        None => None,
    };
    let foot = footer(s, &state.config.site_url);
    Ok(MailPreview {
        html: render_html(&r.subject, &r.blocks, &foot),
        text: render_text(&r.blocks, &foot),
        subject: r.subject,
        attachments: r.attachments,
        invoice,
    })
}

/// The whole message, MIME-encoded.
async fn message(state: &AppState, mail: &Mail) -> Result<Message, String> {
    let s = state.store.settings().await.map_err(|e| e.to_string())?;
    let p = preview_with(state, &s, mail).await?;
    let from = sender(&s, &state.config.site_url)?;
    let to: Mailbox = mail
        .recipient
        .parse()
        .map_err(|e| format!("recipient {}: {e}", mail.recipient))?;
    let body = MultiPart::alternative_plain_html(p.text, p.html);
    let body = if p.attachments.is_empty() && p.invoice.is_none() {
        body
    } else {
        let mut mixed = MultiPart::mixed().multipart(body);
        if let Some((name, pdf)) = p.invoice {
            let pdf_type = ContentType::parse("application/pdf").map_err(|e| e.to_string())?;
            mixed = mixed.singlepart(Attachment::new(name).body(pdf, pdf_type));
        }
        for (name, html) in p.attachments {
            mixed = mixed.singlepart(Attachment::new(name).body(html, ContentType::TEXT_HTML));
        }
        mixed
    };
    Message::builder()
        .from(from.clone())
        .reply_to(from)
        .to(to)
        .subject(p.subject)
        .multipart(body)
        .map_err(|e| e.to_string())
}

async fn write_outbox(dir: &Path, mail: &Mail, bytes: &[u8]) -> Result<(), String> {
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| format!("outbox {}: {e}", dir.display()))?;
    let name = format!("{:08}-{}.eml", mail.id, mail.kind.as_str());
    let tmp = dir.join(format!(".{name}.tmp"));
    tokio::fs::write(&tmp, bytes)
        .await
        .map_err(|e| e.to_string())?;
    tokio::fs::rename(&tmp, dir.join(name))
        .await
        .map_err(|e| e.to_string())
}

async fn deliver(state: &AppState, mail: &Mail) -> Result<(), String> {
    let msg = message(state, mail).await?;
    match &state.config.mail {
        MailTransport::Outbox(dir) => write_outbox(dir, mail, &msg.formatted()).await,
        MailTransport::Smtp(url) => {
            let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .map_err(|e| format!("SMTP address: {e}"))?
                .timeout(Some(Duration::from_secs(30)))
                .build();
            transport
                .send(msg)
                .await
                .map(|_| ())
                .map_err(|e| format!("SMTP: {e}"))
        }
    }
}

/// Delivers every mail that is due now; returns how many were sent.
pub async fn deliver_due(state: &AppState) -> usize {
    let mut sent = 0;
    loop {
        let mail = match state.store.claim_due_mail().await {
            Ok(Some(m)) => m,
            Ok(None) => return sent,
            Err(e) => {
                tracing::warn!(error = %e, "mail queue unavailable");
                return sent;
            }
        };
        match deliver(state, &mail).await {
            Ok(()) => {
                sent += 1;
                if let Err(e) = state.store.mark_mail_sent(mail.id).await {
                    tracing::error!(error = %e, mail = mail.id, "mail sent but not marked");
                }
            }
            Err(error) => {
                tracing::warn!(mail = mail.id, kind = mail.kind.as_str(), attempt = mail.attempts, %error, "mail not delivered; will retry");
                if let Err(e) = state.store.mark_mail_failed(mail.id, &error).await {
                    tracing::error!(error = %e, mail = mail.id, "mail failure not recorded");
                }
            }
        }
    }
}

/// Runs for the life of the process: delivers due mails when woken and every [`POLL`].
pub fn spawn_worker(state: AppState) {
    tokio::spawn(async move {
        loop {
            deliver_due(&state).await;
            tokio::select! {
                () = state.mail_wake.notified() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
    });
}
