//! The A2A objects of the task methods ([`Task`], [`Message`], [`Artifact`],
//! [`Part`]), typed as the agent sent them: what this client knows is typed,
//! everything else is kept in `other` under its wire name, so serializing a
//! value gives back the JSON it came from. A member the agent sent in a
//! shape other than the one typed here is kept in `other` too, never an
//! error: forward compatibility over strictness.

use crate::sans_io::poll;
use crate::sans_io::task::read_task;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An A2A task, as `sendMessage`, `getTask`, `cancelTask` and `waitForTask` return it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct Task {
    /// The task id.
    pub id: String,
    /// The conversation the task belongs to.
    pub context_id: String,
    /// Where the task stands.
    pub status: TaskStatus,
    /// The results (a completed task's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifacts: Option<Vec<Artifact>>,
    /// The messages that led to the results, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<Message>>,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent (`kind: "task"` among them).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A task's `status`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct TaskStatus {
    /// The state.
    pub state: TaskState,
    /// The agent's message about it (a failed task's reason).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
    /// When the task entered the state (ISO 8601, as sent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A task's state; a state this client does not know is kept as [`TaskState::Other`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
#[non_exhaustive]
pub enum TaskState {
    /// `submitted`.
    Submitted,
    /// `working`.
    Working,
    /// `input-required`: the agent waits for a message answering it (`task_id` set).
    InputRequired,
    /// `auth-required`.
    AuthRequired,
    /// `completed`: the results are in `artifacts`.
    Completed,
    /// `canceled`.
    Canceled,
    /// `failed`: `status.message` says why.
    Failed,
    /// `rejected`.
    Rejected,
    /// `unknown`.
    Unknown,
    /// Any other state, as sent.
    Other(String),
}

impl TaskState {
    /// The state's wire name.
    pub fn as_str(&self) -> &str {
        match self {
            TaskState::Submitted => "submitted",
            TaskState::Working => "working",
            TaskState::InputRequired => "input-required",
            TaskState::AuthRequired => "auth-required",
            TaskState::Completed => "completed",
            TaskState::Canceled => "canceled",
            TaskState::Failed => "failed",
            TaskState::Rejected => "rejected",
            TaskState::Unknown => "unknown",
            TaskState::Other(state) => state,
        }
    }

    /// True for a state [`Client::wait_for_task`](super::Client::wait_for_task)
    /// ends on: terminal, or waiting for the caller.
    pub fn is_settled(&self) -> bool {
        poll::is_settled(self.as_str())
    }
}

impl From<String> for TaskState {
    fn from(state: String) -> TaskState {
        match state.as_str() {
            "submitted" => TaskState::Submitted,
            "working" => TaskState::Working,
            "input-required" => TaskState::InputRequired,
            "auth-required" => TaskState::AuthRequired,
            "completed" => TaskState::Completed,
            "canceled" => TaskState::Canceled,
            "failed" => TaskState::Failed,
            "rejected" => TaskState::Rejected,
            "unknown" => TaskState::Unknown,
            _ => TaskState::Other(state),
        }
    }
}

impl From<TaskState> for String {
    fn from(state: TaskState) -> String {
        match state {
            TaskState::Other(state) => state,
            known => known.as_str().to_owned(),
        }
    }
}

/// A message of a task's history or status.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct Message {
    /// `user` or `agent`.
    pub role: String,
    /// The content.
    pub parts: Vec<Part>,
    /// The message id.
    pub message_id: String,
    /// The task it belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    /// The conversation it belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// Extension metadata (`skillId` of a user message).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent (`kind: "message"` among them).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A result of a task.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct Artifact {
    /// The artifact id.
    pub artifact_id: String,
    /// The skill-specific name, e.g. `search_results`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A description.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The content.
    pub parts: Vec<Part>,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// One part of a message or artifact: `{kind: "text", text}`,
/// `{kind: "data", data}` or `{kind: "file", file}`; a kind this client does
/// not know keeps its members in `other`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct Part {
    /// `text`, `data`, `file`, or another kind.
    pub kind: String,
    /// A text part's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A data part's data.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<Map<String, Value>>,
    /// A file part's file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<FileContent>,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl Part {
    /// A text part.
    pub fn text(text: impl Into<String>) -> Part {
        Part { text: Some(text.into()), ..Part::of_kind("text") }
    }

    /// A data part.
    pub fn data(data: Map<String, Value>) -> Part {
        Part { data: Some(data), ..Part::of_kind("data") }
    }

    /// A file part.
    pub fn file(file: FileContent) -> Part {
        Part { file: Some(file), ..Part::of_kind("file") }
    }

    fn of_kind(kind: &str) -> Part {
        Part { kind: kind.to_owned(), text: None, data: None, file: None, metadata: None, other: Map::new() }
    }
}

