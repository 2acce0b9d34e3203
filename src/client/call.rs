//! One call of a [`Client`](super::Client) or an
//! [`A2AClient`](super::A2AClient): the core's [`Platform`] over the client's
//! shared state and the call's [`Deadline`], so that the core's call loop
//! runs it with every policy the JS client has: the route and version
//! (the core's [`Route`]), each request planned by the core ([`plan`]: the
//! 1.0 request and result shapes, the HTTP+JSON binding's mapping, the
//! headers), and, for a stream, its first event read by the core's
//! event-stream reader ([`EventBody`]).

use super::credential::{Shared, TokenProvider};
use super::error::{Causes, Error};
use super::events::EventBody;
use super::request::Request;
use super::trace;
use super::transport::{self, Deadline, Http, Reply};
use crate::sans_io::agent_route::Route;
use crate::sans_io::call_loop::Failed;
use crate::sans_io::card::{Binding, ProtocolVersion};
use crate::sans_io::error::{self as core_error, Dialect};
use crate::sans_io::exchange::timed_out;
use crate::sans_io::pacing::Pacer;
use crate::sans_io::plan::{self, Plan, Target};
use crate::sans_io::platform::Platform;
use crate::sans_io::retry::RetryPolicy;
use crate::sans_io::settings::{Auth, Settings, provided_token, provider_failed};
use crate::sans_io::validate::Endpoint;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// Whom a client talks to: where its calls go and in which version, whose
/// error meanings apply, and the extensions it asks for.
pub(crate) struct Agent {
    /// The route (an endpoint and its version, and a -32009's other one).
    pub(crate) route: Route<Endpoint>,
    /// The binding of the route's endpoint (HTTP+JSON has no -32009 fallback: it never moves).
    pub(crate) binding: Binding,
    /// Whose meanings the server-defined error codes have.
    pub(crate) dialect: Dialect,
    /// The `A2A-Extensions` header (the URIs joined by commas), when any.
    pub(crate) extensions: Option<String>,
    /// The tenant each 1.0 request names (the chosen interface's, [`crate::sans_io::card::CardHead::tenant`]).
    pub(crate) tenant: Option<String>,
}

/// What every call of one client shares.
pub(crate) struct ClientState {
    /// Where requests went first (the endpoint option, or the card's choice).
    pub(crate) endpoint: Endpoint,
    route: Mutex<Route<Endpoint>>,
    binding: Binding,
    dialect: Dialect,
    extensions: Option<String>,
    tenant: Option<String>,
    /// The token or its provider.
    auth: Auth<TokenProvider>,
    policy: RetryPolicy,
    max_response_bytes: f64,
    /// The `rate_limit` queue (locked only between awaits, never across one).
    pacer: Mutex<Pacer>,
    next_request_id: AtomicU64,
    http: Http,
}

impl ClientState {
    /// The shared state of a Magisterium client with `settings` (its default
    /// timeout is the client handle's): A2A 0.3 at the endpoint, Magisterium's meanings.
    pub(crate) fn new(settings: Settings<TokenProvider>, http: Http) -> ClientState {
        let route = Route::new(settings.endpoint.clone(), ProtocolVersion::V0_3, None);
        let (binding, dialect) = (Binding::JsonRpc, Dialect::Magisterium);
        let agent = Agent { route, binding, dialect, extensions: None, tenant: None };
        ClientState::of_agent(settings, http, agent)
    }

    /// The shared state of a client of `agent`.
    pub(crate) fn of_agent(settings: Settings<TokenProvider>, http: Http, agent: Agent) -> ClientState {
        let Settings { endpoint, auth, timeout_ms: _, policy, pacer, max_response_bytes } = settings;
        let Agent { route, binding, dialect, extensions, tenant } = agent;
        ClientState {
            endpoint,
            route: Mutex::new(route),
            binding,
            dialect,
            extensions,
            tenant,
            auth,
            policy,
            max_response_bytes,
            pacer: Mutex::new(pacer),
            next_request_id: AtomicU64::new(1),
            http,
        }
    }

