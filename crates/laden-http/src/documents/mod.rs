//! Server-rendered pages. A page's data is loaded from the store, rendered by
//! the React bundle inside the binary, cached by URL and content version, and
//! sent with the same data inlined for hydration. If rendering is busy or
//! fails, the shell with the data is sent and the browser renders it.

use crate::error::{or_missing, ApiError};
use crate::metrics::Cache;
use crate::wire::page::{
    AdminData, AdminView, CategoryNode, Crumb, MenuItemData, Menus, PageData, SiteData, StaffUser,
    View,
};
use crate::wire::{self, Catalog};
use crate::AppState;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use laden_domain::i18n::{t, tf};
use laden_render::Cached;
use laden_store::{Category, MenuItem, ProductKind, ProductQuery, Scope, SiteSettings, StoreError};
use serde_json::{json, Value};
use std::collections::BTreeMap;

mod assets;
mod html;
mod legacy;
mod listings;
mod pages;
mod product;
mod shop_flow;

pub use assets::Assets;
use html::{script_json, script_safe};
use listings::{category, category_page, shop, shop_page};
use pages::{home, page};
use product::product;
use shop_flow::{cart, checkout, order_received, withdrawal};

pub(crate) use html::{esc, plain};
pub(crate) use pages::page_preview;
pub(crate) use product::quick_view;
const PER_PAGE: i64 = 12;

/// The cart page.
pub(crate) const CART_PATH: &str = "/warenkorb/";

/// The shop's own links, written in one place (the router's patterns spell the same paths).
pub(crate) mod paths {
    /// The shop page, the first of the product listing.
    pub const SHOP: &str = "/shop/";

    /// The shop's feed, as WordPress names it (`links::feeds`).
    pub const FEED: &str = "/feed/";

    /// A product's page.
    pub fn product(slug: &str) -> String {
        format!("/produkt/{slug}/")
    }

    /// A category's listing.
    pub fn category(slug: &str) -> String {
        format!("/produkt-kategorie/{slug}/")
    }

    /// A tag's listing.
    pub fn tag(slug: &str) -> String {
        format!("/produkt-schlagwort/{slug}/")
    }

    /// Page `n` of a listing whose first page is `first` (the first page for 1 or none).
    pub fn page_of(first: &str, n: Option<u32>) -> String {
        match n.filter(|n| *n > 1) {
            Some(n) => format!("{first}page/{n}/"),
            None => first.to_owned(),
        }
    }
}

/// The withdrawal button's page (§356a BGB).
pub(crate) const WITHDRAWAL_PATH: &str = "/vertrag-widerrufen/";

/// A small inline icon, so browsers do not ask for a missing `/favicon.ico`.
pub(crate) const FAVICON: &str = "<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%237a4a2b'/%3E%3Cpath d='M8 12h13v7a6 6 0 0 1-6 6h-1a6 6 0 0 1-6-6z M21 14h2a3 3 0 0 1 0 6h-2' fill='none' stroke='%23fff' stroke-width='2'/%3E%3C/svg%3E\">";

/// A 301 redirect, as WordPress answers canonical redirects (axum's `permanent` is 308).
fn moved(target: &str) -> Response {
    match HeaderValue::from_str(target) {
        Ok(v) => (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, v)]).into_response(),
        Err(_) => StatusCode::BAD_REQUEST.into_response(),
    }
}

/// A 302 to `target` (WordPress's `wp_safe_redirect`), for a link that acts rather than names.
fn found(target: &str) -> Response {
    match HeaderValue::from_str(target) {
        Ok(v) => (
            StatusCode::FOUND,
            [
                (header::LOCATION, v),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
        )
            .into_response(),
        Err(_) => StatusCode::BAD_REQUEST.into_response(),
    }
}

/// The checkout's path (with the order-pay pages below it, the only pages that load Stripe.js).
pub(crate) const CHECKOUT_PATH: &str = "/kasse/";
/// Where a shopper pays an order placed before (`{id}/?pay_for_order=true&key=…`), as
/// WooCommerce's `order-pay` endpoint below its checkout.
pub(crate) const ORDER_PAY_PATH: &str = "/kasse/order-pay/";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/shop/", get(shop))
        .route("/shop/page/{n}/", get(shop_page))
        .route("/produkt-kategorie/{slug}/", get(category))
        .route("/produkt-kategorie/{slug}/page/{n}/", get(category_page))
        .route("/produkt-schlagwort/{slug}/", get(listings::tag))
        .route(
            "/produkt-schlagwort/{slug}/page/{n}/",
            get(listings::tag_page),
        )
        .route("/produkt/{slug}/", get(product))
        .route(CART_PATH, get(cart))
        .route(CHECKOUT_PATH, get(checkout))
        .route("/kasse/order-pay/{id}/", get(shop_flow::order_pay))
        .route("/bestellung-erhalten/{id}/", get(order_received))
        .route(WITHDRAWAL_PATH, get(withdrawal))
        .route("/wp-admin/", get(admin))
        .route("/wp-admin/{*rest}", get(admin))
        .route("/{slug}/", get(page))
        .fallback(fallback)
}

