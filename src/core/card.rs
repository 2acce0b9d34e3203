//! Agent discovery: where an agent card lives, what makes one valid, which
//! error dialect its agent speaks, and how long it may be cached.

use super::error::{Dialect, Error};
use super::json::{JsonView, Kind};
use super::text::{cat, trim_end_ascii};
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
}

/// Checks a discovery base URL as an endpoint and derives the card URLs from
/// what `parse` made of it: the card paths follow the base's path, so a base
/// with a query or a fragment (even an empty `?` or `#`) is INVALID_INPUT.
pub fn card_base<V>(text: &str, parse: UrlParser) -> Result<CardBase, Error<V>> {
    let base = validate::endpoint::<V>("baseUrl", text, parse)?;
    // `?` and `#` appear in an `href` only as the query and fragment delimiters:
    // the parser percent-encodes them in a path, and credentials were refused.
    if base.url.contains(['?', '#']) {
        return Err(Error::invalid_input("baseUrl must not have a query or a fragment"));
    }
    let key = trim_end_ascii(&base.url, b'/');
    let urls = [cat(&[key, "/.well-known/agent.json"]), cat(&[key, "/.well-known/agent-card.json"])];
    Ok(CardBase { key: key.into(), urls })
}

/// What the client needs of a card; the card itself is returned as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct CardHead {
    /// The agent's A2A endpoint (its `url`, checked).
    pub endpoint: Endpoint,
    /// The error dialect of the agent.
    pub dialect: Dialect,
}

/// Checks an agent card (`name` and `url` strings, a `capabilities` object,
/// `skills` an array of objects with string `id` and `name`) and reads its
/// head; its `url` is checked as an endpoint as `parse` reads it.
pub fn read_card<V: JsonView>(card: &V, parse: UrlParser) -> Result<CardHead, Error<V>> {
    let refuse = |why: &str| Err(Error::bad_response(cat(&["not an A2A agent card: ", why])));
    if !card.is_kind(Kind::Object) {
        return refuse("not a JSON object");
    }
    let (Some(name), Some(url)) = (card.get_string("name"), card.get_string("url")) else {
        return refuse("`name` and `url` must be strings");
    };
    if card.get_kind("capabilities", Kind::Object).is_none() {
        return refuse("`capabilities` must be an object");
    }
    let Some(skills) = card.get_kind("skills", Kind::Array) else {
        return refuse("`skills` must be an array");
    };
    let skill_ok = |s: &V| s.get_kind("id", Kind::String).is_some() && s.get_kind("name", Kind::String).is_some();
    if !skills.elements().all(|s| skill_ok(&s)) {
        return refuse("every skill needs a string `id` and `name`");
    }
    let endpoint = validate::endpoint::<V>("the agent card's url", &url, parse)?;
    let dialect = dialect_of(&endpoint, name.starts_with("Magisterium AI"));
    Ok(CardHead { endpoint, dialect })
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
    use crate::core::error::ErrorCode;
    use crate::url_parser::parse as parse_url;
    use serde_json::{Value, json};

    fn card(name: &str, url: &str) -> serde_json::Value {
        json!({"name": name, "url": url, "protocolVersion": "0.3.0", "capabilities": {}, "skills": [{"id": "s", "name": "S"}]})
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
        let head = read_card(&card("Echo", "http://127.0.0.1:4000/a2a"), parse_url).unwrap();
        assert_eq!((head.endpoint.url.as_str(), head.dialect), ("http://127.0.0.1:4000/a2a", Dialect::A2a));
        let magisterium = read_card(&card("Agent", "https://www.magisterium.com/api/v1/a2a"), parse_url).unwrap();
        assert_eq!(magisterium.dialect, Dialect::Magisterium);
        let simulator = read_card(&card("Magisterium AI (simulator)", "http://127.0.0.1:9/api/v1/a2a"), parse_url);
        assert_eq!(simulator.unwrap().dialect, Dialect::Magisterium);
        let impostor = read_card(&card("Magisterium AI Helper", "https://agents.example/a2a"), parse_url).unwrap();
        assert_eq!(impostor.dialect, Dialect::A2a, "a name alone is not Magisterium off the machine");
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
            assert_eq!(read_card(&value, parse_url).unwrap_err().code, ErrorCode::BadResponse, "{value}");
        }
        let script = read_card(&card("x", "javascript:alert(1)"), parse_url);
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
    fn verdict<T>(result: Result<T, Error<Value>>) -> &'static str {
        result.map_or_else(|e| e.code.as_str(), |_| "accepted")
    }

    /// Every row of `tests/fixtures/url-spellings.json`, read by the `url`
    /// crate, for each use: the endpoint option, a discovered card's `url`
    /// (and its dialect under either name) and a discovery base. The Node and
    /// browser suites hold the platforms' `URL` to the same table.
    #[test]
    fn the_url_spellings_table_holds_for_the_url_crate() {
        let table: Value = serde_json::from_str(include_str!("../../tests/fixtures/url-spellings.json")).unwrap();
        let rows = table["spellings"].as_array().unwrap();
        assert!(rows.len() >= 25);
        let mut misses = Vec::new();
        for row in rows {
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
            let agent = read_card(&card("Agent", url), parse_url);
            let head = agent.as_ref().ok();
            check("card url", json!(head.map(|h| &h.endpoint.url)), &row["href"]);
            check("card dialect", json!(head.map(|h| dialect_name(h.dialect))), &row["dialect"]);
            let with_token = agent.and_then(|h| validate::token_transport(&h.endpoint, true));
            check("card url with a token", json!(verdict(with_token)), &row["withToken"]);
            let local = row["loopback"] == true || row["dialect"] == "magisterium";
            let named = row["href"].is_string().then_some(if local { "magisterium" } else { "a2a" });
            let head = read_card(&card("Magisterium AI (simulator)", url), parse_url).ok();
            check("a card named Magisterium AI", json!(head.map(|h| dialect_name(h.dialect))), &json!(named));
            // A discovery base.
            let base = card_base::<()>(url, parse_url).ok();
            check("base", json!(base.map(|b| b.urls[0].clone())), &row["cardUrl"]);
        }
        assert!(misses.is_empty(), "{} misses:\n{}", misses.len(), misses.join("\n"));
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
