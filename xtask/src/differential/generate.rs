//! Random cases from a seed: a target, a response document (generated, or a
//! recorded fixture), a few mutations, an HTTP status with or without
//! `Retry-After`, and now and then a body that is not JSON at all.

use super::case::{Case, ClientMethod, TARGETS, Target};
use super::json_text::{Doc, ID_PLACEHOLDER};
use super::pools::pick;
use super::{mutate, shapes};
use crate::shell::{Result, root};
use fastrand::Rng;
use serde_json::{Value, json};

/// A recorded response body (`tests/fixtures/responses/`).
pub enum Recorded {
    /// A JSON body, its `id` made the request's.
    Json(Doc),
    /// A body that is not JSON, as recorded.
    Raw(Vec<u8>),
}

/// Reads the recorded responses.
pub fn recorded() -> Result<Vec<Recorded>> {
    let dir = root().join("tests/fixtures/responses");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut paths: Vec<_> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    let read = |path: &std::path::Path| -> Result<Recorded> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(match serde_json::from_slice::<Value>(&bytes) {
            Ok(value) => {
                let mut doc = Doc::from_value(&value);
                doc.set("id", Doc::literal(ID_PLACEHOLDER));
                Recorded::Json(doc)
            }
            Err(_) => Recorded::Raw(bytes),
        })
    };
    paths.iter().map(|p| read(p)).collect()
}

/// Case `index` of the run seeded with `seed` (the same pair, the same case).
pub fn case(seed: u64, index: u64, recorded: &[Recorded]) -> Case {
    let mut rng = Rng::with_seed(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let target = pick(&mut rng, &TARGETS);
    let (status, retry_after) = status(&mut rng);
    let recording = (!recorded.is_empty() && rng.u8(..5) < 2).then(|| &recorded[rng.usize(..recorded.len())]);
    let mut doc = match recording {
        Some(Recorded::Raw(bytes)) => {
            return Case { target, argument: argument(&mut rng, target), status, retry_after, body: bytes.clone() };
        }
        Some(Recorded::Json(doc)) => doc.clone(),
        None => shapes::response(&mut rng, target),
    };
    for _ in 0..rng.usize(..5) {
        mutate::mutate(&mut rng, &mut doc);
    }
    let mut body = doc.text().into_bytes();
    if rng.u8(..12) == 0 {
        not_json(&mut rng, &mut body);
    }
    Case { target, argument: argument(&mut rng, target), status, retry_after, body }
}

/// The method's argument (only `fetchDocument`'s reaches the decoder: its
/// id stands in for a document that names none).
fn argument(rng: &mut Rng, target: Target) -> Value {
    match target.method {
        ClientMethod::Ask => json!("What is grace?"),
        ClientMethod::SearchDocuments => json!("grace"),
        ClientMethod::FetchDocument => json!(["12345", "ccc-1996", "é-Ω", "0"][rng.usize(..4)]),
        ClientMethod::MassReadings | ClientMethod::SaintsOfTheDay => json!("2026-03-19"),
        ClientMethod::SendMessage => json!({ "parts": [{ "kind": "text", "text": "hello" }] }),
        ClientMethod::GetTask | ClientMethod::CancelTask => json!("task-1"),
    }
}

/// Mostly 200 (three in four); else a status the client treats specially, with `Retry-After` sometimes.
fn status(rng: &mut Rng) -> (u16, Option<String>) {
    const STATUSES: [u16; 10] = [200, 201, 400, 401, 403, 404, 429, 500, 502, 503];
    const RETRY_AFTER: [&str; 9] =
        ["5", " 7 ", "0", "120", "1.5", "-3", "soon", "999999999999", "Wed, 21 Oct 2026 07:28:00 GMT"];
    let status = if rng.u8(..4) != 0 { 200 } else { pick(rng, &STATUSES) };
    let header_odds = if status == 429 { 2 } else { 8 };
    let retry_after = (rng.u8(..header_odds) == 0).then(|| pick(rng, &RETRY_AFTER).to_owned());
    (status, retry_after)
}

/// Turns a body into one that is not JSON, or not quite: truncated, wrapped
/// in a byte-order mark, broken by a byte that is not UTF-8, or replaced.
fn not_json(rng: &mut Rng, body: &mut Vec<u8>) {
    match rng.u8(..7) {
        0 => body.truncate(rng.usize(..=body.len())),
        1 => {
            body.splice(0..0, *b"\xEF\xBB\xBF");
        }
        2 => {
            let at = rng.usize(..=body.len());
            body.insert(at, [0xff, 0x80, 0xc3, 0xed][rng.usize(..4)]);
        }
        3 => *body = b"<html><body>502 Bad Gateway</body></html>".to_vec(),
        4 => *body = [&b""[..], b" ", b"null", b"[]", b"\"text\"", b"12", b"{}"][rng.usize(..7)].to_vec(),
        5 => *body = (0..rng.usize(..64)).map(|_| rng.u8(..)).collect(),
        _ => body.extend_from_slice(b" trailing"),
    }
}
