//! `POST /api/v1/a2a`: body limit → JSON-RPC envelope → auth → method → params → rate limit → skill,
//! with any armed fault applied.

use http::{Request, StatusCode};

use crate::auth::{Plan, bearer_token};
use crate::faults::{Fault, Route};
use crate::http::{BodyError, HttpResponse, RequestBody, plain_error};
use crate::inject;
use crate::methods::{self, Caller};
use crate::oauth::Access;
use crate::rpc::{PLAN_REQUIRED, RpcError, RpcResponse, UNAUTHORIZED, parse_envelope};
use crate::state::{State, lock};

/// Answers one A2A request.
pub(crate) fn handle(state: &State, request: Request<RequestBody>) -> HttpResponse {
    let (head, body) = request.into_parts();
    let body = match body.bytes() {
        Ok(body) => body,
        Err(BodyError::TooLarge) => {
            let error = RpcError::body_too_large(state.max_body_bytes);
            return inject::render(&RpcResponse::error(serde_json::Value::Null, error));
        }
        Err(BodyError::Broken) => {
            return plain_error(StatusCode::BAD_REQUEST, "the request body could not be read");
        }
    };
    let token = bearer_token(&head.headers);
    let fault = lock(&state.faults).take(Route::A2a, token);
    if let Some(replaced) = fault.as_ref().and_then(|f| inject::replacement(f, &body)) {
        return replaced;
    }
    let working = fault == Some(Fault::Working);
    inject::delay(fault.as_ref(), inject::finish(fault.as_ref(), process(state, token, &body, working)))
}

/// The JSON-RPC processing proper, in the contract's order of checks.
fn process(state: &State, token: Option<&str>, body: &[u8], working: bool) -> RpcResponse {
    let envelope = match parse_envelope(body) {
        Ok(envelope) => envelope,
        Err(response) => return response,
    };
    let outcome = authenticate(state, token)
        .and_then(|caller| methods::call(state, &envelope.method, envelope.params, caller, working));
    RpcResponse { id: envelope.id, outcome }
}

/// The caller of `token`: a configured or registered token, or an access
/// token the authorization server issued (on a paid plan) until it expires.
fn authenticate<'a>(state: &State, token: Option<&'a str>) -> Result<Caller<'a>, RpcError> {
    let token = token.ok_or_else(|| RpcError::detailed(UNAUTHORIZED, "missing Bearer token"))?;
    let known = lock(&state.tokens).get(token);
    let info = match known {
        Some(info) => info,
        None => match lock(&state.oauth).access(token, state.clock.now()) {
            Access::Valid => state.default_token,
            Access::Expired => return Err(RpcError::detailed(UNAUTHORIZED, "the access token has expired")),
            Access::Unknown => return Err(RpcError::detailed(UNAUTHORIZED, "invalid token")),
        },
    };
    match info.plan {
        Plan::Paid => Ok(Caller { token, info }),
        Plan::Free => Err(RpcError::detailed(PLAN_REQUIRED, "A2A needs a Pro, Organization or Enterprise plan")),
    }
}
