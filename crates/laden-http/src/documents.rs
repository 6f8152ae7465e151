//! Server-rendered pages. A page's data is loaded from the store, rendered by
//! the React bundle inside the binary, cached by URL and content version, and
//! sent with the same data inlined for hydration. If rendering is busy or
//! fails, the shell with the data is sent and the browser renders it.

use crate::error::{or_missing, ApiError};
use crate::i18n::{t, tf};
use crate::metrics::Cache;
use crate::wire::{self, order_json, Catalog};
use crate::AppState;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use laden_render::Cached;
use laden_store::{Category, MenuItem, ProductKind, ProductQuery, Scope, SiteSettings, StoreError};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path as FsPath;

const PER_PAGE: i64 = 12;

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

/// The client bundle's entry files, from Vite's manifest.
#[derive(Debug, Default)]
pub struct Assets {
    pub script: Option<String>,
    pub styles: Vec<String>,
    /// The entry's stylesheets as `<style>` elements when small (see [`INLINE_CSS_MAX`]): the
    /// first paint, and the scripts, then wait for no stylesheet round trip.
    pub inline_styles: String,
    pub preloads: Vec<String>,
    /// Each route's own chunk (`web/src/app/views/<route>.tsx`) and what it imports beyond the
    /// entry: preloaded and styled in the head, so the page neither waits for a second round
    /// trip before hydrating nor shifts when its CSS arrives.
    pub routes: BTreeMap<String, Part>,
}

/// The largest entry stylesheet that pages carry inline instead of linking (bytes).
pub const INLINE_CSS_MAX: usize = 32 * 1024;

/// The scripts and styles of one route's chunk.
#[derive(Debug, Default)]
pub struct Part {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// A chunk and everything it imports statically (manifest keys), in load order.
fn closure<'a>(manifest: &'a BTreeMap<String, Value>, key: &'a str, out: &mut Vec<&'a str>) {
    if out.contains(&key) {
        return;
    }
    out.push(key);
    for dep in manifest
        .get(key)
        .and_then(|c| c["imports"].as_array())
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        closure(manifest, dep, out);
    }
}

impl Assets {
    pub fn load(web_dir: &FsPath) -> Assets {
        let path = web_dir.join("client/.vite/manifest.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            tracing::warn!(path = %path.display(), "no client build found: pages will have no scripts");
            return Assets::default();
        };
        let Ok(manifest) = serde_json::from_str::<BTreeMap<String, Value>>(&text) else {
            return Assets::default();
        };
        let Some((entry_key, entry)) = manifest.iter().find(|(_, v)| v["isEntry"] == json!(true))
        else {
            return Assets::default();
        };
        let list = |v: &Value| -> Vec<String> {
            v.as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(|s| format!("/{s}")))
                        .collect()
                })
                .unwrap_or_default()
        };
        let file = |key: &str| {
            manifest
                .get(key)
                .and_then(|c| c["file"].as_str())
                .map(|f| format!("/{f}"))
        };
        let mut first = Vec::new();
        closure(&manifest, entry_key, &mut first);
        let preloads = first.iter().skip(1).filter_map(|k| file(k)).collect();
        let mut routes = BTreeMap::new();
        for key in manifest.keys() {
            let Some(route) = key
                .strip_prefix("src/app/views/")
                .and_then(|k| k.strip_suffix(".tsx"))
            else {
                continue;
            };
            let mut own = Vec::new();
            closure(&manifest, key, &mut own);
            own.retain(|k| !first.contains(k));
            let part = Part {
                scripts: own.iter().filter_map(|k| file(k)).collect(),
                styles: own
                    .iter()
                    .flat_map(|k| list(&manifest[*k]["css"]))
                    .collect(),
            };
            routes.insert(route.to_owned(), part);
        }
        // Small stylesheets go inline; a larger one stays a (cacheable) link.
        let mut styles = Vec::new();
        let mut inline_styles = String::new();
        for href in list(&entry["css"]) {
            match std::fs::read_to_string(web_dir.join("client").join(href.trim_start_matches('/')))
            {
                Ok(css) if css.len() <= INLINE_CSS_MAX => {
                    inline_styles
                        .push_str(&format!("<style>{}</style>", css.replace("</", "<\\/")));
                }
                _ => styles.push(href),
            }
        }
        Assets {
            script: entry["file"].as_str().map(|f| format!("/{f}")),
            styles,
            inline_styles,
            preloads,
            routes,
        }
    }
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/shop/", get(shop))
        .route("/shop/page/{n}/", get(shop_page))
        .route("/produkt-kategorie/{slug}/", get(category))
        .route("/produkt-kategorie/{slug}/page/{n}/", get(category_page))
        .route("/produkt/{slug}/", get(product))
        .route("/warenkorb/", get(cart))
        .route("/kasse/", get(checkout))
        .route("/bestellung-erhalten/{id}/", get(order_received))
        .route(WITHDRAWAL_PATH, get(withdrawal))
        .route("/wp-admin/", get(admin))
        .route("/wp-admin/{*rest}", get(admin))
        .route("/{slug}/", get(page))
        .fallback(fallback)
}

