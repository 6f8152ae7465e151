//! The product CSV import (a job with progress, shared by every instance through the
//! database), the old shop's pictures for it (a ZIP of its uploads folder), and the export in
//! WooCommerce's format.

use super::*;
use crate::extract::BodyBytes;

/// Largest CSV accepted by the admin import.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;
/// How often a running import writes its progress.
const PROGRESS_EVERY_MS: u64 = 200;

/// What an import takes besides its CSV: the old shop's pictures uploaded before
/// (`pictures`, the id [`upload_pictures`] answered) and whether pictures not among them are
/// downloaded (`download`).
#[derive(serde::Deserialize)]
pub(super) struct ImportQuery {
    #[serde(default)]
    pictures: String,
    #[serde(default)]
    download: String,
}

/// Starts an import of the request body (a WooCommerce product CSV): 202 with the job's id.
pub(super) async fn start_import(
    State(state): State<AppState>,
    who: Identity,
    axum::extract::Query(q): axum::extract::Query<ImportQuery>,
    BodyBytes(body): BodyBytes<MAX_IMPORT_BYTES>,
) -> ApiResult<Response> {
    let user = who
        .require("manage_woocommerce", "woocommerce_rest_cannot_create")?
        .clone();
    let pictures =
        match q.pictures.trim() {
            "" => None,
            id => match pictures_dir(&state, id).filter(|d| d.is_dir()) {
                Some(dir) => Some(dir),
                None => return Err(ApiError::param(
                    "pictures",
                    t("These pictures are not (or no longer) here. Please upload the ZIP again."),
                )),
            },
        };
    let download = match laden_domain::catalog::parse_bool(&q.download) {
        Some(d) => d,
        None if q.download.is_empty() => false,
        None => {
            return Err(ApiError::param(
                "download",
                tf("%s is not of type boolean.", &[&"download"]),
            ))
        }
    };
    let fetch = if download {
        Some(
            laden_outbound::Outbound::new(state.config.outbound.clone())
                .map_err(ApiError::Internal)?,
        )
    } else {
        None
    };
    if body.is_empty() {
        return Err(ApiError::param("file", t("Please choose a CSV file.")));
    }
    if std::str::from_utf8(&body).is_err() {
        return Err(ApiError::param(
            "file",
            t("The file is not UTF-8 text. Please export the CSV as UTF-8."),
        ));
    }
    let id = state.store.create_import_job(user.id).await?;
    let job = id.clone();
    tokio::spawn(async move {
        let done = Arc::new(AtomicI64::new(0));
        let total = Arc::new(AtomicI64::new(0));
        let finished = Arc::new(tokio::sync::Notify::new());
        // Progress goes to the database at most every PROGRESS_EVERY_MS, so any instance can answer.
        let ticker = {
            let (store, job, done, total, finished) = (
                state.store.clone(),
                job.clone(),
                done.clone(),
                total.clone(),
                finished.clone(),
            );
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        () = finished.notified() => break,
                        () = tokio::time::sleep(std::time::Duration::from_millis(PROGRESS_EVERY_MS)) => {
                            let _ = store.update_import_job(&job, "running", done.load(Ordering::Relaxed), total.load(Ordering::Relaxed), "").await;
                        }
                    }
                }
            })
        };
        let folder = {
            let (y, m, _) = crate::dates::german_ymd(crate::dates::now());
            format!("{y:04}/{m:02}")
        };
        let mut importer = laden_store::import::Importer::new(
            &state.store,
            std::env::temp_dir(),
            state.config.uploads_dir.clone(),
            &folder,
        );
        importer.local_files = false;
        importer.uploads_url = Some(format!("{}/uploads/", state.config.site_url));
        importer.old_uploads = pictures.clone();
        importer.fetch = fetch;
        let (d, tt) = (done.clone(), total.clone());
        let result = importer
            .import_bytes(&body, &mut |n, of| {
                d.store(n as i64, Ordering::Relaxed);
                tt.store(of as i64, Ordering::Relaxed);
            })
            .await;
        finished.notify_one();
        let _ = ticker.await;
        // The old shop's pictures were for this import: the library keeps what it took.
        if let Some(dir) = pictures {
            let _ = tokio::fs::remove_dir_all(dir).await;
        }
        let (status, report) = match result {
            Ok(report) => ("done", serde_json::to_string(&report).unwrap_or_default()),
            Err(StoreError::Invalid(list)) => (
                "failed",
                list.into_iter()
                    .map(|(_, m)| m)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            Err(e) => {
                tracing::error!(error = %e, "product import failed");
                ("failed", t("Sorry, an internal error occurred."))
            }
        };
        let n = total.load(Ordering::Relaxed);
        if let Err(e) = state
            .store
            .update_import_job(
                &job,
                status,
                if status == "done" {
                    n
                } else {
                    done.load(Ordering::Relaxed)
                },
                n,
                &report,
            )
            .await
        {
            tracing::error!(error = %e, "import job could not be finished");
        }
    });
    let mut res = (
        StatusCode::ACCEPTED,
        Json(json!({ "id": id, "status": "running" })),
    )
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Where the old shops' pictures wait for their import (beside the uploads).
fn pictures_root(state: &AppState) -> std::path::PathBuf {
    state.config.uploads_dir.with_file_name("import-pictures")
}

