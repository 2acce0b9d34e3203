//! Every skill decoded from recorded responses (`tests/fixtures/responses`).

use super::*;
use crate::sans_io::call::{Call, Outcome, SendMode};
use crate::sans_io::error::{Dialect, ErrorCode};
use crate::sans_io::wire::HttpReply;
use serde_json::{Value, json};

/// A recorded body as the transport would hand it over.
fn reply(status: u16, body: &str) -> HttpReply<Value> {
    HttpReply {
        status,
        retry_after_header: None,
        cache_control: None,
        request_id: None,
        body: serde_json::from_str(body).ok(),
    }
}

fn skill(skill: Skill, input: SkillInput) -> Call {
    Call::Skill { skill, input, context_id: None }
}

fn text(t: &str) -> SkillInput {
    SkillInput::Text(t.to_owned())
}

fn decode(call: &Call, body: &str) -> Result<Outcome<Value>, CallError<Value>> {
    call.outcome(reply(200, body), 1, Dialect::Magisterium)
}

macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/responses/", $name))
    };
}

#[test]
fn catholic_qa_decodes_text_citations_and_related_questions() {
    let Ok(Outcome::Answer(a)) = decode(&skill(Skill::CatholicQa, text("What is grace?")), fixture!("qa.json")) else {
        panic!("not an answer");
    };
    assert_eq!(a.text, json!("Grace is a participation in the life of God [1]."));
    assert_eq!((a.task_id.as_str(), &a.context_id), (Some("task-qa-1"), &json!("ctx-1")));
    assert_eq!(a.related_questions, vec![json!("What is sanctifying grace?"), json!("How is grace received?")]);
    assert_eq!(a.citations.len(), 2, "non-objects are skipped");
    let first = &a.citations[0];
    assert_eq!(first.cited_text, Some(json!("Grace is favor, the free and undeserved help")));
    assert_eq!(first.cited_text_heading, Some(json!("Grace")));
    assert_eq!(first.document_title, Some(json!("Catechism of the Catholic Church")));
    assert_eq!(first.document_index, Some(1));
    assert_eq!(first.document_author, Some(json!("Holy See")));
    assert_eq!(first.document_reference, Some(json!("CCC 1996")));
    assert_eq!(first.document_year, Some(json!(1992)));
    assert_eq!(first.source_url, Some(json!("https://www.vatican.va/archive/ENG0015/__P6Z.HTM")));
    assert_eq!(first.raw, json!({"relevance": 0.92}));
    let second = &a.citations[1];
    assert_eq!(second.document_index, None, "a wrong type is not decoded…");
    assert_eq!(second.raw, json!({"document_index": "two", "page": 17}), "…but kept");
    assert_eq!(second.cited_text, None);
}

#[test]
fn catholic_qa_tolerates_absent_citations_and_unknown_parts() {
    let Ok(Outcome::Answer(a)) = decode(&skill(Skill::CatholicQa, text("q")), fixture!("qa_minimal.json")) else {
        panic!("not an answer");
    };
    assert_eq!(a.text, json!("A short answer."));
    assert!(a.citations.is_empty() && a.related_questions.is_empty());
}

#[test]
fn camel_case_citation_fields_are_understood_too() {
    let c = Citation::decode(&json!({"citedText":"t","documentIndex":3,"sourceUrl":"https://x"}));
    assert_eq!((c.cited_text, c.document_index, c.source_url), (Some(json!("t")), Some(3), Some(json!("https://x"))));
    assert_eq!(c.raw, json!({}));
}

