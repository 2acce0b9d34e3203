//! The browser suite: the client's JS-facing API in headless Chromium against
//! the simulator (and a third-party agent on the official A2A SDK) on other
//! 127.0.0.1 ports, so every call is a real cross-origin `fetch` with a real
//! CORS preflight.
//!
//! `cargo xtask test` starts the simulator and the agent and compiles this
//! suite with their addresses in `MAGISTERIUM_ENDPOINT` / `MAGISTERIUM_SIMULATOR`
//! and `A2A_AGENT_URL` (and `A2A_AGENT_V1_URL`), and the package's web
//! module of `magisterium-a2a/agents`, served from another port, in
//! `MAGISTERIUM_AGENTS_MODULE`. It also runs the Rust client compiled to wasm32
//! (`browser/rust_client.rs`) and compares its results and errors, as JS
//! values (feature `js`), with the classes' (`browser/rust_to_js.rs`).
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "browser/support.rs"]
mod support;

#[path = "browser/agents.rs"]
mod agents;
#[path = "browser/errors.rs"]
mod errors;
#[path = "browser/hostile.rs"]
mod hostile;
#[path = "browser/reliability.rs"]
mod reliability;
#[path = "browser/response_limits.rs"]
mod response_limits;
#[path = "browser/rust_agents.rs"]
mod rust_agents;
#[path = "browser/rust_client.rs"]
mod rust_client;
#[path = "browser/rust_http_json.rs"]
mod rust_http_json;
#[path = "browser/rust_to_js.rs"]
mod rust_to_js;
#[path = "browser/skills.rs"]
mod skills;
#[path = "browser/tasks.rs"]
mod tasks;
#[path = "browser/urls.rs"]
mod urls;
