// A token goes only where its owner meant it to go: a discovered card's
// endpoint on another host gets a fixed token only when `tokenOrigins` lists
// it (the -32009 fallback alike), a tokenProvider is told the URL each token
// is for, and in Node a `*.localhost` name over plain http: is a remote host
// (Node asks the system's resolver, so perhaps DNS, about it). The card is
// served on 127.0.0.1 and names an agent on 127.0.0.2: loopback too, but
// another host.
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { MagisteriumClient } from "magisterium-a2a";
import { A2AClient } from "magisterium-a2a/agents";
import { rejectsWith } from "./harness.mjs";

/**
 * A server on `host` for the test `t` (closed after it): GETs answer `card()`,
 * POSTs `reply(request)` (a JSON-RPC error by default, -32001; `401`: an
 * empty 401), and every
 * POST's `Authorization` header is kept in `seen`.
 */
async function serve(t, host, card, reply = () => ({ error: { code: -32001, message: "no such task" } })) {
  const seen = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      response.setHeader("Content-Type", "application/json");
      if (request.method === "GET") return response.end(JSON.stringify(card()));
      seen.push(request.headers.authorization ?? null);
      const parsed = JSON.parse(body);
      const answer = reply(parsed);
      if (answer === 401) return response.writeHead(401).end();
      response.end(JSON.stringify({ jsonrpc: "2.0", id: parsed.id, ...answer }));
    });
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  t.after(() => server.close());
  return { origin: `http://${host}:${server.address().port}`, seen };
}

/** A card whose 0.3 `url` is `url`, with `interfaces` besides. */
const card = (url, ...interfaces) => ({ name: "Elsewhere", url, protocolVersion: "0.3", capabilities: {}, skills: [], supportedInterfaces: interfaces });

test("a card's endpoint on another host gets a fixed token only when tokenOrigins lists its origin", async (t) => {
  const agent = await serve(t, "127.0.0.2", () => ({}));
  const cards = await serve(t, "127.0.0.1", () => card(`${agent.origin}/a2a`));
  const refused = await rejectsWith(A2AClient.discover(cards.origin, { token: "tok-for-the-card-host" }), { code: "INVALID_INPUT" });
  assert.ok(refused.message.includes(`"${agent.origin}"`) && refused.message.includes("tokenOrigins"), refused.message);
  assert.ok(!refused.message.includes("tok-for-the-card-host"));
  const otherPort = `http://127.0.0.2:${Number(new URL(agent.origin).port) + 1}`;
  await rejectsWith(A2AClient.discover(cards.origin, { token: "tok-for-the-card-host", tokenOrigins: [otherPort] }), { code: "INVALID_INPUT" });
  // Exact origins, as URL writes them: not a URL under it, nor another spelling.
  for (const near of [`${agent.origin}/a2a`, `${agent.origin}/`, agent.origin.toUpperCase()]) {
    await rejectsWith(A2AClient.discover(cards.origin, { token: "t", tokenOrigins: [near] }), { code: "INVALID_INPUT" });
  }
  await rejectsWith(A2AClient.discover(cards.origin, { token: "t", tokenOrigins: agent.origin }), { code: "INVALID_INPUT" });
  assert.deepEqual(agent.seen, [], "nothing was sent to the agent");

  const listed = await A2AClient.discover(cards.origin, { token: "tok-listed", tokenOrigins: ["https://other.example", agent.origin], maxRetries: 0 });
  assert.equal(listed.endpoint, `${agent.origin}/a2a`);
  await rejectsWith(listed.getTask("t"), { code: "TASK_NOT_FOUND" });
  const anonymous = await A2AClient.discover(cards.origin, { maxRetries: 0 });
  await rejectsWith(anonymous.getTask("t"), { code: "TASK_NOT_FOUND" });
  assert.deepEqual(agent.seen, ["Bearer tok-listed", null]);
  // The card's own host needs no list.
  const here = await serve(t, "127.0.0.1", () => card(`${here.origin}/a2a`));
  const own = await A2AClient.discover(here.origin, { token: "tok-same-host", maxRetries: 0 });
  await rejectsWith(own.getTask("t"), { code: "TASK_NOT_FOUND" });
  assert.deepEqual(here.seen, ["Bearer tok-same-host"]);
});

