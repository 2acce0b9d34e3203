//! `waitForTask`: which task states end the wait, the backoff between
//! polls, and the polling loop itself over any [`Platform`].

use super::call::{Call, Outcome};
use super::call_loop::{self, Failed};
use super::error::CallError;
use super::json::JsonView;
use super::platform::Platform;
use alloc::string::String;

/// True for a state a wait ends on: terminal (`completed`, `failed`,
/// `canceled`, `rejected`) or waiting for the caller (`input-required`, `auth-required`).
pub fn is_settled(state: &str) -> bool {
    matches!(state, "completed" | "failed" | "canceled" | "rejected" | "input-required" | "auth-required")
}

/// The intervals between polls: the first as asked, then ×1.5 up to 10 s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backoff {
    next_ms: f64,
}

/// The default first interval.
pub const DEFAULT_INTERVAL_MS: f64 = 500.0;
/// The longest interval.
pub const MAX_INTERVAL_MS: f64 = 10_000.0;
/// The default time limit of a whole wait: a task may take a while.
pub const WAIT_TIMEOUT_MS: u32 = 300_000;

impl Backoff {
    /// Intervals starting at `first_ms`.
    pub fn new(first_ms: f64) -> Backoff {
        Backoff { next_ms: first_ms.min(MAX_INTERVAL_MS) }
    }

    /// The interval before the next poll.
    pub fn next_interval(&mut self) -> f64 {
        let interval = self.next_ms;
        self.next_ms = (interval * 1.5).min(MAX_INTERVAL_MS);
        interval
    }
}

/// Polls `tasks/get` for the task `id`, [`Backoff`] from `first_interval_ms`
/// between polls, until the task settles ([`is_settled`]): the task as sent.
/// A poll that fails (after its own retries) ends the wait with its error.
pub async fn wait_for_task<P: Platform>(
    platform: &P,
    id: String,
    first_interval_ms: f64,
) -> Result<P::Json, Failed<P>> {
    let get = Call::GetTask(id);
    let mut backoff = Backoff::new(first_interval_ms);
    loop {
        // Without `skills` a task is the only outcome.
        #[cfg_attr(not(feature = "skills"), allow(irrefutable_let_patterns))]
        let Outcome::Task(task) = call_loop::run(platform, &get).await? else {
            let error = CallError::bad_response("tasks/get did not answer a task");
            return Err(Failed { error, token: None });
        };
        let state = task.get("status").and_then(|s| s.get_string("state"));
        if state.as_deref().is_some_and(is_settled) {
            return Ok(task);
        }
        platform.sleep(backoff.next_interval()).await;
        if let Some(error) = platform.ended() {
            return Err(Failed { error, token: None });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sans_io::error::ErrorCode;
    use crate::sans_io::fake_platform::{Fake, Reply, block_on, rpc_error, task_in};
    use alloc::borrow::ToOwned;
    use alloc::vec;
    use alloc::vec::Vec;
    use serde_json::Value;

    fn wait(fake: &Fake) -> Result<Value, ErrorCode> {
        block_on(wait_for_task(fake, "t-1".to_owned(), 400.0)).map_err(|failed| failed.error.code)
    }

    #[test]
    fn waits_end_on_terminal_and_interrupted_states() {
        for state in ["completed", "failed", "canceled", "rejected", "input-required", "auth-required"] {
            assert!(is_settled(state), "{state}");
        }
        for state in ["submitted", "working", "unknown", "paused"] {
            assert!(!is_settled(state), "{state}");
        }
    }

    #[test]
    fn intervals_grow_and_are_capped() {
        let mut backoff = Backoff::new(400.0);
        let intervals: Vec<f64> = (0..12).map(|_| backoff.next_interval()).collect();
        assert_eq!(&intervals[..3], &[400.0, 600.0, 900.0]);
        assert!(intervals.windows(2).all(|w| w[1] >= w[0]));
        assert_eq!(*intervals.last().unwrap(), MAX_INTERVAL_MS);
        assert_eq!(Backoff::new(60_000.0).next_interval(), MAX_INTERVAL_MS);
    }

    #[test]
    fn a_wait_polls_with_backoff_until_the_task_settles() {
        let fake = Fake::new(vec![
            Reply::Rpc(200, task_in("submitted")),
            Reply::Rpc(200, task_in("working")),
            Reply::Rpc(200, task_in("input-required")),
        ]);
        let task = wait(&fake).unwrap();
        assert_eq!(task["status"]["state"], "input-required");
        assert_eq!(*fake.sleeps.borrow(), [400.0, 600.0]);
        let methods: Vec<Value> = fake.sent.borrow().iter().map(|s| s.body["method"].clone()).collect();
        assert_eq!(methods, ["tasks/get"; 3]);
    }

    #[test]
    fn a_failed_poll_ends_the_wait() {
        let fake = Fake::new(vec![Reply::Rpc(200, rpc_error(-32001, "Task not found", Value::Null))]);
        assert_eq!(wait(&fake), Err(ErrorCode::TaskNotFound));
    }

    #[test]
    fn a_wait_past_its_deadline_times_out() {
        let fake = Fake::new(vec![Reply::Rpc(200, task_in("working"))]);
        fake.deadline.set(fake.now.get() + 100.0);
        assert_eq!(wait(&fake), Err(ErrorCode::Timeout));
        assert_eq!(fake.sent.borrow().len(), 1);
    }
}