/// What [`Client::send_message`](super::Client::send_message) sends.
///
/// ```
/// # use magisterium_a2a::{Part, SendMessageParams};
/// let search = SendMessageParams::new(vec![Part::text("grace")]).skill_id("document_search");
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct SendMessageParams {
    /// The content: at least one text or data part.
    pub parts: Vec<Part>,
    /// The skill to run; `catholic_qa` when absent.
    pub skill_id: Option<String>,
    /// Continues a conversation.
    pub context_id: Option<String>,
    /// Answers a task that is `input-required`.
    pub task_id: Option<String>,
}

impl SendMessageParams {
    /// A message of `parts` to `catholic_qa`, in a new conversation.
    pub fn new(parts: Vec<Part>) -> SendMessageParams {
        SendMessageParams { parts, ..SendMessageParams::default() }
    }

    /// The skill to run (`document_search`, `liturgical_readings`, …).
    #[must_use]
    pub fn skill_id(mut self, skill_id: impl Into<String>) -> SendMessageParams {
        self.skill_id = Some(skill_id.into());
        self
    }

    /// Continues the conversation `context_id`.
    #[must_use]
    pub fn context_id(mut self, context_id: impl Into<String>) -> SendMessageParams {
        self.context_id = Some(context_id.into());
        self
    }

    /// Answers the task `task_id`, which is `input-required`.
    #[must_use]
    pub fn task_id(mut self, task_id: impl Into<String>) -> SendMessageParams {
        self.task_id = Some(task_id.into());
        self
    }
}

/// A file part's `file`: by `uri` or inline `bytes` (base64).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct FileContent {
    /// Where the file is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<String>,
    /// The file's content, base64.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<String>,
    /// The file name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The media type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl FileContent {
    /// A file at `uri`; set [`name`](Self::name) and [`mime_type`](Self::mime_type) as needed.
    pub fn from_uri(uri: impl Into<String>) -> FileContent {
        FileContent { uri: Some(uri.into()), ..FileContent::default() }
    }

    /// A file sent inline: its content in base64.
    pub fn from_bytes(base64: impl Into<String>) -> FileContent {
        FileContent { bytes: Some(base64.into()), ..FileContent::default() }
    }
}

/// The members of a JSON object, taken out one by one as typed fields; what
/// is left becomes `other`.
pub(super) struct Members(pub(super) Map<String, Value>);

impl Members {
    pub(super) fn of(value: Value, what: &str) -> Result<Members, String> {
        match value {
            Value::Object(members) => Ok(Members(members)),
            _ => Err(format!("{what} is not a JSON object")),
        }
    }

    /// The member `key` as a `T`; left in place when absent or of another shape.
    pub(super) fn optional<T: DeserializeOwned>(&mut self, key: &str) -> Option<T> {
        let value = self.0.remove(key)?;
        match T::deserialize(&value) {
            Ok(typed) => Some(typed),
            Err(_) => {
                self.0.insert(key.to_owned(), value);
                None
            }
        }
    }

    /// The member `key` as a `T`, which the object must have.
    pub(super) fn required<T: DeserializeOwned>(&mut self, key: &str, what: &str) -> Result<T, String> {
        self.optional(key).ok_or_else(|| format!("{what} has no `{key}` of its type"))
    }
}

impl TryFrom<Value> for Task {
    type Error = String;

