// Streams from a hostile or broken server (a local one that writes the
// event-stream by hand): how the format is read (split chunks, CRLF and CR,
// multi-line data, comments, other fields, a BOM), and what each fault ends
// with: an event too large, one that is not JSON or not an event, an error
// event (its code, the token never in it), a wrong id, a dropped connection,
// no event at all, and a JSON answer instead of a stream; and the CPU time
// a line that never ends costs (issue 22 asks for a measured bound).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { A2AClient } from "magisterium-a2a/agents";
import { rejectsWith } from "./harness.mjs";

const TOKEN = "tok-secret-stream";

/** 0.3 events of a task `t1` in context `c1`, as JSON-RPC responses to `id`. */
const task = { kind: "task", id: "t1", contextId: "c1", status: { state: "working" } };
const update = (state) => ({ kind: "status-update", taskId: "t1", contextId: "c1", status: { state }, final: state === "completed" });
const envelope = (id, result) => JSON.stringify({ jsonrpc: "2.0", id, result });

/**
 * What the server writes for each scenario (the message's text): a list of
 * chunks (strings written with a pause between them), or a function of the
 * response for the ones that misbehave at the socket.
 */
const SCENARIOS = {
  split: (id) => {
    const text = `\uFEFF: a comment\r\nevent: message\r\nid: 1\r\ndata: ${envelope(id, task)}\r\n\r\n` +
      `data: {"jsonrpc":"2.0",\rdata: "id":${id},\ndata: "result":${JSON.stringify(update("working"))}}\n\n` +
      `retry: 10\ndata: ${envelope(id, update("completed"))}\n\n`;
    // Cut everywhere, between \r and \n too: one character a chunk for the first 60, then in threes.
    const chunks = [...text.slice(0, 60)];
    for (let i = 60; i < text.length; i += 3) chunks.push(text.slice(i, i + 3));
    return chunks;
  },
  large: (id) => [`data: ${envelope(id, task)}\n\n`, `data: ${"x".repeat(5000)}`, `${"y".repeat(5000)}\n\n`],
  whole: (id) => [`data: ${envelope(id, task)}\n\n`, `data: ${envelope(id, { ...update("working"), pad: "p".repeat(5000) })}\n\n`],
  endless: (id) => [`data: ${envelope(id, task)}\n\n`, ...Array(40).fill("z".repeat(1000))],
  garbage: (id) => [`data: ${envelope(id, task)}\n\n`, "data: {not json\n\n"],
  unknown: (id) => [`data: ${envelope(id, task)}\n\n`, `data: ${envelope(id, { kind: "mystery" })}\n\n`],
  error: (id) => [`data: ${envelope(id, task)}\n\n`, `data: ${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32004, message: `no more for Bearer ${TOKEN}`, data: { token: TOKEN } } })}\n\n`],
  "wrong id": (id) => [`data: ${envelope(id, task)}\n\n`, `data: ${envelope(id + 1, update("completed"))}\n\n`],
  drop: (id) => (response) => {
    response.write(`data: ${envelope(id, task)}\n\n`);
    setTimeout(() => response.socket.destroy(), 50);
  },
  empty: () => [": nothing but a comment\n\n"],
  hold: (id) => (response) => response.write(`data: ${envelope(id, task)}\n\n`),
};

/** A server of the scenarios on a free port; stopped after the test. */
async function server(t) {
  const bodies = [];
  const closed = [];
  const http_ = http.createServer((request, response) => {
    closed.push(new Promise((resolve) => response.on("close", resolve)));
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      const rpc = JSON.parse(body);
      bodies.push({ rpc, accept: request.headers.accept, version: request.headers["a2a-version"] });
      const scenario = rpc.params.message?.parts[0].text;
      if (scenario === "json") {
        response.setHeader("Content-Type", "application/json");
        return response.end(envelope(rpc.id, { ...task, status: { state: "completed" } }));
      }
      response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
      const write = SCENARIOS[scenario](rpc.id);
      if (typeof write === "function") return write(response);
      for (const chunk of write) {
        if (!response.write(chunk)) await new Promise((resolve) => response.once("drain", resolve));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      response.end();
    });
  });
  await new Promise((resolve) => http_.listen(0, "127.0.0.1", resolve));
  t.after(() => (http_.closeAllConnections(), http_.close()));
  const endpoint = `http://127.0.0.1:${http_.address().port}/a2a`;
  return { bodies, closed, client: (options) => new A2AClient({ endpoint, token: TOKEN, maxRetries: 0, ...options }) };
}

/** The stream of `scenario`, each event as it came. */
async function run(client, scenario) {
  const seen = [];
  for await (const event of client.sendMessageStream({ parts: [{ kind: "text", text: scenario }] })) seen.push(event);
  return seen;
}

