//! `A2AClient`'s streams resubscribing once after a network drop
//! (`A2AClientBuilder::resubscribe`), against a server of the test's own on
//! 127.0.0.1 that cuts the first stream's connection mid-chunk: the
//! subscription's events follow, none yielded twice.

use futures_util::StreamExt;
use magisterium_a2a::{A2AClient, A2AStreamEvent, ErrorCode, Part, ProtocolVersion, SendMessageParams};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// A 1.0 `StreamResponse` event of `result`, answering the request `id`, as one HTTP chunk of server-sent events.
fn chunk(id: &Value, result: Value) -> String {
    let event = format!("data: {}\n\n", json!({"jsonrpc": "2.0", "id": id, "result": result}));
    format!("{:x}\r\n{event}\r\n", event.len())
}

fn status(state: &str, at: &str) -> Value {
    json!({"statusUpdate": {"taskId": "t", "contextId": "c", "status": {"state": state, "timestamp": at}}})
}

fn piece(i: usize, append: bool, last: bool) -> Value {
    json!({"artifactUpdate": {"taskId": "t", "contextId": "c", "append": append, "lastChunk": last,
        "artifact": {"artifactId": "a", "parts": [{"text": format!("chunk {i}")}]}}})
}

/// The task as it stands, with its artifact's first `parts` chunks.
fn task(state: &str, at: &str, parts: usize) -> Value {
    let parts: Vec<Value> = (0..parts).map(|i| json!({"text": format!("chunk {i}")})).collect();
    let artifacts = if parts.is_empty() { json!([]) } else { json!([{"artifactId": "a", "parts": parts}]) };
    json!({"task": {"id": "t", "contextId": "c", "status": {"state": state, "timestamp": at}, "artifacts": artifacts}})
}

/// A server whose first connection streams the task, `working`, two chunks,
/// then a third chunk cut in the middle (the socket closed without the
/// stream's end); each later one answers `SubscribeToTask` with the task as
/// it stands (the three chunks), a fourth chunk and `completed`. The JSON-RPC
/// methods asked, in order.
pub async fn cutting_server() -> (String, Arc<Mutex<Vec<String>>>, tokio::task::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    let methods = Arc::new(Mutex::new(Vec::new()));
    let asked = methods.clone();
    let server = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = Vec::new();
            let mut buffer = [0u8; 4096];
            // The head and a body of a few hundred bytes: read until the JSON-RPC body has closed its braces.
            while !String::from_utf8_lossy(&request).contains("\"jsonrpc\"") || !request.ends_with(b"}") {
                match socket.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let text = String::from_utf8_lossy(&request).into_owned();
            let method = ["SendStreamingMessage", "SubscribeToTask"].into_iter().find(|m| text.contains(m));
            let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
            let id = serde_json::from_str::<Value>(body).map(|request| request["id"].clone()).unwrap_or_default();
            asked.lock().unwrap().push(method.unwrap_or("other").to_owned());
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
            let mut out = head.to_owned();
            if method == Some("SendStreamingMessage") {
                for event in [
                    task("TASK_STATE_SUBMITTED", "1", 0),
                    status("TASK_STATE_WORKING", "2"),
                    piece(0, false, false),
                    piece(1, true, false),
                ] {
                    out += &chunk(&id, event);
                }
                let cut = chunk(&id, piece(2, true, false));
                out += &cut[..cut.len() / 2];
            } else {
                for event in
                    [task("TASK_STATE_WORKING", "2", 3), piece(3, true, true), status("TASK_STATE_COMPLETED", "3")]
                {
                    out += &chunk(&id, event);
                }
                out += "0\r\n\r\n";
            }
            let _ = socket.write_all(out.as_bytes()).await;
            let _ = socket.shutdown().await;
        }
    });
    (base, methods, server)
}

/// What a stream yielded, one line each; its error, if it ended with one.
async fn lines(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
) -> (Vec<String>, Option<ErrorCode>) {
    let mut events = std::pin::pin!(events);
    let mut seen = Vec::new();
    while let Some(event) = events.next().await {
        seen.push(match event {
            Ok(A2AStreamEvent::Task(t)) => {
                let parts = t.artifacts.as_ref().and_then(|a| a.first()).map_or(0, |a| a.parts.len());
                format!("task {} {parts}", t.status.state.as_str())
            }
            Ok(A2AStreamEvent::StatusUpdate(u)) => format!("status {}", u.status.state.as_str()),
            Ok(A2AStreamEvent::ArtifactUpdate(u)) => {
                u.artifact.parts[0].as_text().map(str::to_owned).unwrap_or_default()
            }
            Ok(A2AStreamEvent::Message(_)) => "message".into(),
            Err(e) => return (seen, Some(e.code())),
        });
    }
    (seen, None)
}

fn agent(base: &str, resubscribe: bool) -> A2AClient {
    let builder = A2AClient::builder().endpoint(base).protocol_version(ProtocolVersion::V1_0).max_retries(0);
    builder.resubscribe(resubscribe).build().expect("a client")
}

fn message() -> SendMessageParams {
    SendMessageParams::new(vec![Part::text("stream")])
}

#[tokio::test]
async fn a_dropped_stream_resubscribes_once_and_yields_no_event_twice() {
    let (base, methods, server) = cutting_server().await;
    let (seen, error) = lines(agent(&base, true).send_message_stream(message())).await;
    // The chunk cut in the drop comes with the subscription's task; the task's first state is not repeated.
    let expected =
        ["task submitted 0", "status working", "chunk 0", "chunk 1", "task working 3", "chunk 3", "status completed"];
    assert_eq!(seen, expected);
    assert_eq!(error, None);
    assert_eq!(*methods.lock().unwrap(), ["SendStreamingMessage", "SubscribeToTask"]);
    server.abort();
}

#[tokio::test]
async fn without_the_option_a_drop_ends_the_stream() {
    let (base, methods, server) = cutting_server().await;
    let (seen, error) = lines(agent(&base, false).send_message_stream(message())).await;
    assert_eq!(seen, ["task submitted 0", "status working", "chunk 0", "chunk 1"]);
    assert_eq!(error, Some(ErrorCode::Network));
    assert_eq!(*methods.lock().unwrap(), ["SendStreamingMessage"]);
    server.abort();
}

#[tokio::test]
async fn a_subscription_resubscribes_too_but_only_once() {
    let (base, methods, server) = cutting_server().await;
    // The subscription's own stream is complete: the resubscription is never needed.
    let (seen, error) = lines(agent(&base, true).subscribe_to_task("t")).await;
    assert_eq!(seen, ["task working 3", "chunk 3", "status completed"]);
    assert_eq!(error, None);
    assert_eq!(*methods.lock().unwrap(), ["SubscribeToTask"]);
    server.abort();
}
