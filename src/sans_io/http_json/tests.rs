use super::*;
use crate::sans_io::request_shape::request_v1;
use crate::sans_io::wire::read_response;
use serde_json::{Value, json};

const BASE: &str = "https://agent.example/a2a/rest";

/// The request of `method` with `params`.
fn rpc(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params})
}

/// (verb, url, body) of the request of `method` with `params` at `base`.
fn mapped(base: &str, method: &str, params: Value) -> (&'static str, String, Option<Value>) {
    let r = request(&rpc(method, params), base).unwrap();
    (r.verb.as_str(), r.url, r.body)
}

#[test]
fn every_method_has_the_route_of_the_sdks_rest_handler() {
    let message = json!({"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "hi"}]});
    let send = json!({"message": message, "configuration": {"returnImmediately": true}});
    let cases: [(&str, Value, &str, &str, Option<Value>); 11] = [
        ("SendMessage", send.clone(), "POST", "/message:send", Some(send.clone())),
        ("SendStreamingMessage", send.clone(), "POST", "/message:stream", Some(send.clone())),
        ("GetTask", json!({"id": "t-1", "historyLength": 3}), "GET", "/tasks/t-1?historyLength=3", None),
        ("GetTask", json!({"id": "t-1"}), "GET", "/tasks/t-1", None),
        ("CancelTask", json!({"id": "t-1"}), "POST", "/tasks/t-1:cancel", None),
        ("SubscribeToTask", json!({"id": "t-1"}), "GET", "/tasks/t-1:subscribe", None),
        (
            "ListTasks",
            json!({"contextId": "c 1", "includeArtifacts": true, "pageSize": 10, "status": "TASK_STATE_WORKING"}),
            "GET",
            "/tasks?contextId=c%201&includeArtifacts=true&pageSize=10&status=TASK_STATE_WORKING",
            None,
        ),
        ("GetExtendedAgentCard", json!({}), "GET", "/extendedAgentCard", None),
        (
            "CreateTaskPushNotificationConfig",
            json!({"taskId": "t-1", "id": "hook-1", "url": "https://hook.example/", "token": "k"}),
            "POST",
            "/tasks/t-1/pushNotificationConfigs",
            Some(json!({"id": "hook-1", "url": "https://hook.example/", "token": "k"})),
        ),
        (
            "GetTaskPushNotificationConfig",
            json!({"taskId": "t-1", "id": "p"}),
            "GET",
            "/tasks/t-1/pushNotificationConfigs/p",
            None,
        ),
        (
            "ListTaskPushNotificationConfigs",
            json!({"taskId": "t-1", "pageSize": 5}),
            "GET",
            "/tasks/t-1/pushNotificationConfigs?pageSize=5",
            None,
        ),
    ];
    for (method, params, verb, path, body) in cases {
        let got = mapped(BASE, method, params);
        assert_eq!(got, (verb, format!("{BASE}{path}"), body), "{method}");
    }
    let delete = mapped(BASE, "DeleteTaskPushNotificationConfig", json!({"taskId": "t", "id": "p"}));
    assert_eq!(delete, ("DELETE", format!("{BASE}/tasks/t/pushNotificationConfigs/p"), None));
    // A cancel's other params are its body; a tenant is the path's first segment.
    let cancel = mapped(BASE, "CancelTask", json!({"id": "t", "metadata": {"why": "x"}, "tenant": "acme/1"}));
    assert_eq!(cancel, ("POST", format!("{BASE}/acme%2F1/tasks/t:cancel"), Some(json!({"metadata": {"why": "x"}}))));
}

#[test]
fn a_route_takes_out_of_the_body_and_query_the_params_its_path_holds_and_the_tenant() {
    for route in &ROUTES {
        let mut held: Vec<&str> =
            route.path.iter().filter_map(|p| if let Param(key) = p { Some(*key) } else { None }).collect();
        held.push("tenant");
        assert_eq!(route.taken, &held[..], "{}", route.method);
    }
}

#[test]
fn the_core_s_own_requests_map_after_the_1_0_rewrite() {
    let body = crate::sans_io::wire::message_send_body(
        3,
        crate::sans_io::wire::Method::MessageSend,
        &crate::sans_io::wire::MessageMeta { message_id: "m", non_blocking: true, ..Default::default() },
        r#"[{"kind":"text","text":"hi"}]"#,
    );
    let v1 = request_v1(serde_json::from_str::<Value>(&body).unwrap(), None);
    let r = request(&v1, BASE).unwrap();
    assert_eq!((r.verb, r.url.as_str()), (Verb::Post, "https://agent.example/a2a/rest/message:send"));
    let sent = r.body.unwrap();
    assert_eq!(sent["message"]["role"], "ROLE_USER");
    assert_eq!(sent["message"]["parts"], json!([{"text": "hi"}]));
    assert_eq!(sent["configuration"], json!({"returnImmediately": true}));
    let list = request_v1(rpc("tasks/list", json!({"status": "working"})), None);
    assert_eq!(request(&list, BASE).unwrap().url, format!("{BASE}/tasks?status=TASK_STATE_WORKING"));
}

#[test]
fn hostile_ids_stay_one_path_segment() {
    for (id, segment) in [
        ("../x", "..%2Fx"),
        ("a/b", "a%2Fb"),
        ("?q", "%3Fq"),
        ("#f", "%23f"),
        ("%2F", "%252F"),
        ("a b", "a%20b"),
        ("é✓", "%C3%A9%E2%9C%93"),
        ("x:cancel", "x%3Acancel"),
        ("a.b-c_d~e", "a.b-c_d~e"),
        ("...", "..."),
    ] {
        assert_eq!(mapped(BASE, "GetTask", json!({"id": id})).1, format!("{BASE}/tasks/{segment}"), "{id:?}");
        assert_eq!(mapped(BASE, "CancelTask", json!({"id": id})).1, format!("{BASE}/tasks/{segment}:cancel"));
        let config = json!({"taskId": id, "id": id});
        let url = mapped(BASE, "GetTaskPushNotificationConfig", config).1;
        assert_eq!(url, format!("{BASE}/tasks/{segment}/pushNotificationConfigs/{segment}"));
        let parsed = crate::url_parser::parse(&url).expect("a URL");
        assert_eq!(
            parsed.href, url,
            "{id:?}: a URL parser keeps it as it is (no segment resolved, no query, no fragment)"
        );
        assert_eq!(url.matches('/').count(), BASE.matches('/').count() + 4, "{id:?}: {url}");
        // A tenant is one segment by the same rule, before every route's path.
        let tenanted = request_v1(rpc("tasks/get", json!({"id": "t"})), Some(id));
        let url = request(&tenanted, BASE).unwrap().url;
        assert_eq!(url, format!("{BASE}/{segment}/tasks/t"), "tenant {id:?}");
        assert_eq!(crate::url_parser::parse(&url).expect("a URL").href, url, "tenant {id:?}: kept as it is");
    }
    for id in ["", ".", ".."] {
        let e = request(&rpc("GetTask", json!({"id": id})), BASE).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{id:?}");
        let tenanted = request_v1(rpc("tasks/get", json!({"id": "t"})), Some(id));
        match request(&tenanted, BASE) {
            Ok(r) => assert_eq!((id, r.url), ("", format!("{BASE}/tasks/t")), "an empty tenant is none"),
            Err(e) => assert_eq!(e.code, ErrorCode::InvalidInput, "tenant {id:?}"),
        }
    }
    // Every route takes the tenant, and it is never in the body or the query.
    let card =
        request_v1(json!({"jsonrpc": "2.0", "id": 1, "method": "agent/getAuthenticatedExtendedCard"}), Some("t"));
    assert_eq!(request(&card, BASE).unwrap().url, format!("{BASE}/t/extendedAgentCard"));
    let list = request_v1(rpc("tasks/list", json!({"pageSize": 2})), Some("t"));
    assert_eq!(request(&list, BASE).unwrap().url, format!("{BASE}/t/tasks?pageSize=2"));
    let send = request_v1(rpc("message/send", json!({"message": {"messageId": "m", "parts": []}})), Some("t"));
    let sent = request(&send, BASE).unwrap();
    assert_eq!(sent.url, format!("{BASE}/t/message:send"));
    assert_eq!(sent.body.unwrap().get("tenant"), None);
    let delete = request_v1(
        rpc("tasks/pushNotificationConfig/delete", json!({"id": "t-1", "pushNotificationConfigId": "p"})),
        Some("t"),
    );
    assert_eq!(request(&delete, BASE).unwrap().url, format!("{BASE}/t/tasks/t-1/pushNotificationConfigs/p"));
    for params in [json!({}), json!({"id": 5}), json!([])] {
        let e = request(&rpc("GetTask", params.clone()), BASE).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{params}");
    }
    // Query values are encoded too.
    let list = mapped(BASE, "ListTasks", json!({"pageToken": "a&b=c#d?e/f%", "contextId": null}));
    assert_eq!(list.1, format!("{BASE}/tasks?pageToken=a%26b%3Dc%23d%3Fe%2Ff%25"));
}

#[test]
fn the_base_keeps_its_path_and_loses_its_trailing_slashes() {
    for base in ["https://a.example/v1/rest", "https://a.example/v1/rest/", "https://a.example/v1/rest//"] {
        assert_eq!(mapped(base, "GetTask", json!({"id": "t"})).1, "https://a.example/v1/rest/tasks/t");
    }
    assert_eq!(mapped("http://127.0.0.1:9/", "ListTasks", json!({})).1, "http://127.0.0.1:9/tasks");
    for base in ["https://a.example/rest?key=1", "https://a.example/rest#x"] {
        let e = request(&rpc("GetTask", json!({"id": "t"})), base).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{base}");
    }
}

#[test]
fn what_cannot_be_a_query_or_has_no_route_is_refused() {
    let refused = [
        rpc("ListTasks", json!({"filter": {"a": 1}})),
        rpc("ListTasks", json!({"pageSize": 1.5})),
        rpc("ListTasks", json!({"pageSize": 1e300})),
        rpc("ListTasks", json!({"ids": [[1]]})),
        rpc("message/send", json!({})),
        rpc("Unknown", json!({})),
        json!({"params": {}}),
        json!("GetTask"),
    ];
    for request_ in refused {
        let e = request(&request_, BASE).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidInput, "{request_}");
    }
    // In the params' order (serde_json's map keeps them sorted).
    let list = mapped(BASE, "ListTasks", json!({"flag": false, "ids": ["a", "b"], "n": -2}));
    assert_eq!(list.1, format!("{BASE}/tasks?flag=false&ids=a&ids=b&n=-2"));
}

fn reply(status: u16, body: Option<Value>) -> HttpReply<Value> {
    HttpReply { status, retry_after_header: None, cache_control: None, request_id: None, body }
}

/// A google.rpc error body as `@a2a-js/sdk` writes it.
fn rest_error(code: u16, status: &str, message: &str, reason: Option<&str>) -> Value {
    let details: Vec<Value> = reason
        .map(
            |r| json!({"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": r, "domain": "a2a-protocol.org"}),
        )
        .into_iter()
        .collect();
    json!({"error": {"code": code, "status": status, "message": message, "details": details}})
}

#[test]
fn a_result_becomes_the_json_rpc_response_the_core_reads() {
    let task = json!({"id": "t", "contextId": "c", "status": {"state": "TASK_STATE_COMPLETED"}});
    let read = response(reply(200, Some(task.clone())), json!(7), Dialect::A2a).unwrap();
    assert_eq!(read.body, Some(json!({"jsonrpc": "2.0", "id": 7, "result": task.clone()})));
    assert_eq!(read_response(read, 7, Dialect::A2a).unwrap(), task);
    // A stream's event is a bare StreamResponse.
    let event = json!({"statusUpdate": {"taskId": "t", "contextId": "c", "status": {"state": "TASK_STATE_WORKING"}}});
    assert_eq!(
        read_response(response(reply(200, Some(event.clone())), json!(2), Dialect::A2a).unwrap(), 2, Dialect::A2a)
            .unwrap(),
        event
    );
    // No content (a push config's delete): `null`, the JSON-RPC route's result for
    // it; a 2xx that is not JSON: refused as on the JSON-RPC route.
    let empty = response(reply(204, None), json!(1), Dialect::A2a).unwrap();
    assert_eq!(empty.body, Some(json!({"jsonrpc": "2.0", "id": 1, "result": null})));
    assert_eq!(read_response(empty, 1, Dialect::A2a).unwrap(), json!(null));
    let not_json = read_response(response(reply(200, None), json!(1), Dialect::A2a).unwrap(), 1, Dialect::A2a);
    let e = not_json.unwrap_err();
    assert_eq!(
        (e.code, e.http_status, e.message.as_str()),
        (ErrorCode::BadResponse, Some(200), "HTTP 200: the response body is not JSON")
    );
}

#[test]
fn google_rpc_errors_give_the_json_rpc_codes() {
    for (reason, code, status) in [
        ("TASK_NOT_FOUND", ErrorCode::TaskNotFound, 404),
        ("TASK_NOT_CANCELABLE", ErrorCode::TaskNotCancelable, 400),
        ("PUSH_NOTIFICATION_NOT_SUPPORTED", ErrorCode::PushNotificationNotSupported, 400),
        ("UNSUPPORTED_OPERATION", ErrorCode::UnsupportedOperation, 400),
        ("CONTENT_TYPE_NOT_SUPPORTED", ErrorCode::ContentTypeNotSupported, 400),
        ("INVALID_AGENT_RESPONSE", ErrorCode::InvalidAgentResponse, 500),
        ("EXTENDED_AGENT_CARD_NOT_CONFIGURED", ErrorCode::AuthenticatedExtendedCardNotConfigured, 400),
        ("EXTENSION_SUPPORT_REQUIRED", ErrorCode::ExtensionSupportRequired, 400),
        ("VERSION_NOT_SUPPORTED", ErrorCode::VersionNotSupported, 400),
        ("INVALID_PARAMS", ErrorCode::InvalidParams, 400),
        ("INTERNAL_ERROR", ErrorCode::InternalError, 500),
    ] {
        let body = rest_error(status, "FAILED_PRECONDITION", "the server's words", Some(reason));
        let e = response(reply(status, Some(body.clone())), json!(1), Dialect::A2a).unwrap_err();
        assert_eq!((e.code, e.http_status, e.rpc_code), (code, Some(status), None), "{reason}");
        assert_eq!(e.message, "the server's words");
        assert_eq!(e.data.as_ref(), Some(&body["error"]["details"]), "the details as sent");
        // The JSON-RPC error of the same meaning gives the same code.
        if let Some(rpc) = [
            (-32001, "TASK_NOT_FOUND"),
            (-32002, "TASK_NOT_CANCELABLE"),
            (-32003, "PUSH_NOTIFICATION_NOT_SUPPORTED"),
            (-32004, "UNSUPPORTED_OPERATION"),
            (-32005, "CONTENT_TYPE_NOT_SUPPORTED"),
            (-32006, "INVALID_AGENT_RESPONSE"),
            (-32007, "EXTENDED_AGENT_CARD_NOT_CONFIGURED"),
            (-32008, "EXTENSION_SUPPORT_REQUIRED"),
            (-32009, "VERSION_NOT_SUPPORTED"),
        ]
        .iter()
        .find(|(_, r)| *r == reason)
        {
            assert_eq!(ErrorCode::from_rpc(f64::from(rpc.0), Dialect::A2a), code, "{reason}");
        }
    }
    // A blank message: the status and the code.
    let blank =
        response(reply(404, Some(rest_error(404, "NOT_FOUND", " ", Some("TASK_NOT_FOUND")))), json!(1), Dialect::A2a);
    assert_eq!(blank.unwrap_err().message, "HTTP 404: TASK_NOT_FOUND");
    // An SSE `event: error` (status 200, the body alone) is an error too.
    let event = rest_error(400, "FAILED_PRECONDITION", "gone", Some("UNSUPPORTED_OPERATION"));
    let e = response(reply(200, Some(event)), json!(1), Dialect::A2a).unwrap_err();
    assert_eq!((e.code, e.http_status), (ErrorCode::UnsupportedOperation, Some(200)));
}

#[test]
fn the_error_info_s_detail_is_the_reason_in_the_message() {
    let mut body = rest_error(404, "NOT_FOUND", "Task not found", Some("TASK_NOT_FOUND"));
    body["error"]["details"][0]["metadata"] = json!({"detail": "no task `nope` here"});
    let e = error_of(Some(&body), 404, None, Dialect::A2a).expect("an error");
    assert_eq!((e.code, e.message.as_str()), (ErrorCode::TaskNotFound, "Task not found: no task `nope` here"));
}

#[test]
fn without_a_known_reason_the_status_decides_as_on_the_json_rpc_route() {
    let statuses = [
        (401, ErrorCode::Unauthorized),
        (403, ErrorCode::Unauthorized),
        (429, ErrorCode::RateLimited),
        (404, ErrorCode::BadResponse),
        (503, ErrorCode::BadResponse),
    ];
    for (status, code) in statuses {
        for body in [
            Some(rest_error(status, "UNKNOWN", "nope", None)),
            Some(rest_error(status, "UNKNOWN", "nope", Some("SOMETHING_ELSE"))),
            Some(json!({"error": {"message": "nope", "details": "junk"}})),
            Some(json!({"message": "not google.rpc"})),
            Some(json!([1])),
            None,
        ] {
            let mut r = reply(status, body.clone());
            r.retry_after_header = Some("7".into());
            let e = response(r, json!(1), Dialect::A2a).unwrap_err();
            assert_eq!((e.code, e.http_status, e.rpc_code), (code, Some(status), None), "{status} {body:?}");
            let json_rpc = read_response(reply(status, None), 1, Dialect::A2a).unwrap_err();
            assert_eq!(json_rpc.code, code, "the JSON-RPC route's code for {status}");
            assert_eq!(e.retry_after, (code == ErrorCode::RateLimited).then_some(7.0));
            assert!(e.message.starts_with(&format!("HTTP {status}: ")), "{}", e.message);
        }
    }
    let e = response(reply(500, Some(rest_error(500, "INTERNAL", "boom", None))), json!(1), Dialect::A2a).unwrap_err();
    assert_eq!(e.message, "HTTP 500: boom");
    // A 2xx body with more than an `error` member is a result; an error status's body need not be alone.
    let result = json!({"error": {"message": "x"}, "id": "t"});
    assert!(response(reply(200, Some(result)), json!(1), Dialect::A2a).is_ok());
    let mut more = rest_error(404, "NOT_FOUND", "gone", Some("TASK_NOT_FOUND"));
    more["trace"] = json!("abc");
    assert_eq!(response(reply(404, Some(more)), json!(1), Dialect::A2a).unwrap_err().code, ErrorCode::TaskNotFound);
}
