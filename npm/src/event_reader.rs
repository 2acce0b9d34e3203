//! Streams of events (`sendMessageStream`, `subscribeToTask`): the
//! `AsyncIterable` that `js/transport.js` makes of a call, and [`read`],
//! the decoding of each event after the first as the call loop decoded the
//! first. The bytes of a stream are read into events by
//! the core's event-stream reader and each event brought to the package's
//! shape by its result shape, both in the lazily loaded `.wasm` that
//! `js/agent-protocol.js` instantiates (see [`crate::protocol`]'s doc):
//! this entry's `.wasm` carries neither.

use crate::js_error::to_js;
use crate::js_platform::Session;
use crate::transport::{CallSignal, JsCallSignal, JsReply, reply_of};
use js_sys::Promise;
use magisterium_a2a::sans_io::{task, wire};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The `AsyncIterable` of a stream whose call `opened` resolves with the
    /// first event (the rest read, then decoded by `client`'s `_event`);
    /// `options` the call's, and `client` (an `A2AClient` of the same
    /// session, freed when the stream ends) also what resubscribes it after
    /// a drop when `options.resubscribe` is true.
    pub fn events(opened: &Promise, options: &JsValue, client: JsValue) -> JsValue;
}

/// The event `reply` holds on `call`'s stream of a client of `session`
/// (its data parsed and in the package's shape, or why there is none),
/// checked as the first one was, with the request id and the token (removed
/// from any error) that `post` kept on the call; or its `MagisteriumError`
/// (returned, not thrown: a `Result` would cost the bundle a shim of its
/// own). The call goes on: the stream ends it. (`A2AClient`'s `_event`, which
/// `js/transport.js` calls for each event after the first: the stream's
/// client decodes them, with no class of its own for it.)
pub fn read(session: &Session, call: JsCallSignal, reply: JsReply) -> JsValue {
    let call = CallSignal::of_stream(call);
    let token = call.token();
    let event = reply_of(&call, reply, session.settings.max_response_bytes, false)
        .and_then(|reply| wire::read_response(reply, call.request_id(), session.dialect))
        .and_then(task::read_event);
    event.map_or_else(|e| to_js(e, token.as_deref()), |event| event.0)
}
