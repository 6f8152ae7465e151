//! The import's writes, many rows to a transaction.
//!
//! A transaction per row made a large import pay for every row what a commit costs: on SQLite
//! the pages of the row, its indexes and its text index written out again, on PostgreSQL a
//! flush of the log. A batch holds up to [`BATCH_ROWS`] rows or [`BATCH_TIME`], whichever
//! comes first, so the shop's other writers (a checkout, the import's progress) wait for one
//! batch at most. Each row has a savepoint of its own: a bad row is rolled back alone and
//! reported, as before. The batch records its products' changes once, just before it commits.

use crate::db::{Store, Tx};
use crate::error::Result;
use crate::on_tx;
use laden_domain::content::Scope;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// At most this many rows to a batch…
pub(super) const BATCH_ROWS: usize = 250;
/// …and at most this long between its first row and its commit.
pub(super) const BATCH_TIME: Duration = Duration::from_millis(100);

pub(super) struct Batch {
    pub(super) tx: Tx,
    began: Instant,
    rows: usize,
    scopes: BTreeSet<Scope>,
}

impl Batch {
    pub(super) async fn begin(store: &Store) -> Result<Batch> {
        Ok(Batch {
            tx: store.begin().await?,
            began: Instant::now(),
            rows: 0,
            scopes: BTreeSet::new(),
        })
    }

    /// Opens the row's savepoint.
    pub(super) async fn row(&mut self) -> Result<()> {
        on_tx!(&mut self.tx, c => { sqlx::query("SAVEPOINT import_row").execute(&mut *c).await?; });
        Ok(())
    }

    /// Keeps the row's writes and notes what it changed.
    pub(super) async fn keep(&mut self, scopes: &[Scope]) -> Result<()> {
        on_tx!(&mut self.tx, c => { sqlx::query("RELEASE SAVEPOINT import_row").execute(&mut *c).await?; });
        self.rows += 1;
        self.scopes.extend(scopes.iter().copied());
        Ok(())
    }

    /// Undoes the row's writes; the batch's other rows stay.
    pub(super) async fn undo(&mut self) -> Result<()> {
        on_tx!(&mut self.tx, c => {
            sqlx::query("ROLLBACK TO SAVEPOINT import_row").execute(&mut *c).await?;
            sqlx::query("RELEASE SAVEPOINT import_row").execute(&mut *c).await?;
        });
        Ok(())
    }

    pub(super) fn full(&self) -> bool {
        self.rows >= BATCH_ROWS || self.began.elapsed() >= BATCH_TIME
    }

    /// Records the batch's changes and commits it.
    pub(super) async fn commit(mut self) -> Result<()> {
        let scopes: Vec<Scope> = self.scopes.iter().copied().collect();
        crate::changes::record(&mut self.tx, &scopes).await?;
        self.tx.commit().await
    }
}
