//! The /_sim/ control routes: good and bad input, reset, loopback-only, and --no-control.

use std::net::{IpAddr, UdpSocket};

use crate::common::*;
use serde_json::{Value, json};

#[tokio::test]
async fn bad_fault_rules_are_refused_with_400() {
    let sim = start().await;
    let bad = [
        "".to_string(),
        "{".to_string(),
        "[]".to_string(),
        json!({}).to_string(),
        json!({ "fault": "meltdown" }).to_string(),
        json!({ "fault": "slow", "delayMs": "soon" }).to_string(),
        json!({ "fault": "status" }).to_string(),
        json!({ "fault": "status", "status": 42 }).to_string(),
        json!({ "fault": "status", "status": 200, "contentType": "bad\u{1}type" }).to_string(),
        json!({ "fault": "oversized", "bytes": -5 }).to_string(),
        json!({ "fault": "oversized", "bytes": 1u64 << 40 }).to_string(),
        json!({ "fault": "error", "message": "no code" }).to_string(),
        json!({ "fault": "error", "code": 1, "message": "x", "httpStatus": 1000 }).to_string(),
        json!({ "fault": "drop", "times": 1.5 }).to_string(),
        json!({ "fault": "drop", "token": 5 }).to_string(),
    ];
    for body in bad {
        let reply = request(sim.addr(), "POST", "/_sim/faults", &[], body.clone()).await;
        assert_eq!(reply.status, 400, "{body}");
        assert!(reply.json()["error"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    }
    // Nothing was armed.
    assert_eq!(rpc(&sim, envelope("tasks/get", json!({ "id": "x" }))).await.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn arming_echoes_the_normalized_rule() {
    let sim = start().await;
    let reply = control(&sim, "POST", "faults", json!({ "fault": "slow", "token": "t" })).await;
    assert_eq!(
        reply.json(),
        json!({ "ok": true, "armed": { "fault": "slow", "delayMs": 5000, "route": "a2a", "token": "t", "times": 1 } })
    );
    sim.shutdown().await;
}

#[tokio::test]
async fn tokens_route() {
    let sim = start().await;
    let reply = control(&sim, "POST", "tokens", json!({ "token": "free-1", "plan": "free" })).await;
    assert_eq!(reply.status, 200);
    assert_eq!(send_text_as(&sim, "free-1", None, "grace").await.error_code(), -32005);
    let reply = control(&sim, "POST", "tokens", json!({ "token": "paid-1", "rateDefault": "2/5s" })).await;
    assert_eq!(reply.json()["rateDefault"], "2/5s");
    assert_eq!(reply.json()["plan"], "paid");
    assert_eq!(send_text_as(&sim, "paid-1", None, "grace").await.status, 200);
    // Re-registering replaces the plan.
    control(&sim, "POST", "tokens", json!({ "token": "paid-1", "plan": "free" })).await;
    assert_eq!(send_text_as(&sim, "paid-1", None, "grace").await.status, 403);
    for bad in [
        json!({}),
        json!({ "token": "" }),
        json!({ "token": "has space" }),
        json!({ "token": 5 }),
        json!({ "token": "t", "plan": "gold" }),
        json!({ "token": "t", "rateDefault": "fast" }),
        json!({ "token": "t", "rateExpensive": "1/0s" }),
        json!({ "token": "t", "colour": "red" }),
        json!([1]),
    ] {
        assert_eq!(control(&sim, "POST", "tokens", bad.clone()).await.status, 400, "{bad}");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn clock_route() {
    let sim = start().await;
    let reply = control(&sim, "POST", "clock", json!({ "advanceSecs": 86_400 })).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["now"], "2026-03-20T08:30:00.000Z");
    let text = single_text(&send_text(&sim, Some("liturgical_readings"), "today").await, "mass_readings");
    assert!(text.starts_with("Mass readings for Friday, March 20, 2026"), "{text}");
    for bad in [
        json!({}),
        json!({ "advanceSecs": -1 }),
        json!({ "advanceSecs": "1" }),
        json!({ "advanceSecs": 1e12 }),
        json!({ "advance": 1 }),
    ] {
        assert_eq!(control(&sim, "POST", "clock", bad.clone()).await.status, 400, "{bad}");
    }
    control(&sim, "POST", "reset", Value::Null).await;
    let reply = control(&sim, "POST", "clock", json!({ "advanceSecs": 0 })).await;
    assert_eq!(
        (reply.json()["now"].as_str(), reply.json()["offsetSecs"].as_f64()),
        (Some("2026-03-19T08:30:00.000Z"), Some(0.0))
    );
    sim.shutdown().await;
}

#[tokio::test]
async fn reset_clears_tasks_faults_and_tokens() {
    let sim = start().await;
    let task = send_text(&sim, Some("document_search"), "grace").await;
    control(&sim, "POST", "tokens", json!({ "token": "temp" })).await;
    arm(&sim, json!({ "fault": "html_502", "token": "nobody" })).await;
    assert_eq!(control(&sim, "POST", "reset", json!({})).await.json(), json!({ "ok": true }));
    let get = rpc(&sim, envelope("tasks/get", json!({ "id": task["id"] }))).await;
    assert_eq!(get.error_code(), -32001);
    assert_eq!(send_text_as(&sim, "temp", None, "grace").await.status, 401);
    assert_eq!(send_text_as(&sim, "nobody", None, "grace").await.status, 401, "the fault is gone");
    // Configured tokens survive.
    assert_eq!(send_text_as(&sim, "demo-token", None, "grace").await.status, 200);
    sim.shutdown().await;
}

#[tokio::test]
async fn faults_clear_disarms_only_one_tokens_faults() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "html_502", "token": "demo-token", "times": 0 })).await;
    arm(&sim, json!({ "fault": "html_502", "token": "other" })).await;
    let cleared = control(&sim, "POST", "faults/clear", json!({ "token": "demo-token" })).await;
    assert_eq!(cleared.json(), json!({ "ok": true, "removed": 1 }));
    assert_eq!(send_text_as(&sim, "demo-token", None, "grace").await.status, 200);
    let bad = control(&sim, "POST", "faults/clear", json!({})).await;
    assert_eq!(bad.status, 400);
    sim.shutdown().await;
}

#[tokio::test]
async fn unknown_control_routes_and_methods() {
    let sim = start().await;
    assert_eq!(request(sim.addr(), "GET", "/_sim/nothing", &[], "").await.status, 404);
    assert_eq!(request(sim.addr(), "GET", "/_sim/faults", &[], "").await.status, 405);
    assert_eq!(request(sim.addr(), "DELETE", "/_sim/reset", &[], "").await.status, 405);
    sim.shutdown().await;
}

#[tokio::test]
async fn no_control_disables_the_routes() {
    let config = magisterium_sim::Config { no_control: true, ..config() };
    let sim = Server::start(config).await;
    for route in ["faults", "tokens", "clock", "reset"] {
        assert_eq!(control(&sim, "POST", route, json!({})).await.status, 404, "{route}");
    }
    assert_eq!(send_text(&sim, Some("document_search"), "grace").await["kind"], "task");
    sim.shutdown().await;
}

/// A non-loopback address of this machine, if it has one (no packet is sent).
fn non_loopback_ip() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    Some(socket.local_addr().ok()?.ip()).filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}

#[tokio::test]
async fn control_routes_refuse_non_loopback_peers() {
    let Some(ip) = non_loopback_ip() else {
        eprintln!("no non-loopback interface on this machine: nothing to check");
        return;
    };
    let config = magisterium_sim::Config { addr: "0.0.0.0:0".parse().unwrap(), ..config() };
    let sim = Server::start(config).await;
    let outside = std::net::SocketAddr::new(ip, sim.addr().port());
    let reply = request(outside, "POST", "/_sim/reset", &[], "{}").await;
    assert_eq!(reply.status, 403);
    assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
    // The A2A endpoint itself answers anyone.
    let body = envelope("tasks/get", json!({ "id": "x" })).to_string();
    let reply = request(outside, "POST", "/api/v1/a2a", &[("authorization", "Bearer demo-token")], body).await;
    assert_eq!(reply.error_code(), -32001);
    sim.shutdown().await;
}
