//! Test harness: a fresh database (SQLite file or PostgreSQL database) per
//! test, a small catalogue, and the real router on a real socket.

#![allow(dead_code)]

use laden_domain::{Money, TaxClass};
use laden_http::{router, AppState, HttpConfig};
use laden_store::import::NewProduct;
use laden_store::{Attribute, ProductKind, Store};
use std::path::PathBuf;

/// A fresh database, as the store's own tests make one.
#[path = "../../../../laden-store/tests/common/mod.rs"]
pub mod database;
pub mod invoice;
pub mod process;
mod read;
mod sessions;
pub mod stripe;

pub use laden_test_macros::both_databases;
pub use read::*;
pub use sessions::{Login, PASSWORD};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub store: Store,
    pub site_url: String,
    pub state: AppState,
    pub uploads: PathBuf,
    /// The database's URL, for a second process on the same database.
    pub db_url: String,
    _dir: tempdir::TempDir,
}

pub mod tempdir {
    /// A temporary folder removed on drop.
    pub struct TempDir(pub std::path::PathBuf);
    impl TempDir {
        pub fn new() -> TempDir {
            let p =
                std::env::temp_dir().join(format!("laden-test-{}", laden_store::random_token(9)));
            std::fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// WooCommerce's own sample product export, byte for byte (`fixtures/woocommerce/`).
pub const WOO_SAMPLE: &[u8] =
    include_bytes!("../../../../../fixtures/woocommerce/sample_products.csv");

pub fn web_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/dist")
}

impl TestApp {
    pub async fn start(backend: Backend) -> TestApp {
        Self::start_with(backend, false).await
    }

    /// `render`: load the real server bundle (needs `web/dist`, built by `make test`).
    pub async fn start_with(backend: Backend, render: bool) -> TestApp {
        Self::start_configured(backend, render, |_| {}).await
    }

    /// As `start_with`, with the HTTP configuration changed by `configure` first.
    pub async fn start_configured(
        backend: Backend,
        render: bool,
        configure: impl FnOnce(&mut HttpConfig),
    ) -> TestApp {
        let renderer = render.then(|| {
            let bundle = web_dir().join("server/server.js");
            laden_render::Renderer::start(
                &bundle,
                laden_render::RendererConfig {
                    threads: 1,
                    ..Default::default()
                },
            )
            .unwrap_or_else(|e| {
                panic!(
                    "server bundle {} must be built (make test builds it): {e}",
                    bundle.display()
                )
            })
        });
        Self::start_full(backend, renderer, configure).await
    }

    /// With a renderer of the test's own (one that fails, say).
    pub async fn start_full(
        backend: Backend,
        renderer: Option<laden_render::Renderer>,
        configure: impl FnOnce(&mut HttpConfig),
    ) -> TestApp {
        let dir = tempdir::TempDir::new();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}", dir.0.join("laden.db").display()),
            Backend::Postgres => database::fresh_postgres().await,
        };
        Self::serve(url, dir, renderer, configure).await
    }

    /// A second instance on this app's database, as a second process would be (its own
    /// caches, uploads folder and connections). It must not outlive `self`.
    pub async fn peer(&self) -> TestApp {
        Self::serve(self.db_url.clone(), tempdir::TempDir::new(), None, |_| {}).await
    }

    /// As `peer`, with this instance's payment providers.
    pub async fn peer_with_payments(&self) -> TestApp {
        let stripe = self.state.config.stripe.clone();
        Self::serve(self.db_url.clone(), tempdir::TempDir::new(), None, |c| {
            c.stripe = stripe
        })
        .await
    }

