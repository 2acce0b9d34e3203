//! Which requests the simulator obeys. It runs on developers' machines beside their browsers,
//! so a web page must not reconfigure it: the `/_sim/` controls answer only a loopback `Host`
//! and, when a browser sends one, a loopback `Origin`. And a name that is not this machine's
//! must not become the card's URL (DNS rebinding: a page of `evil.example` resolved to
//! 127.0.0.1): every other route answers a `Host` that is an IP address, `localhost` (or a name
//! under `.localhost`), or a name given with `--allow-host`. A request without `Host` comes from
//! no browser and is answered.

use std::net::IpAddr;

use http::HeaderMap;
use http::header::{HOST, ORIGIN};

/// The host of an authority (`host`, `host:port`, `[v6]`, `[v6]:port`), lower-cased, brackets
/// kept; `None` when it is not one.
fn host_of(authority: &str) -> Option<String> {
    let port_ok = |port: &str| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    if let Some(rest) = authority.strip_prefix('[') {
        let (v6, after) = rest.split_once(']')?;
        let fine = after.is_empty() || after.strip_prefix(':').is_some_and(port_ok);
        return fine.then(|| format!("[{}]", v6.to_ascii_lowercase()));
    }
    let host = match authority.split_once(':') {
        Some((host, port)) if port_ok(port) => host,
        Some(_) => return None,
        None => authority,
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// The IP address `host` writes (`127.0.0.1`, `[::1]`), if it is one.
fn ip_of(host: &str) -> Option<IpAddr> {
    host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host).parse().ok()
}

/// Whether `host` names this machine: a loopback address, `localhost` or a name under `.localhost`.
fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.ends_with(".localhost") || ip_of(host).is_some_and(|ip| ip.to_canonical().is_loopback())
}

/// The host of the request's `Host` header: `Ok(None)` when it has none, `Err` when it is unreadable.
fn request_host(headers: &HeaderMap) -> Result<Option<String>, ()> {
    match headers.get(HOST) {
        None => Ok(None),
        Some(value) => value.to_str().ok().and_then(host_of).map(Some).ok_or(()),
    }
}

/// Whether a `/_sim/` control request is from this machine's own pages or tools: its `Host` is
/// loopback (or absent), and its `Origin`, when present, an `http:` or `https:` origin on a
/// loopback host.
pub(crate) fn control_allowed(headers: &HeaderMap) -> bool {
    let host_ok = request_host(headers).is_ok_and(|host| host.is_none_or(|h| is_loopback(&h)));
    let origin_ok = match headers.get(ORIGIN) {
        None => true,
        Some(value) => value.to_str().ok().and_then(origin_host).is_some_and(|h| is_loopback(&h)),
    };
    host_ok && origin_ok
}

/// The host of an origin (`http://127.0.0.1:5173`); `None` for `null` or anything else.
fn origin_host(origin: &str) -> Option<String> {
    let (scheme, authority) = origin.split_once("://")?;
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    if !web || authority.contains(['/', '@', '?', '#']) {
        return None;
    }
    host_of(authority)
}

/// Whether a request to any other route names this machine in its `Host`: an IP address,
/// a loopback name, or one of `allowed` (`--allow-host`, lower-case); or has no `Host`.
pub(crate) fn host_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    match request_host(headers) {
        Ok(None) => true,
        Ok(Some(host)) => ip_of(&host).is_some() || is_loopback(&host) || allowed.contains(&host),
        Err(()) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn control_routes_answer_loopback_hosts_and_origins_only() {
        for fine in [
            vec![("host", "127.0.0.1:8787")],
            vec![("host", "localhost:8787"), ("origin", "http://localhost:5173")],
            vec![("host", "[::1]:8787"), ("origin", "http://127.0.0.1:8000")],
            vec![("host", "app.localhost"), ("origin", "https://app.localhost")],
            vec![],
        ] {
            assert!(control_allowed(&headers(&fine)), "{fine:?}");
        }
        for refused in [
            vec![("host", "evil.example:8787")],
            vec![("host", "127.0.0.1:8787"), ("origin", "https://evil.example")],
            vec![("host", "127.0.0.1:8787"), ("origin", "null")],
            vec![("host", "127.0.0.1:8787"), ("origin", "http://127.0.0.1.evil.example")],
            vec![("host", "127.0.0.1:8787"), ("origin", "http://user@127.0.0.1")],
            vec![("host", "192.168.1.5:8787")],
            vec![("host", "127.0.0.1:port")],
        ] {
            assert!(!control_allowed(&headers(&refused)), "{refused:?}");
        }
    }

    #[test]
    fn other_routes_answer_addresses_loopback_names_and_allowed_hosts() {
        let allowed = vec!["sim".to_string()];
        for fine in ["127.0.0.1:8787", "192.168.1.5:8787", "[::1]", "localhost", "SIM:8787", "sim"] {
            assert!(host_allowed(&headers(&[("host", fine)]), &allowed), "{fine}");
        }
        assert!(host_allowed(&HeaderMap::new(), &allowed), "no Host: no browser");
        for refused in ["evil.example", "evil.example:8787", "127.0.0.1.nip.io", "[::1", ":8787"] {
            assert!(!host_allowed(&headers(&[("host", refused)]), &allowed), "{refused}");
        }
    }
}
