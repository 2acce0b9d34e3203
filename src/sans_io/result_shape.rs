//! An A2A agent's JSON-RPC response (a call's answer or a stream's event)
//! brought to the package's one result shape, A2A 0.3's, before the core
//! reads it: a 1.0 `result` is rewritten (wrappers, states, roles, parts);
//! from either version an artifact-update's `append` and `lastChunk` are
//! `false` when left out (1.0 leaves out every `false`, as protobuf's JSON
//! does). Unknown fields are kept; anything that is not the shape expected is
//! passed on as it is, for the decoder to accept or refuse. The response is
//! rewritten in place (see [`JsonView::set`]); one table says what each
//! shape holds, so the rules are data, walked by one function.

use super::json::{JsonView, Kind};
use super::push_config;

/// `response` (a parsed JSON-RPC response) with its `result` in the package's
/// shape; `v1`: the request went in A2A 1.0. Anything else as it is.
pub fn normalised<V: JsonView>(mut response: V, v1: bool) -> V {
    let Some(result) = response.get("result").filter(is_object) else { return response };
    let mut result = if v1 { result_v1(result) } else { result };
    if result.member_is("kind", "artifact-update") {
        for key in ["append", "lastChunk"] {
            if result.get(key).is_none() {
                result.set(key, V::boolean(false));
            }
        }
    }
    response.set("result", result);
    response
}

/// At most this many extensions are read from a response's header.
pub const MAX_ACTIVATED: usize = 64;

/// `response` (a parsed JSON-RPC response) with the extensions the agent
/// activated for it, as its `A2A-Extensions` header (`X-A2A-Extensions` in
/// 0.3) listed them, carried with its answer: the `result` object's member
/// `activatedExtensions` (an array of their URIs, the first
/// [`MAX_ACTIVATED`]), set only when the header lists any. So a call's
/// extensions travel with its own result, never mixed with another call's.
pub fn with_activated<V: JsonView>(mut response: V, header: Option<&str>) -> V {
    let uris = super::validate::extensions_list(header);
    let Some(mut result) = response.get("result").filter(is_object) else { return response };
    if uris.is_empty() {
        return response;
    }
    let uris = uris.iter().take(MAX_ACTIVATED).map(|uri| V::from_str(uri)).collect();
    result.set("activatedExtensions", V::array(uris));
    response.set("result", result);
    response
}

/// What a value of the 1.0 answer is, for its rewrite.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Task,
    Message,
    Status,
    Artifact,
    StatusUpdate,
    ArtifactUpdate,
    /// `{ tasks, … }` (ListTasks).
    ListTasksResult,
    Part,
    State,
    Role,
}

