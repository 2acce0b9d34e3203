//! [`ClientBuilder`]: a [`Client`]'s options, set one by one and checked
//! together by the core's rules (the JS client's) when the client is built.

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
use crate::sans_io::settings::{self, Settings};
use crate::sans_io::validate;
use std::time::Duration;

/// The options as a Rust caller writes them, for the core's refusals (`.timeout()`, not JS's `timeoutMs`).
const NAMES: settings::OptionNames = settings::OptionNames {
    token: ".token()",
    token_provider: ".token_provider()",
    timeout: ".timeout()",
    max_retries: ".max_retries()",
    max_retry_wait: ".max_retry_wait()",
    max_response_bytes: ".max_response_bytes()",
    durations: true,
};

/// The options of a [`Client`](super::Client) ([`Client::builder`](super::Client::builder)); every
/// one may be left out. [`build`](Self::build) makes the client.
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
pub struct ClientBuilder {
    credential: Option<Credential>,
    endpoint: Option<String>,
    timeout: Option<Duration>,
    max_retries: Option<u32>,
    max_retry_wait: Option<Duration>,
    rate_default: Option<Rate>,
    rate_expensive: Option<Rate>,
    max_response_bytes: Option<u64>,
    #[cfg(not(target_arch = "wasm32"))]
    http_client: Option<reqwest::Client>,
}

impl ClientBuilder {
    /// A builder with every option left out ([`Client::builder`](super::Client::builder)).
    pub fn new() -> ClientBuilder {
        ClientBuilder::default()
    }

    /// How requests authenticate; it replaces any credential set before
    /// ([`token`](Self::token), [`token_provider`](Self::token_provider)).
    pub fn credential(mut self, credential: impl Into<Credential>) -> ClientBuilder {
        self.credential = Some(credential.into());
        self
    }

    /// A fixed Bearer token ([`Credential::Token`]).
    pub fn token(self, token: impl Into<String>) -> ClientBuilder {
        self.credential(Credential::Token(token.into()))
    }

    /// A provider asked for the token ([`Credential::Provider`]).
    pub fn token_provider(self, provider: TokenProvider) -> ClientBuilder {
        self.credential(provider)
    }

    /// The A2A endpoint (or a proxy of it); Magisterium's own
    /// (`https://www.magisterium.com/api/v1/a2a`) by default.
    pub fn endpoint(mut self, endpoint: impl Into<String>) -> ClientBuilder {
        self.endpoint = Some(endpoint.into());
        self
    }

    /// The time limit of each call, retries and waits included (default 30 s;
    /// whole milliseconds, 1 ms to 2^31-1 ms).
    pub fn timeout(mut self, timeout: Duration) -> ClientBuilder {
        self.timeout = Some(timeout);
        self
    }

    /// Retries after the first attempt (0 to 10, default 2).
    pub fn max_retries(mut self, retries: u32) -> ClientBuilder {
        self.max_retries = Some(retries);
        self
    }

    /// The longest RATE_LIMITED wait a call sits through before failing (default 10 s).
    pub fn max_retry_wait(mut self, wait: Duration) -> ClientBuilder {
        self.max_retry_wait = Some(wait);
        self
    }

    /// The client-side limiter's ceiling for every skill but `catholic_qa`
    /// (search, documents, readings, saints, task calls): calls queue so that a
    /// burst never passes it. Unpaced when left out.
    pub fn rate_limit_default(mut self, rate: Rate) -> ClientBuilder {
        self.rate_default = Some(rate);
        self
    }

    /// The client-side limiter's ceiling for `catholic_qa` ([`Client::ask`](super::Client::ask)),
    /// the server's expensive pool. Unpaced when left out.
    pub fn rate_limit_expensive(mut self, rate: Rate) -> ClientBuilder {
        self.rate_expensive = Some(rate);
        self
    }

    /// The largest response body read, in bytes (default 10 MiB); a larger
    /// one fails with BAD_RESPONSE as soon as the count passes the limit.
    pub fn max_response_bytes(mut self, bytes: u64) -> ClientBuilder {
        self.max_response_bytes = Some(bytes);
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
    pub fn http_client(mut self, client: reqwest::Client) -> ClientBuilder {
        self.http_client = Some(client);
        self
    }

    /// The options checked by the core's rules, and the HTTP client: what
    /// [`build`](Self::build) makes the client of.
    pub(super) fn checked(self) -> Result<(Settings<TokenProvider>, Http), Error> {
        let http = self.http()?;
        Ok((self.settings()?, http))
    }

    /// The time limit of a call, checked (the default when left out).
    pub(super) fn timeout_ms(&self) -> Result<u32, Error> {
        self.timeout.map_or(Ok(settings::DEFAULT_TIMEOUT_MS), |timeout| limit_ms(NAMES.timeout, timeout))
    }

    /// The options checked by the core's rules.
    pub(super) fn settings(self) -> Result<Settings<TokenProvider>, Error> {
        let url = self.endpoint.as_deref().unwrap_or(validate::DEFAULT_ENDPOINT);
        let (token, token_provider) = match self.credential {
            None => (None, None),
            Some(Credential::Token(token)) => (Some(token), None),
            Some(Credential::Provider(provider)) => (None, Some(provider)),
        };
        let mut checked = settings::Options {
            token,
            token_provider,
            timeout_ms: self.timeout.map(millis),
            max_retries: self.max_retries.map(f64::from),
            max_retry_wait_ms: self.max_retry_wait.map(millis),
            max_response_bytes: self.max_response_bytes.map(|bytes| bytes as f64),
            ..settings::Options::new(endpoint::parse(url).map_err(Error::plain)?, &NAMES)
        }
        .check()
        .map_err(Error::plain)?;
        let rate = |rate: Option<Rate>, which| rate.map(|rate| rate.checked(which)).transpose().map_err(Error::plain);
        checked.pacer = Pacer::new(
            rate(self.rate_default, ".rate_limit_default()")?,
            rate(self.rate_expensive, ".rate_limit_expensive()")?,
        );
        Ok(checked)
    }

    /// The HTTP client: the program's own, or one made here.
    pub(super) fn http(&self) -> Result<Http, Error> {
        #[cfg(not(target_arch = "wasm32"))]
        let http = match &self.http_client {
            Some(client) => Http::with_client(client.clone()),
            None => Http::new().map_err(Error::plain)?,
        };
        #[cfg(target_arch = "wasm32")]
        let http = Http::new().map_err(Error::plain)?;
        Ok(http)
    }
}

#[cfg(test)]
mod tests {
    use crate::{A2AClient, Client, ErrorCode};
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
    }
}
