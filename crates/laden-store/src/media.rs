//! Images on disk: type by content, bounded decoding, WordPress-style sub-sizes
//! in JPEG and WebP. An upload is stored in two steps, as WordPress does: the
//! original and its row first, then the sub-sizes, which can be completed later
//! (`wp/v2/media/{id}/post-process`) if making them fails.

use crate::db::Store;
use crate::error::Missing;
use crate::error::{Result, StoreError};
use crate::models::{Media, MediaSize};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use image::{ImageFormat, ImageReader};
use laden_domain::text::slugify;
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// Default largest upload, in bytes (the server's limit is configurable).
pub const DEFAULT_MAX_BYTES: usize = 16 * 1024 * 1024;
/// Decode limits: longest side in pixels, and the decoder's memory budget.
pub const MAX_SIDE: u32 = 12_000;
pub const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// Originals larger than this on a side get a `-scaled` copy (WordPress's big-image threshold).
pub const SCALED_THRESHOLD: u32 = 2560;
/// Sub-sizes as WordPress names them: (name, width, height, crop).
pub const SUB_SIZES: &[(&str, u32, u32, bool)] = &[
    ("thumbnail", 150, 150, true),
    ("medium", 300, 300, false),
    ("medium_large", 768, 0, false),
    ("large", 1024, 1024, false),
];

const JPEG_QUALITY: u8 = 82;
const WEBP_QUALITY: f32 = 80.0;

pub struct NewMedia<'a> {
    pub bytes: &'a [u8],
    /// File name stem to use (slugified here).
    pub stem: &'a str,
    /// Folder below uploads, e.g. `2026/11` or `demo`.
    pub folder: &'a str,
    pub alt: &'a str,
    pub title: &'a str,
    pub caption: &'a str,
}

/// A media row with its dates, for the REST API.
#[derive(Debug, Clone)]
pub struct MediaEntry {
    pub media: Media,
    pub created_at: i64,
    pub updated_at: i64,
}

fn invalid(msg: &str) -> StoreError {
    StoreError::Invalid(vec![("file".into(), msg.into())])
}

/// The image type of `bytes` judged by content: (format, extension, MIME type).
/// Only JPEG, PNG, WebP and GIF are images Laden takes.
pub fn sniff(bytes: &[u8]) -> Result<(ImageFormat, &'static str, &'static str)> {
    let format = if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        ImageFormat::Jpeg
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        ImageFormat::Png
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        ImageFormat::WebP
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        ImageFormat::Gif
    } else {
        return Err(invalid(
            "Sorry, you are not allowed to upload this file type.",
        ));
    };
    Ok(match format {
        ImageFormat::Jpeg => (format, "jpg", "image/jpeg"),
        ImageFormat::Png => (format, "png", "image/png"),
        ImageFormat::WebP => (format, "webp", "image/webp"),
        _ => (format, "gif", "image/gif"),
    })
}

/// Whether a client's file name agrees with the detected type.
pub fn name_agrees(file_name: &str, ext: &str) -> bool {
    let given = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext {
        "jpg" => matches!(given.as_str(), "jpg" | "jpeg" | "jpe"),
        other => given == other,
    }
}

/// Reads only the header and refuses images whose decoding would exceed the limits.
fn check_dimensions(bytes: &[u8], format: ImageFormat) -> Result<(u32, u32)> {
    let (w, h) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| invalid("The image cannot be read."))?;
    if w == 0
        || h == 0
        || w > MAX_SIDE
        || h > MAX_SIDE
        || u64::from(w) * u64::from(h) * 4 > MAX_DECODE_BYTES
    {
        return Err(invalid(
            "The image is too large: at most 12,000 pixels a side.",
        ));
    }
    Ok((w, h))
}

fn decode(bytes: &[u8], format: ImageFormat) -> Result<image::DynamicImage> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    reader
        .decode()
        .map_err(|_| invalid("The image cannot be read."))
}

/// Fits (w, h) into (max_w, max_h); a 0 bound is unbounded.
fn fit(w: u32, h: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    let sx = if max_w == 0 {
        f64::INFINITY
    } else {
        f64::from(max_w) / f64::from(w)
    };
    let sy = if max_h == 0 {
        f64::INFINITY
    } else {
        f64::from(max_h) / f64::from(h)
    };
    let s = sx.min(sy).min(1.0);
    (
        ((f64::from(w) * s).round() as u32).max(1),
        ((f64::from(h) * s).round() as u32).max(1),
    )
}

