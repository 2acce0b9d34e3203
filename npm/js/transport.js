// The client's I/O, on the JS side of the boundary: asking the tokenProvider,
// one call's cancellation (the caller's signal and the call's timeout as one
// AbortController), one HTTP exchange (`fetch`, the body read within its size bound and `JSON.parse`),
// and the driver that runs a call's Rust future across the promises it awaits.
// Written in JS because each is a handful of browser calls: from Rust every
// one of them would be a crossing, and the async glue around them would weigh
// more in the bundle than these lines. Every decision stays in Rust: what to
// send, what the reply means, whether to retry.

/**
 * A `tokenProvider`'s answer for a request to `url`: it is told the URL the
 * token goes to (`{ url }`), and after the server refused a token (a 401)
 * which one (`{ url, rejectedToken }`).
 */
export function askToken(provider, url, rejectedToken) {
  const context = { url };
  if (rejectedToken !== undefined) context.rejectedToken = rejectedToken;
  return provider(context);
}

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
   * takes it over (`events`, below): `dispose` then leaves the
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

/**
 * Whether the global `name` is defined: the facts the core's runtime rule
 * judges (`Globals` in `src/sans_io/exchange.rs`: a browser's page, where
 * `fetch` resolves `*.localhost` itself and CORS may refuse a response, one of
 * its workers, or elsewhere).
 */
export const hasGlobal = (name) => name in globalThis;

/**
 * What `new URL(text)` makes of `text`, in one crossing: `undefined` when it
 * throws, else a digit (1 when a username or password is present, else 0),
 * then `protocol`, `"\n"`, `hostname`, `"\n"`, `href`. The parser removes
 * every tab and newline from its input, so no part holds one.
 */
export function urlParts(text) {
  try {
    const url = new URL(text);
    return (url.username || url.password ? 1 : 0) + url.protocol + "\n" + url.hostname + "\n" + url.href;
  } catch {
    return undefined;
  }
}

// Bounding a body (docs/design.md): the one rule of the package's JS, read
// by the client here, by the parish proxy (`proxy/`) and by the sign-in
// (`auth/`), and held with the core's `BodyLimit` to one table of cases
// (tests/fixtures/declared-lengths.json).

/**
 * The length a `Content-Length` declares: ASCII digits, with spaces or tabs
 * around them, as a number (`Infinity` past the largest one); anything else
 * (absent, a sign, an exponent, hex, a list, other blanks or digits)
 * declares nothing: `NaN`, which no comparison passes.
 */
export function declaredLength(value) {
  return value !== null && /^[ \t]*[0-9]+[ \t]*$/.test(value) ? Number(value) : NaN;
}

/** Decodes a body as `response.text()` does: UTF-8, a leading BOM dropped, invalid bytes as U+FFFD. */
const utf8 = new TextDecoder();

/**
 * The body of `message` (a Request or a Response) as text, or `null` when it
 * is longer than `limit` bytes: refused from its `Content-Length` when that
 * declares more, else counted as the bytes arrive (`fetch` has already undone
 * any `Content-Encoding`, so these are the decoded bytes a compressed body
 * expands to) and cancelled as soon as the count passes `limit`, which ends
 * the request: no more than one chunk past the limit is held. Rejects when
 * the read fails or the call's signal aborts it.
 */
export async function boundedText(message, limit) {
  const body = message.body;
  if (declaredLength(message.headers.get("Content-Length")) > limit) {
    if (body) body.cancel().catch(() => {});
    return null;
  }
  if (!body) return "";
  const reader = body.getReader();
  const chunks = [];
  let size = 0;
  for (let read; !(read = await reader.read()).done; ) {
    size += read.value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(read.value);
  }
  // One decode over the whole body: most bodies arrive in one chunk, decoded as it is.
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return utf8.decode(bytes);
}

