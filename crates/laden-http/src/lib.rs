//! Laden's HTTP surface: documents (server-rendered pages), the WooCommerce
//! Store API, assets and uploads. Handlers are thin: extract, call one store
//! operation, map the result.

mod account;
mod admin_api;
mod app_passwords;
pub mod auth;
mod blocks;
pub mod caches;
pub use laden_domain::dates;
pub(crate) mod documents;
mod downloads;
pub mod error;
mod extract;
mod hit;
use laden_domain::i18n;
pub mod invoices;
mod legal;
mod links;
pub mod mail;
mod metrics;
mod payments;
mod pre_route;
mod security;
mod store_api;
pub mod throttle;
mod unread_body;
mod wc_v3;
mod wire;
mod wp_v2;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use laden_render::Renderer;
use laden_store::{Category, Product, ProductKind, Store};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

pub use documents::Assets;
pub use security::MODULE_LOADER;

/// What the HTTP layer needs to know about its environment.
#[derive(Debug, Clone)]
pub struct HttpConfig {
    /// Public base URL without trailing slash, used for every absolute link.
    pub site_url: String,
    pub uploads_dir: PathBuf,
    /// The built web app (`web/dist`): `client/` assets and `server/` bundle.
    pub web_dir: PathBuf,
    /// Secret for nonces; shared by all instances of one shop.
    pub secret: String,
    /// Largest media upload in bytes (larger ones are answered 413 unread).
    pub max_upload_bytes: usize,
    /// Test-only hooks (`/wp-json/laden-test/v1/…`); never on in production.
    pub test_hooks: bool,
    /// Where e-mails go: SMTP, else the outbox folder (default: `outbox` beside the uploads).
    pub mail: mail::MailTransport,
    /// Reverse proxies whose `X-Forwarded-For` names the client (default: loopback only).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The bearer token `/metrics` answers to; none: `/metrics` is a 404.
    pub metrics_token: Option<String>,
    /// The guarded client's hosts and limits, for pictures an import downloads.
    pub outbound: laden_outbound::OutboundConfig,
    /// The largest ZIP of an old shop's uploads folder the admin's import takes.
    pub max_import_zip_bytes: usize,
    /// The shop's Stripe account; none: Stripe's methods are not offered.
    pub stripe: Option<laden_payments::stripe::StripeConfig>,
}

impl HttpConfig {
    pub fn new(
        site_url: String,
        uploads_dir: PathBuf,
        web_dir: PathBuf,
        secret: String,
    ) -> HttpConfig {
        let outbox = uploads_dir.with_file_name("outbox");
        HttpConfig {
            site_url,
            uploads_dir,
            web_dir,
            secret,
            max_upload_bytes: laden_store::media::DEFAULT_MAX_BYTES,
            test_hooks: false,
            mail: mail::MailTransport::Outbox(outbox),
            trusted_proxies: throttle::LOOPBACK.to_vec(),
            metrics_token: None,
            outbound: laden_outbound::OutboundConfig::default(),
            max_import_zip_bytes: 1024 * 1024 * 1024,
            stripe: None,
        }
    }
}

/// What every handler shares, behind one `Arc`: a request clones the state several times on its
/// way (each middleware with state, the handler's extractor), and one counter to touch is cheaper
/// than a dozen shared between the cores (the clones were an eighth of a cache hit's time).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub store: Store,
    pub config: Arc<HttpConfig>,
    pub renderer: Option<Renderer>,
    /// Cached pages and Store API answers, kept in step with the content-change log.
    pub caches: Arc<caches::Caches>,
    pub assets: Arc<Assets>,
    /// Test hook: how many sub-size creations still fail on purpose.
    subsize_failures: Arc<AtomicU32>,
    /// Wakes the mail worker when a mail was queued.
    pub(crate) mail_wake: Arc<tokio::sync::Notify>,
    /// The pages' Content-Security-Policy and the site version it was made for.
    pub(crate) csp: Arc<std::sync::RwLock<Option<(i64, HeaderValue)>>>,
    /// The Stripe client, when the shop has a Stripe account.
    pub(crate) stripe: Option<laden_payments::stripe::Stripe>,
}

