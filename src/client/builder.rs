//! [`Builder`]: a client's options, set one by one and checked together by
//! the core's rules (the JS client's) when the client is built; the setters
//! both builders share ([`ClientBuilder`], [`A2AClientBuilder`](super::A2AClientBuilder)), written once.

use super::credential::{Credential, TokenProvider};
use super::endpoint;
use super::error::Error;
#[cfg(target_arch = "wasm32")]
use super::fetch::Http;
#[cfg(not(target_arch = "wasm32"))]
use super::native::Http;
use super::options::{limit_ms, millis};
use super::rate::Rate;
use crate::sans_io::pacing::Pacer;
use crate::sans_io::plan;
use crate::sans_io::settings::{self, Settings};
use crate::sans_io::validate;
use std::time::Duration;

/// The options as a Rust caller writes them, for the core's refusals (`.timeout()`, not JS's `timeoutMs`).
const NAMES: &settings::OptionNames = &settings::OptionNames::RUST;

/// The options of a client, set one by one and checked together by the
/// core's rules when it is built: [`ClientBuilder`] makes a
/// [`Client`](super::Client), [`A2AClientBuilder`](super::A2AClientBuilder) an
/// [`A2AClient`](super::A2AClient). The setters here are both's; what only one
/// takes is in `K` ([`ClientOnly`], [`A2AOnly`](super::A2AOnly)) and its own setters. Every
/// option may be left out.
///
/// ```
/// # use magisterium_a2a::{Client, Rate};
/// # use std::time::Duration;
/// let client = Client::builder()
///     .token("an-oauth-user-token")
///     .endpoint("https://www.magisterium.com/api/v1/a2a") // the default
///     .timeout(Duration::from_secs(20))
///     .rate_limit_expensive(Rate::per_minute(2))
///     .build()?;
/// # Ok::<(), magisterium_a2a::Error>(())
/// ```
///
/// `Debug` never shows the token.
#[derive(Clone, Debug, Default)]
#[must_use]
pub struct Builder<K> {
    options: Options,
    pub(super) own: K,
}

/// The options of a [`Client`](super::Client) ([`Client::builder`](super::Client::builder)).
pub type ClientBuilder = Builder<ClientOnly>;

/// What only a [`Client`](super::Client)'s builder takes besides the shared
/// options of [`Builder`]: nothing yet. It ends with `build()`.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ClientOnly {}

/// The options both builders take, as set.
#[derive(Clone, Debug, Default)]
struct Options {
    credential: Option<Credential>,
    endpoint: Option<String>,
    timeout: Option<Duration>,
    max_retries: Option<u32>,
    max_retry_wait: Option<Duration>,
    rate_default: Option<Rate>,
    rate_expensive: Option<Rate>,
    max_response_bytes: Option<u64>,
    headers: Vec<(String, String)>,
    #[cfg(not(target_arch = "wasm32"))]
    http_client: Option<reqwest::Client>,
}

impl ClientBuilder {
    /// A builder with every option left out ([`Client::builder`](super::Client::builder)).
    pub fn new() -> ClientBuilder {
        ClientBuilder::default()
    }
}

impl<K> Builder<K> {
    /// How requests authenticate; it replaces any credential set before
    /// ([`token`](Self::token), [`token_provider`](Self::token_provider)).
    /// A discovered [`A2AClient`](super::A2AClient) sends the token only to
    /// the card's host family, and to the origins of its builder's `token_origins`.
    pub fn credential(mut self, credential: impl Into<Credential>) -> Self {
        self.options.credential = Some(credential.into());
        self
    }

    /// A fixed Bearer token ([`Credential::Token`]).
    pub fn token(self, token: impl Into<String>) -> Self {
        self.credential(Credential::Token(token.into()))
    }

    /// A provider asked for the token, told each request's URL ([`Credential::Provider`]).
    pub fn token_provider(self, provider: TokenProvider) -> Self {
        self.credential(provider)
    }

