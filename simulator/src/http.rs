//! HTTP plumbing: the response body type, response builders and bounded request-body reading.

use std::convert::Infallible;
use std::future::poll_fn;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use hyper::header::{ALLOW, CONNECTION, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::Value;

use crate::gzip::GzipBody;
use crate::timed_events::TimedEvents;

/// Bytes drained (and discarded) from an over-limit request body before answering, so the
/// client can finish sending and read the 413; past this the connection is simply closed.
const DRAIN_LIMIT: usize = 64 * 1024 * 1024;

/// A response as the handlers build it.
pub(crate) type HttpResponse = Response<ResponseBody>;

/// Marks a response whose CORS headers must be left out (the `no_cors` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WithoutCors;

/// Marks a response that must not be sent: the connection is closed instead (the `drop` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DropConnection;

/// Marks a response to send with this `Content-Length` whatever its body's length (the
/// `short_content_length` fault): it is written raw, since hyper keeps a body to its declared length.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeclaredLength(pub(crate) usize);

/// A response body: all at once, a prefix followed by whitespace forever, gzip compressed as
/// read, or events each sent after its delay.
#[derive(Debug)]
pub(crate) enum ResponseBody {
    /// The whole body, taken on the first poll.
    Full(Option<Bytes>),
    /// `head`, then `chunk` on every tick (without a ticker: on every poll) until the client goes away.
    Endless { head: Option<Bytes>, chunk: Bytes, ticker: Option<tokio::time::Interval> },
    /// A padded JSON body, gzip-compressed a step at a time as the client reads it.
    Gzip(Box<GzipBody>),
    /// Server-sent events, each after its delay.
    Events(TimedEvents),
}

impl Body for ResponseBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            ResponseBody::Full(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            ResponseBody::Endless { head, chunk, ticker } => {
                if let Some(head) = head.take() {
                    return Poll::Ready(Some(Ok(Frame::data(head))));
                }
                if let Some(ticker) = ticker {
                    std::task::ready!(ticker.poll_tick(cx));
                }
                Poll::Ready(Some(Ok(Frame::data(chunk.clone()))))
            }
            ResponseBody::Gzip(body) => Poll::Ready(body.next_step().map(|b| Ok(Frame::data(b)))),
            ResponseBody::Events(events) => events.poll_next(cx).map(|event| event.map(|b| Ok(Frame::data(b)))),
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            ResponseBody::Full(bytes) => bytes.is_none(),
            ResponseBody::Events(events) => events.is_empty(),
            ResponseBody::Endless { .. } | ResponseBody::Gzip(_) => false,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            ResponseBody::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            ResponseBody::Endless { .. } | ResponseBody::Gzip(_) | ResponseBody::Events(_) => SizeHint::default(),
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

/// A response whose `body` is sent gzip-compressed as it is read (`Content-Encoding: gzip`, chunked).
pub(crate) fn gzip_response(status: StatusCode, content_type: HeaderValue, body: GzipBody) -> HttpResponse {
    let mut response = Response::new(ResponseBody::Gzip(Box::new(body)));
    *response.status_mut() = status;
    response.headers_mut().insert(CONTENT_TYPE, content_type);
    response.headers_mut().insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
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

/// `405` with the `Allow` header.
pub(crate) fn method_not_allowed(allow: &'static str) -> HttpResponse {
    let mut response = plain_error(StatusCode::METHOD_NOT_ALLOWED, "method not allowed");
    response.headers_mut().insert(ALLOW, HeaderValue::from_static(allow));
    response
}

/// A 200 JSON response whose body is `head` followed by `chunk_bytes` spaces every `every_ms`
/// milliseconds (0: as fast as the client reads), forever.
pub(crate) fn endless_response(head: String, chunk_bytes: usize, every_ms: u64) -> HttpResponse {
    let ticker = (every_ms > 0).then(|| {
        let mut ticker = tokio::time::interval(Duration::from_millis(every_ms));
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticker
    });
    let chunk = Bytes::from(vec![b' '; chunk_bytes]);
    let mut response = Response::new(ResponseBody::Endless { head: Some(Bytes::from(head)), chunk, ticker });
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// `response` as bytes on the wire, for what hyper will not send: the status line, its headers
/// with `Content-Length: declared` and `Connection: close`, then its whole body.
pub(crate) fn raw_response(response: HttpResponse, declared: usize) -> Bytes {
    let (mut head, body) = response.into_parts();
    head.headers.insert(CONTENT_LENGTH, HeaderValue::from(declared));
    head.headers.insert(CONNECTION, HeaderValue::from_static("close"));
    let mut raw = format!("HTTP/1.1 {}\r\n", head.status).into_bytes();
    for (name, value) in &head.headers {
        raw.extend_from_slice(name.as_str().as_bytes());
        raw.extend_from_slice(b": ");
        raw.extend_from_slice(value.as_bytes());
        raw.extend_from_slice(b"\r\n");
    }
    raw.extend_from_slice(b"\r\n");
    if let ResponseBody::Full(Some(bytes)) = body {
        raw.extend_from_slice(&bytes);
    }
    Bytes::from(raw)
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
