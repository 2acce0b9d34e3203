// The fixture agents answer as the suites expect, checked with plain `fetch`
// (no client of ours): the @a2a-js/sdk 1.x agents (`tests/a2a-agent-v1/`, at
// A2A_AGENT_V1_URL) speak v1.0 on the wire, over JSON-RPC and over HTTP+JSON
// (`/rest`, `/both`: google.rpc error bodies, bare stream events), and the 0.3 one streams. The other
// suites' tests of A2AClient against them are only as good as this holds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { agentUrl as v03Base, agentV1Url as v1Base } from "./harness.mjs";

/** A JSON-RPC request body. */
const rpc = (id, method, params) => JSON.stringify({ jsonrpc: "2.0", id, method, params });

/** A v1.0 user message with `parts`. */
const v1Message = (...parts) => ({ message: { messageId: crypto.randomUUID(), role: "ROLE_USER", parts } });

/** A v0.3 user message with `parts`. */
const v03Message = (...parts) => ({ message: { kind: "message", messageId: crypto.randomUUID(), role: "user", parts } });

/** POSTs `body` to `url` with the headers `extra`; resolves with the response. */
const post = (url, body, extra = {}) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...extra }, body });

/** The JSON-RPC results (or errors) of a finished SSE response, one per `data:` event (HTTP+JSON: the bare events). */
async function events(response) {
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type"), /^text\/event-stream/);
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => JSON.parse(block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5)).join("\n")));
}

/** The fixture's request counts. */
const counts = async () => (await fetch(`${v1Base}/_requests`)).json();

/** The v1.0 header. */
const V1 = { "A2A-Version": "1.0" };

/** The v1.0 `stream` skill's request, `chunks` chunks 10 ms apart. */
const streamParams = (chunks) => v1Message({ text: "stream" }, { data: { chunks, delayMs: 10 } });

