//! How orders are paid: the shop's payment methods (WooCommerce's gateway ids, so connectors and
//! `wc/v3` read them as on a WooCommerce shop), offline or online, and the order's life as a
//! payment moves it. An online order is placed `pending` with its stock held; the provider's
//! word, read from the provider itself (a webhook or the shopper's return, whichever comes
//! first), makes it `processing` (paid), `on-hold` (a direct debit submitted, not yet cleared) or
//! `failed`; an order is paid once, and one left unpaid past the shop's hold time is cancelled
//! with its stock back.

/// A payment method the shop can offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Vorkasse: the shopper transfers the money, staff mark the order paid.
    Bacs,
    /// Rechnung: paid after delivery.
    Invoice,
    /// Nachnahme: paid to the parcel service.
    Cod,
    /// Cards (and the wallets Stripe puts on them), WooCommerce Stripe plugin's `stripe`.
    Stripe,
    /// SEPA direct debit through Stripe, the plugin's `stripe_sepa`.
    StripeSepa,
}

/// Who takes an online payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Provider {
    Stripe,
}

impl Provider {
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::Stripe => "stripe",
        }
    }
}

impl Method {
    /// Every method, in the order a checkout lists them.
    pub const ALL: [Method; 5] = [
        Method::Bacs,
        Method::Invoice,
        Method::Cod,
        Method::Stripe,
        Method::StripeSepa,
    ];

    pub fn parse(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.as_str() == id)
    }

    /// WooCommerce's gateway id.
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Bacs => "bacs",
            Method::Invoice => "invoice",
            Method::Cod => "cod",
            Method::Stripe => "stripe",
            Method::StripeSepa => "stripe_sepa",
        }
    }

    /// Who takes the money online; `None` for the offline methods.
    pub fn provider(self) -> Option<Provider> {
        match self {
            Method::Stripe | Method::StripeSepa => Some(Provider::Stripe),
            _ => None,
        }
    }

    pub fn online(self) -> bool {
        self.provider().is_some()
    }

    /// The catalogue id of the method's name as the shopper and the invoice read it.
    pub fn title_msgid(self) -> &'static str {
        match self {
            Method::Bacs => "Direct bank transfer",
            Method::Invoice => "Invoice",
            Method::Cod => "Cash on delivery",
            Method::Stripe => "Credit card",
            Method::StripeSepa => "SEPA Direct Debit",
        }
    }

    /// Whether an order with this method is paid before it is delivered, so once it is
    /// `processing` the money is there and its invoice says so (BT-113 paid amount): Vorkasse
    /// (processing once the transfer arrived) and the online methods (once the provider confirmed
    /// it). Rechnung and Nachnahme are processing before they are paid.
    pub fn paid_in_advance(self) -> bool {
        matches!(self, Method::Bacs) || self.online()
    }

    /// Whether an order with this method in `status` has been paid.
    pub fn paid(self, status: OrderStatus) -> bool {
        self.paid_in_advance() && status.paid()
    }

    /// The status an order paid with this method is placed in.
    pub fn placed_status(self) -> OrderStatus {
        match self {
            // Vorkasse waits for the transfer; online payments for the provider's word.
            Method::Bacs => OrderStatus::OnHold,
            Method::Stripe | Method::StripeSepa => OrderStatus::Pending,
            Method::Invoice | Method::Cod => OrderStatus::Processing,
        }
    }

    /// The EN 16931 payment means code (UNCL 4461, BT-81): cash on delivery 10, card 54, SEPA
    /// direct debit 59, SEPA credit transfer 58 where the shop names its IBAN, else 30.
    pub fn means_code(self, has_iban: bool) -> &'static str {
        match self {
            Method::Cod => "10",
            Method::Stripe => "54",
            Method::StripeSepa => "59",
            Method::Bacs | Method::Invoice if has_iban => "58",
            Method::Bacs | Method::Invoice => "30",
        }
    }
}

/// A payment method's German name by its id (the id itself for one Laden does not know, such as
/// an imported order's).
pub fn title(id: &str) -> String {
    Method::parse(id).map_or_else(|| id.to_owned(), |m| crate::i18n::t(m.title_msgid()))
}

