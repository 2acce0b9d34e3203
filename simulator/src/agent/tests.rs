//! The agent answered in memory, its clock given: every method, stream and error.

use serde_json::{Value, json};

use super::store::TASKS_KEPT;
use super::{Agent, AgentBody, AgentRequest, AgentResponse, MAX_BODY_BYTES};

/// 2026-03-19T08:30:00Z.
const T0: u64 = 1_773_909_000_000;

fn exchange(agent: &Agent, method: &str, path: &str, body: &[u8], now_ms: u64) -> AgentResponse {
    agent.handle(&AgentRequest { method, path, body, base_url: "http://127.0.0.1:9" }, now_ms)
}

fn json_of(response: &AgentResponse) -> Value {
    match &response.body {
        AgentBody::Json(bytes) => serde_json::from_slice(bytes).expect("JSON body"),
        AgentBody::Events(_) => panic!("a stream where JSON was expected"),
    }
}

/// The JSON-RPC response to `method` with `params` at `now_ms`.
fn call(agent: &Agent, method: &str, params: Value, now_ms: u64) -> Value {
    let body = json!({ "jsonrpc": "2.0", "id": 7, "method": method, "params": params }).to_string();
    let response = exchange(agent, "POST", "", body.as_bytes(), now_ms);
    assert_eq!((response.status, response.content_type), (200, "application/json"));
    json_of(&response)
}

fn result(agent: &Agent, method: &str, params: Value, now_ms: u64) -> Value {
    let response = call(agent, method, params, now_ms);
    assert!(response.get("error").is_none(), "unexpected error {response}");
    response["result"].clone()
}

fn error_code(agent: &Agent, method: &str, params: Value, now_ms: u64) -> i64 {
    let response = call(agent, method, params, now_ms);
    response["error"]["code"].as_i64().unwrap_or_else(|| panic!("no error in {response}"))
}

/// The events of a stream: each delay and the `result` of its JSON-RPC response.
fn stream(agent: &Agent, method: &str, params: Value, now_ms: u64) -> Vec<(u64, Value)> {
    let body = json!({ "jsonrpc": "2.0", "id": "s", "method": method, "params": params }).to_string();
    let response = exchange(agent, "POST", "", body.as_bytes(), now_ms);
    assert_eq!((response.status, response.content_type), (200, "text/event-stream"));
    let AgentBody::Events(events) = response.body else { panic!("not a stream") };
    events
        .into_iter()
        .map(|(delay, bytes)| {
            let text = String::from_utf8(bytes).unwrap();
            let data = text.strip_prefix("data: ").and_then(|t| t.strip_suffix("\n\n")).expect("one SSE event");
            let response: Value = serde_json::from_str(data).unwrap();
            assert_eq!((&response["jsonrpc"], &response["id"]), (&json!("2.0"), &json!("s")));
            (delay, response["result"].clone())
        })
        .collect()
}

/// Params of a user message with a text and perhaps a data part.
fn message(text: &str, data: Option<Value>) -> Value {
    let mut parts = vec![json!({ "text": text })];
    parts.extend(data.map(|data| json!({ "data": data })));
    json!({ "message": { "role": "ROLE_USER", "messageId": "m-1", "parts": parts } })
}

fn immediately(mut params: Value) -> Value {
    params["configuration"] = json!({ "returnImmediately": true });
    params
}

fn texts(task: &Value) -> Vec<String> {
    let parts = task["artifacts"][0]["parts"].as_array().cloned().unwrap_or_default();
    parts.iter().map(|p| p["text"].as_str().unwrap().to_string()).collect()
}

