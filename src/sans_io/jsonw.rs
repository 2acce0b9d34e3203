//! A tiny JSON writer for request bodies: the requests are small and fixed in
//! shape, so writing them by hand keeps serde out of the wasm bundle.

use alloc::string::String;

/// Appends `text` to `out` as a JSON string literal, quotes included.
pub fn push_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                push_unicode_escape(out, c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `\uXXXX` for a code point below 0x10000.
fn push_unicode_escape(out: &mut String, code: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(HEX[((code >> shift) & 0xf) as usize] as char);
    }
}

/// `text` as a JSON string literal.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_string(&mut out, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_round_trip_through_a_real_parser() {
        for text in ["", "plain", "quote \" back \\ slash", "ctl \u{0}\u{1f}\n\r\t", "é 😀 \u{2028}", "</script>"] {
            let parsed: String = serde_json::from_str(&string(text)).unwrap();
            assert_eq!(parsed, text);
        }
        assert_eq!(string("\u{1}"), "\"\\u0001\"");
    }
}
