//! A2A 1.0's HTTP+JSON (REST) binding, sans I/O: the core writes every
//! request as JSON-RPC (in 1.0's shape, [`super::request_shape`]) and reads
//! every answer as a JSON-RPC response; for an agent reached over HTTP+JSON
//! the platform maps the one to an HTTP request and the answer back, with
//! these plain functions over the core's JSON view. Everything else (the
//! token, retries, time limits, size bounds, the `A2A-Version: 1.0` header,
//! the result shape) is the JSON-RPC route's, unchanged.
//!
//! - [`request`]`(request: &V, base: &str) -> Result<RestRequest<V>, CallError<V>>`:
//!   a 1.0 JSON-RPC request (`{ id, method, params }`, parsed) to the verb,
//!   the URL (the interface URL, its trailing slashes dropped, then the
//!   method's path and query) and the body to send (`None`: no body; else
//!   sent as `application/json`). The routes, as `@a2a-js/sdk` 1.3.0's
//!   `restHandler` serves them (`{id}` from `params.id`, `{taskId}` from
//!   `params.taskId`):
//!
//!   | method | request |
//!   |---|---|
//!   | `SendMessage` | `POST /message:send`, the params as the body |
//!   | `SendStreamingMessage` | `POST /message:stream`, the params as the body (an event stream answers) |
//!   | `GetTask` | `GET /tasks/{id}?historyLength=…` |
//!   | `CancelTask` | `POST /tasks/{id}:cancel` |
//!   | `SubscribeToTask` | `GET /tasks/{id}:subscribe` (an event stream answers; A2A 1.0's verb, which the SDK serves beside `POST`) |
//!   | `ListTasks` | `GET /tasks?contextId=…&status=…&pageSize=…&…` |
//!   | `GetExtendedAgentCard` | `GET /extendedAgentCard` |
//!   | `CreateTaskPushNotificationConfig` | `POST /tasks/{taskId}/pushNotificationConfigs`, the params as the body |
//!   | `GetTaskPushNotificationConfig` | `GET /tasks/{taskId}/pushNotificationConfigs/{id}` |
//!   | `DeleteTaskPushNotificationConfig` | `DELETE /tasks/{taskId}/pushNotificationConfigs/{id}` |
//!   | `ListTaskPushNotificationConfigs` | `GET /tasks/{taskId}/pushNotificationConfigs?pageSize=…` |
//!
//!   The params not in the path go in the body of a POST (none when there are
//!   none left), in the query otherwise: strings as they are, whole numbers
//!   in decimal, booleans as `true`/`false`, each element of an array as the
//!   key repeated, `null` left out; an object there is INVALID_INPUT. A
//!   `tenant` param is the path's first segment. Each id is ONE path segment,
//!   percent-encoded (every byte but `A-Z a-z 0-9 - . _ ~`, so `/`, `?`, `#`,
//!   `%`, `:` and non-ASCII cannot leave it); an empty id, `.` or `..`
//!   (which a URL parser would resolve away) is INVALID_INPUT, as is a
//!   method with no route and a base with a query or fragment
//!   ([`check_base`]).
//! - [`response`]`(reply: HttpReply<V>, id: V, dialect) -> Result<HttpReply<V>, CallError<V>>`:
//!   an HTTP+JSON answer (or one event of its stream) as the JSON-RPC
//!   response of the request whose `id` is `id`, for the core to read as it
//!   reads any: a 2xx body is the method's 1.0 result (a stream's event, a
//!   bare `StreamResponse`), wrapped as `{ jsonrpc, id, result }`; a 204 (no
//!   content: a push config's delete) is the result `null`, as the SDK's
//!   JSON-RPC binding answers that delete; a 2xx that is not JSON is left for the
//!   core to refuse as it refuses a JSON-RPC one. An error is the `Err`:
//!   [`error_of`].
//! - [`error_of`]`(body: Option<&V>, status, retry_after_header, dialect) -> Option<CallError<V>>`:
//!   the error an answer is, `None` when it is a result. A body
//!   `{ "error": { code, status, message, details } }` (google.rpc's
//!   `Status`: an error status's body, or, alone, a stream's `event: error`) is the code its first `details[].reason` names (the
//!   `ErrorInfo` reasons of [`code_of_reason`]: the same code the JSON-RPC
//!   error would give), `message` the server's (as long as it made it,
//!   within the response's size bound) and its reason, the first
//!   `details[].metadata.detail` ([`super::wire::with_reason`], as on JSON-RPC), `data` the `details` array as sent,
//!   `httpStatus` set and `rpcCode` absent. An unknown or missing reason,
//!   or any other error status, is what the status alone gives on the
//!   JSON-RPC route ([`super::wire::status_error`]: 401, 403, 429 with its
//!   `Retry-After`, else BAD_RESPONSE), so the retry policy is the same.
//!
//! A VERSION_NOT_SUPPORTED over HTTP+JSON is final: the -32009 fallback to
//! A2A 0.3 is JSON-RPC's ([`super::card::CardHead::other`]).

