//! E-mails: rendering (German, HTML and plain text from one template) and
//! delivery of the queue the store keeps (`laden_store::mail`): through SMTP
//! when configured, else as `.eml` files in the outbox folder of the data
//! directory. A failed delivery stays queued and is retried with back-off; the
//! order it reports was committed before and is never touched by a failure.
//!
//! `template` renders; `kinds` writes what each kind of mail says.

mod kinds;
mod template;

use crate::AppState;
use kinds::render;
use laden_domain::i18n::tf;
use laden_store::{Mail, MailKind, SiteSettings};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::{Path, PathBuf};
use std::time::Duration;
use template::{footer, render_html, render_text, Block};

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
