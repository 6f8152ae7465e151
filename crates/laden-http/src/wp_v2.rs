//! `wp/v2`: pages, media, users/me and settings in WordPress's shapes.

use crate::auth::{capabilities, Identity};
use crate::dates::iso;
use crate::documents::esc;
use crate::error::{ApiError, ApiResult};
use crate::extract::{JsonBody, Params};
use crate::i18n::{t, tf};
use crate::store_api::paginated;
use crate::AppState;
use axum::body::Body;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use laden_store::media::{missing_sizes, MediaEntry};
use laden_store::pages::{PageChange, PageOrder, PageQuery, PAGE_STATUSES};
use laden_store::{Page, StoreError};
use serde_json::{json, Map, Value};

/// Routes and their methods, for the index at `/wp-json/`.
pub const ROUTES: &[(&str, &[&str])] = &[
    ("/pages", &["GET", "POST"]),
    (
        "/pages/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/media", &["GET", "POST"]),
    (
        "/media/(?P<id>[\\d]+)",
        &["GET", "POST", "PUT", "PATCH", "DELETE"],
    ),
    ("/media/(?P<id>[\\d]+)/post-process", &["POST"]),
    ("/users", &["POST"]),
    ("/users/me", &["GET"]),
    ("/settings", &["GET", "POST", "PUT", "PATCH"]),
];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/pages", get(list_pages).post(create_page))
        .route(
            "/pages/{id}",
            get(get_page)
                .post(update_page)
                .put(update_page)
                .patch(update_page)
                .delete(delete_page),
        )
        .route("/pages/{id}/revisions", get(list_revisions))
        .route("/pages/{id}/revisions/{rid}", get(get_revision))
        .route(
            "/media",
            get(list_media)
                .post(upload)
                .layer(axum::extract::DefaultBodyLimit::disable()),
        )
        .route(
            "/media/{id}",
            get(get_media)
                .post(update_media)
                .put(update_media)
                .patch(update_media)
                .delete(delete_media),
        )
        .route("/media/{id}/post-process", post(post_process))
        .route("/users", post(create_user))
        .route("/users/me", get(users_me))
        .route(
            "/settings",
            get(get_settings)
                .post(update_settings)
                .put(update_settings)
                .patch(update_settings),
        )
}

fn invalid(name: &str, msg: String) -> ApiError {
    ApiError::InvalidParams(vec![(name.to_owned(), msg)])
}

/// `context`: `view` (default), `embed` or `edit`; `edit` needs `cap`.
fn context(params: &Params, who: &Identity, cap: &str) -> ApiResult<bool> {
    match params.get("context").unwrap_or("view") {
        "view" | "embed" => Ok(false),
        "edit" => who.require(cap, "rest_forbidden_context").map(|_| true),
        _ => Err(invalid(
            "context",
            tf(
                "%1$s is not one of %2$s.",
                &[&"context", &"view, embed, edit"],
            ),
        )),
    }
}

fn order_desc(params: &Params) -> ApiResult<bool> {
    match params.get("order") {
        None | Some("desc") => Ok(true),
        Some("asc") => Ok(false),
        Some(_) => Err(invalid(
            "order",
            tf("%1$s is not one of %2$s.", &[&"order", &"asc, desc"]),
        )),
    }
}

fn id_of(raw: &str) -> ApiResult<i64> {
    raw.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or(ApiError::NoRoute)
}

fn not_found(e: StoreError) -> ApiError {
    match e {
        StoreError::NotFound(_) => ApiError::PostNotFound,
        // Another editor saved the page after this one loaded it.
        StoreError::Conflict(_) => ApiError::Coded {
            status: StatusCode::CONFLICT,
            code: "laden_page_changed",
            message: t("Someone else has changed this page in the meantime. Reload it to see their changes; nothing of yours was saved."),
        },
        other => other.into(),
    }
}

/// A rendered-and-raw text field, raw only in the edit context.
fn text_field(rendered: String, raw: &str, edit: bool) -> Value {
    let mut v = json!({ "rendered": rendered });
    if edit {
        v["raw"] = json!(raw);
    }
    v
}

// ---------------------------------------------------------------- pages

/// A plain HTML rendition of page-builder content for REST clients (the
/// storefront itself renders pages with its React widgets).
fn render_content(content: &Value) -> String {
    let mut out = String::new();
    for section in content["sections"].as_array().into_iter().flatten() {
        for column in section["columns"].as_array().into_iter().flatten() {
            for w in column["widgets"].as_array().into_iter().flatten() {
                match w["type"].as_str() {
                    Some("heading") => {
                        let level = w["level"].as_i64().unwrap_or(2).clamp(1, 6);
                        out.push_str(&format!(
                            "<h{level}>{}</h{level}>\n",
                            esc(w["text"].as_str().unwrap_or(""))
                        ));
                    }
                    // Sanitised when the page was saved.
                    Some("text") => {
                        out.push_str(w["html"].as_str().unwrap_or(""));
                        out.push('\n');
                    }
                    Some("button") => out.push_str(&format!(
                        "<p><a class=\"button\" href=\"{}\">{}</a></p>\n",
                        esc(w["href"].as_str().unwrap_or("#")),
                        esc(w["text"].as_str().unwrap_or(""))
                    )),
                    _ => {}
                }
            }
        }
    }
    out
}

fn page_json(state: &AppState, p: &Page, edit: bool) -> Value {
    let link = if p.status == "publish" {
        format!("{}/{}/", state.config.site_url, p.slug)
    } else {
        format!("{}/?page_id={}", state.config.site_url, p.id)
    };
    let mut v = json!({
        "id": p.id,
        "date": iso(p.created_at),
        "date_gmt": iso(p.created_at),
        "guid": { "rendered": format!("{}/?page_id={}", state.config.site_url, p.id) },
        "modified": iso(p.updated_at),
        "modified_gmt": iso(p.updated_at),
        "slug": p.slug,
        "status": p.status,
        "type": "page",
        "link": link,
        "title": text_field(esc(&p.title), &p.title, edit),
        "content": { "rendered": render_content(&p.content), "protected": false },
        "excerpt": { "rendered": p.excerpt, "protected": false },
        "author": 0,
        "parent": 0,
        "menu_order": 0,
        "comment_status": "closed",
        "ping_status": "closed",
        "template": "",
        "meta": {},
    });
    if edit {
        v["content"]["raw"] = json!(p.content.to_string());
        v["excerpt"]["raw"] = json!(p.excerpt);
        v["laden_layout"] = p.content.clone();
        v["laden_revision"] = json!(p.revision);
    }
    v
}