/// What a document needs besides its route data.
struct Doc {
    /// What the page shows, by route (the page data beside the shared part).
    view: View,
    status: StatusCode,
    title: String,
    /// The `<title>` exactly as staff set it (SEO title); empty: "title – shop name".
    head_title: String,
    description: String,
    canonical: String,
    og_type: &'static str,
    og_image: Option<String>,
    json_ld: Vec<Value>,
    noindex: bool,
    cacheable: bool,
    breadcrumbs: Vec<(String, String)>,
    /// Answer with a 301 to this target instead of a page (decided on a cache miss only).
    redirect: Option<String>,
    /// The image a visitor sees first (the largest paint): preloaded with high priority.
    preload_image: Option<wire::Image>,
    /// What the page shows, for dropping it from the cache exactly when that changes
    /// (beyond settings, menus and categories, which every page shows).
    scopes: Vec<Scope>,
    /// A feed of its own beside the shop's (a category's): its name and path.
    feed: Option<(String, String)>,
}

impl Doc {
    fn new(view: View, title: String) -> Doc {
        Doc {
            view,
            status: StatusCode::OK,
            title,
            head_title: String::new(),
            description: String::new(),
            canonical: String::new(),
            og_type: "website",
            og_image: None,
            json_ld: Vec::new(),
            noindex: false,
            cacheable: true,
            breadcrumbs: Vec::new(),
            redirect: None,
            scopes: Vec::new(),
            preload_image: None,
            feed: None,
        }
    }

    fn redirect(target: &str) -> Doc {
        Doc {
            redirect: Some(target.to_owned()),
            cacheable: false,
            ..Doc::new(View::NotFound, String::new())
        }
    }
}

fn resolve_menu(items: &[MenuItem], front: &str) -> Vec<MenuItemData> {
    items
        .iter()
        .map(|i| {
            let href = match i.kind.as_str() {
                "page" if i.target == front => "/".to_owned(),
                "page" => format!("/{}/", i.target),
                "category" => paths::category(&i.target),
                "product" => paths::product(&i.target),
                // `#id` is on the home page; `/path/#id` on that page.
                "anchor" if i.target.starts_with('/') => i.target.clone(),
                "anchor" => format!("/{}", i.target),
                _ => i.target.clone(),
            };
            MenuItemData {
                id: i.id,
                title: i.title.clone(),
                kind: i.kind.clone(),
                href,
                children: resolve_menu(&i.children, front),
            }
        })
        .collect()
}

fn category_tree(cats: &[Category], parent: Option<i64>, depth: u8) -> Vec<CategoryNode> {
    if depth > 8 {
        return Vec::new();
    }
    cats.iter()
        .filter(|c| c.parent_id == parent)
        .map(|c| CategoryNode {
            id: c.id,
            name: c.name.clone(),
            slug: c.slug.clone(),
            count: c.count,
            href: format!("/produkt-kategorie/{}/", c.slug),
            children: category_tree(cats, Some(c.id), depth + 1),
        })
        .collect()
}

fn category_trail(cats: &[Category], id: i64) -> Vec<&Category> {
    let mut trail = Vec::new();
    let mut cur = cats.iter().find(|c| c.id == id);
    while let Some(c) = cur {
        trail.push(c);
        if trail.len() > 16 {
            break;
        }
        cur = c.parent_id.and_then(|p| cats.iter().find(|x| x.id == p));
    }
    trail.reverse();
    trail
}

fn breadcrumb_ld(site_url: &str, crumbs: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": crumbs.iter().enumerate().map(|(i, (name, url))| json!({
            "@type": "ListItem", "position": i + 1, "name": name, "item": format!("{site_url}{url}")
        })).collect::<Vec<_>>(),
    })
}

