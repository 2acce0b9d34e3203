// One call's cancellation: the caller's signal and the call's timeout as one
// AbortController, every call in flight timed by one shared timer.

/** The reason the controller aborts with when the call's time is up. */
const TIMEOUT = "magisterium-a2a: timeout";
/** The longest delay `setTimeout` honours (2^31 - 1 ms). */
const MAX_DELAY = 2147483647;

/**
 * The calls in flight, each due at a time on the monotonic `performance.now()`
 * clock, and the one timer armed for the earliest: a timer per call would cost
 * every call a `setTimeout` and a `clearTimeout`, most of them for calls that
 * end long before they are due.
 */
const inFlight = new Set();
let timer;
let timerAt = Infinity;

/** Arms the shared timer for `at` unless it already fires sooner. */
function arm(at) {
  if (at >= timerAt) return;
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(expire, Math.min(Math.max(at - performance.now(), 0), MAX_DELAY));
}

/** Aborts every call that is due and re-arms for the next one. */
function expire() {
  timerAt = Infinity;
  const now = performance.now();
  let next = Infinity;
  for (const call of inFlight) {
    if (call.due <= now) {
      inFlight.delete(call);
      call.controller.abort(TIMEOUT);
    } else if (call.due < next) next = call.due;
  }
  if (next < Infinity) arm(next);
}

/** In Node, the shared timer keeps the process alive only while a call is in flight. */
function holdProcess(hold) {
  if (timer && typeof timer.ref === "function") hold ? timer.ref() : timer.unref();
}

/** One call's cancellation: aborted by the caller's `AbortSignal` or by the call's timeout. */
export class CallSignal {
  /**
   * @param {AbortSignal | undefined} caller the caller's signal (already aborted: so is this call)
   * @param {number} timeoutMs the call's time limit
   */
  constructor(caller, timeoutMs) {
    const controller = new AbortController();
    this.controller = controller;
    this.signal = controller.signal;
    this.caller = caller;
    // `deadline` (wall clock) is what the Rust retry budget reads; `due` times the abort.
    this.deadline = Date.now() + timeoutMs;
    this.due = performance.now() + timeoutMs;
    this.forward = caller && (() => controller.abort());
    if (caller) caller.aborted ? controller.abort() : caller.addEventListener("abort", this.forward, { once: true });
    inFlight.add(this);
    arm(this.due);
    holdProcess(true);
  }

  /** True once the call is aborted or timed out. */
  get aborted() {
    return this.signal.aborted;
  }

  /** True when the call ended by its timeout. */
  get timedOut() {
    return this.signal.reason === TIMEOUT;
  }

  /** The reason the caller gave `abort(reason)`, if any. */
  get callerReason() {
    return this.caller ? this.caller.reason : undefined;
  }

  /** `promise`, or a rejection as soon as the call is aborted. */
  race(promise) {
    const signal = this.signal;
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason);
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      const settle = (then) => (value) => {
        signal.removeEventListener("abort", abort);
        then(value);
      };
      Promise.resolve(promise).then(settle(resolve), settle(reject));
    });
  }

  /** Resolves after `ms`, or sooner when the call is aborted (never rejects). */
  sleep(ms) {
    const signal = this.signal;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(wake);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const wake = setTimeout(done, Math.min(Math.max(ms, 0), MAX_DELAY));
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /**
   * The call's value, handed with the call itself to the event stream that
   * takes it over (`events`, in `events.js`): `dispose` then leaves the
   * call running, and the stream ends it.
   */
  keep(first) {
    this.kept = true;
    return { first, call: this };
  }

  /** The Rust side is done with the call: it is over, unless an event stream has kept it. */
  dispose() {
    if (!this.kept) this.end();
  }

  /** Stops the clock, closes any event stream, and lets go of the caller's signal (the call is over). */
  end() {
    inFlight.delete(this);
    if (inFlight.size === 0) holdProcess(false);
    if (this.caller) this.caller.removeEventListener("abort", this.forward);
    if (this.events) this.events.cancel();
  }
}
