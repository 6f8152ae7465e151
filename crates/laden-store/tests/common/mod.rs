//! What the store's tests share (and the server's tests, which include this file): a fresh,
//! empty database of either kind.

#![allow(dead_code, clippy::unwrap_used)]

/// The URL of a new, empty database: a SQLite file in a folder of its own, or a PostgreSQL
/// database created for the test.
pub async fn fresh_url(backend: &str) -> String {
    match backend {
        "sqlite" => {
            let dir = std::env::temp_dir()
                .join(format!("laden-store-test-{}", laden_store::random_token(6)));
            std::fs::create_dir_all(&dir).unwrap();
            format!("sqlite://{}", dir.join("t.db").display())
        }
        _ => fresh_postgres().await,
    }
}

/// Creates an empty PostgreSQL database on `TEST_DATABASE_URL`'s server (by default the local
/// one) for one test and returns its URL.
pub async fn fresh_postgres() -> String {
    use sqlx::Connection;
    let admin = std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!(
        "laden_t_{}",
        laden_store::random_token(9)
            .to_lowercase()
            .replace(['-', '_'], "x")
    );
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| {
            panic!("PostgreSQL at TEST_DATABASE_URL={admin} is needed for this test: {e}")
        });
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin
        .rsplit_once('/')
        .map_or(admin.as_str(), |(b, _)| b)
        .to_owned();
    format!("{base}/{name}")
}
