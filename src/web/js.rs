//! JS operations the standard bindings lack. Those on a caller's own values
//! (which may be a revoked Proxy or have a throwing getter) are bound with
//! `catch`, so a hostile argument becomes INVALID_INPUT instead of an
//! exception unwinding through wasm; those on `JSON.parse` output and on the
//! client's own objects cannot throw and skip the `catch` wrapper's cost.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Reflect.get(object, key)` on parsed JSON (an object: cannot throw).
    #[wasm_bindgen(js_namespace = Reflect, js_name = get)]
    pub fn get_member(object: &JsValue, key: &JsValue) -> JsValue;

    /// `Reflect.set(object, key, value)` on an object of the client's own (cannot throw).
    #[wasm_bindgen(js_namespace = Reflect, js_name = set)]
    pub fn set_member(object: &Object, key: &JsValue, value: &JsValue) -> bool;

    /// `Object.entries(object)` on parsed JSON (cannot throw).
    #[wasm_bindgen(js_namespace = Object, js_name = entries)]
    pub fn object_entries(object: &JsValue) -> Array<Array>;

    /// `Object.keys(value)`.
    #[wasm_bindgen(js_namespace = Object, js_name = keys, catch)]
    pub fn object_keys(value: &JsValue) -> Result<Array, JsValue>;

    /// `Array.isArray(value)`.
    #[wasm_bindgen(js_namespace = Array, js_name = isArray, catch)]
    pub fn is_array(value: &JsValue) -> Result<bool, JsValue>;

    /// `Date.prototype.getTime.call(value)`: throws unless `value` really is a Date.
    #[wasm_bindgen(js_namespace = ["Date", "prototype", "getTime"], js_name = call, catch)]
    pub fn get_time(value: &JsValue) -> Result<f64, JsValue>;
}
