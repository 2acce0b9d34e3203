//! Agent discovery: where an agent card lives, what makes one valid, which
//! error dialect its agent speaks, and how long it may be cached.

pub use crate::codes::{Binding, ProtocolVersion};

use super::error::{CallError, Dialect};
use super::json::{JsonView, Kind};
use super::settings::Auth;
use super::text::{cat, int, trim_end_ascii};
use super::validate::{self, Endpoint, UrlParser};
use alloc::string::String;

/// A discovery base URL, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardBase {
    /// The base as the card cache knows it: the parser's `href` without
    /// trailing slashes (`HTTP://X/` and `http://x` are one agent).
    pub key: String,
    /// The two well-known card URLs, in the order they are tried (A2A 0.2
    /// and Magisterium publish `agent.json`, A2A 0.3 `agent-card.json`).
    pub urls: [String; 2],
    /// The parser's `hostname`: the card's host, the audience of a `token`.
    pub host: String,
}

/// Checks a discovery base URL as an endpoint and derives the card URLs from
/// what `parse` made of it: the card paths follow the base's path, so a base
/// with a query or a fragment (even an empty `?` or `#`) is INVALID_INPUT.
pub fn card_base<V>(text: &str, parse: UrlParser) -> Result<CardBase, CallError<V>> {
    let base = validate::endpoint::<V>("baseUrl", text, parse)?;
    // `?` and `#` appear in an `href` only as the query and fragment delimiters:
    // the parser percent-encodes them in a path, and credentials were refused.
    if base.url.contains(['?', '#']) {
        return Err(CallError::invalid_input("baseUrl must not have a query or a fragment"));
    }
    let key = trim_end_ascii(&base.url, b'/');
    let urls = [cat(&[key, "/.well-known/agent.json"]), cat(&[key, "/.well-known/agent-card.json"])];
    Ok(CardBase { key: key.into(), urls, host: base.host })
}

/// What a card URL gave when it answered no JSON or an error status:
/// BAD_RESPONSE, `HTTP 404` (or `HTTP 200: not JSON`).
pub fn card_status<V>(status: u16) -> CallError<V> {
    let not_json = if (200..300).contains(&status) { ": not JSON" } else { "" };
    CallError::bad_response(cat(&["HTTP ", &int(status.into()), not_json])).with_http_status(status)
}

/// The error of a discovery that found no card: the last attempt's (its
/// code, status and cause), its message naming the URLs tried, in order,
/// then what the last one gave.
pub fn no_card<V>(urls: &[String; 2], last: CallError<V>) -> CallError<V> {
    let mut e = last;
    e.message = cat(&["no agent card at ", &urls[0], " or at ", &urls[1], ": ", &e.message]);
    e
}

/// What the client needs of a card; the card itself is returned as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct CardHead<V> {
    /// The A2A endpoint the client calls, checked.
    pub endpoint: Endpoint,
    /// The version it speaks there.
    pub version: ProtocolVersion,
    /// The binding it speaks there ([`Binding::HttpJson`] only with [`ProtocolVersion::V1_0`]).
    pub binding: Binding,
    /// The other version's endpoint (JSON-RPC), when the card offers both
    /// and left the choice open (no `protocolVersion` option) and the chosen
    /// interface is JSON-RPC: a -32009 from `endpoint` is retried there once.
    /// An HTTP+JSON interface has none: its VERSION_NOT_SUPPORTED is final.
    pub other: Option<(Endpoint, ProtocolVersion)>,
    /// The error dialect of the agent.
    pub dialect: Dialect,
    /// `capabilities.streaming` is `true`.
    pub streaming: bool,
    /// The chosen 1.x interface's `tenant`, a string of 1 to
    /// [`MAX_TENANT_LENGTH`] UTF-16 units (none when it has none, or an empty
    /// one; a 0.3 interface has none; a card whose own `url` is the 1.x
    /// endpoint is that interface): sent in each 1.0 request
    /// ([`super::request_shape::request_v1`]), over HTTP+JSON as the path's
    /// first segment ([`super::http_json`], which refuses `.` and `..`).
    pub tenant: Option<V>,
}

/// The longest interface `tenant` the client sends, in UTF-16 units (as JS counts).
pub const MAX_TENANT_LENGTH: usize = 256;

