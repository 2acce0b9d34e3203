//! The values cases are made of: the ones the decoder branches on, their near
//! misses, and the ones parsers treat differently.

use super::json_text::{Doc, ID_PLACEHOLDER, quote};
use super::native::TOKEN;
use fastrand::Rng;

/// One of `items` (which must not be empty).
pub fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.usize(..items.len())]
}

/// `kind` values: the ones the decoder knows and their near misses.
pub const KINDS: [&str; 10] =
    ["task", "message", "text", "data", "file", "Task", "artifact-update", "", " task", "video"];

/// `status.state` values.
pub const STATES: [&str; 12] = [
    "completed",
    "failed",
    "canceled",
    "rejected",
    "working",
    "submitted",
    "input-required",
    "auth-required",
    "unknown",
    "COMPLETED",
    "completed ",
    "cancelled",
];

/// Artifact names: each skill's own and near misses.
pub const ARTIFACT_NAMES: [&str; 8] =
    ["catholic_qa_response", "search_results", "document", "mass_readings", "martyrology", "Document", "documents", ""];

/// The texts a skill answers with when it has nothing.
const EMPTY_TEXTS: [&str; 3] = ["Document not found.", "No mass readings found.", "No martyrology data found."];

/// Whitespace of every width: ASCII, Latin-1, and three-byte UTF-8 (one UTF-16 unit).
const SPACES: [&str; 8] = [" ", "\n", "\t", "\u{a0}", "\u{3000}", "\u{2028}", "\u{feff}", "\u{200b}"];

/// Number literals, including those JSON parsers disagree on.
const NUMBERS: [&str; 24] = [
    "0",
    "-0",
    "1",
    "1.0",
    "1E2",
    "0.5",
    "-7",
    "3.0000000000000004",
    "9007199254740993",
    "18446744073709551615",
    "123456789012345678901234567890",
    "1e308",
    "1.7976931348623157e308",
    "1e400",
    "-1e400",
    "4.9e-324",
    "1e-400",
    "8999999999999999",
    "9000000000000001",
    "-32003.0",
    "-32003.5",
    "2147483648",
    "1e15",
    "12.000000000000001",
];

/// JSON-RPC error codes: the contract's, the rest of the reserved range, and beyond.
pub fn error_code(rng: &mut Rng) -> Doc {
    const CODES: [&str; 18] = [
        "-32700", "-32600", "-32601", "-32602", "-32603", "-32001", "-32002", "-32003", "-32004", "-32005", "-32006",
        "-32007", "-32008", "-32099", "-32000", "0", "404", "-32003.0",
    ];
    match rng.u8(..10) {
        0 => Doc::Literal(rng.i32(-32768..=-31990).to_string()),
        1 => number(rng),
        2 => Doc::str(&rng.i32(-32010..-31990).to_string()),
        _ => Doc::literal(pick(rng, &CODES)),
    }
}

/// A number literal.
pub fn number(rng: &mut Rng) -> Doc {
    match rng.u8(..4) {
        0 => Doc::Literal(rng.i64(-1_000_000..1_000_000).to_string()),
        1 => Doc::Literal(format!("{}", rng.f64() * 10f64.powi(rng.i32(-5..20)))),
        _ => Doc::literal(pick(rng, &NUMBERS)),
    }
}

/// A JSON-RPC `id` for a response: mostly the request's, else a near miss.
pub fn response_id(rng: &mut Rng) -> Doc {
    let echo = ID_PLACEHOLDER;
    match rng.u8(..16) {
        0 => Doc::literal("null"),
        1 => Doc::Str(format!("\"{echo}\"")),
        2 => Doc::Literal(format!("{echo}.0")),
        3 => Doc::Literal(format!("{echo}.5")),
        4 => Doc::Literal(format!("-{echo}")),
        5 => Doc::Literal(format!("{echo}0")),
        6 => Doc::Literal(format!("{echo}e0")),
        7 => number(rng),
        _ => Doc::literal(echo),
    }
}

