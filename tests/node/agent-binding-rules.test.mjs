// The rules an A2AClient keeps whatever the binding, each test a loop over
// both of A2A 1.0's (JSON-RPC and HTTP+JSON): the response-size bound (a
// body, declared or not, and an event of a stream), the time limit and the
// caller's abort, the retries (429 with its Retry-After, a send refused with
// 503), the token refreshed after a 401, the token kept to the card's host
// unless `tokenOrigins` lists the interface's, and the `A2A-Version` header
// with the token only in `Authorization`. Against an agent of the test's own
// on 127.0.0.1 (and 127.0.0.2: loopback, but another host) that answers each
// binding as the SDK does: JSON-RPC envelopes at `/a2a`, bare results and
// events under `/rest`.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { A2AClient } from "magisterium-a2a/agents";
import { all, rejectsWith, say } from "./harness.mjs";

/** Each binding: its `binding` option and `protocolBinding`, and where the agent serves it. */
const BINDINGS = [
  { binding: "JSONRPC", path: "/a2a" },
  { binding: "HTTP+JSON", path: "/rest" },
];

/** A 1.0 task in `state` (`TASK_STATE_…`), with `extra` members. */
const task = (state, extra = {}) => ({ id: "t", contextId: "c", status: { state: `TASK_STATE_${state}` }, ...extra });

/** The 1.0 method an HTTP+JSON request is, by its verb and path (as the SDK's `restHandler` routes them). */
function restMethod(verb, path) {
  const suffixes = [[":send", "SendMessage"], [":stream", "SendStreamingMessage"], [":cancel", "CancelTask"], [":subscribe", "SubscribeToTask"]];
  const found = suffixes.find(([suffix]) => path.endsWith(suffix));
  if (found) return found[1];
  if (path.endsWith("/tasks")) return "ListTasks";
  return verb === "GET" && /\/tasks\/[^/]+$/.test(path) ? "GetTask" : `${verb} ${path}`;
}

/**
 * An agent on `host` for the test `t` (closed after it, its connections
 * too). Under each binding's `path` is a card
 * (`${path}/.well-known/agent-card.json`) offering that binding at
 * `interfaceUrl(path)` (by default this agent's own `path`), and the
 * binding itself: every other request is kept in `seen` (`{ binding,
 * method, verb, url, headers }`) and answered as `answer(request)` says:
 * `{ status, headers, result, events, chunked, hold }`, `result` a 1.0
 * result (an envelope's over JSON-RPC, the whole body over HTTP+JSON; none,
 * with another status than 200: an empty body), `events` a stream's (each
 * enveloped alike), `chunked` leaving the `Content-Length` out, and `hold`
 * leaving the response open (alone: unanswered).
 */
async function agent(t, answer, { host = "127.0.0.1", interfaceUrl = (path) => `${origin}${path}` } = {}) {
  const seen = [];
  const card = (response, found) => {
    if (!found) return response.writeHead(404).end();
    const interfaces = [{ url: interfaceUrl(found.path), protocolBinding: found.binding, protocolVersion: "1.0" }];
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ name: "Rules", capabilities: { streaming: true }, skills: [], supportedInterfaces: interfaces }));
  };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const { pathname } = new URL(request.url, origin);
      const under = BINDINGS.find(({ path }) => pathname.startsWith(`${path}/.well-known/`));
      if (under) return card(response, pathname.endsWith("/agent-card.json") && under);
      const rpc = pathname === "/a2a" ? JSON.parse(body) : undefined;
      const method = rpc ? rpc.method : restMethod(request.method, pathname);
      const asked = { binding: rpc ? "JSONRPC" : "HTTP+JSON", method, verb: request.method, url: request.url, headers: request.headers };
      seen.push(asked);
      reply(response, rpc, answer(asked));
    });
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  t.after(() => (server.closeAllConnections(), server.close()));
  const origin = `http://${host}:${server.address().port}`;
  return { origin, seen };
}

/** Writes `out` (see {@link agent}) to `response`, in the binding of the request (`rpc`: its JSON-RPC body, if any). */
function reply(response, rpc, { status = 200, headers = {}, result, events, chunked, hold }) {
  const wrapped = (value) => JSON.stringify(rpc ? { jsonrpc: "2.0", id: rpc.id, result: value } : value);
  if (events) {
    response.writeHead(status, { ...headers, "Content-Type": "text/event-stream" });
    for (const event of events) response.write(`data: ${wrapped(event)}\n\n`);
    return hold || response.end();
  }
  if (hold) return;
  if (result === undefined) return response.writeHead(status, headers).end();
  const text = wrapped(result);
  const length = chunked ? {} : { "Content-Length": Buffer.byteLength(text) };
  response.writeHead(status, { ...headers, ...length, "Content-Type": "application/json" });
  // Written in two pieces: without a length, the client counts them as they come.
  response.write(text.slice(0, 100));
  response.end(text.slice(100));
}

