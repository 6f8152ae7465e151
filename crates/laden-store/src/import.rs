//! The WooCommerce product CSV importer (`laden import FILE.csv`).
//!
//! Accepts WooCommerce's English and German header sets, simple / variable /
//! variation rows, `Parent` by SKU or `id:N`, categories with `>`, and images
//! by path relative to the CSV. Every row is written in its own transaction:
//! a bad row is reported and skipped, never half-written.

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::media::NewMedia;
use crate::models::{Attribute, GalleryItem, ProductKind};
use crate::row::Cols;
use crate::{now, on_db, on_tx};
use laden_domain::{CatalogVisibility, Money, Sku, TaxClass};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct ImportReport {
    pub rows: usize,
    pub created: usize,
    pub updated: usize,
    pub errors: Vec<RowError>,
    pub warnings: Vec<RowError>,
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct RowError {
    /// 1-based line in the file (the header is line 1).
    pub line: usize,
    pub message: String,
}

/// Canonical column for a header, English or German.
fn canonical(header: &str) -> Option<String> {
    let h = header.trim().trim_start_matches('\u{feff}').to_lowercase();
    let fixed = match h.as_str() {
        "id" => "id",
        "type" | "typ" => "type",
        "sku" | "artikelnummer" => "sku",
        "name" => "name",
        "published" | "veröffentlicht" => "published",
        "is featured?" | "ist hervorgehoben?" | "hervorgehoben?" => "featured",
        "visibility in catalog" | "sichtbarkeit im katalog" | "katalogsichtbarkeit" => "visibility",
        "short description" | "kurzbeschreibung" => "short_description",
        "description" | "beschreibung" => "description",
        "tax class" | "steuerklasse" => "tax_class",
        "in stock?" | "vorrätig?" | "auf lager?" => "in_stock",
        "stock" | "lager" | "bestand" => "stock",
        "low stock amount" | "geringe lagermenge" => "low_stock",
        "sale price" | "angebotspreis" => "sale_price",
        "regular price" | "regulärer preis" => "regular_price",
        "categories" | "kategorien" => "categories",
        "images" | "bilder" => "images",
        "parent" | "übergeordnetes produkt" | "eltern" => "parent",
        "position" => "position",
        "date sale price starts" | "beginn des angebotspreises" | "angebotspreis gültig ab" => {
            "sale_from"
        }
        "date sale price ends" | "ende des angebotspreises" | "angebotspreis gültig bis" => {
            "sale_to"
        }
        "tax status" | "steuerstatus" => "tax_status",
        "backorders allowed?" | "lieferrückstand erlaubt?" | "rückstände erlaubt?" => {
            "backorders"
        }
        "sold individually?" | "einzeln verkaufen?" | "einzeln verkauft?" => "sold_individually",
        "allow customer reviews?" | "kundenbewertungen erlauben?" => "reviews_allowed",
        "purchase note" | "kaufhinweis" => "purchase_note",
        "tags" | "schlagwörter" => "tags",
        "download limit" | "download-limit" => "download_limit",
        "download expiry days" | "ablauftage des downloads" | "download-ablauf in tagen" => {
            "download_expiry"
        }
        "grouped products" | "gruppierte produkte" => "grouped",
        "upsells" => "upsells",
        "cross-sells" => "cross_sells",
        "external url" | "externe url" => "external_url",
        "button text" | "button-text" => "button_text",
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.to_owned());
    }
    if let Some(key) = header.trim().strip_prefix("Meta: ") {
        return Some(format!("meta:{key}"));
    }
    // "Weight (lbs)" / "Gewicht (kg)", "Length (in)" / "Länge (cm)", …: the unit rides along.
    for (words, key) in [
        (&["weight", "gewicht"][..], "weight"),
        (&["length", "länge"][..], "length"),
        (&["width", "breite"][..], "width"),
        (&["height", "höhe"][..], "height"),
    ] {
        if words
            .iter()
            .any(|w| h == *w || h.starts_with(&format!("{w} (")))
        {
            let unit = laden_domain::product_rules::header_unit(&h).unwrap_or("");
            return Some(format!("{key}|{unit}"));
        }
    }
    // "Download 1 name" / "Download 1 URL" / "Download 1 ID"
    if let Some(rest) = h.strip_prefix("download ") {
        let mut parts = rest.split_whitespace();
        if let (Some(n), Some(part), None) = (parts.next(), parts.next(), parts.next()) {
            if let (Ok(n), "name" | "url" | "id") = (n.parse::<usize>(), part) {
                return Some(format!("download:{n}:{part}"));
            }
        }
    }
    // "Attribute 1 name" / "Attribut 1 Name", "… value(s)" / "… Wert(e)", "… visible" / "… sichtbar"
    let words: Vec<&str> = h.split_whitespace().collect();
    if words.len() >= 3 && (words[0] == "attribute" || words[0] == "attribut") {
        let n: usize = words[1].parse().ok()?;
        let rest = words[2..].join(" ");
        let part = match rest.as_str() {
            "name" => "name",
            "value(s)" | "wert(e)" | "werte" => "values",
            "visible" | "sichtbar" => "visible",
            "global" => "global",
            "default" | "standard" => "default",
            _ => return None,
        };
        return Some(format!("attr:{n}:{part}"));
    }
    None
}

struct Row {
    line: usize,
    fields: HashMap<String, String>,
}

