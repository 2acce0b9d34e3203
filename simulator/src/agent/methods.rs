//! The agent's JSON-RPC methods (A2A 1.0): `SendMessage`, `SendStreamingMessage`, `GetTask`,
//! `CancelTask`, `ListTasks` and `SubscribeToTask`; push notifications and the extended card
//! answer their A2A errors.

use serde_json::{Map, Value, json};

use super::errors::{
    EXTENDED_CARD_NOT_CONFIGURED, PUSH_NOTIFICATION_NOT_SUPPORTED, TASK_NOT_CANCELABLE, TASK_NOT_FOUND,
    UNSUPPORTED_OPERATION, a2a_error,
};
use super::params::{self, flag, optional_count, optional_string, string};
use super::skills::{SkillAnswer, answer, chosen};
use super::store::Store;
use super::task::{NotCancelable, Record, View};
use crate::ids::uuid;
use crate::rpc::{METHOD_NOT_FOUND, RpcError};

/// What a method answers: one result, or a stream of results, each with the milliseconds to
/// wait before it.
#[derive(Debug)]
pub(super) enum MethodAnswer {
    /// One JSON-RPC result.
    Result(Value),
    /// The results of an event stream.
    Stream(Vec<(u64, Value)>),
}

/// Every task state of A2A 1.0 but `TASK_STATE_UNSPECIFIED`: a `ListTasks` filter may name
/// any, including those this agent's tasks never reach (it then matches none).
const A2A_STATES: [&str; 8] = [
    "TASK_STATE_SUBMITTED",
    "TASK_STATE_WORKING",
    "TASK_STATE_COMPLETED",
    "TASK_STATE_FAILED",
    "TASK_STATE_CANCELED",
    "TASK_STATE_INPUT_REQUIRED",
    "TASK_STATE_REJECTED",
    "TASK_STATE_AUTH_REQUIRED",
];

/// The page size of `ListTasks` by default, and at most.
const PAGE_SIZE: (usize, usize) = (50, 100);

/// Runs `method` with `params` at `now_ms`.
pub(super) fn call(
    store: &mut Store,
    method: &str,
    params: Option<&Value>,
    now_ms: u64,
) -> Result<MethodAnswer, RpcError> {
    let params = params::object(params)?;
    match method {
        "SendMessage" => send(store, &params, now_ms, false),
        "SendStreamingMessage" => send(store, &params, now_ms, true),
        "GetTask" => {
            let view = View { history_length: optional_count(&params, "historyLength", 0)?, artifacts: true };
            Ok(MethodAnswer::Result(task(store, &params)?.to_json(now_ms, view)))
        }
        "CancelTask" => cancel(store, &params, now_ms),
        "ListTasks" => list(store, &params, now_ms).map(MethodAnswer::Result),
        "SubscribeToTask" => subscribe(task(store, &params)?, now_ms),
        "CreateTaskPushNotificationConfig"
        | "GetTaskPushNotificationConfig"
        | "ListTaskPushNotificationConfig"
        | "ListTaskPushNotificationConfigs"
        | "DeleteTaskPushNotificationConfig" => {
            Err(a2a_error(PUSH_NOTIFICATION_NOT_SUPPORTED, "this agent sends no push notifications"))
        }
        "GetExtendedAgentCard" => Err(a2a_error(EXTENDED_CARD_NOT_CONFIGURED, "this agent has no extended card")),
        other => Err(RpcError::detailed(METHOD_NOT_FOUND, format!("no method `{other}` here (A2A 1.0 names)"))),
    }
}

fn not_found(id: &str) -> RpcError {
    a2a_error(TASK_NOT_FOUND, format!("no task `{id}` here (never created, or forgotten)"))
}

/// The task `params.id`.
fn task<'a>(store: &'a Store, params: &Map<String, Value>) -> Result<&'a Record, RpcError> {
    let id = string(params, "id")?;
    store.get(id).ok_or_else(|| not_found(id))
}