/// The sizes an image of (w, h) should have: (name, width, height, crop).
pub fn expected_sizes(w: u32, h: u32) -> Vec<(&'static str, u32, u32, bool)> {
    let mut out: Vec<(&'static str, u32, u32, bool)> = SUB_SIZES
        .iter()
        .filter(|(_, max_w, max_h, crop)| {
            if *crop {
                w > *max_w || h > *max_h
            } else {
                w > *max_w || (*max_h != 0 && h > *max_h)
            }
        })
        .map(|&(name, max_w, max_h, crop)| {
            if crop {
                (name, max_w.min(w), max_h.min(h), true)
            } else {
                let (tw, th) = fit(w, h, max_w, max_h);
                (name, tw, th, false)
            }
        })
        .collect();
    if w > SCALED_THRESHOLD || h > SCALED_THRESHOLD {
        let (tw, th) = fit(w, h, SCALED_THRESHOLD, SCALED_THRESHOLD);
        out.push(("scaled", tw, th, false));
    }
    out
}

/// Names of the sizes a media item should have but does not (yet).
pub fn missing_sizes(m: &Media) -> Vec<&'static str> {
    let (Ok(w), Ok(h)) = (u32::try_from(m.width), u32::try_from(m.height)) else {
        return Vec::new();
    };
    expected_sizes(w, h)
        .into_iter()
        .map(|(n, ..)| n)
        .filter(|n| !m.sizes.contains_key(*n))
        .collect()
}

const COLS: &str =
    "id, file, mime, width, height, alt, title, caption, sizes, created_at, updated_at";

fn entry_from_row(r: &impl Cols) -> Result<MediaEntry> {
    Ok(MediaEntry {
        media: crate::decode::media_from_row(r)?,
        created_at: r.i64("created_at")?,
        updated_at: r.i64("updated_at")?,
    })
}

/// Removes files, ignoring ones already gone.
fn remove_files(uploads: &Path, files: &[String]) {
    for f in files {
        if let Err(e) = std::fs::remove_file(uploads.join(f)) {
            if e.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(file = %f, error = %e, "could not remove media file");
            }
        }
    }
}

/// Files written so far by one step; removed unless the step succeeds.
struct Written {
    uploads: PathBuf,
    files: Vec<String>,
    keep: bool,
}

impl Drop for Written {
    fn drop(&mut self) {
        if !self.keep {
            remove_files(&self.uploads, &self.files);
        }
    }
}

/// Makes the missing sizes of one image; returns them and the files written.
fn make_sizes(
    uploads: &Path,
    m: &Media,
    wanted: &[&str],
) -> Result<(BTreeMap<String, MediaSize>, Written)> {
    let mut written = Written {
        uploads: uploads.to_path_buf(),
        files: Vec::new(),
        keep: false,
    };
    let path = uploads.join(&m.file);
    let bytes = std::fs::read(&path)?;
    let (format, ..) = sniff(&bytes)?;
    let img = decode(&bytes, format)?;
    let (w, h) = (img.width(), img.height());
    let rgb = img.to_rgb8();
    let (folder, name) = m.file.rsplit_once('/').unwrap_or(("", m.file.as_str()));
    let base = name.rsplit_once('.').map_or(name, |(b, _)| b);
    let mut sizes = BTreeMap::new();
    for (size, tw, th, crop) in expected_sizes(w, h) {
        if !wanted.contains(&size) {
            continue;
        }
        let pixels = resize_rgb(&rgb, tw, th, crop)?;
        let stem = if size == "scaled" {
            format!("{base}-scaled")
        } else {
            format!("{base}-{tw}x{th}")
        };
        let at = |f: String| {
            if folder.is_empty() {
                f
            } else {
                format!("{folder}/{f}")
            }
        };
        let jpeg = at(format!("{stem}.jpg"));
        let webp = at(format!("{stem}.webp"));
        std::fs::write(
            uploads.join(&jpeg),
            encode_jpeg(&pixels, tw, th, JPEG_QUALITY)?,
        )?;
        written.files.push(jpeg.clone());
        std::fs::write(uploads.join(&webp), encode_webp(&pixels, tw, th))?;
        written.files.push(webp.clone());
        sizes.insert(
            size.to_owned(),
            MediaSize {
                file: jpeg,
                width: i64::from(tw),
                height: i64::from(th),
                mime: "image/jpeg".into(),
                webp: Some(webp),
            },
        );
    }
    Ok((sizes, written))
}

