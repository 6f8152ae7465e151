//! What the XML sitemaps list (`laden_domain::links::sitemap`): the published pages, the products the
//! catalogue shows (not hidden ones, not variations), and the categories and tags that hold a
//! published product, as WordPress's sitemaps leave out empty terms.

use crate::db::Store;
use crate::error::Result;
use crate::on_db;
use crate::row::Cols;
use laden_domain::links::sitemap::Part;

/// A listed thing's slug and, where it keeps one, when it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapEntry {
    pub slug: String,
    pub updated_at: Option<i64>,
}

/// The `FROM … WHERE …` of a part's rows, and the columns read.
fn source(part: Part) -> (&'static str, &'static str) {
    match part {
        Part::Pages => ("slug, updated_at", "pages WHERE status = 'publish'"),
        Part::Products => (
            "slug, updated_at",
            "products WHERE status = 'publish' AND kind <> 'variation' \
             AND catalog_visibility <> 'hidden' AND slug IS NOT NULL",
        ),
        Part::Categories => (
            "slug, CAST(NULL AS BIGINT) AS updated_at",
            "categories c WHERE EXISTS (SELECT 1 FROM product_categories pc JOIN products p \
             ON p.id = pc.product_id WHERE pc.category_id = c.id AND p.status = 'publish')",
        ),
        Part::Tags => (
            "slug, CAST(NULL AS BIGINT) AS updated_at",
            "tags t WHERE EXISTS (SELECT 1 FROM product_tags pt JOIN products p \
             ON p.id = pt.product_id WHERE pt.tag_id = t.id AND p.status = 'publish')",
        ),
    }
}

impl Store {
    /// How many things each part lists.
    pub async fn sitemap_counts(&self) -> Result<Vec<(Part, i64)>> {
        let mut counts = Vec::new();
        for part in Part::ALL {
            let sql = format!("SELECT COUNT(*) AS n FROM {}", source(part).1);
            let n = on_db!(&self.db, p => sqlx::query(&sql).fetch_one(p).await?.i64("n")?);
            counts.push((part, n));
        }
        Ok(counts)
    }

    /// A part's entries oldest first (by id): `limit` of them after the first `offset`.
    pub async fn sitemap_entries_from(
        &self,
        part: Part,
        offset: i64,
        limit: i64,
    ) -> Result<Vec<SitemapEntry>> {
        let (cols, from) = source(part);
        let (offset, limit) = (offset.max(0), limit.max(0));
        let sql = format!("SELECT {cols} FROM {from} ORDER BY id LIMIT {limit} OFFSET {offset}");
        on_db!(&self.db, p => {
            sqlx::query(&sql)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok(SitemapEntry { slug: r.text("slug")?, updated_at: r.opt_i64("updated_at")? }))
                .collect()
        })
    }
}
