//! One shop per fuzzing process: a SQLite database in a temporary file, the real router.
#![allow(dead_code, reason = "each target uses part of it")]

use std::sync::OnceLock;

pub struct Shop {
    pub runtime: tokio::runtime::Runtime,
    pub store: laden_store::Store,
    pub app: axum::Router,
}

pub fn shop() -> &'static Shop {
    static SHOP: OnceLock<Shop> = OnceLock::new();
    SHOP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("runtime");
        let dir = std::env::temp_dir().join(format!("laden-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("uploads")).expect("temp folder");
        let url = format!("sqlite://{}", dir.join("laden.db").display());
        let store = runtime.block_on(laden_store::Store::open(&url)).expect("store");
        let config = laden_http::HttpConfig::new("https://shop.example.de".into(), dir.join("uploads"), dir.join("web"), "fuzz-secret".into());
        let app = laden_http::router(laden_http::AppState::new(store.clone(), config, None));
        Shop { runtime, store, app }
    })
}

/// Sends one request through the router; the server must never answer 5xx.
pub fn must_not_fail(request: axum::http::Request<axum::body::Body>) {
    use tower::ServiceExt;
    let shop = shop();
    let what = format!("{} {:?}", request.method(), request.uri());
    let res = shop.runtime.block_on(shop.app.clone().oneshot(request)).expect("the router is infallible");
    assert!(!res.status().is_server_error(), "{what} answered {}", res.status());
}