/// Loads, renders and answers one document.
async fn respond(
    state: &AppState,
    headers: &HeaderMap,
    uri: &Uri,
    build: impl std::future::Future<Output = Result<Doc, ApiError>>,
) -> Response {
    // WooCommerce's add-to-cart link, on any page: the cart page adds it with the visitor's cart.
    if let Some(query) = uri
        .query()
        .filter(|q| laden_domain::links::permalinks::adds_to_cart(q))
    {
        if uri.path() != CART_PATH {
            return found(&format!("{CART_PATH}?{query}"));
        }
    }
    let key = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |pq| pq.as_str().to_owned());
    let version = state.caches.sync(&state.store).await;
    let csp = state
        .csp_for_path(state.caches.site_version(), uri.path())
        .await;
    // Where the page is missing, a moved shop's old link may name something it has.
    let build = async {
        match build.await {
            Err(ApiError::ProductNotFound) => {
                match legacy::target(state, uri.path(), uri.query()).await? {
                    Some(target) => Ok(Doc::redirect(&target)),
                    None => Err(ApiError::ProductNotFound),
                }
            }
            other => other,
        }
    };
    let mut res = respond_with_cache(state, headers, &key, version, build).await;
    res.headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, csp);
    res
}

async fn respond_with_cache(
    state: &AppState,
    headers: &HeaderMap,
    key: &str,
    version: i64,
    build: impl std::future::Future<Output = Result<Doc, ApiError>>,
) -> Response {
    if let Some(hit) = state.caches.html.get(key) {
        state.caches.metrics.lookup(Cache::Html, true);
        return cached_response(headers, &hit, true);
    }
    state.caches.metrics.lookup(Cache::Html, false);
    let mut doc = match build.await {
        Ok(doc) => doc,
        Err(ApiError::ProductNotFound) => match not_found_doc(state).await {
            Ok(doc) => doc,
            Err(e) => return e.into_response(),
        },
        Err(e) => return e.into_response(),
    };
    if let Some(target) = &doc.redirect {
        return moved(target);
    }
    let scopes = std::mem::take(&mut doc.scopes);
    let (status, cacheable, html) = match document(state, doc).await {
        Ok(answer) => answer,
        Err(e) => return e.into_response(),
    };
    if cacheable && status == StatusCode::OK {
        let page = state
            .caches
            .html
            .put(version, key, html, Vec::new(), scopes);
        return cached_response(headers, &page, false);
    }
    html_response(status, html)
}

/// A cached (or cacheable) page: public, revalidated with `ETag`/`Last-Modified` (304),
/// `X-Cache` saying whether it came from the cache.
pub(crate) fn cached_response(req_headers: &HeaderMap, page: &Cached, hit: bool) -> Response {
    let mut res =
        crate::caches::cached_response(req_headers, page, "text/html; charset=utf-8", hit);
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=0, must-revalidate"),
    );
    res
}

/// A page that is not cached (an error page, a staff preview).
fn html_response(status: StatusCode, html: String) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "private, no-store"),
    ];
    (status, headers, html).into_response()
}