/// The folder of the pictures uploaded under `id` (an id this server made: URL-safe base64).
fn pictures_dir(state: &AppState, id: &str) -> Option<std::path::PathBuf> {
    let made_here = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'_';
    (!id.is_empty() && id.len() <= 64 && id.bytes().all(made_here))
        .then(|| pictures_root(state).join(id))
}

/// Pictures waiting longer than this for their import are removed at the next upload.
const PICTURES_KEPT_SECS: u64 = 24 * 3600;

/// A ZIP of the old shop's uploads folder (`wp-content/uploads`) for the import that follows:
/// streamed to disk (never held in memory, at most `LADEN_MAX_IMPORT_ZIP_MB`), its pictures taken
/// out below the path after `uploads/` (the import finds them by their old addresses), anything
/// else, and anything that would leave the folder, left in the archive. 201 with the id to give
/// the import (`?pictures=`) and how many pictures it holds.
pub(super) async fn upload_pictures(
    State(state): State<AppState>,
    who: Identity,
    body: axum::body::Body,
) -> ApiResult<Response> {
    who.require("manage_woocommerce", "woocommerce_rest_cannot_create")?;
    let root = pictures_root(&state);
    forget_old_pictures(&root).await;
    let id = laden_store::random_token(12);
    let dir = root.join(&id);
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let zip_path = dir.join("upload.zip");
    let written =
        crate::unread_body::write_at_most(body, state.config.max_import_zip_bytes, &zip_path).await;
    let refuse = |e: ApiError| {
        let dir = dir.clone();
        async move {
            let _ = tokio::fs::remove_dir_all(dir).await;
            Err(e)
        }
    };
    match written {
        Ok(0) => return refuse(ApiError::param("file", t("Please choose a ZIP file."))).await,
        Ok(_) => {}
        Err(crate::unread_body::Unread::TooLong) => {
            let megabytes = state.config.max_import_zip_bytes / (1024 * 1024);
            let message = tf("The ZIP file may have at most %d MB.", &[&megabytes]);
            return refuse(ApiError::Coded {
                status: StatusCode::PAYLOAD_TOO_LARGE,
                code: "rest_upload_file_too_big",
                message,
            })
            .await;
        }
        Err(crate::unread_body::Unread::Broken) => {
            return refuse(ApiError::param(
                "file",
                t("The upload broke off. Please try again."),
            ))
            .await
        }
    }
    let max_picture = state.config.max_upload_bytes as u64;
    let (target, archive) = (dir.clone(), zip_path.clone());
    let unpacked =
        tokio::task::spawn_blocking(move || unpack_pictures(&archive, &target, max_picture))
            .await
            .map_err(|e| ApiError::Internal(e.to_string()))?;
    let _ = tokio::fs::remove_file(&zip_path).await;
    let pictures = match unpacked {
        Ok(n) => n,
        Err(()) => return refuse(ApiError::param("file", t("This is not a ZIP file."))).await,
    };
    let mut res = (
        StatusCode::CREATED,
        Json(json!({ "id": id, "pictures": pictures })),
    )
        .into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Removes the pictures of uploads whose import never came.
async fn forget_old_pictures(root: &std::path::Path) {
    let Ok(mut entries) = tokio::fs::read_dir(root).await else {
        return;
    };
    while let Ok(Some(entry)) = entries.next_entry().await {
        let old = entry
            .metadata()
            .await
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age.as_secs() > PICTURES_KEPT_SECS);
        if old {
            let _ = tokio::fs::remove_dir_all(entry.path()).await;
        }
    }
}

