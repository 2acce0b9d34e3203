//! The embedded sample corpus and its two BM25 indexes (whole documents and single paragraphs).

mod document;
mod documents;

use std::sync::LazyLock;

use crate::bm25::{Bm25, tokenize};
use document::{Document, Paragraph};

/// A paragraph found by a passage search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Passage {
    pub(crate) document: &'static Document,
    pub(crate) paragraph: &'static Paragraph,
}

/// The corpus with its indexes.
#[derive(Debug)]
pub(crate) struct Corpus {
    documents: Bm25,
    passages: Vec<Passage>,
    passage_index: Bm25,
}

static CORPUS: LazyLock<Corpus> = LazyLock::new(|| {
    let docs = documents::DOCUMENTS;
    // Titles count twice so that a query naming a document's subject ranks it first.
    let doc_terms: Vec<Vec<String>> =
        docs.iter().map(|d| tokenize(&format!("{0} {0} {1}", d.title, d.body()))).collect();
    let passages: Vec<Passage> = docs
        .iter()
        .flat_map(|document| document.paragraphs.iter().map(move |paragraph| Passage { document, paragraph }))
        .collect();
    let passage_terms: Vec<Vec<String>> = passages
        .iter()
        .map(|p| tokenize(&format!("{} {} {}", p.document.title, p.paragraph.heading, p.paragraph.text)))
        .collect();
    Corpus { documents: Bm25::new(&doc_terms), passage_index: Bm25::new(&passage_terms), passages }
});

/// The shared corpus.
pub(crate) fn corpus() -> &'static Corpus {
    &CORPUS
}

impl Corpus {
    /// The document with this id.
    pub(crate) fn get(&self, id: &str) -> Option<&'static Document> {
        documents::DOCUMENTS.iter().find(|d| d.id == id)
    }

    /// Up to `limit` documents ranked by BM25 for `query`.
    pub(crate) fn search(&self, query: &str, limit: usize) -> Vec<&'static Document> {
        let docs = documents::DOCUMENTS;
        self.documents.search(&tokenize(query)).into_iter().take(limit).map(|(i, _)| &docs[i]).collect()
    }

    /// Up to `limit` paragraphs ranked by BM25 for `query`, keeping only those scoring at least
    /// `min_ratio` of the best one.
    pub(crate) fn passages(&self, query: &str, limit: usize, min_ratio: f64) -> Vec<Passage> {
        let ranked = self.passage_index.search(&tokenize(query));
        let best = ranked.first().map_or(0.0, |&(_, score)| score);
        ranked
            .into_iter()
            .take_while(|&(_, score)| score >= best * min_ratio)
            .take(limit)
            .map(|(i, _)| self.passages[i])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn corpus_is_sample_data_with_unique_ids() {
        let docs = documents::DOCUMENTS;
        assert!(docs.len() >= 30);
        let ids: HashSet<&str> = docs.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), docs.len());
        for d in docs {
            assert!(d.author.starts_with("[sample]"), "{}", d.id);
            assert!(d.title.ends_with("(sample)"), "{}", d.id);
            assert!(!d.paragraphs.is_empty());
        }
    }

    #[test]
    fn searches_find_the_obvious_document() {
        let c = corpus();
        for (query, id) in [
            ("grace", "10001"),
            ("baptism", "10002"),
            ("What is the Eucharist?", "10003"),
            ("Trinity", "10005"),
            ("confession", "10017"),
            ("Pope", "10016"),
            ("rosary mysteries", "10032"),
        ] {
            assert_eq!(c.search(query, 10).first().map(|d| d.id), Some(id), "{query}");
        }
        assert!(c.search("xylophone quantum", 10).is_empty());
        assert_eq!(c.get("10001").map(|d| d.title), Some("Grace and Justification (sample)"));
        assert!(c.get("99999").is_none());
        let passages = c.passages("sanctifying grace", 3, 0.3);
        assert_eq!(passages[0].paragraph.heading, "Sanctifying and actual grace");
    }
}
