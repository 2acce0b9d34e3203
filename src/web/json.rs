//! The core's JSON view over JS values (the output of `JSON.parse`, or a
//! caller's own objects): decoding reads them in place, without copying
//! strings through wasm memory.

use crate::core::json::{JsonView, Kind};
use super::js;
use alloc::string::String;
use alloc::vec::Vec;
use js_sys::{JsString, Reflect};
use wasm_bindgen::{JsCast, JsValue};

impl JsonView for JsValue {
    fn kind(&self) -> Kind {
        if self.is_string() {
            Kind::String
        } else if self.as_f64().is_some() {
            Kind::Number
        } else if self.as_bool().is_some() {
            Kind::Bool
        } else if js::is_array(self).unwrap_or(false) {
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
        if self.kind() != Kind::Array {
            return 0;
        }
        let length = Reflect::get(self, &JsValue::from_str("length")).ok().and_then(|l| l.as_f64());
        length.filter(|l| *l >= 0.0).map_or(0, |l| l as usize)
    }

    fn at(&self, index: usize) -> Option<Self> {
        let index = u32::try_from(index).ok()?;
        // Past the end an array answers `undefined`, which JSON never holds.
        Reflect::get_u32(self, index).ok().filter(|v| !v.is_undefined())
    }

    fn keys(&self) -> Vec<String> {
        if self.kind() != Kind::Object {
            return Vec::new();
        }
        js::object_keys(self).map_or_else(|_| Vec::new(), |keys| keys.iter().filter_map(|k| k.as_string()).collect())
    }

    fn from_str(text: &str) -> Self {
        JsValue::from_str(text)
    }
}
