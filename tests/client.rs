//! The Rust client natively against the simulator, started in-process on a
//! 127.0.0.1 port of each test's own: every method, skill, error code and
//! policy (retries, timeouts, the token provider, pacing, the size bound);
//! `A2AClient` against the simulator's streaming A2A 1.0 test agent and the
//! SDK fixture agents of the Node and browser suites (0.3 and 1.0).
//! `cargo test -p magisterium-a2a --test client --features tracing` (the spans need it).
#![cfg(all(not(target_arch = "wasm32"), feature = "reqwest"))]

#[path = "client/support.rs"]
mod support;

#[path = "client/agent.rs"]
mod agent;
#[path = "client/card_cache.rs"]
mod card_cache;
#[path = "client/errors.rs"]
mod errors;
#[path = "client/fixture_agents.rs"]
mod fixture_agents;
#[path = "client/reliability.rs"]
mod reliability;
#[path = "client/resubscribe.rs"]
mod resubscribe;
#[path = "client/shapes.rs"]
mod shapes;
#[path = "client/skills.rs"]
mod skills;
#[cfg(feature = "tracing")]
#[path = "client/spans.rs"]
mod spans;
