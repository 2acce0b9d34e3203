//! `fetch`, timeouts and cancellation, through `js/transport.js`: one
//! `CallSignal` per call carries both the caller's `AbortSignal` and the
//! call's timeout to every await (the request, the body read, the token
//! provider and the retry sleeps), and one exchange is one crossing into JS.
//! No Rust closures are handed to JS, so nothing leaks when a call ends.

use crate::driver::{Wait, wait};
use crate::failure::Failure;
use crate::json_view::Json;
use crate::reply_headers::ReplyHeaders;
#[cfg(feature = "agents")]
use alloc::string::String;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};
use js_sys::Promise;
use magisterium_a2a::sans_io::error::{CallError, ErrorCode};
use magisterium_a2a::sans_io::exchange;
use magisterium_a2a::sans_io::plan::{self, ReplyHead};
use magisterium_a2a::sans_io::wire::HttpReply;
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;
#[cfg(feature = "agents")]
use {
    core::cell::RefCell,
    magisterium_a2a::sans_io::agent_route::Route,
    magisterium_a2a::sans_io::card::{Binding, ProtocolVersion},
    magisterium_a2a::sans_io::error::Dialect,
};

#[cfg(feature = "agents")]
#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// One HTTP exchange of `call`, `request` naming what it needs (see
    /// [`send`]: `url`, `protocolVersion`, `binding`, `magisterium`, `token`,
    /// `body`, `maxBytes`, `stream`, `extensions`, `tenant`); a stream's
    /// events are each decoded by `_event` of the stream's `A2AClient` (see
    /// `crate::event_reader`). Resolves (never rejects) with a [`JsReply`].
    fn post(request: &js_sys::Object, call: &JsCallSignal) -> Promise;
}

#[cfg(feature = "agents")]
#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The extras of `client` (an `A2AClient`), once `agent-protocol.js`
    /// and its `.wasm` are loaded (see `extras` there).
    pub fn extras(client: JsValue) -> Promise;
}

#[cfg(not(feature = "agents"))]
#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// One HTTP exchange (Magisterium's calls: A2A 0.3, no streams),
    /// `request` naming what it needs (see [`request`]), aborted by `signal`;
    /// resolves (never rejects) with a [`JsReply`].
    fn exchange(request: &js_sys::Object, signal: &AbortSignal) -> Promise;
}

/// Where a client's calls go. With `agents`, the core's [`Route`] (the URL, the A2A
/// version spoken there, and the version a -32009 moves to), the binding (which never
/// moves: an HTTP+JSON route has no other version) and the tenant its 1.0 requests name
/// ([`JsRoute::naming`]); without, a client speaks A2A 0.3 to its endpoint, and the route
/// is that URL alone, a JS string made once.
#[cfg(feature = "agents")]
pub struct JsRoute(RefCell<Route<JsValue>>, Binding, JsValue);
/// Where a client's calls go: its endpoint, a JS string made once.
#[cfg(not(feature = "agents"))]
pub struct JsRoute(JsValue);

impl JsRoute {
    /// Magisterium's route: A2A 0.3 to `url`, nothing to fall back to.
    #[cfg(feature = "magisterium")]
    pub fn magisterium(url: &str) -> JsRoute {
        #[cfg(feature = "agents")]
        return JsRoute::new(JsValue::from_str(url), ProtocolVersion::V0_3, None, Binding::JsonRpc);
        #[cfg(not(feature = "agents"))]
        JsRoute(JsValue::from_str(url))
    }

    /// A route to `url` (a JS string) in `version` and `binding`, and the
    /// other version (its URL and version) a -32009 moves to; no tenant.
    #[cfg(feature = "agents")]
    pub fn new(
        url: JsValue,
        version: ProtocolVersion,
        other: Option<(JsValue, ProtocolVersion)>,
        binding: Binding,
    ) -> JsRoute {
        JsRoute(RefCell::new(Route::new(url, version, other)), binding, JsValue::UNDEFINED)
    }

    /// The URL calls go to (`client.endpoint`).
    pub fn url(&self) -> JsValue {
        #[cfg(feature = "agents")]
        return self.0.borrow().endpoint().clone();
        #[cfg(not(feature = "agents"))]
        self.0.clone()
    }

