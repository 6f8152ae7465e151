//! Order handling, review moderation, customers and the sales report, for
//! shop staff (wc/v3 and the admin screens).

use crate::checkout::{decrement_stock, refresh_parent_stock};
use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::*;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::address::Address;
use serde::Serialize;
use std::collections::BTreeMap;

/// WooCommerce's order statuses and their German names (WooCommerce's de_DE wording).
pub const ORDER_STATUSES: &[(&str, &str)] = &[
    ("pending", "Zahlung ausstehend"),
    ("processing", "In Bearbeitung"),
    ("on-hold", "In Wartestellung"),
    ("completed", "Fertiggestellt"),
    ("cancelled", "Storniert"),
    ("refunded", "Rückerstattet"),
    ("failed", "Fehlgeschlagen"),
    ("checkout-draft", "Entwurf"),
];

/// Statuses whose items are back in stock (WooCommerce restores stock on these).
/// Statuses in which an order is over: its items are back in stock, and there is nothing to withdraw from.
pub const CLOSED_STATUSES: &[&str] = &["cancelled", "refunded", "failed"];
/// Statuses that count as sales in reports.
pub const PAID_STATUSES: &[&str] = &["processing", "on-hold", "completed"];

pub fn order_status_label(status: &str) -> &str {
    ORDER_STATUSES
        .iter()
        .find(|(s, _)| *s == status)
        .map_or(status, |(_, l)| l)
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

/// A review as staff see it, any status.
#[derive(Debug, Clone, Serialize)]
pub struct AdminReview {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub status: String,
    pub author: String,
    pub email: String,
    pub content: String,
    pub rating: i64,
    pub verified: bool,
    pub created_at: i64,
}

/// Review statuses (WordPress comment statuses as WooCommerce names them).
pub const REVIEW_STATUSES: &[&str] = &["approved", "hold", "spam", "trash"];

#[derive(Debug, Clone, Default)]
pub struct ReviewChanges {
    pub product_id: Option<i64>,
    pub status: Option<String>,
    pub author: Option<String>,
    pub email: Option<String>,
    pub content: Option<String>,
    pub rating: Option<i64>,
    pub verified: Option<bool>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Customer {
    pub id: i64,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub billing: Address,
    pub shipping: Address,
    pub order_count: i64,
    pub total_spent: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Default)]
pub struct CustomerChanges {
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub billing: Option<Address>,
    pub shipping: Option<Address>,
}

/// One day of the sales report (UTC days, as every date Laden shows).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct DayTotals {
    pub sales: i64,
    pub orders: i64,
    pub items: i64,
    pub tax: i64,
    pub shipping: i64,
    pub customers: i64,
}

fn invalid(field: &str, msg: &str) -> StoreError {
    StoreError::Invalid(vec![(field.to_owned(), msg.to_owned())])
}