/// Checks an agent card (a `name` string, a `capabilities` object, `skills`
/// an array of objects with string `id` and `name`) and reads its head.
///
/// The interface: A2A 1.x when the card offers it, as before, and among
/// its 1.x interfaces the card's order decides the binding (the first
/// `supportedInterfaces` entry of `JSONRPC` or `HTTP+JSON` with a 1.x
/// `protocolVersion`); else the card's own `url` when its `protocolVersion`
/// is 0.2 or 0.3 (or absent), else a JSON-RPC entry of 0.2/0.3. `wanted`
/// (the `protocolVersion` option) picks that version, on its own JSON-RPC
/// endpoint when the card offers one and on the other otherwise (1.0 on an
/// HTTP+JSON interface when that comes first). `binding` (the `binding`
/// option) keeps to that binding: HTTP+JSON needs an HTTP+JSON 1.x
/// interface (else BAD_RESPONSE) and refuses a `wanted` 0.3
/// (INVALID_INPUT); JSON-RPC is the choice above among JSON-RPC
/// interfaces. Each endpoint is checked as `parse` reads it, an HTTP+JSON
/// one also by [`super::http_json::check_base`]; the chosen 1.x
/// interface's `tenant` must be a string of at most [`MAX_TENANT_LENGTH`]
/// UTF-16 units (else BAD_RESPONSE), `null` or `""` being none.
pub fn read_card<V: JsonView>(
    card: &V,
    parse: UrlParser,
    wanted: Option<ProtocolVersion>,
    binding: Option<Binding>,
) -> Result<CardHead<V>, CallError<V>> {
    let refuse = |why: &str| Err(not_a_card(why));
    if !card.is_kind(Kind::Object) {
        return refuse("not a JSON object");
    }
    let Some(name) = card.get_string("name") else {
        return refuse("`name` must be a string");
    };
    let Some(capabilities) = card.get_kind("capabilities", Kind::Object) else {
        return refuse("`capabilities` must be an object");
    };
    let Some(skills) = card.get_kind("skills", Kind::Array) else {
        return refuse("`skills` must be an array");
    };
    let skill_ok = |s: &V| s.get_kind("id", Kind::String).is_some() && s.get_kind("name", Kind::String).is_some();
    if !skills.elements().all(|s| skill_ok(&s)) {
        return refuse("every skill needs a string `id` and `name`");
    }
    // Where each version the client speaks is offered over JSON-RPC, [0.3, 1.x]:
    // the first holder of a `url` (an interface, or the card itself, whose own
    // `url` is 0.3 unless it says otherwise, first); and the first HTTP+JSON 1.x
    // interface, and whether it comes before any JSON-RPC 1.x one.
    let mut offers: [Option<V>; 2] = [None, None];
    let mut rest: Option<V> = None;
    let mut rest_first = false;
    let version_of = |holder: &V, default_version: Option<ProtocolVersion>| {
        holder.get_string("protocolVersion").map_or(default_version, |v| ProtocolVersion::of(&v))
    };
    let offer = |offers: &mut [Option<V>; 2], holder: &V, default_version: Option<ProtocolVersion>| {
        if let (Some(_), Some(version)) = (holder.get_str("url"), version_of(holder, default_version)) {
            offers[version as usize].get_or_insert_with(|| holder.clone());
        }
    };
    offer(&mut offers, card, Some(ProtocolVersion::V0_3));
    for entry in card.get_kind("supportedInterfaces", Kind::Array).iter().flat_map(|list| list.elements()) {
        if entry.member_is("protocolBinding", "JSONRPC") {
            offer(&mut offers, &entry, None);
        } else if entry.member_is("protocolBinding", "HTTP+JSON")
            && rest.is_none()
            && version_of(&entry, None) == Some(ProtocolVersion::V1_0)
            && entry.get_str("url").is_some()
        {
            rest_first = offers[ProtocolVersion::V1_0 as usize].is_none();
            rest = Some(entry);
        }
    }
    let check = |holder: &V| {
        validate::endpoint::<V>("the agent card's url", &holder.get_string("url").unwrap_or_default(), parse)
    };
    let streaming = capabilities.get("streaming").is_some_and(|s| s.is_true());
    let named_magisterium = name.starts_with("Magisterium AI");
    let use_rest = match (binding, wanted) {
        (Some(Binding::HttpJson), Some(ProtocolVersion::V0_3)) => {
            return Err(CallError::invalid_input("the HTTP+JSON binding is spoken in A2A 1.0 only, not in 0.3"));
        }
        (Some(Binding::HttpJson), _) if rest.is_none() => {
            return Err(CallError::bad_response("the agent card offers no HTTP+JSON interface of A2A 1.x"));
        }
        (Some(Binding::HttpJson), _) => true,
        (Some(Binding::JsonRpc), _) | (None, Some(ProtocolVersion::V0_3)) => false,
        (None, _) => rest.is_some() && (rest_first || offers[ProtocolVersion::V1_0 as usize].is_none()),
    };
    let preferred = match wanted {
        _ if use_rest => ProtocolVersion::V1_0,
        Some(version) => version,
        None if offers[1].is_some() => ProtocolVersion::V1_0,
        None => ProtocolVersion::V0_3,
    };
    let other = match preferred {
        ProtocolVersion::V0_3 => ProtocolVersion::V1_0,
        ProtocolVersion::V1_0 => ProtocolVersion::V0_3,
    };
    let [own, theirs] = match use_rest {
        true => [&rest, &None],
        false => [&offers[preferred as usize], &offers[other as usize]],
    };
    let Some(holder) = own.as_ref().or(theirs.as_ref().filter(|_| wanted.is_some())) else {
        return refuse(match (rest.is_some(), binding) {
            (false, None) => "no JSON-RPC interface of A2A 1.x or 0.3, nor an HTTP+JSON one of 1.x",
            _ => "no JSON-RPC interface of A2A 1.x or 0.3",
        });
    };
    let endpoint = check(holder)?;
    let binding = if use_rest { Binding::HttpJson } else { Binding::JsonRpc };
    if use_rest {
        super::http_json::check_base::<V>(&endpoint.url)?;
    }
    // Only a 1.x holder has a tenant, and only a 1.x request carries one.
    let tenant = match (preferred, own.is_some()) {
        (ProtocolVersion::V1_0, true) => tenant_of(holder).ok_or_else(|| not_a_card(BAD_TENANT))?,
        _ => None,
    };
    // An HTTP+JSON interface keeps no -32009 fallback (`theirs` is none).
    let other = match (wanted, own.is_some(), theirs) {
        (None, true, Some(holder)) => Some((check(holder)?, other)),
        _ => None,
    };
    let dialect = dialect_of(&endpoint, named_magisterium);
    Ok(CardHead { endpoint, version: preferred, binding, other, dialect, streaming, tenant })
}