impl AppState {
    pub fn new(store: Store, config: HttpConfig, renderer: Option<Renderer>) -> AppState {
        let assets = Arc::new(Assets::load(&config.web_dir));
        let stripe = config.stripe.clone().and_then(|c| {
            laden_payments::stripe::Stripe::new(c)
                .map_err(|e| tracing::error!(error = %e, "the Stripe client cannot start"))
                .ok()
        });
        AppState(Arc::new(Shared {
            stripe,
            store,
            config: Arc::new(config),
            renderer,
            caches: caches::Caches::new(),
            assets,
            subsize_failures: Arc::new(AtomicU32::new(0)),
            mail_wake: Arc::new(tokio::sync::Notify::new()),
            csp: Arc::new(std::sync::RwLock::new(None)),
        }))
    }

    /// Tells the mail worker that a mail was queued.
    pub(crate) fn wake_mailer(&self) {
        self.mail_wake.notify_one();
    }

    /// Test hook: make the next `n` sub-size creations fail.
    pub fn fail_subsizes(&self, n: u32) {
        self.subsize_failures.store(n, Ordering::SeqCst);
    }

    /// Uses up one planned sub-size failure, if any is left.
    pub(crate) fn take_subsize_failure(&self) -> bool {
        self.subsize_failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }

    /// `message` signed with the shop secret (HMAC-SHA-256), its first `bytes` bytes in hex:
    /// the nonces, and the keys of the links mailed to accounts. Empty if the secret is unusable.
    pub(crate) fn sign(&self, message: &str, bytes: usize) -> String {
        use hmac::{Hmac, Mac};
        let Ok(mut mac) = Hmac::<sha2::Sha256>::new_from_slice(self.config.secret.as_bytes())
        else {
            return String::new();
        };
        mac.update(message.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..bytes])
    }

    /// A Store API nonce for this cart, rotating every 12 hours (valid for two ticks).
    pub fn store_nonce(&self, token: &str) -> String {
        let tick = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 43_200);
        self.sign(&format!("{tick}|wc_store_api|{token}"), 5)
    }

    /// [`AppState::products_json`] as product cards show them ([`wire::Card`]): only each
    /// product's first picture is read.
    pub(crate) async fn cards(
        &self,
        products: &[Product],
        categories: &[Category],
    ) -> Result<Vec<wire::Card>, error::ApiError> {
        Ok(self
            .store_products(products, categories, 1)
            .await?
            .into_iter()
            .map(wire::Card::from)
            .collect())
    }

    /// Store API JSON for a list of products, loading their media and variations in batches.
    pub(crate) async fn products_json(
        &self,
        products: &[Product],
        categories: &[Category],
    ) -> Result<Vec<Value>, error::ApiError> {
        Ok(self
            .store_products(products, categories, usize::MAX)
            .await?
            .iter()
            .map(wire::value)
            .collect())
    }

    /// The Store API's products, with at most `pictures` pictures of each.
    async fn store_products(
        &self,
        products: &[Product],
        categories: &[Category],
        pictures: usize,
    ) -> Result<Vec<wire::StoreProduct>, error::ApiError> {
        let variable: Vec<i64> = products
            .iter()
            .filter(|p| p.kind == ProductKind::Variable)
            .map(|p| p.id)
            .collect();
        let variations = self.store.variations_of(&variable).await?;
        // Variations (a list by `type` or `slug`) are answered with their products.
        let mut parent_ids: Vec<i64> = products.iter().filter_map(|p| p.parent_id).collect();
        parent_ids.sort_unstable();
        parent_ids.dedup();
        let parents = self.store.products_by_ids(&parent_ids).await?;
        let ids: Vec<i64> = products
            .iter()
            .chain(&parents)
            .flat_map(|p| p.picture_ids().into_iter().take(pictures))
            .collect();
        let media = self.store.media_by_ids(&ids).await?;
        let shop = self.store.settings().await?.shop;
        let cat = wire::Catalog {
            deposit_types: &shop.deposit_types,
            price_labels: &shop.price_labels,
            ..wire::Catalog::plain(&self.config.site_url, &media, categories)
        };
        Ok(products
            .iter()
            .map(|p| {
                let parent = p
                    .parent_id
                    .and_then(|id| parents.iter().find(|x| x.id == id));
                cat.product(
                    p,
                    variations.get(&p.id).map_or(&[][..], Vec::as_slice),
                    parent,
                )
            })
            .collect())
    }
}

