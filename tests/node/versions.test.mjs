// A2A 1.0 and 0.3 against the official SDK's agents (`tests/a2a-agent-v1/` on
// @a2a-js/sdk 1.x, `tests/a2a-agent/` on 0.3): the version chosen from the
// card, the option that overrides it, and the one retry after -32009. Every
// method in every binding: the behaviour table (tests/agent-behaviours.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { A2AClient } from "magisterium-a2a/agents";
import { agentUrl, agentV1Url, rejectsWith } from "./harness.mjs";

if (!agentV1Url) throw new Error("A2A_AGENT_V1_URL is not set: run these suites through `cargo xtask test`");

/** The 1.x fixture's request counts (`_requests`). */
const counts = async () => (await fetch(`${agentV1Url}/_requests`)).json();

/** How many requests to `path` carried `A2A-Version` `version` ("none": no header). */
const withVersion = async (path, version) => (await counts())[`POST ${path} A2A-Version=${version}`] ?? 0;

/** A message for the skill named by its first word. */
const say = (text, ...more) => ({ parts: [{ kind: "text", text }, ...more] });

test("the version comes from the card: the first JSON-RPC 1.x interface, else the card's own 0.3 url", async () => {
  const v1 = await A2AClient.discover(`${agentV1Url}/v1`);
  assert.equal(v1.protocolVersion, "1.0");
  assert.equal(v1.endpoint, `${agentV1Url}/v1/a2a`);
  assert.equal(v1.card.url, undefined, "a 1.0 card has no top-level url");
  const compat = await A2AClient.discover(`${agentV1Url}/compat`);
  assert.equal(compat.protocolVersion, "1.0", "1.0 listed first");
  const old = await A2AClient.discover(agentUrl);
  assert.equal(old.protocolVersion, "0.3");
  const chosen = await A2AClient.discover(`${agentV1Url}/compat`, { protocolVersion: "0.3" });
  assert.equal(chosen.protocolVersion, "0.3", "the option decides");
  const before = await withVersion("/compat/a2a", "none");
  const task = await chosen.sendMessage(say("echo in 0.3"));
  assert.equal(task.status.state, "completed");
  assert.equal(await withVersion("/compat/a2a", "none"), before + 1, "0.3 requests carry no A2A-Version");
  await rejectsWith(A2AClient.discover(agentUrl, { protocolVersion: "2.0" }), { code: "INVALID_INPUT" });
  assert.throws(() => new A2AClient({ endpoint: `${agentV1Url}/v1/a2a`, protocolVersion: "1" }), { code: "INVALID_INPUT" });
});

test("1.0 requests carry A2A-Version: 1.0", async () => {
  const client = await A2AClient.discover(`${agentV1Url}/v1`);
  const before = await withVersion("/v1/a2a", "1.0");
  await client.sendMessage(say("echo versioned"));
  assert.equal(await withVersion("/v1/a2a", "1.0"), before + 1);
  const direct = new A2AClient({ endpoint: `${agentV1Url}/v1/a2a`, protocolVersion: "1.0" });
  assert.equal(direct.protocolVersion, "1.0");
  assert.equal((await direct.sendMessage(say("echo direct"))).status.state, "completed");
});

test("a -32009 from a card that offered both is retried once in 0.3, and the client stays there", async () => {
  const client = await A2AClient.discover(`${agentV1Url}/old`);
  assert.equal(client.protocolVersion, "1.0");
  const [tried, fell] = [await withVersion("/old/a2a", "1.0"), await withVersion("/old/a2a", "none")];
  const answer = await client.sendMessage(say("reply hello"));
  assert.equal(answer.kind, "message");
  assert.deepEqual(answer.parts, [{ kind: "text", text: "You said: reply hello" }]);
  assert.equal(await withVersion("/old/a2a", "1.0"), tried + 1);
  assert.equal(await withVersion("/old/a2a", "none"), fell + 1);
  assert.equal(client.protocolVersion, "0.3");
  await client.sendMessage(say("echo again"));
  assert.equal(await withVersion("/old/a2a", "1.0"), tried + 1, "no second try in 1.0");
});

test("without a choice left open, -32009 is VERSION_NOT_SUPPORTED with v1.0's error.data", async () => {
  const client = new A2AClient({ endpoint: `${agentV1Url}/v1/a2a`, maxRetries: 0 });
  assert.equal(client.protocolVersion, "0.3", "a client made from an endpoint speaks 0.3 unless told");
  const e = await rejectsWith(client.getTask("t"), { code: "VERSION_NOT_SUPPORTED", rpcCode: -32009 });
  assert.ok(Array.isArray(e.data));
  assert.equal(e.data[0].reason, "VERSION_NOT_SUPPORTED");
});