/// A member of an object shape: its key, its shape, and whether it is an array of that shape.
type Field = (&'static str, Shape, bool);

/// The `kind` an object shape is given (unless it has its own) and its members to rewrite.
fn fields(shape: Shape) -> (Option<&'static str>, &'static [Field]) {
    match shape {
        Shape::Task => (
            Some("task"),
            &[
                ("status", Shape::Status, false),
                ("artifacts", Shape::Artifact, true),
                ("history", Shape::Message, true),
            ],
        ),
        Shape::Message => (Some("message"), &[("role", Shape::Role, false), ("parts", Shape::Part, true)]),
        Shape::Status => (None, &[("state", Shape::State, false), ("message", Shape::Message, false)]),
        Shape::Artifact => (None, &[("parts", Shape::Part, true)]),
        Shape::StatusUpdate => (Some("status-update"), &[("status", Shape::Status, false)]),
        Shape::ArtifactUpdate => (Some("artifact-update"), &[("artifact", Shape::Artifact, false)]),
        Shape::ListTasksResult => (None, &[("tasks", Shape::Task, true)]),
        Shape::Part | Shape::State | Shape::Role => (None, &[]),
    }
}

/// A 1.0 `result` in the 0.3 shape: a `{ task }`, `{ message }`,
/// `{ statusUpdate }` or `{ artifactUpdate }` wrapper becomes what it wraps
/// (with its `kind`), `{ tasks }` (ListTasks) has each task rewritten,
/// `{ configs }` (ListTaskPushNotificationConfigs) each config, a value with
/// a string `url` and no `status` is a push-notification config (see
/// [`push_config`]), an agent card (a `capabilities` object) is left as sent,
/// and anything else is a bare task (GetTask, CancelTask).
fn result_v1<V: JsonView>(result: V) -> V {
    if result.get_kind("capabilities", Kind::Object).is_some() {
        return result; // An agent card (GetExtendedAgentCard): as sent.
    }
    const WRAPPERS: [(&str, Shape); 4] = [
        ("task", Shape::Task),
        ("message", Shape::Message),
        ("statusUpdate", Shape::StatusUpdate),
        ("artifactUpdate", Shape::ArtifactUpdate),
    ];
    for (key, shape) in WRAPPERS {
        if let Some(inner) = result.get(key).filter(is_object) {
            return shaped(inner, shape);
        }
    }
    if result.get_kind("configs", Kind::Array).is_some() {
        return push_config::list_v03(result);
    }
    if result.get("status").is_none() && result.get_kind("url", Kind::String).is_some() {
        return push_config::config_v03(result);
    }
    let list = result.get("tasks").is_some_and(|tasks| tasks.is_kind(Kind::Array));
    shaped(result, if list { Shape::ListTasksResult } else { Shape::Task })
}

/// `value` rewritten as `shape`; a value of another kind as it is.
fn shaped<V: JsonView>(value: V, shape: Shape) -> V {
    match shape {
        Shape::State => return renamed(value, &STATES),
        Shape::Role => return renamed(value, &[("ROLE_USER", "user"), ("ROLE_AGENT", "agent")]),
        _ if !is_object(&value) => return value,
        Shape::Part => return part_of(value),
        _ => {}
    }
    let mut object = value;
    let (kind, fields) = fields(shape);
    for &(key, inner, list) in fields {
        if let Some(mut member) = object.get(key) {
            if list {
                // An array's elements each as `inner`; anything else as it is.
                for index in 0..member.len() {
                    if let Some(element) = member.at(index) {
                        member.set_at(index, shaped(element, inner));
                    }
                }
            } else {
                member = shaped(member, inner);
            }
            object.set(key, member);
        }
    }
    if let Some(kind) = kind {
        set_kind(&mut object, kind);
    }
    if shape == Shape::StatusUpdate && object.get("final").is_none() {
        // Where a 1.0 stream ends: a terminal state, or one that needs the caller
        // (the states from `completed` on, in the order of `STATES`).
        let state = object.get("status").and_then(|s| s.get_string("state"));
        let at = STATES.iter().position(|(_, new)| Some(*new) == state.as_deref());
        object.set("final", V::boolean(at.is_some_and(|at| (2..8).contains(&at))));
    }
    object
}

/// 1.0's task states and their 0.3 names (`TASK_STATE_UNSPECIFIED` is 0.3's
/// `unknown`); those from `completed` to `auth-required` end a stream. The
/// request shape ([`super::request_shape`]) reads it the other way.
pub(super) const STATES: [(&str, &str); 9] = [
    ("TASK_STATE_SUBMITTED", "submitted"),
    ("TASK_STATE_WORKING", "working"),
    ("TASK_STATE_COMPLETED", "completed"),
    ("TASK_STATE_FAILED", "failed"),
    ("TASK_STATE_CANCELED", "canceled"),
    ("TASK_STATE_REJECTED", "rejected"),
    ("TASK_STATE_INPUT_REQUIRED", "input-required"),
    ("TASK_STATE_AUTH_REQUIRED", "auth-required"),
    ("TASK_STATE_UNSPECIFIED", "unknown"),
];

/// A string of `names` as its new name; anything else (an unknown name too) as it is.
fn renamed<V: JsonView>(value: V, names: &[(&'static str, &'static str)]) -> V {
    let Some(text) = value.as_string() else { return value };
    match names.iter().find(|(old, _)| *old == text) {
        Some((_, new)) => V::from_str(new),
        None => value,
    }
}

/// A 1.0 part as 0.3 writes it: a `kind`, a file's fields under `file`.
fn part_of<V: JsonView>(mut part: V) -> V {
    for kind in ["text", "data"] {
        if part.get(kind).is_some() {
            set_kind(&mut part, kind);
            return part;
        }
    }
    const FIELDS: [(&str, &str); 4] =
        [("raw", "bytes"), ("url", "uri"), ("mediaType", "mimeType"), ("filename", "name")];
    let mut file = V::object(alloc::vec::Vec::new());
    for (field, old) in FIELDS {
        if let Some(value) = part.get(field) {
            file.set(old, value);
        }
    }
    let (_, mut rest) = part.others(&["raw", "url", "mediaType", "filename", "file"]);
    set_kind(&mut rest, "file");
    rest.set("file", file);
    rest
}

/// Gives `object` the member `kind` unless it has its own.
fn set_kind<V: JsonView>(object: &mut V, kind: &'static str) {
    if object.get("kind").is_none() {
        object.set("kind", V::from_str(kind));
    }
}

/// True for an object that is not an array.
fn is_object<V: JsonView>(value: &V) -> bool {
    value.is_kind(Kind::Object)
}

#[cfg(test)]
mod tests;
