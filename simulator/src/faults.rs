//! Fault rules: what can be injected into A2A responses, their JSON shape, validation and the armed queue.

use http::StatusCode;
use http::header::{HeaderName, HeaderValue};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Largest `bytes` accepted (`oversized`, `short_content_length`): 256 MiB.
const MAX_OVERSIZED_BYTES: usize = 256 * 1024 * 1024;
/// Longest `slow.delayMs` and `never_ending.everyMs` accepted (10 minutes).
const MAX_DELAY_MS: u64 = 600_000;
/// Largest `never_ending.chunkBytes` accepted (1 MiB).
const MAX_CHUNK_BYTES: usize = 1024 * 1024;

/// One fault. JSON shape: `{"fault": "<snake_case name>", ...camelCase params}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "fault", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Fault {
    /// HTTP 502 with an HTML error page.
    #[serde(rename = "html_502")]
    Html502,
    /// The normal body cut to half its length (Content-Length matches what is sent).
    Truncated,
    /// Waits `delayMs` (default 5000), then answers normally.
    Slow {
        /// Delay before answering, in milliseconds.
        #[serde(default = "default_delay_ms")]
        delay_ms: u64,
    },
    /// Closes the connection without sending a response.
    Drop,
    /// The normal response with a different JSON-RPC `id`.
    WrongId,
    /// `message/send` answers and stores the task in state `working`, without artifacts.
    Working,
    /// A valid success response padded to `bytes` (default 8 MiB), gzip-compressed with `gzip`.
    Oversized {
        /// Total body size in bytes (decoded, with `gzip`).
        #[serde(default = "default_oversized_bytes")]
        bytes: usize,
        /// Sent with `Content-Encoding: gzip`, compressed as it is read (chunked, no `Content-Length`).
        #[serde(default)]
        gzip: bool,
    },
    /// The `oversized` body sent after a `Content-Length` smaller than it (written raw: hyper keeps
    /// a body to its declared length), then the connection is closed.
    ShortContentLength {
        /// The body actually sent, in bytes.
        #[serde(default = "default_oversized_bytes")]
        bytes: usize,
        /// The `Content-Length` declared (less than `bytes`).
        #[serde(default = "default_declared_length")]
        content_length: usize,
    },
    /// Status 200 and a JSON body that opens an object and then sends whitespace forever:
    /// `chunkBytes` spaces every `everyMs` (0: as fast as the client reads).
    NeverEnding {
        /// Spaces per chunk (default 1).
        #[serde(default = "default_chunk_bytes")]
        chunk_bytes: usize,
        /// Pause between chunks in milliseconds (default 50).
        #[serde(default = "default_every_ms")]
        every_ms: u64,
    },
    /// The normal response without any `Access-Control-*` header.
    NoCors,
    /// Any status with a verbatim body; `{{id}}` in the body becomes the request id as JSON.
    Status {
        /// The HTTP status (200..=599).
        status: u16,
        /// The body (default empty).
        #[serde(default)]
        body: String,
        /// The `Content-Type` (default `application/json`).
        #[serde(default = "default_content_type")]
        content_type: String,
        /// Extra response headers as `[name, value]` pairs (e.g. `Retry-After`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        headers: Vec<(String, String)>,
        /// Sent with `Content-Encoding: gzip` (chunked, no `Content-Length`).
        #[serde(default)]
        gzip: bool,
    },
    /// A 200 JSON-RPC success envelope carrying this `result` verbatim (`null` when absent).
    Result {
        /// The result to send.
        #[serde(default)]
        result: Value,
    },
    /// A JSON-RPC error envelope with these fields.
    Error {
        /// The error code.
        code: i64,
        /// The error message.
        message: String,
        /// Optional `error.data`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        data: Option<Value>,
        /// HTTP status (default 200).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        http_status: Option<u16>,
    },
}

fn default_delay_ms() -> u64 {
    5_000
}

fn default_oversized_bytes() -> usize {
    8 * 1024 * 1024
}

fn default_declared_length() -> usize {
    1024
}

fn default_chunk_bytes() -> usize {
    1
}

fn default_every_ms() -> u64 {
    50
}

fn default_content_type() -> String {
    "application/json".to_string()
}

fn default_times() -> u32 {
    1
}

/// Which requests a fault applies to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Route {
    /// `POST /api/v1/a2a`, scoped by the Bearer token.
    #[default]
    A2a,
    /// `GET` of the agent card (`/.well-known/agent.json` or `agent-card.json`, at the root or
    /// under one path segment), scoped by that segment: `GET /{token}/.well-known/agent.json`.
    Card,
}

/// A fault armed for the next matching requests.
///
/// JSON shape: `{"fault": NAME, "route"?: "a2a"|"card", "token"?: "…", "times"?: N, ...params}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FaultRule {
    /// The fault and its parameters.
    #[serde(flatten)]
    pub fault: Fault,
    /// The requests it applies to (default: the A2A endpoint).
    #[serde(default)]
    pub route: Route,
    /// Only requests whose Bearer token (card: path segment) equals this; `None` matches any request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// How many requests it applies to (default 1); 0 means until reset.
    #[serde(default = "default_times")]
    pub times: u32,
}

