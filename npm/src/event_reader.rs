//! Streams of events (`sendMessageStream`, `subscribeToTask`): the
//! `AsyncIterable` that `js/transport.js` makes of a call, and
//! `EventReader`, which has the core decode each event after the first as
//! the call loop decoded the first (the events split from the body by
//! [`crate::event_lines::EventLines`]).

use crate::js_error::to_js;
use crate::transport::{CallSignal, JsCallSignal, JsReply, reply_of};
use js_sys::Promise;
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::{result_shape, task, wire};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The `AsyncIterable` of a stream whose call `opened` resolves with the first event.
    pub fn events(opened: &Promise, decoder: EventReader) -> JsValue;
}

/// The decoder of one client's streams (internal: handed to `events`).
#[wasm_bindgen(skip_typescript)]
pub struct EventReader {
    dialect: Dialect,
    max_bytes: f64,
}

impl EventReader {
    /// A decoder for a client of `dialect` whose bodies are bounded by `max_bytes`.
    pub fn new(dialect: Dialect, max_bytes: f64) -> EventReader {
        EventReader { dialect, max_bytes }
    }
}

#[wasm_bindgen]
impl EventReader {
    /// The event `reply` holds on `call`'s stream (its data parsed, or why
    /// there is none), checked as the first one was, with the request id and
    /// the token (removed from any error) that `post` kept on the call;
    /// or its `MagisteriumError` (returned, not thrown: a `Result` would cost
    /// the bundle a shim of its own). The call goes on: the stream ends it.
    pub fn read(&self, call: JsCallSignal, reply: JsReply) -> JsValue {
        let call = CallSignal::of_stream(call);
        let token = call.token();
        let v1 = call.v1();
        let event = reply_of(&call, reply, self.max_bytes)
            .map(|reply| wire::HttpReply { body: reply.body.map(|b| result_shape::normalised(b, v1)), ..reply })
            .and_then(|reply| wire::read_response(reply, call.request_id(), self.dialect))
            .and_then(task::read_event);
        event.map_or_else(|e| to_js(e, token.as_deref()), |event| event.0)
    }
}