#[test]
fn the_card_offers_json_rpc_1_0_at_the_agent_and_streaming() {
    let agent = Agent::default();
    let response = exchange(&agent, "GET", "/.well-known/agent-card.json", b"", T0);
    assert_eq!((response.status, response.content_type), (200, "application/json"));
    let card = json_of(&response);
    assert_eq!(
        card["supportedInterfaces"],
        json!([{ "url": "http://127.0.0.1:9/agent", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" }])
    );
    assert_eq!(card["capabilities"]["streaming"], true);
    let ids: Vec<&str> = card["skills"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["echo", "stream", "reply"]);
    assert!(!card["name"].as_str().unwrap().starts_with("Magisterium AI"), "the client would take it for Magisterium");
}

#[test]
fn other_paths_and_methods() {
    let agent = Agent::default();
    for (method, path, status) in [
        ("GET", "", 405),
        ("POST", "/.well-known/agent-card.json", 405),
        ("GET", "/.well-known/agent.json", 404),
        ("POST", "/a2a", 404),
        ("DELETE", "/x", 404),
    ] {
        assert_eq!(exchange(&agent, method, path, b"{}", T0).status, status, "{method} {path}");
    }
}

#[test]
fn echo_completes_at_once_with_the_parts_as_its_artifact() {
    let agent = Agent::default();
    let params = message("echo hello", Some(json!({ "n": 1 })));
    let task = result(&agent, "SendMessage", immediately(params.clone()), T0)["task"].clone();
    assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED");
    assert_eq!(task["artifacts"][0]["parts"], params["message"]["parts"]);
    assert_eq!(task["history"][0]["taskId"], task["id"]);
    assert_eq!(task["history"][0]["messageId"], "m-1");
    // Text that names no skill is echoed too; a contextId given is kept.
    let mut params = message("What is grace?", None);
    params["message"]["contextId"] = json!("ctx-1");
    let task = result(&agent, "SendMessage", params, T0)["task"].clone();
    assert_eq!((task["contextId"].as_str(), texts(&task)), (Some("ctx-1"), vec!["What is grace?".to_string()]));
}

#[test]
fn a_stream_task_moves_with_the_clock_and_a_waiting_call_gets_it_done() {
    let agent = Agent::default();
    let task = result(&agent, "SendMessage", immediately(message("stream", None)), T0)["task"].clone();
    assert_eq!((task["status"]["state"].as_str(), texts(&task).len()), (Some("TASK_STATE_WORKING"), 0));
    let id = task["id"].clone();
    let at = |ms| result(&agent, "GetTask", json!({ "id": id }), T0 + ms);
    assert_eq!(
        (at(150)["status"]["state"].clone(), texts(&at(150))),
        (json!("TASK_STATE_WORKING"), vec!["chunk 0".to_string()])
    );
    let done = at(300);
    assert_eq!(done["status"]["state"], "TASK_STATE_COMPLETED");
    assert_eq!(texts(&done), ["chunk 0", "chunk 1", "chunk 2"]);
    assert_eq!(done["status"]["timestamp"], "2026-03-19T08:30:00.300Z");
    // Without returnImmediately the call waits for the end: the work happens at once.
    let blocking = result(&agent, "SendMessage", message("stream", Some(json!({ "chunks": 2 }))), T0)["task"].clone();
    assert_eq!(
        (blocking["status"]["state"].as_str(), texts(&blocking)),
        (Some("TASK_STATE_COMPLETED"), vec!["chunk 0".into(), "chunk 1".into()])
    );
}

#[test]
fn a_streaming_message_sends_the_task_status_chunks_then_completed() {
    let agent = Agent::default();
    let events =
        stream(&agent, "SendStreamingMessage", message("stream", Some(json!({ "chunks": 3, "delayMs": 60 }))), T0);
    let delays: Vec<u64> = events.iter().map(|(delay, _)| *delay).collect();
    assert_eq!(delays, [0, 0, 60, 60, 60, 0]);
    let task = &events[0].1["task"];
    assert_eq!((task["status"]["state"].as_str(), texts(task).len()), (Some("TASK_STATE_SUBMITTED"), 0));
    assert_eq!(events[1].1["statusUpdate"]["status"]["state"], "TASK_STATE_WORKING");
    let chunks: Vec<(Value, Value, Value)> = events[2..5]
        .iter()
        .map(|(_, e)| {
            let update = &e["artifactUpdate"];
            assert_eq!(update["taskId"], task["id"]);
            (update["artifact"]["parts"][0]["text"].clone(), update["append"].clone(), update["lastChunk"].clone())
        })
        .collect();
    assert_eq!(
        chunks,
        [
            (json!("chunk 0"), json!(false), json!(false)),
            (json!("chunk 1"), json!(true), json!(false)),
            (json!("chunk 2"), json!(true), json!(true))
        ]
    );
    assert_eq!(events[5].1["statusUpdate"]["status"]["state"], "TASK_STATE_COMPLETED");
    // The task is stored: after the stream's time it reads completed.
    let id = task["id"].clone();
    assert_eq!(result(&agent, "GetTask", json!({ "id": id }), T0 + 180)["status"]["state"], "TASK_STATE_COMPLETED");
}

#[test]
fn reply_answers_with_a_message_and_no_task() {
    let agent = Agent::default();
    let mut params = message("hello", None);
    params["message"]["metadata"] = json!({ "skillId": "reply" });
    let reply = result(&agent, "SendMessage", params.clone(), T0)["message"].clone();
    assert_eq!(
        (reply["role"].as_str(), reply["parts"][0]["text"].as_str()),
        (Some("ROLE_AGENT"), Some("You said: hello"))
    );
    let events = stream(&agent, "SendStreamingMessage", params, T0);
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].1["message"]["parts"][0]["text"], "You said: hello");
    assert_eq!(result(&agent, "ListTasks", json!({}), T0)["totalSize"], 0);
}

#[test]
fn an_unknown_skill_is_a_rejected_task() {
    let agent = Agent::default();
    let mut params = message("hello", None);
    params["message"]["metadata"] = json!({ "skillId": "translate" });
    let task = result(&agent, "SendMessage", params, T0)["task"].clone();
    assert_eq!(task["status"]["state"], "TASK_STATE_REJECTED");
    let reason = task["status"]["message"]["parts"][0]["text"].as_str().unwrap();
    assert!(reason.contains("translate") && reason.contains("echo, stream, reply"), "{reason}");
}

#[test]
fn cancel_stops_a_working_task_and_refuses_an_ended_one() {
    let agent = Agent::default();
    let id = result(&agent, "SendMessage", immediately(message("stream", None)), T0)["task"]["id"].clone();
    let canceled = result(&agent, "CancelTask", json!({ "id": id }), T0 + 150);
    assert_eq!(canceled["status"]["state"], "TASK_STATE_CANCELED");
    let later = result(&agent, "GetTask", json!({ "id": id }), T0 + 10_000);
    assert_eq!(
        (later["status"]["state"].as_str(), texts(&later)),
        (Some("TASK_STATE_CANCELED"), vec!["chunk 0".to_string()])
    );
    assert_eq!(later["status"]["timestamp"], "2026-03-19T08:30:00.150Z");
    assert_eq!(error_code(&agent, "CancelTask", json!({ "id": id }), T0 + 200), -32002);
    let echo = result(&agent, "SendMessage", message("echo", None), T0)["task"]["id"].clone();
    let refused = call(&agent, "CancelTask", json!({ "id": echo }), T0);
    assert_eq!(refused["error"]["code"], -32002);
    assert_eq!(refused["error"]["data"][0]["reason"], "TASK_NOT_CANCELABLE");
    assert_eq!(error_code(&agent, "CancelTask", json!({ "id": "nope" }), T0), -32001);
    assert_eq!(error_code(&agent, "GetTask", json!({ "id": "nope" }), T0), -32001);
}

#[test]
fn subscribing_follows_a_working_task_from_now_and_refuses_an_ended_one() {
    let agent = Agent::default();
    let id = result(&agent, "SendMessage", immediately(message("stream", None)), T0)["task"]["id"].clone();
    let events = stream(&agent, "SubscribeToTask", json!({ "id": id }), T0 + 150);
    let delays: Vec<u64> = events.iter().map(|(delay, _)| *delay).collect();
    assert_eq!(delays, [0, 50, 100, 0]);
    assert_eq!(texts(&events[0].1["task"]), ["chunk 0"]);
    assert_eq!(events[1].1["artifactUpdate"]["artifact"]["parts"][0]["text"], "chunk 1");
    assert_eq!(events[3].1["statusUpdate"]["status"]["state"], "TASK_STATE_COMPLETED");
    let ended = call(&agent, "SubscribeToTask", json!({ "id": id }), T0 + 300);
    assert_eq!(
        (ended["error"]["code"].as_i64(), ended["error"]["data"][0]["reason"].as_str()),
        (Some(-32004), Some("UNSUPPORTED_OPERATION"))
    );
    assert_eq!(error_code(&agent, "SubscribeToTask", json!({ "id": "nope" }), T0), -32001);
}

#[test]
fn list_filters_and_pages_newest_first() {
    let agent = Agent::default();
    let mut ids = Vec::new();
    for (i, text) in ["echo", "stream", "echo", "stream", "echo"].into_iter().enumerate() {
        let mut params = immediately(message(text, None));
        params["message"]["contextId"] = json!(if i % 2 == 0 { "even" } else { "odd" });
        ids.push(result(&agent, "SendMessage", params, T0)["task"]["id"].clone());
    }
    let all = result(&agent, "ListTasks", json!({}), T0);
    let listed: Vec<Value> = all["tasks"].as_array().unwrap().iter().map(|t| t["id"].clone()).collect();
    assert_eq!(listed, ids.iter().rev().cloned().collect::<Vec<_>>());
    assert_eq!((all["totalSize"].as_u64(), all["nextPageToken"].as_str()), (Some(5), Some("")));
    assert!(all["tasks"][0].get("artifacts").is_none(), "artifacts only when asked");
    let with = result(&agent, "ListTasks", json!({ "includeArtifacts": true, "historyLength": 0 }), T0);
    assert_eq!((texts(&with["tasks"][0]), with["tasks"][0]["history"].clone()), (vec!["echo".to_string()], json!([])));
    let odd = result(&agent, "ListTasks", json!({ "contextId": "odd" }), T0);
    assert_eq!(odd["totalSize"], 2);
    let working = result(&agent, "ListTasks", json!({ "status": "TASK_STATE_WORKING" }), T0);
    assert_eq!(working["totalSize"], 2);
    let failed = result(&agent, "ListTasks", json!({ "status": "TASK_STATE_FAILED" }), T0);
    assert_eq!((failed["totalSize"].as_u64(), failed["tasks"].clone()), (Some(0), json!([])));
    let mut pages = Vec::new();
    let mut token = Value::Null;
    loop {
        let page = result(&agent, "ListTasks", json!({ "pageSize": 2, "pageToken": token }), T0);
        pages.push(page["tasks"].as_array().unwrap().len());
        token = page["nextPageToken"].clone();
        if token == "" {
            break;
        }
    }
    assert_eq!(pages, [2, 2, 1]);
    for bad in [
        json!({ "status": "working" }),
        json!({ "pageSize": 0 }),
        json!({ "pageToken": "x" }),
        json!({ "statusTimestampAfter": "2026-01-01T00:00:00Z" }),
    ] {
        assert_eq!(error_code(&agent, "ListTasks", bad.clone(), T0), -32602, "{bad}");
    }
}

#[test]
fn the_store_forgets_the_oldest_task_past_its_cap() {
    let agent = Agent::default();
    let first = result(&agent, "SendMessage", message("echo", None), T0)["task"]["id"].clone();
    let second = result(&agent, "SendMessage", message("echo", None), T0)["task"]["id"].clone();
    for _ in 1..TASKS_KEPT {
        result(&agent, "SendMessage", message("echo", None), T0);
    }
    assert_eq!(error_code(&agent, "GetTask", json!({ "id": first }), T0), -32001);
    assert_eq!(result(&agent, "GetTask", json!({ "id": second }), T0)["id"], second);
    assert_eq!(result(&agent, "ListTasks", json!({}), T0)["totalSize"], TASKS_KEPT);
}

#[test]
fn bad_requests_are_json_rpc_errors() {
    let agent = Agent::default();
    let raw = |body: &[u8]| json_of(&exchange(&agent, "POST", "", body, T0))["error"]["code"].as_i64();
    assert_eq!(raw(b"{"), Some(-32700));
    assert_eq!(raw(b"[]"), Some(-32600));
    assert_eq!(raw(br#"{"jsonrpc":"2.0","id":1}"#), Some(-32600));
    let big = vec![b' '; MAX_BODY_BYTES + 1];
    let response = exchange(&agent, "POST", "", &big, T0);
    assert_eq!((response.status, json_of(&response)["error"]["code"].as_i64()), (413, Some(-32600)));
    assert_eq!(error_code(&agent, "message/send", message("echo", None), T0), -32601);
    assert_eq!(error_code(&agent, "CreateTaskPushNotificationConfig", json!({}), T0), -32003);
    assert_eq!(error_code(&agent, "GetExtendedAgentCard", json!({}), T0), -32007);
    let invalid = [
        json!([]),
        json!({}),
        json!({ "message": { "role": "user", "messageId": "m", "parts": [{ "text": "x" }] } }),
        json!({ "message": { "role": "ROLE_USER", "parts": [{ "text": "x" }] } }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [] } }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [{ "kind": "text", "text": 3 }] } }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [{ "text": "x", "data": {} }] } }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [{ "text": "x" }], "contextId": 5 } }),
        message("x", None)
            .as_object()
            .cloned()
            .map(|mut p| {
                p.insert("configuration".into(), json!(1));
                Value::Object(p)
            })
            .unwrap(),
        message("stream", Some(json!({ "chunks": 0 }))),
        message("stream", Some(json!({ "chunks": 21 }))),
        message("stream", Some(json!({ "delayMs": 2001 }))),
        message("stream", Some(json!({ "delayMs": -1 }))),
    ];
    for params in invalid {
        assert_eq!(error_code(&agent, "SendMessage", params.clone(), T0), -32602, "{params}");
    }
    for method in ["GetTask", "CancelTask", "SubscribeToTask"] {
        assert_eq!(error_code(&agent, method, json!({}), T0), -32602, "{method}");
        assert_eq!(error_code(&agent, method, json!({ "id": 3 }), T0), -32602, "{method}");
    }
    assert_eq!(error_code(&agent, "GetTask", json!({ "id": "x", "historyLength": -1 }), T0), -32602);
}

