//! An A2A agent's JSON-RPC response (a call's answer or a stream's event)
//! brought to the package's one result shape, A2A 0.3's, before the core
//! reads it: a 1.0 `result` is rewritten (wrappers, states, roles, parts);
//! from either version an artifact-update's `append` and `lastChunk` are
//! `false` when left out (1.0 leaves out every `false`, as protobuf's JSON
//! does). Unknown fields are kept; anything that is not the shape expected is
//! passed on as it is, for the decoder to accept or refuse.

use super::json::{JsonView, Kind};
use alloc::vec::Vec;

/// `response` (a parsed JSON-RPC response) with its `result` in the package's
/// shape; `v1`: the request went in A2A 1.0. Anything else as it is.
pub fn normalised<V: JsonView>(response: V, v1: bool) -> V {
    let Some(result) = response.get("result").filter(is_object) else { return response };
    let update = result.member_is("kind", "artifact-update");
    if !v1 && !update {
        return response;
    }
    let mut result = if v1 { result_v1(&result) } else { result };
    if result.member_is("kind", "artifact-update") {
        let mut members = Vec::new();
        for key in ["append", "lastChunk"] {
            if result.get(key).is_none() {
                members.push((V::from_str(key), V::boolean(false)));
            }
        }
        members.extend(result.members());
        result = V::object(members);
    }
    let mut members = rest(&response, &["result"]);
    members.push((V::from_str("result"), result));
    V::object(members)
}

/// A 1.0 `result` in the 0.3 shape: a `{ task }`, `{ message }`,
/// `{ statusUpdate }` or `{ artifactUpdate }` wrapper becomes what it wraps
/// (with its `kind`), `{ tasks }` (ListTasks) has each task rewritten, and
/// anything else is a bare task (GetTask, CancelTask).
fn result_v1<V: JsonView>(result: &V) -> V {
    if let Some(task) = result.get("task").filter(is_object) {
        return task_of(task);
    }
    if let Some(message) = result.get("message").filter(is_object) {
        return message_of(message);
    }
    if let Some(update) = result.get("statusUpdate").filter(is_object) {
        let update = shaped(&update, "status-update", &["status"], |_, status| status_of(status));
        if update.get("final").is_some() {
            return update;
        }
        // Where a 1.0 stream ends: a terminal state, or one that needs the caller.
        let state = update.get("status").and_then(|s| s.get_string("state"));
        let last = matches!(
            state.as_deref(),
            Some("completed" | "failed" | "canceled" | "rejected" | "input-required" | "auth-required")
        );
        let mut members = update.members();
        members.push((V::from_str("final"), V::boolean(last)));
        return V::object(members);
    }
    if let Some(update) = result.get("artifactUpdate").filter(is_object) {
        return shaped(&update, "artifact-update", &["artifact"], |_, artifact| artifact_of(artifact));
    }
    if result.get("tasks").is_some_and(|tasks| tasks.is_kind(Kind::Array)) {
        return rewritten(result, None, &["tasks"], |_, tasks| each(tasks, task_of));
    }
    task_of(result.clone())
}

/// A task: its status, artifacts and history rewritten, `kind` first.
fn task_of<V: JsonView>(task: V) -> V {
    if !is_object(&task) {
        return task;
    }
    shaped(&task, "task", &["status", "artifacts", "history"], |i, value| match i {
        0 => status_of(value),
        1 => each(value, artifact_of),
        _ => each(value, message_of),
    })
}

/// A message: `ROLE_USER` → `user`, `ROLE_AGENT` → `agent`, its parts rewritten, `kind` first.
fn message_of<V: JsonView>(message: V) -> V {
    if !is_object(&message) {
        return message;
    }
    shaped(&message, "message", &["role", "parts"], |i, value| match i {
        0 => match value.as_string().as_deref() {
            Some("ROLE_USER") => V::from_str("user"),
            Some("ROLE_AGENT") => V::from_str("agent"),
            _ => value,
        },
        _ => each(value, part_of),
    })
}

/// A status: its state and message rewritten.
fn status_of<V: JsonView>(status: V) -> V {
    if !is_object(&status) {
        return status;
    }
    rewritten(&status, None, &["state", "message"], |i, value| match i {
        0 => state_of(value),
        _ => message_of(value),
    })
}

/// An artifact: its parts rewritten.
fn artifact_of<V: JsonView>(artifact: V) -> V {
    if !is_object(&artifact) {
        return artifact;
    }
    rewritten(&artifact, None, &["parts"], |_, parts| each(parts, part_of))
}

/// `TASK_STATE_INPUT_REQUIRED` → `input-required`; `TASK_STATE_UNSPECIFIED` → `unknown`.
fn state_of<V: JsonView>(state: V) -> V {
    let Some(name) = state.as_string() else { return state };
    let Some(name) = name.strip_prefix("TASK_STATE_") else { return state };
    // The first `_` only, as 1.0's two-word states have one.
    let name = name.to_ascii_lowercase().replacen('_', "-", 1);
    V::from_str(if name == "unspecified" { "unknown" } else { &name })
}

/// A 1.0 part as 0.3 writes it: `kind` first, a file's fields under `file`.
fn part_of<V: JsonView>(part: V) -> V {
    if !is_object(&part) {
        return part;
    }
    for kind in ["text", "data"] {
        if part.get(kind).is_some() {
            return rewritten(&part, Some(kind), &[], |_, value| value);
        }
    }
    const FIELDS: [(&str, &str); 4] =
        [("raw", "bytes"), ("url", "uri"), ("mediaType", "mimeType"), ("filename", "name")];
    let mut file = Vec::new();
    for (field, old) in FIELDS {
        if let Some(value) = part.get(field) {
            file.push((V::from_str(old), value));
        }
    }
    let mut members = rest(&part, &["raw", "url", "mediaType", "filename", "file"]);
    if part.get("kind").is_none() {
        members.insert(0, (V::from_str("kind"), V::from_str("file")));
    }
    members.push((V::from_str("file"), V::object(file)));
    V::object(members)
}

/// An object with `kind` first (unless it has its own) and `keys` through `f`.
fn shaped<V: JsonView>(object: &V, kind: &'static str, keys: &'static [&'static str], f: impl Fn(usize, V) -> V) -> V {
    rewritten(object, Some(kind), keys, f)
}

/// `object` with each member named in `keys` passed through `f` (with the
/// key's index), the others kept, and a `kind` member first when given and
/// the object has none of its own.
fn rewritten<V: JsonView>(
    object: &V,
    kind: Option<&'static str>,
    keys: &'static [&'static str],
    f: impl Fn(usize, V) -> V,
) -> V {
    let mut members = rest(object, keys);
    if let Some(kind) = kind.filter(|_| object.get("kind").is_none()) {
        members.insert(0, (V::from_str("kind"), V::from_str(kind)));
    }
    for (i, key) in keys.iter().enumerate() {
        if let Some(value) = object.get(key) {
            members.push((V::from_str(key), f(i, value)));
        }
    }
    V::object(members)
}

/// The members of `object` whose keys are not in `keys`.
fn rest<V: JsonView>(object: &V, keys: &'static [&'static str]) -> Vec<(V, V)> {
    object.others(keys).1.members()
}

/// Each element of an array through `f`; anything else as it is.
fn each<V: JsonView>(list: V, f: fn(V) -> V) -> V {
    if !list.is_kind(Kind::Array) {
        return list;
    }
    V::array(list.elements().map(f).collect())
}

/// True for an object that is not an array.
fn is_object<V: JsonView>(value: &V) -> bool {
    value.is_kind(Kind::Object)
}

#[cfg(test)]
mod tests;