impl Store {
    /// Stores an image and its sub-sizes in one go (demo data, imports).
    pub async fn add_image(&self, uploads: &Path, m: NewMedia<'_>) -> Result<i64> {
        let (_, ext, _) = sniff(m.bytes)?;
        let name = format!("{}.{ext}", m.stem);
        let entry = self
            .store_original(
                uploads,
                m.bytes,
                &name,
                m.folder,
                m.title,
                m.alt,
                m.caption,
                DEFAULT_MAX_BYTES,
            )
            .await?;
        self.make_subsizes(uploads, entry.media.id).await?;
        Ok(entry.media.id)
    }

    /// Step one of an upload: checks type (by content, agreeing with the
    /// name), size and dimensions, stores the original under a name the server
    /// chooses, and records it. Nothing is left behind when it fails.
    #[allow(clippy::too_many_arguments)]
    pub async fn store_original(
        &self,
        uploads: &Path,
        bytes: &[u8],
        file_name: &str,
        folder: &str,
        title: &str,
        alt: &str,
        caption: &str,
        max_bytes: usize,
    ) -> Result<MediaEntry> {
        if bytes.len() > max_bytes {
            return Err(invalid("The file is too large."));
        }
        let (format, ext, mime) = sniff(bytes)?;
        if !name_agrees(file_name, ext) {
            return Err(invalid("The file name does not match the file's content."));
        }
        let (w, h) = check_dimensions(bytes, format)?;
        // The whole image must decode within the limits before it is kept.
        let owned = bytes.to_vec();
        tokio::task::spawn_blocking(move || decode(&owned, format).map(|_| ()))
            .await
            .map_err(|e| StoreError::Data(e.to_string()))??;
        let stem_src = file_name.rsplit_once('.').map_or(file_name, |(s, _)| s);
        let mut stem: String = slugify(stem_src).chars().take(60).collect();
        stem = stem.trim_matches('-').to_owned();
        if stem.is_empty() {
            stem = "bild".into();
        }
        let dir = uploads.join(folder);
        std::fs::create_dir_all(&dir)?;
        // Claim a fresh name atomically (create_new), so parallel uploads never share one.
        let mut n = 1;
        let name = loop {
            let candidate = if n == 1 {
                format!("{stem}.{ext}")
            } else {
                format!("{stem}-{n}.{ext}")
            };
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(dir.join(&candidate))
            {
                Ok(mut f) => {
                    use std::io::Write;
                    if let Err(e) = f.write_all(bytes) {
                        let _ = std::fs::remove_file(dir.join(&candidate));
                        return Err(e.into());
                    }
                    break candidate;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(e.into()),
            }
        };
        let file = if folder.is_empty() {
            name
        } else {
            format!("{folder}/{name}")
        };
        let mut written = Written {
            uploads: uploads.to_path_buf(),
            files: vec![file.clone()],
            keep: false,
        };
        let title = if title.trim().is_empty() {
            stem_src.to_owned()
        } else {
            title.to_owned()
        };
        let t = now();
        let sql = format!(
            "INSERT INTO media (file, mime, width, height, alt, title, caption, sizes, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, '{{}}', $8, $8) RETURNING {COLS}"
        );
        let entry = on_db!(&self.db, p => entry_from_row(
            &sqlx::query(&sql).bind(&file).bind(mime).bind(i64::from(w)).bind(i64::from(h))
                .bind(alt.trim()).bind(title.trim()).bind(ammonia::clean(caption)).bind(t)
                .fetch_one(p).await?
        ))?;
        written.keep = true;
        Ok(entry)
    }

    /// Step two: makes whatever sub-sizes the image is missing and records
    /// them. On failure nothing of this step is kept.
    pub async fn make_subsizes(&self, uploads: &Path, id: i64) -> Result<MediaEntry> {
        let entry = self.media_entry(id).await?;
        let missing = missing_sizes(&entry.media);
        if missing.is_empty() {
            return Ok(entry);
        }
        let uploads_owned = uploads.to_path_buf();
        let media = entry.media.clone();
        let (made, mut written) =
            tokio::task::spawn_blocking(move || make_sizes(&uploads_owned, &media, &missing))
                .await
                .map_err(|e| StoreError::Data(e.to_string()))??;
        let mut sizes = entry.media.sizes.clone();
        sizes.extend(made);
        let sql =
            format!("UPDATE media SET sizes = $2, updated_at = $3 WHERE id = $1 RETURNING {COLS}");
        let updated = on_db!(&self.db, p => entry_from_row(
            &sqlx::query(&sql).bind(id).bind(serde_json::to_string(&sizes)?).bind(now()).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Media))?
        ))?;
        written.keep = true;
        self.bump_content_version().await?;
        Ok(updated)
    }

    pub async fn media_entry(&self, id: i64) -> Result<MediaEntry> {
        let sql = format!("SELECT {COLS} FROM media WHERE id = $1");
        on_db!(&self.db, p => entry_from_row(&sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Media))?))
    }

    /// A page of media, newest first (or by `order_column` ascending/descending), and the total.
    pub async fn list_media(
        &self,
        page: i64,
        per_page: i64,
        search: Option<&str>,
        order_column: &str,
        descending: bool,
    ) -> Result<(Vec<MediaEntry>, i64)> {
        let column = match order_column {
            "id" => "id",
            "title" => "title",
            "modified" => "updated_at",
            _ => "created_at",
        };
        let dir = if descending { "DESC" } else { "ASC" };
        let filter = if search.is_some() {
            "LOWER(title) LIKE $1 ESCAPE '\\' OR LOWER(file) LIKE $1 ESCAPE '\\'"
        } else {
            "TRUE"
        };
        let like: Vec<String> = search.map(crate::db::like_pattern).into_iter().collect();
        let page = crate::db::ListPage {
            cols: COLS,
            table: "media",
            filter,
            order: &format!("{column} {dir}, id {dir}"),
            page,
            per_page,
            offset: None,
            ids_first: false,
        };
        Ok(crate::list_page!(&self.db, page, &like, entry_from_row))
    }

    /// Changes a media item's texts; `None` leaves one as it is.
    pub async fn update_media(
        &self,
        id: i64,
        title: Option<&str>,
        alt: Option<&str>,
        caption: Option<&str>,
    ) -> Result<MediaEntry> {
        let old = self.media_entry(id).await?.media;
        let sql = format!("UPDATE media SET title = $2, alt = $3, caption = $4, updated_at = $5 WHERE id = $1 RETURNING {COLS}");
        let entry = on_db!(&self.db, p => entry_from_row(
            &sqlx::query(&sql).bind(id)
                .bind(title.map_or(old.title, |t| t.trim().to_owned()))
                .bind(alt.map_or(old.alt, |a| a.trim().to_owned()))
                .bind(caption.map_or(old.caption, ammonia::clean))
                .bind(now())
                .fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Media))?
        ))?;
        self.bump_content_version().await?;
        Ok(entry)
    }

    /// Deletes a media item: its row (references to it are cleared in the same
    /// transaction), then its files. Returns it as it was.
    pub async fn delete_media(&self, uploads: &Path, id: i64) -> Result<MediaEntry> {
        let entry = self.media_entry(id).await?;
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, c => {
            sqlx::query("UPDATE products SET image_id = NULL WHERE image_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("UPDATE products SET attached_media_poster = NULL WHERE attached_media_poster = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("UPDATE categories SET image_id = NULL WHERE image_id = $1").bind(id).execute(&mut *c).await?;
            sqlx::query("DELETE FROM media WHERE id = $1").bind(id).execute(&mut *c).await?;
        });
        crate::changes::record(&mut tx, &[crate::Scope::All]).await?;
        tx.commit().await?;
        let mut files = vec![entry.media.file.clone()];
        for s in entry.media.sizes.values() {
            files.push(s.file.clone());
            files.extend(s.webp.clone());
        }
        remove_files(uploads, &files);
        Ok(entry)
    }
}

