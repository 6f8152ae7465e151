//! Migrations on a database that holds a shop's data from before them (SQLite and PostgreSQL):
//! the database is brought to an earlier version, filled as that version's code filled it, and
//! then opened by today's store, which applies the rest.

#![allow(clippy::unwrap_used)]

mod common;

use laden_store::Store;
use std::path::{Path, PathBuf};

/// A folder holding `dialect`'s migrations up to and including `last`.
fn migrations_up_to(dialect: &str, last: u32) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(dialect);
    let to =
        std::env::temp_dir().join(format!("laden-migrations-{}", laden_store::random_token(6)));
    std::fs::create_dir_all(&to).unwrap();
    for entry in std::fs::read_dir(&from).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let version: u32 = name.split('_').next().unwrap().parse().unwrap();
        if version <= last {
            std::fs::copy(&path, to.join(&name)).unwrap();
        }
    }
    to
}

/// Brings a new database to version `last` and runs `statements` on it.
async fn at_version(backend: &str, last: u32, statements: &[String]) -> String {
    use sqlx::migrate::Migrator;
    use std::str::FromStr;
    let url = common::fresh_url(backend).await;
    let migrator = Migrator::new(migrations_up_to(backend, last))
        .await
        .unwrap();
    if backend == "sqlite" {
        let opts = sqlx::sqlite::SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(opts).await.unwrap();
        migrator.run(&pool).await.unwrap();
        for q in statements {
            sqlx::query(q).execute(&pool).await.unwrap();
        }
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        migrator.run(&pool).await.unwrap();
        for q in statements {
            sqlx::query(q).execute(&pool).await.unwrap();
        }
        pool.close().await;
    }
    url
}

/// Orders placed before `paid_at` and `completed_at` existed get the best moments known.
async fn orders_from_before_get_their_payment_and_completion_dates(backend: &str) {
    // (id, payment method, status, created, last changed)
    let orders = [
        (1, "cod", "processing", 1_000, 2_000),
        (2, "bacs", "processing", 1_000, 3_000),
        (3, "bacs", "on-hold", 1_000, 4_000),
        (4, "invoice", "completed", 1_000, 5_000),
        (5, "bacs", "completed", 1_000, 6_000),
        (6, "cod", "cancelled", 1_000, 7_000),
    ];
    let inserts: Vec<String> = orders
        .iter()
        .map(|(id, method, status, created, updated)| {
            format!(
                "INSERT INTO orders (id, order_key, status, currency, items_total, shipping_total, shipping_tax, \
                 tax_total, total, taxes, billing, shipping, email, payment_method, created_at, updated_at) \
                 VALUES ({id}, 'wc_order_{id}', '{status}', 'EUR', 1000, 0, 0, 160, 1000, '[]', '{{}}', '{{}}', \
                 'kunde@example.de', '{method}', {created}, {updated})"
            )
        })
        .collect();
    let url = at_version(backend, 24, &inserts).await;
    let store = Store::open(&url).await.unwrap();
    let mut found = Vec::new();
    for (id, ..) in orders {
        let o = store.order(id).await.unwrap();
        found.push((o.id, o.paid_at, o.completed_at));
    }
    assert_eq!(
        found,
        [
            // Paid on placing, by every method but Vorkasse.
            (1, Some(1_000), None),
            // Vorkasse: paid when staff last changed it (the transfer arrived).
            (2, Some(3_000), None),
            (3, None, None),
            (4, Some(1_000), Some(5_000)),
            (5, Some(6_000), Some(6_000)),
            (6, None, None),
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_from_before_get_their_payment_and_completion_dates_sqlite() {
    orders_from_before_get_their_payment_and_completion_dates("sqlite").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_from_before_get_their_payment_and_completion_dates_postgres() {
    orders_from_before_get_their_payment_and_completion_dates("postgres").await;
}
