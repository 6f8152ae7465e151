//! Coupon rules without I/O.

use crate::totals::Discount;
use crate::Money;
use serde::Serialize;

/// Why a coupon is refused; the HTTP layer words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponRefusal {
    Unknown,
    Expired,
    UsedUp,
    Minimum(Money),
    AlreadyApplied,
    NotApplied,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CouponType {
    /// `amount` in hundredths of a percent.
    Percent,
    /// `amount` in cents.
    FixedCart,
}

impl CouponType {
    pub fn parse(s: &str) -> Option<CouponType> {
        match s {
            "percent" => Some(CouponType::Percent),
            "fixed_cart" => Some(CouponType::FixedCart),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CouponType::Percent => "percent",
            CouponType::FixedCart => "fixed_cart",
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Coupon {
    pub id: i64,
    /// Lower case, as WooCommerce keeps codes (entered in any case).
    pub code: String,
    pub discount_type: CouponType,
    pub amount: i64,
    pub description: String,
    pub date_expires: Option<i64>,
    pub usage_limit: Option<i64>,
    pub usage_count: i64,
    /// Goods (gross, before discounts) needed to use the coupon, in cents.
    pub minimum_amount: Option<i64>,
    /// WooCommerce's „Kostenlosen Versand erlauben“: the cart is offered its zone's free
    /// shipping whatever the goods cost.
    pub free_shipping: bool,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl Coupon {
    pub fn discount(&self) -> Discount {
        match self.discount_type {
            CouponType::Percent => Discount::Percent(self.amount),
            CouponType::FixedCart => Discount::FixedCart(Money::from_cents(self.amount)),
        }
    }

    /// Why the coupon cannot be used now on goods worth `goods` (gross), if it cannot.
    pub fn refusal(&self, goods: Money, at: i64) -> Option<CouponRefusal> {
        if self.status != "publish" {
            return Some(CouponRefusal::Unknown);
        }
        if self.date_expires.is_some_and(|d| d <= at) {
            return Some(CouponRefusal::Expired);
        }
        if self.usage_limit.is_some_and(|l| self.usage_count >= l) {
            return Some(CouponRefusal::UsedUp);
        }
        match self.minimum_amount {
            Some(min) if goods.cents() < min => {
                Some(CouponRefusal::Minimum(Money::from_cents(min)))
            }
            _ => None,
        }
    }
}

pub const COUPON_STATUSES: &[&str] = &["publish", "draft", "pending", "private"];
/// The longest code (WooCommerce has none; 50 keeps the cart readable).
pub const MAX_CODE_CHARS: usize = 50;

/// A code as it is kept: trimmed, lower case.
pub fn normalise_code(code: &str) -> String {
    code.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coupon(
        status: &str,
        expires: Option<i64>,
        limit: Option<i64>,
        used: i64,
        minimum: Option<i64>,
    ) -> Coupon {
        Coupon {
            id: 1,
            code: "sommer".into(),
            discount_type: CouponType::Percent,
            amount: 1000,
            description: String::new(),
            date_expires: expires,
            usage_limit: limit,
            usage_count: used,
            minimum_amount: minimum,
            free_shipping: false,
            status: status.into(),
            created_at: 0,
            updated_at: 0,
        }
    }

    #[test]
    fn refusals_in_woocommerce_order() {
        let goods = Money::from_cents(5000);
        let cases = [
            (coupon("publish", None, None, 0, None), None),
            (
                coupon("draft", None, None, 0, None),
                Some(CouponRefusal::Unknown),
            ),
            (
                coupon("publish", Some(100), None, 0, None),
                Some(CouponRefusal::Expired),
            ),
            (coupon("publish", Some(101), None, 0, None), None),
            (
                coupon("publish", None, Some(3), 3, None),
                Some(CouponRefusal::UsedUp),
            ),
            (coupon("publish", None, Some(3), 2, None), None),
            (
                coupon("publish", None, None, 0, Some(5001)),
                Some(CouponRefusal::Minimum(Money::from_cents(5001))),
            ),
            (coupon("publish", None, None, 0, Some(5000)), None),
            // Expired comes before used up.
            (
                coupon("publish", Some(1), Some(1), 1, None),
                Some(CouponRefusal::Expired),
            ),
        ];
        for (c, want) in cases {
            assert_eq!(c.refusal(goods, 100), want, "{c:?}");
        }
    }

    #[test]
    fn codes_are_kept_trimmed_and_lower_case() {
        assert_eq!(normalise_code("  SOMMER25 "), "sommer25");
        assert_eq!(
            CouponType::parse("fixed_cart").map(CouponType::as_str),
            Some("fixed_cart")
        );
        assert_eq!(CouponType::parse("percent_product"), None);
    }
}
