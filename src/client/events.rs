//! A stream's body read as server-sent events: the transport's chunks pushed
//! into the core's event-stream reader ([`EventStream`]) as they arrive, each
//! event's data handed on as a reply for the core to read. Dropping it
//! closes the connection.

use super::error::Causes;
use super::transport::{Body, Deadline};
use crate::sans_io::error::CallError;
use crate::sans_io::event_stream::{EventStream, Next};
use crate::sans_io::exchange::too_large;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;

/// One stream's body and its reader.
pub(crate) struct EventBody {
    body: Body,
    reader: EventStream,
    status: u16,
    max_bytes: f64,
}

impl EventBody {
    /// The body of a response of `status` whose events are each held to `max_bytes`.
    pub(crate) fn new(status: u16, body: Body, max_bytes: f64) -> EventBody {
        // `as` saturates: a bound past the address space is no bound below it.
        EventBody { body, reader: EventStream::new(max_bytes as usize), status, max_bytes }
    }

    /// The next event as a reply (its data parsed as JSON, UTF-8 with any
    /// invalid bytes as U+FFFD; `None` when it is not JSON); `None` at the
    /// body's end; BAD_RESPONSE for an event over the bound, NETWORK or
    /// TIMEOUT when the read fails.
    pub(crate) async fn next(
        &mut self,
        deadline: &Deadline,
        causes: &Causes,
    ) -> Result<Option<HttpReply<Value>>, CallError<Value>> {
        loop {
            match self.reader.next_event() {
                Next::Event(data) => {
                    let body = serde_json::from_str(&String::from_utf8_lossy(&data)).ok();
                    let status = self.status;
                    return Ok(Some(HttpReply {
                        status,
                        retry_after_header: None,
                        cache_control: None,
                        request_id: None,
                        body,
                    }));
                }
                Next::TooLarge => return Err(too_large(self.max_bytes, self.status)),
                Next::More => match self.body.chunk(deadline, causes).await? {
                    Some(chunk) => self.reader.push(&chunk),
                    None => return Ok(None),
                },
            }
        }
    }
}
