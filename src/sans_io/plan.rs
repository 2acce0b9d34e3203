//! A request plan: what one HTTP exchange of a call sends, and how its reply
//! is read, decided here for every client. From the call's request (a
//! JSON-RPC request of the core, in 0.3's shape) and where it goes (the
//! [`Target`]: URL, A2A version, binding, tenant, extensions, whether it asks
//! for events), [`plan`] makes a [`Plan`]: the verb, the URL, the headers,
//! the body, whether the answer is JSON or an event stream, and whether the
//! request may be repeated. The transports (the Rust client's `native` and
//! `fetch`, the npm package's `transport.js`) carry a plan out as it is, and
//! hand what came back to the plan's readers: [`Plan::answer_of`] (an event
//! stream, or one JSON body), [`Plan::activated`] (the extensions the agent
//! activated, one precedence of header names), [`reply_head`] (the
//! `Retry-After`, `Cache-Control` and server's request id the core reads) and [`Plan::read`] (the
//! reply as the JSON-RPC response the core decodes, in the package's shape).
//!
//! The rules, each written once here:
//! - A2A 1.0: the request in 1.0's shape ([`request_shape::request_v1`],
//!   naming the tenant), `A2A-Version: 1.0`; over HTTP+JSON, the request mapped
//!   to its verb, URL and body ([`http_json::request`]) and the answer back
//!   ([`http_json::response`]).
//! - Headers: `Content-Type: application/json` exactly when there is a body,
//!   `Accept: text/event-stream` when the call asks for events, the extensions
//!   asked for as `A2A-Extensions` (0.3: `X-A2A-Extensions`). The token is the
//!   one header a plan never holds (so that no plan, logged or handed to a
//!   hook, carries it): a transport adds [`AUTHORIZATION`] as [`bearer`] writes it.
//! - The answer is an event stream only when the call asked for one, the
//!   status is 2xx and the `Content-Type` is `text/event-stream`
//!   ([`is_event_stream`]: leading blanks and case ignored).
//! - The activated extensions are read only when some were asked for, from
//!   the version's own header first, then the other version's.
//! - The server's request id ([`request_id`]): `x-request-id`, else
//!   `request-id`, kept only when it is visible ASCII, and at most
//!   [`MAX_REQUEST_ID_LEN`] bytes of it; every error read from the reply carries it.

use super::card::{Binding, ProtocolVersion};
use super::error::{CallError, Dialect};
use super::event_stream::is_event_stream;
use super::http_json::{self, Verb};
use super::json::{JsonView, Kind};
use super::wire::{HttpReply, Method};
use super::{request_shape, result_shape};
use alloc::string::String;
use alloc::vec::Vec;

/// The header a transport adds with the token (the only header a plan leaves out).
pub const AUTHORIZATION: &str = "Authorization";

/// The header of a request with a body, every body being JSON: (name, value).
pub const JSON_BODY: (&str, &str) = ("Content-Type", "application/json");

/// The value of [`AUTHORIZATION`] for `token`.
pub fn bearer(token: &str) -> String {
    super::text::cat(&["Bearer ", token])
}

/// Checks one of a client's default headers (sent with every request, set
/// before any), the one rule of every client: INVALID_INPUT when `name` is
/// not an HTTP token, when `value` holds a control character other than a
/// tab (CR and LF would split the request), or when `name` is one the client
/// sets itself ([`check_not_own_header`]). (The npm package leaves the name's
/// and the value's syntax to the platform's `Headers`, as `fetch` does, and
/// checks the rest by [`check_not_own_header`].)
pub fn check_default_header<V>(name: &str, value: &str) -> Result<(), CallError<V>> {
    let token = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    let why = if name.is_empty() || !name.bytes().all(token) {
        "is not a valid header name"
    } else if value.bytes().any(|b| (b < 0x20 && b != b'\t') || b == 0x7f) {
        "has a value with a control character (CR, LF)"
    } else {
        return check_not_own_header(name);
    };
    Err(header_refused(name, why))
}

