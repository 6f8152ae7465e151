//! Invoices and cancellation invoices (§14 UStG, GoBD). An invoice is issued inside the
//! transaction that makes it due (the order, its payment or its completion, as the shop
//! chooses), with a number from its series' counter taken in that same transaction: a
//! rolled-back order takes no number, so the numbers have no gaps, and the counter's row lock
//! makes instances on one database take turns. What the invoice says is kept as a document
//! (`laden_domain::invoice::InvoiceDoc`) and never changed; a cancellation is a new invoice
//! that names it.

use crate::db::{Store, Tx};
use crate::error::{Missing, Result, StoreError};
use crate::refunds::Refund;
use crate::row::Cols;
use crate::{now, on_db, on_tx, PlacedOrder};
use laden_domain::dates::german_ymd;
use laden_domain::i18n::tf;
use laden_domain::invoice::refund::{partial_cancellation, remainder, RefundedLine};
use laden_domain::invoice::{
    build, number, InvoiceDoc, InvoiceInput, InvoiceKind, Party, Payment, SoldLine,
};
use laden_domain::payment::{Method, OrderStatus};
use laden_domain::settings::SiteSettings;
use laden_domain::{Money, VatLine};
use serde::Serialize;

/// An issued invoice as lists show it.
#[derive(Debug, Clone, Serialize)]
pub struct Invoice {
    pub id: i64,
    pub order_id: i64,
    pub kind: InvoiceKind,
    pub number: String,
    /// The invoice a cancellation cancels (in full, or in part for a refund).
    pub cancels: Option<i64>,
    /// A partial cancellation (Teilstornorechnung) of a refund.
    pub partial: bool,
    /// The refund a partial cancellation is for.
    pub refund_id: Option<i64>,
    /// Whether cancellations have cancelled all of this invoice.
    pub cancelled: bool,
    pub issued_at: i64,
    /// Gross and VAT as issued (a cancellation's as positive amounts).
    pub total: i64,
    pub tax_total: i64,
}

impl Invoice {
    /// The German title: Rechnung, Stornorechnung or Teilstornorechnung.
    pub fn title(&self) -> String {
        if self.partial {
            laden_domain::i18n::t("Partial cancellation invoice")
        } else {
            self.kind.title()
        }
    }
}

/// An invoice counts as cancelled when a cancellation cancels it, or when partial cancellations
/// have taken all of it.
const INVOICE_COLS: &str = "invoices.id, invoices.order_id, invoices.kind, invoices.number, \
    invoices.cancels, invoices.corrects, invoices.refund_id, invoices.issued_at, invoices.total, invoices.tax_total, \
    (SELECT c.id FROM invoices c WHERE c.cancels = invoices.id) AS cancelled_by, \
    (SELECT CAST(COALESCE(SUM(c.total), 0) AS BIGINT) FROM invoices c WHERE c.corrects = invoices.id) AS corrected";

fn invoice_from_row(r: &impl Cols) -> Result<Invoice> {
    let kind = r.text("kind")?;
    let total = r.i64("total")?;
    Ok(Invoice {
        id: r.i64("id")?,
        order_id: r.i64("order_id")?,
        kind: InvoiceKind::parse(&kind)
            .ok_or_else(|| StoreError::Data(format!("invoice kind {kind}")))?,
        number: r.text("number")?,
        cancels: r.opt_i64("cancels")?.or(r.opt_i64("corrects")?),
        partial: r.opt_i64("corrects")?.is_some(),
        refund_id: r.opt_i64("refund_id")?,
        cancelled: r.opt_i64("cancelled_by")?.is_some()
            || (total > 0 && r.i64("corrected")? >= total),
        issued_at: r.i64("issued_at")?,
        total,
        tax_total: r.i64("tax_total")?,
    })
}

