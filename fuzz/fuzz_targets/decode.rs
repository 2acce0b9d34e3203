//! Any bytes as a response body, under any status, for every call (and the
//! reading of a [`Call::Other`]'s result): the decoder must return a value or
//! a typed error, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use magisterium_a2a::sans_io::call::{Call, Outcome, SendMode};
use magisterium_a2a::sans_io::card::read_extended_card;
use magisterium_a2a::sans_io::error::Dialect;
use magisterium_a2a::sans_io::push_config::PushOp;
use magisterium_a2a::sans_io::skills::{Skill, SkillInput};
use magisterium_a2a::sans_io::wire::{HttpReply, Method};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else { return };
    let status = [200, 401, 403, 429, 500, 502][usize::from(selector) % 6];
    let calls = [
        Call::Skill { skill: Skill::CatholicQa, input: SkillInput::Text("q".into()), context_id: None },
        Call::Skill { skill: Skill::DocumentSearch, input: SkillInput::Text("q".into()), context_id: None },
        Call::Skill { skill: Skill::DocumentFetch, input: SkillInput::Data("id", "1".into()), context_id: None },
        Call::Skill { skill: Skill::LiturgicalReadings, input: SkillInput::Text("today".into()), context_id: None },
        Call::Skill {
            skill: Skill::SaintsOfTheDay,
            input: SkillInput::Data("date", "2026-03-19".into()),
            context_id: None,
        },
        Call::GetTask("t".into()),
        Call::Send { parts_json: "[]".into(), skill_id: None, context_id: None, task_id: None, mode: SendMode::Stream },
        Call::Subscribe("t".into()),
        Call::ListTasks("{}".into()),
        Call::Other { method: Method::ExtendedCard, params: "{}".into() },
        Call::Other { method: Method::PushSet, params: "{}".into() },
        Call::Other { method: Method::PushGet, params: "{}".into() },
        Call::Other { method: Method::PushList, params: "{}".into() },
        Call::Other { method: Method::PushDelete, params: "{}".into() },
    ];
    let call = &calls[usize::from(selector / 6) % calls.len()];
    let header = (selector & 0x80 != 0).then(|| String::from_utf8_lossy(&body[..body.len().min(12)]).into_owned());
    let reply = HttpReply {
        status,
        retry_after_header: header,
        cache_control: None,
        request_id: None,
        body: serde_json::from_slice::<Value>(body).ok(),
    };
    let outcome = call.outcome(reply, 1, if selector & 0x40 != 0 { Dialect::A2a } else { Dialect::Magisterium });
    if let (Call::Other { method, .. }, Ok(Outcome::Task(result))) = (call, outcome) {
        let push = [PushOp::Set, PushOp::Get, PushOp::List, PushOp::Delete]
            .into_iter()
            .find(|op| Method::push(*op) == *method);
        let _ = match push {
            Some(op) => op.read(result).map(drop),
            None => read_extended_card(result).map(drop),
        };
    }
});
