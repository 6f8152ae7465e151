use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, random_token};
use argon2::password_hash::{PasswordHasher, SaltString};
use argon2::Argon2;

pub struct NewAdmin {
    pub email: String,
    /// `None`: generate one and return it, to be shown once.
    pub password: Option<String>,
}

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
        let mut salt_bytes = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut salt_bytes);
        let salt = SaltString::encode_b64(&salt_bytes).map_err(|e| StoreError::Data(e.to_string()))?;
        let hash = Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map_err(|e| StoreError::Data(e.to_string()))?
            .to_string();
        let login = admin.email.split('@').next().unwrap_or("admin").to_owned();
        on_db!(&self.db, p => {
            sqlx::query(
                "INSERT INTO users (login, email, display_name, password_hash, role, created_at) VALUES ($1, $2, $1, $3, 'administrator', $4)",
            )
            .bind(&login)
            .bind(&admin.email)
            .bind(&hash)
            .bind(now())
            .execute(p)
            .await?;
        });
        Ok(generated.then_some(password))
    }
}
