//! Streams of events (`sendMessageStream`, `subscribeToTask`): the
//! `AsyncIterable` that `js/transport.js` makes of a call, and
//! `EventReader`, one class for one stream's whole read: the core's
//! event-stream reader ([`magisterium_a2a::sans_io::event_stream`]), which
//! `js/agent-protocol.js` pushes the body's bytes into as they arrive and
//! takes each event's data out of, and the decoding of each event after the
//! first as the call loop decoded the first. (One class rather than two:
//! each exported class costs the bundle its glue.)

use crate::js_error::to_js;
use crate::transport::{CallSignal, JsCallSignal, JsReply, reply_of};
use js_sys::Promise;
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::event_stream::{EventStream, Next};
use magisterium_a2a::sans_io::{result_shape, task, wire};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The `AsyncIterable` of a stream whose call `opened` resolves with the
    /// first event (the rest read and decoded by the call's `EventReader`).
    pub fn events(opened: &Promise) -> JsValue;
}

/// One stream's events, read and decoded (internal: handed to `post`, which
/// pushes the body's chunks in as they arrive).
#[wasm_bindgen(skip_typescript)]
pub struct EventReader {
    stream: EventStream,
    dialect: Dialect,
    max_bytes: f64,
}

impl EventReader {
    /// A reader for a client of `dialect` whose events and bodies are held to
    /// `max_bytes` (the client's `maxResponseBytes`).
    pub fn new(dialect: Dialect, max_bytes: f64) -> EventReader {
        // `as` saturates: a bound past the address space is no bound below it.
        EventReader { stream: EventStream::new(max_bytes as usize), dialect, max_bytes }
    }
}

#[wasm_bindgen]
impl EventReader {
    /// Adds the body's next chunk.
    pub fn push(&mut self, chunk: &[u8]) {
        self.stream.push(chunk);
    }

    /// The next event's data (its bytes, a `Uint8Array`); `undefined` until
    /// another chunk is pushed; `null` when an event is larger than the bound
    /// (stop reading).
    pub fn next(&mut self) -> JsValue {
        match self.stream.next_event() {
            Next::Event(data) => js_sys::Uint8Array::from(&data[..]).into(),
            Next::More => JsValue::UNDEFINED,
            Next::TooLarge => JsValue::NULL,
        }
    }

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
