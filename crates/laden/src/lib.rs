//! The `laden` binary: configuration, logging, and its commands.

pub mod backup;

use anyhow::Context;
use clap::{Parser, Subcommand};
use laden_http::{router, AppState, HttpConfig};
use laden_render::{Renderer, RendererConfig};
use laden_store::{NewAdmin, Store};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

#[derive(Parser, Debug, Clone)]
#[command(
    name = "laden",
    about = "Laden – ein deutscher Online-Shop in einer Datei",
    version
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Address to listen on.
    #[arg(
        long,
        env = "LADEN_ADDR",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub addr: SocketAddr,
    /// Folder for the database file, uploads and secrets.
    #[arg(long, env = "LADEN_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; default: a SQLite file in the data folder.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// Public base URL used in links; default `http://ADDR`.
    #[arg(long, env = "LADEN_SITE_URL", global = true)]
    pub site_url: Option<String>,
    /// E-mail of the first administrator, created on first start.
    #[arg(long, env = "LADEN_ADMIN_EMAIL", global = true)]
    pub admin_email: Option<String>,
    /// Password of the first administrator; generated and printed once when absent.
    #[arg(
        long,
        env = "LADEN_ADMIN_PASSWORD",
        global = true,
        hide_env_values = true
    )]
    pub admin_password: Option<String>,
    /// The built web app (`web/dist`).
    #[arg(
        long,
        env = "LADEN_WEB_DIR",
        default_value = "./web/dist",
        global = true
    )]
    pub web_dir: PathBuf,
    /// The demo shop's fixtures.
    #[arg(
        long,
        env = "LADEN_DEMO_DIR",
        default_value = "./fixtures/demo",
        global = true
    )]
    pub demo_dir: PathBuf,
    /// Do not import the demo shop on first start.
    #[arg(long, env = "LADEN_NO_DEMO", global = true, action = clap::ArgAction::SetTrue, value_parser = clap::builder::BoolishValueParser::new())]
    pub no_demo: bool,
    /// Secret for nonces; instances of one shop must share it. Default: kept in the data folder.
    #[arg(long, env = "LADEN_SECRET", global = true, hide_env_values = true)]
    pub secret: Option<String>,
    /// Render threads (default: one per core, at most 4).
    #[arg(long, env = "LADEN_RENDER_THREADS", global = true)]
    pub render_threads: Option<usize>,
    /// Largest media upload in MiB.
    #[arg(long, env = "LADEN_MAX_UPLOAD_MB", default_value_t = 16, global = true)]
    pub max_upload_mb: usize,
    /// SMTP server for the shop's e-mails, e.g. `smtps://user:password@mail.example.de:465`
    /// or `smtp://mail.example.de:587?tls=required`. Without it, e-mails are written to
    /// the `outbox` folder in the data folder.
    #[arg(long, env = "LADEN_SMTP_URL", global = true, hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client, for per-address limits
    /// (addresses, separated by commas). Default: loopback, i.e. a proxy on the same machine.
    #[arg(
        long,
        env = "LADEN_TRUSTED_PROXIES",
        default_value = "127.0.0.1,::1",
        global = true
    )]
    pub trusted_proxies: String,
    /// The bearer token that `/metrics` (Prometheus) answers to. Without it, `/metrics` is a 404.
    #[arg(
        long,
        env = "LADEN_METRICS_TOKEN",
        global = true,
        hide_env_values = true
    )]
    pub metrics_token: Option<String>,
    /// Hosts (names or addresses, separated by commas) that pictures may be downloaded from
    /// although they are not public addresses (a server in the shop's own network). Every other
    /// address in a private network or on this machine is refused.
    #[arg(
        long,
        env = "LADEN_FETCH_ALLOW_HOSTS",
        default_value = "",
        global = true
    )]
    pub fetch_allow_hosts: String,
    /// Largest ZIP of an old shop's uploads folder the admin's import takes, in MiB.
    #[arg(
        long,
        env = "LADEN_MAX_IMPORT_ZIP_MB",
        default_value_t = 1024,
        global = true
    )]
    pub max_import_zip_mb: usize,
    /// Stripe's secret API key (`sk_live_…` or `sk_test_…`); with the publishable key it offers
    /// cards and SEPA direct debit through Stripe.
    #[arg(
        long,
        env = "LADEN_STRIPE_SECRET_KEY",
        global = true,
        hide_env_values = true
    )]
    pub stripe_secret_key: Option<String>,
    /// Stripe's publishable key (`pk_…`), which the checkout's Stripe.js uses.
    #[arg(long, env = "LADEN_STRIPE_PUBLISHABLE_KEY", global = true)]
    pub stripe_publishable_key: Option<String>,
    /// The signing secret (`whsec_…`) of the webhook endpoint registered at Stripe.
    #[arg(
        long,
        env = "LADEN_STRIPE_WEBHOOK_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub stripe_webhook_secret: Option<String>,
    /// Stripe's API address; another one only for a test server.
    #[arg(long, env = "LADEN_STRIPE_API_BASE", default_value = laden_payments::stripe::API_BASE, global = true)]
    pub stripe_api_base: String,
    /// The time limit of each call to Stripe, in seconds.
    #[arg(
        long,
        env = "LADEN_STRIPE_TIMEOUT_SECS",
        default_value_t = 20,
        global = true
    )]
    pub stripe_timeout_secs: u64,
    /// On SIGTERM or Ctrl-C: how long requests in flight may take to finish, in seconds.
    #[arg(long, env = "LADEN_SHUTDOWN_SECS", default_value_t = 10, global = true)]
    pub shutdown_secs: u64,
    /// Enable test-only hooks (`/wp-json/laden-test/v1/…`). Never in production.
    #[arg(long, env = "LADEN_TEST_HOOKS", global = true, hide = true, action = clap::ArgAction::SetTrue, value_parser = clap::builder::BoolishValueParser::new())]
    pub test_hooks: bool,
}

