//! `A2AClient`: the exported class for any A2A agent, found through its agent
//! card or given an endpoint. It shares the session, the jobs and the
//! decoding with `MagisteriumClient`; only the typed skill methods are
//! Magisterium's own. The error dialect is decided once, from the card (or
//! the endpoint), never guessed per error.

use crate::arguments::ClientMethod;
use crate::call_future::{self, Work};
use crate::discovery::Discovered;
use crate::event_reader::{self, events};
use crate::js_error::to_js;
use crate::js_platform::{Agent, Session};
use crate::json_view::{Json, cached_key};
use crate::options::{
    self, AGENT_KEYS, CLIENT_KEYS, Reader, binding, client_settings, dialect, extensions, protocol_version,
};
use crate::task_methods::task_methods;
use crate::transport::{JsCallSignal, JsReply, extras};
use alloc::rc::Rc;
use js_sys::Promise;
use magisterium_a2a::sans_io::card::{Binding, ProtocolVersion, dialect_of};
use magisterium_a2a::sans_io::error::{CallError, Dialect};
use magisterium_a2a::sans_io::wire::OTHER;
use wasm_bindgen::prelude::*;

/// A client for one A2A agent. Calls may overlap; each returns a Promise
/// that rejects only with `MagisteriumError`.
#[wasm_bindgen(skip_typescript)]
pub struct A2AClient {
    session: Rc<Session>,
    card: JsValue,
}

#[wasm_bindgen]
impl A2AClient {
    /// Creates a client for `options.endpoint`; throws `MagisteriumError`
    /// (INVALID_INPUT) for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<A2AClient, JsValue> {
        Self::from_options(&options).map_err(|e| to_js(e, None))
    }

    /// Fetches the agent card under `baseUrl` (`/.well-known/agent.json`, then
    /// `/.well-known/agent-card.json`; cached for its `Cache-Control` max-age)
    /// and resolves with a client for the interface it chooses (A2A 1.x first, then 0.3).
    pub fn discover(base_url: JsValue, options: JsValue) -> Promise {
        call_future::run(Work::Discover(base_url, options))
    }

    /// The endpoint this client calls.
    #[wasm_bindgen(getter)]
    pub fn endpoint(&self) -> JsValue {
        self.session.route.url()
    }

    /// `"1.0"` or `"0.3"`: the A2A version the client speaks.
    #[wasm_bindgen(getter, js_name = protocolVersion)]
    pub fn protocol_version(&self) -> JsValue {
        self.session.route.version()
    }

    /// `"JSONRPC"` or `"HTTP+JSON"`: the binding the client speaks.
    #[wasm_bindgen(getter)]
    pub fn binding(&self) -> JsValue {
        self.session.route.binding()
    }

    /// `message/stream`: an `AsyncIterable` of the events of the answer (from
    /// an agent that does not stream, its one final task or message).
    #[wasm_bindgen(js_name = sendMessageStream)]
    pub fn send_message_stream(&self, message: JsValue, options: JsValue) -> JsValue {
        self.stream(ClientMethod::SendMessageStream, &message, &options)
    }

    /// `tasks/resubscribe`: an `AsyncIterable` of a task's events, from its
    /// current state (from an agent that does not stream, its final state).
    #[wasm_bindgen(js_name = subscribeToTask)]
    pub fn subscribe_to_task(&self, id: JsValue, options: JsValue) -> JsValue {
        self.stream(ClientMethod::SubscribeToTask, &id, &options)
    }

    /// `tasks/list`: resolves with `{ tasks, nextPageToken?, … }`.
    #[wasm_bindgen(js_name = listTasks)]
    pub fn list_tasks(&self, params: JsValue, options: JsValue) -> Promise {
        call_future::start(&self.session, ClientMethod::ListTasks, &params, &options)
    }

    /// A call of `client.extras()` (internal): `method` (its JSON-RPC name,
    /// one of the core's `wire::OTHER`; any other is INVALID_INPUT) and
    /// `params` as the lazily loaded part wrote them; resolves with the result
    /// as sent, which that part reads.
    #[wasm_bindgen(js_name = _call)]
    pub fn call(&self, method: JsValue, params: JsValue, options: JsValue) -> Promise {
        // Named across the boundary; its place in `OTHER` (none: `u8::MAX`) only in Rust.
        let method = method.as_string();
        let index = OTHER.iter().position(|other| Some(other.name()) == method.as_deref()).map_or(u8::MAX, |i| i as u8);
        call_future::start(&self.session, ClientMethod::Other(index), &params, &options)
    }

    /// `extras()`: resolves with the client's calls that not every
    /// orchestrator needs (the authenticated extended card, push-notification
    /// configs), which the lazily loaded part writes and reads (see `extras`
    /// in `js/agent-protocol.js`); loads it, as a first 1.0 call does.
    pub fn extras(&self) -> Promise {
        extras(A2AClient { session: self.session.clone(), card: self.card.clone() }.into())
    }

    /// The event `reply` of a stream of this client's session holds on `call`
    /// (internal: see [`crate::event_reader::read`]).
    #[wasm_bindgen(js_name = _event)]
    pub fn event(&self, call: JsCallSignal, reply: JsReply) -> JsValue {
        event_reader::read(&self.session, call, reply)
    }

    /// `"magisterium"` or `"a2a"`: whose meanings -32002..-32007 have.
    #[wasm_bindgen(getter)]
    pub fn dialect(&self) -> JsValue {
        cached_key(match self.session.dialect {
            Dialect::Magisterium => "magisterium",
            Dialect::A2a => "a2a",
        })
        .clone()
    }

    /// The agent card the client was discovered from, or `null`.
    #[wasm_bindgen(getter)]
    pub fn card(&self) -> JsValue {
        self.card.clone()
    }
}

