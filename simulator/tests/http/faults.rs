//! Every fault of the control route, scoping by token, `times`, and clearing.

use std::time::{Duration, Instant};

use crate::common::*;
use serde_json::{Value, json};

fn search_body(id: Value) -> String {
    let params =
        json!({ "message": user_message(json!([{ "kind": "text", "text": "grace" }]), Some("document_search")) });
    json!({ "jsonrpc": "2.0", "id": id, "method": "message/send", "params": params }).to_string()
}

#[tokio::test]
async fn html_502() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "html_502" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(reply.status, 502);
    assert!(reply.header("content-type").unwrap().starts_with("text/html"));
    assert!(String::from_utf8(reply.body).unwrap().contains("<html>"));
    // One use only (times defaults to 1).
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn truncated() {
    let sim = start().await;
    let full = post_raw(&sim, Some("demo-token"), envelope("tasks/get", json!({ "id": "x" })).to_string()).await;
    arm(&sim, json!({ "fault": "truncated" })).await;
    let cut = post_raw(&sim, Some("demo-token"), envelope("tasks/get", json!({ "id": "x" })).to_string()).await;
    assert_eq!(cut.status, 200);
    assert_eq!(cut.header("content-type"), Some("application/json"));
    assert_eq!(cut.body.len(), full.body.len() / 2);
    assert_eq!(cut.header("content-length"), Some(cut.body.len().to_string().as_str()));
    assert_eq!(cut.body[..], full.body[..cut.body.len()]);
    assert!(serde_json::from_slice::<Value>(&cut.body).is_err());
    sim.shutdown().await;
}

#[tokio::test]
async fn slow_waits_then_answers() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "slow", "delayMs": 300 })).await;
    let started = Instant::now();
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(reply.result()["status"]["state"], "completed");
    sim.shutdown().await;
}

#[tokio::test]
async fn drop_closes_without_a_response() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "drop" })).await;
    let auth = [("authorization", "Bearer demo-token")];
    let outcome = try_request(sim.addr(), "POST", "/api/v1/a2a", &auth, search_body(json!(1))).await;
    let error = outcome.expect_err("no response");
    assert!(error.is_incomplete_message() || error.is_canceled() || error.is_closed(), "{error:?}");
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn wrong_id() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "wrong_id", "times": 2 })).await;
    let numeric = post_raw(&sim, Some("demo-token"), search_body(json!(7))).await;
    assert_ne!(numeric.json()["id"], 7);
    assert_eq!(numeric.result()["status"]["state"], "completed");
    let text = post_raw(&sim, Some("demo-token"), search_body(json!("req-1"))).await;
    assert_ne!(text.json()["id"], "req-1");
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(7))).await.json()["id"], 7);
    sim.shutdown().await;
}

#[tokio::test]
async fn oversized() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "oversized" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(reply.body.len(), 8 * 1024 * 1024);
    let task = reply.result();
    assert_eq!(task["kind"], "task");
    assert_eq!(task["artifacts"][0]["name"], "search_results");
    arm(&sim, json!({ "fault": "oversized", "bytes": 100_000 })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(reply.body.len(), 100_000);
    assert_eq!(reply.result()["kind"], "task");
    sim.shutdown().await;
}

#[tokio::test]
async fn never_ending_trickles_until_the_client_leaves() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "never_ending" })).await;
    let auth = [("authorization", "Bearer demo-token")];
    let response = open(sim.addr(), "POST", "/api/v1/a2a", &auth, search_body(json!(5))).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let mut body = response.into_body();
    let mut received = Vec::new();
    let reading = async {
        while received.len() < 60 {
            received.extend(next_chunk(&mut body).await.expect("more data").expect("no error"));
        }
    };
    tokio::time::timeout(TIMEOUT, reading).await.expect("data keeps coming");
    let text = String::from_utf8(received).unwrap();
    assert!(text.starts_with("{\"jsonrpc\":\"2.0\",\"id\":5"), "{text}");
    let head_len = text.find("\"result\":").unwrap() + "\"result\":".len();
    assert!(text[head_len..].chars().all(|c| c == ' '));
    drop(body);
    // The server is still fine afterwards.
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn no_cors() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "no_cors" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(reply.status, 200);
    assert!(reply.headers.keys().all(|name| !name.as_str().starts_with("access-control-")));
    assert_eq!(reply.result()["kind"], "task");
    let next = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(next.header("access-control-allow-origin"), Some("*"));
    sim.shutdown().await;
}

