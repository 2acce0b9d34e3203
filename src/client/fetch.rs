//! The client's transport on wasm32: `fetch` through gloo-net, the body read
//! as a stream, timers from gloo-timers. Each call has an `AbortController`:
//! its time limit and dropping its future both abort the request. It only
//! moves bytes; the size bound and the failures are the core's.

use super::error::{Cause, Causes};
use super::request::{Exchanged, Request};
use crate::sans_io::error::{CallError, ErrorCode};
use crate::sans_io::exchange::{BodyLimit, Globals, Runtime, network_error, timed_out};
use crate::sans_io::http_json::Verb;
use crate::sans_io::plan::{AUTHORIZATION, Answer, ReplyHead, bearer};
use crate::sans_io::wire::HttpReply;
use gloo_net::http::Request as FetchRequest;
use gloo_timers::callback::Timeout;
use gloo_timers::future::TimeoutFuture;
use serde_json::Value;
use std::fmt;
use std::future::{Future, poll_fn};
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, ReadableStream, ReadableStreamDefaultReader};

/// Nothing is shared between calls: the browser pools connections itself.
pub(crate) struct Http(Vec<(String, String)>);

impl Http {
    /// The page's `fetch`.
    pub(crate) fn new() -> Result<Http, CallError<Value>> {
        Ok(Http(Vec::new()))
    }

    /// The same, sending `headers` (checked by the builder) first in every request.
    pub(crate) fn with_headers(self, headers: Vec<(String, String)>) -> Http {
        Http(headers)
    }
}

/// Now, in milliseconds (`Date.now()`, available in pages, workers and Node).
pub(crate) fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A number uniform in `[0, 1)` (`Math.random`: jitter and message ids, not secrets).
pub(crate) fn random() -> f64 {
    js_sys::Math::random()
}

/// One call's time limit and its `AbortController`, which a timer aborts at
/// the limit and which is aborted when the call is dropped.
pub(crate) struct Deadline {
    at_ms: f64,
    controller: AbortController,
    _timer: Timeout,
}

impl Deadline {
    /// The limit of a call starting now (`timeout_ms` is at most 2^31-1, the timer's range).
    pub(crate) fn start(timeout_ms: u32) -> Result<Deadline, CallError<Value>> {
        let controller =
            AbortController::new().map_err(|_| CallError::new(ErrorCode::Network, "AbortController is unavailable"))?;
        let at_limit = controller.clone();
        let timer = Timeout::new(timeout_ms, move || at_limit.abort());
        Ok(Deadline { at_ms: now_ms() + f64::from(timeout_ms), controller, _timer: timer })
    }

    /// When the call times out, on the [`now_ms`] clock.
    pub(crate) fn at_ms(&self) -> f64 {
        self.at_ms
    }

    /// True once the limit has passed (the timer has aborted the call's requests).
    pub(crate) fn passed(&self) -> bool {
        self.controller.signal().aborted() || now_ms() >= self.at_ms
    }

    /// Sleeps `ms`, or until the limit when it comes first.
    pub(crate) async fn sleep(&self, ms: f64) {
        let ms = ms.min(self.at_ms - now_ms()).clamp(0.0, f64::from(i32::MAX));
        TimeoutFuture::new(ms as u32).await;
    }

    /// `work`'s output, or `None` when the limit comes first.
    pub(crate) async fn within<F: Future>(&self, work: F) -> Option<F::Output> {
        let mut work = pin!(work);
        let mut limit = pin!(self.sleep(f64::INFINITY));
        poll_fn(|cx| match work.as_mut().poll(cx) {
            Poll::Ready(output) => Poll::Ready(Some(output)),
            Poll::Pending => limit.as_mut().poll(cx).map(|()| None),
        })
        .await
    }
}

impl Drop for Deadline {
    /// A call that ends, or is dropped, aborts whatever it still has in flight.
    fn drop(&mut self) {
        self.controller.abort();
    }
}

/// What an exchange got (see [`Exchanged`]), its streamed body this platform's [`Body`].
pub(crate) type Reply = Exchanged<Body>;

/// A response body read as it arrives; dropping it cancels the read, which closes the connection.
pub(crate) struct Body {
    reader: ReadableStreamDefaultReader,
    status: u16,
}

impl Body {
    /// The body's next chunk; `None` at its end; NETWORK when the read fails.
    pub(crate) async fn chunk(
        &mut self,
        deadline: &Deadline,
        causes: &Causes,
    ) -> Result<Option<Vec<u8>>, CallError<Value>> {
        match read_chunk(&self.reader).await {
            Ok(chunk) => Ok(chunk),
            Err(_) if deadline.passed() => Err(timed_out()),
            Err(thrown) => {
                let thrown = JsFailure::of(&thrown);
                let error = network_error("the response body could not be read", &thrown.0.clone(), runtime());
                Err(error.with_cause(Some(causes.keep(Arc::new(thrown)))).with_http_status(self.status))
            }
        }
    }
}

impl Drop for Body {
    fn drop(&mut self) {
        // Cancelling tells the browser to stop the download; its outcome does not matter.
        let _ = self.reader.cancel();
    }
}

