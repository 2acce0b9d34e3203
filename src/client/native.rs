//! The client's transport natively: reqwest (rustls with the ring
//! provider, the platform's certificate verifier) on tokio's clock. It only
//! moves bytes; the size bound and the failures are the core's.

use super::error::{Cause, Causes};
use super::request::{Exchanged, Request};
use crate::sans_io::error::CallError;
use crate::sans_io::exchange::{BodyLimit, Runtime, network_error, timed_out};
use crate::sans_io::http_json::Verb;
use crate::sans_io::plan::{AUTHORIZATION, Answer, ReplyHead, bearer};
use crate::sans_io::wire::HttpReply;
use reqwest::header::{CONTENT_LENGTH, CONTENT_TYPE};
use serde_json::Value;
use std::future::Future;
use std::hash::{BuildHasher, Hasher, RandomState};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::time::Instant;

/// The HTTP client every call of a [`Client`](super::Client) shares (its connection pool).
pub(crate) struct Http(reqwest::Client, Vec<(String, String)>);

impl Http {
    /// A client over rustls with the ring provider and the platform's
    /// verifier; it follows no redirect (the endpoint answers itself).
    pub(crate) fn new() -> Result<Http, CallError<Value>> {
        let refuse =
            |why: &dyn std::fmt::Display| CallError::invalid_input(format!("the HTTP client cannot start: {why}"));
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = rustls_platform_verifier::Verifier::new(provider.clone()).map_err(|e| refuse(&e))?;
        let tls = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| refuse(&e))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_no_client_auth();
        let client = reqwest::Client::builder()
            .tls_backend_preconfigured(tls)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| refuse(&e))?;
        Ok(Http(client, Vec::new()))
    }

    /// Over the program's own client ([`ClientBuilder::http_client`](super::ClientBuilder::http_client)).
    pub(crate) fn with_client(client: reqwest::Client) -> Http {
        Http(client, Vec::new())
    }

    /// The same client, sending `headers` (checked by the builder) first in every request.
    pub(crate) fn with_headers(self, headers: Vec<(String, String)>) -> Http {
        Http(self.0, headers)
    }
}

