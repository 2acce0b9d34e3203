//! The core's JSON view over JS values (the output of `JSON.parse`, or a
//! caller's own objects): decoding reads them in place, without copying
//! strings through wasm memory.

use crate::core::json::{JsonView, Kind};
use js_sys::{Array, JsString, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

impl JsonView for JsValue {
    fn kind(&self) -> Kind {
        if self.is_string() {
            Kind::String
        } else if self.as_f64().is_some() {
            Kind::Number
        } else if self.as_bool().is_some() {
            Kind::Bool
        } else if Array::is_array(self) {
            Kind::Array
        } else if self.is_object() {
            Kind::Object
        } else {
            // null, undefined, and what JSON cannot hold (functions, symbols, bigints)
            Kind::Null
        }
    }

    fn get(&self, key: &str) -> Option<Self> {
        if self.kind() != Kind::Object {
            return None;
        }
        Reflect::get(self, &JsValue::from_str(key)).ok().filter(|v| !v.is_undefined())
    }

    fn as_string(&self) -> Option<String> {
        JsValue::as_string(self)
    }

    fn string_len(&self) -> Option<usize> {
        self.dyn_ref::<JsString>().map(|s| s.length() as usize)
    }

    fn as_f64(&self) -> Option<f64> {
        JsValue::as_f64(self)
    }

    fn len(&self) -> usize {
        self.dyn_ref::<Array>().map_or(0, |a| a.length() as usize)
    }

    fn at(&self, index: usize) -> Option<Self> {
        let array = self.dyn_ref::<Array>()?;
        (index < array.length() as usize).then(|| array.get(index as u32))
    }

    fn keys(&self) -> Vec<String> {
        if self.kind() != Kind::Object {
            return Vec::new();
        }
        Object::keys::<JsValue>(self.unchecked_ref()).iter().filter_map(|k| k.as_string()).collect()
    }

    fn from_str(text: &str) -> Self {
        JsValue::from_str(text)
    }
}
