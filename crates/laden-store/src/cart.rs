use crate::db::{Store, Tx};
use crate::decode::{product_from_row, PRODUCT_COLS};
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::{Product, ProductKind, HOME_COUNTRY};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::totals::{CartLine, Totals};
use laden_domain::{Quantity, ShippingRule};
use serde::Serialize;

/// One attribute choice sent with add-item: `{attribute, value}`.
#[derive(Debug, Clone, serde::Deserialize, Serialize)]
pub struct VariationChoice {
    pub attribute: String,
    pub value: String,
}

pub struct AddItem {
    pub product_id: i64,
    pub quantity: Quantity,
    pub variation: Vec<VariationChoice>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CartItemView {
    pub key: String,
    pub quantity: u32,
    pub product: Product,
    /// The chosen attribute values of a variation, in the parent's attribute order.
    pub variation: Vec<VariationChoice>,
    /// The parent's slug, for links (variations have none of their own).
    pub permalink_slug: Option<String>,
    /// Grundpreis data in force (a variation's with its parent's unit).
    #[serde(skip)]
    pub unit_pricing: Option<laden_domain::UnitPricing>,
    /// The delivery time the product states (a variation's, else its parent's; empty: the shop's default).
    pub delivery_time: String,
    /// The product's cross-sells (a variation's parent's).
    pub cross_sell_ids: Vec<i64>,
    /// Downloadable (or a variation of a downloadable product): the digital waiver applies.
    pub downloadable: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct CartView {
    pub token: String,
    pub revision: i64,
    pub items: Vec<CartItemView>,
    pub totals: Totals,
    /// The payment methods the shop offers (read with the shipping rule, one settings read).
    pub payment_methods: Vec<String>,
    /// The delivery country the totals are for (the shop's home until the shopper names one).
    pub shipping_country: String,
    /// The shipping zone that prices it (`None`: all other delivery countries).
    pub shipping_zone: Option<String>,
    /// The coupons that apply now, in the order applied; `totals.discounts` follows it.
    pub coupons: Vec<crate::Coupon>,
}

impl CartView {
    pub fn items_count(&self) -> u32 {
        self.items.iter().map(|i| i.quantity).sum()
    }
}

/// A cart item's key: stable per product, opaque to clients (32 hex digits, like WooCommerce's).
fn item_key(product_id: i64) -> String {
    fn fnv(seed: u64, data: &[u8]) -> u64 {
        let mut h = seed;
        for b in data {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    }
    let data = format!("laden-cart-item:{product_id}");
    format!(
        "{:016x}{:016x}",
        fnv(0xcbf2_9ce4_8422_2325, data.as_bytes()),
        fnv(0x8422_2325_cbf2_9ce4, data.as_bytes())
    )
}

/// Finds the variation whose attributes match the choices; an empty variation value means "any"
/// (the rule: [`laden_domain::variation::matches`]).
pub(crate) fn match_variation<'a>(
    variations: &'a [Product],
    choices: &[VariationChoice],
) -> Option<&'a Product> {
    let chosen: Vec<(&str, &str)> = choices
        .iter()
        .map(|c| (c.attribute.as_str(), c.value.as_str()))
        .collect();
    variations.iter().find(|v| {
        laden_domain::variation::matches(
            v.attributes
                .iter()
                .map(|a| (a.name.as_str(), a.options.first().map(String::as_str))),
            &chosen,
        )
    })
}

impl Store {
    /// The cart for `token`; a token with no cart yet reads as an empty cart.
    pub async fn cart(&self, token: &str) -> Result<CartView> {
        let cart = on_db!(&self.db, p => {
            sqlx::query("SELECT id, revision, order_id, shipping_country FROM carts WHERE token = $1")
                .bind(token)
                .fetch_optional(p)
                .await?
                .map(|r| Ok::<_, StoreError>((r.i64("id")?, r.i64("revision")?, r.opt_i64("order_id")?, r.opt_text("shipping_country")?)))
                .transpose()?
        });
        let open_id = cart
            .as_ref()
            .and_then(|(id, _, order, _)| order.is_none().then_some(*id));
        let (revision, items, country, coupons) = match cart {
            None => (0, Vec::new(), None, Vec::new()),
            // A cart that became an order reads as empty until it is used again.
            Some((_, revision, Some(_), country)) => (revision, Vec::new(), country, Vec::new()),
            Some((id, revision, None, country)) => (
                revision,
                self.load_items(id).await?,
                country,
                self.cart_coupons(id).await?,
            ),
        };
        self.view_of(token, open_id, revision, items, country, coupons)
            .await
    }

