//! Reads the option objects callers pass: the client's `ClientOptions` and
//! each call's `CallOptions`. Unknown keys and wrong types are INVALID_INPUT,
//! so a typo never silently falls back to a default.

use crate::caller_values;
use crate::js_url;
use crate::json_view::Json;
use alloc::string::String;
use js_sys::{Function, Reflect};
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::card::{Binding, ProtocolVersion};
use magisterium_a2a::sans_io::error::CallError;
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::plan;
use magisterium_a2a::sans_io::settings::{OptionNames, Options, Settings};
use magisterium_a2a::sans_io::text::cat;
#[cfg(feature = "magisterium")]
use magisterium_a2a::sans_io::validate::DEFAULT_ENDPOINT;
use magisterium_a2a::sans_io::validate::{self, Endpoint};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortSignal;

type Result<T> = core::result::Result<T, CallError<Json>>;

/// The options of every client (`ClientOptions`), endpoint aside.
pub const CLIENT_KEYS: [&str; 11] = [
    "token",
    "tokenProvider",
    "timeoutMs",
    "maxRetries",
    "maxRetryWaitMs",
    "rateLimit",
    "maxResponseBytes",
    "headers",
    "fetch",
    "onRequest",
    "onResponse",
];

/// The options of an `A2AClient` besides [`CLIENT_KEYS`] that both
/// `discover` and the constructor take.
#[cfg(feature = "agents")]
pub const AGENT_KEYS: [&str; 4] = ["dialect", "protocolVersion", "extensions", "binding"];

/// Reads an endpoint option through the platform's `URL` and the core's rules.
pub fn endpoint(text: &str) -> Result<Endpoint> {
    validate::endpoint("endpoint", text, js_url::parse)
}

#[cfg(feature = "magisterium")]
/// Reads `ClientOptions` (`undefined` means all defaults): `endpoint`, or
/// the default endpoint of the contract when absent; with what its exchanges
/// carry out ([`exchange_options`]).
pub fn magisterium_settings(options: &JsValue) -> Result<(Settings<Function>, JsValue)> {
    let o = Reader::new(options, "options", &[&CLIENT_KEYS, &["endpoint"]])?;
    let text = o.string("endpoint")?;
    let settings = client_settings(&o, endpoint(text.as_deref().unwrap_or(DEFAULT_ENDPOINT))?)?;
    Ok((settings, exchange_options(&o)?))
}

#[cfg(feature = "agents")]
/// Reads the `dialect` option: `"magisterium"` or `"a2a"`.
pub fn dialect(o: &Reader) -> Result<Option<Dialect>> {
    match o.string("dialect")?.as_deref() {
        None => Ok(None),
        Some("magisterium") => Ok(Some(Dialect::Magisterium)),
        Some("a2a") => Ok(Some(Dialect::A2a)),
        Some(_) => Err(CallError::invalid_input("dialect must be \"magisterium\" or \"a2a\"")),
    }
}

#[cfg(feature = "agents")]
/// Reads the `protocolVersion` option: `"1.0"` or `"0.3"`.
pub fn protocol_version(o: &Reader) -> Result<Option<ProtocolVersion>> {
    match o.string("protocolVersion")?.as_deref() {
        None => Ok(None),
        Some("1.0") => Ok(Some(ProtocolVersion::V1_0)),
        Some("0.3") => Ok(Some(ProtocolVersion::V0_3)),
        Some(_) => Err(CallError::invalid_input("protocolVersion must be \"1.0\" or \"0.3\"")),
    }
}

#[cfg(feature = "agents")]
/// Reads the `binding` option: `"JSONRPC"` or `"HTTP+JSON"` (as a card names them).
pub fn binding(o: &Reader) -> Result<Option<Binding>> {
    match o.string("binding")? {
        None => Ok(None),
        Some(name) => match Binding::of(&name) {
            Some(binding) => Ok(Some(binding)),
            None => Err(CallError::invalid_input("binding must be \"JSONRPC\" or \"HTTP+JSON\"")),
        },
    }
}

