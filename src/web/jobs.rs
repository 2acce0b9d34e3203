//! What a method asks for, and the one future every method of every client
//! class shares (one state machine, driven by [`super::driver`]).

use super::arguments::{self, Method};
use super::convert;
use super::discovery;
use super::error::to_js;
use super::options::CallConfig;
use super::session::{Failed, Session};
use super::transport::CallSignal;
use crate::core::call::{Call, Outcome};
use crate::core::json::JsonView;
use crate::core::poll::{self, Backoff};
use alloc::rc::Rc;
use alloc::string::String;
use js_sys::Promise;
use wasm_bindgen::JsValue;

/// The default time limit of `waitForTask`: a task may take a while.
pub const WAIT_TIMEOUT_MS: u32 = 300_000;

/// A client method's work.
pub enum Job {
    /// One JSON-RPC call.
    Call(Call),
    /// `waitForTask`: `tasks/get` until the task settles.
    Wait {
        /// The task.
        id: String,
        /// The first interval between polls.
        first_interval_ms: f64,
    },
}

/// Work for the shared future.
pub enum Work {
    /// A job of a client's session.
    Job(Rc<Session>, Job, CallConfig),
    /// `A2AClient.discover(baseUrl, options)`, arguments as given: resolves with a new client.
    Discover(JsValue, JsValue),
}

/// Runs `method` of a client, or rejects at once with the INVALID_INPUT that
/// reading its arguments met. Every method of both classes comes through here.
#[inline(never)]
pub fn start(session: &Rc<Session>, method: Method, argument: &JsValue, options: &JsValue) -> Promise {
    match arguments::prepare(method, argument, options) {
        Ok((job, config)) => run(Work::Job(session.clone(), job, config)),
        Err(error) => Promise::reject(&to_js(error, None)),
    }
}

/// `work` as a Promise that rejects only with `MagisteriumError`.
pub fn run(work: Work) -> Promise {
    super::driver::run(perform(work))
}

async fn perform(work: Work) -> Result<JsValue, JsValue> {
    let (session, job, options) = match work {
        Work::Job(session, job, options) => (session, job, options),
        Work::Discover(base_url, options) => return discovery::discover(base_url, options).await.map(JsValue::from),
    };
    let default_timeout = match job {
        Job::Call(_) => session.config.timeout_ms,
        Job::Wait { .. } => WAIT_TIMEOUT_MS,
    };
    let signal =
        CallSignal::start(options.signal, options.timeout_ms.unwrap_or(default_timeout)).map_err(|e| to_js(e, None))?;
    let outcome = match job {
        Job::Call(call) => session.call(&call, &signal).await,
        Job::Wait { id, first_interval_ms } => wait(&session, id, first_interval_ms, &signal).await,
    };
    outcome.map(convert::outcome).map_err(|Failed { error, token }| to_js(error, token.as_deref()))
}

/// Polls `tasks/get` with backoff until the task is terminal or needs the caller.
async fn wait(
    session: &Session,
    id: String,
    first_interval_ms: f64,
    signal: &CallSignal,
) -> Result<Outcome<JsValue>, Failed> {
    let get = Call::GetTask(id);
    let mut backoff = Backoff::new(first_interval_ms);
    loop {
        let task = session.call(&get, signal).await?;
        let state = match &task {
            Outcome::Task(task) => task.get("status").and_then(|s| s.get_string("state")),
            _ => None,
        };
        if state.as_deref().is_some_and(poll::is_settled) {
            return Ok(task);
        }
        signal.sleep(backoff.next_interval()).await;
        if signal.is_aborted() {
            return Err(Failed { error: signal.aborted_error(), token: None });
        }
    }
}