/// Takes the pictures (JPEG, PNG, GIF, WebP by name; the library checks each by content) out of
/// the archive into `target`, each below the path after its `uploads/` (or where it lies when the
/// archive holds the folder's content), none larger than `max_bytes`: how many. `Err` when the
/// file is no ZIP.
fn unpack_pictures(
    archive: &std::path::Path,
    target: &std::path::Path,
    max_bytes: u64,
) -> Result<usize, ()> {
    let file = std::fs::File::open(archive).map_err(|_| ())?;
    let mut zip = zip::ZipArchive::new(file).map_err(|_| ())?;
    let mut count = 0;
    for i in 0..zip.len() {
        let Ok(mut entry) = zip.by_index(i) else {
            continue;
        };
        // `enclosed_name` refuses absolute paths and `..` (no file outside the folder).
        let Some(name) = entry.enclosed_name() else {
            continue;
        };
        if entry.is_dir() || entry.size() > max_bytes {
            continue;
        }
        let parts: Vec<String> = name
            .components()
            .filter_map(|c| match c {
                std::path::Component::Normal(p) => p.to_str().map(str::to_owned),
                _ => None,
            })
            .collect();
        if parts.iter().any(|p| p == "__MACOSX" || p.starts_with('.')) {
            continue;
        }
        let below = parts
            .iter()
            .rposition(|p| p == "uploads")
            .map_or(&parts[..], |i| &parts[i + 1..]);
        let picture = below.last().is_some_and(|f| {
            let f = f.to_ascii_lowercase();
            [".jpg", ".jpeg", ".png", ".gif", ".webp"]
                .iter()
                .any(|ext| f.ends_with(ext))
        });
        if !picture {
            continue;
        }
        let path = below
            .iter()
            .fold(target.to_path_buf(), |p, part| p.join(part));
        if let Some(parent) = path.parent() {
            if std::fs::create_dir_all(parent).is_err() {
                continue;
            }
        }
        let Ok(mut out) = std::fs::File::create(&path) else {
            continue;
        };
        let copied = std::io::copy(
            &mut std::io::Read::take(&mut entry, max_bytes + 1),
            &mut out,
        );
        if copied.is_ok_and(|n| n <= max_bytes) {
            count += 1;
        } else {
            let _ = std::fs::remove_file(&path);
        }
    }
    Ok(count)
}

pub(super) async fn import_status(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    staff(&who)?;
    let job = state.store.import_job(&id).await.map_err(|e| match e {
        StoreError::NotFound(_) => ApiError::Coded {
            status: StatusCode::NOT_FOUND,
            code: "laden_import_invalid_id",
            message: t("Invalid ID."),
        },
        other => other.into(),
    })?;
    let failed = job.status == "failed";
    let out = ImportJobOut {
        report: (job.status == "done")
            .then(|| serde_json::from_str(&job.report).ok())
            .flatten(),
        error: failed.then_some(job.report),
        id: job.id,
        status: job.status,
        done: job.done,
        total: job.total,
    };
    let mut res = Json(out).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// Every product as a WooCommerce product CSV (UTF-8 with BOM, as WooCommerce's exporter writes it).
pub(super) async fn export(State(state): State<AppState>, who: Identity) -> ApiResult<Response> {
    staff(&who)?;
    let mut csv = b"\xef\xbb\xbf".to_vec();
    csv.extend(
        state
            .store
            .export_products_csv(&format!("{}/uploads/", state.config.site_url))
            .await?,
    );
    let (y, m, d) = crate::dates::german_ymd(crate::dates::now());
    let name = format!("attachment; filename=\"produkte-{y:04}-{m:02}-{d:02}.csv\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&name).unwrap_or(HeaderValue::from_static("attachment")),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        csv,
    )
        .into_response())
}