#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Serve the shop (default).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Import the demo shop.
    Seed,
    /// Import a WooCommerce product CSV (English or German headers).
    Import {
        file: PathBuf,
        /// A copy of the old shop's `wp-content/uploads` folder: pictures named by their old
        /// address are taken from it, by the path after `uploads/`.
        #[arg(long)]
        uploads: Option<PathBuf>,
        /// Download the pictures the uploads folder does not have (public addresses only, or
        /// the hosts of LADEN_FETCH_ALLOW_HOSTS; at most LADEN_MAX_UPLOAD_MB each).
        #[arg(long)]
        download_pictures: bool,
    },
    /// Write a consistent snapshot of the shop (database, uploads, secret) into a new folder,
    /// while the shop keeps running.
    Backup { folder: PathBuf },
    /// Bring a snapshot made by `laden backup` back. Stop every instance first.
    Restore {
        folder: PathBuf,
        /// Overwrite a shop that already has data.
        #[arg(long)]
        force: bool,
    },
}

/// The one typed configuration; nothing else reads the environment.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub site_url: String,
    pub admin_email: Option<String>,
    pub admin_password: Option<String>,
    pub web_dir: PathBuf,
    pub demo_dir: PathBuf,
    pub demo: bool,
    pub secret: Option<String>,
    pub render_threads: Option<usize>,
    pub max_upload_bytes: usize,
    pub test_hooks: bool,
    pub smtp_url: Option<String>,
    pub trusted_proxies: Vec<std::net::IpAddr>,
    pub shutdown_grace: std::time::Duration,
    pub metrics_token: Option<String>,
    /// The guarded client's hosts, limits and time limit (a moved shop's pictures).
    pub outbound: laden_outbound::OutboundConfig,
    pub max_import_zip_bytes: usize,
    pub stripe: Option<laden_payments::stripe::StripeConfig>,
}

