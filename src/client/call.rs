//! One call of a [`Client`](super::Client): the core's [`Platform`] over the
//! client's shared state and the call's [`Deadline`], so that the core's
//! call loop runs it with every policy the JS client has.

use super::credential::TokenProvider;
use super::error::{Causes, Error};
use super::transport::{self, Deadline, Http, Request};
use crate::sans_io::call_loop::Failed;
use crate::sans_io::error::{self as core_error, Dialect};
use crate::sans_io::exchange::timed_out;
use crate::sans_io::pacing::Pacer;
use crate::sans_io::platform::Platform;
use crate::sans_io::retry::RetryPolicy;
use crate::sans_io::settings::{Auth, Settings, provided_token, provider_failed};
use crate::sans_io::validate::Endpoint;
use crate::sans_io::wire::HttpReply;
use serde_json::Value;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// What every call of one client shares.
pub(crate) struct ClientState {
    /// Where requests go.
    pub(crate) endpoint: Endpoint,
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
    /// The shared state of a client with `settings` (its default timeout is the client handle's).
    pub(crate) fn new(settings: Settings<TokenProvider>, http: Http) -> ClientState {
        let Settings { endpoint, auth, timeout_ms: _, policy, pacer, max_response_bytes } = settings;
        ClientState {
            endpoint,
            auth,
            policy,
            max_response_bytes,
            pacer: Mutex::new(pacer),
            next_request_id: AtomicU64::new(1),
            http,
        }
    }
}

/// One call in flight.
pub(crate) struct CallContext<'a> {
    shared: &'a ClientState,
    deadline: Deadline,
    causes: Causes,
}

impl<'a> CallContext<'a> {
    /// A call of `shared` that must end within `timeout_ms`.
    pub(crate) fn start(shared: &'a ClientState, timeout_ms: u32) -> Result<CallContext<'a>, Error> {
        let deadline = Deadline::start(timeout_ms).map_err(Error::plain)?;
        Ok(CallContext { shared, deadline, causes: Causes::default() })
    }

    /// The client's error for a call that failed: the token removed from
    /// what it carries, the platform failure as its source.
    pub(crate) fn error(&self, failed: Failed<Self>) -> Error {
        let fixed = match &self.shared.auth {
            Auth::Token(token) => Some(token.as_str()),
            _ => None,
        };
        let source = self.causes.of(failed.error.cause.as_ref());
        Error::from_core(failed.error, failed.token.as_deref().or(fixed), source)
    }
}

impl Platform for CallContext<'_> {
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

    fn ended(&self) -> Option<core_error::Error<Value>> {
        self.deadline.passed().then(timed_out)
    }

    async fn sleep(&self, ms: f64) {
        self.deadline.sleep(ms).await;
    }

    fn retry_policy(&self) -> RetryPolicy {
        self.shared.policy
    }

    fn dialect(&self) -> Dialect {
        Dialect::Magisterium
    }

    fn can_refresh_token(&self) -> bool {
        matches!(self.shared.auth, Auth::Provider(_))
    }

    /// The provider is told the URL the token goes to; not which token was
    /// refused: after a 401 it is asked afresh.
    async fn token(&self, _refused: Option<&String>) -> Result<Option<String>, core_error::Error<Value>> {
        let provider = match &self.shared.auth {
            Auth::None => return Ok(None),
            Auth::Token(token) => return Ok(Some(token.clone())),
            Auth::Provider(provider) => provider,
        };
        match self.deadline.within(provider.provide(&self.shared.endpoint.url)).await {
            None => Err(timed_out()),
            Some(Ok(token)) => provided_token(Some(token)).map(Some),
            Some(Err(e)) => Err(provider_failed(Some(self.causes.keep(e.into())))),
        }
    }

    async fn exchange(&self, token: Option<&String>, body: &str) -> Result<HttpReply<Value>, core_error::Error<Value>> {
        let request = Request {
            url: &self.shared.endpoint.url,
            token: token.map(String::as_str),
            body,
            max_bytes: self.shared.max_response_bytes,
        };
        transport::exchange(&self.shared.http, &self.deadline, request, &self.causes).await
    }

    fn with_pacer<R>(&self, f: impl FnOnce(&mut Pacer) -> R) -> R {
        f(&mut self.shared.pacer.lock().unwrap_or_else(PoisonError::into_inner))
    }

    fn next_request_id(&self) -> u64 {
        self.shared.next_request_id.fetch_add(1, Ordering::Relaxed)
    }
}
