//! The event-stream reader: the format's rules, its bounds, and the same
//! events however the bytes are cut.

use super::*;
use alloc::string::String;
use alloc::vec;

/// Every event of `chunks`, pushed one at a time, and whether the bound was met.
fn read(max: usize, chunks: &[&[u8]]) -> (Vec<String>, bool) {
    let mut stream = EventStream::new(max);
    let mut events = Vec::new();
    for chunk in chunks {
        stream.push(chunk);
        loop {
            match stream.next_event() {
                Next::Event(data) => events.push(String::from_utf8_lossy(&data).into_owned()),
                Next::More => break,
                Next::TooLarge => return (events, true),
            }
        }
    }
    (events, false)
}

#[test]
fn events_are_their_data_lines_joined_whatever_the_line_ends() {
    let body = b"\xEF\xBB\xBF: a comment\nevent: x\nid: 1\ndata: {\"a\":\ndata:1}\n\ndata\r\n\r\ndata: cr\r\rretry: 5\ndata: last\n";
    let (events, refused) = read(100, &[body]);
    assert_eq!(events, ["{\"a\":\n1}", "", "cr"]);
    assert!(!refused, "the last event, cut off by the end, is never dispatched");
    assert_eq!(read(100, &[b"\n\n\ndata:  two spaces\n\n"]).0, [" two spaces"], "one space removed");
    assert_eq!(read(100, &[b"data: \xFF\n\n"]).0, ["\u{FFFD}"]);
    assert_eq!(
        read(100, &[b"dat", b"a: a\r", b"\ndata: b\r", b"\r"]).0,
        ["a\nb"],
        "a CRLF split between chunks is one end"
    );
    assert_eq!(read(100, &[b"\xEF\xBB", b"\xBFdata: x\n\n"]).0, ["x"], "a BOM split between chunks");
}

#[test]
fn an_event_or_a_line_past_the_bound_is_refused() {
    assert_eq!(read(10, &[b"data: 0123456789\n\n"]), (vec!["0123456789".into()], false), "at the bound");
    assert_eq!(read(10, &[b"data: 01234567890\n\n"]), (vec![], true));
    assert_eq!(read(10, &[b"data: 01234\ndata: 56789\n\n"]), (vec![], true), "lines joined pass it");
    assert_eq!(read(10, &[b"data: ok\n\n", b": a comment that never ends"]), (vec!["ok".into()], true));
    let piece = [b'x'; 1024];
    let pieces: Vec<&[u8]> = (0..64).map(|_| &piece[..]).collect();
    assert_eq!(read(16 * 1024, &pieces), (vec![], true), "a line that never ends, in pieces");
    let mut stream = EventStream::new(4);
    stream.push(b"data: 12345\n\n");
    assert_eq!(stream.next_event(), Next::TooLarge);
    stream.push(b"data: 1\n\n");
    assert_eq!(stream.next_event(), Next::TooLarge, "refused for good");
}

#[test]
fn the_same_events_however_the_bytes_are_cut() {
    let body: &[u8] = b"data: one\r\n\r\n: c\ndata: two\rdata: 2\r\rid: x\n\ndata:\n\ndata: \xC3\xA9\n\n";
    let (whole, _) = read(64, &[body]);
    assert_eq!(whole, ["one", "two\n2", "", "\u{e9}"]);
    for size in 1..body.len() {
        let chunks: Vec<&[u8]> = body.chunks(size).collect();
        assert_eq!(read(64, &chunks).0, whole, "cut every {size} bytes");
    }
    for cut in 0..body.len() {
        for second in cut..body.len() {
            let chunks = [&body[..cut], &body[cut..second], &body[second..]];
            assert_eq!(read(64, &chunks).0, whole, "cut at {cut} and {second}");
        }
    }
}

#[test]
fn a_content_type_is_an_event_stream_by_its_media_type_alone() {
    for yes in ["text/event-stream", "Text/Event-Stream; charset=utf-8", " text/event-stream"] {
        assert!(is_event_stream(yes), "{yes}");
    }
    for no in ["application/json", "text/event", "", "text/event-strea", "é"] {
        assert!(!is_event_stream(no), "{no}");
    }
}
