//! One client call from request body to decoded outcome, in pure Rust: the
//! browser layer only moves bytes and converts the outcome to JS.

use super::error::{CallError, Dialect};
use super::json::{JsonView, Kind};
use super::pacing::Pool;
#[cfg(feature = "skills")]
use super::skills::{self, MagisteriumDocument, QaAnswer, SearchResult, Skill, SkillInput};
use super::task::{read_event, read_message, read_task};
use super::wire::{self, HttpReply, MessageMeta, Method};
use alloc::string::String;
#[cfg(feature = "skills")]
use alloc::vec::Vec;

/// What a call asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Call {
    /// A typed skill method (`ask`, `searchDocuments`, …). Only with feature
    /// `skills` (Magisterium's typed methods and their decoders: the Rust
    /// `Client`, the npm entry `magisterium-a2a`; the `agents` entry has none).
    #[cfg(feature = "skills")]
    Skill {
        /// The skill.
        skill: Skill,
        /// Its one input part.
        input: SkillInput,
        /// A conversation to continue.
        context_id: Option<String>,
    },
    /// `sendMessage`: any skill, parts as given (a JSON array, already checked).
    Send {
        /// The serialized parts.
        parts_json: String,
        /// The `skillId`, or the server's default.
        skill_id: Option<String>,
        /// A conversation to continue.
        context_id: Option<String>,
        /// The `input-required` task this message answers.
        task_id: Option<String>,
        /// How the answer comes.
        mode: SendMode,
    },
    /// `getTask`.
    GetTask(String),
    /// `cancelTask`.
    CancelTask(String),
    /// `subscribeToTask`: `tasks/resubscribe`, the first event of its stream.
    Subscribe(String),
    /// `listTasks`: `tasks/list` with the params as given (a JSON object, serialized).
    ListTasks(String),
    /// A call whose `params` (a JSON object, serialized) the caller wrote
    /// with the core's own functions, its result as sent for the caller to
    /// read with them: the authenticated extended card ([`Method::ExtendedCard`], `{}`, read by
    /// [`super::card::read_extended_card`]) and the push-notification
    /// configs' ([`Method::PushSet`] and the next three, written and read by
    /// [`super::push_config::PushCall`]). The npm package writes and reads
    /// those in its lazily loaded part: its entry carries this alone.
    #[cfg(any(feature = "extended-card", feature = "push-configs"))]
    Other {
        /// The method.
        method: Method,
        /// Its params.
        params: String,
    },
}

/// How a `sendMessage` is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendMode {
    /// `message/send`; a generic agent is asked not to block (see [`MessageMeta::non_blocking`]).
    Reply,
    /// `message/send` that waits for the task to end: a stream of an agent that cannot stream.
    Final,
    /// `message/stream`: the first event of the stream.
    Stream,
}

/// A decoded result.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<V> {
    /// `ask`.
    #[cfg(feature = "skills")]
    Answer(QaAnswer<V>),
    /// `searchDocuments`.
    #[cfg(feature = "skills")]
    Hits(Vec<SearchResult<V>>),
    /// `fetchDocument` (`None`: not found).
    #[cfg(feature = "skills")]
    Document(Option<MagisteriumDocument<V>>),
    /// `massReadings`, `saintsOfTheDay` (`None`: nothing for that date).
    #[cfg(feature = "skills")]
    Text(Option<V>),
    /// `sendMessage`, `getTask`, `cancelTask`: the task as sent (from a
    /// generic A2A agent, `sendMessage` may answer a message instead); a
    /// stream's first event; `listTasks`' result; a [`Call::Other`]'s result.
    Task(V),
}

impl Call {
    /// The JSON-RPC method.
    pub fn method(&self) -> Method {
        match self {
            Call::Send { mode: SendMode::Stream, .. } => Method::MessageStream,
            #[cfg(feature = "skills")]
            Call::Skill { .. } => Method::MessageSend,
            Call::Send { .. } => Method::MessageSend,
            Call::GetTask(_) => Method::TasksGet,
            Call::CancelTask(_) => Method::TasksCancel,
            Call::Subscribe(_) => Method::TasksResubscribe,
            Call::ListTasks(_) => Method::TasksList,
            #[cfg(any(feature = "extended-card", feature = "push-configs"))]
            Call::Other { method, .. } => *method,
        }
    }

    /// The task the call names: `getTask`'s, `cancelTask`'s, a subscription's,
    /// or the task a message answers.
    pub fn task_id(&self) -> Option<&str> {
        match self {
            Call::GetTask(id) | Call::CancelTask(id) | Call::Subscribe(id) => Some(id),
            Call::Send { task_id, .. } => task_id.as_deref(),
            _ => None,
        }
    }

