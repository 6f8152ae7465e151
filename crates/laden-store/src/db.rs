use crate::error::Result;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The database behind the store.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A write transaction: `BEGIN IMMEDIATE` on SQLite, so a transaction that
/// reads before it writes can never fail to upgrade its lock.
pub struct Tx {
    pub(crate) conn: TxConn,
    /// Whether the transaction recorded a content change (see `changes::record`).
    pub(crate) changed: bool,
    /// The store's count of committed content changes made in this process.
    committed_changes: Arc<AtomicU64>,
    /// SQLite: this process's turn to write, held until the transaction ends (see [`Store::begin`]).
    _writer: Option<tokio::sync::OwnedMutexGuard<()>>,
}

pub enum TxConn {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// Runs the same block against whichever pool `$db` holds.
#[macro_export]
#[doc(hidden)]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::Db::Sqlite($pool) => $body,
            $crate::Db::Postgres($pool) => $body,
        }
    };
}

/// A staff list's time filters (unix seconds, each bound excluded), as `wc/v3` names them:
/// created `after`/`before`, changed `modified_after`/`modified_before`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DateRange {
    pub after: Option<i64>,
    pub before: Option<i64>,
    pub modified_after: Option<i64>,
    pub modified_before: Option<i64>,
}

impl DateRange {
    /// The range's conditions on `created_at` and `updated_at`, their values bound in `binds`.
    pub(crate) fn conditions(&self, binds: &mut Vec<String>) -> Vec<String> {
        [
            (self.after, "created_at >"),
            (self.before, "created_at <"),
            (self.modified_after, "updated_at >"),
            (self.modified_before, "updated_at <"),
        ]
        .into_iter()
        .filter_map(|(at, test)| {
            binds.push(at?.to_string());
            Some(format!("{test} CAST(${} AS BIGINT)", binds.len()))
        })
        .collect()
    }
}

/// One page of a staff or shop list: `SELECT {cols} FROM {table} WHERE {filter} ORDER BY {order}`
/// cut to `page`, and the count of every row the filter matches (see [`list_page!`]).
pub(crate) struct ListPage<'a> {
    pub cols: &'a str,
    pub table: &'a str,
    pub filter: &'a str,
    pub order: &'a str,
    pub page: i64,
    pub per_page: i64,
    /// Rows skipped before the first: instead of the page's (WordPress's `offset`).
    pub offset: Option<i64>,
    /// Whether the page's ids are found first, by the filter and the order alone, and only
    /// then their rows read: the search then walks an index narrow enough to hold what filters
    /// and sorts need (products: `products_listing`), not the wide rows, so a deep page or a
    /// large catalogue costs index entries, not rows.
    pub ids_first: bool,
}

impl ListPage<'_> {
    pub(crate) fn list_sql(&self) -> String {
        let offset = self
            .offset
            .unwrap_or_else(|| (self.page - 1).max(0).saturating_mul(self.per_page));
        if self.ids_first {
            return format!(
                "SELECT {} FROM {table} WHERE id IN (SELECT id FROM {table} WHERE {} ORDER BY {order} LIMIT {} OFFSET {offset}) \
                 ORDER BY {order}",
                self.cols,
                self.filter,
                self.per_page,
                table = self.table,
                order = self.order,
            );
        }
        format!(
            "SELECT {} FROM {} WHERE {} ORDER BY {} LIMIT {} OFFSET {offset}",
            self.cols, self.table, self.filter, self.order, self.per_page
        )
    }

    pub(crate) fn count_sql(&self) -> String {
        format!(
            "SELECT COUNT(*) AS n FROM {} WHERE {}",
            self.table, self.filter
        )
    }
}

/// Reads a [`ListPage`] on `$db` with the filter's `$binds` (the same for the rows and their
/// count): `(rows decoded by $decode, total)`.
#[macro_export]
#[doc(hidden)]
macro_rules! list_page {
    ($db:expr, $page:expr, $binds:expr, $decode:expr) => {{
        let none: &[String] = &[];
        $crate::list_page!($db, $page, $binds, none, $decode)
    }};
    // `$order_binds`: the order's own values, bound to the rows' query after the filter's.
    ($db:expr, $page:expr, $binds:expr, $order_binds:expr, $decode:expr) => {{
        let (list_sql, count_sql) = ($page.list_sql(), $page.count_sql());
        $crate::on_db!($db, p => {
            let mut list = sqlx::query(&list_sql);
            let mut count = sqlx::query(&count_sql);
            for b in $binds {
                list = list.bind(b);
                count = count.bind(b);
            }
            for b in $order_binds {
                list = list.bind(b);
            }
            let rows = list.fetch_all(p).await?;
            let items = rows.iter().map($decode).collect::<$crate::error::Result<Vec<_>>>()?;
            let total = $crate::row::Cols::i64(&count.fetch_one(p).await?, "n")?;
            (items, total)
        })
    }};
}

