//! Ctrl-C (and `kill`, or a closed terminal) as a flag instead of a sudden
//! exit, so a long-running command drops its guards — the simulator child
//! among them — before it returns. The handlers are signal-hook's.

use crate::shell::Result;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// From now on `SIGHUP`, `SIGINT` and `SIGTERM` set the flag instead of ending the process.
pub fn catch() -> Result<()> {
    for signal in [SIGHUP, SIGINT, SIGTERM] {
        signal_hook::flag::register(signal, &INTERRUPTED).map_err(|e| format!("catching signal {signal}: {e}"))?;
    }
    Ok(())
}

/// Blocks until one of the signals arrives.
pub fn wait() {
    while !INTERRUPTED.load(Ordering::SeqCst) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}
