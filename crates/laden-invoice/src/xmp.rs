//! Factur-X's XMP properties. A Factur-X / ZUGFeRD PDF names its XML in the document's XMP
//! metadata (`fx:DocumentFileName`, `fx:DocumentType`, `fx:Version`, `fx:ConformanceLevel`,
//! with the PDF/A extension schema that declares them). krilla writes the PDF/A metadata but
//! takes no custom properties, so the metadata stream is replaced by an incremental update
//! (ISO 32000 §7.5.6, allowed in PDF/A): a new version of that one object, an xref section for
//! it and a trailer pointing back to krilla's. The original bytes stay as they are.

const FX: &str = r#"<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>factur-x.xml</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description><rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"><pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema><pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI><pdfaSchema:prefix>fx</pdfaSchema:prefix><pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>name of the embedded XML invoice file</pdfaProperty:description></rdf:li><rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>INVOICE</pdfaProperty:description></rdf:li><rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the Factur-X XML schema</pdfaProperty:description></rdf:li><rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded Factur-X data</pdfaProperty:description></rdf:li></rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>"#;

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// The number after `key` in `dict` (`/Size 12`).
fn number_after(dict: &str, key: &str) -> Option<u64> {
    let rest = &dict[dict.find(key)? + key.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// `pdf` with the Factur-X properties added to its XMP metadata.
pub fn add_factur_x(mut pdf: Vec<u8>) -> Result<Vec<u8>, String> {
    // The catalog names the metadata stream: `/Metadata N 0 R`.
    let catalog = rfind(&pdf, b"/Catalog").ok_or("no catalog")?;
    let key = catalog + find(&pdf[catalog..], b"/Metadata").ok_or("no metadata")? + 9;
    let number: u32 = std::str::from_utf8(&pdf[key..key + 12.min(pdf.len() - key)])
        .map_err(|_| "metadata reference")?
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or("metadata reference")?;
    let header = format!("\n{number} 0 obj");
    let object = find(&pdf, header.as_bytes()).ok_or("metadata object")?;
    let stream = object + find(&pdf[object..], b"stream").ok_or("metadata stream")? + 6;
    let body_start = stream
        + pdf[stream..]
            .iter()
            .take_while(|b| **b == b'\r' || **b == b'\n')
            .count();
    let body_end =
        body_start + find(&pdf[body_start..], b"endstream").ok_or("metadata stream end")?;
    let xmp = std::str::from_utf8(&pdf[body_start..body_end]).map_err(|_| "metadata text")?;
    let close = xmp.rfind("</rdf:RDF>").ok_or("metadata RDF")?;
    let mut new_xmp = String::with_capacity(xmp.len() + FX.len());
    new_xmp.push_str(&xmp[..close]);
    new_xmp.push_str(FX);
    new_xmp.push_str(xmp[close..].trim_end());
    new_xmp.push('\n');

    let trailer_at = rfind(&pdf, b"trailer").ok_or("no trailer")?;
    let startxref_at = rfind(&pdf, b"startxref").ok_or("no startxref")?;
    let trailer = std::str::from_utf8(&pdf[trailer_at + 7..startxref_at])
        .map_err(|_| "trailer text")?
        .trim();
    let dict = trailer
        .strip_prefix("<<")
        .and_then(|d| d.strip_suffix(">>"))
        .ok_or("trailer dictionary")?
        .trim()
        .to_owned();
    let prev = std::str::from_utf8(&pdf[startxref_at + 9..])
        .map_err(|_| "startxref")?
        .split_whitespace()
        .next()
        .and_then(|n| n.parse::<u64>().ok())
        .ok_or("startxref offset")?;
    let size = number_after(&dict, "/Size").ok_or("trailer size")?;

    if !pdf.ends_with(b"\n") {
        pdf.push(b'\n');
    }
    let offset = pdf.len();
    pdf.extend_from_slice(
        format!(
            "{number} 0 obj\n<< /Type /Metadata /Subtype /XML /Length {} >>\nstream\n",
            new_xmp.len()
        )
        .as_bytes(),
    );
    pdf.extend_from_slice(new_xmp.as_bytes());
    pdf.extend_from_slice(b"endstream\nendobj\n");
    let xref = pdf.len();
    // Each entry is exactly 20 bytes: offset, generation, type, space and line feed.
    pdf.extend_from_slice(
        format!(
            "xref\n0 1\n0000000000 65535 f \n{number} 1\n{offset:010} 00000 n \ntrailer\n<< {} /Prev {prev} >>\nstartxref\n{xref}\n%%EOF\n",
            dict.replace(&format!("/Size {size}"), &format!("/Size {}", size.max(u64::from(number) + 1)))
        )
        .as_bytes(),
    );
    Ok(pdf)
}
