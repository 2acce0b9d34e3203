//! The Rust client (`magisterium_a2a::Client`, feature `fetch`) compiled to
//! wasm32 in Chromium against the simulator: every skill, error codes, the
//! time limit, the size bound; and its results, serialized with
//! `serde_wasm_bindgen`, equal to what the npm client (`MagisteriumClient`,
//! in the same test binary) resolves with for the same response.

use crate::support::*;
use js_sys::{Function, Promise};
use magisterium_a2a::{AskOptions, Client, ClientOptions, ErrorCode, Part, SendMessage, TaskState, WaitOptions};
use serde::Serialize;
use std::future::Future;
use std::time::Duration;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// A recorded response of `tests/fixtures/responses`.
macro_rules! fixture {
    ($name:literal) => {
        include_str!(concat!("../fixtures/responses/", $name))
    };
}

/// A Rust client on the simulator with `token`.
fn rust_client(token: &str, options: ClientOptions) -> Client {
    let options = ClientOptions { token: Some(token.into()), endpoint: Some(ENDPOINT.into()), ..options };
    Client::new(options).unwrap_or_else(|e| panic!("options refused: {e}"))
}

/// A Rust client with a fresh token, and the token.
async fn own_rust_client() -> (Client, String) {
    let token = fresh_token("").await;
    (rust_client(&token, ClientOptions::default()), token)
}

#[wasm_bindgen_test]
async fn the_rust_client_runs_every_skill() {
    let (client, _) = own_rust_client().await;
    let answer = client.ask("What is grace?").await.unwrap();
    assert!(answer.text.len() > 20 && !answer.citations.is_empty());
    let follow_up = AskOptions { context_id: Some(answer.context_id.clone()), ..Default::default() };
    assert_eq!(client.ask_with("How is it received?", follow_up).await.unwrap().context_id, answer.context_id);
    let hits = client.search_documents("grace").await.unwrap();
    let document = client.fetch_document(&hits[0].id).await.unwrap().expect("the document exists");
    assert_eq!(document.title, hits[0].title);
    assert!(client.mass_readings("Easter Sunday 2026").await.unwrap().is_some_and(|r| !r.is_empty()));
    let joseph = client.saints_of_the_day("2026-03-19").await.unwrap().unwrap_or_default();
    assert!(joseph.contains("Joseph"), "{joseph}");
    let search = SendMessage {
        parts: vec![Part::text("grace")],
        skill_id: Some("document_search".into()),
        ..Default::default()
    };
    let task = client.send_message(search).await.unwrap();
    assert_eq!(task.status.state, TaskState::Completed);
    assert_eq!(client.get_task(&task.id).await.unwrap(), task);
    let settled = client.wait_for_task(&task.id, WaitOptions::default()).await.unwrap();
    assert_eq!(settled.id, task.id);
    assert_eq!(client.cancel_task(&task.id).await.unwrap_err().code(), ErrorCode::InvalidParams);
}

#[wasm_bindgen_test]
async fn the_rust_client_s_errors_have_their_codes() {
    let (client, token) = own_rust_client().await;
    let missing = client.get_task("no-such-task").await.unwrap_err();
    assert_eq!(
        (missing.code(), missing.rpc_code(), missing.http_status()),
        (ErrorCode::TaskNotFound, Some(-32001), Some(200))
    );
    fault(
        &token,
        "error",
        r#""code":-32003,"message":"Rate limit exceeded","httpStatus":429,"data":{"retryAfter":60}"#,
    )
    .await;
    let limited = client.search_documents("grace").await.unwrap_err();
    assert_eq!((limited.code(), limited.retry_after()), (ErrorCode::RateLimited, Some(Duration::from_secs(60))));
    fault(&token, "no_cors", "").await;
    let refused = client.search_documents("grace").await.unwrap_err();
    assert_eq!((refused.code(), refused.http_status()), (ErrorCode::Network, None), "a response CORS refuses");
    assert!(refused.message().contains("refused by CORS"), "in a browser, CORS is named: {}", refused.message());
    assert!(std::error::Error::source(&refused).is_some(), "the fetch failure is the source");
    let fooled = ClientOptions {
        token: Some(token.clone()),
        endpoint: Some("http://evil.example\\.localhost/api".into()),
        ..Default::default()
    };
    assert_eq!(Client::new(fooled).unwrap_err().code(), ErrorCode::InvalidInput, "the browser's URL sees evil.example");
}

#[wasm_bindgen_test]
async fn the_rust_client_s_time_limit_aborts_the_request() {
    let (client, token) = own_rust_client().await;
    fault(&token, "slow", r#""delayMs":10000"#).await;
    let quick = client.with_timeout(Duration::from_millis(300)).unwrap();
    assert_eq!(quick.search_documents("grace").await.unwrap_err().code(), ErrorCode::Timeout);
    fault(&token, "never_ending", "").await;
    assert_eq!(quick.get_task("any").await.unwrap_err().code(), ErrorCode::Timeout, "a body that never ends");
    assert!(!client.search_documents("grace").await.unwrap().is_empty(), "the client goes on");
}

#[wasm_bindgen_test]
async fn the_rust_client_counts_the_body_as_it_streams() {
    let token = fresh_token("").await;
    let tiny = rust_client(&token, ClientOptions { max_response_bytes: Some(64), ..Default::default() });
    fault(&token, "never_ending", "").await;
    let e = tiny.get_task("any").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse, "refused long before the time limit: {e}");
}

