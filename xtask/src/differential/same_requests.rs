//! The same requests from both clients: the Rust `A2AClient` (natively, in
//! this process) and the npm `A2AClient` (the installed package's Node build,
//! `tests/differential/same-requests.mjs`) run the same calls, in the same
//! order, against one recording server, and must send the same requests,
//! byte for byte: the request line, the body, and the headers as a set
//! (names without case, as HTTP reads them). Each agent is a column: A2A 0.3
//! over JSON-RPC, A2A 1.0 over JSON-RPC and over HTTP+JSON (both naming a
//! hostile tenant), each found by discovery (its card at the second
//! well-known URL, so the first one's 404 is among the requests), each
//! client asking for two extensions. The calls: discovery, a send, a task
//! read, a cancel, a list, a stream and a subscription; every request the
//! core plans, on both bindings and both versions.
//!
//! What must differ is left out, and only that: the headers each platform's
//! HTTP stack adds on its own ([`PLATFORM_HEADERS`]: `fetch` sends
//! `user-agent: node`, `accept-language: *`, `sec-fetch-mode: cors`, its
//! `accept-encoding` and `connection`, and `accept: */*` when the request
//! names no `Accept`), and a message's `messageId`, a random UUID each call.

use crate::shell::{Result, root};
use crate::tally::Tally;
use futures_util::StreamExt;
use magisterium_a2a::{A2AClient, Error, ListTasksParams, Part, SendMessageParams};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

/// The agents, each a column: its path on the server and what it is.
const AGENTS: [(&str, &str); 3] =
    [("v03", "JSON-RPC 0.3"), ("v1", "JSON-RPC 1.0, a tenant"), ("rest", "HTTP+JSON 1.0, a tenant")];

/// The tenant the 1.0 interfaces name: hostile in a URL path and in JSON.
const TENANT: &str = "acme/ü \"1\"";

/// Headers a platform's HTTP stack adds by itself (names in lower case).
const PLATFORM_HEADERS: [&str; 5] =
    ["user-agent", "accept-language", "sec-fetch-mode", "accept-encoding", "connection"];

/// One request as the server read it.
#[derive(Clone, Debug, PartialEq)]
struct Recorded {
    /// `POST /v1/rpc HTTP/1.1`.
    line: String,
    /// Each header as `name: value`, the name in lower case, [`PLATFORM_HEADERS`] left out.
    headers: BTreeSet<String>,
    /// The body, its `messageId` values replaced by `<uuid>`.
    body: String,
}

/// Runs both clients against one recording server; one test per agent.
pub fn run() -> Tally {
    let mut tally = Tally::default();
    match both() {
        Ok((rust, npm)) => {
            for (agent, name) in AGENTS {
                let prefix = format!(" /{agent}/");
                let of =
                    |all: &[Recorded]| all.iter().filter(|r| r.line.contains(&prefix)).cloned().collect::<Vec<_>>();
                let (rust, npm) = (of(&rust), of(&npm));
                let label = format!("same requests from the Rust and the npm client, {name}: {} requests", rust.len());
                tally.check(&label, compare(&rust, &npm));
            }
        }
        Err(e) => tally.check("same requests from the Rust and the npm client", Err(e)),
    }
    tally
}

