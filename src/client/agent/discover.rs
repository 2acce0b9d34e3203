//! Discovery: the agent card under a base URL, fetched (no token: cards are
//! public) from the well-known paths in the core's order, bounded, read by
//! the core ([`card::read_card`]), and kept for its `Cache-Control` max-age
//! ([`card::max_age_ms`]) for the process's (or the page's) lifetime, at
//! most [`card_cache::MAX_CARDS`](crate::sans_io::card_cache::MAX_CARDS) of them.

use crate::client::builder::ClientBuilder;
use crate::client::error::Causes;
use crate::client::error::Error;
use crate::client::request::Request;
use crate::client::transport::{self, Deadline, Http, Reply};
use crate::sans_io::card::{self, Binding, CardHead, ProtocolVersion};
use crate::sans_io::card_cache::CardCache;
use crate::sans_io::error::CallError;
use crate::sans_io::http_json::Verb;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;
use std::sync::{Mutex, PoisonError};

/// The largest agent card read (real cards are a few kilobytes), as the npm package's.
const MAX_CARD_BYTES: f64 = 1024.0 * 1024.0;

/// Cards by base URL (the core's key: `HTTP://X/` and `http://x` are one
/// agent), on [`transport::now_ms`]'s clock, bounded in count ([`CardCache`]).
static CARDS: Mutex<CardCache<Value>> = Mutex::new(CardCache::new());

/// An agent's card and what the client needs of it.
pub(super) struct Found {
    /// The card, as sent.
    pub(super) card: Value,
    /// What the core read of it (for the `protocol_version` and `binding` options).
    pub(super) head: CardHead<Value>,
    /// The card's host: the audience of a fixed token.
    pub(super) host: String,
    /// The HTTP client, for the client's calls.
    pub(super) http: Http,
}

/// Fetches the card under `base_url` within the builder's time limit: the
/// first well-known URL that answers a card wins; else the last failure,
/// naming both URLs.
pub(super) async fn card(
    options: &ClientBuilder,
    base_url: &str,
    wanted: Option<ProtocolVersion>,
    binding: Option<Binding>,
) -> Result<Found, Error> {
    let base = card::card_base::<Value>(base_url, crate::url_parser::parse).map_err(Error::plain)?;
    let http = options.http()?;
    let deadline = Deadline::start(options.timeout_ms()?).map_err(Error::plain)?;
    let causes = Causes::default();
    let now = transport::now_ms();
    let cached = { CARDS.lock().unwrap_or_else(PoisonError::into_inner).get(&base.key, now) };
    if let Some(card) = cached {
        let head = card::read_card(&card, crate::url_parser::parse, wanted, binding).map_err(Error::plain)?;
        return Ok(Found { card, head, host: base.host, http });
    }
    let mut last = CallError::bad_response("no agent card");
    for url in &base.urls {
        let request = Request {
            url,
            token: None,
            verb: Verb::Get,
            body: None,
            max_bytes: MAX_CARD_BYTES,
            headers: &[],
            events: false,
        };
        let fetched = match transport::exchange(&http, &deadline, request, &causes).await {
            Ok(Reply::Whole(HttpReply { status, body: Some(card), cache_control, .. }, _))
                if (200..300).contains(&status) =>
            {
                let max_age_ms = card::max_age_ms(cache_control.as_deref());
                card::read_card(&card, crate::url_parser::parse, wanted, binding).map(|head| (head, card, max_age_ms))
            }
            Ok(Reply::Whole(HttpReply { status, .. }, _) | Reply::Events(status, ..)) => Err(card::card_status(status)),
            Err(e) => Err(e),
        };
        match fetched {
            Ok((head, card, max_age_ms)) => {
                CARDS.lock().unwrap_or_else(PoisonError::into_inner).put(&base.key, card.clone(), now, max_age_ms);
                return Ok(Found { card, head, host: base.host, http });
            }
            Err(e) if deadline.passed() => return Err(failure(e, &causes)),
            Err(e) => last = e,
        }
    }
    Err(failure(card::no_card(&base.urls, last), &causes))
}

/// The client's error of a core error, its platform cause attached.
fn failure(error: CallError<Value>, causes: &Causes) -> Error {
    let source = causes.of(error.cause.as_ref());
    Error::from_core(error, None, source)
}