async fn add_note(
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

impl Store {
    /// Changes an order's status, note or addresses. Cancelling, refunding or
    /// failing an order puts its items back in stock once; reopening it takes
    /// them again, or is refused when the stock is gone. Status changes are noted.
    pub async fn update_order(&self, id: i64, ch: &OrderChanges, author: &str) -> Result<()> {
        if let Some(s) = &ch.status {
            if !ORDER_STATUSES.iter().any(|(k, _)| k == s) {
                return Err(invalid("status", "Unbekannter Bestellstatus."));
            }
        }
        let mut tx = self.begin().await?;
        let lock = tx.lock_suffix();
        let sql = format!("SELECT status, stock_reduced FROM orders WHERE id = $1{lock}");
        let (old_status, reduced) = on_tx!(&mut tx, c => {
            let r = sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Order))?;
            (r.text("status")?, r.flag("stock_reduced")?)
        });
        let items: Vec<(i64, Option<i64>, String, i64)> = on_tx!(&mut tx, c => {
            sqlx::query("SELECT product_id, parent_id, name, quantity FROM order_items WHERE order_id = $1 ORDER BY id")
                .bind(id)
                .fetch_all(&mut *c)
                .await?
                .iter()
                .map(|r| Ok((r.i64("product_id")?, r.opt_i64("parent_id")?, r.text("name")?, r.i64("quantity")?)))
                .collect::<Result<Vec<_>>>()?
        });
        let mut notes: Vec<String> = Vec::new();
        let mut stock_reduced = reduced;
        if let Some(new) = ch.status.as_deref().filter(|s| *s != old_status) {
            let restock = CLOSED_STATUSES.contains(&new);
            let mut parents = Vec::new();
            if restock && reduced {
                let mut changed = Vec::new();
                for (pid, parent, name, qty) in &items {
                    let row = on_tx!(&mut tx, c => {
                        sqlx::query(
                            "UPDATE products SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock + $2 END, \
                             stock_status = CASE WHEN stock IS NOT NULL AND stock + $2 > 0 AND stock_status = 'outofstock' THEN 'instock' ELSE stock_status END, \
                             total_sales = CASE WHEN total_sales >= $2 THEN total_sales - $2 ELSE 0 END WHERE id = $1 RETURNING stock",
                        )
                        .bind(*pid)
                        .bind(*qty)
                        .fetch_optional(&mut *c)
                        .await?
                        .map(|r| r.opt_i64("stock"))
                        .transpose()?
                        .flatten()
                    });
                    if let Some(stock) = row {
                        changed.push(format!("{name} ({}→{stock})", stock - qty));
                    }
                    parents.extend(parent);
                }
                stock_reduced = false;
                if !changed.is_empty() {
                    notes.push(format!(
                        "Bestand wiederhergestellt: {}.",
                        changed.join(", ")
                    ));
                }
            } else if !restock && !reduced {
                let mut changed = Vec::new();
                for (pid, parent, name, qty) in &items {
                    let product = lock_for_stock(&mut tx, *pid, name).await?;
                    if let Some(product) = product {
                        decrement_stock(&mut tx, &product, *qty).await?;
                        if let Some(before) = product.stock {
                            changed.push(format!("{name} ({before}→{})", before - qty));
                        }
                    }
                    parents.extend(parent);
                }
                stock_reduced = true;
                if !changed.is_empty() {
                    notes.push(format!("Bestand reduziert: {}.", changed.join(", ")));
                }
            }
            if !parents.is_empty() {
                parents.sort_unstable();
                parents.dedup();
                refresh_parent_stock(&mut tx, &parents).await?;
            }
            notes.insert(
                0,
                format!(
                    "Bestellstatus von „{}“ auf „{}“ geändert.",
                    order_status_label(&old_status),
                    order_status_label(new)
                ),
            );
        }
        let billing = ch
            .billing
            .as_ref()
            .map(|a| serde_json::to_string(&a.cleaned()))
            .transpose()?;
        let shipping = ch
            .shipping
            .as_ref()
            .map(|a| serde_json::to_string(&a.cleaned()))
            .transpose()?;
        on_tx!(&mut tx, c => {
            sqlx::query(
                "UPDATE orders SET status = COALESCE($2, status), customer_note = COALESCE($3, customer_note), \
                 billing = COALESCE($4, billing), shipping = COALESCE($5, shipping), \
                 email = COALESCE($6, email), stock_reduced = $7, updated_at = $8 WHERE id = $1",
            )
            .bind(id)
            .bind(&ch.status)
            .bind(&ch.customer_note)
            .bind(&billing)
            .bind(&shipping)
            .bind(ch.billing.as_ref().map(|b| b.email.to_lowercase()).filter(|e| !e.is_empty()))
            .bind(stock_reduced)
            .bind(now())
            .execute(&mut *c)
            .await?;
        });
        if stock_reduced != reduced {
            // Stock shown on the products changed (and possibly whether they are in stock).
            let scopes: Vec<crate::Scope> = items
                .iter()
                .flat_map(|(pid, parent, _, _)| std::iter::once(*pid).chain(*parent))
                .map(crate::Scope::Product)
                .collect();
            crate::changes::record(&mut tx, &scopes).await?;
        }
        for n in &notes {
            add_note(&mut tx, id, n, false, author).await?;
        }
        // Completed means shipped: tell the customer, once per completion.
        if ch.status.as_deref() == Some("completed") && old_status != "completed" {
            let email = on_tx!(&mut tx, c => sqlx::query("SELECT email FROM orders WHERE id = $1").bind(id).fetch_one(&mut *c).await?.text("email")?);
            crate::mail::enqueue(
                &mut tx,
                crate::mail::MailKind::ShippingNotice,
                crate::mail::About::Order(id),
                &email,
            )
            .await?;
        }
        tx.commit().await?;
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
            return Err(invalid("note", "Bitte einen Text für die Notiz eingeben."));
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

    /// Sales per UTC day between two Unix times (inclusive start, exclusive end), paid statuses only.
    pub async fn sales_by_day(&self, from: i64, to: i64) -> Result<BTreeMap<i64, DayTotals>> {
        let statuses = PAID_STATUSES
            .iter()
            .map(|s| format!("'{s}'"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT o.id, o.total, o.tax_total, o.shipping_total, o.email, o.created_at, \
             CAST((SELECT COALESCE(SUM(quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS BIGINT) AS items \
             FROM orders o WHERE o.status IN ({statuses}) AND o.created_at >= $1 AND o.created_at < $2"
        );
        let rows: Vec<(i64, i64, i64, i64, String, i64)> = on_db!(&self.db, p => {
            sqlx::query(&sql)
                .bind(from)
                .bind(to)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("total")?, r.i64("tax_total")?, r.i64("shipping_total")?, r.i64("items")?, r.text("email")?, r.i64("created_at")?)))
                .collect::<Result<Vec<_>>>()?
        });
        let mut days: BTreeMap<i64, DayTotals> = BTreeMap::new();
        let mut seen: std::collections::HashSet<(i64, String)> = std::collections::HashSet::new();
        for (total, tax, shipping, items, email, at) in rows {
            let day = at.div_euclid(86_400);
            let d = days.entry(day).or_default();
            d.sales += total;
            d.orders += 1;
            d.items += items;
            d.tax += tax;
            d.shipping += shipping;
            if seen.insert((day, email)) {
                d.customers += 1;
            }
        }
        Ok(days)
    }

    /// Reviews for staff: any status (or one), optionally of one product, newest first.
    pub async fn admin_reviews(
        &self,
        status: Option<&str>,
        product: Option<i64>,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<AdminReview>, i64)> {
        let mut wheres = vec!["1 = 1".to_owned()];
        match status {
            None | Some("all") => wheres.push("r.status IN ('approved', 'hold')".into()),
            Some(s) => wheres.push(format!(
                "r.status = '{}'",
                if REVIEW_STATUSES.contains(&s) {
                    s
                } else {
                    "none"
                }
            )),
        }
        if let Some(p) = product {
            wheres.push(format!("r.product_id = {p}"));
        }
        let filter = wheres.join(" AND ");
        let offset = (page - 1).max(0) * per_page;
        let list_sql = format!(
            "SELECT r.id, r.product_id, p.name AS product_name, r.status, r.author, r.email, r.content, r.rating, r.verified, r.created_at \
             FROM reviews r JOIN products p ON p.id = r.product_id WHERE {filter} ORDER BY r.created_at DESC, r.id DESC LIMIT {per_page} OFFSET {offset}"
        );
        let count_sql = format!("SELECT COUNT(*) AS n FROM reviews r WHERE {filter}");
        on_db!(&self.db, p => {
            let list = sqlx::query(&list_sql).fetch_all(p).await?.iter().map(review_from_row).collect::<Result<Vec<_>>>()?;
            let total = sqlx::query(&count_sql).fetch_one(p).await?.i64("n")?;
            Ok((list, total))
        })
    }

    pub async fn admin_review(&self, id: i64) -> Result<AdminReview> {
        on_db!(&self.db, p => {
            let r = sqlx::query(
                "SELECT r.id, r.product_id, p.name AS product_name, r.status, r.author, r.email, r.content, r.rating, r.verified, r.created_at \
                 FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await?
            .ok_or(StoreError::NotFound(Missing::Review))?;
            review_from_row(&r)
        })
    }

    /// Creates (`id` `None`) or changes a review; the product's rating follows its approved reviews.
    pub async fn save_review(&self, id: Option<i64>, ch: &ReviewChanges) -> Result<i64> {
        let mut problems = Vec::new();
        if ch.rating.is_some_and(|r| !(1..=5).contains(&r)) {
            problems.push((
                "rating".to_owned(),
                "Die Bewertung muss zwischen 1 und 5 liegen.".to_owned(),
            ));
        }
        if ch
            .status
            .as_deref()
            .is_some_and(|s| !REVIEW_STATUSES.contains(&s))
        {
            problems.push(("status".to_owned(), "Unbekannter Status.".to_owned()));
        }
        if id.is_none() {
            if ch.product_id.is_none() {
                problems.push((
                    "product_id".to_owned(),
                    "Bitte ein Produkt angeben.".to_owned(),
                ));
            }
            if ch.content.as_deref().is_none_or(|c| c.trim().is_empty()) {
                problems.push(("review".to_owned(), "Bitte einen Text angeben.".to_owned()));
            }
            if ch
                .author
                .as_deref()
                .is_none_or(|c| laden_domain::text::sanitize_text_field(c).is_empty())
            {
                problems.push((
                    "reviewer".to_owned(),
                    "Bitte einen Namen angeben.".to_owned(),
                ));
            }
            if ch.rating.is_none() {
                problems.push((
                    "rating".to_owned(),
                    "Die Bewertung muss zwischen 1 und 5 liegen.".to_owned(),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let mut tx = self.begin().await?;
        if let Some(pid) = ch.product_id {
            let ok = on_tx!(&mut tx, c => sqlx::query("SELECT 1 AS one FROM products WHERE id = $1 AND kind <> 'variation'").bind(pid).fetch_optional(&mut *c).await?.is_some());
            if !ok {
                return Err(invalid("product_id", "Dieses Produkt gibt es nicht."));
            }
        }
        let content = ch.content.as_deref().map(|c| crate::escape_text(c.trim()));
        // A name is text, never markup (WordPress keeps comment authors so too).
        let author = ch
            .author
            .as_deref()
            .map(laden_domain::text::sanitize_text_field);
        let (review_id, old_product) = match id {
            Some(rid) => {
                let old = on_tx!(&mut tx, c => {
                    sqlx::query("SELECT product_id FROM reviews WHERE id = $1").bind(rid).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Review))?.i64("product_id")?
                });
                (rid, Some(old))
            }
            None => {
                let rid = on_tx!(&mut tx, c => {
                    sqlx::query("INSERT INTO reviews (product_id, rating, author, content, created_at) VALUES ($1, 5, '', '', $2) RETURNING id")
                        .bind(ch.product_id)
                        .bind(now())
                        .fetch_one(&mut *c)
                        .await?
                        .i64("id")?
                });
                (rid, None)
            }
        };
        on_tx!(&mut tx, c => {
            sqlx::query(
                "UPDATE reviews SET product_id = COALESCE($2, product_id), status = COALESCE($3, status), author = COALESCE($4, author), \
                 email = COALESCE($5, email), content = COALESCE($6, content), rating = COALESCE($7, rating), verified = COALESCE($8, verified) WHERE id = $1",
            )
            .bind(review_id)
            .bind(ch.product_id)
            .bind(&ch.status)
            .bind(&author)
            .bind(ch.email.as_deref().map(str::trim))
            .bind(&content)
            .bind(ch.rating)
            .bind(ch.verified)
            .execute(&mut *c)
            .await?;
            sqlx::query("UPDATE reviews SET approved = (status = 'approved') WHERE id = $1").bind(review_id).execute(&mut *c).await?;
        });
        let mut touched: Vec<i64> = old_product.into_iter().chain(ch.product_id).collect();
        touched.dedup();
        recount_ratings(&mut tx, &touched).await?;
        tx.commit().await?;
        Ok(review_id)
    }

    pub async fn delete_review(&self, id: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        let product = on_tx!(&mut tx, c => {
            let r = sqlx::query("DELETE FROM reviews WHERE id = $1 RETURNING product_id").bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Review))?;
            r.i64("product_id")?
        });
        recount_ratings(&mut tx, &[product]).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn customers(
        &self,
        search: Option<&str>,
        email: Option<&str>,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<Customer>, i64)> {
        let mut wheres = vec!["1 = 1".to_owned()];
        let mut binds: Vec<String> = Vec::new();
        if let Some(e) = email.map(str::trim).filter(|e| !e.is_empty()) {
            binds.push(e.to_lowercase());
            wheres.push(format!("email = ${}", binds.len()));
        }
        if let Some(s) = search.map(str::trim).filter(|s| !s.is_empty()) {
            binds.push(crate::db::like_pattern(s));
            let n = binds.len();
            wheres.push(format!("(LOWER(email) LIKE ${n} ESCAPE '\\' OR LOWER(first_name) LIKE ${n} ESCAPE '\\' OR LOWER(last_name) LIKE ${n} ESCAPE '\\')"));
        }
        let filter = wheres.join(" AND ");
        let offset = (page - 1).max(0) * per_page;
        let list_sql = format!("SELECT {CUSTOMER_COLS} FROM customers WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT {per_page} OFFSET {offset}");
        let count_sql = format!("SELECT COUNT(*) AS n FROM customers WHERE {filter}");
        on_db!(&self.db, p => {
            let mut list = sqlx::query(&list_sql);
            let mut count = sqlx::query(&count_sql);
            for b in &binds {
                list = list.bind(b);
                count = count.bind(b);
            }
            let rows = list.fetch_all(p).await?.iter().map(customer_from_row).collect::<Result<Vec<_>>>()?;
            Ok((rows, count.fetch_one(p).await?.i64("n")?))
        })
    }

    pub async fn customer(&self, id: i64) -> Result<Customer> {
        let sql = format!("SELECT {CUSTOMER_COLS} FROM customers WHERE id = $1");
        on_db!(&self.db, p => customer_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Customer))?))
    }

    /// Creates (`id` `None`) or changes a customer record; e-mail addresses are unique.
    pub async fn save_customer(&self, id: Option<i64>, ch: &CustomerChanges) -> Result<i64> {
        let email = ch.email.as_deref().map(|e| e.trim().to_lowercase());
        if let Some(e) = &email {
            if laden_domain::contact::Email::parse(e).is_none() {
                return Err(invalid(
                    "email",
                    "Bitte eine gültige E-Mail-Adresse angeben.",
                ));
            }
        } else if id.is_none() {
            return Err(invalid(
                "email",
                "Bitte eine gültige E-Mail-Adresse angeben.",
            ));
        }
        let mut problems = Vec::new();
        for (prefix, a) in [("billing", &ch.billing), ("shipping", &ch.shipping)] {
            if let Some(a) = a {
                problems.extend(a.format_problems(prefix));
            }
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let mut tx = self.begin().await?;
        if let Some(e) = &email {
            let other = on_tx!(&mut tx, c => sqlx::query("SELECT id FROM customers WHERE email = $1").bind(e).fetch_optional(&mut *c).await?.map(|r| r.i64("id")).transpose()?);
            if other.is_some_and(|o| Some(o) != id) {
                return Err(StoreError::Conflict("email_exists".into()));
            }
        }
        let t = now();
        let cid = match id {
            Some(cid) => {
                let found = on_tx!(&mut tx, c => sqlx::query("SELECT id FROM customers WHERE id = $1").bind(cid).fetch_optional(&mut *c).await?.is_some());
                if !found {
                    return Err(StoreError::NotFound(Missing::Customer));
                }
                cid
            }
            None => on_tx!(&mut tx, c => {
                sqlx::query("INSERT INTO customers (email, created_at, updated_at) VALUES ($1, $2, $2) RETURNING id").bind(&email).bind(t).fetch_one(&mut *c).await?.i64("id")?
            }),
        };
        let billing = ch
            .billing
            .as_ref()
            .map(|a| serde_json::to_string(&a.cleaned()))
            .transpose()?;
        let shipping = ch
            .shipping
            .as_ref()
            .map(|a| serde_json::to_string(&a.cleaned()))
            .transpose()?;
        on_tx!(&mut tx, c => {
            sqlx::query(
                "UPDATE customers SET email = COALESCE($2, email), first_name = COALESCE($3, first_name), last_name = COALESCE($4, last_name), \
                 billing = COALESCE($5, billing), shipping = COALESCE($6, shipping), updated_at = $7 WHERE id = $1",
            )
            .bind(cid)
            .bind(&email)
            .bind(ch.first_name.as_deref().map(str::trim))
            .bind(ch.last_name.as_deref().map(str::trim))
            .bind(&billing)
            .bind(&shipping)
            .bind(t)
            .execute(&mut *c)
            .await?;
        });
        tx.commit().await?;
        Ok(cid)
    }

    /// Products with tracked stock at or below their low-stock amount (or `fallback`), lowest first.
    pub async fn low_stock(&self, fallback: i64, limit: i64) -> Result<Vec<Product>> {
        let sql = format!(
            "SELECT {} FROM products WHERE status <> 'trash' AND kind <> 'variable' AND stock IS NOT NULL \
             AND stock <= COALESCE(low_stock_amount, $1) ORDER BY stock, name LIMIT {limit}",
            crate::decode::PRODUCT_COLS
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(fallback).fetch_all(p).await?.iter().map(crate::decode::product_from_row).collect()
        })
    }
}