use super::error::{CallError, Dialect, ErrorCode};
use super::json::{JsonView, Kind};
use super::text::{cat, int, is_whole, trim_end_ascii};
use super::wire::{HttpReply, parse_retry_after, status_error, with_reason};
use alloc::string::String;
use alloc::vec;

/// The HTTP method of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// `GET`.
    Get,
    /// `POST`.
    Post,
    /// `DELETE`.
    Delete,
}

impl Verb {
    /// The method's name, `"GET"`, `"POST"` or `"DELETE"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Get => "GET",
            Verb::Post => "POST",
            Verb::Delete => "DELETE",
        }
    }
}

/// One HTTP request of the HTTP+JSON binding.
#[derive(Clone, Debug, PartialEq)]
pub struct RestRequest<V> {
    /// The verb.
    pub verb: Verb,
    /// The whole URL: the interface URL, the path, the query.
    pub url: String,
    /// The JSON body (sent as `application/json`), or none.
    pub body: Option<V>,
}

/// A route: the method, the verb, the path's pieces, and the params the
/// path takes (its `Param`s and the tenant), left out of the body or query.
struct Route {
    method: &'static str,
    verb: Verb,
    path: &'static [Piece],
    taken: &'static [&'static str],
}

/// A piece of a route's path.
enum Piece {
    /// As written.
    Text(&'static str),
    /// The value of this param, as one path segment.
    Param(&'static str),
}

use Piece::{Param, Text};

/// The routes of `@a2a-js/sdk` 1.3.0's `restHandler` (see the module doc).
const ROUTES: [Route; 11] = [
    Route { method: "SendMessage", verb: Verb::Post, path: &[Text("/message:send")], taken: &["tenant"] },
    Route { method: "SendStreamingMessage", verb: Verb::Post, path: &[Text("/message:stream")], taken: &["tenant"] },
    Route { method: "GetTask", verb: Verb::Get, path: &[Text("/tasks/"), Param("id")], taken: &["id", "tenant"] },
    Route {
        method: "CancelTask",
        verb: Verb::Post,
        path: &[Text("/tasks/"), Param("id"), Text(":cancel")],
        taken: &["id", "tenant"],
    },
    Route {
        method: "SubscribeToTask",
        verb: Verb::Get,
        path: &[Text("/tasks/"), Param("id"), Text(":subscribe")],
        taken: &["id", "tenant"],
    },
    Route { method: "ListTasks", verb: Verb::Get, path: &[Text("/tasks")], taken: &["tenant"] },
    Route { method: "GetExtendedAgentCard", verb: Verb::Get, path: &[Text("/extendedAgentCard")], taken: &["tenant"] },
    Route {
        method: "CreateTaskPushNotificationConfig",
        verb: Verb::Post,
        path: &[Text("/tasks/"), Param("taskId"), Text("/pushNotificationConfigs")],
        taken: &["taskId", "tenant"],
    },
    Route {
        method: "GetTaskPushNotificationConfig",
        verb: Verb::Get,
        path: &[Text("/tasks/"), Param("taskId"), Text("/pushNotificationConfigs/"), Param("id")],
        taken: &["taskId", "id", "tenant"],
    },
    Route {
        method: "DeleteTaskPushNotificationConfig",
        verb: Verb::Delete,
        path: &[Text("/tasks/"), Param("taskId"), Text("/pushNotificationConfigs/"), Param("id")],
        taken: &["taskId", "id", "tenant"],
    },
    Route {
        method: "ListTaskPushNotificationConfigs",
        verb: Verb::Get,
        path: &[Text("/tasks/"), Param("taskId"), Text("/pushNotificationConfigs")],
        taken: &["taskId", "tenant"],
    },
];

/// Refuses an HTTP+JSON interface URL with a query or a fragment: its
/// paths are appended to it (INVALID_INPUT, as an endpoint the parser refuses).
pub fn check_base<V>(base: &str) -> Result<(), CallError<V>> {
    if base.contains(['?', '#']) {
        return Err(CallError::invalid_input("an HTTP+JSON interface url must not have a query or a fragment"));
    }
    Ok(())
}

/// The HTTP request of the 1.0 JSON-RPC `request` to the interface at `base` (see the module doc).
pub fn request<V: JsonView>(request: &V, base: &str) -> Result<RestRequest<V>, CallError<V>> {
    check_base(base)?;
    let method = request.get_string("method").unwrap_or_default();
    let Some(route) = ROUTES.iter().find(|r| r.method == method) else {
        return Err(CallError::invalid_input(cat(&["no HTTP+JSON route for the method \"", &method, "\""])));
    };
    let params = request.get("params").filter(|p| p.is_kind(Kind::Object)).unwrap_or_else(|| V::object(vec![]));
    let mut url = String::from(trim_end_ascii(base, b'/'));
    if let Some(tenant) = params.get_string("tenant").filter(|t| !t.is_empty()) {
        url.push('/');
        push_segment(&mut url, "tenant", &tenant)?;
    }
    for piece in route.path {
        match piece {
            Text(text) => url.push_str(text),
            Param(key) => {
                let Some(value) = params.get_string(key) else {
                    return Err(CallError::invalid_input(cat(&["`", key, "` must be a string"])));
                };
                push_segment(&mut url, key, &value)?;
            }
        }
    }
    let (_, rest) = params.others(route.taken);
    if route.verb == Verb::Post {
        let body = (route.method.starts_with("Send") || !rest.members().is_empty()).then_some(rest);
        return Ok(RestRequest { verb: route.verb, url, body });
    }
    let mut separator = '?';
    for (key, value) in rest.members() {
        let key = key.as_string().unwrap_or_default();
        let values = match value.kind() {
            Kind::Array => value.elements().collect(),
            _ => vec![value],
        };
        for value in values {
            let Some(text) = query_value(&value).map_err(|why| CallError::invalid_input(cat(&["`", &key, why])))?
            else {
                continue;
            };
            url.push(separator);
            separator = '&';
            push_encoded(&mut url, &key);
            url.push('=');
            push_encoded(&mut url, &text);
        }
    }
    Ok(RestRequest { verb: route.verb, url, body: None })
}

/// A query param's text: `None` for `null`; an object (or an array in an array) is refused.
fn query_value<V: JsonView>(value: &V) -> Result<Option<String>, &'static str> {
    match value.kind() {
        Kind::Null => Ok(None),
        Kind::String => Ok(value.as_string()),
        Kind::Bool => Ok(Some(String::from(if value.is_true() { "true" } else { "false" }))),
        Kind::Number => match value.as_f64() {
            Some(n) if is_whole(n) && n.abs() <= 9_007_199_254_740_991.0 => Ok(Some(int(n as i64))),
            _ => Err("` must be a whole number to go in a URL"),
        },
        _ => Err("` must be a string, a number, a boolean or a list of them to go in a URL"),
    }
}

/// Appends `value` as one path segment; INVALID_INPUT (naming `what`) for
/// an empty one, `.` or `..`, which a URL parser would not keep as a segment.
fn push_segment<V>(url: &mut String, what: &str, value: &str) -> Result<(), CallError<V>> {
    if value.is_empty() || value == "." || value == ".." {
        return Err(CallError::invalid_input(cat(&["`", what, "` cannot be a URL path segment: \"", value, "\""])));
    }
    push_encoded(url, value);
    Ok(())
}

/// Appends `text` percent-encoded: every byte but the unreserved `A-Z a-z 0-9 - . _ ~`.
fn push_encoded(url: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            url.push(char::from(byte));
        } else {
            url.push('%');
            url.push(char::from(HEX[usize::from(byte >> 4)]));
            url.push(char::from(HEX[usize::from(byte & 0xf)]));
        }
    }
}