#[test]
fn citations_read_by_known_keys_decode_as_member_by_member() {
    let objects = [
        json!({"cited_text":"t","cited_text_heading":"h","document_title":"d","document_index":1,"document_author":"a",
               "document_reference":"r","document_year":1965,"source_url":"https://x"}),
        json!({"citedText":"t","documentYear":"1965"}),
        json!({}),
        json!({"cited_text":"t","citedText":"u"}),
        json!({"cited_text":7}),
        json!({"document_index":"two","page":17}),
        json!({"document_year":null,"cited_text":"t"}),
        json!({"source_url":"https://x","extra":{"nested":[1]}}),
    ];
    for object in &objects {
        let members = Citation::decode_members(object);
        assert_eq!(Citation::decode(object), members, "{object}");
        if let Some(known) = Citation::decode_known(object) {
            assert_eq!(known, members, "{object}");
        }
    }
    assert!(Citation::decode_known(&objects[3]).is_none(), "both spellings of a field go member by member");
    assert!(Citation::decode_known(&objects[0]).is_some(), "the common shape takes the fast path");
    assert!(Citation::decode_known(&objects[7]).is_some(), "…with unknown members too");
    assert!(Citation::decode_known(&objects[4]).is_none(), "a known field of the wrong type goes member by member");
}