/// What a document needs besides its route data.
struct Doc {
    route: &'static str,
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
    data: serde_json::Map<String, Value>,
    breadcrumbs: Vec<(String, String)>,
    /// Answer with a 301 to this target instead of a page (decided on a cache miss only).
    redirect: Option<String>,
    /// The image a visitor sees first (the largest paint): preloaded with high priority.
    preload_image: Option<Value>,
    /// What the page shows, for dropping it from the cache exactly when that changes
    /// (beyond settings, menus and categories, which every page shows).
    scopes: Vec<Scope>,
}

impl Doc {
    fn new(route: &'static str, title: String) -> Doc {
        Doc {
            route,
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
            data: serde_json::Map::new(),
            breadcrumbs: Vec::new(),
            redirect: None,
            scopes: Vec::new(),
            preload_image: None,
        }
    }

    fn redirect(target: &str) -> Doc {
        Doc {
            redirect: Some(target.to_owned()),
            cacheable: false,
            ..Doc::new("page", String::new())
        }
    }
}

fn plain(html: &str, max: usize) -> String {
    let text = ammonia::Builder::empty().clean(html).to_string();
    let text = text
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'");
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words.join(" ");
    if out.chars().count() > max {
        out = out
            .chars()
            .take(max - 1)
            .collect::<String>()
            .trim_end()
            .to_owned()
            + "…";
    }
    out
}

pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// JSON safe inside `<script>`.
fn script_json(v: &Value) -> String {
    v.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

fn resolve_menu(items: &[MenuItem], front: &str) -> Vec<Value> {
    items
        .iter()
        .map(|i| {
            let href = match i.kind.as_str() {
                "page" if i.target == front => "/".to_owned(),
                "page" => format!("/{}/", i.target),
                "category" => format!("/produkt-kategorie/{}/", i.target),
                "product" => format!("/produkt/{}/", i.target),
                // `#id` is on the home page; `/path/#id` on that page.
                "anchor" if i.target.starts_with('/') => i.target.clone(),
                "anchor" => format!("/{}", i.target),
                _ => i.target.clone(),
            };
            json!({ "id": i.id, "title": i.title, "kind": i.kind, "href": href, "children": resolve_menu(&i.children, front) })
        })
        .collect()
}

fn category_tree(cats: &[Category], parent: Option<i64>, depth: u8) -> Vec<Value> {
    if depth > 8 {
        return Vec::new();
    }
    cats.iter()
        .filter(|c| c.parent_id == parent)
        .map(|c| {
            json!({ "id": c.id, "name": c.name, "slug": c.slug, "count": c.count, "href": format!("/produkt-kategorie/{}/", c.slug), "children": category_tree(cats, Some(c.id), depth + 1) })
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

fn site_json(state: &AppState, s: &SiteSettings) -> Value {
    json!({
        "name": s.site.name,
        "description": s.site.description,
        "url": state.config.site_url,
        "language": s.site.language,
        "currency": s.site.currency,
        "theme": s.theme,
        "header": s.header,
        "shop": {
            "lightbox": s.shop.lightbox,
            "galleryVertical": s.shop.gallery_vertical,
            "stickySummary": s.shop.sticky_summary,
            "shippingFlat": s.shop.shipping_rule(laden_store::HOME_COUNTRY).flat.cents(),
            "freeShippingFrom": s.shop.shipping_rule(laden_store::HOME_COUNTRY).free_from.map(|m| m.cents()),
            "shippingPage": format!("/{}/", s.shop.shipping_page),
            "termsPage": format!("/{}/", s.shop.terms_page),
            "revocationPage": format!("/{}/", s.shop.revocation_page),
            "privacyPage": format!("/{}/", s.shop.privacy_page),
            "imprintPage": format!("/{}/", s.shop.imprint_page),
            "paymentsPage": if s.shop.payments_page.is_empty() { String::new() } else { format!("/{}/", s.shop.payments_page) },
            "withdrawalPage": WITHDRAWAL_PATH,
            "deliveryTime": s.shop.delivery_time,
            "smallBusiness": s.shop.small_business,
            "guestCheckout": s.shop.guest_checkout,
            "orderButtonText": s.shop.order_button_text,
            "checkboxes": crate::legal::checkboxes(s).iter().map(|c| json!({ "id": c.id, "required": c.required })).collect::<Vec<_>>(),
        },
        "tracking": s.tracking,
    })
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
    let key = uri
        .path_and_query()
        .map_or_else(|| uri.path().to_owned(), |pq| pq.as_str().to_owned());
    let version = state.caches.sync(&state.store).await;
    let csp = state.csp_for(state.caches.site_version()).await;
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
fn cached_response(req_headers: &HeaderMap, page: &Cached, hit: bool) -> Response {
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
    let mut res = (status, html).into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    res
}

async fn document(state: &AppState, mut doc: Doc) -> Result<(StatusCode, bool, String), ApiError> {
    let settings = state.store.settings().await?;
    let front = settings.site.front_page.clone();
    let primary = state
        .store
        .menu("primary")
        .await?
        .map(|m| resolve_menu(&m.items, &front))
        .unwrap_or_default();
    let footer = state
        .store
        .menu("footer")
        .await?
        .map(|m| resolve_menu(&m.items, &front))
        .unwrap_or_default();
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
    let mut data = doc.data;
    data.insert("route".into(), json!(doc.route));
    data.insert("path".into(), json!(doc.canonical));
    data.insert("title".into(), json!(doc.title));
    data.insert("site".into(), site_json(state, &settings));
    data.insert(
        "menus".into(),
        json!({ "primary": primary, "footer": footer }),
    );
    data.insert(
        "breadcrumbs".into(),
        json!(doc
            .breadcrumbs
            .iter()
            .map(|(n, u)| json!({"name": n, "url": u}))
            .collect::<Vec<_>>()),
    );
    let data = Value::Object(data);
    let data_text = data.to_string();

    let body = match &state.renderer {
        Some(r) => {
            let started = std::time::Instant::now();
            let rendered = r.render(data_text).await;
            state.caches.metrics.rendered(started.elapsed());
            match rendered {
                Ok(html) => html,
                Err(e) => {
                    tracing::warn!(error = %e, route = doc.route, "render fell back to the client");
                    // The client renders this one; the next request tries the server again.
                    doc.cacheable = false;
                    String::new()
                }
            }
        }
        None => String::new(),
    };
    let full_title = if !doc.head_title.is_empty() {
        doc.head_title.clone()
    } else if doc.route == "home" {
        format!("{} – {}", settings.site.name, settings.site.description)
    } else {
        format!("{} – {}", doc.title, settings.site.name)
    };
    let mut head = String::with_capacity(4096);
    head.push_str("<meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    head.push_str(&format!(
        "<script>{}</script>",
        crate::security::CONSENT_PROBE
    ));
    head.push_str(FAVICON);
    head.push_str(&format!("<title>{}</title>", esc(&full_title)));
    head.push_str(&format!(
        "<meta name=\"description\" content=\"{}\">",
        esc(&doc.description)
    ));
    head.push_str(&format!(
        "<link rel=\"canonical\" href=\"{}{}\">",
        esc(&site_url),
        esc(&doc.canonical)
    ));
    if doc.noindex {
        head.push_str("<meta name=\"robots\" content=\"noindex, follow\">");
    }
    head.push_str(&format!(
        "<meta property=\"og:locale\" content=\"de_DE\"><meta property=\"og:type\" content=\"{}\"><meta property=\"og:title\" content=\"{}\"><meta property=\"og:description\" content=\"{}\"><meta property=\"og:url\" content=\"{}{}\"><meta property=\"og:site_name\" content=\"{}\">",
        doc.og_type,
        esc(&doc.title),
        esc(&doc.description),
        esc(&site_url),
        esc(&doc.canonical),
        esc(&settings.site.name)
    ));
    if let Some(img) = &doc.og_image {
        head.push_str(&format!(
            "<meta property=\"og:image\" content=\"{}\">",
            esc(img)
        ));
    }
    let route = state.assets.routes.get(doc.route);
    head.push_str(&state.assets.inline_styles);
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
    for p in state
        .assets
        .preloads
        .iter()
        .chain(route.iter().flat_map(|r| &r.scripts))
    {
        head.push_str(&format!(
            "<link rel=\"modulepreload\" href=\"{}\" fetchpriority=\"low\">",
            esc(p)
        ));
    }
    if let Some(script) = &state.assets.script {
        head.push_str(&format!(
            "<script type=\"module\" src=\"{}\" fetchpriority=\"low\"></script>",
            esc(script)
        ));
    }
    for ld in &doc.json_ld {
        head.push_str(&format!(
            "<script type=\"application/ld+json\">{}</script>",
            script_json(ld)
        ));
    }
    let html = format!(
        "<!doctype html><html lang=\"de\"><head>{head}</head><body><div id=\"app\">{body}</div><script id=\"__LADEN_DATA__\" type=\"application/json\">{}</script></body></html>",
        script_json(&data)
    );
    Ok((doc.status, doc.cacheable, html))
}

/// What the product gallery's first image takes of the viewport: `GALLERY_IMAGE_SIZES` of
/// `web/src/config/constants.ts`, which the gallery's `<img>` uses, so the preloaded file is the
/// one the image then shows (`e2e/performance.spec.ts` checks they agree).
const GALLERY_SIZES: &str = "(max-width: 767px) 100vw, 50vw";

/// `<link rel=preload>` for an image, WebP when there is one (browsers without WebP skip it).
fn preload_link(img: &Value) -> String {
    let webp = img["srcset_webp"].as_str().filter(|s| !s.is_empty());
    let (srcset, kind) = match webp {
        Some(s) => (s, " type=\"image/webp\""),
        None => (img["srcset"].as_str().unwrap_or(""), ""),
    };
    let href = img["large"]["src"].as_str().unwrap_or("");
    format!(
        "<link rel=\"preload\" as=\"image\" href=\"{}\" imagesrcset=\"{}\" imagesizes=\"{GALLERY_SIZES}\" fetchpriority=\"high\"{kind}>",
        esc(href),
        esc(srcset)
    )
}

async fn not_found_doc(_state: &AppState) -> Result<Doc, ApiError> {
    let mut doc = Doc::new("notFound", t("Page not found"));
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

/// Resolves product grids and carousels in page content to product cards, and every widget's images to media.
/// Fills the page's product grids and images; `scopes` gets what the grids show.
async fn resolve_content(
    state: &AppState,
    content: &mut Value,
    scopes: &mut Vec<Scope>,
) -> Result<BTreeMap<String, Value>, ApiError> {
    let mut media_ids = Vec::new();
    // Collect the grid widgets first (by path), then fill them; no aliasing kept across awaits.
    let mut paths = Vec::new();
    fn find_grids(
        v: &Value,
        path: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
        media: &mut Vec<i64>,
    ) {
        match v {
            Value::Object(m) => {
                let ids = |v: Option<&Value>| {
                    v.and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .filter_map(|it| it.get("media").and_then(Value::as_i64))
                        .collect::<Vec<_>>()
                };
                match m.get("type").and_then(Value::as_str) {
                    Some("image") => media.extend(m.get("media").and_then(Value::as_i64)),
                    Some("video") => media.extend(m.get("poster").and_then(Value::as_i64)),
                    Some("image_comparison") => media.extend(
                        ["before", "after"]
                            .iter()
                            .filter_map(|k| m.get(*k).and_then(Value::as_i64)),
                    ),
                    Some("image_carousel") => media.extend(ids(m.get("images"))),
                    Some("portfolio" | "testimonial_carousel") => media.extend(ids(m.get("items"))),
                    Some("product_grid" | "product_carousel") => out.push(path.clone()),
                    _ => {}
                }
                for (k, child) in m {
                    path.push(k.clone());
                    find_grids(child, path, out, media);
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, child) in a.iter().enumerate() {
                    path.push(i.to_string());
                    find_grids(child, path, out, media);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    find_grids(content, &mut Vec::new(), &mut paths, &mut media_ids);
    let categories = state.store.categories().await?;
    for path in paths {
        let pointer = format!("/{}", path.join("/"));
        let Some(widget) = content.pointer(&pointer).cloned() else {
            continue;
        };
        let limit = widget
            .get("limit")
            .and_then(Value::as_i64)
            .unwrap_or(4)
            .clamp(1, 24);
        let mut q = ProductQuery {
            per_page: limit,
            ..ProductQuery::default()
        };
        match widget.get("source").and_then(Value::as_str) {
            Some("category") => {
                let slug = widget.get("category").and_then(Value::as_str).unwrap_or("");
                q = q.in_categories(
                    &categories,
                    &[categories
                        .iter()
                        .find(|c| c.slug == slug)
                        .map_or(0, |c| c.id)],
                );
            }
            Some("on_sale") => q.on_sale = Some(true),
            Some("newest") => {
                q.sort = laden_store::ProductSort::Date;
                q.descending = true;
            }
            Some("ids") => {
                q.include = widget
                    .get("ids")
                    .and_then(Value::as_array)
                    .map(|a| a.iter().filter_map(Value::as_i64).collect())
                    .unwrap_or_default()
            }
            _ => {}
        }
        let (products, _) = state.store.list_products(&q).await?;
        scopes.push(Scope::Catalog);
        scopes.extend(products.iter().map(|p| Scope::Product(p.id)));
        let cards = state.cards_json(&products, &categories).await?;
        if let Some(Value::Object(w)) = content.pointer_mut(&pointer) {
            w.insert("products".into(), Value::Array(cards));
        }
    }
    let media = state.store.media_by_ids(&media_ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &[],
    };
    Ok(media
        .keys()
        .filter_map(|id| cat.image_json(*id).map(|j| (id.to_string(), j)))
        .collect())
}

async fn page_doc(
    state: &AppState,
    settings: &SiteSettings,
    slug: &str,
    route: &'static str,
) -> Result<Doc, ApiError> {
    let page = state.store.page_by_slug(slug).await.map_err(map_missing)?;
    page_doc_of(state, settings, page, route).await
}

async fn page_doc_of(
    state: &AppState,
    settings: &SiteSettings,
    page: laden_store::Page,
    route: &'static str,
) -> Result<Doc, ApiError> {
    let mut content = page.content.clone();
    let mut scopes = Vec::new();
    let media = resolve_content(state, &mut content, &mut scopes).await?;
    let mut doc = Doc::new(route, page.title.clone());
    doc.scopes = scopes;
    doc.description = plain(&page.excerpt, 160);
    if route == "home" {
        doc.canonical = "/".into();
        doc.json_ld.push(json!({ "@context": "https://schema.org", "@type": "WebSite", "name": settings.site.name, "url": state.config.site_url }));
    } else {
        doc.canonical = format!("/{}/", page.slug);
        doc.breadcrumbs = vec![
            (t("Home"), "/".into()),
            (page.title.clone(), doc.canonical.clone()),
        ];
    }
    doc.data.insert(
        "page".into(),
        json!({ "id": page.id, "slug": page.slug, "title": page.title, "content": content }),
    );
    doc.data.insert("media".into(), json!(media));
    Ok(doc)
}

async fn home(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        let settings = state.store.settings().await?;
        page_doc(&state, &settings, &settings.site.front_page, "home").await
    })
    .await
}

async fn page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    respond(&state, &headers, &uri, async {
        let settings = state.store.settings().await?;
        if slug == settings.site.front_page {
            return Ok(Doc::redirect("/"));
        }
        match page_doc(&state, &settings, &slug, "page").await {
            Err(ApiError::ProductNotFound) => {
                staff_preview(&state, &headers, &settings, &slug).await
            }
            other => other,
        }
    })
    .await
}

/// A draft or private page, for staff who edit pages (WordPress's preview): never cached, never
/// indexed; everyone else gets the 404 a missing page gets.
async fn staff_preview(
    state: &AppState,
    headers: &HeaderMap,
    settings: &SiteSettings,
    slug: &str,
) -> Result<Doc, ApiError> {
    let may_edit = state
        .session(headers)
        .await?
        .is_some_and(|s| crate::auth::capabilities(&s.user.role).contains(&"edit_pages"));
    if !may_edit {
        return Err(ApiError::ProductNotFound);
    }
    let page = state
        .store
        .unpublished_page_by_slug(slug)
        .await
        .map_err(map_missing)?;
    let mut doc = page_doc_of(state, settings, page, "page").await?;
    doc.cacheable = false;
    doc.noindex = true;
    Ok(doc)
}

async fn listing_doc(
    state: &AppState,
    slug: Option<&str>,
    page: i64,
    params: &BTreeMap<String, String>,
) -> Result<Doc, ApiError> {
    let categories = state.store.categories().await?;
    let category = match slug {
        Some(s) => Some(
            categories
                .iter()
                .find(|c| c.slug == s)
                .cloned()
                .ok_or(ApiError::ProductNotFound)?,
        ),
        None => None,
    };
    let mut q = ProductQuery {
        page,
        per_page: PER_PAGE,
        ..ProductQuery::default()
    };
    if let Some(c) = &category {
        q = q.in_categories(&categories, &[c.id]);
    }
    match params.get("orderby").map(String::as_str) {
        Some("price") => q.sort = laden_store::ProductSort::Price,
        Some("price-desc") => {
            q.sort = laden_store::ProductSort::Price;
            q.descending = true;
        }
        Some("date") => {
            q.sort = laden_store::ProductSort::Date;
            q.descending = true;
        }
        Some("rating") => {
            q.sort = laden_store::ProductSort::Rating;
            q.descending = true;
        }
        Some("popularity") => {
            q.sort = laden_store::ProductSort::Popularity;
            q.descending = true;
        }
        _ => {}
    }
    let (products, total) = state.store.list_products(&q).await?;
    let pages = (total + PER_PAGE - 1) / PER_PAGE;
    if page > 1 && page > pages {
        return Err(ApiError::ProductNotFound);
    }
    let cards = state.cards_json(&products, &categories).await?;
    let mut scopes = vec![Scope::Catalog];
    scopes.extend(products.iter().map(|p| Scope::Product(p.id)));
    let base = match &category {
        Some(c) => format!("/produkt-kategorie/{}/", c.slug),
        None => "/shop/".to_owned(),
    };
    let title = category
        .as_ref()
        .map_or_else(|| t("Shop"), |c| c.name.clone());
    let mut doc = Doc::new(
        if category.is_some() {
            "category"
        } else {
            "shop"
        },
        if page > 1 {
            format!("{title} – {}", tf("Page %d", &[&page]))
        } else {
            title.clone()
        },
    );
    doc.canonical = if page > 1 {
        format!("{base}page/{page}/")
    } else {
        base.clone()
    };
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (t("Shop"), "/shop/".into())];
    if let Some(c) = &category {
        doc.description = if c.description.is_empty() {
            format!("{} – {}", c.name, t("Shop"))
        } else {
            plain(&c.description, 160)
        };
        for tc in category_trail(&categories, c.id) {
            doc.breadcrumbs
                .push((tc.name.clone(), format!("/produkt-kategorie/{}/", tc.slug)));
        }
    }
    let ids: Vec<i64> = category.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog {
        site_url: &state.config.site_url,
        media: &media,
        categories: &categories,
    };
    doc.data.insert(
        "category".into(),
        category
            .as_ref()
            .map_or(Value::Null, |c| cat.category_json(c)),
    );
    doc.data.insert("products".into(), Value::Array(cards));
    doc.data.insert(
        "pagination".into(),
        json!({ "page": page, "totalPages": pages, "total": total, "base": base }),
    );
    doc.data.insert(
        "categories".into(),
        Value::Array(category_tree(&categories, None, 0)),
    );
    doc.data.insert(
        "orderby".into(),
        json!(params.get("orderby").cloned().unwrap_or_default()),
    );
    doc.scopes = scopes;
    Ok(doc)
}

fn query_map(uri: &Uri) -> BTreeMap<String, String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(uri.query().unwrap_or(""))
        .unwrap_or_default()
        .into_iter()
        .collect()
}

fn page_number(raw: &str) -> Option<i64> {
    raw.parse::<i64>().ok().filter(|n| *n >= 1)
}

async fn shop(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    let params = query_map(&uri);
    respond(
        &state,
        &headers,
        &uri,
        listing_doc(&state, None, 1, &params),
    )
    .await
}

async fn shop_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(n): Path<String>,
) -> Response {
    let params = query_map(&uri);
    match page_number(&n) {
        Some(1) => moved("/shop/").into_response(),
        Some(p) => {
            respond(
                &state,
                &headers,
                &uri,
                listing_doc(&state, None, p, &params),
            )
            .await
        }
        None => {
            respond(&state, &headers, &uri, async {
                Err(ApiError::ProductNotFound)
            })
            .await
        }
    }
}

async fn category(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    let params = query_map(&uri);
    respond(
        &state,
        &headers,
        &uri,
        listing_doc(&state, Some(&slug), 1, &params),
    )
    .await
}

async fn category_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path((slug, n)): Path<(String, String)>,
) -> Response {
    let params = query_map(&uri);
    match page_number(&n) {
        Some(1) => moved(&format!("/produkt-kategorie/{slug}/")).into_response(),
        Some(p) => {
            respond(
                &state,
                &headers,
                &uri,
                listing_doc(&state, Some(&slug), p, &params),
            )
            .await
        }
        None => {
            respond(&state, &headers, &uri, async {
                Err(ApiError::ProductNotFound)
            })
            .await
        }
    }
}

/// A product with everything its page and its quick view show.
struct ProductDetail {
    product: laden_store::Product,
    variations: Vec<laden_store::Product>,
    categories: Vec<laden_store::Category>,
    media: std::collections::BTreeMap<i64, laden_store::Media>,
    settings: laden_store::SiteSettings,
}

impl ProductDetail {
    async fn load(
        state: &AppState,
        product: laden_store::Product,
    ) -> Result<ProductDetail, ApiError> {
        let categories = state.store.categories().await?;
        let variations = if product.kind == ProductKind::Variable {
            state.store.variations(product.id).await?
        } else {
            Vec::new()
        };
        let mut ids: Vec<i64> = product.image_id.into_iter().collect();
        for g in &product.gallery {
            match g {
                laden_store::GalleryItem::Image { media_id } => ids.push(*media_id),
                laden_store::GalleryItem::Video { poster, .. }
                | laden_store::GalleryItem::Iframe { poster, .. } => ids.extend(*poster),
            }
        }
        for v in &variations {
            ids.extend(v.image_id);
            ids.extend(v.attached.poster);
        }
        let media = state.store.media_by_ids(&ids).await?;
        let settings = state.store.settings().await?;
        Ok(ProductDetail {
            product,
            variations,
            categories,
            media,
            settings,
        })
    }

    fn catalog<'a>(&'a self, state: &'a AppState) -> Catalog<'a> {
        Catalog {
            site_url: &state.config.site_url,
            media: &self.media,
            categories: &self.categories,
        }
    }

    /// `{product, gallery, variations}` as the product components take them.
    fn insert_data(
        &self,
        state: &AppState,
        data: &mut serde_json::Map<String, Value>,
        product: &wire::StoreProduct,
    ) {
        let cat = self.catalog(state);
        let prefix = &self.settings.theme.prefix;
        data.insert("product".into(), wire::value(product));
        data.insert("gallery".into(), wire::value(&cat.gallery(&self.product)));
        let variations: Vec<wire::VariationDetail> = self
            .variations
            .iter()
            .map(|v| cat.variation_detail(v, Some(&self.product), prefix))
            .collect();
        data.insert("variations".into(), wire::value(&variations));
    }
}

/// `POST /wp-json/laden/v1/page-preview {laden_layout}`: the page editor's unsaved document,
/// checked against the widget schemas and resolved exactly as the page route resolves it
/// (product grids and carousels get their products, images their media), so the canvas shows
/// what a visitor will see before anything is saved. Staff who edit pages only; saves nothing.
pub(crate) async fn page_preview(
    State(state): State<AppState>,
    who: crate::auth::Identity,
    axum::Json(body): axum::Json<Value>,
) -> Result<Response, ApiError> {
    who.require("edit_pages", "rest_forbidden")?;
    let layout = body.get("laden_layout").ok_or_else(|| {
        ApiError::InvalidParams(vec![(
            "laden_layout".into(),
            tf("%s is a required parameter.", &[&"laden_layout"]),
        )])
    })?;
    let mut content = laden_store::pages::checked_content(layout).map_err(ApiError::from)?;
    let media = resolve_content(&state, &mut content, &mut Vec::new()).await?;
    Ok(axum::Json(json!({ "content": content, "media": media })).into_response())
}

/// `GET /wp-json/laden/v1/products/{id}/quick-view`: what a quick-view modal shows.
pub(crate) async fn quick_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
    let product = state
        .store
        .product(id)
        .await
        .map_err(or_missing(ApiError::ProductNotFound))?;
    if product.status != "publish" || product.kind == ProductKind::Variation {
        return Err(ApiError::ProductNotFound);
    }
    let detail = ProductDetail::load(&state, product).await?;
    let product = detail
        .catalog(&state)
        .product(&detail.product, &detail.variations, None);
    let mut data = serde_json::Map::new();
    detail.insert_data(&state, &mut data, &product);
    data.insert(
        "permalink".into(),
        json!(format!(
            "/produkt/{}/",
            detail.product.slug.clone().unwrap_or_default()
        )),
    );
    let mut res = axum::Json(Value::Object(data)).into_response();
    res.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=60"),
    );
    Ok(res)
}

