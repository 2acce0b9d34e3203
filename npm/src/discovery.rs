//! Agent discovery: the card under a base URL (cached for its max-age, a bounded number of them),
//! and the session of a client for the card's `url`.

use crate::caller_values::serialized;
use crate::js_platform::{Agent, Session};
use crate::js_url::parse as parse_url;
use crate::json_view::Json;
use crate::options::{
    AGENT_KEYS, CLIENT_KEYS, Reader, binding, client_settings, dialect, exchange_options, extensions, protocol_version,
};
use crate::transport::{self, CallSignal};
use core::cell::RefCell;
use magisterium_a2a::sans_io::card;
use magisterium_a2a::sans_io::card_cache::CardCache;
use magisterium_a2a::sans_io::discovery::{Discovery, Step};
use magisterium_a2a::sans_io::error::{CallError, Dialect};
use magisterium_a2a::sans_io::settings::DEFAULT_TIMEOUT_MS;
use magisterium_a2a::sans_io::validate;
use wasm_bindgen::JsValue;

type Result<T> = core::result::Result<T, CallError<Json>>;

/// Cards by base URL, for the page's lifetime, bounded in count ([`CardCache`]).
struct Cache(RefCell<CardCache<Json>>);

// SAFETY: the cache lives in `CARDS`, reached only from the thread of this
// wasm instance: without the `atomics` target feature, wasm32 code runs on one
// thread (and the JS values it holds belong to that thread's realm). With
// `atomics` this impl does not exist and the static fails to compile.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl Sync for Cache {}

static CARDS: Cache = Cache(RefCell::new(CardCache::new()));

/// An agent found by its card: the session of a client for the card's `url`,
/// and the card as sent (`A2AClient` is made of it).
pub struct Discovered {
    /// The client's session.
    pub session: Session,
    /// The agent card.
    pub card: JsValue,
}

/// `A2AClient.discover(baseUrl, options)`: reads the options once, fetches
/// (or reuses) the card, and makes the session of a client for its `url`.
pub async fn discover(base_url: &JsValue, options: &JsValue) -> Result<Discovered> {
    let o = Reader::new(options, "options", &[&CLIENT_KEYS, &AGENT_KEYS, &["signal", "tokenOrigins"]])?;
    let base = validate::required_text("baseUrl", base_url.as_string())?;
    let base = card::card_base(&base, parse_url)?;
    let timeout_ms = o.number("timeoutMs")?.map(|ms| validate::timeout_ms("timeoutMs", ms)).transpose()?;
    let (dialect, version, binding) = (dialect(&o)?, protocol_version(&o)?, binding(&o)?);
    // The headers, `fetch` and hooks apply to the card's fetch too.
    let io = exchange_options(&o)?;
    let signal = CallSignal::start(o.signal()?, timeout_ms.unwrap_or(DEFAULT_TIMEOUT_MS))?;
    // The card: cached while fresh, else fetched by the core's loop (`Discovery`).
    let key = base.key.as_str();
    let now = js_sys::Date::now();
    let cached = CARDS.0.borrow().get(key, now);
    let mut discovery = Discovery::new(&base, parse_url, version, binding);
    // One async fn for the whole discovery: each nested future costs the bundle state and drop code.
    let (head, card) = 'found: {
        if let Some(card) = cached {
            break 'found (discovery.cached(&card)?, card);
        }
        let (mut plan, mut max_bytes) = discovery.first::<Json>();
        loop {
            // The plan is a GET of the card URL, no token, no header: `exchange` without a body.
            let route = transport::JsRoute::new(
                JsValue::from_str(&plan.url),
                card::ProtocolVersion::V0_3,
                None,
                card::Binding::JsonRpc,
            );
            let extensions = &JsValue::UNDEFINED;
            let agent = transport::AgentRequest { stream: false, dialect: Dialect::A2a, extensions };
            let got = transport::send(&signal, &route, None, None, max_bytes, &io, agent).await;
            match discovery.read(got, signal.is_aborted()) {
                Step::Found(found) => {
                    CARDS.0.borrow_mut().put(key, found.card.clone(), now, found.max_age_ms);
                    break 'found (found.head, found.card);
                }
                Step::Next(next, bound) => (plan, max_bytes) = (next, bound),
                Step::Failed(e) => return Err(e),
            }
        }
    };
    let settings = client_settings(&o, head.endpoint)?;
    // The token goes only to its audience; the fallback is kept only where the token may go.
    let origins = o.get("tokenOrigins").map(|list| serialized(&list, "tokenOrigins must be an array")).transpose()?;
    let origins = origins.map(|(_, list)| list);
    let fallback = head.other.as_ref().map(|(endpoint, _)| endpoint);
    let keep =
        card::keep_token_to_audience(&settings.endpoint, fallback, &settings.auth, &base.host, origins.as_ref())?;
    let other = head.other.filter(|_| keep);
    let (dialect, version, streaming) = (dialect.unwrap_or(head.dialect), head.version, head.streaming);
    let (binding, tenant) = (head.binding, head.tenant.map_or(JsValue::UNDEFINED, |t| t.0));
    let agent = Agent { dialect, version, binding, other, streaming, extensions: extensions(&o) };
    Ok(Discovered { session: Session::new(settings, agent, tenant, io), card: card.0 })
}
