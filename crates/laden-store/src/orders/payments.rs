//! Online payments as the order sees them: each attempt of the shopper (its number is the
//! provider's idempotency key), the provider's id of the payment, what the provider says of it
//! (a webhook or the shopper's return, whichever comes first, on any instance: the order's row
//! lock and `payment::after` make it count once), each provider event handled once, and the
//! orders left unpaid past the shop's hold time, cancelled with their stock back. Which
//! provider says it is the HTTP layer's business (`laden_http::payments`); here only its word.

use super::{add_note, OrderChanges, Restock};
use crate::db::{Store, Tx};
use crate::error::{Missing, Result, StoreError};
use crate::models::PlacedOrder;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::i18n::{t, tf};
use laden_domain::payment::{after, hold_expired, Method, OrderStatus, Outcome, Provider};

/// Unpaid orders cancelled per round of `cancel_unpaid` (the next round, a minute later, takes
/// the rest).
const CANCEL_BATCH: i64 = 500;

/// A provider's word on a payment, read from the provider itself.
#[derive(Debug, Clone)]
pub struct PaymentWord<'a> {
    pub provider: Provider,
    /// The event it came with (`(id, type)`), handled once; `None` for what Laden asked the
    /// provider itself (the shopper's return).
    pub event: Option<(&'a str, &'a str)>,
    /// The provider's id of the payment (a PaymentIntent), which finds the order.
    pub transaction_id: &'a str,
    /// The order, where the word comes before the provider made a payment (a card refused
    /// when it was handed over): then the order is named rather than found.
    pub order: Option<i64>,
    pub outcome: Outcome,
    /// The payment's amount in cents, when the provider says it: a payment of another amount
    /// than the order's total never makes it paid.
    pub amount: Option<i64>,
    /// What the order's note says beside the status change (the provider's reason, in German).
    pub note: Option<String>,
}

/// What became of a provider's word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// The event was handled before: nothing changed.
    Replayed,
    /// No order has this payment.
    UnknownOrder,
    /// The order (id) is now in this status, changed or not.
    Order {
        id: i64,
        status: String,
        changed: bool,
    },
}

/// An attempt to pay an order online: the order as it is now and the attempt's number.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub order: PlacedOrder,
    pub number: i64,
}

