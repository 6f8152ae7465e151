//! Coupons: WooCommerce's `shop_coupon` with a percentage or a fixed amount off the cart, an
//! optional expiry, minimum order value and usage limit. A cart keeps the coupons applied to it;
//! the checkout redeems them in the order's transaction (`redeem`), so a limited coupon is never
//! used more often than it may be, whatever runs in parallel.

use crate::db::{Store, Tx};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::i18n::{t, tf};
use laden_domain::Money;
use serde::Serialize;

pub use laden_domain::coupon::{
    normalise_code, Coupon, CouponRefusal, CouponType, COUPON_STATUSES, MAX_CODE_CHARS,
};

/// A coupon as an order redeemed it.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct OrderCoupon {
    pub code: String,
    /// Gross cents taken off, and the VAT contained in that.
    pub discount: i64,
    pub discount_tax: i64,
}

/// A new coupon or a change to one (`None`: unchanged; `Some(None)`: cleared).
#[derive(Debug, Clone, Default)]
pub struct CouponChanges {
    pub code: Option<String>,
    pub discount_type: Option<CouponType>,
    pub amount: Option<i64>,
    pub description: Option<String>,
    pub date_expires: Option<Option<i64>>,
    pub usage_limit: Option<Option<i64>>,
    pub minimum_amount: Option<Option<i64>>,
    pub free_shipping: Option<bool>,
    pub status: Option<String>,
}

const COLS: &str = "id, code, discount_type, amount, description, date_expires, usage_limit, usage_count, minimum_amount, free_shipping, status, created_at, updated_at";

fn coupon_from_row(r: &impl Cols) -> Result<Coupon> {
    let kind = r.text("discount_type")?;
    Ok(Coupon {
        id: r.i64("id")?,
        code: r.text("code")?,
        discount_type: CouponType::parse(&kind)
            .ok_or_else(|| StoreError::Data(format!("discount_type {kind}")))?,
        amount: r.i64("amount")?,
        description: r.text("description")?,
        date_expires: r.opt_i64("date_expires")?,
        usage_limit: r.opt_i64("usage_limit")?,
        usage_count: r.i64("usage_count")?,
        minimum_amount: r.opt_i64("minimum_amount")?,
        free_shipping: r.flag("free_shipping")?,
        status: r.text("status")?,
        created_at: r.i64("created_at")?,
        updated_at: r.i64("updated_at")?,
    })
}

fn refused(code: &str, refusal: CouponRefusal, at_checkout: bool) -> StoreError {
    StoreError::Coupon {
        code: code.to_owned(),
        refusal,
        at_checkout,
    }
}

impl Store {
    /// Coupons, newest first, with the total count; `search` matches the code.
    pub async fn coupons(
        &self,
        page: i64,
        per_page: i64,
        search: Option<&str>,
    ) -> Result<(Vec<Coupon>, i64)> {
        let pattern = crate::db::like_pattern(search.map(str::trim).unwrap_or(""));
        let offset = (page - 1).max(0).saturating_mul(per_page);
        let list = format!("SELECT {COLS} FROM coupons WHERE code LIKE $1 ESCAPE '\\' ORDER BY created_at DESC, id DESC LIMIT {per_page} OFFSET {offset}");
        on_db!(&self.db, p => {
            let rows = sqlx::query(&list).bind(&pattern).fetch_all(p).await?.iter().map(coupon_from_row).collect::<Result<Vec<_>>>()?;
            let total = sqlx::query("SELECT COUNT(*) AS n FROM coupons WHERE code LIKE $1 ESCAPE '\\'").bind(&pattern).fetch_one(p).await?.i64("n")?;
            Ok((rows, total))
        })
    }