test("a card offering HTTP+JSON then JSON-RPC (/both): HTTP+JSON by the card's order; binding: \"JSONRPC\" forces JSON-RPC", async () => {
  const chosen = await A2AClient.discover(`${agentV1Url}/both`);
  const interfaces = chosen.card.supportedInterfaces;
  assert.deepEqual(interfaces.map((i) => [i.protocolBinding, i.protocolVersion]), [["HTTP+JSON", "1.0"], ["JSONRPC", "1.0"]]);
  assert.deepEqual([chosen.binding, chosen.protocolVersion, chosen.endpoint], ["HTTP+JSON", "1.0", interfaces[0].url]);
  const forced = await A2AClient.discover(`${agentV1Url}/both`, { binding: "JSONRPC" });
  assert.deepEqual([forced.binding, forced.protocolVersion, forced.endpoint], ["JSONRPC", "1.0", interfaces[1].url]);
  // Each call goes where its binding says: REST's path, or the one JSON-RPC URL with its method.
  const [rest, rpc] = interfaces.map((i) => new URL(i.url).pathname.replace(/\/$/, ""));
  const before = await counts();
  assert.equal((await chosen.sendMessage(say("echo over REST"))).status.state, "completed");
  assert.equal((await forced.sendMessage(say("echo over JSON-RPC"))).status.state, "completed");
  const after = await counts();
  const grew = (key) => (after[key] ?? 0) - (before[key] ?? 0);
  assert.equal(grew(`POST ${rest}/message:send A2A-Version=1.0`), 1);
  assert.equal(grew(`POST ${rpc} method=SendMessage`), 1);
  await rejectsWith(A2AClient.discover(`${agentV1Url}/both`, { binding: "GRPC" }), { code: "INVALID_INPUT" });
  await rejectsWith(A2AClient.discover(`${agentV1Url}/v1`, { binding: "HTTP+JSON" }), { code: "BAD_RESPONSE" });
});

test("new A2AClient with binding: \"HTTP+JSON\" speaks 1.0 there; 0.3 has no HTTP+JSON", async () => {
  const chosen = await A2AClient.discover(`${agentV1Url}/rest`);
  const direct = new A2AClient({ endpoint: chosen.endpoint, binding: "HTTP+JSON" });
  assert.deepEqual([direct.binding, direct.protocolVersion, direct.endpoint], ["HTTP+JSON", "1.0", chosen.endpoint]);
  assert.equal((await direct.sendMessage(say("echo direct"))).status.state, "completed");
  assert.equal(new A2AClient({ endpoint: `${agentV1Url}/v1/a2a` }).binding, "JSONRPC");
  assert.throws(() => new A2AClient({ endpoint: chosen.endpoint, binding: "HTTP+JSON", protocolVersion: "0.3" }), { code: "INVALID_INPUT" });
  assert.throws(() => new A2AClient({ endpoint: chosen.endpoint, binding: "REST" }), { code: "INVALID_INPUT" });
});

test("listTasks' params must be an object; a 0.3 agent without tasks/list is METHOD_NOT_FOUND", async () => {
  // What it lists, in each binding: tests/agent-behaviours.mjs.
  const client = await A2AClient.discover(`${agentV1Url}/v1`);
  await rejectsWith(client.listTasks([]), { code: "INVALID_INPUT" });
  await rejectsWith((await A2AClient.discover(agentUrl)).listTasks({}), { code: "METHOD_NOT_FOUND" });
});

test("a fallback where the token may not go (plain http: to another host) is not kept", async (t) => {
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      response.setHeader("Content-Type", "application/json");
      if (request.method === "GET") {
        const here = `http://127.0.0.1:${server.address().port}/a2a`;
        return response.end(JSON.stringify({
          name: "Two doors", capabilities: {}, skills: [],
          supportedInterfaces: [
            { url: here, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
            { url: "http://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
          ],
        }));
      }
      response.end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, error: { code: -32009, message: "no 1.0" } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}`;
  const withToken = await A2AClient.discover(base, { token: "tok-kept-local", maxRetries: 0 });
  await rejectsWith(withToken.getTask("t"), { code: "VERSION_NOT_SUPPORTED" });
  assert.equal(withToken.endpoint, `${base}/a2a`, "the token never went to http://agent.example");
  const without = await A2AClient.discover(base, { maxRetries: 1 });
  await rejectsWith(without.getTask("t"), { code: "NETWORK" }); // no token: the fallback is kept (agent.example does not resolve here)
  assert.equal(without.endpoint, "http://agent.example/a2a");
  const noRetry = await A2AClient.discover(base, { maxRetries: 0 });
  await rejectsWith(noRetry.getTask("t"), { code: "VERSION_NOT_SUPPORTED" }); // the resend is a retry: none left
  assert.equal(noRetry.endpoint, "http://agent.example/a2a", "the client moved all the same");
});

test("calls in flight when the agent refuses 1.0 each move to 0.3 with the client, and never back", async (t) => {
  const seen = [];
  // Both answers wait until both requests arrived, so the two calls are in flight at once.
  let release;
  const bothIn = new Promise((resolve) => (release = resolve));
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      response.setHeader("Content-Type", "application/json");
      const here = `http://127.0.0.1:${server.address().port}`;
      if (request.method === "GET") {
        return response.end(JSON.stringify({
          name: "Two versions", capabilities: {}, skills: [],
          supportedInterfaces: [
            { url: `${here}/v1`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
            { url: `${here}/v03`, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
          ],
        }));
      }
      const { id, method } = JSON.parse(body);
      seen.push(`${request.url} ${method}`);
      if (request.url === "/v1") {
        if (seen.length >= 2) release();
        await bothIn;
        return response.end(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32009, message: "no 1.0" } }));
      }
      response.end(JSON.stringify({ jsonrpc: "2.0", id, result: { kind: "task", id: "t", contextId: "c", status: { state: "completed" } } }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  const client = await A2AClient.discover(`http://127.0.0.1:${server.address().port}`);
  assert.equal(client.protocolVersion, "1.0");
  const tasks = await Promise.all([client.getTask("t"), client.getTask("t")]);
  assert.deepEqual(tasks.map((task) => task.status.state), ["completed", "completed"]);
  assert.deepEqual(seen, ["/v1 GetTask", "/v1 GetTask", "/v03 tasks/get", "/v03 tasks/get"]);
  assert.equal(client.protocolVersion, "0.3");
  await client.getTask("t");
  assert.equal(seen.at(-1), "/v03 tasks/get", "never back to 1.0");
});
