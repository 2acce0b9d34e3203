//! The simulator's logic behind one entry point, sans-IO: a request whose body was read goes in,
//! a response whose body is a [`ResponseBody`] to play comes out. The native server
//! ([`crate::Simulator`]) and the wasm build (`simulator/wasm`, served by Node) both drive it.

use std::net::{IpAddr, SocketAddr};

use http::header::{CACHE_CONTROL, HeaderValue};
use http::{Method, Request, Response, StatusCode};

use crate::agent_http::{self, agent_path};
use crate::card::{ENDPOINT_PATH, agent_card, base_url, card_scope};
use crate::clock::Clock;
use crate::config::Config;
use crate::faults::{FaultRule, Route};
use crate::http::{
    DeclaredLength, DropConnection, HttpResponse, RequestBody, ResponseBody, method_not_allowed, plain_error,
    raw_response,
};
use crate::oauth::{self, REGISTER_PATH};
use crate::state::{State, lock};
use crate::{a2a, control, cors, host_guard, inject};

/// One simulator's state and its routes.
#[derive(Debug)]
pub struct Handler {
    state: State,
}

impl Handler {
    /// A simulator for `config` (its clock included) with `faults` armed (validated: see
    /// [`FaultRule::validate`]), reachable at `local_addr` (named in the card when a request has
    /// no usable `Host`). The `faults_file` of `config` is not read: its rules are in `faults`.
    pub fn new(config: &Config, faults: Vec<FaultRule>, local_addr: SocketAddr) -> Handler {
        Handler { state: State::new(config, faults, local_addr) }
    }

    /// The clock it reads (shared: advancing it moves the simulator's time).
    pub fn clock(&self) -> &Clock {
        &self.state.clock
    }

    /// The most bytes of a request body to `path` that the server should keep; past it, the
    /// handler is given [`RequestBody::TooLarge`].
    pub fn body_limit(&self, path: &str) -> usize {
        if agent_path(path).is_some() {
            crate::agent::MAX_BODY_BYTES
        } else if oauth::is_oauth_path(path) {
            oauth::MAX_BODY_BYTES
        } else {
            self.state.max_body_bytes
        }
    }

    /// Answers `request` from `peer` (the `/_sim/` controls answer loopback peers only).
    pub fn handle(&self, request: Request<RequestBody>, peer: IpAddr) -> Response<ResponseBody> {
        let state = &self.state;
        let path = request.uri().path().to_string();
        let method = request.method().clone();
        let agent_rest = agent_path(&path);
        let mut response = match (path.as_str(), method) {
            (p, _) if p.starts_with(control::PREFIX) => control::handle(state, request, peer),
            _ if !host_guard::host_allowed(request.headers(), &state.allowed_hosts) => misdirected(),
            _ if agent_rest.is_some() => agent_http::handle(state, request, agent_rest.unwrap_or_default()),
            (REGISTER_PATH, Method::OPTIONS) if state.registration_without_cors => cors::without_cors(),
            (_, Method::OPTIONS) => cors::preflight(),
            (ENDPOINT_PATH, Method::POST) => a2a::handle(state, request),
            (p, _) if oauth::is_oauth_path(p) => oauth::handle(state, request),
            (ENDPOINT_PATH, _) => method_not_allowed("POST, OPTIONS"),
            (p, method) => match card_scope(p) {
                Some(scope) if method == Method::GET => card_response(state, &request, scope),
                Some(_) => method_not_allowed("GET, OPTIONS"),
                None => plain_error(StatusCode::NOT_FOUND, "not found"),
            },
        };
        if response.extensions().get::<DropConnection>().is_some() {
            return response.map(|_| ResponseBody::Drop);
        }
        cors::allow_any_origin(&mut response);
        if let Some(&DeclaredLength(declared)) = response.extensions().get() {
            return raw_response(response, declared);
        }
        response
    }
}

/// The agent card, with any card fault armed for `scope` (the path segment before `/.well-known/`).
fn card_response(state: &State, request: &Request<RequestBody>, scope: Option<&str>) -> HttpResponse {
    let fault = lock(&state.faults).take(Route::Card, scope);
    if let Some(replaced) = fault.as_ref().and_then(|f| inject::replacement(f, b"")) {
        return replaced;
    }
    let card = agent_card(&base_url(request.headers(), state.local_addr));
    let mut response = inject::alter(fault.as_ref(), StatusCode::OK, card);
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    inject::delay(fault.as_ref(), response)
}

/// `421 Misdirected Request` for a `Host` that does not name this machine (DNS rebinding).
fn misdirected() -> HttpResponse {
    plain_error(
        StatusCode::MISDIRECTED_REQUEST,
        "this simulator answers requests naming an IP address or localhost in Host (--allow-host NAME for another name)",
    )
}