fn revision_json(r: &laden_store::PageRevision, edit: bool) -> Value {
    let mut v = json!({
        "id": r.id,
        "parent": r.page_id,
        "author": r.author_id.unwrap_or(0),
        "date": iso(r.created_at),
        "date_gmt": iso(r.created_at),
        "modified": iso(r.created_at),
        "modified_gmt": iso(r.created_at),
        "slug": format!("{}-revision-v1", r.page_id),
        "title": text_field(esc(&r.title), &r.title, edit),
        "content": { "rendered": render_content(&r.content), "protected": false },
        "laden_revision": r.revision,
        "laden_status": r.status,
    });
    if edit {
        v["content"]["raw"] = json!(r.content.to_string());
        v["laden_layout"] = r.content.clone();
    }
    v
}

/// `wp/v2/pages/{id}/revisions`: a page's saved states, newest first (editors only).
async fn list_revisions(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("edit_pages", "rest_cannot_read")?;
    state.store.page(id).await.map_err(not_found)?;
    let edit = context(&params, &who, "edit_pages")?;
    let (page, per_page) = params.pagination()?;
    let (list, total) = state.store.page_revisions(id, page, per_page).await?;
    let body = Value::Array(list.iter().map(|r| revision_json(r, edit)).collect());
    Ok(paginated(
        &state,
        &format!("/wp/v2/pages/{id}/revisions"),
        &params,
        page,
        per_page,
        total,
        body,
    ))
}

async fn get_revision(
    State(state): State<AppState>,
    who: Identity,
    Path((id, rid)): Path<(String, String)>,
    params: Params,
) -> ApiResult<Response> {
    let (id, rid) = (id_of(&id)?, id_of(&rid)?);
    who.require("edit_pages", "rest_cannot_read")?;
    let edit = context(&params, &who, "edit_pages")?;
    let r = state
        .store
        .page_revision(id, rid)
        .await
        .map_err(|e| match e {
            StoreError::NotFound(_) => ApiError::Coded {
                status: StatusCode::NOT_FOUND,
                code: "rest_post_invalid_id",
                message: t("Invalid revision ID."),
            },
            other => other.into(),
        })?;
    Ok(Json(revision_json(&r, edit)).into_response())
}

fn page_query(params: &Params, who: &Identity) -> ApiResult<PageQuery> {
    let (page, per_page) = params.pagination()?;
    let order = match params.get("orderby") {
        None => PageOrder::Date,
        Some(o) => PageOrder::parse(o).ok_or_else(|| {
            invalid(
                "orderby",
                tf("%1$s is not one of %2$s.", &[&"orderby", &PageOrder::NAMES]),
            )
        })?,
    };
    let statuses: Vec<String> = match params.get("status") {
        None => vec!["publish".into()],
        Some(list) => {
            let mut out = Vec::new();
            for s in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                if s == "any" {
                    out.extend(
                        PAGE_STATUSES
                            .iter()
                            .filter(|s| **s != "trash")
                            .map(|s| (*s).to_owned()),
                    );
                } else if PAGE_STATUSES.contains(&s) {
                    out.push(s.to_owned());
                } else {
                    return Err(invalid(
                        "status",
                        tf(
                            "%1$s is not one of %2$s.",
                            &[&"status", &"publish, draft, private, trash, any"],
                        ),
                    ));
                }
            }
            out
        }
    };
    if statuses.iter().any(|s| s != "publish") {
        who.require("edit_pages", "rest_forbidden_status")?;
    }
    let slugs = params
        .get("slug")
        .map(|s| {
            s.split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Ok(PageQuery {
        page,
        per_page,
        statuses,
        search: params.get("search").map(str::to_owned),
        slugs,
        order,
        descending: order_desc(params)?,
    })
}

async fn list_pages(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "edit_pages")?;
    let q = page_query(&params, &who)?;
    let (pages, total) = state.store.list_pages(&q).await?;
    let pages_total = if total == 0 {
        0
    } else {
        (total + q.per_page - 1) / q.per_page
    };
    if q.page > pages_total.max(1) {
        return Err(invalid(
            "page",
            t("The page number requested is larger than the number of pages available."),
        ));
    }
    let body = Value::Array(pages.iter().map(|p| page_json(&state, p, edit)).collect());
    Ok(paginated(
        &state,
        "/wp/v2/pages",
        &params,
        q.page,
        q.per_page,
        total,
        body,
    ))
}

async fn get_page(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    let edit = context(&params, &who, "edit_pages")?;
    let page = state.store.page(id).await.map_err(not_found)?;
    if page.status != "publish" {
        who.require("edit_pages", "rest_forbidden")?;
    }
    Ok(Json(page_json(&state, &page, edit)).into_response())
}

/// The page-builder document from a request: `laden_layout` (the editor's
/// JSON), else `content` as a string or `{raw}` holding either that JSON or HTML.
fn content_from(body: &Value) -> ApiResult<Option<Value>> {
    // Checked whole against the widget schemas by the store (`laden_store::layout`).
    if let Some(layout) = body.get("laden_layout") {
        return Ok(Some(layout.clone()));
    }
    let raw = match body.get("content") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(o)) => match o.get("raw") {
            Some(Value::String(s)) => s.clone(),
            _ => {
                return Err(invalid(
                    "content",
                    tf("%s is not of type string.", &[&"content"]),
                ))
            }
        },
        Some(_) => {
            return Err(invalid(
                "content",
                tf("%s is not of type string.", &[&"content"]),
            ))
        }
    };
    if let Ok(v) = serde_json::from_str::<Value>(&raw) {
        if v["sections"].is_array() {
            return Ok(Some(v));
        }
    }
    let sections = if raw.trim().is_empty() {
        json!([])
    } else {
        json!([{ "id": "inhalt", "columns": [{ "widgets": [{ "type": "text", "html": raw }] }] }])
    };
    Ok(Some(json!({ "version": 1, "sections": sections })))
}

/// The header templates the theme draws (spec §3 "Header settings").
const HEADER_TEMPLATES: &[&str] = &["default", "centered", "split"];

fn bool_field(body: &Value, name: &str) -> ApiResult<Option<bool>> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(invalid(name, tf("%s is not of type boolean.", &[&name]))),
    }
}

fn string_field(body: &Value, name: &str) -> ApiResult<Option<String>> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(Value::Object(o)) => match o.get("raw") {
            Some(Value::String(s)) => Ok(Some(s.clone())),
            _ => Err(invalid(name, tf("%s is not of type string.", &[&name]))),
        },
        Some(_) => Err(invalid(name, tf("%s is not of type string.", &[&name]))),
    }
}

