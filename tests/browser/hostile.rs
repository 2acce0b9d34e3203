//! The hostile-server battery: malformed and adversarial responses, each
//! ending in a typed `MagisteriumError` (or a correct result where the
//! response is valid) within the timeout, with the client usable afterwards.

use crate::support::*;
use js_sys::{Array, Promise};
use magisterium_a2a_npm::MagisteriumClient;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

/// Which call meets the hostile response.
#[derive(Clone, Copy)]
enum Via {
    Search,
    Ask,
}

impl Via {
    fn call(self, c: &MagisteriumClient) -> Promise {
        match self {
            Via::Search => c.search_documents("grace".into(), none()),
            Via::Ask => c.ask("What is grace?".into(), none()),
        }
    }
}

/// `Some(code)`: the call rejects with it; `None`: it resolves.
type Expect = Option<&'static str>;

/// Arms `fault` (JSON members) for a fresh token, makes the call, checks the
/// outcome, then checks that the same client still answers.
async fn case(via: Via, fault: &str, expect: Expect) -> JsValue {
    let token = fresh_token("").await;
    let c = client(&token, &[("maxRetries", 0.into()), ("timeoutMs", 8000.into())]);
    // Twice by default: Chromium may resend a request once on its own.
    let times = if fault.contains(r#""times""#) { "" } else { r#""times":2,"# };
    control("/_sim/faults", &format!(r#"{{"token":"{token}",{times}{fault}}}"#)).await;
    let outcome = match expect {
        Some(code) => rejects(via.call(&c), code).await,
        None => ok(via.call(&c)).await,
    };
    control("/_sim/faults/clear", &format!(r#"{{"token":"{token}"}}"#)).await;
    assert!(Array::is_array(&ok(Via::Search.call(&c)).await), "the client still works");
    outcome
}

/// A JSON-RPC body the `status` fault sends verbatim (`{{id}}`: the request's id).
fn body(status: u16, text: &str, content_type: &str) -> String {
    let quoted = js_sys::JSON::stringify(&JsValue::from_str(text)).ok().and_then(|s| s.as_string()).unwrap_or_default();
    format!(r#""fault":"status","status":{status},"body":{quoted},"contentType":"{content_type}""#)
}

/// A `result` fault: a task with `task_members` spliced in after its required members.
fn task(task_members: &str) -> String {
    format!(
        r#""fault":"result","result":{{"kind":"task","id":"t-h","contextId":"c-h","status":{{"state":"completed"}}{task_members}}}"#
    )
}

/// A completed `search_results` artifact with these parts.
fn search_parts(parts: &str) -> String {
    task(&format!(r#","artifacts":[{{"artifactId":"a","name":"search_results","parts":{parts}}}]"#))
}

/// A completed `catholic_qa_response` artifact with these parts.
fn qa_parts(parts: &str) -> String {
    task(&format!(r#","artifacts":[{{"artifactId":"a","name":"catholic_qa_response","parts":{parts}}}]"#))
}

macro_rules! battery {
    ($($name:ident: $via:expr, $fault:expr => $expect:expr;)*) => {
        $(
            #[wasm_bindgen_test]
            async fn $name() {
                case($via, &$fault, $expect).await;
            }
        )*
        /// How many cases the battery holds.
        const CASES: usize = [$(stringify!($name)),*].len();
    };
}

const BAD: Expect = Some("BAD_RESPONSE");
const NET: Expect = Some("NETWORK");
const RESOLVES: Expect = None;

battery! {
    truncated_json: Via::Search, r#""fault":"truncated""# => BAD;
    invalid_json: Via::Search, body(200, r#"{"jsonrpc":"2.0","#, "application/json") => BAD;
    empty_body: Via::Search, body(200, "", "application/json") => BAD;
    html_page_with_200: Via::Search, body(200, "<html><body>Welcome</body></html>", "text/html") => BAD;
    html_page_with_500: Via::Search, body(500, "<h1>Internal Server Error</h1>", "text/html") => BAD;
    html_page_with_502: Via::Search, r#""fault":"html_502""# => BAD;
    no_content_204: Via::Search, body(204, "", "text/plain") => BAD;
    wrong_json_rpc_id: Via::Search, r#""fault":"wrong_id""# => BAD;
    id_as_a_string: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":"{{id}}","result":{}}"#, "application/json") => BAD;
    id_out_of_range: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":1e400,"result":{}}"#, "application/json") => BAD;
    result_and_error_both: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":{{id}},"result":{},"error":{"code":-32603,"message":"x"}}"#, "application/json") => BAD;
    neither_result_nor_error: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":{{id}}}"#, "application/json") => BAD;
    json_rpc_1_0: Via::Search, body(200, r#"{"jsonrpc":"1.0","id":{{id}},"result":{}}"#, "application/json") => BAD;
    a_json_array: Via::Search, body(200, "[1,2,3]", "application/json") => BAD;
    error_code_as_a_string: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":{{id}},"error":{"code":"-32001","message":"x"}}"#, "application/json") => BAD;
    error_not_an_object: Via::Search, body(200, r#"{"jsonrpc":"2.0","id":{{id}},"error":"boom"}"#, "application/json") => BAD;
    unknown_error_code: Via::Search, r#""fault":"error","code":-32099,"message":"custom""# => Some("INTERNAL_ERROR");
    rate_limit_in_a_header_only: Via::Search, r#""fault":"status","status":429,"headers":[["Retry-After","7"]]"# => Some("RATE_LIMITED");
    unauthorized_as_html: Via::Search, body(401, "<h1>Login required</h1>", "text/html") => Some("UNAUTHORIZED");
    result_null: Via::Search, r#""fault":"result","result":null"# => BAD;
    result_a_string: Via::Search, r#""fault":"result","result":"done""# => BAD;
    a_message_not_a_task: Via::Search, r#""fault":"result","result":{"kind":"message","role":"agent","messageId":"m","parts":[]}"# => BAD;
    task_id_a_number: Via::Search, r#""fault":"result","result":{"kind":"task","id":5,"contextId":"c","status":{"state":"completed"}}"# => BAD;
    task_without_status: Via::Search, r#""fault":"result","result":{"kind":"task","id":"t","contextId":"c"}"# => BAD;
    state_a_number: Via::Search, r#""fault":"result","result":{"kind":"task","id":"t","contextId":"c","status":{"state":3}}"# => BAD;
    working_task: Via::Search, r#""fault":"working""# => BAD;
    input_required_task: Via::Search, r#""fault":"result","result":{"kind":"task","id":"t","contextId":"c","status":{"state":"input-required"}}"# => BAD;
    artifacts_not_an_array: Via::Search, task(r#","artifacts":{"name":"search_results"}"#) => BAD;
    unknown_artifact_name: Via::Search, task(r#","artifacts":[{"artifactId":"a","name":"surprise","parts":[]}]"#) => BAD;
    parts_not_an_array: Via::Search, search_parts(r#""everything""#) => BAD;
    unknown_part_kinds_only: Via::Search, search_parts(r#"[{"kind":"hologram","data":{"results":[]}},{"kind":"file","file":{"uri":"x"}}]"#) => BAD;
    results_not_an_array: Via::Search, search_parts(r#"[{"kind":"data","data":{"results":"none"}}]"#) => BAD;
    results_of_wrong_types: Via::Search, search_parts(r#"[{"kind":"data","data":{"results":[{"id":{}},5,null,{"id":"7","url":["x"],"title":7}]}}]"#) => RESOLVES;
    answer_without_text: Via::Ask, qa_parts(r#"[{"kind":"data","data":{"citations":[]}}]"#) => BAD;
    citations_of_wrong_types: Via::Ask, qa_parts(r#"[{"kind":"text","text":"a"},{"kind":"data","data":{"citations":[1,"x",{"document_index":"two","cited_text":{"nested":true}}],"related_questions":"not a list"}}]"#) => RESOLVES;
    unknown_fields_everywhere: Via::Ask, task(r#","artifacts":[{"artifactId":"a","name":"catholic_qa_response","x":1,"parts":[{"kind":"text","text":"a","y":[1]},{"kind":"data","data":{"citations":[{"document_title":"t","z":{"deep":[1,2]}}],"w":null}}]}],"extra":{"k":"v"}"#) => RESOLVES;
    deeply_nested_json: Via::Search, body(200, &format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)), "application/json") => BAD;
    // Verbatim (`status`): the simulator's own JSON parser refuses such depth in a fault rule.
    deep_nesting_in_an_unknown_field: Via::Search, body(200, &format!(r#"{{"jsonrpc":"2.0","id":{{{{id}}}},"result":{{"kind":"task","id":"t","contextId":"c","status":{{"state":"completed"}},"artifacts":[{{"artifactId":"a","name":"search_results","parts":[{{"kind":"data","data":{{"results":[],"deep":{}{}}}}}]}}]}}}}"#, "[".repeat(50_000), "]".repeat(50_000)), "application/json") => RESOLVES;
    fifty_megabytes: Via::Search, r#""fault":"oversized","bytes":50000000"# => BAD;
    never_ending_body: Via::Search, r#""fault":"never_ending""# => Some("TIMEOUT");
    slower_than_the_timeout: Via::Search, r#""fault":"slow","delayMs":12000"# => Some("TIMEOUT");
    // Until cleared: Chromium resends a POST whose reused connection drops.
    dropped_connection: Via::Search, r#""fault":"drop","times":0"# => NET;
    no_cors_headers: Via::Search, r#""fault":"no_cors""# => NET;
}

#[wasm_bindgen_test]
async fn the_battery_holds_at_least_thirty_cases() {
    assert!(CASES + RAW_CASES.len() >= 30, "{CASES} + {}", RAW_CASES.len());
}

#[wasm_bindgen_test]
async fn a_proto_key_pollutes_nothing() {
    let answer = case(Via::Ask, &qa_parts(r#"[{"kind":"text","text":"a"},{"kind":"data","data":{"citations":[{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}]}}]"#), RESOLVES).await;
    assert!(get(&js_sys::Object::new().into(), "polluted").is_undefined());
    let citation = Array::from(&get(&answer, "citations")).get(0);
    assert!(get(&citation, "polluted").is_undefined());
    assert!(get(&get(&citation, "raw"), "constructor").is_object(), "an unknown key is kept in raw");
}

#[wasm_bindgen_test]
async fn citations_decode_alike_by_known_keys_and_member_by_member() {
    // Common shapes take the known-key path; both spellings, a `null` field or
    // a wrong type go member by member. Each must give what the types promise.
    let cases: [(&str, &str); 8] = [
        (
            r#"{"cited_text":"t","document_index":1,"document_year":1965,"source_url":"https://x","relevance":0.5}"#,
            r#"{"citedText":"t","documentIndex":1,"documentYear":1965,"sourceUrl":"https://x","raw":{"relevance":0.5}}"#,
        ),
        (r#"{"citedText":"t","documentYear":"1965"}"#, r#"{"citedText":"t","documentYear":"1965","raw":{}}"#),
        (r#"{"cited_text":"a","citedText":"b"}"#, r#"{"citedText":"a","raw":{}}"#),
        (r#"{"citedText":"b","cited_text":"a"}"#, r#"{"citedText":"a","raw":{}}"#),
        (r#"{"cited_text":null,"document_title":"d"}"#, r#"{"documentTitle":"d","raw":{"cited_text":null}}"#),
        (r#"{"document_index":"two","page":17}"#, r#"{"raw":{"document_index":"two","page":17}}"#),
        (r#"{"__proto__":{"x":1},"document_title":"d"}"#, r#"{"documentTitle":"d","raw":{}}"#),
        ("{}", r#"{"raw":{}}"#),
    ];
    let citations: Vec<&str> = cases.iter().map(|(sent, _)| *sent).collect();
    // Sent verbatim, so the members keep their order (the snake_case spelling wins in either).
    let parts =
        format!(r#"[{{"kind":"text","text":"a"}},{{"kind":"data","data":{{"citations":[{}]}}}}]"#, citations.join(","));
    let result = format!(
        r#"{{"kind":"task","id":"t-h","contextId":"c-h","status":{{"state":"completed"}},"artifacts":[{{"artifactId":"a","name":"catholic_qa_response","parts":{parts}}}]}}"#
    );
    let verbatim = body(200, &format!(r#"{{"jsonrpc":"2.0","id":{{{{id}}}},"result":{result}}}"#), "application/json");
    let answer = case(Via::Ask, &verbatim, RESOLVES).await;
    let decoded = Array::from(&get(&answer, "citations"));
    assert_eq!(decoded.length() as usize, cases.len());
    for (i, (sent, expected)) in cases.iter().enumerate() {
        let got = js_sys::JSON::stringify(&decoded.get(i as u32)).ok().and_then(|s| s.as_string());
        assert_eq!(got.as_deref(), Some(*expected), "{sent}");
    }
    assert!(get(&js_sys::Object::new().into(), "x").is_undefined(), "no prototype was set");
}

#[wasm_bindgen_test]
async fn wrong_types_decode_to_what_is_valid() {
    let hits = case(
        Via::Search,
        &search_parts(r#"[{"kind":"data","data":{"results":[{"id":{}},5,null,{"id":"7","url":["x"],"title":7}]}}]"#),
        RESOLVES,
    )
    .await;
    let hits = Array::from(&hits);
    assert_eq!(hits.length(), 1);
    assert_eq!(
        (text(&hits.get(0), "id"), text(&hits.get(0), "url"), text(&hits.get(0), "title")),
        ("7".into(), String::new(), String::new())
    );
}

/// Paths of the raw-TCP fixture (`MAGISTERIUM_HOSTILE`) and what each must end in.
const RAW_CASES: [(&str, Expect); 5] = [
    ("duplicate-content-length", NET),
    ("short-body", NET),
    ("bad-chunking", NET),
    ("not-http", NET),
    ("invalid-utf8", RESOLVES),
];

#[wasm_bindgen_test]
async fn raw_protocol_violations_end_in_typed_errors() {
    for (path, expect) in RAW_CASES {
        let endpoint = format!("{}/{path}", env!("MAGISTERIUM_HOSTILE"));
        let c = MagisteriumClient::new(object(&[
            ("endpoint", endpoint.into()),
            ("maxRetries", 0.into()),
            ("timeoutMs", 3000.into()),
        ]))
        .expect("client");
        match expect {
            Some(code) => drop(rejects(Via::Search.call(&c), code).await),
            None => {
                let hits = Array::from(&ok(Via::Search.call(&c)).await);
                assert!(text(&hits.get(0), "title").contains('\u{fffd}'), "invalid bytes become U+FFFD");
            }
        }
    }
}
