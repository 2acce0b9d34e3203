//! The JSON-RPC methods: `message/send`, `tasks/get` and `tasks/cancel`, with their params checks.

use serde_json::{Map, Value, json};

use crate::auth::TokenInfo;
use crate::dates::{Date, rfc3339};
use crate::ids::uuid;
use crate::model::{AgentMessage, HistoryEntry, Task, TaskState, TaskStatus};
use crate::rate::Pool;
use crate::rpc::{INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, SKILL_NOT_FOUND, TASK_NOT_FOUND};
use crate::skills::{Input, Skill, SkillOutcome};
use crate::state::{State, lock};
use crate::tasks::CancelError;

/// The skill used when `metadata.skillId` is absent.
const DEFAULT_SKILL: &str = "catholic_qa";

/// Who is calling: the authenticated token and what the registry knows of it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Caller<'a> {
    pub(crate) token: &'a str,
    pub(crate) info: TokenInfo,
}

/// Runs `method` (after authentication) and returns the task it produced or found.
/// `working` is the `working` fault: `message/send` then stores and returns a non-terminal task.
pub(crate) fn call(
    state: &State,
    method: &str,
    params: Option<Value>,
    caller: Caller<'_>,
    working: bool,
) -> Result<Value, RpcError> {
    let task = match method {
        "message/send" => message_send(state, params, caller, working)?,
        "tasks/get" => tasks_get(state, params)?,
        "tasks/cancel" => tasks_cancel(state, params)?,
        other => {
            return Err(RpcError::detailed(METHOD_NOT_FOUND, format!("unknown method {other:?}")));
        }
    };
    serde_json::to_value(task).map_err(|e| RpcError::detailed(INTERNAL_ERROR, e.to_string()))
}

/// A checked `message/send` request.
#[derive(Debug)]
struct SendRequest {
    message: Map<String, Value>,
    parts: Vec<Value>,
    skill_id: String,
    context_id: Option<String>,
}

fn non_empty_str(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|s| !s.is_empty())
}

fn check_part(index: usize, part: &Value) -> Result<bool, RpcError> {
    let field = |name: &str| part.get(name);
    let bad = |what: &str| Err(RpcError::invalid_params(format!("message.parts[{index}] {what}")));
    match field("kind").and_then(Value::as_str) {
        Some("text") if field("text").is_some_and(Value::is_string) => Ok(true),
        Some("text") => bad("is a text part without a string `text`"),
        Some("data") if field("data").is_some_and(Value::is_object) => Ok(true),
        Some("data") => bad("is a data part without an object `data`"),
        Some("file") if field("file").is_some_and(Value::is_object) => Ok(false),
        Some("file") => bad("is a file part without an object `file`"),
        _ => bad("must have `kind` \"text\", \"data\" or \"file\""),
    }
}

fn check_send(params: Option<Value>) -> Result<SendRequest, RpcError> {
    let invalid = |detail: &str| Err(RpcError::invalid_params(detail));
    let Some(Value::Object(mut params)) = params else {
        return invalid("params must be an object with a `message`");
    };
    let Some(Value::Object(message)) = params.remove("message") else {
        return invalid("params.message must be an object");
    };
    if message.get("role").and_then(Value::as_str) != Some("user") {
        return invalid("message.role must be \"user\"");
    }
    if message.get("kind").and_then(Value::as_str) != Some("message") {
        return invalid("message.kind must be \"message\"");
    }
    if non_empty_str(message.get("messageId")).is_none() {
        return invalid("message.messageId must be a non-empty string");
    }
    let parts = match message.get("parts") {
        Some(Value::Array(parts)) if !parts.is_empty() => parts.clone(),
        _ => return invalid("message.parts must be a non-empty array"),
    };
    let mut usable = false;
    for (index, part) in parts.iter().enumerate() {
        usable |= check_part(index, part)?;
    }
    if !usable {
        return invalid("message.parts needs at least one text or data part");
    }
    let context_id = match message.get("contextId") {
        None => None,
        Some(Value::String(id)) if !id.is_empty() => Some(id.clone()),
        Some(_) => return invalid("message.contextId must be a non-empty string"),
    };
    let skill_id = match message.get("metadata") {
        None => DEFAULT_SKILL.to_string(),
        Some(Value::Object(metadata)) => match metadata.get("skillId") {
            None => DEFAULT_SKILL.to_string(),
            Some(Value::String(id)) if !id.is_empty() => id.clone(),
            Some(_) => return invalid("message.metadata.skillId must be a non-empty string"),
        },
        Some(_) => return invalid("message.metadata must be an object"),
    };
    Ok(SendRequest { message, parts, skill_id, context_id })
}

