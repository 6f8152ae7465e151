mod priced;

use crate::db::{Store, Tx};
use crate::decode::{
    item_from_row, order_from_row, product_from_row, ITEM_COLS, ORDER_COLS, PRODUCT_COLS,
};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::{PlacedOrder, Product};
use crate::row::Cols;
use crate::{now, on_tx, random_token};
use laden_domain::address::Address;
use laden_domain::settings::SiteSettings;
use laden_domain::totals::CartLine;
use priced::{invoice_sale, parent_of, sold_as, Priced};

/// A checkout request whose every field has been checked.
#[derive(Debug, Clone)]
pub struct CheckoutInput {
    pub billing: Address,
    pub shipping: Address,
    pub payment_method: String,
    pub customer_note: String,
    /// Order attribution and other extension data, already sanitised by the caller.
    pub attribution: serde_json::Value,
    /// What the shopper accepted (checkbox, its text, the legal pages' versions), set by the caller.
    pub legal: serde_json::Value,
    /// The client's `Idempotency-Key`: a repeated request with it answers with the same order.
    pub idempotency_key: Option<String>,
    /// A business customer's VAT id (normalised; empty when none), checked for the billing country.
    pub vat_id: String,
    /// The checkboxes the shopper ticked: those of goods the law treats apart (defects, used
    /// goods, a minimum age) are checked against the cart's lines as the order takes them, and
    /// their texts added to `legal`.
    pub ticked: Vec<String>,
}

impl CheckoutInput {
    /// Checks everything and collects every problem, so the shopper sees all at once.
    pub fn parse(
        billing: Address,
        shipping: Option<Address>,
        payment_method: &str,
        customer_note: &str,
        attribution: serde_json::Value,
        vat_id: &str,
        countries: &[String],
    ) -> std::result::Result<CheckoutInput, Vec<(String, String)>> {
        let billing = billing.trimmed();
        let mut problems = Vec::new();
        billing.problems("billing_address", true, countries, &mut problems);
        let vat_id = laden_domain::invoice::vat_id::normalize(vat_id);
        if !vat_id.is_empty() {
            if !laden_domain::invoice::vat_id::valid_for(&vat_id, &billing.country) {
                problems.push((
                    "vat_id".into(),
                    "Please enter a VAT ID of the billing country, such as ATU12345678 for Austria.".into(),
                ));
            }
            if billing.company.is_empty() {
                problems.push((
                    "billing_address.company".into(),
                    "Please enter the company the VAT ID belongs to.".into(),
                ));
            }
        }
        let shipping = match shipping.map(|s| s.trimmed()) {
            Some(s) if !s.is_blank() => {
                s.problems("shipping_address", false, countries, &mut problems);
                s
            }
            _ => Address {
                email: String::new(),
                ..billing.clone()
            },
        };
        if laden_domain::payment::Method::parse(payment_method).is_none() {
            problems.push((
                "payment_method".into(),
                "Please choose a payment method.".into(),
            ));
        }
        if customer_note.chars().count() > 2000 {
            problems.push(("customer_note".into(), "The note is too long.".into()));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(CheckoutInput {
            billing,
            shipping,
            payment_method: payment_method.to_owned(),
            customer_note: customer_note.trim().to_owned(),
            attribution,
            legal: serde_json::Value::Array(Vec::new()),
            ticked: Vec::new(),
            idempotency_key: None,
            vat_id,
        })
    }
}

fn online(payment_method: &str) -> bool {
    laden_domain::payment::Method::parse(payment_method).is_some_and(|m| m.online())
}

fn initial_status(payment_method: &str) -> &'static str {
    laden_domain::payment::Method::parse(payment_method)
        .map_or("processing", |m| m.placed_status().as_str())
}