    async fn serve(
        url: String,
        dir: tempdir::TempDir,
        renderer: Option<laden_render::Renderer>,
        configure: impl FnOnce(&mut HttpConfig),
    ) -> TestApp {
        let store = Store::open(&url).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        // Links must come from the configured site URL, never from the Host header.
        let site_url = "https://shop.example.de".to_owned();
        let mut config = HttpConfig::new(
            site_url.clone(),
            dir.0.join("uploads"),
            web_dir(),
            "test-secret".into(),
        );
        config.max_upload_bytes = 2 * 1024 * 1024;
        config.test_hooks = true;
        configure(&mut config);
        let state = AppState::new(store.clone(), config, renderer);
        let app = router(state.clone());
        tokio::spawn(async move {
            axum::serve(
                listener,
                app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
            )
            .await
            .unwrap();
        });
        let uploads = dir.0.join("uploads");
        TestApp {
            base: format!("http://{addr}"),
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            store,
            site_url,
            state,
            uploads,
            db_url: url,
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// A GET of `path` with these request headers.
    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut req = self.client.get(self.url(path));
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
        req.go().await
    }

    /// A Store API POST. A checkout without `extensions.laden` is sent as the checkout
    /// page sends it for a shopper who ticked the terms checkbox.
    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        mut body: serde_json::Value,
    ) -> reqwest::Response {
        if path == "/checkout"
            && body
                .get("extensions")
                .and_then(|e| e.get("laden"))
                .is_none()
        {
            if let Some(obj) = body.as_object_mut() {
                let ext = obj
                    .entry("extensions")
                    .or_insert_with(|| serde_json::json!({}));
                if let Some(ext) = ext.as_object_mut() {
                    ext.insert(
                        "laden".into(),
                        serde_json::json!({ "checkboxes": ["terms"] }),
                    );
                }
            }
        }
        let mut req = self
            .client
            .post(self.url(&format!("/wp-json/wc/store/v1{path}")))
            .json(&body);
        if let Some(t) = token {
            req = req.header("Cart-Token", t);
        }
        req.send().await.unwrap()
    }

    /// A Store API POST (as `post`): the answer's JSON.
    pub async fn post_json(
        &self,
        path: &str,
        token: Option<&str>,
        body: serde_json::Value,
    ) -> serde_json::Value {
        read::body(self.post(path, token, body).await).await
    }

    /// Changes the shop's settings directly in the store (as a restart with other settings would).
    pub async fn set(&self, change: impl FnOnce(&mut laden_store::SiteSettings)) {
        let mut s = self.store.settings().await.unwrap();
        change(&mut s);
        self.store.save_settings(&s).await.unwrap();
    }

    /// The one number a query answers (a `COUNT(*)`), read from the test's database.
    pub async fn count(&self, q: &str) -> i64 {
        count(&self.store, q).await
    }

    /// `POST /cart/add-item` of `quantity` × product `id` into the cart of `token` (`quantity`
    /// may be any JSON, to send what the server must refuse).
    pub async fn add_item(
        &self,
        token: &str,
        id: i64,
        quantity: impl Into<serde_json::Value>,
    ) -> reqwest::Response {
        let quantity: serde_json::Value = quantity.into();
        self.post(
            "/cart/add-item",
            Some(token),
            serde_json::json!({ "id": id, "quantity": quantity }),
        )
        .await
    }

    /// A new cart token, as `GET /cart` issues it.
    pub async fn new_cart(&self) -> String {
        let res = self.get("/wp-json/wc/store/v1/cart").await;
        assert_eq!(res.status(), 200);
        assert!(res.headers().contains_key("nonce"));
        res.headers()["cart-token"].to_str().unwrap().to_owned()
    }

    pub async fn simple(
        &self,
        name: &str,
        sku: &str,
        price_cents: i64,
        tax: TaxClass,
        stock: Option<i64>,
    ) -> i64 {
        let cats = self
            .store
            .ensure_category_paths("Kaffee > Espresso, Tee")
            .await
            .unwrap();
        self.store
            .save_product(&NewProduct {
                parent_id: None,
                kind: ProductKind::Simple,
                name: name.into(),
                sku: Some(sku.into()),
                status: "publish".into(),
                featured: false,
                catalog_visibility: laden_store::CatalogVisibility::Visible,
                short_description: "<p onclick=\"steal()\">Kurz</p><script>steal()</script>".into(),
                description: "<p>Lang</p>".into(),
                regular: Some(Money::from_cents(price_cents)),
                sale: None,
                tax_class: tax,
                stock,
                stock_status: if stock == Some(0) {
                    "outofstock".into()
                } else {
                    "instock".into()
                },
                low_stock: None,
                image_id: None,
                gallery: vec![],
                attributes: vec![],
                attached: None,
                menu_order: 0,
                categories: cats,
                unit: Default::default(),
                delivery_time: String::new(),
                ..Default::default()
            })
            .await
            .unwrap()
            .0
    }

    /// An order as the store holds it.
    pub async fn order(&self, id: i64) -> laden_store::PlacedOrder {
        self.store.order(id).await.unwrap()
    }

