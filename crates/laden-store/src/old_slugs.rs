//! The slugs things had before staff changed them (WordPress's `_wp_old_slug`), and the IDs
//! imported products had in the shop their CSV came from, so that an old link answers 301 to
//! the thing's link now instead of a 404 (or another thing that has that id here).

use crate::db::{Store, Tx};
use crate::error::Result;
use crate::row::Cols;
use crate::{now, on_db, on_tx};

/// What a slug names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlugOf {
    Product,
    Category,
    Page,
    /// Not a slug: the ID a product or variation had in the shop its CSV came from (WooCommerce's
    /// `ID` column), which that shop's plain links (`/?p=44`) name.
    ImportedId,
}

impl SlugOf {
    fn as_str(self) -> &'static str {
        match self {
            SlugOf::Product => "product",
            SlugOf::Category => "category",
            SlugOf::Page => "page",
            SlugOf::ImportedId => "imported-id",
        }
    }
}

/// Notes, in the caller's transaction, that `id` moved from slug `old` to `new`: the old one
/// now leads to it (taken over from whatever it led to before), and the new one is live, so no
/// longer an old one.
pub(crate) async fn remember(tx: &mut Tx, of: SlugOf, id: i64, old: &str, new: &str) -> Result<()> {
    if old == new || old.is_empty() {
        return Ok(());
    }
    note(tx, of, old, id).await?;
    on_tx!(tx, c => {
        sqlx::query("DELETE FROM old_slugs WHERE kind = $1 AND slug = $2")
            .bind(of.as_str())
            .bind(new)
            .execute(&mut *c)
            .await?;
    });
    Ok(())
}

/// Notes that `old` (of kind `of`) leads to `id`, taken over from whatever it led to before.
async fn note(tx: &mut Tx, of: SlugOf, old: &str, id: i64) -> Result<()> {
    on_tx!(tx, c => {
        sqlx::query(
            "INSERT INTO old_slugs (kind, slug, target_id, changed_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, slug) DO UPDATE SET target_id = excluded.target_id, changed_at = excluded.changed_at",
        )
        .bind(of.as_str())
        .bind(old)
        .bind(id)
        .bind(now())
        .execute(&mut *c)
        .await?;
    });
    Ok(())
}

impl Store {
    /// Notes the products an import made or updated by the IDs its file gave them (`(ID, id)`;
    /// a later import of the same ID names the product it made then).
    pub(crate) async fn remember_imported_ids(&self, ids: &[(i64, i64)]) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let mut tx = self.begin().await?;
        for (old, id) in ids {
            note(&mut tx, SlugOf::ImportedId, &old.to_string(), *id).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// What had slug `slug` before it was changed, if anything did.
    pub async fn renamed(&self, of: SlugOf, slug: &str) -> Result<Option<i64>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT target_id FROM old_slugs WHERE kind = $1 AND slug = $2")
                .bind(of.as_str())
                .bind(slug)
                .fetch_optional(p)
                .await?
                .map(|r| r.i64("target_id"))
                .transpose()
        })
    }
}
