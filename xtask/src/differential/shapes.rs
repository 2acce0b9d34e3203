//! Plausible responses, generated: the JSON-RPC envelope around a task (with
//! each skill's artifact), an A2A message, or a JSON-RPC error, with random
//! content drawn from [`super::pools`].

use super::case::{ClientMethod, Target};
use super::json_text::{Doc, ID_PLACEHOLDER, quote};
use super::pools::{self, ARTIFACT_NAMES, STATES, pick};
use fastrand::Rng;

/// An object of `members`.
pub fn object(members: Vec<(&str, Doc)>) -> Doc {
    Doc::Object(members.into_iter().map(|(k, v)| (quote(k), v)).collect())
}

/// A response for `target`: mostly a result of the kind it expects.
pub fn response(rng: &mut Rng, target: Target) -> Doc {
    if rng.u8(..5) == 0 {
        return error_envelope(rng);
    }
    let result = match target.method {
        ClientMethod::SendMessage if rng.u8(..4) == 0 => message(rng),
        ClientMethod::SendMessage | ClientMethod::GetTask | ClientMethod::CancelTask => {
            let (name, state) = (pick(rng, &ARTIFACT_NAMES), pick(rng, &STATES));
            task(rng, state, name)
        }
        skill => {
            let name = if rng.u8(..5) == 0 { pick(rng, &ARTIFACT_NAMES) } else { artifact_of(skill) };
            let state = if rng.u8(..4) == 0 { pick(rng, &STATES) } else { "completed" };
            task(rng, state, name)
        }
    };
    object(vec![("jsonrpc", Doc::str("2.0")), ("id", Doc::literal(ID_PLACEHOLDER)), ("result", result)])
}

fn artifact_of(method: ClientMethod) -> &'static str {
    match method {
        ClientMethod::Ask => "catholic_qa_response",
        ClientMethod::SearchDocuments => "search_results",
        ClientMethod::FetchDocument => "document",
        ClientMethod::MassReadings => "mass_readings",
        _ => "martyrology",
    }
}

/// `{"jsonrpc":"2.0","id":…,"error":{code, message, data?}}`.
fn error_envelope(rng: &mut Rng) -> Doc {
    let mut error = vec![("code", pools::error_code(rng)), ("message", pools::string(rng, &["Rate limit exceeded"]))];
    if rng.bool() {
        let retry = match rng.u8(..3) {
            0 => pools::number(rng),
            1 => pools::string(rng, &["7", " 12 ", "1.5", "-3", "soon"]),
            _ => Doc::Literal(rng.u32(..120).to_string()),
        };
        error.push(("data", object(vec![("retryAfter", retry), ("detail", pools::string(rng, &[]))])));
    }
    object(vec![("jsonrpc", Doc::str("2.0")), ("id", pools::response_id(rng)), ("error", object(error))])
}

/// A task in `state` with an artifact named `name`.
fn task(rng: &mut Rng, state: &str, name: &str) -> Doc {
    let mut status = vec![("state", Doc::str(state))];
    if rng.u8(..3) == 0 {
        status.push(("message", message(rng)));
    }
    let mut artifacts = vec![artifact(rng, name)];
    if rng.u8(..4) == 0 {
        let name = pick(rng, &ARTIFACT_NAMES);
        artifacts.insert(0, artifact(rng, name));
    }
    object(vec![
        ("kind", Doc::str("task")),
        ("id", pools::string(rng, &["task-1", "t"])),
        ("contextId", pools::string(rng, &["ctx-1"])),
        ("status", object(status)),
        ("artifacts", Doc::Array(artifacts)),
    ])
}

/// An A2A message with text parts.
fn message(rng: &mut Rng) -> Doc {
    let parts = (0..rng.usize(..3)).map(|_| text_part(rng)).collect();
    object(vec![
        ("kind", Doc::str("message")),
        ("messageId", pools::string(rng, &["m-1"])),
        ("role", Doc::str("agent")),
        ("parts", Doc::Array(parts)),
    ])
}

