//! Server-sent events (the WHATWG event-stream format) read from a response
//! body as its bytes arrive, sans I/O: the caller pushes each chunk and asks
//! for the next event's data (its `data` lines joined by "\n"; comments and
//! other fields are skipped). Each byte is searched for a line end once and
//! moved at most once, so a stream costs time in proportion to its length
//! however it is cut. An event, with any line still being read, is held to
//! `max` bytes: a line that never ends is refused as soon as it passes them.

use alloc::vec::Vec;

/// What [`EventStream::next_event`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// An event's data: its bytes as sent, UTF-8 unless the agent erred (a
    /// decoder reads any invalid bytes as U+FFFD, as `TextDecoder` and
    /// `String::from_utf8_lossy` do).
    Event(Vec<u8>),
    /// No whole event yet: push the next chunk (at the body's end, an event
    /// cut off is dropped, as the format says).
    More,
    /// An event (or a line) is larger than the bound: stop reading.
    TooLarge,
}

/// One stream's reader.
#[derive(Clone, Debug)]
pub struct EventStream {
    /// Bytes not yet read as lines: `buffer[start..]`, searched up to `searched`.
    buffer: Vec<u8>,
    start: usize,
    searched: usize,
    /// The event's data so far (`None`: no `data` line yet).
    data: Option<Vec<u8>>,
    /// The last line ended with a CR: a LF right after it is the same line end.
    after_cr: bool,
    /// The stream's first bytes have been checked for a BOM.
    begun: bool,
    too_large: bool,
    max: usize,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// True for a `Content-Type` of `text/event-stream` (any parameters, any
/// case): a stream's answer read as events rather than as one JSON body.
pub fn is_event_stream(content_type: &str) -> bool {
    content_type.trim_start().get(..17).is_some_and(|t| t.eq_ignore_ascii_case("text/event-stream"))
}

impl EventStream {
    /// A reader whose events (and lines) are held to `max` bytes.
    pub fn new(max: usize) -> EventStream {
        EventStream {
            buffer: Vec::new(),
            start: 0,
            searched: 0,
            data: None,
            after_cr: false,
            begun: false,
            too_large: false,
            max,
        }
    }

    /// Adds the body's next chunk (nothing, once an event was too large).
    pub fn push(&mut self, chunk: &[u8]) {
        if !self.too_large {
            self.buffer.extend_from_slice(chunk);
        }
    }

    /// The next event, or what is needed before one.
    pub fn next_event(&mut self) -> Next {
        if self.too_large {
            return Next::TooLarge;
        }
        // Slices are taken with `get`, never by indexing: a bounds check's
        // panic would link the formatting machinery into the bundle.
        if !self.begun {
            let head = self.buffer.get(self.start..).unwrap_or_default();
            if head.len() < BOM.len() && BOM.starts_with(head) {
                return Next::More;
            }
            self.begun = true;
            if head.starts_with(BOM) {
                self.start += BOM.len();
            }
        }
        loop {
            if self.after_cr && self.start < self.buffer.len() {
                self.after_cr = false;
                if self.buffer.get(self.start) == Some(&b'\n') {
                    self.start += 1;
                }
            }
            let from = self.searched.max(self.start);
            let rest = self.buffer.get(from..).unwrap_or_default();
            let Some(end) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
                return self.need_more();
            };
            self.after_cr = rest.get(end) == Some(&b'\r');
            let end = from + end;
            let line = self.buffer.get(self.start..end).unwrap_or_default();
            self.start = end + 1;
            self.searched = self.start;
            if line.is_empty() {
                if let Some(data) = self.data.take() {
                    return Next::Event(data);
                }
                continue;
            }
            let (field, value) = match line.iter().position(|&b| b == b':') {
                Some(colon) => (line.get(..colon).unwrap_or_default(), line.get(colon + 1..).unwrap_or_default()),
                None => (line, &[][..]),
            };
            if field != b"data" {
                continue;
            }
            let value = value.strip_prefix(b" ").unwrap_or(value);
            let data = match &mut self.data {
                Some(data) => {
                    data.push(b'\n');
                    data
                }
                none => none.insert(Vec::new()),
            };
            data.extend_from_slice(value);
            if data.len() > self.max {
                return self.refuse();
            }
        }
    }

    /// Every line found: keeps the unended one (moved to the front, once)
    /// unless it and the event so far pass the bound.
    fn need_more(&mut self) -> Next {
        if self.start > 0 {
            self.buffer = self.buffer.get(self.start..).map(<[u8]>::to_vec).unwrap_or_default();
            self.start = 0;
        }
        self.searched = self.buffer.len();
        let held = self.buffer.len() + self.data.as_ref().map_or(0, Vec::len);
        if held > self.max {
            return self.refuse();
        }
        Next::More
    }

    fn refuse(&mut self) -> Next {
        self.too_large = true;
        self.buffer = Vec::new();
        self.data = None;
        Next::TooLarge
    }
}

#[cfg(test)]
mod tests;
