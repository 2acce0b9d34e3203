//! JSON-RPC 2.0 framing: the envelope checks, the error table of the contract and response bodies.

use http::StatusCode;
use serde_json::{Map, Value, json};

/// Invalid JSON body.
pub(crate) const PARSE_ERROR: i64 = -32700;
/// Missing `jsonrpc`, `method` or `id`.
pub(crate) const INVALID_REQUEST: i64 = -32600;
/// Unknown JSON-RPC method.
pub(crate) const METHOD_NOT_FOUND: i64 = -32601;
/// Missing or invalid params, and invalid `tasks/cancel` transitions.
pub(crate) const INVALID_PARAMS: i64 = -32602;
/// Unexpected server failure (only produced by the `error` fault).
pub(crate) const INTERNAL_ERROR: i64 = -32603;
/// Task id unknown or expired.
pub(crate) const TASK_NOT_FOUND: i64 = -32001;
/// Unknown `skillId`.
pub(crate) const SKILL_NOT_FOUND: i64 = -32002;
/// Too many requests; `data.retryAfter` in seconds.
pub(crate) const RATE_LIMITED: i64 = -32003;
/// Missing or invalid Bearer token.
pub(crate) const UNAUTHORIZED: i64 = -32004;
/// A2A needs a paid plan.
pub(crate) const PLAN_REQUIRED: i64 = -32005;

/// The contract's name for a code, used as the error message.
fn standard_message(code: i64) -> &'static str {
    match code {
        PARSE_ERROR => "Parse error",
        INVALID_REQUEST => "Invalid request",
        METHOD_NOT_FOUND => "Method not found",
        INVALID_PARAMS => "Invalid params",
        INTERNAL_ERROR => "Internal error",
        TASK_NOT_FOUND => "Task not found",
        SKILL_NOT_FOUND => "Skill not found",
        RATE_LIMITED => "Rate limit exceeded",
        UNAUTHORIZED => "Unauthorized",
        PLAN_REQUIRED => "Paid plan required",
        _ => "Error",
    }
}

/// The HTTP status the contract names for a code: 401, 403, 429, else 200.
fn standard_status(code: i64) -> StatusCode {
    match code {
        UNAUTHORIZED => StatusCode::UNAUTHORIZED,
        PLAN_REQUIRED => StatusCode::FORBIDDEN,
        RATE_LIMITED => StatusCode::TOO_MANY_REQUESTS,
        _ => StatusCode::OK,
    }
}

/// A JSON-RPC error together with the HTTP status it travels with.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RpcError {
    pub(crate) code: i64,
    pub(crate) message: String,
    pub(crate) data: Option<Value>,
    pub(crate) http_status: StatusCode,
}

impl RpcError {
    /// An error with the contract's message and HTTP status for `code`.
    pub(crate) fn new(code: i64, data: Option<Value>) -> RpcError {
        RpcError { code, message: standard_message(code).to_string(), data, http_status: standard_status(code) }
    }

    /// An error whose `data` is `{"detail": detail}`.
    pub(crate) fn detailed(code: i64, detail: impl Into<String>) -> RpcError {
        RpcError::new(code, Some(json!({ "detail": detail.into() })))
    }

    /// -32602 with a detail naming the offending param.
    pub(crate) fn invalid_params(detail: impl Into<String>) -> RpcError {
        RpcError::detailed(INVALID_PARAMS, detail)
    }

    /// -32003 with `data.retryAfter`.
    pub(crate) fn rate_limited(retry_after: u64) -> RpcError {
        RpcError::new(RATE_LIMITED, Some(json!({ "retryAfter": retry_after })))
    }

    /// -32600 for a body over the size limit, sent with HTTP 413.
    pub(crate) fn body_too_large(limit: usize) -> RpcError {
        RpcError {
            code: INVALID_REQUEST,
            message: format!("Invalid request: body too large (limit {limit} bytes)"),
            data: Some(json!({ "maxBodyBytes": limit })),
            http_status: StatusCode::PAYLOAD_TOO_LARGE,
        }
    }

    fn to_json(&self) -> Value {
        let mut error = Map::new();
        error.insert("code".into(), self.code.into());
        error.insert("message".into(), self.message.clone().into());
        if let Some(data) = &self.data {
            error.insert("data".into(), data.clone());
        }
        Value::Object(error)
    }
}

/// A well-formed request envelope.
#[derive(Debug)]
pub(crate) struct Envelope {
    pub(crate) id: Value,
    pub(crate) method: String,
    pub(crate) params: Option<Value>,
}

