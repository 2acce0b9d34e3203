//! A response's `Headers` as every build of the bundle reads them: by name,
//! through the core's rule of what a reply's head says
//! ([`magisterium_a2a::sans_io::plan::reply_head`]).

use alloc::string::String;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A response's `Headers`: only `get` is read.
    pub type ReplyHeaders;
    /// The header `name`'s value; `None` when absent.
    #[wasm_bindgen(method)]
    pub fn get(this: &ReplyHeaders, name: &str) -> Option<String>;
}
