//! The WHATWG URL parser every URL is read with, as the core's
//! [`UrlParts`]: on wasm32 the platform's `URL` (the parser `fetch` itself
//! uses, in browsers, workers and Node), natively the `url` crate (rust-url,
//! WHATWG-conformant). The core decides on what it returns
//! ([`crate::sans_io::validate::endpoint`]); nothing else parses a URL (the npm
//! bundle reads the same platform `URL` through its own JS glue, in one crossing).

use crate::sans_io::validate::UrlParts;

/// What `new URL(text)` makes of `text`; `None` when it throws.
#[cfg(target_arch = "wasm32")]
pub fn parse(text: &str) -> Option<UrlParts> {
    let url = web_sys::Url::new(text).ok()?;
    Some(UrlParts {
        href: url.href(),
        protocol: url.protocol(),
        hostname: url.hostname(),
        credentials: !url.username().is_empty() || !url.password().is_empty(),
        // The Rust client cannot tell a browser from Node here: `*.localhost` is a name like any other.
        localhost_names: false,
    })
}

/// What the `url` crate makes of `text`; `None` when it refuses it.
#[cfg(not(target_arch = "wasm32"))]
pub fn parse(text: &str) -> Option<UrlParts> {
    let url = url::Url::parse(text).ok()?;
    Some(UrlParts {
        protocol: [url.scheme(), ":"].concat(),
        hostname: url.host_str().unwrap_or("").into(),
        credentials: !url.username().is_empty() || url.password().is_some_and(|p| !p.is_empty()),
        // reqwest asks the system's resolver, which may ask DNS, about `*.localhost`.
        localhost_names: false,
        href: url.into(),
    })
}
