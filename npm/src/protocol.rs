//! The part of `A2AClient` a page loads only when a client first speaks A2A
//! 1.0 or opens a stream: a `.wasm` of its own (the npm crate built with the
//! feature `protocol` alone), which `js/agent-protocol.js` instantiates and
//! calls. It exports the core's A2A 1.0 rules and its event-stream reader
//! as they are: [`request_shape`] (a request in 1.0's shape),
//! [`result_shape`] (an answer or event in the package's one shape) and
//! [`event_stream`] (server-sent events, bounded), and [`resume`] (which
//! events a stream resubscribed after a drop has already yielded). Kept out of the entry's
//! `.wasm`, they cost a page that only speaks 0.3 nothing.

use crate::json_view::Json;
use alloc::string::String;
use magisterium_a2a::sans_io::error::ErrorCode;
use magisterium_a2a::sans_io::event_stream::{self, Next};
use magisterium_a2a::sans_io::{request_shape, result_shape, resume};
use wasm_bindgen::prelude::*;

/// `response` (a parsed JSON-RPC response, or anything else) with its
/// `result` in the package's shape, rewritten in place (see
/// [`result_shape::normalised`]); `v1`: the request went in A2A 1.0.
#[wasm_bindgen]
pub fn normalised(response: JsValue, v1: bool) -> JsValue {
    result_shape::normalised(Json(response), v1).0
}

/// `request` (a parsed JSON-RPC request of the core, in 0.3's shape) in
/// A2A 1.0's, rewritten in place (see [`request_shape::request_v1`]).
#[wasm_bindgen(js_name = requestV1)]
pub fn request_v1(request: JsValue) -> JsValue {
    request_shape::request_v1(Json(request)).0
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
