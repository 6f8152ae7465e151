//! The Store API's cart and order built from the store's models: totals split into net and tax,
//! coupons, shipping rates, payment titles, download links.

use super::*;

impl Catalog<'_> {
    /// The cart as the Store API answers it.
    pub fn cart(&self, cart: &CartView) -> StoreCart {
        let t = &cart.totals;
        // WooCommerce's item totals are before discounts; the discount, the deposits and their
        // VAT come apart.
        let items_tax = t.items_vat().cents();
        // Each line's VAT, adding up to the items' (a client adding them up gets the total).
        let goods: Vec<(Money, VatRate)> = cart.items.iter().map(goods_line).collect();
        let line_vat =
            laden_domain::totals::goods_vat_by_line(&goods, Money::from_cents(items_tax));
        let shipping_net = (t.shipping.cents() - t.shipping_vat.cents()).to_string();
        let shipping_rates = if !cart.shipping.ships {
            Vec::new()
        } else {
            vec![ShippingPackage {
                package_id: 0,
                name: laden_domain::i18n::t("Shipment"),
                destination: Destination {
                    country: cart.shipping_country.clone(),
                },
                items: cart
                    .items
                    .iter()
                    .map(|i| PackageItem {
                        key: i.key.clone(),
                        name: i.product.name.clone(),
                        quantity: i.quantity,
                    })
                    .collect(),
                shipping_rates: cart
                    .shipping
                    .rates
                    .iter()
                    .map(|r| {
                        let chosen = cart.shipping.chosen.as_ref().is_some_and(|c| c.id == r.id);
                        ShippingRate {
                            rate_id: r.id.clone(),
                            name: r.title.clone(),
                            description: r.hours.clone(),
                            delivery_time: String::new(),
                            price: (r.charged - r.vat).cents().to_string(),
                            taxes: r.vat.cents().to_string(),
                            method_id: r.kind.id(),
                            instance_id: r.instance,
                            meta_data: Vec::new(),
                            selected: chosen,
                            currency: store::EUR,
                        }
                    })
                    .collect(),
            }]
        };
        StoreCart {
            items: cart
                .items
                .iter()
                .zip(line_vat)
                .map(|(i, tax)| self.cart_item(i, tax.cents()))
                .collect(),
            coupons: cart_coupons(cart),
            fees: cart_fees(cart),
            totals: CartTotals {
                total_items: (t.items.cents() - items_tax).to_string(),
                total_items_tax: items_tax.to_string(),
                total_fees: (t.deposit.cents() - t.deposit_vat.cents()).to_string(),
                total_fees_tax: t.deposit_vat.cents().to_string(),
                total_discount: (t.discount.cents() - t.discount_vat.cents()).to_string(),
                total_discount_tax: t.discount_vat.cents().to_string(),
                total_shipping: shipping_net,
                total_shipping_tax: t.shipping_vat.cents().to_string(),
                total_price: t.total.cents().to_string(),
                total_tax: t.vat_total.cents().to_string(),
                tax_lines: t
                    .vat
                    .iter()
                    .map(|v| TaxLine::new(v.rate_percent, v.vat.cents()))
                    .collect(),
                extensions: CartTotalsExtensions {
                    laden: LadenCartTotals {
                        total_items_gross: t.items.cents().to_string(),
                        total_shipping_gross: t.shipping.cents().to_string(),
                        total_discount_gross: t.discount.cents().to_string(),
                        total_fees_gross: t.deposit.cents().to_string(),
                        tax_free_notice: crate::blocks::supply_notice(
                            &cart.supply,
                            cart.items.iter().any(|i| !i.product.details.is_virtual),
                        )
                        .map(laden_domain::i18n::t),
                    },
                },
                currency: store::EUR,
            },
            shipping_address: Destination {
                country: cart.shipping_country.clone(),
            },
            billing_address: Empty {},
            needs_payment: !cart.items.is_empty(),
            needs_shipping: cart.items.iter().any(|i| !i.product.details.is_virtual),
            payment_requirements: vec!["products"],
            has_calculated_shipping: true,
            shipping_rates,
            items_count: cart.items_count(),
            items_weight: 0,
            cross_sells: Vec::new(),
            errors: Vec::new(),
            payment_methods: cart.payment_methods.clone(),
            extensions: Empty {},
        }
    }

    /// A cart item with `tax`, the VAT its line contains.
    fn cart_item(&self, i: &laden_store::CartItemView, tax: i64) -> CartItem {
        let p = &i.product;
        let unit = p.price.map_or(0, Money::cents);
        let regular = p.regular_price.or(p.price).map_or(0, Money::cents);
        let (gross, rate) = goods_line(i);
        let gross = gross.cents();
        let net = gross - tax;
        CartItem {
            key: i.key.clone(),
            id: p.id,
            kind: p.kind.as_str(),
            quantity: i.quantity,
            quantity_limits: QuantityLimits {
                minimum: 1,
                maximum: match p.stock {
                    _ if p.details.sold_individually => 1,
                    Some(s) if !p.details.backorders.allowed() => s.clamp(0, 9999),
                    _ => 9999,
                },
                multiple_of: 1,
                editable: true,
            },
            name: p.name.clone(),
            short_description: p.short_description.clone(),
            description: String::new(),
            sku: p.sku.clone().unwrap_or_default(),
            low_stock_remaining: p
                .stock
                .filter(|s| *s > 0 && *s <= p.low_stock_amount.unwrap_or(5)),
            backorders_allowed: p.details.backorders.allowed(),
            show_backorder_badge: p.stock_status == "onbackorder",
            sold_individually: p.details.sold_individually,
            permalink: i
                .permalink_slug
                .as_deref()
                .map(|s| self.product_link(s))
                .unwrap_or_default(),
            images: p
                .image_id
                .and_then(|id| self.image(id))
                .into_iter()
                .collect(),
            variation: i
                .variation
                .iter()
                .map(|v| ItemVariation {
                    attribute: v.attribute.clone(),
                    value: v.value.clone(),
                })
                .collect(),
            item_data: Vec::new(),
            prices: ItemPrices {
                price: unit.to_string(),
                regular_price: cents(p.regular_price.or(p.price)),
                sale_price: unit.to_string(),
                price_range: None,
                raw_prices: RawPrices {
                    precision: 6,
                    price: (unit * 10_000).to_string(),
                    regular_price: (regular * 10_000).to_string(),
                    sale_price: (unit * 10_000).to_string(),
                },
                currency: store::EUR,
            },
            totals: LineTotals {
                line_subtotal: net.to_string(),
                line_subtotal_tax: tax.to_string(),
                line_total: net.to_string(),
                line_total_tax: tax.to_string(),
                currency: store::EUR,
            },
            catalog_visibility: p.catalog_visibility.as_str(),
            extensions: CartItemExtensions {
                laden: LadenCartItem {
                    tax_rate: rate,
                    line_total_gross: gross.to_string(),
                    unit_price: unit_price(i.unit_pricing, p.price),
                    delivery_time: i.delivery_time.clone(),
                    parent: p.parent_id.unwrap_or(0),
                    cross_sell_ids: i.cross_sell_ids.clone(),
                    downloadable: i.downloadable,
                    special: i.special.clone().into(),
                    deposit: i.deposit.as_ref().map(store::DepositInfo::from),
                    tax_notice: products::margin_notice(i.margin),
                },
            },
        }
    }

    /// A category as the Store API answers it.
    pub fn category(&self, c: &Category) -> StoreCategory {
        StoreCategory {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
            description: c.description.clone(),
            parent: c.parent_id.unwrap_or(0),
            count: c.count,
            image: c.image_id.and_then(|id| self.image(id)),
            review_count: 0,
            permalink: self.category_link(&c.slug),
        }
    }

    /// A tag as `GET /wc/store/v1/products/tags` answers it (WooCommerce's term shape).
    pub fn tag(&self, t: &laden_store::Tag) -> StoreCategory {
        StoreCategory {
            id: t.id,
            name: t.name.clone(),
            slug: t.slug.clone(),
            description: t.description.clone(),
            parent: 0,
            count: t.count,
            image: None,
            review_count: 0,
            permalink: format!("{}/produkt-schlagwort/{}/", self.site_url, t.slug),
        }
    }
}

