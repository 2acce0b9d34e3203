// The client options that shape every exchange, on both clients: `headers` (checked by the core's rule at
// construction), `fetch` (used instead of the global one) and the `onRequest`/`onResponse` hooks (method, URL,
// status and timing, never the token), against a server of the test's own that records each request.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";

/**
 * A server of the test's own: an agent card (0.3) at `/.well-known/agent.json`, a task for every JSON-RPC call
 * (`POST /a2a`), and a task in A2A 1.0's HTTP+JSON shape for `GET /v1/tasks/…`; `seen` holds each request.
 */
async function server(t) {
  const seen = [];
  const s = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers });
      res.setHeader("Content-Type", "application/json");
      const base = `http://127.0.0.1:${s.address().port}`;
      if (req.url === "/.well-known/agent.json") {
        const card = { name: "agent", url: `${base}/a2a`, protocolVersion: "0.3.0", capabilities: {}, skills: [{ id: "echo", name: "Echo" }] };
        return res.end(JSON.stringify(card));
      }
      if (req.method === "GET") return res.end(JSON.stringify({ id: "t-1", contextId: "c-1", status: { state: "TASK_STATE_COMPLETED" } }));
      const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "completed" } };
      res.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, result: task }));
    });
  });
  await new Promise((resolve) => s.listen(0, "127.0.0.1", resolve));
  t.after(() => (s.closeAllConnections(), s.close()));
  return { base: `http://127.0.0.1:${s.address().port}`, seen };
}

test("the headers option reaches the server on every exchange of both clients, the card's fetch included", async (t) => {
  const { base, seen } = await server(t);
  const headers = { "X-Trace-Id": "trace-1", "User-Agent": "parish-app/1.0" };
  await new MagisteriumClient({ endpoint: `${base}/a2a`, token: "tok", headers }).getTask("t-1");
  const agent = await A2AClient.discover(base, { token: "tok", headers });
  await agent.getTask("t-1");
  await new A2AClient({ endpoint: `${base}/v1`, binding: "HTTP+JSON", headers }).getTask("t-1");
  assert.deepEqual(
    seen.map((r) => `${r.method} ${r.url}`),
    ["POST /a2a", "GET /.well-known/agent.json", "POST /a2a", "GET /v1/tasks/t-1"],
  );
  for (const request of seen) {
    assert.equal(request.headers["x-trace-id"], "trace-1", `${request.method} ${request.url}`);
    assert.equal(request.headers["user-agent"], "parish-app/1.0", `${request.method} ${request.url}`);
  }
  assert.equal(seen[0].headers.authorization, "Bearer tok", "beside the token");
  assert.equal(seen[1].headers.authorization, undefined, "the card's fetch still carries no token");
  assert.equal(seen[3].headers["a2a-version"], "1.0", "beside the plan's own headers");
});

test("a header the client sets itself, or an invalid one, is INVALID_INPUT at construction naming `headers`", async () => {
  const endpoint = "http://127.0.0.1:9/a2a";
  for (const headers of [{ Authorization: "Bearer other" }, { "a2a-version": "0.3" }, { "X-A2A-Extensions": "x" }, { "content-type": "text/plain" }, { Host: "elsewhere" }]) {
    for (const make of [() => new MagisteriumClient({ endpoint, headers }), () => new A2AClient({ endpoint, headers })]) {
      assert.throws(make, (e) => e.code === "INVALID_INPUT" && e.message.includes("options.headers") && e.message.includes(`"${Object.keys(headers)[0].toLowerCase()}"`));
    }
  }
  // The name's and the value's syntax are the platform's (`Headers`, as `fetch` reads them); the message never quotes
  // a value (it may be a secret, and may hold CR or LF).
  for (const headers of [{ "Bad Name": "x" }, { "X-Api-Key": "secret-key\r\nInjected: 1" }, { "X-Nul": "a\0b" }]) {
    assert.throws(
      () => new MagisteriumClient({ headers }),
      (e) => e.code === "INVALID_INPUT" && /^options\.headers: an invalid name, or CR, LF or NUL in a value$/.test(e.message) && !/secret|Injected|\r|\n/.test(e.message),
    );
  }
  assert.throws(() => new MagisteriumClient({ headers: "X-A: 1" }), { code: "INVALID_INPUT" });
  assert.throws(() => new MagisteriumClient({ headers: ["X-A", "1"] }), { code: "INVALID_INPUT" });
  // A hostile object: what its getter throws is INVALID_INPUT, never an exception through the client.
  const hostile = { get fetch() { throw new Error("boom"); } };
  assert.throws(() => new MagisteriumClient(hostile), (e) => e.code === "INVALID_INPUT" && /options could not be read/.test(e.message));
  assert.throws(() => new MagisteriumClient({ fetch: "https://proxy.example" }), /options\.fetch must be a function/);
  assert.throws(() => new A2AClient({ endpoint, fetch: {} }), /options\.fetch must be a function/);
  assert.throws(() => new A2AClient({ endpoint, onResponse: {} }), /options\.onResponse must be a function/);
  await assert.rejects(A2AClient.discover("http://127.0.0.1:9", { headers: { Authorization: "x" } }), { code: "INVALID_INPUT" });
});

