//! Building message and body text without `core::fmt`: formatting machinery
//! costs the wasm bundle kilobytes, and these few shapes are all it needs.

use alloc::string::String;

/// The concatenation of `parts`.
pub fn cat(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// At most `max` characters of `text`, and `…` when it went on: how a
/// server's or a caller's text of any length enters a message.
pub fn shortened(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => cat(&[text.get(..end).unwrap_or(""), "…"]),
        None => String::from(text),
    }
}

/// `s` without its trailing `byte`s. `byte` is ASCII, so the cut is on a
/// character boundary; a byte loop rather than `trim_end_matches`, whose
/// reverse `char` search costs the bundle ~0.5 KB for these few uses.
pub fn trim_end_ascii(s: &str, byte: u8) -> &str {
    let mut end = s.len();
    while end > 0 && s.as_bytes().get(end - 1) == Some(&byte) {
        end -= 1;
    }
    s.get(..end).unwrap_or(s)
}

/// `n` in decimal.
pub fn int(n: i64) -> String {
    // Digits from the lowest up into a 20-byte buffer (u64::MAX has 20), then out in order.
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = n.unsigned_abs();
    for slot in digits.iter_mut().rev() {
        *slot = b'0' + (rest % 10) as u8;
        start -= 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut out = String::with_capacity(21);
    if n < 0 {
        out.push('-');
    }
    for &digit in digits.iter().skip(start) {
        out.push(char::from(digit));
    }
    out
}

/// `n` in decimal, at least `width` digits (zero-padded).
pub fn padded(n: u32, width: usize) -> String {
    let digits = int(i64::from(n));
    let mut out = String::with_capacity(width.max(digits.len()));
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(&digits);
    out
}

/// The low `digits` hexadecimal digits of `n`, zero-padded.
pub fn hex(n: u128, digits: u32) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    (0..digits).rev().map(|i| char::from(HEX[((n >> (4 * i)) & 0xf) as usize])).collect()
}

/// `s` read as `str::parse::<u32>` reads it (an optional `+`, then one or
/// more ASCII digits, within `u32`), without the generic integer parser,
/// which costs the wasm bundle ~0.1 KB gzip for these few uses.
pub fn parse_u32(s: &str) -> Option<u32> {
    let digits = s.strip_prefix("+").unwrap_or(s);
    if digits.is_empty() {
        return None;
    }
    digits.bytes().try_fold(0u32, |n, byte| {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        n.checked_mul(10)?.checked_add(u32::from(digit))
    })
}

/// True for a finite number without a fractional part (what `f64::fract() == 0.0`
/// says, without `std`).
pub fn is_whole(x: f64) -> bool {
    x.is_finite() && (x.abs() >= 4_503_599_627_370_496.0 || x == (x as i64) as f64)
}

/// The smallest whole number not below `x` (for `0 ≤ x < 2^53`).
pub fn ceil(x: f64) -> f64 {
    let truncated = (x as i64) as f64;
    if truncated < x { truncated + 1.0 } else { truncated }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_u32_reads_as_str_parse_does() {
        let cases = [
            "0",
            "7",
            "+7",
            "15",
            "007",
            "4294967295",
            "4294967296",
            "99999999999",
            "",
            "+",
            "++1",
            "-1",
            "1 ",
            " 1",
            "1a",
            "a",
            "１",
            "+0",
            "0x10",
            "1_000",
        ];
        for s in cases {
            assert_eq!(parse_u32(s), s.parse::<u32>().ok(), "{s:?}");
        }
    }

    #[test]
    fn integers_print_like_display() {
        for n in [0, 7, -7, 10, 1234567890, i64::MAX, i64::MIN, -32700] {
            assert_eq!(int(n), n.to_string());
        }
        assert_eq!(padded(7, 2), "07");
        assert_eq!(padded(2026, 4), "2026");
        assert_eq!(padded(33, 4), "0033");
        assert_eq!(padded(12345, 2), "12345");
    }

    #[test]
    fn hex_is_zero_padded() {
        assert_eq!(hex(0xab, 4), "00ab");
        assert_eq!(hex(u128::MAX, 32), "f".repeat(32));
    }

    #[test]
    fn whole_and_ceil_match_std() {
        for x in [0.0, 1.0, -1.0, 1.5, -1.5, 1e300, 0.1, 9.0e15, f64::NAN, f64::INFINITY, -0.0] {
            assert_eq!(is_whole(x), x.is_finite() && x.fract() == 0.0, "{x}");
        }
        for x in [0.0, 0.2, 1.0, 1.5, 59.001, 60.0] {
            assert_eq!(ceil(x), x.ceil(), "{x}");
        }
    }

    #[test]
    fn trim_end_ascii_matches_trim_end_matches() {
        for s in ["", "/", "//", "a/", "a//", "/a", "é/", "é", "a/b/", "x.y.", "ü..", "..."] {
            for byte in [b'/', b'.'] {
                assert_eq!(trim_end_ascii(s, byte), s.trim_end_matches(char::from(byte)), "{s:?} {byte}");
            }
        }
    }

    #[test]
    fn cat_concatenates() {
        assert_eq!(cat(&["a", "", "bc"]), "abc");
    }
}
