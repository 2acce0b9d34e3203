//! gzip sizes of the package, measured as a server would compress it, and
//! the web build's budgets.

use crate::shell::Result;
use flate2::{Compression, write::GzEncoder};
use std::io::Write;
use std::path::Path;

/// Gzip budget of the web build of `magisterium-a2a` (its `.wasm` and the JS
/// a page loads up front for `MagisteriumClient`), in bytes: where issue 23's
/// size pass (37 315 B), its decode pass (+101 B) and issue 27's messages (the
/// server's reason, CORS named only in browsers: +377 B) left it, 37 793 B,
/// rounded up to the KB, then issue 35's stacks that start at the caller's
/// line (`atCaller` in `npm/js/magisterium-error.js`: 37 847 → 38 095 B, +248 B)
/// and its errors (an A2A 1.0 agent's reason, the task id in TASK_NOT_FOUND,
/// options named as each layer's caller writes them: +515 B of `.wasm` gzip,
/// measured against 3bfd4ca's build of the same entry), both merged: 38 585 B;
/// then the core's request plans and a boundary by name (38 800 B) and the
/// server's request id on errors (+483 B: 39 283 B), rounded up to the half
/// KB; then issue 35's `headers`, `fetch` and `onRequest`/`onResponse` options
/// (+1 108 B against 05273cf's 39 301 B, measured side by side: 415 B the
/// options carried to every exchange and the hooks, 338 B the core's rule on
/// the client's own headers, 350 B reading the names it checks; the
/// header syntax is the platform's `Headers`, which cost 321 B less than the
/// core's check of it): 40 409 B; then a reply's head read by the core's one
/// rule in every build (`plan::reply_head`, the JS no longer picking
/// `Retry-After` and `Cache-Control`: +71 B, 40 480 B) and the plan's headers
/// (40 484 B), rounded up to the half KB. Issue 23's goal of 28 KB is not reached (docs/performance.md says what
/// the rest would take).
pub const SIZE_BUDGET: usize = 40 * 1024;

/// Gzip budget of the web build of `magisterium-a2a/agents` (`A2AClient`),
/// up front, in bytes, under the 43.5 KB (44 544 B) ceiling that issues 17,
/// 23 and 26 set. Met again since Magisterium's skill decoders left this entry (the
/// core's feature `skills`), the stream decoding moved onto the client and
/// the extended card and push configs went into the lazily loaded part
/// (`client.extras()`; docs/performance.md, "The agents entry back under its
/// ceiling"): 37 158 B with an interface's tenant; then issue 35's one core (the
/// core's request plans and discovery loop driven from JS, the boundary by name:
/// +1 009 B), its errors and its stacks at the caller's line, merged: 38 998 B,
/// and the server's request id on errors (+482 B: 39 480 B), then the
/// `headers`, `fetch` and hook options (+951 B against 05273cf's 39 495 B:
/// 40 446 B), a reply's head read by the core's rule (+61 B: 40 507 B) and the
/// plan's headers (40 519 B), so
/// the budget holds that figure rounded up to the half KB, 3.5 KB below the
/// ceiling; its lazily loaded module is outside it (`cargo xtask build`
/// prints its size).
pub const AGENTS_SIZE_BUDGET: usize = 40 * 1024;

/// The budget of each entry of the web build: (entry, bytes).
pub const BUDGETS: [(&str, usize); 2] =
    [("magisterium-a2a", SIZE_BUDGET), ("magisterium-a2a/agents", AGENTS_SIZE_BUDGET)];

/// Budget of the runtime package `magisterium-a2a` unpacked, in bytes as npm
/// counts them (`npm pack`'s "unpacked size", MB of 1000 000 B): issue 36's
/// ceiling of 1 MB, what every app's install carries (2.0 MB before the
/// simulator left for `magisterium-a2a-simulator` and the Node build came to
/// load the web build's `.wasm`; `cargo xtask test package` prints the figure).
pub const UNPACKED_BUDGET: usize = 1_000_000;

/// The gzip size of some files, in bytes (each compressed on its own).
pub fn gzip_size(files: &[&Path]) -> Result<usize> {
    let mut total = 0;
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder.write_all(&bytes).map_err(|e| e.to_string())?;
        total += encoder.finish().map_err(|e| e.to_string())?.len();
    }
    Ok(total)
}

/// Bytes as KB with one decimal.
pub fn kb(bytes: usize) -> String {
    format!("{:.1} KB", bytes as f64 / 1024.0)
}
