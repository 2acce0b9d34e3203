//! `EventLines`: the core's event-stream reader
//! ([`magisterium_a2a::sans_io::event_stream`]) for one stream, handed to
//! `js/agent-protocol.js`, which pushes the body's bytes into it as they
//! arrive and takes each event's data out.

use magisterium_a2a::sans_io::event_stream::{EventStream, Next};
use wasm_bindgen::prelude::*;

/// One stream's server-sent events (internal: handed to `post`, which
/// pushes the body's chunks in as they arrive).
#[wasm_bindgen(skip_typescript)]
pub struct EventLines(EventStream);

impl EventLines {
    /// A reader whose events are held to `max_bytes` (the client's `maxResponseBytes`).
    pub fn new(max_bytes: f64) -> EventLines {
        // `as` saturates: a bound past the address space is no bound below it.
        EventLines(EventStream::new(max_bytes as usize))
    }
}

#[wasm_bindgen]
impl EventLines {
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
