//! `document_search`: BM25 over the sample corpus → artifact `search_results`.

use serde_json::json;

use super::input::Input;
use super::outcome::SkillOutcome;
use crate::corpus::corpus;
use crate::model::{Artifact, Part};

/// Most results returned.
const MAX_RESULTS: usize = 10;

pub(super) fn run(input: &Input<'_>) -> SkillOutcome {
    let Some(query) = input.text() else {
        return SkillOutcome::Failed("document_search needs a text part holding the query.".into());
    };
    let results: Vec<_> = corpus()
        .search(query, MAX_RESULTS)
        .into_iter()
        .map(|d| json!({ "id": d.id, "url": d.url(), "title": d.title }))
        .collect();
    let reply = format!("Found {} document(s) in the sample corpus.", results.len());
    SkillOutcome::Completed {
        artifact: Artifact::new("search_results", vec![Part::Data { data: json!({ "results": results }) }]),
        reply,
    }
}
