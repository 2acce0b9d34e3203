//! `waitForTask`: which task states end the wait, and the backoff between polls.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
