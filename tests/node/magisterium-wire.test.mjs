// Magisterium's wire, held byte for byte: every request MagisteriumClient and an
// A2AClient of Magisterium send (method, path, headers, body) is compared with
// tests/fixtures/magisterium-wire.json, recorded before A2A 1.0 and streaming
// came to A2AClient. Only the message id (random) and the runtime's own
// `host` and `user-agent` are left out. `RECORD_WIRE=1` rewrites the record.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";

const RECORD = new URL("../fixtures/magisterium-wire.json", import.meta.url);
/** Headers that name this run rather than the client: the port, the Node version. */
const VARYING = ["host", "user-agent"];

/** A Magisterium stand-in on a free port: its card, and a -32603 to every call (no retries are asked). */
async function recorder(t) {
  const seen = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !VARYING.includes(name)));
      const raw = body.replace(/"messageId":"[0-9a-f-]{36}"/, '"messageId":"<random uuid>"');
      seen.push({ method: req.method, path: req.url, headers, body: raw });
      res.setHeader("Content-Type", "application/json");
      if (req.method === "GET") {
        const url = `http://127.0.0.1:${server.address().port}/api/v1/a2a`;
        return res.end(JSON.stringify({ name: "Magisterium AI (recorder)", url, protocolVersion: "0.3.0", capabilities: { streaming: false }, skills: [] }));
      }
      res.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, error: { code: -32001, message: "Task not found" } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  return { seen, base: `http://127.0.0.1:${server.address().port}` };
}

test("Magisterium receives exactly the requests it received before A2A 1.0 came to A2AClient", async (t) => {
  const { seen, base } = await recorder(t);
  const endpoint = `${base}/api/v1/a2a`;
  const options = { token: "tok-wire", endpoint, maxRetries: 0 };
  // Thunks, run one at a time: the record's order is the calls' order.
  const calls = (client) => [
    () => client.getTask("t-1"),
    () => client.cancelTask("t-2"),
    () => client.waitForTask("t-3", { pollIntervalMs: 1 }),
    () => client.sendMessage({ parts: [{ kind: "text", text: "grace" }], skillId: "document_search", contextId: "c-1" }),
  ];
  const magisterium = new MagisteriumClient(options);
  const discovered = await A2AClient.discover(base, { token: "tok-wire" });
  for (const client of [magisterium, new A2AClient({ ...options, dialect: "magisterium" }), discovered]) {
    const skills = client === magisterium
      ? [() => client.ask("What is grace?", { contextId: "c-0" }), () => client.searchDocuments("grace"),
        () => client.fetchDocument("10001"), () => client.massReadings("2026-03-19"), () => client.saintsOfTheDay("next Sunday")]
      : [];
    for (const call of [...skills, ...calls(client)]) await call().catch(() => {});
  }
  if (process.env.RECORD_WIRE === "1") writeFileSync(RECORD, JSON.stringify(seen, null, 1) + "\n");
  assert.deepEqual(seen, JSON.parse(readFileSync(RECORD, "utf8")));
});

test("the stream methods send Magisterium what sendMessage and getTask send (it does not stream)", async (t) => {
  const { seen, base } = await recorder(t);
  const client = await A2AClient.discover(base, { token: "tok-wire", maxRetries: 0 });
  const message = { parts: [{ kind: "text", text: "grace" }], skillId: "document_search" };
  const drain = async (stream) => {
    for await (const _ of stream);
  };
  for (const call of [
    () => client.sendMessage(message),
    () => drain(client.sendMessageStream(message)),
    () => client.getTask("t-4"),
    () => drain(client.subscribeToTask("t-4")),
  ]) {
    await call().catch(() => {});
  }
  // The request id counts up per client; all else is the same, byte for byte.
  const posts = seen.filter((r) => r.method === "POST").map((r) => ({ ...r, body: r.body.replace(/"id":\d+/, '"id":0') }));
  assert.equal(posts.length, 4);
  assert.deepEqual(posts[1], posts[0]);
  assert.deepEqual(posts[3], posts[2]);
});