impl Row {
    fn get(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", |s| s.trim())
    }
    /// The type cell's words: "simple, downloadable, virtual" is simple, downloadable and virtual.
    fn type_words(&self) -> Vec<String> {
        self.get("type")
            .to_lowercase()
            .split(',')
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect()
    }
    fn kind(&self) -> std::result::Result<ProductKind, String> {
        let words = self.type_words();
        let has = |w: &str| words.iter().any(|p| p == w);
        let kind = [
            ProductKind::Variation,
            ProductKind::Variable,
            ProductKind::Grouped,
            ProductKind::External,
            ProductKind::Simple,
        ]
        .into_iter()
        .find(|k| has(k.as_str()));
        match kind {
            Some(k) => Ok(k),
            None if words.iter().all(|w| w == "virtual" || w == "downloadable") => {
                Ok(ProductKind::Simple)
            }
            None => Err(format!(
                "Produkttyp „{}“ wird nicht unterstützt.",
                self.get("type")
            )),
        }
    }
    /// The unit a measurement column was written in, and its cell.
    fn measurement(&self, key: &str) -> (&str, &str) {
        self.fields
            .iter()
            .find_map(|(k, v)| {
                k.strip_prefix(key)
                    .and_then(|r| r.strip_prefix('|'))
                    .map(|unit| (unit, v.trim()))
            })
            .unwrap_or(("", ""))
    }
    /// Another product named in a cell: by SKU, or `id:N` for a row's ID in this file.
    fn references(&self, key: &str) -> Vec<String> {
        self.get(key)
            .split(',')
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty())
            .collect()
    }
    /// The fields WooCommerce keeps in post meta (links to other products are set later,
    /// when every row is in).
    fn details(&self) -> Result<crate::models::ProductDetails> {
        use laden_domain::product_rules::{length_mm, weight_grams};
        use laden_domain::{Backorders, TaxStatus};
        let words = self.type_words();
        let flag = |key: &str| parse_bool(self.get(key)).unwrap_or(false);
        let mut d = crate::models::ProductDetails {
            is_virtual: words.iter().any(|w| w == "virtual"),
            downloadable: words.iter().any(|w| w == "downloadable"),
            purchase_note: clean_html(self.get("purchase_note")),
            sold_individually: flag("sold_individually"),
            reviews_allowed: parse_bool(self.get("reviews_allowed")).unwrap_or(true),
            external_url: self.get("external_url").to_owned(),
            button_text: self.get("button_text").to_owned(),
            ..Default::default()
        };
        d.backorders = Backorders::parse(self.get("backorders"))
            .ok_or_else(|| invalid("backorders", "Lieferrückstand: 0, 1 oder notify erwartet."))?;
        d.tax_status = TaxStatus::parse(self.get("tax_status")).ok_or_else(|| {
            invalid(
                "tax_status",
                "Steuerstatus: taxable, shipping oder none erwartet.",
            )
        })?;
        let (unit, cell) = self.measurement("weight");
        d.weight_g = weight_grams(cell, unit)
            .ok_or_else(|| invalid("weight", &format!("Ungültiges Gewicht „{cell}“.")))?;
        for (key, slot) in [
            ("length", &mut d.length_mm),
            ("width", &mut d.width_mm),
            ("height", &mut d.height_mm),
        ] {
            let (unit, cell) = self.measurement(key);
            *slot = length_mm(cell, unit)
                .ok_or_else(|| invalid(key, &format!("Ungültiges Maß „{cell}“.")))?;
        }
        for (key, slot) in [
            ("download_limit", &mut d.download_limit),
            ("download_expiry", &mut d.download_expiry),
        ] {
            *slot = match self.get(key) {
                "" | "-1" => None,
                v => Some(v.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| {
                    invalid(
                        key,
                        &format!("Ungültige Zahl „{v}“ (leer oder -1: unbegrenzt)."),
                    )
                })?),
            };
        }
        for n in 1..=20 {
            let file = self.get(&format!("download:{n}:url"));
            if file.is_empty() {
                continue;
            }
            let file = laden_domain::product_rules::clean_download_file(file).ok_or_else(|| {
                invalid(
                    "downloads",
                    &format!(
                        "Download {n}: eine https-Adresse oder ein Pfad unter /uploads/ erwartet."
                    ),
                )
            })?;
            let id = match self.get(&format!("download:{n}:id")) {
                "" => format!("{n}"),
                id => id.to_owned(),
            };
            let name = match self.get(&format!("download:{n}:name")) {
                "" => file.rsplit('/').next().unwrap_or("Download").to_owned(),
                name => name.to_owned(),
            };
            d.downloads
                .push(crate::models::DownloadFile { id, name, file });
        }
        if words.iter().any(|w| w == "external") {
            d.external_url =
                laden_domain::product_rules::clean_external_url(self.get("external_url"))
                    .ok_or_else(|| {
                        invalid(
                            "external_url",
                            "Externe URL: eine http(s)-Adresse erwartet.",
                        )
                    })?;
        }
        Ok(d)
    }
    /// The sale's dates as WooCommerce writes them (`2026-12-01`, `2026-12-01 00:00:00`),
    /// local German time; the end date's whole day counts.
    fn sale_dates(&self) -> Result<(Option<i64>, Option<i64>)> {
        let from = parse_date(self.get("sale_from"), false)
            .ok_or_else(|| invalid("sale_from", "Datum als JJJJ-MM-TT erwartet."))?;
        let to = parse_date(self.get("sale_to"), true)
            .ok_or_else(|| invalid("sale_to", "Datum als JJJJ-MM-TT erwartet."))?;
        if let (Some(f), Some(t)) = (from, to) {
            if t < f {
                return Err(invalid("sale_to", "Das Angebot endet vor seinem Beginn."));
            }
        }
        Ok((from, to))
    }
    fn attributes(&self) -> Vec<(String, Vec<String>, bool)> {
        let mut out = Vec::new();
        for n in 1..=20 {
            let name = self.get(&format!("attr:{n}:name"));
            if name.is_empty() {
                continue;
            }
            let values = self
                .get(&format!("attr:{n}:values"))
                .split(',')
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .collect();
            let visible = self.get(&format!("attr:{n}:visible")) != "0";
            out.push((name.to_owned(), values, visible));
        }
        out
    }
}

pub use laden_domain::text::slugify;

fn clean_html(raw: &str) -> String {
    let text = raw.replace("\\n", "\n");
    let html = if text.contains('<') {
        text
    } else {
        text.split("\n\n")
            .filter(|p| !p.trim().is_empty())
            .map(|p| format!("<p>{}</p>", p.trim()))
            .collect::<String>()
    };
    ammonia::clean(&html)
}

/// A date (and time) as WooCommerce's export writes it, in German local time, as seconds;
/// `Some(None)` for empty. A date alone is its day's first second, or its last (`end_of_day`).
fn parse_date(s: &str, end_of_day: bool) -> Option<Option<i64>> {
    let s = s.trim();
    if s.is_empty() {
        return Some(None);
    }
    let local = laden_domain::dates::parse_iso(&s.replacen(' ', "T", 1))?;
    let local = if end_of_day && s.len() == 10 {
        local + 86_399
    } else {
        local
    };
    Some(Some(laden_domain::dates::german_local_to_unix(local)))
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_lowercase().as_str() {
        "1" | "yes" | "ja" | "true" => Some(true),
        "0" | "no" | "nein" | "false" | "-1" => Some(false),
        _ => None,
    }
}

