//! What an [`A2AClient`](crate::A2AClient) returns besides a [`Task`]: the
//! answer of `send_message` ([`SendResult`]), a stream's [`A2AStreamEvent`]s, a page
//! of [`ListTasksResult`]. Typed as in `a2a.rs`: what is known typed, the rest kept
//! in `other` under its wire name, so that each serializes to the JSON the
//! npm package's `A2AClient` resolves (or yields) for the same answer.

use crate::client::a2a::{Artifact, Members, Message, Task, TaskStatus};
use crate::client::error::Error;
use crate::sans_io::error::CallError;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What `send_message` answers: a task, or (from some agents) a message.
// Unboxed, as `A2AStreamEvent`: a value handed to the caller to match on, not stored in bulk.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, try_from = "Value")]
pub enum SendResult {
    /// A task (perhaps still `submitted` or `working`: see [`A2AClient::wait_for_task`](crate::A2AClient::wait_for_task)).
    Task(Task),
    /// The agent's message, and no task.
    Message(Message),
}

/// One event of a stream (`kind` in the JSON tells which).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, try_from = "Value")]
pub enum A2AStreamEvent {
    /// `kind: "task"`: the task as it stands.
    Task(Task),
    /// `kind: "message"`: a message of the agent.
    Message(Message),
    /// `kind: "status-update"`.
    StatusUpdate(TaskStatusUpdateEvent),
    /// `kind: "artifact-update"`.
    ArtifactUpdate(TaskArtifactUpdateEvent),
}

