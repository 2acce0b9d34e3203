//! Input rules checked before any request: endpoint and token policy,
//! dates, ids and numeric options. Every refusal is INVALID_INPUT.

use super::error::CallError;
use super::json::JsonView;
use super::text::{cat, hex, int, is_whole, padded, parse_u32, shortened};
use alloc::string::String;
use alloc::vec::Vec;

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
    /// True when the platform that parsed the URL, and will fetch it,
    /// resolves `*.localhost` names to loopback itself, as browsers do;
    /// false where `fetch` asks the system's resolver, and so perhaps DNS
    /// (Node, Deno, workers, native Rust).
    pub localhost_names: bool,
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
    /// True when the host never leaves the machine (`localhost`, `127.0.0.0/8`,
    /// `[::1]`; `*.localhost` where the platform resolves it itself).
    pub loopback: bool,
    /// The parser's `hostname`.
    pub host: String,
}

/// Checks `text` as a URL to send requests to (`what` names it in messages):
/// INVALID_INPUT when `parse` refuses it, when it is not `http:` or `https:`,
/// or when it carries credentials or has no host.
pub fn endpoint<V>(what: &str, text: &str, parse: UrlParser) -> Result<Endpoint, CallError<V>> {
    let refuse = |why: &str| Err(CallError::invalid_input(cat(&[what, " ", why])));
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
    let loopback = is_loopback(&url.hostname, url.localhost_names);
    Ok(Endpoint { url: url.href, https, loopback, host: url.hostname })
}

impl Endpoint {
    /// The URL's origin: its `href` up to the path (`https://agents.example:8443`).
    /// A checked endpoint is `http:` or `https:` without credentials, so its
    /// `href` is `http://` or `https://`, the host and port, then the path's `/`.
    pub fn origin(&self) -> &str {
        let host = if self.https { 8 } else { 7 };
        let end = self.url.bytes().skip(host).position(|b| b == b'/').map_or(self.url.len(), |slash| host + slash);
        self.url.get(..end).unwrap_or(&self.url)
    }
}

/// True for a parser's `hostname` that never leaves the machine: `localhost`,
/// an IPv4 address in 127.0.0.0/8, `[::1]`, and `*.localhost` only where the
/// platform resolves such names itself (`localhost_names`: browsers). Node
/// and native Rust ask the system's resolver for `app.localhost`, which may
/// ask DNS: there it is a name like any other. `localhost` itself stays
/// loopback everywhere: the system resolves it from its hosts file (RFC 6761
/// §6.3), not through DNS. The parser writes every IPv4 address as four
/// decimal octets (`127.1`, `0x7f.1` and `2130706433` all become
/// `127.0.0.1`) and every IPv6 one compressed, so these few shapes are the
/// only ones to compare with. Nothing else is loopback, not `localhost.` (a
/// trailing dot, which the parser keeps) nor `[::ffff:7f00:1]` (an
/// IPv4-mapped address).
fn is_loopback(hostname: &str, localhost_names: bool) -> bool {
    if hostname == "localhost" || hostname == "[::1]" || (localhost_names && hostname.ends_with(".localhost")) {
        return true;
    }
    // `127.` and three octets of 1 to 3 digits, each at most 255, read byte
    // by byte: `split` and `parse` cost the wasm bundle ~0.3 KB gzip.
    let Some(rest) = hostname.strip_prefix("127.") else { return false };
    let (mut dots, mut digits, mut octet) = (0, 0, 0u32);
    for &byte in rest.as_bytes() {
        match byte {
            b'0'..=b'9' if digits < 3 => (digits, octet) = (digits + 1, octet * 10 + u32::from(byte - b'0')),
            b'.' if digits > 0 && dots < 2 => (dots, digits, octet) = (dots + 1, 0, 0),
            _ => return false,
        }
        if octet > 255 {
            return false;
        }
    }
    dots == 2 && digits > 0
}

/// True when a request to `endpoint` may carry a token (`has_token`): over
/// https, or to loopback; never in clear text to another host.
pub fn may_carry_token(endpoint: &Endpoint, has_token: bool) -> bool {
    !has_token || endpoint.https || endpoint.loopback
}

/// Refuses to send a token in clear text to anything but loopback.
pub fn token_transport<V>(endpoint: &Endpoint, has_token: bool) -> Result<(), CallError<V>> {
    if !may_carry_token(endpoint, has_token) {
        return Err(CallError::invalid_input(
            "refusing to send a token over plain http: to a non-loopback host; use https:",
        ));
    }
    Ok(())
}