/// The URL parameter that carries a variation attribute's choice (`attribute_groesse=250 g`).
fn attribute_param(name: &str) -> String {
    format!("attribute_{}", laden_domain::text::slugify(name))
}

async fn product_doc(
    state: &AppState,
    slug: &str,
    query: &BTreeMap<String, String>,
) -> Result<Doc, ApiError> {
    let found = state
        .store
        .product_by_slug(slug)
        .await
        .map_err(map_missing)?;
    let (reviews, _) = state.store.reviews(Some(found.id), 1, 50).await?;
    let detail = ProductDetail::load(state, found).await?;
    let (product, variations, categories) =
        (&detail.product, &detail.variations, &detail.categories);
    let cat = detail.catalog(state);
    let store_product = cat.product(product, variations, None);
    let mut doc = Doc::new("product", product.name.clone());
    // Its variations' changes are recorded on it too.
    doc.scopes = vec![Scope::Product(product.id)];
    let path = format!("/produkt/{slug}/");
    doc.canonical = path.clone();
    doc.og_type = "product";
    doc.description = if product.seo_description.is_empty() {
        plain(
            if product.short_description.is_empty() {
                &product.description
            } else {
                &product.short_description
            },
            160,
        )
    } else {
        product.seo_description.clone()
    };
    doc.head_title = product.seo_title.clone();
    doc.og_image = store_product.images.first().map(|i| i.src.clone());
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (t("Shop"), "/shop/".into())];
    if let Some(first) = product.category_ids.first() {
        for tc in category_trail(categories, *first) {
            doc.breadcrumbs
                .push((tc.name.clone(), format!("/produkt-kategorie/{}/", tc.slug)));
        }
    }
    doc.breadcrumbs.push((product.name.clone(), path.clone()));
    let in_stock = store_product.is_in_stock;
    let availability = if in_stock {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let offer = if product.kind == ProductKind::Variable {
        let prices: Vec<i64> = variations
            .iter()
            .filter_map(|v| v.price.map(|m| m.cents()))
            .collect();
        json!({
            "@type": "AggregateOffer",
            "lowPrice": laden_domain::Money::from_cents(prices.iter().copied().min().unwrap_or(0)).to_decimal_string(),
            "highPrice": laden_domain::Money::from_cents(prices.iter().copied().max().unwrap_or(0)).to_decimal_string(),
            "offerCount": prices.len(),
            "priceCurrency": "EUR",
            "availability": availability,
            "url": format!("{}{path}", state.config.site_url),
        })
    } else {
        json!({
            "@type": "Offer",
            "price": product.price.unwrap_or_default().to_decimal_string(),
            "priceCurrency": "EUR",
            "availability": availability,
            "url": format!("{}{path}", state.config.site_url),
            "priceSpecification": unit_price_ld(product, None),
        })
    };
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": doc.description,
        "sku": product.sku.clone().unwrap_or_default(),
        "image": store_product.images.iter().map(|i| i.src.as_str()).collect::<Vec<_>>(),
        "url": format!("{}{path}", state.config.site_url),
        "offers": offer,
    });
    if product.rating_count > 0 {
        ld["aggregateRating"] = json!({ "@type": "AggregateRating", "ratingValue": format!("{:.2}", product.average_rating()), "reviewCount": product.rating_count, "bestRating": 5, "worstRating": 1 });
    }
    doc.json_ld.push(ld);
    detail.insert_data(state, &mut doc.data, &store_product);
    // A shared link with a chosen variation renders in that state: only known options count.
    let params: serde_json::Map<String, Value> = product
        .attributes
        .iter()
        .filter(|a| a.variation)
        .map(|a| (a.name.clone(), json!(attribute_param(&a.name))))
        .collect();
    let choice: serde_json::Map<String, Value> = product
        .attributes
        .iter()
        .filter(|a| a.variation)
        .filter_map(|a| {
            query
                .get(&attribute_param(&a.name))
                .filter(|v| a.options.contains(v))
                .map(|v| (a.name.clone(), json!(v)))
        })
        .collect();
    // The gallery's first slide is the largest paint when it is an image (not a video), unless
    // a chosen variation shows its own image first.
    if choice.is_empty() {
        doc.preload_image = match cat.gallery(product).into_iter().next() {
            Some(wire::GallerySlide::Image { image }) => Some(wire::value(&image)),
            _ => None,
        };
    }
    doc.data
        .insert("attributeParams".into(), Value::Object(params));
    doc.data
        .insert("initialChoice".into(), Value::Object(choice));
    doc.data.insert(
        "reviews".into(),
        Value::Array(
            reviews
                .iter()
                .map(|r| wire::value(&cat.review(r, None)))
                .collect(),
        ),
    );
    Ok(doc)
}

