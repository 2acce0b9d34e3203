//! CORS, the agent card, and answers to other paths and methods.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn preflight_answers_any_path_with_exact_headers() {
    let sim = start().await;
    // (The /_sim/ controls answer the preflight of this machine's pages only: control.rs.)
    for path in ["/api/v1/a2a", "/.well-known/agent.json", "/anything/else"] {
        let headers = [
            ("origin", "http://other.example:5173"),
            ("access-control-request-method", "POST"),
            ("access-control-request-headers", "content-type, authorization"),
        ];
        let reply = request(sim.addr(), "OPTIONS", path, &headers, "").await;
        assert_eq!(reply.status, 204, "{path}");
        assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
        assert_eq!(reply.header("access-control-allow-methods"), Some("POST, OPTIONS"));
        assert_eq!(reply.header("access-control-allow-headers"), Some("Content-Type, Authorization"));
        assert!(reply.body.is_empty());
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn every_response_allows_any_origin() {
    let sim = start().await;
    let ok = send_text_as(&sim, "demo-token", Some("document_search"), "grace").await;
    let unauthorized = send_text_as(&sim, "nope", None, "grace").await;
    let parse_error = post_raw(&sim, Some("demo-token"), "{").await;
    let card = request(sim.addr(), "GET", "/.well-known/agent.json", &[], "").await;
    let not_found = request(sim.addr(), "GET", "/nope", &[], "").await;
    let not_allowed = request(sim.addr(), "GET", "/api/v1/a2a", &[], "").await;
    let control_reply = control(&sim, "POST", "reset", json!({})).await;
    for (name, reply) in [
        ("ok", &ok),
        ("401", &unauthorized),
        ("parse", &parse_error),
        ("card", &card),
        ("404", &not_found),
        ("405", &not_allowed),
        ("control", &control_reply),
    ] {
        assert_eq!(reply.header("access-control-allow-origin"), Some("*"), "{name}");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn agent_card() {
    let sim = start().await;
    let reply = request(sim.addr(), "GET", "/.well-known/agent.json", &[], "").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("cache-control"), Some("public, max-age=3600"));
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let card = reply.json();
    assert_eq!(card["url"], sim.endpoint());
    assert_eq!(card["protocolVersion"], "0.2.6");
    assert_eq!(
        card["capabilities"],
        json!({ "streaming": false, "pushNotifications": false, "stateTransitionHistory": true })
    );
    for field in ["name", "description", "version"] {
        assert!(card[field].as_str().is_some_and(|s| !s.is_empty()), "{field}");
    }
    assert!(card["defaultInputModes"].is_array() && card["defaultOutputModes"].is_array());
    let ids: Vec<&str> = card["skills"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["catholic_qa", "document_search", "document_fetch", "liturgical_readings", "saints_of_the_day"]);
    for skill in card["skills"].as_array().unwrap() {
        assert!(skill["name"].is_string() && skill["description"].is_string());
        assert!(!skill["tags"].as_array().unwrap().is_empty());
        assert!(!skill["examples"].as_array().unwrap().is_empty());
    }
    assert_eq!(card["securitySchemes"]["bearer"]["type"], "http");
    assert_eq!(card["securitySchemes"]["bearer"]["scheme"], "bearer");
    assert_eq!(card["security"], json!([{ "bearer": [] }]));
    // The URL follows the Host header; one that names no host of this machine is refused (control.rs).
    let proxied = request(sim.addr(), "GET", "/.well-known/agent.json", &[("host", "localhost:9999")], "").await;
    assert_eq!(proxied.json()["url"], "http://localhost:9999/api/v1/a2a");
    let hostile = request(sim.addr(), "GET", "/.well-known/agent.json", &[("host", "evil/<x>")], "").await;
    assert_eq!(hostile.status, 421);
    sim.shutdown().await;
}

#[tokio::test]
async fn other_paths_and_methods() {
    let sim = start().await;
    let not_found = request(sim.addr(), "GET", "/", &[], "").await;
    assert_eq!(not_found.status, 404);
    assert!(not_found.json()["error"].is_string());
    assert_eq!(request(sim.addr(), "POST", "/api/v1/a2a/extra", &[], "{}").await.status, 404);
    for method in ["GET", "PUT", "DELETE", "PATCH"] {
        let reply = request(sim.addr(), method, "/api/v1/a2a", &[], "").await;
        assert_eq!(reply.status, 405, "{method}");
        assert_eq!(reply.header("allow"), Some("POST, OPTIONS"));
    }
    let reply = request(sim.addr(), "POST", "/.well-known/agent.json", &[], "").await;
    assert_eq!((reply.status, reply.header("allow")), (405, Some("GET, OPTIONS")));
    sim.shutdown().await;
}

#[tokio::test]
async fn query_strings_are_ignored_by_routing() {
    let sim = start().await;
    let reply = request(sim.addr(), "GET", "/.well-known/agent.json?x=1", &[], "").await;
    assert_eq!(reply.status, 200);
    sim.shutdown().await;
}
