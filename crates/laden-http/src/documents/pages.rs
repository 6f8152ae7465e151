//! Content pages: the home page, pages by path, the staff preview and the editor's preview.

use super::*;
use crate::wire::page::{ContentPage, ContentView, PagePreview};

/// Resolves product grids and carousels in page content to product cards, and every widget's images to media.
/// Fills the page's product grids and images; `scopes` gets what the grids show.
pub(super) async fn resolve_content(
    state: &AppState,
    content: &mut Value,
    scopes: &mut Vec<Scope>,
) -> Result<BTreeMap<String, wire::Image>, ApiError> {
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
        let cards = state.cards(&products, &categories).await?;
        if let Some(Value::Object(w)) = content.pointer_mut(&pointer) {
            w.insert("products".into(), wire::value(&cards));
        }
    }
    let media = state.store.media_by_ids(&media_ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
    Ok(media
        .keys()
        .filter_map(|id| cat.image(*id).map(|i| (id.to_string(), i)))
        .collect())
}

pub(super) async fn page_doc(
    state: &AppState,
    settings: &SiteSettings,
    slug: &str,
    home: bool,
) -> Result<Doc, ApiError> {
    let page = state.store.page_by_slug(slug).await.map_err(map_missing)?;
    page_doc_of(state, settings, page, home).await
}

pub(super) async fn page_doc_of(
    state: &AppState,
    settings: &SiteSettings,
    page: laden_store::Page,
    home: bool,
) -> Result<Doc, ApiError> {
    let mut content = page.content.clone();
    let mut scopes = Vec::new();
    let media = resolve_content(state, &mut content, &mut scopes).await?;
    let view = ContentView {
        page: ContentPage {
            id: page.id,
            slug: page.slug.clone(),
            title: page.title.clone(),
            content,
        },
        media,
    };
    let view = if home {
        View::Home(view)
    } else {
        View::Page(view)
    };
    let mut doc = Doc::new(view, page.title.clone());
    doc.scopes = scopes;
    doc.description = plain(&page.excerpt, 160);
    if home {
        doc.canonical = "/".into();
        doc.json_ld.push(json!({ "@context": "https://schema.org", "@type": "WebSite", "name": settings.site.name, "url": state.config.site_url }));
    } else {
        doc.canonical = format!("/{}/", page.slug);
        doc.breadcrumbs = vec![
            (t("Home"), "/".into()),
            (page.title.clone(), doc.canonical.clone()),
        ];
    }
    Ok(doc)
}

pub(super) async fn home(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    respond(&state, &headers, &uri, async {
        // WordPress's plain links (`/?p=42`, `/?product=…`) of a moved shop.
        match super::legacy::plain_link(&state, uri.query()).await? {
            Some(Some(target)) => return Ok(Doc::redirect(&target)),
            Some(None) => return Err(ApiError::ProductNotFound),
            None => {}
        }
        let settings = state.store.settings().await?;
        page_doc(&state, &settings, &settings.site.front_page, true).await
    })
    .await
}

pub(super) async fn page(
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
        match page_doc(&state, &settings, &slug, false).await {
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
pub(super) async fn staff_preview(
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
    let mut doc = page_doc_of(state, settings, page, false).await?;
    doc.cacheable = false;
    doc.noindex = true;
    Ok(doc)
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
        ApiError::param(
            "laden_layout",
            tf("%s is a required parameter.", &[&"laden_layout"]),
        )
    })?;
    let mut content = laden_store::pages::checked_content(layout).map_err(ApiError::from)?;
    let media = resolve_content(&state, &mut content, &mut Vec::new()).await?;
    Ok(axum::Json(PagePreview { content, media }).into_response())
}
