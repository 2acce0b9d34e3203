//! `npm/js/transport.js` as the build sees it: the module it loads lazily,
//! and how bundles that need only its body bound leave that module out.

/// The JS module that `js/transport.js` loads the first time an `A2AClient`
/// speaks A2A 1.0 or opens a stream (`import("./agent-protocol.js")`).
/// wasm-bindgen copies only the modules the Rust code imports, so each build
/// gets it here; the bundled builds keep it a file of its own, fetched only then.
pub const LAZY_MODULE: &str = "agent-protocol.js";

/// For bundles that import `npm/js/transport.js` only for its body bound
/// (`boundedText`: the proxy, the sign-in): [`LAZY_MODULE`], which that file
/// imports lazily and which imports `protocol-wasm.js`, a file that exists
/// only inside a build, is left out, unresolved; esbuild drops the code that
/// would load it with everything else of `transport.js` those bundles never call.
pub const WITHOUT_LAZY_MODULE: &str = "--external:./agent-protocol.js";
