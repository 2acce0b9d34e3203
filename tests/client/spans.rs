//! The spans of the `tracing` feature (the client suite runs with it): a
//! discovery's call span and an exchange span per card URL tried, a
//! stream's span over every event to its end, and a resubscription's
//! exchange within the stream's span; collected by a subscriber of the
//! test's own that keeps each span's fields and parent.

use crate::resubscribe::cutting_server;
use crate::support::simulator;
use futures_util::StreamExt;
use magisterium_a2a::{A2AClient, Part, ProtocolVersion, SendMessageParams};
use std::fmt::{Debug, Write};
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// A span as recorded: its name, its parent's index, and its fields (` name=value` each, later records appended).
#[derive(Clone, Debug)]
struct Span {
    name: &'static str,
    parent: Option<usize>,
    fields: String,
}

/// The crate's spans, in the order they were made, and the stack of those entered (one thread: `#[tokio::test]`'s).
#[derive(Clone, Default)]
struct Spans(Arc<Mutex<(Vec<Span>, Vec<usize>)>>);

impl Spans {
    fn with<R>(&self, f: impl FnOnce(&mut (Vec<Span>, Vec<usize>)) -> R) -> R {
        f(&mut self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// A span's index of its id (ids are indices plus one).
fn index(id: &Id) -> usize {
    usize::try_from(id.into_u64() - 1).expect("an index")
}

impl Subscriber for Spans {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        metadata.target().starts_with("magisterium_a2a")
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut fields = String::new();
        span.record(&mut Fields(&mut fields));
        self.with(|(spans, entered)| {
            let parent = match span.parent() {
                Some(id) => Some(index(id)),
                None if span.is_contextual() => entered.last().copied(),
                None => None,
            };
            spans.push(Span { name: span.metadata().name(), parent, fields });
            Id::from_u64(spans.len() as u64)
        })
    }

    fn record(&self, id: &Id, values: &Record<'_>) {
        self.with(|(spans, _)| values.record(&mut Fields(&mut spans[index(id)].fields)));
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, _: &Event<'_>) {}

    fn enter(&self, id: &Id) {
        self.with(|(_, entered)| entered.push(index(id)));
    }

    fn exit(&self, id: &Id) {
        self.with(|(_, entered)| {
            if let Some(at) = entered.iter().rposition(|&i| i == index(id)) {
                entered.remove(at);
            }
        });
    }
}

/// Writes each field as ` name=value`.
struct Fields<'a>(&'a mut String);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
}

/// What `work` returned, and the spans it made.
async fn traced<T>(work: impl Future<Output = T>) -> (T, Vec<Span>) {
    let spans = Spans::default();
    let out = {
        let _recording = tracing::subscriber::set_default(spans.clone());
        work.await
    };
    (out, spans.with(|(spans, _)| spans.clone()))
}

/// The spans named `name`, with their indices.
fn named<'a>(spans: &'a [Span], name: &str) -> impl Iterator<Item = (usize, &'a Span)> {
    spans.iter().enumerate().filter(move |(_, span)| span.name == name)
}

/// The fields of the exchange spans within the span `parent`.
fn exchanges_in(spans: &[Span], parent: usize) -> Vec<&str> {
    named(spans, "magisterium_a2a.exchange")
        .filter(|(_, s)| s.parent == Some(parent))
        .map(|(_, s)| &*s.fields)
        .collect()
}

/// The one span named `name`: its index and fields.
fn only<'a>(spans: &'a [Span], name: &str) -> (usize, &'a str) {
    let found: Vec<_> = named(spans, name).collect();
    assert_eq!(found.len(), 1, "one {name}: {spans:#?}");
    (found[0].0, &found[0].1.fields)
}

