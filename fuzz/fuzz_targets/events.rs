//! Any bytes as an event stream, cut anywhere, and each event's data as an
//! A2A agent's response: the reader must find the same events however the
//! bytes are cut and keep its bound, and the result shape must come back
//! without a panic, for either version (and the 1.0 request shape, over the
//! same JSON); each shaped event is noted by a resubscription's bookkeeping
//! (`resume::Seen`), resumed halfway.
#![no_main]

use libfuzzer_sys::fuzz_target;
use magisterium_a2a::sans_io::error::ErrorCode;
use magisterium_a2a::sans_io::event_stream::{EventStream, Next};
use magisterium_a2a::sans_io::request_shape::request_v1;
use magisterium_a2a::sans_io::result_shape::normalised;
use magisterium_a2a::sans_io::resume::Seen;
use serde_json::Value;

/// The events of `chunks` and whether the bound was met.
fn read(max: usize, chunks: &[&[u8]]) -> (Vec<String>, bool) {
    let mut stream = EventStream::new(max);
    let mut events = Vec::new();
    for chunk in chunks {
        stream.push(chunk);
        loop {
            match stream.next_event() {
                Next::Event(data) => {
                    assert!(data.len() <= max, "an event is held to the bound");
                    events.push(String::from_utf8_lossy(&data).into_owned());
                }
                Next::More => break,
                Next::TooLarge => return (events, true),
            }
        }
    }
    (events, false)
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else { return };
    let max = 16 + usize::from(selector) * 4;
    let (whole, refused) = read(max, &[body]);
    let size = usize::from(selector % 7) + 1;
    let chunks: Vec<&[u8]> = body.chunks(size).collect();
    let (cut, cut_refused) = read(max, &chunks);
    if !refused && !cut_refused {
        assert_eq!(whole, cut, "the same events however the bytes are cut");
    }
    let mut seen = Seen::new();
    for (i, event) in whole.iter().chain([&String::from_utf8_lossy(body).into_owned()]).enumerate() {
        if i == whole.len() / 2 {
            let _ = seen.resume_after(ErrorCode::Network);
        }
        if let Ok(response) = serde_json::from_str::<Value>(event) {
            let shaped = normalised(response.clone(), true);
            seen.is_new(&shaped["result"]);
            let _ = request_v1(response.clone());
            let _ = normalised(response, false);
        }
    }
});
