//! `A2AClient` against the third-party agents the Node and browser suites
//! use, on the official JavaScript SDK (`tests/a2a-agent`, A2A 0.3 on
//! `@a2a-js/sdk` 0.3; `tests/a2a-agent-v1`, A2A 1.0 on 1.3): one table of
//! behaviour, each binding and version a column (JSON-RPC 1.0, HTTP+JSON 1.0,
//! JSON-RPC 0.3, and the card's choices between them). Each test starts the fixture servers it needs (`node`, with
//! the root package.json's packages installed: `cargo xtask test client`
//! installs them) and stops them when it ends.

use futures_util::StreamExt;
use magisterium_a2a::{
    A2AClient, A2AClientBuilder, A2AStreamEvent, Binding, Dialect, ErrorCode, ListTasksParams, Part, ProtocolVersion,
    SendMessageParams, SendResult, Task, TaskState, WaitOptions,
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
fn to_skill(skill: &str, data: Option<Value>) -> SendMessageParams {
    let mut parts = vec![Part::text(skill)];
    if let Some(Value::Object(data)) = data {
        parts.push(Part::data(data));
    }
    SendMessageParams::new(parts).skill_id(skill)
}

/// The task of an answer that must be one.
fn task_of(sent: Result<SendResult, magisterium_a2a::Error>, what: &str) -> Task {
    match sent {
        Ok(SendResult::Task(task)) => task,
        other => panic!("{what}: a task, not {other:?}"),
    }
}

/// How a column's errors come on the wire: JSON-RPC's carry their
/// `rpcCode`; HTTP+JSON's an HTTP status and no `rpcCode`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Wire {
    JsonRpc,
    HttpJson,
}

/// An error as the table shows it (its code), after checking it as `wire` carries it.
fn shown(e: &magisterium_a2a::Error, wire: Wire, at: &str) -> String {
    let json_rpc_code = match e.code() {
        ErrorCode::TaskNotFound => Some(-32001),
        ErrorCode::TaskNotCancelable => Some(-32002),
        ErrorCode::UnsupportedOperation => Some(-32004),
        ErrorCode::MethodNotFound => Some(-32601),
        _ => None,
    };
    match wire {
        Wire::JsonRpc => assert_eq!(e.rpc_code(), json_rpc_code, "{at}: {e}"),
        Wire::HttpJson => {
            assert_eq!(e.rpc_code(), None, "{at}: {e}");
            assert!(e.http_status().is_some_and(|s| (400..500).contains(&s)), "{at}: {e} {:?}", e.http_status());
            let reason = e.data().and_then(|d| d[0]["reason"].as_str()).unwrap_or_default();
            assert_eq!(reason, e.code().as_str(), "{at}: the details as sent");
        }
    }
    format!("error {}", e.code().as_str())
}

/// An event as the table shows it.
fn event_line(event: A2AStreamEvent) -> String {
    match event {
        A2AStreamEvent::Task(t) => format!("task {}", t.status.state.as_str()),
        A2AStreamEvent::StatusUpdate(u) => format!("status {} {:?}", u.status.state.as_str(), u.is_final),
        A2AStreamEvent::ArtifactUpdate(u) => {
            format!(
                "{} {} {}",
                u.artifact.parts[0].as_text().map(str::to_owned).unwrap_or_default(),
                u.append,
                u.last_chunk
            )
        }
        A2AStreamEvent::Message(m) => format!("message {:?}", m.parts),
    }
}

/// A stream's events (and an error that ends it) as the table shows them.
async fn lines(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
    wire: Wire,
    at: &str,
) -> Vec<String> {
    pin!(events).map(|e| e.map_or_else(|e| shown(&e, wire, at), event_line)).collect().await
}

/// The behaviour table's rows: each case, and what every agent shows for
/// it, whatever its version and binding; [`observe`] makes a column of it.
const TABLE: [(&str, &str); 12] = [
    ("send echo", "task completed echo"),
    ("get it", "task completed echo"),
    ("send reply", "message agent You said: reply"),
    ("get an unknown task", "error TASK_NOT_FOUND"),
    ("send slow (asked not to block)", "task working"),
    ("cancel it", "task canceled"),
    ("cancel the finished echo", "error TASK_NOT_CANCELABLE"),
    ("list the echo's context", "tasks [completed]"),
    ("wait for a failing task", "task failed"),
    (
        "stream",
        "task submitted | status working false | chunk 0 false false | chunk 1 true false | chunk 2 true true | status completed true",
    ),
    ("subscribe to a working task: first and last", "task working | status completed true"),
    ("subscribe to the finished echo", "error UNSUPPORTED_OPERATION"),
];

