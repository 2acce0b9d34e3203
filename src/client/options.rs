//! The options of a [`Client`](super::Client) and of its calls, as Rust
//! types; they are checked by the same core rules as the JS client's.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

#[cfg(target_arch = "wasm32")]
pub(crate) use std::rc::Rc as Shared;
/// What a client's state and its token provider are shared through: `Arc`
/// natively, where calls may run on any thread; `Rc` on wasm32, where they
/// run on the page's one thread (and JS values are not `Send`).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use std::sync::Arc as Shared;

/// What a token provider may fail with.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The future a token provider returns (`Send` natively; on wasm32 futures
/// run on the page's one thread and need not be).
#[cfg(not(target_arch = "wasm32"))]
pub type TokenFuture = Pin<Box<dyn Future<Output = Result<String, BoxError>> + Send>>;
/// The future a token provider returns (`Send` natively; on wasm32 futures
/// run on the page's one thread and need not be).
#[cfg(target_arch = "wasm32")]
pub type TokenFuture = Pin<Box<dyn Future<Output = Result<String, BoxError>>>>;

#[cfg(not(target_arch = "wasm32"))]
type ProvideFn = dyn Fn(TokenContext) -> TokenFuture + Send + Sync;
#[cfg(target_arch = "wasm32")]
type ProvideFn = dyn Fn(TokenContext) -> TokenFuture;

/// `Send` natively, where a client's futures may move between threads;
/// nothing on wasm32. A bound of [`TokenProvider::new`] and [`TokenProvider::with_context`].
#[cfg(not(target_arch = "wasm32"))]
pub trait MaybeSend: Send {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: Send> MaybeSend for T {}
/// `Send` natively, where a client's futures may move between threads;
/// nothing on wasm32. A bound of [`TokenProvider::new`] and [`TokenProvider::with_context`].
#[cfg(target_arch = "wasm32")]
pub trait MaybeSend {}
#[cfg(target_arch = "wasm32")]
impl<T> MaybeSend for T {}

/// `Sync` natively; nothing on wasm32. A bound of [`TokenProvider::new`] and [`TokenProvider::with_context`].
#[cfg(not(target_arch = "wasm32"))]
pub trait MaybeSync: Sync {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: Sync> MaybeSync for T {}
/// `Sync` natively; nothing on wasm32. A bound of [`TokenProvider::new`] and [`TokenProvider::with_context`].
#[cfg(target_arch = "wasm32")]
pub trait MaybeSync {}
#[cfg(target_arch = "wasm32")]
impl<T> MaybeSync for T {}

/// What a [`TokenProvider`] is told when it is asked for a token.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TokenContext {
    /// The URL the token will be sent to (the client's endpoint, as the
    /// URL parser wrote it): a provider serving several agents answers for
    /// this one.
    pub url: String,
}

/// An async function asked for the Bearer token before each call's first
/// request, and once more after an UNAUTHORIZED answer (to refresh an
/// expired token). It must answer a non-empty token; an error it returns
/// fails the call with UNAUTHORIZED, the error as its
/// [`source`](std::error::Error::source).
///
/// ```
/// # use magisterium_a2a::TokenProvider;
/// let provider = TokenProvider::new(|| async { Ok::<_, std::io::Error>(String::from("fresh-token")) });
/// ```
#[derive(Clone)]
pub struct TokenProvider(Shared<ProvideFn>);

impl TokenProvider {
    /// A provider calling `provide`.
    pub fn new<F, Fut, E>(provide: F) -> TokenProvider
    where
        F: Fn() -> Fut + MaybeSend + MaybeSync + 'static,
        Fut: Future<Output = Result<String, E>> + MaybeSend + 'static,
        E: Into<BoxError>,
    {
        TokenProvider::with_context(move |_: TokenContext| provide())
    }