/// The `extensions` option as the caller gave it (`undefined` without it):
/// the core's lazily loaded part checks it and writes its header at each
/// call (`extensionsHeader` in `protocol.rs`), so a client with it loads
/// that part on its first call (as it does to read the agent's answer).
#[cfg(feature = "agents")]
pub fn extensions(o: &Reader) -> JsValue {
    o.get("extensions").unwrap_or_default()
}

/// Reads the [`CLIENT_KEYS`] of `o` for a client of `endpoint`, checked by
/// the core's rules ([`Options::check`]).
pub fn client_settings(o: &Reader, endpoint: Endpoint) -> Result<Settings<Function>> {
    let token_provider = o
        .get("tokenProvider")
        .map(|p| p.dyn_into::<Function>().map_err(|_| CallError::invalid_input("tokenProvider must be a function")))
        .transpose()?;
    let (rate_default, rate_expensive) = match o.get("rateLimit") {
        Some(limits) => {
            let r = Reader::new(&limits, "rateLimit", &[&["default", "expensive"]])?;
            (r.string("default")?, r.string("expensive")?)
        }
        None => (None, None),
    };
    // Filled in place: a refusal drops one `Options`, not each value read so far.
    let mut options = Options {
        token_provider,
        rate_default: rate_default.as_deref(),
        rate_expensive: rate_expensive.as_deref(),
        ..Options::new(endpoint, &OptionNames::JS)
    };
    options.token = o.string("token")?;
    options.timeout_ms = o.number("timeoutMs")?;
    options.max_retries = o.number("maxRetries")?;
    options.max_retry_wait_ms = o.number("maxRetryWaitMs")?;
    options.max_response_bytes = o.number("maxResponseBytes")?;
    options.check()
}

/// What every exchange of a client carries out besides its plan (`request.io`
/// in `js/transport/exchange.js`), read once by `exchangeOptions`
/// (`js/transport/exchange-options.js`): the `headers` option copied as the
/// platform reads it (which refuses an invalid name or value), each name then
/// checked by the core's rule ([`plan::check_not_own_header`]: never the
/// token's, A2A's or the request's own), and the `fetch`, `onRequest` and
/// `onResponse` functions as given. INVALID_INPUT names the option.
pub fn exchange_options(o: &Reader) -> Result<JsValue> {
    let refused = |why: &str| CallError::invalid_input(cat(&[o.name, why]));
    let io = read_exchange_options(o.object).map_err(|_| refused(" could not be read"))?;
    if let Some(why) = io.as_string() {
        return Err(refused(&why));
    }
    let headers = Reflect::get(&io, &JsValue::from_str("headers")).unwrap_or_default();
    if !headers.is_undefined() {
        for name in caller_values::object_keys(&headers).unwrap_or_default().iter().filter_map(|n| n.as_string()) {
            plan::check_not_own_header::<Json>(&name).map_err(|e| refused(&cat(&[".headers: ", &e.message])))?;
        }
    }
    Ok(io)
}

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// The exchange options of a client's `options` (see `exchangeOptions`):
    /// an object, or the string of a refusal; an error when a hostile value threw.
    #[wasm_bindgen(js_name = exchangeOptions, catch)]
    fn read_exchange_options(options: &JsValue) -> core::result::Result<JsValue, JsValue>;
}

/// A call's settings, checked.
pub struct CallConfig {
    /// The caller's cancellation.
    pub signal: Option<AbortSignal>,
    /// Overrides the client's timeout.
    pub timeout_ms: Option<u32>,
    /// The conversation to continue (`ask` only).
    #[cfg(feature = "magisterium")]
    pub context_id: Option<String>,
    /// The first interval between polls (`waitForTask` only).
    pub poll_interval_ms: Option<f64>,
    /// The call's value opens an event stream (`sendMessageStream`, `subscribeToTask`).
    #[cfg(feature = "agents")]
    pub events: bool,
}

impl CallConfig {
    /// The call's value opens an event stream (never without `agents`).
    pub fn events(&self) -> bool {
        #[cfg(feature = "agents")]
        return self.events;
        #[cfg(not(feature = "agents"))]
        false
    }
}