impl FaultRule {
    /// Parses and validates one rule from JSON text.
    pub fn from_json(json: &[u8]) -> Result<FaultRule, String> {
        let value = serde_json::from_slice(json).map_err(|e| format!("invalid JSON: {e}"))?;
        FaultRule::from_value(value)
    }

    /// Parses and validates one rule from a JSON value.
    pub fn from_value(value: Value) -> Result<FaultRule, String> {
        let rule: FaultRule = serde_json::from_value(value).map_err(|e| format!("invalid fault rule: {e}"))?;
        rule.validate()?;
        Ok(rule)
    }

    /// Parses and validates a JSON array of rules (the `--faults` file).
    pub fn list_from_json(json: &[u8]) -> Result<Vec<FaultRule>, String> {
        let values: Vec<Value> =
            serde_json::from_slice(json).map_err(|e| format!("expected a JSON array of fault rules: {e}"))?;
        values
            .into_iter()
            .enumerate()
            .map(|(i, v)| FaultRule::from_value(v).map_err(|e| format!("fault rule #{i}: {e}")))
            .collect()
    }

    /// Checks parameters that would not make a sendable response.
    pub fn validate(&self) -> Result<(), String> {
        if self.token.as_deref().is_some_and(str::is_empty) {
            return Err("`token` must not be empty".into());
        }
        let rpc_only =
            matches!(self.fault, Fault::WrongId | Fault::Working | Fault::Result { .. } | Fault::Error { .. });
        if self.route == Route::Card && rpc_only {
            return Err("this fault applies to the A2A endpoint only".into());
        }
        match &self.fault {
            Fault::Slow { delay_ms } if *delay_ms > MAX_DELAY_MS => {
                Err(format!("`delayMs` must be at most {MAX_DELAY_MS}"))
            }
            Fault::Oversized { bytes, .. } | Fault::ShortContentLength { bytes, .. }
                if *bytes > MAX_OVERSIZED_BYTES =>
            {
                Err(format!("`bytes` must be at most {MAX_OVERSIZED_BYTES}"))
            }
            Fault::ShortContentLength { bytes, content_length } if content_length >= bytes => {
                Err("`contentLength` must be less than `bytes`".into())
            }
            Fault::NeverEnding { chunk_bytes, every_ms } => {
                if !(1..=MAX_CHUNK_BYTES).contains(chunk_bytes) {
                    return Err(format!("`chunkBytes` must be between 1 and {MAX_CHUNK_BYTES}"));
                }
                if *every_ms > MAX_DELAY_MS {
                    return Err(format!("`everyMs` must be at most {MAX_DELAY_MS}"));
                }
                Ok(())
            }
            Fault::Status { status, content_type, headers, .. } => {
                http_status(*status)?;
                HeaderValue::from_str(content_type)
                    .map_err(|_| "`contentType` is not a valid header value".to_string())?;
                for (name, value) in headers {
                    HeaderName::from_bytes(name.as_bytes())
                        .map_err(|_| format!("`{name}` is not a valid header name"))?;
                    HeaderValue::from_str(value)
                        .map_err(|_| format!("the `{name}` value is not a valid header value"))?;
                }
                Ok(())
            }
            Fault::Error { http_status: Some(status), .. } => http_status(*status).map(|_| ()),
            _ => Ok(()),
        }
    }
}

/// A status code between 200 and 599.
pub(crate) fn http_status(code: u16) -> Result<StatusCode, String> {
    StatusCode::from_u16(code)
        .ok()
        .filter(|_| (200..=599).contains(&code))
        .ok_or_else(|| format!("HTTP status {code} must be between 200 and 599"))
}

#[derive(Debug)]
struct Armed {
    fault: Fault,
    route: Route,
    token: Option<String>,
    /// `None`: until reset.
    remaining: Option<u32>,
}

/// Armed faults in arming order. Each request consumes at most one: the first that matches its token.
#[derive(Debug, Default)]
pub(crate) struct FaultStore {
    armed: Vec<Armed>,
}

impl FaultStore {
    /// Arms a (validated) rule.
    pub(crate) fn arm(&mut self, rule: FaultRule) {
        self.armed.push(Armed {
            fault: rule.fault,
            route: rule.route,
            token: rule.token,
            remaining: (rule.times > 0).then_some(rule.times),
        });
    }

    /// Takes one use of the first fault matching a request on `route` with this token
    /// (A2A: the Bearer token; card: the path segment).
    pub(crate) fn take(&mut self, route: Route, token: Option<&str>) -> Option<Fault> {
        let matches = |a: &Armed| a.route == route && (a.token.is_none() || a.token.as_deref() == token);
        let index = self.armed.iter().position(matches)?;
        let armed = &mut self.armed[index];
        let fault = armed.fault.clone();
        match &mut armed.remaining {
            Some(1) => {
                self.armed.remove(index);
            }
            Some(n) => *n -= 1,
            None => {}
        }
        Some(fault)
    }

