//! The shopper's cart in the database: reading, adding, changing and removing lines, and the
//! delivery country. What a line is and what a cart may hold is in `lines.rs`.

mod lines;

use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::{Result, StoreError};
use crate::models::{Product, ProductKind, HOME_COUNTRY};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::totals::CartLine;
use laden_domain::Quantity;
pub(crate) use lines::with_choices;
use lines::{
    allowed, any_json, any_of, item_key, item_view, lines_of, parcel_load, purchasable, too_many,
    view,
};
pub use lines::{AddItem, CartItemView, CartView, VariationChoice};

/// What the cart knows of its buyer: where the goods go, and a business's VAT id.
#[derive(Debug, Default)]
struct Buyer {
    country: Option<String>,
    vat_id: String,
    /// The shipping rate chosen (`flat_rate:103`); empty: the cheapest delivery.
    shipping_rate: String,
}

impl Store {
    /// The cart for `token`; a token with no cart yet reads as an empty cart.
    pub async fn cart(&self, token: &str) -> Result<CartView> {
        let cart = on_db!(&self.db, p => {
            sqlx::query("SELECT id, revision, order_id, shipping_country, vat_id, shipping_rate FROM carts WHERE token = $1")
                .bind(token)
                .fetch_optional(p)
                .await?
                .map(|r| Ok::<_, StoreError>((r.i64("id")?, r.i64("revision")?, r.opt_i64("order_id")?, Buyer { country: r.opt_text("shipping_country")?, vat_id: r.text("vat_id")?, shipping_rate: r.text("shipping_rate")? })))
                .transpose()?
        });
        let open_id = cart
            .as_ref()
            .and_then(|(id, _, order, _)| order.is_none().then_some(*id));
        let (revision, items, buyer, coupons) = match cart {
            None => (0, Vec::new(), Buyer::default(), Vec::new()),
            // A cart that became an order reads as empty until it is used again.
            Some((_, revision, Some(_), buyer)) => (revision, Vec::new(), buyer, Vec::new()),
            Some((id, revision, None, buyer)) => (
                revision,
                self.load_items(id).await?,
                buyer,
                self.cart_coupons(id).await?,
            ),
        };
        self.view_of(token, open_id, revision, items, buyer, coupons)
            .await
    }

    /// The cart of a token made for this request: empty, and nothing to look up.
    pub async fn new_cart(&self, token: &str) -> Result<CartView> {
        self.view_of(token, None, 0, Vec::new(), Buyer::default(), Vec::new())
            .await
    }

