//! The A2A `Task` a `message/send`, `tasks/get` or `tasks/cancel` returns:
//! its head (id, context, state) and the outcome a skill method needs.

use super::error::{CallError, ErrorCode};
use super::json::{JsonView, Kind};
use super::text::cat;
use alloc::string::String;
use alloc::vec::Vec;

/// The parts of a task the client reads; the task itself is kept as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskHead<V> {
    /// `id`, a non-empty string, kept as a view of the server's string.
    pub id: V,
    /// `contextId`, kept as a view of the server's string.
    pub context_id: V,
    /// `status.state`, e.g. `completed`.
    pub state: String,
    /// The whole task as the server sent it.
    pub task: V,
}

/// Checks that `result` is an A2A Task (`kind: "task"`, string `id` and
/// `contextId`, `status.state` a string) and reads its head.
pub fn read_task<V: JsonView>(result: V) -> Result<TaskHead<V>, CallError<V>> {
    if !result.is_kind(Kind::Object) || !result.member_is("kind", "task") {
        return Err(CallError::bad_response("the result is not an A2A Task (`kind` is not \"task\")"));
    }
    let id = result.get_str("id").filter(|id| id.string_len() != Some(0));
    let Some(id) = id else {
        return Err(CallError::bad_response("the task has no string `id`"));
    };
    let state = result.get_kind("status", Kind::Object).and_then(|s| s.get_string("state"));
    let Some(state) = state else {
        return Err(CallError::bad_response("the task has no `status.state`").with_task_id(id.as_string()));
    };
    let Some(context_id) = result.get_str("contextId") else {
        return Err(CallError::bad_response("the task has no string `contextId`").with_task_id(id.as_string()));
    };
    Ok(TaskHead { id, context_id, state, task: result })
}

impl<V: JsonView> TaskHead<V> {
    /// The parts of the artifact named `name` of a completed task.
    ///
    /// A `failed` task (and `canceled`/`rejected`) is TASK_FAILED with the
    /// server's reason as the message; any non-terminal state from a skill
    /// that must answer synchronously is BAD_RESPONSE.
    pub fn artifact_parts(&self, name: &'static str) -> Result<Vec<Part<V>>, CallError<V>> {
        let task_id = || self.id.as_string();
        match self.state.as_str() {
            "completed" => {}
            "failed" | "canceled" | "rejected" => {
                let reason = self.status_text().unwrap_or_else(|| cat(&["the task ended `", &self.state, "`"]));
                return Err(CallError::new(ErrorCode::TaskFailed, reason).with_task_id(task_id()));
            }
            other => {
                let message =
                    cat(&["the task is `", other, "`, not terminal, though this skill answers synchronously"]);
                return Err(CallError::bad_response(message).with_task_id(task_id()));
            }
        }
        let artifacts = self.task.get_kind("artifacts", Kind::Array);
        let artifact = artifacts.into_iter().flat_map(|a| a.elements()).find(|a| a.member_is("name", name));
        match artifact {
            Some(artifact) => Ok(parts_of(&artifact)),
            None => {
                Err(CallError::bad_response(cat(&["the task has no `", name, "` artifact"])).with_task_id(task_id()))
            }
        }
    }

    /// The text of `status.message`, the reason a task failed.
    fn status_text(&self) -> Option<String> {
        let message = self.task.get("status")?.get("message")?;
        let text = join_texts(&parts_of(&message))?.as_string()?;
        (!text.trim().is_empty()).then_some(text)
    }
}

/// True for an A2A `Message` (`kind: "message"`, string `messageId` and
/// `role`, `parts` an array), which a generic agent may answer `message/send` with.
pub fn read_message<V: JsonView>(result: &V) -> bool {
    result.member_is("kind", "message")
        && result.get_kind("messageId", Kind::String).is_some()
        && result.get_kind("role", Kind::String).is_some()
        && result.get_kind("parts", Kind::Array).is_some()
}

/// Checks a streamed event (`kind` `task`, `message`, `status-update` with
/// a string `taskId` and `status.state`, `artifact-update` with a string
/// `taskId` and an `artifact` object) and gives it back as sent.
pub fn read_event<V: JsonView>(event: V) -> Result<V, CallError<V>> {
    let update_of = |key: &'static str| {
        event.get_kind("taskId", Kind::String).is_some() && event.get_kind(key, Kind::Object).is_some()
    };
    let valid = if event.member_is("kind", "task") {
        return read_task(event).map(|head| head.task);
    } else if event.member_is("kind", "status-update") {
        update_of("status") && event.get("status").and_then(|s| s.get_kind("state", Kind::String)).is_some()
    } else if event.member_is("kind", "artifact-update") {
        update_of("artifact")
    } else {
        read_message(&event)
    };
    if !valid {
        return Err(CallError::bad_response("not an A2A task, message, status-update or artifact-update"));
    }
    Ok(event)
}

/// One part of a message or artifact, by kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Part<V> {
    /// `{kind:"text", text}`: the text, a string view.
    Text(V),
    /// `{kind:"data", data}`: the data object.
    Data(V),
    /// A file part, or a kind this client does not know (skipped, never an error).
    Other,
}

/// The parts of a message or artifact (`parts` absent or not an array: none).
pub fn parts_of<V: JsonView>(holder: &V) -> Vec<Part<V>> {
    let parts = holder.get_kind("parts", Kind::Array);
    parts
        .into_iter()
        .flat_map(|p| p.elements())
        .map(|part| {
            if part.member_is("kind", "text") {
                part.get_str("text").map_or(Part::Other, Part::Text)
            } else if part.member_is("kind", "data") {
                part.get_kind("data", Kind::Object).map_or(Part::Other, Part::Data)
            } else {
                Part::Other
            }
        })
        .collect()
}

