//! How an order's amounts fall on its VAT rates: each rate's share of the goods, the coupons and
//! the shipping (margin-scheme goods apart), apportioned to the cent by largest remainder, and the
//! document's parts (line nets, charges, allowances, the VAT breakdown) worked out from them.

use super::{Category, Charged, DocPart, InvoiceInput, SoldLine, TaxPart};
use crate::i18n::{t, tf};
use crate::totals::{contained_vat, split};
use crate::Money;
use std::collections::BTreeMap;

pub(super) fn category(
    rate: i64,
    margin: bool,
    small_business: bool,
    reverse_charge: bool,
) -> Category {
    match rate {
        r if r > 0 => Category::S,
        _ if small_business => Category::E,
        _ if margin => Category::Margin,
        _ if reverse_charge => Category::AE,
        _ => Category::Z,
    }
}

/// Splits `amount` over `weights` in proportion, by largest remainder: the parts add up exactly.
pub(super) fn apportion(amount: Money, weights: &[Money]) -> Vec<Money> {
    let whole: i128 = weights.iter().map(|w| i128::from(w.cents())).sum();
    if whole == 0 {
        let mut parts = vec![Money::ZERO; weights.len()];
        if let Some(first) = parts.first_mut() {
            *first = amount;
        }
        return parts;
    }
    let a = i128::from(amount.cents());
    let mut parts: Vec<(usize, i128, i128)> = weights
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let exact = a * i128::from(w.cents());
            (i, exact.div_euclid(whole), exact.rem_euclid(whole))
        })
        .collect();
    let mut left = a - parts.iter().map(|p| p.1).sum::<i128>();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by(|&x, &y| parts[y].2.cmp(&parts[x].2).then(x.cmp(&y)));
    for i in order {
        if left <= 0 {
            break;
        }
        parts[i].1 += 1;
        left -= 1;
    }
    parts
        .into_iter()
        .map(|p| Money::from_cents(i64::try_from(p.1).unwrap_or(0)))
        .collect()
}

/// The places of the lines of `share`: sold at its rate, under the margin scheme or not.
pub(super) fn lines_at(lines: &[SoldLine], share: &RateShare) -> Vec<usize> {
    (0..lines.len())
        .filter(|&i| lines[i].rate == share.rate && lines[i].margin == share.margin)
        .collect()
}

/// The gross amounts of the lines at `at`, to share a rate's amounts out by.
pub(super) fn weights(lines: &[SoldLine], at: &[usize]) -> Vec<Money> {
    at.iter().map(|&i| lines[i].gross).collect()
}

/// The same for a rate's coupons, which take nothing off a deposit.
pub(super) fn discount_weights(lines: &[SoldLine], at: &[usize]) -> Vec<Money> {
    at.iter()
        .map(|&i| match lines[i].deposit {
            true => Money::ZERO,
            false => lines[i].gross,
        })
        .collect()
}

/// What one VAT rate of the order holds: the coupons' share of its goods, shipping's share, and
/// the rate's gross and VAT as the checkout charged them.
pub(super) struct RateShare {
    pub(super) rate: i64,
    /// The share of the goods sold under the margin scheme (at rate 0, beside any other goods
    /// without VAT).
    pub(super) margin: bool,
    pub(super) discount: Money,
    pub(super) shipping: Money,
    pub(super) gross: Money,
    pub(super) vat: Money,
}

impl RateShare {
    /// The rate's net amounts: its goods before the coupons, the coupons' share and shipping's
    /// share. The goods take the rounding, so goods − coupons + shipping is the rate's basis.
    pub(super) fn nets(&self) -> (Money, Money, Money) {
        let net_of = |m: Money| {
            if self.vat == Money::ZERO {
                m
            } else {
                m - contained_vat(m, self.rate)
            }
        };
        let (d_net, s_net) = (net_of(self.discount), net_of(self.shipping));
        (self.gross - self.vat + d_net - s_net, d_net, s_net)
    }
}

