// A2A 1.0 requests and event streams, for `A2AClient` (loaded by
// `transport.js` the first time a client speaks 1.0 or opens a stream, so
// that a page which only talks to Magisterium or to 0.3 agents never
// downloads it). With it comes the core's part that only those calls need,
// a `.wasm` of its own (`protocol-wasm.js`, written into each build by
// `cargo xtask build`): its request shape writes a request of the core (0.3's
// shape) in 1.0's for a 1.0 agent (methods, roles, parts,
// `returnImmediately`; this module adds the `A2A-Version` header), its
// result shape brings every answer and event to the package's one shape, and
// its event-stream reader (`EventStream`) reads a stream's bytes into
// events. A stream's body is read
// here and its bytes pushed into the core's reader, each event's `data` a
// JSON-RPC response that the entry's core then decodes (`EventReader`'s
// `read`). Where a call goes, the retry in the other version after a -32009,
// and what an answer means are the core's. `exchange` is handed in, so a
// bundler splits this file (and the `.wasm` it loads) off whole.
import { protocol } from "./protocol-wasm.js";

/** The core's lazily loaded exports, once `ready` has resolved. */
let core;

/**
 * This module's `post` and `seen`, once the core's `.wasm` of it is
 * instantiated; rejects when it cannot be (the next call tries again).
 */
export function ready() {
  return protocol().then((loaded) => ((core = loaded), { post, seen }));
}

/**
 * What a stream that may resubscribe once after a drop (`transport.js`'s
 * `stream`, with the call's `options` and `client`, an `A2AClient` of its
 * session) has yielded, by the core's rules (`SeenEvents`): `isNew(event)`
 * notes an event and tells whether to yield it; `after(error)` yields the
 * events of the task's resubscription the consumer has not had when the
 * core deems the error a resumable drop, else throws it; `free()` lets go
 * of both.
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
    free: () => (events.free(), client.free()),
  };
}

/**
 * One call's HTTP exchange with `url` by `exchange` (`transport.js`), in A2A
 * 1.0 when `v1` (see `post` in `transport.js`), its answer in the package's
 * shape. A stream (`reader`: the entry's `EventReader`, which decodes its
 * events) asks for `text/event-stream`; when the agent answers with one, the
 * reply's value is its first event, and the rest of the stream waits on
 * `call.events` (an `Events`) with what decoding them needs (`requestId`,
 * `token`).
 */
function post(exchange, url, v1, token, body, maxBytes, call, reader) {
  const extra = { headers: {}, events: null };
  if (reader) {
    extra.headers.Accept = "text/event-stream";
    extra.read = (response) => {
      if (!response.ok || !response.body || !/^text\/event-stream/i.test(response.headers.get("Content-Type") || "")) return;
      extra.events = new Events(response.body, new core.EventStream(maxBytes), reader, v1);
      return extra.events.read();
    };
  }
  if (v1) extra.headers["A2A-Version"] = "1.0";
  if (call.events) call.events.cancel();
  const request = JSON.parse(body);
  return exchange(url, token, v1 ? JSON.stringify(core.requestV1(request)) : body, maxBytes, call.signal, extra).then((out) => {
    if (out.failed === 0) out.value = core.normalised(out.value, v1);
    if (extra.events) Object.assign(call, { events: extra.events, requestId: request.id, token });
    else if (reader) reader.free();
    return out;
  });
}

/** An event's data as text: UTF-8, invalid bytes as U+FFFD. */
const utf8 = new TextDecoder();

/**
 * A stream's body read as it arrives, its bytes pushed into the core's
 * event-stream reader (`lines`, an `EventStream`), each event brought to the
 * package's shape and decoded by `decoder` (the entry's `EventReader`, whose
 * `read` `transport.js` calls); both freed when the stream ends.
 */
class Events {
  constructor(body, lines, decoder, v1) {
    this.reader = body.getReader();
    this.lines = lines;
    this.decoder = decoder;
    this.v1 = v1;
  }

  /**
   * The next event as a reply for the core's `EventReader` (`{ status,
   * failed, value, … }` as `exchange` resolves with): its data parsed
   * (`undefined` when it is not JSON); `failed` 2 with what was thrown when
   * the read fails, 3 when an event is too large; `undefined` at the end.
   */
  async next() {
    let failed = 0;
    let value;
    try {
      const data = await this.read();
      if (data === undefined) return undefined;
      if (data === null) failed = 3;
      else value = core.normalised(parse(data), this.v1);
    } catch (error) {
      failed = 2;
      value = error;
    }
    return { status: 200, failed, value, retryAfter: null, cacheControl: null };
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

  /** Stops reading, which closes the connection, and frees the reader and the decoder. */
  cancel() {
    this.reader.cancel().catch(() => {});
    if (this.lines) {
      this.lines.free();
      this.decoder.free();
    }
    this.lines = this.decoder = null;
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
