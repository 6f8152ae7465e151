//! What a logged-in customer changes in the account: the name it shows, the password (given
//! with the current one), which ends every other login session and is told to the account's
//! address, and the addresses its checkout starts with.

use super::users::{hash_password, User};
use crate::db::Store;
use crate::error::Result;
use crate::mail::{About, MailKind};
use crate::{now, on_db, on_tx};
use laden_domain::address::Address;

impl Store {
    /// Sets account `user`'s display name and, when `password` is given, its new password. A new
    /// password ends every login session of the account but `keep` (the hash of the session that
    /// changed it), forgets its failed logins and queues a `password_changed` mail to its address,
    /// all in one transaction.
    pub async fn update_account(
        &self,
        user: &User,
        display_name: &str,
        password: Option<&str>,
        keep: &str,
    ) -> Result<()> {
        let hash = password.map(hash_password).transpose()?;
        let id = user.id;
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE users SET display_name = $2 WHERE id = $1")
                .bind(id)
                .bind(display_name)
                .execute(&mut *c)
                .await?;
            if let Some(hash) = &hash {
                sqlx::query("UPDATE users SET password_hash = $2 WHERE id = $1").bind(id).bind(hash).execute(&mut *c).await?;
                sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2").bind(id).bind(keep).execute(&mut *c).await?;
                sqlx::query("DELETE FROM login_failures WHERE login = $1 OR login = $2")
                    .bind(user.login.to_lowercase())
                    .bind(user.email.to_lowercase())
                    .execute(&mut *c)
                    .await?;
            }
        });
        if hash.is_some() {
            crate::mail::enqueue(
                &mut tx,
                MailKind::PasswordChanged,
                About::User(id),
                &user.email,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

impl Store {
    /// The addresses the account with `email` keeps for its checkout: its customer record's, made
    /// when it has none yet (the same record every order of the address updates).
    pub async fn save_customer_addresses(
        &self,
        email: &str,
        billing: &Address,
        shipping: &Address,
    ) -> Result<()> {
        let email = email.trim().to_lowercase();
        let t = now();
        let sql = "INSERT INTO customers (email, first_name, last_name, billing, shipping, order_count, total_spent, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, 0, $6, $6) ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, \
             last_name = excluded.last_name, billing = excluded.billing, shipping = excluded.shipping, updated_at = excluded.updated_at";
        let billing_json = serde_json::to_string(billing)?;
        let shipping_json = serde_json::to_string(shipping)?;
        on_db!(&self.db, p => {
            sqlx::query(sql)
                .bind(&email)
                .bind(&billing.first_name)
                .bind(&billing.last_name)
                .bind(&billing_json)
                .bind(&shipping_json)
                .bind(t)
                .execute(p)
                .await?;
        });
        Ok(())
    }
}
