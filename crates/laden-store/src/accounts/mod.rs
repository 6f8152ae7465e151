//! Accounts: the shop's users (staff and customers who log in), their application passwords,
//! and the customers as the shop's records of who ordered.

pub(crate) mod app_passwords;
pub(crate) mod customers;
pub(crate) mod details;
pub(crate) mod resets;
pub(crate) mod users;
