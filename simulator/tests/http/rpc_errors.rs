//! Every JSON-RPC error of the contract with its HTTP status, and the order of the checks.

use crate::common::*;
use serde_json::{Value, json};

fn send_params(message: Value) -> Value {
    envelope("message/send", json!({ "message": message }))
}

fn valid_message() -> Value {
    user_message(json!([{ "kind": "text", "text": "grace" }]), None)
}

fn assert_error(reply: &Reply, code: i64, message: &str, status: u16) {
    assert_eq!(reply.status, status, "{}", reply.json());
    let body = reply.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert_eq!(body["error"]["code"], code, "{body}");
    assert_eq!(body["error"]["message"], message, "{body}");
    assert!(body.get("result").is_none());
    assert_eq!(reply.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn parse_error_has_null_id() {
    let sim = start().await;
    for body in ["{", "", "not json", "{\"jsonrpc\":\"2.0\",\"id\":1,"] {
        let reply = post_raw(&sim, Some("demo-token"), body).await;
        assert_error(&reply, -32700, "Parse error", 200);
        assert_eq!(reply.json()["id"], Value::Null);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn invalid_request_for_each_missing_envelope_field() {
    let sim = start().await;
    let cases = [
        (json!({ "id": 1, "method": "tasks/get" }), json!(1)),
        (json!({ "jsonrpc": "1.0", "id": 1, "method": "tasks/get" }), json!(1)),
        (json!({ "jsonrpc": "2.0", "id": "x" }), json!("x")),
        (json!({ "jsonrpc": "2.0", "id": 2, "method": 5 }), json!(2)),
        (json!({ "jsonrpc": "2.0", "method": "tasks/get" }), Value::Null),
        (json!({ "jsonrpc": "2.0", "id": null, "method": "tasks/get" }), Value::Null),
        (json!({ "jsonrpc": "2.0", "id": {"a": 1}, "method": "tasks/get" }), Value::Null),
        (json!([{ "jsonrpc": "2.0", "id": 1, "method": "tasks/get" }]), Value::Null),
        (json!(42), Value::Null),
    ];
    for (body, id) in cases {
        let reply = rpc(&sim, body.clone()).await;
        assert_error(&reply, -32600, "Invalid request", 200);
        assert_eq!(reply.json()["id"], id, "{body}");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn envelope_is_checked_before_auth() {
    let sim = start().await;
    let reply = post_raw(&sim, None, "{").await;
    assert_error(&reply, -32700, "Parse error", 200);
    let reply = post_raw(&sim, None, json!({ "id": 1, "method": "x" }).to_string()).await;
    assert_error(&reply, -32600, "Invalid request", 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn unauthorized_when_missing_or_invalid() {
    let sim = start().await;
    let body = envelope("tasks/get", json!({ "id": "t" })).to_string();
    for token in [None, Some("wrong-token")] {
        let reply = post_raw(&sim, token, body.clone()).await;
        assert_error(&reply, -32004, "Unauthorized", 401);
        assert_eq!(reply.json()["id"], 1);
    }
    for header in ["Basic ZGVtbzpkZW1v", "Bearer", "demo-token"] {
        let headers = [("authorization", header)];
        let reply = request(sim.addr(), "POST", "/api/v1/a2a", &headers, body.clone()).await;
        assert_error(&reply, -32004, "Unauthorized", 401);
    }
    // The scheme is case-insensitive.
    let headers = [("authorization", "bearer demo-token")];
    let reply = request(sim.addr(), "POST", "/api/v1/a2a", &headers, body.clone()).await;
    assert_eq!(reply.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn free_plan_gets_paid_plan_required() {
    let sim = start().await;
    let reply = post_raw(&sim, Some("free-token"), send_params(valid_message()).to_string()).await;
    assert_error(&reply, -32005, "Paid plan required", 403);
    sim.shutdown().await;
}

#[tokio::test]
async fn auth_is_checked_before_the_method() {
    let sim = start().await;
    let body = envelope("no/such", json!({})).to_string();
    assert_error(&post_raw(&sim, None, body.clone()).await, -32004, "Unauthorized", 401);
    assert_error(&post_raw(&sim, Some("free-token"), body.clone()).await, -32005, "Paid plan required", 403);
    assert_error(&post_raw(&sim, Some("demo-token"), body).await, -32601, "Method not found", 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn method_not_found() {
    let sim = start().await;
    for method in ["message/stream", "tasks/list", "", "MESSAGE/SEND"] {
        let reply = rpc(&sim, envelope(method, json!({}))).await;
        assert_error(&reply, -32601, "Method not found", 200);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn invalid_params_for_each_message_rule() {
    let sim = start().await;
    let with = |key: &str, value: Value| {
        let mut m = valid_message();
        m[key] = value;
        m
    };
    let without = |key: &str| {
        let mut m = valid_message();
        m.as_object_mut().unwrap().remove(key);
        m
    };
    let bad_messages = [
        without("role"),
        with("role", json!("agent")),
        without("kind"),
        with("kind", json!("task")),
        without("messageId"),
        with("messageId", json!("")),
        with("messageId", json!(7)),
        without("parts"),
        with("parts", json!([])),
        with("parts", json!({"kind": "text", "text": "x"})),
        with("parts", json!([{ "kind": "file", "file": { "uri": "https://example.org/a.pdf" } }])),
        with("parts", json!([{ "kind": "text" }])),
        with("parts", json!([{ "kind": "text", "text": 3 }])),
        with("parts", json!([{ "kind": "data", "data": "x" }])),
        with("parts", json!([{ "kind": "image", "url": "x" }])),
        with("parts", json!(["text"])),
        with("contextId", json!(5)),
        with("contextId", json!("")),
        with("metadata", json!("catholic_qa")),
        with("metadata", json!({ "skillId": 1 })),
    ];
    for message in bad_messages {
        let reply = rpc(&sim, send_params(message.clone())).await;
        assert_error(&reply, -32602, "Invalid params", 200);
        let detail = reply.json()["error"]["data"]["detail"].as_str().unwrap().to_string();
        assert!(!detail.is_empty(), "{message}");
    }
    for params in [Value::Null, json!([]), json!({}), json!({ "message": "hi" })] {
        let reply = rpc(&sim, envelope("message/send", params)).await;
        assert_error(&reply, -32602, "Invalid params", 200);
    }
    let no_params = json!({ "jsonrpc": "2.0", "id": 1, "method": "message/send" });
    assert_error(&rpc(&sim, no_params).await, -32602, "Invalid params", 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn file_parts_are_accepted_next_to_a_text_part() {
    let sim = start().await;
    let parts = json!([
        { "kind": "file", "file": { "uri": "https://example.org/a.pdf", "mimeType": "application/pdf" } },
        { "kind": "text", "text": "grace" }
    ]);
    let task = send_parts(&sim, "document_search", parts).await;
    assert_eq!(task["status"]["state"], "completed");
    sim.shutdown().await;
}

#[tokio::test]
async fn invalid_params_for_task_ids() {
    let sim = start().await;
    for method in ["tasks/get", "tasks/cancel"] {
        for params in [json!({}), json!({ "id": 5 }), json!({ "id": null }), json!("id"), Value::Null] {
            let reply = rpc(&sim, envelope(method, params)).await;
            assert_error(&reply, -32602, "Invalid params", 200);
        }
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn skill_not_found() {
    let sim = start().await;
    for skill in ["saint_lookup", "no_such_skill", "CATHOLIC_QA"] {
        let reply = send_text_as(&sim, "demo-token", Some(skill), "x").await;
        assert_error(&reply, -32002, "Skill not found", 200);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn params_are_checked_before_the_skill() {
    let sim = start().await;
    let mut message = valid_message();
    message["role"] = json!("agent");
    message["metadata"] = json!({ "skillId": "no_such_skill" });
    assert_error(&rpc(&sim, send_params(message)).await, -32602, "Invalid params", 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn oversized_request_body_is_refused_with_413() {
    let config = magisterium_sim::Config { max_body_bytes: 1024, ..config() };
    let sim = Server::start(config).await;
    let big = json!({ "jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": { "id": "x".repeat(2000) } });
    let reply = rpc(&sim, big).await;
    assert_eq!(reply.status, 413);
    let body = reply.json();
    assert_eq!(body["error"]["code"], -32600);
    assert!(body["error"]["message"].as_str().unwrap().contains("too large"));
    assert_eq!(body["error"]["data"]["maxBodyBytes"], 1024);
    assert_eq!(body["id"], Value::Null);
    // A body at the limit is processed.
    let small = envelope("tasks/get", json!({ "id": "x" })).to_string();
    let padded = format!("{small:<1024}");
    assert_eq!(post_raw(&sim, Some("demo-token"), padded).await.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn default_body_limit_refuses_two_mebibytes() {
    let sim = start().await;
    let reply = post_raw(&sim, Some("demo-token"), " ".repeat(2 * 1024 * 1024)).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.error_code(), -32600);
    sim.shutdown().await;
}

#[tokio::test]
async fn hostile_bodies_and_headers_never_break_the_server() {
    let sim = start().await;
    let bodies = [
        "\u{0}\u{1}\u{2}".to_string(),
        "[".repeat(10_000),
        "{\"a\":".repeat(5_000),
        json!({ "jsonrpc": "2.0", "id": 1.5e300, "method": "message/send", "params": { "message": { "role": "user", "kind": "message", "messageId": "m", "parts": [{ "kind": "text", "text": "\u{fffd}\u{1F600}" }], "metadata": { "skillId": "liturgical_readings" } } } }).to_string(),
        json!({ "jsonrpc": "2.0", "id": -1, "method": "message/send", "params": { "message": { "role": "user", "kind": "message", "messageId": "m", "parts": [{ "kind": "data", "data": { "id": ["x"], "date": 5 } }], "metadata": { "skillId": "saints_of_the_day" } } } }).to_string(),
    ];
    for body in bodies {
        let reply = post_raw(&sim, Some("demo-token"), body).await;
        assert!(reply.status == 200, "{}", reply.status);
        reply.json();
    }
    let reply =
        try_request(sim.addr(), "POST", "/api/v1/a2a", &[("authorization", "Bearer a b c")], "{}").await.unwrap();
    assert_eq!(reply.status, 200);
    let _ = try_request(sim.addr(), "POST", "/api/v1/a2a", &[("x-long", &"x".repeat(20_000))], "{}").await;
    // Still serving.
    assert_eq!(rpc(&sim, envelope("tasks/get", json!({ "id": "x" }))).await.error_code(), -32001);
    sim.shutdown().await;
}