/// A task's new status.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TaskStatusUpdateEvent {
    /// The task.
    pub task_id: String,
    /// Its conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// The status.
    pub status: TaskStatus,
    /// The last event of the stream (`final`; when an agent leaves it out, as
    /// a 1.0 agent does: true for a terminal state, `input-required` and
    /// `auth-required`, [`TaskState::is_settled`](crate::TaskState::is_settled)).
    #[serde(rename = "final")]
    pub is_final: bool,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent (`kind` among them).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// An artifact, or a chunk of one.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TaskArtifactUpdateEvent {
    /// The task.
    pub task_id: String,
    /// Its conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// The artifact (or its chunk).
    pub artifact: Artifact,
    /// These parts extend the artifact's so far (`false` when left out).
    pub append: bool,
    /// The artifact's last chunk (`false` when left out).
    pub last_chunk: bool,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent (`kind` among them).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A page of `list_tasks`: its tasks, and the token of the next page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct ListTasksResult {
    /// The tasks.
    pub tasks: Vec<Task>,
    /// The next page's `pageToken` (empty or absent on the last page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page_token: Option<String>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent (`pageSize`, `totalSize`, …).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// BAD_RESPONSE: an answer the core accepted that does not fit its type.
pub(super) fn bad_response(why: String) -> Error {
    Error::plain(CallError::bad_response(why))
}

/// "`what` has an unexpected shape": a message for BAD_RESPONSE.
fn shape(what: &str) -> String {
    format!("{what} is not of the shape expected")
}

impl SendResult {
    /// The extensions the agent activated for this call ([`Task::activated_extensions`]).
    pub fn activated_extensions(&self) -> &[String] {
        match self {
            SendResult::Task(task) => &task.activated_extensions,
            SendResult::Message(message) => &message.activated_extensions,
        }
    }
}

impl A2AStreamEvent {
    /// The extensions the agent activated for the stream this event came from
    /// ([`Task::activated_extensions`]).
    pub fn activated_extensions(&self) -> &[String] {
        match self {
            A2AStreamEvent::Task(task) => &task.activated_extensions,
            A2AStreamEvent::Message(message) => &message.activated_extensions,
            A2AStreamEvent::StatusUpdate(update) => &update.activated_extensions,
            A2AStreamEvent::ArtifactUpdate(update) => &update.activated_extensions,
        }
    }
}

impl TryFrom<Value> for SendResult {
    type Error = String;

    /// A value the core accepted as a task or a message.
    fn try_from(value: Value) -> Result<SendResult, String> {
        match value.get("kind").and_then(Value::as_str) {
            Some("message") => Message::try_from(value).map(SendResult::Message),
            _ => Task::try_from(value).map(SendResult::Task),
        }
    }
}

impl TryFrom<Value> for A2AStreamEvent {
    type Error = String;

    /// An event the core accepted ([`crate::sans_io::task::read_event`]), typed by its `kind`.
    fn try_from(value: Value) -> Result<A2AStreamEvent, String> {
        let kind = value.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned();
        match kind.as_str() {
            "task" => Task::try_from(value).map(A2AStreamEvent::Task),
            "message" => Message::try_from(value).map(A2AStreamEvent::Message),
            "status-update" => {
                let mut m = Members::of(value, "a status-update")?;
                let status: TaskStatus = m.required("status", "a status-update")?;
                // `final` as sent; a 0.3 agent that leaves it out (a 1.0 agent's events get it
                // from the core's result shape) ends its stream on a settled state, as 1.0's do.
                let is_final = m.optional("final").unwrap_or_else(|| status.state.is_settled());
                Ok(A2AStreamEvent::StatusUpdate(TaskStatusUpdateEvent {
                    task_id: m.required("taskId", "a status-update")?,
                    context_id: m.optional("contextId"),
                    status,
                    is_final,
                    metadata: m.optional("metadata"),
                    activated_extensions: m.optional("activatedExtensions").unwrap_or_default(),
                    other: m.0,
                }))
            }
            "artifact-update" => {
                let mut m = Members::of(value, "an artifact-update")?;
                Ok(A2AStreamEvent::ArtifactUpdate(TaskArtifactUpdateEvent {
                    task_id: m.required("taskId", "an artifact-update")?,
                    context_id: m.optional("contextId"),
                    artifact: m.required("artifact", "an artifact-update")?,
                    append: m.required("append", "an artifact-update")?,
                    last_chunk: m.required("lastChunk", "an artifact-update")?,
                    metadata: m.optional("metadata"),
                    activated_extensions: m.optional("activatedExtensions").unwrap_or_default(),
                    other: m.0,
                }))
            }
            _ => Err(shape("an event")),
        }
    }
}

impl TryFrom<Value> for ListTasksResult {
    type Error = String;

    /// A `tasks/list` result the core accepted (a `tasks` array), each task typed.
    fn try_from(value: Value) -> Result<ListTasksResult, String> {
        let mut m = Members::of(value, "a task list")?;
        let tasks = match m.0.remove("tasks") {
            Some(Value::Array(tasks)) => tasks.into_iter().map(Task::try_from).collect::<Result<_, _>>()?,
            _ => return Err(shape("a task list")),
        };
        let next_page_token = m.optional("nextPageToken");
        let activated_extensions = m.optional("activatedExtensions").unwrap_or_default();
        Ok(ListTasksResult { tasks, next_page_token, activated_extensions, other: m.0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_serialize_to_what_was_sent() {
        let status = json!({"kind": "status-update", "taskId": "t", "contextId": "c",
            "status": {"state": "completed"}, "final": true, "extra": 1});
        let artifact = json!({"kind": "artifact-update", "taskId": "t", "contextId": "c",
            "artifact": {"artifactId": "a", "parts": [{"kind": "text", "text": "x"}]}, "append": false, "lastChunk": true});
        let task = json!({"kind": "task", "id": "t", "contextId": "c", "status": {"state": "working"}});
        let message = json!({"kind": "message", "messageId": "m", "role": "agent", "parts": []});
        for value in [status, artifact, task, message] {
            let event = A2AStreamEvent::try_from(value.clone()).unwrap();
            assert_eq!(serde_json::to_value(&event).unwrap(), value);
            assert_eq!(serde_json::from_value::<A2AStreamEvent>(value).unwrap(), event);
        }
        assert!(matches!(
            A2AStreamEvent::try_from(
                json!({"kind": "status-update", "taskId": "t", "status": {"state": "working"}, "final": false})
            ),
            Ok(A2AStreamEvent::StatusUpdate(TaskStatusUpdateEvent { is_final: false, .. }))
        ));
        assert!(A2AStreamEvent::try_from(json!({"kind": "mystery"})).is_err());
        let unsaid = |state: &str| match A2AStreamEvent::try_from(
            json!({"kind": "status-update", "taskId": "t", "status": {"state": state}}),
        ) {
            Ok(A2AStreamEvent::StatusUpdate(update)) => update.is_final,
            other => panic!("{other:?}"),
        };
        assert!(unsaid("completed") && unsaid("input-required") && !unsaid("working"), "a 0.3 event without `final`");
    }

    #[test]
    fn a_task_list_keeps_its_paging() {
        let page = json!({"tasks": [{"kind": "task", "id": "t", "contextId": "c", "status": {"state": "working"}}],
            "nextPageToken": "", "pageSize": 50, "totalSize": 1});
        let list = ListTasksResult::try_from(page.clone()).unwrap();
        assert_eq!((list.tasks.len(), list.next_page_token.as_deref()), (1, Some("")));
        assert_eq!(serde_json::to_value(&list).unwrap(), page);
        assert!(ListTasksResult::try_from(json!({"tasks": [{"kind": "task"}]})).is_err());
    }
}
