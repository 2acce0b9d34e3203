//! The opt-in client-side limiter: calls of one client queue so that a burst
//! never exceeds the server's per-minute ceilings. Pure scheduling over an
//! injected clock; the browser layer sleeps what it is told.

use super::error::CallError;
use super::text::{cat, parse_u32};
use alloc::vec::Vec;

/// A ceiling: at most `max` requests in any window of `period_ms`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Requests per window (≥ 1).
    pub max: u32,
    /// The window, in milliseconds.
    pub period_ms: f64,
}

impl Rate {
    /// Parses `"15/min"`, `"2/60s"`, `"10/s"`, `"100/h"` or `"15/1min"`.
    pub fn parse<V>(text: &str) -> Result<Rate, CallError<V>> {
        let refuse = || CallError::invalid_input(cat(&["a rate is like \"15/min\" or \"2/60s\", not \"", text, "\""]));
        let (count, period) = text.trim().split_once('/').ok_or_else(refuse)?;
        let max = parse_u32(count.trim()).filter(|n| *n >= 1).ok_or_else(refuse)?;
        let period = period.trim();
        let split = period.find(|c: char| !c.is_ascii_digit()).unwrap_or(period.len());
        let (amount, unit) = period.split_at_checked(split).ok_or_else(refuse)?;
        let amount: f64 = if amount.is_empty() { 1.0 } else { parse_u32(amount).ok_or_else(refuse)?.into() };
        let unit_ms = match unit {
            "ms" => 1.0,
            "s" | "sec" => 1_000.0,
            "m" | "min" => 60_000.0,
            "h" | "hour" => 3_600_000.0,
            _ => return Err(refuse()),
        };
        let period_ms = amount * unit_ms;
        if period_ms <= 0.0 {
            return Err(refuse());
        }
        Ok(Rate { max, period_ms })
    }
}

/// The two pools of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    /// Every skill but `catholic_qa`.
    Default,
    /// `catholic_qa`.
    Expensive,
}

impl Pool {
    /// The pool a `message/send` of `skill_id` counts in (`None`: the default skill, `catholic_qa`).
    pub fn of_skill(skill_id: Option<&str>) -> Pool {
        match skill_id {
            None | Some("catholic_qa") => Pool::Expensive,
            Some(_) => Pool::Default,
        }
    }
}

/// A granted slot; give it back with [`Pacer::release`] when the call is abandoned before sending.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pool: Pool,
    at_ms: f64,
}

impl Slot {
    /// When the request may go.
    pub fn at_ms(&self) -> f64 {
        self.at_ms
    }
}

/// Added to every window: requests travel and the server's clock is not
/// ours, so two requests exactly one window apart could still land in one.
pub const MARGIN_MS: f64 = 100.0;

/// Slots granted per pool, in time order (past ones pruned as time passes).
#[derive(Clone, Debug, Default)]
pub struct Pacer {
    default: Option<(Rate, Vec<f64>)>,
    expensive: Option<(Rate, Vec<f64>)>,
}

impl Pacer {
    /// A pacer with the given ceilings (`None`: that pool is not paced).
    pub fn new(default: Option<Rate>, expensive: Option<Rate>) -> Pacer {
        Pacer { default: default.map(|r| (r, Vec::new())), expensive: expensive.map(|r| (r, Vec::new())) }
    }

    fn pool(&mut self, pool: Pool) -> Option<&mut (Rate, Vec<f64>)> {
        match pool {
            Pool::Default => self.default.as_mut(),
            Pool::Expensive => self.expensive.as_mut(),
        }
    }

