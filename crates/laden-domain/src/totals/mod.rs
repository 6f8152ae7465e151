//! Cart and order totals. Prices are gross; the VAT they contain is derived.

use crate::{Money, TaxClass, VatRate};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    pub unit_price: Money,
    pub quantity: u32,
    pub tax_class: TaxClass,
    /// The class's rate where the sale is taxed: its German rate ([`TaxClass::rate`]) unless
    /// the line is priced for another member state ([`CartLine::taxed_at`]).
    pub vat_rate: VatRate,
    /// False for virtual goods: a cart of only those has no shipping.
    pub needs_shipping: bool,
    /// False for goods without VAT (WooCommerce tax status `none` or `shipping`).
    pub taxed: bool,
    /// False when the line's share of the shipping carries no VAT either (tax status `none`);
    /// tax status `shipping` has untaxed goods whose shipping is taxed at the line's rate.
    pub shipping_taxed: bool,
    /// The deposit (Pfand) on each item, gross, charged beside the price at the line's rate.
    pub deposit: Money,
}

impl CartLine {
    /// The VAT rate the line's price contains.
    pub fn rate(&self) -> VatRate {
        if self.taxed {
            self.vat_rate
        } else {
            VatRate::ZERO
        }
    }

    /// The VAT rate of the line's share of the shipping.
    pub fn shipping_rate(&self) -> VatRate {
        if self.shipping_taxed {
            self.vat_rate
        } else {
            VatRate::ZERO
        }
    }

    pub fn total(&self) -> Money {
        self.unit_price
            .times(self.quantity)
            .unwrap_or(Money::from_cents(i64::MAX / 4))
    }

    /// The line sold under the margin scheme for second-hand goods (§ 25a UStG) when `margin`:
    /// the VAT on the dealer's margin is not shown, neither on the goods nor on their share of
    /// shipping (a secondary service follows its goods), so the line carries none here.
    pub fn under_margin_scheme(self, margin: bool) -> CartLine {
        CartLine {
            taxed: self.taxed && !margin,
            shipping_taxed: self.shipping_taxed && !margin,
            ..self
        }
    }

    /// The line taxed at `rates` (a sale taxed in its destination, One-Stop-Shop): the gross
    /// price stays, the VAT it contains is the destination's („feste Bruttopreise“).
    pub fn taxed_at(self, rates: &crate::vat_rates::Rates) -> CartLine {
        CartLine {
            vat_rate: rates.rate(self.tax_class),
            ..self
        }
    }

    /// The deposit on all of the line's items.
    pub fn deposit_total(&self) -> Money {
        self.deposit
            .times(self.quantity)
            .unwrap_or(Money::from_cents(i64::MAX / 4))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct VatLine {
    pub rate_percent: VatRate,
    /// Gross amount at this rate, goods plus its share of shipping.
    pub gross: Money,
    /// The VAT contained in `gross`.
    pub vat: Money,
}

/// A coupon's discount on the goods (gross prices).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Discount {
    /// Hundredths of a percent of the goods' price (1000 = 10 %), at most 100 %.
    Percent(i64),
    /// A fixed amount off the cart, never more than the goods cost.
    FixedCart(Money),
}

/// A line's prices without their VAT (a reverse-charge supply): per item, the price and the
/// deposit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NetItem {
    pub price: Money,
    pub deposit: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// The goods before discounts (gross).
    pub items: Money,
    /// What the coupons take off the goods (gross), in total and per coupon in the order given.
    pub discount: Money,
    pub discounts: Vec<Money>,
    /// The VAT contained in the discount (the goods' VAT before minus after).
    pub discount_vat: Money,
    pub shipping: Money,
    /// VAT contained in the shipping cost.
    pub shipping_vat: Money,
    /// The deposits on the goods (gross): beside their price, untouched by coupons.
    pub deposit: Money,
    /// The VAT contained in the deposits.
    pub deposit_vat: Money,
    pub vat: Vec<VatLine>,
    pub vat_total: Money,
    pub total: Money,
}

/// A gross amount without the VAT it contains at `rate` (what a tax-free supply charges for it).
pub fn net_of(gross: Money, rate: VatRate) -> Money {
    gross - contained_vat(gross, rate)
}

