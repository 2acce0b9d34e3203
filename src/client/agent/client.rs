//! The [`A2AClient`] type and its methods (made by [`A2AClientBuilder`](crate::A2AClientBuilder)).

use super::card::AgentCard;
use super::params::ListTasksParams;
use super::results::{A2AStreamEvent, ListTasksResult, SendResult, bad_response};
use super::{resume, stream};
use crate::client::a2a::{SendMessageParams, Task};
use crate::client::call::{CallContext, ClientState};
use crate::client::credential::Shared;
use crate::client::error::Error;
use crate::client::options::WaitOptions;
use crate::client::run::{mismatch, run, run_in, send_call, typed_task, wait_for_task};
use crate::client::{trace, transport};
use crate::codes::{Binding, ProtocolVersion};
use crate::sans_io::call::{Call, Outcome, SendMode};
use crate::sans_io::card::{read_extended_card, require_extended_card};
use crate::sans_io::error::{CallError, Dialect};
use crate::sans_io::methods;
use crate::sans_io::wire::Method;
use futures_core::Stream;
use std::fmt;

/// A client for one A2A agent. Cheap to clone (clones share pacing,
/// connections and the route); calls may overlap. Natively its futures and
/// streams are `Send`; dropping a call's future cancels it, dropping a
/// stream closes its connection.
///
/// ```
/// # #[cfg(all(feature = "reqwest", not(target_arch = "wasm32")))]
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), magisterium_a2a::Error> {
/// # // Runs against a simulator when one is named (`cargo run -p magisterium-sim`).
/// # let Ok(endpoint) = std::env::var("MAGISTERIUM_ENDPOINT") else { return Ok(()) };
/// # let base = endpoint.replace("/api/v1/a2a", "/agent");
/// use futures_util::StreamExt;
/// use magisterium_a2a::{A2AClient, A2AStreamEvent, Part, SendMessageParams, SendResult, WaitOptions};
///
/// let agent = A2AClient::discover(&base).await?; // e.g. "https://agent.example"
/// let sent = agent.send_message(SendMessageParams::new(vec![Part::text("hello")]).skill_id("echo")).await?;
/// if let SendResult::Task(task) = sent {
///     let task = agent.wait_for_task(&task.id, WaitOptions::default()).await?;
///     println!("{:?} {:?}", task.status.state, task.artifacts);
/// }
/// let events = agent.send_message_stream(SendMessageParams::new(vec![Part::text("stream")]).skill_id("stream"));
/// let mut events = std::pin::pin!(events);
/// while let Some(event) = events.next().await {
///     match event? {
///         A2AStreamEvent::ArtifactUpdate(update) => println!("chunk {:?}", update.artifact.parts),
///         A2AStreamEvent::StatusUpdate(update) => println!("{:?}", update.status.state),
///         other => println!("{other:?}"),
///     }
/// }
/// # Ok(())
/// # }
/// # #[cfg(not(all(feature = "reqwest", not(target_arch = "wasm32"))))]
/// # fn main() {}
/// ```
#[derive(Clone)]
pub struct A2AClient {
    pub(super) shared: Shared<ClientState>,
    pub(super) timeout_ms: u32,
    pub(super) stream_timeout_ms: u32,
    pub(super) streaming: bool,
    pub(super) resubscribe: bool,
    pub(super) card: Option<Shared<AgentCard>>,
}

impl fmt::Debug for A2AClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("A2AClient")
            .field("endpoint", &self.endpoint())
            .field("protocol_version", &self.protocol_version())
            .field("binding", &self.binding())
            .field("dialect", &self.dialect())
            .field("tenant", &self.tenant())
            .finish()
    }
}

impl A2AClient {
    /// The endpoint calls go to now (it changes after a -32009 moved the
    /// client to the card's other version).
    pub fn endpoint(&self) -> String {
        self.shared.route().endpoint().url.clone()
    }

    /// The A2A version spoken there.
    pub fn protocol_version(&self) -> ProtocolVersion {
        self.shared.route().version()
    }

    /// The binding spoken there: the card's first 1.0 interface the client
    /// speaks, or the builder's [`binding`](crate::A2AClientBuilder::binding).
    pub fn binding(&self) -> Binding {
        self.shared.binding()
    }

    /// Whose meanings the server-defined error codes have.
    pub fn dialect(&self) -> Dialect {
        self.shared.dialect()
    }

    /// The tenant each A2A 1.0 request names (in its params; over HTTP+JSON
    /// as the path's first segment): the discovered interface's `tenant`;
    /// `None` when it has none.
    pub fn tenant(&self) -> Option<&str> {
        self.shared.tenant()
    }

    /// The agent card the client was discovered from, typed; `None` for a
    /// client built for an endpoint.
    pub fn card(&self) -> Option<&AgentCard> {
        self.card.as_deref()
    }

    /// `agent/getAuthenticatedExtendedCard` (1.0 `GetExtendedAgentCard`): the
    /// card the agent shows an authenticated caller, typed.
    /// AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED, with no request, when the
    /// discovered card does not say it has one (`capabilities.extendedAgentCard`,
    /// or 0.3's `supportsAuthenticatedExtendedCard`); a client built for an
    /// endpoint asks all the same.
    pub async fn extended_card(&self) -> Result<AgentCard, Error> {
        if let Some(card) = self.card.as_deref() {
            let sent = serde_json::to_value(card).map_err(|e| bad_response(e.to_string()))?;
            require_extended_card(&sent).map_err(Error::plain)?;
        }
        let context = CallContext::start(&self.shared, self.timeout_ms)?.unshaped();
        let call = Call::Other { method: Method::ExtendedCard, params: "{}".into() };
        match run_in(context, &call).await? {
            Outcome::Task(card) => {
                let card = read_extended_card(card).map_err(Error::plain)?;
                AgentCard::try_from(card).map_err(bad_response)
            }
            _ => Err(mismatch()),
        }
    }