/// One column of the table: what `agent` shows for each case, in order
/// (`at` names it in failures; its errors checked as `wire` carries them).
async fn observe(agent: &A2AClient, wire: Wire, at: &str) -> Vec<String> {
    let task = |t: Task| format!("task {}", t.status.state.as_str());
    let error = |e: magisterium_a2a::Error| shown(&e, wire, at);
    let text_of =
        |t: &Task| t.artifacts.as_ref().and_then(|a| a[0].parts[0].as_text().map(str::to_owned)).unwrap_or_default();
    let mut column = Vec::new();
    let echoed = task_of(agent.send_message(to_skill("echo", None)).await, at);
    column.push(format!("task {} {}", echoed.status.state.as_str(), text_of(&echoed)));
    let got = agent.get_task(&echoed.id).await.expect("the task is found");
    assert_eq!(got.id, echoed.id, "{at}");
    column.push(format!("task {} {}", got.status.state.as_str(), text_of(&got)));
    column.push(match agent.send_message(to_skill("reply", None)).await {
        Ok(SendResult::Message(m)) => {
            format!("message {} {}", m.role, m.parts[0].as_text().map(str::to_owned).unwrap_or_default())
        }
        other => format!("{other:?}"),
    });
    column.push(agent.get_task("no-such-task").await.map_or_else(error, task));
    let slow = task_of(agent.send_message(to_skill("slow", Some(json!({"delayMs": 10_000})))).await, at);
    column.push(task(slow.clone()));
    column.push(agent.cancel_task(&slow.id).await.map_or_else(error, task));
    column.push(agent.cancel_task(&echoed.id).await.map_or_else(error, task));
    let listed = agent.list_tasks(ListTasksParams::default().context_id(&echoed.context_id)).await;
    column.push(listed.map_or_else(error, |list| {
        assert!(list.tasks.iter().all(|t| t.id == echoed.id), "{at}: only the echo");
        let states: Vec<&str> = list.tasks.iter().map(|t| t.status.state.as_str()).collect();
        format!("tasks [{}]", states.join(", "))
    }));
    let failing = task_of(agent.send_message(to_skill("fail", None)).await, at);
    let options = WaitOptions::default().poll_interval(Duration::from_millis(20));
    column.push(agent.wait_for_task(&failing.id, options).await.map_or_else(error, task));
    let stream = agent.send_message_stream(to_skill("stream", Some(json!({"chunks": 3, "delayMs": 10}))));
    let streamed = lines(stream, wire, at).await;
    column.push(streamed.join(" | "));
    let working = task_of(agent.send_message(to_skill("slow", Some(json!({"delayMs": 300})))).await, at);
    let followed = lines(agent.subscribe_to_task(&working.id), wire, at).await;
    column.push(format!("{} | {}", followed[0], followed[followed.len() - 1]));
    column.push(lines(agent.subscribe_to_task(&echoed.id), wire, at).await.join(" | "));
    column
}

/// A client discovered at `base` with `builder`'s options.
async fn discovered(builder: A2AClientBuilder, base: &str) -> A2AClient {
    builder.discover(base).await.unwrap_or_else(|e| panic!("{base}: {e}"))
}