/// The HTTP+JSON `reply` (or one event of its stream) as the JSON-RPC
/// response to the request whose `id` is `id` (see the module doc).
pub fn response<V: JsonView>(reply: HttpReply<V>, id: V, dialect: Dialect) -> Result<HttpReply<V>, CallError<V>> {
    if let Some(error) = error_of(reply.body.as_ref(), reply.status, reply.retry_after_header.as_deref(), dialect) {
        return Err(error);
    }
    let result = match reply.body {
        Some(body) => body,
        None if reply.status == 204 => V::default(),
        None => return Ok(reply),
    };
    let envelope = V::object(vec![
        (V::from_str("jsonrpc"), V::from_str("2.0")),
        (V::from_str("id"), id),
        (V::from_str("result"), result),
    ]);
    Ok(HttpReply { body: Some(envelope), ..reply })
}

/// The error an HTTP+JSON answer of `status` is (see the module doc); `None` for a result.
pub fn error_of<V: JsonView>(
    body: Option<&V>,
    status: u16,
    retry_after_header: Option<&str>,
    dialect: Dialect,
) -> Option<CallError<V>> {
    let success = (200..300).contains(&status);
    let retry_after = retry_after_header.and_then(parse_retry_after);
    // A success's body is an error only as a stream's `event: error` sends it: `error` alone.
    let error = body.filter(|b| !success || b.members().len() == 1).and_then(|b| b.get_kind("error", Kind::Object));
    let Some(error) = error else {
        return match (success, body) {
            (true, _) => None,
            (false, None) => Some(status_error(status, retry_after, dialect, "the response body is not JSON")),
            (false, Some(_)) => {
                Some(status_error(status, retry_after, dialect, "the response is not an HTTP+JSON error"))
            }
        };
    };
    let details = error.get_kind("details", Kind::Array);
    let reason = details.iter().flat_map(|d| d.elements()).find_map(|d| d.get_string("reason"));
    let message = error.get_string("message").filter(|m| !m.trim().is_empty());
    let mut e = match reason.as_deref().and_then(code_of_reason) {
        Some(code) => {
            let message = message.unwrap_or_else(|| cat(&["HTTP ", &int(status.into()), ": ", code.as_str()]));
            CallError::new(code, message).with_http_status(status)
        }
        None => {
            let detail = message.as_deref().unwrap_or("the HTTP+JSON error names no reason");
            status_error(status, retry_after, dialect, detail)
        }
    };
    e.message = with_reason(core::mem::take(&mut e.message), details.as_ref());
    e.data = details;
    Some(e)
}

