//! Per-token rate limits: both pools, retryAfter, what does not count, and recovery with the clock.

use crate::common::*;
use serde_json::json;

async fn register(sim: &Server, token: &str, default: &str, expensive: &str) {
    let body = json!({ "token": token, "plan": "paid", "rateDefault": default, "rateExpensive": expensive });
    assert_eq!(control(sim, "POST", "tokens", body).await.status, 200);
}

fn assert_limited(reply: &Reply, retry_after: u64) {
    assert_eq!(reply.status, 429);
    let error = &reply.json()["error"];
    assert_eq!(error["code"], -32003);
    assert_eq!(error["message"], "Rate limit exceeded");
    assert_eq!(error["data"]["retryAfter"], retry_after);
}

#[tokio::test]
async fn default_pool_limits_and_recovers() {
    let sim = start().await;
    register(&sim, "t-default", "3/60s", "100/60s").await;
    for _ in 0..3 {
        assert_eq!(send_text_as(&sim, "t-default", Some("document_search"), "grace").await.status, 200);
    }
    let limited = send_text_as(&sim, "t-default", Some("saints_of_the_day"), "today").await;
    assert_limited(&limited, 60);
    // The expensive pool and other tokens are independent.
    assert_eq!(send_text_as(&sim, "t-default", None, "grace").await.status, 200);
    assert_eq!(send_text_as(&sim, "demo-token", Some("document_search"), "grace").await.status, 200);
    control(&sim, "POST", "clock", json!({ "advanceSecs": 45 })).await;
    assert_limited(&send_text_as(&sim, "t-default", Some("document_fetch"), "10001").await, 15);
    control(&sim, "POST", "clock", json!({ "advanceSecs": 15 })).await;
    assert_eq!(send_text_as(&sim, "t-default", Some("document_fetch"), "10001").await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn expensive_pool_is_catholic_qa_only() {
    let sim = start().await;
    register(&sim, "t-qa", "100/60s", "2/30s").await;
    assert_eq!(send_text_as(&sim, "t-qa", None, "grace").await.status, 200);
    assert_eq!(send_text_as(&sim, "t-qa", Some("catholic_qa"), "grace").await.status, 200);
    assert_limited(&send_text_as(&sim, "t-qa", Some("catholic_qa"), "grace").await, 30);
    assert_eq!(send_text_as(&sim, "t-qa", Some("liturgical_readings"), "today").await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn the_service_limits_are_two_flags_away() {
    use clap::Parser;
    let flags = ["magisterium-sim", "--rate-default", "15/60s", "--rate-expensive", "2/60s"];
    let service = magisterium_sim::Config::try_parse_from(flags).unwrap();
    let config = magisterium_sim::Config {
        rate_default: service.rate_default,
        rate_expensive: service.rate_expensive,
        ..config()
    };
    let sim = Server::start(config).await;
    for _ in 0..15 {
        assert_eq!(send_text_as(&sim, "demo-token", Some("document_search"), "grace").await.status, 200);
    }
    assert_limited(&send_text_as(&sim, "demo-token", Some("document_search"), "grace").await, 60);
    for _ in 0..2 {
        assert_eq!(send_text_as(&sim, "demo-token", None, "grace").await.status, 200);
    }
    assert_limited(&send_text_as(&sim, "demo-token", None, "grace").await, 60);
    sim.shutdown().await;
}

#[tokio::test]
async fn tasks_get_cancel_card_and_errors_do_not_count() {
    let sim = start().await;
    register(&sim, "t-count", "1/60s", "1/60s").await;
    let task = send_text_as(&sim, "t-count", Some("document_search"), "grace").await.result();
    let id = task["id"].as_str().unwrap();
    for _ in 0..5 {
        let get = post_raw(&sim, Some("t-count"), envelope("tasks/get", json!({ "id": id })).to_string()).await;
        assert_eq!(get.status, 200);
        let cancel = post_raw(&sim, Some("t-count"), envelope("tasks/cancel", json!({ "id": id })).to_string()).await;
        assert_eq!(cancel.error_code(), -32602);
        assert_eq!(request(sim.addr(), "GET", "/.well-known/agent.json", &[], "").await.status, 200);
    }
    // The expensive pool is still untouched, and invalid params are refused before counting.
    let bad = json!({ "message": { "role": "agent" } });
    let reply = post_raw(&sim, Some("t-count"), envelope("message/send", bad).to_string()).await;
    assert_eq!(reply.error_code(), -32602);
    assert_eq!(send_text_as(&sim, "t-count", None, "grace").await.status, 200);
    assert_limited(&send_text_as(&sim, "t-count", None, "grace").await, 60);
    sim.shutdown().await;
}

#[tokio::test]
async fn unknown_skills_draw_from_the_default_pool_before_the_skill_check() {
    let sim = start().await;
    register(&sim, "t-skill", "1/10s", "5/10s").await;
    assert_eq!(send_text_as(&sim, "t-skill", Some("pope_lookup"), "Leo").await.error_code(), -32002);
    assert_limited(&send_text_as(&sim, "t-skill", Some("pope_lookup"), "Leo").await, 10);
    sim.shutdown().await;
}

#[tokio::test]
async fn reset_clears_counters() {
    let sim = start().await;
    register(&sim, "t-reset", "1/60s", "1/60s").await;
    assert_eq!(send_text_as(&sim, "t-reset", Some("document_search"), "x").await.status, 200);
    assert_eq!(send_text_as(&sim, "t-reset", Some("document_search"), "x").await.status, 429);
    assert_eq!(control(&sim, "POST", "reset", json!({})).await.status, 200);
    // The run-time token is gone with the reset.
    assert_eq!(send_text_as(&sim, "t-reset", Some("document_search"), "x").await.status, 401);
    register(&sim, "t-reset", "1/60s", "1/60s").await;
    assert_eq!(send_text_as(&sim, "t-reset", Some("document_search"), "x").await.status, 200);
    sim.shutdown().await;
}
