//! A streaming A2A 1.0 test agent at `/agent` (its card at `/agent/.well-known/agent-card.json`):
//! a generic agent, not Magisterium, so that `A2AClient`'s streams, tasks that take time and
//! cancels can be tried against the simulator alone. Sans-IO: a request and the time in, a
//! response out; a stream is its events, each with the delay before it, for the server to play.
//! See `docs/simulator.md`.

mod card;
mod errors;
mod methods;
mod params;
mod skills;
mod store;
mod task;

use std::sync::{Mutex, PoisonError};

use methods::MethodAnswer;
use serde_json::Value;
use store::Store;

use crate::rpc::{RpcError, RpcResponse, parse_envelope};

/// Where the agent is served: its JSON-RPC endpoint, and the prefix of its card's path.
pub(crate) const PREFIX: &str = "/agent";

/// The largest request body the agent reads.
pub(crate) const MAX_BODY_BYTES: usize = 64 * 1024;

/// The card's path after [`PREFIX`].
const CARD_PATH: &str = "/.well-known/agent-card.json";

/// One HTTP request to the agent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AgentRequest<'a> {
    /// `GET`, `POST`, …
    pub method: &'a str,
    /// The path after [`PREFIX`]: `""` (the endpoint), `"/.well-known/agent-card.json"`, …
    pub path: &'a str,
    /// The request body (at most [`MAX_BODY_BYTES`]; a longer one is refused).
    pub body: &'a [u8],
    /// The simulator's base URL as the caller reached it, e.g. `http://127.0.0.1:8787`.
    pub base_url: &'a str,
}

/// The agent's answer.
#[derive(Debug)]
pub(crate) struct AgentResponse {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: AgentBody,
}

/// A response body: whole, or server-sent events to send one by one.
#[derive(Debug)]
pub(crate) enum AgentBody {
    /// The whole body.
    Json(Vec<u8>),
    /// Each event with the milliseconds to wait before sending it; each one whole
    /// (`data: …\n\n`). The stream ends after the last.
    Events(Vec<(u64, Vec<u8>)>),
}

/// The test agent: its tasks (the newest [`store::TASKS_KEPT`]) behind a lock.
#[derive(Debug, Default)]
pub(crate) struct Agent {
    store: Mutex<Store>,
}

impl Agent {
    /// Answers `request` at `now_ms` (milliseconds since the Unix epoch, the simulator's clock).
    pub(crate) fn handle(&self, request: &AgentRequest<'_>, now_ms: u64) -> AgentResponse {
        match (request.method, request.path) {
            ("GET", CARD_PATH) => json(200, &card::agent_card(request.base_url, PREFIX)),
            ("POST", "") if request.body.len() > MAX_BODY_BYTES => too_large(),
            ("POST", "") => self.call(request.body, now_ms),
            (_, path) if allowed_methods(path).is_some() => {
                json(405, &serde_json::json!({ "error": "method not allowed" }))
            }
            _ => json(404, &serde_json::json!({ "error": "not found" })),
        }
    }

    fn call(&self, body: &[u8], now_ms: u64) -> AgentResponse {
        let envelope = match parse_envelope(body) {
            Ok(envelope) => envelope,
            Err(response) => return rpc(&response),
        };
        // A panic elsewhere while holding the lock leaves the tasks usable.
        let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        let outcome = methods::call(&mut store, &envelope.method, envelope.params.as_ref(), now_ms);
        drop(store);
        match outcome {
            Ok(MethodAnswer::Result(result)) => rpc(&RpcResponse::success(envelope.id, result)),
            Ok(MethodAnswer::Stream(events)) => {
                let events = events
                    .into_iter()
                    .map(|(delay, result)| {
                        let response = RpcResponse::success(envelope.id.clone(), result);
                        (delay, format!("data: {}\n\n", response.to_json()).into_bytes())
                    })
                    .collect();
                AgentResponse { status: 200, content_type: "text/event-stream", body: AgentBody::Events(events) }
            }
            Err(error) => rpc(&RpcResponse::error(envelope.id, error)),
        }
    }
}

/// The methods a path of the agent answers (for `Allow`), `None` when it has no such path.
pub(crate) fn allowed_methods(path: &str) -> Option<&'static str> {
    match path {
        "" => Some("POST, OPTIONS"),
        CARD_PATH => Some("GET, OPTIONS"),
        _ => None,
    }
}

/// 413 with a JSON-RPC error: a request body over [`MAX_BODY_BYTES`].
pub(crate) fn too_large() -> AgentResponse {
    rpc(&RpcResponse::error(Value::Null, RpcError::body_too_large(MAX_BODY_BYTES)))
}

fn json(status: u16, body: &Value) -> AgentResponse {
    AgentResponse { status, content_type: "application/json", body: AgentBody::Json(body.to_string().into_bytes()) }
}

fn rpc(response: &RpcResponse) -> AgentResponse {
    json(response.http_status().as_u16(), &response.to_json())
}

#[cfg(test)]
mod tests;