/// Runs the same block against the connection of a [`Tx`].
#[macro_export]
#[doc(hidden)]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match &mut ($tx).conn {
            $crate::db::TxConn::Sqlite(t) => {
                let $conn = &mut **t;
                $body
            }
            $crate::db::TxConn::Postgres(t) => {
                let $conn = &mut **t;
                $body
            }
        }
    };
}

/// A filter on a list of ids. One id (an order, a cart's picture) is a bound parameter, `= $1`:
/// the same statement every time, prepared once per connection. More are written out,
/// `IN (1, 2, 3)` (each list its own statement, which a one-id read would make of every id).
pub(crate) struct Ids<'a>(pub(crate) &'a [i64]);

impl Ids<'_> {
    pub(crate) fn filter(&self) -> String {
        match self.0 {
            [_] => "= $1".to_owned(),
            ids => format!(
                "IN ({})",
                ids.iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The parameter `$1` of [`Ids::filter`], if it has one.
    pub(crate) fn bound(&self) -> Option<i64> {
        match self.0 {
            [id] => Some(*id),
            _ => None,
        }
    }
}

/// Binds [`Ids::bound`] to a query on [`Ids::filter`].
pub(crate) fn bind_ids<'q, DB: sqlx::Database>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>,
    ids: &Ids<'_>,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>
where
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    match ids.bound() {
        Some(id) => query.bind(id),
        None => query,
    }
}

/// `%text%` for `LIKE … ESCAPE '\'`: lower-cased, trimmed, with `\`, `%` and `_` taken literally.
pub(crate) fn like_pattern(text: &str) -> String {
    format!(
        "%{}%",
        text.trim()
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    )
}

impl Tx {
    /// What a row read must end with to lock the row for this transaction
    /// (SQLite's `BEGIN IMMEDIATE` already holds the write lock).
    pub(crate) fn lock_suffix(&self) -> &'static str {
        match &self.conn {
            TxConn::Postgres(_) => " FOR UPDATE",
            TxConn::Sqlite(_) => "",
        }
    }

    /// Ends the transaction without its writes (dropping it does the same, later).
    pub async fn rollback(self) -> Result<()> {
        match self.conn {
            TxConn::Sqlite(t) => t.rollback().await?,
            TxConn::Postgres(t) => t.rollback().await?,
        }
        Ok(())
    }

    pub async fn commit(self) -> Result<()> {
        match self.conn {
            TxConn::Sqlite(t) => t.commit().await?,
            TxConn::Postgres(t) => t.commit().await?,
        }
        if self.changed {
            self.committed_changes.fetch_add(1, Ordering::AcqRel);
        }
        Ok(())
    }
}

/// A PostgreSQL connection idle this long is checked before it is used again.
const PING_AFTER_IDLE: Duration = Duration::from_secs(2);

/// The store: one handle, cheap to clone, shared by every request.
#[derive(Clone, Debug)]
pub struct Store {
    pub db: Db,
    /// Content changes committed through this handle (and its clones): this process's caches
    /// re-read the change log when it moves, so a change shows on the very next request.
    committed_changes: Arc<AtomicU64>,
    /// SQLite allows one writer at a time. Writers of this process queue here, in order, instead
    /// of in SQLite's busy handler, which polls with sleeps of 1 to 100 ms and lets a late writer
    /// overtake: under load that made writes wait milliseconds for a lock free in microseconds.
    writer: Arc<tokio::sync::Mutex<()>>,
    /// Content changes of other instances this process has seen in the change log (see
    /// [`Store::note_peer_changes`]).
    peer_changes: Arc<AtomicU64>,
    /// Rows kept in memory for a moment: the settings, and what add-to-cart reads (`kept.rs`).
    pub(crate) kept: Arc<crate::kept::KeptRows>,
}