impl Cli {
    pub fn config(&self) -> anyhow::Result<Config> {
        let database_url = self
            .database_url
            .clone()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("laden.db").display()));
        let site_url = self
            .site_url
            .clone()
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| format!("http://{}", self.addr));
        let trusted_proxies = laden_http::throttle::parse_proxies(&self.trusted_proxies)
            .map_err(|bad| anyhow::anyhow!("LADEN_TRUSTED_PROXIES: {bad} is not an IP address"))?;
        Ok(Config {
            addr: self.addr,
            data_dir: self.data_dir.clone(),
            database_url,
            site_url: site_url.trim_end_matches('/').to_owned(),
            admin_email: self.admin_email.clone().filter(|s| !s.is_empty()),
            admin_password: self.admin_password.clone().filter(|s| !s.is_empty()),
            web_dir: self.web_dir.clone(),
            demo_dir: self.demo_dir.clone(),
            demo: !self.no_demo,
            secret: self.secret.clone().filter(|s| !s.is_empty()),
            render_threads: self.render_threads,
            max_upload_bytes: self.max_upload_mb.saturating_mul(1024 * 1024),
            test_hooks: self.test_hooks,
            smtp_url: self.smtp_url.clone().filter(|s| !s.trim().is_empty()),
            trusted_proxies,
            shutdown_grace: std::time::Duration::from_secs(self.shutdown_secs),
            metrics_token: self.metrics_token.clone().filter(|s| !s.trim().is_empty()),
            outbound: laden_outbound::OutboundConfig {
                allowed_hosts: laden_domain::outbound::allowed_hosts(&self.fetch_allow_hosts),
                max_bytes: self.max_upload_mb.saturating_mul(1024 * 1024),
                ..laden_outbound::OutboundConfig::default()
            },
            max_import_zip_bytes: self.max_import_zip_mb.saturating_mul(1024 * 1024),
            stripe: self.stripe()?,
        })
    }

    /// Stripe, when both keys are given (one without the other is a mistake worth stopping for).
    fn stripe(&self) -> anyhow::Result<Option<laden_payments::stripe::StripeConfig>> {
        let given = |v: &Option<String>| {
            v.clone()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
        };
        match (given(&self.stripe_secret_key), given(&self.stripe_publishable_key)) {
            (None, None) => Ok(None),
            (Some(secret_key), Some(publishable_key)) => Ok(Some(laden_payments::stripe::StripeConfig {
                secret_key,
                publishable_key,
                webhook_secret: given(&self.stripe_webhook_secret).unwrap_or_default(),
                api_base: self.stripe_api_base.trim_end_matches('/').to_owned(),
                timeout: std::time::Duration::from_secs(self.stripe_timeout_secs.max(1)),
            })),
            _ => anyhow::bail!("LADEN_STRIPE_SECRET_KEY and LADEN_STRIPE_PUBLISHABLE_KEY go together: set both or neither"),
        }
    }
}

/// The log on stdout (level from `LADEN_LOG`, default `info`: a line for every request). Lines are
/// handed to a writer thread, so no request waits for the terminal or the file behind stdout;
/// none is dropped (a full queue makes the writer wait instead). Keep the returned guard until
/// the end: dropping it writes what is still queued.
pub fn init_tracing() -> tracing_appender::non_blocking::WorkerGuard {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_env("LADEN_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let json = std::env::var("LADEN_LOG_FORMAT").is_ok_and(|v| v == "json");
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(false)
        .finish(std::io::stdout());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .with_writer(writer);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
    guard
}

async fn open(cfg: &Config) -> anyhow::Result<Store> {
    std::fs::create_dir_all(&cfg.data_dir)
        .with_context(|| format!("creating data folder {}", cfg.data_dir.display()))?;
    std::fs::create_dir_all(cfg.data_dir.join("uploads"))?;
    Store::open(&cfg.database_url)
        .await
        .with_context(|| "opening the database".to_owned())
}

fn secret(cfg: &Config) -> anyhow::Result<String> {
    if let Some(s) = &cfg.secret {
        return Ok(s.clone());
    }
    let path = cfg.data_dir.join("secret");
    if let Ok(s) = std::fs::read_to_string(&path) {
        if !s.trim().is_empty() {
            return Ok(s.trim().to_owned());
        }
    }
    let s = laden_store::random_token(32);
    std::fs::write(&path, &s)?;
    Ok(s)
}

pub async fn migrate(cfg: Config) -> anyhow::Result<()> {
    let store = open(&cfg).await?;
    println!("Datenbank ist aktuell ({}).", store.backend());
    Ok(())
}

async fn import_demo(store: &Store, cfg: &Config) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    println!("Demo-Shop wird importiert …");
    let mut last = 0;
    let report = laden_store::demo::seed(
        store,
        &cfg.demo_dir,
        &cfg.data_dir.join("uploads"),
        &cfg.data_dir,
        &mut |done, total| {
            let pct = done * 100 / total.max(1);
            if pct >= last + 25 {
                last = pct;
                println!("  {pct} % ({done}/{total} Zeilen)");
            }
        },
    )
    .await
    .context("importing the demo shop")?;
    println!(
        "Demo-Shop importiert: {} Zeilen, {} angelegt, {} Fehler, in {:.1} s.",
        report.rows,
        report.created,
        report.errors.len(),
        started.elapsed().as_secs_f32()
    );
    for e in &report.errors {
        println!("  Zeile {}: {}", e.line, e.message);
    }
    Ok(())
}

