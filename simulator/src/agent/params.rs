//! Reading the params of the agent's methods: each check answers -32602 naming what is wrong.

use serde_json::{Map, Value};

use crate::rpc::RpcError;

/// The params object (absent params read as an empty object).
pub(super) fn object(params: Option<&Value>) -> Result<Map<String, Value>, RpcError> {
    match params {
        None | Some(Value::Null) => Ok(Map::new()),
        Some(Value::Object(object)) => Ok(object.clone()),
        Some(_) => Err(RpcError::invalid_params("`params` must be an object")),
    }
}

/// The string `key`, when present; `Err` when it is not a non-empty string.
pub(super) fn optional_string<'a>(object: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, RpcError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if !text.is_empty() => Ok(Some(text)),
        Some(_) => Err(RpcError::invalid_params(format!("`{key}` must be a non-empty string"))),
    }
}

/// The string `key`, which must be there.
pub(super) fn string<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a str, RpcError> {
    optional_string(object, key)?.ok_or_else(|| RpcError::invalid_params(format!("`{key}` is missing")))
}

/// The whole number `key` (at least `min`), when present.
pub(super) fn optional_count(object: &Map<String, Value>, key: &str, min: u64) -> Result<Option<usize>, RpcError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value
            .as_u64()
            .filter(|&n| n >= min)
            .map(|n| Some(usize::try_from(n).unwrap_or(usize::MAX)))
            .ok_or_else(|| RpcError::invalid_params(format!("`{key}` must be a whole number from {min}"))),
    }
}

/// The boolean `key`, false when absent.
pub(super) fn flag(object: &Map<String, Value>, key: &str) -> Result<bool, RpcError> {
    match object.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(flag)) => Ok(*flag),
        Some(_) => Err(RpcError::invalid_params(format!("`{key}` must be a boolean"))),
    }
}

/// A user's message as A2A 1.0 writes it: `role` `ROLE_USER`, a `messageId`, and `parts` a
/// non-empty list of parts each with one of `text`, `data`, `raw`, `url`.
pub(super) struct UserMessage {
    /// The message as received.
    pub(super) value: Map<String, Value>,
    /// Its parts.
    pub(super) parts: Vec<Value>,
}

/// Checks `params.message`.
pub(super) fn user_message(params: &Map<String, Value>) -> Result<UserMessage, RpcError> {
    let Some(Value::Object(message)) = params.get("message") else {
        return Err(RpcError::invalid_params("`message` must be an object"));
    };
    if message.get("role").and_then(Value::as_str) != Some("ROLE_USER") {
        return Err(RpcError::invalid_params("`message.role` must be \"ROLE_USER\""));
    }
    string(message, "messageId")
        .map_err(|_| RpcError::invalid_params("`message.messageId` must be a non-empty string"))?;
    let parts = match message.get("parts") {
        Some(Value::Array(parts)) if !parts.is_empty() => parts,
        _ => return Err(RpcError::invalid_params("`message.parts` must be a non-empty array")),
    };
    let is_part = |part: &Value| {
        let kinds = ["text", "data", "raw", "url"].iter().filter(|key| part.get(**key).is_some()).count();
        kinds == 1 && part.get("text").is_none_or(Value::is_string)
    };
    if let Some(index) = parts.iter().position(|part| !part.is_object() || !is_part(part)) {
        let detail =
            format!("`message.parts[{index}]` must be an object with one of `text` (a string), `data`, `raw`, `url`");
        return Err(RpcError::invalid_params(detail));
    }
    Ok(UserMessage { parts: parts.clone(), value: message.clone() })
}
