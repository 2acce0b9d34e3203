//! The state every call of one client shares ([`Session`]), and the core's
//! [`Platform`] over it for one call ([`JsPlatform`]): `Date.now()`,
//! `Math.random()`, the call's [`CallSignal`], the token provider, and one
//! exchange through `js/transport.js`. The call itself runs in the core's
//! call loop, as the Rust client's calls do.

use crate::js_error::to_js;
use crate::json_view::Json;
use crate::transport::{self, CallSignal, JsRoute};
use alloc::string::String;
use core::cell::{Cell, RefCell};
use core::future::Future;
use js_sys::{Function, Promise};
use magisterium_a2a::sans_io::call_loop::Failed;
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::card::{Binding, ProtocolVersion};
use magisterium_a2a::sans_io::error::{CallError, Dialect};
use magisterium_a2a::sans_io::pacing::Pacer;
use magisterium_a2a::sans_io::platform::Platform;
use magisterium_a2a::sans_io::retry::RetryPolicy;
use magisterium_a2a::sans_io::settings::{self, Auth, Settings};
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::validate::Endpoint;
use magisterium_a2a::sans_io::wire::HttpReply;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// `provider({ url })` with the URL the request goes to, or after a 401 `provider({ url, rejectedToken })`.
    #[wasm_bindgen(catch, js_name = askToken)]
    fn ask_token(provider: &Function, url: &JsValue, rejected: &JsValue) -> core::result::Result<JsValue, JsValue>;
}

#[wasm_bindgen(module = "/js/magisterium-error.js")]
extern "C" {
    /// "CODE message" of a `MagisteriumError`, "" for anything else.
    #[wasm_bindgen(js_name = ownError)]
    fn own_error(thrown: &JsValue) -> String;
}

type Result<T> = core::result::Result<T, CallError<Json>>;

/// A token as the calls send it: the text (for redaction) and the JS string
/// `fetch` gets (made once for a fixed token).
pub type Token = (String, JsValue);

/// One client's settings and shared state.
pub struct Session {
    /// The checked options (their pacer lives in `pacer`).
    pub settings: Settings<Function>,
    /// Whose meanings the server-defined JSON-RPC codes have (see [`Session::dialect`]).
    #[cfg(feature = "agents")]
    pub dialect: Dialect,
    /// The `rateLimit` queue (borrowed only between awaits, never across one).
    pacer: RefCell<Pacer>,
    /// Where calls go, and with `agents` in which A2A version.
    pub route: JsRoute,
    /// The agent streams (see [`Session::streaming`]).
    #[cfg(feature = "agents")]
    pub streaming: bool,
    /// The `extensions` option's header value (a JS string), or `undefined`.
    #[cfg(feature = "agents")]
    pub extensions: JsValue,
    /// A fixed token as a JS string, made once; `undefined` otherwise.
    fixed_token: JsValue,
    /// What every exchange carries out besides its plan: the `headers`, `fetch`
    /// and hook options ([`crate::options::exchange_options`]).
    pub io: JsValue,
    next_request_id: Cell<u64>,
}

/// What an `A2AClient` knows of its agent besides the settings.
#[cfg(feature = "agents")]
pub struct Agent {
    /// Whose meanings the server-defined JSON-RPC codes have.
    pub dialect: Dialect,
    /// The version spoken at the settings' endpoint.
    pub version: ProtocolVersion,
    /// The binding spoken there.
    pub binding: Binding,
    /// The other version, and its endpoint, a -32009 is retried with once.
    pub other: Option<(Endpoint, ProtocolVersion)>,
    /// The agent streams.
    pub streaming: bool,
    /// The extensions asked for ([`Session::extensions`]).
    pub extensions: JsValue,
}

impl Session {
    /// A session over checked settings, calling `route`, of Magisterium's
    /// dialect and without streams.
    fn over(mut settings: Settings<Function>, route: JsRoute, io: JsValue) -> Session {
        let pacer = RefCell::new(core::mem::take(&mut settings.pacer));
        let fixed_token = match &settings.auth {
            Auth::Token(token) => JsValue::from_str(token),
            _ => JsValue::UNDEFINED,
        };
        Session {
            settings,
            #[cfg(feature = "agents")]
            dialect: Dialect::Magisterium,
            pacer,
            route,
            #[cfg(feature = "agents")]
            streaming: false,
            #[cfg(feature = "agents")]
            extensions: JsValue::UNDEFINED,
            fixed_token,
            io,
            next_request_id: Cell::new(1),
        }
    }

    /// A `MagisteriumClient`'s session (its exchanges carrying out `io`): Magisterium's dialect, A2A 0.3, no streams.
    #[cfg(feature = "magisterium")]
    pub fn magisterium(settings: Settings<Function>, io: JsValue) -> Session {
        let route = JsRoute::magisterium(&settings.endpoint.url);
        Session::over(settings, route, io)
    }