impl A2AClient {
    /// `new A2AClient({ endpoint, dialect?, protocolVersion?, binding?, …ClientOptions })`:
    /// the dialect defaults to Magisterium's for a magisterium.com endpoint,
    /// A2A's otherwise; the binding to JSON-RPC; the version to 0.3 (1.0
    /// over HTTP+JSON, the only one it has); a generic agent is taken to stream.
    fn from_options(options: &JsValue) -> Result<A2AClient, CallError<Json>> {
        let o = Reader::new(options, "options", &[&CLIENT_KEYS, &AGENT_KEYS, &["endpoint"]])?;
        let Some(url) = o.string("endpoint")? else {
            return Err(CallError::invalid_input("options.endpoint is required (or use A2AClient.discover)"));
        };
        let endpoint = options::endpoint(&url)?;
        let dialect = dialect(&o)?.unwrap_or_else(|| dialect_of(&endpoint, false));
        let binding = binding(&o)?.unwrap_or(Binding::JsonRpc);
        let version = match (binding, protocol_version(&o)?) {
            (Binding::HttpJson, Some(ProtocolVersion::V0_3)) => {
                return Err(CallError::invalid_input("the HTTP+JSON binding is spoken in A2A 1.0 only, not in 0.3"));
            }
            (Binding::HttpJson, _) => ProtocolVersion::V1_0,
            (_, version) => version.unwrap_or(ProtocolVersion::V0_3),
        };
        let settings = client_settings(&o, endpoint)?;
        let (extensions, io) = (extensions(&o), options::exchange_options(&o)?);
        let agent = Agent { dialect, version, binding, other: None, streaming: dialect == Dialect::A2a, extensions };
        let session = Session::new(settings, agent, JsValue::UNDEFINED, io);
        Ok(A2AClient { session: Rc::new(session), card: JsValue::NULL })
    }

    /// The events of `method` on this client's session; a client of the
    /// session goes with them, to decode each event after the first and to
    /// resubscribe after a drop when `options.resubscribe` (`js/transport.js`'s
    /// `events` reads it).
    fn stream(&self, method: ClientMethod, argument: &JsValue, options: &JsValue) -> JsValue {
        let opened = call_future::start(&self.session, method, argument, options);
        events(&opened, options, A2AClient { session: self.session.clone(), card: JsValue::NULL }.into())
    }
}

/// What `A2AClient.discover` resolves with: a client of the agent it found.
impl From<Discovered> for JsValue {
    fn from(Discovered { session, card }: Discovered) -> JsValue {
        A2AClient { session: Rc::new(session), card }.into()
    }
}

task_methods!(A2AClient);