impl Store {
    /// Begins the shopper's next attempt to pay order `id` (its key proves it is theirs) with
    /// `method`: the order must still await its payment. An online method gets a new attempt
    /// (the hold time starts again, a failed order is pending again); an offline one ends the
    /// waiting: the order takes the method's status and is confirmed, as if placed with it.
    pub async fn begin_payment(&self, id: i64, key: &str, method: Method) -> Result<Attempt> {
        let order = self.order_with_key(id, key).await?;
        let settings = self.settings().await?;
        if !settings
            .shop
            .payment_methods
            .iter()
            .any(|m| m == method.as_str())
        {
            return Err(StoreError::Invalid(vec![(
                "payment_method".into(),
                t("Please choose a payment method."),
            )]));
        }
        let mut tx = self.begin().await?;
        let Locked {
            status, attempts, ..
        } = lock_order(&mut tx, id).await?;
        if !status.needs_payment() {
            return Err(StoreError::Conflict(t(
                "This order no longer awaits a payment.",
            )));
        }
        let number = attempts + 1;
        let t_now = now();
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE orders SET payment_method = $2, payment_attempts = $3, payment_started_at = $4, updated_at = $5 WHERE id = $1")
                .bind(id)
                .bind(method.as_str())
                .bind(number)
                .bind(method.online().then_some(t_now))
                .bind(t_now)
                .execute(&mut *c)
                .await?;
        });
        if method.as_str() != order.payment_method {
            let note = tf(
                "Payment method changed from “%1$s” to “%2$s”.",
                &[
                    &laden_domain::payment::title(&order.payment_method),
                    &t(method.title_msgid()),
                ],
            );
            add_note(&mut tx, id, &note, false, "").await?;
        }
        let next = method.placed_status();
        if next != status {
            let ch = OrderChanges {
                status: Some(next.as_str().to_owned()),
                ..OrderChanges::default()
            };
            self.apply_changes(&mut tx, id, &ch, "", Restock::KeepFailed)
                .await?;
        }
        if !method.online() {
            confirm(&mut tx, id, &order.billing.email).await?;
        }
        tx.commit().await?;
        Ok(Attempt {
            order: self.order(id).await?,
            number,
        })
    }

    /// Keeps the provider's id of the payment attempt `attempt` made: the order's current
    /// payment, and one of its payments for good (a late word on it still finds the order).
    pub async fn set_transaction(
        &self,
        id: i64,
        provider: Provider,
        attempt: i64,
        transaction_id: &str,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        lock_order(&mut tx, id).await?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE orders SET transaction_id = $2 WHERE id = $1")
                .bind(id)
                .bind(transaction_id)
                .execute(&mut *c)
                .await?;
            sqlx::query("INSERT INTO order_payments (provider, transaction_id, order_id, attempt, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, transaction_id) DO NOTHING")
                .bind(provider.as_str())
                .bind(transaction_id)
                .bind(id)
                .bind(attempt)
                .bind(now())
                .execute(&mut *c)
                .await?;
        });
        tx.commit().await?;
        Ok(())
    }

    /// Records a provider's word on a payment, once: the event, when it came with one, is
    /// handled on one instance only; the order found by the payment's id moves as
    /// `payment::after` says, under its row lock. A payment confirmed for an order that no
    /// longer waits for one (cancelled for time, say) is noted for staff to refund.
    pub async fn record_payment(&self, word: PaymentWord<'_>) -> Result<Recorded> {
        let mut tx = self.begin().await?;
        let order = order_of(&mut tx, &word).await?;
        if !first_time(&mut tx, &word, order).await? {
            return Ok(Recorded::Replayed);
        }
        let Some(id) = order else {
            tx.commit().await?;
            return Ok(Recorded::UnknownOrder);
        };
        let Locked {
            status,
            email,
            total,
            transaction_id: current,
            ..
        } = lock_order(&mut tx, id).await?;
        if let Some(amount) = word
            .amount
            .filter(|a| *a != total && word.outcome != Outcome::Failed)
        {
            let note = tf(
                "The payment %1$s is of %2$s, not of the order's total %3$s: the order was not marked paid.",
                &[
                    &word.transaction_id,
                    &laden_domain::Money::from_cents(amount),
                    &laden_domain::Money::from_cents(total),
                ],
            );
            add_note(&mut tx, id, &note, false, "").await?;
            tx.commit().await?;
            return Ok(Recorded::Order {
                id,
                status: status.as_str().to_owned(),
                changed: false,
            });
        }
        let next = after(status, word.outcome);
        if let Some(new) = next {
            let ch = OrderChanges {
                status: Some(new.as_str().to_owned()),
                ..OrderChanges::default()
            };
            self.apply_changes(&mut tx, id, &ch, "", Restock::KeepFailed)
                .await?;
            // Confirmed once the money is there or on its way (a debit clearing); not again
            // when a clearing debit arrives.
            if matches!(new, OrderStatus::Processing | OrderStatus::OnHold)
                && matches!(status, OrderStatus::Pending | OrderStatus::Failed)
            {
                confirm(&mut tx, id, &email).await?;
            }
        } else if word.outcome == Outcome::Paid && status.paid() {
            // Paid already: by this payment (its second word), or by another attempt's.
            if !word.transaction_id.is_empty() && current != word.transaction_id {
                let note = tf(
                    "A second payment (%s) arrived for this order, which was already paid: please refund it.",
                    &[&word.transaction_id],
                );
                add_note(&mut tx, id, &note, false, "").await?;
            }
        } else if word.outcome == Outcome::Paid && !status.awaits_payment() {
            let note = tf(
                "A payment arrived for this order although it is “%s”: please refund it or reopen the order.",
                &[&crate::orders::order_status_label(status.as_str())],
            );
            add_note(&mut tx, id, &note, false, "").await?;
        }
        if let (Some(note), true) = (
            &word.note,
            next.is_some() || word.outcome == Outcome::Failed,
        ) {
            add_note(&mut tx, id, note, false, "").await?;
        }
        let status = next.unwrap_or(status);
        tx.commit().await?;
        Ok(Recorded::Order {
            id,
            status: status.as_str().to_owned(),
            changed: next.is_some(),
        })
    }

    /// Records an event that only tells staff something (a refund made at the provider, a
    /// dispute): a note on the order of the payment, once.
    pub async fn note_payment_event(&self, word: PaymentWord<'_>) -> Result<Recorded> {
        let mut tx = self.begin().await?;
        let order = order_of(&mut tx, &word).await?;
        if !first_time(&mut tx, &word, order).await? {
            return Ok(Recorded::Replayed);
        }
        let Some(id) = order else {
            tx.commit().await?;
            return Ok(Recorded::UnknownOrder);
        };
        let status = lock_order(&mut tx, id).await?.status;
        if let Some(note) = &word.note {
            add_note(&mut tx, id, note, false, "").await?;
        }
        tx.commit().await?;
        Ok(Recorded::Order {
            id,
            status: status.as_str().to_owned(),
            changed: false,
        })
    }

    /// Notes that a provider's webhook was heard (a valid signature), for the admin.
    pub async fn webhook_heard(&self, provider: Provider) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("INSERT INTO payment_providers (provider, last_webhook_at) VALUES ($1, $2) \
                         ON CONFLICT (provider) DO UPDATE SET last_webhook_at = excluded.last_webhook_at")
                .bind(provider.as_str())
                .bind(now())
                .execute(p)
                .await?;
        });
        Ok(())
    }

    /// When a provider's webhook was last heard (unix seconds), if ever.
    pub async fn last_webhook(&self, provider: Provider) -> Result<Option<i64>> {
        Ok(on_db!(&self.db, p => {
            sqlx::query("SELECT last_webhook_at FROM payment_providers WHERE provider = $1")
                .bind(provider.as_str())
                .fetch_optional(p)
                .await?
                .map(|r| r.i64("last_webhook_at"))
                .transpose()?
        }))
    }

    /// Cancels the online orders still unpaid after the shop's hold time (from their last
    /// attempt), their stock back; safe on every instance at once (each order under its row
    /// lock, checked again). Answers how many.
    pub async fn cancel_unpaid(&self, at: i64) -> Result<usize> {
        let hold = self.settings().await?.shop.hold_stock_minutes;
        let before = at - hold.clamp(1, laden_domain::payment::MAX_HOLD_MINUTES) * 60;
        let ids: Vec<i64> = on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM orders WHERE status IN ('pending', 'failed') AND payment_started_at <= $1 ORDER BY id LIMIT $2")
                .bind(before)
                .bind(CANCEL_BATCH)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| r.i64("id"))
                .collect::<Result<_>>()?
        });
        let mut cancelled = 0;
        for id in ids {
            let mut tx = self.begin().await?;
            let lock = tx.lock_suffix();
            let sql = format!("SELECT status, payment_started_at FROM orders WHERE id = $1{lock}");
            let (status, started) = on_tx!(&mut tx, c => {
                let r = sqlx::query(&sql).bind(id).fetch_one(&mut *c).await?;
                (r.text("status")?, r.opt_i64("payment_started_at")?)
            });
            let expired = OrderStatus::parse(&status)
                .zip(started)
                .is_some_and(|(s, started)| hold_expired(s, started, at, hold));
            if !expired {
                continue;
            }
            let ch = OrderChanges {
                status: Some(OrderStatus::Cancelled.as_str().to_owned()),
                ..OrderChanges::default()
            };
            self.apply_changes(&mut tx, id, &ch, "", Restock::OnClose)
                .await?;
            add_note(
                &mut tx,
                id,
                &t("Unpaid order cancelled – time limit reached."),
                false,
                "",
            )
            .await?;
            tx.commit().await?;
            cancelled += 1;
        }
        Ok(cancelled)
    }
}

