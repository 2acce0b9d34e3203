//! The 1.0 → 0.3 result shape over `serde_json::Value`: the cases the Node
//! suite had for the JS version, and any JSON at all passed on without a panic.

use super::*;
use serde_json::{Value, json};

fn result_of(result: Value, v1: bool) -> Value {
    normalised(json!({"jsonrpc": "2.0", "id": 1, "result": result}), v1)["result"].clone()
}

fn task() -> Value {
    let status = json!({"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": "t0",
        "message": {"role": "ROLE_AGENT", "messageId": "a", "parts": [{"text": "which?"}]}});
    json!({"id": "t1", "contextId": "c1", "status": status, "extra": {"kept": true},
        "artifacts": [{"artifactId": "x", "parts": [
            {"raw": "aGk=", "mediaType": "text/plain", "filename": "a.txt", "metadata": {"m": 1}},
            {"url": "https://x/y"}, {"data": [1]}]}],
        "history": [{"role": "ROLE_USER", "messageId": "u", "parts": [{"text": "hi"}], "extensions": ["e"]}]})
}

#[test]
fn a_1_0_result_comes_back_in_the_package_shape_unknown_fields_kept() {
    let expected = json!({
        "kind": "task", "id": "t1", "contextId": "c1", "extra": {"kept": true},
        "status": {"state": "input-required", "timestamp": "t0",
            "message": {"kind": "message", "role": "agent", "messageId": "a", "parts": [{"kind": "text", "text": "which?"}]}},
        "artifacts": [{"artifactId": "x", "parts": [
            {"kind": "file", "metadata": {"m": 1}, "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "a.txt"}},
            {"kind": "file", "file": {"uri": "https://x/y"}},
            {"kind": "data", "data": [1]}]}],
        "history": [{"kind": "message", "role": "user", "messageId": "u", "parts": [{"kind": "text", "text": "hi"}], "extensions": ["e"]}],
    });
    assert_eq!(result_of(json!({"task": task()}), true), expected);
    assert_eq!(result_of(task(), true), expected, "GetTask answers a bare task");
    let list = result_of(json!({"tasks": [task()], "nextPageToken": "n", "totalSize": 1}), true);
    assert_eq!(list, json!({"tasks": [expected], "nextPageToken": "n", "totalSize": 1}));
    let message = result_of(json!({"message": {"role": "ROLE_AGENT", "parts": []}}), true);
    assert_eq!(message, json!({"kind": "message", "role": "agent", "parts": []}));
}

#[test]
fn updates_get_their_kind_final_and_false_flags() {
    let update = |state: &str| json!({"statusUpdate": {"taskId": "t", "contextId": "c", "status": {"state": state}}});
    let working = result_of(update("TASK_STATE_WORKING"), true);
    assert_eq!(
        working,
        json!({"kind": "status-update", "taskId": "t", "contextId": "c", "status": {"state": "working"}, "final": false})
    );
    assert_eq!(result_of(update("TASK_STATE_AUTH_REQUIRED"), true)["final"], true, "where a 1.0 stream ends");
    let told = json!({"statusUpdate": {"status": {"state": "TASK_STATE_WORKING"}, "final": true}});
    assert_eq!(result_of(told, true)["final"], true, "a final sent is kept");
    let artifact = json!({"artifactUpdate": {"taskId": "t", "artifact": {"parts": [{"text": "a"}]}}});
    assert_eq!(
        result_of(artifact, true),
        json!({"append": false, "lastChunk": false, "kind": "artifact-update", "taskId": "t", "artifact": {"parts": [{"kind": "text", "text": "a"}]}})
    );
    let old = json!({"kind": "artifact-update", "append": true, "artifact": {"parts": []}});
    assert_eq!(
        result_of(old, false),
        json!({"lastChunk": false, "kind": "artifact-update", "append": true, "artifact": {"parts": []}}),
        "0.3 too"
    );
    assert_eq!(
        result_of(json!({"id": "t", "status": {"state": "TASK_STATE_UNSPECIFIED"}}), true)["status"]["state"],
        "unknown"
    );
}

#[test]
fn what_is_not_a_result_to_rewrite_is_passed_on_as_it_is() {
    let error = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "data": [{"reason": "TASK_NOT_FOUND"}]}});
    assert_eq!(normalised(error.clone(), true), error);
    let old = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "task", "status": {"state": "TASK_STATE_WORKING"}}});
    assert_eq!(normalised(old.clone(), false), old, "0.3 is not rewritten");
    for odd in [json!(null), json!([1]), json!("x"), json!({"result": 3}), json!({"result": [{"task": 1}]})] {
        assert_eq!(normalised(odd.clone(), true), odd);
    }
    let strange = json!({"kind": "odd", "status": 3, "artifacts": "no", "history": [1, null], "parts": 2});
    assert_eq!(
        result_of(strange, true),
        json!({"kind": "odd", "status": 3, "artifacts": "no", "history": [1, null], "parts": 2}),
        "an own kind is kept; fields of the wrong type are passed on"
    );
}

/// A JSON value from `bytes`, of the keys and strings 1.0 answers use.
fn arbitrary(bytes: &mut impl Iterator<Item = u8>, depth: u8) -> Value {
    const KEYS: [&str; 16] = [
        "task",
        "message",
        "statusUpdate",
        "artifactUpdate",
        "tasks",
        "status",
        "state",
        "role",
        "parts",
        "artifacts",
        "history",
        "artifact",
        "text",
        "raw",
        "kind",
        "final",
    ];
    const STRINGS: [&str; 5] = ["TASK_STATE_WORKING", "TASK_STATE_", "ROLE_AGENT", "artifact-update", ""];
    let b = bytes.next().unwrap_or(0);
    match (b % 8, depth) {
        (_, 0) | (0, _) => Value::Null,
        (1, _) => json!(b.is_multiple_of(2)),
        (2, _) => json!(STRINGS[usize::from(b / 8) % STRINGS.len()]),
        (3 | 4, _) => Value::Array((0..b % 3).map(|_| arbitrary(bytes, depth - 1)).collect()),
        _ => {
            let members = (0..b % 4).map(|i| {
                let key = KEYS[usize::from(bytes.next().unwrap_or(i)) % KEYS.len()];
                (key.to_string(), arbitrary(bytes, depth - 1))
            });
            Value::Object(members.collect())
        }
    }
}

#[test]
fn any_json_is_normalised_without_a_panic_and_stays_an_object_when_it_was_one() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..3000 {
        let bytes: alloc::vec::Vec<u8> = (0..64)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        let result = arbitrary(&mut bytes.into_iter(), 5);
        for v1 in [true, false] {
            let out = normalised(json!({"jsonrpc": "2.0", "id": 1, "result": result.clone()}), v1);
            assert_eq!(out["id"], 1);
            assert_eq!(out["result"].is_object(), result.is_object());
        }
    }
}