/// Now, in milliseconds since the first call of the process (a monotonic clock).
pub(crate) fn now_ms() -> f64 {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// A number uniform in `[0, 1)`, from std's randomly keyed hasher (jitter and message ids, not secrets).
pub(crate) fn random() -> f64 {
    static DRAWS: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(DRAWS.fetch_add(1, Ordering::Relaxed));
    (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// One call's time limit. Dropping a call's future cancels it (reqwest
/// closes the connection of a request it drops).
pub(crate) struct Deadline {
    at: Instant,
    at_ms: f64,
}

impl Deadline {
    /// The limit of a call starting now (it cannot fail natively; it may on wasm32).
    pub(crate) fn start(timeout_ms: u32) -> Result<Deadline, CallError<Value>> {
        let at_ms = now_ms() + f64::from(timeout_ms);
        Ok(Deadline { at: Instant::now() + Duration::from_millis(timeout_ms.into()), at_ms })
    }

    /// When the call times out, on the [`now_ms`] clock.
    pub(crate) fn at_ms(&self) -> f64 {
        self.at_ms
    }

    /// True once the limit has passed.
    pub(crate) fn passed(&self) -> bool {
        Instant::now() >= self.at
    }

    /// Sleeps `ms`, or until the limit when it comes first.
    pub(crate) async fn sleep(&self, ms: f64) {
        let wake = Instant::now().checked_add(Duration::from_secs_f64(ms.clamp(0.0, 1.0e12) / 1000.0));
        tokio::time::sleep_until(wake.map_or(self.at, |wake| wake.min(self.at))).await;
    }

    /// `work`'s output, or `None` when the limit comes first.
    pub(crate) async fn within<F: Future>(&self, work: F) -> Option<F::Output> {
        tokio::time::timeout_at(self.at, work).await.ok()
    }
}

/// What an exchange got (see [`Exchanged`]), its streamed body this platform's [`Body`].
pub(crate) type Reply = Exchanged<Body>;

/// A response body read as it arrives; dropping it closes the connection.
pub(crate) struct Body(reqwest::Response);

impl Body {
    /// The body's next chunk; `None` at its end; NETWORK when the read fails.
    pub(crate) async fn chunk(
        &mut self,
        deadline: &Deadline,
        causes: &Causes,
    ) -> Result<Option<Vec<u8>>, CallError<Value>> {
        let status = self.0.status().as_u16();
        let read = deadline.within(self.0.chunk()).await.ok_or_else(timed_out)?;
        read.map(|chunk| chunk.map(|bytes| bytes.to_vec()))
            .map_err(|e| failed(causes, "the response body could not be read", e).with_http_status(status))
    }
}

/// NETWORK for a reqwest failure, the failure kept as the cause.
fn failed(causes: &Causes, what: &str, e: reqwest::Error) -> CallError<Value> {
    let detail = e.to_string();
    let cause: Cause = Arc::new(e);
    network_error(what, &detail, Runtime::Elsewhere).with_cause(Some(causes.keep(cause)))
}

/// Carries out the request's plan and reads the reply: an event stream when
/// the plan says so ([`Plan::answer_of`](crate::sans_io::plan::Plan::answer_of)), else at most `max_bytes` of its
/// body (counted as it arrives); a body that is not JSON reaches the core as `None`.
pub(crate) async fn exchange(
    http: &Http,
    deadline: &Deadline,
    request: Request<'_>,
    causes: &Causes,
) -> Result<Reply, CallError<Value>> {
    let plan = request.plan;
    let verb = match plan.verb {
        Verb::Get => reqwest::Method::GET,
        Verb::Post => reqwest::Method::POST,
        Verb::Delete => reqwest::Method::DELETE,
    };
    let mut builder = http.0.request(verb, &plan.url);
    for (name, value) in &http.1 {
        builder = builder.header(name.as_str(), value.as_str());
    }
    for (name, value) in &plan.headers {
        builder = builder.header(*name, value);
    }
    if let Some(token) = request.token {
        builder = builder.header(AUTHORIZATION, bearer(token));
    }
    // A POST without a body declares it empty (`Content-Length: 0`), as `fetch` does by its standard.
    match request.body() {
        Some(body) => builder = builder.body(body),
        None if plan.verb == Verb::Post => builder = builder.header(CONTENT_LENGTH, "0"),
        None => {}
    }
    let exchange = async {
        let mut response = builder.send().await.map_err(|e| failed(causes, "the request failed", e))?;
        let status = response.status().as_u16();
        let headers = response.headers();
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let extensions = plan.activated(header);
        if plan.answer_of(status, header(CONTENT_TYPE.as_str()).as_deref()) == Answer::Events {
            return Ok(Reply::Events(status, Body(response), extensions));
        }
        let ReplyHead { retry_after, cache_control, request_id } = plan.reply_head(status, header);
        // An error of the body carries the server's request id too.
        let stamp = |e: CallError<Value>| e.with_request_id(request_id.clone());
        let mut limit = BodyLimit::new(request.max_bytes);
        limit.check_declared(header(CONTENT_LENGTH.as_str()).as_deref(), status).map_err(stamp)?;
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| stamp(failed(causes, "the response body could not be read", e).with_http_status(status)))?
        {
            limit.add(chunk.len(), status).map_err(stamp)?;
            body.extend_from_slice(&chunk);
        }
        let body = serde_json::from_slice(&body).ok();
        Ok(Reply::Whole(
            HttpReply { status, retry_after_header: retry_after, cache_control, request_id, body },
            extensions,
        ))
    };
    deadline.within(exchange).await.unwrap_or_else(|| Err(timed_out()))
}
