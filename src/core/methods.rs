//! What each client method asks for: its arguments checked (INVALID_INPUT,
//! before any request) and made the [`Call`] the call loop runs. The names
//! in refusals are the methods' argument names.

use super::call::Call;
use super::error::Error;
use super::json::JsonView;
use super::parts::check_parts;
use super::skills::{Skill, SkillInput};
use super::validate::{self, Date};
use alloc::string::{String, ToString};

/// `ask(question, { contextId })`: `catholic_qa`.
pub fn ask<V>(question: &str, context_id: Option<&str>) -> Result<Call, Error<V>> {
    Ok(Call::Skill {
        skill: Skill::CatholicQa,
        input: SkillInput::Text(text("question", question)?),
        context_id: context_id.map(|id| text("contextId", id)).transpose()?,
    })
}

/// `searchDocuments(query)`: `document_search`.
pub fn search_documents<V>(query: &str) -> Result<Call, Error<V>> {
    Ok(skill(Skill::DocumentSearch, SkillInput::Text(text("query", query)?)))
}

/// `fetchDocument(id)`: `document_fetch` with a data part `{id}`.
pub fn fetch_document<V>(id: &str) -> Result<Call, Error<V>> {
    Ok(skill(Skill::DocumentFetch, SkillInput::Data("id", text("id", id)?)))
}

/// A date argument: a calendar day, or a natural-language query (`"next Sunday"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateArg<'a> {
    /// A calendar day (sent as `YYYY-MM-DD`).
    Date(Date),
    /// A query as written.
    Query(&'a str),
}

impl<'a> DateArg<'a> {
    /// Reads text: `YYYY-MM-DD` must be a real day; anything else non-blank is a query.
    pub fn parse<V>(text: &'a str) -> Result<DateArg<'a>, Error<V>> {
        if text.trim().is_empty() {
            return Err(Error::invalid_input("date must not be empty"));
        }
        match validate::iso_date(text) {
            Some(date) => date.map(DateArg::Date),
            None => Ok(DateArg::Query(text)),
        }
    }
}

/// `massReadings(date)`: `liturgical_readings`, whose input is a text part (a day as `YYYY-MM-DD`).
pub fn mass_readings(date: DateArg<'_>) -> Call {
    let query = match date {
        DateArg::Date(date) => date.iso(),
        DateArg::Query(query) => query.to_string(),
    };
    skill(Skill::LiturgicalReadings, SkillInput::Text(query))
}

/// `saintsOfTheDay(date)`: `saints_of_the_day`, a data part `{date}` for a day, a text part for a query.
pub fn saints_of_the_day(date: DateArg<'_>) -> Call {
    let input = match date {
        DateArg::Date(date) => SkillInput::Data("date", date.iso()),
        DateArg::Query(query) => SkillInput::Text(query.to_string()),
    };
    skill(Skill::SaintsOfTheDay, input)
}

/// `sendMessage({ parts, skillId, contextId, taskId })`: `parts_json` is the
/// serialized parts, checked on `parsed` (the same parts parsed back).
pub fn send_message<V: JsonView, E>(
    parts_json: String,
    parsed: &V,
    skill_id: Option<&str>,
    context_id: Option<&str>,
    task_id: Option<&str>,
) -> Result<Call, Error<E>> {
    check_parts(parsed)?;
    let optional = |what: &str, value: Option<&str>| value.map(|v| text(what, v)).transpose();
    Ok(Call::Send {
        parts_json,
        skill_id: optional("skillId", skill_id)?,
        context_id: optional("contextId", context_id)?,
        task_id: optional("taskId", task_id)?,
    })
}

/// `getTask(id)`.
pub fn get_task<V>(id: &str) -> Result<Call, Error<V>> {
    Ok(Call::GetTask(text("id", id)?))
}

/// `cancelTask(id)`.
pub fn cancel_task<V>(id: &str) -> Result<Call, Error<V>> {
    Ok(Call::CancelTask(text("id", id)?))
}

/// A required text argument, not blank.
fn text<V>(what: &str, value: &str) -> Result<String, Error<V>> {
    validate::required_text(what, Some(value.to_string()))
}

fn skill(skill: Skill, input: SkillInput) -> Call {
    Call::Skill { skill, input, context_id: None }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorCode;
    use alloc::borrow::ToOwned;
    use serde_json::json;

    type E = Error<()>;

    #[test]
    fn arguments_become_calls() {
        let ask: Call = ask::<()>("What is grace?", Some("ctx-1")).unwrap();
        assert_eq!(
            ask,
            Call::Skill {
                skill: Skill::CatholicQa,
                input: SkillInput::Text("What is grace?".to_owned()),
                context_id: Some("ctx-1".to_owned())
            }
        );
        let fetch = fetch_document::<()>("10001").unwrap();
        assert!(matches!(fetch, Call::Skill { input: SkillInput::Data("id", ref id), .. } if id == "10001"));
        assert_eq!(get_task::<()>("t").unwrap(), Call::GetTask("t".to_owned()));
        assert_eq!(cancel_task::<()>("t").unwrap(), Call::CancelTask("t".to_owned()));
    }

    #[test]
    fn dates_are_days_or_queries() {
        let day = DateArg::parse::<()>("2026-03-19").unwrap();
        assert!(
            matches!(saints_of_the_day(day), Call::Skill { input: SkillInput::Data("date", ref d), .. } if d == "2026-03-19")
        );
        assert!(matches!(mass_readings(day), Call::Skill { input: SkillInput::Text(ref d), .. } if d == "2026-03-19"));
        let query = DateArg::parse::<()>("next Sunday").unwrap();
        assert!(
            matches!(saints_of_the_day(query), Call::Skill { input: SkillInput::Text(ref q), .. } if q == "next Sunday")
        );
        for bad in ["2026-02-30", "  "] {
            let e: E = DateArg::parse(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn blank_arguments_are_refused() {
        let refusals: [E; 5] = [
            ask("  ", None).unwrap_err(),
            ask("q", Some("")).unwrap_err(),
            search_documents("").unwrap_err(),
            fetch_document("\n").unwrap_err(),
            get_task("").unwrap_err(),
        ];
        for e in refusals {
            assert_eq!(e.code, ErrorCode::InvalidInput);
        }
    }

    #[test]
    fn sent_parts_are_checked() {
        let parts = json!([{"kind": "text", "text": "grace"}]);
        let call = send_message::<_, ()>(parts.to_string(), &parts, Some("document_search"), None, None).unwrap();
        assert!(matches!(call, Call::Send { skill_id: Some(ref s), .. } if s == "document_search"));
        let empty = json!([]);
        assert!(send_message::<_, ()>(empty.to_string(), &empty, None, None, None).is_err());
        assert!(send_message::<_, ()>(parts.to_string(), &parts, Some(" "), None, None).is_err());
    }
}