/// True when a token meant for the host `audience` may go to `endpoint`
/// because their hosts are one, or one is a subdomain of the other
/// (`www.magisterium.com` and `magisterium.com`). Hosts are compared as the
/// parser wrote them (lowercased, IP addresses normalised); the `tokenOrigins`
/// option may allow more ([`token_origins`]).
pub fn token_audience(audience: &str, endpoint: &Endpoint) -> bool {
    let host = endpoint.host.as_str();
    audience == host || is_subdomain(host, audience) || is_subdomain(audience, host)
}

/// True when `name` is a subdomain of `parent`: it ends with a label of
/// its own, `.` and `parent`. Only a domain name of two labels or more is anyone's parent:
/// never an IP address (they match only exactly: the parser writes an IPv4
/// address as four numbers and an IPv6 one in brackets, and reads any host
/// whose last label is a number as IPv4), a single label (`com`,
/// `localhost`), or a name with an empty label at either end (a trailing
/// dot, which the parser keeps: such a name matches only itself).
fn is_subdomain(name: &str, parent: &str) -> bool {
    let parent_like = match parent.as_bytes() {
        [b'.' | b'[', ..] | [.., b'.' | b'0'..=b'9'] | [] => false,
        bytes => bytes.contains(&b'.'),
    };
    // The dot before `parent`, and the last byte of the label before it (not another dot).
    let dot = name.len().checked_sub(parent.len() + 1);
    let label_end = dot.and_then(|dot| name.as_bytes().get(dot.checked_sub(1)?..=dot));
    parent_like && matches!(label_end, Some([before, b'.']) if *before != b'.') && name.ends_with(parent)
}

/// True when `endpoint`'s origin is one of `origins`, the `tokenOrigins`
/// option (`None`: absent), compared exactly with the origin as the URL
/// parser writes it: `https://agents.example`, `http://127.0.0.1:8787`
/// (lowercased, no default port, no path, no trailing slash). Anything else
/// in the list matches nothing.
pub fn token_origins<V: JsonView>(origins: Option<&V>, endpoint: &Endpoint) -> bool {
    origins.is_some_and(|list| list.elements().any(|o| o.as_string().as_deref() == Some(endpoint.origin())))
}

/// Refuses a token `fetch` could not send in a header: one with a line
/// break or NUL, or a character beyond Latin-1 (header values are bytes).
pub fn header_token<V>(token: &str) -> Result<(), CallError<V>> {
    if token.chars().any(|c| matches!(c, '\0' | '\r' | '\n') || c > '\u{ff}') {
        return Err(CallError::invalid_input("the token is not a valid header value"));
    }
    Ok(())
}

/// The `A2A-Extensions` header asking for the extensions `uris` (joined by
/// commas); `None` for none. INVALID_INPUT for a blank URI, or one with a
/// comma, a space or a control character (which would split the list or the header).
pub fn extensions_header<V>(uris: &[String]) -> Result<Option<String>, CallError<V>> {
    let mut header = String::new();
    for uri in uris {
        push_extension(&mut header, uri)?;
    }
    Ok((!header.is_empty()).then_some(header))
}

/// Adds the extension `uri` to `header` (an `A2A-Extensions` value being
/// written, see [`extensions_header`]); INVALID_INPUT for a URI the header
/// cannot carry. One URI at a time, so a caller reading them from elsewhere
/// (a JS array) collects none.
pub fn push_extension<V>(header: &mut String, uri: &str) -> Result<(), CallError<V>> {
    if uri.is_empty() || uri.chars().any(|c| c == ',' || c == ' ' || c.is_control()) {
        return Err(CallError::invalid_input(
            "each extension must be a URI, without commas, spaces or control characters",
        ));
    }
    if !header.is_empty() {
        header.push(',');
    }
    header.push_str(uri);
    Ok(())
}

