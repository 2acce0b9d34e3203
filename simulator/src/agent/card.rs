//! The test agent's A2A 1.0 card: one JSON-RPC interface at `<base>/agent`, streaming, no
//! security (any caller), and the skills of [`Skill::ALL`].

use serde_json::{Value, json};

use super::skills::Skill;

/// The card of the agent at `path` (its JSON-RPC endpoint) of a simulator reachable at
/// `base_url` (`http://HOST:PORT`).
pub(super) fn agent_card(base_url: &str, path: &str) -> Value {
    let skills: Vec<Value> = Skill::ALL
        .into_iter()
        .map(|skill| {
            let (name, description) = skill.describe();
            json!({
                "id": skill.id(),
                "name": name,
                "description": description,
                "tags": ["test"],
                "examples": [format!("{} hello", skill.id())],
            })
        })
        .collect();
    json!({
        "name": "Streaming test agent (magisterium-sim)",
        "description": "A generic A2A 1.0 agent for trying A2AClient offline: echo, stream and reply. Not Magisterium.",
        "supportedInterfaces": [{ "url": format!("{base_url}{path}"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0" }],
        "provider": { "organization": "magisterium-sim (test agent)", "url": base_url },
        "version": env!("CARGO_PKG_VERSION"),
        "capabilities": { "streaming": true, "pushNotifications": false, "extendedAgentCard": false },
        "defaultInputModes": ["text/plain", "application/json"],
        "defaultOutputModes": ["text/plain", "application/json"],
        "skills": skills,
    })
}