impl Store {
    /// Turns the cart into an order: never sells below zero stock, never twice for one cart.
    pub async fn place_order(&self, token: &str, mut input: CheckoutInput) -> Result<PlacedOrder> {
        let settings = self.settings().await?;
        if !settings
            .shop
            .payment_methods
            .contains(&input.payment_method)
        {
            return Err(StoreError::Invalid(vec![(
                "payment_method".into(),
                "Please choose a payment method.".into(),
            )]));
        }
        let mut tx = self.begin().await?;
        let Some((cart_id, revision, order_id)) = lock_cart(&mut tx, token).await? else {
            return Err(StoreError::EmptyCart);
        };
        if let Some(key) = &input.idempotency_key {
            if let Some(earlier) = order_by_idempotency_key(&mut tx, key).await? {
                drop(tx);
                return self.repeat_for_key(earlier, cart_id).await;
            }
        }
        if let Some(order_id) = order_id {
            drop(tx);
            let mut order = self.order(order_id).await?;
            order.repeated = true;
            return Ok(order);
        }
        let priced = self.price(&mut tx, cart_id, &settings, &input).await?;
        // Goods the law treats apart, agreed to for the lines as this transaction holds them.
        match priced.special_goods().agreed(&input.ticked) {
            Ok(agreed) => {
                if let serde_json::Value::Array(kept) = &mut input.legal {
                    kept.extend(agreed.into_iter().map(
                        |(id, text)| serde_json::json!({ "id": id, "text": text, "pages": [] }),
                    ));
                }
            }
            Err(problems) => {
                drop(tx);
                return Err(StoreError::Invalid(problems));
            }
        }
        // `totals.items` is the goods before discounts, which coupon minimums are measured on.
        if let Err((coupon, refusal)) =
            crate::coupons::redeem(&mut tx, &priced.coupons, priced.totals.items).await?
        {
            drop(tx);
            if !matches!(refusal, crate::CouponRefusal::Minimum(_)) {
                self.drop_cart_coupon(cart_id, coupon.id).await?;
            }
            return Err(StoreError::Coupon {
                code: coupon.code,
                refusal,
                at_checkout: true,
            });
        }
        let priced = priced.tax_regime(&settings.shop);
        let key = format!("wc_order_{}", random_token(10).replace(['-', '_'], "x"));
        let order_id = insert_order(
            &mut tx,
            cart_id,
            revision,
            &key,
            &input,
            &priced,
            &settings.site.currency,
        )
        .await;
        let order_id = match order_id {
            Ok(id) => id,
            Err(e) if e.is_unique_violation() => {
                // Another submission won the race: of this cart, or with this key.
                drop(tx);
                return self.order_of_the_race(&input, cart_id, revision).await;
            }
            Err(e) => return Err(e),
        };
        record_sale(&mut tx, order_id, cart_id, &input, &priced, &settings).await?;
        tx.commit().await?;
        self.order(order_id).await
    }

