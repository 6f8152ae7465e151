//! Images on disk: type by content, bounded decoding, WordPress-style sub-sizes.

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::models::MediaSize;
use crate::row::Cols;
use crate::{now, on_db};
use image::{ImageFormat, ImageReader};
use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;

/// Largest upload accepted, in bytes.
pub const MAX_BYTES: usize = 20 * 1024 * 1024;
/// Sub-sizes as WordPress names them: (name, width, height, crop).
pub const SUB_SIZES: &[(&str, u32, u32, bool)] =
    &[("thumbnail", 150, 150, true), ("medium", 300, 300, false), ("medium_large", 768, 0, false), ("large", 1024, 1024, false)];

pub struct NewMedia<'a> {
    pub bytes: &'a [u8],
    /// File name stem to use (slugified by the caller).
    pub stem: &'a str,
    /// Folder below uploads, e.g. `2026/11` or `demo`.
    pub folder: &'a str,
    pub alt: &'a str,
    pub title: &'a str,
    pub caption: &'a str,
}

/// Fits (w, h) into (max_w, max_h); a 0 bound is unbounded.
fn fit(w: u32, h: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    let sx = if max_w == 0 { f64::INFINITY } else { f64::from(max_w) / f64::from(w) };
    let sy = if max_h == 0 { f64::INFINITY } else { f64::from(max_h) / f64::from(h) };
    let s = sx.min(sy).min(1.0);
    (((f64::from(w) * s).round() as u32).max(1), ((f64::from(h) * s).round() as u32).max(1))
}

impl Store {
    /// Stores an image: checks its type by content, decodes it within limits,
    /// writes it and its sub-sizes below `uploads`, and records it.
    pub async fn add_image(&self, uploads: &Path, m: NewMedia<'_>) -> Result<i64> {
        if m.bytes.len() > MAX_BYTES {
            return Err(StoreError::Invalid(vec![("file".into(), "The file is too large.".into())]));
        }
        let format = image::guess_format(m.bytes)
            .map_err(|_| StoreError::Invalid(vec![("file".into(), "This file type is not allowed.".into())]))?;
        let (ext, mime) = match format {
            ImageFormat::Jpeg => ("jpg", "image/jpeg"),
            ImageFormat::Png => ("png", "image/png"),
            ImageFormat::WebP => ("webp", "image/webp"),
            _ => return Err(StoreError::Invalid(vec![("file".into(), "This file type is not allowed.".into())])),
        };
        let bytes = m.bytes.to_vec();
        let dir = uploads.join(m.folder);
        let stem = m.stem.to_owned();
        let folder = m.folder.to_owned();
        let (file, width, height, sizes) = tokio::task::spawn_blocking(move || -> Result<_> {
            let mut reader = ImageReader::with_format(Cursor::new(&bytes), format);
            let mut limits = image::Limits::default();
            limits.max_image_width = Some(12_000);
            limits.max_image_height = Some(12_000);
            limits.max_alloc = Some(256 * 1024 * 1024);
            reader.limits(limits);
            let img = reader.decode().map_err(|e| StoreError::Invalid(vec![("file".into(), format!("The image cannot be read: {e}"))]))?;
            std::fs::create_dir_all(&dir)?;
            let mut name = format!("{stem}.{ext}");
            let mut n = 1;
            while dir.join(&name).exists() {
                n += 1;
                name = format!("{stem}-{n}.{ext}");
            }
            std::fs::write(dir.join(&name), &bytes)?;
            let base = name.trim_end_matches(&format!(".{ext}")).to_owned();
            let (w, h) = (img.width(), img.height());
            let rgb = img.to_rgb8();
            let mut sizes = BTreeMap::new();
            for (size, max_w, max_h, crop) in SUB_SIZES {
                if w <= *max_w && (h <= *max_h || *max_h == 0) {
                    continue;
                }
                let (tw, th) = if *crop { (*max_w, *max_h) } else { fit(w, h, *max_w, *max_h) };
                let pixels = resize_rgb(&rgb, tw, th, *crop)?;
                let sub = format!("{base}-{tw}x{th}.jpg");
                std::fs::write(dir.join(&sub), encode_jpeg(&pixels, tw, th, 82)?)?;
                sizes.insert(
                    (*size).to_owned(),
                    MediaSize { file: format!("{folder}/{sub}"), width: i64::from(tw), height: i64::from(th), mime: "image/jpeg".into() },
                );
            }
            Ok((format!("{folder}/{name}"), i64::from(w), i64::from(h), sizes))
        })
        .await
        .map_err(|e| StoreError::Data(e.to_string()))??;
        let sizes_json = serde_json::to_string(&sizes)?;
        on_db!(&self.db, p => {
            let row = sqlx::query(
                "INSERT INTO media (file, mime, width, height, alt, title, caption, sizes, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            )
            .bind(&file)
            .bind(mime)
            .bind(width)
            .bind(height)
            .bind(m.alt)
            .bind(m.title)
            .bind(m.caption)
            .bind(&sizes_json)
            .bind(now())
            .fetch_one(p)
            .await?;
            row.i64("id")
        })
    }
}

/// Resizes RGB pixels (SIMD, bilinear); `crop` fills the box, cutting the centre out.
fn resize_rgb(rgb: &image::RgbImage, tw: u32, th: u32, crop: bool) -> Result<Vec<u8>> {
    use fast_image_resize::{images::Image, FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
    let src = Image::from_vec_u8(rgb.width(), rgb.height(), rgb.as_raw().clone(), PixelType::U8x3).map_err(|e| StoreError::Data(e.to_string()))?;
    let mut dst = Image::new(tw, th, PixelType::U8x3);
    let mut options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Bilinear));
    if crop {
        options = options.fit_into_destination(Some((0.5, 0.5)));
    }
    Resizer::new().resize(&src, &mut dst, &options).map_err(|e| StoreError::Data(e.to_string()))?;
    Ok(dst.into_vec())
}

/// Encodes RGB pixels as a baseline JPEG.
pub fn encode_jpeg(rgb: &[u8], w: u32, h: u32, quality: u8) -> Result<Vec<u8>> {
    let (w, h) = (u16::try_from(w).map_err(|_| StoreError::Data("image too wide".into()))?, u16::try_from(h).map_err(|_| StoreError::Data("image too high".into()))?);
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, quality).encode(rgb, w, h, jpeg_encoder::ColorType::Rgb).map_err(|e| StoreError::Data(e.to_string()))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn fits_within_bounds() {
        assert_eq!(fit(1200, 800, 300, 300), (300, 200));
        assert_eq!(fit(1200, 800, 768, 0), (768, 512));
        assert_eq!(fit(200, 100, 300, 300), (200, 100));
    }
}
