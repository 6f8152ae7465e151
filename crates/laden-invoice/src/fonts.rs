//! The invoice's fonts: Liberation Sans (SIL OFL 1.1, `fonts/LICENSE`), built into the binary
//! unchanged; krilla embeds the subset a document uses.

use skrifa::instance::{LocationRef, Size};
use skrifa::{FontRef, MetadataProvider};
use std::sync::OnceLock;

static REGULAR: &[u8] = include_bytes!("../fonts/LiberationSans-Regular.ttf");
static BOLD: &[u8] = include_bytes!("../fonts/LiberationSans-Bold.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

fn data(face: Face) -> &'static [u8] {
    match face {
        Face::Regular => REGULAR,
        Face::Bold => BOLD,
    }
}

/// The width of `text` at `size` points: the glyphs' advances (no kerning, as the layout
/// needs only to align numbers and break lines).
pub fn width(face: Face, size: f32, text: &str) -> f32 {
    let Ok(font) = FontRef::new(data(face)) else {
        return 0.0;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars()
        .filter_map(|c| charmap.map(c).and_then(|g| metrics.advance_width(g)))
        .sum()
}

pub struct Fonts {
    regular: krilla::text::Font,
    bold: krilla::text::Font,
}

impl Fonts {
    pub fn get(&self, face: Face) -> &krilla::text::Font {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }
}

/// The fonts, parsed once per process.
pub fn krilla_fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let load = |bytes: &'static [u8]| {
            krilla::text::Font::new(krilla::Data::from(bytes), 0)
                .unwrap_or_else(|| panic!("the built-in invoice font does not load"))
        };
        Fonts {
            regular: load(REGULAR),
            bold: load(BOLD),
        }
    })
}
