//! A task of the test agent as a script: the changes its skill makes, each at a time in
//! milliseconds. Its state at any instant is the script played up to then (and a cancel, once
//! made), so the store needs no timers and a moved clock moves every task.

use std::time::{Duration, UNIX_EPOCH};

use serde_json::{Map, Value, json};

use crate::dates::rfc3339;

/// The task states this agent's skills reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TaskState {
    /// Created, not started.
    Submitted,
    /// Sending its artifact.
    Working,
    /// Done.
    Completed,
    /// Canceled by the caller.
    Canceled,
    /// The message named no skill of the agent.
    Rejected,
}

impl TaskState {
    /// The A2A 1.0 name, e.g. `TASK_STATE_WORKING`.
    pub(super) fn wire(self) -> &'static str {
        match self {
            TaskState::Submitted => "TASK_STATE_SUBMITTED",
            TaskState::Working => "TASK_STATE_WORKING",
            TaskState::Completed => "TASK_STATE_COMPLETED",
            TaskState::Canceled => "TASK_STATE_CANCELED",
            TaskState::Rejected => "TASK_STATE_REJECTED",
        }
    }

    /// Whether nothing more happens to a task in this state.
    pub(super) fn is_terminal(self) -> bool {
        matches!(self, TaskState::Completed | TaskState::Canceled | TaskState::Rejected)
    }
}

/// One change a skill makes to its task.
#[derive(Clone, Debug)]
pub(super) enum Change {
    /// The task moves to `state`, with an agent message when `text` is given.
    Status { state: TaskState, text: Option<String> },
    /// A piece of the artifact `artifact_id`: `parts` start it (`append` false) or extend it.
    Chunk { artifact_id: String, name: &'static str, parts: Vec<Value>, append: bool, last_chunk: bool },
}

/// A change and when it happens, in milliseconds since the Unix epoch.
#[derive(Clone, Debug)]
pub(super) struct TimedChange {
    pub(super) at_ms: u64,
    pub(super) change: Change,
}

/// What of a task to show: its last `history_length` messages (all: `None`), its artifacts.
#[derive(Clone, Copy, Debug)]
pub(super) struct View {
    pub(super) history_length: Option<usize>,
    pub(super) artifacts: bool,
}

impl View {
    /// Everything.
    pub(super) const FULL: View = View { history_length: None, artifacts: true };
}

/// A stored task: who, when, the user's message and the script.
#[derive(Debug)]
pub(super) struct Record {
    pub(super) id: String,
    pub(super) context_id: String,
    pub(super) created_ms: u64,
    /// The user's message as received, with the task's `taskId` and `contextId`.
    message: Value,
    steps: Vec<TimedChange>,
    /// When the caller canceled it.
    canceled_ms: Option<u64>,
}

/// The status of a task at some instant: its state, since when, and its message.
struct Status<'a> {
    state: TaskState,
    since_ms: u64,
    text: Option<&'a str>,
}

/// `CancelTask` on a task already in this terminal state.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct NotCancelable(pub(super) TaskState);

impl Record {
    /// A task created at `created_ms` for `message`, playing `steps` (in time order).
    pub(super) fn new(
        id: String,
        context_id: String,
        created_ms: u64,
        message: Value,
        steps: Vec<TimedChange>,
    ) -> Record {
        Record { id, context_id, created_ms, message, steps, canceled_ms: None }
    }

    /// The last instant whose changes count at `now_ms`: a cancel stops the script.
    fn horizon(&self, now_ms: u64) -> u64 {
        self.canceled_ms.map_or(now_ms, |canceled| canceled.min(now_ms))
    }

    /// The steps played by `now_ms`.
    fn played(&self, now_ms: u64) -> impl Iterator<Item = &TimedChange> {
        let horizon = self.horizon(now_ms);
        self.steps.iter().take_while(move |step| step.at_ms <= horizon)
    }

