//! Push-notification configs: the four calls (0.3
//! `tasks/pushNotificationConfig/set|get|list|delete`, 1.0
//! `Create|Get|List|DeleteTaskPushNotificationConfig`), their requests in
//! 0.3's shape, each version's answer read into the package's one shape, and
//! the two rewrites between the versions ([`params_v1`] for
//! [`super::request_shape`], [`config_v03`] for [`super::result_shape`]).
//!
//! The package's shape of a config is 0.3's `TaskPushNotificationConfig`:
//! `{ taskId, pushNotificationConfig: { id?, url, token?, authentication?: {
//! schemes, credentials? } } }`; a list is `{ configs, nextPageToken? }` (1.0's
//! wrapper, so that a 1.0 agent's paging is kept; a 0.3 agent's bare array is
//! wrapped). 1.0 writes a config flat (`{ taskId, id, url, token,
//! authentication: { scheme, credentials } }`) and asks for one by `{ taskId,
//! id }`; 0.3 by `{ id, pushNotificationConfigId }`.

use super::error::CallError;
use super::json::{JsonView, Kind};
use super::jsonw;
use alloc::string::String;
use alloc::vec::Vec;

/// Which of the four calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushOp {
    /// `set` (1.0 `Create…`): the config as stored.
    Set,
    /// `get`: one config of a task.
    Get,
    /// `list`: a task's configs.
    List,
    /// `delete`: nothing.
    Delete,
}

/// The 0.3 and 1.0 names of the calls.
pub const METHODS: [(&str, &str); 4] = [
    (PushOp::Set.name(), "CreateTaskPushNotificationConfig"),
    (PushOp::Get.name(), "GetTaskPushNotificationConfig"),
    (PushOp::List.name(), "ListTaskPushNotificationConfigs"),
    (PushOp::Delete.name(), "DeleteTaskPushNotificationConfig"),
];

impl PushOp {
    /// The four, in order: an op's index here is `op as usize`, by which
    /// [`METHODS`] and the npm package's lazily loaded part name it.
    pub const ALL: [PushOp; 4] = [PushOp::Set, PushOp::Get, PushOp::List, PushOp::Delete];

    /// The 0.3 method name (alone: a bundle that sends these calls in 0.3's
    /// shape links no 1.0 name, see [`METHODS`]).
    pub const fn name(self) -> &'static str {
        match self {
            PushOp::Set => "tasks/pushNotificationConfig/set",
            PushOp::Get => "tasks/pushNotificationConfig/get",
            PushOp::List => "tasks/pushNotificationConfig/list",
            PushOp::Delete => "tasks/pushNotificationConfig/delete",
        }
    }
}

/// One call's arguments, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PushCall {
    /// Which call.
    pub op: PushOp,
    /// The task.
    pub task_id: String,
    /// `get`, `delete`: the config's id. `set`: the config (0.3's
    /// `PushNotificationConfig`, a JSON object, serialized).
    pub argument: String,
}

/// A call's arguments checked (INVALID_INPUT before any request): a task id;
/// for `get` and `delete` a config id; for `set` the config, serialized as
/// `config_json`, checked on `parsed` (the same config parsed back): an
/// object with a string `url`.
pub fn push_call<V: JsonView, E>(
    op: PushOp,
    task_id: Option<String>,
    argument: Option<String>,
    parsed: Option<&V>,
) -> Result<PushCall, CallError<E>> {
    let task_id = super::validate::required_text("taskId", task_id)?;
    let argument = match op {
        PushOp::List => String::new(),
        PushOp::Get | PushOp::Delete => super::validate::required_text("configId", argument)?,
        PushOp::Set => {
            let url = parsed.and_then(|config| config.get_kind("url", Kind::String));
            if url.is_none() || argument.is_none() {
                return Err(CallError::invalid_input("config must be an object with a string `url`"));
            }
            argument.unwrap_or_default()
        }
    };
    Ok(PushCall { op, task_id, argument })
}

