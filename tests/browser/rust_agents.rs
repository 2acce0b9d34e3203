//! The Rust `A2AClient` (feature `fetch`) compiled to wasm32 in Chromium,
//! cross-origin, against the SDK fixture agents (0.3: `tests/a2a-agent/`;
//! 1.0: `/v1`, `/compat`, `/old` of `tests/a2a-agent-v1/`) and the
//! simulator's test agent: discovery, every method, both streams, a dropped
//! stream's connection. What it returns, made JS values by `ToJs`,
//! deep-equals what the npm `A2AClient` (in the same test binary) resolves
//! with for the same call on the 0.3 fixture, the ids and times each agent
//! mints (and each SDK's history) set aside: the same executor is behind every fixture agent, so a
//! 1.0 agent's answers, brought to the 0.3 shape, must be the 0.3 agent's.
//! (The npm client's 1.0 requests and streams load `agent-protocol.js`'s
//! `.wasm`, which only a built package has: this file compares with its
//! 0.3 calls; `rust_http_json.rs`, over HTTP+JSON, with the package's web build.)

use crate::rust_to_js::assert_same;
use crate::support::*;
use futures_util::StreamExt;
use js_sys::futures::JsFuture;
use js_sys::{Function, Promise};
use magisterium_a2a::{
    A2AClient, A2AStreamEvent, ListTasksParams, Part, ProtocolVersion, SendMessageParams, SendResult, Task, TaskState,
    ToJs,
};
use magisterium_a2a_npm::A2AClient as NpmA2AClient;
use std::pin::pin;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The 0.3 fixture agent's base URL.
const AGENT: &str = env!("A2A_AGENT_URL");
/// The v1.0 fixture's base URL (its agents under `/v1`, `/compat`, `/old`).
pub(crate) const AGENTS_V1: &str = env!("A2A_AGENT_V1_URL");

/// A message to `skill`, with the data part `data` (JSON object text) when given.
pub(crate) fn to_skill(skill: &str, data: Option<&str>) -> SendMessageParams {
    let mut parts = vec![Part::text(skill)];
    if let Some(data) = data {
        parts.push(Part::data(serde_json::from_str(data).expect("a JSON object")));
    }
    SendMessageParams::new(parts).skill_id(skill)
}