/// The next chunk of `reader`; `None` at the end; what JS threw when the read fails.
async fn read_chunk(reader: &ReadableStreamDefaultReader) -> Result<Option<Vec<u8>>, JsValue> {
    let chunk = JsFuture::from(reader.read()).await?;
    let done = js_sys::Reflect::get(&chunk, &JsValue::from_str("done"))?;
    if done.as_bool() == Some(true) {
        return Ok(None);
    }
    let value = js_sys::Reflect::get(&chunk, &JsValue::from_str("value"))?;
    let bytes: js_sys::Uint8Array = value.dyn_into()?;
    Ok(Some(bytes.to_vec()))
}

/// A failure JS reported, as an error a Rust caller can keep.
#[derive(Debug)]
struct JsFailure(String);

impl fmt::Display for JsFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JsFailure {}

impl JsFailure {
    /// The message of a thrown JS value.
    fn of(thrown: &JsValue) -> JsFailure {
        let message = thrown.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()));
        JsFailure(message.or_else(|| thrown.as_string()).unwrap_or_else(|| "a JS failure".to_owned()))
    }
}

/// Where this runs, as the core tells it from the globals ([`Globals::runtime`]).
fn runtime() -> Runtime {
    let global = js_sys::global();
    let has = |name: &str| js_sys::Reflect::has(&global, &JsValue::from_str(name)).unwrap_or(false);
    Globals(has).runtime()
}

/// Carries out the request's plan with `fetch` and reads the reply: an
/// event stream when the plan says so, else the body stream, at most
/// `max_bytes` of it (decoded bytes, counted as they arrive; the read is
/// cancelled past the limit); a body that is not JSON reaches the core as `None`.
pub(crate) async fn exchange(
    http: &Http,
    deadline: &Deadline,
    request: Request<'_>,
    causes: &Causes,
) -> Result<Reply, CallError<Value>> {
    // The detail is the JS error's `message`, as the npm package's (not gloo's "TypeError: …").
    let failed = |what: &str, detail: &str, cause: Cause| {
        if deadline.passed() {
            return timed_out();
        }
        network_error(what, detail, runtime()).with_cause(Some(causes.keep(cause)))
    };
    let signal = deadline.controller.signal();
    let plan = request.plan;
    let builder = match plan.verb {
        Verb::Get => FetchRequest::get(&plan.url),
        Verb::Post => FetchRequest::post(&plan.url),
        Verb::Delete => FetchRequest::delete(&plan.url),
    };
    let mut builder = builder.abort_signal(Some(&signal));
    for (name, value) in &http.0 {
        builder = builder.header(name, value);
    }
    for (name, value) in &plan.headers {
        builder = builder.header(name, value);
    }
    if let Some(token) = request.token {
        builder = builder.header(AUTHORIZATION, &bearer(token));
    }
    let fetch = match request.body() {
        Some(body) => builder.body(body),
        None => builder.build(),
    };
    let response = match fetch {
        Ok(fetch) => fetch.send().await,
        Err(e) => Err(e),
    };
    let response = response.map_err(|e| {
        let detail = match &e {
            gloo_net::Error::JsError(thrown) => thrown.message.clone(),
            other => other.to_string(),
        };
        failed("the request failed", &detail, Arc::new(e))
    })?;
    let status = response.status();
    let headers = response.headers();
    let header = |name: &str| headers.get(name);
    let extensions = plan.activated(header);
    if plan.answer_of(status, header("Content-Type").as_deref()) == Answer::Events
        && let Some(stream) = response.body()
    {
        let body = Body { reader: stream.get_reader().unchecked_into(), status };
        return Ok(Reply::Events(status, body, extensions));
    }
    let ReplyHead { retry_after, cache_control, request_id } = plan.reply_head(status, header);
    // An error of the body carries the server's request id too.
    let stamp = |e: CallError<Value>| e.with_request_id(request_id.clone());
    let mut limit = BodyLimit::new(request.max_bytes);
    limit.check_declared(headers.get("Content-Length").as_deref(), status).map_err(stamp)?;
    let body = match response.body() {
        Some(stream) => read_bounded(&stream, &mut limit, status).await.map_err(|thrown| match thrown {
            Unread::Failed(thrown) => {
                let thrown = JsFailure::of(&thrown);
                stamp(
                    failed("the response body could not be read", &thrown.0.clone(), Arc::new(thrown))
                        .with_http_status(status),
                )
            }
            Unread::TooLarge(error) => stamp(error),
        })?,
        None => Vec::new(),
    };
    let body = serde_json::from_slice(&body).ok();
    Ok(Reply::Whole(HttpReply { status, retry_after_header: retry_after, cache_control, request_id, body }, extensions))
}

/// Why a body was not read whole.
enum Unread {
    /// The stream failed (the connection dropped, the call was aborted).
    Failed(JsValue),
    /// The body passed the limit (the read was cancelled).
    TooLarge(CallError<Value>),
}

/// The bytes of `stream`, counted against `limit` chunk by chunk.
async fn read_bounded(stream: &ReadableStream, limit: &mut BodyLimit, status: u16) -> Result<Vec<u8>, Unread> {
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut body = Vec::new();
    while let Some(chunk) = read_chunk(&reader).await.map_err(Unread::Failed)? {
        if let Err(error) = limit.add(chunk.len(), status) {
            // Cancelling tells the browser to stop the download; its outcome does not matter.
            let _ = reader.cancel();
            return Err(Unread::TooLarge(error));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
