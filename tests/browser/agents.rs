//! `A2AClient` from the page against a real third-party agent, cross-origin:
//! the fixture on the official JavaScript SDK (`tests/a2a-agent/`), and the
//! simulator read in the generic A2A dialect.

use crate::support::*;
use js_sys::Promise;
use magisterium_a2a_npm::A2AClient;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The fixture agent's base URL.
const AGENT: &str = env!("A2A_AGENT_URL");

/// A client discovered from `base`: the JS object `A2AClient.discover` resolves with.
async fn discover(base: &str) -> JsValue {
    ok(A2AClient::discover(base.into(), none())).await
}

/// Calls a method of a discovered client; the call's Promise.
fn method(client: &JsValue, name: &str, args: &[JsValue]) -> Promise {
    Promise::from(call(client, name, args))
}

/// A task's `status.state`.
fn state(task: &JsValue) -> String {
    text(&get(task, "status"), "state")
}

/// How many times the fixture answered `GET path`.
async fn served(path: &str) -> f64 {
    get(&get_json(&format!("{AGENT}/_requests")).await, &format!("GET {path}")).as_f64().unwrap_or(0.0)
}

/// Starts a `slow` task working for `delay_ms`; it must come back `working`
/// (a 5 s limit, so an agent that blocks fails the test instead of hanging it).
async fn slow_task(client: &JsValue, delay_ms: u32) -> JsValue {
    let parts =
        json(&format!(r#"[{{"kind":"text","text":"slow"}},{{"kind":"data","data":{{"delayMs":{delay_ms}}}}}]"#));
    let task =
        ok(method(client, "sendMessage", &[object(&[("parts", parts)]), object(&[("timeoutMs", 5000.into())])])).await;
    assert_eq!(state(&task), "working", "sendMessage returns a non-terminal task as it is");
    task
}

#[wasm_bindgen_test]
async fn discovery_falls_back_to_agent_card_json() {
    let (tried, found) =
        (served("/uncached/.well-known/agent.json").await, served("/uncached/.well-known/agent-card.json").await);
    let client = discover(&format!("{AGENT}/uncached")).await;
    assert_eq!(served("/uncached/.well-known/agent.json").await, tried + 1.0, "agent.json first (404)");
    assert_eq!(served("/uncached/.well-known/agent-card.json").await, found + 1.0);
    let card = get(&client, "card");
    assert_eq!(text(&card, "name"), "Fixture agent (@a2a-js/sdk)");
    assert_eq!(text(&card, "protocolVersion"), "0.3.0");
    let ids: Vec<String> = js_sys::Array::from(&get(&card, "skills")).iter().map(|s| text(&s, "id")).collect();
    assert_eq!(ids, ["echo", "slow", "ask-back", "fail", "reply", "stream"]);
    assert_eq!(text(&client, "endpoint"), format!("{AGENT}/a2a"), "the card's url");
    assert_eq!(text(&client, "dialect"), "a2a");
}

#[wasm_bindgen_test]
async fn echo_completes_and_reply_is_a_message() {
    let client = discover(AGENT).await;
    let echo =
        ok(method(&client, "sendMessage", &[json(r#"{"parts":[{"kind":"text","text":"hello"}],"skillId":"echo"}"#)]))
            .await;
    assert_eq!(state(&echo), "completed");
    let part = get(&js_sys::Array::from(&get(&echo, "artifacts")).get(0), "parts");
    assert_eq!(text(&js_sys::Array::from(&part).get(0), "text"), "hello");
    let reply = ok(method(&client, "sendMessage", &[json(r#"{"parts":[{"kind":"text","text":"reply hi"}]}"#)])).await;
    assert_eq!(text(&reply, "kind"), "message");
}

#[wasm_bindgen_test]
async fn a_working_task_can_be_canceled_once() {
    let client = discover(AGENT).await;
    let id: JsValue = text(&slow_task(&client, 60_000).await, "id").into();
    assert_eq!(state(&ok(method(&client, "cancelTask", std::slice::from_ref(&id))).await), "canceled");
    let e = rejects(method(&client, "cancelTask", &[id]), "TASK_NOT_CANCELABLE").await;
    assert_eq!(number(&e, "rpcCode"), Some(-32002.0));
}

#[wasm_bindgen_test]
async fn wait_for_task_polls_until_completed() {
    let client = discover(AGENT).await;
    let id: JsValue = text(&slow_task(&client, 1000).await, "id").into();
    let done = ok(method(&client, "waitForTask", &[id, object(&[("pollIntervalMs", 100.into())])])).await;
    assert_eq!(state(&done), "completed");
}

#[wasm_bindgen_test]
async fn the_dialect_names_the_server_defined_codes() {
    let token = fresh_token("").await;
    let options = object(&[("token", token.as_str().into())]);
    let magisterium = ok(A2AClient::discover(SIMULATOR.into(), options)).await;
    assert_eq!(text(&magisterium, "dialect"), "magisterium", "the simulator's card");
    let generic = A2AClient::new(object(&[
        ("endpoint", ENDPOINT.into()),
        ("token", token.as_str().into()),
        ("dialect", "a2a".into()),
        ("maxRetries", 0.into()),
    ]))
    .unwrap_or_else(|e| panic!("options refused: {e:?}"));
    let generic_codes = [
        (-32002, "TASK_NOT_CANCELABLE"),
        (-32003, "PUSH_NOTIFICATION_NOT_SUPPORTED"),
        (-32004, "UNSUPPORTED_OPERATION"),
        (-32005, "CONTENT_TYPE_NOT_SUPPORTED"),
        (-32006, "INVALID_AGENT_RESPONSE"),
        (-32007, "AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED"),
        (-32008, "EXTENSION_SUPPORT_REQUIRED"),
        (-32009, "VERSION_NOT_SUPPORTED"),
    ];
    for (rpc, code) in generic_codes {
        fault(&token, "error", &format!(r#""code":{rpc},"message":"injected""#)).await;
        let e = rejects(generic.get_task("t".into(), none()), code).await;
        assert_eq!(number(&e, "rpcCode"), Some(f64::from(rpc)));
    }
    let unknown_skill = json(r#"{"parts":[{"kind":"text","text":"x"}],"skillId":"no_such_skill"}"#);
    rejects(method(&magisterium, "sendMessage", &[unknown_skill]), "SKILL_NOT_FOUND").await;
}
