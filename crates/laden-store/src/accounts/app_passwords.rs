//! WordPress application passwords: tools sign in over HTTP Basic with one
//! of these instead of the user's password. The secret is random and shown
//! once; only its SHA-256 (computed by the caller) is stored, so a lookup by
//! hash is both the check and the search.

use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::users::{user_from_row, User, USER_COLS};
use crate::{now, on_db};
use serde::Serialize;

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct AppPassword {
    pub uuid: String,
    pub user_id: i64,
    pub name: String,
    pub app_id: String,
    pub created_at: i64,
    pub last_used: Option<i64>,
    pub last_ip: Option<String>,
}

const COLS: &str = "application_passwords.uuid, application_passwords.user_id, application_passwords.name, application_passwords.app_id, \
                    application_passwords.created_at, application_passwords.last_used, application_passwords.last_ip";

fn from_row(r: &impl Cols) -> Result<AppPassword> {
    Ok(AppPassword {
        uuid: r.text("uuid")?,
        user_id: r.i64("user_id")?,
        name: r.text("name")?,
        app_id: r.text("app_id")?,
        created_at: r.i64("created_at")?,
        last_used: r.opt_i64("last_used")?,
        last_ip: r.opt_text("last_ip")?,
    })
}

/// Last use is written at most this often (WordPress: once a day).
const TOUCH_EVERY_SECS: i64 = 24 * 3600;

impl Store {
    pub async fn create_app_password(
        &self,
        user_id: i64,
        uuid: &str,
        name: &str,
        app_id: &str,
        secret_hash: &str,
    ) -> Result<AppPassword> {
        let sql = format!(
            "INSERT INTO application_passwords (uuid, user_id, name, app_id, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING {COLS}"
        );
        on_db!(&self.db, p => from_row(&sqlx::query(&sql).bind(uuid).bind(user_id).bind(name).bind(app_id).bind(secret_hash).bind(now()).fetch_one(p).await?))
    }

    pub async fn app_passwords(&self, user_id: i64) -> Result<Vec<AppPassword>> {
        let sql = format!(
            "SELECT {COLS} FROM application_passwords WHERE user_id = $1 ORDER BY created_at, uuid"
        );
        on_db!(&self.db, p => sqlx::query(&sql).bind(user_id).fetch_all(p).await?.iter().map(from_row).collect())
    }

    pub async fn app_password(&self, user_id: i64, uuid: &str) -> Result<AppPassword> {
        let sql =
            format!("SELECT {COLS} FROM application_passwords WHERE user_id = $1 AND uuid = $2");
        on_db!(&self.db, p => from_row(&sqlx::query(&sql).bind(user_id).bind(uuid).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::AppPassword))?))
    }

    pub async fn rename_app_password(
        &self,
        user_id: i64,
        uuid: &str,
        name: &str,
    ) -> Result<AppPassword> {
        let sql = format!("UPDATE application_passwords SET name = $3 WHERE user_id = $1 AND uuid = $2 RETURNING {COLS}");
        on_db!(&self.db, p => from_row(&sqlx::query(&sql).bind(user_id).bind(uuid).bind(name).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::AppPassword))?))
    }

    /// Revokes one; returns it as it was.
    pub async fn delete_app_password(&self, user_id: i64, uuid: &str) -> Result<AppPassword> {
        let sql = format!(
            "DELETE FROM application_passwords WHERE user_id = $1 AND uuid = $2 RETURNING {COLS}"
        );
        on_db!(&self.db, p => from_row(&sqlx::query(&sql).bind(user_id).bind(uuid).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::AppPassword))?))
    }

    /// Revokes all of a user's; returns how many there were.
    pub async fn delete_app_passwords(&self, user_id: i64) -> Result<u64> {
        on_db!(&self.db, p => Ok(sqlx::query("DELETE FROM application_passwords WHERE user_id = $1").bind(user_id).execute(p).await?.rows_affected()))
    }

    /// The user behind a login (name or e-mail) and an application password's
    /// hash, if they belong together; notes the use (at most daily).
    pub async fn app_password_user(
        &self,
        login: &str,
        secret_hash: &str,
        ip: &str,
    ) -> Result<Option<(User, AppPassword)>> {
        let sql = format!(
            "SELECT {USER_COLS}, {COLS} FROM application_passwords JOIN users ON users.id = application_passwords.user_id \
             WHERE application_passwords.secret_hash = $1 AND (LOWER(users.login) = LOWER($2) OR LOWER(users.email) = LOWER($2))"
        );
        let found = on_db!(&self.db, p => match sqlx::query(&sql).bind(secret_hash).bind(login).fetch_optional(p).await? {
            Some(row) => Some((user_from_row(&row)?, from_row(&row)?)),
            None => None,
        });
        if let Some((_, app)) = &found {
            let t = now();
            if app.last_used.is_none_or(|u| t - u >= TOUCH_EVERY_SECS) {
                on_db!(&self.db, p => {
                    sqlx::query("UPDATE application_passwords SET last_used = $2, last_ip = $3 WHERE uuid = $1").bind(&app.uuid).bind(t).bind(ip).execute(p).await?;
                });
            }
        }
        Ok(found)
    }
}
