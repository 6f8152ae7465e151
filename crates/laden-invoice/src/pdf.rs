//! The invoice as a German PDF/A-3b (A4) with its EN 16931 XML attached as `factur-x.xml`.
//! Laid out in two steps: the pages are planned as lists of texts and rules (so every page
//! can say "Seite n von m"), then drawn with krilla, which embeds subsets of the fonts.

use crate::fonts::{self, Face};
use krilla::color::luma;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::embed::{AssociationKind, EmbeddedFile, MimeType};
use krilla::geom::{PathBuilder, Point};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::TextDirection;
use krilla::{Document, SerializeSettings};
use laden_domain::dates::{berlin_offset, german_local_date, german_month, ymd};
use laden_domain::i18n::{t, tf};
use laden_domain::invoice::Category;
use laden_domain::invoice::{payment_text, InvoiceDoc, InvoiceKind};
use laden_domain::Money;

const WIDTH: f32 = 595.28;
const HEIGHT: f32 = 841.89;
const LEFT: f32 = 56.0;
const RIGHT: f32 = WIDTH - 56.0;
/// Where a page's content must end, above the footer.
const BOTTOM: f32 = 748.0;

#[derive(Debug, Clone)]
enum Op {
    Text {
        x: f32,
        y: f32,
        size: f32,
        face: Face,
        grey: bool,
        text: String,
    },
    Rule {
        y: f32,
    },
}

/// The plan of the pages.
struct Layout {
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl Layout {
    fn new() -> Layout {
        Layout {
            pages: vec![Vec::new()],
            y: 0.0,
        }
    }

    fn push(&mut self, op: Op) {
        if let Some(p) = self.pages.last_mut() {
            p.push(op);
        }
    }

    fn text(&mut self, x: f32, y: f32, size: f32, face: Face, text: &str) {
        self.push(Op::Text {
            x,
            y,
            size,
            face,
            grey: false,
            text: text.to_owned(),
        });
    }

    fn grey(&mut self, x: f32, y: f32, size: f32, text: &str) {
        self.push(Op::Text {
            x,
            y,
            size,
            face: Face::Regular,
            grey: true,
            text: text.to_owned(),
        });
    }

    /// Text whose right edge is at `right`.
    fn right(&mut self, right: f32, y: f32, size: f32, face: Face, text: &str) {
        let w = fonts::width(face, size, text);
        self.text(right - w, y, size, face, text);
    }

    fn rule(&mut self, y: f32) {
        self.push(Op::Rule { y });
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = 72.0;
    }

    /// Room for `height` more points, else a new page.
    fn need(&mut self, height: f32) -> bool {
        if self.y + height > BOTTOM {
            self.new_page();
            true
        } else {
            false
        }
    }
}

/// Breaks `text` into lines no wider than `width`, at spaces (a longer word is cut).
pub(crate) fn wrap(face: Face, size: f32, text: &str, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if fonts::width(face, size, &candidate) <= width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let mut rest = word.to_owned();
            while fonts::width(face, size, &rest) > width && rest.chars().count() > 1 {
                let mut cut = rest.len();
                while cut > 0 && fonts::width(face, size, &rest[..cut]) > width {
                    cut = rest[..cut].char_indices().next_back().map_or(0, |(i, _)| i);
                }
                if cut == 0 {
                    break;
                }
                lines.push(rest[..cut].to_owned());
                rest = rest[cut..].to_owned();
            }
            line = rest;
        }
        lines.push(line);
    }
    lines
}

/// Amounts as printed: a cancellation's are negative.
fn amount(doc: &InvoiceDoc, m: Money) -> String {
    match doc.kind {
        InvoiceKind::Invoice => m.format_de(),
        InvoiceKind::Cancellation => Money::from_cents(-m.cents()).format_de(),
    }
}

const COL_POS: f32 = LEFT;
const COL_NAME: f32 = LEFT + 26.0;
const COL_QTY_R: f32 = 346.0;
const COL_RATE_R: f32 = 392.0;
const COL_UNIT_R: f32 = 462.0;
const COL_TOTAL_R: f32 = RIGHT;

fn table_head(l: &mut Layout) {
    let y = l.y;
    l.text(COL_POS, y, 8.5, Face::Bold, &t("Pos."));
    l.text(COL_NAME, y, 8.5, Face::Bold, &t("Item"));
    l.right(COL_QTY_R, y, 8.5, Face::Bold, &t("Quantity"));
    l.right(COL_RATE_R, y, 8.5, Face::Bold, &t("VAT"));
    l.right(COL_UNIT_R, y, 8.5, Face::Bold, &t("Unit price"));
    l.right(COL_TOTAL_R, y, 8.5, Face::Bold, &t("Line total"));
    l.rule(y + 5.0);
    l.y = y + 18.0;
}

