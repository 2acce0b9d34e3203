//! The loopback-only test controls under `/_sim/`: faults, run-time tokens, the clock and reset,
//! for this machine's own pages and tools only (see [`crate::host_guard`]).

use std::net::IpAddr;
use std::time::Duration;

use http::{Method, Request, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::auth::{Plan, TokenInfo};
use crate::dates::rfc3339;
use crate::faults::FaultRule;
use crate::http::{BodyError, HttpResponse, RequestBody, WithoutCors, json_response, plain_error};
use crate::rate::RateLimit;
use crate::state::{State, lock};
use crate::{cors, host_guard};

/// Path prefix of the control routes.
pub(crate) const PREFIX: &str = "/_sim/";
/// Largest accepted `advanceSecs`: a hundred years.
const MAX_ADVANCE_SECS: f64 = 100.0 * 365.25 * 86_400.0;

/// Body of `POST /_sim/tokens`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TokenRequest {
    token: String,
    #[serde(default)]
    plan: PlanName,
    rate_default: Option<String>,
    rate_expensive: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum PlanName {
    #[default]
    Paid,
    Free,
}

/// Body of `POST /_sim/clock`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ClockRequest {
    advance_secs: f64,
}

type ControlResult = Result<Value, String>;

/// Answers a request under `/_sim/` from `peer`.
pub(crate) fn handle(state: &State, request: Request<RequestBody>, peer: IpAddr) -> HttpResponse {
    if !state.control_enabled {
        return plain_error(StatusCode::NOT_FOUND, "not found (control routes are disabled)");
    }
    if !peer.to_canonical().is_loopback() {
        return plain_error(StatusCode::FORBIDDEN, "control routes only answer loopback clients");
    }
    if !host_guard::control_allowed(request.headers()) {
        // A web page's request (another Origin, or a Host that is not this machine's): refused, without CORS.
        let mut refused = plain_error(
            StatusCode::FORBIDDEN,
            "control routes only answer this machine's own pages and tools (a loopback Host and Origin)",
        );
        refused.extensions_mut().insert(WithoutCors);
        return refused;
    }
    if request.method() == Method::OPTIONS {
        return cors::preflight();
    }
    let (head, body) = request.into_parts();
    let route = head.uri.path().strip_prefix(PREFIX).unwrap_or_default().to_string();
    let allowed: &[Method] = match route.as_str() {
        "faults" => &[Method::POST, Method::DELETE],
        "faults/clear" | "tokens" | "clock" | "reset" => &[Method::POST],
        _ => return plain_error(StatusCode::NOT_FOUND, "not found"),
    };
    if !allowed.contains(&head.method) {
        return plain_error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
    }
    let body = match body.bytes() {
        Ok(body) => body,
        Err(BodyError::TooLarge) => {
            return plain_error(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
        }
        Err(BodyError::Broken) => {
            return plain_error(StatusCode::BAD_REQUEST, "the request body could not be read");
        }
    };
    let outcome = match (route.as_str(), head.method == Method::DELETE) {
        ("faults", true) => {
            lock(&state.faults).clear();
            Ok(json!({ "ok": true }))
        }
        ("faults", false) => arm_fault(state, &body),
        ("faults/clear", _) => clear_faults(state, &body),
        ("tokens", _) => register_token(state, &body),
        ("clock", _) => advance_clock(state, &body),
        _ => {
            state.reset();
            Ok(json!({ "ok": true }))
        }
    };
    match outcome {
        Ok(value) => json_response(StatusCode::OK, &value),
        Err(message) => plain_error(StatusCode::BAD_REQUEST, &message),
    }
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, String> {
    serde_json::from_slice(body).map_err(|e| format!("invalid body: {e}"))
}

fn arm_fault(state: &State, body: &[u8]) -> ControlResult {
    let rule = FaultRule::from_json(body)?;
    let armed = serde_json::to_value(&rule).map_err(|e| e.to_string())?;
    lock(&state.faults).arm(rule);
    Ok(json!({ "ok": true, "armed": armed }))
}

/// Body of `POST /_sim/faults/clear`: the token whose faults to disarm
/// (a POST, unlike `DELETE /_sim/faults`, so a browser page may call it after a simple CORS preflight).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClearRequest {
    token: String,
}

fn clear_faults(state: &State, body: &[u8]) -> ControlResult {
    let request: ClearRequest = parse(body)?;
    let removed = lock(&state.faults).clear_token(&request.token);
    Ok(json!({ "ok": true, "removed": removed }))
}

fn rate(given: Option<String>, default: RateLimit) -> Result<RateLimit, String> {
    given.map_or(Ok(default), |s| s.parse())
}

fn register_token(state: &State, body: &[u8]) -> ControlResult {
    let request: TokenRequest = parse(body)?;
    if request.token.is_empty() || !request.token.chars().all(|c| c.is_ascii_graphic()) {
        return Err("`token` must be a non-empty string of visible ASCII characters".into());
    }
    let defaults = state.default_token;
    let info = TokenInfo {
        plan: match request.plan {
            PlanName::Paid => Plan::Paid,
            PlanName::Free => Plan::Free,
        },
        rate_default: rate(request.rate_default, defaults.rate_default)?,
        rate_expensive: rate(request.rate_expensive, defaults.rate_expensive)?,
    };
    let summary = json!({
        "ok": true,
        "token": request.token,
        "plan": if info.plan == Plan::Paid { "paid" } else { "free" },
        "rateDefault": info.rate_default.to_string(),
        "rateExpensive": info.rate_expensive.to_string(),
    });
    lock(&state.tokens).register(request.token, info);
    Ok(summary)
}

fn advance_clock(state: &State, body: &[u8]) -> ControlResult {
    let request: ClockRequest = parse(body)?;
    if !(0.0..=MAX_ADVANCE_SECS).contains(&request.advance_secs) {
        return Err(format!("`advanceSecs` must be between 0 and {MAX_ADVANCE_SECS}"));
    }
    state.clock.advance(Duration::from_secs_f64(request.advance_secs));
    Ok(json!({
        "ok": true,
        "now": rfc3339(state.clock.now()),
        "offsetSecs": state.clock.offset().as_secs_f64(),
    }))
}
