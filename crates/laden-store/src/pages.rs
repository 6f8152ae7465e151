//! Pages for the WordPress REST API (`wp/v2/pages`): listing with filters,
//! create, update, trash and delete. Every change bumps the content version.

use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::{Page, PageRevision};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::text::slugify;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageOrder {
    Date,
    Modified,
    Title,
    Slug,
    Id,
}

impl PageOrder {
    pub const NAMES: &'static str = "date, modified, title, slug, id";

    pub fn parse(s: &str) -> Option<PageOrder> {
        Some(match s {
            "date" => PageOrder::Date,
            "modified" => PageOrder::Modified,
            "title" => PageOrder::Title,
            "slug" => PageOrder::Slug,
            "id" => PageOrder::Id,
            _ => return None,
        })
    }

    fn column(self) -> &'static str {
        match self {
            PageOrder::Date => "created_at",
            PageOrder::Modified => "updated_at",
            PageOrder::Title => "title",
            PageOrder::Slug => "slug",
            PageOrder::Id => "id",
        }
    }
}

/// Slugs the shop's own routes use; a page cannot take them.
pub const RESERVED_SLUGS: &[&str] = &[
    "shop",
    "produkt",
    "produkt-kategorie",
    "warenkorb",
    "kasse",
    "bestellung-erhalten",
    "mein-konto",
    "wp-json",
    "wp-admin",
    "wp-login-php",
    "assets",
    "uploads",
    "healthz",
];

/// The statuses a page can have.
pub const PAGE_STATUSES: &[&str] = &["publish", "draft", "private", "trash"];

#[derive(Debug, Clone)]
pub struct PageQuery {
    pub page: i64,
    pub per_page: i64,
    pub statuses: Vec<String>,
    pub search: Option<String>,
    pub slugs: Vec<String>,
    pub order: PageOrder,
    pub descending: bool,
}

/// Fields a create or update may set; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct PageChange {
    pub title: Option<String>,
    pub slug: Option<String>,
    pub status: Option<String>,
    pub excerpt: Option<String>,
    pub content: Option<serde_json::Value>,
}

pub(crate) const PAGE_COLS: &str =
    "id, slug, title, excerpt, content, status, created_at, updated_at, revision";

/// Revisions kept per page (older ones are removed on save).
pub const KEPT_REVISIONS: i64 = 50;

pub(crate) fn page_from_row(row: &impl Cols) -> Result<Page> {
    Ok(Page {
        id: row.i64("id")?,
        slug: row.text("slug")?,
        title: row.text("title")?,
        excerpt: row.text("excerpt")?,
        content: row.json("content")?,
        status: row.text("status")?,
        created_at: row.i64("created_at")?,
        updated_at: row.i64("updated_at")?,
        revision: row.i64("revision")?,
    })
}

/// Checks and normalises page-builder content (see [`crate::layout`]).
pub fn checked_content(content: &serde_json::Value) -> Result<serde_json::Value> {
    crate::layout::validate(content).map_err(|problems| {
        StoreError::Invalid(
            problems
                .into_iter()
                .map(|(path, msg)| {
                    (
                        if path.is_empty() {
                            "content".to_owned()
                        } else {
                            format!("laden_layout.{path}")
                        },
                        msg,
                    )
                })
                .collect(),
        )
    })
}

/// An empty page-builder document.
pub fn empty_content() -> serde_json::Value {
    serde_json::json!({ "version": 1, "sections": [] })
}

