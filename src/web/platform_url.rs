//! The platform's WHATWG `URL` (the parser `fetch` itself uses, in browsers,
//! workers and Node) read into the core's [`UrlParts`].

use crate::core::validate::UrlParts;
use web_sys::Url;

/// What `new URL(text)` makes of `text`; `None` when it throws.
pub fn parse_url(text: &str) -> Option<UrlParts> {
    let url = Url::new(text).ok()?;
    Some(UrlParts {
        href: url.href(),
        protocol: url.protocol(),
        hostname: url.hostname(),
        credentials: !url.username().is_empty() || !url.password().is_empty(),
    })
}
