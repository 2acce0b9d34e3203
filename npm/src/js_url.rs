//! The bundle's WHATWG URL parser: the platform's `URL` (the parser `fetch`
//! itself uses), read in one crossing by `urlParts` in `js/transport.js`
//! rather than a `web_sys::Url` and five getters. The core decides on what it
//! returns ([`magisterium_a2a::sans_io::validate::endpoint`]).

use crate::js_globals::globals;
use alloc::string::String;
use magisterium_a2a::sans_io::validate::UrlParts;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// `new URL(text)`'s parts as one string (see `urlParts`); `None` when it throws.
    #[wasm_bindgen(js_name = urlParts)]
    fn url_parts(text: &str) -> Option<String>;
}

/// What `new URL(text)` makes of `text`, and whether the platform resolves
/// `*.localhost` itself (a browser's page, by the core's rule: [`globals`]); `None` when it throws.
pub fn parse(text: &str) -> Option<UrlParts> {
    let parts = url_parts(text)?;
    let (protocol, rest) = parts.split_once('\n')?;
    let (hostname, rest) = rest.split_once('\n')?;
    let (user_info, href) = rest.split_once('\n')?;
    Some(UrlParts {
        href: href.into(),
        protocol: protocol.into(),
        hostname: hostname.into(),
        credentials: !user_info.is_empty(),
        localhost_names: globals().page(),
    })
}
