//! `tracing` spans (the `tracing` feature; without it, nothing): one per
//! call (`magisterium_a2a.call`: its method, its outcome's code) and one per
//! HTTP exchange within it (`magisterium_a2a.exchange`: verb, URL without
//! its query, status, milliseconds). No token, header or body is ever
//! recorded; the URL is cut at its query, the one place a secret could sit
//! (this client never puts one there, but a caller's endpoint might).

use super::error::Error;
use super::request::Exchanged;
use crate::sans_io::error::CallError;
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
