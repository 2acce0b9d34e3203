//! Resubscribing once to a stream's task after a network drop, without
//! yielding an event twice: when a stream may be resumed, and which events of
//! the resubscription (`tasks/resubscribe`, 1.0 `SubscribeToTask`) its
//! consumer has already had. Written once here for the npm `A2AClient` and
//! the Rust one; events are in the package's (0.3) shape, as
//! [`crate::sans_io::task::read_event`] accepted them.
//!
//! An event's identity:
//! - a `status-update`: its task's status, `state` with `timestamp` and the
//!   status message's `messageId` (either may be absent);
//! - an `artifact-update`: its `artifactId` and the parts it covers, counted
//!   from the artifact's start (its chunk index, in parts: a chunk may carry
//!   several); `append: false` starts at 0, `append: true` where the
//!   previous chunk of this connection ended, or, before the connection
//!   said where, where the consumer's copy ends;
//! - a `message`: its `messageId`;
//! - a `task` (what a resubscription sends first): new when its status is
//!   not the last one seen, or when one of its artifacts has more parts than
//!   the consumer has had of it. Yielded whole then: it reconciles what the
//!   drop lost; it also tells where this connection's chunks stand.
//!
//! Before the drop every event is new and only noted; after it, an event is
//! yielded only when it is new. The table of artifacts is bounded
//! ([`MAX_ARTIFACTS`], the oldest forgotten: a chunk of a forgotten artifact
//! replayed after a drop is yielded again), so a hostile stream of ever new
//! artifacts costs a bounded memory; each entry's strings come from an event
//! already within the client's event bound. A second chunk that replaces an
//! artifact after the drop (`append: false`) with no more parts than the
//! consumer had of it is taken for a replay.

use crate::sans_io::error::ErrorCode;
use crate::sans_io::json::{JsonView, Kind};
use crate::sans_io::poll::is_settled;
use alloc::string::String;
use alloc::vec::Vec;

/// How many artifacts a stream remembers (a task has a few).
pub const MAX_ARTIFACTS: usize = 64;

/// A status's identity: its state, timestamp and message id.
type StatusId = (Option<String>, Option<String>, Option<String>);

/// What a consumer had of one artifact.
#[derive(Debug)]
struct ArtifactSeen {
    id: String,
    /// How many of its parts the consumer has had.
    parts: usize,
    /// Where this connection's chunks of it end, once known.
    cursor: Option<usize>,
}

/// What one stream has yielded to its consumer, and whether it was resumed.
#[derive(Debug, Default)]
pub struct Seen {
    task_id: Option<String>,
    status: Option<StatusId>,
    settled: bool,
    message: Option<String>,
    artifacts: Vec<ArtifactSeen>,
    resumed: bool,
}

impl Seen {
    /// A stream that has yielded nothing yet.
    pub fn new() -> Seen {
        Seen::default()
    }

    /// The task to resubscribe to after a failure of `code`, when the stream
    /// may be resumed: the failure is the connection's (NETWORK), the stream
    /// was not resumed before, an event named its task, and the task had not
    /// settled (a settled task's stream is over). Marks the stream resumed:
    /// from then on, [`Seen::is_new`] refuses what the consumer had.
    pub fn resume_after(&mut self, code: ErrorCode) -> Option<String> {
        if code != ErrorCode::Network || self.resumed || self.settled {
            return None;
        }
        let id = self.task_id.clone()?;
        self.resumed = true;
        for artifact in &mut self.artifacts {
            artifact.cursor = None;
        }
        Some(id)
    }

    /// Whether the consumer has not had `event` yet (always, before a
    /// resumption); notes it as had either way.
    pub fn is_new<V: JsonView>(&mut self, event: &V) -> bool {
        let fresh = if event.member_is("kind", "task") {
            self.task(event)
        } else if event.member_is("kind", "status-update") {
            self.name_task(event.get_string("taskId"));
            event.get("status").is_none_or(|status| self.status(&status))
        } else if event.member_is("kind", "artifact-update") {
            self.name_task(event.get_string("taskId"));
            let append = event.get("append").is_some_and(|a| a.is_true());
            event.get_kind("artifact", Kind::Object).is_none_or(|artifact| self.chunk(&artifact, append))
        } else {
            let id = event.get_string("messageId");
            let fresh = id.is_none() || id != self.message;
            self.message = id;
            fresh
        };
        fresh || !self.resumed
    }

