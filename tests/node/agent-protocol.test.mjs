// The JS half of A2A 1.0 and streams (`npm/js/agent-protocol.js`, as the
// installed Node build ships it) against a scripted `exchange`: what a 0.3
// request of the core becomes in 1.0, what a 1.0 answer becomes through the
// core's lazily loaded .wasm (its result shape over JS values: unknown fields
// kept, any JSON without a throw), and a failed load of the module or of its
// .wasm (`post` in transport/lazy-load.js). The rules of the result shape, the reading
// of event streams and the retry after -32009 are the core's (Rust:
// `result_shape`, `event_stream`, `agent_route`), tested there and through
// the installed package (agent-behaviours.test.mjs, versions.test.mjs, streams).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ANSWERED, CORE_ERROR, REQUEST_FAILED } from "../../npm/js/transport/failure.js";

// The Node build as installed: its copy of agent-protocol.js (CommonJS) and the core's lazily
// loaded .wasm it instantiates (`protocol/`), as an A2AClient loads them.
const require = createRequire(import.meta.url);
const nodeBuild = dirname(require.resolve("magisterium-a2a/node"));
/** The folder of the Node build's JS snippets, under `root` (a copy of the build, or the build). */
const snippetsOf = (root) => {
  const crates = join(root, "snippets");
  return join(crates, readdirSync(crates)[0], "js");
};
const { post } = await require(join(snippetsOf(nodeBuild), "agent-protocol.js")).ready();

const url = "https://agent.example/a2a";
/** Where a call goes, as `client.protocolVersion` and `client.binding` say it: JSON-RPC in 0.3 and in 1.0, HTTP+JSON (1.0). */
const V03 = { protocolVersion: "0.3", binding: "JSONRPC" };
const V1 = { protocolVersion: "1.0", binding: "JSONRPC" };
const REST = { protocolVersion: "1.0", binding: "HTTP+JSON" };

/** An `exchange` that records its requests and answers `answers` in turn (the last one again after). */
function scripted(...answers) {
  const requests = [];
  const exchange = async ({ url, token, body, headers }, signal, extra) => {
    requests.push({ url, token, body: body === undefined ? undefined : JSON.parse(body), headers, method: extra?.method });
    const value = answers[Math.min(requests.length, answers.length) - 1];
    return { status: 200, failed: ANSWERED, value: structuredClone(value) };
  };
  return { exchange, requests };
}

/** A request body as the core writes it (0.3). */
const send = (params) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params });
const call = () => ({ signal: new AbortController().signal });

test("a 0.3 request becomes 1.0: method, role, parts without kind, returnImmediately, the header", async () => {
  const { exchange, requests } = scripted({ jsonrpc: "2.0", id: 1, result: {} });
  const message = {
    role: "user", kind: "message", messageId: "m1", contextId: "c1", metadata: { skillId: "echo" },
    parts: [
      { kind: "text", text: "hi", metadata: { lang: "la" } },
      { kind: "data", data: { n: 1 } },
      { kind: "file", file: { bytes: "aGk=", mimeType: "text/plain", name: "hi.txt" } },
      { kind: "file", file: { uri: "https://x.example/a.pdf" } },
    ],
  };
  await post(exchange, { url, ...V1, magisterium: false, token: "tok", body: send({ message, configuration: { blocking: false } }), maxBytes: 1000 }, call());
  const [{ body, headers, token }] = requests;
  assert.equal(token, "tok");
  assert.deepEqual(headers, { "Content-Type": "application/json", "A2A-Version": "1.0" }, "the core's plan");
  assert.equal(body.method, "SendMessage");
  assert.deepEqual(body.params, {
    message: {
      role: "ROLE_USER", messageId: "m1", contextId: "c1", metadata: { skillId: "echo" },
      parts: [
        { text: "hi", metadata: { lang: "la" } },
        { data: { n: 1 } },
        { raw: "aGk=", mediaType: "text/plain", filename: "hi.txt" },
        { url: "https://x.example/a.pdf" },
      ],
    },
    configuration: { returnImmediately: true },
  });
  const methods = [["tasks/get", "GetTask"], ["tasks/cancel", "CancelTask"], ["tasks/resubscribe", "SubscribeToTask"], ["message/stream", "SendStreamingMessage"]];
  for (const [old, renamed] of methods) {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 2, method: old, params: old === "message/stream" ? { message } : { id: "t" } });
    await post(exchange, { url, ...V1, magisterium: false, body, maxBytes: 1000 }, call());
    assert.equal(requests.at(-1).body.method, renamed);
  }
  const list = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tasks/list", params: { status: "input-required", pageSize: 5 } });
  await post(exchange, { url, ...V1, magisterium: false, body: list, maxBytes: 1000 }, call());
  assert.deepEqual(requests.at(-1).body, { jsonrpc: "2.0", id: 3, method: "ListTasks", params: { status: "TASK_STATE_INPUT_REQUIRED", pageSize: 5 } });
  const streamed = call();
  await post(exchange, { url, ...V03, magisterium: false, body: send({ message }), maxBytes: 1000, stream: true }, streamed);
  assert.deepEqual(requests.at(-1).headers, { "Content-Type": "application/json", Accept: "text/event-stream" }, "a 0.3 stream: no A2A-Version");
  assert.equal(streamed.events, undefined, "a stream answered without events keeps none to read");
  assert.equal(requests.at(-1).body.method, "message/send", "0.3 bodies are sent as the core wrote them");
});

