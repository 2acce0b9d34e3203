//! `catholic_qa`: an answer assembled from the best-matching sample paragraphs, with citations
//! and related questions → artifact `catholic_qa_response`.

use serde_json::{Value, json};

use super::input::Input;
use super::outcome::{SAMPLE_NOTE, SkillOutcome};
use crate::corpus::{Passage, corpus};
use crate::model::{Artifact, Part};

/// Paragraphs used at most.
const MAX_PASSAGES: usize = 3;
/// A paragraph is used only if it scores at least this share of the best one.
const MIN_SCORE_RATIO: f64 = 0.35;
/// Related questions suggested at most.
const MAX_RELATED: usize = 3;

const NOTHING_FOUND: &str =
    "The sample corpus of this simulator has nothing on that question, so no sourced answer can be given.";

pub(super) fn run(input: &Input<'_>) -> SkillOutcome {
    let Some(question) = input.trimmed_text() else {
        return SkillOutcome::Failed("catholic_qa needs a non-empty question in a text part.".into());
    };
    let passages = corpus().passages(question, MAX_PASSAGES, MIN_SCORE_RATIO);
    if passages.is_empty() {
        return SkillOutcome::text_only("catholic_qa_response", format!("{NOTHING_FOUND}\n\n{SAMPLE_NOTE}"));
    }
    // The n-th distinct cited document is [n].
    let mut documents: Vec<&str> = Vec::new();
    let mut answer = String::from("According to the sample documents of this simulator:");
    let mut citations = Vec::new();
    for passage in &passages {
        let index = match documents.iter().position(|&id| id == passage.document.id) {
            Some(i) => i + 1,
            None => {
                documents.push(passage.document.id);
                documents.len()
            }
        };
        answer.push_str(&format!("\n\n{} [{index}]", passage.paragraph.text));
        citations.push(citation(passage, index));
    }
    answer.push_str(&format!("\n\n{SAMPLE_NOTE}"));
    let parts = vec![
        Part::text(answer.clone()),
        Part::Data { data: json!({ "citations": citations }) },
        Part::Data { data: json!({ "related_questions": related_questions(&passages) }) },
    ];
    SkillOutcome::Completed { artifact: Artifact::new("catholic_qa_response", parts), reply: answer }
}

fn citation(passage: &Passage, index: usize) -> Value {
    let doc = passage.document;
    json!({
        "cited_text": passage.paragraph.text,
        "cited_text_heading": passage.paragraph.heading,
        "document_title": doc.title,
        "document_index": index,
        "document_author": doc.author,
        "document_reference": doc.reference,
        "document_year": doc.year,
        "source_url": doc.url(),
    })
}

fn related_questions(passages: &[Passage]) -> Vec<String> {
    let mut topics: Vec<&str> = Vec::new();
    for p in passages {
        if !topics.contains(&p.document.topic) {
            topics.push(p.document.topic);
        }
    }
    let first = topics.first().copied().unwrap_or("the faith");
    topics
        .iter()
        .map(|t| format!("What does the Church teach about {t}?"))
        .chain([
            format!("How does {first} shape daily Christian life?"),
            format!("Where does Scripture speak about {first}?"),
        ])
        .take(MAX_RELATED)
        .collect()
}
