//! Product reviews as staff moderate them (wc/v3 `products/reviews`).

use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{invalid, Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::i18n::t;
use serde::Serialize;

/// A review as staff see it, any status.
#[derive(Debug, Clone, Serialize)]
pub struct AdminReview {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub status: String,
    pub author: String,
    pub email: String,
    pub content: String,
    pub rating: i64,
    pub verified: bool,
    pub created_at: i64,
}

/// Review statuses (WordPress comment statuses as WooCommerce names them).
pub const REVIEW_STATUSES: &[&str] = &["approved", "hold", "spam", "trash"];

#[derive(Debug, Clone, Default)]
pub struct ReviewChanges {
    pub product_id: Option<i64>,
    pub status: Option<String>,
    pub author: Option<String>,
    pub email: Option<String>,
    pub content: Option<String>,
    pub rating: Option<i64>,
    pub verified: Option<bool>,
}

fn review_from_row(r: &impl Cols) -> Result<AdminReview> {
    Ok(AdminReview {
        id: r.i64("id")?,
        product_id: r.i64("product_id")?,
        product_name: r.text("product_name")?,
        status: r.text("status")?,
        author: r.text("author")?,
        email: r.text("email")?,
        content: r.text("content")?,
        rating: r.i64("rating")?,
        verified: r.flag("verified")?,
        created_at: r.i64("created_at")?,
    })
}

async fn recount_ratings(tx: &mut Tx, products: &[i64]) -> Result<()> {
    for pid in products {
        on_tx!(tx, c => {
            sqlx::query(
                "UPDATE products SET rating_sum = (SELECT COALESCE(SUM(rating), 0) FROM reviews WHERE product_id = $1 AND status = 'approved'), \
                 rating_count = (SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND status = 'approved') WHERE id = $1",
            )
            .bind(*pid)
            .execute(&mut *c)
            .await?;
        });
    }
    // Ratings show on the products and order the listings sorted by rating.
    let mut scopes: Vec<crate::Scope> =
        products.iter().map(|p| crate::Scope::Product(*p)).collect();
    scopes.push(crate::Scope::Catalog);
    crate::changes::record(tx, &scopes).await
}

impl Store {
    /// Reviews for staff: any status (or one), optionally of one product, newest first.
    pub async fn admin_reviews(
        &self,
        status: Option<&str>,
        product: Option<i64>,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<AdminReview>, i64)> {
        let mut wheres = vec!["1 = 1".to_owned()];
        match status {
            None | Some("all") => wheres.push("r.status IN ('approved', 'hold')".into()),
            Some(s) => wheres.push(format!(
                "r.status = '{}'",
                if REVIEW_STATUSES.contains(&s) {
                    s
                } else {
                    "none"
                }
            )),
        }
        if let Some(p) = product {
            wheres.push(format!("r.product_id = {p}"));
        }
        let filter = wheres.join(" AND ");
        let offset = (page - 1).max(0).saturating_mul(per_page);
        let list_sql = format!(
            "SELECT r.id, r.product_id, p.name AS product_name, r.status, r.author, r.email, r.content, r.rating, r.verified, r.created_at \
             FROM reviews r JOIN products p ON p.id = r.product_id WHERE {filter} ORDER BY r.created_at DESC, r.id DESC LIMIT {per_page} OFFSET {offset}"
        );
        let count_sql = format!("SELECT COUNT(*) AS n FROM reviews r WHERE {filter}");
        on_db!(&self.db, p => {
            let list = sqlx::query(&list_sql).fetch_all(p).await?.iter().map(review_from_row).collect::<Result<Vec<_>>>()?;
            let total = sqlx::query(&count_sql).fetch_one(p).await?.i64("n")?;
            Ok((list, total))
        })
    }

    pub async fn admin_review(&self, id: i64) -> Result<AdminReview> {
        on_db!(&self.db, p => {
            let r = sqlx::query(
                "SELECT r.id, r.product_id, p.name AS product_name, r.status, r.author, r.email, r.content, r.rating, r.verified, r.created_at \
                 FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = $1",
            )
            .bind(id)
            .fetch_optional(p)
            .await?
            .ok_or(StoreError::NotFound(Missing::Review))?;
            review_from_row(&r)
        })
    }

    /// Creates (`id` `None`) or changes a review; the product's rating follows its approved reviews.
    pub async fn save_review(&self, id: Option<i64>, ch: &ReviewChanges) -> Result<i64> {
        let mut problems = Vec::new();
        if ch.rating.is_some_and(|r| !(1..=5).contains(&r)) {
            problems.push(("rating".to_owned(), t("The rating must be from 1 to 5.")));
        }
        if ch
            .status
            .as_deref()
            .is_some_and(|s| !REVIEW_STATUSES.contains(&s))
        {
            problems.push(("status".to_owned(), t("Unknown status.")));
        }
        if id.is_none() {
            if ch.product_id.is_none() {
                problems.push(("product_id".to_owned(), t("Please give a product.")));
            }
            if ch.content.as_deref().is_none_or(|c| c.trim().is_empty()) {
                problems.push(("review".to_owned(), t("Please give a text.")));
            }
            if ch
                .author
                .as_deref()
                .is_none_or(|c| laden_domain::text::sanitize_text_field(c).is_empty())
            {
                problems.push(("reviewer".to_owned(), t("Please give a name.")));
            }
            if ch.rating.is_none() {
                problems.push(("rating".to_owned(), t("The rating must be from 1 to 5.")));
            }
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let mut tx = self.begin().await?;
        if let Some(pid) = ch.product_id {
            let ok = on_tx!(&mut tx, c => sqlx::query("SELECT 1 AS one FROM products WHERE id = $1 AND kind <> 'variation'").bind(pid).fetch_optional(&mut *c).await?.is_some());
            if !ok {
                return Err(invalid("product_id", &t("Invalid product ID.")));
            }
        }
        let content = ch
            .content
            .as_deref()
            .map(|c| laden_domain::text::escape_markup(c.trim()));
        // A name is text, never markup (WordPress keeps comment authors so too).
        let author = ch
            .author
            .as_deref()
            .map(laden_domain::text::sanitize_text_field);
        let (review_id, old_product) = match id {
            Some(rid) => {
                let old = on_tx!(&mut tx, c => {
                    sqlx::query("SELECT product_id FROM reviews WHERE id = $1").bind(rid).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Review))?.i64("product_id")?
                });
                (rid, Some(old))
            }
            None => {
                let rid = on_tx!(&mut tx, c => {
                    sqlx::query("INSERT INTO reviews (product_id, rating, author, content, created_at) VALUES ($1, 5, '', '', $2) RETURNING id")
                        .bind(ch.product_id)
                        .bind(now())
                        .fetch_one(&mut *c)
                        .await?
                        .i64("id")?
                });
                (rid, None)
            }
        };
        on_tx!(&mut tx, c => {
            sqlx::query(
                "UPDATE reviews SET product_id = COALESCE($2, product_id), status = COALESCE($3, status), author = COALESCE($4, author), \
                 email = COALESCE($5, email), content = COALESCE($6, content), rating = COALESCE($7, rating), verified = COALESCE($8, verified) WHERE id = $1",
            )
            .bind(review_id)
            .bind(ch.product_id)
            .bind(&ch.status)
            .bind(&author)
            .bind(ch.email.as_deref().map(str::trim))
            .bind(&content)
            .bind(ch.rating)
            .bind(ch.verified)
            .execute(&mut *c)
            .await?;
            sqlx::query("UPDATE reviews SET approved = (status = 'approved') WHERE id = $1").bind(review_id).execute(&mut *c).await?;
        });
        let mut touched: Vec<i64> = old_product.into_iter().chain(ch.product_id).collect();
        touched.dedup();
        recount_ratings(&mut tx, &touched).await?;
        tx.commit().await?;
        Ok(review_id)
    }

    pub async fn delete_review(&self, id: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        let product = on_tx!(&mut tx, c => {
            let r = sqlx::query("DELETE FROM reviews WHERE id = $1 RETURNING product_id").bind(id).fetch_optional(&mut *c).await?.ok_or(StoreError::NotFound(Missing::Review))?;
            r.i64("product_id")?
        });
        recount_ratings(&mut tx, &[product]).await?;
        tx.commit().await?;
        Ok(())
    }
}