#[tokio::test]
async fn status_with_verbatim_body_and_id_substitution() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "status", "status": 503, "body": "{\"id\":{{id}},\"oops\":true}" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!("abc"))).await;
    assert_eq!(reply.status, 503);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.json(), json!({ "id": "abc", "oops": true }));
    arm(&sim, json!({ "fault": "status", "status": 200, "body": "plain words", "contentType": "text/plain" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!((reply.status, reply.header("content-type")), (200, Some("text/plain")));
    assert_eq!(reply.body, b"plain words");
    arm(&sim, json!({ "fault": "status", "status": 500 })).await;
    let reply = post_raw(&sim, Some("demo-token"), "{").await;
    assert_eq!((reply.status, reply.body.len()), (500, 0));
    arm(&sim, json!({ "fault": "status", "status": 429, "headers": [["Retry-After", "7"]] })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(2))).await;
    assert_eq!((reply.status, reply.header("retry-after")), (429, Some("7")));
    let refused =
        control(&sim, "POST", "faults", json!({ "fault": "status", "status": 200, "headers": [["bad name", "x"]] }))
            .await;
    assert_eq!(refused.status, 400);
    sim.shutdown().await;
}

#[tokio::test]
async fn result_is_sent_verbatim_with_the_right_id() {
    let sim = start().await;
    let hostile = json!({ "kind": "task", "id": 5, "status": { "state": "exploded" }, "artifacts": "nope" });
    arm(&sim, json!({ "fault": "result", "result": hostile })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(42))).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json(), json!({ "jsonrpc": "2.0", "id": 42, "result": hostile }));
    sim.shutdown().await;
}

#[tokio::test]
async fn error_envelopes_including_internal_error() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "error", "code": -32603, "message": "Internal error" })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(9))).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.json(),
        json!({ "jsonrpc": "2.0", "id": 9, "error": { "code": -32603, "message": "Internal error" } })
    );
    let data = json!({ "retryAfter": 3 });
    arm(
        &sim,
        json!({ "fault": "error", "code": -32003, "message": "Rate limit exceeded", "data": data, "httpStatus": 429 }),
    )
    .await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(9))).await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.json()["error"]["data"], data);
    sim.shutdown().await;
}

#[tokio::test]
async fn faults_are_scoped_by_token_and_counted() {
    let sim = start().await;
    control(&sim, "POST", "tokens", json!({ "token": "tok-a" })).await;
    control(&sim, "POST", "tokens", json!({ "token": "tok-b" })).await;
    arm(&sim, json!({ "fault": "html_502", "token": "tok-a", "times": 2 })).await;
    assert_eq!(post_raw(&sim, Some("tok-b"), search_body(json!(1))).await.status, 200);
    assert_eq!(post_raw(&sim, None, search_body(json!(1))).await.status, 401);
    assert_eq!(post_raw(&sim, Some("tok-a"), search_body(json!(1))).await.status, 502);
    assert_eq!(post_raw(&sim, Some("tok-a"), search_body(json!(1))).await.status, 502);
    assert_eq!(post_raw(&sim, Some("tok-a"), search_body(json!(1))).await.status, 200);
    // times: 0 lasts until cleared.
    arm(&sim, json!({ "fault": "status", "status": 418, "times": 0 })).await;
    for token in ["tok-a", "tok-b", "tok-a"] {
        assert_eq!(post_raw(&sim, Some(token), search_body(json!(1))).await.status, 418);
    }
    // Faults apply to A2A POSTs only.
    assert_eq!(request(sim.addr(), "GET", "/.well-known/agent.json", &[], "").await.status, 200);
    assert_eq!(control(&sim, "DELETE", "faults", Value::Null).await.status, 200);
    assert_eq!(post_raw(&sim, Some("tok-a"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn faults_can_be_armed_from_config() {
    let rule = magisterium_sim::FaultRule::from_json(br#"{"fault":"html_502"}"#).unwrap();
    let config = magisterium_sim::Config { faults: vec![rule], ..config() };
    let sim = Server::start(config).await;
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 502);
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn never_ending_floods_as_fast_as_the_client_reads() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "never_ending", "chunkBytes": 65536, "everyMs": 0 })).await;
    let auth = [("authorization", "Bearer demo-token")];
    let response = open(sim.addr(), "POST", "/api/v1/a2a", &auth, search_body(json!(5))).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("content-length").is_none());
    let mut body = response.into_body();
    let mut received = Vec::new();
    let reading = async {
        while received.len() < 16 * 1024 * 1024 {
            received.extend(next_chunk(&mut body).await.expect("more data").expect("no error"));
        }
    };
    tokio::time::timeout(TIMEOUT, reading).await.expect("16 MiB within the timeout");
    let head = b"{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":";
    assert_eq!(&received[..head.len()], head);
    assert!(received[head.len()..].iter().all(|&b| b == b' '));
    drop(body);
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn gzip_bodies_decode_to_what_was_asked() {
    let sim = start().await;
    let bytes = 5 * 1024 * 1024 + 3;
    arm(&sim, json!({ "fault": "oversized", "bytes": bytes, "gzip": true })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!((reply.status, reply.header("content-encoding")), (200, Some("gzip")));
    assert_eq!(reply.header("transfer-encoding"), Some("chunked"), "compressed as it is read");
    assert!(reply.body.len() < bytes / 100, "{} bytes on the wire", reply.body.len());
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&reply.body[..]), &mut decoded).unwrap();
    assert_eq!(decoded.len(), bytes);
    let task = serde_json::from_slice::<Value>(&decoded).unwrap()["result"].clone();
    assert_eq!(task["artifacts"][0]["name"], "search_results");
    arm(&sim, json!({ "fault": "status", "status": 200, "body": "{\"id\":{{id}},\"é\":1}", "gzip": true })).await;
    let reply = post_raw(&sim, Some("demo-token"), search_body(json!(4))).await;
    assert_eq!(reply.header("content-encoding"), Some("gzip"));
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&reply.body[..]), &mut decoded).unwrap();
    assert_eq!(decoded, "{\"id\":4,\"é\":1}".as_bytes());
    sim.shutdown().await;
}