test("the -32009 fallback on another host is dropped with a fixed token, unless tokenOrigins lists it", async (t) => {
  const agent = await serve(t, "127.0.0.2", () => ({}), () => ({ result: { kind: "task", id: "t", contextId: "c", status: { state: "completed" } } }));
  const cards = await serve(
    t,
    "127.0.0.1",
    () => card(`${agent.origin}/a2a`, { url: `${cards.origin}/v1`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }),
    () => ({ error: { code: -32009, message: "no 1.0 here" } }),
  );
  const kept = await A2AClient.discover(cards.origin, { token: "tok-card-host", maxRetries: 0 });
  assert.equal(kept.protocolVersion, "1.0");
  await rejectsWith(kept.getTask("t"), { code: "VERSION_NOT_SUPPORTED" });
  assert.equal(kept.endpoint, `${cards.origin}/v1`, "no fallback to 127.0.0.2");
  assert.deepEqual(agent.seen, []);
  // The resend in the other version is a retry: one allowed.
  const listed = await A2AClient.discover(cards.origin, { token: "tok-both", tokenOrigins: [agent.origin], maxRetries: 1 });
  assert.equal((await listed.getTask("t")).status.state, "completed");
  assert.equal(listed.endpoint, `${agent.origin}/a2a`);
  assert.deepEqual(agent.seen, ["Bearer tok-both"]);
  // A provider was told the card's host's URL: its token does not follow the fallback elsewhere either.
  const asked = [];
  const provided = await A2AClient.discover(cards.origin, { tokenProvider: ({ url }) => (asked.push(url), "tok-provided"), maxRetries: 0 });
  await rejectsWith(provided.getTask("t"), { code: "VERSION_NOT_SUPPORTED" });
  assert.deepEqual(asked, [`${cards.origin}/v1`]);
  assert.deepEqual(agent.seen, ["Bearer tok-both"]);
});

test("a tokenProvider is told the URL each token is for, and after a 401 the token refused", async (t) => {
  let refusals = 1;
  const agent = await serve(t, "127.0.0.2", () => ({}), () => (refusals-- > 0 ? 401 : { error: { code: -32001, message: "no such task" } }));
  const cards = await serve(t, "127.0.0.1", () => card(`${agent.origin}/a2a`));
  const contexts = [];
  const tokenProvider = (context) => (contexts.push(context), context.rejectedToken ? "tok-fresh" : "tok-first");
  const discovered = await A2AClient.discover(cards.origin, { tokenProvider, maxRetries: 0 });
  await rejectsWith(discovered.getTask("t"), { code: "TASK_NOT_FOUND" });
  const url = `${agent.origin}/a2a`;
  assert.deepEqual(contexts, [{ url }, { url, rejectedToken: "tok-first" }]);
  assert.deepEqual(agent.seen, ["Bearer tok-first", "Bearer tok-fresh"]);
  const magisterium = new MagisteriumClient({ endpoint: `${agent.origin}/api/v1/a2a`, tokenProvider, maxRetries: 0 });
  await rejectsWith(magisterium.getTask("t"), { code: "TASK_NOT_FOUND" });
  assert.deepEqual(contexts.at(-1), { url: `${agent.origin}/api/v1/a2a` });
});

test("in Node a *.localhost name over plain http: takes no token (it may be asked of DNS), and takes one without", async (t) => {
  for (const endpoint of ["http://app.localhost:9/a2a", "http://evil.example%2elocalhost/a2a", "http://a.b.localhost/"]) {
    for (const Client of [MagisteriumClient, A2AClient]) {
      assert.throws(() => new Client({ endpoint, token: "tok-local" }), { code: "INVALID_INPUT" }, `${Client.name} ${endpoint}`);
      assert.throws(() => new Client({ endpoint, tokenProvider: () => "tok-local" }), { code: "INVALID_INPUT" }, `${Client.name} ${endpoint}`);
      assert.equal(new Client({ endpoint }).endpoint, new URL(endpoint).href);
    }
  }
  for (const endpoint of ["http://localhost:9/a2a", "http://127.0.0.1:9/a2a", "http://[::1]:9/a2a", "https://app.localhost/a2a"]) {
    assert.equal(new MagisteriumClient({ endpoint, token: "tok-local" }).endpoint, endpoint, "loopback, or https:");
  }
  const cards = await serve(t, "127.0.0.1", () => card("http://app.localhost:9/a2a"));
  const listed = { token: "tok-local", tokenOrigins: ["http://app.localhost:9"] };
  await rejectsWith(A2AClient.discover(cards.origin, listed), { code: "INVALID_INPUT", message: "refusing to send a token over plain http: to a non-loopback host; use https:" });
  assert.equal((await A2AClient.discover(cards.origin)).endpoint, "http://app.localhost:9/a2a");
});