/** The agent's answer to any method: its result for a completed task (a stream: that task alone). */
function completed({ method }) {
  if (method === "SendStreamingMessage" || method === "SubscribeToTask") return { events: [{ task: task("COMPLETED") }] };
  const results = { ListTasks: { tasks: [task("COMPLETED")] }, SendMessage: { task: task("COMPLETED") } };
  return { result: results[method] ?? task("COMPLETED") };
}

/** A client of the agent at `origin` over `binding` (no retry unless `options` says so). */
const client = ({ binding, path }, origin, options = {}) =>
  new A2AClient({ endpoint: `${origin}${path}`, binding, protocolVersion: "1.0", maxRetries: 0, ...options });

/** The events `stream` yields before it rejects with a MagisteriumError matching `expected`, and the error. */
async function cutShort(stream, expected) {
  const seen = [];
  const error = await rejectsWith((async () => { for await (const event of stream) seen.push(event); })(), expected);
  return { seen, error };
}

test("a body over maxResponseBytes, declared or counted as it comes, is BAD_RESPONSE; within it, it is read", async (t) => {
  const padded = task("COMPLETED", { pad: "x".repeat(8000) });
  for (const chunked of [false, true]) {
    const { origin } = await agent(t, () => ({ result: padded, chunked }));
    for (const binding of BINDINGS) {
      const at = `${binding.binding}${chunked ? ", chunked" : ""}`;
      const error = await rejectsWith(client(binding, origin, { maxResponseBytes: 4096 }).getTask("t"), { code: "BAD_RESPONSE", httpStatus: 200 });
      assert.match(error.message, /more than 4096 bytes/, at);
      const read = await client(binding, origin, { maxResponseBytes: 16384 }).getTask("t");
      assert.deepEqual([read.status.state, read.pad.length], ["completed", 8000], at);
    }
  }
});

