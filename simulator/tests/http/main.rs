//! The simulator's HTTP integration tests, one module per surface, in one test binary (one link
//! of tokio, hyper and the simulator instead of one per file). Each test starts its own simulator:
//! the native one in-process, or the npm package's Node one when `MAGISTERIUM_SIM_NODE` names its
//! command line (`common::Server`).

mod common;

mod agent;
mod binary;
mod control;
mod faults;
mod http_surface;
mod oauth;
mod rate_limits;
mod rpc_errors;
mod skills;
mod tasks;