/// The `id` of a request body if it is a string or a number, else `null`.
pub(crate) fn request_id(body: &[u8]) -> Value {
    serde_json::from_slice::<Value>(body)
        .ok()
        .and_then(|v| v.get("id").filter(|id| is_valid_id(id)).cloned())
        .unwrap_or(Value::Null)
}

fn is_valid_id(id: &Value) -> bool {
    id.is_string() || id.is_number()
}

/// Checks the body is JSON (-32700) and a JSON-RPC 2.0 request with `jsonrpc`, `method` and `id` (-32600).
pub(crate) fn parse_envelope(body: &[u8]) -> Result<Envelope, RpcResponse> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| RpcResponse::error(Value::Null, RpcError::detailed(PARSE_ERROR, e.to_string())))?;
    let Value::Object(mut object) = value else {
        let err = RpcError::detailed(INVALID_REQUEST, "the body must be a JSON object (batches are not supported)");
        return Err(RpcResponse::error(Value::Null, err));
    };
    let id = object.remove("id").filter(is_valid_id);
    let invalid = |detail: &str| {
        let id = id.clone().unwrap_or(Value::Null);
        Err(RpcResponse::error(id, RpcError::detailed(INVALID_REQUEST, detail)))
    };
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid("`jsonrpc` must be \"2.0\"");
    }
    let Some(Value::String(method)) = object.remove("method") else {
        return invalid("`method` must be a string");
    };
    let Some(id) = id else {
        return invalid("`id` must be a string or a number");
    };
    Ok(Envelope { id, method, params: object.remove("params") })
}

/// A JSON-RPC response: the id it answers and a result or an error.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct RpcResponse {
    pub(crate) id: Value,
    pub(crate) outcome: Result<Value, RpcError>,
}

impl RpcResponse {
    /// A success response.
    pub(crate) fn success(id: Value, result: Value) -> RpcResponse {
        RpcResponse { id, outcome: Ok(result) }
    }

    /// An error response.
    pub(crate) fn error(id: Value, error: RpcError) -> RpcResponse {
        RpcResponse { id, outcome: Err(error) }
    }

    /// The HTTP status this response is sent with.
    pub(crate) fn http_status(&self) -> StatusCode {
        match &self.outcome {
            Ok(_) => StatusCode::OK,
            Err(e) => e.http_status,
        }
    }

    /// The response body as JSON.
    pub(crate) fn to_json(&self) -> Value {
        let (key, value) = match &self.outcome {
            Ok(result) => ("result", result.clone()),
            Err(error) => ("error", error.to_json()),
        };
        json!({ "jsonrpc": "2.0", "id": self.id, key: value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err_of(body: &str) -> (Value, i64) {
        let response = parse_envelope(body.as_bytes()).unwrap_err();
        (response.id, response.outcome.unwrap_err().code)
    }

    #[test]
    fn envelope_checks() {
        assert_eq!(err_of("{"), (Value::Null, PARSE_ERROR));
        assert_eq!(err_of("[]"), (Value::Null, INVALID_REQUEST));
        assert_eq!(err_of(r#"{"id":1,"method":"x"}"#), (json!(1), INVALID_REQUEST));
        assert_eq!(err_of(r#"{"jsonrpc":"1.0","id":"a","method":"x"}"#), (json!("a"), INVALID_REQUEST));
        assert_eq!(err_of(r#"{"jsonrpc":"2.0","id":1,"method":7}"#), (json!(1), INVALID_REQUEST));
        assert_eq!(err_of(r#"{"jsonrpc":"2.0","method":"x"}"#), (Value::Null, INVALID_REQUEST));
        assert_eq!(err_of(r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#), (Value::Null, INVALID_REQUEST));
        let ok = parse_envelope(br#"{"jsonrpc":"2.0","id":"q","method":"m","params":{}}"#).unwrap();
        assert_eq!((ok.id, ok.method.as_str(), ok.params), (json!("q"), "m", Some(json!({}))));
    }

    #[test]
    fn error_bodies_and_statuses() {
        let r = RpcResponse::error(json!(3), RpcError::rate_limited(7));
        assert_eq!(r.http_status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(
            r.to_json(),
            json!({"jsonrpc":"2.0","id":3,"error":{"code":-32003,"message":"Rate limit exceeded","data":{"retryAfter":7}}})
        );
        assert_eq!(RpcError::new(UNAUTHORIZED, None).http_status, StatusCode::UNAUTHORIZED);
        assert_eq!(RpcError::new(PLAN_REQUIRED, None).http_status, StatusCode::FORBIDDEN);
        assert_eq!(RpcError::new(TASK_NOT_FOUND, None).http_status, StatusCode::OK);
        assert_eq!(request_id(br#"{"id":"x"}"#), json!("x"));
        assert_eq!(request_id(b"nope"), Value::Null);
    }
}