    pub async fn coupon(&self, id: i64) -> Result<Coupon> {
        let sql = format!("SELECT {COLS} FROM coupons WHERE id = $1");
        on_db!(&self.db, p => coupon_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Coupon))?))
    }

    pub async fn coupon_by_code(&self, code: &str) -> Result<Option<Coupon>> {
        let sql = format!("SELECT {COLS} FROM coupons WHERE code = $1");
        on_db!(&self.db, p => sqlx::query(&sql).bind(normalise_code(code)).fetch_optional(p).await?.map(|r| coupon_from_row(&r)).transpose())
    }

    /// Creates (`id` `None`) or changes a coupon; every problem is named at once.
    pub async fn save_coupon(&self, id: Option<i64>, ch: &CouponChanges) -> Result<i64> {
        let mut problems: Vec<(String, String)> = Vec::new();
        let code = ch.code.as_deref().map(normalise_code);
        match &code {
            Some(c) if c.is_empty() => {
                problems.push(("code".into(), t("Please give a coupon code.")))
            }
            Some(c) if c.chars().count() > MAX_CODE_CHARS || c.chars().any(char::is_control) => {
                problems.push((
                    "code".into(),
                    tf(
                        "The coupon code may be at most %d characters long.",
                        &[&MAX_CODE_CHARS],
                    ),
                ))
            }
            None if id.is_none() => problems.push(("code".into(), t("Please give a coupon code."))),
            _ => {}
        }
        let existing = match id {
            Some(i) => Some(self.coupon(i).await?),
            None => None,
        };
        let kind = ch
            .discount_type
            .or(existing.as_ref().map(|c| c.discount_type))
            .unwrap_or(CouponType::FixedCart);
        let amount = ch.amount.or(existing.as_ref().map(|c| c.amount));
        match amount {
            None => problems.push(("amount".into(), t("Please give an amount."))),
            Some(a) if a < 0 => {
                problems.push(("amount".into(), t("The amount cannot be negative.")))
            }
            Some(a) if kind == CouponType::Percent && a > 10_000 => problems.push((
                "amount".into(),
                t("A percentage coupon is worth at most 100 %."),
            )),
            _ => {}
        }
        if let Some(Some(l)) = ch.usage_limit {
            if l < 0 {
                problems.push((
                    "usage_limit".into(),
                    t("The usage limit cannot be negative."),
                ));
            }
        }
        if let Some(Some(m)) = ch.minimum_amount {
            if m < 0 {
                problems.push((
                    "minimum_amount".into(),
                    t("The minimum order amount cannot be negative."),
                ));
            }
        }
        if ch
            .status
            .as_deref()
            .is_some_and(|s| !COUPON_STATUSES.contains(&s))
        {
            problems.push(("status".into(), t("Unknown status.")));
        }
        if !problems.is_empty() {
            return Err(StoreError::Invalid(problems));
        }
        let t = now();
        let result: Result<i64> = async { on_db!(&self.db, p => {
            let id = match id {
                Some(i) => i,
                None => sqlx::query("INSERT INTO coupons (code, discount_type, amount, created_at, updated_at) VALUES ($1, $2, 0, $3, $3) RETURNING id")
                    .bind(code.clone().unwrap_or_default())
                    .bind(kind.as_str())
                    .bind(t)
                    .fetch_one(p)
                    .await
                    .map_err(StoreError::from)?
                    .i64("id")?,
            };
            sqlx::query(
                "UPDATE coupons SET code = COALESCE($2, code), discount_type = $3, amount = COALESCE($4, amount), description = COALESCE($5, description), \
                 date_expires = CASE WHEN $6 THEN $7 ELSE date_expires END, usage_limit = CASE WHEN $8 THEN $9 ELSE usage_limit END, \
                 minimum_amount = CASE WHEN $10 THEN $11 ELSE minimum_amount END, status = COALESCE($12, status), updated_at = $13, \
                 free_shipping = COALESCE($14, free_shipping) WHERE id = $1",
            )
            .bind(id)
            .bind(&code)
            .bind(kind.as_str())
            .bind(amount)
            .bind(ch.description.as_deref().map(laden_domain::text::sanitize_text_field))
            .bind(ch.date_expires.is_some())
            .bind(ch.date_expires.flatten())
            .bind(ch.usage_limit.is_some())
            .bind(ch.usage_limit.flatten())
            .bind(ch.minimum_amount.is_some())
            .bind(ch.minimum_amount.flatten())
            .bind(&ch.status)
            .bind(t)
            .bind(ch.free_shipping)
            .execute(p)
            .await
            .map_err(StoreError::from)?;
            Ok::<_, StoreError>(id)
        }) }
        .await;
        // The unique index is the check, so two staff saving one code at once cannot both win.
        result.map_err(|e| {
            if e.is_unique_violation() {
                StoreError::Conflict("coupon code exists".into())
            } else {
                e
            }
        })
    }

    pub async fn delete_coupon(&self, id: i64) -> Result<Coupon> {
        let coupon = self.coupon(id).await?;
        on_db!(&self.db, p => {
            sqlx::query("DELETE FROM coupons WHERE id = $1").bind(id).execute(p).await?;
        });
        Ok(coupon)
    }

    /// Applies a coupon to the cart (Store API `cart/apply-coupon`).
    pub async fn apply_coupon(&self, token: &str, code: &str) -> Result<crate::CartView> {
        let shown = code.trim().to_owned();
        let coupon = self
            .coupon_by_code(code)
            .await?
            .ok_or_else(|| refused(&shown, CouponRefusal::Unknown, false))?;
        let cart = self.cart(token).await?;
        if cart.coupons.iter().any(|c| c.id == coupon.id) {
            return Err(refused(&shown, CouponRefusal::AlreadyApplied, false));
        }
        if let Some(why) = coupon.refusal(cart.totals.items, now()) {
            return Err(refused(&shown, why, false));
        }
        let mut tx = self.begin().await?;
        // The cart's revision counts the change in the same statement that finds the cart.
        let cart_id = crate::cart::touch_cart(&mut tx, token).await?;
        on_tx!(&mut tx, c => {
            sqlx::query(
                "INSERT INTO cart_coupons (cart_id, coupon_id, position) VALUES ($1, $2, (SELECT COALESCE(MAX(position), 0) + 1 FROM cart_coupons WHERE cart_id = $1)) \
                 ON CONFLICT (cart_id, coupon_id) DO NOTHING",
            )
            .bind(cart_id)
            .bind(coupon.id)
            .execute(&mut *c)
            .await?;
        });
        tx.commit().await?;
        self.cart(token).await
    }

    /// Takes a coupon off the cart (Store API `cart/remove-coupon`).
    pub async fn remove_coupon(&self, token: &str, code: &str) -> Result<crate::CartView> {
        let removed = on_db!(&self.db, p => {
            sqlx::query(
                "DELETE FROM cart_coupons WHERE cart_id = (SELECT id FROM carts WHERE token = $1) \
                 AND coupon_id = (SELECT id FROM coupons WHERE code = $2)",
            )
            .bind(token)
            .bind(normalise_code(code))
            .execute(p)
            .await?
            .rows_affected()
        });
        if removed == 0 {
            return Err(refused(code.trim(), CouponRefusal::NotApplied, false));
        }
        on_db!(&self.db, p => {
            sqlx::query("UPDATE carts SET revision = revision + 1, updated_at = $2 WHERE token = $1").bind(token).bind(now()).execute(p).await?;
        });
        self.cart(token).await
    }

    /// The coupons applied to a cart, in the order they were applied.
    pub(crate) async fn cart_coupons(&self, cart_id: i64) -> Result<Vec<Coupon>> {
        let sql = format!("SELECT {} FROM coupons c JOIN cart_coupons cc ON cc.coupon_id = c.id WHERE cc.cart_id = $1 ORDER BY cc.position", prefixed());
        on_db!(&self.db, p => sqlx::query(&sql).bind(cart_id).fetch_all(p).await?.iter().map(coupon_from_row).collect())
    }

    /// The coupons of an order, in their order.
    pub(crate) async fn order_coupons(&self, ids: &[i64]) -> Result<Vec<(i64, OrderCoupon)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = crate::db::Ids(ids);
        let sql = format!("SELECT order_id, code, discount, discount_tax FROM order_coupons WHERE order_id {} ORDER BY order_id, position", list.filter());
        on_db!(&self.db, p => {
            crate::db::bind_ids(sqlx::query(&sql), &list)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("order_id")?, OrderCoupon { code: r.text("code")?, discount: r.i64("discount")?, discount_tax: r.i64("discount_tax")? })))
                .collect()
        })
    }

    /// Forgets a coupon on a cart (after the checkout found it no longer valid).
    pub(crate) async fn drop_cart_coupon(&self, cart_id: i64, coupon_id: i64) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("DELETE FROM cart_coupons WHERE cart_id = $1 AND coupon_id = $2").bind(cart_id).bind(coupon_id).execute(p).await?;
        });
        Ok(())
    }
}

