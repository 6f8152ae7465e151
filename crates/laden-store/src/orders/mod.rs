//! Orders as staff handle them (wc/v3 and the admin screens): status changes with their stock
//! and e-mails, addresses, notes; and, in this room, refunds, invoices, downloads, withdrawals
//! and the sales reports.

pub mod downloads;
pub mod invoices;
pub mod payments;
pub(crate) mod refunds;
pub(crate) mod reports;
pub(crate) mod withdrawal;

use crate::checkout::{decrement_stock, refresh_parent_stock};
use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{invalid, Result, StoreError};
use crate::models::*;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::address::Address;
use laden_domain::i18n::{t, tf};
use serde::Serialize;
use std::collections::HashMap;

/// WooCommerce's order statuses and their names' catalogue ids (German: WooCommerce's de_DE wording).
pub const ORDER_STATUSES: &[(&str, &str)] = &[
    ("pending", "Pending payment"),
    ("processing", "Processing"),
    ("on-hold", "On hold"),
    ("completed", "Completed"),
    ("cancelled", "Cancelled"),
    ("refunded", "Refunded"),
    ("failed", "Failed"),
    ("checkout-draft", "Draft"),
];

/// Statuses whose items are back in stock (WooCommerce restores stock on these).
/// Statuses in which an order is over: its items are back in stock, and there is nothing to withdraw from.
pub const CLOSED_STATUSES: &[&str] = &["cancelled", "refunded", "failed"];
/// Statuses that count as sales in reports (WooCommerce's report statuses: paid, or on hold
/// for the payment).
pub const REPORTED_STATUSES: &[&str] = &["processing", "on-hold", "completed"];
/// Statuses of a paid order (WooCommerce's `wc_get_is_paid_statuses`): its files may be
/// downloaded, an invoice due on payment falls due, and reaching one first sets `paid_at`.
pub const PAID_STATUSES: &[&str] = &["processing", "completed"];

/// An order status's German name (the status itself when it is not one of WooCommerce's).
pub fn order_status_label(status: &str) -> String {
    ORDER_STATUSES
        .iter()
        .find(|(s, _)| *s == status)
        .map_or_else(|| status.to_owned(), |(_, id)| t(id))
}

/// Whether failing an order puts its stock back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Restock {
    /// Every closed status puts it back (staff closing an order).
    OnClose,
    /// A failed payment keeps it held for the next try (the hold time gives it back).
    KeepFailed,
}

/// A staff change to an order.
#[derive(Debug, Clone, Default)]
pub struct OrderChanges {
    pub status: Option<String>,
    pub customer_note: Option<String>,
    pub billing: Option<Address>,
    pub shipping: Option<Address>,
}

#[derive(Debug, Clone, Serialize)]
pub struct OrderNote {
    pub id: i64,
    pub order_id: i64,
    pub note: String,
    pub customer_note: bool,
    /// Who wrote it; empty for notes the shop writes itself.
    pub author: String,
    pub created_at: i64,
}

/// Writes an order note in the caller's transaction; its id.
pub(crate) async fn add_note(
    tx: &mut Tx,
    order_id: i64,
    note: &str,
    customer_note: bool,
    author: &str,
) -> Result<i64> {
    on_tx!(tx, c => {
        sqlx::query("INSERT INTO order_notes (order_id, note, customer_note, author, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id")
            .bind(order_id)
            .bind(note)
            .bind(customer_note)
            .bind(author)
            .bind(now())
            .fetch_one(&mut *c)
            .await?
            .i64("id")
    })
}

fn note_from_row(r: &impl Cols) -> Result<OrderNote> {
    Ok(OrderNote {
        id: r.i64("id")?,
        order_id: r.i64("order_id")?,
        note: r.text("note")?,
        customer_note: r.flag("customer_note")?,
        author: r.text("author")?,
        created_at: r.i64("created_at")?,
    })
}

