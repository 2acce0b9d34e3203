//! The pure-Rust core: wire types, skill decoding, the error model, input
//! validation, the retry and pacing policies, and the call loop that applies
//! them over any [`platform::Platform`]. No `wasm_bindgen` here; everything is
//! tested natively and written never to panic on any input.

pub mod agent_route;
pub mod call;
pub mod call_loop;
pub mod card;
pub mod card_cache;
pub mod discovery;
pub mod error;
pub mod event_stream;
pub mod exchange;
pub mod http_json;
pub mod json;
pub mod jsonw;
pub mod methods;
pub mod pacing;
pub mod parts;
pub mod plan;
pub mod platform;
pub mod poll;
pub mod push_config;
pub mod request_shape;
pub mod result_shape;
pub mod resume;
pub mod retry;
pub mod settings;
pub mod skills;
pub mod task;
pub mod text;
pub mod validate;
pub mod wire;

#[cfg(test)]
mod fake_platform;
