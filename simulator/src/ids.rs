//! Random UUID-v4-shaped identifiers for tasks, contexts, messages and artifacts.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn random_u64() -> u64 {
    // Each RandomState is freshly keyed from process randomness; the counter makes every call distinct.
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.finish()
}

/// A random identifier formatted like a version-4 UUID, e.g. `3f0c9a4e-1b7d-4c2a-9e51-07d2b8c6f4a1`.
pub(crate) fn uuid() -> String {
    let hi = random_u64();
    let lo = random_u64();
    let time_hi = (hi & 0x0fff) | 0x4000;
    let clock_seq = ((lo >> 48) & 0x3fff) | 0x8000;
    format!("{:08x}-{:04x}-{time_hi:04x}-{clock_seq:04x}-{:012x}", hi >> 32, (hi >> 16) & 0xffff, lo & 0xffff_ffff_ffff)
}

#[cfg(test)]
mod tests {
    #[test]
    fn uuids_are_well_formed_and_distinct() {
        let a = super::uuid();
        let b = super::uuid();
        assert_ne!(a, b);
        let groups: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12]);
        assert_eq!(&a[14..15], "4");
        assert!(a.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
    }
}
