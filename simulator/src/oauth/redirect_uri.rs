//! Redirect URIs: which may be registered, whether one given at
//! authorization matches a registered one, and the redirect back with the
//! response parameters.

use url::{Host, Url};

/// Why a redirect URI cannot be registered, if it cannot: it must be an
/// absolute URL without a fragment, `https:`, or `http:` to a loopback host
/// (RFC 8252 §7.3; OAuth 2.1 §2.3.1).
pub(crate) fn refusal(uri: &str) -> Option<&'static str> {
    let Ok(url) = Url::parse(uri) else {
        return Some("a redirect URI must be an absolute URL");
    };
    if url.fragment().is_some() {
        return Some("a redirect URI must not have a fragment");
    }
    match url.scheme() {
        "https" => None,
        "http" if is_loopback(&url) => None,
        "http" => Some("an http: redirect URI must be on a loopback host (127.0.0.1, [::1], localhost)"),
        _ => Some("a redirect URI must be https:, or http: on a loopback host"),
    }
}

fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(Host::Ipv4(ip)) => ip.is_loopback(),
        Some(Host::Ipv6(ip)) => ip.is_loopback(),
        Some(Host::Domain(name)) => name == "localhost",
        None => false,
    }
}

/// Whether `given` is the registered URI `registered`: the same string, or
/// for a loopback IP literal over `http:` the same but for the port, which a
/// native app picks when it signs in (RFC 8252 §7.3).
pub(crate) fn matches(registered: &str, given: &str) -> bool {
    if registered == given {
        return true;
    }
    let (Ok(mut registered), Ok(mut given)) = (Url::parse(registered), Url::parse(given)) else {
        return false;
    };
    let loopback_ip = |url: &Url| {
        url.scheme() == "http"
            && match url.host() {
                Some(Host::Ipv4(ip)) => ip.is_loopback(),
                Some(Host::Ipv6(ip)) => ip.is_loopback(),
                _ => false,
            }
    };
    if !loopback_ip(&registered) || !loopback_ip(&given) {
        return false;
    }
    registered.set_port(None).is_ok() && given.set_port(None).is_ok() && registered == given
}

/// `uri` with `params` appended to its query (a redirect URI may have one).
pub(crate) fn with_params(uri: &str, params: &[(&str, &str)]) -> Option<String> {
    let mut url = Url::parse(uri).ok()?;
    url.query_pairs_mut().extend_pairs(params);
    Some(url.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_uris_may_be_registered() {
        for ok in ["https://app.example/cb", "http://127.0.0.1:8080/cb", "http://[::1]/cb", "http://localhost:5173/"] {
            assert_eq!(refusal(ok), None, "{ok}");
        }
        for bad in ["/cb", "https://app.example/cb#x", "http://app.example/cb", "javascript:alert(1)", "com.app:/cb"] {
            assert!(refusal(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn a_loopback_ip_matches_on_any_port_others_exactly() {
        assert!(matches("https://app.example/cb", "https://app.example/cb"));
        assert!(!matches("https://app.example/cb", "https://app.example/cb/"));
        assert!(!matches("https://app.example/cb", "https://app.example:8443/cb"));
        assert!(matches("http://127.0.0.1/callback", "http://127.0.0.1:49152/callback"));
        assert!(matches("http://127.0.0.1:1234/callback", "http://127.0.0.1:49152/callback"));
        assert!(!matches("http://127.0.0.1/callback", "http://127.0.0.1:49152/other"));
        assert!(
            !matches("http://localhost/callback", "http://localhost:49152/callback"),
            "a name is not an IP literal"
        );
        assert!(!matches("http://127.0.0.1/cb", "https://127.0.0.1:8443/cb"));
    }

    #[test]
    fn params_are_appended_to_the_query() {
        let uri = with_params("https://app.example/cb?x=1", &[("code", "a b"), ("state", "s")]).unwrap();
        assert_eq!(uri, "https://app.example/cb?x=1&code=a+b&state=s");
    }
}
