//! Streams of events (`sendMessageStream`, `subscribeToTask`): the
//! `AsyncIterable` that `js/transport.js` makes of a call, and
//! `EventReader`, the decoding of each event after the first as the call
//! loop decoded the first. The bytes of a stream are read into events by
//! the core's event-stream reader and each event brought to the package's
//! shape by its result shape, both in the lazily loaded `.wasm` that
//! `js/agent-protocol.js` instantiates (see [`crate::protocol`]'s doc):
//! this entry's `.wasm` carries neither.

use crate::js_error::to_js;
use crate::transport::{CallSignal, JsCallSignal, JsReply, reply_of};
use js_sys::Promise;
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::{task, wire};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The `AsyncIterable` of a stream whose call `opened` resolves with the
    /// first event (the rest read and decoded by the call's `EventReader`);
    /// `options` the call's, and `client` (an `A2AClient` of the same
    /// session) what resubscribes it after a drop when `options.resubscribe`
    /// is true (else it is freed).
    pub fn events(opened: &Promise, options: &JsValue, client: JsValue) -> JsValue;
}

/// How one stream's events are decoded (internal: handed to `post`, which
/// keeps it on the call for the events after the first).
#[wasm_bindgen(skip_typescript)]
pub struct EventReader {
    dialect: Dialect,
    max_bytes: f64,
}

impl EventReader {
    /// A reader for a client of `dialect` whose events and bodies are held to
    /// `max_bytes` (the client's `maxResponseBytes`).
    pub fn new(dialect: Dialect, max_bytes: f64) -> EventReader {
        EventReader { dialect, max_bytes }
    }
}

#[wasm_bindgen]
impl EventReader {
    /// The event `reply` holds on `call`'s stream (its data parsed and in the
    /// package's shape, or why there is none), checked as the first one was,
    /// with the request id and the token (removed from any error) that
    /// `post` kept on the call; or its `MagisteriumError` (returned, not
    /// thrown: a `Result` would cost the bundle a shim of its own). The call
    /// goes on: the stream ends it.
    pub fn read(&self, call: JsCallSignal, reply: JsReply) -> JsValue {
        let call = CallSignal::of_stream(call);
        let token = call.token();
        let event = reply_of(&call, reply, self.max_bytes)
            .and_then(|reply| wire::read_response(reply, call.request_id(), self.dialect))
            .and_then(task::read_event);
        event.map_or_else(|e| to_js(e, token.as_deref()), |event| event.0)
    }
}
