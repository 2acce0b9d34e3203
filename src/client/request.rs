//! What one HTTP exchange of the Rust client sends, and what it got: the
//! same on every platform; each transport (`native`, `fetch`) reads a
//! response body its own way ([`Exchanged`]'s `B`).

use crate::sans_io::http_json::Verb;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;

/// What one exchange sends.
pub(crate) struct Request<'a> {
    /// The endpoint (or the agent card's URL).
    pub(crate) url: &'a str,
    /// The Bearer token.
    pub(crate) token: Option<&'a str>,
    /// The verb: POST for JSON-RPC, GET for a card, the method's for HTTP+JSON.
    pub(crate) verb: Verb,
    /// The JSON body (sent as `application/json`), or none.
    pub(crate) body: Option<&'a str>,
    /// `maxResponseBytes`.
    pub(crate) max_bytes: f64,
    /// Further headers (`A2A-Version`, `A2A-Extensions`).
    pub(crate) headers: &'a [(&'static str, &'a str)],
    /// Asks for server-sent events: a `text/event-stream` answer's body is handed back unread.
    pub(crate) events: bool,
}

/// What an exchange got, with the response's `A2A-Extensions` header (0.3: `X-A2A-Extensions`), the extensions the agent activated.
pub(crate) enum Exchanged<B> {
    /// A whole response, its body read (within the bound) and parsed.
    Whole(HttpReply<Value>, Option<String>),
    /// A successful `text/event-stream` response (its status) whose body is still to be read.
    Events(u16, B, Option<String>),
}
