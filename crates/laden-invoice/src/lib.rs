//! Invoices as documents: the EN 16931 XML (UN/CEFACT CII, Factur-X / ZUGFeRD 2 profile
//! "EN 16931") and the German PDF/A-3b that carries it. Pure: an [`InvoiceDoc`] in, bytes out.

mod fonts;
mod pdf;
mod xml;
mod xmp;

pub use laden_domain::invoice::InvoiceDoc;
pub use pdf::PdfError;
pub use xml::{cii, GUIDELINE};

/// The attachment's name the Factur-X and ZUGFeRD 2 standards give it.
pub const XML_NAME: &str = "factur-x.xml";

/// The invoice's PDF/A-3b with its XML attached.
pub fn pdf(doc: &InvoiceDoc) -> Result<Vec<u8>, PdfError> {
    pdf::render(doc, &cii(doc))
}

#[cfg(test)]
mod tests;
