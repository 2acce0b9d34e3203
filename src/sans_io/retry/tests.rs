//! The retry policy, driven by a fake clock.

use super::*;

/// A fake clock and the attempts a call made under the policy.
struct Run {
    now_ms: f64,
    waits: Vec<f64>,
    attempts: u32,
    refreshes: u32,
}

/// Runs a call whose every attempt fails with `failures[i]` (the last one
/// repeating), sleeping on the fake clock as the policy says.
fn run(policy: RetryPolicy, method: Method, can_refresh: bool, timeout_ms: f64, failures: &[Failure]) -> Run {
    let mut run = Run { now_ms: 1_000.0, waits: Vec::new(), attempts: 0, refreshes: 0 };
    let mut retry = RetryLoop::new(policy, method, can_refresh, run.now_ms + timeout_ms);
    loop {
        let failure = failures[(run.attempts as usize).min(failures.len() - 1)];
        run.attempts += 1;
        run.now_ms += 10.0;
        match retry.after(&failure, run.now_ms, 0.999) {
            RetryDecision::GiveUp => return run,
            RetryDecision::RefreshToken | RetryDecision::Resend => run.refreshes += 1,
            RetryDecision::Wait(ms) => {
                run.waits.push(ms);
                run.now_ms += ms;
            }
        }
        assert!(run.attempts < 100, "the policy must end");
    }
}

fn failure(code: ErrorCode, http_status: Option<u16>, retry_after: Option<f64>) -> Failure {
    Failure { code, http_status, retry_after }
}

const NETWORK: Failure = Failure { code: ErrorCode::Network, http_status: None, retry_after: None };

#[test]
fn rate_limits_wait_at_least_retry_after_for_every_method() {
    let limited = failure(ErrorCode::RateLimited, Some(429), Some(3.0));
    for method in [Method::MessageSend, Method::TasksGet, Method::TasksCancel] {
        let r = run(RetryPolicy::default(), method, false, 60_000.0, &[limited]);
        assert_eq!(r.attempts, 3, "{method:?}: first try plus maxRetries");
        assert!(r.waits.iter().all(|w| *w >= 3_000.0 && *w <= 3_000.0 + RATE_LIMIT_JITTER_MS));
    }
}

#[test]
fn a_rate_limit_wait_longer_than_allowed_gives_up_at_once() {
    let limited = failure(ErrorCode::RateLimited, Some(429), Some(30.0));
    let r = run(RetryPolicy::default(), Method::MessageSend, false, 120_000.0, &[limited]);
    assert_eq!((r.attempts, r.waits.len()), (1, 0));
    let patient = RetryPolicy { max_retry_wait_ms: 60_000.0, ..Default::default() };
    let r = run(patient, Method::MessageSend, false, 120_000.0, &[limited]);
    assert_eq!(r.attempts, 3);
}

#[test]
fn a_wait_past_the_deadline_gives_up_at_once() {
    let limited = failure(ErrorCode::RateLimited, Some(429), Some(5.0));
    let r = run(RetryPolicy::default(), Method::TasksGet, false, 4_000.0, &[limited]);
    assert_eq!(r.attempts, 1);
}

#[test]
fn a_rate_limit_without_retry_after_still_waits_a_second() {
    let limited = failure(ErrorCode::RateLimited, Some(429), None);
    let r = run(RetryPolicy::default(), Method::MessageSend, false, 60_000.0, &[limited]);
    assert!(r.waits.iter().all(|w| *w >= 1_000.0));
}