/// Whether an order reaching `status` is due its invoice: at the shop's moment, and never
/// while the shop has neither tax number nor VAT ID to name (`ShopSettings::invoices_blocked`).
pub fn due_at_status(shop: &laden_domain::settings::ShopSettings, status: &str) -> bool {
    if shop.invoices_blocked() {
        return false;
    }
    match shop.invoice_moment.as_str() {
        // An order awaiting its online payment is not invoiced until the money comes.
        "order" => !matches!(status, "checkout-draft" | "pending"),
        "paid" => crate::orders::PAID_STATUSES.contains(&status),
        "completed" => status == "completed",
        _ => false,
    }
}

/// Takes the next number of `format`'s series for an invoice issued at `at`.
async fn next_number(tx: &mut Tx, format: &str, at: i64) -> Result<String> {
    let (y, m, _) = german_ymd(at);
    let series = number::series(format, y, m)
        .ok_or_else(|| StoreError::Data(format!("invoice number format {format}")))?;
    let n = on_tx!(tx, c => {
        sqlx::query(
            "INSERT INTO invoice_counters (series, last_number) VALUES ($1, 1) \
             ON CONFLICT (series) DO UPDATE SET last_number = invoice_counters.last_number + 1 \
             RETURNING last_number",
        )
        .bind(&series)
        .fetch_one(&mut *c)
        .await?
        .i64("last_number")?
    });
    number::render(format, y, m, u64::try_from(n).unwrap_or(0))
        .ok_or_else(|| StoreError::Data(format!("invoice number format {format}")))
}

/// The order as it stands in `tx` (a new order is not yet visible outside it).
async fn order_in_tx(tx: &mut Tx, order_id: i64) -> Result<PlacedOrder> {
    let sql = format!(
        "SELECT {} FROM orders WHERE id = $1",
        crate::decode::ORDER_COLS
    );
    let items_sql = format!(
        "SELECT {} FROM order_items WHERE order_id = $1 ORDER BY id",
        crate::decode::ITEM_COLS
    );
    let (mut order, items, codes) = on_tx!(tx, c => {
        let order = sqlx::query(&sql)
            .bind(order_id)
            .fetch_optional(&mut *c)
            .await?
            .map(|r| crate::decode::order_from_row(&r))
            .transpose()?
            .ok_or(StoreError::NotFound(Missing::Order))?;
        let items = sqlx::query(&items_sql)
            .bind(order_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(crate::decode::item_from_row)
            .collect::<Result<Vec<_>>>()?;
        let codes = sqlx::query("SELECT code FROM order_coupons WHERE order_id = $1 ORDER BY position")
            .bind(order_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| r.text("code"))
            .collect::<Result<Vec<_>>>()?;
        (order, items, codes)
    });
    order.items = items;
    order.coupons = codes
        .into_iter()
        .map(|code| crate::OrderCoupon {
            code,
            ..crate::OrderCoupon::default()
        })
        .collect();
    Ok(order)
}

/// What an invoice is made from: the order as sold, read back ([`Sale::of`]) or, in the
/// checkout that places it, straight from what it is writing (no reads in its transaction).
pub(crate) struct Sale<'a> {
    pub order_id: i64,
    pub created_at: i64,
    pub status: &'a str,
    pub payment_method: &'a str,
    pub billing: &'a crate::Address,
    pub shipping: &'a crate::Address,
    pub needs_shipping: bool,
    pub vat_id: &'a str,
    pub supply: laden_domain::supply::Supply,
    pub lines: Vec<SoldLine>,
    pub coupon_codes: Vec<String>,
    pub discount: Money,
    pub shipping_total: Money,
    pub shipping_method: &'a str,
    pub taxes: Vec<VatLine>,
    pub total: Money,
}