/// The offer's price specification; with a Grundpreis also the price per reference amount
/// (`referenceQuantity`, with the content as its `valueReference`: Google's unit pricing measure
/// and base measure).
fn unit_price_ld(product: &laden_store::Product, parent: Option<&laden_store::Product>) -> Value {
    let price = product.price.unwrap_or_default();
    let plain = json!({ "@type": "UnitPriceSpecification", "price": price.to_decimal_string(), "priceCurrency": "EUR", "valueAddedTaxIncluded": true });
    let Some(u) = product.unit_pricing(parent) else {
        return plain;
    };
    let (base, base_code) = u.reference_quantity();
    let (content, content_code) = u.content_quantity();
    json!([plain, {
        "@type": "UnitPriceSpecification",
        "price": u.reference_price(price).to_decimal_string(),
        "priceCurrency": "EUR",
        "valueAddedTaxIncluded": true,
        "referenceQuantity": {
            "@type": "QuantitativeValue",
            "value": base,
            "unitCode": base_code,
            "valueReference": { "@type": "QuantitativeValue", "value": content, "unitCode": content_code },
        },
    }])
}

async fn product(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    let query = query_map(&uri);
    respond(&state, &headers, &uri, product_doc(&state, &slug, &query)).await
}

fn simple_doc(route: &'static str, title: String, path: &str) -> Doc {
    let mut doc = Doc::new(route, title.clone());
    doc.canonical = path.to_owned();
    doc.noindex = true;
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (title, path.to_owned())];
    doc
}

