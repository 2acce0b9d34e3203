//! The `#[wasm_bindgen]` boundary: converts between JS values and the core,
//! and talks to `fetch`. Nothing here decides protocol behaviour.

mod client;
mod convert;
mod error;
mod json;
mod options;
mod transport;
