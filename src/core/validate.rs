//! Input rules checked before any request: endpoint and token policy,
//! dates, ids and numeric options. Every refusal is INVALID_INPUT.

use super::error::Error;
use super::text::{cat, hex, int, is_whole, padded};
use alloc::borrow::ToOwned;
use alloc::string::String;

/// The endpoint the contract names; the default.
pub const DEFAULT_ENDPOINT: &str = "https://www.magisterium.com/api/v1/a2a";

/// What a WHATWG URL parser made of a URL: the parts the rules here decide
/// on. Who parses is not the core's business: in the bundle it is the
/// platform's `URL` (the parser `fetch` itself uses), natively the `url` crate (see `crate::url_parser`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlParts {
    /// The serialised URL (`URL.href`): what is fetched.
    pub href: String,
    /// The scheme and its colon (`URL.protocol`), e.g. `"https:"`.
    pub protocol: String,
    /// The host without its port (`URL.hostname`): a lowercased domain, an
    /// IPv4 address in dotted decimal, or an IPv6 address in brackets.
    pub hostname: String,
    /// True when the URL carries a username or a password.
    pub credentials: bool,
}

/// A WHATWG URL parser: the parts of what it accepts, `None` for what it refuses.
pub type UrlParser = fn(&str) -> Option<UrlParts>;

/// A checked endpoint URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// The parser's `href`: what is fetched.
    pub url: String,
    /// True for `https:`.
    pub https: bool,
    /// True when the host never leaves the machine (`localhost`, `127.0.0.0/8`, `[::1]`).
    pub loopback: bool,
    /// The parser's `hostname`.
    pub host: String,
}

/// Checks `text` as a URL to send requests to (`what` names it in messages):
/// INVALID_INPUT when `parse` refuses it, when it is not `http:` or `https:`,
/// or when it carries credentials or has no host.
pub fn endpoint<V>(what: &str, text: &str, parse: UrlParser) -> Result<Endpoint, Error<V>> {
    let refuse = |why: &str| Err(Error::invalid_input(cat(&[what, " ", why])));
    let Some(url) = parse(text) else {
        return refuse(&cat(&["is not a URL: ", &shorten(text)]));
    };
    let https = url.protocol == "https:";
    if !https && url.protocol != "http:" {
        return refuse(&cat(&["must be an http: or https: URL: ", &shorten(text)]));
    }
    // The URL is not echoed: its password would be in the message.
    if url.credentials {
        return refuse("must not carry a username or password");
    }
    if url.hostname.is_empty() {
        return refuse("has no host");
    }
    Ok(Endpoint { url: url.href, https, loopback: is_loopback(&url.hostname), host: url.hostname })
}

/// True for a parser's `hostname` that never leaves the machine: `localhost`
/// and `*.localhost`, an IPv4 address in 127.0.0.0/8, `[::1]`. The parser
/// writes every IPv4 address as four decimal octets (`127.1`, `0x7f.1` and
/// `2130706433` all become `127.0.0.1`) and every IPv6 one compressed, so
/// these few shapes are the only ones to compare with. Nothing else is
/// loopback, not `localhost.` (a trailing dot, which the parser keeps)
/// nor `[::ffff:7f00:1]` (an IPv4-mapped address).
fn is_loopback(hostname: &str) -> bool {
    if hostname == "localhost" || hostname.ends_with(".localhost") || hostname == "[::1]" {
        return true;
    }
    let mut octets = hostname.split('.');
    octets.next() == Some("127") && octets.clone().count() == 3 && octets.all(|octet| octet.parse::<u8>().is_ok())
}

/// True when a request to `endpoint` may carry a token (`has_token`): over
/// https, or to loopback; never in clear text to another host.
pub fn may_carry_token(endpoint: &Endpoint, has_token: bool) -> bool {
    !has_token || endpoint.https || endpoint.loopback
}

/// Refuses to send a token in clear text to anything but loopback.
pub fn token_transport<V>(endpoint: &Endpoint, has_token: bool) -> Result<(), Error<V>> {
    if !may_carry_token(endpoint, has_token) {
        return Err(Error::invalid_input(
            "refusing to send a token over plain http: to a non-loopback host; use https:",
        ));
    }
    Ok(())
}

/// Refuses a token `fetch` could not send in a header: one with a line
/// break or NUL, or a character beyond Latin-1 (header values are bytes).
pub fn header_token<V>(token: &str) -> Result<(), Error<V>> {
    if token.chars().any(|c| matches!(c, '\0' | '\r' | '\n') || c > '\u{ff}') {
        return Err(Error::invalid_input("the token is not a valid header value"));
    }
    Ok(())
}

