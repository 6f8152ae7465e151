//! The WooCommerce product CSV importer (`laden import FILE.csv`).
//!
//! Accepts WooCommerce's English and German header sets, simple / variable /
//! variation rows, `Parent` by SKU or `id:N`, categories with `>`, and images
//! by path relative to the CSV. Rows are written many to a transaction, each behind a
//! savepoint of its own (`batch.rs`): a bad row is reported and skipped, never half-written.

mod batch;
mod embed;
mod row;
mod save;

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::media::NewMedia;
use crate::models::{Attribute, GalleryItem, Product, ProductKind};
use crate::old_slugs::SlugOf;
pub use embed::sanitize_embed;
use laden_domain::i18n::{t, tf};
use laden_domain::pricing::{deposit, price_label};
pub use laden_domain::text::slugify;
use laden_domain::{CatalogVisibility, TaxClass};
use row::{canonical, Row};
use row::{
    clean_html, parse_bool, parse_price, parse_sku, parse_stock, row_delivery_time, row_unit,
};
pub use save::NewProduct;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// An import of at least this many rows refreshes the planner's statistics
/// ([`Store::refresh_statistics`]): enough new rows to change which index serves a listing.
const STATISTICS_AFTER: usize = 500;

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
    /// A copy of the old shop's uploads folder: a picture named by its old address
    /// (`…/wp-content/uploads/2024/05/bild.jpg`) is the file at the path after `uploads/`.
    pub old_uploads: Option<PathBuf>,
    /// Downloads what the old uploads folder does not have, through the guarded client
    /// (`laden-outbound`); `None`: nothing is fetched from the web.
    pub fetch: Option<laden_outbound::Outbound>,
    media_cache: HashMap<String, i64>,
    /// The transaction the rows are being written in.
    batch: Option<batch::Batch>,
    /// A batch that could not be written (its commit, or a savepoint, failed): the import stops.
    failed: Option<StoreError>,
    /// The category and tag ids of the cells written so far (most rows repeat a few).
    category_ids: HashMap<String, Vec<i64>>,
    tag_ids: HashMap<String, Vec<i64>>,
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
            old_uploads: None,
            fetch: None,
            media_cache: HashMap::new(),
            batch: None,
            failed: None,
            category_ids: HashMap::new(),
            tag_ids: HashMap::new(),
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
                t("The file has no “Name” column: not a WooCommerce product CSV?"),
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
                    message: tf("The line cannot be read: %s", &[&e]),
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
            let done_row = self.import_parent(row, &mut report).await;
            self.stop_if_failed()?;
            tally(&mut report, &mut ids_by_csv_id, row, done_row);
            done += 1;
            progress(done, total);
        }
        // The variations read their parents through the shop's own reads.
        self.flush().await?;
        for row in variations {
            let done_row = self
                .import_variation(row, &ids_by_csv_id, &mut report)
                .await
                .map(|(id, parent, created)| {
                    touched_parents.push(parent);
                    (id, created)
                });
            self.stop_if_failed()?;
            tally(&mut report, &mut ids_by_csv_id, row, done_row);
            done += 1;
            progress(done, total);
        }
        self.flush().await?;
        // The IDs the rows had in the shop the file came from: its `/?p=ID` links lead here.
        let imported: Vec<(i64, i64)> = ids_by_csv_id
            .iter()
            .filter_map(|(old, id)| Some((old.trim().parse::<i64>().ok().filter(|n| *n > 0)?, *id)))
            .collect();
        self.store.remember_imported_ids(&imported).await?;
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
                            message: tf(
                                "%1$s: product “%2$s” not found, skipped.",
                                &[&key, &reference],
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
        if done >= STATISTICS_AFTER {
            self.store.refresh_statistics().await?;
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
        if let Some(id) = reference.strip_prefix("id:") {
            return match self.by_file_id(id, ids_by_csv_id).await? {
                Some(id) => Ok(self.store.product(id).await.ok().map(|p| p.id)),
                None => Ok(None),
            };
        }
        self.store.product_id_by_sku(reference).await
    }

    /// The product an `id:N` names: the row of this file with that ID, else the product an
    /// earlier import made of that ID, else the shop's product `N` (not checked here).
    async fn by_file_id(
        &self,
        id: &str,
        ids_by_csv_id: &HashMap<String, i64>,
    ) -> Result<Option<i64>> {
        let id = id.trim();
        if let Some(id) = ids_by_csv_id.get(id) {
            return Ok(Some(*id));
        }
        if let Some(made) = self.store.renamed(SlugOf::ImportedId, id).await? {
            return Ok(Some(made));
        }
        Ok(id.parse::<i64>().ok())
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
                        message: tf("Image “%s” is not in the media library.", &[&spec]),
                    });
                    None
                }
            };
        }
        // Any address with a scheme is another site's (`file://` too): the guard decides.
        if spec.contains("://") {
            return self.remote_image(spec, title, line, report).await;
        }
        if !self.local_files {
            report.warnings.push(RowError { line, message: tf("Image “%s” skipped: please upload it to the media library first and give its address.", &[&spec]) });
            return None;
        }
        let path = self.base_dir.join(spec);
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                report.warnings.push(RowError {
                    line,
                    message: tf("Image “%1$s” cannot be read: %2$s", &[&spec, &e]),
                });
                return None;
            }
        };
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("bild");
        self.keep_image(spec, &bytes, stem, title, line, report)
            .await
    }

    /// A picture named by its address on another site (a moved shop's
    /// `…/wp-content/uploads/…`): from the copy of its uploads folder the owner gave, else
    /// downloaded when allowed. A picture not found or refused is named in the row's report;
    /// the row imports all the same.
    async fn remote_image(
        &mut self,
        spec: &str,
        title: &str,
        line: usize,
        report: &mut ImportReport,
    ) -> Option<i64> {
        let below = laden_domain::links::uploads::uploads_path(spec);
        let stem = below
            .as_ref()
            .and_then(|parts| parts.last())
            .and_then(|name| Path::new(name).file_stem())
            .and_then(|s| s.to_str())
            .unwrap_or("bild")
            .to_owned();
        if let (Some(dir), Some(parts)) = (&self.old_uploads, &below) {
            let path = parts.iter().fold(dir.clone(), |p, part| p.join(part));
            if let Ok(bytes) = tokio::fs::read(&path).await {
                return self
                    .keep_image(spec, &bytes, &stem, title, line, report)
                    .await;
            }
        }
        let Some(fetch) = self.fetch.clone() else {
            let message = if self.old_uploads.is_some() {
                tf(
                    "Image “%s” is not in the uploads folder given, and downloads are off.",
                    &[&spec],
                )
            } else {
                tf("Image “%s” skipped: please give a copy of the old shop's uploads folder, or allow downloads.", &[&spec])
            };
            report.warnings.push(RowError { line, message });
            return None;
        };
        match fetch.get(spec).await {
            Ok(bytes) => {
                self.keep_image(spec, &bytes, &stem, title, line, report)
                    .await
            }
            Err(e) => {
                report.warnings.push(RowError {
                    line,
                    message: tf("Image “%1$s” not downloaded: %2$s", &[&spec, &e]),
                });
                None
            }
        }
    }

    /// Adds a picture's bytes to the media library (its type judged by content), once per cell.
    async fn keep_image(
        &mut self,
        spec: &str,
        bytes: &[u8],
        stem: &str,
        title: &str,
        line: usize,
        report: &mut ImportReport,
    ) -> Option<i64> {
        // The media library writes in a transaction of its own.
        let flushed = self.flush().await;
        if self.fatal(flushed).is_err() {
            return None;
        }
        let stem = slugify(stem);
        let media = NewMedia {
            bytes,
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
                // The library's refusal names its one field, the file: the message alone.
                let why = match &e {
                    StoreError::Invalid(list) => list
                        .iter()
                        .map(|(_, m)| t(m))
                        .collect::<Vec<_>>()
                        .join("; "),
                    other => describe(other),
                };
                report.warnings.push(RowError {
                    line,
                    message: tf("Image “%1$s”: %2$s", &[&spec, &why]),
                });
                None
            }
        }
    }

    /// The deposit type and sale price labels a row names, by slug or name, as the slugs of
    /// those the shop keeps.
    async fn shop_entries(&mut self, details: &mut crate::models::ProductDetails) -> Result<()> {
        let labels = &mut details.sale_labels;
        if details.deposit.kind.is_empty() && labels.is_empty() && details.shipping_class.is_empty()
        {
            return Ok(());
        }
        let mut settings = self.store.settings().await?;
        if !details.shipping_class.is_empty() {
            // By name (as WooCommerce exports it) or slug; a class the shop does not keep yet is
            // added under that name, as WooCommerce's importer adds the term.
            use laden_domain::shipping::classes;
            let classes = &settings.shop.shipping_classes;
            details.shipping_class = match classes::named(classes, &details.shipping_class) {
                Some(c) => c.slug.clone(),
                None => {
                    let mut list = classes.clone();
                    list.push(classes::ShippingClass::entered(
                        0,
                        &details.shipping_class,
                        "",
                        "",
                    ));
                    let list = classes::settle(list, classes).map_err(|problems| {
                        let msg = problems.first().map_or("", |p| p.1);
                        invalid("shipping_class", &t(msg))
                    })?;
                    let slug = list.last().map(|c| c.slug.clone()).unwrap_or_default();
                    settings.shop.shipping_classes = list;
                    let flushed = self.flush().await;
                    self.fatal(flushed)?;
                    self.store.save_settings(&settings).await?;
                    slug
                }
            };
        }
        let shop = settings.shop;
        if !details.deposit.kind.is_empty() {
            details.deposit.kind = deposit::named(&shop.deposit_types, &details.deposit.kind)
                .ok_or_else(|| invalid("_deposit_type", &t(deposit::UNKNOWN_TYPE)))?
                .slug
                .clone();
        }
        for (column, slug) in [
            ("_sale_price_label", &mut labels.strike),
            ("_sale_price_regular_label", &mut labels.sale),
        ] {
            *slug = shop
                .price_labels
                .slug_for(slug)
                .ok_or_else(|| invalid(column, &t(price_label::UNKNOWN_LABEL)))?;
        }
        Ok(())
    }

    /// Writes a row's product, with the categories and tags its cells name, in the current
    /// batch behind a savepoint of its own; commits the batch once it is full.
    async fn write(
        &mut self,
        mut p: NewProduct,
        categories: &str,
        tags: &str,
    ) -> Result<(i64, bool)> {
        let mut batch = match self.batch.take() {
            Some(batch) => batch,
            None => self.fatal(batch::Batch::begin(self.store).await)?,
        };
        self.fatal(batch.row().await)?;
        let written = async {
            let mut made_tag = false;
            p.categories = match self.category_ids.get(categories) {
                Some(ids) => ids.clone(),
                None => save::category_paths(&mut batch.tx, categories).await?,
            };
            p.tag_ids = match self.tag_ids.get(tags) {
                Some(ids) => ids.clone(),
                None => {
                    let (ids, made) =
                        crate::catalog::tags::tag_ids(&mut batch.tx, tags.split(',')).await?;
                    made_tag = made;
                    ids
                }
            };
            let (id, created) = save::write_product(&mut batch.tx, &p).await?;
            Ok::<_, StoreError>((id, created, made_tag))
        }
        .await;
        let (id, created, made_tag) = match written {
            Ok(written) => written,
            Err(e) => {
                self.fatal(batch.undo().await)?;
                self.batch = Some(batch);
                return Err(e);
            }
        };
        // A tag made shows on every page that lists the shop's tags.
        let mut scopes = vec![crate::Scope::Product(id), crate::Scope::Catalog];
        if made_tag {
            scopes.push(crate::Scope::All);
        }
        self.fatal(batch.keep(&scopes).await)?;
        self.category_ids
            .insert(categories.to_owned(), p.categories);
        self.tag_ids.insert(tags.to_owned(), p.tag_ids);
        if batch.full() {
            self.fatal(batch.commit().await)?;
        } else {
            self.batch = Some(batch);
        }
        Ok((id, created))
    }

    /// Commits the rows written so far.
    async fn flush(&mut self) -> Result<()> {
        match self.batch.take() {
            Some(batch) => batch.commit().await,
            None => Ok(()),
        }
    }

    /// A failure of the batch itself (not of a row): noted, so the import stops after the row.
    fn fatal<T>(&mut self, result: Result<T>) -> Result<T> {
        result.map_err(|e| {
            let message = describe(&e);
            self.failed = Some(e);
            // Whatever the batch held is gone with it: the ids kept for its cells may be too.
            self.category_ids.clear();
            self.tag_ids.clear();
            StoreError::Data(message)
        })
    }

    fn stop_if_failed(&mut self) -> Result<()> {
        match self.failed.take() {
            Some(e) => Err(e),
            None => Ok(()),
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
                t("The name is missing."),
            )]));
        }
        let sku = parse_sku(row.get("sku"))?;
        let regular = parse_price(row.get("regular_price"), "regular_price")?;
        let sale = parse_price(row.get("sale_price"), "sale_price")?;
        if matches!(kind, ProductKind::Simple | ProductKind::External) && regular.is_none() {
            return Err(StoreError::Invalid(vec![(
                "regular_price".into(),
                t("The regular price is missing."),
            )]));
        }
        let mut details = row.details()?;
        if !details.manufacturer.is_empty() {
            // By slug or name: the product keeps the slug of a manufacturer the shop keeps.
            let shop = self.store.settings().await?.shop;
            let unknown = t("There is no such manufacturer: add it in the shop's settings first.");
            let found =
                laden_domain::product_safety::named(&shop.manufacturers, &details.manufacturer);
            details.manufacturer = found
                .ok_or_else(|| invalid("_manufacturer_slug", &unknown))?
                .slug
                .clone();
        }
        self.shop_entries(&mut details).await?;
        let (sale_from, sale_to) = row.sale_dates()?;
        let (stock, stock_status) = parse_stock(row, details.backorders)?;
        let catalog_visibility = row.catalog_visibility()?;
        let (image_id, gallery) = self.gallery(row, name, report).await;
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
            categories: Vec::new(),
            unit: row_unit(row)?,
            delivery_time: row_delivery_time(row)?,
            details,
            sale_from,
            sale_to,
            tag_ids: Vec::new(),
        };
        self.write(p, row.get("categories"), row.get("tags")).await
    }

    async fn import_variation(
        &mut self,
        row: &Row,
        ids_by_csv_id: &HashMap<String, i64>,
        report: &mut ImportReport,
    ) -> Result<(i64, i64, bool)> {
        let parent = self.variable_parent(row, ids_by_csv_id).await?;
        let parent_id = parent.id;
        let regular = parse_price(row.get("regular_price"), "regular_price")?
            .ok_or_else(|| invalid("regular_price", &t("The regular price is missing.")))?;
        let sale = parse_price(row.get("sale_price"), "sale_price")?;
        let mut details = row.details()?;
        self.shop_entries(&mut details).await?;
        // A variation takes its product's manufacturer and warnings: the error names the column
        // the row filled in, as wc/v3 names the meta key it was given.
        let stated = if !details.manufacturer.is_empty() {
            Some("_manufacturer_slug")
        } else if !details.safety_information.is_empty() {
            Some("laden_safety_information")
        } else {
            None
        };
        if let Some(field) = stated {
            return Err(invalid(
                field,
                &t("A variation takes its product's manufacturer and safety information."),
            ));
        }
        // Its food information too, named by the first column the row filled in.
        if let Some(key) = laden_domain::food::KEYS
            .into_iter()
            .find(|k| !row.get(&format!("meta:{k}")).trim().is_empty())
        {
            return Err(invalid(
                key,
                &t("A variation takes its product's food information."),
            ));
        }
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
                    &tf("The parent product has no attribute “%s”.", &[&name]),
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
        let attached = self.attached_media(row, &name, report).await;
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
        let (id, created) = self.write(p, "", "").await?;
        Ok((id, parent_id, created))
    }

    /// A row's images (the first the product's image) and its gallery's videos and embeds
    /// (`meta:laden_gallery_media`: `iframe:…`, `video:…`, `video-autoplay:…`, split by `|`),
    /// which show the product image as their poster.
    async fn gallery(
        &mut self,
        row: &Row,
        name: &str,
        report: &mut ImportReport,
    ) -> (Option<i64>, Vec<GalleryItem>) {
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
            let (kind, src) = spec.split_once(':').unwrap_or(("", spec));
            // The same allow-list as attached media: a path on this site, a YouTube or Vimeo
            // embed, or a video file; anything else is left out, and the report says so.
            let src = sanitize_embed(src);
            let item = match kind {
                _ if src.is_empty() => None,
                "iframe" => Some(GalleryItem::Iframe {
                    src,
                    poster: image_id,
                }),
                "video" | "video-autoplay" => Some(GalleryItem::Video {
                    src,
                    poster: image_id,
                    autoplay: kind == "video-autoplay",
                }),
                _ => None,
            };
            match item {
                Some(item) => gallery.push(item),
                None => report.warnings.push(RowError {
                    line: row.line,
                    message: tf(
                        "Gallery medium “%s” skipped: iframe:, video: or video-autoplay: and a YouTube or Vimeo embed, a video file or an address on this site are possible.",
                        &[&spec],
                    ),
                }),
            }
        }
        (image_id, gallery)
    }

    /// The variable product a variation row names in `parent` (`id:N` by the file's IDs or the
    /// shop's, else its SKU).
    async fn variable_parent(
        &self,
        row: &Row,
        ids_by_csv_id: &HashMap<String, i64>,
    ) -> Result<Product> {
        let parent_ref = row.get("parent");
        let parent_id = if let Some(id) = parent_ref.strip_prefix("id:") {
            self.by_file_id(id, ids_by_csv_id)
                .await?
                .ok_or_else(|| invalid("parent", &t("Unknown parent product.")))?
        } else if parent_ref.is_empty() {
            return Err(invalid(
                "parent",
                &t("A variation without a parent product."),
            ));
        } else {
            self.store
                .product_id_by_sku(parent_ref)
                .await?
                .ok_or_else(|| invalid("parent", &t("Unknown parent product.")))?
        };
        let parent = self
            .store
            .product(parent_id)
            .await
            .map_err(|_| invalid("parent", &t("Unknown parent product.")))?;
        if parent.kind != ProductKind::Variable {
            return Err(invalid(
                "parent",
                &t("The parent product is not a variable product."),
            ));
        }
        Ok(parent)
    }

    /// A variation's attached media (a video or embed shown in place of the first gallery
    /// image), with its poster from the media library.
    async fn attached_media(
        &mut self,
        row: &Row,
        name: &str,
        report: &mut ImportReport,
    ) -> Option<crate::models::AttachedMedia> {
        let attached_html = row.get("meta:laden_attached_media").to_owned();
        if attached_html.is_empty() {
            None
        } else {
            let poster = match row.get("meta:laden_attached_media_poster") {
                "" => None,
                spec => self.image(spec, name, row.line, report).await,
            };
            Some(crate::models::AttachedMedia {
                html: sanitize_embed(&attached_html),
                kind: row.get("meta:laden_attached_media_type").to_owned(),
                poster,
                enabled: row.get("meta:laden_attached_media_enabled") != "0",
            })
        }
    }
}

/// Counts a row's outcome in the report: made or updated (its ID in the file then names the
/// product for later rows), or its error.
fn tally(
    report: &mut ImportReport,
    ids_by_csv_id: &mut HashMap<String, i64>,
    row: &Row,
    outcome: Result<(i64, bool)>,
) {
    match outcome {
        Ok((id, created)) => {
            if created {
                report.created += 1;
            } else {
                report.updated += 1;
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
}

pub(super) fn invalid(field: &str, msg: &str) -> StoreError {
    StoreError::Invalid(vec![(field.to_owned(), msg.to_owned())])
}

/// A refusal as the report says it: each field with its message, in German (the media
/// library's are catalogue ids).
fn describe(e: &StoreError) -> String {
    match e {
        StoreError::Invalid(list) => list
            .iter()
            .map(|(f, m)| format!("{f}: {}", t(m)))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}
