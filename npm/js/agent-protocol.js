// A2A 1.0 requests and event streams, for `A2AClient` (loaded by
// `transport/lazy-load.js` the first time a client speaks 1.0 or opens a stream, so
// that a page which only talks to Magisterium or to 0.3 agents never
// downloads it). With it comes the core's part that only those calls need,
// a `.wasm` of its own (`protocol-wasm.js`, written into each build by
// `cargo xtask build`): its request plans (`RequestPlan`: the verb, URL,
// headers and body of a request of the core, in 1.0's shape for a 1.0 agent
// and mapped to the HTTP+JSON binding, and the reading of the answer, a bare
// result or a google.rpc-style error, back to what the JSON-RPC binding would
// have answered, in the package's one shape), and its event-stream reader
// (`EventStream`) reads a stream's bytes into events. A stream's body is read
// here and its bytes pushed into the core's reader, each event's `data` a
// JSON-RPC response (over HTTP+JSON a bare event, which the core wraps) that
// the entry's core then decodes (the stream's client's `_event`). Where a call goes,
// the retry in the other version after a -32009, and what an answer means are
// the core's. `exchange` is handed in, so a bundler splits this file (and the
// `.wasm` it loads) off whole. (Each build bundles `transport/failure.js`
// into its copy of this file: wasm-bindgen ships only the files Rust binds.)
import { protocol } from "./protocol-wasm.js";
import { ANSWERED, CORE_ERROR, TOO_LARGE, UNREADABLE } from "./transport/failure.js";

/** The core's lazily loaded exports, once `ready` has resolved. */
let core;

/**
 * This module's `post` and `seen`, once the core's `.wasm` of it is
 * instantiated; rejects when it cannot be (the next call tries again).
 */
export function ready() {
  return protocol().then((loaded) => ((core = loaded), { post, seen, extras }));
}

/**
 * What `client.extras()` resolves with (`client`: an `A2AClient` of the
 * caller's client's session): the calls not every orchestrator needs, each
 * request's params written and each result read by the core here, the call
 * run by the client's session (`_call`, the core's `Call::Other`), each named
 * by its JSON-RPC method (0.3's name, as the core writes it). An argument
 * refused rejects before any request.
 */
function extras(client) {
  const call = async (method, params, options, read) => read(await client._call(method, params, options));
  const push = async (method, taskId, argument, options) =>
    call(method, core.pushParams(method, taskId, argument), options, (result) => core.pushRead(method, result));
  const named = (op) => `tasks/pushNotificationConfig/${op}`;
  return {
    extendedCard: async (options) => (
      core.extendedCardAsked(client.card), call("agent/getAuthenticatedExtendedCard", "{}", options, core.extendedCardRead)
    ),
    createPushNotificationConfig: (taskId, config, options) => push(named("set"), taskId, config, options),
    getPushNotificationConfig: (taskId, configId, options) => push(named("get"), taskId, configId, options),
    listPushNotificationConfigs: (taskId, options) => push(named("list"), taskId, undefined, options),
    deletePushNotificationConfig: (taskId, configId, options) => push(named("delete"), taskId, configId, options).then(() => undefined),
  };
}

/**
 * What a stream that may resubscribe once after a drop (`transport/events.js`'s
 * `stream`, with the call's `options` and `client`, an `A2AClient` of its
 * session) has yielded, by the core's rules (`SeenEvents`): `isNew(event)`
 * notes an event and tells whether to yield it; `after(error)` yields the
 * events of the task's resubscription the consumer has not had when the
 * core deems the error a resumable drop, else throws it; `free()` lets go
 * of its notes (the stream frees `client`).
 */
function seen(client, options) {
  const events = new core.SeenEvents();
  return {
    isNew: (event) => events.isNew(event),
    async *after(error) {
      const id = events.resumeAfter(error.code);
      if (!id) throw error;
      for await (const event of client.subscribeToTask(id, { signal: options.signal, timeoutMs: options.timeoutMs })) {
        if (events.isNew(event)) yield event;
      }
    },
    free: () => events.free(),
  };
}

/**
 * One call's HTTP exchange by `exchange` (`transport/exchange.js`), `request` naming
 * what it needs (see `post` in `transport/lazy-load.js`), as the core plans it
 * (`core.plan`, a `RequestPlan`: the verb, URL, headers and body, in 1.0's
 * shape and over HTTP+JSON as `request.protocolVersion` and `request.binding`
 * say, naming `request.tenant`, asking for events when `request.stream`, and
 * for `request.extensions`, the client's option as the caller gave it, which
 * the core checks and writes as its header, `extensionsHeader`: an invalid
 * option fails the call, INVALID_INPUT), its answer read by the plan
 * (`plan.read`, errors in the Magisterium dialect when `request.magisterium`)
 * into the package's shape. This module carries the plan out and decides
 * nothing: when the plan says the answer is an event stream (`plan.isEvents`),
 * the reply's value is its first event, and the rest of the stream waits on
 * `call.events` (an `Events`) with what decoding them needs (`requestId`,
 * `token`). An error the core read here (before any request, or an HTTP+JSON
 * answer's) is the reply's value, its fields by name, with `failed` CORE_ERROR. The
 * extensions the agent lists in the header the plan names
 * (`plan.activatedFrom`, the first present) are carried with the answer, and
 * with each event of a stream.
 */
