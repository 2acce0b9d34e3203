//! What the JS realm's globals tell of where the package runs, read by
//! `hasGlobal` in `js/transport.js` and judged by the core's runtime rule
//! ([`Globals`]): a browser's page (`*.localhost` resolved by `fetch`
//! itself, CORS), one of its workers (CORS), or elsewhere.

use magisterium_a2a::sans_io::exchange::Globals;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// Whether the global `name` is defined (see `hasGlobal` in `js/transport.js`).
    #[wasm_bindgen(js_name = hasGlobal)]
    fn has_global(name: &str) -> bool;
}

/// The realm's globals, for the core's rule.
pub fn globals() -> Globals<impl Fn(&str) -> bool> {
    Globals(|name: &str| has_global(name))
}
