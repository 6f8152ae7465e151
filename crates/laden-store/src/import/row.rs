//! A CSV row as the importer reads it: WooCommerce's English and German headers, the type's
//! words, the fields WooCommerce keeps in post meta, dates, prices, stock.

use super::invalid;
use crate::error::{Result, StoreError};
use crate::models::ProductKind;
use laden_domain::i18n::{t, tf};
use laden_domain::pricing::{deposit, price_label};
use laden_domain::{CatalogVisibility, Money, Sku};
use std::collections::HashMap;

/// Canonical column for a header, English or German.
pub(super) fn canonical(header: &str) -> Option<String> {
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
        "shipping class" | "versandklasse" => "shipping_class",
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

pub(super) struct Row {
    pub(super) line: usize,
    pub(super) fields: HashMap<String, String>,
}

impl Row {
    pub(super) fn get(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", |s| s.trim())
    }
    /// The type cell's words: "simple, downloadable, virtual" is simple, downloadable and virtual.
    pub(super) fn type_words(&self) -> Vec<String> {
        self.get("type")
            .to_lowercase()
            .split(',')
            .map(|p| p.trim().to_owned())
            .filter(|p| !p.is_empty())
            .collect()
    }
    pub(super) fn kind(&self) -> std::result::Result<ProductKind, String> {
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
            None => Err(tf(
                "Product type “%s” is not supported.",
                &[&self.get("type")],
            )),
        }
    }
    /// The unit a measurement column was written in, and its cell.
    pub(super) fn measurement(&self, key: &str) -> (&str, &str) {
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
    pub(super) fn references(&self, key: &str) -> Vec<String> {
        self.get(key)
            .split(',')
            .map(|r| r.trim().to_owned())
            .filter(|r| !r.is_empty())
            .collect()
    }
    /// The food information (LMIV) of the row's `Meta: <key>` columns, checked whole.
    pub(super) fn food(&self) -> Result<laden_domain::food::Food> {
        let mut food = laden_domain::food::Food::default();
        for key in laden_domain::food::KEYS {
            food.set(key, self.get(&format!("meta:{key}")))
                .map_err(|m| invalid(key, &t(m)))?;
        }
        food.check().map_err(|(key, m)| invalid(key, &t(m)))?;
        Ok(food)
    }

    /// The fields WooCommerce keeps in post meta (links to other products are set later,
    /// when every row is in).
    pub(super) fn details(&self) -> Result<crate::models::ProductDetails> {
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
            .ok_or_else(|| invalid("backorders", &t("Backorders: 0, 1 or notify expected.")))?;
        d.tax_status = TaxStatus::parse(self.get("tax_status")).ok_or_else(|| {
            invalid(
                "tax_status",
                &t("Tax status: taxable, shipping or none expected."),
            )
        })?;
        // Goods the law treats apart, in Germanized's meta columns.
        d.defect_description =
            laden_domain::special_goods::clean_defect(self.get("meta:_defect_description"))
                .ok_or_else(|| {
                    invalid(
                        "_defect_description",
                        &t("The defect description may be at most 1000 characters long."),
                    )
                })?;
        d.used_good = flag("meta:_is_used_good");
        d.photovoltaic = flag("meta:_photovoltaic_system");
        d.margin_scheme = flag("meta:_differential_taxation");
        d.min_age = match self.get("meta:_min_age").trim() {
            "" => 0,
            v => v
                .parse()
                .ok()
                .and_then(laden_domain::special_goods::min_age)
                .ok_or_else(|| {
                    invalid(
                        "_min_age",
                        &t("The minimum age must be a whole number from 0 to 21."),
                    )
                })?,
        };
        // Product safety (GPSR): the manufacturer by slug or name (the importer finds it among
        // the shop's and keeps its slug), and the warnings.
        d.manufacturer = self.get("meta:_manufacturer_slug").trim().to_owned();
        // The shipping class by name or slug, found among the shop's by the importer.
        d.shipping_class = self.get("shipping_class").trim().to_owned();
        d.safety_information =
            laden_domain::product_safety::clean_safety(self.get("meta:laden_safety_information"))
                .map_err(|m| invalid("laden_safety_information", &t(m)))?;
        d.food = self.food()?;
        // The Lieferzeit by country (`AT: 7–10 Werktage | CH: 10–14 Werktage`).
        d.delivery_times =
            laden_domain::delivery::parse_text(self.get("meta:laden_delivery_time_countries"))
                .and_then(|raw| laden_domain::delivery::clean(&raw).ok())
                .ok_or_else(|| {
                    invalid(
                        "laden_delivery_time_countries",
                        &t(laden_domain::delivery::PROBLEM),
                    )
                })?;
        // The deposit (Pfand): a type by slug or name (the importer finds it among the shop's
        // and keeps its slug), and its units per item.
        d.deposit = deposit::ProductDeposit {
            kind: self.get("meta:_deposit_type").trim().to_owned(),
            quantity: deposit::parse_quantity(self.get("meta:_deposit_quantity"))
                .ok_or_else(|| invalid("_deposit_quantity", &t(deposit::QUANTITY_PROBLEM)))?,
        };
        // The sale price labels by slug or name (found among the shop's as the deposit type).
        d.sale_labels = price_label::SaleLabels {
            strike: self.get("meta:_sale_price_label").trim().to_owned(),
            sale: self.get("meta:_sale_price_regular_label").trim().to_owned(),
        };
        let (unit, cell) = self.measurement("weight");
        d.weight_g = weight_grams(cell, unit)
            .ok_or_else(|| invalid("weight", &tf("Invalid weight “%s”.", &[&cell])))?;
        for (key, slot) in [
            ("length", &mut d.length_mm),
            ("width", &mut d.width_mm),
            ("height", &mut d.height_mm),
        ] {
            let (unit, cell) = self.measurement(key);
            *slot = length_mm(cell, unit)
                .ok_or_else(|| invalid(key, &tf("Invalid dimension “%s”.", &[&cell])))?;
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
                        &tf("Invalid number “%s” (empty or -1: unlimited).", &[&v]),
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
                    &tf(
                        "Download %s: an https address or a path under /uploads/ expected.",
                        &[&n],
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
                            &t("External URL: an http(s) address expected."),
                        )
                    })?;
        }
        Ok(d)
    }

    /// The catalogue visibility (empty: visible).
    pub(super) fn catalog_visibility(&self) -> Result<CatalogVisibility> {
        match self.get("visibility") {
            "" => Ok(CatalogVisibility::Visible),
            v => CatalogVisibility::parse(v).ok_or_else(|| {
                StoreError::Invalid(vec![(
                    "visibility".into(),
                    tf(
                        "Unknown catalogue visibility: “%s” (visible, catalog, search or hidden).",
                        &[&v],
                    ),
                )])
            }),
        }
    }

    /// The sale's dates as WooCommerce writes them (`2026-12-01`, `2026-12-01 00:00:00`),
    /// local German time; the end date's whole day counts.
    pub(super) fn sale_dates(&self) -> Result<(Option<i64>, Option<i64>)> {
        let from = parse_date(self.get("sale_from"), false)
            .ok_or_else(|| invalid("sale_from", &t("Date as YYYY-MM-DD expected.")))?;
        let to = parse_date(self.get("sale_to"), true)
            .ok_or_else(|| invalid("sale_to", &t("Date as YYYY-MM-DD expected.")))?;
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                return Err(invalid("sale_to", &t("The sale ends before it begins.")));
            }
        }
        Ok((from, to))
    }
    pub(super) fn attributes(&self) -> Vec<(String, Vec<String>, bool)> {
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

pub(super) fn clean_html(raw: &str) -> String {
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
pub(super) fn parse_date(s: &str, end_of_day: bool) -> Option<Option<i64>> {
    let s = s.trim();
    if s.is_empty() {
        return Some(None);
    }
    let at = laden_domain::dates::parse_moment(s, laden_domain::dates::Clock::German)?;
    // The day's last second: its first of the next day, less one (a day may be 23 or 25 hours).
    Some(Some(if end_of_day && s.len() == 10 {
        let day = laden_domain::dates::german_day(at);
        laden_domain::dates::german_day_start(day + 1) - 1
    } else {
        at
    }))
}

pub(super) fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_lowercase().as_str() {
        "1" | "yes" | "ja" | "true" => Some(true),
        "0" | "no" | "nein" | "false" | "-1" => Some(false),
        _ => None,
    }
}

/// `Meta: laden_delivery_time`: the Lieferzeit as text.
pub(super) fn row_delivery_time(row: &Row) -> Result<String> {
    crate::models::clean_delivery_time(row.get("meta:laden_delivery_time")).ok_or_else(|| {
        invalid(
            "laden_delivery_time",
            &t("The delivery time may be at most 100 characters long."),
        )
    })
}

/// Grundpreis columns as Germanized writes them: `Meta: _unit`, `Meta: _unit_product` (content),
/// `Meta: _unit_base` (reference amount).
pub(super) fn row_unit(row: &Row) -> Result<crate::models::ProductUnit> {
    crate::models::ProductUnit::parse(
        row.get("meta:_unit"),
        row.get("meta:_unit_product"),
        row.get("meta:_unit_base"),
    )
    .map_err(|(field, msg)| invalid(field, &msg))
}

pub(super) fn parse_sku(s: &str) -> Result<Option<String>> {
    if s.is_empty() {
        return Ok(None);
    }
    Sku::parse(s)
        .map(|s| Some(s.as_str().to_owned()))
        .ok_or_else(|| invalid("sku", &t("Invalid SKU.")))
}

pub(super) fn parse_price(s: &str, field: &str) -> Result<Option<Money>> {
    if s.is_empty() {
        return Ok(None);
    }
    match Money::parse_decimal(s) {
        Some(m) if m.cents() >= 0 => Ok(Some(m)),
        _ => Err(invalid(field, &tf("Invalid price “%s”.", &[&s]))),
    }
}

/// The stock and its status. With backorders allowed, a negative stock (WooCommerce keeps
/// one for backordered units) is read as none left: Laden never keeps stock below zero.
pub(super) fn parse_stock(
    row: &Row,
    backorders: laden_domain::Backorders,
) -> Result<(Option<i64>, String)> {
    let stock = match row.get("stock") {
        "" => None,
        s => Some(
            s.parse::<i64>()
                .ok()
                .filter(|n| *n >= 0 || backorders.allowed())
                .map(|n| n.max(0))
                .ok_or_else(|| invalid("stock", &tf("Invalid stock “%s”.", &[&s])))?,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::slugify;

    #[test]
    pub(super) fn headers_in_both_languages() {
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
            ("Shipping class", Some("shipping_class")),
            ("Versandklasse", Some("shipping_class")),
            ("Shipping", None),
        ];
        for (h, want) in cases {
            assert_eq!(canonical(h).as_deref(), want, "{h}");
        }
    }

    #[test]
    pub(super) fn slugs() {
        assert_eq!(
            slugify("Grüner Tee – Sencha Größe"),
            "gruener-tee-sencha-groesse"
        );
        assert_eq!(slugify("  Espresso!! "), "espresso");
    }
}
