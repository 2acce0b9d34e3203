//! Ctrl-C (and `kill`, or a closed terminal) as a flag instead of a sudden
//! exit, so a long-running command drops its guards — the simulator child
//! among them — before it returns.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// `SIGHUP`, `SIGINT` and `SIGTERM` (the same numbers on every Linux architecture).
const SIGNALS: [i32; 3] = [1, 2, 15];

unsafe extern "C" {
    /// libc's `signal(2)`; the previous handler it returns is not needed.
    fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
}

/// Only sets the flag: the one thing a signal handler may safely do here.
extern "C" fn on_signal(_: i32) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// From now on the signals above set the flag instead of ending the process.
pub fn catch() {
    for signum in SIGNALS {
        // SAFETY: `on_signal` is async-signal-safe (one atomic store).
        unsafe { signal(signum, on_signal) };
    }
}

/// Blocks until one of the signals arrives.
pub fn wait() {
    while !INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