test("the cards: /v1 in the v1.0 shape, /compat per A2A-Version, /old offering both", async () => {
  const card = async (name, headers = {}) => {
    const response = await fetch(`${v1Base}/${name}/.well-known/agent-card.json`, { headers });
    assert.equal(response.headers.get("cache-control"), "no-store");
    return response.json();
  };
  const v1 = await card("v1");
  assert.equal(v1.url, undefined);
  assert.equal(v1.protocolVersion, undefined);
  assert.deepEqual(v1.supportedInterfaces, [{ url: `${v1Base}/v1/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }]);
  assert.equal(v1.capabilities.streaming, true);
  assert.deepEqual(v1.skills.map((s) => s.id), ["echo", "slow", "ask-back", "fail", "reply", "stream"]);
  assert.deepEqual(v1.securitySchemes, { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } });

  const both = (url) => [
    { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    { url, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
  ];
  const compatV1 = await card("compat", V1);
  assert.equal(compatV1.url, undefined);
  assert.deepEqual(compatV1.supportedInterfaces, both(`${v1Base}/compat/a2a`));
  const compatV03 = await card("compat");
  assert.equal(compatV03.url, `${v1Base}/compat/a2a`);
  assert.equal(compatV03.protocolVersion, "0.3", "the SDK's v0.3 card names the interface's version");
  assert.deepEqual(compatV03.supportedInterfaces, both(`${v1Base}/compat/a2a`));

  const old = await card("old", V1);
  assert.equal(old.url, `${v1Base}/old/a2a`);
  assert.equal(old.protocolVersion, "0.3.0");
  assert.deepEqual(old.supportedInterfaces, both(`${v1Base}/old/a2a`));
});

test("/v1 completes an echo in v1.0 and refuses a request without the header", async () => {
  const response = await post(`${v1Base}/v1/a2a`, rpc(1, "SendMessage", v1Message({ text: "echo hello" })), V1);
  const { result } = await response.json();
  assert.equal(result.task.status.state, "TASK_STATE_COMPLETED");
  assert.deepEqual(result.task.artifacts[0].parts, [{ text: "echo hello" }]);
  assert.equal(result.task.history[0].role, "ROLE_USER");

  const refused = await (await post(`${v1Base}/v1/a2a`, rpc(2, "SendMessage", v1Message({ text: "echo" })))).json();
  assert.equal(refused.id, 2);
  assert.equal(refused.error.code, -32009);
  assert.equal(refused.error.data[0].reason, "VERSION_NOT_SUPPORTED");

  const seen = await counts();
  assert.ok(seen["POST /v1/a2a A2A-Version=1.0"] >= 1);
  assert.ok(seen["POST /v1/a2a A2A-Version=none"] >= 1);
  assert.ok(seen["POST /v1/a2a method=SendMessage"] >= 2);
});

test("/v1 streams the stream skill: task, working, chunks of one artifact, completed", async () => {
  const response = await post(`${v1Base}/v1/a2a`, rpc("s", "SendStreamingMessage", streamParams(3)), {
    ...V1,
    Accept: "text/event-stream",
  });
  const results = (await events(response)).map((event) => (assert.equal(event.id, "s"), event.result));
  assert.deepEqual(results.map((r) => Object.keys(r)[0]), ["task", "statusUpdate", "artifactUpdate", "artifactUpdate", "artifactUpdate", "statusUpdate"]);
  const [task, working, ...rest] = results;
  assert.equal(task.task.status.state, "TASK_STATE_SUBMITTED");
  assert.equal(working.statusUpdate.status.state, "TASK_STATE_WORKING");
  assert.equal(working.statusUpdate.final, undefined, "v1.0 has no `final`");
  const chunks = rest.slice(0, 3).map((r) => r.artifactUpdate);
  assert.deepEqual(chunks.map((c) => c.artifact.parts), [[{ text: "chunk 0" }], [{ text: "chunk 1" }], [{ text: "chunk 2" }]]);
  assert.equal(new Set(chunks.map((c) => c.artifact.artifactId)).size, 1);
  // proto3 JSON leaves out a false flag.
  assert.deepEqual(chunks.map((c) => [c.append ?? false, c.lastChunk ?? false]), [[false, false], [true, false], [true, true]]);
  assert.equal(rest[3].statusUpdate.status.state, "TASK_STATE_COMPLETED");
  assert.equal(rest[3].statusUpdate.taskId, task.task.id);
});

test("/compat answers v0.3 without the header and v1.0 with it", async () => {
  const legacy = await (await post(`${v1Base}/compat/a2a`, rpc(1, "message/send", v03Message({ kind: "text", text: "echo old" })))).json();
  assert.equal(legacy.result.kind, "task");
  assert.equal(legacy.result.status.state, "completed");
  assert.deepEqual(legacy.result.artifacts[0].parts, [{ kind: "text", text: "echo old" }]);

  const modern = await (await post(`${v1Base}/compat/a2a`, rpc(2, "SendMessage", v1Message({ text: "echo new" })), V1)).json();
  assert.equal(modern.result.task.status.state, "TASK_STATE_COMPLETED");

  const seen = await counts();
  assert.ok(seen["POST /compat/a2a method=message/send"] >= 1);
  assert.ok(seen["POST /compat/a2a A2A-Version=none"] >= 1);
});

test("/old refuses A2A-Version: 1.0 with -32009 and answers v0.3", async () => {
  const refused = await post(`${v1Base}/old/a2a`, rpc("r", "SendMessage", v1Message({ text: "echo" })), V1);
  assert.equal(refused.status, 200);
  assert.deepEqual(await refused.json(), { jsonrpc: "2.0", id: "r", error: { code: -32009, message: "Version not supported" } });

  const answered = await (await post(`${v1Base}/old/a2a`, rpc(2, "message/send", v03Message({ kind: "text", text: "reply hi" })))).json();
  assert.equal(answered.result.kind, "message");
  assert.deepEqual(answered.result.parts, [{ kind: "text", text: "You said: reply hi" }]);
});

test("the v0.3 fixture streams the stream skill with kinds and `final`", async () => {
  const params = v03Message({ kind: "text", text: "stream" }, { kind: "data", data: { chunks: 2, delayMs: 10 } });
  const response = await post(`${v03Base}/a2a`, rpc(7, "message/stream", params), { Accept: "text/event-stream" });
  const results = (await events(response)).map((event) => event.result);
  assert.deepEqual(results.map((r) => r.kind), ["task", "status-update", "artifact-update", "artifact-update", "status-update"]);
  assert.deepEqual(results.map((r) => r.final), [undefined, false, undefined, undefined, true]);
  assert.deepEqual(results.slice(2, 4).map((r) => [r.append, r.lastChunk, r.artifact.parts[0].text]), [[false, false, "chunk 0"], [true, true, "chunk 1"]]);
  assert.equal(results[4].status.state, "completed");
});

test("/rest and /both: cards offering HTTP+JSON (only, or first then JSON-RPC)", async () => {
  const card = async (name) => (await fetch(`${v1Base}/${name}/.well-known/agent-card.json`)).json();
  const rest = await card("rest");
  assert.deepEqual(rest.supportedInterfaces, [{ url: `${v1Base}/rest/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" }]);
  assert.equal(rest.capabilities.streaming, true);
  assert.deepEqual(rest.skills.map((s) => s.id), ["echo", "slow", "ask-back", "fail", "reply", "stream"]);
  const both = await card("both");
  assert.deepEqual(both.supportedInterfaces, [
    { url: `${v1Base}/both/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    { url: `${v1Base}/both/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
  ]);
  const preflight = await fetch(`${v1Base}/rest/rest/message:send`, {
    method: "OPTIONS",
    headers: { Origin: "http://page.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "a2a-version,content-type,authorization" },
  });
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get("access-control-allow-headers"), /a2a-version/i);
});

/** The google.rpc error of an HTTP+JSON response: its status and body's `error`, with one ErrorInfo. */
async function restError(response, status, reason) {
  assert.equal(response.status, status);
  const { error } = await response.json();
  assert.equal(error.code, status);
  assert.deepEqual(error.details, [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "a2a-protocol.org" }]);
  assert.equal(typeof error.message, "string");
  return error;
}

for (const agent of ["rest", "both"]) {
  const base = () => `${v1Base}/${agent}/rest`;
  const get = (path, headers = V1) => fetch(`${base()}${path}`, { headers });

  test(`/${agent} over HTTP+JSON: send, get, list, and the errors as google.rpc bodies`, async () => {
    const sent = await post(`${base()}/message:send`, JSON.stringify(v1Message({ text: "echo rest" })), V1);
    assert.equal(sent.status, 200);
    const { task } = await sent.json();
    assert.equal(task.status.state, "TASK_STATE_COMPLETED");
    assert.deepEqual(task.artifacts[0].parts, [{ text: "echo rest" }]);
    const reply = await (await post(`${base()}/message:send`, JSON.stringify(v1Message({ text: "reply hi" })), V1)).json();
    assert.deepEqual([reply.message.role, reply.message.parts], ["ROLE_AGENT", [{ text: "You said: reply hi" }]]);

    const got = await get(`/tasks/${encodeURIComponent(task.id)}?historyLength=1`);
    assert.equal(got.status, 200);
    const bare = await got.json();
    assert.equal(bare.id, task.id, "a bare Task, no wrapper");
    assert.equal(bare.history.length, 1);
    const listed = await (await get(`/tasks?contextId=${encodeURIComponent(task.contextId)}&pageSize=10`)).json();
    assert.deepEqual(listed.tasks.map((t) => t.id), [task.id]);

    await restError(await post(`${base()}/tasks/${task.id}:cancel`, undefined, V1), 400, "TASK_NOT_CANCELABLE");
    const missing = await restError(await get(`/tasks/${encodeURIComponent("no/such?task#x")}`), 404, "TASK_NOT_FOUND");
    assert.match(missing.message, /no\/such\?task#x/, "the id arrived as one segment, decoded");
    await restError(await get(`/tasks/${task.id}`, {}), 400, "VERSION_NOT_SUPPORTED");
    await restError(await post(`${base()}/tasks/${task.id}:subscribe`, undefined, V1), 400, "UNSUPPORTED_OPERATION");
    await restError(await get("/extendedAgentCard"), 400, "UNSUPPORTED_OPERATION");

    const seen = await counts();
    assert.ok(seen[`GET /${agent}/rest/tasks/${task.id} A2A-Version=1.0`] >= 1);
    assert.ok(seen[`POST /${agent}/rest/message:send A2A-Version=1.0`] >= 2);
  });

  test(`/${agent} over HTTP+JSON streams bare StreamResponse events`, async () => {
    const response = await post(`${base()}/message:stream`, JSON.stringify(streamParams(2)), { ...V1, Accept: "text/event-stream" });
    const results = await events(response);
    assert.deepEqual(results.map((r) => Object.keys(r)[0]), ["task", "statusUpdate", "artifactUpdate", "artifactUpdate", "statusUpdate"]);
    assert.equal(results[0].jsonrpc, undefined, "no JSON-RPC envelope");
    assert.equal(results[4].statusUpdate.status.state, "TASK_STATE_COMPLETED");
    assert.deepEqual(results.slice(2, 4).map((r) => r.artifactUpdate.artifact.parts[0].text), ["chunk 0", "chunk 1"]);
  });
}

test("/both serves one task store over both bindings", async () => {
  const { task } = await (await post(`${v1Base}/both/rest/message:send`, JSON.stringify(v1Message({ text: "echo both" })), V1)).json();
  const { result } = await (await post(`${v1Base}/both/a2a`, rpc(1, "GetTask", { id: task.id }), V1)).json();
  assert.equal(result.status.state, "TASK_STATE_COMPLETED");
  assert.deepEqual(result.artifacts[0].parts, [{ text: "echo both" }]);
});