    /// A variable product "Sencha" with sizes 50 g (in stock, 890) and 100 g (out of stock).
    pub async fn variable(&self) -> (i64, i64, i64) {
        // The parent and its variations: 7 %, published, sized by "Größe".
        let sencha = |parent_id: Option<i64>, sku: &str, sizes: &[&str]| NewProduct {
            parent_id,
            kind: if parent_id.is_some() {
                ProductKind::Variation
            } else {
                ProductKind::Variable
            },
            name: match sizes {
                [size] if parent_id.is_some() => format!("Sencha – {size}"),
                _ => "Sencha".into(),
            },
            sku: Some(sku.into()),
            status: "publish".into(),
            catalog_visibility: laden_store::CatalogVisibility::Visible,
            tax_class: TaxClass::Reduced,
            stock_status: "instock".into(),
            attributes: vec![Attribute {
                name: "Größe".into(),
                options: sizes.iter().map(|s| (*s).to_owned()).collect(),
                variation: true,
                visible: true,
            }],
            ..Default::default()
        };
        let save = |p: NewProduct| async move { self.store.save_product(&p).await.unwrap().0 };
        let parent = save(sencha(None, "TEE-SENCHA", &["50 g", "100 g"])).await;
        let mut ids = vec![];
        for (sku, size, price, stock) in [
            ("TEE-SENCHA-50", "50 g", 890, 10),
            ("TEE-SENCHA-100", "100 g", 1590, 0),
        ] {
            let mut v = sencha(Some(parent), sku, &[size]);
            v.regular = Some(Money::from_cents(price));
            v.stock = Some(stock);
            if stock == 0 {
                v.stock_status = "outofstock".into();
            }
            ids.push(save(v).await);
        }
        self.store.refresh_variable(parent).await.unwrap();
        (parent, ids[0], ids[1])
    }

    pub async fn stock(&self, id: i64) -> Option<i64> {
        self.store.product(id).await.unwrap().stock
    }
}

/// A checkout body as the checkout page sends it: a valid address, invoice, the terms accepted.
pub fn checkout_body() -> serde_json::Value {
    serde_json::json!({ "billing_address": billing(), "payment_method": "invoice", "extensions": { "laden": { "checkboxes": ["terms"] } } })
}

/// The rows a CSV import refused: (line, message).
pub fn refused(report: &laden_store::import::ImportReport) -> Vec<(usize, &str)> {
    report
        .errors
        .iter()
        .map(|e| (e.line, e.message.as_str()))
        .collect()
}

/// Checks that an import saved one row and refused only row `line`, saying `says`.
pub fn assert_one_refused(report: &laden_store::import::ImportReport, line: usize, says: &str) {
    assert_eq!(report.created, 1, "{report:?}");
    assert_eq!(report.errors.len(), 1, "{report:?}");
    assert_eq!(report.errors[0].line, line);
    assert!(report.errors[0].message.contains(says), "{report:?}");
}

/// The checkboxes an order keeps as agreed to: (id, text), the shop's terms first.
pub fn agreements(order: &laden_store::PlacedOrder) -> Vec<(&str, &str)> {
    order
        .legal
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["id"].as_str().unwrap(), a["text"].as_str().unwrap()))
        .collect()
}

pub fn billing() -> serde_json::Value {
    serde_json::json!({
        "first_name": "Anna", "last_name": "Muster", "address_1": "Hauptstraße 5", "postcode": "04109",
        "city": "Leipzig", "country": "DE", "email": "anna@example.de", "phone": "+49 341 1234567"
    })
}

/// [`billing`] in another `country`, with a `postcode` of it.
pub fn billing_in(country: &str, postcode: &str) -> serde_json::Value {
    let mut address = billing();
    address["country"] = country.into();
    address["postcode"] = postcode.into();
    address
}

/// What a `#[both_databases]` test is given for each database: the `Backend` itself, or a
/// `TestApp` started on it.
pub trait Given: Sized {
    fn given(db: Backend) -> impl std::future::Future<Output = Self>;
}

impl Given for Backend {
    async fn given(db: Backend) -> Self {
        db
    }
}

impl Given for TestApp {
    async fn given(db: Backend) -> Self {
        TestApp::start(db).await
    }
}

impl Backend {
    /// `test` run on this database, given what it takes.
    pub async fn run<T: Given, F: std::future::Future<Output = ()>>(
        self,
        test: impl FnOnce(T) -> F,
    ) {
        test(T::given(self).await).await;
    }
}

/// A request sent and answered in one step, for tests (a request that cannot reach the server
/// fails the test).
pub trait Fetch {
    /// The answer.
    fn go(self) -> impl std::future::Future<Output = reqwest::Response> + Send;
    /// The answer's text (a page, a feed, a CSV).
    fn text_of(self) -> impl std::future::Future<Output = String> + Send;
    /// The answer's JSON.
    fn json_of(self) -> impl std::future::Future<Output = serde_json::Value> + Send;
}

