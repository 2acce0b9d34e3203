//! The typed async Rust client: [`Client`] and its options, results and
//! errors. Each method checks its arguments with the core's rules, runs the
//! core's call loop over this platform's transport, and types the core's
//! decoded outcome; nothing here decides protocol behaviour.

mod a2a;
mod agent;
mod builder;
mod call;
mod credential;
mod endpoint;
mod error;
mod events;
mod options;
mod rate;
mod request;
mod results;
mod run;
mod trace;

#[cfg(target_arch = "wasm32")]
mod fetch;
#[cfg(all(target_arch = "wasm32", feature = "js"))]
mod js;
#[cfg(target_arch = "wasm32")]
use fetch as transport;
#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(not(target_arch = "wasm32"))]
use native as transport;

pub use a2a::{
    Artifact, DataPart, FileContent, FilePart, Message, Part, SendMessageParams, Task, TaskState, TaskStatus, TextPart,
};
pub use agent::{
    A2AClient, A2AClientBuilder, A2AOnly, A2AStreamEvent, AgentCapabilities, AgentCard, AgentInterface, AgentProvider,
    AgentSkill, ListTasksParams, ListTasksResult, PushAuthentication, PushNotificationConfig,
    PushNotificationConfigList, SendResult, TaskArtifactUpdateEvent, TaskPushNotificationConfig, TaskStatusUpdateEvent,
};
pub use builder::{Builder, ClientBuilder, ClientOnly};
pub use credential::{Credential, TokenProvider, TokenProviderContext};
pub use error::{Cause, Error};
#[cfg(all(target_arch = "wasm32", feature = "js"))]
pub use js::ToJs;
pub use options::{AskOptions, WaitOptions};
pub use rate::Rate;
/// The reqwest the native client is built on, for [`ClientBuilder::http_client`]
/// (a program's own `reqwest::Client` must be of this version).
#[cfg(not(target_arch = "wasm32"))]
pub use reqwest;
pub use results::{Citation, DocumentYear, MagisteriumDocument, QaAnswer, SearchResult};

use crate::sans_io::call::{Call, Outcome, SendMode};
use crate::sans_io::methods::{self, DateArg};
use call::ClientState;
use credential::Shared;
use run::{mismatch, send_call, timeout_ms, typed_task, wait_for_task};
use serde_json::Value;
use std::fmt;
use std::time::Duration;

/// A client for the Magisterium A2A endpoint (or a proxy of it). Cheap to
/// clone (clones share pacing and connections); calls may overlap. Natively
/// its futures are `Send`; dropping a call's future cancels it.
#[derive(Clone)]
pub struct Client {
    shared: Shared<ClientState>,
    timeout_ms: u32,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client").field("endpoint", &self.endpoint()).field("timeout_ms", &self.timeout_ms).finish()
    }
}

impl Client {
    /// A builder of a client: its credential, endpoint, time limits, pacing
    /// ([`ClientBuilder`]).
    pub fn builder() -> ClientBuilder {
        ClientBuilder::new()
    }

    /// The endpoint the client calls, as the URL parser wrote it.
    pub fn endpoint(&self) -> &str {
        &self.shared.endpoint.url
    }

    /// The same client (same pacing, same connections) whose calls time out
    /// after `timeout` instead; INVALID_INPUT for a limit under 1 ms or over 2^31-1 ms.
    pub fn with_timeout(&self, timeout: Duration) -> Result<Client, Error> {
        let timeout_ms = options::limit_ms(".with_timeout()", timeout)?;
        Ok(Client { shared: self.shared.clone(), timeout_ms })
    }

    /// `catholic_qa`: asks a question; the answer with its citations.
    pub async fn ask(&self, question: &str) -> Result<QaAnswer, Error> {
        self.ask_with(question, AskOptions::default()).await
    }

    /// `catholic_qa` with options: a follow-up in a conversation, a time limit.
    pub async fn ask_with(&self, question: &str, options: AskOptions) -> Result<QaAnswer, Error> {
        let call = methods::ask(Some(question.to_owned()), options.context_id).map_err(Error::plain)?;
        let timeout = timeout_ms(".timeout()", options.timeout)?;
        match self.run(&call, timeout).await? {
            Outcome::Answer(answer) => Ok(answer.into()),
            _ => Err(mismatch()),
        }
    }