    /// `message/send` (1.0 `SendMessage`): the task (in the `"a2a"` dialect
    /// asked not to block, so perhaps still `working`), or the agent's message.
    pub async fn send_message(&self, message: SendMessageParams) -> Result<SendResult, Error> {
        let call = send_call(message, SendMode::Reply)?;
        match run(&self.shared, &call, self.timeout_ms).await? {
            Outcome::Task(value) => SendResult::try_from(value).map_err(bad_response),
            _ => Err(mismatch()),
        }
    }

    /// `tasks/get` (1.0 `GetTask`): the task; TASK_NOT_FOUND when the agent has no such task.
    pub async fn get_task(&self, id: &str) -> Result<Task, Error> {
        self.task(&methods::get_task(Some(id.to_owned())).map_err(Error::plain)?).await
    }

    /// `tasks/cancel` (1.0 `CancelTask`): the canceled task;
    /// TASK_NOT_CANCELABLE (a generic agent) when it has already ended.
    pub async fn cancel_task(&self, id: &str) -> Result<Task, Error> {
        self.task(&methods::cancel_task(Some(id.to_owned())).map_err(Error::plain)?).await
    }

    /// `tasks/list` (1.0 `ListTasks`): a page of the tasks `params` selects
    /// (`ListTasksParams::default()` for the first page of all).
    pub async fn list_tasks(&self, params: ListTasksParams) -> Result<ListTasksResult, Error> {
        let params = serde_json::to_value(params)
            .map_err(|_| Error::plain(CallError::invalid_input("params must serialize to JSON")))?;
        let call = methods::list_tasks(params.to_string(), &params).map_err(Error::plain)?;
        match run(&self.shared, &call, self.timeout_ms).await? {
            Outcome::Task(value) => ListTasksResult::try_from(value).map_err(bad_response),
            _ => Err(mismatch()),
        }
    }

    /// Polls `tasks/get` until the task is terminal or waits for the caller
    /// ([`TaskState::is_settled`](crate::TaskState::is_settled)), with growing intervals; the task.
    pub async fn wait_for_task(&self, id: &str, options: WaitOptions) -> Result<Task, Error> {
        wait_for_task(&self.shared, id, options).await
    }

    /// `message/stream` (1.0 `SendStreamingMessage`): the events of the
    /// answer, in the 0.3 shape whatever the agent's version. From an agent
    /// whose card does not say it streams, one `message/send` that waits for
    /// the end, and its task or message. The stream is bounded by the
    /// builder's [`stream_timeout`](crate::A2AClientBuilder::stream_timeout), each
    /// event by [`max_response_bytes`](crate::A2AClientBuilder::max_response_bytes);
    /// an error ends it. Dropping it closes the connection (the task goes on:
    /// [`cancel_task`](Self::cancel_task) ends it).
    pub fn send_message_stream(
        &self,
        message: SendMessageParams,
    ) -> impl Stream<Item = Result<A2AStreamEvent, Error>> + use<> {
        let mode = if self.streaming { SendMode::Stream } else { SendMode::Final };
        let events =
            stream::events(self.shared.clone(), send_call(message, mode), self.stream_timeout_ms, self.streaming);
        self.resuming(Method::MessageStream, events)
    }

    /// `tasks/resubscribe` (1.0 `SubscribeToTask`): the events of a task,
    /// from its current state, as [`send_message_stream`](Self::send_message_stream)'s.
    /// From an agent that does not stream, `tasks/get` polls as
    /// [`wait_for_task`](Self::wait_for_task)'s, and the settled task.
    pub fn subscribe_to_task(&self, id: &str) -> impl Stream<Item = Result<A2AStreamEvent, Error>> + use<> {
        self.resuming(Method::TasksResubscribe, self.subscription(id.to_owned()))
    }

    /// The stream `events` of `method`, resubscribed after a drop when the
    /// builder said so, in a span of its own ([`trace::stream`]).
    fn resuming<S: Stream<Item = Result<A2AStreamEvent, Error>>>(
        &self,
        method: Method,
        events: S,
    ) -> impl Stream<Item = Result<A2AStreamEvent, Error>> + use<S> {
        let events = resume::resuming(events, self.again(), A2AClient::subscription);
        trace::stream(method.name(), transport::now_ms, events)
    }

    /// The events of `tasks/resubscribe` to the task `id`.
    fn subscription(&self, id: String) -> impl Stream<Item = Result<A2AStreamEvent, Error>> + use<> {
        let call = methods::subscribe_to_task(Some(id)).map_err(Error::plain);
        stream::events(self.shared.clone(), call, self.stream_timeout_ms, self.streaming)
    }

    /// The client that resubscribes a stream after a drop, when the builder said so.
    fn again(&self) -> Option<A2AClient> {
        self.resubscribe.then(|| self.clone())
    }

    async fn task(&self, call: &Call) -> Result<Task, Error> {
        match run(&self.shared, call, self.timeout_ms).await? {
            Outcome::Task(task) => typed_task(task),
            _ => Err(mismatch()),
        }
    }
}