impl PushCall {
    /// The request's `params`, in 0.3's shape.
    pub fn params(&self) -> String {
        let mut out = String::with_capacity(64 + self.task_id.len() + self.argument.len());
        if self.op == PushOp::Set {
            out.push_str(r#"{"taskId":"#);
            jsonw::push_string(&mut out, &self.task_id);
            out.push_str(r#","pushNotificationConfig":"#);
            out.push_str(&self.argument);
        } else {
            out.push_str(r#"{"id":"#);
            jsonw::push_string(&mut out, &self.task_id);
            if self.op != PushOp::List {
                out.push_str(r#","pushNotificationConfigId":"#);
                jsonw::push_string(&mut out, &self.argument);
            }
        }
        out.push('}');
        out
    }

    /// The result in the package's shape, checked (see [`PushOp::read`]).
    pub fn read<V: JsonView>(&self, result: V) -> Result<V, CallError<V>> {
        self.op.read(result)
    }
}

impl PushOp {
    /// The result of this call in the package's shape, checked: a config (`set`, `get`),
    /// `{ configs, nextPageToken? }` (`list`; a bare array wrapped, a missing
    /// `configs` an empty one), or as
    /// sent (`delete`, whose result is `null`).
    pub fn read<V: JsonView>(self, result: V) -> Result<V, CallError<V>> {
        match self {
            PushOp::Delete => Ok(result),
            PushOp::Set | PushOp::Get if is_config(&result) => Ok(result),
            PushOp::Set | PushOp::Get => Err(CallError::bad_response("the result is not a push-notification config")),
            PushOp::List => {
                let (configs, list) = if result.is_kind(Kind::Array) {
                    (result.clone(), V::object(alloc::vec![(V::from_str("configs"), result)]))
                } else if !result.is_kind(Kind::Object) {
                    return Err(CallError::bad_response("the result is not a list of configs"));
                } else if let Some(configs) = result.get_kind("configs", Kind::Array) {
                    (configs, result)
                } else if result.get("configs").is_none() {
                    // 1.0 (protobuf's JSON) leaves an empty list out.
                    let mut list = result;
                    list.set("configs", V::array(alloc::vec![]));
                    (V::array(alloc::vec![]), list)
                } else {
                    return Err(CallError::bad_response("the result's `configs` is not an array"));
                };
                if configs.elements().all(|config| is_config(&config)) {
                    Ok(list)
                } else {
                    Err(CallError::bad_response("a listed push-notification config is not of its shape"))
                }
            }
        }
    }
}

/// A config in the package's shape: a `pushNotificationConfig` object with a string `url`.
fn is_config<V: JsonView>(value: &V) -> bool {
    value.get_kind("pushNotificationConfig", Kind::Object).is_some_and(|c| c.get_kind("url", Kind::String).is_some())
}

/// The `params` of the 0.3 call `method` in 1.0's shape (see the module's
/// docs); `None` for any other method. Anything not of the shape expected is
/// left as it is.
pub fn params_v1<V: JsonView>(method: &str, params: &V) -> Option<V> {
    let (index, _) = METHODS.iter().enumerate().find(|(_, (old, _))| *old == method)?;
    let key = |k: &str| V::from_str(k);
    if index == PushOp::Set as usize {
        let config = params.get_kind("pushNotificationConfig", Kind::Object)?;
        let (_, rest) = config.others(&["authentication"]);
        let mut members: Vec<(V, V)> = rest.members();
        if let Some(task_id) = params.get("taskId") {
            members.push((key("taskId"), task_id));
        }
        if let Some(auth) = config.get_kind("authentication", Kind::Object) {
            let (_, mut auth_v1) = auth.others(&["schemes"]);
            if let Some(scheme) = auth.get_kind("schemes", Kind::Array).and_then(|s| s.at(0)) {
                auth_v1.set("scheme", scheme);
            }
            members.push((key("authentication"), auth_v1));
        }
        return Some(V::object(members));
    }
    let mut members = alloc::vec![];
    if let Some(task_id) = params.get("id") {
        members.push((key("taskId"), task_id));
    }
    if let Some(config_id) = params.get("pushNotificationConfigId") {
        members.push((key("id"), config_id));
    }
    Some(V::object(members))
}

/// A 1.0 config (flat, with a string `url`) in 0.3's shape; anything else as it is.
pub fn config_v03<V: JsonView>(config: V) -> V {
    if config.get_kind("url", Kind::String).is_none() {
        return config;
    }
    let (_, mut inner) = config.others(&["taskId", "tenant", "authentication"]);
    if let Some(auth) = config.get_kind("authentication", Kind::Object) {
        let (_, mut auth_v03) = auth.others(&["scheme"]);
        let schemes = match auth.get_kind("scheme", Kind::String) {
            Some(scheme) if scheme.string_len() != Some(0) => alloc::vec![scheme],
            _ => alloc::vec![],
        };
        auth_v03.set("schemes", V::array(schemes));
        inner.set("authentication", auth_v03);
    }
    let mut members = alloc::vec![];
    if let Some(task_id) = config.get("taskId") {
        members.push((V::from_str("taskId"), task_id));
    }
    members.push((V::from_str("pushNotificationConfig"), inner));
    V::object(members)
}

/// A 1.0 list (`{ configs, … }`) with each config in 0.3's shape; anything else as it is.
pub fn list_v03<V: JsonView>(mut list: V) -> V {
    if let Some(mut configs) = list.get_kind("configs", Kind::Array) {
        for index in 0..configs.len() {
            if let Some(config) = configs.at(index) {
                configs.set_at(index, config_v03(config));
            }
        }
        list.set("configs", configs);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    type E = CallError<Value>;

    fn call(op: PushOp, argument: Option<&str>, config: Option<Value>) -> Result<PushCall, E> {
        let argument = config.as_ref().map(Value::to_string).or(argument.map(String::from));
        push_call(op, Some(String::from("t")), argument, config.as_ref())
    }

    #[test]
    fn each_op_is_named_by_its_index() {
        for (index, op) in PushOp::ALL.into_iter().enumerate() {
            assert_eq!((op as usize, METHODS[index].0), (index, op.name()), "{op:?}");
        }
    }

    #[test]
    fn requests_in_0_3_and_their_1_0_rewrite() {
        let config = json!({"id": "c", "url": "https://hook.example/", "authentication": {"schemes": ["Bearer", "Basic"], "credentials": "x"}});
        let set = call(PushOp::Set, None, Some(config)).unwrap();
        let params: Value = serde_json::from_str(&set.params()).unwrap();
        assert_eq!(
            params,
            json!({"taskId": "t", "pushNotificationConfig": {"id": "c", "url": "https://hook.example/",
            "authentication": {"schemes": ["Bearer", "Basic"], "credentials": "x"}}})
        );
        assert_eq!(
            params_v1(PushOp::Set.name(), &params).unwrap(),
            json!({"taskId": "t", "id": "c",
            "url": "https://hook.example/", "authentication": {"scheme": "Bearer", "credentials": "x"}})
        );
        for (op, params_03, params_10) in [
            (PushOp::Get, json!({"id": "t", "pushNotificationConfigId": "c"}), json!({"taskId": "t", "id": "c"})),
            (PushOp::Delete, json!({"id": "t", "pushNotificationConfigId": "c"}), json!({"taskId": "t", "id": "c"})),
            (PushOp::List, json!({"id": "t"}), json!({"taskId": "t"})),
        ] {
            let params: Value = serde_json::from_str(&call(op, Some("c"), None).unwrap().params()).unwrap();
            assert_eq!(params, params_03, "{op:?}");
            assert_eq!(params_v1(op.name(), &params).unwrap(), params_10, "{op:?}");
        }
        assert_eq!(params_v1::<Value>("tasks/get", &json!({"id": "t"})), None);
    }

    #[test]
    fn arguments_are_checked_before_any_request() {
        for (op, argument, config) in [
            (PushOp::Set, None, Some(json!({"id": "c"}))),
            (PushOp::Set, None, Some(json!(["https://hook.example/"]))),
            (PushOp::Get, Some(" "), None),
            (PushOp::Delete, None, None),
        ] {
            assert!(call(op, argument, config).is_err(), "{op:?}");
        }
        assert!(push_call::<Value, Value>(PushOp::List, None, None, None).is_err(), "a task id is required");
    }

    #[test]
    fn answers_of_either_version_read_into_one_shape() {
        let v03 = json!({"taskId": "t", "pushNotificationConfig": {"id": "c", "url": "https://hook.example/",
            "authentication": {"schemes": ["Bearer"], "credentials": "x"}}});
        let v10 = json!({"taskId": "t", "id": "c", "url": "https://hook.example/", "tenant": "",
            "authentication": {"scheme": "Bearer", "credentials": "x"}});
        assert_eq!(config_v03(v10.clone()), v03);
        assert_eq!(config_v03(v03.clone()), v03, "a 0.3 config as it is");
        let get = call(PushOp::Get, Some("c"), None).unwrap();
        assert_eq!(get.read(v03.clone()).unwrap(), v03);
        assert!(get.read(json!({"url": 1})).is_err());
        assert!(get.read(json!(null)).is_err());
        let list = call(PushOp::List, None, None).unwrap();
        let wrapped = json!({"configs": [v03.clone()]});
        assert_eq!(list.read(json!([v03.clone()])).unwrap(), wrapped, "0.3's array wrapped");
        assert_eq!(
            list.read(list_v03(json!({"configs": [v10], "nextPageToken": ""}))).unwrap(),
            json!({"configs": [v03], "nextPageToken": ""})
        );
        assert_eq!(list.read(json!({})).unwrap(), json!({"configs": []}), "1.0 leaves an empty list out");
        for bad in [json!({"configs": 3}), json!([{"url": "x"}]), json!("x")] {
            assert!(list.read(bad.clone()).is_err(), "{bad}");
        }
        let delete = call(PushOp::Delete, Some("c"), None).unwrap();
        assert_eq!(delete.read(json!(null)).unwrap(), json!(null));
    }

    #[test]
    fn the_request_and_result_shapes_apply_them() {
        use super::super::{request_shape::request_v1, result_shape};
        let request =
            json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/pushNotificationConfig/list", "params": {"id": "t"}});
        assert_eq!(
            request_v1(request, None),
            json!({"jsonrpc": "2.0", "id": 1, "method": "ListTaskPushNotificationConfigs",
            "params": {"taskId": "t"}})
        );
        let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {"taskId": "t", "url": "https://hook.example/"}});
        let read = result_shape::normalised(answer, true);
        assert_eq!(read["result"], json!({"taskId": "t", "pushNotificationConfig": {"url": "https://hook.example/"}}));
        let read = result_shape::with_activated(read, Some(" urn:a, urn:b "));
        assert_eq!(read["result"]["activatedExtensions"], json!(["urn:a", "urn:b"]));
        let many = vec!["urn:x"; 100].join(",");
        let read = result_shape::with_activated(json!({"result": {}}), Some(&many));
        assert_eq!(read["result"]["activatedExtensions"].as_array().map(Vec::len), Some(result_shape::MAX_ACTIVATED));
        assert_eq!(result_shape::with_activated(json!({"result": {}}), Some(" , ")), json!({"result": {}}));
        assert_eq!(result_shape::with_activated(json!({"result": null}), Some("urn:a")), json!({"result": null}));
    }
}