impl Fetch for reqwest::RequestBuilder {
    async fn go(self) -> reqwest::Response {
        self.send().await.unwrap()
    }
    async fn text_of(self) -> String {
        self.go().await.text().await.unwrap()
    }
    async fn json_of(self) -> serde_json::Value {
        body(self.go().await).await
    }
}

impl TestApp {
    /// A page as the visitor with `cookie` (or a new one): its HTML.
    pub async fn html(&self, path: &str, cookie: Option<&str>) -> String {
        let mut req = self.client.get(self.url(path));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        req.text_of().await
    }

    /// A page as the visitor with `cookie` (or a new one): its status and HTML.
    pub async fn page_as(&self, cookie: Option<&str>, path: &str) -> (u16, String) {
        let mut req = self.client.get(self.url(path));
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let res = req.go().await;
        let status = res.status().as_u16();
        (status, res.text().await.unwrap())
    }

    /// A REST GET as `who` (`path` below `/wp-json`): the whole answer.
    pub async fn fetch_as(&self, who: &Login, path: &str) -> reqwest::Response {
        self.rest(reqwest::Method::GET, path, Some(who)).go().await
    }

    /// A REST request as `who` with a JSON body (`path` below `/wp-json`): the whole answer.
    pub async fn send_as(
        &self,
        who: &Login,
        method: reqwest::Method,
        path: &str,
        json: &serde_json::Value,
    ) -> reqwest::Response {
        self.rest(method, path, Some(who)).json(json).go().await
    }

    /// A REST GET as `who`: the answer's JSON.
    pub async fn get_as(&self, who: &Login, path: &str) -> serde_json::Value {
        self.call(reqwest::Method::GET, path, Some(who), None)
            .await
            .1
    }

    /// A page made through `wp/v2/pages` as `who` (an editor), with its title and status: its id.
    pub async fn page(&self, who: &Login, title: &str, status: &str) -> i64 {
        let page = self
            .post_as(
                who,
                "/wp/v2/pages",
                serde_json::json!({ "title": title, "status": status }),
            )
            .await;
        page["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("no page made: {page}"))
    }

    /// A REST POST of `json` as `who`: the answer's JSON.
    pub async fn post_as(
        &self,
        who: &Login,
        path: &str,
        json: serde_json::Value,
    ) -> serde_json::Value {
        self.call(reqwest::Method::POST, path, Some(who), Some(json))
            .await
            .1
    }

    /// The shop's settings changed by `who` through `wp/v2/settings`: the answer's JSON.
    pub async fn save_settings(&self, who: &Login, change: serde_json::Value) -> serde_json::Value {
        self.post_as(who, "/wp/v2/settings", change).await
    }

    /// [`save_settings`](Self::save_settings) with the answer's status: `(status, body)`.
    pub async fn change_settings(
        &self,
        who: &Login,
        change: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.call(
            reqwest::Method::POST,
            "/wp/v2/settings",
            Some(who),
            Some(change),
        )
        .await
    }

    /// A published content page with no sections, stored directly.
    pub async fn empty_page(&self, slug: &str, title: &str) {
        let content = serde_json::json!({ "version": 1, "sections": [] });
        self.store
            .upsert_page(slug, title, "", &content)
            .await
            .unwrap();
    }

    /// A REST PUT of `json` as `who`: the answer's JSON.
    pub async fn put_as(
        &self,
        who: &Login,
        path: &str,
        json: serde_json::Value,
    ) -> serde_json::Value {
        self.call(reqwest::Method::PUT, path, Some(who), Some(json))
            .await
            .1
    }

    /// The cart `token` sent to `country` (`cart/update-customer`): the answer's JSON.
    pub async fn ship_to(&self, token: &str, country: &str) -> serde_json::Value {
        let change = serde_json::json!({ "shipping_address": { "country": country } });
        self.post_json("/cart/update-customer", Some(token), change)
            .await
    }

    /// The Store API's cart of `token`.
    pub async fn cart(&self, token: &str) -> serde_json::Value {
        self.client
            .get(self.url("/wp-json/wc/store/v1/cart"))
            .header("Cart-Token", token)
            .json_of()
            .await
    }

    /// A REST DELETE as `who`: the answer's JSON.
    pub async fn delete_as(&self, who: &Login, path: &str) -> serde_json::Value {
        self.call(reqwest::Method::DELETE, path, Some(who), None)
            .await
            .1
    }

    /// A new cart holding `quantity` × product `id` (the add answered 201): its token.
    pub async fn cart_with(&self, id: i64, quantity: i64) -> String {
        let token = self.new_cart().await;
        let res = self.add_item(&token, id, quantity).await;
        assert_eq!(res.status(), 201);
        token
    }

    /// The carts of `tokens` checked out all at once, paid by invoice: the answers, in order.
    pub async fn check_out_at_once(&self, tokens: &[String]) -> Vec<reqwest::Response> {
        let order =
            serde_json::json!({ "billing_address": billing(), "payment_method": "invoice" });
        futures::future::join_all(
            tokens
                .iter()
                .map(|t| self.post("/checkout", Some(t), order.clone())),
        )
        .await
    }

    /// The checkout of the cart of `token`, paid with `payment_method`: the Store API's answer.
    pub async fn checkout(&self, token: &str, payment_method: &str) -> serde_json::Value {
        let order =
            serde_json::json!({ "billing_address": billing(), "payment_method": payment_method });
        self.post_json("/checkout", Some(token), order).await
    }
}

impl TestApp {
    /// A REST request as `who` with an optional JSON body, answered: `(status, body)`.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        who: Option<&Login>,
        json: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut req = self.rest(method, path, who);
        if let Some(j) = json {
            req = req.json(&j);
        }
        answered(req.go().await).await
    }