fn page_change(body: &Value) -> ApiResult<PageChange> {
    let status = string_field(body, "status")?;
    if let Some(s) = &status {
        if !PAGE_STATUSES.contains(&s.as_str()) || s == "trash" {
            return Err(invalid(
                "status",
                tf(
                    "%1$s is not one of %2$s.",
                    &[&"status", &"publish, draft, private"],
                ),
            ));
        }
    }
    Ok(PageChange {
        title: string_field(body, "title")?,
        slug: string_field(body, "slug")?,
        status,
        excerpt: string_field(body, "excerpt")?,
        content: content_from(body)?,
    })
}

async fn create_page(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("edit_pages", "rest_cannot_create")?;
    if body.get("id").is_some() {
        return Err(invalid("id", t("Cannot create existing post.")));
    }
    let change = page_change(&body)?;
    if change.status.as_deref() == Some("publish") {
        who.require("publish_pages", "rest_cannot_publish")?;
    }
    let page = state
        .store
        .create_page(change, who.user.as_ref().map(|u| u.id))
        .await?;
    let location = format!("{}/wp-json/wp/v2/pages/{}", state.config.site_url, page.id);
    Ok((
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(page_json(&state, &page, true)),
    )
        .into_response())
}

async fn update_page(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("edit_pages", "rest_cannot_edit")?;
    state.store.page(id).await.map_err(not_found)?;
    let expected = match body.get("laden_revision") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_i64().filter(|n| *n > 0).ok_or_else(|| {
            invalid(
                "laden_revision",
                tf("%s is not of type integer.", &[&"laden_revision"]),
            )
        })?),
    };
    let page = state
        .store
        .update_page(
            id,
            page_change(&body)?,
            expected,
            who.user.as_ref().map(|u| u.id),
        )
        .await
        .map_err(not_found)?;
    Ok(Json(page_json(&state, &page, true)).into_response())
}

fn force(params: &Params) -> ApiResult<bool> {
    match params.get("force") {
        None | Some("false") | Some("0") | Some("") => Ok(false),
        Some("true") | Some("1") => Ok(true),
        Some(_) => Err(invalid(
            "force",
            tf("%s is not of type boolean.", &[&"force"]),
        )),
    }
}

async fn delete_page(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("delete_pages", "rest_cannot_delete")?;
    let force = force(&params)?;
    let page = state.store.page(id).await.map_err(not_found)?;
    if force {
        let previous = state.store.delete_page(id).await.map_err(not_found)?;
        return Ok(Json(
            json!({ "deleted": true, "previous": page_json(&state, &previous, true) }),
        )
        .into_response());
    }
    if page.status == "trash" {
        return Err(ApiError::AlreadyTrashed);
    }
    let trashed = state
        .store
        .update_page(
            id,
            PageChange {
                status: Some("trash".into()),
                ..PageChange::default()
            },
            None,
            who.user.as_ref().map(|u| u.id),
        )
        .await
        .map_err(not_found)?;
    Ok(Json(page_json(&state, &trashed, true)).into_response())
}

// ---------------------------------------------------------------- media

fn media_json(state: &AppState, e: &MediaEntry, edit: bool) -> Value {
    let m = &e.media;
    let url = |file: &str| format!("{}/uploads/{file}", state.config.site_url);
    let base = |file: &str| file.rsplit('/').next().unwrap_or(file).to_owned();
    let mut sizes = Map::new();
    for (name, s) in &m.sizes {
        if name == "scaled" {
            continue;
        }
        let mut sources = Map::new();
        sources.insert(
            "image/jpeg".into(),
            json!({ "file": base(&s.file), "source_url": url(&s.file) }),
        );
        if let Some(w) = &s.webp {
            sources.insert(
                "image/webp".into(),
                json!({ "file": base(w), "source_url": url(w) }),
            );
        }
        sizes.insert(name.clone(), json!({
            "file": base(&s.file), "width": s.width, "height": s.height, "mime_type": s.mime, "source_url": url(&s.file), "sources": sources,
        }));
    }
    let scaled = m.sizes.get("scaled");
    let (full_file, full_w, full_h, full_mime) = match scaled {
        Some(s) => (s.file.as_str(), s.width, s.height, s.mime.as_str()),
        None => (m.file.as_str(), m.width, m.height, m.mime.as_str()),
    };
    sizes.insert("full".into(), json!({ "file": base(full_file), "width": full_w, "height": full_h, "mime_type": full_mime, "source_url": url(full_file) }));
    let mut details = json!({ "width": full_w, "height": full_h, "file": full_file, "sizes": sizes, "image_meta": {} });
    if scaled.is_some() {
        details["original_image"] = json!(base(&m.file));
    }
    let slug = laden_domain::text::slugify(&base(&m.file));
    let mut v = json!({
        "id": m.id,
        "date": iso(e.created_at),
        "date_gmt": iso(e.created_at),
        "guid": { "rendered": url(&m.file) },
        "modified": iso(e.updated_at.max(e.created_at)),
        "modified_gmt": iso(e.updated_at.max(e.created_at)),
        "slug": slug,
        "status": "inherit",
        "type": "attachment",
        "link": url(full_file),
        "title": text_field(esc(&m.title), &m.title, edit),
        "author": 0,
        "comment_status": "closed",
        "ping_status": "closed",
        "template": "",
        "meta": {},
        "description": { "rendered": "" },
        "caption": text_field(m.caption.clone(), &m.caption, edit),
        "alt_text": m.alt,
        "media_type": "image",
        "mime_type": m.mime,
        "media_details": details,
        "post": null,
        "source_url": url(full_file),
    });
    if edit {
        v["missing_image_sizes"] = json!(missing_sizes(m));
    }
    v
}

async fn list_media(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "upload_files")?;
    let (page, per_page) = params.pagination()?;
    let orderby = params.get("orderby").unwrap_or("date");
    if !["date", "id", "title", "modified"].contains(&orderby) {
        return Err(invalid(
            "orderby",
            tf(
                "%1$s is not one of %2$s.",
                &[&"orderby", &"date, id, title, modified"],
            ),
        ));
    }
    if let Some(mt) = params.get("media_type") {
        if !["image", "video", "text", "application", "audio"].contains(&mt) {
            return Err(invalid(
                "media_type",
                tf(
                    "%1$s is not one of %2$s.",
                    &[&"media_type", &"image, video, text, application, audio"],
                ),
            ));
        }
    }
    let (items, total) = if params.get("media_type").is_some_and(|m| m != "image") {
        (Vec::new(), 0)
    } else {
        state
            .store
            .list_media(
                page,
                per_page,
                params.get("search").filter(|s| !s.trim().is_empty()),
                orderby,
                order_desc(&params)?,
            )
            .await?
    };
    let pages_total = if total == 0 {
        0
    } else {
        (total + per_page - 1) / per_page
    };
    if page > pages_total.max(1) {
        return Err(invalid(
            "page",
            t("The page number requested is larger than the number of pages available."),
        ));
    }
    let body = Value::Array(items.iter().map(|e| media_json(&state, e, edit)).collect());
    Ok(paginated(
        &state,
        "/wp/v2/media",
        &params,
        page,
        per_page,
        total,
        body,
    ))
}

