//! What staff use: WooCommerce's `wc/v3`, WordPress's `wp/v2` and the admin's own screens.

mod account_details;
mod account_orders;
mod accounts;
mod admin_screens;
mod lost_password;
mod moved_pictures;
mod wc_order_status;
mod wc_orders;
mod wc_products;
mod wc_setup;
mod wc_terms_and_customers;
mod wp_media;
mod wp_pages;
mod wp_settings;