    /// The route, locked (never across an await).
    pub(crate) fn route(&self) -> MutexGuard<'_, Route<Endpoint>> {
        self.route.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whose meanings the server-defined error codes have.
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The binding calls are made in.
    pub(crate) fn binding(&self) -> Binding {
        self.binding
    }

    /// The tenant each 1.0 request names, if any.
    pub(crate) fn tenant(&self) -> Option<&str> {
        self.tenant.as_deref()
    }
}

/// One call in flight; it owns a handle on its client's state, so a
/// stream's call outlives the method that opened it.
pub(crate) struct CallContext {
    shared: Shared<ClientState>,
    deadline: Deadline,
    causes: Causes,
    /// A stream's call: its requests ask for events, and an event stream's
    /// body, its first event read, waits here for the rest to be read.
    events: Option<Mutex<Option<EventBody>>>,
    /// Answers are brought to the package's shape (all but an agent card's).
    shaped: bool,
    /// The token of the last request (removed from any error of its stream).
    last_token: Mutex<Option<String>>,
    /// The id and plan of the last request (what its events are read with).
    last_id: AtomicU64,
    last_plan: Mutex<Option<Plan<Value>>>,
    /// The extensions header of the last response (what its stream's later events carry).
    activated: Mutex<Option<String>>,
}

impl CallContext {
    /// A call of `shared` that must end within `timeout_ms`.
    pub(crate) fn start(shared: &Shared<ClientState>, timeout_ms: u32) -> Result<CallContext, Error> {
        let deadline = Deadline::start(timeout_ms).map_err(Error::plain)?;
        Ok(CallContext {
            shared: shared.clone(),
            deadline,
            causes: Causes::default(),
            events: None,
            shaped: true,
            last_token: Mutex::new(None),
            last_id: AtomicU64::new(0),
            last_plan: Mutex::new(None),
            activated: Mutex::new(None),
        })
    }

    /// The same call, asking for a stream of events.
    pub(crate) fn streaming(mut self) -> CallContext {
        self.events = Some(Mutex::new(None));
        self
    }

    /// The same call, its answer left as sent (an agent card is no task).
    pub(crate) fn unshaped(mut self) -> CallContext {
        self.shaped = false;
        self
    }

    /// The event stream the call's last request opened, its first event read:
    /// taken out, with the request's id and plan and the extensions header
    /// its response had (each event is read with them), to read the rest.
    pub(crate) fn take_events(&self) -> Option<(EventBody, u64, Plan<Value>, Option<String>)> {
        let events = self.events.as_ref()?.lock().unwrap_or_else(PoisonError::into_inner).take()?;
        let plan = self.last_plan.lock().unwrap_or_else(PoisonError::into_inner).take()?;
        let activated = self.activated.lock().unwrap_or_else(PoisonError::into_inner).clone();
        Some((events, self.last_id.load(Ordering::Relaxed), plan, activated))
    }

    /// The call's time limit and platform failures, for reading its stream.
    pub(crate) fn deadline_and_causes(&self) -> (&Deadline, &Causes) {
        (&self.deadline, &self.causes)
    }

    /// The client's shared state.
    pub(crate) fn shared(&self) -> &ClientState {
        &self.shared
    }

    /// The client's error for a call that failed: the token removed from
    /// what it carries, the platform failure as its source.
    pub(crate) fn error(&self, failed: Failed<Self>) -> Error {
        let fixed = match &self.shared.auth {
            Auth::Token(token) => Some(token.as_str()),
            _ => None,
        };
        let source = self.causes.of(failed.error.cause.as_ref());
        let last = self.last_token.lock().unwrap_or_else(PoisonError::into_inner).clone();
        Error::from_core(failed.error, failed.token.as_deref().or(last.as_deref()).or(fixed), source)
    }
}

impl Platform for CallContext {
    type Json = Value;
    type Token = String;

    fn now_ms(&self) -> f64 {
        transport::now_ms()
    }

    fn random(&self) -> f64 {
        transport::random()
    }

    fn deadline_ms(&self) -> f64 {
        self.deadline.at_ms()
    }

