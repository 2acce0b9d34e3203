//! A core outcome as the JSON of what the npm package resolves or rejects
//! with: the objects `js/results.js` builds (via `src/web/convert.rs`) and
//! the fields `src/web/error.rs` gives a `MagisteriumError`.
//!
//! Written by hand for now: once the Rust result types serialize with
//! serde to exactly this shape, they replace this module.

use magisterium_a2a::core::call::Outcome;
use magisterium_a2a::core::error::{Error, redact};
use magisterium_a2a::core::skills::{Citation, Document, QaAnswer, SearchResult};
use serde_json::{Map, Value, json};

/// The value a call resolves with.
pub fn value(outcome: Outcome<Value>) -> Value {
    match outcome {
        Outcome::Answer(answer) => qa_answer(answer),
        Outcome::Hits(hits) => hits.into_iter().map(search_result).collect(),
        Outcome::Document(document) => document.map_or(Value::Null, magisterium_document),
        Outcome::Text(text) => text.unwrap_or(Value::Null),
        Outcome::Task(task) => task,
    }
}

/// The fields of the `MagisteriumError` a call rejects with: `{ code, message,
/// rpcCode?, httpStatus?, retryAfter?, taskId?, data? }`, with `token` redacted
/// from the message and `data` as the package does.
pub fn error(error: Error<Value>, token: &str) -> Value {
    let e = error.into_fields();
    let mut fields = Map::new();
    fields.insert("code".into(), json!(e.code.as_str()));
    fields.insert("message".into(), json!(redact(&e.message, Some(token))));
    let mut optional = |key: &str, value: Option<Value>| {
        if let Some(value) = value {
            fields.insert(key.into(), value);
        }
    };
    optional("rpcCode", e.rpc_code.map(number));
    optional("httpStatus", e.http_status.map(Value::from));
    optional("retryAfter", e.retry_after.map(number));
    optional("taskId", e.task_id.map(Value::from));
    optional("data", e.data.and_then(|data| without_token(data, token)));
    Value::Object(fields)
}

fn qa_answer(a: QaAnswer<Value>) -> Value {
    json!({
        "text": a.text,
        "citations": a.citations.into_iter().map(citation).collect::<Vec<_>>(),
        "relatedQuestions": a.related_questions,
        "taskId": a.task_id,
        "contextId": a.context_id,
    })
}

/// Known fields only when present; `raw` always.
fn citation(c: Citation<Value>) -> Value {
    let fields = [
        ("citedText", c.cited_text),
        ("citedTextHeading", c.cited_text_heading),
        ("documentTitle", c.document_title),
        ("documentIndex", c.document_index.map(number)),
        ("documentAuthor", c.document_author),
        ("documentReference", c.document_reference),
        ("documentYear", c.document_year),
        ("sourceUrl", c.source_url),
        ("raw", Some(c.raw)),
    ];
    Value::Object(fields.into_iter().filter_map(|(k, v)| Some((k.to_owned(), v?))).collect())
}

fn search_result(hit: SearchResult<Value>) -> Value {
    json!({ "id": hit.id, "url": hit.url, "title": hit.title })
}

fn magisterium_document(d: Document<Value>) -> Value {
    json!({ "id": d.id, "title": d.title, "author": d.author, "ref": d.reference, "text": d.text })
}

/// A JS number (an `f64` the core computed; never NaN or infinite from JSON).
fn number(n: f64) -> Value {
    serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)
}

/// `data` with the token replaced in its JSON text, or `None` when the text
/// no longer parses (as `without_secret` in `src/web/error.rs`).
fn without_token(data: Value, token: &str) -> Option<Value> {
    let text = data.to_string();
    let cleaned = redact(&text, Some(token));
    if cleaned == text { Some(data) } else { serde_json::from_str(&cleaned).ok() }
}
