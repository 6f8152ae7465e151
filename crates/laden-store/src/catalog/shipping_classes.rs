//! The products each shipping class holds. The shop keeps its classes in its settings
//! (`ShopSettings::shipping_classes`); a product names its class by slug in its details, so a
//! class's products are found there.

use crate::db::Store;
use crate::error::Result;
use crate::models::ProductDetails;
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use std::collections::BTreeMap;

/// The products and variations (not in the trash) that name a shipping class, with their details.
/// Only rows whose stored details mention a class are read (most name none; `_` matches
/// itself among others, the rest is sorted out once decoded).
const NAMING_A_CLASS: &str =
    "SELECT id, details FROM products WHERE status <> 'trash' AND details LIKE '%\"shipping_class\"%'";
/// The same, the trash's too (a product restored from it keeps no removed class).
const ANY_NAMING_A_CLASS: &str =
    "SELECT id, details FROM products WHERE details LIKE '%\"shipping_class\"%'";

impl Store {
    /// How many products and variations (not in the trash) name each shipping class, by slug.
    pub async fn shipping_class_counts(&self) -> Result<BTreeMap<String, i64>> {
        let rows: Vec<(i64, String)> = on_db!(&self.db, p => {
            let rows = sqlx::query(NAMING_A_CLASS).fetch_all(p).await?;
            rows.iter().map(|r| Ok((r.i64("id")?, r.text("details")?))).collect::<Result<Vec<_>>>()?
        });
        let mut counts = BTreeMap::new();
        for (_, raw) in rows {
            let d: ProductDetails = serde_json::from_str(&raw)?;
            if !d.shipping_class.is_empty() {
                *counts.entry(d.shipping_class).or_insert(0) += 1;
            }
        }
        Ok(counts)
    }

    /// Takes every product and variation out of the shipping classes not among `kept` (slugs),
    /// as WooCommerce drops a deleted term from its products: a class made later with the same
    /// name does not inherit them. Answers how many were changed.
    pub async fn drop_shipping_classes(&self, kept: &[String]) -> Result<usize> {
        let mut tx = self.begin().await?;
        let rows: Vec<(i64, String)> = on_tx!(&mut tx, c => {
            let rows = sqlx::query(ANY_NAMING_A_CLASS).fetch_all(&mut *c).await?;
            rows.iter().map(|r| Ok((r.i64("id")?, r.text("details")?))).collect::<Result<Vec<_>>>()?
        });
        let mut touched = Vec::new();
        for (id, raw) in rows {
            let mut d: ProductDetails = serde_json::from_str(&raw)?;
            if d.shipping_class.is_empty() || kept.contains(&d.shipping_class) {
                continue;
            }
            d.shipping_class.clear();
            let raw = serde_json::to_string(&d)?;
            on_tx!(&mut tx, c => {
                sqlx::query("UPDATE products SET details = $1, updated_at = $2 WHERE id = $3")
                    .bind(&raw)
                    .bind(now())
                    .bind(id)
                    .execute(&mut *c)
                    .await?;
            });
            touched.push(crate::Scope::Product(id));
        }
        if !touched.is_empty() {
            crate::changes::record(&mut tx, &touched).await?;
        }
        tx.commit().await?;
        Ok(touched.len())
    }
}