/// A string: plain, unicode, escaped, a lone surrogate, a skill's empty text,
/// the client's token echoed, or one of `domain`.
pub fn string(rng: &mut Rng, domain: &[&str]) -> Doc {
    match rng.u8(..96) {
        0 => Doc::Str(lone_surrogate(rng)),
        1..=3 => Doc::str(&empty_text(rng)),
        4..=6 => Doc::str(&format!("the server echoed {TOKEN} here")),
        7..=9 => Doc::str(""),
        10..=12 => {
            let n = rng.usize(1..3000);
            Doc::str(&words(rng, n))
        }
        13..=20 => Doc::str(&unicode(rng)),
        21..=23 => Doc::Str(escaped(rng)),
        _ if !domain.is_empty() => Doc::str(pick(rng, domain)),
        _ => {
            let n = rng.usize(1..5);
            Doc::str(&words(rng, n))
        }
    }
}

/// A skill's text for "nothing found", between whitespace of any width.
pub fn empty_text(rng: &mut Rng) -> String {
    let empty = pick(rng, &EMPTY_TEXTS);
    padded(rng, empty)
}

/// `text` between random whitespace: narrow (ASCII), wide (two or three
/// UTF-8 bytes, one UTF-16 unit) or both, some of it not whitespace to `trim`.
pub fn padded(rng: &mut Rng, text: &str) -> String {
    let spaces: &[&str] = match rng.u8(..3) {
        0 => &SPACES[..3],
        1 => &SPACES[3..6],
        _ => &SPACES,
    };
    let pad = |rng: &mut Rng, n| (0..n).map(|_| pick(rng, spaces)).collect::<String>();
    let (before, after) = (rng.usize(..4), rng.usize(..20));
    let (before, after) = (pad(rng, before), pad(rng, after));
    format!("{before}{text}{after}")
}

/// A few lowercase words.
pub fn words(rng: &mut Rng, n: usize) -> String {
    const WORDS: [&str; 8] = ["grace", "Lumen", "gentium", "faith", "CCC", "1996", "saint", "Joseph"];
    (0..n).map(|_| pick(rng, &WORDS)).collect::<Vec<_>>().join(" ")
}

/// Characters from every plane, controls and noncharacters included (no surrogates: a Rust `char` has none).
fn unicode(rng: &mut Rng) -> String {
    const SAMPLES: [char; 12] = [
        'é',
        'ß',
        '中',
        '😀',
        '\u{0}',
        '\u{1f}',
        '\u{7f}',
        '\u{2028}',
        '\u{fffd}',
        '\u{ffff}',
        '\u{10ffff}',
        '\u{202e}',
    ];
    (0..rng.usize(1..12)).map(|_| if rng.bool() { pick(rng, &SAMPLES) } else { rng.char(..) }).collect()
}

/// A string literal with escapes JSON allows (`\/`, `\u00e9`, a valid surrogate pair).
fn escaped(rng: &mut Rng) -> String {
    const ESCAPES: [&str; 6] = [r"\/", r"\u00e9", r"\ud83d\ude00", r"\n", r"\u0000", r#"\""#];
    let inner: String = (0..rng.usize(1..5)).map(|_| pick(rng, &ESCAPES)).collect();
    format!("\"a{inner}b\"")
}

/// A string literal holding a surrogate escape without its partner, which
/// `JSON.parse` takes and `serde_json` refuses.
fn lone_surrogate(rng: &mut Rng) -> String {
    const LONE: [&str; 4] = [r"\ud800", r"\udfff", r"\udc00\ud800", r"\ud83d"];
    format!("\"x{}y\"", pick(rng, &LONE))
}

/// A key nobody expects, or one JS objects treat specially.
pub fn unknown_key(rng: &mut Rng) -> String {
    const KEYS: [&str; 10] =
        ["__proto__", "constructor", "toString", "hasOwnProperty", "0", "10", "extra", "", "é", "relevance"];
    if rng.u8(..16) == 0 { Doc::Str(lone_surrogate(rng)).text() } else { quote(pick(rng, &KEYS)) }
}
