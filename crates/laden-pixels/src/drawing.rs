//! The demo shop's product pictures, drawn deterministically from their file names.

/// A stable 64-bit hash (FNV-1a), so drawings never change between runs.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let l = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t.clamp(0.0, 1.0)) as u8;
    [l(a[0], b[0]), l(a[1], b[1]), l(a[2], b[2])]
}

/// The shape a demo picture shows, from a part of its file name.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Coffee,
    Tea,
    Kitchen,
    Sweets,
    Gift,
    Hero,
}

impl Kind {
    fn of(name: &str) -> Kind {
        name.split(['-', '/'])
            .find_map(|part| match part {
                "kaffee" => Some(Kind::Coffee),
                "tee" => Some(Kind::Tea),
                "kueche" => Some(Kind::Kitchen),
                "suesses" => Some(Kind::Sweets),
                "geschenk" => Some(Kind::Gift),
                "hero" => Some(Kind::Hero),
                _ => None,
            })
            .unwrap_or(Kind::Kitchen)
    }

    fn palette(self) -> &'static [[u8; 3]] {
        match self {
            Kind::Coffee => &[[92, 58, 38], [140, 90, 60], [60, 40, 30], [170, 120, 80]],
            Kind::Tea => &[
                [86, 130, 80],
                [150, 170, 90],
                [190, 110, 70],
                [70, 110, 120],
            ],
            Kind::Sweets => &[[110, 60, 50], [200, 150, 110], [160, 80, 90]],
            Kind::Gift => &[[180, 60, 60], [60, 90, 150], [200, 160, 60]],
            Kind::Kitchen | Kind::Hero => &[
                [60, 70, 80],
                [180, 180, 170],
                [120, 140, 150],
                [200, 120, 90],
            ],
        }
    }

    /// Whether the point (`fx`, `fy`), each 0 to 1, lies on the kind's shape.
    fn inside(self, fx: f32, fy: f32) -> bool {
        match self {
            Kind::Coffee => {
                (0.3..0.7).contains(&fx)
                    && (0.22..0.86).contains(&fy)
                    && (fy > 0.3 || (fx - 0.5).abs() < 0.2 + (fy - 0.22) * 2.5)
            }
            Kind::Tea => {
                ((0.32..0.68).contains(&fx) && (0.3..0.86).contains(&fy))
                    || ((fx - 0.5) / 0.18).powi(2) + ((fy - 0.3) / 0.05).powi(2) < 1.0
            }
            Kind::Sweets => (0.2..0.8).contains(&fx) && (0.4..0.8).contains(&fy),
            Kind::Gift => (0.28..0.72).contains(&fx) && (0.36..0.86).contains(&fy),
            Kind::Hero => fy > 0.55 + 0.05 * (fx * 9.0).sin(),
            Kind::Kitchen => {
                ((fx - 0.5) / 0.22).powi(2) + ((fy - 0.6) / 0.26).powi(2) < 1.0
                    || ((fx - 0.75) / 0.07).powi(2) + ((fy - 0.6) / 0.1).powi(2) < 1.0
                        && ((fx - 0.75) / 0.04).powi(2) + ((fy - 0.6) / 0.06).powi(2) > 1.0
            }
        }
    }

    /// Whether the point lies on the shape's band (a label, a ribbon, a bar's squares).
    fn band(self, fx: f32, fy: f32) -> bool {
        match self {
            Kind::Coffee | Kind::Tea => (0.5..0.64).contains(&fy),
            Kind::Gift => (fx - 0.5).abs() < 0.03 || (fy - 0.6).abs() < 0.03,
            Kind::Sweets => {
                ((fx - 0.2) * 10.0).fract() < 0.06 || ((fy - 0.4) * 10.0).fract() < 0.08
            }
            Kind::Kitchen | Kind::Hero => false,
        }
    }
}

/// Draws a product picture: a soft background and a shape for its kind
/// (coffee bag, tea tin, cup, bar, gift box), colours from the file name.
pub fn draw_product_image(name: &str, size: u32) -> image::RgbImage {
    let h = hash(name);
    let kind = Kind::of(name);
    let palette = kind.palette();
    let main = palette[(h % palette.len() as u64) as usize];
    let accent = palette[((h >> 8) % palette.len() as u64) as usize];
    let bg_top = mix(
        [250, 246, 240],
        main,
        0.08 + ((h >> 16) % 10) as f32 / 100.0,
    );
    let bg_bottom = mix([235, 228, 218], accent, 0.12);
    let s = size as f32;
    let mut img = image::RgbImage::new(size, size);
    for (x, y, px) in img.enumerate_pixels_mut() {
        let (fx, fy) = (x as f32 / s, y as f32 / s);
        let mut c = mix(bg_top, bg_bottom, fy);
        // Floor shadow.
        let sd = ((fx - 0.5) / 0.32).powi(2) + ((fy - 0.86) / 0.05).powi(2);
        if sd < 1.0 {
            c = mix(c, [0, 0, 0], 0.18 * (1.0 - sd));
        }
        if kind.inside(fx, fy) {
            // Side lighting for a little depth.
            c = if kind.band(fx, fy) {
                mix(accent, [255, 255, 255], 0.55)
            } else {
                mix(main, [255, 255, 255], 0.25 * (1.0 - fx))
            };
        }
        *px = image::Rgb(c);
    }
    img
}