    fn status(&self, now_ms: u64) -> Status<'_> {
        if let Some(canceled) = self.canceled_ms.filter(|&c| c <= now_ms) {
            return Status { state: TaskState::Canceled, since_ms: canceled, text: Some("canceled by the caller") };
        }
        let initial = Status { state: TaskState::Submitted, since_ms: self.created_ms, text: None };
        self.played(now_ms).fold(initial, |status, step| match &step.change {
            Change::Status { state, text } => Status { state: *state, since_ms: step.at_ms, text: text.as_deref() },
            Change::Chunk { .. } => status,
        })
    }

    /// The task's state at `now_ms`.
    pub(super) fn state(&self, now_ms: u64) -> TaskState {
        self.status(now_ms).state
    }

    /// Cancels the task at `now_ms`, unless it has ended by then.
    pub(super) fn cancel(&mut self, now_ms: u64) -> Result<(), NotCancelable> {
        match self.state(now_ms) {
            state if state.is_terminal() => Err(NotCancelable(state)),
            _ => {
                self.canceled_ms = Some(now_ms);
                Ok(())
            }
        }
    }

    /// An agent message of this task.
    fn agent_message(&self, text: &str, at_ms: u64) -> Value {
        json!({
            "messageId": format!("{}-{at_ms}", self.id),
            "taskId": self.id,
            "contextId": self.context_id,
            "role": "ROLE_AGENT",
            "parts": [{ "text": text }],
        })
    }

    fn status_json(&self, status: &Status<'_>) -> Value {
        let mut object = Map::new();
        object.insert("state".into(), status.state.wire().into());
        object.insert("timestamp".into(), timestamp(status.since_ms).into());
        if let Some(text) = status.text {
            object.insert("message".into(), self.agent_message(text, status.since_ms));
        }
        Value::Object(object)
    }

    /// The artifacts as they stand at `now_ms`: each chunk starts or extends one.
    fn artifacts(&self, now_ms: u64) -> Vec<Value> {
        let mut artifacts: Vec<Value> = Vec::new();
        for step in self.played(now_ms) {
            let Change::Chunk { artifact_id, name, parts, append, .. } = &step.change else { continue };
            let existing = artifacts.iter_mut().find(|a| a["artifactId"] == artifact_id.as_str());
            match (existing, append) {
                (Some(artifact), true) => {
                    if let Some(list) = artifact["parts"].as_array_mut() {
                        list.extend(parts.iter().cloned());
                    }
                }
                (Some(artifact), false) => artifact["parts"] = Value::Array(parts.clone()),
                (None, _) => artifacts.push(json!({ "artifactId": artifact_id, "name": name, "parts": parts })),
            }
        }
        artifacts
    }

    /// The task at `now_ms` in the A2A 1.0 shape, as `view` shows it.
    pub(super) fn to_json(&self, now_ms: u64, view: View) -> Value {
        let history = match view.history_length {
            Some(0) => vec![],
            _ => vec![self.message.clone()],
        };
        let mut task = json!({
            "id": self.id,
            "contextId": self.context_id,
            "status": self.status_json(&self.status(now_ms)),
            "history": history,
        });
        if view.artifacts {
            task["artifacts"] = Value::Array(self.artifacts(now_ms));
        }
        task
    }

    /// A stream event (the `result` of one JSON-RPC response) for `step`.
    fn event(&self, step: &TimedChange) -> Value {
        match &step.change {
            Change::Status { state, text } => {
                let status = Status { state: *state, since_ms: step.at_ms, text: text.as_deref() };
                json!({ "statusUpdate": {
                    "taskId": self.id, "contextId": self.context_id, "status": self.status_json(&status),
                }})
            }
            Change::Chunk { artifact_id, name, parts, append, last_chunk } => json!({ "artifactUpdate": {
                "taskId": self.id,
                "contextId": self.context_id,
                "artifact": { "artifactId": artifact_id, "name": name, "parts": parts },
                "append": append,
                "lastChunk": last_chunk,
            }}),
        }
    }

    /// The stream of the task from `now_ms`: the task as it is then, then each change still to
    /// come with the milliseconds to wait before it (none after a cancel). A stream started
    /// when the task was created (`from_start`) shows the task as submitted, then every change.
    pub(super) fn stream(&self, now_ms: u64, from_start: bool) -> Vec<(u64, Value)> {
        let first =
            if from_start { self.unplayed().to_json(now_ms, View::FULL) } else { self.to_json(now_ms, View::FULL) };
        let to_come = self
            .steps
            .iter()
            .filter(|step| from_start || step.at_ms > now_ms)
            .filter(|step| self.canceled_ms.is_none_or(|canceled| step.at_ms <= canceled));
        let mut events = vec![(0, json!({ "task": first }))];
        let mut previous = now_ms;
        for step in to_come {
            events.push((step.at_ms.saturating_sub(previous), self.event(step)));
            previous = previous.max(step.at_ms);
        }
        events
    }

    /// This task before its script plays: submitted, no artifacts.
    fn unplayed(&self) -> Record {
        Record::new(self.id.clone(), self.context_id.clone(), self.created_ms, self.message.clone(), Vec::new())
    }
}

/// `ms` since the Unix epoch as RFC 3339 UTC with milliseconds.
fn timestamp(ms: u64) -> String {
    rfc3339(UNIX_EPOCH + Duration::from_millis(ms))
}