/// A deposit's fee: `gross` on a line at `rate` (no VAT where none is charged on deposits).
/// The deposits of lines given as (key, goods' name, gross deposit, VAT rate) as fees, their VAT
/// apportioned so that the fees add up to `total_fees_tax` to the cent
/// (`laden_domain::totals::vat_by_line`).
fn deposit_fees(lines: Vec<(String, &str, i64, VatRate)>) -> Vec<Fee> {
    let amounts: Vec<(Money, VatRate)> = lines
        .iter()
        .map(|&(_, _, gross, rate)| (Money::from_cents(gross), rate))
        .collect();
    let vat = laden_domain::totals::vat_by_line(&amounts);
    lines
        .into_iter()
        .zip(vat)
        .map(|((key, goods, gross, _), tax)| Fee {
            key,
            name: laden_domain::pricing::deposit::Deposit::line_name(goods),
            totals: FeeTotals {
                total: (gross - tax.cents()).to_string(),
                total_tax: tax.cents().to_string(),
                currency: store::EUR,
            },
        })
        .collect()
}

/// A cart item's goods as a line of the totals: gross, at its VAT rate (none for goods without
/// VAT or under the margin scheme).
fn goods_line(i: &laden_store::CartItemView) -> (Money, VatRate) {
    let unit = i.product.price.map_or(0, Money::cents);
    (
        Money::from_cents(unit * i64::from(i.quantity)),
        i.line().map_or(VatRate::ZERO, |l| l.rate()),
    )
}