fn head(l: &mut Layout, doc: &InvoiceDoc) {
    let s = &doc.seller;
    l.text(LEFT, 62.0, 15.0, Face::Bold, &s.name);
    let mut y = 78.0;
    for line in [
        s.street.clone(),
        format!("{} {}", s.postcode, s.city).trim().to_owned(),
        s.email.clone(),
    ] {
        if !line.is_empty() {
            l.grey(LEFT, y, 8.5, &line);
            y += 11.0;
        }
    }
    // DIN 5008: the sender in one small line above the recipient's address.
    let sender = [
        s.name.as_str(),
        s.street.as_str(),
        &format!("{} {}", s.postcode, s.city),
    ]
    .iter()
    .map(|p| p.trim())
    .filter(|p| !p.is_empty())
    .collect::<Vec<_>>()
    .join(" · ");
    l.grey(LEFT, 140.0, 7.0, &sender);
    let mut y = 158.0;
    for line in doc.buyer.address_lines() {
        l.text(LEFT, y, 10.0, Face::Regular, &line);
        y += 13.0;
    }
    // The facts on the right.
    let mut facts: Vec<(String, String)> = vec![
        (t("Invoice number"), doc.number.clone()),
        (t("Invoice date"), german_local_date(doc.issued_at)),
        if doc.delivered_in_month {
            (t("Delivery period"), german_month(doc.delivered_at))
        } else {
            (t("Delivery date"), german_local_date(doc.delivered_at))
        },
        (t("Order number"), doc.order_id.to_string()),
        (t("Order date"), german_local_date(doc.order_created_at)),
    ];
    if let Some((number, issued)) = &doc.cancels {
        facts.insert(1, (t("For invoice"), number.clone()));
        facts.insert(2, (t("dated"), german_local_date(*issued)));
    }
    if !doc.buyer.vat_id.is_empty() {
        facts.push((t("Customer VAT ID"), doc.buyer.vat_id.clone()));
    }
    let mut y = 150.0;
    for (label, value) in facts {
        l.grey(340.0, y, 8.5, &label);
        l.right(RIGHT, y, 8.5, Face::Regular, &value);
        y += 13.0;
    }
    l.text(
        LEFT,
        268.0,
        16.0,
        Face::Bold,
        &format!("{} {}", doc.title(), doc.number),
    );
    // A document without VAT at any rate (a small business, a tax-free supply) says so.
    let vat = doc.taxes.iter().any(|t| t.category == Category::S);
    l.grey(
        LEFT,
        284.0,
        8.5,
        &t(if vat {
            "All prices in euros; unit prices and totals include VAT."
        } else {
            "All prices in euros; no VAT is charged."
        }),
    );
    l.y = 308.0;
    table_head(l);
}

