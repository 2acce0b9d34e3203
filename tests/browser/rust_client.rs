//! The Rust client (`magisterium_a2a::Client`, feature `fetch`) compiled to
//! wasm32 in Chromium against the simulator: every skill, error codes, the
//! time limit, the size bound. Its values as JS values: `rust_to_js.rs`.

use crate::support::*;
use magisterium_a2a::{AskOptions, Client, ClientBuilder, ErrorCode, Part, SendMessageParams, TaskState, WaitOptions};
use std::time::Duration;
use wasm_bindgen_test::wasm_bindgen_test;

/// A builder of a Rust client on the simulator with `token`.
pub fn rust_client(token: &str) -> ClientBuilder {
    Client::builder().token(token).endpoint(ENDPOINT)
}

/// A Rust client with a fresh token, and the token.
pub async fn own_rust_client() -> (Client, String) {
    let token = fresh_token("").await;
    (rust_client(&token).build().unwrap_or_else(|e| panic!("options refused: {e}")), token)
}

#[wasm_bindgen_test]
async fn the_rust_client_runs_every_skill() {
    let (client, _) = own_rust_client().await;
    let answer = client.ask("What is grace?").await.unwrap();
    assert!(answer.text.len() > 20 && !answer.citations.is_empty());
    let follow_up = AskOptions::default().context_id(&answer.context_id);
    assert_eq!(client.ask_with("How is it received?", follow_up).await.unwrap().context_id, answer.context_id);
    let hits = client.search_documents("grace").await.unwrap();
    let document = client.fetch_document(&hits[0].id).await.unwrap().expect("the document exists");
    assert_eq!(document.title, hits[0].title);
    assert!(client.mass_readings("Easter Sunday 2026").await.unwrap().is_some_and(|r| !r.is_empty()));
    let joseph = client.saints_of_the_day("2026-03-19").await.unwrap().unwrap_or_default();
    assert!(joseph.contains("Joseph"), "{joseph}");
    let search = SendMessageParams::new(vec![Part::text("grace")]).skill_id("document_search");
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
    let fooled = rust_client(&token).endpoint("http://evil.example\\.localhost/api").build();
    assert_eq!(fooled.unwrap_err().code(), ErrorCode::InvalidInput, "the browser's URL sees evil.example");
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
    let tiny = rust_client(&token).max_response_bytes(64).build().expect("options accepted");
    fault(&token, "never_ending", "").await;
    let e = tiny.get_task("any").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse, "refused long before the time limit: {e}");
}
