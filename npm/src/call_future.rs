//! The one future every method of both client classes runs (one state
//! machine in the bundle, driven by [`crate::driver`]): a method's job on its
//! client's session, or a discovery.

use crate::arguments::{self, ClientMethod, Job};
#[cfg(feature = "agents")]
use crate::discovery;
use crate::js_error::to_js;
use crate::js_platform::{JsPlatform, Session, failed};
use crate::js_results;
use crate::options::CallConfig;
use crate::transport::CallSignal;
use alloc::rc::Rc;
use js_sys::Promise;
use magisterium_a2a::sans_io::call::Outcome;
use magisterium_a2a::sans_io::call_loop;
use magisterium_a2a::sans_io::poll;
#[cfg(feature = "agents")]
use magisterium_a2a::sans_io::wire::Method;
use wasm_bindgen::JsValue;

/// Work for the shared future.
pub enum Work {
    /// A job of a client's session.
    Job(Rc<Session>, Job, CallConfig),
    #[cfg(feature = "agents")]
    /// `A2AClient.discover(baseUrl, options)`, arguments as given: resolves
    /// with the client of what it finds (`From<Discovered> for JsValue`).
    Discover(JsValue, JsValue),
}

/// Runs `method` of a client, or rejects at once with the INVALID_INPUT that
/// reading its arguments met. Every method of both classes comes through here.
#[inline(never)]
pub fn start(session: &Rc<Session>, method: ClientMethod, argument: &JsValue, options: &JsValue) -> Promise {
    match arguments::prepare(method, argument, options, session.streaming()) {
        Ok((job, config)) => run(Work::Job(session.clone(), job, config)),
        Err(error) => Promise::reject(&to_js(error, None)),
    }
}

/// `work` as a Promise that rejects only with `MagisteriumError`.
pub fn run(work: Work) -> Promise {
    crate::driver::run(perform(work))
}

async fn perform(work: Work) -> Result<JsValue, JsValue> {
    let (session, job, options) = match work {
        Work::Job(session, job, options) => (session, job, options),
        #[cfg(feature = "agents")]
        Work::Discover(base_url, options) => {
            let discovered = discovery::discover(&base_url, &options).await.map_err(|e| to_js(e, None))?;
            return Ok(JsValue::from(discovered));
        }
    };
    let events = options.events();
    // A stream is bounded as a wait is: the whole of it, by default five minutes.
    let default_timeout = match job {
        Job::Call(_) if !events => session.settings.timeout_ms,
        _ => poll::WAIT_TIMEOUT_MS,
    };
    let signal =
        CallSignal::start(options.signal, options.timeout_ms.unwrap_or(default_timeout)).map_err(|e| to_js(e, None))?;
    #[cfg(feature = "agents")]
    let stream =
        matches!(&job, Job::Call(call) if matches!(call.method(), Method::MessageStream | Method::TasksResubscribe));
    // The core's loops awaited right here: no async wrapper between them and this future.
    let platform = JsPlatform {
        session: &session,
        signal: &signal,
        #[cfg(feature = "agents")]
        stream,
    };
    let outcome = match job {
        Job::Call(call) => call_loop::run(&platform, &call).await,
        Job::Wait { id, first_interval_ms } => {
            poll::wait_for_task(&platform, id, first_interval_ms).await.map(Outcome::Task)
        }
    };
    let value = outcome.map(js_results::outcome).map_err(failed)?;
    #[cfg(feature = "agents")]
    if events {
        return Ok(signal.keep(&value));
    }
    Ok(value)
}
