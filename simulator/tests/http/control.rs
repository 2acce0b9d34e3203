//! The /_sim/ control routes: good and bad input, reset, loopback-only (peers, Hosts and Origins),
//! and --no-control; a Host that is not this machine's (DNS rebinding), and --allow-host.

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

#[tokio::test]
async fn control_routes_obey_only_this_machines_own_pages_and_tools() {
    let sim = start().await;
    let planted = json!({ "fault": "error", "code": -32603, "message": "planted" }).to_string();
    for headers in
        [vec![("origin", "https://evil.example")], vec![("host", "evil.example:8787")], vec![("origin", "null")]]
    {
        let reply = request(sim.addr(), "POST", "/_sim/faults", &headers, planted.clone()).await;
        assert_eq!(reply.status, 403, "{headers:?}");
        assert_eq!(reply.header("access-control-allow-origin"), None, "{headers:?}: no CORS");
        let preflight = request(sim.addr(), "OPTIONS", "/_sim/reset", &headers, "").await;
        assert_eq!((preflight.status, preflight.header("access-control-allow-origin")), (403, None), "{headers:?}");
    }
    let body = envelope("tasks/get", json!({ "id": "x" }));
    assert_eq!(rpc(&sim, body.clone()).await.error_code(), -32001, "nothing was planted");
    let local = [("origin", "http://127.0.0.1:5173")];
    let preflight = request(sim.addr(), "OPTIONS", "/_sim/faults", &local, "").await;
    assert_eq!(
        (preflight.status, preflight.header("access-control-allow-origin")),
        (204, Some("*")),
        "a page of this machine"
    );
    assert_eq!(request(sim.addr(), "POST", "/_sim/faults", &local, planted).await.status, 200);
    assert_eq!(rpc(&sim, body).await.error_code(), -32603);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_host_that_names_another_machine_is_misdirected_unless_allowed() {
    let sim = start().await;
    let rebound = request(sim.addr(), "GET", "/.well-known/agent.json", &[("host", "evil.example:8787")], "").await;
    assert_eq!(rebound.status, 421, "the card does not take another name as its URL");
    let body = envelope("tasks/get", json!({ "id": "x" })).to_string();
    let headers = [("host", "evil.example"), ("authorization", "Bearer demo-token")];
    assert_eq!(request(sim.addr(), "POST", "/api/v1/a2a", &headers, body).await.status, 421);
    let local = request(sim.addr(), "GET", "/.well-known/agent.json", &[("host", "localhost:8787")], "").await;
    assert_eq!(local.status, 200);
    assert!(
        local.json()["url"].as_str().is_some_and(|url| url.starts_with("http://localhost:8787/")),
        "{}",
        local.json()["url"]
    );
    sim.shutdown().await;
    let sim = Server::start(magisterium_sim::Config { allow_hosts: vec!["Sim".into()], ..config() }).await;
    let named = request(sim.addr(), "GET", "/.well-known/agent.json", &[("host", "sim:8787")], "").await;
    assert_eq!(named.status, 200, "a name given with --allow-host");
    assert!(named.json()["url"].as_str().is_some_and(|url| url.starts_with("http://sim:8787/")));
    sim.shutdown().await;
}
