//! `tracing` spans (the `tracing` feature; without it, nothing): one per
//! call (`magisterium_a2a.call`: its method, its outcome's code; discovery's
//! is `discover`), one per stream of events from its making to its end
//! (`magisterium_a2a.stream`: its method, the events read, the code that
//! ended it, milliseconds, whether it ended or was dropped first), and one
//! per HTTP exchange within either (`magisterium_a2a.exchange`: verb, URL
//! without its query, status, milliseconds). No token, header or body is
//! ever recorded; the URL is cut at its query, the one place a secret could
//! sit (this client never puts one there, but a caller's endpoint might).

use super::error::Error;
use super::request::Exchanged;
use crate::sans_io::error::CallError;
use futures_core::Stream;
use serde_json::Value;
use std::future::Future;

/// Runs the call `work` of `method` in a span of its own.
#[cfg(feature = "tracing")]
pub(crate) async fn call<T>(method: &'static str, work: impl Future<Output = Result<T, Error>>) -> Result<T, Error> {
    use tracing::Instrument;
    let span = tracing::info_span!("magisterium_a2a.call", method, error = tracing::field::Empty);
    let result = work.instrument(span.clone()).await;
    if let Err(e) = &result {
        span.record("error", e.code().as_str());
    }
    result
}

/// Runs the call `work` (no span: the `tracing` feature is off).
#[cfg(not(feature = "tracing"))]
pub(crate) async fn call<T>(_method: &'static str, work: impl Future<Output = Result<T, Error>>) -> Result<T, Error> {
    work.await
}

/// Runs the HTTP exchange `work` (`verb` to `url`) in a span of its own,
/// timed by `now_ms` (the platform's clock).
#[cfg(feature = "tracing")]
pub(crate) async fn exchange<B>(
    verb: &'static str,
    url: &str,
    now_ms: fn() -> f64,
    work: impl Future<Output = Result<Exchanged<B>, CallError<Value>>>,
) -> Result<Exchanged<B>, CallError<Value>> {
    use tracing::Instrument;
    use tracing::field::Empty;
    let span = tracing::info_span!(
        "magisterium_a2a.exchange",
        http.method = verb,
        url = without_query(url),
        http.status = Empty,
        error = Empty,
        elapsed_ms = Empty
    );
    let started = now_ms();
    let result = work.instrument(span.clone()).await;
    span.record("elapsed_ms", (now_ms() - started).max(0.0));
    match &result {
        Ok(Exchanged::Whole(reply, _)) => span.record("http.status", reply.status),
        Ok(Exchanged::Events(status, ..)) => span.record("http.status", status),
        Err(e) => span.record("error", e.code.as_str()),
    };
    result
}

/// Runs the HTTP exchange `work` (no span: the `tracing` feature is off).
#[cfg(not(feature = "tracing"))]
pub(crate) async fn exchange<B>(
    _verb: &'static str,
    _url: &str,
    _now_ms: fn() -> f64,
    work: impl Future<Output = Result<Exchanged<B>, CallError<Value>>>,
) -> Result<Exchanged<B>, CallError<Value>> {
    work.await
}

/// The stream `events` of `method` in a span of its own from its first
/// poll (under the subscriber current then), timed by `now_ms` (the
/// platform's clock): every poll of it (its exchanges, a resubscription's
/// too, and each event read) runs within the span.
#[cfg(feature = "tracing")]
pub(crate) fn stream<T>(
    method: &'static str,
    now_ms: fn() -> f64,
    events: impl Stream<Item = Result<T, Error>>,
) -> impl Stream<Item = Result<T, Error>> {
    Traced { events: Box::pin(events), method, now_ms, span: None, started: 0.0, count: 0, over: false }
}

/// The stream `events` (no span: the `tracing` feature is off).
#[cfg(not(feature = "tracing"))]
pub(crate) fn stream<T>(
    _method: &'static str,
    _now_ms: fn() -> f64,
    events: impl Stream<Item = Result<T, Error>>,
) -> impl Stream<Item = Result<T, Error>> {
    events
}

/// A stream polled within its span, which records its end when it comes
/// (the events counted, the milliseconds since its first poll) or when the
/// stream is dropped before it.
#[cfg(feature = "tracing")]
struct Traced<S> {
    events: std::pin::Pin<Box<S>>,
    method: &'static str,
    now_ms: fn() -> f64,
    /// Its span, from its first poll.
    span: Option<tracing::Span>,
    started: f64,
    /// The events it yielded.
    count: u64,
    /// Whether its end is recorded.
    over: bool,
}

#[cfg(feature = "tracing")]
impl<S> Traced<S> {
    /// Records the end (`ended`: the stream's own, not a drop) once.
    fn end(&mut self, ended: bool) {
        let Some(span) = &self.span else { return };
        if !std::mem::replace(&mut self.over, true) {
            span.record("events", self.count);
            span.record("elapsed_ms", ((self.now_ms)() - self.started).max(0.0));
            span.record("ended", ended);
        }
    }
}

#[cfg(feature = "tracing")]
impl<T, S: Stream<Item = Result<T, Error>>> Stream for Traced<S> {
    type Item = Result<T, Error>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        use std::task::Poll;
        use tracing::field::Empty;
        let this = &mut *self;
        let (method, now_ms) = (this.method, this.now_ms);
        let span = this.span.get_or_insert_with(|| {
            this.started = now_ms();
            tracing::info_span!(
                "magisterium_a2a.stream",
                method,
                events = Empty,
                error = Empty,
                elapsed_ms = Empty,
                ended = Empty
            )
        });
        let next = span.in_scope(|| this.events.as_mut().poll_next(cx));
        match &next {
            Poll::Ready(Some(Ok(_))) => this.count += 1,
            // An error ends the stream.
            Poll::Ready(Some(Err(e))) => {
                span.record("error", e.code().as_str());
                this.end(true);
            }
            Poll::Ready(None) => this.end(true),
            Poll::Pending => {}
        }
        next
    }
}

#[cfg(feature = "tracing")]
impl<S> Drop for Traced<S> {
    fn drop(&mut self) {
        self.end(false);
    }
}

/// `url` up to its query or fragment.
#[cfg(any(feature = "tracing", test))]
fn without_query(url: &str) -> &str {
    url.split(['?', '#']).next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_recorded_has_no_query() {
        assert_eq!(without_query("https://a.example/tasks/t?historyLength=2&key=s3cret"), "https://a.example/tasks/t");
        assert_eq!(without_query("https://a.example/a2a#frag"), "https://a.example/a2a");
        assert_eq!(without_query("https://a.example/a2a"), "https://a.example/a2a");
    }
}