    /// Books the earliest slot at or after `now_ms` that keeps the pool under
    /// its ceiling; `None` when the pool is not paced.
    pub fn reserve(&mut self, pool: Pool, now_ms: f64) -> Option<Slot> {
        let (rate, granted) = self.pool(pool)?;
        let window = rate.period_ms + MARGIN_MS;
        granted.retain(|t| *t > now_ms - window);
        let max = rate.max as usize;
        let oldest_in_window = granted.len().checked_sub(max).and_then(|i| granted.get(i));
        let at_ms = oldest_in_window.map_or(now_ms, |t| (t + window).max(now_ms));
        let position = granted.partition_point(|t| *t <= at_ms);
        granted.insert(position, at_ms);
        Some(Slot { pool, at_ms })
    }

    /// Gives back a slot whose call was abandoned before its request was sent.
    pub fn release(&mut self, slot: Slot) {
        if let Some((_, granted)) = self.pool(slot.pool)
            && let Some(index) = granted.iter().position(|t| *t == slot.at_ms)
        {
            granted.remove(index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(text: &str) -> Rate {
        Rate::parse::<()>(text).unwrap()
    }

    #[test]
    fn rates_parse_in_every_spelling() {
        assert_eq!(rate("15/min"), Rate { max: 15, period_ms: 60_000.0 });
        assert_eq!(rate("2/60s"), Rate { max: 2, period_ms: 60_000.0 });
        assert_eq!(rate(" 10 / s "), Rate { max: 10, period_ms: 1_000.0 });
        assert_eq!(rate("100/h"), Rate { max: 100, period_ms: 3_600_000.0 });
        assert_eq!(rate("5/250ms"), Rate { max: 5, period_ms: 250.0 });
        for bad in ["", "15", "0/min", "-1/min", "x/min", "15/fortnight", "15/0s", "15/1.5s", "99999999999/min"] {
            assert!(Rate::parse::<()>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_burst_is_spread_over_the_window() {
        let mut pacer = Pacer::new(Some(rate("3/60s")), None);
        let at: Vec<f64> = (0..7).map(|_| pacer.reserve(Pool::Default, 1_000.0).unwrap().at_ms()).collect();
        assert_eq!(at, vec![1_000.0, 1_000.0, 1_000.0, 61_100.0, 61_100.0, 61_100.0, 121_200.0]);
    }

    #[test]
    fn slots_free_up_as_time_passes() {
        let mut pacer = Pacer::new(Some(rate("2/10s")), None);
        pacer.reserve(Pool::Default, 0.0);
        pacer.reserve(Pool::Default, 4_000.0);
        assert_eq!(pacer.reserve(Pool::Default, 5_000.0).unwrap().at_ms(), 10_100.0);
        assert_eq!(pacer.reserve(Pool::Default, 30_000.0).unwrap().at_ms(), 30_000.0);
    }

    #[test]
    fn pools_are_separate_and_unpaced_pools_are_free() {
        let mut pacer = Pacer::new(None, Some(rate("1/min")));
        assert!(pacer.reserve(Pool::Default, 0.0).is_none());
        assert_eq!(pacer.reserve(Pool::Expensive, 0.0).unwrap().at_ms(), 0.0);
        assert_eq!(pacer.reserve(Pool::Expensive, 0.0).unwrap().at_ms(), 60_100.0);
        assert_eq!(Pool::of_skill(None), Pool::Expensive);
        assert_eq!(Pool::of_skill(Some("catholic_qa")), Pool::Expensive);
        assert_eq!(Pool::of_skill(Some("pope_lookup")), Pool::Default);
    }

    #[test]
    fn a_released_slot_is_given_to_the_next_caller() {
        let mut pacer = Pacer::new(Some(rate("1/min")), None);
        pacer.reserve(Pool::Default, 0.0);
        let queued = pacer.reserve(Pool::Default, 0.0).unwrap();
        assert_eq!(queued.at_ms(), 60_100.0);
        pacer.release(queued);
        assert_eq!(pacer.reserve(Pool::Default, 1.0).unwrap().at_ms(), 60_100.0, "the freed slot, not a later one");
        let third = pacer.reserve(Pool::Default, 2.0).unwrap();
        assert_eq!(third.at_ms(), 120_200.0);
    }
}
