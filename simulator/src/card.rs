//! `GET /.well-known/agent.json`: the A2A agent card of the simulated service.

use http::HeaderMap;
use http::header::HOST;
use serde_json::{Value, json};

use crate::skills::Skill;

/// The A2A endpoint path.
pub(crate) const ENDPOINT_PATH: &str = "/api/v1/a2a";

/// The card's well-known names: A2A 0.2 and Magisterium's, then A2A 0.3's.
const CARD_NAMES: [&str; 2] = ["/.well-known/agent.json", "/.well-known/agent-card.json"];

/// For a path of the agent card, the path segment before its well-known name (`None` at the
/// root; card faults are scoped by it, as A2A faults are by the token); `None` for other paths.
pub(crate) fn card_scope(path: &str) -> Option<Option<&str>> {
    let prefix = CARD_NAMES.iter().find_map(|name| path.strip_suffix(name))?;
    match prefix.strip_prefix('/') {
        None if prefix.is_empty() => Some(None),
        Some(scope) if !scope.is_empty() && !scope.contains('/') => Some(Some(scope)),
        _ => None,
    }
}

/// The card's skill entry: name, description, tags and examples.
fn skill_entry(skill: Skill) -> Value {
    let (name, description, tags, examples): (&str, &str, &[&str], &[&str]) = match skill {
        Skill::CatholicQa => (
            "Catholic Q&A",
            "Answers a question in natural language with citations from the (sample) corpus. Expensive rate-limit pool.",
            &["catholic", "question-answering", "citations"],
            &["What is grace?", "What does the Church teach about confession?"],
        ),
        Skill::DocumentSearch => (
            "Document search",
            "Finds documents matching a query; returns {results:[{id,url,title}]}.",
            &["search", "documents"],
            &["baptism", "the Eucharist"],
        ),
        Skill::DocumentFetch => (
            "Document fetch",
            "Returns the full text and metadata of a document by id (data part {id} or a text part).",
            &["documents", "fetch"],
            &["10001"],
        ),
        Skill::LiturgicalReadings => (
            "Liturgical readings",
            "Mass readings for a date in natural language.",
            &["liturgy", "readings", "calendar"],
            &["today", "next Sunday", "Easter Sunday 2026"],
        ),
        Skill::SaintsOfTheDay => (
            "Saints of the day",
            "The Roman Martyrology entry for a date (data part {date} or a text part).",
            &["saints", "martyrology", "calendar"],
            &["2026-03-19", "today"],
        ),
    };
    json!({
        "id": skill.id(),
        "name": name,
        "description": description,
        "tags": tags,
        "examples": examples,
        "inputModes": ["text/plain", "application/json"],
        "outputModes": ["text/plain", "application/json"],
    })
}

/// `http://HOST` from a plausible `Host` header, else from the bound address.
pub(crate) fn base_url(headers: &HeaderMap, fallback: std::net::SocketAddr) -> String {
    let host = headers.get(HOST).and_then(|h| h.to_str().ok()).filter(|h| {
        !h.is_empty() && h.len() <= 255 && h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
    });
    match host {
        Some(host) => format!("http://{host}"),
        None => format!("http://{fallback}"),
    }
}

/// The agent card for a server reachable at `base_url`.
pub(crate) fn agent_card(base_url: &str) -> Value {
    json!({
        "name": "Magisterium AI (simulator)",
        "description": "Local simulator of the Magisterium AI A2A endpoint. Every answer comes from built-in sample data.",
        "url": format!("{base_url}{ENDPOINT_PATH}"),
        "preferredTransport": "JSONRPC",
        "version": env!("CARGO_PKG_VERSION"),
        "protocolVersion": "0.2.6",
        "provider": { "organization": "magisterium-sim (sample)", "url": base_url },
        "capabilities": { "streaming": false, "pushNotifications": false, "stateTransitionHistory": true },
        "defaultInputModes": ["text/plain", "application/json"],
        "defaultOutputModes": ["text/plain", "application/json"],
        "skills": Skill::ALL.into_iter().map(skill_entry).collect::<Vec<_>>(),
        "securitySchemes": {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "OAuth 2.0 user access token of a paid plan",
            }
        },
        "security": [{ "bearer": [] }],
    })
}

#[cfg(test)]
mod tests {
    use super::card_scope;

    #[test]
    fn card_paths_and_their_scope() {
        assert_eq!(card_scope("/.well-known/agent.json"), Some(None));
        assert_eq!(card_scope("/.well-known/agent-card.json"), Some(None));
        assert_eq!(card_scope("/t-1/.well-known/agent.json"), Some(Some("t-1")));
        assert_eq!(card_scope("/t-1/.well-known/agent-card.json"), Some(Some("t-1")));
        for other in [
            "/",
            "/.well-known/agent.jsonx",
            "//.well-known/agent.json",
            "/a/b/.well-known/agent.json",
            "x/.well-known/agent.json",
        ] {
            assert_eq!(card_scope(other), None, "{other}");
        }
    }
}
