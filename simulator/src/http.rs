//! HTTP values of the sans-IO logic: the request and response body types, response builders.
//! A server ([`crate::server`] natively, `simulator/wasm` in Node) reads the request body and
//! plays the response body.

use bytes::Bytes;
use http::header::{ALLOW, CONNECTION, CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, HeaderValue};
use http::{Response, StatusCode};
use serde_json::Value;

use crate::gzip::GzipBody;

/// A response as the handlers build it.
pub(crate) type HttpResponse = Response<ResponseBody>;

/// Marks a response whose CORS headers must be left out (the `no_cors` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WithoutCors;

/// Marks a response that must not be sent: the connection is closed instead (the `drop` fault).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DropConnection;

/// Marks a response to send with this `Content-Length` whatever its body's length (the
/// `short_content_length` fault): it becomes [`ResponseBody::Raw`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeclaredLength(pub(crate) usize);

/// A request body as the server read it, up to the [`crate::Handler::body_limit`] of its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestBody {
    /// The whole body.
    Complete(Bytes),
    /// More than the limit: the server stopped keeping it.
    TooLarge,
    /// The connection failed while reading.
    Broken,
}

/// Why a request body could not be read.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BodyError {
    /// More than the limit.
    TooLarge,
    /// The connection failed while reading.
    Broken,
}

impl RequestBody {
    /// The bytes, or why there are none.
    pub(crate) fn bytes(self) -> Result<Bytes, BodyError> {
        match self {
            RequestBody::Complete(bytes) => Ok(bytes),
            RequestBody::TooLarge => Err(BodyError::TooLarge),
            RequestBody::Broken => Err(BodyError::Broken),
        }
    }
}

/// What a server sends after the response head: a description it plays, so the logic needs
/// neither timers nor sockets.
#[derive(Debug)]
pub enum ResponseBody {
    /// The whole body (none: empty).
    Full(Option<Bytes>),
    /// Wait `delay_ms` milliseconds (the `slow` fault), then send the head and `body`.
    Delayed {
        /// Milliseconds to wait before answering.
        delay_ms: u64,
        /// The body then sent.
        body: Box<ResponseBody>,
    },
    /// `head`, then `chunk` at once and every `every_ms` milliseconds (0: as fast as the client
    /// reads) until the client goes away.
    Endless {
        /// Sent first.
        head: Bytes,
        /// Sent forever after.
        chunk: Bytes,
        /// Pause between chunks, in milliseconds.
        every_ms: u64,
    },
    /// Compressed a step at a time as the client reads it ([`GzipBody::next_step`]).
    Gzip(Box<GzipBody>),
    /// Send nothing at all (not even the head) and close the connection.
    Drop,
    /// Send these bytes raw instead of the head and body (a whole HTTP/1.1 response, whose
    /// `Content-Length` an HTTP library would not let through), then close the connection.
    Raw(Bytes),
    /// Server-sent events: each complete event after its delay in milliseconds, then the end.
    Events(Vec<(u64, Bytes)>),
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
    let chunk = Bytes::from(vec![b' '; chunk_bytes]);
    let mut response = Response::new(ResponseBody::Endless { head: Bytes::from(head), chunk, every_ms });
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// `response` to send as bytes on the wire ([`ResponseBody::Raw`]), as an HTTP library would
/// not: the status line, its headers with `Content-Length: declared` and `Connection: close`,
/// then its whole body.
pub(crate) fn raw_response(response: HttpResponse, declared: usize) -> HttpResponse {
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
    Response::from_parts(head, ResponseBody::Raw(Bytes::from(raw)))
}