fn prefixed() -> String {
    COLS.split(", ")
        .map(|c| format!("c.{c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cart's coupons inside the checkout's transaction.
pub(crate) async fn cart_coupons_tx(tx: &mut Tx, cart_id: i64) -> Result<Vec<Coupon>> {
    let sql = format!("SELECT {} FROM coupons c JOIN cart_coupons cc ON cc.coupon_id = c.id WHERE cc.cart_id = $1 ORDER BY cc.position", prefixed());
    on_tx!(tx, c => sqlx::query(&sql).bind(cart_id).fetch_all(&mut *c).await?.iter().map(coupon_from_row).collect())
}

/// Counts one use of each coupon, only while it is valid: the conditional update is the check,
/// so parallel checkouts cannot both take a coupon's last use. On refusal the caller rolls back.
pub(crate) async fn redeem(
    tx: &mut Tx,
    coupons: &[Coupon],
    goods: Money,
) -> Result<std::result::Result<(), (Coupon, CouponRefusal)>> {
    let t = now();
    for coupon in coupons {
        if let Some(why) = coupon.refusal(goods, t) {
            return Ok(Err((coupon.clone(), why)));
        }
        let taken = on_tx!(tx, c => {
            sqlx::query(
                "UPDATE coupons SET usage_count = usage_count + 1 WHERE id = $1 AND status = 'publish' \
                 AND (usage_limit IS NULL OR usage_count < usage_limit) AND (date_expires IS NULL OR date_expires > $2)",
            )
            .bind(coupon.id)
            .bind(t)
            .execute(&mut *c)
            .await?
            .rows_affected()
        });
        if taken == 0 {
            return Ok(Err((coupon.clone(), CouponRefusal::UsedUp)));
        }
    }
    Ok(Ok(()))
}

/// Writes an order's coupons with their discount and its VAT (`parts` from `Totals::discount_parts`).
pub(crate) async fn record(
    tx: &mut Tx,
    order_id: i64,
    coupons: &[Coupon],
    parts: &[(Money, Money)],
) -> Result<()> {
    for (i, (coupon, (amount, vat))) in coupons.iter().zip(parts).enumerate() {
        on_tx!(tx, c => {
            sqlx::query("INSERT INTO order_coupons (order_id, coupon_id, code, discount, discount_tax, position) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(order_id)
                .bind(coupon.id)
                .bind(&coupon.code)
                .bind(amount.cents())
                .bind(vat.cents())
                .bind(i64::try_from(i).unwrap_or(0))
                .execute(&mut *c)
                .await?;
        });
    }
    Ok(())
}