    /// The cart's lines priced for its order (in `tx`, which reads its coupons; the coupons are
    /// redeemed in it too, so one no longer valid refuses the order and leaves the cart, the
    /// shopper seeing the totals that would be charged).
    async fn price(
        &self,
        tx: &mut Tx,
        cart_id: i64,
        settings: &SiteSettings,
        input: &CheckoutInput,
    ) -> Result<Priced> {
        let mut lines = load_lines(tx, cart_id).await?;
        if lines.is_empty() {
            return Err(StoreError::EmptyCart);
        }
        // Grundpreis and Lieferzeit as the shopper saw them (a variation's with its parent's).
        let parent_ids: Vec<i64> = lines.iter().filter_map(|(p, _)| p.parent_id).collect();
        let parents = self.parents(&parent_ids).await?;
        let coupons = crate::coupons::cart_coupons_tx(tx, cart_id).await?;
        let discounts: Vec<laden_domain::Discount> =
            coupons.iter().map(crate::Coupon::discount).collect();
        let german: Vec<CartLine> = lines
            .iter()
            .filter_map(|(p, q)| p.cart_line(u32::try_from(*q).ok()?, None, false))
            .collect();
        // The method the cart chose while its zone offers it for these goods, else the cheapest
        // delivery, as the cart showed; none at all refuses the order.
        let chosen: String = crate::on_tx!(tx, c => {
            sqlx::query("SELECT shipping_rate FROM carts WHERE id = $1")
                .bind(cart_id)
                .fetch_one(&mut *c)
                .await?
                .text("shipping_rate")?
        });
        let mut load = laden_domain::shipping::Load::default();
        for (p, q) in lines.iter().filter(|(p, _)| !p.details.is_virtual) {
            let parent = p
                .parent_id
                .and_then(|id| parents.iter().find(|x| x.id == id));
            load.add(p.shipped_grams(parent), *q, p.shipped_class(parent));
        }
        let shipping = laden_domain::shipping::Choice::of(
            &settings.shop.shipping_zone(&input.shipping.country).1,
            &german,
            &coupons,
            &load,
            &chosen,
            laden_domain::shipping::title_of,
        );
        if shipping.undeliverable() {
            return Err(StoreError::Invalid(vec![(
                "shipping_address.country".into(),
                "No shipping method delivers this order to the chosen country. Please choose another country or contact us.".into(),
            )]));
        }
        // Goods collected at the shop are handed over in Germany, and taxed there.
        let tax_country = if shipping.pickup() {
            crate::models::HOME_COUNTRY
        } else {
            input.shipping.country.as_str()
        };
        // The sale's own net at German rates, for the One-Stop-Shop threshold it may pass.
        let net = || {
            let t = laden_domain::totals::compute(&german, shipping.cost());
            (t.total - t.vat_total).cents()
        };
        let supply = self
            .supply_for(&settings.shop, tax_country, &input.vat_id, net)
            .await?;
        let rates = settings.shop.rates_for(&supply);
        // Where the shop keeps net prices, the destination's VAT goes on the home net: each
        // product's, and each share of the shipping, split over the lines at home as the cart
        // splits it (goods under the margin scheme carry no VAT on their share).
        let mut home = Vec::with_capacity(lines.len());
        for (p, q) in &mut lines {
            let margin = p.margin_scheme(parent_of(p, &parents));
            home.extend(p.cart_line(u32::try_from(*q).unwrap_or(0), None, margin));
            p.price_at(&rates, margin);
        }
        let shipping_cost = rates.shipping_price(shipping.cost(), &home);
        let sold = sold_as(
            &lines,
            &parents,
            &settings.shop,
            &input.shipping.country,
            !supply.taxed(),
            &rates,
        );
        if let Some((product, _)) = lines
            .iter()
            .find(|(p, _)| p.status != "publish" || p.price.is_none())
        {
            return Err(StoreError::NotPurchasable(product.id));
        }
        let cart_lines: Vec<CartLine> = lines
            .iter()
            .zip(&sold)
            .filter_map(|((p, q), s)| {
                p.cart_line(u32::try_from(*q).ok()?, s.deposit.as_ref(), s.margin)
                    .map(|l| l.taxed_at(&rates))
            })
            .collect();
        let totals =
            laden_domain::totals::compute_with_discounts(&cart_lines, shipping_cost, &discounts);
        Ok(Priced {
            lines,
            parents,
            cart_lines,
            sold,
            coupons,
            totals,
            supply,
            shipping,
        })
    }

    /// The order of a checkout that lost the race to insert its order: the one its
    /// `Idempotency-Key` made, or the one its cart became.
    async fn order_of_the_race(
        &self,
        input: &CheckoutInput,
        cart_id: i64,
        revision: i64,
    ) -> Result<PlacedOrder> {
        if let Some(key) = &input.idempotency_key {
            let earlier = crate::on_db!(&self.db, p => {
                sqlx::query(BY_IDEMPOTENCY_KEY).bind(key).fetch_optional(p).await?.map(|r| key_row(&r)).transpose()?
            });
            if let Some(earlier) = earlier {
                return self.repeat_for_key(earlier, cart_id).await;
            }
        }
        self.order_for_cart(cart_id, revision).await
    }