    /// The A2A endpoint. A [`Client`](super::Client)'s is Magisterium's own
    /// (`https://www.magisterium.com/api/v1/a2a`) by default, or a proxy of
    /// it; an [`A2AClient`](super::A2AClient)'s is required by its builder's
    /// `build()`, and not used by its `discover()`, which finds it in the card.
    pub fn endpoint(mut self, endpoint: impl Into<String>) -> Self {
        self.options.endpoint = Some(endpoint.into());
        self
    }

    /// The time limit of each call, retries and waits included (default 30 s;
    /// whole milliseconds, 1 ms to 2^31-1 ms); an [`A2AClient`](super::A2AClient)'s
    /// streams and waits have their own, and its discovery this one.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.options.timeout = Some(timeout);
        self
    }

    /// A header sent with every request of the client (a tracing or API
    /// version header of a gateway, say); set again, the name is sent twice.
    /// Checked by `build()`: a name that is not a valid header name, a value
    /// with a control character, or a header the client sets itself
    /// (`Authorization`, `A2A-*` and `X-A2A-*`, `Content-Type`,
    /// `Content-Length`, `Accept`, `Host`) is INVALID_INPUT, so the token and
    /// A2A's headers are never overridden. (Natively, the default headers of
    /// a client given to `http_client` are sent too, below these and the
    /// client's own, which reqwest lets replace them.)
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.options.headers.push((name.into(), value.into()));
        self
    }

    /// Retries after the first attempt (0 to 10, default 2); a resend after a -32009 counts.
    pub fn max_retries(mut self, retries: u32) -> Self {
        self.options.max_retries = Some(retries);
        self
    }

    /// The longest RATE_LIMITED wait a call sits through before failing (default 10 s).
    pub fn max_retry_wait(mut self, wait: Duration) -> Self {
        self.options.max_retry_wait = Some(wait);
        self
    }

    /// The client-side limiter's ceiling for the messages to every skill but
    /// `catholic_qa` (Magisterium's search, documents, readings, saints; any
    /// skill of another agent): calls queue so that a burst never passes it.
    /// Task calls (`get_task`, `cancel_task`, lists, polls) are not paced.
    /// Unpaced when left out.
    pub fn rate_limit_default(mut self, rate: Rate) -> Self {
        self.options.rate_default = Some(rate);
        self
    }

    /// The client-side limiter's ceiling for the messages to `catholic_qa`
    /// ([`Client::ask`](super::Client::ask)), Magisterium's expensive pool.
    /// Unpaced when left out.
    pub fn rate_limit_expensive(mut self, rate: Rate) -> Self {
        self.options.rate_expensive = Some(rate);
        self
    }

    /// The largest response body read, in bytes (default 10 MiB), and the
    /// largest event of an [`A2AClient`](super::A2AClient)'s stream; a larger
    /// one fails with BAD_RESPONSE as soon as the count passes the limit.
    pub fn max_response_bytes(mut self, bytes: u64) -> Self {
        self.options.max_response_bytes = Some(bytes);
        self
    }

    /// Sends through the program's own reqwest client (the version
    /// re-exported as [`crate::reqwest`]): its connection pool, proxy, TLS
    /// configuration and resolver. Without it the client makes its own
    /// (rustls with the ring provider, the platform's verifier, no redirect).
    /// The given client's redirect policy applies: reqwest drops the
    /// `Authorization` header on a redirect to another scheme, host or port;
    /// the time limits and the size bound stay this client's. Native only.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn http_client(mut self, client: reqwest::Client) -> Self {
        self.options.http_client = Some(client);
        self
    }

    /// The shared options alone, as a [`ClientBuilder`]'s.
    pub(super) fn shared(&self) -> ClientBuilder {
        Builder { options: self.options.clone(), own: ClientOnly {} }
    }

    /// The endpoint, as set.
    pub(super) fn endpoint_set(&self) -> Option<&str> {
        self.options.endpoint.as_deref()
    }

    /// The options checked by the core's rules, and the HTTP client: what
    /// [`build`](Self::build) makes the client of.
    pub(super) fn checked(self) -> Result<(Settings<TokenProvider>, Http), Error> {
        let http = self.http()?;
        Ok((self.settings()?, http))
    }

    /// The time limit of a call, checked (the default when left out).
    pub(super) fn timeout_ms(&self) -> Result<u32, Error> {
        self.options.timeout.map_or(Ok(settings::DEFAULT_TIMEOUT_MS), |timeout| limit_ms(NAMES.timeout, timeout))
    }

    /// The options checked by the core's rules.
    pub(super) fn settings(self) -> Result<Settings<TokenProvider>, Error> {
        let o = self.options;
        let url = o.endpoint.as_deref().unwrap_or(validate::DEFAULT_ENDPOINT);
        let (token, token_provider) = match o.credential {
            None => (None, None),
            Some(Credential::Token(token)) => (Some(token), None),
            Some(Credential::Provider(provider)) => (None, Some(provider)),
        };
        let mut checked = settings::Options {
            token,
            token_provider,
            timeout_ms: o.timeout.map(millis),
            max_retries: o.max_retries.map(f64::from),
            max_retry_wait_ms: o.max_retry_wait.map(millis),
            max_response_bytes: o.max_response_bytes.map(|bytes| bytes as f64),
            ..settings::Options::new(endpoint::parse(url).map_err(Error::plain)?, NAMES)
        }
        .check()
        .map_err(Error::plain)?;
        let rate = |rate: Option<Rate>, which| rate.map(|rate| rate.checked(which)).transpose().map_err(Error::plain);
        checked.pacer = Pacer::new(
            rate(o.rate_default, ".rate_limit_default()")?,
            rate(o.rate_expensive, ".rate_limit_expensive()")?,
        );
        Ok(checked)
    }

    /// The HTTP client: the program's own, or one made here, with the default
    /// headers checked by the core's rule ([`plan::check_default_header`]).
    pub(super) fn http(&self) -> Result<Http, Error> {
        for (name, value) in &self.options.headers {
            plan::check_default_header(name, value).map_err(Error::plain)?;
        }
        #[cfg(not(target_arch = "wasm32"))]
        let http = match &self.options.http_client {
            Some(client) => Http::with_client(client.clone()),
            None => Http::new().map_err(Error::plain)?,
        };
        #[cfg(target_arch = "wasm32")]
        let http = Http::new().map_err(Error::plain)?;
        Ok(http.with_headers(self.options.headers.clone()))
    }
}

