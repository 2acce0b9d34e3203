//! The Rust `A2AClient` (feature `fetch`) compiled to wasm32 in Chromium,
//! cross-origin, against the SDK's v1.0 fixture agents (`/v1`, `/compat`,
//! `/old`: `tests/a2a-agent-v1/`) and the simulator's test agent: discovery,
//! every method, both streams, a dropped stream's connection. What it
//! returns, made JS values by `ToJs`, deep-equals what the npm `A2AClient`
//! (in the same test binary) resolves or yields for the same call, the ids
//! and times each agent mints set aside.

use crate::rust_to_js::assert_same;
use crate::support::*;
use futures_util::StreamExt;
use js_sys::futures::JsFuture;
use js_sys::{Function, Promise};
use magisterium_a2a::{A2AClient, Event, Part, ProtocolVersion, SendMessage, SendResult, Task, TaskState, ToJs};
use magisterium_a2a_npm::A2AClient as NpmA2AClient;
use std::pin::pin;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The v1.0 fixture's base URL (its agents under `/v1`, `/compat`, `/old`).
const AGENTS_V1: &str = env!("A2A_AGENT_V1_URL");

/// A message to `skill`, with the data part `data` (JSON object text) when given.
fn to_skill(skill: &str, data: Option<&str>) -> SendMessage {
    let mut parts = vec![Part::text(skill)];
    if let Some(data) = data {
        parts.push(Part::data(serde_json::from_str(data).expect("a JSON object")));
    }
    SendMessage::new(parts).skill_id(skill)
}

