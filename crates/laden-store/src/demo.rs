//! The demo shop: product images drawn deterministically, then the real
//! importer, reviews, pages, menus and settings from `fixtures/demo/`.

use crate::content::NewMenuItem;
use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::import::{ImportReport, Importer};
use crate::media::NewMedia;
use std::collections::BTreeSet;
use std::path::Path;

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
            let bytes = encode_jpeg(&laden_pixels::draw_product_image(&name, 900))?;
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

    let hero = encode_jpeg(&laden_pixels::draw_product_image("hero-roesterei", 1600))?;
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
