//! The e-mail queue. A mail is a row written in the same transaction as what it
//! reports (an order, a withdrawal), so neither exists without the other; a
//! worker renders and delivers it later and retries with back-off. Several
//! instances may run workers: a mail is claimed by a lease before delivery.

use crate::db::{Store, Tx};
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use serde::Serialize;

/// What a mail says; its text is rendered at delivery from the order it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MailKind {
    /// Order confirmation (with the Vorkasse bank data and the legal texts attached).
    OrderConfirmation,
    /// The order was shipped (status "completed").
    ShippingNotice,
    /// Receipt of a withdrawal (§356a BGB), to the customer.
    WithdrawalReceipt,
    /// A withdrawal, to the shop.
    WithdrawalNotice,
    /// The link that confirms a new customer account (double opt-in).
    AccountConfirmation,
    /// An invoice or cancellation invoice issued after the order (its PDF attached).
    Invoice,
    /// The link that sets a new password for an account whose password was forgotten.
    PasswordReset,
    /// The notice that an account's password was changed in the account.
    PasswordChanged,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::OrderConfirmation => "order_confirmation",
            MailKind::ShippingNotice => "shipping_notice",
            MailKind::WithdrawalReceipt => "withdrawal_receipt",
            MailKind::WithdrawalNotice => "withdrawal_notice",
            MailKind::AccountConfirmation => "account_confirmation",
            MailKind::Invoice => "invoice",
            MailKind::PasswordReset => "password_reset",
            MailKind::PasswordChanged => "password_changed",
        }
    }

    pub fn parse(s: &str) -> Option<MailKind> {
        [
            MailKind::OrderConfirmation,
            MailKind::ShippingNotice,
            MailKind::WithdrawalReceipt,
            MailKind::WithdrawalNotice,
            MailKind::AccountConfirmation,
            MailKind::Invoice,
            MailKind::PasswordReset,
            MailKind::PasswordChanged,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// Seconds to wait after the n-th failed attempt; after the last, the mail is given up ("failed").
pub const RETRY_DELAYS: [i64; 7] = [60, 5 * 60, 15 * 60, 60 * 60, 3 * 3600, 6 * 3600, 24 * 3600];

/// How long a claimed mail is reserved for the worker delivering it.
pub const LEASE_SECONDS: i64 = 120;

#[derive(Debug, Clone, Serialize)]
pub struct Mail {
    pub id: i64,
    pub kind: MailKind,
    pub order_id: Option<i64>,
    /// The account a mail is about (the confirmation link), if not an order.
    pub user_id: Option<i64>,
    /// The invoice attached as a PDF.
    pub invoice_id: Option<i64>,
    pub recipient: String,
    /// `pending`, `sent` or `failed` (given up after every retry).
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub last_error: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

const MAIL_COLS: &str = "id, kind, order_id, user_id, invoice_id, recipient, status, attempts, next_attempt_at, last_error, created_at, sent_at";

fn mail_from_row(r: &impl Cols) -> Result<Mail> {
    let kind = r.text("kind")?;
    Ok(Mail {
        id: r.i64("id")?,
        kind: MailKind::parse(&kind)
            .ok_or_else(|| StoreError::Data(format!("mail kind {kind}")))?,
        order_id: r.opt_i64("order_id")?,
        user_id: r.opt_i64("user_id")?,
        invoice_id: r.opt_i64("invoice_id")?,
        recipient: r.text("recipient")?,
        status: r.text("status")?,
        attempts: r.i64("attempts")?,
        next_attempt_at: r.i64("next_attempt_at")?,
        last_error: r.text("last_error")?,
        created_at: r.i64("created_at")?,
        sent_at: r.opt_i64("sent_at")?,
    })
}

/// What a mail is about.
#[derive(Debug, Clone, Copy)]
pub(crate) enum About {
    Order(i64),
    User(i64),
}

/// Queues a mail inside the caller's transaction, due at once.
pub(crate) async fn enqueue(
    tx: &mut Tx,
    kind: MailKind,
    about: About,
    recipient: &str,
) -> Result<()> {
    enqueue_with_invoice(tx, kind, about, recipient, None).await
}

/// [`enqueue`] with an invoice to attach.
pub(crate) async fn enqueue_with_invoice(
    tx: &mut Tx,
    kind: MailKind,
    about: About,
    recipient: &str,
    invoice_id: Option<i64>,
) -> Result<()> {
    let (order_id, user_id) = match about {
        About::Order(id) => (Some(id), None),
        About::User(id) => (None, Some(id)),
    };
    let t = now();
    on_tx!(tx, c => {
        sqlx::query("INSERT INTO mails (kind, order_id, user_id, recipient, next_attempt_at, created_at, invoice_id) VALUES ($1, $2, $3, $4, $5, $5, $6)")
            .bind(kind.as_str())
            .bind(order_id)
            .bind(user_id)
            .bind(recipient.trim())
            .bind(t)
            .bind(invoice_id)
            .execute(&mut *c)
            .await?;
    });
    Ok(())
}

impl Store {
    /// The mails about an account, oldest first.
    pub async fn user_mails(&self, user_id: i64) -> Result<Vec<Mail>> {
        let sql = format!("SELECT {MAIL_COLS} FROM mails WHERE user_id = $1 ORDER BY id");
        on_db!(&self.db, p => sqlx::query(&sql).bind(user_id).fetch_all(p).await?.iter().map(mail_from_row).collect())
    }

    /// Claims the oldest due mail for delivery (a lease of [`LEASE_SECONDS`]), or `None`.
    pub async fn claim_due_mail(&self) -> Result<Option<Mail>> {
        let t = now();
        for _ in 0..5 {
            let candidate = on_db!(&self.db, p => {
                sqlx::query("SELECT id FROM mails WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until < $1) ORDER BY id LIMIT 1")
                    .bind(t)
                    .fetch_optional(p)
                    .await?
                    .map(|r| r.i64("id"))
                    .transpose()?
            });
            let Some(id) = candidate else { return Ok(None) };
            // Another worker may have claimed it since: the guarded update decides.
            let sql = format!(
                "UPDATE mails SET locked_until = $2, attempts = attempts + 1 WHERE id = $1 AND status = 'pending' \
                 AND (locked_until IS NULL OR locked_until < $3) RETURNING {MAIL_COLS}"
            );
            let claimed = on_db!(&self.db, p => {
                sqlx::query(&sql).bind(id).bind(t + LEASE_SECONDS).bind(t).fetch_optional(p).await?.map(|r| mail_from_row(&r)).transpose()?
            });
            if claimed.is_some() {
                return Ok(claimed);
            }
        }
        Ok(None)
    }

    pub async fn mark_mail_sent(&self, id: i64) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("UPDATE mails SET status = 'sent', sent_at = $2, locked_until = NULL, last_error = '' WHERE id = $1").bind(id).bind(now()).execute(p).await?;
        });
        Ok(())
    }

    /// Records a failed attempt: due again after the next back-off step, or given up after the last.
    pub async fn mark_mail_failed(&self, id: i64, error: &str) -> Result<()> {
        let attempts = on_db!(&self.db, p => sqlx::query("SELECT attempts FROM mails WHERE id = $1").bind(id).fetch_one(p).await?.i64("attempts")?);
        let step = usize::try_from(attempts.max(1) - 1).unwrap_or(usize::MAX);
        let (status, next) = match RETRY_DELAYS.get(step) {
            Some(delay) => ("pending", now() + delay),
            None => ("failed", now()),
        };
        let error: String = error.chars().take(500).collect();
        on_db!(&self.db, p => {
            sqlx::query("UPDATE mails SET status = $2, next_attempt_at = $3, locked_until = NULL, last_error = $4 WHERE id = $1")
                .bind(id)
                .bind(status)
                .bind(next)
                .bind(&error)
                .execute(p)
                .await?;
        });
        Ok(())
    }

    /// The mails of an order, oldest first (the admin's order screen lists them).
    pub async fn order_mails(&self, order_id: i64) -> Result<Vec<Mail>> {
        let sql = format!("SELECT {MAIL_COLS} FROM mails WHERE order_id = $1 ORDER BY id");
        on_db!(&self.db, p => sqlx::query(&sql).bind(order_id).fetch_all(p).await?.iter().map(mail_from_row).collect())
    }

    /// Makes every pending mail due now (staff "send again", and tests).
    pub async fn retry_mails_now(&self) -> Result<u64> {
        let n = on_db!(&self.db, p => {
            sqlx::query("UPDATE mails SET next_attempt_at = $1, locked_until = NULL WHERE status = 'pending'").bind(now()).execute(p).await?.rows_affected()
        });
        Ok(n)
    }
}
