//! What a logged-in customer changes in the account: the name it shows, and the password (given
//! with the current one), which ends every other login session and is told to the account's
//! address.

use super::users::{hash_password, User};
use crate::db::Store;
use crate::error::Result;
use crate::mail::{About, MailKind};
use crate::on_tx;

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