    /// `document_search`: the documents matching `query`, best first.
    pub async fn search_documents(&self, query: &str) -> Result<Vec<SearchResult>, Error> {
        let call = methods::search_documents(Some(query.to_owned())).map_err(Error::plain)?;
        match self.run(&call, None).await? {
            Outcome::Hits(hits) => Ok(hits.into_iter().map(SearchResult::from).collect()),
            _ => Err(mismatch()),
        }
    }

    /// `document_fetch`: the document `id` (from a [`SearchResult`]); `None` when there is none.
    pub async fn fetch_document(&self, id: &str) -> Result<Option<MagisteriumDocument>, Error> {
        let call = methods::fetch_document(Some(id.to_owned())).map_err(Error::plain)?;
        match self.run(&call, None).await? {
            Outcome::Document(document) => Ok(document.map(MagisteriumDocument::from)),
            _ => Err(mismatch()),
        }
    }

    /// `liturgical_readings`: the Mass readings of `date` (`YYYY-MM-DD`, or
    /// words like `"next Sunday"`, `"Easter Sunday 2026"`); `None` when there are none.
    pub async fn mass_readings(&self, date: &str) -> Result<Option<String>, Error> {
        let call = methods::mass_readings(DateArg::parse(Some(date.to_owned())).map_err(Error::plain)?);
        self.text(&call).await
    }

    /// `saints_of_the_day`: the Roman Martyrology entry of `date` (as for
    /// [`Client::mass_readings`]); `None` when there is none.
    pub async fn saints_of_the_day(&self, date: &str) -> Result<Option<String>, Error> {
        let call = methods::saints_of_the_day(DateArg::parse(Some(date.to_owned())).map_err(Error::plain)?);
        self.text(&call).await
    }

    /// `message/send`: runs any skill (`skill_id`, `catholic_qa` by default)
    /// with the given parts; the task as the agent sent it.
    pub async fn send_message(&self, message: SendMessageParams) -> Result<Task, Error> {
        self.task(&send_call(message, SendMode::Reply)?).await
    }

    /// `tasks/get`: the task `id`; TASK_NOT_FOUND when it is unknown or expired.
    pub async fn get_task(&self, id: &str) -> Result<Task, Error> {
        self.task(&methods::get_task(Some(id.to_owned())).map_err(Error::plain)?).await
    }

    /// `tasks/cancel`: the canceled task; INVALID_PARAMS when it has already ended.
    pub async fn cancel_task(&self, id: &str) -> Result<Task, Error> {
        self.task(&methods::cancel_task(Some(id.to_owned())).map_err(Error::plain)?).await
    }

    /// Polls `tasks/get` until the task is terminal or waits for the caller
    /// ([`TaskState::is_settled`]), with growing intervals; the task.
    pub async fn wait_for_task(&self, id: &str, options: WaitOptions) -> Result<Task, Error> {
        wait_for_task(&self.shared, id, options).await
    }

    /// Runs `call` through the core's call loop within `timeout_ms` (the client's when `None`).
    async fn run(&self, call: &Call, timeout_ms: Option<u32>) -> Result<Outcome<Value>, Error> {
        run::run(&self.shared, call, timeout_ms.unwrap_or(self.timeout_ms)).await
    }

    async fn text(&self, call: &Call) -> Result<Option<String>, Error> {
        match self.run(call, None).await? {
            Outcome::Text(text) => Ok(text.map(results::text)),
            _ => Err(mismatch()),
        }
    }

    async fn task(&self, call: &Call) -> Result<Task, Error> {
        match self.run(call, None).await? {
            Outcome::Task(task) => typed_task(task),
            _ => Err(mismatch()),
        }
    }
}

impl ClientBuilder {
    /// The client; INVALID_INPUT when an option is refused (an endpoint the
    /// WHATWG URL parser refuses, a token over plain `http:` to a remote
    /// host, a number out of range, an empty [`Rate`]).
    pub fn build(self) -> Result<Client, Error> {
        let (settings, http) = self.checked()?;
        let timeout_ms = settings.timeout_ms;
        Ok(Client { shared: Shared::new(ClientState::new(settings, http)), timeout_ms })
    }
}
