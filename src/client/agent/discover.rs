//! Discovery: the agent card under a base URL, fetched (no token: cards are
//! public) from the well-known paths in the core's order, bounded, and read
//! by the core ([`card::read_card`]).

use crate::client::builder::ClientBuilder;
use crate::client::error::Causes;
use crate::client::error::Error;
use crate::client::transport::{self, Deadline, Http, Reply, Request};
use crate::sans_io::card::{self, CardHead, Version};
use crate::sans_io::error::Error as CoreError;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;

/// The largest agent card read (real cards are a few kilobytes), as the npm package's.
const MAX_CARD_BYTES: f64 = 1024.0 * 1024.0;

/// An agent's card and what the client needs of it.
pub(super) struct Found {
    /// The card, as sent.
    pub(super) card: Value,
    /// What the core read of it (for the `protocol_version` option, `wanted`).
    pub(super) head: CardHead,
    /// The card's host: the audience of a fixed token.
    pub(super) host: String,
    /// The HTTP client, for the client's calls.
    pub(super) http: Http,
}

/// Fetches the card under `base_url` within the builder's time limit: the
/// first well-known URL that answers a card wins; else the last failure,
/// naming both URLs.
pub(super) async fn card(options: &ClientBuilder, base_url: &str, wanted: Option<Version>) -> Result<Found, Error> {
    let base = card::card_base::<Value>(base_url, crate::url_parser::parse).map_err(Error::plain)?;
    let http = options.http()?;
    let deadline = Deadline::start(options.timeout_ms()?).map_err(Error::plain)?;
    let causes = Causes::default();
    let mut last = CoreError::bad_response("no agent card");
    for url in &base.urls {
        let request = Request { url, token: None, body: None, max_bytes: MAX_CARD_BYTES, headers: &[], events: false };
        let fetched = match transport::exchange(&http, &deadline, request, &causes).await {
            Ok(Reply::Whole(HttpReply { status, body: Some(card), .. })) if (200..300).contains(&status) => {
                card::read_card(&card, crate::url_parser::parse, wanted).map(|head| (head, card))
            }
            Ok(Reply::Whole(HttpReply { status, .. }) | Reply::Events(status, _)) => Err(card::card_status(status)),
            Err(e) => Err(e),
        };
        match fetched {
            Ok((head, card)) => return Ok(Found { card, head, host: base.host, http }),
            Err(e) if deadline.passed() => return Err(failure(e, &causes)),
            Err(e) => last = e,
        }
    }
    Err(failure(card::no_card(&base.urls, last), &causes))
}

/// The client's error of a core error, its platform cause attached.
fn failure(error: CoreError<Value>, causes: &Causes) -> Error {
    let source = causes.of(error.cause.as_ref());
    Error::from_core(error, None, source)
}
