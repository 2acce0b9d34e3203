//! [`A2AClientBuilder`]: an [`A2AClient`]'s options, the shared ones of every
//! [`Builder`] and the agent's own ([`A2AOnly`]: version, dialect,
//! `token_origins`, extensions, the streams' limit).

use super::card::AgentCard;
use super::client::A2AClient;
use super::discover;
use super::results::bad_response;
use crate::client::builder::Builder;
use crate::client::call::{Agent, ClientState};
use crate::client::credential::{Shared, TokenProvider};
use crate::client::error::Error;
use crate::client::options::limit_ms;
use crate::client::transport::Http;
use crate::codes::{Binding, ProtocolVersion};
use crate::sans_io::agent_route::Route;
use crate::sans_io::card::{dialect_of, keep_token_to_audience};
use crate::sans_io::error::{CallError, Dialect};
use crate::sans_io::http_json;
use crate::sans_io::settings::Settings;
use crate::sans_io::{poll, validate};
use serde_json::Value;
use std::time::Duration;

/// The options of an [`A2AClient`] ([`A2AClient::builder`]): the shared
/// options of every [`Builder`] (credential, time limit, retries, rates,
/// bounds, `http_client`) and the agent's own (version, binding, dialect,
/// `token_origins`, extensions, the streams' limit). Every one may be left
/// out. [`discover`](Self::discover) finds the agent by its card;
/// [`build`](Self::build) makes a client of a known [`endpoint`](Builder::endpoint).
///
/// ```
/// # use magisterium_a2a::{A2AClient, ProtocolVersion, Rate};
/// # use std::time::Duration;
/// let agent = A2AClient::builder()
///     .endpoint("https://agent.example/a2a")
///     .protocol_version(ProtocolVersion::V1_0)
///     .timeout(Duration::from_secs(20))
///     .rate_limit_default(Rate::per_minute(30))
///     .extensions(["https://agent.example/ext/trace/v1"])
///     .build()?;
/// assert_eq!(agent.protocol_version(), ProtocolVersion::V1_0);
/// # Ok::<(), magisterium_a2a::Error>(())
/// ```
///
/// `Debug` never shows the token.
pub type A2AClientBuilder = Builder<A2AOnly>;

/// What only an [`A2AClient`]'s builder takes besides the shared options of
/// [`Builder`] (set by [`A2AClientBuilder`]'s own setters).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct A2AOnly {
    version: Option<ProtocolVersion>,
    binding: Option<Binding>,
    dialect: Option<Dialect>,
    token_origins: Option<Vec<String>>,
    extensions: Vec<String>,
    stream_timeout: Option<Duration>,
    resubscribe: bool,
}

impl A2AClient {
    /// A builder of a client: its credential, time limits, version, dialect,
    /// extensions ([`A2AClientBuilder`]); it ends with
    /// [`discover`](A2AClientBuilder::discover) or, for a known endpoint,
    /// [`build`](A2AClientBuilder::build).
    pub fn builder() -> A2AClientBuilder {
        A2AClientBuilder::default()
    }

    /// A client of the agent whose card is under `base_url`, with every
    /// option left out (no token): [`A2AClientBuilder::discover`].
    pub async fn discover(base_url: &str) -> Result<A2AClient, Error> {
        A2AClient::builder().discover(base_url).await
    }
}

impl A2AClientBuilder {
    /// The version to speak: [`discover`](Self::discover) then calls the
    /// card's endpoint for it (or its other one), with no -32009 fallback;
    /// [`build`](Self::build) speaks 0.3 unless told 1.0.
    pub fn protocol_version(mut self, version: ProtocolVersion) -> A2AClientBuilder {
        self.own.version = Some(version);
        self
    }

    /// The binding to speak: [`discover`](Self::discover) then keeps to the
    /// card's interfaces of that binding (BAD_RESPONSE when it offers none;
    /// HTTP+JSON is A2A 1.0's only: with [`protocol_version`](Self::protocol_version)
    /// 0.3, INVALID_INPUT); [`build`](Self::build) speaks JSON-RPC unless
    /// told HTTP+JSON (then in 1.0). By default the card's order decides
    /// among its A2A 1.0 interfaces.
    pub fn binding(mut self, binding: Binding) -> A2AClientBuilder {
        self.own.binding = Some(binding);
        self
    }

    /// Whose meanings the server-defined error codes have; by default
    /// Magisterium's for magisterium.com (and, discovered, its simulator), A2A's for any other agent.
    pub fn dialect(mut self, dialect: Dialect) -> A2AClientBuilder {
        self.own.dialect = Some(dialect);
        self
    }

    /// Origins (`https://agents.example`) besides the card's host family
    /// that a fixed token may be sent to, when the card names an endpoint there.
    pub fn token_origins<I: IntoIterator<Item = S>, S: Into<String>>(mut self, origins: I) -> A2AClientBuilder {
        self.own.token_origins = Some(origins.into_iter().map(Into::into).collect());
        self
    }

    /// The A2A extensions (their URIs) to ask for: sent on every request as `A2A-Extensions`.
    pub fn extensions<I: IntoIterator<Item = S>, S: Into<String>>(mut self, uris: I) -> A2AClientBuilder {
        self.own.extensions = uris.into_iter().map(Into::into).collect();
        self
    }