    /// Disarms everything.
    pub(crate) fn clear(&mut self) {
        self.armed.clear();
    }

    /// Disarms the rules scoped to `token`; returns how many were removed.
    pub(crate) fn clear_token(&mut self, token: &str) -> usize {
        let before = self.armed.len();
        self.armed.retain(|a| a.token.as_deref() != Some(token));
        before - self.armed.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rule(v: Value) -> Result<FaultRule, String> {
        FaultRule::from_json(v.to_string().as_bytes())
    }

    #[test]
    fn parses_rules_with_defaults() {
        let r = rule(json!({"fault": "slow"})).unwrap();
        assert_eq!((r.fault, r.token, r.times), (Fault::Slow { delay_ms: 5000 }, None, 1));
        let r = rule(json!({"fault": "html_502", "token": "t", "times": 0})).unwrap();
        assert_eq!((r.fault, r.token.as_deref(), r.times), (Fault::Html502, Some("t"), 0));
        let r = rule(json!({"fault": "error", "code": -32603, "message": "boom", "httpStatus": 500})).unwrap();
        assert_eq!(r.fault, Fault::Error { code: -32603, message: "boom".into(), data: None, http_status: Some(500) });
        let r = rule(json!({"fault": "oversized"})).unwrap();
        assert_eq!((r.fault, r.route), (Fault::Oversized { bytes: 8 * 1024 * 1024, gzip: false }, Route::A2a));
        let r = rule(json!({"fault": "never_ending", "route": "card"})).unwrap();
        assert_eq!((r.fault, r.route), (Fault::NeverEnding { chunk_bytes: 1, every_ms: 50 }, Route::Card));
        let r = rule(json!({"fault": "short_content_length"})).unwrap();
        assert_eq!(r.fault, Fault::ShortContentLength { bytes: 8 * 1024 * 1024, content_length: 1024 });
    }

    #[test]
    fn refuses_bad_rules() {
        for bad in [
            json!({}),
            json!({"fault": "explode"}),
            json!({"fault": "status"}),
            json!({"fault": "status", "status": 99}),
            json!({"fault": "status", "status": 600}),
            json!({"fault": "status", "status": 500, "contentType": "a\nb"}),
            json!({"fault": "slow", "delayMs": -1}),
            json!({"fault": "slow", "delayMs": 600_001}),
            json!({"fault": "oversized", "bytes": 1_000_000_000}),
            json!({"fault": "short_content_length", "bytes": 100, "contentLength": 100}),
            json!({"fault": "never_ending", "chunkBytes": 0}),
            json!({"fault": "never_ending", "chunkBytes": 2_000_000}),
            json!({"fault": "never_ending", "everyMs": 600_001}),
            json!({"fault": "wrong_id", "route": "card"}),
            json!({"fault": "error", "code": 1, "message": "m", "route": "card"}),
            json!({"fault": "drop", "route": "everywhere"}),
            json!({"fault": "error", "code": 1}),
            json!({"fault": "drop", "times": -1}),
            json!({"fault": "drop", "token": ""}),
            json!(["not", "an", "object"]),
        ] {
            assert!(rule(bad.clone()).is_err(), "{bad}");
        }
        assert!(FaultRule::list_from_json(b"{}").is_err());
        assert!(FaultRule::list_from_json(br#"[{"fault":"drop"},{"fault":"nope"}]"#).unwrap_err().contains("#1"));
    }

    #[test]
    fn card_faults_match_card_requests_only() {
        let mut store = FaultStore::default();
        store.arm(rule(json!({"fault": "html_502", "route": "card", "token": "t"})).unwrap());
        store.arm(rule(json!({"fault": "drop"})).unwrap());
        assert_eq!(store.take(Route::Card, None), None);
        assert_eq!(store.take(Route::A2a, Some("t")), Some(Fault::Drop));
        assert_eq!(store.take(Route::Card, Some("t")), Some(Fault::Html502));
        assert_eq!(store.take(Route::Card, Some("t")), None);
    }

    #[test]
    fn store_consumes_in_order_by_token() {
        let mut store = FaultStore::default();
        store.arm(rule(json!({"fault": "drop", "token": "a", "times": 2})).unwrap());
        store.arm(rule(json!({"fault": "no_cors"})).unwrap());
        store.arm(rule(json!({"fault": "wrong_id", "times": 0})).unwrap());
        assert_eq!(store.take(Route::A2a, Some("b")), Some(Fault::NoCors));
        assert_eq!(store.take(Route::A2a, Some("a")), Some(Fault::Drop));
        assert_eq!(store.take(Route::A2a, Some("a")), Some(Fault::Drop));
        for _ in 0..3 {
            assert_eq!(store.take(Route::A2a, None), Some(Fault::WrongId));
        }
        store.clear();
        assert_eq!(store.take(Route::A2a, Some("a")), None);
    }
}