#[test]
fn transient_failures_retry_only_where_repeating_is_safe() {
    let transient = [
        NETWORK,
        failure(ErrorCode::BadResponse, Some(502), None),
        failure(ErrorCode::BadResponse, Some(504), None),
        failure(ErrorCode::InternalError, Some(200), None),
    ];
    for f in transient {
        assert_eq!(run(RetryPolicy::default(), Method::TasksGet, false, 60_000.0, &[f]).attempts, 3, "{f:?}");
        assert_eq!(run(RetryPolicy::default(), Method::TasksCancel, false, 60_000.0, &[f]).attempts, 3, "{f:?}");
        assert_eq!(run(RetryPolicy::default(), Method::MessageSend, false, 60_000.0, &[f]).attempts, 1, "{f:?}");
    }
    let refused = failure(ErrorCode::BadResponse, Some(503), None);
    assert_eq!(run(RetryPolicy::default(), Method::MessageSend, false, 60_000.0, &[refused]).attempts, 3);
}

#[test]
fn final_failures_never_retry() {
    for code in [
        ErrorCode::TaskNotFound,
        ErrorCode::SkillNotFound,
        ErrorCode::InvalidParams,
        ErrorCode::PlanRequired,
        ErrorCode::Timeout,
        ErrorCode::Aborted,
        ErrorCode::TaskFailed,
        ErrorCode::InvalidInput,
        ErrorCode::BadResponse,
        ErrorCode::Unauthorized,
    ] {
        let r = run(RetryPolicy::default(), Method::TasksGet, false, 60_000.0, &[failure(code, Some(200), None)]);
        assert_eq!(r.attempts, 1, "{code:?}");
    }
}

#[test]
fn backoff_grows_is_capped_and_never_near_zero() {
    let policy = RetryPolicy { max_retries: 8, ..Default::default() };
    let mut retry = RetryLoop::new(policy, Method::TasksGet, false, 1e9);
    let waits: Vec<f64> = (0..8)
        .map(|_| match retry.after(&NETWORK, 0.0, 0.0) {
            RetryDecision::Wait(ms) => ms,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(waits[0], 125.0);
    assert!(waits.windows(2).all(|w| w[1] >= w[0]));
    assert_eq!(*waits.last().unwrap(), policy.max_delay_ms / 2.0);
    assert_eq!(retry.after(&NETWORK, 0.0, 0.0), RetryDecision::GiveUp);
}

#[test]
fn unauthorized_refreshes_the_token_once_without_counting_a_retry() {
    let denied = failure(ErrorCode::Unauthorized, Some(401), None);
    let r = run(RetryPolicy::default(), Method::MessageSend, true, 60_000.0, &[denied]);
    assert_eq!((r.attempts, r.refreshes, r.waits.len()), (2, 1, 0));
    let r = run(RetryPolicy::default(), Method::MessageSend, false, 60_000.0, &[denied]);
    assert_eq!((r.attempts, r.refreshes), (1, 0));
}

#[test]
fn zero_retries_means_one_attempt() {
    let policy = RetryPolicy { max_retries: 0, ..Default::default() };
    assert_eq!(run(policy, Method::TasksGet, false, 60_000.0, &[NETWORK]).attempts, 1);
}

#[test]
fn a_bad_random_number_is_tamed() {
    let mut retry = RetryLoop::new(RetryPolicy::default(), Method::TasksGet, false, 1e9);
    assert_eq!(retry.after(&NETWORK, 0.0, f64::NAN), RetryDecision::Wait(187.5));
}

#[cfg(feature = "push-configs")]
#[test]
fn a_push_config_is_retried_as_its_call_is_safe_to_repeat() {
    // `set` stores a config (twice, without an id): only a 503 is retried, as for `message/send`.
    let r = run(RetryPolicy::default(), Method::PushSet, false, 60_000.0, &[NETWORK]);
    assert_eq!(r.attempts, 1, "set after a network failure");
    let unavailable = failure(ErrorCode::InternalError, Some(503), None);
    assert_eq!(run(RetryPolicy::default(), Method::PushSet, false, 60_000.0, &[unavailable]).attempts, 3);
    for method in [Method::PushGet, Method::PushList, Method::PushDelete] {
        assert_eq!(run(RetryPolicy::default(), method, false, 60_000.0, &[NETWORK]).attempts, 3, "{method:?}");
    }
}
