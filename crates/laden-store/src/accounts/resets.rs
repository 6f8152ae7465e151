//! Forgotten passwords: the reset link is mailed to the account's address, and following it sets
//! a new password. Nothing secret is stored: the link's key is made (in `laden-http`) from the
//! account's current password hash, so it stops working once the password has changed.

use super::users::{hash_password, user_from_row, User, USER_COLS};
use crate::db::Store;
use crate::error::{Missing, Result, StoreError};
use crate::mail::MailKind;
use crate::row::Cols;
use crate::{now, on_db, on_tx};

/// How long a password-reset link is valid, in seconds (WordPress: one day).
pub const PASSWORD_RESET_LIFETIME: i64 = 24 * 3600;

impl Store {
    /// Queues a reset link for the account whose login name or e-mail address is `log`, unless
    /// one was queued for it in the last `within` seconds. Returns whether a mail was queued; an
    /// unknown name queues nothing (the caller answers the same either way).
    pub async fn request_password_reset(&self, log: &str, within: i64) -> Result<bool> {
        let log = log.trim().to_lowercase();
        if log.is_empty() {
            return Ok(false);
        }
        let sql = format!("SELECT {USER_COLS} FROM users WHERE LOWER(login) = $1 OR LOWER(email) = $1 ORDER BY id LIMIT 1");
        let user = on_db!(&self.db, p => sqlx::query(&sql).bind(&log).fetch_optional(p).await?.map(|r| user_from_row(&r)).transpose()?);
        let Some(user) = user else { return Ok(false) };
        self.mail_account(&user, MailKind::PasswordReset, within)
            .await
    }

    /// Account `id` with its current password hash, which a reset key is made from.
    pub async fn user_with_stamp(&self, id: i64) -> Result<(User, String)> {
        let sql = format!("SELECT {USER_COLS}, users.password_hash FROM users WHERE id = $1");
        on_db!(&self.db, p => {
            let row = sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::User))?;
            Ok((user_from_row(&row)?, row.text("password_hash")?))
        })
    }

    /// Sets a new password from a reset link: the address is confirmed (the link came to it),
    /// every login session of the account ends, and its failed logins are forgotten.
    pub async fn reset_password(&self, user: &User, password: &str) -> Result<()> {
        let hash = hash_password(password)?;
        let id = user.id;
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE users SET password_hash = $2, confirmed_at = COALESCE(confirmed_at, $3) WHERE id = $1")
                .bind(id)
                .bind(&hash)
                .bind(now())
                .execute(&mut *c)
                .await?;
            sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("DELETE FROM login_failures WHERE login = $1 OR login = $2")
                .bind(user.login.to_lowercase())
                .bind(user.email.to_lowercase())
                .execute(&mut *c)
                .await?;
        });
        tx.commit().await?;
        Ok(())
    }
}