test("headers are read once, as fetch reads a HeadersInit: a later change to the caller's object is never sent", async (t) => {
  const { base, seen } = await server(t);
  const headers = { "X-Trace-Id": "first" };
  const client = new MagisteriumClient({ endpoint: `${base}/a2a`, headers });
  headers["X-Trace-Id"] = "changed";
  headers.Authorization = "Bearer planted";
  await client.getTask("t-1");
  await new MagisteriumClient({ endpoint: `${base}/a2a`, headers: [["X-Pair", "1"]] }).getTask("t-1");
  await new MagisteriumClient({ endpoint: `${base}/a2a`, headers: new Headers({ "X-Instance": "2" }) }).getTask("t-1");
  assert.equal(seen[0].headers["x-trace-id"], "first");
  assert.equal(seen[0].headers.authorization, undefined);
  assert.equal(seen[1].headers["x-pair"], "1");
  assert.equal(seen[2].headers["x-instance"], "2");
});

test("the fetch option is called for every exchange, the global fetch never", async (t) => {
  const { base, seen } = await server(t);
  const calls = [];
  const own = (url, init) => (calls.push(`${init.method ?? "GET"} ${url}`), globalThis.fetch(url, init));
  const global = globalThis.fetch;
  let globalCalls = 0;
  globalThis.fetch = (...args) => (globalCalls++, global(...args));
  t.after(() => (globalThis.fetch = global));
  await new MagisteriumClient({ endpoint: `${base}/a2a`, fetch: (url, init) => own(url, init) }).getTask("t-1");
  // `own` calls the global fetch itself: count only what the client called.
  const before = globalCalls;
  const agent = await A2AClient.discover(base, { fetch: (url, init) => (calls.push(`${init.method ?? "GET"} ${url}`), global(url, init)) });
  await agent.getTask("t-1");
  assert.equal(globalCalls, before, "the client never called the global fetch");
  assert.deepEqual(calls, [`POST ${base}/a2a`, `GET ${base}/.well-known/agent.json`, `POST ${base}/a2a`]);
  assert.equal(seen.length, 3);
  // A fetch that throws fails the request as the platform's would (NETWORK), the call settled.
  const broken = new MagisteriumClient({ endpoint: `${base}/a2a`, maxRetries: 0, fetch: () => { throw new TypeError("no network here"); } });
  await assert.rejects(broken.getTask("t-1"), (e) => e.code === "NETWORK" && e.message.includes("no network here"));
});

test("the hooks see each exchange's method, URL, status and timing, never the token", async (t) => {
  const { base } = await server(t);
  const told = [];
  const onRequest = (info) => told.push(["request", info]);
  const onResponse = (info) => told.push(["response", info]);
  await new MagisteriumClient({ endpoint: `${base}/a2a`, token: "secret-tok", onRequest, onResponse }).getTask("t-1");
  const agent = await A2AClient.discover(base, { tokenProvider: () => "secret-tok", onRequest, onResponse });
  await agent.getTask("t-1");
  await new A2AClient({ endpoint: `${base}/v1`, binding: "HTTP+JSON", token: "secret-tok", onRequest, onResponse }).getTask("t-1");
  const shapes = told.map(([kind, info]) => [kind, info.method, info.url, info.status]);
  assert.deepEqual(shapes, [
    ["request", "POST", `${base}/a2a`, undefined],
    ["response", "POST", `${base}/a2a`, 200],
    ["request", "GET", `${base}/.well-known/agent.json`, undefined],
    ["response", "GET", `${base}/.well-known/agent.json`, 200],
    ["request", "POST", `${base}/a2a`, undefined],
    ["response", "POST", `${base}/a2a`, 200],
    ["request", "GET", `${base}/v1/tasks/t-1`, undefined],
    ["response", "GET", `${base}/v1/tasks/t-1`, 200],
  ]);
  for (const [kind, info] of told) {
    assert.deepEqual(Object.keys(info).sort(), kind === "request" ? ["method", "url"] : ["durationMs", "method", "status", "url"]);
    if (kind === "response") assert.ok(Number.isFinite(info.durationMs) && info.durationMs >= 0);
  }
  assert.ok(!JSON.stringify(told).includes("secret-tok"), "the token is in no hook's argument");
  // No response: status 0.
  const closed = [];
  const unreachable = new MagisteriumClient({ endpoint: "http://127.0.0.1:9/a2a", maxRetries: 0, onResponse: (info) => closed.push(info.status) });
  await assert.rejects(unreachable.getTask("t-1"), { code: "NETWORK" });
  assert.deepEqual(closed, [0]);
});

test("a hook that throws or rejects leaves the call intact", async (t) => {
  const { base } = await server(t);
  let calls = 0;
  const throws = () => {
    calls++;
    throw new Error("hook failed");
  };
  const rejects = async () => {
    calls++;
    throw new Error("hook rejected");
  };
  const task = await new MagisteriumClient({ endpoint: `${base}/a2a`, onRequest: throws, onResponse: rejects }).getTask("t-1");
  assert.equal(task.id, "t-1");
  const agent = await A2AClient.discover(base, { onRequest: rejects, onResponse: throws });
  assert.equal((await agent.getTask("t-1")).id, "t-1");
  assert.equal(calls, 6, "each hook was called for each exchange");
});
