//! Reads the option objects callers pass: the client's `ClientOptions` and
//! each call's `CallOptions`. Unknown keys and wrong types are INVALID_INPUT,
//! so a typo never silently falls back to a default.

use super::js;
use crate::url_parser::parse as parse_url;
use crate::core::error::{Dialect, Error};
use crate::core::pacing::{Pacer, Rate};
use crate::core::retry::RetryPolicy;
use crate::core::text::{cat, is_whole};
use crate::core::validate::{self, DEFAULT_ENDPOINT, Endpoint};
use alloc::string::String;
use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortSignal;

type Result<T> = core::result::Result<T, Error<JsValue>>;

/// How the client authenticates.
pub enum Auth {
    /// No `Authorization` header (e.g. a proxy that adds it).
    None,
    /// A fixed token.
    Token(String),
    /// A function called before each request for the token.
    Provider(Function),
}

/// A client's settings, checked.
pub struct ClientConfig {
    /// Where requests go.
    pub endpoint: Endpoint,
    /// The token or its provider.
    pub auth: Auth,
    /// The default per-call timeout.
    pub timeout_ms: u32,
    /// The retry policy.
    pub policy: RetryPolicy,
    /// The client-side limiter (`rateLimit`); unpaced when absent.
    pub pacer: Pacer,
    /// The largest response body read, in bytes.
    pub max_response_bytes: f64,
}

/// The default `maxResponseBytes`: far above any real answer (~100 KB).
const DEFAULT_MAX_RESPONSE_BYTES: f64 = 10.0 * 1024.0 * 1024.0;

/// The options of every client (`ClientOptions`), endpoint aside.
pub const CLIENT_KEYS: [&str; 7] =
    ["token", "tokenProvider", "timeoutMs", "maxRetries", "maxRetryWaitMs", "rateLimit", "maxResponseBytes"];

/// Reads `ClientOptions` (`undefined` means all defaults): `endpoint`, or
/// the default endpoint of the contract when absent.
pub fn magisterium_config(options: &JsValue) -> Result<ClientConfig> {
    let o = Reader::new(options, "options", &[&CLIENT_KEYS[..], &["endpoint"]].concat())?;
    let text = o.string("endpoint")?;
    let endpoint = validate::endpoint("endpoint", text.as_deref().unwrap_or(DEFAULT_ENDPOINT), parse_url)?;
    client_config(&o, endpoint)
}

/// Reads the `dialect` option: `"magisterium"` or `"a2a"`.
pub fn dialect(o: &Reader) -> Result<Option<Dialect>> {
    match o.string("dialect")?.as_deref() {
        None => Ok(None),
        Some("magisterium") => Ok(Some(Dialect::Magisterium)),
        Some("a2a") => Ok(Some(Dialect::A2a)),
        Some(_) => Err(Error::invalid_input("dialect must be \"magisterium\" or \"a2a\"")),
    }
}

/// Reads the [`CLIENT_KEYS`] of `o` for a client of `endpoint`.
pub fn client_config(o: &Reader, endpoint: Endpoint) -> Result<ClientConfig> {
    let token = o.string("token")?;
    let provider = o
        .get("tokenProvider")
        .map(|p| p.dyn_into::<Function>().map_err(|_| Error::invalid_input("tokenProvider must be a function")));
    let auth = match (token, provider.transpose()?) {
        (Some(_), Some(_)) => return Err(Error::invalid_input("give either token or tokenProvider, not both")),
        (Some(token), None) if token.trim().is_empty() => return Err(Error::invalid_input("token must not be empty")),
        (Some(token), None) => {
            validate::header_token(&token)?;
            Auth::Token(token)
        }
        (None, Some(provider)) => Auth::Provider(provider),
        (None, None) => Auth::None,
    };
    validate::token_transport(&endpoint, !matches!(auth, Auth::None))?;
    let mut policy = RetryPolicy::default();
    if let Some(n) = o.number("maxRetries")? {
        policy.max_retries = validate::max_retries(n)?;
    }
    if let Some(ms) = o.number("maxRetryWaitMs")? {
        policy.max_retry_wait_ms = f64::from(validate::timeout_ms("maxRetryWaitMs", ms)?);
    }
    let timeout_ms =
        o.number("timeoutMs")?.map(|ms| validate::timeout_ms("timeoutMs", ms)).transpose()?.unwrap_or(30_000);
    let max_response_bytes = match o.number("maxResponseBytes")? {
        Some(bytes) if is_whole(bytes) && bytes >= 1.0 => bytes,
        Some(_) => return Err(Error::invalid_input("maxResponseBytes must be a whole number of bytes")),
        None => DEFAULT_MAX_RESPONSE_BYTES,
    };
    let pacer = match o.get("rateLimit") {
        Some(limits) => {
            let r = Reader::new(&limits, "rateLimit", &["default", "expensive"])?;
            let rate = |key| r.string(key)?.map(|text| Rate::parse(&text)).transpose();
            Pacer::new(rate("default")?, rate("expensive")?)
        }
        None => Pacer::default(),
    };
    Ok(ClientConfig { endpoint, auth, timeout_ms, policy, pacer, max_response_bytes })
}

