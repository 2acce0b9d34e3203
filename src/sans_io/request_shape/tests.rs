//! The 0.3 → 1.0 request shape over `serde_json::Value`: the cases the Node
//! suite had for the JS version, and any JSON at all without a panic.

use super::*;
use serde_json::{Value, json};

fn send(params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": params})
}

#[test]
fn a_0_3_request_becomes_1_0_method_role_parts_without_kind_return_immediately() {
    let message = json!({
        "role": "user", "kind": "message", "messageId": "m1", "contextId": "c1", "metadata": {"skillId": "echo"},
        "parts": [
            {"kind": "text", "text": "hi", "metadata": {"lang": "la"}},
            {"kind": "data", "data": {"n": 1}},
            {"kind": "file", "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "hi.txt"}},
            {"kind": "file", "file": {"uri": "https://x.example/a.pdf", "extra": 1}, "metadata": {"m": 2}},
        ],
    });
    let request = request_v1(send(json!({"message": message, "configuration": {"blocking": false}})), None);
    assert_eq!(request["method"], "SendMessage");
    assert_eq!(
        request["params"],
        json!({
            "message": {
                "role": "ROLE_USER", "messageId": "m1", "contextId": "c1", "metadata": {"skillId": "echo"},
                "parts": [
                    {"text": "hi", "metadata": {"lang": "la"}},
                    {"data": {"n": 1}},
                    {"raw": "aGk=", "mediaType": "text/plain", "filename": "hi.txt"},
                    {"extra": 1, "metadata": {"m": 2}, "url": "https://x.example/a.pdf"},
                ],
            },
            "configuration": {"returnImmediately": true},
        })
    );
    for (old, new) in METHODS {
        let request = request_v1(json!({"jsonrpc": "2.0", "id": 2, "method": old, "params": {"id": "t"}}), None);
        assert_eq!((request["method"].as_str(), &request["params"]), (Some(new), &json!({"id": "t"})));
    }
    let card = request_v1(json!({"jsonrpc": "2.0", "id": 4, "method": "agent/getAuthenticatedExtendedCard"}), None);
    assert_eq!(card["method"], "GetExtendedAgentCard", "the Rust A2AClient's extended card in 1.0");
    let list = json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/list", "params": {"status": "input-required", "pageSize": 5}});
    assert_eq!(
        request_v1(list, None),
        json!({"jsonrpc": "2.0", "id": 3, "method": "ListTasks", "params": {"status": "TASK_STATE_INPUT_REQUIRED", "pageSize": 5}})
    );
    let blocking = request_v1(send(json!({"configuration": {"blocking": true}})), None);
    assert_eq!(
        blocking["params"],
        json!({"configuration": {"blocking": true}}),
        "only blocking: false becomes returnImmediately"
    );
}

#[test]
fn a_tenant_goes_in_the_params_of_every_request() {
    let get =
        request_v1(json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "t"}}), Some("acme"));
    assert_eq!(get["params"], json!({"id": "t", "tenant": "acme"}));
    let send = request_v1(send(json!({"message": {"kind": "message", "parts": []}})), Some("a/b é"));
    assert_eq!(send["params"], json!({"message": {"role": "ROLE_USER", "parts": []}, "tenant": "a/b é"}));
    let card =
        request_v1(json!({"jsonrpc": "2.0", "id": 4, "method": "agent/getAuthenticatedExtendedCard"}), Some("acme"));
    assert_eq!(card["params"], json!({"tenant": "acme"}), "params made for it");
    let push = json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/pushNotificationConfig/get",
        "params": {"id": "t", "pushNotificationConfigId": "c"}});
    assert_eq!(request_v1(push, Some("acme"))["params"], json!({"taskId": "t", "id": "c", "tenant": "acme"}));
    let none = request_v1(json!({"jsonrpc": "2.0", "id": 6, "method": "tasks/get", "params": {"id": "t"}}), None);
    assert_eq!(none["params"], json!({"id": "t"}), "no tenant: none sent");
    for odd in [json!(null), json!([1]), json!({"method": "x/y", "params": [1]})] {
        assert_eq!(request_v1(odd.clone(), Some("acme")), odd, "not an object's params: left as it is");
    }
}

#[test]
fn what_is_not_the_shape_expected_is_left_as_it_is() {
    for odd in [json!(null), json!([1]), json!({"method": 7}), json!({"method": "x/y", "params": [1]})] {
        assert_eq!(request_v1(odd.clone(), None), odd);
    }
    let odd_parts = request_v1(send(json!({"message": {"parts": [1, "x", {"kind": "file", "file": 3}]}})), None);
    assert_eq!(odd_parts["params"]["message"], json!({"role": "ROLE_USER", "parts": [1, "x", {}]}));
}

/// A small deterministic generator of JSON values with the keys requests use.
fn value(seed: &mut u64, depth: u32) -> Value {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let pick = (*seed >> 33) as usize;
    const KEYS: [&str; 12] = [
        "method",
        "params",
        "message",
        "parts",
        "kind",
        "file",
        "bytes",
        "configuration",
        "blocking",
        "status",
        "role",
        "__proto__",
    ];
    if depth == 0 || pick.is_multiple_of(4) {
        return [json!(null), json!(false), json!(1), json!("file"), json!("message/send"), json!("working")][pick % 6]
            .clone();
    }
    if pick % 4 == 1 {
        return Value::Array((0..pick % 3).map(|_| value(seed, depth - 1)).collect());
    }
    let mut object = serde_json::Map::new();
    for i in 0..pick % 5 {
        object.insert(KEYS[(pick / 7 + i) % KEYS.len()].into(), value(seed, depth - 1));
    }
    Value::Object(object)
}

#[test]
fn any_json_is_rewritten_without_a_panic() {
    let mut seed: u64 = 7;
    for _ in 0..20_000 {
        let tenant = seed.is_multiple_of(2).then_some("t");
        let _ = request_v1(value(&mut seed, 5), tenant);
    }
}