#[tokio::test]
async fn one_behaviour_table_holds_on_every_binding_and_version() {
    use Binding::{HttpJson, JsonRpc};
    use ProtocolVersion::{V0_3, V1_0};
    let v03 = Fixture::start("tests/a2a-agent/server.mjs");
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let at = |name: &str| format!("{}/{name}", v1.url);
    let told = |version| A2AClient::builder().protocol_version(version);
    let rpc_forced = A2AClient::builder().binding(JsonRpc);
    // Where a column differs: A2A 0.3 has no `tasks/list`, and SDK 0.3
    // answers a subscription to a finished task with the task (1.x refuses it).
    let no_list: &[(&str, &str)] = &[("list the echo's context", "error METHOD_NOT_FOUND")];
    let sdk_0_3: &[(&str, &str)] = &[no_list[0], ("subscribe to the finished echo", "task completed")];
    // Each column: its name, the agent, the options, how its errors come,
    // the version and binding spoken before the table and the version after,
    // and its rows that differ.
    let columns = [
        ("JSON-RPC 1.0 (/v1)", at("v1"), A2AClient::builder(), Wire::JsonRpc, (V1_0, JsonRpc), V1_0, &[][..]),
        ("HTTP+JSON 1.0 (/rest)", at("rest"), A2AClient::builder(), Wire::HttpJson, (V1_0, HttpJson), V1_0, &[]),
        ("JSON-RPC 0.3 (/compat, told 0.3)", at("compat"), told(V0_3), Wire::JsonRpc, (V0_3, JsonRpc), V0_3, no_list),
        ("HTTP+JSON first (/both)", at("both"), A2AClient::builder(), Wire::HttpJson, (V1_0, HttpJson), V1_0, &[]),
        ("JSON-RPC forced (/both)", at("both"), rpc_forced.clone(), Wire::JsonRpc, (V1_0, JsonRpc), V1_0, &[]),
        // Each interface names a tenant: every call carries it (the SDK keeps each tenant's tasks apart).
        (
            "HTTP+JSON, a tenant (/tenant)",
            at("tenant"),
            A2AClient::builder(),
            Wire::HttpJson,
            (V1_0, HttpJson),
            V1_0,
            &[],
        ),
        ("JSON-RPC, a tenant (/tenant)", at("tenant"), rpc_forced, Wire::JsonRpc, (V1_0, JsonRpc), V1_0, &[]),
        ("JSON-RPC 1.0 + 0.3 (/compat)", at("compat"), A2AClient::builder(), Wire::JsonRpc, (V1_0, JsonRpc), V1_0, &[]),
        // The card offers 1.0 first, the endpoint answers it with -32009: the client moves to 0.3.
        ("JSON-RPC 1.0 refused (/old)", at("old"), A2AClient::builder(), Wire::JsonRpc, (V1_0, JsonRpc), V0_3, sdk_0_3),
        (
            "JSON-RPC 0.3 (SDK 0.3)",
            v03.url.clone(),
            A2AClient::builder(),
            Wire::JsonRpc,
            (V0_3, JsonRpc),
            V0_3,
            sdk_0_3,
        ),
    ];
    let mut misses = Vec::new();
    for (name, base, builder, wire, (version, binding), after, differs) in columns {
        let agent = discovered(builder, &base).await;
        let spoken = (agent.protocol_version(), agent.binding(), agent.dialect());
        assert_eq!(spoken, (version, binding, Dialect::A2a), "{name}");
        let column = observe(&agent, wire, name).await;
        for ((case, expected), got) in TABLE.iter().zip(&column) {
            let expected = differs.iter().find(|(c, _)| c == case).map_or(*expected, |(_, e)| *e);
            if expected != got {
                misses.push(format!("{name}: {case}: {got:?}, expected {expected:?}"));
            }
        }
        assert_eq!(agent.protocol_version(), after, "{name}");
    }
    assert!(misses.is_empty(), "{} misses:\n{}", misses.len(), misses.join("\n"));
}

/// The tenant of `/tenant`'s interfaces (`TENANT` in `tests/a2a-agent-v1/cards.mjs`).
const TENANT: &str = "acme/ü \"1\"";