function post(exchange, request, call) {
  // An error the core read before any request: the reply's value is its fields.
  const refused = (fields) => Promise.resolve({ status: 0, failed: CORE_ERROR, value: fields });
  const { token, maxBytes } = request;
  let plan;
  try {
    const extensions = request.extensions === undefined ? undefined : core.extensionsHeader(request.extensions);
    plan = core.plan({ ...request, extensions });
  } catch (fields) {
    return refused(fields);
  }
  const extra = { method: plan.method, events: null, activated: null };
  const read = (value, status, headers) => shaped(plan, value, status, headers, extra.activated);
  extra.read = (response) => {
    for (const name of plan.activatedFrom) if ((extra.activated = response.headers.get(name)) !== null) break;
    if (!response.body || !plan.isEvents(response.status, response.headers.get("Content-Type") ?? undefined)) return;
    extra.events = new Events(response.body, new core.EventStream(maxBytes), read, plan);
    return extra.events.read();
  };
  if (call.events) call.events.cancel();
  return exchange({ url: plan.url, token, body: plan.body, headers: plan.headers, maxBytes, io: request.io }, call.signal, extra).then((out) => {
    if (out.failed === ANSWERED) Object.assign(out, read(out.value, out.status, out.headers));
    if (extra.events) Object.assign(call, { requestId: plan.requestId, token, events: extra.events.own() });
    else plan.free();
    return out;
  });
}

/**
 * `{ value }`: an answer (of `status`, with its `headers`), or an event
 * (`status` 200), read by `plan` into the package's shape, as the JSON-RPC
 * response the entry's core reads, with the extensions the agent `activated`
 * (its header's value); or `{ failed: CORE_ERROR, value }`, the fields of the error it
 * is over HTTP+JSON.
 */
function shaped(plan, value, status, headers, activated) {
  try {
    return { value: plan.read(value, status, headers, activated ?? undefined) };
  } catch (fields) {
    return { failed: CORE_ERROR, value: fields };
  }
}

/** An event's data as text: UTF-8, invalid bytes as U+FFFD. */
const utf8 = new TextDecoder();

/**
 * A stream's body read as it arrives, its bytes pushed into the core's
 * event-stream reader (`lines`, an `EventStream`), each event brought to the
 * package's shape (`read`, by the request's `plan`) for the stream's client to
 * decode (`_event`, which `transport/events.js` calls); both freed when the stream ends.
 */
class Events {
  constructor(body, lines, read, plan) {
    this.reader = body.getReader();
    this.lines = lines;
    this.shaped = read;
    this.plan = plan;
  }

  /**
   * The next event as a reply for the entry's core (`{ status,
   * failed, value, … }` as `exchange` resolves with): its data parsed
   * (`undefined` when it is not JSON) and in the package's shape; `failed`
   * UNREADABLE with what was thrown when the read fails, TOO_LARGE when an event is too
   * large, CORE_ERROR with its fields when the event is an HTTP+JSON error;
   * `undefined` at the end.
   */
  async next() {
    const out = { status: 200, failed: ANSWERED, value: undefined };
    try {
      const data = await this.read();
      if (data === undefined) return undefined;
      if (data === null) out.failed = TOO_LARGE;
      else Object.assign(out, this.shaped(parse(data), 200, null));
    } catch (error) {
      Object.assign(out, { failed: UNREADABLE, value: error });
    }
    return out;
  }

  /**
   * The next event's data (a string); `undefined` once the stream has ended
   * (an event cut off by the end is dropped); `null` when an event is larger
   * than the bound (the read is then cancelled; `lines` is kept to decode
   * that failure). Rejects when the read fails (the call's abort or timeout
   * among them).
   */
  async read() {
    for (;;) {
      if (!this.lines) return undefined;
      const data = this.lines.next();
      if (data === null) this.reader.cancel().catch(() => {});
      if (data !== undefined) return data && utf8.decode(data);
      const read = await this.reader.read();
      if (read.done) {
        this.cancel();
        return undefined;
      }
      if (this.lines) this.lines.push(read.value);
    }
  }

  /**
   * Taken over by the call, once its first event was read by the plan: the
   * plan is freed with the reader from then on (now, when the stream has
   * already ended).
   */
  own() {
    this.owned = true;
    if (!this.lines) this.plan.free();
    return this;
  }

  /** Stops reading, which closes the connection, and frees the event-stream reader (and the plan, once `own`ed). */
  cancel() {
    this.reader.cancel().catch(() => {});
    if (this.lines) (this.lines.free(), this.owned && this.plan.free());
    this.lines = null;
  }
}

/** An event's data as JSON, or `undefined` when it is not JSON. */
function parse(data) {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