/// INVALID_INPUT when `name` is a header the client sets itself
/// ([`is_own_header`]), which a default header cannot override.
pub fn check_not_own_header<V>(name: &str) -> Result<(), CallError<V>> {
    if !is_own_header(name) {
        return Ok(());
    }
    let why = "is set by the client itself (the token, A2A's headers, the request's own) and cannot be a default";
    Err(header_refused(name, why))
}

/// INVALID_INPUT: the header `name` (quoted) and `why` it is refused.
fn header_refused<V>(name: &str, why: &str) -> CallError<V> {
    let mut quoted = String::new();
    super::jsonw::push_string(&mut quoted, name);
    CallError::invalid_input(super::text::cat(&["the header ", &quoted, " ", why]))
}

/// Whether `name` (any case) is a header the client sets itself: the token's
/// [`AUTHORIZATION`], A2A's (`A2A-*`, `X-A2A-*`), and the plan's and the
/// platform's own (`Content-Type`, `Content-Length`, `Accept`, `Host`).
pub fn is_own_header(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(name.as_str(), "authorization" | "content-type" | "content-length" | "accept" | "host")
        || name.starts_with("a2a-")
        || name.starts_with("x-a2a-")
}

/// Where a call's request goes, and how: the client's state at the time of the request.
#[derive(Clone, Copy, Debug)]
pub struct Target<'a> {
    /// The endpoint (the route's current URL).
    pub url: &'a str,
    /// The A2A version spoken there.
    pub version: ProtocolVersion,
    /// The binding (HTTP+JSON only in 1.0).
    pub binding: Binding,
    /// The tenant a 1.0 request names (the chosen interface's).
    pub tenant: Option<&'a str>,
    /// The extensions asked for, as their header's value (URIs joined by commas).
    pub extensions: Option<&'a str>,
    /// The call asks for a stream of events.
    pub events: bool,
}

/// What the answer to a request is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// One JSON body, read whole within the size bound.
    Json,
    /// Server-sent events, read as they arrive (each within the size bound).
    Events,
}

/// A request's body: text to send as it is, or JSON the platform writes (`JSON.stringify`, `serde_json`).
#[derive(Clone, Debug, PartialEq)]
pub enum Body<V> {
    /// The request as the core wrote it (A2A 0.3).
    Text(String),
    /// The request the plan reshaped (A2A 1.0, HTTP+JSON's mapping).
    Json(V),
}

/// One HTTP exchange, as every client sends it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan<V> {
    /// The verb.
    pub verb: Verb,
    /// The whole URL.
    pub url: String,
    /// The headers, each once, in the order written; never the token (see [`AUTHORIZATION`]).
    pub headers: Vec<(&'static str, String)>,
    /// The body, or none.
    pub body: Option<Body<V>>,
    /// How the answer is read when it is a success (see [`Plan::answer_of`]).
    pub answer: Answer,
    /// The request may be sent again (its method is safe to repeat).
    pub repeatable: bool,
    /// Read the answer as 1.0's.
    v1: bool,
    /// Over HTTP+JSON: the id the answer is read back with.
    rest_id: Option<V>,
    /// The response headers the activated extensions are read from, in order (none when none was asked for).
    activated_from: &'static [&'static str],
}

/// The extensions headers, each version's own first.
const EXTENSIONS_V1: [&str; 2] = ["A2A-Extensions", "X-A2A-Extensions"];
const EXTENSIONS_V0_3: [&str; 2] = ["X-A2A-Extensions", "A2A-Extensions"];