/// The text parts joined by blank lines; a single part is kept as it is (no copy).
pub fn join_texts<V: JsonView>(parts: &[Part<V>]) -> Option<V> {
    let texts: Vec<&V> = parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(t),
            _ => None,
        })
        .collect();
    match texts.as_slice() {
        [] => None,
        [one] => Some((*one).clone()),
        many => Some(V::join(many, "\n\n")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn task(state: &str, extra: Value) -> Value {
        let mut t = json!({"kind":"task","id":"t1","contextId":"c1","status":{"state":state}});
        if let (Some(t), Some(extra)) = (t.as_object_mut(), extra.as_object()) {
            t.extend(extra.clone());
        }
        t
    }

    #[test]
    fn reads_the_head_of_a_task() {
        let head = read_task(task("completed", json!({}))).unwrap();
        assert_eq!((head.id.as_str(), head.state.as_str()), (Some("t1"), "completed"));
        assert_eq!(head.context_id, json!("c1"));
    }

    #[test]
    fn refuses_what_is_not_a_task() {
        let cases = [
            json!(null),
            json!([]),
            json!({"kind":"message","id":"t","contextId":"c","status":{"state":"completed"}}),
            json!({"id":"t","contextId":"c","status":{"state":"completed"}}),
            json!({"kind":"task","id":"","contextId":"c","status":{"state":"completed"}}),
            json!({"kind":"task","id":7,"contextId":"c","status":{"state":"completed"}}),
            json!({"kind":"task","id":"t","contextId":"c","status":"completed"}),
            json!({"kind":"task","id":"t","contextId":"c","status":{"state":1}}),
            json!({"kind":"task","id":"t","status":{"state":"completed"}}),
        ];
        for c in cases {
            assert_eq!(read_task(c.clone()).unwrap_err().code, ErrorCode::BadResponse, "{c}");
        }
    }

    #[test]
    fn a_failed_task_is_task_failed_with_the_reason() {
        let t = task(
            "failed",
            json!({"status":{"state":"failed","message":{"role":"agent","parts":[{"kind":"text","text":"skill raised"}]}}}),
        );
        let e = read_task(t).unwrap().artifact_parts("x").unwrap_err();
        assert_eq!(
            (e.code, e.message.as_str(), e.task_id.as_deref()),
            (ErrorCode::TaskFailed, "skill raised", Some("t1"))
        );
        let e = read_task(task("failed", json!({}))).unwrap().artifact_parts("x").unwrap_err();
        assert_eq!(e.message, "the task ended `failed`");
        let e = read_task(task("rejected", json!({}))).unwrap().artifact_parts("x").unwrap_err();
        assert_eq!(e.code, ErrorCode::TaskFailed);
    }

    #[test]
    fn non_terminal_states_are_bad_responses_with_the_task_id() {
        for state in ["working", "submitted", "input-required", "auth-required", "unknown", "new-state"] {
            let e = read_task(task(state, json!({}))).unwrap().artifact_parts("x").unwrap_err();
            assert_eq!((e.code, e.task_id.as_deref()), (ErrorCode::BadResponse, Some("t1")), "{state}");
        }
    }

    #[test]
    fn finds_the_named_artifact_and_types_its_parts() {
        let t = task(
            "completed",
            json!({"artifacts":[
                {"name":"other","parts":[]},
                "junk",
                {"name":"wanted","parts":[{"kind":"text","text":"a"},{"kind":"data","data":{"k":1}},{"kind":"file","file":{}},{"kind":"text","text":5},{"kind":"data","data":[]},7]}
            ]}),
        );
        let parts = read_task(t).unwrap().artifact_parts("wanted").unwrap();
        assert_eq!(
            parts,
            vec![
                Part::Text(json!("a")),
                Part::Data(json!({"k":1})),
                Part::Other,
                Part::Other,
                Part::Other,
                Part::Other
            ]
        );
        let e =
            read_task(task("completed", json!({"artifacts":"none"}))).unwrap().artifact_parts("wanted").unwrap_err();
        assert_eq!(e.code, ErrorCode::BadResponse);
    }

    #[test]
    fn texts_join_with_blank_lines() {
        let parts = vec![Part::Text(json!("a")), Part::Other, Part::Text(json!("b"))];
        assert_eq!(join_texts(&parts), Some(json!("a\n\nb")));
        assert_eq!(join_texts::<Value>(&[Part::Other]), None);
    }

    #[test]
    fn events_are_checked_by_kind() {
        let ok = [
            json!({"kind": "task", "id": "t", "contextId": "c", "status": {"state": "working"}}),
            json!({"kind": "message", "messageId": "m", "role": "agent", "parts": []}),
            json!({"kind": "status-update", "taskId": "t", "contextId": "c", "status": {"state": "completed"}, "final": true}),
            json!({"kind": "artifact-update", "taskId": "t", "contextId": "c", "artifact": {"parts": []}}),
        ];
        for event in ok {
            assert_eq!(read_event(event.clone()).unwrap(), event);
        }
        let bad = [
            json!({"kind": "task", "id": "t"}),
            json!({"kind": "status-update", "taskId": "t", "status": {}}),
            json!({"kind": "status-update", "taskId": 1, "status": {"state": "working"}}),
            json!({"kind": "artifact-update", "taskId": "t", "artifact": []}),
            json!({"kind": "mystery"}),
            json!([]),
            json!(null),
        ];
        for event in bad {
            assert_eq!(read_event(event.clone()).unwrap_err().code, ErrorCode::BadResponse, "{event}");
        }
    }
}
