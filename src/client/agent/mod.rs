//! [`A2AClient`]: a client for any A2A agent (Magisterium among them), found
//! through its agent card or given an endpoint; the npm package's `A2AClient`
//! in Rust's terms. It shares [`Client`](crate::Client)'s options, retries,
//! time limits, bounds, token hygiene and [`Error`](crate::Error); the version choice, the
//! 1.0 shapes and the event-stream reader are the core's.

mod builder;
mod card;
mod client;
mod discover;
mod params;
mod push;
mod results;
mod resume;
mod stream;

pub use builder::{A2AClientBuilder, A2AOnly};
pub use card::{AgentCapabilities, AgentCard, AgentInterface, AgentProvider, AgentSkill};
pub use client::A2AClient;
pub use params::ListTasksParams;
pub use push::{PushAuthentication, PushNotificationConfig, PushNotificationConfigList, TaskPushNotificationConfig};
pub use results::{A2AStreamEvent, ListTasksResult, SendResult, TaskArtifactUpdateEvent, TaskStatusUpdateEvent};
