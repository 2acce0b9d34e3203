//! Every failure as a typed `MagisteriumError`, with real CORS in the way.

use crate::support::*;
use js_sys::{Array, Function};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

fn search(c: &magisterium_a2a_npm::MagisteriumClient) -> js_sys::Promise {
    c.search_documents("grace".into(), none())
}

#[wasm_bindgen_test]
async fn unauthorized_and_plan_required_are_read_from_their_bodies() {
    let bad = client("not-a-real-token", &[]);
    let e = rejects(search(&bad), "UNAUTHORIZED").await;
    assert_eq!((number(&e, "rpcCode"), number(&e, "httpStatus")), (Some(-32004.0), Some(401.0)));
    assert!(!text(&e, "message").contains("not-a-real-token"));
    let free = client("free-token", &[]);
    let e = rejects(search(&free), "PLAN_REQUIRED").await;
    assert_eq!((number(&e, "rpcCode"), number(&e, "httpStatus")), (Some(-32005.0), Some(403.0)));
}

#[wasm_bindgen_test]
async fn a_rate_limit_carries_retry_after() {
    let token = fresh_token(r#""rateExpensive":"1/60s""#).await;
    let c = client(&token, &[("maxRetryWaitMs", 1000.into())]);
    ok(c.ask("What is grace?".into(), none())).await;
    let e = rejects(c.ask("What is grace?".into(), none()), "RATE_LIMITED").await;
    assert_eq!((number(&e, "rpcCode"), number(&e, "httpStatus")), (Some(-32003.0), Some(429.0)));
    let retry_after = number(&e, "retryAfter").unwrap_or(0.0);
    assert!((1.0..=60.0).contains(&retry_after) && retry_after.fract() == 0.0, "{retry_after}");
    assert!(Array::is_array(&ok(search(&c)).await), "the default pool is separate");
}

#[wasm_bindgen_test]
async fn a_short_rate_limit_is_waited_out() {
    let token = fresh_token(r#""rateDefault":"1/1s""#).await;
    let c = client(&token, &[]);
    ok(search(&c)).await;
    let started = js_sys::Date::now();
    ok(search(&c)).await;
    assert!(js_sys::Date::now() - started >= 1000.0 - 50.0, "waited retryAfter (1 s) before retrying");
}

#[wasm_bindgen_test]
async fn a_token_provider_is_asked_again_after_a_401() {
    let good = fresh_token("").await;
    let answers = Array::of2(&"expired-token".into(), &JsValue::from_str(&good));
    let provider = Function::new_with_args(
        "answers",
        "return () => Promise.resolve(answers.length > 1 ? answers.shift() : answers[0])",
    );
    let provider = provider.call1(&JsValue::NULL, &answers).expect("provider");
    let c = magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("endpoint", ENDPOINT.into()),
        ("tokenProvider", provider),
    ]))
    .expect("client");
    assert!(Array::is_array(&ok(search(&c)).await));
    assert_eq!(answers.length(), 1, "the provider was called twice");
    let failing = Function::new_no_args("throw new Error('no session')");
    let c = magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("endpoint", ENDPOINT.into()),
        ("tokenProvider", failing.into()),
    ]))
    .expect("client");
    let e = rejects(search(&c), "UNAUTHORIZED").await;
    assert_eq!(text(&get(&e, "cause"), "message"), "no session");
}

#[wasm_bindgen_test]
async fn a_token_that_cannot_be_a_header_is_invalid_input() {
    let bad = "line\nbreak";
    let thrown = match magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("endpoint", ENDPOINT.into()),
        ("token", bad.into()),
    ])) {
        Ok(_) => panic!("a token with a line break was accepted"),
        Err(e) => e,
    };
    assert_eq!(text(&thrown, "code"), "INVALID_INPUT");
    let provider = Function::new_no_args(r"return 'curly \u201ctoken\u201d'");
    let c = magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("endpoint", ENDPOINT.into()),
        ("tokenProvider", provider.into()),
    ]))
    .expect("client");
    let e = rejects(search(&c), "INVALID_INPUT").await;
    assert!(text(&e, "message").contains("header"), "{:?}", get(&e, "message"));
}

#[wasm_bindgen_test]
async fn a_failed_task_rejects_with_task_failed() {
    let (c, token) = own_client().await;
    let failed = r#""result":{"kind":"task","id":"task-failed-1","contextId":"c","status":{"state":"failed","message":{"kind":"message","role":"agent","messageId":"m","parts":[{"kind":"text","text":"the skill raised"}]}}}"#;
    fault(&token, "result", failed).await;
    let e = rejects(c.mass_readings("today".into(), none()), "TASK_FAILED").await;
    assert_eq!((text(&e, "taskId"), text(&e, "message")), ("task-failed-1".into(), "the skill raised".into()));
}

