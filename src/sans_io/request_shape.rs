//! A request of the core (written in the A2A 0.3 shape by [`super::wire`])
//! as A2A 1.0 writes it: the method's 1.0 name, the message's `ROLE_USER`
//! role without a `kind`, each part without its `kind` (a file's fields on
//! the part itself: `raw`, `url`, `mediaType`, `filename`),
//! `configuration.blocking: false` as `returnImmediately: true`, and a
//! `tasks/list` `status` as its `TASK_STATE_…` name. The inverse of
//! [`super::result_shape`] for what the client sends; the Rust client's
//! (`npm/js/agent-protocol.js` writes the same for the npm package).

use super::json::{JsonView, Kind};
use super::wire::Method;
use alloc::string::String;
use alloc::vec::Vec;

/// The A2A 1.0 name of a method.
pub fn method_v1(method: Method) -> &'static str {
    match method {
        Method::MessageSend => "SendMessage",
        Method::MessageStream => "SendStreamingMessage",
        Method::TasksGet => "GetTask",
        Method::TasksCancel => "CancelTask",
        Method::TasksResubscribe => "SubscribeToTask",
        Method::TasksList => "ListTasks",
        Method::ExtendedCard => "GetExtendedAgentCard",
    }
}

const METHODS: [Method; 7] = [
    Method::MessageSend,
    Method::MessageStream,
    Method::TasksGet,
    Method::TasksCancel,
    Method::TasksResubscribe,
    Method::TasksList,
    Method::ExtendedCard,
];

/// `request` (a JSON-RPC request the core wrote, parsed) in its A2A 1.0
/// form; anything not of the shape expected is left as it is.
pub fn request_v1<V: JsonView>(mut request: V) -> V {
    if let Some(name) = request.get_string("method")
        && let Some(method) = METHODS.iter().find(|m| m.name() == name)
    {
        request.set("method", V::from_str(method_v1(*method)));
    }
    let Some(mut params) = request.get_kind("params", Kind::Object) else { return request };
    if let Some(message) = params.get_kind("message", Kind::Object) {
        let (_, mut message) = message.others(&["kind"]);
        message.set("role", V::from_str("ROLE_USER"));
        if let Some(mut parts) = message.get_kind("parts", Kind::Array) {
            for index in 0..parts.len() {
                if let Some(part) = parts.at(index) {
                    parts.set_at(index, part_v1(part));
                }
            }
            message.set("parts", parts);
        }
        params.set("message", message);
    }
    let non_blocking = params
        .get("configuration")
        .and_then(|c| c.get("blocking"))
        .is_some_and(|b| b.kind() == Kind::Bool && !b.is_true());
    if non_blocking {
        params.set("configuration", V::object(alloc::vec![(V::from_str("returnImmediately"), V::boolean(true))]));
    }
    if let Some(status) = params.get_string("status") {
        let mut name = String::from("TASK_STATE_");
        name.extend(status.chars().map(|c| if c == '-' { '_' } else { c.to_ascii_uppercase() }));
        params.set("status", V::from_str(&name));
    }
    request.set("params", params);
    request
}

/// A 0.3 part as 1.0 writes it: no `kind`, a file's fields on the part itself.
fn part_v1<V: JsonView>(part: V) -> V {
    let file = part.get_kind("file", Kind::Object).filter(|_| part.member_is("kind", "file"));
    let Some(file) = file else {
        return part.others(&["kind"]).1;
    };
    const FIELDS: [(&str, &str); 4] =
        [("bytes", "raw"), ("uri", "url"), ("mimeType", "mediaType"), ("name", "filename")];
    let mut members: Vec<(V, V)> = file.others(&["bytes", "uri", "mimeType", "name"]).1.members();
    members.extend(part.others(&["kind", "file"]).1.members());
    let mut out = V::object(members);
    for (old, new) in FIELDS {
        if let Some(value) = file.get(old) {
            out.set(new, value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn a_send_is_written_in_the_1_0_shape() {
        let request = json!({"jsonrpc": "2.0", "id": 3, "method": "message/send", "params": {
            "message": {"role": "user", "kind": "message", "messageId": "m", "parts": [
                {"kind": "text", "text": "hi"},
                {"kind": "data", "data": {"a": 1}},
                {"kind": "file", "file": {"uri": "https://x/f", "mimeType": "text/plain", "name": "f", "extra": 1}, "metadata": {}}
            ], "metadata": {"skillId": "echo"}},
            "configuration": {"blocking": false}}});
        let expected = json!({"jsonrpc": "2.0", "id": 3, "method": "SendMessage", "params": {
            "message": {"role": "ROLE_USER", "messageId": "m", "parts": [
                {"text": "hi"},
                {"data": {"a": 1}},
                {"extra": 1, "metadata": {}, "url": "https://x/f", "mediaType": "text/plain", "filename": "f"}
            ], "metadata": {"skillId": "echo"}},
            "configuration": {"returnImmediately": true}}});
        assert_eq!(request_v1(request), expected);
    }

    #[test]
    fn task_methods_and_lists_are_renamed() {
        for (old, new) in [
            ("message/stream", "SendStreamingMessage"),
            ("tasks/get", "GetTask"),
            ("tasks/cancel", "CancelTask"),
            ("tasks/resubscribe", "SubscribeToTask"),
            ("tasks/list", "ListTasks"),
            ("agent/getAuthenticatedExtendedCard", "GetExtendedAgentCard"),
            ("other/method", "other/method"),
        ] {
            let request = json!({"jsonrpc": "2.0", "id": 1, "method": old, "params": {"id": "t"}});
            assert_eq!(request_v1(request)["method"], new);
        }
        let list = json!({"method": "tasks/list", "params": {"status": "input-required", "pageSize": 2}});
        assert_eq!(request_v1(list)["params"], json!({"status": "TASK_STATE_INPUT_REQUIRED", "pageSize": 2}));
        let blocking = json!({"method": "message/send", "params": {"configuration": {"blocking": true}}});
        assert_eq!(request_v1(blocking)["params"]["configuration"], json!({"blocking": true}));
        for odd in [json!(null), json!([]), json!({"method": 7, "params": "x"})] {
            assert_eq!(request_v1::<Value>(odd.clone()), odd);
        }
    }
}
