//! Any text as an endpoint, a date, a rate, a Cache-Control header, parts or an agent card: validation answers
//! `Ok` or INVALID_INPUT, never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use magisterium_a2a::core::card::{card_urls, max_age_ms, read_card};
use magisterium_a2a::core::error::redact;
use magisterium_a2a::core::pacing::Rate;
use magisterium_a2a::core::parts::check_parts;
use magisterium_a2a::core::validate::{endpoint, iso_date, token_transport};
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(e) = endpoint::<()>(&text) {
        let _ = token_transport::<()>(&e, true);
    }
    let _ = iso_date::<()>(&text);
    let _ = Rate::parse::<()>(&text);
    let _ = redact(&text, text.get(..text.len() / 2));
    let _ = card_urls::<()>(&text);
    let _ = max_age_ms(Some(&text));
    if let Ok(parts) = serde_json::from_slice::<Value>(data) {
        let _ = check_parts::<Value, ()>(&parts);
        let _ = read_card(&parts);
    }
});
