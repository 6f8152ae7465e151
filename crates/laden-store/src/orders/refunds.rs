//! Refunds: money given back on an order, for some of its lines or as an amount
//! (`wc/v3/orders/{id}/refunds`). A refund is written in one transaction with what it causes:
//! the units it takes back return to stock, the order's invoice gets a partial cancellation
//! (Teilstornorechnung) mailed to the customer, and the order is noted. A refund that leaves
//! nothing to refund marks the order refunded.

use crate::db::{Store, Tx};
use crate::error::{invalid, Missing, Result, StoreError};
use crate::orders::CLOSED_STATUSES;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::i18n::{t, tf};
use laden_domain::invoice::refund::{line_refund, paid_per_line};
use laden_domain::Money;
use serde::{Deserialize, Serialize};

/// What a refund gave back of one order line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefundLine {
    /// The line's position in the order, from 1 (the `id` of `wc/v3` line items).
    pub position: u32,
    /// Units taken back.
    pub quantity: i64,
    /// Gross cents given back for the line.
    pub total: i64,
}

/// A refund as kept.
#[derive(Debug, Clone, Serialize)]
pub struct Refund {
    pub id: i64,
    pub order_id: i64,
    /// Gross cents given back in all.
    pub amount: i64,
    pub reason: String,
    pub refunded_by: i64,
    /// Whether its units went back to stock.
    pub restocked: bool,
    pub lines: Vec<RefundLine>,
    pub created_at: i64,
}

/// One line of a refund asked for.
#[derive(Debug, Clone, Default)]
pub struct RefundLineInput {
    pub position: i64,
    pub quantity: i64,
    /// Gross cents; `None` gives back what the units were paid (after coupons).
    pub total: Option<i64>,
}

/// A refund asked for.
#[derive(Debug, Clone, Default)]
pub struct RefundInput {
    /// Gross cents; `None` is the lines' sum.
    pub amount: Option<i64>,
    pub reason: String,
    pub refunded_by: i64,
    pub lines: Vec<RefundLineInput>,
    /// Put the units taken back into stock.
    pub restock: bool,
    /// The payment provider's id of the refund, when the provider paid it back.
    pub transaction_id: String,
}

const REFUND_COLS: &str = "id, order_id, amount, reason, refunded_by, restocked, lines, created_at";

fn refund_from_row(r: &impl Cols) -> Result<Refund> {
    Ok(Refund {
        id: r.i64("id")?,
        order_id: r.i64("order_id")?,
        amount: r.i64("amount")?,
        reason: r.text("reason")?,
        refunded_by: r.i64("refunded_by")?,
        restocked: r.flag("restocked")?,
        lines: r.json("lines")?,
        created_at: r.i64("created_at")?,
    })
}

/// An order line as a refund sees it: one of its goods, or the deposit on one's items.
struct Line {
    item_id: i64,
    product_id: i64,
    parent_id: Option<i64>,
    name: String,
    quantity: i64,
    paid: Money,
    /// The deposit's own line: giving it back moves no stock.
    deposit: bool,
}

/// The order's refunds in `tx`, oldest first.
pub(crate) async fn of_order(tx: &mut Tx, order_id: i64) -> Result<Vec<Refund>> {
    let sql = format!("SELECT {REFUND_COLS} FROM refunds WHERE order_id = $1 ORDER BY id");
    on_tx!(tx, c => {
        sqlx::query(&sql).bind(order_id).fetch_all(&mut *c).await?.iter().map(refund_from_row).collect()
    })
}

/// Checks the lines asked for against the order and what earlier refunds took: the lines to
/// keep, each with its amount.
fn lines_of(
    input: &[RefundLineInput],
    order: &[Line],
    before: &[Refund],
) -> Result<Vec<RefundLine>> {
    let mut problems = Vec::new();
    let mut out: Vec<RefundLine> = Vec::new();
    for (i, l) in input.iter().enumerate() {
        let field = |f: &str| format!("line_items.{i}.{f}");
        let Some(line) = usize::try_from(l.position)
            .ok()
            .and_then(|p| p.checked_sub(1))
            .and_then(|p| order.get(p))
        else {
            problems.push((field("id"), t("The order has no such line item.")));
            continue;
        };
        let position = u32::try_from(l.position).unwrap_or(0);
        if out.iter().any(|o| o.position == position) {
            problems.push((field("id"), t("A line item is named twice.")));
            continue;
        }
        let (units_before, back_before) = before
            .iter()
            .flat_map(|r| &r.lines)
            .filter(|b| b.position == position)
            .fold((0, 0), |(u, m), b| (u + b.quantity, m + b.total));
        let units_left = line.quantity - units_before;
        if l.quantity < 0 || l.quantity > units_left {
            problems.push((
                field("quantity"),
                tf(
                    "At most %1$d of \"%2$s\" can be refunded.",
                    &[&units_left.max(0), &line.name],
                ),
            ));
            continue;
        }
        let left = line.paid.cents() - back_before;
        let total = match l.total {
            Some(t) => t,
            None => line_refund(
                line.paid,
                line.quantity,
                l.quantity,
                units_before,
                Money::from_cents(back_before),
            )
            .cents(),
        };
        if total < 0 || total > left {
            problems.push((
                field("refund_total"),
                tf(
                    "At most %1$s can be refunded for \"%2$s\".",
                    &[&Money::from_cents(left.max(0)), &line.name],
                ),
            ));
            continue;
        }
        if l.quantity == 0 && total == 0 {
            continue;
        }
        out.push(RefundLine {
            position,
            quantity: l.quantity,
            total,
        });
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(StoreError::Invalid(problems))
    }
}