/// BAD_RESPONSE: not an A2A agent card, because `why`.
#[inline(never)]
fn not_a_card<V>(why: &str) -> CallError<V> {
    CallError::bad_response(cat(&["not an A2A agent card: ", why]))
}

/// Why a card's interface `tenant` is refused.
const BAD_TENANT: &str = "`tenant` must be a string of at most 256 characters";

/// The `tenant` of `holder` (a 1.x interface): `Some(None)` for none (absent,
/// `null` or `""`), `Some(Some(tenant))` for a string within
/// [`MAX_TENANT_LENGTH`]; `None` for anything else.
fn tenant_of<V: JsonView>(holder: &V) -> Option<Option<V>> {
    let Some(tenant) = holder.get("tenant") else { return Some(None) };
    match tenant.string_len() {
        Some(0) => Some(None),
        Some(n) if n <= MAX_TENANT_LENGTH => Some(Some(tenant)),
        None if tenant.is_kind(Kind::Null) => Some(None),
        _ => None,
    }
}

/// Nothing when a card says its agent has an authenticated extended card
/// ([`has_extended_card`]); else AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED,
/// which the clients answer without a request.
#[cfg(feature = "extended-card")]
pub fn require_extended_card<V: JsonView, E>(card: &V) -> Result<(), CallError<E>> {
    if has_extended_card(card) {
        return Ok(());
    }
    let why = "the agent's card offers no authenticated extended card";
    Err(CallError::new(super::error::ErrorCode::AuthenticatedExtendedCardNotConfigured, why))
}

/// The result of `agent/getAuthenticatedExtendedCard` (1.0
/// `GetExtendedAgentCard`): an agent card (a string `name`), as sent; else BAD_RESPONSE.
#[cfg(feature = "extended-card")]
pub fn read_extended_card<V: JsonView>(result: V) -> Result<V, CallError<V>> {
    match result.get_kind("name", Kind::String) {
        Some(_) => Ok(result),
        None => Err(CallError::bad_response("the result is not an agent card (no string `name`)")),
    }
}

/// True when a card says its agent has an authenticated extended card: A2A
/// 1.0's `capabilities.extendedAgentCard`, or 0.3's
/// `supportsAuthenticatedExtendedCard`, `true`.
pub fn has_extended_card<V: JsonView>(card: &V) -> bool {
    let v1 = card.get("capabilities").and_then(|c| c.get("extendedAgentCard")).is_some_and(|s| s.is_true());
    v1 || card.get("supportsAuthenticatedExtendedCard").is_some_and(|s| s.is_true())
}

/// Keeps a discovered client's token to its audience; `endpoint` is the
/// card's (checked as the client's settings), `other` its -32009 fallback's,
/// `origins` the `tokenOrigins` option, an array (else INVALID_INPUT). A fixed token goes to the card's endpoint only when its
/// host is the card's host `card_host` or kin to it
/// ([`validate::token_audience`]), or its origin is listed
/// ([`validate::token_origins`]); else INVALID_INPUT naming the origin and
/// the option. A `tokenProvider` is told each request's URL and decides for
/// itself. Returns whether the fallback is kept: only where the token may
/// go, never over plain `http:` off the machine, and within the audience of
/// the card's host for a fixed token, of the endpoint the provider was told
/// about for a provider (the request that meets the -32009 resends its
/// token there); always without a token.
pub fn keep_token_to_audience<V: JsonView, P>(
    endpoint: &Endpoint,
    other: Option<&Endpoint>,
    auth: &Auth<P>,
    card_host: &str,
    origins: Option<&V>,
) -> Result<bool, CallError<V>> {
    if origins.is_some_and(|list| !list.is_kind(Kind::Array)) {
        return Err(CallError::invalid_input("tokenOrigins must be an array of origins"));
    }
    let may_receive =
        |e: &Endpoint, audience: &str| validate::token_audience(audience, e) || validate::token_origins(origins, e);
    let audience = match auth {
        Auth::None => return Ok(true),
        Auth::Provider(_) => &endpoint.host,
        Auth::Token(_) if may_receive(endpoint, card_host) => card_host,
        Auth::Token(_) => {
            return Err(CallError::invalid_input(cat(&[
                "the card's endpoint is on another host: list \"",
                endpoint.origin(),
                "\" in tokenOrigins to send it the token",
            ])));
        }
    };
    Ok(other.is_some_and(|e| validate::may_carry_token(e, true) && may_receive(e, audience)))
}

