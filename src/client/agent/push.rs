//! Push-notification configs of an [`A2AClient`]: where an agent POSTs a
//! task's updates (a webhook), for a program that can receive them. The
//! calls and both versions' shapes are the core's
//! ([`crate::sans_io::push_config`]); the results are typed here, their JSON
//! the npm package's (0.3's shape, whatever the agent's version).

use super::client::A2AClient;
use super::results::bad_response;
use crate::client::error::Error;
use crate::client::run::{mismatch, run};
use crate::sans_io::call::{Call, Outcome};
use crate::sans_io::push_config::{PushOp, push_call};
use crate::sans_io::wire::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Where and how an agent sends a task's updates (A2A's `PushNotificationConfig`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PushNotificationConfig {
    /// The config's id (given by the caller, or by the agent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The webhook's URL.
    pub url: String,
    /// A token the agent sends with each notification, for the webhook to check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// How the agent authenticates to the webhook.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authentication: Option<PushAuthentication>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl PushNotificationConfig {
    /// A config for the webhook at `url`.
    pub fn new(url: impl Into<String>) -> PushNotificationConfig {
        PushNotificationConfig { id: None, url: url.into(), token: None, authentication: None, other: Map::new() }
    }

    /// With the id `id`.
    pub fn id(mut self, id: impl Into<String>) -> PushNotificationConfig {
        self.id = Some(id.into());
        self
    }

    /// With the token `token`, which the agent sends with each notification.
    pub fn token(mut self, token: impl Into<String>) -> PushNotificationConfig {
        self.token = Some(token.into());
        self
    }
}

/// How the agent authenticates to a webhook (0.3's `PushNotificationAuthenticationInfo`;
/// a 1.0 agent's one `scheme` is `schemes`' one element).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PushAuthentication {
    /// The schemes (`"Bearer"`, …); a 1.0 agent takes only the first.
    pub schemes: Vec<String>,
    /// Credentials for them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credentials: Option<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A task's push-notification config, as the agent stored it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TaskPushNotificationConfig {
    /// The task (empty when the agent left it out).
    #[serde(default)]
    pub task_id: String,
    /// The config.
    pub push_notification_config: PushNotificationConfig,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

/// A task's push-notification configs, and the token of a next page (a 1.0 agent's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PushNotificationConfigList {
    /// The configs.
    pub configs: Vec<TaskPushNotificationConfig>,
    /// The next page's token (empty or absent on the last page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page_token: Option<String>,
    /// The extensions the agent activated for the call (or stream) this
    /// came from, as its response's `A2A-Extensions` header listed them
    /// (`activatedExtensions`; empty when it listed none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activated_extensions: Vec<String>,
    /// Every other member as sent.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl A2AClient {
    /// `tasks/pushNotificationConfig/set` (1.0 `CreateTaskPushNotificationConfig`):
    /// asks the agent to POST the task's updates to `config.url`; the config
    /// as stored. PUSH_NOTIFICATION_NOT_SUPPORTED from an agent without push
    /// notifications; TASK_NOT_FOUND for an unknown task.
    pub async fn create_push_notification_config(
        &self,
        task_id: &str,
        config: &PushNotificationConfig,
    ) -> Result<TaskPushNotificationConfig, Error> {
        let parsed = serde_json::to_value(config).unwrap_or_default();
        self.push(PushOp::Set, task_id, Some(parsed.to_string()), Some(&parsed)).await
    }

    /// `tasks/pushNotificationConfig/get` (1.0 `GetTaskPushNotificationConfig`): the task's config `config_id`.
    pub async fn get_push_notification_config(
        &self,
        task_id: &str,
        config_id: &str,
    ) -> Result<TaskPushNotificationConfig, Error> {
        self.push(PushOp::Get, task_id, Some(config_id.to_owned()), None).await
    }

    /// `tasks/pushNotificationConfig/list` (1.0 `ListTaskPushNotificationConfigs`): the task's configs.
    pub async fn list_push_notification_configs(&self, task_id: &str) -> Result<PushNotificationConfigList, Error> {
        self.push(PushOp::List, task_id, None, None).await
    }

    /// `tasks/pushNotificationConfig/delete` (1.0 `DeleteTaskPushNotificationConfig`):
    /// removes the task's config `config_id`.
    pub async fn delete_push_notification_config(&self, task_id: &str, config_id: &str) -> Result<(), Error> {
        self.push::<Value>(PushOp::Delete, task_id, Some(config_id.to_owned()), None).await.map(drop)
    }

    /// Runs the call `op` and types its result (checked by the core) as `T`.
    async fn push<T: for<'de> Deserialize<'de>>(
        &self,
        op: PushOp,
        task_id: &str,
        argument: Option<String>,
        parsed: Option<&Value>,
    ) -> Result<T, Error> {
        let call = push_call(op, Some(task_id.to_owned()), argument, parsed).map_err(Error::plain)?;
        let other = Call::Other { method: Method::push(op), params: call.params() };
        match run(&self.shared, &other, self.timeout_ms).await? {
            Outcome::Task(value) => {
                let value = op.read(value).map_err(Error::plain)?;
                serde_json::from_value(value).map_err(|e| bad_response(e.to_string()))
            }
            _ => Err(mismatch()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn configs_serialize_to_what_was_sent() {
        let config = json!({"taskId": "t", "pushNotificationConfig": {"id": "c", "url": "https://hook.example/",
            "token": "k", "authentication": {"schemes": ["Bearer"], "credentials": "x"}, "extra": 1}});
        let typed: TaskPushNotificationConfig = serde_json::from_value(config.clone()).unwrap();
        assert_eq!(typed.push_notification_config.authentication.as_ref().unwrap().schemes, ["Bearer"]);
        assert_eq!(serde_json::to_value(&typed).unwrap(), config);
        let list = json!({"configs": [config], "nextPageToken": ""});
        let typed: PushNotificationConfigList = serde_json::from_value(list.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), list);
        let made = PushNotificationConfig::new("https://hook.example/").id("c").token("k");
        assert_eq!(
            serde_json::to_value(made).unwrap(),
            json!({"id": "c", "url": "https://hook.example/", "token": "k"})
        );
    }
}