fn message_send(state: &State, params: Option<Value>, caller: Caller<'_>, working: bool) -> Result<Task, RpcError> {
    let request = check_send(params)?;
    let skill = Skill::from_id(&request.skill_id);
    let pool = skill.map_or(Pool::Default, Skill::pool);
    let now = state.clock.now();
    lock(&state.rates).check(caller.token, pool, caller.info.limit(pool), now).map_err(RpcError::rate_limited)?;
    let skill =
        skill.ok_or_else(|| RpcError::detailed(SKILL_NOT_FOUND, format!("unknown skillId {:?}", request.skill_id)))?;

    let task_id = uuid();
    let context_id = request.context_id.unwrap_or_else(uuid);
    let mut user_message = request.message;
    user_message.insert("contextId".into(), json!(context_id));
    user_message.insert("taskId".into(), json!(task_id));
    let mut history = vec![HistoryEntry::User(Value::Object(user_message))];
    let timestamp = rfc3339(now);
    let (status, artifacts) = if working {
        let status = TaskStatus { state: TaskState::Working, timestamp, message: None };
        (status, Vec::new())
    } else {
        let input = Input { parts: &request.parts, today: Date::from_system_time(now) };
        match skill.run(&input) {
            SkillOutcome::Completed { artifact, reply } => {
                history.push(HistoryEntry::Agent(AgentMessage::new(reply, &context_id, &task_id)));
                let status = TaskStatus { state: TaskState::Completed, timestamp, message: None };
                (status, vec![artifact])
            }
            SkillOutcome::Failed(reason) => {
                let message = AgentMessage::new(reason, &context_id, &task_id);
                history.push(HistoryEntry::Agent(message.clone()));
                let status = TaskStatus { state: TaskState::Failed, timestamp, message: Some(message) };
                (status, Vec::new())
            }
        }
    };
    let task = Task::new(task_id, context_id, status, artifacts, history);
    lock(&state.tasks).insert(task.clone(), now);
    Ok(task)
}

fn task_id_param(params: Option<Value>) -> Result<String, RpcError> {
    match params {
        Some(Value::Object(mut params)) => match params.remove("id") {
            Some(Value::String(id)) => Ok(id),
            _ => Err(RpcError::invalid_params("params.id must be a string")),
        },
        _ => Err(RpcError::invalid_params("params must be an object with an `id`")),
    }
}

fn not_found(id: &str) -> RpcError {
    RpcError::detailed(TASK_NOT_FOUND, format!("no task {id:?} (unknown or expired)"))
}

fn tasks_get(state: &State, params: Option<Value>) -> Result<Task, RpcError> {
    let id = task_id_param(params)?;
    lock(&state.tasks).get(&id, state.clock.now()).ok_or_else(|| not_found(&id))
}

fn tasks_cancel(state: &State, params: Option<Value>) -> Result<Task, RpcError> {
    let id = task_id_param(params)?;
    let now = state.clock.now();
    lock(&state.tasks).cancel(&id, now, rfc3339(now)).map_err(|e| match e {
        CancelError::NotFound => not_found(&id),
        CancelError::Terminal(task_state) => RpcError {
            message: "Invalid state transition".into(),
            ..RpcError::new(
                INVALID_PARAMS,
                Some(json!({ "detail": "the task is already terminal", "state": task_state })),
            )
        },
    })
}