/// `SendMessage` (`streaming`: `SendStreamingMessage`): the skill's task or message.
fn send(
    store: &mut Store,
    params: &Map<String, Value>,
    now_ms: u64,
    streaming: bool,
) -> Result<MethodAnswer, RpcError> {
    let message = params::user_message(params)?;
    if let Some(id) = optional_string(&message.value, "taskId")? {
        let record = store.get(id).ok_or_else(|| not_found(id))?;
        let state = record.state(now_ms).wire();
        return Err(a2a_error(UNSUPPORTED_OPERATION, format!("task `{id}` ({state}) takes no further messages")));
    }
    let configuration = match params.get("configuration") {
        Some(Value::Object(configuration)) => configuration.clone(),
        None | Some(Value::Null) => Map::new(),
        Some(_) => return Err(RpcError::invalid_params("`configuration` must be an object")),
    };
    let paced = streaming || flag(&configuration, "returnImmediately")?;
    let view = View { history_length: optional_count(&configuration, "historyLength", 0)?, artifacts: true };
    let context_id = optional_string(&message.value, "contextId")?.map_or_else(uuid, str::to_string);
    let skill = chosen(&Value::Object(message.value.clone()), &message.parts);
    let answered = answer(skill, &message.parts, now_ms, paced).map_err(RpcError::invalid_params)?;
    match answered {
        SkillAnswer::Message(parts) => {
            let reply = json!({ "messageId": uuid(), "contextId": context_id, "role": "ROLE_AGENT", "parts": parts });
            let result = json!({ "message": reply });
            Ok(if streaming { MethodAnswer::Stream(vec![(0, result)]) } else { MethodAnswer::Result(result) })
        }
        SkillAnswer::Task(steps) => {
            let id = uuid();
            let mut received = message.value;
            received.insert("taskId".into(), id.clone().into());
            received.insert("contextId".into(), context_id.clone().into());
            let record = Record::new(id, context_id, now_ms, Value::Object(received), steps);
            let outcome = if streaming {
                MethodAnswer::Stream(record.stream(now_ms, true))
            } else {
                MethodAnswer::Result(json!({ "task": record.to_json(now_ms, view) }))
            };
            store.insert(record);
            Ok(outcome)
        }
    }
}

/// `CancelTask`: the task, canceled; an ended one is TASK_NOT_CANCELABLE.
fn cancel(store: &mut Store, params: &Map<String, Value>, now_ms: u64) -> Result<MethodAnswer, RpcError> {
    let id = string(params, "id")?;
    let record = store.get_mut(id).ok_or_else(|| not_found(id))?;
    match record.cancel(now_ms) {
        Ok(()) => Ok(MethodAnswer::Result(record.to_json(now_ms, View::FULL))),
        Err(NotCancelable(state)) => {
            Err(a2a_error(TASK_NOT_CANCELABLE, format!("task `{id}` has already ended ({})", state.wire())))
        }
    }
}

/// `SubscribeToTask`: the task now, then its changes to come; an ended one is UNSUPPORTED_OPERATION.
fn subscribe(record: &Record, now_ms: u64) -> Result<MethodAnswer, RpcError> {
    let state = record.state(now_ms);
    if state.is_terminal() {
        let detail = format!("task `{}` has already ended ({}): nothing to follow", record.id, state.wire());
        return Err(a2a_error(UNSUPPORTED_OPERATION, detail));
    }
    Ok(MethodAnswer::Stream(record.stream(now_ms, false)))
}

/// `ListTasks`: the tasks newest first, filtered by `contextId` and `status`, a page of
/// `pageSize` at a time; `pageToken` is the creation number of the last task of the page before.
fn list(store: &Store, params: &Map<String, Value>, now_ms: u64) -> Result<Value, RpcError> {
    if params.contains_key("statusTimestampAfter") {
        return Err(RpcError::invalid_params("`statusTimestampAfter` is not supported by this agent"));
    }
    let context_id = optional_string(params, "contextId")?;
    let status = optional_string(params, "status")?;
    if status.is_some_and(|wire| !A2A_STATES.contains(&wire)) {
        return Err(RpcError::invalid_params("`status` must be an A2A 1.0 task state (TASK_STATE_WORKING, …)"));
    }
    let page_size = optional_count(params, "pageSize", 1)?.unwrap_or(PAGE_SIZE.0).min(PAGE_SIZE.1);
    let after = match optional_string(params, "pageToken")? {
        None => None,
        Some(token) => {
            Some(token.parse::<u64>().map_err(|_| RpcError::invalid_params("`pageToken` is not one this agent gave"))?)
        }
    };
    let view = View {
        history_length: optional_count(params, "historyLength", 0)?,
        artifacts: flag(params, "includeArtifacts")?,
    };
    let matching: Vec<(u64, &Record)> = store
        .newest_first()
        .filter(|(_, record)| context_id.is_none_or(|c| record.context_id == c))
        .filter(|(_, record)| status.is_none_or(|s| record.state(now_ms).wire() == s))
        .collect();
    let page: Vec<&(u64, &Record)> =
        matching.iter().filter(|(number, _)| after.is_none_or(|after| *number < after)).take(page_size + 1).collect();
    let next_page_token = match page.get(page_size) {
        Some(_) => page[page_size - 1].0.to_string(),
        None => String::new(),
    };
    let tasks: Vec<Value> = page.iter().take(page_size).map(|(_, record)| record.to_json(now_ms, view)).collect();
    Ok(json!({ "tasks": tasks, "nextPageToken": next_page_token, "pageSize": page_size, "totalSize": matching.len() }))
}