pub struct Importer<'a> {
    pub store: &'a Store,
    /// Where images named in the file are looked up (the CSV's folder).
    pub base_dir: PathBuf,
    pub uploads: PathBuf,
    /// Folder below uploads for imported images.
    pub media_folder: String,
    /// Whether image cells may name files below `base_dir` (the command line's import);
    /// uploads through the admin may only name images already in the media library.
    pub local_files: bool,
    /// This shop's uploads URL (`https://shop/uploads/`): images named by it are taken from the library.
    pub uploads_url: Option<String>,
    media_cache: HashMap<String, i64>,
}

impl<'a> Importer<'a> {
    pub fn new(store: &'a Store, base_dir: PathBuf, uploads: PathBuf, media_folder: &str) -> Self {
        Importer {
            store,
            base_dir,
            uploads,
            media_folder: media_folder.to_owned(),
            local_files: true,
            uploads_url: None,
            media_cache: HashMap::new(),
        }
    }

    /// Imports a CSV file; `progress` is told (done, total) after each row.
    pub async fn import_file(
        &mut self,
        path: &Path,
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<ImportReport> {
        let bytes = std::fs::read(path)?;
        self.import_bytes(&bytes, progress).await
    }

    pub async fn import_bytes(
        &mut self,
        bytes: &[u8],
        progress: &mut (dyn FnMut(usize, usize) + Send),
    ) -> Result<ImportReport> {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        let headers: Vec<Option<String>> = reader
            .headers()
            .map_err(|e| StoreError::Data(e.to_string()))?
            .iter()
            .map(canonical)
            .collect();
        if !headers.iter().any(|h| h.as_deref() == Some("name")) {
            return Err(StoreError::Invalid(vec![(
                "file".into(),
                "Die Datei hat keine Spalte „Name“: keine WooCommerce-Produkt-CSV?".into(),
            )]));
        }
        let mut rows = Vec::new();
        let mut report = ImportReport::default();
        for (i, rec) in reader.records().enumerate() {
            let line = i + 2;
            match rec {
                Ok(rec) => {
                    let mut fields = HashMap::new();
                    for (h, v) in headers.iter().zip(rec.iter()) {
                        if let Some(h) = h {
                            fields.insert(h.clone(), v.to_owned());
                        }
                    }
                    rows.push(Row { line, fields });
                }
                Err(e) => report.errors.push(RowError {
                    line,
                    message: format!("Zeile nicht lesbar: {e}"),
                }),
            }
        }
        report.rows = rows.len() + report.errors.len();
        let total = rows.len();
        // Parents first, so variations can find them whatever the file's order.
        let (variations, parents): (Vec<&Row>, Vec<&Row>) = rows
            .iter()
            .partition(|r| matches!(r.kind(), Ok(ProductKind::Variation)));
        let mut ids_by_csv_id: HashMap<String, i64> = HashMap::new();
        let mut touched_parents = Vec::new();
        let mut done = 0;
        for row in parents {
            match self.import_parent(row, &mut report).await {
                Ok((id, created)) => {
                    if created {
                        report.created += 1
                    } else {
                        report.updated += 1
                    }
                    let csv_id = row.get("id");
                    if !csv_id.is_empty() {
                        ids_by_csv_id.insert(csv_id.to_owned(), id);
                    }
                }
                Err(e) => report.errors.push(RowError {
                    line: row.line,
                    message: describe(&e),
                }),
            }
            done += 1;
            progress(done, total);
        }
        for row in variations {
            match self
                .import_variation(row, &ids_by_csv_id, &mut report)
                .await
            {
                Ok((id, parent, created)) => {
                    if created {
                        report.created += 1
                    } else {
                        report.updated += 1
                    }
                    touched_parents.push(parent);
                    let csv_id = row.get("id");
                    if !csv_id.is_empty() {
                        ids_by_csv_id.insert(csv_id.to_owned(), id);
                    }
                }
                Err(e) => report.errors.push(RowError {
                    line: row.line,
                    message: describe(&e),
                }),
            }
            done += 1;
            progress(done, total);
        }
        touched_parents.sort_unstable();
        touched_parents.dedup();
        for parent in touched_parents {
            self.store.refresh_variable(parent).await?;
        }
        // Grouped products, upsells and cross-sells name rows anywhere in the file: set once all are in.
        for row in &rows {
            let Some(id) = self.row_product_id(row, &ids_by_csv_id).await? else {
                continue;
            };
            let mut links = [Vec::new(), Vec::new(), Vec::new()];
            for (slot, key) in links.iter_mut().zip(["grouped", "upsells", "cross_sells"]) {
                for reference in row.references(key) {
                    match self.reference(&reference, &ids_by_csv_id).await? {
                        Some(target) if target != id => slot.push(target),
                        _ => report.warnings.push(RowError {
                            line: row.line,
                            message: format!(
                                "{key}: Produkt „{reference}“ nicht gefunden, übergangen."
                            ),
                        }),
                    }
                }
            }
            let [children, upsells, cross_sells] = links;
            if !children.is_empty() || !upsells.is_empty() || !cross_sells.is_empty() {
                self.store
                    .set_product_links(id, children, upsells, cross_sells)
                    .await?;
            }
        }
        self.store.bump_content_version().await?;
        Ok(report)
    }

    /// The product a row became (by its ID in the file, else its SKU).
    async fn row_product_id(
        &self,
        row: &Row,
        ids_by_csv_id: &HashMap<String, i64>,
    ) -> Result<Option<i64>> {
        if let Some(id) = ids_by_csv_id.get(row.get("id")) {
            return Ok(Some(*id));
        }
        match row.get("sku") {
            "" => Ok(None),
            sku => self.store.product_id_by_sku(sku).await,
        }
    }

    /// Another product a cell names: `id:N` (a row of this file, else a product id) or a SKU.
    async fn reference(
        &self,
        reference: &str,
        ids_by_csv_id: &HashMap<String, i64>,
    ) -> Result<Option<i64>> {
        if let Some(id) = reference.strip_prefix("id:").map(str::trim) {
            if let Some(id) = ids_by_csv_id.get(id) {
                return Ok(Some(*id));
            }
            return match id.parse::<i64>() {
                Ok(id) => Ok(self.store.product(id).await.ok().map(|p| p.id)),
                Err(_) => Ok(None),
            };
        }
        self.store.product_id_by_sku(reference).await
    }

    async fn image(
        &mut self,
        spec: &str,
        title: &str,
        line: usize,
        report: &mut ImportReport,
    ) -> Option<i64> {
        let spec = spec.trim();
        if let Some(id) = self.media_cache.get(spec) {
            return Some(*id);
        }
        if let Some(file) = self
            .uploads_url
            .as_deref()
            .and_then(|u| spec.strip_prefix(u))
        {
            return match self.store.media_id_by_file(file).await {
                Ok(Some(id)) => {
                    self.media_cache.insert(spec.to_owned(), id);
                    Some(id)
                }
                _ => {
                    report.warnings.push(RowError {
                        line,
                        message: format!("Bild „{spec}“ ist nicht in der Mediathek."),
                    });
                    None
                }
            };
        }
        if spec.starts_with("http://") || spec.starts_with("https://") {
            report.warnings.push(RowError { line, message: format!("Bild „{spec}“ übersprungen: Laden lädt nichts aus dem Netz, bitte als Datei angeben.") });
            return None;
        }
        if !self.local_files {
            report.warnings.push(RowError { line, message: format!("Bild „{spec}“ übersprungen: bitte zuerst in die Mediathek hochladen und die Adresse angeben.") });
            return None;
        }
        let path = self.base_dir.join(spec);
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                report.warnings.push(RowError {
                    line,
                    message: format!("Bild „{spec}“ nicht lesbar: {e}"),
                });
                return None;
            }
        };
        let stem = slugify(path.file_stem().and_then(|s| s.to_str()).unwrap_or("bild"));
        let media = NewMedia {
            bytes: &bytes,
            stem: &stem,
            folder: &self.media_folder,
            alt: title,
            title,
            caption: "",
        };
        match self.store.add_image(&self.uploads, media).await {
            Ok(id) => {
                self.media_cache.insert(spec.to_owned(), id);
                Some(id)
            }
            Err(e) => {
                report.warnings.push(RowError {
                    line,
                    message: format!("Bild „{spec}“: {}", describe(&e)),
                });
                None
            }
        }
    }

    async fn import_parent(&mut self, row: &Row, report: &mut ImportReport) -> Result<(i64, bool)> {
        let kind = row
            .kind()
            .map_err(|m| StoreError::Invalid(vec![("type".into(), m)]))?;
        let name = row.get("name");
        if name.is_empty() {
            return Err(StoreError::Invalid(vec![(
                "name".into(),
                "Name fehlt.".into(),
            )]));
        }
        let sku = parse_sku(row.get("sku"))?;
        let regular = parse_price(row.get("regular_price"), "regular_price")?;
        let sale = parse_price(row.get("sale_price"), "sale_price")?;
        if matches!(kind, ProductKind::Simple | ProductKind::External) && regular.is_none() {
            return Err(StoreError::Invalid(vec![(
                "regular_price".into(),
                "Regulärer Preis fehlt.".into(),
            )]));
        }
        let details = row.details()?;
        let (sale_from, sale_to) = row.sale_dates()?;
        let (stock, stock_status) = parse_stock(row, details.backorders)?;
        let catalog_visibility = match row.get("visibility") {
            "" => CatalogVisibility::Visible,
            v => CatalogVisibility::parse(v).ok_or_else(|| {
                StoreError::Invalid(vec![(
                    "visibility".into(),
                    format!("Unbekannte Sichtbarkeit im Katalog: „{v}“ (visible, catalog, search oder hidden)."),
                )])
            })?,
        };
        let mut gallery = Vec::new();
        let mut image_id = None;
        for (i, spec) in row
            .get("images")
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .enumerate()
        {
            if let Some(id) = self.image(spec, name, row.line, report).await {
                if i == 0 {
                    image_id = Some(id);
                }
                gallery.push(GalleryItem::Image { media_id: id });
            }
        }
        for spec in row
            .get("meta:laden_gallery_media")
            .split('|')
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            if let Some(src) = spec.strip_prefix("iframe:") {
                gallery.push(GalleryItem::Iframe {
                    src: src.trim().to_owned(),
                    poster: image_id,
                });
            } else if let Some(src) = spec.strip_prefix("video-autoplay:") {
                gallery.push(GalleryItem::Video {
                    src: src.trim().to_owned(),
                    poster: image_id,
                    autoplay: true,
                });
            } else if let Some(src) = spec.strip_prefix("video:") {
                gallery.push(GalleryItem::Video {
                    src: src.trim().to_owned(),
                    poster: image_id,
                    autoplay: false,
                });
            }
        }
        let attributes: Vec<Attribute> = row
            .attributes()
            .into_iter()
            .map(|(name, options, visible)| Attribute {
                name,
                options,
                variation: kind == ProductKind::Variable,
                visible,
            })
            .collect();
        let categories = self
            .store
            .ensure_category_paths(row.get("categories"))
            .await?;
        let p = NewProduct {
            parent_id: None,
            kind,
            name: name.to_owned(),
            sku,
            status: match row.get("published") {
                "0" => "draft",
                "-1" => "private",
                _ => "publish",
            }
            .to_owned(),
            featured: parse_bool(row.get("featured")).unwrap_or(false),
            catalog_visibility,
            short_description: clean_html(row.get("short_description")),
            description: clean_html(row.get("description")),
            regular,
            sale,
            tax_class: TaxClass::from_woo(row.get("tax_class")),
            stock,
            stock_status,
            low_stock: row.get("low_stock").parse().ok(),
            image_id,
            gallery,
            attributes,
            attached: None,
            menu_order: row.get("position").parse().unwrap_or(0),
            categories,
            unit: row_unit(row)?,
            delivery_time: row_delivery_time(row)?,
            details,
            sale_from,
            sale_to,
            tag_ids: self.store.ensure_tags(row.get("tags")).await?,
        };
        self.store.save_product(&p).await
    }

    async fn import_variation(
        &mut self,
        row: &Row,
        ids_by_csv_id: &HashMap<String, i64>,
        report: &mut ImportReport,
    ) -> Result<(i64, i64, bool)> {
        let parent_ref = row.get("parent");
        let parent_id = if let Some(id) = parent_ref.strip_prefix("id:") {
            match ids_by_csv_id.get(id.trim()) {
                Some(id) => *id,
                None => id
                    .trim()
                    .parse::<i64>()
                    .map_err(|_| invalid("parent", "Übergeordnetes Produkt unbekannt."))?,
            }
        } else if parent_ref.is_empty() {
            return Err(invalid("parent", "Variante ohne übergeordnetes Produkt."));
        } else {
            self.store
                .product_id_by_sku(parent_ref)
                .await?
                .ok_or_else(|| invalid("parent", "Übergeordnetes Produkt unbekannt."))?
        };
        let parent = self
            .store
            .product(parent_id)
            .await
            .map_err(|_| invalid("parent", "Übergeordnetes Produkt unbekannt."))?;
        if parent.kind != ProductKind::Variable {
            return Err(invalid(
                "parent",
                "Das übergeordnete Produkt ist kein variables Produkt.",
            ));
        }
        let regular = parse_price(row.get("regular_price"), "regular_price")?
            .ok_or_else(|| invalid("regular_price", "Regulärer Preis fehlt."))?;
        let sale = parse_price(row.get("sale_price"), "sale_price")?;
        let details = row.details()?;
        let (sale_from, sale_to) = row.sale_dates()?;
        let (stock, stock_status) = parse_stock(row, details.backorders)?;
        let attrs = row.attributes();
        for (name, _, _) in &attrs {
            if !parent
                .attributes
                .iter()
                .any(|a| a.name.eq_ignore_ascii_case(name))
            {
                return Err(invalid(
                    "attributes",
                    &format!("Attribut „{name}“ gibt es beim Hauptprodukt nicht."),
                ));
            }
        }
        let attributes: Vec<Attribute> = attrs
            .iter()
            .map(|(name, values, _)| Attribute {
                name: name.clone(),
                options: values.iter().take(1).cloned().collect(),
                variation: true,
                visible: true,
            })
            .collect();
        let label: Vec<&str> = attributes
            .iter()
            .filter_map(|a| a.options.first().map(String::as_str))
            .collect();
        let name = if row.get("name").is_empty() || row.get("name") == parent.name {
            format!("{} – {}", parent.name, label.join(", "))
        } else {
            row.get("name").to_owned()
        };
        let image_id = match row
            .get("images")
            .split(',')
            .next()
            .filter(|s| !s.trim().is_empty())
        {
            Some(spec) => self.image(spec, &name, row.line, report).await,
            None => None,
        };
        let attached_html = row.get("meta:laden_attached_media").to_owned();
        let attached = if attached_html.is_empty() {
            None
        } else {
            let poster = match row.get("meta:laden_attached_media_poster") {
                "" => None,
                spec => self.image(spec, &name, row.line, report).await,
            };
            Some(crate::models::AttachedMedia {
                html: sanitize_embed(&attached_html),
                kind: row.get("meta:laden_attached_media_type").to_owned(),
                poster,
                enabled: row.get("meta:laden_attached_media_enabled") != "0",
            })
        };
        let p = NewProduct {
            parent_id: Some(parent_id),
            kind: ProductKind::Variation,
            name,
            sku: parse_sku(row.get("sku"))?,
            status: if row.get("published") == "0" {
                "draft".into()
            } else {
                "publish".into()
            },
            featured: false,
            catalog_visibility: CatalogVisibility::Visible,
            short_description: String::new(),
            description: clean_html(row.get("description")),
            regular: Some(regular),
            sale,
            tax_class: if row.get("tax_class").eq_ignore_ascii_case("parent")
                || row.get("tax_class").is_empty()
            {
                parent.tax_class
            } else {
                TaxClass::from_woo(row.get("tax_class"))
            },
            stock,
            stock_status,
            low_stock: row.get("low_stock").parse().ok(),
            image_id,
            gallery: Vec::new(),
            attributes,
            attached,
            menu_order: row.get("position").parse().unwrap_or(0),
            categories: Vec::new(),
            unit: row_unit(row)?,
            delivery_time: row_delivery_time(row)?,
            details,
            sale_from,
            sale_to,
            tag_ids: Vec::new(),
        };
        let (id, created) = self.store.save_product(&p).await?;
        Ok((id, parent_id, created))
    }
}

