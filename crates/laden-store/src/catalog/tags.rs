//! Product tags (WooCommerce's `product_tag`): made by name on import, attached to products,
//! listed with their published products' counts.

use crate::db::Store;
use crate::error::{Missing, Result, StoreError};
use crate::models::{Product, Tag, TagRef};
use crate::row::Cols;
use crate::{on_db, on_tx};
use laden_domain::text::slugify;
use std::collections::HashMap;

const TAG_COLS: &str = "t.id, t.name, t.slug, t.description, \
    (SELECT COUNT(*) FROM product_tags pt JOIN products p ON p.id = pt.product_id \
     WHERE pt.tag_id = t.id AND p.status = 'publish') AS count";

fn tag_from_row(r: &impl Cols) -> Result<Tag> {
    Ok(Tag {
        id: r.i64("id")?,
        name: r.text("name")?,
        slug: r.text("slug")?,
        description: r.text("description")?,
        count: r.i64("count")?,
    })
}

impl Store {
    /// The tags of a WooCommerce `Tags` cell ("Bio, Fair gehandelt"), made where missing
    /// (matched by slug); their ids in the cell's order.
    pub async fn ensure_tags(&self, cell: &str) -> Result<Vec<i64>> {
        self.ensure_tag_names(cell.split(',')).await
    }

    /// Tags by name, made where missing (matched by slug); their ids in the names' order. A tag
    /// made is a change of every page that lists tags; finding one changes nothing.
    pub async fn ensure_tag_names<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<i64>> {
        let mut tx = self.begin().await?;
        let (ids, made) = tag_ids(&mut tx, names).await?;
        if made {
            crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// Every tag, by name, with its published products' count.
    pub async fn tags(&self) -> Result<Vec<Tag>> {
        let sql = format!("SELECT {TAG_COLS} FROM tags t ORDER BY t.name, t.id");
        on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(tag_from_row).collect::<Result<Vec<_>>>()
        })
    }

    /// A tag by its id.
    pub async fn tag(&self, id: i64) -> Result<Tag> {
        let sql = format!("SELECT {TAG_COLS} FROM tags t WHERE t.id = $1");
        on_db!(&self.db, p => {
            let row = sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Tag))?;
            tag_from_row(&row)
        })
    }

    /// A tag by its slug.
    pub async fn tag_by_slug(&self, slug: &str) -> Result<Tag> {
        let sql = format!("SELECT {TAG_COLS} FROM tags t WHERE t.slug = $1");
        on_db!(&self.db, p => {
            let row = sqlx::query(&sql).bind(slug).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Tag))?;
            tag_from_row(&row)
        })
    }

    /// Fills the products' tag ids.
    pub(crate) async fn attach_tags(&self, products: &mut [Product]) -> Result<()> {
        if products.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = products.iter().map(|p| p.id.to_string()).collect();
        let sql = format!(
            "SELECT pt.product_id, t.id, t.name, t.slug FROM product_tags pt JOIN tags t ON t.id = pt.tag_id \
             WHERE pt.product_id IN ({}) ORDER BY t.id",
            ids.join(",")
        );
        let pairs: Vec<(i64, TagRef)> = on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).fetch_all(p).await?;
            rows.iter().map(|r| Ok((r.i64("product_id")?, TagRef { id: r.i64("id")?, name: r.text("name")?, slug: r.text("slug")? }))).collect::<Result<Vec<_>>>()?
        });
        let mut by_product: HashMap<i64, Vec<TagRef>> = HashMap::new();
        for (pid, tag) in pairs {
            by_product.entry(pid).or_default().push(tag);
        }
        for p in products.iter_mut() {
            p.tags = by_product.remove(&p.id).unwrap_or_default();
            p.tag_ids = p.tags.iter().map(|t| t.id).collect();
        }
        Ok(())
    }
}

/// Tags by name in the caller's transaction, made where missing (matched by slug): their ids in
/// the names' order, and whether one was made (the caller records the change).
pub(crate) async fn tag_ids<'a>(
    tx: &mut crate::db::Tx,
    names: impl IntoIterator<Item = &'a str>,
) -> Result<(Vec<i64>, bool)> {
    let mut ids = Vec::new();
    let mut made = false;
    for name in names.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
        let slug = slugify(name);
        if slug.is_empty() {
            continue;
        }
        let id = on_tx!(tx, c => {
            match sqlx::query("SELECT id FROM tags WHERE slug = $1").bind(&slug).fetch_optional(&mut *c).await? {
                Some(r) => r.i64("id")?,
                None => {
                    made = true;
                    sqlx::query("INSERT INTO tags (name, slug) VALUES ($1, $2) RETURNING id")
                        .bind(name)
                        .bind(&slug)
                        .fetch_one(&mut *c)
                        .await?
                        .i64("id")?
                }
            }
        });
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok((ids, made))
}