/// The cart's deposits as fees, one a line carrying one (none of their VAT where the cart
/// charges no VAT on them, as a small business).
fn cart_fees(cart: &CartView) -> Vec<Fee> {
    let taxed = cart.totals.deposit_vat > Money::ZERO;
    deposit_fees(
        cart.items
            .iter()
            .filter_map(|i| {
                let line = i.line()?;
                let rate = if taxed { line.rate() } else { VatRate::ZERO };
                (line.deposit > Money::ZERO).then(|| {
                    (
                        format!("deposit-{}", i.key),
                        i.product.name.as_str(),
                        line.deposit_total().cents(),
                        rate,
                    )
                })
            })
            .collect(),
    )
}

/// The cart's coupons as the Store API lists them (`totals` net and tax, plus the gross amount).
pub fn cart_coupons(cart: &CartView) -> Vec<CartCoupon> {
    let parts = cart.totals.discount_parts();
    cart.coupons
        .iter()
        .zip(parts)
        .map(|(c, (gross, vat))| CartCoupon {
            code: c.code.clone(),
            discount_type: c.discount_type.as_str(),
            totals: CouponTotals {
                total_discount: (gross.cents() - vat.cents()).to_string(),
                total_discount_tax: vat.cents().to_string(),
                currency: store::EUR,
            },
            extensions: CartCouponExtensions {
                laden: LadenCartCoupon {
                    total_discount_gross: gross.cents().to_string(),
                },
            },
        })
        .collect()
}

/// One VAT rate of an order, as the order keeps them.
#[derive(serde::Deserialize)]
pub(super) struct KeptVat {
    rate_percent: VatRate,
    vat: i64,
}

/// A download link's path (the token is its secret).
pub fn download_path(token: &str) -> String {
    format!("/download/{token}")
}

