//! The one executor: a call's future is a [`DrivenCall`] that `drive` (in
//! `js/transport.js`) polls each time the promise it awaits settles. An await
//! is [`wait`]: it hands the promise out of the poll and takes its outcome in
//! the next one (the bookkeeping, and why no await can take another's
//! outcome, is in `crate::executor`). This replaces
//! `future_to_promise`/`JsFuture`, which give every await two Rust closures
//! (each registered with a `FinalizationRegistry`) and a microtask queue of
//! their own, and weigh several KB in the bundle.
//!
//! `drive` (`js/transport/driver.js`) reaches wasm-bindgen inside the one
//! snippet `js/transport.js` that `npm/build.rs` joins, not as a snippet of its own:
//! with one more snippet module, the page of wasm-bindgen-test-runner 0.2.130
//! intermittently never finished loading its module graph (8 of 23 runs of
//! one test hung before any test code ran; the same code with `drive` merged
//! here: 20 of 20 clean). The bundle is one file either way.

use crate::executor::{self, AwaitBug, Handoff, Polled};
use core::future::Future;
use js_sys::Promise;
use wasm_bindgen::prelude::*;

type Settled = Result<JsValue, JsValue>;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// Polls `call` until its future ends; the promise of its outcome.
    fn drive(call: DrivenCall) -> Promise;
}

// SAFETY: the handoff lives in `CURRENT`, reached only from the thread of
// this wasm instance: without the `atomics` target feature, wasm32 code runs
// on one thread (and the JS values it holds belong to that thread's realm).
// With `atomics` this impl does not exist and `CURRENT` fails to compile.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl Sync for Handoff<Promise, Settled> {}

/// The handoff every call is polled through (`drive` polls from promise
/// callbacks, so polls never overlap).
static CURRENT: Handoff<Promise, Settled> = Handoff::new();

/// A call's future, polled from JS.
#[wasm_bindgen(skip_typescript)]
pub struct DrivenCall {
    future: executor::Resumable<Settled>,
    output: Option<Settled>,
}

#[wasm_bindgen]
impl DrivenCall {
    /// Polls the future with the outcome of the promise it awaited (`ok`,
    /// `value`; anything on the first poll). The promise it awaits next, or
    /// `undefined` once it has ended (see `output`).
    pub fn poll(&mut self, ok: bool, value: JsValue) -> Option<Promise> {
        let end = match self.future.poll(&CURRENT, if ok { Ok(value) } else { Err(value) }) {
            Polled::Await(promise) => return Some(promise),
            Polled::Done(outcome) => outcome,
            // A bug in the call's code: a clear rejection rather than a wrong outcome or a call that hangs.
            Polled::Bug(bug) => Err(js_sys::Error::new(match bug {
                AwaitBug::TwoAwaits => "magisterium-a2a: a call awaited two promises at once",
                AwaitBug::NoPromise => "magisterium-a2a: a call suspended without a promise to await",
            })
            .into()),
        };
        self.output = Some(end);
        None
    }

    /// What the future ended with: its value, or thrown, its error.
    #[wasm_bindgen(getter)]
    pub fn output(&mut self) -> Settled {
        self.output.take().unwrap_or(Ok(JsValue::UNDEFINED))
    }
}

/// `future` as a promise of its outcome.
pub fn run(future: impl Future<Output = Settled> + 'static) -> Promise {
    drive(DrivenCall { future: executor::Resumable::new(future), output: None })
}

/// The future of [`wait`].
pub type Wait = executor::Wait<'static, Promise, Settled>;

/// Awaits `promise`: its value, or what it rejected with.
pub fn wait(promise: Promise) -> Wait {
    CURRENT.wait(promise)
}