    /// The cart's view from what it holds: totals for its delivery country with the shop's
    /// shipping, and without a coupon that no longer applies (dropped from an open cart).
    async fn view_of(
        &self,
        token: &str,
        open_id: Option<i64>,
        revision: i64,
        mut items: Vec<CartItemView>,
        buyer: Buyer,
        coupons: Vec<crate::Coupon>,
    ) -> Result<CartView> {
        let shop = self.settings().await?.shop;
        let country = buyer
            .country
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| HOME_COUNTRY.to_owned());
        let (_, methods) = shop.shipping_zone(&country);
        // A line shows the Lieferzeit its product states for the delivery country, else its own;
        // without one it takes the country's zone's, without that it stays empty, which is the
        // shop's default (the page data carries it).
        let zone_time = shop.delivery_time_for(&country);
        let code = country.to_ascii_uppercase();
        for item in items.iter_mut() {
            if let Some(t) = item.delivery_times.get(&code) {
                item.delivery_time = t.clone();
            } else if item.delivery_time.is_empty() && zone_time != shop.delivery_time {
                item.delivery_time = zone_time.to_owned();
            }
        }
        // As WooCommerce does on every cart load: a coupon that no longer applies (expired, used
        // up, the goods below its minimum) leaves the cart, so the totals shown are the ones charged.
        let goods: laden_domain::Money = lines_of(&items).iter().map(CartLine::total).sum();
        let t = now();
        let (coupons, gone): (Vec<crate::Coupon>, Vec<crate::Coupon>) = coupons
            .into_iter()
            .partition(|c| c.refusal(goods, t).is_none());
        if let Some(id) = open_id {
            for coupon in &gone {
                self.drop_cart_coupon(id, coupon.id).await?;
            }
        }
        // Priced as the checkout will tax it (`ShopSettings::supply`): at the destination's
        // rates for a consumer in another member state under the One-Stop-Shop; net for an
        // export or goods to a business in another member state with its VAT id.
        // The methods offered for what the cart holds, and the one it takes.
        let choice = laden_domain::shipping::Choice::of(
            &methods,
            &lines_of(&items),
            &coupons,
            &parcel_load(&items),
            &buyer.shipping_rate,
            laden_domain::shipping::title_of,
        );
        let german = laden_domain::vat_rates::german();
        // The cart priced as `supply` is taxed, with shipping costing `shipping` (gross).
        let finish = |items, coupons, shipping, supply: laden_domain::supply::Supply| {
            let rates = shop.rates_for(&supply);
            let mut cart = view(
                token,
                revision,
                items,
                shipping,
                coupons,
                &shop.deposit_types,
                supply.clone(),
                rates,
            );
            if shop.small_business {
                cart.totals = cart.totals.without_vat();
            } else if !supply.taxed() {
                cart = cart.tax_free(supply);
            }
            cart
        };
        // The sale's own net at German rates, for the One-Stop-Shop threshold it may pass.
        let net = || {
            let domestic = view(
                token,
                revision,
                items.clone(),
                choice.cost(),
                coupons.clone(),
                &shop.deposit_types,
                laden_domain::supply::Supply::Domestic,
                german,
            );
            (domestic.totals.total - domestic.totals.vat_total).cents()
        };
        let delivered = self.supply_for(&shop, &country, &buyer.vat_id, net).await?;
        // Goods collected at the shop are handed over in Germany, and taxed there.
        let supply_of = |pickup: bool| {
            if pickup {
                laden_domain::supply::Supply::Domestic
            } else {
                delivered.clone()
            }
        };
        // What each other method would charge, as this cart is taxed.
        let mut choice = choice;
        let chosen_id = choice.chosen.as_ref().map(|r| r.id.clone());
        for r in &mut choice.rates {
            if Some(&r.id) != chosen_id.as_ref() {
                let t = finish(
                    items.clone(),
                    coupons.clone(),
                    r.cost,
                    supply_of(r.pickup()),
                )
                .totals;
                (r.charged, r.vat) = (t.shipping, t.shipping_vat);
            }
        }
        let cart = finish(items, coupons, choice.cost(), supply_of(choice.pickup()));
        for r in choice.rates.iter_mut().chain(choice.chosen.as_mut()) {
            if Some(&r.id) == chosen_id.as_ref() {
                (r.charged, r.vat) = (cart.totals.shipping, cart.totals.shipping_vat);
            }
        }
        Ok(CartView {
            payment_methods: shop.payment_methods,
            shipping_country: country,
            shipping: choice,
            ..cart
        })
    }

    /// Sets what of the buyer prices the cart: the delivery country (one the shop delivers to)
    /// and a business's VAT id (normalised; empty for none), each where given (Store API
    /// `cart/update-customer`).
    pub async fn set_cart_buyer(
        &self,
        token: &str,
        country: Option<&str>,
        vat_id: Option<&str>,
    ) -> Result<CartView> {
        let country = country.map(|c| c.trim().to_uppercase());
        if let Some(c) = &country {
            if !self.settings().await?.shop.delivers_to(c) {
                return Err(StoreError::Invalid(vec![(
                    "shipping_address.country".into(),
                    "We do not deliver to this country.".into(),
                )]));
            }
        }
        let vat_id = vat_id.map(laden_domain::invoice::vat_id::normalize);
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query(
                "INSERT INTO carts (token, revision, created_at, updated_at, shipping_country, vat_id) VALUES ($1, 0, $2, $2, $3, COALESCE($4, '')) \
                 ON CONFLICT (token) DO UPDATE SET shipping_country = COALESCE($3, carts.shipping_country), \
                 vat_id = COALESCE($4, carts.vat_id), updated_at = excluded.updated_at",
            )
            .bind(token)
            .bind(t)
            .bind(country.as_deref())
            .bind(vat_id.as_deref())
            .execute(p)
            .await?;
        });
        self.cart(token).await
    }

    /// Chooses the cart's shipping method (Store API `cart/select-shipping-rate`): one of the
    /// rates its delivery country's zone offers for what it holds now; another is refused.
    pub async fn select_shipping_rate(&self, token: &str, rate_id: &str) -> Result<CartView> {
        let cart = self.cart(token).await?;
        if !cart.shipping.rates.iter().any(|r| r.id == rate_id) {
            return Err(StoreError::Invalid(vec![(
                "rate_id".into(),
                "This shipping method is not offered for this cart.".into(),
            )]));
        }
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query(
                "INSERT INTO carts (token, revision, created_at, updated_at, shipping_rate) VALUES ($1, 0, $2, $2, $3) \
                 ON CONFLICT (token) DO UPDATE SET shipping_rate = excluded.shipping_rate, updated_at = excluded.updated_at",
            )
            .bind(token)
            .bind(t)
            .bind(rate_id)
            .execute(p)
            .await?;
        });
        self.cart(token).await
    }

    async fn load_items(&self, cart_id: i64) -> Result<Vec<CartItemView>> {
        let sql = format!(
            "SELECT ci.item_key, ci.quantity, ci.variation AS choices, {} , (SELECT slug FROM products pp WHERE pp.id = p.parent_id) AS parent_slug \
             FROM cart_items ci JOIN products p ON p.id = ci.product_id WHERE ci.cart_id = $1 ORDER BY ci.position",
            PRODUCT_COLS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ")
        );
        let rows: Vec<(String, i64, Product, Option<String>)> = on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).bind(cart_id).fetch_all(p).await?;
            rows.iter()
                .map(|r| Ok((r.text("item_key")?, r.i64("quantity")?, with_choices(product_from_row(r)?, &r.text("choices")?)?, r.opt_text("parent_slug")?)))
                .collect::<Result<Vec<_>>>()?
        });
        let parent_ids: Vec<i64> = rows.iter().filter_map(|(_, _, p, _)| p.parent_id).collect();
        let parents = self.parents(&parent_ids).await?;
        Ok(rows
            .into_iter()
            .map(|(key, qty, product, parent_slug)| {
                item_view(key, qty, product, &parents, parent_slug)
            })
            .collect())
    }

    pub(crate) async fn parents(&self, ids: &[i64]) -> Result<Vec<Product>> {
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for id in ids {
            if seen.insert(*id) {
                out.push(self.product(*id).await?);
            }
        }
        Ok(out)
    }

    /// Adds an item (or more of it) to the cart. `new_token` says the token was made for this
    /// request, so no cart can exist for it yet (nothing to look up).
    ///
    /// Checked before anything is written, against what the cart holds: a refusal changes
    /// nothing. Then at most three single-statement writes, each short (no transaction held
    /// open across round trips, which on SQLite would keep every other writer waiting): the new
    /// visitor's cart, the item (written only while its total stays within the stock, so a
    /// racing add cannot pass it), and the cart's revision, moved after its content so an order
    /// placed for the revision before is never taken for the new content. On PostgreSQL a new
    /// visitor's cart and its first item are one statement.
    pub async fn add_to_cart(
        &self,
        token: &str,
        item: AddItem,
        new_token: bool,
    ) -> Result<CartView> {
        let adding = i64::from(item.quantity.get());
        let (product, any) = self.sold_product(&item).await?;
        let key = item_key(product.id, &any);
        let choices = any_json(&any)?;
        let product = with_choices(product, &choices)?;
        let (cart_id, held) = if new_token {
            (None, 0)
        } else {
            self.held(token, &key).await?
        };
        let cart_id = match cart_id {
            // A cart that became an order starts over (rare): in one transaction.
            Some((_, true)) => {
                return self
                    .add_to_ordered_cart(token, &product, &key, &choices, adding)
                    .await
            }
            Some((id, false)) => Some(id),
            None => None,
        };
        let limit = allowed(&product, held + adding)?;
        let made = match cart_id {
            Some(_) => None,
            None => {
                let _turn = self.write_turn().await;
                on_db!(&self.db, p => {
                    let rows = sqlx::query(new_cart_with_item(&self.db)).bind(token).bind(now()).bind(&key).bind(product.id).bind(adding).bind(&choices).fetch_all(p).await?;
                    rows.first().map(|r| r.i64("cart_id")).transpose()?
                })
            }
        };
        let cart_id = match (made, cart_id) {
            (Some(id), _) if product.parent_id.is_none() => {
                // The visitor's first item in a cart made just now: the cart holds exactly what
                // was read and written here, so it is answered without reading it back.
                let item = item_view(key, adding, product, &[], None);
                return self
                    .view_of(token, Some(id), 1, vec![item], Buyer::default(), Vec::new())
                    .await;
            }
            (Some(_), _) => return self.cart(token).await,
            (None, Some(id)) => id,
            // Made meanwhile by a parallel request with the same token.
            (None, None) => on_db!(&self.db, p => {
                sqlx::query("SELECT id FROM carts WHERE token = $1").bind(token).fetch_one(p).await?.i64("id")?
            }),
        };
        let written = {
            let _turn = self.write_turn().await;
            on_db!(&self.db, p => {
                let rows = sqlx::query(add_item_counted(&self.db))
                    .bind(cart_id)
                    .bind(&key)
                    .bind(product.id)
                    .bind(adding)
                    .bind(limit)
                    .bind(&choices)
                    .bind(now())
                    .fetch_all(p)
                    .await?;
                !rows.is_empty()
            })
        };
        if !written {
            // A parallel add of the same goods came first and left no room.
            return Err(too_many(&product));
        }
        self.cart(token).await
    }

    /// The product an add-item names, as sold (see [`purchasable`]), from the rows kept in
    /// memory (`kept.rs`) where it can: the stock a cart is checked against is as fresh as the
    /// pages (a checkout checks it again, under lock).
    /// The product `item` names as sold (a variation when it names a variable product), and the
    /// values it chooses for the variation's "any" attributes.
    async fn sold_product(&self, item: &AddItem) -> Result<(Product, Vec<(String, String)>)> {
        let generation = self.kept_generation();
        let named = self
            .kept
            .products
            .get_or_read(
                item.product_id,
                generation,
                self.product_row(item.product_id),
            )
            .await?;
        let variations = if named.kind == ProductKind::Variable && !item.variation.is_empty() {
            let read = async {
                on_db!(&self.db, p => {
                    let rows = sqlx::query(crate::decode::variations_sql()).bind(named.id).fetch_all(p).await?;
                    rows.iter().map(product_from_row).collect::<Result<Vec<_>>>()
                })
            };
            self.kept
                .variations
                .get_or_read(named.id, generation, read)
                .await?
        } else {
            Vec::new()
        };
        let sold = purchasable(named.clone(), &variations, item)?;
        let Some(parent_id) = sold.parent_id else {
            return Ok((sold, Vec::new()));
        };
        let parent = if parent_id == named.id {
            named
        } else {
            self.kept
                .products
                .get_or_read(parent_id, generation, self.product_row(parent_id))
                .await?
        };
        let any = any_of(&sold, &parent, item)?;
        Ok((sold, any))
    }

    /// The cart of `token`: `Some((id, became an order))`, and how much of item `key` it holds.
    async fn held(&self, token: &str, key: &str) -> Result<(Option<(i64, bool)>, i64)> {
        let row = on_db!(&self.db, p => {
            sqlx::query(
                "SELECT c.id, c.order_id, ci.quantity FROM carts c \
                 LEFT JOIN cart_items ci ON ci.cart_id = c.id AND ci.item_key = $2 WHERE c.token = $1",
            )
            .bind(token)
            .bind(key)
            .fetch_optional(p)
            .await?
            .map(|r| Ok::<_, StoreError>((r.i64("id")?, r.opt_i64("order_id")?, r.opt_i64("quantity")?.unwrap_or(0))))
            .transpose()?
        });
        Ok((
            row.map(|(id, order, _)| (id, order.is_some())),
            row.map_or(0, |r| r.2),
        ))
    }

    /// [`Store::add_to_cart`] for a cart that became an order: emptied and filled in one transaction.
    async fn add_to_ordered_cart(
        &self,
        token: &str,
        product: &Product,
        key: &str,
        choices: &str,
        adding: i64,
    ) -> Result<CartView> {
        let limit = allowed(product, adding)?;
        let mut tx = self.begin().await?;
        let cart_id = touch_cart(&mut tx, token).await?;
        let written = on_tx!(&mut tx, c => {
            sqlx::query(ADD_ITEM).bind(cart_id).bind(key).bind(product.id).bind(adding).bind(limit).bind(choices).fetch_optional(&mut *c).await?.is_some()
        });
        if !written {
            tx.rollback().await?;
            return Err(too_many(product));
        }
        tx.commit().await?;
        self.cart(token).await
    }

    /// Sets an item's quantity.
    pub async fn update_cart_item(
        &self,
        token: &str,
        key: &str,
        quantity: Quantity,
    ) -> Result<CartView> {
        self.change_item(token, key, Some(quantity)).await
    }

    pub async fn remove_cart_item(&self, token: &str, key: &str) -> Result<CartView> {
        self.change_item(token, key, None).await
    }

    /// Sets (`Some`) or removes (`None`) one item, checking stock first; unknown keys change nothing.
    async fn change_item(
        &self,
        token: &str,
        key: &str,
        quantity: Option<Quantity>,
    ) -> Result<CartView> {
        let current = self.cart(token).await?;
        let item = current
            .items
            .iter()
            .find(|i| i.key == key)
            .ok_or(StoreError::UnknownCartItem)?;
        if let Some(q) = quantity {
            allowed(&item.product, i64::from(q.get()))?;
        }
        let mut tx = self.begin().await?;
        let cart_id = touch_cart(&mut tx, token).await?;
        let changed = on_tx!(&mut tx, c => {
            let res = match quantity {
                Some(q) => {
                    sqlx::query("UPDATE cart_items SET quantity = $3 WHERE cart_id = $1 AND item_key = $2")
                        .bind(cart_id)
                        .bind(key)
                        .bind(i64::from(q.get()))
                        .execute(&mut *c)
                        .await?
                }
                None => sqlx::query("DELETE FROM cart_items WHERE cart_id = $1 AND item_key = $2").bind(cart_id).bind(key).execute(&mut *c).await?,
            };
            res.rows_affected()
        });
        if changed == 0 {
            return Err(StoreError::UnknownCartItem);
        }
        tx.commit().await?;
        self.cart(token).await
    }
}

