//! Typed column access shared by both drivers' rows.

use crate::error::{Result, StoreError};
use sqlx::Row;

pub(crate) trait Cols {
    fn i64(&self, col: &str) -> Result<i64>;
    fn opt_i64(&self, col: &str) -> Result<Option<i64>>;
    fn text(&self, col: &str) -> Result<String>;
    fn opt_text(&self, col: &str) -> Result<Option<String>>;
    fn flag(&self, col: &str) -> Result<bool>;
    fn opt_bytes(&self, col: &str) -> Result<Option<Vec<u8>>>;
    fn json<T: serde::de::DeserializeOwned>(&self, col: &str) -> Result<T> {
        let raw = self.text(col)?;
        serde_json::from_str(&raw).map_err(|e| StoreError::Data(format!("{col}: {e}")))
    }
}

macro_rules! impl_cols {
    ($row:ty) => {
        impl Cols for $row {
            fn i64(&self, col: &str) -> Result<i64> {
                Ok(self.try_get::<i64, _>(col)?)
            }
            fn opt_i64(&self, col: &str) -> Result<Option<i64>> {
                Ok(self.try_get::<Option<i64>, _>(col)?)
            }
            fn text(&self, col: &str) -> Result<String> {
                Ok(self.try_get::<String, _>(col)?)
            }
            fn opt_text(&self, col: &str) -> Result<Option<String>> {
                Ok(self.try_get::<Option<String>, _>(col)?)
            }
            fn flag(&self, col: &str) -> Result<bool> {
                Ok(self.try_get::<bool, _>(col)?)
            }
            fn opt_bytes(&self, col: &str) -> Result<Option<Vec<u8>>> {
                Ok(self.try_get::<Option<Vec<u8>>, _>(col)?)
            }
        }
    };
}

impl_cols!(sqlx::sqlite::SqliteRow);
impl_cols!(sqlx::postgres::PgRow);
