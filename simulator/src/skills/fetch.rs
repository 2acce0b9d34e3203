//! `document_fetch`: a document by id → artifact `document` (body text + metadata), or `Document not found.`

use serde_json::{Value, json};

use super::input::Input;
use super::outcome::SkillOutcome;
use crate::corpus::corpus;
use crate::model::{Artifact, Part};

/// The id from a data part `{"id": …}` (string or number), else from a text part.
fn requested_id(input: &Input<'_>) -> Option<String> {
    let from_data = input.data().and_then(|d| d.get("id")).and_then(|id| match id {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    from_data.filter(|id| !id.is_empty()).or_else(|| input.trimmed_text().map(str::to_string))
}

pub(super) fn run(input: &Input<'_>) -> SkillOutcome {
    let Some(id) = requested_id(input) else {
        return SkillOutcome::Failed(
            "document_fetch needs a data part {\"id\": \"…\"} or a text part holding the document id.".into(),
        );
    };
    let Some(doc) = corpus().get(&id) else {
        return SkillOutcome::text_only("document", "Document not found.".into());
    };
    let metadata = json!({ "id": doc.id, "title": doc.title, "author": doc.author, "ref": doc.reference });
    SkillOutcome::Completed {
        artifact: Artifact::new("document", vec![Part::text(doc.body()), Part::Data { data: metadata }]),
        reply: format!("Document {}: {}", doc.id, doc.title),
    }
}