/// Makes cart `$1` (the token) with `$5` of item `$3` (product `$4`, the "any" choices `$6`) in it; answers the cart's
/// id, or no row when a cart with the token exists (made meanwhile). One call to the database:
/// on PostgreSQL a data-changing CTE; SQLite has none, so two statements sent as one, the second
/// writing only when the first made the cart (`changes()`), and run under the writers' turn.
fn new_cart_with_item(db: &crate::Db) -> &'static str {
    match db {
        crate::Db::Postgres(_) => {
            "WITH c AS (INSERT INTO carts (token, revision, created_at, updated_at) VALUES ($1, 1, $2, $2) \
             ON CONFLICT (token) DO NOTHING RETURNING id) \
             INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position, variation) SELECT id, $3, $4, $5, 1, $6 FROM c RETURNING cart_id"
        }
        crate::Db::Sqlite(_) => {
            "INSERT INTO carts (token, revision, created_at, updated_at) VALUES ($1, 1, $2, $2) ON CONFLICT (token) DO NOTHING; \
             INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position, variation) \
             SELECT id, $3, $4, $5, 1, $6 FROM carts WHERE token = $1 AND changes() = 1 RETURNING cart_id"
        }
    }
}

/// Adds `$4` of item `$2` (product `$3`, with the "any" choices `$6`) to cart `$1` unless the cart
/// would then hold more than `$5`; answers a row only when it wrote.
macro_rules! add_item_sql {
    () => {
        "INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position, variation) \
         SELECT $1, $2, $3, $4, (SELECT COALESCE(MAX(position), 0) + 1 FROM cart_items WHERE cart_id = $1), $6 WHERE $4 <= $5 \
         ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity \
         WHERE cart_items.quantity + excluded.quantity <= $5 \
         RETURNING quantity"
    };
}
const ADD_ITEM: &str = add_item_sql!();

