//! Customer accounts as staff see and change them (wc/v3 `customers`).

use crate::db::Store;
use crate::error::Missing;
use crate::error::{invalid, Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::address::Address;
use laden_domain::i18n::t;
use serde::Serialize;

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

impl Store {
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
        let page = crate::db::ListPage {
            cols: CUSTOMER_COLS,
            table: "customers",
            filter: &filter,
            order: "created_at DESC, id DESC",
            page,
            per_page,
            offset: None,
            ids_first: false,
        };
        Ok(crate::list_page!(&self.db, page, &binds, customer_from_row))
    }

    /// The customer record of the address `email` (in any case), if it has one: one query, where
    /// [`customers`](Self::customers) also counts.
    pub async fn customer_by_email(&self, email: &str) -> Result<Option<Customer>> {
        let sql = format!("SELECT {CUSTOMER_COLS} FROM customers WHERE email = $1");
        let email = email.trim().to_lowercase();
        on_db!(&self.db, p => sqlx::query(&sql).bind(&email).fetch_optional(p).await?.map(|r| customer_from_row(&r)).transpose())
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
                return Err(invalid("email", &t("Please give a valid e-mail address.")));
            }
        } else if id.is_none() {
            return Err(invalid("email", &t("Please give a valid e-mail address.")));
        }
        let countries = self.settings().await?.shop.delivery_countries;
        let mut problems = Vec::new();
        for (prefix, a) in [("billing", &ch.billing), ("shipping", &ch.shipping)] {
            if let Some(a) = a {
                problems.extend(a.format_problems(prefix, &countries));
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
        let billing = crate::decode::address_column(ch.billing.as_ref())?;
        let shipping = crate::decode::address_column(ch.shipping.as_ref())?;
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
}