/// A call's settings, checked.
pub struct CallConfig {
    /// The caller's cancellation.
    pub signal: Option<AbortSignal>,
    /// Overrides the client's timeout.
    pub timeout_ms: Option<u32>,
    /// The conversation to continue (`ask` only).
    pub context_id: Option<String>,
    /// The first interval between polls (`waitForTask` only).
    pub poll_interval_ms: Option<f64>,
}

/// Reads `CallOptions`, plus the keys only one method takes (`contextId`
/// for `ask`, `pollIntervalMs` for `waitForTask`).
pub fn call_config(options: &JsValue, extra_key: Option<&str>) -> Result<CallConfig> {
    let keys = [&["signal", "timeoutMs"][..], extra_key.as_slice()].concat();
    let o = Reader::new(options, "options", &keys)?;
    let poll_interval_ms =
        o.number("pollIntervalMs")?.map(|ms| validate::timeout_ms("pollIntervalMs", ms)).transpose()?;
    Ok(CallConfig {
        signal: o.signal()?,
        timeout_ms: o.number("timeoutMs")?.map(|ms| validate::timeout_ms("timeoutMs", ms)).transpose()?,
        context_id: o.non_empty_string("contextId")?,
        poll_interval_ms: poll_interval_ms.map(f64::from),
    })
}

/// Typed access to the members of a caller's options object, through
/// `catch` bindings: it may be a Proxy whose traps throw.
pub struct Reader<'a> {
    object: &'a JsValue,
    name: &'static str,
}

impl<'a> Reader<'a> {
    /// Checks that `object` is an object (or `undefined`/`null`) with only `allowed` keys.
    pub fn new(object: &'a JsValue, name: &'static str, allowed: &[&str]) -> Result<Self> {
        if object.is_undefined() || object.is_null() {
            return Ok(Reader { object, name });
        }
        let keys = match js::is_array(object) {
            Ok(false) if object.is_object() && !object.is_function() => js::object_keys(object),
            _ => return Err(Error::invalid_input(cat(&[name, " must be an object"]))),
        };
        let keys = keys.map_err(|_| Error::invalid_input(cat(&[name, " could not be read"])))?;
        if let Some(unknown) = keys.iter().filter_map(|k| k.as_string()).find(|k| !allowed.contains(&k.as_str())) {
            return Err(Error::invalid_input(cat(&[
                name,
                " has an unknown key `",
                &unknown,
                "` (known: ",
                &allowed.join(", "),
                ")",
            ])));
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
    fn refuse(&self, key: &str, why: &str) -> Error<JsValue> {
        Error::invalid_input(cat(&[self.name, ".", key, why]))
    }

    /// The optional `signal` member, an `AbortSignal`.
    pub fn signal(&self) -> Result<Option<AbortSignal>> {
        let signal = self
            .get("signal")
            .map(|s| s.dyn_into::<AbortSignal>().map_err(|_| Error::invalid_input("signal must be an AbortSignal")));
        signal.transpose()
    }

    /// An optional string member.
    pub fn string(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.as_string().map(Some).ok_or_else(|| self.refuse(key, " must be a string")),
        }
    }

    /// An optional string member that must not be blank when present.
    pub fn non_empty_string(&self, key: &str) -> Result<Option<String>> {
        self.string(key)?.map(|s| validate::required_text(key, Some(s))).transpose()
    }

    /// An optional number member.
    pub fn number(&self, key: &str) -> Result<Option<f64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v.as_f64().map(Some).ok_or_else(|| self.refuse(key, " must be a number")),
        }
    }
}
