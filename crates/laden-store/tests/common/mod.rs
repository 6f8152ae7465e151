//! What the store's tests share: a fresh, empty database of either kind.

#![allow(dead_code, clippy::unwrap_used)]

/// The URL of a new, empty database: a SQLite file in a folder of its own, or a PostgreSQL
/// database created for the test on `TEST_DATABASE_URL`'s server.
pub async fn fresh_url(backend: &str) -> String {
    match backend {
        "sqlite" => {
            let dir = std::env::temp_dir()
                .join(format!("laden-store-test-{}", laden_store::random_token(6)));
            std::fs::create_dir_all(&dir).unwrap();
            format!("sqlite://{}", dir.join("t.db").display())
        }
        _ => {
            use sqlx::Connection;
            let admin = std::env::var("TEST_DATABASE_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
            let name = format!(
                "laden_t_{}",
                laden_store::random_token(9)
                    .to_lowercase()
                    .replace(['-', '_'], "x")
            );
            let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap();
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
    }
}
