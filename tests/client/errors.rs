//! Every error code the Rust client can end with, from the simulator's real
//! answers and from injected faults, with what each error carries.

use crate::fixture;
use crate::support::*;
use magisterium_a2a::{Client, ClientBuilder, ErrorCode, Part, Rate, SendMessageParams, TokenProvider};
use std::error::Error as _;
use std::time::Duration;

#[tokio::test]
async fn every_json_rpc_error_of_the_contract_has_its_code() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    let table = [
        (-32700, 200, ErrorCode::ParseError),
        (-32600, 200, ErrorCode::InvalidRequest),
        (-32601, 200, ErrorCode::MethodNotFound),
        (-32602, 200, ErrorCode::InvalidParams),
        (-32603, 200, ErrorCode::InternalError),
        (-32001, 200, ErrorCode::TaskNotFound),
        (-32002, 200, ErrorCode::SkillNotFound),
        (-32003, 429, ErrorCode::RateLimited),
        (-32004, 401, ErrorCode::Unauthorized),
        (-32005, 403, ErrorCode::PlanRequired),
        (-32099, 200, ErrorCode::InternalError),
    ];
    for (rpc, status, code) in table {
        let data = r#"{"retryAfter":60,"detail":"why"}"#;
        let params = format!(r#""code":{rpc},"message":"server says","httpStatus":{status},"data":{data}"#);
        fault(&sim, &token, "error", &params).await;
        let e = client.search_documents("grace").await.unwrap_err();
        assert_eq!(e.code(), code, "{rpc}");
        assert_eq!(
            (e.rpc_code(), e.http_status(), e.message()),
            (Some(rpc), Some(status), "server says: why"),
            "the server's reason follows"
        );
        assert_eq!(e.data().and_then(|d| d.get("detail")), Some(&serde_json::json!("why")));
        let retry_after = (code == ErrorCode::RateLimited).then_some(Duration::from_secs(60));
        assert_eq!(e.retry_after(), retry_after, "{rpc}");
    }
}

#[tokio::test]
async fn the_simulator_s_own_refusals_have_their_codes() {
    let sim = simulator().await;
    let (client, _) = own_client(&sim).await;
    let missing = client.get_task("no-such-task").await.unwrap_err();
    assert_eq!(
        (missing.code(), missing.rpc_code(), missing.http_status()),
        (ErrorCode::TaskNotFound, Some(-32001), Some(200))
    );
    let unknown = SendMessageParams::new(vec![Part::text("x")]).skill_id("no_such_skill");
    assert_eq!(client.send_message(unknown).await.unwrap_err().code(), ErrorCode::SkillNotFound);
    let stranger = options(&sim, "not-a-known-token").build().unwrap();
    let e = stranger.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::Unauthorized, Some(401)));
    assert_eq!(e.message(), "Unauthorized: invalid token", "the server's reason, as the npm package says it");
    let free = options(&sim, "free-token").build().unwrap();
    let e = free.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::PlanRequired, Some(403)));
}

#[tokio::test]
async fn a_failed_task_is_task_failed_with_its_reason() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    recorded(&sim, &token, fixture!("task_failed.json"), 1).await;
    let e = client.ask("What is grace?").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::TaskFailed);
    assert!(e.task_id().is_some_and(|id| !id.is_empty()));
    assert!(!e.message().is_empty());
}

#[tokio::test]
async fn what_is_not_a_valid_response_is_a_bad_response() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    fault(&sim, &token, "html_502", "").await;
    let e = client.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::BadResponse, Some(502)));
    for name in ["truncated", "wrong_id"] {
        fault(&sim, &token, name, "").await;
        assert_eq!(client.search_documents("grace").await.unwrap_err().code(), ErrorCode::BadResponse, "{name}");
    }
    let malformed = r#""result":{"kind":"task","id":42,"status":{"state":"exploded"}}"#;
    fault(&sim, &token, "result", malformed).await;
    assert_eq!(client.get_task("any").await.unwrap_err().code(), ErrorCode::BadResponse);
}