/// A calendar date.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    /// The year (1..=9999).
    pub year: u16,
    /// The month (1..=12).
    pub month: u8,
    /// The day of the month.
    pub day: u8,
}

impl Date {
    /// A checked date; `None` when the day does not exist (`2026-02-30`).
    pub fn new(year: i64, month: i64, day: i64) -> Option<Date> {
        let valid =
            (1..=9999).contains(&year) && (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year: year as u16, month: month as u8, day: day as u8 })
    }

    /// `YYYY-MM-DD`.
    pub fn iso(self) -> String {
        cat(&[&padded(self.year.into(), 4), "-", &padded(self.month.into(), 2), "-", &padded(self.day.into(), 2)])
    }
}

/// Days in a month of the proleptic Gregorian calendar.
fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Reads `text` as a `YYYY-MM-DD` date: `None` when it does not look like
/// one (it is then a natural-language query), an error when it looks like
/// one but the day does not exist.
pub fn iso_date<V>(text: &str) -> Option<Result<Date, Error<V>>> {
    let text = text.trim();
    let b = text.as_bytes();
    let dash = |i: usize| b.get(i) == Some(&b'-');
    let shaped = b.len() == 10
        && dash(4)
        && dash(7)
        && b.iter().enumerate().all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !shaped {
        return None;
    }
    let num =
        |range: core::ops::Range<usize>| text.get(range).and_then(|digits| digits.parse::<i64>().ok()).unwrap_or(0);
    Some(
        Date::new(num(0..4), num(5..7), num(8..10))
            .ok_or_else(|| Error::invalid_input(cat(&[text, " is not a calendar date"]))),
    )
}

/// A required string argument: trimmed, non-empty.
pub fn required_text<V>(what: &str, text: Option<String>) -> Result<String, Error<V>> {
    match text {
        Some(text) if !text.trim().is_empty() => Ok(text),
        Some(_) => Err(blank(what)),
        None => Err(Error::invalid_input(cat(&[what, " must be a string"]))),
    }
}

/// INVALID_INPUT for a text argument `what` that is blank.
pub fn blank<V>(what: &str) -> Error<V> {
    Error::invalid_input(cat(&[what, " must not be empty"]))
}

/// A whole number of milliseconds for a timer (1..=2^31-1, the `setTimeout` range).
pub fn timeout_ms<V>(what: &str, value: f64) -> Result<u32, Error<V>> {
    whole_number(what, value, 1.0, 2_147_483_647.0)
}

/// A retry count (0..=10).
pub fn max_retries<V>(value: f64) -> Result<u32, Error<V>> {
    whole_number("maxRetries", value, 0.0, 10.0)
}

/// A whole number within `min..=max`.
fn whole_number<V>(what: &str, value: f64, min: f64, max: f64) -> Result<u32, Error<V>> {
    if is_whole(value) && value >= min && value <= max {
        Ok(value as u32)
    } else {
        Err(Error::invalid_input(cat(&[
            what,
            " must be a whole number from ",
            &int(min as i64),
            " to ",
            &int(max as i64),
        ])))
    }
}

/// At most 80 characters of `text`, for error messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((end, _)) => cat(&[text.get(..end).unwrap_or(""), "…"]),
        None => text.to_owned(),
    }
}