/// `Meta: laden_delivery_time`: the Lieferzeit as text.
fn row_delivery_time(row: &Row) -> Result<String> {
    crate::models::clean_delivery_time(row.get("meta:laden_delivery_time")).ok_or_else(|| {
        invalid(
            "laden_delivery_time",
            "Die Lieferzeit darf höchstens 100 Zeichen lang sein.",
        )
    })
}

/// Grundpreis columns as Germanized writes them: `Meta: _unit`, `Meta: _unit_product` (content),
/// `Meta: _unit_base` (reference amount).
fn row_unit(row: &Row) -> Result<crate::models::ProductUnit> {
    crate::models::ProductUnit::parse(
        row.get("meta:_unit"),
        row.get("meta:_unit_product"),
        row.get("meta:_unit_base"),
    )
    .map_err(|(field, msg)| invalid(field, msg))
}

/// Video embeds the gallery may show in an iframe.
const EMBED_ALLOW_LIST: [&str; 3] = [
    "https://www.youtube-nocookie.com/embed/",
    "https://www.youtube.com/embed/",
    "https://player.vimeo.com/video/",
];

/// Attached media HTML keeps only `<video>`, `<source>` and allow-listed
/// `<iframe>`s. A bare URL (the gallery uses it as the video's or iframe's
/// source) stays only when it is a path on this site, an allow-listed embed
/// or an http(s) video file; anything else becomes empty.
pub fn sanitize_embed(html: &str) -> String {
    let trimmed = html.trim();
    if !trimmed.is_empty() && !trimmed.starts_with('<') {
        let plain = !trimmed.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\')
        });
        let local = trimmed.starts_with('/') && !trimmed.starts_with("//");
        let lower = trimmed.to_ascii_lowercase();
        let video_file = (lower.starts_with("https://") || lower.starts_with("http://"))
            && [".mp4", ".webm", ".ogg", ".ogv", ".mov", ".m4v"]
                .iter()
                .any(|ext| {
                    lower
                        .split(['?', '#'])
                        .next()
                        .is_some_and(|p| p.ends_with(ext))
                });
        let embed = EMBED_ALLOW_LIST.iter().any(|p| trimmed.starts_with(p));
        return if plain && (local || video_file || embed) {
            trimmed.to_owned()
        } else {
            String::new()
        };
    }
    let mut b = ammonia::Builder::default();
    b.add_tags(["iframe", "video", "source"])
        .add_tag_attributes(
            "iframe",
            [
                "src",
                "width",
                "height",
                "allow",
                "allowfullscreen",
                "title",
                "loading",
            ],
        )
        .add_tag_attributes(
            "video",
            [
                "src",
                "poster",
                "controls",
                "muted",
                "loop",
                "playsinline",
                "autoplay",
                "width",
                "height",
                "preload",
            ],
        )
        .add_tag_attributes("source", ["src", "type"])
        .attribute_filter(|el, attr, value| {
            if el == "iframe" && attr == "src" {
                if EMBED_ALLOW_LIST.iter().any(|p| value.starts_with(p))
                    || (value.starts_with('/') && !value.starts_with("//"))
                {
                    return Some(value.into());
                }
                return None;
            }
            Some(value.into())
        });
    b.clean(html).to_string()
}

