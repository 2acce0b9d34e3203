// The JS half of A2A 1.0 and streams (`npm/js/agent-protocol.js`) against a
// scripted `exchange`: what a 0.3 request of the core becomes in 1.0, and a
// failed load of the module itself (`post` in transport.js). What a 1.0
// answer becomes, the reading of event streams and the retry after -32009
// are the core's (Rust: `result_shape`, `event_stream`, `agent_route`),
// tested there and through the installed package (versions.test.mjs, streams).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { post } from "../../npm/js/agent-protocol.js";

const url = "https://agent.example/a2a";

/** An `exchange` that records its requests and answers `answers` in turn (the last one again after). */
function scripted(...answers) {
  const requests = [];
  const exchange = async (url, token, body, maxBytes, signal, extra) => {
    requests.push({ url, token, body: JSON.parse(body), headers: extra?.headers });
    const value = answers[Math.min(requests.length, answers.length) - 1];
    return { status: 200, failed: 0, value: structuredClone(value), retryAfter: null, cacheControl: null };
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
  await post(exchange, url, true, "tok", send({ message, configuration: { blocking: false } }), 1000, call());
  const [{ body, headers, token }] = requests;
  assert.equal(token, "tok");
  assert.deepEqual(headers, { "A2A-Version": "1.0" });
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
    await post(exchange, url, true, undefined, body, 1000, call());
    assert.equal(requests.at(-1).body.method, renamed);
  }
  const list = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tasks/list", params: { status: "input-required", pageSize: 5 } });
  await post(exchange, url, true, undefined, list, 1000, call());
  assert.deepEqual(requests.at(-1).body, { jsonrpc: "2.0", id: 3, method: "ListTasks", params: { status: "TASK_STATE_INPUT_REQUIRED", pageSize: 5 } });
  let freed = false;
  await post(exchange, url, false, undefined, send({ message }), 1000, call(), { free: () => (freed = true) });
  assert.deepEqual(requests.at(-1).headers, { Accept: "text/event-stream" }, "a 0.3 stream: no A2A-Version");
  assert.ok(freed, "a stream answered without events frees its reader");
  assert.equal(requests.at(-1).body.method, "message/send", "0.3 bodies are sent as the core wrote them");
});

test("agent-protocol.js that fails to load fails that call, and the next call loads it again", async (t) => {
  // transport.js in a folder of its own, without agent-protocol.js at first (as a page whose copy of it is missing).
  const dir = mkdtempSync(join(tmpdir(), "agent-protocol-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(new URL("../../npm/js/transport.js", import.meta.url), join(dir, "transport.js"));
  const { post: route } = await import(pathToFileURL(join(dir, "transport.js")));
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
  const missing = await route(v1, true, undefined, body, 1000, call());
  assert.equal(missing.failed, 1, "the request failed");
  copyFileSync(new URL("../../npm/js/agent-protocol.js", import.meta.url), join(dir, "agent-protocol.js"));
  const loaded = await route(v1, true, undefined, body, 1000, call());
  assert.deepEqual([loaded.failed, loaded.value.result.status.state], [0, "TASK_STATE_COMPLETED"], "as sent: the core brings it to the package's shape");
});
