//! The Rust `A2AClient` compiled to wasm32 over A2A 1.0's HTTP+JSON binding
//! in Chromium, cross-origin, against the SDK fixture agents `/rest`
//! (HTTP+JSON only) and `/both` (HTTP+JSON first, then JSON-RPC: by the
//! card's order, and with JSON-RPC forced): every method, both streams, the
//! extended card (which neither agent offers: its error) and push configs
//! (`/rest` keeps them, `/both` refuses them), each result, event and error, made a JS value by `ToJs`,
//! deep-equal to what the npm `A2AClient` gives for the same call on the
//! same agent (the ids and times each task mints set aside). The npm client
//! is the package's web build (`MAGISTERIUM_AGENTS_MODULE`, served on another
//! port by `cargo xtask test`): its 1.0 calls load a second `.wasm`, which
//! only a built package has. Verbs without a body (GET, DELETE), event
//! streams, and the CORS preflight each needs are Chromium's own.

use crate::rust_agents::*;
use crate::rust_to_js::assert_same;
use crate::support::*;
use futures_util::StreamExt;
use js_sys::futures::JsFuture;
use js_sys::{Array, Function, Promise};
use magisterium_a2a::{
    A2AClient, A2AStreamEvent, Binding, ErrorCode, ListTasksParams, ProtocolVersion, PushNotificationConfig, ToJs,
};
use std::pin::pin;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The URL of the package's `magisterium-a2a/agents` web module.
const AGENTS_MODULE: &str = env!("MAGISTERIUM_AGENTS_MODULE");

/// The package's `A2AClient` class, its web build imported and initialised.
async fn package_a2a_client() -> JsValue {
    let import =
        Function::new_with_args("url", "return import(url).then(async (m) => (await m.default(), m.A2AClient))");
    let loading = import.call1(&JsValue::UNDEFINED, &AGENTS_MODULE.into()).expect("import() starts");
    JsFuture::from(Promise::from(loading)).await.unwrap_or_else(|e| panic!("the web build at {AGENTS_MODULE}: {e:?}"))
}

/// An npm stream (an async iterable) read to its end: `{ events, error? }`.
async fn npm_stream(stream: JsValue) -> JsValue {
    let drain = Function::new_with_args(
        "stream",
        "return (async () => { const events = []; \
         try { for await (const e of stream) events.push(e); return { events }; } \
         catch (error) { return { events, error }; } })()",
    );
    let drained = drain.call1(&JsValue::UNDEFINED, &stream).expect("a stream");
    JsFuture::from(Promise::from(drained)).await.expect("drain never rejects")
}

/// A Rust stream read to its end, as [`npm_stream`] gives an npm one.
async fn rust_stream(
    events: impl futures_util::Stream<Item = Result<A2AStreamEvent, magisterium_a2a::Error>>,
) -> JsValue {
    let (seen, mut error) = (Array::new(), None);
    let mut events = pin!(events);
    while let Some(event) = events.next().await {
        match event {
            Ok(event) => {
                seen.push(&event.to_js());
            }
            Err(e) => error = Some(e.to_js()),
        }
    }
    let mut pairs = vec![("events", JsValue::from(seen))];
    pairs.extend(error.map(|e| ("error", e)));
    object(&pairs)
}

/// The first and last events of a drained stream (`{ events }`).
fn ends(drained: &JsValue) -> JsValue {
    let events = Array::from(&get(drained, "events"));
    Array::of2(&events.get(0), &events.get(events.length().saturating_sub(1))).into()
}

