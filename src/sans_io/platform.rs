//! What the shared call loop ([`super::call_loop`]) needs from where it
//! runs: a clock, randomness, the call's end (timeout or abort), the token,
//! and one HTTP exchange. One value of a [`Platform`] is one call seen from
//! its client: the client's shared state and the call's own cancellation.
//!
//! Written for zero-cost implementations over any runtime: no trait objects,
//! no `Send` bounds (a native implementation's futures are `Send` when its
//! own types are), and JS values may stand for the token and the JSON.

use super::error::{CallError, Dialect};
use super::json::JsonView;
use super::pacing::Pacer;
use super::retry::RetryPolicy;
use super::wire::HttpReply;
use core::future::Future;

/// One call's view of where it runs.
pub trait Platform {
    /// The parsed JSON of replies (`serde_json::Value` natively, a JS value in the bundle).
    type Json: JsonView;
    /// A token as [`Platform::exchange`] sends it (the text, or a handle to it made once).
    type Token;

    /// Now, in milliseconds, on the clock of [`Platform::deadline_ms`] and of the client's pacer.
    fn now_ms(&self) -> f64;
    /// A number uniform in `[0, 1)`: backoff jitter and message ids (not a secret).
    fn random(&self) -> f64;
    /// When the call times out, on the [`Platform::now_ms`] clock.
    fn deadline_ms(&self) -> f64;
    /// The error the call ends with once it has timed out (TIMEOUT) or been
    /// aborted (ABORTED); `None` while it may go on.
    fn ended(&self) -> Option<CallError<Self::Json>>;
    /// Sleeps `ms`, or less when the call ends first (then [`Platform::ended`] says why).
    fn sleep(&self, ms: f64) -> impl Future<Output = ()>;
    /// The client's retry policy.
    fn retry_policy(&self) -> RetryPolicy;
    /// Whose meanings the server-defined JSON-RPC codes have.
    fn dialect(&self) -> Dialect;
    /// True when the client has a token provider: an UNAUTHORIZED answer is
    /// then retried once with a token asked afresh.
    fn can_refresh_token(&self) -> bool;
    /// The token for the next request (`None`: no `Authorization` header):
    /// the fixed one, or the provider's answer checked by
    /// [`super::settings::provided_token`]. Ends early when the call ends.
    /// `refused`: the token the server has just refused (401), which the
    /// provider is told of, so it can replace it rather than hand it out again.
    fn token(
        &self,
        refused: Option<&Self::Token>,
    ) -> impl Future<Output = Result<Option<Self::Token>, CallError<Self::Json>>>;
    /// One HTTP exchange: POSTs `body` to the client's endpoint with exactly
    /// `Content-Type: application/json` and, with a token,
    /// `Authorization: Bearer …` (to an HTTP+JSON interface, the request
    /// and its answer mapped by [`super::http_json`]); reads at most the client's
    /// `maxResponseBytes` of the body (see [`super::exchange::BodyLimit`]).
    /// Fails with NETWORK, BAD_RESPONSE (too large), or once the call has
    /// ended, with [`Platform::ended`]'s error.
    fn exchange(
        &self,
        token: Option<&Self::Token>,
        body: &str,
    ) -> impl Future<Output = Result<HttpReply<Self::Json>, CallError<Self::Json>>>;
    /// Runs `f` on the client's pacer, which all its calls share (never held across an await).
    fn with_pacer<R>(&self, f: impl FnOnce(&mut Pacer) -> R) -> R;
    /// A JSON-RPC request id not yet used by the client.
    fn next_request_id(&self) -> u64;
    /// What the next request remembers of the client's route (see
    /// [`super::agent_route::Route::ticket`]); a client with one version has one route.
    fn route_ticket(&self) -> u32 {
        0
    }
    /// The agent refused (-32009) the A2A version of a request sent on
    /// `ticket`: the client's [`super::agent_route::Route::refused`]. True
    /// when the call is to be sent again; a client with one version never is.
    fn version_refused(&self, ticket: u32) -> bool {
        let _ = ticket;
        false
    }
}