impl Store {
    /// Refunds money on an order (see the module). Refused, with nothing changed, for an order
    /// not yet placed or already closed, lines it does not have, more units or money than are
    /// left to refund, or an amount below its lines' sum.
    pub async fn create_refund(
        &self,
        order_id: i64,
        input: &RefundInput,
        author: &str,
    ) -> Result<Refund> {
        let settings = self.settings().await?;
        let mut tx = self.begin().await?;
        let Checked {
            order,
            lines,
            amount,
            restock,
            email,
            total,
            refunded,
            ..
        } = check_refund(&mut tx, order_id, input).await?;
        let at = now();
        let refund_id = on_tx!(&mut tx, c => {
            sqlx::query("INSERT INTO refunds (order_id, amount, reason, refunded_by, restocked, lines, created_at, transaction_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id")
                .bind(order_id)
                .bind(amount)
                .bind(input.reason.trim())
                .bind(input.refunded_by)
                .bind(restock)
                .bind(serde_json::to_string(&lines)?)
                .bind(at)
                .bind(&input.transaction_id)
                .fetch_one(&mut *c)
                .await?
                .i64("id")?
        });
        let mut notes = vec![if input.reason.trim().is_empty() {
            tf("Refunded %s.", &[&Money::from_cents(amount)])
        } else {
            tf(
                "Refunded %1$s: %2$s",
                &[&Money::from_cents(amount), &input.reason.trim()],
            )
        }];
        if !input.transaction_id.is_empty() {
            notes.push(tf(
                "Paid back through the payment provider (%s).",
                &[&input.transaction_id],
            ));
        }
        if restock {
            notes.extend(restock_lines(&mut tx, &lines, &order).await?);
        }
        let refund = Refund {
            id: refund_id,
            order_id,
            amount,
            reason: input.reason.trim().to_owned(),
            refunded_by: input.refunded_by,
            restocked: restock,
            lines,
            created_at: at,
        };
        let cancellation =
            crate::invoices::cancel_refund(&mut tx, order_id, &refund, &settings).await?;
        if let Some(id) = cancellation {
            notes.push(crate::invoices::send_partial(&mut tx, order_id, &email, id).await?);
        }
        for n in &notes {
            crate::orders::add_note(&mut tx, order_id, n, false, author).await?;
        }
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1").bind(order_id).bind(at).execute(&mut *c).await?;
        });
        tx.commit().await?;
        // Nothing left to refund: the order is refunded (which closes it, as a status change would).
        if refunded + amount >= total {
            let ch = crate::OrderChanges {
                status: Some("refunded".into()),
                ..crate::OrderChanges::default()
            };
            self.update_order(order_id, &ch, author).await?;
        }
        Ok(refund)
    }

    /// What a refund of `input` would pay back, checked as `create_refund` checks it, and how
    /// many refunds the order had before (a provider's idempotency key); nothing is written.
    pub async fn refund_amount(&self, order_id: i64, input: &RefundInput) -> Result<(i64, usize)> {
        let mut tx = self.begin().await?;
        let checked = check_refund(&mut tx, order_id, input).await?;
        Ok((checked.amount, checked.before))
    }

    /// Gross cents refunded in `[from, to)` (Unix time).
    pub async fn refunded_between(&self, from: i64, to: i64) -> Result<i64> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS refunded FROM refunds WHERE created_at >= $1 AND created_at < $2")
                .bind(from)
                .bind(to)
                .fetch_one(p)
                .await?
                .i64("refunded")
        })
    }

    /// The refunds of several orders, oldest first.
    pub(crate) async fn refunds_of_orders(&self, ids: &[i64]) -> Result<Vec<Refund>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = crate::db::Ids(ids);
        let sql = format!(
            "SELECT {REFUND_COLS} FROM refunds WHERE order_id {} ORDER BY id",
            list.filter()
        );
        on_db!(&self.db, p => {
            crate::db::bind_ids(sqlx::query(&sql), &list).fetch_all(p).await?.iter().map(refund_from_row).collect()
        })
    }
}

