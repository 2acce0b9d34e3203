//! A request of the core, which [`super::wire`] writes in A2A 0.3's shape,
//! in A2A 1.0's: the method's 1.0 name, the message without `kind` and with
//! the role `ROLE_USER`, each part without `kind` (a file's fields on the
//! part itself: `raw`, `url`, `mediaType`, `filename`),
//! `configuration: { returnImmediately: true }` for `blocking: false`, a
//! `tasks/list` status as its 1.0 state, and a push-notification config's
//! call as [`push_config::params_v1`] writes it, and the interface's
//! `tenant` (when it has one) in the params. The counterpart of
//! [`super::result_shape`], whose state table it shares. Anything that is not
//! the shape expected is left as it is.

use super::json::{JsonView, Kind};
use super::push_config;
use super::result_shape::STATES;
use alloc::vec::Vec;

/// The methods' 0.3 and 1.0 names.
const METHODS: [(&str, &str); 7] = [
    ("message/send", "SendMessage"),
    ("message/stream", "SendStreamingMessage"),
    ("tasks/get", "GetTask"),
    ("tasks/cancel", "CancelTask"),
    ("tasks/resubscribe", "SubscribeToTask"),
    ("tasks/list", "ListTasks"),
    ("agent/getAuthenticatedExtendedCard", "GetExtendedAgentCard"),
];

/// `request` (a JSON-RPC request of the core, parsed) in A2A 1.0's shape,
/// rewritten in place (see [`JsonView::set`]); with `tenant` (the chosen
/// interface's, [`super::card::CardHead::tenant`]) set in its params (made
/// when it has none), as `@a2a-js/sdk` 1.3.0 sends it.
pub fn request_v1<V: JsonView>(mut request: V, tenant: Option<&str>) -> V {
    let method = request.get("method").and_then(|m| m.as_string());
    if let Some((_, new)) = METHODS.iter().find(|(old, _)| Some(*old) == method.as_deref()) {
        request.set("method", V::from_str(new));
    }
    let params = request.get("params");
    let tenanted = |mut params: V| {
        if let Some(tenant) = tenant {
            params.set("tenant", V::from_str(tenant));
        }
        params
    };
    if params.is_none() && tenant.is_some() && request.is_kind(Kind::Object) {
        request.set("params", tenanted(V::object(alloc::vec![])));
    }
    let Some(mut params) = params.filter(|p| p.is_kind(Kind::Object)) else { return request };
    if let Some(pushed) = method.as_deref().and_then(|m| push_config::params_v1(m, &params)) {
        if let Some((_, new)) = push_config::METHODS.iter().find(|(old, _)| Some(*old) == method.as_deref()) {
            request.set("method", V::from_str(new));
        }
        request.set("params", tenanted(pushed));
        return request;
    }
    if let Some(message) = params.get("message").filter(|m| m.is_kind(Kind::Object)) {
        let (_, mut message) = message.others(&["kind"]);
        message.set("role", V::from_str("ROLE_USER"));
        if let Some(mut parts) = message.get("parts") {
            for index in 0..parts.len() {
                if let Some(part) = parts.at(index) {
                    parts.set_at(index, part_v1(part));
                }
            }
            message.set("parts", parts);
        }
        params.set("message", message);
    }
    let blocking = params.get("configuration").and_then(|c| c.get("blocking"));
    if blocking.is_some_and(|b| b.is_kind(Kind::Bool) && !b.is_true()) {
        params.set("configuration", V::object(alloc::vec![(V::from_str("returnImmediately"), V::boolean(true))]));
    }
    let status = params.get("status").and_then(|s| s.as_string());
    if let Some((new, _)) = STATES.iter().find(|(_, old)| Some(*old) == status.as_deref()) {
        params.set("status", V::from_str(new));
    }
    request.set("params", tenanted(params));
    request
}

/// A 0.3 part as 1.0 writes it: no `kind`; a file part's `file` object
/// spread onto the part, its fields renamed (the part's own members win over
/// the file's others). Anything else as it is.
fn part_v1<V: JsonView>(part: V) -> V {
    if !part.is_kind(Kind::Object) {
        return part;
    }
    let file = part.get("file").filter(|f| f.is_kind(Kind::Object) && part.member_is("kind", "file"));
    let (_, rest) = part.others(&["kind", "file"]);
    let Some(file) = file else { return rest };
    const FIELDS: [(&str, &str); 4] =
        [("bytes", "raw"), ("uri", "url"), ("mimeType", "mediaType"), ("name", "filename")];
    let (_, more) = file.others(&["bytes", "uri", "mimeType", "name"]);
    let mut members: Vec<(V, V)> = more.members();
    members.extend(rest.members());
    for (old, new) in FIELDS {
        if let Some(value) = file.get(old) {
            members.push((V::from_str(new), value));
        }
    }
    V::object(members)
}

#[cfg(test)]
mod tests;
