//! `wp/v2/pages` and their revisions: page-builder layouts as WordPress pages.

use super::*;

// ---------------------------------------------------------------- pages

/// A plain HTML rendition of page-builder content for REST clients (the
/// storefront itself renders pages with its React widgets).
pub(super) fn render_content(content: &Value) -> String {
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

pub(super) fn page_json(state: &AppState, p: &Page, edit: bool) -> WpPage {
    let link = if p.status == "publish" {
        format!("{}/{}/", state.config.site_url, p.slug)
    } else {
        format!("{}/?page_id={}", state.config.site_url, p.id)
    };
    WpPage {
        id: p.id,
        date: german_iso(p.created_at),
        date_gmt: iso(p.created_at),
        guid: WpRendered {
            rendered: format!("{}/?page_id={}", state.config.site_url, p.id),
        },
        modified: german_iso(p.updated_at),
        modified_gmt: iso(p.updated_at),
        slug: p.slug.clone(),
        status: p.status.clone(),
        kind: "page",
        link,
        title: WpField::new(esc(&p.title), &p.title, edit),
        content: WpContent {
            rendered: render_content(&p.content),
            protected: false,
            raw: edit.then(|| p.content.to_string()),
        },
        excerpt: WpContent {
            rendered: p.excerpt.clone(),
            protected: false,
            raw: edit.then(|| p.excerpt.clone()),
        },
        author: 0,
        parent: 0,
        menu_order: 0,
        comment_status: "closed",
        ping_status: "closed",
        template: "",
        meta: Empty {},
        laden_layout: edit.then(|| p.content.clone()),
        laden_revision: edit.then_some(p.revision),
    }
}

pub(super) fn revision_json(r: &laden_store::PageRevision, edit: bool) -> WpRevision {
    WpRevision {
        id: r.id,
        parent: r.page_id,
        author: r.author_id.unwrap_or(0),
        date: german_iso(r.created_at),
        date_gmt: iso(r.created_at),
        modified: german_iso(r.created_at),
        modified_gmt: iso(r.created_at),
        slug: format!("{}-revision-v1", r.page_id),
        title: WpField::new(esc(&r.title), &r.title, edit),
        content: WpContent {
            rendered: render_content(&r.content),
            protected: false,
            raw: edit.then(|| r.content.to_string()),
        },
        laden_revision: r.revision,
        laden_status: r.status.clone(),
        laden_layout: edit.then(|| r.content.clone()),
    }
}

/// `wp/v2/pages/{id}/revisions`: a page's saved states, newest first (editors only).
pub(super) async fn list_revisions(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    params: Params,
) -> ApiResult<Response> {
    who.require("edit_pages", "rest_cannot_read")?;
    state.store.page(id).await.map_err(not_found)?;
    let edit = context(&params, &who, "edit_pages")?;
    let paging @ Paging { page, per_page } = params.pagination()?;
    let (list, total) = state.store.page_revisions(id, page, per_page).await?;
    let body: Vec<WpRevision> = list.iter().map(|r| revision_json(r, edit)).collect();
    Ok(paging.answer(
        &state,
        &format!("/wp/v2/pages/{id}/revisions"),
        &params,
        total,
        body,
    ))
}

pub(super) async fn get_revision(
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

pub(super) fn page_query(params: &Params, who: &Identity) -> ApiResult<PageQuery> {
    let Paging { page, per_page } = params.pagination()?;
    let order = match params.get("orderby") {
        None => PageOrder::Date,
        Some(o) => PageOrder::parse(o).ok_or_else(|| {
            ApiError::param(
                "orderby",
                crate::extract::not_one_of("orderby", PageOrder::NAMES),
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
                    return Err(ApiError::param(
                        "status",
                        crate::extract::not_one_of("status", "publish, draft, private, trash, any"),
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

pub(super) async fn list_pages(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "edit_pages")?;
    let q = page_query(&params, &who)?;
    let (pages, total) = state.store.list_pages(&q).await?;
    let paging = Paging {
        page: q.page,
        per_page: q.per_page,
    };
    paging.within(total)?;
    let body: Vec<WpPage> = pages.iter().map(|p| page_json(&state, p, edit)).collect();
    Ok(paging.answer(&state, "/wp/v2/pages", &params, total, body))
}

pub(super) async fn get_page(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "edit_pages")?;
    let page = state.store.page(id).await.map_err(not_found)?;
    if page.status != "publish" {
        who.require("edit_pages", "rest_forbidden")?;
    }
    Ok(Json(page_json(&state, &page, edit)).into_response())
}

/// The page-builder document from a request: `laden_layout` (the editor's
/// JSON), else `content` as a string or `{raw}` holding either that JSON or HTML.
pub(super) fn content_from(body: &Value) -> ApiResult<Option<Value>> {
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
                return Err(ApiError::param(
                    "content",
                    tf("%s is not of type string.", &[&"content"]),
                ))
            }
        },
        Some(_) => {
            return Err(ApiError::param(
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

pub(super) fn page_change(body: &Value) -> ApiResult<PageChange> {
    let status = string_field(body, "status")?;
    if let Some(s) = &status {
        if !PAGE_STATUSES.contains(&s.as_str()) || s == "trash" {
            return Err(ApiError::param(
                "status",
                crate::extract::not_one_of("status", "publish, draft, private"),
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

pub(super) async fn create_page(
    State(state): State<AppState>,
    who: Identity,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("edit_pages", "rest_cannot_create")?;
    if body.get("id").is_some() {
        return Err(ApiError::param("id", t("Cannot create existing post.")));
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

pub(super) async fn update_page(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("edit_pages", "rest_cannot_edit")?;
    state.store.page(id).await.map_err(not_found)?;
    let expected = match body.get("laden_revision") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_i64().filter(|n| *n > 0).ok_or_else(|| {
            ApiError::param(
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

pub(super) async fn delete_page(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    params: Params,
) -> ApiResult<Response> {
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
