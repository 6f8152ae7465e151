//! Accounts, login sessions and failed-login throttling. Everything lives in
//! the database so that several instances share it.

use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, random_token};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use serde::Serialize;

pub struct NewAdmin {
    pub email: String,
    /// `None`: generate one and return it, to be shown once.
    pub password: Option<String>,
}

/// The roles Laden knows, as WordPress and WooCommerce name them.
pub const ROLES: &[&str] = &["administrator", "shop_manager", "editor", "customer"];

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct User {
    pub id: i64,
    pub login: String,
    pub email: String,
    pub display_name: String,
    pub role: String,
    pub created_at: i64,
    /// When the e-mail address was confirmed (double opt-in); `None`: not yet, no login.
    pub confirmed_at: Option<i64>,
}

/// What a failed-login record says about the next attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throttle {
    /// Go ahead.
    Open,
    /// Go ahead after waiting this many milliseconds.
    Slow(u64),
    /// Refused for this many more seconds.
    Locked(i64),
}

/// Failures in a window before attempts are slowed, and before they are refused.
pub const SLOW_AFTER: i64 = 3;
pub const LOCK_AFTER: i64 = 8;
/// The failure window and the lock-out, in seconds.
pub const FAILURE_WINDOW: i64 = 15 * 60;

pub(super) fn hash_password(password: &str) -> Result<String> {
    let mut salt_bytes = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut salt_bytes);
    let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| StoreError::Data(e.to_string()))?;
    // Argon2::default() is argon2id, version 19.
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| StoreError::Data(e.to_string()))?
        .to_string())
}

pub(crate) fn user_from_row(r: &impl Cols) -> Result<User> {
    Ok(User {
        id: r.i64("id")?,
        login: r.text("login")?,
        email: r.text("email")?,
        display_name: r.text("display_name")?,
        role: r.text("role")?,
        created_at: r.i64("created_at")?,
        confirmed_at: r.opt_i64("confirmed_at")?,
    })
}

pub(crate) const USER_COLS: &str = "users.id, users.login, users.email, users.display_name, users.role, users.created_at, users.confirmed_at";

/// How long a registered customer account waits for its e-mail confirmation: the link is
/// valid this long, then the account is deleted and the address can register again.
pub const UNCONFIRMED_LIFETIME: i64 = 7 * 86_400;

impl Store {
    pub async fn user_count(&self) -> Result<i64> {
        on_db!(&self.db, p => sqlx::query("SELECT COUNT(*) AS n FROM users").fetch_one(p).await?.i64("n"))
    }

    /// Creates the first administrator if there is no user yet. Returns the
    /// generated password when none was given.
    pub async fn ensure_admin(&self, admin: NewAdmin) -> Result<Option<String>> {
        if self.user_count().await? > 0 {
            return Ok(None);
        }
        let (password, generated) = match admin.password {
            Some(p) if !p.is_empty() => (p, false),
            _ => (random_token(15), true),
        };
        let login = admin.email.split('@').next().unwrap_or("admin").to_owned();
        self.create_user(&login, &admin.email, &password, "administrator")
            .await?;
        Ok(generated.then_some(password))
    }

    /// Creates an account; the login and e-mail address must be unused.
    pub async fn create_user(
        &self,
        login: &str,
        email: &str,
        password: &str,
        role: &str,
    ) -> Result<User> {
        if !ROLES.contains(&role) {
            return Err(StoreError::Invalid(vec![(
                "roles".into(),
                "The role is not known.".into(),
            )]));
        }
        if login.trim().is_empty() || password.is_empty() {
            return Err(StoreError::Invalid(vec![(
                "username".into(),
                "A user name and a password are required.".into(),
            )]));
        }
        let hash = hash_password(password)?;
        let sql = format!(
            "INSERT INTO users (login, email, display_name, password_hash, role, created_at, confirmed_at) VALUES ($1, $2, $1, $3, $4, $5, $5) RETURNING {USER_COLS}"
        );
        let res = on_db!(&self.db, p => {
            match sqlx::query(&sql).bind(login.trim()).bind(email.trim()).bind(&hash).bind(role).bind(now()).fetch_one(p).await {
                Ok(row) => user_from_row(&row),
                Err(e) => Err(StoreError::from(e)),
            }
        });
        res.map_err(|e| {
            if e.is_unique_violation() {
                StoreError::Conflict("user exists".into())
            } else {
                e
            }
        })
    }

