//! The withdrawal button (§356a BGB): a customer, signed in or not, names an
//! order by its number and e-mail address and withdraws from the contract. The
//! order records it, a note says so, and the receipt (to the customer) and the
//! notice (to the shop) are queued in the same transaction.

use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::mail::{enqueue, About, MailKind};
use crate::models::PlacedOrder;
use crate::row::Cols;
use crate::{now, on_tx};

/// Longest statement a customer may add.
pub const MAX_STATEMENT: usize = 2000;

/// Whether an order in `status` is over (nothing to withdraw from).
pub fn withdrawal_closed(status: &str) -> bool {
    crate::orders::CLOSED_STATUSES.contains(&status)
}

impl Store {
    /// The order with this number whose billing e-mail is `email` (any case), else
    /// `NotFound` — the same answer for a wrong number and a wrong address.
    pub async fn order_for_withdrawal(&self, number: &str, email: &str) -> Result<PlacedOrder> {
        let number = number.trim().trim_start_matches('#');
        let id: i64 = number
            .parse()
            .map_err(|_| StoreError::NotFound(Missing::Order))?;
        let order = self.order(id).await?;
        let given = email.trim().to_lowercase();
        if given.is_empty() || order.billing.email.trim().to_lowercase() != given {
            return Err(StoreError::NotFound(Missing::Order));
        }
        Ok(order)
    }

    /// Records the withdrawal from `order_id` (checked with [`Store::order_for_withdrawal`]).
    /// A second withdrawal of the same order is `Conflict`; so is one from an order that is over.
    pub async fn withdraw(
        &self,
        number: &str,
        email: &str,
        statement: &str,
        shop_email: &str,
    ) -> Result<PlacedOrder> {
        let order = self.order_for_withdrawal(number, email).await?;
        if order.withdrawn_at.is_some() {
            return Err(StoreError::Conflict("already withdrawn".into()));
        }
        if withdrawal_closed(&order.status) {
            return Err(StoreError::Conflict("order is over".into()));
        }
        let statement: String = statement
            .trim()
            .chars()
            .filter(|c| !c.is_control() || *c == '\n')
            .take(MAX_STATEMENT)
            .collect();
        let t = now();
        let mut tx = self.begin().await?;
        let inserted = on_tx!(&mut tx, c => {
            sqlx::query("INSERT INTO withdrawals (order_id, email, statement, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (order_id) DO NOTHING RETURNING id")
                .bind(order.id)
                .bind(order.billing.email.trim())
                .bind(&statement)
                .bind(t)
                .fetch_optional(&mut *c)
                .await?
                .map(|r| r.i64("id"))
                .transpose()?
        });
        if inserted.is_none() {
            return Err(StoreError::Conflict("already withdrawn".into()));
        }
        let note = if statement.is_empty() {
            laden_domain::i18n::t("The customer has withdrawn through the withdrawal button.")
        } else {
            laden_domain::i18n::tf(
                "The customer has withdrawn through the withdrawal button: “%s”",
                &[&statement],
            )
        };
        crate::orders::add_note(&mut tx, order.id, &note, false, "").await?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1").bind(order.id).bind(t).execute(&mut *c).await?;
        });
        // The withdrawal undoes the contract: its invoice is cancelled, and the cancellation
        // goes to the customer with the receipt.
        let settings = self.settings().await?;
        let cancellation = crate::invoices::cancel(&mut tx, order.id, &settings).await?;
        if let Some(c) = cancellation {
            let note = crate::invoices::note(&mut tx, c).await?;
            crate::orders::add_note(&mut tx, order.id, &note, false, "").await?;
        }
        crate::mail::enqueue_with_invoice(
            &mut tx,
            MailKind::WithdrawalReceipt,
            About::Order(order.id),
            &order.billing.email,
            cancellation,
        )
        .await?;
        if !shop_email.trim().is_empty() {
            enqueue(
                &mut tx,
                MailKind::WithdrawalNotice,
                About::Order(order.id),
                shop_email,
            )
            .await?;
        }
        tx.commit().await?;
        self.order(order.id).await
    }

    /// The statement given with an order's withdrawal ("" when none, `None` when not withdrawn).
    pub async fn withdrawal_statement(&self, order_id: i64) -> Result<Option<String>> {
        crate::on_db!(&self.db, p => {
            sqlx::query("SELECT statement FROM withdrawals WHERE order_id = $1").bind(order_id).fetch_optional(p).await?.map(|r| r.text("statement")).transpose()
        })
    }
}
