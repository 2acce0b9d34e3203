//! What one HTTP exchange of the Rust client sends, and what it got: the
//! same on every platform; each transport (`native`, `fetch`) carries out
//! the core's [`Plan`] and reads a response body its own way
//! ([`Exchanged`]'s `B`).

use crate::sans_io::plan::{Body, Plan};
use crate::sans_io::wire::HttpReply;
use serde_json::Value;

/// What one exchange sends: the core's plan, the token it leaves out, and the body's bound.
pub(crate) struct Request<'a> {
    /// The plan (verb, URL, headers, body, JSON or events).
    pub(crate) plan: &'a Plan<Value>,
    /// The Bearer token.
    pub(crate) token: Option<&'a str>,
    /// `maxResponseBytes` (or an agent card's bound).
    pub(crate) max_bytes: f64,
}

impl Request<'_> {
    /// The body as sent: the core's text, or the plan's JSON written by `serde_json`.
    pub(crate) fn body(&self) -> Option<String> {
        self.plan.body.as_ref().map(|body| match body {
            Body::Text(text) => text.clone(),
            Body::Json(json) => json.to_string(),
        })
    }
}

/// What an exchange got, with the extensions the agent activated (the header the plan reads them from).
pub(crate) enum Exchanged<B> {
    /// A whole response, its body read (within the bound) and parsed.
    Whole(HttpReply<Value>, Option<String>),
    /// A successful `text/event-stream` response (its status) whose body is still to be read.
    Events(u16, B, Option<String>),
}
