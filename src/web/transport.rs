//! `fetch`, timeouts and cancellation. One `AbortController` per call carries
//! both the caller's `AbortSignal` and the call's timeout to every await:
//! the request, the body read, the token provider and the retry sleeps.
//! No Rust closures are handed to JS, so nothing leaks when a call ends.

use crate::core::error::{Error, ErrorCode};
use crate::core::text::{cat, int};
use crate::core::wire::HttpReply;
use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use js_sys::futures::JsFuture;
use web_sys::{AbortController, AbortSignal, AddEventListenerOptions, Headers, RequestInit, Response};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = fetch)]
    fn fetch_with_init(url: &str, init: &RequestInit) -> Promise;
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(handler: &Function, ms: u32) -> JsValue;
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
    /// `JSON.parse` on a JS string, without copying it through wasm memory.
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &JsValue) -> Result<JsValue, JsValue>;
}

/// The reason our controller aborts with when the call's time is up.
const TIMEOUT_REASON: &str = "magisterium-a2a: timeout";

/// The cancellation of one call: aborted by the caller's signal or by its timeout.
pub struct CallSignal {
    controller: AbortController,
    deadline_ms: f64,
    timer: JsValue,
    caller: Option<(AbortSignal, Function)>,
}

impl CallSignal {
    /// Starts the call's clock. Fails with ABORTED when `caller` is already aborted.
    pub fn start(caller: Option<AbortSignal>, timeout_ms: u32) -> Result<CallSignal, Error<JsValue>> {
        if let Some(signal) = caller.as_ref().filter(|s| s.aborted()) {
            return Err(Error::new(ErrorCode::Aborted, "the call was aborted before it started").with_cause(reason_of(signal)));
        }
        let controller = AbortController::new().map_err(|_| Error::new(ErrorCode::Network, "AbortController is unavailable"))?;
        let abort = bound_abort(&controller);
        let on_timeout: Function = abort.bind1(&controller, &JsValue::from_str(TIMEOUT_REASON)).unchecked_into();
        let timer = set_timeout(&on_timeout, timeout_ms);
        let caller = caller.map(|signal| {
            let forward = abort.bind0(&controller);
            let once = AddEventListenerOptions::new();
            once.set_once(true);
            let _ = signal.add_event_listener_with_callback_and_add_event_listener_options("abort", &forward, &once);
            (signal, forward)
        });
        Ok(CallSignal { controller, deadline_ms: js_sys::Date::now() + f64::from(timeout_ms), timer, caller })
    }

    /// When the call times out, on the `Date.now()` clock.
    pub fn deadline_ms(&self) -> f64 {
        self.deadline_ms
    }

    /// The signal every await of the call listens to.
    pub fn signal(&self) -> AbortSignal {
        self.controller.signal()
    }

    /// The error for an aborted call: TIMEOUT or ABORTED.
    pub fn aborted_error(&self) -> Error<JsValue> {
        let timed_out = self.signal().reason().as_string().as_deref() == Some(TIMEOUT_REASON);
        if timed_out {
            Error::new(ErrorCode::Timeout, "the call timed out")
        } else {
            let reason = self.caller.as_ref().and_then(|(signal, _)| reason_of(signal));
            Error::new(ErrorCode::Aborted, "the call was aborted").with_cause(reason)
        }
    }

    /// True once the call is aborted or timed out.
    pub fn is_aborted(&self) -> bool {
        self.signal().aborted()
    }

    /// Awaits `promise`, or rejects as soon as the call is aborted.
    pub async fn race(&self, promise: Promise) -> Result<JsValue, JsValue> {
        let signal = self.signal();
        let on_abort = Promise::new(&mut |_, reject| {
            let once = AddEventListenerOptions::new();
            once.set_once(true);
            let _ = signal.add_event_listener_with_callback_and_add_event_listener_options("abort", &reject, &once);
        });
        JsFuture::from(Promise::race(&js_sys::Array::of2(&promise, &on_abort))).await
    }

    /// Sleeps `ms`, or less when the call is aborted first (check [`Self::is_aborted`]).
    pub async fn sleep(&self, ms: f64) {
        let wait = Promise::new(&mut |resolve, _| {
            set_timeout(&resolve, ms.clamp(0.0, 2_147_483_647.0) as u32);
        });
        let _ = self.race(wait).await;
    }
}

