use super::*;
use crate::sans_io::error::ErrorCode;
use serde_json::{Value, json};

fn target(version: ProtocolVersion, binding: Binding) -> Target<'static> {
    Target { url: "https://agent.example/a2a", version, binding, tenant: None, extensions: None, events: false }
}

fn planned(target: &Target<'_>, request: Value) -> Plan<Value> {
    plan(target, request.to_string(), Some(request)).unwrap()
}

fn header_names(plan: &Plan<Value>) -> Vec<&'static str> {
    plan.headers.iter().map(|(name, _)| *name).collect()
}

fn send() -> Value {
    json!({ "jsonrpc": "2.0", "id": 3, "method": "message/send",
        "params": { "message": { "role": "user", "kind": "message", "messageId": "m", "parts": [] } } })
}

fn get_task() -> Value {
    json!({ "jsonrpc": "2.0", "id": 4, "method": "tasks/get", "params": { "id": "t 1", "historyLength": 2 } })
}

#[test]
fn a_0_3_request_is_posted_as_the_core_wrote_it() {
    let text = send().to_string();
    let plan = plan(&target(ProtocolVersion::V0_3, Binding::JsonRpc), text.clone(), Some(send())).unwrap();
    assert_eq!((plan.verb, plan.url.as_str()), (Verb::Post, "https://agent.example/a2a"));
    assert_eq!(plan.headers, [("Content-Type", String::from("application/json"))]);
    assert_eq!(plan.body, Some(Body::Text(text)));
    assert_eq!((plan.answer, plan.repeatable), (Answer::Json, false), "a send is not repeatable");
    assert!(plan.activated_from().is_empty(), "no extension asked for: none read");
}

#[test]
fn a_stream_asks_for_events_and_the_extensions_go_under_the_versions_own_name() {
    let mut to = target(ProtocolVersion::V0_3, Binding::JsonRpc);
    to.events = true;
    to.extensions = Some("urn:a, urn:b");
    let plan = planned(&to, send());
    assert_eq!(header_names(&plan), ["Content-Type", "Accept", "X-A2A-Extensions"]);
    assert_eq!(plan.headers[2].1, "urn:a, urn:b");
    assert_eq!(plan.activated_from(), ["X-A2A-Extensions", "A2A-Extensions"]);
    to.version = ProtocolVersion::V1_0;
    let plan = planned(&to, send());
    assert_eq!(header_names(&plan), ["Content-Type", "Accept", "A2A-Version", "A2A-Extensions"]);
    assert_eq!(plan.activated_from(), ["A2A-Extensions", "X-A2A-Extensions"]);
}

#[test]
fn the_activated_extensions_are_read_by_one_precedence() {
    let mut to = target(ProtocolVersion::V1_0, Binding::JsonRpc);
    to.extensions = Some("urn:a");
    let plan = planned(&to, send());
    let both = |name: &str| Some(String::from(if name == "A2A-Extensions" { "urn:own" } else { "urn:other" }));
    assert_eq!(plan.activated(both).as_deref(), Some("urn:own"));
    let other_only = |name: &str| (name == "X-A2A-Extensions").then(|| String::from("urn:other"));
    assert_eq!(plan.activated(other_only).as_deref(), Some("urn:other"));
    to.extensions = None;
    assert_eq!(planned(&to, send()).activated(both), None, "none asked for: none read");
}

#[test]
fn a_1_0_json_rpc_request_is_reshaped_and_names_the_tenant() {
    let mut to = target(ProtocolVersion::V1_0, Binding::JsonRpc);
    to.tenant = Some("parish");
    let plan = planned(&to, get_task());
    assert_eq!(header_names(&plan), ["Content-Type", "A2A-Version"]);
    let Some(Body::Json(body)) = &plan.body else { panic!("a JSON body") };
    assert_eq!(body["method"], "GetTask");
    assert_eq!(body["params"]["tenant"], "parish");
    assert!(plan.repeatable, "a read is repeatable");
}

