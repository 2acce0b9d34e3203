//! The agent cards discovery keeps: each for its `Cache-Control` max-age
//! ([`crate::sans_io::card::max_age_ms`]), by base URL, and at most
//! [`MAX_CARDS`] of them, so that an orchestrator discovering ever new
//! agents holds a bounded memory. Used by the npm `A2AClient` (for the page's
//! or the process's lifetime) and the Rust one alike.

use alloc::string::String;
use alloc::vec::Vec;

/// How many cards are kept at most: when that many are still fresh, they
/// are all let go before the next is kept (each is fetched again when next
/// discovered). A cache of agents in rotation past this many would miss with
/// any order of eviction; dropping them all costs the bundle least.
pub const MAX_CARDS: usize = 64;

/// A card kept until `expires_ms`.
struct Kept<C> {
    base: String,
    card: C,
    expires_ms: f64,
}

/// Cards by base URL (the core's key, [`crate::sans_io::card::CardBase::key`]).
pub struct CardCache<C>(Vec<Kept<C>>);

impl<C: Clone> CardCache<C> {
    /// No card (a `const fn`: the cache is a static).
    pub const fn new() -> CardCache<C> {
        CardCache(Vec::new())
    }

    /// The card kept for `base`, when its time has not ended at `now_ms`.
    #[inline]
    pub fn get(&self, base: &str, now_ms: f64) -> Option<C> {
        self.0.iter().find(|c| c.base == base && c.expires_ms > now_ms).map(|c| c.card.clone())
    }

    /// Keeps `card` for `base` for `max_age_ms` from `now_ms` (not at all
    /// when 0), in place of any card of `base`; drops the cards whose time
    /// has ended, and, when [`MAX_CARDS`] remain, all of them.
    #[inline]
    pub fn put(&mut self, base: &str, card: C, now_ms: f64, max_age_ms: f64) {
        self.0.retain(|c| c.base != base && c.expires_ms > now_ms);
        if max_age_ms <= 0.0 {
            return;
        }
        if self.0.len() >= MAX_CARDS {
            self.0.clear();
        }
        self.0.push(Kept { base: String::from(base), card, expires_ms: now_ms + max_age_ms });
    }

    /// How many cards are kept (some perhaps past their time, until the next [`CardCache::put`]).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when no card is kept.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<C: Clone> Default for CardCache<C> {
    fn default() -> CardCache<C> {
        CardCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn a_card_is_kept_for_its_max_age() {
        let mut cache = CardCache::new();
        cache.put("http://a/", 1, 0.0, 1000.0);
        assert_eq!(cache.get("http://a/", 999.0), Some(1));
        assert_eq!(cache.get("http://a/", 1000.0), None);
        assert_eq!(cache.get("http://b/", 0.0), None);
        cache.put("http://a/", 2, 10.0, 1000.0);
        assert_eq!((cache.get("http://a/", 11.0), cache.len()), (Some(2), 1), "replaced");
        cache.put("http://a/", 3, 20.0, 0.0);
        assert!(cache.is_empty(), "a card not to be kept drops the old one");
    }

    #[test]
    fn ever_new_agents_keep_a_bounded_count() {
        let mut cache = CardCache::new();
        // Each card kept for an hour, one per millisecond.
        for i in 0..10 * MAX_CARDS {
            cache.put(&format!("http://agent-{i}/"), i, i as f64, 3_600_000.0);
            assert!(cache.len() <= MAX_CARDS);
        }
        let now = (10 * MAX_CARDS) as f64;
        assert_eq!(cache.len(), MAX_CARDS);
        assert_eq!(cache.get("http://agent-0/", now), None, "let go");
        let last = 10 * MAX_CARDS - 1;
        assert_eq!(cache.get(&format!("http://agent-{last}/"), now), Some(last));
    }

    #[test]
    fn expired_cards_are_dropped_first() {
        let mut cache = CardCache::new();
        for i in 0..MAX_CARDS {
            cache.put(&format!("http://old-{i}/"), i, 0.0, 10.0);
        }
        cache.put("http://new/", 99, 100.0, 10.0);
        assert_eq!(cache.len(), 1, "every old card had ended");
    }
}