impl<'a> Sale<'a> {
    pub(crate) fn of(order: &'a PlacedOrder) -> Result<Sale<'a>> {
        Ok(Sale {
            order_id: order.id,
            created_at: order.created_at,
            status: &order.status,
            payment_method: &order.payment_method,
            billing: &order.billing,
            shipping: &order.shipping,
            needs_shipping: order.needs_shipping,
            vat_id: &order.vat_id,
            supply: order.supply(),
            lines: order.sold_lines(),
            coupon_codes: order.coupons.iter().map(|c| c.code.clone()).collect(),
            discount: Money::from_cents(order.discount_total),
            shipping_total: Money::from_cents(order.shipping_total),
            shipping_method: &order.shipping_method_title,
            taxes: order.vat_lines()?,
            total: Money::from_cents(order.total),
        })
    }
}

/// The invoice of a sale as the shop would issue it now.
fn document(
    sale: Sale<'_>,
    s: &SiteSettings,
    kind: InvoiceKind,
    number: String,
    at: i64,
    cancels: Option<(String, i64)>,
) -> InvoiceDoc {
    let shop = &s.shop;
    // A delivery address of its own (the checkout copies the billing one, without the e-mail).
    let same = crate::Address {
        email: String::new(),
        ..sale.billing.clone()
    };
    let ship_to =
        (sale.needs_shipping && *sale.shipping != same).then(|| Party::buyer(sale.shipping, ""));
    // Vorkasse waits on hold for the transfer, an online payment pending for the provider:
    // processing or completed means the money arrived.
    let paid = match (
        Method::parse(sale.payment_method),
        OrderStatus::parse(sale.status),
    ) {
        (Some(m), Some(status)) => m.paid(status),
        _ => false,
    };
    build(InvoiceInput {
        kind,
        number,
        issued_at: at,
        order_id: sale.order_id,
        order_created_at: sale.created_at,
        cancels,
        seller: Party::seller(
            &s.site.name,
            &shop.address,
            &shop.email,
            &shop.vat_id,
            &shop.tax_number,
        ),
        buyer: Party::buyer(sale.billing, sale.vat_id),
        ship_to,
        // Goods to ship that have not shipped yet (the order is not completed): the month.
        delivered_in_month: sale.needs_shipping && sale.status != "completed",
        lines: sale.lines,
        coupon_codes: sale.coupon_codes,
        discount: sale.discount,
        shipping: sale.shipping_total,
        shipping_method: sale.shipping_method.to_owned(),
        taxes: sale.taxes,
        total: sale.total,
        small_business: shop.small_business,
        supply: sale.supply,
        payment: Payment {
            method: sale.payment_method.to_owned(),
            paid,
            due_at: matches!(sale.payment_method, "bacs" | "invoice").then(|| {
                at + shop
                    .invoice_due_days
                    .clamp(0, laden_domain::invoice::MAX_DUE_DAYS)
                    * 86_400
            }),
            account_holder: shop.bank_account_holder.clone(),
            bank_name: shop.bank_name.clone(),
            iban: shop.bank_iban.clone(),
            bic: shop.bank_bic.clone(),
        },
    })
}

/// What a cancellation refers to: the invoice it cancels in full, or the invoice and refund it
/// cancels a part of.
#[derive(Clone, Copy, Default)]
struct Refers {
    cancels: Option<i64>,
    corrects: Option<i64>,
    refund: Option<i64>,
}

async fn insert(tx: &mut Tx, order_id: i64, doc: &InvoiceDoc, refers: Refers) -> Result<i64> {
    let json = serde_json::to_string(doc)?;
    on_tx!(tx, c => {
        sqlx::query(
            "INSERT INTO invoices (order_id, kind, number, cancels, corrects, refund_id, issued_at, total, tax_total, document) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(order_id)
        .bind(doc.kind.as_str())
        .bind(&doc.number)
        .bind(refers.cancels)
        .bind(refers.corrects)
        .bind(refers.refund)
        .bind(doc.issued_at)
        .bind(doc.gross_total.cents())
        .bind(doc.vat_total.cents())
        .bind(&json)
        .fetch_one(&mut *c)
        .await?
        .i64("id")
    })
}

/// The order's invoice in force: not cancelled, and not all taken by partial cancellations;
/// `(id, document)`.
async fn open_invoice(tx: &mut Tx, order_id: i64) -> Result<Option<(i64, InvoiceDoc)>> {
    let found = on_tx!(tx, c => {
        sqlx::query(
            "SELECT id, document FROM invoices i WHERE order_id = $1 AND kind = 'invoice' \
             AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.cancels = i.id) \
             AND i.total > (SELECT COALESCE(SUM(c.total), 0) FROM invoices c WHERE c.corrects = i.id) \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(order_id)
        .fetch_optional(&mut *c)
        .await?
        .map(|r| Ok::<_, StoreError>((r.i64("id")?, r.text("document")?)))
        .transpose()?
    });
    found
        .map(|(id, json)| Ok((id, serde_json::from_str(&json)?)))
        .transpose()
}

/// The partial cancellations of an invoice, in the order issued.
async fn partials_of(tx: &mut Tx, invoice_id: i64) -> Result<Vec<InvoiceDoc>> {
    let docs = on_tx!(tx, c => {
        sqlx::query("SELECT document FROM invoices WHERE corrects = $1 ORDER BY id")
            .bind(invoice_id)
            .fetch_all(&mut *c)
            .await?
            .iter()
            .map(|r| r.text("document"))
            .collect::<Result<Vec<_>>>()?
    });
    docs.iter().map(|d| Ok(serde_json::from_str(d)?)).collect()
}

/// Cancels the part of `invoice` a refund gave back; the partial cancellation's id, `None` when
/// the refund gave no money back.
async fn cancel_part(
    tx: &mut Tx,
    order_id: i64,
    (invoice_id, invoice): (i64, &InvoiceDoc),
    refund: &Refund,
    s: &SiteSettings,
) -> Result<Option<i64>> {
    let lines: Vec<RefundedLine> = refund
        .lines
        .iter()
        .map(|l| RefundedLine {
            position: l.position,
            quantity: l.quantity,
            gross: Money::from_cents(l.total),
        })
        .collect();
    let of_lines: i64 = refund.lines.iter().map(|l| l.total).sum();
    let other = Money::from_cents(refund.amount - of_lines);
    let at = now();
    // Worked out before its number is taken: a refund that gives nothing back takes none.
    let Some(mut doc) =
        partial_cancellation(invoice, String::new(), at, &lines, other, &refund.reason)
    else {
        return Ok(None);
    };
    doc.number = next_number(tx, &s.shop.cancellation_number_format, at).await?;
    let refers = Refers {
        corrects: Some(invoice_id),
        refund: Some(refund.id),
        ..Refers::default()
    };
    insert(tx, order_id, &doc, refers).await.map(Some)
}

/// Cancels the part of the order's invoice in force that `refund` gave back (when it has one).
pub(crate) async fn cancel_refund(
    tx: &mut Tx,
    order_id: i64,
    refund: &Refund,
    s: &SiteSettings,
) -> Result<Option<i64>> {
    let Some((id, invoice)) = open_invoice(tx, order_id).await? else {
        return Ok(None);
    };
    cancel_part(tx, order_id, (id, &invoice), refund, s).await
}

/// Issues the order's invoice in `tx` unless it has one that is not cancelled; its id when
/// one was issued.
pub(crate) async fn issue(tx: &mut Tx, order_id: i64, s: &SiteSettings) -> Result<Option<i64>> {
    if open_invoice(tx, order_id).await?.is_some() {
        return Ok(None);
    }
    let order = order_in_tx(tx, order_id).await?;
    let mut doc = prepare(Sale::of(&order)?, s);
    let id = number_and_keep(tx, order_id, &mut doc, s).await?;
    // Refunds made before the invoice (or before it was issued again) are cancelled on it, and
    // the customer gets each partial cancellation, as with a refund after the invoice.
    for refund in crate::refunds::of_order(tx, order_id).await? {
        if let Some(partial) = cancel_part(tx, order_id, (id, &doc), &refund, s).await? {
            let text = send_partial(tx, order_id, &order.billing.email, partial).await?;
            crate::orders::add_note(tx, order_id, &text, false, "").await?;
        }
    }
    Ok(Some(id))
}

/// Queues a partial cancellation's mail (its PDF attached) to `email`; the order note that
/// records it.
pub(crate) async fn send_partial(
    tx: &mut Tx,
    order_id: i64,
    email: &str,
    partial: i64,
) -> Result<String> {
    crate::mail::enqueue_with_invoice(
        tx,
        crate::mail::MailKind::Invoice,
        crate::mail::About::Order(order_id),
        email,
        Some(partial),
    )
    .await?;
    note(tx, partial).await
}

/// The invoice of a sale, worked out but not yet numbered: a checkout makes it from what it is
/// writing before it takes the rows other checkouts wait for.
pub(crate) fn prepare(sale: Sale<'_>, s: &SiteSettings) -> InvoiceDoc {
    document(sale, s, InvoiceKind::Invoice, String::new(), now(), None)
}

/// Numbers a prepared invoice from its series' counter and keeps it; its id. The counter's row
/// stays locked until the transaction ends, so this comes as late as possible.
pub(crate) async fn number_and_keep(
    tx: &mut Tx,
    order_id: i64,
    doc: &mut InvoiceDoc,
    s: &SiteSettings,
) -> Result<i64> {
    doc.number = next_number(tx, &s.shop.invoice_number_format, doc.issued_at).await?;
    insert(tx, order_id, doc, Refers::default()).await
}

/// Cancels the order's invoice in force in `tx` with a cancellation invoice (Stornorechnung):
/// its own number, naming the invoice, with the invoice's lines and sums less what partial
/// cancellations took. Its id, when there was something to cancel.
pub(crate) async fn cancel(tx: &mut Tx, order_id: i64, s: &SiteSettings) -> Result<Option<i64>> {
    let Some((id, original)) = open_invoice(tx, order_id).await? else {
        return Ok(None);
    };
    let partials = partials_of(tx, id).await?;
    let at = now();
    let Some(mut doc) = remainder(&original, &partials, String::new(), at) else {
        return Ok(None);
    };
    doc.number = next_number(tx, &s.shop.cancellation_number_format, at).await?;
    let refers = Refers {
        cancels: Some(id),
        ..Refers::default()
    };
    insert(tx, order_id, &doc, refers).await.map(Some)
}

/// The order note that records an issued invoice or cancellation.
pub(crate) async fn note(tx: &mut Tx, invoice_id: i64) -> Result<String> {
    let (number, cancelled, partial) = on_tx!(tx, c => {
        let r = sqlx::query("SELECT i.number, o.number AS cancelled, i.corrects FROM invoices i \
                LEFT JOIN invoices o ON o.id = COALESCE(i.cancels, i.corrects) WHERE i.id = $1")
            .bind(invoice_id)
            .fetch_one(&mut *c)
            .await?;
        (r.text("number")?, r.opt_text("cancelled")?, r.opt_i64("corrects")?.is_some())
    });
    Ok(match cancelled {
        Some(of) if partial => tf(
            "Partial cancellation invoice %1$s for invoice %2$s issued.",
            &[&number, &of],
        ),
        Some(of) => tf(
            "Cancellation invoice %1$s for invoice %2$s issued.",
            &[&number, &of],
        ),
        None => tf("Invoice %s issued.", &[&number]),
    })
}

/// What a month's export holds: `[from, to)` in Unix time.
pub fn month_bounds(year: i64, month: u32) -> Option<(i64, i64)> {
    if !(1..=12).contains(&month) || !(2000..=9999).contains(&year) {
        return None;
    }
    use laden_domain::dates::{day_number, german_day_start};
    let (ny, nm) = if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    };
    Some((
        german_day_start(day_number(year, month, 1)),
        german_day_start(day_number(ny, nm, 1)),
    ))
}

impl Store {
    /// The invoices of several orders, `(order id, invoice)` in the order issued.
    pub(crate) async fn invoices_of_orders(&self, ids: &[i64]) -> Result<Vec<Invoice>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = crate::db::Ids(ids);
        let sql = format!(
            "SELECT {INVOICE_COLS} FROM invoices WHERE order_id {} ORDER BY id",
            list.filter()
        );
        on_db!(&self.db, p => {
            crate::db::bind_ids(sqlx::query(&sql), &list).fetch_all(p).await?.iter().map(invoice_from_row).collect()
        })
    }

    /// The invoices of the orders placed with `email` (an account's confirmed address), newest
    /// first, each with its order's key (the customer's download link carries it).
    pub async fn customer_invoices(&self, email: &str) -> Result<Vec<(Invoice, String)>> {
        let sql = format!(
            "SELECT {INVOICE_COLS}, o.order_key FROM invoices JOIN orders o ON o.id = invoices.order_id \
             WHERE LOWER(o.email) = LOWER($1) ORDER BY invoices.id DESC"
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(email).fetch_all(p).await?.iter().map(|r| Ok((invoice_from_row(r)?, r.text("order_key")?))).collect()
        })
    }

