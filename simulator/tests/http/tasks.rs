//! tasks/get and tasks/cancel: retrieval, expiry by the clock, cancel rules.

use crate::common::*;
use serde_json::json;

async fn get(sim: &Server, id: &str) -> Reply {
    rpc(sim, envelope("tasks/get", json!({ "id": id }))).await
}

async fn cancel(sim: &Server, id: &str) -> Reply {
    rpc(sim, envelope("tasks/cancel", json!({ "id": id }))).await
}

#[tokio::test]
async fn tasks_get_returns_the_stored_task() {
    let sim = start().await;
    let task = send_text(&sim, Some("document_search"), "prayer").await;
    let fetched = get(&sim, task["id"].as_str().unwrap()).await;
    assert_eq!(fetched.status, 200);
    assert_eq!(fetched.result(), task);
    let failed = send_text(&sim, None, " ").await;
    assert_eq!(get(&sim, failed["id"].as_str().unwrap()).await.result(), failed);
    sim.shutdown().await;
}

#[tokio::test]
async fn unknown_task_is_not_found() {
    let sim = start().await;
    for method in ["tasks/get", "tasks/cancel"] {
        let reply = rpc(&sim, envelope(method, json!({ "id": "no-such-task" }))).await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.error_code(), -32001);
        assert_eq!(reply.json()["error"]["message"], "Task not found");
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn tasks_expire_after_the_ttl() {
    let config = magisterium_sim::Config { task_ttl_secs: 3600, ..config() };
    let sim = Server::start(config).await;
    let task = send_text(&sim, Some("document_search"), "prayer").await;
    let id = task["id"].as_str().unwrap();
    control(&sim, "POST", "clock", json!({ "advanceSecs": 3599 })).await;
    assert_eq!(get(&sim, id).await.result()["id"], id);
    control(&sim, "POST", "clock", json!({ "advanceSecs": 1 })).await;
    assert_eq!(get(&sim, id).await.error_code(), -32001);
    assert_eq!(cancel(&sim, id).await.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn default_ttl_is_a_day_and_the_library_clock_is_shared() {
    let sim = start().await;
    let task = send_text(&sim, Some("document_search"), "prayer").await;
    let id = task["id"].as_str().unwrap();
    sim.advance(std::time::Duration::from_secs(86_399)).await;
    assert!(get(&sim, id).await.json().get("result").is_some());
    sim.advance(std::time::Duration::from_secs(1)).await;
    assert_eq!(get(&sim, id).await.error_code(), -32001);
    sim.shutdown().await;
}

#[tokio::test]
async fn cancelling_a_terminal_task_is_an_invalid_state_transition() {
    let sim = start().await;
    for query in ["prayer", " "] {
        let task = send_text(&sim, if query == " " { None } else { Some("document_search") }, query).await;
        let reply = cancel(&sim, task["id"].as_str().unwrap()).await;
        assert_eq!(reply.status, 200);
        let error = &reply.json()["error"];
        assert_eq!(error["code"], -32602);
        assert_eq!(error["message"], "Invalid state transition");
        // The task is unchanged.
        assert_eq!(get(&sim, task["id"].as_str().unwrap()).await.result(), task);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn working_tasks_can_be_cancelled_once() {
    let sim = start().await;
    arm(&sim, json!({ "fault": "working" })).await;
    let task = send_text(&sim, None, "What is grace?").await;
    assert_eq!(task["status"]["state"], "working");
    assert_eq!(task["artifacts"], json!([]));
    assert_eq!(task["history"].as_array().unwrap().len(), 1);
    let id = task["id"].as_str().unwrap();
    assert_eq!(get(&sim, id).await.result()["status"]["state"], "working");
    let canceled = cancel(&sim, id).await.result();
    assert_eq!(canceled["status"]["state"], "canceled");
    assert_eq!(canceled["id"], id);
    assert_eq!(get(&sim, id).await.result()["status"]["state"], "canceled");
    let again = cancel(&sim, id).await;
    assert_eq!(again.json()["error"]["message"], "Invalid state transition");
    sim.shutdown().await;
}
