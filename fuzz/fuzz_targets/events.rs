//! Any bytes as an event stream, cut anywhere, and each event's data as an
//! A2A agent's response: the reader must find the same events however the
//! bytes are cut and keep its bound, and the result shape must come back
//! without a panic, for either version (and the 1.0 request shape, over the
//! same JSON; the push-notification configs' rewrites and checks, and the
//! activated extensions, from the same bytes), and the HTTP+JSON mapping of
//! the same JSON as a request (its ids, params and base) and as an answer of
//! any status; each shaped event is noted by a resubscription's bookkeeping
//! (`resume::Seen`), resumed halfway.
#![no_main]

use libfuzzer_sys::fuzz_target;
use magisterium_a2a::sans_io::error::{Dialect, ErrorCode};
use magisterium_a2a::sans_io::event_stream::{EventStream, Next};
use magisterium_a2a::sans_io::http_json;
use magisterium_a2a::sans_io::push_config::{self, PushOp};
use magisterium_a2a::sans_io::request_shape::request_v1;
use magisterium_a2a::sans_io::result_shape::{normalised, with_activated};
use magisterium_a2a::sans_io::resume::Seen;
use magisterium_a2a::sans_io::wire::HttpReply;
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
            let shaped = with_activated(normalised(response.clone(), true), Some(event));
            seen.is_new(&shaped["result"]);
            for op in [PushOp::Set, PushOp::Get, PushOp::List, PushOp::Delete] {
                let _ = push_config::params_v1(op.name(), &response);
                let call =
                    push_config::push_call::<Value, Value>(op, Some("t".into()), Some("c".into()), Some(&response));
                if let Ok(call) = call {
                    let _ = call.read(response.clone());
                }
            }
            // A tenant (any text, as a card's interface may name one) in the params, and in the HTTP+JSON path.
            let tenant = (selector % 2 == 1).then_some(event.as_str());
            let request = request_v1(response.clone(), tenant);
            let _ = normalised(response.clone(), false);
            rest(&response, selector);
            rest(&request, selector);
        }
    }
});

/// The JSON as an HTTP+JSON request (on a base picked by `selector`) and as
/// its answer: no panic, and a request URL is the base's, with no fragment.
fn rest(json: &Value, selector: u8) {
    const BASES: [&str; 3] = ["https://a.example/rest/", "http://127.0.0.1:9", "https://a.example/x?q"];
    let base = BASES[usize::from(selector) % BASES.len()];
    if let Ok(request) = http_json::request(json, base) {
        assert!(request.url.starts_with(base.trim_end_matches('/')), "{}", request.url);
        assert!(!request.url.contains('#'), "{}", request.url);
    }
    let status = [200, 204, 400, 404, 429, 500][usize::from(selector) % 6];
    let reply = HttpReply {
        status,
        retry_after_header: Some("3".into()),
        cache_control: None,
        request_id: None,
        body: Some(json.clone()),
    };
    let _ = http_json::response(reply, Value::from(1), Dialect::A2a);
}