async fn document(state: &AppState, mut doc: Doc) -> Result<(StatusCode, bool, String), ApiError> {
    let settings = state.store.settings().await?;
    let front = settings.site.front_page.clone();
    let menus = Menus {
        primary: menu(state, "primary", &front).await?,
        footer: menu(state, "footer", &front).await?,
    };
    let site_url = state.config.site_url.clone();
    if doc.canonical.is_empty() {
        doc.canonical = "/".into();
    }
    if doc.description.is_empty() {
        doc.description = settings.site.description.clone();
    }
    if doc.breadcrumbs.len() > 1 {
        doc.json_ld.push(breadcrumb_ld(&site_url, &doc.breadcrumbs));
    }
    let route = doc.view.route();
    let data = PageData {
        path: doc.canonical.clone(),
        title: doc.title.clone(),
        site: SiteData::new(&site_url, &settings),
        menus,
        breadcrumbs: doc
            .breadcrumbs
            .iter()
            .map(|(name, url)| Crumb {
                name: name.clone(),
                url: url.clone(),
            })
            .collect(),
        // Taken: the document's other parts are still read below.
        view: std::mem::replace(&mut doc.view, View::NotFound),
    };
    // Serialised once: the renderer takes the text, the page inlines it made script-safe.
    let data_text = serde_json::to_string(&data).map_err(|e| ApiError::Internal(e.to_string()))?;
    let inline_data = script_safe(&data_text);

    let body = match render(state, data_text, route).await {
        Some(html) => html,
        None => {
            // The client renders this one; the next request tries the server again.
            doc.cacheable = false;
            String::new()
        }
    };
    let mut head = String::with_capacity(4096);
    head.push_str("<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    head.push_str(&format!(
        "<script>{}</script>",
        crate::security::CONSENT_PROBE
    ));
    head.push_str(FAVICON);
    head.push_str(&meta_tags(&doc, &settings, &site_url, route));
    let route = state.assets.routes.get(route);
    head.push_str(&state.assets.inline_styles);
    head.push_str(&collapsed_menu_css(settings.header.breakpoint));
    for s in state
        .assets
        .styles
        .iter()
        .chain(route.iter().flat_map(|r| &r.styles))
    {
        head.push_str(&format!("<link rel=\"stylesheet\" href=\"{}\">", esc(s)));
    }
    if let Some(img) = &doc.preload_image {
        head.push_str(&preload_link(img));
    }
    // The app's modules: the entry first, then its chunks and the route's, asked for after the
    // first paint by `security::MODULE_LOADER` at the end of the body.
    let modules: Vec<&String> = state
        .assets
        .script
        .iter()
        .chain(&state.assets.preloads)
        .chain(route.iter().flat_map(|r| &r.scripts))
        .collect();
    let loader = if modules.is_empty() {
        String::new()
    } else {
        format!(
            "<script id=\"__LADEN_MODULES__\" type=\"application/json\">{}</script><script>{}</script>",
            script_json(&json!(modules)),
            crate::security::MODULE_LOADER
        )
    };
    for ld in &doc.json_ld {
        head.push_str(&format!(
            "<script type=\"application/ld+json\">{}</script>",
            script_json(ld)
        ));
    }
    let html = format!(
        "<!doctype html><html lang=\"de\"><head>{head}</head><body><div id=\"app\">{body}</div>{ANNOUNCER}<script id=\"__LADEN_DATA__\" type=\"application/json\">{}</script>{loader}</body></html>",
        inline_data
    );
    Ok((doc.status, doc.cacheable, html))
}

/// A menu location's entries, resolved to their addresses (none without a menu).
async fn menu(
    state: &AppState,
    location: &str,
    front: &str,
) -> Result<Vec<MenuItemData>, ApiError> {
    Ok(state
        .store
        .menu(location)
        .await?
        .map(|m| resolve_menu(&m.items, front))
        .unwrap_or_default())
}

/// The page rendered on the server, timed; `None` where the renderer is off or failed (the
/// client renders the page then).
async fn render(state: &AppState, data_text: String, route: &str) -> Option<String> {
    let r = state.renderer.as_ref()?;
    let started = std::time::Instant::now();
    let rendered = r.render(data_text).await;
    state.caches.metrics.rendered(started.elapsed());
    rendered
        .map_err(|e| tracing::warn!(error = %e, route, "render fell back to the client"))
        .ok()
}