async fn get_media(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    let edit = context(&params, &who, "upload_files")?;
    let e = state.store.media_entry(id).await.map_err(not_found)?;
    Ok(Json(media_json(&state, &e, edit)).into_response())
}

async fn update_media(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("upload_files", "rest_cannot_edit")?;
    state.store.media_entry(id).await.map_err(not_found)?;
    let title = string_field(&body, "title")?;
    let alt = string_field(&body, "alt_text")?;
    let caption = string_field(&body, "caption")?;
    let e = state
        .store
        .update_media(id, title.as_deref(), alt.as_deref(), caption.as_deref())
        .await
        .map_err(not_found)?;
    Ok(Json(media_json(&state, &e, true)).into_response())
}

async fn delete_media(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    params: Params,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("upload_files", "rest_cannot_delete")?;
    let force = force(&params)?;
    state.store.media_entry(id).await.map_err(not_found)?;
    if !force {
        return Err(ApiError::TrashNotSupported);
    }
    let previous = state
        .store
        .delete_media(&state.config.uploads_dir, id)
        .await
        .map_err(not_found)?;
    Ok(
        Json(json!({ "deleted": true, "previous": media_json(&state, &previous, true) }))
            .into_response(),
    )
}

fn upload_error(e: StoreError) -> ApiError {
    match e {
        StoreError::Invalid(list) => ApiError::UploadInvalid {
            code: "rest_upload_sideload_error",
            message: list
                .into_iter()
                .map(|(_, m)| t(&m))
                .collect::<Vec<_>>()
                .join(" "),
        },
        other => other.into(),
    }
}

fn no_data() -> ApiError {
    ApiError::UploadInvalid {
        code: "rest_upload_no_data",
        message: t("No data supplied."),
    }
}

/// `filename` from a `Content-Disposition` value.
fn disposition_name(v: &str) -> Option<String> {
    v.split(';').map(str::trim).find_map(|part| {
        let (k, val) = part.split_once('=')?;
        (k.trim().eq_ignore_ascii_case("filename")).then(|| val.trim().trim_matches('"').to_owned())
    })
}

/// The uploaded file and its texts, from multipart or a raw body.
struct UploadIn {
    bytes: axum::body::Bytes,
    name: String,
    title: String,
    alt: String,
    caption: String,
}

