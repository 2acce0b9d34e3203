//! `A2AClient` against the third-party agents the Node and browser suites
//! use, on the official JavaScript SDK (`tests/a2a-agent`, A2A 0.3 on
//! `@a2a-js/sdk` 0.3; `tests/a2a-agent-v1`, A2A 1.0 on 1.3): one behaviour,
//! every agent. Each test starts the fixture servers it needs (`node`, with
//! the root package.json's packages installed: `cargo xtask test client`
//! installs them) and stops them when it ends.

use futures_util::StreamExt;
use magisterium_a2a::{
    A2AClient, Dialect, ErrorCode, Event, Part, ProtocolVersion, SendMessage, SendResult, Task, TaskState, WaitOptions,
};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::pin::pin;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A fixture server (`node <script>`), killed when dropped.
struct Fixture {
    child: Child,
    url: String,
}

impl Fixture {
    /// Starts `script` (a path from the repository's root) and reads its base URL
    /// from its first line, `listening on http://127.0.0.1:PORT`.
    fn start(script: &str) -> Fixture {
        let mut child = Command::new("node")
            .arg(script)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("node {script} starts (is node installed?): {e}"));
        let mut line = String::new();
        let stdout = child.stdout.take().expect("its stdout");
        BufReader::new(stdout).read_line(&mut line).expect("its first line");
        let url = line.trim().strip_prefix("listening on ").map(str::to_owned);
        let Some(url) = url else {
            let _ = child.kill();
            panic!("node {script} did not start (npm ci at the root?): {line:?}");
        };
        Fixture { child, url }
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A message to the fixture's skill `skill`, with the data part `data` when given.
fn to_skill(skill: &str, data: Option<Value>) -> SendMessage {
    let mut parts = vec![Part::text(skill)];
    if let Some(Value::Object(data)) = data {
        parts.push(Part::data(data));
    }
    SendMessage::new(parts).skill_id(skill)
}

/// The task of an answer that must be one.
fn task_of(sent: Result<SendResult, magisterium_a2a::Error>, what: &str) -> Task {
    match sent {
        Ok(SendResult::Task(task)) => task,
        other => panic!("{what}: a task, not {other:?}"),
    }
}

/// The behaviour every agent shows alike, whatever its version (`at` names it in failures).
async fn behaviour(agent: &A2AClient, at: &str) {
    let echoed = task_of(agent.send_message(to_skill("echo", None)).await, at);
    assert_eq!(echoed.status.state, TaskState::Completed, "{at}");
    let text = echoed.artifacts.as_ref().and_then(|a| a[0].parts[0].text.clone());
    assert_eq!(text.as_deref(), Some("echo"), "{at}");
    let got = agent.get_task(&echoed.id).await.expect("the task is found");
    assert_eq!(got.id, echoed.id, "{at}");
    match agent.send_message(to_skill("reply", None)).await {
        Ok(SendResult::Message(m)) => {
            assert_eq!((m.role.as_str(), m.parts[0].text.as_deref()), ("agent", Some("You said: reply")), "{at}")
        }
        other => panic!("{at}: a message, not {other:?}"),
    }
    let e = agent.get_task("no-such-task").await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::TaskNotFound, Some(-32001)), "{at}");

    // A slow task: working at once (`blocking: false`), canceled; a completed one is too late to cancel.
    let slow = task_of(agent.send_message(to_skill("slow", Some(json!({"delayMs": 10_000})))).await, at);
    assert_eq!(slow.status.state, TaskState::Working, "{at}");
    let canceled = agent.cancel_task(&slow.id).await.expect("a working task is cancelable");
    assert_eq!(canceled.status.state, TaskState::Canceled, "{at}");
    let e = agent.cancel_task(&echoed.id).await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::TaskNotCancelable, Some(-32002)), "{at}");

    // A task that fails, waited for.
    let failing = task_of(agent.send_message(to_skill("fail", None)).await, at);
    let options = WaitOptions::default().poll_interval(Duration::from_millis(20));
    let failed = agent.wait_for_task(&failing.id, options).await.expect("the wait ends");
    assert_eq!(failed.status.state, TaskState::Failed, "{at}");

    // A stream: the task, `working`, three chunks, `completed` (final).
    let mut events = pin!(agent.send_message_stream(to_skill("stream", Some(json!({"chunks": 3, "delayMs": 10})))));
    let mut seen = Vec::new();
    while let Some(event) = events.next().await {
        seen.push(match event.expect("no error mid-stream") {
            Event::Task(t) => format!("task {}", t.status.state.as_str()),
            Event::StatusUpdate(u) => format!("status {} {:?}", u.status.state.as_str(), u.is_final),
            Event::ArtifactUpdate(u) => {
                format!("{} {} {}", u.artifact.parts[0].text.clone().unwrap_or_default(), u.append, u.last_chunk)
            }
            Event::Message(m) => format!("message {:?}", m.parts),
        });
    }
    let expected = [
        "task submitted",
        "status working Some(false)",
        "chunk 0 false false",
        "chunk 1 true false",
        "chunk 2 true true",
        "status completed Some(true)",
    ];
    assert_eq!(seen, expected, "{at}");
}