const CUSTOMER_COLS: &str = "id, email, first_name, last_name, billing, shipping, order_count, total_spent, created_at, updated_at";

fn customer_from_row(r: &impl Cols) -> Result<Customer> {
    Ok(Customer {
        id: r.i64("id")?,
        email: r.text("email")?,
        first_name: r.text("first_name")?,
        last_name: r.text("last_name")?,
        billing: r.json("billing")?,
        shipping: r.json("shipping")?,
        order_count: r.i64("order_count")?,
        total_spent: r.i64("total_spent")?,
        created_at: r.i64("created_at")?,
        updated_at: r.i64("updated_at")?,
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

fn review_from_row(r: &impl Cols) -> Result<AdminReview> {
    Ok(AdminReview {
        id: r.i64("id")?,
        product_id: r.i64("product_id")?,
        product_name: r.text("product_name")?,
        status: r.text("status")?,
        author: r.text("author")?,
        email: r.text("email")?,
        content: r.text("content")?,
        rating: r.i64("rating")?,
        verified: r.flag("verified")?,
        created_at: r.i64("created_at")?,
    })
}

async fn recount_ratings(tx: &mut Tx, products: &[i64]) -> Result<()> {
    for pid in products {
        on_tx!(tx, c => {
            sqlx::query(
                "UPDATE products SET rating_sum = (SELECT COALESCE(SUM(rating), 0) FROM reviews WHERE product_id = $1 AND status = 'approved'), \
                 rating_count = (SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND status = 'approved') WHERE id = $1",
            )
            .bind(*pid)
            .execute(&mut *c)
            .await?;
        });
    }
    // Ratings show on the products and order the listings sorted by rating.
    let mut scopes: Vec<crate::Scope> =
        products.iter().map(|p| crate::Scope::Product(*p)).collect();
    scopes.push(crate::Scope::Catalog);
    crate::changes::record(tx, &scopes).await
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

/// A CSV import started from the admin.
#[derive(Debug, Clone, Serialize)]
pub struct ImportJob {
    pub id: String,
    /// `running`, `done` or `failed`.
    pub status: String,
    pub done: i64,
    pub total: i64,
    /// The report (JSON) once finished, or the reason it failed.
    pub report: String,
}

impl Store {
    pub async fn create_import_job(&self, user_id: i64) -> Result<String> {
        let id = crate::random_token(12);
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query("INSERT INTO import_jobs (id, user_id, status, created_at, updated_at) VALUES ($1, $2, 'running', $3, $3)")
                .bind(&id)
                .bind(user_id)
                .bind(t)
                .execute(p)
                .await?;
        });
        Ok(id)
    }

    pub async fn update_import_job(
        &self,
        id: &str,
        status: &str,
        done: i64,
        total: i64,
        report: &str,
    ) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("UPDATE import_jobs SET status = $2, done = $3, total = $4, report = $5, updated_at = $6 WHERE id = $1")
                .bind(id)
                .bind(status)
                .bind(done)
                .bind(total)
                .bind(report)
                .bind(now())
                .execute(p)
                .await?;
        });
        Ok(())
    }

    pub async fn import_job(&self, id: &str) -> Result<ImportJob> {
        on_db!(&self.db, p => {
            let r = sqlx::query("SELECT id, status, done, total, report FROM import_jobs WHERE id = $1").bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::ImportJob))?;
            Ok(ImportJob { id: r.text("id")?, status: r.text("status")?, done: r.i64("done")?, total: r.i64("total")?, report: r.text("report")? })
        })
    }
}
