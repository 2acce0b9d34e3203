//! The endpoint option: parsed by a WHATWG URL parser (the one `fetch` uses
//! on wasm32, the `url` crate natively), then decided by the core's rules
//! (scheme, credentials, host, loopback) on what that parser made of it, so
//! the host the token policy judges is the host the request goes to.

use crate::sans_io::error::CallError;
use crate::sans_io::validate::{self, Endpoint};
use serde_json::Value;

/// Parses `text` and applies the core's endpoint rules; INVALID_INPUT when
/// the parser refuses it or the rules do. The one place the client reads a URL.
pub(crate) fn parse(text: &str) -> Result<Endpoint, CallError<Value>> {
    validate::endpoint(".endpoint()", text, crate::url_parser::parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_judge_the_host_the_parser_sees() {
        let fooled = parse("http://evil.example\\.localhost/api").unwrap();
        assert_eq!((fooled.host.as_str(), fooled.loopback), ("evil.example", false));
        for loopback in ["http://127.1:8787/a2a", "http://0x7f.1/", "http://LOCALHOST/x", "http://[::1]/"] {
            assert!(parse(loopback).unwrap().loopback, "{loopback}");
        }
        // reqwest asks the system's resolver, perhaps DNS, about `*.localhost`: a name like any other.
        assert!(!parse("http://a.localhost/").unwrap().loopback);
        let spaced = parse(" https://www.magisterium.com/api/v1/a2a ").unwrap();
        assert_eq!(spaced.url, "https://www.magisterium.com/api/v1/a2a");
        for refused in ["", "not a url", "ftp://x/y", "https://user:pw@host/", "javascript:alert(1)"] {
            assert!(parse(refused).is_err(), "{refused}");
        }
    }
}
