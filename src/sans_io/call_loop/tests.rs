//! The call loop over the scripted platform: every policy it applies, on a fake clock.

use super::*;
use crate::sans_io::call::Call;
use crate::sans_io::fake_platform::{Fake, FakeAuth, Reply, block_on, rpc_error, search_result, task_in};
use crate::sans_io::pacing::{Pacer, Pool, Rate};
use crate::sans_io::skills::{Skill, SkillInput};
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::vec;
use serde_json::{Value, json};

fn search() -> Call {
    Call::Skill { skill: Skill::DocumentSearch, input: SkillInput::Text("grace".to_owned()), context_id: None }
}

fn get_task() -> Call {
    Call::GetTask("t-1".to_owned())
}

fn run_on(fake: &Fake, call: &Call) -> Result<Outcome<Value>, CallError<Value>> {
    block_on(run(fake, call)).map_err(|failed| failed.error)
}

fn code(result: Result<Outcome<Value>, CallError<Value>>) -> ErrorCode {
    result.err().map(|e| e.code).expect("the call fails")
}

#[test]
fn a_success_is_one_request_with_the_token() {
    let fake = Fake::new(vec![Reply::Rpc(200, search_result())]);
    assert!(matches!(run_on(&fake, &search()), Ok(Outcome::Hits(hits)) if hits.len() == 1));
    let sent = fake.sent.borrow();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].token.as_deref(), Some("fixed-token"));
    assert_eq!(sent[0].body["params"]["message"]["metadata"]["skillId"], "document_search");
    assert!(fake.sleeps.borrow().is_empty());
}