    /// `"1.0"` or `"0.3"` (`client.protocolVersion`).
    #[cfg(feature = "agents")]
    pub fn version(&self) -> JsValue {
        JsValue::from_str(if self.0.borrow().version() == ProtocolVersion::V1_0 { "1.0" } else { "0.3" })
    }

    /// `"JSONRPC"` or `"HTTP+JSON"` (`client.binding`).
    #[cfg(feature = "agents")]
    pub fn binding(&self) -> JsValue {
        JsValue::from_str(self.1.as_str())
    }

    /// The route the next request goes on (see [`Route::ticket`]).
    #[cfg(feature = "agents")]
    pub fn ticket(&self) -> u32 {
        self.0.borrow().ticket()
    }

    /// The agent refused the version of a request sent on `ticket` (see [`Route::refused`]).
    #[cfg(feature = "agents")]
    pub fn refused(&self, ticket: u32) -> bool {
        self.0.borrow_mut().refused(ticket)
    }
}

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The JS half of a call's cancellation.
    #[wasm_bindgen(js_name = CallSignal)]
    pub type JsCallSignal;
    #[wasm_bindgen(constructor, catch, js_class = CallSignal)]
    fn new(caller: Option<&AbortSignal>, timeout_ms: u32) -> Result<JsCallSignal, JsValue>;
    #[cfg(not(feature = "agents"))]
    #[wasm_bindgen(method, getter, js_class = CallSignal)]
    fn signal(this: &JsCallSignal) -> AbortSignal;
    #[wasm_bindgen(method, getter, js_class = CallSignal)]
    fn deadline(this: &JsCallSignal) -> f64;
    #[wasm_bindgen(method, getter, js_class = CallSignal)]
    fn aborted(this: &JsCallSignal) -> bool;
    #[wasm_bindgen(method, getter, js_class = CallSignal, js_name = timedOut)]
    fn timed_out(this: &JsCallSignal) -> bool;
    #[wasm_bindgen(method, getter, js_class = CallSignal, js_name = callerReason)]
    fn caller_reason(this: &JsCallSignal) -> JsValue;
    #[wasm_bindgen(method, js_class = CallSignal)]
    fn race(this: &JsCallSignal, promise: &Promise) -> Promise;
    #[wasm_bindgen(method, js_class = CallSignal)]
    fn sleep(this: &JsCallSignal, ms: f64) -> Promise;
    #[wasm_bindgen(method, js_class = CallSignal)]
    fn dispose(this: &JsCallSignal);
    #[cfg(feature = "agents")]
    #[wasm_bindgen(method, js_class = CallSignal)]
    fn keep(this: &JsCallSignal, first: &JsValue) -> JsValue;
    /// The request id of a stream's call (set by `post`).
    #[cfg(feature = "agents")]
    #[wasm_bindgen(method, getter, js_class = CallSignal, js_name = requestId)]
    fn request_id(this: &JsCallSignal) -> f64;
    /// The token a stream's call sent, if any (set by `post`).
    #[cfg(feature = "agents")]
    #[wasm_bindgen(method, getter, js_class = CallSignal)]
    fn token(this: &JsCallSignal) -> Option<String>;

    /// What `exchange` and `post` resolve with (see `js/transport.js`).
    pub type JsReply;
    #[wasm_bindgen(method, getter)]
    fn status(this: &JsReply) -> u16;
    /// Why there is no answer to read, as `js/transport/failure.js` names it (see [`Failure`]).
    #[wasm_bindgen(method, getter)]
    fn failed(this: &JsReply) -> u8;
    /// The parsed body ([`Failure::Answered`]), what was thrown ([`Failure::RequestFailed`],
    /// [`Failure::Unreadable`]) or an error's fields ([`Failure::CoreError`]).
    #[wasm_bindgen(method, getter)]
    fn value(this: &JsReply) -> JsValue;
    /// The response's `Headers` (none before a response), read by the core's rule ([`plan::reply_head`]).
    #[wasm_bindgen(method, getter)]
    fn headers(this: &JsReply) -> Option<ReplyHeaders>;
}