/// The order's lines with what each was paid (its share of the order's discount taken off),
/// in the invoice's order: the goods, then the deposits on them (which no coupon lowered).
async fn order_lines(tx: &mut Tx, order_id: i64, discount: i64) -> Result<Vec<Line>> {
    type Row = (i64, i64, Option<i64>, String, i64, i64, i64);
    let rows: Vec<Row> = on_tx!(tx, c => {
        sqlx::query("SELECT id, product_id, parent_id, name, quantity, line_total, deposit FROM order_items WHERE order_id = $1 ORDER BY id")
            .bind(order_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| Ok((r.i64("id")?, r.i64("product_id")?, r.opt_i64("parent_id")?, r.text("name")?, r.i64("quantity")?, r.i64("line_total")?, r.i64("deposit")?)))
            .collect::<Result<Vec<_>>>()?
    });
    let gross: Vec<Money> = rows.iter().map(|r| Money::from_cents(r.5)).collect();
    let deposits: Vec<Line> = rows
        .iter()
        .filter(|r| r.6 > 0)
        .map(|r| Line {
            item_id: r.0,
            product_id: r.1,
            parent_id: r.2,
            name: laden_domain::pricing::deposit::Deposit::line_name(&r.3),
            quantity: r.4,
            paid: Money::from_cents(r.6 * r.4),
            deposit: true,
        })
        .collect();
    Ok(rows
        .into_iter()
        .zip(paid_per_line(&gross, Money::from_cents(discount)))
        .map(
            |((item_id, product_id, parent_id, name, quantity, _, _), paid)| Line {
                item_id,
                product_id,
                parent_id,
                name,
                quantity,
                paid,
                deposit: false,
            },
        )
        .chain(deposits)
        .collect())
}

/// The refund's amount: as sent, else its lines' total; more than zero, not less than its lines
/// and at most what is `left` to refund.
fn checked_amount(sent: Option<i64>, of_lines: i64, left: i64) -> Result<i64> {
    let amount = sent.unwrap_or(of_lines);
    if amount <= 0 {
        return Err(invalid(
            "amount",
            &t("Refund amount must be greater than zero."),
        ));
    }
    if amount < of_lines {
        return Err(invalid(
            "amount",
            &tf(
                "The refund amount is less than its line items (%s).",
                &[&Money::from_cents(of_lines)],
            ),
        ));
    }
    if amount > left {
        return Err(invalid(
            "amount",
            &tf(
                "Invalid refund amount: at most %s is left to refund.",
                &[&Money::from_cents(left.max(0))],
            ),
        ));
    }
    Ok(amount)
}

/// Puts the refunded units back into stock (each line once: an order line's `restocked` counts
/// them) and records what changes; answers the order note saying what moved.
async fn restock_lines(
    tx: &mut Tx,
    lines: &[RefundLine],
    order: &[Line],
) -> Result<Option<String>> {
    let mut changed = Vec::new();
    let mut scopes = Vec::new();
    let mut parents = Vec::new();
    for l in lines.iter().filter(|l| l.quantity > 0) {
        let line = &order[l.position as usize - 1];
        if line.deposit {
            continue;
        }
        if let Some(stock) = crate::orders::restock(tx, line.product_id, l.quantity).await? {
            changed.push(format!("{} ({}→{stock})", line.name, stock - l.quantity));
        }
        on_tx!(tx, c => {
            sqlx::query("UPDATE order_items SET restocked = restocked + $2 WHERE id = $1")
                .bind(line.item_id)
                .bind(l.quantity)
                .execute(&mut *c)
                .await?;
        });
        scopes.push(crate::Scope::Product(line.product_id));
        scopes.extend(line.parent_id.map(crate::Scope::Product));
        parents.extend(line.parent_id);
    }
    if !parents.is_empty() {
        parents.sort_unstable();
        parents.dedup();
        crate::checkout::refresh_parent_stock(tx, &parents).await?;
    }
    if !scopes.is_empty() {
        crate::changes::record(tx, &scopes).await?;
    }
    Ok((!changed.is_empty()).then(|| tf("Stock restored: %s.", &[&changed.join(", ")])))
}

