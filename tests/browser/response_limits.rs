//! `maxResponseBytes` (and the agent card's own limit) hold whatever the
//! server sends: a body with no end, a gzip body that decodes to 100 times the
//! limit, a `Content-Length` smaller than the body, multi-byte text counted in
//! UTF-8 bytes. Each ends in BAD_RESPONSE (the calls have a generous timeout,
//! so a read that never stops would end in TIMEOUT instead) and the client goes on.

use crate::support::*;
use js_sys::{Array, Promise};
use magisterium_a2a_npm::{A2AClient, MagisteriumClient};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// The client's limit in these tests, and the agent card's (`MAX_CARD_BYTES`).
const LIMIT: u32 = 1024 * 1024;
/// Generous: only a read that never stops would reach it.
const TIMEOUT_MS: u32 = 60_000;

/// A client of `token` with `maxResponseBytes: limit`.
fn limited(token: &str, limit: u32) -> MagisteriumClient {
    client(token, &[("maxResponseBytes", limit.into()), ("maxRetries", 0.into()), ("timeoutMs", TIMEOUT_MS.into())])
}

fn search(c: &MagisteriumClient) -> Promise {
    c.search_documents("grace".into(), none())
}

/// The message of a body refused at `limit`: it names the limit, not a size never seen.
fn assert_over_limit(error: &JsValue, limit: u32) {
    let message = text(error, "message");
    assert!(message.contains(&format!("more than {limit} bytes")), "{message}");
}

/// Arms `fault` (JSON members) for a fresh token, twice (Chromium may resend a
/// request once on its own); the call must reject with BAD_RESPONSE; once the
/// fault is cleared the same client must answer. The error.
async fn refused(fault: &str, limit: u32) -> JsValue {
    let token = fresh_token("").await;
    let c = limited(&token, limit);
    control("/_sim/faults", &format!(r#"{{"token":"{token}","times":2,{fault}}}"#)).await;
    let error = rejects(search(&c), "BAD_RESPONSE").await;
    control("/_sim/faults/clear", &format!(r#"{{"token":"{token}"}}"#)).await;
    assert!(Array::is_array(&ok(search(&c)).await), "the client still works");
    error
}

#[wasm_bindgen_test]
async fn a_chunked_body_with_no_end_is_stopped_at_the_limit() {
    let e = refused(r#""fault":"never_ending","chunkBytes":65536,"everyMs":0"#, LIMIT).await;
    assert_over_limit(&e, LIMIT);
}

#[wasm_bindgen_test]
async fn a_gzip_body_is_counted_as_it_decodes() {
    let e = refused(&format!(r#""fault":"oversized","bytes":{},"gzip":true"#, 100 * LIMIT), LIMIT).await;
    assert_over_limit(&e, LIMIT);
}

#[wasm_bindgen_test]
async fn a_content_length_smaller_than_the_body_is_a_cut_body() {
    // fetch reads what the header declares: a cut body, which is not JSON.
    refused(&format!(r#""fault":"short_content_length","bytes":{},"contentLength":1024"#, 2 * LIMIT), LIMIT).await;
}

/// A `search_results` answer to a client's first request (id 1), sent
/// gzip-compressed (so without a `Content-Length` to refuse it by), whose title
/// makes the body exactly `bytes` long in UTF-8: "€" is 3 bytes but 1 UTF-16
/// unit. The `status` fault's members, and the title.
fn search_answer(bytes: usize) -> (String, String) {
    let body = |title: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"task","id":"t","contextId":"c","status":{{"state":"completed"}},"artifacts":[{{"artifactId":"a","name":"search_results","parts":[{{"kind":"data","data":{{"results":[{{"id":"1","url":"https://example.org/1","title":"{title}"}}]}}}}]}}]}}}}"#
        )
    };
    let room = bytes - body("").len();
    let title = format!("{}{}", "€".repeat(room / 3), "x".repeat(room % 3));
    let text = body(&title);
    assert_eq!(text.len(), bytes);
    assert!(text.encode_utf16().count() < bytes / 2, "far fewer UTF-16 units than bytes");
    let quoted =
        js_sys::JSON::stringify(&JsValue::from_str(&text)).ok().and_then(|s| s.as_string()).unwrap_or_default();
    (format!(r#""fault":"status","status":200,"body":{quoted},"gzip":true"#), title)
}

#[wasm_bindgen_test]
async fn multi_byte_text_is_counted_in_utf8_bytes() {
    let limit = 64 * 1024;
    let e = refused(&search_answer(limit as usize + 1).0, limit).await;
    assert_over_limit(&e, limit);
    let token = fresh_token("").await;
    let c = limited(&token, limit);
    let (exact, title) = search_answer(limit as usize);
    control("/_sim/faults", &format!(r#"{{"token":"{token}",{exact}}}"#)).await;
    let hits = Array::from(&ok(search(&c)).await);
    assert_eq!(text(&hits.get(0), "title"), title, "exactly the limit is read");
}

#[wasm_bindgen_test]
async fn agent_cards_have_their_own_limit_held_the_same_way() {
    for fault in [
        r#""fault":"never_ending","chunkBytes":65536,"everyMs":0"#.to_string(),
        format!(r#""fault":"oversized","bytes":{},"gzip":true"#, 100 * LIMIT),
    ] {
        // Card faults are scoped by the path segment before /.well-known/; both card names meet it.
        let scope = fresh_token("").await;
        control("/_sim/faults", &format!(r#"{{"route":"card","token":"{scope}","times":2,{fault}}}"#)).await;
        let base = JsValue::from_str(&format!("{SIMULATOR}/{scope}"));
        let options = || object(&[("timeoutMs", TIMEOUT_MS.into())]);
        let e = rejects(A2AClient::discover(base.clone(), options()), "BAD_RESPONSE").await;
        assert_over_limit(&e, LIMIT);
        control("/_sim/faults/clear", &format!(r#"{{"token":"{scope}"}}"#)).await;
        let found = ok(A2AClient::discover(base, options())).await;
        assert_eq!(text(&found, "endpoint"), ENDPOINT, "discovery goes on");
    }
}