    /// The cart of a token made for this request: empty, and nothing to look up.
    pub async fn new_cart(&self, token: &str) -> Result<CartView> {
        self.view_of(token, None, 0, Vec::new(), None, Vec::new())
            .await
    }

    /// The cart's view from what it holds: totals for its delivery country with the shop's
    /// shipping, and without a coupon that no longer applies (dropped from an open cart).
    async fn view_of(
        &self,
        token: &str,
        open_id: Option<i64>,
        revision: i64,
        items: Vec<CartItemView>,
        country: Option<String>,
        coupons: Vec<crate::Coupon>,
    ) -> Result<CartView> {
        let shop = self.settings().await?.shop;
        let country = country
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| HOME_COUNTRY.to_owned());
        let (zone, rule) = shop.shipping_for(&country);
        let zone = zone.map(str::to_owned);
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
        let mut cart = view(token, revision, items, rule, coupons);
        if shop.small_business {
            cart.totals = cart.totals.without_vat();
        }
        Ok(CartView {
            payment_methods: shop.payment_methods,
            shipping_country: country,
            shipping_zone: zone,
            ..cart
        })
    }

    /// Sets the delivery country the cart's totals are computed for (Store API
    /// `cart/update-customer`). `country` must be one the shop delivers to.
    pub async fn set_cart_country(&self, token: &str, country: &str) -> Result<CartView> {
        let country = country.trim().to_uppercase();
        if !laden_domain::address::COUNTRIES.contains(&country.as_str()) {
            return Err(StoreError::Invalid(vec![(
                "shipping_address.country".into(),
                "We do not deliver to this country.".into(),
            )]));
        }
        let t = now();
        on_db!(&self.db, p => {
            sqlx::query(
                "INSERT INTO carts (token, revision, created_at, updated_at, shipping_country) VALUES ($1, 0, $2, $2, $3) \
                 ON CONFLICT (token) DO UPDATE SET shipping_country = excluded.shipping_country, updated_at = excluded.updated_at",
            )
            .bind(token)
            .bind(t)
            .bind(&country)
            .execute(p)
            .await?;
        });
        self.cart(token).await
    }

