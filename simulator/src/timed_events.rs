//! A response body of server-sent events sent one at a time, each after its delay.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use hyper::body::Bytes;
use tokio::time::Sleep;

/// Events still to send, each with the milliseconds to wait before it.
#[derive(Debug)]
pub(crate) struct TimedEvents {
    queue: VecDeque<(u64, Bytes)>,
    /// The wait before the first event of `queue`, once started.
    wait: Option<Pin<Box<Sleep>>>,
}

impl TimedEvents {
    /// `events` (delay in milliseconds, event bytes), to send in order.
    pub(crate) fn new(events: Vec<(u64, Vec<u8>)>) -> TimedEvents {
        TimedEvents {
            queue: events.into_iter().map(|(delay, event)| (delay, Bytes::from(event))).collect(),
            wait: None,
        }
    }

    /// The next event once its delay has passed; `None` after the last.
    pub(crate) fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<Bytes>> {
        let Some(&(delay, _)) = self.queue.front() else { return Poll::Ready(None) };
        if delay > 0 {
            let wait = self.wait.get_or_insert_with(|| Box::pin(tokio::time::sleep(Duration::from_millis(delay))));
            ready!(wait.as_mut().poll(cx));
            self.wait = None;
        }
        Poll::Ready(self.queue.pop_front().map(|(_, event)| event))
    }

    /// Whether every event has been sent.
    pub(crate) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}
