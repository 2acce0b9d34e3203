// The card cache's bound in count (64 cards, the core's `MAX_CARDS`): an
// orchestrator discovering ever new agents, against a server of the test's
// own that serves a card (`max-age=600`) under any base path and counts the
// requests of each.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { A2AClient } from "magisterium-a2a/agents";

const MAX_CARDS = 64;

test("ever new agents keep a bounded number of cards", async (t) => {
  const asked = new Map();
  const server = http.createServer((request, response) => {
    asked.set(request.url, (asked.get(request.url) ?? 0) + 1);
    const url = `http://127.0.0.1:${server.address().port}/a2a`;
    response.setHeader("Content-Type", "application/json");
    response.setHeader("Cache-Control", "max-age=600");
    response.end(JSON.stringify({ name: "agent", url, protocolVersion: "0.3.0", capabilities: {}, skills: [{ id: "echo", name: "Echo" }] }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => (server.closeAllConnections(), server.close()));
  const base = `http://127.0.0.1:${server.address().port}`;
  const cardOf = (n) => asked.get(`/agent-${n}/.well-known/agent.json`);
  for (let n = 0; n <= MAX_CARDS; n++) await A2AClient.discover(`${base}/agent-${n}`);
  // The newest is kept (no request); the others were let go to keep it, and are fetched again.
  await A2AClient.discover(`${base}/agent-${MAX_CARDS}`);
  assert.equal(cardOf(MAX_CARDS), 1, "kept for its max-age");
  await A2AClient.discover(`${base}/agent-0`);
  assert.equal(cardOf(0), 2, `past ${MAX_CARDS} cards, the earlier ones were let go`);
});
