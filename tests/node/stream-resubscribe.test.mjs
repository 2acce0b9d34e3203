// A stream that resubscribes once after a network drop (`resubscribe: true`
// on `sendMessageStream` and `subscribeToTask`), against a server of the
// test's own that cuts the connection in the middle of an event: the
// subscription's events follow, none yielded twice; without the option the
// drop is the stream's NETWORK; a second drop is not resumed.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { A2AClient } from "magisterium-a2a/agents";
import { rejectsWith } from "./harness.mjs";

const status = (state, timestamp) => ({ kind: "status-update", taskId: "t", contextId: "c", status: { state, timestamp }, final: state === "completed" });
const piece = (i, append, lastChunk = false) => ({
  kind: "artifact-update", taskId: "t", contextId: "c", append, lastChunk,
  artifact: { artifactId: "a", parts: [{ kind: "text", text: `chunk ${i}` }] },
});
/** The task as it stands, with its artifact's first `parts` chunks. */
const task = (state, timestamp, parts) => ({
  kind: "task", id: "t", contextId: "c", status: { state, timestamp },
  artifacts: parts ? [{ artifactId: "a", parts: Array.from({ length: parts }, (_, i) => ({ kind: "text", text: `chunk ${i}` })) }] : [],
});
const event = (id, result) => `data: ${JSON.stringify({ jsonrpc: "2.0", id, result })}\n\n`;

/**
 * A server whose `message/stream` sends the task, `working`, two chunks and
 * half of a third, then destroys the socket; its `tasks/resubscribe` sends the
 * task as it stands (three chunks), a fourth and `completed`, or, with
 * `cutAgain`, is cut as well. The methods asked, in order.
 */
async function cuttingServer(t, { cutAgain = false } = {}) {
  const methods = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const rpc = JSON.parse(body);
      methods.push(rpc.method);
      response.setHeader("Content-Type", "text/event-stream");
      const cut = (events) => {
        const half = event(rpc.id, piece(2, true));
        response.write(events.map((e) => event(rpc.id, e)).join("") + half.slice(0, half.length / 2), () => response.socket.destroy());
      };
      if (rpc.method === "message/stream") return cut([task("submitted", "1", 0), status("working", "2"), piece(0, false), piece(1, true)]);
      if (cutAgain) return cut([task("working", "2", 2)]);
      response.end([task("working", "2", 3), piece(3, true, true), status("completed", "3")].map((e) => event(rpc.id, e)).join(""));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => (server.closeAllConnections(), server.close()));
  const client = new A2AClient({ endpoint: `http://127.0.0.1:${server.address().port}/a2a`, maxRetries: 0 });
  return { methods, client };
}

/** One line per event of `events`. */
async function lines(events) {
  const seen = [];
  for await (const e of events) {
    if (e.kind === "task") seen.push(`task ${e.status.state} ${e.artifacts[0]?.parts.length ?? 0}`);
    else if (e.kind === "status-update") seen.push(`status ${e.status.state}`);
    else seen.push(e.artifact.parts[0].text);
  }
  return seen;
}

const message = { parts: [{ kind: "text", text: "stream" }] };

test("a dropped stream resubscribes once and yields no event twice", async (t) => {
  const { methods, client } = await cuttingServer(t);
  const seen = await lines(client.sendMessageStream(message, { resubscribe: true, timeoutMs: 10_000 }));
  // The chunk cut in the drop comes with the subscription's task; the task's first state is not repeated.
  assert.deepEqual(seen, ["task submitted 0", "status working", "chunk 0", "chunk 1", "task working 3", "chunk 3", "status completed"]);
  assert.deepEqual(methods, ["message/stream", "tasks/resubscribe"]);
});

test("without the option a drop ends the stream with NETWORK", async (t) => {
  const { methods, client } = await cuttingServer(t);
  await rejectsWith(lines(client.sendMessageStream(message, { resubscribe: false })), { code: "NETWORK" });
  assert.deepEqual(methods, ["message/stream"]);
});

test("only once: a second drop ends the stream, and no repeat came before it", async (t) => {
  const { methods, client } = await cuttingServer(t, { cutAgain: true });
  const seen = [];
  const events = client.sendMessageStream(message, { resubscribe: true });
  await rejectsWith((async () => {
    for await (const e of events) seen.push(e.kind === "artifact-update" ? e.artifact.parts[0].text : e.kind);
  })(), { code: "NETWORK" });
  assert.deepEqual(seen, ["task", "status-update", "chunk 0", "chunk 1"], "the subscription's task held nothing new");
  assert.deepEqual(methods, ["message/stream", "tasks/resubscribe"]);
});

test("`resubscribe` must be a boolean", async (t) => {
  const { methods, client } = await cuttingServer(t);
  await rejectsWith(client.sendMessageStream(message, { resubscribe: "yes" }).next(), { code: "INVALID_INPUT" });
  await rejectsWith(client.subscribeToTask("t", { resubscribe: 1 }).next(), { code: "INVALID_INPUT" });
  assert.deepEqual(methods, []);
});