/// Magisterium's meanings for an agent at `magisterium.com` or
/// `www.magisterium.com` (the parser's `hostname`, exactly), or for a local
/// one that says it is Magisterium (its simulator: a loopback endpoint whose
/// card is named "Magisterium AI…", `named_magisterium`); A2A's for every other.
pub fn dialect_of(endpoint: &Endpoint, named_magisterium: bool) -> Dialect {
    let host = endpoint.host.as_str();
    if host == "magisterium.com" || host == "www.magisterium.com" || (endpoint.loopback && named_magisterium) {
        Dialect::Magisterium
    } else {
        Dialect::A2a
    }
}

/// How long a card may be reused, in milliseconds, from its `Cache-Control`
/// (`max-age=N`; `no-store`, `no-cache` or no header: not at all).
pub fn max_age_ms(cache_control: Option<&str>) -> f64 {
    let Some(header) = cache_control else { return 0.0 };
    let mut max_age = 0.0;
    for directive in header.split(',').map(|d| d.trim().to_ascii_lowercase()) {
        if directive == "no-store" || directive == "no-cache" {
            return 0.0;
        }
        if let Some(seconds) = directive.strip_prefix("max-age=").and_then(|s| s.trim_matches('"').parse::<u32>().ok())
        {
            max_age = f64::from(seconds) * 1000.0;
        }
    }
    max_age
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sans_io::error::ErrorCode;
    use crate::url_parser::parse as parse_url;
    use serde_json::{Value, json};

    fn card(name: &str, url: &str) -> serde_json::Value {
        json!({"name": name, "url": url, "protocolVersion": "0.3.0", "capabilities": {}, "skills": [{"id": "s", "name": "S"}]})
    }

    #[test]
    fn a_discovery_without_a_card_names_the_urls_it_tried() {
        let urls = [
            String::from("http://a.example/.well-known/agent.json"),
            String::from("http://a.example/.well-known/agent-card.json"),
        ];
        let first = card_status::<Value>(404);
        assert_eq!(
            (first.code, first.http_status, first.message.as_str()),
            (ErrorCode::BadResponse, Some(404), "HTTP 404")
        );
        assert_eq!(card_status::<Value>(200).message, "HTTP 200: not JSON");
        let e = no_card(&urls, card_status::<Value>(410));
        assert_eq!((e.code, e.http_status), (ErrorCode::BadResponse, Some(410)));
        assert_eq!(
            e.message,
            "no agent card at http://a.example/.well-known/agent.json or at http://a.example/.well-known/agent-card.json: HTTP 410"
        );
    }

    #[test]
    fn the_well_known_paths_follow_the_parsed_base() {
        let base = card_base::<()>("HTTPS://Agent.Example/a2a/", parse_url).unwrap();
        assert_eq!(base.key, "https://agent.example/a2a");
        assert_eq!(base.urls[0], "https://agent.example/a2a/.well-known/agent.json");
        assert_eq!(base.urls[1], "https://agent.example/a2a/.well-known/agent-card.json");
        assert_eq!(card_base::<()>("https://agent.example", parse_url).unwrap().key, "https://agent.example");
        for bad in ["ftp://x", "https://x/?v=1", "https://x/#top", "https://x/?", "https://x/#", "https://u:p@x/"] {
            assert_eq!(card_base::<()>(bad, parse_url).unwrap_err().code, ErrorCode::InvalidInput, "{bad}");
        }
    }

    #[test]
    fn a_card_gives_the_endpoint_and_the_dialect() {
        let head = read_card(&card("Echo", "http://127.0.0.1:4000/a2a"), parse_url, None, None).unwrap();
        assert_eq!((head.endpoint.url.as_str(), head.dialect), ("http://127.0.0.1:4000/a2a", Dialect::A2a));
        let magisterium =
            read_card(&card("Agent", "https://www.magisterium.com/api/v1/a2a"), parse_url, None, None).unwrap();
        assert_eq!(magisterium.dialect, Dialect::Magisterium);
        let simulator =
            read_card(&card("Magisterium AI (simulator)", "http://127.0.0.1:9/api/v1/a2a"), parse_url, None, None);
        assert_eq!(simulator.unwrap().dialect, Dialect::Magisterium);
        let impostor =
            read_card(&card("Magisterium AI Helper", "https://agents.example/a2a"), parse_url, None, None).unwrap();
        assert_eq!(impostor.dialect, Dialect::A2a, "a name alone is not Magisterium off the machine");
    }

    /// A card of A2A 1.0 offering `interfaces` (url, binding, version), with or without 0.3's top-level `url`.
    fn card_v1(interfaces: &[(&str, &str, &str)], own_url: Option<&str>) -> Value {
        let list: Vec<Value> =
            interfaces.iter().map(|(u, b, v)| json!({"url": u, "protocolBinding": b, "protocolVersion": v})).collect();
        let mut card =
            json!({"name": "A", "capabilities": {"streaming": true}, "skills": [], "supportedInterfaces": list});
        if let Some(url) = own_url {
            card["url"] = json!(url);
            card["protocolVersion"] = json!("0.3.0");
        }
        card
    }

    #[test]
    fn the_version_is_the_first_json_rpc_interface_the_client_speaks() {
        let grpc = ("https://a.example/grpc", "GRPC", "1.0");
        let v1 = ("https://a.example/v1", "JSONRPC", "1.0");
        let v2 = ("https://a.example/v2", "JSONRPC", "2.0");
        let v03 = ("https://a.example/v03", "JSONRPC", "0.3");
        let head = read_card(&card_v1(&[grpc, v2, v1], None), parse_url, None, None).unwrap();
        assert_eq!(
            (head.endpoint.url.as_str(), head.version, head.other),
            ("https://a.example/v1", ProtocolVersion::V1_0, None)
        );
        assert!(head.streaming);
        // Both offered, the choice left open: 1.0 first, 0.3 kept for a -32009.
        let both = read_card(&card_v1(&[v1, v03], Some("https://a.example/own")), parse_url, None, None).unwrap();
        assert_eq!(both.version, ProtocolVersion::V1_0);
        let other = both.other.unwrap();
        assert_eq!(
            (other.0.url.as_str(), other.1),
            ("https://a.example/own", ProtocolVersion::V0_3),
            "the card's own url first"
        );
        let only_entry = read_card(&card_v1(&[v03, v1], None), parse_url, None, None).unwrap();
        assert_eq!(only_entry.other.unwrap().0.url, "https://a.example/v03");
        // The option decides, with no fallback; a version the card lacks goes to the other's endpoint.
        let wanted = read_card(&card_v1(&[v1, v03], None), parse_url, Some(ProtocolVersion::V0_3), None).unwrap();
        assert_eq!(
            (wanted.endpoint.url.as_str(), wanted.version, wanted.other),
            ("https://a.example/v03", ProtocolVersion::V0_3, None)
        );
        let forced =
            read_card(&card("Echo", "https://a.example/old"), parse_url, Some(ProtocolVersion::V1_0), None).unwrap();
        assert_eq!((forced.endpoint.url.as_str(), forced.version), ("https://a.example/old", ProtocolVersion::V1_0));
        // Today's cards: 0.3, no fallback, not streaming unless they say so.
        let old = read_card(&card("Echo", "https://a.example/old"), parse_url, None, None).unwrap();
        assert_eq!((old.version, old.other, old.streaming), (ProtocolVersion::V0_3, None, false));
        for unspoken in [
            card_v1(&[grpc, v2], None),
            json!({"name": "A", "url": "https://a/", "protocolVersion": "2.0", "capabilities": {}, "skills": []}),
        ] {
            assert_eq!(
                read_card(&unspoken, parse_url, None, None).unwrap_err().code,
                ErrorCode::BadResponse,
                "{unspoken}"
            );
        }
        let bad_url = card_v1(&[("javascript:alert(1)", "JSONRPC", "1.0")], None);
        assert_eq!(read_card(&bad_url, parse_url, None, None).unwrap_err().code, ErrorCode::InvalidInput);
    }

    #[test]
    fn the_binding_follows_the_cards_order_among_1_0_interfaces() {
        let rest = ("https://a.example/rest", "HTTP+JSON", "1.0");
        let v1 = ("https://a.example/v1", "JSONRPC", "1.0");
        let v03 = ("https://a.example/v03", "JSONRPC", "0.3");
        let rest03 = ("https://a.example/rest03", "HTTP+JSON", "0.3");
        let pick = |interfaces: &[(&str, &str, &str)], wanted, binding| {
            read_card(&card_v1(interfaces, None), parse_url, wanted, binding)
                .map(|h| (h.endpoint.url, h.version, h.binding, h.other.map(|o| o.0.url)))
        };
        let head = |url: &str, version, binding, other: Option<&str>| {
            Ok((String::from(url), version, binding, other.map(String::from)))
        };
        let (j, h) = (Binding::JsonRpc, Binding::HttpJson);
        // The card's order decides among 1.0's bindings; an HTTP+JSON choice keeps no -32009 fallback.
        assert_eq!(pick(&[rest, v1, v03], None, None), head("https://a.example/rest", ProtocolVersion::V1_0, h, None));
        assert_eq!(
            pick(&[v1, rest, v03], None, None),
            head("https://a.example/v1", ProtocolVersion::V1_0, j, Some("https://a.example/v03"))
        );
        assert_eq!(
            pick(&[v03, rest], None, None),
            head("https://a.example/rest", ProtocolVersion::V1_0, h, None),
            "1.x first"
        );
        assert_eq!(pick(&[rest03, v03], None, None), head("https://a.example/v03", ProtocolVersion::V0_3, j, None));
        // A forced binding, alone or with a version.
        assert_eq!(
            pick(&[rest, v1, v03], None, Some(j)),
            head("https://a.example/v1", ProtocolVersion::V1_0, j, Some("https://a.example/v03"))
        );
        assert_eq!(pick(&[v1, rest], None, Some(h)), head("https://a.example/rest", ProtocolVersion::V1_0, h, None));
        assert_eq!(pick(&[v1, rest], Some(ProtocolVersion::V1_0), Some(h)).unwrap().2, h);
        assert_eq!(pick(&[rest, v1], Some(ProtocolVersion::V1_0), None).unwrap().2, h);
        assert_eq!(
            pick(&[rest, v03], Some(ProtocolVersion::V0_3), None),
            head("https://a.example/v03", ProtocolVersion::V0_3, j, None)
        );
        let code = |r: Result<_, CallError<Value>>| r.unwrap_err().code;
        assert_eq!(
            code(read_card(&card_v1(&[rest], None), parse_url, Some(ProtocolVersion::V0_3), Some(h))),
            ErrorCode::InvalidInput
        );
        let missing = read_card(&card_v1(&[v1, v03, rest03], None), parse_url, None, Some(h)).unwrap_err();
        assert_eq!(
            (missing.code, missing.message.as_str()),
            (ErrorCode::BadResponse, "the agent card offers no HTTP+JSON interface of A2A 1.x")
        );
        let no_rpc = read_card(&card_v1(&[rest], None), parse_url, None, Some(j)).unwrap_err();
        assert_eq!(
            (no_rpc.code, no_rpc.message.as_str()),
            (ErrorCode::BadResponse, "not an A2A agent card: no JSON-RPC interface of A2A 1.x or 0.3")
        );
        assert_eq!(
            code(read_card(&card_v1(&[rest], None), parse_url, Some(ProtocolVersion::V0_3), None)),
            ErrorCode::BadResponse
        );
        // An HTTP+JSON url is a base its paths are appended to: no query, no fragment.
        let query = card_v1(&[("https://a.example/rest?k=1", "HTTP+JSON", "1.0")], None);
        assert_eq!(code(read_card(&query, parse_url, None, None)), ErrorCode::InvalidInput);
        for (text, binding) in [("JSONRPC", Some(j)), ("HTTP+JSON", Some(h)), ("GRPC", None), ("jsonrpc", None)] {
            assert_eq!(Binding::of(text), binding, "{text}");
            assert!(binding.is_none_or(|b| b.as_str() == text));
        }
    }

    #[test]
    fn the_chosen_1_0_interface_gives_its_tenant() {
        let entry = |url: &str, binding: &str, version: &str, tenant: Value| json!({"url": url, "protocolBinding": binding, "protocolVersion": version, "tenant": tenant});
        let with = |interfaces: Vec<Value>| json!({"name": "A", "capabilities": {}, "skills": [], "supportedInterfaces": interfaces});
        let rest = entry("https://a.example/rest", "HTTP+JSON", "1.0", json!("acme/rest"));
        let rpc = entry("https://a.example/rpc", "JSONRPC", "1.0", json!("acme-rpc"));
        let old = entry("https://a.example/old", "JSONRPC", "0.3", json!("acme-old"));
        let tenant = |card: &Value, wanted, binding| read_card(card, parse_url, wanted, binding).map(|h| h.tenant);
        let both = with(vec![rest.clone(), rpc.clone(), old.clone()]);
        assert_eq!(tenant(&both, None, None), Ok(Some(json!("acme/rest"))), "the card's first: HTTP+JSON");
        assert_eq!(tenant(&both, None, Some(Binding::JsonRpc)), Ok(Some(json!("acme-rpc"))), "each interface its own");
        assert_eq!(tenant(&both, Some(ProtocolVersion::V0_3), None), Ok(None), "a 0.3 interface has none");
        assert_eq!(
            tenant(&with(vec![old.clone()]), Some(ProtocolVersion::V1_0), None),
            Ok(None),
            "nor 1.0 spoken there"
        );
        // A card whose own `url` is its 1.x endpoint is that interface, its members the card's.
        let own = json!({"name": "A", "url": "https://a.example/own", "protocolVersion": "1.0", "tenant": "t",
            "capabilities": {}, "skills": []});
        assert_eq!(tenant(&own, None, None), Ok(Some(json!("t"))));
        // None, empty, or checked: a string of at most 256 UTF-16 units (`.` and `..` are
        // refused where they would be a path segment, by `http_json`).
        let long = "é".repeat(MAX_TENANT_LENGTH);
        let refused = "not an A2A agent card: `tenant` must be a string of at most 256 characters";
        for (value, expected) in [
            (json!(null), Ok(None)),
            (json!(""), Ok(None)),
            (json!("a b/ü?#%"), Ok(Some(json!("a b/ü?#%")))),
            (json!(".."), Ok(Some(json!("..")))),
            (json!(long), Ok(Some(json!(long)))),
            (json!(format!("{long}x")), Err(refused)),
            (json!("😀".repeat(128) + "x"), Err(refused)),
            (json!(7), Err(refused)),
            (json!({"id": "t"}), Err(refused)),
        ] {
            let mut rest = rest.clone();
            rest["tenant"] = value.clone();
            for first in [entry("https://a.example/rpc", "JSONRPC", "1.0", value.clone()), rest] {
                let got = read_card(&with(vec![first, old.clone()]), parse_url, None, None);
                let got = got.map(|h| h.tenant).map_err(|e| (e.code, e.message.clone()));
                let expected = expected.clone().map_err(|m| (ErrorCode::BadResponse, String::from(m)));
                assert_eq!(got, expected, "{value}");
            }
        }
        // Only the chosen interface's is read.
        let unused = with(vec![rpc, entry("https://a.example/rest", "HTTP+JSON", "1.0", json!(7))]);
        assert_eq!(tenant(&unused, None, Some(Binding::JsonRpc)), Ok(Some(json!("acme-rpc"))));
    }

    #[test]
    fn protocol_versions_are_read_strictly() {
        for (text, version) in [
            ("1.0", Some(ProtocolVersion::V1_0)),
            ("1.2.3", Some(ProtocolVersion::V1_0)),
            ("0.3.0", Some(ProtocolVersion::V0_3)),
            ("0.2", Some(ProtocolVersion::V0_3)),
            ("0.1", None),
            ("1", None),
            ("1.", None),
            ("1.x", None),
            ("2.0", None),
            ("", None),
            ("0.30", None),
        ] {
            assert_eq!(ProtocolVersion::of(text), version, "{text}");
        }
    }

    #[test]
    fn what_is_not_a_card_is_a_bad_response() {
        let bad = [
            json!([]),
            json!({"name": "x"}),
            json!({"name": "x", "url": "https://a/", "skills": []}),
            json!({"name": "x", "url": "https://a/", "capabilities": {}, "skills": {}}),
            json!({"name": "x", "url": "https://a/", "capabilities": {}, "skills": [{"id": 1, "name": "n"}]}),
        ];
        for value in bad {
            assert_eq!(read_card(&value, parse_url, None, None).unwrap_err().code, ErrorCode::BadResponse, "{value}");
        }
        let script = read_card(&card("x", "javascript:alert(1)"), parse_url, None, None);
        assert_eq!(script.unwrap_err().code, ErrorCode::InvalidInput);
    }

    /// `client.dialect` for a dialect.
    fn dialect_name(dialect: Dialect) -> &'static str {
        match dialect {
            Dialect::Magisterium => "magisterium",
            Dialect::A2a => "a2a",
        }
    }

    /// `"accepted"`, or the code of the refusal.
    fn verdict<T>(result: Result<T, CallError<Value>>) -> &'static str {
        result.map_or_else(|e| e.code.as_str(), |_| "accepted")
    }

    /// Every row of `tests/fixtures/url-spellings.json`, read by the `url`
    /// crate, for each use: the endpoint option, a discovered card's `url`
    /// (and its dialect under either name) and a discovery base, as a
    /// platform that does not resolve `*.localhost` itself. The Node and
    /// browser suites hold the platforms' `URL` to the same table.
    #[test]
    fn the_url_spellings_table_holds_for_the_url_crate() {
        let table: Value = serde_json::from_str(include_str!("../../tests/fixtures/url-spellings.json")).unwrap();
        let rows = table["spellings"].as_array().unwrap();
        assert!(rows.len() >= 25);
        let mut misses = Vec::new();
        for row in rows {
            // Natively `*.localhost` is a name like any other (the row's `outsideBrowsers`).
            let mut row = row.clone();
            if let Some(Value::Object(differs)) = row.get("outsideBrowsers").cloned() {
                row.as_object_mut().unwrap().extend(differs);
            }
            let url = row["url"].as_str().unwrap();
            let mut check = |what: &str, actual: Value, expected: &Value| {
                if actual != *expected {
                    misses.push(format!("{url:?} ({}): {what}: {actual}, expected {expected}", row["note"]));
                }
            };
            // The endpoint option, without a token and with one.
            let endpoint = validate::endpoint::<Value>("endpoint", url, parse_url);
            let checked = endpoint.as_ref().ok();
            check("href", json!(checked.map(|e| &e.url)), &row["href"]);
            check("loopback", json!(checked.map(|e| e.loopback)), &row["loopback"]);
            check("dialect", json!(checked.map(|e| dialect_name(dialect_of(e, false)))), &row["dialect"]);
            let with_token = endpoint.and_then(|e| validate::token_transport(&e, true));
            check("with a token", json!(verdict(with_token)), &row["withToken"]);
            // A discovered card's url, and the dialect under either name.
            let agent = read_card(&card("Agent", url), parse_url, None, None);
            let head = agent.as_ref().ok();
            check("card url", json!(head.map(|h| &h.endpoint.url)), &row["href"]);
            check("card dialect", json!(head.map(|h| dialect_name(h.dialect))), &row["dialect"]);
            let with_token = agent.and_then(|h| validate::token_transport(&h.endpoint, true));
            check("card url with a token", json!(verdict(with_token)), &row["withToken"]);
            let local = row["loopback"] == true || row["dialect"] == "magisterium";
            let named = row["href"].is_string().then_some(if local { "magisterium" } else { "a2a" });
            let head = read_card(&card("Magisterium AI (simulator)", url), parse_url, None, None).ok();
            check("a card named Magisterium AI", json!(head.map(|h| dialect_name(h.dialect))), &json!(named));
            // A discovery base.
            let base = card_base::<()>(url, parse_url).ok();
            check("base", json!(base.map(|b| b.urls[0].clone())), &row["cardUrl"]);
        }
        assert!(misses.is_empty(), "{} misses:\n{}", misses.len(), misses.join("\n"));
    }

    /// The checked endpoint of `url`.
    fn at(url: &str) -> Endpoint {
        validate::endpoint::<()>("endpoint", url, parse_url).unwrap()
    }

    /// What [`keep_token_to_audience`] makes of a card at `card_host` naming
    /// `endpoint` and the fallback `other`: the fallback kept, or the refusal's message.
    fn audience(
        auth: &Auth<()>,
        card_host: &str,
        endpoint: &str,
        other: &str,
        origins: &[&str],
    ) -> Result<bool, String> {
        let origins = (!origins.is_empty()).then(|| json!(origins));
        keep_token_to_audience::<Value, ()>(&at(endpoint), Some(&at(other)), auth, card_host, origins.as_ref())
            .map_err(|e| e.message.clone())
    }

    #[test]
    fn a_fixed_token_goes_only_to_the_cards_host_its_kin_and_the_origins_listed() {
        let token = Auth::Token(String::from("t"));
        let same = "https://www.magisterium.com/api/v1/a2a";
        assert_eq!(audience(&token, "www.magisterium.com", same, same, &[]), Ok(true));
        assert_eq!(audience(&token, "magisterium.com", same, "https://magisterium.com/v1", &[]), Ok(true));
        let refused = audience(&token, "cards.example", "https://agents.example/a2a", same, &[]).unwrap_err();
        assert!(refused.contains("\"https://agents.example\"") && refused.contains("tokenOrigins"), "{refused}");
        assert!(
            audience(&token, "127.0.0.1", "http://127.0.0.2:9/a2a", same, &[]).is_err(),
            "loopback is no exception"
        );
        let listed = audience(&token, "cards.example", "https://agents.example/a2a", same, &["https://agents.example"]);
        assert_eq!(listed, Ok(false), "the fallback on another host is dropped");
        let both = ["https://agents.example", "https://www.magisterium.com"];
        assert_eq!(audience(&token, "cards.example", "https://agents.example/a2a", same, &both), Ok(true));
        // The fallback is held to the card's host too, and never over plain http: off the machine.
        let cards = "https://cards.example/a2a";
        assert_eq!(audience(&token, "cards.example", cards, "https://evilcards.example/a2a", &[]), Ok(false));
        assert_eq!(audience(&token, "cards.example", cards, "http://v1.cards.example/a2a", &[]), Ok(false));
        assert_eq!(audience(&token, "cards.example", cards, "https://v1.cards.example/a2a", &[]), Ok(true));
        // The list must be a list of strings, whatever the token.
        for bad in [json!("https://agents.example"), json!({})] {
            for auth in [&token, &Auth::None] {
                let e = keep_token_to_audience::<Value, ()>(&at(cards), None, auth, "cards.example", Some(&bad));
                assert_eq!(e.unwrap_err().code, ErrorCode::InvalidInput, "{bad}");
            }
        }
    }

    #[test]
    fn a_provider_decides_the_endpoint_and_its_fallback_keeps_to_it() {
        let provider = Auth::Provider(());
        let agents = "https://agents.example/a2a";
        assert_eq!(audience(&provider, "cards.example", agents, "https://v1.agents.example/a2a", &[]), Ok(true));
        assert_eq!(audience(&provider, "cards.example", agents, "https://cards.example/a2a", &[]), Ok(false));
        assert_eq!(audience(&provider, "cards.example", agents, "http://127.0.0.1:9/a2a", &[]), Ok(false));
        let listed = ["https://cards.example"];
        assert_eq!(audience(&provider, "cards.example", agents, "https://cards.example/a2a", &listed), Ok(true));
        // Without a token any fallback is kept.
        assert_eq!(audience(&Auth::None, "cards.example", agents, "http://elsewhere.example/", &[]), Ok(true));
    }

    #[test]
    fn a_card_says_whether_it_has_an_extended_card() {
        assert!(has_extended_card(&json!({"capabilities": {"extendedAgentCard": true}})));
        assert!(has_extended_card(&json!({"supportsAuthenticatedExtendedCard": true, "capabilities": {}})));
        for no in [json!({"capabilities": {"extendedAgentCard": "true"}}), json!({"capabilities": {}}), json!([])] {
            assert!(!has_extended_card(&no), "{no}");
        }
    }

    #[test]
    fn an_extended_card_is_read_as_sent_when_it_is_a_card() {
        let card = json!({"name": "A (extended)", "skills": []});
        assert_eq!(read_extended_card(card.clone()).unwrap(), card);
        for bad in [json!({"name": 1}), json!(null), json!("A")] {
            assert_eq!(read_extended_card(bad.clone()).unwrap_err().code, ErrorCode::BadResponse, "{bad}");
        }
        let none = require_extended_card::<_, ()>(&json!({"capabilities": {}})).unwrap_err();
        assert_eq!(none.code, ErrorCode::AuthenticatedExtendedCardNotConfigured);
    }

    #[test]
    fn max_age_follows_cache_control() {
        assert_eq!(max_age_ms(Some("public, max-age=3600")), 3_600_000.0);
        assert_eq!(max_age_ms(Some("max-age=60, no-cache")), 0.0);
        assert_eq!(max_age_ms(Some("no-store")), 0.0);
        assert_eq!(max_age_ms(Some("max-age=oops")), 0.0);
        assert_eq!(max_age_ms(None), 0.0);
    }
}