    /// The order an `Idempotency-Key` already made, `(id, cart)`: repeated for the same cart;
    /// a key sent again with another cart is refused rather than answered with a stranger's order.
    async fn repeat_for_key(
        &self,
        (id, cart): (i64, Option<i64>),
        cart_id: i64,
    ) -> Result<PlacedOrder> {
        if cart != Some(cart_id) {
            return Err(StoreError::IdempotencyKeyReused);
        }
        let mut order = self.order(id).await?;
        order.repeated = true;
        Ok(order)
    }

    async fn order_for_cart(&self, cart_id: i64, revision: i64) -> Result<PlacedOrder> {
        let id = crate::on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM orders WHERE cart_id = $1 AND cart_revision = $2")
                .bind(cart_id)
                .bind(revision)
                .fetch_one(p)
                .await?
                .i64("id")?
        });
        let mut order = self.order(id).await?;
        order.repeated = true;
        Ok(order)
    }

    /// An order by id.
    pub async fn order(&self, id: i64) -> Result<PlacedOrder> {
        self.orders_by_ids(&[id])
            .await?
            .pop()
            .ok_or(StoreError::NotFound(Missing::Order))
    }

    /// Orders by id, in the order of `ids` (unknown ids are left out), in two queries.
    pub(crate) async fn orders_by_ids(&self, ids: &[i64]) -> Result<Vec<PlacedOrder>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = crate::db::Ids(ids);
        let order_sql = format!("SELECT {ORDER_COLS} FROM orders WHERE id {}", list.filter());
        let items_sql = format!(
            "SELECT order_id, {ITEM_COLS} FROM order_items WHERE order_id {} ORDER BY order_id, id",
            list.filter()
        );
        let (rows, items) = crate::on_db!(&self.db, p => {
            let rows = crate::db::bind_ids(sqlx::query(&order_sql), &list).fetch_all(p).await?.iter().map(order_from_row).collect::<Result<Vec<_>>>()?;
            let items = crate::db::bind_ids(sqlx::query(&items_sql), &list)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("order_id")?, item_from_row(r)?)))
                .collect::<Result<Vec<_>>>()?;
            (rows, items)
        });
        let mut by_id: std::collections::HashMap<i64, PlacedOrder> =
            rows.into_iter().map(|o| (o.id, o)).collect();
        for (order_id, item) in items {
            if let Some(o) = by_id.get_mut(&order_id) {
                o.items.push(item);
            }
        }
        for (order_id, coupon) in self.order_coupons(ids).await? {
            if let Some(o) = by_id.get_mut(&order_id) {
                o.coupons.push(coupon);
            }
        }
        for (order_id, grant) in self.downloads_of_orders(ids).await? {
            if let Some(o) = by_id.get_mut(&order_id) {
                o.downloads.push(grant);
            }
        }
        for invoice in self.invoices_of_orders(ids).await? {
            if let Some(o) = by_id.get_mut(&invoice.order_id) {
                o.invoices.push(invoice);
            }
        }
        for refund in self.refunds_of_orders(ids).await? {
            if let Some(o) = by_id.get_mut(&refund.order_id) {
                o.refunds.push(refund);
            }
        }
        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }

    /// An order, only if `key` is its order key (constant-time compare).
    pub async fn order_with_key(&self, id: i64, key: &str) -> Result<PlacedOrder> {
        let order = self.order(id).await?;
        let a = order.key.as_bytes();
        let b = key.as_bytes();
        let same =
            a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0;
        if same {
            Ok(order)
        } else {
            Err(StoreError::NotFound(Missing::Order))
        }
    }

    pub async fn order_count(&self) -> Result<i64> {
        crate::on_db!(&self.db, p => sqlx::query("SELECT COUNT(*) AS n FROM orders").fetch_one(p).await?.i64("n"))
    }
}