/// Reads `CallOptions` allowing `keys`: `signal` and `timeoutMs`, plus those
/// only one method takes (`contextId` for `ask`, `pollIntervalMs` for `waitForTask`).
pub fn call_config(options: &JsValue, keys: &[&str]) -> Result<CallConfig> {
    let o = Reader::new(options, "options", &[keys])?;
    // A stream's `resubscribe` (read by `js/transport.js`'s `events`) is a boolean.
    #[cfg(feature = "agents")]
    if o.get("resubscribe").is_some_and(|v| v.as_bool().is_none()) {
        return Err(o.refuse("resubscribe", " must be a boolean"));
    }
    let poll_interval_ms =
        o.number("pollIntervalMs")?.map(|ms| validate::timeout_ms("pollIntervalMs", ms)).transpose()?;
    Ok(CallConfig {
        signal: o.signal()?,
        timeout_ms: o.number("timeoutMs")?.map(|ms| validate::timeout_ms("timeoutMs", ms)).transpose()?,
        #[cfg(feature = "magisterium")]
        context_id: o.string("contextId")?,
        poll_interval_ms: poll_interval_ms.map(f64::from),
        #[cfg(feature = "agents")]
        events: false,
    })
}

/// Typed access to the members of a caller's options object, through
/// `catch` bindings: it may be a Proxy whose traps throw.
pub struct Reader<'a> {
    object: &'a JsValue,
    name: &'static str,
}

impl<'a> Reader<'a> {
    /// Checks that `object` is an object (or `undefined`/`null`) with only
    /// the keys of the `allowed` lists.
    pub fn new(object: &'a JsValue, name: &'static str, allowed: &[&[&str]]) -> Result<Self> {
        if object.is_undefined() || object.is_null() {
            return Ok(Reader { object, name });
        }
        let keys = match caller_values::is_array(object) {
            Ok(false) if object.is_object() && !object.is_function() => caller_values::object_keys(object),
            _ => return Err(CallError::invalid_input(cat(&[name, " must be an object"]))),
        };
        let keys = keys.map_err(|_| CallError::invalid_input(cat(&[name, " could not be read"])))?;
        let known = || allowed.iter().flat_map(|keys| keys.iter());
        if let Some(unknown) = keys.iter().filter_map(|k| k.as_string()).find(|k| !known().any(|key| key == k)) {
            // Pushed one by one: `concat` and `join` cost the bundle ~0.4 KB gzip.
            let mut message = cat(&[name, " has an unknown key `", &unknown, "` (known: "]);
            for (i, key) in known().enumerate() {
                message.push_str(if i == 0 { "" } else { ", " });
                message.push_str(key);
            }
            message.push(')');
            return Err(CallError::invalid_input(message));
        }
        Ok(Reader { object, name })
    }

    /// The member `key`, when present and not `undefined`/`null`.
    pub fn get(&self, key: &str) -> Option<JsValue> {
        if self.object.is_undefined() || self.object.is_null() {
            return None;
        }
        Reflect::get(self.object, &JsValue::from_str(key)).ok().filter(|v| !v.is_null() && !v.is_undefined())
    }

    /// INVALID_INPUT for the member `key`: `options.key must be …`.
    fn refuse(&self, key: &str, why: &str) -> CallError<Json> {
        CallError::invalid_input(cat(&[self.name, ".", key, why]))
    }

    /// The optional `signal` member, an `AbortSignal`.
    pub fn signal(&self) -> Result<Option<AbortSignal>> {
        let signal = self.get("signal").map(|s| {
            s.dyn_into::<AbortSignal>().map_err(|_| CallError::invalid_input("signal must be an AbortSignal"))
        });
        signal.transpose()
    }

    /// An optional string member.
    pub fn string(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.as_string().map(Some).ok_or_else(|| self.refuse(key, " must be a string")),
        }
    }

    /// An optional number member.
    pub fn number(&self, key: &str) -> Result<Option<f64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.as_f64().map(Some).ok_or_else(|| self.refuse(key, " must be a number")),
        }
    }
}