test("an event over maxResponseBytes ends the stream with BAD_RESPONSE after the events before it", async (t) => {
  const large = { statusUpdate: { taskId: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" }, pad: "x".repeat(5000) } };
  const { origin } = await agent(t, () => ({ events: [{ task: task("WORKING") }, large] }));
  for (const binding of BINDINGS) {
    const stream = client(binding, origin, { maxResponseBytes: 4096 }).sendMessageStream(say("stream"));
    const { seen, error } = await cutShort(stream, { code: "BAD_RESPONSE" });
    assert.match(error.message, /more than 4096 bytes/, binding.binding);
    assert.deepEqual(seen.map((e) => [e.kind, e.status.state]), [["task", "working"]], binding.binding);
  }
});

test("an answer that never comes is TIMEOUT at timeoutMs, ABORTED by the caller's signal; a stream that stalls, TIMEOUT", async (t) => {
  const { origin } = await agent(t, ({ method }) => ({ hold: true, events: method === "SendStreamingMessage" && [{ task: task("WORKING") }] }));
  for (const binding of BINDINGS) {
    const agent = client(binding, origin);
    await rejectsWith(agent.getTask("t", { timeoutMs: 200 }), { code: "TIMEOUT" });
    const controller = new AbortController();
    setTimeout(() => controller.abort("moved on"), 100);
    const aborted = await rejectsWith(agent.cancelTask("t", { signal: controller.signal }), { code: "ABORTED" });
    assert.equal(aborted.cause, "moved on", binding.binding);
    const { seen } = await cutShort(agent.sendMessageStream(say("stream"), { timeoutMs: 300 }), { code: "TIMEOUT" });
    assert.deepEqual(seen.map((e) => e.kind), ["task"], binding.binding);
  }
});

test("a 429 is retried after its Retry-After, a send refused with 503 is sent again; with no retry left, the error", async (t) => {
  for (const [status, headers, call] of [
    [429, { "Retry-After": "1" }, (agent) => agent.getTask("t")],
    [503, {}, (agent) => agent.sendMessage(say("echo"))],
  ]) {
    // The first request with each token is refused, the next answered.
    const refused = new Set();
    const first = ({ headers: { authorization } }) => !refused.has(authorization) && refused.add(authorization);
    const { origin, seen } = await agent(t, (asked) => (first(asked) ? { status, headers } : completed(asked)));
    for (const binding of BINDINGS) {
      const at = `${status} ${binding.binding}`;
      const retried = client(binding, origin, { maxRetries: 1, token: `tok-retried-${status}` });
      assert.equal((await call(retried)).status.state, "completed", at);
      assert.equal(seen.splice(0).length, 2, `${at}: sent twice`);
      const error = await rejectsWith(call(client(binding, origin, { token: `tok-once-${status}` })), { httpStatus: status, rpcCode: undefined });
      const expected = status === 429 ? ["RATE_LIMITED", 1] : ["BAD_RESPONSE", undefined];
      assert.deepEqual([error.code, error.retryAfter], expected, at);
      assert.equal(seen.splice(0).length, 1, `${at}: no retry left`);
      refused.clear();
    }
  }
});

test("after a 401 the tokenProvider is asked again, told the token refused, and the call goes on with the fresh one", async (t) => {
  const { origin, seen } = await agent(t, (asked) => (asked.headers.authorization === "Bearer tok-first" ? { status: 401 } : completed(asked)));
  for (const binding of BINDINGS) {
    const contexts = [];
    const tokenProvider = (context) => (contexts.push(context), context.rejectedToken ? "tok-fresh" : "tok-first");
    assert.equal((await client(binding, origin, { tokenProvider }).getTask("t")).status.state, "completed");
    const url = `${origin}${binding.path}`;
    assert.deepEqual(contexts, [{ url }, { url, rejectedToken: "tok-first" }], binding.binding);
    assert.deepEqual(seen.splice(0).map((r) => r.headers.authorization), ["Bearer tok-first", "Bearer tok-fresh"], binding.binding);
  }
});

test("a card's interface on another host gets a fixed token only when tokenOrigins lists its origin", async (t) => {
  const { origin: elsewhere, seen } = await agent(t, completed, { host: "127.0.0.2" });
  const cards = await agent(t, completed, { interfaceUrl: (path) => `${elsewhere}${path}` });
  for (const { binding, path } of BINDINGS) {
    const base = `${cards.origin}${path}`;
    const refused = await rejectsWith(A2AClient.discover(base, { token: "tok-card-host" }), { code: "INVALID_INPUT" });
    assert.ok(refused.message.includes(`"${elsewhere}"`) && !refused.message.includes("tok-card-host"), refused.message);
    assert.equal(seen.length, 0, "nothing was sent to the interface's host");
    const listed = await A2AClient.discover(base, { token: "tok-listed", tokenOrigins: [elsewhere], maxRetries: 0 });
    assert.deepEqual([listed.binding, listed.endpoint], [binding, `${elsewhere}${path}`]);
    await listed.getTask("t");
    await (await A2AClient.discover(base, { maxRetries: 0 })).getTask("t");
    assert.deepEqual(seen.splice(0).map((r) => [r.binding, r.headers.authorization]), [[binding, "Bearer tok-listed"], [binding, undefined]]);
  }
  assert.deepEqual(cards.seen, [], "the card's host got no call");
});

test("every request carries A2A-Version: 1.0, and the token only in Authorization; a GET no body", async (t) => {
  const { origin, seen } = await agent(t, completed);
  const routes = ["GET /rest/tasks/t", "POST /rest/tasks/t:cancel", "GET /rest/tasks?contextId=c", "POST /rest/message:stream", "GET /rest/tasks/t:subscribe"];
  for (const binding of BINDINGS) {
    const agent = client(binding, origin, { token: "tok-secret" });
    await agent.getTask("t");
    await agent.cancelTask("t");
    await agent.listTasks({ contextId: "c" });
    await all(agent.sendMessageStream(say("stream")));
    await all(agent.subscribeToTask("t"));
    const requests = seen.splice(0);
    const methods = ["GetTask", "CancelTask", "ListTasks", "SendStreamingMessage", "SubscribeToTask"];
    assert.deepEqual(requests.map((r) => r.method), methods, binding.binding);
    if (binding.binding === "HTTP+JSON") assert.deepEqual(requests.map((r) => `${r.verb} ${r.url}`), routes);
    for (const { verb, url, headers } of requests) {
      assert.equal(headers["a2a-version"], "1.0", `${verb} ${url}`);
      assert.equal(headers.authorization, "Bearer tok-secret");
      assert.ok(!url.includes("tok-secret"), url);
      if (verb === "GET") assert.equal(headers["content-type"], undefined, `${verb} ${url}: no body`);
    }
  }
});
