//! An order's amounts as WooCommerce keeps them: net, with the VAT beside. Each line's net
//! before the coupons (`subtotal`) and after them (`total`) with the VAT of each, shipping's net
//! and VAT, and each rate's VAT of goods and of shipping. Worked out as the invoice works out
//! its nets (the order's stored VAT per rate stays as charged), so the lines' and shipping's
//! VAT add up to the order's VAT to the cent, and nets plus VAT to what the customer paid.

use super::shares::{apportion, discount_weights, lines_at, rate_shares, weights};
use super::Charged;
use crate::{Money, VatRate};

/// One line: net and VAT before the coupons, and after them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NetLine {
    pub subtotal: Money,
    pub subtotal_vat: Money,
    pub total: Money,
    pub total_vat: Money,
    /// The VAT rate in percent.
    pub rate: VatRate,
}

/// One rate's VAT: of the goods (after coupons) and of its share of shipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateVat {
    pub rate: VatRate,
    pub goods_vat: Money,
    pub shipping_vat: Money,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetBreakdown {
    /// In the order's order.
    pub lines: Vec<NetLine>,
    pub shipping_net: Money,
    pub shipping_vat: Money,
    /// The rates that charged VAT, highest first.
    pub rates: Vec<RateVat>,
}

/// Works an order's charges out into net amounts with their VAT.
pub fn net_breakdown(charged: &Charged) -> NetBreakdown {
    let lines = charged.lines;
    let mut out = NetBreakdown {
        lines: vec![NetLine::default(); lines.len()],
        shipping_net: Money::ZERO,
        shipping_vat: Money::ZERO,
        rates: Vec::new(),
    };
    for share in rate_shares(charged) {
        let (g_net, d_net, s_net) = share.nets();
        let at = lines_at(charged, &share);
        let w = weights(lines, &at);
        let nets = apportion(g_net, &w);
        let dw = discount_weights(lines, &at);
        let cuts = apportion(share.discount, &dw);
        let cuts_net = apportion(d_net, &dw);
        let mut goods_vat = Money::ZERO;
        for (k, &i) in at.iter().enumerate() {
            let gross = lines[i].gross;
            let total = nets[k] - cuts_net[k];
            let total_vat = gross - cuts[k] - total;
            goods_vat += total_vat;
            out.lines[i] = NetLine {
                subtotal: nets[k],
                subtotal_vat: gross - nets[k],
                total,
                total_vat,
                rate: share.rate,
            };
        }
        let shipping_vat = share.shipping - s_net;
        out.shipping_net += s_net;
        out.shipping_vat += shipping_vat;
        if share.vat != Money::ZERO {
            out.rates.push(RateVat {
                rate: share.rate,
                goods_vat,
                shipping_vat,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::invoice::SoldLine;
    use crate::VatLine;

    fn line(gross: i64, rate: i64) -> SoldLine {
        SoldLine {
            name: String::new(),
            sku: String::new(),
            options: Vec::new(),
            quantity: 1,
            unit_gross: Money::from_cents(gross),
            gross: Money::from_cents(gross),
            rate: VatRate::percent(rate),
            deposit: false,
            margin: false,
            service: false,
        }
    }

    fn vat(rate: i64, gross: i64, vat: i64) -> VatLine {
        VatLine {
            rate_percent: VatRate::percent(rate),
            gross: Money::from_cents(gross),
            vat: Money::from_cents(vat),
        }
    }

    /// (lines' gross and rate, discount, shipping, stored VAT lines) → each line's
    /// (subtotal, subtotal VAT, total, total VAT), shipping's (net, VAT), each rate's
    /// (rate, goods VAT, shipping VAT).
    #[test]
    fn nets_add_up_to_what_was_charged() {
        type Case = (
            Vec<SoldLine>,
            i64,
            i64,
            Vec<VatLine>,
            Vec<(i64, i64, i64, i64)>,
            (i64, i64),
            Vec<(i64, i64, i64)>,
        );
        let cases: Vec<Case> = vec![
            // One line at 19 % with shipping: 11,90 = 10,00 + 1,90; 4,90 = 4,12 + 0,78.
            (
                vec![line(1190, 19)],
                0,
                490,
                vec![vat(19, 1680, 268)],
                vec![(1000, 190, 1000, 190)],
                (412, 78),
                vec![(19, 190, 78)],
            ),
            // Two rates, a coupon of 10 % and free shipping: the discount lowers each line's
            // total, the subtotal stays.
            (
                vec![line(2380, 19), line(1070, 7)],
                345,
                0,
                vec![vat(19, 2142, 342), vat(7, 963, 63)],
                vec![(2000, 380, 1800, 342), (1000, 70, 900, 63)],
                (0, 0),
                vec![(19, 342, 0), (7, 63, 0)],
            ),
            // Two lines at one rate share its rounding; the VAT still adds up.
            (
                vec![line(999, 19), line(1, 19)],
                0,
                0,
                vec![vat(19, 1000, 160)],
                vec![(839, 160, 839, 160), (1, 0, 1, 0)],
                (0, 0),
                vec![(19, 160, 0)],
            ),
            // Nothing charged as VAT (a small business, or reverse charge): net is gross.
            (
                vec![line(1190, 19)],
                0,
                490,
                vec![],
                vec![(1190, 0, 1190, 0)],
                (490, 0),
                vec![],
            ),
        ];
        for (lines, discount, shipping, taxes, want_lines, want_ship, want_rates) in cases {
            let b = net_breakdown(&Charged {
                lines: &lines,
                discount: Money::from_cents(discount),
                shipping: Money::from_cents(shipping),
                taxes: &taxes,
                small_business: false,
                supply: &crate::supply::Supply::Domestic,
            });
            let got: Vec<(i64, i64, i64, i64)> = b
                .lines
                .iter()
                .map(|l| {
                    (
                        l.subtotal.cents(),
                        l.subtotal_vat.cents(),
                        l.total.cents(),
                        l.total_vat.cents(),
                    )
                })
                .collect();
            assert_eq!(got, want_lines, "{lines:?}");
            assert_eq!((b.shipping_net.cents(), b.shipping_vat.cents()), want_ship);
            let rates: Vec<(i64, i64, i64)> = b
                .rates
                .iter()
                .map(|r| {
                    (
                        r.rate.hundredths() / 100,
                        r.goods_vat.cents(),
                        r.shipping_vat.cents(),
                    )
                })
                .collect();
            assert_eq!(rates, want_rates);
            // Nets plus VAT are what was paid; the VAT is the order's.
            let paid: i64 = b
                .lines
                .iter()
                .map(|l| (l.total + l.total_vat).cents())
                .sum::<i64>()
                + (b.shipping_net + b.shipping_vat).cents();
            let gross: i64 = lines.iter().map(|l| l.gross.cents()).sum();
            assert_eq!(paid, gross - discount + shipping);
            let vat_charged: i64 = taxes.iter().map(|t| t.vat.cents()).sum();
            let vat_out: i64 =
                b.lines.iter().map(|l| l.total_vat.cents()).sum::<i64>() + b.shipping_vat.cents();
            assert_eq!(vat_out, vat_charged);
        }
    }
}
