//! Shared helpers of the integration tests: starting a simulator and a small HTTP/1.1 client.

use std::future::poll_fn;
use std::net::SocketAddr;
use std::pin::Pin;
use std::time::{Duration, SystemTime};

use hyper::body::{Body, Incoming};
use hyper::client::conn::http1;
use hyper::{HeaderMap, Request, Response};
use hyper_util::rt::TokioIo;
use magisterium_sim::{Clock, Config};
use serde_json::{Value, json};
use tokio::net::TcpStream;

mod server;
pub use server::{Server, node_command, node_simulator};

/// Generous bound for any single exchange, so a broken server fails a test instead of hanging it.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// 2026-03-19T08:30:00Z, a Thursday: the frozen "now" of every test simulator.
pub fn test_now() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_773_909_000)
}

/// A config on a free loopback port, with a clock frozen at [`test_now`] and limits high enough
/// not to interfere with tests that are not about rate limiting.
pub fn config() -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        rate_default: "1000/60s".parse().unwrap(),
        rate_expensive: "1000/60s".parse().unwrap(),
        clock: Clock::frozen_at(test_now()),
        ..Config::default()
    }
}

/// Starts a simulator with [`config`].
pub async fn start() -> Server {
    Server::start(config()).await
}

/// A received response with its whole body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    /// The body parsed as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// A header as a string.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    /// The JSON-RPC error code of the body.
    pub fn error_code(&self) -> i64 {
        self.json()["error"]["code"].as_i64().unwrap_or_else(|| panic!("no error code in {}", self.json()))
    }

    /// The JSON-RPC result of the body.
    pub fn result(&self) -> Value {
        let body = self.json();
        assert!(body.get("error").is_none(), "unexpected error: {body}");
        body["result"].clone()
    }
}

/// Sends one request on a fresh connection and returns the response head with its body unread.
pub async fn open(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<String>,
) -> Result<Response<Incoming>, hyper::Error> {
    let stream = TcpStream::connect(addr).await.expect("connects");
    let (mut sender, connection) = http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(connection);
    let mut request = Request::builder().method(method).uri(path);
    if !headers.iter().any(|(name, _)| name.eq_ignore_ascii_case("host")) {
        request = request.header("host", addr.to_string());
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    sender.send_request(request.body(body.into()).unwrap()).await
}

/// Reads the next data chunk of a body (`None` at the end).
pub async fn next_chunk(body: &mut Incoming) -> Option<Result<Vec<u8>, hyper::Error>> {
    loop {
        let frame = poll_fn(|cx| Pin::new(&mut *body).poll_frame(cx)).await?;
        match frame.map(|f| f.into_data()) {
            Ok(Ok(data)) => return Some(Ok(data.to_vec())),
            Ok(Err(_trailers)) => continue,
            Err(e) => return Some(Err(e)),
        }
    }
}

/// Sends one request and reads the whole response.
pub async fn try_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<String>,
) -> Result<Reply, hyper::Error> {
    let exchange = async {
        let response = open(addr, method, path, headers, body).await?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let mut incoming = response.into_body();
        let mut bytes = Vec::new();
        while let Some(chunk) = next_chunk(&mut incoming).await {
            bytes.extend(chunk?);
        }
        Ok(Reply { status, headers, body: bytes })
    };
    tokio::time::timeout(TIMEOUT, exchange).await.expect("exchange within the timeout")
}

/// Like [`try_request`], for exchanges expected to succeed at the HTTP level.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: impl Into<String>,
) -> Reply {
    try_request(addr, method, path, headers, body).await.expect("HTTP exchange succeeds")
}

/// POSTs a raw body to the A2A endpoint, with `Authorization: Bearer token` when given.
pub async fn post_raw(sim: &Server, token: Option<&str>, body: impl Into<String>) -> Reply {
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![("content-type", "application/json")];
    if let Some(auth) = &auth {
        headers.push(("authorization", auth.as_str()));
    }
    request(sim.addr(), "POST", "/api/v1/a2a", &headers, body).await
}

/// POSTs a JSON-RPC request with the demo token.
pub async fn rpc(sim: &Server, body: Value) -> Reply {
    post_raw(sim, Some("demo-token"), body.to_string()).await
}

/// A JSON-RPC request envelope.
pub fn envelope(method: &str, params: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params })
}

/// A valid user message with these parts and, if given, a skillId.
pub fn user_message(parts: Value, skill: Option<&str>) -> Value {
    let mut message = json!({ "role": "user", "kind": "message", "messageId": "msg-1", "parts": parts });
    if let Some(skill) = skill {
        message["metadata"] = json!({ "skillId": skill });
    }
    message
}

/// `message/send` with one text part, as `token`.
pub async fn send_text_as(sim: &Server, token: &str, skill: Option<&str>, text: &str) -> Reply {
    let params = json!({ "message": user_message(json!([{ "kind": "text", "text": text }]), skill) });
    post_raw(sim, Some(token), envelope("message/send", params).to_string()).await
}

/// `message/send` with one text part, as the demo token; returns the task.
pub async fn send_text(sim: &Server, skill: Option<&str>, text: &str) -> Value {
    send_text_as(sim, "demo-token", skill, text).await.result()
}

/// `message/send` with these parts, as the demo token; returns the task.
pub async fn send_parts(sim: &Server, skill: &str, parts: Value) -> Value {
    let params = json!({ "message": user_message(parts, Some(skill)) });
    rpc(sim, envelope("message/send", params)).await.result()
}

/// The parts of the task's single artifact, checking its name.
pub fn artifact_parts(task: &Value, name: &str) -> Vec<Value> {
    let artifacts = task["artifacts"].as_array().expect("artifacts array");
    assert_eq!(artifacts.len(), 1, "one artifact in {task}");
    assert_eq!(artifacts[0]["name"], name);
    assert!(artifacts[0]["artifactId"].as_str().is_some_and(|id| !id.is_empty()));
    artifacts[0]["parts"].as_array().unwrap().clone()
}

/// The text of a skill answering with a single text part.
pub fn single_text(task: &Value, name: &str) -> String {
    assert_eq!(task["status"]["state"], "completed", "{task}");
    let parts = artifact_parts(task, name);
    assert_eq!(parts.len(), 1, "{parts:?}");
    assert_eq!(parts[0]["kind"], "text");
    parts[0]["text"].as_str().unwrap().to_string()
}

/// Calls a control route with a JSON body.
pub async fn control(sim: &Server, method: &str, route: &str, body: Value) -> Reply {
    request(sim.addr(), method, &format!("/_sim/{route}"), &[("content-type", "application/json")], body.to_string())
        .await
}

/// Arms a fault, asserting the control route accepted it.
pub async fn arm(sim: &Server, rule: Value) {
    let reply = control(sim, "POST", "faults", rule).await;
    assert_eq!(reply.status, 200, "{}", String::from_utf8_lossy(&reply.body));
}