test("a 1.0 answer comes back in the package's shape, unknown fields kept", async () => {
  const status = { state: "TASK_STATE_INPUT_REQUIRED", timestamp: "t0", message: { role: "ROLE_AGENT", messageId: "a", parts: [{ text: "which?" }] } };
  const task = {
    id: "t1", contextId: "c1", status, extra: { kept: true },
    artifacts: [{ artifactId: "x", parts: [{ raw: "aGk=", mediaType: "text/plain", filename: "a.txt", metadata: { m: 1 } }, { url: "https://x/y" }, { data: [1] }] }],
    history: [{ role: "ROLE_USER", messageId: "u", parts: [{ text: "hi" }], extensions: ["e"] }],
  };
  const cases = [
    [{ task }, "task"],
    [task, "task"],
    [{ message: status.message }, "message"],
    [{ statusUpdate: { taskId: "t1", contextId: "c1", status: { state: "TASK_STATE_WORKING" } } }, "status-update"],
    [{ artifactUpdate: { taskId: "t1", contextId: "c1", artifact: { artifactId: "x", parts: [{ text: "a" }] }, append: true } }, "artifact-update"],
    [{ tasks: [task], nextPageToken: "n", totalSize: 1 }, undefined],
  ];
  for (const [result, kind] of cases) {
    const { exchange } = scripted({ jsonrpc: "2.0", id: 1, result });
    const { value } = await post(exchange, { url, ...V1, magisterium: false, body: send({}), maxBytes: 1000 }, call());
    assert.equal(value.result.kind, kind);
  }
  const { exchange } = scripted({ jsonrpc: "2.0", id: 1, result: { task } });
  const { value: { result } } = await post(exchange, { url, ...V1, magisterium: false, body: send({}), maxBytes: 1000 }, call());
  assert.deepEqual(result, {
    kind: "task", id: "t1", contextId: "c1", extra: { kept: true },
    status: { state: "input-required", timestamp: "t0", message: { kind: "message", role: "agent", messageId: "a", parts: [{ kind: "text", text: "which?" }] } },
    artifacts: [{ artifactId: "x", parts: [
      { kind: "file", metadata: { m: 1 }, file: { bytes: "aGk=", mimeType: "text/plain", name: "a.txt" } },
      { kind: "file", file: { uri: "https://x/y" } },
      { kind: "data", data: [1] },
    ] }],
    history: [{ kind: "message", role: "user", messageId: "u", parts: [{ kind: "text", text: "hi" }], extensions: ["e"] }],
  });
  const error = { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "nf", data: [{ "@type": "x", reason: "TASK_NOT_FOUND" }] } };
  const { value: passed } = await post(scripted(error).exchange, { url, ...V1, magisterium: false, body: send({}), maxBytes: 1000 }, call());
  assert.deepEqual(passed, error, "an error, and its data array, as sent");
});

