//! The core's policies as the native client applies them against the
//! simulator: retries, timeouts, the token provider, pacing, the size bound.

use crate::support::*;
use magisterium_a2a::{AskOptions, Client, ErrorCode, Rate, TokenProvider, TokenProviderContext};
use std::error::Error as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

#[tokio::test]
async fn a_rate_limit_is_waited_out_and_retried() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    let limited = r#""code":-32003,"message":"Rate limit exceeded","httpStatus":429,"data":{"retryAfter":0}"#;
    fault(&sim, &token, "error", limited).await;
    assert!(!client.search_documents("grace").await.unwrap().is_empty(), "retried after retryAfter");
    let once = options(&sim, &token).max_retries(0).build().unwrap();
    fault(&sim, &token, "error", limited).await;
    let e = once.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.retry_after()), (ErrorCode::RateLimited, Some(Duration::ZERO)), "with no retries left");
}

#[tokio::test]
async fn a_retry_after_longer_than_max_retry_wait_fails_at_once_with_it() {
    let sim = simulator().await;
    let (_, token) = own_client(&sim).await;
    let impatient = options(&sim, &token).max_retry_wait(Duration::from_millis(500)).build().unwrap();
    let header = r#""status":429,"body":"slow down","contentType":"text/plain","headers":[["Retry-After","1"]]"#;
    fault(&sim, &token, "status", header).await;
    let e = impatient.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::RateLimited, Some(429)));
    assert_eq!(e.retry_after(), Some(Duration::from_secs(1)), "from the Retry-After header");
    assert!(!impatient.search_documents("grace").await.unwrap().is_empty(), "the fault was used once: no retry");
}

#[tokio::test]
async fn message_send_is_repeated_after_a_503_only() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    fault(&sim, &token, "status", r#""status":503"#).await;
    assert!(!client.search_documents("grace").await.unwrap().is_empty(), "a 503 was not processed: retried");
    fault(&sim, &token, "status", r#""status":502"#).await;
    let e = client.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::BadResponse, Some(502)), "a 502 may have run the skill");
    fault(&sim, &token, "drop", "").await;
    assert_eq!(client.search_documents("grace").await.unwrap_err().code(), ErrorCode::Network);
}

#[tokio::test]
async fn task_reads_are_repeated_after_transient_failures() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    let answer = client.ask("What is grace?").await.unwrap();
    for (name, params) in [("drop", ""), ("status", r#""status":502"#), ("html_502", "")] {
        fault(&sim, &token, name, params).await;
        assert_eq!(client.get_task(&answer.task_id).await.unwrap().id, answer.task_id, "{name}");
    }
}

#[tokio::test]
async fn a_call_ends_at_its_time_limit() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    let quick = client.with_timeout(Duration::from_millis(300)).unwrap();
    fault(&sim, &token, "slow", r#""delayMs":10000"#).await;
    assert_eq!(quick.search_documents("grace").await.unwrap_err().code(), ErrorCode::Timeout);
    fault(&sim, &token, "never_ending", "").await;
    assert_eq!(quick.get_task("any").await.unwrap_err().code(), ErrorCode::Timeout, "a body that never ends");
    fault(&sim, &token, "slow", r#""delayMs":10000"#).await;
    let short = AskOptions::default().timeout(Duration::from_millis(300));
    assert_eq!(client.ask_with("What is grace?", short).await.unwrap_err().code(), ErrorCode::Timeout);
}

/// An error of the caller's own type, returned by a token provider.
#[derive(Debug)]
struct VaultLocked;

impl std::fmt::Display for VaultLocked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the vault is locked")
    }
}

impl std::error::Error for VaultLocked {}

