//! The state every call of one client shares, and one call run to its end:
//! token, pacing, request, decoding and retries.

use super::options::{Auth, ClientConfig};
use super::transport::{self, CallSignal};
use crate::core::call::{Call, Outcome};
use crate::core::error::{Dialect, Error, ErrorCode};
use crate::core::pacing::Pacer;
use crate::core::retry::{Failure, RetryLoop, Step};
use crate::core::text;
use crate::core::validate;
use alloc::string::String;
use core::cell::{Cell, RefCell};
use js_sys::Promise;
use wasm_bindgen::JsValue;

type Result<T> = core::result::Result<T, Error<JsValue>>;

/// One client's settings and shared state.
pub struct Session {
    /// The checked options.
    pub config: ClientConfig,
    /// Whose meanings the server-defined JSON-RPC codes have.
    pub dialect: Dialect,
    /// The `rateLimit` queue (borrowed only between awaits, never across one).
    pacer: RefCell<Pacer>,
    /// The endpoint as a JS string, made once (every request passes it to `fetch`).
    url: JsValue,
    /// A fixed token as a JS string, made once; `undefined` otherwise.
    fixed_token: JsValue,
    next_request_id: Cell<u64>,
}

/// A failed call, with the token it used (for redaction).
pub struct Failed {
    /// The error.
    pub error: Error<JsValue>,
    /// The token of the call, removed from anything the error carries.
    pub token: Option<String>,
}

impl Session {
    /// A session over checked options.
    pub fn new(mut config: ClientConfig, dialect: Dialect) -> Session {
        let pacer = RefCell::new(core::mem::take(&mut config.pacer));
        let url = JsValue::from_str(&config.endpoint.url);
        let fixed_token = match &config.auth {
            Auth::Token(token) => JsValue::from_str(token),
            _ => JsValue::UNDEFINED,
        };
        Session { config, dialect, pacer, url, fixed_token, next_request_id: Cell::new(1) }
    }

    /// Runs `call` until it succeeds, fails for good, or `signal` ends it.
    pub async fn call(&self, call: &Call, signal: &CallSignal) -> core::result::Result<Outcome<JsValue>, Failed> {
        let can_refresh = matches!(self.config.auth, Auth::Provider(_));
        let mut retry = RetryLoop::new(self.config.policy, call.method(), can_refresh, signal.deadline_ms());
        let message_id = validate::uuid_v4(random_u128());
        let mut token: Option<(String, JsValue)> = None;
        let mut need_token = true;
        loop {
            let attempt = async {
                if need_token {
                    token = self.token(signal).await?;
                    need_token = false;
                }
                self.pace(call, signal).await?;
                let request_id = self.next_request_id.get();
                self.next_request_id.set(request_id + 1);
                let body = call.body(request_id, &message_id, self.dialect);
                let bearer = token.as_ref().map_or(JsValue::UNDEFINED, |(_, js)| js.clone());
                let reply =
                    transport::send(signal, &self.url, &bearer, Some(&body), self.config.max_response_bytes).await?;
                call.outcome(reply, request_id, self.dialect)
            };
            let error = match attempt.await {
                Ok(outcome) => return Ok(outcome),
                Err(error) => error,
            };
            let failure = Failure { code: error.code, http_status: error.http_status, retry_after: error.retry_after };
            let step = if signal.is_aborted() {
                Step::GiveUp
            } else {
                retry.after(&failure, js_sys::Date::now(), js_sys::Math::random())
            };
            match step {
                Step::GiveUp => return Err(Failed { error, token: token.map(|(text, _)| text) }),
                Step::RefreshToken => need_token = true,
                Step::Wait(ms) => {
                    signal.sleep(ms).await;
                    if signal.is_aborted() {
                        return Err(Failed { error: signal.aborted_error(), token: token.map(|(text, _)| text) });
                    }
                }
            }
        }
    }

    /// Waits for the call's slot under the `rateLimit` option. A slot later
    /// than the call's deadline rejects at once with a client-side
    /// RATE_LIMITED (`retryAfter` set, no `httpStatus`); an abort while
    /// queued gives the slot back.
    async fn pace(&self, call: &Call, signal: &CallSignal) -> Result<()> {
        let now = js_sys::Date::now();
        let Some(slot) = call.pool().and_then(|pool| self.pacer.borrow_mut().reserve(pool, now)) else {
            return Ok(());
        };
        let wait = slot.at_ms() - now;
        if wait <= 0.0 {
            return Ok(());
        }
        if slot.at_ms() >= signal.deadline_ms() {
            self.pacer.borrow_mut().release(slot);
            let mut e =
                Error::new(ErrorCode::RateLimited, "the client-side rateLimit has no slot before this call's timeout");
            e.retry_after = Some(text::ceil(wait / 1000.0));
            return Err(e);
        }
        signal.sleep(wait).await;
        if signal.is_aborted() {
            self.pacer.borrow_mut().release(slot);
            return Err(signal.aborted_error());
        }
        Ok(())
    }

    /// The token for the next request, as text and as a JS string: the fixed
    /// one, or the provider's answer.
    async fn token(&self, signal: &CallSignal) -> Result<Option<(String, JsValue)>> {
        let provider = match &self.config.auth {
            Auth::None => return Ok(None),
            Auth::Token(token) => return Ok(Some((token.clone(), self.fixed_token.clone()))),
            Auth::Provider(provider) => provider,
        };
        let answer = match provider.call0(&JsValue::UNDEFINED) {
            Ok(value) => signal.race(Promise::resolve(&value)).await,
            Err(thrown) => Err(thrown),
        };
        match answer {
            Ok(value) => match value.as_string() {
                Some(token) if !token.trim().is_empty() => {
                    validate::header_token(&token).map(|()| Some((token, value)))
                }
                _ => Err(Error::new(
                    ErrorCode::Unauthorized,
                    "tokenProvider returned no token (it must return a non-empty string)",
                )),
            },
            Err(_) if signal.is_aborted() => Err(signal.aborted_error()),
            Err(thrown) => Err(Error::new(ErrorCode::Unauthorized, "tokenProvider failed").with_cause(Some(thrown))),
        }
    }
}

/// 128 random bits for a message id (not a secret: `Math.random` is enough).
fn random_u128() -> u128 {
    (0..4).fold(0u128, |acc, _| (acc << 32) | u128::from((js_sys::Math::random() * 4_294_967_296.0) as u32))
}