const BY_IDEMPOTENCY_KEY: &str = "SELECT id, cart_id FROM orders WHERE idempotency_key = $1";

fn key_row(r: &impl Cols) -> Result<(i64, Option<i64>)> {
    Ok((r.i64("id")?, r.opt_i64("cart_id")?))
}

async fn order_by_idempotency_key(tx: &mut Tx, key: &str) -> Result<Option<(i64, Option<i64>)>> {
    on_tx!(tx, c => sqlx::query(BY_IDEMPOTENCY_KEY).bind(key).fetch_optional(&mut *c).await?.map(|r| key_row(&r)).transpose())
}

async fn load_lines(tx: &mut Tx, cart_id: i64) -> Result<Vec<(Product, i64)>> {
    let sql = format!(
        "SELECT ci.quantity AS cart_quantity, ci.variation AS choices, {} FROM cart_items ci JOIN products p ON p.id = ci.product_id \
         WHERE ci.cart_id = $1 ORDER BY ci.position",
        PRODUCT_COLS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ")
    );
    on_tx!(tx, c => {
        let rows = sqlx::query(&sql).bind(cart_id).fetch_all(&mut *c).await?;
        // A variation's "any" attributes with the values chosen: the order item keeps them.
        rows.iter()
            .map(|r| Ok((crate::cart::with_choices(product_from_row(r)?, &r.text("choices")?)?, r.i64("cart_quantity")?)))
            .collect()
    })
}

/// Takes `qty` from stock if there is enough, in one conditional write; a product that takes
/// backorders sells past its stock, which stays at zero ("Lieferbar auf Nachbestellung").
/// Returns whether the product just went out of stock.
pub(crate) async fn decrement_stock(tx: &mut Tx, product: &Product, qty: i64) -> Result<bool> {
    let backorders = product.details.backorders.allowed();
    let row = on_tx!(tx, c => {
        sqlx::query(
            "UPDATE products SET stock = CASE WHEN stock - $1 < 0 THEN 0 ELSE stock - $1 END, \
             stock_status = CASE WHEN stock IS NOT NULL AND stock - $1 <= 0 THEN \
               (CASE WHEN $3 THEN 'onbackorder' ELSE 'outofstock' END) ELSE stock_status END, \
             total_sales = total_sales + $1, updated_at = $4 \
             WHERE id = $2 AND stock_status <> 'outofstock' AND (stock IS NULL OR stock >= $1 OR $3) RETURNING stock_status",
        )
        .bind(qty)
        .bind(product.id)
        .bind(backorders)
        // A sale changes the product (its stock and sales), as `modified_after` finds it.
        .bind(now())
        .fetch_optional(&mut *c)
        .await?
        .map(|r| r.text("stock_status"))
        .transpose()?
    });
    match row {
        Some(status) => Ok(status == "outofstock"),
        None => {
            let available = on_tx!(tx, c => {
                sqlx::query("SELECT stock, stock_status FROM products WHERE id = $1")
                    .bind(product.id)
                    .fetch_one(&mut *c)
                    .await
                    .map(|r| {
                        let s = r.opt_i64("stock").ok().flatten();
                        let st = r.text("stock_status").unwrap_or_default();
                        if st == "outofstock" { 0 } else { s.unwrap_or(0) }
                    })?
            });
            Err(StoreError::OutOfStock {
                product_id: product.id,
                name: product.name.clone(),
                available,
            })
        }
    }
}