#[tokio::test]
async fn the_behaviour_holds_on_every_sdk_agent_and_version() {
    let v03 = Fixture::start("tests/a2a-agent/server.mjs");
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let agents = [
        (v03.url.clone(), ProtocolVersion::V0_3, ProtocolVersion::V0_3),
        (format!("{}/v1", v1.url), ProtocolVersion::V1_0, ProtocolVersion::V1_0),
        (format!("{}/compat", v1.url), ProtocolVersion::V1_0, ProtocolVersion::V1_0),
        // The card offers 1.0 first, the endpoint answers it with -32009: the client moves to 0.3.
        (format!("{}/old", v1.url), ProtocolVersion::V1_0, ProtocolVersion::V0_3),
    ];
    for (base, before, after) in agents {
        let agent = A2AClient::discover(&base).await.unwrap_or_else(|e| panic!("{base}: {e}"));
        assert_eq!((agent.protocol_version(), agent.dialect()), (before, Dialect::A2a), "{base}");
        behaviour(&agent, &base).await;
        assert_eq!(agent.protocol_version(), after, "{base}");
    }
}

#[tokio::test]
async fn a_version_forced_gets_no_fallback() {
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let base = format!("{}/old", v1.url);
    let forced = A2AClient::builder().protocol_version(ProtocolVersion::V1_0).discover(&base).await.expect("a client");
    let e = forced.get_task("any").await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::VersionNotSupported, Some(-32009)));
    assert_eq!(forced.protocol_version(), ProtocolVersion::V1_0, "no move without the choice left open");
    // With no retry left, the move happens all the same, and the call fails.
    let strict = A2AClient::builder().max_retries(0).discover(&base).await.expect("a client");
    let e = strict.get_task("any").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::VersionNotSupported);
    assert_eq!(strict.protocol_version(), ProtocolVersion::V0_3);
    assert_eq!(strict.get_task("any").await.unwrap_err().code(), ErrorCode::TaskNotFound);
}

/// The fixture's count of `GET <path>` requests (its `/_requests`).
async fn gets(fixture: &Fixture, path: &str) -> u64 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = fixture.url.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.expect("the fixture accepts");
    let request = format!("GET /_requests HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("the request is written");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("the response is read");
    let body = response.split_once("\r\n\r\n").map(|(_, body)| body).unwrap_or_default();
    let counts: Value = serde_json::from_str(body).expect("JSON counts");
    counts[format!("GET {path}")].as_u64().unwrap_or(0)
}

#[tokio::test]
async fn a_card_is_kept_for_its_max_age() {
    let v03 = Fixture::start("tests/a2a-agent/server.mjs");
    for _ in 0..2 {
        A2AClient::discover(&v03.url).await.expect("the card is found");
    }
    assert_eq!(gets(&v03, "/.well-known/agent-card.json").await, 1, "max-age=60: fetched once");
    let uncached = format!("{}/uncached", v03.url);
    for _ in 0..2 {
        A2AClient::discover(&uncached).await.expect("the card is found");
    }
    assert_eq!(gets(&v03, "/uncached/.well-known/agent-card.json").await, 2, "no Cache-Control: fetched each time");
}

#[tokio::test]
async fn push_notification_configs_and_the_extended_card_in_both_versions() {
    use magisterium_a2a::PushNotificationConfig;
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let compat = format!("{}/compat", v1.url);
    // A webhook nothing listens on (port 9, discard): the configs are only stored here.
    let hook = "http://127.0.0.1:9/hook";
    for version in [ProtocolVersion::V1_0, ProtocolVersion::V0_3] {
        let at = format!("{compat} {}", version.as_str());
        let agent = A2AClient::builder().protocol_version(version).discover(&compat).await.expect("a client");
        assert_eq!(agent.protocol_version(), version, "{at}");
        let task = task_of(agent.send_message(to_skill("echo", None)).await, &at);
        let config = PushNotificationConfig::new(hook).id("hook-1").token("webhook-secret");
        let created = agent.create_push_notification_config(&task.id, &config).await.expect("created");
        assert_eq!(created.task_id, task.id, "{at}");
        assert_eq!(created.push_notification_config, config, "{at}: stored as sent");
        let got = agent.get_push_notification_config(&task.id, "hook-1").await.expect("found");
        assert_eq!(got, created, "{at}");
        let list = agent.list_push_notification_configs(&task.id).await.expect("listed");
        assert_eq!(list.configs, std::slice::from_ref(&created), "{at}");
        agent.delete_push_notification_config(&task.id, "hook-1").await.expect("deleted");
        let list = agent.list_push_notification_configs(&task.id).await.expect("listed");
        assert!(list.configs.is_empty(), "{at}: {list:?}");
        let e = agent.get_push_notification_config(&task.id, "hook-1").await.unwrap_err();
        assert_eq!(e.code(), ErrorCode::TaskNotFound, "{at}: the SDK's answer for a config it does not have");
        let e = agent.create_push_notification_config("no-such-task", &config).await.unwrap_err();
        assert_eq!(e.code(), ErrorCode::TaskNotFound, "{at}");

        let extended = agent.extended_card().await.expect("the extended card");
        assert!(extended["name"].as_str().is_some_and(|n| n.ends_with("(extended)")), "{at}: {extended}");
    }

    // An agent without push notifications or an extended card.
    let plain = A2AClient::discover(&format!("{}/v1", v1.url)).await.expect("a client");
    let task = task_of(plain.send_message(to_skill("echo", None)).await, "/v1");
    let config = PushNotificationConfig::new(hook);
    let e = plain.create_push_notification_config(&task.id, &config).await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::PushNotificationNotSupported, Some(-32003)));
    let e = plain.list_push_notification_configs(&task.id).await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::PushNotificationNotSupported);
    let e = plain.extended_card().await.unwrap_err();
    assert_eq!((e.code(), e.rpc_code()), (ErrorCode::AuthenticatedExtendedCardNotConfigured, None), "no request");
}
