//! The JSON-RPC 2.0 envelope: request bodies out, responses in.
//!
//! A response is read once, here: HTTP status, envelope, id, and the
//! `result`/`error` split. What a `result` means is the business of
//! [`crate::sans_io::task`] and [`crate::sans_io::skills`].

use super::error::{CallError, Dialect, ErrorCode};
use super::json::{JsonView, Kind};
use super::jsonw;
#[cfg(feature = "push-configs")]
use super::push_config::PushOp;
use super::text::{cat, int, parse_u32, shortened};
use alloc::string::String;

/// The JSON-RPC methods of the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `message/send`: run a skill; not safe to repeat once it reached the server.
    MessageSend,
    /// `tasks/get`: read a task; safe to repeat.
    TasksGet,
    /// `tasks/cancel`: cancel a task; safe to repeat.
    TasksCancel,
    /// `message/stream`: `message/send` answered as a stream of events; not safe to repeat.
    MessageStream,
    /// `tasks/resubscribe`: the events of a running task; safe to repeat.
    TasksResubscribe,
    /// `tasks/list`: the agent's tasks, a page at a time; safe to repeat.
    TasksList,
    /// `agent/getAuthenticatedExtendedCard`: the card an authenticated caller
    /// sees; safe to repeat. Only with feature `extended-card` (the Rust
    /// client's, and the npm entry `agents`'): kept out of the Magisterium entry.
    #[cfg(feature = "extended-card")]
    ExtendedCard,
    /// `tasks/pushNotificationConfig/set` ([`PushOp::Set`]): not safe to
    /// repeat (a config without an id would be stored twice). This and the
    /// next three only with feature `push-configs` (the Rust client's, and
    /// the npm entry `agents`', whose lazily loaded part writes their params).
    #[cfg(feature = "push-configs")]
    PushSet,
    #[cfg(feature = "push-configs")]
    /// `tasks/pushNotificationConfig/get`: safe to repeat.
    PushGet,
    #[cfg(feature = "push-configs")]
    /// `tasks/pushNotificationConfig/list`: safe to repeat.
    PushList,
    #[cfg(feature = "push-configs")]
    /// `tasks/pushNotificationConfig/delete`: safe to repeat.
    PushDelete,
}

impl Method {
    /// The method's wire name.
    pub fn name(self) -> &'static str {
        match self {
            Method::MessageSend => "message/send",
            Method::TasksGet => "tasks/get",
            Method::TasksCancel => "tasks/cancel",
            Method::MessageStream => "message/stream",
            Method::TasksResubscribe => "tasks/resubscribe",
            Method::TasksList => "tasks/list",
            #[cfg(feature = "extended-card")]
            Method::ExtendedCard => "agent/getAuthenticatedExtendedCard",
            #[cfg(feature = "push-configs")]
            Method::PushSet => PushOp::Set.name(),
            #[cfg(feature = "push-configs")]
            Method::PushGet => PushOp::Get.name(),
            #[cfg(feature = "push-configs")]
            Method::PushList => PushOp::List.name(),
            #[cfg(feature = "push-configs")]
            Method::PushDelete => PushOp::Delete.name(),
        }
    }

    /// Safe to send again after a failure that may have reached the server
    /// (a read, a cancel, a delete); a send, a stream's send and a push
    /// config's creation are not (the retry policy's and a request plan's rule).
    pub fn repeatable(self) -> bool {
        match self {
            Method::MessageSend | Method::MessageStream => false,
            #[cfg(feature = "push-configs")]
            Method::PushSet => false,
            _ => true,
        }
    }

    /// The method whose wire name (0.3's) is `name`.
    pub fn named(name: &str) -> Option<Method> {
        const ALL: &[Method] = &[
            Method::MessageSend,
            Method::TasksGet,
            Method::TasksCancel,
            Method::MessageStream,
            Method::TasksResubscribe,
            Method::TasksList,
            #[cfg(feature = "extended-card")]
            Method::ExtendedCard,
            #[cfg(feature = "push-configs")]
            Method::PushSet,
            #[cfg(feature = "push-configs")]
            Method::PushGet,
            #[cfg(feature = "push-configs")]
            Method::PushList,
            #[cfg(feature = "push-configs")]
            Method::PushDelete,
        ];
        ALL.iter().copied().find(|m| m.name() == name)
    }

    /// The method of the push-notification config call `op` (four variants
    /// rather than one with a [`PushOp`] in it: every `match` on a method
    /// stays a table, 140 B gzip less in the npm `agents` entry).
    #[cfg(feature = "push-configs")]
    pub const fn push(op: PushOp) -> Method {
        [Method::PushSet, Method::PushGet, Method::PushList, Method::PushDelete][op as usize]
    }
}