#[test]
fn a_message_to_an_existing_task_is_refused() {
    let agent = Agent::default();
    let id = result(&agent, "SendMessage", message("echo", None), T0)["task"]["id"].clone();
    let mut params = message("more", None);
    params["message"]["taskId"] = id;
    assert_eq!(error_code(&agent, "SendMessage", params.clone(), T0), -32004);
    params["message"]["taskId"] = json!("nope");
    assert_eq!(error_code(&agent, "SendMessage", params, T0), -32001);
}

#[test]
fn hostile_bodies_get_answers_not_panics() {
    let agent = Agent::default();
    let methods = ["SendMessage", "SendStreamingMessage", "GetTask", "CancelTask", "ListTasks", "SubscribeToTask"];
    let values = [
        json!(null),
        json!(1),
        json!("x"),
        json!([1]),
        json!({ "id": { "a": 1 } }),
        json!({ "message": null }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [null, 1] } }),
        json!({ "message": { "role": "ROLE_USER", "messageId": "m", "parts": [{ "data": { "chunks": 1e300 } }] } }),
        json!({ "pageSize": u64::MAX, "historyLength": u64::MAX, "pageToken": "18446744073709551615" }),
        message("stream", Some(json!({ "chunks": 20, "delayMs": 2000 }))),
        json!({ "id": "x", "message": { "role": "ROLE_USER", "messageId": "m", "parts": [{ "url": "u" }], "taskId": "" } }),
    ];
    for now_ms in [0, u64::MAX] {
        for method in methods {
            for params in &values {
                let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params }).to_string();
                let response = exchange(&agent, "POST", "", body.as_bytes(), now_ms);
                assert_eq!(response.status, 200, "{method} {params}");
            }
        }
    }
    for bytes in
        [&b"\xff\xfe"[..], b"", b"null", b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ListTasks\",\"params\":7}"]
    {
        assert_eq!(exchange(&agent, "POST", "", bytes, 0).status, 200);
    }
}