    /// The stream's task, from the first event that names one.
    fn name_task(&mut self, id: Option<String>) {
        if self.task_id.is_none() {
            self.task_id = id;
        }
    }

    /// A status seen: new when it differs from the last one.
    fn status<V: JsonView>(&mut self, status: &V) -> bool {
        let state = status.get_string("state");
        self.settled = state.as_deref().is_some_and(is_settled);
        let id = (state, status.get_string("timestamp"), status.get("message").and_then(|m| m.get_string("messageId")));
        let fresh = self.status.as_ref() != Some(&id);
        self.status = Some(id);
        fresh
    }

    /// A task seen (a resubscription's first event): new when its status or
    /// any artifact's parts go past what the consumer had.
    fn task<V: JsonView>(&mut self, task: &V) -> bool {
        self.name_task(task.get_string("id"));
        let mut fresh = task.get("status").is_none_or(|status| self.status(&status));
        for artifact in task.get_kind("artifacts", Kind::Array).iter().flat_map(|a| a.elements()) {
            let Some(id) = artifact.get_string("artifactId") else { continue };
            let parts = artifact.get("parts").map_or(0, |p| p.len());
            let seen = self.artifact(id);
            fresh |= parts > seen.parts;
            seen.parts = seen.parts.max(parts);
            seen.cursor = Some(parts);
        }
        fresh
    }

    /// An artifact's chunk seen: new when it reaches past what the consumer had.
    fn chunk<V: JsonView>(&mut self, artifact: &V, append: bool) -> bool {
        let Some(id) = artifact.get_string("artifactId") else { return true };
        let parts = artifact.get("parts").map_or(0, |p| p.len());
        let resumed = self.resumed;
        let seen = self.artifact(id);
        let start = if append { seen.cursor.unwrap_or(seen.parts) } else { 0 };
        let end = start.saturating_add(parts);
        seen.cursor = Some(end);
        let fresh = end > seen.parts || (!append && parts == 0);
        // Before a drop a chunk that is not appended replaces the artifact; after it, it may be a replay.
        seen.parts = if resumed { seen.parts.max(end) } else { end };
        fresh
    }