fn invalid(field: &str, msg: &str) -> StoreError {
    StoreError::Invalid(vec![(field.to_owned(), msg.to_owned())])
}

fn describe(e: &StoreError) -> String {
    match e {
        StoreError::Invalid(list) => list
            .iter()
            .map(|(f, m)| format!("{f}: {m}"))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

fn parse_sku(s: &str) -> Result<Option<String>> {
    if s.is_empty() {
        return Ok(None);
    }
    Sku::parse(s)
        .map(|s| Some(s.as_str().to_owned()))
        .ok_or_else(|| invalid("sku", "Ungültige Artikelnummer."))
}

fn parse_price(s: &str, field: &str) -> Result<Option<Money>> {
    if s.is_empty() {
        return Ok(None);
    }
    match Money::parse_decimal(s) {
        Some(m) if m.cents() >= 0 => Ok(Some(m)),
        _ => Err(invalid(field, &format!("Ungültiger Preis „{s}“."))),
    }
}

/// The stock and its status. With backorders allowed, a negative stock (WooCommerce keeps
/// one for backordered units) is read as none left: Laden never keeps stock below zero.
fn parse_stock(row: &Row, backorders: laden_domain::Backorders) -> Result<(Option<i64>, String)> {
    let stock = match row.get("stock") {
        "" => None,
        s => Some(
            s.parse::<i64>()
                .ok()
                .filter(|n| *n >= 0 || backorders.allowed())
                .map(|n| n.max(0))
                .ok_or_else(|| invalid("stock", &format!("Ungültiger Bestand „{s}“.")))?,
        ),
    };
    let flag = row.get("in_stock").to_lowercase();
    let status = match stock {
        Some(n) => laden_domain::product_rules::stock_status_for(n, backorders),
        None if flag == "0" || flag == "nein" => "outofstock",
        None if flag == "backorder" || flag == "onbackorder" => "onbackorder",
        None => "instock",
    };
    Ok((stock, status.to_owned()))
}

#[derive(Debug, Clone, Default)]
pub struct NewProduct {
    pub parent_id: Option<i64>,
    pub kind: ProductKind,
    pub name: String,
    pub sku: Option<String>,
    pub status: String,
    pub featured: bool,
    pub catalog_visibility: CatalogVisibility,
    pub short_description: String,
    pub description: String,
    pub regular: Option<Money>,
    pub sale: Option<Money>,
    pub tax_class: TaxClass,
    pub stock: Option<i64>,
    pub stock_status: String,
    pub low_stock: Option<i64>,
    pub image_id: Option<i64>,
    pub gallery: Vec<GalleryItem>,
    pub attributes: Vec<Attribute>,
    pub attached: Option<crate::models::AttachedMedia>,
    pub menu_order: i64,
    pub categories: Vec<i64>,
    /// Grundpreis data (checked by `ProductUnit::parse`).
    pub unit: crate::models::ProductUnit,
    /// Lieferzeit (checked by `clean_delivery_time`); empty: the parent's or the shop's default.
    pub delivery_time: String,
    pub details: crate::models::ProductDetails,
    pub sale_from: Option<i64>,
    pub sale_to: Option<i64>,
    pub tag_ids: Vec<i64>,
}

impl Store {
    pub async fn product_id_by_sku(&self, sku: &str) -> Result<Option<i64>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT id FROM products WHERE sku = $1").bind(sku).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()
        })
    }

    /// Creates the categories of a WooCommerce `Categories` cell ("A > B, C") and returns the leaf ids.
    pub async fn ensure_category_paths(&self, cell: &str) -> Result<Vec<i64>> {
        let mut leaves = Vec::new();
        for path in cell.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let mut parent: Option<i64> = None;
            for name in path.split('>').map(str::trim).filter(|s| !s.is_empty()) {
                parent = Some(self.ensure_category(name, parent).await?);
            }
            if let Some(id) = parent {
                leaves.push(id);
            }
        }
        Ok(leaves)
    }

    async fn ensure_category(&self, name: &str, parent: Option<i64>) -> Result<i64> {
        let existing = on_db!(&self.db, p => {
            let row = match parent {
                Some(pid) => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id = $2").bind(name).bind(pid).fetch_optional(p).await?,
                None => sqlx::query("SELECT id FROM categories WHERE name = $1 AND parent_id IS NULL").bind(name).fetch_optional(p).await?,
            };
            row.map(|r| r.i64("id")).transpose()?
        });
        if let Some(id) = existing {
            return Ok(id);
        }
        let base = slugify(name);
        let mut slug = base.clone();
        let mut n = 1;
        loop {
            let taken = on_db!(&self.db, p => sqlx::query("SELECT id FROM categories WHERE slug = $1").bind(&slug).fetch_optional(p).await?.is_some());
            if !taken {
                break;
            }
            n += 1;
            slug = format!("{base}-{n}");
        }
        on_db!(&self.db, p => {
            let row = sqlx::query(
                "INSERT INTO categories (parent_id, name, slug, position) VALUES ($1, $2, $3, (SELECT COUNT(*) FROM categories)) RETURNING id",
            )
            .bind(parent)
            .bind(name)
            .bind(&slug)
            .fetch_one(p)
            .await?;
            row.i64("id")
        })
    }

    async fn unique_product_slug(&self, name: &str, own_id: Option<i64>) -> Result<String> {
        let base = slugify(name);
        let base = if base.is_empty() {
            "produkt".to_owned()
        } else {
            base
        };
        let mut slug = base.clone();
        let mut n = 1;
        loop {
            let other = on_db!(&self.db, p => {
                sqlx::query("SELECT id FROM products WHERE slug = $1").bind(&slug).fetch_optional(p).await?.map(|r| r.i64("id")).transpose()?
            });
            match other {
                None => return Ok(slug),
                Some(id) if Some(id) == own_id => return Ok(slug),
                Some(_) => {
                    n += 1;
                    slug = format!("{base}-{n}");
                }
            }
        }
    }

    /// Inserts a product, or updates the one with the same SKU. Returns (id, created).
    pub async fn save_product(&self, p: &NewProduct) -> Result<(i64, bool)> {
        let existing = match &p.sku {
            Some(sku) => self.product_id_by_sku(sku).await?,
            None => None,
        };
        let slug = if p.kind == ProductKind::Variation {
            None
        } else {
            Some(self.unique_product_slug(&p.name, existing).await?)
        };
        let (sale, price) =
            laden_domain::product_rules::prices(p.regular, p.sale, p.sale_from, p.sale_to, now());
        let details = serde_json::to_string(&p.details)?;
        let gallery = serde_json::to_string(&p.gallery)?;
        let attributes = serde_json::to_string(&p.attributes)?;
        let mut attached = p.attached.clone().unwrap_or_default();
        attached.html = sanitize_embed(&attached.html);
        // Every writer gets safe HTML, whoever calls (importer, admin API, tests).
        let short_description = ammonia::clean(&p.short_description);
        let description = ammonia::clean(&p.description);
        let (search_name, search_body) =
            crate::search::terms(&p.name, &short_description, &description, p.sku.as_deref());
        let t = now();
        let mut tx = self.begin().await?;
        // One bind sequence for both statements: $1…$32 are the product's fields.
        macro_rules! bind_fields {
            ($q:expr) => {
                $q.bind(p.parent_id)
                    .bind(p.kind.as_str())
                    .bind(&p.name)
                    .bind(&slug)
                    .bind(&p.sku)
                    .bind(&p.status)
                    .bind(p.featured)
                    .bind(&short_description)
                    .bind(&description)
                    .bind(p.regular.map(Money::cents))
                    .bind(sale.map(Money::cents))
                    .bind(price.map(Money::cents))
                    .bind(p.tax_class.as_str())
                    .bind(p.stock)
                    .bind(&p.stock_status)
                    .bind(p.low_stock)
                    .bind(p.image_id)
                    .bind(&gallery)
                    .bind(&attributes)
                    .bind(&attached.html)
                    .bind(&attached.kind)
                    .bind(attached.poster)
                    .bind(attached.enabled)
                    .bind(p.menu_order)
                    .bind(t)
                    .bind(&p.unit.unit)
                    .bind(p.unit.content)
                    .bind(p.unit.base)
                    .bind(&p.delivery_time)
                    .bind(p.catalog_visibility.as_str())
                    .bind(&search_name)
                    .bind(&search_body)
                    .bind(&details)
                    .bind(p.sale_from)
                    .bind(p.sale_to)
            };
        }
        let id = on_tx!(&mut tx, c => {
            let id = match existing {
                Some(id) => {
                    bind_fields!(sqlx::query(
                        "UPDATE products SET parent_id = $1, kind = $2, name = $3, slug = $4, sku = $5, status = $6, featured = $7, \
                         short_description = $8, description = $9, regular_price = $10, sale_price = $11, price = $12, max_price = $12, \
                         tax_class = $13, stock = $14, stock_status = $15, low_stock_amount = $16, image_id = $17, gallery = $18, \
                         attributes = $19, attached_media = $20, attached_media_type = $21, attached_media_poster = $22, \
                         attached_media_enabled = $23, menu_order = $24, updated_at = $25, unit = $26, unit_content = $27, unit_base = $28, \
                         delivery_time = $29, catalog_visibility = $30, search_name = $31, search_body = $32, search_indexed = TRUE, \
                         details = $33, sale_from = $34, sale_to = $35 WHERE id = $36",
                    ))
                    .bind(id)
                    .execute(&mut *c)
                    .await?;
                    sqlx::query("DELETE FROM product_categories WHERE product_id = $1").bind(id).execute(&mut *c).await?;
                    sqlx::query("DELETE FROM product_tags WHERE product_id = $1").bind(id).execute(&mut *c).await?;
                    id
                }
                None => bind_fields!(sqlx::query(
                    "INSERT INTO products (parent_id, kind, name, slug, sku, status, featured, short_description, description, \
                     regular_price, sale_price, price, max_price, tax_class, stock, stock_status, low_stock_amount, image_id, gallery, \
                     attributes, attached_media, attached_media_type, attached_media_poster, attached_media_enabled, menu_order, \
                     created_at, updated_at, unit, unit_content, unit_base, delivery_time, catalog_visibility, search_name, search_body, \
                     search_indexed, details, sale_from, sale_to) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, \
                     $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25, $26, $27, $28, $29, $30, $31, $32, TRUE, $33, $34, $35) RETURNING id",
                ))
                .fetch_one(&mut *c)
                .await?
                .i64("id")?,
            };
            for cat in &p.categories {
                sqlx::query("INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                    .bind(id)
                    .bind(*cat)
                    .execute(&mut *c)
                    .await?;
            }
            for tag in &p.tag_ids {
                sqlx::query("INSERT INTO product_tags (product_id, tag_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                    .bind(id)
                    .bind(*tag)
                    .execute(&mut *c)
                    .await?;
            }
            id
        });
        crate::attribute_terms::write(&mut tx, id, p.kind, &p.attributes).await?;
        crate::product_links::refresh_grouped(&mut tx, &[id]).await?;
        crate::changes::record(&mut tx, &[crate::Scope::Product(id), crate::Scope::Catalog])
            .await?;
        tx.commit().await?;
        Ok((id, existing.is_none()))
    }

    /// Derives a variable product's price range, stock status and variation
    /// attributes from its variations.
    pub async fn refresh_variable(&self, parent_id: i64) -> Result<()> {
        let parent = self.product(parent_id).await?;
        let variations = self.variations(parent_id).await?;
        let prices: Vec<i64> = variations
            .iter()
            .filter_map(|v| v.price.map(Money::cents))
            .collect();
        let in_stock = variations.iter().any(|v| v.in_stock());
        let attributes: Vec<Attribute> = parent
            .attributes
            .iter()
            .map(|a| Attribute {
                variation: variations.iter().any(|v| {
                    v.attributes
                        .iter()
                        .any(|va| va.name.eq_ignore_ascii_case(&a.name))
                }),
                ..a.clone()
            })
            .collect();
        on_db!(&self.db, p => {
            sqlx::query("UPDATE products SET price = $2, max_price = $3, stock_status = $4, attributes = $5 WHERE id = $1")
                .bind(parent_id)
                .bind(prices.iter().min().copied())
                .bind(prices.iter().max().copied())
                .bind(if in_stock { "instock" } else { "outofstock" })
                .bind(serde_json::to_string(&attributes)?)
                .execute(p)
                .await?;
        });
        if attributes != parent.attributes {
            let mut tx = self.begin().await?;
            crate::attribute_terms::write(&mut tx, parent_id, parent.kind, &attributes).await?;
            tx.commit().await?;
        }
        // Its price range orders listings; its stock status shows on its page.
        self.content_changed(&[crate::Scope::Product(parent_id), crate::Scope::Catalog])
            .await
    }

    /// Adds an approved review and updates the product's rating.
    pub async fn add_review(
        &self,
        product_id: i64,
        rating: i64,
        author: &str,
        content: &str,
        created_at: i64,
    ) -> Result<i64> {
        if !(1..=5).contains(&rating) {
            return Err(invalid("rating", "Bewertung muss zwischen 1 und 5 liegen."));
        }
        let mut tx = self.begin().await?;
        let id = on_tx!(&mut tx, c => {
            let id = sqlx::query(
                "INSERT INTO reviews (product_id, rating, author, content, approved, verified, created_at) VALUES ($1, $2, $3, $4, TRUE, TRUE, $5) RETURNING id",
            )
            .bind(product_id)
            .bind(rating)
            .bind(laden_domain::text::sanitize_text_field(author))
            .bind(crate::escape_text(content))
            .bind(created_at)
            .fetch_one(&mut *c)
            .await?
            .i64("id")?;
            sqlx::query("UPDATE products SET rating_sum = rating_sum + $2, rating_count = rating_count + 1 WHERE id = $1")
                .bind(product_id)
                .bind(rating)
                .execute(&mut *c)
                .await?;
            id
        });
        // The rating shows on the product and orders listings sorted by rating.
        crate::changes::record(
            &mut tx,
            &[crate::Scope::Product(product_id), crate::Scope::Catalog],
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_in_both_languages() {
        let cases = [
            ("Regular price", Some("regular_price")),
            ("Regulärer Preis", Some("regular_price")),
            ("\u{feff}ID", Some("id")),
            ("Übergeordnetes Produkt", Some("parent")),
            ("Attribute 2 value(s)", Some("attr:2:values")),
            ("Attribut 1 Wert(e)", Some("attr:1:values")),
            (
                "Meta: laden_attached_media",
                Some("meta:laden_attached_media"),
            ),
            ("Download 1 URL", Some("download:1:url")),
            ("Download 12 name", Some("download:12:name")),
            ("Weight (lbs)", Some("weight|lbs")),
            ("Gewicht (kg)", Some("weight|kg")),
            ("Length (in)", Some("length|in")),
            ("Höhe (cm)", Some("height|cm")),
            ("Grouped products", Some("grouped")),
            ("Cross-sells", Some("cross_sells")),
            ("Backorders allowed?", Some("backorders")),
            ("Date sale price ends", Some("sale_to")),
            ("Download", None),
            ("Shipping class", None),
        ];
        for (h, want) in cases {
            assert_eq!(canonical(h).as_deref(), want, "{h}");
        }
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slugify("Grüner Tee – Sencha Größe"),
            "gruener-tee-sencha-groesse"
        );
        assert_eq!(slugify("  Espresso!! "), "espresso");
    }

    #[test]
    fn embeds_only_from_allowed_hosts() {
        let ok =
            sanitize_embed(r#"<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>"#);
        assert!(ok.contains("youtube-nocookie.com/embed/abc"), "{ok}");
        let bad = sanitize_embed(
            r#"<iframe src="https://evil.example/x"></iframe><script>alert(1)</script>"#,
        );
        assert!(
            !bad.contains("evil.example") && !bad.contains("script"),
            "{bad}"
        );
    }

    #[test]
    fn bare_media_urls_are_kept_only_when_safe() {
        let cases = [
            ("/uploads/2026/11/roestung.mp4", true),
            ("https://cdn.example.de/film.webm?v=2", true),
            ("https://www.youtube-nocookie.com/embed/abc", true),
            ("  https://player.vimeo.com/video/42 ", true),
            ("javascript:alert(1)", false),
            ("JaVaScRiPt:alert(1)//.mp4", false),
            ("data:text/html,<b>x</b>", false),
            ("//evil.example/x.mp4", false),
            ("https://evil.example/page", false),
            ("https://evil.example/x.mp4\" onerror=\"alert(1)", false),
        ];
        for (input, kept) in cases {
            let out = sanitize_embed(input);
            assert_eq!(!out.is_empty(), kept, "{input} -> {out}");
        }
    }
}
