//! `npm/js/transport.js` as the build sees it: the module it loads lazily.
//! (`npm/build.rs` joins it from the modules of `npm/js/transport/`.)

/// The JS module that `js/transport.js` loads the first time an `A2AClient`
/// speaks A2A 1.0 or opens a stream (`import("./agent-protocol.js")`).
/// wasm-bindgen copies only the modules the Rust code imports, so each build
/// gets it here; the bundled builds keep it a file of its own, fetched only then.
pub const LAZY_MODULE: &str = "agent-protocol.js";
