//! A read-only view of parsed JSON, so the decoding logic is written once and
//! runs over `serde_json::Value` in native tests and over JS values (from
//! `JSON.parse`) in the browser, where serde would cost the bundle ~25 KB.

use alloc::string::String;
use alloc::vec::Vec;

/// The JSON type of a value, as far as decoding cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `null` (or, from JS, `undefined`).
    Null,
    /// `true` or `false`.
    Bool,
    /// Any number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object that is not an array.
    Object,
}

/// A parsed JSON value the decoder can walk without copying it.
///
/// Implementations must never panic: a missing member, an index out of range
/// or a value of another kind answers `None`. Its [`Default`] is JSON `null`.
pub trait JsonView: Sized + Clone + Default {
    /// The JSON type of this value.
    fn kind(&self) -> Kind;
    /// The member `key` of an object; `None` for other kinds or a missing key.
    /// Keys are the decoder's own literals (the JS view keeps their JS strings).
    fn get(&self, key: &'static str) -> Option<Self>;
    /// The value as a Rust string, when it is a string.
    fn as_string(&self) -> Option<String>;
    /// The length of a string value in UTF-16 units, as JS counts it, without
    /// copying it; `None` for other kinds. Every view counts the same way, so
    /// a length check decides alike everywhere.
    fn string_len(&self) -> Option<usize>;
    /// The value as a number, when it is a number.
    fn as_f64(&self) -> Option<f64>;
    /// True for the JSON value `true` (and nothing else).
    fn is_true(&self) -> bool;
    /// The number of elements of an array; 0 for other kinds.
    fn len(&self) -> usize;
    /// The element `index` of an array.
    fn at(&self, index: usize) -> Option<Self>;
    /// The own members of an object, in order, keys as string views (not
    /// copied); empty for other kinds.
    fn members(&self) -> Vec<(Self, Self)>;
    /// For an object: how many of its members have keys in `known`, and a new
    /// object of the others (without a `__proto__` member, which would set the
    /// prototype of a JS object instead); `(0, {})` for other kinds.
    fn others(&self, known: &'static [&'static str]) -> (usize, Self);
    /// A new object of `members` (keys are string views; a `__proto__` member
    /// is left out, as by [`JsonView::others`]).
    fn object(members: Vec<(Self, Self)>) -> Self;
    /// `true` or `false`.
    fn boolean(value: bool) -> Self;
    /// A new array of `elements`.
    fn array(elements: Vec<Self>) -> Self;
    /// Sets the member `key` of an object (one the view made, or parsed
    /// JSON the caller owns) to `value`; nothing for other kinds. A view over
    /// JS values sets it in place, on the object every copy of the view shares.
    fn set(&mut self, key: &'static str, value: Self);
    /// Sets the element `index` of an array (within its length) to `value`; nothing otherwise.
    fn set_at(&mut self, index: usize, value: Self);
    /// A new string value (for the rare decoded field that is computed).
    fn from_str(text: &str) -> Self;
    /// A new string value: the string values of `strings` joined by
    /// `separator` (other kinds are skipped), without copying them out.
    fn join(strings: &[&Self], separator: &str) -> Self;

    /// True when the value is of `kind` (a view may answer this with fewer
    /// checks than [`JsonView::kind`] needs).
    fn is_kind(&self, kind: Kind) -> bool {
        self.kind() == kind
    }
    /// True when the value is an array with no elements or not an array.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The member `key` and its kind, when present and not `null` (a view may
    /// answer with fewer questions than [`JsonView::get`] and then [`JsonView::kind`]).
    fn get_with_kind(&self, key: &'static str) -> Option<(Kind, Self)> {
        self.get(key).map(|v| (v.kind(), v)).filter(|(kind, _)| *kind != Kind::Null)
    }
    /// The member `key` when it is a string value, kept as a view (no copy).
    fn get_str(&self, key: &'static str) -> Option<Self> {
        self.get(key).filter(|v| v.is_kind(Kind::String))
    }
    /// True when the member `key` is the string `expected` (a view may
    /// compare without copying the member out).
    fn member_is(&self, key: &'static str, expected: &'static str) -> bool {
        self.get_string(key).as_deref() == Some(expected)
    }
    /// The member `key` copied into a Rust string, when it is a string.
    fn get_string(&self, key: &'static str) -> Option<String> {
        self.get(key).and_then(|v| v.as_string())
    }
    /// The member `key` when it is of the given kind.
    fn get_kind(&self, key: &'static str, kind: Kind) -> Option<Self> {
        self.get(key).filter(|v| v.is_kind(kind))
    }
    /// The elements of an array (empty for other kinds).
    fn elements(&self) -> Elements<Self> {
        Elements { array: self.clone(), next: 0, len: self.len() }
    }
}

/// An iterator over the elements of a JSON array view.
pub struct Elements<V> {
    array: V,
    next: usize,
    len: usize,
}

impl<V: JsonView> Iterator for Elements<V> {
    type Item = V;
    fn next(&mut self) -> Option<V> {
        while self.next < self.len {
            let index = self.next;
            self.next += 1;
            if let Some(value) = self.array.at(index) {
                return Some(value);
            }
        }
        None
    }
}

/// The view over `serde_json::Value` (feature `json`; never in the no_std bundle): the
/// core's tests, the fuzzer and the Rust client decode with it.
#[cfg(any(test, feature = "json"))]
mod serde_view {
    use super::{JsonView, Kind};
    use alloc::borrow::ToOwned;
    use alloc::string::String;
    use alloc::vec::Vec;
    use serde_json::Value;