/// The VAT `gross` contains at `rate`, exactly: (quotient, remainder) in cents over
/// `10000 + rate` (hundredths of a percent).
fn exact_vat(gross: Money, rate: VatRate) -> (i64, i64) {
    let den = 10_000 + rate.hundredths();
    let num = gross.cents() * rate.hundredths();
    (num.div_euclid(den), num.rem_euclid(den))
}

/// VAT contained in a gross amount, rounded half away from zero.
pub(crate) fn contained_vat(gross: Money, rate: VatRate) -> Money {
    let num = gross.cents() * rate.hundredths();
    let den = 10_000 + rate.hundredths();
    Money::from_cents((num + den / 2).div_euclid(den))
}

/// The VAT each line contains, for lines given as (gross amount, VAT rate; amounts not
/// negative), such that the lines of one rate add up to the VAT contained in their sum, as the
/// totals count it: each line gets its VAT rounded down or up, the cents rounding leaves over
/// going to the lines with the largest fractions (the earlier line on a tie). Lines listed apart
/// (the Store API's fees) then agree with the totals (`total_fees_tax`) to the cent.
pub fn vat_by_line(lines: &[(Money, VatRate)]) -> Vec<Money> {
    let exact = exact_vat;
    let mut vat: Vec<i64> = lines.iter().map(|&(g, r)| exact(g, r).0).collect();
    let rates: std::collections::BTreeSet<VatRate> = lines.iter().map(|&(_, r)| r).collect();
    for rate in rates {
        let of_rate: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].1 == rate).collect();
        let sum: Money = of_rate.iter().map(|&i| lines[i].0).sum();
        // Between 0 and the number of lines: the rounded sum is at least the sum of the lines
        // rounded down, and less than one cent a line above it.
        let left = contained_vat(sum, rate).cents() - of_rate.iter().map(|&i| vat[i]).sum::<i64>();
        let mut by_fraction = of_rate;
        by_fraction.sort_by_key(|&i| std::cmp::Reverse(exact(lines[i].0, rate).1));
        for i in by_fraction
            .into_iter()
            .take(usize::try_from(left).unwrap_or(0))
        {
            vat[i] += 1;
        }
    }
    vat.into_iter().map(Money::from_cents).collect()
}

/// The VAT each goods line contains, for lines given as (gross amount, VAT rate), adding up to
/// `total`, the goods' VAT as the totals count it ([`Totals::items_vat`]): [`vat_by_line`], then
/// the cents by which that differs (the totals round each rate's goods, shipping and deposits
/// together, so by a cent or two at most) settled one a line on the taxed lines, the largest
/// first. A line's VAT never goes below nothing; lines without VAT keep none.
pub fn goods_vat_by_line(lines: &[(Money, VatRate)], total: Money) -> Vec<Money> {
    let mut vat: Vec<i64> = vat_by_line(lines).iter().map(|m| m.cents()).collect();
    let mut taxed: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].1.is_zero())
        .collect();
    taxed.sort_by_key(|&i| std::cmp::Reverse(lines[i].0));
    let mut left = total.cents() - vat.iter().sum::<i64>();
    while left != 0 {
        let step = left.signum();
        let before = left;
        for &i in &taxed {
            if left == 0 {
                break;
            }
            if vat[i] + step >= 0 {
                vat[i] += step;
                left -= step;
            }
        }
        if left == before {
            break;
        }
    }
    vat.into_iter().map(Money::from_cents).collect()
}

/// Splits `amount` over the rates in proportion to `by_rate`; the rounding remainder goes to
/// the highest rate, so the parts add up exactly.
pub(crate) fn split(amount: Money, by_rate: &BTreeMap<VatRate, Money>) -> BTreeMap<VatRate, Money> {
    let whole: Money = by_rate.values().copied().sum();
    let mut parts = BTreeMap::new();
    if amount > Money::ZERO && whole > Money::ZERO {
        let mut assigned = Money::ZERO;
        for (&rate, &gross) in by_rate {
            let part = Money::from_cents(
                i64::try_from(
                    i128::from(amount.cents()) * i128::from(gross.cents())
                        / i128::from(whole.cents()),
                )
                .unwrap_or(0),
            );
            parts.insert(rate, part);
            assigned += part;
        }
        if let Some((_, top)) = parts.iter_mut().next_back() {
            *top += amount - assigned;
        }
    }
    parts
}