/// The page's title, description, canonical address, robots rule and Open Graph tags.
fn meta_tags(doc: &Doc, settings: &SiteSettings, site_url: &str, route: &str) -> String {
    let full_title = if !doc.head_title.is_empty() {
        doc.head_title.clone()
    } else if route == "home" {
        format!("{} – {}", settings.site.name, settings.site.description)
    } else {
        format!("{} – {}", doc.title, settings.site.name)
    };
    let mut head = String::with_capacity(1024);
    head.push_str(&format!("<title>{}</title>", esc(&full_title)));
    head.push_str(&format!(
        "<meta name=\"description\" content=\"{}\">",
        esc(&doc.description)
    ));
    head.push_str(&format!(
        "<link rel=\"canonical\" href=\"{}{}\">",
        esc(site_url),
        esc(&doc.canonical)
    ));
    if settings.site.discourage_search_engines {
        head.push_str("<meta name=\"robots\" content=\"noindex, nofollow\">");
    } else if doc.noindex {
        head.push_str("<meta name=\"robots\" content=\"noindex, follow\">");
    }
    head.push_str(&format!(
        "<meta property=\"og:locale\" content=\"de_DE\"><meta property=\"og:type\" content=\"{}\"><meta property=\"og:title\" content=\"{}\"><meta property=\"og:description\" content=\"{}\"><meta property=\"og:url\" content=\"{}{}\"><meta property=\"og:site_name\" content=\"{}\">",
        doc.og_type,
        esc(&doc.title),
        esc(&doc.description),
        esc(site_url),
        esc(&doc.canonical),
        esc(&settings.site.name)
    ));
    if let Some(img) = &doc.og_image {
        head.push_str(&format!(
            "<meta property=\"og:image\" content=\"{}\">",
            esc(img)
        ));
    }
    // The feeds, as WordPress names them in every page's head (`feed_links`).
    let feed_link = |title: String, path: &str| {
        format!(
            "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"{}\" href=\"{}{}\">",
            esc(&title),
            esc(site_url),
            esc(path)
        )
    };
    head.push_str(&feed_link(
        tf("%s » Feed", &[&settings.site.name]),
        paths::FEED,
    ));
    if let Some((name, path)) = &doc.feed {
        head.push_str(&feed_link(
            tf("%1$s » %2$s category feed", &[&settings.site.name, name]),
            path,
        ));
    }
    head
}

/// The mobile menu's rules at or below the header's breakpoint (a shop setting, so the document
/// is right for the window it lands in before any script runs): the toggle shows, the menu folds
/// into a column opened by it, submenus open in place, and the search shows with the open menu
/// (the header keeps its height). The class names are the header's (web/src/features/header).
/// Written here rather than by the app, whose first load on every page would carry them.
fn collapsed_menu_css(breakpoint: i64) -> String {
    format!(
        "<style>@media (max-width:{breakpoint}px){{.menu-toggle{{display:inline-block}}.site-header__main{{flex-wrap:wrap}}.primary-nav{{display:none;width:100%;order:3}}.primary-nav.is-open{{display:block}}.primary-nav .menu{{flex-direction:column}}.menu__item{{flex-wrap:wrap;justify-content:space-between}}.menu__dropdown,.menu__sub .menu__dropdown{{position:static;box-shadow:none;border:0;width:100%;padding-left:1rem}}.menu__item:hover>.menu__dropdown,.menu__item:focus-within>.menu__dropdown{{display:none}}.menu__item.is-open>.menu__dropdown{{display:block}}.header-search{{display:none}}.site-header.menu-open .header-search{{display:flex;order:3;flex-basis:100%}}}}</style>"
    )
}

/// The empty live regions the app's `announce()` (web/src/lib/announce.ts) speaks through: cart
/// changes, refusals, a variation's availability. Outside the app's root and in every document
/// from the start, since a region inserted together with its text is often not read; the ids are
/// `ANNOUNCE_POLITE_ID` and `ANNOUNCE_ASSERTIVE_ID` of `web/src/config/constants.ts`.
const ANNOUNCER: &str = "<div class=\"visually-hidden\"><p id=\"announce-polite\" aria-live=\"polite\" aria-atomic=\"true\"></p><p id=\"announce-assertive\" aria-live=\"assertive\" aria-atomic=\"true\"></p></div>";

/// What the product gallery's first image takes of the viewport: `GALLERY_IMAGE_SIZES` of
/// `web/src/config/constants.ts`, which the gallery's `<img>` uses, so the preloaded file is the
/// one the image then shows (`e2e/performance.spec.ts` checks they agree).
const GALLERY_SIZES: &str = "(max-width: 767px) 100vw, 50vw";

/// `<link rel=preload>` for an image, WebP when there is one (browsers without WebP skip it).
fn preload_link(img: &wire::Image) -> String {
    let (srcset, kind) = if img.srcset_webp.is_empty() {
        (img.srcset.as_str(), "")
    } else {
        (img.srcset_webp.as_str(), " type=\"image/webp\"")
    };
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{}\" imagesrcset=\"{}\" imagesizes=\"{GALLERY_SIZES}\" fetchpriority=\"high\"{kind}>",
        esc(&img.large.src),
        esc(srcset)
    )
}

async fn not_found_doc(_state: &AppState) -> Result<Doc, ApiError> {
    let mut doc = Doc::new(View::NotFound, t("Page not found"));
    doc.status = StatusCode::NOT_FOUND;
    doc.noindex = true;
    doc.cacheable = false;
    Ok(doc)
}

