// A2A 1.0 on the wire and event streams, for `A2AClient` (loaded by
// `transport.js` the first time a client speaks 1.0 or opens a stream, so
// that a page which only talks to Magisterium never downloads it). The core
// writes every request in the 0.3 shape and reads every answer in it; for a
// 1.0 agent this module rewrites the request (methods, roles, parts,
// `returnImmediately`, the `A2A-Version` header) and brings the answer back
// to the 0.3 shape before the core reads it, unknown fields kept. A stream
// is read here as server-sent events, each event's `data` a JSON-RPC
// response that the core then decodes (`EventReader` in Rust). Written in JS
// because it is object rewrites and a line reader, which in the wasm bundle
// would weigh several times as much (measured: the same rewrites in Rust
// cost 2.1 KB gzip). It imports nothing: `exchange` is handed in, so a
// bundler splits this file off whole.

const METHODS_V1 = {
  "message/send": "SendMessage",
  "message/stream": "SendStreamingMessage",
  "tasks/get": "GetTask",
  "tasks/cancel": "CancelTask",
  "tasks/resubscribe": "SubscribeToTask",
  "tasks/list": "ListTasks",
};

/**
 * One call's HTTP exchange on `wire` by `exchange` (`transport.js`), for a
 * 1.0 agent or a stream (see `post` in `transport.js`). A stream asks for
 * `text/event-stream`; when the agent answers with one, the reply's value
 * is its first event and the rest of the stream waits on `call.events` (an
 * `Events`) with what decoding them needs (`requestId`, `token`). A -32009
 * from an agent whose card left the choice open is sent again once in the
 * other version, which the wire then keeps.
 */
export function post(exchange, wire, token, body, maxBytes, call, stream) {
  const { v1, url } = wire;
  const request = JSON.parse(body);
  const extra = { headers: {}, events: null };
  if (stream) {
    extra.headers.Accept = "text/event-stream";
    extra.read = (response) => {
      if (!response.ok || !response.body || !/^text\/event-stream/i.test(response.headers.get("Content-Type") || "")) return;
      extra.events = new Events(new SseReader(response.body, maxBytes), v1);
      return extra.events.reader.next();
    };
  }
  if (v1) extra.headers["A2A-Version"] = "1.0";
  if (call.events) call.events.cancel();
  return exchange(wire.url, token, v1 ? requestV1(request) : body, maxBytes, call.signal, extra).then((out) => {
    const value = out.failed === 0 ? normalised(out.value, v1) : out.value;
    out.value = value;
    // Sent again on the wire as it now is: after this -32009 when the card left the choice
    // open, or after another call's (calls in flight at once each meet it).
    const moved = wire.other || wire.v1 !== v1 || wire.url !== url;
    if (moved && value && value.error && value.error.code === -32009) {
      if (extra.events) extra.events.cancel();
      if (wire.other) Object.assign(wire, wire.other, { other: null });
      // In 0.3 outside a stream this sends `body` as it is, with no header of its own: `exchange`'s bytes.
      return post(exchange, wire, token, body, maxBytes, call, stream);
    }
    if (stream) Object.assign(call, { events: extra.events, requestId: request.id, token });
    return out;
  });
}

/** A 0.3 request of the core, as the JSON text of its 1.0 form. */
function requestV1(request) {
  request.method = METHODS_V1[request.method] || request.method;
  const params = request.params;
  const message = params.message;
  if (message) {
    delete message.kind;
    message.role = "ROLE_USER";
    message.parts = message.parts.map(partV1);
  }
  if (params.configuration && params.configuration.blocking === false) params.configuration = { returnImmediately: true };
  if (typeof params.status === "string") params.status = "TASK_STATE_" + params.status.toUpperCase().replace("-", "_");
  return JSON.stringify(request);
}

