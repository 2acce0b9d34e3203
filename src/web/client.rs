//! `MagisteriumClient`: the exported class. Each method only turns its JS
//! arguments into a core [`Call`] and hands it to one shared future, so the
//! future-to-Promise machinery exists once in the bundle.

use super::convert;
use super::js;
use super::error::to_js;
use super::options::{Auth, CallConfig, ClientConfig, Reader, call_config, client_config};
use super::transport::{self, CallSignal};
use crate::core::call::Call;
use crate::core::error::{Error, ErrorCode};
use crate::core::pacing::Pacer;
use crate::core::parts::check_parts;
use crate::core::retry::{Failure, RetryLoop, Step};
use crate::core::skills::{Skill, SkillInput};
use crate::core::validate::{self, Date};
use js_sys::Promise;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

type Result<T> = std::result::Result<T, Error<JsValue>>;

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
    pub fn new(options: JsValue) -> std::result::Result<MagisteriumClient, JsValue> {
        let mut config = client_config(&options).map_err(|e| to_js(e, None))?;
        let pacer = RefCell::new(std::mem::take(&mut config.pacer));
        Ok(MagisteriumClient { inner: Rc::new(Inner { config, pacer, next_request_id: Cell::new(1) }) })
    }

    /// The endpoint URL this client calls.
    #[wasm_bindgen(getter)]
    pub fn endpoint(&self) -> String {
        self.inner.config.endpoint.url.clone()
    }

    /// `catholic_qa`: resolves with a `QaAnswer`.
    pub fn ask(&self, question: JsValue, options: JsValue) -> Promise {
        self.start(&options, true, |config| {
            let question = validate::required_text("question", question.as_string())?;
            Ok(Call::Skill { skill: Skill::CatholicQa, input: SkillInput::Text(question), context_id: config.context_id.clone() })
        })
    }

    /// `document_search`: resolves with `SearchResult[]`.
    #[wasm_bindgen(js_name = searchDocuments)]
    pub fn search_documents(&self, query: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| {
            let query = validate::required_text("query", query.as_string())?;
            Ok(skill(Skill::DocumentSearch, SkillInput::Text(query)))
        })
    }

    /// `document_fetch`: resolves with a `MagisteriumDocument`, or `null` when not found.
    #[wasm_bindgen(js_name = fetchDocument)]
    pub fn fetch_document(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| {
            let id = validate::required_text("id", id.as_string())?;
            Ok(skill(Skill::DocumentFetch, SkillInput::Data("id", id)))
        })
    }

    /// `liturgical_readings`: resolves with the readings text, or `null`.
    #[wasm_bindgen(js_name = massReadings)]
    pub fn mass_readings(&self, date: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| {
            let query = match date_argument(&date)? {
                DateArg::Date(date) => date.iso(),
                DateArg::Query(query) => query,
            };
            Ok(skill(Skill::LiturgicalReadings, SkillInput::Text(query)))
        })
    }

    /// `saints_of_the_day`: resolves with the martyrology text, or `null`.
    #[wasm_bindgen(js_name = saintsOfTheDay)]
    pub fn saints_of_the_day(&self, date: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| {
            let input = match date_argument(&date)? {
                DateArg::Date(date) => SkillInput::Data("date", date.iso()),
                DateArg::Query(query) => SkillInput::Text(query),
            };
            Ok(skill(Skill::SaintsOfTheDay, input))
        })
    }

    /// `message/send` with any skill: resolves with the task as sent.
    #[wasm_bindgen(js_name = sendMessage)]
    pub fn send_message(&self, message: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| {
            let m = Reader::new(&message, "message", &["parts", "skillId", "contextId"])?;
            let parts = m.get("parts").unwrap_or(JsValue::UNDEFINED);
            check_parts(&parts)?;
            let parts_json = js_sys::JSON::stringify(&parts).ok().and_then(|s| s.as_string());
            let Some(parts_json) = parts_json else {
                return Err(Error::invalid_input("parts must be JSON-serializable"));
            };
            Ok(Call::Send { parts_json, skill_id: m.non_empty_string("skillId")?, context_id: m.non_empty_string("contextId")? })
        })
    }

    /// `tasks/get`: resolves with the task.
    #[wasm_bindgen(js_name = getTask)]
    pub fn get_task(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| Ok(Call::GetTask(validate::required_text("id", id.as_string())?)))
    }

    /// `tasks/cancel`: resolves with the canceled task.
    #[wasm_bindgen(js_name = cancelTask)]
    pub fn cancel_task(&self, id: JsValue, options: JsValue) -> Promise {
        self.start(&options, false, |_| Ok(Call::CancelTask(validate::required_text("id", id.as_string())?)))
    }
}

impl MagisteriumClient {
    /// Reads the call options, builds the call, and runs it: a rejected
    /// Promise for invalid input, before any request.
    fn start(&self, options: &JsValue, with_context: bool, build: impl FnOnce(&CallConfig) -> Result<Call>) -> Promise {
        let prepared = call_config(options, with_context).and_then(|config| Ok((build(&config)?, config)));
        match prepared {
            Ok((call, config)) => future_to_promise(run(self.inner.clone(), call, config)),
            Err(error) => Promise::reject(&to_js(error, None)),
        }
    }
}

fn skill(skill: Skill, input: SkillInput) -> Call {
    Call::Skill { skill, input, context_id: None }
}

/// A date argument: a calendar date, or a natural-language query.
enum DateArg {
    Date(Date),
    Query(String),
}

/// Reads a `Date` (its local calendar day) or a string; `YYYY-MM-DD` must be a real day.
fn date_argument(value: &JsValue) -> Result<DateArg> {
    if let Some(date) = value.dyn_ref::<js_sys::Date>() {
        let invalid = || Error::invalid_input("date is an invalid Date");
        // A Proxy passes `instanceof` but is no Date; after this its getters cannot throw.
        js::get_time(value).ok().filter(|t| t.is_finite()).ok_or_else(invalid)?;
        let day = Date::new(date.get_full_year().into(), i64::from(date.get_month()) + 1, date.get_date().into());
        return day.map(DateArg::Date).ok_or_else(invalid);
    }
    let text = validate::required_text("date", value.as_string())?;
    match validate::iso_date(&text) {
        Some(date) => date.map(DateArg::Date),
        None => Ok(DateArg::Query(text)),
    }
}

/// The one future every method shares: token, request, decode, retries.
async fn run(inner: Rc<Inner>, call: Call, options: CallConfig) -> std::result::Result<JsValue, JsValue> {
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
            e.retry_after = Some((wait / 1000.0).ceil());
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
