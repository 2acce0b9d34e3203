//! The `#[wasm_bindgen]` boundary: converts between JS values and the core,
//! and talks to `fetch`. Nothing here decides protocol behaviour.

mod agent;
mod arguments;
mod client;
mod convert;
mod discovery;
mod driver;
mod error;
mod jobs;
mod js;
mod json;
mod options;
mod session;
mod task_methods;
mod transport;

pub use agent::A2AClient;
pub use client::MagisteriumClient;
pub use error::MagisteriumError;