impl Drop for CallSignal {
    fn drop(&mut self) {
        clear_timeout(&self.timer);
        if let Some((signal, forward)) = &self.caller {
            let _ = signal.remove_event_listener_with_callback("abort", forward);
        }
    }
}

/// The reason a caller gave `abort(reason)`, when there is one.
fn reason_of(signal: &AbortSignal) -> Option<JsValue> {
    Some(signal.reason()).filter(|r| !r.is_undefined())
}

/// `AbortController.prototype.abort`, to bind without a Rust closure.
fn bound_abort(controller: &AbortController) -> Function {
    // Reading a method of our own AbortController cannot fail.
    Reflect::get(controller, &JsValue::from_str("abort")).unwrap_or(JsValue::UNDEFINED).unchecked_into()
}

/// POSTs `body` (or GETs, without one) with exactly `Content-Type:
/// application/json` (with a body) and, when there is a token,
/// `Authorization: Bearer …`, nothing else. The response body is parsed by
/// `JSON.parse` in JS; one that is not JSON reaches the core as `None`; one
/// over `max_bytes` is BAD_RESPONSE.
pub async fn send(call: &CallSignal, url: &str, token: Option<&str>, body: Option<&str>, max_bytes: f64) -> Result<HttpReply<JsValue>, Error<JsValue>> {
    let headers = Headers::new().map_err(|_| network("Headers is unavailable"))?;
    let init = RequestInit::new();
    if let Some(body) = body {
        let _ = headers.set("Content-Type", "application/json");
        init.set_method("POST");
        init.set_body(&JsValue::from_str(body));
    }
    if let Some(token) = token {
        let bearer = cat(&["Bearer ", token]);
        headers.set("Authorization", &bearer).map_err(|_| Error::invalid_input("the token is not a valid header value"))?;
    }
    init.set_headers(&headers);
    init.set_signal(Some(&call.signal()));
    let response: Response = match JsFuture::from(fetch_with_init(url, &init)).await {
        Ok(response) => response.unchecked_into(),
        Err(e) => return Err(failed(call, "the request failed", &e)),
    };
    let status = response.status();
    let header = |name: &str| response.headers().get(name).ok().flatten();
    let retry_after_header = header("Retry-After");
    let too_large = |size: f64| {
        let (size, limit) = (int(size as i64), int(max_bytes as i64));
        let message = cat(&["the response is larger than maxResponseBytes (", &size, " > ", &limit, ")"]);
        Err(Error::bad_response(message).with_http_status(status))
    };
    let declared = header("Content-Length").and_then(|l| l.trim().parse::<u64>().ok()).map(|n| n as f64);
    if let Some(size) = declared.filter(|size| *size > max_bytes) {
        // Stop the download; the body is never read.
        if let Some(stream) = response.body() {
            let _ = stream.cancel();
        }
        return too_large(size);
    }
    let text = match response.text() {
        Ok(promise) => JsFuture::from(promise).await,
        Err(e) => Err(e),
    };
    let text = text.map_err(|e| failed(call, "the response body could not be read", &e).with_http_status(status))?;
    // UTF-16 units: at least the byte count of any body that fits the limit.
    let length = text.dyn_ref::<js_sys::JsString>().map_or(0.0, |t| f64::from(t.length()));
    if length > max_bytes {
        return too_large(length);
    }
    let body = json_parse(&text).ok();
    Ok(HttpReply { status, retry_after_header, cache_control: header("Cache-Control"), body })
}

/// NETWORK, unless the call was aborted or timed out meanwhile.
fn failed(call: &CallSignal, what: &str, error: &JsValue) -> Error<JsValue> {
    if call.is_aborted() {
        return call.aborted_error();
    }
    let detail = Reflect::get(error, &JsValue::from_str("message")).ok().and_then(|m| m.as_string()).unwrap_or_default();
    network(&cat(&[what, ": ", &detail, " (offline, refused by CORS, or the connection dropped)"])).with_cause(Some(error.clone()))
}

fn network(message: &str) -> Error<JsValue> {
    Error::new(ErrorCode::Network, message)
}
