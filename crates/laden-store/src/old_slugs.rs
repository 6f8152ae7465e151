//! The slugs things had before staff changed them (WordPress's `_wp_old_slug`), so that an old
//! link answers 301 to the thing's link now instead of a 404.

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
}

impl SlugOf {
    fn as_str(self) -> &'static str {
        match self {
            SlugOf::Product => "product",
            SlugOf::Category => "category",
            SlugOf::Page => "page",
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
        sqlx::query("DELETE FROM old_slugs WHERE kind = $1 AND slug = $2")
            .bind(of.as_str())
            .bind(new)
            .execute(&mut *c)
            .await?;
    });
    Ok(())
}

impl Store {
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
