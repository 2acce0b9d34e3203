//! A spec-faithful local simulator of the Magisterium AI A2A endpoint (JSON-RPC 2.0 over HTTP),
//! in the spirit of stripe-mock: client tests, demos and benchmarks run against it.
//!
//! It implements `message/send`, `tasks/get` and `tasks/cancel` with the contract's error codes
//! and HTTP statuses, Bearer authentication with paid and free plans, per-token rate limits
//! (default and expensive pools), CORS, the agent card, five skills answering from built-in
//! **sample data**, and loopback-only test controls under `/_sim/` to inject faults, register
//! tokens, move the clock and reset. It also serves a generic streaming A2A 1.0 test agent at
//! `/agent`. See `docs/simulator.md`.
//!
//! The logic is sans-IO ([`Handler`]: a request with its body read in, a response with a
//! [`ResponseBody`] to play out; the clock injected): it also builds for wasm32, where
//! `simulator/wasm` exposes it to the npm package's Node server. [`Simulator`] is the native
//! server around it (hyper on tokio).
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use magisterium_sim::{Config, Simulator};
//! let config = Config { addr: "127.0.0.1:0".parse().unwrap(), ..Config::default() };
//! let sim = Simulator::start(config).await?;
//! println!("A2A endpoint: {}", sim.endpoint());
//! sim.shutdown().await;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

mod a2a;
mod agent;
mod agent_http;
mod auth;
mod bm25;
mod calendar;
mod card;
mod clock;
mod config;
mod control;
mod corpus;
mod cors;
mod dates;
mod faults;
mod gzip;
mod handler;
mod host_guard;
mod http;
mod ids;
mod inject;
mod methods;
mod model;
mod oauth;
mod rate;
mod rpc;
#[cfg(not(target_arch = "wasm32"))]
mod server;
mod skills;
mod state;
mod tasks;

pub use clock::Clock;
pub use config::Config;
pub use faults::{Fault, FaultRule, Route};
pub use gzip::GzipBody;
pub use handler::Handler;
pub use http::{RequestBody, ResponseBody};
pub use rate::RateLimit;
#[cfg(not(target_arch = "wasm32"))]
pub use server::Simulator;
