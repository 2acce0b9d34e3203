//! The pure-Rust core: wire types, skill decoding, the error model, input
//! validation and the retry policy. No `wasm_bindgen` here; everything is
//! tested natively and written never to panic on any input.

pub mod call;
pub mod card;
pub mod error;
pub mod json;
pub mod jsonw;
pub mod pacing;
pub mod parts;
pub mod poll;
pub mod retry;
pub mod skills;
pub mod task;
pub mod text;
pub mod validate;
pub mod wire;
