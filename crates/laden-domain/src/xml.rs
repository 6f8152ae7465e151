//! A tiny XML writer for documents of a fixed schema (the e-invoice's CII, the SEPA debit's
//! pain.008): elements, escaped text and constant attributes, nothing else. What it writes is
//! checked against each schema by the tests, not by this writer.

/// The document written so far.
#[derive(Debug, Clone, Default)]
pub struct Xml(pub String);

impl Xml {
    pub fn with_capacity(n: usize) -> Xml {
        Xml(String::with_capacity(n))
    }

    /// Markup written as given (the declaration, a root element with its namespaces).
    pub fn raw(&mut self, markup: &str) {
        self.0.push_str(markup);
    }

    pub fn open(&mut self, name: &str) {
        self.0.push('<');
        self.0.push_str(name);
        self.0.push('>');
    }

    pub fn close(&mut self, name: &str) {
        self.0.push_str("</");
        self.0.push_str(name);
        self.0.push('>');
    }

    /// `<name>value</name>`, the value escaped (control characters but line breaks and tabs
    /// left out: XML 1.0 cannot hold them).
    pub fn text(&mut self, name: &str, value: &str) {
        self.attr_text(name, "", value);
    }

    /// `<name attr>value</name>`; `attr` is written as given (constants only).
    pub fn attr_text(&mut self, name: &str, attr: &str, value: &str) {
        self.0.push('<');
        self.0.push_str(name);
        if !attr.is_empty() {
            self.0.push(' ');
            self.0.push_str(attr);
        }
        self.0.push('>');
        for c in value.chars() {
            match c {
                '<' => self.0.push_str("&lt;"),
                '>' => self.0.push_str("&gt;"),
                '&' => self.0.push_str("&amp;"),
                '"' => self.0.push_str("&quot;"),
                c if c.is_control() && c != '\n' && c != '\t' => {}
                c => self.0.push(c),
            }
        }
        self.close(name);
    }

    /// `<name>…</name>` around what `inner` writes.
    pub fn wrap(&mut self, name: &str, inner: impl FnOnce(&mut Xml)) {
        self.open(name);
        inner(self);
        self.close(name);
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Xml;

    #[test]
    fn text_is_escaped() {
        let mut x = Xml::default();
        x.text("a", "Müller & Söhne <GmbH>\u{7}");
        x.wrap("b", |x| x.attr_text("c", "d=\"1\"", "\"x\""));
        assert_eq!(
            x.0,
            "<a>Müller &amp; Söhne &lt;GmbH&gt;</a><b><c d=\"1\">&quot;x&quot;</c></b>"
        );
    }
}
