//! The content-change log: each change bumps the content version and names what it touched
//! ([`Scope`]), so every instance's caches drop exactly what shows it.

use crate::db::{Store, Tx, TxConn};
use crate::error::Result;
use crate::row::Cols;
use crate::{now, on_db};
use laden_domain::content::Scope;

/// How long changes stay in the log. A serving instance reads it every fraction of a second; one
/// that has not read it for longer (idle, or just started) drops its caches and starts afresh.
/// Short, because every sale adds a row.
pub const CHANGE_LOG_LIFETIME: i64 = 10 * 60;

pub use crate::kept::PEER_CHANGE_DELAY;

/// At most this many log rows are read at once; more means "start afresh".
const READ_LIMIT: i64 = 1000;

/// What changed after a version an instance last saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changes {
    /// Nothing new.
    None,
    /// These scopes changed; the content is now at `version`.
    Scopes { version: i64, scopes: Vec<Scope> },
    /// Too much or too old to say precisely: drop everything.
    Everything { version: i64 },
}

/// Records a change inside the caller's transaction. The `site_state` row lock the bump takes
/// is held until commit, so versions commit in order and a reader never skips one.
pub(crate) async fn record(tx: &mut Tx, scopes: &[Scope]) -> Result<()> {
    if scopes.is_empty() {
        return Ok(());
    }
    let t = now();
    tx.changed = true;
    // Which products the listings hold changed too: the catalogue's version moves with it.
    let catalog = scopes
        .iter()
        .any(|s| matches!(s, Scope::Catalog | Scope::All));
    let mut texts: Vec<String> = Vec::with_capacity(scopes.len());
    for scope in scopes {
        let text = scope.to_string();
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    match &mut tx.conn {
        // One statement: the bump and its rows, so the row lock is held for one round trip
        // fewer before the commit (every sale takes it).
        TxConn::Postgres(c) => {
            sqlx::query(
                "WITH v AS (UPDATE site_state SET content_version = content_version + 1, \
                 catalog_version = CASE WHEN $3 THEN content_version + 1 ELSE catalog_version END WHERE id = 1 RETURNING content_version) \
                 INSERT INTO content_changes (seq, scope, at) SELECT v.content_version, s.scope, $2 FROM v CROSS JOIN UNNEST($1::text[]) AS s(scope)",
            )
            .bind(&texts)
            .bind(t)
            .bind(catalog)
            .execute(&mut **c)
            .await?;
        }
        // SQLite: this process's writers already take turns; no data-changing CTEs here.
        TxConn::Sqlite(c) => {
            let version = sqlx::query(
                "UPDATE site_state SET content_version = content_version + 1, \
                 catalog_version = CASE WHEN $1 THEN content_version + 1 ELSE catalog_version END WHERE id = 1 RETURNING content_version",
            )
                .bind(catalog)
                .fetch_one(&mut **c)
                .await?
                .i64("content_version")?;
            for text in &texts {
                sqlx::query("INSERT INTO content_changes (seq, scope, at) VALUES ($1, $2, $3)")
                    .bind(version)
                    .bind(text)
                    .bind(t)
                    .execute(&mut **c)
                    .await?;
            }
        }
    }
    Ok(())
}

impl Store {
    /// Records a change in a transaction of its own.
    pub async fn content_changed(&self, scopes: &[Scope]) -> Result<()> {
        let mut tx = self.begin().await?;
        record(&mut tx, scopes).await?;
        tx.commit().await
    }

    /// The changes after `seen`, the version an instance's caches hold.
    pub async fn changes_since(&self, seen: i64) -> Result<Changes> {
        // One small read when nothing changed, which is most reads.
        let version = self.content_version().await?;
        if version <= seen {
            return Ok(Changes::None);
        }
        let rows: Vec<(i64, String)> = on_db!(&self.db, p => {
            sqlx::query("SELECT seq, scope FROM content_changes WHERE seq > $1 ORDER BY seq LIMIT $2")
                .bind(seen)
                .bind(READ_LIMIT)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("seq")?, r.text("scope")?)))
                .collect::<Result<_>>()?
        });
        // The version moved but the log has nothing (emptied by a restore), a gap (pruned rows),
        // or more than a page: too much to say precisely.
        let Some(&(first, _)) = rows.first() else {
            return Ok(Changes::Everything { version });
        };
        if first != seen + 1 || rows.len() as i64 >= READ_LIMIT {
            return Ok(Changes::Everything { version });
        }
        // The rows may run past `version` (committed since it was read): they count too.
        let version = rows.last().map_or(first, |r| r.0);
        let mut scopes: Vec<Scope> = rows
            .iter()
            .map(|(_, s)| Scope::parse(s).unwrap_or(Scope::All))
            .collect();
        scopes.sort_unstable();
        scopes.dedup();
        Ok(Changes::Scopes { version, scopes })
    }

    /// Forgets changes older than [`CHANGE_LOG_LIFETIME`], always keeping the newest.
    pub async fn prune_changes(&self) -> Result<u64> {
        let cutoff = now() - CHANGE_LOG_LIFETIME;
        on_db!(&self.db, p => {
            Ok(sqlx::query("DELETE FROM content_changes WHERE at < $1 AND seq < (SELECT MAX(seq) FROM content_changes)")
                .bind(cutoff)
                .execute(p)
                .await?
                .rows_affected())
        })
    }
}