#[cfg(test)]
mod tests {
    use crate::{A2AClient, Client, ErrorCode, Rate};
    use std::time::Duration;

    #[test]
    fn refusals_name_the_options_as_a_rust_caller_writes_them() {
        let refusal = |built: Result<Client, crate::Error>| {
            let e = built.expect_err("refused");
            assert_eq!(e.code(), ErrorCode::InvalidInput);
            e.message().to_owned()
        };
        assert_eq!(
            refusal(Client::builder().timeout(Duration::ZERO).build()),
            ".timeout() must be a whole number from 1 ms to 2147483647 ms"
        );
        let long = Duration::from_secs(1 << 32);
        assert!(refusal(Client::builder().max_retry_wait(long).build()).starts_with(".max_retry_wait() must"));
        assert!(refusal(Client::builder().max_retries(11).build()).starts_with(".max_retries() must"));
        assert!(refusal(Client::builder().max_response_bytes(0).build()).starts_with(".max_response_bytes() must"));
        assert!(refusal(Client::builder().token(" ").build()).starts_with(".token() must not be empty"));
        assert!(refusal(Client::builder().endpoint("ftp://x/").build()).starts_with(".endpoint() must"));
        let agent = A2AClient::builder().endpoint("https://agent.example/").stream_timeout(Duration::ZERO).build();
        assert!(agent.expect_err("refused").message().starts_with(".stream_timeout() must"));
        // The shared setters are the A2A builder's too: its rates reach the core's checks.
        let paced = A2AClient::builder().endpoint("https://agent.example/").rate_limit_default(Rate::per_second(0));
        assert!(paced.build().expect_err("refused").message().starts_with(".rate_limit_default() must allow"));
        let unsent = A2AClient::builder().build().expect_err("no endpoint");
        assert_eq!(unsent.message(), ".endpoint() is required (or use .discover())");
    }
}