/// Resizes RGB pixels (SIMD, bilinear); `crop` fills the box, cutting the centre out.
fn resize_rgb(rgb: &image::RgbImage, tw: u32, th: u32, crop: bool) -> Result<Vec<u8>> {
    laden_pixels::resize_rgb(rgb, tw, th, crop).map_err(StoreError::Data)
}

/// Encodes RGB pixels as a baseline JPEG.
pub fn encode_jpeg(rgb: &[u8], w: u32, h: u32, quality: u8) -> Result<Vec<u8>> {
    laden_pixels::encode_jpeg(rgb, w, h, quality).map_err(StoreError::Data)
}

/// Encodes RGB pixels as a lossy WebP (libwebp).
fn encode_webp(rgb: &[u8], w: u32, h: u32) -> Vec<u8> {
    laden_pixels::encode_webp(rgb, w, h, WEBP_QUALITY)
}

impl Store {
    /// The media row whose file (below uploads) is `file`.
    pub async fn media_id_by_file(&self, file: &str) -> Result<Option<i64>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM media WHERE file = $1").bind(file).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_resizes_and_encodes() {
        let img = laden_pixels::draw_product_image("kaffee-bohnen", 64);
        assert_eq!(img.dimensions(), (64, 64));
        let again = laden_pixels::draw_product_image("kaffee-bohnen", 64);
        assert_eq!(img.as_raw(), again.as_raw(), "drawn the same every time");
        let other = laden_pixels::draw_product_image("geschenk-box", 64);
        assert_ne!(img.as_raw(), other.as_raw());
        let cropped = resize_rgb(&img, 32, 16, true).expect("resized");
        assert_eq!(cropped.len(), 32 * 16 * 3);
        let fitted = resize_rgb(&img, 32, 32, false).expect("resized");
        assert_eq!(fitted.len(), 32 * 32 * 3);
        let stretched = resize_rgb(&img, 32, 16, false).expect("resized");
        assert_ne!(
            stretched, cropped,
            "the crop cuts the centre out instead of squeezing"
        );
        let jpeg = encode_jpeg(&cropped, 32, 16, 80).expect("a JPEG");
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
        let decoded = image::load_from_memory(&jpeg).expect("decoded").to_rgb8();
        assert_eq!(decoded.dimensions(), (32, 16));
        let webp = encode_webp(&cropped, 32, 16);
        assert_eq!(&webp[8..12], b"WEBP");
        assert!(
            encode_jpeg(&[], 70_000, 1, 80).is_err(),
            "too wide for a JPEG"
        );
    }

    #[test]
    fn fits_within_bounds() {
        assert_eq!(fit(1200, 800, 300, 300), (300, 200));
        assert_eq!(fit(1200, 800, 768, 0), (768, 512));
        assert_eq!(fit(200, 100, 300, 300), (200, 100));
    }

    #[test]
    fn sizes_expected_by_dimensions() {
        let names = |w, h| {
            expected_sizes(w, h)
                .into_iter()
                .map(|(n, ..)| n)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(100, 100), Vec::<&str>::new());
        assert_eq!(names(200, 100), vec!["thumbnail"]);
        assert_eq!(
            names(1200, 800),
            vec!["thumbnail", "medium", "medium_large", "large"]
        );
        assert_eq!(
            names(3000, 2000),
            vec!["thumbnail", "medium", "medium_large", "large", "scaled"]
        );
        assert_eq!(expected_sizes(3000, 2000)[4], ("scaled", 2560, 1707, false));
        assert_eq!(expected_sizes(200, 100)[0], ("thumbnail", 150, 100, true));
    }

    #[test]
    fn types_by_content() {
        assert_eq!(
            sniff(b"\xFF\xD8\xFF\xE0rest").map(|s| s.1).ok(),
            Some("jpg")
        );
        assert_eq!(sniff(b"GIF89a....").map(|s| s.1).ok(), Some("gif"));
        assert_eq!(
            sniff(b"RIFF\0\0\0\0WEBPVP8 ").map(|s| s.1).ok(),
            Some("webp")
        );
        assert!(sniff(b"<svg xmlns='http://www.w3.org/2000/svg'/>").is_err());
        assert!(sniff(b"<!DOCTYPE html><script>").is_err());
        assert!(name_agrees("Foto.JPEG", "jpg"));
        assert!(!name_agrees("foto.png", "jpg"));
        assert!(!name_agrees("foto.php", "jpg"));
        assert!(!name_agrees("foto", "png"));
    }
}