/// What a payment's word is checked against: the order as its row lock holds it.
struct Locked {
    status: OrderStatus,
    attempts: i64,
    email: String,
    total: i64,
    /// The current attempt's payment.
    transaction_id: String,
}

/// The order, its row locked.
async fn lock_order(tx: &mut Tx, id: i64) -> Result<Locked> {
    let lock = tx.lock_suffix();
    let sql = format!(
        "SELECT status, payment_attempts, email, total, transaction_id FROM orders WHERE id = $1{lock}"
    );
    let (status, attempts, email, total, transaction_id) = on_tx!(tx, c => {
        let r = sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Order))?;
        (r.text("status")?, r.i64("payment_attempts")?, r.text("email")?, r.i64("total")?, r.text("transaction_id")?)
    });
    let status = OrderStatus::parse(&status)
        .ok_or_else(|| StoreError::Data(format!("order {id} has status {status}")))?;
    Ok(Locked {
        status,
        attempts,
        email,
        total,
        transaction_id,
    })
}

/// The order whose payment this is: the one named, or the one an attempt made it for.
async fn order_of(tx: &mut Tx, word: &PaymentWord<'_>) -> Result<Option<i64>> {
    if let Some(id) = word.order {
        return Ok(Some(id));
    }
    if word.transaction_id.is_empty() {
        return Ok(None);
    }
    Ok(on_tx!(tx, c => {
        sqlx::query("SELECT order_id AS id FROM order_payments WHERE provider = $1 AND transaction_id = $2")
            .bind(word.provider.as_str())
            .bind(word.transaction_id)
            .fetch_optional(&mut *c)
            .await?
            .map(|r| r.i64("id"))
            .transpose()?
    }))
}

/// Whether the word's event is new: then it is kept as handled, with the order it was for, in
/// the caller's transaction (the primary key makes one instance's handling the only one). A
/// word without an event always is.
async fn first_time(tx: &mut Tx, word: &PaymentWord<'_>, order: Option<i64>) -> Result<bool> {
    let Some((event, kind)) = word.event else {
        return Ok(true);
    };
    let n = on_tx!(tx, c => {
        sqlx::query("INSERT INTO payment_events (provider, event_id, kind, order_id, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, event_id) DO NOTHING")
            .bind(word.provider.as_str())
            .bind(event)
            .bind(kind)
            .bind(order)
            .bind(now())
            .execute(&mut *c)
            .await?
            .rows_affected()
    });
    Ok(n == 1)
}

/// Queues the order confirmation of an order whose payment is there or on its way (an invoice
/// issued with the payment is mailed on its own, by the status change).
async fn confirm(tx: &mut Tx, id: i64, email: &str) -> Result<()> {
    crate::mail::enqueue_with_invoice(
        tx,
        crate::mail::MailKind::OrderConfirmation,
        crate::mail::About::Order(id),
        email,
        None,
    )
    .await
}
