//! What each client method asks for: its arguments checked (INVALID_INPUT,
//! before any request) and made the [`Call`] the call loop runs. The names
//! in refusals are the methods' argument names.

use super::call::{Call, SendMode};
use super::error::CallError;
use super::json::{JsonView, Kind};
use super::parts::check_parts;
#[cfg(feature = "skills")]
use super::skills::{Skill, SkillInput};
use super::validate::{self, Date};
use alloc::string::String;

// Each text argument comes as the caller gave it: `None` when it is not a
// string (a JS caller may pass anything), refused then as when it is blank.

#[cfg(feature = "skills")]
/// `ask(question, { contextId })`: `catholic_qa`.
pub fn ask<V>(question: Option<String>, context_id: Option<String>) -> Result<Call, CallError<V>> {
    let input = SkillInput::Text(text("question", question)?);
    optional(&[("contextId", &context_id)])?;
    Ok(Call::Skill { skill: Skill::CatholicQa, input, context_id })
}

#[cfg(feature = "skills")]
/// `searchDocuments(query)`: `document_search`.
pub fn search_documents<V>(query: Option<String>) -> Result<Call, CallError<V>> {
    Ok(skill(Skill::DocumentSearch, SkillInput::Text(text("query", query)?)))
}

#[cfg(feature = "skills")]
/// `fetchDocument(id)`: `document_fetch` with a data part `{id}`.
pub fn fetch_document<V>(id: Option<String>) -> Result<Call, CallError<V>> {
    Ok(skill(Skill::DocumentFetch, SkillInput::Data("id", text("id", id)?)))
}

/// A date argument: a calendar day, or a natural-language query (`"next Sunday"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateArg {
    /// A calendar day (sent as `YYYY-MM-DD`).
    Date(Date),
    /// A query as written.
    Query(String),
}

impl DateArg {
    /// Reads text: `YYYY-MM-DD` must be a real day; anything else non-blank is a query.
    pub fn parse<V>(text: Option<String>) -> Result<DateArg, CallError<V>> {
        let text = self::text("date", text)?;
        match validate::iso_date(&text) {
            Some(date) => date.map(DateArg::Date),
            None => Ok(DateArg::Query(text)),
        }
    }
}

#[cfg(feature = "skills")]
/// `massReadings(date)`: `liturgical_readings`, whose input is a text part (a day as `YYYY-MM-DD`).
pub fn mass_readings(date: DateArg) -> Call {
    let query = match date {
        DateArg::Date(date) => date.iso(),
        DateArg::Query(query) => query,
    };
    skill(Skill::LiturgicalReadings, SkillInput::Text(query))
}

#[cfg(feature = "skills")]
/// `saintsOfTheDay(date)`: `saints_of_the_day`, a data part `{date}` for a day, a text part for a query.
pub fn saints_of_the_day(date: DateArg) -> Call {
    let input = match date {
        DateArg::Date(date) => SkillInput::Data("date", date.iso()),
        DateArg::Query(query) => SkillInput::Text(query),
    };
    skill(Skill::SaintsOfTheDay, input)
}

/// `sendMessage({ parts, skillId, contextId, taskId })` (and
/// `sendMessageStream`, by `mode`): `parts_json` is the serialized parts,
/// checked on `parsed` (the same parts parsed back).
pub fn send_message<V: JsonView, E>(
    parts_json: String,
    parsed: &V,
    skill_id: Option<String>,
    context_id: Option<String>,
    task_id: Option<String>,
    mode: SendMode,
) -> Result<Call, CallError<E>> {
    check_parts(parsed)?;
    optional(&[("skillId", &skill_id), ("contextId", &context_id), ("taskId", &task_id)])?;
    Ok(Call::Send { parts_json, skill_id, context_id, task_id, mode })
}

/// `subscribeToTask(id)`.
pub fn subscribe_to_task<V>(id: Option<String>) -> Result<Call, CallError<V>> {
    Ok(Call::Subscribe(text("id", id)?))
}

/// `listTasks(params)`: `params_json` is the serialized params, checked on
/// `parsed` (the same params parsed back): a JSON object, sent as it is.
pub fn list_tasks<V: JsonView, E>(params_json: String, parsed: &V) -> Result<Call, CallError<E>> {
    if !parsed.is_kind(Kind::Object) {
        return Err(CallError::invalid_input("params must be a JSON object"));
    }
    Ok(Call::ListTasks(params_json))
}

/// `getTask(id)`.
pub fn get_task<V>(id: Option<String>) -> Result<Call, CallError<V>> {
    Ok(Call::GetTask(text("id", id)?))
}

/// `cancelTask(id)`.
pub fn cancel_task<V>(id: Option<String>) -> Result<Call, CallError<V>> {
    Ok(Call::CancelTask(text("id", id)?))
}