    async fn load_items(&self, cart_id: i64) -> Result<Vec<CartItemView>> {
        let sql = format!(
            "SELECT ci.item_key, ci.quantity, {} , (SELECT slug FROM products pp WHERE pp.id = p.parent_id) AS parent_slug \
             FROM cart_items ci JOIN products p ON p.id = ci.product_id WHERE ci.cart_id = $1 ORDER BY ci.position",
            PRODUCT_COLS.split(", ").map(|c| format!("p.{c}")).collect::<Vec<_>>().join(", ")
        );
        let rows: Vec<(String, i64, Product, Option<String>)> = on_db!(&self.db, p => {
            let rows = sqlx::query(&sql).bind(cart_id).fetch_all(p).await?;
            rows.iter()
                .map(|r| Ok((r.text("item_key")?, r.i64("quantity")?, product_from_row(r)?, r.opt_text("parent_slug")?)))
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
        let product = self.sold_product(&item).await?;
        let key = item_key(product.id);
        let (cart_id, held) = if new_token {
            (None, 0)
        } else {
            self.held(token, &key).await?
        };
        let cart_id = match cart_id {
            // A cart that became an order starts over (rare): in one transaction.
            Some((_, true)) => {
                return self
                    .add_to_ordered_cart(token, &product, &key, adding)
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
                    let rows = sqlx::query(new_cart_with_item(&self.db)).bind(token).bind(now()).bind(&key).bind(product.id).bind(adding).fetch_all(p).await?;
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
                    .view_of(token, Some(id), 1, vec![item], None, Vec::new())
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
    async fn sold_product(&self, item: &AddItem) -> Result<Product> {
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
        purchasable(named, &variations, item)
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
        adding: i64,
    ) -> Result<CartView> {
        let limit = allowed(product, adding)?;
        let mut tx = self.begin().await?;
        let cart_id = touch_cart(&mut tx, token).await?;
        let written = on_tx!(&mut tx, c => {
            sqlx::query(ADD_ITEM).bind(cart_id).bind(key).bind(product.id).bind(adding).bind(limit).fetch_optional(&mut *c).await?.is_some()
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

/// The product add-item names, as sold: a variable product's variation (one of `variations`,
/// its published ones) chosen by the item's attributes.
fn purchasable(product: Product, variations: &[Product], item: &AddItem) -> Result<Product> {
    if product.status != "publish" {
        return Err(StoreError::NotFound(Missing::Product));
    }
    let product = match product.kind {
        ProductKind::Variable => {
            if item.variation.is_empty() {
                return Err(StoreError::VariationRequired);
            }
            match_variation(variations, &item.variation)
                .cloned()
                .ok_or(StoreError::InvalidVariation)?
        }
        // A grouped product's children are added one by one; an external one is sold elsewhere.
        ProductKind::Grouped | ProductKind::External => {
            return Err(StoreError::NotPurchasable(product.id))
        }
        ProductKind::Simple | ProductKind::Variation => product,
    };
    if product.price.is_none() {
        return Err(StoreError::NotPurchasable(product.id));
    }
    Ok(product)
}

/// One line of a cart: the product as sold (a variation with its parent among `parents`).
fn item_view(
    key: String,
    qty: i64,
    product: Product,
    parents: &[Product],
    parent_slug: Option<String>,
) -> CartItemView {
    let parent = product
        .parent_id
        .and_then(|pid| parents.iter().find(|p| p.id == pid));
    let unit_pricing = product.unit_pricing(parent);
    let delivery_time = product.own_delivery_time(parent).to_owned();
    let cross_sell_ids = parent
        .map_or(&product.details.cross_sell_ids, |p| {
            &p.details.cross_sell_ids
        })
        .clone();
    let downloadable =
        product.details.downloadable || parent.is_some_and(|p| p.details.downloadable);
    let variation = parent
        .map(|parent| {
            parent
                .attributes
                .iter()
                .filter(|a| a.variation)
                .filter_map(|a| {
                    let own = product.attributes.iter().find(|v| v.name == a.name)?;
                    Some(VariationChoice {
                        attribute: a.name.clone(),
                        value: own.options.first().cloned().unwrap_or_default(),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let permalink_slug = parent_slug.or_else(|| product.slug.clone());
    CartItemView {
        key,
        quantity: u32::try_from(qty).unwrap_or(0),
        product,
        variation,
        permalink_slug,
        unit_pricing,
        delivery_time,
        cross_sell_ids,
        downloadable,
    }
}

/// Makes cart `$1` (the token) with `$5` of item `$3` (product `$4`) in it; answers the cart's
/// id, or no row when a cart with the token exists (made meanwhile). One call to the database:
/// on PostgreSQL a data-changing CTE; SQLite has none, so two statements sent as one, the second
/// writing only when the first made the cart (`changes()`), and run under the writers' turn.
fn new_cart_with_item(db: &crate::Db) -> &'static str {
    match db {
        crate::Db::Postgres(_) => {
            "WITH c AS (INSERT INTO carts (token, revision, created_at, updated_at) VALUES ($1, 1, $2, $2) \
             ON CONFLICT (token) DO NOTHING RETURNING id) \
             INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position) SELECT id, $3, $4, $5, 1 FROM c RETURNING cart_id"
        }
        crate::Db::Sqlite(_) => {
            "INSERT INTO carts (token, revision, created_at, updated_at) VALUES ($1, 1, $2, $2) ON CONFLICT (token) DO NOTHING; \
             INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position) \
             SELECT id, $3, $4, $5, 1 FROM carts WHERE token = $1 AND changes() = 1 RETURNING cart_id"
        }
    }
}

/// Adds `$4` of item `$2` (product `$3`) to cart `$1` unless the cart would then hold more than
/// `$5`; answers a row only when it wrote.
macro_rules! add_item_sql {
    () => {
        "INSERT INTO cart_items (cart_id, item_key, product_id, quantity, position) \
         SELECT $1, $2, $3, $4, (SELECT COALESCE(MAX(position), 0) + 1 FROM cart_items WHERE cart_id = $1) WHERE $4 <= $5 \
         ON CONFLICT (cart_id, item_key) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity \
         WHERE cart_items.quantity + excluded.quantity <= $5 \
         RETURNING quantity"
    };
}
const ADD_ITEM: &str = add_item_sql!();

/// [`ADD_ITEM`], and when it wrote, the cart's revision counted at time `$6`: one call to the
/// database, as [`new_cart_with_item`] (SQLite: two statements sent as one, under the writers' turn).
fn add_item_counted(db: &crate::Db) -> &'static str {
    match db {
        crate::Db::Postgres(_) => concat!(
            "WITH i AS (",
            add_item_sql!(),
            "), u AS (UPDATE carts SET revision = revision + 1, updated_at = $6 WHERE id = $1 AND EXISTS (SELECT 1 FROM i)) \
             SELECT quantity FROM i"
        ),
        crate::Db::Sqlite(_) => concat!(add_item_sql!(), "; UPDATE carts SET revision = revision + 1, updated_at = $6 WHERE id = $1 AND changes() = 1"),
    }
}

/// How much of `product` can be sold: none when it is marked out of stock, its stock when
/// stock is kept, else no limit.
/// A product that takes backorders has no limit.
fn available(product: &Product) -> i64 {
    if product.stock_status == "outofstock" {
        0
    } else if product.details.backorders.allowed() {
        i64::MAX
    } else {
        product.stock.unwrap_or(i64::MAX).max(0)
    }
}

/// Checks that a cart may hold `wanted` of `product`; answers the most it may hold (one of a
/// product sold individually).
fn allowed(product: &Product, wanted: i64) -> Result<i64> {
    let limit = laden_domain::product_rules::line_limit(
        available(product).min(i64::from(Quantity::MAX)),
        product.details.sold_individually,
    );
    if wanted > limit {
        return Err(too_many(product));
    }
    Ok(limit)
}

/// The refusal of more of `product` than [`allowed`] gives: what the stock holds, or the
/// largest quantity a cart line takes when the stock is larger.
fn too_many(product: &Product) -> StoreError {
    match available(product) {
        n if n > 0 && product.details.sold_individually => StoreError::SoldIndividually {
            name: product.name.clone(),
        },
        n if n < i64::from(Quantity::MAX) => StoreError::OutOfStock {
            product_id: product.id,
            name: product.name.clone(),
            available: n,
        },
        _ => StoreError::Quantity(laden_domain::QuantityError::TooLarge),
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

fn lines_of(items: &[CartItemView]) -> Vec<CartLine> {
    items
        .iter()
        .filter_map(|i| i.product.cart_line(i.quantity))
        .collect()
}

/// The cart's totals with its coupons (all of which apply).
fn view(
    token: &str,
    revision: i64,
    items: Vec<CartItemView>,
    shipping: ShippingRule,
    coupons: Vec<crate::Coupon>,
) -> CartView {
    let lines = lines_of(&items);
    let discounts: Vec<laden_domain::Discount> =
        coupons.iter().map(crate::Coupon::discount).collect();
    let totals = laden_domain::totals::compute_with_discounts(&lines, shipping, &discounts);
    CartView {
        token: token.to_owned(),
        revision,
        items,
        totals,
        payment_methods: Vec::new(),
        shipping_country: HOME_COUNTRY.to_owned(),
        shipping_zone: None,
        coupons,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::models::Attribute;

    fn variation(id: i64, attrs: &[(&str, &str)]) -> Product {
        Product {
            id,
            parent_id: Some(1),
            kind: ProductKind::Variation,
            name: String::new(),
            slug: None,
            sku: None,
            status: "publish".into(),
            featured: false,
            catalog_visibility: Default::default(),
            short_description: String::new(),
            description: String::new(),
            regular_price: None,
            sale_price: None,
            price: None,
            max_price: None,
            tax_class: laden_domain::TaxClass::Standard,
            stock: None,
            stock_status: "instock".into(),
            low_stock_amount: None,
            image_id: None,
            gallery: Vec::new(),
            attributes: attrs
                .iter()
                .map(|(n, v)| Attribute {
                    name: (*n).into(),
                    options: if v.is_empty() {
                        vec![]
                    } else {
                        vec![(*v).into()]
                    },
                    variation: true,
                    visible: true,
                })
                .collect(),
            attached: Default::default(),
            menu_order: 0,
            rating_count: 0,
            rating_sum: 0,
            total_sales: 0,
            seo_title: String::new(),
            seo_description: String::new(),
            created_at: 0,
            updated_at: 0,
            category_ids: Vec::new(),
            unit: Default::default(),
            delivery_time: String::new(),
            lowest_price: None,
            ..Product::default()
        }
    }

    fn choose(pairs: &[(&str, &str)]) -> Vec<VariationChoice> {
        pairs
            .iter()
            .map(|(a, v)| VariationChoice {
                attribute: (*a).into(),
                value: (*v).into(),
            })
            .collect()
    }

    #[test]
    fn matches_variations() {
        let vs = vec![
            variation(10, &[("Größe", "250 g"), ("Mahlgrad", "Ganze Bohne")]),
            variation(11, &[("Größe", "1 kg"), ("Mahlgrad", "")]),
        ];
        let cases: Vec<(Vec<VariationChoice>, Option<i64>)> = vec![
            (
                choose(&[("Größe", "250 g"), ("Mahlgrad", "Ganze Bohne")]),
                Some(10),
            ),
            (
                choose(&[
                    ("attribute_pa_groesse", "1 kg"),
                    ("pa_mahlgrad", "Espresso"),
                ]),
                Some(11),
            ),
            (
                choose(&[("groesse", "250 g"), ("mahlgrad", "ganze bohne")]),
                Some(10),
            ),
            (
                choose(&[("Größe", "500 g"), ("Mahlgrad", "Ganze Bohne")]),
                None,
            ),
            (choose(&[("Größe", "1 kg")]), None),
        ];
        for (choice, want) in cases {
            assert_eq!(
                match_variation(&vs, &choice).map(|v| v.id),
                want,
                "{choice:?}"
            );
        }
    }

    #[test]
    fn item_keys_are_stable_and_distinct() {
        assert_eq!(item_key(5), item_key(5));
        assert_ne!(item_key(5), item_key(6));
        assert_eq!(item_key(5).len(), 32);
    }

    /// What a cart may hold of a product, and the refusal past it, by its stock.
    #[test]
    fn allowed_follows_the_stock() {
        let max = i64::from(Quantity::MAX);
        // (stock status, stock, wanted, the limit or the refusal's figure: Some(n) = "only n", None = too large a quantity)
        type Limit = std::result::Result<i64, Option<i64>>;
        let cases: [(&str, Option<i64>, i64, Limit); 9] = [
            ("instock", None, 1, Ok(max)),
            ("instock", None, max, Ok(max)),
            ("instock", None, max + 1, Err(None)),
            ("instock", Some(5), 5, Ok(5)),
            ("instock", Some(5), 6, Err(Some(5))),
            ("instock", Some(-2), 1, Err(Some(0))),
            ("outofstock", Some(5), 1, Err(Some(0))),
            ("onbackorder", Some(20_000), max + 1, Err(None)),
            ("instock", Some(20_000), 12_000, Err(None)),
        ];
        for (status, stock, wanted, expected) in cases {
            let mut p = variation(7, &[]);
            p.stock_status = status.into();
            p.stock = stock;
            let got = allowed(&p, wanted).map_err(|e| match e {
                StoreError::OutOfStock {
                    available,
                    product_id: 7,
                    ..
                } => Some(available),
                StoreError::Quantity(laden_domain::QuantityError::TooLarge) => None,
                other => panic!("{other:?}"),
            });
            assert_eq!(got, expected, "{status} {stock:?} {wanted}");
        }
    }
}
