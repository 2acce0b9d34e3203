//! The native side: a case's response decoded by the core over
//! `serde_json::Value`, as the npm package would see it.
//!
//! The bytes become text as `Response.text()` makes it (UTF-8, a leading BOM
//! dropped, invalid sequences replaced), then `serde_json` parses what the
//! package gives `JSON.parse`. Where `serde_json` refuses text, that is
//! reported, not hidden: the caller compares it with what `JSON.parse` did.

use super::case::{Case, ClientClass, ClientMethod};
use super::npm_shape;
use magisterium_a2a::sans_io::call::{Call, SendMode};
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::skills::{Skill, SkillInput};
use magisterium_a2a::sans_io::wire::HttpReply;
use serde_json::{Value, json};

/// The token both sides' clients send (long enough to be redacted).
pub const TOKEN: &str = "differential-token-0123456789";

/// What the native side made of a case.
pub struct Native {
    /// `serde_json`'s refusal of the body text, when it refused it.
    pub refused: Option<String>,
    /// `{ "value": … }` or `{ "error": … }`, in the npm package's JSON shape.
    pub outcome: Value,
}

/// Decodes `case` for the request the JS client sent with `request_id`.
pub fn decode(case: &Case, request_id: u64) -> Native {
    let text = response_text(&case.body_for(request_id));
    let parsed = serde_json::from_str::<Value>(&text);
    let refused = parsed.as_ref().err().map(ToString::to_string);
    // `Headers` drops surrounding HTTP whitespace; the transport reads `Retry-After` of a failure only.
    let retry_after = case.retry_after.as_deref().map(|v| v.trim_matches([' ', '\t', '\r', '\n']).to_owned());
    let reply = HttpReply {
        status: case.status,
        retry_after_header: retry_after.filter(|_| !(200..300).contains(&case.status)),
        cache_control: None,
        request_id: None,
        body: parsed.ok(),
    };
    let dialect = match case.target.client {
        ClientClass::Magisterium => Dialect::Magisterium,
        ClientClass::A2a => Dialect::A2a,
    };
    let call = call(case);
    let outcome = match call.outcome(reply, request_id, dialect) {
        Ok(outcome) => match npm_shape::value(outcome) {
            Ok(value) => json!({ "value": value }),
            Err(why) => json!({ "rust types": why }),
        },
        // As the call loop gives up: TASK_NOT_FOUND names the task the call named.
        Err(error) => json!({ "error": npm_shape::error(error.naming_task(call.task_id()), TOKEN) }),
    };
    Native { refused, outcome }
}

/// The body as `Response.text()` decodes it (the WHATWG "UTF-8 decode").
fn response_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).into_owned()
}

/// The core's call for what the driver calls (see `tests/differential/driver.mjs`).
fn call(case: &Case) -> Call {
    let argument = case.argument.as_str().unwrap_or_default().to_owned();
    let skill = |skill, input| Call::Skill { skill, input, context_id: None };
    match case.target.method {
        ClientMethod::Ask => skill(Skill::CatholicQa, SkillInput::Text(argument)),
        ClientMethod::SearchDocuments => skill(Skill::DocumentSearch, SkillInput::Text(argument)),
        ClientMethod::FetchDocument => skill(Skill::DocumentFetch, SkillInput::Data("id", argument)),
        ClientMethod::MassReadings => skill(Skill::LiturgicalReadings, SkillInput::Text(argument)),
        ClientMethod::SaintsOfTheDay => skill(Skill::SaintsOfTheDay, SkillInput::Data("date", argument)),
        ClientMethod::SendMessage => Call::Send {
            parts_json: case.argument.get("parts").map_or_else(|| "[]".into(), Value::to_string),
            skill_id: None,
            context_id: None,
            task_id: None,
            mode: SendMode::Reply,
        },
        ClientMethod::GetTask => Call::GetTask(argument),
        ClientMethod::CancelTask => Call::CancelTask(argument),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_decoded_as_response_text_does() {
        assert_eq!(response_text(b"\xEF\xBB\xBF{}"), "{}");
        assert_eq!(response_text(b"\"a\xFFb\""), "\"a\u{FFFD}b\"");
        assert_eq!(response_text(b"\xEF\xBB\xBF\xEF\xBB\xBF1"), "\u{FEFF}1");
    }
}