/// The npm client's argument for the same message.
pub(crate) fn npm_message(skill: &str, data: Option<&str>) -> JsValue {
    let data = data.map(|d| format!(r#",{{"kind":"data","data":{d}}}"#)).unwrap_or_default();
    json(&format!(r#"{{"parts":[{{"kind":"text","text":"{skill}"}}{data}],"skillId":"{skill}"}}"#))
}

/// The task of an answer that must be one.
pub(crate) fn task_of(sent: Result<SendResult, magisterium_a2a::Error>, what: &str) -> Task {
    match sent {
        Ok(SendResult::Task(task)) => task,
        other => panic!("{what}: a task, not {other:?}"),
    }
}

/// A method of the npm client; its Promise.
pub(crate) fn npm(client: &JsValue, name: &str, args: &[JsValue]) -> Promise {
    Promise::from(call(client, name, args))
}

/// The npm call's rejection, which must come.
pub(crate) async fn npm_error(call: Promise, what: &str) -> JsValue {
    JsFuture::from(call).await.expect_err(what)
}

/// A copy of `value` with what each agent mints per task (ids, times) set
/// to `"*"`, so that two tasks that went alike compare equal; with `history`,
/// the task's history too (each SDK keeps its own: 0.3's sends none with a
/// new task, 1.0's the message).
pub(crate) fn minted_aside(value: &JsValue, history: bool) -> JsValue {
    let aside = Function::new_with_args(
        "v, history",
        r#"
        const minted = new Set(["id", "taskId", "contextId", "messageId", "artifactId", "timestamp"]);
        if (history) minted.add("history");
        const walk = (v) => Array.isArray(v) ? v.map(walk)
          : v && typeof v === "object"
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, minted.has(k) && (typeof x === "string" || k === "history") ? "*" : walk(x)]))
            : v;
        return walk(v);
        "#,
    );
    aside.call2(&JsValue::UNDEFINED, value, &history.into()).expect("plain data")
}

/// Every event of a Rust stream, as JS values; panics on an error.
pub(crate) async fn rust_events(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
) -> Vec<JsValue> {
    let mut events = pin!(events);
    let mut seen = Vec::new();
    while let Some(event) = events.next().await {
        seen.push(event.unwrap_or_else(|e| panic!("an error mid-stream: {e}")).to_js());
    }
    seen
}

/// Waits `ms` milliseconds.
async fn sleep(ms: u32) {
    let timer = Function::new_with_args("ms", "return new Promise((r) => setTimeout(r, ms))");
    JsFuture::from(Promise::from(timer.call1(&JsValue::UNDEFINED, &ms.into()).expect("a timer"))).await.ok();
}

/// The v1.0 fixture's count of `key` (its `/_requests`).
pub(crate) async fn fixture_count(key: &str) -> f64 {
    get(&get_json(&format!("{AGENTS_V1}/_requests")).await, key).as_f64().unwrap_or(0.0)
}

/// The same calls by the Rust client on an agent and the npm client on the
/// 0.3 fixture, each result deep-equal (the minted ids and times set aside;
/// an error's code, `rpcCode` and `httpStatus`, and on the same agent
/// (`same`) the whole error): echo, the stored task, a message reply,
/// unknown and finished tasks, a working task canceled, a failing one waited
/// for; then the Rust client's stream.
pub(crate) async fn behaves_as_the_npm_client(rust: &A2AClient, npm_client: &JsValue, same: bool, at: &str) {
    let alike =
        |ours: &JsValue, theirs: &JsValue| assert_same(&minted_aside(ours, !same), &minted_aside(theirs, !same), at);
    let errors_alike = |ours: &JsValue, theirs: &JsValue| {
        let (ours, theirs) =
            if same { (ours.clone(), theirs.clone()) } else { (error_fields(ours), error_fields(theirs)) };
        assert_same(&ours, &theirs, at);
    };
    let echoed = task_of(rust.send_message(to_skill("echo", None)).await, at);
    assert_eq!(echoed.status.state, TaskState::Completed, "{at}");
    let theirs = ok(npm(npm_client, "sendMessage", &[npm_message("echo", None)])).await;
    alike(&SendResult::Task(echoed.clone()).to_js(), &theirs);
    // On the same agent both read the same task; else each its own.
    let id = JsValue::from(if same { echoed.id.clone() } else { text(&theirs, "id") });
    let stored = ok(npm(npm_client, "getTask", std::slice::from_ref(&id))).await;
    let ours = rust.get_task(&echoed.id).await.expect("the task").to_js();
    alike(&ours, &stored);
    let late = npm_error(npm(npm_client, "cancelTask", std::slice::from_ref(&id)), at).await;
    errors_alike(&rust.cancel_task(&echoed.id).await.expect_err(at).to_js(), &late);
    assert_eq!(text(&late, "code"), "TASK_NOT_CANCELABLE", "{at}");
    let missing = npm_error(npm(npm_client, "getTask", &["no-such-task".into()]), at).await;
    errors_alike(&rust.get_task("no-such-task").await.expect_err(at).to_js(), &missing);
    let reply = rust.send_message(to_skill("reply", None)).await.expect("a reply");
    assert!(matches!(reply, SendResult::Message(_)), "{at}: {reply:?}");
    let theirs = ok(npm(npm_client, "sendMessage", &[npm_message("reply", None)])).await;
    alike(&reply.to_js(), &theirs);

    let slow = task_of(rust.send_message(to_skill("slow", Some(r#"{"delayMs":10000}"#))).await, at);
    assert_eq!(slow.status.state, TaskState::Working, "{at}");
    assert_eq!(rust.cancel_task(&slow.id).await.expect("cancelable").status.state, TaskState::Canceled, "{at}");
    let failing = task_of(rust.send_message(to_skill("fail", None)).await, at);
    let waited = magisterium_a2a::WaitOptions::default().poll_interval(std::time::Duration::from_millis(50));
    let failed = rust.wait_for_task(&failing.id, waited).await.expect("the wait ends");
    assert_eq!(failed.status.state, TaskState::Failed, "{at}");
    let theirs = ok(npm(npm_client, "sendMessage", &[npm_message("fail", None)])).await;
    let theirs =
        ok(npm(npm_client, "waitForTask", &[get(&theirs, "id"), object(&[("pollIntervalMs", 50.into())])])).await;
    alike(&failed.to_js(), &theirs);

    let events = rust_events(rust.send_message_stream(to_skill("stream", Some(r#"{"chunks":3,"delayMs":10}"#)))).await;
    let seen: Vec<String> = events.iter().map(describe).collect();
    let expected = ["task submitted", "status-update working false", "chunk 0 false false", "chunk 1 true false"];
    assert_eq!(seen[..4], expected, "{at}");
    assert_eq!(seen[4..], ["chunk 2 true true", "status-update completed true"], "{at}");
}

/// An error's `code`, `rpcCode` and `httpStatus` (what two agents' errors
/// share when their messages are each SDK's own).
fn error_fields(error: &JsValue) -> JsValue {
    object(&[
        ("code", get(error, "code")),
        ("rpcCode", get(error, "rpcCode")),
        ("httpStatus", get(error, "httpStatus")),
    ])
}

/// A stream's event (a JS value), in a line: its kind and state, or its chunk's text and flags.
pub(crate) fn describe(event: &JsValue) -> String {
    match text(event, "kind").as_str() {
        "task" => format!("task {}", text(&get(event, "status"), "state")),
        "artifact-update" => {
            let part = js_sys::Array::from(&get(&get(event, "artifact"), "parts")).get(0);
            let flag = |key| get(event, key).as_bool().unwrap_or_default();
            format!("{} {} {}", text(&part, "text"), flag("append"), flag("lastChunk"))
        }
        kind => {
            let last = get(event, "final").as_bool().map(|f| format!(" {f}")).unwrap_or_default();
            format!("{kind} {}{last}", text(&get(event, "status"), "state"))
        }
    }
}

#[wasm_bindgen_test]
async fn the_rust_a2a_client_answers_as_the_npm_one_on_every_sdk_agent() {
    let npm_client = ok(NpmA2AClient::discover(AGENT.into(), none())).await;
    let rust = A2AClient::discover(AGENT).await.expect("the 0.3 fixture's card");
    assert_eq!((rust.protocol_version(), rust.endpoint()), (ProtocolVersion::V0_3, text(&npm_client, "endpoint")));
    assert_same(&rust.card().expect("discovered").to_js(), &get(&npm_client, "card"), "the card");
    behaves_as_the_npm_client(&rust, &npm_client, true, AGENT).await;
    // The card of `/old` offers 1.0 first; its endpoint answers -32009, and the client moves to 0.3.
    let agents = [("v1", ProtocolVersion::V1_0), ("compat", ProtocolVersion::V1_0), ("old", ProtocolVersion::V0_3)];
    for (name, after) in agents {
        let base = format!("{AGENTS_V1}/{name}");
        let rust = A2AClient::discover(&base).await.unwrap_or_else(|e| panic!("{base}: {e}"));
        assert_eq!(rust.protocol_version(), ProtocolVersion::V1_0, "{base}: the card's first interface");
        assert_eq!(rust.endpoint(), format!("{base}/a2a"), "{base}");
        behaves_as_the_npm_client(&rust, &npm_client, false, &base).await;
        assert_eq!(rust.protocol_version(), after, "{base}");
    }
}

#[wasm_bindgen_test]
async fn the_rust_a2a_client_follows_a_task_and_lists_on_the_simulator_agent() {
    let base = format!("{SIMULATOR}/agent");
    let rust = A2AClient::discover(&base).await.expect("the card");
    assert_eq!((rust.protocol_version(), rust.endpoint()), (ProtocolVersion::V1_0, base.clone()));
    // A stream's task, followed from its current state by a subscription.
    let sent = task_of(rust.send_message(to_skill("stream", Some(r#"{"chunks":4,"delayMs":150}"#))).await, &base);
    let followed = rust_events(rust.subscribe_to_task(&sent.id)).await;
    assert_eq!(text(&followed[0], "kind"), "task", "the subscription starts with the task");
    let last = followed.last().map(describe);
    assert_eq!(last.as_deref(), Some("status-update completed true"));
    // A page of the context's tasks: the task as `get_task` reads it.
    let page = rust
        .list_tasks(ListTasksParams::default().context_id(&sent.context_id).include_artifacts(true))
        .await
        .expect("a page");
    assert_eq!(page.tasks.len(), 1);
    assert_same(&page.tasks[0].to_js(), &rust.get_task(&sent.id).await.expect("the task").to_js(), "listTasks");
    // Subscribing to a finished task: the agent's error.
    let late = rust_first_error(rust.subscribe_to_task(&sent.id)).await;
    assert_eq!(text(&late, "code"), "UNSUPPORTED_OPERATION");
}

/// The error a Rust stream ends with (its first item must be it).
pub(crate) async fn rust_first_error(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
) -> JsValue {
    let mut events = pin!(events);
    match events.next().await {
        Some(Err(e)) => e.to_js(),
        other => panic!("an error, not {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn dropping_a_rust_stream_in_the_page_closes_its_connection() {
    let rust = A2AClient::discover(&format!("{AGENTS_V1}/v1")).await.expect("the card");
    let cut = "POST /v1/a2a closed early";
    let before = fixture_count(cut).await;
    let mut events = Box::pin(rust.send_message_stream(to_skill("stream", Some(r#"{"chunks":100,"delayMs":200}"#))));
    let Some(Ok(A2AStreamEvent::Task(task))) = events.next().await else { panic!("the first event") };
    assert_eq!(task.status.state, TaskState::Submitted);
    assert_eq!(fixture_count(cut).await, before, "the stream holds its connection");
    drop(events);
    for _ in 0..100 {
        if fixture_count(cut).await > before {
            return;
        }
        sleep(100).await;
    }
    panic!("the fixture never saw the stream's connection end");
}
