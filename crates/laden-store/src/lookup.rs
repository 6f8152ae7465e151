//! Lookups the catalogue's writes share inside their transaction.

use crate::db::Tx;
use crate::error::Result;
use crate::on_tx;

pub(crate) async fn exists(tx: &mut Tx, table: &str, id: i64) -> Result<bool> {
    let sql = format!("SELECT 1 AS one FROM {table} WHERE id = $1");
    Ok(on_tx!(tx, c => sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.is_some()))
}

/// `base`, or `base-2`, `base-3`… whichever no other row of `table` uses.
pub(crate) async fn unique_slug(
    tx: &mut Tx,
    table: &str,
    base: &str,
    own_id: i64,
) -> Result<String> {
    let base = if base.is_empty() {
        "produkt".to_owned()
    } else {
        base.to_owned()
    };
    let sql = format!("SELECT id FROM {table} WHERE slug = $1 AND id <> $2");
    let mut slug = base.clone();
    let mut n = 1;
    loop {
        let taken = on_tx!(tx, c => sqlx::query(&sql).bind(&slug).bind(own_id).fetch_optional(&mut *c).await?.is_some());
        if !taken {
            return Ok(slug);
        }
        n += 1;
        slug = format!("{base}-{n}");
    }
}