    /// An `A2AClient`'s session with `agent`, its 1.0 requests naming `tenant` (a JS string, or `undefined`),
    /// its exchanges carrying out `io`.
    #[cfg(feature = "agents")]
    pub fn new(settings: Settings<Function>, agent: Agent, tenant: JsValue, io: JsValue) -> Session {
        let other = agent.other.map(|(endpoint, version)| (JsValue::from_str(&endpoint.url), version));
        let Agent { dialect, version, binding, streaming, extensions, .. } = agent;
        let route = JsRoute::new(JsValue::from_str(&settings.endpoint.url), version, other, binding).naming(tenant);
        Session { dialect, streaming, extensions, ..Session::over(settings, route, io) }
    }

    /// Whose meanings the server-defined JSON-RPC codes have: without
    /// `agents`, always Magisterium's (a constant the build folds in).
    pub fn dialect(&self) -> Dialect {
        #[cfg(feature = "agents")]
        return self.dialect;
        #[cfg(not(feature = "agents"))]
        Dialect::Magisterium
    }

    /// The agent streams: `sendMessageStream` and `subscribeToTask` ask for
    /// events (otherwise one `message/send`, or polling, stands in). Never without `agents`.
    pub fn streaming(&self) -> bool {
        #[cfg(feature = "agents")]
        return self.streaming;
        #[cfg(not(feature = "agents"))]
        false
    }
}

/// The JS error of a failed call, without the token it last sent.
pub fn failed(Failed { error, token }: Failed<JsPlatform<'_>>) -> JsValue {
    to_js(error, token.as_ref().map(|(text, _)| text.as_str()))
}

/// One call of a [`Session`], as the core's call loop sees it.
pub struct JsPlatform<'a> {
    /// The client's session.
    pub session: &'a Session,
    /// The call's cancellation.
    pub signal: &'a CallSignal,
    /// The call asks for a stream of events (only an `A2AClient`'s can).
    #[cfg(feature = "agents")]
    pub stream: bool,
}

impl Platform for JsPlatform<'_> {
    type Json = Json;
    type Token = Token;

    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn random(&self) -> f64 {
        js_sys::Math::random()
    }

    fn deadline_ms(&self) -> f64 {
        self.signal.deadline_ms()
    }

    fn ended(&self) -> Option<CallError<Json>> {
        self.signal.is_aborted().then(|| self.signal.aborted_error())
    }

    fn sleep(&self, ms: f64) -> impl Future<Output = ()> {
        self.signal.sleep(ms)
    }

    fn retry_policy(&self) -> RetryPolicy {
        self.session.settings.policy
    }

    fn dialect(&self) -> Dialect {
        self.session.dialect()
    }

    fn can_refresh_token(&self) -> bool {
        matches!(self.session.settings.auth, Auth::Provider(_))
    }

    /// The fixed token, or what the provider answers (a string or a promise
    /// of one), raced against the call's end. The provider is told the URL
    /// the token goes to (`{ url }`), and after a 401 also `rejectedToken`. A `MagisteriumError` it throws keeps its code.
    async fn token(&self, refused: Option<&Token>) -> Result<Option<Token>> {
        let provider = match &self.session.settings.auth {
            Auth::None => return Ok(None),
            Auth::Token(token) => return Ok(Some((token.clone(), self.session.fixed_token.clone()))),
            Auth::Provider(provider) => provider,
        };
        let rejected = refused.map_or(JsValue::UNDEFINED, |(_, js)| js.clone());
        let asked = ask_token(provider, &self.session.route.url(), &rejected);
        let answer = match asked {
            Ok(value) => self.signal.race(Promise::resolve(&value)).await,
            Err(thrown) => Err(thrown),
        };
        match answer {
            Ok(value) => settings::provided_token(value.as_string()).map(|token| Some((token, value))),
            Err(_) if self.signal.is_aborted() => Err(self.signal.aborted_error()),
            Err(thrown) => Err(match own_error(&thrown).split_once(' ') {
                Some((code, message)) => settings::provider_failed_with(code, message.into(), Some(Json(thrown))),
                None => settings::provider_failed(Some(Json(thrown))),
            }),
        }
    }

    /// `transport::send`'s own future, not an `async fn` around it: every
    /// layer of futures costs the bundle its own state and drop code.
    fn exchange(&self, token: Option<&Token>, body: &str) -> impl Future<Output = Result<HttpReply<Json>>> {
        let session = self.session;
        let bearer = token.map(|(_, js)| js);
        let max_bytes = session.settings.max_response_bytes;
        #[cfg(feature = "agents")]
        {
            let agent = transport::AgentRequest {
                stream: self.stream,
                dialect: session.dialect,
                extensions: &session.extensions,
            };
            transport::send(self.signal, &session.route, bearer, Some(body), max_bytes, &session.io, agent)
        }
        #[cfg(not(feature = "agents"))]
        transport::send(self.signal, &session.route, bearer, Some(body), max_bytes, &session.io)
    }

    fn with_pacer<R>(&self, f: impl FnOnce(&mut Pacer) -> R) -> R {
        f(&mut self.session.pacer.borrow_mut())
    }

    fn next_request_id(&self) -> u64 {
        let id = self.session.next_request_id.get();
        self.session.next_request_id.set(id + 1);
        id
    }

    #[cfg(feature = "agents")]
    fn route_ticket(&self) -> u32 {
        self.session.route.ticket()
    }

    #[cfg(feature = "agents")]
    fn version_refused(&self, ticket: u32) -> bool {
        self.session.route.refused(ticket)
    }
}
