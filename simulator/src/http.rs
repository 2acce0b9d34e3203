//! HTTP plumbing: the response body type, response builders and bounded request-body reading.

use std::convert::Infallible;
use std::future::poll_fn;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use hyper::header::{CONTENT_TYPE, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::Value;

/// Bytes drained (and discarded) from an over-limit request body before answering, so the
/// client can finish sending and read the 413; past this the connection is simply closed.
const DRAIN_LIMIT: usize = 64 * 1024 * 1024;
/// Pause between two whitespace bytes of a never-ending body.
const TRICKLE_EVERY: Duration = Duration::from_millis(50);

/// A response as the handlers build it.
pub(crate) type HttpResponse = Response<ResponseBody>;

/// Marks a response whose CORS headers must be left out (the `no_cors` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WithoutCors;

/// Marks a response that must not be sent: the connection is closed instead (the `drop` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DropConnection;

/// A response body: all at once, or a prefix followed by whitespace trickled forever.
#[derive(Debug)]
pub(crate) enum ResponseBody {
    /// The whole body, taken on the first poll.
    Full(Option<Bytes>),
    /// `head`, then one space every tick until the client goes away.
    Trickle { head: Option<Bytes>, ticker: tokio::time::Interval },
}

impl Body for ResponseBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            ResponseBody::Full(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            ResponseBody::Trickle { head, ticker } => {
                if let Some(head) = head.take() {
                    return Poll::Ready(Some(Ok(Frame::data(head))));
                }
                ticker.poll_tick(cx).map(|_| Some(Ok(Frame::data(Bytes::from_static(b" ")))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        matches!(self, ResponseBody::Full(None))
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            ResponseBody::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            ResponseBody::Trickle { .. } => SizeHint::default(),
        }
    }
}

/// A response with `body` and a `Content-Type`.
pub(crate) fn bytes_response(status: StatusCode, content_type: HeaderValue, body: impl Into<Bytes>) -> HttpResponse {
    let mut response = Response::new(ResponseBody::Full(Some(body.into())));
    *response.status_mut() = status;
    response.headers_mut().insert(CONTENT_TYPE, content_type);
    response
}

/// A JSON response.
pub(crate) fn json_response(status: StatusCode, body: &Value) -> HttpResponse {
    bytes_response(status, HeaderValue::from_static("application/json"), body.to_string())
}

/// A small JSON error body `{"error": message}` for non-JSON-RPC routes.
pub(crate) fn plain_error(status: StatusCode, message: &str) -> HttpResponse {
    json_response(status, &serde_json::json!({ "error": message }))
}

/// A 200 JSON response whose body is `head` followed by whitespace, forever.
pub(crate) fn trickle_response(head: String) -> HttpResponse {
    let mut ticker = tokio::time::interval(TRICKLE_EVERY);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut response = Response::new(ResponseBody::Trickle { head: Some(Bytes::from(head)), ticker });
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// Why a request body could not be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BodyError {
    /// More than the limit.
    TooLarge,
    /// The connection failed while reading.
    Broken,
}

/// Reads a request body of at most `limit` bytes.
pub(crate) async fn read_body(mut body: Incoming, limit: usize) -> Result<Vec<u8>, BodyError> {
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let Ok(data) = frame.map_err(|_| BodyError::Broken)?.into_data() else {
            continue;
        };
        seen = seen.saturating_add(data.len());
        if seen > limit && seen > DRAIN_LIMIT {
            break;
        }
        if seen <= limit {
            bytes.extend_from_slice(&data);
        }
    }
    if seen > limit { Err(BodyError::TooLarge) } else { Ok(bytes) }
}