async fn cart(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        Ok(simple_doc("cart", t("Cart"), "/warenkorb/"))
    })
    .await
}

async fn checkout(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        let mut doc = simple_doc("checkout", t("Checkout"), "/kasse/");
        doc.data
            .insert("countries".into(), json!(laden_store::checkout_countries()));
        let methods = state.store.settings().await?.shop.payment_methods;
        doc.data.insert(
            "paymentMethods".into(),
            json!(methods
                .iter()
                .map(|m| json!({ "id": m, "title": crate::wire::payment_title(m) }))
                .collect::<Vec<_>>()),
        );
        Ok(doc)
    })
    .await
}

/// The withdrawal button's page (§356a BGB): reachable from every page's footer, for guests too.
async fn withdrawal(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        let mut doc = simple_doc("withdrawal", t("Withdraw from contract"), WITHDRAWAL_PATH);
        doc.noindex = false;
        Ok(doc)
    })
    .await
}

async fn order_received(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> Response {
    let key = query_map(&uri).get("key").cloned().unwrap_or_default();
    respond(&state, &headers, &uri, async {
        let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
        let order = state.store.order_with_key(id, &key).await.map_err(or_missing(ApiError::ProductNotFound))?;
        let mut doc = simple_doc("order", t("Order received"), &format!("/bestellung-erhalten/{id}/"));
        doc.cacheable = false;
        doc.data.insert("order".into(), order_json(&order));
        // Vorkasse: where to transfer the money, as in the order confirmation.
        if order.payment_method == "bacs" {
            let s = state.store.settings().await?.shop;
            doc.data.insert("bank".into(), json!({ "holder": s.bank_account_holder, "bank": s.bank_name, "iban": s.bank_iban, "bic": s.bank_bic }));
        }
        Ok(doc)
    })
    .await
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
    let mut doc = Doc::new("admin", t("Administration"));
    doc.cacheable = false;
    doc.noindex = true;
    doc.canonical = uri.path().to_owned();
    doc.data.insert(
        "admin".into(),
        json!({
            "nonce": state.nonce("wp_rest", Some(&session)),
            "user": { "id": session.user.id, "name": session.user.display_name, "role": session.user.role },
            "logout": crate::account::logout_link(&state, &session),
            "countries": laden_store::checkout_countries(),
        }),
    );
    match document(&state, doc).await {
        Ok((status, _, html)) => html_response(status, html),
        Err(e) => e.into_response(),
    }
}

/// Slash-less page URLs redirect permanently; anything else is the German 404 page.
async fn fallback(State(state): State<AppState>, headers: HeaderMap, req: Request) -> Response {
    let uri = req.uri().clone();
    let path = uri.path();
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
    respond(&state, &headers, &uri, async {
        Err(ApiError::ProductNotFound)
    })
    .await
}