    /// A `wc/v3` request (`path` below `/wp-json/wc/v3`) as `who`: `(status, body)`; tests call
    /// it as `wc_get`, `wc_post`, `wc_put` or `wc_delete`.
    async fn wc(
        &self,
        who: &Login,
        method: reqwest::Method,
        path: &str,
        json: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        self.call(method, &format!("/wc/v3{path}"), Some(who), json)
            .await
    }

    /// A `wc/v3` GET as `who`: `(status, body)`.
    pub async fn wc_get(&self, who: &Login, path: &str) -> (u16, serde_json::Value) {
        self.wc(who, reqwest::Method::GET, path, None).await
    }

    /// A `wc/v3` POST of `json` as `who`: `(status, body)`.
    pub async fn wc_post(
        &self,
        who: &Login,
        path: &str,
        json: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.wc(who, reqwest::Method::POST, path, Some(json)).await
    }

    /// A `wc/v3` PUT of `json` as `who`: `(status, body)`.
    pub async fn wc_put(
        &self,
        who: &Login,
        path: &str,
        json: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.wc(who, reqwest::Method::PUT, path, Some(json)).await
    }

    /// A `wc/v3` DELETE as `who`: `(status, body)`.
    pub async fn wc_delete(&self, who: &Login, path: &str) -> (u16, serde_json::Value) {
        self.wc(who, reqwest::Method::DELETE, path, None).await
    }

    /// A form posted to `path` (`application/x-www-form-urlencoded`, no session): the status,
    /// the page and the `Set-Cookie` header, if any.
    pub async fn post_form(
        &self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> (u16, String, Option<String>) {
        self.post_form_as(None, path, fields).await
    }

    /// A form posted to `path` with no session: the whole response.
    pub async fn send_form(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        self.client.post(self.url(path)).form(fields).go().await
    }

    /// [`post_form`](Self::post_form) by the visitor with `cookie` (a logged-in session), or none.
    pub async fn post_form_as(
        &self,
        cookie: Option<&str>,
        path: &str,
        fields: &[(&str, &str)],
    ) -> (u16, String, Option<String>) {
        let mut req = self.client.post(self.url(path)).form(fields);
        if let Some(c) = cookie {
            req = req.header("cookie", c);
        }
        let res = req.go().await;
        let status = res.status().as_u16();
        let cookie = res
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_owned());
        (status, res.text().await.unwrap(), cookie)
    }

    /// Order `id` moved to `status` by `who` through `wc/v3` (it must be accepted), read back.
    pub async fn set_order_status(
        &self,
        who: &Login,
        id: i64,
        status: &str,
    ) -> laden_store::PlacedOrder {
        let change = serde_json::json!({ "status": status });
        let (code, v) = self.wc_put(who, &format!("/orders/{id}"), change).await;
        assert_eq!(code, 200, "{status}: {v}");
        self.order(id).await
    }

    /// Product `id`'s `meta_data` changed by `who` through `wc/v3`: `(status, body)`.
    pub async fn put_meta(
        &self,
        who: &Login,
        id: i64,
        meta: serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let change = serde_json::json!({ "meta_data": meta });
        self.wc_put(who, &format!("/products/{id}"), change).await
    }