/// The id of a task that works for 1.5 s.
async fn working_task(rust: &A2AClient, at: &str) -> String {
    // Long enough to be still working when the other client subscribes on a loaded machine: with
    // 300 ms, a run beside other builds saw the npm client's task end first (its subscription refused).
    task_of(rust.send_message(to_skill("slow", Some(r#"{"delayMs":1500}"#))).await, at).id
}

/// Beyond [`behaves_as_the_npm_client`]: both streams (a stream's events,
/// a reply's one message, a working task followed to its end, a finished
/// one refused), a page of the echo's context, and the extended card the
/// card does not offer, each deep-equal to the npm client's on the same agent.
async fn streams_and_lists_as_the_npm_client(rust: &A2AClient, npm_client: &JsValue, at: &str) {
    let alike =
        |ours: &JsValue, theirs: &JsValue| assert_same(&minted_aside(ours, false), &minted_aside(theirs, false), at);
    // Two drained streams: their events, and their errors (compared as errors, on their own).
    let streams_alike = |ours: &JsValue, theirs: &JsValue| {
        alike(&get(ours, "events"), &get(theirs, "events"));
        assert_same(&get(ours, "error"), &get(theirs, "error"), at);
    };
    for (skill, data) in [("stream", Some(r#"{"chunks":3,"delayMs":10}"#)), ("reply", None)] {
        let ours = rust_stream(rust.send_message_stream(to_skill(skill, data))).await;
        let theirs = npm_stream(call(npm_client, "sendMessageStream", &[npm_message(skill, data)])).await;
        streams_alike(&ours, &theirs);
    }
    let ours = rust_stream(rust.subscribe_to_task(&working_task(rust, at).await)).await;
    let theirs = npm_stream(call(npm_client, "subscribeToTask", &[working_task(rust, at).await.into()])).await;
    alike(&ends(&ours), &ends(&theirs));
    assert_eq!(describe(&Array::from(&ends(&ours)).get(1)), "status-update completed true", "{at}");

    let echoed = task_of(rust.send_message(to_skill("echo", None)).await, at);
    let ours = rust_stream(rust.subscribe_to_task(&echoed.id)).await;
    let theirs = npm_stream(call(npm_client, "subscribeToTask", &[echoed.id.as_str().into()])).await;
    streams_alike(&ours, &theirs);
    assert_eq!(text(&get(&ours, "error"), "code"), "UNSUPPORTED_OPERATION", "{at}");
    let context = serde_json::json!({ "contextId": echoed.context_id });
    let ours =
        rust.list_tasks(ListTasksParams::default().context_id(&echoed.context_id)).await.expect("a page").to_js();
    let theirs = ok(npm(npm_client, "listTasks", &[json(&context.to_string())])).await;
    assert_same(&ours, &theirs, at);
    assert_eq!(Array::from(&get(&ours, "tasks")).length(), 1, "{at}");
    let extras = ok(npm(npm_client, "extras", &[])).await;
    let theirs = npm_error(npm(&extras, "extendedCard", &[]), at).await;
    assert_same(&rust.extended_card().await.expect_err(at).to_js(), &theirs, at);
}

/// Over HTTP+JSON an agent's error has its HTTP status and no `rpcCode`,
/// its `data` the google.rpc `details`: an unknown task (404), a finished
/// one canceled or subscribed to (400), and the push configs an agent
/// without them refuses (one with them keeps them); each request seen by the fixture with its verb
/// (a subscription's event stream over GET, a DELETE without a body).
async fn http_json_errors_and_verbs(rust: &A2AClient, at: &str) {
    let shown = |e: magisterium_a2a::Error| {
        let reason = e.data().and_then(|d| d[0]["reason"].as_str().map(str::to_owned));
        (e.code(), e.rpc_code(), e.http_status(), reason)
    };
    let error = |code: ErrorCode, status| (code, None, Some(status), Some(code.as_str().to_owned()));
    let echoed = task_of(rust.send_message(to_skill("echo", None)).await, at);
    // The paths as the fixture counts them.
    let tasks = format!("{}/tasks", rust.endpoint().trim_start_matches(AGENTS_V1));
    let task = format!("{tasks}/{}", echoed.id);
    let configs = format!("{task}/pushNotificationConfigs");
    let requests = [
        format!("GET {tasks}/no-such-task"),
        format!("POST {task}:cancel"),
        format!("GET {task}:subscribe"),
        format!("POST {configs}"),
        format!("GET {configs}"),
        format!("DELETE {configs}/hook"),
    ]
    .map(|request| format!("{request} A2A-Version=1.0"));
    let mut before = Vec::new();
    for request in &requests {
        before.push(fixture_count(request).await);
    }
    assert_eq!(shown(rust.get_task("no-such-task").await.unwrap_err()), error(ErrorCode::TaskNotFound, 404), "{at}");
    let late = rust.cancel_task(&echoed.id).await.unwrap_err();
    assert_eq!(shown(late), error(ErrorCode::TaskNotCancelable, 400), "{at}");
    let mut finished = pin!(rust.subscribe_to_task(&echoed.id));
    let refused = finished.next().await.expect("one item").unwrap_err();
    assert_eq!(shown(refused), error(ErrorCode::UnsupportedOperation, 400), "{at}");
    let config = PushNotificationConfig::new("http://127.0.0.1:9/hook").id("hook");
    if rust.card().and_then(|card| card.capabilities.as_ref()).and_then(|c| c.push_notifications) == Some(true) {
        // Kept under the id sent, listed, then deleted.
        let created = rust.create_push_notification_config(&echoed.id, &config).await.expect(at);
        assert_eq!(created.push_notification_config.id.as_deref(), Some("hook"), "{at}");
        assert_eq!(rust.list_push_notification_configs(&echoed.id).await.expect(at).configs, [created], "{at}");
        rust.delete_push_notification_config(&echoed.id, "hook").await.expect(at);
    } else {
        let unsupported = error(ErrorCode::PushNotificationNotSupported, 400);
        assert_eq!(shown(rust.create_push_notification_config(&echoed.id, &config).await.unwrap_err()), unsupported);
        assert_eq!(shown(rust.list_push_notification_configs(&echoed.id).await.unwrap_err()), unsupported);
        assert_eq!(shown(rust.delete_push_notification_config(&echoed.id, "hook").await.unwrap_err()), unsupported);
    }
    for (request, count) in requests.iter().zip(before) {
        assert_eq!(fixture_count(request).await, count + 1.0, "{at}: {request}");
    }
}

#[wasm_bindgen_test]
async fn over_http_json_the_rust_a2a_client_answers_as_the_npm_package() {
    let package = package_a2a_client().await;
    // Each column: the agent, the binding forced (none: the card's order), the one spoken and its path.
    let columns = [
        ("rest", None, Binding::HttpJson, "rest"),
        ("both", None, Binding::HttpJson, "rest"),
        ("both", Some(Binding::JsonRpc), Binding::JsonRpc, "a2a"),
    ];
    for (agent, forced, binding, path) in columns {
        let base = format!("{AGENTS_V1}/{agent}");
        let at = format!("{base} over {}", binding.as_str());
        let builder = forced.map_or_else(A2AClient::builder, |forced| A2AClient::builder().binding(forced));
        let rust = builder.discover(&base).await.unwrap_or_else(|e| panic!("{at}: {e}"));
        let options = forced.map_or_else(none, |forced| object(&[("binding", forced.as_str().into())]));
        let npm_client = ok(npm(&package, "discover", &[base.as_str().into(), options])).await;
        let endpoint = format!("{base}/{path}");
        assert_eq!(
            (rust.binding(), rust.protocol_version(), rust.endpoint()),
            (binding, ProtocolVersion::V1_0, endpoint.clone())
        );
        let theirs = (text(&npm_client, "binding"), text(&npm_client, "endpoint"));
        assert_eq!(theirs, (binding.as_str().to_owned(), endpoint), "{at}");
        behaves_as_the_npm_client(&rust, &npm_client, true, &at).await;
        streams_and_lists_as_the_npm_client(&rust, &npm_client, &at).await;
        if binding == Binding::HttpJson {
            http_json_errors_and_verbs(&rust, &at).await;
        }
    }
}