#[test]
fn a_1_0_http_json_request_is_mapped_and_a_get_has_no_body_nor_content_type() {
    let plan = planned(&target(ProtocolVersion::V1_0, Binding::HttpJson), get_task());
    assert_eq!((plan.verb, plan.url.as_str()), (Verb::Get, "https://agent.example/a2a/tasks/t%201?historyLength=2"));
    assert_eq!((plan.body.is_none(), header_names(&plan)), (true, vec!["A2A-Version"]));
    let answer = HttpReply {
        status: 200,
        retry_after_header: None,
        cache_control: None,
        request_id: None,
        body: Some(json!({ "id": "t 1", "status": { "state": "TASK_STATE_WORKING" } })),
    };
    let read = plan.read(answer, None, Dialect::A2a, true).unwrap().body.unwrap();
    assert_eq!((read["id"].clone(), read["result"]["status"]["state"].clone()), (json!(4), json!("working")));
    let refused =
        HttpReply { status: 404, retry_after_header: None, cache_control: None, request_id: None, body: None };
    assert_eq!(plan.read(refused, None, Dialect::A2a, true).unwrap_err().http_status, Some(404));
}

#[test]
fn an_http_json_method_without_a_route_is_refused_before_any_request() {
    let request = json!({ "jsonrpc": "2.0", "id": 1, "method": "nope", "params": {} });
    let refused = plan(&target(ProtocolVersion::V1_0, Binding::HttpJson), request.to_string(), Some(request));
    assert_eq!(refused.unwrap_err().code, ErrorCode::InvalidInput);
}

#[test]
fn only_a_2xx_event_stream_asked_for_is_read_as_events() {
    let mut to = target(ProtocolVersion::V1_0, Binding::JsonRpc);
    assert_eq!(planned(&to, send()).answer_of(200, Some("text/event-stream")), Answer::Json, "not asked for");
    to.events = true;
    let plan = planned(&to, send());
    assert_eq!(plan.answer_of(200, Some("  Text/Event-Stream; charset=utf-8")), Answer::Events, "trimmed, any case");
    assert_eq!(plan.answer_of(200, Some("application/json")), Answer::Json);
    assert_eq!(plan.answer_of(500, Some("text/event-stream")), Answer::Json);
    assert_eq!(plan.answer_of(200, None), Answer::Json);
}

#[test]
fn the_head_read_is_retry_after_of_a_failure_and_cache_control_of_a_get() {
    let header = |name: &str| Some(String::from(name));
    let card = card::<Value>("https://agent.example/.well-known/agent.json");
    assert_eq!(
        card.reply_head(200, header),
        ReplyHead {
            retry_after: None,
            cache_control: Some("Cache-Control".into()),
            request_id: Some("x-request-id".into())
        }
    );
    let post = planned(&target(ProtocolVersion::V0_3, Binding::JsonRpc), send());
    assert_eq!(
        post.reply_head(429, header),
        ReplyHead {
            retry_after: Some("Retry-After".into()),
            cache_control: None,
            request_id: Some("x-request-id".into())
        }
    );
}

#[test]
fn the_server_request_id_is_the_first_header_present_bounded_to_visible_ascii() {
    let of = |headers: &'static [(&'static str, &'static str)]| {
        request_id(move |name| headers.iter().find(|(n, _)| *n == name).map(|(_, v)| String::from(*v)))
    };
    assert_eq!(of(&[("x-request-id", "req_1"), ("request-id", "other")]).as_deref(), Some("req_1"), "x- first");
    assert_eq!(of(&[("request-id", "7f3a-9")]).as_deref(), Some("7f3a-9"), "the second name");
    assert_eq!(of(&[]), None);
    assert_eq!(of(&[("x-request-id", "  ")]), None, "empty");
    assert_eq!(of(&[("x-request-id", "a b")]), None, "a space (two headers joined by a comma and a space)");
    assert_eq!(of(&[("x-request-id", "id\u{1b}[31m")]), None, "a control character");
    assert_eq!(of(&[("x-request-id", "idé")]), None, "not ASCII");
    let long: &'static str = Box::leak("r".repeat(10 * 1024).into_boxed_str());
    let kept = request_id(|_| Some(String::from(long))).unwrap();
    assert_eq!(kept.len(), MAX_REQUEST_ID_LEN, "a 10 KB header is cut, not kept whole");
}

