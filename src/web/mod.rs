//! The `#[wasm_bindgen]` boundary: converts between JS values and the core,
//! and talks to `fetch`. Nothing here decides protocol behaviour.

mod arguments;
mod client;
mod convert;
mod error;
mod js;
mod json;
mod options;
mod transport;

pub use client::MagisteriumClient;
pub use error::MagisteriumError;