#[test]
fn a_rate_limit_waits_its_retry_after_then_retries_the_same_message() {
    let limited = rpc_error(-32003, "Rate limit exceeded", json!({"retryAfter": 2}));
    let fake = Fake::new(vec![Reply::Rpc(429, limited), Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok());
    let sleeps = fake.sleeps.borrow();
    assert_eq!(sleeps.len(), 1);
    assert!((2_000.0..=2_250.0).contains(&sleeps[0]), "{sleeps:?}");
    let sent = fake.sent.borrow();
    assert_eq!(sent.len(), 2);
    assert!(sent[1].at_ms - sent[0].at_ms >= 2_000.0);
    let message_id = |i: usize| sent[i].body["params"]["message"]["messageId"].clone();
    assert_eq!(message_id(0), message_id(1), "a retry repeats the same message");
    assert_ne!(sent[0].body["id"], sent[1].body["id"], "with a new request id");
}

#[test]
fn a_rate_limit_longer_than_max_retry_wait_gives_up_at_once() {
    let limited = rpc_error(-32003, "Rate limit exceeded", json!({"retryAfter": 60}));
    let fake = Fake::new(vec![Reply::Rpc(429, limited)]);
    let e = run_on(&fake, &search()).unwrap_err();
    assert_eq!((e.code, e.retry_after, e.http_status), (ErrorCode::RateLimited, Some(60.0), Some(429)));
    assert_eq!(fake.sent.borrow().len(), 1);
}

#[test]
fn message_send_is_repeated_only_after_a_503() {
    let fake = Fake::new(vec![Reply::Status(502, None)]);
    assert_eq!(code(run_on(&fake, &search())), ErrorCode::BadResponse);
    assert_eq!(fake.sent.borrow().len(), 1, "a 502 may mean the skill ran");
    let fake = Fake::new(vec![Reply::Network]);
    assert_eq!(code(run_on(&fake, &search())), ErrorCode::Network);
    assert_eq!(fake.sent.borrow().len(), 1, "a lost response may mean the skill ran");
    let fake = Fake::new(vec![Reply::Status(503, None), Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok(), "503: the server refused it unprocessed");
    assert_eq!(fake.sent.borrow().len(), 2);
}

#[test]
fn safe_methods_back_off_on_transient_failures() {
    let fake = Fake::new(vec![Reply::Network, Reply::Status(502, None), Reply::Rpc(200, task_in("completed"))]);
    assert!(matches!(run_on(&fake, &get_task()), Ok(Outcome::Task(_))));
    let sleeps = fake.sleeps.borrow().clone();
    assert_eq!(sleeps.len(), 2);
    assert!(sleeps[1] > sleeps[0], "the backoff grows: {sleeps:?}");
    let fake = Fake::new(vec![Reply::Network, Reply::Network, Reply::Network]);
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::Network);
    assert_eq!(fake.sent.borrow().len(), 3, "the first try and maxRetries");
}

#[test]
fn unauthorized_asks_the_provider_again_once() {
    let unauthorized = || Reply::Rpc(401, rpc_error(-32004, "Unauthorized", Value::Null));
    let mut fake = Fake::new(vec![unauthorized(), Reply::Rpc(200, search_result())]);
    fake.auth = Fake::provider(&[Some("stale"), Some("fresh")]);
    assert!(run_on(&fake, &search()).is_ok());
    assert_eq!(fake.sent_tokens(), [Some("stale".to_owned()), Some("fresh".to_owned())]);
    assert_eq!(
        *fake.refused.borrow(),
        [None, Some("stale".to_owned())],
        "the provider is told which token was refused"
    );
    assert!(fake.sleeps.borrow().is_empty(), "the refresh is at once");

    let mut fake = Fake::new(vec![unauthorized(), unauthorized()]);
    fake.auth = Fake::provider(&[Some("stale"), Some("also-stale")]);
    assert_eq!(code(run_on(&fake, &search())), ErrorCode::Unauthorized);
    assert_eq!(fake.sent.borrow().len(), 2, "one refresh only");

    let fake = Fake::new(vec![unauthorized()]);
    assert_eq!(code(run_on(&fake, &search())), ErrorCode::Unauthorized);
    assert_eq!((fake.sent.borrow().len(), fake.token_asks.get()), (1, 1), "a fixed token is not asked again");
}

#[test]
fn a_failing_provider_is_unauthorized_with_its_cause() {
    let mut fake = Fake::new(vec![]);
    fake.auth = Fake::provider(&[None, None]);
    let failed = block_on(run(&fake, &search())).expect_err("fails");
    assert_eq!(
        (failed.error.code, failed.error.cause.clone()),
        (ErrorCode::Unauthorized, Some(json!("provider broke")))
    );
    assert_eq!((fake.token_asks.get(), fake.sent.borrow().len()), (2, 0));
    assert!(failed.token.is_none());
}

#[test]
fn the_failed_call_carries_its_token_for_redaction() {
    let fake = Fake::new(vec![Reply::Rpc(200, rpc_error(-32001, "Task not found", Value::Null))]);
    let failed = block_on(run(&fake, &get_task())).expect_err("fails");
    assert_eq!((failed.error.code, failed.token.as_deref()), (ErrorCode::TaskNotFound, Some("fixed-token")));
    let mut fake = Fake::new(vec![Reply::Rpc(200, task_in("completed"))]);
    fake.auth = FakeAuth::None;
    assert!(run_on(&fake, &get_task()).is_ok());
    assert_eq!(fake.sent_tokens(), [None]);
}

fn paced(rate: &str) -> Fake {
    let fake = Fake::new(vec![]);
    *fake.pacer.borrow_mut() = Pacer::new(Some(Rate::parse::<()>(rate).unwrap()), None);
    fake
}

#[test]
fn calls_wait_for_their_pacing_slot() {
    let fake = paced("1/min");
    fake.deadline.set(1_000_000.0);
    fake.then(vec![Reply::Rpc(200, search_result()), Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok());
    assert!(run_on(&fake, &search()).is_ok());
    assert_eq!(*fake.sleeps.borrow(), [60_090.0]);
    let sent = fake.sent.borrow();
    assert!(sent[1].at_ms - sent[0].at_ms >= 60_000.0);
    let next = fake.pacer.borrow_mut().reserve(Pool::Default, fake.now.get()).map(|slot| slot.at_ms());
    assert_eq!(next, Some(sent[1].at_ms + 60_100.0), "the call that waited for its slot kept it");
    drop(sent);
    fake.then(vec![Reply::Rpc(200, task_in("completed"))]);
    assert!(run_on(&fake, &get_task()).is_ok());
    assert_eq!(fake.sleeps.borrow().len(), 1, "task methods are not paced");
}

#[test]
fn a_slot_past_the_deadline_is_a_client_side_rate_limit_and_is_given_back() {
    let fake = paced("1/min");
    fake.then(vec![Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok());
    let e = run_on(&fake, &search()).unwrap_err();
    assert_eq!((e.code, e.http_status, e.retry_after), (ErrorCode::RateLimited, None, Some(61.0)));
    assert_eq!(fake.sent.borrow().len(), 1, "nothing was sent");
    let next = fake.pacer.borrow_mut().reserve(Pool::Default, fake.now.get()).map(|slot| slot.at_ms());
    assert_eq!(next, Some(61_100.0), "the refused call's slot went back to the pacer");
}

#[test]
fn a_call_aborted_while_queued_gives_its_slot_back() {
    let fake = paced("1/min");
    fake.deadline.set(1_000_000.0);
    fake.then(vec![Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok());
    fake.abort_in_sleep.set(true);
    assert_eq!(code(run_on(&fake, &search())), ErrorCode::Aborted);
    let next = fake.pacer.borrow_mut().reserve(Pool::Default, fake.now.get()).map(|slot| slot.at_ms());
    assert_eq!(next, Some(61_100.0));
}

#[test]
fn a_call_dropped_while_queued_gives_its_slot_back() {
    let fake = paced("1/min");
    fake.deadline.set(1_000_000.0);
    fake.then(vec![Reply::Rpc(200, search_result())]);
    assert!(run_on(&fake, &search()).is_ok());
    fake.pend_in_sleep.set(true);
    let call = search();
    let mut queued = Box::pin(run(&fake, &call));
    let waker = core::task::Waker::noop();
    assert!(queued.as_mut().poll(&mut core::task::Context::from_waker(waker)).is_pending());
    drop(queued);
    let next = fake.pacer.borrow_mut().reserve(Pool::Default, fake.now.get()).map(|slot| slot.at_ms());
    assert_eq!(next, Some(61_100.0), "the dropped call's slot, not the one after it");
}

#[test]
fn a_retry_that_would_end_past_the_deadline_is_not_tried() {
    let fake = Fake::new(vec![Reply::Network]);
    fake.deadline.set(fake.now.get() + 100.0);
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::Network);
    assert!(fake.sleeps.borrow().is_empty());
}

#[test]
fn a_call_that_reaches_its_deadline_times_out() {
    let fake = Fake::new(vec![Reply::Hang]);
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::Timeout);
    assert_eq!(fake.sent.borrow().len(), 1, "no retry once the call is over");
}

#[test]
fn an_abort_during_a_retry_sleep_ends_the_call() {
    let fake = Fake::new(vec![Reply::Network]);
    fake.abort_in_sleep.set(true);
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::Aborted);
    assert_eq!(fake.sent.borrow().len(), 1);
}

/// A fake A2A agent that offered 1.0 at "v1" and 0.3 at "v03", the choice left open, answering `script`.
fn open_choice(script: Vec<Reply>) -> Fake {
    let fake = Fake::new(script);
    let other = Some(("v03", crate::sans_io::card::ProtocolVersion::V0_3));
    *fake.route.borrow_mut() =
        Some(crate::sans_io::agent_route::Route::new("v1", crate::sans_io::card::ProtocolVersion::V1_0, other));
    fake
}

fn refused_version() -> Value {
    rpc_error(-32009, "Version not supported", json!(null))
}

#[test]
fn a_refused_version_is_sent_again_at_once_in_the_other_and_the_client_stays_there() {
    let fake = open_choice(vec![Reply::Rpc(200, refused_version()), Reply::Rpc(200, task_in("completed"))]);
    assert!(run_on(&fake, &get_task()).is_ok());
    let endpoints: Vec<&str> = fake.sent.borrow().iter().map(|s| s.endpoint).collect();
    assert_eq!(endpoints, ["v1", "v03"]);
    assert!(fake.sleeps.borrow().is_empty(), "sent again at once");
    fake.then(vec![Reply::Rpc(200, refused_version())]);
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::VersionNotSupported, "nothing left to try");
    assert_eq!(fake.sent.borrow().last().map(|s| s.endpoint), Some("v03"));
}