/// Each coupon's amount: percentages of the undiscounted goods (rounded half up), fixed amounts
/// as given; together never more than the goods.
fn discount_amounts(items: Money, discounts: &[Discount]) -> Vec<Money> {
    let mut left = items;
    discounts
        .iter()
        .map(|d| {
            let want = match *d {
                Discount::Percent(hundredths) => Money::from_cents(
                    (items.cents() * hundredths.clamp(0, 10_000) + 5_000) / 10_000,
                ),
                Discount::FixedCart(m) => Money::from_cents(m.cents().max(0)),
            };
            let take = if want > left { left } else { want };
            left = left - take;
            take
        })
        .collect()
}

/// Computes totals. Shipping is a secondary service: its VAT follows the goods,
/// split by the share of each rate in the goods' value (German practice,
/// BMF on Nebenleistungen).
pub fn compute(lines: &[CartLine], shipping: Money) -> Totals {
    compute_with_discounts(lines, shipping, &[])
}

/// [`compute`] with coupons. A discount lowers each rate's goods in proportion to their value
/// (so the VAT falls with it); the free-shipping threshold is measured after discounts, and a
/// cart discounted to nothing still pays for its shipping. Deposits are added at their goods'
/// rates after all that: no coupon takes anything off them, they do not count towards free
/// shipping, and shipping's VAT follows the goods alone.
pub fn compute_with_discounts(
    lines: &[CartLine],
    shipping: Money,
    discounts: &[Discount],
) -> Totals {
    let mut before: BTreeMap<VatRate, Money> = BTreeMap::new();
    let mut shipped: BTreeMap<VatRate, Money> = BTreeMap::new();
    let mut deposits: BTreeMap<VatRate, Money> = BTreeMap::new();
    for line in lines {
        *before.entry(line.rate()).or_default() += line.total();
        if line.deposit > Money::ZERO {
            *deposits.entry(line.rate()).or_default() += line.deposit_total();
        }
        if line.needs_shipping {
            *shipped.entry(line.shipping_rate()).or_default() += line.total();
        }
    }
    let ships = lines.iter().any(|l| l.needs_shipping);
    // Shipping shares follow the goods' own rates unless some goods are not shipped or their
    // shipping is taxed unlike them (tax status `shipping`).
    let all_ship = lines
        .iter()
        .all(|l| l.needs_shipping && l.taxed == l.shipping_taxed);
    let items: Money = before.values().copied().sum();
    let per_coupon = discount_amounts(items, discounts);
    let discount: Money = per_coupon.iter().copied().sum();
    let cut = split(discount, &before);
    let by_rate: BTreeMap<VatRate, Money> = before
        .iter()
        .map(|(&rate, &gross)| (rate, gross - cut.get(&rate).copied().unwrap_or_default()))
        .collect();
    let goods = items - discount;
    let shipping_cost = if items == Money::ZERO || !ships {
        Money::ZERO
    } else {
        shipping
    };

    // Shipping follows the shipped goods' shares after discounts (before them, when nothing is
    // left, or when some goods are not shipped).
    let shares = if !all_ship {
        &shipped
    } else if goods > Money::ZERO {
        &by_rate
    } else {
        &before
    };
    let shipping_parts = split(shipping_cost, shares);

    let mut vat = Vec::new();
    let mut shipping_vat = Money::ZERO;
    let rates: std::collections::BTreeSet<VatRate> = by_rate
        .keys()
        .chain(shipping_parts.keys())
        .chain(deposits.keys())
        .copied()
        .collect();
    for &rate in rates.iter().rev() {
        let goods = by_rate.get(&rate).copied().unwrap_or_default();
        let ship = shipping_parts.get(&rate).copied().unwrap_or_default();
        let gross = goods + ship + deposits.get(&rate).copied().unwrap_or_default();
        let line_vat = contained_vat(gross, rate);
        shipping_vat += contained_vat(ship, rate);
        vat.push(VatLine {
            rate_percent: rate,
            gross,
            vat: line_vat,
        });
    }
    // Goods without VAT have no VAT line (their gross stays in the total).
    vat.retain(|v| !v.rate_percent.is_zero());
    let vat_total = vat.iter().map(|v| v.vat).sum();
    let vat_before: Money = before
        .iter()
        .map(|(&rate, &gross)| contained_vat(gross, rate))
        .sum();
    let vat_after: Money = by_rate
        .iter()
        .map(|(&rate, &gross)| contained_vat(gross, rate))
        .sum();
    let deposit: Money = deposits.values().copied().sum();
    Totals {
        items,
        discount,
        discounts: per_coupon,
        discount_vat: vat_before - vat_after,
        shipping: shipping_cost,
        shipping_vat,
        deposit,
        deposit_vat: deposits
            .iter()
            .filter(|(&rate, _)| !rate.is_zero())
            .map(|(&rate, &gross)| contained_vat(gross, rate))
            .sum(),
        vat,
        vat_total,
        total: goods + deposit + shipping_cost,
    }
}

