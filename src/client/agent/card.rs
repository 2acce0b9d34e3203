//! [`AgentCard`]: an agent's card, typed as the npm package's `AgentCard`
//! (what this client knows typed, every other member kept in `other` under its
//! wire name, so that serializing it gives back the JSON the agent sent).

use crate::client::a2a::Members;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// An A2A agent card ([`A2AClient::card`](crate::A2AClient::card),
/// [`A2AClient::extended_card`](crate::A2AClient::extended_card)), as the agent
/// sent it. A discovered card has been checked by the core (`name`,
/// `capabilities`, `skills` with `id` and `name`, an endpoint); an extended
/// card has a `name`. A member of another shape than the one typed here is
/// kept in `other`, never an error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct AgentCard {
    /// The agent's name.
    pub name: String,
    /// The agent's A2A 0.2/0.3 endpoint (a 1.0 card has its endpoints in `supported_interfaces`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// What the agent does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The agent's own version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The A2A version of `url` (0.3 when absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<String>,
    /// A2A 1.0: the endpoints the agent offers, in its order of preference.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supported_interfaces: Option<Vec<AgentInterface>>,
    /// What the agent supports.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<AgentCapabilities>,
    /// The agent's skills.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skills: Option<Vec<AgentSkill>>,
    /// The media types the agent accepts by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_input_modes: Option<Vec<String>>,
    /// The media types the agent answers with by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_output_modes: Option<Vec<String>>,
    /// Who runs the agent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<AgentProvider>,
    /// Every other member as sent (`securitySchemes`, `security`, …).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// What an agent supports (a card's `capabilities`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct AgentCapabilities {
    /// The agent streams `send_message_stream` and `subscribe_to_task`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub streaming: Option<bool>,
    /// The agent sends push notifications.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub push_notifications: Option<bool>,
    /// The agent keeps a task's state transitions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_transition_history: Option<bool>,
    /// A2A 1.0: the agent has an extended card for authenticated callers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extended_agent_card: Option<bool>,
    /// Every other member as sent (`extensions`, …).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// An endpoint an A2A 1.0 card offers (`supportedInterfaces[]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct AgentInterface {
    /// The endpoint.
    pub url: String,
    /// `JSONRPC`, `HTTP+JSON` (the two this client speaks, [`Binding`](crate::Binding)), `GRPC`, …
    pub protocol_binding: String,
    /// Its A2A version, e.g. `1.0`.
    pub protocol_version: String,
    /// The tenant its requests name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tenant: Option<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A skill of an agent card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct AgentSkill {
    /// Its id (a message's `skill_id`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Keywords.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    /// Example requests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<String>>,
    /// The media types it accepts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_modes: Option<Vec<String>>,
    /// The media types it answers with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_modes: Option<Vec<String>>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// Who runs an agent (a card's `provider`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "Value")]
#[non_exhaustive]
pub struct AgentProvider {
    /// The organization.
    pub organization: String,
    /// Its site.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl TryFrom<Value> for AgentCard {
    type Error = String;

    /// A card (an object with a string `name`), the rest typed where it can be.
    fn try_from(value: Value) -> Result<AgentCard, String> {
        let mut m = Members::of(value, "an agent card")?;
        Ok(AgentCard {
            name: m.required("name", "an agent card")?,
            url: m.optional("url"),
            description: m.optional("description"),
            version: m.optional("version"),
            protocol_version: m.optional("protocolVersion"),
            supported_interfaces: m.optional("supportedInterfaces"),
            capabilities: m.optional("capabilities"),
            skills: m.optional("skills"),
            default_input_modes: m.optional("defaultInputModes"),
            default_output_modes: m.optional("defaultOutputModes"),
            provider: m.optional("provider"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for AgentCapabilities {
    type Error = String;

    fn try_from(value: Value) -> Result<AgentCapabilities, String> {
        let mut m = Members::of(value, "capabilities")?;
        Ok(AgentCapabilities {
            streaming: m.optional("streaming"),
            push_notifications: m.optional("pushNotifications"),
            state_transition_history: m.optional("stateTransitionHistory"),
            extended_agent_card: m.optional("extendedAgentCard"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for AgentInterface {
    type Error = String;

    fn try_from(value: Value) -> Result<AgentInterface, String> {
        let mut m = Members::of(value, "an interface")?;
        Ok(AgentInterface {
            url: m.required("url", "an interface")?,
            protocol_binding: m.required("protocolBinding", "an interface")?,
            protocol_version: m.required("protocolVersion", "an interface")?,
            tenant: m.optional("tenant"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for AgentSkill {
    type Error = String;

    fn try_from(value: Value) -> Result<AgentSkill, String> {
        let mut m = Members::of(value, "a skill")?;
        Ok(AgentSkill {
            id: m.required("id", "a skill")?,
            name: m.required("name", "a skill")?,
            description: m.optional("description"),
            tags: m.optional("tags"),
            examples: m.optional("examples"),
            input_modes: m.optional("inputModes"),
            output_modes: m.optional("outputModes"),
            other: m.0,
        })
    }
}

impl TryFrom<Value> for AgentProvider {
    type Error = String;

    fn try_from(value: Value) -> Result<AgentProvider, String> {
        let mut m = Members::of(value, "a provider")?;
        Ok(AgentProvider {
            organization: m.required("organization", "a provider")?,
            url: m.optional("url"),
            other: m.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_card_is_typed_and_keeps_every_member() {
        let sent = json!({
            "name": "Echo", "description": "echoes", "version": "1.2", "protocolVersion": "0.3",
            "url": "https://agent.example/a2a",
            "supportedInterfaces": [{"url": "https://agent.example/v1", "protocolBinding": "JSONRPC",
                "protocolVersion": "1.0", "tenant": "t", "note": 1}],
            "capabilities": {"streaming": true, "extendedAgentCard": false, "extensions": []},
            "skills": [{"id": "echo", "name": "Echo", "tags": ["x"], "weird": null}],
            "defaultInputModes": ["text/plain"], "provider": {"organization": "Example", "url": "https://example.org"},
            "securitySchemes": {"bearer": {"type": "http"}}, "security": [{"bearer": []}]
        });
        let card = AgentCard::try_from(sent.clone()).expect("a card");
        assert_eq!(serde_json::to_value(&card).unwrap(), sent, "serializing gives back what was sent");
        assert_eq!(serde_json::from_value::<AgentCard>(sent).unwrap(), card);
        let capabilities = card.capabilities.as_ref().expect("typed");
        assert_eq!((capabilities.streaming, capabilities.extended_agent_card), (Some(true), Some(false)));
        let interface = &card.supported_interfaces.as_ref().expect("typed")[0];
        assert_eq!((interface.protocol_binding.as_str(), interface.tenant.as_deref()), ("JSONRPC", Some("t")));
        assert_eq!(card.skills.as_ref().map(|s| s[0].id.as_str()), Some("echo"));
        assert!(card.other.contains_key("securitySchemes"));
    }

    #[test]
    fn members_of_another_shape_are_kept_as_sent() {
        let sent = json!({"name": "Odd", "capabilities": "all", "skills": [{"id": 1}], "provider": {}});
        let card = AgentCard::try_from(sent.clone()).expect("a card");
        assert_eq!((card.capabilities.is_none(), card.skills.is_none(), card.provider.is_none()), (true, true, true));
        assert_eq!(serde_json::to_value(&card).unwrap(), sent);
        assert!(AgentCard::try_from(json!({"description": "no name"})).is_err());
    }
}