#[test]
fn of_two_spellings_the_snake_case_one_wins_in_any_order() {
    // `JSON.parse` keeps members as written, the native view sorts them (camelCase
    // first): a rule that followed the order decoded differently in the package (found
    // by the differential suite, whose fixtures in tests/fixtures/differential-regressions/
    // replay it there). Here the rule itself is pinned.
    let both = [
        (r#"{"document_title":"snake","documentTitle":"camel"}"#, Some("snake")),
        (r#"{"documentTitle":"camel","document_title":"snake"}"#, Some("snake")),
        (r#"{"documentTitle":"camel","document_title":7}"#, Some("camel")),
        (r#"{"document_title":null,"documentTitle":"camel"}"#, Some("camel")),
        (r#"{"documentTitle":[],"document_title":"snake"}"#, Some("snake")),
    ];
    for (text, title) in both {
        let object: Value = serde_json::from_str(text).unwrap();
        assert_eq!(Citation::decode(&object).document_title, title.map(|t| json!(t)), "{text}");
    }
    let year: Value = serde_json::from_str(r#"{"documentYear":"camel","document_year":1965}"#).unwrap();
    assert_eq!(Citation::decode(&year).document_year, Some(json!(1965)));
    let index: Value = serde_json::from_str(r#"{"document_index":1,"documentIndex":2}"#).unwrap();
    assert_eq!(Citation::decode(&index).document_index, Some(1));
    for odd in [r#"{"document_index":1.5}"#, r#"{"documentIndex":-1}"#, r#"{"document_index":1e10}"#] {
        let odd: Value = serde_json::from_str(odd).unwrap();
        let c = Citation::decode(&odd);
        assert_eq!((c.document_index, &c.raw), (None, &odd), "a number that is no index is kept in raw: {odd}");
    }
}

#[test]
fn document_search_decodes_hits_and_skips_those_without_an_id() {
    let Ok(Outcome::Hits(hits)) = decode(&skill(Skill::DocumentSearch, text("grace")), fixture!("search.json")) else {
        panic!("not hits");
    };
    let ids: Vec<&Value> = hits.iter().map(|h| &h.id).collect();
    assert_eq!(ids, vec![&json!("12345"), &json!("678"), &json!("9")]);
    assert_eq!(hits[0].url, json!("https://www.magisterium.com/documents/12345"));
    assert_eq!(hits[0].title, json!("Lumen Gentium"));
    assert_eq!((&hits[1].url, &hits[2].url, &hits[2].title), (&json!(""), &json!(""), &json!("")));
    let Ok(Outcome::Hits(none)) = decode(&skill(Skill::DocumentSearch, text("zzz")), fixture!("search_empty.json"))
    else {
        panic!("not hits");
    };
    assert!(none.is_empty());
}

#[test]
fn document_fetch_decodes_the_document_or_null() {
    let call = skill(Skill::DocumentFetch, SkillInput::Data("id", "12345".into()));
    let Ok(Outcome::Document(Some(d))) = decode(&call, fixture!("fetch.json")) else {
        panic!("not a document");
    };
    assert_eq!(
        (d.id, d.title, d.author, d.reference, d.text),
        (
            json!("12345"),
            json!("Lumen Gentium"),
            json!("Second Vatican Council"),
            json!("LG 1"),
            json!("1. Christ is the Light of nations.")
        )
    );
    assert_eq!(decode(&call, fixture!("fetch_not_found.json")), Ok(Outcome::Document(None)));
}

#[test]
fn a_document_without_metadata_keeps_the_requested_id() {
    let body = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},
        "artifacts":[{"name":"document","parts":[{"kind":"text","text":"body"}]}]}}"#;
    let Ok(Outcome::Document(Some(d))) =
        decode(&skill(Skill::DocumentFetch, SkillInput::Data("id", "77".into())), body)
    else {
        panic!("not a document");
    };
    assert_eq!((d.id, d.title, d.text), (json!("77"), json!(""), json!("body")));
}

#[test]
fn readings_and_saints_decode_text_or_null() {
    let readings = skill(Skill::LiturgicalReadings, text("Easter Sunday 2026"));
    let saints = skill(Skill::SaintsOfTheDay, SkillInput::Data("date", "2026-03-19".into()));
    let Ok(Outcome::Text(Some(r))) = decode(&readings, fixture!("readings.json")) else {
        panic!("no readings");
    };
    assert!(r.as_str().unwrap().starts_with("Easter Sunday"));
    assert_eq!(decode(&readings, fixture!("readings_empty.json")), Ok(Outcome::Text(None)));
    let Ok(Outcome::Text(Some(s))) = decode(&saints, fixture!("saints.json")) else {
        panic!("no saints");
    };
    assert!(s.as_str().unwrap().contains("Saint Joseph"));
    assert_eq!(decode(&saints, fixture!("saints_empty.json")), Ok(Outcome::Text(None)), "trailing space is tolerated");
}

#[test]
fn a_long_text_that_starts_like_the_empty_case_is_kept() {
    let long = format!("No mass readings found.{}", " and more".repeat(10));
    let body = json!({"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},
        "artifacts":[{"name":"mass_readings","parts":[{"kind":"text","text":long}]}]}});
    let got = decode(&skill(Skill::LiturgicalReadings, text("x")), &body.to_string());
    assert_eq!(got, Ok(Outcome::Text(Some(json!(long)))));
}

#[test]
fn the_empty_case_between_wide_whitespace_is_empty_in_every_view() {
    // Six ideographic spaces: 6 UTF-16 units (what JS counts), 18 UTF-8 bytes. Found by
    // the differential suite, when the native view counted bytes (tests/fixtures/differential-regressions/).
    let padded = format!("No mass readings found.{}", "\u{3000}".repeat(6));
    let body = json!({"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},
        "artifacts":[{"name":"mass_readings","parts":[{"kind":"text","text":padded}]}]}});
    assert_eq!(decode(&skill(Skill::LiturgicalReadings, text("x")), &body.to_string()), Ok(Outcome::Text(None)));
}

#[test]
fn a_failed_task_rejects_skill_methods_but_not_send_message() {
    let e = decode(&skill(Skill::SaintsOfTheDay, text("today")), fixture!("task_failed.json")).unwrap_err();
    assert_eq!((e.code, e.task_id.as_deref()), (ErrorCode::TaskFailed, Some("task-x")));
    assert_eq!(e.message, "The skill raised: upstream unavailable");
    let send = Call::Send {
        parts_json: "[]".into(),
        skill_id: Some("pope_lookup".into()),
        context_id: None,
        task_id: None,
        mode: SendMode::Reply,
    };
    let Ok(Outcome::Task(task)) = decode(&send, fixture!("task_failed.json")) else {
        panic!("sendMessage returns the task");
    };
    assert_eq!(task["status"]["state"], "failed");
    let Ok(Outcome::Task(working)) = decode(&Call::GetTask("task-w".into()), fixture!("task_working.json")) else {
        panic!("getTask returns the task");
    };
    assert_eq!(working["status"]["state"], "working");
}

#[test]
fn a_working_task_from_a_skill_method_is_a_bad_response() {
    let e = decode(&skill(Skill::CatholicQa, text("q")), fixture!("task_working.json")).unwrap_err();
    assert_eq!((e.code, e.task_id.as_deref()), (ErrorCode::BadResponse, Some("task-w")));
}

#[test]
fn every_skill_refuses_a_task_without_its_artifact() {
    let body = fixture!("readings.json");
    for s in [Skill::CatholicQa, Skill::DocumentSearch, Skill::DocumentFetch, Skill::SaintsOfTheDay] {
        let e = decode(&skill(s, text("x")), body).unwrap_err();
        assert_eq!(e.code, ErrorCode::BadResponse, "{s:?}");
        assert!(e.message.contains(s.artifact_name()));
    }
}

#[test]
fn every_error_read_from_a_reply_carries_the_server_request_id() {
    let call = skill(Skill::CatholicQa, text("q"));
    let with_id = |status, body: &str| HttpReply { request_id: Some("req-1".into()), ..reply(status, body) };
    let rpc = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}"#;
    let refused = call.outcome(with_id(200, rpc), 1, Dialect::Magisterium).unwrap_err();
    assert_eq!((refused.code, refused.request_id.as_deref()), (ErrorCode::TaskNotFound, Some("req-1")));
    let html = call.outcome(with_id(502, fixture!("html_502.txt")), 1, Dialect::Magisterium).unwrap_err();
    assert_eq!(html.request_id.as_deref(), Some("req-1"), "the status's error");
    let undecodable = r#"{"jsonrpc":"2.0","id":1,"result":"a string"}"#;
    assert_eq!(
        call.outcome(with_id(200, undecodable), 1, Dialect::Magisterium).unwrap_err().request_id.as_deref(),
        Some("req-1"),
        "a decoding error"
    );
    assert_eq!(call.outcome(reply(200, rpc), 1, Dialect::Magisterium).unwrap_err().request_id, None, "none sent");
}

#[test]
fn malformed_bodies_are_typed_errors() {
    let call = skill(Skill::CatholicQa, text("q"));
    let html = call.outcome(reply(502, fixture!("html_502.txt")), 1, Dialect::Magisterium).unwrap_err();
    assert_eq!((html.code, html.http_status), (ErrorCode::BadResponse, Some(502)));
    let truncated = call.outcome(reply(200, fixture!("truncated.txt")), 1, Dialect::Magisterium).unwrap_err();
    assert_eq!(truncated.code, ErrorCode::BadResponse);
    let wrong_types = [
        r#"{"jsonrpc":"2.0","id":1,"result":"a string"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"name":"catholic_qa_response","parts":"nope"}]}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"name":"catholic_qa_response","parts":[{"kind":"text","text":["a"]}]}]}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"name":"catholic_qa_response","parts":[{"kind":"data","data":{"citations":"x"}}]}]}}"#,
    ];
    for body in wrong_types {
        assert_eq!(decode(&call, body).unwrap_err().code, ErrorCode::BadResponse, "{body}");
    }
    let search = skill(Skill::DocumentSearch, text("q"));
    let no_results = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"name":"search_results","parts":[{"kind":"data","data":{"results":{}}}]}]}}"#;
    assert_eq!(decode(&search, no_results).unwrap_err().code, ErrorCode::BadResponse);
}

