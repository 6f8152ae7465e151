use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::*;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use std::collections::HashMap;

/// Menu items by parent: (id, title, kind, target).
type Children = HashMap<Option<i64>, Vec<(i64, String, String, String)>>;

impl Store {
    /// The site settings, defaults filled in.
    ///
    /// Read once and kept (`kept.rs`): the next content change committed here or seen in the
    /// change log (every settings change is one) reads them afresh, and so does a read after
    /// `PEER_CHANGE_DELAY`. Most requests (a cart, a checkout, an e-mail) need them.
    pub async fn settings(&self) -> Result<SiteSettings> {
        self.kept
            .settings
            .get_or_read((), self.kept_generation(), self.read_settings())
            .await
    }

    async fn read_settings(&self) -> Result<SiteSettings> {
        let pairs: Vec<(String, String)> = on_db!(&self.db, p => {
            let rows = sqlx::query("SELECT name, value FROM settings").fetch_all(p).await?;
            rows.iter().map(|r| Ok((r.text("name")?, r.text("value")?))).collect::<Result<Vec<_>>>()?
        });
        let mut obj = serde_json::Map::new();
        for (name, value) in pairs {
            let v: serde_json::Value = serde_json::from_str(&value)?;
            obj.insert(name, v);
        }
        Ok(serde_json::from_value(serde_json::Value::Object(obj))?)
    }