/// The requests of the Rust client, then those of the npm client.
fn both() -> Result<(Vec<Recorded>, Vec<Recorded>)> {
    if !root().join("tests/node_modules/magisterium-a2a/package.json").exists() {
        return Err("the package is not installed under tests/node_modules (the package suite does that)".into());
    }
    let server = Server::start()?;
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    runtime.block_on(rust_calls(&server.url)).map_err(|e| format!("the Rust client: {e}"))?;
    let rust = server.take();
    let agents = AGENTS.map(|(agent, _)| agent);
    let out = Command::new("node")
        .arg("same-requests.mjs")
        .arg(&server.url)
        .args(agents)
        .current_dir(root().join("tests/differential"))
        .output()
        .map_err(|e| format!("could not start node: {e}"))?;
    if !out.status.success() {
        return Err(format!("the npm client: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok((rust, server.take()))
}

/// The calls of `same-requests.mjs`, in its order, by the Rust client.
async fn rust_calls(base: &str) -> std::result::Result<(), Error> {
    for (agent, _) in AGENTS {
        let client = A2AClient::builder()
            .token("t0k")
            .extensions(["urn:ext:a", "urn:ext:b"])
            .max_retries(0)
            .discover(&format!("{base}/{agent}"))
            .await?;
        client.send_message(SendMessageParams::new(vec![Part::text("hello")]).context_id("ctx-1")).await?;
        client.get_task("task 1").await?;
        client.cancel_task("task 1").await?;
        client.list_tasks(ListTasksParams::default().context_id("ctx-1").page_size(2)).await?;
        let mut events = Box::pin(client.send_message_stream(SendMessageParams::new(vec![Part::text("stream")])));
        while let Some(event) = events.next().await {
            event?;
        }
        let mut events = Box::pin(client.subscribe_to_task("task 1"));
        while let Some(event) = events.next().await {
            event?;
        }
    }
    Ok(())
}

/// `Ok` when both lists are the same; else the first difference.
fn compare(rust: &[Recorded], npm: &[Recorded]) -> Result<()> {
    for (i, (r, n)) in rust.iter().zip(npm).enumerate() {
        if r.line != n.line {
            return Err(format!("request {i}: Rust `{}`, npm `{}`", r.line, n.line));
        }
        let (only_rust, only_npm): (Vec<_>, Vec<_>) =
            (r.headers.difference(&n.headers).collect(), n.headers.difference(&r.headers).collect());
        if !only_rust.is_empty() || !only_npm.is_empty() {
            return Err(format!(
                "request {i} (`{}`): headers only Rust sent {only_rust:?}, only npm {only_npm:?}",
                r.line
            ));
        }
        if r.body != n.body {
            return Err(format!("request {i} (`{}`): bodies differ:\n  Rust {}\n  npm  {}", r.line, r.body, n.body));
        }
    }
    if rust.len() != npm.len() || rust.is_empty() {
        return Err(format!("the Rust client sent {} requests, the npm client {}", rust.len(), npm.len()));
    }
    Ok(())
}

/// The recording server: answers each agent's requests as that agent would,
/// one request per connection, and keeps what it read.
struct Server {
    url: String,
    recorded: Arc<Mutex<Vec<Recorded>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Listens on a free 127.0.0.1 port.
    fn start() -> Result<Server> {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        let url = format!("http://{}", listener.local_addr().map_err(|e| e.to_string())?);
        let (recorded, stop) = (Arc::new(Mutex::new(Vec::new())), Arc::new(AtomicBool::new(false)));
        let (kept, stopped, base) = (Arc::clone(&recorded), Arc::clone(&stop), url.clone());
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                let (kept, base) = (Arc::clone(&kept), base.clone());
                if let Ok(stream) = stream {
                    std::thread::spawn(move || serve(stream, &base, &kept));
                }
            }
        });
        Ok(Server { url, recorded, stop, thread: Some(thread) })
    }

    /// What was recorded so far, in order; the record starts again empty.
    fn take(&self) -> Vec<Recorded> {
        std::mem::take(&mut *self.recorded.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop, which then sees the flag.
        let _ = TcpStream::connect(self.url.trim_start_matches("http://"));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one request, records it, answers it, and closes the connection.
fn serve(stream: TcpStream, base: &str, recorded: &Mutex<Vec<Recorded>>) {
    let Ok(mut writer) = stream.try_clone() else { return };
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let mut headers = BTreeSet::new();
    let mut length = 0;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim_end().is_empty() {
            break;
        }
        let (name, value) = header.trim_end().split_once(':').unwrap_or((header.trim_end(), ""));
        let (name, value) = (name.to_ascii_lowercase(), value.trim());
        if name == "content-length" {
            length = value.parse().unwrap_or(0);
        }
        let platforms = PLATFORM_HEADERS.contains(&name.as_str()) || (name == "accept" && value == "*/*");
        if !platforms {
            headers.insert(format!("{name}: {value}"));
        }
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let body = String::from_utf8_lossy(&body).into_owned();
    let line = line.trim_end().to_owned();
    let (status, content_type, extensions, answer) = answer(&line, &body, base);
    recorded.lock().unwrap_or_else(PoisonError::into_inner).push(Recorded {
        line,
        headers,
        body: without_message_ids(&body),
    });
    let extensions = extensions.map_or(String::new(), |name| format!("{name}: urn:ext:a\r\n"));
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n{extensions}Connection: close\r\n\r\n",
        answer.len()
    );
    let _ = writer.write_all(head.as_bytes()).and_then(|()| writer.write_all(answer.as_bytes()));
}

/// `body` with the value of each `"messageId":"…"` replaced by `<uuid>` (a random UUID each call).
fn without_message_ids(body: &str) -> String {
    const KEY: &str = "\"messageId\":\"";
    let mut out = String::new();
    let mut rest = body;
    while let Some(at) = rest.find(KEY) {
        let value = &rest[at + KEY.len()..];
        let end = value.find('"').unwrap_or(value.len());
        out.push_str(&rest[..at + KEY.len()]);
        out.push_str("<uuid>");
        rest = &value[end..];
    }
    out.push_str(rest);
    out
}

/// The answer to the request `line` with `body`: status, type, the
/// extensions header's name to activate one under (`None`: no such header),
/// and the body.
fn answer(line: &str, body: &str, base: &str) -> (&'static str, &'static str, Option<&'static str>, String) {
    let target = line.split(' ').nth(1).unwrap_or_default();
    let json = |value: Value, name| ("200 OK", "application/json", Some(name), value.to_string());
    let events = |value: Value, name| ("200 OK", "text/event-stream", Some(name), format!("data: {value}\n\n"));
    if target.ends_with("/.well-known/agent.json") {
        return ("404 Not Found", "text/plain", None, String::from("no card here"));
    }
    if let Some(agent) = target.strip_suffix("/.well-known/agent-card.json") {
        return ("200 OK", "application/json", None, card(base, agent.trim_start_matches('/')).to_string());
    }
    let task_v1 = json!({ "id": "task 1", "contextId": "ctx-1", "status": { "state": "TASK_STATE_COMPLETED" } });
    let update_v1 = json!({ "statusUpdate": { "taskId": "task 1", "contextId": "ctx-1",
        "status": { "state": "TASK_STATE_COMPLETED" }, "final": true } });
    let list_v1 = json!({ "tasks": [task_v1.clone()], "nextPageToken": "", "pageSize": 2, "totalSize": 1 });
    if target.starts_with("/rest/") {
        let path = target.split('?').next().unwrap_or_default();
        return if path.ends_with("/message:send") {
            json(json!({ "task": task_v1 }), "A2A-Extensions")
        } else if path.ends_with("/message:stream") || path.ends_with(":subscribe") {
            events(update_v1, "A2A-Extensions")
        } else if path.ends_with("/tasks") {
            json(list_v1, "A2A-Extensions")
        } else {
            json(task_v1, "A2A-Extensions")
        };
    }
    let request: Value = serde_json::from_str(body).unwrap_or_default();
    let (id, method) = (request["id"].clone(), request["method"].as_str().unwrap_or_default());
    let rpc = |result: Value| json!({ "jsonrpc": "2.0", "id": id, "result": result });
    if target.starts_with("/v1/") {
        return match method {
            "SendMessage" => json(rpc(json!({ "task": task_v1 })), "A2A-Extensions"),
            "SendStreamingMessage" | "SubscribeToTask" => events(rpc(update_v1), "A2A-Extensions"),
            "ListTasks" => json(rpc(list_v1), "A2A-Extensions"),
            _ => json(rpc(task_v1), "A2A-Extensions"),
        };
    }
    let task = json!({ "kind": "task", "id": "task 1", "contextId": "ctx-1", "status": { "state": "completed" } });
    let update = json!({ "kind": "status-update", "taskId": "task 1", "contextId": "ctx-1",
        "status": { "state": "completed" }, "final": true });
    match method {
        "message/stream" | "tasks/resubscribe" => events(rpc(update), "X-A2A-Extensions"),
        "tasks/list" => json(rpc(json!({ "tasks": [task] })), "X-A2A-Extensions"),
        _ => json(rpc(task), "X-A2A-Extensions"),
    }
}

/// The card of `agent` (see [`AGENTS`]) on the server at `base`.
fn card(base: &str, agent: &str) -> Value {
    let common = json!({ "name": agent, "description": "a recording agent", "version": "1",
        "capabilities": { "streaming": true }, "skills": [],
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"] });
    let mut card = common;
    match agent {
        "v03" => {
            card["url"] = json!(format!("{base}/v03/rpc"));
            card["protocolVersion"] = json!("0.3.0");
        }
        "v1" => {
            card["supportedInterfaces"] = json!([{ "url": format!("{base}/v1/rpc"), "protocolBinding": "JSONRPC",
                "protocolVersion": "1.0", "tenant": TENANT }]);
        }
        _ => {
            card["supportedInterfaces"] = json!([{ "url": format!("{base}/rest/api"), "protocolBinding": "HTTP+JSON",
                "protocolVersion": "1.0", "tenant": TENANT }]);
        }
    }
    card
}