/// The extension URIs of a response's `A2A-Extensions` header (`None`: no
/// header, no extension): its comma-separated entries, trimmed, empty ones left out.
pub fn extensions_list(header: Option<&str>) -> Vec<String> {
    let entries = header.unwrap_or_default().split(',').map(str::trim).filter(|uri| !uri.is_empty());
    entries.map(String::from).collect()
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
pub fn iso_date<V>(text: &str) -> Option<Result<Date, CallError<V>>> {
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
    let num = |range: core::ops::Range<usize>| text.get(range).and_then(parse_u32).map_or(0, i64::from);
    Some(
        Date::new(num(0..4), num(5..7), num(8..10))
            .ok_or_else(|| CallError::invalid_input(cat(&[text, " is not a calendar date"]))),
    )
}

/// A required string argument: trimmed, non-empty.
pub fn required_text<V>(what: &str, text: Option<String>) -> Result<String, CallError<V>> {
    match text {
        Some(text) if !text.trim().is_empty() => Ok(text),
        Some(_) => Err(blank(what)),
        None => Err(CallError::invalid_input(cat(&[what, " must be a string"]))),
    }
}

/// INVALID_INPUT for a text argument `what` that is blank.
pub fn blank<V>(what: &str) -> CallError<V> {
    CallError::invalid_input(cat(&[what, " must not be empty"]))
}

/// A whole number of milliseconds for a timer (1..=2^31-1, the `setTimeout` range),
/// from a caller who writes the number itself (`timeoutMs`): the bounds are said as numbers.
pub fn timeout_ms<V>(what: &str, value: f64) -> Result<u32, CallError<V>> {
    whole_number(what, value, 1.0, 2_147_483_647.0, "")
}

/// The same limit as [`timeout_ms`], from a caller who gives a duration
/// (`.timeout(Duration)`): the bounds are said in milliseconds (`1 ms`).
pub fn duration_ms<V>(what: &str, value: f64) -> Result<u32, CallError<V>> {
    whole_number(what, value, 1.0, 2_147_483_647.0, " ms")
}

/// A retry count (0..=10); `what` names the option as its caller wrote it.
pub fn max_retries<V>(what: &str, value: f64) -> Result<u32, CallError<V>> {
    whole_number(what, value, 0.0, 10.0, "")
}

/// A whole number within `min..=max`, its bounds followed by `unit` in a refusal.
fn whole_number<V>(what: &str, value: f64, min: f64, max: f64, unit: &str) -> Result<u32, CallError<V>> {
    if is_whole(value) && value >= min && value <= max {
        Ok(value as u32)
    } else {
        Err(CallError::invalid_input(cat(&[
            what,
            " must be a whole number from ",
            &int(min as i64),
            unit,
            " to ",
            &int(max as i64),
            unit,
        ])))
    }
}

/// At most 80 characters of `text`, for error messages.
fn shorten(text: &str) -> String {
    shortened(text, 80)
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
    use crate::sans_io::error::ErrorCode;

    #[test]
    fn extensions_are_uris_joined_by_commas() {
        let uris = [String::from("https://x.example/a"), String::from("urn:b")];
        assert_eq!(extensions_header::<()>(&uris).unwrap().as_deref(), Some("https://x.example/a,urn:b"));
        assert_eq!(extensions_header::<()>(&[]).unwrap(), None);
        assert_eq!(extensions_list(Some(" urn:a, ,https://x.example/b ")), ["urn:a", "https://x.example/b"]);
        assert!(extensions_list(None).is_empty());
        for bad in ["", "a,b", "a b", "a\r\nX-Evil: 1", "tab\there"] {
            assert!(extensions_header::<()>(&[String::from(bad)]).is_err(), "{bad:?}");
        }
    }

    type E = CallError<()>;

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
            Some(UrlParts {
                href: "http:".into(),
                protocol: "http:".into(),
                hostname: "".into(),
                credentials: false,
                localhost_names: false,
            })
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
        for host in ["localhost", "127.0.0.1", "127.255.255.255", "127.0.1.0", "[::1]"] {
            assert!(is_loopback(host, false) && is_loopback(host, true), "{host}");
        }
        // `*.localhost` only where the platform resolves it itself (browsers), never through DNS.
        for host in ["app.localhost", "a.b.localhost"] {
            assert!(is_loopback(host, true) && !is_loopback(host, false), "{host}");
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
            // Not the parser's form of an IPv4 address: a sign, an empty or a four-digit octet.
            "127.0.0.+1",
            "127.0.0.",
            "127..0.1",
            "127.0.0.0001",
            "128.0.0.1",
            "0.0.0.0",
            "[::ffff:7f00:1]",
            "[::]",
            "",
        ] {
            assert!(!is_loopback(host, true), "{host}");
        }
    }

    #[test]
    fn a_localhost_name_carries_a_token_over_http_only_where_the_platform_resolves_it() {
        // The url crate's parts, as a browser's `URL` would give them.
        let in_browser =
            |text: &str| crate::url_parser::parse(text).map(|parts| UrlParts { localhost_names: true, ..parts });
        let native = checked("http://app.localhost:8787/a2a").unwrap();
        assert!(!native.loopback);
        assert!(token_transport::<()>(&native, true).is_err(), "a token would follow what DNS says");
        assert!(token_transport::<()>(&native, false).is_ok(), "without a token it is any other host");
        let browser = endpoint::<()>("endpoint", "http://app.localhost:8787/a2a", in_browser).unwrap();
        assert!(browser.loopback && token_transport::<()>(&browser, true).is_ok());
        let https = checked("https://app.localhost/a2a").unwrap();
        assert!(token_transport::<()>(&https, true).is_ok(), "over https: like any remote host");
        for plain in ["http://localhost:8787/a2a", "http://LOCALHOST/", "http://127.0.0.1/", "http://[::1]/"] {
            assert!(token_transport::<()>(&checked(plain).unwrap(), true).is_ok(), "{plain}");
        }
    }

    #[test]
    fn the_origin_ends_before_the_path() {
        let origin = |text: &str| checked(text).unwrap().origin().to_owned();
        assert_eq!(origin("HTTPS://Agents.Example:8443/a2a?x=1#y"), "https://agents.example:8443");
        assert_eq!(origin("https://agents.example:443/a2a"), "https://agents.example");
        assert_eq!(origin("http://127.1:80"), "http://127.0.0.1");
        assert_eq!(origin("http://[::1]:9/"), "http://[::1]:9");
    }

    #[test]
    fn a_token_keeps_to_its_hosts_and_their_subdomains() {
        let to = |audience: &str, url: &str| token_audience(audience, &checked(url).unwrap());
        for (audience, url) in [
            ("magisterium.com", "https://magisterium.com/api"),
            ("magisterium.com", "https://www.magisterium.com/api"),
            ("www.magisterium.com", "https://magisterium.com/api"),
            ("magisterium.com", "https://a.b.magisterium.com/"),
            ("magisterium.com", "https://WWW.Magisterium.COM/"),
            ("xn--80ak6aa.com", "https://www.\u{430}\u{440}\u{440}\u{435}.com/"),
            ("127.0.0.1", "http://127.1:9/"),
            ("[::1]", "http://[0:0::1]/"),
            ("localhost", "http://localhost:9/"),
            ("magisterium.com.", "https://magisterium.com./"),
        ] {
            assert!(to(audience, url), "{audience} -> {url}");
        }
        for (audience, url) in [
            ("magisterium.com", "https://evilmagisterium.com/"),
            ("magisterium.com", "https://magisterium.com.evil.example/"),
            ("www.magisterium.com", "https://api.magisterium.com/"),
            ("magisterium.com", "https://magisterium.co/"),
            ("magisterium.com", "https://com/"),
            ("app.localhost", "http://localhost/"),
            ("www.magisterium.com", "https://magisterium.com./"),
            ("magisterium.com.", "https://www.magisterium.com./"),
            ("127.0.0.1", "http://127.0.0.2/"),
            ("[::1]", "http://[::2]/"),
            ("agents.example", "https://127.0.0.1/"),
            ("appe.com", "https://www.\u{430}\u{440}\u{440}\u{435}.com/"),
        ] {
            assert!(!to(audience, url), "{audience} -> {url}");
        }
        // IP addresses match only exactly, and odd names are no one's parent, whatever a parser hands the core.
        for (name, parent) in [
            ("10.1.2.3", "1.2.3"),
            ("x.1.2.3.4", "1.2.3.4"),
            ("a.[::1]", "[::1]"),
            ("a.b.magisterium.com", ".magisterium.com"),
            ("magisterium.com", ""),
            (".magisterium.com", "magisterium.com"),
            ("a..magisterium.com", "magisterium.com"),
        ] {
            assert!(!is_subdomain(name, parent), "{name} under {parent}");
        }
    }

    #[test]
    fn token_origins_are_exact_origins_as_the_parser_writes_them() {
        let listed = |origins: serde_json::Value, url: &str| token_origins(Some(&origins), &checked(url).unwrap());
        let agents = "HTTPS://Agents.Example:8443/a2a";
        assert!(listed(serde_json::json!(["https://agents.example:8443"]), agents));
        assert!(listed(serde_json::json!([1, "http://127.0.0.1", "https://agents.example:8443"]), agents));
        assert!(listed(serde_json::json!(["https://agents.example"]), "https://agents.example:443/"));
        for other in [
            "https://agents.example",
            "http://agents.example:8443",
            "https://x.agents.example:8443",
            "https://agents.example:8443/",
            "https://agents.example:8443/a2a",
            "HTTPS://Agents.Example:8443",
        ] {
            assert!(!listed(serde_json::json!([other]), agents), "{other}");
        }
        assert!(!listed(serde_json::json!("https://agents.example:8443"), agents), "a list, not one origin");
        assert!(!token_origins::<serde_json::Value>(None, &checked(agents).unwrap()));
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
        let e: E = duration_ms(".timeout()", 0.0).unwrap_err();
        assert_eq!(e.message, ".timeout() must be a whole number from 1 ms to 2147483647 ms");
        assert_eq!(max_retries::<()>("maxRetries", 0.0).unwrap(), 0);
        assert!(max_retries::<()>("maxRetries", 11.0).is_err());
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
