//! One HTTP exchange as every transport runs it: the response size bound,
//! counted while the body streams in, and the errors an exchange ends with.
//! Transports only move bytes; what a size or a failure means is decided here.

use super::error::{CallError, ErrorCode};
use super::text::{cat, int};

/// Counts the decoded bytes of one response body against `maxResponseBytes`:
/// a transport checks the declared length before reading, then adds each
/// chunk as it arrives and stops reading at the first refusal, so no more
/// than one chunk past the limit is ever held.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BodyLimit {
    limit: f64,
    read: f64,
}

impl BodyLimit {
    /// A bound of `limit` bytes.
    pub fn new(limit: f64) -> BodyLimit {
        BodyLimit { limit, read: 0.0 }
    }

    /// Refuses a response whose `Content-Length` (as sent) already says it is
    /// too large, before its body is read: see [`declared_length`] for what is a length.
    pub fn check_declared<V>(&self, content_length: Option<&str>, status: u16) -> Result<(), CallError<V>> {
        match content_length.and_then(declared_length) {
            Some(size) if size > self.limit => Err(too_large(self.limit, status)),
            _ => Ok(()),
        }
    }

    /// Counts `bytes` more of the body; BAD_RESPONSE once the total passes the limit.
    pub fn add<V>(&mut self, bytes: usize, status: u16) -> Result<(), CallError<V>> {
        self.read += bytes as f64;
        if self.read > self.limit {
            return Err(too_large(self.limit, status));
        }
        Ok(())
    }
}

/// The length a `Content-Length` declares: ASCII digits, with spaces or tabs
/// (HTTP's optional white space) around them, read as a decimal number (past
/// any integer type a huge one, infinite past the largest `f64`). Anything
/// else (a sign, an exponent, hex, a list, other blanks or digits) declares
/// nothing: the count of the bytes read decides alone. The rule of
/// docs/design.md, "Bounding a body", which the package's JS holds too.
fn declared_length(text: &str) -> Option<f64> {
    let blank = |b: &u8| matches!(b, b' ' | b'\t');
    let start = text.bytes().take_while(blank).count();
    let end = text.len() - text.bytes().skip(start).rev().take_while(blank).count();
    // Blanks are one byte each: `start..end` lies between characters.
    let digits = text.get(start..end).filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))?;
    digits.parse().ok()
}

/// BAD_RESPONSE for a body over `limit` bytes (the client's `maxResponseBytes`,
/// or an agent card's own limit): refused from its declared length, or its
/// read stopped as soon as it passed the limit, so only the limit is known.
pub fn too_large<V>(limit: f64, status: u16) -> CallError<V> {
    let message = cat(&["the response body is larger than the limit: more than ", &int(limit as i64), " bytes"]);
    CallError::bad_response(message).with_http_status(status)
}

/// Where a client runs, as far as the causes of a failed request go: the
/// platform says, the message follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// A browser (a page or one of its workers): a response may also be refused by CORS.
    Browser,
    /// Anywhere else (native, Node, Deno, Bun, Workers): no CORS.
    Elsewhere,
}

/// What a JS realm's globals tell of where it runs: the runtime rule of
/// every client on JS (the npm package's `transport.js` and the Rust
/// client's `fetch` transport each say whether a global is defined, by name:
/// `document`, `process`, `importScripts`).
pub struct Globals<F: Fn(&str) -> bool>(pub F);

impl<F: Fn(&str) -> bool> Globals<F> {
    /// A browser's page: a `document` with no `process` (Node with jsdom has
    /// a `document`, and asks DNS; Bun and Deno 2 have a `process`). There,
    /// and only there as far as the client tells, `fetch` resolves
    /// `*.localhost` names to loopback itself, asking no DNS.
    pub fn page(&self) -> bool {
        self.0("document") && !self.0("process")
    }

    /// A browser (a page, or one of its workers, which have
    /// `importScripts`), where CORS may refuse a response; anywhere else
    /// (Node, Deno, Bun, Workers) no CORS.
    pub fn runtime(&self) -> Runtime {
        if self.page() || self.0("importScripts") { Runtime::Browser } else { Runtime::Elsewhere }
    }
}

