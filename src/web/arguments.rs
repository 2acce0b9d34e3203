//! The arguments of each client method, read into a [`Job`] and its
//! [`CallConfig`]: every refusal is INVALID_INPUT, before any request.

use super::jobs::Job;
use super::js;
use super::options::{CallConfig, Reader, call_config};
use crate::core::call::Call;
use crate::core::error::Error;
use crate::core::parts::check_parts;
use crate::core::poll;
use crate::core::skills::{Skill, SkillInput};
use crate::core::validate::{self, Date};
use alloc::string::String;
use wasm_bindgen::{JsCast, JsValue};

type Result<T> = core::result::Result<T, Error<JsValue>>;

/// The client's methods.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `ask(question, { contextId })`.
    Ask,
    /// `searchDocuments(query)`.
    SearchDocuments,
    /// `fetchDocument(id)`.
    FetchDocument,
    /// `massReadings(date)`.
    MassReadings,
    /// `saintsOfTheDay(date)`.
    SaintsOfTheDay,
    /// `sendMessage({ parts, skillId, contextId })`.
    SendMessage,
    /// `getTask(id)`.
    GetTask,
    /// `cancelTask(id)`.
    CancelTask,
    /// `waitForTask(id, { pollIntervalMs })`.
    WaitForTask,
}

/// Reads `method`'s first argument and its options.
pub fn prepare(method: Method, argument: &JsValue, options: &JsValue) -> Result<(Job, CallConfig)> {
    let extra_key = match method {
        Method::Ask => Some("contextId"),
        Method::WaitForTask => Some("pollIntervalMs"),
        _ => None,
    };
    let config = call_config(options, extra_key)?;
    let text = |what: &str| validate::required_text(what, argument.as_string());
    let skill = |skill: Skill, input: SkillInput| Call::Skill { skill, input, context_id: None };
    let call = match method {
        Method::Ask => Call::Skill {
            skill: Skill::CatholicQa,
            input: SkillInput::Text(text("question")?),
            context_id: config.context_id.clone(),
        },
        Method::SearchDocuments => skill(Skill::DocumentSearch, SkillInput::Text(text("query")?)),
        Method::FetchDocument => skill(Skill::DocumentFetch, SkillInput::Data("id", text("id")?)),
        Method::MassReadings => {
            let query = match date_argument(argument)? {
                DateArg::Date(date) => date.iso(),
                DateArg::Query(query) => query,
            };
            skill(Skill::LiturgicalReadings, SkillInput::Text(query))
        }
        Method::SaintsOfTheDay => {
            let input = match date_argument(argument)? {
                DateArg::Date(date) => SkillInput::Data("date", date.iso()),
                DateArg::Query(query) => SkillInput::Text(query),
            };
            skill(Skill::SaintsOfTheDay, input)
        }
        Method::SendMessage => send_message(argument)?,
        Method::GetTask => Call::GetTask(text("id")?),
        Method::CancelTask => Call::CancelTask(text("id")?),
        Method::WaitForTask => {
            let first_interval_ms = config.poll_interval_ms.unwrap_or(poll::DEFAULT_INTERVAL_MS);
            return Ok((Job::Wait { id: text("id")?, first_interval_ms }, config));
        }
    };
    Ok((Job::Call(call), config))
}

/// `{ parts, skillId?, contextId?, taskId? }`: parts serialized by `JSON.stringify`,
/// then checked on their parsed copy (plain data, whatever the caller passed).
fn send_message(message: &JsValue) -> Result<Call> {
    let m = Reader::new(message, "message", &["parts", "skillId", "contextId", "taskId"])?;
    let parts = m.get("parts").unwrap_or(JsValue::UNDEFINED);
    let parts_json = js_sys::JSON::stringify(&parts).ok().and_then(|s| s.as_string());
    let parsed = parts_json.as_deref().and_then(|json| js_sys::JSON::parse(json).ok());
    let (Some(parts_json), Some(parsed)) = (parts_json, parsed) else {
        return Err(Error::invalid_input("parts must be a JSON-serializable array of A2A parts"));
    };
    check_parts(&parsed)?;
    let (skill_id, context_id, task_id) =
        (m.non_empty_string("skillId")?, m.non_empty_string("contextId")?, m.non_empty_string("taskId")?);
    Ok(Call::Send { parts_json, skill_id, context_id, task_id })
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
