//! The A2A objects of the task methods ([`Task`], [`Message`], [`Artifact`],
//! [`Part`]), typed as the agent sent them: what this client knows is typed,
//! everything else is kept in `other` under its wire name, so serializing a
//! value gives back the JSON it came from. A member the agent sent in a
//! shape other than the one typed here is kept in `other` too, never an
//! error: forward compatibility over strictness.

use super::results::text;
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

/// One part of a message or artifact, by its `kind`: the npm package's
/// `TextPart | DataPart | FilePart`. A part of a kind this client does not
/// know, or of a known kind without its content (`text` not a string, `data`
/// not an object, `file` not an object), is [`Part::Other`], its members as sent.
///
/// ```
/// # use magisterium_a2a::Part;
/// let part = Part::text("grace");
/// assert_eq!(part.as_text(), Some("grace"));
/// match part {
///     Part::Text(text) => println!("{}", text.text),
///     Part::Data(data) => println!("{:?}", data.data),
///     Part::File(file) => println!("{:?}", file.file.uri),
///     _ => println!("a part of another kind"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", try_from = "Value")]
#[non_exhaustive]
pub enum Part {
    /// `{kind: "text", text}`.
    Text(TextPart),
    /// `{kind: "data", data}`.
    Data(DataPart),
    /// `{kind: "file", file}`.
    File(FilePart),
    /// Any other part, every member as sent (`kind` among them).
    #[serde(untagged)]
    Other(Map<String, Value>),
}

/// A text part's members ([`Part::Text`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct TextPart {
    /// The text.
    pub text: String,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A data part's members ([`Part::Data`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct DataPart {
    /// The data (a JSON object).
    pub data: Map<String, Value>,
    /// Extension metadata.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A file part's members ([`Part::File`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[non_exhaustive]
pub struct FilePart {
    /// The file, by `uri` or inline `bytes`.
    pub file: FileContent,
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
        Part::Text(TextPart { text: text.into(), ..TextPart::default() })
    }

    /// A data part.
    pub fn data(data: Map<String, Value>) -> Part {
        Part::Data(DataPart { data, ..DataPart::default() })
    }

    /// A file part.
    pub fn file(file: FileContent) -> Part {
        Part::File(FilePart { file, ..FilePart::default() })
    }

    /// A text part's text.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Part::Text(part) => Some(&part.text),
            _ => None,
        }
    }

    /// A data part's data.
    pub fn as_data(&self) -> Option<&Map<String, Value>> {
        match self {
            Part::Data(part) => Some(&part.data),
            _ => None,
        }
    }

    /// A file part's file.
    pub fn as_file(&self) -> Option<&FileContent> {
        match self {
            Part::File(part) => Some(&part.file),
            _ => None,
        }
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

    /// A task as the core reads one ([`read_task`]: `kind: "task"`, string
    /// `id` and `contextId`, `status.state`): its head taken from the core's
    /// reading, not read again; the rest typed where it can be.
    fn try_from(value: Value) -> Result<Task, String> {
        let head = read_task(value).map_err(|e| e.message.clone())?;
        let mut m = Members::of(head.task, "a task")?;
        m.0.remove("id");
        m.0.remove("contextId");
        let Some(Value::Object(status)) = m.0.remove("status") else {
            return Err("the core's task has no status object".to_owned());
        };
        Ok(Task {
            id: text(head.id),
            context_id: text(head.context_id),
            status: TaskStatus::of_state(Members(status), head.state.into()),
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
        let state = m.required::<String>("state", "a task status")?.into();
        Ok(TaskStatus::of_state(m, state))
    }
}

impl TaskStatus {
    /// The status of `state` (already read), its other members `m` typed where they can be.
    fn of_state(mut m: Members, state: TaskState) -> TaskStatus {
        m.0.remove("state");
        TaskStatus { state, message: m.optional("message"), timestamp: m.optional("timestamp"), other: m.0 }
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

    /// A part by its `kind`, its content typed; [`Part::Other`] when it has no content of its kind's type.
    fn try_from(value: Value) -> Result<Part, String> {
        let mut m = Members::of(value, "a part")?;
        let kind = m.0.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned();
        let content = match kind.as_str() {
            "text" => "text",
            "data" => "data",
            "file" => "file",
            _ => return Ok(Part::Other(m.0)),
        };
        let Some(value) = m.0.remove(content) else { return Ok(Part::Other(m.0)) };
        m.0.remove("kind");
        let part = match (content, value) {
            ("text", Value::String(text)) => {
                Part::Text(TextPart { text, metadata: m.optional("metadata"), other: m.0 })
            }
            ("data", Value::Object(data)) => {
                Part::Data(DataPart { data, metadata: m.optional("metadata"), other: m.0 })
            }
            ("file", file @ Value::Object(_)) => {
                let file = FileContent::try_from(file)?;
                Part::File(FilePart { file, metadata: m.optional("metadata"), other: m.0 })
            }
            (content, value) => {
                m.0.insert("kind".to_owned(), Value::String(kind));
                m.0.insert(content.to_owned(), value);
                Part::Other(m.0)
            }
        };
        Ok(part)
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
        let reason = task.status.message.as_ref().and_then(|m| m.parts[0].as_text());
        assert_eq!(reason, Some("boom"));
        let parts = &task.artifacts.as_ref().unwrap()[0].parts;
        assert_eq!(parts[1].as_file().and_then(|f| f.mime_type.as_deref()), Some("application/pdf"));
        assert!(matches!(&parts[2], Part::Other(other) if other.get("beam") == Some(&json!(true))));
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
    fn parts_are_typed_by_kind_and_kept_as_sent() {
        let sent = [
            json!({"kind": "text", "text": "a", "metadata": {"m": 1}, "extra": 2}),
            json!({"kind": "data", "data": {"k": 1}}),
            json!({"kind": "file", "file": {"bytes": "AA==", "name": "x"}}),
            json!({"kind": "text", "text": 5}),
            json!({"kind": "data", "data": []}),
            json!({"kind": "file"}),
            json!({"kind": "hologram", "beam": true}),
            json!({"text": "no kind"}),
        ];
        let typed: Vec<Part> = sent.iter().map(|p| Part::try_from(p.clone()).unwrap()).collect();
        assert_eq!(typed[0].as_text(), Some("a"));
        assert!(matches!(&typed[0], Part::Text(t) if t.metadata.is_some() && t.other.get("extra") == Some(&json!(2))));
        assert!(typed[1].as_data().is_some_and(|d| d.contains_key("k")));
        assert_eq!(typed[2].as_file().and_then(|f| f.name.as_deref()), Some("x"));
        assert!(typed[3..].iter().all(|p| matches!(p, Part::Other(_))), "{typed:?}");
        for (part, value) in typed.iter().zip(&sent) {
            assert_eq!(&serde_json::to_value(part).unwrap(), value, "serializing gives back what was sent");
            assert_eq!(&serde_json::from_value::<Part>(value.clone()).unwrap(), part);
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