impl Store {
    pub async fn list_pages(&self, q: &PageQuery) -> Result<(Vec<Page>, i64)> {
        let mut filters = Vec::new();
        let mut binds: Vec<String> = Vec::new();
        let placeholders = |values: &[String], binds: &mut Vec<String>| {
            values
                .iter()
                .map(|v| {
                    binds.push(v.clone());
                    format!("${}", binds.len())
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        filters.push(format!(
            "status IN ({})",
            placeholders(&q.statuses, &mut binds)
        ));
        if !q.slugs.is_empty() {
            filters.push(format!("slug IN ({})", placeholders(&q.slugs, &mut binds)));
        }
        if let Some(s) = q.search.as_deref().filter(|s| !s.trim().is_empty()) {
            let like = crate::db::like_pattern(s);
            binds.push(like);
            let n = binds.len();
            filters.push(format!(
                "(LOWER(title) LIKE ${n} ESCAPE '\\' OR LOWER(content) LIKE ${n} ESCAPE '\\')"
            ));
        }
        let filter = filters.join(" AND ");
        let dir = if q.descending { "DESC" } else { "ASC" };
        let page = crate::db::ListPage {
            cols: PAGE_COLS,
            table: "pages",
            filter: &filter,
            order: &format!("{} {dir}, id {dir}", q.order.column()),
            page: q.page,
            per_page: q.per_page,
            offset: None,
            ids_first: false,
        };
        Ok(crate::list_page!(&self.db, page, &binds, page_from_row))
    }

    /// A page by id, whatever its status.
    pub async fn page(&self, id: i64) -> Result<Page> {
        let sql = format!("SELECT {PAGE_COLS} FROM pages WHERE id = $1");
        on_db!(&self.db, p => page_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Page))?))
    }

    /// A slug not used by another page: `base`, `base-2`, `base-3`, …
    async fn free_slug(&self, base: &str, except: Option<i64>) -> Result<String> {
        let base = if base.is_empty() {
            "seite".to_owned()
        } else {
            base.to_owned()
        };
        let like = format!("{base}%");
        let taken: Vec<String> = on_db!(&self.db, p => {
            let rows = sqlx::query("SELECT slug FROM pages WHERE slug LIKE $1 AND id <> $2").bind(&like).bind(except.unwrap_or(0)).fetch_all(p).await?;
            rows.iter().map(|r| r.text("slug")).collect::<Result<Vec<_>>>()?
        });
        let mut slug = base.clone();
        let mut n = 1;
        while taken.contains(&slug) || RESERVED_SLUGS.contains(&slug.as_str()) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        Ok(slug)
    }

    fn check_status(status: &str) -> Result<()> {
        if PAGE_STATUSES.contains(&status) {
            Ok(())
        } else {
            Err(StoreError::Invalid(vec![(
                "status".into(),
                "The status is not known.".into(),
            )]))
        }
    }

    pub async fn create_page(&self, c: PageChange, author: Option<i64>) -> Result<Page> {
        let title = c.title.unwrap_or_default();
        let status = c.status.unwrap_or_else(|| "draft".into());
        Self::check_status(&status)?;
        let content = checked_content(&c.content.unwrap_or_else(empty_content))?;
        let slug = self
            .free_slug(&slugify(c.slug.as_deref().unwrap_or(&title)), None)
            .await?;
        let t = now();
        let sql = format!("INSERT INTO pages (slug, title, excerpt, content, status, created_at, updated_at, revision) VALUES ($1, $2, $3, $4, $5, $6, $6, 1) RETURNING {PAGE_COLS}");
        let mut tx = self.begin().await?;
        let page = on_tx!(&mut tx, c2 => page_from_row(
            &sqlx::query(&sql).bind(&slug).bind(title.trim()).bind(ammonia::clean(&c.excerpt.unwrap_or_default())).bind(content.to_string()).bind(&status).bind(t).fetch_one(&mut *c2).await?
        ))?;
        record_revision(&mut tx, &page, author).await?;
        // Page titles show in menus, and pages hold product grids: everything.
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await?;
        Ok(page)
    }