impl Totals {
    /// The VAT the goods contain before coupons, as WooCommerce's item totals count it: the
    /// total's VAT without shipping's and the deposits', with the discount's added back.
    pub fn items_vat(&self) -> Money {
        self.vat_total - self.shipping_vat + self.discount_vat - self.deposit_vat
    }

    /// Each coupon's discount (gross) with its share of the discount's VAT; the rounding
    /// remainder goes to the last, so the shares add up to `discount_vat`.
    pub fn discount_parts(&self) -> Vec<(Money, Money)> {
        let total = self.discount.cents();
        let mut vat_left = self.discount_vat.cents();
        let n = self.discounts.len();
        self.discounts
            .iter()
            .enumerate()
            .map(|(i, amount)| {
                let vat = if i + 1 == n || total == 0 {
                    vat_left
                } else {
                    self.discount_vat.cents() * amount.cents() / total
                };
                vat_left -= vat;
                (*amount, Money::from_cents(vat))
            })
            .collect()
    }

    /// The totals of a reverse-charge supply (§13b UStG): the customer owes the VAT, so every
    /// price is charged without the VAT it contains. Each line's unit price and deposit lose
    /// their VAT (rounded per item, so a line is its unit price times its quantity), shipping
    /// and the coupons theirs; the total is what is left. Returns each line's net unit price
    /// and net deposit per item.
    pub fn reverse_charged(&self, lines: &[CartLine]) -> (Vec<NetItem>, Totals) {
        let net = net_of;
        let units: Vec<NetItem> = lines
            .iter()
            .map(|l| NetItem {
                price: net(l.unit_price, l.rate()),
                deposit: net(l.deposit, l.rate()),
            })
            .collect();
        let times = |m: Money, l: &CartLine| Money::from_cents(m.cents() * i64::from(l.quantity));
        let items: Money = lines
            .iter()
            .zip(&units)
            .map(|(l, u)| times(u.price, l))
            .sum();
        let deposit: Money = lines
            .iter()
            .zip(&units)
            .map(|(l, u)| times(u.deposit, l))
            .sum();
        let parts = self.discount_parts();
        let discounts: Vec<Money> = parts.iter().map(|(amount, vat)| *amount - *vat).collect();
        let discount: Money = discounts.iter().copied().sum();
        let shipping = self.shipping - self.shipping_vat;
        let totals = Totals {
            items,
            discount,
            discounts,
            discount_vat: Money::ZERO,
            shipping,
            shipping_vat: Money::ZERO,
            deposit,
            deposit_vat: Money::ZERO,
            vat: Vec::new(),
            vat_total: Money::ZERO,
            total: items - discount + deposit + shipping,
        };
        (units, totals)
    }

    /// The same totals for a small business (§19 UStG): no VAT is charged, so none is contained.
    pub fn without_vat(self) -> Totals {
        Totals {
            shipping_vat: Money::ZERO,
            discount_vat: Money::ZERO,
            deposit_vat: Money::ZERO,
            vat: Vec::new(),
            vat_total: Money::ZERO,
            ..self
        }
    }
}

#[cfg(test)]
mod tests;
