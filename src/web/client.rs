//! `MagisteriumClient`: the exported class. Each method only turns its JS
//! arguments into a core [`Call`] and hands it to one shared future, so the
//! future-to-Promise machinery exists once in the bundle.

use super::arguments::{self, Method};
use super::convert;
use super::error::to_js;
use super::options::{Auth, CallConfig, ClientConfig, client_config};
use super::transport::{self, CallSignal};
use crate::core::call::Call;
use crate::core::error::{Error, ErrorCode};
use crate::core::pacing::Pacer;
use crate::core::retry::{Failure, RetryLoop, Step};
use crate::core::text;
use crate::core::validate;
use js_sys::Promise;
use alloc::rc::Rc;
use alloc::string::String;
use core::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use js_sys::futures::future_to_promise;

type Result<T> = core::result::Result<T, Error<JsValue>>;

/// A client for one A2A endpoint. Calls may overlap; each returns a Promise
/// that rejects only with `MagisteriumError`.
#[wasm_bindgen(skip_typescript)]
pub struct MagisteriumClient {
    inner: Rc<Inner>,
}

/// The state every call of a client shares.
struct Inner {
    config: ClientConfig,
    /// The `rateLimit` queue (borrowed only between awaits, never across one).
    pacer: RefCell<Pacer>,
    next_request_id: Cell<u64>,
}

#[wasm_bindgen]
impl MagisteriumClient {
    /// Creates a client; throws `MagisteriumError` (INVALID_INPUT) for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> core::result::Result<MagisteriumClient, JsValue> {
        let mut config = client_config(&options).map_err(|e| to_js(e, None))?;
        let pacer = RefCell::new(core::mem::take(&mut config.pacer));
        Ok(MagisteriumClient { inner: Rc::new(Inner { config, pacer, next_request_id: Cell::new(1) }) })
    }

    /// The endpoint URL this client calls.
    #[wasm_bindgen(getter)]
    pub fn endpoint(&self) -> String {
        self.inner.config.endpoint.url.clone()
    }

    /// `catholic_qa`: resolves with a `QaAnswer`.
    pub fn ask(&self, question: JsValue, options: JsValue) -> Promise {
        self.start(Method::Ask, &question, &options)
    }

    /// `document_search`: resolves with `SearchResult[]`.
    #[wasm_bindgen(js_name = searchDocuments)]
    pub fn search_documents(&self, query: JsValue, options: JsValue) -> Promise {
        self.start(Method::SearchDocuments, &query, &options)
    }

    /// `document_fetch`: resolves with a `MagisteriumDocument`, or `null` when not found.
    #[wasm_bindgen(js_name = fetchDocument)]
    pub fn fetch_document(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(Method::FetchDocument, &id, &options)
    }

    /// `liturgical_readings`: resolves with the readings text, or `null`.
    #[wasm_bindgen(js_name = massReadings)]
    pub fn mass_readings(&self, date: JsValue, options: JsValue) -> Promise {
        self.start(Method::MassReadings, &date, &options)
    }

    /// `saints_of_the_day`: resolves with the martyrology text, or `null`.
    #[wasm_bindgen(js_name = saintsOfTheDay)]
    pub fn saints_of_the_day(&self, date: JsValue, options: JsValue) -> Promise {
        self.start(Method::SaintsOfTheDay, &date, &options)
    }

    /// `message/send` with any skill: resolves with the task as sent.
    #[wasm_bindgen(js_name = sendMessage)]
    pub fn send_message(&self, message: JsValue, options: JsValue) -> Promise {
        self.start(Method::SendMessage, &message, &options)
    }

    /// `tasks/get`: resolves with the task.
    #[wasm_bindgen(js_name = getTask)]
    pub fn get_task(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(Method::GetTask, &id, &options)
    }

    /// `tasks/cancel`: resolves with the canceled task.
    #[wasm_bindgen(js_name = cancelTask)]
    pub fn cancel_task(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(Method::CancelTask, &id, &options)
    }
}

