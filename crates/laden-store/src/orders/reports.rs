//! What the admin reports: sales by day (wc/v3 `reports/sales`, the dashboard), the products
//! sold most (`reports/top_sellers`) and low stock.

use crate::db::Store;
use crate::error::Result;
use crate::models::*;
use crate::on_db;
use crate::orders::REPORTED_STATUSES;
use crate::row::Cols;
use serde::Serialize;
use std::collections::BTreeMap;

/// One day of the sales report (a day in German time, the site's).
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct DayTotals {
    pub sales: i64,
    pub orders: i64,
    pub items: i64,
    pub tax: i64,
    pub shipping: i64,
    pub customers: i64,
}

/// A product and the units of it (its variations counted with it) sold in a period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopSeller {
    pub product_id: i64,
    /// The product's name now, or as sold when it no longer exists.
    pub name: String,
    pub quantity: i64,
}

/// `REPORTED_STATUSES` as an SQL list of literals.
fn reported_statuses() -> String {
    REPORTED_STATUSES
        .iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// The shop's distance sales to consumers in other EU member states between two Unix times
    /// (inclusive start, exclusive end), net cents: the orders to consumers (`supply` domestic or
    /// destination, so no business with a VAT id) delivered to a member state other than `home`, reported
    /// statuses only. What the One-Stop-Shop threshold of § 3c UStG counts. Refunds made in the
    /// period on such orders are taken off (the Entgelt is corrected when the money goes back,
    /// § 17 UStG), each by its order's net share, which is exact for an order of one VAT rate
    /// and near for one of several; a fully refunded order no longer counts at all (`refunded`
    /// is no reported status).
    pub async fn eu_distance_sales(&self, home: &str, from: i64, to: i64) -> Result<i64> {
        let countries = laden_domain::invoice::vat_id::eu_member_states()
            .filter(|c| !c.eq_ignore_ascii_case(home))
            .map(|c| format!("'{c}'"))
            .collect::<Vec<_>>()
            .join(", ");
        let distance = format!(
            "o.status IN ({}) AND (o.supply = 'domestic' OR o.supply LIKE 'destination:%') \
             AND o.delivery_country IN ({countries})",
            reported_statuses()
        );
        let sold = format!(
            "SELECT CAST(COALESCE(SUM(o.total - o.tax_total), 0) AS BIGINT) AS net FROM orders o \
             WHERE {distance} AND o.created_at >= $1 AND o.created_at < $2"
        );
        let refunded = format!(
            "SELECT CAST(COALESCE(SUM(r.amount * (o.total - o.tax_total) / o.total), 0) AS BIGINT) AS net \
             FROM refunds r JOIN orders o ON o.id = r.order_id \
             WHERE {distance} AND o.total > 0 AND r.created_at >= $1 AND r.created_at < $2"
        );
        Ok(on_db!(&self.db, p => {
            let sold = sqlx::query(&sold).bind(from).bind(to).fetch_one(p).await?;
            let refunded = sqlx::query(&refunded).bind(from).bind(to).fetch_one(p).await?;
            sold.i64("net")? - refunded.i64("net")?
        }))
    }

    /// The shop's EU distance sales of this calendar year and the last (German time), as the
    /// One-Stop-Shop rule weighs them (`opted_in` is the shop's setting, not read here).
    pub async fn oss_sales(&self) -> Result<laden_domain::supply::OssStanding> {
        let (year, _, _) = laden_domain::dates::german_ymd(laden_domain::dates::now());
        let home = laden_domain::settings::HOME_COUNTRY;
        let mut sales = [0; 2];
        for (i, y) in [year, year - 1].into_iter().enumerate() {
            let (from, to) = crate::invoices::month_bounds(y, 1)
                .zip(crate::invoices::month_bounds(y, 12))
                .map(|((from, _), (_, to))| (from, to))
                .ok_or_else(|| crate::StoreError::Data(format!("no bounds for the year {y}")))?;
            sales[i] = self.eu_distance_sales(home, from, to).await?;
        }
        Ok(laden_domain::supply::OssStanding {
            opted_in: false,
            this_year_cents: sales[0],
            last_year_cents: sales[1],
        })
    }

    /// How the shop's sale to `country` for a buyer naming `vat_id` is taxed
    /// (`ShopSettings::supply`), reading the year's distance sales only where they decide it.
    /// `net` gives the sale's own net amount (at German rates) when they do: the sale that passes
    /// the threshold is taxed in its destination already (§ 3c (4) UStG).
    pub async fn supply_for(
        &self,
        shop: &laden_domain::settings::ShopSettings,
        country: &str,
        vat_id: &str,
        net: impl FnOnce() -> i64,
    ) -> Result<laden_domain::supply::Supply> {
        let sales = if shop.oss_sales_matter(country, vat_id) {
            let mut sales = self.oss_sales().await?;
            sales.this_year_cents = sales.this_year_cents.saturating_add(net());
            sales
        } else {
            laden_domain::supply::OssStanding::default()
        };
        Ok(shop.supply(country, vat_id, sales))
    }

    /// The products sold most between two Unix times (inclusive start, exclusive end), paid
    /// statuses only: most units first, then by id; at most `limit`.
    pub async fn top_sellers(&self, from: i64, to: i64, limit: i64) -> Result<Vec<TopSeller>> {
        let sql = format!(
            "SELECT COALESCE(i.parent_id, i.product_id) AS product_id, \
             CAST(SUM(i.quantity) AS BIGINT) AS quantity, MAX(p.name) AS name, MIN(i.name) AS sold_as \
             FROM order_items i JOIN orders o ON o.id = i.order_id \
             LEFT JOIN products p ON p.id = COALESCE(i.parent_id, i.product_id) \
             WHERE o.status IN ({}) AND o.created_at >= $1 AND o.created_at < $2 \
             GROUP BY COALESCE(i.parent_id, i.product_id) \
             ORDER BY quantity DESC, product_id ASC LIMIT $3",
            reported_statuses()
        );
        Ok(on_db!(&self.db, p => {
            sqlx::query(&sql)
                .bind(from)
                .bind(to)
                .bind(limit)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| {
                    Ok(TopSeller {
                        product_id: r.i64("product_id")?,
                        name: match r.opt_text("name")? {
                            Some(name) => name,
                            None => r.text("sold_as")?,
                        },
                        quantity: r.i64("quantity")?,
                    })
                })
                .collect::<Result<Vec<_>>>()?
        }))
    }

    /// Sales per day (German time; keyed by day number) between two Unix times (inclusive start, exclusive end), paid statuses only.
    pub async fn sales_by_day(&self, from: i64, to: i64) -> Result<BTreeMap<i64, DayTotals>> {
        let statuses = reported_statuses();
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
            let day = laden_domain::dates::german_day(at);
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