    /// An order's invoices and cancellations, in the order they were issued.
    pub async fn order_invoices(&self, order_id: i64) -> Result<Vec<Invoice>> {
        let sql = format!("SELECT {INVOICE_COLS} FROM invoices WHERE order_id = $1 ORDER BY id");
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(order_id).fetch_all(p).await?.iter().map(invoice_from_row).collect()
        })
    }

    /// The invoices issued in `[from, to)`, by number order of issue.
    pub async fn invoices_between(&self, from: i64, to: i64) -> Result<Vec<Invoice>> {
        let sql = format!(
            "SELECT {INVOICE_COLS} FROM invoices WHERE issued_at >= $1 AND issued_at < $2 ORDER BY id"
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(from).bind(to).fetch_all(p).await?.iter().map(invoice_from_row).collect()
        })
    }

    /// The invoices issued in `[from, to)` with their documents, in one query (the month's export),
    /// and their kept PDFs when `with_pdf`.
    pub async fn invoice_documents_between(
        &self,
        from: i64,
        to: i64,
        with_pdf: bool,
    ) -> Result<Vec<(Invoice, InvoiceDoc, Option<Vec<u8>>)>> {
        let pdf = if with_pdf { "pdf" } else { "NULL AS pdf" };
        let sql = format!(
            "SELECT {INVOICE_COLS}, document, {pdf} FROM invoices WHERE issued_at >= $1 AND issued_at < $2 ORDER BY id"
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).bind(from).bind(to).fetch_all(p).await?.iter()
                .map(|r| Ok((invoice_from_row(r)?, r.json("document")?, r.opt_bytes("pdf")?)))
                .collect()
        })
    }

    /// One invoice with its document and, once rendered, its PDF.
    pub async fn invoice(&self, id: i64) -> Result<(Invoice, InvoiceDoc, Option<Vec<u8>>)> {
        let sql = format!("SELECT {INVOICE_COLS}, document, pdf FROM invoices WHERE id = $1");
        on_db!(&self.db, p => {
            let r = sqlx::query(&sql).bind(id).fetch_optional(p).await?.ok_or(StoreError::NotFound(Missing::Invoice))?;
            Ok((invoice_from_row(&r)?, r.json("document")?, r.opt_bytes("pdf")?))
        })
    }

    /// Keeps an invoice's PDF: only the first one written stays.
    pub async fn keep_invoice_pdf(&self, id: i64, pdf: &[u8]) -> Result<()> {
        on_db!(&self.db, p => {
            sqlx::query("UPDATE invoices SET pdf = $2 WHERE id = $1 AND pdf IS NULL").bind(id).bind(pdf).execute(p).await?;
        });
        Ok(())
    }

    /// Issues the order's invoice now, when it has none open (staff's "Rechnung erstellen").
    /// Refused while the shop has neither tax number nor VAT ID to name.
    pub async fn issue_invoice(&self, order_id: i64) -> Result<Option<i64>> {
        let s = self.settings().await?;
        if !s.shop.has_tax_id() {
            return Err(StoreError::Invalid(vec![(
                "laden_shop_tax_number".into(),
                laden_domain::i18n::t(laden_domain::settings::INVOICES_NEED_TAX_ID),
            )]));
        }
        let mut tx = self.begin().await?;
        let id = issue(&mut tx, order_id, &s).await?;
        tx.commit().await?;
        Ok(id)
    }
}