async fn read_upload(state: &AppState, req: Request) -> ApiResult<UploadIn> {
    let limit = state.config.max_upload_bytes;
    // Refuse a declared oversize body before reading any of it.
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // Multipart framing adds a little; allow 64 KiB of it.
    let allowance = limit + 64 * 1024;
    if declared.is_some_and(|n| n > allowance as u64) {
        return Err(ApiError::UploadTooLarge);
    }
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let disposition = req
        .headers()
        .get(header::CONTENT_DISPOSITION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let (parts, body) = req.into_parts();
    // Read at most the allowance: a longer (chunked) body stops here, unbuffered.
    let bytes = axum::body::to_bytes(body, allowance)
        .await
        .map_err(|_| ApiError::UploadTooLarge)?;
    if content_type.starts_with("multipart/form-data") {
        let req = Request::from_parts(parts, Body::from(bytes));
        let mut mp = axum::extract::Multipart::from_request(req, state)
            .await
            .map_err(|_| no_data())?;
        let mut out = UploadIn {
            bytes: Default::default(),
            name: String::new(),
            title: String::new(),
            alt: String::new(),
            caption: String::new(),
        };
        let mut have_file = false;
        while let Some(field) = mp.next_field().await.map_err(|_| no_data())? {
            let name = field.name().unwrap_or("").to_owned();
            if let Some(file_name) = field.file_name().map(str::to_owned) {
                if have_file {
                    continue;
                }
                out.name = file_name;
                out.bytes = field.bytes().await.map_err(|_| no_data())?;
                have_file = true;
            } else {
                let text = field.text().await.map_err(|_| no_data())?;
                match name.as_str() {
                    "title" => out.title = text,
                    "alt_text" => out.alt = text,
                    "caption" => out.caption = text,
                    _ => {}
                }
            }
        }
        if !have_file || out.bytes.is_empty() {
            return Err(ApiError::UploadInvalid {
                code: "rest_upload_no_data",
                message: t("No data supplied."),
            });
        }
        if out.bytes.len() > limit {
            return Err(ApiError::UploadTooLarge);
        }
        return Ok(out);
    }
    if bytes.is_empty() {
        return Err(no_data());
    }
    if bytes.len() > limit {
        return Err(ApiError::UploadTooLarge);
    }
    let name = disposition
        .as_deref()
        .and_then(disposition_name)
        .filter(|n| !n.is_empty())
        .ok_or(ApiError::UploadInvalid {
            code: "rest_upload_no_content_disposition",
            message: t("No Content-Disposition supplied."),
        })?;
    Ok(UploadIn {
        bytes,
        name,
        title: String::new(),
        alt: String::new(),
        caption: String::new(),
    })
}

fn attachment_header(res: &mut Response, id: i64) {
    res.headers_mut()
        .insert("x-wp-upload-attachment-id", HeaderValue::from(id));
}

/// Makes the missing sub-sizes; the test hook can make it fail.
async fn subsizes(state: &AppState, id: i64) -> Result<MediaEntry, ApiError> {
    if state.take_subsize_failure() {
        tracing::warn!(media = id, "sub-size creation failed (test hook)");
        return Err(ApiError::SubsizesFailed);
    }
    state
        .store
        .make_subsizes(&state.config.uploads_dir, id)
        .await
        .map_err(|e| {
            tracing::error!(media = id, error = %e, "sub-size creation failed");
            ApiError::SubsizesFailed
        })
}

async fn upload(State(state): State<AppState>, who: Identity, req: Request) -> ApiResult<Response> {
    who.require("upload_files", "rest_cannot_create")?;
    let input = read_upload(&state, req).await?;
    let folder = crate::dates::iso(crate::dates::now())
        .get(..7)
        .unwrap_or("media")
        .replace('-', "/");
    let entry = state
        .store
        .store_original(
            &state.config.uploads_dir,
            &input.bytes,
            &input.name,
            &folder,
            &input.title,
            &input.alt,
            &input.caption,
            state.config.max_upload_bytes,
        )
        .await
        .map_err(upload_error)?;
    let id = entry.media.id;
    let mut res = match subsizes(&state, id).await {
        Ok(done) => {
            let location = format!("{}/wp-json/wp/v2/media/{id}", state.config.site_url);
            (
                StatusCode::CREATED,
                [(header::LOCATION, location)],
                Json(media_json(&state, &done, true)),
            )
                .into_response()
        }
        Err(e) => e.into_response(),
    };
    attachment_header(&mut res, id);
    Ok(res)
}

async fn post_process(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    let id = id_of(&id)?;
    who.require("upload_files", "rest_cannot_edit")?;
    if body.get("action").and_then(Value::as_str) != Some("create-image-subsizes") {
        return Err(invalid(
            "action",
            tf(
                "%1$s is not one of %2$s.",
                &[&"action", &"create-image-subsizes"],
            ),
        ));
    }
    state.store.media_entry(id).await.map_err(not_found)?;
    let done = subsizes(&state, id).await?;
    Ok(Json(media_json(&state, &done, true)).into_response())
}

// ---------------------------------------------------------------- users, settings

async fn users_me(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let Some(user) = &who.user else {
        return Err(ApiError::NotLoggedIn);
    };
    let edit = match params.get("context").unwrap_or("view") {
        "view" | "embed" => false,
        "edit" => true,
        _ => {
            return Err(invalid(
                "context",
                tf(
                    "%1$s is not one of %2$s.",
                    &[&"context", &"view, embed, edit"],
                ),
            ))
        }
    };
    Ok(Json(user_json(&state, user, edit)).into_response())
}

fn user_json(state: &AppState, user: &laden_store::User, edit: bool) -> Value {
    let mut v = json!({
        "id": user.id,
        "name": user.display_name,
        "url": "",
        "description": "",
        "link": format!("{}/mein-konto/", state.config.site_url),
        "slug": laden_domain::text::slugify(&user.login),
        "avatar_urls": {},
        "meta": [],
    });
    if edit {
        let caps: Map<String, Value> = capabilities(&user.role)
            .iter()
            .map(|c| ((*c).to_owned(), json!(true)))
            .chain([(user.role.clone(), json!(true))])
            .collect();
        v["username"] = json!(user.login);
        v["email"] = json!(user.email);
        v["first_name"] = json!("");
        v["last_name"] = json!("");
        v["nickname"] = json!(user.login);
        v["locale"] = json!("de_DE");
        v["registered_date"] = json!(format!("{}+00:00", iso(user.created_at)));
        v["roles"] = json!([user.role]);
        v["capabilities"] = Value::Object(caps);
        v["extra_capabilities"] = json!({ user.role.clone(): true });
    }
    v
}

/// `POST /wp/v2/users`: an administrator creates an account (staff or customer).
async fn create_user(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("create_users", "rest_cannot_create_user")?;
    let text = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    };
    let (login, email, password) = (
        text("username"),
        text("email"),
        body.get("password")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
    );
    let role = match body.get("roles") {
        None | Some(Value::Null) => "customer".to_owned(),
        Some(Value::Array(list)) if list.len() == 1 => {
            list[0].as_str().unwrap_or_default().to_owned()
        }
        Some(_) => String::new(),
    };
    let mut problems = Vec::new();
    if login.is_empty() || login.len() > 60 || login.chars().any(|c| c.is_control()) {
        problems.push((
            "username".to_owned(),
            t("Please enter a user name (at most 60 characters)."),
        ));
    }
    if laden_domain::Email::parse(&email).is_none() {
        problems.push(("email".to_owned(), t("Please enter a valid email address.")));
    }
    if password.chars().count() < 12 {
        problems.push((
            "password".to_owned(),
            t("The password needs at least 12 characters."),
        ));
    }
    if !laden_store::ROLES.contains(&role.as_str()) {
        problems.push((
            "roles".to_owned(),
            tf(
                "%1$s is not one of %2$s.",
                &[&"roles", &laden_store::ROLES.join(", ")],
            ),
        ));
    }
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    let user = state
        .store
        .create_user(&login, &email, &password, &role)
        .await
        .map_err(|e| match e {
            laden_store::StoreError::Conflict(_) => ApiError::Coded {
                status: StatusCode::BAD_REQUEST,
                code: "existing_user_login",
                message: t("Sorry, that username or email address is already used."),
            },
            other => other.into(),
        })?;
    Ok((StatusCode::CREATED, Json(user_json(&state, &user, true))).into_response())
}

