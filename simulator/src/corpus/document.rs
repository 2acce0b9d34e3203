//! A sample document and its headed paragraphs (the corpus's types; the documents are in `documents.rs`).

/// A sample document.
#[derive(Debug)]
pub(crate) struct Document {
    pub(crate) id: &'static str,
    pub(crate) title: &'static str,
    pub(crate) author: &'static str,
    pub(crate) reference: &'static str,
    pub(crate) year: u16,
    /// A short noun phrase naming the subject, used to suggest related questions.
    pub(crate) topic: &'static str,
    pub(crate) paragraphs: &'static [Paragraph],
}

/// One headed paragraph of a document: the unit `catholic_qa` cites.
#[derive(Debug)]
pub(crate) struct Paragraph {
    pub(crate) heading: &'static str,
    pub(crate) text: &'static str,
}

impl Document {
    /// The document's (example.org) URL.
    pub(crate) fn url(&self) -> String {
        format!("https://example.org/magisterium-sim/documents/{}", self.id)
    }

    /// The full text: each paragraph under its heading.
    pub(crate) fn body(&self) -> String {
        self.paragraphs.iter().map(|p| format!("{}\n\n{}", p.heading, p.text)).collect::<Vec<_>>().join("\n\n")
    }
}