/// Puts `qty` units of a product back in stock (and out of its sales); its new stock, `None`
/// when it keeps none or no longer exists.
pub(crate) async fn restock(tx: &mut Tx, product_id: i64, qty: i64) -> Result<Option<i64>> {
    on_tx!(tx, c => {
        Ok(sqlx::query(
            "UPDATE products SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock + $2 END, \
             stock_status = CASE WHEN stock IS NOT NULL AND stock + $2 > 0 AND stock_status = 'outofstock' THEN 'instock' ELSE stock_status END, \
             total_sales = CASE WHEN total_sales >= $2 THEN total_sales - $2 ELSE 0 END, updated_at = $3 WHERE id = $1 RETURNING stock",
        )
        .bind(product_id)
        .bind(qty)
        .bind(now())
        .fetch_optional(&mut *c)
        .await?
        .map(|r| r.opt_i64("stock"))
        .transpose()?
        .flatten())
    })
}

/// The product row stock is taken from, locked; `None` when it no longer exists.
async fn lock_for_stock(tx: &mut Tx, id: i64, name: &str) -> Result<Option<Product>> {
    let lock = tx.lock_suffix();
    let sql = format!(
        "SELECT {} FROM products WHERE id = $1{lock}",
        crate::decode::PRODUCT_COLS
    );
    let row = on_tx!(tx, c => sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.map(|r| crate::decode::product_from_row(&r)).transpose()?);
    Ok(row.map(|mut p| {
        p.name = name.to_owned();
        p
    }))
}

