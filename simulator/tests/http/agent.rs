//! The streaming A2A 1.0 test agent at `/agent` over HTTP: its card, CORS, JSON-RPC calls,
//! event streams as they arrive, and errors.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const HEADERS: [(&str, &str); 2] = [("content-type", "application/json"), ("a2a-version", "1.0")];

async fn call(sim: &Server, method: &str, params: Value) -> Reply {
    request(sim.addr(), "POST", "/agent", &HEADERS, envelope(method, params).to_string()).await
}

fn message(text: &str, data: Value) -> Value {
    json!({ "message": { "role": "ROLE_USER", "messageId": "m-1", "parts": [{ "text": text }, { "data": data }] } })
}

/// The `result`s of the `data:` events of an event stream's body.
fn events(body: &[u8]) -> Vec<Value> {
    let text = std::str::from_utf8(body).expect("UTF-8 events");
    assert!(text.ends_with("\n\n"), "the stream ends after a whole event: {text:?}");
    text.split_terminator("\n\n")
        .map(|event| {
            let data = event.strip_prefix("data: ").unwrap_or_else(|| panic!("not a data event: {event:?}"));
            let response: Value = serde_json::from_str(data).unwrap();
            assert_eq!(response["id"], 1);
            response["result"].clone()
        })
        .collect()
}

/// Each event's kind (`task`, `statusUpdate` with its state, `artifactUpdate` with its text,
/// `append` and `lastChunk`), in order.
fn summary(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|event| {
            if let Some(task) = event.get("task") {
                format!("task {}", task["status"]["state"].as_str().unwrap())
            } else if let Some(update) = event.get("statusUpdate") {
                format!("status {}", update["status"]["state"].as_str().unwrap())
            } else if let Some(update) = event.get("artifactUpdate") {
                let text = update["artifact"]["parts"][0]["text"].as_str().unwrap();
                format!("artifact {text} append={} last={}", update["append"], update["lastChunk"])
            } else {
                format!("other {event}")
            }
        })
        .collect()
}

#[tokio::test]
async fn the_card_is_served_with_cors_and_names_the_endpoint() {
    let sim = start().await;
    let reply = request(sim.addr(), "GET", "/agent/.well-known/agent-card.json", &[], "").await;
    assert_eq!((reply.status, reply.header("access-control-allow-origin")), (200, Some("*")));
    let card = reply.json();
    let endpoint = format!("{}/agent", sim.url());
    assert_eq!(
        card["supportedInterfaces"][0],
        json!({ "url": endpoint, "protocolBinding": "JSONRPC", "protocolVersion": "1.0" })
    );
    assert_eq!(card["capabilities"]["streaming"], true);
    // The A2A 0.2 name is not the agent's: discovery falls back to agent-card.json.
    assert_eq!(request(sim.addr(), "GET", "/agent/.well-known/agent.json", &[], "").await.status, 404);
    let preflight = request(sim.addr(), "OPTIONS", "/agent", &[("origin", "http://x.test")], "").await;
    assert_eq!(preflight.status, 204);
    assert!(preflight.header("access-control-allow-headers").unwrap().contains("A2A-Version"));
    assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    let get = request(sim.addr(), "GET", "/agent", &[], "").await;
    assert_eq!((get.status, get.header("allow")), (405, Some("POST, OPTIONS")));
    sim.shutdown().await;
}

#[tokio::test]
async fn a_streaming_message_sends_status_and_artifact_chunks_in_order() {
    let sim = start().await;
    let reply = call(&sim, "SendStreamingMessage", message("stream", json!({ "chunks": 3, "delayMs": 50 }))).await;
    assert_eq!((reply.status, reply.header("content-type")), (200, Some("text/event-stream")));
    assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
    let events = events(&reply.body);
    assert_eq!(
        summary(&events),
        [
            "task TASK_STATE_SUBMITTED",
            "status TASK_STATE_WORKING",
            "artifact chunk 0 append=false last=false",
            "artifact chunk 1 append=true last=false",
            "artifact chunk 2 append=true last=true",
            "status TASK_STATE_COMPLETED",
        ]
    );
    let id = events[0]["task"]["id"].as_str().unwrap();
    assert!(events[1..].iter().all(|e| e.as_object().unwrap().values().all(|u| u["taskId"] == id)));
    sim.shutdown().await;
}