impl From<&PlacedOrder> for StoreOrder {
    fn from(o: &PlacedOrder) -> Self {
        let items_tax: i64 = o.tax_total - o.shipping_tax + o.discount_tax - o.deposit_tax;
        let goods: Vec<(Money, VatRate)> = o
            .items
            .iter()
            .map(|i| (Money::from_cents(i.line_total), i.tax_rate))
            .collect();
        let line_vat =
            laden_domain::totals::goods_vat_by_line(&goods, Money::from_cents(items_tax));
        let taxes: Vec<KeptVat> = serde_json::from_value(o.taxes.clone()).unwrap_or_default();
        StoreOrder {
            id: o.id,
            order_key: o.key.clone(),
            order_number: o.id.to_string(),
            status: o.status.clone(),
            date_created: crate::dates::german_iso(o.created_at),
            items: o
                .items
                .iter()
                .zip(line_vat)
                .map(|(i, tax)| OrderItem {
                    id: i.product_id,
                    name: i.name.clone(),
                    sku: i.sku.clone(),
                    variation: i
                        .variation
                        .iter()
                        .map(|(attribute, value)| ItemVariation {
                            attribute: attribute.clone(),
                            value: value.clone(),
                        })
                        .collect(),
                    quantity: i.quantity,
                    prices: OrderItemPrices {
                        price: i.unit_price.to_string(),
                        regular_price: i.unit_price.to_string(),
                        sale_price: i.unit_price.to_string(),
                        currency: store::EUR,
                    },
                    totals: OrderLineTotals {
                        line_total: i.line_total.to_string(),
                        line_total_tax: tax.cents().to_string(),
                        currency: store::EUR,
                    },
                    extensions: OrderItemExtensions {
                        laden: LadenOrderItem {
                            tax_rate: i.tax_rate,
                            unit_price: i.unit_pricing.clone(),
                            delivery_time: i.delivery_time.clone(),
                            purchase_note: i.purchase_note.clone(),
                            deposit: i
                                .deposit_as_sold
                                .as_ref()
                                .filter(|_| i.deposit > 0)
                                .map(|d| store::DepositInfo::charged(d, i.deposit)),
                            tax_notice: products::margin_notice(i.margin),
                        },
                    },
                })
                .collect(),
            coupons: o
                .coupons
                .iter()
                .map(|c| OrderCoupon {
                    code: c.code.clone(),
                    totals: CouponTotals {
                        total_discount: (c.discount - c.discount_tax).to_string(),
                        total_discount_tax: c.discount_tax.to_string(),
                        currency: store::EUR,
                    },
                })
                .collect(),
            fees: deposit_fees(
                o.items
                    .iter()
                    .zip(1..)
                    .filter(|(i, _)| i.deposit > 0)
                    .map(|(i, n)| {
                        (
                            format!("deposit-{n}"),
                            i.name.as_str(),
                            i.deposit_total(),
                            i.tax_rate,
                        )
                    })
                    .collect(),
            ),
            totals: OrderTotals {
                subtotal: (o.items_total - items_tax).to_string(),
                total_items: (o.items_total - items_tax).to_string(),
                total_items_tax: items_tax.to_string(),
                total_discount: (o.discount_total - o.discount_tax).to_string(),
                total_discount_tax: o.discount_tax.to_string(),
                total_shipping: (o.shipping_total - o.shipping_tax).to_string(),
                total_shipping_tax: o.shipping_tax.to_string(),
                total_fees: (o.deposit_total - o.deposit_tax).to_string(),
                total_fees_tax: o.deposit_tax.to_string(),
                total_tax: o.tax_total.to_string(),
                total_refund: o.refunds.iter().map(|r| r.amount).sum::<i64>().to_string(),
                total_price: o.total.to_string(),
                tax_lines: taxes
                    .iter()
                    .map(|v| TaxLine::new(v.rate_percent, v.vat))
                    .collect(),
                currency: store::EUR,
            },
            shipping_address: o.shipping.clone(),
            billing_address: o.billing.clone(),
            payment_method: o.payment_method.clone(),
            payment_method_title: laden_domain::payment::title(&o.payment_method),
            customer_note: o.customer_note.clone(),
            needs_payment: crate::payments::needs_payment(o),
            needs_shipping: o.needs_shipping,
            payment_requirements: vec!["products"],
            errors: Vec::new(),
            extensions: OrderExtensions {
                laden: LadenOrder {
                    legal: o.legal.clone(),
                    withdrawn_at: o.withdrawn_at.map(crate::dates::german_iso),
                    downloads: o
                        .downloads
                        .iter()
                        .map(|g| cart::OrderDownload {
                            product_id: g.product_id,
                            product_name: g.product_name.clone(),
                            name: g.name.clone(),
                            url: download_path(&g.token),
                            downloads_remaining: g.remaining,
                            access_expires: g.expires_at.map(crate::dates::german_iso),
                        })
                        .collect(),
                    invoices: o
                        .invoices
                        .iter()
                        .map(|i| cart::OrderInvoice {
                            number: i.number.clone(),
                            kind: i.kind.as_str().to_owned(),
                            title: i.title(),
                            date: crate::dates::german_iso(i.issued_at),
                            url: crate::invoices::customer_url(i.id, &o.key),
                        })
                        .collect(),
                    shipping_method: o.shipping_method_title.clone(),
                    vat_id: o.vat_id.clone(),
                    reverse_charge: o.reverse_charge,
                    tax_free_notice: crate::blocks::tax_free_notice(o).map(laden_domain::i18n::t),
                    pay_url: crate::payments::needs_payment(o)
                        .then(|| crate::payments::pay_path(o)),
                },
            },
        }
    }
}