/**
 * One HTTP exchange: POSTs `body` (or GETs, without one) with exactly
 * `Content-Type: application/json` (with a body) and, with a token,
 * `Authorization: Bearer …`, following no redirect; `extra` (an A2A agent's call, from
 * `agent-protocol.js`) adds its `headers` and may name the `method`, and its
 * `read(response)` may take the body over: when it returns a promise (of
 * text, or `null` for too large), that is the body read.
 * Never rejects; resolves with
 * `{ status, failed, value, retryAfter, cacheControl }`: `failed` is 1 when
 * the request failed, 2 when the body could not be read (`value` is then what
 * was thrown), 3 when the body is larger than `maxBytes` (refused from its
 * `Content-Length` before the download when it declares more, else stopped as
 * soon as the bytes read pass it), else 0 (`value` is then the parsed JSON,
 * `undefined` when the body is not JSON); `retryAfter` is read from a
 * response that is not 2xx, `cacheControl` from one to a GET.
 */
export function exchange(url, token, body, maxBytes, signal, extra) {
  const headers = {};
  // A redirect is not followed, as the Rust client and the proxy follow none: a 307 to another origin would re-post
  // the message there and return that origin's task as the agent's answer. The 3xx itself is the answer the core reads
  // (BAD_RESPONSE, `HTTP 307`), as the Rust client's; a browser hides it (an opaque redirect, status 0): the same error.
  const init = { headers, signal, redirect: "manual" };
  if (body !== undefined) {
    init.method = "POST";
    init.body = body;
    headers["Content-Type"] = "application/json";
  }
  if (token !== undefined) headers.Authorization = "Bearer " + token;
  if (extra) Object.assign(headers, extra.headers);
  if (extra && extra.method) init.method = extra.method;
  const out = reply(0, 1, undefined);
  const fail = (error) => {
    out.value = error;
    return out;
  };
  return fetch(url, init).then((response) => {
    const read = response.headers;
    out.status = response.status;
    // Read by the core (the server's request id, `plan::request_id`).
    out.headers = read;
    out.failed = 2;
    // Only what the core reads: `Retry-After` of a failure, `Cache-Control` of a card (a GET).
    if (!response.ok) out.retryAfter = read.get("Retry-After");
    if (body === undefined) out.cacheControl = read.get("Cache-Control");
    const first = extra && extra.read && extra.read(response);
    if (first) {
      return first.then((data) => {
        out.failed = data === null ? 3 : 0;
        out.value = parseJson(data);
        return out;
      }, fail);
    }
    return boundedText(response, maxBytes).then((text) => {
      out.failed = text === null ? 3 : 0;
      out.value = parseJson(text);
      return out;
    }, fail);
  }, fail);
}

/** What `exchange` resolves with, before the response's headers are read. */
function reply(status, failed, value) {
  return { status, failed, value, retryAfter: null, cacheControl: null };
}

