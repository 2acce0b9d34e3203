//! What the methods of both clients ([`Client`](super::Client) and
//! [`A2AClient`](super::A2AClient)) share: a call run through the core's call
//! loop (or its polls) on the client's state, its arguments checked, its
//! outcome typed.

use super::a2a::{SendMessageParams, Task};
use super::call::{CallContext, ClientState};
use super::credential::Shared;
use super::error::Error;
use super::options::{WaitOptions, limit_ms};
use super::trace;
use crate::sans_io::call::{Call, Outcome, SendMode};
use crate::sans_io::call_loop;
use crate::sans_io::error::CallError;
use crate::sans_io::methods;
use crate::sans_io::{poll, validate};
use serde_json::Value;
use std::time::Duration;

/// Runs `call` of the client `shared` through the core's call loop within `timeout_ms`.
pub(crate) async fn run(shared: &Shared<ClientState>, call: &Call, timeout_ms: u32) -> Result<Outcome<Value>, Error> {
    run_in(CallContext::start(shared, timeout_ms)?, call).await
}

/// Runs `call` through the core's call loop in `context`.
pub(crate) async fn run_in(context: CallContext, call: &Call) -> Result<Outcome<Value>, Error> {
    let work = async { call_loop::run(&context, call).await.map_err(|failed| context.error(failed)) };
    trace::call(call.method().name(), work).await
}

/// Polls `tasks/get` of the client `shared` until the task `id` settles (the core's [`poll::wait_for_task`]).
pub(crate) async fn wait_for_task(shared: &Shared<ClientState>, id: &str, options: WaitOptions) -> Result<Task, Error> {
    let id = validate::required_text("id", Some(id.to_owned())).map_err(Error::plain)?;
    let first = timeout_ms(".poll_interval()", options.poll_interval)?.map_or(poll::DEFAULT_INTERVAL_MS, f64::from);
    let limit = timeout_ms(".timeout()", options.timeout)?.unwrap_or(poll::WAIT_TIMEOUT_MS);
    let context = CallContext::start(shared, limit)?;
    let work = async { poll::wait_for_task(&context, id, first).await.map_err(|failed| context.error(failed)) };
    typed_task(trace::call("wait_for_task", work).await?)
}

/// The call of a message sent in `mode`, its arguments checked.
pub(crate) fn send_call(message: SendMessageParams, mode: SendMode) -> Result<Call, Error> {
    let parts = serde_json::to_value(&message.parts)
        .map_err(|_| Error::plain(CallError::invalid_input("parts must serialize to JSON")))?;
    let SendMessageParams { skill_id, context_id, task_id, .. } = message;
    methods::send_message(parts.to_string(), &parts, skill_id, context_id, task_id, mode).map_err(Error::plain)
}

/// A checked time limit in milliseconds, if any, named `what` in a refusal ([`limit_ms`]).
pub(crate) fn timeout_ms(what: &str, limit: Option<Duration>) -> Result<Option<u32>, Error> {
    limit.map(|limit| limit_ms(what, limit)).transpose()
}

/// The task of a task method's outcome, typed.
pub(crate) fn typed_task(task: Value) -> Result<Task, Error> {
    Task::try_from(task).map_err(|why| Error::plain(CallError::bad_response(why)))
}

/// The core answered a call with another method's outcome (it never does).
pub(crate) fn mismatch() -> Error {
    Error::plain(CallError::bad_response("the decoded outcome does not fit the method"))
}