fn settings_json(state: &AppState, s: &laden_store::SiteSettings) -> Value {
    let mut wp = json!({
        "title": s.site.name,
        "description": s.site.description,
        "url": state.config.site_url,
        "email": "",
        "timezone": "Europe/Berlin",
        "date_format": "j. F Y",
        "time_format": "H:i",
        "start_of_week": 1,
        "language": "de_DE",
        "use_smilies": false,
        "default_category": 0,
        "default_post_format": "0",
        "posts_per_page": 10,
        "show_on_front": "page",
        "page_on_front": 0,
        "page_for_posts": 0,
        "default_ping_status": "closed",
        "default_comment_status": "closed",
        "site_logo": null,
        "site_icon": 0,
    });
    // Laden's own settings, as plugins register theirs with show_in_rest.
    let laden = json!({
        "laden_shop_lightbox": s.shop.lightbox,
        "laden_gallery_vertical": s.shop.gallery_vertical,
        "laden_header_cart_link": s.header.cart_link,
        "laden_quantity_field": s.theme.quantity_field,
        "laden_quantity_step_max": s.theme.quantity_step_max,
        "laden_smooth_scroll": s.theme.smooth_scroll,
        "laden_fixed_footer": s.theme.fixed_footer,
        "laden_header_breakpoint": s.header.breakpoint,
        "laden_header_template": s.header.template,
        "laden_header_sticky_template": s.header.sticky_template,
        "laden_header_behavior": s.header.behavior,
        "laden_header_position": s.header.position,
        "laden_header_offset": s.header.offset,
        "laden_header_overlap": s.header.overlap,
        "laden_header_behavior_tablet": s.header.behavior_tablet,
        "laden_header_behavior_mobile": s.header.behavior_mobile,
        "laden_tracking_allow": s.tracking.allow_tracking,
        "laden_tracking_needs_marketing_consent": s.tracking.needs_marketing_consent,
        "laden_analytics_script": s.tracking.analytics_script,
        "laden_analytics_snippet": s.tracking.analytics_snippet,
        "laden_tracking_promo": s.tracking.promo,
        "laden_tracking_campaign_param": s.tracking.campaign_param,
        "laden_tracking_term_param": s.tracking.term_param,
        "laden_tracking_content_param": s.tracking.content_param,
    });
    // Shop settings (a second object: json! has a recursion limit).
    let shop = json!({
        "laden_sticky_summary": s.shop.sticky_summary,
        "laden_shipping_flat": laden_domain::Money::from_cents(s.shop.shipping_flat_cents).to_decimal_string(),
        "laden_shipping_free_from": s.shop.free_shipping_from_cents.map(|c| laden_domain::Money::from_cents(c).to_decimal_string()),
        "laden_low_stock_amount": s.shop.low_stock_amount,
        "laden_delivery_time": s.shop.delivery_time,
        "laden_page_shipping": s.shop.shipping_page,
        "laden_page_terms": s.shop.terms_page,
        "laden_page_revocation": s.shop.revocation_page,
        "laden_page_privacy": s.shop.privacy_page,
        "laden_page_imprint": s.shop.imprint_page,
        "laden_page_payments": s.shop.payments_page,
        "laden_small_business": s.shop.small_business,
        "laden_guest_checkout": s.shop.guest_checkout,
        "laden_order_button_text": s.shop.order_button_text,
        "laden_checkbox_parcel_delivery": s.shop.checkbox_parcel_delivery,
        "laden_checkbox_digital_waiver": s.shop.checkbox_digital_waiver,
        "laden_shop_email": s.shop.email,
        "laden_bank_account_holder": s.shop.bank_account_holder,
        "laden_bank_name": s.shop.bank_name,
        "laden_bank_iban": s.shop.bank_iban,
        "laden_bank_bic": s.shop.bank_bic,
        "laden_shop_address": s.shop.address,
        "laden_shop_vat_id": s.shop.vat_id,
        "laden_payment_methods": s.shop.payment_methods,
        "laden_shipping_zones": s.shop.shipping_zones.iter().map(|z| json!({
            "name": z.name,
            "countries": z.countries,
            "cost": laden_domain::Money::from_cents(z.flat_cents).to_decimal_string(),
            "free_from": z.free_from_cents.map(|c| laden_domain::Money::from_cents(c).to_decimal_string()),
        })).collect::<Vec<_>>(),
    });
    for own in [laden, shop] {
        if let (Value::Object(all), Value::Object(own)) = (&mut wp, own) {
            all.extend(own);
        }
    }
    wp
}

async fn get_settings(State(state): State<AppState>, who: Identity) -> ApiResult<Response> {
    who.require("manage_options", "rest_forbidden")?;
    let s = state.store.settings().await?;
    Ok(Json(settings_json(&state, &s)).into_response())
}