/// The npm client's argument for the same message.
fn npm_message(skill: &str, data: Option<&str>) -> JsValue {
    let data = data.map(|d| format!(r#",{{"kind":"data","data":{d}}}"#)).unwrap_or_default();
    json(&format!(r#"{{"parts":[{{"kind":"text","text":"{skill}"}}{data}],"skillId":"{skill}"}}"#))
}

/// The task of an answer that must be one.
fn task_of(sent: Result<SendResult, magisterium_a2a::Error>, what: &str) -> Task {
    match sent {
        Ok(SendResult::Task(task)) => task,
        other => panic!("{what}: a task, not {other:?}"),
    }
}

/// Both clients of the agent under `base`: the Rust one, and the JS object `A2AClient.discover` resolves with.
async fn both(base: &str) -> (A2AClient, JsValue) {
    let rust = A2AClient::discover(base).await.unwrap_or_else(|e| panic!("{base}: {e}"));
    (rust, ok(NpmA2AClient::discover(base.into(), none())).await)
}

/// A method of the npm client; its Promise.
fn npm(client: &JsValue, name: &str, args: &[JsValue]) -> Promise {
    Promise::from(call(client, name, args))
}

/// The npm call's rejection, which must come.
async fn npm_error(call: Promise, what: &str) -> JsValue {
    JsFuture::from(call).await.expect_err(what)
}

/// A copy of `value` with what each agent mints per task (ids, times) set
/// to `"*"`, so that two tasks that went alike compare equal.
fn minted_aside(value: &JsValue) -> JsValue {
    let aside = Function::new_with_args(
        "v",
        r#"
        const minted = new Set(["id", "taskId", "contextId", "messageId", "artifactId", "timestamp"]);
        const walk = (v) => Array.isArray(v) ? v.map(walk)
          : v && typeof v === "object"
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, minted.has(k) && typeof x === "string" ? "*" : walk(x)]))
            : v;
        return walk(v);
        "#,
    );
    aside.call1(&JsValue::UNDEFINED, value).expect("plain data")
}

/// Every event of a Rust stream, as JS values; panics on an error.
async fn rust_events(events: impl futures_util::Stream<Item = Result<Event, magisterium_a2a::Error>>) -> Vec<JsValue> {
    let mut events = pin!(events);
    let mut seen = Vec::new();
    while let Some(event) = events.next().await {
        seen.push(event.unwrap_or_else(|e| panic!("an error mid-stream: {e}")).to_js());
    }
    seen
}

/// Every event of an npm stream (an `AsyncIterable`, its own iterator).
async fn npm_events(iterator: JsValue) -> Vec<JsValue> {
    let mut seen = Vec::new();
    loop {
        let step = ok(Promise::from(call(&iterator, "next", &[]))).await;
        if get(&step, "done").as_bool() == Some(true) {
            return seen;
        }
        seen.push(get(&step, "value"));
    }
}

/// Waits `ms` milliseconds.
async fn sleep(ms: u32) {
    let timer = Function::new_with_args("ms", "return new Promise((r) => setTimeout(r, ms))");
    JsFuture::from(Promise::from(timer.call1(&JsValue::UNDEFINED, &ms.into()).expect("a timer"))).await.ok();
}

/// The v1.0 fixture's count of `key` (its `/_requests`).
async fn fixture_count(key: &str) -> f64 {
    get(&get_json(&format!("{AGENTS_V1}/_requests")).await, key).as_f64().unwrap_or(0.0)
}

/// The same calls by both clients on one agent, each result (or error)
/// deep-equal to the npm client's: echo, the stored task, a message reply,
/// unknown and finished tasks, a working task canceled, a failing one waited
/// for, a stream.
async fn behaves_as_the_npm_client(rust: &A2AClient, npm_client: &JsValue, at: &str) {
    let echoed = task_of(rust.send_message(to_skill("echo", None)).await, at);
    assert_eq!(echoed.status.state, TaskState::Completed, "{at}");
    let theirs = ok(npm(npm_client, "sendMessage", &[npm_message("echo", None)])).await;
    assert_same(&minted_aside(&SendResult::Task(echoed.clone()).to_js()), &minted_aside(&theirs), at);
    let id = JsValue::from(echoed.id.as_str());
    let stored = ok(npm(npm_client, "getTask", std::slice::from_ref(&id))).await;
    assert_same(&rust.get_task(&echoed.id).await.expect("the task").to_js(), &stored, at);
    let late = npm_error(npm(npm_client, "cancelTask", std::slice::from_ref(&id)), at).await;
    assert_same(&rust.cancel_task(&echoed.id).await.expect_err(at).to_js(), &late, at);
    assert_eq!(text(&late, "code"), "TASK_NOT_CANCELABLE", "{at}");
    let missing = npm_error(npm(npm_client, "getTask", &["no-such-task".into()]), at).await;
    assert_same(&rust.get_task("no-such-task").await.expect_err(at).to_js(), &missing, at);
    let reply = rust.send_message(to_skill("reply", None)).await.expect("a reply");
    assert!(matches!(reply, SendResult::Message(_)), "{at}: {reply:?}");
    let theirs = ok(npm(npm_client, "sendMessage", &[npm_message("reply", None)])).await;
    assert_same(&minted_aside(&reply.to_js()), &minted_aside(&theirs), at);

    let slow = task_of(rust.send_message(to_skill("slow", Some(r#"{"delayMs":10000}"#))).await, at);
    assert_eq!(slow.status.state, TaskState::Working, "{at}");
    assert_eq!(rust.cancel_task(&slow.id).await.expect("cancelable").status.state, TaskState::Canceled, "{at}");
    let failing = task_of(rust.send_message(to_skill("fail", None)).await, at);
    let waited = magisterium_a2a::WaitOptions::default().poll_interval(std::time::Duration::from_millis(50));
    let failed = rust.wait_for_task(&failing.id, waited).await.expect("the wait ends");
    assert_eq!(failed.status.state, TaskState::Failed, "{at}");
    let stored = ok(npm(npm_client, "getTask", &[failed.id.as_str().into()])).await;
    assert_same(&failed.to_js(), &stored, at);

    let data = r#"{"chunks":3,"delayMs":10}"#;
    let ours = rust_events(rust.send_message_stream(to_skill("stream", Some(data)))).await;
    let theirs = npm_events(call(npm_client, "sendMessageStream", &[npm_message("stream", Some(data))])).await;
    let kinds: Vec<String> = ours.iter().map(|e| text(e, "kind")).collect();
    assert_eq!(
        kinds,
        ["task", "status-update", "artifact-update", "artifact-update", "artifact-update", "status-update"]
    );
    assert_eq!(ours.len(), theirs.len(), "{at}");
    for (ours, theirs) in ours.iter().zip(&theirs) {
        assert_same(&minted_aside(ours), &minted_aside(theirs), at);
    }
}

#[wasm_bindgen_test]
async fn the_rust_a2a_client_answers_as_the_npm_one_on_every_sdk_agent() {
    // The card of `/old` offers 1.0 first; its endpoint answers -32009, and both clients move to 0.3.
    let agents = [("v1", ProtocolVersion::V1_0), ("compat", ProtocolVersion::V1_0), ("old", ProtocolVersion::V0_3)];
    for (name, after) in agents {
        let base = format!("{AGENTS_V1}/{name}");
        let (rust, npm_client) = both(&base).await;
        assert_eq!(rust.protocol_version(), ProtocolVersion::V1_0, "{base}: the card's first interface");
        assert_eq!(rust.protocol_version().as_str(), text(&npm_client, "protocolVersion"), "{base}");
        assert_eq!(rust.endpoint(), text(&npm_client, "endpoint"), "{base}");
        let card = json(&rust.card().expect("discovered").to_string());
        assert_same(&card, &get(&npm_client, "card"), &base);
        behaves_as_the_npm_client(&rust, &npm_client, &base).await;
        assert_eq!(rust.protocol_version(), after, "{base}");
        assert_eq!(text(&npm_client, "protocolVersion"), after.as_str(), "{base}");
        assert_eq!(rust.endpoint(), text(&npm_client, "endpoint"), "{base}");
    }
}

#[wasm_bindgen_test]
async fn the_rust_a2a_client_follows_a_task_and_lists_on_the_simulator_agent() {
    let base = format!("{SIMULATOR}/agent");
    let (rust, npm_client) = both(&base).await;
    assert_eq!((rust.protocol_version(), rust.endpoint()), (ProtocolVersion::V1_0, base.clone()));
    // A stream's task, followed from its current state by a subscription.
    let sent = task_of(rust.send_message(to_skill("stream", Some(r#"{"chunks":4,"delayMs":150}"#))).await, &base);
    let followed = rust_events(rust.subscribe_to_task(&sent.id)).await;
    assert_eq!(text(&followed[0], "kind"), "task", "the subscription starts with the task");
    let last = followed.last().expect("events");
    assert_eq!((text(last, "kind"), text(&get(last, "status"), "state")), ("status-update".into(), "completed".into()));
    // A page of the context's tasks, as the npm client reads it.
    let params = serde_json::json!({ "contextId": sent.context_id });
    let ours = rust.list_tasks(&params).await.expect("a page");
    assert_eq!(ours.tasks.len(), 1);
    let theirs = ok(npm(&npm_client, "listTasks", &[json(&params.to_string())])).await;
    assert_same(&ours.to_js(), &theirs, "listTasks");
    // Subscribing to a finished task: the same error from both.
    let done = JsValue::from(sent.id.as_str());
    let late = rust_first_error(rust.subscribe_to_task(&sent.id)).await;
    let theirs = npm_events_error(call(&npm_client, "subscribeToTask", &[done])).await;
    assert_same(&late, &theirs, "a finished task's subscription");
}

/// The error a Rust stream ends with (its first item must be it).
async fn rust_first_error(events: impl futures_util::Stream<Item = Result<Event, magisterium_a2a::Error>>) -> JsValue {
    let mut events = pin!(events);
    match events.next().await {
        Some(Err(e)) => e.to_js(),
        other => panic!("an error, not {other:?}"),
    }
}

/// The error an npm stream's first `next()` rejects with.
async fn npm_events_error(iterator: JsValue) -> JsValue {
    JsFuture::from(Promise::from(call(&iterator, "next", &[]))).await.expect_err("the stream fails")
}

#[wasm_bindgen_test]
async fn dropping_a_rust_stream_in_the_page_closes_its_connection() {
    let rust = A2AClient::discover(&format!("{AGENTS_V1}/v1")).await.expect("the card");
    let cut = "POST /v1/a2a closed early";
    let before = fixture_count(cut).await;
    let mut events = Box::pin(rust.send_message_stream(to_skill("stream", Some(r#"{"chunks":100,"delayMs":200}"#))));
    let Some(Ok(Event::Task(task))) = events.next().await else { panic!("the first event") };
    assert_eq!(task.status.state, TaskState::Submitted);
    assert_eq!(fixture_count(cut).await, before, "the stream holds its connection");
    drop(events);
    for _ in 0..100 {
        if fixture_count(cut).await > before {
            // The task goes on: dropping a stream does not cancel it.
            assert_eq!(rust.cancel_task(&task.id).await.expect("still working").status.state, TaskState::Canceled);
            return;
        }
        sleep(100).await;
    }
    panic!("the fixture never saw the stream's connection end");
}