    /// Saves changes to a page. With `expected`, the save is refused
    /// (`StoreError::Conflict`) unless the page is still at that revision, so
    /// an editor never silently overwrites another editor's newer save.
    pub async fn update_page(
        &self,
        id: i64,
        c: PageChange,
        expected: Option<i64>,
        author: Option<i64>,
    ) -> Result<Page> {
        let content = c.content.as_ref().map(checked_content).transpose()?;
        let mut tx = self.begin().await?;
        let lock = tx.lock_suffix();
        let sql = format!("SELECT {PAGE_COLS} FROM pages WHERE id = $1{lock}");
        let old = on_tx!(&mut tx, c2 => page_from_row(&sqlx::query(&sql).bind(id).fetch_optional(&mut *c2).await?.ok_or(StoreError::NotFound(Missing::Page))?))?;
        if expected.is_some_and(|e| e != old.revision) {
            return Err(StoreError::Conflict(format!(
                "page {id} is at revision {}",
                old.revision
            )));
        }
        let status = c.status.unwrap_or(old.status);
        Self::check_status(&status)?;
        let slug = match c.slug {
            Some(s) => self.free_slug(&slugify(&s), Some(id)).await?,
            None => old.slug.clone(),
        };
        crate::old_slugs::remember(&mut tx, crate::SlugOf::Page, id, &old.slug, &slug).await?;
        let title = c.title.map_or(old.title, |t| t.trim().to_owned());
        let excerpt = c.excerpt.map_or(old.excerpt, |e| ammonia::clean(&e));
        let content = content.unwrap_or(old.content);
        let sql = format!("UPDATE pages SET slug = $2, title = $3, excerpt = $4, content = $5, status = $6, updated_at = $7, revision = revision + 1 WHERE id = $1 RETURNING {PAGE_COLS}");
        let page = on_tx!(&mut tx, c2 => page_from_row(
            &sqlx::query(&sql).bind(id).bind(&slug).bind(&title).bind(&excerpt).bind(content.to_string()).bind(&status).bind(now()).fetch_optional(&mut *c2).await?.ok_or(StoreError::NotFound(Missing::Page))?
        ))?;
        record_revision(&mut tx, &page, author).await?;
        // Page titles show in menus, and pages hold product grids: everything.
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await?;
        Ok(page)
    }

    /// A page's saved states, newest first, with the total count.
    pub async fn page_revisions(
        &self,
        page_id: i64,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<PageRevision>, i64)> {
        let offset = (page - 1).max(0).saturating_mul(per_page);
        let sql = format!("SELECT {REVISION_COLS} FROM page_revisions WHERE page_id = $1 ORDER BY revision DESC LIMIT {per_page} OFFSET {offset}");
        on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).bind(page_id).fetch_all(p).await?;
            let list = rows.iter().map(revision_from_row).collect::<Result<Vec<_>>>()?;
            let total = sqlx::query("SELECT COUNT(*) AS n FROM page_revisions WHERE page_id = $1").bind(page_id).fetch_one(p).await?.i64("n")?;
            Ok((list, total))
        })
    }

    /// One saved state of a page.
    pub async fn page_revision(&self, page_id: i64, id: i64) -> Result<PageRevision> {
        let sql =
            format!("SELECT {REVISION_COLS} FROM page_revisions WHERE page_id = $1 AND id = $2");
        on_db!(&self.db, p => revision_from_row(&sqlx::query(&sql).bind(page_id).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Revision))?))
    }

    /// Removes a page for good and returns it as it was.
    pub async fn delete_page(&self, id: i64) -> Result<Page> {
        let sql = format!("DELETE FROM pages WHERE id = $1 RETURNING {PAGE_COLS}");
        let page = on_db!(&self.db, p => page_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Page))?))?;
        self.bump_content_version().await?;
        Ok(page)
    }
}

const REVISION_COLS: &str = "id, page_id, revision, title, content, status, author_id, created_at";

fn revision_from_row(row: &impl Cols) -> Result<PageRevision> {
    Ok(PageRevision {
        id: row.i64("id")?,
        page_id: row.i64("page_id")?,
        revision: row.i64("revision")?,
        title: row.text("title")?,
        content: row.json("content")?,
        status: row.text("status")?,
        author_id: row.opt_i64("author_id")?,
        created_at: row.i64("created_at")?,
    })
}

/// Keeps the page's new state as a revision and drops all but the newest [`KEPT_REVISIONS`].
async fn record_revision(tx: &mut Tx, page: &Page, author: Option<i64>) -> Result<()> {
    on_tx!(tx, c => {
        sqlx::query("INSERT INTO page_revisions (page_id, revision, title, content, status, author_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(page.id)
            .bind(page.revision)
            .bind(&page.title)
            .bind(page.content.to_string())
            .bind(&page.status)
            .bind(author)
            .bind(page.updated_at)
            .execute(&mut *c)
            .await?;
        sqlx::query("DELETE FROM page_revisions WHERE page_id = $1 AND revision <= $2").bind(page.id).bind(page.revision - KEPT_REVISIONS).execute(&mut *c).await?;
    });
    Ok(())
}
