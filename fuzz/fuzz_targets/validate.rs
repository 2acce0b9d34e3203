//! Any text as an endpoint, a discovery base, a date, a rate, a Cache-Control header, parts or an agent card (each version wanted):
//! validation answers `Ok` or INVALID_INPUT, never panics. URLs are read by the `url` crate (the core's native
//! WHATWG parser), and what the core accepts holds when `fetch` parses it again: the `href` it keeps checks as the
//! same endpoint, and a base's card URLs are endpoints on the base's host.
#![no_main]

use libfuzzer_sys::fuzz_target;
use magisterium_a2a::sans_io::card::{Binding, ProtocolVersion, card_base, dialect_of, max_age_ms, read_card};
use magisterium_a2a::sans_io::error::redact;
use magisterium_a2a::sans_io::pacing::Rate;
use magisterium_a2a::sans_io::parts::check_parts;
use magisterium_a2a::sans_io::validate::{endpoint, iso_date, token_transport};
use magisterium_a2a::url_parser::parse as parse_url;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(checked) = endpoint::<()>("endpoint", &text, parse_url) {
        let again = endpoint::<()>("endpoint", &checked.url, parse_url);
        assert_eq!(again.as_ref(), Ok(&checked), "the href of {text:?} checks differently");
        let _ = token_transport::<()>(&checked, true);
        let _ = dialect_of(&checked, true);
    }
    if let Ok(base) = card_base::<()>(&text, parse_url) {
        let host = endpoint::<()>("baseUrl", &base.key, parse_url).map(|e| e.host);
        for url in &base.urls {
            let card = endpoint::<()>("card", url, parse_url).map(|e| e.host);
            assert_eq!(card, host, "the card URL {url} of {text:?} is not on the base's host");
        }
    }
    let _ = iso_date::<()>(&text);
    let _ = Rate::parse::<()>(&text);
    let _ = redact(&text, text.get(..text.len() / 2));
    let _ = max_age_ms(Some(&text));
    if let Ok(parts) = serde_json::from_slice::<Value>(data) {
        let _ = check_parts::<Value, ()>(&parts);
        for wanted in [None, Some(ProtocolVersion::V1_0), Some(ProtocolVersion::V0_3)] {
            for binding in [None, Some(Binding::JsonRpc), Some(Binding::HttpJson)] {
                if let Ok(head) = read_card(&parts, parse_url, wanted, binding) {
                    let tenant = head.tenant.map(|t| t.as_str().map(|t| t.encode_utf16().count()));
                    assert!(tenant.is_none_or(|n| n.is_some_and(|n| (1..=256).contains(&n))), "{tenant:?}");
                }
            }
        }
    }
});
