//! The core's JSON view over JS values from `JSON.parse` (responses, and the
//! parts a caller gives `sendMessage`, parsed back from their JSON): decoding
//! reads them in place, without copying strings through wasm memory. Such
//! values are plain data, so no access here can throw; a caller's own objects
//! (options, which may be Proxies) are read by [`crate::options::Reader`]
//! through `catch` bindings instead.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;
use js_sys::Array;
use magisterium_a2a::sans_io::json::{JsonView, Kind};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/json-view.js")]
extern "C" {
    /// The kind of a value as a [`Kind`] code (see `kind_of_code`).
    #[wasm_bindgen(js_name = kindOf)]
    fn kind_code(value: &JsValue) -> u8;
    /// The member `key` of an object; `undefined` when absent or not an object.
    fn member(object: &JsValue, key: &JsValue) -> JsValue;
    /// True when the member `key` of an object is `expected` (`===`).
    #[wasm_bindgen(js_name = memberIs)]
    fn member_is_value(object: &JsValue, key: &JsValue, expected: &JsValue) -> bool;
    /// `[keys, values]` of an object from `JSON.parse`.
    fn members(object: &JsValue) -> Array;
    /// `[how many members have keys in known, an object of the others]`.
    fn others(object: &JsValue, known: &JsValue) -> Array;
    /// A new object of `keys[i]: values[i]` (no `__proto__` member).
    #[wasm_bindgen(js_name = objectOf)]
    fn object_of(keys: Box<[JsValue]>, values: Box<[JsValue]>) -> JsValue;
    /// The length of a string in UTF-16 units; -1 for any other value.
    #[wasm_bindgen(js_name = stringLength)]
    fn string_length(value: &JsValue) -> i32;
    /// A `Set` of key names.
    #[wasm_bindgen(js_name = keySet)]
    fn key_set(keys: Box<[JsValue]>) -> JsValue;
}

#[wasm_bindgen]
extern "C" {
    /// `Number(value)`, for a value known to be a number.
    #[wasm_bindgen(js_name = Number)]
    fn number(value: &JsValue) -> f64;
}

/// The [`Kind`] of a `kindOf` code.
fn kind_of_code(code: u8) -> Kind {
    match code {
        1 => Kind::Bool,
        2 => Kind::Number,
        3 => Kind::String,
        4 => Kind::Array,
        5 => Kind::Object,
        _ => Kind::Null,
    }
}

/// A JS value from `JSON.parse` (or a caller's parts parsed back from their
/// JSON), as the core's decoder reads it: in place, without copying strings
/// through wasm memory.
#[derive(Clone, Debug)]
#[repr(transparent)]
pub struct Json(pub JsValue);

impl JsonView for Json {
    fn kind(&self) -> Kind {
        kind_of_code(kind_code(&self.0))
    }

    fn is_kind(&self, kind: Kind) -> bool {
        match kind {
            Kind::String => self.0.is_string(),
            _ => self.kind() == kind,
        }
    }

    fn get(&self, key: &'static str) -> Option<Self> {
        Some(member(&self.0, cached_key(key))).filter(|v| !v.is_undefined()).map(Json)
    }

    fn member_is(&self, key: &'static str, expected: &'static str) -> bool {
        member_is_value(&self.0, cached_key(key), cached_key(expected))
    }

    fn as_string(&self) -> Option<String> {
        self.0.as_string()
    }

    fn string_len(&self) -> Option<usize> {
        usize::try_from(string_length(&self.0)).ok()
    }

    fn as_f64(&self) -> Option<f64> {
        self.is_kind(Kind::Number).then(|| number(&self.0))
    }

    fn is_true(&self) -> bool {
        self.0.as_bool() == Some(true)
    }

    fn len(&self) -> usize {
        if self.is_kind(Kind::Array) { self.0.unchecked_ref::<Array>().length() as usize } else { 0 }
    }

    fn at(&self, index: usize) -> Option<Self> {
        let index = u32::try_from(index).ok()?;
        // Past the end an array answers `undefined`, which JSON never holds.
        Some(self.0.unchecked_ref::<Array>().get(index)).filter(|v| !v.is_undefined()).map(Json)
    }

    fn members(&self) -> Vec<(Self, Self)> {
        if !self.is_kind(Kind::Object) {
            return Vec::new();
        }
        let pair = members(&self.0);
        let (keys, values) = (pair.get(0).unchecked_into::<Array>(), pair.get(1).unchecked_into::<Array>());
        keys.iter().zip(values.iter()).map(|(key, value)| (Json(key), Json(value))).collect()
    }