#[test]
fn skill_inputs_serialize_as_contract_parts() {
    let parts: Value = serde_json::from_str(&SkillInput::Data("date", "2026-03-19".into()).parts_json()).unwrap();
    assert_eq!(parts, json!([{"kind":"data","data":{"date":"2026-03-19"}}]));
    let parts: Value = serde_json::from_str(&text("say \"hi\"\n").parts_json()).unwrap();
    assert_eq!(parts, json!([{"kind":"text","text":"say \"hi\"\n"}]));
}

#[test]
fn calls_build_the_right_methods_and_bodies() {
    let ask = Call::Skill { skill: Skill::CatholicQa, input: text("q"), context_id: Some("ctx".into()) };
    let body: Value = serde_json::from_str(&ask.body(4, "mid", Dialect::Magisterium)).unwrap();
    assert_eq!(body["params"]["message"]["metadata"]["skillId"], "catholic_qa");
    assert_eq!(body["params"]["message"]["contextId"], "ctx");
    assert_eq!(ask.pool(), Some(crate::sans_io::pacing::Pool::Expensive));
    let get: Value = serde_json::from_str(&Call::GetTask("t".into()).body(5, "unused", Dialect::Magisterium)).unwrap();
    assert_eq!((get["method"].as_str(), get["id"].as_u64()), (Some("tasks/get"), Some(5)));
    assert_eq!(Call::CancelTask("t".into()).method().name(), "tasks/cancel");
    let body: Value = serde_json::from_str(&sent(SendMode::Reply).body(6, "m", Dialect::Magisterium)).unwrap();
    assert!(body["params"]["message"].get("metadata").is_none(), "the server's default skill");
}

