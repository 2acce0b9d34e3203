//! The Rust client's values as JS values (`magisterium_a2a::ToJs`, feature
//! `js`): for each method, its result for a recorded response, and its
//! errors, deep-equal what the npm client (`MagisteriumClient`, in the same
//! test binary) resolves or rejects with for the same response.

use crate::rust_client::{own_rust_client, rust_client};
use crate::support::*;
use js_sys::futures::JsFuture;
use js_sys::{Function, Promise};
use magisterium_a2a::{Part, SendMessageParams, ToJs, WaitOptions};
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

/// Arms a `result` fault answering the `result` of a recorded response, `times` times.
async fn recorded(token: &str, response: &str, times: u32) {
    let result = &serde_json::from_str::<serde_json::Value>(response).expect("a JSON fixture")["result"];
    fault(token, "result", &format!(r#""result":{result},"times":{times}"#)).await;
}

/// The first difference between two JS values (`""` when equal): the same
/// types, the same own keys (present-but-undefined counts), the same
/// prototypes, the same values. Errors are compared as plain objects of
/// their own enumerable properties, `name`, `message`, whether they are an
/// `Error` and whether they have a `cause` (the npm error is of the npm
/// package's class, the Rust one a plain `Error` named alike).
fn difference(ours: &JsValue, theirs: &JsValue) -> String {
    let diff = Function::new_with_args(
        "a, b",
        r#"
        const plain = (e) => e instanceof Error
          ? { isError: true, name: e.name, message: e.message, hasCause: e.cause !== undefined, ...e }
          : e;
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
        return diff(plain(a), plain(b), "$");
        "#,
    );
    diff.call2(&JsValue::UNDEFINED, ours, theirs)
        .ok()
        .and_then(|d| d.as_string())
        .unwrap_or_else(|| "diff threw".into())
}

/// Asserts the Rust value, made a JS value by `ToJs`, equals the npm client's.
pub fn assert_same(ours: &JsValue, theirs: &JsValue, what: &str) {
    let difference = difference(ours, theirs);
    assert!(difference.is_empty(), "{what}: {difference}\nRust: {ours:?}\nnpm:  {theirs:?}");
}

/// The Rust call's outcome as a JS value, its result or its error.
async fn settled<T: ToJs>(rust: impl Future<Output = Result<T, magisterium_a2a::Error>>) -> Result<JsValue, JsValue> {
    rust.await.map(|value| value.to_js()).map_err(JsValue::from)
}

/// Both clients answer the recorded `response` (armed for two calls) with the same value.
async fn same_result<T: ToJs>(
    token: &str,
    response: &str,
    rust: impl Future<Output = Result<T, magisterium_a2a::Error>>,
    npm: impl FnOnce() -> Promise,
) {
    recorded(token, response, 2).await;
    let ours = settled(rust).await.unwrap_or_else(|e| panic!("the Rust client failed: {e:?}"));
    assert_same(&ours, &ok(npm()).await, response);
}

/// Both clients fail the same way: `arm` runs before each call (a fault, or nothing).
async fn same_error<A: Future<Output = ()>>(
    what: &str,
    arm: impl Fn() -> A,
    rust: impl Future<Output = Result<JsValue, JsValue>>,
    npm: impl FnOnce() -> Promise,
) {
    arm().await;
    let ours = rust.await.expect_err(what);
    arm().await;
    let theirs = JsFuture::from(npm()).await.expect_err(what);
    assert_same(&ours, &theirs, what);
}

#[wasm_bindgen_test]
async fn every_result_is_the_npm_client_s_value() {
    let (rust, token) = own_rust_client().await;
    let npm = client(&token, &[]);
    for response in [fixture!("qa.json"), fixture!("qa_minimal.json")] {
        same_result(&token, response, rust.ask("What is grace?"), || npm.ask("What is grace?".into(), none())).await;
    }
    for response in [fixture!("search.json"), fixture!("search_empty.json")] {
        same_result(&token, response, rust.search_documents("grace"), || npm.search_documents("grace".into(), none()))
            .await;
    }
    for response in [fixture!("fetch.json"), fixture!("fetch_not_found.json")] {
        same_result(&token, response, rust.fetch_document("12345"), || npm.fetch_document("12345".into(), none()))
            .await;
    }
    for response in [fixture!("readings.json"), fixture!("readings_empty.json")] {
        let (rust_call, npm_call) =
            (rust.mass_readings("Easter Sunday 2026"), || npm.mass_readings("Easter Sunday 2026".into(), none()));
        same_result(&token, response, rust_call, npm_call).await;
    }
    for response in [fixture!("saints.json"), fixture!("saints_empty.json")] {
        same_result(&token, response, rust.saints_of_the_day("2026-03-19"), || {
            npm.saints_of_the_day("2026-03-19".into(), none())
        })
        .await;
    }
    // A number past 2^53 has no exact JS number: both have JSON.parse's nearest one.
    let huge = r#"{"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"working"},
        "big":12345678901234567890,"metadata":{"small":-99999999999999999999,"whole":3}}}"#;
    for response in [fixture!("task_working.json"), fixture!("qa.json"), fixture!("task_failed.json"), huge] {
        same_result(&token, response, rust.get_task("t"), || npm.get_task("t".into(), none())).await;
        same_result(&token, response, rust.cancel_task("t"), || npm.cancel_task("t".into(), none())).await;
        let parts = json(r#"[{"kind":"text","text":"grace"}]"#);
        let message = SendMessageParams::new(vec![Part::text("grace")]);
        same_result(&token, response, rust.send_message(message), || {
            npm.send_message(object(&[("parts", parts)]), none())
        })
        .await;
    }
    for response in [fixture!("qa.json"), fixture!("task_failed.json")] {
        same_result(&token, response, rust.wait_for_task("t", WaitOptions::default()), || {
            npm.wait_for_task("t".into(), none())
        })
        .await;
    }
}

#[wasm_bindgen_test]
async fn live_answers_are_the_npm_client_s_values() {
    let (rust, token) = own_rust_client().await;
    let npm = client(&token, &[]);
    let answer = rust.ask("What is grace?").await.unwrap();
    let ours = rust.get_task(&answer.task_id).await.unwrap().to_js();
    let theirs = ok(npm.get_task(answer.task_id.clone().into(), none())).await;
    assert_same(&ours, &theirs, "the same stored task read by both clients");
}

#[wasm_bindgen_test]
async fn every_error_is_the_npm_client_s_value() {
    let (rust, token) = own_rust_client().await;
    let npm = client(&token, &[]);
    let nothing = || async {};
    same_error("TASK_NOT_FOUND", nothing, settled(rust.get_task("no-such-task")), || {
        npm.get_task("no-such-task".into(), none())
    })
    .await;
    same_error("INVALID_INPUT, before any request", nothing, settled(rust.ask(" ")), || npm.ask(" ".into(), none()))
        .await;
    let limited = r#""code":-32003,"message":"Rate limit exceeded","httpStatus":429,"data":{"retryAfter":60}"#;
    let rate_limited = || fault(&token, "error", limited);
    same_error("RATE_LIMITED", rate_limited, settled(rust.search_documents("grace")), || {
        npm.search_documents("grace".into(), none())
    })
    .await;
    let echoed = format!(
        r#""code":-32603,"message":"upstream refused {token}","data":{{"echo":"Bearer {token}","big":12345678901234567890}}"#
    );
    let echoing = || fault(&token, "error", &echoed);
    same_error("the token redacted from message and data", echoing, settled(rust.fetch_document("1")), || {
        npm.fetch_document("1".into(), none())
    })
    .await;
    let failed = || recorded(&token, fixture!("task_failed.json"), 1);
    same_error("TASK_FAILED", failed, settled(rust.ask("What is grace?")), || npm.ask("What is grace?".into(), none()))
        .await;
    let no_cors = || fault(&token, "no_cors", "");
    same_error("NETWORK, with a cause", no_cors, settled(rust.mass_readings("today")), || {
        npm.mass_readings("today".into(), none())
    })
    .await;
    let (quick, impatient) = (rust_client(&token).timeout(Duration::from_millis(300)).build().unwrap(), {
        client(&token, &[("timeoutMs", 300.into())])
    });
    let slow = || fault(&token, "slow", r#""delayMs":5000"#);
    same_error("TIMEOUT", slow, settled(quick.saints_of_the_day("today")), || {
        impatient.saints_of_the_day("today".into(), none())
    })
    .await;
}