/// WooCommerce's order statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    Pending,
    Processing,
    OnHold,
    Completed,
    Cancelled,
    Refunded,
    Failed,
    CheckoutDraft,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 8] = [
        OrderStatus::Pending,
        OrderStatus::Processing,
        OrderStatus::OnHold,
        OrderStatus::Completed,
        OrderStatus::Cancelled,
        OrderStatus::Refunded,
        OrderStatus::Failed,
        OrderStatus::CheckoutDraft,
    ];

    pub fn parse(s: &str) -> Option<OrderStatus> {
        OrderStatus::ALL.into_iter().find(|o| o.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Pending => "pending",
            OrderStatus::Processing => "processing",
            OrderStatus::OnHold => "on-hold",
            OrderStatus::Completed => "completed",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Refunded => "refunded",
            OrderStatus::Failed => "failed",
            OrderStatus::CheckoutDraft => "checkout-draft",
        }
    }

    /// Paid (WooCommerce's `wc_get_is_paid_statuses`).
    pub fn paid(self) -> bool {
        matches!(self, OrderStatus::Processing | OrderStatus::Completed)
    }

    /// Whether the shopper's part of paying is done: the money is there, or a direct debit was
    /// submitted and clears by itself (`on-hold`). Then the shopper reads the order, not a
    /// payment step.
    pub fn shopper_done(self) -> bool {
        self.paid() || self == OrderStatus::OnHold
    }

    /// Whether the shopper may (still) pay the order, with any method the shop offers: it waits
    /// for its first payment or for a failed one to be tried again (WooCommerce's
    /// `needs_payment` statuses; a debit clearing `on-hold` is on its way and not paid twice).
    pub fn needs_payment(self) -> bool {
        matches!(self, OrderStatus::Pending | OrderStatus::Failed)
    }

    /// Whether an online payment may still make the order paid: it waits for one (or for a
    /// failed one to be tried again, or a direct debit to clear).
    pub fn awaits_payment(self) -> bool {
        matches!(
            self,
            OrderStatus::Pending | OrderStatus::Failed | OrderStatus::OnHold
        )
    }
}

/// What a provider says of a payment, read from the provider itself (never the browser's word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The money is there.
    Paid,
    /// Submitted and not yet cleared (a SEPA direct debit, for days).
    Clearing,
    /// The shopper still has to act (3-D Secure): nothing changes yet.
    NeedsAction,
    /// Declined, failed authentication, or a debit returned.
    Failed,
}

/// The status an order in `status` takes when its payment reports `outcome`; `None` when it
/// keeps its status (not awaiting a payment, or nothing new). A paid order is paid once: a
/// second word of the same payment changes nothing.
pub fn after(status: OrderStatus, outcome: Outcome) -> Option<OrderStatus> {
    use OrderStatus::*;
    if !status.awaits_payment() {
        return None;
    }
    let next = match outcome {
        Outcome::Paid => Processing,
        Outcome::Clearing => OnHold,
        Outcome::Failed => Failed,
        Outcome::NeedsAction => return None,
    };
    (next != status).then_some(next)
}

/// How long an online order keeps its stock while it waits for the money, unless the shop sets
/// another (WooCommerce's „Lagerbestand halten“, in minutes).
pub const DEFAULT_HOLD_MINUTES: i64 = 60;
/// The longest hold a shop may set: a week.
pub const MAX_HOLD_MINUTES: i64 = 7 * 24 * 60;