    /// A customer registers: the account is created unconfirmed (no login yet) and the
    /// confirmation mail is queued with it. The e-mail address is the login name.
    pub async fn register_customer(&self, email: &str, password: &str) -> Result<User> {
        let email = email.trim().to_lowercase();
        let hash = hash_password(password)?;
        let t = now();
        let sql = format!(
            "INSERT INTO users (login, email, display_name, password_hash, role, created_at, confirmed_at) VALUES ($1, $1, $2, $3, 'customer', $4, NULL) RETURNING {USER_COLS}"
        );
        let display = email.split('@').next().unwrap_or("").to_owned();
        let mut tx = self.begin().await?;
        // An account left unconfirmed past its link's lifetime is gone: the address is free again.
        crate::on_tx!(&mut tx, c => {
            sqlx::query("DELETE FROM users WHERE LOWER(email) = $1 AND confirmed_at IS NULL AND created_at < $2")
                .bind(&email)
                .bind(t - UNCONFIRMED_LIFETIME)
                .execute(&mut *c)
                .await?;
        });
        let user = crate::on_tx!(&mut tx, c => {
            match sqlx::query(&sql).bind(&email).bind(&display).bind(&hash).bind(t).fetch_one(&mut *c).await {
                Ok(row) => user_from_row(&row),
                Err(e) => Err(StoreError::from(e)),
            }
        })
        .map_err(|e| if e.is_unique_violation() { StoreError::Conflict("user exists".into()) } else { e })?;
        crate::mail::enqueue(
            &mut tx,
            crate::mail::MailKind::AccountConfirmation,
            crate::mail::About::User(user.id),
            &email,
        )
        .await?;
        tx.commit().await?;
        Ok(user)
    }

    /// Deletes the customer accounts whose confirmation link expired unused (with their mails).
    pub async fn delete_expired_registrations(&self) -> Result<u64> {
        on_db!(&self.db, p => {
            Ok(sqlx::query("DELETE FROM users WHERE role = 'customer' AND confirmed_at IS NULL AND created_at < $1")
                .bind(now() - UNCONFIRMED_LIFETIME)
                .execute(p)
                .await?
                .rows_affected())
        })
    }

    /// Confirms an account's e-mail address (once; later calls change nothing).
    pub async fn confirm_user(&self, id: i64) -> Result<User> {
        on_db!(&self.db, p => {
            sqlx::query("UPDATE users SET confirmed_at = $2 WHERE id = $1 AND confirmed_at IS NULL").bind(id).bind(now()).execute(p).await?;
        });
        self.user(id).await
    }

    /// An unconfirmed account by e-mail address, to send its confirmation link again —
    /// unless one was queued in the last `within` seconds. Returns whether a mail was queued.
    pub async fn resend_confirmation(&self, email: &str, within: i64) -> Result<bool> {
        let email = email.trim().to_lowercase();
        let sql = format!("SELECT {USER_COLS} FROM users WHERE LOWER(email) = $1 AND confirmed_at IS NULL AND created_at >= $2");
        let user = on_db!(&self.db, p => sqlx::query(&sql).bind(&email).bind(now() - UNCONFIRMED_LIFETIME).fetch_optional(p).await?.map(|r| user_from_row(&r)).transpose()?);
        let Some(user) = user else { return Ok(false) };
        self.mail_account(&user, crate::mail::MailKind::AccountConfirmation, within)
            .await
    }

