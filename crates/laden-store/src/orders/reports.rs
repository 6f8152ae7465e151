//! What the admin reports: sales by day (wc/v3 `reports/sales`, the dashboard) and low stock.

use crate::db::Store;
use crate::error::Result;
use crate::models::*;
use crate::on_db;
use crate::orders::PAID_STATUSES;
use crate::row::Cols;
use serde::Serialize;
use std::collections::BTreeMap;

/// One day of the sales report (UTC days, as every date Laden shows).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct DayTotals {
    pub sales: i64,
    pub orders: i64,
    pub items: i64,
    pub tax: i64,
    pub shipping: i64,
    pub customers: i64,
}

impl Store {
    /// Sales per UTC day between two Unix times (inclusive start, exclusive end), paid statuses only.
    pub async fn sales_by_day(&self, from: i64, to: i64) -> Result<BTreeMap<i64, DayTotals>> {
        let statuses = PAID_STATUSES
            .iter()
            .map(|s| format!("'{s}'"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT o.id, o.total, o.tax_total, o.shipping_total, o.email, o.created_at, \
             CAST((SELECT COALESCE(SUM(quantity), 0) FROM order_items i WHERE i.order_id = o.id) AS BIGINT) AS items \
             FROM orders o WHERE o.status IN ({statuses}) AND o.created_at >= $1 AND o.created_at < $2"
        );
        let rows: Vec<(i64, i64, i64, i64, String, i64)> = on_db!(&self.db, p => {
            sqlx::query(&sql)
                .bind(from)
                .bind(to)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("total")?, r.i64("tax_total")?, r.i64("shipping_total")?, r.i64("items")?, r.text("email")?, r.i64("created_at")?)))
                .collect::<Result<Vec<_>>>()?
        });
        let mut days: BTreeMap<i64, DayTotals> = BTreeMap::new();
        let mut seen: std::collections::HashSet<(i64, String)> = std::collections::HashSet::new();
        for (total, tax, shipping, items, email, at) in rows {
            let day = at.div_euclid(86_400);
            let d = days.entry(day).or_default();
            d.sales += total;
            d.orders += 1;
            d.items += items;
            d.tax += tax;
            d.shipping += shipping;
            if seen.insert((day, email)) {
                d.customers += 1;
            }
        }
        Ok(days)
    }

    /// Products with tracked stock at or below their low-stock amount (or `fallback`), lowest first.
    pub async fn low_stock(&self, fallback: i64, limit: i64) -> Result<Vec<Product>> {
        let sql = format!(
            "SELECT {} FROM products WHERE status <> 'trash' AND kind <> 'variable' AND stock IS NOT NULL \
             AND stock <= COALESCE(low_stock_amount, $1) ORDER BY stock, name LIMIT {limit}",
            crate::decode::PRODUCT_COLS
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(fallback).fetch_all(p).await?.iter().map(crate::decode::product_from_row).collect()
        })
    }
}