async fn healthz(State(state): State<AppState>) -> Response {
    match state.store.ping().await {
        Ok(()) => Json(json!({ "status": "ok", "database": state.store.backend(), "renderer": state.renderer.is_some() })).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "error" }))).into_response()
        }
    }
}

/// Test hook: `PUT /wp-json/laden-test/v1/subsize-failures {count}` (administrators,
/// and only when the server runs with test hooks on).
async fn test_subsize_failures(
    State(state): State<AppState>,
    who: auth::Identity,
    extract::JsonBody(body): extract::JsonBody,
) -> Result<Response, error::ApiError> {
    if !state.config.test_hooks {
        return Err(error::ApiError::NoRoute);
    }
    who.require("manage_options", "rest_forbidden")?;
    let n = body
        .get("count")
        .and_then(Value::as_u64)
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            error::ApiError::param("count", i18n::tf("%s is not of type integer.", &[&"count"]))
        })?;
    state.fail_subsizes(n);
    Ok(Json(json!({ "count": n })).into_response())
}

/// Test hook: `GET /wp-json/laden-test/v1/sleep?ms=N` answers after N ms (at most 30 s),
/// a request that is still in flight when the server is told to stop.
async fn test_sleep(
    State(state): State<AppState>,
    params: extract::Params,
) -> Result<Response, error::ApiError> {
    if !state.config.test_hooks {
        return Err(error::ApiError::NoRoute);
    }
    let ms = params
        .get("ms")
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0)
        .min(30_000);
    tokio::time::sleep(Duration::from_millis(ms)).await;
    Ok(Json(json!({ "slept": ms })).into_response())
}

async fn rest_no_route() -> error::ApiError {
    error::ApiError::NoRoute
}

type Routes = &'static [(&'static str, &'static [&'static str])];

/// The REST namespaces and their routes, as the indexes list them.
const NAMESPACES: &[(&str, &[Routes])] = &[
    ("wp/v2", &[wp_v2::ROUTES, app_passwords::ROUTES]),
    ("wc/store/v1", &[store_api::ROUTES]),
    ("wc/v3", &[wc_v3::ROUTES]),
];

/// The routes of the namespaces `only` names (all when `None`), keyed by their full pattern.
fn route_map(only: Option<&str>) -> serde_json::Map<String, Value> {
    let mut map = serde_json::Map::new();
    for (ns, lists) in NAMESPACES
        .iter()
        .filter(|(ns, _)| only.is_none_or(|o| o == *ns))
    {
        for (route, methods) in lists.iter().flat_map(|l| l.iter()) {
            map.insert(
                format!("/{ns}{route}"),
                json!({ "namespace": ns, "methods": methods, "endpoints": [{ "methods": methods }] }),
            );
        }
    }
    map
}

async fn rest_index(State(state): State<AppState>) -> Response {
    let settings = state.store.settings().await.unwrap_or_default();
    let namespaces: Vec<&str> = NAMESPACES.iter().map(|(ns, _)| *ns).collect();
    Json(json!({
        "name": settings.site.name,
        "description": settings.site.description,
        "url": state.config.site_url,
        "home": state.config.site_url,
        "gmt_offset": crate::dates::gmt_offset_hours(crate::dates::now()),
        "timezone_string": "Europe/Berlin",
        "namespaces": namespaces,
        "authentication": {},
        "routes": route_map(None),
    }))
    .into_response()
}

