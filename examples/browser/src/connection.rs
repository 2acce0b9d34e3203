//! The endpoint and token fields of the page, and the one [`Client`] made
//! from them: reused while they stay the same (so calls share its pacing),
//! made anew when either changes.

use crate::dom;
use magisterium_a2a::{Client, Error};
use std::cell::RefCell;
use wasm_bindgen::JsValue;
use web_sys::HtmlInputElement;

/// The connection fields and the client made from their current values.
pub struct Connection {
    endpoint: HtmlInputElement,
    token: HtmlInputElement,
    current: RefCell<Option<Current>>,
}

/// A client and the field values it was made with.
struct Current {
    endpoint: String,
    token: String,
    client: Client,
}

impl Connection {
    /// The page's `#endpoint` and `#token` fields.
    pub fn from_page() -> Result<Connection, JsValue> {
        Ok(Connection { endpoint: dom::input("endpoint")?, token: dom::input("token")?, current: RefCell::new(None) })
    }

    /// A client for what the fields hold now. An empty endpoint is the
    /// library's default (the real service), an empty token sends none;
    /// INVALID_INPUT when the client refuses them (e.g. a token over plain
    /// `http:` to a remote host).
    pub fn client(&self) -> Result<Client, Error> {
        let (endpoint, token) = (self.endpoint.value().trim().to_owned(), self.token.value().trim().to_owned());
        let mut current = self.current.borrow_mut();
        if let Some(kept) = current.as_ref().filter(|kept| kept.endpoint == endpoint && kept.token == token) {
            return Ok(kept.client.clone());
        }
        let mut builder = Client::builder();
        if !endpoint.is_empty() {
            builder = builder.endpoint(endpoint.clone());
        }
        if !token.is_empty() {
            builder = builder.token(token.clone());
        }
        let client = builder.build()?;
        *current = Some(Current { endpoint, token, client: client.clone() });
        Ok(client)
    }
}