/// A required text argument, not blank.
fn text<V>(what: &str, value: Option<String>) -> Result<String, CallError<V>> {
    validate::required_text(what, value)
}

/// Optional text arguments (name, value), each not blank when given. Checked
/// in place, in one loop: one refusal path whatever the count (less code in
/// the wasm bundle than a check that takes and gives back each value).
fn optional<V>(arguments: &[(&str, &Option<String>)]) -> Result<(), CallError<V>> {
    for (what, value) in arguments {
        if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
            return Err(validate::blank(what));
        }
    }
    Ok(())
}

#[cfg(feature = "skills")]
fn skill(skill: Skill, input: SkillInput) -> Call {
    Call::Skill { skill, input, context_id: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sans_io::error::ErrorCode;
    use alloc::borrow::ToOwned;
    use serde_json::json;

    type E = CallError<()>;

    #[cfg(feature = "skills")]
    #[test]
    fn arguments_become_calls() {
        let ask: Call = ask::<()>(Some("What is grace?".to_owned()), Some("ctx-1".to_owned())).unwrap();
        assert_eq!(
            ask,
            Call::Skill {
                skill: Skill::CatholicQa,
                input: SkillInput::Text("What is grace?".to_owned()),
                context_id: Some("ctx-1".to_owned())
            }
        );
        let fetch = fetch_document::<()>(Some("10001".to_owned())).unwrap();
        assert!(matches!(fetch, Call::Skill { input: SkillInput::Data("id", ref id), .. } if id == "10001"));
        assert_eq!(get_task::<()>(Some("t".to_owned())).unwrap(), Call::GetTask("t".to_owned()));
        assert_eq!(cancel_task::<()>(Some("t".to_owned())).unwrap(), Call::CancelTask("t".to_owned()));
    }

    #[cfg(feature = "skills")]
    #[test]
    fn dates_are_days_or_queries() {
        let day = DateArg::parse::<()>(Some("2026-03-19".to_owned())).unwrap();
        assert!(
            matches!(saints_of_the_day(day.clone()), Call::Skill { input: SkillInput::Data("date", ref d), .. } if d == "2026-03-19")
        );
        assert!(matches!(mass_readings(day), Call::Skill { input: SkillInput::Text(ref d), .. } if d == "2026-03-19"));
        let query = DateArg::parse::<()>(Some("next Sunday".to_owned())).unwrap();
        assert!(
            matches!(saints_of_the_day(query), Call::Skill { input: SkillInput::Text(ref q), .. } if q == "next Sunday")
        );
        for bad in ["2026-02-30", "  "] {
            let e: E = DateArg::parse(Some(bad.to_owned())).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn blank_arguments_are_refused() {
        let refusals: [E; 5] = [
            ask(Some("  ".to_owned()), None).unwrap_err(),
            ask(Some("q".to_owned()), Some(String::new())).unwrap_err(),
            search_documents(None).unwrap_err(),
            fetch_document(Some("\n".to_owned())).unwrap_err(),
            get_task(Some(String::new())).unwrap_err(),
        ];
        for e in refusals {
            assert_eq!(e.code, ErrorCode::InvalidInput);
        }
    }

    #[test]
    fn sent_parts_are_checked() {
        let parts = json!([{"kind": "text", "text": "grace"}]);
        let skill = Some("document_search".to_owned());
        let call = send_message::<_, ()>(parts.to_string(), &parts, skill, None, None, SendMode::Stream).unwrap();
        assert!(
            matches!(call, Call::Send { skill_id: Some(ref s), mode: SendMode::Stream, .. } if s == "document_search")
        );
        let empty = json!([]);
        assert!(send_message::<_, ()>(empty.to_string(), &empty, None, None, None, SendMode::Reply).is_err());
        let blank = Some(" ".to_owned());
        assert!(send_message::<_, ()>(parts.to_string(), &parts, blank, None, None, SendMode::Reply).is_err());
    }

    #[test]
    fn list_params_are_an_object_and_subscriptions_need_an_id() {
        let params = json!({"contextId": "c", "pageSize": 10});
        assert_eq!(list_tasks::<_, ()>(params.to_string(), &params).unwrap(), Call::ListTasks(params.to_string()));
        for bad in [json!([]), json!("x"), json!(null)] {
            assert_eq!(list_tasks::<_, ()>(bad.to_string(), &bad).unwrap_err().code, ErrorCode::InvalidInput);
        }
        assert_eq!(subscribe_to_task::<()>(Some("t".to_owned())).unwrap(), Call::Subscribe("t".to_owned()));
        assert!(subscribe_to_task::<()>(Some(" ".to_owned())).is_err());
    }
}