/** A 0.3 part as 1.0 writes it: no `kind`, a file's fields on the part itself. */
function partV1({ kind, file, ...part }) {
  if (kind !== "file" || !isObject(file)) return part;
  const { bytes, uri, mimeType, name, ...more } = file;
  return { ...more, ...part, raw: bytes, url: uri, mediaType: mimeType, filename: name };
}

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** `object` with `key` rewritten by `f`, when it has one. */
function mapped(object, key, f) {
  if (key in object) object[key] = f(object[key]);
  return object;
}

/** Each element of an array through `f`; anything else as it is. */
const each = (f) => (list) => (Array.isArray(list) ? list.map(f) : list);

/** Objects through `f`, with `kind` first; anything else as it is (the core refuses it). */
const shape = (kind, f) => (value) => (isObject(value) ? f({ kind, ...value }) : value);

/** `TASK_STATE_INPUT_REQUIRED` → `input-required`; `TASK_STATE_UNSPECIFIED` → `unknown`. */
function state(value) {
  if (typeof value !== "string" || !value.startsWith("TASK_STATE_")) return value;
  const name = value.slice(11).toLowerCase().replace("_", "-");
  return name === "unspecified" ? "unknown" : name;
}

const ROLES = { ROLE_USER: "user", ROLE_AGENT: "agent" };

/** A 1.0 part as 0.3 writes it: `kind`, a file's fields under `file`. */
function part(value) {
  if (!isObject(value)) return value;
  if ("text" in value) return { kind: "text", ...value };
  if ("data" in value) return { kind: "data", ...value };
  const { raw, url, mediaType, filename, ...rest } = value;
  const file = { bytes: raw, uri: url, mimeType: mediaType, name: filename };
  for (const key in file) if (file[key] === undefined) delete file[key];
  return { kind: "file", ...rest, file };
}

const message = shape("message", (m) => mapped(mapped(m, "role", (r) => ROLES[r] || r), "parts", each(part)));
const status = (s) => (isObject(s) ? mapped(mapped({ ...s }, "state", state), "message", message) : s);
const artifact = (a) => (isObject(a) ? mapped({ ...a }, "parts", each(part)) : a);
const task = shape("task", (t) => mapped(mapped(mapped(t, "status", status), "artifacts", each(artifact)), "history", each(message)));

/** Where a 1.0 stream ends: a terminal state, or one that needs the caller. */
const FINAL = ["completed", "failed", "canceled", "rejected", "input-required", "auth-required"];

const statusUpdate = shape("status-update", (u) => {
  mapped(u, "status", status);
  if (!("final" in u)) u.final = isObject(u.status) && FINAL.includes(u.status.state);
  return u;
});
const artifactUpdate = shape("artifact-update", (u) => mapped(u, "artifact", artifact));

/**
 * A parsed JSON-RPC response of an A2A agent with its `result` in the
 * package's shape: a 1.0 one rewritten (`responseV1`); from either version,
 * an artifact-update's `append` and `lastChunk` are `false` when left out
 * (1.0 leaves out every `false`, as protobuf's JSON does).
 */
function normalised(response, v1) {
  if (v1) responseV1(response);
  const r = isObject(response) ? response.result : undefined;
  if (isObject(r) && r.kind === "artifact-update") response.result = { append: false, lastChunk: false, ...r };
  return response;
}

/**
 * A parsed 1.0 JSON-RPC response with its `result` in the 0.3 shape: a
 * `{ task }`, `{ message }`, `{ statusUpdate }` or `{ artifactUpdate }`
 * wrapper becomes what it wraps (with its `kind`), `{ tasks }` (ListTasks)
 * has each task rewritten, and anything else is a bare task (GetTask,
 * CancelTask). States, roles and parts are rewritten, other fields kept.
 */
