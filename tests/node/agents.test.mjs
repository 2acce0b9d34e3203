// A2AClient against a real third-party agent: the fixture on the official
// JavaScript SDK (`tests/a2a-agent/`, at A2A_AGENT_URL): discovery and its
// cache, the skills' task states, waitForTask, cancelTask and the SDK's errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { A2AClient } from "magisterium-a2a/agents";
import { agentUrl, rejectsWith } from "./harness.mjs";

if (!agentUrl) throw new Error("A2A_AGENT_URL is not set: run these suites through `cargo xtask test`");

/** A base URL under which the fixture serves its card without Cache-Control. */
const uncached = `${agentUrl}/uncached`;

/** How many times the fixture answered `METHOD /path`. */
async function served(key) {
  const counts = await (await fetch(`${agentUrl}/_requests`)).json();
  return counts[key] ?? 0;
}

/** A client for the fixture agent, discovered from its base URL. */
const agent = () => A2AClient.discover(agentUrl);

/** Starts a `slow` task that works for `delayMs`; it must come back `working`. */
async function slowTask(client, delayMs) {
  const task = await client.sendMessage({ parts: [{ kind: "text", text: "slow" }, { kind: "data", data: { delayMs } }] }, { timeoutMs: 10_000 });
  assert.equal(task.kind, "task");
  assert.equal(task.status.state, "working", "sendMessage returns a non-terminal task as it is");
  return task;
}

test("discovery falls back to agent-card.json and returns the typed card", async () => {
  const [first, fallback] = await Promise.all([served("GET /uncached/.well-known/agent.json"), served("GET /uncached/.well-known/agent-card.json")]);
  const client = await A2AClient.discover(uncached);
  assert.equal(await served("GET /uncached/.well-known/agent.json"), first + 1, "agent.json was tried first (404)");
  assert.equal(await served("GET /uncached/.well-known/agent-card.json"), fallback + 1);
  const { card } = client;
  assert.equal(card.name, "Fixture agent (@a2a-js/sdk)");
  assert.equal(card.url, `${agentUrl}/a2a`);
  assert.equal(card.protocolVersion, "0.3.0");
  assert.deepEqual(card.capabilities, { streaming: true, pushNotifications: false });
  assert.deepEqual(card.skills.map((s) => [s.id, s.name]), [["echo", "Echo"], ["slow", "Slow"], ["ask-back", "Ask back"], ["fail", "Fail"], ["reply", "Reply"], ["stream", "Stream"]]);
  assert.ok(card.skills.every((s) => typeof s.description === "string" && s.description.length > 0));
  assert.deepEqual(card.securitySchemes, { bearer: { type: "http", scheme: "bearer" } });
  assert.equal(client.endpoint, card.url, "the client calls the card's url");
  assert.equal(client.dialect, "a2a");
  assert.equal(client.protocolVersion, "0.3", "a 0.3 card without supportedInterfaces");
});

test("a card is cached per base URL for its max-age; one without Cache-Control is fetched again", async () => {
  await agent();
  const before = await served("GET /.well-known/agent-card.json");
  const again = await agent();
  assert.equal(await served("GET /.well-known/agent-card.json"), before, "max-age=60: no request");
  assert.equal(again.card.name, "Fixture agent (@a2a-js/sdk)");
  assert.equal((await again.sendMessage({ parts: [{ kind: "text", text: "echo cached" }] })).status.state, "completed");
  const uncachedBefore = await served("GET /uncached/.well-known/agent-card.json");
  await A2AClient.discover(uncached);
  await A2AClient.discover(uncached);
  assert.equal(await served("GET /uncached/.well-known/agent-card.json"), uncachedBefore + 2);
});

test("echo completes at once, chosen by metadata.skillId or by the first word", async () => {
  const client = await agent();
  for (const [message, text] of [
    [{ parts: [{ kind: "text", text: "hello" }], skillId: "echo" }, "hello"],
    [{ parts: [{ kind: "text", text: "echo hello" }] }, "echo hello"],
  ]) {
    const task = await client.sendMessage(message);
    assert.equal(task.kind, "task");
    assert.equal(task.status.state, "completed");
    assert.deepEqual(task.artifacts[0].parts, [{ kind: "text", text }]);
    assert.equal((await client.getTask(task.id)).status.state, "completed");
  }
});

