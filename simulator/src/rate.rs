//! Per-token rate limiting: a sliding-window log for each (token, pool).

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime};

/// A ceiling of `max` requests per `window_secs` seconds, written `N/Ds` (e.g. `15/60s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests allowed within any window (0 refuses every request).
    pub max: u32,
    /// The window length in seconds (at least 1).
    pub window_secs: u64,
}

impl FromStr for RateLimit {
    type Err = String;

    /// Parses `N/Ds` or `N/D` (N requests per D seconds, D ≥ 1).
    fn from_str(s: &str) -> Result<RateLimit, String> {
        let bad = || format!("invalid rate limit {s:?}: expected N/Ds, e.g. 15/60s");
        let (max, window) = s.trim().split_once('/').ok_or_else(bad)?;
        let window = window.strip_suffix('s').unwrap_or(window);
        let max = max.parse().map_err(|_| bad())?;
        let window_secs = window.parse().map_err(|_| bad())?;
        if window_secs == 0 {
            return Err(bad());
        }
        Ok(RateLimit { max, window_secs })
    }
}

impl fmt::Display for RateLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}s", self.max, self.window_secs)
    }
}

/// Which counter a request draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Pool {
    /// document_search, document_fetch, liturgical_readings, saints_of_the_day (and unknown skills).
    Default,
    /// catholic_qa only.
    Expensive,
}

/// Sliding-window logs of accepted requests, keyed by token and pool.
///
/// A request is accepted when fewer than `max` accepted requests lie within the last
/// `window_secs`; refused requests are not recorded. Memory per key is bounded by `max`.
#[derive(Debug, Default)]
pub(crate) struct RateLimiter {
    logs: HashMap<(String, Pool), VecDeque<SystemTime>>,
}

impl RateLimiter {
    /// Records a request at `now` if allowed; otherwise returns the whole seconds (≥ 1) to wait.
    pub(crate) fn check(&mut self, token: &str, pool: Pool, limit: RateLimit, now: SystemTime) -> Result<(), u64> {
        let window = Duration::from_secs(limit.window_secs);
        let log = self.logs.entry((token.to_string(), pool)).or_default();
        log.retain(|&t| elapsed(t, now) < window);
        while log.len() > limit.max as usize {
            log.pop_front();
        }
        if log.len() < limit.max as usize {
            log.push_back(now);
            return Ok(());
        }
        let wait = match log.front() {
            Some(&oldest) => window.saturating_sub(elapsed(oldest, now)),
            None => window,
        };
        Err(ceil_secs(wait).max(1))
    }

    /// Forgets every counter.
    pub(crate) fn clear(&mut self) {
        self.logs.clear();
    }
}

fn elapsed(since: SystemTime, now: SystemTime) -> Duration {
    now.duration_since(since).unwrap_or(Duration::ZERO)
}

fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_limits() {
        assert_eq!("15/60s".parse(), Ok(RateLimit { max: 15, window_secs: 60 }));
        assert_eq!("2/60".parse(), Ok(RateLimit { max: 2, window_secs: 60 }));
        assert_eq!(RateLimit { max: 0, window_secs: 5 }.to_string(), "0/5s");
        for bad in ["", "15", "15/0s", "x/60s", "15/60m", "-1/60s"] {
            assert!(bad.parse::<RateLimit>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sliding_window_refuses_then_recovers() {
        let limit = RateLimit { max: 2, window_secs: 60 };
        let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let mut rl = RateLimiter::default();
        assert_eq!(rl.check("a", Pool::Default, limit, t0), Ok(()));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(10)), Ok(()));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(20)), Err(40));
        assert_eq!(rl.check("a", Pool::Expensive, limit, t0), Ok(()), "pools are separate");
        assert_eq!(rl.check("b", Pool::Default, limit, t0), Ok(()), "tokens are separate");
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_millis(59_500)), Err(1));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(60)), Ok(()));
        let zero = RateLimit { max: 0, window_secs: 5 };
        assert_eq!(rl.check("z", Pool::Default, zero, t0), Err(5));
    }

    #[test]
    fn a_window_of_a_day_counts_a_days_calls() {
        // The proxy suite counts a proxy's upstream calls with 2 a day.
        let limit: RateLimit = "2/86400s".parse().unwrap();
        let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let mut rl = RateLimiter::default();
        assert_eq!(rl.check("a", Pool::Default, limit, t0), Ok(()));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(3600)), Ok(()));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(7200)), Err(86_400 - 7200));
        assert_eq!(rl.check("a", Pool::Default, limit, t0 + Duration::from_secs(86_400)), Ok(()));
    }
}
