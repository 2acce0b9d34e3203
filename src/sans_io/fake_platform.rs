//! A scripted [`Platform`] for the native tests of the call loop and of
//! `waitForTask`: replies come from a script, sleeps move a fake clock, and
//! every request is recorded. Nothing ever waits, so one poll runs a call.

use super::agent_route::Route;
use super::error::{CallError, Dialect, ErrorCode};
use super::exchange::timed_out;
use super::pacing::Pacer;
use super::platform::Platform;
use super::retry::RetryPolicy;
use super::settings::{provided_token, provider_failed};
use super::wire::HttpReply;
use alloc::collections::VecDeque;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cell::{Cell, RefCell};
use core::future::Future;
use core::pin::pin;
use core::task::{Context, Poll, Waker};
use serde_json::{Value, json};

/// How the fake authenticates.
pub enum FakeAuth {
    /// No token.
    None,
    /// Always this token.
    Fixed(&'static str),
    /// A provider answering these, in order (`None`: it fails).
    Provider(RefCell<VecDeque<Option<&'static str>>>),
}

/// One scripted answer to a request.
pub enum Reply {
    /// A JSON-RPC response with this status; its `id` is set to the request's.
    Rpc(u16, Value),
    /// A status with a body that is not JSON, and its `Retry-After` header.
    Status(u16, Option<&'static str>),
    /// No response at all.
    Network,
    /// The exchange runs until the call's deadline, which ends it.
    Hang,
}

/// What one request carried.
#[derive(Debug)]
pub struct Sent {
    /// The `Authorization` token.
    pub token: Option<String>,
    /// The request body.
    pub body: Value,
    /// When it went, on the fake clock.
    pub at_ms: f64,
    /// The endpoint it went to (the route's; "magisterium" without one).
    pub endpoint: &'static str,
}

/// The scripted platform of one call (or of several, sharing the pacer).
pub struct Fake {
    /// The fake clock.
    pub now: Cell<f64>,
    /// The call's deadline.
    pub deadline: Cell<f64>,
    /// The retry policy.
    pub policy: RetryPolicy,
    /// The token source.
    pub auth: FakeAuth,
    /// Answers, in order.
    pub script: RefCell<VecDeque<Reply>>,
    /// Requests, in order.
    pub sent: RefCell<Vec<Sent>>,
    /// Each sleep asked for.
    pub sleeps: RefCell<Vec<f64>>,
    /// How many times the token was asked for.
    pub token_asks: Cell<u32>,
    /// The refused token each ask named, in order (`None`: a first ask).
    pub refused: RefCell<Vec<Option<String>>>,
    /// The client's pacer.
    pub pacer: RefCell<Pacer>,
    /// Set: the caller aborts the call during its next sleep.
    pub abort_in_sleep: Cell<bool>,
    /// Set: sleeps never end (the call stays pending, as it would on a real clock).
    pub pend_in_sleep: Cell<bool>,
    /// An A2A agent's route (the fake then speaks A2A's dialect); `None`: Magisterium.
    pub route: RefCell<Option<Route<&'static str>>>,
    aborted: Cell<bool>,
    next_id: Cell<u64>,
}

impl Fake {
    /// A fake at 1 000 ms with a 30 s deadline, a fixed token, and `script`.
    pub fn new(script: Vec<Reply>) -> Fake {
        Fake {
            now: Cell::new(1_000.0),
            deadline: Cell::new(31_000.0),
            policy: RetryPolicy::default(),
            auth: FakeAuth::Fixed("fixed-token"),
            script: RefCell::new(script.into()),
            sent: RefCell::new(Vec::new()),
            sleeps: RefCell::new(Vec::new()),
            token_asks: Cell::new(0),
            refused: RefCell::new(Vec::new()),
            pacer: RefCell::new(Pacer::default()),
            abort_in_sleep: Cell::new(false),
            pend_in_sleep: Cell::new(false),
            route: RefCell::new(None),
            aborted: Cell::new(false),
            next_id: Cell::new(1),
        }
    }

    /// A provider answering `tokens` in order.
    pub fn provider(tokens: &[Option<&'static str>]) -> FakeAuth {
        FakeAuth::Provider(RefCell::new(tokens.iter().copied().collect()))
    }

    /// Adds answers to the script.
    pub fn then(&self, replies: Vec<Reply>) {
        self.script.borrow_mut().extend(replies);
    }

    /// The tokens the requests carried.
    pub fn sent_tokens(&self) -> Vec<Option<String>> {
        self.sent.borrow().iter().map(|s| s.token.clone()).collect()
    }
}

impl Platform for Fake {
    type Json = Value;
    type Token = String;

    fn now_ms(&self) -> f64 {
        self.now.get()
    }

    fn random(&self) -> f64 {
        0.5
    }

    fn deadline_ms(&self) -> f64 {
        self.deadline.get()
    }

    fn ended(&self) -> Option<CallError<Value>> {
        if self.aborted.get() {
            Some(CallError::new(ErrorCode::Aborted, "the call was aborted"))
        } else if self.now.get() >= self.deadline.get() {
            Some(timed_out())
        } else {
            None
        }
    }

    async fn sleep(&self, ms: f64) {
        self.sleeps.borrow_mut().push(ms);
        if self.abort_in_sleep.get() {
            self.aborted.set(true);
            return;
        }
        if self.pend_in_sleep.get() {
            core::future::pending::<()>().await;
        }
        let wake = (self.now.get() + ms).min(self.deadline.get());
        self.now.set(wake.max(self.now.get()));
    }

    fn retry_policy(&self) -> RetryPolicy {
        self.policy
    }

    fn dialect(&self) -> Dialect {
        if self.route.borrow().is_some() { Dialect::A2a } else { Dialect::Magisterium }
    }

    fn can_refresh_token(&self) -> bool {
        matches!(self.auth, FakeAuth::Provider(_))
    }

    async fn token(&self, refused: Option<&String>) -> Result<Option<String>, CallError<Value>> {
        self.token_asks.set(self.token_asks.get() + 1);
        self.refused.borrow_mut().push(refused.cloned());
        match &self.auth {
            FakeAuth::None => Ok(None),
            FakeAuth::Fixed(token) => Ok(Some(token.to_string())),
            FakeAuth::Provider(answers) => match answers.borrow_mut().pop_front().flatten() {
                Some(token) => provided_token(Some(token.to_string())).map(Some),
                None => Err(provider_failed(Some(json!("provider broke")))),
            },
        }
    }

    async fn exchange(&self, token: Option<&String>, body: &str) -> Result<HttpReply<Value>, CallError<Value>> {
        let body: Value = serde_json::from_str(body).expect("the loop sends JSON");
        let id = body["id"].clone();
        let endpoint = self.route.borrow().as_ref().map_or("magisterium", |route| *route.endpoint());
        self.sent.borrow_mut().push(Sent { token: token.cloned(), body, at_ms: self.now.get(), endpoint });
        let reply = self.script.borrow_mut().pop_front().expect("a scripted reply for every request");
        self.now.set(self.now.get() + 10.0);
        match reply {
            Reply::Rpc(status, mut body) => {
                body["jsonrpc"] = json!("2.0");
                body["id"] = id;
                Ok(HttpReply {
                    status,
                    retry_after_header: None,
                    cache_control: None,
                    request_id: None,
                    body: Some(body),
                })
            }
            Reply::Status(status, retry_after) => Ok(HttpReply {
                status,
                retry_after_header: retry_after.map(str::to_string),
                cache_control: None,
                request_id: None,
                body: None,
            }),
            Reply::Network => Err(CallError::new(ErrorCode::Network, "the request failed")),
            Reply::Hang => {
                self.now.set(self.deadline.get());
                Err(timed_out())
            }
        }
    }

    fn with_pacer<R>(&self, f: impl FnOnce(&mut Pacer) -> R) -> R {
        f(&mut self.pacer.borrow_mut())
    }

    fn next_request_id(&self) -> u64 {
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        id
    }

    fn route_ticket(&self) -> u32 {
        self.route.borrow().as_ref().map_or(0, Route::ticket)
    }

    fn version_refused(&self, ticket: u32) -> bool {
        self.route.borrow_mut().as_mut().is_some_and(|route| route.refused(ticket))
    }
}

/// Runs `future` to its end; the fake platform never leaves one pending.
pub fn block_on<F: Future>(future: F) -> F::Output {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => output,
        Poll::Pending => panic!("a future over the fake platform waited"),
    }
}

/// A completed `document_search` task with one hit.
pub fn search_result() -> Value {
    json!({"result": {"kind": "task", "id": "t-1", "contextId": "c-1", "status": {"state": "completed"},
        "artifacts": [{"artifactId": "a", "name": "search_results",
            "parts": [{"kind": "data", "data": {"results": [{"id": "10001", "url": "u", "title": "T"}]}}]}]}})
}

/// A task in `state`, as `tasks/get` returns it.
pub fn task_in(state: &str) -> Value {
    json!({"result": {"kind": "task", "id": "t-1", "contextId": "c-1", "status": {"state": state}}})
}

/// A JSON-RPC error.
pub fn rpc_error(code: i64, message: &str, data: Value) -> Value {
    json!({"error": {"code": code, "message": message, "data": data}})
}
