//! Cart and order totals. Prices are gross; the VAT they contain is derived.

use crate::{Money, TaxClass};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartLine {
    pub unit_price: Money,
    pub quantity: u32,
    pub tax_class: TaxClass,
}

impl CartLine {
    pub fn total(&self) -> Money {
        self.unit_price.times(self.quantity).unwrap_or(Money::from_cents(i64::MAX / 4))
    }
}

/// Flat-rate shipping with a free-shipping threshold (both gross).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ShippingRule {
    pub flat: Money,
    pub free_from: Option<Money>,
}

impl ShippingRule {
    pub fn cost(&self, goods: Money) -> Money {
        match self.free_from {
            Some(limit) if goods >= limit => Money::ZERO,
            _ if goods == Money::ZERO => Money::ZERO,
            _ => self.flat,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VatLine {
    pub rate_percent: i64,
    /// Gross amount at this rate, goods plus its share of shipping.
    pub gross: Money,
    /// The VAT contained in `gross`.
    pub vat: Money,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub items: Money,
    pub shipping: Money,
    /// VAT contained in the shipping cost.
    pub shipping_vat: Money,
    pub vat: Vec<VatLine>,
    pub vat_total: Money,
    pub total: Money,
}

/// VAT contained in a gross amount, rounded half away from zero.
fn contained_vat(gross: Money, rate: i64) -> Money {
    let num = gross.cents() * rate;
    let den = 100 + rate;
    Money::from_cents((num + den / 2).div_euclid(den))
}

/// Computes totals. Shipping is a secondary service: its VAT follows the goods,
/// split by the share of each rate in the goods' value (German practice,
/// BMF on Nebenleistungen).
pub fn compute(lines: &[CartLine], shipping: ShippingRule) -> Totals {
    let mut by_rate: BTreeMap<i64, Money> = BTreeMap::new();
    for line in lines {
        *by_rate.entry(line.tax_class.rate_percent()).or_default() += line.total();
    }
    let items: Money = by_rate.values().copied().sum();
    let shipping_cost = shipping.cost(items);

    // Split shipping across rates proportionally; the remainder goes to the
    // highest rate so the parts add up exactly.
    let mut shipping_parts: BTreeMap<i64, Money> = BTreeMap::new();
    if shipping_cost > Money::ZERO && items > Money::ZERO {
        let mut assigned = Money::ZERO;
        for (&rate, &gross) in &by_rate {
            let part = Money::from_cents(shipping_cost.cents() * gross.cents() / items.cents());
            shipping_parts.insert(rate, part);
            assigned += part;
        }
        if let Some((_, top)) = shipping_parts.iter_mut().next_back() {
            *top += shipping_cost - assigned;
        }
    }

    let mut vat = Vec::new();
    let mut shipping_vat = Money::ZERO;
    for (&rate, &goods) in by_rate.iter().rev() {
        let ship = shipping_parts.get(&rate).copied().unwrap_or_default();
        let gross = goods + ship;
        let line_vat = contained_vat(gross, rate);
        shipping_vat += contained_vat(ship, rate);
        vat.push(VatLine { rate_percent: rate, gross, vat: line_vat });
    }
    let vat_total = vat.iter().map(|v| v.vat).sum();
    Totals { items, shipping: shipping_cost, shipping_vat, vat, vat_total, total: items + shipping_cost }
}

impl Totals {
    /// The same totals for a small business (§19 UStG): no VAT is charged, so none is contained.
    pub fn without_vat(self) -> Totals {
        Totals { shipping_vat: Money::ZERO, vat: Vec::new(), vat_total: Money::ZERO, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_business_charges_no_vat() {
        let t = compute(&[line(1190, 2, TaxClass::Standard), line(1070, 1, TaxClass::Reduced)], SHIP).without_vat();
        assert_eq!((t.items.cents(), t.shipping.cents(), t.total.cents()), (3450, 490, 3940), "prices stay as they are");
        assert_eq!((t.vat_total, t.shipping_vat, t.vat.len()), (Money::ZERO, Money::ZERO, 0));
    }

    const SHIP: ShippingRule = ShippingRule { flat: Money::from_cents(490), free_from: Some(Money::from_cents(5000)) };

    fn line(cents: i64, qty: u32, tax: TaxClass) -> CartLine {
        CartLine { unit_price: Money::from_cents(cents), quantity: qty, tax_class: tax }
    }

    #[test]
    fn standard_rate_only() {
        let t = compute(&[line(1190, 2, TaxClass::Standard)], SHIP);
        assert_eq!(t.items.cents(), 2380);
        assert_eq!(t.shipping.cents(), 490);
        assert_eq!(t.total.cents(), 2870);
        assert_eq!(t.vat.len(), 1);
        assert_eq!(t.vat[0].rate_percent, 19);
        // 2870 * 19 / 119 = 458.24 → 458
        assert_eq!(t.vat[0].vat.cents(), 458);
        assert_eq!(t.shipping_vat.cents(), 78);
    }

    #[test]
    fn mixed_rates_split_shipping() {
        let t = compute(&[line(1070, 1, TaxClass::Reduced), line(1190, 1, TaxClass::Standard)], SHIP);
        assert_eq!(t.items.cents(), 2260);
        assert_eq!(t.total.cents(), 2750);
        let gross: i64 = t.vat.iter().map(|v| v.gross.cents()).sum();
        assert_eq!(gross, t.total.cents(), "rate parts add up to the total");
        let r19 = t.vat.iter().find(|v| v.rate_percent == 19).map(|v| v.vat.cents());
        let r7 = t.vat.iter().find(|v| v.rate_percent == 7).map(|v| v.vat.cents());
        // 19 %: 1190 + 259 (490·1190/2260 = 258, plus the 1-cent remainder) = 1449 → 231.35 → 231
        assert_eq!(r19, Some(231));
        // 7 %: 1070 + 231 = 1301 → 85.11 → 85
        assert_eq!(r7, Some(85));
        assert_eq!(t.vat_total.cents(), 316);
    }

    #[test]
    fn free_shipping_from_threshold() {
        let t = compute(&[line(2500, 2, TaxClass::Reduced)], SHIP);
        assert_eq!(t.shipping, Money::ZERO);
        assert_eq!(t.total.cents(), 5000);
        assert_eq!(t.vat[0].vat.cents(), 327); // 5000·7/107 = 327.1
    }

    #[test]
    fn empty_cart_costs_nothing() {
        let t = compute(&[], SHIP);
        assert_eq!(t.total, Money::ZERO);
        assert!(t.vat.is_empty());
    }
}
