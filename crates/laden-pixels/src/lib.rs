//! Pixel work, apart from the store so that it is compiled optimised even in test builds (the
//! store's own code is not): resizing, JPEG and WebP encoding, and the demo shop's drawn
//! pictures. No I/O, no database.

mod drawing;

pub use drawing::draw_product_image;

/// Resizes RGB pixels (SIMD, bilinear); `crop` fills the box, cutting the centre out.
pub fn resize_rgb(rgb: &image::RgbImage, tw: u32, th: u32, crop: bool) -> Result<Vec<u8>, String> {
    use fast_image_resize::{
        images::Image, FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer,
    };
    let src = Image::from_vec_u8(
        rgb.width(),
        rgb.height(),
        rgb.as_raw().clone(),
        PixelType::U8x3,
    )
    .map_err(|e| e.to_string())?;
    let mut dst = Image::new(tw, th, PixelType::U8x3);
    let mut options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Bilinear));
    if crop {
        options = options.fit_into_destination(Some((0.5, 0.5)));
    }
    Resizer::new()
        .resize(&src, &mut dst, &options)
        .map_err(|e| e.to_string())?;
    Ok(dst.into_vec())
}

/// Encodes RGB pixels as a baseline JPEG.
pub fn encode_jpeg(rgb: &[u8], w: u32, h: u32, quality: u8) -> Result<Vec<u8>, String> {
    let (w, h) = (
        u16::try_from(w).map_err(|_| "image too wide".to_owned())?,
        u16::try_from(h).map_err(|_| "image too high".to_owned())?,
    );
    let mut out = Vec::new();
    jpeg_encoder::Encoder::new(&mut out, quality)
        .encode(rgb, w, h, jpeg_encoder::ColorType::Rgb)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// Encodes RGB pixels as a lossy WebP (libwebp) of `quality` (0 to 100).
pub fn encode_webp(rgb: &[u8], w: u32, h: u32, quality: f32) -> Vec<u8> {
    webp::Encoder::from_rgb(rgb, w, h).encode(quality).to_vec()
}

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;

    #[test]
    fn a_drawing_resizes_and_encodes() {
        let img = draw_product_image("kaffee-bohnen", 64);
        assert_eq!(img.dimensions(), (64, 64));
        let small = resize_rgb(&img, 32, 16, true).unwrap();
        assert_eq!(small.len(), 32 * 16 * 3);
        let jpeg = encode_jpeg(&small, 32, 16, 80).unwrap();
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
        let webp = encode_webp(&small, 32, 16, 80.0);
        assert_eq!(&webp[8..12], b"WEBP");
        assert!(encode_jpeg(&[], 70_000, 1, 80).is_err());
    }

    #[test]
    fn drawings_never_change_between_runs() {
        let a = draw_product_image("tee-gruen", 40);
        let b = draw_product_image("tee-gruen", 40);
        assert_eq!(a.as_raw(), b.as_raw());
        assert_ne!(a.as_raw(), draw_product_image("geschenk-box", 40).as_raw());
    }
}