impl Store {
    /// Changes an order's status, note or addresses. Cancelling, refunding or
    /// failing an order puts its items back in stock once; reopening it takes
    /// them again, or is refused when the stock is gone. Status changes are noted.
    pub async fn update_order(&self, id: i64, ch: &OrderChanges, author: &str) -> Result<()> {
        if let Some(s) = &ch.status {
            if !ORDER_STATUSES.iter().any(|(k, _)| k == s) {
                return Err(invalid("status", &t("Unknown order status.")));
            }
        }
        let mut tx = self.begin().await?;
        self.apply_changes(&mut tx, id, ch, author, Restock::OnClose)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// `update_order` in the caller's transaction. `restock`: whether a failed order's stock goes
    /// back (staff failing an order) or stays held for the shopper's next try (a payment failed).
    pub(crate) async fn apply_changes(
        &self,
        tx: &mut Tx,
        id: i64,
        ch: &OrderChanges,
        author: &str,
        restock: Restock,
    ) -> Result<()> {
        let lock = tx.lock_suffix();
        let sql = format!("SELECT status, stock_reduced FROM orders WHERE id = $1{lock}");
        let (old_status, reduced) = on_tx!(tx, c => {
            let r = sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Order))?;
            (r.text("status")?, r.flag("stock_reduced")?)
        });
        let items: Vec<(i64, Option<i64>, String, i64)> = on_tx!(tx, c => {
            // Units a refund already put back stay out of it.
            sqlx::query("SELECT product_id, parent_id, name, quantity - restocked AS quantity FROM order_items WHERE order_id = $1 AND quantity > restocked ORDER BY id")
                .bind(id)
                .fetch_all(&mut *c)
                .await?
                .iter()
                .map(|r| Ok((r.i64("product_id")?, r.opt_i64("parent_id")?, r.text("name")?, r.i64("quantity")?)))
                .collect::<Result<Vec<_>>>()?
        });
        let mut notes: Vec<String> = Vec::new();
        let mut stock_reduced = reduced;
        let changed_to = ch.status.as_deref().filter(|s| *s != old_status);
        if let Some(new) = changed_to {
            let (reduced_now, note) = move_stock(tx, &items, new, reduced, restock).await?;
            stock_reduced = reduced_now;
            notes.extend(note);
            // Paid: its files may be downloaded; closed: no longer.
            if PAID_STATUSES.contains(&new) {
                crate::downloads::grant(tx, id).await?;
            } else if CLOSED_STATUSES.contains(&new) {
                crate::downloads::revoke(tx, id).await?;
            }
            notes.insert(
                0,
                tf(
                    "Order status changed from “%1$s” to “%2$s”.",
                    &[&order_status_label(&old_status), &order_status_label(new)],
                ),
            );
        }
        let billing = crate::decode::address_column(ch.billing.as_ref())?;
        let shipping = crate::decode::address_column(ch.shipping.as_ref())?;
        on_tx!(tx, c => {
            sqlx::query(
                "UPDATE orders SET status = COALESCE($2, status), customer_note = COALESCE($3, customer_note), \
                 billing = COALESCE($4, billing), shipping = COALESCE($5, shipping), \
                 email = COALESCE($6, email), stock_reduced = $7, updated_at = $8, \
                 paid_at = CASE WHEN $9 THEN COALESCE(paid_at, $8) ELSE paid_at END, \
                 completed_at = CASE WHEN $10 THEN $8 ELSE completed_at END WHERE id = $1",
            )
            .bind(id)
            .bind(&ch.status)
            .bind(&ch.customer_note)
            .bind(&billing)
            .bind(&shipping)
            .bind(ch.billing.as_ref().map(|b| b.email.to_lowercase()).filter(|e| !e.is_empty()))
            .bind(stock_reduced)
            .bind(now())
            .bind(changed_to.is_some_and(|s| PAID_STATUSES.contains(&s)))
            .bind(changed_to == Some("completed"))
            .execute(&mut *c)
            .await?;
        });
        // An invoice falls due with the new status, or a closed order cancels its invoice;
        // the counters' locks come before the content version's, as in every checkout.
        let (invoice_mail, shipping_invoice) = match changed_to {
            Some(new) => {
                let settings = self.settings().await?;
                invoices_at_status(tx, id, new, &settings, &mut notes).await?
            }
            None => (None, None),
        };
        if stock_reduced != reduced {
            // Stock shown on the products changed, and possibly whether they are in stock (so
            // which lists filtered by it hold them).
            let mut scopes: Vec<crate::Scope> = items
                .iter()
                .flat_map(|(pid, parent, _, _)| std::iter::once(*pid).chain(*parent))
                .map(crate::Scope::Product)
                .collect();
            scopes.push(crate::Scope::Catalog);
            crate::changes::record(tx, &scopes).await?;
        }
        for n in &notes {
            add_note(tx, id, n, false, author).await?;
        }
        let completed = changed_to == Some("completed");
        mail_customer(tx, id, completed, shipping_invoice, invoice_mail).await?;
        Ok(())
    }

    pub async fn order_notes(&self, order_id: i64) -> Result<Vec<OrderNote>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT id, order_id, note, customer_note, author, created_at FROM order_notes WHERE order_id = $1 ORDER BY created_at DESC, id DESC")
                .bind(order_id)
                .fetch_all(p)
                .await?
                .iter()
                .map(note_from_row)
                .collect()
        })
    }

    pub async fn add_order_note(
        &self,
        order_id: i64,
        note: &str,
        customer_note: bool,
        author: &str,
    ) -> Result<i64> {
        let note = ammonia::clean(note.trim());
        if note.is_empty() {
            return Err(invalid("note", &t("Please enter a text for the note.")));
        }
        self.order(order_id).await?;
        let mut tx = self.begin().await?;
        let id = add_note(&mut tx, order_id, &note, customer_note, author).await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn delete_order_note(&self, order_id: i64, note_id: i64) -> Result<()> {
        let n = on_db!(&self.db, p => sqlx::query("DELETE FROM order_notes WHERE id = $1 AND order_id = $2").bind(note_id).bind(order_id).execute(p).await?.rows_affected());
        if n == 0 {
            return Err(StoreError::NotFound(Missing::OrderNote));
        }
        Ok(())
    }
}

/// `wc/v3/orders` list filters.
#[derive(Debug, Clone, Default)]
pub struct OrderQuery {
    /// Empty: any status.
    pub statuses: Vec<String>,
    /// When the order was placed and last changed.
    pub dates: crate::DateRange,
    /// Matched against the order number, e-mail, names in the billing address.
    pub search: Option<String>,
    /// Only the orders of this customer record.
    pub customer: Option<i64>,
    /// Only the orders placed with this e-mail address (in any case): an account's own.
    pub email: Option<String>,
    /// Only these orders (and, sorted by `include`, in this order); none of those excluded.
    pub include: Vec<i64>,
    pub exclude: Vec<i64>,
    /// Only the orders holding this product (or a variation of it).
    pub product: Option<i64>,
    pub page: i64,
    pub per_page: i64,
    /// One of [`ORDER_SORTS`] and its direction; `None`: newest first.
    pub sort: Option<(crate::AdminSort, crate::SortDirection)>,
}