/** `text` parsed as JSON; `undefined` when it is not JSON (the core says what that status without a JSON body means). */
function parseJson(text) {
  try {
    return typeof text === "string" ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

// A2A agents' calls (`A2AClient`). A request for Magisterium, or for any
// 0.3 agent outside a stream, goes to `exchange` as it is: its bytes are
// those it had before A2A 1.0 came to the package. What 1.0 requests and
// streams need beyond that is in `agent-protocol.js`, loaded the first time a
// client needs it. Where a call goes, in which version, and what the answer
// means are the core's (in Rust). (Here rather than in a module of its own for
// the reason the driver is: see below.)

let protocol;
/**
 * `agent-protocol.js` and the core's `.wasm` it brings, loaded once (a failed
 * load is tried again by the next call).
 */
const load = () =>
  (protocol =
    protocol ||
    import("./agent-protocol.js")
      .then((p) => p.ready())
      .catch((error) => ((protocol = undefined), Promise.reject(error))));

/** What `client.extras()` resolves with (`extras` in `agent-protocol.js`), `client` an `A2AClient` of its session. */
export const extras = (client) => load().then((p) => p.extras(client));

/**
 * One call's HTTP exchange, `request` naming what it needs: `url`,
 * `protocolVersion` ("0.3" or "1.0") and `binding` ("JSONRPC" or
 * "HTTP+JSON", as `client.protocolVersion` and `client.binding` say them),
 * `magisterium` (its errors read in the Magisterium dialect), `token`, `body`
 * (the JSON-RPC request the core wrote), `maxBytes`, `stream` (the call asks
 * for events), `extensions` (the `extensions` option as given, or
 * `undefined`) and `tenant` (the interface's, or `undefined`); see
 * `exchange`, above, for what it resolves with (`failed` may also be 4,
 * `value` then an error's fields, see `agent-protocol.js`). A 0.3 call outside
 * a stream and without extensions is `exchange` itself; the others are planned
 * by the core through `agent-protocol.js` (a failure to load it is the
 * request's failure).
 */
export function post(request, call) {
  const { url, protocolVersion, token, body, maxBytes, stream, extensions } = request;
  if (protocolVersion === "0.3" && !stream && extensions === undefined) return exchange(url, token, body, maxBytes, call.signal);
  return load().then((p) => p.post(exchange, request, call), (error) => reply(0, 1, error));
}

/**
 * The `AsyncIterable` of a stream: its first event (or, from an agent that
 * cannot stream, the one result) once `opened` resolves with
 * `{ first, call }`, then each event `call.events` reads, decoded by
 * `client` (an `A2AClient` of the same session: its `_event(call, reply)`
 * returns the `MagisteriumError` of a failed one, thrown here). Leaving the
 * loop, an error, or the end of the stream, or `return()` before any
 * `next()`, closes the connection and ends the call at once; a stream never
 * iterated is ended by the call's signal or timeout. With
 * `options.resubscribe` (checked a boolean by the core's `call_config`), the
 * events are noted by `agent-protocol.js`'s `seen`, whose `after` resubscribes
 * through `client` once after a drop. `client` is freed when the stream ends
 * (never iterated, by the garbage collector).
 */
export function events(opened, options, client) {
  opened.catch(() => {});
  const iterator = stream(opened, options, client);
  const close = iterator.return;
  // A `return()` before the first `next()` never enters the generator: the call is ended here too.
  iterator.return = (value) => (opened.then((first) => first.call.end(), () => {}), close.call(iterator, value));
  return iterator;
}

async function* stream(opened, options, client) {
  const { first, call } = await opened;
  const seen = options?.resubscribe === true ? (await load()).seen(client, options) : undefined;
  try {
    if (!seen || seen.isNew(first)) yield first;
    for (let reply; call.events && (reply = await call.events.next()); ) {
      const event = client._event(call, reply);
      if (event instanceof Error) {
        if (!seen) throw event;
        call.end();
        return yield* seen.after(event);
      }
      if (!seen || seen.isNew(event)) yield event;
    }
  } finally {
    call.end();
    if (seen) seen.free();
    client.free();
  }
}

// The driver: each time a call's future awaits a promise, the promise settles
// here and the future is polled again with the outcome. No Rust closure is
// handed to JS, so an await costs one `then` and one crossing. (It lives in
// this module rather than its own: wasm-bindgen-test-runner's page stalled
// intermittently while loading one more snippet module; see npm/src/driver.rs.
// It stalled again, before any test ran, with the section above as a module of its own.)

/**
 * Drives `call` (a Rust `DrivenCall`); resolves or rejects as its future ends. A
 * poll that throws (a trap: a bug, never outside data) rejects the call
 * instead of leaving it pending forever.
 */
export function drive(call) {
  return new Promise((resolve, reject) => {
    const step = (ok, value) => {
      let awaited;
      try {
        awaited = call.poll(ok, value);
      } catch (trap) {
        return reject(trap);
      }
      if (awaited !== undefined) {
        awaited.then((settled) => step(true, settled), (error) => step(false, error));
        return;
      }
      // `output` is the call's value, or throws its error.
      try {
        resolve(call.output);
      } catch (error) {
        reject(error);
      }
      call.free();
    };
    // The first poll runs after the calling method returned, as later ones do.
    queueMicrotask(() => step(true, undefined));
  });
}
