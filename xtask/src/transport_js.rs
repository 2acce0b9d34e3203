//! `npm/js/transport.js` as the build sees it: the module it loads lazily.
//! (`npm/build.rs` joins it from the modules of `npm/js/transport/`.)

use crate::shell::{self, Result, npm_bin, root};
use std::path::Path;

/// The JS module that `js/transport.js` loads the first time an `A2AClient`
/// speaks A2A 1.0 or opens a stream (`import("./agent-protocol.js")`).
/// wasm-bindgen copies only the modules the Rust code imports, so each build
/// gets it here ([`write_lazy_module`]); the bundled builds keep it a file of
/// its own, fetched only then.
pub const LAZY_MODULE: &str = "agent-protocol.js";

/// Writes [`LAZY_MODULE`] to `out` with the modules of `npm/js/transport/` it
/// imports (the `failed` codes of `failure.js`) bundled in, each constant
/// written where it is used, as `npm/build.rs` joins `transport.js`; the
/// loader of its `.wasm` (`protocol-wasm.js`), which each build writes beside
/// it, stays an import.
pub fn write_lazy_module(out: &Path) -> Result<()> {
    shell::run(
        npm_bin("esbuild")
            .arg(root().join("npm/js").join(LAZY_MODULE))
            .args([
                "--bundle",
                "--format=esm",
                "--minify-syntax",
                "--log-level=warning",
                "--external:./protocol-wasm.js",
            ])
            .arg(format!("--outfile={}", out.display())),
    )
}
