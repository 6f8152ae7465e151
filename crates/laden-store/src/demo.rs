//! The demo shop: product images drawn deterministically, then the real
//! importer, reviews, pages, menus and settings from `fixtures/demo/`.

use crate::content::NewMenuItem;
use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::import::{ImportReport, Importer};
use crate::media::NewMedia;
use std::collections::BTreeSet;
use std::path::Path;

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

/// Draws a product picture: a soft background and a shape for its kind
/// (coffee bag, tea tin, cup, bar, gift box), colours from the file name.
pub fn draw_product_image(name: &str, size: u32) -> image::RgbImage {
    let h = hash(name);
    let kind = name
        .split(['-', '/'])
        .find(|p| ["kaffee", "tee", "kueche", "suesses", "geschenk", "hero"].contains(p))
        .unwrap_or("kueche");
    let palette: &[[u8; 3]] = match kind {
        "kaffee" => &[[92, 58, 38], [140, 90, 60], [60, 40, 30], [170, 120, 80]],
        "tee" => &[
            [86, 130, 80],
            [150, 170, 90],
            [190, 110, 70],
            [70, 110, 120],
        ],
        "suesses" => &[[110, 60, 50], [200, 150, 110], [160, 80, 90]],
        "geschenk" => &[[180, 60, 60], [60, 90, 150], [200, 160, 60]],
        _ => &[
            [60, 70, 80],
            [180, 180, 170],
            [120, 140, 150],
            [200, 120, 90],
        ],
    };
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
        let inside = match kind {
            "kaffee" => {
                (0.3..0.7).contains(&fx)
                    && (0.22..0.86).contains(&fy)
                    && (fy > 0.3 || (fx - 0.5).abs() < 0.2 + (fy - 0.22) * 2.5)
            }
            "tee" => {
                ((0.32..0.68).contains(&fx) && (0.3..0.86).contains(&fy))
                    || ((fx - 0.5) / 0.18).powi(2) + ((fy - 0.3) / 0.05).powi(2) < 1.0
            }
            "suesses" => (0.2..0.8).contains(&fx) && (0.4..0.8).contains(&fy),
            "geschenk" => (0.28..0.72).contains(&fx) && (0.36..0.86).contains(&fy),
            "hero" => fy > 0.55 + 0.05 * (fx * 9.0).sin(),
            _ => {
                ((fx - 0.5) / 0.22).powi(2) + ((fy - 0.6) / 0.26).powi(2) < 1.0
                    || ((fx - 0.75) / 0.07).powi(2) + ((fy - 0.6) / 0.1).powi(2) < 1.0
                        && ((fx - 0.75) / 0.04).powi(2) + ((fy - 0.6) / 0.06).powi(2) > 1.0
            }
        };
        if inside {
            // Side lighting for a little depth.
            c = mix(main, [255, 255, 255], 0.25 * (1.0 - fx));
            let band = match kind {
                "kaffee" | "tee" => (0.5..0.64).contains(&fy),
                "geschenk" => (fx - 0.5).abs() < 0.03 || (fy - 0.6).abs() < 0.03,
                "suesses" => {
                    ((fx - 0.2) * 10.0).fract() < 0.06 || ((fy - 0.4) * 10.0).fract() < 0.08
                }
                _ => false,
            };
            if band {
                c = mix(accent, [255, 255, 255], 0.55);
            }
        }
        *px = image::Rgb(c);
    }
    img
}

fn encode_jpeg(img: &image::RgbImage) -> Result<Vec<u8>> {
    crate::media::encode_jpeg(img.as_raw(), img.width(), img.height(), 85)
}

/// Image paths named in a product CSV's image and poster columns.
fn image_paths(csv_bytes: &[u8]) -> Result<BTreeSet<String>> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(csv_bytes);
    let headers = reader
        .headers()
        .map_err(|e| StoreError::Data(e.to_string()))?
        .clone();
    let cols: Vec<usize> = headers
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            matches!(
                *h,
                "Images" | "Bilder" | "Meta: laden_attached_media_poster"
            )
        })
        .map(|(i, _)| i)
        .collect();
    let mut out = BTreeSet::new();
    for rec in reader.records() {
        let rec = rec.map_err(|e| StoreError::Data(e.to_string()))?;
        for &i in &cols {
            for p in rec
                .get(i)
                .unwrap_or("")
                .split(',')
                .map(str::trim)
                .filter(|p| p.starts_with("media/"))
            {
                out.insert(p.to_owned());
            }
        }
    }
    Ok(out)
}

#[derive(serde::Deserialize)]
struct DemoReview {
    sku: String,
    rating: i64,
    author: String,
    content: String,
    days_ago: i64,
}

#[derive(serde::Deserialize)]
struct DemoPage {
    slug: String,
    title: String,
    excerpt: String,
    content: serde_json::Value,
}