/// The code of a google.rpc `ErrorInfo` reason: A2A's errors (as
/// `@a2a-js/sdk` names them, and `AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED`
/// too) and JSON-RPC's own.
pub fn code_of_reason(reason: &str) -> Option<ErrorCode> {
    const REASONS: [(&str, ErrorCode); 15] = [
        ("TASK_NOT_FOUND", ErrorCode::TaskNotFound),
        ("TASK_NOT_CANCELABLE", ErrorCode::TaskNotCancelable),
        ("PUSH_NOTIFICATION_NOT_SUPPORTED", ErrorCode::PushNotificationNotSupported),
        ("UNSUPPORTED_OPERATION", ErrorCode::UnsupportedOperation),
        ("CONTENT_TYPE_NOT_SUPPORTED", ErrorCode::ContentTypeNotSupported),
        ("INVALID_AGENT_RESPONSE", ErrorCode::InvalidAgentResponse),
        ("EXTENDED_AGENT_CARD_NOT_CONFIGURED", ErrorCode::AuthenticatedExtendedCardNotConfigured),
        ("AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED", ErrorCode::AuthenticatedExtendedCardNotConfigured),
        ("EXTENSION_SUPPORT_REQUIRED", ErrorCode::ExtensionSupportRequired),
        ("VERSION_NOT_SUPPORTED", ErrorCode::VersionNotSupported),
        ("INVALID_PARAMS", ErrorCode::InvalidParams),
        ("INVALID_REQUEST", ErrorCode::InvalidRequest),
        ("METHOD_NOT_FOUND", ErrorCode::MethodNotFound),
        ("PARSE_ERROR", ErrorCode::ParseError),
        ("INTERNAL_ERROR", ErrorCode::InternalError),
    ];
    REASONS.iter().find(|(name, _)| *name == reason).map(|(_, code)| *code)
}

#[cfg(test)]
mod tests;
