//! When a failed call is tried again, and after how long.
//!
//! Pure policy, driven by an injected clock (`now_ms`) and random number, so
//! it is tested natively; the browser layer only sleeps what it is told.
//!
//! - RATE_LIMITED waits `retryAfter` seconds (never less), for any method: the
//!   server refused the request. A wait longer than `max_retry_wait_ms`, or
//!   past the call's deadline, gives up at once so a UI can count down.
//! - NETWORK (no response), HTTP 502/503/504 and INTERNAL_ERROR retry with
//!   capped exponential backoff and jitter, but only for `tasks/get` and
//!   `tasks/cancel`, which are safe to repeat. `message/send` repeats only on
//!   a 503, where the server refused it; a lost response may mean it ran.
//! - UNAUTHORIZED refreshes the token once, at once, when a token provider exists.

use super::error::ErrorCode;
use super::wire::Method;

/// The knobs of the policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt (the token refresh is not counted).
    pub max_retries: u32,
    /// The longest RATE_LIMITED wait the client sits through.
    pub max_retry_wait_ms: f64,
    /// The first backoff step.
    pub base_delay_ms: f64,
    /// The cap of a backoff step.
    pub max_delay_ms: f64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy { max_retries: 2, max_retry_wait_ms: 10_000.0, base_delay_ms: 250.0, max_delay_ms: 4_000.0 }
    }
}

/// What the policy needs to know of a failed attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Failure {
    /// The error's code.
    pub code: ErrorCode,
    /// The HTTP status, when a response arrived.
    pub http_status: Option<u16>,
    /// RATE_LIMITED's `retryAfter`, in seconds.
    pub retry_after: Option<f64>,
}

/// What to do after a failed attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RetryDecision {
    /// Give up: the failure is the call's result.
    GiveUp,
    /// Ask the token provider for a fresh token and try again at once.
    RefreshToken,
    /// Sleep this long (cancellable by the caller's signal), then try again.
    Wait(f64),
    /// Send the request again at once: the agent refused its A2A version and
    /// the client has moved to the other (see [`super::agent_route`]).
    Resend,
}

/// The retry state of one call.
#[derive(Clone, Debug)]
pub struct RetryLoop {
    policy: RetryPolicy,
    method: Method,
    retries: u32,
    can_refresh: bool,
    deadline_ms: f64,
}

/// Jitter added on top of a server-given `retryAfter`, at most.
const RATE_LIMIT_JITTER_MS: f64 = 250.0;

impl RetryLoop {
    /// A call of `method` that must end by `deadline_ms` (on the clock later
    /// given to [`RetryLoop::after`]). `can_refresh`: a token provider exists.
    pub fn new(policy: RetryPolicy, method: Method, can_refresh: bool, deadline_ms: f64) -> Self {
        RetryLoop { policy, method, retries: 0, can_refresh, deadline_ms }
    }

    /// The next step after `failure` at `now_ms`; `random` is uniform in `[0, 1)`.
    pub fn after(&mut self, failure: &Failure, now_ms: f64, random: f64) -> RetryDecision {
        if failure.code == ErrorCode::Unauthorized && self.can_refresh {
            self.can_refresh = false;
            return RetryDecision::RefreshToken;
        }
        if self.retries >= self.policy.max_retries {
            return RetryDecision::GiveUp;
        }
        let delay = match self.delay(failure, random) {
            Some(delay) if now_ms + delay < self.deadline_ms => delay,
            _ => return RetryDecision::GiveUp,
        };
        self.retries += 1;
        RetryDecision::Wait(delay)
    }

    /// The step after the agent refused the request's A2A version (-32009)
    /// and the client moved to the other: [`RetryDecision::Resend`], a retry counted
    /// against `max_retries` like any other, or [`RetryDecision::GiveUp`] when none is left.
    pub fn resend(&mut self) -> RetryDecision {
        if self.retries >= self.policy.max_retries {
            return RetryDecision::GiveUp;
        }
        self.retries += 1;
        RetryDecision::Resend
    }

    /// The wait before the next attempt, or `None` when it must not be retried.
    fn delay(&self, failure: &Failure, random: f64) -> Option<f64> {
        let random = if (0.0..1.0).contains(&random) { random } else { 0.5 };
        if failure.code == ErrorCode::RateLimited {
            let wait = match failure.retry_after {
                Some(seconds) => seconds * 1000.0 + random * RATE_LIMIT_JITTER_MS,
                None => self.backoff(random).max(1000.0),
            };
            return (wait <= self.policy.max_retry_wait_ms).then_some(wait);
        }
        let gateway = matches!(failure.http_status, Some(502..=504));
        let transient = match failure.code {
            ErrorCode::Network | ErrorCode::InternalError => true,
            ErrorCode::BadResponse => gateway,
            _ => false,
        };
        let refused_unprocessed = failure.http_status == Some(503);
        let safe = if self.method.repeatable() { transient } else { refused_unprocessed };
        safe.then(|| self.backoff(random))
    }

    /// Capped exponential backoff with "equal jitter": half fixed, half random,
    /// so a wait is never near zero.
    fn backoff(&self, random: f64) -> f64 {
        let step = self.policy.base_delay_ms * f64::from(1u32 << self.retries.min(16));
        let capped = step.min(self.policy.max_delay_ms);
        capped / 2.0 + random * capped / 2.0
    }
}

#[cfg(test)]
mod tests;
