//! Mutations of a response document: members removed, duplicated, renamed,
//! reordered or added; values retyped or replaced by what the decoder
//! branches on (kinds, states, artifact names, ids, codes); deep nesting;
//! and an envelope with both `result` and `error`, or neither.

use super::json_text::{Doc, quote};
use super::pools::{self, ARTIFACT_NAMES, KINDS, STATES, pick};
use fastrand::Rng;

/// Applies one random mutation somewhere in `doc`.
pub fn mutate(rng: &mut Rng, doc: &mut Doc) {
    if rng.u8(..12) == 0 {
        return envelope(rng, doc);
    }
    let n = rng.usize(..doc.count());
    let Some(node) = doc.nth_mut(n) else { return };
    match node {
        Doc::Object(members) if !members.is_empty() && rng.u8(..3) != 0 => member(rng, members),
        Doc::Array(items) if !items.is_empty() && rng.bool() => element(rng, items),
        _ => *node = replacement(rng, node, None),
    }
}

/// Mutates one member of an object, or the object's members as a whole.
fn member(rng: &mut Rng, members: &mut Vec<(String, Doc)>) {
    let i = rng.usize(..members.len());
    match rng.u8(..10) {
        0 => {
            members.remove(i);
        }
        1 => {
            let (key, value) = members[i].clone();
            let value = if rng.bool() { value } else { replacement(rng, &value, Some(&key)) };
            members.insert(rng.usize(..=members.len()), (key, value));
        }
        2 => members[i].0 = renamed(rng, &members[i].0),
        3 => rng.shuffle(members),
        4 => members.insert(rng.usize(..=members.len()), (pools::unknown_key(rng), pools::string(rng, &[]))),
        _ => {
            let (key, value) = &members[i];
            members[i].1 = replacement(rng, value, Some(key.as_str()));
        }
    }
}

/// Mutates the elements of an array.
fn element(rng: &mut Rng, items: &mut Vec<Doc>) {
    let i = rng.usize(..items.len());
    match rng.u8(..4) {
        0 => {
            items.remove(i);
        }
        1 => items.insert(i, items[i].clone()),
        2 => rng.shuffle(items),
        _ => items.insert(i, scalar(rng)),
    }
}

/// A new value for `old` (the value of the member `key`, when it is one).
fn replacement(rng: &mut Rng, old: &Doc, key: Option<&str>) -> Doc {
    let domain: &[&str] = match key {
        Some(r#""kind""#) => &KINDS,
        Some(r#""state""#) => &STATES,
        Some(r#""name""#) => &ARTIFACT_NAMES,
        Some(r#""jsonrpc""#) => &["2.0", "1.0", "2", " 2.0"],
        _ => &[],
    };
    match (key, rng.u8(..8)) {
        (Some(r#""id""#), 0..=2) => pools::response_id(rng),
        (Some(r#""code""#), 0..=2) => pools::error_code(rng),
        (_, 0..=2) if !domain.is_empty() => pools::string(rng, domain),
        (_, 3) => nested(rng, old.clone()),
        (_, 4) => Doc::Array(vec![old.clone()]),
        _ => scalar(rng),
    }
}

/// `value` inside arrays and objects, from a few levels to far past any parser's limit.
fn nested(rng: &mut Rng, value: Doc) -> Doc {
    const DEPTHS: [usize; 10] = [2, 3, 5, 20, 100, 126, 127, 128, 129, 3000];
    Doc::Nested(pick(rng, &DEPTHS), Box::new(value))
}

/// Any scalar, or an empty container.
fn scalar(rng: &mut Rng) -> Doc {
    match rng.u8(..8) {
        0 => Doc::literal("null"),
        1 => Doc::literal(if rng.bool() { "true" } else { "false" }),
        2 => Doc::Array(Vec::new()),
        3 => Doc::Object(Vec::new()),
        4 | 5 => pools::number(rng),
        _ => pools::string(rng, &[]),
    }
}

/// `key` in its other spelling (`cited_text` ⇄ `citedText`), or another key.
fn renamed(rng: &mut Rng, key: &str) -> String {
    let inner = key.trim_matches('"');
    if inner.contains('_') {
        let mut camel = String::new();
        let mut upper = false;
        for c in inner.chars() {
            match c {
                '_' => upper = true,
                c if upper => {
                    camel.extend(c.to_uppercase());
                    upper = false;
                }
                c => camel.push(c),
            }
        }
        return quote(&camel);
    }
    if inner.chars().any(char::is_uppercase) {
        let snake: String = inner
            .chars()
            .flat_map(|c| if c.is_uppercase() { vec!['_', c.to_ascii_lowercase()] } else { vec![c] })
            .collect();
        return quote(&snake);
    }
    pools::unknown_key(rng)
}

/// The envelope with both `result` and `error`, or neither, or a `null` one.
fn envelope(rng: &mut Rng, doc: &mut Doc) {
    let error = || Doc::Object(vec![(quote("code"), Doc::literal("-32001")), (quote("message"), Doc::str("gone"))]);
    let Doc::Object(members) = doc else { return };
    let (result, error_key) = (quote("result"), quote("error"));
    match rng.u8(..4) {
        0 => members.retain(|(k, _)| *k != result && *k != error_key),
        1 if members.iter().any(|(k, _)| *k == result) => members.push((error_key, error())),
        1 => members.push((quote("result"), Doc::Object(Vec::new()))),
        2 => members.push((quote("result"), Doc::literal("null"))),
        _ => members.push((quote("error"), Doc::literal("null"))),
    }
}