    /// A task as the core reads one (`kind: "task"`, string `id` and
    /// `contextId`, `status.state`), the rest typed where it can be.
    fn try_from(value: Value) -> Result<Task, String> {
        let head = read_task(value).map_err(|e| e.message.clone())?;
        let mut m = Members::of(head.task, "a task")?;
        Ok(Task {
            id: m.required("id", "a task")?,
            context_id: m.required("contextId", "a task")?,
            status: m.required("status", "a task")?,
            artifacts: m.optional("artifacts"),
            history: m.optional("history"),
            metadata: m.optional("metadata"),
            activated_extensions: m.optional("activatedExtensions").unwrap_or_default(),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for TaskStatus {
    type Error = String;

    fn try_from(value: Value) -> Result<TaskStatus, String> {
        let mut m = Members::of(value, "a task status")?;
        Ok(TaskStatus {
            state: m.required::<String>("state", "a task status")?.into(),
            message: m.optional("message"),
            timestamp: m.optional("timestamp"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for Message {
    type Error = String;

    fn try_from(value: Value) -> Result<Message, String> {
        let mut m = Members::of(value, "a message")?;
        Ok(Message {
            role: m.required("role", "a message")?,
            parts: m.required("parts", "a message")?,
            message_id: m.required("messageId", "a message")?,
            task_id: m.optional("taskId"),
            context_id: m.optional("contextId"),
            metadata: m.optional("metadata"),
            activated_extensions: m.optional("activatedExtensions").unwrap_or_default(),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for Artifact {
    type Error = String;

    fn try_from(value: Value) -> Result<Artifact, String> {
        let mut m = Members::of(value, "an artifact")?;
        Ok(Artifact {
            artifact_id: m.required("artifactId", "an artifact")?,
            name: m.optional("name"),
            description: m.optional("description"),
            parts: m.required("parts", "an artifact")?,
            metadata: m.optional("metadata"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for Part {
    type Error = String;

    fn try_from(value: Value) -> Result<Part, String> {
        let mut m = Members::of(value, "a part")?;
        Ok(Part {
            kind: m.required("kind", "a part")?,
            text: m.optional("text"),
            data: m.optional("data"),
            file: m.optional("file"),
            metadata: m.optional("metadata"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for FileContent {
    type Error = String;

    fn try_from(value: Value) -> Result<FileContent, String> {
        let mut m = Members::of(value, "a file")?;
        Ok(FileContent {
            uri: m.optional("uri"),
            bytes: m.optional("bytes"),
            name: m.optional("name"),
            mime_type: m.optional("mimeType"),
            other: m.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(value: Value) -> Task {
        let task = Task::try_from(value.clone()).expect("a task");
        assert_eq!(serde_json::to_value(&task).unwrap(), value, "serializing gives back what was sent");
        assert_eq!(serde_json::from_value::<Task>(value).unwrap(), task);
        task
    }

    #[test]
    fn a_task_is_typed_and_keeps_every_member() {
        let task = round_trip(json!({
            "kind": "task", "id": "t", "contextId": "c", "extra": [1, 2],
            "status": {"state": "failed", "timestamp": "2026-03-19T10:00:00Z",
                "message": {"role": "agent", "kind": "message", "messageId": "m", "parts": [{"kind": "text", "text": "boom"}]}},
            "artifacts": [{"artifactId": "a", "name": "search_results", "parts": [
                {"kind": "data", "data": {"results": []}},
                {"kind": "file", "file": {"uri": "https://x/y.pdf", "mimeType": "application/pdf", "size": 3}},
                {"kind": "hologram", "beam": true}]}],
            "history": [{"role": "user", "kind": "message", "messageId": "u", "parts": [], "metadata": {"skillId": "s"}}]
        }));
        assert_eq!(task.status.state, TaskState::Failed);
        assert!(task.status.state.is_settled());
        let reason = task.status.message.as_ref().map(|m| m.parts[0].text.clone());
        assert_eq!(reason, Some(Some("boom".to_owned())));
        let parts = &task.artifacts.as_ref().unwrap()[0].parts;
        assert_eq!(parts[1].file.as_ref().and_then(|f| f.mime_type.as_deref()), Some("application/pdf"));
        assert_eq!(parts[2].other.get("beam"), Some(&json!(true)));
        assert_eq!(task.other.get("kind"), Some(&json!("task")));
    }

    #[test]
    fn members_of_an_unexpected_shape_are_kept_as_sent() {
        let task = round_trip(json!({
            "kind": "task", "id": "t", "contextId": "c", "status": {"state": "paused", "message": null},
            "artifacts": "junk", "history": [7], "metadata": null
        }));
        assert_eq!(task.status.state, TaskState::Other("paused".to_owned()));
        assert!(!task.status.state.is_settled());
        assert_eq!((task.artifacts, task.history, task.metadata), (None, None, None));
        assert_eq!(task.other.get("artifacts"), Some(&json!("junk")));
        assert_eq!(task.status.other.get("message"), Some(&Value::Null));
    }

    #[test]
    fn what_the_core_refuses_is_not_a_task() {
        for bad in [json!({"kind": "task", "id": "t"}), json!({"kind": "message"}), json!([])] {
            assert!(Task::try_from(bad.clone()).is_err(), "{bad}");
            assert!(serde_json::from_value::<Task>(bad).is_err());
        }
    }

    #[test]
    fn parts_are_built_by_kind() {
        assert_eq!(serde_json::to_value(Part::text("grace")).unwrap(), json!({"kind": "text", "text": "grace"}));
        let data = json!({"id": "1"}).as_object().cloned().unwrap_or_default();
        assert_eq!(serde_json::to_value(Part::data(data)).unwrap(), json!({"kind": "data", "data": {"id": "1"}}));
        let file = FileContent { uri: Some("https://x/y".into()), ..Default::default() };
        assert_eq!(
            serde_json::to_value(Part::file(file)).unwrap(),
            json!({"kind": "file", "file": {"uri": "https://x/y"}})
        );
    }
}