/// The cancellation of one call: aborted by the caller's signal or by its timeout.
pub struct CallSignal(JsCallSignal);

impl CallSignal {
    /// The call a stream's event belongs to; the stream, not this, ends it.
    #[cfg(feature = "agents")]
    pub fn of_stream(call: JsCallSignal) -> core::mem::ManuallyDrop<CallSignal> {
        core::mem::ManuallyDrop::new(CallSignal(call))
    }

    /// The request id of a stream's call.
    #[cfg(feature = "agents")]
    pub fn request_id(&self) -> u64 {
        self.0.request_id() as u64
    }

    /// The token a stream's call sent.
    #[cfg(feature = "agents")]
    pub fn token(&self) -> Option<String> {
        self.0.token()
    }

    /// The call's value handed over, with the call, to an event stream (see
    /// `keep` in `js/transport.js`): dropping this no longer ends the call.
    #[cfg(feature = "agents")]
    pub fn keep(&self, first: &JsValue) -> JsValue {
        self.0.keep(first)
    }

    /// Starts the call's clock. Fails with ABORTED when `caller` is already aborted.
    pub fn start(caller: Option<AbortSignal>, timeout_ms: u32) -> Result<CallSignal, CallError<Json>> {
        let signal = JsCallSignal::new(caller.as_ref(), timeout_ms)
            .map(CallSignal)
            .map_err(|_| CallError::new(ErrorCode::Network, "AbortController is unavailable"))?;
        // Aborted already: only by the caller (the timeout is at least 1 ms away).
        if signal.is_aborted() {
            let reason = Some(signal.0.caller_reason()).filter(|r| !r.is_undefined()).map(Json);
            return Err(CallError::new(ErrorCode::Aborted, "the call was aborted before it started").with_cause(reason));
        }
        Ok(signal)
    }

    /// When the call times out, on the `Date.now()` clock.
    pub fn deadline_ms(&self) -> f64 {
        self.0.deadline()
    }

    /// The error for an aborted call: TIMEOUT or ABORTED.
    pub fn aborted_error(&self) -> CallError<Json> {
        if self.0.timed_out() {
            exchange::timed_out()
        } else {
            let reason = Some(self.0.caller_reason()).filter(|r| !r.is_undefined()).map(Json);
            CallError::new(ErrorCode::Aborted, "the call was aborted").with_cause(reason)
        }
    }

    /// True once the call is aborted or timed out.
    pub fn is_aborted(&self) -> bool {
        self.0.aborted()
    }

    /// Awaits `promise`, or rejects as soon as the call is aborted. (The
    /// [`Wait`] itself, as [`Self::sleep`] gives its own future: an `async fn`
    /// around either is one more layer of state and drop code in the bundle.)
    pub fn race(&self, promise: Promise) -> Wait {
        wait(self.0.race(&promise))
    }

    /// Sleeps `ms`, or less when the call is aborted first (check [`Self::is_aborted`]).
    pub fn sleep(&self, ms: f64) -> Sleep {
        Sleep(wait(self.0.sleep(ms)))
    }
}

impl Drop for CallSignal {
    fn drop(&mut self) {
        self.0.dispose();
    }
}

/// The future of [`CallSignal::sleep`]: the wait for its timer, whose outcome says nothing.
pub struct Sleep(Wait);

impl Future for Sleep {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        Pin::new(&mut self.0).poll(cx).map(drop)
    }
}

/// What an agent's request carries besides its body (see [`send`]).
#[cfg(feature = "agents")]
pub struct AgentRequest<'a> {
    /// The call asks for a stream of events.
    pub stream: bool,
    /// The meanings of the agent's error codes.
    pub dialect: Dialect,
    /// The `extensions` option's header value, or `undefined`.
    pub extensions: &'a JsValue,
}