/// A refund checked against its order.
struct Checked {
    order: Vec<Line>,
    lines: Vec<RefundLine>,
    amount: i64,
    restock: bool,
    /// The order's refunds before this one.
    before: usize,
    email: String,
    total: i64,
    /// What was refunded before.
    refunded: i64,
}

/// Checks a refund against its order, under the order's row lock: what it pays back.
async fn check_refund(tx: &mut Tx, order_id: i64, input: &RefundInput) -> Result<Checked> {
    let lock = tx.lock_suffix();
    let sql = format!(
        "SELECT status, total, discount_total, stock_reduced, email FROM orders WHERE id = $1{lock}"
    );
    let (status, total, discount, reduced, email) = on_tx!(&mut *tx, c => {
        let r = sqlx::query(&sql).bind(order_id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Order))?;
        (r.text("status")?, r.i64("total")?, r.i64("discount_total")?, r.flag("stock_reduced")?, r.text("email")?)
    });
    if status == "checkout-draft" || CLOSED_STATUSES.contains(&status.as_str()) {
        return Err(StoreError::Conflict(t(
            "Only an order that is placed and not closed can be refunded.",
        )));
    }
    let order = order_lines(&mut *tx, order_id, discount).await?;
    let before = of_order(&mut *tx, order_id).await?;
    let lines = lines_of(&input.lines, &order, &before)?;
    let of_lines: i64 = lines.iter().map(|l| l.total).sum();
    let refunded: i64 = before.iter().map(|r| r.amount).sum();
    let amount = checked_amount(input.amount, of_lines, total - refunded)?;
    let restock = input.restock && reduced;
    Ok(Checked {
        order,
        lines,
        amount,
        restock,
        before: before.len(),
        email,
        total,
        refunded,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, quantity: i64, paid: i64) -> Line {
        Line {
            item_id: 1,
            product_id: 1,
            parent_id: None,
            name: name.into(),
            quantity,
            paid: Money::from_cents(paid),
            deposit: false,
        }
    }

    fn asked(position: i64, quantity: i64, total: Option<i64>) -> RefundLineInput {
        RefundLineInput {
            position,
            quantity,
            total,
        }
    }

    #[test]
    fn lines_are_checked_against_the_order_and_earlier_refunds() {
        let order = [line("Tee", 3, 1000), line("Kanne", 1, 2500)];
        let earlier = [Refund {
            id: 1,
            order_id: 1,
            amount: 333,
            reason: String::new(),
            refunded_by: 0,
            restocked: true,
            lines: vec![RefundLine {
                position: 1,
                quantity: 1,
                total: 333,
            }],
            created_at: 0,
        }];
        // (asked, Ok(lines as (position, quantity, total)) or Err(fields))
        type Want = std::result::Result<Vec<(u32, i64, i64)>, Vec<&'static str>>;
        let cases: Vec<(Vec<RefundLineInput>, Want)> = vec![
            (vec![asked(1, 1, None)], Ok(vec![(1, 1, 333)])),
            // The last units take what is left to the cent.
            (vec![asked(1, 2, None)], Ok(vec![(1, 2, 667)])),
            (vec![asked(2, 0, Some(500))], Ok(vec![(2, 0, 500)])),
            (
                vec![asked(2, 1, None), asked(1, 0, None)],
                Ok(vec![(2, 1, 2500)]),
            ),
            (vec![asked(3, 1, None)], Err(vec!["line_items.0.id"])),
            (vec![asked(0, 1, None)], Err(vec!["line_items.0.id"])),
            (vec![asked(1, 3, None)], Err(vec!["line_items.0.quantity"])),
            (vec![asked(1, -1, None)], Err(vec!["line_items.0.quantity"])),
            (
                vec![asked(1, 1, Some(668))],
                Err(vec!["line_items.0.refund_total"]),
            ),
            (
                vec![asked(2, 1, Some(-1))],
                Err(vec!["line_items.0.refund_total"]),
            ),
            (
                vec![asked(2, 1, None), asked(2, 0, Some(1))],
                Err(vec!["line_items.1.id"]),
            ),
        ];
        for (input, want) in cases {
            let got = lines_of(&input, &order, &earlier)
                .map(|ls| {
                    ls.iter()
                        .map(|l| (l.position, l.quantity, l.total))
                        .collect::<Vec<_>>()
                })
                .map_err(|e| match e {
                    StoreError::Invalid(p) => p.into_iter().map(|(f, _)| f).collect::<Vec<_>>(),
                    other => vec![other.to_string()],
                });
            let want = want.map_err(|fs| fs.into_iter().map(String::from).collect::<Vec<_>>());
            assert_eq!(got, want, "{input:?}");
        }
    }
}
