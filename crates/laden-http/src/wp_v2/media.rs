//! `wp/v2/media`: the media library, uploads with their sub-sizes, and the post-processing retry.

use super::*;
use crate::extract::ParamCheck;

pub(super) fn media_json(state: &AppState, e: &MediaEntry, edit: bool) -> WpMedia {
    let m = &e.media;
    let url = |file: &str| format!("{}/uploads/{file}", state.config.site_url);
    let base = |file: &str| file.rsplit('/').next().unwrap_or(file).to_owned();
    let source = |file: &str| WpSource {
        file: base(file),
        source_url: url(file),
    };
    let mut sizes: BTreeMap<String, WpMediaSize> = m
        .sizes
        .iter()
        .filter(|(name, _)| *name != "scaled")
        .map(|(name, s)| {
            let mut sources = BTreeMap::from([("image/jpeg".to_owned(), source(&s.file))]);
            if let Some(w) = &s.webp {
                sources.insert("image/webp".to_owned(), source(w));
            }
            let size = WpMediaSize {
                file: base(&s.file),
                width: s.width,
                height: s.height,
                mime_type: s.mime.clone(),
                source_url: url(&s.file),
                sources: Some(sources),
            };
            (name.clone(), size)
        })
        .collect();
    let scaled = m.sizes.get("scaled");
    let (full_file, full_w, full_h, full_mime) = match scaled {
        Some(s) => (s.file.as_str(), s.width, s.height, s.mime.as_str()),
        None => (m.file.as_str(), m.width, m.height, m.mime.as_str()),
    };
    sizes.insert(
        "full".into(),
        WpMediaSize {
            file: base(full_file),
            width: full_w,
            height: full_h,
            mime_type: full_mime.to_owned(),
            source_url: url(full_file),
            sources: None,
        },
    );
    let modified = e.updated_at.max(e.created_at);
    WpMedia {
        id: m.id,
        date: german_iso(e.created_at),
        date_gmt: iso(e.created_at),
        guid: WpRendered {
            rendered: url(&m.file),
        },
        modified: german_iso(modified),
        modified_gmt: iso(modified),
        slug: laden_domain::text::slugify(&base(&m.file)),
        status: "inherit",
        kind: "attachment",
        link: url(full_file),
        title: WpField::new(esc(&m.title), &m.title, edit),
        author: 0,
        comment_status: "closed",
        ping_status: "closed",
        template: "",
        meta: Empty {},
        description: WpRendered {
            rendered: String::new(),
        },
        caption: WpField::new(m.caption.clone(), &m.caption, edit),
        alt_text: m.alt.clone(),
        media_type: "image",
        mime_type: m.mime.clone(),
        media_details: WpMediaDetails {
            width: full_w,
            height: full_h,
            file: full_file.to_owned(),
            sizes,
            image_meta: Empty {},
            original_image: scaled.map(|_| base(&m.file)),
        },
        post: None,
        source_url: url(full_file),
        missing_image_sizes: edit
            .then(|| missing_sizes(m).into_iter().map(str::to_owned).collect()),
    }
}

pub(super) async fn list_media(
    State(state): State<AppState>,
    who: Identity,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "upload_files")?;
    let paging @ Paging { page, per_page } = params.pagination()?;
    let mut check = ParamCheck::new(&params);
    let orderby = check.one_of("orderby", &["date", "id", "title", "modified"]);
    let media_type = check.one_of(
        "media_type",
        &["image", "video", "text", "application", "audio"],
    );
    check.finish()?;
    let (items, total) = if media_type.is_some_and(|m| m != "image") {
        (Vec::new(), 0)
    } else {
        state
            .store
            .list_media(
                page,
                per_page,
                params.get("search").filter(|s| !s.trim().is_empty()),
                orderby.as_deref().unwrap_or("date"),
                order_desc(&params)?,
            )
            .await?
    };
    paging.within(total)?;
    let body: Vec<WpMedia> = items.iter().map(|e| media_json(&state, e, edit)).collect();
    Ok(paging.answer(&state, "/wp/v2/media", &params, total, body))
}

pub(super) async fn get_media(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    params: Params,
) -> ApiResult<Response> {
    let edit = context(&params, &who, "upload_files")?;
    let e = state.store.media_entry(id).await.map_err(not_found)?;
    Ok(Json(media_json(&state, &e, edit)).into_response())
}

pub(super) async fn update_media(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
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

pub(super) async fn delete_media(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    params: Params,
) -> ApiResult<Response> {
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

pub(super) fn upload_error(e: StoreError) -> ApiError {
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

pub(super) fn no_data() -> ApiError {
    ApiError::UploadInvalid {
        code: "rest_upload_no_data",
        message: t("No data supplied."),
    }
}

/// `filename` from a `Content-Disposition` value.
pub(super) fn disposition_name(v: &str) -> Option<String> {
    v.split(';').map(str::trim).find_map(|part| {
        let (k, val) = part.split_once('=')?;
        (k.trim().eq_ignore_ascii_case("filename")).then(|| val.trim().trim_matches('"').to_owned())
    })
}

/// The uploaded file and its texts, from multipart or a raw body.
pub(super) struct UploadIn {
    bytes: axum::body::Bytes,
    name: String,
    title: String,
    alt: String,
    caption: String,
}

pub(super) async fn read_upload(state: &AppState, req: Request) -> ApiResult<UploadIn> {
    let limit = state.config.max_upload_bytes;
    // Multipart framing adds a little; allow 64 KiB of it.
    let allowance = limit + 64 * 1024;
    // Refuse a declared oversize body before reading any of it.
    if crate::unread_body::declared_over(req.headers(), allowance) {
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
    // Read at most the allowance: a longer (chunked) body is refused here, its rest drained unbuffered.
    let bytes = match crate::unread_body::read_at_most(body, allowance).await {
        Ok(bytes) => bytes,
        Err(crate::unread_body::Unread::TooLong) => return Err(ApiError::UploadTooLarge),
        Err(crate::unread_body::Unread::Broken) => return Err(no_data()),
    };
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
            return Err(no_data());
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

pub(super) fn attachment_header(res: &mut Response, id: i64) {
    res.headers_mut()
        .insert("x-wp-upload-attachment-id", HeaderValue::from(id));
}

/// Makes the missing sub-sizes; the test hook can make it fail.
pub(super) async fn subsizes(state: &AppState, id: i64) -> Result<MediaEntry, ApiError> {
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

pub(super) async fn upload(
    State(state): State<AppState>,
    who: Identity,
    req: Request,
) -> ApiResult<Response> {
    who.require("upload_files", "rest_cannot_create")?;
    let input = read_upload(&state, req).await?;
    let folder = crate::dates::german_iso(crate::dates::now())
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

pub(super) async fn post_process(
    State(state): State<AppState>,
    who: Identity,
    PostId(id): PostId,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    who.require("upload_files", "rest_cannot_edit")?;
    if body.get("action").and_then(Value::as_str) != Some("create-image-subsizes") {
        return Err(ApiError::param(
            "action",
            crate::extract::not_one_of("action", "create-image-subsizes"),
        ));
    }
    state.store.media_entry(id).await.map_err(not_found)?;
    let done = subsizes(&state, id).await?;
    Ok(Json(media_json(&state, &done, true)).into_response())
}

// ---------------------------------------------------------------- users, settings