/// POSTs `body` (or GETs, without one) to `route` (see [`JsRoute`]) with
/// exactly `Content-Type: application/json` (with a body) and, when there is
/// a token, `Authorization: Bearer …`; a 1.0 agent's request also carries
/// `A2A-Version`, a stream's (`stream` in `agent`)
/// `Accept: text/event-stream` (and its first event is the reply). Over
/// HTTP+JSON, the request is mapped to its verb, URL and body, and the
/// answer back, by the core's `http_json` (errors read in `dialect`). The response body is parsed by `JSON.parse` in JS;
/// one that is not JSON reaches the core as `None`; one over `max_bytes`
/// (counted as it is read, after any `Content-Encoding` is undone) is
/// BAD_RESPONSE, its read stopped there. The `token` (if any) is a JS
/// string, made once per client rather than per request. An agent's answer
/// in 1.0, or to a stream, comes back in the package's result shape
/// (`js/agent-protocol.js` hands it to the core's `result_shape` first).
/// `io` is what every exchange of the client carries out besides the plan
/// (its `headers`, `fetch` and hooks: see [`crate::options::exchange_options`]).
// With `agents`, what an agent's request carries besides its body comes as one
// `AgentRequest` (whether a stream, the dialect, the extensions).
pub async fn send(
    call: &CallSignal,
    route: &JsRoute,
    token: Option<&JsValue>,
    body: Option<&str>,
    max_bytes: f64,
    io: &JsValue,
    #[cfg(feature = "agents")] agent: AgentRequest<'_>,
) -> Result<HttpReply<Json>, CallError<Json>> {
    #[cfg(feature = "agents")]
    let request = request(route.0.borrow().endpoint(), token, body, max_bytes, io);
    #[cfg(not(feature = "agents"))]
    let request = request(&route.0, token, body, max_bytes, io);
    if body.is_some() {
        // A 0.3 JSON-RPC POST (every request of the Magisterium entry, and an agent's 0.3 call
        // outside a stream, which `js/transport/lazy-load.js` sends as it is): the degenerate plan,
        // whose one header is its body's type (`plan::JSON_BODY`); `js/agent-protocol.js` sends
        // any other request with its plan's headers.
        let headers = js_sys::Object::new();
        set_text(&headers, plan::JSON_BODY.0, Some(plan::JSON_BODY.1));
        set(&request, "headers", &headers);
    }
    #[cfg(feature = "agents")]
    let sent = {
        let AgentRequest { stream, dialect, extensions } = agent;
        // Where it goes and how (the route's version and binding, as `client.protocolVersion` and
        // `client.binding` say them), and what else it carries.
        set(&request, "protocolVersion", &route.version());
        set(&request, "binding", &route.binding());
        set(&request, "magisterium", &JsValue::from_bool(dialect == Dialect::Magisterium));
        set(&request, "stream", &JsValue::from_bool(stream));
        set(&request, "extensions", extensions);
        set(&request, "tenant", &route.2);
        post(&request, &call.0)
    };
    #[cfg(not(feature = "agents"))]
    let sent = exchange(&request, &call.0.signal());
    match wait(sent).await {
        Ok(reply) => reply_of(call, reply.unchecked_into(), max_bytes, body.is_none()),
        Err(e) => Err(failed(call, "the request failed", &e)),
    }
}

/// The request every exchange reads by name: `url` (a JS string), `token` (a JS
/// string, or `undefined`), `body` (or `undefined`, a GET), `maxBytes` and the client's `io`; the
/// plan's `headers` are set by the caller (`send`, or `post` in `js/agent-protocol.js`).
fn request(url: &JsValue, token: Option<&JsValue>, body: Option<&str>, max_bytes: f64, io: &JsValue) -> js_sys::Object {
    let request = js_sys::Object::new();
    set(&request, "url", url);
    set(&request, "io", io);
    set_option(&request, "token", token);
    set_text(&request, "body", body);
    set_number(&request, "maxBytes", max_bytes);
    request
}

// `object[name] = value` (`Reflect.set`), typed by what is set: no JS value is made in Rust for
// a name, a string or a number, and no `catch` (a plain object's set cannot throw). Measured on
// `magisterium-a2a` up front (docs/performance.md): 69 B less than js-sys's `Reflect::set`.
#[wasm_bindgen]
extern "C" {
    /// `object[name] = value`.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    pub fn set(object: &js_sys::Object, name: &str, value: &JsValue);
    /// `object[name] = value`, `undefined` for `None`.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_option(object: &js_sys::Object, name: &str, value: Option<&JsValue>);
    /// `object[name] = value` as a JS string, `undefined` for `None`.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_text(object: &js_sys::Object, name: &str, value: Option<&str>);
    /// `object[name] = value` as a JS number.
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    fn set_number(object: &js_sys::Object, name: &str, value: f64);
}

