//! Downloads of a paid order (WooCommerce's download permissions): granted when the order is
//! paid (processing or completed), one per file of each downloadable product bought, with a
//! random token as the link's secret, the product's download limit and expiry; revoked when
//! the order is cancelled, refunded or fails.

use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Result;
use crate::models::{DownloadFile, Product};
use crate::row::Cols;
use crate::{now, on_db, on_tx, random_token};
use serde::Serialize;

/// Random bytes of a download link's token (192 bits: the link is its own secret).
const TOKEN_BYTES: usize = 24;

/// One file an order may download.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct DownloadGrant {
    pub product_id: i64,
    pub download_id: String,
    /// The file's name as the product gives it.
    pub name: String,
    /// The product's name as sold.
    pub product_name: String,
    /// The link's secret (`/download/{token}`).
    pub token: String,
    /// Downloads left; `None`: unlimited.
    pub remaining: Option<i64>,
    /// Until when (seconds); `None`: for ever.
    pub expires_at: Option<i64>,
    pub count: i64,
}

/// Why a download link gives nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DownloadRefusal {
    /// No such link (or its order was cancelled).
    Unknown,
    Expired,
    /// The download limit is used up.
    UsedUp,
}

/// Grants the downloads of order `order_id` (idempotent: a file granted once stays as it is).
pub(crate) async fn grant(tx: &mut Tx, order_id: i64) -> Result<()> {
    let items: Vec<(i64, Option<i64>, String)> = on_tx!(tx, c => {
        sqlx::query("SELECT product_id, parent_id, name FROM order_items WHERE order_id = $1 ORDER BY id")
            .bind(order_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| Ok((r.i64("product_id")?, r.opt_i64("parent_id")?, r.text("name")?)))
            .collect::<Result<Vec<_>>>()?
    });
    let sql = format!("SELECT {PRODUCT_COLS} FROM products WHERE id = $1");
    let t = now();
    for (product_id, parent_id, product_name) in items {
        let product: Option<Product> = on_tx!(tx, c => {
            match sqlx::query(&sql).bind(product_id).fetch_optional(&mut *c).await? {
                Some(r) => Some(product_from_row(&r)?),
                None => None,
            }
        });
        let Some(product) = product else { continue };
        // A variation without files of its own gives its parent's.
        let owner = if product.details.downloads.is_empty() {
            match parent_id {
                Some(pid) => on_tx!(tx, c => {
                    match sqlx::query(&sql).bind(pid).fetch_optional(&mut *c).await? {
                        Some(r) => Some(product_from_row(&r)?),
                        None => None,
                    }
                }),
                None => None,
            }
        } else {
            Some(product.clone())
        };
        let Some(owner) = owner.filter(|o| o.details.downloadable || product.details.downloadable)
        else {
            continue;
        };
        let expires = owner.details.download_expiry.map(|days| t + days * 86_400);
        for file in &owner.details.downloads {
            insert(
                tx,
                order_id,
                product_id,
                &product_name,
                file,
                owner.details.download_limit,
                expires,
                t,
            )
            .await?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert(
    tx: &mut Tx,
    order_id: i64,
    product_id: i64,
    product_name: &str,
    file: &DownloadFile,
    limit: Option<i64>,
    expires: Option<i64>,
    t: i64,
) -> Result<()> {
    let token = random_token(TOKEN_BYTES);
    on_tx!(tx, c => {
        sqlx::query(
            "INSERT INTO download_grants (order_id, product_id, download_id, name, file, token, remaining, expires_at, created_at, product_name) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (order_id, product_id, download_id) DO NOTHING",
        )
        .bind(order_id)
        .bind(product_id)
        .bind(&file.id)
        .bind(&file.name)
        .bind(&file.file)
        .bind(&token)
        .bind(limit)
        .bind(expires)
        .bind(t)
        .bind(product_name)
        .execute(&mut *c)
        .await?;
    });
    Ok(())
}

/// Takes back the downloads of an order that was cancelled, refunded or failed.
pub(crate) async fn revoke(tx: &mut Tx, order_id: i64) -> Result<()> {
    on_tx!(tx, c => {
        sqlx::query("DELETE FROM download_grants WHERE order_id = $1").bind(order_id).execute(&mut *c).await?;
    });
    Ok(())
}

fn grant_from_row(r: &impl Cols) -> Result<DownloadGrant> {
    Ok(DownloadGrant {
        product_id: r.i64("product_id")?,
        download_id: r.text("download_id")?,
        name: r.text("name")?,
        product_name: r.text("product_name")?,
        token: r.text("token")?,
        remaining: r.opt_i64("remaining")?,
        expires_at: r.opt_i64("expires_at")?,
        count: r.i64("count")?,
    })
}

const GRANT_COLS: &str =
    "product_id, download_id, name, product_name, token, remaining, expires_at, count";

impl Store {
    /// An order's downloads, in the order of its items.
    pub async fn order_downloads(&self, order_id: i64) -> Result<Vec<DownloadGrant>> {
        let sql =
            format!("SELECT {GRANT_COLS} FROM download_grants WHERE order_id = $1 ORDER BY id");
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(order_id).fetch_all(p).await?.iter().map(grant_from_row).collect::<Result<Vec<_>>>()
        })
    }

    /// The downloads of several orders, by order, in their items' order.
    pub(crate) async fn downloads_of_orders(
        &self,
        ids: &[i64],
    ) -> Result<Vec<(i64, DownloadGrant)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list: Vec<String> = ids.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT order_id, {GRANT_COLS} FROM download_grants WHERE order_id IN ({}) ORDER BY order_id, id",
            list.join(",")
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(|r| Ok((r.i64("order_id")?, grant_from_row(r)?))).collect::<Result<Vec<_>>>()
        })
    }

    /// The downloads of the orders placed with `email` (an account's confirmed address),
    /// newest order first.
    pub async fn customer_downloads(&self, email: &str) -> Result<Vec<(i64, DownloadGrant)>> {
        let sql = format!(
            "SELECT g.order_id, {} FROM download_grants g JOIN orders o ON o.id = g.order_id \
             WHERE LOWER(o.email) = LOWER($1) ORDER BY g.order_id DESC, g.id",
            GRANT_COLS
                .split(", ")
                .map(|c| format!("g.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(email).fetch_all(p).await?.iter().map(|r| Ok((r.i64("order_id")?, grant_from_row(r)?))).collect::<Result<Vec<_>>>()
        })
    }

    /// Uses one download of the link `token` at `now`: the file to hand out, or why not. The
    /// count and the limit change in one conditional write, so parallel clicks never pass it.
    pub async fn use_download(
        &self,
        token: &str,
        now: i64,
    ) -> Result<std::result::Result<DownloadFile, DownloadRefusal>> {
        let row = on_db!(&self.db, p => {
            sqlx::query(
                "UPDATE download_grants SET count = count + 1, \
                 remaining = CASE WHEN remaining IS NULL THEN NULL ELSE remaining - 1 END \
                 WHERE token = $1 AND (remaining IS NULL OR remaining > 0) AND (expires_at IS NULL OR expires_at >= $2) \
                 RETURNING download_id, name, file",
            )
            .bind(token)
            .bind(now)
            .fetch_optional(p)
            .await?
            .map(|r| Ok::<_, crate::StoreError>(DownloadFile { id: r.text("download_id")?, name: r.text("name")?, file: r.text("file")? }))
            .transpose()?
        });
        if let Some(file) = row {
            return Ok(Ok(file));
        }
        let why = on_db!(&self.db, p => {
            sqlx::query("SELECT remaining, expires_at FROM download_grants WHERE token = $1")
                .bind(token)
                .fetch_optional(p)
                .await?
                .map(|r| Ok::<_, crate::StoreError>((r.opt_i64("remaining")?, r.opt_i64("expires_at")?)))
                .transpose()?
        });
        Ok(Err(match why {
            None => DownloadRefusal::Unknown,
            Some((_, Some(expires))) if expires < now => DownloadRefusal::Expired,
            Some(_) => DownloadRefusal::UsedUp,
        }))
    }
}
