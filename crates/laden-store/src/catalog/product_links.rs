//! Links between products: a grouped product's children, upsells and cross-sells; and what a
//! grouped product derives from its children (price range, stock status).

use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Result;
use crate::models::{Product, ProductDetails, ProductKind};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::Money;

impl Store {
    /// Sets a product's grouped children, upsells and cross-sells (ids that exist, in order).
    pub async fn set_product_links(
        &self,
        id: i64,
        children: Vec<i64>,
        upsells: Vec<i64>,
        cross_sells: Vec<i64>,
    ) -> Result<()> {
        let mut tx = self.begin().await?;
        let mut details: ProductDetails = on_tx!(&mut tx, c => {
            let raw = sqlx::query("SELECT details FROM products WHERE id = $1").bind(id).fetch_one(&mut *c).await?.text("details")?;
            serde_json::from_str(&raw)?
        });
        details.children = dedup(children);
        details.upsell_ids = dedup(upsells);
        details.cross_sell_ids = dedup(cross_sells);
        let raw = serde_json::to_string(&details)?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE products SET details = $1, updated_at = $2 WHERE id = $3").bind(&raw).bind(now()).bind(id).execute(&mut *c).await?;
        });
        refresh_grouped(&mut tx, &[id]).await?;
        crate::changes::record(&mut tx, &[crate::Scope::Product(id), crate::Scope::Catalog])
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Published products by id, in the order asked (for a grouped product's children,
    /// upsells and cross-sells; unpublished and unknown ids left out).
    pub async fn products_by_ids(&self, ids: &[i64]) -> Result<Vec<Product>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list: Vec<String> = ids.iter().map(i64::to_string).collect();
        let sql = format!(
            "SELECT {PRODUCT_COLS} FROM products WHERE id IN ({}) AND status = 'publish' AND kind <> 'variation'",
            list.join(",")
        );
        let mut found: Vec<Product> = on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
        });
        self.attach_details(&mut found).await?;
        let mut ordered = Vec::with_capacity(found.len());
        for id in ids {
            if let Some(i) = found.iter().position(|p| p.id == *id) {
                ordered.push(found.swap_remove(i));
            }
        }
        Ok(ordered)
    }
}

fn dedup(ids: Vec<i64>) -> Vec<i64> {
    let mut out: Vec<i64> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// Derives the price range and stock status of the grouped products among `ids`, and of
/// every grouped product holding one of `ids`, from their published children.
pub(crate) async fn refresh_grouped(tx: &mut Tx, ids: &[i64]) -> Result<()> {
    // Every write of a product asks, so only the grouped products' ids and links are read
    // (usually none or a few), not their whole rows.
    let grouped: Vec<(i64, ProductDetails)> = on_tx!(tx, c => {
        sqlx::query("SELECT id, details FROM products WHERE kind = 'grouped'")
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| Ok((r.i64("id")?, r.json("details")?)))
            .collect::<Result<Vec<_>>>()?
    });
    for (group_id, details) in grouped
        .iter()
        .filter(|(id, d)| ids.contains(id) || d.children.iter().any(|c| ids.contains(c)))
    {
        let children: Vec<Product> = if details.children.is_empty() {
            Vec::new()
        } else {
            let list: Vec<String> = details.children.iter().map(i64::to_string).collect();
            let sql = format!(
                "SELECT {PRODUCT_COLS} FROM products WHERE id IN ({}) AND status = 'publish'",
                list.join(",")
            );
            on_tx!(tx, c => {
                sqlx::query(&sql).fetch_all(&mut *c).await?.iter().map(product_from_row).collect::<Result<Vec<_>>>()?
            })
        };
        let (low, high, status) = grouped_summary(&children);
        on_tx!(tx, c => {
            sqlx::query("UPDATE products SET price = $1, max_price = $2, stock_status = $3 WHERE id = $4")
                .bind(low.map(Money::cents))
                .bind(high.map(Money::cents))
                .bind(status)
                .bind(*group_id)
                .execute(&mut *c)
                .await?;
        });
        crate::changes::record(tx, &[crate::Scope::Product(*group_id)]).await?;
    }
    Ok(())
}