    /// The rate-limit pool the call counts in; `None` for task methods, which do not count.
    pub fn pool(&self) -> Option<Pool> {
        match self {
            #[cfg(feature = "skills")]
            Call::Skill { skill, .. } => Some(Pool::of_skill(Some(skill.id()))),
            Call::Send { skill_id, .. } => Some(Pool::of_skill(skill_id.as_deref())),
            Call::GetTask(_) | Call::CancelTask(_) | Call::Subscribe(_) | Call::ListTasks(_) => None,
            #[cfg(any(feature = "extended-card", feature = "push-configs"))]
            Call::Other { .. } => None,
        }
    }

    /// The request body; `message_id` is used by `message/send` and
    /// `message/stream` only; a [`SendMode::Reply`] in the A2A dialect asks
    /// not to block (see [`MessageMeta::non_blocking`]).
    pub fn body(&self, request_id: u64, message_id: &str, dialect: Dialect) -> String {
        let method = self.method();
        let send =
            |parts_json: &str, skill_id: Option<&str>, context_id: &Option<String>, task_id: Option<&str>, reply| {
                let non_blocking = reply && dialect == Dialect::A2a;
                let meta =
                    MessageMeta { message_id, skill_id, context_id: context_id.as_deref(), task_id, non_blocking };
                wire::message_send_body(request_id, method, &meta, parts_json)
            };
        match self {
            #[cfg(feature = "skills")]
            Call::Skill { skill, input, context_id } => {
                send(&input.parts_json(), Some(skill.id()), context_id, None, true)
            }
            Call::Send { parts_json, skill_id, context_id, task_id, mode } => {
                send(parts_json, skill_id.as_deref(), context_id, task_id.as_deref(), *mode == SendMode::Reply)
            }
            Call::GetTask(id) | Call::CancelTask(id) | Call::Subscribe(id) => wire::task_body(request_id, method, id),
            Call::ListTasks(params_json) => wire::params_body(request_id, method, params_json),
            #[cfg(any(feature = "extended-card", feature = "push-configs"))]
            Call::Other { params, .. } => wire::params_body(request_id, method, params),
        }
    }

    /// Reads the HTTP reply of this call into its typed outcome, with the
    /// server-defined error codes of `dialect`; an error carries the reply's
    /// server request id (`HttpReply::request_id`).
    pub fn outcome<V: JsonView>(
        &self,
        reply: HttpReply<V>,
        request_id: u64,
        dialect: Dialect,
    ) -> Result<Outcome<V>, CallError<V>> {
        let server_id = reply.request_id.clone();
        self.read(reply, request_id, dialect).map_err(|e| e.with_request_id(server_id))
    }

    /// [`Call::outcome`], before the error is given the server's request id.
    fn read<V: JsonView>(
        &self,
        reply: HttpReply<V>,
        request_id: u64,
        dialect: Dialect,
    ) -> Result<Outcome<V>, CallError<V>> {
        let result = wire::read_response(reply, request_id, dialect)?;
        match self {
            Call::Send { mode: SendMode::Stream, .. } | Call::Subscribe(_) => {
                return read_event(result).map(Outcome::Task);
            }
            Call::ListTasks(_) if result.get_kind("tasks", Kind::Array).is_some() => return Ok(Outcome::Task(result)),
            Call::ListTasks(_) => return Err(CallError::bad_response("the result has no `tasks` array")),
            #[cfg(any(feature = "extended-card", feature = "push-configs"))]
            Call::Other { .. } => return Ok(Outcome::Task(result)),
            _ => {}
        }
        if let (Call::Send { .. }, Dialect::A2a) = (self, dialect)
            && read_message(&result)
        {
            return Ok(Outcome::Task(result));
        }
        let task = read_task(result)?;
        // Without `skills` every call is generic: its task as sent.
        #[cfg(not(feature = "skills"))]
        return Ok(Outcome::Task(task.task));
        #[cfg(feature = "skills")]
        {
            let Call::Skill { skill, input, .. } = self else {
                return Ok(Outcome::Task(task.task));
            };
            Ok(match skill {
                Skill::CatholicQa => Outcome::Answer(skills::decode_qa(&task)?),
                Skill::DocumentSearch => Outcome::Hits(skills::decode_search(&task)?),
                Skill::DocumentFetch => {
                    let requested = match input {
                        SkillInput::Data(_, id) | SkillInput::Text(id) => id,
                    };
                    Outcome::Document(skills::decode_document(&task, requested)?)
                }
                Skill::LiturgicalReadings | Skill::SaintsOfTheDay => Outcome::Text(skills::decode_text(&task, *skill)?),
            })
        }
    }
}