/// A random (version 4) UUID for `messageId`, from 128 random bits.
pub fn uuid_v4(random: u128) -> String {
    let bits = (random & !(0xf << 76) & !(0x3 << 62)) | (0x4 << 76) | (0x2 << 62);
    let group = |from: u32, digits: u32| hex(bits >> (4 * (32 - from - digits)), digits);
    cat(&[&group(0, 8), "-", &group(8, 4), "-", &group(12, 4), "-", &group(16, 4), "-", &group(20, 12)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::ErrorCode;

    type E = Error<()>;

    /// The `url` crate's parts for `text`, checked as an endpoint.
    fn checked(text: &str) -> Result<Endpoint, E> {
        endpoint("endpoint", text, crate::url_parser::parse)
    }

    #[test]
    fn endpoints_need_http_or_https_a_host_and_no_credentials() {
        let ok = checked(" https://WWW.magisterium.com/api/v1/a2a").unwrap();
        assert_eq!(ok.url, "https://www.magisterium.com/api/v1/a2a", "the parser's href");
        assert!(ok.https && !ok.loopback);
        for bad in ["", "ftp://x/y", "www.magisterium.com", "https://", "javascript:alert(1)", "https://[::1/x"] {
            assert_eq!(checked(bad).unwrap_err().code, ErrorCode::InvalidInput, "{bad}");
        }
        let no_host = |_: &str| {
            Some(UrlParts { href: "http:".into(), protocol: "http:".into(), hostname: "".into(), credentials: false })
        };
        assert!(endpoint::<()>("endpoint", "http:", no_host).unwrap_err().message.contains("no host"));
    }

    #[test]
    fn credentials_are_refused_without_echoing_them() {
        for url in ["https://user:hunter2@host/", "https://hunter2@host/", "https://:hunter2@host/"] {
            let e = checked(url).unwrap_err();
            assert!(!e.message.contains("hunter2"), "{}", e.message);
        }
        assert_eq!(checked("https://@host/").unwrap().url, "https://host/", "an empty userinfo is no credential");
    }

    #[test]
    fn loopback_is_localhost_127_0_0_0_8_and_ipv6_one_exactly() {
        for host in ["localhost", "app.localhost", "127.0.0.1", "127.255.255.255", "127.0.1.0", "[::1]"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "localhost.",
            "app.localhost.",
            "xlocalhost",
            "localhost.evil.example",
            "127.0.0.1.evil.example",
            "127.0.0",
            "127.0.0.256",
            "127.0.0.-1",
            "128.0.0.1",
            "0.0.0.0",
            "[::ffff:7f00:1]",
            "[::]",
            "",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn a_token_never_travels_in_clear_text_off_the_machine() {
        let remote = checked("http://parish.example/proxy").unwrap();
        let local = checked("http://127.0.0.1:9/a2a").unwrap();
        let secure = checked("https://parish.example/proxy").unwrap();
        assert!(token_transport::<()>(&remote, true).is_err());
        assert!(token_transport::<()>(&remote, false).is_ok());
        assert!(token_transport::<()>(&local, true).is_ok());
        assert!(token_transport::<()>(&secure, true).is_ok());
    }

    #[test]
    fn tokens_must_fit_a_header_value() {
        assert!(header_token::<()>("sk-abc.DEF_123 ~!").is_ok());
        assert!(header_token::<()>("caf\u{e9}").is_ok());
        for bad in ["a\nb", "a\rb", "a\0b", "\u{201c}quoted\u{201d}", "emoji\u{1f600}"] {
            assert!(header_token::<()>(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn iso_dates_are_checked_against_the_calendar() {
        assert_eq!(iso_date::<()>("2026-03-19").unwrap().unwrap().iso(), "2026-03-19");
        assert_eq!(iso_date::<()>(" 2024-02-29 ").unwrap().unwrap(), Date { year: 2024, month: 2, day: 29 });
        for impossible in
            ["2026-02-30", "2025-02-29", "2100-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01"]
        {
            assert!(iso_date::<()>(impossible).unwrap().is_err(), "{impossible}");
        }
        assert!(iso_date::<()>("2000-02-29").unwrap().is_ok());
        for query in ["today", "next Sunday", "2026-3-19", "2026/03/19", "20260319", "2026-03-1x", "", "２０２６-03-19"]
        {
            assert!(iso_date::<()>(query).is_none(), "{query}");
        }
        assert_eq!(Date::new(33, 4, 3).unwrap().iso(), "0033-04-03");
    }

    #[test]
    fn numbers_must_be_whole_and_in_range() {
        assert_eq!(timeout_ms::<()>("timeoutMs", 30000.0).unwrap(), 30000);
        for bad in [0.0, -1.0, 1.5, f64::NAN, f64::INFINITY, 3e9] {
            let e: E = timeout_ms("timeoutMs", bad).unwrap_err();
            assert!(e.message.contains("timeoutMs"));
        }
        assert_eq!(max_retries::<()>(0.0).unwrap(), 0);
        assert!(max_retries::<()>(11.0).is_err());
    }

    #[test]
    fn required_text_refuses_blank_and_missing() {
        assert_eq!(required_text::<()>("question", Some("q".into())).unwrap(), "q");
        assert!(required_text::<()>("question", Some("  ".into())).is_err());
        assert!(required_text::<()>("question", None).is_err());
    }

    #[test]
    fn uuids_are_version_4() {
        let id = uuid_v4(u128::MAX);
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
        assert!(matches!(&id[19..20], "8" | "9" | "a" | "b"));
        assert_eq!(uuid_v4(0), "00000000-0000-4000-8000-000000000000");
    }

    #[test]
    fn long_urls_are_shortened_in_messages() {
        let long = format!("ftp://{}", "é".repeat(200));
        let e = checked(&long).unwrap_err();
        assert!(e.message.chars().count() < 140);
    }
}