async fn update_settings(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("manage_options", "rest_forbidden")?;
    let mut s = state.store.settings().await?;
    if let Some(title) = string_field(&body, "title")? {
        s.site.name = title.trim().to_owned();
    }
    if let Some(d) = string_field(&body, "description")? {
        s.site.description = d.trim().to_owned();
    }
    for (name, target) in [
        ("laden_shop_lightbox", &mut s.shop.lightbox),
        ("laden_gallery_vertical", &mut s.shop.gallery_vertical),
        (
            "laden_header_behavior_tablet",
            &mut s.header.behavior_tablet,
        ),
        (
            "laden_header_behavior_mobile",
            &mut s.header.behavior_mobile,
        ),
        ("laden_fixed_footer", &mut s.theme.fixed_footer),
        ("laden_tracking_allow", &mut s.tracking.allow_tracking),
        (
            "laden_tracking_needs_marketing_consent",
            &mut s.tracking.needs_marketing_consent,
        ),
        ("laden_tracking_promo", &mut s.tracking.promo),
        ("laden_sticky_summary", &mut s.shop.sticky_summary),
        ("laden_small_business", &mut s.shop.small_business),
        ("laden_guest_checkout", &mut s.shop.guest_checkout),
        (
            "laden_checkbox_parcel_delivery",
            &mut s.shop.checkbox_parcel_delivery,
        ),
        (
            "laden_checkbox_digital_waiver",
            &mut s.shop.checkbox_digital_waiver,
        ),
    ] {
        if let Some(b) = bool_field(&body, name)? {
            *target = b;
        }
    }
    if let Some(link) = string_field(&body, "laden_header_cart_link")? {
        let link = link.trim();
        let on_site = link.starts_with('/') && !link.starts_with("//");
        if link != "#" && !on_site {
            return Err(invalid(
                "laden_header_cart_link",
                t("The cart link must be # or a path on this site."),
            ));
        }
        s.header.cart_link = link.to_owned();
    }
    for (name, target) in [
        (
            "laden_tracking_campaign_param",
            &mut s.tracking.campaign_param,
        ),
        ("laden_tracking_term_param", &mut s.tracking.term_param),
        (
            "laden_tracking_content_param",
            &mut s.tracking.content_param,
        ),
    ] {
        if let Some(v) = string_field(&body, name)? {
            let v = v.trim();
            if v.len() > 40
                || !v
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                return Err(invalid(
                    name,
                    t("Only letters, digits, - and _ are allowed (at most 40)."),
                ));
            }
            *target = v.to_owned();
        }
    }
    // Code on every page, as WordPress lets only `unfiltered_html` users add it.
    if let Some(code) = string_field(&body, "laden_analytics_snippet")? {
        who.require("unfiltered_html", "rest_forbidden")?;
        if code.chars().count() > 10_000 || code.to_ascii_lowercase().contains("</script") {
            return Err(invalid(
                "laden_analytics_snippet",
                t("The snippet must be JavaScript of at most 10,000 characters."),
            ));
        }
        s.tracking.analytics_snippet = code.trim().to_owned();
    }
    if let Some(src) = string_field(&body, "laden_analytics_script")? {
        let src = src.trim();
        let ok = src.is_empty()
            || (src.starts_with('/') && !src.starts_with("//"))
            || src.starts_with("https://");
        if !ok
            || src
                .chars()
                .any(|c| c.is_whitespace() || c == '"' || c == '<')
        {
            return Err(invalid(
                "laden_analytics_script",
                t("The analytics script must be a path on this site or an https address."),
            ));
        }
        s.tracking.analytics_script = src.to_owned();
    }
    for (name, target, allowed) in [
        (
            "laden_header_behavior",
            &mut s.header.behavior,
            &["", "fixed", "sticky"][..],
        ),
        (
            "laden_header_position",
            &mut s.header.position,
            &["top", "bottom"][..],
        ),
        (
            "laden_header_template",
            &mut s.header.template,
            HEADER_TEMPLATES,
        ),
        (
            "laden_header_sticky_template",
            &mut s.header.sticky_template,
            &["", "default", "centered", "compact"][..],
        ),
    ] {
        if let Some(v) = string_field(&body, name)? {
            if !allowed.contains(&v.as_str()) {
                return Err(invalid(
                    name,
                    tf("%1$s is not one of %2$s.", &[&name, &allowed.join(", ")]),
                ));
            }
            *target = v;
        }
    }
    if let Some(v) = string_field(&body, "laden_header_overlap")? {
        let devices: Vec<&str> = v.split([' ', ',']).filter(|d| !d.is_empty()).collect();
        if devices
            .iter()
            .any(|d| !["desktop", "tablet", "mobile"].contains(d))
        {
            return Err(invalid(
                "laden_header_overlap",
                tf(
                    "%1$s is not one of %2$s.",
                    &[&"laden_header_overlap", &"desktop, tablet, mobile"],
                ),
            ));
        }
        s.header.overlap = devices.join(" ");
    }
    for (name, target, max) in [
        ("laden_header_breakpoint", &mut s.header.breakpoint, 4000),
        ("laden_header_offset", &mut s.header.offset, 10_000),
    ] {
        match body.get(name) {
            None | Some(Value::Null) => {}
            Some(v) => match v.as_i64() {
                Some(n) if (0..=max).contains(&n) => *target = n,
                _ => {
                    return Err(invalid(
                        name,
                        tf(
                            "%1$s must be between %2$d and %3$d (inclusive).",
                            &[&name, &0, &max],
                        ),
                    ))
                }
            },
        }
    }
    // Unset (null) means the theme's default smooth behaviour.
    match body.get("laden_smooth_scroll") {
        None => {}
        Some(Value::Null) => s.theme.smooth_scroll = None,
        Some(Value::Bool(b)) => s.theme.smooth_scroll = Some(*b),
        Some(_) => {
            return Err(invalid(
                "laden_smooth_scroll",
                tf("%s is not of type boolean.", &[&"laden_smooth_scroll"]),
            ))
        }
    }
    // The theme's quantity-field switch: "1" or "0"; null unsets it (the spinner is then on).
    match body.get("laden_quantity_field") {
        None => {}
        Some(Value::Null) => s.theme.quantity_field = None,
        Some(Value::String(v)) if v == "1" || v == "0" => s.theme.quantity_field = Some(v.clone()),
        Some(_) => {
            return Err(invalid(
                "laden_quantity_field",
                tf(
                    "%1$s is not one of %2$s.",
                    &[&"laden_quantity_field", &"1, 0"],
                ),
            ))
        }
    }
    match body.get("laden_quantity_step_max") {
        None => {}
        Some(Value::Null) => s.theme.quantity_step_max = None,
        Some(v) => match v.as_f64() {
            Some(n) if (1.0..=1_000_000.0).contains(&n) => s.theme.quantity_step_max = Some(n),
            _ => {
                return Err(invalid(
                    "laden_quantity_step_max",
                    tf(
                        "%1$s must be between %2$d and %3$d (inclusive).",
                        &[&"laden_quantity_step_max", &1, &1_000_000],
                    ),
                ))
            }
        },
    }
    // Shipping: a flat rate, and free shipping from an order value (null: never free).
    let price = |name: &str, v: &Value| -> ApiResult<i64> {
        let text = match v {
            Value::String(t) => t.trim().to_owned(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        match laden_domain::Money::parse_decimal(&text) {
            Some(m) if (0..=100_000_000).contains(&m.cents()) => Ok(m.cents()),
            _ => Err(invalid(
                name,
                tf("%s must be a price such as 12.50.", &[&name]),
            )),
        }
    };
    if let Some(v) = body.get("laden_shipping_flat").filter(|v| !v.is_null()) {
        s.shop.shipping_flat_cents = price("laden_shipping_flat", v)?;
    }
    match body.get("laden_shipping_free_from") {
        None => {}
        Some(Value::Null) => s.shop.free_shipping_from_cents = None,
        Some(Value::String(t)) if t.trim().is_empty() => s.shop.free_shipping_from_cents = None,
        Some(v) => s.shop.free_shipping_from_cents = Some(price("laden_shipping_free_from", v)?),
    }
    match body.get("laden_low_stock_amount") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_i64() {
            Some(n) if (0..=1_000_000).contains(&n) => s.shop.low_stock_amount = n,
            _ => {
                return Err(invalid(
                    "laden_low_stock_amount",
                    tf(
                        "%1$s must be between %2$d and %3$d (inclusive).",
                        &[&"laden_low_stock_amount", &0, &1_000_000],
                    ),
                ))
            }
        },
    }
    // Legal pages by slug; each must be a published page.
    for (name, target) in [
        ("laden_page_shipping", &mut s.shop.shipping_page),
        ("laden_page_terms", &mut s.shop.terms_page),
        ("laden_page_revocation", &mut s.shop.revocation_page),
        ("laden_page_privacy", &mut s.shop.privacy_page),
        ("laden_page_imprint", &mut s.shop.imprint_page),
        ("laden_page_payments", &mut s.shop.payments_page),
    ] {
        if let Some(slug) = string_field(&body, name)? {
            let slug = slug.trim().trim_matches('/').to_owned();
            if slug.is_empty() && name == "laden_page_payments" {
                // Optional: the shipping page may cover payment too.
                target.clear();
            } else if state
                .store
                .page_by_slug(&slug)
                .await
                .map(|p| p.status == "publish")
                .unwrap_or(false)
            {
                *target = slug;
            } else {
                return Err(invalid(
                    name,
                    t("There is no published page with this address."),
                ));
            }
        }
    }
    if let Some(d) = string_field(&body, "laden_delivery_time")? {
        match laden_store::clean_delivery_time(&d) {
            Some(d) if !d.is_empty() => s.shop.delivery_time = d,
            _ => {
                return Err(invalid(
                    "laden_delivery_time",
                    t("Please enter a delivery time of at most 100 characters."),
                ))
            }
        }
    }
    if let Some(text) = string_field(&body, "laden_order_button_text")? {
        let text = text.trim();
        if text.is_empty()
            || text.chars().count() > laden_store::MAX_ORDER_BUTTON_TEXT
            || text.chars().any(char::is_control)
        {
            return Err(invalid("laden_order_button_text", t("Please enter the button's text (at most 60 characters), e.g. \"Zahlungspflichtig bestellen\".")));
        }
        s.shop.order_button_text = text.to_owned();
    }
    if let Some(email) = string_field(&body, "laden_shop_email")? {
        let email = email.trim();
        if !email.is_empty() && laden_domain::Email::parse(email).is_none() {
            return Err(invalid(
                "laden_shop_email",
                t("Please enter a valid email address."),
            ));
        }
        s.shop.email = email.to_owned();
    }
    for (name, target, max) in [
        (
            "laden_bank_account_holder",
            &mut s.shop.bank_account_holder,
            100,
        ),
        ("laden_bank_name", &mut s.shop.bank_name, 100),
    ] {
        if let Some(v) = string_field(&body, name)? {
            if v.chars().count() > max || v.chars().any(char::is_control) {
                return Err(invalid(name, t("The text is too long.")));
            }
            *target = v.trim().to_owned();
        }
    }
    if let Some(iban) = string_field(&body, "laden_bank_iban")? {
        let iban: String = iban
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        if !iban.is_empty() && !laden_domain::iban_valid(&iban) {
            return Err(invalid("laden_bank_iban", t("Please enter a valid IBAN.")));
        }
        s.shop.bank_iban = laden_domain::iban_grouped(&iban);
    }
    if let Some(bic) = string_field(&body, "laden_bank_bic")? {
        let bic: String = bic
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        if !bic.is_empty() && !laden_domain::bic_valid(&bic) {
            return Err(invalid("laden_bank_bic", t("Please enter a valid BIC.")));
        }
        s.shop.bank_bic = bic;
    }
    if let Some(address) = string_field(&body, "laden_shop_address")? {
        if address.chars().count() > 500 {
            return Err(invalid(
                "laden_shop_address",
                t("The address may have at most 500 characters."),
            ));
        }
        s.shop.address = address.trim().to_owned();
    }
    if let Some(vat) = string_field(&body, "laden_shop_vat_id")? {
        let vat: String = vat
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        let ok = vat.is_empty()
            || (vat.len() >= 4
                && vat.len() <= 14
                && vat[..2].chars().all(|c| c.is_ascii_uppercase())
                && vat[2..].chars().all(|c| c.is_ascii_alphanumeric()));
        let german = !vat.starts_with("DE")
            || (vat.len() == 11 && vat[2..].chars().all(|c| c.is_ascii_digit()));
        if !ok || !german {
            return Err(invalid(
                "laden_shop_vat_id",
                t("Please enter a VAT ID such as DE123456789."),
            ));
        }
        s.shop.vat_id = vat;
    }
    match body.get("laden_payment_methods") {
        None | Some(Value::Null) => {}
        Some(Value::Array(list)) => {
            let methods: Option<Vec<String>> = list
                .iter()
                .map(|v| {
                    v.as_str()
                        .filter(|m| laden_store::PAYMENT_METHODS.contains(m))
                        .map(str::to_owned)
                })
                .collect();
            match methods {
                Some(m) if !m.is_empty() => {
                    let mut unique: Vec<String> = Vec::new();
                    for method in m {
                        if !unique.contains(&method) {
                            unique.push(method);
                        }
                    }
                    s.shop.payment_methods = unique;
                }
                _ => return Err(invalid(
                    "laden_payment_methods",
                    t("Please offer at least one of the payment methods bacs, invoice and cod."),
                )),
            }
        }
        Some(_) => {
            return Err(invalid(
                "laden_payment_methods",
                tf("%s is not of type array.", &[&"laden_payment_methods"]),
            ))
        }
    }
    match body.get("laden_shipping_zones") {
        None | Some(Value::Null) => {}
        Some(v) => s.shop.shipping_zones = shipping_zones(v)?,
    }
    state.store.save_settings(&s).await?;
    Ok(Json(settings_json(&state, &s)).into_response())
}