/// Derives a variable product's price range, stock status and variation attributes from its
/// published variations, in the transaction that changed one of them (so a listing never sees
/// a variation's new price beside its product's old range).
pub(crate) async fn refresh_variable(tx: &mut Tx, parent_id: i64) -> Result<()> {
    let (parent, variations) = on_tx!(tx, c => {
        let parent = sqlx::query(crate::decode::product_by_id_sql())
            .bind(parent_id)
            .fetch_optional(&mut *c)
            .await?
            .ok_or(crate::error::StoreError::NotFound(crate::error::Missing::Product))?;
        let variations = sqlx::query(crate::decode::variations_sql())
            .bind(parent_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(product_from_row)
            .collect::<Result<Vec<_>>>()?;
        (product_from_row(&parent)?, variations)
    });
    let prices: Vec<i64> = variations
        .iter()
        .filter_map(|v| v.price.map(Money::cents))
        .collect();
    let in_stock = variations.iter().any(|v| v.in_stock());
    let attributes: Vec<crate::models::Attribute> = parent
        .attributes
        .iter()
        .map(|a| crate::models::Attribute {
            variation: variations.iter().any(|v| {
                v.attributes
                    .iter()
                    .any(|va| va.name.eq_ignore_ascii_case(&a.name))
            }),
            ..a.clone()
        })
        .collect();
    let raw = serde_json::to_string(&attributes)?;
    on_tx!(tx, c => {
        sqlx::query("UPDATE products SET price = $2, max_price = $3, stock_status = $4, attributes = $5 WHERE id = $1")
            .bind(parent_id)
            .bind(prices.iter().min().copied())
            .bind(prices.iter().max().copied())
            .bind(if in_stock { "instock" } else { "outofstock" })
            .bind(&raw)
            .execute(&mut *c)
            .await?;
    });
    if attributes != parent.attributes {
        crate::attribute_terms::write(tx, parent_id, parent.kind, &attributes).await?;
    }
    // Its price range orders listings; its stock status shows on its page.
    crate::changes::record(
        tx,
        &[crate::Scope::Product(parent_id), crate::Scope::Catalog],
    )
    .await
}

/// A grouped product's lowest and highest child price ("ab …"), and its stock status: in
/// stock while any child can be bought.
pub(crate) fn grouped_summary(
    children: &[Product],
) -> (Option<Money>, Option<Money>, &'static str) {
    let prices: Vec<Money> = children
        .iter()
        .filter(|c| c.kind != ProductKind::External)
        .filter_map(|c| c.price)
        .collect();
    let status = if children.iter().any(Product::in_stock) {
        "instock"
    } else {
        "outofstock"
    };
    (
        prices.iter().min().copied(),
        prices.iter().max().copied(),
        status,
    )
}

impl Store {
    /// Starts and ends scheduled sales at `now`: every product whose sale dates say another
    /// price than the one it has gets it (the price history's trigger records the change, so
    /// the 30-day lowest price follows the real prices), its variable or grouped parent
    /// follows, and the cached answers showing it go. Safe on every instance at once; answers
    /// how many products changed.
    pub async fn apply_sale_schedule(&self, now: i64) -> Result<usize> {
        // The condition of the partial index `products_scheduled_sales`, which holds every
        // column read: the products with a scheduled sale, never the catalogue.
        let scheduled: Vec<Scheduled> = on_db!(&self.db, p => {
            sqlx::query(
                "SELECT id, parent_id, regular_price, sale_price, price, sale_from, sale_to FROM products \
                 WHERE sale_price IS NOT NULL AND (sale_from IS NOT NULL OR sale_to IS NOT NULL)",
            )
            .fetch_all(p)
            .await?
            .iter()
            .map(|r| {
                let money = |c: &str| Ok::<_, crate::error::StoreError>(r.opt_i64(c)?.map(Money::from_cents));
                Ok(Scheduled {
                    id: r.i64("id")?,
                    parent_id: r.opt_i64("parent_id")?,
                    regular_price: money("regular_price")?,
                    sale_price: money("sale_price")?,
                    price: money("price")?,
                    sale_from: r.opt_i64("sale_from")?,
                    sale_to: r.opt_i64("sale_to")?,
                })
            })
            .collect::<Result<Vec<_>>>()?
        });
        let mut changed = 0;
        for p in scheduled {
            let (_, price) = laden_domain::product_rules::prices(
                p.regular_price,
                p.sale_price,
                p.sale_from,
                p.sale_to,
                now,
            );
            if price == p.price {
                continue;
            }
            let mut tx = self.begin().await?;
            // Only while the row still holds the price read: an edit meanwhile wins.
            let updated = on_tx!(&mut tx, c => {
                sqlx::query("UPDATE products SET price = $1, max_price = $1 WHERE id = $2 AND price IS NOT DISTINCT FROM $3")
                    .bind(price.map(Money::cents))
                    .bind(p.id)
                    .bind(p.price.map(Money::cents))
                    .execute(&mut *c)
                    .await?
                    .rows_affected()
            });
            if updated == 0 {
                continue;
            }
            let mut scopes = vec![crate::Scope::Product(p.id), crate::Scope::Catalog];
            scopes.extend(p.parent_id.map(crate::Scope::Product));
            refresh_grouped(&mut tx, &[p.id]).await?;
            crate::changes::record(&mut tx, &scopes).await?;
            if let Some(parent) = p.parent_id {
                refresh_variable(&mut tx, parent).await?;
            }
            tx.commit().await?;
            changed += 1;
        }
        Ok(changed)
    }
}

/// What the sale schedule reads of a product with a scheduled sale.
struct Scheduled {
    id: i64,
    parent_id: Option<i64>,
    regular_price: Option<Money>,
    sale_price: Option<Money>,
    price: Option<Money>,
    sale_from: Option<i64>,
    sale_to: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grouped_product_spans_its_childrens_prices() {
        let child = |price: Option<i64>, status: &str| Product {
            price: price.map(Money::from_cents),
            stock_status: status.into(),
            ..Product::default()
        };
        let m = |c| Some(Money::from_cents(c));
        // (children, low, high, status)
        let cases = [
            (vec![], None, None, "outofstock"),
            (
                vec![child(Some(1800), "instock"), child(Some(4500), "instock")],
                m(1800),
                m(4500),
                "instock",
            ),
            (
                vec![child(Some(1800), "outofstock"), child(None, "instock")],
                m(1800),
                m(1800),
                "instock",
            ),
            (
                vec![child(Some(900), "outofstock")],
                m(900),
                m(900),
                "outofstock",
            ),
        ];
        for (children, low, high, status) in cases {
            assert_eq!(grouped_summary(&children), (low, high, status));
        }
    }
}
