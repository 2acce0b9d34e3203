//! [`Rate`]: a ceiling of the client-side limiter, typed (the JS client's
//! `"15/min"` strings, as a value that cannot be misspelled).

use crate::sans_io::error::CallError;
use crate::sans_io::pacing;
use serde_json::Value;
use std::time::Duration;

/// At most `max` calls in any window of `period`: a ceiling of the
/// client-side limiter ([`ClientBuilder::rate_limit_default`](super::ClientBuilder::rate_limit_default),
/// [`ClientBuilder::rate_limit_expensive`](super::ClientBuilder::rate_limit_expensive)).
///
/// ```
/// # use magisterium_a2a::Rate;
/// # use std::time::Duration;
/// assert_eq!(Rate::per_minute(15), Rate::new(15, Duration::from_secs(60)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rate {
    max: u32,
    period: Duration,
}

impl Rate {
    /// At most `max` calls in any window of `period`. The client refuses (INVALID_INPUT,
    /// at [`build`](super::ClientBuilder::build)) a `max` of 0 and a zero `period`.
    pub const fn new(max: u32, period: Duration) -> Rate {
        Rate { max, period }
    }

    /// At most `max` calls a second.
    pub const fn per_second(max: u32) -> Rate {
        Rate::new(max, Duration::from_secs(1))
    }

    /// At most `max` calls a minute (the unit of the server's own ceilings).
    pub const fn per_minute(max: u32) -> Rate {
        Rate::new(max, Duration::from_secs(60))
    }

    /// At most `max` calls an hour.
    pub const fn per_hour(max: u32) -> Rate {
        Rate::new(max, Duration::from_secs(3600))
    }

    /// The most calls in a window.
    pub const fn max(&self) -> u32 {
        self.max
    }

    /// The window.
    pub const fn period(&self) -> Duration {
        self.period
    }

    /// The core's rate, once checked; `which` names the option in a refusal.
    pub(crate) fn checked(self, which: &str) -> Result<pacing::Rate, CallError<Value>> {
        if self.max == 0 || self.period.is_zero() {
            return Err(CallError::invalid_input(format!(
                "{which} must allow at least 1 call in a period longer than zero, not {} in {:?}",
                self.max, self.period
            )));
        }
        Ok(pacing::Rate { max: self.max, period_ms: self.period.as_secs_f64() * 1000.0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sans_io::error::ErrorCode;

    #[test]
    fn a_rate_is_the_core_s_in_milliseconds() {
        assert_eq!(Rate::per_minute(15).checked("r"), Ok(pacing::Rate { max: 15, period_ms: 60_000.0 }));
        assert_eq!(Rate::per_hour(100).checked("r").map(|r| r.period_ms), Ok(3_600_000.0));
        let fine = Rate::new(2, Duration::from_micros(500));
        assert_eq!(fine.checked("r").map(|r| r.period_ms), Ok(0.5), "no rounding to zero");
    }

    #[test]
    fn an_empty_rate_is_refused() {
        for empty in [Rate::per_second(0), Rate::new(1, Duration::ZERO)] {
            let e = empty.checked(".rate_limit_default()").unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput);
            assert!(e.message.starts_with(".rate_limit_default() must allow"), "{}", e.message);
        }
    }
}
