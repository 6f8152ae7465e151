//! How an order's amounts fall on its VAT rates: each rate's share of the goods, the coupons and
//! the shipping (margin-scheme goods apart), apportioned to the cent by largest remainder, and the
//! document's parts (line nets, charges, allowances, the VAT breakdown) worked out from them.

use super::{Category, Charged, DocPart, InvoiceInput, SoldLine, TaxPart};
use crate::i18n::tf;
use crate::supply::Supply;
use crate::totals::{contained_vat, split};
use crate::{Money, VatRate};
use std::collections::BTreeMap;

/// EN 16931's category of a line (or of a share of shipping or coupons) at `rate`, by how the
/// sale is taxed: VAT charged is S; a small business's sale is exempt (E); an export is
/// tax-free as a whole (G); goods under the margin scheme show no VAT (E, § 25a); in a supply to
/// a business in another member state, goods are a tax-free intra-community supply (K) and
/// services (downloads) reverse-charged (AE); anything else without VAT is zero-rated (Z).
pub(super) fn category(
    rate: VatRate,
    margin: bool,
    service: bool,
    small_business: bool,
    supply: &Supply,
) -> Category {
    match supply {
        _ if !rate.is_zero() => Category::S,
        _ if small_business => Category::E,
        Supply::Export => Category::G,
        _ if margin => Category::Margin,
        Supply::IntraCommunity if service => Category::AE,
        Supply::IntraCommunity => Category::K,
        _ => Category::Z,
    }
}

/// The category of a line of `charged`.
pub(super) fn line_category(line: &SoldLine, charged: &Charged) -> Category {
    category(
        line.rate,
        line.margin,
        line.service,
        charged.small_business,
        charged.supply,
    )
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

/// The places of the lines of `share`: sold at its rate, in its category.
pub(super) fn lines_at(charged: &Charged, share: &RateShare) -> Vec<usize> {
    let lines = charged.lines;
    (0..lines.len())
        .filter(|&i| {
            lines[i].rate == share.rate && line_category(&lines[i], charged) == share.category
        })
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
    pub(super) rate: VatRate,
    /// Its EN 16931 category: at rate 0 an order may hold several (goods under the margin scheme
    /// beside other goods; goods beside downloads in an intra-community supply), each a share.
    pub(super) category: Category,
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
    let mut goods: BTreeMap<VatRate, Money> = BTreeMap::new();
    // The coupons were shared out by the goods alone, deposits left out (as the cart did).
    let mut discounted: BTreeMap<VatRate, Money> = BTreeMap::new();
    for l in input.lines {
        *goods.entry(l.rate).or_default() += l.gross;
        if !l.deposit {
            *discounted.entry(l.rate).or_default() += l.gross;
        }
    }
    let cut = split(input.discount, &discounted);
    let charged: BTreeMap<VatRate, (Money, Money)> = input
        .taxes
        .iter()
        .filter(|t| !t.rate_percent.is_zero() && !sb)
        .map(|t| (t.rate_percent, (t.gross, t.vat)))
        .collect();
    let mut rates: Vec<VatRate> = goods.keys().chain(charged.keys()).copied().collect();
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
        let s = if !rate.is_zero() && charged.contains_key(&rate) {
            gross - (g - d)
        } else {
            Money::ZERO
        };
        shipping_left = shipping_left - s;
        shares.push(RateShare {
            rate,
            category: category(rate, false, false, sb, input.supply),
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
                rate: VatRate::ZERO,
                category: category(VatRate::ZERO, false, false, sb, input.supply),
                discount: Money::ZERO,
                shipping: shipping_left,
                gross: shipping_left,
                vat: Money::ZERO,
            });
        }
    }
    with_categories_apart(shares, input)
}

/// The share without VAT as one per category where its goods fall in several (goods under the
/// margin scheme beside other goods without VAT; goods beside downloads in an intra-community
/// supply): each with its goods, and the share's coupons (by the goods they took from) and
/// shipping (by the goods shipped, not the services) in proportion. Where all fall in one, the
/// share is of that category.
pub(super) fn with_categories_apart(
    mut shares: Vec<RateShare>,
    charged: &Charged,
) -> Vec<RateShare> {
    let Some(at) = shares.iter().position(|s| s.rate.is_zero()) else {
        return shares;
    };
    let zero: Vec<(&SoldLine, Category)> = charged
        .lines
        .iter()
        .filter(|l| l.rate.is_zero())
        .map(|l| (l, line_category(l, charged)))
        .collect();
    let mut categories: Vec<Category> = zero.iter().map(|(_, c)| *c).collect();
    categories.sort_unstable();
    categories.dedup();
    match categories.as_slice() {
        [] => return shares,
        [only] => {
            shares[at].category = *only;
            return shares;
        }
        _ => {}
    }
    let share = shares.remove(at);
    let part = |category: Category, discounted: bool| -> Money {
        zero.iter()
            .filter(|(l, c)| *c == category && !(discounted && l.deposit))
            .map(|(l, _)| l.gross)
            .sum()
    };
    let goods: Vec<Money> = categories.iter().map(|&c| part(c, false)).collect();
    let discounted: Vec<Money> = categories.iter().map(|&c| part(c, true)).collect();
    let shipped: Vec<Money> = categories
        .iter()
        .zip(&goods)
        .map(|(&c, &g)| if c == Category::AE { Money::ZERO } else { g })
        .collect();
    let cuts = apportion(share.discount, &discounted);
    let ships = apportion(share.shipping, &shipped);
    let apart: Vec<RateShare> = categories
        .iter()
        .enumerate()
        .map(|(k, &category)| RateShare {
            rate: VatRate::ZERO,
            category,
            discount: cuts[k],
            shipping: ships[k],
            gross: goods[k] - cuts[k] + ships[k],
            vat: Money::ZERO,
        })
        .collect();
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
    let charged = input.charged();
    let mut nets: Vec<(Money, Category)> = vec![(Money::ZERO, Category::S); input.lines.len()];
    let mut charges = Vec::new();
    let mut allowances = Vec::new();
    let mut taxes = Vec::new();
    let coupons = input.coupon_codes.join(", ");
    for share in shares {
        let &RateShare {
            rate,
            category: cat,
            discount: d,
            shipping: s,
            gross,
            vat,
        } = share;
        let basis = gross - vat;
        let (g_net, d_net, s_net) = share.nets();
        let at_rate = lines_at(&charged, share);
        for (&i, net) in at_rate
            .iter()
            .zip(apportion(g_net, &weights(&input.lines, &at_rate)))
        {
            nets[i] = (net, cat);
        }
        if s != Money::ZERO {
            charges.push(DocPart {
                reason: super::shipping_label(&input.shipping_method),
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
