//! The simulator's injectable clock: wall time (or a frozen instant, or a time source the host
//! gives, as `Date.now()` on wasm32) plus an offset that tests move forward.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// A shareable clock. Clones share the same offset, so advancing one advances all.
///
/// Task expiry, rate-limit windows, task timestamps and the meaning of `today` in date
/// queries all read this clock. `POST /_sim/clock` advances it; `POST /_sim/reset` clears the offset.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    inner: Arc<Inner>,
}

/// Where the time before the offset comes from.
#[derive(Debug, Default)]
enum Base {
    /// The system clock (`SystemTime::now`, which wasm32 lacks).
    #[default]
    System,
    /// Time stands still here.
    Frozen(SystemTime),
    /// The host's clock.
    Source(fn() -> SystemTime),
}

#[derive(Debug, Default)]
struct Inner {
    base: Base,
    offset_ms: AtomicU64,
}

impl Clock {
    /// A clock that follows the system wall clock (plus any offset). Same as `Clock::default()`.
    pub fn system() -> Clock {
        Clock::default()
    }

    /// A clock that stands still at `instant` and only moves when advanced: fully deterministic tests.
    pub fn frozen_at(instant: SystemTime) -> Clock {
        Clock::with_base(Base::Frozen(instant))
    }

    /// A clock that reads `source` (plus any offset): the host's clock where `SystemTime::now`
    /// is not available (wasm32).
    pub fn from_source(source: fn() -> SystemTime) -> Clock {
        Clock::with_base(Base::Source(source))
    }

    fn with_base(base: Base) -> Clock {
        Clock { inner: Arc::new(Inner { base, offset_ms: AtomicU64::new(0) }) }
    }

    /// The current simulated time.
    pub fn now(&self) -> SystemTime {
        let base = match self.inner.base {
            Base::System => SystemTime::now(),
            Base::Frozen(instant) => instant,
            Base::Source(source) => source(),
        };
        base + self.offset()
    }

    /// The total amount this clock has been advanced since creation or the last reset.
    pub fn offset(&self) -> Duration {
        Duration::from_millis(self.inner.offset_ms.load(Ordering::SeqCst))
    }

    /// Moves the clock forward by `by` (millisecond resolution, saturating).
    pub fn advance(&self, by: Duration) {
        let ms = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        let _ =
            self.inner.offset_ms.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| Some(old.saturating_add(ms)));
    }

    /// Sets the offset back to zero.
    pub fn reset_offset(&self) {
        self.inner.offset_ms.store(0, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frozen_clock_moves_only_when_advanced() {
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000);
        let clock = Clock::frozen_at(start);
        let shared = clock.clone();
        assert_eq!(clock.now(), start);
        shared.advance(Duration::from_secs(90));
        assert_eq!(clock.now(), start + Duration::from_secs(90));
        clock.reset_offset();
        assert_eq!(shared.now(), start);
    }
}