    /// Replaces the settings groups and bumps the content version.
    pub async fn save_settings(&self, settings: &SiteSettings) -> Result<()> {
        let value = serde_json::to_value(settings)?;
        let groups = value.as_object().cloned().unwrap_or_default();
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            for (name, v) in &groups {
                let text = v.to_string();
                sqlx::query(
                    "INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                )
                .bind(name)
                .bind(&text)
                .execute(&mut *c)
                .await?;
            }
        });
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await
    }

    /// A number that changes whenever anything shown in cached pages changes.
    pub async fn content_version(&self) -> Result<i64> {
        on_db!(&self.db, p => {
            let row = sqlx::query("SELECT content_version FROM site_state WHERE id = 1").fetch_one(p).await?;
            row.i64("content_version")
        })
    }

    /// Records a change of everything (settings, media, pages, an import).
    pub async fn bump_content_version(&self) -> Result<()> {
        self.content_changed(&[crate::Scope::All]).await
    }

    pub async fn demo_imported(&self) -> Result<bool> {
        on_db!(&self.db, p => {
            let row = sqlx::query("SELECT demo_imported FROM site_state WHERE id = 1").fetch_one(p).await?;
            row.flag("demo_imported")
        })
    }

    pub async fn mark_demo_imported(&self) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("UPDATE site_state SET demo_imported = TRUE WHERE id = 1").execute(p).await?;
        });
        self.bump_content_version().await
    }

    /// A published page by slug.
    pub async fn page_by_slug(&self, slug: &str) -> Result<Page> {
        let sql = format!(
            "SELECT {} FROM pages WHERE slug = $1 AND status = 'publish'",
            crate::pages::PAGE_COLS
        );
        on_db!(&self.db, p => crate::pages::page_from_row(&sqlx::query(&sql).bind(slug).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Page))?))
    }

    /// A page by slug that is not in the trash, published or not: what staff who edit pages may preview.
    pub async fn unpublished_page_by_slug(&self, slug: &str) -> Result<Page> {
        let sql = format!(
            "SELECT {} FROM pages WHERE slug = $1 AND status IN ('draft', 'private')",
            crate::pages::PAGE_COLS
        );
        on_db!(&self.db, p => crate::pages::page_from_row(&sqlx::query(&sql).bind(slug).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Page))?))
    }

    /// Creates or replaces a page by slug.
    pub async fn upsert_page(
        &self,
        slug: &str,
        title: &str,
        excerpt: &str,
        content: &serde_json::Value,
    ) -> Result<i64> {
        let text = crate::pages::checked_content(content)?.to_string();
        let t = now();
        let id = on_db!(&self.db, p => {
            let row = sqlx::query(
                "INSERT INTO pages (slug, title, excerpt, content, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'publish', $5, $5) \
                 ON CONFLICT (slug) DO UPDATE SET title = excluded.title, excerpt = excluded.excerpt, content = excluded.content, updated_at = excluded.updated_at, \
                 revision = pages.revision + 1 \
                 RETURNING id",
            )
            .bind(slug)
            .bind(title)
            .bind(excerpt)
            .bind(&text)
            .bind(t)
            .fetch_one(p)
            .await?;
            row.i64("id")?
        });
        self.bump_content_version().await?;
        Ok(id)
    }

    /// The menu at a theme location (`primary`, `footer`, `topbar`), as a tree.
    pub async fn menu(&self, location: &str) -> Result<Option<Menu>> {
        let found = on_db!(&self.db, p => {
            let Some(menu) = sqlx::query("SELECT id, name FROM menus WHERE location = $1").bind(location).fetch_optional(p).await? else {
                return Ok(None);
            };
            let id = menu.i64("id")?;
            let rows = sqlx::query(
                "SELECT id, parent_id, title, kind, target FROM menu_items WHERE menu_id = $1 ORDER BY position, id",
            )
            .bind(id)
            .fetch_all(p)
            .await?;
            let items = rows
                .iter()
                .map(|r| Ok((r.i64("id")?, r.opt_i64("parent_id")?, r.text("title")?, r.text("kind")?, r.text("target")?)))
                .collect::<Result<Vec<_>>>()?;
            (menu.text("name")?, items)
        });
        let (name, flat) = found;
        let mut children: Children = HashMap::new();
        for (id, parent, title, kind, target) in flat {
            children
                .entry(parent)
                .or_default()
                .push((id, title, kind, target));
        }
        fn build(parent: Option<i64>, children: &Children, depth: u8) -> Vec<MenuItem> {
            if depth > 8 {
                return Vec::new();
            }
            children
                .get(&parent)
                .map(|list| {
                    list.iter()
                        .map(|(id, title, kind, target)| MenuItem {
                            id: *id,
                            title: title.clone(),
                            kind: kind.clone(),
                            target: target.clone(),
                            children: build(Some(*id), children, depth + 1),
                        })
                        .collect()
                })
                .unwrap_or_default()
        }
        Ok(Some(Menu {
            location: location.to_owned(),
            name,
            items: build(None, &children, 0),
        }))
    }

    /// Replaces the menu at `location` with `items` (nested).
    pub async fn replace_menu(
        &self,
        location: &str,
        name: &str,
        items: &[NewMenuItem],
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            sqlx::query("DELETE FROM menus WHERE location = $1").bind(location).execute(&mut *c).await?;
            let menu_id = sqlx::query("INSERT INTO menus (location, name) VALUES ($1, $2) RETURNING id")
                .bind(location)
                .bind(name)
                .fetch_one(&mut *c)
                .await?
                .i64("id")?;
            let mut stack: Vec<(Option<i64>, &[NewMenuItem])> = vec![(None, items)];
            while let Some((parent, list)) = stack.pop() {
                for (pos, item) in list.iter().enumerate() {
                    let id = sqlx::query(
                        "INSERT INTO menu_items (menu_id, parent_id, position, title, kind, target) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                    )
                    .bind(menu_id)
                    .bind(parent)
                    .bind(pos as i64)
                    .bind(&item.title)
                    .bind(&item.kind)
                    .bind(&item.target)
                    .fetch_one(&mut *c)
                    .await?
                    .i64("id")?;
                    if !item.children.is_empty() {
                        stack.push((Some(id), &item.children));
                    }
                }
            }
        });
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await
    }
}

#[derive(Debug, Clone, serde::Deserialize)]
pub struct NewMenuItem {
    pub title: String,
    pub kind: String,
    pub target: String,
    #[serde(default)]
    pub children: Vec<NewMenuItem>,
}
