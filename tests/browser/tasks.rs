//! `getTask` and `cancelTask`: reading back, expiry, and the contract's cancel rules.

use crate::support::*;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::wasm_bindgen_test;

async fn a_task(c: &magisterium_a2a_npm::MagisteriumClient) -> JsValue {
    let message = object(&[
        ("parts", json(r#"[{"kind":"data","data":{"date":"2026-03-19"}}]"#)),
        ("skillId", "saints_of_the_day".into()),
    ]);
    ok(c.send_message(message, none())).await
}

#[wasm_bindgen_test]
async fn get_task_reads_a_task_back() {
    let (c, _) = own_client().await;
    let task = a_task(&c).await;
    let again = ok(c.get_task(text(&task, "id").into(), none())).await;
    assert_eq!(text(&again, "id"), text(&task, "id"));
    assert_eq!(text(&again, "contextId"), text(&task, "contextId"));
}

#[wasm_bindgen_test]
async fn an_unknown_task_is_task_not_found() {
    let (c, _) = own_client().await;
    let e = rejects(c.get_task("no-such-task".into(), none()), "TASK_NOT_FOUND").await;
    assert_eq!(number(&e, "rpcCode"), Some(-32001.0));
    assert_eq!(number(&e, "httpStatus"), Some(200.0));
    rejects(c.cancel_task("no-such-task".into(), none()), "TASK_NOT_FOUND").await;
}

#[wasm_bindgen_test]
async fn cancelling_a_terminal_task_is_an_invalid_state_transition() {
    let (c, _) = own_client().await;
    let task = a_task(&c).await;
    let e = rejects(c.cancel_task(text(&task, "id").into(), none()), "INVALID_PARAMS").await;
    assert_eq!(number(&e, "rpcCode"), Some(-32602.0));
    assert_eq!(
        text(&e, "message"),
        "Invalid state transition: the task is already terminal",
        "the contract's message, then data.detail"
    );
}

#[wasm_bindgen_test]
async fn a_working_task_can_be_read_and_canceled() {
    let (c, token) = own_client().await;
    fault(&token, "working", "").await;
    let task = a_task(&c).await;
    assert_eq!(text(&get(&task, "status"), "state"), "working", "sendMessage returns the task as it is");
    let id = text(&task, "id");
    assert_eq!(text(&get(&ok(c.get_task(id.clone().into(), none())).await, "status"), "state"), "working");
    let canceled = ok(c.cancel_task(id.into(), none())).await;
    assert_eq!(text(&get(&canceled, "status"), "state"), "canceled");
}

#[wasm_bindgen_test]
async fn tasks_expire_after_a_day() {
    let (c, _) = own_client().await;
    let task = a_task(&c).await;
    let id = text(&task, "id");
    control("/_sim/clock", r#"{"advanceSecs":86401}"#).await;
    rejects(c.get_task(id.into(), none()), "TASK_NOT_FOUND").await;
}