test("over HTTP+JSON: the core's verb, URL and body, the header; a result wrapped for the entry; a google.rpc error's fields", async () => {
  const task = { id: "t/1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
  const { exchange, requests } = scripted(task);
  const get = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tasks/get", params: { id: "t/1", historyLength: 2 } });
  const { failed, value } = await post(exchange, { url: `${url}/`, ...REST, magisterium: false, token: "tok", body: get, maxBytes: 1000 }, call());
  assert.deepEqual(requests, [{ url: `${url}/tasks/t%2F1?historyLength=2`, token: "tok", body: undefined, headers: { "A2A-Version": "1.0" }, method: "GET" }]);
  assert.deepEqual([failed, value], [ANSWERED, { jsonrpc: "2.0", id: 7, result: { ...task, kind: "task", status: { state: "completed" } } }]);

  const sent = await scripted({ message: { messageId: "m", role: "ROLE_AGENT", parts: [{ text: "hi" }] } });
  const reply = await post(sent.exchange, { url, ...REST, magisterium: false, body: send({ message: { role: "user", kind: "message", messageId: "m1", parts: [{ kind: "text", text: "hi" }] } }), maxBytes: 1000 }, call());
  assert.deepEqual([sent.requests[0].url, sent.requests[0].method, sent.requests[0].body], [`${url}/message:send`, "POST", { message: { role: "ROLE_USER", messageId: "m1", parts: [{ text: "hi" }] } }]);
  assert.deepEqual(reply.value.result, { kind: "message", messageId: "m", role: "agent", parts: [{ kind: "text", text: "hi" }] });

  // An error: its fields by name, the code by its name (the entry reads them back by name: `read_error` in transport.rs).
  const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "TASK_NOT_CANCELABLE", domain: "a2a-protocol.org" }];
  const refusal = async (status, body) => {
    const exchange = async () => ({ status, failed: ANSWERED, value: body, headers: new Headers({ "Retry-After": "7" }) });
    return post(exchange, { url, ...REST, magisterium: false, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/cancel", params: { id: "t" } }), maxBytes: 1000 }, call());
  };
  const refused = await refusal(400, { error: { code: 400, status: "FAILED_PRECONDITION", message: "done already", details } });
  assert.deepEqual([refused.failed, refused.value], [CORE_ERROR, { code: "TASK_NOT_CANCELABLE", message: "done already", httpStatus: 400, data: details }]);
  const limited = await refusal(429, undefined);
  assert.deepEqual([limited.failed, limited.value.code, limited.value.httpStatus, limited.value.retryAfter], [CORE_ERROR, "RATE_LIMITED", 429, 7], "RATE_LIMITED from the status, with its Retry-After");
  const noRoute = await post(exchange, { url, ...REST, magisterium: false, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: ".." } }), maxBytes: 1000 }, call());
  assert.deepEqual([noRoute.failed, noRoute.value.code], [CORE_ERROR, "INVALID_INPUT"], "INVALID_INPUT before any request");
  assert.equal(requests.length, 1);
});

test("a tenant goes in a 1.0 request's params, over HTTP+JSON as its path's first segment; never in 0.3", async () => {
  const tenant = 'acme/ü "1"';
  const get = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tasks/get", params: { id: "t" } });
  const rpc = scripted({ jsonrpc: "2.0", id: 3, result: { id: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } } });
  await post(rpc.exchange, { url, ...V1, magisterium: false, body: get, maxBytes: 1000, tenant }, call());
  assert.deepEqual(rpc.requests[0].body, { jsonrpc: "2.0", id: 3, method: "GetTask", params: { id: "t", tenant } });
  const rest = scripted({ id: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } });
  await post(rest.exchange, { url, ...REST, magisterium: false, body: send({ message: { kind: "message", messageId: "m", parts: [] } }), maxBytes: 1000, tenant }, call());
  await post(rest.exchange, { url, ...REST, magisterium: false, body: get, maxBytes: 1000, tenant }, call());
  assert.deepEqual(
    rest.requests.map((r) => [r.method, r.url, r.body]),
    [
      ["POST", `${url}/acme%2F%C3%BC%20%221%22/message:send`, { message: { role: "ROLE_USER", messageId: "m", parts: [] } }],
      ["GET", `${url}/acme%2F%C3%BC%20%221%22/tasks/t`, undefined],
    ],
  );
  // 0.3 (a stream's or an extension's call goes through here too): the request as the core wrote it.
  const old = scripted({ jsonrpc: "2.0", id: 3, result: { kind: "task", id: "t", contextId: "c", status: { state: "working" } } });
  await post(old.exchange, { url, ...V03, magisterium: false, body: get, maxBytes: 1000, extensions: [], tenant }, call());
  assert.deepEqual(old.requests[0].body, JSON.parse(get));
  // A tenant a URL path cannot keep as a segment fails the call before any request (INVALID_INPUT).
  const dots = await post(rest.exchange, { url, ...REST, magisterium: false, body: get, maxBytes: 1000, tenant: ".." }, call());
  assert.deepEqual([dots.failed, dots.value.code, rest.requests.length], [CORE_ERROR, "INVALID_INPUT", 2]);
});