/// The order's rates, highest first: the goods per rate, the coupons' share of each (as the cart
/// split them), and shipping's share (what the rate's gross holds beyond its discounted goods).
/// Shipping no VAT line holds (goods without VAT, a small business) goes to the lowest rate.
pub(super) fn rate_shares(input: &Charged) -> Vec<RateShare> {
    let sb = input.small_business;
    let mut goods: BTreeMap<i64, Money> = BTreeMap::new();
    // The coupons were shared out by the goods alone, deposits left out (as the cart did).
    let mut discounted: BTreeMap<i64, Money> = BTreeMap::new();
    for l in input.lines {
        *goods.entry(l.rate).or_default() += l.gross;
        if !l.deposit {
            *discounted.entry(l.rate).or_default() += l.gross;
        }
    }
    let cut = split(input.discount, &discounted);
    let charged: BTreeMap<i64, (Money, Money)> = input
        .taxes
        .iter()
        .filter(|t| t.rate_percent > 0 && !sb)
        .map(|t| (t.rate_percent, (t.gross, t.vat)))
        .collect();
    let mut rates: Vec<i64> = goods.keys().chain(charged.keys()).copied().collect();
    rates.sort_unstable_by(|a, b| b.cmp(a));
    rates.dedup();
    let mut shipping_left = input.shipping;
    let mut shares: Vec<RateShare> = Vec::new();
    for &rate in &rates {
        let g = goods.get(&rate).copied().unwrap_or_default();
        let d = cut.get(&rate).copied().unwrap_or_default();
        let (gross, vat) = match charged.get(&rate) {
            Some(&(gross, vat)) => (gross, vat),
            None => (g - d, Money::ZERO),
        };
        let s = if rate > 0 && charged.contains_key(&rate) {
            gross - (g - d)
        } else {
            Money::ZERO
        };
        shipping_left = shipping_left - s;
        shares.push(RateShare {
            rate,
            margin: false,
            discount: d,
            shipping: s,
            gross,
            vat,
        });
    }
    if shipping_left != Money::ZERO {
        if let Some(last) = shares.last_mut() {
            last.shipping += shipping_left;
            last.gross += shipping_left;
        } else {
            shares.push(RateShare {
                rate: 0,
                margin: false,
                discount: Money::ZERO,
                shipping: shipping_left,
                gross: shipping_left,
                vat: Money::ZERO,
            });
        }
    }
    with_margin_apart(shares, input.lines)
}

/// The share without VAT as two where it holds goods sold under the margin scheme beside other
/// goods without VAT: each with its goods, and the share's coupons (by the goods they took
/// from) and shipping (by the goods) in proportion. Where it holds only such goods, it is theirs.
pub(super) fn with_margin_apart(mut shares: Vec<RateShare>, lines: &[SoldLine]) -> Vec<RateShare> {
    let Some(at) = shares.iter().position(|s| s.rate == 0) else {
        return shares;
    };
    let zero: Vec<&SoldLine> = lines.iter().filter(|l| l.rate == 0).collect();
    if !zero.iter().any(|l| l.margin) {
        return shares;
    }
    if zero.iter().all(|l| l.margin) {
        shares[at].margin = true;
        return shares;
    }
    let share = shares.remove(at);
    let part = |margin: bool, discounted: bool| -> Money {
        zero.iter()
            .filter(|l| l.margin == margin && !(discounted && l.deposit))
            .map(|l| l.gross)
            .sum()
    };
    let goods = [part(false, false), part(true, false)];
    let cuts = apportion(share.discount, &[part(false, true), part(true, true)]);
    let ships = apportion(share.shipping, &goods);
    let apart = [false, true]
        .into_iter()
        .enumerate()
        .map(|(k, margin)| RateShare {
            rate: 0,
            margin,
            discount: cuts[k],
            shipping: ships[k],
            gross: goods[k] - cuts[k] + ships[k],
            vat: Money::ZERO,
        });
    shares.splice(at..at, apart);
    shares
}

/// The document's parts: each line's net and category (by its place in the order), shipping as
/// charges, coupons as allowances, and the VAT breakdown, rate by rate.
pub(super) struct Parts {
    pub(super) nets: Vec<(Money, Category)>,
    pub(super) charges: Vec<DocPart>,
    pub(super) allowances: Vec<DocPart>,
    pub(super) taxes: Vec<TaxPart>,
}

pub(super) fn parts(input: &InvoiceInput, shares: &[RateShare]) -> Parts {
    let (sb, rc) = (input.small_business, input.reverse_charge);
    let mut nets: Vec<(Money, Category)> = vec![(Money::ZERO, Category::S); input.lines.len()];
    let mut charges = Vec::new();
    let mut allowances = Vec::new();
    let mut taxes = Vec::new();
    let coupons = input.coupon_codes.join(", ");
    for share in shares {
        let &RateShare {
            rate,
            margin,
            discount: d,
            shipping: s,
            gross,
            vat,
        } = share;
        let cat = category(rate, margin, sb, rc);
        let basis = gross - vat;
        let (g_net, d_net, s_net) = share.nets();
        let at_rate = lines_at(&input.lines, share);
        for (&i, net) in at_rate
            .iter()
            .zip(apportion(g_net, &weights(&input.lines, &at_rate)))
        {
            nets[i] = (net, cat);
        }
        if s != Money::ZERO {
            charges.push(DocPart {
                reason: t("Shipping"),
                rate,
                category: cat,
                gross: s,
                net: s_net,
            });
        }
        if d != Money::ZERO {
            allowances.push(DocPart {
                reason: tf("Coupon %s", &[&coupons]).trim().to_owned(),
                rate,
                category: cat,
                gross: d,
                net: d_net,
            });
        }
        taxes.push(TaxPart {
            rate,
            category: cat,
            basis,
            vat,
            gross,
        });
    }
    Parts {
        nets,
        charges,
        allowances,
        taxes,
    }
}
