//! The payment providers' APIs, as clients: what Laden asks a provider (create a payment for an
//! order, read it back, refund it) and how it reads what the provider sends (a signed webhook).
//! Each provider's answers become `laden_domain::payment::Outcome`s, so the order's life is the
//! same whoever takes the money; the HTTP layer (`laden_http::payments`) routes the shopper's
//! steps and the webhooks here, and the store (`laden_store::payments`) records the outcome once.
//!
//! Stripe is the first provider (`stripe`); PayPal, Klarna or Mollie add a module of the same
//! shape: a client with a time limit, errors with a German message, a webhook check, and a map
//! from their payment states to `Outcome`.

pub mod stripe;

use laden_domain::i18n::t;

/// Why a provider's call brought nothing usable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused the payment (a declined card, failed authentication): the
    /// shopper may try again or choose another method. `code` is the provider's.
    #[error("declined: {code}")]
    Declined { code: String, message: String },
    /// The provider refused the request (a refund of more than was paid, a bad key).
    #[error("refused ({status}): {code}: {detail}")]
    Refused {
        status: u16,
        code: String,
        /// The provider's own words, for the log.
        detail: String,
    },
    /// No answer within the time limit: whether the provider acted is unknown, so the next
    /// try repeats the same idempotency key.
    #[error("timeout")]
    Timeout,
    /// The provider cannot be reached.
    #[error("unreachable")]
    Unreachable,
    /// An answer Laden cannot read.
    #[error("unexpected answer: {0}")]
    Unexpected(String),
}

impl ProviderError {
    /// What it means for the shopper or staff, in German.
    pub fn message(&self) -> String {
        match self {
            ProviderError::Declined { message, .. } => message.clone(),
            ProviderError::Refused { code, .. } => t(refusal_msgid(code)),
            ProviderError::Timeout => {
                t("The payment provider did not answer in time. Nothing was charged twice; please try again in a moment.")
            }
            ProviderError::Unreachable | ProviderError::Unexpected(_) => {
                t("The payment provider cannot be reached at the moment. Please try again later or choose another payment method.")
            }
        }
    }
}

/// The catalogue id of what a provider's refusal code means (Stripe's codes; the others
/// map theirs onto these).
fn refusal_msgid(code: &str) -> &'static str {
    match code {
        "charge_already_refunded" => "The payment has already been refunded in full.",
        "amount_too_large" => "The refund is larger than what is left of the payment.",
        "charge_disputed" => {
            "The payment is disputed; it cannot be refunded while the dispute lasts."
        }
        "api_key_expired" | "authentication" => {
            "The payment provider refused the shop's key. Please check the key in the settings."
        }
        _ => "The payment provider refused the request.",
    }
}

/// The catalogue id of why a card or debit was declined (Stripe's decline and error codes).
pub fn decline_msgid(code: &str) -> &'static str {
    match code {
        "expired_card" => "The card has expired.",
        "incorrect_cvc" | "invalid_cvc" => "The card's security code (CVC) is wrong.",
        "incorrect_number" | "invalid_number" => "The card number is wrong.",
        "insufficient_funds" => "The card has insufficient funds.",
        "payment_intent_authentication_failure" | "authentication_required" => {
            "The authentication (3-D Secure) failed. Please try again or choose another payment method."
        }
        "processing_error" => "The card could not be charged. Please try again.",
        "sepa_unsupported_account" | "invalid_bank_account_iban" | "iban_invalid" => {
            "The bank account cannot be debited. Please check the IBAN or choose another payment method."
        }
        _ => "The payment was declined. Please try again or choose another payment method.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_is_german() {
        for code in [
            "card_declined",
            "expired_card",
            "incorrect_cvc",
            "incorrect_number",
            "insufficient_funds",
            "payment_intent_authentication_failure",
            "processing_error",
            "iban_invalid",
        ] {
            assert!(laden_domain::i18n::known(decline_msgid(code)), "{code}");
        }
        for code in [
            "charge_already_refunded",
            "amount_too_large",
            "charge_disputed",
            "authentication",
            "x",
        ] {
            assert!(laden_domain::i18n::known(refusal_msgid(code)), "{code}");
        }
        for e in [ProviderError::Timeout, ProviderError::Unreachable] {
            assert_ne!(e.message(), "", "{e:?}");
            assert!(!e.message().starts_with("The "), "{e:?} has no German text");
        }
    }
}
