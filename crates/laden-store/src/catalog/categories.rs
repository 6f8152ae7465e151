//! Categories as shop staff change them: create, rename, move in the tree, delete.

use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{invalid, Result, StoreError};
use crate::lookup::{exists, unique_slug};
use crate::models::*;
use crate::on_tx;
use crate::row::Cols;
use laden_domain::i18n::{t, tf};
use laden_domain::text::slugify;

/// A new category or a change to one.
#[derive(Debug, Clone, Default)]
pub struct CategoryChanges {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub parent: Option<Option<i64>>,
    pub description: Option<String>,
    pub image_id: Option<Option<i64>>,
    pub menu_order: Option<i64>,
}

impl Store {
    /// A category by id.
    pub async fn category(&self, id: i64) -> Result<Category> {
        self.categories()
            .await?
            .into_iter()
            .find(|c| c.id == id)
            .ok_or(StoreError::NotFound(Missing::Category))
    }

    pub async fn create_category(&self, changes: &CategoryChanges) -> Result<i64> {
        let name = changes
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| invalid("name", &t("Please give a name.")))?;
        let mut tx = self.begin().await?;
        let id = on_tx!(&mut tx, c => {
            sqlx::query("INSERT INTO categories (name, slug, position) VALUES ($1, $2, (SELECT COUNT(*) FROM categories)) RETURNING id")
                .bind(name)
                .bind(format!("neu-{}", crate::random_token(6).to_lowercase()))
                .fetch_one(&mut *c)
                .await?
                .i64("id")?
        });
        let mut with_slug = changes.clone();
        if with_slug.slug.is_none() {
            with_slug.slug = Some(name.to_owned());
        }
        write_category(&mut tx, id, &with_slug).await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn update_category(&self, id: i64, changes: &CategoryChanges) -> Result<()> {
        let mut tx = self.begin().await?;
        write_category(&mut tx, id, changes).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes a category; its children move up to its parent, its products lose it.
    pub async fn delete_category(&self, id: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            let row = sqlx::query("SELECT parent_id FROM categories WHERE id = $1").bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Category))?;
            let parent = row.opt_i64("parent_id")?;
            sqlx::query("UPDATE categories SET parent_id = $2 WHERE parent_id = $1").bind(id).bind(parent).execute(&mut *c).await?;
            sqlx::query("DELETE FROM categories WHERE id = $1").bind(id).execute(&mut *c).await?;
        });
        // Categories show in menus, sidebars and breadcrumbs everywhere.
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await?;
        Ok(())
    }
}

async fn write_category(tx: &mut Tx, id: i64, ch: &CategoryChanges) -> Result<()> {
    let lock = tx.lock_suffix();
    let sql = format!("SELECT id, parent_id, name, slug, description, image_id, position FROM categories WHERE id = $1{lock}");
    let (mut name, mut slug, mut parent, mut description, mut image, mut position) = on_tx!(tx, c => {
        let r = sqlx::query(&sql).bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Category))?;
        (r.text("name")?, r.text("slug")?, r.opt_i64("parent_id")?, r.text("description")?, r.opt_i64("image_id")?, r.i64("position")?)
    });
    let old_slug = slug.clone();
    let mut problems: Vec<(String, String)> = Vec::new();
    if let Some(n) = &ch.name {
        if n.trim().is_empty() {
            problems.push(("name".into(), t("Please give a name.")));
        }
        name = n.trim().to_owned();
    }
    if let Some(d) = &ch.description {
        description = ammonia::clean(d);
    }
    if let Some(m) = ch.menu_order {
        position = m;
    }
    if let Some(img) = ch.image_id {
        if let Some(m) = img {
            if !exists(tx, "media", m).await? {
                problems.push((
                    "image".into(),
                    tf("Image %s is not in the media library.", &[&m]),
                ));
            }
        }
        image = img;
    }
    if let Some(new_parent) = ch.parent {
        if let Some(np) = new_parent {
            // The new parent must exist and must not be the category itself or below it.
            let mut cur = Some(np);
            let mut depth = 0;
            while let Some(c) = cur {
                if c == id {
                    problems.push(("parent".into(), t("A category cannot lie under itself.")));
                    break;
                }
                let row = on_tx!(tx, conn => sqlx::query("SELECT parent_id FROM categories WHERE id = $1").bind(c).fetch_optional(&mut *conn).await?.map(|r| r.opt_i64("parent_id")).transpose()?);
                match row {
                    Some(next) => cur = next,
                    None => {
                        problems.push(("parent".into(), tf("Category %s does not exist.", &[&c])));
                        break;
                    }
                }
                depth += 1;
                if depth > 64 {
                    break;
                }
            }
        }
        parent = new_parent;
    }
    if let Some(s) = &ch.slug {
        let wanted = slugify(s.trim());
        if wanted.is_empty() {
            problems.push(("slug".into(), t("Please give a slug.")));
        } else {
            let taken = on_tx!(tx, c => sqlx::query("SELECT id FROM categories WHERE slug = $1 AND id <> $2").bind(&wanted).bind(id).fetch_optional(&mut *c).await?.is_some());
            if taken && ch.name.is_some() && ch.slug.as_deref() == ch.name.as_deref() {
                // Slug derived from the name: make it unique.
                slug = unique_slug(tx, "categories", &wanted, id).await?;
            } else if taken {
                return Err(StoreError::Conflict("term_exists".into()));
            } else {
                slug = wanted;
            }
        }
    }
    if !problems.is_empty() {
        return Err(StoreError::Invalid(problems));
    }
    crate::old_slugs::remember(tx, crate::SlugOf::Category, id, &old_slug, &slug).await?;
    on_tx!(tx, c => {
        sqlx::query("UPDATE categories SET name = $2, slug = $3, parent_id = $4, description = $5, image_id = $6, position = $7 WHERE id = $1")
            .bind(id)
            .bind(&name)
            .bind(&slug)
            .bind(parent)
            .bind(&description)
            .bind(image)
            .bind(position)
            .execute(&mut *c)
            .await?;
    });
    // Categories show in menus, sidebars and breadcrumbs everywhere.
    crate::changes::record(tx, &[crate::Scope::All]).await
}