/// Creates or updates the customer with the order's e-mail and links the order to it.
async fn record_customer(
    tx: &mut Tx,
    order_id: i64,
    input: &CheckoutInput,
    total: i64,
) -> Result<()> {
    let email = input.billing.email.to_lowercase();
    let billing = serde_json::to_string(&input.billing)?;
    let shipping = serde_json::to_string(&input.shipping)?;
    let t = now();
    let upsert = "INSERT INTO customers (email, first_name, last_name, billing, shipping, order_count, total_spent, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7) ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, \
         last_name = excluded.last_name, billing = excluded.billing, shipping = excluded.shipping, \
         order_count = customers.order_count + 1, total_spent = customers.total_spent + excluded.total_spent, updated_at = excluded.updated_at \
         RETURNING id";
    // PostgreSQL links the order in the same statement (a data-changing CTE): the customer's row
    // lock is held one round trip shorter. SQLite's writers take turns anyway.
    let linked = matches!(tx.conn, crate::db::TxConn::Postgres(_));
    let sql = if linked {
        format!("WITH c AS ({upsert}) UPDATE orders SET customer_id = c.id FROM c WHERE orders.id = $8 RETURNING c.id")
    } else {
        upsert.to_owned()
    };
    on_tx!(tx, c => {
        let mut q = sqlx::query(&sql)
            .bind(&email)
            .bind(&input.billing.first_name)
            .bind(&input.billing.last_name)
            .bind(&billing)
            .bind(&shipping)
            .bind(total)
            .bind(t);
        if linked {
            q = q.bind(order_id);
        }
        let id = q.fetch_one(&mut *c).await?.i64("id")?;
        if !linked {
            sqlx::query("UPDATE orders SET customer_id = $2 WHERE id = $1").bind(order_id).bind(id).execute(&mut *c).await?;
        }
    });
    Ok(())
}

/// A customer's (orders, total spent in cents) by e-mail.
impl Store {
    pub async fn customer_totals(&self, email: &str) -> Result<Option<(i64, i64)>> {
        crate::on_db!(&self.db, p => {
            sqlx::query("SELECT order_count, total_spent FROM customers WHERE email = $1")
                .bind(email.to_lowercase())
                .fetch_optional(p)
                .await?
                .map(|r| Ok((r.i64("order_count")?, r.i64("total_spent")?)))
                .transpose()
        })
    }
}

/// A variable product is out of stock when none of its variations is in stock.
pub(crate) async fn refresh_parent_stock(tx: &mut Tx, parents: &[i64]) -> Result<()> {
    for parent in parents {
        on_tx!(tx, c => {
            sqlx::query(
                "UPDATE products SET stock_status = CASE WHEN EXISTS (SELECT 1 FROM products v WHERE v.parent_id = $1 \
                 AND v.status = 'publish' AND v.stock_status IN ('instock', 'onbackorder')) THEN 'instock' ELSE 'outofstock' END WHERE id = $1",
            )
            .bind(*parent)
            .execute(&mut *c)
            .await?;
        });
    }
    Ok(())
}

/// Touches the cart's row, which serialises concurrent checkouts of one cart; answers its id,
/// revision and the order it already became, if any (`None`: no such cart).
async fn lock_cart(tx: &mut Tx, token: &str) -> Result<Option<(i64, i64, Option<i64>)>> {
    Ok(on_tx!(tx, c => {
        sqlx::query("UPDATE carts SET updated_at = $2 WHERE token = $1 RETURNING id, revision, order_id")
            .bind(token)
            .bind(now())
            .fetch_optional(&mut *c)
            .await?
            .map(|r| Ok::<_, StoreError>((r.i64("id")?, r.i64("revision")?, r.opt_i64("order_id")?)))
            .transpose()?
    }))
}

