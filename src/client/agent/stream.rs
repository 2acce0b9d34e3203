//! A stream's events as a [`Stream`]: the call run by the core's call loop
//! (its first event, or an agent's one answer), then each further event of
//! the body read by [`EventBody`], read as the request's plan reads it
//! ([`Plan::read`]: over HTTP+JSON, a bare event or an `event: error` mapped
//! back; then brought to the 0.3 shape) and checked by the core as the first was. An error ends the stream; dropping it drops
//! the body, which closes the connection.

use super::results::{A2AStreamEvent, bad_response};
use crate::client::call::{CallContext, ClientState};
use crate::client::credential::Shared;
use crate::client::error::Error;
use crate::client::events::EventBody;
use crate::client::run::mismatch;
use crate::sans_io::call::{Call, Outcome};
use crate::sans_io::call_loop::{self, Failed};
use crate::sans_io::plan::Plan;
use crate::sans_io::wire;
use crate::sans_io::{poll, task};
use futures_core::Stream;
use futures_util::stream;
use serde_json::Value;

/// Where a stream stands.
enum State {
    /// Not begun: the call and the client it goes to.
    Start(Result<Call, Error>, Shared<ClientState>),
    /// Its first event read; the rest of the body to read.
    Reading(Box<Reading>),
    /// Over.
    Done,
}

/// A stream past its first event: the call, its body, the request's id and plan.
struct Reading {
    context: CallContext,
    events: EventBody,
    request_id: u64,
    plan: Plan<Value>,
    /// The response's extensions header, which each event carries.
    activated: Option<String>,
}

/// The events of `call` on the client `shared`, within `timeout_ms`; an
/// agent that does not stream (`streaming` false) answers a subscription by
/// the polls of a wait, any other call by its one answer.
pub(super) fn events(
    shared: Shared<ClientState>,
    call: Result<Call, Error>,
    timeout_ms: u32,
    streaming: bool,
) -> impl Stream<Item = Result<A2AStreamEvent, Error>> {
    stream::unfold(State::Start(call, shared), move |state| async move {
        match state {
            State::Start(call, shared) => {
                let (event, next) = first(&shared, call, timeout_ms, streaming).await;
                Some((event, next))
            }
            State::Reading(mut reading) => {
                let Reading { context, events, request_id, plan, activated } = &mut *reading;
                let request_id = *request_id;
                let (deadline, causes) = context.deadline_and_causes();
                let read = match events.next(deadline, causes).await {
                    Ok(None) => return None,
                    Ok(Some(reply)) => {
                        let dialect = context.shared().dialect();
                        plan.read(reply, activated.as_deref(), dialect, true)
                            .and_then(|reply| wire::read_response(reply, request_id, dialect))
                            .and_then(task::read_event)
                    }
                    Err(error) => Err(error),
                };
                match read {
                    Ok(event) => Some((typed(event), State::Reading(reading))),
                    Err(error) => Some((Err(reading.context.error(Failed { error, token: None })), State::Done)),
                }
            }
            State::Done => None,
        }
    })
}

/// The stream's first event (or its one answer), and what follows it.
async fn first(
    shared: &Shared<ClientState>,
    call: Result<Call, Error>,
    timeout_ms: u32,
    streaming: bool,
) -> (Result<A2AStreamEvent, Error>, State) {
    let call = match call {
        Ok(call) => call,
        Err(error) => return (Err(error), State::Done),
    };
    let context = match CallContext::start(shared, timeout_ms) {
        Ok(context) if streaming => context.streaming(),
        Ok(context) => context,
        Err(error) => return (Err(error), State::Done),
    };
    let outcome = match &call {
        Call::Subscribe(id) if !streaming => {
            poll::wait_for_task(&context, id.clone(), poll::DEFAULT_INTERVAL_MS).await.map(Outcome::Task)
        }
        call => call_loop::run(&context, call).await,
    };
    let first = match outcome {
        Ok(Outcome::Task(first)) => first,
        Ok(_) => return (Err(mismatch()), State::Done),
        Err(failed) => return (Err(context.error(failed)), State::Done),
    };
    let next = match context.take_events() {
        Some((events, request_id, plan, activated)) => {
            State::Reading(Box::new(Reading { context, events, request_id, plan, activated }))
        }
        None => State::Done,
    };
    (typed(first), next)
}

/// An event the core accepted, typed.
fn typed(event: Value) -> Result<A2AStreamEvent, Error> {
    A2AStreamEvent::try_from(event).map_err(bad_response)
}