pub async fn seed(cfg: Config) -> anyhow::Result<()> {
    let store = open(&cfg).await?;
    import_demo(&store, &cfg).await
}

/// What `laden import` takes besides the file: the old shop's uploads folder, and whether
/// pictures not in it are downloaded.
#[derive(Debug, Clone, Default)]
pub struct ImportPictures {
    pub uploads: Option<PathBuf>,
    pub download: bool,
}

pub async fn import(cfg: Config, file: &Path, pictures: ImportPictures) -> anyhow::Result<()> {
    let store = open(&cfg).await?;
    let base = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut importer =
        laden_store::import::Importer::new(&store, base, cfg.data_dir.join("uploads"), "import");
    if let Some(dir) = &pictures.uploads {
        anyhow::ensure!(dir.is_dir(), "--uploads {}: not a folder", dir.display());
    }
    importer.old_uploads = pictures.uploads;
    if pictures.download {
        importer.fetch =
            Some(laden_outbound::Outbound::new(cfg.outbound.clone()).map_err(anyhow::Error::msg)?);
    }
    let mut last = 0;
    let report = importer
        .import_file(file, &mut |done, total| {
            let pct = done * 100 / total.max(1);
            if pct >= last + 10 || done == total {
                last = pct;
                eprintln!("{pct:>3} % ({done}/{total})");
            }
        })
        .await?;
    println!(
        "{} Zeilen gelesen: {} neu, {} aktualisiert, {} Fehler.",
        report.rows,
        report.created,
        report.updated,
        report.errors.len()
    );
    for w in &report.warnings {
        println!("Hinweis Zeile {}: {}", w.line, w.message);
    }
    for e in &report.errors {
        println!("Fehler Zeile {}: {}", e.line, e.message);
    }
    if !report.errors.is_empty() {
        std::process::exit(2);
    }
    Ok(())
}

/// Builds the application state: store, first-start work, renderer.
pub async fn prepare(cfg: &Config) -> anyhow::Result<AppState> {
    let store = open(cfg).await?;
    let email = cfg
        .admin_email
        .clone()
        .unwrap_or_else(|| "admin@localhost".to_owned());
    if let Some(generated) = store
        .ensure_admin(NewAdmin {
            email: email.clone(),
            password: cfg.admin_password.clone(),
        })
        .await?
    {
        println!(
            "Administrator angelegt: {email}\nPasswort (wird nur jetzt angezeigt): {generated}"
        );
    }
    if cfg.demo && !store.demo_imported().await? {
        let (_, products) = store
            .list_products(&laden_store::ProductQuery {
                per_page: 1,
                ..Default::default()
            })
            .await?;
        if products == 0 {
            import_demo(&store, cfg).await?;
        }
    }
    let bundle = cfg.web_dir.join("server/server.js");
    let mut render_cfg = RendererConfig::default();
    if let Some(n) = cfg.render_threads {
        render_cfg.threads = n.max(1);
    }
    let renderer = match Renderer::start(&bundle, render_cfg) {
        Ok(r) => Some(r),
        Err(e) => {
            tracing::warn!(error = %e, "server rendering is off: pages render in the browser");
            None
        }
    };
    let mut http = HttpConfig::new(
        cfg.site_url.clone(),
        cfg.data_dir.join("uploads"),
        cfg.web_dir.clone(),
        secret(cfg)?,
    );
    http.max_upload_bytes = cfg.max_upload_bytes;
    http.test_hooks = cfg.test_hooks;
    http.trusted_proxies = cfg.trusted_proxies.clone();
    http.metrics_token = cfg.metrics_token.clone();
    http.outbound = cfg.outbound.clone();
    http.max_import_zip_bytes = cfg.max_import_zip_bytes;
    http.stripe = cfg.stripe.clone();
    http.mail = match &cfg.smtp_url {
        Some(url) => laden_http::mail::MailTransport::Smtp(url.clone()),
        None => laden_http::mail::MailTransport::Outbox(cfg.data_dir.join("outbox")),
    };
    if cfg.test_hooks {
        tracing::warn!("test hooks are on: never run a real shop like this");
    }
    Ok(AppState::new(store, http, renderer))
}

