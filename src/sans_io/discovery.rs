//! Discovery's loop, sans I/O, for every client: the card under a base URL
//! fetched from the well-known URLs in [`CardBase::urls`]'s order (each a
//! [`plan::card`]: a GET, no token, at most [`MAX_CARD_BYTES`]), the first
//! that answers a card wins ([`read_card`], kept for its
//! [`max_age_ms`]); when none does, the last failure, naming both URLs
//! ([`no_card`]); a failure after the call's time is up ends the loop at
//! once. The platform only sends each plan and hands back what came of it
//! ([`Discovery::read`]); the card cache is the platform's
//! ([`super::card_cache::CardCache`] over its own JSON).

use super::card::{Binding, CardBase, CardHead, ProtocolVersion, card_status, max_age_ms, no_card, read_card};
use super::error::CallError;
use super::json::JsonView;
use super::plan::{self, Plan};
use super::validate::UrlParser;
use super::wire::HttpReply;

/// The largest agent card read (real cards are a few kilobytes).
pub const MAX_CARD_BYTES: f64 = 1024.0 * 1024.0;

/// A card found: what the client needs of it, the card as sent, and how long it may be cached.
pub struct Found<V> {
    /// What the core read of the card.
    pub head: CardHead<V>,
    /// The card, as sent.
    pub card: V,
    /// Its `Cache-Control` max-age, in milliseconds.
    pub max_age_ms: f64,
}

/// What one card URL's exchange means for the loop.
pub enum Step<V> {
    /// The card: discovery is done.
    Found(Found<V>),
    /// Not a card there: the plan of the next card URL, and its bound.
    Next(Plan<V>, f64),
    /// Discovery failed (the error to throw).
    Failed(CallError<V>),
}

/// One discovery: the card URLs, and how many were tried.
pub struct Discovery {
    urls: [alloc::string::String; 2],
    tried: usize,
    parse: UrlParser,
    wanted: Option<ProtocolVersion>,
    binding: Option<Binding>,
}

impl Discovery {
    /// The discovery of the card under `base`, read as `parse` reads URLs,
    /// with the `protocolVersion` (`wanted`) and `binding` options.
    pub fn new(
        base: &CardBase,
        parse: UrlParser,
        wanted: Option<ProtocolVersion>,
        binding: Option<Binding>,
    ) -> Discovery {
        Discovery { urls: base.urls.clone(), tried: 0, parse, wanted, binding }
    }

    /// A card from the cache, read as a fetched one is.
    pub fn cached<V: JsonView>(&self, card: &V) -> Result<CardHead<V>, CallError<V>> {
        read_card(card, self.parse, self.wanted, self.binding)
    }

    /// The plan of the first card URL to fetch, and its bound ([`MAX_CARD_BYTES`]).
    pub fn first<V>(&mut self) -> (Plan<V>, f64) {
        self.tried = 1;
        (plan::card(&self.urls[0]), MAX_CARD_BYTES)
    }

    /// What the last plan's exchange gave (`ended`: the call's time is up,
    /// or it was aborted): the card, or the next URL to try, or the failure.
    pub fn read<V: JsonView>(&mut self, got: Result<HttpReply<V>, CallError<V>>, ended: bool) -> Step<V> {
        let read = match got {
            Ok(HttpReply { status, body: Some(card), cache_control, .. }) if (200..300).contains(&status) => {
                read_card(&card, self.parse, self.wanted, self.binding).map(|head| Found {
                    head,
                    card,
                    max_age_ms: max_age_ms(cache_control.as_deref()),
                })
            }
            Ok(HttpReply { status, .. }) => Err(card_status(status)),
            Err(e) => Err(e),
        };
        match (read, self.urls.get(self.tried)) {
            (Ok(found), _) => Step::Found(found),
            (Err(_), Some(url)) if !ended => {
                self.tried += 1;
                Step::Next(plan::card(url), MAX_CARD_BYTES)
            }
            (Err(e), _) if ended => Step::Failed(e),
            (Err(e), _) => Step::Failed(no_card(&self.urls, e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sans_io::card::card_base;
    use crate::sans_io::error::ErrorCode;
    use crate::sans_io::http_json::Verb;
    use crate::url_parser::parse;
    use serde_json::{Value, json};

    fn reply(status: u16, body: Option<Value>, cache_control: Option<&str>) -> HttpReply<Value> {
        HttpReply {
            status,
            retry_after_header: None,
            cache_control: cache_control.map(String::from),
            request_id: None,
            body,
        }
    }

    fn discovery() -> Discovery {
        let base = card_base::<Value>("https://agent.example/a/", parse).unwrap();
        Discovery::new(&base, parse, None, None)
    }

    fn card() -> Value {
        json!({ "name": "A", "url": "https://agent.example/rpc", "capabilities": {}, "skills": [] })
    }

    #[test]
    fn the_well_known_urls_are_tried_in_order_each_a_bounded_get_without_a_token() {
        let mut discovery = discovery();
        let (first, bound) = discovery.first::<Value>();
        let url = "https://agent.example/a/.well-known/agent.json";
        assert_eq!((first.verb, first.url.as_str(), bound), (Verb::Get, url, MAX_CARD_BYTES));
        assert!(first.headers.is_empty() && first.body.is_none());
        let Step::Next(second, _) = discovery.read(Ok(reply(404, None, None)), false) else { panic!("the next URL") };
        assert_eq!(second.url, "https://agent.example/a/.well-known/agent-card.json");
        let Step::Found(found) = discovery.read(Ok(reply(200, Some(card()), Some("max-age=60"))), false) else {
            panic!("a card is found")
        };
        assert_eq!((found.head.endpoint.url.as_str(), found.max_age_ms), ("https://agent.example/rpc", 60_000.0));
    }

    #[test]
    fn no_card_names_both_urls_and_the_last_failure() {
        let mut discovery = discovery();
        discovery.first::<Value>();
        assert!(matches!(discovery.read(Ok(reply(404, None, None)), false), Step::Next(..)));
        let Step::Failed(e) = discovery.read(Ok(reply(200, Some(json!([])), None)), false) else { panic!() };
        assert_eq!(e.code, ErrorCode::BadResponse);
        let start = "no agent card at https://agent.example/a/.well-known/agent.json or at ";
        assert!(e.message.starts_with(start), "{}", e.message);
    }

    #[test]
    fn a_failure_after_the_time_is_up_ends_the_loop_as_it_is() {
        let mut discovery = discovery();
        discovery.first::<Value>();
        let timed_out: Result<HttpReply<Value>, _> = Err(CallError::new(ErrorCode::Timeout, "the call timed out"));
        let Step::Failed(e) = discovery.read(timed_out, true) else { panic!() };
        assert_eq!(e.message, "the call timed out");
    }
}
