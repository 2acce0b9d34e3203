//! The part of `A2AClient` a page loads only when a client first speaks A2A
//! 1.0 or opens a stream: a `.wasm` of its own (the npm crate built with the
//! feature `protocol` alone), which `js/agent-protocol.js` instantiates and
//! calls. It exports the core's request plans ([`plan`]: a request's verb,
//! URL, headers and body, in A2A 1.0's shape and over HTTP+JSON, and the
//! reading of its answer and events back into the package's one shape),
//! its event-stream reader ([`event_stream`]: server-sent events, bounded) and
//! [`resume`] (which events a stream resubscribed after a drop has already
//! yielded); and what `client.extras()` calls write and read (the extended
//! card's, and the push-notification configs' [`push_config`]), run by the
//! entry's call loop as the core's `Call::Other`. Kept out of the entry's
//! `.wasm`, they cost a page that only speaks 0.3 nothing.

use crate::caller_values::serialized;
use crate::js_error::to_js;
use crate::json_view::Json;
use crate::reply_headers::ReplyHeaders;
use alloc::string::String;
use alloc::vec;
use magisterium_a2a::sans_io::card::{Binding, ProtocolVersion};
use magisterium_a2a::sans_io::card::{read_extended_card, require_extended_card};
use magisterium_a2a::sans_io::error::{CallError, Dialect, ErrorCode};
use magisterium_a2a::sans_io::event_stream::{self, Next};
use magisterium_a2a::sans_io::json::JsonView;
use magisterium_a2a::sans_io::plan::{self, Answer, Body, Plan, ReplyHead, Target};
use magisterium_a2a::sans_io::push_config::{PushOp, push_call};
use magisterium_a2a::sans_io::wire::HttpReply;
use magisterium_a2a::sans_io::{resume, validate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

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

/// The push-notification config call named `method` (its JSON-RPC name, [`PushOp::name`]);
/// INVALID_INPUT for any other name.
fn push_op(method: &str) -> Result<PushOp, JsValue> {
    let op = PushOp::ALL.into_iter().find(|op| op.name() == method);
    op.ok_or_else(|| to_js(CallError::invalid_input("not a push-notification config call"), None))
}

/// The params of the push-notification config call `method` (see [`push_op`]) on the task `task_id`, with `argument` (create: the
/// config, serialized by `JSON.stringify`; get, delete: the config's id),
/// in 0.3's shape (see [`push_call`]); throws its INVALID_INPUT, before any request.
#[wasm_bindgen(js_name = pushParams)]
pub fn push_params(method: &str, task_id: JsValue, argument: JsValue) -> Result<String, JsValue> {
    let op = push_op(method)?;
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
pub fn push_read(method: &str, result: JsValue) -> Result<JsValue, JsValue> {
    let op = push_op(method)?;
    op.read(Json(result)).map(|read| read.0).map_err(|e| to_js(e, None))
}

#[wasm_bindgen]
extern "C" {
    /// What `plan` is made of (`agent-protocol.js`'s `post`), by name.
    pub type PlanInput;
    /// The endpoint.
    #[wasm_bindgen(method, getter)]
    fn url(this: &PlanInput) -> String;
    /// `"1.0"` or `"0.3"` (as `client.protocolVersion` says).
    #[wasm_bindgen(method, getter, js_name = protocolVersion)]
    fn protocol_version(this: &PlanInput) -> String;
    /// `"JSONRPC"` or `"HTTP+JSON"` (as `client.binding` says).
    #[wasm_bindgen(method, getter)]
    fn binding(this: &PlanInput) -> String;
    /// The interface's tenant, if any.
    #[wasm_bindgen(method, getter)]
    fn tenant(this: &PlanInput) -> Option<String>;
    /// The extensions header's value ([`extensions_header`]), if any.
    #[wasm_bindgen(method, getter)]
    fn extensions(this: &PlanInput) -> Option<String>;
    /// The call asks for events.
    #[wasm_bindgen(method, getter)]
    fn stream(this: &PlanInput) -> bool;
    /// The JSON-RPC request the entry's core wrote (0.3's shape).
    #[wasm_bindgen(method, getter)]
    fn body(this: &PlanInput) -> String;
    /// The agent's errors are read in the Magisterium dialect.
    #[wasm_bindgen(method, getter)]
    fn magisterium(this: &PlanInput) -> bool;
}

/// One request as the core plans it ([`plan::plan`]), for `transport.js`'s
/// `exchange` to carry out, and the reading of its answer.
#[wasm_bindgen]
pub struct RequestPlan {
    plan: Plan<Json>,
    dialect: Dialect,
    request_id: f64,
}

/// The plan of `input`'s request (see [`PlanInput`]); throws the fields
/// (see [`fields`]) of the error of a request that cannot be made (an
/// HTTP+JSON method with no route), before any request.
#[wasm_bindgen(js_name = plan)]
pub fn make_plan(input: PlanInput) -> Result<RequestPlan, JsValue> {
    let body = input.body();
    let request = js_sys::JSON::parse(&body).ok().map(Json);
    let request_id = request.as_ref().and_then(|r| r.get("id")).and_then(|id| id.as_f64()).unwrap_or_default();
    let version = if input.protocol_version() == "1.0" { ProtocolVersion::V1_0 } else { ProtocolVersion::V0_3 };
    let binding = if input.binding() == Binding::HttpJson.as_str() { Binding::HttpJson } else { Binding::JsonRpc };
    let (url, tenant, extensions) = (input.url(), input.tenant(), input.extensions());
    let target = Target {
        url: &url,
        version,
        binding,
        tenant: tenant.as_deref(),
        extensions: extensions.as_deref(),
        events: input.stream(),
    };
    let plan = plan::plan(&target, body, request).map_err(fields)?;
    let dialect = if input.magisterium() { Dialect::Magisterium } else { Dialect::A2a };
    Ok(RequestPlan { plan, dialect, request_id })
}

#[wasm_bindgen]
impl RequestPlan {
    /// The verb: `"GET"`, `"POST"` or `"DELETE"`.
    #[wasm_bindgen(getter)]
    pub fn method(&self) -> String {
        self.plan.verb.as_str().into()
    }

    /// The whole URL.
    #[wasm_bindgen(getter)]
    pub fn url(&self) -> String {
        self.plan.url.clone()
    }

    /// The headers, an object of names and values (never the token's).
    #[wasm_bindgen(getter)]
    pub fn headers(&self) -> JsValue {
        let members = self.plan.headers.iter().map(|(name, value)| (Json::from_str(name), Json::from_str(value)));
        Json::object(members.collect()).0
    }

    /// The body as sent (`undefined`: none).
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> Option<String> {
        self.plan.body.as_ref().map(|body| match body {
            Body::Text(text) => text.clone(),
            Body::Json(json) => js_sys::JSON::stringify(&json.0).map(String::from).unwrap_or_default(),
        })
    }

    /// The id of the JSON-RPC request (what a stream's events are read with).
    #[wasm_bindgen(getter, js_name = requestId)]
    pub fn request_id(&self) -> f64 {
        self.request_id
    }

    /// The names of the headers the activated extensions are read from, in
    /// order (the first present wins; none when none was asked for).
    #[wasm_bindgen(getter, js_name = activatedFrom)]
    pub fn activated_from(&self) -> js_sys::Array {
        self.plan.activated_from().iter().map(|name| JsValue::from_str(name)).collect()
    }

    /// Whether the answer of `status` with `content_type` is read as events (see [`Plan::answer_of`]).
    #[wasm_bindgen(js_name = isEvents)]
    pub fn is_events(&self, status: u16, content_type: Option<String>) -> bool {
        self.plan.answer_of(status, content_type.as_deref()) == Answer::Events
    }

    /// The answer of `status` (its parsed body, `undefined` when it is not
    /// JSON; `headers`: its `Headers`, read by [`Plan::reply_head`]), or one
    /// event of its stream (`status` 200, no headers), as the JSON-RPC response the entry's core reads, in
    /// the package's shape with the extensions the agent `activated` (see
    /// [`Plan::read`]); `undefined` when there is no body to read. Throws the
    /// fields of the error the answer is over HTTP+JSON (see [`fields`]).
    pub fn read(
        &self,
        value: JsValue,
        status: u16,
        headers: Option<ReplyHeaders>,
        activated: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let body = Some(value).filter(|v| !v.is_undefined()).map(Json);
        let ReplyHead { retry_after, cache_control, request_id } =
            self.plan.reply_head(status, |name| headers.as_ref()?.get(name));
        let reply = HttpReply { status, retry_after_header: retry_after, cache_control, request_id, body };
        let reply = self.plan.read(reply, activated.as_deref(), self.dialect, true).map_err(fields)?;
        Ok(reply.body.map_or(JsValue::UNDEFINED, |body| body.0))
    }
}

/// An error of the core as the entry's `.wasm` reads it back (`read_error`
/// in `transport.rs`, through `agent-protocol.js`), its fields by name:
/// `{ code, message, httpStatus?, retryAfter?, data? }`, `code` the error
/// code's name ([`ErrorCode::as_str`], as `MagisteriumError.code` says it).
fn fields(e: CallError<Json>) -> JsValue {
    let e = e.into_fields();
    let name = Json::from_str;
    let mut members = vec![(name("code"), name(e.code.as_str())), (name("message"), name(&e.message))];
    if let Some(status) = e.http_status {
        members.push((name("httpStatus"), Json(JsValue::from(status))));
    }
    if let Some(seconds) = e.retry_after {
        members.push((name("retryAfter"), Json(JsValue::from_f64(seconds))));
    }
    if let Some(data) = e.data {
        members.push((name("data"), data));
    }
    Json::object(members).0
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
