//! Every spelling of `tests/fixtures/url-spellings.json`, as Chromium's
//! WHATWG `URL` reads it, for each use of a URL: the `endpoint` option, a
//! discovered agent card's `url`, the dialect, and a discovery base. Cards are
//! served by a stub of `globalThis.fetch`, installed around one discovery and
//! removed before its outcome comes back. Each test lists every row it misses.

use crate::support::*;
use js_sys::futures::JsFuture;
use js_sys::{Array, Function, Object, Promise};
use magisterium_a2a_npm::{A2AClient, MagisteriumClient};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Where discovery looks for the cards of the card and dialect tests.
const BASE: &str = "https://cards.example/agent";

/// The verdict for an invalid URL.
const INVALID_INPUT: &str = "INVALID_INPUT";

/// One row of the table.
struct Spelling {
    url: String,
    label: String,
    href: Option<String>,
    token_accepted: bool,
    loopback: bool,
    dialect: String,
    card_url: Option<String>,
}

impl Spelling {
    /// What a client of this URL gives as `endpoint`, or the error code, with a token or without.
    fn expected(&self, token: bool) -> Result<String, String> {
        match &self.href {
            Some(href) if self.token_accepted || !token => Ok(href.clone()),
            _ => Err(INVALID_INPUT.into()),
        }
    }
}

/// The rows of the table.
fn spellings() -> Vec<Spelling> {
    let table = json(include_str!("../fixtures/url-spellings.json"));
    let optional = |row: &JsValue, key| get(row, key).as_string();
    let rows: Vec<Spelling> = Array::from(&get(&table, "spellings"))
        .iter()
        .map(|row| Spelling {
            url: text(&row, "url"),
            label: format!("{:?} ({})", text(&row, "url"), text(&row, "note")),
            href: optional(&row, "href"),
            token_accepted: text(&row, "withToken") == "accepted",
            loopback: get(&row, "loopback").as_bool().unwrap_or(false),
            dialect: optional(&row, "dialect").unwrap_or_default(),
            card_url: optional(&row, "cardUrl"),
        })
        .collect();
    assert!(rows.len() >= 25, "the table has at least 25 spellings");
    rows
}

/// The rows a test got wrong.
#[derive(Default)]
struct Misses(Vec<String>);

impl Misses {
    /// Notes a miss unless `actual` is `expected`.
    fn check<T: PartialEq + std::fmt::Debug>(&mut self, row: &Spelling, what: &str, actual: T, expected: T) {
        if actual != expected {
            self.0.push(format!("{}: {what}: {actual:?}, expected {expected:?}", row.label));
        }
    }

    /// Fails with every miss.
    fn none(self) {
        assert!(self.0.is_empty(), "{} misses:\n{}", self.0.len(), self.0.join("\n"));
    }
}

/// The code of a `MagisteriumError`.
fn code(error: &JsValue) -> String {
    text(error, "code")
}

/// A card that passes the client's checks, as JSON text.
fn card(name: &str, url: &str) -> String {
    let card = object(&[
        ("name", name.into()),
        ("url", url.into()),
        ("capabilities", Object::new().into()),
        ("skills", Array::new().into()),
    ]);
    js_sys::JSON::stringify(&card).expect("a plain object").into()
}

/// What `A2AClient.discover(base, options)` gave while every `fetch` answered
/// `served`: the client, or the error's code; and the URLs fetched.
async fn discover_served(served: &str, base: &str, options: JsValue) -> (Result<JsValue, String>, Vec<String>) {
    let serving = Function::new_with_args(
        "served, start",
        "const original = globalThis.fetch;
         const fetched = [];
         globalThis.fetch = async (url) => {
           fetched.push(String(url));
           return new Response(served, { headers: { 'Content-Type': 'application/json' } });
         };
         return new Promise((resolve) => resolve(start()))
           .then((client) => ({ client, fetched }), (error) => ({ error, fetched }))
           .finally(() => { globalThis.fetch = original; });",
    );
    let base = JsValue::from_str(base);
    let start = Closure::once_into_js(move || A2AClient::discover(base, options));
    let outcome = serving.call2(&JsValue::NULL, &served.into(), &start).expect("the stub installs");
    let outcome = JsFuture::from(outcome.unchecked_into::<Promise>()).await.expect("the outcome resolves");
    let fetched = Array::from(&get(&outcome, "fetched")).iter().filter_map(|url| url.as_string()).collect();
    let client = get(&outcome, "client");
    let result = if client.is_object() { Ok(client) } else { Err(code(&get(&outcome, "error"))) };
    (result, fetched)
}

