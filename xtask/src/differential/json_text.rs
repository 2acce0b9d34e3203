//! JSON as a server may write it, which `serde_json::Value` cannot hold:
//! members in the order written, duplicate keys, number literals kept as
//! text (`1e400`, `-0`, `1.0`), and string literals with any escape
//! (a lone surrogate `\ud800`).

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// Where a response echoes the request's JSON-RPC id: both sides replace it
/// with the id of the request the client sent.
pub const ID_PLACEHOLDER: &str = "@ID@";

/// A JSON document as text.
#[derive(Clone, Debug, PartialEq)]
pub enum Doc {
    /// `null`, `true`, `false`, a number literal or [`ID_PLACEHOLDER`], written verbatim.
    Literal(String),
    /// A string literal, quotes and escapes included.
    Str(String),
    /// An array.
    Array(Vec<Doc>),
    /// An object: (key literal with its quotes, value), duplicates allowed.
    Object(Vec<(String, Doc)>),
    /// `inner` at the bottom of `depth` levels of `[…]` and `{"v":…}` in turn
    /// (one node however deep, so deep documents stay cheap to mutate).
    Nested(usize, Box<Doc>),
}

impl Doc {
    /// The string `text`, escaped as `serde_json` writes it.
    pub fn str(text: &str) -> Doc {
        Doc::Str(quote(text))
    }

    /// A literal written as given.
    pub fn literal(text: &str) -> Doc {
        Doc::Literal(text.to_owned())
    }

    /// The document for a parsed value (numbers as `serde_json` writes them).
    pub fn from_value(value: &Value) -> Doc {
        match value {
            Value::String(s) => Doc::str(s),
            Value::Array(items) => Doc::Array(items.iter().map(Doc::from_value).collect()),
            Value::Object(members) => {
                Doc::Object(members.iter().map(|(k, v)| (quote(k), Doc::from_value(v))).collect())
            }
            other => Doc::Literal(other.to_string()),
        }
    }

    /// The document as JSON text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Doc::Literal(text) | Doc::Str(text) => out.push_str(text),
            Doc::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Doc::Nested(depth, inner) => {
                for level in 0..*depth {
                    out.push_str(if level % 2 == 0 { "[" } else { "{\"v\":" });
                }
                inner.write(out);
                for level in (0..*depth).rev() {
                    out.push(if level % 2 == 0 { ']' } else { '}' });
                }
            }
            Doc::Object(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(key);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }

    /// Sets the member `key` of an object: the first of that key is replaced,
    /// or the member is appended. Other kinds are left alone.
    pub fn set(&mut self, key: &str, value: Doc) {
        if let Doc::Object(members) = self {
            let key = quote(key);
            match members.iter_mut().find(|(k, _)| *k == key) {
                Some((_, slot)) => *slot = value,
                None => members.push((key, value)),
            }
        }
    }

    /// The number of nodes, this one included.
    pub fn count(&self) -> usize {
        1 + self.children().map(Doc::count).sum::<usize>()
    }

    /// The node `n` places after this one in depth-first order (this one is 0).
    pub fn nth_mut(&mut self, mut n: usize) -> Option<&mut Doc> {
        if n == 0 {
            return Some(self);
        }
        n -= 1;
        let children: Vec<&mut Doc> = match self {
            Doc::Array(items) => items.iter_mut().collect(),
            Doc::Object(members) => members.iter_mut().map(|(_, v)| v).collect(),
            Doc::Nested(_, inner) => vec![inner],
            _ => Vec::new(),
        };
        for child in children {
            let size = child.count();
            if n < size {
                return child.nth_mut(n);
            }
            n -= size;
        }
        None
    }

    fn children(&self) -> Box<dyn Iterator<Item = &Doc> + '_> {
        match self {
            Doc::Array(items) => Box::new(items.iter()),
            Doc::Object(members) => Box::new(members.iter().map(|(_, v)| v)),
            Doc::Nested(_, inner) => Box::new(std::iter::once(&**inner)),
            _ => Box::new(std::iter::empty()),
        }
    }
}

/// Reads JSON into a document, members in the order written and duplicates
/// kept (numbers as `serde_json` writes them back).
impl<'de> Deserialize<'de> for Doc {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Doc, D::Error> {
        deserializer.deserialize_any(DocVisitor)
    }
}

struct DocVisitor;

impl<'de> Visitor<'de> for DocVisitor {
    type Value = Doc;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_unit<E>(self) -> Result<Doc, E> {
        Ok(Doc::literal("null"))
    }
    fn visit_bool<E>(self, b: bool) -> Result<Doc, E> {
        Ok(Doc::Literal(b.to_string()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Doc, E> {
        Ok(Doc::Literal(n.to_string()))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Doc, E> {
        Ok(Doc::Literal(n.to_string()))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Doc, E> {
        Ok(Doc::Literal(Value::from(n).to_string()))
    }
    fn visit_str<E>(self, text: &str) -> Result<Doc, E> {
        Ok(Doc::str(text))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Doc, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Doc::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Doc, A::Error> {
        let mut members = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Doc>()? {
            members.push((quote(&key), value));
        }
        Ok(Doc::Object(members))
    }
}

/// `text` as a JSON string literal.
pub fn quote(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn writes_what_a_value_cannot_hold() {
        let mut doc = Doc::from_value(&json!({"a": [1, "x"], "b": null}));
        if let Doc::Object(members) = &mut doc {
            members.push((quote("a"), Doc::literal("1e400")));
        }
        doc.set("b", Doc::Str(r#""\ud800""#.into()));
        assert_eq!(doc.text(), r#"{"a":[1,"x"],"b":"\ud800","a":1e400}"#);
        assert_eq!(doc.count(), 6);
        assert_eq!(doc.nth_mut(3), Some(&mut Doc::str("x")));
        assert_eq!(doc.nth_mut(6), None);
        assert_eq!(Doc::Nested(3, Box::new(Doc::literal("1"))).text(), r#"[{"v":[1]}]"#);
        let read: Doc = serde_json::from_str(r#"{"b":1,"a":[true,null,"\u00e9"],"b":2.5}"#).unwrap();
        assert_eq!(read.text(), r#"{"b":1,"a":[true,null,"é"],"b":2.5}"#, "order and duplicates kept");
    }
}