#[wasm_bindgen_test]
async fn every_json_rpc_code_maps_to_its_name() {
    let table = [
        (-32700, "PARSE_ERROR", 200),
        (-32600, "INVALID_REQUEST", 200),
        (-32601, "METHOD_NOT_FOUND", 200),
        (-32602, "INVALID_PARAMS", 200),
        (-32603, "INTERNAL_ERROR", 200),
        (-32001, "TASK_NOT_FOUND", 200),
        (-32002, "SKILL_NOT_FOUND", 200),
        (-32003, "RATE_LIMITED", 429),
        (-32004, "UNAUTHORIZED", 401),
        (-32005, "PLAN_REQUIRED", 403),
    ];
    let token = fresh_token("").await;
    let c = client(&token, &[("maxRetries", 0.into())]);
    for (rpc, code, status) in table {
        fault(
            &token,
            "error",
            &format!(r#""code":{rpc},"message":"injected","data":{{"retryAfter":7}},"httpStatus":{status}"#),
        )
        .await;
        let e = rejects(search(&c), code).await;
        assert_eq!((number(&e, "rpcCode"), number(&e, "httpStatus")), (Some(f64::from(rpc)), Some(f64::from(status))));
        assert_eq!(get(&get(&e, "data"), "retryAfter").as_f64(), Some(7.0));
        assert_eq!(number(&e, "retryAfter"), (code == "RATE_LIMITED").then_some(7.0));
    }
}

#[wasm_bindgen_test]
async fn every_simulator_fault_is_a_typed_error_and_the_client_goes_on() {
    for (name, params, code) in [
        ("html_502", "", "BAD_RESPONSE"),
        ("truncated", "", "BAD_RESPONSE"),
        ("wrong_id", "", "BAD_RESPONSE"),
        ("working", "", "BAD_RESPONSE"),
        // Chromium itself resends a request when a reused connection drops
        // before any response: drop until cleared so the page sees the failure.
        ("drop", r#""times":0"#, "NETWORK"),
        ("no_cors", "", "NETWORK"),
        ("never_ending", "", "TIMEOUT"),
        ("slow", r#""delayMs":5000"#, "TIMEOUT"),
        ("status", r#""status":500,"body":"oops","contentType":"text/plain""#, "BAD_RESPONSE"),
    ] {
        // A token per fault: a fault Chromium did not use up cannot leak into the next case.
        let token = fresh_token("").await;
        let c = client(&token, &[("maxRetries", 0.into()), ("timeoutMs", 3000.into())]);
        fault(&token, name, params).await;
        rejects(search(&c), code).await;
        control("/_sim/faults/clear", &format!(r#"{{"token":"{token}"}}"#)).await;
        assert!(Array::is_array(&ok(search(&c)).await), "usable after {name}");
    }
    let token = fresh_token("").await;
    let c = client(&token, &[]);
    fault(&token, "oversized", r#""bytes":2000000"#).await;
    assert!(Array::is_array(&ok(search(&c)).await), "a large but valid body decodes");
}

#[wasm_bindgen_test]
async fn a_server_without_cors_headers_is_refused_by_the_browser() {
    let (c, token) = own_client().await;
    fault(&token, "no_cors", "").await;
    let e = rejects(c.search_documents("grace".into(), none()), "NETWORK").await;
    assert!(number(&e, "httpStatus").is_none(), "the page never sees the response");
    assert!(text(&e, "message").contains("refused by CORS"), "a browser names CORS: {}", text(&e, "message"));
}

#[wasm_bindgen_test]
async fn abort_and_timeout_end_a_slow_call() {
    let (c, token) = own_client().await;
    fault(&token, "slow", r#""delayMs":5000"#).await;
    rejects(c.search_documents("grace".into(), object(&[("timeoutMs", 200.into())])), "TIMEOUT").await;
    fault(&token, "slow", r#""delayMs":5000"#).await;
    let controller = web_sys::AbortController::new().expect("AbortController");
    let call = c.search_documents("grace".into(), object(&[("signal", controller.signal().into())]));
    controller.abort_with_reason(&"user left".into());
    let e = rejects(call, "ABORTED").await;
    assert_eq!(get(&e, "cause").as_string().as_deref(), Some("user left"));
}

#[wasm_bindgen_test]
async fn calls_in_flight_time_out_each_at_its_own_deadline() {
    // One timer serves every call in flight: a later call that is due sooner must re-arm it.
    let (c, token) = own_client().await;
    fault(&token, "slow", r#""delayMs":5000,"times":2"#).await;
    let started = js_sys::Date::now();
    let long = c.search_documents("grace".into(), object(&[("timeoutMs", 2500.into())]));
    let short = c.search_documents("grace".into(), object(&[("timeoutMs", 300.into())]));
    rejects(short, "TIMEOUT").await;
    let short_took = js_sys::Date::now() - started;
    rejects(long, "TIMEOUT").await;
    let long_took = js_sys::Date::now() - started;
    assert!(long_took >= 2500.0 - 50.0, "the long call kept its own deadline: {long_took} ms");
    assert!(
        short_took < long_took - 1000.0,
        "the short call ended at its deadline, not the long one's: {short_took} vs {long_took} ms"
    );
}

#[wasm_bindgen_test]
async fn invalid_input_is_refused_before_any_request() {
    let c = client("demo-token", &[]);
    rejects(c.ask("  ".into(), none()), "INVALID_INPUT").await;
    rejects(c.ask(JsValue::from(42), none()), "INVALID_INPUT").await;
    rejects(c.saints_of_the_day("2026-02-30".into(), none()), "INVALID_INPUT").await;
    rejects(c.send_message(object(&[("parts", json("[]"))]), none()), "INVALID_INPUT").await;
    rejects(c.search_documents("q".into(), object(&[("contextId", "x".into())])), "INVALID_INPUT").await;
    let refused = magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("token", "t".into()),
        ("endpoint", "http://example.org/a2a".into()),
    ]));
    let e = refused.err().expect("a token over plain http to a remote host is refused");
    assert_eq!(text(&e, "code"), "INVALID_INPUT");
}