/// What a [`JsReply`] says: the reply (its head read by the core's rule, `get`
/// when the request was a GET), or the error of a request that failed.
pub fn reply_of(
    call: &CallSignal,
    reply: JsReply,
    max_bytes: f64,
    get: bool,
) -> Result<HttpReply<Json>, CallError<Json>> {
    let status = reply.status();
    // The core's rule over the response's headers (`plan::reply_head`): every error of a response carries its id.
    let headers = reply.headers();
    let ReplyHead { retry_after, cache_control, request_id } =
        plan::reply_head(status, get, |name| headers.as_ref()?.get(name));
    let error = match Failure::of(reply.failed()) {
        Some(Failure::Answered) => {
            let body = Some(reply.value()).filter(|b| !b.is_undefined()).map(Json);
            return Ok(HttpReply { status, retry_after_header: retry_after, cache_control, request_id, body });
        }
        Some(Failure::RequestFailed) => return Err(failed(call, "the request failed", &reply.value())),
        Some(Failure::Unreadable) => {
            failed(call, "the response body could not be read", &reply.value()).with_http_status(status)
        }
        #[cfg(feature = "agents")]
        Some(Failure::CoreError) => read_error(reply.value()),
        // TOO_LARGE, and what JS never sends (CORE_ERROR without `agents`).
        _ => exchange::too_large(max_bytes, status),
    };
    Err(error.with_request_id(request_id))
}

/// The error the core read in the lazily loaded `.wasm` (an HTTP+JSON
/// answer's, see `fields` in `protocol.rs`), from its fields by name: its
/// `code` (the code's name, [`ErrorCode::as_str`]; an unknown one is
/// BAD_RESPONSE), `message`, `httpStatus`, `retryAfter` and `data`, so that
/// the call loop retries it as any other.
#[cfg(feature = "agents")]
fn read_error(fields: JsValue) -> CallError<Json> {
    let get = |name: &str| js_sys::Reflect::get(&fields, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let name = get("code").as_string();
    let code = (0..=u8::MAX).map_while(ErrorCode::at).find(|code| Some(code.as_str()) == name.as_deref());
    let mut e = CallError::new(code.unwrap_or(ErrorCode::BadResponse), get("message").as_string().unwrap_or_default());
    e.http_status = get("httpStatus").as_f64().map(|s| s as u16);
    e.retry_after = get("retryAfter").as_f64();
    e.data = Some(get("data")).filter(|d| !d.is_undefined()).map(Json);
    e
}

/// NETWORK, unless the call was aborted or timed out meanwhile.
fn failed(call: &CallSignal, what: &str, error: &JsValue) -> CallError<Json> {
    if call.is_aborted() {
        return call.aborted_error();
    }
    // The message, and its cause's where the platform tells more there (Node: "fetch failed", then why).
    let message =
        |of: &JsValue| js_sys::Reflect::get(of, &JsValue::from_str("message")).ok().and_then(|m| m.as_string());
    let cause = js_sys::Reflect::get(error, &JsValue::from_str("cause")).ok().and_then(|c| message(&c));
    let detail = message(error).unwrap_or_default();
    let detail = match cause.filter(|c| !c.is_empty()) {
        Some(cause) => magisterium_a2a::sans_io::text::cat(&[&detail, ": ", &cause]),
        None => detail,
    };
    exchange::network_error(what, &detail, crate::js_globals::globals().runtime()).with_cause(Some(Json(error.clone())))
}

#[cfg(feature = "agents")]
impl JsRoute {
    /// This route, its 1.0 requests naming `tenant` (a JS string, or `undefined` for none).
    pub fn naming(mut self, tenant: JsValue) -> JsRoute {
        self.2 = tenant;
        self
    }
}
