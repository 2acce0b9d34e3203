//! The one executor: a call's future is a [`Task`] that `drive` (in
//! `js/transport.js`) polls each time the promise it awaits settles. An await
//! is [`wait`]: it hands the promise out of the poll and takes its outcome in
//! the next one. This replaces `future_to_promise`/`JsFuture`, which give
//! every await two Rust closures (each registered with a
//! `FinalizationRegistry`) and a microtask queue of their own, and weigh
//! several KB in the bundle.
//!
//! `drive` shares `js/transport.js` instead of having a module of its own:
//! with one more snippet module, the page of wasm-bindgen-test-runner 0.2.130
//! intermittently never finished loading its module graph (8 of 23 runs of
//! one test hung before any test code ran; the same code with `drive` merged
//! here: 20 of 20 clean). The bundle is one file either way.

use alloc::boxed::Box;
use core::cell::Cell;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll, Waker};
use js_sys::Promise;
use wasm_bindgen::prelude::*;

type Outcome = Result<JsValue, JsValue>;

#[wasm_bindgen(module = "/js/transport.js")]
extern "C" {
    /// Polls `task` until its future ends; the promise of its outcome.
    fn drive(task: Task) -> Promise;
}

/// What passes between [`Task::poll`] and the [`Wait`] being polled: the
/// outcome of the promise the task awaited, and the promise it awaits next.
/// Each poll saves and restores both, so no poll sees another task's.
/// (`Cell`s, not a `RefCell`: no borrow can fail, so no borrow-error
/// formatting reaches the bundle.)
struct Exchange {
    settled: Cell<Option<Outcome>>,
    awaiting: Cell<Option<Promise>>,
}

// SAFETY: wasm32-unknown-unknown (without the atomics feature) runs on one thread.
unsafe impl Sync for Exchange {}

static CURRENT: Exchange = Exchange { settled: Cell::new(None), awaiting: Cell::new(None) };

/// A call's future, polled from JS.
#[wasm_bindgen(skip_typescript)]
pub struct Task {
    future: Pin<Box<dyn Future<Output = Outcome>>>,
    output: Option<Outcome>,
}

#[wasm_bindgen]
impl Task {
    /// Polls the future with the outcome of the promise it awaited (`ok`,
    /// `value`; anything on the first poll). The promise it awaits next, or
    /// `undefined` once it has ended (see `ok` and `output`).
    pub fn poll(&mut self, ok: bool, value: JsValue) -> Option<Promise> {
        let saved_settled = CURRENT.settled.replace(Some(if ok { Ok(value) } else { Err(value) }));
        let saved_awaiting = CURRENT.awaiting.take();
        let polled = self.future.as_mut().poll(&mut Context::from_waker(Waker::noop()));
        CURRENT.settled.set(saved_settled);
        let awaiting = CURRENT.awaiting.replace(saved_awaiting);
        match polled {
            Poll::Ready(outcome) => {
                self.output = Some(outcome);
                None
            }
            Poll::Pending => match awaiting {
                Some(promise) => Some(promise),
                None => {
                    // Only `wait` suspends a task: a bug, reported rather than a call that hangs.
                    self.output =
                        Some(Err(js_sys::Error::new("magisterium-a2a: a task suspended without a promise").into()));
                    None
                }
            },
        }
    }

    /// True when the future ended with a value, false with an error.
    #[wasm_bindgen(getter)]
    pub fn ok(&self) -> bool {
        matches!(self.output, Some(Ok(_)))
    }

    /// What the future ended with.
    #[wasm_bindgen(getter)]
    pub fn output(&mut self) -> JsValue {
        match self.output.take() {
            Some(Ok(value) | Err(value)) => value,
            None => JsValue::UNDEFINED,
        }
    }
}

/// `future` as a promise of its outcome.
pub fn run(future: impl Future<Output = Outcome> + 'static) -> Promise {
    drive(Task { future: Box::pin(future), output: None })
}

/// Awaits `promise`: its value, or what it rejected with.
pub fn wait(promise: Promise) -> Wait {
    Wait { promise: Some(promise) }
}

/// The future of [`wait`].
pub struct Wait {
    promise: Option<Promise>,
}

impl Future for Wait {
    type Output = Outcome;

    fn poll(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Outcome> {
        if let Some(promise) = self.promise.take() {
            CURRENT.awaiting.set(Some(promise));
            return Poll::Pending;
        }
        match CURRENT.settled.take() {
            Some(outcome) => Poll::Ready(outcome),
            None => Poll::Pending,
        }
    }
}
