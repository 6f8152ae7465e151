//! The lowest price before a price reduction (Omnibus directive, §11 PAngV):
//! next to a struck-through price the shop shows the lowest price the product
//! had in the 30 days before the current price took effect.

use crate::Money;

/// Days before a price reduction whose prices count.
pub const LOWEST_PRICE_DAYS: i64 = 30;

/// One entry of a product's price history: the price in effect from `since` (Unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PricePoint {
    pub price: Money,
    pub since: i64,
}

/// The lowest price in effect during the `days` days before the current price
/// (the last entry) took effect. `history` is in the order the prices took
/// effect. A product with no earlier price has had only the current one, which
/// is then the lowest; no history at all gives `None`.
pub fn lowest_prior_price(history: &[PricePoint], days: i64) -> Option<Money> {
    let current = history.last()?;
    let start = current.since;
    let window_start = start.saturating_sub(days.saturating_mul(86_400));
    let earlier = &history[..history.len() - 1];
    let lowest = earlier
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            let until = history[i + 1].since;
            // In effect for some time [since, until) that overlaps [window_start, start).
            p.since < until && until > window_start && p.since < start
        })
        .map(|(_, p)| p.price)
        .min();
    Some(lowest.unwrap_or(current.price))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = 86_400;

    fn h(points: &[(i64, i64)]) -> Vec<PricePoint> {
        points
            .iter()
            .map(|&(cents, day)| PricePoint {
                price: Money::from_cents(cents),
                since: day * DAY,
            })
            .collect()
    }

    #[test]
    fn lowest_price_table() {
        let cases: &[(&str, Vec<PricePoint>, Option<i64>)] = &[
            ("no history", h(&[]), None),
            (
                "one price only: it is the lowest",
                h(&[(999, 100)]),
                Some(999),
            ),
            (
                "reduced after a long regular price",
                h(&[(1000, 0), (800, 100)]),
                Some(1000),
            ),
            (
                "a cheaper price 20 days before the reduction counts",
                h(&[(1000, 0), (700, 70), (1000, 80), (800, 100)]),
                Some(700),
            ),
            (
                "a cheaper price that ended 31 days before does not",
                h(&[(1000, 0), (700, 60), (1000, 69), (800, 100)]),
                Some(1000),
            ),
            (
                "ending exactly at the window's start does not count",
                h(&[(500, 0), (1000, 70), (800, 100)]),
                Some(1000),
            ),
            (
                "ending one second into the window counts",
                vec![
                    PricePoint {
                        price: Money::from_cents(500),
                        since: 0,
                    },
                    PricePoint {
                        price: Money::from_cents(1000),
                        since: 70 * DAY + 1,
                    },
                    PricePoint {
                        price: Money::from_cents(800),
                        since: 100 * DAY,
                    },
                ],
                Some(500),
            ),
            (
                "a price changed twice in one second is never in effect",
                vec![
                    PricePoint {
                        price: Money::from_cents(1000),
                        since: 0,
                    },
                    PricePoint {
                        price: Money::from_cents(100),
                        since: 100 * DAY,
                    },
                    PricePoint {
                        price: Money::from_cents(800),
                        since: 100 * DAY,
                    },
                ],
                Some(1000),
            ),
            (
                "the reduction went further: the earlier sale price is lower",
                h(&[(1000, 0), (900, 90), (800, 100)]),
                Some(900),
            ),
        ];
        for (name, history, want) in cases {
            assert_eq!(
                lowest_prior_price(history, LOWEST_PRICE_DAYS).map(Money::cents),
                *want,
                "{name}"
            );
        }
    }
}