/// Options with a token for the origin of `href` (the card is on another
/// host than its url: the token goes there only as listed), or none.
fn token_options(token: bool, href: Option<&str>) -> JsValue {
    // An accepted endpoint's href is `scheme://host[:port]/…`: its origin ends before the third `/`.
    let origins: Array =
        href.map(|href| href.splitn(4, '/').take(3).collect::<Vec<_>>().join("/")).iter().map(JsValue::from).collect();
    if token { object(&[("token", "t".into()), ("tokenOrigins", origins.into())]) } else { none() }
}

#[wasm_bindgen_test]
fn the_endpoint_option_follows_the_url_parser() {
    let mut misses = Misses::default();
    for row in spellings() {
        for token in [true, false] {
            let mut pairs = vec![("endpoint", JsValue::from_str(&row.url))];
            if token {
                pairs.push(("token", "t".into()));
            }
            let magisterium = MagisteriumClient::new(object(&pairs))
                .map(|c| c.endpoint().as_string().unwrap_or_default())
                .map_err(|e| code(&e));
            misses.check(&row, &format!("MagisteriumClient, token {token}"), magisterium, row.expected(token));
            let a2a = A2AClient::new(object(&pairs))
                .map(|c| c.endpoint().as_string().unwrap_or_default())
                .map_err(|e| code(&e));
            misses.check(&row, &format!("A2AClient, token {token}"), a2a, row.expected(token));
        }
    }
    misses.none();
}

#[wasm_bindgen_test]
async fn a_discovered_cards_url_follows_the_url_parser() {
    let mut misses = Misses::default();
    for row in spellings() {
        for token in [true, false] {
            let options = token_options(token, row.href.as_deref());
            let (client, fetched) = discover_served(&card("Agent", &row.url), BASE, options).await;
            let endpoint = client.map(|client| text(&client, "endpoint"));
            misses.check(&row, &format!("the card's url, token {token}"), endpoint, row.expected(token));
            let first = fetched.first().cloned().unwrap_or_default();
            misses.check(&row, "the card fetched", first, format!("{BASE}/.well-known/agent.json"));
        }
    }
    misses.none();
}

#[wasm_bindgen_test]
async fn the_dialect_follows_the_url_parser() {
    let mut misses = Misses::default();
    for row in spellings().into_iter().filter(|row| row.href.is_some()) {
        let options = object(&[("endpoint", JsValue::from_str(&row.url))]);
        let from_endpoint =
            A2AClient::new(options).map(|c| c.dialect().as_string().unwrap_or_default()).map_err(|e| code(&e));
        misses.check(&row, "from the endpoint", from_endpoint, Ok(row.dialect.clone()));
        let (client, _) = discover_served(&card("Agent", &row.url), BASE, none()).await;
        let from_card = client.map(|client| text(&client, "dialect"));
        misses.check(&row, "from a card", from_card, Ok(row.dialect.clone()));
        // A card named as the simulator's is Magisterium's only on a loopback host.
        let named = if row.loopback || row.dialect == "magisterium" { "magisterium" } else { "a2a" };
        let (client, _) = discover_served(&card("Magisterium AI (simulator)", &row.url), BASE, none()).await;
        let from_named = client.map(|client| text(&client, "dialect"));
        misses.check(&row, "from a card named Magisterium AI", from_named, Ok(named.to_owned()));
    }
    misses.none();
}

#[wasm_bindgen_test]
async fn a_discovery_base_follows_the_url_parser() {
    let mut misses = Misses::default();
    for row in spellings() {
        let (client, fetched) = discover_served(&card("Agent", "https://agent.example/a2a"), &row.url, none()).await;
        let expected = match &row.card_url {
            Some(_) => Ok("https://agent.example/a2a".to_owned()),
            None => Err(INVALID_INPUT.to_owned()),
        };
        misses.check(&row, "the client", client.map(|client| text(&client, "endpoint")), expected);
        misses.check(&row, "the URLs fetched", fetched, row.card_url.iter().cloned().collect());
    }
    misses.none();
}