#[test]
fn an_error_read_from_a_reply_carries_the_server_request_id() {
    let plan = planned(&target(ProtocolVersion::V1_0, Binding::HttpJson), get_task());
    let refused = HttpReply {
        status: 404,
        retry_after_header: None,
        cache_control: None,
        request_id: Some("req-9".into()),
        body: None,
    };
    assert_eq!(plan.read(refused, None, Dialect::A2a, true).unwrap_err().request_id.as_deref(), Some("req-9"));
}

#[test]
fn the_token_is_no_header_of_a_plan_and_goes_as_a_bearer() {
    let plan = planned(&target(ProtocolVersion::V1_0, Binding::JsonRpc), send());
    assert!(plan.headers.iter().all(|(name, _)| *name != AUTHORIZATION));
    assert_eq!(bearer("t0k"), "Bearer t0k");
}

#[test]
fn a_reshaped_body_has_its_members_sorted_at_every_depth() {
    let mut request = send();
    request["params"]["message"]["metadata"] = json!({ "z": 1, "a": [{ "y": 2, "b": 3 }] });
    let plan = planned(&target(ProtocolVersion::V1_0, Binding::JsonRpc), request);
    let Some(Body::Json(body)) = &plan.body else { panic!("a JSON body") };
    // serde_json's map is sorted already: the order is checked on the view's own members.
    let keys = |v: &Value| v.members().into_iter().map(|(k, _)| k.as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(keys(body), ["id", "jsonrpc", "method", "params"]);
    assert_eq!(keys(&body["params"]["message"]["metadata"]["a"][0]), ["b", "y"]);
}

#[test]
fn a_default_header_is_a_token_with_a_clean_value_and_never_one_the_client_sets() {
    let check =
        |name: &str, value: &str| check_default_header::<()>(name, value).map_err(|e| (e.code, e.message.clone()));
    assert_eq!(check("X-Trace", "abc\tdef"), Ok(()));
    assert_eq!(check("x-api-version", "2"), Ok(()));
    for (name, value, why) in [
        ("", "v", "is not a valid header name"),
        ("X Trace", "v", "is not a valid header name"),
        ("X-Tracé", "v", "is not a valid header name"),
        ("X-Trace", "a\r\nInjected: yes", "has a value with a control character (CR, LF)"),
        ("X-Trace", "a\u{0}", "has a value with a control character (CR, LF)"),
        ("authorization", "Bearer other", "is set by the client itself"),
        ("A2A-Version", "0.3", "is set by the client itself"),
        ("x-a2a-extensions", "u", "is set by the client itself"),
        ("Content-Type", "text/plain", "is set by the client itself"),
        ("accept", "*/*", "is set by the client itself"),
    ] {
        let (code, message) = check(name, value).unwrap_err();
        assert_eq!(code, ErrorCode::InvalidInput, "{name:?}");
        assert!(message.contains(why), "{name:?}: {message}");
    }
}

#[test]
fn own_headers_are_named_in_any_case_and_only_they() {
    for own in ["Authorization", "HOST", "content-length", "A2A-", "a2a-version", "X-A2A-Extensions", "x-a2a-anything"]
    {
        assert!(is_own_header(own), "{own}");
        assert!(check_not_own_header::<()>(own).is_err(), "{own}");
    }
    // Near misses, and names whose prefix ends inside a character (no panic).
    for other in ["a2a", "X-A2A", "hostname", "accepts", "authorization2", "a2é-x", "x-a2é", "é", ""] {
        assert!(!is_own_header(other), "{other}");
        assert!(check_not_own_header::<()>(other).is_ok(), "{other}");
    }
}