/// Whether an online order placed at `placed_at` (unix seconds) and still unpaid at `now` has
/// outlived the hold (then it is cancelled and its stock goes back). A direct debit that is
/// clearing (`on-hold`) is never cancelled for time: the money is on its way.
pub fn hold_expired(status: OrderStatus, placed_at: i64, now: i64, hold_minutes: i64) -> bool {
    status.needs_payment() && now - placed_at >= hold_minutes.clamp(1, MAX_HOLD_MINUTES) * 60
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn methods_as_woocommerce_names_them() {
        for m in Method::ALL {
            assert_eq!(Method::parse(m.as_str()), Some(m));
            assert!(crate::i18n::known(m.title_msgid()), "{m:?}");
        }
        assert_eq!(Method::parse("paypal"), None);
        let cases: &[(Method, bool, OrderStatus, &str, &str)] = &[
            (Method::Bacs, false, OnHold, "58", "30"),
            (Method::Invoice, false, Processing, "58", "30"),
            (Method::Cod, false, Processing, "10", "10"),
            (Method::Stripe, true, Pending, "54", "54"),
            (Method::StripeSepa, true, Pending, "59", "59"),
        ];
        for (m, online, placed, with_iban, without) in cases {
            assert_eq!(m.online(), *online, "{m:?}");
            assert_eq!(m.placed_status(), *placed, "{m:?}");
            assert_eq!(
                (m.means_code(true), m.means_code(false)),
                (*with_iban, *without),
                "{m:?}"
            );
        }
    }

    #[test]
    fn which_orders_are_paid() {
        for (method, status, paid) in [
            (Method::Bacs, OnHold, false),
            (Method::Bacs, Processing, true),
            (Method::Bacs, Completed, true),
            (Method::Stripe, Pending, false),
            (Method::Stripe, Failed, false),
            (Method::Stripe, Processing, true),
            // A debit still clearing is not paid yet.
            (Method::StripeSepa, OnHold, false),
            (Method::StripeSepa, Processing, true),
            (Method::StripeSepa, Refunded, false),
            // Accepted, not paid: the buyer pays later, or the carrier collects.
            (Method::Invoice, Processing, false),
            (Method::Cod, Processing, false),
            (Method::Invoice, Completed, false),
        ] {
            assert_eq!(method.paid(status), paid, "{method:?} {status:?}");
        }
    }

    #[test]
    fn which_orders_the_shopper_may_pay() {
        for (status, payable) in [
            (Pending, true),
            (Failed, true),
            // A debit clearing is on its way; paying again would pay twice.
            (OnHold, false),
            (Processing, false),
            (Completed, false),
            (Cancelled, false),
            (Refunded, false),
            (CheckoutDraft, false),
        ] {
            assert_eq!(status.needs_payment(), payable, "{status:?}");
        }
    }

    #[test]
    fn a_payment_moves_an_order_once() {
        for (status, outcome, want) in [
            (Pending, Outcome::Paid, Some(Processing)),
            (Pending, Outcome::Clearing, Some(OnHold)),
            (Pending, Outcome::Failed, Some(Failed)),
            (Pending, Outcome::NeedsAction, None),
            // Tried again after a failure: the same order, paid now.
            (Failed, Outcome::Paid, Some(Processing)),
            (Failed, Outcome::Failed, None),
            // A direct debit clears, or comes back.
            (OnHold, Outcome::Paid, Some(Processing)),
            (OnHold, Outcome::Failed, Some(Failed)),
            (OnHold, Outcome::Clearing, None),
            // Paid once: the webhook after the return, or the return after the webhook.
            (Processing, Outcome::Paid, None),
            (Completed, Outcome::Paid, None),
            (Processing, Outcome::Failed, None),
            // Cancelled for time or by staff: a late payment changes nothing here.
            (Cancelled, Outcome::Paid, None),
            (Refunded, Outcome::Paid, None),
        ] {
            assert_eq!(after(status, outcome), want, "{status:?} + {outcome:?}");
        }
        for s in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(s.as_str()), Some(s));
            assert_eq!(
                s.shopper_done(),
                matches!(s, Processing | Completed | OnHold),
                "{s:?}"
            );
        }
    }

    #[test]
    fn unpaid_online_orders_wait_the_hold_time() {
        let placed = 1_000_000;
        for (status, minutes_later, hold, expired) in [
            (Pending, 59, 60, false),
            (Pending, 60, 60, true),
            (Failed, 61, 60, true),
            (OnHold, 600, 60, false),
            (Processing, 600, 60, false),
            (Pending, 2, 0, true),
            (Pending, 9 * 24 * 60, 100_000, true),
        ] {
            assert_eq!(
                hold_expired(status, placed, placed + minutes_later * 60, hold),
                expired,
                "{status:?} after {minutes_later} min, hold {hold}"
            );
        }
    }
}
