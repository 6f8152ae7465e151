//! The server over real HTTP, on SQLite and PostgreSQL, as one test binary (one link for the
//! whole suite). Each test starts its own server on a fresh database (`common::TestApp`); the
//! modules are rooms by area.

#![allow(clippy::unwrap_used)]

#[macro_use]
mod common;

mod german_law;
mod operations;
mod staff;
mod storefront;
