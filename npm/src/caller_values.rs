//! JS operations on a caller's own values (which may be a revoked Proxy or
//! have a throwing getter), bound with `catch`, so a hostile argument becomes
//! INVALID_INPUT instead of an exception unwinding through wasm. `JSON.parse`
//! output is read by `js/json-view.js` (see [`crate::json_view`]), which cannot throw.

use js_sys::Array;
use wasm_bindgen::prelude::*;

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