/// [`ADD_ITEM`], and when it wrote, the cart's revision counted at time `$7`: one call to the
/// database, as [`new_cart_with_item`] (SQLite: two statements sent as one, under the writers' turn).
fn add_item_counted(db: &crate::Db) -> &'static str {
    match db {
        crate::Db::Postgres(_) => concat!(
            "WITH i AS (",
            add_item_sql!(),
            "), u AS (UPDATE carts SET revision = revision + 1, updated_at = $7 WHERE id = $1 AND EXISTS (SELECT 1 FROM i)) \
             SELECT quantity FROM i"
        ),
        crate::Db::Sqlite(_) => concat!(add_item_sql!(), "; UPDATE carts SET revision = revision + 1, updated_at = $7 WHERE id = $1 AND changes() = 1"),
    }
}

/// Makes or finds the cart for `token`, counting a change of it (its revision), and answers
/// its id, in one statement. A cart that already became an order starts over empty, keeping
/// its token.
pub(crate) async fn touch_cart(tx: &mut Tx, token: &str) -> Result<i64> {
    on_tx!(tx, c => {
        let row = sqlx::query(
            "INSERT INTO carts (token, revision, created_at, updated_at) VALUES ($1, 1, $2, $2) \
             ON CONFLICT (token) DO UPDATE SET revision = carts.revision + 1, updated_at = excluded.updated_at RETURNING id, order_id",
        )
        .bind(token)
        .bind(now())
        .fetch_one(&mut *c)
        .await?;
        let id = row.i64("id")?;
        if row.opt_i64("order_id")?.is_some() {
            sqlx::query("DELETE FROM cart_items WHERE cart_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("DELETE FROM cart_coupons WHERE cart_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("UPDATE carts SET order_id = NULL, revision = revision + 1 WHERE id = $1").bind(id).execute(&mut *c).await?;
        }
        Ok(id)
    })
}