/// The `orderby` values orders support.
pub const ORDER_SORTS: [crate::AdminSort; 4] = [
    crate::AdminSort::Date,
    crate::AdminSort::Id,
    crate::AdminSort::Include,
    crate::AdminSort::Modified,
];

impl Store {
    /// Orders newest first, with the total count for pagination.
    pub async fn list_orders(&self, q: &OrderQuery) -> Result<(Vec<PlacedOrder>, i64)> {
        let mut wheres = vec!["1 = 1".to_owned()];
        let mut binds: Vec<String> = Vec::new();
        if !q.statuses.is_empty() {
            let marks: Vec<String> = q
                .statuses
                .iter()
                .map(|s| {
                    binds.push(s.clone());
                    format!("${}", binds.len())
                })
                .collect();
            wheres.push(format!("status IN ({})", marks.join(", ")));
        }
        let dates = q.dates.conditions(&mut binds);
        wheres.extend(dates);
        if let Some(c) = q.customer {
            binds.push(c.to_string());
            wheres.push(format!("customer_id = CAST(${} AS BIGINT)", binds.len()));
        }
        if let Some(e) = &q.email {
            binds.push(e.to_lowercase());
            wheres.push(format!("LOWER(email) = ${}", binds.len()));
        }
        // Ids are integers, written into the statement as numbers.
        let list = |ids: &[i64]| ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        if !q.include.is_empty() {
            wheres.push(format!("id IN ({})", list(&q.include)));
        }
        if !q.exclude.is_empty() {
            wheres.push(format!("id NOT IN ({})", list(&q.exclude)));
        }
        if let Some(p) = q.product {
            wheres.push(format!(
                "id IN (SELECT order_id FROM order_items WHERE product_id = {p} OR parent_id = {p})"
            ));
        }
        if let Some(s) = q.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            binds.push(crate::db::like_pattern(s));
            let n = binds.len();
            binds.push(s.to_owned());
            wheres.push(format!("(LOWER(email) LIKE ${n} ESCAPE '\\' OR LOWER(billing) LIKE ${n} ESCAPE '\\' OR CAST(id AS TEXT) = ${})", binds.len()));
        }
        let filter = wheres.join(" AND ");
        let order = match q.sort {
            Some((sort, dir)) => sort.clause(dir, &q.include),
            None => "created_at DESC, id DESC".to_owned(),
        };
        let page = crate::db::ListPage {
            cols: "id",
            table: "orders",
            filter: &filter,
            order: &order,
            page: q.page,
            per_page: q.per_page,
            offset: None,
            ids_first: false,
        };
        let (ids, total) = crate::list_page!(&self.db, page, &binds, |r| r.i64("id"));
        Ok((self.orders_by_ids(&ids).await?, total))
    }

    /// What the products of order lines `ids` (product or variation ids) are now, by id, as
    /// WooCommerce answers a line: the picture (a variation without one of its own shows its
    /// product's) and a variation's product's name. A product deleted since is not there.
    pub async fn item_products(&self, ids: &[i64]) -> Result<HashMap<i64, ItemProduct>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        // Ids are integers, written into the statement as numbers.
        let list: Vec<String> = ids.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT p.id, COALESCE(p.image_id, q.image_id) AS image_id, q.name AS parent_name \
             FROM products p LEFT JOIN products q ON q.id = p.parent_id WHERE p.id IN ({})",
            list.join(",")
        );
        on_db!(&self.db, pool => {
            sqlx::query(&sql)
                .fetch_all(pool)
                .await?
                .iter()
                .map(|r| {
                    Ok((
                        r.i64("id")?,
                        ItemProduct {
                            image_id: r.opt_i64("image_id")?,
                            parent_name: r.opt_text("parent_name")?,
                        },
                    ))
                })
                .collect()
        })
    }
}

/// An order line's product as it is now (`Store::item_products`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemProduct {
    pub image_id: Option<i64>,
    /// A variation's product's name; `None` for a product of its own.
    pub parent_name: Option<String>,
}