/// The plan of `text`, a JSON-RPC request of the core in A2A 0.3's shape
/// (`request`: the same, parsed, when the platform could parse it), sent to
/// `target`. An HTTP+JSON request with no route, or a base URL that cannot
/// take one, is INVALID_INPUT (see [`http_json::request`]), before any request.
pub fn plan<V: JsonView>(target: &Target<'_>, text: String, request: Option<V>) -> Result<Plan<V>, CallError<V>> {
    let v1 = target.version == ProtocolVersion::V1_0;
    let repeatable = request
        .as_ref()
        .and_then(|r| r.get_string("method"))
        .and_then(|name| Method::named(&name))
        .is_some_and(Method::repeatable);
    let mut plan = Plan {
        verb: Verb::Post,
        url: String::from(target.url),
        headers: Vec::new(),
        body: Some(Body::Text(text)),
        answer: if target.events { Answer::Events } else { Answer::Json },
        repeatable,
        v1,
        rest_id: None,
        activated_from: if target.extensions.is_some() { extensions_headers(v1) } else { &[] },
    };
    if let (true, Some(request)) = (v1, request) {
        let request = request_shape::request_v1(request, target.tenant);
        if target.binding == Binding::HttpJson {
            let mapped = http_json::request(&request, target.url)?;
            plan.rest_id = Some(request.get("id").unwrap_or_default());
            plan.verb = mapped.verb;
            plan.url = mapped.url;
            plan.body = mapped.body.map(|body| Body::Json(canonical(body)));
        } else {
            plan.body = Some(Body::Json(canonical(request)));
        }
    }
    plan.headers = headers(v1, plan.body.is_some(), target);
    Ok(plan)
}

/// `value` with every object's members in one order, their names sorted (by
/// their UTF-8 bytes, as `serde_json`'s map keeps them): what a platform
/// writes of it (`JSON.stringify`, `serde_json`) is then the same text, the
/// members of a reshaped request being in whatever order each view made them.
fn canonical<V: JsonView>(value: V) -> V {
    if value.is_kind(Kind::Array) {
        return V::array((0..value.len()).filter_map(|i| value.at(i)).map(canonical).collect());
    }
    if !value.is_kind(Kind::Object) {
        return value;
    }
    let mut members: Vec<(String, V, V)> =
        value.members().into_iter().map(|(key, member)| (key.as_string().unwrap_or_default(), key, member)).collect();
    members.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    V::object(members.into_iter().map(|(_, key, member)| (key, canonical(member))).collect())
}

/// The extensions headers of 1.0 (`v1`) or 0.3, the version's own first.
fn extensions_headers(v1: bool) -> &'static [&'static str; 2] {
    if v1 { &EXTENSIONS_V1 } else { &EXTENSIONS_V0_3 }
}

/// The headers of a request (the token's aside).
fn headers(v1: bool, body: bool, target: &Target<'_>) -> Vec<(&'static str, String)> {
    let mut headers = Vec::new();
    if body {
        headers.push((JSON_BODY.0, String::from(JSON_BODY.1)));
    }
    if target.events {
        headers.push(("Accept", String::from("text/event-stream")));
    }
    if v1 {
        headers.push(("A2A-Version", String::from("1.0")));
    }
    if let Some(extensions) = target.extensions {
        headers.push((extensions_headers(v1)[0], String::from(extensions)));
    }
    headers
}

/// The plan of an agent card's fetch: a GET of `url`, no token, no header; repeatable.
pub fn card<V>(url: &str) -> Plan<V> {
    Plan {
        verb: Verb::Get,
        url: String::from(url),
        headers: Vec::new(),
        body: None,
        answer: Answer::Json,
        repeatable: true,
        v1: false,
        rest_id: None,
        activated_from: &[],
    }
}

/// What a transport reads of a response's head besides its status (see [`reply_head`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplyHead {
    /// `Retry-After`, of a response that is not 2xx.
    pub retry_after: Option<String>,
    /// `Cache-Control`, of the answer to a GET (an agent card's max-age).
    pub cache_control: Option<String>,
    /// The server's id of the request (see [`request_id`]).
    pub request_id: Option<String>,
}

/// The response headers a server's request id is read from, in order.
pub const REQUEST_ID_HEADERS: [&str; 2] = ["x-request-id", "request-id"];

/// The most bytes of a server's request id an error keeps: ids are short
/// (a UUID is 36), and a header a stranger sends is bounded before it is kept.
pub const MAX_REQUEST_ID_LEN: usize = 128;

