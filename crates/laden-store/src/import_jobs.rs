//! CSV imports started from the admin: their progress and report, shared by every instance.

use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db};
use serde::Serialize;

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
