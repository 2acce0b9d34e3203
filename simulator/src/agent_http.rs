//! Serves the test agent ([`crate::agent`]) in the sans-IO handler: its paths under `/agent`,
//! CORS preflights that allow the `A2A-Version` header, and its event streams for the server to play.

use bytes::Bytes;
use http::header::{ALLOW, CACHE_CONTROL, CONTENT_TYPE, HeaderValue};
use http::{Method, Request, Response, StatusCode};
use std::time::UNIX_EPOCH;

use crate::agent::{self, AgentBody, AgentRequest, AgentResponse, PREFIX};
use crate::card::base_url;
use crate::cors;
use crate::http::{BodyError, HttpResponse, RequestBody, ResponseBody, plain_error};
use crate::state::State;

/// The path after `/agent` when `path` is the agent's (`/agent` or under `/agent/`).
pub(crate) fn agent_path(path: &str) -> Option<&str> {
    path.strip_prefix(PREFIX).filter(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Answers a request to the agent's `path` (after `/agent`).
pub(crate) fn handle(state: &State, request: Request<RequestBody>, path: &str) -> HttpResponse {
    if request.method() == Method::OPTIONS {
        return cors::preflight_allowing(
            "GET, POST, OPTIONS",
            "Content-Type, Authorization, A2A-Version, A2A-Extensions",
        );
    }
    let method = request.method().as_str().to_owned();
    let base_url = base_url(request.headers(), state.local_addr);
    let now_ms =
        state.clock.now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    let answer = match request.into_body().bytes() {
        Ok(body) => {
            state.agent.handle(&AgentRequest { method: &method, path, body: &body, base_url: &base_url }, now_ms)
        }
        Err(BodyError::TooLarge) => agent::too_large(),
        Err(BodyError::Broken) => return plain_error(StatusCode::BAD_REQUEST, "the request body could not be read"),
    };
    let mut response = to_http(answer);
    if response.status() == StatusCode::METHOD_NOT_ALLOWED
        && let Some(allow) = agent::allowed_methods(path)
    {
        response.headers_mut().insert(ALLOW, HeaderValue::from_static(allow));
    }
    response
}

fn to_http(answer: AgentResponse) -> HttpResponse {
    let body = match answer.body {
        AgentBody::Json(bytes) => ResponseBody::Full(Some(bytes.into())),
        AgentBody::Events(events) => {
            ResponseBody::Events(events.into_iter().map(|(delay, event)| (delay, Bytes::from(event))).collect())
        }
    };
    let streamed = matches!(body, ResponseBody::Events(_));
    let mut response = Response::new(body);
    *response.status_mut() = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(answer.content_type));
    if streamed {
        response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}