/// Arms a `result` fault answering the `result` of a recorded response, `times` times.
async fn recorded(token: &str, response: &str, times: u32) {
    let result = &serde_json::from_str::<serde_json::Value>(response).expect("a JSON fixture")["result"];
    fault(token, "result", &format!(r#""result":{result},"times":{times}"#)).await;
}

/// The first difference between two JS values (`""` when equal): the same
/// types, the same own keys (present-but-undefined counts), the same
/// prototypes, the same values.
fn difference(ours: &JsValue, theirs: &JsValue) -> String {
    let diff = Function::new_with_args(
        "a, b",
        r#"
        const diff = (a, b, at) => {
          if (typeof a !== typeof b) return `${at}: ${typeof a} vs ${typeof b}`;
          if (a === null || b === null || typeof a !== "object")
            return Object.is(a, b) ? "" : `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
          if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: prototypes differ`;
          const ka = JSON.stringify(Object.keys(a).sort()), kb = JSON.stringify(Object.keys(b).sort());
          if (ka !== kb) return `${at}: keys ${ka} vs ${kb}`;
          for (const k of Object.keys(a)) { const d = diff(a[k], b[k], `${at}.${k}`); if (d) return d; }
          return "";
        };
        return diff(a, b, "$");
        "#,
    );
    diff.call2(&JsValue::UNDEFINED, ours, theirs)
        .ok()
        .and_then(|d| d.as_string())
        .unwrap_or_else(|| "diff threw".into())
}

/// The Rust client's result, as `serde_wasm_bindgen` makes it with the
/// serializer the crate docs name, equals the npm client's for the same
/// recorded `response`.
async fn same_shape<T: Serialize>(
    token: &str,
    response: &str,
    rust: impl Future<Output = Result<T, magisterium_a2a::Error>>,
    npm: impl FnOnce() -> Promise,
) {
    recorded(token, response, 2).await;
    let ours = rust.await.unwrap_or_else(|e| panic!("the Rust client failed: {e}"));
    let ours = ours.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).expect("serializes");
    let theirs = ok(npm()).await;
    let difference = difference(&ours, &theirs);
    assert!(difference.is_empty(), "{difference}\nRust: {ours:?}\nnpm:  {theirs:?}");
}

#[wasm_bindgen_test]
async fn every_result_has_the_npm_client_s_shape() {
    let (rust, token) = own_rust_client().await;
    let npm = client(&token, &[]);
    for response in [fixture!("qa.json"), fixture!("qa_minimal.json")] {
        same_shape(&token, response, rust.ask("What is grace?"), || npm.ask("What is grace?".into(), none())).await;
    }
    for response in [fixture!("search.json"), fixture!("search_empty.json")] {
        same_shape(&token, response, rust.search_documents("grace"), || npm.search_documents("grace".into(), none()))
            .await;
    }
    for response in [fixture!("fetch.json"), fixture!("fetch_not_found.json")] {
        same_shape(&token, response, rust.fetch_document("12345"), || npm.fetch_document("12345".into(), none())).await;
    }
    for response in [fixture!("readings.json"), fixture!("readings_empty.json")] {
        let (rust_call, npm_call) =
            (rust.mass_readings("Easter Sunday 2026"), || npm.mass_readings("Easter Sunday 2026".into(), none()));
        same_shape(&token, response, rust_call, npm_call).await;
    }
    for response in [fixture!("saints.json"), fixture!("saints_empty.json")] {
        same_shape(&token, response, rust.saints_of_the_day("2026-03-19"), || {
            npm.saints_of_the_day("2026-03-19".into(), none())
        })
        .await;
    }
    for response in [fixture!("task_working.json"), fixture!("qa.json")] {
        same_shape(&token, response, rust.get_task("t"), || npm.get_task("t".into(), none())).await;
        let parts = json(r#"[{"kind":"text","text":"grace"}]"#);
        let message = SendMessage { parts: vec![Part::text("grace")], ..Default::default() };
        same_shape(&token, response, rust.send_message(message), || {
            npm.send_message(object(&[("parts", parts)]), none())
        })
        .await;
    }
}

#[wasm_bindgen_test]
async fn live_answers_have_the_npm_client_s_shape() {
    let (rust, token) = own_rust_client().await;
    let npm = client(&token, &[]);
    let answer = rust.ask("What is grace?").await.unwrap();
    let ours = rust.get_task(&answer.task_id).await.unwrap();
    let ours = ours.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).expect("serializes");
    let theirs = ok(npm.get_task(answer.task_id.clone().into(), none())).await;
    let difference = difference(&ours, &theirs);
    assert!(difference.is_empty(), "the same stored task read by both clients: {difference}");
}