test("the event-stream format: cut anywhere, CRLF and CR, multi-line data, comments and other fields, a BOM", async (t) => {
  const { bodies, client } = await server(t);
  const events = await run(client(), "split");
  assert.deepEqual(events.map((e) => [e.kind, e.status.state]), [["task", "working"], ["status-update", "working"], ["status-update", "completed"]]);
  assert.equal(bodies[0].accept, "text/event-stream");
  assert.equal(bodies[0].rpc.method, "message/stream");
  assert.equal(bodies[0].version, undefined, "0.3: no A2A-Version");
  const v1 = await run(client({ protocolVersion: "1.0" }), "split");
  assert.equal(v1.length, 3);
  assert.deepEqual([bodies[1].rpc.method, bodies[1].version], ["SendStreamingMessage", "1.0"]);
  assert.deepEqual(bodies[1].rpc.params.message.parts, [{ text: "split" }]);
  assert.equal(bodies[1].rpc.params.message.role, "ROLE_USER");
});

test("an event over maxResponseBytes (in pieces or whole), or a line that never ends, is BAD_RESPONSE after the events before it", async (t) => {
  const { client } = await server(t);
  for (const scenario of ["large", "whole", "endless"]) {
    const seen = [];
    const stream = client({ maxResponseBytes: 4096 }).sendMessageStream({ parts: [{ kind: "text", text: scenario }] });
    const error = await rejectsWith((async () => { for await (const e of stream) seen.push(e); })(), { code: "BAD_RESPONSE" });
    assert.match(error.message, /larger than the limit: more than 4096 bytes/, scenario);
    assert.deepEqual(seen.map((e) => e.kind), ["task"], scenario);
  }
});

// The bound issue 22 sets, on CPU time (not wall time, which the machine's other work
// would widen): a read that searched the whole line for its end at each piece took
// well over a second here; a linear one takes a small part of the bound.
test("a 4 MiB line that never ends, in 1 KiB pieces, is BAD_RESPONSE after less than 0.3 s of CPU", async () => {
  const script = fileURLToPath(new URL("./stream-endless-line.mjs", import.meta.url));
  const { stdout } = await promisify(execFile)(process.execPath, [script]);
  const outcome = JSON.parse(stdout);
  assert.equal(outcome.first, "task");
  assert.equal(outcome.code, "BAD_RESPONSE", stdout);
  assert.match(outcome.message, /larger than the limit: more than 4194304 bytes/);
  // The piece that passes the limit, and the one the body's queue holds ahead, and no more.
  assert.ok(outcome.pieces <= 4097, `${outcome.pieces} pieces read`);
  assert.ok(outcome.cpuMs < 300, `${outcome.cpuMs} ms of CPU`);
});

test("an event that is not JSON, or not an event, is BAD_RESPONSE", async (t) => {
  const { client } = await server(t);
  await rejectsWith(run(client(), "garbage"), { code: "BAD_RESPONSE" });
  await rejectsWith(run(client(), "unknown"), { code: "BAD_RESPONSE" });
  await rejectsWith(run(client(), "wrong id"), { code: "BAD_RESPONSE" });
  await rejectsWith(run(client(), "empty"), { code: "BAD_RESPONSE" });
});

test("an error event ends the stream with its code, the token removed from it", async (t) => {
  const { client } = await server(t);
  const error = await rejectsWith(run(client(), "error"), { code: "UNSUPPORTED_OPERATION", rpcCode: -32004 });
  assert.ok(!error.message.includes(TOKEN), error.message);
  assert.ok(!JSON.stringify(error.data).includes(TOKEN));
});

test("a connection dropped mid-stream is NETWORK; a JSON answer is a stream of one event", async (t) => {
  const { client } = await server(t);
  await rejectsWith(run(client(), "drop"), { code: "NETWORK" });
  const one = await run(client(), "json");
  assert.deepEqual(one.map((e) => [e.kind, e.status.state]), [["task", "completed"]]);
});

/** "closed" once `closing` settles, or "open" if it has not within a generous 10 s. */
const state = (closing) => Promise.race([closing.then(() => "closed"), new Promise((resolve) => setTimeout(resolve, 10_000, "open").unref())]);

test("leaving the loop, or return() before the first next(), closes the connection at once", async (t) => {
  const { bodies, closed, client } = await server(t);
  for await (const event of client().sendMessageStream({ parts: [{ kind: "text", text: "hold" }] })) {
    assert.equal(event.kind, "task");
    break;
  }
  assert.equal(await state(closed[0]), "closed");
  const unread = client().sendMessageStream({ parts: [{ kind: "text", text: "hold" }] });
  while (bodies.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(await unread.return(), { done: true, value: undefined });
  assert.equal(await state(closed[1]), "closed");
  assert.deepEqual(await unread.next(), { done: true, value: undefined });
});
