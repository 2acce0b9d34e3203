//! Agent discovery: where an agent card lives, what makes one valid, which
//! error dialect its agent speaks, and how long it may be cached.

use super::error::{Dialect, Error};
use super::json::{JsonView, Kind};
use super::text::{cat, trim_end_ascii};
use super::validate;
use alloc::string::String;

/// The base URL as the card cache knows it (`http://x/` and `http://x` are one agent).
pub fn normalized_base(base_url: &str) -> &str {
    trim_end_ascii(base_url.trim(), b'/')
}

/// The two well-known card paths, in the order they are tried
/// (A2A 0.2 and Magisterium publish `agent.json`, A2A 0.3 `agent-card.json`).
pub fn card_urls<V>(base_url: &str) -> Result<[String; 2], Error<V>> {
    let base = normalized_base(base_url);
    validate::endpoint::<V>(base)?;
    Ok([cat(&[base, "/.well-known/agent.json"]), cat(&[base, "/.well-known/agent-card.json"])])
}

/// What the client needs of a card; the card itself is returned as sent.
#[derive(Clone, Debug, PartialEq)]
pub struct CardHead {
    /// The agent's A2A endpoint (`url`).
    pub url: String,
    /// The error dialect of the agent.
    pub dialect: Dialect,
}

/// Checks an agent card (`name` and `url` strings, a `capabilities` object,
/// `skills` an array of objects with string `id` and `name`) and reads its head.
pub fn read_card<V: JsonView>(card: &V) -> Result<CardHead, Error<V>> {
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
    let endpoint = validate::endpoint::<V>(&url)?;
    let dialect = dialect_of(&endpoint.host, endpoint.loopback && name.starts_with("Magisterium AI"));
    Ok(CardHead { dialect, url: endpoint.url })
}

/// Magisterium's meanings for an agent at `magisterium.com`, or for a local
/// one that says it is Magisterium (its simulator: `local_magisterium`, a
/// loopback endpoint whose card is named "Magisterium AI…"); A2A's for every other.
pub fn dialect_of(host: &str, local_magisterium: bool) -> Dialect {
    let host = trim_end_ascii(host, b'.');
    if host == "magisterium.com" || host.ends_with(".magisterium.com") || local_magisterium {
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
    use serde_json::json;

    fn card(name: &str, url: &str) -> serde_json::Value {
        json!({"name": name, "url": url, "protocolVersion": "0.3.0", "capabilities": {}, "skills": [{"id": "s", "name": "S"}]})
    }

    #[test]
    fn the_well_known_paths_follow_the_base() {
        let [first, second] = card_urls::<()>("https://agent.example/").unwrap();
        assert_eq!(first, "https://agent.example/.well-known/agent.json");
        assert_eq!(second, "https://agent.example/.well-known/agent-card.json");
        assert!(card_urls::<()>("ftp://x").is_err());
    }

    #[test]
    fn a_card_gives_the_endpoint_and_the_dialect() {
        let head = read_card(&card("Echo", "http://127.0.0.1:4000/a2a")).unwrap();
        assert_eq!((head.url.as_str(), head.dialect), ("http://127.0.0.1:4000/a2a", Dialect::A2a));
        let magisterium = read_card(&card("Agent", "https://www.magisterium.com/api/v1/a2a")).unwrap();
        assert_eq!(magisterium.dialect, Dialect::Magisterium);
        let simulator = read_card(&card("Magisterium AI (simulator)", "http://127.0.0.1:9/api/v1/a2a")).unwrap();
        assert_eq!(simulator.dialect, Dialect::Magisterium);
        assert_eq!(dialect_of("evil-magisterium.com", false), Dialect::A2a);
        let impostor = read_card(&card("Magisterium AI Helper", "https://agents.example/a2a")).unwrap();
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
            assert_eq!(read_card(&value).unwrap_err().code, ErrorCode::BadResponse, "{value}");
        }
        assert_eq!(read_card(&card("x", "javascript:alert(1)")).unwrap_err().code, ErrorCode::InvalidInput);
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