/// NETWORK: the request got no response, or its body could not be read
/// (`what`), for the reason `detail` the platform gave; the likely causes
/// follow, CORS only where `runtime` has it.
pub fn network_error<V>(what: &str, detail: &str, runtime: Runtime) -> CallError<V> {
    let causes = match runtime {
        Runtime::Browser => " (offline, refused by CORS, or the connection dropped)",
        Runtime::Elsewhere => " (offline, no server at that address, or the connection dropped)",
    };
    CallError::new(ErrorCode::Network, cat(&[what, ": ", detail, causes]))
}

/// TIMEOUT: the call's time limit passed.
pub fn timed_out<V>() -> CallError<V> {
    CallError::new(ErrorCode::Timeout, "the call timed out")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases of `tests/fixtures/declared-lengths.json`, which the
    /// package's JS (`tests/node/bounded-body.test.mjs`) and the WordPress
    /// plugin read too.
    fn fixture() -> serde_json::Value {
        serde_json::from_str(include_str!("../../tests/fixtures/declared-lengths.json")).unwrap()
    }

    #[test]
    fn a_declared_length_is_used_or_ignored_as_the_shared_table_says() {
        let table = fixture();
        let limit = BodyLimit::new(table["limit"].as_f64().unwrap());
        assert!(limit.check_declared::<()>(None, 200).is_ok());
        for case in table["declared"].as_array().unwrap() {
            let header = case["header"].as_str().unwrap();
            let label = format!("{header:?}: {}", case["why"]);
            assert_eq!(declared_length(header).is_some(), case["used"].as_bool().unwrap(), "{label}");
            let refused = limit.check_declared::<()>(Some(header), 502);
            assert_eq!(refused.is_err(), case["refused"].as_bool().unwrap(), "{label}");
            if let Err(e) = refused {
                assert_eq!((e.code, e.http_status), (ErrorCode::BadResponse, Some(502)));
                assert_eq!(e.message, "the response body is larger than the limit: more than 100 bytes");
            }
        }
    }

    #[test]
    fn bodies_without_a_length_are_counted_as_the_shared_table_says() {
        let table = fixture();
        for body in table["bodies"].as_array().unwrap() {
            // The transport hands the core decoded bytes: a gzip body's count is of what it decodes to.
            let mut limit = BodyLimit::new(table["limit"].as_f64().unwrap());
            let chunks = body["chunks"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as usize);
            let refused = chunks.map(|n| limit.add::<()>(n, 200)).any(|added| added.is_err());
            assert_eq!(refused, body["refused"].as_bool().unwrap(), "{}", body["name"]);
        }
    }

    #[test]
    fn chunks_are_counted_until_the_limit_passes() {
        let mut limit = BodyLimit::new(10.0);
        assert!(limit.add::<()>(4, 200).is_ok());
        assert!(limit.add::<()>(6, 200).is_ok(), "exactly the limit is allowed");
        let e = limit.add::<()>(1, 200).unwrap_err();
        assert_eq!(e.message, "the response body is larger than the limit: more than 10 bytes");
    }

    #[test]
    fn failures_have_their_codes() {
        let browser = network_error::<()>("the request failed", "Failed to fetch", Runtime::Browser);
        assert_eq!(browser.code, ErrorCode::Network);
        assert_eq!(
            browser.message,
            "the request failed: Failed to fetch (offline, refused by CORS, or the connection dropped)"
        );
        let elsewhere = network_error::<()>("the request failed", "connection refused", Runtime::Elsewhere);
        assert_eq!(elsewhere.code, ErrorCode::Network);
        assert!(!elsewhere.message.contains("CORS"), "{}", elsewhere.message);
        assert_eq!(timed_out::<()>().code, ErrorCode::Timeout);
    }

    #[test]
    fn the_runtime_is_told_by_the_globals() {
        let of = |names: &'static [&'static str]| Globals(move |name: &str| names.contains(&name));
        let page = of(&["document"]);
        assert_eq!((page.page(), page.runtime()), (true, Runtime::Browser));
        let jsdom = of(&["document", "process"]);
        assert_eq!((jsdom.page(), jsdom.runtime()), (false, Runtime::Elsewhere), "Node with jsdom");
        let worker = of(&["importScripts"]);
        assert_eq!((worker.page(), worker.runtime()), (false, Runtime::Browser), "a page's worker");
        assert_eq!(of(&["process"]).runtime(), Runtime::Elsewhere, "Node, Bun, Deno 2");
        assert_eq!(of(&[]).runtime(), Runtime::Elsewhere, "Workers");
    }
}
