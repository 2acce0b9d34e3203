//! How a [`Client`](super::Client) authenticates: a [`Credential`], either a
//! fixed token or a [`TokenProvider`] asked before each call (one value, so
//! the two cannot both be given).

use std::fmt;
use std::future::Future;
use std::pin::Pin;

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
pub(crate) type TokenFuture = Pin<Box<dyn Future<Output = Result<String, BoxError>> + Send>>;
/// The future a token provider returns (`Send` natively; on wasm32 futures
/// run on the page's one thread and need not be).
#[cfg(target_arch = "wasm32")]
pub(crate) type TokenFuture = Pin<Box<dyn Future<Output = Result<String, BoxError>>>>;

#[cfg(not(target_arch = "wasm32"))]
type ProvideFn = dyn Fn(TokenProviderContext) -> TokenFuture + Send + Sync;
#[cfg(target_arch = "wasm32")]
type ProvideFn = dyn Fn(TokenProviderContext) -> TokenFuture;

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
pub struct TokenProviderContext {
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
        TokenProvider::with_context(move |_: TokenProviderContext| provide())
    }

    /// A provider calling `provide` with the [`TokenProviderContext`] of each
    /// request: the URL the token is for, so that one provider can answer
    /// for several agents, each with its own token.
    ///
    /// ```
    /// # use magisterium_a2a::{TokenProviderContext, TokenProvider};
    /// let provider = TokenProvider::with_context(|asked: TokenProviderContext| async move {
    ///     match asked.url.starts_with("https://www.magisterium.com/") {
    ///         true => Ok(String::from("magisterium-token")),
    ///         false => Err(std::io::Error::other("no token for this agent")),
    ///     }
    /// });
    /// ```
    pub fn with_context<F, Fut, E>(provide: F) -> TokenProvider
    where
        F: Fn(TokenProviderContext) -> Fut + MaybeSend + MaybeSync + 'static,
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
        (self.0)(TokenProviderContext { url: url.into() })
    }
}

impl fmt::Debug for TokenProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenProvider")
    }
}

/// How a client authenticates ([`ClientBuilder::credential`](super::ClientBuilder::credential));
/// without one, requests carry no `Authorization` header (e.g. to a proxy
/// that adds it). Never sent over plain `http:` to anything but loopback
/// (`localhost`, `127.0.0.0/8`, `[::1]`: not `*.localhost`, which the
/// system's resolver may ask DNS about).
///
/// `Debug` never shows the token.
#[derive(Clone)]
#[non_exhaustive]
pub enum Credential {
    /// A fixed Bearer token (an OAuth user token).
    Token(String),
    /// Asked for the token before each call's first request, and once more
    /// after an UNAUTHORIZED answer.
    Provider(TokenProvider),
}

impl fmt::Debug for Credential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Credential::Token(_) => f.write_str("Token([redacted])"),
            Credential::Provider(provider) => f.debug_tuple("Provider").field(provider).finish(),
        }
    }
}

impl From<TokenProvider> for Credential {
    fn from(provider: TokenProvider) -> Credential {
        Credential::Provider(provider)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_the_token() {
        let shown = format!("{:?}", Credential::Token("secret-token-123".into()));
        assert_eq!(shown, "Token([redacted])");
        let provider = Credential::from(TokenProvider::new(|| async { Ok::<_, std::io::Error>(String::new()) }));
        assert_eq!(format!("{provider:?}"), "Provider(TokenProvider)");
    }
}