/// The server's id of the request, `header` finding a header by name: the
/// first of [`REQUEST_ID_HEADERS`] present, kept only when it is visible ASCII (no control character, space or other
/// byte that could garble a log line or a terminal), cut to
/// [`MAX_REQUEST_ID_LEN`] bytes; `None` when absent, empty or refused.
pub fn request_id(header: impl Fn(&'static str) -> Option<String>) -> Option<String> {
    let id = REQUEST_ID_HEADERS.iter().find_map(|name| header(name))?;
    // By bytes, and no indexing: a `str` pattern's searcher, or an index's
    // panic path, costs the bundle hundreds of bytes. (Not trimmed either: a
    // value with blanks in it, or around it where the platform kept them, is refused.)
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_graphic()) {
        return None;
    }
    // Visible ASCII: any byte is a character boundary.
    id.get(..id.len().min(MAX_REQUEST_ID_LEN)).map(String::from)
}

/// What the core reads of the head of the response of `status`, `header`
/// finding a header by name: `Retry-After` when it is not 2xx,
/// `Cache-Control` when the request was a GET (`get`: an agent card's), the
/// server's [`request_id`] always. The one rule of every transport: a plan's
/// ([`Plan::reply_head`]), and the npm package's, which hands each response's
/// headers to the core.
pub fn reply_head(status: u16, get: bool, header: impl Fn(&'static str) -> Option<String>) -> ReplyHead {
    ReplyHead {
        retry_after: if (200..300).contains(&status) { None } else { header("Retry-After") },
        cache_control: if get { header("Cache-Control") } else { None },
        request_id: request_id(header),
    }
}

impl<V: JsonView> Plan<V> {
    /// How the answer of `status` with `content_type` is read: as events
    /// only when the plan asked for them, the status is 2xx and the type is
    /// `text/event-stream`; else as one JSON body.
    pub fn answer_of(&self, status: u16, content_type: Option<&str>) -> Answer {
        let events =
            self.answer == Answer::Events && (200..300).contains(&status) && content_type.is_some_and(is_event_stream);
        if events { Answer::Events } else { Answer::Json }
    }

    /// The response headers the activated extensions are read from, in
    /// order: the version's own name, then the other version's; none when
    /// the request asked for no extension.
    pub fn activated_from(&self) -> &'static [&'static str] {
        self.activated_from
    }

    /// The extensions the agent activated, as the first of
    /// [`Plan::activated_from`]'s headers that `header` finds lists them.
    pub fn activated(&self, header: impl Fn(&'static str) -> Option<String>) -> Option<String> {
        self.activated_from.iter().find_map(|name| header(name))
    }

    /// What the core reads of the head of the response of `status` to this
    /// plan's request, `header` finding a header by name ([`reply_head`]).
    pub fn reply_head(&self, status: u16, header: impl Fn(&'static str) -> Option<String>) -> ReplyHead {
        reply_head(status, self.verb == Verb::Get, header)
    }

    /// The reply (or an event of the stream, status 200) as the JSON-RPC
    /// response the core decodes: over HTTP+JSON mapped back, its errors read
    /// in `dialect` ([`http_json::response`]); then, when `shaped` (every
    /// answer but an agent card's), its result in the package's shape
    /// ([`result_shape::normalised`]) carrying the extensions the agent
    /// `activated` ([`result_shape::with_activated`]).
    pub fn read(
        &self,
        reply: HttpReply<V>,
        activated: Option<&str>,
        dialect: Dialect,
        shaped: bool,
    ) -> Result<HttpReply<V>, CallError<V>> {
        let reply = match &self.rest_id {
            Some(id) => {
                let request_id = reply.request_id.clone();
                http_json::response(reply, id.clone(), dialect).map_err(|e| e.with_request_id(request_id))?
            }
            None => reply,
        };
        if !shaped {
            return Ok(reply);
        }
        let v1 = self.v1;
        let body = reply.body.map(|body| result_shape::with_activated(result_shape::normalised(body, v1), activated));
        Ok(HttpReply { body, ..reply })
    }
}

#[cfg(test)]
mod tests;