    /// The id of the product or variation with `sku` (there must be one).
    pub async fn id_by_sku(&self, sku: &str) -> i64 {
        self.store
            .product_id_by_sku(sku)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("no product {sku}"))
    }

    /// The stored product or variation with `sku` (there must be one).
    pub async fn product_by_sku(&self, sku: &str) -> laden_store::Product {
        let id = self.id_by_sku(sku).await;
        self.store.product(id).await.unwrap()
    }

    /// The cart `token` checked out cash on delivery with these checkboxes ticked: the status
    /// and the answer.
    pub async fn check_out_ticking(&self, token: &str, boxes: &[&str]) -> (u16, serde_json::Value) {
        let order = serde_json::json!({ "billing_address": billing(), "payment_method": "cod", "extensions": { "laden": { "checkboxes": boxes } } });
        let res = self.post("/checkout", Some(token), order).await;
        (res.status().as_u16(), body(res).await)
    }

    /// The shop's product CSV, as the admin's export downloads it.
    pub async fn export_csv(&self) -> String {
        let bytes = self
            .store
            .export_products_csv("https://shop.example.de/uploads/")
            .await
            .unwrap();
        String::from_utf8(bytes).unwrap()
    }

    /// Product `id`'s Store API answer.
    pub async fn store_product(&self, id: i64) -> serde_json::Value {
        body(
            self.get(&format!("/wp-json/wc/store/v1/products/{id}"))
                .await,
        )
        .await
    }

    /// A Store API products query the shop refuses (400, `rest_invalid_param`): the answer.
    pub async fn refused_products_query(&self, query: &str) -> serde_json::Value {
        let res = self
            .get(&format!("/wp-json/wc/store/v1/products?{query}"))
            .await;
        assert_eq!(res.status(), 400, "{query}");
        let v = body(res).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        v
    }

    /// The demo shop's settings and catalogue as `make run` imports them (`fixtures/demo`), its
    /// pictures left out: what its prices, taxes and invoices are made of.
    pub async fn demo_catalogue(&self) {
        let demo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/demo");
        let settings = std::fs::read_to_string(demo.join("settings.json")).unwrap();
        let settings: laden_store::SiteSettings = serde_json::from_str(&settings).unwrap();
        self.store.save_settings(&settings).await.unwrap();
        let csv = std::fs::read(demo.join("products.csv")).unwrap();
        let report = laden_store::import::Importer::new(
            &self.store,
            self.uploads.join("no-pictures"),
            self.uploads.clone(),
            "demo",
        )
        .import_bytes(&csv, &mut |_, _| {})
        .await
        .unwrap();
        assert!(report.errors.is_empty(), "{:?}", report.errors);
    }

    /// The admin's import job that `started` (a 202) began, once it is no longer running (or
    /// after 10 s).
    pub async fn ended_import(&self, who: &Login, started: reqwest::Response) -> serde_json::Value {
        let id = body(started).await["id"].as_str().unwrap().to_owned();
        let path = format!("/laden/v1/product-import/{id}");
        let mut job = serde_json::Value::Null;
        for _ in 0..200 {
            job = self.get_as(who, &path).await;
            if job["status"] != "running" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        job
    }

    /// Imports a product CSV, pictures from and to the uploads: its report.
    pub async fn import_report(&self, csv: &[u8]) -> laden_store::import::ImportReport {
        laden_store::import::Importer::new(
            &self.store,
            self.uploads.clone(),
            self.uploads.clone(),
            "import",
        )
        .import_bytes(csv, &mut |_, _| {})
        .await
        .unwrap()
    }

    /// Imports a product CSV that must refuse no row.
    pub async fn import_csv(&self, csv: &[u8]) {
        let report = self.import_report(csv).await;
        assert!(report.errors.is_empty(), "{:?}", report.errors);
    }

    /// A 400×300 JPEG uploaded as `name` to the media library by `who`: its id.
    pub async fn upload_jpeg(&self, who: &Login, name: &str) -> i64 {
        let res = self
            .rest(reqwest::Method::POST, "/wp/v2/media", Some(who))
            .header("content-type", "image/jpeg")
            .header(
                "content-disposition",
                format!("attachment; filename=\"{name}\""),
            )
            .body(jpeg(400, 300))
            .go()
            .await;
        assert_eq!(res.status(), 201);
        body(res).await["id"].as_i64().unwrap()
    }
}