#[tokio::test]
async fn events_arrive_as_they_happen() {
    let sim = start().await;
    // 20 chunks 2 s apart: 40 s in all, longer than the exchange timeout of a whole body.
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "SendStreamingMessage",
        "params": message("stream", json!({ "chunks": 20, "delayMs": 2000 })) });
    let response = open(sim.addr(), "POST", "/agent", &HEADERS, body.to_string()).await.unwrap();
    let mut body = response.into_body();
    let mut received = Vec::new();
    while !String::from_utf8_lossy(&received).contains("TASK_STATE_WORKING") {
        let chunk = tokio::time::timeout(TIMEOUT, next_chunk(&mut body)).await.expect("an event in time");
        received.extend(chunk.expect("the stream goes on").unwrap());
    }
    assert_eq!(summary(&events(&received)), ["task TASK_STATE_SUBMITTED", "status TASK_STATE_WORKING"]);
    drop(body);
    sim.shutdown().await;
}

#[tokio::test]
async fn get_cancel_list_and_subscribe_follow_the_simulator_clock() {
    let sim = start().await;
    let params =
        json!({ "message": message("stream", json!({}))["message"], "configuration": { "returnImmediately": true } });
    let task = call(&sim, "SendMessage", params).await.result()["task"].clone();
    assert_eq!(task["status"]["state"], "TASK_STATE_WORKING");
    let id = task["id"].as_str().unwrap();
    sim.advance(Duration::from_millis(150)).await;
    let now = call(&sim, "GetTask", json!({ "id": id })).await.result();
    assert_eq!(now["artifacts"][0]["parts"], json!([{ "text": "chunk 0" }]));
    let followed = call(&sim, "SubscribeToTask", json!({ "id": id })).await;
    assert_eq!(
        summary(&events(&followed.body)),
        [
            "task TASK_STATE_WORKING",
            "artifact chunk 1 append=true last=false",
            "artifact chunk 2 append=true last=true",
            "status TASK_STATE_COMPLETED",
        ]
    );
    let canceled = call(&sim, "CancelTask", json!({ "id": id })).await.result();
    assert_eq!(canceled["status"]["state"], "TASK_STATE_CANCELED");
    let again = call(&sim, "CancelTask", json!({ "id": id })).await;
    assert_eq!((again.status, again.error_code()), (200, -32002));
    assert_eq!(call(&sim, "SubscribeToTask", json!({ "id": id })).await.error_code(), -32004);
    let listed = call(&sim, "ListTasks", json!({ "status": "TASK_STATE_CANCELED" })).await.result();
    assert_eq!((listed["totalSize"].as_u64(), listed["tasks"][0]["id"].as_str()), (Some(1), Some(id)));
    assert_eq!(call(&sim, "GetTask", json!({ "id": "nope" })).await.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn echo_and_reply_answer_at_once() {
    let sim = start().await;
    let task = call(&sim, "SendMessage", message("echo hi", json!({ "n": 1 }))).await.result()["task"].clone();
    assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED");
    assert_eq!(task["artifacts"][0]["parts"], json!([{ "text": "echo hi" }, { "data": { "n": 1 } }]));
    let reply = call(&sim, "SendMessage", message("reply hi", json!({}))).await.result();
    assert_eq!(reply["message"]["parts"][0]["text"], "You said: reply hi");
    sim.shutdown().await;
}

#[tokio::test]
async fn bad_requests_are_json_rpc_errors() {
    let sim = start().await;
    let raw = |body: String| request(sim.addr(), "POST", "/agent", &HEADERS, body);
    let parse = raw("{".into()).await;
    assert_eq!((parse.status, parse.error_code()), (200, -32700));
    let big = raw(format!("{{\"pad\":\"{}\"}}", "x".repeat(70 * 1024))).await;
    assert_eq!((big.status, big.error_code()), (413, -32600));
    assert_eq!(call(&sim, "message/send", json!({})).await.error_code(), -32601);
    assert_eq!(call(&sim, "SendMessage", json!({ "message": { "role": "user" } })).await.error_code(), -32602);
    assert_eq!(request(sim.addr(), "GET", "/agent/nothing", &[], "").await.status, 404);
    sim.shutdown().await;
}
