//! `magisterium-a2a`: a typed, Promise-returning browser client for the
//! Magisterium AI A2A endpoint (JSON-RPC 2.0 over `fetch`).
//!
//! Two layers:
//! - [`core`]: pure Rust (wire format, decoding, errors, validation, retry
//!   policy), tested natively, never panicking on any input;
//! - [`web`] (wasm32 only): the thin `#[wasm_bindgen]` boundary that converts
//!   between JS values and the core, and talks to `fetch`.
#![deny(missing_docs)]

pub mod core;

#[cfg(target_arch = "wasm32")]
pub mod web;