/// The methods of a [`super::call::Call::Other`] whose params and result
/// the npm package's lazily loaded part writes and reads (it names each by
/// its wire name): the extended card's, then the push-notification configs'
/// in [`PushOp`]'s order.
#[cfg(all(feature = "extended-card", feature = "push-configs"))]
pub const OTHER: [Method; 5] = [
    Method::ExtendedCard,
    Method::push(PushOp::Set),
    Method::push(PushOp::Get),
    Method::push(PushOp::List),
    Method::push(PushOp::Delete),
];

/// What a `message/send` carries besides its parts.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MessageMeta<'a> {
    /// `message.messageId`.
    pub message_id: &'a str,
    /// `message.metadata.skillId`; absent means the server's default (`catholic_qa`).
    pub skill_id: Option<&'a str>,
    /// `message.contextId`, to continue a conversation.
    pub context_id: Option<&'a str>,
    /// `message.taskId`, to answer a task that is `input-required`.
    pub task_id: Option<&'a str>,
    /// Asks for `configuration.blocking: false`: a generic agent then answers
    /// at once with the task as it stands (`submitted`, `working`) instead of
    /// holding the request until the task ends. Not sent to Magisterium,
    /// whose contract reserves `configuration`.
    pub non_blocking: bool,
}

/// The body of a `message/send` (or `message/stream`) request. `parts_json`
/// is the already serialized JSON array of parts (validated by [`crate::sans_io::parts`]).
pub fn message_send_body(request_id: u64, method: Method, meta: &MessageMeta<'_>, parts_json: &str) -> String {
    let mut out = envelope_head(request_id, method);
    out.push_str(r#"{"message":{"role":"user","kind":"message","messageId":"#);
    jsonw::push_string(&mut out, meta.message_id);
    out.push_str(r#","parts":"#);
    out.push_str(parts_json);
    if let Some(context_id) = meta.context_id {
        out.push_str(r#","contextId":"#);
        jsonw::push_string(&mut out, context_id);
    }
    if let Some(task_id) = meta.task_id {
        out.push_str(r#","taskId":"#);
        jsonw::push_string(&mut out, task_id);
    }
    if let Some(skill_id) = meta.skill_id {
        out.push_str(r#","metadata":{"skillId":"#);
        jsonw::push_string(&mut out, skill_id);
        out.push('}');
    }
    out.push('}');
    if meta.non_blocking {
        out.push_str(r#","configuration":{"blocking":false}"#);
    }
    out.push_str("}}");
    out
}

/// The body of a request whose params are `params_json`, already serialized (`tasks/list`).
pub fn params_body(request_id: u64, method: Method, params_json: &str) -> String {
    let mut out = envelope_head(request_id, method);
    out.push_str(params_json);
    out.push('}');
    out
}

/// The body of a `tasks/get`, `tasks/cancel` or `tasks/resubscribe` request.
pub fn task_body(request_id: u64, method: Method, task_id: &str) -> String {
    let mut out = envelope_head(request_id, method);
    out.push_str(r#"{"id":"#);
    jsonw::push_string(&mut out, task_id);
    out.push_str("}}");
    out
}

/// `{"jsonrpc":"2.0","id":N,"method":"…","params":` — the caller closes it.
fn envelope_head(request_id: u64, method: Method) -> String {
    let mut out = String::with_capacity(256);
    out.push_str(r#"{"jsonrpc":"2.0","id":"#);
    out.push_str(&int(request_id as i64));
    out.push_str(r#","method":"#);
    jsonw::push_string(&mut out, method.name());
    out.push_str(r#","params":"#);
    out
}

/// An HTTP response as the transport saw it, before its body is understood.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpReply<V> {
    /// The HTTP status.
    pub status: u16,
    /// The `Retry-After` header, when present.
    pub retry_after_header: Option<String>,
    /// The `Cache-Control` header, when present (agent cards).
    pub cache_control: Option<String>,
    /// The server's id of the request (`x-request-id`, `request-id`), as
    /// [`plan::request_id`](super::plan::request_id) bounds it: the errors read from this reply carry it.
    pub request_id: Option<String>,
    /// The body parsed as JSON, or `None` when it is not JSON.
    pub body: Option<V>,
}

/// Reads a JSON-RPC response: the `result` on success, the typed error otherwise.
///
/// The body of a 401/403/429 is read, not lost: its JSON-RPC error wins, and
/// the status alone only speaks when the body says nothing usable.
pub fn read_response<V: JsonView>(reply: HttpReply<V>, request_id: u64, dialect: Dialect) -> Result<V, CallError<V>> {
    let status = reply.status;
    let header_retry = reply.retry_after_header.as_deref().and_then(parse_retry_after);
    let from_status = |detail: &str| status_error(status, header_retry, dialect, detail);
    let Some(body) = reply.body else {
        return Err(from_status("the response body is not JSON"));
    };
    if !body.is_kind(Kind::Object) || !body.member_is("jsonrpc", "2.0") {
        return Err(from_status("the response is not a JSON-RPC 2.0 message"));
    }
    let result = body.get("result").filter(|r| r.kind() != Kind::Null || body.get("error").is_none());
    let error = body.get("error").filter(|e| e.kind() != Kind::Null);
    let id_matches = body.get("id").and_then(|id| id.as_f64()) == Some(request_id as f64);
    match (result, error) {
        (Some(_), Some(_)) => Err(from_status("the response has both `result` and `error`")),
        (None, None) => Err(from_status("the response has neither `result` nor `error`")),
        (Some(result), None) => {
            if !id_matches {
                Err(from_status("the response `id` does not match the request"))
            } else if !(200..300).contains(&status) {
                Err(from_status("a `result` came with an error status"))
            } else {
                Ok(result)
            }
        }
        (None, Some(error)) => {
            let id_is_null = body.get("id").is_none_or(|id| id.kind() == Kind::Null);
            if !id_matches && !id_is_null {
                return Err(from_status("the response `id` does not match the request"));
            }
            Err(rpc_error(&error, status, header_retry, dialect)
                .unwrap_or_else(|| from_status("the JSON-RPC `error` is malformed")))
        }
    }
}

/// The error of a response whose body says nothing usable, from its status
/// alone (see [`ErrorCode::from_http_status`]: 401, 403, 429 with the
/// `Retry-After` header's seconds, `retry_after`, as [`parse_retry_after`]
/// reads them), else BAD_RESPONSE; its message `HTTP 502: <detail>`, its
/// `httpStatus` set. Both bindings' one rule.
#[inline]
pub fn status_error<V>(status: u16, retry_after: Option<f64>, dialect: Dialect, detail: &str) -> CallError<V> {
    match ErrorCode::from_http_status(status, dialect) {
        Some(code) => {
            let mut e = CallError::new(code, http_message(status, detail));
            if code == ErrorCode::RateLimited {
                e.retry_after = retry_after;
            }
            e.with_http_status(status)
        }
        None => CallError::bad_response(http_message(status, detail)).with_http_status(status),
    }
}

/// `HTTP 502: <detail>`.
fn http_message(status: u16, detail: &str) -> String {
    cat(&["HTTP ", &int(status.into()), ": ", detail])
}

/// The typed error for a JSON-RPC `error` object; `None` when it is malformed.
fn rpc_error<V: JsonView>(error: &V, status: u16, header_retry: Option<f64>, dialect: Dialect) -> Option<CallError<V>> {
    let rpc_code = error.get("code").and_then(|c| c.as_f64())?;
    let code = ErrorCode::from_rpc(rpc_code, dialect);
    let message = error.get_string("message").filter(|m| !m.trim().is_empty());
    let data = error.get("data");
    let message = message.unwrap_or_else(|| cat(&["JSON-RPC error ", &int(rpc_code as i64)]));
    let mut e = CallError::new(code, with_reason(message, data.as_ref()));
    e.rpc_code = Some(rpc_code);
    e.http_status = Some(status);
    if code == ErrorCode::RateLimited {
        e.retry_after =
            data.as_ref().and_then(|d| d.get("retryAfter")).and_then(|r| retry_seconds(&r)).or(header_retry);
    }
    e.data = data;
    Some(e)
}

/// The most characters of a server's reason that go into a message (the
/// rest is cut, `…`): a reason is a sentence, and an error message is no
/// place for a megabyte. `data` keeps it whole, within the response's bound.
pub const MAX_REASON_CHARS: usize = 500;

/// `message`, then the server's reason when it gave one, a non-blank string
/// the message does not already end with: `Unauthorized: invalid token`.
/// The reason is Magisterium's `data.detail`, or A2A 1.0's: the first
/// `metadata.detail` of the typed objects of `data` (JSON-RPC) or `details`
/// (HTTP+JSON), a `google.rpc.ErrorInfo`'s. At most [`MAX_REASON_CHARS`] of
/// it. Both bindings' one rule.
pub fn with_reason<V: JsonView>(message: String, data: Option<&V>) -> String {
    let info_detail = |info: V| info.get("metadata").and_then(|m| m.get_string("detail"));
    let detail = data.and_then(|d| match d.kind() {
        Kind::Array => d.elements().find_map(info_detail),
        _ => d.get_string("detail"),
    });
    match detail {
        Some(detail) if !detail.trim().is_empty() => {
            let detail = shortened(detail.trim(), MAX_REASON_CHARS);
            // `ends_with`, not `contains`: a substring searcher would bring kilobytes of code into the wasm bundle.
            if message.ends_with(detail.as_str()) { message } else { cat(&[&message, ": ", &detail]) }
        }
        _ => message,
    }
}

/// `retryAfter` as sent: a non-negative number of seconds, or a numeric string.
fn retry_seconds<V: JsonView>(value: &V) -> Option<f64> {
    match value.kind() {
        Kind::Number => value.as_f64().filter(|s| s.is_finite() && *s >= 0.0),
        Kind::String => value.as_string().as_deref().and_then(parse_retry_after),
        _ => None,
    }
}

/// A `Retry-After` value in delta-seconds (HTTP dates are not used by this service).
pub fn parse_retry_after(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    parse_u32(text).map(f64::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn reply(status: u16, body: Value) -> HttpReply<Value> {
        HttpReply { status, retry_after_header: None, cache_control: None, request_id: None, body: Some(body) }
    }

    #[cfg(all(feature = "extended-card", feature = "push-configs"))]
    #[test]
    fn the_other_calls_are_the_extras_in_order() {
        assert_eq!(OTHER[0].name(), "agent/getAuthenticatedExtendedCard");
        for (index, op) in PushOp::ALL.into_iter().enumerate() {
            assert_eq!((OTHER[1 + index], OTHER[1 + index].name()), (Method::push(op), op.name()), "{op:?}");
        }
        let body: Value = serde_json::from_str(&params_body(3, Method::push(PushOp::List), r#"{"id":"t"}"#)).unwrap();
        assert_eq!(
            body,
            json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/pushNotificationConfig/list", "params": {"id": "t"}})
        );
    }

    #[test]
    fn request_bodies_are_the_contract_shape() {
        let meta = MessageMeta {
            message_id: "m-1",
            skill_id: Some("document_search"),
            context_id: Some("c\"1"),
            ..Default::default()
        };
        let body: Value = serde_json::from_str(&message_send_body(
            7,
            Method::MessageSend,
            &meta,
            r#"[{"kind":"text","text":"grace"}]"#,
        ))
        .unwrap();
        assert_eq!(
            body,
            json!({"jsonrpc":"2.0","id":7,"method":"message/send","params":{"message":{
                "role":"user","kind":"message","messageId":"m-1",
                "parts":[{"kind":"text","text":"grace"}],"contextId":"c\"1",
                "metadata":{"skillId":"document_search"}}}})
        );
        let plain = MessageMeta { message_id: "m", ..Default::default() };
        let body: Value = serde_json::from_str(&message_send_body(1, Method::MessageSend, &plain, "[]")).unwrap();
        assert!(body["params"]["message"].get("metadata").is_none());
        assert!(body["params"]["message"].get("contextId").is_none());
        assert!(body["params"]["message"].get("taskId").is_none());
        assert!(body["params"].get("configuration").is_none(), "Magisterium reserves `configuration`");
        let answer = MessageMeta { message_id: "m", task_id: Some("t-7"), non_blocking: true, ..Default::default() };
        let body: Value = serde_json::from_str(&message_send_body(2, Method::MessageSend, &answer, "[]")).unwrap();
        assert_eq!(body["params"]["message"]["taskId"], "t-7");
        assert_eq!(body["params"]["configuration"], json!({"blocking": false}));
        let body: Value = serde_json::from_str(&task_body(3, Method::TasksCancel, "t-9")).unwrap();
        assert_eq!(body, json!({"jsonrpc":"2.0","id":3,"method":"tasks/cancel","params":{"id":"t-9"}}));
    }

    #[test]
    fn a_result_with_the_right_id_is_returned() {
        let got = read_response(
            reply(200, json!({"jsonrpc":"2.0","id":5,"result":{"kind":"task"}})),
            5,
            Dialect::Magisterium,
        );
        assert_eq!(got.unwrap(), json!({"kind":"task"}));
    }

    #[test]
    fn every_contract_error_code_maps_with_its_status() {
        let table = [
            (-32700, 200, "PARSE_ERROR"),
            (-32600, 200, "INVALID_REQUEST"),
            (-32601, 200, "METHOD_NOT_FOUND"),
            (-32602, 200, "INVALID_PARAMS"),
            (-32603, 200, "INTERNAL_ERROR"),
            (-32001, 200, "TASK_NOT_FOUND"),
            (-32002, 200, "SKILL_NOT_FOUND"),
            (-32003, 429, "RATE_LIMITED"),
            (-32004, 401, "UNAUTHORIZED"),
            (-32005, 403, "PLAN_REQUIRED"),
        ];
        for (code, status, name) in table {
            let body =
                json!({"jsonrpc":"2.0","id":1,"error":{"code":code,"message":"server says","data":{"retryAfter":12}}});
            let e = read_response(reply(status, body), 1, Dialect::Magisterium).unwrap_err();
            assert_eq!(e.code.as_str(), name);
            assert_eq!(e.rpc_code, Some(code as f64));
            assert_eq!(e.http_status, Some(status));
            assert_eq!(e.message, "server says");
            assert_eq!(e.data, Some(json!({"retryAfter":12})));
            assert_eq!(e.retry_after, (name == "RATE_LIMITED").then_some(12.0));
        }
    }

    #[test]
    fn parse_errors_with_a_null_id_are_accepted() {
        let body = json!({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}});
        assert_eq!(read_response(reply(200, body), 4, Dialect::Magisterium).unwrap_err().code, ErrorCode::ParseError);
    }

    #[test]
    fn retry_after_falls_back_to_the_header_and_to_strings() {
        let body =
            json!({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"slow down","data":{"retryAfter":"7"}}});
        assert_eq!(read_response(reply(429, body), 1, Dialect::Magisterium).unwrap_err().retry_after, Some(7.0));
        let mut r = reply(429, json!({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"x"}}));
        r.retry_after_header = Some("30".into());
        assert_eq!(read_response(r, 1, Dialect::Magisterium).unwrap_err().retry_after, Some(30.0));
        let bare = HttpReply {
            status: 429,
            retry_after_header: Some(" 5 ".into()),
            cache_control: None,
            request_id: None,
            body: None::<Value>,
        };
        let e = read_response(bare, 1, Dialect::Magisterium).unwrap_err();
        assert_eq!((e.code, e.retry_after, e.http_status), (ErrorCode::RateLimited, Some(5.0), Some(429)));
        let negative = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32003,"message":"x","data":{"retryAfter":-3}}});
        assert_eq!(read_response(reply(429, negative), 1, Dialect::Magisterium).unwrap_err().retry_after, None);
    }

    #[test]
    fn statuses_speak_when_the_body_does_not() {
        for (status, code) in [
            (401, ErrorCode::Unauthorized),
            (403, ErrorCode::PlanRequired),
            (502, ErrorCode::BadResponse),
            (200, ErrorCode::BadResponse),
        ] {
            let e = read_response(
                HttpReply {
                    status,
                    retry_after_header: None,
                    cache_control: None,
                    request_id: None,
                    body: None::<Value>,
                },
                1,
                Dialect::Magisterium,
            )
            .unwrap_err();
            assert_eq!((e.code, e.http_status), (code, Some(status)));
        }
    }

    #[test]
    fn malformed_envelopes_are_bad_responses() {
        let cases = [
            json!([1, 2]),
            json!("text"),
            json!({"id":1,"result":{}}),
            json!({"jsonrpc":"1.0","id":1,"result":{}}),
            json!({"jsonrpc":"2.0","id":2,"result":{}}),
            json!({"jsonrpc":"2.0","id":"1","result":{}}),
            json!({"jsonrpc":"2.0","result":{}}),
            json!({"jsonrpc":"2.0","id":1}),
            json!({"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}),
            json!({"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}),
            json!({"jsonrpc":"2.0","id":1,"error":{"code":"-32001","message":"string code"}}),
            json!({"jsonrpc":"2.0","id":1,"error":"flat"}),
            json!({"jsonrpc":"2.0","id":9,"error":{"code":-32001,"message":"other id"}}),
        ];
        for body in cases {
            let e = read_response(reply(200, body.clone()), 1, Dialect::Magisterium).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadResponse, "{body}");
        }
        let e = read_response(reply(500, json!({"jsonrpc":"2.0","id":1,"result":{}})), 1, Dialect::Magisterium)
            .unwrap_err();
        assert_eq!((e.code, e.http_status), (ErrorCode::BadResponse, Some(500)));
    }

    #[test]
    fn a_null_result_beside_an_error_is_an_error() {
        let body = json!({"jsonrpc":"2.0","id":1,"result":null,"error":{"code":-32001,"message":"gone"}});
        assert_eq!(read_response(reply(200, body), 1, Dialect::Magisterium).unwrap_err().code, ErrorCode::TaskNotFound);
        let body = json!({"jsonrpc":"2.0","id":1,"result":null});
        assert_eq!(read_response(reply(200, body), 1, Dialect::Magisterium).unwrap(), Value::Null);
    }

    #[test]
    fn the_message_carries_the_servers_reason() {
        let said = |error: Value| {
            read_response(reply(401, json!({"jsonrpc":"2.0","id":1,"error":error})), 1, Dialect::Magisterium)
                .unwrap_err()
                .message
                .clone()
        };
        assert_eq!(
            said(json!({"code":-32004,"message":"Unauthorized","data":{"detail":"invalid token"}})),
            "Unauthorized: invalid token"
        );
        assert_eq!(said(json!({"code":-32004,"message":"Unauthorized","data":{"detail":" "}})), "Unauthorized");
        assert_eq!(said(json!({"code":-32004,"message":"Unauthorized","data":{"detail":7}})), "Unauthorized");
        assert_eq!(
            said(json!({"code":-32004,"message":"Unauthorized: invalid token","data":{"detail":"invalid token"}})),
            "Unauthorized: invalid token"
        );
        assert_eq!(said(json!({"code":-32004,"message":"","data":{"detail":"gone"}})), "JSON-RPC error -32004: gone");
    }

    #[test]
    fn an_a2a_1_0_reason_is_the_error_info_s_detail_and_bounded() {
        let said = |data: Value| {
            let error = json!({"code": -32001, "message": "Task not found", "data": data});
            read_response(reply(200, json!({"jsonrpc":"2.0","id":1,"error":error})), 1, Dialect::A2a)
                .unwrap_err()
                .message
                .clone()
        };
        let info = |detail: Value| {
            json!({"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND",
                "domain": "a2a-protocol.org", "metadata": {"detail": detail}})
        };
        assert_eq!(said(json!([info(json!("no task `nope` here"))])), "Task not found: no task `nope` here");
        assert_eq!(said(json!([{"@type": "x"}, info(json!("the second"))])), "Task not found: the second");
        assert_eq!(said(json!([info(json!(7)), {"reason": "TASK_NOT_FOUND"}])), "Task not found");
        assert_eq!(said(json!([])), "Task not found");
        let huge = "x".repeat(1 << 20);
        let cut = said(json!([info(json!(huge))]));
        assert_eq!(cut.chars().count(), "Task not found: ".len() + MAX_REASON_CHARS + 1, "a reason of 1 MiB is cut");
        assert!(cut.ends_with("x…"));
        let accents = "é".repeat(MAX_REASON_CHARS + 3);
        assert!(said(json!([info(json!(accents))])).ends_with("é…"), "cut on a character");
    }

    #[test]
    fn an_empty_message_gets_a_readable_default() {
        let body = json!({"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"  "}});
        assert_eq!(
            read_response(reply(200, body), 1, Dialect::Magisterium).unwrap_err().message,
            "JSON-RPC error -32001"
        );
    }
}
