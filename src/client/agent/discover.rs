//! Discovery: the agent card under a base URL, by the core's loop
//! ([`Discovery`]: the well-known URLs in order, each a bounded GET without
//! a token, read by the core), kept for its `Cache-Control` max-age
//! ([`card::max_age_ms`]) for the process's (or the page's) lifetime, at
//! most [`card_cache::MAX_CARDS`](crate::sans_io::card_cache::MAX_CARDS) of them.
//! Traced as a call (`discover`), each GET as an exchange within it ([`trace`]).

use crate::client::builder::ClientBuilder;
use crate::client::error::Causes;
use crate::client::error::Error;
use crate::client::request::Request;
use crate::client::trace;
use crate::client::transport::{self, Deadline, Http, Reply};
use crate::sans_io::card::{self, Binding, CardHead, ProtocolVersion};
use crate::sans_io::card_cache::CardCache;
use crate::sans_io::discovery::{Discovery, Step};
use crate::sans_io::error::CallError;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;
use std::sync::{Mutex, PoisonError};

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
    trace::call("discover", fetch_card(options, base_url, wanted, binding)).await
}

/// [`card`], untraced.
async fn fetch_card(
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
    let mut discovery = Discovery::new(&base, crate::url_parser::parse, wanted, binding);
    let cached = { CARDS.lock().unwrap_or_else(PoisonError::into_inner).get(&base.key, now) };
    if let Some(card) = cached {
        let head = discovery.cached(&card).map_err(Error::plain)?;
        return Ok(Found { card, head, host: base.host, http });
    }
    let (mut plan, mut max_bytes) = discovery.first();
    loop {
        let request = Request { plan: &plan, token: None, max_bytes };
        let sent = transport::exchange(&http, &deadline, request, &causes);
        let got = match trace::exchange(plan.verb.as_str(), &plan.url, transport::now_ms, sent).await {
            Ok(Reply::Whole(reply, _)) => Ok(reply),
            Ok(Reply::Events(status, ..)) => {
                Ok(HttpReply { status, retry_after_header: None, cache_control: None, request_id: None, body: None })
            }
            Err(e) => Err(e),
        };
        match discovery.read(got, deadline.passed()) {
            Step::Found(found) => {
                let card = found.card;
                CARDS.lock().unwrap_or_else(PoisonError::into_inner).put(
                    &base.key,
                    card.clone(),
                    now,
                    found.max_age_ms,
                );
                return Ok(Found { card, head: found.head, host: base.host, http });
            }
            Step::Next(next, bound) => (plan, max_bytes) = (next, bound),
            Step::Failed(e) => return Err(failure(e, &causes)),
        }
    }
}

/// The client's error of a core error, its platform cause attached.
fn failure(error: CallError<Value>, causes: &Causes) -> Error {
    let source = causes.of(error.cause.as_ref());
    Error::from_core(error, None, source)
}