    /// An owned `serde_json::Value` (a member is cloned out; fine at these sizes).
    impl JsonView for Value {
        fn kind(&self) -> Kind {
            match self {
                Value::Null => Kind::Null,
                Value::Bool(_) => Kind::Bool,
                Value::Number(_) => Kind::Number,
                Value::String(_) => Kind::String,
                Value::Array(_) => Kind::Array,
                Value::Object(_) => Kind::Object,
            }
        }
        fn get(&self, key: &'static str) -> Option<Self> {
            self.as_object().and_then(|o| o.get(key)).cloned()
        }
        fn as_string(&self) -> Option<String> {
            self.as_str().map(str::to_owned)
        }
        fn string_len(&self) -> Option<usize> {
            self.as_str().map(|s| s.encode_utf16().count())
        }
        fn as_f64(&self) -> Option<f64> {
            Value::as_f64(self)
        }
        fn is_true(&self) -> bool {
            *self == Value::Bool(true)
        }
        fn len(&self) -> usize {
            self.as_array().map_or(0, Vec::len)
        }
        fn at(&self, index: usize) -> Option<Self> {
            self.as_array().and_then(|a| a.get(index)).cloned()
        }
        fn members(&self) -> Vec<(Self, Self)> {
            let members = self.as_object().into_iter().flatten();
            members.map(|(k, v)| (Value::String(k.clone()), v.clone())).collect()
        }
        fn others(&self, known: &'static [&'static str]) -> (usize, Self) {
            let (known_members, others): (Vec<_>, Vec<_>) =
                self.members().into_iter().partition(|(k, _)| k.as_str().is_some_and(|k| known.contains(&k)));
            (known_members.len(), Self::object(others))
        }
        fn object(members: Vec<(Self, Self)>) -> Self {
            let members = members.into_iter().filter_map(|(k, v)| Some((k.as_str()?.to_owned(), v)));
            Value::Object(members.filter(|(k, _)| k != "__proto__").collect())
        }
        fn boolean(value: bool) -> Self {
            Value::Bool(value)
        }
        fn array(elements: Vec<Self>) -> Self {
            Value::Array(elements)
        }
        fn set(&mut self, key: &'static str, value: Self) {
            if let Some(object) = self.as_object_mut() {
                object.insert(key.to_owned(), value);
            }
        }
        fn set_at(&mut self, index: usize, value: Self) {
            if let Some(element) = self.as_array_mut().and_then(|a| a.get_mut(index)) {
                *element = value;
            }
        }
        fn from_str(text: &str) -> Self {
            Value::String(text.to_owned())
        }
        fn join(strings: &[&Self], separator: &str) -> Self {
            let texts: Vec<&str> = strings.iter().filter_map(|s| s.as_str()).collect();
            Value::String(texts.join(separator))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn views_answer_none_for_the_wrong_kind() {
        let v = json!({"a": [1, "x", null], "s": "str"});
        assert_eq!(v.kind(), Kind::Object);
        assert!(v.get("missing").is_none());
        assert!(v.get_str("a").is_none());
        assert_eq!(v.get_string("s").as_deref(), Some("str"));
        let a = v.get("a").unwrap();
        assert_eq!(a.elements().count(), 3);
        assert!(a.at(9).is_none());
        assert!(v.get("s").unwrap().get("x").is_none());
        assert_eq!(v.get("s").unwrap().len(), 0);
        let keys: Vec<serde_json::Value> = v.members().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, vec![json!("a"), json!("s")]);
        assert_eq!(v.others(&["a"]), (1, json!({"s": "str"})));
        assert_eq!(json!([1]).others(&["a"]), (0, json!({})));
        assert_eq!(
            serde_json::Value::object(vec![(json!("__proto__"), json!(1)), (json!("k"), json!(2))]),
            json!({"k": 2})
        );
        assert_eq!(v.get_with_kind("s"), Some((Kind::String, json!("str"))));
        assert_eq!(json!({"n": null}).get_with_kind("n"), None);
        assert_eq!(json!("é😀").string_len(), Some(3), "UTF-16 units, as JS counts");
    }
}