/// Writes what an order placed in `tx` brings with it: its coupons' use, the downloads granted,
/// the cart marked as ordered, the customer, the stock taken, the invoice (when the shop
/// issues it with the order) and the confirmation mail, and the content changes.
async fn record_sale(
    tx: &mut Tx,
    order_id: i64,
    cart_id: i64,
    input: &CheckoutInput,
    priced: &Priced,
    settings: &SiteSettings,
) -> Result<()> {
    crate::coupons::record(
        tx,
        order_id,
        &priced.coupons,
        &priced.totals.discount_parts(),
    )
    .await?;
    // The invoice, when the shop issues it with the order: worked out from what this
    // checkout writes (no reads), numbered at the end (below).
    let status = initial_status(&input.payment_method);
    let invoice = crate::invoices::due_at_status(&settings.shop, status)
        .then(|| crate::invoices::prepare(invoice_sale(order_id, input, priced), settings));
    // A paid order's files are granted with it (only orders with downloadable goods look).
    let downloadable = priced.lines.iter().any(|(p, _)| {
        p.details.downloadable
            || parent_of(p, &priced.parents).is_some_and(|x| x.details.downloadable)
    });
    if downloadable && crate::orders::PAID_STATUSES.contains(&status) {
        crate::downloads::grant(tx, order_id).await?;
    }
    on_tx!(tx, c => {
        sqlx::query("UPDATE carts SET order_id = $2 WHERE id = $1").bind(cart_id).bind(order_id).execute(&mut *c).await?;
    });
    // The rows other checkouts wait for come last, each held from its write to the commit:
    // the customer's (a returning customer's orders take turns), then the stock (a popular
    // product's sales take turns), then the content version (every sale's).
    record_customer(tx, order_id, input, priced.totals.total.cents()).await?;
    // Not enough stock rolls the whole order back.
    let touched = sell_stock(tx, &priced.lines).await?;
    // Its number: the counter's row lock is the second-last a checkout takes (the content
    // version's is the last), so checkouts wait on it only for two statements and the commit.
    let invoice = match invoice {
        Some(mut doc) => {
            Some(crate::invoices::number_and_keep(tx, order_id, &mut doc, settings).await?)
        }
        None => None,
    };
    // The confirmation is queued with the order, so neither exists without the other; an order
    // paid online is confirmed when the provider confirms the money (`payments::record`).
    if !online(&input.payment_method) {
        crate::mail::enqueue_with_invoice(
            tx,
            crate::mail::MailKind::OrderConfirmation,
            crate::mail::About::Order(order_id),
            &input.billing.email,
            invoice,
        )
        .await?;
    }
    // Last, so the content version's row lock is held only for the commit.
    crate::changes::record(tx, &touched).await?;
    Ok(())
}

/// Takes the sold quantities from stock (not enough rolls the order back) and refreshes what a
/// sell-out changes (a variable product's stock status, grouped products); answers what the
/// sale changes in cached answers: every sold product's stock, and the product where it sold out
/// with the listings.
async fn sell_stock(tx: &mut Tx, lines: &[(Product, i64)]) -> Result<Vec<crate::Scope>> {
    let mut status_changed = false;
    let mut sold_variations_of = Vec::new();
    let mut touched = Vec::new();
    for (product, qty) in lines {
        let went_out = decrement_stock(tx, product, *qty).await?;
        status_changed |= went_out;
        for id in std::iter::once(product.id).chain(product.parent_id) {
            touched.push(crate::Scope::Stock(id));
            if went_out {
                touched.push(crate::Scope::Product(id));
            }
        }
        sold_variations_of.extend(product.parent_id);
    }
    if status_changed {
        // A product sold out leaves the lists of goods in stock and joins those of sold-out ones.
        touched.push(crate::Scope::Catalog);
        refresh_parent_stock(tx, &sold_variations_of).await?;
        let sold: Vec<i64> = lines.iter().map(|(p, _)| p.id).collect();
        crate::product_links::refresh_grouped(tx, &sold).await?;
    }
    Ok(touched)
}