/// Stock after a status change: a closed order's items go back into stock, an order reopened
/// takes them again (only what the order had taken, or had not); answers whether the order's
/// stock is now taken, with the order note saying what moved.
async fn move_stock(
    tx: &mut Tx,
    items: &[(i64, Option<i64>, String, i64)],
    new: &str,
    reduced: bool,
    when: Restock,
) -> Result<(bool, Option<String>)> {
    let restock =
        CLOSED_STATUSES.contains(&new) && !(when == Restock::KeepFailed && new == "failed");
    if new == "failed" && !restock {
        // Held for the shopper's next try; the hold time gives it back if none comes.
        return Ok((reduced, None));
    }
    let mut parents = Vec::new();
    let mut changed = Vec::new();
    let mut stock_reduced = reduced;
    let mut note = None;
    if restock && reduced {
        for (pid, parent, name, qty) in items {
            if let Some(stock) = self::restock(tx, *pid, *qty).await? {
                changed.push(format!("{name} ({}→{stock})", stock - qty));
            }
            parents.extend(parent);
        }
        stock_reduced = false;
        if !changed.is_empty() {
            note = Some(tf("Stock restored: %s.", &[&changed.join(", ")]));
        }
    } else if !restock && !reduced {
        for (pid, parent, name, qty) in items {
            let product = lock_for_stock(tx, *pid, name).await?;
            if let Some(product) = product {
                decrement_stock(tx, &product, *qty).await?;
                if let Some(before) = product.stock {
                    changed.push(format!("{name} ({before}→{})", before - qty));
                }
            }
            parents.extend(parent);
        }
        stock_reduced = true;
        if !changed.is_empty() {
            note = Some(tf("Stock reduced: %s.", &[&changed.join(", ")]));
        }
    }
    if !parents.is_empty() {
        parents.sort_unstable();
        parents.dedup();
        refresh_parent_stock(tx, &parents).await?;
    }
    Ok((stock_reduced, note))
}

/// The invoice a new status brings: a closed order cancels its invoice, a status the shop issues
/// invoices at issues one (mailed with the shipping notice at completion). Answers the invoice
/// to mail on its own and the one to send with the shipping notice; their notes are added.
/// The counters' locks come before the content version's, as in every checkout.
async fn invoices_at_status(
    tx: &mut Tx,
    id: i64,
    new: &str,
    settings: &laden_domain::settings::SiteSettings,
    notes: &mut Vec<String>,
) -> Result<(Option<i64>, Option<i64>)> {
    let mut invoice_mail = None;
    let mut shipping_invoice = None;
    if CLOSED_STATUSES.contains(&new) {
        invoice_mail = crate::invoices::cancel(tx, id, settings).await?;
    } else if crate::invoices::due_at_status(&settings.shop, new) {
        if let Some(issued) = crate::invoices::issue(tx, id, settings).await? {
            if new == "completed" {
                shipping_invoice = Some(issued);
            } else {
                invoice_mail = Some(issued);
            }
        }
    }
    for invoice in invoice_mail.iter().chain(&shipping_invoice) {
        notes.push(crate::invoices::note(tx, *invoice).await?);
    }
    Ok((invoice_mail, shipping_invoice))
}

/// Completed means shipped: the customer is told, once per completion (with the invoice issued at
/// completion); an invoice issued or cancelled otherwise is mailed on its own.
async fn mail_customer(
    tx: &mut Tx,
    id: i64,
    completed: bool,
    shipping_invoice: Option<i64>,
    invoice_mail: Option<i64>,
) -> Result<()> {
    if !completed && invoice_mail.is_none() {
        return Ok(());
    }
    let email = on_tx!(tx, c => sqlx::query("SELECT email FROM orders WHERE id = $1").bind(id).fetch_one(&mut *c).await?.text("email")?);
    if completed {
        crate::mail::enqueue_with_invoice(
            tx,
            crate::mail::MailKind::ShippingNotice,
            crate::mail::About::Order(id),
            &email,
            shipping_invoice,
        )
        .await?;
    }
    if invoice_mail.is_some() {
        crate::mail::enqueue_with_invoice(
            tx,
            crate::mail::MailKind::Invoice,
            crate::mail::About::Order(id),
            &email,
            invoice_mail,
        )
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_status_has_its_german_name() {
        for (status, id) in ORDER_STATUSES {
            assert_ne!(
                order_status_label(status),
                *id,
                "{status} has no German name"
            );
        }
        assert_eq!(order_status_label("cancelled"), "Storniert");
        assert_eq!(order_status_label("wc-custom"), "wc-custom");
    }
}
