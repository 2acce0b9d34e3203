//! `MagisteriumError`, the JS class of every rejection, and the one function
//! that turns a core [`CallError`] into it.

use crate::json_view::Json;
use magisterium_a2a::sans_io::error::{CallError, redact};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/magisterium-error.js")]
extern "C" {
    /// The JS class (`extends Error`), defined in `js/magisterium-error.js`.
    #[wasm_bindgen(extends = js_sys::Error)]
    pub type MagisteriumError;

    /// `new MagisteriumError(code, message, { rpcCode, … })`, absent fields `undefined`.
    #[wasm_bindgen(js_name = errorOf)]
    #[allow(clippy::too_many_arguments)]
    fn error_of(
        code: &str,
        message: &str,
        rpc_code: Option<f64>,
        http_status: Option<u16>,
        retry_after: Option<f64>,
        task_id: Option<&str>,
        data: Option<JsValue>,
        request_id: Option<&str>,
        cause: Option<JsValue>,
    ) -> MagisteriumError;
}

/// Builds the JS error for `error`; `secret` (the token of the call) is
/// removed from the message and from `data`, whatever the server echoed.
pub fn to_js(error: CallError<Json>, secret: Option<&str>) -> JsValue {
    let e = error.into_fields();
    let data = e.data.and_then(|d| without_secret(d.0, secret));
    let message = redact(&e.message, secret);
    error_of(
        e.code.as_str(),
        &message,
        e.rpc_code,
        e.http_status,
        e.retry_after,
        e.task_id.as_deref(),
        data,
        e.request_id.as_deref(),
        e.cause.map(|c| c.0),
    )
    .into()
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