impl MagisteriumClient {
    /// Reads the arguments and runs the call: a rejected Promise for invalid
    /// input, before any request. One function for every method, so the
    /// future-to-Promise machinery and the argument checks exist once.
    #[inline(never)]
    fn start(&self, method: Method, argument: &JsValue, options: &JsValue) -> Promise {
        match arguments::prepare(method, argument, options) {
            Ok((call, config)) => future_to_promise(run(self.inner.clone(), call, config)),
            Err(error) => Promise::reject(&to_js(error, None)),
        }
    }
}

/// The one future every method shares: token, request, decode, retries.
async fn run(inner: Rc<Inner>, call: Call, options: CallConfig) -> core::result::Result<JsValue, JsValue> {
    let timeout_ms = options.timeout_ms.unwrap_or(inner.config.timeout_ms);
    let signal = CallSignal::start(options.signal, timeout_ms).map_err(|e| to_js(e, None))?;
    let can_refresh = matches!(inner.config.auth, Auth::Provider(_));
    let mut retry = RetryLoop::new(inner.config.policy, call.method(), can_refresh, js_sys::Date::now(), f64::from(timeout_ms));
    let message_id = validate::uuid_v4(random_u128());
    let mut token = None;
    let mut need_token = true;
    loop {
        let attempt = async {
            if need_token {
                token = inner.token(&signal).await?;
                need_token = false;
            }
            inner.pace(&call, &signal, retry.deadline_ms()).await?;
            let request_id = inner.next_request_id.get();
            inner.next_request_id.set(request_id + 1);
            let body = call.body(request_id, &message_id);
            let reply = transport::post(&signal, &inner.config, token.as_deref(), &body).await?;
            call.outcome(reply, request_id)
        };
        let error = match attempt.await {
            Ok(outcome) => return Ok(convert::outcome(outcome)),
            Err(error) => error,
        };
        let failure = Failure { code: error.code, http_status: error.http_status, retry_after: error.retry_after };
        let step = if signal.is_aborted() { Step::GiveUp } else { retry.after(&failure, js_sys::Date::now(), js_sys::Math::random()) };
        match step {
            Step::GiveUp => return Err(to_js(error, token.as_deref())),
            Step::RefreshToken => need_token = true,
            Step::Wait(ms) => {
                signal.sleep(ms).await;
                if signal.is_aborted() {
                    return Err(to_js(signal.aborted_error(), token.as_deref()));
                }
            }
        }
    }
}

impl Inner {
    /// Waits for the call's slot under the `rateLimit` option. A slot later
    /// than the call's deadline rejects at once with a client-side
    /// RATE_LIMITED (`retryAfter` set, no `httpStatus`); an abort while
    /// queued gives the slot back.
    async fn pace(&self, call: &Call, signal: &CallSignal, deadline_ms: f64) -> Result<()> {
        let now = js_sys::Date::now();
        let Some(slot) = call.pool().and_then(|pool| self.pacer.borrow_mut().reserve(pool, now)) else {
            return Ok(());
        };
        let wait = slot.at_ms() - now;
        if wait <= 0.0 {
            return Ok(());
        }
        if slot.at_ms() >= deadline_ms {
            self.pacer.borrow_mut().release(slot);
            let mut e = Error::new(ErrorCode::RateLimited, "the client-side rateLimit has no slot before this call's timeout");
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

    /// The token for the next request: the fixed one, or the provider's answer.
    async fn token(&self, signal: &CallSignal) -> Result<Option<String>> {
        let provider = match &self.config.auth {
            Auth::None => return Ok(None),
            Auth::Token(token) => return Ok(Some(token.clone())),
            Auth::Provider(provider) => provider,
        };
        let answer = match provider.call0(&JsValue::UNDEFINED) {
            Ok(value) => signal.race(Promise::resolve(&value)).await,
            Err(thrown) => Err(thrown),
        };
        match answer {
            Ok(token) => match token.as_string() {
                Some(token) if !token.trim().is_empty() => Ok(Some(token)),
                _ => Err(Error::new(ErrorCode::Unauthorized, "tokenProvider returned no token (it must return a non-empty string)")),
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
