//! [`ListTasksParams`]: what [`A2AClient::list_tasks`](crate::A2AClient::list_tasks)
//! asks for, typed (the npm package's `ListTasksParams`).

use crate::client::a2a::TaskState;
use serde::Serialize;

/// What `list_tasks` sends (A2A 1.0's `ListTasksRequest`); every field is
/// optional, and left out of the request when `None`. The core sends a state
/// to an A2A 1.0 agent as `TASK_STATE_…`.
///
/// ```
/// # use magisterium_a2a::{ListTasksParams, TaskState};
/// let working = ListTasksParams::default().context_id("ctx-1").status(TaskState::Working).page_size(50);
/// assert_eq!(working.page_size, Some(50));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ListTasksParams {
    /// Only the tasks of this conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    /// Only the tasks in this state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<TaskState>,
    /// At most this many tasks (the agent bounds it too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<u32>,
    /// The previous page's [`next_page_token`](crate::ListTasksResult::next_page_token).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_token: Option<String>,
    /// At most this many messages of each task's history.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history_length: Option<u32>,
    /// Only the tasks whose status changed after this time (ISO 8601, e.g. `2026-03-19T00:00:00Z`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_timestamp_after: Option<String>,
    /// Whether each task comes with its artifacts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub include_artifacts: Option<bool>,
}

impl ListTasksParams {
    /// Only the tasks of the conversation `context_id`.
    #[must_use]
    pub fn context_id(mut self, context_id: impl Into<String>) -> ListTasksParams {
        self.context_id = Some(context_id.into());
        self
    }

    /// Only the tasks in `state`.
    #[must_use]
    pub fn status(mut self, state: TaskState) -> ListTasksParams {
        self.status = Some(state);
        self
    }

    /// At most `size` tasks a page.
    #[must_use]
    pub fn page_size(mut self, size: u32) -> ListTasksParams {
        self.page_size = Some(size);
        self
    }

    /// The page after the one whose `next_page_token` this is.
    #[must_use]
    pub fn page_token(mut self, token: impl Into<String>) -> ListTasksParams {
        self.page_token = Some(token.into());
        self
    }

    /// At most `length` messages of each task's history.
    #[must_use]
    pub fn history_length(mut self, length: u32) -> ListTasksParams {
        self.history_length = Some(length);
        self
    }

    /// Only the tasks whose status changed after `timestamp` (ISO 8601).
    #[must_use]
    pub fn status_timestamp_after(mut self, timestamp: impl Into<String>) -> ListTasksParams {
        self.status_timestamp_after = Some(timestamp.into());
        self
    }

    /// Whether each task comes with its artifacts.
    #[must_use]
    pub fn include_artifacts(mut self, include: bool) -> ListTasksParams {
        self.include_artifacts = Some(include);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_what_is_set_is_sent_under_its_wire_name() {
        assert_eq!(serde_json::to_value(ListTasksParams::default()).unwrap(), json!({}));
        let all = ListTasksParams::default()
            .context_id("c")
            .status(TaskState::InputRequired)
            .page_size(5)
            .page_token("p")
            .history_length(0)
            .status_timestamp_after("2026-03-19T00:00:00Z")
            .include_artifacts(true);
        assert_eq!(
            serde_json::to_value(all).unwrap(),
            json!({"contextId": "c", "status": "input-required", "pageSize": 5, "pageToken": "p",
                "historyLength": 0, "statusTimestampAfter": "2026-03-19T00:00:00Z", "includeArtifacts": true})
        );
    }
}