#[tokio::test]
async fn discovery_is_a_call_with_an_exchange_per_card_url_tried() {
    let sim = simulator().await;
    let base = format!("http://{}/agent", sim.addr());
    let (found, spans) = traced(A2AClient::discover(&base)).await;
    found.expect("the card");
    let (call, fields) = only(&spans, "magisterium_a2a.call");
    assert_eq!(fields, r#" method="discover""#);
    // The test agent has no 0.2 card: its first well-known URL answers 404, the second the card.
    let exchanges = exchanges_in(&spans, call);
    assert_eq!(exchanges.len(), 2, "{spans:#?}");
    for (exchange, (name, status)) in exchanges.iter().zip([("agent.json", 404), ("agent-card.json", 200)]) {
        let start = format!(r#" http.method="GET" url="{base}/.well-known/{name}" elapsed_ms="#);
        assert!(exchange.starts_with(&start) && exchange.ends_with(&format!(" http.status={status}")), "{exchange}");
    }

    // A card kept for its max-age (the service's: the test agent's has none): a call, no exchange.
    let (first, spans) = traced(A2AClient::discover(&sim.url())).await;
    first.expect("the card");
    assert_eq!(named(&spans, "magisterium_a2a.exchange").count(), 1, "{spans:#?}");
    let (again, spans) = traced(A2AClient::discover(&sim.url())).await;
    again.expect("the card");
    assert_eq!(only(&spans, "magisterium_a2a.call").1, r#" method="discover""#);
    assert_eq!(named(&spans, "magisterium_a2a.exchange").count(), 0, "{spans:#?}");

    let (missing, spans) = traced(A2AClient::discover(&format!("http://{}/no/card", sim.addr()))).await;
    assert!(missing.is_err());
    assert_eq!(only(&spans, "magisterium_a2a.call").1, r#" method="discover" error="BAD_RESPONSE""#);
}

#[tokio::test]
async fn a_stream_is_a_span_with_its_events_and_its_end() {
    let sim = simulator().await;
    let agent = A2AClient::discover(&format!("http://{}/agent", sim.addr())).await.expect("the card");
    let message = || SendMessageParams::new(vec![Part::text("stream")]).skill_id("stream");
    let (count, spans) = traced(agent.send_message_stream(message()).map(|e| e.expect("an event")).count()).await;
    assert!(count > 2, "{count} events");
    let (stream, fields) = only(&spans, "magisterium_a2a.stream");
    let start = format!(r#" method="message/stream" events={count} elapsed_ms="#);
    assert!(fields.starts_with(&start) && fields.ends_with(" ended=true"), "{fields}");
    assert_eq!(exchanges_in(&spans, stream).len(), 1, "its request: {spans:#?}");

    // Dropped after its first event: its end is the drop's.
    let first = async {
        let mut events = std::pin::pin!(agent.send_message_stream(message()));
        events.next().await.expect("an event").expect("no error");
    };
    let ((), spans) = traced(first).await;
    let fields = only(&spans, "magisterium_a2a.stream").1;
    assert!(
        fields.starts_with(r#" method="message/stream" events=1 "#) && fields.ends_with(" ended=false"),
        "{fields}"
    );
}

fn agent(base: &str, resubscribe: bool) -> A2AClient {
    let builder = A2AClient::builder().endpoint(base).protocol_version(ProtocolVersion::V1_0).max_retries(0);
    builder.resubscribe(resubscribe).build().expect("a client")
}

#[tokio::test]
async fn a_resubscription_is_an_exchange_within_the_stream_span() {
    let (base, _, server) = cutting_server().await;
    let stream = agent(&base, true).send_message_stream(SendMessageParams::new(vec![Part::text("stream")]));
    let (count, spans) = traced(stream.map(|e| e.expect("an event")).count()).await;
    let (stream, fields) = only(&spans, "magisterium_a2a.stream");
    assert!(fields.starts_with(&format!(r#" method="message/stream" events={count} "#)), "{fields}");
    assert!(fields.ends_with(" ended=true") && !fields.contains("error"), "{fields}");
    let exchanges = exchanges_in(&spans, stream);
    assert_eq!(exchanges.len(), 2, "the stream's request and its resubscription: {spans:#?}");
    assert!(exchanges.iter().all(|e| e.ends_with(" http.status=200")), "{exchanges:#?}");

    // Without resubscribing, the drop's code ends the span.
    let stream = agent(&base, false).send_message_stream(SendMessageParams::new(vec![Part::text("stream")]));
    let (events, spans) = traced(stream.collect::<Vec<_>>()).await;
    let fields = only(&spans, "magisterium_a2a.stream").1;
    let expected = format!(r#" method="message/stream" error="NETWORK" events={} elapsed_ms="#, events.len() - 1);
    assert!(fields.starts_with(&expected) && fields.ends_with(" ended=true"), "{fields}");
    server.abort();
}