    /// The entry of the artifact `id`, made (the oldest forgotten past [`MAX_ARTIFACTS`]) when new.
    fn artifact(&mut self, id: String) -> &mut ArtifactSeen {
        let at = match self.artifacts.iter().position(|a| a.id == id) {
            Some(at) => at,
            None => {
                if self.artifacts.len() >= MAX_ARTIFACTS {
                    self.artifacts.remove(0);
                }
                self.artifacts.push(ArtifactSeen { id, parts: 0, cursor: None });
                self.artifacts.len() - 1
            }
        };
        &mut self.artifacts[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn status(state: &str, at: &str) -> Value {
        json!({"kind": "status-update", "taskId": "t", "contextId": "c", "status": {"state": state, "timestamp": at}})
    }

    fn chunk(artifact: &str, texts: &[&str], append: bool) -> Value {
        let parts: Vec<Value> = texts.iter().map(|t| json!({"kind": "text", "text": t})).collect();
        json!({"kind": "artifact-update", "taskId": "t", "contextId": "c",
            "artifact": {"artifactId": artifact, "parts": parts}, "append": append, "lastChunk": false})
    }

    fn task(state: &str, at: &str, artifacts: &[(&str, usize)]) -> Value {
        let artifacts: Vec<Value> = artifacts
            .iter()
            .map(|(id, n)| json!({"artifactId": id, "parts": vec![json!({"kind": "text", "text": "x"}); *n]}))
            .collect();
        json!({"kind": "task", "id": "t", "contextId": "c", "status": {"state": state, "timestamp": at}, "artifacts": artifacts})
    }

    /// The events of `events` the consumer gets, resumed after `before` of them.
    fn yielded(events: &[Value], before: usize) -> Vec<Value> {
        let mut seen = Seen::new();
        let mut out = Vec::new();
        for (i, event) in events.iter().enumerate() {
            if i == before {
                assert_eq!(seen.resume_after(ErrorCode::Network).as_deref(), Some("t"));
            }
            if seen.is_new(event) {
                out.push(event.clone());
            }
        }
        out
    }

    #[test]
    fn before_a_drop_everything_is_new() {
        let events =
            [task("submitted", "1", &[]), status("working", "2"), status("working", "2"), chunk("a", &["0"], false)];
        assert_eq!(yielded(&events, usize::MAX), events);
    }

    #[test]
    fn a_resubscription_yields_only_what_the_consumer_lacks() {
        let before =
            [task("submitted", "1", &[]), status("working", "2"), chunk("a", &["0"], false), chunk("a", &["1"], true)];
        // The resubscription: the task as it stands (one chunk more than seen), then what follows.
        let after = [task("working", "2", &[("a", 3)]), chunk("a", &["3"], true), status("completed", "3")];
        let events: Vec<Value> = before.iter().chain(&after).cloned().collect();
        let got = yielded(&events, before.len());
        assert_eq!(got[..before.len()], before);
        assert_eq!(got[before.len()..], after, "the task brings the chunk lost in the drop");
        // Nothing lost: the resubscription's task is a repeat, and is left out.
        let after = [task("working", "2", &[("a", 2)]), chunk("a", &["2"], true), status("completed", "3")];
        let events: Vec<Value> = before.iter().chain(&after).cloned().collect();
        assert_eq!(yielded(&events, before.len())[before.len()..], after[1..]);
    }

    #[test]
    fn a_replay_from_the_start_is_left_out() {
        let before =
            [task("submitted", "1", &[]), status("working", "2"), chunk("a", &["0"], false), chunk("a", &["1"], true)];
        let replay =
            [status("working", "2"), chunk("a", &["0"], false), chunk("a", &["1"], true), chunk("a", &["2"], true)];
        let events: Vec<Value> = before.iter().chain(&replay).cloned().collect();
        assert_eq!(yielded(&events, before.len())[before.len()..], replay[3..]);
    }

    #[test]
    fn a_new_status_with_the_same_state_is_new() {
        let before = [status("working", "2")];
        let after = [status("working", "2"), status("working", "3"), status("completed", "4")];
        let events: Vec<Value> = before.iter().chain(&after).cloned().collect();
        assert_eq!(yielded(&events, 1)[1..], after[1..]);
    }

    #[test]
    fn only_a_network_drop_of_an_unsettled_named_task_resumes_once() {
        let mut seen = Seen::new();
        assert_eq!(seen.resume_after(ErrorCode::Network), None, "no task named yet");
        seen.is_new(&status("working", "1"));
        assert_eq!(seen.resume_after(ErrorCode::Timeout), None);
        assert_eq!(seen.resume_after(ErrorCode::BadResponse), None);
        assert_eq!(seen.resume_after(ErrorCode::Network).as_deref(), Some("t"));
        assert_eq!(seen.resume_after(ErrorCode::Network), None, "once");
        let mut done = Seen::new();
        done.is_new(&status("completed", "1"));
        assert_eq!(done.resume_after(ErrorCode::Network), None, "a settled task's stream is over");
        let mut message = Seen::new();
        message.is_new(&json!({"kind": "message", "messageId": "m", "role": "agent", "parts": []}));
        assert_eq!(message.resume_after(ErrorCode::Network), None, "a message names no task");
    }

    #[test]
    fn messages_are_known_by_their_id() {
        let m = |id: &str| json!({"kind": "message", "messageId": id, "role": "agent", "parts": []});
        let events = [status("working", "1"), m("a"), m("a"), m("b")];
        assert_eq!(yielded(&events, 2)[2..], [m("b")]);
    }

    #[test]
    fn the_table_of_artifacts_is_bounded() {
        let mut seen = Seen::new();
        seen.is_new(&status("working", "1"));
        for i in 0..10 * MAX_ARTIFACTS {
            assert!(seen.is_new(&chunk(&format!("a{i}"), &["x"], false)));
        }
        assert_eq!(seen.artifacts.len(), MAX_ARTIFACTS);
        seen.resume_after(ErrorCode::Network);
        let last = format!("a{}", 10 * MAX_ARTIFACTS - 1);
        assert!(!seen.is_new(&chunk(&last, &["x"], false)), "a remembered artifact's replay");
        assert!(seen.is_new(&chunk("a0", &["x"], false)), "a forgotten one's is yielded again");
    }

    #[test]
    fn odd_events_never_panic() {
        let mut seen = Seen::new();
        for event in [
            json!(null),
            json!([]),
            json!({"kind": "task"}),
            json!({"kind": "artifact-update", "artifact": 1}),
            json!({"kind": "task", "id": "t", "artifacts": [1, {"artifactId": 2}, {"artifactId": "a", "parts": "x"}]}),
        ] {
            seen.is_new(&event);
        }
        seen.resume_after(ErrorCode::Network);
        assert!(seen.is_new(&json!({"kind": "status-update", "taskId": "t"})));
    }
}