    fn ended(&self) -> Option<core_error::CallError<Value>> {
        self.deadline.passed().then(timed_out)
    }

    async fn sleep(&self, ms: f64) {
        self.deadline.sleep(ms).await;
    }

    fn retry_policy(&self) -> RetryPolicy {
        self.shared.policy
    }

    fn dialect(&self) -> Dialect {
        self.shared.dialect
    }

    fn can_refresh_token(&self) -> bool {
        matches!(self.shared.auth, Auth::Provider(_))
    }

    /// The provider is told the URL the token goes to; not which token was
    /// refused: after a 401 it is asked afresh.
    async fn token(&self, _refused: Option<&String>) -> Result<Option<String>, core_error::CallError<Value>> {
        let provider = match &self.shared.auth {
            Auth::None => return Ok(None),
            Auth::Token(token) => return Ok(Some(token.clone())),
            Auth::Provider(provider) => provider,
        };
        let url = self.shared.route().endpoint().url.clone();
        match self.deadline.within(provider.provide(&url)).await {
            None => Err(timed_out()),
            Some(Ok(token)) => provided_token(Some(token)).map(Some),
            Some(Err(e)) => Err(provider_failed(Some(self.causes.keep(e.into())))),
        }
    }

    /// The request carried out as the core plans it ([`plan::plan`]: to a 1.0
    /// route in 1.0's shape, naming the agent's tenant, with `A2A-Version: 1.0`;
    /// over HTTP+JSON mapped to its verb, URL and body), and the answer (or a
    /// stream's first event) read as the plan says ([`plan::Plan::read`]).
    async fn exchange(
        &self,
        token: Option<&String>,
        body: &str,
    ) -> Result<HttpReply<Value>, core_error::CallError<Value>> {
        let (url, version) = {
            let route = self.shared.route();
            (route.endpoint().url.clone(), route.version())
        };
        let target = Target {
            url: &url,
            version,
            binding: self.shared.binding,
            tenant: self.shared.tenant.as_deref(),
            extensions: self.shared.extensions.as_deref(),
            events: self.events.is_some(),
        };
        let plan = plan::plan(&target, body.to_owned(), serde_json::from_str(body).ok())?;
        let max_bytes = self.shared.max_response_bytes;
        let request = Request { plan: &plan, token: token.map(String::as_str), max_bytes };
        *self.last_token.lock().unwrap_or_else(PoisonError::into_inner) = token.cloned();
        let sent = transport::exchange(&self.shared.http, &self.deadline, request, &self.causes);
        let (reply, activated) = match trace::exchange(plan.verb.as_str(), &plan.url, transport::now_ms, sent).await? {
            Reply::Whole(reply, extensions) => (reply, extensions),
            Reply::Events(status, body, extensions) => {
                let mut events = EventBody::new(status, body, max_bytes);
                let first = events.next(&self.deadline, &self.causes).await?;
                if let Some(slot) = &self.events {
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(events);
                }
                let first = first.unwrap_or(HttpReply {
                    status,
                    retry_after_header: None,
                    cache_control: None,
                    request_id: None,
                    body: None,
                });
                (first, extensions)
            }
        };
        let reply = plan.read(reply, activated.as_deref(), self.shared.dialect, self.shaped)?;
        if self.shaped {
            *self.activated.lock().unwrap_or_else(PoisonError::into_inner) = activated;
        }
        *self.last_plan.lock().unwrap_or_else(PoisonError::into_inner) = Some(plan);
        Ok(reply)
    }

    fn with_pacer<R>(&self, f: impl FnOnce(&mut Pacer) -> R) -> R {
        f(&mut self.shared.pacer.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn next_request_id(&self) -> u64 {
        let id = self.shared.next_request_id.fetch_add(1, Ordering::Relaxed);
        self.last_id.store(id, Ordering::Relaxed);
        id
    }

    fn route_ticket(&self) -> u32 {
        self.shared.route().ticket()
    }

    fn version_refused(&self, ticket: u32) -> bool {
        self.shared.route().refused(ticket)
    }
}
