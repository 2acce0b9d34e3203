//! A core outcome as the JSON of what the npm package resolves or rejects
//! with. Values go through the Rust client's result types
//! (`magisterium_a2a::{QaAnswer, SearchResult, MagisteriumDocument, Task}`), whose serde
//! JSON must equal the objects `npm/js/results.js` builds: so this suite also
//! holds the Rust types to the npm shapes, for every method and response.
//! Errors are the fields `npm/src/js_error.rs` gives a `MagisteriumError`.

use magisterium_a2a::sans_io::call::Outcome;
use magisterium_a2a::sans_io::error::{CallError, redact};
use magisterium_a2a::{MagisteriumDocument, QaAnswer, SearchResult, Task};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// The value a call resolves with, through the Rust client's types; an
/// `Err` names a task the typed `Task` could not read.
pub fn value(outcome: Outcome<Value>) -> Result<Value, String> {
    Ok(match outcome {
        Outcome::Answer(answer) => serialized(QaAnswer::from(answer)),
        Outcome::Hits(hits) => serialized(hits.into_iter().map(SearchResult::from).collect::<Vec<_>>()),
        Outcome::Document(document) => serialized(document.map(MagisteriumDocument::from)),
        Outcome::Text(text) => serialized(text.map(|text| text.as_str().map(str::to_owned))),
        // A generic agent may answer `message/send` with a message, which the Rust client has no type for.
        Outcome::Task(message) if message.get("kind").and_then(Value::as_str) == Some("message") => message,
        Outcome::Task(task) => {
            serialized(Task::try_from(task).map_err(|e| format!("the Rust client's Task refused a task: {e}"))?)
        }
    })
}

/// The JSON a Rust result serializes to.
fn serialized(result: impl Serialize) -> Value {
    serde_json::to_value(result).unwrap_or_else(|e| json!({ "serialization failed": e.to_string() }))
}

/// The fields of the `MagisteriumError` a call rejects with: `{ code, message,
/// rpcCode?, httpStatus?, retryAfter?, taskId?, data? }`, with `token` redacted
/// from the message and `data` as the package does.
pub fn error(error: CallError<Value>, token: &str) -> Value {
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