/// Sends a raw HTTP/1.1 request and reads until the server closes: the response as sent.
async fn raw_exchange(sim: &Server, request: String) -> Vec<u8> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(sim.addr()).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut received = Vec::new();
    tokio::time::timeout(TIMEOUT, stream.read_to_end(&mut received)).await.expect("closed in time").unwrap();
    received
}

#[tokio::test]
async fn short_content_length_sends_more_than_it_declares() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "short_content_length", "bytes": 100_000, "contentLength": 100 })).await;
    let body = search_body(json!(3));
    let request = format!(
        "POST /api/v1/a2a HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer demo-token\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let received = raw_exchange(&sim, request).await;
    let split = received.windows(4).position(|w| w == b"\r\n\r\n").expect("a head") + 4;
    let head = String::from_utf8_lossy(&received[..split]).to_lowercase();
    assert!(head.starts_with("http/1.1 200 ok\r\n"), "{head}");
    for line in ["content-length: 100\r\n", "connection: close\r\n", "access-control-allow-origin: *\r\n"] {
        assert!(head.contains(line), "{line} in {head}");
    }
    assert_eq!(received.len() - split, 100_000, "the whole body follows");
    let task = serde_json::from_slice::<Value>(&received[split..]).unwrap()["result"].clone();
    assert_eq!(task["kind"], "task");
    // A client that believes the header reads a cut body; the server goes on.
    arm(&sim, json!({ "fault": "short_content_length", "bytes": 100_000, "contentLength": 100 })).await;
    let cut = post_raw(&sim, Some("demo-token"), search_body(json!(1))).await;
    assert_eq!(cut.body.len(), 100);
    assert_eq!(post_raw(&sim, Some("demo-token"), search_body(json!(1))).await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn card_faults_apply_to_the_card_under_their_token() {
    let sim = start().await;
    for path in ["/.well-known/agent-card.json", "/t-1/.well-known/agent.json", "/t-1/.well-known/agent-card.json"] {
        let reply = request(sim.addr(), "GET", path, &[], "").await;
        assert_eq!((reply.status, reply.json()["url"].clone()), (200, json!(sim.endpoint())), "{path}");
    }
    arm(&sim, json!({ "fault": "oversized", "route": "card", "token": "t-1", "bytes": 300_000, "times": 2 })).await;
    // Neither the root card, another scope nor an A2A request with that token meets it.
    assert!(request(sim.addr(), "GET", "/.well-known/agent.json", &[], "").await.body.len() < 10_000);
    assert!(request(sim.addr(), "GET", "/t-2/.well-known/agent.json", &[], "").await.body.len() < 10_000);
    control(&sim, "POST", "tokens", json!({ "token": "t-1" })).await;
    assert_eq!(post_raw(&sim, Some("t-1"), search_body(json!(1))).await.result()["kind"], "task");
    for path in ["/t-1/.well-known/agent.json", "/t-1/.well-known/agent-card.json"] {
        let reply = request(sim.addr(), "GET", path, &[], "").await;
        assert_eq!((reply.status, reply.body.len()), (200, 300_000), "{path}");
        assert_eq!(reply.json()["name"], "Magisterium AI (simulator)");
        assert_eq!(reply.header("cache-control"), Some("public, max-age=3600"));
    }
    assert!(request(sim.addr(), "GET", "/t-1/.well-known/agent.json", &[], "").await.body.len() < 10_000);
    arm(&sim, json!({ "fault": "html_502", "route": "card", "token": "t-1" })).await;
    assert_eq!(request(sim.addr(), "GET", "/t-1/.well-known/agent.json", &[], "").await.status, 502);
    let refused = control(&sim, "POST", "faults", json!({ "fault": "wrong_id", "route": "card" })).await;
    assert_eq!(refused.status, 400);
    sim.shutdown().await;
}