#[tokio::test]
async fn no_response_is_network_with_the_transport_error_as_source() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    fault(&sim, &token, "drop", "").await;
    let e = client.search_documents("grace").await.unwrap_err();
    assert_eq!((e.code(), e.http_status()), (ErrorCode::Network, None));
    assert!(e.source().is_some_and(|s| s.downcast_ref::<reqwest::Error>().is_some()), "{e:?}");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let endpoint = format!("http://{}/api/v1/a2a", closed.local_addr().unwrap());
    drop(closed);
    let nowhere = Client::builder().endpoint(endpoint).build().unwrap();
    let e = nowhere.search_documents("grace").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::Network);
    assert!(!e.message().contains("CORS"), "no CORS outside browsers: {}", e.message());
    // The TLS stack starts with its own provider (none installed process-wide) and
    // fails the handshake with a server that speaks plain HTTP.
    let tls = Client::builder().endpoint(format!("https://{}/api/v1/a2a", sim.addr())).build().unwrap();
    let e = tls.search_documents("grace").await.unwrap_err();
    assert_eq!(e.code(), ErrorCode::Network, "{e}");
}

#[tokio::test]
async fn bad_arguments_and_options_are_refused_before_any_request() {
    // Port 9 (discard) is closed here: a request would end NETWORK, not INVALID_INPUT.
    let local = || Client::builder().endpoint("http://127.0.0.1:9/a2a");
    let client = local().build().unwrap();
    let refusals = [
        client.ask("  ").await.unwrap_err(),
        client.search_documents("").await.unwrap_err(),
        client.fetch_document("\n").await.unwrap_err(),
        client.mass_readings("2026-02-30").await.unwrap_err(),
        client.saints_of_the_day("").await.unwrap_err(),
        client.get_task("").await.unwrap_err(),
        client.cancel_task(" ").await.unwrap_err(),
        client.send_message(SendMessageParams::default()).await.unwrap_err(),
        client.with_timeout(Duration::ZERO).unwrap_err(),
    ];
    for e in refusals {
        assert_eq!(e.code(), ErrorCode::InvalidInput, "{e}");
    }
    let builders: [ClientBuilder; 12] = [
        Client::builder().token("tok").endpoint("http://parish.example/a2a"),
        Client::builder().endpoint("http://evil.example\\.localhost/").token("tok"),
        // reqwest would ask the system's resolver, perhaps DNS, where app.localhost is.
        Client::builder().endpoint("http://app.localhost:8787/a2a").token("tok"),
        Client::builder().endpoint("not a url"),
        Client::builder().endpoint("ftp://x/y"),
        local().token(" "),
        local().timeout(Duration::from_micros(10)),
        local().max_retries(11),
        local().max_response_bytes(0),
        local().rate_limit_default(Rate::per_minute(0)),
        local().rate_limit_expensive(Rate::new(1, Duration::ZERO)),
        // A provider over plain http: to a remote host, as a token would be.
        Client::builder()
            .token_provider(TokenProvider::new(|| async { Ok::<_, std::io::Error>("t".to_owned()) }))
            .endpoint("http://parish.example/a2a"),
    ];
    for builder in builders {
        let shown = format!("{builder:?}");
        assert_eq!(builder.build().unwrap_err().code(), ErrorCode::InvalidInput, "{shown}");
    }
}

#[test]
fn the_last_credential_given_is_the_one() {
    let provider = TokenProvider::new(|| async { Ok::<_, std::io::Error>("t".to_owned()) });
    let replaced = Client::builder().token("secret-token-123").token_provider(provider).token("tok");
    let shown = format!("{replaced:?}");
    assert!(shown.contains("Token([redacted])") && !shown.contains("secret") && !shown.contains("Provider"), "{shown}");
}

#[tokio::test]
async fn the_token_never_shows_in_an_error() {
    let sim = simulator().await;
    let (client, token) = own_client(&sim).await;
    let params = format!(r#""code":-32603,"message":"upstream refused {token}","data":{{"echo":"Bearer {token}"}}"#);
    fault(&sim, &token, "error", &params).await;
    let e = client.search_documents("grace").await.unwrap_err();
    for shown in [e.to_string(), format!("{e:?}"), e.data().map(ToString::to_string).unwrap_or_default()] {
        assert!(!shown.contains(&token), "{shown}");
        assert!(shown.contains("[redacted]"), "{shown}");
    }
}