/// `laden_shipping_zones`: `[{name, countries, cost, free_from}]`, prices as
/// decimal text ("4.90"), `free_from` null or empty for never free. Every
/// problem is named by its path (`laden_shipping_zones.1.countries`).
fn shipping_zones(v: &Value) -> ApiResult<Vec<laden_store::ShippingZone>> {
    let invalid_at = |path: String, msg: String| {
        ApiError::InvalidParams(vec![(format!("laden_shipping_zones{path}"), msg)])
    };
    let Value::Array(list) = v else {
        return Err(invalid_at(
            String::new(),
            tf("%s is not of type array.", &[&"laden_shipping_zones"]),
        ));
    };
    let price = |i: usize, field: &str, v: Option<&Value>| -> ApiResult<Option<i64>> {
        let text = match v {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(t)) if t.trim().is_empty() => return Ok(None),
            Some(Value::String(t)) => t.trim().to_owned(),
            Some(Value::Number(n)) => n.to_string(),
            Some(_) => String::new(),
        };
        laden_domain::Money::parse_decimal(&text)
            .map(|m| Some(m.cents()))
            .ok_or_else(|| {
                invalid_at(
                    format!(".{i}.{field}"),
                    t("Please enter a price such as 12,90."),
                )
            })
    };
    let mut zones = Vec::with_capacity(list.len());
    for (i, z) in list.iter().enumerate() {
        let Value::Object(_) = z else {
            return Err(invalid_at(
                format!(".{i}"),
                tf(
                    "%s is not of type object.",
                    &[&format!("laden_shipping_zones.{i}")],
                ),
            ));
        };
        let name = z
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned();
        let countries = match z.get("countries") {
            Some(Value::Array(c)) => c
                .iter()
                .map(|c| c.as_str().map(|c| c.trim().to_uppercase()))
                .collect::<Option<Vec<_>>>(),
            _ => None,
        }
        .ok_or_else(|| {
            invalid_at(
                format!(".{i}.countries"),
                t("Please choose at least one country."),
            )
        })?;
        let flat_cents = price(i, "cost", z.get("cost"))?.ok_or_else(|| {
            invalid_at(
                format!(".{i}.cost"),
                t("Please enter a price such as 12,90."),
            )
        })?;
        let free_from_cents = price(i, "free_from", z.get("free_from"))?;
        zones.push(laden_store::ShippingZone {
            name,
            countries,
            flat_cents,
            free_from_cents,
        });
    }
    let problems = laden_store::shipping_zone_problems(&zones);
    if problems.is_empty() {
        Ok(zones)
    } else {
        Err(ApiError::InvalidParams(
            problems
                .into_iter()
                .map(|(path, msg)| {
                    (
                        if path.is_empty() {
                            "laden_shipping_zones".to_owned()
                        } else {
                            format!("laden_shipping_zones.{path}")
                        },
                        t(&msg),
                    )
                })
                .collect(),
        ))
    }
}