#[test]
fn a_generic_agent_may_answer_send_message_with_a_message() {
    let body = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;
    let send =
        Call::Send { parts_json: "[]".into(), skill_id: None, context_id: None, task_id: None, mode: SendMode::Reply };
    let Ok(Outcome::Task(message)) = send.outcome(reply(200, body), 1, Dialect::A2a) else {
        panic!("a message is a valid answer from a generic agent");
    };
    assert_eq!(message["kind"], "message");
    assert_eq!(
        send.outcome(reply(200, body), 1, Dialect::Magisterium).unwrap_err().code,
        ErrorCode::BadResponse,
        "Magisterium always answers a task"
    );
    let ask = skill(Skill::CatholicQa, text("q"));
    assert_eq!(ask.outcome(reply(200, body), 1, Dialect::A2a).unwrap_err().code, ErrorCode::BadResponse);
}

#[test]
fn server_defined_codes_follow_the_dialect() {
    let body = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"x"}}"#;
    let get = Call::CancelTask("t".into());
    assert_eq!(get.outcome(reply(200, body), 1, Dialect::Magisterium).unwrap_err().code, ErrorCode::SkillNotFound);
    assert_eq!(get.outcome(reply(200, body), 1, Dialect::A2a).unwrap_err().code, ErrorCode::TaskNotCancelable);
}

/// `sendMessage`'s call of one text part, the server's default skill, answered as `mode` says.
fn sent(mode: SendMode) -> Call {
    Call::Send {
        parts_json: r#"[{"kind":"text","text":"x"}]"#.into(),
        skill_id: None,
        context_id: None,
        task_id: None,
        mode,
    }
}

#[test]
fn streams_and_lists_have_their_methods_bodies_and_outcomes() {
    let stream = sent(SendMode::Stream);
    let body: Value = serde_json::from_str(&stream.body(3, "m", Dialect::A2a)).unwrap();
    assert_eq!(body["method"], "message/stream");
    assert!(body["params"].get("configuration").is_none(), "a stream never asks not to block");
    let body: Value = serde_json::from_str(&sent(SendMode::Final).body(4, "m", Dialect::A2a)).unwrap();
    assert_eq!((body["method"].as_str(), body["params"].get("configuration")), (Some("message/send"), None));
    let subscribe: Value = serde_json::from_str(&Call::Subscribe("t".into()).body(5, "m", Dialect::A2a)).unwrap();
    assert_eq!(subscribe, json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/resubscribe", "params": {"id": "t"}}));
    let list = Call::ListTasks(r#"{"pageSize":2}"#.into());
    let body: Value = serde_json::from_str(&list.body(6, "m", Dialect::A2a)).unwrap();
    assert_eq!(body, json!({"jsonrpc": "2.0", "id": 6, "method": "tasks/list", "params": {"pageSize": 2}}));
    assert_eq!((list.pool(), Call::Subscribe("t".into()).pool()), (None, None), "task methods do not count");

    // A stream's first event may be any event; a list needs its `tasks`.
    let update = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"working"},"final":false}}"#;
    assert!(matches!(stream.outcome(reply(200, update), 1, Dialect::A2a), Ok(Outcome::Task(_))));
    assert!(matches!(Call::Subscribe("t".into()).outcome(reply(200, update), 1, Dialect::A2a), Ok(Outcome::Task(_))));
    let listed = r#"{"jsonrpc":"2.0","id":1,"result":{"tasks":[],"nextPageToken":""}}"#;
    assert!(matches!(list.outcome(reply(200, listed), 1, Dialect::A2a), Ok(Outcome::Task(_))));
    let not_a_list = r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task"}}"#;
    assert_eq!(list.outcome(reply(200, not_a_list), 1, Dialect::A2a).unwrap_err().code, ErrorCode::BadResponse);
}