    fn others(&self, known: &'static [&'static str]) -> (usize, Self) {
        let found = others(&self.0, known_set(known));
        (number(&found.get(0)) as usize, Json(found.get(1)))
    }

    fn object(members: Vec<(Self, Self)>) -> Self {
        let (keys, values): (Vec<JsValue>, Vec<JsValue>) = members.into_iter().map(|(k, v)| (k.0, v.0)).unzip();
        Json(object_of(keys.into(), values.into()))
    }

    fn get_with_kind(&self, key: &'static str) -> Option<(Kind, Self)> {
        let value = member(&self.0, cached_key(key));
        let kind = kind_of_code(kind_code(&value));
        (kind != Kind::Null).then_some((kind, Json(value)))
    }

    fn boolean(value: bool) -> Self {
        Json(JsValue::from_bool(value))
    }

    fn array(elements: Vec<Self>) -> Self {
        Json(elements.into_iter().map(|e| e.0).collect::<Array>().into())
    }

    fn set(&mut self, key: &'static str, value: Self) {
        if self.is_kind(Kind::Object) {
            // A plain object from `JSON.parse` or `object`: setting a data member cannot throw.
            let _ = js_sys::Reflect::set(&self.0, cached_key(key), &value.0);
        }
    }

    fn set_at(&mut self, index: usize, value: Self) {
        // `len` is 0 for other kinds, and an array's length fits in a u32.
        if index < self.len() {
            self.0.unchecked_ref::<Array>().set(index as u32, value.0);
        }
    }

    fn from_str(text: &str) -> Self {
        Json(JsValue::from_str(text))
    }

    fn join(strings: &[&Self], separator: &str) -> Self {
        let texts: Array = strings.iter().filter(|s| s.0.is_string()).map(|s| s.0.clone()).collect();
        Json(texts.join(separator).into())
    }
}

/// JS values made once for the decoder's literals (key strings, key sets),
/// found by the literal's address and length: a slot per hash of those, then
/// a list of all of them. Entries live as long as the module.
struct LiteralCache(RefCell<Literals>);

struct Literals {
    /// The last literal seen per hash slot.
    slots: [((usize, usize), Option<&'static JsValue>); 64],
    /// Every literal made so far.
    all: Vec<((usize, usize), &'static JsValue)>,
}

// SAFETY: the cache lives in `KEYS` and `KNOWN`, reached only from the thread of this
// wasm instance: without the `atomics` target feature, wasm32 code runs on one
// thread (and the JS values it holds belong to that thread's realm). With
// `atomics` this impl does not exist and the static fails to compile.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl Sync for LiteralCache {}

impl LiteralCache {
    const fn new() -> Self {
        LiteralCache(RefCell::new(Literals { slots: [((0, 0), None); 64], all: Vec::new() }))
    }

    /// The value for the literal `id` (address, length), made by `make` the first time.
    fn get(&self, id: (usize, usize), make: impl FnOnce() -> JsValue) -> &'static JsValue {
        let mut literals = self.0.borrow_mut();
        let slot = (id.0 ^ (id.0 >> 6) ^ id.1) & 63;
        if let (seen, Some(value)) = literals.slots[slot]
            && seen == id
        {
            return value;
        }
        let value = match literals.all.iter().find(|(seen, _)| *seen == id) {
            Some((_, value)) => *value,
            None => {
                let value: &'static JsValue = Box::leak(Box::new(make()));
                literals.all.push((id, value));
                value
            }
        };
        literals.slots[slot] = (id, Some(value));
        value
    }
}

static KEYS: LiteralCache = LiteralCache::new();
static KNOWN: LiteralCache = LiteralCache::new();

/// The JS string for a string literal, made once.
pub fn cached_key(key: &'static str) -> &'static JsValue {
    KEYS.get((key.as_ptr() as usize, key.len()), || JsValue::from_str(key))
}

/// The JS `Set` of a list of known keys, made once.
fn known_set(known: &'static [&'static str]) -> &'static JsValue {
    KNOWN.get((known.as_ptr() as usize, known.len()), || {
        key_set(known.iter().map(|key| JsValue::from_str(key)).collect())
    })
}

/// JSON `null`, the core's default value ([`JsonView`]).
impl Default for Json {
    fn default() -> Self {
        Json(JsValue::NULL)
    }
}