fn rows(l: &mut Layout, doc: &InvoiceDoc) {
    let name_width = COL_QTY_R - 40.0 - COL_NAME;
    for line in &doc.lines {
        let names = wrap(Face::Regular, 9.5, &line.name, name_width);
        // A variation's attributes as sold, under its name: "Farbe: Rot, Größe: M".
        let options = line
            .options
            .iter()
            .map(|(attribute, value)| format!("{attribute}: {value}"))
            .collect::<Vec<_>>()
            .join(", ");
        let options = match options.as_str() {
            "" => Vec::new(),
            text => wrap(Face::Regular, 8.5, text, name_width),
        };
        let named = 12.0 * names.len() as f32 + 10.5 * options.len() as f32;
        let height = named + if line.sku.is_empty() { 6.0 } else { 16.0 };
        if l.need(height) {
            table_head(l);
        }
        let y = l.y;
        l.text(COL_POS, y, 9.5, Face::Regular, &line.position.to_string());
        for (i, n) in names.iter().enumerate() {
            l.text(COL_NAME, y + 12.0 * i as f32, 9.5, Face::Regular, n);
        }
        let below = y + 12.0 * names.len() as f32;
        for (i, o) in options.iter().enumerate() {
            l.text(COL_NAME, below + 10.5 * i as f32, 8.5, Face::Regular, o);
        }
        if !line.sku.is_empty() {
            l.grey(COL_NAME, y + named, 7.5, &tf("Item no. %s", &[&line.sku]));
        }
        l.right(COL_QTY_R, y, 9.5, Face::Regular, &line.quantity.to_string());
        l.right(
            COL_RATE_R,
            y,
            9.5,
            Face::Regular,
            &match line.category {
                Category::Margin => "§ 25a".to_owned(),
                _ => format!("{} %", line.rate.german()),
            },
        );
        l.right(
            COL_UNIT_R,
            y,
            9.5,
            Face::Regular,
            &amount(doc, line.unit_gross),
        );
        l.right(COL_TOTAL_R, y, 9.5, Face::Regular, &amount(doc, line.gross));
        l.y = y + height;
    }
    let shipping: Money = doc.charges.iter().map(|c| c.gross).sum();
    if let Some(charge) = doc.charges.first() {
        l.need(16.0);
        let y = l.y;
        l.text(COL_NAME, y, 9.5, Face::Regular, &charge.reason);
        l.right(COL_TOTAL_R, y, 9.5, Face::Regular, &amount(doc, shipping));
        l.y += 16.0;
    }
    if let Some(a) = doc.allowances.first() {
        let discount: Money = doc.allowances.iter().map(|c| c.gross).sum();
        l.need(16.0);
        let y = l.y;
        l.text(COL_NAME, y, 9.5, Face::Regular, &a.reason);
        l.right(
            COL_TOTAL_R,
            y,
            9.5,
            Face::Regular,
            &amount(doc, Money::from_cents(-discount.cents())),
        );
        l.y += 16.0;
    }
    l.rule(l.y - 10.0);
}

fn sums(l: &mut Layout, doc: &InvoiceDoc) {
    let label_x = 330.0;
    let mut rows: Vec<(String, String, Face)> = Vec::new();
    let mut row = |label: String, m: Money, face: Face| rows.push((label, amount(doc, m), face));
    for part in &doc.taxes {
        let what = match part.category {
            Category::S => format!("{} %", part.rate.german()),
            Category::E => t("exempt (section 19 UStG)"),
            Category::AE => t("Reverse charge"),
            Category::K => t("tax-free intra-community supply"),
            Category::G => t("tax-free export supply"),
            Category::Margin => t("margin scheme (section 25a UStG)"),
            Category::Z => "0 %".to_owned(),
        };
        row(tf("Net amount %s", &[&what]), part.basis, Face::Regular);
        if part.category.code() == "S" {
            row(tf("VAT %s", &[&what]), part.vat, Face::Regular);
        }
    }
    row(t("Total net"), doc.net_total, Face::Regular);
    row(t("Total VAT"), doc.vat_total, Face::Regular);
    row(t("Invoice total"), doc.gross_total, Face::Bold);
    l.need(14.0 * rows.len() as f32 + 8.0);
    for (label, value, face) in rows {
        let y = l.y;
        if face == Face::Bold {
            l.rule(y - 10.0);
        }
        l.text(label_x, y, 9.5, face, &label);
        l.right(RIGHT, y, 9.5, face, &value);
        l.y += 14.0;
    }
    l.y += 10.0;
}

fn paragraphs(l: &mut Layout, doc: &InvoiceDoc) {
    let mut texts = doc.notes.clone();
    texts.extend(payment_text(doc));
    for text in texts {
        for line in wrap(Face::Regular, 9.0, &text, RIGHT - LEFT) {
            l.need(12.0);
            let y = l.y;
            l.text(LEFT, y, 9.0, Face::Regular, &line);
            l.y += 12.0;
        }
        l.y += 4.0;
    }
}

/// The footer of every page: the seller's details and the page number.
fn footer(doc: &InvoiceDoc, page: usize, pages: usize) -> Vec<Op> {
    let s = &doc.seller;
    let mut ops = Vec::new();
    let mut tax = Vec::new();
    if !s.vat_id.is_empty() {
        tax.push(tf("VAT ID: %s", &[&s.vat_id]));
    }
    if !s.tax_number.is_empty() {
        tax.push(tf("Tax number: %s", &[&s.tax_number]));
    }
    let p = &doc.payment;
    let bank = if p.iban.is_empty() {
        String::new()
    } else {
        tf(
            "%1$s · IBAN %2$s · BIC %3$s",
            &[&p.bank_name, &p.iban, &p.bic],
        )
    };
    let lines = [
        format!("{} · {} · {} {}", s.name, s.street, s.postcode, s.city),
        tax.join(" · "),
        bank,
    ];
    let mut y = 782.0;
    ops.push(Op::Rule { y: y - 12.0 });
    for line in lines.iter().filter(|l| !l.trim().is_empty()) {
        ops.push(Op::Text {
            x: LEFT,
            y,
            size: 7.0,
            face: Face::Regular,
            grey: true,
            text: line.clone(),
        });
        y += 9.5;
    }
    let label = tf("Page %1$d of %2$d", &[&page, &pages]);
    ops.push(Op::Text {
        x: RIGHT - fonts::width(Face::Regular, 7.0, &label),
        y: 782.0,
        size: 7.0,
        face: Face::Regular,
        grey: true,
        text: label,
    });
    ops
}