test("a push config's delete: HTTP+JSON's 204 and JSON-RPC's null result are one answer, null", async () => {
  const remove = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tasks/pushNotificationConfig/delete", params: { id: "t", pushNotificationConfigId: "c" } });
  const noContent = async () => ({ status: 204, failed: ANSWERED, value: undefined });
  const rest = await post(noContent, { url, ...REST, magisterium: false, body: remove, maxBytes: 1000 }, call());
  const rpc = await post(scripted({ jsonrpc: "2.0", id: 5, result: null }).exchange, { url, ...V1, magisterium: false, body: remove, maxBytes: 1000 }, call());
  assert.deepEqual([rest.failed, rest.value], [ANSWERED, { jsonrpc: "2.0", id: 5, result: null }]);
  assert.deepEqual(rpc.value, rest.value);
});

/** A random JSON value of depth at most `depth`, with the keys and strings 1.0 answers use. */
function randomJson(depth) {
  const keys = ["task", "message", "statusUpdate", "artifactUpdate", "tasks", "status", "state", "role", "parts", "artifacts", "history", "artifact", "text", "data", "raw", "url", "file", "kind", "final", "append", "__proto__", "result"];
  const strings = ["TASK_STATE_WORKING", "TASK_STATE_", "ROLE_AGENT", "ROLE_", "x", ""];
  const r = Math.random();
  if (depth <= 0 || r < 0.3) return [null, true, 0, -1.5, strings[Math.floor(Math.random() * strings.length)]][Math.floor(Math.random() * 5)];
  if (r < 0.5) return Array.from({ length: Math.floor(Math.random() * 4) }, () => randomJson(depth - 1));
  const object = {};
  for (let i = Math.floor(Math.random() * 5); i > 0; i--) object[keys[Math.floor(Math.random() * keys.length)]] = randomJson(depth - 1);
  return object;
}

test("any JSON as a 1.0 answer, either binding's, goes through the core's .wasm without a throw", async () => {
  for (let i = 0; i < 5000; i++) {
    const answer = Math.random() < 0.8 ? { jsonrpc: "2.0", id: 1, result: randomJson(6) } : randomJson(6);
    const { exchange } = scripted(JSON.parse(JSON.stringify(answer)));
    const route = [V03, V1, V1, REST][i % 4];
    const out = await post(exchange, { url, ...route, magisterium: false, body: send({}), maxBytes: 1000 }, call());
    // No `error` member among the keys: over HTTP+JSON too, every one is a result.
    assert.equal(out.failed, ANSWERED);
  }
});

test("agent-protocol.js or its .wasm that fails to load fails that call, and the next call loads it again", async (t) => {
  // The Node build and the web build's .wasm files it reads copied into a folder of their own, without
  // agent-protocol.js at first (as a page whose copy of it is missing).
  const copy = mkdtempSync(join(tmpdir(), "agent-protocol-"));
  t.after(() => rmSync(copy, { recursive: true, force: true }));
  for (const build of ["node", "web"]) cpSync(join(nodeBuild, "..", build), join(copy, build), { recursive: true });
  const dir = join(copy, "node");
  const module = join(snippetsOf(dir), "agent-protocol.js");
  const wasm = join(copy, "web", "magisterium_a2a_protocol_bg.wasm");
  assert.ok(existsSync(wasm), "the Node build reads the core's lazily loaded .wasm from the web build's folder");
  renameSync(module, `${module}.away`);
  renameSync(wasm, `${wasm}.away`);
  const { post: route } = require(join(snippetsOf(dir), "transport.js"));
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, result: { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const v1 = `http://127.0.0.1:${server.address().port}/a2a`;
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "t" } });
  const request = { url: v1, ...V1, magisterium: false, body, maxBytes: 1000 };
  assert.equal((await route(request, call())).failed, REQUEST_FAILED, "no module: the request failed");
  renameSync(`${module}.away`, module);
  assert.equal((await route(request, call())).failed, REQUEST_FAILED, "no .wasm: the request failed");
  renameSync(`${wasm}.away`, wasm);
  const loaded = await route(request, call());
  assert.deepEqual([loaded.failed, loaded.value.result.kind, loaded.value.result.status.state], [0, "task", "completed"], "in the package's shape");
});
