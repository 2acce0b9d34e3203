//! JS operations on a caller's own values (which may be a revoked Proxy or
//! have a throwing getter), bound with `catch`, so a hostile argument becomes
//! INVALID_INPUT instead of an exception unwinding through wasm. `JSON.parse`
//! output is read by `js/json-view.js` (see [`crate::json_view`]), which cannot throw.

use crate::json_view::Json;
use alloc::string::String;
#[cfg(any(feature = "magisterium", feature = "agents"))]
use js_sys::Array;
use magisterium_a2a::sans_io::error::CallError;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "magisterium", feature = "agents"))]
#[wasm_bindgen]
extern "C" {
    /// `Object.keys(value)`.
    #[wasm_bindgen(js_namespace = Object, js_name = keys, catch)]
    pub fn object_keys(value: &JsValue) -> Result<Array, JsValue>;

    /// `Array.isArray(value)`.
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    pub fn is_array(value: &JsValue) -> Result<bool, JsValue>;

    #[cfg(feature = "magisterium")]
    /// `Date.prototype.getTime.call(value)`: throws unless `value` really is a Date.
    #[wasm_bindgen(js_namespace = ["Date", "prototype", "getTime"], js_name = call, catch)]
    pub fn get_time(value: &JsValue) -> Result<f64, JsValue>;
}

/// `value` serialized by `JSON.stringify` and parsed back (plain data,
/// whatever the caller passed), or INVALID_INPUT `why`.
pub fn serialized(value: &JsValue, why: &str) -> Result<(String, Json), CallError<Json>> {
    let json = js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string());
    let parsed = json.as_deref().and_then(|json| js_sys::JSON::parse(json).ok());
    match (json, parsed) {
        (Some(json), Some(parsed)) => Ok((json, Json(parsed))),
        _ => Err(CallError::invalid_input(why)),
    }
}