function responseV1(response) {
  if (!isObject(response) || !isObject(response.result)) return response;
  const r = response.result;
  response.result = isObject(r.task) ? task(r.task)
    : isObject(r.message) ? message(r.message)
    : isObject(r.statusUpdate) ? statusUpdate(r.statusUpdate)
    : isObject(r.artifactUpdate) ? artifactUpdate(r.artifactUpdate)
    : Array.isArray(r.tasks) ? { ...r, tasks: r.tasks.map(task) }
    : task(r);
  return response;
}

/**
 * Reads server-sent events (the WHATWG event-stream format) from a
 * response body as they arrive: each event's `data` lines joined by "\n";
 * comments and other fields are skipped. Each chunk is searched for line
 * ends once, from where the last search stopped, so a stream costs time in
 * proportion to its length however it is cut. An event (with any line still
 * being read) is held to `max` UTF-16 code units of decoded text: each
 * stands for at least one byte, so an event refused is surely over `max`
 * bytes (one of multi-byte characters may pass with up to three times as many).
 */
class SseReader {
  constructor(body, max) {
    this.reader = body.getReader();
    this.decoder = new TextDecoder();
    // What arrived and is not searched yet; the start of a line it ends, from chunks before.
    this.text = "";
    this.line = "";
    // A chunk ended with a CR: a LF first in the next one is the same line end.
    this.cr = false;
    this.max = max;
  }

  /**
   * The next event's data: a string; `undefined` once the stream has ended
   * (an event cut off by the end is dropped, as the format says); `null`
   * when an event is larger than the bound (the read is then cancelled).
   * Rejects when the read fails (the call's abort or timeout among them).
   */
  async next() {
    let data = null;
    for (;;) {
      let end;
      while ((end = /\r\n?|\n/.exec(this.text))) {
        const text = this.line + this.text.slice(0, end.index);
        this.line = "";
        this.text = this.text.slice(end.index + end[0].length);
        this.cr = end[0] === "\r" && !this.text;
        if (text === "") {
          if (data !== null) return data;
          continue;
        }
        const colon = text.indexOf(":");
        const field = colon < 0 ? text : text.slice(0, colon);
        if (field !== "data") continue;
        const value = colon < 0 ? "" : text.slice(text[colon + 1] === " " ? colon + 2 : colon + 1);
        data = data === null ? value : data + "\n" + value;
        if (data.length > this.max) break;
      }
      // What is held: the event so far, and a line not yet ended.
      this.line += this.text;
      this.text = "";
      if (this.line.length + (data === null ? 0 : data.length) > this.max) {
        this.cancel();
        return null;
      }
      const read = await this.reader.read();
      if (read.done) return undefined;
      const text = this.decoder.decode(read.value, { stream: true });
      this.text = this.cr && text[0] === "\n" ? text.slice(1) : text;
      if (text) this.cr = false;
    }
  }

  /** Stops reading, which closes the connection. */
  cancel() {
    this.reader.cancel().catch(() => {});
  }
}

/**
 * The events of a stream after its first, as replies for the core's
 * `EventReader` (`{ status, failed, value, … }` as `exchange` resolves
 * with): each event's data parsed and normalised; `failed` 2 with what was
 * thrown when the read fails, 3 when an event is too large; `undefined` at
 * the end.
 */
class Events {
  constructor(reader, v1) {
    this.reader = reader;
    this.v1 = v1;
  }

  async next() {
    let failed = 0;
    let value;
    try {
      const data = await this.reader.next();
      if (data === undefined) return undefined;
      if (data === null) failed = 3;
      else value = parse(data, this.v1);
    } catch (error) {
      failed = 2;
      value = error;
    }
    return { status: 200, failed, value, retryAfter: null, cacheControl: null };
  }

  /** Stops reading, which closes the connection. */
  cancel() {
    this.reader.cancel();
  }
}

/** An event's data as JSON in the package's shape (see `normalised`), or `undefined` when it is not JSON. */
function parse(data, v1) {
  try {
    return normalised(JSON.parse(data), v1);
  } catch {
    return undefined;
  }
}