#[tokio::test]
async fn the_token_provider_is_asked_again_after_unauthorized() {
    let sim = simulator().await;
    let token = fresh_token(&sim, "").await;
    let asked = Arc::new(AtomicU32::new(0));
    let (count, valid) = (asked.clone(), token.clone());
    let provider = TokenProvider::new(move || {
        let first = count.fetch_add(1, Ordering::SeqCst) == 0;
        let answer = if first { "expired-token-123".to_owned() } else { valid.clone() };
        async move { Ok::<_, VaultLocked>(answer) }
    });
    let client = Client::builder().token_provider(provider).endpoint(sim.endpoint()).build().unwrap();
    assert!(!client.search_documents("grace").await.unwrap().is_empty());
    assert_eq!(asked.load(Ordering::SeqCst), 2, "once, then once more after the 401");

    // A provider with the context is told the URL the token goes to.
    let told = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (urls, valid) = (told.clone(), token.clone());
    let per_agent = TokenProvider::with_context(move |asked: TokenProviderContext| {
        urls.lock().unwrap().push(asked.url);
        let answer = valid.clone();
        async move { Ok::<_, VaultLocked>(answer) }
    });
    let client = Client::builder().token_provider(per_agent).endpoint(sim.endpoint()).build().unwrap();
    assert!(!client.search_documents("grace").await.unwrap().is_empty());
    assert_eq!(*told.lock().unwrap(), [sim.endpoint()]);

    let locked = TokenProvider::new(|| async { Err::<String, _>(VaultLocked) });
    let failing = Client::builder().token_provider(locked).endpoint(sim.endpoint()).build().unwrap();
    let e = failing.search_documents("grace").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::Unauthorized);
    assert!(e.source().is_some_and(|s| s.downcast_ref::<VaultLocked>().is_some()), "{e:?}");
}

#[tokio::test]
async fn the_program_s_own_reqwest_client_carries_the_calls() {
    let sim = simulator().await;
    let token = fresh_token(&sim, "").await;
    // The program's client adds the token by a default header: only a call it
    // carries is authorized.
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::AUTHORIZATION, format!("Bearer {token}").parse().unwrap());
    let tls = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(rustls::RootCertStore::empty())
        .with_no_client_auth();
    let own = magisterium_a2a::reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .default_headers(headers)
        .build()
        .unwrap();
    let carried = Client::builder().endpoint(sim.endpoint()).http_client(own).build().unwrap();
    assert!(!carried.search_documents("grace").await.unwrap().is_empty(), "sent by the program's client");
    let plain = Client::builder().endpoint(sim.endpoint()).build().unwrap();
    assert_eq!(plain.search_documents("grace").await.unwrap_err().code(), ErrorCode::Unauthorized);
}

#[tokio::test]
async fn the_client_side_limiter_spaces_calls_under_the_server_s_ceiling() {
    let sim = simulator().await;
    let token = fresh_token(&sim, r#""rateDefault":"1/1s""#).await;
    let unpaced = options(&sim, &token).max_retries(0).build().unwrap();
    unpaced.search_documents("grace").await.unwrap();
    let refused = unpaced.search_documents("grace").await.unwrap_err();
    assert_eq!((refused.code(), refused.http_status()), (ErrorCode::RateLimited, Some(429)), "the server's ceiling");

    let token = fresh_token(&sim, r#""rateDefault":"1/1s""#).await;
    let paced = options(&sim, &token).max_retries(0).rate_limit_default(Rate::per_second(1)).build().unwrap();
    for _ in 0..2 {
        assert!(!paced.search_documents("grace").await.unwrap().is_empty(), "each call waited for its slot");
    }
}

#[tokio::test]
async fn a_slot_past_the_time_limit_is_a_client_side_rate_limit() {
    let sim = simulator().await;
    let (_, token) = own_client(&sim).await;
    let limited = options(&sim, &token).rate_limit_expensive(Rate::per_minute(1)).timeout(Duration::from_secs(5));
    let client = limited.build().unwrap();
    client.ask("What is grace?").await.unwrap();
    let e = client.ask("What is grace?").await.unwrap_err();
    assert_eq!((e.code(), e.http_status(), e.rpc_code()), (ErrorCode::RateLimited, None, None));
    // The slot is 60 s (and the 100 ms margin) after the first call, less the time that call took.
    let wait = e.retry_after().expect("a client-side RATE_LIMITED says when the slot comes");
    assert!(wait > Duration::ZERO && wait <= Duration::from_secs(61), "{wait:?}");
    assert!(!client.search_documents("grace").await.unwrap().is_empty(), "the other pool is not paced");
}

#[tokio::test]
async fn a_body_over_max_response_bytes_is_refused_as_it_arrives() {
    let sim = simulator().await;
    let (_, token) = own_client(&sim).await;
    let client = options(&sim, &token).max_response_bytes(50_000).build().unwrap();
    fault(&sim, &token, "oversized", r#""bytes":200000"#).await;
    let e = client.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::BadResponse, Some(200)));
    assert!(e.message().contains("more than 50000 bytes"), "{e}");
    let tiny = options(&sim, &token).max_response_bytes(64).build().unwrap();
    fault(&sim, &token, "never_ending", "").await;
    let e = tiny.get_task("any").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::BadResponse, "counted while it streams, long before the time limit: {e}");
}