    /// Queues a mail of `kind` about `user` to its address, unless one of that kind was queued
    /// for it in the last `within` seconds. Returns whether a mail was queued.
    pub(crate) async fn mail_account(
        &self,
        user: &User,
        kind: crate::mail::MailKind,
        within: i64,
    ) -> Result<bool> {
        let recent = on_db!(&self.db, p => {
            sqlx::query("SELECT COUNT(*) AS n FROM mails WHERE user_id = $1 AND kind = $2 AND created_at > $3")
                .bind(user.id)
                .bind(kind.as_str())
                .bind(now() - within)
                .fetch_one(p)
                .await?
                .i64("n")?
        });
        if recent > 0 {
            return Ok(false);
        }
        let mut tx = self.begin().await?;
        crate::mail::enqueue(
            &mut tx,
            kind,
            crate::mail::About::User(user.id),
            &user.email,
        )
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The account whose login name or e-mail address is `log` and whose
    /// password is `pwd`. Unknown accounts cost the same hashing work.
    pub async fn authenticate(&self, log: &str, pwd: &str) -> Result<Option<User>> {
        let sql = format!("SELECT {USER_COLS}, users.password_hash FROM users WHERE LOWER(login) = LOWER($1) OR LOWER(email) = LOWER($1)");
        let found = on_db!(&self.db, p => {
            match sqlx::query(&sql).bind(log.trim()).fetch_optional(p).await? {
                Some(row) => Some((user_from_row(&row)?, row.text("password_hash")?)),
                None => None,
            }
        });
        let pwd = pwd.to_owned();
        tokio::task::spawn_blocking(move || {
            // Unknown accounts are checked against a throw-away hash, so they cost the same time.
            static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
            let dummy = DUMMY.get_or_init(|| hash_password(&random_token(12)).unwrap_or_default());
            let stored = found.as_ref().map_or(dummy.as_str(), |(_, h)| h.as_str());
            let ok = PasswordHash::new(stored).is_ok_and(|h| {
                Argon2::default()
                    .verify_password(pwd.as_bytes(), &h)
                    .is_ok()
            });
            if ok {
                found.map(|(u, _)| u)
            } else {
                None
            }
        })
        .await
        .map_err(|e| StoreError::Data(e.to_string()))
    }

    pub async fn user(&self, id: i64) -> Result<User> {
        let sql = format!("SELECT {USER_COLS} FROM users WHERE id = $1");
        on_db!(&self.db, p => user_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::User))?))
    }

    /// Starts a session; `token_hash` is the hash of the cookie's secret.
    pub async fn create_session(
        &self,
        token_hash: &str,
        user_id: i64,
        ttl_secs: i64,
    ) -> Result<()> {
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query("DELETE FROM sessions WHERE expires_at < $1").bind(t).execute(p).await?;
            sqlx::query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
                .bind(token_hash)
                .bind(user_id)
                .bind(t)
                .bind(t + ttl_secs)
                .execute(p)
                .await?;
        });
        Ok(())
    }

    /// The user of a live session.
    pub async fn session_user(&self, token_hash: &str) -> Result<Option<User>> {
        let sql = format!("SELECT {USER_COLS} FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = $1 AND sessions.expires_at > $2");
        on_db!(&self.db, p => match sqlx::query(&sql).bind(token_hash).bind(now()).fetch_optional(p).await? {
            Some(row) => Ok(Some(user_from_row(&row)?)),
            None => Ok(None),
        })
    }

    pub async fn end_session(&self, token_hash: &str) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(p).await?;
        });
        Ok(())
    }

    /// How the next login attempt for `login` must be treated.
    pub async fn login_throttle(&self, login: &str) -> Result<Throttle> {
        let key = login.trim().to_lowercase();
        let t = now();
        let row = on_db!(&self.db, p => match sqlx::query("SELECT failures, first_at, locked_until FROM login_failures WHERE login = $1").bind(&key).fetch_optional(p).await? {
            Some(r) => Some((r.i64("failures")?, r.i64("first_at")?, r.i64("locked_until")?)),
            None => None,
        });
        Ok(match row {
            Some((_, _, locked)) if locked > t => Throttle::Locked(locked - t),
            Some((failures, first, _)) if first + FAILURE_WINDOW > t && failures >= SLOW_AFTER => {
                Throttle::Slow(((failures - SLOW_AFTER + 1) as u64 * 250).min(2_000))
            }
            _ => Throttle::Open,
        })
    }

    /// Counts a failed login; the `LOCK_AFTER`-th failure in the window locks the login.
    pub async fn record_login_failure(&self, login: &str) -> Result<Throttle> {
        let key = login.trim().to_lowercase();
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query(
                "INSERT INTO login_failures (login, failures, first_at, locked_until) VALUES ($1, 1, $2, 0) \
                 ON CONFLICT (login) DO UPDATE SET \
                   failures = CASE WHEN login_failures.first_at + $3 > $2 THEN login_failures.failures + 1 ELSE 1 END, \
                   first_at = CASE WHEN login_failures.first_at + $3 > $2 THEN login_failures.first_at ELSE $2 END",
            )
            .bind(&key)
            .bind(t)
            .bind(FAILURE_WINDOW)
            .execute(p)
            .await?;
            sqlx::query("UPDATE login_failures SET locked_until = $2 WHERE login = $1 AND failures >= $3 AND locked_until <= $4")
                .bind(&key)
                .bind(t + FAILURE_WINDOW)
                .bind(LOCK_AFTER)
                .bind(t)
                .execute(p)
                .await?;
        });
        self.login_throttle(login).await
    }

    pub async fn clear_login_failures(&self, login: &str) -> Result<()> {
        let key = login.trim().to_lowercase();
        on_db!(&self.db, p => {
            sqlx::query("DELETE FROM login_failures WHERE login = $1").bind(&key).execute(p).await?;
        });
        Ok(())
    }
}
