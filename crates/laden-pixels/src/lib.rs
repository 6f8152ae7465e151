//! Pixel work, apart from the store so that it is compiled optimised even in test builds (the
//! store's own code is not): resizing, JPEG and WebP encoding, and the demo shop's drawn
//! pictures. No I/O, no database.

mod drawing;

pub use drawing::draw_product_image;

/// Resizes RGB pixels (SIMD, bilinear); `crop` fills the box, cutting the centre out.
/// Typed (`resize_typed` over RGB): the untyped `resize` instantiates every pixel type the crate
/// knows, which took two and a half minutes to compile.
pub fn resize_rgb(rgb: &image::RgbImage, tw: u32, th: u32, crop: bool) -> Result<Vec<u8>, String> {
    use fast_image_resize::images::{TypedImage, TypedImageRef};
    use fast_image_resize::pixels::U8x3;
    use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
    let src = TypedImageRef::<U8x3>::from_buffer(rgb.width(), rgb.height(), rgb.as_raw())
        .map_err(|e| e.to_string())?;
    let mut out = vec![0u8; tw as usize * th as usize * 3];
    let mut dst = TypedImage::<U8x3>::from_buffer(tw, th, &mut out).map_err(|e| e.to_string())?;
    let mut options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Bilinear));
    if crop {
        options = options.fit_into_destination(Some((0.5, 0.5)));
    }
    Resizer::new()
        .resize_typed(&src, &mut dst, &options)
        .map_err(|e| e.to_string())?;
    drop(dst);
    Ok(out)
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