pub async fn serve(cfg: Config) -> anyhow::Result<()> {
    let state = prepare(&cfg).await?;
    let store = state.store.clone();
    // Answers go out as soon as they are written, not held back for Nagle's algorithm.
    let listener = axum::serve::ListenerExt::tap_io(
        tokio::net::TcpListener::bind(cfg.addr)
            .await
            .with_context(|| format!("binding {}", cfg.addr))?,
        |tcp| {
            let _ = tcp.set_nodelay(true);
        },
    );
    println!("Laden läuft: {}", cfg.site_url);
    if cfg.smtp_url.is_none() {
        println!(
            "E-Mails landen im Ordner {} (LADEN_SMTP_URL setzen, um sie zu versenden).",
            cfg.data_dir.join("outbox").display()
        );
    }
    laden_http::mail::spawn_worker(state.clone());
    spawn_housekeeping(store.clone());
    spawn_unpaid_expiry(store.clone());
    spawn_sale_schedule(store.clone());
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    // On the signal the listener closes (new connections are refused) and requests in
    // flight may finish, for at most the grace period.
    let (stopping_tx, stopping) = tokio::sync::oneshot::channel::<()>();
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        shutdown().await;
        println!("Laden wird beendet …");
        let _ = stopping_tx.send(());
    });
    let mut server = std::pin::pin!(std::future::IntoFuture::into_future(server));
    tokio::select! {
        result = &mut server => result?,
        Ok(()) = stopping => {
            if tokio::time::timeout(cfg.shutdown_grace, &mut server).await.is_err() {
                tracing::warn!(grace = ?cfg.shutdown_grace, "requests still running after the grace period were cut off");
            }
        }
    }
    store.close().await;
    Ok(())
}

/// How often scheduled sales are started and ended: the cached pages follow within seconds.
pub const SALE_SCHEDULE_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Starts and ends scheduled sales (`date_on_sale_from`/`_to`) on time.
fn spawn_sale_schedule(store: Store) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(SALE_SCHEDULE_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            if let Err(e) = store.apply_sale_schedule(laden_http::dates::now()).await {
                tracing::warn!(error = %e, "sale schedule failed");
            }
        }
    });
}

/// How often orders left unpaid past the hold time are looked for.
pub const UNPAID_EXPIRY_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Cancels online orders unpaid past the shop's hold time, their stock back, within a minute.
fn spawn_unpaid_expiry(store: Store) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(UNPAID_EXPIRY_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            match store.cancel_unpaid(laden_http::dates::now()).await {
                Ok(0) => {}
                Ok(n) => {
                    tracing::info!(cancelled = n, "unpaid orders cancelled after the hold time")
                }
                Err(e) => tracing::warn!(error = %e, "cancelling unpaid orders failed"),
            }
        }
    });
}

/// Hourly clean-up (expired rate-limit counters, accounts never confirmed).
fn spawn_housekeeping(store: Store) {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60 * 60));
        loop {
            every.tick().await;
            if let Err(e) = store.housekeeping().await {
                tracing::warn!(error = %e, "housekeeping failed");
            }
        }
    });
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
