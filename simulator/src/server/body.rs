//! Bodies on the wire: request bodies read with a bound, response bodies played as hyper frames.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::future::poll_fn;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use tokio::time::{Interval, MissedTickBehavior, Sleep};

use crate::gzip::GzipBody;
use crate::http::{RequestBody, ResponseBody};

/// Bytes drained (and discarded) from an over-limit request body before answering, so the
/// client can finish sending and read the 413; past this the connection is simply closed.
const DRAIN_LIMIT: usize = 64 * 1024 * 1024;

/// Reads a request body, keeping at most `limit` bytes.
pub(super) async fn read_body(mut body: Incoming, limit: usize) -> RequestBody {
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let Ok(frame) = frame else {
            return RequestBody::Broken;
        };
        let Ok(data) = frame.into_data() else {
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
    if seen > limit { RequestBody::TooLarge } else { RequestBody::Complete(Bytes::from(bytes)) }
}

/// A [`ResponseBody`] being sent (the delays before the head, the drops and the raw answers are
/// played before: see `server::answer`).
#[derive(Debug)]
pub(super) enum PlayedBody {
    /// The whole body, taken on the first poll.
    Full(Option<Bytes>),
    /// `head`, then `chunk` on every tick (without a ticker: on every poll) until the client goes away.
    Endless { head: Option<Bytes>, chunk: Bytes, ticker: Option<Interval> },
    /// Compressed as read.
    Gzip(Box<GzipBody>),
    /// Events each after its delay, the next one's timer running.
    Events { events: VecDeque<(u64, Bytes)>, timer: Option<Pin<Box<Sleep>>> },
}

impl PlayedBody {
    /// Starts playing `body`.
    pub(super) fn new(body: ResponseBody) -> PlayedBody {
        match body {
            ResponseBody::Full(bytes) => PlayedBody::Full(bytes),
            ResponseBody::Endless { head, chunk, every_ms } => {
                let ticker = (every_ms > 0).then(|| {
                    let mut ticker = tokio::time::interval(Duration::from_millis(every_ms));
                    ticker.set_missed_tick_behavior(MissedTickBehavior::Delay);
                    ticker
                });
                PlayedBody::Endless { head: Some(head), chunk, ticker }
            }
            ResponseBody::Gzip(body) => PlayedBody::Gzip(body),
            ResponseBody::Events(events) => PlayedBody::Events { events: events.into(), timer: None },
            // Played before the head is sent.
            ResponseBody::Delayed { .. } | ResponseBody::Drop | ResponseBody::Raw(_) => PlayedBody::Full(None),
        }
    }
}

impl Body for PlayedBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let data = |bytes: Bytes| Poll::Ready(Some(Ok(Frame::data(bytes))));
        match self.get_mut() {
            PlayedBody::Full(bytes) => Poll::Ready(bytes.take().map(|b| Ok(Frame::data(b)))),
            PlayedBody::Endless { head, chunk, ticker } => {
                if let Some(head) = head.take() {
                    return data(head);
                }
                if let Some(ticker) = ticker {
                    ready!(ticker.poll_tick(cx));
                }
                data(chunk.clone())
            }
            PlayedBody::Gzip(body) => Poll::Ready(body.next_step().map(|b| Ok(Frame::data(b)))),
            PlayedBody::Events { events, timer } => {
                let Some(&(delay_ms, _)) = events.front() else {
                    return Poll::Ready(None);
                };
                let sleep = timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(Duration::from_millis(delay_ms))));
                ready!(sleep.as_mut().poll(cx));
                *timer = None;
                events.pop_front().map_or(Poll::Ready(None), |(_, event)| data(event))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            PlayedBody::Full(bytes) => bytes.is_none(),
            PlayedBody::Events { events, .. } => events.is_empty(),
            PlayedBody::Endless { .. } | PlayedBody::Gzip(_) => false,
        }
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            PlayedBody::Full(bytes) => SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64)),
            _ => SizeHint::default(),
        }
    }
}