    /// The time limit of a whole stream (default 5 minutes, as a wait's).
    pub fn stream_timeout(mut self, timeout: Duration) -> A2AClientBuilder {
        self.own.stream_timeout = Some(timeout);
        self
    }

    /// Whether a stream whose connection drops (NETWORK) before its task
    /// settles resubscribes to the task once (`tasks/resubscribe`, 1.0
    /// `SubscribeToTask`, with a time limit of its own) and goes on, yielding
    /// no event twice (default false: the stream ends with the error). What
    /// counts as the same event: the core's `sans_io::resume`.
    pub fn resubscribe(mut self, resubscribe: bool) -> A2AClientBuilder {
        self.own.resubscribe = resubscribe;
        self
    }

    /// A client of the agent whose card is under `base_url`
    /// (`/.well-known/agent.json`, then `/.well-known/agent-card.json`): the
    /// interface it chooses (A2A 1.x when offered, the card's first of
    /// JSON-RPC and HTTP+JSON there, else JSON-RPC 0.3), its `tenant`
    /// (if any) named in each 1.0 request ([`A2AClient::tenant`]),
    /// the token kept to its audience. BAD_RESPONSE when no card is found or
    /// it is not one; INVALID_INPUT for refused options, or a fixed token the
    /// card's endpoint may not receive (another host, not in
    /// [`token_origins`](Self::token_origins)).
    pub async fn discover(self, base_url: &str) -> Result<A2AClient, Error> {
        let binding = self.own.binding;
        let found = discover::card(&self.shared(), base_url, self.own.version, binding).await?;
        let origins = self.own.token_origins.as_ref().map(|list| Value::from(list.clone()));
        let settings = self.shared().endpoint(&found.head.endpoint.url).settings()?;
        let fallback = found.head.other.as_ref().map(|(endpoint, _)| endpoint);
        let keep = keep_token_to_audience(&settings.endpoint, fallback, &settings.auth, &found.host, origins.as_ref())
            .map_err(Error::plain)?;
        let head = found.head;
        let route = Route::new(head.endpoint, head.version, head.other.filter(|_| keep));
        let dialect = self.own.dialect.unwrap_or(head.dialect);
        let (streaming, tenant) = (head.streaming, head.tenant.and_then(|t| t.as_str().map(String::from)));
        let card = AgentCard::try_from(found.card).map_err(bad_response)?;
        self.finish(settings, found.http, (route, head.binding, tenant), dialect, streaming, Some(card))
    }

    /// A client of the [`endpoint`](Self::endpoint) (required; INVALID_INPUT
    /// without one, or for a refused option), without discovery: JSON-RPC
    /// 0.3 unless told 1.0 or HTTP+JSON (1.0; with 0.3, or an endpoint with a
    /// query, INVALID_INPUT), A2A's dialect unless the endpoint is
    /// Magisterium's, taken to stream in A2A's dialect.
    pub fn build(self) -> Result<A2AClient, Error> {
        if self.endpoint_set().is_none() {
            return Err(Error::plain(CallError::invalid_input(".endpoint() is required (or use .discover())")));
        }
        let settings = self.shared().settings()?;
        let dialect = self.own.dialect.unwrap_or_else(|| dialect_of(&settings.endpoint, false));
        let binding = self.own.binding.unwrap_or(Binding::JsonRpc);
        let version = match (self.own.version, binding) {
            (Some(ProtocolVersion::V0_3), Binding::HttpJson) => {
                let why = "the HTTP+JSON binding is spoken in A2A 1.0 only, not in 0.3";
                return Err(Error::plain(CallError::invalid_input(why)));
            }
            (None, Binding::HttpJson) => ProtocolVersion::V1_0,
            (version, _) => version.unwrap_or(ProtocolVersion::V0_3),
        };
        if binding == Binding::HttpJson {
            http_json::check_base(&settings.endpoint.url).map_err(Error::plain)?;
        }
        let route = Route::new(settings.endpoint.clone(), version, None);
        let http = self.http()?;
        self.finish(settings, http, (route, binding, None), dialect, dialect == Dialect::A2a, None)
    }

    /// The client of checked `settings` on `route`, in its binding, for its tenant.
    fn finish(
        self,
        settings: Settings<TokenProvider>,
        http: Http,
        (route, binding, tenant): (Route<validate::Endpoint>, Binding, Option<String>),
        dialect: Dialect,
        streaming: bool,
        card: Option<AgentCard>,
    ) -> Result<A2AClient, Error> {
        let stream_timeout_ms = match self.own.stream_timeout {
            Some(limit) => limit_ms(".stream_timeout()", limit)?,
            None => poll::WAIT_TIMEOUT_MS,
        };
        let extensions = validate::extensions_header(&self.own.extensions).map_err(Error::plain)?;
        let timeout_ms = settings.timeout_ms;
        let agent = Agent { route, binding, dialect, extensions, tenant };
        Ok(A2AClient {
            shared: Shared::new(ClientState::of_agent(settings, http, agent)),
            timeout_ms,
            stream_timeout_ms,
            streaming,
            resubscribe: self.own.resubscribe,
            card: card.map(Shared::new),
        })
    }
}
