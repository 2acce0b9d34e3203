//! The options of one call ([`AskOptions`], [`WaitOptions`]): each starts
//! from `Default` and grows by its setters, so a later option breaks no caller.

use super::error::Error;
use crate::sans_io::validate;
use std::time::Duration;

/// The options of [`Client::ask_with`](super::Client::ask_with).
///
/// ```
/// # use magisterium_a2a::AskOptions;
/// # use std::time::Duration;
/// let follow_up = AskOptions::default().context_id("ctx-1").timeout(Duration::from_secs(60));
/// assert_eq!(follow_up.context_id.as_deref(), Some("ctx-1"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct AskOptions {
    /// Continues a conversation: the `context_id` of an earlier answer.
    pub context_id: Option<String>,
    /// This call's time limit instead of the client's.
    pub timeout: Option<Duration>,
}

impl AskOptions {
    /// Continues the conversation `context_id` (an earlier answer's).
    #[must_use]
    pub fn context_id(mut self, context_id: impl Into<String>) -> AskOptions {
        self.context_id = Some(context_id.into());
        self
    }

    /// This call's time limit instead of the client's.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> AskOptions {
        self.timeout = Some(timeout);
        self
    }
}

/// The options of [`Client::wait_for_task`](super::Client::wait_for_task).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WaitOptions {
    /// The first interval between polls (default 500 ms; then ×1.5 up to 10 s).
    pub poll_interval: Option<Duration>,
    /// The time limit of the whole wait (default 5 minutes).
    pub timeout: Option<Duration>,
}

impl WaitOptions {
    /// The first interval between polls.
    #[must_use]
    pub fn poll_interval(mut self, interval: Duration) -> WaitOptions {
        self.poll_interval = Some(interval);
        self
    }

    /// The time limit of the whole wait.
    #[must_use]
    pub fn timeout(mut self, timeout: Duration) -> WaitOptions {
        self.timeout = Some(timeout);
        self
    }
}

/// Milliseconds of a duration, as the core's checks take them (sub-millisecond parts dropped).
pub(crate) fn millis(duration: Duration) -> f64 {
    duration.as_millis() as f64
}

/// A time limit in milliseconds, checked by the core's rule; `what` names the
/// option as a Rust caller writes it (`.timeout()`).
pub(crate) fn limit_ms(what: &str, limit: Duration) -> Result<u32, Error> {
    validate::duration_ms(what, millis(limit)).map_err(Error::plain)
}