test("a slow task comes back working, reads back working, and waitForTask waits until it completes", async () => {
  const client = await agent();
  const task = await slowTask(client, 1500);
  assert.equal((await client.getTask(task.id)).status.state, "working");
  const done = await client.waitForTask(task.id, { pollIntervalMs: 100 });
  assert.equal(done.id, task.id);
  assert.equal(done.status.state, "completed");
  assert.deepEqual(done.artifacts[0].parts, [{ kind: "text", text: "done after 1500 ms" }]);
});

test("waitForTask rejects TIMEOUT after its timeoutMs and ABORTED when its signal aborts", async () => {
  const client = await agent();
  const task = await slowTask(client, 60_000);
  try {
    await rejectsWith(client.waitForTask(task.id, { pollIntervalMs: 50, timeoutMs: 300 }), { code: "TIMEOUT" });
    const controller = new AbortController();
    const reason = new Error("the orchestrator moved on");
    setTimeout(() => controller.abort(reason), 200);
    const aborted = await rejectsWith(client.waitForTask(task.id, { pollIntervalMs: 50, signal: controller.signal }), { code: "ABORTED" });
    assert.equal(aborted.cause, reason);
    await rejectsWith(client.waitForTask(task.id, { signal: AbortSignal.abort() }), { code: "ABORTED" });
  } finally {
    await client.cancelTask(task.id);
  }
});

test("cancelTask cancels a working task; a finished task is TASK_NOT_CANCELABLE (-32002)", async () => {
  const client = await agent();
  const task = await slowTask(client, 60_000);
  const canceled = await client.cancelTask(task.id);
  assert.equal(canceled.status.state, "canceled");
  assert.equal(canceled.status.message.parts[0].text, "canceled by the caller");
  assert.equal((await client.getTask(task.id)).status.state, "canceled");
  await rejectsWith(client.cancelTask(task.id), { code: "TASK_NOT_CANCELABLE", rpcCode: -32002, httpStatus: 200 });
  const echoed = await client.sendMessage({ parts: [{ kind: "text", text: "echo done" }] });
  await rejectsWith(client.cancelTask(echoed.id), { code: "TASK_NOT_CANCELABLE", rpcCode: -32002 });
});

test("waitForTask ends on input-required, failed and rejected; sendMessage resolves them as they are", async () => {
  const client = await agent();
  const cases = [
    ["ask-back", "input-required", "Which diocese do you mean?"],
    ["fail", "failed", "the fail skill always fails"],
    ["no-such-skill", "rejected", "no such skill"],
  ];
  for (const [skill, state, text] of cases) {
    const task = await client.sendMessage({ parts: [{ kind: "text", text: skill }] });
    assert.equal(task.status.state, state, skill);
    const settled = await client.waitForTask(task.id, { pollIntervalMs: 50 });
    assert.equal(settled.status.state, state, skill);
    assert.equal(settled.status.message.parts[0].text, text);
  }
});

test("an agent may answer with a Message instead of a Task", async () => {
  const client = await agent();
  const answer = await client.sendMessage({ parts: [{ kind: "text", text: "hi" }], skillId: "reply" });
  assert.equal(answer.kind, "message");
  assert.equal(answer.role, "agent");
  assert.deepEqual(answer.parts, [{ kind: "text", text: "You said: hi" }]);
});

test("an unknown task is TASK_NOT_FOUND (-32001) from the SDK", async () => {
  const client = await agent();
  await rejectsWith(client.getTask("no-such-task"), { code: "TASK_NOT_FOUND", rpcCode: -32001 });
  await rejectsWith(client.waitForTask("no-such-task"), { code: "TASK_NOT_FOUND" });
});

test("discovery refuses what is not an agent card, and honours its signal", async () => {
  const missing = await rejectsWith(A2AClient.discover(`${agentUrl}/nothing-here`), { code: "BAD_RESPONSE", httpStatus: 404 });
  const tried = (file) => `${agentUrl}/nothing-here/.well-known/${file}`;
  assert.equal(missing.message, `no agent card at ${tried("agent.json")} or at ${tried("agent-card.json")}: HTTP 404`, "it names the URLs it tried");
  await rejectsWith(A2AClient.discover("ftp://agent.example"), { code: "INVALID_INPUT" });
  await rejectsWith(A2AClient.discover(uncached, { signal: AbortSignal.abort() }), { code: "ABORTED" });
});
