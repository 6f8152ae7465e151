//! Fixed-window rate limits kept in the database, so every instance of a shop counts
//! into the same window (a limit per process would multiply by the number of instances).

use crate::db::Store;
use crate::error::Result;
use crate::now;
use crate::row::Cols;

/// At most `max` hits per `window` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: i64,
    pub window: i64,
}

impl Limit {
    /// At most `max` hits in `minutes` minutes.
    pub const fn per_minutes(max: i64, minutes: i64) -> Limit {
        Limit {
            max,
            window: minutes * 60,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rate {
    Allowed,
    /// Over the limit; the window ends in this many seconds (at least 1).
    Limited {
        retry_after: i64,
    },
}

/// The longest window any limit uses; counters older than this are swept.
pub const LONGEST_WINDOW: i64 = 24 * 60 * 60;

fn judge(hits: i64, window_start: i64, limit: Limit, t: i64) -> Rate {
    if hits > limit.max {
        Rate::Limited {
            retry_after: (window_start + limit.window - t).max(1),
        }
    } else {
        Rate::Allowed
    }
}

impl Store {
    /// Counts one hit in `bucket` (atomically, across instances) and judges it against `limit`.
    pub async fn hit(&self, bucket: &str, limit: Limit) -> Result<Rate> {
        let t = now();
        let (hits, start) = crate::on_db!(&self.db, p => {
            let r = sqlx::query(
                "INSERT INTO rate_limits (bucket, hits, window_start) VALUES ($1, 1, $2) ON CONFLICT (bucket) DO UPDATE SET \
                 hits = CASE WHEN rate_limits.window_start + $3 > $2 THEN rate_limits.hits + 1 ELSE 1 END, \
                 window_start = CASE WHEN rate_limits.window_start + $3 > $2 THEN rate_limits.window_start ELSE $2 END \
                 RETURNING hits, window_start",
            )
            .bind(bucket)
            .bind(t)
            .bind(limit.window)
            .fetch_one(p)
            .await?;
            (r.i64("hits")?, r.i64("window_start")?)
        });
        Ok(judge(hits, start, limit, t))
    }

    /// Whether `bucket` is already at its limit, without counting: the next hit would be refused.
    pub async fn at_limit(&self, bucket: &str, limit: Limit) -> Result<Rate> {
        let t = now();
        let row = crate::on_db!(&self.db, p => {
            sqlx::query("SELECT hits, window_start FROM rate_limits WHERE bucket = $1")
                .bind(bucket)
                .fetch_optional(p)
                .await?
                .map(|r| Ok::<_, crate::StoreError>((r.i64("hits")?, r.i64("window_start")?)))
                .transpose()?
        });
        Ok(match row {
            Some((hits, start)) if start + limit.window > t => judge(hits + 1, start, limit, t),
            _ => Rate::Allowed,
        })
    }

    /// Forgets expired counters (called by the housekeeping task).
    pub async fn sweep_rate_limits(&self) -> Result<u64> {
        let cutoff = now() - LONGEST_WINDOW;
        crate::on_db!(&self.db, p => {
            Ok(sqlx::query("DELETE FROM rate_limits WHERE window_start < $1").bind(cutoff).execute(p).await?.rows_affected())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judging_a_window() {
        let limit = Limit { max: 3, window: 60 };
        // (hits, window start, now, expected)
        let cases = [
            (1, 1000, 1000, Rate::Allowed),
            (3, 1000, 1030, Rate::Allowed),
            (4, 1000, 1030, Rate::Limited { retry_after: 30 }),
            (9, 1000, 1059, Rate::Limited { retry_after: 1 }),
            // A clock step past the window still asks for at least a second.
            (9, 1000, 1100, Rate::Limited { retry_after: 1 }),
        ];
        for (hits, start, t, want) in cases {
            assert_eq!(
                judge(hits, start, limit, t),
                want,
                "hits {hits}, start {start}, now {t}"
            );
        }
    }
}
