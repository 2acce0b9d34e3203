//! A small BM25 ranker and the text analyzer it uses (lowercase words, stop words, plural folding).

use std::collections::{BTreeSet, HashMap};

/// Term-frequency saturation.
const K1: f64 = 1.2;
/// Length normalisation.
const B: f64 = 0.75;

const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "but", "by", "can",
    "did", "do", "does", "for", "from", "had", "has", "have", "he", "her", "his", "how", "i", "if", "in", "into", "is",
    "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "she", "so", "than", "that", "the", "their", "them",
    "then", "there", "these", "they", "this", "to", "us", "was", "we", "were", "what", "when", "where", "which", "who",
    "whom", "why", "will", "with", "you", "your",
];

/// Splits text into index terms: lowercase alphanumeric words of two or more characters,
/// without stop words, with simple plurals folded (`sacraments` → `sacrament`, `mysteries` → `mystery`).
pub(crate) fn tokenize(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 2)
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .map(fold_plural)
        .collect()
}

fn fold_plural(word: String) -> String {
    if word.len() > 4 && word.ends_with("ies") {
        return format!("{}y", &word[..word.len() - 3]);
    }
    let keeps_s = ["ss", "us", "is"].iter().any(|end| word.ends_with(end));
    if word.len() > 3 && word.ends_with('s') && !keeps_s {
        return word[..word.len() - 1].to_string();
    }
    word
}

/// An inverted index scored with Okapi BM25.
#[derive(Debug)]
pub(crate) struct Bm25 {
    /// term → (document index, term frequency)
    postings: HashMap<String, Vec<(usize, u32)>>,
    doc_lengths: Vec<usize>,
    average_length: f64,
}

impl Bm25 {
    /// Indexes documents given as term lists; document `i` is reported as index `i`.
    pub(crate) fn new(documents: &[Vec<String>]) -> Bm25 {
        let mut postings: HashMap<String, Vec<(usize, u32)>> = HashMap::new();
        for (index, terms) in documents.iter().enumerate() {
            let mut counts: HashMap<&str, u32> = HashMap::new();
            for term in terms {
                *counts.entry(term).or_default() += 1;
            }
            for (term, count) in counts {
                postings.entry(term.to_string()).or_default().push((index, count));
            }
        }
        let doc_lengths: Vec<usize> = documents.iter().map(Vec::len).collect();
        let total: usize = doc_lengths.iter().sum();
        let average_length = (total as f64 / doc_lengths.len().max(1) as f64).max(1.0);
        Bm25 { postings, doc_lengths, average_length }
    }

    /// Documents matching at least one distinct query term, best first (ties: lower index first).
    pub(crate) fn search(&self, query: &[String]) -> Vec<(usize, f64)> {
        let n = self.doc_lengths.len() as f64;
        let mut scores: HashMap<usize, f64> = HashMap::new();
        let distinct: BTreeSet<&String> = query.iter().collect();
        for term in distinct {
            let Some(postings) = self.postings.get(term) else {
                continue;
            };
            let df = postings.len() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            for &(doc, tf) in postings {
                let tf = f64::from(tf);
                let norm = 1.0 - B + B * self.doc_lengths[doc] as f64 / self.average_length;
                *scores.entry(doc).or_default() += idf * tf * (K1 + 1.0) / (tf + K1 * norm);
            }
        }
        let mut ranked: Vec<(usize, f64)> = scores.into_iter().collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(docs: &[&str]) -> Bm25 {
        Bm25::new(&docs.iter().map(|d| tokenize(d)).collect::<Vec<_>>())
    }

    fn ranking(bm: &Bm25, query: &str) -> Vec<usize> {
        bm.search(&tokenize(query)).into_iter().map(|(i, _)| i).collect()
    }

    #[test]
    fn analyzer() {
        assert_eq!(tokenize("What are the Sacraments of Jesus?"), ["sacrament", "jesus"]);
        assert_eq!(tokenize("Mysteries, gifts; grace's."), ["mystery", "gift", "grace"]);
        assert!(tokenize("the of and a").is_empty());
    }

    #[test]
    fn term_frequency_and_rarity_rank() {
        let bm = index(&[
            "grace and prayer",
            "grace grace grace and more grace",
            "prayer prayer and nothing else here at all",
            "unrelated words only",
        ]);
        assert_eq!(ranking(&bm, "grace"), [1, 0]);
        // "grace" and "prayer" are equally rare; the document with both ranks first.
        assert_eq!(ranking(&bm, "grace prayer")[0], 0);
        assert!(ranking(&bm, "nothing matches zzz").iter().all(|&i| i == 2));
        assert!(ranking(&bm, "qqq").is_empty());
    }

    #[test]
    fn shorter_documents_win_on_equal_frequency() {
        let bm = index(&["baptism water", "baptism water word light candle garment white", "other"]);
        assert_eq!(ranking(&bm, "baptism"), [0, 1]);
    }

    #[test]
    fn rare_terms_outweigh_common_ones() {
        let bm = index(&["church grace", "church people", "church bishop", "church trinity"]);
        let ranked = bm.search(&tokenize("church trinity"));
        assert_eq!(ranked[0].0, 3);
        assert!(ranked[0].1 > 2.0 * ranked[1].1);
    }
}
