//! `MagisteriumError`, the JS class of every rejection, and the one function
//! that turns a core [`Error`] into it.

use crate::json_view::Json;
use js_sys::{Object, Reflect};
use magisterium_a2a::core::error::{Error, redact};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/magisterium-error.js")]
extern "C" {
    /// The JS class (`extends Error`), defined in `js/magisterium-error.js`.
    #[wasm_bindgen(extends = js_sys::Error)]
    pub type MagisteriumError;

    #[wasm_bindgen(constructor)]
    fn new(code: &str, message: &str, details: &Object) -> MagisteriumError;
}

/// Builds the JS error for `error`; `secret` (the token of the call) is
/// removed from the message and from `data`, whatever the server echoed.
pub fn to_js(error: Error<Json>, secret: Option<&str>) -> JsValue {
    let error = error.into_fields();
    let details = Object::new();
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh plain object cannot fail.
        let _ = Reflect::set(&details, &JsValue::from_str(key), &value);
    };
    if let Some(code) = error.rpc_code {
        set("rpcCode", code.into());
    }
    if let Some(status) = error.http_status {
        set("httpStatus", status.into());
    }
    if let Some(seconds) = error.retry_after {
        set("retryAfter", seconds.into());
    }
    if let Some(task_id) = &error.task_id {
        set("taskId", JsValue::from_str(task_id));
    }
    if let Some(data) = error.data.and_then(|d| without_secret(d.0, secret)) {
        set("data", data);
    }
    if let Some(cause) = error.cause {
        set("cause", cause.0);
    }
    MagisteriumError::new(error.code.as_str(), &redact(&error.message, secret), &details).into()
}

/// `data` with the secret replaced, or `None` when it cannot be cleaned.
fn without_secret(data: JsValue, secret: Option<&str>) -> Option<JsValue> {
    let Some(secret) = secret.filter(|s| !s.is_empty()) else {
        return Some(data);
    };
    let text = js_sys::JSON::stringify(&data).ok()?.as_string()?;
    let cleaned = redact(&text, Some(secret));
    if cleaned == text {
        return Some(data);
    }
    js_sys::JSON::parse(&cleaned).ok()
}
