//! One call run to its end, over any [`Platform`]: the token, a pacing slot,
//! the request, decoding, the retry step and its sleep, again until the call
//! succeeds, fails for good, or ends (timeout, abort). Every client — the JS
//! classes and the Rust client — runs its calls through [`run`].

use super::call::{Call, Outcome};
use super::error::{CallError, ErrorCode};
use super::pacing::Slot;
use super::platform::Platform;
use super::retry::{Failure, RetryDecision, RetryLoop};
use super::text;
use super::validate;

/// A call that failed for good, with the token its last attempt used (the
/// client removes it from anything the error carries).
pub struct Failed<P: Platform> {
    /// The error.
    pub error: CallError<P::Json>,
    /// The token of the last attempt.
    pub token: Option<P::Token>,
}

/// Runs `call` until it succeeds, fails for good, or ends.
pub async fn run<P: Platform>(platform: &P, call: &Call) -> Result<Outcome<P::Json>, Failed<P>> {
    let policy = platform.retry_policy();
    let mut retry = RetryLoop::new(policy, call.method(), platform.can_refresh_token(), platform.deadline_ms());
    let message_id = validate::uuid_v4(random_bits(platform));
    let mut token = None;
    let mut need_token = true;
    // After a 401: the provider is told which token was refused.
    let mut refused = false;
    // The route the last request went on (see `Platform::version_refused`).
    let mut ticket = 0;
    loop {
        // One attempt; a failure breaks out with its error. A labeled block,
        // not an `async` block awaited here: one nested future less, which
        // the wasm bundle pays for in state and drop code (~0.2 KB gzip).
        let error = 'attempt: {
            if need_token {
                token = match platform.token(token.as_ref().filter(|_| refused)).await {
                    Ok(token) => token,
                    Err(error) => break 'attempt error,
                };
                need_token = false;
            }
            // Waits for the call's slot under the client's `rateLimit`. A slot
            // later than the call's deadline fails at once (`no_slot`); a call
            // that ends (or is dropped) while queued gives its slot back.
            let now = platform.now_ms();
            let slot = call.pool().and_then(|pool| platform.with_pacer(|pacer| pacer.reserve(pool, now)));
            if let Some(slot) = slot.filter(|slot| slot.at_ms() - now > 0.0) {
                let wait = slot.at_ms() - now;
                let queued = Queued { platform, slot: Some(slot) };
                if slot.at_ms() >= platform.deadline_ms() {
                    break 'attempt no_slot(wait);
                }
                platform.sleep(wait).await;
                if let Some(error) = platform.ended() {
                    break 'attempt error;
                }
                queued.keep();
            }
            let request_id = platform.next_request_id();
            let body = call.body(request_id, &message_id, platform.dialect());
            ticket = platform.route_ticket();
            let reply = match platform.exchange(token.as_ref(), &body).await {
                Ok(reply) => reply,
                Err(error) => break 'attempt error,
            };
            match call.outcome(reply, request_id, platform.dialect()) {
                Ok(outcome) => return Ok(outcome),
                Err(error) => error,
            }
        };
        let failure = Failure { code: error.code, http_status: error.http_status, retry_after: error.retry_after };
        let step = match platform.ended() {
            Some(_) => RetryDecision::GiveUp,
            // The agent refused the version: the route decides whether the call goes again, the retry count whether it may.
            None if error.code == ErrorCode::VersionNotSupported && platform.version_refused(ticket) => retry.resend(),
            None => retry.after(&failure, platform.now_ms(), platform.random()),
        };
        let error = match step {
            RetryDecision::GiveUp => error,
            RetryDecision::RefreshToken => {
                (need_token, refused) = (true, true);
                continue;
            }
            RetryDecision::Resend => continue,
            RetryDecision::Wait(ms) => {
                platform.sleep(ms).await;
                match platform.ended() {
                    Some(error) => error,
                    None => continue,
                }
            }
        };
        return Err(Failed { error: error.naming_task(call.task_id()), token });
    }
}

/// The client-side RATE_LIMITED of a call whose slot comes after its
/// deadline (`retryAfter` set from `wait`, no `httpStatus`).
fn no_slot<V>(wait: f64) -> CallError<V> {
    let mut e =
        CallError::new(ErrorCode::RateLimited, "the client-side rateLimit has no slot before this call's timeout");
    e.retry_after = Some(text::ceil(wait / 1000.0));
    e
}

/// A slot the call waits for; given back to the pacer unless the call keeps it.
struct Queued<'a, P: Platform> {
    platform: &'a P,
    slot: Option<Slot>,
}

impl<P: Platform> Queued<'_, P> {
    /// The call's request goes in its slot.
    fn keep(mut self) {
        self.slot = None;
    }
}

impl<P: Platform> Drop for Queued<'_, P> {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            self.platform.with_pacer(|pacer| pacer.release(slot));
        }
    }
}

/// 128 random bits for a message id, 32 from each of four draws.
fn random_bits<P: Platform>(platform: &P) -> u128 {
    (0..4).fold(0u128, |bits, _| (bits << 32) | u128::from((platform.random() * 4_294_967_296.0) as u32))
}

#[cfg(test)]
mod tests;