impl Store {
    /// Connects to `url` (`sqlite:…` or `postgres://…`) and applies migrations.
    pub async fn open(url: &str) -> Result<Store> {
        let db = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let opts = PgConnectOptions::from_str(url)?;
            // sqlx pings a connection before every use by default: a second round trip per
            // query. Only a connection idle for a while (the server may have restarted since) is
            // pinged; under load none is.
            let pool = PgPoolOptions::new()
                .max_connections(32)
                .test_before_acquire(false)
                .before_acquire(|conn, meta| {
                    Box::pin(async move {
                        if meta.idle_for >= PING_AFTER_IDLE {
                            sqlx::Connection::ping(conn).await?;
                        }
                        Ok(true)
                    })
                })
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(opts)
                .await?;
            sqlx::migrate!("./migrations/postgres").run(&pool).await?;
            Db::Postgres(pool)
        } else {
            let opts = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                // `ANALYZE` (after a large import, `Store::refresh_statistics`) reads this many
                // rows of an index at most: statistics from a sample, in milliseconds.
                .analysis_limit(1000);
            // An in-process database never drops a connection: no ping before each use (sqlx's
            // default, a round trip to the connection's thread on every query).
            let pool = SqlitePoolOptions::new()
                .max_connections(8)
                .test_before_acquire(false)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(opts)
                .await?;
            sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
            Db::Sqlite(pool)
        };
        let store = Store {
            db,
            committed_changes: Arc::default(),
            writer: Arc::default(),
            peer_changes: Arc::default(),
            kept: Arc::default(),
        };
        store.index_search().await?;
        store.index_attribute_terms().await?;
        Ok(store)
    }

    /// Refreshes the query planner's statistics of the catalogue's tables, after a change of
    /// many rows (an import): which index serves a listing depends on them.
    pub async fn refresh_statistics(&self) -> Result<()> {
        match &self.db {
            Db::Sqlite(p) => {
                sqlx::query("ANALYZE").execute(p).await?;
            }
            // VACUUM too: it marks the pages all-visible, which index-only scans (the listing
            // index) need; autovacuum would, but only some time after the import.
            Db::Postgres(p) => {
                sqlx::query(
                    "VACUUM (ANALYZE) products, product_categories, product_tags, product_attribute_terms",
                )
                .execute(p)
                .await?;
            }
        }
        Ok(())
    }

    pub fn backend(&self) -> &'static str {
        match self.db {
            Db::Sqlite(_) => "sqlite",
            Db::Postgres(_) => "postgres",
        }
    }

    /// A write transaction. On SQLite it first waits for this process's turn to write (a fair
    /// queue), so `BEGIN IMMEDIATE` meets a free lock unless another process writes.
    pub(crate) async fn begin(&self) -> Result<Tx> {
        let (conn, writer) = match &self.db {
            Db::Sqlite(p) => {
                let turn = self.writer.clone().lock_owned().await;
                (
                    TxConn::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
                    Some(turn),
                )
            }
            Db::Postgres(p) => (TxConn::Postgres(p.begin().await?), None),
        };
        Ok(Tx {
            conn,
            changed: false,
            committed_changes: self.committed_changes.clone(),
            _writer: writer,
        })
    }

    /// SQLite: this process's turn to write, for a single statement outside a transaction
    /// (see [`Store::begin`]); nothing to wait for on PostgreSQL.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match self.db {
            Db::Sqlite(_) => Some(self.writer.clone().lock_owned().await),
            Db::Postgres(_) => None,
        }
    }

    /// How many content changes this process has committed (it only grows).
    pub fn committed_changes(&self) -> u64 {
        self.committed_changes.load(Ordering::Acquire)
    }

    /// Tells the store that the change log holds changes it did not make (read by the HTTP
    /// layer's caches): the rows it keeps are read afresh, as the pages are rendered afresh.
    pub fn note_peer_changes(&self) {
        self.peer_changes.fetch_add(1, Ordering::AcqRel);
    }

    /// What kept rows are valid for: moves with every content change committed or seen.
    pub(crate) fn kept_generation(&self) -> u64 {
        self.committed_changes()
            .wrapping_add(self.peer_changes.load(Ordering::Acquire))
    }

    pub async fn close(&self) {
        on_db!(&self.db, p => p.close().await)
    }

    /// SQLite only: writes a consistent copy of the database to `path` while it stays in use
    /// (`VACUUM INTO` reads inside one transaction). `Ok(false)` on PostgreSQL (use `pg_dump`).
    pub async fn snapshot_sqlite(&self, path: &std::path::Path) -> Result<bool> {
        match &self.db {
            Db::Sqlite(p) => {
                sqlx::query("VACUUM INTO $1")
                    .bind(path.to_string_lossy().into_owned())
                    .execute(p)
                    .await?;
                Ok(true)
            }
            Db::Postgres(_) => Ok(false),
        }
    }

    /// Whether the shop holds anything worth keeping (products, orders or pages).
    pub async fn has_shop_data(&self) -> Result<bool> {
        on_db!(&self.db, p => {
            let n: i64 = sqlx::query_scalar("SELECT (SELECT COUNT(*) FROM products) + (SELECT COUNT(*) FROM orders) + (SELECT COUNT(*) FROM pages)")
                .fetch_one(p)
                .await?;
            Ok(n > 0)
        })
    }

    /// A quick round trip, for health checks.
    pub async fn ping(&self) -> Result<()> {
        on_db!(&self.db, p => { sqlx::query("SELECT 1").execute(p).await?; });
        Ok(())
    }
}

#[cfg(test)]
mod ids_tests {
    use super::Ids;

    #[test]
    fn one_id_is_a_parameter_more_are_written_out() {
        for (ids, filter, bound) in [
            (&[7][..], "= $1", Some(7)),
            (&[3, 1, 2][..], "IN (3, 1, 2)", None),
        ] {
            let list = Ids(ids);
            assert_eq!((list.filter().as_str(), list.bound()), (filter, bound));
        }
    }
}
