//! Pure types and rules of the shop. No I/O lives here.

pub mod address;
pub mod attribution;
pub mod bank;
pub mod catalog;
pub mod contact;
pub mod content;
pub mod country;
pub mod coupon;
pub mod dates;
pub mod delivery;
pub mod food;
pub mod i18n;
pub mod invoice;
pub mod links;
pub mod money;
pub mod outbound;
pub mod payment;
pub mod pricing;
pub mod product_rules;
pub mod product_safety;
pub mod quantity;
pub mod sepa;
pub mod settings;
pub mod shipping;
pub mod sku;
pub mod special_goods;
pub mod supply;
pub mod tax;
pub mod text;
pub mod totals;
pub mod variation;
pub mod vat_rates;
pub mod xml;

pub use bank::{bic_valid, iban_grouped, iban_valid};
pub use catalog::{
    AttributeChoice, CatalogVisibility, ListingFilter, TermOperator, VisibilityFilter,
};
pub use contact::{Email, Phone, Postcode};
pub use money::Money;
pub use pricing::unit_price::{Unit, UnitPricing};
pub use product_rules::{Backorders, TaxStatus};
pub use quantity::{Quantity, QuantityError};
pub use sku::Sku;
pub use tax::{TaxClass, VatRate};
pub use totals::{CartLine, Discount, NetItem, Totals, VatLine};
