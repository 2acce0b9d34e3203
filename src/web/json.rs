//! The core's JSON view over JS values from `JSON.parse` (responses, and the
//! parts a caller gives `sendMessage`, parsed back from their JSON): decoding
//! reads them in place, without copying strings through wasm memory. Such
//! values are plain data, so no access here can throw; a caller's own objects
//! (options, which may be Proxies) are read by [`super::options::Reader`]
//! through `catch` bindings instead.

use super::js;
use crate::core::json::{JsonView, Kind};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;
use js_sys::{Array, JsString};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/results.js")]
extern "C" {
    /// `[member count, other keys, their values]` of an object from
    /// `JSON.parse`: the members whose keys are not in `known`.
    fn members(object: &JsValue, known: &JsValue) -> Array;
    /// A `Set` of key names.
    #[wasm_bindgen(js_name = keySet)]
    fn key_set(keys: Box<[JsValue]>) -> JsValue;
}

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

    fn is_kind(&self, kind: Kind) -> bool {
        match kind {
            Kind::String => self.is_string(),
            Kind::Number => self.as_f64().is_some(),
            Kind::Array => Array::is_array(self),
            Kind::Object => self.is_object() && !Array::is_array(self),
            Kind::Bool | Kind::Null => self.kind() == kind,
        }
    }

    fn get(&self, key: &'static str) -> Option<Self> {
        if !self.is_object() {
            return None;
        }
        Some(js::get_member(self, &cached_key(key))).filter(|v| !v.is_undefined())
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
        if Array::is_array(self) { self.unchecked_ref::<Array>().length() as usize } else { 0 }
    }

    fn at(&self, index: usize) -> Option<Self> {
        let index = u32::try_from(index).ok()?;
        // Past the end an array answers `undefined`, which JSON never holds.
        Some(self.unchecked_ref::<Array>().get(index)).filter(|v| !v.is_undefined())
    }

    fn members_except(&self, known: &'static [&'static str]) -> (usize, Vec<(Self, Self)>) {
        if self.kind() != Kind::Object {
            return (0, Vec::new());
        }
        let found = members(self, &known_set(known));
        let total = found.get(0).as_f64().unwrap_or(0.0) as usize;
        let (keys, values) = (found.get(1).unchecked_into::<Array>(), found.get(2).unchecked_into::<Array>());
        (total, keys.iter().zip(values.iter()).collect())
    }

    fn from_str(text: &str) -> Self {
        JsValue::from_str(text)
    }

    fn join(strings: &[&Self], separator: &str) -> Self {
        let texts: Array = strings.iter().filter(|s| s.is_string()).map(|s| (*s).clone()).collect();
        texts.join(separator).into()
    }
}

/// JS values made once for the decoder's literals (key strings, key sets),
/// by the literal's address.
struct KeyCache(RefCell<Vec<(*const u8, JsValue)>>);

// SAFETY: wasm32-unknown-unknown (without the atomics feature) runs this module on
// a single thread; the cache is never reached from another one.
unsafe impl Sync for KeyCache {}

static KEYS: KeyCache = KeyCache(RefCell::new(Vec::new()));

/// The JS string for a key literal (one per literal, by address).
pub fn cached_key(key: &'static str) -> JsValue {
    let address = key.as_ptr();
    if let Some((_, value)) = KEYS.0.borrow().iter().find(|(a, _)| *a == address) {
        return value.clone();
    }
    let value = JsValue::from_str(key);
    KEYS.0.borrow_mut().push((address, value.clone()));
    value
}

/// The JS `Set` of a list of known keys (one per list, by address; the empty list
/// is `undefined`, which `members` reads as "none").
fn known_set(known: &'static [&'static str]) -> JsValue {
    if known.is_empty() {
        return JsValue::UNDEFINED;
    }
    let address = known.as_ptr().cast::<u8>();
    if let Some((_, value)) = KNOWN.0.borrow().iter().find(|(a, _)| *a == address) {
        return value.clone();
    }
    let set = key_set(known.iter().map(|key| JsValue::from_str(key)).collect());
    KNOWN.0.borrow_mut().push((address, set.clone()));
    set
}

static KNOWN: KeyCache = KeyCache(RefCell::new(Vec::new()));