/// An artifact named `name` with the parts that skill answers with.
fn artifact(rng: &mut Rng, name: &str) -> Doc {
    let mut parts: Vec<Doc> = match name {
        "catholic_qa_response" => vec![text_part(rng), data_part(qa_data(rng)), data_part(qa_data(rng))],
        "search_results" => vec![data_part(search_data(rng))],
        "document" => vec![text_part(rng), data_part(document_data(rng))],
        _ => vec![text_part(rng)],
    };
    for _ in 0..rng.usize(..3) {
        let part = if rng.bool() {
            text_part(rng)
        } else {
            object(vec![("kind", Doc::str("file")), ("file", object(vec![]))])
        };
        parts.insert(rng.usize(..=parts.len()), part);
    }
    object(vec![("artifactId", Doc::str("a-1")), ("name", Doc::str(name)), ("parts", Doc::Array(parts))])
}

fn text_part(rng: &mut Rng) -> Doc {
    let text = if rng.u8(..4) == 0 {
        Doc::str(&pools::empty_text(rng))
    } else {
        pools::string(rng, &["Grace is a participation."])
    };
    object(vec![("kind", Doc::str("text")), ("text", text)])
}

fn data_part(data: Doc) -> Doc {
    object(vec![("kind", Doc::str("data")), ("data", data)])
}

/// `{citations, related_questions}`, each present or not.
fn qa_data(rng: &mut Rng) -> Doc {
    let mut data = Vec::new();
    if rng.bool() {
        data.push(("citations", Doc::Array((0..rng.usize(..5)).map(|_| citation(rng)).collect())));
    }
    if rng.bool() {
        let questions =
            (0..rng.usize(..4)).map(|_| if rng.u8(..5) == 0 { pools::number(rng) } else { pools::string(rng, &[]) });
        data.push(("related_questions", Doc::Array(questions.collect())));
    }
    object(data)
}

/// A citation: each typed field in either spelling (or both), of its type or not, or absent.
fn citation(rng: &mut Rng) -> Doc {
    const FIELDS: [(&str, &str, bool); 8] = [
        ("cited_text", "citedText", false),
        ("cited_text_heading", "citedTextHeading", false),
        ("document_title", "documentTitle", false),
        ("document_index", "documentIndex", true),
        ("document_author", "documentAuthor", false),
        ("document_reference", "documentReference", false),
        ("document_year", "documentYear", true),
        ("source_url", "sourceUrl", false),
    ];
    let mut members = Vec::new();
    for (snake, camel, numeric) in FIELDS {
        let value = |rng: &mut Rng| match rng.u8(..8) {
            0 => Doc::literal("null"),
            1 => object(vec![]),
            2 | 3 if numeric => pools::number(rng),
            _ => pools::string(rng, &[]),
        };
        match rng.u8(..6) {
            0 | 1 => {}
            2 => members.push((quote(camel), value(rng))),
            3 => {
                members.push((quote(snake), value(rng)));
                members.push((quote(camel), value(rng)));
            }
            _ => members.push((quote(snake), value(rng))),
        }
    }
    if rng.u8(..3) == 0 {
        members.push((pools::unknown_key(rng), pools::string(rng, &[])));
    }
    rng.shuffle(&mut members);
    Doc::Object(members)
}

/// `{results: [{id, url, title}]}` with ids of every kind.
fn search_data(rng: &mut Rng) -> Doc {
    let hit = |rng: &mut Rng| {
        let id = match rng.u8(..5) {
            0 => pools::number(rng),
            1 => Doc::literal("null"),
            _ => pools::string(rng, &["12345", ""]),
        };
        object(vec![
            ("id", id),
            ("url", pools::string(rng, &["https://example.org/d"])),
            ("title", pools::string(rng, &[])),
        ])
    };
    object(vec![("results", Doc::Array((0..rng.usize(..5)).map(|_| hit(rng)).collect()))])
}

/// `{id, title, author, ref}` of a fetched document.
fn document_data(rng: &mut Rng) -> Doc {
    let id = if rng.u8(..3) == 0 { pools::number(rng) } else { pools::string(rng, &["12345"]) };
    object(vec![
        ("id", id),
        ("title", pools::string(rng, &["Lumen Gentium"])),
        ("author", pools::string(rng, &[])),
        ("ref", pools::string(rng, &["LG 1"])),
    ])
}