#[test]
fn the_resend_after_a_refused_version_counts_against_max_retries() {
    let mut fake = open_choice(vec![Reply::Rpc(200, refused_version())]);
    fake.policy.max_retries = 0;
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::VersionNotSupported);
    assert_eq!(fake.sent.borrow().len(), 1, "no retry left: not sent again");
    assert_eq!(fake.route.borrow().as_ref().map(|r| *r.endpoint()), Some("v03"), "the client still moved");
    let mut fake = open_choice(vec![Reply::Rpc(200, refused_version()), Reply::Network]);
    fake.policy.max_retries = 1;
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::Network, "the resend used the one retry");
    assert_eq!(fake.sent.borrow().len(), 2);
}

#[test]
fn calls_in_flight_when_the_version_is_refused_each_move() {
    let fake = open_choice(vec![]);
    // Both calls are sent on the first route before either answer is read.
    let (a, b) = (fake.route_ticket(), fake.route_ticket());
    assert!(fake.version_refused(a));
    assert!(fake.version_refused(b), "the second call follows the move");
    let fake = open_choice(vec![Reply::Rpc(200, refused_version())]);
    *fake.route.borrow_mut() =
        Some(crate::sans_io::agent_route::Route::new("v1", crate::sans_io::card::ProtocolVersion::V1_0, None));
    assert_eq!(code(run_on(&fake, &get_task())), ErrorCode::VersionNotSupported, "no choice left open: final");
    assert_eq!(fake.sent.borrow().len(), 1);
}

#[test]
fn magisterium_never_resends_on_a_32009() {
    let fake = Fake::new(vec![Reply::Rpc(200, refused_version())]);
    assert!(run_on(&fake, &search()).is_err());
    assert_eq!(fake.sent.borrow().len(), 1);
}

#[test]
fn task_not_found_names_the_task_the_call_asked_for() {
    let fake = Fake::new(vec![Reply::Rpc(200, rpc_error(-32001, "Task not found", Value::Null))]);
    let e = run_on(&fake, &get_task()).unwrap_err();
    assert_eq!((e.code, e.message.as_str()), (ErrorCode::TaskNotFound, "Task not found (task \"t-1\")"));
    assert_eq!(e.task_id.as_deref(), Some("t-1"));
}
