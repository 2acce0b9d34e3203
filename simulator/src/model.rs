//! The A2A objects the simulator produces: tasks, statuses, agent messages, artifacts and parts.

use serde::Serialize;
use serde_json::Value;

use crate::ids::uuid;

/// A message or artifact part (A2A 0.2/0.3 shapes).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum Part {
    /// `{kind:"text", text}`.
    Text { text: String },
    /// `{kind:"data", data:{…}}`.
    Data { data: Value },
}

impl Part {
    /// A text part.
    pub(crate) fn text(text: impl Into<String>) -> Part {
        Part::Text { text: text.into() }
    }
}

/// A skill output: `artifactId` (unique), skill-specific `name`, and parts.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Artifact {
    artifact_id: String,
    name: &'static str,
    parts: Vec<Part>,
}

impl Artifact {
    /// An artifact with a fresh `art_…` id.
    pub(crate) fn new(name: &'static str, parts: Vec<Part>) -> Artifact {
        Artifact { artifact_id: format!("art_{}", uuid()), name, parts }
    }
}

/// A task state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum TaskState {
    /// Only produced by the `working` fault.
    Working,
    Completed,
    Failed,
    Canceled,
}

/// A message from the agent, as found in `history` and `status.message`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct AgentMessage {
    kind: &'static str,
    role: &'static str,
    message_id: String,
    parts: Vec<Part>,
    context_id: String,
    task_id: String,
}

impl AgentMessage {
    /// An agent message with one text part.
    pub(crate) fn new(text: impl Into<String>, context_id: &str, task_id: &str) -> AgentMessage {
        AgentMessage {
            kind: "message",
            role: "agent",
            message_id: format!("msg_{}", uuid()),
            parts: vec![Part::text(text)],
            context_id: context_id.to_string(),
            task_id: task_id.to_string(),
        }
    }
}

/// One `history` entry: the user's message as received (ids filled in) or an agent message.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum HistoryEntry {
    User(Value),
    Agent(AgentMessage),
}

/// `status: {state, timestamp, message?}`.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct TaskStatus {
    pub(crate) state: TaskState,
    pub(crate) timestamp: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) message: Option<AgentMessage>,
}

/// A task as returned by `message/send`, `tasks/get` and `tasks/cancel`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Task {
    kind: &'static str,
    pub(crate) id: String,
    pub(crate) context_id: String,
    pub(crate) status: TaskStatus,
    pub(crate) artifacts: Vec<Artifact>,
    pub(crate) history: Vec<HistoryEntry>,
}

impl Task {
    /// A task of kind `task`.
    pub(crate) fn new(
        id: String,
        context_id: String,
        status: TaskStatus,
        artifacts: Vec<Artifact>,
        history: Vec<HistoryEntry>,
    ) -> Task {
        Task { kind: "task", id, context_id, status, artifacts, history }
    }
}
