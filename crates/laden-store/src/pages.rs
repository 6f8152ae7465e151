//! Pages for the WordPress REST API (`wp/v2/pages`): listing with filters,
//! create, update, trash and delete. Every change bumps the content version.

use crate::content::sanitize_content;
use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::import::slugify;
use crate::models::Page;
use crate::row::Cols;
use crate::{now, on_db};

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
pub const RESERVED_SLUGS: &[&str] =
    &["shop", "produkt", "produkt-kategorie", "warenkorb", "kasse", "bestellung-erhalten", "mein-konto", "wp-json", "wp-admin", "wp-login-php", "assets", "uploads", "healthz"];

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

pub(crate) const PAGE_COLS: &str = "id, slug, title, excerpt, content, status, created_at, updated_at";

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
        filters.push(format!("status IN ({})", placeholders(&q.statuses, &mut binds)));
        if !q.slugs.is_empty() {
            filters.push(format!("slug IN ({})", placeholders(&q.slugs, &mut binds)));
        }
        if let Some(s) = q.search.as_deref().filter(|s| !s.trim().is_empty()) {
            let like = crate::db::like_pattern(s);
            binds.push(like);
            let n = binds.len();
            filters.push(format!("(LOWER(title) LIKE ${n} ESCAPE '\\' OR LOWER(content) LIKE ${n} ESCAPE '\\')"));
        }
        let filter = filters.join(" AND ");
        let dir = if q.descending { "DESC" } else { "ASC" };
        let offset = (q.page - 1).max(0).saturating_mul(q.per_page);
        let list_sql = format!("SELECT {PAGE_COLS} FROM pages WHERE {filter} ORDER BY {} {dir}, id {dir} LIMIT {} OFFSET {offset}", q.order.column(), q.per_page);
        let count_sql = format!("SELECT COUNT(*) AS n FROM pages WHERE {filter}");
        on_db!(&self.db, p => {
            let mut list = sqlx::query(&list_sql);
            let mut count = sqlx::query(&count_sql);
            for b in &binds {
                list = list.bind(b);
                count = count.bind(b);
            }
            let rows = list.fetch_all(p).await?;
            let pages = rows.iter().map(page_from_row).collect::<Result<Vec<_>>>()?;
            let total = count.fetch_one(p).await?.i64("n")?;
            Ok((pages, total))
        })
    }

    /// A page by id, whatever its status.
    pub async fn page(&self, id: i64) -> Result<Page> {
        let sql = format!("SELECT {PAGE_COLS} FROM pages WHERE id = $1");
        on_db!(&self.db, p => page_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound)?))
    }

    /// A slug not used by another page: `base`, `base-2`, `base-3`, …
    async fn free_slug(&self, base: &str, except: Option<i64>) -> Result<String> {
        let base = if base.is_empty() { "seite".to_owned() } else { base.to_owned() };
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
            Err(StoreError::Invalid(vec![("status".into(), "The status is not known.".into())]))
        }
    }

    pub async fn create_page(&self, c: PageChange) -> Result<Page> {
        let title = c.title.unwrap_or_default();
        let status = c.status.unwrap_or_else(|| "draft".into());
        Self::check_status(&status)?;
        let slug = self.free_slug(&slugify(c.slug.as_deref().unwrap_or(&title)), None).await?;
        let mut content = c.content.unwrap_or_else(empty_content);
        sanitize_content(&mut content);
        let t = now();
        let sql = format!("INSERT INTO pages (slug, title, excerpt, content, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING {PAGE_COLS}");
        let page = on_db!(&self.db, p => page_from_row(
            &sqlx::query(&sql).bind(&slug).bind(title.trim()).bind(ammonia::clean(&c.excerpt.unwrap_or_default())).bind(content.to_string()).bind(&status).bind(t).fetch_one(p).await?
        ))?;
        self.bump_content_version().await?;
        Ok(page)
    }

    pub async fn update_page(&self, id: i64, c: PageChange) -> Result<Page> {
        let old = self.page(id).await?;
        let status = c.status.unwrap_or(old.status);
        Self::check_status(&status)?;
        let slug = match c.slug {
            Some(s) => self.free_slug(&slugify(&s), Some(id)).await?,
            None => old.slug,
        };
        let title = c.title.map_or(old.title, |t| t.trim().to_owned());
        let excerpt = c.excerpt.map_or(old.excerpt, |e| ammonia::clean(&e));
        let mut content = c.content.unwrap_or(old.content);
        sanitize_content(&mut content);
        let sql = format!("UPDATE pages SET slug = $2, title = $3, excerpt = $4, content = $5, status = $6, updated_at = $7 WHERE id = $1 RETURNING {PAGE_COLS}");
        let page = on_db!(&self.db, p => page_from_row(
            &sqlx::query(&sql).bind(id).bind(&slug).bind(&title).bind(&excerpt).bind(content.to_string()).bind(&status).bind(now()).fetch_optional(p).await?.ok_or(StoreError::NotFound)?
        ))?;
        self.bump_content_version().await?;
        Ok(page)
    }

    /// Removes a page for good and returns it as it was.
    pub async fn delete_page(&self, id: i64) -> Result<Page> {
        let sql = format!("DELETE FROM pages WHERE id = $1 RETURNING {PAGE_COLS}");
        let page = on_db!(&self.db, p => page_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound)?))?;
        self.bump_content_version().await?;
        Ok(page)
    }
}