/// `GET /wp-json/{namespace}`: the namespace and its routes, as WordPress answers it.
fn namespace_index(ns: &'static str) -> axum::routing::MethodRouter<AppState> {
    get(move || async move { Json(json!({ "namespace": ns, "routes": route_map(Some(ns)) })) })
}

/// The whole application.
/// Files in the uploads' private folder (`woocommerce_uploads`, WooCommerce's place for sold
/// files) are never served as uploads: only a paid order's download link sends them.
async fn hide_private_uploads(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let path = percent_encoding::percent_decode_str(req.uri().path()).decode_utf8_lossy();
    if laden_domain::product_rules::is_private_upload(&path) {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(req).await
}

pub fn router(state: AppState) -> Router {
    let hit_state = state.clone();
    // The build writes brotli and gzip copies beside each script and stylesheet (quality 11 and
    // level 9, web/vite.precompress.ts); they go out as they are, never compressed per request.
    let static_assets = Router::new()
        .fallback_service(
            ServeDir::new(state.config.web_dir.join("client/assets"))
                .precompressed_br()
                .precompressed_gzip(),
        )
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::VARY,
            HeaderValue::from_static("accept-encoding"),
        ));
    let uploads = Router::new()
        .fallback_service(ServeDir::new(&state.config.uploads_dir))
        .layer(axum::middleware::from_fn(hide_private_uploads))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=86400"),
        ));
    let wp_json = Router::new()
        .route("/", get(rest_index))
        .nest(
            "/wc/store/v1",
            store_api::router().route("/", namespace_index("wc/store/v1")),
        )
        .nest(
            "/wp/v2",
            wp_v2::router()
                .merge(app_passwords::router())
                .route("/", namespace_index("wp/v2")),
        )
        .nest(
            "/wc/v3",
            wc_v3::router().route("/", namespace_index("wc/v3")),
        )
        .merge(admin_api::router())
        .merge(invoices::rest_router())
        .merge(legal::router())
        .merge(payments::router())
        .route(
            "/laden/v1/products/{id}/quick-view",
            get(documents::quick_view),
        )
        .route(
            "/laden/v1/page-preview",
            axum::routing::post(documents::page_preview),
        )
        .route(
            "/laden-test/v1/subsize-failures",
            axum::routing::put(test_subsize_failures).post(test_subsize_failures),
        )
        .route("/laden-test/v1/sleep", get(test_sleep))
        .fallback(rest_no_route)
        .method_not_allowed_fallback(rest_no_route)
        .layer(axum::extract::DefaultBodyLimit::max(extract::REQUEST_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            auth::rest_auth,
        ));
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics::metrics))
        .route("/wp-json/", get(rest_index))
        .nest("/wp-json", wp_json)
        .nest_service("/assets", static_assets)
        .nest_service("/uploads", uploads)
        .merge(account::router())
        .merge(downloads::router())
        .merge(invoices::document_router())
        .merge(links::router())
        .merge(documents::router())
        .layer(axum::middleware::from_fn_with_state(state.clone(), security::refuse_cross_site))
        .layer(axum::middleware::from_fn_with_state(state.clone(), security::headers))
        .with_state(state)
        .layer(CompressionLayer::new().gzip(true).br(true))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-"))
                })
                .on_request(())
                .on_response(tower_http::trace::DefaultOnResponse::new().level(tracing::Level::INFO).latency_unit(tower_http::LatencyUnit::Micros)),
        )
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        // What a handler leaves of a request body unread is drained, so its answer is not lost.
        .layer(axum::middleware::map_request(unread_body::drain_unread));
    // Rewrites that must happen before routing wrap the whole application.
    let service = tower::Layer::layer(&axum::middleware::from_fn(pre_route::pre_route), app);
    // A cached page is answered before all of it (crate::hit).
    Router::new().fallback_service(hit::HitFirst {
        state: hit_state,
        inner: service,
    })
}