#[tokio::test]
async fn the_interface_s_tenant_reaches_the_agent_on_either_binding() {
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let base = format!("{}/tenant", v1.url);
    for binding in [Binding::HttpJson, Binding::JsonRpc] {
        let at = format!("{base} {}", binding.as_str());
        let agent = discovered(A2AClient::builder().binding(binding), &base).await;
        assert_eq!(agent.tenant(), Some(TENANT), "{at}");
        // The agent's skill `tenant` answers with the tenant the SDK resolved: from the params, or the path.
        let text_of = |t: &Task| t.artifacts.as_ref().and_then(|a| a[0].parts[0].as_text().map(str::to_owned));
        let sent = task_of(agent.send_message(to_skill("tenant", None)).await, &at);
        assert_eq!(text_of(&sent).as_deref(), Some(TENANT), "{at}");
        let events: Vec<A2AStreamEvent> = pin!(agent.send_message_stream(to_skill("tenant", None)))
            .map(|e| e.unwrap_or_else(|e| panic!("{at}: {e}")))
            .collect()
            .await;
        assert!(
            matches!(&events[..], [A2AStreamEvent::Task(t)] if text_of(t).as_deref() == Some(TENANT)),
            "{at}: {events:?}"
        );
        assert_eq!(agent.get_task(&sent.id).await.expect("found under the tenant").id, sent.id, "{at}");
        // Push-notification configs under the tenant; a delete over HTTP+JSON is a 204.
        let config = magisterium_a2a::PushNotificationConfig::new("http://127.0.0.1:9/hook").id("hook-1");
        let created = agent.create_push_notification_config(&sent.id, &config).await.expect("created");
        let got = agent.get_push_notification_config(&sent.id, "hook-1").await.expect("found");
        assert_eq!(got, created, "{at}");
        agent.delete_push_notification_config(&sent.id, "hook-1").await.expect("deleted");
        let list = agent.list_push_notification_configs(&sent.id).await.expect("listed");
        assert!(list.configs.is_empty(), "{at}: {list:?}");
        // The same endpoint without the tenant is another tenant's: the task is not there.
        let untenanted = A2AClient::builder()
            .endpoint(agent.endpoint())
            .binding(binding)
            .protocol_version(ProtocolVersion::V1_0)
            .build()
            .expect("a client");
        assert_eq!(untenanted.tenant(), None);
        let e = untenanted.get_task(&sent.id).await.unwrap_err();
        assert_eq!(e.code(), ErrorCode::TaskNotFound, "{at}");
        let echoed = task_of(untenanted.send_message(to_skill("tenant", None)).await, &at);
        assert_eq!(text_of(&echoed).as_deref(), Some(""), "{at}: no tenant sent");
    }
    // An agent whose card names none sends none (its tenant is the SDK's default, "").
    let plain = discovered(A2AClient::builder(), &format!("{}/both", v1.url)).await;
    assert_eq!(plain.tenant(), None);
    let echoed = task_of(plain.send_message(to_skill("tenant", None)).await, "/both");
    assert_eq!(echoed.artifacts.as_ref().and_then(|a| a[0].parts[0].as_text().map(str::to_owned)).as_deref(), Some(""));
}

#[tokio::test]
async fn the_card_order_picks_the_binding_and_a_forced_one_keeps_to_its_interface() {
    let v1 = Fixture::start("tests/a2a-agent-v1/server.mjs");
    let both = format!("{}/both", v1.url);
    let by_order = A2AClient::discover(&both).await.expect("a client");
    assert_eq!((by_order.binding(), by_order.endpoint()), (Binding::HttpJson, format!("{both}/rest")));
    let forced = discovered(A2AClient::builder().binding(Binding::JsonRpc), &both).await;
    assert_eq!((forced.binding(), forced.endpoint()), (Binding::JsonRpc, format!("{both}/a2a")));
    // One task store: a task sent over one binding is read over the other.
    let sent = task_of(by_order.send_message(to_skill("echo", None)).await, "/both");
    assert_eq!(forced.get_task(&sent.id).await.expect("the same task").status.state, TaskState::Completed);
    // A binding the card does not offer, or HTTP+JSON in 0.3.
    let rest = format!("{}/rest", v1.url);
    let e = A2AClient::builder().binding(Binding::JsonRpc).discover(&rest).await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse, "{e}");
    let v1_only = format!("{}/v1", v1.url);
    let e = A2AClient::builder().binding(Binding::HttpJson).discover(&v1_only).await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse);
    assert!(e.message().ends_with(": the agent card offers no HTTP+JSON interface of A2A 1.x"), "{e}");
    let e =
        A2AClient::builder().binding(Binding::HttpJson).protocol_version(ProtocolVersion::V0_3).discover(&rest).await;
    assert_eq!(e.unwrap_err().code(), ErrorCode::InvalidInput);
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
        assert!(extended.name.ends_with("(extended)"), "{at}: {extended:?}");
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