fn map_missing(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::ProductNotFound,
        other => ApiError::from(other),
    }
}

/// The address's parameters; a listing's attribute filters sent by a plain form
/// (`filter_farbe=weiss&filter_farbe=schwarz`) are joined as one list (`weiss,schwarz`).
fn query_map(uri: &Uri) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (k, v) in serde_urlencoded::from_str::<Vec<(String, String)>>(uri.query().unwrap_or(""))
        .unwrap_or_default()
    {
        match map.get_mut(&k) {
            Some(existing) if k.starts_with("filter_") => {
                let existing: &mut String = existing;
                existing.push(',');
                existing.push_str(&v);
            }
            _ => {
                map.insert(k, v);
            }
        }
    }
    map
}

fn page_number(raw: &str) -> Option<i64> {
    raw.parse::<i64>().ok().filter(|n| *n >= 1)
}

fn simple_doc(view: View, title: String, path: &str) -> Doc {
    let mut doc = Doc::new(view, title.clone());
    doc.canonical = path.to_owned();
    doc.noindex = true;
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (title, path.to_owned())];
    doc
}

/// `/wp-admin/…`: the shop administration for shop managers and administrators. The
/// server renders the frame; the screens load as a separate chunk and talk to `wc/v3`.
async fn admin(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    let session = match state.session(&headers).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let Some(session) = session else {
        let target = format!(
            "/wp-login.php?redirect_to={}",
            serde_urlencoded::to_string([("", uri.path())])
                .unwrap_or_default()
                .trim_start_matches('=')
        );
        let mut res = (StatusCode::FOUND, [(header::LOCATION, target)]).into_response();
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store, private"),
        );
        return res;
    };
    if !crate::auth::capabilities(&session.user.role).contains(&"manage_woocommerce") {
        return crate::account::page(
            &state,
            StatusCode::FORBIDDEN,
            &t("Administration"),
            &format!(
                "<p>{}</p>",
                esc(&t("Sorry, you are not allowed to do that."))
            ),
        );
    }
    let (countries, postcodes) = match state.store.settings().await {
        Ok(s) => (s.shop.delivery_countries_de(), s.shop.delivery_postcodes()),
        Err(e) => return crate::error::ApiError::from(e).into_response(),
    };
    let admin = AdminView {
        admin: AdminData {
            nonce: state.nonce("wp_rest", Some(&session)),
            user: StaffUser {
                id: session.user.id,
                name: session.user.display_name.clone(),
                role: session.user.role.clone(),
            },
            logout: crate::account::logout_link(&state, &session),
            countries,
            postcodes,
            all_countries: laden_domain::country::all()
                .iter()
                .map(|c| (c.code.to_owned(), c.name.to_owned()))
                .collect(),
        },
    };
    let mut doc = Doc::new(View::Admin(admin), t("Administration"));
    doc.cacheable = false;
    doc.noindex = true;
    doc.canonical = uri.path().to_owned();
    match document(&state, doc).await {
        Ok((status, _, html)) => html_response(status, html),
        Err(e) => e.into_response(),
    }
}

/// Slash-less page URLs redirect permanently; anything else is the German 404 page.
async fn fallback(State(state): State<AppState>, headers: HeaderMap, req: Request) -> Response {
    let uri = req.uri().clone();
    let path = uri.path();
    // The sitemap index and its files (`/wp-sitemap-posts-product-1.xml`): no route pattern
    // takes their names.
    if req.method() == axum::http::Method::GET && path.starts_with("/wp-sitemap") {
        match crate::links::sitemaps::document(&state, path).await {
            Ok(Some(answer)) => return answer,
            Ok(None) => {}
            Err(e) => return e.into_response(),
        }
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if req.method() == axum::http::Method::GET
        && !path.ends_with('/')
        && !last.contains('.')
        && !path.starts_with("/wp-json")
    {
        let target = match uri.query() {
            Some(q) => format!("{path}/?{q}"),
            None => format!("{path}/"),
        };
        return moved(&target).into_response();
    }
    not_found(&state, &headers, &uri).await
}

/// The German 404 page, for an address that names nothing (a feed of a category there is none of).
pub(crate) async fn not_found(state: &AppState, headers: &HeaderMap, uri: &Uri) -> Response {
    respond(state, headers, uri, async {
        Err(ApiError::ProductNotFound)
    })
    .await
}