fn pdf_date(unix: i64) -> DateTime {
    let offset = berlin_offset(unix);
    let local = unix + offset;
    let (y, m, d) = ymd(local);
    let s = local.rem_euclid(86_400);
    DateTime::new(u16::try_from(y).unwrap_or(2000))
        .month(u8::try_from(m).unwrap_or(1))
        .day(u8::try_from(d).unwrap_or(1))
        .hour(u8::try_from(s / 3600).unwrap_or(0))
        .minute(u8::try_from((s % 3600) / 60).unwrap_or(0))
        .second(u8::try_from(s % 60).unwrap_or(0))
        .utc_offset_hour(i8::try_from(offset / 3600).unwrap_or(0))
        .utc_offset_minute(0)
}

/// Why a PDF could not be made (a bug: krilla refuses what PDF/A forbids).
#[derive(Debug)]
pub struct PdfError(pub String);

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invoice PDF: {}", self.0)
    }
}

impl std::error::Error for PdfError {}

/// The invoice as PDF/A-3b with `xml` attached as `factur-x.xml` (Factur-X "EN 16931").
pub fn render(doc: &InvoiceDoc, xml: &str) -> Result<Vec<u8>, PdfError> {
    let mut l = Layout::new();
    head(&mut l, doc);
    rows(&mut l, doc);
    sums(&mut l, doc);
    paragraphs(&mut l, doc);

    let configuration = ConfigurationBuilder::new()
        .with_archival_validator(Archival::A3_B)
        .finish()
        .map_err(|e| PdfError(format!("{e:?}")))?;
    let settings = SerializeSettings {
        configuration,
        ..SerializeSettings::default()
    };
    let mut document = Document::new_with(settings);
    let issued = pdf_date(doc.issued_at);
    document.set_metadata(
        Metadata::new()
            .title(format!("{} {}", doc.title(), doc.number))
            .authors(vec![doc.seller.name.clone()])
            .creator("Laden".into())
            .language("de-DE".into())
            .creation_date(issued)
            .document_id(doc.number.clone()),
    );
    let fonts = fonts::krilla_fonts();
    let pages = l.pages.len();
    for (i, ops) in l.pages.iter().enumerate() {
        let mut page = document.start_page_with(
            PageSettings::from_wh(WIDTH, HEIGHT).ok_or_else(|| PdfError("page size".into()))?,
        );
        let mut surface = page.surface();
        for op in ops.iter().chain(footer(doc, i + 1, pages).iter()) {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    face,
                    grey,
                    text,
                } => {
                    let lightness = if *grey { 90 } else { 0 };
                    surface.set_fill(Some(Fill {
                        paint: luma::Color::new(lightness).into(),
                        opacity: NormalizedF32::ONE,
                        rule: Default::default(),
                    }));
                    surface.draw_text(
                        Point::from_xy(*x, *y),
                        fonts.get(*face).clone(),
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rule { y } => {
                    let mut pb = PathBuilder::new();
                    pb.move_to(LEFT, *y);
                    pb.line_to(RIGHT, *y);
                    if let Some(path) = pb.finish() {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke {
                            paint: luma::Color::new(160).into(),
                            width: 0.5,
                            ..Stroke::default()
                        }));
                        surface.draw_path(&path);
                        surface.set_stroke(None);
                    }
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document.embed_file(EmbeddedFile {
        path: crate::XML_NAME.into(),
        mime_type: MimeType::new("text/xml"),
        description: Some("Factur-X / ZUGFeRD EN 16931".into()),
        association_kind: AssociationKind::Alternative,
        data: xml.as_bytes().to_vec().into(),
        modification_date: Some(issued),
        compress: Some(true),
        location: None,
    });
    let bytes = document.finish().map_err(|e| PdfError(format!("{e:?}")))?;
    crate::xmp::add_factur_x(bytes).map_err(PdfError)
}