async fn insert_order(
    tx: &mut Tx,
    cart_id: i64,
    revision: i64,
    key: &str,
    input: &CheckoutInput,
    priced: &Priced,
    currency: &str,
) -> Result<i64> {
    let Priced {
        totals,
        lines,
        sold,
        supply,
        shipping: method,
        ..
    } = priced;
    let t = now();
    let taxes = serde_json::to_string(&totals.vat)?;
    let billing = serde_json::to_string(&input.billing)?;
    let shipping = serde_json::to_string(&input.shipping)?;
    let attribution = input.attribution.to_string();
    let status = initial_status(&input.payment_method);
    on_tx!(tx, c => {
        let id = sqlx::query(
            "INSERT INTO orders (order_key, cart_id, cart_revision, status, currency, items_total, shipping_total, shipping_tax, \
             tax_total, total, taxes, billing, shipping, email, payment_method, customer_note, attribution, created_at, updated_at, legal, idempotency_key, \
             discount_total, discount_tax, needs_shipping, vat_id, reverse_charge, paid_at, deposit_total, deposit_tax, payment_started_at, payment_attempts, supply, delivery_country, \
             shipping_method, shipping_method_title) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34) RETURNING id",
        )
        .bind(key)
        .bind(cart_id)
        .bind(revision)
        .bind(status)
        .bind(currency)
        .bind(totals.items.cents())
        .bind(totals.shipping.cents())
        .bind(totals.shipping_vat.cents())
        .bind(totals.vat_total.cents())
        .bind(totals.total.cents())
        .bind(&taxes)
        .bind(&billing)
        .bind(&shipping)
        .bind(&input.billing.email)
        .bind(&input.payment_method)
        .bind(&input.customer_note)
        .bind(&attribution)
        .bind(t)
        .bind(input.legal.to_string())
        .bind(input.idempotency_key.as_deref())
        .bind(totals.discount.cents())
        .bind(totals.discount_vat.cents())
        .bind(lines.iter().any(|(p, _)| !p.details.is_virtual))
        .bind(&input.vat_id)
        // Charged without VAT to a business in another member state (WooCommerce's meta keeps it).
        .bind(*supply == laden_domain::supply::Supply::IntraCommunity)
        .bind(crate::orders::PAID_STATUSES.contains(&status).then_some(t))
        .bind(totals.deposit.cents())
        .bind(totals.deposit_vat.cents())
        // An online payment's first attempt begins with the order: the hold time counts from here.
        .bind(online(&input.payment_method).then_some(t))
        .bind(i64::from(online(&input.payment_method)))
        .bind(supply.code())
        // Goods collected at the shop are delivered where it is.
        .bind(if method.pickup() { crate::models::HOME_COUNTRY.to_owned() } else { input.shipping.country.trim().to_ascii_uppercase() })
        .bind(method.chosen.as_ref().map_or("", |r| r.id.as_str()))
        .bind(method.chosen.as_ref().map_or("", |r| r.title.as_str()))
        .fetch_one(&mut *c)
        .await
        .map_err(StoreError::from)?
        .i64("id")?;
        for ((product, qty), sold) in lines.iter().zip(sold) {
            let unit = sold.unit_price;
            let unit_pricing = if sold.unit_pricing.is_null() { String::new() } else { sold.unit_pricing.to_string() };
            let deposit_as_sold = match &sold.deposit {
                Some(d) => serde_json::to_string(d)?,
                None => String::new(),
            };
            sqlx::query(
                "INSERT INTO order_items (order_id, product_id, parent_id, name, sku, attributes, quantity, unit_price, line_total, tax_rate_hundredths, unit_pricing, delivery_time, purchase_note, deposit, deposit_as_sold, margin, service) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
            )
            .bind(id)
            .bind(product.id)
            .bind(product.parent_id)
            .bind(&product.name)
            .bind(product.sku.clone().unwrap_or_default())
            .bind(serde_json::to_string(&product.attributes)?)
            .bind(*qty)
            .bind(unit)
            .bind(unit * qty)
            .bind(sold.tax_rate.hundredths())
            .bind(unit_pricing)
            .bind(&sold.delivery_time)
            .bind(&sold.purchase_note)
            .bind(sold.deposit_charged)
            .bind(deposit_as_sold)
            .bind(sold.margin)
            .bind(sold.service)
            .execute(&mut *c)
            .await?;
        }
        Ok(id)
    })
}
