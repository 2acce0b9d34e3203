//! The part of `A2AClient` a page loads only when a client first speaks A2A
//! 1.0 or opens a stream: a `.wasm` of its own (the npm crate built with the
//! feature `protocol` alone), which `js/agent-protocol.js` instantiates and
//! calls. It exports the core's A2A 1.0 rules and its event-stream reader
//! as they are: [`request_shape`] (a request in 1.0's shape),
//! [`http_json`] (the HTTP+JSON binding: a request's verb, URL and body, and
//! an answer back as JSON-RPC's), [`result_shape`] (an answer or event in the
//! package's one shape), [`event_stream`] (server-sent events, bounded) and
//! [`resume`] (which events a stream resubscribed after a drop has already
//! yielded); and what `client.extras()` calls write and read (the extended
//! card's, and the push-notification configs' [`push_config`]), run by the
//! entry's call loop as the core's `Call::Other`. Kept out of the entry's
//! `.wasm`, they cost a page that only speaks 0.3 nothing.

use crate::caller_values::serialized;
use crate::js_error::to_js;
use crate::json_view::Json;
use alloc::string::String;
use alloc::vec;
use magisterium_a2a::sans_io::card::{read_extended_card, require_extended_card};
use magisterium_a2a::sans_io::error::{CallError, Dialect, ErrorCode};
use magisterium_a2a::sans_io::event_stream::{self, Next};
use magisterium_a2a::sans_io::json::JsonView;
use magisterium_a2a::sans_io::push_config::{PushOp, push_call};
use magisterium_a2a::sans_io::wire::HttpReply;
use magisterium_a2a::sans_io::{http_json, request_shape, result_shape, resume, validate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// `response` (a parsed JSON-RPC response, or anything else) with its
/// `result` in the package's shape, rewritten in place (see
/// [`result_shape::normalised`]); `v1`: the request went in A2A 1.0.
#[wasm_bindgen]
pub fn normalised(response: JsValue, v1: bool) -> JsValue {
    result_shape::normalised(Json(response), v1).0
}

/// `response` with the extensions the agent activated for it, as `header`
/// (its `A2A-Extensions`, or 0.3's `X-A2A-Extensions`) lists them, carried
/// with its `result` (see [`result_shape::with_activated`]).
#[wasm_bindgen]
pub fn activated(response: JsValue, header: Option<String>) -> JsValue {
    result_shape::with_activated(Json(response), header.as_deref()).0
}

/// The header asking for `list` (a client's `extensions` option as the
/// caller gave it: an array of URIs), `undefined` for none; throws the
/// fields (see [`fields`]) of INVALID_INPUT for anything else, or a URI the
/// header cannot carry (see [`validate::push_extension`]).
#[wasm_bindgen(js_name = extensionsHeader)]
pub fn extensions_header(list: JsValue) -> Result<Option<String>, JsValue> {
    let bad = || fields(CallError::invalid_input("extensions must be an array of strings"));
    let list = list.dyn_into::<js_sys::Array>().map_err(|_| bad())?;
    let mut header = String::new();
    for uri in list.iter() {
        validate::push_extension(&mut header, &uri.as_string().ok_or_else(bad)?).map_err(fields)?;
    }
    Ok(Some(header).filter(|h| !h.is_empty()))
}

/// Nothing when `card` (a client's: `null` for one made for an endpoint,
/// which asks all the same) says its agent has an authenticated extended
/// card; else throws AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED (see
/// [`require_extended_card`]), before any request.
#[wasm_bindgen(js_name = extendedCardAsked)]
pub fn extended_card_asked(card: JsValue) -> Result<(), JsValue> {
    if card.is_null() {
        return Ok(());
    }
    require_extended_card::<Json, Json>(&Json(card)).map_err(|e| to_js(e, None))
}

/// The result of the extended card's call, checked (see [`read_extended_card`]).
#[wasm_bindgen(js_name = extendedCardRead)]
pub fn extended_card_read(result: JsValue) -> Result<JsValue, JsValue> {
    read_extended_card(Json(result)).map(|card| card.0).map_err(|e| to_js(e, None))
}

/// The push-notification config call `pushParams` and `pushRead` name by `index` ([`PushOp::ALL`]'s).
fn push_op(index: u8) -> PushOp {
    PushOp::ALL[usize::from(index) % PushOp::ALL.len()]
}

/// The params of the push-notification config call `op` (0 create, 1 get,
/// 2 list, 3 delete) on the task `task_id`, with `argument` (create: the
/// config, serialized by `JSON.stringify`; get, delete: the config's id),
/// in 0.3's shape (see [`push_call`]); throws its INVALID_INPUT, before any request.
#[wasm_bindgen(js_name = pushParams)]
pub fn push_params(op: u8, task_id: JsValue, argument: JsValue) -> Result<String, JsValue> {
    let op = push_op(op);
    let (argument, parsed) = match op {
        PushOp::Set => serialized(&argument, "").ok().unzip(),
        _ => (argument.as_string(), None),
    };
    let call = push_call(op, task_id.as_string(), argument, parsed.as_ref()).map_err(|e| to_js(e, None))?;
    Ok(call.params())
}

/// The result of the push-notification config call `op` (as [`push_params`]
/// names it) in the package's shape, checked (see [`PushOp::read`]).
#[wasm_bindgen(js_name = pushRead)]
pub fn push_read(op: u8, result: JsValue) -> Result<JsValue, JsValue> {
    let op = push_op(op);
    op.read(Json(result)).map(|read| read.0).map_err(|e| to_js(e, None))
}

/// `request` (a parsed JSON-RPC request of the core, in 0.3's shape) in
/// A2A 1.0's, rewritten in place, naming `tenant` when given (see
/// [`request_shape::request_v1`]).
#[wasm_bindgen(js_name = requestV1)]
pub fn request_v1(request: JsValue, tenant: Option<String>) -> JsValue {
    request_shape::request_v1(Json(request), tenant.as_deref()).0
}

/// The HTTP request of `request` (a JSON-RPC request of the core in A2A
/// 1.0's shape, see [`request_v1`]) to the HTTP+JSON interface at `base`:
/// `{ method, url, body? }` (no `body`: none is sent; see
/// [`http_json::request`]). Throws the fields of the error of a request
/// that has none (see [`fields`]).
#[wasm_bindgen(js_name = restRequest)]
pub fn rest_request(base: &str, request: JsValue) -> Result<JsValue, JsValue> {
    let rest = http_json::request(&Json(request), base).map_err(fields)?;
    let mut members = vec![
        (Json::from_str("method"), Json::from_str(rest.verb.as_str())),
        (Json::from_str("url"), Json::from_str(&rest.url)),
    ];
    if let Some(body) = rest.body {
        members.push((Json::from_str("body"), body));
    }
    Ok(Json::object(members).0)
}

/// An HTTP+JSON answer of `status` (its parsed body, `undefined` when it is
/// not JSON; `retry_after`: its `Retry-After`), or one event of its stream
/// (`status` 200), as the JSON-RPC response to the request whose id is `id`,
/// its result in the package's shape (see [`http_json::response`]) —
/// `undefined` when there is no body to read. Throws the fields of the
/// error the answer is (see [`fields`]), read in the agent's dialect
/// (`magisterium`, else A2A's).
#[wasm_bindgen(js_name = restResponse)]
pub fn rest_response(
    value: JsValue,
    status: u16,
    id: f64,
    retry_after: Option<String>,
    magisterium: bool,
) -> Result<JsValue, JsValue> {
    let body = Some(value).filter(|v| !v.is_undefined()).map(Json);
    let reply = HttpReply { status, retry_after_header: retry_after, cache_control: None, body };
    let dialect = if magisterium { Dialect::Magisterium } else { Dialect::A2a };
    let reply = http_json::response(reply, Json(JsValue::from_f64(id)), dialect).map_err(fields)?;
    Ok(reply.body.map_or(JsValue::UNDEFINED, |body| result_shape::normalised(body, true).0))
}

/// An error of the core as the entry's `.wasm` reads it back (`read_error`
/// in `transport.rs`, through `agent-protocol.js`): `[code, message,
/// httpStatus, retryAfter, data]`, `code` its
/// [`magisterium_a2a::sans_io::error::ErrorCode::index`], the last three
/// `undefined` when it has none.
fn fields(e: CallError<Json>) -> JsValue {
    let e = e.into_fields();
    let number = |n: Option<f64>| n.map_or(JsValue::UNDEFINED, JsValue::from_f64);
    let fields = [
        JsValue::from(e.code.index()),
        JsValue::from_str(&e.message),
        number(e.http_status.map(f64::from)),
        number(e.retry_after),
        e.data.map_or(JsValue::UNDEFINED, |d| d.0),
    ];
    fields.iter().collect::<js_sys::Array>().into()
}

/// One stream's server-sent events, read as the body's chunks are pushed in
/// (the core's [`event_stream::EventStream`]).
#[wasm_bindgen(js_name = EventStream)]
pub struct Events(event_stream::EventStream);

#[wasm_bindgen(js_class = EventStream)]
impl Events {
    /// A reader whose events (and lines) are held to `max_bytes` (the
    /// client's `maxResponseBytes`; `as` saturates: a bound past the address
    /// space is no bound below it).
    #[wasm_bindgen(constructor)]
    pub fn new(max_bytes: f64) -> Events {
        Events(event_stream::EventStream::new(max_bytes as usize))
    }

    /// Adds the body's next chunk.
    pub fn push(&mut self, chunk: &[u8]) {
        self.0.push(chunk);
    }

    /// The next event's data (its bytes, a `Uint8Array`); `undefined` until
    /// another chunk is pushed; `null` when an event is larger than the bound
    /// (stop reading).
    pub fn next(&mut self) -> JsValue {
        match self.0.next_event() {
            Next::Event(data) => js_sys::Uint8Array::from(&data[..]).into(),
            Next::More => JsValue::UNDEFINED,
            Next::TooLarge => JsValue::NULL,
        }
    }
}

/// What one stream has yielded, for a stream that may resubscribe once
/// after a drop (the core's [`resume::Seen`]).
#[wasm_bindgen(js_name = SeenEvents)]
pub struct SeenEvents(resume::Seen);

#[wasm_bindgen(js_class = SeenEvents)]
impl SeenEvents {
    /// A stream that has yielded nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> SeenEvents {
        SeenEvents(resume::Seen::new())
    }

    /// Whether the consumer has not had `event` (in the package's shape) yet; notes it.
    #[wasm_bindgen(js_name = isNew)]
    pub fn is_new(&mut self, event: JsValue) -> bool {
        self.0.is_new(&Json(event))
    }

    /// The task to resubscribe to after an error of `code` (a
    /// `MagisteriumError`'s), when the stream may be resumed; `undefined` otherwise.
    #[wasm_bindgen(js_name = resumeAfter)]
    pub fn resume_after(&mut self, code: &str) -> Option<String> {
        let network = code == ErrorCode::Network.as_str();
        self.0.resume_after(if network { ErrorCode::Network } else { ErrorCode::InternalError })
    }
}
