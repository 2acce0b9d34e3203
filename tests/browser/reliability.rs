//! Pacing, cancellable waits and token hygiene.

use crate::support::*;
use js_sys::futures::JsFuture;
use js_sys::{Array, Function};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
async fn the_client_side_limiter_keeps_a_burst_under_the_servers_limit() {
    let token = fresh_token(r#""rateDefault":"1/1s""#).await;
    let limits = object(&[("default", "1/1s".into())]);
    let c = client(&token, &[("rateLimit", limits), ("maxRetries", 0.into())]);
    let burst: Vec<_> = (0..3).map(|_| c.search_documents("grace".into(), none())).collect();
    for call in burst {
        // Without pacing the second call would be RATE_LIMITED (no retries here).
        assert!(Array::is_array(&ok(call).await));
    }
}

#[wasm_bindgen_test]
async fn a_queued_call_honours_its_signal_and_a_slot_past_the_timeout_fails_at_once() {
    let (_, token) = own_client().await;
    let c = client(&token, &[("rateLimit", object(&[("default", "1/min".into())]))]);
    ok(c.search_documents("grace".into(), none())).await;
    let controller = web_sys::AbortController::new().expect("AbortController");
    let queued = c.search_documents("grace".into(), object(&[("signal", controller.signal().into())]));
    controller.abort();
    rejects(queued, "ABORTED").await;
    let e = rejects(c.search_documents("grace".into(), object(&[("timeoutMs", 1000.into())])), "RATE_LIMITED").await;
    let retry_after = number(&e, "retryAfter").unwrap_or(0.0);
    assert!((1.0..=61.0).contains(&retry_after), "{retry_after}");
    assert!(number(&e, "httpStatus").is_none(), "refused by the client, not the server");
    rejects(c.get_task("no-such-task".into(), none()), "TASK_NOT_FOUND").await;
}

#[wasm_bindgen_test]
async fn a_rate_limit_wait_ends_when_the_caller_aborts() {
    let token = fresh_token(r#""rateDefault":"1/60s""#).await;
    let c = client(&token, &[("maxRetryWaitMs", 120_000.into()), ("timeoutMs", 120_000.into())]);
    ok(c.search_documents("grace".into(), none())).await;
    let controller = web_sys::AbortController::new().expect("AbortController");
    let waiting = c.search_documents("grace".into(), object(&[("signal", controller.signal().into())]));
    let abort_soon = Function::new_with_args("c", "setTimeout(() => c.abort('enough'), 300)");
    abort_soon.call1(&JsValue::NULL, &controller).expect("timer");
    let e = rejects(waiting, "ABORTED").await;
    assert_eq!(get(&e, "cause").as_string().as_deref(), Some("enough"));
}

/// Every string reachable from an error's own properties (message, stack, data, cause…).
fn every_string_of(error: &JsValue) -> String {
    let collect = Function::new_with_args(
        "e",
        "const seen = new Set(); const out = [];\
         const walk = (v) => { if (v === null || v === undefined) return; if (typeof v !== 'object' && typeof v !== 'function') { out.push(String(v)); return; }\
           if (seen.has(v)) return; seen.add(v); for (const k of Object.getOwnPropertyNames(v)) { try { walk(v[k]); } catch {} } };\
         walk(e); return out.join('\\n');",
    );
    collect.call1(&JsValue::NULL, error).ok().and_then(|s| s.as_string()).unwrap_or_default()
}

#[wasm_bindgen_test]
async fn the_token_never_reaches_an_error_the_console_or_a_url() {
    let token = fresh_token("").await;
    let console = Function::new_no_args(
        "const lines = []; for (const k of ['log','info','warn','error','debug']) { const f = console[k]; \
         console[k] = (...a) => { lines.push(a.map(String).join(' ')); return f.apply(console, a); }; } return lines;",
    )
    .call0(&JsValue::NULL)
    .expect("console capture");
    let c = client(&token, &[("maxRetries", 0.into())]);
    let echo = format!(
        r#""code":-32004,"message":"token {token} is not valid","data":{{"echo":"{token}","nested":["Bearer {token}"]}},"httpStatus":401"#
    );
    fault(&token, "error", &echo).await;
    let e = rejects(c.search_documents("grace".into(), none()), "UNAUTHORIZED").await;
    let strings = every_string_of(&e);
    assert!(!strings.contains(&token), "the token leaked into the error: {strings}");
    assert!(text(&e, "message").contains("[redacted]"));
    assert_eq!(text(&get(&e, "data"), "echo"), "[redacted]");
    for (name, fault_params) in [("html_502", ""), ("no_cors", ""), ("truncated", "")] {
        fault(&token, name, fault_params).await;
        let e = JsFuture::from(c.search_documents("grace".into(), none())).await.expect_err("fails");
        assert!(!every_string_of(&e).contains(&token), "{name}");
    }
    let logged = Array::from(&console).join("\n").as_string().unwrap_or_default();
    assert!(!logged.contains(&token), "the token reached the console");
    let refused = magisterium_a2a_npm::MagisteriumClient::new(object(&[
        ("token", token.clone().into()),
        ("endpoint", "http://parish.example/a2a".into()),
    ]));
    let e = refused.err().expect("plain http off the machine is refused before any request");
    assert_eq!(text(&e, "code"), "INVALID_INPUT");
    assert!(!every_string_of(&e).contains(&token));
}