#[derive(serde::Deserialize)]
struct DemoMenu {
    name: String,
    items: Vec<NewMenuItem>,
}

/// Imports the demo shop from `fixtures` into the store; images go below `uploads/demo`.
/// `work` is a scratch folder for the drawn source images.
pub async fn seed(
    store: &Store,
    fixtures: &Path,
    uploads: &Path,
    work: &Path,
    progress: &mut (dyn FnMut(usize, usize) + Send),
) -> Result<ImportReport> {
    let settings_raw = std::fs::read_to_string(fixtures.join("settings.json"))?;
    let settings: crate::models::SiteSettings = serde_json::from_str(&settings_raw)?;
    store.save_settings(&settings).await?;

    let csv_bytes = std::fs::read(fixtures.join("products.csv"))?;
    let paths = image_paths(&csv_bytes)?;
    let src = work.join("demo-src");
    std::fs::create_dir_all(src.join("media"))?;
    let jobs: Vec<(String, std::path::PathBuf)> = paths
        .into_iter()
        .map(|p| (p.clone(), src.join(&p)))
        .filter(|(_, path)| !path.exists())
        .collect();
    tokio::task::spawn_blocking(move || -> Result<()> {
        for (name, path) in jobs {
            let bytes = encode_jpeg(&draw_product_image(&name, 900))?;
            std::fs::write(path, bytes)?;
        }
        Ok(())
    })
    .await
    .map_err(|e| StoreError::Data(e.to_string()))??;

    // The demo videos ship in the repository, small; they are served from uploads like any media.
    let videos = uploads.join("demo/video");
    std::fs::create_dir_all(&videos)?;
    for entry in std::fs::read_dir(fixtures.join("video"))? {
        let path = entry?.path();
        if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("webm" | "mp4")
        ) {
            if let Some(name) = path.file_name() {
                std::fs::copy(&path, videos.join(name))?;
            }
        }
    }

    // The e-book's file, in the private folder: served only through its download links.
    let downloads = uploads
        .join(laden_domain::product_rules::PRIVATE_UPLOADS_DIR)
        .join("demo");
    std::fs::create_dir_all(&downloads)?;
    for entry in std::fs::read_dir(fixtures.join("downloads"))? {
        let path = entry?.path();
        if let Some(name) = path.file_name().filter(|_| path.is_file()) {
            std::fs::copy(&path, downloads.join(name))?;
        }
    }

    let mut importer = Importer::new(store, src.clone(), uploads.to_path_buf(), "demo");
    let report = importer.import_bytes(&csv_bytes, progress).await?;

    let reviews: Vec<DemoReview> =
        serde_json::from_str(&std::fs::read_to_string(fixtures.join("reviews.json"))?)?;
    let now = crate::now();
    for r in reviews {
        if let Some(id) = store.product_id_by_sku(&r.sku).await? {
            store
                .add_review(
                    id,
                    r.rating,
                    &r.author,
                    &r.content,
                    now - r.days_ago * 86_400,
                )
                .await?;
        }
    }

    let hero = encode_jpeg(&draw_product_image("hero-roesterei", 1600))?;
    let hero_id = store
        .add_image(
            uploads,
            NewMedia {
                bytes: &hero,
                stem: "roesterei",
                folder: "demo",
                alt: "Röstmaschine in unserer Rösterei",
                title: "Unsere Rösterei",
                caption: "",
            },
        )
        .await?;
    let pages: Vec<DemoPage> =
        serde_json::from_str(&std::fs::read_to_string(fixtures.join("pages.json"))?)?;
    for mut page in pages {
        resolve_media(&mut page.content, hero_id);
        store
            .upsert_page(&page.slug, &page.title, &page.excerpt, &page.content)
            .await?;
    }
    let menus: std::collections::BTreeMap<String, DemoMenu> =
        serde_json::from_str(&std::fs::read_to_string(fixtures.join("menus.json"))?)?;
    for (location, menu) in menus {
        store
            .replace_menu(&location, &menu.name, &menu.items)
            .await?;
    }
    store.mark_demo_imported().await?;
    Ok(report)
}

/// Image widgets name demo media symbolically (`"media": "hero"`); give them the id.
fn resolve_media(v: &mut serde_json::Value, hero_id: i64) {
    match v {
        serde_json::Value::Object(map) => {
            if map.get("type").and_then(|t| t.as_str()) == Some("image")
                && map.get("media").and_then(|m| m.as_str()) == Some("hero")
            {
                map.insert("media".into(), serde_json::json!(hero_id));
            }
            for child in map.values_mut() {
                resolve_media(child, hero_id);
            }
        }
        serde_json::Value::Array(list) => list.iter_mut().for_each(|c| resolve_media(c, hero_id)),
        _ => {}
    }
}