    /// A provider calling `provide` with the [`TokenContext`] of each
    /// request: the URL the token is for, so that one provider can answer
    /// for several agents, each with its own token.
    ///
    /// ```
    /// # use magisterium_a2a::{TokenContext, TokenProvider};
    /// let provider = TokenProvider::with_context(|asked: TokenContext| async move {
    ///     match asked.url.starts_with("https://www.magisterium.com/") {
    ///         true => Ok(String::from("magisterium-token")),
    ///         false => Err(std::io::Error::other("no token for this agent")),
    ///     }
    /// });
    /// ```
    pub fn with_context<F, Fut, E>(provide: F) -> TokenProvider
    where
        F: Fn(TokenContext) -> Fut + MaybeSend + MaybeSync + 'static,
        Fut: Future<Output = Result<String, E>> + MaybeSend + 'static,
        E: Into<BoxError>,
    {
        TokenProvider(Shared::new(move |context| -> TokenFuture {
            let answer = provide(context);
            Box::pin(async move { answer.await.map_err(Into::into) })
        }))
    }

    /// Asks for a token for a request to `url`.
    pub(crate) fn provide(&self, url: &str) -> TokenFuture {
        (self.0)(TokenContext { url: url.into() })
    }
}

impl fmt::Debug for TokenProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenProvider")
    }
}

/// The client-side limiter: calls queue so that a burst never exceeds the
/// server's per-minute ceilings. Rates are written like `"15/min"`, `"2/60s"`,
/// `"10/s"`, `"100/h"`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RateLimit {
    /// Every skill but `catholic_qa`.
    pub default: Option<String>,
    /// `catholic_qa`.
    pub expensive: Option<String>,
}

/// The options of [`Client::new`](super::Client::new); every one may be left out.
///
/// `Debug` never shows the token.
#[derive(Clone, Default)]
pub struct ClientOptions {
    /// A fixed Bearer token. Never sent over plain `http:` to anything but
    /// loopback (`localhost`, `127.0.0.0/8`, `[::1]`: not `*.localhost`, which
    /// the system's resolver may ask DNS about).
    pub token: Option<String>,
    /// Asked for the token instead (not with `token`).
    pub token_provider: Option<TokenProvider>,
    /// The A2A endpoint; Magisterium's own (`https://www.magisterium.com/api/v1/a2a`) by default.
    pub endpoint: Option<String>,
    /// The time limit of each call, retries and waits included (default 30 s; whole milliseconds).
    pub timeout: Option<Duration>,
    /// Retries after the first attempt (0 to 10, default 2).
    pub max_retries: Option<u32>,
    /// The longest RATE_LIMITED wait a call sits through before failing (default 10 s).
    pub max_retry_wait: Option<Duration>,
    /// The client-side limiter; calls are not paced without it.
    pub rate_limit: Option<RateLimit>,
    /// The largest response body read, in bytes (default 10 MiB); a larger
    /// one fails with BAD_RESPONSE as soon as the count passes the limit.
    pub max_response_bytes: Option<u64>,
}

impl fmt::Debug for ClientOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClientOptions")
            .field("token", &self.token.as_ref().map(|_| "[redacted]"))
            .field("token_provider", &self.token_provider)
            .field("endpoint", &self.endpoint)
            .field("timeout", &self.timeout)
            .field("max_retries", &self.max_retries)
            .field("max_retry_wait", &self.max_retry_wait)
            .field("rate_limit", &self.rate_limit)
            .field("max_response_bytes", &self.max_response_bytes)
            .finish()
    }
}

/// The options of [`Client::ask_with`](super::Client::ask_with).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AskOptions {
    /// Continues a conversation: the `context_id` of an earlier answer.
    pub context_id: Option<String>,
    /// This call's time limit instead of the client's.
    pub timeout: Option<Duration>,
}

/// The options of [`Client::wait_for_task`](super::Client::wait_for_task).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaitOptions {
    /// The first interval between polls (default 500 ms; then ×1.5 up to 10 s).
    pub poll_interval: Option<Duration>,
    /// The time limit of the whole wait (default 5 minutes).
    pub timeout: Option<Duration>,
}

/// Milliseconds of a duration, as the core's checks take them (sub-millisecond parts dropped).
pub(crate) fn millis(duration: Duration) -> f64 {
    duration.as_millis() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_token() {
        let options = ClientOptions { token: Some("secret-token-123".into()), ..Default::default() };
        let shown = format!("{options:?}");
        assert!(!shown.contains("secret-token-123"), "{shown}");
        assert!(shown.contains("[redacted]"));
    }
}
